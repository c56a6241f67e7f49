"""Capital ships (Command Ship, l.937-947; Dock Landing Ship, l.1023; the cruiser, l.1049):
three hits, and the second one limits turning.

* A capital ship moves as other ships (l.941): blue die + 0, one step fewer once damaged (l.344).
* It is not sunk by two hits (l.941): the first hit slows it (as any ship, l.344), the second
  limits its turning -- in a move it turns only once, 60 degrees (:func:`turns_allowed`) -- the
  third sinks it.  The class says so in ``data/pieces.toml`` (``capital = true``; the cruiser
  GMC-37 by its prefix until its row says it).
* *Reading* (picture 60, l.943): the picture's CS-25 carries one damage marker and may turn only
  once; the rule (l.941) limits turning from the second hit.  The rule is followed: one hit slows
  the ship, it still turns freely (``docs/archipelago.md``).
* The Mobile Landing Platform also takes three hits (l.1266) but is not called a capital ship:
  *reading*, it sinks on the third hit and its turning is never limited.
"""
from __future__ import annotations

from lcb_lab.games.archipelago.model.catalog import PieceClass
from lcb_lab.games.archipelago.model.state import Piece
from lcb_lab.games.archipelago.rules.common import cls_of
from lcb_lab.kernel.errors import IllegalAction

PREFIXES = ("CS", "DLS", "GMC")
"""The capital ships' prefixes (l.939, l.1023, l.1049)."""


def is_capital(c: PieceClass) -> bool:
    """Whether class ``c`` is a capital ship (l.939)."""
    return bool(c.extra.get("capital")) or c.prefix in PREFIXES


def turns_allowed(p: Piece) -> int | None:
    """How many 60-degree turns ``p`` may make in a move: 1 for a capital ship with two hits
    (l.941), else None (no limit)."""
    return 1 if is_capital(cls_of(p)) and len(p.hits) >= 2 else None


def check_turns(pid: str, p: Piece, steps: str) -> None:
    """Refuse (IllegalAction l.941) a move of ``steps`` with more turns than ``p`` may make."""
    most = turns_allowed(p)
    n = sum(ch in "LR" for ch in steps)
    if most is not None and n > most:
        raise IllegalAction("l.941", f"{pid} has two hits: a capital ship so damaged turns only once (60 degrees) "
                                     f"in a move, not {n} times")


def sink_rule(c: PieceClass) -> str:
    """The line saying how many hits sink class ``c``: one (l.243), two (l.346), a capital
    ship's three (l.941), the MLP's three (l.1266)."""
    if c.hits >= 3:
        return "l.941" if is_capital(c) else "l.1266"
    return "l.243" if c.hits == 1 else "l.346"


def damage_note(c: PieceClass, hits: int) -> tuple[str, list[str]]:
    """What ``hits`` hits (not sinking) do to a piece of class ``c``, and the lines saying so."""
    if is_capital(c) and hits >= 2:
        return "a capital ship's second hit: it moves one step less and turns only once in a move (l.941)", ["l.941"]
    if c.hits >= 3:
        return (f"a damaged ship moves one step less (l.344); {c.hits - hits} more hit(s) sink it "
                f"({sink_rule(c)})", ["l.344", sink_rule(c)])
    return "a damaged ship moves one step less (l.344)", ["l.344"]
