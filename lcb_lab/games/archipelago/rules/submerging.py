"""Submerging and emerging (l.1129): a submarine's move on a blue die with at least one straight
step forward, after which its piece is replaced by its S marker (a dive ending on deep water) or
the S marker by its piece.  The submarine's other rules: :mod:`.submarine`.
"""
from __future__ import annotations

from typing import Any

from lcb_lab.games.archipelago.rules import movement
from lcb_lab.games.archipelago.rules.common import log, own_piece, where
from lcb_lab.games.archipelago.rules.submarine import is_submarine
from lcb_lab.kernel.errors import IllegalAction


def _change(g: Any, pid: str, steps: str, die: int, down: bool) -> None:
    s = g.state
    p = own_piece(s, pid, "l.1129", "dive or come up")
    if not is_submarine(p):
        raise IllegalAction("l.1129", f"{pid} is not a submarine: only submarines dive and come up")
    if p.submerged == down:
        raise IllegalAction("l.1129", f"{pid} is already {'submerged' if down else 'on the surface'}")
    if "F" not in steps:
        raise IllegalAction("l.1129", f"to {'submerge' if down else 'emerge'} a submarine moves at least one "
                                      f"straight step forward, not {steps!r}")
    movement.move(g, pid, steps, die)
    if down and g.board.colour(p.at) != "dark_blue":
        raise IllegalAction("l.1129", f"{pid} cannot dive at {where(g, p.point)}: a dive ends on deep water")
    if pid not in s.pieces:
        return                                 # it ran onto a mine
    p.submerged = down
    if not down:
        s.exposed[pid] = s.turn                # surfaced (optional rule l.1173)
    log(g, "submarine", f"{pid} {'submerges: its S marker' if down else 'emerges: its piece'} replaces "
        f"{'its piece' if down else 'the S marker'}", "A submarine dives or comes up after at least one straight step; "
        "a dive ends on deep water (l.1129). Submerged it moves on deep water only and only a torpedo or a depth "
        "charge can hit it (l.1135).", ["l.1129", "l.1135"], piece=pid)


def submerge(g: Any, pid: str, steps: str, die: int) -> None:
    """Move surfaced submarine ``pid`` on blue ``die`` and dive (module docstring). Raises
    IllegalAction naming the rule."""
    _change(g, pid, steps, die, True)


def emerge(g: Any, pid: str, steps: str, die: int) -> None:
    """Move the S marker of ``pid`` on blue ``die`` and come up (module docstring). Raises
    IllegalAction naming the rule."""
    _change(g, pid, steps, die, False)
