"""Every roll as a chance step: what an act would roll, and how likely, before it rolls.

``Game.chance_outcomes(action)`` answers for a legal act what ``Game.chance_outcomes()``
answers for the dice of a committed combat (7.010, :mod:`lcb_lab.games.lcb.rules.combat.chance`):
the :class:`~lcb_lab.kernel.odds.ChanceStep` (s) the act would roll, each outcome with its exact
probability (for ``ResolveCombat`` itself: the step ``chance_outcomes()`` gives).  The odds come from the *setup* half of the rule that rolls (who rolls how many
d20 at which value), the same function the roll itself calls, so they cannot drift apart;
asking draws nothing and changes nothing (``g.to_json()`` is byte-identical).  Covered:

* ``AnswerMines``: the owner's mine shots, one joint outcome of the hits on each target
  (13.33, 13.34; :func:`lcb_lab.games.lcb.rules.markers.mines.shot_plan`);
* ``OffensiveAsw``: which enemy submarines in the searching ships' hex are destroyed
  (14.14; :func:`~lcb_lab.games.lcb.rules.submarines.asw.offensive_setup`);
* ``SubmarineZor``: which enemy submarines around it are DETECTED (14.09);
* ``TorpedoAttack``: defensive ASW against the submarine (14.12, 14.13), then its torpedoes
  at ships (hits per target, 14.07, 14.08) or the submarine engagement (which submarines
  sink, 14.011);
* ``MarkerAction(then="combat")`` of a Proxy Force or SOF marker whose hex has no defender
  able to fire back (13.12, 13.41: rolled at once), and ``AnswerDefence`` to such an assault
  (both sides at once, 7.13): HP lost by the target, GA hits on the marker;
* ``AnswerCards`` and ``PlayCard`` when the chain resolves in that act (9.06, 9.4, 9.0): one
  step per DETECT / success roll of each link, its *marginal* odds if the link is reached (a
  link stopped earlier in the chain rolls nothing; :func:`card_steps`).

An act that rolls nothing gives ``()``; so does an act whose roll waits for a choice (a Proxy
Force moving into a hex where defenders may fire back: their ``AnswerDefence`` rolls).
Uncovered, each raising LabError when asked about an act that would roll it: a destroyed
marker's influence roll and the other marker effect rolls (13.13, 13.14, 13.2x:
``rules/markers/placement``, ``rules/markers/proxy``), card ASW and UUV effects (14.15,
14.011: rolls inside a card's effect, after DETECT rolls of their own), and the random Embarked
card lost with a ship's HP (10.311: its die depends on the hits rolled in the same act).  A
card chain that would draw more dice than its links preview (an effect with rolls of its own)
is refused the same way.

Pauses.  Where the rules let someone act between the act and its roll, a choice already
stands there and the roll is made by the answer, so the answer is the act to ask about: the
mine owner's ``AnswerMines`` (13.33: the owner may hold), the defenders' ``AnswerDefence``
(7.13), the card response windows (9.41: the ``AnswerCards`` that passes resolves the chain).
TORPEDO ATTACK, its defensive ASW (free and automatic, 14.12), offensive ASW and the ZOR
give nobody a decision before their dice.  None of these is a chance step of its own
(``to_act()`` never says ``"chance"`` for them): one would add a step to every record, save
and golden transcript that passes it, and the preview answers the same question without one.

These are the instructor's odds: they count units the acting team may not see (the enemy
submarines in a hex, the ASW ships that defend it).
"""
from __future__ import annotations

from typing import Any, Callable

import numpy as np

from lcb_lab.games.lcb import actions as A
from lcb_lab.kernel.dice import D20
from lcb_lab.kernel.errors import DiceExhausted, LabError
from lcb_lab.games.lcb.die import p_any_hit, p_hit
from lcb_lab.kernel.odds import ChanceStep, binomial_pmf, joint_outcomes, mixture, sum_pmf
from lcb_lab.games.lcb.rules.common import Ctx

