"""The combat sequence of one impulse (7.010, 7.03, 3.38).

All combat of an impulse is committed at once and resolved together, one
hex at a time: LRS/INTERCEPT per target, then GROUND ASSAULT (7.010).
The plan lives in ``state.impulse.combat`` as a typed
:class:`~lcb_lab.games.lcb.model.state.CombatPlan` of plain data, and the defender's
questions on the one stack ``state.choices`` (top = last = next), so a game
can be saved in the middle of it:

1. :func:`commit` checks every allocation, reveals the attackers (7.07),
   spends their supply (7.36, 7.15) and pushes the defender's choices
   (INTERCEPT allocation 7.54; GA defense dice 7.13) -- all before any roll.
2. :func:`answer` records the answer to the top choice (checked like any other input;
   the recorders: :mod:`~lcb_lab.games.lcb.rules.combat.answers`).
3. :func:`resolve` rolls engagement after engagement, showing exact odds
   before each roll; it pauses when a MILDEC absorption choice (4.22) is
   needed and goes on after the answer.
"""
from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING

from lcb_lab.games.lcb import plain
from lcb_lab.kernel import explain
from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.choices import Choice, EmbarkLossesChoice, GaDefenseChoice, InterceptChoice, MildecChoice
from lcb_lab.games.lcb.choice_options import Attacker, GaDefenseOptions, InterceptOptions, MildecOptions
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.games.lcb.model.state import CombatPlan, CombatResult, Engagement, Unit, other
from lcb_lab.games.lcb.observer_table import may_hold_mildec
from lcb_lab.games.lcb.rules.cards import cvs as card_cvs
from lcb_lab.games.lcb.rules.embarking import embark
from lcb_lab.games.lcb.rules.combat import ground_assault as ga_rules
from lcb_lab.games.lcb.rules.stages import influence
from lcb_lab.games.lcb.rules.common import Ctx, slot_text
from lcb_lab.games.lcb.rules.combat.destruction import destroy
from lcb_lab.games.lcb.rules.movement.conceal import reveal
from lcb_lab.games.lcb.rules.combat.intercept import card_names_of, interceptable_marker, odds_groups, target_options
from lcb_lab.games.lcb.rules.combat.intercept_pause import attacker_cannot_rule_out
from lcb_lab.games.lcb.rules.combat.lrs import validate_lrs
from lcb_lab.games.lcb.rules.markers import fortify
from lcb_lab.games.lcb.rules.optional import ciws, dual_cv
from lcb_lab.games.lcb.rules.optional import naval_gunfire as gunfire
from lcb_lab.games.lcb.rules.combat.answers import _ANSWERS, _log_slot, _spend, _uniq
from lcb_lab.games.lcb.rules.combat.on_marker import cv_of, lrs_on_marker as _lrs_on_marker
from lcb_lab.games.lcb.rules.combat.network import apply, lrs_modifiers, network_modifiers, terrain_modifiers
from lcb_lab.games.lcb.rules.optional import interoperability as interop
from lcb_lab.games.lcb import die as lcb_die

if TYPE_CHECKING:
    from lcb_lab.games.lcb.rules.combat.odds import EngagementOdds  # noqa: F401 - lrs_setup's return annotation

DIE = lcb_die.DIE
"""LC:B's die (7.01): every combat roll is a d20."""
HITS = lcb_die.hits_on
"""LC:B's hit rule (7.02): a die hits on a roll <= the CV after modifiers."""


