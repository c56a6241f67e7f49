"""Every roll as a chance step: what an act would roll, and how likely, before it rolls.

``Game.chance_outcomes(action)`` answers for a legal act what ``Game.chance_outcomes()``
answers for the dice of a committed combat (7.010, :mod:`lcb_lab.games.lcb.rules.combat.chance`):
the :class:`~lcb_lab.kernel.odds.ChanceStep` (s) the act would roll, each outcome with its exact
probability (for ``ResolveCombat`` itself: the step ``chance_outcomes()`` gives).  The odds
come from the *setup* half of the rule that rolls (who rolls how many d20 at which value), the
same function the roll itself calls, so they cannot drift apart; asking draws nothing and
changes nothing (``g.to_json()`` is byte-identical).  Covered:

* ``AnswerMines``: the owner's mine shots, one joint outcome of the hits on each target
  (13.33, 13.34; :func:`lcb_lab.games.lcb.rules.markers.mines.shot_plan`); then the step of a
  card marker the mines stopped, should it survive (13.36);
* ``OffensiveAsw``: which enemy submarines in the searching ships' hex are destroyed
  (14.14; :func:`~lcb_lab.games.lcb.rules.submarines.asw.offensive_setup`);
* ``OffensiveIntercept``: the INTERCEPT hits on the target card, the DETECT first (7.59,
  7.510, 7.512, 9.06; :func:`~lcb_lab.games.lcb.rules.combat.offensive.setup`);
* ``SubmarineZor``: which enemy submarines around it are DETECTED (14.09);
* ``TorpedoAttack``: defensive ASW against the submarine (14.12, 14.13), then its torpedoes
  at ships (hits per target, 14.07, 14.08) or the submarine engagement (which submarines
  sink, 14.011);
* ``MarkerAction(then="combat")`` of a Proxy Force or SOF marker whose hex has no defender
  able to fire back (13.12, 13.41: rolled at once), and ``AnswerDefense`` to such an assault
  (both sides at once, 7.13): HP lost by the target, GA hits on the marker;
* ``MarkerAction(then="effect")``: a Proxy Force's effect roll (13.12; at an instructor
  ruling's value, 13.14; :func:`~lcb_lab.games.lcb.rules.markers.proxy.effect_setup`), or
  another marker's card effect when nobody may answer it (13.21, 13.25);
* ``AnswerCards`` and ``PlayCard`` when the chain resolves in that act (9.06, 9.4, 9.0): one
  step per DETECT / success roll of each link, its *marginal* odds if the link is reached (a
  link stopped earlier in the chain rolls nothing; :func:`card_steps`), with the rolls of the
  effect itself: card ASW (14.15: which submarines the one DETECT die finds, which one the ASW
  die destroys; :func:`~lcb_lab.games.lcb.rules.submarines.asw.search_setup`) and a UUV's
  TORPEDO ATTACK (14.12, 14.011: destroyed by defensive ASW first, or a hit;
  :func:`~lcb_lab.games.lcb.rules.submarines.asw.uuv_setup`);
* ``AnswerEmbarkLosses``: which concealed Embarked cards the attacker's ``"hidden:<n>"``
  picks lose, each set equally likely (10.311; the d20 rerolled above the largest multiple,
  :func:`~lcb_lab.games.lcb.rules.embarking.losses.concealed_aboard`);
* ``AnswerMildec`` and ``ResolveCombat``: the committed combat's next engagement (7.010; the
  MILDEC answer resumes it, 4.22), or after a mine hit the stopped marker's step (13.36);
  the plain ``Answer`` as its choice's empty answer;
* a destroyed Proxy Force's influence roll (13.13: 12 or less, the meter moves toward its
  team), added as its own step "(if it is destroyed)" to every act that may destroy one: the
  combat, the defenders' answer, the mines (:func:`influence`).

An act that rolls nothing gives ``()``; so does an act whose roll waits for a choice (a Proxy
Force moving into a hex where defenders may fire back: their ``AnswerDefense`` rolls).  Every
function of the game that rolls has its preview here (``tests/engine/test_chance_every_roll.py``
maps each one).  Two refusals remain, each one LabError line, nothing drawn: with
``auto_policies`` an act may also roll for the choices answered inside it (ask without them:
each answer is then an act of its own), and a card chain that would draw more dice than its
links preview (an effect with rolls no preview knows) -- the guard for a new effect.

Pauses.  Where the rules let someone act between the act and its roll, a choice already
stands there and the roll is made by the answer, so the answer is the act to ask about: the
mine owner's ``AnswerMines`` (13.33: the owner may hold), the defenders' ``AnswerDefense``
(7.13), the card response windows (9.41: the ``AnswerCards`` that passes resolves the chain).
TORPEDO ATTACK, its defensive ASW (free and automatic, 14.12), offensive ASW and the ZOR
give nobody a decision before their dice.  None of these is a chance step of its own
(``to_act()`` never says ``"chance"`` for them): one would add a step to every record, save
and golden transcript that passes it, and the preview answers the same question without one.

Whose odds.  By default the instructor's: they count units the acting team may not see (the
enemy submarines in a hex, the ASW ships that defend it).  ``act_outcomes(game, action, viewer=team)``
is the team's form: a hidden enemy submarine or a face-down ASW ship is neither named nor
counted (:mod:`lcb_lab.games.lcb.rules.submarines.chance`), so the preview describes the search,
not its result.
"""
from __future__ import annotations

