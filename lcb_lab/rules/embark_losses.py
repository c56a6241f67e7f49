"""Embarked cargo lost when its ship is hit (10.311): the ``embark_losses`` choice.

For every HP of damage an Embark-capable ship takes (and survives), the ATTACKER may
discard / destroy one *bundle* of what it carries (10.311; the issue text says the owner
chooses, the rule says "the attacker ... of their choice": lcb_lab follows the rule):

* up to 2 Embarked cards, or
* up to 4 GPSV of Embarked units, or
* up to 1 Embarked card and up to 2 GPSV of units.

"May": fewer (or nothing) is allowed.  A unit is lost whole, with its Attached cards
(9.31); the GPSV of a bundle may fall short of 4 (or 2) when the units do not sum to it
(facts §6.30: lcb_lab reads the figure as a ceiling per HP).  A ship destroyed loses
everything aboard (:func:`lcb_lab.rules.combat.destroy`), no choice.

The choice (kind ``embark_losses``, rule 10.311) goes to the attacker with options
``{"ship", "hp", "cards": [ref], "units": [{"uid", "gpsv"}]}``: a face-up (revealed) card is
named by its cid, a concealed one as ``"hidden:<n>"`` (the attacker picks "a concealed card",
which one is drawn at random, :func:`_draw`); the units are face up in the Embark Area
(10.311) and named -- unless the ship itself is concealed (a mine hit, 13.34), when the
attacker cannot see its Embark Area either (lcb_lab's reading, see the observer) and they
are ``"unit:<n>"`` with their GPSV.  The answer is ``Answer(picks=(refs...))``.

Default policy ``lose_units_first`` (most GPSV of units per HP, then cards); also
``lose_cards_first`` and ``spare`` (nothing).  Lost units count as kills for the Initiative
Check (3.42) and the Influence Meter like any other.
"""
from __future__ import annotations

from .. import explain, observer
from ..decisions import Choice
from ..errors import IllegalAction
from ..state import Card, Unit
from .common import Ctx, names

KIND = "embark_losses"
UNIT_BUNDLE, MIXED_BUNDLE, CARD_BUNDLE = 4, 2, 2
"""10.311: GPSV of units per HP (alone / with one card), cards per HP."""


# ------------------------------------------------------------------ the choice
def _cargo(ctx: Ctx, ship: str) -> tuple[list[Unit], list[Card]]:
    from .embark import cards_aboard, units_aboard
    return units_aboard(ctx, ship), cards_aboard(ctx, ship)


def _refs(ctx: Ctx, ship: Unit) -> tuple[dict[str, Unit], dict[str, Card], int]:
    """The names the attacker may pick: ``{ref: unit}``, ``{cid: face-up card}`` and the count
    of concealed cards (``"hidden:<n>"``)."""
    from .embark import unit_space
    units, cards = _cargo(ctx, ship.uid)
    if ship.revealed:
        uref = {u.uid: u for u in units}
    else:                     # a concealed ship: its Embark Area is not in view (module doc)
        units = sorted(units, key=lambda u: (unit_space(ctx, u)[0], _salted(ctx, u.uid)))
        uref = {f"unit:{i}": u for i, u in enumerate(units)}
    up = {c.cid: c for c in cards if c.face_up}
    return uref, up, sum(1 for c in cards if not c.face_up)


def _salted(ctx: Ctx, name: str) -> str:
    """An order that does not tell which unit is which (the game's secret salt, as the observer)."""
    import hashlib
    return hashlib.blake2b(f"{ctx.state.salt}:{name}".encode(), digest_size=8).hexdigest()


def options(ctx: Ctx, ship: Unit, hp: int) -> dict:
    """The options of the ``embark_losses`` choice (module doc)."""
    from .embark import unit_space
    uref, up, hidden = _refs(ctx, ship)
    return {"ship": ship.uid, "hp": hp,
            "cards": list(up) + [f"hidden:{i}" for i in range(hidden)],
            "units": [{"uid": r, "gpsv": unit_space(ctx, u)[0]} for r, u in uref.items()]}


def push_choice(ctx: Ctx, ship_uid: str, hp: int, attacker: str) -> Choice | None:
    """Push the attacker's ``embark_losses`` choice for ``hp`` HP lost by ``ship_uid``; None
    (nothing pushed) when the ship is gone, not Embark-capable or empty."""
    from .embark import embark_capable
    s = ctx.state
    ship = s.units.get(ship_uid)
    if ship is None or ship.destroyed or hp <= 0 or not embark_capable(ctx.utype(ship)):
        return None
    opts = options(ctx, ship, hp)
    if not opts["cards"] and not opts["units"]:
        return None
    who = ship.uid if ship.revealed else f"the ship in {ship.hex}"
    prompt = (f"{who} lost {hp} HP: for each HP discard up to 2 Embarked cards, up to 4 GPSV of units, "
              "or 1 card and up to 2 GPSV")
    return s.push_choice(Choice(KIND, attacker, "10.311", prompt, opts))