# ---------------------------------------------------------------------------
# commit
# ---------------------------------------------------------------------------
def validate_commit(ctx: Ctx, lrs: list[dict], ga: list[dict],
                    active_units: set[str]) -> tuple[list[dict], list[dict], list[str]]:
    """The checks of :func:`commit`, changing nothing: ``(lrs, ga, target hexes)`` with the
    dice as ints.  Raises IllegalAction exactly when :func:`commit` would (what follows its
    checks never refuses), so :func:`lcb_lab.games.lcb.legal_combat.committable` asks it instead of trying a
    commitment on a copy of the state (7.03, 7.05, 7.13, 7.17)."""
    imp = ctx.state.impulse
    lrs, gun = gunfire.split([_norm(a, "shooter") for a in lrs])      # optional 17.3: slot "GUN"
    ga = [_norm(a, "attacker") for a in ga]
    if not lrs and not ga and not gun and not imp.card_lrs:
        raise IllegalAction("7.03", "no attack allocated")
    _one_cv_per_unit([], [], imp.intercepted, lrs + ga)       # 7.02: an offensive INTERCEPT used the unit's CV
    validate_lrs(ctx, lrs, active_units)
    gunfire.validate(ctx, gun, lrs, ga, active_units)
    ga_rules.validate_ga(ctx, ga, active_units)
    if not dual_cv.several_cvs_allowed(ctx.state):     # 17.81 (optional): every CV in one Core Action
        _one_cv_per_unit(lrs, ga)
    card_cvs.refuse_own_cv(ctx, [a["shooter"] for a in lrs + gun] + [a["attacker"] for a in ga])   # 9.32
    hexes = _target_hexes(ctx, lrs + imp.card_lrs + gun, ga)
    again = [h for h in hexes if h in imp.attacked_hexes]
    if again:
        raise IllegalAction("7.03", f"{', '.join(again)} was already attacked this impulse")
    return lrs + gun, ga, hexes


def commit(ctx: Ctx, lrs: list[dict], ga: list[dict], active_units: set[str]) -> None:
    """Check and commit all of the impulse's combat (7.03, 7.05, 7.13, 7.17)."""
    imp = ctx.state.impulse
    lrs, ga, hexes = validate_commit(ctx, lrs, ga, active_units)
    lrs, gun = gunfire.split(lrs)
    # all checks passed: from here on the state changes
    if gun:
        reveal(ctx, _uniq([ctx.state.units[a["shooter"]] for a in gun]), "NAVAL GUNFIRE reveals the firing ship",
               ["17.31", "7.07"])
        gunfire.mark_fired(ctx, [a["shooter"] for a in gun])
    attackers = [ctx.state.units[a["shooter"]] for a in lrs] + [ctx.state.units[a["attacker"]] for a in ga]
    reveal(ctx, _uniq(attackers), "units that initiate combat reveal themselves", ["7.07", "7.37"])
    _spend(ctx, lrs, "shooter", "slot", "7.36")
    _spend(ctx, [dict(a, slot="GA") for a in ga], "attacker", "slot", "7.15")
    imp.attacked_hexes.extend(hexes)
    _log_allocations(ctx, lrs, ga)
    gunfire.log_allocations(ctx, gun)
    cards = [dict(a) for a in imp.card_lrs]          # card LRS attacks join the combat (9.05)
    influence.lrs_on_populated_hexes(ctx, imp.team, [_hex(ctx, a["target"]) for a in lrs + cards])
    imp.combat = CombatPlan(lrs=lrs, ga=ga, engagements=_engagements(ctx, lrs + cards, ga, gun), card_lrs=cards,
                            gunfire=gun)
    for c in reversed(_pre_roll_decisions(ctx, lrs + cards, ga, gun)):   # answered in rulebook order: top first
        ctx.state.push_choice(c)


def _norm(a: dict, who: str) -> dict:
    out = dict(a)
    out["dice"] = int(out["dice"])
    return out


def _one_cv_per_unit(lrs: list[dict], ga: list[dict], intercepted: list[str] | tuple = (), allocs: list[dict] | tuple = ()) -> None:
    """One CV per unit in a Core Action (7.02): LRS or GA, and neither after an offensive INTERCEPT
    (7.59; ``intercepted``: those units, ``allocs``: every LRS and GA allocation)."""
    both = {a["shooter"] for a in lrs} & {a["attacker"] for a in ga}
    if both:
        raise IllegalAction("7.02", f"{', '.join(sorted(both))} may use only one CV in a Core Action")
    used = {a.get("shooter", a.get("attacker")) for a in allocs} & set(intercepted)
    if used:
        raise IllegalAction("7.02", f"{', '.join(sorted(used))} used its INTERCEPT CV offensively in this "
                            "Core Action: only one CV per Core Action")


