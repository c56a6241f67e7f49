"""The Force on Force table's texts stay legible wherever units stand and however large the table is drawn: no
unit's label, place name or terrain name on another text, no name under a unit's marker, none past the frame's
edge -- at the lab's designed scale (its frame 520 px for 26 inches: 20 px an inch), the notebooks' (420 px:
16), and the frame JupyterLab gives the table at 1366x768 beside the file browser (277 x 442 px and 286 x 380
px: about 11 px an inch), in the default look and in presentation mode (16 px labels, 14 px names).

The boxes come from the figure's own text glyphs (position, offsets, alignment, baseline, size), each
character as wide as :func:`~lcb_lab.ui.lab.text_fit.text_px` says (the browsers' sans-serif fonts), the
background's padding round it, so a change of the drawing is what the test measures.  Before, the names were placed once
for the 520 px frame: at 11 px an inch "Marines (5)" lay over the far bank's and the Stream's names, "south
road" over the Bluff's, and in presentation "house door" and "behind copse" ran past the frame's right edge."""
from __future__ import annotations

import itertools

import pytest

from lcb_lab.games.force_on_force.model.table import load
from lcb_lab.ui.force_on_force.table_view import PRESENTATION_PX, TEXT_PX, TableView, UnitMark
from lcb_lab.ui.lab.text_fit import text_px

LONGEST_LABEL = "Marines (5)"
"""The longest unit label of the sandbox table."""
LINE_EM, PAD = 1.2, 1
"""A line's height over its font size; the padding round a text's background box (px)."""


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
        w, h = text_px(text, font) + 2 * PAD, LINE_EM * font + 2 * PAD
        x0 = {"left": x, "center": x - w / 2, "right": x - w}[_value(g, "text_align", data, i)]
        y0 = {"bottom": y, "middle": y - h / 2, "top": y - h}[_value(g, "text_baseline", data, i)]
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


def _opening(table) -> list[UnitMark]:
    _, units = load()
    return [UnitMark(u.name, u.side, u.x, u.y, u.figures, f"d{u.tq}") for u in units]


def _everywhere(table) -> list[UnitMark]:
    """One unit on every named point, each with the longest label."""
    name, figures = LONGEST_LABEL.split(" (")
    return [UnitMark(f"{name}{i}"[:len(name)], "Blue", xy[0], xy[1], int(figures[0]), "d8")
            for i, (_, xy) in enumerate(table.points)]


def _marker_px(tv: TableView) -> float:
    """The units' marker size (px across), as the figure draws it."""
    [size] = [r.glyph.size for r in tv.figure.renderers
              if r.data_source is tv.sources["units"] and type(r.glyph).__name__ == "Scatter"]
    return float(size)


def _problems(tv: TableView, shown: list[UnitMark], frame_px: tuple[int, int]) -> list[str]:
    """What of the table's texts lies on another text, under a marker or past the frame's edge."""
    p = tv.figure
    ppi = frame_px[0] / (p.x_range.end - p.x_range.start)
    edge = (p.x_range.start * ppi, p.y_range.start * ppi, p.x_range.end * ppi, p.y_range.end * ppi)
    names, labels = _texts(tv, ppi, tv.sizes)
    assert len(labels) == len(shown) and len(names) == len(tv.table.points) + len(tv.table.features)
    r = _marker_px(tv) / 2
    marks = [(m.name, (m.x * ppi - r, m.y * ppi - r, m.x * ppi + r, m.y * ppi + r)) for m in shown]
    problems = [f"{n!r} under {what!r}" for (n, b), (what, other) in itertools.product(names, marks) if _meet(b, other)]
    problems += [f"{a!r} on {b!r}" for (a, box_a), (b, box_b) in itertools.combinations(names + labels, 2)
                 if _meet(box_a, box_b)]
    problems += [f"{t!r} past the edge" for t, b in names + labels
                 if b[0] < edge[0] or b[1] < edge[1] or b[2] > edge[2] or b[3] > edge[3]]
    return sorted(set(problems))


@pytest.mark.parametrize("frame, presentation", [(520, False), (520, True), (420, False)])
def test_no_name_is_hidden_by_a_unit_or_another_name_at_the_designed_size(frame, presentation):
    """The lab's table (520 px) in both looks, a notebook's picture (420 px, never in presentation mode): with
    the opening units and with a unit on every named point."""
    table, _ = load()
    tv = TableView(table, frame_height=frame)
    size = tv.set_text_sizes(presentation=presentation)
    assert size["units"] == (PRESENTATION_PX if presentation else TEXT_PX)["units"]
    for shown in (_opening(table), _everywhere(table)):
        tv.show_units(shown)
        assert _problems(tv, shown, (int(frame * table.width / table.height), frame)) == []


@pytest.mark.parametrize("frame_px", [(277, 442), (286, 380)])
@pytest.mark.parametrize("presentation", [False, True])
def test_beside_the_file_browser_every_text_is_placed_again_whole_and_apart(frame_px, presentation):
    """The frame JupyterLab reports at 1366x768 beside the file browser (about 11 px an inch): the texts are
    placed again for it, every one inside it and apart; in presentation a name may take its short form,
    its whole name kept for the hover."""
    table, _ = load()
    tv = TableView(table, frame_height=520)
    tv.show_units(_opening(table))
    tv.set_text_sizes(presentation=presentation)
    tv.fit_frame(*frame_px)
    assert _problems(tv, tv.shown, frame_px) == []
    from lcb_lab.ui.force_on_force.table_labels import short_name
    for source in tv._name_sources:
        d = source.data
        assert all(full == name or short_name(full) == name for name, full in zip(d["name"], d["full"]))
    names = sorted(tv._name_sources[0].data["full"])
    assert names == sorted(n for n, _ in table.points)             # every place named, in full or short


def test_the_labels_move_with_the_frame_and_the_units():
    """A unit's label takes another place when the frame narrows, and the names make room for a unit that
    moves (the places come from the units shown, never from a unit the viewer does not see)."""
    from lcb_lab.ui.force_on_force.table_labels import Frame, place_labels
    table, _ = load()
    wide = place_labels(table, [("Marines (5)", 4.0, 10.5)], Frame(-1, -1, 25, 25, 20), 16, 14)
    assert wide.units[0].dy == -12                                   # above its marker at the designed size
    narrow = place_labels(table, [("Marines (5)", 4.0, 10.5)], Frame(-1, -8, 25, 33, 10.7), 16, 14)
    assert narrow != wide
    near = place_labels(table, [("MG team (3)", 18.5, 12.5)], Frame(-1, -1, 25, 25, 20), 12, 10.7)
    alone = place_labels(table, [], Frame(-1, -1, 25, 25, 20), 12, 10.7)
    behind = {p.text: p for p in alone.points}["behind copse"]
    assert {p.text: p for p in near.points}["behind copse"] != behind


def test_short_names():
    from lcb_lab.ui.force_on_force.table_labels import short_name
    assert [short_name(n) for n in ("behind copse", "North Wood", "centre", "House", "orchard")] == [
        "b. copse", "N. Wood", "cen.", "House", "orc."]


def test_a_frame_with_no_room_is_refused():
    from lcb_lab.ui.force_on_force.table_labels import Frame, place_labels
    table, _ = load()
    with pytest.raises(ValueError, match="no room"):
        place_labels(table, [], Frame(0, 0, 0, 10, 10), 12, 10)
