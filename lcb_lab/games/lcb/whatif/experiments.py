"""Many games at once: what happens under random legal play (for what-if discussions).

``play_many`` plays ``games`` games of a scenario with the random legal
player (:mod:`lcb_lab.games.lcb.whatif.autoplay`) and the named default policies, showing a
progress bar (``tqdm.auto``), and returns one summary dict per game.  Game
``i`` uses seed ``seed + i`` for both its dice and the player's choices, so
a run is reproducible.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from collections import Counter

from tqdm.auto import tqdm

from lcb_lab.games.lcb.choices import CardResponseChoice
from lcb_lab.games.lcb.whatif.autoplay import play_random_turns
from lcb_lab.games.lcb.io.loading import load_scenario

if TYPE_CHECKING:
    from lcb_lab.games.lcb.game import Game


def land_embarked(game: Game, hex_label: str = "AL-23") -> list[str]:
    """Land embarked units in the coastal hex ``hex_label`` through legal actions (a what-if start:
    the landing done, as Appendix B's first US impulse): an Embark-capable ship whose Task Force
    may take the next impulse and that carries an Amphibious card declares Move and/or Play an
    Embarked Persistent JCC, moves (5.1) to a hex from which the card's ISR marker reaches
    ``hex_label``, and plays the card (12.21) with the Embarked units that fit; the impulse ends.
    Returns the uids landed ([] when no ship can reach the hex this impulse)."""
    from lcb_lab.games.lcb import actions as A
    from lcb_lab.games.lcb.rules.movement import move
    from lcb_lab.games.lcb.rules.transport.landing import _params
    s = game.state
    ctx = game._ctx()
    dest = game.board.canonical(hex_label)
    for ship in sorted(s.units.values(), key=lambda u: u.uid):
        card = next((c for c in s.cards.values() if c.where == "embarked" and c.host == ship.uid
                     and not c.expended and any(e.fn == "transport" for e in ctx.ctype(c).effects)), None)
        if card is None or ship.destroyed or ship.hex is None or ship.task_force not in game.available_task_forces():
            continue
        eff = next(e for e in ctx.ctype(card).effects if e.fn == "transport" and "rp" not in e.args)
        cap, mp, _ = _params(ctx.ctype(card), eff)
        aboard, used = [], 0
        for u in sorted((u for u in s.units.values() if u.embarked_on == ship.uid and not u.destroyed),
                        key=lambda u: u.uid):
            g = game.utype(u.uid).gpsv
            if used + g <= cap:
                aboard.append(u.uid)
                used += g
        stops = [[]] + sorted(move.paths(ctx, [ship]).values(), key=len)
        path = next((p for p in stops if dest in game.board.naval_reach(p[-1] if p else ship.hex, mp)), None)
        if path is None or not aboard:
            continue
        game.apply(A.BeginImpulse(ship.task_force))
        game.apply(A.Declare((A.CoreAction("move_embarked_jcc", (ship.uid,), card.name),)))
        if path:
            game.apply(A.Move(1, tuple(path)))
        game.apply(A.PlayCard(card.cid, eff.label, tuple(aboard), dest, action=1))
        while isinstance(game.pending, CardResponseChoice):
            game.apply(A.Answer())
        game.apply(A.EndImpulse())
        return [u for u in aboard if s.units[u].hex == dest]
    return []


def play_many(scenario: str = "gotland_redux", games: int = 100, seed: int = 0,
              land_in: str | None = "AL-23", progress: bool = True) -> list[dict]:
    """Play ``games`` random legal games to the scenario's end.

    ``land_in``: a coastal hex where the game's first impulse lands the embarked force
    (:func:`land_embarked`, through legal actions); None leaves the landing to the random
    player, which lands units by itself when it plays the Amphibious card.
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
    (:class:`~lcb_lab.kernel.dice.Dice`) -- to compare with the exact odds (7.02, 7.57)."""
    from lcb_lab.games.lcb.die import new_dice
    dice = new_dice(seed=seed)
    kills = 0
    for _ in range(trials):
        hits = sum(r <= cv for n, cv in shots for r in dice.roll(n, "sample LRS"))
        stops = sum(r <= cv for n, cv in intercepts for r in dice.roll(n, "sample INTERCEPT"))
        kills += max(0, hits - stops) >= hp
    dice.history.clear()
    return kills / trials