def _hex(ctx: Ctx, target: str, attacker: str | None = None) -> str | None:
    """The hex of an LRS / GA target: a unit, or a card marker (12.24: a revealed landing craft).

    A marker already gone this combat (a Proxy Force destroyed by an LRS before the GROUND
    ASSAULT on it, 13.1) is looked for in its GA ``attacker``'s hex, where the assault is made
    (7.13)."""
    u = ctx.state.units.get(target)
    if u is not None:
        return u.hex
    m = ctx.state.card_markers.get(target)
    return m.hex if m is not None or attacker is None else ctx.state.units[attacker].hex


def _gone(ctx: Ctx, target: str) -> bool:
    """True when a GA target marker has left play during this combat (its dice are lost, 7.05)."""
    return target not in ctx.state.units and target not in ctx.state.card_markers


def _target_hexes(ctx: Ctx, lrs: list[dict], ga: list[dict]) -> list[str]:
    out: list[str] = []
    for a in lrs + ga:
        h = _hex(ctx, a["target"])
        if h not in out:
            out.append(h)
    return out


def _log_allocations(ctx: Ctx, lrs: list[dict], ga: list[dict]) -> None:
    for a in lrs:
        _log_slot(ctx, f"LRS allocated: {a['shooter']} -> {a['target']}",
                  f"{a['dice']} {slot_text(a['slot'])} dice committed; supply is spent now, hit or miss",
                  ["7.05", "7.33", "7.36"], a, ctx.state.units[a["shooter"]].team)
    for a in ga:
        ctx.log(explain.step(
            "allocate", f"GROUND ASSAULT allocated: {a['attacker']} -> {a['target']}",
            f"{a['dice']} GA dice declared openly before any roll; GA supply spent per die",
            ["7.13", "7.14", "7.15"], **a))


def _lrs_by_target(lrs: list[dict]) -> dict[str, list[dict]]:
    by: dict[str, list[dict]] = defaultdict(list)
    for a in lrs:
        by[a["target"]].append(a)
    return by


def _pre_roll_decisions(ctx: Ctx, lrs: list[dict], ga: list[dict], gun: list[dict] | tuple = ()) -> list[Choice]:
    """The defender's pre-roll choices in rulebook order: INTERCEPT (7.54) -- asked whenever the
    attacker cannot rule out an interceptor, its options the true eligible ones
    (:func:`~lcb_lab.games.lcb.rules.combat.intercept_pause.attacker_cannot_rule_out`) -- then the
    return fire against each hex's NAVAL GUNFIRE (optional 17.33, 17.41), then the GA defense of
    each hex (7.13)."""
    defender = other(ctx.state.impulse.team)
    queue: list[Choice] = []
    judged: dict = {}
    targets = tuple(t for t in (target_options(ctx, tgt, lrs, judged) for tgt in _lrs_by_target(lrs)
                                if tgt in ctx.state.units or interceptable_marker(ctx, tgt)) if t.attacks)   # 12.24
    if attacker_cannot_rule_out(ctx, targets, ctx.state.impulse.team):     # never from the hidden state
        opts = InterceptOptions(targets=targets, card_names=card_names_of(ctx, targets))
        queue.append(InterceptChoice(defender, "7.54",
                            "Allocate INTERCEPT dice against each LRS attack before any roll", opts))
        ctx.intercept_judged = (opts, judged)    # for its answer in this same act (answers._answer_intercept)
    for h in gunfire.hexes(ctx, gun):
        defs, atk = gunfire.reply_options(ctx, gun, h, defender)
        if gunfire.ask_reply(ctx, h, defender, defs):       # never from the hidden state alone
            queue.append(GaDefenseChoice(defender, "17.33", f"Declare return fire against the NAVAL GUNFIRE in {h}",
                                         GaDefenseOptions(hex=h, defenders=defs, attackers=atk, gunfire=True)))
    ga_hexes: dict[str, list[dict]] = defaultdict(list)
    for a in ga:
        ga_hexes[_hex(ctx, a["target"])].append(a)
    for h, allocs in ga_hexes.items():
        defs = ga_rules.defenders(ctx, h, defender)
        if defs:
            dice_of: dict[str, int] = defaultdict(int)
            for a in allocs:
                dice_of[a["attacker"]] += a["dice"]
            queue.append(GaDefenseChoice(defender, "7.13",
                                f"Declare GROUND ASSAULT defense dice in {h}",
                                GaDefenseOptions(hex=h, defenders=defs,
                                                 attackers=tuple(Attacker(uid=k, dice=v) for k, v in dice_of.items()))))
    return queue


