"""A scenario file's optional pieces, read into the state by :func:`lcb_lab.games.lcb.io.scenario.build_state`:
one team per naval-zone place (7.43), Task Force Counters (4.35) and the Interoperability Network
of a team of several nations (17.1, sandbox).  Each raises ScenarioError naming the file and key;
``sc`` is the file's :class:`~lcb_lab.games.lcb.io.scenario.ScenarioFile` (typed ``Any``: this module is below it)."""
from __future__ import annotations

from typing import Any

from lcb_lab.games.lcb.model.catalog import Catalog
from lcb_lab.games.lcb.model.state import GameState
from lcb_lab.games.lcb.rules.cards.jcc import add_card
from lcb_lab.games.lcb.rules.common import Ctx
from lcb_lab.kernel.errors import ScenarioError


def interop(ctx: Ctx, sc: Any, file: str) -> None:
    """17.1 (sandbox): the units' ``nation`` and each team's ``interop_cubes`` make the
    Interoperability Network's record and card (:func:`lcb_lab.games.lcb.rules.optional.interoperability.setup`).
    ScenarioError naming the key: cubes without 17.1 on, a team of several nations without cubes,
    cubes for a team of one nation."""
    from lcb_lab.games.lcb.rules.optional import interoperability
    s = ctx.state
    nations = {e.uid: e.nation for e in sc.unit if e.nation and e.nation != s.units[e.uid].team}
    cubes = {t: sc.teams[t].interop_cubes for t in ("US", "RU") if sc.teams[t].interop_cubes is not None}
    for team in ("US", "RU"):
        key, several = f"teams.{team}.interop_cubes", any(s.units[u].team == team for u in nations)
        if team in cubes and "17.1" not in s.optional_rules:
            raise ScenarioError(file, key, "the Interoperability Network needs optional rule 17.1 on "
                                "([scenario] optional_rules)")
        if several and team not in cubes and "17.1" in s.optional_rules:
            raise ScenarioError(file, key, f"{team} is a team of several nations: give the cubes (1-5) of its "
                                "Interoperability Network (17.1)")
        if team in cubes and not several:
            raise ScenarioError(file, key, f"{team}'s units are of one nation: no Interoperability Network "
                                "(17.1; give a unit another [[unit]] nation)")
    interoperability.setup(ctx, nations, cubes, add_card)


def places_and_counters(state: GameState, sc: Any, catalog: Catalog, file: str, start: str) -> None:
    """Refuse two teams in one naval-zone place (7.43) and place the ``[[task_force_counter]]``
    entries (4.35; the units must stand in their hexes: an Action-Stage start).  ScenarioError."""
    from lcb_lab.games.lcb.rules.combat.naval_zones import opposing_in_place
    from lcb_lab.games.lcb.rules.movement import tf_counters
    clash = opposing_in_place(state)
    if clash:
        kind = "marker" if clash[0] in state.markers else "unit"
        raise ScenarioError(file, f"{kind}[{clash[0]}].hex", clash[1])
    if sc.task_force_counter and start != "action":
        raise ScenarioError(file, "task_force_counter", "a Task Force Counter stands over units in one hex: "
                            "give it in a scenario that starts in the Action Stage with its units placed")
    spec: dict[str, list[str]] = {}
    for e in sc.task_force_counter:
        if e.name in spec:
            raise ScenarioError(file, f"task_force_counter[{e.name}]", "duplicate Task Force Counter name")
        spec[e.name] = list(e.units)
    tf_counters.load(state, spec, catalog, file, "task_force_counter[{}].units")
