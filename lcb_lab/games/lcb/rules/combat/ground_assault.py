"""GROUND ASSAULT (7.1-7.16).

Range is 0: attackers and targets share a contested hex (7.11, 7.12); a
unit or stack assaults one hex per turn (7.12).  Both sides declare dice
before any roll, the attacker first (7.13); damage is simultaneous (7.13,
7.15); supply is spent per die (7.15).  Units without a GA value neither
assault nor defend, but can be hit (7.16) -- except cannon artillery answering by
ARTILLERY DIRECT FIRE when optional rule 17.5 is on (:mod:`~lcb_lab.games.lcb.rules.optional.artillery_direct_fire`).  Attackers get +2 when an LRS this
impulse already caused damage in the hex (7.17) and -1/-2 when the target
hex is orange/brown (7.09).

Allocations: ``{"attacker": uid, "target": uid, "dice": n}`` and, for the
defense, ``{"defender": uid, "target": uid, "dice": n}``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from collections import defaultdict

from lcb_lab.games.lcb.choice_options import Defender
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.games.lcb.rules.movement import stacks, tf_counters
from lcb_lab.games.lcb.rules.common import Ctx, check_supply, enemy_units_seen, living_unit, supply_left

if TYPE_CHECKING:
    from lcb_lab.games.lcb.model.state import Unit


def _check(ctx: Ctx, uid: str, target: str, n: int, role: str) -> tuple:
    if target in ctx.state.card_markers:          # a SOF marker (13.43, 13.44; lcb_lab.games.lcb.rules.markers.sof)
        from lcb_lab.games.lcb.rules.markers.sof import check_ga_target
        return check_ga_target(ctx, uid, target, n, role)
    u = living_unit(ctx, uid, "7.1")
    t = living_unit(ctx, target, "7.14")
    if n < 1:
        raise IllegalAction("7.14", f"{uid} must allocate at least one die to {target}")
    cv = ctx.cv(u, "GA")
    if cv is None and role == "defend" and ctx.state.optional_rules:     # 17.52: ARTILLERY DIRECT FIRE answers
        from lcb_lab.games.lcb.rules.optional import artillery_direct_fire as adf
        cv = ctx.cv(u, adf.lrs_slot(ctx, u)) if adf.answers_ga(ctx, u) else None
    if cv is None:
        raise IllegalAction("7.16", f"{uid} has no GROUND ASSAULT value and cannot {role}")
    if t.team == u.team:
        raise IllegalAction("7.14", f"{target} is a friendly unit: a GROUND ASSAULT targets enemy units")
    if ctx.is_naval(t) or ctx.is_naval(u):
        raise IllegalAction("7.12", f"GROUND ASSAULT is between ground units; {t.uid if ctx.is_naval(t) else u.uid} "
                            "is a naval unit")
    if u.hex is None or u.hex != t.hex:
        raise IllegalAction("7.12", f"GROUND ASSAULT has range 0: {uid} ({u.hex}) and {target} ({t.hex}) "
                            "must share a contested hex")
    return u, t, cv


def validate_ga(ctx: Ctx, allocs: list[dict], active_units: set[str]) -> dict[str, str]:
    """Check attacker allocations; returns {attacker: hex}. Raises IllegalAction."""
    hexes: dict[str, str] = {}
    used: dict[tuple[str, str], int] = defaultdict(int)
    for a in allocs:
        u, t, _ = _check(ctx, a["attacker"], a["target"], int(a["dice"]), "assault")
        if u.uid not in active_units:
            raise IllegalAction("3.31", f"{u.uid} is not activated for Move and/or Initiate Combat this impulse")
        if hexes.setdefault(u.uid, u.hex) != u.hex:
            raise IllegalAction("7.12", f"{u.uid} may assault only one hex per turn")
        used[(u.uid, "GA")] += int(a["dice"])
    check_supply(ctx, used, "7.08")
    return hexes


def defenders(ctx: Ctx, hex_label: str, defender_team: str) -> tuple[Defender, ...]:
    """Defending units in a GA hex able to fire back (7.13, 7.16): their uid, GA CV and supply
    (None: infinite)."""
    out = []
    for u in ctx.state.units_in(hex_label, defender_team):
        cv = ctx.cv(u, "GA")
        if cv is None and ctx.state.optional_rules:      # 17.52: cannon artillery answers by ARTILLERY DIRECT FIRE
            from lcb_lab.games.lcb.rules.optional import artillery_direct_fire as adf
            d = adf.ga_defender(ctx, u)
            out += [d] if d is not None else []
            continue
        if cv is None or u.paralysed:
            continue
        left = supply_left(ctx, u, "GA")
        if left is None or left > 0:
            out.append(Defender(uid=u.uid, cv=cv.value, supply=left))
    return tuple(out)


def validate_defense(ctx: Ctx, allocs: list[dict], hex_label: str, defender_team: str) -> None:
    """Check the defender's GA dice for one hex. Raises IllegalAction."""
    used: dict[tuple[str, str], int] = defaultdict(int)
    for a in allocs:
        u, t, _ = _check(ctx, a["defender"], a["target"], int(a["dice"]), "defend")
        if u.team != defender_team or u.hex != hex_label:
            raise IllegalAction("7.13", f"{u.uid} is not a defender in {hex_label}")
        if u.paralysed:
            raise IllegalAction("9.013", f"{u.uid} may not act this turn (card effect: its instructions supersede)")
        used[(u.uid, defense_slot(ctx, u))] += int(a["dice"])
    check_supply(ctx, used, "7.08")