def _engagements(ctx: Ctx, lrs: list[dict], ga: list[dict], gun: list[dict] | tuple = ()) -> list[Engagement]:
    out = []
    for h in _target_hexes(ctx, lrs + list(gun), ga):  # one hex at a time (7.03)
        for tgt in _lrs_by_target(lrs):
            if _hex(ctx, tgt) == h:
                out.append(Engagement("lrs", h, tgt))
        if any(_hex(ctx, a["target"]) == h for a in gun):     # optional 17.3: the hex's gun exchange
            out.append(Engagement("gunfire", h))
        if any(_hex(ctx, a["target"]) == h for a in ga):
            out.append(Engagement("ga", h))
    return out


# ---------------------------------------------------------------------------
# decisions
# ---------------------------------------------------------------------------
def pending(ctx: Ctx) -> Choice | None:
    """The choice the engine waits for: the top of ``state.choices`` (a copy sharing its
    options), or None."""
    top = ctx.state.next_choice
    return None if top is None else top.view()


def answer(ctx: Ctx, value: A.Answer) -> None:
    """Record the typed answer to the top choice (checked first), then pop it; the choice's class
    picks the rule that takes it (:data:`_ANSWERS`).

    ``value``: :class:`~lcb_lab.games.lcb.actions.AnswerIntercept` (7.54),
    :class:`~lcb_lab.games.lcb.actions.AnswerDefense` (7.13), :class:`~lcb_lab.games.lcb.actions.AnswerMildec`
    (4.22) or :class:`~lcb_lab.games.lcb.actions.AnswerEmbarkLosses` (10.311,
    :mod:`lcb_lab.games.lcb.rules.embarking.losses`), the pending choice's own answer class.
    Raises IllegalAction (rule of the refused part) and leaves the choice on the stack.
    """
    d = pending(ctx)
    if d is None:
        raise IllegalAction("7.010", "no decision is pending")
    if isinstance(d, EmbarkLossesChoice):          # 10.311: in or out of combat (a mine hit, 13.34)
        from lcb_lab.games.lcb.rules.embarking import losses
        losses.answer(ctx, value)
        return
    plan = ctx.state.impulse.combat if ctx.state.impulse else None
    if plan is not None and isinstance(d, GaDefenseChoice) and d.options.gunfire:      # optional 17.33, 17.41
        gunfire.reply(ctx, plan, [{"defender": a.defender, "target": a.target, "dice": int(a.dice)}
                                  for a in value.defence], d.options.hex, d.team)
        ctx.state.choices.pop()
        return
    if plan is None or type(d) not in _ANSWERS:
        raise IllegalAction("7.010", f"the {d.name} choice belongs to no committed combat")
    _ANSWERS[type(d)](ctx, plan, d, value)
    ctx.state.choices.pop()


# ---------------------------------------------------------------------------
# resolve
# ---------------------------------------------------------------------------
def resolve(ctx: Ctx) -> bool:
    """Roll engagements from the cursor on. Returns True when all are done,
    False when paused for a decision."""
    plan = ctx.state.impulse.combat
    q = ctx.state.next_choice
    if q is not None:  # the prompt itself may show what only the decider knows (e.g. MILDECs)
        raise IllegalAction(q.rule, f"{q.team} must first answer its {q.kind.replace('_', ' ')} decision")
    while not plan.done:
        eng = plan.engagements[plan.cursor]
        done = (_lrs_engagement(ctx, plan, eng) if eng.type == "lrs" else _gunfire_engagement(ctx, plan, eng)
                if eng.type == "gunfire" else _ga_engagement(ctx, plan, eng))
        if not done:
            return False
        plan.cursor += 1
        if ctx.state.next_choice is not None:    # e.g. the attacker's embarked losses (10.311)
            return False
    return True


_cv_of = cv_of


def _lrs_engagement(ctx: Ctx, plan: CombatPlan, eng: Engagement) -> bool:
    if eng.target not in ctx.state.units:
        return _lrs_on_marker(ctx, plan, eng)
    tgt = ctx.state.units[eng.target]
    key = f"lrs:{tgt.uid}"
    res = next((r for r in plan.results if r.key == key), None)
    if res is None:
        res = _roll_lrs(ctx, plan, tgt, key)
        plan.results.append(res)
    return _apply_damage(ctx, plan, tgt, res.net, key, ["7.57", "7.05"])


