"""LC:B's engagement odds: exact odds for one LRS target (7.02, 7.05, 7.52, 7.57, 4.22).

A d20 succeeds on a roll <= CV (7.02); damage to one LRS target is ``max(0, LRS hits -
INTERCEPT hits)`` (7.57), MILDECs absorb first (4.22) and hits beyond the target's HP are lost
(7.05).  Built on the game-free odds of :mod:`lcb_lab.kernel.odds`.
"""
from __future__ import annotations

import functools

from dataclasses import dataclass
from typing import Callable, Sequence

import numpy as np

from lcb_lab.games.lcb.die import DIE, hits_on
from lcb_lab.kernel.dice import Die, Rule
from lcb_lab.kernel.odds import hits_pmf, net_damage_pmf, sum_pmf


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
        """One line, e.g. ``"P(at least 1 HP) 72.1%, P(destroyed) 31.0%, expected HP lost 1.24"``;
        made once per object and kept with it (the object is frozen: the words cannot change, and
        :func:`remembered_odds` hands out the same object for the same engagement)."""
        kept = self.__dict__.get("_summary")
        if kept is None:
            kept = self.__dict__["_summary"] = self.summary_text()
        return kept

    def distribution_text(self) -> str:
        """:meth:`distribution_words`, made once per object and kept with it (as :meth:`summary`)."""
        kept = self.__dict__.get("_distribution")
        if kept is None:
            kept = self.__dict__["_distribution"] = self.distribution_words()
        return kept

    def summary_text(self) -> str:
        """:meth:`summary` made afresh (the plain form its kept words are checked against)."""
        p_any = 1.0 - self.damage[0] if self.damage else 0.0
        return (f"P(at least 1 HP) {p_any:.1%}, P(destroyed) {self.p_destroy:.1%}, "
                f"expected HP lost {self.expected_damage:.2f} of {self.hp}")

    def distribution_words(self) -> str:
        """The three distributions in words (outcomes under 0.5% left out), e.g.
        ``"LRS hits: 0 hits 1%, 1 hit 8%, 2 hits 26%; INTERCEPT hits: 0 hits 13%, 1 hit 35%;
        HP lost: none 29%, 1 HP 28%, 2 HP 43%"`` (the INTERCEPT part only when INTERCEPT dice roll)."""
        out = f"LRS hits: {pmf_words(self.lrs_hits, 'hit', 'hits')}"
        if len(self.intercept_hits) > 1:
            out += f"; INTERCEPT hits: {pmf_words(self.intercept_hits, 'hit', 'hits')}"
        return out + f"; HP lost: {pmf_words(self.damage, 'HP', 'HP', zero='none')}"


def pmf_words(pmf: Sequence[float], one: str, many: str, zero: str | None = None) -> str:
    """A distribution ``pmf[k]`` = P(k) in words, outcomes under 0.5% left out:
    ``pmf_words([.01, .08, .91], "hit", "hits")`` -> ``"0 hits 1%, 1 hit 8%, 2 hits 91%"``;
    ``zero`` names the outcome 0 (``"none"``)."""
    def name(k: int) -> str:
        return zero if k == 0 and zero else f"{k} {one if k == 1 else many}"
    return ", ".join(f"{name(k)} {p:.0%}" for k, p in enumerate(pmf) if p >= 0.005)


def engagement_odds(shots: list[tuple[int, int]], intercepts: list[tuple[int, int]],
                    hp: int, mildec: int = 0,
                    unstoppable: list[tuple[int, int]] = (),
                    answered: list[tuple[list[tuple[int, int]], list[tuple[int, int]]]] = (),
                    die: Die = DIE, rule: Callable[[int], Rule] = hits_on) -> EngagementOdds:
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
    return _odds(shots, intercepts, hp, mildec, unstoppable, answered, lambda n, cv: hits_pmf(n, die, rule(cv)))


def _odds(shots, intercepts, hp: int, mildec: int, unstoppable, answered,
          hits: Callable[[int, int], np.ndarray]) -> EngagementOdds:
    """:func:`engagement_odds` with ``hits(dice, cv)``: the hits distribution of ``dice`` dice at
    ``cv`` (never written to)."""
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


def _plain_key(x):
    """``x`` (ints, lists / tuples of them) as nested tuples, or None when anything in it is not
    exactly an ``int`` (a float or bool CV is computed afresh, never mixed up with an int's)."""
    if type(x) is int:
        return x
    if isinstance(x, (list, tuple)):
        out = []
        for y in x:
            k = _plain_key(y)
            if k is None:
                return None
            out.append(k)
        return tuple(out)
    return None


@functools.lru_cache(maxsize=4096)
def _kept_odds(shots: tuple, intercepts: tuple, hp: int, unstoppable: tuple, answered: tuple, die: Die,
               rule: Callable[[int], Rule]) -> EngagementOdds:
    return _odds(list(shots), list(intercepts), hp, 0, list(unstoppable),
                 [(list(a), list(i)) for a, i in answered], lambda n, cv: _kept_hits(n, cv, die, rule))


@functools.lru_cache(maxsize=1024)
def _kept_hits(n: int, cv: int, die: Die, rule: Callable[[int], Rule]) -> np.ndarray:
    """``hits_pmf(n, die, rule(cv))`` for int dice and CV, made once and kept read-only (the
    engagements :func:`remembered_odds` meets anew share their few (dice, CV) groups)."""
    pmf = hits_pmf(n, die, rule(cv))
    pmf.flags.writeable = False
    return pmf


def remembered_odds(shots: list[tuple[int, int]], intercepts: list[tuple[int, int]], hp: int,
                    unstoppable: list[tuple[int, int]] = (),
                    answered: list[tuple[list[tuple[int, int]], list[tuple[int, int]]]] = (),
                    die: Die = DIE, rule: Callable[[int], Rule] = hits_on) -> EngagementOdds:
    """:func:`engagement_odds` (no MILDEC), remembered by its arguments (``functools.lru_cache``,
    the 4,096 latest): the very same :class:`EngagementOdds` (frozen, its parts tuples) for the same
    dice, CVs and HP -- the combat sequence logs the odds of every engagement it resolves (7.02,
    7.57), and random play meets the same few engagements again and again.  An engagement met
    anew reads each (dice, CV) group's hits distribution from the 1,024 latest made.  Plain
    :func:`engagement_odds` (figure 1's workload) still computes every call."""
    key = _plain_key((shots, intercepts, hp, unstoppable, answered))
    if key is None:
        return engagement_odds(shots, intercepts, hp, unstoppable=unstoppable, answered=answered, die=die, rule=rule)
    return _kept_odds(*key, die, rule)
