"""Continuing Combat (7.2-7.27) and Combined Arms Activation (7.18).

Continuing Combat: at the end of each Action Stage every contested hex
(ground units of both teams) gets a marker on its "continuing" side (7.21);
markers flipped to "resolved" during the turn flip back (7.23), and markers
on hexes no longer contested are removed.  In the impulse of the first
player whose units are engaged there, the engaged units fight a GROUND
ASSAULT for 0 AP as long as they do not move, together with the impulse's
other combat (7.22, 7.25); afterwards the marker shows "resolved" (or goes,
if the hex is no longer contested).  lcb_lab makes that player include the
hex in the impulse's combat when their engaged units can still attack, and
refuses to end the impulse otherwise (7.22).

Combined Arms Activation: with a GROUND ASSAULT declared against a hex as a
Move and/or Initiate Combat action (which pays its AP), the active player's
LRS units in any ONE hex that have not acted this turn may fire at that hex
for 0 AP; they are then expended for the turn (7.18).  The 0-AP assaults of
Continuing Combat (7.22) and of a contested landing (12.07) do not qualify.

Contested landing: units put ashore this turn (scripted ``disembark``
effect, which marks them ``no_move`` and ``expended``) into a hex held by
the enemy may GROUND ASSAULT there for 0 AP during the impulse, and do
nothing else (12.07); when enemy units remain after that combat the hex gets its marker at
once, Resolved for this turn (12.07, 7.22; :func:`after_combat`).
"""
from __future__ import annotations

from collections import defaultdict

from lcb_lab.kernel import explain
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.games.lcb.model.state import CombatPlan
from lcb_lab.games.lcb.rules.common import (CONTINUING, RESOLVED, Ctx, contested, living_unit, names,  # noqa: F401
                                            settle_continuing, supply_left)
from lcb_lab.games.lcb.rules.markers import sof


def engaged_units(ctx: Ctx, hex_label: str, tf: str) -> list:
    """Units of ``tf`` engaged in the hex's Continuing Combat and still able to attack."""
    return [u for u in ctx.state.units_in(hex_label)
            if u.task_force == tf and not (u.moved or u.expended) and _can_assault(ctx, u)]


def _can_assault(ctx: Ctx, u) -> bool:
    """A ground unit, free to act, with a GROUND ASSAULT value and supply left (7.08, 7.16)."""
    if u.paralysed or ctx.is_naval(u):
        return False
    cv, left = ctx.cv(u, "GA"), supply_left(ctx, u, "GA")
    return cv is not None and (left is None or left > 0)


def landed_attackers(ctx: Ctx, tf: str) -> set[str]:
    """Units of ``tf`` put ashore this turn into a contested hex that may still GROUND ASSAULT
    there for 0 AP (12.07); the free assault belongs to the impulse of their own Task Force."""
    imp = ctx.state.impulse
    if imp is None or imp.task_force != tf:
        return set()
    return {u.uid for u in ctx.state.tf_units(tf) if u.on_map and u.no_move and u.expended and not u.acted
            and contested(ctx, u.hex) and _can_assault(ctx, u)}


def pending_hexes(ctx: Ctx, tf: str) -> list[str]:
    """Continuing Combat hexes the active Task Force must resolve this impulse (7.22)."""
    return [h for h, side in ctx.state.continuing.items()
            if side == CONTINUING and contested(ctx, h) and engaged_units(ctx, h, tf)]


def zero_ap_attackers(ctx: Ctx, tf: str) -> set[str]:
    """Units that may GROUND ASSAULT for 0 AP: engaged in a Continuing Combat hex still to be
    resolved (7.22, 7.25), or landed this turn into a contested hex (12.07)."""
    engaged = {u.uid for h in pending_hexes(ctx, tf) for u in engaged_units(ctx, h, tf)}
    return engaged | landed_attackers(ctx, tf)


