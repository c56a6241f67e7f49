"""The map's colours under colour-vision deficiency, and the second cue of every overlay.

Deuteranopia and protanopia are simulated with colorspacious (Machado et al. 2009, severity 100);
differences are Delta E in CAM02-UCS.  "On screen together" is taken from the catalog: a selected
unit shows its movement reach, ZOR, one range per CV, its resupply reach per RV, the selected hex
and -- for a unit with LRS -- the INTERCEPT umbrella's rings and the shooter-target line.
"""
from __future__ import annotations

import itertools

import numpy as np
import pytest
from colorspacious import cspace_convert, deltaE

from lcb_lab import load_scenario
from lcb_lab.games.lcb.model.catalog import load_catalog
from lcb_lab.ui.lcb.map import MapView, palette
from lcb_lab.ui.lcb.map import overlays as ov

VISION = {
    "normal": None,
    "deuteranopia": {"name": "sRGB1+CVD", "cvd_type": "deuteranomaly", "severity": 100},
    "protanopia": {"name": "sRGB1+CVD", "cvd_type": "protanomaly", "severity": 100},
}
MIN_DE_TOGETHER = 12.0
"""Least Delta E (CAM02-UCS) between two overlays that can be on screen together, in every vision."""
UMBRELLA = ("eligible", "too_far", "out_of_range", "cannot_act", "shooter")


def _rgb(hex_colour: str) -> np.ndarray:
    h = hex_colour.lstrip("#")
    return np.array([int(h[i:i + 2], 16) / 255 for i in (0, 2, 4)])


def seen(hex_colour: str, vision: str) -> np.ndarray:
    """The colour as ``vision`` sees it (sRGB1, clipped)."""
    c = _rgb(hex_colour)
    return c if VISION[vision] is None else np.clip(cspace_convert(c, VISION[vision], "sRGB1"), 0, 1)


def delta_e(a: str, b: str) -> float:
    """The least Delta E between two colours over normal vision, deuteranopia and protanopia."""
    return min(float(deltaE(seen(a, v), seen(b, v), input_space="sRGB1", uniform_space="CAM02-UCS"))
               for v in VISION)


def together() -> list[set[str]]:
    """Per catalog unit type, the cue names of everything its selection can put on the map."""
    groups = []
    for t in load_catalog().units.values():
        g = {"reach", "zor", "selected"} | {cv.slot for cv in t.cvs} | {rv.slot for rv in t.rvs}
        if t.cvs_of("LRS"):
            g |= set(UMBRELLA)
        groups.append(g)
    return groups


def pairs_together() -> set[tuple[str, str]]:
    return {tuple(sorted(p)) for g in together() for p in itertools.combinations(sorted(g), 2)}


def test_the_simulation_sees_the_old_problem():
    # the old GA green / LRS red tracks and reach / LRS overlays were nearly one colour under deuteranopia
    assert delta_e("#4e7d2f", "#b03a2e") < 5 and delta_e("#2e7d32", "#b03a2e") < 5
    assert delta_e("#000000", "#ffffff") > 90


def test_overlays_on_screen_together_differ_for_colour_blind_viewers():
    pairs = pairs_together()
    assert ("GA", "LRS1") in pairs and ("LRS1", "reach") in pairs and ("RV1", "RV2") in pairs
    assert ("INT1", "eligible") in pairs and ("LRS2", "too_far") in pairs
    worst = sorted((delta_e(palette.CUE[a].colour, palette.CUE[b].colour), a, b) for a, b in pairs)
    assert worst[0][0] >= MIN_DE_TOGETHER, worst[:3]


def test_the_groups_cover_what_the_map_draws_for_every_unit():
    game = load_scenario("gotland_redux", seed=1)
    groups = {t.type_id: g for t, g in zip(load_catalog().units.values(), together())}
    for u in game.state.units.values():
        if u.hex is None or u.destroyed:
            continue
        cues = {o.cue for o in ov.unit_overlays(game, u.uid)}
        assert cues and cues <= groups[u.type_id], (u.uid, cues)


def test_the_six_tracks_teams_and_backs_stay_apart():
    tracks = list(palette.CV_TRACK.values())
    assert min(delta_e(a, b) for a, b in itertools.combinations(tracks, 2)) >= 10
    assert delta_e(palette.TEAM["US"], palette.TEAM["RU"]) >= 25
    assert delta_e(palette.TEAM_BACK["US"], palette.TEAM_BACK["RU"]) >= 20