from itertools import combinations
from math import comb
from typing import Any, Callable

import numpy as np

from lcb_lab.games.lcb import actions as A, observer
from lcb_lab.games.lcb.model.state import CardPlay, other
from lcb_lab.kernel.dice import D20
from lcb_lab.kernel.errors import DiceExhausted, LabError
from lcb_lab.games.lcb.die import p_any_hit, p_hit
from lcb_lab.kernel.odds import ChanceStep, binomial_pmf, joint_outcomes, sum_pmf
from lcb_lab.games.lcb.rules.common import Ctx
from lcb_lab.games.lcb.rules.submarines import chance as sub_chance

Game = Any
"""A :class:`lcb_lab.games.lcb.game.Game` (not imported: the game imports this module's caller)."""


def act_outcomes(game: Game, action: A.Action, viewer: str | None = None) -> tuple[ChanceStep, ...]:
    """The chance steps ``action`` would roll now (module doc); ``()`` when it rolls nothing.
    ``viewer`` ("US", "RU"; None or "instructor": every unit counts): a team's form counts only
    the units it knows (:mod:`lcb_lab.games.lcb.rules.submarines.chance`); whether it is given
    or refused is decided on the instructor's, so a refusal tells a team nothing.  Raises
    IllegalAction (rule, reason) when the rules refuse the act, LabError when it would roll
    dice whose odds are not previewed.  Draws nothing, changes nothing."""
    action = A.check(action)
    draws = _dry_run(game, action)
    if draws == 0:
        return ()
    fn = PREVIEWS.get(type(action))
    steps = fn(game, action, draws) if fn is not None else None
    if steps is not None and not observer.all_seeing(viewer):
        with sub_chance.as_viewer(viewer):
            steps = fn(game, action, draws)
    if steps is None and game.auto_policies is not None:
        raise LabError(f"chance_outcomes: {type(action).__name__} also rolls for the choices the auto policies "
                       "answer inside it, which are not previewed (without auto policies each answer is an act "
                       "of its own, previewed)")
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
    from lcb_lab.games.lcb.rules.combat import sequence
    return sequence.pending(ctx)


def _line(dice: int, cv: int, what: str) -> str:
    return f"{dice} {D20.name} hitting on {cv} or less: {what}"


def _hits(dice: int, cv: int) -> tuple[float, ...]:
    return tuple(float(p) for p in binomial_pmf(dice, p_hit(cv)))


def _flag(p: float) -> tuple[float, float]:
    return (1.0 - p, p)


def _p(v: int) -> float:
    """One d20 succeeding on ``v`` or less (7.02)."""
    return p_hit(v)


