"""Staging positions for tests and lessons: :func:`stage` builds a game from a short list.

>>> g = stage(pieces=[("Red TB-2", (2, 6), "N"), ("Blue TB-6", (2, 4), "N")], forced=[4, 4])
>>> g.state.pieces["Red TB-2"].ammo, g.state.to_move, g.board.name
(['T', 'T'], 'Red', 'open sea')

Each piece is ``(id, (col, row), facing)`` -- offset column and row on the board (the kernel's
``from_offset``; or a kernel ``Axial`` point), a facing name ``"N"``, ``"NE"``, ... or 0-5 -- optionally with a fourth item, a
dict of :class:`~lcb_lab.games.archipelago.model.state.Piece` fields (``ammo``, ``hits``).  The
board defaults to an open sea of 12 x 12 dark-blue points (``Board.open_sea``).
"""
from __future__ import annotations

from typing import Any, Iterable

from lcb_lab.games.archipelago.dice import RED
from lcb_lab.games.archipelago.game import Archipelago
from lcb_lab.games.archipelago.model.board import Board
from lcb_lab.games.archipelago.model.catalog import catalog
from lcb_lab.games.archipelago.model.state import Piece
from lcb_lab.games.archipelago.rules import face_down
from lcb_lab.games.archipelago.rules.common import log
from lcb_lab.games.archipelago.rules.expanded import BOARD as EXPANDED_BOARD, LEVEL, ZONES as EXPANDED_ZONES, fleet
from lcb_lab.games.archipelago.rules.optional import is_on
from lcb_lab.games.archipelago.rules.setup import filled, new_state
from lcb_lab.kernel.dice import Dice
from lcb_lab.kernel.hexgrid import Axial, Facing

PieceSpec = tuple


def piece(spec: PieceSpec, board: Board) -> tuple[str, Piece]:
    """``(id, Piece)`` of one staged spec (module docstring). Raises KeyError for a bad id or facing."""
    pid, where, facing, *more = spec
    owner, kind, number = catalog().of_id(pid)
    f = Facing[facing] if isinstance(facing, str) else Facing(facing)
    extra = dict(more[0]) if more else {}
    ammo = extra.pop("ammo", filled(kind))
    return pid, Piece(owner, kind, number, tuple(where if isinstance(where, Axial) else board.from_col_row(*where)), int(f), list(ammo), **extra)


def stage(board: Board | None = None, pieces: Iterable[PieceSpec] = (), forced: Iterable[int] = (),
          seed: int | None = None, level: int = 1, zone: int = 0, hide: Iterable[str] = (), **extra: Any) -> Archipelago:
    """A game on ``board`` with ``pieces`` placed and checked (l.155), dice ``forced`` first then
    ``seed`` (no seed: only forced dice; a roll beyond them raises DiceExhausted); ``extra`` are
    :class:`~lcb_lab.games.archipelago.model.state.ArchState` fields (``to_move``,
    ``optional_rules``, ``flagships``, ``stock``, ``turn_limit``, level 5 ``rc_mines``...); ``hide``:
    submerged submarines written on their owners' notepads at the start (optional rule l.1147,
    :func:`~lcb_lab.games.archipelago.rules.hidden.hide`). Raises IllegalAction for a placement
    the rules refuse."""
    board = board or Board.open_sea(12, 12)
    placed = dict(piece(s, board) for s in pieces)
    state = new_state(board, placed, level, zone, **extra)
    dice = Dice(seed=seed, forced=list(forced), die=RED)
    g = Archipelago(state, board, dice)
    for owner, stock in sorted(state.stock.items()):
        if any(b.owner == owner and b.kind == "A" for b in board.bases.values()):
            kinds = [k for k, n in sorted(stock.items()) for _ in range(n)]
            log(g, "stock", f"{owner}'s panel A holds {len(kinds)} marker(s)", "Sandbox: the text does not print "
                f"panel A's count; it holds the side's markers (l.104) not on its pieces: "
                f"{', '.join(f'{n} {k}' for k, n in sorted(stock.items()))} (l.159, l.281).", ["l.159", "l.281"],
                team=owner, markers=kinds, about=face_down.subjects(owner, kinds, {"stock": owner}))
    from lcb_lab.games.archipelago.rules.cards import open_choice
    open_choice(state)                         # the cards, optional rule l.757: chosen before turn 1 (l.771)
    if is_on(state, "l.600"):
        for c in state.commandos:
            c.secret = True
        for owner in ("Red", "Blue"):
            places = sorted(c.island for c in state.commandos if c.owner == owner)
            log(g, "paper", f"{owner} writes its commandos on paper: {', '.join(places) or 'none'}", "Each C marker's "
                "place on a paper of its own (optional rule l.600).", ["l.600"], team=owner, count=len(places),
                about={"commandos": owner})
    for owner, pid in sorted(state.flagships.items()):
        rule = "l.394" if is_on(state, "l.394") else "l.392"
        log(g, "flagship", f"{owner}'s flagship is {pid}", f"Sinking it ends the game ({rule}).", [rule],
            team=owner, about={"flagship": owner})
    if state.rc_mines:
        from lcb_lab.games.archipelago.rules.mines import write_rc
        write_rc(g)
    for pid in hide:
        from lcb_lab.games.archipelago.rules.hidden import hide as write_hidden
        write_hidden(g, pid)
    return g


