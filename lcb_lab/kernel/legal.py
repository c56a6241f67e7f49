"""The legal-action protocol of any game on the kernel (OpenSpiel's ``legal_actions``).

``engine.legal_actions(player)`` returns a list of

* concrete actions -- each one applies without a refusal (the game's rules decided, on a copy
  or by their own checks), and
* :class:`Template` s -- a family too large to list (every dice split, every combination): the
  ``options`` one may combine (each legal on its own), their ``limits``, and
  :meth:`Template.sample`, which draws a legal action of the family.

:func:`concrete` and :func:`templates` split such a list.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, Iterable

from lcb_lab.kernel.actions import Action
from lcb_lab.kernel.errors import IllegalAction

TRIES = 8
"""Random combinations a template tries before it falls back to a single option."""


@dataclass(frozen=True)
class Template:
    """A family of legal actions too large to list: ``kind`` names the action it makes,
    ``options`` the parts one may combine (each legal on its own), ``limits`` the bounds;
    ``game`` the engine it was made for.  A game's template implements :meth:`make`."""

    kind: str
    options: tuple
    limits: dict = field(default_factory=dict)
    game: Any = field(default=None, compare=False, repr=False)
    TRIES: ClassVar[int] = TRIES

    def make(self, rng: Any, option: Any | None) -> Action:
        """One candidate action: a random combination (``option`` None) or the one ``option``."""
        raise NotImplementedError

    def sample(self, rng: Any) -> Action:
        """A random legal action of this family (tried with ``game.is_legal``; falls back to one option)."""
        return self.draw(rng, lambda game, a: game.is_legal(a))

    def draw(self, rng: Any, accept: Callable[[Any, Action], bool]) -> Action:
        """Up to :attr:`TRIES` random combinations until ``accept(game, action)``; else one option."""
        for _ in range(self.TRIES):
            a = self.make(rng, None)
            if accept(self.game, a):
                return a
        return self.make(rng, self.options[int(rng.integers(len(self.options)))])


def concrete(legal: list) -> list[Action]:
    """The concrete actions of a legal-actions list."""
    return [a for a in legal if not isinstance(a, Template)]


def templates(legal: list) -> list[Template]:
    """The templates of a legal-actions list."""
    return [a for a in legal if isinstance(a, Template)]


def passing(acts: Iterable[Action], check: Callable[[Action], Any]) -> list[Action]:
    """The acts of ``acts`` that ``check`` lets pass (it raises IllegalAction for the others), in
    their order: a game's listing of its legal acts from its own checks, no copy made."""
    out = []
    for a in acts:
        try:
            check(a)
        except IllegalAction:
            continue
        out.append(a)
    return out