Game = Any
"""A :class:`lcb_lab.games.lcb.game.Game` (not imported: the game imports this module's caller)."""


def act_outcomes(game: Game, action: A.Action) -> tuple[ChanceStep, ...]:
    """The chance steps ``action`` would roll now (module doc); ``()`` when it rolls nothing.
    Raises IllegalAction (rule, reason) when the rules refuse the act, LabError when it would
    roll dice whose odds are not previewed.  Draws nothing, changes nothing."""
    action = A.check(action)
    draws = _dry_run(game, action)
    if draws == 0:
        return ()
    fn = PREVIEWS.get(type(action))
    steps = fn(game, action, draws) if fn is not None else None
    if steps is None:
        raise LabError(f"chance_outcomes: {type(action).__name__} rolls dice whose odds are not previewed "
                       "(rolled inline; see lcb_lab.games.lcb.chance)")
    return steps


def _dry_run(game: Game, action: A.Action) -> int:
    """The number of dice ``action`` draws, tried on a fork (-1: the forced dice ran out, so it
    draws).  Raises the act's IllegalAction."""
    return _on_fork(game, action)[1]


def _on_fork(game: Game, action: A.Action) -> tuple[Ctx, int]:
    """Apply ``action`` to a fork of ``game`` (its own state, dice and record; the game is
    untouched): ``(the fork's context after the act, dice drawn)``.  Raises the act's IllegalAction."""
    f = game.fork()
    n = len(f.dice.history)
    try:
        f.apply(action)
    except DiceExhausted:
        return f._ctx(), -1
    return f._ctx(), sum(len(d[1]) for d in f.dice.history[n:])


def _choice(ctx: Ctx):
    """The choice an answer answers (the one the handlers route it to)."""
    from lcb_lab.games.lcb.rules.combat import sequence as combat
    return combat.pending(ctx)


def _line(dice: int, cv: int, what: str) -> str:
    return f"{dice} {D20.name} hitting on {cv} or less: {what}"


def _hits(dice: int, cv: int) -> tuple[float, ...]:
    return tuple(float(p) for p in binomial_pmf(dice, p_hit(cv)))


def _flag(p: float) -> tuple[float, float]:
    return (1.0 - p, p)


# ---------------------------------------------------------------- mines (13.33)
def mines(game: Game, a: A.AnswerMines, drawn: int = 0) -> tuple[ChanceStep, ...]:
    """The owner's mine shots: hits on each target (13.33; the hits on one target, before a
    Naval MILDEC absorbs any, 4.22)."""
    ctx = game._ctx()
    from lcb_lab.games.lcb.rules.markers import mines as rule
    m, plan = rule.shot_plan(ctx, _choice(ctx), [(s.target, s.cubes) for s in a.mines])
    cv = rule.succeeds_on(m)
    return (ChanceStep(f"Mines in {m.hex}", "13.33", tuple(f"mine hits on {t}" for t, _ in plan),
                       joint_outcomes([_hits(n, cv) for _, n in plan]),
                       tuple(_line(n, cv, f"mines {m.hex}->{t}") for t, n in plan)),)


# ---------------------------------------------------------------- ASW (14.12-14.14)
def _sunk_by(n_detects: int) -> float:
    from lcb_lab.games.lcb.rules.submarines.sot import ASW_KILL
    return p_any_hit(n_detects, ASW_KILL)


def _detect_classes(needs: list[int]) -> list[tuple[float, tuple[bool, ...]]]:
    """One DETECT d20 compared with several values: ``[(P, detected each?)]`` over its faces."""
    faces: dict[tuple[bool, ...], int] = {}
    for r in D20.faces:
        key = tuple(r <= v for v in needs)
        faces[key] = faces.get(key, 0) + 1
    return [(n / D20.sides, k) for k, n in faces.items()]


