"""The one-screen layout and presentation mode, Python side.

The browser checks the geometry (tests/browser/test_projector_layout.py); here: the map sized
by the browser keeps the board's shape and its texts follow the frame, the presentation switch
reaches the map and the panels, and the layout's parts are where the CSS grid expects them.
"""
from __future__ import annotations

import pytest

from lcb_lab.games.lcb.io.loading import load_scenario
from lcb_lab.ui.lcb.map import MapView
from lcb_lab.ui import open_lab
from lcb_lab.ui.lcb.app import TAB_TITLES, LabApp


@pytest.fixture(scope="module")
def game():
    return load_scenario("gotland_redux", seed=1)


def _px(s: str) -> float:
    return float(s.rstrip("px"))


def test_a_map_sized_by_the_browser_fits_the_board_at_one_scale_and_centres_it(game):
    mv = MapView(game.board)
    mv.fill_box()
    p = mv.figure
    assert p.sizing_mode == "stretch_both" and p.frame_width is None and p.frame_height is None
    x0, x1, y0, y1 = mv.extent
    assert mv.frame_resized(1000, 600)                  # wide: height-bound, sea left and right
    k = 600 / (y1 - y0)
    assert mv.px_per_km == pytest.approx(k)
    xr, yr = p.x_range, p.y_range
    assert (yr.start, yr.end) == pytest.approx((y0, y1))
    assert (xr.end - xr.start) * k == pytest.approx(1000)          # 1 km as wide as tall
    assert (xr.start + xr.end) / 2 == pytest.approx((x0 + x1) / 2)
    assert (xr.reset_start, xr.reset_end) == (xr.start, xr.end)    # Reset goes back to the fit
    assert xr.bounds[0] < xr.start and xr.bounds[1] > xr.end       # panning stays possible
    assert not mv.frame_resized(1000, 600)              # the same size: nothing to do
    assert mv.frame_resized(400, 900)                   # tall: width-bound, sea above and below
    k = 400 / (x1 - x0)
    assert mv.px_per_km == pytest.approx(k) and (yr.end - yr.start) * k == pytest.approx(900)
    with pytest.raises(ValueError, match="positive"):
        mv.frame_resized(0, 500)


def test_the_map_texts_follow_the_frame_the_browser_reports(game):
    mv = MapView(game.board)
    mv.update(game, "instructor")
    mv.fill_box()
    mv.set_presentation(True)
    mv.frame_resized(680, 830)                          # ~ the frame at 1920x1080 in JupyterLab
    big = mv.font_sizes()
    assert _px(big["hex_labels"]) >= 14 and _px(big["legend"]) >= 14
    assert min(_px(s) for s in mv.sources["counters"].data["name_size"]) >= 16   # designators
    mv.frame_resized(430, 520)                          # ~ 1366x768: smaller, in proportion
    small = mv.font_sizes()
    assert _px(small["hex_labels"]) == pytest.approx(_px(big["hex_labels"]) * 520 / 830, abs=0.15)
    assert small["legend"] == "14px"                    # the legend never shrinks below its presentation size
    assert big["title"] == "20px" and _px(small["title"]) == pytest.approx(20 * 520 / 800, abs=0.1)  # fits the map


def test_the_browser_report_reaches_the_map_through_bokeh(game):
    """BokehJS writes inner_width / inner_height; the map follows (as jupyter_bokeh applies a patch)."""
    mv = MapView(game.board)
    mv.fill_box()
    for name, v in (("inner_width", 500), ("inner_height", 610)):   # readonly for users: BokehJS sets them
        mv.figure.set_from_json(name, v)
    assert mv.frame_size == (500, 610) and mv.px_per_km == pytest.approx(500 / (mv.extent[1] - mv.extent[0]))


def test_presentation_switch_reaches_the_map_and_the_panels(game):
    lab = LabApp(game.fork() if hasattr(game, "fork") else load_scenario("gotland_redux", seed=1))
    assert not lab.ctl.presentation and not lab.map.presentation
    assert "lcb-presentation" not in lab.widget._dom_classes
    lab.presentation_toggle.value = True
    assert lab.ctl.presentation and lab.map.presentation and "lcb-presentation" in lab.widget._dom_classes
    lab.set_presentation(False)
    assert not lab.presentation_toggle.value and not lab.map.presentation
    assert "lcb-presentation" not in lab.widget._dom_classes
    on = open_lab(presentation=True)
    assert on.presentation_toggle.value and on.map.presentation and on.map.filling


