"""The odds and count charts never clip a value label.

The cases are those of notebook 01 (7.37; DDG-51 against 1 Anna and the
INTERCEPT variants, whose 0-dice bar reads "91.6%") and notebook 02 (the
winners of many games: a bar of 198 or 200).  A label is checked in data
units: its far edge is its anchor plus (pad + text size in pixels) times the
data units per pixel of the fixed plot frame.  The text size is estimated
here independently of the module, with DejaVu Sans advances (wider than
Helvetica's, the Bokeh default), so the test fails if a chart reserves no
or too little room.
"""
from __future__ import annotations

import pytest
from bokeh.models import Range1d, Text

from lcb_lab.games.lcb.rules.combat.odds import engagement_odds
from lcb_lab.ui.lcb.odds_plot import compare_figure, count_figure, odds_figure

# DejaVu Sans advance widths, em; line height of Bokeh text ~1.2 em.
ADVANCE = {**{d: 0.636 for d in "0123456789"}, ".": 0.318, "%": 0.95}
LINE_EM = 1.2


def _text_px(text: str, font: str) -> tuple[float, float]:
    assert font.endswith("pt"), font
    em = float(font[:-2]) * 4 / 3
    return sum(ADVANCE[c] for c in text) * em, LINE_EM * em


def _labels(fig):
    (r,) = [r for r in fig.renderers if isinstance(r.glyph, Text)]
    g, data = r.glyph, r.data_source.data
    return g, data


def _variants():
    return {f"FFG-454 puts {n} dice on 1 Anna": engagement_odds([(4, 14)], [(n, 8)] if n else [], hp=2)
            for n in (0, 2, 4, 6, 8)}


def _assert_vertical_labels_fit(fig, value_key: str, text_key: str):
    g, data = _labels(fig)
    assert isinstance(fig.y_range, Range1d) and fig.frame_height, "fixed frame and y range needed"
    assert g.text_baseline == "bottom" and g.y_offset <= 0, "label above its bar"
    span = fig.y_range.end - fig.y_range.start
    ncat = len(fig.x_range.factors)
    for y, text in zip(data[value_key], data[text_key]):
        w, h = _text_px(text, g.text_font_size)
        top = y + (abs(g.y_offset) + h) * span / fig.frame_height
        assert top <= fig.y_range.end, f"label {text!r} tops out at {top:.4f} > {fig.y_range.end:.4f}"
        # centred on its category: half its width within half a category's width
        assert w / 2 <= fig.frame_width / ncat / 2, f"label {text!r} is wider than its bar's slot"


def test_odds_figure_7_37_labels_fit():
    odds = engagement_odds([(2, 8)], [(2, 12)], hp=2)      # notebook 01: 1 Uran vs 1 Kilo, 82.1% on 0 HP
    fig = odds_figure(odds, title="7.37: 1 Uran (2 dice at 8) vs 1 Kilo (2 dice at 12)")
    _assert_vertical_labels_fit(fig, "p", "pct")
    _, data = _labels(fig)
    assert data["pct"] == ["82.1%", "15.4%", "2.6%"]


def test_odds_figure_preview_dict_labels_fit():
    odds = engagement_odds([(4, 14)], [], hp=2)               # the 91.6% case as a preview_lrs entry
    fig = odds_figure({"damage": odds.damage, "hp": odds.hp})
    _assert_vertical_labels_fit(fig, "p", "pct")
    assert fig.title.text == "HP lost (of 2): P(destroyed) 91.6%"
    hover = next(t for t in fig.tools if t.__class__.__name__ == "HoverTool")
    assert hover.tooltips == [("HP lost", "@k"), ("P", "@pct")]


def test_compare_figure_91_6_percent_fits_inside_the_frame():
    fig = compare_figure(_variants())
    g, data = _labels(fig)
    assert data["pct"][0] == "91.6%"
    assert isinstance(fig.x_range, Range1d) and fig.frame_width
    span = fig.x_range.end - fig.x_range.start
    for x, text in zip(data["p"], data["pct"]):
        w, h = _text_px(text, g.text_font_size)
        right = x + (g.x_offset + w) * span / fig.frame_width
        assert right <= fig.x_range.end, f"label {text!r} ends at {right:.4f} > {fig.x_range.end:.4f}"
        # vertically centred in its row
        assert h <= fig.frame_height / len(data["name"])
    assert list(fig.xaxis[0].ticker.ticks) == [0, 0.25, 0.5, 0.75, 1.0]


@pytest.mark.parametrize("counts", [{"RU": 198, "US": 2}, {"RU": 200}, {"RU": 0}])
def test_count_figure_top_label_fits(counts):
    fig = count_figure(counts, "Who wins Gotland Redux under random play?", "winner")
    _assert_vertical_labels_fit(fig, "n", "label")
    assert fig.y_range.start == 0


def test_a_label_taller_than_the_frame_is_refused():
    with pytest.raises(ValueError, match="does not fit"):
        count_figure({"RU": 1}, "tiny", height=20)