def check_commit(ctx: Ctx, ga: list[dict], pending: list[str] | None = None) -> None:
    """The impulse's combat must include each pending Continuing Combat hex (7.22).  ``pending``:
    :func:`pending_hexes` of the impulse's Task Force when the caller has it for this very state."""
    imp = ctx.state.impulse
    hexes = {ctx.state.units[a["attacker"]].hex for a in ga}     # range 0: the target's hex (a SOF marker too)
    missing = [h for h in (pending_hexes(ctx, imp.task_force) if pending is None else pending) if h not in hexes]
    if missing:
        raise IllegalAction("7.22", f"the Continuing Combat in {', '.join(missing)} must be resolved with this "
                            "impulse's combat: add GROUND ASSAULT dice from the engaged units (0 AP)")


def check_end(ctx: Ctx) -> None:
    """No impulse ends with its Continuing Combat unresolved (7.22), a SOF marker's included
    (13.41: it always fights in its hex -- its free GROUND ASSAULT, a MarkerAction)."""
    imp = ctx.state.impulse
    if imp.combat is None:
        missing = pending_hexes(ctx, imp.task_force)
        if missing:
            raise IllegalAction("7.22", f"resolve the Continuing Combat in {', '.join(missing)} first: commit "
                                "GROUND ASSAULT dice from the engaged units (0 AP)")
    owed = [m for m in sof.markers(ctx, imp.team) if sof.owes_continuing(ctx, m)]
    if owed:
        raise IllegalAction("7.22", f"resolve the Continuing Combat in {', '.join(m.hex for m in owed)} first: "
                            f"{names([m.mid for m in owed])} always fights in its hex -- its GROUND ASSAULT "
                            "(MarkerAction then=combat, 0 AP, 13.41)")


def after_combat(ctx: Ctx, plan: CombatPlan) -> None:
    """Flip or remove the markers of the hexes ``plan`` just fought over (7.22,
    :func:`~lcb_lab.games.lcb.rules.common.settle_continuing`).  A contested landing's hex (a
    GROUND ASSAULT by units that landed this turn, 12.07) gets its marker now when enemy units
    remain, on its Resolved side: that combat was the hex's one resolution this turn (7.22); it
    turns to Continuing Combat at the end of the Action Stage (7.21, 7.23)."""
    s = ctx.state
    landed = {s.units[a["attacker"]].hex for a in plan.ga if a["attacker"] in s.units
              and s.units[a["attacker"]].no_move and s.units[a["attacker"]].expended}
    for h in plan.ga_hexes():
        if h not in s.continuing and h in landed and contested(ctx, h):
            s.continuing = {**s.continuing, h: RESOLVED}
            ctx.log(explain.step("continuing", f"Continuing Combat marker in {h}", "enemy units remain after the "
                                 "contested landing's combat: the marker is placed at once, on its Resolved side "
                                 "for this turn", ["12.07", "7.22"]))
        else:
            settle_continuing(ctx, h)


def end_of_action_stage(ctx: Ctx) -> None:
    """Mark contested hexes, flip Resolved markers back, drop stale ones (7.21, 7.23).  A SOF
    marker is engaged like a ground unit (13.41, 13.45)."""
    s = ctx.state
    ground = defaultdict(set)
    for u in s.living():
        if u.on_map and ctx.utype(u).domain == "ground":     # a submarine is no ground unit (14.0)
            ground[u.hex].add(u.team)
    for m in sof.markers(ctx):
        ground[m.hex].add(m.team)
    now = sorted(h for h, teams in ground.items() if len(teams) == 2)
    s.continuing = {h: CONTINUING for h in now}
    if now:
        ctx.log(explain.step("continuing", "Continuing Combat markers",
                             f"contested at the end of the Action Stage: {', '.join(now)}", ["7.21", "7.23"]))


def combined_arms(ctx: Ctx, lrs: list[dict], ga: list[dict], support: set[str]) -> None:
    """Check and apply a Combined Arms Activation for LRS units outside any
    declared combat action (7.18): refuse if not allowed, else mark them expended.

    ``lrs``/``ga``: the impulse's allocations (dicts of the fields of ``actions.LrsAttack`` / ``actions.GroundAssault``);
    ``support``: LRS shooters of no Move and/or Initiate Combat action.  Also
    refuses any LRS by a unit put ashore this turn (12.07).  Raises IllegalAction.
    """
    if not check_combined_arms(ctx, lrs, ga, support):
        return
    for uid in sorted(support):
        u = ctx.state.units[uid]
        u.acted = u.expended = True
    ctx.log(explain.step("combined_arms", "Combined Arms Activation",
                         f"{names(sorted(support))} fire in support of the GROUND ASSAULT for 0 AP and are "
                         "expended for the rest of the turn", ["7.18"]))