# ------------------------------------------------------------------ checking an answer
def _pack(sizes: list[int], bins: list[int]) -> bool:
    """Whether items of ``sizes`` fit in bins of capacities ``bins`` (first fit, searched)."""
    if not sizes:
        return True
    head, rest = sizes[0], sizes[1:]
    tried = set()
    for i, room in enumerate(bins):
        if room >= head and room not in tried:
            tried.add(room)
            if _pack(rest, bins[:i] + [room - head] + bins[i + 1:]):
                return True
    return False


def bundles_fit(hp: int, n_cards: int, gpsv: list[int]) -> bool:
    """Whether ``n_cards`` cards and units of ``gpsv`` fit in ``hp`` bundles of 10.311."""
    sizes = sorted(gpsv, reverse=True)
    for mixed in range(hp + 1):
        for unit_b in range(hp - mixed + 1):
            card_b = hp - mixed - unit_b
            if n_cards <= CARD_BUNDLE * card_b + mixed and \
                    _pack(sizes, [UNIT_BUNDLE] * unit_b + [MIXED_BUNDLE] * mixed):
                return True
    return False


def check(ctx: Ctx, choice: Choice, picks: list[str]) -> tuple[list[Unit], list[Card], int]:
    """The units, the face-up cards and the number of concealed cards ``picks`` names, checked
    against the choice's options and 10.311's bundles. Raises IllegalAction("10.311")."""
    if len(set(picks)) != len(picks):
        raise IllegalAction("10.311", "a unit or card is picked twice")
    ship = ctx.state.units[choice.options["ship"]]
    opts = choice.options
    known_units = {u["uid"]: u["gpsv"] for u in opts["units"]}
    bad = [p for p in picks if p not in known_units and p not in opts["cards"]]
    if bad:
        raise IllegalAction("10.311", f"{bad[0]!r} is not aboard {opts['ship']} (offered: "
                            f"{', '.join(list(known_units) + opts['cards']) or 'nothing'})")
    uref, up, _hidden = _refs(ctx, ship) if not ship.destroyed else ({}, {}, 0)
    units = [uref[p] for p in picks if p in known_units and p in uref]
    cards = [up[p] for p in picks if p in up]
    hidden = sum(1 for p in picks if p.startswith("hidden:"))
    gpsv = [known_units[p] for p in picks if p in known_units]
    if not bundles_fit(opts["hp"], len(cards) + hidden, gpsv):
        raise IllegalAction("10.311", f"{opts['hp']} HP allow {opts['hp']} bundle(s) of 2 cards, 4 GPSV of units "
                            f"or 1 card + 2 GPSV: {len(cards) + hidden} card(s) and units of {gpsv} GPSV do not fit")
    return units, cards, hidden


# ------------------------------------------------------------------ applying it
def _draw(ctx: Ctx, pool: list[Card]) -> Card:
    """One concealed card at random through the seeded Dice: a d20, rerolled above the
    largest multiple of ``len(pool)``; card number ``(roll - 1) % len(pool)`` in cid order."""
    n = len(pool)
    top = SIDES - SIDES % n
    while True:
        (r,) = ctx.dice.roll(1, f"10.311: a concealed Embarked card at random (1 of {n})")
        if r <= top:
            return pool[(r - 1) % n]


SIDES = 20


def answer(ctx: Ctx, picks: list[str]) -> None:
    """Apply the attacker's picks to the top ``embark_losses`` choice and pop it (module doc).
    Raises IllegalAction (the choice stays on the stack)."""
    s = ctx.state
    choice = s.next_choice
    if choice is None or choice.kind != KIND:
        raise IllegalAction("10.311", "no embarked-losses choice is pending")
    picks = [str(p) for p in picks]
    ship = s.units[choice.options["ship"]]
    if ship.destroyed:                     # sunk meanwhile: everything aboard went with it (10.311)
        s.choices.pop()
        return
    units, cards, hidden = check(ctx, choice, picks)
    s.choices.pop()
    concealed = sorted((c for c in _cargo(ctx, ship.uid)[1] if not c.face_up), key=lambda c: c.cid)
    drawn = []
    for _ in range(hidden):
        c = _draw(ctx, concealed)
        concealed.remove(c)
        drawn.append(c)
    for c in cards + drawn:
        c.where, c.host, c.hex = "discarded", None, None          # 9.07: back to the deck
    _log(ctx, ship, choice, units, cards, drawn)
    if units:
        _lose_units(ctx, ship, units, choice.team)


