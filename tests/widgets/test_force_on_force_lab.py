"""The Force on Force lab (``lcb_lab/ui/force_on_force/``) with real widget values: the sandbox table
in Bokeh (terrain by kind in a legend, the units a viewer knows, the selected unit's lines of sight
clear or blocked by the game's geometry), the *Turn* tab drawn from the viewer's legal acts with the
exact odds of a Reaction Test and a spotting roll before the roll, the explained log's ``l.N``
badges, a refusal as one red line, Undo, Fork here and its compare rows, Save / Load, and each
side's page holding nothing of a hidden enemy unit until one of its units spots it."""
from __future__ import annotations

import json
import re

from lcb_lab.games.force_on_force import actions as A
from lcb_lab.games.force_on_force import course as C
from lcb_lab.games.force_on_force.game import new_game
from lcb_lab.games.force_on_force.model.table import load
from lcb_lab.ui.force_on_force.app import FofLab, open_force_on_force_lab
from lcb_lab.ui.force_on_force.game_ui import FOF_UI, FofDiff
from lcb_lab.ui.force_on_force.table_view import KIND_STYLE
from tests.secret_text import tree_strings


def _texts(lab: FofLab) -> tuple[list[str], list[str]]:
    """The page's strings and the Bokeh table's, the shell's random CSS class and ids cut out."""
    texts, board = tree_strings(lab.widget)
    clean = [re.sub(r"lcb-lab-[0-9a-f]+", "lcb-lab-ID", t) for t in texts]
    uuid = r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"
    return sorted(clean), sorted(re.sub(uuid, "UUID", re.sub(r"p\d{4,}", "pID", t)) for t in board)


def _button(lab: FofLab, words: str):
    return next(b for w, _a, b in lab.turn_panel.buttons if w == words)


def _words(lab: FofLab) -> list[str]:
    return [w for w, _a, _b in lab.turn_panel.buttons]


def _data(lab: FofLab) -> dict:
    return lab.game.state_to_data(lab.game.state)


def test_the_lab_opens_on_the_sandbox_table_with_its_parts():
    lab = open_force_on_force_lab()
    assert [lab.tabs.get_title(i) for i in range(len(lab.tabs.children))] == ["Turn", "Game", "History"]
    assert lab.view_picker.options == (("Blue", "Blue"), ("Red", "Red"), ("Umpire", "instructor"))
    assert lab.team == "instructor"
    fig = lab.view.figure
    assert "Sandbox table, 24\" x 24\" (the text prints no table)" == fig.title.text
    legend = [item.label["value"] for item in fig.legend[0].items]
    assert legend == [KIND_STYLE[k][1] for k in ("dense", "average", "light", "building", "water", "cliff")]
    assert fig.legend[0] in fig.above and fig.legend[0] not in fig.center   # off the table: it hid the North Wood
    assert sorted(lab.view.sources["units"].data["name"]) == ["Cell", "Gunmen", "MG team", "Marines", "SAS A", "SAS B"]
    assert lab.view.sources["units"].data["fill"][lab.view.sources["units"].data["name"].index("Cell")] == "#ffffff"
    assert "Sandbox table, units, ranges, combat resolution" in lab.game_panel.game_info.value
    assert _words(lab)[0] == "Start the activations" and "Go on Overwatch" in _words(lab)


def test_lines_of_sight_from_the_selected_unit_are_clear_or_blocked():
    """Example 2's table after the gunmen ran behind the Dense Copse (l.60): the SAS's line to them
    is blocked, to the others at the centre clear; the card says so."""
    g = C.reaction_example_2()
    for a in (A.Activate("Gunmen", to="behind copse"), A.React("SAS", "fire")):
        g.apply(a)
    C.done(g)
    lab = open_force_on_force_lab(g, side="Blue")
    lab.select_unit("SAS")
    assert lab.view.sources["blocked"].data["label"] == ["Gunmen"]
    assert lab.view.sources["clear"].data["label"] == ["Others"]
    assert lab.view.sources["blocked"].data["xs"] == [[12.0, 17.0]]
    assert "line of sight: Gunmen blocked, Others clear (l.60, l.82)" in lab.unit_card.value


