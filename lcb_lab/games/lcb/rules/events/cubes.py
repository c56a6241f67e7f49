"""Gray cubes on the map (3.26): civilians or objectives, placed by the scenario or by an Event
Card (16.0).  A cube is public: every team sees it (``GameState.gray_cubes``).

Sandbox effects (the rulebook gives gray cubes no effect of their own; docs/events.md):

* civilians: an LRS attack on a hex holding civilians moves the Influence Meter 1 space toward
  the defender, as on a town (15.25; :func:`civilians_in`, read by
  :func:`lcb_lab.games.lcb.rules.stages.influence.lrs_on_populated_hexes`);
* objectives an event placed: at the start of each later Action Stage, a team whose counters
  alone stand in the hex shows them (revealed) and, if a unit is among them, moves the meter 1
  space toward itself (:func:`objectives_held`, :func:`claim`).
"""
from __future__ import annotations

from lcb_lab.kernel import explain
from lcb_lab.games.lcb.choice_options import EventOptions
from lcb_lab.games.lcb.choices import EventChoice
from lcb_lab.games.lcb.model.events import EventEffect
from lcb_lab.games.lcb.model.state import GameState, GrayCube
from lcb_lab.games.lcb.rules.common import Ctx


def civilians_in(state: GameState, hex_: str) -> bool:
    """Whether a gray cube of civilians stands in ``hex_`` (3.26)."""
    return any(c.kind == "civilians" and c.hex == hex_ for c in state.gray_cubes.values())


def candidate_hexes(ctx: Ctx, on: list[str], kind: str) -> list[str]:
    """The hexes a cube of ``kind`` may go to, sorted: a hex with a feature named in ``on``
    (``"city"``, ``"town"``...) or, for ``"land"``, any hex with land -- and no cube of that kind
    yet (sandbox: one cube of a kind per hex)."""
    taken = {c.hex for c in ctx.state.gray_cubes.values() if c.kind == kind}
    out = []
    for label, info in ctx.board.hexes.items():
        kinds = {f.kind for f in ctx.board.features_in(label)}
        if label not in taken and (kinds & set(on) or ("land" in on and info.has_land)):
            out.append(label)
    return sorted(out, key=_hex_order)


def _hex_order(label: str) -> tuple:
    col, _, row = label.partition("-")
    return (len(col), col, int(row) if row.isdigit() else 0)


def place(ctx: Ctx, kind: str, hexes: list[str], source: str, rules: list[str]) -> list[GrayCube]:
    """Put one gray cube of ``kind`` in each of ``hexes`` and log it (public)."""
    s = ctx.state
    out = []
    for h in hexes:
        n = 1
        while f"GC-{n}" in s.gray_cubes:
            n += 1
        cube = GrayCube(f"GC-{n}", kind, h, source)
        s.gray_cubes[cube.gid] = cube
        out.append(cube)
    if hexes:
        ctx.log(explain.step("gray_cube", f"Gray cube{'s' if len(hexes) > 1 else ''} ({kind}) placed: "
                             f"{', '.join(hexes)}", f"{source}: a gray cube marks {kind} on the map", rules))
    return out


def objectives_held(ctx: Ctx) -> None:
    """At the start of an Action Stage: each objective cube an event placed whose hex holds the
    counters of one team only is claimed by that team (sandbox, 3.26; :func:`claim`)."""
    for c in sorted(ctx.state.gray_cubes.values(), key=lambda c: c.gid):
        if c.kind == "objective" and c.source != "scenario":
            claim(ctx, c)


def claim(ctx: Ctx, cube: GrayCube) -> None:
    """Claim the objective ``cube`` (sandbox, 3.26): when the counters on the map in its hex --
    units and MILDECs, face up or down; a submarine off the map is none (14.02) -- are all one
    team's, that team shows them (its face-down counters there are revealed, 6.11) and, if a unit
    is among them, moves the Influence Meter 1 space toward itself; MILDECs alone are no unit and
    hold nothing (4.22).

    Who claims is decided by what both teams see (whose counters stand in the hex), and what the
    counters are is then shown by the reveal: the other team never learns from the meter alone
    whether a back was a unit or a MILDEC (the game's one rule of hidden information)."""
    from lcb_lab.games.lcb.rules.markers.placement import unseen_sub
    from lcb_lab.games.lcb.rules.movement.conceal import reveal
    from lcb_lab.games.lcb.rules.stages import influence
    units = [u for u in ctx.state.units_in(cube.hex) if not unseen_sub(ctx, u)]
    mildecs = ctx.state.markers_in(cube.hex)
    teams = {x.team for x in (*units, *mildecs)}
    if len(teams) != 1:
        return
    team = teams.pop()
    why = f"{team} claims the objective in {cube.hex}: its counters there are shown (sandbox)"
    reveal(ctx, units, why, ["3.26", "6.11"])
    hidden = [m for m in mildecs if not m.revealed]
    for m in hidden:
        m.revealed = True
    if hidden:
        ctx.log(explain.step("reveal", f"Revealed: {len(hidden)} MILDEC(s) in {cube.hex}", why, ["3.26", "6.11", "4.22"]),
                hex=cube.hex)
    if units:
        influence.move(ctx, team, f"{team}'s units alone hold the objective in {cube.hex} (gray cube placed "
                       f"by {cube.source}; sandbox)", ["3.26", "16.0", "15.24"])
    else:
        ctx.log(explain.step("influence", f"Objective in {cube.hex}: not held",
                             f"only {team}'s MILDECs stand there; a MILDEC is no unit (4.22) and holds no "
                             "objective (sandbox)", ["3.26", "4.22"]), hex=cube.hex)


def ask_placement(ctx: Ctx, event: str, eff: EventEffect, team: str) -> None:
    """Push the ``event`` choice of ``team`` placing the event's gray cubes (when a hex is open)."""
    c = placement(ctx, event, eff, team)
    if c is not None:
        ctx.state.push_choice(c)


def placement(ctx: Ctx, event: str, eff: EventEffect, team: str) -> EventChoice | None:
    """The ``event`` choice of ``team`` placing the event's gray cubes (3.26), or None (logged) when
    no hex may take one."""
    kind, count = str(eff.args["kind"]), int(eff.args["count"])
    hexes = candidate_hexes(ctx, list(eff.args.get("on", ["land"])), kind)
    if not hexes:
        ctx.log(explain.step("event", f"{event}: no gray cube placed", f"no hex of the map may take a cube "
                             f"of {kind} ({', '.join(eff.args.get('on', ['land']))})", ["16.0", "3.26"]))
        return None
    n = min(count, len(hexes))
    prompt = f"{event}: place {n} gray cube{'s' if n > 1 else ''} ({kind}) in {n} different hexes"
    return EventChoice(team, "16.0", prompt, EventOptions(event=event, kind=kind, count=count, hexes=tuple(hexes)))
