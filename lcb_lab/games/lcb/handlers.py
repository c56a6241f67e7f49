"""What each typed action does: one handler per action class (3.3, 7.010).

:meth:`lcb_lab.games.lcb.game.Game.apply` checks the action, snapshots the state and
calls ``HANDLERS[type(action)](game, ctx, action)``; a handler either changes
``ctx.state`` through the rules modules or raises
:class:`~lcb_lab.kernel.errors.IllegalAction` (the state is then put back).  A
handler's return value is kept as ``game.result`` (e.g. the units a ZOR
revealed, or whether ResolveCombat finished the combat).

Combat resumes through one loop, :func:`advance`: answer pending choices by
the auto policies (if set), roll while the plan is rolling, stop at a choice
a person must make or when every engagement is done.
"""
from __future__ import annotations

from dataclasses import asdict
from typing import TYPE_CHECKING, Any, Callable, Iterable

from lcb_lab.games.lcb import actions as A
from lcb_lab.kernel import explain
from lcb_lab.games.lcb import observer
from lcb_lab.games.lcb.choices import CHOICE_KINDS, CardResponseChoice, Choice, GaDefenseChoice, MildecChoice
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.games.lcb.rules.combat import sequence as combat_sequence, continuing, offensive
from lcb_lab.games.lcb.rules.movement import conceal, move as move_rules, resupply, tf_counters
from lcb_lab.games.lcb.rules.stages import deployment, planning, sequence
from lcb_lab.games.lcb.handlers_stages import (buy_card, deployment_order, deploy_unit, end_deployment, end_planning,
                                               place_card)
from lcb_lab.games.lcb.rules.cards import scripted
from lcb_lab.games.lcb.rules.combat import ground_assault as ga_rules
from lcb_lab.games.lcb.rules.markers import free_actions, proxy
from lcb_lab.games.lcb.rules.transport import ports
from lcb_lab.games.lcb.rules.submarines import asw, operations
from lcb_lab.games.lcb.rules.optional import naval_supply, preload
from lcb_lab.games.lcb.rules.optional import interoperability as interop
from lcb_lab.games.lcb.rules.cards import registry as _effects  # noqa: F401  every card effect, registered once (9.0)
from lcb_lab.games.lcb.rules.common import Ctx, GameLike, living_unit, refs
from lcb_lab.games.lcb.model.state import Declared, Impulse, Marker, Unit

if TYPE_CHECKING:
    from lcb_lab.games.lcb.choices import EmbarkLossesChoice, InterceptChoice, MineAttackChoice


# ------------------------------------------------------------------ helpers
def impulse(ctx: Ctx) -> "Impulse":
    """The impulse under way.  IllegalAction (3.3) when there is none."""
    imp = ctx.state.impulse
    if imp is None:
        raise IllegalAction("3.3", "no impulse in progress")
    return imp


def declared(ctx: Ctx, aid: int) -> "Declared":
    """The declared Core Action with stable id ``aid`` (``#aid`` in the log)."""
    imp = impulse(ctx)
    if imp.phase == "declare":
        raise IllegalAction("3.03", "declare the impulse's Core Actions first")
    d = next((d for d in imp.actions if d.aid == aid), None)
    if d is None:
        ids = ", ".join(f"#{x.aid}" for x in imp.actions) or "none"
        raise IllegalAction("3.31", f"there is no declared action #{aid} (declared: {ids})")
    if imp.combat is not None and imp.phase != "combat_done":
        raise IllegalAction("3.38", "combat has been committed: resolve it before anything else")
    return d


def d_team(ctx: Ctx) -> str:
    """The acting team (the impulse's)."""
    return impulse(ctx).team


def _named_unit(c: Ctx, team: str, uid) -> "Unit | None":
    """The unit ``uid`` when ``team`` may name it (:func:`lcb_lab.games.lcb.observer.knows`), else None."""
    u = c.state.units.get(uid) if isinstance(uid, str) else None
    return u if u is not None and observer.knows(c.state, team, u) else None


def check_targets(c: Ctx, team: str, names: Iterable[object], rule: str) -> None:
    """Refuse a target ``team`` cannot see face up on the map (7.32: concealed units cannot be
    attacked; 6.11; an Embarked unit is reached through its ship, 10.311) with one message
    whether it is concealed, embarked or does not exist at all."""
    for n in names:
        u = _named_unit(c, team, n)
        if u is None or (u.team != team and u.embarked_on is not None):
            raise IllegalAction(rule, f"{team} sees no face-up enemy unit named {n!r} to attack "
                                "(concealed counters cannot be targeted)")


