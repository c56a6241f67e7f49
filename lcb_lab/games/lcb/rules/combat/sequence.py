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
2. :func:`answer` records the answer to the top choice (checked like any other input).
3. :func:`resolve` rolls engagement after engagement, showing exact odds
   before each roll; it pauses when a MILDEC absorption choice (4.22) is
   needed and goes on after the answer.
"""
from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING, Callable

from lcb_lab.games.lcb import plain
from lcb_lab.kernel import explain
from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.choices import Choice, EmbarkLossesChoice, GaDefenseChoice, InterceptChoice, MildecChoice
from lcb_lab.games.lcb.choice_options import Attacker, GaDefenseOptions, InterceptOptions, MildecOptions
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.games.lcb.model.state import CombatPlan, CombatResult, Engagement, Unit, other
from lcb_lab.games.lcb.rules.cards import cvs as card_cvs
from lcb_lab.games.lcb.rules.embarking import embark
from lcb_lab.games.lcb.rules.combat import ground_assault as ga_rules
from lcb_lab.games.lcb.rules.stages import influence
from lcb_lab.games.lcb.rules.common import Ctx, slot_text
from lcb_lab.games.lcb.rules.combat.destruction import destroy
from lcb_lab.games.lcb.rules.movement.conceal import reveal
from lcb_lab.games.lcb.rules.combat.intercept import card_names_of, odds_groups, target_options, validate_intercepts
from lcb_lab.games.lcb.rules.combat.intercept_pause import attacker_cannot_rule_out
from lcb_lab.games.lcb.rules.combat.lrs import validate_lrs
from lcb_lab.games.lcb.rules.markers import fortify
from lcb_lab.games.lcb.rules.combat.network import apply, lrs_modifiers, network_modifiers, terrain_modifiers
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
    lrs = [_norm(a, "shooter") for a in lrs]
    ga = [_norm(a, "attacker") for a in ga]
    if not lrs and not ga and not imp.card_lrs:
        raise IllegalAction("7.03", "no attack allocated")
    validate_lrs(ctx, lrs, active_units)
    ga_rules.validate_ga(ctx, ga, active_units)
    _one_cv_per_unit(lrs, ga)
    card_cvs.refuse_own_cv(ctx, [a["shooter"] for a in lrs] + [a["attacker"] for a in ga])   # 9.32
    hexes = _target_hexes(ctx, lrs + imp.card_lrs, ga)
    again = [h for h in hexes if h in imp.attacked_hexes]
    if again:
        raise IllegalAction("7.03", f"{', '.join(again)} was already attacked this impulse")
    return lrs, ga, hexes


def commit(ctx: Ctx, lrs: list[dict], ga: list[dict], active_units: set[str]) -> None:
    """Check and commit all of the impulse's combat (7.03, 7.05, 7.13, 7.17)."""
    imp = ctx.state.impulse
    lrs, ga, hexes = validate_commit(ctx, lrs, ga, active_units)
    # all checks passed: from here on the state changes
    attackers = [ctx.state.units[a["shooter"]] for a in lrs] + [ctx.state.units[a["attacker"]] for a in ga]
    reveal(ctx, _uniq(attackers), "units that initiate combat reveal themselves", ["7.07", "7.37"])
    _spend(ctx, lrs, "shooter", "slot", "7.36")
    _spend(ctx, [dict(a, slot="GA") for a in ga], "attacker", "slot", "7.15")
    imp.attacked_hexes.extend(hexes)
    _log_allocations(ctx, lrs, ga)
    cards = [dict(a) for a in imp.card_lrs]          # card LRS attacks join the combat (9.05)
    influence.lrs_on_populated_hexes(ctx, imp.team, [_hex(ctx, a["target"]) for a in lrs + cards])
    imp.combat = CombatPlan(lrs=lrs, ga=ga, engagements=_engagements(ctx, lrs + cards, ga), card_lrs=cards)
    for c in reversed(_pre_roll_decisions(ctx, lrs + cards, ga)):   # answered in rulebook order: top first
        ctx.state.push_choice(c)


def _norm(a: dict, who: str) -> dict:
    out = dict(a)
    out["dice"] = int(out["dice"])
    return out


def _uniq(units: list[Unit]) -> list[Unit]:
    seen, out = set(), []
    for u in units:
        if u.uid not in seen:
            seen.add(u.uid)
            out.append(u)
    return out


def _one_cv_per_unit(lrs: list[dict], ga: list[dict]) -> None:
    both = {a["shooter"] for a in lrs} & {a["attacker"] for a in ga}
    if both:
        raise IllegalAction("7.02", f"{', '.join(sorted(both))} may use only one CV in a Core Action")


