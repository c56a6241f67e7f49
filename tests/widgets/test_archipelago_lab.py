"""The Archipelago lab (``lcb_lab/ui/archipelago/app.py``, ``game_ui.py``, ``turn_panel.py``) with real
widget values: the sandbox board as the map with the pieces, the *Turn* tab drawn from the viewer's
legal acts with the exact odds before each roll (the engine's ``chance_outcomes``), a move planned
step by step with its reach, a torpedo launched with forced dice, the hand-over, the explained log's
``l.N`` badges, the undo rule (a player takes back only its own last step that rolled nothing and
revealed nothing), Fork here and its compare rows, Save / Load, presentation mode, and each view's
page holding nothing of the other player's secrets (face-down panel A, cargo, the secret flagship)."""
from __future__ import annotations

import html
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from lcb_lab.games.archipelago import actions as A
from lcb_lab.games.archipelago.model.board_data import load_board
from lcb_lab.games.archipelago.stage import stage
from lcb_lab.kernel.hexgrid import Axial
from lcb_lab.ui.archipelago.app import ArchLab, open_archipelago_lab, piece_marks
from lcb_lab.ui.archipelago.geometry import xy
from lcb_lab.ui.archipelago.game_ui import ARCH_UI, SKIRMISH, ArchDiff
from lcb_lab.ui.lab.fork_view import ForkView
from tests.secret_text import tree_strings

ROOT = Path(__file__).resolve().parents[2]
BOARD = load_board()


def _skirmish(forced=(), team: str | None = None, **kw) -> ArchLab:
    """The skirmish (Red's three boats four points astern of Blue's, all facing south) with ``forced`` dice."""
    return open_archipelago_lab(stage(BOARD, SKIRMISH, forced=list(forced), level=1), team=team, **kw)


def _texts(lab: ArchLab) -> list[str]:
    """The page's strings but the Bokeh model's, with the shell's random CSS class cut out."""
    texts, _board = tree_strings(lab.widget)
    return sorted(re.sub(r"lcb-lab-[0-9a-f]+", "lcb-lab-ID", t) for t in texts)


def _data(lab: ArchLab) -> dict:
    return lab.game.state_to_data(lab.game.state)


def test_the_lab_opens_level_1_on_the_sandbox_board_with_its_parts():
    lab = open_archipelago_lab()
    assert [lab.tabs.get_title(i) for i in range(len(lab.tabs.children))] == ["Turn", "Study", "Game", "History"]
    assert lab.view_picker.options == (("Red", "Red"), ("Blue", "Blue"), ("Umpire", "instructor"))
    from lcb_lab.games.archipelago.model.scenario_book import SCENARIOS as TEXT
    assert lab.team == "instructor" and lab.scenario_picker.options == ("level_1", "level_2", "level_2_secret", "level_3", "level_4",
                                                                   "level_5", "level_5_cards", "skirmish", *TEXT)
    assert TEXT and list(TEXT)[0] == "convoy"
    assert repr(lab) == "<ArchLab: Archipelago, level 1: torpedo boats, instructor view>"
    assert "SANDBOX board" in lab.view.figure.title.text
    labels = lab.view.sources["piece_labels"].data["text"]
    assert sorted(labels) == sorted([str(i) for i in range(1, 9)] * 2)            # eight boats a side
    tp = lab.turn_panel
    assert "Turn 1</b> \u00b7 Red to move, phase start" in tp.head.value and "sandbox faces 2, 3, 3, 4, 4, 5" in tp.head.value
    # two blue dice match with P = 2 (1/6)^2 + 2 (1/3)^2 = 10/36 (the sandbox blue die, l.172)
    assert "BONUS move: 27.8% \u00b7 no BONUS move: 72.2%" in tp.roll_odds.value and "l.172" in tp.roll_odds.value
    assert tp.roll_button in tp.widget.children[1].children and not tp.shots.options


