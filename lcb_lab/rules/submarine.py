"""Submarine operations (14.x): JCC submarines as units of domain ``submarine``, the
Submarine Operations Tracker (``GameState.sot``), movement, TORPEDO ATTACK, the voluntary
ZOR, submarine versus submarine.  Issue 8 contract -- owned by the submarine helper."""
from __future__ import annotations

from ..errors import IllegalAction


def torpedo_act(game, c, a) -> None:
    raise IllegalAction("14.07", "TORPEDO ATTACK is not built yet")


def zor_act(game, c, a) -> None:
    raise IllegalAction("14.09", "the submarine ZOR is not built yet")


def offensive_asw_act(game, c, a) -> None:
    raise IllegalAction("14.14", "offensive ASW is not built yet")


def offers(game) -> list:
    """The submarine / ASW actions the active impulse may take now."""
    return []
