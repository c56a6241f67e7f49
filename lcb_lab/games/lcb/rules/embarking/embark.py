"""Embarkation (10.x): Space Values, Embarkation Values, capacity, embarked cargo losses.

Chapter 10 -- owned by the embark helper.  Public API (used by planning, deployment,
transport and the lab):

* ``load(ctx, ship) -> dict``: what is aboard and the capacity left (10.21, 10.35): ``{"ship",
  "gpsv", "asv", "gpsv_max", "asv_max", "rotary", "fixed", "units": [uid], "cards": [cid],
  "amphibious": name | None, "gpsv_units": the GPSV of every unit aboard, "gpsv_preloaded": of them,
  the units pre-loaded on a landing craft (optional rule 17.61), which "gpsv" leaves out}`` -- facts only: what a
  team may know of it is :func:`lcb_lab.games.lcb.observer.observe_load`'s (10.34, 9.02);
* ``check_fits(ctx, ship, units=(), cards=()) -> None``: IllegalAction when adding those units
  (uids, each with its Attached cards) and cards (cids: Embarked cards, or Attached cards of
  units aboard) would not fit -- "10.31" not an Embark-capable friendly ship, "10.21" over the
  GPSV or ASV, "10.35" no matching helicopter / fighter symbol, "10.1" not the ship type the
  card requires ("Requires a [type of ship]"), "10.22" a second type of Amphibious card, "10.33" a
  unit and its Attached cards
  across two ships;  ``fits_problem`` gives the same ``(rule, reason)`` or None;
* ``loads_problem(ctx, uids)``: the first unit of a loaded start (scenario file, situation) that
  does not fit aboard its ship;
* ``capacity_text(ctx, ship)``: the load as a small text bar for the lab and notebooks;
* ``on_ship_damaged(ctx, ship_uid, hp, attacker_team) -> None``: 10.311, pushes the
  ``embark_losses`` choice (:mod:`lcb_lab.games.lcb.rules.embarking.losses`; a destroyed ship loses
  everything aboard in :func:`lcb_lab.games.lcb.rules.combat.sequence.destroy`).

Space Values (10.1, 10.11, 10.12): a unit type's ``gpsv`` / ``asv`` (catalog) plus the Space
Values of its Attached cards (10.35; a card without one travels free, 10.39); a card type's
``gpsv`` / ``asv``.  An ASV card needs the ship's matching symbol (``UnitType.embark_rotary`` /
``embark_fixed``, 10.35): its ``CardType.aviation`` ("rotary" / "fixed"; a deck card without it
is read from its categories, ``fixed_wing`` else rotary).  An Amphibious card (``CardType.
amphibious``, the well deck) takes no space but a ship holds ONE type of them at a time (10.22).

Embark-capable ships (10.31): naval unit types with an Embarkation Value (``embark_gpsv`` /
``embark_asv``): the LHD, the LHA and -- read from the 10.310 example although 10.31 does not
name it (facts §6.8) -- the LSD.
"""
from __future__ import annotations

from typing import Iterable

from lcb_lab.games.lcb.choices import EmbarkLossesChoice
from lcb_lab.games.lcb.choice_options import EmbarkLossesOptions, EmbarkUnit
from lcb_lab.games.lcb.model.cards import CardType
from lcb_lab.games.lcb.model.catalog import UnitType
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.games.lcb.model.state import Card, Unit
from lcb_lab.games.lcb.rules.common import Ctx
from lcb_lab.games.lcb.rules.optional.switches import is_on

# ------------------------------------------------------------------ Space Values
def embark_capable(t: UnitType) -> bool:
    """An Embark-capable ship type: a naval unit with an Embarkation Value (10.2, 10.31)."""
    return t.is_naval and bool(t.embark_gpsv or t.embark_asv)


def card_space(ct: CardType) -> tuple[int, int]:
    """(GPSV, ASV) a card type takes aboard (10.1); (0, 0) without a Space Value (10.22, 10.39)."""
    return ct.gpsv or 0, ct.asv or 0


def aviation_symbol(ct: CardType) -> str | None:
    """The black helicopter ("rotary") or fighter ("fixed") symbol of a card's ASV (10.1, 10.35);
    None for a card without ASV."""
    if not ct.asv:
        return None
    if ct.aviation:
        return ct.aviation
    return "fixed" if "fixed_wing" in ct.categories else "rotary"