def _seen_marker(c: Ctx, team: str, mid: str) -> bool:
    """A face-up enemy card marker ``team`` may name as an LRS target (12.24)."""
    m = c.state.card_markers.get(mid)
    return m is not None and m.team != team and observer.knows(c.state, team, m)


def check_names(c: Ctx, team: str, units: Iterable[object] = (), markers: Iterable[object] = ()) -> None:
    """Refuse a name ``team`` cannot know (:func:`lcb_lab.games.lcb.observer.knows`) -- no such counter,
    or another team's counter face down, destroyed face down or embarked on a concealed ship
    (6.11) -- with ONE message for all of them, so a refusal never tells whether a hidden
    counter exists, where it is or what it is."""
    for n in units:
        if _named_unit(c, team, n) is None:
            raise IllegalAction("6.11", f"{team} knows no unit named {n!r}")
    for n in markers:
        m = c.state.markers.get(n) if isinstance(n, str) else None
        if m is None or not observer.knows(c.state, team, m):
            raise IllegalAction("6.11", f"{team} knows no MILDEC named {n!r}")


def usable(d: "Declared", what: str) -> None:
    """Refuse to use declared action ``d`` for ``what`` (e.g. ``"combat"``) when it moved a hex beyond
    its MP (5.14) or has split from its stack without moving yet (3.37).  Raises IllegalAction."""
    if d.over_mp:
        raise IllegalAction("5.14", f"action #{d.aid} moved one hex beyond its MP and can do nothing "
                            f"else ({what})")
    if d.split and not d.moved:
        raise IllegalAction("3.37", f"action #{d.aid} splits from its stack: move into the new hex first")


# ------------------------------------------------------------------ sequence
def relinquish(game: GameLike, c: Ctx, a: A.Relinquish) -> None:
    """Handler of Relinquish: the initiative team lets the other go first (3.41, 3.42)."""
    sequence.relinquish(c)


def begin_impulse(game: GameLike, c: Ctx, a: A.BeginImpulse) -> None:
    """Handler of BeginImpulse: start Task Force ``a.task_force``'s impulse (3.3, 3.39)."""
    sequence.begin(c, a.task_force)


def declare(game: GameLike, c: Ctx, a: A.Declare) -> None:
    """Handler of Declare: activate units / stacks with their Core Actions (3.03, 3.31-3.37; names
    checked first, 6.11); a Tactical Network repair removes a cube of the team's network (7.61)."""
    if c.state.impulse is not None:
        check_names(c, c.state.impulse.team, [u for x in a.actions for u in x.units],
                    [m for x in a.actions for m in x.markers])
    known = getattr(game, "declared_checks", None)      # the random player's checks of this state
    sequence.declare(c, [{"kind": x.kind, "units": list(x.units), "jcc": x.jcc, "markers": list(x.markers)}
                         for x in a.actions], [known.get(x) for x in a.actions] if known else None)
    for d in c.state.impulse.actions:
        if d.kind == sequence.NETWORK_REPAIR:
            scripted.network_cube(c, c.state.impulse.team, -1, "Tactical Network repair (2 AP)", ["7.61"])


def end_impulse(game: GameLike, c: Ctx, a: A.EndImpulse) -> None:
    """Handler of EndImpulse: end the impulse (3.3); after the last one, the end of the turn."""
    sequence.end(c)


