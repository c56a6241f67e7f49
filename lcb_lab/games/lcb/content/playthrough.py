"""Golden transcripts ("playthroughs") of whole games, step by step.

Modelled on OpenSpiel's ``integration_tests/playthroughs/*.txt``: a plain-text
record of a game in which every applied action (each entry of
``game.history.steps``) is shown with

* the step number, the team to act before it (:meth:`Game.to_act`: ``US`` /
  ``RU`` / ``chance``) and the number of legal actions it had (concrete actions
  + :class:`lcb_lab.games.lcb.legal_templates.Template` s, :meth:`Game.legal_actions`);
* the action as one line of JSON (:func:`lcb_lab.games.lcb.actions.to_json`, sorted keys)
  and the d20 values it drew;
* the new log lines as each team reads them (:func:`lcb_lab.kernel.explain.render` of
  :meth:`Game.log_entries`, i.e. after :func:`lcb_lab.games.lcb.observer.redact`);
* each team's observation after it (:func:`lcb_lab.games.lcb.observer.observe`) in a
  compact, stable text form (:func:`observation_lines`).

Four transcripts are kept in ``tests/golden/`` and compared by
``tests/engine/test_golden.py``: ``appendix_b.txt`` (the Appendix B combat lesson
replayed, :mod:`lcb_lab.games.lcb.content.lesson`), ``appendix_b_turn1.txt`` (the whole Appendix B
turn from the Planning Stage, every card played by the rules, chapter 9),
``slite_landing_lesson.txt`` (turn 1 of the second, sandbox scenario: chapters 10-14) and
``random_game.txt`` (a seeded walk over
the legal actions of ``gotland_redux``, :func:`random_game`, in which the
defender's choices are steps too).  Any change to the rules, the log wording,
the legal actions or the hidden-information rules shows there as a diff;
when the change is intended, rewrite them with
``python -m lcb_lab.games.lcb.content.playthrough --regen``, or every game's with ``make golden``
(``python -m lcb_lab golden --regen``).  The text form is the kernel's
(:mod:`lcb_lab.kernel.transcript`); LC:B gives it its observations and log reading.

The output is deterministic: no ``id()``, every dict printed with sorted keys,
no floats.
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Callable

import numpy as np

from lcb_lab.games.lcb import actions as A
from lcb_lab.kernel import transcript as kernel_transcript
from lcb_lab.games.lcb import observer
from lcb_lab.games.lcb.legal_templates import Template
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.games.lcb.game import Game
from lcb_lab.games.lcb.content.lesson import Lesson
from lcb_lab.games.lcb.io.loading import load_scenario

ROOT = Path(__file__).resolve().parents[4]
GOLDEN_DIR = ROOT / "tests" / "golden"
"""Where ``--regen`` writes the transcripts (a source checkout's ``tests/golden``)."""
PROG = "python -m lcb_lab.games.lcb.content.playthrough"
LESSON = "appendix_b_combat"
"""The packaged lesson replayed for ``appendix_b.txt`` (:mod:`lcb_lab.games.lcb.io.resources`)."""
TURN1_LESSON = "appendix_b_turn1"
"""The packaged lesson replayed for ``appendix_b_turn1.txt``: Appendix B's turn 1 from the
Planning Stage with no scripted effect."""
SECOND_LESSON = "slite_landing_lesson"
"""The packaged lesson replayed for ``slite_landing_lesson.txt``: turn 1 of the second
(sandbox) scenario, chapters 10-14 (docs/scenarios.md)."""
TEAMS = ("US", "RU")

RANDOM_SCENARIO = "gotland_redux"
RANDOM_SEED = 12
"""Seed of the random game (dice and choices); 12 gives two combats with INTERCEPT answers
and four cards played in two turns (since the random walk plays cards, chapter 9)."""
RANDOM_TURNS = 2
UNHURRIED = ("end_impulse", "relinquish")
"""Kinds the random walk picks less often (so impulses do something)."""


# ---------------------------------------------------------------- the two games
def lesson_game(path: str | Path = LESSON) -> Game:
    """The lesson ``path`` (a packaged name or a path) replayed to its end (a game whose record
    holds every step)."""
    return Lesson(path).run()


def pick(game: Game, rng: np.random.Generator) -> A.Action:
    """One legal action for the team to act, drawn with ``rng``: first a kind (a template
    counts as its own kind, ``declare*``; when something else is possible, ending the
    impulse and relinquishing are left out four times in five), then one action of that kind,
    a template being sampled (:meth:`lcb_lab.games.lcb.legal_templates.Template.sample`)."""
    groups: dict[str, list] = {}
    for a in game.legal_actions():
        key = a.kind + "*" if isinstance(a, Template) else a.KIND
        groups.setdefault(key, []).append(a)
    keys = sorted(groups)
    if len(keys) > 1 and rng.random() < 0.8:
        keys = [k for k in keys if k not in UNHURRIED] or keys
    options = groups[keys[int(rng.integers(len(keys)))]]
    a = options[int(rng.integers(len(options)))]
    return a.sample(rng) if isinstance(a, Template) else a


def random_game(scenario: str = RANDOM_SCENARIO, seed: int = RANDOM_SEED, turns: int = RANDOM_TURNS,
                max_steps: int = 2000) -> Game:
    """A seeded random walk over :meth:`Game.legal_actions` for ``turns`` turns (or until the
    game ends): the dice are seeded with ``seed``, the choices drawn from
    ``numpy.random.default_rng(seed)`` (:func:`pick`); no auto-answer policies, so
    INTERCEPT / defense / MILDEC answers are steps of the record.  A sampled action the
    rules refuse (a template's fallback) is skipped and another one is drawn."""
    game = load_scenario(scenario, seed=seed)
    rng = np.random.default_rng(seed)
    start = game.state.turn
    for _ in range(max_steps):
        if game.to_act() is None or game.state.turn >= start + turns:
            break
        try:
            game.apply(pick(game, rng))
        except IllegalAction:
            continue
    return game


# ---------------------------------------------------------------- text forms
def _kv(d: dict) -> str:
    return " ".join(f"{k}={d[k]}" for k in sorted(d)) or "-"


def _counter(c: dict) -> str:
    where = c["hex"] or "-"
    if c["back"]:
        return f"{where:<6} {c['id']} ({c['team']}, back)"
    flags = [f for f in ("acted", "moved", "paralysed") if c.get(f)]
    if c.get("embarked_on"):
        flags.append(f"on={c['embarked_on']}")
    if c.get("attachments"):
        flags.append("with=" + ",".join(sorted(c["attachments"])))
    return (f"{where:<6} {c['id']} ({c['team']}, {c['type_id']}, {c['task_force']}) hp {c['hp']}/{c['hp_max']}"
            f" {'up' if c['revealed'] else 'down'} supply {_kv(c['supply'])}" + "".join(f" {f}" for f in flags))


def _marker(m: dict) -> str:
    where = m["hex"] or "-"
    if m["back"]:
        return f"{where:<6} {m['id']} ({m['team']}, back)"
    return f"{where:<6} {m['id']} ({m['team']}, {m['type_id']}) {'up' if m['revealed'] else 'down'}"


def observation_lines(obs: dict) -> list[str]:
    """A compact, stable text form of :func:`lcb_lab.games.lcb.observer.observe`: one meters line,
    then the counters and the markers, each sorted by (hex, id), one line each.

    >>> from lcb_lab import situation
    >>> g = situation(units={"1 Whiskey": ("usmc_himars_section", "F-6"),
    ...                      "1 Uran": ("runi_coastal_missile_section", "F-2")})
    >>> for line in observation_lines(observer.observe(g.state, g.catalog, "RU")): print(line)
    turn 1 initiative US network RU=0 US=0 influence 0 continuing -
    F-2    1 Uran (RU, runi_coastal_missile_section, TF Red) hp ... down supply ...
    F-6    hidden:F-6:0 (US, back)
    """
    def order(c: dict) -> tuple:
        return (c["hex"] or "", c["id"])
    lines = [f"turn {obs['turn']} initiative {obs['initiative']} network {_kv(obs['network_cubes'])} "
             f"influence {obs['influence']} continuing {_kv(obs['continuing'])}"]
    lines += [_counter(c) for c in sorted(obs["counters"], key=order)]
    lines += ["marker " + _marker(m) for m in sorted(obs["markers"], key=order)]
    return lines


def _observe(game: Game, team: str) -> list[str]:
    return observation_lines(observer.observe(game.state, game.catalog, team))


def _log_for(game: Game, team: str, since: int, until: int) -> list[dict]:
    return game.log_entries(team, since, until)


def _end(game: Game) -> list[str]:
    s = game.state
    return [f"Stage: {s.stage}", f"Winner: {s.winner or 'none yet'}"]


def transcript(game: Game, title: str, about: list[str] = ()) -> str:
    """The playthrough text of ``game``'s whole record (the kernel's
    :func:`lcb_lab.kernel.transcript.transcript` with LC:B's observations, logs and end)."""
    return kernel_transcript.transcript(game, title, about, _observe, _log_for, TEAMS, _end)


# ---------------------------------------------------------------- the kinds
def _appendix_b() -> str:
    game = lesson_game()
    return transcript(game, "Appendix B lesson replayed",
                      [f"lesson: {LESSON} (packaged)", "dice: forced by the lesson"])


def _appendix_b_turn1() -> str:
    game = lesson_game(TURN1_LESSON)
    return transcript(game, "Appendix B turn 1 lesson replayed (Planning to Victory Check, no scripted effect)",
                      [f"lesson: {TURN1_LESSON} (packaged)",
                       "dice: the narrative's where it gives them, else forced by the lesson"])


def _second_lesson() -> str:
    game = lesson_game(SECOND_LESSON)
    return transcript(game, "Return to Slite turn 1 lesson replayed (the second scenario, sandbox; no scripted effect)",
                      [f"lesson: {SECOND_LESSON} (packaged)", "dice: forced by the lesson where a roll matters"])


def _random() -> str:
    game = random_game()
    return transcript(game, f"random legal game of {RANDOM_SCENARIO}",
                      [f"scenario: {RANDOM_SCENARIO}", f"seed: {RANDOM_SEED} (dice and numpy choices)",
                       f"turns: {RANDOM_TURNS}", "player: lcb_lab.games.lcb.content.playthrough.pick (no auto-answer policies)"])


KINDS: dict[str, tuple[str, Callable[[], str]]] = {
    "appendix_b": ("appendix_b.txt", _appendix_b),
    "appendix_b_turn1": ("appendix_b_turn1.txt", _appendix_b_turn1),
    "slite_landing_lesson": ("slite_landing_lesson.txt", _second_lesson),
    "random_game": ("random_game.txt", _random),
}
"""kind -> (file name in ``tests/golden/``, generator)."""


def playthrough_text(kind: str) -> str:
    """The transcript of ``kind`` (``"appendix_b"``, ``"appendix_b_turn1"``, ``"slite_landing_lesson"`` or
    ``"random_game"``) as text.
    Raises ValueError for an unknown kind."""
    if kind not in KINDS:
        raise ValueError(f"unknown playthrough {kind!r}; known: {', '.join(KINDS)}")
    return KINDS[kind][1]()


def golden_path(kind: str, folder: Path = GOLDEN_DIR) -> Path:
    """The committed file of ``kind``."""
    return folder / KINDS[kind][0]


def source_checkout(root: Path | None = None) -> bool:
    """True when ``root`` (default: the folder above the package) is a source checkout of
    lcb_lab (``pyproject.toml`` and ``tests/golden`` beside the package), not site-packages."""
    return kernel_transcript.source_checkout(ROOT if root is None else root)


def main(argv: list[str] | None = None) -> int:
    """``python -m lcb_lab.games.lcb.content.playthrough [--regen] [--out DIR] [KIND ...]``: print the
    transcripts, or (``--regen``) rewrite them in ``tests/golden/`` of the source checkout
    (or in ``--out DIR``); the kernel's :func:`lcb_lab.kernel.transcript.main`. Returns the exit
    code: 0 done, 2 refused (one line on stderr): ``--regen`` of an installed package (no
    checkout) without ``--out`` never writes into site-packages."""
    return kernel_transcript.main(KINDS, PROG, ROOT, GOLDEN_DIR, argv, __doc__.splitlines()[0])


if __name__ == "__main__":
    sys.exit(main())