def check_combined_arms(ctx: Ctx, lrs: list[dict], ga: list[dict], support: set[str]) -> bool:
    """The checks of :func:`combined_arms`, changing nothing: whether there is a Combined Arms
    Activation to apply (``support`` not empty).  Raises IllegalAction exactly when
    :func:`combined_arms` would (7.18, 12.07)."""
    _no_lrs_from_landed(ctx, lrs)
    if not support:
        return False
    declared, free = _assault_hexes(ctx, ga)
    if not declared:
        if free:
            raise IllegalAction("7.18", f"{names(sorted(support))} cannot join by Combined Arms Activation: it "
                                "supports only a GROUND ASSAULT declared as a Move and/or Initiate Combat action "
                                "that pays its AP, not the 0-AP assault of Continuing Combat (7.22) or of a "
                                f"contested landing (12.07) in {', '.join(sorted(free))}")
        raise IllegalAction("3.31", f"{names(sorted(support))} not activated for Move and/or Initiate Combat; "
                            "without a GROUND ASSAULT they cannot join by Combined Arms Activation (7.18)")
    from_hex = _support_hexes(ctx, lrs, support, declared)
    for target_hex, hexes in from_hex.items():
        if len(hexes) > 1:
            raise IllegalAction("7.18", f"Combined Arms Activation against {target_hex} draws on LRS units "
                                f"in ONE hex, not {', '.join(sorted(hexes))}")
    return True


def _no_lrs_from_landed(ctx: Ctx, lrs: list[dict]) -> None:
    """Units put ashore this turn fire no LRS at all (12.07)."""
    for a in lrs:
        u = ctx.state.units.get(a["shooter"])
        if u is not None and u.no_move and u.expended:
            raise IllegalAction("12.07", f"{u.uid} was put ashore this turn and is expended: it may only "
                                "GROUND ASSAULT in its landing hex, for free, if that hex is contested")


def _assault_hexes(ctx: Ctx, ga: list[dict]) -> tuple[set[str], set[str]]:
    """Hexes under a declared (paid) GROUND ASSAULT and hexes under only a 0-AP one (7.18)."""
    imp = ctx.state.impulse
    paid = {uid for d in imp.actions if d.kind == "move_combat" for uid in d.units}
    declared = {_target_hex(ctx, a["target"], "7.14") for a in ga if a["attacker"] in paid}
    free = {_target_hex(ctx, a["target"], "7.14") for a in ga} - declared
    return declared, free


def _support_hexes(ctx: Ctx, lrs: list[dict], support: set[str], declared: set[str]) -> dict[str, set[str]]:
    """{target hex: hexes the supporting LRS fire from}; refuses unfit supporters (7.18)."""
    imp = ctx.state.impulse
    from_hex: dict[str, set[str]] = defaultdict(set)
    for a in lrs:
        if a["shooter"] not in support:
            continue
        u, th = living_unit(ctx, a["shooter"], "7.3"), _target_hex(ctx, a["target"], "7.32")
        if u.task_force != imp.task_force or u.acted or u.expended or not u.on_map:
            raise IllegalAction("7.18", f"{u.uid} is not an unused LRS unit of {imp.task_force}")
        if th not in declared:
            raise IllegalAction("7.18", f"{u.uid} may join only against a hex under a declared GROUND ASSAULT "
                                f"({', '.join(sorted(declared))})")
        from_hex[th].add(u.hex)
    return dict(from_hex)


def _target_hex(ctx: Ctx, target: str, rule: str) -> str | None:
    """The hex of a combat target: a living unit's, or a card marker's (12.24, 13.26, 13.43)."""
    m = ctx.state.card_markers.get(target)
    return m.hex if m is not None and target not in ctx.state.units else living_unit(ctx, target, rule).hex
