"""Movement of boats and ships (l.176-193, l.305-311, l.344).

A move is a string of steps, one letter each (l.183):

* ``F`` -- straight forward to the neighbouring point along the piece's facing;
* ``L`` / ``R`` -- a turn in place of 60 degrees to the left (anticlockwise) / right;
* ``B`` -- straight backward to the adjacent point, facing kept: at most one in a turn whatever
  the die (l.191; damage does not shorten it, l.344).

A move uses one blue die: at most ``die + speed`` steps (torpedo boats +2, l.178; ships +0,
l.307; hovercraft +2, l.606), a damaged ship one fewer (l.344).  Every point stepped on must admit the piece (boats on
dark and light blue, ships on dark blue only, l.120-122), hold no wreck (a boat cannot pass a W
marker, l.243; hovercraft also move on orange and white land, l.606), not be an enemy port (l.255) and hold no other piece (*reading*: the text does
not say pieces may pass through each other or share a point; they may not, ``docs/archipelago.md``).
T markers on the board do not block a move.  Under the optional rule l.340 a ship may end a move
on a light-blue point, and is stranded there for good (:mod:`.optional`).

>>> from lcb_lab.kernel.hexgrid import Axial
>>> path(Axial(0, 0), 0, "FRF")
[(Axial(q=0, r=-1), 0), (Axial(q=0, r=-1), 1), (Axial(q=1, r=-2), 1)]
"""
from __future__ import annotations

from typing import Any

from lcb_lab.games.archipelago.model.state import ArchState, Piece, standing
from lcb_lab.games.archipelago.rules.capital_ship import check_turns, turns_allowed
from lcb_lab.games.archipelago.rules.common import air_kind, cls_of, where
from lcb_lab.games.archipelago.rules.dock import unmoved
from lcb_lab.games.archipelago.rules.optional import strands
from lcb_lab.games.archipelago.rules.scenarios import immobile
from lcb_lab.games.archipelago.rules.submarine import mobility_of, speed_of
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.kernel.hexgrid import Axial, neighbour

STEP_LETTERS = "FLRB"


def path(start: Axial, facing: int, steps: str) -> list[tuple[Axial, int]]:
    """Point and facing after each step of ``steps`` from ``start`` facing ``facing`` (geometry
    only, no rule checked). Raises ValueError for a letter not of :data:`STEP_LETTERS`."""
    out, p, f = [], start, facing
    for ch in steps:
        if ch == "F":
            p = neighbour(p, f)
        elif ch == "B":
            p = neighbour(p, (f + 3) % 6)
        elif ch in "LR":
            f = (f + (1 if ch == "R" else -1)) % 6
        else:
            raise ValueError(f"step {ch!r} is not one of {STEP_LETTERS}")
        out.append((p, f))
    return out


def heavy_load(p: Piece, s: ArchState | None) -> bool:
    """Whether ``p`` is a Mobile Landing Platform with a heavy load on its deck in state ``s`` (l.1266)."""
    return s is not None and bool(cls_of(p).extra.get("cargo")) and \
        any(q.aboard and s.pieces.get(q.aboard) is p for q in s.pieces.values())


def allowance(p: Piece, die: int, g: Any = None) -> int:
    """Steps a move of ``p`` may take on blue die ``die``: die + speed (l.178, l.307; a submarine's
    speed by :func:`~.submarine.speed_of` in game ``g``, l.1125), a damaged ship one fewer (l.344), a
    Mobile Landing Platform with a heavy load on its deck one fewer (:func:`heavy_load`, l.1266)."""
    c = cls_of(p)
    laden = g is not None and heavy_load(p, g.state)
    return die + (speed_of(g, p) if g is not None else c.speed) - (1 if c.is_ship and p.hits else 0) - (1 if laden else 0)


def enemy_port(g: Any, owner: str, point: Axial) -> bool:
    """Whether ``point`` is a port point (anchor) of a base not ``owner``'s (l.255)."""
    for b in g.board.bases.values():
        if b.owner not in (None, owner) and point in b.points and "port" in g.board.symbols_at(point):
            return True
    return False