# ---------------------------------------------------------------- mines (13.33)
def mines(game: Game, a: A.AnswerMines, drawn: int = 0) -> tuple[ChanceStep, ...]:
    """The owner's mine shots: hits on each target (13.33; the hits on one target, before a
    Naval MILDEC absorbs any, 4.22); none when the owner holds.  Then the influence roll of a
    Proxy Force among the targets (13.13) and the step of a card marker the mines stopped (13.36)."""
    ctx = game._ctx()
    from lcb_lab.games.lcb.rules.markers import mines as rule
    m, plan = rule.shot_plan(ctx, _choice(ctx), a)
    cv = rule.succeeds_on(m)
    shots = (ChanceStep(f"Mines in {m.hex}", "13.33", tuple(f"mine hits on {t}" for t, _ in plan),
                        joint_outcomes([_hits(n, cv) for _, n in plan]),
                        tuple(_line(n, cv, f"mines {m.hex}->{t}") for t, n in plan)),) if plan else ()
    hit = [getattr(rule._resolve_id(ctx, m, t), "mid", "") for t, _ in plan]     # a card marker's id
    return shots + influence(ctx, hit) + _after_mines(ctx, m)


def _after_mines(ctx: Ctx, mine) -> tuple[ChanceStep, ...]:
    """The step of a card marker the mines stopped, rolled in the same act if the marker survives
    (13.36) and no more of these mines lie on the rest of its path (13.34): its effect roll, or
    its GROUND ASSAULT when no defender may fire back (7.13)."""
    from dataclasses import replace
    from types import SimpleNamespace
    from lcb_lab.games.lcb.rules.markers.mines import mine_in
    p = mine.data.get("pending") or {}
    m = ctx.state.card_markers.get(p.get("marker") or "")
    then = p.get("then", "none")
    if m is None or then not in ("effect", "combat") or (then == "combat" and m.kind not in ("proxy", "sof")):
        return ()
    if any(mine_in(ctx, h, mine.team) is not None for h in p.get("rest", ())):
        return ()                              # stopped again on its way: the step is a later act's
    a = SimpleNamespace(marker=m.mid, path=(), then=then, targets=tuple(p.get("targets", ())), hex=p.get("hex"),
                        dice=int(p.get("dice", 0)), action=None)
    if then == "effect":
        steps = _marker_effect(ctx, m, a, 0) or ()
    else:
        from lcb_lab.games.lcb.rules.combat.ground_assault import defenders
        from lcb_lab.games.lcb.rules.markers import proxy
        u = proxy.assault_target(ctx, m, a)
        steps = () if defenders(ctx, m.hex, u.team) else (_ga_step(ctx, m, u, a.dice, []),)
    return tuple(replace(x, label=f"{x.label} (if {m.mid} survives the mines)") for x in steps)


# ---------------------------------------------------------------- submarines, ASW (14.09-14.15)
def offensive_asw(game: Game, a: A.OffensiveAsw, drawn: int = 0) -> tuple[ChanceStep, ...]:
    """Offensive ASW (14.14): :func:`lcb_lab.games.lcb.rules.submarines.chance.offensive_asw`."""
    return sub_chance.offensive_asw(game._ctx(), a)


def torpedo(game: Game, a: A.TorpedoAttack, drawn: int = 0) -> tuple[ChanceStep, ...]:
    """TORPEDO ATTACK and its defensive ASW, or the submarine engagement (14.07-14.13, 14.011):
    :func:`lcb_lab.games.lcb.rules.submarines.chance.torpedo`."""
    return sub_chance.torpedo(game._ctx(), a)


def zor(game: Game, a: A.SubmarineZor, drawn: int = 0) -> tuple[ChanceStep, ...]:
    """A submarine's ZOR (14.09): :func:`lcb_lab.games.lcb.rules.submarines.chance.zor`."""
    return sub_chance.zor(game._ctx(), a)


_card_asw, _uuv = sub_chance.card_asw, sub_chance.uuv


