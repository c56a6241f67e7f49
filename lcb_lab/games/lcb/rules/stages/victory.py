"""Victory Check (3.5) against the scenario's conditions.

Condition types (scenario TOML ``[[victory]]``):

* ``destroy``: ``team`` has destroyed at least ``count`` enemy units in the game;
* ``no_enemy_ground``: no enemy ground unit is left on the map;
* ``hold``: at the end of the last turn, ``team`` still has at least
  ``count`` ground units on the map (checked only when the game ends on the
  turn limit).
* ``hold_hex``: at the end of the last turn, ``team`` controls the hex ``hex``: one of its
  ground units stands in it and no enemy unit does (sandbox, after 13.45's control of a
  hex); checked only at the turn limit, like ``hold``.

The first team meeting a condition wins and the game ends at once (3.05);
at the turn limit without a winner, ``hold`` and ``hold_hex`` conditions decide in the
scenario's order (the first met wins), else a draw.
"""
from __future__ import annotations

from lcb_lab.kernel import explain
from lcb_lab.games.lcb.model.state import other
from lcb_lab.games.lcb.rules.common import Ctx

FINAL = ("hold", "hold_hex")
"""Condition types checked only when the game ends on the turn limit."""


def _met(ctx: Ctx, c: dict, final: bool) -> bool:
    s, team = ctx.state, c["team"]
    if c["type"] == "destroy":
        return s.total_kills[team] >= int(c["count"])
    if c["type"] == "no_enemy_ground":
        return not any(u.on_map and ctx.utype(u).domain == "ground" for u in s.living(other(team)))
    if c["type"] == "hold":
        n = sum(1 for u in s.living(team) if u.on_map and ctx.utype(u).domain == "ground")
        return final and n >= int(c.get("count", 1))
    if c["type"] == "hold_hex":
        here = [u for u in s.living() if u.hex == c["hex"]]
        return final and any(u.team == team and ctx.utype(u).domain == "ground" for u in here) and \
            not any(u.team != team for u in here)
    raise ValueError(f"unknown victory condition type {c['type']!r}")


def victory_check(ctx: Ctx) -> None:
    """Decide whether the game ends now (3.5); log the check."""
    s = ctx.state
    final = s.turn >= s.max_turns
    for c in s.victory:
        if c["type"] not in FINAL and _met(ctx, c, final):
            return _end(ctx, c["team"], c.get("text", c["type"]))
    if final:
        for c in s.victory:
            if c["type"] in FINAL and _met(ctx, c, final):
                return _end(ctx, c["team"], c.get("text", "hold"))
        s.stage, s.result = "over", f"turn limit ({s.max_turns}) reached: draw"
        ctx.log(explain.step("victory", "Victory Check", s.result, ["3.5"]))
        return
    ctx.log(explain.step("victory", "Victory Check",
                         f"no side has met its objectives; the scenario runs to turn {s.max_turns}", ["3.05", "3.5"]))


def _end(ctx: Ctx, team: str, why: str) -> None:
    s = ctx.state
    s.stage, s.winner = "over", team
    s.result = f"{team} wins: {why}"
    ctx.log(explain.step("victory", "Victory Check", s.result, ["3.05", "3.5"]))