def check_point(g: Any, s: ArchState, pid: str, p: Piece, point: Axial) -> None:
    """Refuse (IllegalAction) a step of ``p`` onto ``point`` the rules forbid (module docstring)."""
    c, mob = cls_of(p), mobility_of(p)
    if point in g.board and strands(g, mob, point):
        pass                                   # optional l.340: the ship may enter and is stranded
    elif not g.board.admits(point, mob):
        what = "off the board" if point not in g.board else f"a {g.board.colour(point).replace('_', ' ')} point"
        rule = "l.1129" if p.submerged else "l.122" if c.is_ship and point in g.board and g.board.colour(point) == "light_blue" else "l.120"
        raise IllegalAction(rule, f"{pid} cannot go to {where(g, point)}: {what} does not admit a "
                                  f"{'submerged submarine' if p.submerged else mob}")
    if tuple(point) in s.wrecks:
        raise IllegalAction("l.243", f"{pid} cannot pass {where(g, point)}: a wreck lies there")
    if enemy_port(g, p.owner, point):
        raise IllegalAction("l.255", f"{pid} cannot enter the enemy port at {where(g, point)}")
    if s.scenario:
        from lcb_lab.games.archipelago.rules.scenario import check_point as scenario_point
        scenario_point(g, s, pid, p, point)    # where a scenario lets it go (l.1413, l.1510)
    other = s.at(point)
    if other is not None and other != pid:
        raise IllegalAction("l.182", f"{pid} cannot step onto {where(g, point)}: {other} stands there "
                                     "(reading: no passing through or sharing a point)")


def check_move(g: Any, s: ArchState, pid: str, p: Piece, steps: str, die: int) -> list[tuple[Axial, int]]:
    """The path of ``p`` moving ``steps`` on blue die ``die``, every step checked (module docstring).
    Raises IllegalAction naming the rule."""
    bad = sorted(set(steps) - set(STEP_LETTERS))
    if bad or not steps:
        raise IllegalAction("l.180", f"a move is one or more steps F, L, R or B, not {steps!r}")
    if steps.count("B") > 1:
        raise IllegalAction("l.191", f"{pid} may move backward only one step in a turn, not {steps.count('B')}")
    most = allowance(p, die, g)
    if len(steps) > most:
        rule = "l.344" if cls_of(p).is_ship and p.hits else ("l.307" if cls_of(p).is_ship else
                                                            "l.1125" if cls_of(p).prefix == "S" else "l.178")
        rule = "l.1266" if heavy_load(p, s) else "l.1039" if p.kind == "landing_boat" else rule
        raise IllegalAction(rule, f"{pid} may take at most {most} steps on a blue {die}, not {len(steps)}")
    check_turns(pid, p, steps)
    out = path(p.at, p.facing, steps)
    for i, (ch, (pt, _)) in enumerate(zip(steps, out)):
        if ch in "FB":
            check_point(g, s, pid, p, pt)
            if strands(g, cls_of(p).mobility, pt) and i < len(steps) - 1:
                raise IllegalAction("l.340", f"{pid} is stranded on the shallow point {where(g, pt)}: it cannot "
                                             "move on, not even turn")
    return out


def _enterable(g: Any, s: ArchState, pid: str, p: Piece, point: Axial) -> bool:
    try:
        check_point(g, s, pid, p, point)
    except IllegalAction:
        return False
    return True


def reachable(g: Any, s: ArchState, pid: str, p: Piece, die: int) -> dict[tuple[tuple[int, int], int], str]:
    """Every (point, facing) ``p`` may end a move on with blue die ``die``, each with one
    shortest step string that gets it there (breadth first over the rules of :func:`check_move`)."""
    return reachable_by_die(g, s, pid, p, [die])[die]


def reachable_by_die(g: Any, s: ArchState, pid: str, p: Piece,
                     dice: list[int]) -> dict[int, dict[tuple[tuple[int, int], int], str]]:
    """:func:`reachable` for each of ``dice``, from one breadth-first search as deep as the largest
    allowance: a search's first ``k`` layers do not depend on how deep it goes, so a die's moves
    are the strings of at most its allowance."""
    with standing(s):                          # a search: no piece moves
        seen = _search(g, s, pid, p, max(allowance(p, d, g) for d in dice))
    out: dict[int, dict[tuple[tuple[int, int], int], str]] = {}
    for d in dice:
        most, ends = allowance(p, d, g), {}
        for (pt, f, _, _), st in seen.items():
            if st and len(st) <= most and ((pt, f) not in ends or len(st) < len(ends[(pt, f)])):
                ends[(pt, f)] = st
        out[d] = ends
    return out


