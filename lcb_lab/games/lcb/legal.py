"""Legal actions: what a team may do now (3.3; OpenSpiel's ``legal_actions``).

:func:`legal_actions` lists, for the team :meth:`Game.to_act` names:

* concrete actions wherever the choice is finite -- each Task Force that may
  begin (3.3), relinquishing (3.41), a pass (3.310) and each single Core
  Action declaration, each reachable destination of each declared stack with
  its cheapest path (5.1), each ZOR hex (6.21), each conceal (6.1), each
  Armor Breakthrough (7.19), each MILDEC absorption (4.22), no INTERCEPT /
  no defense (7.52, 7.13), ending the impulse (3.3), the roll (7.010, for
  :data:`~lcb_lab.games.lcb.actions.CHANCE`);
* a :class:`~lcb_lab.games.lcb.legal_templates.Template` where enumerating every combination or dice split would
  explode -- declarations of several Core Actions (``"declare"``), combat
  allocations (``"commit_combat"``), INTERCEPT and defense answers
  (``"answer"``), RESUPPLY grants (``"resupply"``): the options with their
  limits, and :meth:`Template.sample` draws one legal action.

Every concrete action listed has been accepted by the rules on the current
state -- tried on a copy of it (:func:`lcb_lab.games.lcb.legal_trial.trial`; the game itself is never
touched) or passed the rules' own checks on the live state, split out of their handlers: single
declarations (:func:`lcb_lab.games.lcb.legal_declare.declarable`), moves
(:func:`lcb_lab.games.lcb.legal_trial.movable`), ZOR hexes (:func:`lcb_lab.games.lcb.legal_trial.zor_ok`),
ending the impulse (:func:`lcb_lab.games.lcb.legal_trial.endable`), combat commitments
(:func:`lcb_lab.games.lcb.legal_combat.committable`), each checked against ``trial`` on many states
(``tests/engine/test_fast_paths.py``); the rules themselves decide, nothing here
re-implements a rule -- so each one applies without a refusal.
:func:`lcb_lab.games.lcb.legal_trial.apply_if_legal` and :func:`lcb_lab.games.lcb.legal_templates.sample_and_apply`
try and apply in one run of the act (the random player, :mod:`lcb_lab.games.lcb.whatif.autoplay`).

The parts, one module each: declarations (:mod:`lcb_lab.games.lcb.legal_declare`), combat
(:mod:`lcb_lab.games.lcb.legal_combat`), answers to a pending choice (:mod:`lcb_lab.games.lcb.legal_answers`),
card plays (:mod:`lcb_lab.games.lcb.legal_cards`), the templates (:mod:`lcb_lab.games.lcb.legal_templates`)
and trying an act (:mod:`lcb_lab.games.lcb.legal_trial`); this module lists them for the team to act.  Not listed: scripted effects (instructor
rulings), Combined Arms Movement splits (5.13) and Combined Arms Activation
support fire (7.18), which a caller states explicitly.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.actions import CHANCE
from lcb_lab.games.lcb.legal_answers import _answers
from lcb_lab.games.lcb.legal_cards import MAX_CONCRETE, play_card_options
from lcb_lab.games.lcb.legal_combat import breakthrough_candidates, combat_template
from lcb_lab.games.lcb.legal_declare import _declarations
from lcb_lab.games.lcb.legal_templates import Template
from lcb_lab.games.lcb.legal_trial import concealable, endable, movable, relinquishable, trial, zor_ok, _kept
from lcb_lab.games.lcb.rules.movement import move
from lcb_lab.games.lcb.rules.common import GameLike
from lcb_lab.games.lcb.model.state import other

if TYPE_CHECKING:
    from lcb_lab.games.lcb.model.state import Declared


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
        return out + ([A.Relinquish()] if relinquishable(game) else [])
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
        from lcb_lab.games.lcb.rules.optional import interoperability as interop
        if interop.active(s):                   # 17.1: an attempt to remove a cube
            out.append(A.InteropAttempt(team))
        return _kept(game, out) + [A.EndPlanning(team)]
    for uid in sorted(s.units):
        u = s.units[uid]
        if u.team != team or u.destroyed:
            continue
        area = s.deploy_areas.get(uid)
        hexes = area.hexes if area is not None and area.hexes else []
        ship = area.embark_on if area is not None else None
        if not deployment.deployed(u):
            out += [A.DeployUnit(uid, embark_on=ship)] if ship else [A.DeployUnit(uid, hex=h) for h in hexes]
        elif not ship:                  # placed again elsewhere in its area until the team ends (3.21)
            out += [A.DeployUnit(uid, hex=h) for h in hexes if h != u.hex]
    ships = [u.uid for u in s.living(team) if game.utype(u.uid).embark_gpsv or game.utype(u.uid).embark_asv]
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
            out += [A.PlaceCard(c.cid, embark_on=u) for u in ships]
        elif ct.deployment_only and all(e.target == "none" for e in ct.effects[:1]):
            out.append(A.PlayCard(c.cid))
        if ct.embarkable and not (ct.attached or planning.must_embark(ct) or c.cid in s.placements):
            out += [A.PlaceCard(c.cid, embark_on=u) for u in ships]      # a card with a Space Value may embark (10.1)
    if team == s.initiative and s.deploy_first is None:
        out += [A.DeploymentOrder(team), A.DeploymentOrder(other(team))]
    out += optional_deployment_actions(game, team)
    return _kept(game, out + [A.EndDeployment(team)])


def optional_deployment_actions(game: GameLike, team: str) -> list:
    """The Deployment-Stage acts of the optional rules that are on (17.0), before the rules' trial:
    each split of a ship's supply between its one LRS and one INTERCEPT value (17.91); each unit
    that may join the pre-load of an Embarked landing craft, and emptying a pre-load (17.61)."""
    from lcb_lab.games.lcb.rules.optional import naval_supply, preload
    from lcb_lab.games.lcb.rules.optional.switches import is_on
    s, ctx, out = game.state, game._ctx(), []
    if is_on(s, "17.9"):
        for u in s.living(team):
            slots = naval_supply.slots(ctx, u)
            if len(slots) == 2 and naval_supply.eligible(ctx, u):
                a, b = slots
                now = (naval_supply.initial(ctx, u, a), naval_supply.initial(ctx, u, b))
                out += [A.NavalSupply(u.uid, (A.SlotSupply(a, n), A.SlotSupply(b, sum(now) - n)))
                        for n in range(sum(now) + 1) if n != now[0]]
    if is_on(s, "17.6"):
        for c in sorted(s.cards.values(), key=lambda c: c.cid):
            if c.team != team or c.where != "embarked" or not preload.craft(ctx, c):
                continue
            on = [u.uid for u in preload.units_on(ctx, c.cid)]
            out += [A.PreloadCraft(c.cid, tuple(on + [u.uid])) for u in s.living(team)
                    if u.uid not in on and ctx.utype(u).domain == "ground"
                    and (u.embarked_on == c.host or (u.hex is None and u.embarked_on is None))]
            if on:
                out.append(A.PreloadCraft(c.cid, ()))
    return out


def free_card_actions(game: GameLike, team: str) -> list:
    """The Influence Meter's free cards ``team`` may take before the first impulse (15.14)."""
    s = game.state
    if s.free_cards.get(team, 0) <= 0 or s.tf_order or s.impulse is not None:
        return []
    from lcb_lab.games.lcb.rules.stages import planning
    ctx = game._ctx()
    return _kept(game, [A.BuyCard(team, n) for n in planning.deck_names(ctx, team)
                        if not ctx.ctype(n, team).attached])