def offensive_asw(game: Game, a: A.OffensiveAsw, drawn: int = 0) -> tuple[ChanceStep, ...]:
    """Offensive ASW (14.14): which enemy submarines in the hex are destroyed."""
    ctx = game._ctx()
    from lcb_lab.games.lcb.rules.submarines import asw, sot
    ships, h, enemies = asw.offensive_setup(ctx, a.action, list(a.units))
    needs = [sot.detect_of(ctx, e) for e in enemies]
    against = ", ".join(f"{e.uid} ({v} or less)" for e, v in zip(enemies, needs)) or "no submarine"
    dice = (f"{len(ships)} {D20.name} DETECT (one per ship), each compared with {against}",
            f"one ASW {D20.name} per DETECT, destroying on {sot.ASW_KILL} or less")
    branches = [(1.0, (0,) * len(enemies))]
    for _ in ships:                     # counts of DETECTs per submarine over the ships' dice
        branches = [(w * p, tuple(c + d for c, d in zip(cnt, k))) for w, cnt in branches
                    for p, k in _detect_classes(needs)]
    outcomes = mixture((w, joint_outcomes([_flag(_sunk_by(c)) for c in cnt])) for w, cnt in branches)
    return (ChanceStep(f"Offensive ASW in {h}", "14.14", tuple(f"{e.uid} destroyed" for e in enemies),
                       outcomes, dice),)


def _defensive(ctx: Ctx, sub) -> tuple[float, tuple[str, ...]]:
    """P(``sub`` destroyed by defensive ASW) and the dice lines (14.12, 14.13)."""
    from lcb_lab.games.lcb.rules.submarines import asw, sot
    hunters, need = asw.defensive_setup(ctx, sub)
    if not hunters:
        return 0.0, ()
    p = 1.0 - (1.0 - p_hit(need) * p_hit(sot.ASW_KILL)) ** len(hunters)
    return p, (_line(len(hunters), need, f"ASW DETECT vs {sub.uid} ({', '.join(u.uid for u in hunters)})"),
               f"one ASW {D20.name} per DETECT, destroying {sub.uid} on {sot.ASW_KILL} or less")


def torpedo(game: Game, a: A.TorpedoAttack, drawn: int = 0) -> tuple[ChanceStep, ...]:
    """TORPEDO ATTACK (14.07, 14.08, 14.12): defensive ASW first; a destroyed submarine fires
    nothing.  At ships: torpedo hits per target (one sinks a ship, 14.08).  At a submarine: the
    engagement (14.011)."""
    ctx = game._ctx()
    from lcb_lab.games.lcb.rules.submarines import operations as ops
    _, sub, ships, enemy_subs = ops.check_torpedo(ctx, a.action, a.sub, a.targets)
    p_sunk, lines = _defensive(ctx, sub)
    if enemy_subs is not None or not ships:
        return (_duel(ctx, sub, enemy_subs, p_sunk, lines),)
    cv = ops.torpedo_cv(ctx, sub)
    names = list(dict.fromkeys(ships))
    fire = joint_outcomes([_hits(ships.count(t), cv) for t in names])
    outcomes = mixture([(p_sunk, (((1,) + (0,) * len(names), 1.0),)),
                        (1.0 - p_sunk, tuple(((0,) + o, p) for o, p in fire))])
    lines += tuple(_line(ships.count(t), cv, f"TORPEDO ATTACK {sub.uid}->{t}") for t in names)
    return (ChanceStep(f"TORPEDO ATTACK by {sub.uid}", "14.08",
                       (f"{sub.uid} destroyed by ASW",) + tuple(f"torpedo hits on {t}" for t in names),
                       outcomes, lines),)


