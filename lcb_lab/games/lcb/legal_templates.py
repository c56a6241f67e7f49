"""LC:B's :class:`Template` (a family of legal actions too large to list) and how it makes one
action of each kind from its parts: a declaration within the AP (3.31), a combat commitment
(7.03), an INTERCEPT or GA defense answer (7.52, 7.13), a card-response answer (9.41-9.46), a
RESUPPLY's grants (8.0), a card play.  :func:`sample_and_apply` draws and applies one in a single
run of each candidate.  The templates themselves are listed by :mod:`lcb_lab.games.lcb.legal`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

import numpy as np

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.legal_trial import apply_if_legal, trial
from lcb_lab.kernel import legal as kernel_legal


@dataclass(frozen=True)
class Template(kernel_legal.Template):
    """A family of legal actions too large to list (:class:`lcb_lab.kernel.legal.Template`):
    ``kind`` names the action it makes, ``options`` the parts one may combine (each legal on
    its own), ``limits`` the bounds (``{"ap": 3}``; ``{"max_dice": {"DDG-51/LRS1": 4}}``;
    ``{"base": [...]}`` for parts that must be included, e.g. a compulsory Continuing Combat
    assault, 7.22)."""

    def __str__(self) -> str:
        """Short form for print: ``Template(answer: Intercept(...); limits max_dice 1 Kilo/INT1 8, ...)``."""
        from lcb_lab.games.lcb.plain import plain
        opts = "; ".join(str(o) for o in self.options)
        return f"Template({self.kind}: {opts or 'no options'}" + (f"; limits {plain(self.limits)})" if self.limits else ")")

    def make(self, rng: np.random.Generator, option: Any | None) -> A.Action:
        """One candidate: a random combination (``option`` None) or the one ``option``."""
        return _MAKERS[self.kind](self, rng, option)

    def sample(self, rng: np.random.Generator) -> A.Action:
        """A random legal action of this family (tried on the game; falls back to one option)."""
        return self.draw(rng, trial)


def sample_and_apply(t: Template, rng: np.random.Generator) -> A.Action:
    """``t.game.apply(t.sample(rng))`` with the same random draws and result, but each
    candidate is run once (:func:`apply_if_legal`) instead of tried then applied again.
    Returns the action applied; the fallback option is applied with ``Game.apply``
    (IllegalAction if even it is refused)."""
    applied: list = []

    def accept(game, a) -> bool:
        ok = apply_if_legal(game, a)
        if ok:
            applied.append(a)
        return ok

    a = t.draw(rng, accept)
    if not applied:
        t.game.apply(a)
    return a


# ---------------------------------------------------------------- declarations
def _make_declare(t: Template, rng, one) -> A.Declare:
    if one is not None:
        return A.Declare((one,))
    return draw_declaration(t.options, t.limits["ap"], rng)


def draw_declaration(options: Sequence[A.CoreAction], ap: int, rng: np.random.Generator,
                     legal: Callable[[int], bool] | None = None,
                     parts: Sequence[tuple[int, frozenset]] | None = None) -> A.Declare:
    """A random combination of the single Core Actions ``options`` within ``ap``: each option
    in a random order is taken with probability 0.7 when its AP and units are free and, when
    ``legal`` is given, ``legal(i)`` (asked only then) says option ``i`` is legal.  ``parts``:
    :func:`declaration_parts` of ``options`` when the caller draws from them many times."""
    if parts is None:
        parts = declaration_parts(options)
    picked, used = [], set()
    for i in rng.permutation(len(options)).tolist():
        cost, keys = parts[i]
        if cost > ap:
            continue
        if not keys & used and rng.random() < 0.7 and (legal is None or legal(i)):
            picked.append(options[i])
            used |= keys
            ap -= cost
    return A.Declare(tuple(picked))


def declaration_parts(options: Sequence[A.CoreAction]) -> list[tuple[int, frozenset]]:
    """``(AP cost, what it takes)`` of each single Core Action (3.34, 7.61): its units, MILDECs,
    ``"jcc:<name>"``, and ``"network_repair"`` for the Tactical Network repair."""
    out = []
    for c in options:
        keys = set(c.units) | set(c.markers) | ({f"jcc:{c.jcc}"} if c.jcc else set())
        if c.kind == "network_repair":
            keys.add("network_repair")
        out.append((2 if c.kind == "network_repair" else 1, frozenset(keys)))
    return out


# ---------------------------------------------------------------- combat
def _key(o) -> str:
    return f"{o.attacker}/GA" if isinstance(o, A.GroundAssault) else f"{o.shooter}/{o.slot}"


def _commit(parts: list) -> A.CommitCombat:
    return A.CommitCombat(tuple(p for p in parts if isinstance(p, A.LrsAttack)),
                          tuple(p for p in parts if isinstance(p, A.GroundAssault)))


def _make_commit(t: Template, rng, one) -> A.CommitCombat:
    base, limits = list(t.limits["base"]), t.limits["max_dice"]
    busy = {p.attacker for p in base}
    if one is not None:
        return _commit(base + [one])
    picked = []
    for i in rng.permutation(len(t.options)):
        o = t.options[int(i)]
        who = o.attacker if isinstance(o, A.GroundAssault) else o.shooter
        if who in busy or rng.random() < 0.4:
            continue
        busy.add(who)
        n = int(rng.integers(1, max(1, min(limits[_key(o)], 4)) + 1))
        picked.append(A.GroundAssault(o.attacker, o.target, n) if isinstance(o, A.GroundAssault)
                      else A.LrsAttack(o.shooter, o.slot, o.target, n))
    if not picked and not base and t.options:
        picked = [t.options[int(rng.integers(len(t.options)))]]
    return _commit(base + picked)


# ---------------------------------------------------------------- answers
def _akey(o) -> str:
    return f"{o.interceptor}/{o.slot}" if isinstance(o, A.Intercept) else f"{o.defender}/GA"


def _answer(parts: list) -> A.Answer:
    """The INTERCEPT or GA defense answer of a template's picked parts (all of one kind;
    none: the bare answer that declines, as listed)."""
    if not parts:
        return A.Answer()
    if isinstance(parts[0], A.Defense):
        return A.AnswerDefense(tuple(parts))
    return A.AnswerIntercept(tuple(parts))


def _make_answer(t: Template, rng, one) -> A.Answer:
    if one is not None:
        return _answer([one])
    picked, left = [], dict(t.limits["max_dice"])
    for i in rng.permutation(len(t.options)):
        o = t.options[int(i)]
        k = _akey(o)
        if left.get(k, 0) <= 0 or rng.random() < 0.5 or any(_akey(p) == k for p in picked):
            continue
        n = int(rng.integers(1, left[k] + 1))
        left[k] -= n
        picked.append(A.Intercept(o.interceptor, o.slot, o.target, n) if isinstance(o, A.Intercept)
                      else A.Defense(o.defender, o.target, n))
    return _answer(picked)


def _card_answer(parts: list) -> A.Answer:
    return A.AnswerCards(responses=tuple(p for p in parts if isinstance(p, A.Response)),
                    card_intercepts=tuple(p for p in parts if isinstance(p, A.CardIntercept)))


def _make_card_answer(t: Template, rng, one) -> A.Answer:
    if one is not None:
        return _card_answer([one])
    picked, cards, units, paid, left = [], set(), set(), set(), dict(t.limits["max_dice"])
    for i in rng.permutation(len(t.options)):
        o = t.options[int(i)]
        if rng.random() < 0.5:
            continue
        if isinstance(o, A.Response):
            if o.card in cards or (o.action is not None and o.action in paid):
                continue
            cards.add(o.card)
            paid.add(o.action)
            picked.append(o)
        else:
            k = f"{o.interceptor}/{o.slot}"
            if o.interceptor in units or left.get(k, 0) <= 0:
                continue
            units.add(o.interceptor)
            n = int(rng.integers(1, min(left[k], 4) + 1))
            left[k] -= n
            picked.append(A.CardIntercept(o.interceptor, o.slot, n, to=o.to))
    return _card_answer(picked)


# ---------------------------------------------------------------- resupply and cards
def _make_resupply(t: Template, rng, one) -> A.Resupply:
    if one is not None:
        return one
    budget = t.limits["rp"]
    grants = []
    for i in rng.permutation(len(t.options)):
        g = t.options[int(i)].grants[0]
        if budget <= 0 or rng.random() < 0.5 or any(x.unit == g.unit for x in grants):
            continue
        n = int(rng.integers(1, budget + 1))
        grants.append(A.Grant(g.unit, g.slot, n))
        budget -= n
    first = t.options[0]
    return A.Resupply(first.action, first.logistics, first.rv_slot, tuple(grants) or first.grants)


def _make_play(t: Template, rng, one) -> A.PlayCard:
    return one if one is not None else t.options[int(rng.integers(len(t.options)))]


_MAKERS = {"play_card": _make_play, "declare": _make_declare, "commit_combat": _make_commit, "answer": _make_answer,
           "resupply": _make_resupply, "answer_cards": _make_card_answer}
