"""The map's data-driven hatches name a texture for the blank pattern (:func:`palette.blank_hatch`).

BokehJS resolves a hatch read from a data column to one image per row and per glyph view, and
for a blank row (``" "``) it creates a canvas of its own that it never paints; a row whose
pattern ``hatch_extra`` names takes that texture's image instead, drawn at once (an image loaded
later makes BokehJS paint the map again).  These tests check that every such glyph of the map (the terrain, the hexes, the naval zones, the map key, the counters
and both overlay layers) names the blank texture, that blank rows are still the blank pattern
(so BokehJS still skips them when painting), and that two maps in two documents share no texture.
"""
from __future__ import annotations

import pytest
from bokeh.document import Document
from bokeh.models import CanvasTexture, GlyphRenderer

from lcb_lab import load_scenario
from lcb_lab.ui.lcb.map import MapView, palette

HATCHED = {"terrain", "hexes", "naval_zones", "terrain_key", "counters", "overlays", "marker_overlays"}
"""The map's renderers whose ``hatch_pattern`` is the ``hatch`` data column."""


@pytest.fixture(scope="module")
def board():
    return load_scenario("gotland_redux", seed=1).board


def _field_hatched(mv: MapView) -> dict[str, GlyphRenderer]:
    out = {}
    for r in mv.figure.renderers:
        hp = getattr(getattr(r, "glyph", None), "hatch_pattern", None)
        if isinstance(hp, str) and hp in r.data_source.data:      # a column name, not a pattern
            out[r.name] = r
    return out


def test_every_data_hatch_names_the_blank_texture(board):
    renderers = _field_hatched(MapView(board))
    assert set(renderers) == HATCHED
    for name, r in renderers.items():
        tex = r.glyph.hatch_extra.get(palette.BLANK_HATCH)
        # drawn at once: an image loaded later (ImageURLTexture) would paint the map a second time
        assert isinstance(tex, CanvasTexture), name
        assert tex.code == palette.BLANK_TEXTURE_CODE == "", name
        assert set(r.glyph.hatch_extra) == {" "}, name       # the drawn patterns stay Bokeh's own
    # the rows drawn without a hatch carry " ", the one pattern the texture stands for
    hexes = renderers["hexes"].data_source.data["hatch"]
    assert hexes.count(" ") == len(hexes) == 175          # Gotland's hexes: land, mixed and blue water
    assert sorted(set(renderers["terrain"].data_source.data["hatch"])) == [".", ":"]


def test_two_maps_two_documents(board):
    """Each map has its own textures: a Bokeh model belongs to one document."""
    a, b = MapView(board), MapView(board)
    ta = {id(r.glyph.hatch_extra[" "]) for r in _field_hatched(a).values()}
    tb = {id(r.glyph.hatch_extra[" "]) for r in _field_hatched(b).values()}
    assert len(ta) == len(HATCHED) and not ta & tb
    da, db = Document(), Document()
    da.add_root(a.figure)
    db.add_root(b.figure)                               # raises if a model were shared
    assert a.figure.document is da and b.figure.document is db