# ------------------------------------------------------------------ acts of a declared action
def move(game: GameLike, c: Ctx, a: A.Move) -> None:
    """Handler of Move: declared action ``a.action`` moves its units (or its markers) along ``a.path``
    (5.1; Combined Arms Movement when ``a.units`` names part of the stack, 5.13); mines it meets are
    answered first (13.34).  Raises IllegalAction (3.31, 5.16, a pending choice's rule)."""
    if c.state.choices:                     # e.g. mines stopped a move (13.34): answered first
        q = c.state.choices[-1]
        raise IllegalAction(q.rule, f"{q.team} must first answer its {q.kind.replace('_', ' ')} choice")
    d = declared(c, a.action)
    check_names(c, d_team(c), a.units or ())
    if d.moved:
        raise IllegalAction("5.16", f"action #{d.aid} has already moved")
    if not d.units and d.markers:
        p, over = move_rules.move_markers(c, d.markers, list(a.path))
        d.moved, d.path, d.over_mp = True, p, over
        return
    if d.kind == "play_jcc" or not d.units:
        raise IllegalAction("3.31", f"action #{d.aid} has no units to move")
    movers = [c.state.units[u] for u in d.units if not c.state.units[u].destroyed]
    if not movers:
        raise IllegalAction("3.31", f"action #{d.aid} has no units left to move: they were destroyed")
    if a.units is not None and set(a.units) != {u.uid for u in movers}:
        movers = _combined_arms_movers(c, d, list(a.units))
    p, over = move_rules.move(c, movers, list(a.path), d.markers)
    d.moved, d.path, d.over_mp = True, p, over
    advance_mines(game, c)
    advance(game, c)          # and a 10.311 choice a mine hit left (auto policies; no combat here)


def _combined_arms_movers(c: Ctx, d: "Declared", units: list[str]) -> list:
    """Check the Combined Arms Movement exception (5.13) and return the moving units."""
    stay = [u for u in d.units if u not in units and not c.state.units[u].destroyed]
    for u in stay:                     # 4.35: a Task Force Counter's units move together
        tf_counters.check_alone(c.state.units[u])
    if d.kind != "move_combat" or set(units) - set(d.units) or not units:
        raise IllegalAction("5.13", f"action #{d.aid}: a stack moves together; only a Move and/or "
                            "Initiate Combat action may leave its LRS units behind (Combined Arms Movement)")
    if not all(c.utype(u).cv("GA") for u in units) or not all(c.utype(u).cvs_of("LRS") for u in stay):
        raise IllegalAction("5.13", "Combined Arms Movement: the units that move must have a GROUND ASSAULT "
                            "value and the units that stay an LRS value")
    c.log(explain.step("split", "Combined Arms Movement",
                       f"{', '.join(stay)} stay to fire LRS while {', '.join(units)} move on; the stack splits "
                       "(1 AP)", ["5.13"]),
          team=d_team(c), stay=refs([c.state.units[u] for u in stay]), go=refs([c.state.units[u] for u in units]))
    return [c.state.units[u] for u in units]


def exercise_zor(game: GameLike, c: Ctx, a: A.ExerciseZor) -> list[str]:
    """Handler of ExerciseZor: the action's ground units exercise their ZOR into ``a.hex`` (6.21, once
    per action).  Returns the uids revealed."""
    d, units = check_exercise_zor(c, a)
    out = conceal.exercise_ground_zor(c, units, units[0].hex, a.hex)
    d.zor_used = True
    return [u.uid for u in out]


def check_exercise_zor(c: Ctx, a: A.ExerciseZor) -> tuple[Declared, list[Unit]]:
    """The checks of :func:`exercise_zor` before the ZOR's own (the declared action, its one ZOR, its
    living units; 3.03, 3.31, 3.38, 6.21), changing nothing: ``(declared action, its living units)``.
    Raises IllegalAction."""
    d = declared(c, a.action)
    if d.zor_used:
        raise IllegalAction("6.21", f"action #{d.aid} has already used its ZOR")
    units = [c.state.units[u] for u in d.units if not c.state.units[u].destroyed]
    if not units:
        raise IllegalAction("6.21", "no ground unit to exercise a ZOR")
    return d, units


def conceal_act(game: GameLike, c: Ctx, a: A.Conceal) -> None:
    """Handler of Conceal: the units of a Move and/or Conceal action conceal (6.1, once per action).
    Raises IllegalAction."""
    d, units, marks = check_conceal(c, a)
    conceal.conceal(c, units, marks)
    d.concealed = True


