"""Scheduled reinforcements (3.11): the units a scenario says arrive on a later turn.

A scenario's ``[[reinforcements]]`` entry with ``turn`` and ``hex``
(:class:`lcb_lab.games.lcb.io.scenario.ReinforcementEntry`) waits off the map -- not in the pool
reinforcement cards draw from (12.4) -- until the start of that turn, before its Planning Stage
(3.06) and Action Stage. Then it arrives in its hex face down (3.21: units put on the map later
in the game are deployed face down), with its type's full HP and supply (4.32), in the Task
Force the scenario assigns it (4.31, 4.34; a Task Force left without units gets its 3 AP back,
3.312). Naval ZORs apply at once (6.23).

lcb_lab's readings (sandbox: the rulebook leaves the details to the SCENARIO): the units may act
in the turn they arrive (they are placed, not landed, so 12.07 does not apply); a hex held by an
enemy unit keeps them off the map: they join the team's reinforcement pool (12.4) instead, and
the log says so; the arrival is no move, so it triggers no mines (13.33: entering by a move).
"""
from __future__ import annotations

from lcb_lab.kernel import explain
from lcb_lab.games.lcb.rules.common import Ctx, enemy_units_seen, names


def due(ctx: Ctx, team: str, turn: int) -> list[dict]:
    """``team``'s scheduled reinforcements due at the start of ``turn`` (pool entries, 3.11)."""
    return [r for r in ctx.state.reinforcements.get(team, []) if r.get("turn") == turn]


def arrive_scheduled(ctx: Ctx) -> None:
    """At the start of a turn: each team's reinforcements due this turn arrive (3.11, 4.31) or,
    with an enemy unit in their hex, join the reinforcement pool (12.4).  The hex is read as the
    arriving team sees it (:func:`~lcb_lab.games.lcb.rules.common.enemy_units_seen`, 6.11): a back
    there holds it, unit or MILDEC alike, so what the team reads of its arrival is the same in two
    worlds that look the same to it."""
    from lcb_lab.games.lcb.rules.movement.conceal import sweep_naval_zor
    from lcb_lab.games.lcb.rules.transport.reinforcements import new_unit
    s, arrived = ctx.state, False
    for team in ("US", "RU"):
        for r in due(ctx, team, s.turn):
            s.reinforcements = {**s.reinforcements, team: [x for x in s.reinforcements[team] if x is not r]}
            h = r["hex"]
            if enemy_units_seen(ctx, team, h):       # a back there may be a unit (6.11): as the team sees it
                waiting = {k: r[k] for k in ("uid", "type", "task_force")}
                s.reinforcements = {**s.reinforcements, team: [*s.reinforcements[team], waiting]}
                ctx.log(explain.step("transport", f"{r['uid']} cannot arrive in {h}",
                                     "an enemy unit holds the hex: it waits off the map in the reinforcement "
                                     "pool for a card to bring it (12.4)", ["3.11", "12.4"]), team=team,
                        about={"unit": r["uid"]}, public_title=f"A {team} reinforcement does not arrive",
                        public_text="its hex is held: it stays off the map")
                continue
            u = new_unit(ctx, team, r, r["task_force"])
            u.hex, arrived = h, True
            ctx.log(explain.step("transport", f"{names([u])} arrives in {h}",
                                 f"a scheduled reinforcement of turn {s.turn}, face down, full HP and supply, "
                                 f"in {u.task_force} (the scenario's Task Force)", ["3.11", "3.21", "4.31"]),
                    team=team, about={"unit": u.uid}, hex=h, public_title=f"A concealed {team} counter arrives in {h}",
                    public_text="a scheduled reinforcement (3.11), face down")
    if arrived:
        sweep_naval_zor(ctx)