def _log(ctx: Ctx, ship: Unit, choice: Choice, units: list[Unit], cards: list[Card], drawn: list[Card]) -> None:
    n = len(units) + len(cards) + len(drawn)
    lost = [ctx.ctype(c).name for c in cards] + [f"{ctx.ctype(c).name} (drawn at random)" for c in drawn]
    full = ", ".join(lost + [u.uid for u in units]) or "nothing"
    pub_units = names(units) if ship.revealed else (f"{len(units)} unit(s)" if units else "")
    pub = ", ".join([ctx.ctype(c).name for c in cards] + ([f"{len(drawn)} concealed card(s) at random"] if drawn else [])
                    + ([pub_units] if pub_units else [])) or "nothing"
    who = ship.uid if ship.revealed else f"the ship in {ship.hex}"
    ctx.log(explain.step(KIND, f"{who} loses embarked cargo ({choice.options['hp']} HP)",
                         f"{choice.team} picks: {full}" if n else f"{choice.team} takes nothing", ["10.311", "9.07"]),
            team=ship.team, pub={"title": f"{who} loses embarked cargo ({choice.options['hp']} HP)",
                                 "text": f"{choice.team} picks: {pub}"},
            ship=ship.uid, cards=[c.cid for c in cards + drawn], units=[u.uid for u in units])


def _form(e: dict, d: dict):
    """The owner reads the entry in full, the other team its ``pub`` form; an entry without
    ``pub`` is public (the observer's contract: audience None = everyone)."""
    pub = d.get("pub")
    if pub is None:
        return None, None
    return [d["team"]], {"title": pub["title"], "text": pub["text"], "rules": list(e["rules"]), "data": {}}


observer.FORMS.setdefault(KIND, _form)
observer.FORMS.setdefault("destroyed", _form)      # lost aboard a concealed ship: a count only


def _lose_units(ctx: Ctx, ship: Unit, units: list[Unit], by_team: str) -> None:
    """Destroy embarked ``units`` (with their Attached cards, 9.31); they count as kills for
    the Initiative Check (3.42) and the Influence Meter (15.2)."""
    from . import influence, jcc
    for u in units:
        u.destroyed = True
    jcc.host_lost(ctx, units)
    ctx.state.kills[by_team] += len(units)
    ctx.state.total_kills[by_team] += len(units)
    text = f"destroyed aboard their ship; {len(units)} toward {by_team}'s kills for the Initiative Check"
    ctx.log(explain.step("destroyed", f"{names(units)} destroyed", text, ["10.311", "3.42"]),
            team=ship.team, pub={"title": f"{len(units)} embarked unit(s) destroyed" if not ship.revealed
                                 else f"{names(units)} destroyed", "text": text},
            units=[u.uid for u in units])
    influence.on_kill(ctx, by_team, units)


# ------------------------------------------------------------------ policies
def _order(decision: Choice) -> tuple[list[dict], list[str]]:
    units = sorted(decision.options["units"], key=lambda u: -u["gpsv"])
    return units, list(decision.options["cards"])


def lose_units_first(decision: Choice) -> list[str]:
    """Per HP: the most GPSV of units up to 4 (largest first); with no unit left, 2 cards; a
    bundle of units of 2 GPSV or less also takes 1 card (10.311)."""
    units, cards = _order(decision)
    picks: list[str] = []
    for _ in range(decision.options["hp"]):
        room, took = UNIT_BUNDLE, []
        for u in list(units):
            if u["gpsv"] <= room:
                room -= u["gpsv"]
                took.append(u)
                units.remove(u)
        picks += [u["uid"] for u in took]
        used = UNIT_BUNDLE - room
        n = CARD_BUNDLE if not took else (1 if used <= MIXED_BUNDLE else 0)
        picks += cards[:n]
        del cards[:n]
    return picks


def lose_cards_first(decision: Choice) -> list[str]:
    """Per HP: 2 cards while any remain; then units as :func:`lose_units_first`."""
    units, cards = _order(decision)
    picks: list[str] = []
    for _ in range(decision.options["hp"]):
        room = UNIT_BUNDLE
        if cards:
            took = cards[:CARD_BUNDLE]
            picks += took
            del cards[:CARD_BUNDLE]
            if len(took) == CARD_BUNDLE:
                continue
            room = MIXED_BUNDLE            # one card left: 1 card + 2 GPSV
        for u in list(units):
            if u["gpsv"] <= room:
                room -= u["gpsv"]
                picks.append(u["uid"])
                units.remove(u)
    return picks


POLICIES = {"lose_units_first": lose_units_first, "lose_cards_first": lose_cards_first,
            "spare": lambda d: []}
DEFAULT_POLICY = "lose_units_first"
