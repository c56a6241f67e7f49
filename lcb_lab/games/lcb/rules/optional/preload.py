"""Optional rule 17.6, Pre-loaded disembarkation (17.61, 17.62): units loaded on a landing craft
at Deployment, outside the ship's Embarkation Value, and kept as loaded.

With 17.6 on (:func:`~lcb_lab.games.lcb.rules.optional.switches.is_on`):

* **17.61** -- in the Deployment Stage the typed act :class:`~lcb_lab.games.lcb.actions.PreloadCraft`
  puts units on an Amphibious landing-craft card (the "Amphibious: LCU" or "Amphibious: LCAC" JCC)
  Embarked on an Embark-capable ship: units not yet deployed whose scenario area allows that ship,
  or units already Embarked on it.  Their GPSV (with their Attached cards', 10.35) may not exceed
  the card's GPSV capacity (``capacity_gpsv``: LCU 10, LCAC 6).  They are aboard the ship
  (``Unit.embarked_on``) but do not count toward its Embarkation Value (10.21): the ship's load
  (:func:`lcb_lab.games.lcb.rules.embarking.embark.load`) leaves them out of ``gpsv``, so the
  17.61 example's LHD 1 (25 GPSV) with 10 GPSV pre-loaded on its LCU still Embarks 25 GPSV more.
  The act names the whole pre-load each time (``units=()`` empties it); units taken off it stay
  Embarked on the ship and must then fit its Embarkation Value (10.21);
* **17.62** -- in the Action Stage the pre-load is fixed: the card's first use
  (:func:`lcb_lab.games.lcb.rules.transport.landing.check`) lands exactly the pre-loaded units (no
  pick-up, no RP run in their place), and no other transport (a rotary-wing lift 12.1, a port
  disembarkation 12.3, another landing craft 12.2) takes a pre-loaded unit off.  Once the craft
  has carried them the pre-load is spent (its record is cleared).

State: ``GameState.preloaded`` maps the card's cid to the uids pre-loaded on it.

lcb_lab's readings (docs/rules_coverage.md): 17.61 also allows JCCs on the craft; lcb_lab pre-loads
units (their Attached cards travel with them and count) but no stand-alone card.  The other team
sees pre-loaded units among the ship's Embarked units (10.34), not which craft holds them.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lcb_lab.kernel import explain
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.games.lcb.model.state import Card, Unit
from lcb_lab.games.lcb.rules.common import Ctx, names
from lcb_lab.games.lcb.rules.embarking import embark
from lcb_lab.games.lcb.rules.optional.switches import is_on

if TYPE_CHECKING:
    from lcb_lab.games.lcb.actions_optional import PreloadCraft

RULE = "17.6"


def capacity(ctx: Ctx, card: Card) -> int:
    """The landing craft's GPSV capacity (its card's ``capacity_gpsv``, 17.61)."""
    ct = ctx.ctype(card)
    eff = next((e for e in ct.effects if e.fn == "transport"), None)
    cap = eff.args.get("capacity_gpsv", ct.capacity_gpsv) if eff is not None else ct.capacity_gpsv
    return int(cap or 0)


def craft(ctx: Ctx, card: Card) -> bool:
    """True for an Amphibious landing-craft card with a GPSV capacity (LCU, LCAC; 10.22, 12.2)."""
    ct = ctx.ctype(card)
    return bool(ct.amphibious) and capacity(ctx, card) > 0


def units_on(ctx: Ctx, cid: str) -> list[Unit]:
    """The living units pre-loaded on card ``cid`` and still aboard its host ship (17.61)."""
    c = ctx.state.cards.get(cid)
    if c is None or not c.in_play or c.where != "embarked":
        return []
    us = [ctx.state.units.get(uid) for uid in ctx.state.preloaded.get(cid, ())]
    return [u for u in us if u is not None and not u.destroyed and u.embarked_on == c.host]


def preloaded_card(ctx: Ctx, uid: str) -> str | None:
    """The cid of the card unit ``uid`` is pre-loaded on, or None."""
    for cid in ctx.state.preloaded:
        if any(u.uid == uid for u in units_on(ctx, cid)):
            return cid
    return None


def gpsv(ctx: Ctx, units: list[Unit]) -> int:
    """GPSV of ``units`` with their Attached cards (10.35)."""
    return sum(embark.unit_space(ctx, u)[0] for u in units)


def check(ctx: Ctx, cid: str, uids: list[str]) -> tuple[Card, Unit, list[Unit]]:
    """``(card, host ship, units)`` of a :class:`PreloadCraft` act, or IllegalAction.  Changes nothing.

    Refusals: ``"17.6"`` the rule is off; ``"3.02"`` outside the Deployment Stage; ``"3.2"`` the
    team ended it, or a unit's scenario area does not allow the ship; ``"17.61"`` not an Embarked
    landing-craft card, a unit named twice, not a ground unit of the team, deployed elsewhere, over
    the card's GPSV capacity; ``"10.21"`` units taken off the craft no longer fit the ship."""
    s = ctx.state
    if not is_on(s, RULE):
        raise IllegalAction(RULE, "Pre-loaded disembarkation (17.6) is an optional rule this game does not use")
    card = s.cards.get(cid)
    if card is None or not card.in_play:
        raise IllegalAction("17.61", f"there is no card {cid!r} to pre-load")
    if s.stage != "deployment":
        raise IllegalAction("3.02", f"landing craft are pre-loaded in the Deployment Stage (17.61); the game is in "
                            f"the {s.stage} stage")
    if card.team in s.ready:
        raise IllegalAction("3.2", f"{card.team} has ended its Deployment Stage: the pre-load is fixed (17.62)")
    name = ctx.ctype(card).name
    if not craft(ctx, card) or card.where != "embarked" or card.host is None:
        raise IllegalAction("17.61", f"{name} is not an Embarked LCU or LCAC card: units are pre-loaded on a "
                            "landing craft Embarked on its ship")
    host = s.units[card.host]
    if len(set(uids)) != len(uids):
        raise IllegalAction("17.61", "a unit is named twice")
    units = [_loadable(ctx, uid, card, host) for uid in uids]
    need, cap = gpsv(ctx, units), capacity(ctx, card)
    if need > cap:
        raise IllegalAction("17.61", f"{names(units)} need {need} GPSV; {name} carries {cap}")
    off = [u for u in units_on(ctx, cid) if u.uid not in uids]
    if off:
        load = embark.load(ctx, host)
        after = load["gpsv"] + gpsv(ctx, off)
        if after > load["gpsv_max"]:
            raise IllegalAction("10.21", f"{names(off)} would count toward {host.uid}'s Embarkation Value again: "
                                f"{after} of {load['gpsv_max']} GPSV")
    return card, host, units