FLEET = {1: [f"TB-{i}" for i in range(1, 9)],
         2: [f"TB-{i}" for i in range(1, 9)] + ["C-9", "C-10", "C-11", "C-12", "D-13", "D-14", "A-15", "R-16"]}
FLEET[3] = FLEET[2] + ["F-17", "H-1", "H-2"]
FLEET[4] = FLEET[3] + ["HC-18", "HC-19"]
FLEET[5] = fleet(FLEET[4])
"""Each side's pieces at level 1 (8 torpedo boats, l.140), level 2 (all 16, l.266-268), level 3 (and
the frigate and two helicopters, l.398), level 4 (and two hovercraft, l.580) and level 5, the
expanded game (and the expanded pieces whose classes ``data/pieces.toml`` holds, l.806:
:func:`~lcb_lab.games.archipelago.rules.expanded.fleet`)."""


def default_board(level: int) -> Board:
    """The board a game of ``level`` opens on when none is given: an open sea 14 x 16 (levels
    1-2), 21 x 14 with landing points (3-4, :func:`helipads`), the expanded board (5, l.813)."""
    if level >= LEVEL:
        from lcb_lab.games.archipelago.model.board_data import load_board
        return load_board(EXPANDED_BOARD)
    return Board.open_sea(14, 16) if level < 3 else helipads(Board.open_sea(21, 14))


def opening(board: Board | None = None, level: int = 1, zone: int = 2, seed: int | None = 0,
            **extra: Any) -> Archipelago:
    """A whole game: each side's :data:`FLEET` in suggested ``zone`` (l.146-149), ships on dark
    blue, every piece facing the other side (Red south, Blue north), panels filled; dice ``seed``.
    Level 5 opens on the expanded board, Blue in the 4 western sector columns facing NE, Red in the 4
    eastern ones facing SW (``zone`` unused; the scenarios' "4 sectors from the west / east", l.1409).
    Raises IllegalAction when the zone has too few points for the fleet."""
    board = board or default_board(level)
    if level >= LEVEL:
        return _opening5(board, seed, **extra)
    from lcb_lab.games.archipelago.rules.setup import ZONES
    from lcb_lab.kernel.errors import IllegalAction
    specs = []
    for owner, facing in (("Red", "S"), ("Blue", "N")):
        sectors, _ = ZONES[zone][owner]
        free = [p for s in sectors for p in board.points_in(s) if board.admits(p, "ship")]
        pads = [p for s in sectors for p in board.points_in(s) if board.admits(p, "landed")]
        fleet = [n for n in FLEET[level] if not n.startswith("H-")]
        if len(free) < len(fleet) or len(pads) < len(FLEET[level]) - len(fleet):
            raise IllegalAction("l.144", f"zone {zone} holds {len(free)} points and {len(pads)} white points for "
                                         f"{owner}'s {len(FLEET[level])} pieces")
        specs += [(f"{owner} {name}", p, facing) for name, p in zip(fleet, free)]
        specs += [(f"{owner} {name}", p, facing) for name, p in zip([n for n in FLEET[level] if n.startswith("H-")], pads)]
    return stage(board, specs, seed=seed, level=level, zone=zone, **extra)