def lrs_setup(ctx: Ctx, plan: CombatPlan, tgt: Unit) -> tuple[list[tuple], list[tuple], "EngagementOdds"]:
    """What the LRS engagement on unit ``tgt`` rolls, changing nothing: ``(shots, ints, odds)``
    with ``shots`` ``(alloc, base CV, modifiers, CV, cannon)`` per attack, ``ints`` ``(alloc,
    base CV, modifiers, CV)`` per INTERCEPT allocation and their exact
    :class:`~lcb_lab.games.lcb.rules.combat.odds.EngagementOdds` (7.02, 7.52, 7.57)."""
    from lcb_lab.games.lcb.rules.combat.odds import remembered_odds  # numpy: imported when combat is first resolved, not to load a game
    naval = ctx.is_naval(tgt)
    shots, stoppable, unstoppable = [], [], []
    for a in plan.lrs + plan.card_lrs:
        if a["target"] != tgt.uid:
            continue
        if "card" in a:            # a card's LRS: its own CV; the network modifier first (7.62, 9.05)
            mods = lrs_modifiers(ctx.state, ctx.board, other(tgt.team), tgt.hex, naval, a.get("hex"))
            if ctx.state.optional_data:    # 17.1: a target another nation revealed
                card = ctx.state.cards.get(a["card"])
                host = ctx.state.units.get(card.host or "") if card is not None else None
                mods = mods + interop.lrs_modifiers(ctx.state, interop.card_nation(ctx.state, host, other(tgt.team)),
                                                    other(tgt.team), tgt)
            base, cannon = a["cv"], False
            cv = apply(base, mods)
        else:
            s = ctx.state.units[a["shooter"]]
            mods = lrs_modifiers(ctx.state, ctx.board, s.team, tgt.hex, naval, s.hex)
            if ctx.state.optional_data:    # 17.1: a target another nation revealed
                mods = mods + interop.lrs_modifiers(ctx.state, interop.nation(ctx.state, s), s.team, tgt)
            base, cv = _cv_of(ctx, s.uid, a["slot"], mods)
            cannon = ctx.utype(s).cannon_artillery
        shots.append((a, base, mods, cv, cannon))
        if cannon:
            unstoppable.append((a["dice"], cv))
        else:
            stoppable.append((a["shooter"], a["dice"], cv))
    ints = []
    for a in plan.intercepts:
        if a["target"] == tgt.uid:
            u = ctx.state.units[a["interceptor"]]
            mods = network_modifiers(ctx.state, u.team) + interop.intercept_modifiers(ctx.state, u, tgt)
            base, cv = _cv_of(ctx, u.uid, a["slot"], mods)
            ints.append((a, base, mods, cv))
    s_free, i_pooled, answered = odds_groups(stoppable, [(a.get("shooter"), a["dice"], cv) for a, _, _, cv in ints])
    odds = remembered_odds(s_free, i_pooled, tgt.hp, unstoppable=unstoppable, answered=answered, die=DIE, rule=HITS)
    return shots, ints, odds