def test_a_reaction_test_shows_its_exact_odds_before_the_roll_then_the_log_cites_it():
    """Example 1 (l.294-306) played through the lab's buttons with forced dice."""
    lab = open_force_on_force_lab(C.reaction_example_1(), side="Red")
    lab.select_unit("MG team")
    tp = lab.turn_panel
    moves = [w for w, _a in tp.moves.options]
    assert "Fire at SAS" in moves and "Rapid move to south road and fire at SAS" in moves
    tp.moves.value = A.Activate("MG team", fire_at="SAS")
    tp.move_button.click()
    assert not lab.ctl.view_model().offers and "The other side is to act." in tp.head.value
    assert tp.hand_over_button.description == "Hand over to Blue"      # as the other labs name it
    tp.hand_over_button.click()
    assert lab.team == "Blue" and "Blue declares its Reactions to MG team (l.350)" in tp.head.value
    _button(lab, "React: fire").click()
    done = _button(lab, "Done declaring Reactions")
    odds = [c for c in tp.turn_box.children if done in getattr(c, "children", ())][0].children[1].value
    assert "l.318" in odds and "SAS wins: 51.2%" in odds          # 41 of the 80 pairs
    done.click()
    assert lab.game.history.cursor == 3 and lab.ctl.view_model().view["lost"] == {"Blue": 0, "Red": 3}
    assert "l.318" in lab.log.value and "Reaction Test: MG team d8 3+0 = 3, SAS d10 7+0 = 7" in lab.log.value
    assert "Blue wins" in tp.head.value


def test_a_search_shows_the_spotting_roll_odds_and_the_spotted_unit_appears():
    """SAS A (d10, advanced optics +1) searches the North Wood: a modified 4+ on 8 of 10 faces
    (l.116, l.160); it rolls 9 against the hidden Cell's 2 and spots it (l.118)."""
    cell = C.unit("Cell", "Red", 8, 6, C.HIDDEN_AT, hidden=True)
    g = C.situation(cell, C.unit("SAS A", "Blue", 10, 4, "centre", optics=True), initiative="Blue", forced=[9, 2])
    lab = open_force_on_force_lab(g, side="Blue")
    assert "Cell" not in lab.view.sources["units"].data["name"]
    lab.select_unit("SAS A")
    search = _button(lab, "Search North Wood")
    box = [c for c in lab.turn_panel.unit_box.children if search in getattr(c, "children", ())][0]
    assert "l.116" in box.children[1].value and "modified 4+: 80.0%" in box.children[1].value
    search.click()
    assert "Cell" in lab.view.sources["units"].data["name"]
    assert "SAS A spots Cell at (9.5, 15)" in lab.log.value
    lab.select_unit("SAS A")
    assert "has spotted: Cell (l.120)" in lab.unit_card.value


def test_a_refused_act_is_one_red_line_and_changes_nothing():
    lab = open_force_on_force_lab(C.hidden_cell(), side="Blue")
    before = _data(lab)
    lab.apply_act(A.Activate("SAS B", fire_at="Cell"))
    assert _data(lab) == before and lab.game.history.cursor == 0
    assert "Refused by the rules (l.110)" in lab.message.value and "Nothing changed." in lab.message.value
    lab.apply_act(None)
    assert "Nothing chosen to apply" in lab.message.value


