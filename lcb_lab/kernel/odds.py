"""Exact odds over any die and rule.

A :class:`~lcb_lab.kernel.dice.Die` and a rule ``succeeds(face)
-> bool`` give one die's success chance (:func:`success_pmf`); ``n`` such dice give
Binomial(n, p) successes (:func:`hits_pmf`); :func:`draw_pmf` counts a kind of card drawn from a
shuffled deck (without replacement); :func:`face_pmf` / :func:`total_pmf` give
a die's value and the sum of several dice (e.g. 2d6, or the 1/2/2/3/3/4 average die);
:func:`sum_pmf` convolves independent counts and :func:`net_damage_pmf` nets one count
against another (``max(0, L - I)``).  Distributions are numpy arrays indexed by the
count or value.  :class:`ChanceStep` is the record of a chance node: what is about to
be rolled and each outcome with its probability (``Game.chance_outcomes()``, and
``Game.chance_outcomes(action)`` for the rolls an act would make); :func:`p_any` (at least
one success) and :func:`mixture` (outcomes that depend on earlier dice) build them.

Every function takes the die and the success rule explicitly (no game's die is a default): a
game names its own, e.g. ``(D6, at_most(4))``: a six-sided die succeeding on a roll of 4 or less.

Which rolls are explicit chance steps and which stay inline: see :mod:`lcb_lab.kernel.dice`.
"""
from __future__ import annotations

from dataclasses import dataclass
from math import comb
from typing import Iterable

import numpy as np

from lcb_lab.kernel.dice import Die, Rule, at_most  # noqa: F401 - at_most re-exported: the common "roll <= n" rule
from lcb_lab.kernel.errors import rule_ref


def success_pmf(die: Die, succeeds: Rule) -> np.ndarray:
    """``[P(fail), P(success)]`` of one ``die`` under ``succeeds`` (exact: successful faces / faces)."""
    p = die.chance(succeeds)
    return np.array([1.0 - p, p])


def p_success(die: Die, succeeds: Rule) -> float:
    """Chance one roll of ``die`` succeeds under ``succeeds`` (exact: successful faces / faces).

    >>> from lcb_lab.kernel.dice import D6
    >>> p_success(D6, at_most(2))
    0.3333333333333333
    """
    return die.chance(succeeds)


_COMB = [np.array([comb(n, k) for k in range(n + 1)], dtype=float) for n in range(65)]


def binomial_pmf(n: int, p: float) -> np.ndarray:
    """P(successes = k) for k = 0..n: ``n`` independent tries each succeeding with ``p``."""
    k = np.arange(n + 1)
    c = _COMB[n] if n < len(_COMB) else np.array([comb(n, i) for i in k], float)
    with np.errstate(invalid="ignore"):
        pmf = c * np.power(p, k) * np.power(1.0 - p, n - k)
    return np.nan_to_num(pmf)


def hits_pmf(dice: int, die: Die, succeeds: Rule) -> np.ndarray:
    """P(successes = k) for k = 0..dice: ``dice`` rolls of ``die``, each succeeding under ``succeeds``."""
    return binomial_pmf(dice, die.chance(succeeds))


def draw_pmf(cards: int, marked: int, draws: int) -> np.ndarray:
    """P(k marked cards drawn) for k = 0..min(marked, draws): ``draws`` cards without replacement from
    a shuffled deck of ``cards`` of which ``marked`` are of the kind counted (the hypergeometric).
    Raises ValueError when ``marked`` or ``draws`` exceed ``cards`` or any is negative.

    >>> [round(float(p), 3) for p in draw_pmf(10, 2, 5)]     # 2 marked cards in a deck of 10, a hand of 5
    [0.222, 0.556, 0.222]
    """
    if min(cards, marked, draws) < 0 or marked > cards or draws > cards:
        raise ValueError(f"draw_pmf: need 0 <= marked, draws <= cards; got {cards}, {marked}, {draws}")
    total = comb(cards, draws)
    return np.array([comb(marked, k) * comb(cards - marked, draws - k) / total
                     for k in range(min(marked, draws) + 1)], dtype=float)


def face_pmf(die: Die) -> np.ndarray:
    """P(value = v) indexed by v = 0..max face. Raises ValueError for a negative face."""
    if min(die.faces) < 0:
        raise ValueError(f"face_pmf: die {die.name} has negative faces")
    out = np.zeros(max(die.faces) + 1)
    for f in die.faces:
        out[f] += 1
    return out / die.sides


def total_pmf(die: Die, n: int) -> np.ndarray:
    """P(sum of ``n`` of ``die`` = v), indexed by v (e.g. ``total_pmf(D6, 2)[7] == 6/36``)."""
    return sum_pmf(*([face_pmf(die)] * n))


def sum_pmf(*pmfs: np.ndarray) -> np.ndarray:
    """Distribution of a sum of independent counts (several shooters, several dice)."""
    out = np.array([1.0])
    for p in pmfs:
        out = np.convolve(out, p)
    return out