def test_a_turn_roll_move_step_by_step_torpedo_with_its_odds_then_hand_over():
    lab = _skirmish(forced=[3, 4, 5], team="Red")
    f, (x0, x1, y0, y1) = lab.view.figure, lab.view.extent          # the map opens on the whole board
    assert (f.x_range.start, f.x_range.end, f.y_range.start, f.y_range.end) == (x0, x1, y0, y1)
    for m in piece_marks(lab.ctl.view_model().view):
        x, y = xy(m.point)
        assert f.x_range.start + 4 <= x <= f.x_range.end and f.y_range.start + 4 <= y <= f.y_range.end - 4
    tp = lab.turn_panel
    tp.roll_button.click()
    assert lab.game.state.dice == [3, 4] and "blue dice left: 3, 4" in tp.head.value
    tp.piece.value = "Red TB-2"                              # the Piece list selects too
    assert lab.ctl.selected_unit == "Red TB-2" and "<b>Red TB-2</b>" in lab.piece_card.value
    tp.piece.value = ""
    assert lab.ctl.selected_unit is None and "Tap a piece on the map" in lab.piece_card.value
    lab.tap_point("30,21")                                   # a tap on Red TB-1 selects it
    assert lab.ctl.selected_unit == "Red TB-1" and tp.piece.value == "Red TB-1" and tp.die.value == 3
    assert "<b>Red TB-1</b> \u00b7 Torpedo Boat<br>point 30,21 (F5), facing S, hits 0 of 1<br>panel: T, T" in lab.piece_card.value
    assert len(tp.reach()) == 39 and lab.view.sources["reach"].data["xs"]         # blue 3 + 2 steps (l.178)
    tp.add_step("F")
    tp.add_step("R")
    assert "<b>Forward \u2192 Turn right</b> (2 steps) \u2192 point 30,22 (F5) facing SW" in tp.plan.value
    tp.move_button.click()
    assert lab.game.state.pieces["Red TB-1"].point == tuple(BOARD.from_col_row(30, 22))
    assert lab.message.value == '<div class="lcb-card"><span class="lcb-ok">move: done.</span></div>'
    shot = A.LaunchTorpedo("Red TB-2", "Blue TB-2", 0, 0)
    assert ("Red TB-2: torpedo at Blue TB-2 (straight)", shot) in tp.shots.options
    tp.shots.value = shot                                   # 4 points ahead: a red 4 or more hits (l.203)
    assert "HIT: 50.0% \u00b7 MISS: 50.0%" in tp.shot_odds.value and "4 or more hits" in tp.shot_odds.value
    assert len(lab.view.sources["firing"].data["xs"]) == 1                          # the torpedo's line ahead
    tp.course.value = (3, 1)                                 # turning right at step 3, it misses Blue TB-2
    assert tp.shot() == A.LaunchTorpedo("Red TB-2", "Blue TB-2", 3, 1)
    assert "the course cannot hit<br>HIT: 0.0% \u00b7 MISS: 100.0%" in tp.shot_odds.value
    tp.course.value = ""                                     # the offered course again
    assert tp.shot() == shot and "HIT: 50.0%" in tp.shot_odds.value
    tp.fire_button.click()                                  # red 5: the run reaches Blue TB-2 at step 4
    assert "Blue TB-2" not in lab.game.state.pieces and lab.game.state.phase == "fire"
    assert sorted(lab.view.sources["piece_labels"].data["text"]) == ["1", "1", "2", "3", "3"]
    assert ('<span class="lcb-rule">l.206</span> <b>red 5: the torpedo from Red TB-2 hits Blue TB-2 (step 4)</b>'
            in lab.log.value) and '<span class="lcb-rule">l.243</span>' in lab.log.value
    assert not tp.piece.options[1:]                          # after the first shot no piece moves (l.174)
    tp.end_button.click()
    assert lab.game.state.to_move == "Blue" and tp.hand_over_button.description == "Hand over to Blue"
    assert tp.hand_over_button in tp.widget.children[1].children
    tp.hand_over_button.click()
    assert lab.team == "Blue" and "Showing the Blue view." in lab.message.value
    assert tp.roll_button in tp.widget.children[1].children


def test_a_plan_that_leaves_the_board_says_so_instead_of_naming_a_point():
    """A plan whose steps end off the board names no point (before: "-> point 8,-6", an axial pair the board's
    labels never show); the move is refused when tried (l.120)."""
    lab = _skirmish(forced=[3, 4, 5], team="Red")
    tp = lab.turn_panel
    tp.roll_button.click()
    lab.tap_point("30,21")
    assert lab.ctl.selected_unit == "Red TB-1"
    for _ in range(40):                    # far past any edge of the basic board (columns A to G)
        tp.add_step("F")
    assert "(40 steps) \u2192 off the board" in tp.plan.value and "point" not in tp.plan.value.split("\u2192")[-1]
    before = lab.game.state.pieces["Red TB-1"].point
    tp.move_button.click()
    assert "Nothing changed" in lab.message.value and lab.game.state.pieces["Red TB-1"].point == before


def test_a_refused_move_names_the_point_as_the_piece_card_and_the_hover_do():
    """Red TB-1 runs four points south onto Blue TB-1 (l.182): the refusal names the point "30,25 (F6)", as
    the card of the boat standing there, its hover on the map and the point's own hover do (before: the
    refusal said "(30, 10)", the axial pair, and the card "point 30,25 (F6)")."""
    lab = _skirmish(forced=[3, 4, 5])
    tp = lab.turn_panel
    tp.roll_button.click()
    lab.tap_point("30,21")
    for _ in range(4):
        tp.add_step("F")
    tp.move_button.click()
    assert "l.182" in lab.message.value and "Red TB-1 cannot step onto 30,25 (F6): Blue TB-1 stands there" in lab.message.value
    lab.tap_point("30,25")
    assert lab.ctl.selected_unit == "Blue TB-1" and "<br>point 30,25 (F6), facing S," in lab.piece_card.value
    pieces = lab.view.sources["pieces"].data
    assert pieces["point"][list(zip(pieces["label"], pieces["owner"])).index(("1", "Blue"))] == "30,25 (F6)"
    names = [n for c in ("dark_blue", "light_blue") for lbl, n in zip(lab.view.sources[f"points_{c}"].data["label"],
                                                                       lab.view.sources[f"points_{c}"].data["name"])
             if lbl == "30,25"]
    assert names == ["30,25 (F6)"]