def check_conceal(c: Ctx, a: A.Conceal) -> tuple[Declared, list[Unit], list[Marker]]:
    """The checks of :func:`conceal_act`, changing nothing, in its order (3.03, 6.11, 6.1, 3.36, 3.38;
    each unit where it may conceal: :func:`lcb_lab.games.lcb.rules.movement.conceal.check_can_conceal`,
    6.22, 6.23, 13.42, 14.06).  Returns the declared action, the units that conceal and the
    MILDECs acting on their own (when no unit does).  Raises IllegalAction."""
    d = declared(c, a.action)
    check_names(c, d_team(c), a.units or ())
    if d.kind != "move_conceal":
        raise IllegalAction("6.1", f"action #{d.aid} is {sequence.CORE_ACTION_NAMES[d.kind]}, "
                            "not Move and/or Conceal")
    usable(d, "conceal")
    if d.concealed:
        raise IllegalAction("6.1", f"action #{d.aid} has already concealed")
    chosen = list(a.units) if a.units else d.units
    if set(chosen) - set(d.units):
        raise IllegalAction("3.36", "only units of this action may conceal")
    marks = [c.state.markers[m] for m in d.markers if not c.state.markers[m].destroyed]
    if not chosen and not marks:
        raise IllegalAction("6.1", f"action #{d.aid} has nothing to conceal")
    units = [living_unit(c, u, "6.1") for u in chosen]
    for u in units:
        conceal.check_can_conceal(c, u)
    return d, units, marks if not chosen else []


def resupply_act(game: GameLike, c: Ctx, a: A.Resupply) -> None:
    """Handler of Resupply: logistics unit ``a.logistics`` of a Move and/or Resupply action grants RP
    (8.0-8.05; once per impulse, 8.01; grants to friendly markers' cards, 13.28).  Raises IllegalAction."""
    d = declared(c, a.action)
    own_markers = {m for m, x in c.state.card_markers.items() if x.team == d_team(c)}   # 13.28
    check_names(c, d_team(c), [a.logistics] + [g.unit for g in a.grants if g.unit not in own_markers])
    if d.kind != "move_resupply":
        raise IllegalAction("8.0", f"action #{d.aid} is not Move and/or Resupply")
    if a.logistics not in d.units:
        raise IllegalAction("3.36", f"{a.logistics} is not activated in action #{d.aid}")
    usable(d, "resupply")
    if a.logistics in c.state.impulse.resupplied:
        raise IllegalAction("8.01", f"{a.logistics} has already conducted a RESUPPLY this impulse")
    resupply.resupply(c, c.state.units[a.logistics], a.rv_slot, [asdict(g) for g in a.grants])
    c.state.impulse.resupplied.append(a.logistics)
    d.resupplied = True


def scripted_effect(game: GameLike, c: Ctx, a: A.ScriptedEffect) -> None:
    """Handler of ScriptedEffect: apply a scripted card effect (:mod:`lcb_lab.games.lcb.rules.cards.scripted`)."""
    scripted.apply(c, a.to_effect())


# ------------------------------------------------------------------ combat
def _combat_units(c: Ctx, attackers: set[str]) -> set[str]:
    """Units of Move and/or Initiate Combat actions; refuses attackers whose
    action cannot fight (5.14, 3.37)."""
    out: set[str] = set()
    for d in impulse(c).actions:
        if d.kind == "move_combat":
            if attackers & set(d.units):
                usable(d, "combat")
            out.update(d.units)
    return out


def commit_combat(game: GameLike, c: Ctx, a: A.CommitCombat) -> None:
    """Handler of CommitCombat: the LRS and GROUND ASSAULT allocations are committed together (3.38,
    7.03; checks in :func:`check_commit_combat`); Combined Arms support (7.18), a submarine's LRS
    marker (14.05, 14.06), offensive combat once a turn (7.27); then the windows open."""
    lrs, ga, active, engaged, support = check_commit_combat(c, a)
    continuing.combined_arms(c, lrs, ga, support)                      # 7.18
    combat_sequence.commit(c, list(lrs), list(ga), active | engaged | support)
    for uid in dict.fromkeys(x["shooter"] for x in lrs):      # 14.05, 14.06: a submarine's marker for its LRS
        if c.utype(uid).is_submarine:
            operations.on_lrs(c, c.state.units[uid])
    continuing.check_commit(c, ga)   # after the allocations' own checks (rolled back if refused)
    for uid in engaged & {x["attacker"] for x in ga}:
        c.state.units[uid].acted = True   # offensive combat once a turn (7.27)
    advance(game, c)


