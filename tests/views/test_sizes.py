"""Presentation mode and a map that grows with its space: text sizes in screen px follow the frame,
presentation meets the projector targets, counters stay in their hexes, stacks list on hover."""
from __future__ import annotations

import pytest
from shapely import box

from lcb_lab.games.lcb import hexes as lcb_hexes
from lcb_lab import load_scenario
from lcb_lab.ui.lcb.map import MapView, sizing
from lcb_lab.ui.lcb.map import overlays as ov
from lcb_lab.ui.lcb.map.counters import COUNTER_KM, MIN_NAME_PX, CounterStyle, counter_layers, name_font_size


@pytest.fixture(scope="module")
def game():
    return load_scenario("gotland_redux", seed=1)


def _px(size: str) -> float:
    return float(size.rstrip("px"))


def _designator_px(mv: MapView) -> list[float]:
    d = mv.sources["counters"].data
    return [_px(s) for s, t in zip(d["name_size"], d["t_name"]) if t]


def _designators(mv: MapView) -> list[str]:
    d = mv.sources["counters"].data
    return [t for t in d["t_name"] if t]


def test_resize_fits_the_space_keeps_the_aspect_and_reports_the_frame(game):
    mv = MapView(game.board)
    x0, x1, y0, y1 = mv.extent
    fw, fh = mv.resize(1100, 1000)
    p = mv.figure
    assert (fw, fh) == (p.frame_width, p.frame_height)
    assert fw / fh == pytest.approx((x1 - x0) / (y1 - y0), abs=2 / fh)
    ow, oh = mv.outer_size()
    assert ow <= 1100 and oh <= 1000 and oh >= 1000 - 2          # height-bound: it fills the height
    # width-bound: a narrow box
    fw2, _ = mv.resize(600, 1000)
    assert mv.outer_size()[0] <= 600 and fw2 >= 600 - sizing.TOOLBAR_PX - 2 * sizing.BORDER_PX - 2
    for bad in (0, -5, float("nan"), "wide"):
        with pytest.raises(ValueError, match="positive"):
            mv.resize(bad, 800)


def test_texts_follow_the_frame_size(game):
    mv = MapView(game.board)
    mv.update(game, "instructor")
    base = mv.font_sizes()
    names = _designator_px(mv)
    assert base["hex_labels"] == "7px"                          # the default look at the default size
    mv.resize(*(1.5 * v for v in mv.outer_size()))
    k = mv.figure.frame_height / 860
    assert k == pytest.approx(1.5, abs=0.05)
    big = mv.font_sizes()
    for name, v in base.items():
        if name not in ("title", "subtitle"):
            assert _px(big[name]) == pytest.approx(k * _px(v), abs=0.06), name
    # designators follow the frame too, but never below 12 px (MIN_NAME_PX: on a plate when wider than the counter)
    assert names == [12.0] * len(names)
    expected = [round(max(k * _px(name_font_size(t)), MIN_NAME_PX), 1) for t in _designators(mv)]
    assert _designator_px(mv) == pytest.approx(expected, abs=0.06)
    # the counters, symbols and umbrella rings are in km: they grow with the hexes by themselves
    d = mv.sources["counters"].data
    assert max(d["img_w"]) < COUNTER_KM
    mv.resize(*mv.outer_size())                                 # same size again: nothing changes
    assert mv.font_sizes() == big
    mv.resize(*(1.6 * v for v in mv.outer_size()))
    assert min(_designator_px(mv)) > 12                         # a large frame: its designators grow on


