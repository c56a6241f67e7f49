"""Exact odds over any die and rule, and LC:B's engagement odds (7.02, 7.57, 4.22).

Game-free part (the kernel): a :class:`~lcb_lab.kernel.dice.Die` and a rule ``succeeds(face)
-> bool`` give one die's success chance (:func:`success_pmf`); ``n`` such dice give
Binomial(n, p) successes (:func:`hits_pmf`); :func:`face_pmf` / :func:`total_pmf` give
a die's value and the sum of several dice (e.g. 2d6, or the 1/2/2/3/3/4 average die);
:func:`sum_pmf` convolves independent counts and :func:`net_damage_pmf` nets one count
against another (``max(0, L - I)``).  Distributions are numpy arrays indexed by the
count or value.  :class:`ChanceStep` is the record of a chance node: what is about to
be rolled and each outcome with its probability (``Game.chance_outcomes()``, and
``Game.chance_outcomes(action)`` for the rolls an act would make); :func:`p_any` (at least
one success) and :func:`mixture` (outcomes that depend on earlier dice) build them.

LC:B's use (7.02): a d20 succeeds on a roll <= CV, so one die hits with ``p = CV/20``
clipped to [0, 1] -- :func:`at_most` over :data:`~lcb_lab.kernel.dice.D20`, the default die
and rule of :func:`p_success` and :func:`hits_pmf`.  Damage to one LRS target is
``max(0, LRS hits - INTERCEPT hits)`` (7.57): :func:`engagement_odds`.

Which rolls are explicit chance steps and which stay inline: see :mod:`lcb_lab.kernel.dice`.
"""
from __future__ import annotations

from dataclasses import dataclass
from math import comb
from typing import Callable

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
    """P(damage = d) where damage = max(0, L - I) (7.57).

    P(L - I = d) = sum_i P(L = i + d) P(I = i): one convolution with the
    reversed INTERCEPT distribution; d <= 0 collapses into "no damage".
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


def mixture(branches) -> tuple[tuple[tuple[int, ...], float], ...]:
    """Outcomes of a chance step whose parts depend on earlier dice: ``branches`` is
    ``[(probability of the branch, outcomes of the branch)]`` (outcomes as in
    :class:`ChanceStep`); equal outcomes are added up, the result is sorted, impossible
    outcomes left out."""
    out: dict[tuple[int, ...], float] = {}
    for w, outcomes in branches:
        for o, p in outcomes:
            if w * p > 0:
                out[o] = out.get(o, 0.0) + w * p
    return tuple(sorted(out.items()))


@dataclass(frozen=True)
class EngagementOdds:
    """Odds for one target: distributions and the chance to destroy it."""

    lrs_hits: tuple[float, ...]
    intercept_hits: tuple[float, ...]
    damage: tuple[float, ...]      # HP lost, 0..hp: hits beyond the target's HP are lost (7.05)
    hp: int
    p_destroy: float
    expected_damage: float         # expected HP lost (at most hp)

    def summary(self) -> str:
        """One line, e.g. ``"P(at least 1 HP) 72.1%, P(destroyed) 31.0%, expected HP lost 1.24"``."""
        p_any = 1.0 - self.damage[0] if self.damage else 0.0
        return (f"P(at least 1 HP) {p_any:.1%}, P(destroyed) {self.p_destroy:.1%}, "
                f"expected HP lost {self.expected_damage:.2f} of {self.hp}")

    def distribution_text(self) -> str:
        """``"LRS hits 0:1% 1:9% ...; HP lost 0:47% 1:27% ..."`` (outcomes under 0.5% left out)."""
        def fmt(pmf):
            return " ".join(f"{k}:{p:.0%}" for k, p in enumerate(pmf) if p >= 0.005)
        out = f"LRS hits {fmt(self.lrs_hits)}"
        if len(self.intercept_hits) > 1:
            out += f"; INTERCEPT hits {fmt(self.intercept_hits)}"
        return out + f"; HP lost {fmt(self.damage)}"


def engagement_odds(shots: list[tuple[int, int]], intercepts: list[tuple[int, int]],
                    hp: int, mildec: int = 0,
                    unstoppable: list[tuple[int, int]] = (),
                    answered: list[tuple[list[tuple[int, int]], list[tuple[int, int]]]] = (),
                    die: Die = D20, rule: Callable[[int], Rule] = at_most) -> EngagementOdds:
    """Exact odds for one target.

    Args:
        shots: ``(dice, cv)`` per attacking CV that INTERCEPT can negate (after modifiers).
        intercepts: ``(dice, cv)`` per intercepting CV (after modifiers).
        hp: the target's remaining HP.
        mildec: MILDECs the defender would spend absorbing 1 HP each (4.22).
        unstoppable: ``(dice, cv)`` of attacks INTERCEPT cannot touch
            (cannon artillery, 7.52; GROUND ASSAULT, 7.1).
        answered: per LRS attack answered by name (7.54), ``(shots, intercepts)``: that
            attack's hits are netted against those intercepts first; what gets through
            joins ``shots`` before ``intercepts`` (which answer every attack) are netted.
        die, rule: the die rolled and the success rule of a CV (LC:B: the d20 hits on a roll
            <= CV, 7.01, 7.02).
    """
    def hits(n, cv):
        return hits_pmf(n, cv, die, rule(cv))

    def pmf(pairs):
        return sum_pmf(*(hits(n, cv) for n, cv in pairs)) if pairs else np.array([1.0])
    through = [net_damage_pmf(pmf(s), pmf(i)) for s, i in answered]
    lrs = sum_pmf(pmf(shots), *through)
    itc = pmf(intercepts)
    dmg = net_damage_pmf(lrs, itc)
    if unstoppable:
        dmg = sum_pmf(dmg, *(hits(n, cv) for n, cv in unstoppable))
    need = hp + mildec
    p_destroy = float(dmg[need:].sum()) if need < len(dmg) else 0.0
    # net hits -> HP actually lost: MILDECs absorb first, extra hits on a destroyed target are lost
    lost = np.zeros(hp + 1)
    for k, p in enumerate(dmg):
        lost[min(max(k - mildec, 0), hp)] += p
    exp = float(np.dot(np.arange(hp + 1), lost))
    if answered:   # report the raw totals of every LRS and INTERCEPT die
        lrs = pmf(list(shots) + [p for s, _ in answered for p in s])
        itc = pmf(list(intercepts) + [p for _, i in answered for p in i])
    return EngagementOdds(tuple(map(float, lrs)), tuple(map(float, itc)), tuple(map(float, lost)),
                          hp, p_destroy, exp)