def test_undo_fork_and_compare():
    lab = open_force_on_force_lab(C.reaction_example_1())
    lab.apply_act(A.Activate("MG team", fire_at="SAS"))
    lab.apply_act(A.React("SAS", "fire"))
    branch = lab.fork_here()
    fv = lab.fork_view
    fv.branch.apply_act(A.DoneReacting())                    # the same forced dice: the crew is wiped out
    assert branch.history.cursor == 3 and lab.game.history.cursor == 2
    assert fv.rows[:2] == [FofDiff("figures", "MG team", 3, 0), FofDiff("lost", "Red", 0, 3)]
    fv.close_button.click()
    assert lab.undo() and lab.game.history.cursor == 1                 # the umpire undoes any step
    assert FOF_UI.undo_allowed(lab.game, "Red") == (False, "another player has already answered or must act now")
    assert FOF_UI.undo_allowed(lab.game, "Blue") == (False, "the last step was Red's")
    lab.apply_act(A.React("SAS", "fire"))                     # a side's own last step, nothing rolled
    assert FOF_UI.undo_allowed(lab.game, "Blue") == (True, "your own last step, before anyone else has answered")
    assert [r.group for r in lab.timeline_rows()] == ["Turn 1", "Turn 1"]
    assert [r.undone for r in lab.timeline_rows()] == [False, False]


def test_save_and_load_the_record(tmp_path):
    lab = open_force_on_force_lab(files_dir=tmp_path)
    lab.apply_act(A.GoOnOverwatch("SAS A"))
    lab.apply_act(A.StartActivations())
    path = lab.save_game("fof.json")
    saved = _data(lab)
    assert json.loads(path.read_text())["record"]["steps"][0]["action"] == {"kind": "overwatch", "unit": "SAS A"}
    lab.new_game("sandbox_table", seed=3, confirm=True)
    assert lab.game.history.cursor == 0
    loaded = lab.load_game("fof.json", confirm=True)
    assert loaded is lab.game and _data(lab) == saved and loaded.history.cursor == 2
    (tmp_path / "bad.json").write_text('{"game": "chess"}')
    assert lab.load_game("bad.json", confirm=True) is None and "not a saved game of Force on Force" in lab.message.value


def _world(cell_at: tuple[float, float], side: str) -> FofLab:
    """The packaged units, the hidden Cell at ``cell_at`` in the House."""
    _table, units = load()
    for u in units:
        if u.name == "Cell":
            u.x, u.y = cell_at
    return open_force_on_force_lab(new_game(seed=1, units=units), side=side)


def test_no_page_of_blue_holds_the_hidden_cell_until_it_is_spotted():
    blue, other = _world((19.0, 18.0), "Blue"), _world((21.0, 19.0), "Blue")
    texts, board = _texts(blue)
    assert not any(re.search(r"\bCell\b", t) for t in texts + board)
    assert _texts(blue) == _texts(other)                    # two worlds: the same page, string for string
    for lab in (blue, other):
        lab.apply_act(A.StartActivations())
        lab.select_unit("SAS B")
    assert _texts(blue) == _texts(other)
    assert "Cell" not in json.dumps([repr(a) for a in blue.ctl.view_model().offers])
    red = _world((19.0, 18.0), "Red")
    red.select_unit("Cell")
    red_texts, red_board = _texts(red)
    assert any(re.search(r"\bCell\b", t) for t in red_texts) and any("Cell" in t for t in red_board)
    blue.set_team("instructor")                              # so the scan above can fail
    assert "Cell" in blue.view.sources["units"].data["name"]
    blue.set_team("Blue")
    assert "Cell" not in blue.view.sources["units"].data["name"]


def test_the_force_on_force_lab_loads_no_other_game():
    import subprocess
    import sys
    code = ("import json, sys\nfrom lcb_lab.ui.force_on_force.app import open_force_on_force_lab\n"
            "lab = open_force_on_force_lab()\nlab.fork_here(); lab.set_team('Red')\n"
            "print(json.dumps(sorted(m for m in sys.modules if m.startswith(('lcb_lab.games.lcb', 'lcb_lab.ui.lcb', "
            "'lcb_lab.games.archipelago', 'lcb_lab.ui.archipelago')))))")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout.splitlines()[-1]) == []


