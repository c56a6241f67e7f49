"""The Force on Force table's words stay legible wherever units stand: no place or terrain name under a
unit's marker or label, none under another name, none past the figure's edge -- at the lab's scale (its
table frame 520 px for 26 inches: 20 px an inch, as at 1366x768) and the notebooks' (420 px: 16), in the
default look and in presentation mode (16 px labels, 14 px names).

The boxes come from the figure's own text glyphs (position, offsets, alignment, baseline, size), a
character taken as 0.6 em (DejaVu Sans' average), so a change of the drawing is what the test measures.
Before, a place's name sat under its point: the far bank's was covered by the label of the Marines on the
ford bank, the centre's by the MG team's marker, the Orchard's and the House's by SAS B's and the Cell's
labels (screenshots of the lab at 1366x768)."""
from __future__ import annotations

import itertools

import pytest

from lcb_lab.games.force_on_force.model.table import load
from lcb_lab.ui.force_on_force.table_view import PRESENTATION_PX, TEXT_PX, TableView, UnitMark

CHAR_EM = 0.6
"""A character's width over the font size (DejaVu Sans, on average)."""
LONGEST_LABEL = "Marines (5)"
"""The longest unit label of the sandbox table."""


def _value(glyph, name: str, data: dict, i: int):
    v = getattr(glyph, name)
    if isinstance(v, str) and v in data:
        return data[v][i]
    return v.get("value") if isinstance(v, dict) else v


def _boxes(renderer, ppi: float, font: float) -> list[tuple[str, tuple[float, float, float, float]]]:
    """``[(text, (x0, y0, x1, y1))]`` in px, y up, of each text of a Text renderer."""
    g, data = renderer.glyph, renderer.data_source.data
    out = []
    for i in range(len(data[g.x])):
        text = str(_value(g, "text", data, i))
        x = data[g.x][i] * ppi + (_value(g, "x_offset", data, i) or 0)
        y = data[g.y][i] * ppi - (_value(g, "y_offset", data, i) or 0)      # screen offsets: y down
        w, h = CHAR_EM * font * len(text), font
        x0 = {"left": x, "center": x - w / 2, "right": x - w}[_value(g, "text_align", data, i)]
        y0 = {"bottom": y, "alphabetic": y, "middle": y - h / 2, "top": y - h}[_value(g, "text_baseline", data, i)]
        out.append((text, (x0, y0, x0 + w, y0 + h)))
    return out


def _meet(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _texts(tv: TableView, ppi: float, size: dict) -> tuple[list, list]:
    """(names: the places' and the terrain's, labels: the units') as boxes."""
    names, labels = [], []
    for r in tv.figure.renderers:
        if type(r.glyph).__name__ != "Text":
            continue
        if r.glyph is tv._labels:
            labels += _boxes(r, ppi, size["units"])
        else:
            names += _boxes(r, ppi, size["names"])
    return names, labels


def _units_everywhere(table) -> list[list[UnitMark]]:
    """The opening units, then one unit on every named point (with the longest label)."""
    _, units = load()
    opening = [UnitMark(u.name, u.side, u.x, u.y, u.figures, f"d{u.tq}") for u in units]
    name, figures = LONGEST_LABEL.split(" (")
    return [opening, [UnitMark(f"{name}{i}"[:len(name)], "Blue", xy[0], xy[1], int(figures[0]), "d8")
                      for i, (_, xy) in enumerate(table.points)]]


def _marker_px(tv: TableView) -> float:
    """The units' marker size (px across), as the figure draws it."""
    [size] = [r.glyph.size for r in tv.figure.renderers
              if r.data_source is tv.sources["units"] and type(r.glyph).__name__ == "Scatter"]
    return float(size)


@pytest.mark.parametrize("frame, presentation", [(520, False), (520, True), (420, False)])
def test_no_name_is_hidden_by_a_unit_or_another_name(frame, presentation):
    """The lab's table (520 px) in both looks, a notebook's picture (420 px, never in presentation mode)."""
    table, _ = load()
    tv = TableView(table, frame_height=frame)
    ppi = frame / (table.height + 2)                                      # 1" of margin round the table
    size = tv.set_text_sizes(presentation=presentation)
    assert size["units"] == (PRESENTATION_PX if presentation else TEXT_PX)["units"]
    r = _marker_px(tv) / 2
    problems = []
    for shown in _units_everywhere(table):
        tv.show_units(shown)
        names, labels = _texts(tv, ppi, size)
        assert len(labels) == len(shown) and len(names) == len(table.points) + len(table.features)
        marks = [(m.name, (m.x * ppi - r, m.y * ppi - r, m.x * ppi + r, m.y * ppi + r)) for m in shown]
        for (name, box), (what, other) in itertools.product(names, marks + labels):
            if _meet(box, other):
                problems.append(f"{name!r} under {what!r}")
        for (a, box_a), (b, box_b) in itertools.combinations(names, 2):
            if _meet(box_a, box_b):
                problems.append(f"{a!r} on {b!r}")
    lo, hi = -1.0 * ppi, (table.width + 1.0) * ppi                           # the figure's x range: 1" of margin
    problems += [f"{t!r} past the edge" for t, b in names if b[0] < lo or b[2] > hi]
    assert sorted(set(problems)) == []