def _roll_lrs(ctx: Ctx, plan: CombatPlan, tgt: Unit, key: str) -> CombatResult:
    if tgt.destroyed:
        ctx.log(explain.step("lrs", f"LRS on {tgt.uid}", "target already destroyed: dice are lost", ["7.05"]))
        return CombatResult(key, 0)
    shots, ints, odds = lrs_setup(ctx, plan, tgt)
    ctx.log(explain.step(
        "odds", f"Odds before rolling: LRS on {tgt.uid} ({tgt.hp} HP)",
        odds.summary() + "".join(f"; {a.get('name', a['shooter'])} {a['dice']} dice at {cv}" for a, _, _, cv, _ in shots)
        + "".join(f"; INTERCEPT {a['interceptor']} {a['dice']} dice at {cv}"
                  + (f" against {a['shooter']}" if a.get("shooter") else "") for a, _, _, cv in ints)
        + f" ({odds.distribution_text()})",
        ["7.02", "7.57"], damage=list(odds.damage), p_destroy=odds.p_destroy,
        expected=odds.expected_damage))
    hits_unstop = 0
    hits_by: dict[str, int] = defaultdict(int)      # interceptable hits per attack (shooter)
    for a, base, mods, cv, cannon in shots:
        who = a.get("name", a["shooter"])
        rolls = ctx.dice.roll(a["dice"], f"LRS {who}->{tgt.uid}", DIE)
        hits = sum(r <= cv for r in rolls)
        if cannon:
            hits_unstop += hits
        else:
            hits_by[a["shooter"]] += hits
        direct = cannon and _direct_fire(ctx, a, tgt)          # optional 17.51: at range 0
        ctx.log(explain.step(
            "lrs_roll", f"{'ARTILLERY DIRECT FIRE' if direct else 'LRS'}: {who} -> {tgt.uid}",
            f"{plain.cv_text(base, mods)}; {plain.dice_text(rolls, cv)}"
            + (" (ARTILLERY DIRECT FIRE at range 0: no CV penalty; cannot be INTERCEPTED)" if direct else
               " (cannon artillery: cannot be intercepted)" if cannon else ""),
            ["7.02", "7.3"] + [m[2] for m in mods] + (["7.52"] if cannon else [])
            + (["17.51", "17.53"] + (["17.54"] if any(m[2] == "13.51" for m in mods) else []) if direct else []),
            base_cv=base, modifiers=mods, cv=cv, dice=rolls, hits=hits))
    int_by: dict[str | None, int] = defaultdict(int)   # INTERCEPT successes per attack answered (None: all)
    for a, base, mods, cv in ints:
        against = a.get("shooter")
        rolls = ctx.dice.roll(a["dice"], f"INTERCEPT {a['interceptor']} for {tgt.uid}"
                              + (f" against {against}" if against else ""), DIE)
        hits = sum(r <= cv for r in rolls)
        int_by[against] += hits
        ctx.log(explain.step(
            "intercept_roll", f"INTERCEPT: {a['interceptor']} for {tgt.uid}" + (f" against {against}" if against else ""),
            f"{plain.cv_text(base, mods)}; {plain.dice_text(rolls, cv)}",
            ["7.51", "7.57"] + [m[2] for m in mods] + (["7.54"] if against else [])
            + (["7.514"] if a["slot"] == ciws.SLOT else []),
            base_cv=base, modifiers=mods, cv=cv, dice=rolls, hits=hits, shooter=against))
    through = sum(max(0, h - int_by.get(s, 0)) for s, h in hits_by.items())   # named intercepts: their attack only
    stop = max(0, through - int_by.get(None, 0))                               # the rest: any attack on the target
    net = hits_unstop + stop
    hits_stop = sum(hits_by.values())
    ctx.log(explain.step(
        "lrs_result", f"Net LRS on {tgt.uid}",
        f"{_n(hits_stop + hits_unstop, 'LRS hit')} - {hits_stop - stop} intercepted = {net} HP "
        "(intercepts count only against this target"
        + (", and those naming an attack only against that attack's hits)" if len(int_by) > (None in int_by) else ")"),
        ["7.57"] + (["7.54"] if len(int_by) > (None in int_by) else []), net=net))
    return CombatResult(key, net)


def _direct_fire(ctx: Ctx, a: dict, tgt: Unit) -> bool:
    """Is LRS allocation ``a`` at ``tgt`` an offensive ARTILLERY DIRECT FIRE (optional 17.51)?"""
    if not ctx.state.optional_rules or "card" in a:
        return False
    from lcb_lab.games.lcb.rules.optional import artillery_direct_fire as adf
    return adf.offensive(ctx, ctx.state.units[a["shooter"]], tgt.hex)


def _n(k: int, word: str) -> str:
    return f"{k} {word}{'' if k == 1 else 's'}"


