"""The terrain told apart without colour: its fills as drawn under colour-vision deficiency, its
hatches, the map key.

Deuteranopia, protanopia and tritanopia are simulated with colorspacious (Machado et al. 2009,
severity 100); differences are Delta E in CAM02-UCS, on the colours *as drawn*: each fill blended
with its alpha over what lies under it on the map (the sea -- the figure's background -- or the
land colour), read from the map's own glyphs and sources.
"""
from __future__ import annotations

import itertools

import numpy as np
import pytest
from colorspacious import cspace_convert, deltaE

from lcb_lab import load_scenario
from lcb_lab.ui.lcb.map import MapView, palette
from lcb_lab.ui.lcb.map.terrain_key import terrain_key_data

CVD = {name: {"name": "sRGB1+CVD", "cvd_type": f"{name}anomaly", "severity": 100}
       for name in ("deuter", "prot", "trit")}
MIN_DE = 10.0
"""Least Delta E (CAM02-UCS) between two terrain fills as drawn, for each colour-vision deficiency."""
KIND = {c: ("naval" if c == "blue" else "land") for c in palette.MP_COLOUR}
"""Where each MP colour is drawn: blue on naval hexes, the others on land (5.11)."""


def _rgb(colour: str) -> np.ndarray:
    h = colour.lstrip("#")
    return np.array([int(h[i:i + 2], 16) / 255 for i in (0, 2, 4)])


def _de(a: str, b: str, vision: str | None) -> float:
    pa, pb = _rgb(a), _rgb(b)
    if vision is not None:
        pa, pb = (np.clip(cspace_convert(p, CVD[vision], "sRGB1"), 0, 1) for p in (pa, pb))
    return float(deltaE(pa, pb, input_space="sRGB1", uniform_space="CAM02-UCS"))


def _over(top: str, alpha: float, base: str) -> str:
    c = alpha * _rgb(top) + (1 - alpha) * _rgb(base)
    return "#" + "".join(f"{round(255 * v):02x}" for v in c)


def _worst(drawn: dict[str, str], vision: str | None) -> tuple[float, str, str]:
    return min((_de(drawn[a], drawn[b], vision), a, b) for a, b in itertools.combinations(drawn, 2))


@pytest.fixture(scope="module")
def mv():
    return MapView(load_scenario("gotland_redux", seed=1).board)


def test_the_old_terrain_fills_were_one_colour_for_deuteranopes():
    # the palette before: brown #8a6142 and red #b0483a at alpha 0.62 over the land, then 0.16 again
    def old(c):
        return _over(c, 0.16, _over(c, 0.62, palette.LAND))
    assert _de(old("#8a6142"), old("#b0483a"), "deuter") < 2.0
    assert _de(old("#8a6142"), old("#b0483a"), None) > 10.0      # plain to everyone else


@pytest.mark.parametrize("vision", [None, *CVD])
def test_every_pair_of_terrain_fills_as_drawn_differs(vision):
    drawn = {c: palette.terrain_drawn(c, KIND[c]) for c in palette.MP_COLOUR}
    assert len(set(drawn.values())) == 6
    de, a, b = _worst(drawn, vision)
    assert de >= MIN_DE, (vision, a, b, round(de, 1))


def test_terrain_drawn_blends_the_fill_over_the_sea_or_the_land():
    assert palette.terrain_drawn("blue", "naval") == _over(palette.MP_COLOUR["blue"], palette.MP_ALPHA["blue"],
                                                           palette.SEA)
    for c in ("green", "yellow", "orange", "brown", "red"):
        for kind in ("land", "mixed"):
            assert palette.terrain_drawn(c, kind) == _over(palette.MP_COLOUR[c], palette.TERRAIN_ALPHA[c],
                                                           palette.LAND)
    assert palette.over("#000000", 0.5, "#ffffff") == "#808080"


def test_the_map_draws_each_hex_in_the_colour_the_test_measures(mv):
    """Each hex's colour composed from the map's own layers (background, land, terrain part,
    whole-hex fill) is :func:`palette.terrain_drawn` of its MP colour and kind."""
    fig = mv.figure
    sea = fig.background_fill_color
    land = fig.select_one({"name": "land"}).glyph.fill_color
    assert (sea, land) == (palette.SEA, palette.LAND)
    terrain_glyph = fig.select_one({"name": "terrain"}).glyph
    hexes_glyph = fig.select_one({"name": "hexes"}).glyph
    assert (terrain_glyph.fill_color, terrain_glyph.fill_alpha) == ("fill", "alpha")
    assert (hexes_glyph.fill_color, hexes_glyph.fill_alpha) == ("fill", "alpha")
    t = mv.sources["terrain"].data
    part = {lab: (f, a) for lab, f, a in zip(t["label"], t["fill"], t["alpha"])}
    h = mv.sources["hexes"].data
    kinds = set()
    for lab, fill, alpha, kind, colour in zip(h["label"], h["fill"], h["alpha"], h["kind"], h["colour"]):
        under = _over(*part[lab], land) if lab in part else sea
        assert _over(fill, alpha, under) == palette.terrain_drawn(colour, kind), (lab, kind, colour)
        kinds.add((kind, colour))
    assert kinds == {("naval", "blue"), ("mixed", "green"), ("land", "green"), ("mixed", "yellow")}


