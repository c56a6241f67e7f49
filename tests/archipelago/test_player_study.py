"""A player's plan study of *Naval Battle in Archipelago*: each run starts in a world drawn from
that player's knowledge (:mod:`lcb_lab.games.archipelago.worlds`).  Two games that differ only in
Blue's secrets (face-down Base A, l.283; face-down cargo, l.370; the secret flagship, l.394) give
Red the same worlds and the same study; what Red knows is kept; the instructor's study reads the
real game."""
from __future__ import annotations

import numpy as np
import pytest

from lcb_lab.games.archipelago import actions as A
from lcb_lab.games.archipelago.stage import stage
from lcb_lab.games.archipelago.study import Plan, study
from lcb_lab.games.archipelago.worlds import marker_kinds, sample_world

RULES = ["l.283", "l.370", "l.394"]


def _game(blue_flagship: str, blue_cargo: list[str], blue_stock: dict[str, int]):
    pieces = [("Red C-9", (3, 3), "S"), ("Red A-15", (5, 3), "S", {"ammo": ["T", "T", "G"]}),
              ("Blue C-9", (3, 9), "N"), ("Blue C-10", (7, 9), "N"),
              ("Blue A-15", (5, 9), "N", {"ammo": blue_cargo})]
    return stage(None, pieces, level=2, seed=4, optional_rules=RULES,
                 flagships={"Red": "Red C-9", "Blue": blue_flagship},
                 stock={"Red": {"T": 5, "G": 7, "Repair": 2}, "Blue": blue_stock})


ONE = _game("Blue C-10", ["G", "G", "G"], {"T": 6, "G": 6, "Repair": 2})
TWIN = _game("Blue C-9", ["T", "T", "Repair"], {"T": 2, "G": 9, "Repair": 3})


def _data(g):
    return g.state_to_data(g.state)


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_two_games_red_cannot_tell_apart_give_red_the_same_world(seed):
    a = sample_world(ONE, "Red", np.random.default_rng(seed))
    b = sample_world(TWIN, "Red", np.random.default_rng(seed))
    assert _data(a) == _data(b)
    assert _data(ONE) != _data(TWIN)                            # the games themselves differ


def test_the_world_keeps_what_red_knows_and_redraws_only_blues_secrets():
    worlds = [sample_world(ONE, "Red", np.random.default_rng(s)) for s in range(40)]
    real = ONE.state
    for w in worlds:
        s = w.state
        assert s.stock["Red"] == real.stock["Red"] and s.flagships["Red"] == "Red C-9"
        assert s.pieces["Red A-15"].ammo == real.pieces["Red A-15"].ammo
        assert sum(s.stock["Blue"].values()) == 14 and set(s.stock["Blue"]) == set(marker_kinds(2))
        assert len(s.pieces["Blue A-15"].ammo) == 3
        assert s.flagships["Blue"] in ("Blue C-9", "Blue C-10", "Blue A-15")
        assert {pid: p.point for pid, p in s.pieces.items()} == {pid: p.point for pid, p in real.pieces.items()}
    assert len({w.state.flagships["Blue"] for w in worlds}) > 1         # drawn, not copied
    assert len({tuple(w.state.pieces["Blue A-15"].ammo) for w in worlds}) > 1
    assert ONE.state.flagships["Blue"] == "Blue C-10"                   # the game is not changed
    mine = sample_world(ONE, "Blue", np.random.default_rng(0)).state   # Blue's own secrets are kept
    assert mine.flagships["Blue"] == "Blue C-10" and mine.pieces["Blue A-15"].ammo == ["G", "G", "G"]


def test_a_players_study_is_the_same_in_both_games_and_the_instructors_is_not_bound_to_be():
    plan = Plan((A.RollMovement(),), horizon="turn", name="roll")
    red = [study(g, plan, runs=6, seed=3, progress=False, viewer="Red").outcomes for g in (ONE, TWIN)]
    assert red[0] == red[1] and len(red[0]) == 6
    again = study(ONE, plan, runs=6, seed=3, progress=False, viewer="Red").outcomes
    assert again == red[0]


def test_a_world_is_drawn_for_a_player_only():
    with pytest.raises(ValueError, match="Red or Blue"):
        sample_world(ONE, "Green", np.random.default_rng(0))


def test_commandos_on_paper_are_put_on_drawn_islands_the_same_in_both_games():
    """Level 4, Blue's commandos on paper (l.600): both in Base A, or one in Base B; Red's world
    is the same for both games, each paper on an island of the board."""
    from tests.archipelago.test_level4 import worlds
    a, b = worlds(["Blue Base A", "Blue Base A"]), worlds(["Blue Base A", "Blue Base B"])
    drawn = [sample_world(g, "Red", np.random.default_rng(9)) for g in (a, b)]
    assert _data(drawn[0]) == _data(drawn[1])
    islands = set(a.board.islands())
    assert all(c.island in islands and c.secret for c in drawn[0].state.commandos)
    assert len(drawn[0].state.commandos) == 2


def test_a_hidden_submarine_of_the_other_side_is_absent_from_the_players_world():
    """Level 5, Blue's submarine hidden on its notepad (l.1147) in D8 or in C2: Red's world holds
    no Blue hidden submarine, the same for both games; Blue's own world keeps it."""
    from tests.archipelago.test_sub_hidden import world
    a, b = world("D8", 0), world("C2", 0)
    assert _data(a) != _data(b)
    drawn = [sample_world(g, "Red", np.random.default_rng(4)) for g in (a, b)]
    assert _data(drawn[0]) == _data(drawn[1])
    assert not any(h.owner == "Blue" for h in drawn[0].state.hidden.values())
    assert any(h.owner == "Blue" for h in sample_world(a, "Blue", np.random.default_rng(4)).state.hidden.values())