def _apply_damage(ctx: Ctx, plan: CombatPlan, tgt: Unit, net: int, key: str, rules: list[str]) -> bool:
    """MILDEC choice (pausing if needed), then HP loss and destruction.

    The defender is asked whenever the attacker cannot rule out a MILDEC in the hex (a face-up
    MILDEC or any back of the defender there, 4.22 with 6.11), not only when one is there, so the
    pause does not tell the attacker a back is a MILDEC; without one the choice offers none."""
    if net <= 0 or tgt.destroyed:
        return True
    decoys = [m for m in ctx.state.markers_in(tgt.hex, tgt.team)]
    if key not in plan.mildec and (decoys or may_hold_mildec(ctx.state, other(tgt.team), tgt.hex, tgt.team,
                                                              ctx.catalog)):
        ctx.state.push_choice(MildecChoice(
            tgt.team, "4.22",
            f"{tgt.uid} takes {net} HP: spend MILDECs in {tgt.hex} to absorb?",
            MildecOptions(key=key, target=tgt.uid, damage=net, mildecs=len(decoys))))
        return False
    absorbed = plan.mildec.get(key, 0)
    for m in decoys[:absorbed]:
        m.destroyed = True
    if absorbed:
        ctx.log(explain.step("mildec", f"MILDEC absorbs {absorbed} HP for {tgt.uid}",
                             f"{absorbed} MILDEC counter(s) destroyed instead", ["4.22", "7.06"]))
    dmg = net - absorbed
    if dmg <= 0:
        return True
    before = tgt.hp
    tgt.hp = max(0, tgt.hp - dmg)
    lost = before - tgt.hp
    extra = f"; {dmg - lost} more hit(s) are lost: hits never carry over to another target (7.05)" if dmg > lost else ""
    ctx.log(explain.step("damage", f"{tgt.uid} loses {lost} HP", f"HP {before} -> {tgt.hp}{extra}", rules,
                         unit=tgt.uid, hp_before=before, hp_after=tgt.hp, hits=dmg))
    if key.startswith("lrs:") and tgt.hex not in ctx.state.impulse.lrs_damage_hexes:
        ctx.state.impulse.lrs_damage_hexes.append(tgt.hex)  # Combined Arms bonus (7.17)
    if tgt.hp <= 0:
        destroy(ctx, tgt, other(tgt.team))
    elif lost:
        embark.on_ship_damaged(ctx, tgt.uid, lost, other(tgt.team))    # 10.311 (no-op for other units)
    return True


def _gunfire_engagement(ctx: Ctx, plan: CombatPlan, eng: Engagement) -> bool:
    """The NAVAL GUNFIRE exchange of one hex (optional 17.33, 17.35): all dice rolled, then each
    target's hits at once (a MILDEC choice first where one may absorb, 17.34, 4.22)."""
    key = f"gun:{eng.hex}"
    res = next((r for r in plan.results if r.key == key), None)
    if res is None:
        res = gunfire.roll(ctx, plan, eng.hex, key)
        plan.results.append(res)
    for uid, dmg in res.damage.items():
        if uid not in ctx.state.units:            # a naval ISR marker (17.36)
            m = ctx.state.card_markers.get(uid)
            if m is not None:
                gunfire.on_marker(ctx, m, dmg)
            res.damage[uid] = 0
            continue
        if not _apply_damage(ctx, plan, ctx.state.units[uid], dmg, f"{key}:{uid}", ["17.35"]):
            return False
        res.damage[uid] = 0
    return True


def _ga_engagement(ctx: Ctx, plan: CombatPlan, eng: Engagement) -> bool:
    h = eng.hex
    key = f"ga:{h}"
    res = next((r for r in plan.results if r.key == key), None)
    if res is None:
        res = _roll_ga(ctx, plan, h, key)
        plan.results.append(res)
    for uid, dmg in res.damage.items():
        if uid not in ctx.state.units:            # a SOF marker (13.43): GA hits, with this impulse's LRS hits
            from lcb_lab.games.lcb.rules.markers.sof import ga_hits
            ga_hits(ctx, plan, uid, dmg)
            res.damage[uid] = 0
            continue
        if not _apply_damage(ctx, plan, ctx.state.units[uid], dmg, f"{key}:{uid}", ["7.15"]):
            return False
        res.damage[uid] = 0
    return True