def net_damage_pmf(hits: np.ndarray, cancels: np.ndarray) -> np.ndarray:
    """P(damage = d) where damage = max(0, H - C): one count netted against another
    (``hits`` against the hits that cancel them, ``cancels``).

    P(H - C = d) = sum_i P(H = i + d) P(C = i): one convolution with the
    reversed second distribution; d <= 0 collapses into "no damage".
    """
    m = len(cancels) - 1
    diff = np.convolve(hits, cancels[::-1])     # index d + m  <->  H - C = d
    out = np.zeros(len(hits))
    out[1:] = diff[m + 1: m + len(hits)]
    out[0] = max(0.0, 1.0 - out[1:].sum())
    return out


@dataclass(frozen=True)
class ChanceStep:
    """A chance node: what is about to be rolled and what can come of it.

    ``label``: one line, e.g. ``"Volley at the gate (2 HP)"``; ``rule``: the rule number that
    rolls (the game's numbering); ``counts``: what each outcome counts, e.g. ``("HP lost by the gate",)``;
    ``outcomes``: ``((outcome, probability), ...)``, an outcome being a tuple of ints (one per
    ``counts``), probabilities summing to 1, impossible outcomes left out; ``dice``: one line per
    roll (``"4 d6 hitting on 4 or less: archers"``); ``later``: how many more chance steps
    the same move rolls after this one (they depend on this one's outcome); ``names``: for a
    one-count step whose values stand for choices rather than numbers (who leads), value v's name
    is ``names[v]``, and :meth:`text` shows the name.
    """

    label: str
    rule: str
    counts: tuple[str, ...]
    outcomes: tuple[tuple[tuple[int, ...], float], ...]
    dice: tuple[str, ...] = ()
    later: int = 0
    names: tuple[str, ...] = ()

    def probability(self, outcome: tuple[int, ...] | int) -> float:
        """P(``outcome``); an int stands for a one-count outcome ``(int,)``; 0.0 if impossible."""
        key = (outcome,) if isinstance(outcome, int) else tuple(outcome)
        return sum(p for o, p in self.outcomes if o == key)

    def value_name(self, v: int) -> str:
        """Value ``v`` of a count as :meth:`text` shows it: its name in :attr:`names`, else the number."""
        return self.names[v] if 0 <= v < len(self.names) else str(v)

    def text(self) -> str:
        """Lines for a notebook: the label, the dice, then each outcome with its chance (>= 0.05%)."""
        lines = [f"{self.label} ({rule_ref(self.rule)})"] + [f"  {d}" for d in self.dice]
        for o, p in self.outcomes if self.counts else ():
            if p >= 0.0005:
                lines.append("  " + ", ".join(f"{c} = {self.value_name(v)}" for c, v in zip(self.counts, o))
                             + f": {p:.1%}")
        if self.later:
            lines.append(f"  then {self.later} more engagement(s) in the same roll")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return self.text()


def joint_outcomes(pmfs: list[np.ndarray]) -> tuple[tuple[tuple[int, ...], float], ...]:
    """The outcomes of independent counts together: ``((k1, k2, ...), P)`` for every combination
    with P > 0, in lexicographic order."""
    out: list[tuple[tuple[int, ...], float]] = [((), 1.0)]
    for pmf in pmfs:
        out = [(o + (k,), p * float(q)) for o, p in out for k, q in enumerate(pmf) if q > 0]
    return tuple(out)


def p_any(dice: int, die: Die, succeeds: Rule) -> float:
    """Chance at least one of ``dice`` rolls of ``die`` succeeds under ``succeeds``; 0.0 for no dice.

    >>> from lcb_lab.kernel.dice import dN
    >>> p_any(2, dN(20), at_most(10))
    0.75
    """
    return 1.0 - (1.0 - die.chance(succeeds)) ** max(0, dice)


def mixture(branches: Iterable[tuple[float, Iterable[tuple[tuple[int, ...], float]]]]
        ) -> tuple[tuple[tuple[int, ...], float], ...]:
    """Outcomes of a chance step whose parts depend on earlier dice: ``branches`` is
    ``[(probability of the branch, outcomes of the branch)]`` (outcomes as in
    :class:`ChanceStep`); equal outcomes are added up, the result is sorted, impossible
    outcomes left out.  A sure hit half the time, else a coin flip:

    >>> mixture([(0.5, [((1,), 1)]), (0.5, [((0,), 0.5), ((1,), 0.5)])])
    (((0,), 0.25), ((1,), 0.75))
    """
    out: dict[tuple[int, ...], float] = {}
    for w, outcomes in branches:
        for o, p in outcomes:
            if w * p > 0:
                out[o] = out.get(o, 0.0) + w * p
    return tuple(sorted(out.items()))
