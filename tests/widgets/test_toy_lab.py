"""The lab is shared: a second game -- the toy *Scouts* of ``tests/kernel/toy_game.py`` -- opens in the
same shell as LC:B (``tests/widgets/toy_lab.py``: its "map" and an *Acts* tab), and the shared parts
work for it with real widget values: team views that show only what each player may know, acts
through the controller with one-line refusals, Undo and the timeline, Fork and the compare view,
Save and Load, presentation mode and the view picker -- and no LC:B module is loaded."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from lcb_lab.ui.lab.fork_view import ForkView
from tests.kernel.toy_game import PLAYERS, Bid, Pass, Shoot, Spot, bids, data, new_game
from tests.secret_text import tree_strings
from tests.widgets.toy_lab import ToyLab, open_toy_lab

ROOT = Path(__file__).resolve().parents[2]


def _page(lab: ToyLab) -> str:
    """The page's strings, with the shell's random CSS class (``lcb-lab-<hex id>``, which may hold "b1") cut out."""
    texts, board = tree_strings(lab.widget)
    return re.sub(r"lcb-lab-[0-9a-f]+", "lcb-lab-ID", "\n".join(texts + board))


def _spotted_lab(team: str | None = None, files_dir: Path | None = None) -> ToyLab:
    """Turn 1 bid (Blue draws the first card, "ambush"), then Red's r1 spots g1 (d6 4)."""
    g = new_game(forced=[4, 5])
    bids(g, 1, 0, 2)
    g.apply(Spot("r1", "g1"))
    return open_toy_lab(g, team=team, files_dir=files_dir)


def test_the_toy_game_opens_in_the_shared_lab_with_its_own_parts():
    lab = open_toy_lab()
    assert [lab.tabs.get_title(i) for i in range(len(lab.tabs.children))] == ["Acts", "Game", "History"]
    assert lab.view_picker.options == (("Red", "Red"), ("Green", "Green"), ("Blue", "Blue"), ("Umpire", "instructor"))
    assert lab.team == "instructor" and lab.scenario_picker.options == ("three_scouts",)
    assert lab.board.value.count("<td>") == 8 and "0: r1" in lab.board.value and "6: b1" in lab.board.value
    assert lab.acts.options[0][1] == Bid("Red", 0) and len(lab.acts.options) == 4
    lab.set_team("Green")                              # a sealed bid: every player may commit its own
    assert [a for _, a in lab.acts.options] == [Bid("Green", n) for n in range(4)]
    assert repr(lab) == "<ToyLab: Scouts, Green view>"


def test_each_team_view_shows_only_what_that_player_may_know():
    lab = _spotted_lab()
    umpire = _page(lab)
    assert "r1" in umpire and "ambush" in umpire and "r1 spots g1" in umpire     # so the scans below can fail
    lab.view_picker.value = "Green"                    # the view picker: Green knows no Red or Blue scout
    green = _page(lab)
    assert lab.team == "Green" and "Showing the Green view." in lab.message.value
    assert "r1" not in green and "b1" not in green and "ambush" not in green and "Red acted" in green
    assert [a for _, a in lab.acts.options] == [Pass()]  # Green's turn: no act names a scout it does not know
    assert "2: g1" in lab.board.value and lab.hand.value == "<b>Hand</b>: (none)"
    assert [r.label for r in lab.timeline_rows()] == ["Red acted", "bid: Green bids 0", "Blue acted", "Red acted"]
    lab.set_team("Red")                                # Red: its own scout and the one it spotted
    red = _page(lab)
    assert "0: r1" in lab.board.value and "2: g1" in lab.board.value and "b1" not in red and "ambush" not in red
    lab.set_team("Blue")
    assert "ambush" in lab.hand.value and "r1" not in _page(lab)
    lab.set_team("Purple")                             # not a viewer: one red line, the view stays
    assert lab.team == "Blue" and "Unknown view &#x27;Purple&#x27;: choose Red, Green, Blue or instructor" \
        in lab.message.value


def test_acts_go_through_the_controller_and_a_refusal_is_one_red_line():
    lab = _spotted_lab()
    before = data(lab.game)
    lab.apply_act(Shoot("g1", "r1"))                   # Green has not spotted r1 (and it is Green's turn)
    assert data(lab.game) == before
    assert lab.message.value == ('<div class="lcb-card"><span class="lcb-refused">shoot: Refused by rule T.2: '
                                 "g1 has not spotted r1. Nothing changed.</span></div>")
    assert '<span class="lcb-rule">T.2</span> Refused: g1 has not spotted r1' in lab.log.value   # the rule once
    assert "Refused by rule" not in lab.log.value and lab.game.history.cursor == 4
    lab.acts.value = Pass()
    lab.apply_button.click()                           # the Acts tab's button: the same path
    assert lab.game.state.seat == 2 and "pass: done." in lab.message.value and lab.game.history.cursor == 5


