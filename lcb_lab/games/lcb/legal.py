"""Legal actions: what a team may do now (3.3; OpenSpiel's ``legal_actions``).

:func:`legal_actions` lists, for the team :meth:`Game.to_act` names:

* concrete actions wherever the choice is finite -- each Task Force that may
  begin (3.3), relinquishing (3.41), a pass (3.310) and each single Core
  Action declaration, each reachable destination of each declared stack with
  its cheapest path (5.1), each ZOR hex (6.21), each conceal (6.1), each
  Armor Breakthrough (7.19), each MILDEC absorption (4.22), no INTERCEPT /
  no defence (7.52, 7.13), ending the impulse (3.3), the roll (7.010, for
  :data:`~lcb_lab.games.lcb.actions.CHANCE`);
* a :class:`Template` where enumerating every combination or dice split would
  explode -- declarations of several Core Actions (``"declare"``), combat
  allocations (``"commit_combat"``), INTERCEPT and defence answers
  (``"answer"``), RESUPPLY grants (``"resupply"``): the options with their
  limits, and :meth:`Template.sample` draws one legal action.

Every concrete action listed has been accepted by the rules on the current
state -- tried on a copy of it (:func:`trial`; the game itself is never
touched) or, for single declarations, passed the rules' own declaration
checks (:func:`declarable`); the rules themselves decide, nothing here
re-implements a rule -- so each one applies without a refusal.
:func:`apply_if_legal` and :func:`sample_and_apply` try and apply in one run
of the act (the random player, :mod:`lcb_lab.games.lcb.whatif.autoplay`).  Not listed: scripted effects (instructor
rulings), Combined Arms Movement splits (5.13) and Combined Arms Activation
support fire (7.18), which a caller states explicitly.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.actions import CHANCE
from lcb_lab.games.lcb import hexes as lcb_hexes
from lcb_lab.games.lcb import observer
from lcb_lab.games.lcb.legal_cards import MAX_CONCRETE, play_card_options
from lcb_lab.games.lcb.handlers import HANDLERS, check_commit_combat
from lcb_lab.games.lcb import choices as D
from lcb_lab.kernel import legal as kernel_legal
from lcb_lab.kernel.errors import DiceExhausted, IllegalAction
from lcb_lab.games.lcb.rules.combat import sequence as combat, continuing
from lcb_lab.games.lcb.rules.movement import move as movement, stacks
from lcb_lab.games.lcb.rules.stages import sequence
from lcb_lab.games.lcb.rules.common import Ctx, GameLike, supply_left
from lcb_lab.games.lcb.model.state import other


TRIES = kernel_legal.TRIES
"""Random combinations a template tries before it falls back to a single option."""


def trial(game: GameLike, action: A.Action) -> bool:
    """Whether the rules accept ``action`` now; the game is untouched either way.

    The handler runs on a copy of the state (the game's own objects are never
    changed, so nothing needs putting back) with a quiet context (log entries are
    appended bare, without the observer's annotations, and dropped after)."""
    return _run_on_copy(game, action, quiet=True) is not None


def apply_if_legal(game: GameLike, action: A.Action) -> bool:
    """Apply ``action`` when the rules accept it and return True; else return False with
    the game untouched.  The same state, log, dice and history as ``trial`` followed by
    ``game.apply`` (for an action that :func:`lcb_lab.games.lcb.actions.check` leaves as it is,
    e.g. one made by this module), from ONE run of the handler: ``Game.apply`` without its
    check and events (the random player's acts are nearly always accepted, so the act runs on
    the game itself, after the snapshot the record keeps anyway)."""
    try:
        game._apply(action, events=False)
    except (IllegalAction, DiceExhausted):
        return False
    return True


def _run_on_copy(game: GameLike, action: A.Action, quiet: bool):
    """Run ``action``'s handler on a copy of the state that shares the game's log list.
    Refused (IllegalAction, dice exhausted): None, with the log and dice put back.
    Accepted: ``(copy, result, dice state before, dice history length before, log
    length before)``; when ``quiet`` the log and dice are put back too, else the log
    keeps the act's entries and the dice its draws (the caller commits the copy)."""
    state, dice = game.state, game.dice
    log = state.log
    n, dh, df, before = len(log), len(dice.history), dice.forced_left, dice.state()
    copy = state.clone(share_log=True)
    ok = False
    try:
        result = HANDLERS[type(action)](game, Ctx(copy, game.board, game.catalog, dice, game.decks, quiet=quiet),
                                        action)
        ok = True
    except (IllegalAction, DiceExhausted):
        return None
    finally:
        if quiet or not ok:
            del log[n:]
            if len(dice.history) != dh or dice.forced_left != df:   # every draw is recorded (dice.roll)
                dice.set_state(before)
                del dice.history[dh:]
    return copy, result, before, dh, n


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


# ---------------------------------------------------------------- entry point
def legal_actions(game: GameLike, team: str | None = None) -> list:
    """Concrete actions and templates ``team`` may use now (see module docstring)."""
    if game.state.stage in ("planning", "deployment") and game.pending is None:   # simultaneous stages
        return stage_actions(game, game.to_act() if team is None else team)
    who = game.to_act()
    team = who if team is None else team
    if who is None or team != who:
        return []
    if who == CHANCE:
        return [A.ResolveCombat()]
    choice = game.pending
    if choice is not None:
        return _answers(game, choice)
    imp = game.state.impulse
    if imp is None:
        out = free_card_actions(game, team)
        out += [A.BeginImpulse(tf) for tf in game.available_task_forces()]
        return out + [a for a in (A.Relinquish(),) if trial(game, a)]
    if imp.phase == "declare":
        return _declarations(game)
    return _acts(game)


# ---------------------------------------------------------------- Planning and Deployment Stages
def stage_actions(game: GameLike, team: str | None) -> list:
    """What ``team`` may do in the Planning or Deployment Stage (3.1, 3.2, 9.5), each action
    accepted by the rules (:func:`trial`): every card it can buy (into the pool, Attached to
    each host, Embarked on each ship) and ending the stage; every unit it can deploy (each
    hex of its area, its ship), every host / ship / hex for its cards still to place, the
    order of Deployment-Stage cards, the Deployment-Stage cards with no target, ending the
    stage.  ``[]`` for a team that has ended the stage."""
    from lcb_lab.games.lcb.rules.stages import deployment, planning
    s = game.state
    if team not in ("US", "RU") or team in s.ready:
        return []
    ctx = game._ctx()
    out: list = []
    if s.stage == "planning":
        units = sorted(u.uid for u in s.living(team))
        ships = [u for u in units if game.utype(u).embark_gpsv or game.utype(u).embark_asv]
        for name in planning.deck_names(ctx, team):
            ct = ctx.ctype(name, team)
            if ct.cost > s.cp.get(team, 0):
                continue
            out.append(A.BuyCard(team, name))
            if ct.attached and s.planning_stages == 1:
                out += [A.BuyCard(team, name, attach_to=u) for u in units
                        if planning.host_problem(ctx, s.units[u], ct) is None]
            elif ct.embarkable or planning.must_embark(ct):
                out += [A.BuyCard(team, name, embark_on=sh) for sh in ships]
        return _kept(game, out) + [A.EndPlanning(team)]
    for uid in sorted(s.units):
        u = s.units[uid]
        if u.team != team or u.destroyed or deployment.deployed(u):
            continue
        area = s.deploy_areas.get(uid)
        hexes = area.hexes if area is not None and area.hexes else []
        ship = area.embark_on if area is not None else None
        out += [A.DeployUnit(uid, embark_on=ship)] if ship else [A.DeployUnit(uid, hex=h) for h in hexes]
    for c in sorted(s.cards.values(), key=lambda c: c.cid):
        if c.team != team or c.where != "pool":
            continue
        ct = ctx.ctype(c)
        if c.cid in s.placements:
            out.append(A.PlaceCard(c.cid, hex=s.placements[c.cid]))
        elif ct.attached:
            out += [A.PlaceCard(c.cid, attach_to=u.uid) for u in s.living(team)
                    if planning.host_problem(ctx, u, ct) is None]
        elif planning.must_embark(ct):
            out += [A.PlaceCard(c.cid, embark_on=u.uid) for u in s.living(team) if game.utype(u.uid).embark_gpsv or game.utype(u.uid).embark_asv]
        elif ct.deployment_only and all(e.target == "none" for e in ct.effects[:1]):
            out.append(A.PlayCard(c.cid))
    if team == s.initiative and s.deploy_first is None:
        out += [A.DeploymentOrder(team), A.DeploymentOrder(other(team))]
    return _kept(game, out + [A.EndDeployment(team)])


def free_card_actions(game: GameLike, team: str) -> list:
    """The Influence Meter's free cards ``team`` may take before the first impulse (15.14)."""
    s = game.state
    if s.free_cards.get(team, 0) <= 0 or s.tf_order or s.impulse is not None:
        return []
    from lcb_lab.games.lcb.rules.stages import planning
    ctx = game._ctx()
    return _kept(game, [A.BuyCard(team, n) for n in planning.deck_names(ctx, team)
                        if not ctx.ctype(n, team).attached])


def _kept(game: GameLike, candidates) -> list:
    return [a for a in candidates if trial(game, a)]


# ---------------------------------------------------------------- declarations
def declaration_options(game: GameLike) -> list[A.CoreAction]:
    """Each single Core Action the impulse may declare (3.31-3.37, 5.17, 7.61)."""
    ctx = game._ctx()
    return [c for c in declaration_candidates(game) if declarable(ctx, c)]


def declaration_candidates(game: GameLike) -> list[A.CoreAction]:
    """The single Core Actions :func:`declaration_options` asks the rules about: each kind
    for each available stack and its single units, MILDECs, JCCs, a Network repair."""
    s, imp = game.state, game.state.impulse
    out: list[A.CoreAction] = []
    for units in stacks.available_stacks(game._ctx(), imp.task_force):   # one definition of a stack
        types = [game.utype(u) for u in units]
        kinds = ["move_combat", "move_conceal"]
        if any(t.is_logistics for t in types):
            kinds.append("move_resupply")
        if all(t.embark_gpsv or t.embark_asv for t in types):
            kinds.append("move_embarked_jcc")
        out += [A.CoreAction(k, tuple(units)) for k in kinds]
        if len(units) > 1:   # part of a stack (3.36, 3.37)
            out += [A.CoreAction(k, (u,)) for u in units for k in ("move_combat", "move_conceal")]
    marks: dict[str, list[str]] = {}
    for m in s.markers.values():
        if m.task_force == imp.task_force and not (m.destroyed or m.acted):
            marks.setdefault(m.hex, []).append(m.mid)
    out += [A.CoreAction(k, (), markers=tuple(ms)) for ms in marks.values() for k in ("move_combat", "move_conceal")]
    out += [A.CoreAction("play_jcc", jcc=c) for c in playable_card_names(game)]
    out.append(A.CoreAction("network_repair"))
    return out


def playable_card_names(game: GameLike) -> list[str]:
    """The card names a ``play_jcc`` declaration may name now (3.12, 9.31): the team's pool
    cards and the cards Attached to the active Task Force's units, each name once."""
    s, imp = game.state, game.state.impulse
    names = []
    for c in s.cards.values():
        if c.team != imp.team or c.expended:
            continue
        if c.where == "pool" or (c.where == "attached" and c.host in s.units
                                 and s.units[c.host].task_force == imp.task_force):
            names.append(c.name)
    return list(dict.fromkeys(names))


def declarable(ctx: Ctx, action: A.CoreAction) -> bool:
    """Whether ``Declare((action,))`` is legal now, from the rules' own checks
    (:func:`lcb_lab.games.lcb.rules.stages.sequence.check_declaration`) on the live state, nothing copied or
    changed: the same verdict as :func:`trial` at a fraction of its cost.  (For ONE Core
    Action what follows the checks never refuses: a Network repair's cube is checked
    there, 7.61; two repairs with one cube are refused only when applied.)"""
    try:
        sequence.check_declaration(ctx, [{"kind": action.kind, "units": list(action.units), "jcc": action.jcc,
                                          "markers": list(action.markers)}])   # the dict handlers.declare builds
        return True
    except IllegalAction:
        return False


def _declarations(game: GameLike) -> list:
    singles = declaration_options(game)
    out: list = [A.Declare(())] + [A.Declare((c,)) for c in singles] + _kept(game, [A.EndImpulse()])
    if len(singles) > 1 and game.state.impulse.ap > 1:
        out.append(Template("declare", tuple(singles), {"ap": game.state.impulse.ap}, game))
    return out


def _make_declare(t: Template, rng, one) -> A.Declare:
    if one is not None:
        return A.Declare((one,))
    return draw_declaration(t.options, t.limits["ap"], rng)


def draw_declaration(options, ap: int, rng: np.random.Generator, legal=None) -> A.Declare:
    """A random combination of the single Core Actions ``options`` within ``ap``: each option
    in a random order is taken with probability 0.7 when its AP and units are free and, when
    ``legal`` is given, ``legal(i)`` (asked only then) says option ``i`` is legal."""
    picked, used = [], set()
    for i in rng.permutation(len(options)):
        c = options[int(i)]
        cost = 2 if c.kind == "network_repair" else 1
        keys = set(c.units) | set(c.markers) | ({f"jcc:{c.jcc}"} if c.jcc else set())
        if c.kind == "network_repair":
            keys.add("network_repair")
        if cost <= ap and not keys & used and rng.random() < 0.7 and (legal is None or legal(int(i))):
            picked.append(c)
            used |= keys
            ap -= cost
    return A.Declare(tuple(picked))


def sample_and_apply_declaration(game: GameLike, rng: np.random.Generator) -> A.Declare:
    """The random player's declaration (3.03, 3.31): a random legal combination of the
    :func:`declaration_candidates`, each candidate checked (:func:`declarable`) only when the
    draw reaches it -- not all of them first (lazy: the same verdicts, fewer checks).  Up to
    :data:`TRIES` draws (:func:`draw_declaration`, each applied with :func:`apply_if_legal`),
    then one random legal single declaration, or none.  Returns the declaration applied."""
    cands = declaration_candidates(game)
    ctx = game._ctx()
    memo: dict[int, bool] = {}

    def legal(i: int) -> bool:
        v = memo.get(i)
        if v is None:
            v = memo[i] = declarable(ctx, cands[i])
        return v

    for _ in range(TRIES):
        a = draw_declaration(cands, game.state.impulse.ap, rng, legal)
        if apply_if_legal(game, a):
            return a
    singles = [c for i, c in enumerate(cands) if legal(i)]
    a = A.Declare((singles[int(rng.integers(len(singles)))],) if singles else ())
    game.apply(a)
    return a


# ---------------------------------------------------------------- acts of the declared actions
def _acts(game: GameLike) -> list:
    imp = game.state.impulse
    out: list = []
    for d in imp.actions:      # non-combat acts: before combat, and again once it is done (3.35, 3.38)
        out += move_options(game, d.aid)
        out += _kept(game, zor_candidates(game, d))
        if d.kind == "move_conceal":
            out += _kept(game, [A.Conceal(d.aid)])
        if d.kind == "move_resupply":
            out += resupply_templates(game, d)
    cards = play_card_options(game)          # PlayCard (3.31, 9.2): a Template when many
    out += cards if len(cards) <= MAX_CONCRETE else [Template("play_card", tuple(cards), {}, game)]
    from lcb_lab.games.lcb.rules.markers import free_actions as marker_actions
    from lcb_lab.games.lcb.rules.transport import ports
    from lcb_lab.games.lcb.rules.submarines import operations as submarine      # chapters 12-14: each module offers its own acts
    out += ports.offers(game)
    out += marker_actions.offers(game)
    out += submarine.offers(game)
    if imp.combat is None:
        t = combat_template(game)
        if t is not None:
            out.append(t)
        elif imp.card_lrs:            # only cards attack: commit them (9.05)
            out += _kept(game, [A.CommitCombat()])
    else:   # combat done
        out += _kept(game, breakthrough_candidates(game))
    out += _kept(game, [A.EndImpulse()])
    return out


def move_options(game: GameLike, aid: int, dest: str | None = None) -> list[A.Move]:
    """Each destination of declared action ``aid``'s stack with its cheapest path (5.1-5.18);
    only ``dest`` when given."""
    d = next(x for x in game.state.impulse.actions if x.aid == aid)
    units = [game.state.units[u] for u in d.units if not game.state.units[u].destroyed]
    if d.moved or not units or any(u.moved or u.no_move or not u.on_map for u in units):
        return []
    found = movement.paths(game._ctx(), units)   # one search; the trials below replace the unit objects
    if dest is not None:
        found = {h: p for h, p in found.items() if h == dest}
    return _kept(game, [A.Move(aid, tuple(p)) for p in found.values()])


def zor_candidates(game: GameLike, d) -> list[A.ExerciseZor]:
    units = [game.state.units[u] for u in d.units if not game.state.units[u].destroyed]
    if d.zor_used or not units or game.utype(units[0].uid).is_naval or units[0].hex is None:
        return []
    return [A.ExerciseZor(d.aid, h) for h in game.board.neighbours(units[0].hex)]


def breakthrough_candidates(game: GameLike) -> list[A.ArmorBreakthrough]:
    imp = game.state.impulse
    hexes = imp.combat.ga_hexes() if imp.combat else []
    out = []
    for h in hexes:
        for u in game.state.units_in(h):
            if u.task_force == imp.task_force:
                out += [A.ArmorBreakthrough(u.uid, n) for n in game.board.neighbours(h)]
    return out


# ---------------------------------------------------------------- combat
def combat_template(game: GameLike) -> Template | None:
    """The impulse's possible attacks (7.03): every (attacker, CV, target) that is legal with one die,
    with the dice limit of each CV (its supply; infinite supply counts 4 per attack here, 7.34)."""
    s, imp = game.state, game.state.impulse
    ctx = game._ctx()
    engaged = sorted(continuing.zero_ap_attackers(ctx, imp.task_force))
    base = _continuing_base(game, engaged)
    if base is None:
        return None
    declared = [u for d in imp.actions if d.kind == "move_combat" and not d.over_mp and not (d.split and not d.moved)
                for u in d.units]
    attackers = declared + engaged
    enemies = [e for e in s.living(other(imp.team)) if e.on_map]
    marks = [m for m in s.card_markers.values() if m.team != imp.team and observer.knows(s, imp.team, m)]   # 12.24, 13.26, 13.43
    options: list = []
    limits: dict[str, int] = {}
    for uid in dict.fromkeys(attackers):
        u, t = s.units[uid], game.utype(uid)
        if u.destroyed or u.hex is None:
            continue
        if t.cv("GA"):
            left = supply_left(ctx, u, "GA")
            for e in enemies:
                if e.hex == u.hex:
                    options.append(A.GroundAssault(uid, e.uid, 1))
            options += [A.GroundAssault(uid, m.mid, 1) for m in marks if m.kind in ("sof", "proxy") and m.hex == u.hex]
            limits[f"{uid}/GA"] = 4 if left is None else min(4, left)
        for cv in ctx.cvs_of(u, "LRS") if uid in declared else ():   # a 0-AP attacker only assaults (7.22, 12.07)
            left = supply_left(ctx, u, cv.slot)
            for e in enemies:   # range is a cheap first filter; the trial below decides (7.31, 7.32)
                if e.revealed and cv.in_range(lcb_hexes.distance(u.hex, e.hex)):
                    options.append(A.LrsAttack(uid, cv.slot, e.uid, 1))
            options += [A.LrsAttack(uid, cv.slot, m.mid, 1) for m in marks
                        if cv.in_range(lcb_hexes.distance(u.hex, m.hex))]
            limits[f"{uid}/{cv.slot}"] = 4 if left is None else left
    options = [o for o in options if limits.get(_key(o), 0) > 0 and committable(game, _commit(base + [o]), ctx)]
    if not options and not base:
        return None
    return Template("commit_combat", tuple(options), {"max_dice": limits, "base": base}, game)


def _key(o) -> str:
    return f"{o.attacker}/GA" if isinstance(o, A.GroundAssault) else f"{o.shooter}/{o.slot}"


def _commit(parts: list) -> A.CommitCombat:
    return A.CommitCombat(tuple(p for p in parts if isinstance(p, A.LrsAttack)),
                          tuple(p for p in parts if isinstance(p, A.GroundAssault)))


def _continuing_base(game: GameLike, engaged: list[str]) -> list | None:
    """GROUND ASSAULTs the impulse must include (Continuing Combat, 7.22): one die per
    engaged unit at an enemy in its hex; None when even that is refused."""
    if not engaged:
        return []
    s = game.state
    base = []
    for uid in engaged:
        u = s.units[uid]
        tgt = next((e for e in s.units_in(u.hex, other(u.team)) if not game.utype(e.uid).is_naval), None)
        if tgt is not None:
            base.append(A.GroundAssault(uid, tgt.uid, 1))
    return base if committable(game, _commit(base)) else None


def committable(game: GameLike, action: A.CommitCombat, ctx: Ctx | None = None) -> bool:
    """Whether the rules accept ``action`` now, from their own checks on the live state
    (:func:`lcb_lab.games.lcb.handlers.check_commit_combat`, :func:`lcb_lab.games.lcb.rules.combat.continuing.check_combined_arms`,
    :func:`lcb_lab.games.lcb.rules.combat.sequence.validate_commit`, :func:`lcb_lab.games.lcb.rules.combat.continuing.check_commit`),
    nothing copied or changed: the verdict of :func:`trial` at a fraction of its cost.

    Why the verdicts agree: what follows those checks in the handler never refuses
    (reveal, supply spent, the plan and the defender's choices pushed; the auto-answer
    policies give legal answers); the Continuing Combat check (7.22), which the handler
    makes after committing, reads only which engaged units can still assault, and the
    commitment changes that only for units assaulting their own hex -- which is then
    included.  A Combined Arms Activation (7.18) marks its supporters expended before the
    combat checks run, so a commitment with supporters is tried on a copy instead."""
    ctx = ctx or game._ctx()
    try:
        lrs, ga, active, engaged, support = check_commit_combat(ctx, action)
        if support:
            return trial(game, action)
        continuing.check_combined_arms(ctx, lrs, ga, support)
        combat.validate_commit(ctx, list(lrs), list(ga), active | engaged)
        continuing.check_commit(ctx, ga)
    except IllegalAction:
        return False
    return True


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
def _answers(game: GameLike, choice) -> list:
    """The answers listed for the pending choice, by its class."""
    if isinstance(choice, D.CardResponseChoice):
        return _card_answers(game, choice)
    if isinstance(choice, D.MineAttackChoice):          # 13.33: hold, or all the cubes at one target
        n = choice.options.cubes
        return _kept(game, [A.Answer()] + [A.AnswerMines((A.MineShot(t, n),)) for t in choice.options.targets])
    if isinstance(choice, D.MildecChoice):
        return _kept(game, [A.AnswerMildec(k) for k in range(choice.most + 1)])
    if isinstance(choice, D.EmbarkLossesChoice):       # 10.311: each named policy's picks, and taking nothing
        embark = choice.POLICIES
        picks = dict.fromkeys(tuple(embark[n](choice)) for n in sorted(embark))
        return _kept(game, [A.AnswerEmbarkLosses(p) for p in picks])
    out: list = _kept(game, [A.Answer()])
    if isinstance(choice, D.InterceptChoice):
        opts = tuple(A.Intercept(o.uid, o.slot, t.target, 1)
                     for t in choice.options.targets for o in t.interceptors if o.eligible)
        limits = {f"{o.uid}/{o.slot}": (4 if o.max_dice is None else o.max_dice)
                  for t in choice.options.targets for o in t.interceptors if o.eligible}
    else:
        atk = [a.uid for a in choice.options.attackers]
        opts = tuple(A.Defence(d.uid, t, 1) for d in choice.options.defenders for t in atk)
        limits = {f"{d.uid}/GA": (4 if d.supply is None else min(4, d.supply))
                  for d in choice.options.defenders}
    opts = tuple(o for o in opts if limits.get(_akey(o), 0) > 0 and trial(game, _answer([o])))
    if opts:
        out.append(Template("answer", opts, {"max_dice": limits, "choice": choice.kind}, game))
    return out


def _akey(o) -> str:
    return f"{o.interceptor}/{o.slot}" if isinstance(o, A.Intercept) else f"{o.defender}/GA"


def _answer(parts: list) -> A.Answer:
    """The INTERCEPT or GA defence answer of a template's picked parts (all of one kind;
    none: the bare answer that declines, as listed)."""
    if not parts:
        return A.Answer()
    if isinstance(parts[0], A.Defence):
        return A.AnswerDefence(tuple(parts))
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
                      else A.Defence(o.defender, o.target, n))
    return _answer(picked)