def test_each_terrain_has_a_hatch_of_its_own_and_the_map_draws_it(mv):
    hatches = palette.TERRAIN_HATCH
    assert set(hatches) == set(palette.MP_COLOUR) and len(set(hatches.values())) == 6
    overlay_hatches = {cue.hatch for cue in palette.CUE.values()} - {""}
    assert not overlay_hatches & set(hatches.values())        # never read as an overlay
    for name in ("terrain", "hexes", "terrain_key"):
        g = mv.figure.select_one({"name": name}).glyph
        assert (g.hatch_pattern, g.hatch_color, g.hatch_alpha, g.hatch_scale) == (
            "hatch", palette.TERRAIN_HATCH_COLOUR, palette.TERRAIN_HATCH_ALPHA, palette.TERRAIN_HATCH_SCALE), name
    # the land part of a land / mixed hex carries its colour's hatch; a naval hex its own (none for blue)
    t = mv.sources["terrain"].data
    colour = dict(zip(mv.sources["hexes"].data["label"], mv.sources["hexes"].data["colour"]))
    assert t["hatch"] == [hatches[colour[lab]] for lab in t["label"]]
    assert t["hatch"][t["label"].index("AD-20")] == "." and "." in t["hatch"] and ":" in t["hatch"]
    h = mv.sources["hexes"].data
    assert h["hatch"] == [hatches[c] if k == "naval" else " " for c, k in zip(h["colour"], h["kind"])]
    assert h["hatch"][h["label"].index("AM-26")] == " "


def test_the_map_key_names_each_terrain_of_the_board_with_its_swatch_and_hatch(mv):
    key = mv.terrain_legend
    assert key in mv.figure.center and key.location == "bottom_left" and key.visible
    d = mv.sources["terrain_key"].data
    assert [it.label["value"] for it in key.items] == ["Blue: 1 MP (naval)", "Green: 1 MP", "Yellow: 2 MP"]
    assert [it.index for it in key.items] == [0, 1, 2]
    assert d["fill"] == [palette.terrain_drawn("blue", "naval"), palette.terrain_drawn("green"),
                         palette.terrain_drawn("yellow")]
    assert d["hatch"] == [" ", ".", ":"] and d["xs"] == [[], [], []]
    g = key.items[0].renderers[0].glyph
    assert (g.fill_color, g.hatch_pattern, g.hatch_color) == ("fill", "hatch", palette.TERRAIN_HATCH_COLOUR)


def test_the_key_lists_all_six_colours_in_the_rulebooks_order_for_a_board_with_them(mv):
    board = mv.board

    class Every:                                # the board's hexes, one of each MP colour added
        name, hexes = board.name, {**board.hexes, **{
            f"Z-{i}": type("Hex", (), {"colour": c})() for i, c in enumerate(palette.MP_COLOUR)}}
    d = terrain_key_data(Every)  # type: ignore[arg-type]
    assert d["label"] == ["Blue: 1 MP (naval)", "Green: 1 MP", "Yellow: 2 MP", "Orange: 3 MP", "Brown: 4 MP",
                          "Red: prohibited"]


def test_the_map_key_follows_the_map_text_size(mv):
    mv.set_presentation(True)
    try:
        assert mv.terrain_legend.label_text_font_size == mv.legend.label_text_font_size == "15px"
    finally:
        mv.set_presentation(False)
    assert mv.terrain_legend.label_text_font_size == mv.legend.label_text_font_size


def test_the_hex_info_names_the_colour_and_its_hatch_beside_the_colour_as_drawn(mv):
    from lcb_lab.ui.lcb.panels import hex_info_html
    green = hex_info_html(mv.board, "AD-20")
    assert (f'<span class="lcb-swatch" style="background:{palette.terrain_drawn("green", "mixed")}"></span>'
            "green, dots \u2014 1 MP to enter") in green
    sea = hex_info_html(mv.board, "AM-26")
    assert f'style="background:#a5c5dc"></span>blue, no hatch \u2014 1 MP to enter' in sea


def test_a_map_too_narrow_for_the_key_does_not_draw_it_over_the_hexes(mv):
    """BokehJS gives a click inside a legend's box to the legend: on a frame under
    KEY_MIN_FRAME_PX (JupyterLab at 1366x768 with the file browser open, ~308 px) the key would
    swallow the clicks on the hexes under it, so it is not drawn there; a wider frame draws it again."""
    from lcb_lab.ui.lcb.map.map_sizes import KEY_MIN_FRAME_PX
    mv.frame_resized(308, 700)
    assert mv.terrain_legend.visible is False
    mv.frame_resized(KEY_MIN_FRAME_PX, 700)
    assert mv.terrain_legend.visible is True