def test_the_layout_parts_sit_where_the_grid_expects_them():
    lab = open_lab()
    # the side column first in the page (Tab: top bar, hex box, map, controls); CSS grid areas place it right
    assert lab.grid.children == (lab.topbar, lab.side_log, lab.map_box, lab.right)
    assert lab.topbar.children[0] is lab.message                  # the message line: a fixed place
    assert lab.presentation_toggle in lab.toolbar.children and lab.view_picker in lab.toolbar.children
    assert lab.map_box.children == (lab.map_model,) and lab.map.filling
    assert [lab.tabs.get_title(i) for i in range(len(lab.tabs.children))] == list(TAB_TITLES)
    assert lab.side_log.children[3] is lab.log_box                     # the one explained log on screen:
    assert "Log" not in TAB_TITLES and lab.log_box not in lab.tabs.children   # no Log tab drawing it again
    assert lab.side_log.children[:2] == (lab.hex_box.widget, lab.hex_info)   # the side column: hex box, hex info, log
    assert lab.hex_box.widget not in lab.toolbar.children             # the top bar leaves its room to the message
    assert lab.hex_info not in lab.right.children
    assert lab.tabs.children[TAB_TITLES.index("Overlays")] is lab.overlays_tab is lab.unit_box.overlay_box
    assert lab.tabs.children[TAB_TITLES.index("Kill chain")] is lab.kill_chain_panel.widget   # a tab of its own: in view at 1366x768
    assert lab.unit_panel in lab.unit_box.widget.children                # the tracker beside the Unit list
    assert "lcb-unit-tracker" in lab.unit_panel._dom_classes
    assert "lcb-impulse" in lab.impulse_panel.widget._dom_classes
    assert "lcb-odds" in lab.impulse_panel.preview._dom_classes
    assert "grid-template-areas" in lab.css.value and "100vh" in lab.css.value


def test_the_card_effect_opens_folded_and_folds_away_once_applied():
    lab = open_lab()
    cards = lab.card_panel
    assert cards.visible and not cards.fold.value and cards.widget.children == ()      # folded at first: the switch
    assert cards.fold.description == "Card effect: hidden"
    cards.fold.value = True
    assert cards.widget.children == (cards.frame,)
    lab.select_hex("AL-21")
    cards.units.value = ("1 Anna",)
    cards.apply_button.click()
    assert not cards.fold.value and cards.widget.children == () and cards.visible
    assert (cards.fold.description, cards.fold.icon, cards.fold.button_style) == ("Card effect: hidden", "eye-slash", "")
    cards.fold.value = True
    assert cards.widget.children == (cards.frame,)
    assert (cards.fold.description, cards.fold.icon, cards.fold.button_style) == ("Card effect: shown", "eye",
                                                                                 "warning")
    lab.set_team("US")                                  # a team view: neither the panel nor its switch
    assert cards.widget.children == () and cards.fold_slot.children == () and not cards.visible


def test_the_combat_section_texts_are_short_enough_for_1366x768():
    """In combat at 1366x768 (JupyterLab, file browser open) the impulse controls had 14 px too little:
    the status line takes two lines (not three) and the empty allocation note one (not two)."""
    from tests.widgets.conftest import plain_text
    lab = open_lab("gotland_redux", seed=1)
    lab.begin_impulse("TF Boston")
    lab.declare([{"kind": "move_combat", "units": ["DDG-51"]}])
    p = lab.impulse_panel
    assert plain_text(p.status.value) == ("Turn 1 · initiative Blue (US)Blue (US) impulse: TF Boston · "
                                          "AP: 1 declared, 0 to spend (2 unused, lost 3.310) · carry out the actions")
    assert plain_text(p.alloc_list.value) == "No allocation yet: add rows, commit all at once (3.38)."