def _loadable(ctx: Ctx, uid: str, card: Card, host: Unit) -> Unit:
    s = ctx.state
    u = s.units.get(uid)
    if u is None or u.destroyed or u.team != card.team:
        raise IllegalAction("17.61", f"there is no unit of {card.team} named {uid!r} to pre-load")
    if ctx.utype(u).domain != "ground":
        raise IllegalAction("17.61", f"{uid} is not a ground unit: only ground units go on a landing craft")
    other_craft = preloaded_card(ctx, uid)
    if other_craft is not None and other_craft != card.cid:
        raise IllegalAction("17.61", f"{uid} is pre-loaded on another landing craft")
    if u.embarked_on == host.uid:
        return u
    if u.hex is not None or u.embarked_on is not None:
        raise IllegalAction("17.61", f"{uid} is deployed {'in ' + u.hex if u.hex else 'on ' + str(u.embarked_on)}: "
                            f"only units not yet deployed or Embarked on {host.uid} are pre-loaded")
    area = s.deploy_areas.get(uid)
    if area is not None and (area.hexes or (area.embark_on and area.embark_on != host.uid)):
        where = area.embark_on or ", ".join(area.hexes[:6])
        raise IllegalAction("3.2", f"the scenario deploys {uid} in {where}, not on {host.uid}")
    return u