def requires_text(ct: CardType) -> str:
    """A card's ``requires`` in words: ``"lhd_lha (an LHD or LHA ...)"`` (cards.HOST_TAGS)."""
    from lcb_lab.games.lcb.model.cards import HOST_TAGS
    return " or ".join(f"{r} ({HOST_TAGS[r]})" if r in HOST_TAGS else r for r in ct.requires)


def _attached(ctx: Ctx, uid: str) -> list[Card]:
    return [c for c in ctx.state.cards.values() if c.in_play and c.where == "attached" and c.host == uid]


def unit_space(ctx: Ctx, u: Unit | str) -> tuple[int, int]:
    """(GPSV, ASV) a unit takes aboard with its Attached cards (10.35, 10.39)."""
    unit = ctx.state.unit(u) if isinstance(u, str) else u
    t = ctx.utype(unit)
    gp, asv = t.gpsv, t.asv
    for c in _attached(ctx, unit.uid):
        g, a = card_space(ctx.ctype(c))
        gp, asv = gp + g, asv + a
    return gp, asv


def units_aboard(ctx: Ctx, ship: str) -> list[Unit]:
    """Living units Embarked on ``ship``, by designator."""
    return sorted((u for u in ctx.state.units.values() if u.embarked_on == ship and not u.destroyed),
                  key=lambda u: u.uid)


def cards_aboard(ctx: Ctx, ship: str) -> list[Card]:
    """Cards Embarked on ``ship`` (face down by its tracker, 10.34), by cid."""
    return sorted((c for c in ctx.state.cards.values() if c.in_play and c.where == "embarked" and c.host == ship),
                  key=lambda c: c.cid)


def _ship(ctx: Ctx, ship: Unit | str | None) -> Unit | None:
    if isinstance(ship, Unit):
        return ship
    return ctx.state.units.get(ship) if isinstance(ship, str) else None


def load(ctx: Ctx, ship: Unit | str) -> dict:
    """What ``ship`` carries and its Embarkation Value (module doc). Raises UnknownName for an
    unknown ship."""
    sh = ctx.state.unit(ship) if isinstance(ship, str) else ship
    t = ctx.utype(sh)
    units = units_aboard(ctx, sh.uid)
    cards = cards_aboard(ctx, sh.uid)
    pre = _preloaded(ctx, sh.uid)
    gp = asv = gp_units = gp_pre = 0
    for u in units:
        g, a = unit_space(ctx, u)
        gp_units += g
        if u.uid in pre:              # 17.61 (optional): on its landing craft, outside the Embarkation Value
            gp_pre += g
            continue
        gp, asv = gp + g, asv + a
    amph = None
    for c in cards:
        ct = ctx.ctype(c)
        g, a = card_space(ct)
        gp, asv = gp + g, asv + a
        if ct.amphibious:
            amph = ct.name
    return {"ship": sh.uid, "gpsv": gp, "asv": asv, "gpsv_max": t.embark_gpsv, "asv_max": t.embark_asv,
            "rotary": t.embark_rotary, "fixed": t.embark_fixed, "units": [u.uid for u in units],
            "cards": [c.cid for c in cards], "amphibious": amph, "gpsv_units": gp_units, "gpsv_preloaded": gp_pre}


def _preloaded(ctx: Ctx, ship: str) -> set[str]:
    """Units pre-loaded on a landing craft Embarked on ``ship`` (optional rule 17.61,
    :mod:`lcb_lab.games.lcb.rules.optional.preload`): empty unless 17.6 is on."""
    s = ctx.state
    if not s.preloaded or not is_on(s, "17.6"):
        return set()
    return {uid for cid, uids in s.preloaded.items()
            if cid in s.cards and s.cards[cid].in_play and s.cards[cid].where == "embarked"
            and s.cards[cid].host == ship for uid in uids}


