"""Minelayer (Minesweeper) (l.1053-1067) and Remote Controlled Mines (l.1207-1217).

Contact mines (M markers, always visible, l.1059):

* :func:`lay` -- after its move, minelayer M-28 (4 mines on its panel, l.1055) lays one on the
  point exactly behind it; the move's last step must not be a turn in place (l.1057); one mine a
  turn (l.1057: "in the following turn ... another").  *Reading*: the point behind is water no
  piece holds, without a mine.
* :func:`passed` -- a vessel or hovercraft (own or enemy) stepping onto a mine's point is destroyed
  and removed with the mine (l.1057); one stepping onto a sonar's point destroys the sonar (l.1193).
  *Reading*: a submerged submarine passes beneath both (they float on the surface, l.1059, l.1185).
* :func:`sweep` -- a minelayer beside a mine "to the side" since the last turn removes it (an enemy
  mine, l.1061) or takes it back onto its panel (its own, l.1063); it does not move that turn.
  *Reading*: "to the side" is any of the four neighbouring points neither straight ahead nor
  straight behind; "the following turn" is a turn the minelayer starts beside the mine (it has
  not moved this turn; the act holds it for the turn, as loading does, l.251).

Remote-controlled mines (:func:`activate`): sectors written on the notepad before the game
(l.1211, hidden: ``observer.py``); in its own turn, while an enemy vessel or hovercraft is in a
mined sector, the owner shows the line and every vessel in that sector sinks, own ones too
(l.1215).  *Readings*: the mines of a sector fire once; a hidden submarine written there sinks too.
"""
from __future__ import annotations

from typing import Any

from lcb_lab.games.archipelago.model.notepad import Mine
from lcb_lab.games.archipelago.rules.common import cls_of, log, own_piece, where
from lcb_lab.games.archipelago.rules.hidden import sector_points
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.kernel.hexgrid import Axial, neighbour

SIDES = frozenset({1, 2, 4, 5})
"""Bearings (0 dead ahead, clockwise in 60-degree steps) that are "to the side" (reading of l.1061)."""


def is_minelayer(p: Any) -> bool:
    """Whether ``p`` lays mines (its class's weapons list ``"mine"``: M-28, l.1055)."""
    return "mine" in cls_of(p).weapons


def behind(p: Any) -> Axial:
    """The point exactly behind piece ``p``."""
    return neighbour(p.at, (p.facing + 3) % 6)


def mine_at(s: Any, point: Any) -> Mine | None:
    """The M marker on ``point``, or None."""
    return next((m for m in s.mines if m.point == tuple(point)), None)


def lay(g: Any, pid: str) -> None:
    """Lay a mine behind minelayer ``pid`` (module docstring). Raises IllegalAction naming the rule."""
    s = g.state
    p = own_piece(s, pid, "l.1057", "lay a mine")
    if not is_minelayer(p):
        raise IllegalAction("l.1055", f"{pid} is not a minelayer")
    if "M" not in p.ammo:
        raise IllegalAction("l.1055", f"{pid} has no M marker left on its control panel")
    if "mine" in p.done:
        raise IllegalAction("l.1057", f"{pid} has laid a mine this turn: another one in a following turn")
    if not p.moved or not p.steps:
        raise IllegalAction("l.1057", f"{pid} lays a mine after its movement: it has not moved this turn")
    if p.steps[-1] in "LR":
        raise IllegalAction("l.1057", f"{pid}'s move ended with a turn in place ({p.steps}): no mine")
    pt = behind(p)
    if pt not in g.board or not g.board.is_water(pt) or s.at(pt) is not None or mine_at(s, pt):
        raise IllegalAction("l.1057", f"the point behind {pid} is not free water (reading: a mine floats on a free "
                                      "water point)")
    p.ammo.remove("M")
    p.done.append("mine")
    s.mines.append(Mine(p.owner, tuple(pt)))
    log(g, "mine", f"{pid} lays a mine at {where(g, pt)}", "After a move whose last step is not a turn in place, "
        "an M marker goes on the point exactly behind the minelayer (l.1057); it is always visible (l.1059). "
        f"{p.ammo.count('M')} mine(s) left on its panel.", ["l.1057", "l.1059"], piece=pid, point=list(pt))


def cut(g: Any, p: Any, steps: str, out: list) -> tuple[str, list]:
    """``(steps, path)`` of a move of ``p`` cut at the first step onto a mine: the move ends there
    (l.1057). Unchanged for a submerged submarine (it passes beneath, reading)."""
    if p.submerged or cls_of(p).mobility == "flying":
        return steps, out
    for i, (ch, (pt, _)) in enumerate(zip(steps, out)):
        if ch in "FB" and mine_at(g.state, pt):
            return steps[:i + 1], out[:i + 1]
    return steps, out


