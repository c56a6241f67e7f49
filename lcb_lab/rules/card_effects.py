"""The registry of card effect functions (9.0, 9.013): a card's effect is data naming one of these.

A card type's :class:`lcb_lab.cards.Effect` names ``fn`` (a key of :data:`EFFECTS`) and gives
its ``args``; :func:`run` calls the function with the link of the chain being resolved.  Each
function applies the effect to ``ctx.state`` and logs it with its rules, or raises
IllegalAction naming the rule (the act is then refused and nothing changes).

An effect function: ``fn(ctx, link, card, effect) -> bool`` -- True when it succeeded (a
success of a cyber / EMS card adds the 7.61 cube, counted by :mod:`lcb_lab.rules.jcc`).
"""
from __future__ import annotations

from typing import Callable

from .. import explain
from ..cards import CardType, Effect
from ..errors import IllegalAction
from ..state import CardPlay
from .common import Ctx, living_unit, names
from .conceal import reveal as _reveal

EffectFn = Callable[[Ctx, CardPlay, CardType, Effect], bool]
EFFECTS: dict[str, EffectFn] = {}
"""Effect name -> function (see the module doc)."""


def effect(name: str) -> Callable[[EffectFn], EffectFn]:
    """Register an effect function under ``name``."""
    def deco(fn: EffectFn) -> EffectFn:
        EFFECTS[name] = fn
        return fn
    return deco


def roll(ctx: Ctx, link: CardPlay, eff: Effect, purpose: str) -> bool:
    """Roll the effect's ``dice`` d20 against ``succeeds_on`` (no roll when None: success);
    a success is any die <= the value. Records the rolls on the link."""
    if eff.succeeds_on is None:
        return True
    rolls = ctx.dice.roll(eff.dice, purpose)
    link.rolls[purpose] = list(rolls)
    return any(r <= eff.succeeds_on for r in rolls)


def run(ctx: Ctx, link: CardPlay) -> bool:
    """Carry out the effect of ``link`` (its card's option). Returns its success."""
    card = ctx.card(link.card)
    ct = ctx.ctype(card)
    eff = ct.effect(link.option)
    fn = EFFECTS.get(eff.fn)
    if fn is None:
        raise IllegalAction("9.0", f"{ct.name}: unknown effect function {eff.fn!r}")
    return fn(ctx, link, ct, eff)


def _target_units(ctx: Ctx, link: CardPlay, rule: str) -> list:
    return [living_unit(ctx, u, rule) for u in link.targets]


@effect("reveal")
def reveal(ctx: Ctx, link: CardPlay, ct: CardType, eff: Effect) -> bool:
    """Roll, then reveal the target units (6.13: cards reveal units)."""
    units = _target_units(ctx, link, "6.13")
    if not roll(ctx, link, eff, f"{ct.name}: effect"):
        ctx.log(explain.step("card", f"{ct.name} fails", f"rolled {link.rolls} against {eff.succeeds_on}",
                             ["9.0"]), team=link.team)
        return False
    _reveal(ctx, units, f"revealed by {ct.name}", ["6.13", "9.0"])
    return True


@effect("reveal_paralyse")
def reveal_paralyse(ctx: Ctx, link: CardPlay, ct: CardType, eff: Effect) -> bool:
    """Roll, then reveal the target units; they may not act for the rest of the turn (no
    Core Action, no INTERCEPT)."""
    if not reveal(ctx, link, ct, eff):
        return False
    units = _target_units(ctx, link, "9.0")
    for u in units:
        u.paralysed = True
    ctx.log(explain.step("effect", f"{names(units)} may not act this turn",
                         f"{ct.name}: no Core Action and no INTERCEPT for the rest of the turn", ["9.0"]))
    return True
