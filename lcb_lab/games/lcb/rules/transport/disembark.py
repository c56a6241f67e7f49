"""Disembarking (12.07): what every transport method does to the units it puts ashore.

Rotary wing (12.1), amphibious landing (12.2), port disembarkation (12.3), reinforcements (12.4)
and a lesson's scripted ``disembark`` effect all land units through :func:`disembark`: face
down (3.21), MP spent (5.19), expended for the rest of the turn (12.08); only a free GROUND
ASSAULT in a contested landing hex during the impulse
(:func:`lcb_lab.games.lcb.rules.combat.continuing.landed_attackers`).  Landed into a hex held by
enemy ground units, both sides are revealed at once (6.22).  The units carry ``no_move`` and
``expended`` (lcb_lab's mark of "landed this turn").
"""
from __future__ import annotations

from lcb_lab.kernel import explain
from lcb_lab.games.lcb.model.state import Unit
from lcb_lab.games.lcb.rules.common import Ctx, enemy_ground_in, names, refs
from lcb_lab.games.lcb.rules.movement.conceal import reveal


def disembark(ctx: Ctx, host: Unit | None, units: list[Unit], dest: str, tag: str, rules: list[str]) -> None:
    """Put ``units`` ashore in hex ``dest``: face down, MP spent, expended (5.19, 12.07, 3.21);
    enemy ground units already there and the landed units reveal each other (6.22).
    ``host``: the ship (or None: a card's own craft, reinforcements from off the map, 12.4);
    ``tag``: words added to the log line; ``rules``: the rule numbers logged (default 5.19, 12.0).
    The one landing function of every transport method (12.1-12.4)."""
    imp = ctx.state.impulse
    for u in units:
        u.hex, u.embarked_on, u.revealed = dest, None, False
        u.no_move = u.expended = True
        # the free landing assault belongs to this impulse; units of another Task Force count as
        # having acted, so their own later impulse offers them nothing (12.07, 12.08)
        u.acted = u.acted or imp is None or u.task_force != imp.task_force
    team = host.team if host is not None else units[0].team
    ctx.log(explain.step("effect", f"{names(units)} disembark into {dest}",
                         (f"from {host.uid}, " if host is not None else "") + "face down; they cannot move further "
                         "and are expended for the turn (only a free GROUND ASSAULT in a contested landing hex)" + tag,
                         rules or ["5.19", "12.0"]),
            team=team, effect="disembark", host=refs([host])[0] if host is not None else None, units=refs(units),
            hex=dest)
    ground = [u for u in units if not ctx.is_naval(u)]
    enemies = enemy_ground_in(ctx, dest, team) if ground else []
    if enemies:
        reveal(ctx, ground + enemies, f"a landing into {dest}, held by enemy ground units: the landed units "
               "and the defenders reveal each other at once", ["6.22", "12.07"])