def _search(g: Any, s: ArchState, pid: str, p: Piece, most: int) -> dict[tuple, str]:
    """``{(point, facing, stepped back, turns made): the first shortest step string}`` within
    ``most`` steps (a capital ship with two hits turns once, l.941: :func:`turns_allowed`)."""
    turns = turns_allowed(p)
    start = (p.point, p.facing, False, 0)
    seen = {start: ""}
    frontier = [start]
    enterable: dict[Axial, bool] = {}         # check_point's verdict per point: the same for every path
    for _ in range(most):
        nxt = []
        for pt, f, back, tn in frontier:
            if strands(g, cls_of(p).mobility, Axial(*pt)):
                continue                       # stranded there (l.340): the move ends
            for ch in ("F", "L", "R") + (() if back else ("B",)):
                if ch in "LR" and turns is not None and tn >= turns:
                    continue                   # a capital ship with two hits turns once (l.941)
                (q, nf), = path(Axial(*pt), f, ch)
                if ch in "FB":
                    if q not in enterable:
                        enterable[q] = _enterable(g, s, pid, p, q)
                    if not enterable[q]:
                        continue
                key = (tuple(q), nf, back or ch == "B", tn + (turns is not None and ch in "LR"))
                if key not in seen:
                    seen[key] = seen[(pt, f, back, tn)] + ch
                    nxt.append(key)
        frontier = nxt
    return seen


def move(g: Any, pid: str, steps: str, die: int) -> None:
    """Move piece ``pid`` by ``steps`` on the rolled blue die ``die`` (module docstring).
    Raises IllegalAction naming the rule; the die is used up."""
    from lcb_lab.games.archipelago.rules.common import log, own_piece, where
    s = g.state
    if s.phase == "start":
        raise IllegalAction("l.170", "roll the blue dice first: each die moves one piece")
    if s.phase == "fire":
        raise IllegalAction("l.174", "the movement is over once a piece has fired")
    p = own_piece(s, pid, "l.170", "move")
    immobile(s, pid)
    if air_kind(p) and not (air_kind(p) == "seaplane" and not p.flying):
        raise IllegalAction("l.445", f"{pid} is an aircraft: it takes off, hovers or flies (l.445-465, l.1090, l.1280, "
                                     "l.1317), it does not sail")
    if p.flying or cls_of(p).mobility == "launcher":
        raise IllegalAction("l.1230" if p.flying else "l.995", f"{pid} is {'in the air: it flies (l.1234)' if p.flying else 'a land launcher: it never moves'}")
    unmoved(s, pid, p)
    if die not in s.dice:
        raise IllegalAction("l.170", f"no blue {die} is left to use (left: {s.dice or 'none'})")
    if p.moved:
        raise IllegalAction("l.170", f"{pid} has already moved this turn: each die moves another piece")
    from lcb_lab.games.archipelago.rules.flight import reserve
    reserve(g, pid)                            # expanded: aircraft in the air keep their dice (l.1313)
    if p.held:
        raise IllegalAction("l.251", f"{pid} is loading, repairing or transferring this turn and cannot move")
    if strands(g, cls_of(p).mobility, p.at):
        raise IllegalAction("l.340", f"{pid} is stranded on shallow water and cannot move at all")
    out = check_move(g, s, pid, p, steps, die)
    from lcb_lab.games.archipelago.rules import mines
    steps, out = mines.cut(g, p, steps, out)   # a mine on the way ends the move (l.1057)
    start = p.point
    p.point, p.facing = tuple(out[-1][0]), out[-1][1]
    for h in s.pieces.values():
        if h.aboard == pid:
            h.point = p.point                  # a helicopter aboard rides with its frigate (l.473)
    p.moved, p.steps = True, steps
    s.dice.remove(die)
    c = cls_of(p)
    rule = "l.1125" if c.prefix == "S" else "l.178" if not c.is_ship else "l.307"
    sp = speed_of(g, p)
    why = f"blue {die} {'+' if sp >= 0 else ''}{sp}" + (" -1 damaged (l.344)" if c.is_ship and p.hits else "") + \
        (" submerged, optional rule l.1127" if sp != c.speed else "")
    why += " -1 heavy load (l.1266)" if heavy_load(p, s) else ""
    why += "; two hits: one turn at most (l.941)" if turns_allowed(p) else ""
    log(g, "move", f"{pid} moves {steps}: {where(g, start)} -> {where(g, p.point)}",
        f"{len(steps)} of at most {allowance(p, die, g)} steps ({why}, {rule}); a step is a point forward or a "
        f"60-degree turn in place (l.183){', one step back (l.191)' if 'B' in steps else ''}.",
        [rule, "l.183"] + (["l.191"] if "B" in steps else []), piece=pid, steps=steps, die=die)
    if strands(g, mobility_of(p), p.at):
        log(g, "stranded", f"{pid} is stranded at {where(g, p.point)}", "A ship on a light-blue point is stuck there and "
            "never moves again, not even turning; sunk, it leaves a W marker (optional rule l.340).", ["l.340"],
            piece=pid)
    mines.passed(g, pid, [pt for ch, (pt, _) in zip(steps, out) if ch in "FB"])