def passed(g: Any, pid: str, points: list[Axial]) -> None:
    """Piece ``pid`` stepped on ``points`` in order: sonars there are destroyed (l.1193); the first
    mine destroys it with the mine (l.1057). Submerged submarines pass beneath (reading)."""
    from lcb_lab.games.archipelago.rules.damage import sink
    s = g.state
    p = s.pieces.get(pid)
    if p is None or p.submerged or cls_of(p).mobility == "flying":
        return
    for pt in points:
        for sn in [x for x in s.sonars if x.point == tuple(pt)]:
            s.sonars.remove(sn)
            log(g, "sonar", f"{pid} passes over {sn.owner}'s sonar at {where(g, pt)}: it is destroyed",
                "A vessel coming onto a sonar's point destroys it; it stops working (l.1193).", ["l.1193"], piece=pid)
        m = mine_at(s, pt)
        if m is not None:
            s.mines.remove(m)
            p.point = tuple(pt)
            log(g, "mine", f"{pid} runs onto {m.owner}'s mine at {where(g, pt)} and is destroyed",
                "A vessel or hovercraft passing over a mine is destroyed and removed from the board, and the mine "
                "with it (l.1057).", ["l.1057"], piece=pid)
            sink(g, pid)
            return


def sweep(g: Any, pid: str, point: tuple[int, int]) -> None:
    """Minelayer ``pid`` removes the mine on ``point`` beside it (module docstring). Raises
    IllegalAction naming the rule."""
    from lcb_lab.games.archipelago.rules.torpedo import bearing
    s = g.state
    p = own_piece(s, pid, "l.1061", "sweep a mine")
    if not is_minelayer(p):
        raise IllegalAction("l.1061", f"{pid} is not a minesweeper")
    m = mine_at(s, point)
    if m is None:
        raise IllegalAction("l.1061", f"no mine lies on {where(g, point)}")
    own = m.owner == p.owner
    rule = "l.1063" if own else "l.1061"
    side = next((f for f in range(6) if neighbour(p.at, f) == Axial(*point)), None)
    if side is None or bearing(p.facing, (side + 3) % 6) not in SIDES:
        raise IllegalAction(rule, f"the mine must lie on a point beside {pid}, to its side (not ahead or behind)")
    if p.moved or p.held:
        raise IllegalAction(rule, f"{pid} sweeps a mine it came beside in an earlier turn, without moving this turn")
    if own and p.ammo.count("M") >= cls_of(p).capacity("M"):
        raise IllegalAction("l.1055", f"{pid}'s panel is full ({cls_of(p).capacity('M')} mines)")
    s.mines.remove(m)
    p.held = True
    if own:
        p.ammo.append("M")
    what = "taken back onto its control panel, to be laid again (l.1063)" if own else "deactivated and removed (l.1061)"
    log(g, "mine", f"{pid} sweeps {'its own' if own else 'the enemy'} mine at {where(g, point)}",
        f"Beside the mine to its side since the last turn, the minelayer does not move this turn; the M marker is {what}.",
        [rule], piece=pid, point=list(point))


def vessel_in(g: Any, p: Any, sector: str) -> bool:
    """Whether piece ``p`` is a vessel or hovercraft (not an aircraft) standing in ``sector``."""
    return cls_of(p).mobility != "flying" and g.board.sector(p.at) == sector


def activate(g: Any, sector: str) -> None:
    """The player to move fires its remote-controlled mines of ``sector`` (module docstring).
    Raises IllegalAction naming the rule."""
    from lcb_lab.games.archipelago.rules.damage import sink
    from lcb_lab.games.archipelago.rules.hidden import sink_hidden
    s = g.state
    who = s.to_move
    if sector not in s.rc_mines.get(who, []):
        raise IllegalAction("l.1211", f"{who} has no remote-controlled mines written for {sector}")
    victims = [i for i, p in sorted(s.pieces.items()) if vessel_in(g, p, sector)]
    if not any(s.pieces[i].owner != who for i in victims):
        raise IllegalAction("l.1215", f"no enemy vessel or hovercraft is in {sector}: the mines wait")
    s.rc_mines[who].remove(sector)
    log(g, "rc_mines", f"{who} fires its remote-controlled mines in {sector}", f"The notepad's line is shown "
        f"(l.1211); every vessel in the sector sinks, own ones too (l.1215): {', '.join(victims)}.", ["l.1211", "l.1215"],
        sector=sector)
    for i in victims:
        if i in s.pieces:
            sink(g, i)
    for i in [i for i, h in sorted(s.hidden.items()) if h.sector == sector]:
        sink_hidden(g, i, "A hidden submarine written in a sector of remote-controlled mines sinks with the others "
                          "(reading)", "l.1215")


def write_rc(g: Any) -> None:
    """Before the game each player writes its remote-controlled mines' sectors on its notepad
    (l.1211): a line its owner reads, the other player only how many (``observer.py``). Raises
    IllegalAction (l.1211) for a sector not on the board."""
    s = g.state
    for owner, sectors in sorted(s.rc_mines.items()):
        bad = [x for x in sectors if x not in sector_points(g.board)]
        if bad:
            raise IllegalAction("l.1211", f"{owner}'s remote-controlled mines: {bad[0]} is not a sector of the board")
        log(g, "rc_written", f"{owner} writes its remote-controlled mines: {', '.join(sectors)}",
            f"{len(sectors)} sector(s) on the notepad, shown only when fired (l.1211).", ["l.1211"], team=owner,
            count=len(sectors), about={"rc_mines": owner})