def check_commit_combat(c: Ctx, a: A.CommitCombat, engaged: set[str] | None = None
                        ) -> tuple[list[dict], list[dict], set[str], set[str], set[str]]:
    """The checks :func:`commit_combat` makes before the combat rules' own, changing nothing:
    ``(lrs, ga, active, engaged, support)`` -- the allocations as dicts, the units of Move
    and/or Initiate Combat actions, the 0-AP attackers (7.22, 12.07) and the Combined Arms
    supporters (7.18); ``engaged`` given: the 0-AP attackers the caller read of this very state.
    Raises IllegalAction as :func:`commit_combat` would."""
    lrs = [{"shooter": x.shooter, "slot": x.slot, "target": x.target, "dice": x.dice} for x in a.lrs]   # asdict
    ga = [{"attacker": x.attacker, "target": x.target, "dice": x.dice} for x in a.ga]
    imp = impulse(c)
    check_names(c, imp.team, [x.shooter for x in a.lrs] + [x.attacker for x in a.ga])
    check_targets(c, imp.team, [x.target for x in a.lrs if not _seen_marker(c, imp.team, x.target)], "7.32")
    check_targets(c, imp.team, [x.target for x in a.ga if not _seen_marker(c, imp.team, x.target)], "7.13")   # 13.43
    if imp.phase == "declare":
        raise IllegalAction("3.03", "declare the impulse's Core Actions first")
    if imp.combat is not None:
        raise IllegalAction("3.38", "all combat of an impulse is committed and resolved at the same time; "
                            "it was already committed")
    attackers = {x["shooter"] for x in lrs} | {x["attacker"] for x in ga}
    for uid in dict.fromkeys(x["shooter"] for x in lrs):       # 14.04: LRS or torpedoes in an impulse
        u = c.state.units.get(uid)
        if u is not None and u.fired == "torpedo" and c.utype(uid).is_submarine:
            raise IllegalAction("14.04", f"{uid} fired torpedoes this impulse: LRS or torpedoes, not both")
    active = _combat_units(c, attackers)
    engaged = continuing.zero_ap_attackers(c, imp.task_force) if engaged is None else engaged   # 7.22, 7.25
    support = {x["shooter"] for x in lrs} - active - engaged
    return lrs, ga, active, engaged, support


def answer(game: GameLike, c: Ctx, a: A.Answer) -> None:
    """Any answer action: checked against the pending choice's class (its :attr:`ANSWER`; the
    bare :class:`~lcb_lab.games.lcb.actions.Answer` declines it), then handed to the rules that asked."""
    choice = combat_sequence.pending(c)
    if choice is None and isinstance(a, A.AnswerCards):
        raise IllegalAction("9.41", "no card waits for an answer: a NULLIFY is played before the opposing "
                            "player rolls for the card it answers, not after")
    if choice is None:
        from lcb_lab.games.lcb.windows import why_no_window          # the attacker's words: where no IAMD stands is not told
        imp = c.state.impulse
        why = why_no_window(c, imp.team if imp is not None else None)
        raise IllegalAction("7.010", f"no choice is pending \u2014 {why[0].lower()}{why[1:]}")
    if a.choice is not None and a.choice != choice.id:
        raise IllegalAction("7.010", f"choice {a.choice} is not the pending one: the pending one is "
                            f"{choice.team}'s {choice.name} choice (choice {choice.id})")
    if type(a) is A.Answer:
        a = choice.decline()
    elif not isinstance(a, choice.ANSWER):
        raise IllegalAction(choice.rule, f"the pending choice is {choice.team}'s {choice.name} choice: answer it "
                            f"with {choice.ANSWER.__name__}, not {type(a).__name__} "
                            f"({CHOICE_KINDS[a.FOR].name} choices)")
    ROUTES[type(a)](game, c, choice, a)


def _lrs_cards(c: Ctx) -> set[str]:
    """The cids of the card LRS attacks of the impulse's combat (9.05): names an answer may use."""
    plan = c.state.impulse.combat if c.state.impulse else None
    return {x["card"] for x in (plan.card_lrs if plan else [])}


def answer_intercept(game: GameLike, c: Ctx, choice: InterceptChoice, a: A.AnswerIntercept) -> None:
    """INTERCEPT dice (7.54); a card's LRS is named by its cid (9.05), its own transport marker
    by its id (12.24)."""
    cards = _lrs_cards(c)
    own = {m.mid for m in c.state.card_markers.values() if m.team == choice.team}
    check_names(c, choice.team, [x for i in a.intercepts for x in (i.interceptor, i.target, i.shooter)
                                 if x and x not in cards and x not in own])
    combat_sequence.answer(c, a)
    advance(game, c)


