"""The Bokeh map and the Shapely overlays, built for Gotland Redux (no browser)."""
from __future__ import annotations

import math

import pytest
from bokeh.events import Tap
from shapely import Point

from lcb_lab.games.lcb import hexes as lcb_hexes
from lcb_lab import load_scenario
from lcb_lab.ui.lcb.map import MapView, counter_data, hp_pips
from lcb_lab.ui.lcb.map import overlays as ov
from lcb_lab.ui.lcb.map.map import title_text
from lcb_lab.games.lcb import actions as A

HEX_AREA = 1.5 * math.sqrt(3) * lcb_hexes.RADIUS_KM ** 2


@pytest.fixture
def game():
    return load_scenario("gotland_redux", seed=1)


@pytest.fixture
def mv(game):
    return MapView(game.board)


def _strings(data: dict) -> set[str]:
    out = set()
    for col in data.values():
        for v in col:
            if isinstance(v, str):
                out.add(v)
    return out


def test_one_hex_patch_per_board_hex(game, mv):
    labels = mv.sources["hexes"].data["label"]
    assert len(labels) == len(game.board.hexes) > 100
    assert set(labels) == set(game.board.hexes)
    # naval hexes are nearly transparent; land/mixed hexes get a stronger MP colour on their land part
    alpha = dict(zip(labels, mv.sources["hexes"].data["alpha"]))
    naval = [h for h, i in game.board.hexes.items() if i.kind == "naval"]
    assert max(alpha[h] for h in naval) <= 0.08
    terrain = set(mv.sources["terrain"].data["label"])
    assert terrain == {h for h, i in game.board.hexes.items() if i.kind != "naval"}


def test_coastline_is_drawn_and_projected_onto_the_board(game, mv):
    xs = mv.sources["land"].data["xs"]
    assert len(xs) >= 5                      # Gotland, Fårö, Gotska Sandön, Öland, mainland ...
    # Visby (a city feature) lies on Natural Earth land
    from lcb_lab.ui.lcb.map.board_layers import land_geometry
    visby = next(f for f in game.board.features if f.name == "Visby")
    assert land_geometry(game.board).buffer(2.0).contains(Point(*ov.plot_xy(*game.board.lonlat_to_km(visby.lon, visby.lat))))


def test_concealed_enemy_counters_are_backs_without_identity(game, mv):
    view = mv.update(game, "US")
    data = mv.sources["counters"].data
    ru_rows = [i for i, t in enumerate(data["team"]) if t == "RU"]
    ru_on_map = [u for u in game.state.units.values() if u.team == "RU" and u.hex and not u.destroyed]
    assert len(ru_rows) == len(ru_on_map) == 9
    assert all(data["back"][i] for i in ru_rows)
    assert all(data["t_hint"][i] in ("?", "") and data["uid"][i] == "" and data["abbrev"][i] == "" for i in ru_rows)
    # nothing in any column names a Russian unit or its type
    secrets = set()
    for u in ru_on_map:
        t = game.utype(u.uid)
        secrets |= {u.uid, t.name, t.type_id, u.task_force}
    leaked = {s for s in _strings(data) if any(x in s for x in secrets)}
    assert not leaked, leaked
    assert view["team"] == "US"


def test_instructor_view_shows_every_counter(game, mv):
    mv.update(game, "instructor")
    data = mv.sources["counters"].data
    on_map = {u.uid for u in game.state.units.values() if u.hex and not u.destroyed}
    assert set(data["uid"]) == on_map
    assert not any(data["back"])
    i = data["uid"].index("1 Anna")
    assert data["abbrev"][i] == "INF" and data["hex"][i] == "AL-21"
    # own concealed counters have the 'concealed' style (faded, dashed)
    assert data["state"][i] == "concealed" and data["dash"][i] == "dashed" and data["alpha"][i] < 1


def test_revealed_enemy_shows_face_up_on_top_of_its_stack(game, mv):
    game.apply(A.ScriptedEffect(effect="reveal", units=("1 Anna",)))
    mv.update(game, "US")
    data = mv.sources["counters"].data
    rows = [i for i, h in enumerate(data["hex"]) if h == "AL-21"]
    assert len(rows) == 3
    top = [i for i in rows if data["top"][i]]
    assert len(top) == 1 and data["uid"][top[0]] == "1 Anna" and data["t_name"][top[0]] == "1 Anna"
    assert data["n"][top[0]] == "3"
    assert sum(data["back"][i] for i in rows) == 2