def preload(ctx: Ctx, cid: str, uids: list[str]) -> None:
    """Carry out a :class:`PreloadCraft` act (module doc): ``uids`` become the whole pre-load of
    card ``cid``, aboard its host ship outside the ship's Embarkation Value.  Raises IllegalAction first."""
    card, host, units = check(ctx, cid, uids)
    for u in units:
        u.hex, u.embarked_on, u.revealed = None, host.uid, False
    if units:
        ctx.state.preloaded = {**ctx.state.preloaded, cid: [u.uid for u in units]}
    else:
        ctx.state.preloaded = {k: v for k, v in ctx.state.preloaded.items() if k != cid}
    name, cap = ctx.ctype(card).name, capacity(ctx, card)
    load = embark.load(ctx, host)
    ctx.log(explain.step(
        "deploy", f"Pre-loaded on {name} ({host.uid}): {names(units) if units else 'nothing'}",
        f"{gpsv(ctx, units)} of its {cap} GPSV; not counted toward {host.uid}'s Embarkation Value, which "
        f"holds {load['gpsv']} of {load['gpsv_max']} GPSV ({load['gpsv_max'] - load['gpsv']} left to Embark)",
        ["17.61", "10.21"]),
        team=card.team, about={"cargo": host.uid}, public_title=f"{card.team} loads its Embarked units",
        public_text="")


def preload_act(game: Any, c: Ctx, a: PreloadCraft) -> None:
    """Handler of :class:`~lcb_lab.games.lcb.actions.PreloadCraft` (``handlers.HANDLERS``): :func:`preload`."""
    preload(c, a.card, list(a.units))


# ------------------------------------------------------------------ 17.62: the Action Stage
def check_first_use(ctx: Ctx, card: Card, mode: str, uids: list[str]) -> None:
    """17.62: the first use of a pre-loaded craft lands exactly its pre-load (``mode`` "land"),
    never picks units up nor runs RP instead.  No-op for a craft without a pre-load.  IllegalAction."""
    on = units_on(ctx, card.cid)
    if not on:
        return
    want = sorted(u.uid for u in on)
    if mode != "land" or sorted(uids) != want:
        raise IllegalAction("17.62", f"{ctx.ctype(card).name} was pre-loaded at Deployment with {', '.join(want)}: "
                            "in the Action Stage it carries exactly those units")


def refuse_taken_off(ctx: Ctx, uids: list[str], by_card: str | None = None) -> None:
    """17.62: refuse moving a pre-loaded unit off its ship other than by its own craft
    (``by_card``: the cid carrying them, None for any other transport).  IllegalAction."""
    for uid in uids:
        cid = preloaded_card(ctx, uid)
        if cid is not None and cid != by_card:
            raise IllegalAction("17.62", f"{uid} is pre-loaded on {ctx.ctype(ctx.state.cards[cid]).name}: the "
                                "pre-load cannot change in the Action Stage (it leaves only with that craft)")


def spent(ctx: Ctx, cid: str) -> None:
    """The craft has carried its pre-load away (its first use): the record is cleared and the
    step logged (17.62).  No-op for a card without a pre-load."""
    units = units_on(ctx, cid)
    had = ctx.state.preloaded.get(cid)
    ctx.state.preloaded = {k: v for k, v in ctx.state.preloaded.items() if k != cid}
    if had is None or not units:
        return
    card = ctx.state.cards[cid]
    ctx.log(explain.step("transport", f"{ctx.ctype(card).name} carries its pre-load: {names(units)}",
                         "exactly the units pre-loaded at Deployment; the pre-load is now spent",
                         ["17.62"]), team=card.team, about={"cargo": card.host},
            public_title=f"{card.team} lands a pre-loaded craft", public_text="")
