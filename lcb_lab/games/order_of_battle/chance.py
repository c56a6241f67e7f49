"""Exact odds where chance is known: the cards are shuffled, so a draw is uniform over the draw
pile as a Commander knows it (its composition; the order nobody knows).

* :func:`cost_pmf` -- the cost of the next Fortune card a Commander draws (from its own pile; an
  empty pile draws from its discard pile shuffled anew, l.39);
* :func:`initiative_step` -- the Initiative draw (l.33) as a kernel
  :class:`~lcb_lab.kernel.odds.ChanceStep`: outcome ``(i,)`` the ``i``-th contender leads, outcome
  ``(len(contenders),)`` a tie for the highest cost (redrawn); its ``names`` name each outcome (the
  Commander, or :data:`TIE`), so its text reads ``Lead Commander = Ash: 44.4%``;
* :func:`draw_chance` -- the chance a draw of ``n`` cards holds at least one card of a kind
  (hypergeometric); :func:`offer_chance` -- that a Commander's purchase draw holds a Battlelord.

The odds of the initiative draw take every contender's real pile: they are the instructor's (a
Commander does not know another's pile); each Commander reads its own card's chances
(:func:`own_line`).
"""
from __future__ import annotations

from math import comb
from typing import Sequence

import numpy as np

from lcb_lab.games.order_of_battle.cards import CardSet
from lcb_lab.games.order_of_battle.state import Commander
from lcb_lab.kernel.odds import ChanceStep

TIE = "a tie (redrawn)"
"""The name of the Initiative draw's last outcome: a tie for the highest cost, drawn again (l.33)."""


def _pile(c: Commander) -> list[str]:
    return list(c.fortune_deck.draw) or list(c.fortune_deck.discard)


def cost_pmf(c: Commander, cards: CardSet) -> np.ndarray:
    """P(cost = v) of ``c``'s next Fortune card, indexed by v (all zeros when it has none)."""
    pile = _pile(c)
    top = max((cards[n].cost for n in cards.fortune), default=0)
    out = np.zeros(top + 1)
    for n in pile:
        out[cards[n].cost] += 1
    return out / len(pile) if pile else out


def lead_chances(pmfs: Sequence[np.ndarray]) -> list[float]:
    """P(contender i draws the one highest cost), for each i; ``1 - sum`` is the chance of a tie."""
    size = max(len(p) for p in pmfs)
    pmfs = [np.pad(p, (0, size - len(p))) for p in pmfs]
    below = [np.concatenate(([0.0], np.cumsum(p)[:-1])) for p in pmfs]      # P(cost < v)
    out = []
    for i, p in enumerate(pmfs):
        others = np.prod([below[j] for j in range(len(pmfs)) if j != i], axis=0)
        out.append(float(np.sum(p * others)))
    return out


def initiative_step(commanders: Sequence[Commander], cards: CardSet) -> ChanceStep:
    """The Initiative draw of ``commanders`` (module doc), l.33."""
    p = lead_chances([cost_pmf(c, cards) for c in commanders])
    tie = max(0.0, 1.0 - sum(p))
    outcomes = tuple(((i,), q) for i, q in enumerate(p) if q > 0) + ((((len(p),), tie),) if tie > 1e-12 else ())
    return ChanceStep("Initiative draw: " + ", ".join(c.name for c in commanders), "l.33", ("Lead Commander",),
                      outcomes, tuple(f"1 Fortune card of {len(_pile(c))}: {c.name}" for c in commanders),
                      names=(*(c.name for c in commanders), TIE))


def own_line(c: Commander, cards: CardSet) -> str:
    """``c``'s own card, as it knows its pile: ``"cost 2: 29%, cost 3: 43%, ..."``."""
    pmf = cost_pmf(c, cards)
    return ", ".join(f"cost {v}: {q:.0%}" for v, q in enumerate(pmf) if q > 0) or "no Fortune card left"


def offer_chance(c: Commander, cards: CardSet, kind: str = "battlelord") -> float:
    """P(the Fortune maximum ``c`` draws to buy from holds a card of ``kind``), as ``c`` knows its
    piles: the whole draw pile when it is short, then cards of the discards shuffled anew (l.39)."""
    pile, n = c.fortune_deck.draw, cards.fortune_max
    hits = {name for name, card in cards.cards.items() if card.kind == kind}
    if len(pile) >= n:
        return draw_chance(pile, n, hits)
    if any(x in hits for x in pile):
        return 1.0
    return draw_chance(c.fortune_deck.discard, n - len(pile), hits)


def draw_chance(pile: Sequence[str], n: int, hits: set[str]) -> float:
    """P(at least one of ``n`` cards drawn from ``pile`` is in ``hits``), exactly (hypergeometric);
    1.0 when ``n`` covers the pile and it holds one."""
    size, good = len(pile), sum(1 for x in pile if x in hits)
    n = min(n, size)
    if good == 0 or n == 0:
        return 0.0
    return 1.0 - comb(size - good, n) / comb(size, n)