def _hex(ctx: Ctx, target: str, attacker: str | None = None) -> str:
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


def _spend(ctx: Ctx, allocs: list[dict], who: str, slot_key: str, rule: str) -> None:
    for a in allocs:   # a unit's own slot or an Attached card's (9.33)
        card_cvs.spend(ctx, ctx.state.units[a[who]], a[slot_key], a["dice"])


def _log_slot(ctx: Ctx, title: str, text: str, rules: list[str], a: dict, team: str) -> None:
    """An allocation line; an Attached card's slot ``"<cid>:<slot>"`` names its card, which the
    other team may not know (9.02): it reads the same line without the facts."""
    card = {"team": team, "about": {"card": a["slot"].rsplit(":", 1)[0]}, "public_title": title,
            "public_text": text} if ":" in a["slot"] else {}
    ctx.log(explain.step("allocate", title, text, rules, **a), **card)


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


def _pre_roll_decisions(ctx: Ctx, lrs: list[dict], ga: list[dict]) -> list[Choice]:
    """The defender's pre-roll choices in rulebook order: INTERCEPT (7.54) -- asked whenever the
    attacker cannot rule out an interceptor, its options the true eligible ones
    (:func:`~lcb_lab.games.lcb.rules.combat.intercept_pause.attacker_cannot_rule_out`) -- then the GA
    defense of each hex (7.13)."""
    defender = other(ctx.state.impulse.team)
    queue: list[Choice] = []
    targets = tuple(t for t in (target_options(ctx, tgt, lrs) for tgt in _lrs_by_target(lrs)
                                if tgt in ctx.state.units) if t.attacks)     # a marker target: no INTERCEPT (12.24)
    if attacker_cannot_rule_out(ctx, targets, ctx.state.impulse.team):     # never from the hidden state
        queue.append(InterceptChoice(defender, "7.54",
                            "Allocate INTERCEPT dice against each LRS attack before any roll",
                            InterceptOptions(targets=targets, card_names=card_names_of(ctx, targets))))
    ga_hexes: dict[str, list[dict]] = defaultdict(list)
    for a in ga:
        ga_hexes[_hex(ctx, a["target"])].append(a)
    for h, allocs in ga_hexes.items():
        defs = ga_rules.defenders(ctx, h, defender)
        if defs:
            atk: dict[str, int] = defaultdict(int)
            for a in allocs:
                atk[a["attacker"]] += a["dice"]
            queue.append(GaDefenseChoice(defender, "7.13",
                                f"Declare GROUND ASSAULT defense dice in {h}",
                                GaDefenseOptions(hex=h, defenders=defs,
                                                 attackers=tuple(Attacker(uid=k, dice=v) for k, v in atk.items()))))
    return queue


def _engagements(ctx: Ctx, lrs: list[dict], ga: list[dict]) -> list[Engagement]:
    out = []
    for h in _target_hexes(ctx, lrs, ga):  # one hex at a time (7.03)
        for tgt in _lrs_by_target(lrs):
            if _hex(ctx, tgt) == h:
                out.append(Engagement("lrs", h, tgt))
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
    if plan is None or type(d) not in _ANSWERS:
        raise IllegalAction("7.010", f"the {d.name} choice belongs to no committed combat")
    _ANSWERS[type(d)](ctx, plan, d, value)
    ctx.state.choices.pop()


def _answer_intercept(ctx: Ctx, plan: CombatPlan, d: InterceptChoice, value: A.AnswerIntercept) -> None:
    """INTERCEPT dice (7.54, 7.58): checked, the interceptors revealed (7.511), the supply spent."""
    allocs = [_int_alloc(a) for a in value.intercepts]
    validate_intercepts(ctx, allocs, plan.lrs + plan.card_lrs, d.team)
    users = [ctx.state.units[a["interceptor"]] for a in allocs]
    reveal(ctx, _uniq(users), "units that attempt INTERCEPT reveal themselves", ["7.511"])
    _spend(ctx, allocs, "interceptor", "slot", "7.58")
    for a in allocs:
        against = f" against {a['shooter']}" if "shooter" in a else ""
        _log_slot(ctx, f"INTERCEPT allocated: {a['interceptor']} for {a['target']}{against}",
                  f"{a['dice']} {slot_text(a['slot'])} dice; INTERCEPT supply is spent even if unused",
                  ["7.54", "7.58"], a, d.team)
    if not allocs:
        ctx.log(explain.step("decision", f"{d.team} does not intercept", "no INTERCEPT dice allocated",
                             ["7.52"]))
    plan.intercepts = allocs


