"""Hidden Movement of Submarine (l.1145-1175; optional, switch ``"l.1147"``): a submerged
submarine written on its owner's notepad instead of standing on the board.

* The sectors are the board's (the expanded board A1-Q11, l.1151; a staged board's grid).  Each
  hidden submarine has a notepad line per own turn, the first written at the start (l.1151,
  :func:`hide`, numbered the turn before the first, so the first turn may move it, l.1155); a turn it is not moved its sector is written again (l.1161, :func:`write_unmoved`).
* A move (:func:`move`) writes the same sector or one of the eight around it (picture 78) that it
  can pass to, spending no blue die (l.1155).  *Reading* of "can't pass" (l.1159): a submarine
  passes from one sector to a neighbouring one when a deep-water point of the first lies next to
  a deep-water point of the second, or two steps from it through a deep-water point (of any sector:
  the lattice does not touch every sector corner, so a diagonal move crosses the corner); a sector
  without deep water holds no submerged submarine (:func:`can_pass`).  The notepad's path is "logical" (l.1165) when every
  line follows the last by such a step (:func:`logical`); a line that would break it is refused
  when written, and the whole path is shown and checked when the submarine is revealed.
* Revealing (:func:`push_reveal`) puts a :class:`~..model.notepad.RevealChoice` on the game's one
  stack: the owner chooses the point (and facing) in the sector; the answer (:func:`place`) puts
  the S marker (or, surfaced, the piece) on the board -- before launching a torpedo or landing
  commandos (l.1165-1167), found by a sonar or the MAD (l.1185, l.1203), or entering a sonar's
  zone (l.1189) or a sector the fixed sonars near the enemy's Base A hear (l.1181, :func:`base_sonars`:
  board features, sandbox; no submarine is written hidden there, :func:`hide`).  Once revealed it
  stays on the board (the simpler variant, l.1171) -- unless the
  optional rule l.1173 (switch ``"l.1173"``, :func:`rehide`): three of its owner's turns after it
  was last shown (placed, surfaced, launching a torpedo) and out of every enemy sonar's zone
  (l.1195; a turn ended in a zone counts as shown), it may be written on the notepad again.
"""
from __future__ import annotations

from typing import Any

from lcb_lab.games.archipelago.model.notepad import HiddenSubmarine, RevealChoice
from lcb_lab.games.archipelago.model.state import Piece, other
from lcb_lab.games.archipelago.rules.common import cls_of, log, where
from lcb_lab.games.archipelago.rules.optional import is_on
from lcb_lab.kernel import choices as K
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.kernel.hexgrid import Axial, neighbour


def sector_points(board: Any) -> dict[str, list[Axial]]:
    """Sector name -> its points, in board order (computed once per board)."""
    if "_sector_points" not in board.__dict__:
        out: dict[str, list[Axial]] = {}
        for p in board:
            out.setdefault(board.sector(p), []).append(p)
        board.__dict__["_sector_points"] = out
    return board.__dict__["_sector_points"]


def deep(board: Any, sector: str) -> list[Axial]:
    """The dark-blue (deep water) points of ``sector`` (empty for an unknown sector)."""
    return [p for p in sector_points(board).get(sector, []) if board.colour(p) == "dark_blue"]


def neighbours(board: Any, sector: str) -> list[str]:
    """The sectors around ``sector`` in the eight directions of picture 78 (those on the board)."""
    col, row = board.sector_cols.index(sector[0]), int(sector[1:])
    out = []
    for dc in (-1, 0, 1):
        for dr in (-1, 0, 1):
            c, r = col + dc, row + dr
            if (dc or dr) and 0 <= c < len(board.sector_cols) and 1 <= r <= board.sector_rows:
                out.append(f"{board.sector_cols[c]}{r}")
    return out


def zone(board: Any, sector: str) -> list[str]:
    """A sonar's zone: ``sector`` and its neighbours (nine sectors inside the board, picture 80)."""
    return [sector] + neighbours(board, sector)


