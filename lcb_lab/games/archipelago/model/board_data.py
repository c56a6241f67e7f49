"""Board files: a :class:`~lcb_lab.games.archipelago.model.board.Board` written as rows of letters.

The text's board exists only as pictures (l.106-130, the expanded one l.825), so the packaged
boards (``lcb_lab/games/archipelago/data/boards/*.toml``) are the project's own, tagged
``source = "sandbox"``.

The encoding (one TOML file a board)::

    [board]
    name = "archipelago"
    source = "sandbox"            # required: a board the text does not print is a sandbox
    note = "why it is sandbox, why this size"
    sector_cols = "ABCDEFG"       # the sector letters, west to east (l.110; A..Q expanded, l.825)
    sector_rows = 7               # the sector numbers, 1..n, north to south
    rows = [                      # one string a row of points, north to south
        "DDDLLO LLDDDD ...",      # one letter a point, west to east; spaces are ignored
    ]

    [[symbol]]                    # l.130: the special marks, any number of entries
    at = [9, 4]                   # [col, row], 0-based: the letter's place in its row, the row's index
    symbols = ["port"]            # of port / ammunition / workshop / fuel

    [[base]]                      # l.108: naval bases A and outpost helicopter bases B
    name = "Red Base A"
    kind = "A"                    # "A", "B", or "C" (expanded board, l.813)
    owner = "Red"                 # "Red", "Blue", or "" for nobody's
    points = [[9, 4], [8, 4]]     # the first names the base on the map

    [[feature]]                   # expanded board (l.817-823): dynamite road, mined bridge, launcher squares
    name = "Blue dynamite"
    kind = "dynamite"             # "dynamite" / "bridge" (cut an island in two parts), "launcher" or "sonar" (l.1181)
    owner = "Blue"                # whose commandos cross it, or whose L markers stand there
    points = [[14, 23]]

Letters: ``D`` dark blue (deep water), ``L`` light blue (shallow water), ``W`` white, ``O``
orange, ``R`` red (l.114-128).  Points are the kernel's odd-q offset points: columns of points
west to east, every odd column half a step south of its neighbours (see
:mod:`~lcb_lab.games.archipelago.model.board`), so the letter in column ``c`` of row ``r`` is
``Board.from_col_row(c, r)``; :func:`point_label` writes it ``"c,r"``.

Errors: a malformed file raises the kernel's :class:`~lcb_lab.kernel.errors.InputError` with
``what`` the file's path, ``where`` the key (``"board.rows[3]"``, ``"symbol[2].at"``) and
``problem`` what is wrong; a well-formed file describing an impossible board (a base off the
board) fails :func:`~lcb_lab.games.archipelago.model.board.check`, reported the same way.

>>> b = load_board()
>>> b.source, (b.cols, b.rows), sorted(b.bases)[0]
('sandbox', (42, 35), 'Blue Base A')
>>> point_label(b.from_col_row(9, 4)), sorted(b.symbols_at(parse_point("9,4")))
('9,4', ['port'])
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from lcb_lab.games.archipelago.model.board import (FEATURE_KINDS, SYMBOLS, Base, Board, Colour, Feature, check,
                                                  point_label, point_name)
from lcb_lab.kernel import files
from lcb_lab.kernel.errors import InputError, ScenarioError
from lcb_lab.kernel.hexgrid import Axial, from_offset

__all__ = ["BOARDS_DIR", "LETTERS", "load_board", "board_path", "point_label", "point_name", "parse_point"]

BOARDS_DIR = Path(__file__).resolve().parent.parent / "data" / "boards"
"""Where the packaged board files live."""

LETTERS: dict[str, Colour] = {"D": "dark_blue", "L": "light_blue", "W": "white", "O": "orange", "R": "red"}
"""A row's letter -> the point's colour (l.114-128)."""


def board_path(name: str) -> Path:
    """The packaged file of board ``name`` (``BOARDS_DIR / f"{name}.toml"``); it may not exist."""
    return BOARDS_DIR / f"{name}.toml"


def parse_point(text: str) -> Axial:
    """The point of label ``"col,row"``; raises ValueError for another shape."""
    try:
        col, row = (int(x) for x in text.split(","))
    except ValueError:
        raise ValueError(f"{text!r} is not a point label of the form 'col,row' such as '9,4'") from None
    return from_offset(col, row)


def load_board(name: str = "archipelago", path: Path | None = None) -> Board:
    """The board of file ``path`` (default: the packaged board ``name``), checked.

    Raises :class:`~lcb_lab.kernel.errors.InputError` (file, key, problem) for a missing or
    malformed file (see the module docstring for the encoding)."""
    path = Path(path) if path is not None else board_path(name)
    where = str(path)
    try:
        data = files.load_toml(path, "board")       # the one reader: regular files only, capped
    except ScenarioError as e:
        problem = f"not TOML: {e.problem}" if e.key == "(syntax)" else e.problem
        raise InputError(where, "", problem) from None
    return _board(where, data)


class _Reader:
    """Reads one file's tables, raising InputError(file, key, problem)."""

    def __init__(self, where: str):
        self.where = where

    def fail(self, key: str, problem: str) -> InputError:
        return InputError(self.where, key, problem)

    def get(self, table: dict, key: str, kind: type, path: str) -> Any:
        if key not in table:
            raise self.fail(path, "missing")
        v = table[key]
        if not isinstance(v, kind) or (kind is int and isinstance(v, bool)):
            raise self.fail(path, f"should be a {kind.__name__}, not {type(v).__name__} {v!r}")
        return v

    def point(self, v: Any, key: str, cols: int, rows: int) -> Axial:
        ok = isinstance(v, list) and len(v) == 2 and all(isinstance(x, int) and not isinstance(x, bool) for x in v)
        if not ok:
            raise self.fail(key, f"should be a point [col, row], not {v!r}")
        if not (0 <= v[0] < cols and 0 <= v[1] < rows):
            raise self.fail(key, f"point {v} lies outside the {cols} x {rows} board")
        return from_offset(v[0], v[1])