def _answer_defense(ctx: Ctx, plan: CombatPlan, d: GaDefenseChoice, value: A.AnswerDefense) -> None:
    """GROUND ASSAULT defense dice of the choice's hex (7.13, 7.15)."""
    allocs = [{"defender": a.defender, "target": a.target, "dice": int(a.dice)} for a in value.defence]
    ga_rules.validate_defense(ctx, allocs, d.options.hex, d.team)
    _spend(ctx, [dict(a, slot="GA") for a in allocs], "defender", "slot", "7.15")
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
        done = _lrs_engagement(ctx, plan, eng) if eng.type == "lrs" else _ga_engagement(ctx, plan, eng)
        if not done:
            return False
        plan.cursor += 1
        if ctx.state.next_choice is not None:    # e.g. the attacker's embarked losses (10.311)
            return False
    return True


def _cv_of(ctx: Ctx, uid: str, slot: str, mods) -> tuple[int, int]:
    base = ctx.cv(ctx.state.units[uid], slot).value
    return base, apply(base, mods)


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
    from lcb_lab.games.lcb.rules.combat.odds import engagement_odds  # numpy: imported when combat is first resolved, not to load a game
    naval = ctx.is_naval(tgt)
    shots, stoppable, unstoppable = [], [], []
    for a in plan.lrs + plan.card_lrs:
        if a["target"] != tgt.uid:
            continue
        if "card" in a:            # a card's LRS: its own CV; the network modifier first (7.62, 9.05)
            mods = lrs_modifiers(ctx.state, ctx.board, other(tgt.team), tgt.hex, naval, a.get("hex"))
            base, cannon = a["cv"], False
            cv = apply(base, mods)
        else:
            s = ctx.state.units[a["shooter"]]
            mods = lrs_modifiers(ctx.state, ctx.board, s.team, tgt.hex, naval, s.hex)
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
            mods = network_modifiers(ctx.state, u.team)
            base, cv = _cv_of(ctx, u.uid, a["slot"], mods)
            ints.append((a, base, mods, cv))
    s_free, i_pooled, answered = odds_groups(stoppable, [(a.get("shooter"), a["dice"], cv) for a, _, _, cv in ints])
    odds = engagement_odds(s_free, i_pooled, tgt.hp, unstoppable=unstoppable, answered=answered, die=DIE, rule=HITS)
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
        ctx.log(explain.step(
            "lrs_roll", f"LRS: {who} -> {tgt.uid}",
            f"{plain.cv_text(base, mods)}; {plain.dice_text(rolls, cv)}"
            + (" (cannon artillery: cannot be intercepted)" if cannon else ""),
            ["7.02", "7.3"] + [m[2] for m in mods] + (["7.52"] if cannon else []),
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
            ["7.51", "7.57"] + [m[2] for m in mods] + (["7.54"] if against else []),
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
        mods = lrs_modifiers(ctx.state, ctx.board, s.team, m.hex, m.kind != "sof", s.hex)   # a SOF marker: ashore
        base, cv = _cv_of(ctx, s.uid, a["slot"], mods)
        out.append((a, s, base, mods, cv))
    return out


def _lrs_on_marker(ctx: Ctx, plan: CombatPlan, eng: Engagement) -> bool:
    """LRS on a revealed card marker (12.24: a landing craft's; naval, 7.4 modifiers): each
    shooter rolls its dice; the hits go to the marker (:func:`lcb_lab.games.lcb.rules.transport.exposed.lrs_hit`:
    discarded with its cargo at its HP).  lcb_lab offers no INTERCEPT for it (sandbox)."""
    from lcb_lab.games.lcb.rules.transport.exposed import lrs_hit
    key = f"lrs:{eng.target}"
    if any(r.key == key for r in plan.results):
        return True
    m = ctx.state.card_markers.get(eng.target)
    hits = 0
    for a, s, base, mods, cv in marker_shots(ctx, plan, eng.target):
        if m is None:
            ctx.dice.roll(a["dice"], f"LRS {s.uid}->{eng.target}", DIE)
            continue
        rolls = ctx.dice.roll(a["dice"], f"LRS {s.uid}->{m.mid}", DIE)
        n = sum(r <= cv for r in rolls)
        hits += n
        ctx.log(explain.step("lrs_roll", f"LRS: {s.uid} -> {m.mid}", f"{plain.cv_text(base, mods)}; "
                             f"{plain.dice_text(rolls, cv)}", ["7.02", "7.3", "12.24"] + [x[2] for x in mods],
                             base_cv=base, modifiers=mods, cv=cv, dice=rolls, hits=n))
    plan.results.append(CombatResult(key, hits))
    if m is not None and (m.data.get("amphibious") or m.data.get("littoral")):
        lrs_hit(ctx, m.mid, hits, ctx.state.impulse.team)
    elif m is not None:                            # a naval ISR marker (13.26) or a SOF marker (13.43)
        from lcb_lab.games.lcb.rules.markers.isr import on_lrs_hits
        on_lrs_hits(ctx, plan, m, hits)
    return True


def _n(k: int, word: str) -> str:
    return f"{k} {word}{'' if k == 1 else 's'}"


def _apply_damage(ctx: Ctx, plan: CombatPlan, tgt: Unit, net: int, key: str, rules: list[str]) -> bool:
    """MILDEC choice (pausing if needed), then HP loss and destruction."""
    if net <= 0 or tgt.destroyed:
        return True
    decoys = [m for m in ctx.state.markers_in(tgt.hex, tgt.team)]
    if decoys and key not in plan.mildec:
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
    bonus = [("Combined Arms: LRS damaged this hex", 2, "7.17")] if h in ctx.state.impulse.lrs_damage_hexes else []
    sides = [(a, "attacker", bonus + terrain_modifiers(ctx.board, h, False)
              + fortify.ga_modifiers(ctx.state, h, ctx.state.units[a["attacker"]].team)) for a in plan.ga
             if _hex(ctx, a["target"], a["attacker"]) == h]
    gone = [s[0] for s in sides if _gone(ctx, s[0]["target"])]
    sides = [s for s in sides if not _gone(ctx, s[0]["target"])]
    sides += [(a, "defender", []) for a in plan.ga_defence.get(h, [])]
    by_target: dict[str, list] = defaultdict(list)
    for a, role, mods in sides:
        base, cv = _cv_of(ctx, a[role], "GA", mods)
        by_target[a["target"]].append((a, role, base, mods, cv))
    return gone, by_target


def ga_hp(ctx: Ctx, tgt: str) -> int:
    """HP of a GA target: a unit, or a SOF marker (13.43)."""
    return ctx.state.units[tgt].hp if tgt in ctx.state.units else ctx.state.card_markers[tgt].hp


def _roll_ga(ctx: Ctx, plan: CombatPlan, h: str, key: str) -> CombatResult:
    from lcb_lab.games.lcb.rules.combat.odds import engagement_odds  # numpy: imported when combat is first resolved
    damage: dict[str, int] = defaultdict(int)
    gone, by_target = ga_setup(ctx, plan, h)
    for a in gone:
        ctx.log(explain.step("ga_roll", f"GROUND ASSAULT: {a['attacker']} -> {a['target']}",
                             "target already destroyed: dice are lost", ["7.05", "7.13"]))
    for tgt, shots in by_target.items():
        odds = engagement_odds([], [], ga_hp(ctx, tgt), unstoppable=[(a["dice"], cv) for a, _, _, _, cv in shots],
                               die=DIE, rule=HITS)
        ctx.log(explain.step("odds", f"Odds before rolling: GROUND ASSAULT on {tgt}", odds.summary(),
                             ["7.13", "7.15"], damage=list(odds.damage), p_destroy=odds.p_destroy))
    for tgt, shots in by_target.items():
        for a, role, base, mods, cv in shots:
            rolls = ctx.dice.roll(a["dice"], f"GA {a[role]}->{tgt}", DIE)
            hits = sum(r <= cv for r in rolls)
            damage[tgt] += hits
            ctx.log(explain.step(
                "ga_roll", f"GROUND ASSAULT ({role}): {a[role]} -> {tgt}",
                f"{plain.cv_text(base, mods)}; {plain.dice_text(rolls, cv)}",
                ["7.13", "7.15"] + [m[2] for m in mods], base_cv=base, modifiers=mods, cv=cv, dice=rolls, hits=hits))
    if ctx.state.card_markers:     # 13.41: a SOF marker always fights the GROUND ASSAULT in its hex
        from lcb_lab.games.lcb.rules.markers.sof import defend
        defend(ctx, plan, h, damage)
    ctx.log(explain.step("ga_result", f"GROUND ASSAULT in {h}",
                         "damage is applied to both sides at once: " +
                         (", ".join(f"{k} {v} HP" for k, v in damage.items()) or "no hits"), ["7.13", "7.15"]))
    return CombatResult(key, damage=dict(damage))