@pytest.mark.parametrize("frame_height", [sizing.PRESENTATION_MIN_FRAME_HEIGHT, 950])
def test_presentation_meets_the_projector_targets(game, frame_height):
    mv = MapView(game.board)
    mv.update(game, "instructor")
    mv.set_presentation(True)
    # the space a 1920x1080 screen gives the map; the frame is as tall as asked
    ow, oh = sizing.outer_size(round(frame_height * mv.aspect), frame_height, True)
    mv.resize(ow, oh)
    assert mv.figure.frame_height == frame_height
    sizes = mv.font_sizes()
    names = _designator_px(mv)
    assert len(names) >= 10 and min(names) >= 16                 # every designator, "DDG(X)-106" too
    assert _px(sizes["hex_labels"]) >= 14 and _px(sizes["legend"]) >= 14
    assert _px(sizes["stack_counts"]) >= 14
    # they scale with the frame: the taller frame has proportionally larger texts
    assert min(names) == pytest.approx(16 * frame_height / sizing.PRESENTATION_MIN_FRAME_HEIGHT, abs=0.06)
    assert mv.figure.select_one({"name": "hex_labels"}).glyph.text_color == "#1b232b"
    # and back: the default look at this size
    mv.set_presentation(False)
    assert _px(mv.font_sizes()["hex_labels"]) == pytest.approx(7 * mv.size_factor, abs=0.06)
    assert max(_designator_px(mv)) < 16


def _stacked_view(game, hex_label: str, n: int) -> dict:
    view = game.view("instructor")
    moved = [dict(c, hex=hex_label) for c in view["counters"] if c.get("hex")][:n]
    uids = {c["uid"] for c in moved}
    return dict(view, counters=[c for c in view["counters"] if c["uid"] not in uids] + moved)


@pytest.mark.parametrize("n", [1, 2, 3, 5])
def test_presentation_counters_stay_in_their_hex_under_the_larger_label(game, n):
    ppk = sizing.PRESENTATION_PX_PER_KM
    label_km = sizing.PRESENTATION_FONT_PX["hex_labels"] / ppk
    style = CounterStyle.for_mode(True)
    layers = counter_layers(_stacked_view(game, "AL-23", n), style=style)
    d = layers["counters"]
    s = style.side_km
    assert sum(h == "AL-23" for h in d["hex"]) >= n
    for i, hx in enumerate(d["hex"]):
        x, y = d["x"][i], d["y"][i]
        assert box(x - s / 2, y - s / 2, x + s / 2, y + s / 2).within(ov.hex_polygon(hx).buffer(0.05)), hx
        cx, cy = ov.hex_centre(hx)
        top = cy + 0.5 * lcb_hexes.HEX_KM
        assert y + s / 2 <= top - 0.25 - label_km + 1e-6, hx            # below the 14 px label
        if d["t_name"][i]:                                               # the designator's plate
            plate_bottom = d["y_name"][i] - 0.5 * _px(d["name_size"][i]) / ppk
            assert plate_bottom >= cy - 0.5 * lcb_hexes.HEX_KM, hx         # inside its hex
        if d["url"][i]:                                                  # the symbol inside the counter
            assert x - s / 2 < d["img_x"][i] and d["img_x"][i] + d["img_w"][i] < x + s / 2
            assert d["img_y"][i] < y + s / 2 and d["img_y"][i] - d["img_h"][i] > d["y_name"][i]


def test_a_five_counter_stack_is_listed_on_hover(game):
    mv = MapView(game.board)
    view = _stacked_view(game, "AL-23", 5)
    layers = counter_layers(view, selected=view["counters"][-1]["id"])
    st = layers["stacks"]
    i = st["hex"].index("AL-23")
    assert st["n"][i] == 5
    tip = st["tip"][i]
    stacked = [c for c in view["counters"] if c["hex"] == "AL-23"]
    for c in stacked:
        assert f"<b>{c['uid']}</b>" in tip and f"HP {c['hp']}/{c['hp_max']}" in tip
    assert tip.count("<br>") == 5 and "stack of 5" in tip
    # the selected unit is on top: listed first, drawn with the count badge
    assert tip.index(stacked[-1]["uid"]) < min(tip.index(c["uid"]) for c in stacked[:-1])
    d = layers["counters"]
    top = [k for k, h in enumerate(d["hex"]) if h == "AL-23" and d["top"][k]]
    assert len(top) == 1 and d["n"][top[0]] == "5" and d["t_name"][top[0]] == stacked[-1]["uid"]
    # the hover tool reads the stacks' footprints, and its HTML is built from escaped view data
    hover = mv._hover
    assert [r.name for r in hover.renderers] == ["stack_hover"] and "@tip{safe}" in hover.tooltips
    evil = dict(view, counters=[dict(stacked[0], uid="<script>x</script>", hex="AL-23")])
    assert "<script>" not in counter_layers(evil)["stacks"]["tip"][0]