# ------------------------------------------------------------------ capacity checks
def fits_problem(ctx: Ctx, ship: Unit | str | None, units: Iterable[str] = (),
                 cards: Iterable[str] = ()) -> tuple[str, str] | None:
    """``(rule, reason)`` why ``units`` and ``cards`` cannot be added aboard ``ship`` (module
    doc), or None.  Units and cards already aboard are not counted twice."""
    s = ctx.state
    units, cards = list(units), list(cards)
    sh = _ship(ctx, ship)
    if sh is None or sh.destroyed:
        return "10.31", f"there is no ship named {ship!r}" if isinstance(ship, str) else "there is no such ship"
    t = ctx.utype(sh)
    if not embark_capable(t) or sh.embarked_on:
        return "10.31", f"{sh.uid} is not an Embark-capable ship (10.31: LHD, LHA, LPD)"
    unknown = [u for u in units if u not in s.units or s.units[u].destroyed]
    if unknown:
        return "10.0", f"there is no unit named {unknown[0]!r} to embark"
    now = load(ctx, sh)
    gp, asv, amph = now["gpsv"], now["asv"], now["amphibious"]
    new_units = [s.unit(u) for u in dict.fromkeys(units) if s.unit(u).embarked_on != sh.uid]
    new_cards = [ctx.card(c) for c in dict.fromkeys(cards)
                 if not (ctx.card(c).where == "embarked" and ctx.card(c).host == sh.uid)]
    aboard = {u.uid for u in new_units} | set(now["units"])
    for u in new_units:
        if u.team != sh.team:
            return "10.31", f"{u.uid} is not a unit of {sh.team}: it cannot embark on {sh.uid}"
        if ctx.utype(u).domain != "ground":
            return "10.0", f"{u.uid} is not a ground unit: only ground units embark"
        g, a = unit_space(ctx, u)
        gp, asv = gp + g, asv + a
    asv_cards = [ctx.ctype(c) for u in new_units for c in _attached(ctx, u.uid)]
    for c in new_cards:
        ct = ctx.ctype(c)
        if c.team != sh.team:
            return "10.31", f"{ct.name} ({c.team}) is not a card of {sh.team}"
        if c.where == "attached" and c.host not in aboard:
            return "10.33", f"{ct.name} is Attached to {c.host}, which is not aboard {sh.uid}: a unit and its " \
                            "Attached cards stay on one ship"
        if c.where != "attached" and ct.requires and not ct.attached and not ct.host_allowed(t):
            return "10.1", f"{ct.name} requires {requires_text(ct)}; {sh.uid} is not one ({t.name})"
        if ct.amphibious and c.where != "attached":
            if amph is not None and amph != ct.name:
                return "10.22", f"{sh.uid} already carries the Amphibious card {amph}: a ship holds one type " \
                                "of Amphibious card at a time"
            amph = ct.name
        g, a = card_space(ct)
        gp, asv = gp + g, asv + a
        asv_cards.append(ct)
    for ct in asv_cards:
        sym = aviation_symbol(ct)
        if sym == "rotary" and not t.embark_rotary:
            return "10.35", f"{ct.name} (ASV, black helicopter) needs a helicopter symbol in the Embark Area; " \
                            f"{sh.uid} has none"
        if sym == "fixed" and not t.embark_fixed:
            return "10.35", f"{ct.name} (ASV, black fighter) needs a fighter symbol in the Embark Area; " \
                            f"{sh.uid} has none"
    what = ", ".join([u.uid for u in new_units] + [ctx.ctype(c).name for c in new_cards]) or "the cargo"
    if gp > t.embark_gpsv:
        return "10.21", f"{what} needs {gp - now['gpsv']} GPSV but {sh.uid} has {t.embark_gpsv - now['gpsv']} " \
                        f"of {t.embark_gpsv} left"
    if asv > t.embark_asv:
        return "10.21", f"{what} needs {asv - now['asv']} ASV but {sh.uid} has {t.embark_asv - now['asv']} " \
                        f"of {t.embark_asv} left"
    return None


def check_fits(ctx: Ctx, ship: Unit | str | None, units: Iterable[str] = (), cards: Iterable[str] = ()) -> None:
    """Refuse (IllegalAction, rule in the module doc) when ``units`` and ``cards`` do not fit
    aboard ``ship``; changes nothing."""
    problem = fits_problem(ctx, ship, units, cards)
    if problem:
        raise IllegalAction(*problem)


def loads_problem(ctx: Ctx, uids: Iterable[str]) -> tuple[str, str, str] | None:
    """``(uid, rule, reason)`` for the first of ``uids`` (units whose ``embarked_on`` is set, in
    order) that does not fit aboard its ship when they are embarked one by one (10.21, 10.35,
    :func:`fits_problem`), else None.  The one check of a loaded start: a scenario file's and a
    staged situation's.  The units' ``embarked_on`` are as they were on return."""
    s = ctx.state
    ships = {uid: s.units[uid].embarked_on for uid in uids}
    for uid in ships:
        s.units[uid].embarked_on = None
    try:
        for uid, ship in ships.items():
            problem = fits_problem(ctx, ship, units=[uid])
            if problem:
                return uid, problem[0], problem[1]
            s.units[uid].embarked_on = ship
    finally:
        for uid, ship in ships.items():
            s.units[uid].embarked_on = ship
    return None


