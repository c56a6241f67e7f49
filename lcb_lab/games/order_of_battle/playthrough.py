"""Golden transcripts of the Order of Battle game: a seeded random game of two Commanders with the
sandbox card set, step by step.

The text form is the kernel's (:mod:`lcb_lab.kernel.transcript`: each step's place, who acts, how
many legal acts, the act as JSON, its dice, the log lines each Commander reads with their lines of
the text, ``l.N``); this module gives each Commander's observation (:func:`observation_lines`, from
:func:`lcb_lab.games.order_of_battle.observer.view`).  The game: :func:`random_game`, the acts drawn
uniformly among the legal ones by the kernel's random player, decks and choices seeded :data:`SEED`,
played to its end.  The file is ``tests/golden/order_of_battle_playthrough.txt``, compared by
``tests/order_of_battle/test_golden.py``; rewrite it with ``make golden`` or
``python -m lcb_lab.games.order_of_battle.playthrough --regen``.
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Callable

from lcb_lab.games.order_of_battle.game import OrderOfBattle, new_game
from lcb_lab.games.order_of_battle.observer import view
from lcb_lab.kernel import transcript as kernel_transcript
from lcb_lab.kernel.autoplay import play_random

ROOT = Path(__file__).resolve().parents[3]
GOLDEN_DIR = ROOT / "tests" / "golden"
"""Where ``--regen`` writes the transcript (a source checkout's ``tests/golden``)."""
PROG = "python -m lcb_lab.games.order_of_battle.playthrough"
SEED = 12
"""The seed of the shuffles and of the random player's choices."""
MAX_TURNS = 5
"""The golden game's last turn (sandbox; shorter than the card set's, to keep the file small)."""


def random_game(seed: int = SEED, steps: int = 2000) -> OrderOfBattle:
    """Two Commanders, up to ``steps`` uniformly drawn legal acts (module doc)."""
    g = new_game(2, seed=seed, max_turns=MAX_TURNS)
    play_random(g, seed, steps)
    return g


def observation_lines(v: dict) -> list[str]:
    """A compact, stable text form of a Commander's view: the phase line, one line per Commander
    (Fame, Credits if its own, hand and offer as cards or counts, its display), the battle."""
    lines = [f"turn {v['turn']} phase {v['phase']} lead {v['lead'] or '-'} pending {','.join(v['pending']) or '-'} "
             f"winner {v['winner'] or '-'}"]
    for c in v["commanders"]:
        hand = c["hand"] if isinstance(c["hand"], int) else "[" + ", ".join(c["hand"]) + "]"
        shown = " ".join(f"{x['id']}:{x['card'] or x['kind'].upper() + '?'}{'' if x['face_up'] else '(down)'}"
                         for x in c["display"])
        lines.append(f"{c['name']} fame {c['fame']} credits {'-' if c['credits'] is None else c['credits']} "
                     f"hand {hand} decks {c['fame_deck']}/{c['fortune_deck']} display {shown}")
    b = v["battle"]
    if b:
        lines.append(f"battle {b['attacker']}:{b['squad']} vs {b['defender']}:{b['defending'] or '-'} "
                     f"{b['form'] or '-'} round {b['round']} quiet {b['quiet']}")
    return lines


def _observe(g: OrderOfBattle, who: str) -> list[str]:
    return observation_lines(view(g, who))


def _end(g: OrderOfBattle) -> list[str]:
    return [f"Turn: {g.state.turn}", f"Winner: {g.state.winner or 'none yet'}"]


def _game() -> str:
    return kernel_transcript.transcript(random_game(), "random legal game of Order of Battle, two Commanders",
                                        [f"seed: {SEED} (shuffles and numpy choices), last turn {MAX_TURNS} (sandbox)",
                                         "cards: data/sandbox_cards.toml (sandbox)",
                                         "player: lcb_lab.kernel.autoplay.play_random (uniform among the legal acts)"],
                                        _observe, end=_end)


KINDS: dict[str, tuple[str, Callable[[], str]]] = {"order_of_battle": ("order_of_battle_playthrough.txt", _game)}
"""kind -> (file name in ``tests/golden/``, generator)."""


def main(argv: list[str] | None = None) -> int:
    """``python -m lcb_lab.games.order_of_battle.playthrough [--regen] [--out DIR]`` (the kernel's
    :func:`lcb_lab.kernel.transcript.main`). Returns the exit code."""
    return kernel_transcript.main(KINDS, PROG, ROOT, GOLDEN_DIR, argv, __doc__.splitlines()[0])


if __name__ == "__main__":
    sys.exit(main())