def can_pass(board: Any, a: str, b: str) -> bool:
    """Whether a hidden submarine in sector ``a`` may be written in ``b`` next (module docstring's
    reading of l.1155-1159)."""
    if not deep(board, b):
        return False
    if a == b:
        return True
    if b not in neighbours(board, a):
        return False
    there = set(deep(board, b))
    for p in deep(board, a):
        for f in range(6):
            m = neighbour(p, f)
            if m in there:
                return True
            if board.points.get(m) == "dark_blue" and any(neighbour(m, k) in there for k in range(6)):
                return True                    # across a corner, through one deep point of a third sector
    return False


def logical(board: Any, path: list[tuple[int, str]]) -> tuple[bool, str]:
    """Whether notepad ``path`` (``(turn, sector)`` lines) is logical (l.1165): ``(True, "")`` or
    ``(False, why)`` naming the first bad line."""
    if not path or not deep(board, path[0][1]):
        return False, "the first line names no sector with deep water" if path else "the notepad is empty"
    for (t0, a), (t1, b) in zip(path, path[1:]):
        if not can_pass(board, a, b):
            return False, f"turn {t0} {a} -> turn {t1} {b}: not the same sector nor a neighbour it can pass to"
    return True, ""


def _check_on(g: Any) -> None:
    if not is_on(g.state, "l.1147"):
        raise IllegalAction("l.1147", "hidden movement of submarines is an optional rule not in force")


def hide(g: Any, pid: str, turn: int | None = None) -> None:
    """Write submerged submarine ``pid`` (standing on the board) on its owner's notepad in its
    sector for ``turn`` (default: the turn before this one, the start of the game): its S marker
    leaves the board (l.1151). Raises IllegalAction (l.1147, l.1159)."""
    s = g.state
    _check_on(g)
    p = s.pieces.get(pid)
    if p is None or not p.submerged:
        raise IllegalAction("l.1151", f"{pid} is not a submerged submarine on the board")
    sector = g.board.sector(p.at)
    if not deep(g.board, sector):
        raise IllegalAction("l.1159", f"{sector} has no deep water: no submarine is submerged there")
    if sector in base_sonars(g.board, other(p.owner)):
        raise IllegalAction("l.1181", f"{sector} is heard by the sonars near {other(p.owner)}'s Base A: a submarine "
                                      "there is detected, it cannot be written hidden")
    del s.pieces[pid]
    s.hidden[pid] = HiddenSubmarine(p.owner, p.kind, p.number, list(p.ammo), list(p.hits), p.facing, [(s.turn - 1 if turn is None else turn, sector)])
    log(g, "notepad", f"{p.owner} writes {pid} on its notepad: {sector} for turn {s.hidden[pid].path[0][0]}", "A hidden submarine is "
        "only a line on its owner's notepad, no S marker on the board (l.1151); it may move in the first turn "
        "already (l.1155).", ["l.1151", "l.1155"], team=p.owner,
        piece=pid, sector=sector, about={"notepad": p.owner})


REHIDE = 3
"""Own turns a shown submarine waits before it may hide again (optional rule l.1173)."""


def base_sonars(board: Any, owner: str) -> list[str]:
    """The sectors the fixed sonars near ``owner``'s Base A hear (l.1181): each board feature of
    kind ``"sonar"`` hears the sectors of its points (where they lie is sandbox: the text prints
    "xxxxxxxxxx")."""
    return sorted({board.sector(p) for f in board.features.values() if f.kind == "sonar" and f.owner == owner
                   for p in f.points})


def listening(g: Any, owner: str) -> dict[str, str]:
    """The sectors where ``owner``'s submarines are heard by enemy sonars, each with the rule that
    finds one entering it: a dropped sonar's nine sectors (l.1189), the fixed sonars near the enemy's
    Base A (l.1181)."""
    out = {sec: "l.1181" for sec in base_sonars(g.board, other(owner))}
    for o in g.state.sonars:
        if o.owner != owner:
            out.update({sec: "l.1189" for sec in zone(g.board, o.sector) if sec not in out})
    return out


def heard(g: Any, pid: str) -> bool:
    """Whether submarine ``pid`` on the board lies in an enemy sonar's zone (l.1195), a dropped one's
    or one near the enemy's Base A (l.1181)."""
    p = g.state.pieces[pid]
    return g.board.sector(p.at) in listening(g, p.owner)


