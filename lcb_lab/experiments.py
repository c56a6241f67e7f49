"""Many games at once: what happens under random legal play (for what-if discussions).

``play_many`` plays ``games`` games of a scenario with the random legal
player (:mod:`lcb_lab.autoplay`) and the named default policies, showing a
progress bar (``tqdm.auto``), and returns one summary dict per game.  Game
``i`` uses seed ``seed + i`` for both its dice and the player's choices, so
a run is reproducible.
"""
from __future__ import annotations

from collections import Counter

from tqdm.auto import tqdm

from .autoplay import play_random_turns
from .scenario import load_scenario


def land_embarked(game, hex_label: str) -> list[str]:
    """Put every embarked unit ashore in ``hex_label`` (a what-if start: the landing done)."""
    landed = []
    for u in game.state.units.values():
        if u.embarked_on:
            u.hex, u.embarked_on = game.board.canonical(hex_label), None
            landed.append(u.uid)
    return landed


def play_many(scenario: str = "gotland_redux", games: int = 100, seed: int = 0,
              land_in: str | None = "AL-23", progress: bool = True) -> list[dict]:
    """Play ``games`` random legal games to the scenario's end.

    ``land_in``: a hex where the embarked force starts ashore (None keeps it
    embarked: the random player does not play cards, so it would never land).
    Returns ``[{"seed", "winner", "result", "turns", "kills", "influence", "impulses"}]``.
    """
    out = []
    for i in tqdm(range(games), desc=f"{scenario}: random games", disable=not progress):
        g = load_scenario(scenario, seed=seed + i, auto_policies={})
        if land_in:
            land_embarked(g, land_in)
        n = play_random_turns(g, g.state.max_turns, seed + i)
        s = g.state
        out.append({"seed": seed + i, "winner": s.winner or "draw", "result": s.result, "turns": s.turn,
                    "kills": dict(s.total_kills), "influence": s.influence, "impulses": n})
    return out


def tally(results: list[dict]) -> dict:
    """Counts of winners and the mean kills per team."""
    n = max(1, len(results))
    return {
        "games": len(results),
        "winners": dict(Counter(r["winner"] for r in results)),
        "mean_kills": {t: sum(r["kills"][t] for r in results) / n for t in ("US", "RU")},
        "mean_influence": sum(r["influence"] for r in results) / n,
    }


def sample_engagement(shots: list[tuple[int, int]], intercepts: list[tuple[int, int]], hp: int,
                      trials: int = 2000, seed: int = 0) -> float:
    """Share of ``trials`` in which the target is destroyed, rolling real dice
    (:class:`~lcb_lab.dice.Dice`) -- to compare with the exact odds (7.02, 7.57)."""
    from .dice import Dice
    dice = Dice(seed=seed)
    kills = 0
    for _ in range(trials):
        hits = sum(r <= cv for n, cv in shots for r in dice.roll(n, "sample LRS"))
        stops = sum(r <= cv for n, cv in intercepts for r in dice.roll(n, "sample INTERCEPT"))
        kills += max(0, hits - stops) >= hp
    dice.history.clear()
    return kills / trials