def defense_slot(ctx: Ctx, u: Unit) -> str:
    """The supply slot defender ``u`` spends in a GA (7.15): ``"GA"``, or its LRS slot when it
    answers by ARTILLERY DIRECT FIRE (optional 17.52)."""
    if not ctx.state.optional_rules:
        return "GA"
    from lcb_lab.games.lcb.rules.optional import artillery_direct_fire as adf
    return adf.defense_slot(ctx, u)


def defense_modifiers(ctx: Ctx, u: Unit) -> list:
    """Defender ``u``'s CV modifiers in a GA: none (7.09: the defender is never penalised), or
    those of ARTILLERY DIRECT FIRE in answer (optional 17.52: -4, and the Tactical Network)."""
    if not ctx.state.optional_rules:
        return []
    from lcb_lab.games.lcb.rules.optional import artillery_direct_fire as adf
    return adf.defense_modifiers(ctx, u)


def defense_cv(ctx: Ctx, u: Unit) -> int:
    """Defender ``u``'s CV after its modifiers in a GA (7.13; optional 17.52: LRS CV -4)."""
    base = ctx.cv(u, defense_slot(ctx, u)).value
    return max(0, base + sum(v for _, v, _ in defense_modifiers(ctx, u)))


def breakthrough(ctx: Ctx, u: Unit, dest: str, ga_hexes: list[str], used: list[str]) -> None:
    """Armor Breakthrough (7.19-7.111): after a GROUND ASSAULT that left no opposing unit in
    the hex, an armor unit there may move one hex for free: at most 1 MP (no 5.14 exception),
    not into an enemy-occupied or impassable hex, no conceal, no new combat; never by
    a unit put ashore this turn (12.07).  "Opposing units" in either hex are those the team must
    take for units (:func:`~lcb_lab.games.lcb.rules.common.enemy_units_seen`, 6.11): a back may be
    one, unit or MILDEC alike, so the verdict is the same in two worlds that look the same to it.

    ``ga_hexes``: hexes of this impulse's GROUND ASSAULTs; ``used``: armor units that
    already broke through this impulse.  Raises IllegalAction.
    """
    from lcb_lab.kernel import explain
    from lcb_lab.games.lcb.rules.movement.conceal import contact_reveal
    if not ctx.utype(u).armor:
        raise IllegalAction("7.19", f"{u.uid} is not an armor unit")
    tf_counters.check_alone(u)         # 4.35: a Task Force Counter's units move together
    if u.no_move:
        raise IllegalAction("12.07", f"{u.uid} was put ashore this turn: landed units make no Armor "
                            "Breakthrough nor any other move")
    if u.hex not in ga_hexes:
        raise IllegalAction("7.19", f"no GROUND ASSAULT was fought in {u.hex} this impulse")
    if enemy_units_seen(ctx, u.team, u.hex):     # as the team sees it (6.11): a back may be a unit
        raise IllegalAction("7.19", f"opposing units remain in {u.hex}")
    if u.uid in used:
        raise IllegalAction("7.19", f"{u.uid} has already made its breakthrough move")
    dest = ctx.board.canonical(dest)
    if dest not in ctx.board.ground_neighbours(u.hex):
        raise IllegalAction("7.19", f"{dest} is not one ground step from {u.hex}")
    cost = ctx.board.hex(dest).mp_cost
    if cost is None or cost > 1:
        raise IllegalAction("7.111" if cost else "7.110",
                            f"{dest} costs {cost or 'prohibited'} MP; a breakthrough never exceeds 1 MP")
    if enemy_units_seen(ctx, u.team, dest):
        raise IllegalAction("7.110", f"{dest} holds opposing units")
    start, u.hex, u.moved = u.hex, dest, True
    stacks.mark_moved([u])   # a stack of its own until the next turn (3.37)
    used.append(u.uid)
    ctx.log(explain.step("move", f"Armor Breakthrough: {u.uid}",
                         f"{start} -> {dest} for 1 MP, free; no conceal and no new combat", ["7.19", "7.111"]))
    contact_reveal(ctx, dest)