def test_destroyed_units_are_gone(game, mv):
    game.state.units["2 Anna"].destroyed = True
    mv.update(game, "instructor")
    assert "2 Anna" not in mv.sources["counters"].data["uid"]


def test_counter_text_and_hp():
    assert hp_pips(1, 2) == "\u25cf\u25cb"
    assert hp_pips(5, 8) == "HP 5/8"
    assert counter_data({"team": "US", "counters": [], "markers": []})["x"] == []


def test_title_names_turn_initiative_cubes_influence(game, mv):
    mv.update(game, "RU")
    t = mv.figure.title.text + " | " + mv.subtitle.text
    assert "Turn 1" in t and "Initiative: US" in t and "US 1, RU 1" in t and "Influence Meter +0" in t
    assert "Red (RU)" in t
    assert title_text(dict(game.view("US"), influence=2))[1].count("toward US") == 1


def test_movement_reach_overlay_covers_exactly_the_reach(game):
    reach = game.movement_reach(["DDG-51"])
    o = ov.reach_overlay(game, ["DDG-51"])
    assert set(o.hexes) == set(reach) and len(reach) > 10
    # the union covers the centre of every reach hex and of no other hex
    for lab in game.board.hexes:
        inside = o.geometry.contains(Point(*ov.hex_centre(lab)))
        assert inside == (lab in reach), lab
    assert o.geometry.area == pytest.approx(len(reach) * HEX_AREA, rel=1e-3)


def test_range_overlays_draw_finite_ranges_and_say_infinite(game):
    ovs = {o.label: o for o in ov.range_overlays(game, "DDG-51")}
    lrs = next(o for k, o in ovs.items() if "LRS1" in k)
    assert not lrs.drawn and "infinite" in lrs.note
    intr = next(o for k, o in ovs.items() if "INT1" in k)
    assert set(intr.hexes) == set(game.cv_range("DDG-51", "INT1"))
    assert intr.geometry.area == pytest.approx(len(intr.hexes) * HEX_AREA, rel=1e-3)


def test_ground_and_naval_zor(game):
    g = ov.zor_overlay(game, "1 Anna")
    assert set(g.hexes) == set(game.board.neighbours("AL-21")) and "ground" in g.label
    n = ov.zor_overlay(game, "DDG-51")
    assert set(n.hexes) == set(game.zor("DDG-51")["naval"]) and "naval" in n.label


def test_resupply_overlay_for_logistics_units(game):
    labels = [o.kind for o in ov.unit_overlays(game, "Ivan Co")]
    assert "resupply" in labels
    o = next(o for o in ov.unit_overlays(game, "Ivan Co") if o.kind == "resupply")
    assert set(o.hexes) == set(game.resupply_reach("Ivan Co"))
    assert "resupply" not in [o.kind for o in ov.unit_overlays(game, "DDG-51")]


def test_intercept_umbrella_classifies_interceptors(game):
    umb = ov.umbrella_markers(game, "DDG-51", "1 Anna")
    by = {i["uid"]: i["status"] for i in umb["interceptors"]}
    raw = {o["uid"]: o for o in game.intercept_umbrella("DDG-51", "1 Anna")}
    assert set(by) == set(raw)
    for uid, st in by.items():
        o = raw[uid]
        assert (st == "eligible") == o["eligible"]
        if not o["in_range"]:
            assert st == "out_of_range"
    assert "eligible" in by.values()
    assert not umb["hidden_note"]
    # in the US view the concealed Russian interceptors are not drawn, and we say so
    us = ov.umbrella_markers(game, "DDG-51", "1 Anna", visible={c["uid"] for c in game.view("US")["counters"]
                                                                if not c.get("back")})
    assert us["interceptors"] == [] and "Concealed" in us["hidden_note"]


def test_show_overlays_fills_sources_and_legend(game, mv):
    ovs = ov.unit_overlays(game, "DDG-51", zor=True)
    mv.show_overlays(ovs, ov.umbrella_markers(game, "DDG-51", "1 Anna"))
    d = mv.sources["overlays"].data
    assert len(d["xs"]) == len(ovs)
    assert any("whole map" in lab for lab in d["label"])
    assert len(mv.sources["umbrella"].data["x"]) == len(game.intercept_umbrella("DDG-51", "1 Anna"))
    labels = mv.legend_labels()
    assert any("may intercept" in lab for lab in labels) and mv.legend.visible
    # one entry per overlay, per umbrella status shown, and the shooter-target line
    assert len(labels) == len(ovs) + len({i["status"] for i in mv_umb(game)}) + 1
    assert labels[-1] == "LRS: shooter \u2192 target"
    mv.clear_overlays()
    assert mv.sources["overlays"].data["xs"] == [] and not mv.legend.visible


