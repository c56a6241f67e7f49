"""LRS on a revealed card marker (12.24, 13.26, 13.43), and the INTERCEPT defending a transport marker.

Part of the combat sequence (:mod:`lcb_lab.games.lcb.rules.combat.sequence` resolves each LRS engagement
whose target is a card marker here): each shooter rolls its dice at the marker (7.4 modifiers:
naval, a SOF marker ashore); a revealed landing-craft / transport marker may be defended by
INTERCEPT like any LRS target (12.24 with 7.52, 7.53: its hex is the target hex), the
successes netting the hits as on a unit (7.57), exact odds logged first; the net hits go to the
marker (:func:`lcb_lab.games.lcb.rules.transport.exposed.lrs_hit`, a naval ISR marker's or a SOF
marker's own rule otherwise).
"""
from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING

from lcb_lab.games.lcb import die as lcb_die
from lcb_lab.games.lcb import plain
from lcb_lab.games.lcb.model.state import CombatPlan, CombatResult, Engagement
from lcb_lab.games.lcb.rules.combat.intercept import interceptable_marker, odds_groups
from lcb_lab.games.lcb.rules.combat.network import apply, lrs_modifiers, network_modifiers
from lcb_lab.games.lcb.rules.common import Ctx
from lcb_lab.games.lcb.rules.optional import ciws
from lcb_lab.kernel import explain

if TYPE_CHECKING:
    from lcb_lab.games.lcb.rules.combat.odds import EngagementOdds  # noqa: F401 - marker_odds' return annotation

DIE = lcb_die.DIE
HITS = lcb_die.hits_on


def cv_of(ctx: Ctx, uid: str, slot: str, mods: list) -> tuple[int, int]:
    """``(base CV, CV after mods)`` of unit ``uid``'s value ``slot`` (7.02; the optional CIWS
    slot reads CV 4, 7.514)."""
    base = ciws.CV if slot == ciws.SLOT else ctx.cv(ctx.state.units[uid], slot).value
    return base, apply(base, mods)


def marker_shots(ctx: Ctx, plan: CombatPlan, target: str) -> list[tuple]:
    """The LRS attacks on card marker ``target``, changing nothing: ``(alloc, shooter unit, base CV,
    modifiers, CV)`` each (7.4 modifiers: naval, a SOF marker ashore); CV None when the marker is
    gone (its dice are rolled and lost, 7.05)."""
    m = ctx.state.card_markers.get(target)
    out = []
    for a in plan.lrs:
        if a["target"] != target:
            continue
        s = ctx.state.units[a["shooter"]]
        if m is None:
            out.append((a, s, None, [], None))
            continue
        mods = lrs_modifiers(ctx.state, ctx.board, s.team, m.hex, m.kind != "sof", s.hex)   # a SOF marker: ashore; 7.41 from a zone
        base, cv = cv_of(ctx, s.uid, a["slot"], mods)
        out.append((a, s, base, mods, cv))
    return out


def marker_ints(ctx: Ctx, plan: CombatPlan, target: str) -> list[tuple]:
    """The INTERCEPT allocations defending card marker ``target`` (12.24 with 7.53), changing
    nothing: ``(alloc, base CV, modifiers, CV)`` each (the Tactical Network modifier, 7.62)."""
    out = []
    for a in plan.intercepts:
        if a["target"] == target:
            u = ctx.state.units[a["interceptor"]]
            mods = network_modifiers(ctx.state, u.team)
            base, cv = cv_of(ctx, u.uid, a["slot"], mods)
            out.append((a, base, mods, cv))
    return out


def marker_odds(ctx: Ctx, plan: CombatPlan, target: str) -> "EngagementOdds":
    """Exact odds of the net hits on card marker ``target`` (:func:`marker_shots` less
    :func:`marker_ints`, netted as on a unit, 7.57); ``damage[k]``: P(k net hits)."""
    from lcb_lab.games.lcb.rules.combat.odds import engagement_odds
    shots = [x for x in marker_shots(ctx, plan, target) if x[4] is not None]
    stoppable = [(a["shooter"], a["dice"], cv) for a, _, _, _, cv in shots]
    free, pooled, answered = odds_groups(stoppable, [(a.get("shooter"), a["dice"], cv)
                                                     for a, _, _, cv in marker_ints(ctx, plan, target)])
    most = max(1, sum(a["dice"] for a, _, _, _, _ in shots))
    return engagement_odds(free, pooled, most, answered=answered, die=DIE, rule=HITS)