def test_a_gun_shot_shows_its_three_lines_and_odds_then_the_hit_on_the_map():
    g = stage(BOARD, [("Red C-9", (30, 21), "S"), ("Blue C-9", (30, 27), "S"), ("Blue D-13", (34, 23), "N")],
              forced=[3, 4, 2], level=2)
    lab = open_archipelago_lab(g, team="Red")
    tp = lab.turn_panel
    tp.roll_button.click()                                   # one ship: one blue die (l.289)
    assert lab.game.state.dice == [3]
    assert [a for _, a in tp.shots.options] == [A.FireGun("Red C-9", "Blue C-9"), A.FireGun("Red C-9", "Blue D-13")]
    tp.shots.value = A.FireGun("Red C-9", "Blue C-9")        # 6 d: P(red + green >= 6) = 21/36 (l.329)
    assert "red + green: 6 or more hits, a double 1 fails<br>HIT: 58.3% \u00b7 MISS: 41.7%" in tp.shot_odds.value
    assert len(lab.view.sources["firing"].data["xs"]) == 3                          # the three forward lines (l.324)
    assert not any(tp.course in getattr(b, "children", ()) for b in tp.widget.children)   # no course for a gun
    tp.fire_button.click()                                   # red 4 + green 2 = 6: hit
    assert lab.game.state.pieces["Blue C-9"].hits == ["G"] and len(lab.view.sources["hits"].data["x"]) == 1
    assert "red 4 + green 2 = 6 &gt;= 6: Blue C-9 is hit" in lab.log.value
    lab.select_piece("Blue C-9")
    assert "hits 1 of 2" in lab.piece_card.value


def test_a_refused_act_is_one_red_line_and_changes_nothing():
    lab = _skirmish(forced=[3, 4], team="Red")
    lab.turn_panel.roll_button.click()
    before = _data(lab)
    lab.apply_act(A.Move("Red TB-1", "BFB", 3))
    assert _data(lab) == before and lab.game.history.cursor == 1
    assert lab.message.value == ('<div class="lcb-card"><span class="lcb-refused">move: Refused by the rules (l.191): Red TB-1 '
                                 "may move backward only one step in a turn, not 2. Nothing changed.</span></div>")
    assert '<span class="lcb-rule">l.191</span> Refused: Red TB-1 may move' in lab.log.value   # the rule once, as a badge
    lab.set_team("Blue")                                     # Blue has nothing to do on Red's turn
    assert not lab.ctl.view_model().offers and lab.turn_panel.hand_over_button.description == "Hand over to Red"
    lab.set_team("Green")
    assert lab.team == "Blue" and "Unknown view" in lab.message.value


def test_undo_a_player_takes_back_only_its_own_last_step_that_rolled_and_revealed_nothing():
    lab = _skirmish(forced=[3, 4], team="Red")
    lab.turn_panel.roll_button.click()
    assert not lab.undo() and "the last step rolled dice" in lab.message.value       # no fishing for dice
    lab.apply_act(A.Move("Red TB-1", "F", 3))
    assert lab.undo() and lab.game.state.pieces["Red TB-1"].point == tuple(BOARD.from_col_row(30, 21))
    assert lab.game.history.cursor == 1 and lab.game.state.dice == [3, 4]
    lab.turn_panel.end_turn()
    assert not lab.undo() and "another player has already answered or must act now" in lab.message.value
    lab.set_team("instructor")
    assert lab.undo() and lab.game.state.to_move == "Red"                          # the umpire: any step
    g = lab.game
    assert ARCH_UI.undo_allowed(g, "Blue") == (False, "the last step was Red's")
    rows = lab.timeline_rows()
    assert [(r.group, r.label, r.undone) for r in rows] == [
        ("Turn 1 \u00b7 Red", "roll movement: blue 3-4", False),
        ("Turn 1 \u00b7 Red", "end turn: Red ends turn 1", True)]


def test_fork_here_compares_the_branch_after_a_torpedo():
    lab = _skirmish(forced=[3, 4, 6])
    lab.turn_panel.roll_button.click()
    branch = lab.fork_here()
    fv: ForkView = lab.fork_view
    assert isinstance(fv.branch, ArchLab) and branch is fv.branch.game
    fv.branch.apply_act(A.LaunchTorpedo("Red TB-3", "Blue TB-3", 0, 0))             # the same dice: red 6 hits
    assert "Blue TB-3" not in fv.branch.game.state.pieces and "Blue TB-3" in lab.game.state.pieces
    assert fv.rows == [ArchDiff("afloat", "Blue TB-3", True, False)]
    assert "Blue TB-3" in fv.diff.value
    fv.close_button.click()
    assert fv.branch is None