def zor(game: Game, a: A.SubmarineZor, drawn: int = 0) -> tuple[ChanceStep, ...]:
    """A submarine's ZOR (14.09): which enemy submarines around it are DETECTED."""
    from lcb_lab.games.lcb.rules.submarines import operations as ops, sot
    ctx = game._ctx()
    _, sub = ops.check_zor(ctx, a.action, a.sub)
    enemies = ops.zor_targets(ctx, sub)
    needs = [sot.detect_of(ctx, e) for e in enemies]
    return (ChanceStep(f"ZOR DETECT by {sub.uid}", "14.09", tuple(f"{e.uid} DETECTED" for e in enemies),
                       joint_outcomes([_flag(p_hit(v)) for v in needs]),
                       tuple(_line(1, v, f"ZOR DETECT {sub.uid}->{e.uid}") for e, v in zip(enemies, needs))),)


def _duel(ctx: Ctx, sub, named, p_sunk: float, lines: tuple[str, ...]) -> ChanceStep:
    """The submarine engagement (14.011): every submarine's DETECT at once, whoever DETECTED
    fires 2 torpedoes, damage simultaneous.  Outcome: which submarines sink (``sub`` first)."""
    from lcb_lab.games.lcb.rules.submarines import operations as ops, sot
    enemies, need = ops.duel_setup(ctx, sub, named)
    counts = (f"{sub.uid} sunk",) + tuple(f"{e.uid} sunk" for e in enemies)
    branches = [(p_sunk, {(1,) + (0,) * len(enemies): 1.0})]
    found_pmfs = [_flag(1.0) if e not in need else _flag(p_hit(sot.detect_of(ctx, e))) for e in enemies]
    back_pmfs = [_flag(p_hit(sot.detect_of(ctx, sub))) for _ in enemies]
    cv = ops.torpedo_cv(ctx, sub)
    for flags, w in joint_outcomes(found_pmfs + back_pmfs):
        found = [e for e in enemies if e not in need] + [e for e, f in zip(enemies, flags) if f and e in need]
        shooters = [e for e, f in zip(enemies, flags[len(enemies):]) if f]
        p_me = 1.0 - _prod(1.0 - p_any_hit(ops.TORPEDOES, ops.torpedo_cv(ctx, e)) for e in shooters)
        aims = found[:1] * ops.TORPEDOES if len(found) == 1 else found[:ops.TORPEDOES]
        pmfs = [_flag(p_me)] + [_flag(p_any_hit(aims.count(e), cv)) for e in enemies]
        branches.append(((1.0 - p_sunk) * w, dict(joint_outcomes(pmfs))))
    lines += (f"{len(need) if enemies else 1} {D20.name} DETECT by {sub.uid}"
              + "".join(f", {e.uid} on {sot.detect_of(ctx, e)} or less" for e in need),
              f"{len(enemies)} {D20.name} DETECT of {sub.uid} on {sot.detect_of(ctx, sub)} or less (one per enemy "
              "submarine)", f"{ops.TORPEDOES} torpedoes by each submarine that DETECTED, hitting on its torpedo CV")
    return ChanceStep(f"Submarine engagement by {sub.uid} in {sub.hex}", "14.011", counts,
                      mixture((w, tuple(d.items())) for w, d in branches), lines)


def _prod(xs) -> float:
    out = 1.0
    for x in xs:
        out *= x
    return out


# ---------------------------------------------------------------- marker GROUND ASSAULT (13.12, 13.41)
def _ga_step(ctx: Ctx, m, u, dice: int, defence: list[dict]) -> ChanceStep:
    from lcb_lab.games.lcb.rules.markers import proxy
    _, _, cv = proxy.assault_cv(ctx, m, u)
    att = [min(k, u.hp) for k in range(dice + 1)]
    lost = [0.0] * (u.hp + 1)
    for k, p in enumerate(_hits(dice, cv)):
        lost[att[k]] += p
    lines = [_line(dice, cv, f"GA {m.mid}->{u.uid}")]
    back = [(1.0,)]
    for x in defence:
        dcv = ctx.cv(ctx.state.units[x["defender"]], "GA").value
        back.append(_hits(x["dice"], dcv))
        lines.append(_line(x["dice"], dcv, f"GA {x['defender']}->{m.mid}"))
    total = tuple(float(p) for p in sum_pmf(*(np.array(b) for b in back)))
    rule = "13.41" if m.kind == "sof" else "13.12"
    counts, pmfs = (f"HP lost by {u.uid}",), [tuple(lost)]
    if defence:
        counts, pmfs = counts + (f"GA hits on {m.mid}",), pmfs + [total]
    return ChanceStep(f"GROUND ASSAULT by {m.mid} on {u.uid} ({u.hp} HP)", rule, counts, joint_outcomes(pmfs),
                      tuple(lines))


