"""INTERCEPT (7.5-7.58): who may defend a target against an LRS, and checks.

A defensive INTERCEPT is free (7.52) and open to every friendly IAMD unit,
whatever its Task Force.  An interceptor must have the target's hex within
its INTERCEPT range, supply, and be at an equal or smaller distance to the
target hex than the attacking unit (7.53; lcb_lab uses the closest attacker
when several fire at one target).  Dice are allocated per target before any
roll (7.54), one INTERCEPT value per unit per engagement, read as per
attacked target (7.56), supply is
spent whatever happens (7.58), and cannon artillery cannot be intercepted
(7.52 exception).  Units paralysed by a card effect cannot act at all.

An allocation is ``{"interceptor": uid, "slot": "INT1", "target": uid, "dice": n}``.
"""
from __future__ import annotations

from collections import defaultdict

from ..catalog import INFINITE_DICE_CAP
from ..errors import IllegalAction
from .common import Ctx, check_supply, dist, living_unit, supply_left


def interceptor_options(ctx: Ctx, target_uid: str, shooter_hexes: list[str]) -> list[dict]:
    """Every IAMD value of the target's team, judged for this target (7.53).

    Returns dicts: ``uid, slot, hex, cv, range, distance, shooter_distance,
    in_range, close_enough, has_supply, eligible, max_dice, reason``.
    """
    t = ctx.state.unit(target_uid)
    closest = min(dist(h, t.hex) for h in shooter_hexes) if shooter_hexes else 0
    out = []
    for u in ctx.state.living(t.team):
        if not u.on_map:
            continue
        for cv in ctx.utype(u).cvs_of("INT"):
            d = dist(u.hex, t.hex)
            left = supply_left(ctx, u, cv.slot)
            in_range = cv.in_range(d)
            close = d <= closest
            has = left is None or left > 0
            reason = ""
            if u.paralysed:
                reason = "may not act this turn (card effect)"
            elif not in_range:
                reason = f"out of range ({d} > {cv.range}) (7.53)"
            elif not close:
                reason = f"farther from the target ({d}) than the attacker ({closest}) (7.53)"
            elif not has:
                reason = "no INTERCEPT supply (7.08)"
            out.append({
                "uid": u.uid, "slot": cv.slot, "hex": u.hex, "cv": cv.value,
                "range": cv.range, "distance": d, "shooter_distance": closest,
                "in_range": in_range, "close_enough": close, "has_supply": has,
                "eligible": not reason, "reason": reason or "eligible",
                "max_dice": INFINITE_DICE_CAP if left is None else left,
            })
    return out


def validate_intercepts(ctx: Ctx, allocs: list[dict], lrs_allocs: list[dict], defender: str) -> None:
    """Raise IllegalAction for the first INTERCEPT allocation the rules forbid."""
    shooters_by_target: dict[str, list[str]] = defaultdict(list)
    cannon_only: dict[str, bool] = {}
    for a in lrs_allocs:
        s = ctx.state.units[a["shooter"]]
        shooters_by_target[a["target"]].append(s.hex)
        is_cannon = ctx.utype(s).cannon_artillery
        cannon_only[a["target"]] = cannon_only.get(a["target"], True) and is_cannon
    slots: dict[tuple[str, str], set[str]] = defaultdict(set)
    used: dict[tuple[str, str], int] = defaultdict(int)
    per_target: dict[tuple[str, str, str], int] = defaultdict(int)
    for a in allocs:
        u = living_unit(ctx, a["interceptor"], "7.53")
        n, slot, tgt = int(a["dice"]), a["slot"], a["target"]
        if u.team != defender:
            raise IllegalAction("7.52", f"{u.uid} is not on the defending team")
        if tgt not in shooters_by_target:
            raise IllegalAction("7.54", f"{tgt} is not the target of an LRS this impulse")
        if cannon_only[tgt]:
            raise IllegalAction("7.52", f"{tgt} is attacked only by cannon artillery, which cannot be intercepted")
        if n < 1:
            raise IllegalAction("7.54", f"{u.uid} must allocate at least one die")
        opts = {o["slot"]: o for o in interceptor_options(ctx, tgt, shooters_by_target[tgt]) if o["uid"] == u.uid}
        o = opts.get(slot)
        if o is None:
            raise IllegalAction("7.5", f"{u.uid} has no {slot} INTERCEPT value")
        if not o["eligible"]:
            raise IllegalAction("7.53", f"{u.uid} cannot intercept for {tgt}: {o['reason']}")
        slots[(u.uid, tgt)].add(slot)
        if len(slots[(u.uid, tgt)]) > 1:
            raise IllegalAction("7.56", f"{u.uid} may use only one INTERCEPT value against the attack on {tgt}")
        used[(u.uid, slot)] += n
        per_target[(u.uid, slot, tgt)] += n
        if supply_left(ctx, u, slot) is None and per_target[(u.uid, slot, tgt)] > INFINITE_DICE_CAP:
            raise IllegalAction("7.55", f"{u.uid} has infinite supply: at most {INFINITE_DICE_CAP} dice "
                                f"per INTERCEPT attempt (on {tgt})")
    check_supply(ctx, used, "7.58")


def umbrella(ctx: Ctx, shooter_hex: str, target_uid: str) -> list[dict]:
    """INTERCEPT umbrella over one target against a shooter at ``shooter_hex``.

    Same dicts as :func:`interceptor_options`; used by the map overlay.
    """
    return interceptor_options(ctx, target_uid, [shooter_hex])

