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
everything aboard (:func:`lcb_lab.games.lcb.rules.combat.sequence.destroy`), no choice.

The choice (kind ``embark_losses``, rule 10.311; pushed by :func:`lcb_lab.games.lcb.rules.embarking.embark.on_ship_damaged`)
goes to the attacker with options :class:`~lcb_lab.games.lcb.choice_options.EmbarkLossesOptions`
(``ship``, ``hp``, ``cards``: refs, ``units``: uid and GPSV): a face-up (revealed) card is
named by its cid, a concealed one as ``"hidden:<n>"`` (the attacker picks "a concealed card",
which one is drawn at random, :func:`_draw`); the units are face up in the Embark Area
(10.311) and named -- unless the ship itself is concealed (a mine hit, 13.34), when the
attacker cannot see its Embark Area either (lcb_lab's reading, see the observer) and they
are ``"unit:<n>"`` with their GPSV.  The answer is ``AnswerEmbarkLosses(picks=(refs...))``.

Default policy ``lose_units_first`` (most GPSV of units per HP, then cards); also
``lose_cards_first`` and ``spare`` (nothing).  Lost units count as kills for the Initiative
Check (3.42) and the Influence Meter like any other.
"""
from __future__ import annotations

from lcb_lab.games.lcb import actions as A
from lcb_lab.kernel import explain
from lcb_lab.games.lcb.choices import CARD_BUNDLE, MIXED_BUNDLE, UNIT_BUNDLE, Choice, EmbarkLossesChoice
from lcb_lab.kernel.dice import D20
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.games.lcb.model.state import Card, Unit
from lcb_lab.games.lcb.rules.common import Ctx, names
from lcb_lab.games.lcb.rules.embarking.embark import cards_aboard, choice_refs as _refs, units_aboard


def _cargo(ctx: Ctx, ship: str) -> tuple[list[Unit], list[Card]]:
    return units_aboard(ctx, ship), cards_aboard(ctx, ship)


KIND = "embark_losses"


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


def check(ctx: Ctx, choice: EmbarkLossesChoice, picks: list[str]) -> tuple[list[Unit], list[Card], int]:
    """The units, the face-up cards and the number of concealed cards ``picks`` names, checked
    against the choice's options and 10.311's bundles. Raises IllegalAction("10.311")."""
    if len(set(picks)) != len(picks):
        raise IllegalAction("10.311", "a unit or card is picked twice")
    opts = choice.options
    ship = ctx.state.units[opts.ship]
    known_units = {u.uid: u.gpsv for u in opts.units}
    bad = [p for p in picks if p not in known_units and p not in opts.cards]
    if bad:
        raise IllegalAction("10.311", f"{bad[0]!r} is not aboard {opts.ship} (offered: "
                            f"{', '.join([*known_units, *opts.cards]) or 'nothing'})")
    uref, up, _hidden = _refs(ctx, ship) if not ship.destroyed else ({}, {}, 0)
    units = [uref[p] for p in picks if p in known_units and p in uref]
    cards = [up[p] for p in picks if p in up]
    hidden = sum(1 for p in picks if p.startswith("hidden:"))
    gpsv = [known_units[p] for p in picks if p in known_units]
    if not bundles_fit(opts.hp, len(cards) + hidden, gpsv):
        raise IllegalAction("10.311", f"{opts.hp} HP allow {opts.hp} bundle(s) of 2 cards, 4 GPSV of units "
                            f"or 1 card + 2 GPSV: {len(cards) + hidden} card(s) and units of {gpsv} GPSV do not fit")
    return units, cards, hidden


# ------------------------------------------------------------------ applying it
def _draw(ctx: Ctx, pool: list[Card]) -> Card:
    """One concealed card at random through the seeded Dice: a d20, rerolled above the
    largest multiple of ``len(pool)``; card number ``(roll - 1) % len(pool)`` in cid order."""
    n = len(pool)
    top = SIDES - SIDES % n
    while True:
        (r,) = ctx.dice.roll(1, f"10.311: a concealed Embarked card at random (1 of {n})", D20)
        if r <= top:
            return pool[(r - 1) % n]


SIDES = D20.sides
"""Faces of the die the random card is drawn with (the d20, 7.01)."""


def concealed_aboard(ctx: Ctx, ship: str) -> list[Card]:
    """The concealed cards Embarked on ``ship`` in the order a random draw numbers them (cid
    order, :func:`_draw`): each of the ``n`` is equally likely, 1/n per draw (10.311)."""
    return sorted((c for c in _cargo(ctx, ship)[1] if not c.face_up), key=lambda c: c.cid)


def answer(ctx: Ctx, answer: A.AnswerEmbarkLosses) -> None:
    """Apply the attacker's typed answer (its ``picks``) to the top ``embark_losses`` choice and
    pop it (module doc).  Raises IllegalAction (the choice stays on the stack)."""
    s = ctx.state
    choice = s.next_choice
    if not isinstance(choice, EmbarkLossesChoice):
        raise IllegalAction("10.311", "no embarked-losses choice is pending")
    picks = [str(p) for p in answer.picks]
    ship = s.units[choice.options.ship]
    if ship.destroyed:                     # sunk meanwhile: everything aboard went with it (10.311)
        s.choices.pop()
        return
    units, cards, hidden = check(ctx, choice, picks)
    s.choices.pop()
    concealed = concealed_aboard(ctx, ship.uid)
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
    pub = ", ".join([ctx.ctype(c).name for c in cards]
                    + ([f"{len(drawn)} concealed card(s) at random"] if drawn else [])
                    + ([pub_units] if pub_units else [])) or "nothing"
    who = ship.uid if ship.revealed else f"the ship in {ship.hex}"
    ctx.log(explain.step(KIND, f"{who} loses embarked cargo ({choice.options.hp} HP)",
                         f"{choice.team} picks: {full}" if n else f"{choice.team} takes nothing", ["10.311", "9.07"]),
            team=ship.team, pub={"title": f"{who} loses embarked cargo ({choice.options.hp} HP)",
                                 "text": f"{choice.team} picks: {pub}"},
            ship=ship.uid, cards=[c.cid for c in cards + drawn], units=[u.uid for u in units])


def _lose_units(ctx: Ctx, ship: Unit, units: list[Unit], by_team: str) -> None:
    """Destroy embarked ``units`` (with their Attached cards, 9.31); they count as kills for
    the Initiative Check (3.42) and the Influence Meter (15.2)."""
    from lcb_lab.games.lcb.rules.stages import influence
    from lcb_lab.games.lcb.rules.combat.destruction import host_lost, mark_destroyed
    mark_destroyed(units)
    host_lost(ctx, units)
    s = ctx.state
    s.kills = {**s.kills, by_team: s.kills[by_team] + len(units)}
    s.total_kills = {**s.total_kills, by_team: s.total_kills[by_team] + len(units)}
    text = f"destroyed aboard their ship; {len(units)} toward {by_team}'s kills for the Initiative Check"
    ctx.log(explain.step("destroyed", f"{names(units)} destroyed", text, ["10.311", "3.42"]),
            team=ship.team, about=[{"unit": u.uid} for u in units],
            public_title=f"{len(units)} embarked unit(s) destroyed", units=[u.uid for u in units])
    influence.on_kill(ctx, by_team, units)


# ------------------------------------------------------------------ policies
POLICIES = EmbarkLossesChoice.POLICIES
"""``lose_units_first`` (default), ``lose_cards_first``, ``spare`` (:mod:`lcb_lab.games.lcb.choices`)."""
DEFAULT_POLICY = EmbarkLossesChoice.DEFAULT_POLICY
