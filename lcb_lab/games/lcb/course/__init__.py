"""LC:B's course: per rulebook chapter, a staged game and the checkpoints a class answers on it.

Each chapter is a module ``course/chNN.py`` (``ch03``, ``ch07``, ...), found by its name -- a new
chapter needs no change here.  A chapter module gives:

* ``staged(**kw) -> Game``: the chapter's staged situation (a printed EXAMPLE with forced dice where
  the chapter prints one, else a situation staged with :func:`lcb_lab.games.lcb.content.situation.situation`);
* ``CHECKPOINTS: list[Checkpoint]``: questions whose answers are *computed* from the engine on that
  game (legal actions, odds, costs), never typed in (:mod:`lcb_lab.kernel.checkpoints`);
* optionally ``TITLE`` (the lesson's title; default ``"Chapter N"``).

:func:`chapter` gives one chapter, :func:`chapters` every one found, :func:`checkpoint` one
checkpoint by its key (``"ch07.intercept-units"``: what a lesson script's ``checkpoint`` step names).
The order of the lessons, their notebooks and objectives: :mod:`lcb_lab.games.lcb.course.syllabus`.
"""
from __future__ import annotations

import importlib
import pkgutil
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

from lcb_lab.kernel.checkpoints import Checkpoint
from lcb_lab.kernel.errors import LabError
from lcb_lab.kernel.explain import explained   # a notebook prints an act's events with it

if TYPE_CHECKING:  # pragma: no cover
    from lcb_lab.games.lcb.game import Game

__all__ = ["Chapter", "chapter", "chapters", "chapter_numbers", "checkpoint", "explained"]

_MODULE = re.compile(r"^ch(\d{2})$")


@dataclass(frozen=True)
class Chapter:
    """One chapter of the course: ``number`` (the rulebook chapter, 3..17), ``module`` (its dotted
    name), ``title``, ``staged`` (``staged(**kw) -> Game``) and ``checkpoints``."""

    number: int
    module: str
    title: str
    staged: Callable[..., "Game"]
    checkpoints: tuple[Checkpoint, ...]

    def checkpoint(self, key: str) -> Checkpoint:
        """The checkpoint with ``key`` (``"ch07.intercept-units"``); LabError naming the keys if none."""
        for cp in self.checkpoints:
            if cp.key == key:
                return cp
        raise LabError(f"chapter {self.number} has no checkpoint {key!r}; it has: "
                       + ", ".join(cp.key for cp in self.checkpoints))


def chapter_numbers() -> list[int]:
    """The rulebook chapters with a course module (``chNN.py`` in this package), in order."""
    found = (_MODULE.match(m.name) for m in pkgutil.iter_modules(__path__))
    return sorted(int(m.group(1)) for m in found if m)


def chapter(n: int) -> Chapter:
    """Chapter ``n``'s :class:`Chapter`, read from module ``chNN``.  Raises LabError when there is no
    such module, or it lacks ``staged`` or ``CHECKPOINTS``."""
    if n not in chapter_numbers():
        raise LabError(f"the course has no chapter {n}; it has chapters "
                       + ", ".join(str(c) for c in chapter_numbers()))
    name = f"{__name__}.ch{n:02d}"
    mod = importlib.import_module(name)
    staged, cps = getattr(mod, "staged", None), getattr(mod, "CHECKPOINTS", None)
    if not callable(staged) or not isinstance(cps, (list, tuple)):
        raise LabError(f"{name} must define staged(**kw) -> Game and CHECKPOINTS (a list of Checkpoint)")
    return Chapter(n, name, getattr(mod, "TITLE", f"Chapter {n}"), staged, tuple(cps))


def chapters() -> list[Chapter]:
    """Every chapter found, in rulebook order."""
    return [chapter(n) for n in chapter_numbers()]


def checkpoint(key: str) -> Checkpoint:
    """The checkpoint ``key`` (``"chNN.name"``, the chapter read from its prefix).  Raises LabError for
    a key of no chapter or a chapter without it."""
    m = re.match(r"^ch(\d{2})\.", key)
    if not m:
        raise LabError(f"a checkpoint key starts with its chapter, like 'ch07.intercept-units', not {key!r}")
    return chapter(int(m.group(1))).checkpoint(key)