def test_save_and_load_the_record(tmp_path):
    lab = _skirmish(forced=[3, 4], files_dir=tmp_path)
    lab.turn_panel.roll_button.click()
    lab.apply_act(A.Move("Red TB-1", "FF", 4))
    path = lab.save_game("arch.json")
    saved = _data(lab)
    assert json.loads(path.read_text())["record"]["steps"][1]["action"] == {
        "kind": "move", "piece": "Red TB-1", "steps": "FF", "die": 4}
    lab.new_game("level_2", seed=3, confirm=True)
    assert lab.game.state.level == 2 and "New game: Archipelago, level 2: ships, seed 3" in lab.message.value
    loaded = lab.load_game("arch.json", confirm=True)
    assert loaded is lab.game and _data(lab) == saved and loaded.history.cursor == 2
    (tmp_path / "open.json").write_text(json.dumps({"game": "archipelago", "board": "open sea"}))
    assert lab.load_game("open.json", confirm=True) is None and "the file has &#x27;open sea&#x27;" in lab.message.value
    (tmp_path / "bad.json").write_text('{"game": "chess"}')
    assert lab.load_game("bad.json", confirm=True) is None and "not a saved game of Naval Battle" in lab.message.value


def test_presentation_mode_is_the_shared_switch():
    lab = _skirmish()
    lab.presentation_toggle.value = True
    assert lab.ctl.presentation and "lcb-presentation" in lab.widget._dom_classes
    lab.set_presentation(False)
    assert "lcb-presentation" not in lab.widget._dom_classes


def _font(glyphs: list) -> set[str]:
    return {g.text_font_size for g in glyphs}


def test_presentation_grows_the_boards_texts_the_piece_numbers_to_16_px_on_a_new_board_too():
    """Presentation reaches the board's own texts (the CSS zoom reaches only the columns, and not at all
    below 1000 px of height): the pieces' numbers 10 -> 16 px (LC:B's designators), the sector letters
    13 -> 16, the grey column,row numbers 10 -> 13 (their own size, not the letters'), the bases' names 11 -> 14, the key and its lines 10 -> 14, the title 13 -> 16; off again, back;
    a level-5 game started in presentation draws its new board's numbers at 16 px (they stayed 10 px)."""
    lab = _skirmish()
    t = lab.view.texts
    assert _font(t.glyphs["pieces"]) == {"10px"} and lab.view.legend.label_text_font_size == "10px"
    lab.presentation_toggle.value = True
    t = lab.view.texts
    assert (_font(t.glyphs["pieces"]), _font(t.glyphs["sectors"]), _font(t.glyphs["bases"])) == ({"16px"}, {"16px"}, {"14px"})
    assert _font(t.glyphs["ticks"]) == {"13px"} and len(t.glyphs["ticks"]) == 1   # the grey column,row numbers
    assert lab.view.figure.title.text_font_size == "16px" and lab.view.legend.label_text_font_size == "14px"
    assert {k.text_font_size for k in t.key_titles if k.visible} == {"14px"}
    lab.set_presentation(False)
    assert _font(t.glyphs["pieces"]) == {"10px"} and lab.view.figure.title.text_font_size == "13px"
    assert _font(t.glyphs["ticks"]) == {"10px"} and _font(t.glyphs["sectors"]) == {"13px"}   # not the letters' size
    lab.set_font_scale(1.4)                                                      # large text: 14 px
    assert _font(t.glyphs["pieces"]) == {"14px"}
    lab.set_font_scale(1.0)
    lab.set_presentation(True)
    lab.new_game("level_5", seed=1, confirm=True)
    assert lab.view.board.name == "archipelago_expanded" and _font(lab.view.texts.glyphs["pieces"]) == {"16px"}


