"""Crowds of pieces on the Archipelago board: a side's pieces packed so close that their numbers run into
each other at the scale the board is drawn (level 5 opens with 42 Red and 43 Blue pieces side by side in a
sector or two, 17 px a point at 1366x768: a heap of overlapping numbers no reader could tell apart or count).

:func:`crowds` finds them among the marks a view draws (so a crowd counts only what that side may see: the
observer decides, :func:`~lcb_lab.ui.archipelago.marks.marks`): the pieces of one side whose numbers would
overlap a neighbour's, linked together, at least :data:`CROWD_MIN` of them.  The board draws each crowd as
one count badge ("×42" in the side's colour; "42 Red pieces" with its pieces listed on hover), and their numbers again once the board is
zoomed in far enough for them to stand apart (:attr:`Crowd.need_px`, px per d).  Pure: no Bokeh, no widget.

>>> from lcb_lab.kernel.hexgrid import Axial, Facing
>>> from lcb_lab.ui.archipelago.board_view import PieceMark
>>> row = [PieceMark(f"C-{i}", "Red", Axial(0, i), Facing.N, "ship") for i in range(9, 13)]
>>> [(c.owner, len(c.members), c.names) for c in crowds(row, 10)]
[('Red', 4, 'C-9, C-10, C-11, C-12')]
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Sequence

from lcb_lab.ui.archipelago import geometry as geo
from lcb_lab.ui.lab.text_fit import text_px

__all__ = ["Crowd", "crowds", "CROWD_MIN", "NEAR_D", "PIECE_KINDS_ONLY"]

CROWD_MIN = 3
"""The fewest pieces whose numbers run together that the board draws as one count badge."""
NEAR_D = 1.05
"""Pieces this near (in d: neighbouring points, or one point) may have numbers that run together."""
PIECE_KINDS_ONLY = ("torpedo", "cruise", "mine", "sonar")
"""Drawings that are markers, not pieces: never in a crowd (their marks stay drawn)."""
_PAD_PX = 1.0


@dataclass(frozen=True)
class Crowd:
    """One side's pieces drawn as a count badge: ``owner``; ``members`` the indices of its marks in the list
    given to :func:`crowds`; ``x``, ``y`` where the badge stands (plot units: the pieces' centre, inside the frame that
    opens on them);
    ``names`` the pieces' numbers, as printed (in order: C-9 before C-10); ``need_px`` the px per d at which their numbers stand apart."""

    owner: str
    members: tuple[int, ...]
    x: float
    y: float
    names: str
    need_px: float


def _natural(label: str) -> tuple:
    """``"C-10"`` after ``"C-9"``: the numbers in a label compared as numbers."""
    return tuple(int(t) if t.isdigit() else t for t in re.split(r"(\d+)", label))


def _apart_px(a: tuple[float, float], b: tuple[float, float], wa: float, wb: float, h: float) -> float:
    """The px per d at which two numbers centred at ``a`` and ``b`` (d), ``wa`` and ``wb`` px wide and ``h`` px
    tall, no more overlap (inf: on one point they always do)."""
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    across = ((wa + wb) / 2 + _PAD_PX) / dx if dx > 1e-9 else math.inf
    up = (h + _PAD_PX) / dy if dy > 1e-9 else math.inf
    return min(across, up)


def crowds(marks: Sequence[object], size_px: float, min_size: int = CROWD_MIN) -> list[Crowd]:
    """The crowds among ``marks`` (:class:`~lcb_lab.ui.archipelago.board_view.PieceMark` s: ``label``,
    ``owner``, ``point``, ``kind``) whose numbers are drawn bold at ``size_px`` (module docstring), in the
    order of their first mark.  A pair of pieces on one point never stands apart: it links a crowd but sets no
    ``need_px``."""
    spots = [(i, geo.xy(m.point), text_px(m.label, size_px, bold=True) + 2) for i, m in enumerate(marks)
             if m.kind not in PIECE_KINDS_ONLY]
    owner = {i: marks[i].owner for i, _p, _w in spots}
    links: dict[int, list[tuple[int, float]]] = {i: [] for i, _p, _w in spots}
    for n, (i, p, w) in enumerate(spots):
        for j, q, v in spots[n + 1:]:
            if owner[i] == owner[j] and math.dist(p, q) <= NEAR_D:
                need = _apart_px(p, q, w, v, size_px * 1.15)
                links[i].append((j, need))
                links[j].append((i, need))
    out, seen = [], set()
    for i, _p, _w in spots:
        if i in seen:
            continue
        group, need, todo = [], 0.0, [i]
        seen.add(i)
        while todo:
            k = todo.pop()
            group.append(k)
            for j, px in links[k]:
                need = max(need, px) if math.isfinite(px) else need
                if j not in seen:
                    seen.add(j)
                    todo.append(j)
        if len(group) >= min_size:
            group.sort()
            pts = [geo.xy(marks[k].point) for k in group]
            x, y = sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)
            names = sorted((marks[k].label for k in group), key=_natural)
            out.append(Crowd(marks[i].owner, tuple(group), x, y, ", ".join(names), need))
    return out
