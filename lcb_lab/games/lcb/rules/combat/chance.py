"""Committed combat as a chance step: what the next engagement can roll, and how likely (7.010).

While ``Game.to_act() == "chance"`` the committed combat waits for its dice;
:class:`~lcb_lab.games.lcb.actions.ResolveCombat` is chance's move.  :func:`chance_step` describes the
first engagement not yet rolled (7.03: one hex at a time, LRS before GROUND ASSAULT) as a
:class:`~lcb_lab.kernel.odds.ChanceStep`: its dice and each outcome with its exact probability,
computed from the same allocations, modifiers and die the roll uses (:func:`sequence.lrs_setup`,
:func:`sequence.ga_setup`, :func:`on_marker.marker_shots`), so nothing is drawn and the draws of
the roll itself are unchanged.  Outcomes:

* LRS on a unit: HP lost by the target, 0..HP (7.57 netting, 7.05: extra hits are lost),
  before any MILDEC absorbs (4.22, asked after the roll) -- ``engagement_odds(...).damage``;
* LRS on a card marker: the hits it takes (12.24, 13.26, 13.43), net of the INTERCEPT dice
  defending a transport marker (12.24 with 7.53, 7.57);
* GROUND ASSAULT in a hex: HP lost by each unit fired at (both sides at once, 7.15; SOF
  markers defend, 13.41), GA hits on each marker -- one joint outcome per combination;
* NAVAL GUNFIRE in a hex (optional 17.33): the same, for the gun exchange (and its counterfire, 17.41).

The later engagements of the same ResolveCombat follow from this one (a destroyed target,
the Combined Arms +2 of 7.17, a MILDEC choice): ``later`` counts them.
"""
from __future__ import annotations

from lcb_lab.games.lcb.rules.combat.odds import engagement_odds
from lcb_lab.kernel.odds import ChanceStep, hits_pmf, joint_outcomes, sum_pmf
from lcb_lab.games.lcb.model.state import CombatPlan, Engagement
from lcb_lab.games.lcb.rules.combat import on_marker, sequence
from lcb_lab.games.lcb.rules.combat.sequence import DIE, HITS
from lcb_lab.games.lcb.rules.common import Ctx
from lcb_lab.games.lcb.rules.optional import naval_gunfire as gunfire


def chance_step(ctx: Ctx) -> ChanceStep:
    """The next engagement's dice and outcomes (module doc); for a committed combat that waits for
    its roll (``Game.chance_outcomes`` checks ``to_act() == "chance"`` first)."""
    plan = ctx.state.impulse.combat
    todo = [e for e in plan.engagements[plan.cursor:] if not _rolled(plan, e)]
    if not todo:
        return ChanceStep("No dice left to roll: the damage already rolled is applied", "7.010", (),
                          (((), 1.0),))
    eng, later = todo[0], len(todo) - 1
    if eng.type == "ga":
        return _ga(ctx, plan, eng, later)
    if eng.type == "gunfire":
        return _gunfire(ctx, plan, eng, later)
    if eng.target in ctx.state.units:
        return _lrs(ctx, plan, eng, later)
    return _marker(ctx, plan, eng, later)


def marker_targets(ctx: Ctx) -> list[str]:
    """The card markers the engagements not yet rolled fire at (LRS on a marker, 12.24; GROUND
    ASSAULT hits on a marker, 7.15), in the order they roll: a Proxy Force among them rolls for
    the Influence Meter if destroyed (13.13, :mod:`lcb_lab.games.lcb.chance`)."""
    plan = ctx.state.impulse.combat
    out: list[str] = []
    for eng in plan.engagements[plan.cursor:]:
        if _rolled(plan, eng):
            continue
        hit = (list(sequence.ga_setup(ctx, plan, eng.hex)[1]) if eng.type == "ga" else
               list(gunfire.setup(ctx, plan, eng.hex)[1]) if eng.type == "gunfire" else [eng.target])
        out += [t for t in hit if t in ctx.state.card_markers and t not in out]
    return out


def _rolled(plan: CombatPlan, eng: Engagement) -> bool:
    key = {"ga": f"ga:{eng.hex}", "gunfire": f"gun:{eng.hex}"}.get(eng.type, f"lrs:{eng.target}")
    return any(r.key == key for r in plan.results)


def _line(dice: int, cv: int | None, what: str) -> str:
    at = f" hitting on {cv} or less" if cv is not None else " (target gone: lost)"
    return f"{dice} {DIE}{at}: {what}"