def capacity_text(ctx: Ctx, ship: Unit | str, width: int = 10) -> str:
    """``"LHD 1  GPSV [####......] 8/25  ASV [####......] 2/5  (helicopter, fighter)"``."""
    d = load(ctx, ship)

    def bar(used: int, top: int) -> str:
        n = 0 if not top else min(width, round(width * used / top))
        return f"[{'#' * n}{'.' * (width - n)}] {used}/{top}"
    syms = [w for w, k in (("helicopter", "rotary"), ("fighter", "fixed")) if d[k]]
    return (f"{d['ship']}  GPSV {bar(d['gpsv'], d['gpsv_max'])}  ASV {bar(d['asv'], d['asv_max'])}"
            + (f"  ({', '.join(syms)})" if syms else "")
            + (f"  well deck: {d['amphibious']}" if d["amphibious"] else ""))


# ------------------------------------------------------------------ 10.311: the choice
def _salted(ctx: Ctx, name: str) -> str:
    """An order that does not tell which unit is which (the game's secret salt, as the observer)."""
    import hashlib
    return hashlib.blake2b(f"{ctx.state.salt}:{name}".encode(), digest_size=8).hexdigest()


def choice_refs(ctx: Ctx, ship: Unit) -> tuple[dict[str, Unit], dict[str, Card], int]:
    """The names the attacker may pick in the ``embark_losses`` choice: ``{ref: unit}`` (uids;
    ``"unit:<n>"`` on a concealed ship, ordered by GPSV), ``{cid: face-up card}`` and the count of
    concealed cards (``"hidden:<n>"``) (:mod:`lcb_lab.games.lcb.rules.embarking.losses`)."""
    units, cards = units_aboard(ctx, ship.uid), cards_aboard(ctx, ship.uid)
    if ship.revealed:
        uref = {u.uid: u for u in units}
    else:                     # a concealed ship: its Embark Area is not in view
        units = sorted(units, key=lambda u: (unit_space(ctx, u)[0], _salted(ctx, u.uid)))
        uref = {f"unit:{i}": u for i, u in enumerate(units)}
    up = {c.cid: c for c in cards if c.face_up}
    return uref, up, sum(1 for c in cards if not c.face_up)


def losses_options(ctx: Ctx, ship: Unit, hp: int) -> EmbarkLossesOptions:
    """The options of the ``embark_losses`` choice: the ship, the HP lost, the card refs and the
    units (ref and GPSV) aboard (:class:`~lcb_lab.games.lcb.choice_options.EmbarkLossesOptions`)."""
    uref, up, hidden = choice_refs(ctx, ship)
    return EmbarkLossesOptions(ship=ship.uid, hp=hp, cards=(*up, *(f"hidden:{i}" for i in range(hidden))),
                               units=tuple(EmbarkUnit(uid=r, gpsv=unit_space(ctx, u)[0]) for r, u in uref.items()))


def on_ship_damaged(ctx: Ctx, ship_uid: str, hp: int, attacker_team: str) -> EmbarkLossesChoice | None:
    """An Embark-capable ship lost ``hp`` HP and survives: push the attacker's ``embark_losses``
    choice (10.311; answered by :func:`lcb_lab.games.lcb.rules.embarking.losses.answer`).  Returns the
    Choice, or None (nothing pushed) when the ship is gone, not Embark-capable or empty.
    Every HP damage of a ship calls it: LRS (``combat._apply_damage``), mines, torpedoes."""
    s = ctx.state
    ship = s.units.get(ship_uid)
    if ship is None or ship.destroyed or hp <= 0 or not embark_capable(ctx.utype(ship)):
        return None
    opts = losses_options(ctx, ship, hp)
    if not opts.cards and not opts.units:
        return None
    who = ship.uid if ship.revealed else f"the ship in {ship.hex}"
    prompt = (f"{who} lost {hp} HP: for each HP discard up to 2 Embarked cards, up to 4 GPSV of units, "
              "or 1 card and up to 2 GPSV")
    return s.push_choice(EmbarkLossesChoice(attacker_team, "10.311", prompt, opts))
