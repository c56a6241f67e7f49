"""Long-Range Strikes (7.3, 7.02-7.08, 7.31-7.37).

An allocation is a dict ``{"shooter": uid, "slot": "LRS1", "target": uid, "dice": n}``.
Checks, each refused with its rule: the shooter acts in a Move and/or
Initiate Combat action of this impulse; one CV per unit per action (7.02,
7.34; every CV with the optional rule 17.81, :mod:`lcb_lab.games.lcb.rules.optional.dual_cv`); targets are revealed enemy units (6.14, 7.32) in range (7.31, own hex
is hex zero; to or from a naval zone only an infinite range, within 7.41's reach); dice fit the supply (7.04, 7.08) and at most 4 dice per target
for infinite supply (7.34).
"""
from __future__ import annotations

from collections import defaultdict

from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.games.lcb.model.catalog import INFINITE_DICE_CAP
from lcb_lab.games.lcb.rules.common import Ctx, check_supply, dist, living_unit
from lcb_lab.games.lcb.rules.optional.dual_cv import several_cvs_allowed
from lcb_lab.games.lcb.rules.combat.naval_zones import check_lrs as zone_check


def validate_lrs(ctx: Ctx, allocs: list[dict], active_units: set[str], check_team: bool = True,
                 check_supply_left: bool = True) -> None:
    """Raise IllegalAction for the first allocation the rules forbid.

    ``check_team=False`` skips the active-impulse checks (odds previews);
    ``check_supply_left=False`` skips the supply check (7.08) for dice already committed
    (their supply was spent at the commit).
    """
    per_unit_slot: dict[str, set[str]] = defaultdict(set)
    dice_by_slot: dict[tuple[str, str], int] = defaultdict(int)
    team = ctx.state.impulse.team if (ctx.state.impulse and check_team) else None
    dual = several_cvs_allowed(ctx.state)
    for a in allocs:
        s = living_unit(ctx, a["shooter"], "7.3")
        if ctx.utype(s).is_submarine and s.fired == "torpedo":     # whatever the target, a marker too
            raise IllegalAction("14.04", f"{s.uid} fired torpedoes this impulse: LRS or torpedoes, not both")
        if a["target"] in ctx.state.card_markers:      # 12.24: a revealed landing craft's marker
            _marker_target(ctx, s, a, active_units, team)
            per_unit_slot[s.uid].add(a["slot"])
            dice_by_slot[(s.uid, a["slot"])] += int(a["dice"])
            if len(per_unit_slot[s.uid]) > 1 and not dual:
                raise IllegalAction("7.34", f"{s.uid} may use only one LRS value per Initiate Combat action")
            continue
        t = living_unit(ctx, a["target"], "7.32")
        n, slot = int(a["dice"]), a["slot"]
        if n < 1:
            raise IllegalAction("7.05", f"{s.uid} must allocate at least one die to {t.uid}")
        if s.uid not in active_units:
            raise IllegalAction("3.31", f"{s.uid} is not activated for Move and/or Initiate Combat this impulse")
        if team and s.team != team:
            raise IllegalAction("3.33", f"{s.uid} does not belong to the active team")
        if ctx.utype(t).is_submarine:     # 14.05: hidden under the water
            raise IllegalAction("14.05", f"{t.uid} is a submarine: never a target for LRS")
        cv = ctx.cv(s, slot)
        if cv is None or cv.kind != "LRS":
            raise IllegalAction("7.3", f"{s.uid} has no {slot} LRS value")
        if t.team == s.team:
            raise IllegalAction("7.32", f"{t.uid} is a friendly unit: LRS targets enemy units")
        if not t.on_map:
            raise IllegalAction("7.32", f"{t.uid} is not on the map")
        if not t.revealed:
            raise IllegalAction("7.32", f"{t.uid} is concealed; only revealed units may be targeted by LRS (6.14)")
        zone_check(s.uid, s.hex, t.uid, t.hex, slot, cv.infinite_range)      # 7.41: naval zones
        d = dist(s.hex, t.hex)
        if not cv.in_range(d):
            raise IllegalAction("7.31", f"{t.uid} is {d} hexes from {s.uid}; {slot} range is {cv.range}")
        per_unit_slot[s.uid].add(slot)
        if len(per_unit_slot[s.uid]) > 1 and not dual:      # 17.81 (optional): every LRS value at once
            raise IllegalAction("7.34", f"{s.uid} may use only one LRS value per Initiate Combat action")
        dice_by_slot[(s.uid, slot)] += n
        if cv.infinite_supply and dice_by_slot[(s.uid, slot)] > INFINITE_DICE_CAP:
            raise IllegalAction("7.34", f"{s.uid} has infinite {slot} supply: at most {INFINITE_DICE_CAP} dice "
                                "for that value in one action")
    if check_supply_left:
        check_supply(ctx, dice_by_slot, "7.08")


def _marker_target(ctx: Ctx, s, a: dict, active_units: set[str], team: str | None) -> None:
    """12.24: an LRS at a card marker -- a revealed enemy landing craft's (transport) marker in range."""
    m = ctx.state.card_markers[a["target"]]
    if int(a["dice"]) < 1:
        raise IllegalAction("7.05", f"{s.uid} must allocate at least one die to {m.mid}")
    if s.uid not in active_units:
        raise IllegalAction("3.31", f"{s.uid} is not activated for Move and/or Initiate Combat this impulse")
    if team and s.team != team:
        raise IllegalAction("3.33", f"{s.uid} does not belong to the active team")
    from lcb_lab.games.lcb.rules.markers.isr import lrs_target_ok          # also a naval ISR marker (13.26) or a SOF marker (13.43)
    if m.team == s.team or not lrs_target_ok(m):
        raise IllegalAction("12.24", f"{m.mid} is not a revealed enemy landing craft's, naval ISR or SOF marker "
                            "(12.23, 12.24, 13.26, 13.43)")
    cv = ctx.cv(s, a["slot"])
    if cv is None or cv.kind != "LRS":
        raise IllegalAction("7.3", f"{s.uid} has no {a['slot']} LRS value")
    zone_check(s.uid, s.hex, m.mid, m.hex, a["slot"], cv.infinite_range)  # 7.41: naval zones
    d = dist(s.hex, m.hex)
    if not cv.in_range(d):
        raise IllegalAction("7.31", f"{m.mid} is {d} hexes from {s.uid}; {a['slot']} range is {cv.range}")