def _board(where: str, data: dict) -> Board:
    rd = _Reader(where)
    unknown = sorted(set(data) - {"board", "symbol", "base", "feature"})
    if unknown:
        raise rd.fail(unknown[0], "unknown table: a board file has [board], [[symbol]], [[base]] and [[feature]]")
    head = rd.get(data, "board", dict, "board")
    name = rd.get(head, "name", str, "board.name")
    source = rd.get(head, "source", str, "board.source")
    if source != "sandbox":
        raise rd.fail("board.source", f"is {source!r}: the text prints no board, so a board file is a 'sandbox'")
    letters = rd.get(head, "sector_cols", str, "board.sector_cols")
    nrows = rd.get(head, "sector_rows", int, "board.sector_rows")
    if not letters.isalpha() or len(set(letters)) != len(letters) or nrows < 1:
        raise rd.fail("board.sector_cols" if nrows >= 1 else "board.sector_rows", "sectors need distinct letters and a row count of 1 or more")
    points, cols, rows = _rows(rd, rd.get(head, "rows", list, "board.rows"))
    symbols = _symbols(rd, data.get("symbol", []), cols, rows)
    bases = _bases(rd, data.get("base", []), cols, rows)
    features = _features(rd, data.get("feature", []), cols, rows)
    board = Board(name, cols, rows, points, symbols, bases, letters, nrows, source, features)
    try:
        check(board)
    except ValueError as e:
        raise rd.fail("board", str(e)) from None
    return board


