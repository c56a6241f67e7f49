"""Exact odds over any die and rule.

A :class:`~lcb_lab.kernel.dice.Die` and a rule ``succeeds(face)
-> bool`` give one die's success chance (:func:`success_pmf`); ``n`` such dice give
Binomial(n, p) successes (:func:`hits_pmf`); :func:`face_pmf` / :func:`total_pmf` give
a die's value and the sum of several dice (e.g. 2d6, or the 1/2/2/3/3/4 average die);
:func:`sum_pmf` convolves independent counts and :func:`net_damage_pmf` nets one count
against another (``max(0, L - I)``).  Distributions are numpy arrays indexed by the
count or value.  :class:`ChanceStep` is the record of a chance node: what is about to
be rolled and each outcome with its probability (``Game.chance_outcomes()``, and
``Game.chance_outcomes(action)`` for the rolls an act would make); :func:`p_any` (at least
one success) and :func:`mixture` (outcomes that depend on earlier dice) build them.

The default die and rule of :func:`p_success` and :func:`hits_pmf` are a d20 succeeding on a
roll <= CV (:func:`at_most` over :data:`~lcb_lab.kernel.dice.D20`); LC:B's engagement odds
built on these are :mod:`lcb_lab.games.lcb.rules.combat.odds`.

Which rolls are explicit chance steps and which stay inline: see :mod:`lcb_lab.kernel.dice`.
"""
from __future__ import annotations

from dataclasses import dataclass
from math import comb
from typing import Iterable

import numpy as np

from lcb_lab.kernel.dice import D20, Die

from lcb_lab.kernel.dice import Rule, at_most  # noqa: F401 - re-exported: the rule type and LC:B's rule (7.02)


def success_pmf(die: Die, succeeds: Rule) -> np.ndarray:
    """``[P(fail), P(success)]`` of one ``die`` under ``succeeds`` (exact: successful faces / faces)."""
    p = die.chance(succeeds)
    return np.array([1.0 - p, p])


def p_success(cv: int, die: Die = D20, succeeds: Rule | None = None) -> float:
    """Chance one ``die`` succeeds: by default a d20 roll <= ``cv`` (7.02; CV below 1 never hits)."""
    return die.chance(succeeds or at_most(cv))


_COMB = [np.array([comb(n, k) for k in range(n + 1)], dtype=float) for n in range(65)]


def binomial_pmf(n: int, p: float) -> np.ndarray:
    """P(successes = k) for k = 0..n: ``n`` independent tries each succeeding with ``p``."""
    k = np.arange(n + 1)
    c = _COMB[n] if n < len(_COMB) else np.array([comb(n, i) for i in k], float)
    with np.errstate(invalid="ignore"):
        pmf = c * np.power(p, k) * np.power(1.0 - p, n - k)
    return np.nan_to_num(pmf)


def hits_pmf(dice: int, cv: int, die: Die = D20, succeeds: Rule | None = None) -> np.ndarray:
    """P(hits = k) for k = 0..dice: ``dice`` of ``die`` under ``succeeds`` (default: a d20
    hits on a roll <= ``cv``, 7.02)."""
    return binomial_pmf(dice, p_success(cv, die, succeeds))


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


def net_damage_pmf(lrs: np.ndarray, intercept: np.ndarray) -> np.ndarray:
    """P(damage = d) where damage = max(0, L - I): one count netted against another
    (LC:B: LRS hits against INTERCEPT hits, 7.57).

    P(L - I = d) = sum_i P(L = i + d) P(I = i): one convolution with the
    reversed second distribution; d <= 0 collapses into "no damage".
    """
    m = len(intercept) - 1
    diff = np.convolve(lrs, intercept[::-1])     # index d + m  <->  L - I = d
    out = np.zeros(len(lrs))
    out[1:] = diff[m + 1: m + len(lrs)]
    out[0] = max(0.0, 1.0 - out[1:].sum())
    return out


@dataclass(frozen=True)
class ChanceStep:
    """A chance node: what is about to be rolled and what can come of it.

    ``label``: one line, e.g. ``"LRS on 1 Anna (2 HP)"``; ``rule``: the rule number that
    rolls; ``counts``: what each outcome counts, e.g. ``("HP lost by 1 Anna",)``;
    ``outcomes``: ``((outcome, probability), ...)``, an outcome being a tuple of ints (one per
    ``counts``), probabilities summing to 1, impossible outcomes left out; ``dice``: one line per
    roll (``"4 d20 hitting on 14 or less: LRS DDG-51"``); ``later``: how many more chance steps
    the same move rolls after this one (they depend on this one's outcome).
    """

    label: str
    rule: str
    counts: tuple[str, ...]
    outcomes: tuple[tuple[tuple[int, ...], float], ...]
    dice: tuple[str, ...] = ()
    later: int = 0

    def probability(self, outcome: tuple[int, ...] | int) -> float:
        """P(``outcome``); an int stands for a one-count outcome ``(int,)``; 0.0 if impossible."""
        key = (outcome,) if isinstance(outcome, int) else tuple(outcome)
        return sum(p for o, p in self.outcomes if o == key)

    def text(self) -> str:
        """Lines for a notebook: the label, the dice, then each outcome with its chance (>= 0.05%)."""
        lines = [f"{self.label} (rule {self.rule})"] + [f"  {d}" for d in self.dice]
        for o, p in self.outcomes if self.counts else ():
            if p >= 0.0005:
                lines.append("  " + ", ".join(f"{c} = {v}" for c, v in zip(self.counts, o)) + f": {p:.1%}")
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


def p_any(dice: int, cv: int, die: Die = D20, succeeds: Rule | None = None) -> float:
    """Chance at least one of ``dice`` succeeds (by default a d20 roll <= ``cv``, 7.02); 0.0 for
    no dice.  E.g. ``p_any(2, 10) == 0.75``."""
    return 1.0 - (1.0 - p_success(cv, die, succeeds)) ** max(0, dice)


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