def _lrs(ctx: Ctx, plan: CombatPlan, eng: Engagement, later: int) -> ChanceStep:
    tgt = ctx.state.units[eng.target]
    counts = (f"HP lost by {tgt.uid}",)
    if tgt.destroyed:
        return ChanceStep(f"LRS on {tgt.uid}: already destroyed, its dice are lost", "7.05", counts,
                          (((0,), 1.0),), later=later)
    shots, ints, odds = sequence.lrs_setup(ctx, plan, tgt)
    dice = tuple(_line(a["dice"], cv, f"LRS {a.get('name', a['shooter'])}") for a, _, _, cv, _ in shots) + tuple(
        _line(a["dice"], cv, f"INTERCEPT {a['interceptor']}" + (f" against {a['shooter']}" if a.get("shooter") else ""))
        for a, _, _, cv in ints)
    outcomes = tuple(((k,), p) for k, p in enumerate(odds.damage) if p > 0)
    return ChanceStep(f"LRS on {tgt.uid} ({tgt.hp} HP)", "7.57", counts, outcomes, dice, later)


def _marker(ctx: Ctx, plan: CombatPlan, eng: Engagement, later: int) -> ChanceStep:
    shots = on_marker.marker_shots(ctx, plan, eng.target)
    ints = on_marker.marker_ints(ctx, plan, eng.target) if eng.target in ctx.state.card_markers else []
    if ints:                       # INTERCEPT defending a transport marker (12.24, 7.57): net hits
        dist = on_marker.marker_odds(ctx, plan, eng.target).damage
    else:
        dist = sum_pmf(*[hits_pmf(a["dice"], DIE, HITS(cv)) for a, _, _, _, cv in shots if cv is not None])
    outcomes = tuple(((k,), float(p)) for k, p in enumerate(dist) if p > 0)
    dice = tuple(_line(a["dice"], cv, f"LRS {s.uid}") for a, s, _, _, cv in shots) + tuple(
        _line(a["dice"], cv, f"INTERCEPT {a['interceptor']}") for a, _, _, cv in ints)
    return ChanceStep(f"LRS on {eng.target}", "12.24", (f"hits on {eng.target}",), outcomes, dice, later)


def _ga(ctx: Ctx, plan: CombatPlan, eng: Engagement, later: int) -> ChanceStep:
    _, by_target = sequence.ga_setup(ctx, plan, eng.hex)
    pairs = {t: [(a["dice"], cv, a[role]) for a, role, _, _, cv in shots] for t, shots in by_target.items()}
    if ctx.state.card_markers:
        from lcb_lab.games.lcb.rules.markers.sof import defense_shots
        for m, t, n, _, _, cv in defense_shots(ctx, plan, eng.hex):
            pairs.setdefault(t, []).append((n, cv, m.mid))
    counts, pmfs, dice = [], [], []
    for t, ps in pairs.items():
        shots = [(n, cv) for n, cv, _ in ps]
        if t in ctx.state.units:
            counts.append(f"HP lost by {t}")
            pmfs.append(engagement_odds([], [], sequence.ga_hp(ctx, t), unstoppable=shots, die=DIE, rule=HITS).damage)
        else:
            counts.append(f"GA hits on {t}")
            pmfs.append(sum_pmf(*(hits_pmf(n, DIE, HITS(cv)) for n, cv in shots)))
        dice += [_line(n, cv, f"GA {who}->{t}") for n, cv, who in ps]
    return ChanceStep(f"GROUND ASSAULT in {eng.hex}", "7.15", tuple(counts), joint_outcomes(pmfs), tuple(dice), later)


def _gunfire(ctx: Ctx, plan: CombatPlan, eng: Engagement, later: int) -> ChanceStep:
    """The NAVAL GUNFIRE exchange of a hex (optional 17.33, 17.35): HP lost by each unit fired at,
    hits on each naval ISR marker (17.36), both sides at once."""
    _, by_target = gunfire.setup(ctx, plan, eng.hex)
    counts, pmfs, dice = [], [], []
    for t, shots in by_target.items():
        pairs = [(a["dice"], cv) for a, _, _, _, cv in shots]
        if t in ctx.state.units:
            counts.append(f"HP lost by {t}")
            pmfs.append(engagement_odds([], [], gunfire.hp_of(ctx, t), unstoppable=pairs, die=DIE, rule=HITS).damage)
        else:
            counts.append(f"gun hits on {t}")
            pmfs.append(sum_pmf(*(hits_pmf(n, DIE, HITS(cv)) for n, cv in pairs)))
        dice += [_line(a["dice"], cv, f"GUN {a[role]}->{t}") for a, role, _, _, cv in shots]
    return ChanceStep(f"NAVAL GUNFIRE in {eng.hex}", "17.33", tuple(counts), joint_outcomes(pmfs), tuple(dice), later)
