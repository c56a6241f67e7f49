"""The save check of the Event Cards and gray cubes in a saved state (16.0, 3.26, 3.312): what
:mod:`lcb_lab.games.lcb.io.save_check` refuses, naming the key, so that a hand-edited save
cannot name an unknown event, a cube off the map or a negative Action Pool."""
from __future__ import annotations

from typing import Any

from lcb_lab.games.lcb.io import ranges as R
from lcb_lab.games.lcb.io.save_check_pieces import _refuse
from lcb_lab.games.lcb.model.board import Board
from lcb_lab.games.lcb.model.events import GRAY_CUBE_KINDS, load_events, normalise_plan

TEAMS = ("US", "RU")


def check_events(s: Any, board: Board, file: str) -> None:
    """``state.events_plan``, ``events_random``, ``event_deck``, ``events_drawn``, ``action_pool``,
    ``cv_changes`` and ``gray_cubes`` of a saved state. Raises ScenarioError naming the key."""
    names = set(load_events().names())
    try:
        if normalise_plan(s.events_plan, s.max_turns) != s.events_plan:
            _refuse(file, "state.events_plan", "list the turns in order, each with its events")
    except ValueError as e:
        _refuse(file, "state.events_plan", str(e))
    why = R.EVENTS_RANDOM.problem(s.events_random)
    if why:
        _refuse(file, "state.events_random", why)
    for i, n in enumerate(s.event_deck):
        if n not in names:
            _refuse(file, f"state.event_deck[{i}]", f"no Event Card named {n!r}")
    for i, e in enumerate(s.events_drawn):
        if set(e) != {"turn", "name"} or e.get("name") not in names or type(e.get("turn")) is not int \
                or not 1 <= e["turn"] <= s.turn:
            _refuse(file, f"state.events_drawn[{i}]", "an event drawn is {turn: a turn so far, name: an Event Card}")
    for team, n in s.action_pool.items():
        if team not in TEAMS or type(n) is not int or n < 0:
            _refuse(file, f"state.action_pool.{team}", "a team's Action Pool holds 0 AP or more (3.312)")
    for kind, n in s.cv_changes.items():
        if kind != "LRS" or type(n) is not int or abs(n) > 20:
            _refuse(file, f"state.cv_changes.{kind}", "an event changes LRS values by -20..20 (16.0)")
    for gid, c in s.gray_cubes.items():
        if c.gid != gid:
            _refuse(file, f"state.gray_cubes.{gid}", f"the cube is named {c.gid!r}, not {gid!r}")
        if c.kind not in GRAY_CUBE_KINDS:
            _refuse(file, f"state.gray_cubes.{gid}.kind", f"a gray cube marks {' or '.join(GRAY_CUBE_KINDS)} (3.26)")
        if c.hex not in board.hexes:
            _refuse(file, f"state.gray_cubes.{gid}.hex", f"{c.hex!r} is not a hex of the {board.name} map")
