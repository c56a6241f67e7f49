"""Golden transcripts of the *Force on Force* reaction lab: a seeded random game on the sandbox
table, step by step.

The text form is the kernel's (:mod:`lcb_lab.kernel.transcript`: each step's place, who acts, how
many legal acts, the act as JSON, its dice, the log lines each side reads with their lines of the
text, ``l.N``); this module gives each side's observation (:func:`observation_lines`, from
:func:`lcb_lab.games.force_on_force.observer.view`).  The game: :func:`random_game`, the acts
drawn uniformly among the legal ones by the kernel's random player, dice and choices seeded
:data:`SEED`, played to its end.  The file is ``tests/golden/force_on_force_playthrough.txt``,
compared by ``tests/force_on_force/test_golden.py``; rewrite it with ``make golden`` or
``python -m lcb_lab.games.force_on_force.playthrough --regen``.
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Callable

from lcb_lab.games.force_on_force.game import ForceOnForce, new_game
from lcb_lab.games.force_on_force.observer import view
from lcb_lab.kernel import transcript as kernel_transcript
from lcb_lab.kernel.autoplay import play_random

ROOT = Path(__file__).resolve().parents[3]
GOLDEN_DIR = ROOT / "tests" / "golden"
"""Where ``--regen`` writes the transcript (a source checkout's ``tests/golden``)."""
PROG = "python -m lcb_lab.games.force_on_force.playthrough"
SEED = 3
"""The seed of the dice and of the random player's choices."""


def random_game(seed: int = SEED, steps: int = 400) -> ForceOnForce:
    """The sandbox table, up to ``steps`` uniformly drawn legal acts (module doc)."""
    g = new_game(seed=seed)
    play_random(g, seed, steps)
    return g


def observation_lines(v: dict) -> list[str]:
    """A compact, stable text form of a side's view: the turn line, then one line per unit it knows."""
    lines = [f"turn {v['turn']} initiative {v['initiative']} phase {v['phase']} uav {','.join(v['uav']) or '-'} "
             f"lost Blue {v['lost']['Blue']} Red {v['lost']['Red']} winner {v['winner'] or '-'}"]
    for u in v["units"]:
        flags = [f for f in ("overwatch",) if u[f]] + (["hidden"] if u["hidden"] else [])
        spotted = ",".join(u["spotted"] or []) or "-"
        lines.append(f"{u['name']:<8} {u['side']:<4} {u['tq']:<3} figures {u['figures']} at ({u['x']:g}, {u['y']:g}) "
                     f"{' '.join(flags) or '-'} spotted {spotted}")
    return lines


def _observe(g: ForceOnForce, side: str) -> list[str]:
    return observation_lines(view(g, side))


def _end(g: ForceOnForce) -> list[str]:
    return [f"Turn: {g.state.turn}", f"Winner: {g.state.winner or 'none yet'}"]


def _game() -> str:
    return kernel_transcript.transcript(random_game(), "random legal game of Force on Force on the sandbox table",
                                        [f"seed: {SEED} (dice, Fog of War deck and numpy choices)",
                                         "table and units: data/sandbox_table.toml (sandbox)",
                                         "player: lcb_lab.kernel.autoplay.play_random (uniform among the legal acts)"],
                                        _observe, end=_end)


KINDS: dict[str, tuple[str, Callable[[], str]]] = {"force_on_force": ("force_on_force_playthrough.txt", _game)}
"""kind -> (file name in ``tests/golden/``, generator)."""


def main(argv: list[str] | None = None) -> int:
    """``python -m lcb_lab.games.force_on_force.playthrough [--regen] [--out DIR]`` (the kernel's
    :func:`lcb_lab.kernel.transcript.main`). Returns the exit code."""
    return kernel_transcript.main(KINDS, PROG, ROOT, GOLDEN_DIR, argv, __doc__.splitlines()[0])


if __name__ == "__main__":
    sys.exit(main())