def _card_answers(game: GameLike, choice) -> list:
    """A card-response window (9.41-9.46): the pass, and a template of the cards (each option
    against each link it may answer) and card INTERCEPTs (one die each; ``max_dice`` bounds)."""
    from lcb_lab.games.lcb.rules.cards import responses
    out: list = [A.Answer()]          # a pass is always open (9.46); its roll-out may need dice
    opts = [A.Response(o.cid, option=o.option, targets=(str(t),), action=aid)
            for o in choice.options.cards for t in o.targets for aid in (o.actions or [None])]
    opts += [A.CardIntercept(o.uid, o.slot, 1, to=o.to) for o in choice.options.interceptors
             if o.max_dice > 0]
    ctx = game._ctx()

    def ok(o) -> bool:      # the rules' own checks, changing nothing (no roll-out on a copy)
        try:
            responses.check(ctx, choice.team, *((o,), ()) if isinstance(o, A.Response) else ((), (o,)))
            return True
        except IllegalAction:
            return False
    opts = [o for o in opts if ok(o)]
    limits = {f"{o.uid}/{o.slot}": o.max_dice for o in choice.options.interceptors}
    if opts:
        out.append(Template("answer_cards", tuple(opts), {"max_dice": limits}, game))
    return out


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


# ---------------------------------------------------------------- resupply
def resupply_templates(game: GameLike, d) -> list[Template]:
    """RESUPPLY grants a logistics unit of Move and/or Resupply action ``d`` may make (8.0-8.08)."""
    out = []
    for uid in d.units:
        u, t = game.state.units[uid], game.utype(uid)
        if not t.is_logistics or u.destroyed or uid in game.state.impulse.resupplied:
            continue
        for rv in t.rvs:
            slot = rv.slot
            reach = game.resupply_reach(uid, slot)
            opts = []
            for r in game.state.living(u.team):
                if r.uid == uid or not r.on_map or r.hex not in reach:
                    continue
                for cv in game.utype(r.uid).cvs:
                    if cv.supply is not None and r.supply.get(cv.slot, 0) < cv.supply:
                        opts.append(A.Resupply(d.aid, uid, slot, (A.Grant(r.uid, cv.slot, 1),)))
            opts = [o for o in opts if trial(game, o)]
            if opts:
                out.append(Template("resupply", tuple(opts), {"rp": min(rv.value, u.supply.get("RP", 0))}, game))
    return out


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