# ---------------------------------------------------------------- marker GROUND ASSAULT (13.12, 13.41)
def _ga_step(ctx: Ctx, m, u, dice: int, defense: list[dict]) -> ChanceStep:
    from lcb_lab.games.lcb.rules.combat.ground_assault import defense_cv
    from lcb_lab.games.lcb.rules.markers import proxy
    _, _, cv = proxy.assault_cv(ctx, m, u)
    att = [min(k, u.hp) for k in range(dice + 1)]
    lost = [0.0] * (u.hp + 1)
    for k, p in enumerate(_hits(dice, cv)):
        lost[att[k]] += p
    lines = [_line(dice, cv, f"GA {m.mid}->{u.uid}")]
    back = [(1.0,)]
    for x in defense:
        dcv = defense_cv(ctx, ctx.state.units[x["defender"]])       # optional 17.52: cannon artillery's LRS -4
        back.append(_hits(x["dice"], dcv))
        lines.append(_line(x["dice"], dcv, f"GA {x['defender']}->{m.mid}"))
    total = tuple(float(p) for p in sum_pmf(*(np.array(b) for b in back)))
    rule = "13.41" if m.kind == "sof" else "13.12"
    counts, pmfs = (f"HP lost by {u.uid}",), [tuple(lost)]
    if defense:
        counts, pmfs = counts + (f"GA hits on {m.mid}",), pmfs + [total]
    return ChanceStep(f"GROUND ASSAULT by {m.mid} on {u.uid} ({u.hp} HP)", rule, counts, joint_outcomes(pmfs),
                      tuple(lines))


def marker_action(game: Game, a: A.MarkerAction, drawn: int = 0) -> tuple[ChanceStep, ...] | None:
    """A Proxy Force's / SOF marker's GROUND ASSAULT rolled at once (no defender may fire back),
    or a marker's effect (:func:`_marker_effect`); the marker placed at the end of ``path``
    first.  None: a marker act that rolls nothing of its own (a move, a conceal, an LRS that
    joins the combat)."""
    from dataclasses import replace
    m = game.state.card_markers.get(a.marker)
    if m is None or a.then not in ("combat", "effect") or (a.then == "combat" and m.kind not in ("proxy", "sof", "isr")):
        return None
    if a.then == "combat" and m.kind == "isr":
        return _marker_torpedo(game, a, drawn)
    ctx = _on_fork(game, replace(a, then="none", targets=(), dice=0))[0] if a.path else game._ctx()
    m = ctx.state.card_markers[a.marker]
    from lcb_lab.games.lcb.rules.markers import proxy
    if a.then == "effect":
        return _marker_effect(ctx, m, a, drawn)
    if m.kind == "sof" and len(a.targets) == 1 and a.targets[0] in ctx.state.card_markers:
        return (_sof_duel_step(ctx, m, a.targets[0], int(a.dice)),)
    return (_ga_step(ctx, m, proxy.assault_target(ctx, m, a), int(a.dice), []),)


def _sof_duel_step(ctx: Ctx, m, target: str, dice: int) -> ChanceStep:
    """A SOF marker's GROUND ASSAULT on an opposing SOF marker (13.41): both roll at once, each
    hit 1 HP (13.43) -- the HP each marker loses, capped at its HP."""
    from lcb_lab.games.lcb.rules.markers import sof
    e, (n, _, _, cv), (en, _, _, ecv) = sof.duel_setup(ctx, m, target, dice)
    pmfs = []
    for k, c, hp in ((n, cv, e.hp), (en, ecv, m.hp)):
        lost = [0.0] * (hp + 1)
        for j, p in enumerate(_hits(k, c)):
            lost[min(j, hp)] += p
        pmfs.append(tuple(lost))
    return ChanceStep(f"GROUND ASSAULT by {m.mid} on {e.mid} ({e.hp} HP)", "13.41",
                      (f"HP lost by {e.mid}", f"HP lost by {m.mid}"), joint_outcomes(pmfs),
                      (_line(n, cv, f"GA {m.mid}->{e.mid}"), _line(en, ecv, f"GA {e.mid}->{m.mid}")))