def mv_umb(game):
    return ov.umbrella_markers(game, "DDG-51", "1 Anna")["interceptors"]


def test_tap_on_the_centre_of_a_hex_calls_back_with_its_label(game, mv):
    got = []
    mv.on_hex(got.append)
    x, y = ov.hex_centre("AL-23")
    mv.figure._trigger_event(Tap(mv.figure, x=x, y=y))
    assert got == ["AL-23"]
    # a little off-centre is still the same hex; off the board is ignored
    assert mv.tap(x + 5, y - 5) == "AL-23"
    assert mv.tap(-500, 500) is None and got == ["AL-23", "AL-23"]


def test_centre_of_the_initial_view_is_a_board_hex(game, mv):
    x0, x1, y0, y1 = mv.extent
    assert mv.hex_at((x0 + x1) / 2, (y0 + y1) / 2) in game.board.hexes
    # the frame keeps the map's aspect (1 km is as wide as it is tall)
    fw, fh = mv.figure.frame_width, mv.figure.frame_height
    assert fw / fh == pytest.approx((x1 - x0) / (y1 - y0), rel=0.01)
    assert fh >= 700


# ---------------------------------------------------------------- fresh-user review: readability
def _stacked_view(game, hex_label: str, n: int) -> dict:
    """The instructor view with ``n`` counters piled into ``hex_label`` (and every other counter as it is)."""
    view = game.view("instructor")
    moved = [dict(c, hex=hex_label) for c in view["counters"] if c.get("hex")][:n]
    uids = {c["uid"] for c in moved}
    others = [c for c in view["counters"] if c["uid"] not in uids]
    return dict(view, counters=others + moved)


@pytest.mark.parametrize("n", [1, 2, 3, 5])
def test_counters_stay_inside_their_hex_and_below_its_label(game, n):
    from shapely import box
    from lcb_lab.ui.lcb.map.counters import COUNTER_KM
    data = counter_data(_stacked_view(game, "AL-23", n))
    rows = [i for i, h in enumerate(data["hex"]) if h == "AL-23"]
    assert len(rows) >= n
    s = COUNTER_KM
    assert 0.55 * lcb_hexes.HEX_KM <= s <= 0.65 * lcb_hexes.HEX_KM        # ~60 % of the hex
    for i, hx in enumerate(data["hex"]):
        x, y = data["x"][i], data["y"][i]
        square = box(x - s / 2, y - s / 2, x + s / 2, y + s / 2)
        # inside its own hex: it can cover neither a neighbour's counters nor its label
        assert square.within(ov.hex_polygon(hx).buffer(1e-6)), (hx, data["uid"][i])
        # the hex label (top of the hex, 7 px) stays readable above the counters
        cx, cy = ov.hex_centre(hx)
        assert y + s / 2 <= cy + 0.5 * lcb_hexes.HEX_KM - 3.3, (hx, data["uid"][i])


def test_reach_legend_says_whose_reach_it_is(game):
    one = ov.reach_overlay(game, ["DDG-51"])
    n = len(game.movement_reach(["DDG-51"]))
    assert one.label == f"Movement reach of DDG-51 ({n} hexes)"
    stack = ["1 Anna", "2 Anna", "3 Anna"]
    many = ov.reach_overlay(game, stack)
    assert many.label.startswith("Movement reach of 1 Anna's stack (3 units, ")
    assert ov.reach_label(["1 Alpha", "2 Alpha"], 1) == "Movement reach of 1 Alpha's stack (2 units, 1 hex)"


def test_long_designators_get_a_smaller_narrow_font(game, mv):
    from lcb_lab.ui.lcb.map.counters import COUNTER_FONT, name_font_size
    from lcb_lab.ui.lcb.map import MapView
    mv = MapView(game.board)        # its own map: it is resized
    mv.update(game, "instructor")

    def sizes():
        data = mv.sources["counters"].data
        return {k: float(v.rstrip("px")) for k, v in zip(data["uid"], data["name_size"])}
    px = sizes()                    # the default frame: every designator at its 12 px floor
    assert px["DDG(X)-106"] == px["DDG-51"] == 12.0
    mv.resize(*(2 * v for v in mv.outer_size()))
    px = sizes()                    # a frame twice as tall: the long designator fitted smaller
    assert px["DDG(X)-106"] < px["DDG-51"] and px["DDG(X)-106"] >= 12
    assert name_font_size("DDG(X)-106") == "7px"
    # the counter texts use the narrow font as a *value* (a bare string would name a missing column)
    for name in ("counter_names", "counter_hints", "counter_low"):
        glyph = mv.figure.select_one({"name": name}).glyph
        assert glyph.text_font == {"value": COUNTER_FONT} or getattr(glyph.text_font, "value", None) == COUNTER_FONT