def ga_setup(ctx: Ctx, plan: CombatPlan, h: str) -> tuple[list[dict], dict[str, list]]:
    """What the GROUND ASSAULT in ``h`` rolls, changing nothing: ``(gone, by_target)``: the
    attacks whose target left play this combat (their dice are lost, 7.05) and per target
    ``(alloc, role, base CV, modifiers, CV)`` of every side firing at it (7.13, 7.15, 7.17)."""
    damaged = h in ctx.state.impulse.lrs_damage_hexes       # 7.17; 17.82 when the unit's own LRS did it

    def bonus(a: dict) -> list:
        return [dual_cv.bonus(ctx.state, plan.lrs, h, lambda t: _hex(ctx, t), a["attacker"])] if damaged else []
    sides = [(a, "attacker", bonus(a) + terrain_modifiers(ctx.board, h, False)
              + fortify.ga_modifiers(ctx.state, h, ctx.state.units[a["attacker"]].team)) for a in plan.ga
             if _hex(ctx, a["target"], a["attacker"]) == h]
    gone = [s[0] for s in sides if _gone(ctx, s[0]["target"])]
    sides = [s for s in sides if not _gone(ctx, s[0]["target"])]
    sides += [(a, "defender", ga_rules.defense_modifiers(ctx, ctx.state.units[a["defender"]]))
              for a in plan.ga_defence.get(h, [])]
    by_target: dict[str, list] = defaultdict(list)
    for a, role, mods in sides:
        slot = "GA" if role == "attacker" else ga_rules.defense_slot(ctx, ctx.state.units[a[role]])
        base, cv = _cv_of(ctx, a[role], slot, mods)
        by_target[a["target"]].append((a, role, base, mods, cv))
    return gone, by_target


def ga_hp(ctx: Ctx, tgt: str) -> int:
    """HP of a GA target: a unit, or a SOF marker (13.43)."""
    return ctx.state.units[tgt].hp if tgt in ctx.state.units else ctx.state.card_markers[tgt].hp


def _roll_ga(ctx: Ctx, plan: CombatPlan, h: str, key: str) -> CombatResult:
    from lcb_lab.games.lcb.rules.combat.odds import remembered_odds  # numpy: imported when combat is first resolved
    damage: dict[str, int] = defaultdict(int)
    gone, by_target = ga_setup(ctx, plan, h)
    for a in gone:
        ctx.log(explain.step("ga_roll", f"GROUND ASSAULT: {a['attacker']} -> {a['target']}",
                             "target already destroyed: dice are lost", ["7.05", "7.13"]))
    for tgt, shots in by_target.items():
        odds = remembered_odds([], [], ga_hp(ctx, tgt), unstoppable=[(a["dice"], cv) for a, _, _, _, cv in shots],
                               die=DIE, rule=HITS)
        ctx.log(explain.step("odds", f"Odds before rolling: GROUND ASSAULT on {tgt}", odds.summary(),
                             ["7.13", "7.15"], damage=list(odds.damage), p_destroy=odds.p_destroy))
    for tgt, shots in by_target.items():
        for a, role, base, mods, cv in shots:
            rolls = ctx.dice.roll(a["dice"], f"GA {a[role]}->{tgt}", DIE)
            hits = sum(r <= cv for r in rolls)
            damage[tgt] += hits
            direct = any(m[2] == "17.52" for m in mods)       # optional 17.52: cannon artillery answering
            ctx.log(explain.step(
                "ga_roll", f"{'ARTILLERY DIRECT FIRE' if direct else 'GROUND ASSAULT'} ({role}): {a[role]} -> {tgt}",
                f"{plain.cv_text(base, mods)}; {plain.dice_text(rolls, cv)}"
                + (" (LRS at range 0 in answer to the GROUND ASSAULT; cannot be INTERCEPTED)" if direct else ""),
                ["7.13", "7.15"] + (["17.51", "17.53"] if direct else []) + [m[2] for m in mods],
                base_cv=base, modifiers=mods, cv=cv, dice=rolls, hits=hits))
    if ctx.state.card_markers:     # 13.41: a SOF marker always fights the GROUND ASSAULT in its hex
        from lcb_lab.games.lcb.rules.markers.sof import defend
        defend(ctx, plan, h, damage)
    ctx.log(explain.step("ga_result", f"GROUND ASSAULT in {h}",
                         "damage is applied to both sides at once: " +
                         (", ".join(f"{k} {v} HP" for k, v in damage.items()) or "no hits"), ["7.13", "7.15"]))
    return CombatResult(key, damage=dict(damage))
