"""The defender's answers to a committed combat's choices, recorded in its plan (7.54, 7.13, 4.22;
optional 17.33, 17.41), and the small helpers the commitment shares with them: reveal each unit
once, spend supply, log an allocation line.

:func:`lcb_lab.games.lcb.rules.combat.sequence.answer` checks the pending choice and calls the
recorder of its class (:data:`_ANSWERS`).
"""
from __future__ import annotations

from typing import Callable

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.choices import GaDefenseChoice, InterceptChoice, MildecChoice
from lcb_lab.games.lcb.model.state import CombatPlan, Unit
from lcb_lab.games.lcb.rules.cards import cvs as card_cvs
from lcb_lab.games.lcb.rules.combat import ground_assault as ga_rules
from lcb_lab.games.lcb.rules.combat.intercept import validate_intercepts
from lcb_lab.games.lcb.rules.common import Ctx, slot_text
from lcb_lab.games.lcb.rules.movement.conceal import reveal
from lcb_lab.kernel import explain
from lcb_lab.kernel.errors import IllegalAction


def _uniq(units: list[Unit]) -> list[Unit]:
    seen, out = set(), []
    for u in units:
        if u.uid not in seen:
            seen.add(u.uid)
            out.append(u)
    return out


def _spend(ctx: Ctx, allocs: list[dict], who: str, slot_key: str, rule: str) -> None:
    for a in allocs:   # a unit's own slot or an Attached card's (9.33)
        card_cvs.spend(ctx, ctx.state.units[a[who]], a[slot_key], a["dice"])


def _log_slot(ctx: Ctx, title: str, text: str, rules: list[str], a: dict, team: str) -> None:
    """An allocation line; an Attached card's slot ``"<cid>:<slot>"`` names its card, which the
    other team may not know (9.02): it reads the same line without the facts."""
    card = {"team": team, "about": {"card": a["slot"].rsplit(":", 1)[0]}, "public_title": title,
            "public_text": text} if ":" in a["slot"] else {}
    ctx.log(explain.step("allocate", title, text, rules, **a), **card)


def _answer_intercept(ctx: Ctx, plan: CombatPlan, d: InterceptChoice, value: A.AnswerIntercept) -> None:
    """INTERCEPT dice (7.54, 7.58): checked, the interceptors revealed (7.511), the supply spent.

    Answered in the very act that committed the combat (the auto policies), the interceptors
    its choice judged are not judged again: between the two only the attackers' side changes
    (reveals, supply, a submarine's marker: nothing :func:`~lcb_lab.games.lcb.rules.combat.intercept.interceptor_options`
    reads), and the commitment's context holds them for that choice only (``intercept_judged``)."""
    allocs = [_int_alloc(a) for a in value.intercepts]
    seed = ctx.intercept_judged
    if seed is not None:
        ctx.intercept_judged = None
    validate_intercepts(ctx, allocs, plan.lrs + plan.card_lrs, d.team,
                        seed[1] if seed is not None and seed[0] is d.options else None)
    users = [ctx.state.units[a["interceptor"]] for a in allocs]
    reveal(ctx, _uniq(users), "units that attempt INTERCEPT reveal themselves", ["7.511"])
    _spend(ctx, allocs, "interceptor", "slot", "7.58")
    for a in allocs:
        against = f" against {a['shooter']}" if "shooter" in a else ""
        ciws = a["slot"] == "CIWS"                # 7.514: the close-in weapon system spends nothing
        spent = "the CIWS spends no supply (7.514)" if ciws else "INTERCEPT supply is spent even if unused"
        _log_slot(ctx, f"INTERCEPT allocated: {a['interceptor']} for {a['target']}{against}",
                  f"{a['dice']} {slot_text(a['slot'])} dice; {spent}",
                  ["7.54", "7.514"] if ciws else ["7.54", "7.58"], a, d.team)
    if not allocs:
        ctx.log(explain.step("decision", f"{d.team} does not intercept", "no INTERCEPT dice allocated",
                             ["7.52"]))
    plan.intercepts = allocs


def _answer_defense(ctx: Ctx, plan: CombatPlan, d: GaDefenseChoice, value: A.AnswerDefense) -> None:
    """GROUND ASSAULT defense dice of the choice's hex (7.13, 7.15)."""
    allocs = [{"defender": a.defender, "target": a.target, "dice": int(a.dice)} for a in value.defence]
    ga_rules.validate_defense(ctx, allocs, d.options.hex, d.team)
    _spend(ctx, [dict(a, slot=ga_rules.defense_slot(ctx, ctx.state.units[a["defender"]])) for a in allocs],
           "defender", "slot", "7.15")
    plan.ga_defence[d.options.hex] = allocs
    ctx.log(explain.step("allocate", f"GA defense in {d.options.hex}",
                         ", ".join(f"{a['defender']} {a['dice']} dice at {a['target']}" for a in allocs)
                         or "no defensive fire", ["7.13", "7.14"]))


def _answer_mildec(ctx: Ctx, plan: CombatPlan, d: MildecChoice, value: A.AnswerMildec) -> None:
    """HP the MILDECs absorb (4.22): 0 up to the damage and the MILDECs in the hex."""
    n = int(value.absorb)
    if not 0 <= n <= d.most:
        raise IllegalAction("4.22", f"can absorb 0..{d.most} HP with MILDECs here")
    plan.mildec[d.options.key] = n


_ANSWERS: dict[type, Callable[..., None]] = {InterceptChoice: _answer_intercept, GaDefenseChoice: _answer_defense,
                                             MildecChoice: _answer_mildec}
"""Combat choice class -> the rule that records its answer."""


def _int_alloc(a: A.Intercept) -> dict:
    """The plan's INTERCEPT allocation ``{interceptor, slot, target, dice[, shooter]}`` of a typed
    one; ``shooter`` kept only when it names an attack."""
    out = {"interceptor": a.interceptor, "slot": a.slot, "target": a.target, "dice": int(a.dice)}
    if a.shooter is not None:
        out["shooter"] = a.shooter
    return out