def answer_defense(game: GameLike, c: Ctx, choice: GaDefenseChoice, a: A.AnswerDefense) -> None:
    """GROUND ASSAULT defense dice (7.13): in combat, or against a card marker's assault (13.12)."""
    if choice.against_marker:
        from lcb_lab.games.lcb.rules.markers import proxy
        proxy.answer_defense(c, choice, a)
        advance_mines(game, c)
        return
    check_names(c, choice.team, [x for d in a.defence for x in (d.defender, d.target)])
    combat_sequence.answer(c, a)
    advance(game, c)


def answer_mildec(game: GameLike, c: Ctx, choice: MildecChoice, a: A.AnswerMildec) -> None:
    """HP absorbed by MILDECs (4.22): in combat, or a Naval MILDEC against a mine hit (13.34)."""
    if choice.after_mine:
        return _mines(game, c, choice, a)
    _answer(c, choice, a)
    advance(game, c)


def _answer(c: Ctx, choice: Choice, a: A.Answer) -> None:
    """Give ``a`` to the rules that asked ``choice``: a torpedo hit's MILDEC choice to the
    submarine rules (14.08), every other one to the combat sequence's."""
    if isinstance(choice, MildecChoice) and choice.after_torpedo:
        asw.answer_mildec(c, choice, a)
    else:
        combat_sequence.answer(c, a)


def answer_cards(game: GameLike, c: Ctx, choice: CardResponseChoice, a: A.AnswerCards) -> None:
    """Cards and card INTERCEPTs answering a link of the chain (9.41-9.46; :mod:`lcb_lab.games.lcb.rules.cards.responses`)."""
    from lcb_lab.games.lcb.rules.cards import responses
    check_names(c, choice.team, [i.interceptor for i in a.card_intercepts])
    responses.answer(c, c.state.next_choice, a)
    advance_cards(game, c)
    advance_torpedoes(game, c)          # a UUV's hit (14.08)


def answer_embark_losses(game: GameLike, c: Ctx, choice: EmbarkLossesChoice, a: A.AnswerEmbarkLosses) -> None:
    """The embarked cargo lost with a ship's HP (10.311; :mod:`lcb_lab.games.lcb.rules.embarking.losses`)."""
    combat_sequence.answer(c, a)
    advance(game, c)


def answer_mines(game: GameLike, c: Ctx, choice: MineAttackChoice, a: A.AnswerMines) -> None:
    """The mine owner's shots (13.33; :mod:`lcb_lab.games.lcb.rules.markers.mines`)."""
    _mines(game, c, choice, a)


def _mines(game: GameLike, c: Ctx, choice: MineAttackChoice | MildecChoice, a: A.AnswerMines | A.AnswerMildec) -> None:
    answer_mine_choice(c, choice, a)
    advance_mines(game, c)
    advance(game, c)          # and a 10.311 choice a mine hit left (auto policies)


def answer_event(game: GameLike, c: Ctx, choice: Choice, a: A.AnswerEvent) -> None:
    """Where an Event Card's gray cubes go (16.0, 3.26; :mod:`lcb_lab.games.lcb.rules.events.draw`)."""
    from lcb_lab.games.lcb.rules.events.draw import answer_placement
    answer_placement(c, choice, list(a.hexes))


ROUTES: dict[type, Callable[..., None]] = {
    A.AnswerIntercept: answer_intercept, A.AnswerDefense: answer_defense, A.AnswerMildec: answer_mildec,
    A.AnswerCards: answer_cards, A.AnswerEmbarkLosses: answer_embark_losses, A.AnswerMines: answer_mines,
    A.AnswerEvent: answer_event}
"""Answer class -> the handler that gives it to the rules (one per kind of choice)."""


def advance_cards(game: GameLike, c: Ctx) -> None:
    """Answer card-response windows by the auto policies (when set) until none is on top."""
    from lcb_lab.games.lcb.rules.cards import responses
    while game.auto_policies is not None:
        top = c.state.next_choice
        if not isinstance(top, CardResponseChoice):
            return
        responses.answer(c, top, top.answer_with(game.auto_policies.get(top.kind)))


