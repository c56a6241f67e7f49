"""RESUPPLY (8.0-8.09).

A logistics unit in a Move and/or Resupply action hands out Resupply Points
(RP) with ONE of its Resupply Values per action (8.01), restoring GROUND
ASSAULT, LRS or INTERCEPT supply only, never another unit's RP pool (8.0):
at most the RV's value in total, to friendly units within the RV's range (own hex not
counted, 8.03) along a continuous ground path that avoids enemy-occupied,
contested and prohibited hexes (8.05), as the logistics unit's team knows them (a
face-down enemy counter blocks: it may be a unit).  No recipient may exceed its starting
supply (8.02); nobody in a contested hex is resupplied (7.26); a ground
logistics unit never resupplies a naval unit (8.08).  The logistics unit's
RP pool drops by the same amount (8.01).  Nothing is revealed (8.06).

A grant is ``{"unit": uid, "slot": "LRS1", "rp": n}``.
"""
from __future__ import annotations

from lcb_lab.kernel import explain
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.games.lcb.observer_table import enemy_counters_seen
from lcb_lab.games.lcb.model.state import Unit
from lcb_lab.games.lcb.rules.cards import cvs as card_cvs
from lcb_lab.games.lcb.rules.common import Ctx, enemy_units_seen, living_unit, max_supply, supply_left, refs
from lcb_lab.games.lcb.rules.optional import interoperability as interop


def blocked_hexes(ctx: Ctx, team: str) -> set[str]:
    """Hexes a RESUPPLY path of ``team`` may not enter: occupied by the opposing team or contested
    (8.05), as ``team`` knows them (6.11): a hex with an enemy unit, or with an enemy counter it
    sees only as a back (a face-down MILDEC cannot be told from a unit, 4.22).  A face-up enemy
    MILDEC is a known decoy, not a unit, and blocks nothing; an unrevealed enemy submarine is not
    seen at all (14.03).  The same in two worlds that look the same to ``team``."""
    out = {c.hex for c in enemy_counters_seen(ctx.state, ctx.catalog, team)}
    if ctx.state.card_markers:                  # 13.45: hexes an enemy SOF marker controls or contests
        from lcb_lab.games.lcb.rules.markers.sof import blocks
        out |= blocks(ctx, team)
    return out


def _sof_contests(ctx: Ctx, h: str, team: str) -> bool:
    """An enemy SOF marker contests ``h``: the refusal then names 13.45, the rule that applies."""
    if not ctx.state.card_markers:
        return False
    from lcb_lab.games.lcb.rules.markers.sof import blocks
    return h in blocks(ctx, team)


def resupply_reach(ctx: Ctx, log_unit: Unit, rv_slot: str) -> dict[str, int]:
    """Hexes the RV reaches from the logistics unit: {hex: path length} (8.03, 8.05)."""
    rv = ctx.utype(log_unit).rv(rv_slot)
    if rv is None or not log_unit.on_map:
        return {}
    return ctx.board.ground_reach(log_unit.hex, rv.range, blocked_hexes(ctx, log_unit.team))