def test_presentation_mode_enlarges_the_tables_own_texts_and_off_restores_them():
    """The shared CSS zooms only the columns: presentation mode sizes the table's labels itself (units'
    labels 16 px as LC:B's designators, names and the legend 14 px), the text scale multiplies them."""
    lab = open_force_on_force_lab()
    fig, view = lab.view.figure, lab.view

    def sizes() -> tuple[str, str, str, str]:
        return (view._labels.text_font_size, view._names[0].text_font_size, fig.legend[0].label_text_font_size,
                fig.title.text_font_size)

    assert sizes() == ("12px", "10.7px", "10.7px", "13px")
    lab.set_presentation(True)
    assert sizes() == ("16px", "14px", "14px", "16px")
    texts = [r.glyph.text_font_size for r in fig.renderers if hasattr(r.glyph, "text_font_size")]
    assert len(texts) == 3 and texts.count("14px") == 2 and texts[-1] == "16px"     # places, terrain, units
    assert fig.xaxis[0].major_label_text_font_size == "14px"
    lab.set_presentation(False)
    assert sizes() == ("12px", "10.7px", "10.7px", "13px")
    lab.set_font_scale(1.4)
    assert sizes() == ("16.8px", "15px", "15px", "18.2px")
    assert open_force_on_force_lab(presentation=True).view._labels.text_font_size == "16px"


def test_the_turn_panel_words_read_as_sentences():
    """A plural unit's check reads "Marines' Troop Quality Check" (not "Marines's"); the interrupt question
    cites l.407 once (it printed "(Overwatch, l.407; Opportunity Fire, l.324) (l.407)"); a ChanceStep of a
    text cited by line prints "(l.39)", not "(rule l.39)"."""
    from lcb_lab.games.force_on_force.chance import preview
    from lcb_lab.ui.force_on_force.game_ui import question_text
    lab = open_force_on_force_lab(side="Blue")
    lab.apply_act(A.StartActivations())
    cross = next(a for a in lab.game.legal_actions() if isinstance(a, A.Cross))
    step = preview(lab.game, cross)
    assert step.label == "Marines' Troop Quality Check" and step.text().splitlines()[0] == f"{step.label} (l.39)"
    assert question_text({"side": "Blue", "question": "interrupt", "unit": "SAS A", "rule": "l.407"}) == (
        "Blue may interrupt the Reactions to SAS A (Overwatch, l.407; Opportunity Fire, l.324)")
    assert question_text({"side": "Red", "question": "react", "unit": "SAS A", "rule": "l.350"}) == (
        "Red declares its Reactions to SAS A (l.350)")


def test_a_narrow_frame_cuts_the_title_and_puts_the_legend_in_one_column_the_table_keeps_its_shape():
    """The frame the browser reports (JupyterLab at 1366x768 beside the file browser: 277 x 442 px): the
    title is cut at its words into lines that fit (it ran past the canvas), the legend takes one column (both
    its ends were cut), and the ranges keep 1 inch as many px across as up with the whole table in sight (it
    was drawn 11 px per inch across, 18 up); a wide frame gives the title back whole, the legend two columns."""
    lab = open_force_on_force_lab()
    v = lab.view
    p = v.figure
    v.fit_width(277)
    assert [p.title.text, *(t.text for t in v.head_titles if t.visible)] == [
        'Sandbox table, 24" x 24" (the text', "prints no table)"]
    assert p.legend[0].ncols == 1 and p.legend[0].label_text_font_size == "10.7px"
    v.fit_frame(277, 442)
    across = 277 / (p.x_range.end - p.x_range.start)
    up = 442 / (p.y_range.end - p.y_range.start)
    assert round(across, 6) == round(up, 6) == round(277 / 26, 6)
    assert (p.x_range.start, p.x_range.end) == (-1.0, 25.0) and p.y_range.start < -1 and p.y_range.end > 25
    v.fit_width(600)
    assert p.title.text == 'Sandbox table, 24" x 24" (the text prints no table)' and p.legend[0].ncols == 2
    assert not any(t.visible for t in v.head_titles)