def marker_action(game: Game, a: A.MarkerAction, drawn: int = 0) -> tuple[ChanceStep, ...] | None:
    """A Proxy Force's / SOF marker's GROUND ASSAULT rolled at once (no defender may fire back);
    the marker placed at the end of ``path`` first.  None: another marker act (not previewed)."""
    from dataclasses import replace
    m = game.state.card_markers.get(a.marker)
    if m is None or a.then != "combat" or m.kind not in ("proxy", "sof"):
        return None
    ctx = _on_fork(game, replace(a, then="none", targets=(), dice=0))[0] if a.path else game._ctx()
    m = ctx.state.card_markers[a.marker]
    from lcb_lab.games.lcb.rules.markers import proxy
    return (_ga_step(ctx, m, proxy.assault_target(ctx, m, a), int(a.dice), []),)


def defence(game: Game, a: A.AnswerDefence, drawn: int = 0) -> tuple[ChanceStep, ...] | None:
    """The defenders' answer to a marker's GROUND ASSAULT (7.13): both sides roll at once."""
    ctx = game._ctx()
    choice = _choice(ctx)
    if not getattr(choice, "against_marker", False):
        return None                         # combat's defence: the dice wait for chance (7.010)
    from lcb_lab.games.lcb.rules.markers import proxy
    from dataclasses import asdict
    m, allocs = proxy.defence_plan(ctx, choice, [asdict(x) for x in a.defence])
    if m is None:
        return ()
    plan = m.data["assault"]
    return (_ga_step(ctx, m, ctx.state.units[plan["target"]], int(plan["dice"]), allocs),)


# ---------------------------------------------------------------- card chains (9.0, 9.06, 9.4, 9.011)
def _yes_no(label: str, rule: str, count: str, dice: int, v: int, what: str) -> ChanceStep:
    p = p_any_hit(dice, v)
    return ChanceStep(label, rule, (count,), joint_outcomes([_flag(p)]), (_line(dice, v, what),))


def _effect_step(ctx: Ctx, card, option: str) -> list[tuple[ChanceStep, int]]:
    """A played card's own effect roll (9.0: any of ``dice`` d20 at ``succeeds_on`` or less;
    none when the card states no value)."""
    ct = ctx.ctype(card)
    eff = ct.effect(option)
    if eff.succeeds_on is None:
        return []
    return [(_yes_no(f"{ct.name}: effect roll (if not stopped first)", "9.0",
                     f"{ct.name} succeeds", eff.dice, eff.succeeds_on, f"{ct.name}: effect"), eff.dice)]


