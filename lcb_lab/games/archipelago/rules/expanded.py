"""The expanded game, level 5 (Additional Components, l.799-840): its board, dice, fleet and stock.

* **Level 5** is the expanded game (``ArchState.level == 5``): all the basic rules apply (l.811)
  with the expanded pieces; a piece class of the expanded rules is played only there (or in a
  staged position, ``stage(..., level=5)``).
* **The board** (l.813-825): the expanded board ``archipelago_expanded`` (sandbox, sectors A1-Q11)
  with Bases A, B and C; Blue's Base A island is cut by the dynamite point of its road, Red's Base A
  stands on two islands joined by a mined bridge (board :class:`~lcb_lab.games.archipelago.model.board.Feature` s,
  l.819-821); the square red launcher points (l.823).
* **Blue dice** (l.827-834): 16 pieces or more: 5 dice, 11-15: 4, 6-10: 3, 2-5: 2, 1: 1 -- every
  piece counts, landed or flying helicopters and craft in a well dock too (as l.437); land
  launchers are markers, not pieces (l.999), and do not count.
* **Fleet** (l.806): each side's basic pieces (level 4) and the expanded ones, :data:`EXPANDED`;
  :func:`fleet` keeps the ids whose class the catalog holds (a class added to ``data/pieces.toml``
  joins the game by that alone).  *Reading*: l.806 lists 26 pieces a side (52), not the 50 it says.
* **Stock** (l.807): panel A holds the side's basic markers (l.104) and the expanded ones
  (``[expanded_stock]`` of ``data/pieces.toml``) not loaded on its pieces (sandbox).
* **Garrisons** (l.807 "3 (2+1) Ga", l.821): a Ga marker on every island part holding points of a
  side's Base A, B or C: Blue A, B, C; Red A (both islands), B, C.
* **Commandos walk** (l.819-821): :func:`~.commandos.walk` takes a C marker across a dynamite road or a bridge
  from one part to the other, on a later turn than it landed; only the feature's owner may (the
  other side's crossing would be blown up).  An enemy unit on the far part is fought as a landing
  (l.661-674).  Capturing a Base A means holding every island part of it (l.821).  *Reading*: a
  walk is no shot and spends no die, at any time of the owner's turn, once a turn; a unit written
  on paper (optional l.600) shows its paper when it walks, as when it boards (l.620).
"""
from __future__ import annotations

from typing import Any

from lcb_lab.games.archipelago.model.catalog import catalog
from lcb_lab.games.archipelago.model.state import ArchState, other
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.kernel.hexgrid import distance

LEVEL = 5
"""The level number of the expanded game."""

BOARD = "archipelago_expanded"
"""The packaged board of the expanded game (sandbox, l.813-825)."""

ZONES = {"Blue": tuple(f"{c}{r}" for c in "ABCD" for r in range(1, 12)),
         "Red": tuple(f"{c}{r}" for c in "NOPQ" for r in range(1, 12))}
"""The opening zones of the expanded game (sandbox): Blue in the 4 western sector columns, Red in
the 4 eastern ones, as the scenarios' "4 sectors from the west / 4 sectors from the east" (l.1409)."""

EXPANDED = ("MB-20", "MB-21", "MC-22", "MC-23", "MF-24", "CS-25", "DLS-26", "LB-27", "M-28", "HY-29", "HY-30",
            "S-31", "S-32", "T-33", "T-34", "TA-35", "MLP-36", "GMC-37", "OP-38", "H-3", "H-4", "H-5", "H-6", "H-7",
            "E-1", "BL-1")
"""The expanded pieces of each side (l.806) by the numbers of the table (l.1647-1665); ``OP-38`` (the
oil platform, l.1427) and ``BL-1`` (the blimp / aerostat) carry sandbox numbers: the text prints none."""


BASIC = ("torpedo_boat", "corvette", "destroyer", "ammunition_ship", "repair_ship", "frigate", "helicopter", "hovercraft")
"""The piece classes of levels 1-4; every other class of the catalog is an expanded one (l.806)."""