def test_land_and_sea_stay_apart_under_the_hex_fills(game, mv):
    from lcb_lab.ui.lcb.map import palette
    data = mv.sources["hexes"].data
    alpha = dict(zip(data["label"], data["alpha"]))
    mixed = [h for h, i in game.board.hexes.items() if i.kind == "mixed"]
    assert mixed and all(alpha[h] == 0.0 for h in mixed)      # no tint over a mixed hex's water
    names = [r.name for r in mv.figure.renderers]
    assert names.index("coast") > names.index("hexes") > names.index("terrain")   # coastline drawn on top
    # the sea is clearly bluer than the land: blue minus red channel
    def blue_minus_red(c):
        return int(c[5:7], 16) - int(c[1:3], 16)
    assert blue_minus_red(palette.SEA) >= 40 and blue_minus_red(palette.LAND) < 0


def test_large_text_scales_map_texts_and_keeps_counter_texts_on_their_counters(game):
    from lcb_lab.ui.lcb.map.counters import COUNTER_TEXT_PX, NARROW_EM, name_font_size
    small = MapView(game.board)
    small.update(game, "instructor")
    big = MapView(game.board, font_scale=1.4)
    big.update(game, "instructor")
    # the default look is unchanged
    assert small.font_sizes() == {"hex_labels": "7px", "ports": "12px", "airfields": "12px", "stack_counts": "7px",
                                  "title": "13px", "subtitle": "11px", "legend": "10px"}
    assert name_font_size("DDG-51") == "8.5px" and name_font_size("DDG(X)-106") == "7px"
    assert big.font_sizes()["hex_labels"] == "9.8px" and big.font_sizes()["title"] == "18.2px"
    s, b = small.sources["counters"].data, big.sources["counters"].data
    assert s["uid"] == b["uid"]
    for i, name in enumerate(b["t_name"]):
        if name:        # designators: at their 12 px floor in both (the fitted 8.5 * 1.4 is under it); on a
            # plate overhanging the counter when wider than it
            assert s["name_size"][i] == b["name_size"][i] == "12px", name
            assert b["plate_alpha"][i] == (1.0 if len(name) * NARROW_EM * 12 > COUNTER_TEXT_PX else 0.0), name
        text = b["t_low"][i]
        if not text:
            continue
        old, new = float(s["low_size"][i].rstrip("px")), float(b["low_size"][i].rstrip("px"))
        assert old <= new <= 1.4 * old + 0.05
        # never wider than the counter (or no smaller than the default when it already was)
        assert new == old or len(text) * NARROW_EM * new <= COUNTER_TEXT_PX + 0.1, (text, new)
    # the larger hex label moves up, so it stays clear of the counters below it
    assert min(y2 - y1 for y1, y2 in zip(small.sources["hex_labels"].data["y"],
                                         big.sources["hex_labels"].data["y"])) > 0
    big.set_font_scale(1.0)
    assert big.font_sizes() == small.font_sizes()
    assert big.sources["counters"].data["name_size"] == s["name_size"]
    assert big.sources["hex_labels"].data == small.sources["hex_labels"].data


def test_the_map_document_holds_no_glyph_copies_it_never_shows(game, mv):
    """Nonselection and muted glyphs are BokehJS's own ("auto"): the map selects and mutes nothing,
    and Bokeh serialises every model of the document when the lab is shown.  The document's glyphs
    are exactly its renderers' glyphs, also after the overlays of a unit are drawn."""
    from bokeh.models import Glyph, GlyphRenderer
    from bokeh.document import Document
    mv.update(game, "instructor", selected="AL-29")
    mv.show_overlays(ov.unit_overlays(game, "DDG-51"))
    Document().add_root(mv.figure)
    renderers = [m for m in mv.figure.document.models if isinstance(m, GlyphRenderer)]
    glyphs = [m for m in mv.figure.document.models if isinstance(m, Glyph)]
    assert len(renderers) >= 30
    assert all(r.nonselection_glyph == "auto" and r.muted_glyph == "auto" for r in renderers)
    assert sorted(g.id for g in glyphs) == sorted(r.glyph.id for r in renderers)
    assert all(getattr(leg, "click_policy", "none") == "none" for leg in mv.figure.legend)