def test_at_a_narrow_frame_the_title_and_key_are_cut_to_fit_and_the_key_takes_few_rows():
    """The frame's width the browser reports (JupyterLab at 1366x768 beside the file browser: about 300 px)
    cuts the key lines under the board (one paragraph) at their dots, the title at its words, and puts the key
    above the board in as many columns as fit (its short words: three rows at most in presentation); a wide frame
    gives them back in one line each; the reach's and the firing lines' rows only while they are drawn."""
    lab = _skirmish()
    v = lab.view
    v.fit_width(300)
    shown = [k.text for k in v.texts.key_titles if k.visible]
    assert shown == ["\u2693 port \u00b7 \u2692 workshop \u00b7 A ammunition \u00b7 F fuel (l.130)",
                     "H helicopter landing \u00b7 framed: bases (l.108)",
                     "sectors A1-G7 (l.110) \u00b7 grey: point column,row (sandbox)"]
    assert v.legend.ncols == 3 and v.figure.title.text == "archipelago: SANDBOX board (l.106-130)"
    assert [i.label.value for i in v.legend.items if i.visible] == [
        "deep water", "shallows", "land, H lands", "land, beach", "high land"]
    lab.set_presentation(True)                                                  # 16 px: the title cut too
    assert v.figure.title.text == "archipelago: SANDBOX board" and v.legend.ncols == 2     # 5 words: 3 rows
    assert [h.text for h in v.texts.head_titles if h.visible] == ["(l.106-130)", "the text prints its board only as pictures"]
    lab.set_presentation(False)
    v.fit_width(900)
    assert [k.text for k in v.texts.key_titles if k.visible] == [
        "\u2693 port \u00b7 \u2692 workshop \u00b7 A ammunition \u00b7 F fuel (l.130) \u00b7 H helicopter landing \u00b7 "
        "framed: bases (l.108) \u00b7 sectors A1-G7 (l.110) \u00b7 grey: point column,row (sandbox)"]
    assert v.legend.ncols == 5 and [h.text for h in v.texts.head_titles if h.visible] == [
        "the text prints its board only as pictures"]
    v.show_reach([Axial(3, 4), Axial(4, 4)])                                    # the reach drawn: its row in the key
    assert [i.label.value for i in v.legend.items if i.visible][-1] == "reach of the move" and v.legend.ncols == 6
    v.show_reach([])
    assert not v.legend.items[-2].visible and v.legend.ncols == 5


def test_the_whole_board_is_letterboxed_in_any_frame_and_the_bases_names_shrink_on_a_small_board():
    """The basic board shows whole in any frame the browser reports, 1 d as wide as tall, centred, bars beside or
    above and below (it was cropped top and bottom to fill the frame's width); drawn under 14 px a d (JupyterLab
    beside the file browser) the bases' names are their letters, framed in the owner's colour."""
    lab = _skirmish()
    f, (x0, x1, y0, y1) = lab.view.figure, lab.view.extent
    names = lambda: lab.view.sources["base_names"].data["text"]        # noqa: E731 -- a new dict each change
    for w, h in ((304, 400), (543, 424), (831, 779)):
        lab.fit_frame(w, h)
        xs, ys = f.x_range.end - f.x_range.start, f.y_range.end - f.y_range.start
        assert w / xs == pytest.approx(h / ys)                                  # 1 d as wide as tall
        assert f.x_range.start <= x0 + 1e-9 and f.x_range.end >= x1 - 1e-9 and f.y_range.start <= y0 + 1e-9
        assert f.y_range.end >= y1 - 1e-9 and min(xs - (x1 - x0), ys - (y1 - y0)) == pytest.approx(0, abs=1e-9)
        assert (f.x_range.start + f.x_range.end) / 2 == pytest.approx((x0 + x1) / 2)
        assert f.x_range.bounds[0] <= f.x_range.start and f.y_range.bounds[1] >= f.y_range.end   # pans nowhere
        small = w / xs < 14
        assert names() == (["A", "B", "A", "B"] if small else ["Red Base A", "Red Base B", "Blue Base A", "Blue Base B"])
    f.x_range.update(start=10.0, end=20.0)                                      # zoomed in by the class
    f.y_range.update(start=-20.0, end=-10.0)
    lab.fit_frame(400, 300)                                                     # a new frame shape (a key row more)
    assert (f.y_range.start, f.y_range.end) == (-20.0, -10.0) and f.x_range.end - f.x_range.start == pytest.approx(10 * 4 / 3)
    assert (f.x_range.start + f.x_range.end) / 2 == pytest.approx(15.0)        # the zoom kept, round its centre
    lab.fit_frame(304, 400)                                                     # still zoomed: kept
    lab.frame_pieces()                                                          # a new game: the whole board again
    assert (f.x_range.start, f.x_range.end) == pytest.approx((x0, x1)) and names() == ["A", "B", "A", "B"]


SECRET_RULES = ["l.283", "l.370", "l.394"]


def _secret_world(blue_flagship: str, blue_cargo: list[str]) -> ArchLab:
    """Level 2 with face-down Base A panels (l.283), face-down cargo (l.370), secret flagships (l.394)."""
    pieces = [("Red C-9", (30, 21), "S"), ("Red A-15", (32, 21), "S", {"ammo": ["T", "T", "G"]}),
              ("Blue C-9", (30, 25), "S"), ("Blue C-10", (34, 25), "S"),
              ("Blue A-15", (32, 25), "S", {"ammo": blue_cargo})]
    g = stage(BOARD, pieces, level=2, optional_rules=SECRET_RULES,
              flagships={"Red": "Red C-9", "Blue": blue_flagship})
    return open_archipelago_lab(g, team="Red")