def check_level(pieces: dict, level: int) -> None:
    """Refuse (IllegalAction l.806) a piece of an expanded class in a game below level 5."""
    if level >= LEVEL:
        return
    late = sorted(i for i, p in pieces.items() if p.kind not in BASIC)
    if late:
        raise IllegalAction("l.806", f"{late[0]} is a piece of the expanded set: it plays at level {LEVEL} only")


def dice_count(n: int) -> int:
    """Blue dice for ``n`` pieces in the expanded game (l.827-834)."""
    return 5 if n >= 16 else 4 if n >= 11 else 3 if n >= 6 else 2 if n >= 2 else 1


def known(name: str) -> bool:
    """Whether the catalog has the class of piece name ``name`` (``"CS-25"``)."""
    try:
        catalog().of_id(f"Red {name}")
    except KeyError:
        return False
    return True


def fleet(basic: list[str]) -> list[str]:
    """Each side's level-5 pieces: ``basic`` (the level-4 fleet) and the :data:`EXPANDED` ids the
    catalog knows."""
    return list(basic) + [n for n in EXPANDED if known(n)]


def stock_kinds() -> dict[str, int]:
    """Each marker kind of panel A at level 5 and the side's total of it (l.104, l.807); C, the
    commandos, are units, not stock (l.598)."""
    c = catalog()
    out = dict(c.totals)
    for k, n in c.expanded.items():
        out[k] = out.get(k, 0) + n
    out.pop("C", None)
    return out


def garrisons(board: Any) -> dict[str, str]:
    """A Ga marker on every island part with a point of an owned base A, B or C (module docstring)."""
    out = {}
    for isl, pts in sorted(board.islands().items()):
        owner = next((b.owner for b in board.bases.values() if b.owner and any(p in pts for p in b.points)), None)
        if owner:
            out[isl] = owner
    return out


def base_parts(board: Any, base: str) -> list[str]:
    """The island parts holding points of base ``base`` (``"Red Base A"``: two, l.821)."""
    b = board.bases[base]
    return sorted(n for n, pts in board.islands().items() if any(p in pts for p in b.points))


def captured(g: Any, base: str, owner: str) -> bool:
    """Whether ``owner``'s commandos hold every island part of ``base`` and no Ga marker of the
    other side is left there (l.680, l.821)."""
    s = g.state
    parts = base_parts(g.board, base)
    return bool(parts) and all(s.garrisons.get(i) != other(owner) and
                               any(c.owner == owner and c.island == i for c in s.commandos) for i in parts)


def crossing(board: Any, a: str, b: str) -> Any:
    """The dynamite or bridge feature joining island parts ``a`` and ``b``, or None."""
    isl = board.islands()
    for f in board.features.values():
        if f.kind in ("dynamite", "bridge") and all(
                any(distance(p, q) <= 1 for p in f.points for q in isl.get(n, ())) for n in (a, b)):
            return f
    return None


def check_walk(g: Any, start: str, to: str) -> Any:
    """The C marker of the player to move that may walk from ``start`` to ``to``. Raises IllegalAction."""
    s: ArchState = g.state
    if s.level < LEVEL:
        raise IllegalAction("l.815", "commandos walk between island parts only on the expanded board")
    f = crossing(g.board, start, to) if start != to else None
    if f is None:
        raise IllegalAction("l.819", f"no dynamite road or bridge joins {start} and {to}")
    rule = "l.819" if f.kind == "dynamite" else "l.821"
    if f.owner != s.to_move:
        raise IllegalAction(rule, f"{s.to_move}'s commandos cannot cross {f.name}: {f.owner} would blow it up")
    unit = next((c for c in s.commandos if c.owner == s.to_move and c.island == start and c.since < s.turn), None)
    if unit is None:
        raise IllegalAction(rule, f"no commandos of {s.to_move} on {start} that landed before this turn")
    return unit