def resolve_combat(game: GameLike, c: Ctx, a: A.ResolveCombat) -> bool:
    """Handler of ResolveCombat: roll the committed combat (7.010) until a person's choice or the end.
    Returns True when the combat is done.  Raises IllegalAction (7.010) with no combat to resolve."""
    imp = impulse(c)
    if imp.combat is None:
        raise IllegalAction("7.010", "no combat has been committed this impulse")
    if imp.phase == "combat_done":
        raise IllegalAction("7.010", "the committed combat has already been resolved")
    if combat_sequence.pending(c) is not None:
        combat_sequence.resolve(c)            # refuses, naming the choice to answer first
    imp.combat.rolling = True
    advance(game, c)
    return imp.phase == "combat_done"


def advance(game: GameLike, c: Ctx) -> None:
    """The one resume loop: auto-answer choices (when policies are set) and roll
    while the plan is rolling; stop at a person's choice or when combat is done."""
    plan = c.state.impulse.combat if c.state.impulse is not None else None
    while True:
        choice = combat_sequence.pending(c)
        if choice is not None:
            if game.auto_policies is None:
                return
            _answer(c, choice, choice.answer_with(game.auto_policies.get(choice.kind)))
            continue
        if plan is None or not plan.rolling:     # a choice outside combat (10.311 after a mine hit)
            return
        if combat_sequence.resolve(c):
            c.state.impulse.phase = "combat_done"
            plan.rolling = False
            continuing.after_combat(c, plan)
            operations.after_combat(c)          # 14.06: a submarine that fired LRS conceals again
            return


def armor_breakthrough(game: GameLike, c: Ctx, a: A.ArmorBreakthrough) -> None:
    """Handler of ArmorBreakthrough: after a resolved GROUND ASSAULT, an armor unit of the Task Force
    moves one hex for free (7.19-7.111, 3.33).  Raises IllegalAction."""
    imp = impulse(c)
    if imp.phase != "combat_done":
        raise IllegalAction("7.19", "an Armor Breakthrough follows a resolved GROUND ASSAULT")
    check_names(c, imp.team, [a.unit])
    u = living_unit(c, a.unit, "7.19")
    if u.task_force != imp.task_force:
        raise IllegalAction("3.33", f"{a.unit} is not a unit of {imp.task_force}")
    ga_rules.breakthrough(c, u, a.dest, imp.combat.ga_hexes(), imp.combat.breakthrough)


def play_card(game: GameLike, c: Ctx, a: A.PlayCard) -> None:
    """Handler of PlayCard: a Deployment-Stage card (9.5), else a JCC's use (9.03) and its chain's
    windows (9.4), without the checks its drawn option passed (``play_checks.take_checked``)."""
    if c.state.stage == "deployment":          # a Deployment-Stage-only card (9.5)
        deployment.play_card(c, a.card, a.option, list(a.targets), a.hex)
        planning.sync_legacy(c.state)
        return
    from lcb_lab.games.lcb.rules.cards import jcc, responses
    from lcb_lab.games.lcb.rules.cards.play_checks import take_checked
    jcc.play(c, a.card, a.option, list(a.targets), a.hex, a.action, a.escort, responses.passes(game.auto_policies),
             take_checked(game, c, a))
    advance_cards(game, c)
    advance_torpedoes(game, c)          # a UUV's hit (14.08)