def test_every_overlay_colour_stands_out_on_sea_and_land():
    for name, cue in palette.CUE.items():
        for ground in (palette.SEA, palette.LAND):
            assert delta_e(cue.colour, ground) >= 10, (name, ground)


def test_every_pair_on_screen_together_also_differs_by_glyph_dash_or_hatch():
    for a, b in pairs_together():
        ca, cb = palette.CUE[a], palette.CUE[b]
        assert (ca.glyph, ca.dash, ca.hatch) != (cb.glyph, cb.dash, cb.hatch), (a, b)
    # within one kind of glyph the dash patterns are distinct classes, not near-copies
    areas = [c for c in palette.CUE.values() if c.glyph == "area"]
    assert len({(c.dash, c.hatch) for c in areas}) == len(areas)
    rings = [c for c in palette.CUE.values() if c.glyph == "ring"]
    assert len({c.dash for c in rings}) == len(rings)


def _wcag(a: str, b: str) -> float:
    def lum(h):
        c = [v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4 for v in _rgb(h)]
        return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]
    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def _over(top: str, alpha: float, base: str) -> str:
    c = alpha * _rgb(top) + (1 - alpha) * _rgb(base)
    return "#" + "".join(f"{round(255 * v):02x}" for v in c)


def test_hex_labels_are_dark_enough_on_every_terrain():
    grounds = [palette.terrain_drawn("blue", "naval")]
    grounds += [palette.terrain_drawn(colour, "land") for colour in ("green", "yellow", "orange", "brown", "red")]
    assert min(_wcag(palette.HEX_LABEL, g) for g in grounds) >= 4.5      # WCAG AA for body text
    assert min(_wcag("#6b7480", g) for g in grounds) < 2                 # the old faint grey


@pytest.fixture
def drawn():
    game = load_scenario("gotland_redux", seed=1)
    mv = MapView(game.board)
    ovs = ov.unit_overlays(game, "DDG-51")
    mv.show_overlays(ovs, ov.umbrella_markers(game, "DDG-51", "1 Anna"))
    return mv, ovs


def test_the_map_draws_each_overlay_with_its_cue_and_the_legend_shows_it(drawn):
    mv, ovs = drawn
    d = mv.sources["overlays"].data
    for i, o in enumerate(ovs):
        cue = palette.CUE[o.cue]
        assert d["colour"][i] == cue.colour and d["hatch"][i] == (cue.hatch or " ")
        assert d["dash"][i] == (list(cue.dash) or "solid")
    # the glyphs read colour, dash and hatch from those columns
    g = mv.figure.select_one({"name": "overlays"}).glyph
    assert (g.line_color, g.line_dash, g.hatch_pattern, g.hatch_color) == ("colour", "dash", "hatch", "colour")
    # each legend entry is drawn from its own row: the swatch shows colour, dash and hatch
    rows = {it.label["value"]: it.index for it in mv.legend.items if it.visible and it.renderers[0].name == "overlays"}
    assert [rows[lab] for lab in d["label"]] == list(range(len(ovs)))
    u = mv.sources["umbrella"].data
    for st in ("eligible", "out_of_range"):
        i = u["text"].index(ov.UMBRELLA_STATUS[st][0])
        assert u["dash"][i] == (list(palette.CUE[st].dash) or "solid") and u["colour"][i] == palette.CUE[st].colour
    ring = mv.figure.select_one({"name": "umbrella"}).glyph
    assert ring.line_dash == "dash"
    # the rings' legend swatches are lines in each status's colour and dash
    sw = mv.sources["umbrella_legend"].data
    items = [it for it in mv.legend.items if it.visible and it.renderers[0].name == "umbrella_legend"]
    assert len(items) == 2
    for it in items:
        st = sw["status"][it.index]
        assert it.label["value"] == f"INTERCEPT: {ov.UMBRELLA_STATUS[st][0]}"
        assert sw["dash"][it.index] == (list(palette.CUE[st].dash) or "solid")
        assert sw["colour"][it.index] == palette.CUE[st].colour and sw["xs"][it.index] == []
