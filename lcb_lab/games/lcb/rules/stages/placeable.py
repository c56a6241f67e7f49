"""Can every card a team holds still get its place by the end of the Deployment Stage? (3.22, 10.22, 10.33)

A card that must be Embarked (an Amphibious card, an ASV card that requires an LHD / LHA:
:func:`lcb_lab.games.lcb.rules.stages.planning.must_embark`) and sits in the team pool has to
be Embarked on a friendly Embark-capable ship by the end of the Deployment Stage (3.22, 10.33);
a ship holds one type of Amphibious card (10.22) and its Embarkation Value caps the space
aboard (10.21).  :func:`embark_problem` tries every way of putting those cards aboard the
team's ships -- on a copy of the state, after the units the scenario embarks are aboard
(10.34) -- and names the first card that finds no ship, so a purchase that would leave a card
with no place is refused (:func:`lcb_lab.games.lcb.rules.stages.planning.buy`), and so is
placing another card in the Deployment Stage that would take their room
(:func:`lcb_lab.games.lcb.rules.stages.deployment.place_card`): the Deployment Stage can always end.
"""
from __future__ import annotations

from lcb_lab.games.lcb.model.state import Card, GameState
from lcb_lab.games.lcb.rules.common import Ctx
from lcb_lab.games.lcb.rules.embarking import embark as embark_rules


def embark_problem(ctx: Ctx, team: str, waiting: list[Card]) -> tuple[str, str] | None:
    """``(rule, reason)`` when ``waiting`` (``team``'s pool cards that must be Embarked) cannot
    all be put aboard its Embark-capable ships (10.21, 10.22, 10.33), else None.  The game is
    untouched."""
    waiting = sorted(waiting, key=lambda c: c.cid)
    if not waiting:
        return None
    copy = ctx.state.clone()
    sim = Ctx(copy, ctx.board, ctx.catalog, None, ctx.decks, quiet=True)
    _embark_waiting_units(sim, team)
    ships = sorted(u.uid for u in copy.living(team)
                   if embark_rules.embark_capable(sim.utype(u)) and not u.embarked_on)
    last: list[tuple[str, str]] = []
    if _place(sim, [copy.cards[c.cid] for c in waiting], ships, last):
        return None
    name, why, rule = last[0] if last else (waiting[0].name, f"{team} has no Embark-capable ship", "10.31")
    return rule, f"{team} could not Embark {name} by the end of the Deployment Stage (3.22): {why}"


def _embark_waiting_units(sim: Ctx, team: str) -> None:
    """Put aboard, on the copy, the units the scenario embarks that are not yet deployed (10.34)."""
    s: GameState = sim.state
    for uid in sorted(s.units):
        u, area = s.units[uid], s.deploy_areas.get(uid)
        if u.team != team or u.destroyed or u.hex or u.embarked_on or area is None or not area.embark_on:
            continue
        if embark_rules.fits_problem(sim, area.embark_on, units=[uid]) is None:
            u.embarked_on = area.embark_on


def _place(sim: Ctx, cards: list[Card], ships: list[str], last: list) -> bool:
    """Backtracking: Embark ``cards`` one by one on some ship of ``ships`` (on the copy)."""
    if not cards:
        return True
    card, rest = cards[0], cards[1:]
    for ship in ships:
        problem = embark_rules.fits_problem(sim, ship, cards=[card.cid])
        if problem is not None:
            last[:] = [(sim.ctype(card).name, problem[1], problem[0])]
            continue
        card.where, card.host = "embarked", ship
        if _place(sim, rest, ships, last):
            return True
        card.where, card.host = "pool", None
    return False


def units_problem(ctx: Ctx, team: str) -> tuple[str, str] | None:
    """``(rule, reason)`` when the units of ``team`` the scenario embarks and that are not yet
    aboard (with their Attached cards) would no longer fit their ship's Embarkation Value
    (10.21, 10.34, 10.35), else None: such a unit could never deploy (3.21)."""
    s = ctx.state
    waiting: dict[str, list[str]] = {}
    for uid in sorted(s.units):
        u, area = s.units[uid], s.deploy_areas.get(uid)
        if u.team == team and not u.destroyed and not u.hex and not u.embarked_on and area is not None \
                and area.embark_on and area.embark_on in s.units:
            waiting.setdefault(area.embark_on, []).append(uid)
    for ship, uids in waiting.items():
        now = embark_rules.load(ctx, ship)
        space = [embark_rules.unit_space(ctx, u) for u in uids]
        gp, asv = now["gpsv"] + sum(x[0] for x in space), now["asv"] + sum(x[1] for x in space)
        if gp > now["gpsv_max"] or asv > now["asv_max"]:
            return "10.21", (f"{', '.join(uids)} would no longer fit aboard {ship} (GPSV {gp} of {now['gpsv_max']}, "
                             f"ASV {asv} of {now['asv_max']}): the scenario embarks them there (3.21)")
    return None
