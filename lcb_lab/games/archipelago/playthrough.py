"""Golden transcripts of *Naval Battle in Archipelago*: a seeded level-1 game from its set-up, step by step.

The text form is the kernel's (:mod:`lcb_lab.kernel.transcript`: each step's place, who acts,
how many legal acts, the act as JSON, its dice, the log lines each player reads with their
lines of the text, ``l.N``); this module gives it each player's observation
(:func:`observation_lines`, from :func:`lcb_lab.games.archipelago.observer.view`) and the game:
:func:`random_game` -- level 1 from its set-up (every ``Place`` act, l.144-155), the acts drawn
uniformly among the legal ones by the kernel's random player (:mod:`lcb_lab.kernel.autoplay`),
its choices and dice seeded :data:`SEED`, for :data:`STEPS` acts.

The file is ``tests/golden/archipelago_level1.txt``, compared by ``tests/archipelago/test_golden.py``;
rewrite it (after an intended change) with ``make golden`` (every game's transcripts,
``python -m lcb_lab golden --regen``) or ``python -m lcb_lab.games.archipelago.playthrough --regen``.
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Callable

from lcb_lab.games.archipelago.game import Archipelago
from lcb_lab.games.archipelago.model.board import Board, point_name
from lcb_lab.games.archipelago.observer import view
from lcb_lab.games.archipelago.stage import setup_game
from lcb_lab.kernel import transcript as kernel_transcript
from lcb_lab.kernel.autoplay import play_random

ROOT = Path(__file__).resolve().parents[3]
GOLDEN_DIR = ROOT / "tests" / "golden"
"""Where ``--regen`` writes the transcript (a source checkout's ``tests/golden``)."""
PROG = "python -m lcb_lab.games.archipelago.playthrough"
SEED = 5
"""The seed of the dice and of the random player's choices."""
STEPS = 80
"""Acts played: the 16 placings (l.144-155) and the first turns."""
ZONE = 1
"""The suggested zones the pieces are placed in (l.146-149)."""


def random_game(seed: int = SEED, steps: int = STEPS) -> Archipelago:
    """Level 1 from its set-up in zone :data:`ZONE`, ``steps`` uniformly drawn legal acts (module doc)."""
    g = setup_game(level=1, zone=ZONE, seed=seed, turn_limit=40)
    play_random(g, seed, steps)
    return g


def observation_lines(v: dict, board: Board) -> list[str]:
    """A compact, stable text form of a viewer's :func:`~lcb_lab.games.archipelago.observer.view`
    on ``board``: the turn line, then one line per piece and per T marker on the board, sorted by id,
    each point named as everywhere (:func:`~lcb_lab.games.archipelago.model.board.point_name`)."""
    dice = " ".join(map(str, v["dice"])) if isinstance(v["dice"], list) else v["dice"]
    lines = [f"turn {v['turn']} {v['to_move']} {v['phase']} dice {dice or '-'} stock {_stock(v['stock'])} "
             f"flagships {_plain(v['flagships']) or '-'} wrecks {len(v['wrecks'])} over {v['over']} "
             f"winner {v['winner'] or '-'}"]
    for pid, p in v["pieces"].items():
        ammo = p["ammo"] if isinstance(p["ammo"], int) else "".join(m[0] for m in p["ammo"]) or "-"
        lines.append(f"{pid:<10} at {point_name(board, p['point'])} facing {p['facing']} hits {''.join(p['hits']) or '-'} ammo {ammo}")
    lines += [f"T {t:<6} at {point_name(board, pt)} heading {f} of {o}" for t, (pt, f, o) in v["torpedoes"].items()]
    return lines


def _stock(stock: dict) -> str:
    """Base A's panels as plain words: ``Red T 14; Blue T 14`` (``-`` for an empty panel)."""
    return "; ".join(f"{who} {_plain(panel) or '-'}" for who, panel in stock.items())


def _plain(v: object) -> str:
    """A dict, list or int of a view in plain words, no Python repr (``T 14, G 2``; ``a, b``)."""
    if isinstance(v, dict):
        return ", ".join(f"{k} {_plain(x)}" for k, x in v.items())
    if isinstance(v, (list, tuple)):
        return ", ".join(_plain(x) for x in v)
    return "" if v is None else str(v)


def _observe(g: Archipelago, player: str) -> list[str]:
    return observation_lines(view(g, player), g.board)


def _end(g: Archipelago) -> list[str]:
    s = g.state
    return [f"Turn: {s.turn}", f"Winner: {s.winner or 'none yet'}"]


def transcript(g: Archipelago, title: str, about: list[str] = ()) -> str:
    """The transcript of ``g``'s whole record (the kernel's, with this game's observations)."""
    return kernel_transcript.transcript(g, title, about, _observe, end=_end)


def _level1() -> str:
    return transcript(random_game(), "random legal game of Archipelago, level 1 from its set-up",
                      [f"level: 1, zone {ZONE} (l.146-149), turn limit 40 (sandbox)",
                       f"seed: {SEED} (dice and numpy choices)", f"acts: {STEPS}",
                       "player: lcb_lab.kernel.autoplay.play_random (uniform among the legal acts)"])


KINDS: dict[str, tuple[str, Callable[[], str]]] = {"archipelago_level1": ("archipelago_level1.txt", _level1)}
"""kind -> (file name in ``tests/golden/``, generator)."""


def playthrough_text(kind: str) -> str:
    """The transcript of ``kind`` as text. Raises ValueError for an unknown kind."""
    if kind not in KINDS:
        raise ValueError(f"unknown playthrough {kind!r}; known: {', '.join(KINDS)}")
    return KINDS[kind][1]()


def golden_path(kind: str, folder: Path = GOLDEN_DIR) -> Path:
    """The committed file of ``kind``."""
    return folder / KINDS[kind][0]


def main(argv: list[str] | None = None) -> int:
    """``python -m lcb_lab.games.archipelago.playthrough [--regen] [--out DIR] [KIND ...]`` (the
    kernel's :func:`lcb_lab.kernel.transcript.main`). Returns the exit code."""
    return kernel_transcript.main(KINDS, PROG, ROOT, GOLDEN_DIR, argv, __doc__.splitlines()[0])


if __name__ == "__main__":
    sys.exit(main())