def _marker_torpedo(game: Game, a: A.MarkerAction, drawn: int) -> tuple[ChanceStep, ...] | None:
    """A TORPEDO ATTACK from an ISR marker (13.27) when nobody may answer: the card's effect
    roll, the target hex's defensive ASW and the torpedo (14.12, 14.011; as a UUV's, from the
    hex the marker ends its ``path`` in). None for a marker LRS: it joins the impulse's combat,
    rolled there."""
    from lcb_lab.games.lcb.rules.markers import free_actions
    ctx = Ctx(game.state.clone(), game.board, game.catalog, game.dice, game.decks, quiet=True)
    m = ctx.state.card_markers[a.marker]
    if a.path:
        m.hex = ctx.board.canonical(a.path[-1])
    ct, eff = free_actions.marker_option(ctx, m, combat=True)
    if eff.fn != "uuv":
        return None
    link = CardPlay(1, m.card, m.team, eff.label, list(a.targets), m.hex)
    link.data.update(paid="free", marker=m.mid, origin=m.hex)
    return _checked(_effect_step(ctx, ctx.card(m.card), eff.label) + _effect_rolls(ctx, link), drawn)


def _marker_effect(ctx: Ctx, m, a: A.MarkerAction, drawn: int) -> tuple[ChanceStep, ...] | None:
    """A marker's effect rolled at once: a Proxy Force's effect roll (13.12; at an instructor
    ruling's value, 13.14), or the card's effect through its marker when nobody may answer
    (13.21, 13.25: the card's own rolls, :func:`_effect_rolls`)."""
    from lcb_lab.games.lcb.rules.markers import free_actions, proxy
    if m.kind != "proxy":
        ct, eff = free_actions.marker_option(ctx, m, combat=False)
        link = CardPlay(1, m.card, m.team, eff.label, list(a.targets), a.hex or m.hex)
        return _checked(_effect_step(ctx, ctx.card(m.card), eff.label) + _effect_rolls(ctx, link), drawn)
    ruling, _, need = proxy.effect_setup(ctx, m, a)
    what = f"ruling {ruling['n']}, {ruling['text']}" if ruling else "the effect agreed at the table"
    return (ChanceStep(f"{m.mid}: effect roll", "13.14" if ruling else "13.12", (f"{m.mid}'s effect succeeds",),
                       joint_outcomes([_flag(_p(need))]), (_line(1, need, f"{m.mid}: effect ({what})"),)),)


def influence(ctx: Ctx, targets: list[str]) -> tuple[ChanceStep, ...]:
    """The influence roll of each Proxy Force among ``targets`` should it be destroyed (13.13:
    1 d20, 12 or less: its destroyer loses 1 influence, the meter moves toward the Proxy
    Force's team; :func:`lcb_lab.games.lcb.rules.markers.placement.proxy_destroyed`)."""
    from lcb_lab.games.lcb.rules.markers.placement import INFLUENCE_ON
    out = []
    for m in [ctx.state.card_markers.get(t) for t in dict.fromkeys(targets)]:
        if m is not None and m.kind == "proxy":
            foe = other(m.team)
            out.append(ChanceStep(f"{m.mid} destroyed: influence roll (if it is destroyed)", "13.13",
                                  (f"{foe} loses 1 influence",), joint_outcomes([_flag(_p(INFLUENCE_ON))]),
                                  (f"1 {D20.name}, {INFLUENCE_ON} or less: {foe} loses 1 influence (the Influence "
                                   f"Meter moves one space toward {m.team})",)))
    return tuple(out)


def defense(game: Game, a: A.AnswerDefense, drawn: int = 0) -> tuple[ChanceStep, ...] | None:
    """The defenders' answer to a marker's GROUND ASSAULT (7.13): both sides roll at once."""
    ctx = game._ctx()
    choice = _choice(ctx)
    if not getattr(choice, "against_marker", False):
        return None                         # combat's defense: the dice wait for chance (7.010)
    from lcb_lab.games.lcb.rules.markers import proxy
    m, allocs = proxy.defense_plan(ctx, choice, a)
    if m is None:
        return ()
    plan = m.data["assault"]
    return (_ga_step(ctx, m, ctx.state.units[plan["target"]], int(plan["dice"]), allocs),) \
        + (influence(ctx, [m.mid]) if allocs else ())


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


