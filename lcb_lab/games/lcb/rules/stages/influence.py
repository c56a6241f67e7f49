"""Influence Meter events (15.0, 15.2 and the 1.1 summary).

lcb_lab keeps one signed number: positive toward the US, negative toward
RU, clamped to -10..10.  Events (each moves the meter one space toward the
team that benefits, immediately; each log line cites its rule):

* a team seizes the initiative (3.42, 15.21);
* a team eliminates its third enemy unit of the turn (15.22: JCCs, markers,
  submarines and MILDECs do not count -- a count of its own,
  ``GameState.influence_kills``, beside 3.42's ``kills``, which counts submarines;
  once a turn, when the count reaches three: lcb_lab's reading);
* a team eliminates an enemy naval unit (15.23: not a submarine);
* a card effect moves it (15.24, :func:`lcb_lab.games.lcb.rules.cards.effects.influence`);
* the other team's LRS attacks a hex with a city, town, port or airfield
  (15.25: one space per hex attacked).
Benefits by level (15.1: cumulative, from the start of the turn after the meter got there,
so read from ``GameState.influence_turn_start``): at 3 or more toward a team, +5 CP at each
Planning Stage the scenario grants (15.12, :func:`cp_benefit`, added by
:mod:`lcb_lab.games.lcb.rules.stages.planning`); at 6 or more, +1 AP per impulse (15.13, applied by the
sequence rules); at 9 or more, 2 cards of any cost, not Attached, into the team pool at the
start of the Action Stage (15.14, :func:`free_cards_benefit`).
"""
from __future__ import annotations

from lcb_lab.kernel import explain
from lcb_lab.games.lcb.model.state import Unit
from lcb_lab.games.lcb.rules.common import Ctx

POPULATED = {"city", "town", "port", "small_port", "airfield"}
LIMIT = 10  # the meter runs 0-10 toward either side (1.1 Influence Meter dynamics: 9 to 10 is the top level)


CP_BONUS, CP_LEVEL = 5, 3           # 15.12: +5 CP at 3 to 5 (and above: cumulative, 15.1)
FREE_CARDS, FREE_CARDS_LEVEL = 2, 9  # 15.14: 2 free cards at 9 to 10


def cp_benefit(influence: int, team: str) -> int:
    """CP the meter adds to ``team``'s granted Planning Stage (15.12)."""
    return CP_BONUS if level(influence, team) >= CP_LEVEL else 0


def free_cards_benefit(influence: int, team: str) -> int:
    """Free cards ``team`` may take at the start of the Action Stage (15.14)."""
    return FREE_CARDS if level(influence, team) >= FREE_CARDS_LEVEL else 0


def level(influence: int, team: str) -> int:
    """How far the meter stands toward ``team`` (0 when toward the other)."""
    v = influence if team == "US" else -influence
    return max(0, v)


def move(ctx: Ctx, team: str, why: str, rules: list[str], unit: Unit | None = None,
         public_why: str = "") -> None:
    """Move the meter one space toward ``team`` and log it; ``unit``: the unit the move is
    about (the other team reads ``public_why`` instead of ``why`` when it does not know it)."""
    before = ctx.state.influence
    step = 1 if team == "US" else -1
    ctx.state.influence = max(-LIMIT, min(LIMIT, before + step))
    meter = f" (meter {before:+d} -> {ctx.state.influence:+d})"
    facts = {} if unit is None else {"team": unit.team, "about": {"unit": unit.uid}, "public_text": public_why + meter}
    ctx.log(explain.step("influence", f"Influence Meter 1 space toward {team}", why + meter, rules), **facts)


def lrs_on_populated_hexes(ctx: Ctx, attacker: str, hexes: list[str]) -> None:
    """One space to the defender per attacked hex with a city, town, port or airfield (15.25), or
    with a gray cube of civilians (3.26, sandbox: :mod:`lcb_lab.games.lcb.rules.events.cubes`)."""
    from lcb_lab.games.lcb.model.state import other
    for h in dict.fromkeys(hexes):
        kinds = {f.kind for f in ctx.board.features_in(h)} & POPULATED
        if any(c.kind == "civilians" and c.hex == h for c in ctx.state.gray_cubes.values()):   # 3.26, sandbox
            kinds.add("civilians")
        if kinds:
            move(ctx, other(attacker), f"{attacker} fired LRS into {h} ({', '.join(sorted(kinds))})",
                 ["15.25"] + (["3.26"] if "civilians" in kinds else []))


def on_kill(ctx: Ctx, by_team: str, lost: list[Unit]) -> None:
    """``by_team`` eliminated the enemy units ``lost`` (already counted in ``kills``, 3.42): one
    space per enemy naval unit (15.23; a submarine is not one), one when its 15.22 count --
    enemy units of the turn, submarines not counted (``GameState.influence_kills``) -- reaches
    three."""
    for u in lost:
        if ctx.is_naval(u):
            move(ctx, by_team, f"{by_team} eliminated the naval unit {u.uid}", ["15.23"], unit=u,
                 public_why=f"{by_team} eliminated a concealed naval unit")
    counted = [u for u in lost if not ctx.utype(u).is_submarine]
    before = ctx.state.influence_kills[by_team]
    ctx.state.influence_kills = {**ctx.state.influence_kills, by_team: before + len(counted)}
    if before < 3 <= before + len(counted):
        move(ctx, by_team, f"{by_team} eliminated three enemy units this turn (submarines, cards, markers and "
             "MILDECs not counted)", ["15.22"])