def _chain_closed(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Refuse every act but an Answer while a card chain waits for its windows (9.46)."""
    def guarded(game: GameLike, c: Ctx, a: A.Action) -> Any:
        if c.state.chain:
            raise IllegalAction("9.46", "a card chain is open: its response window must be answered first")
        return fn(game, c, a)
    guarded.__name__ = guarded.__qualname__ = fn.__name__
    guarded.__doc__ = fn.__doc__
    return guarded


def answer_mine_choice(c: Ctx, choice: MineAttackChoice | MildecChoice, a: A.AnswerMines | A.AnswerMildec) -> None:
    """Answer a mine choice with its typed answer (13.33, 4.22); a card marker the mines stopped
    goes on with its step when it survived (13.36, :func:`lcb_lab.games.lcb.rules.markers.free_actions.after_mines`)."""
    from lcb_lab.games.lcb.rules.markers import mines
    rest = mines.answer(c, choice, a)
    if rest is not None:
        free_actions.after_mines(c, rest)


def advance_mines(game: GameLike, c: Ctx) -> None:
    """Answer mine choices and the GA defense against a marker by the auto policies (when set)
    until none is on top (13.33, 13.12)."""
    from lcb_lab.games.lcb.rules.markers import mines, proxy
    while game.auto_policies is not None:
        top = c.state.next_choice
        if top is None:
            return
        if mines.is_mine_choice(top):
            answer_mine_choice(c, top, top.answer_with(game.auto_policies.get(top.kind)))
        elif isinstance(top, GaDefenseChoice) and top.against_marker:
            proxy.answer_defense(c, top, top.answer_with(game.auto_policies.get(top.kind)))
        else:
            return


def torpedo_attack(game: GameLike, c: Ctx, a: A.TorpedoAttack) -> None:
    """Handler of TorpedoAttack (:func:`lcb_lab.games.lcb.rules.submarines.operations.torpedo_act`),
    then the auto policies answer the defender's MILDEC choices its hits raised (4.22, 14.08)."""
    operations.torpedo_act(game, c, a)
    advance_torpedoes(game, c)


def advance_torpedoes(game: GameLike, c: Ctx) -> None:
    """Answer the torpedo hits' MILDEC choices (4.22, 14.08) by the auto policies (when set)
    until none is on top: a submarine's TORPEDO ATTACK or a UUV card's."""
    while game.auto_policies is not None:
        top = c.state.next_choice
        if not (isinstance(top, MildecChoice) and top.after_torpedo):
            return
        asw.answer_mildec(c, top, top.answer_with(game.auto_policies.get(top.kind)))


def offensive_intercept(game: GameLike, c: Ctx, a: A.OffensiveIntercept) -> int:
    """Handler of OffensiveIntercept (7.59, 7.510, 7.512: :func:`lcb_lab.games.lcb.rules.combat.offensive.act`):
    rolled at once; the enemy may not answer it (7.59).  Returns the hits."""
    return offensive.act(c, a)


def marker_action(game: GameLike, c: Ctx, a: A.MarkerAction) -> None:
    """A card marker's action (:mod:`lcb_lab.games.lcb.rules.markers.free_actions`), then the auto policies answer
    the choices it raised (mines met on the way, 13.36; the defense against its GA, 13.12)."""
    free_actions.marker_action_act(game, c, a)
    advance_mines(game, c)


HANDLERS: dict[type, Callable[..., Any]] = {**{k: _chain_closed(v) for k, v in {
    A.Relinquish: relinquish, A.BeginImpulse: begin_impulse, A.Declare: declare, A.Move: move,
    A.ExerciseZor: exercise_zor, A.Conceal: conceal_act, A.Resupply: resupply_act,
    A.CommitCombat: commit_combat, A.ResolveCombat: resolve_combat,
    A.ArmorBreakthrough: armor_breakthrough, A.EndImpulse: end_impulse, A.ScriptedEffect: scripted_effect,
    A.PlayCard: play_card, A.BuyCard: buy_card, A.EndPlanning: end_planning, A.DeployUnit: deploy_unit,
    A.PlaceCard: place_card, A.DeploymentOrder: deployment_order, A.EndDeployment: end_deployment,
    A.NavalSupply: naval_supply.supply_act, A.PreloadCraft: preload.preload_act,   # optional rules 17.91, 17.61
    # chapters 10-14: embarked cargo, transport, special markers, submarines
    A.PortTransfer: ports.port_transfer_act, A.MarkerAction: marker_action,
    A.TorpedoAttack: torpedo_attack, A.SubmarineZor: operations.zor_act,
    A.OffensiveAsw: operations.offensive_asw_act, A.InstructorRuling: proxy.ruling_act,
    A.SubmarineMovement: operations.movement_act, A.ExpendAswCard: operations.expend_asw_act,  # 17.2, 17.71
    A.InteropAttempt: interop.attempt_act,                                                      # 17.1
    A.OffensiveIntercept: offensive_intercept,
}.items()}, **{cls: answer for cls in (A.Answer, *A.ANSWER_TYPES.values())}}
"""Action class -> handler, built once: every act but an answer is refused while a card chain
waits for its windows (9.46); every answer class goes to :func:`answer`, which routes it by type
(:data:`ROUTES`)."""

