"""Tactical Network (7.6, 7.61, 7.62) and the other CV modifiers (7.09, 7.17).

Modifiers are ``(what, value, rule)`` tuples so each explained step can list
them.  The Tactical Network modifier applies first, ahead of JCC effects
(7.62).
"""
from __future__ import annotations

from lcb_lab.games.lcb.model.board import Board
from lcb_lab.kernel.explain import Modifier
from lcb_lab.games.lcb.model.state import GameState

REPAIR_AP = 2
"""AP a player spends to remove one cube from their own network (7.61)."""


def network_penalty(cubes: int) -> int:
    """CV change for a team's LRS and INTERCEPT values (7.62).

    0-1 cubes: 0; 2-3 cubes: -4; 4 or more: -7.
    """
    if cubes >= 4:
        return -7
    if cubes >= 2:
        return -4
    return 0


def network_modifiers(state: GameState, team: str) -> list[Modifier]:
    """[("Tactical Network (n cubes)", -4, "7.62")] or [] for LRS/INT CVs."""
    cubes = state.network_cubes.get(team, 0)
    pen = network_penalty(cubes)
    return [(f"Tactical Network ({cubes} cubes)", pen, "7.62")] if pen else []


def terrain_modifiers(board: Board, target_hex: str, target_is_naval: bool) -> list[Modifier]:
    """Offensive CV change for a ground target in an orange (-1) or brown (-2) hex (7.09).

    Never for naval targets; the defender is never penalised.
    """
    if target_is_naval:
        return []
    info = board.hex(target_hex)
    mod = info.terrain_modifier
    return [(f"target in {info.colour} hex", mod, "7.09")] if mod else []


def lrs_modifiers(state: GameState, board: Board, team: str, target_hex: str,
                  target_is_naval: bool, shooter_hex: str | None = None) -> list[Modifier]:
    """All modifiers to an LRS CV: network first (7.62), then terrain (7.09), then the naval-zone
    penalty of fire from ``shooter_hex`` (None: off the map or not known) into or out of a naval
    zone (7.41: -2 gray, -4 striped; terrain still applies), then an Event Card's change this turn (16.0)."""
    from lcb_lab.games.lcb.rules.markers.fortify import lrs_modifiers as fort      # 13.51: a level-2 Fortification, added to terrain (7.09)
    from lcb_lab.games.lcb.rules.combat.naval_zones import modifiers as zone_mods
    return network_modifiers(state, team) + terrain_modifiers(board, target_hex, target_is_naval) + \
        (fort(state, team, target_hex, target_is_naval) if state.card_markers else []) + \
        zone_mods(shooter_hex, target_hex) + event_modifiers(state, "LRS")


def event_modifiers(state: GameState, kind: str) -> list[Modifier]:
    """An Event Card's change to every ``kind`` value this turn (16.0; ``state.cv_changes``)."""
    n = state.cv_changes.get(kind, 0)
    return [("Event Card this turn", n, "16.0")] if n else []


def apply(base: int, mods: list[Modifier]) -> int:
    """The modified CV (never below 0)."""
    return max(0, base + sum(v for _, v, _ in mods))