TEAM_DETECT = "IAMD DETECT of"
"""The label of a team's IAMD DETECT of a card: one d20 per unit attempting it, DETECTED when
any succeeds (9.06)."""


def _iamd_detect_step(ctx: Ctx, link, t) -> tuple[ChanceStep, int] | None:
    """The IAMD DETECT of card link ``t`` by ``link``'s team (9.06): one d20 per unit of the
    joint attempt (the team's INTERCEPT links of ``link``'s window on ``t``), DETECTED when any
    succeeds; None when the card needs no DETECT."""
    from lcb_lab.games.lcb.rules.cards import ftr_nullify
    v = ftr_nullify.detect_value(ctx, t)
    if v is None:
        return None
    group = [x for x in ctx.state.chain if ftr_nullify.kind(x) == "intercept" and x.team == link.team
             and x.data.get("window") == link.data.get("window") and t.pid in x.data.get("to", [])]
    uids = [x.data["uid"] for x in ftr_nullify.iamd_detectors(group)]
    them = ftr_nullify.name(ctx, t)
    return (_yes_no(f"{TEAM_DETECT} {them} by {', '.join(uids)} (one d20 each, DETECTED if any succeeds; "
                    "if reached)", "9.06", f"{them} DETECTED", len(uids), v, f"DETECT {them}"), len(uids))


def _link_steps(ctx: Ctx, link) -> list[tuple[ChanceStep, int]]:
    """The rolls of one link of the chain, each with its dice, as if reached (9.06, 9.4, 9.011)."""
    from lcb_lab.games.lcb.rules.cards import ftr_nullify
    k = ftr_nullify.kind(link)
    if k == "play":
        return _effect_step(ctx, ctx.state.cards[link.card], link.option) + _effect_rolls(ctx, link)
    out: list[tuple[ChanceStep, int]] = []
    who = ftr_nullify.name(ctx, link)
    for pid in link.data.get("to", []):
        t = ftr_nullify.by_pid(ctx, pid)
        if t is None:
            continue
        v, them = ftr_nullify.detect_value(ctx, t), ftr_nullify.name(ctx, t)
        if k == "intercept":
            step = _iamd_detect_step(ctx, link, t)
            if step is not None:
                out.append(step)
            n, (cv, _) = int(link.data["dice"]), ftr_nullify.intercept_cv(ctx, link, t)
            out.append((ChanceStep(f"{who} INTERCEPTs {them} (if DETECTED)", "9.011", (f"INTERCEPT hits on {them}",),
                                   joint_outcomes([_hits(n, cv)]), (_line(n, cv, f"INTERCEPT {them}"),)), n))
            continue
        if v is not None:
            out.append((_yes_no(f"{who} DETECT of {them} (if reached)", "9.06", f"{them} DETECTED", 1, v,
                                f"{who}: DETECT {them}"), 1))
        eff = ftr_nullify.effect_of(ctx, link)
        if eff.succeeds_on is not None:
            what = "FTR NULLIFY" if k == "ftr_nullify" else "NULLIFY"
            out.append((_yes_no(f"{who} {what} roll against {them} (if DETECTED and reached)", "9.4",
                                f"{them} {what[:-1]}IED", eff.dice, eff.succeeds_on, f"{who}: {what} {them}"), eff.dice))
    return out


def _checked(steps: list[tuple[ChanceStep, int]], drawn: int) -> tuple[ChanceStep, ...] | None:
    """The steps, or None when the act draws more dice than they can roll (a roll not previewed)."""
    return tuple(s for s, _ in steps) if drawn <= sum(n for _, n in steps) else None


