"""A hand-edited Archipelago save naming a player, a piece class, a point, a facing, a phase or a
level the game has not is refused when it is read -- one ScenarioError naming the file, the key down
to the value and what is wrong (lcb_lab/games/archipelago/state_check.py).  Before: the state was
checked for its types only; each of these loaded, and ``"kind": "dragon"`` or ``"to_move":
"Green"`` broke the game at its next act (a KeyError, a ValueError)."""
from __future__ import annotations

import pytest

from lcb_lab.games.archipelago.state_check import state_problem
from lcb_lab.ui.archipelago.game_ui import ARCH_UI, new_archipelago
from tests import hostile_saves as H
from tests.budget import FUZZ


def _saved(tmp_path) -> dict:
    return H.good_save(ARCH_UI, new_archipelago(1, 1), tmp_path, 12)


HOSTILE = [
    (("pieces", "Red TB-1", "owner"), "Green", "pieces.Red TB-1.owner", "'Green' is not a player (Red, Blue)"),
    (("pieces", "Red TB-1", "kind"), "dragon", "pieces.Red TB-1.kind", "'dragon' is not a class of the pieces' catalog"),
    (("pieces", "Red TB-1", "point"), [999, 999], "pieces.Red TB-1.point",
     "[999, 999] (column,row 999,1498) is not a point of the board 'archipelago'"),
    (("pieces", "Red TB-1", "facing"), 9, "pieces.Red TB-1.facing",
     "a piece faces one of the six sides of its point (0 to 5), not 9"),
    (("to_move",), "Green", "to_move", "'Green' is not a player (Red, Blue)"),
    (("phase",), "lunch", "phase", "'lunch' is not a phase (setup, start, move, fire, choose, cards)"),
    (("turn",), -1, "turn", "the turns count from 1, not -1"),
    (("level",), 9, "level", "the lab plays levels 1 to 5, not 9"),
]


@pytest.mark.parametrize("at", H.AT)
@pytest.mark.parametrize("case", range(len(HOSTILE)), ids=[k for _, _, k, _ in HOSTILE])
def test_a_state_the_game_has_not_is_refused_in_one_line(tmp_path, case, at):
    where, value, key, problem = HOSTILE[case]
    e, path = H.refusal(ARCH_UI, H.edited(_saved(tmp_path), at, where, H.set_to(value)), tmp_path)
    assert (e.file, e.key, e.problem) == (path, f"{at}.{key}", problem)


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
def test_every_state_of_random_play_passes_the_check(level):
    """The check refuses no state the rules reach (random legal play at each level)."""
    for g in H.random_acts(new_archipelago(level, level), 120, level):
        assert state_problem(g.state, g.board) is None


@pytest.mark.fuzz
@pytest.mark.parametrize("level", [1, 5] if FUZZ else [1])
def test_every_key_path_of_a_save_edited_is_refused_in_one_line_or_plays_on(tmp_path, level):
    """Every key of the state edited (a huge number or removed; under ``make fuzz`` at level 5 too and
    with every edit of ``hostile_saves.WALK_EDITS``): a ScenarioError naming the file, or a game that
    draws and plays.  Before: blue dice of 10**30 waiting to be used loaded and the next act's legal
    moves ran for minutes; a log entry without its title, or a save without Blue's Base A panel,
    loaded and broke every view (KeyError)."""
    saved = H.good_save(ARCH_UI, new_archipelago(level, level), tmp_path, 15)
    assert saved["state"]["dice"]
    edits = None if FUZZ else ("a huge number", "removed")
    tried, faults = H.walk(ARCH_UI, saved, tmp_path, edits)
    assert tried > 150 and faults == [], "\n".join(faults)


@pytest.mark.parametrize("at", H.AT)
def test_blue_dice_the_die_has_not_are_refused_in_one_line(tmp_path, at):
    saved = _saved(tmp_path)
    e, path = H.refusal(ARCH_UI, H.edited(saved, at, ("rolled",), H.set_to([3, 10**30])), tmp_path)
    assert (e.file, e.key, e.problem) == (path, f"{at}.rolled[1]",
                                          f"the sandbox blue die shows 2, 3, 4 or 5, not {10**30}")


def test_a_log_entry_without_its_title_is_refused_in_one_line(tmp_path):
    saved = H.edited(_saved(tmp_path), "state", ("log", 2, "title"), lambda inner, k: inner.pop(k))
    e, path = H.refusal(ARCH_UI, saved, tmp_path)
    assert (e.file, e.key, e.problem) == (path, "state.log[2].title", "missing: a log entry has it")


@pytest.mark.parametrize("at", H.AT)
def test_a_save_without_a_players_base_a_panel_is_refused_in_one_line(tmp_path, at):
    saved = H.edited(_saved(tmp_path), at, ("stock", "Blue"), lambda inner, k: inner.pop(k))
    e, path = H.refusal(ARCH_UI, saved, tmp_path)
    assert (e.file, e.key, e.problem) == (path, f"{at}.stock", "Blue's Base A panel is missing (l.159: each player has one)")
