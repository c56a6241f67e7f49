"""A point of the Archipelago board is named one way everywhere: ``"30,21 (F5)"``, its 0-based column
and row and its sector (:func:`~lcb_lab.games.archipelago.model.board.point_name`, a sandbox label: the
text names only sectors, l.110) -- in the engine's log lines, refusals and observations as in the lab.
"""
from __future__ import annotations

import re

import pytest

from lcb_lab.games.archipelago import actions as A
from lcb_lab.games.archipelago import playthrough
from lcb_lab.games.archipelago.model.board import Board, point_name
from lcb_lab.games.archipelago.model.board_data import load_board
from lcb_lab.games.archipelago.scenario_setup import scenario_opening
from lcb_lab.games.archipelago.stage import setup_game, stage
from lcb_lab.kernel.autoplay import play_random
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.kernel.hexgrid import Axial
from tests.archipelago.helpers import N, O, SEA, at, refused

RAW = re.compile(r"\(-?\d+, -?\d+\)|\[-?\d+, -?\d+\]|Axial\(")
"""A point printed as its axial pair (a tuple, a list or the Axial repr): never product text."""


def test_point_name_is_column_row_and_sector():
    b = load_board()
    assert point_name(b, b.from_col_row(30, 21)) == "30,21 (F5)"
    assert point_name(b, tuple(b.from_col_row(0, 0))) == "0,0 (A1)"          # a (q, r) pair as well
    assert point_name(b, b.from_col_row(41, 34)) == "41,34 (G7)"
    assert point_name(b, b.from_col_row(42, 5)) == "42,5 (off the board)"


def test_a_refusal_names_the_point_as_the_log_does():
    """A boat refused a step onto a point a piece holds (l.182) names that point as the log line of the
    piece's own move there does (the lab's card: tests/widgets/test_archipelago_lab.py)."""
    ahead = at((N, 1))
    g = stage(SEA, [("Red TB-1", O, "N"), ("Red TB-2", at((N, 2)), "N"), ("Blue TB-1", at((N, 9)), "S")],
              forced=[3, 4])
    g.apply(A.RollMovement())
    g.apply(A.Move("Red TB-2", "B", 4))                      # TB-2 backs onto the point ahead of TB-1
    assert g.state.log[-1]["title"] == "Red TB-2 moves B: 6,10 (D5) -> 6,11 (D5)"
    text = refused(g, A.Move("Red TB-1", "F", 3), "l.182")
    assert text.startswith("Refused by the rules (l.182): Red TB-1 cannot step onto 6,11 (D5): Red TB-2 stands there")
    assert point_name(SEA, ahead) == "6,11 (D5)"


def test_the_golden_observations_name_points_by_column_row_and_sector():
    g = playthrough.random_game(steps=20)
    lines = playthrough.observation_lines(playthrough.view(g, "Red"), g.board)
    pieces = [ln for ln in lines[1:] if " at " in ln]
    assert pieces and all(re.search(r" at \d+,\d+ \([A-Z]\d+\) facing", ln) for ln in pieces), pieces
    assert not [ln for ln in lines if RAW.search(ln)]


def _probe_refusals(g, seen: list[str]) -> bool:
    """Try acts the rules mostly refuse (each piece of the player to move runs seven steps forward, or
    backs and turns) and keep the refusals' texts; the state is left as it was. Never stops the game."""
    s = g.state
    if s.phase == "setup" or not s.dice or s.over:
        return False
    for pid, p in list(s.pieces.items()):
        if p.owner == s.to_move:
            for steps in ("FFFFFFF", "BLF"):
                try:
                    g.apply(A.Move(pid, steps, s.dice[0]))
                except IllegalAction as e:
                    seen.append(str(e))
                else:
                    g.undo()
    return False


@pytest.mark.parametrize("level, seed", [(1, 3), (2, 4)])
def test_no_log_line_or_refusal_of_a_played_game_prints_a_raw_point(level, seed):
    """Every log line (title and text) of a game played from its set-up by the random player, and the
    refusals of moves tried along the way, name points as :func:`point_name` does, never by axial pair."""
    g = setup_game(level=level, zone=1, seed=seed, turn_limit=30)
    refusals: list[str] = []
    play_random(g, seed, 150, stop=lambda e: _probe_refusals(e, refusals))
    _no_raw_points(g)
    assert any(re.search(r"\d+,\d+ \([A-Z]\d+\)", r) for r in refusals), refusals[:5]
    assert not [r for r in refusals if RAW.search(r)], [r for r in refusals if RAW.search(r)][:5]


@pytest.mark.parametrize("name", ["convoy", "salvage_red", "blimp", "landing_both", "oil_platform_red", "seaplane"])
def test_no_log_line_of_a_played_scenario_prints_a_raw_point(name):
    """The same for the expanded rules' scenarios (level 5: aircraft, hydrofoils, blimps, helicopters)."""
    g = scenario_opening(name, seed=0, turn_limit=4)
    play_random(g, 0, 2000)
    _no_raw_points(g)


def _no_raw_points(g) -> None:
    assert len(g.state.log) > 30
    raw = [f"{e['title']} | {e['text']}" for e in g.state.log if RAW.search(f"{e['title']} {e['text']}")]
    assert not raw, raw[:5]
    named = [e["title"] for e in g.state.log if re.search(r"\d+,\d+ \([A-Z]\d+\)", e["title"])]
    assert len(named) > 10                      # the points are there, in their one form


def test_a_board_point_off_the_board_is_named_so():
    b = Board.open_sea(7, 7)
    assert point_name(b, Axial(20, 20)).endswith(" (off the board)")