def card_steps(game: Game, a: A.PlayCard | A.AnswerCards, drawn: int) -> tuple[ChanceStep, ...] | None:
    """``PlayCard`` resolved at once (nobody may answer) or ``AnswerCards`` that closes the chain:
    one step per roll of each link, its odds if the link gets that far (module doc)."""
    from lcb_lab.games.lcb.rules.cards import chain, jcc, own_impulse, responses
    ctx = Ctx(game.state.clone(), game.board, game.catalog, game.dice, game.decks, quiet=True)
    if isinstance(a, A.PlayCard):
        if ctx.state.stage == "deployment":
            return None
        card, paid, _, aimed, esc = jcc.check_links(ctx, a.card, a.option, list(a.targets), a.hex, a.action, a.escort)
        ctx.state.chain = own_impulse.links(card, ctx.ctype(card).effect(a.option), aimed, a.action, paid, esc,
                                            list(a.targets), a.hex)
    else:
        top = ctx.state.next_choice
        plans, ints = responses.check(ctx, top.team, a.responses, a.card_intercepts)
        ctx.state.choices.pop()
        for p in plans:
            responses._add_response(ctx, top.team, p, top.options.window)
        for i in ints:
            responses._add_intercept(ctx, top.team, i, top.options.window)
    own_impulse.escort_targets(ctx)
    chain._fight_back(ctx)
    steps, seen = [], set()
    for link in reversed(ctx.state.chain):     # the order it resolves in (9.46: last link first)
        for pid, (step, n) in [(y.pid, x) for y in _joint_units(ctx, link) for x in _link_steps(ctx, y)]:
            key = step.label if step.label.startswith(TEAM_DETECT) else (pid, step.label)
            if key not in seen:                 # one IAMD DETECT step per joint attempt (9.06); each link its own
                seen.add(key)
                steps.append((step, n))
    return _checked(steps, drawn)


def _joint_units(ctx: Ctx, link) -> list:
    """The links whose rolls come with ``link``'s: for an INTERCEPT link, every INTERCEPT link of
    its team, window and target in link order (they DETECT together, then roll their dice in
    link order, 9.06); else ``[link]``."""
    from lcb_lab.games.lcb.rules.cards import ftr_nullify
    if ftr_nullify.kind(link) != "intercept":
        return [link]
    return [x for x in ctx.state.chain if ftr_nullify.kind(x) == "intercept" and x.team == link.team
            and x.data.get("window") == link.data.get("window") and x.data.get("to") == link.data.get("to")]


def _effect_rolls(ctx: Ctx, link) -> list[tuple[ChanceStep, int]]:
    """The rolls a card's effect makes of its own, after its effect roll, as if reached: card
    ASW (14.15) and a UUV's attack (14.12, 14.011); none for the other effects."""
    ct = ctx.ctype(ctx.card(link.card))
    eff = ct.effect(link.option)
    fn = {"asw_search": _card_asw, "uuv": _uuv}.get(eff.fn)
    return fn(ctx, link, ct, eff) if fn else []


# ---------------------------------------------------------------- embarked cargo (10.311)
def embark_losses(game: Game, a: A.AnswerEmbarkLosses, drawn: int = 0) -> tuple[ChanceStep, ...]:
    """The concealed Embarked cards the attacker's picks draw at random (10.311): each set of
    that many of the ``n`` concealed cards aboard is equally likely (a d20 per draw, rerolled
    above the largest multiple of the cards left).  Outcome: which cards are lost."""
    from lcb_lab.games.lcb.rules.embarking import losses
    ctx = game._ctx()
    choice = ctx.state.next_choice
    ship = ctx.state.units[choice.options.ship]
    k = losses.check(ctx, choice, [str(p) for p in a.picks])[2] if not ship.destroyed else 0
    pool = losses.concealed_aboard(ctx, ship.uid)
    if not k:
        return ()
    n = len(pool)
    outcomes = tuple(sorted((tuple(int(i in pick) for i in range(n)), 1.0 / comb(n, k))
                            for pick in combinations(range(n), k)))
    dice = tuple(f"1 {D20.name}, rerolled above {losses.SIDES - losses.SIDES % left}: card (roll - 1) mod {left} + 1 "
                 f"of the {left} concealed card(s) left" for left in range(n, n - k, -1))
    return (ChanceStep(f"{k} of the {n} concealed Embarked card(s) on {ship.uid} lost at random", "10.311",
                       tuple(f"{x} lost" for x in _card_names(ctx, pool)), outcomes, dice),)