def mark_heard(g: Any) -> None:
    """At the end of its owner's turn a submarine in an enemy sonar's zone counts as shown that turn:
    it hides again only three turns after leaving the zone (or the sonar's end, l.1195)."""
    s = g.state
    for pid, p in sorted(s.pieces.items()):
        if p.owner == s.to_move and cls_of(p).prefix == "S" and heard(g, pid):
            s.exposed[pid] = s.turn


def rehide(g: Any, pid: str) -> None:
    """Optional rule l.1173: own submerged submarine ``pid`` leaves the board for the notepad, three
    of its turns after it was last shown and out of every enemy sonar's zone (l.1195). Raises
    IllegalAction naming the rule."""
    s = g.state
    if not is_on(s, "l.1173"):
        raise IllegalAction("l.1171", "once shown a submarine stays on the board (re-hiding is the optional rule l.1173)")
    p = s.pieces.get(pid)
    if p is None or p.owner != s.to_move or cls_of(p).prefix != "S":
        raise IllegalAction("l.1173", f"{pid} is not a submarine of {s.to_move} on the board")
    if not p.submerged:
        raise IllegalAction("l.1173", f"{pid} is on the surface: it submerges before it hides")
    if heard(g, pid):
        raise IllegalAction("l.1195", f"{pid} is in an enemy sonar's zone: it leaves it first")
    since = s.exposed.get(pid)
    if since is not None and s.turn - since < 2 * REHIDE:
        raise IllegalAction("l.1173", f"{pid} was shown in turn {since}: it hides {REHIDE} of its turns later, "
                                      f"from turn {since + 2 * REHIDE}")
    hide(g, pid, s.turn)                       # this turn's line: it does not move on the notepad too


def own_hidden(s: Any, pid: str, rule: str) -> HiddenSubmarine:
    """The hidden submarine ``pid`` of the player to move. Raises IllegalAction(rule) otherwise
    (the refusal names no sector)."""
    h = s.hidden.get(pid)
    if h is None or h.owner != s.to_move:
        raise IllegalAction(rule, f"{pid} is not a hidden submarine of {s.to_move}")
    return h


def move(g: Any, pid: str, sector: str = "") -> None:
    """Write ``sector`` for hidden submarine ``pid`` this turn (module docstring); ``""`` writes its
    sector again (not moved, l.1161, allowed in any phase); entering an enemy sonar's zone reveals
    it (l.1189). Raises IllegalAction naming the rule."""
    s = g.state
    _check_on(g)
    h = own_hidden(s, pid, "l.1155")
    sector = sector or h.sector
    if h.path[-1][0] == s.turn:
        raise IllegalAction("l.1155", f"{pid} has already been written this turn: one line a turn")
    if sector != h.sector and s.phase == "start":
        raise IllegalAction("l.1155", "hidden submarines move with the movement: roll the blue dice first")
    if sector != h.sector and s.phase == "fire":
        raise IllegalAction("l.174", "the movement is over once a piece has fired")
    if not can_pass(g.board, h.sector, sector):
        raise IllegalAction("l.1159", f"{pid} cannot be written in {sector} after {h.sector}: the same sector or a "
                                      "neighbouring one with deep water it can pass to")
    stay = sector == h.sector
    h.path.append((s.turn, sector))
    log(g, "notepad", f"{h.owner} writes {pid}: turn {s.turn} {sector}{' (not moved)' if stay else ''}",
        "A hidden submarine's line is written every turn (l.1161): the same sector or a neighbouring one, spending "
        "no blue die (l.1155, picture 78).", ["l.1155", "l.1161"], team=h.owner, piece=pid, sector=sector,
        about={"notepad": h.owner})
    heard_by = listening(g, h.owner).get(sector)
    if heard_by:                               # into a dropped sonar's zone (l.1189) or a Base A's (l.1181)
        push_reveal(g, pid, heard_by)


def unwritten(s: Any, player: str) -> list[str]:
    """``player``'s hidden submarines without a notepad line this turn."""
    return [i for i, h in sorted(s.hidden.items()) if h.owner == player and h.path[-1][0] != s.turn]


def check_written(g: Any) -> None:
    """Refuse (IllegalAction l.1161) ending the turn while a hidden submarine of the player has no
    line this turn: its position is written even when it does not move (l.1161)."""
    if unwritten(g.state, g.state.to_move):
        raise IllegalAction("l.1161", "write the line of each hidden submarine before ending the turn (its sector "
                                      "again if it did not move)")