def test_no_view_holds_the_other_players_secrets():
    lab = _secret_world("Blue C-10", ["G", "G", "G"])
    other = _secret_world("Blue C-9", ["T", "T", "G"])
    red = "\n".join(_texts(lab))
    assert "Red flagship: Red C-9" in red and "panel: T, T, G" not in red                 # its own are shown
    assert "Blue Base A: " in red and "marker(s), face down (l.283)" in red
    assert "Blue writes its flagship on paper" in red
    assert not re.search(r"Blue.s flagship is|Blue flagship:|G, G, G", red)
    lab.select_piece("Blue A-15")
    assert "panel: 3 marker(s), face down (l.370)" in lab.piece_card.value
    lab.select_piece(None)
    # two worlds differing only in Blue's secrets: Red's page is the same, string for string
    assert _texts(lab) == _texts(other)
    assert lab.view.sources["pieces"].data == other.view.sources["pieces"].data
    for view in ("Blue", "instructor"):                      # so the scans above can fail
        lab.set_team(view)
        assert "Blue flagship: Blue C-10" in "\n".join(_texts(lab))
    lab.select_piece("Blue A-15")
    assert "panel: G, G, G" in lab.piece_card.value
    lab.set_team("Red")                                        # a switch back drops nothing of Blue's
    assert not re.search(r"Blue flagship:|G, G, G", "\n".join(_texts(lab)))


def test_the_secret_level_2_game_draws_each_flagship_and_shows_it_to_its_own_side_only():
    """The lab's ``level_2_secret`` game: flagships on paper (l.394, drawn by seed: sandbox), Base A
    and the ammunition ship face down (l.283, l.370); each view names its own flagship only."""
    from lcb_lab.ui.archipelago.game_ui import ARCH_UI, secret_flagships
    flags = secret_flagships(3)
    assert set(flags) == {"Red", "Blue"} and all(f.startswith(side) for side, f in flags.items())
    g = ARCH_UI.new_game("level_2_secret", 3, None)
    assert g.state.optional_rules == ["l.283", "l.370", "l.394"] and g.state.flagships == flags
    lab = open_archipelago_lab(g, team="Red")
    red = "\n".join(_texts(lab))
    assert f"Red flagship: {flags['Red']}" in red and "Blue flagship:" not in red
    lab.set_team("Blue")
    blue = "\n".join(_texts(lab))
    assert f"Blue flagship: {flags['Blue']}" in blue and "Red flagship:" not in blue