def _card_names(ctx: Ctx, cards: list) -> list[str]:
    """Card names, a repeated name numbered in order (``"HELO ASW (2)"``)."""
    names = [ctx.ctype(c).name for c in cards]
    return [x if names.count(x) == 1 else f"{x} ({names[:i + 1].count(x)})" for i, x in enumerate(names)]


def resolve_combat(game: Game, a: A.ResolveCombat, drawn: int = 0) -> tuple[ChanceStep, ...]:
    """Chance's own move (7.010): the next engagement, as ``Game.chance_outcomes()`` gives it
    (``later``: the engagements the same roll makes after it); then the influence roll of each
    Proxy Force the combat fires at, should it be destroyed (13.13)."""
    from lcb_lab.games.lcb.rules.combat.chance import chance_step, marker_targets
    ctx = game._ctx()
    return (chance_step(ctx),) + influence(ctx, marker_targets(ctx))


def mildec(game: Game, a: A.AnswerMildec, drawn: int = 0) -> tuple[ChanceStep, ...] | None:
    """The MILDEC answer (4.22) goes on with what it paused: the committed combat's next
    engagement (as :func:`resolve_combat`), or after a mine hit (13.34) the step of the card
    marker the mines stopped (13.36); after a torpedo hit (14.08) it rolls nothing."""
    choice = game.pending
    ctx = game._ctx()
    if choice.after_torpedo:
        return ()
    if choice.after_mine:
        return _after_mines(ctx, ctx.state.card_markers[choice.options.mine])
    return resolve_combat(game, A.ResolveCombat(), drawn) if ctx.state.impulse.combat is not None else None


def declined(game: Game, a: A.Answer, drawn: int = 0) -> tuple[ChanceStep, ...] | None:
    """The plain ``Answer`` declines the pending choice: previewed as that kind's empty answer
    (no dice, no card, no pick, absorb 0), e.g. the pass that resolves a card chain (9.41)."""
    typed = game.pending.ANSWER()
    fn = PREVIEWS.get(type(typed)) if type(typed) is not A.Answer else None
    return fn(game, typed, drawn) if fn is not None else None


def interop_attempt(game: Game, a: A.InteropAttempt, drawn: int = 0) -> tuple[ChanceStep, ...]:
    """An attempt to remove a cube from the Interoperability Network (17.1): one d20, 1-8."""
    from lcb_lab.games.lcb.rules.optional import interoperability as interop
    interop.check_attempt(game.state, a.team)
    p = interop.ATTEMPT_SUCCEEDS_ON / D20.sides
    return (ChanceStep(f"{a.team}: Interoperability Network attempt", "17.1", ("cube removed",),
                       (((0,), 1 - p), ((1,), p)),
                       (f"1 {D20.name} succeeding on {interop.ATTEMPT_SUCCEEDS_ON} or less",)),)
def offensive_intercept(game: Game, a: A.OffensiveIntercept, drawn: int = 0) -> tuple[ChanceStep, ...]:
    """Offensive INTERCEPT (7.59, 7.510, 7.512): the hits on the target card
    (:func:`lcb_lab.games.lcb.rules.combat.offensive.chance_step`)."""
    from lcb_lab.games.lcb.rules.combat import offensive
    return (offensive.chance_step(game._ctx(), a),)


PREVIEWS: dict[type, Callable] = {
    A.ResolveCombat: resolve_combat,
    A.PlayCard: card_steps, A.AnswerCards: card_steps,
    A.AnswerMines: mines, A.OffensiveAsw: offensive_asw, A.TorpedoAttack: torpedo, A.SubmarineZor: zor,
    A.MarkerAction: marker_action, A.AnswerDefense: defense, A.AnswerEmbarkLosses: embark_losses,
    A.AnswerMildec: mildec, A.Answer: declined, A.InteropAttempt: interop_attempt,
    A.OffensiveIntercept: offensive_intercept,
}
"""Action type -> its preview: ``(game, action, dice the act draws) -> tuple[ChanceStep, ...]`` (None:
not previewed)."""