def reveal(g: Any, pid: str, surfaced: bool) -> None:
    """The owner shows hidden submarine ``pid`` (its S marker, or its piece when ``surfaced``): a
    choice of point follows (l.1165-1167). Raises IllegalAction naming the rule."""
    s = g.state
    _check_on(g)
    own_hidden(s, pid, "l.1167")
    push_reveal(g, pid, "l.1167", surfaced)


def options(g: Any, h: HiddenSubmarine, surfaced: bool) -> list[tuple[int, int]]:
    """The points ``h`` may be placed on: the dark-blue points of its sector no piece holds (and, for
    the piece on the surface, no mine lies on)."""
    s = g.state
    mined = {m.point for m in s.mines} if surfaced else set()
    return [tuple(p) for p in deep(g.board, h.sector) if s.at(p) is None and tuple(p) not in mined]


def push_reveal(g: Any, pid: str, rule: str, surfaced: bool = False) -> None:
    """Put the choice of where ``pid`` is placed on the stack (``rule``: why it must be shown)."""
    s = g.state
    h = s.hidden[pid]
    c = RevealChoice(owner=h.owner, piece=pid, sector=h.sector, rule=rule, surfaced=surfaced,
                     options=options(g, h, surfaced))
    s.last_choice_id = K.push(s.choices, c, s.last_choice_id)
    why = {"l.1167": "its owner shows it", "l.1185": "an enemy sonar found it", "l.1189": "it entered an enemy "
           "sonar's zone", "l.1181": "it entered a sector the sonars near the enemy's Base A hear",
           "l.1203": "an enemy MAD found it"}.get(rule, "it must be shown")
    log(g, "reveal", f"{h.owner} must place {pid} on the board: {why}", "The owner chooses the point and the "
        f"direction in the sector written on its notepad ({rule}).", [rule], piece=pid)


def place(g: Any, pid: str, point: tuple[int, int], facing: int) -> None:
    """Answer the waiting reveal: ``pid`` on ``point`` facing ``facing``; the notepad is shown and
    its path checked (l.1165). Raises IllegalAction (the choice's rule) for a point not offered."""
    s = g.state
    c = K.top(s.choices)
    if not isinstance(c, RevealChoice) or c.piece != pid:
        raise IllegalAction("l.1165", f"no placing of {pid} waits")
    if tuple(point) not in [tuple(o) for o in c.options]:
        raise IllegalAction(c.rule, f"{pid} goes on a free deep-water point of the sector written on the notepad")
    if not 0 <= facing <= 5:
        raise IllegalAction("l.1185", "the submarine faces along one of the six lines (0-5)")
    K.pop(s.choices, c)
    h = s.hidden.pop(pid)
    p = Piece(h.owner, h.kind, h.number, tuple(point), facing, list(h.ammo), list(h.hits), submerged=not c.surfaced)
    p.moved = h.path[-1][0] == s.turn and h.owner == s.to_move
    s.pieces[pid] = p
    s.exposed[pid] = s.turn
    ok, why = logical(g.board, h.path)
    lines = ", ".join(f"turn {t} {sec}" for t, sec in h.path)
    log(g, "reveal", f"{pid} {'surfaces' if c.surfaced else 'its S marker is placed'} at {where(g, point)}",
        f"The notepad is shown: {lines}; the path is {'logical' if ok else 'NOT logical: ' + why} (l.1165). "
        "Once shown it stays on the board (l.1171).", [c.rule, "l.1165", "l.1171"], piece=pid, path=[list(x) for x in h.path])


def sink_hidden(g: Any, pid: str, why: str, rule: str) -> None:
    """Sink hidden submarine ``pid`` (its notepad shown): remote-controlled mines in its sector (l.1215)."""
    s = g.state
    h = s.hidden.pop(pid)
    pts = deep(g.board, h.sector)
    s.sunk[pid] = Piece(h.owner, h.kind, h.number, tuple(pts[0]), h.facing, list(h.ammo), list(h.hits) + ["RC"], submerged=True)
    log(g, "sunk", f"{pid} is sunk in {h.sector}", f"{why} ({rule}).", [rule], piece=pid)
