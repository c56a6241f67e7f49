"""Random legal play for any game on the kernel: benchmarks, property tests, demo games, study runs.

:func:`pick` draws one act uniformly among ``engine.legal_actions()`` (a
:class:`~lcb_lab.kernel.legal.Template` counts as one entry and is then sampled:
:meth:`Template.sample`); a pending choice is answered by the same rule (its answers are what
the game lists then), and so are chance's steps where a game lists them for
:data:`~lcb_lab.kernel.actions.CHANCE`.  :func:`play_random` applies such acts through
``engine.apply`` until the game ends (``to_act()`` None), a ``stop`` test holds or a step limit
is reached; :func:`play_many` plays many seeded games with a ``tqdm.auto`` progress bar.

The player's *choices* come from the ``numpy.random.Generator`` passed in (or made from a
seed); every *dice roll* still goes through the game's :class:`~lcb_lab.kernel.dice.Dice`.  A
template's sampled act may still be refused (its fallback option, :meth:`Template.draw`): it is
skipped and another act is drawn (at most :data:`TRIES` refusals in a row end the walk).

"""
from __future__ import annotations

import gc
from contextlib import contextmanager
from typing import Any, Callable, Iterable, Iterator

import numpy as np
from tqdm.auto import tqdm

from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.kernel.legal import Template

TRIES = 20
"""Refused draws in a row after which :func:`play_random` stops (a game that lists nothing it accepts)."""


def choose(rng: np.random.Generator, items: list) -> Any:
    """One of ``items`` drawn uniformly with ``rng`` (None for an empty list)."""
    return items[int(rng.integers(len(items)))] if items else None


def pick(engine: Any, rng: np.random.Generator, legal: list | None = None) -> Any:
    """One act drawn uniformly among ``legal`` (default: ``engine.legal_actions()``), a template
    sampled; None when nothing is listed."""
    a = choose(rng, engine.legal_actions() if legal is None else legal)
    return a.sample(rng) if isinstance(a, Template) else a


def play_random(engine: Any, rng: np.random.Generator | int = 0, max_steps: int = 10_000,
                stop: Callable[[Any], bool] | None = None) -> int:
    """Apply uniformly drawn legal acts (:func:`pick`) to ``engine`` until the game is over,
    ``stop(engine)`` holds, nothing is listed, ``max_steps`` acts were applied or :data:`TRIES`
    draws in a row were refused.  ``rng``: a generator or a seed.  Returns the acts applied."""
    rng = np.random.default_rng(rng) if not isinstance(rng, np.random.Generator) else rng
    n = refused = 0
    with cyclic_gc_paused():
        while n < max_steps and engine.to_act() is not None and not (stop is not None and stop(engine)):
            a = pick(engine, rng)
            if a is None:
                break
            try:
                engine.apply(a)
            except IllegalAction:
                refused += 1
                if refused >= TRIES:
                    break
                continue
            n, refused = n + 1, 0
    return n


def play_many(new_game: Callable[[int], Any], seeds: Iterable[int], max_steps: int = 10_000,
              progress: bool = True, desc: str = "random games") -> list[Any]:
    """``new_game(seed)`` played at random (:func:`play_random`, its choices seeded ``seed``) for
    each seed, with a progress bar; returns the finished games in seed order."""
    seeds = list(seeds)
    out = []
    for s in tqdm(seeds, desc=desc, unit="game", disable=not progress):
        g = new_game(s)
        play_random(g, s, max_steps)
        out.append(g)
    return out


@contextmanager
def cyclic_gc_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector inside the block (as ``timeit`` does); it is
    enabled again after (if it was).  Reference counting still frees every acyclic object: a
    playout makes no reference cycles, and the collector would only re-scan the record's
    growing snapshots."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()