def test_presentation_widens_lines_and_grows_the_hover_text(game):
    mv = MapView(game.board)
    ovs = ov.unit_overlays(game, "DDG-51")
    mv.show_overlays(ovs)
    w = list(mv.sources["overlays"].data["width"])
    mv.set_presentation(True)
    assert mv.sources["overlays"].data["width"] == pytest.approx([1.5 * v for v in w])
    tip_px = mv.text_px("tooltip")
    assert tip_px >= 18 and f"font-size:{tip_px:g}px" in mv._hover.tooltips
    assert mv.legend.glyph_width > 34


def test_a_small_map_keeps_its_texts_readable_and_its_panel_texts_whole(game):
    mv = MapView(game.board)
    mv.update(game, "US")
    mv.resize(480, 600)
    assert mv.size_factor < 0.65
    sizes = mv.font_sizes()
    assert _px(sizes["hex_labels"]) == 6 and min(_designator_px(mv)) == 12    # floored, not 4 px
    d = mv.sources["counters"].data
    assert all(a == 1.0 for a, t in zip(d["plate_alpha"], d["t_name"]) if t)   # on plates, overhanging
    assert sizes["legend"] == "10px" and sizes["title"] == "13px"            # panel texts do not shrink
    w, h = mv.outer_size()
    assert w <= 480 and h <= 600