def _link_steps(ctx: Ctx, link) -> list[tuple[ChanceStep, int]]:
    """The rolls of one link of the chain, each with its dice, as if reached (9.06, 9.4, 9.011)."""
    from lcb_lab.games.lcb.rules.cards import ftr
    k = ftr.kind(link)
    if k == "play":
        return _effect_step(ctx, ctx.state.cards[link.card], link.option)
    out: list[tuple[ChanceStep, int]] = []
    who = ftr.name(ctx, link)
    for pid in link.data.get("to", []):
        t = ftr.by_pid(ctx, pid)
        if t is None:
            continue
        v, them = ftr.detect_value(ctx, t), ftr.name(ctx, t)
        if k == "intercept":
            if v is not None:
                out.append((_yes_no(f"IAMD DETECT of {them} (one roll for the team, if reached)", "9.06",
                                    f"{them} DETECTED", 1, v, f"DETECT {them}"), 1))
            n, (cv, _) = int(link.data["dice"]), ftr.intercept_cv(ctx, link)
            out.append((ChanceStep(f"{who} INTERCEPTs {them} (if DETECTED)", "9.011", (f"INTERCEPT hits on {them}",),
                                   joint_outcomes([_hits(n, cv)]), (_line(n, cv, f"INTERCEPT {them}"),)), n))
            continue
        if v is not None:
            out.append((_yes_no(f"{who} DETECT of {them} (if reached)", "9.06", f"{them} DETECTED", 1, v,
                                f"{who}: DETECT {them}"), 1))
        eff = ftr.effect_of(ctx, link)
        if eff.succeeds_on is not None:
            what = "FTR NULLIFY" if k == "ftr_nullify" else "NULLIFY"
            out.append((_yes_no(f"{who} {what} roll against {them} (if DETECTED and reached)", "9.4",
                                f"{them} {what[:-1]}IED", eff.dice, eff.succeeds_on, f"{who}: {what} {them}"), eff.dice))
    return out


def _checked(steps: list[tuple[ChanceStep, int]], drawn: int) -> tuple[ChanceStep, ...] | None:
    """The steps, or None when the act draws more dice than they can roll (a roll not previewed)."""
    return tuple(s for s, _ in steps) if drawn <= sum(n for _, n in steps) else None


def card_steps(game: Game, a, drawn: int) -> tuple[ChanceStep, ...] | None:
    """``PlayCard`` resolved at once (nobody may answer) or ``AnswerCards`` that closes the chain:
    one step per roll of each link, its odds if the link gets that far (module doc)."""
    from lcb_lab.games.lcb.rules.cards import chain, jcc, responses
    ctx = Ctx(game.state.clone(), game.board, game.catalog, game.dice, game.decks, quiet=True)
    if isinstance(a, A.PlayCard):
        if ctx.state.stage == "deployment":
            return None
        card = jcc.check_play(ctx, a.card, a.option, list(a.targets), a.hex, a.action)[0]
        return _checked(_effect_step(ctx, card, a.option), drawn)
    top = ctx.state.next_choice
    plans, ints = responses.check(ctx, top.team, a.responses, a.card_intercepts)
    ctx.state.choices.pop()
    for p in plans:
        responses._add_response(ctx, top.team, p, top.options.get("window", 1))
    for i in ints:
        responses._add_intercept(ctx, top.team, i, top.options.get("window", 1))
    chain._fight_back(ctx)
    steps, seen = [], set()
    for link in reversed(ctx.state.chain):     # the order it resolves in (9.46: last link first)
        for step, n in _link_steps(ctx, link):
            if step.label not in seen:          # one IAMD DETECT per team and card (9.06)
                seen.add(step.label)
                steps.append((step, n))
    return _checked(steps, drawn)


def resolve_combat(game: Game, a: A.ResolveCombat, drawn: int = 0) -> tuple[ChanceStep, ...]:
    """Chance's own move (7.010): the next engagement, as ``Game.chance_outcomes()`` gives it
    (``later``: the engagements the same roll makes after it)."""
    from lcb_lab.games.lcb.rules.combat.chance import chance_step
    return (chance_step(game._ctx()),)


PREVIEWS: dict[type, Callable] = {
    A.ResolveCombat: resolve_combat,
    A.PlayCard: card_steps, A.AnswerCards: card_steps,
    A.AnswerMines: mines, A.OffensiveAsw: offensive_asw, A.TorpedoAttack: torpedo, A.SubmarineZor: zor,
    A.MarkerAction: marker_action, A.AnswerDefence: defence,
}
"""Action type -> its preview: ``(game, action, dice the act draws) -> tuple[ChanceStep, ...]`` (None:
not previewed)."""