# ---------------------------------------------------------------- acts of the declared actions
def _acts(game: GameLike) -> list:
    imp = game.state.impulse
    out: list = []
    for d in imp.actions:      # non-combat acts: before combat, and again once it is done (3.35, 3.38)
        out += move_options(game, d.aid)
        ctx = game._ctx()
        out += [a for a in zor_candidates(game, d) if zor_ok(game, a, ctx)]
        if d.kind == "move_conceal":
            out += [a for a in (A.Conceal(d.aid),) if concealable(game, a)]
        if d.kind == "move_resupply":
            out += resupply_templates(game, d)
    cards = play_card_options(game)          # PlayCard (3.31, 9.2): a Template when many
    out += cards if len(cards) <= MAX_CONCRETE else [Template("play_card", tuple(cards), {}, game)]
    from lcb_lab.games.lcb.rules.markers import free_actions
    from lcb_lab.games.lcb.rules.transport import ports
    from lcb_lab.games.lcb.rules.submarines import operations      # chapters 12-14: each module offers its own acts
    out += ports.offers(game)
    out += free_actions.offers(game)
    out += operations.offers(game)
    from lcb_lab.games.lcb.rules.combat import offensive          # 7.59: offensive INTERCEPT
    out += offensive.offers(game._ctx())
    if imp.combat is None:
        t = combat_template(game)
        if t is not None:
            out.append(t)
        elif imp.card_lrs:            # only cards attack: commit them (9.05)
            out += _kept(game, [A.CommitCombat()])
    else:   # combat done
        out += _kept(game, breakthrough_candidates(game))
    out += [A.EndImpulse()] if endable(game) else []
    return out


def move_options(game: GameLike, aid: int, dest: str | None = None) -> list[A.Move]:
    """Each destination of declared action ``aid``'s stack with its cheapest path (5.1-5.18);
    only ``dest`` when given."""
    d = next(x for x in game.state.impulse.actions if x.aid == aid)
    units = [game.state.units[u] for u in d.units if not game.state.units[u].destroyed]
    if d.moved or not units or any(u.moved or u.no_move or not u.on_map for u in units):
        return []
    ctx = game._ctx()
    found = move.paths(ctx, units)   # one search; each path then checked by the rules (legal_trial.movable)
    if dest is not None:
        found = {h: p for h, p in found.items() if h == dest}
    stops: dict = {}
    return [a for a in (A.Move(aid, tuple(p)) for p in found.values()) if movable(game, a, ctx, stops)]


def zor_candidates(game: GameLike, d: Declared) -> list[A.ExerciseZor]:
    """The ExerciseZor acts of declared action ``d``: one per hex adjacent to its ground units' hex
    (6.21); ``[]`` when its ZOR is used or it has no living ground unit on the map."""
    units = [game.state.units[u] for u in d.units if not game.state.units[u].destroyed]
    if d.zor_used or not units or game.utype(units[0].uid).is_naval or units[0].hex is None:
        return []
    return [A.ExerciseZor(d.aid, h) for h in game.board.neighbours(units[0].hex)]


# ---------------------------------------------------------------- resupply
def resupply_templates(game: GameLike, d: Declared) -> list[Template]:
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