def test_undo_follows_the_games_rule_and_the_timeline_shows_the_past():
    lab = _spotted_lab(team="Red")
    assert lab.history_panel.undo_button.disabled and "off (another player has already answered or must act now)" in lab.history_panel.info.value
    assert not lab.undo() and lab.game.history.cursor == 4
    lab.set_team("instructor")
    assert lab.undo() and lab.game.history.cursor == 3 and lab.game.state.units["r1"].spotted == []
    assert lab.history_panel.steps.options[-1].endswith("Red acts (undone)") is False     # the umpire reads the label
    lab.show_step(1)                                   # the past: a fork, acting refused
    assert lab.history_panel.back_button.disabled is False and lab.game is not lab.history_panel.live
    lab.apply_act(Bid("Green", 1))
    assert "you are looking at step 1 of the past" in lab.message.value and lab.history_panel.live.history.cursor == 3
    lab.back_to_now()
    assert lab.game is lab.history_panel.live


def test_fork_here_opens_a_second_toy_lab_and_compares_the_games():
    lab = _spotted_lab()
    lab.apply_act(Pass())
    lab.apply_act(Pass())                              # Red's turn again: r1 may shoot g1
    branch = lab.fork_here()
    fv: ForkView = lab.fork_view
    assert isinstance(fv.branch, ToyLab) and fv.widget in lab.widget.children and branch is fv.branch.game
    fv.branch.apply_act(Shoot("r1", "g1"))             # the same dice (the umpire's fork): d6 5 destroys g1
    assert not fv.branch.game.state.units["g1"].alive
    assert {(r.topic, r.item): (r.left, r.right) for r in fv.rows} == {("score", "Red"): (0, 1),
                                                                       ("lost", "g1"): (False, True)}
    assert "g1" in fv.diff.value and "Umpire view" in fv.diff.value
    lab.set_team("Blue")                               # Blue knows no g1: the compare view does not name it
    assert fv.branch.team == "Blue" and {(r.topic, r.item) for r in fv.rows} == {("score", "Red")}
    assert "g1" not in fv.diff.value
    fv.close_button.click()
    assert fv.widget not in lab.widget.children and fv.branch is None


def test_save_and_load_a_toy_game(tmp_path):
    lab = _spotted_lab(files_dir=tmp_path)
    path = lab.save_game("toy.json")
    assert path == tmp_path / "toy.json"
    saved = data(lab.game)
    lab.new_game(confirm=True)
    assert lab.game.history.cursor == 0 and "New game: Scouts, seed 1. Bid in the Acts tab." in lab.message.value
    lab.apply_act(Bid("Red", 3))
    assert lab.load_game("toy.json") is None and lab.cancel_button in lab.game_panel.new_row.children   # asks first
    loaded = lab.load_game("toy.json", confirm=True)
    assert data(loaded) == saved and lab.game is loaded and lab.game.history.cursor == 4
    assert json.loads(path.read_text())["record"]["steps"][3]["action"] == {"kind": "spot", "unit": "r1", "target": "g1"}


def test_a_broken_toy_save_names_the_file_and_key_and_loses_nothing(tmp_path):
    lab = _spotted_lab(files_dir=tmp_path)
    saved = data(lab.game)
    (tmp_path / "bad.json").write_text(json.dumps({"state": {}, "dice": 5}))
    assert lab.load_game("bad.json", confirm=True) is None
    assert "bad.json" in lab.message.value and "state.units: missing" in lab.message.value and "\n" not in lab.message.value
    assert data(lab.game) == saved


def test_presentation_mode_is_the_shared_switch(tmp_path):
    lab = open_toy_lab(files_dir=tmp_path)
    lab.presentation_toggle.value = True
    assert lab.ctl.presentation and "lcb-presentation" in lab.widget._dom_classes
    lab.set_presentation(False)
    assert not lab.presentation_toggle.value and "lcb-presentation" not in lab.widget._dom_classes


def test_the_toy_lab_loads_no_lcb_module():
    code = ("import json, sys\nfrom tests.kernel.toy_game import Bid, PLAYERS\nfrom tests.widgets.toy_lab import open_toy_lab\n"
            "lab = open_toy_lab()\nfor p in PLAYERS:\n    lab.apply_act(Bid(p, 1))\nlab.fork_here(); lab.undo(); lab.set_team('Red')\n"
            "print(json.dumps(sorted(m for m in sys.modules if m.startswith(('lcb_lab.games', 'lcb_lab.ui.lcb')))))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout.splitlines()[-1]) == []
    assert PLAYERS == ("Red", "Green", "Blue")