def _rows(rd: _Reader, lines: list) -> tuple[dict[Axial, Colour], int, int]:
    if not lines:
        raise rd.fail("board.rows", "no rows")
    points: dict[Axial, Colour] = {}
    width = None
    for r, line in enumerate(lines):
        key = f"board.rows[{r}]"
        if not isinstance(line, str):
            raise rd.fail(key, f"should be a string of letters, not {line!r}")
        cells = line.replace(" ", "")
        if width is None:
            width = len(cells)
        if len(cells) != width:
            raise rd.fail(key, f"has {len(cells)} points, row 0 has {width}")
        for c, ch in enumerate(cells):
            if ch not in LETTERS:
                raise rd.fail(key, f"letter {ch!r} at column {c} is not one of {', '.join(LETTERS)}")
            points[from_offset(c, r)] = LETTERS[ch]
    return points, width or 0, len(lines)


def _entries(rd: _Reader, items: Any, key: str) -> list[dict]:
    if not isinstance(items, list) or not all(isinstance(t, dict) for t in items):
        raise rd.fail(key, "should be an array of tables ([[...]])")
    return items


def _symbols(rd: _Reader, items: Any, cols: int, rows: int) -> dict[Axial, frozenset]:
    out: dict[Axial, frozenset] = {}
    for i, t in enumerate(_entries(rd, items, "symbol")):
        p = rd.point(t.get("at"), f"symbol[{i}].at", cols, rows)
        names = rd.get(t, "symbols", list, f"symbol[{i}].symbols")
        bad = [s for s in names if s not in SYMBOLS]
        if bad or not names:
            raise rd.fail(f"symbol[{i}].symbols", f"{bad[0]!r} is not one of {', '.join(SYMBOLS)}" if bad else "empty")
        if p in out:
            raise rd.fail(f"symbol[{i}].at", f"point {point_label(p)} already has symbols")
        out[p] = frozenset(names)
    return out


def _bases(rd: _Reader, items: Any, cols: int, rows: int) -> dict[str, Base]:
    out: dict[str, Base] = {}
    for i, t in enumerate(_entries(rd, items, "base")):
        key = f"base[{i}]"
        name = rd.get(t, "name", str, f"{key}.name")
        kind = rd.get(t, "kind", str, f"{key}.kind")
        if kind not in ("A", "B", "C"):
            raise rd.fail(f"{key}.kind", f"{kind!r} is not 'A' (naval base), 'B' (outpost helicopter base, l.108) "
                          "or 'C' (expanded board, l.813)")
        owner = rd.get(t, "owner", str, f"{key}.owner")
        pts = rd.get(t, "points", list, f"{key}.points")
        if not pts:
            raise rd.fail(f"{key}.points", "a base needs at least one point")
        if name in out:
            raise rd.fail(f"{key}.name", f"base {name!r} is named twice")
        points = tuple(rd.point(v, f"{key}.points[{j}]", cols, rows) for j, v in enumerate(pts))
        out[name] = Base(name, kind, owner or None, points)  # type: ignore[arg-type]
    return out


def _features(rd: _Reader, items: Any, cols: int, rows: int) -> dict[str, Feature]:
    out: dict[str, Feature] = {}
    for i, t in enumerate(_entries(rd, items, "feature")):
        key = f"feature[{i}]"
        name = rd.get(t, "name", str, f"{key}.name")
        kind = rd.get(t, "kind", str, f"{key}.kind")
        if kind not in FEATURE_KINDS:
            raise rd.fail(f"{key}.kind", f"{kind!r} is not one of {', '.join(FEATURE_KINDS)} (l.819-823)")
        owner = rd.get(t, "owner", str, f"{key}.owner")
        pts = rd.get(t, "points", list, f"{key}.points")
        if not pts or name in out:
            raise rd.fail(f"{key}.points" if not pts else f"{key}.name", "a feature needs a point" if not pts else f"feature {name!r} is named twice")
        points = tuple(rd.point(v, f"{key}.points[{j}]", cols, rows) for j, v in enumerate(pts))
        out[name] = Feature(name, kind, owner, points)  # type: ignore[arg-type]
    return out