def check(ctx: Ctx, log_unit: Unit, rv_slot: str, grants: list[dict]) -> int:
    """Validate a RESUPPLY; returns the RP total. Raises IllegalAction.  A contested hex (8.05,
    7.26: the logistics unit's or a recipient's) is one where the team sees, beside its own unit,
    an enemy counter it must take for a unit (:func:`~lcb_lab.games.lcb.rules.common.enemy_units_seen`,
    6.11): a face-down ship and a face-down Naval MILDEC in a mixed hex refuse alike."""
    t = ctx.utype(log_unit)
    rv = t.rv(rv_slot)
    if not t.is_logistics:
        raise IllegalAction("8.0", f"{log_unit.uid} is not a logistics unit")
    if rv is None:
        raise IllegalAction("8.01", f"{log_unit.uid} has no {rv_slot}")
    if not grants:
        raise IllegalAction("8.01", "a RESUPPLY needs at least one recipient")
    if enemy_units_seen(ctx, log_unit.team, log_unit.hex) and not _sof_contests(ctx, log_unit.hex, log_unit.team):
        raise IllegalAction("8.05", f"{log_unit.uid} is in a contested hex")
    if _sof_contests(ctx, log_unit.hex, log_unit.team):
        raise IllegalAction("13.45", f"{log_unit.uid}'s hex is contested by an enemy SOF marker")
    total = sum(int(g["rp"]) for g in grants)
    if total > rv.value:
        raise IllegalAction("8.01", f"{rv_slot} of {log_unit.uid} hands out at most {rv.value} RP; asked {total}")
    pool = log_unit.supply.get("RP", 0)
    if total > pool:
        raise IllegalAction("8.01", f"{log_unit.uid} has {pool} RP left; asked {total}")
    reach = resupply_reach(ctx, log_unit, rv_slot)
    after: dict[tuple[str, str], int] = {}
    for g in grants:
        if g["unit"] in ctx.state.card_markers:     # 13.28: a card's marker, its hex the reference
            from lcb_lab.games.lcb.rules.markers.isr import check_grant
            check_grant(ctx, log_unit, reach, g, after)
            continue
        r = living_unit(ctx, g["unit"], "8.01")
        n, slot = int(g["rp"]), g["slot"]
        if n < 1:
            raise IllegalAction("8.01", f"grant to {r.uid} must be at least 1 RP")
        if r.team != log_unit.team:
            raise IllegalAction("8.0", f"{r.uid} is not a friendly unit")
        interop.check_resupply(ctx.state, log_unit, r)     # 17.1: own nation only
        if not r.on_map:
            raise IllegalAction("8.05", f"{r.uid} is not on the map")
        if ctx.is_naval(r) and not ctx.is_naval(log_unit):
            raise IllegalAction("8.08", f"a ground logistics unit cannot resupply the naval unit {r.uid}")
        if enemy_units_seen(ctx, r.team, r.hex) and not _sof_contests(ctx, r.hex, r.team):
            raise IllegalAction("7.26", f"{r.uid} is in a contested hex")
        if _sof_contests(ctx, r.hex, r.team):
            raise IllegalAction("13.45", f"{r.uid}'s hex is contested by an enemy SOF marker: no RESUPPLY into it")
        if r.hex not in reach:
            raise IllegalAction("8.05", f"{r.uid} in {r.hex} is not within {rv.range} hexes of {log_unit.uid} "
                                "along a ground path clear of enemy, contested and prohibited hexes")
        _check_slot(ctx, r, slot)
        left, cap = supply_left(ctx, r, slot), max_supply(ctx, r, slot)
        if cap is None or left is None:
            raise IllegalAction("8.01", f"{r.uid} has no tracked {slot} supply")
        now = after.get((r.uid, slot), left) + n
        if now > cap:
            raise IllegalAction("8.02", f"{r.uid} would have {now} {slot} supply, above its starting {cap}")
        after[(r.uid, slot)] = now
    return total


def _check_slot(ctx: Ctx, r: Unit, slot: str) -> None:
    """Only GROUND ASSAULT, LRS or INTERCEPT supply is restored, never an RP pool (8.0)."""
    if slot == "RP":
        raise IllegalAction("8.0", f"RESUPPLY restores GROUND ASSAULT, LRS or INTERCEPT supply only; it cannot "
                            f"refill the RP pool of {r.uid}")


def resupply(ctx: Ctx, log_unit: Unit, rv_slot: str, grants: list[dict]) -> None:
    """Hand out RP (validated first)."""
    total = check(ctx, log_unit, rv_slot, grants)
    log_unit.supply = {**log_unit.supply, "RP": log_unit.supply.get("RP", 0) - total}
    parts = []
    for g in grants:
        if g["unit"] in ctx.state.card_markers:     # 13.28
            from lcb_lab.games.lcb.rules.markers.isr import apply_grant
            parts.append(apply_grant(ctx, g))
            continue
        r = ctx.state.units[g["unit"]]
        before, after = card_cvs.add(ctx, r, g["slot"], int(g["rp"]))   # an Attached card's own supply (9.33)
        parts.append(f"{r.uid} {g['slot']} {before} -> {after}")
    ctx.log(explain.step(
        "resupply", f"RESUPPLY by {log_unit.uid} ({rv_slot})",
        f"{total} RP handed out ({log_unit.uid} RP pool now {log_unit.supply['RP']}): " + "; ".join(parts)
        + ". Neither unit is revealed.", ["8.01", "8.02", "8.03", "8.05", "8.06"],
        grants=grants), team=log_unit.team, unit=refs([log_unit]))