def _opening5(board: Board, seed: int | None, **extra: Any) -> Archipelago:
    """Level 5's opening: each piece on the first free point of its side's zone its class may start
    on (aircraft over any point, the seaplane on the water, l.1105); a helicopter finding no white
    point left starts aboard an own ship with a free platform (l.417, l.945, l.1027, l.1266)."""
    from lcb_lab.kernel.errors import IllegalAction
    specs: list = []
    for owner, facing in (("Blue", "NE"), ("Red", "SW")):
        pts = [p for s in EXPANDED_ZONES[owner] for p in board.points_in(s)]
        taken: set = set()
        for name in FLEET[LEVEL]:
            c = catalog().classes[catalog().of_id(f"{owner} {name}")[1]]
            need = {"flying": "landed", "seaplane": "boat", "blimp": "flying"}.get(c.mobility, c.mobility)
            p = next((p for p in pts if p not in taken and board.admits(p, need)), None)
            if p is None and c.mobility == "flying":
                deck = _free_deck(specs, owner, c)
                if deck is not None:
                    specs.append((f"{owner} {name}", deck[1], facing, {"aboard": deck[0]}))
                    continue
            if p is None:
                raise IllegalAction("l.144", f"no free point for {owner} {name} in {owner}'s zone")
            taken.add(p)
            specs.append((f"{owner} {name}", p, facing))
    return stage(board, specs, seed=seed, level=LEVEL, **extra)


def _free_deck(specs: list, owner: str, heli: Any) -> tuple[str, Any] | None:
    """``(ship id, its point)``: the first of ``owner``'s ships placed in ``specs`` with a platform
    left for helicopter class ``heli`` (a large one only on a large platform, l.1017), or None."""
    from lcb_lab.games.archipelago.rules.dock import platforms
    for spec in specs:
        pid, point = spec[0], spec[1]
        if not pid.startswith(owner + " "):
            continue
        c = catalog().classes[catalog().of_id(pid)[1]]
        aboard = sum(1 for t in specs if len(t) > 3 and t[3].get("aboard") == pid)
        if platforms(c) > aboard and (not heli.get("large") or c.get("large_platform")):
            return pid, point
    return None


def helipads(board: Board) -> Board:
    """``board`` with two white points (helicopter landing points, l.443) at the north edge's
    west half and two at the south edge's east half (in the suggested zone 2 of each side, l.147):
    a sandbox open sea for levels 3-4, where helicopters start landed (l.414)."""
    c, r = board.cols, board.rows
    return board.with_points({board.from_col_row(x, y): "white" for x, y in ((1, 0), (4, 0), (c - 2, r - 1), (c - 5, r - 1))})


def choose_game(board: Board | None = None, level: int = 2, budget: int = 30, zone: int = 0, seed: int | None = 0,
                forced: Iterable[int] = (), **extra: Any) -> Archipelago:
    """A game in its ``choose`` phase: each side picks pieces of its :data:`FLEET` worth ``budget``
    points (``Choose`` / ``EndChoice`` acts, Red first, l.272), then places them (``Place``)."""
    from lcb_lab.games.archipelago.rules.forces import choose_state
    board = board or default_board(level)
    _garrisons(board, level, extra)
    ids = [f"{o} {n}" for o in ("Red", "Blue") for n in FLEET[level]]
    return Archipelago(choose_state(ids, budget, level, zone, **extra), board, Dice(seed=seed, forced=list(forced), die=RED))


def setup_game(board: Board | None = None, level: int = 1, zone: int = 0, seed: int | None = 0,
               forced: Iterable[int] = (), **extra: Any) -> Archipelago:
    """A game in its ``setup`` phase: each side's :data:`FLEET` waits to be placed by ``Place``
    acts (Red first, l.144-155), in suggested ``zone`` (0: anywhere)."""
    from lcb_lab.games.archipelago.rules.setup import setup_state
    board = board or (Board.open_sea(14, 16) if level < LEVEL else default_board(level))
    _garrisons(board, level, extra)
    ids = [f"{o} {n}" for o in ("Red", "Blue") for n in FLEET[level]]
    return Archipelago(setup_state(ids, level, zone, **extra), board, Dice(seed=seed, forced=list(forced), die=RED))


def _garrisons(board: Board, level: int, extra: dict) -> None:
    """Level 5: the Ga markers of the expanded board (l.807, l.821) for a game placed by acts."""
    if level >= LEVEL and "garrisons" not in extra:
        from lcb_lab.games.archipelago.rules.expanded import garrisons
        extra["garrisons"] = garrisons(board)