def test_the_archipelago_lab_loads_no_lcb_module():
    code = ("import json, sys\nfrom lcb_lab.ui.archipelago.app import open_archipelago_lab\n"
            "lab = open_archipelago_lab(scenario='skirmish')\nlab.turn_panel.roll_button.click()\n"
            "lab.fork_here(); lab.undo(); lab.set_team('Red')\n"
            "print(json.dumps(sorted(m for m in sys.modules if m.startswith(('lcb_lab.games.lcb', 'lcb_lab.ui.lcb')))))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout.splitlines()[-1]) == []


def test_a_torpedo_left_short_is_drawn_and_continued_with_the_green_die_odds_first():
    # blue 3-4, red 3: the run of 3 stops one point astern of Blue TB-2 (l.207); Blue rolls 2-3 and ends
    lab = _skirmish(forced=[3, 4, 3, 2, 3, 3])
    tp = lab.turn_panel
    tp.roll_button.click()
    lab.apply_act(A.LaunchTorpedo("Red TB-2", "Blue TB-2", 0, 0))
    assert lab.game.state.torpedoes["T1"].point == tuple(BOARD.from_col_row(32, 24))
    assert lab.view.sources["pieces"].data["kind"].count("torpedo") == 1            # a small arrow on the map
    tp.end_turn()
    tp.roll_button.click()
    tp.end_turn()                                            # Red's turn: the marker may run on first
    assert tp.torpedoes.value == A.ContinueTorpedo("T1", 0, 0) and len(tp.torpedoes.options) == 9
    assert "one green die: 1 or more hits<br>HIT: 100.0% \u00b7 MISS: 0.0%" in tp.continue_odds.value
    tp.continue_button.click()                               # green 3: it reaches Blue TB-2 at step 1 (l.208)
    assert "Blue TB-2" not in lab.game.state.pieces and not lab.game.state.torpedoes
    assert "<b>green 3: T1 hits Blue TB-2</b>" in lab.log.value


def test_the_study_tab_plays_the_turn_so_far_with_the_shots_exact_chance_beside_the_sampled_share():
    """Red rolls and launches a torpedo (the red die, l.203), then studies its turn: the plan is the
    two acts from the turn's start; the exact chance is the engine's for that launch, and the
    sampled share lies in its 95 % interval.  Blue's view may not study Red's turn; the Umpire may."""
    from lcb_lab.games.archipelago import actions as A
    lab = _skirmish([4, 4, 3, 2], team="Red")
    assert "Study" in lab.tabs.titles
    lab.turn_panel.roll_button.click()
    shot = A.LaunchTorpedo("Red TB-1", "Blue TB-1")
    p_hit = lab.ctl.game.chance_outcomes(shot).probability(1)
    lab.apply_act(shot)
    panel = lab.study_panel
    assert "Red's 2 act(s) so far this turn" in panel.offer.value.replace("&#x27;", "'") and not panel.button.disabled
    r = panel.run(runs=120, seed=2)
    assert r.plan.acts == (A.RollMovement(), shot) and r.exact is not None and r.exact.p_hit == p_hit
    lo, hi = r.first_shot().interval
    assert r.first_shot().n == 120 and lo <= p_hit <= hi
    assert "first shot hits" in panel.table.value and f"{p_hit:.1%}" in panel.table.value
    assert lab.ctl.game.history.cursor == 2                      # the game shown is not changed
    lab.set_team("Blue")
    assert panel.button.disabled and "its own turn only" in panel.offer.value
    assert panel.run(runs=10) is None
    lab.set_team("instructor")
    assert not panel.button.disabled


def test_the_study_tab_marks_a_study_the_turn_has_moved_on_from():
    """The shared study panel in a second game: Red studies its turn at step 2, then ends the turn; the
    result stays, greyed under the line naming the step it studied (the view model's revision)."""
    from lcb_lab.games.archipelago import actions as A
    from tests.widgets.conftest import plain_text
    lab = _skirmish([4, 4, 3, 2], team="Red")
    lab.turn_panel.roll_button.click()
    lab.apply_act(A.LaunchTorpedo("Red TB-1", "Blue TB-1"))
    panel = lab.study_panel
    assert panel.run(runs=20, seed=2) is not None and panel.stale.value == ""
    lab.turn_panel.end_turn()
    assert plain_text(panel.stale.value) == ("Studied at step 2; the game has moved on (now step 3): "
                                             "Study again for the plan as it stands.")
    assert "lcb-stale" in panel.result_box._dom_classes and "first shot hits" in panel.table.value


def test_level_3_a_helicopter_takes_off_and_flies_through_more_acts_with_the_odds_of_its_roll():
    """The lab plays level 3 (l.396ff): the helicopters' acts come in *More acts*, each family's
    options made by the engine's own template; a take-off (l.439), then next turn the flying
    helicopter's hover and progressive flight (l.449-461)."""
    from lcb_lab.games.archipelago import actions as A
    lab = open_archipelago_lab(level=3)
    assert "level_3" in lab.scenario_picker.options and "level_4" in lab.scenario_picker.options
    tp, more = lab.turn_panel, lab.turn_panel.more
    before = [label for label, _ in more.family.options] if more.widget in tp.widget.children else []
    assert all(label.startswith("unload missile") for label in before)   # before the roll: only l.502's unloading
    tp.roll_button.click()
    assert more.widget in tp.widget.children
    labels = [label for label, _ in more.family.options if not label.startswith("unload missile")]
    assert labels == ["take off: Red H-1 (36 options)", "take off: Red H-2 (36 options)"]
    more.family.value = next(a for label, a in more.family.options if label.startswith("take off"))
    assert more.option in more.widget.children and more.option.options[0][0] == "take off: Red H-1 to 7,4 (B1) facing N"
    more.apply()
    assert lab.ctl.game.view()["flying"] == ["Red H-1"] and "take off: done." in lab.message.value
    for act in (A.EndTurn(), A.RollMovement(), A.EndTurn(), A.RollMovement()):
        lab.apply_act(act)
    kinds = {label.split(":")[0] for label, _ in more.family.options}
    assert {"take off", "hover", "fly"} <= kinds
    more.family.value = next(a for label, a in more.family.options if label.startswith("fly"))
    assert more.option in more.widget.children and more.option.options[0][0].startswith("fly: Red H-1")
    lab.set_team("Blue")                                         # not Blue's turn: no act offered
    assert more.widget not in tp.widget.children


def test_the_card_shows_each_base_b_panel_face_down_to_the_other_side_under_l431():
    """Base B's own panel (l.429) on the side card; its A-S and A-A face down to the other side (l.431)."""
    water = [p for p in BOARD if BOARD.admits(p, "ship")]

    def lab_for(panel, team):
        g = stage(BOARD, [("Red TB-1", water[0], "N"), ("Blue TB-1", water[-1], "S")], level=3,
                  optional_rules=["l.431"], stock={"Red": {}, "Blue": {}}, panels_b={"Red Base B": panel})
        return open_archipelago_lab(g, team=team)
    assert "Red Base B panel: 1 A-A, 1 A-S" in lab_for({"A-S": 1, "A-A": 1}, "Red").piece_card.value
    blue = lab_for({"A-S": 1, "A-A": 1}, "Blue")
    assert "Red Base B panel: 2 face down" in blue.piece_card.value and "Blue Base B panel: empty" in blue.piece_card.value
    assert _texts(blue) == _texts(lab_for({"A-S": 2}, "Blue"))


def test_the_game_tab_chooses_land_launchers_for_a_text_scenario_that_uses_them():
    """l.995: the players choose launchers or not; *New game* of the Convoy places Red's L-1 and L-3 on
    Red's square red points (l.991); the Capturing Island uses none (l.1526): the lists are disabled."""
    lab = open_archipelago_lab(scenario="convoy")
    red, blue = lab.launcher_picker.sides["Red"], lab.launcher_picker.sides["Blue"]
    assert lab.launcher_picker.widget in lab.game_panel.widget.children
    assert red.options == (("L-1 (S-S)", "L-1"), ("L-2 (S-S)", "L-2"), ("L-3 (S-A)", "L-3"), ("L-4 (S-A)", "L-4"))
    assert not red.disabled and "None chosen" in lab.launcher_picker.note.value
    red.value = ("L-1", "L-3")
    assert "New game places Red L-1 on first free, L-3 on first free (l.991)." in lab.launcher_picker.note.value
    lab.new_game("convoy", 1, confirm=True)
    pieces = lab.ctl.view_model().view["pieces"]
    assert sorted(p for p in pieces if " L-" in p) == ["Red L-1", "Red L-3"]
    squares = {p for f in lab.game.board.features.values() if f.kind == "launcher" and f.owner == "Red" for p in f.points}
    assert {tuple(pieces[p]["point"]) for p in ("Red L-1", "Red L-3")} <= {tuple(q) for q in squares}
    # l.991: the players choose on which of the square points to put them
    on = lab.launcher_picker.points["Red"]
    assert [label for label, _ in on["L-3"].options] == ["first free", "point 83,47 (N10)", "point 93,6 (P2)",
                                                         "point 75,13 (M3)", "point 77,40 (M9)", "point 89,17 (O4)",
                                                         "point 79,39 (N8)", "point 76,15 (M4)"]
    on["L-1"].value, on["L-3"].value = (77, 40), (76, 15)
    assert "Red L-1 on point 77,40 (M9), L-3 on point 76,15 (M4)" in lab.launcher_picker.note.value
    lab.new_game("convoy", 1, confirm=True)
    pieces, board = lab.ctl.view_model().view["pieces"], lab.game.board
    assert {p: board.col_row(Axial(*pieces[p]["point"])) for p in ("Red L-1", "Red L-3")} == \
        {"Red L-1": (77, 40), "Red L-3": (76, 15)}
    on["L-3"].value = (77, 40)                          # two launchers on one point: warned, then refused
    assert "Two launchers on one point (Red point 77,40 (M9)): New game will refuse it." in lab.launcher_picker.note.value
    before = lab.game
    assert lab.new_game("convoy", 2, confirm=True) is None and lab.game is before
    assert "Refused by the rules (l.991): Red L-3 stands on a free one of Red's square red points (l.991), not point 77,40 " \
           "(it holds Red L-1). Nothing changed." in html.unescape(lab.ctl.message)
    red.value = ("L-1",)
    assert list(lab.launcher_picker.points["Red"]) == ["L-1"] and lab.ctl.ui.launchers == {"Red": {"L-1": (77, 40)}}
    lab.scenario_picker.value = "capture"
    assert red.disabled and blue.disabled and red.value == () and lab.ctl.ui.launchers == {}
    assert "l.1526: Capturing Island uses no land launchers" in lab.launcher_picker.note.value
    lab.new_game("capture", 1, confirm=True)
    assert not [p for p in lab.ctl.view_model().view["pieces"] if " L-" in p]
    for name in ("salvage", "tanker"):                  # S-S missiles not used (l.1473, l.1452): S-A launchers only
        lab.scenario_picker.value = name
        assert [v for _, v in red.options] == ["L-3", "L-4"] and not red.disabled
    lab.scenario_picker.value = "level_1"
    assert red.disabled and "only for the scenarios of the text" in lab.launcher_picker.note.value


def test_the_turn_tab_offers_a_hovercraft_unloading_onto_base_bs_panel():
    """l.614: the *Turn* tab's logistics list holds the unloading the game lists, and *Apply* unloads."""
    from tests.archipelago.test_base_b_unload import hovercraft
    lab = open_archipelago_lab(hovercraft(["A-S"]), team="Red")
    act = A.UnloadAtBase("Red HC-18", "A-S")
    tp = lab.turn_panel
    assert ("Red HC-18: unload A-S onto its base's panel", act) in tp.logistics.options
    tp.logistics.value = act
    tp.logistics_button.click()
    assert lab.ctl.view_model().view["panels_b"] == {"Red Base B": {"A-A": 1, "A-S": 1}}


def test_the_maps_title_is_two_short_lines_the_sandbox_tag_first():
    """The one-line title (about 110 characters) was cut at the frame's right edge at 1366 x 768; the
    page's heading names the game, the title the board and its tag, a second line why (l.106-130)."""
    lab = open_archipelago_lab()
    assert lab.view.figure.title.text == "archipelago: SANDBOX board (l.106-130)"
    assert lab.view.subtitle.text == "the text prints its board only as pictures"
