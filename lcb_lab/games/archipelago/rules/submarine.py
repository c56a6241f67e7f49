"""Submarines (l.1119-1135): S-31 (two T) and S-32 (three T), surfaced (the piece) or submerged
(the S marker, ``Piece.submerged``).

* Both move as ships (forward steps and turns in place) on the blue die minus 1 (l.1125; the
  optional rule l.1127, switch ``"l.1127"``: minus 2 under water).  Surfaced a submarine may use
  shallow water; submerged only deep water (l.1129): :func:`mobility_of` reads it as a ship then.
* To dive or come up (:mod:`.submerging`) a move needs at least one straight step
  forward; a dive ends on deep water (l.1129).
* It launches torpedoes surfaced or submerged; its machine gun fires only surfaced (l.1131); it
  loads ammunition only surfaced (l.1133).
* One hit sinks it (l.1135): surfaced, a gun shell, S-S, A-S or AGR; submerged only a torpedo or a
  depth charge (:func:`check_target`).
"""
from __future__ import annotations

from typing import Any

from lcb_lab.games.archipelago.model.state import Piece
from lcb_lab.games.archipelago.rules.common import cls_of
from lcb_lab.games.archipelago.rules.optional import is_on
from lcb_lab.kernel.errors import IllegalAction

UNDERWATER_WEAPONS = frozenset({"torpedo", "depth_charge"})
"""What can hit a submerged submarine (l.1135)."""


def is_submarine(p: Any) -> bool:
    """Whether ``p`` (a piece) is a submarine (S-31, S-32, l.1123)."""
    return cls_of(p).prefix == "S"


def mobility_of(p: Piece) -> str:
    """What the board must admit for ``p``: a submerged submarine keeps to deep water (``"ship"``,
    l.1129); otherwise its class's mobility."""
    return "ship" if p.submerged else cls_of(p).mobility


def speed_of(g: Any, p: Piece) -> int:
    """What ``p`` adds to a blue die: its class's speed; a submerged submarine under the optional
    rule l.1127 one less again (the die minus 2)."""
    return cls_of(p).speed - (1 if p.submerged and is_on(g.state, "l.1127") else 0)


def check_target(s: Any, target: str, weapon: str) -> None:
    """Refuse (IllegalAction l.1135) ``weapon`` ("gun", "missile", "machine_gun", ...) at a
    submerged submarine: only a torpedo or a depth charge reaches it."""
    p = s.pieces.get(target)
    if p is not None and p.submerged and weapon not in UNDERWATER_WEAPONS:
        raise IllegalAction("l.1135", f"{target} is under water: only a torpedo or a depth charge can hit it, "
                                      f"not a {weapon.replace('_', ' ')}")


def check_surfaced(p: Piece, pid: str, what: str, rule: str) -> None:
    """Refuse (IllegalAction ``rule``) ``what`` by a submerged submarine (machine gun l.1131,
    loading l.1133)."""
    if p.submerged:
        raise IllegalAction(rule, f"{pid} is submerged: it must be on the surface to {what}")