@pytest.mark.parametrize("frame", [(495, 610), (749, 923)])
def test_the_hover_tips_stay_over_the_map(game, frame):
    """A hover tip goes on the side of the cursor with more room (``horizontal``) and is never wider
    than half the frame less a margin: it never reaches the Unit Tracker beside the map."""
    import re
    mv = MapView(game.board)
    mv.fill_box()
    mv.frame_resized(*frame)
    for presentation in (False, True):
        mv.set_presentation(presentation)
        hovers = [mv._hover, mv._chip_hover]
        assert [h.attachment for h in hovers] == ["horizontal", "horizontal"]
        for h in hovers:
            width = int(re.search(r"max-width:(\d+)px", h.tooltips).group(1))
            assert 120 <= width <= frame[0] // 2 - 24, (presentation, width)
    assert mv.tip_width_px() == min(round(34 * mv.text_px("tooltip")), frame[0] // 2 - 24)


# ------------------------------------------------------------------ presentation: place names vs labels and counters
PRESENTATION_FRAMES = {"voila-1920x1080": (749, 923), "jupyterlab-1920x1080": (688, 849), "voila-1366x768": (495, 610)}
"""Map frames (px) the lab gets in presentation (measured in Chromium)."""
FULL_HD = [k for k in PRESENTATION_FRAMES if "1920" in k]

LABEL_EM = 0.62
"""Hex labels ("AJ-23": capitals and digits) in em, generous."""


def _box(cx, cy, half_w, half_h):
    return box(cx - half_w, cy - half_h, cx + half_w, cy + half_h)


def _presentation_map(game, frame):
    mv = MapView(game.board)
    mv.fill_box()
    mv.frame_resized(*frame)
    mv.set_presentation(True)
    return mv


def _occupied_boxes(mv: MapView, designator: str = "DDG(X)-106") -> dict:
    """Per board hex, the boxes (km) a counter stack there may cover: the counters fanned right and
    down (3 levels) and the designator plate of the top one, at the widest designator."""
    from lcb_lab.ui.lcb.map.board_layers import NAME_PLATE  # noqa: F401  (the plate exists)
    from lcb_lab.ui.lcb.map.counters import NARROW_EM
    st, k = mv.counter_style(), mv.px_per_km
    s, (dx, dy), n = st.side_km, st.step_km, st.levels - 1
    plate_w = (len(designator) * NARROW_EM * st.name_px(designator) + 4) / k
    plate_h = (st.name_px(designator) + 4) / k
    out = {}
    for lab in game_board_labels(mv):
        cx, cy = ov.hex_centre(lab)
        y = cy - st.drop_km
        fan = box(cx - s / 2, y - s / 2 + n * dy, cx + s / 2 + n * dx, y + s / 2)
        plate = box(cx - plate_w / 2, y - 0.36 * s - plate_h / 2, cx + n * dx + plate_w / 2, y - 0.36 * s + plate_h / 2)
        out[lab] = (fan, plate)
    return out


def game_board_labels(mv: MapView) -> list[str]:
    return list(mv.sources["hexes"].data["label"])


def _label_boxes(mv: MapView) -> dict:
    d, k = mv.sources["hex_labels"].data, mv.px_per_km
    size = _px(mv.font_sizes()["hex_labels"])
    return {t: box(x - len(t) * LABEL_EM * size / k / 2, y - size / k, x + len(t) * LABEL_EM * size / k / 2, y)
            for x, y, t in zip(d["x"], d["y"], d["text"])}       # text_baseline "top": y is the top


def _name_boxes(mv: MapView) -> list[tuple[str, str, object]]:
    d, k = mv.sources["names"].data, mv.px_per_km
    out = []
    for x, y, t, size, hx, a in zip(d["x"], d["y"], d["text"], d["size"], d["hex"], d["alpha"]):
        if a > 0:
            f = _px(size)
            out.append((t, hx, _box(x, y, (len(t) * 0.5 * f + 2) / k / 2, (f + 2) / k / 2)))
    return out


@pytest.mark.parametrize("where", FULL_HD)
def test_presentation_place_names_never_cover_a_hex_label_or_a_counter(game, where):
    """Every place name of the Gotland map, in presentation: its text box (on its plate) meets no hex
    label's box and no box a counter stack (with the widest designator) may cover in any other hex;
    its own hex's counters make it step aside (hidden) -- so nothing a class reads is drawn over."""
    mv = _presentation_map(game, PRESENTATION_FRAMES[where])
    mv.update(game, "instructor")
    occupied = set(mv.sources["counters"].data["hex"])
    names = mv.sources["names"].data
    assert [t for t, hx, a in zip(names["text"], names["hex"], names["alpha"]) if a == 0] == \
        [t for t, hx in zip(names["text"], names["hex"]) if hx in occupied]
    mv._last_view = ({**game.view("instructor"), "counters": []}, None)
    mv._draw_counters()                             # an empty board: every name shown
    shown = _name_boxes(mv)
    assert {t for t, _h, _b in shown} >= {"Visby", "Klintehamn", "Burgsvik", "Fårösund", "Slite", "Hemse"}
    labels, stacks = _label_boxes(mv), _occupied_boxes(mv)
    problems = []
    for text, hx, b in shown:
        problems += [f"{text} ({hx}) over the label {lab}" for lab, lb in labels.items() if b.intersects(lb)]
        problems += [f"{text} ({hx}) over a counter in {lab}" for lab, (fan, plate) in stacks.items()
                     if lab != hx and (b.intersects(fan) or b.intersects(plate))]
    assert not problems, "\n".join(problems)
    d = mv.sources["names"].data
    towns = [_px(s) for s, kind in zip(d["size"], d["kind"]) if kind in ("city", "town")]
    assert min(towns) >= 10                                 # fitted to the hex, still readable


def test_a_place_name_steps_aside_for_the_counters_in_its_hex(game):
    mv = _presentation_map(game, PRESENTATION_FRAMES["voila-1920x1080"])
    mv.update(game, "instructor")
    d = mv.sources["names"].data
    slite = d["text"].index("Slite")
    assert d["hex"][slite] == "AL-21" and d["alpha"][slite] == 0.0 == d["plate"][slite]     # the Anna stack
    visby = d["text"].index("Visby")
    assert d["hex"][visby] == "AJ-21" and d["alpha"][visby] == 1.0 and d["plate"][visby] > 0.5
    cx, cy = ov.hex_centre("AJ-21")
    assert (d["x"][visby], d["y"][visby]) == (cx, cy - 3.5)                  # under the label AJ-21
    view = game.view("instructor")
    view["counters"] = [dict(c, hex="AJ-21") if c.get("uid") == "Ivan Co" else c for c in view["counters"]]
    mv._last_view = (view, None)
    mv._draw_counters()                                                    # Ivan Co moves into Visby
    assert mv.sources["names"].data["alpha"][visby] == 0.0
    mv.set_presentation(False)                          # the default look: every name beside its town
    d = mv.sources["names"].data
    assert d["alpha"] == [1.0] * len(d["text"]) and d["x"] == d["gx"] and d["y"] == d["gy"]


@pytest.mark.parametrize("where", list(PRESENTATION_FRAMES))
def test_presentation_designators_are_16_px_at_least_on_every_screen(game, where):
    mv = _presentation_map(game, PRESENTATION_FRAMES[where])
    mv.update(game, "instructor")
    least = min(_designator_px(mv))
    assert least >= 16, least


def _text_width_px(text: str, size_px: float) -> float:
    """``text``'s width at ``size_px`` in the font Chromium draws the legend in here (Bokeh's helvetica:
    Liberation Sans, Helvetica's metrics; DejaVu Sans, wider, where it is missing)."""
    from pathlib import Path
    from PIL import ImageFont
    for f in ("/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
              "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"):
        if Path(f).is_file():
            return ImageFont.truetype(f, size=100).getlength(text) * size_px / 100
    pytest.skip("no Liberation Sans or DejaVu Sans to measure the legend's text")


@pytest.mark.parametrize("frame", [(308, 537), (433, 537), (749, 923)])
def test_presentation_legend_rows_stay_inside_a_narrow_frame(game, frame):
    """In presentation the overlays' legend (14 px and more) shrinks where its longest row would be wider
    than the frame -- JupyterLab at 1366x768 with the file browser open gives a 308 px frame (docs/ui.md),
    where "Movement reach of DDG-51 (50 hexes)" at 14 px was cut at the frame's edge; a wide frame keeps
    the projector size."""
    from lcb_lab.ui.lcb.map.map_sizes import LEGEND_CHROME_PX
    mv = MapView(game.board)
    mv.fill_box()
    mv.frame_resized(*frame)
    mv.set_presentation(True)
    mv.show_overlays(ov.unit_overlays(game, "DDG-51"))
    size = _px(mv.legend.label_text_font_size)
    widest = max(_text_width_px(t, size) for t in mv.legend_labels())
    assert widest + mv.legend.glyph_width + LEGEND_CHROME_PX <= frame[0], (size, widest)
    if frame[0] >= 700:
        assert size >= 14                                   # the projector size where it fits


@pytest.mark.parametrize("frame, want", [((308, 537), 12.0), ((495, 610), 15.9), ((749, 923), None)])
def test_a_narrow_map_keeps_its_presentation_hover_tip_a_readable_shape(game, frame, want):
    """In presentation the hover tip's 18 px text shrinks where the tip (at most half the frame) would hold
    fewer than 14 em a line -- JupyterLab's 308 px frame at 1366x768 with the file browser open made it a
    130 px column of ten characters a line, running off the map -- never below the default look's 12 px."""
    import re
    mv = MapView(game.board)
    mv.fill_box()
    mv.frame_resized(*frame)
    mv.set_presentation(True)
    width = int(re.search(r"max-width:(\d+)px", mv._hover.tooltips).group(1))
    size = float(re.search(r"font-size:([\d.]+)px", mv._hover.tooltips).group(1))
    assert size == (want or mv.text_px("tooltip")) and (size == 12.0 or width / size >= 14), (width, size)
    if want is None:
        assert size >= 18                                  # a wide map keeps the projector size