def lrs_on_marker(ctx: Ctx, plan: CombatPlan, eng: Engagement) -> bool:
    """LRS on a revealed card marker (12.24: a landing craft's; naval, 7.4 modifiers): exact odds
    first (a transport marker), each shooter rolls its dice, then the INTERCEPT dice defending a transport marker
    (7.53, 7.57: its successes cancel hits as on a unit); the net hits go to the marker
    (:func:`lcb_lab.games.lcb.rules.transport.exposed.lrs_hit`: discarded with its cargo at its HP)."""
    from lcb_lab.games.lcb.rules.transport.exposed import lrs_hit
    key = f"lrs:{eng.target}"
    if any(r.key == key for r in plan.results):
        return True
    m = ctx.state.card_markers.get(eng.target)
    if m is not None and interceptable_marker(ctx, m.mid):
        odds = marker_odds(ctx, plan, m.mid)
        ctx.log(explain.step("odds", f"Odds before rolling: LRS on {m.mid}", "net hits: " + ", ".join(
            f"{k} {_pct(p)}" for k, p in enumerate(odds.damage) if p >= 0.0005), ["7.02", "12.24"],
            damage=list(odds.damage)))
    hits_by: dict[str, int] = defaultdict(int)
    for a, s, base, mods, cv in marker_shots(ctx, plan, eng.target):
        if m is None:
            ctx.dice.roll(a["dice"], f"LRS {s.uid}->{eng.target}", DIE)
            continue
        rolls = ctx.dice.roll(a["dice"], f"LRS {s.uid}->{m.mid}", DIE)
        n = sum(r <= cv for r in rolls)
        hits_by[s.uid] += n
        ctx.log(explain.step("lrs_roll", f"LRS: {s.uid} -> {m.mid}", f"{plain.cv_text(base, mods)}; "
                             f"{plain.dice_text(rolls, cv)}", ["7.02", "7.3", "12.24"] + [x[2] for x in mods],
                             base_cv=base, modifiers=mods, cv=cv, dice=rolls, hits=n))
    hits = _marker_intercepts(ctx, plan, m, hits_by) if m is not None else 0
    plan.results.append(CombatResult(key, hits))
    if m is not None and (m.data.get("amphibious") or m.data.get("littoral")):
        lrs_hit(ctx, m.mid, hits, ctx.state.impulse.team)
    elif m is not None:                            # a naval ISR marker (13.26) or a SOF marker (13.43)
        from lcb_lab.games.lcb.rules.markers.isr import on_lrs_hits
        on_lrs_hits(ctx, plan, m, hits)
    return True


def _marker_intercepts(ctx: Ctx, plan: CombatPlan, m, hits_by: dict[str, int]) -> int:
    """Roll the INTERCEPT dice defending transport marker ``m`` (12.24, 7.53) and return the net hits
    (7.57: an allocation naming an attack cancels that attack's hits only)."""
    ints = marker_ints(ctx, plan, m.mid)
    if not ints:
        return sum(hits_by.values())
    int_by: dict[str | None, int] = defaultdict(int)
    for a, base, mods, cv in ints:
        against = a.get("shooter")
        rolls = ctx.dice.roll(a["dice"], f"INTERCEPT {a['interceptor']} for {m.mid}", DIE)
        k = sum(r <= cv for r in rolls)
        int_by[against] += k
        ctx.log(explain.step("intercept_roll", f"INTERCEPT: {a['interceptor']} for {m.mid}",
                             f"{plain.cv_text(base, mods)}; {plain.dice_text(rolls, cv)}",
                             ["7.51", "7.57", "12.24"] + [x[2] for x in mods], base_cv=base, modifiers=mods, cv=cv,
                             dice=rolls, hits=k, shooter=against))
    through = sum(max(0, h - int_by.get(s, 0)) for s, h in hits_by.items())
    net = max(0, through - int_by.get(None, 0))
    total = sum(hits_by.values())
    ctx.log(explain.step("lrs_result", f"Net LRS on {m.mid}", f"{_n(total, 'LRS hit')} - {total - net} intercepted "
                         f"= {net} hit(s) on the marker", ["7.57", "12.24"], net=net))
    return net


def _pct(p: float) -> str:
    return f"{100 * p:.1f}%"




def _n(k: int, word: str) -> str:
    return f"{k} {word}{'' if k == 1 else 's'}"
