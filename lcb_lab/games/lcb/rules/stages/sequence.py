"""Sequence of play: impulses, Action Points, Core Actions, Initiative and Victory Checks (3.x).

* Impulses alternate between the teams, the team with the initiative first;
  each Task Force takes one impulse per turn and the team picks which of its
  TFs goes (3.3, 3.39).  At the start of the Action Stage the team with the
  initiative may relinquish it (3.41), which counts as the other team
  seizing it (3.42).
* Each impulse has 3 AP (3.32), 1 AP when the TF has no units left (3.312),
  +1 AP when the Influence Meter stands at 6-8 or more for the team (15.0).
* The player first declares every Core Action with the units or stacks it
  activates (3.03, 3.31): 1 AP each; removing a Tactical Network cube costs
  2 AP (7.61).  A unit or stack does one Core Action per turn (3.34), only
  units of the active TF act (3.33), a stack acts together; part of a stack
  may be activated for combat/conceal/resupply (3.36) or split off, in which
  case it must move into its own hex (3.37, 5.15).  Declarations cannot be
  changed once made (3.03).  What a stack is comes from :mod:`~lcb_lab.games.lcb.rules.movement.stacks`
  (interpretation: ships and ground units of one Task Force in one (port)
  hex are separate stacks, since they cannot move together, 5.11; units
  that joined a stack this turn stay apart until the next turn, 3.37).
"""
from __future__ import annotations

from lcb_lab.kernel import explain
from lcb_lab.games.lcb.choices import MildecChoice, MineAttackChoice
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.games.lcb.model.state import Declared, Impulse, other
from lcb_lab.games.lcb.rules.combat import continuing
from lcb_lab.games.lcb.rules.stages import influence
from lcb_lab.games.lcb.rules.events import action_pool
from lcb_lab.games.lcb.rules.events.draw import check_resolved
from lcb_lab.games.lcb.rules.cards import jcc
from lcb_lab.games.lcb.rules.movement import stacks, tf_counters
from lcb_lab.games.lcb.rules.common import Ctx, living_unit, names, refs
from lcb_lab.games.lcb.rules.combat.network import REPAIR_AP
from lcb_lab.games.lcb.model.invariants import BASE_AP, INFLUENCE_AP

CORE_ACTIONS = ("move_combat", "move_conceal", "move_resupply", "play_jcc", "move_embarked_jcc")
"""The five Core Actions (3.31)."""
NETWORK_REPAIR = "network_repair"
CORE_ACTION_NAMES = {
    "move_combat": "Move and/or Initiate Combat",
    "move_conceal": "Move and/or Conceal",
    "move_resupply": "Move and/or Resupply",
    "play_jcc": "Play a JCC",
    "move_embarked_jcc": "Move and/or Play an Embarked Persistent JCC",
    NETWORK_REPAIR: "Remove a Tactical Network cube",
}


def ap_cost(kind: str) -> int:
    """AP one declared Core Action of ``kind`` costs: 1 (3.34), 2 to remove a Tactical Network
    cube (7.61)."""
    return REPAIR_AP if kind == NETWORK_REPAIR else 1


def ap_for(ctx: Ctx, tf: str) -> int:
    """AP of a Task Force's impulse (3.32, 3.312, 15.0); with the "Action Pool" Event Card, what
    its team's pool holds (3.312, :mod:`lcb_lab.games.lcb.rules.events.action_pool`)."""
    team = ctx.state.task_forces[tf]
    if team in ctx.state.action_pool:     # the "Action Pool" Event Card: the team's pool (3.312)
        return action_pool.impulse_ap(ctx, team)
    if not ctx.state.tf_units(tf):
        return 1
    # Influence benefits take effect at the start of the next turn (15.0)
    ap = BASE_AP + (INFLUENCE_AP if influence.level(ctx.state.influence_turn_start, team) >= 6 else 0)
    # a card's AP loss for the rest of the turn (EMS Jamming, 9.41 ex.); at least 1 AP (sandbox)
    return max(1, ap - ctx.state.ap_loss.get(team, 0)) if ctx.state.ap_loss else ap


def next_team(ctx: Ctx) -> str | None:
    """Team due to take the next impulse (3.3): alternate, initiative first; None when every
    Task Force has had its impulse this turn.  The teams with a Task Force still to go are read
    in one pass (asked at every impulse's start and end)."""
    s = ctx.state
    done = s.tf_order
    left = {t for tf, t in s.task_forces.items() if tf not in done}
    if "US" not in left and "RU" not in left:
        return None
    if not done:
        return s.initiative
    last = s.task_forces[done[-1]]
    want = other(last)
    return want if want in left else last


def available_task_forces(ctx: Ctx) -> list[str]:
    """TFs that may take the next impulse."""
    team = next_team(ctx)
    if team is None or ctx.state.impulse is not None:
        return []
    return [tf for tf, t in ctx.state.task_forces.items() if t == team and tf not in ctx.state.tf_order]


def relinquish(ctx: Ctx) -> None:
    """The team with the initiative makes the other go first (3.41, 3.42)."""
    check_relinquish(ctx)
    s = ctx.state
    s.relinquished = True
    old = s.initiative
    s.initiative = other(old)
    ctx.log(explain.step("initiative", f"{old} relinquishes the initiative",
                         f"{s.initiative} goes first this turn and keeps the initiative until it loses it",
                         ["3.41", "3.42"]))
    influence.move(ctx, s.initiative, f"{s.initiative} seizes the initiative (relinquished by {old})", ["3.42", "15.21"])


def check_relinquish(ctx: Ctx) -> None:
    """The checks of :func:`relinquish`, changing nothing: only at the start of the Action Stage
    (3.41), nothing left unresolved, not twice in an Action Stage (3.41).  Raises IllegalAction."""
    s = ctx.state
    if s.stage != "action":
        now = "the game is over" if s.stage == "over" else f"the game is in the {s.stage.title()} Stage"
        raise IllegalAction("3.41", f"initiative may be relinquished only at the start of the Action Stage; {now}")
    if s.tf_order or s.impulse is not None:
        raise IllegalAction("3.41", "initiative may be relinquished only at the start of the Action Stage")
    check_resolved(ctx, "relinquishing the initiative")
    if s.relinquished:
        raise IllegalAction("3.41", f"{other(s.initiative)} already handed the initiative to {s.initiative} "
                            "this Action Stage")


def begin(ctx: Ctx, tf: str) -> None:
    """Start ``tf``'s impulse (3.3, 3.39)."""
    s = ctx.state
    if s.stage in ("planning", "deployment"):
        raise IllegalAction("3.3", f"impulses begin in the Action Stage, not the {s.stage.title()} Stage")
    if s.stage != "action":
        raise IllegalAction("3.5", f"the game is over: {s.result}")
    if s.impulse is not None:
        raise IllegalAction("3.3", f"{s.impulse.task_force}'s impulse is still in progress")
    if tf not in s.task_forces:
        raise IllegalAction("4.34", f"no Task Force named {tf!r}; known: {', '.join(s.task_forces)}")
    check_resolved(ctx, f"{tf}'s impulse")
    allowed = available_task_forces(ctx)
    if tf not in allowed:
        if tf in s.tf_order:
            raise IllegalAction("3.39", f"{tf} cannot go now: each Task Force takes one impulse per turn, "
                                "and it has already taken its impulse this turn")
        raise IllegalAction("3.3", f"{tf} cannot go now: it is {next_team(ctx)}'s turn to take an impulse")
    ap = ap_for(ctx, tf)
    s.impulse = Impulse(task_force=tf, team=s.task_forces[tf], ap=ap)
    pooled = s.task_forces[tf] in s.action_pool
    ctx.log(explain.step("impulse_start", f"Turn {s.turn}, impulse {len(s.tf_order) + 1}: {tf} ({s.task_forces[tf]})",
                         f"{ap} AP" + (" from its team's Action Pool" if pooled else ""),
                         ["3.3", "3.32"] + (["3.312"] if ap == 1 or pooled else [])))


Checked = tuple[Declared, frozenset]
"""One Core Action checked alone (:func:`check_one`): its declaration and the designators /
``"jcc:<cid>"`` keys it takes (3.34, 9.0)."""


def check_declaration(ctx: Ctx, actions: list[dict],
                      known: list[Checked | None] | None = None) -> tuple[list[Declared], int]:
    """The checks of :func:`declare`, changing nothing: (the declared actions, their AP cost).

    Raises IllegalAction exactly when :func:`declare` would (what follows the checks there
    never refuses), so the legal-action generators ask it instead of trying a declaration
    on a copy of the state (3.03, 3.31-3.37).  ``known``: for each action, None or what
    :func:`check_one` gave for it on this very state; an action checked alone is checked again
    only when an earlier one took one of its keys (the only checks that read the others)."""
    imp = _check_phase(ctx)
    cost = sum(ap_cost(a["kind"]) for a in actions)
    if cost > imp.ap:
        raise IllegalAction("3.32", f"{imp.task_force} has {imp.ap} AP; these declarations cost {cost} "
                            f"({len(actions)} actions)")
    seen: set[str] = set()
    declared = []
    for i, a in enumerate(actions):
        got = known[i] if known is not None else None
        if got is not None and not (got[1] & seen):
            d = _copy_declared(got[0])
            seen |= got[1]
        else:
            d = _check_action(ctx, a, i, seen)
        d.aid = i + 1          # the stable id: "#1" in the log
        declared.append(d)
    return declared, cost


def check_one(ctx: Ctx, a: dict) -> Checked:
    """:func:`check_declaration` of the one action ``a`` (same verdict, same IllegalAction), with
    the keys it takes: a later :func:`check_declaration` of this state given it (``known``)
    does not check ``a`` again when no earlier action took one of them (3.03, 3.31-3.37)."""
    imp = _check_phase(ctx)
    cost = ap_cost(a["kind"])
    if cost > imp.ap:
        raise IllegalAction("3.32", f"{imp.task_force} has {imp.ap} AP; these declarations cost {cost} (1 actions)")
    seen: set[str] = set()
    d = _check_action(ctx, a, 0, seen)
    return d, frozenset(seen)


def _check_phase(ctx: Ctx) -> Impulse:
    imp = ctx.state.impulse
    if imp is None:
        raise IllegalAction("3.03", "no impulse in progress: begin one first")
    if imp.phase != "declare":
        raise IllegalAction("3.03", "Core Actions were already declared this impulse and cannot be changed")
    return imp


def _copy_declared(d: Declared) -> Declared:
    """A fresh declaration equal to what :func:`_check_action` made (its lists not shared)."""
    return Declared(d.kind, list(d.units), jcc=d.jcc, origin=d.origin, split=d.split, note=d.note,
                    markers=list(d.markers))


def declare(ctx: Ctx, actions: list[dict], known: list[Checked | None] | None = None) -> None:
    """Declare the impulse's Core Actions (3.03, 3.31-3.37). Raises IllegalAction.
    ``known``: see :func:`check_declaration`."""
    s, imp = ctx.state, ctx.state.impulse
    declared, cost = check_declaration(ctx, actions, known)
    # legal: commit
    for d in declared:
        for uid in d.units:
            s.units[uid].acted = True
        for mid in d.markers:
            s.markers[mid].acted = True
    imp.actions = declared
    imp.ap -= cost
    imp.phase = "act"
    for i, d in enumerate(declared):
        _log_declared(ctx, i, d)
    if imp.team in s.action_pool:          # the Action Pool: unspent AP stay in it (3.312, sandbox)
        left = action_pool.spend(ctx, imp.team, cost)
        ctx.log(explain.step("action_pool", f"{imp.team}'s Action Pool: {left} AP left",
                             f"{cost} AP spent; what is not spent stays in the pool for the team's later "
                             "impulses this turn", ["3.312", "16.0"]))
    elif imp.ap:
        ctx.log(explain.step("pass", f"{imp.ap} AP unused", "passed AP are lost (3.310)", ["3.310"]))


def _log_declared(ctx: Ctx, i: int, d: Declared) -> None:
    """Log a declaration with its facts: which counters act, face up or down (3.03).

    :mod:`lcb_lab.games.lcb.observer` decides what the other team reads: concealed counters are
    pointed at, not named, and a Move and/or Resupply may keep its location hidden (3.03).
    """
    imp = ctx.state.impulse
    name = f"#{i + 1} {CORE_ACTION_NAMES[d.kind]}"
    full = name + (f": {names(d.units)} in {d.origin}" if d.units else "") + (f" ({d.jcc})" if d.jcc else "")
    if d.markers:
        full += f" with {len(d.markers)} MILDEC(s)" if d.units else f": {len(d.markers)} MILDEC(s) in {d.origin}"
    if d.split:
        full += " - splits from its stack and must move into its own hex (3.37)"
    subs = [u for u in d.units if ctx.utype(u).is_submarine and not ctx.state.units[u].revealed]   # 14.03
    ctx.log(explain.step("declare", f"{imp.task_force} declares", full, ["3.03", "3.31"]),
            team=imp.team, action=name, action_kind=d.kind, origin=d.origin, jcc=d.jcc, **({"subs": subs} if subs else {}),
            units=refs(ctx.state.units[u] for u in d.units), markers=refs(ctx.state.markers[m] for m in d.markers))


def _check_action(ctx: Ctx, a: dict, i: int, seen: set[str]) -> Declared:
    s, imp = ctx.state, ctx.state.impulse
    kind = a.get("kind")
    if kind not in CORE_ACTIONS + (NETWORK_REPAIR,):
        raise IllegalAction("3.31", f"action #{i + 1}: {kind!r} is not a Core Action; "
                            f"choose one of {', '.join(CORE_ACTIONS)} (or {NETWORK_REPAIR}, 2 AP, 7.61)")
    uids = list(a.get("units", []))
    if kind == NETWORK_REPAIR:
        if s.network_cubes[imp.team] == 0:
            raise IllegalAction("7.61", f"{imp.team}'s Tactical Network has no cube to remove")
        return Declared(kind, [], note="network")
    if kind == "play_jcc":
        card = a.get("jcc")
        if not card:
            raise IllegalAction("3.31", f"action #{i + 1}: name the JCC played")
        cid = jcc.check_declared(ctx, kind, card, [], imp.team, seen)   # own pool / Attached / deployed (3.12, 9.31)
        key = f"jcc:{cid or card}"
        if key in seen:
            raise IllegalAction("9.0", f"{card!r} is played twice in one impulse")
        seen.add(key)
        return Declared(kind, [], jcc=card)
    mids = _check_markers(ctx, a.get("markers", []), i, seen)
    if not uids:
        if mids and kind in ("move_combat", "move_conceal"):   # a MILDEC moving on its own (5.17)
            return Declared(kind, [], origin=s.markers[mids[0]].hex, markers=mids)
        raise IllegalAction("3.31", f"action #{i + 1}: activate at least one unit or stack")
    units = []
    for uid in uids:
        u = living_unit(ctx, uid, "3.31")
        if u.task_force != imp.task_force:
            raise IllegalAction("3.33", f"{uid} is not a unit of {imp.task_force}")
        if u.expended and u.no_move:
            raise IllegalAction("12.07", f"{uid} was put ashore this turn and is expended: no Core Action "
                                "until next turn")
        tf_counters.check_again(u, seen)          # 4.35: a Task Force Counter acts once a turn
        if uid in seen or u.acted:
            raise IllegalAction("3.34", f"{uid} has already been activated for a Core Action this turn")
        if u.paralysed:
            raise IllegalAction("3.34", f"{uid} may not conduct any action for the rest of this turn (card effect)")
        if u.expended:
            raise IllegalAction("7.18", f"{uid} is expended for this turn")
        if u.embarked_on is not None:
            raise IllegalAction("10.38", f"{uid} is Embarked on {u.embarked_on}: an Embarked unit conducts no "
                                "Core Action (it goes ashore through its ship's Embarked cards, 12.0)")
        if u.hex is None:
            raise IllegalAction("10.0", f"{uid} is not on the map")
        seen.add(uid)
        units.append(u)
    tf_counters.check_declared(ctx, i, units)      # 4.35: the whole counter, nothing else
    hexes = {u.hex for u in units}
    if len(hexes) > 1:
        raise IllegalAction("3.23", f"action #{i + 1}: {names(units)} are in {len(hexes)} hexes; "
                            "a Core Action activates one unit or one stack (one hex)")
    origin = hexes.pop()
    # one definition of a stack (rules.stacks): ships and ground units sharing a port hex are
    # two stacks (5.11), units that joined this turn stay apart until the next turn (3.37)
    if len(stacks.group(ctx, units)) > 1:
        raise IllegalAction("3.23", f"action #{i + 1}: {names(units)} are separate stacks in {origin} "
                            "(ships and ground units never stack, 5.11; units that joined this turn "
                            "stay a separate stack, 3.37): declare one Core Action for each")
    split = stacks.is_split(ctx, units) and kind != "move_embarked_jcc"
    if split and ctx.board.is_zone_place(origin):
        raise IllegalAction("7.44", f"action #{i + 1}: {names(units)} would split from their stack in naval zone "
                            f"place {origin}, but a split stack must move into its own hex (3.37) and nothing moves "
                            "in a naval zone: declare the whole stack and fire with the units you choose")
    if split and not _can_leave(ctx, units, origin):
        raise IllegalAction("3.37", f"action #{i + 1}: {names(units)} would split from their stack in {origin}, "
                            "but a split stack must move into its own hex (3.37) and they can reach no other "
                            "hex: declare the whole stack")
    if kind == "move_embarked_jcc":
        if not all(ctx.utype(u).embark_gpsv or ctx.utype(u).embark_asv for u in units):
            raise IllegalAction("11.0", f"action #{i + 1}: only Embark-capable ships play Embarked JCCs")
        cid = jcc.check_declared(ctx, kind, a.get("jcc"), uids, imp.team, seen)   # an Embarked card of the ship (11.1)
        if cid is not None:
            if f"jcc:{cid}" in seen:
                raise IllegalAction("9.0", f"{a.get('jcc')!r} is played twice in one impulse")
            seen.add(f"jcc:{cid}")
    if any(s.markers[m].hex != origin for m in mids):
        raise IllegalAction("5.17", f"action #{i + 1}: a MILDEC moves with the stack in its own hex")
    return Declared(kind, uids, jcc=a.get("jcc"), origin=origin, split=split, markers=mids)


def _can_leave(ctx: Ctx, units: list, origin: str) -> bool:
    """Can the stack ``units`` Move out of ``origin`` at all (5.12-5.18, as the mover knows the board)?
    A split stack that cannot (a ground unit on an island hex with no land link) could never end its
    impulse (3.37)."""
    from lcb_lab.games.lcb.rules.movement.move import can_leave
    return can_leave(ctx, units)


def _check_markers(ctx: Ctx, mids: list[str], i: int, seen: set[str]) -> list[str]:
    """MILDECs named in an action: the active TF's, alive, in one hex, once a turn (4.22, 5.17)."""
    s, imp = ctx.state, ctx.state.impulse
    for mid in mids:
        m = s.markers.get(mid)
        if m is None or m.destroyed:
            raise IllegalAction("4.22", f"action #{i + 1}: no MILDEC named {mid!r}")
        if m.task_force != imp.task_force:
            raise IllegalAction("4.22", f"{mid} is assigned to {m.task_force}, not {imp.task_force}")
        if mid in seen or m.acted:
            raise IllegalAction("3.34", f"{mid} has already been activated this turn")
        seen.add(mid)
    if len({s.markers[m].hex for m in mids}) > 1:
        raise IllegalAction("5.17", f"action #{i + 1}: MILDECs in different hexes")
    return list(mids)


def check_end(ctx: Ctx) -> None:
    """Every check of :func:`end`, changing nothing: whether the impulse may end now (3.3, 3.37, 3.38,
    7.22, 9.05, 9.46, 13.34, a pending choice's rule).  Raises IllegalAction naming the rule."""
    s, imp = ctx.state, ctx.state.impulse
    if imp is None:
        raise IllegalAction("3.3", "no impulse in progress")
    if imp.combat and (s.choices or not imp.combat.done):
        raise IllegalAction("3.38", "committed combat must be resolved before the impulse ends")
    if s.chain:
        raise IllegalAction("9.46", "a card chain is still being resolved")
    if any(isinstance(c, MineAttackChoice) or (isinstance(c, MildecChoice) and c.after_mine) for c in s.choices):
        raise IllegalAction("13.34", "mines stopped a move: their owner answers first")
    if s.choices:                         # e.g. the attacker's Embarked losses (10.311): answered first
        c = s.choices[-1]
        raise IllegalAction(c.rule, f"{c.team} answers first: {c.prompt}")
    if imp.card_lrs and imp.combat is None:
        raise IllegalAction("9.05", "a card's LRS attack joins the impulse's combat: commit the combat first")
    for i, d in enumerate(imp.actions):
        if d.split and not d.moved:
            raise IllegalAction("3.37", f"action #{i + 1}: {names(d.units)} split from their stack and must "
                                "move into their own hex")
    continuing.check_end(ctx)


def end(ctx: Ctx) -> None:
    """End the impulse (3.3); after the last one, run the end of the turn."""
    check_end(ctx)
    s, imp = ctx.state, ctx.state.impulse
    if s.port_cubes:                      # 12.3, 12.54: the orange cube leaves with the last ship
        from lcb_lab.games.lcb.rules.transport.ports import sweep_cubes
        sweep_cubes(ctx)
    from lcb_lab.games.lcb.rules.submarines.sot import end_of_impulse
    end_of_impulse(ctx)                # LRS or torpedoes: per impulse (14.04)
    s.tf_order = [*s.tf_order, imp.task_force]
    ctx.log(explain.step("impulse_end", f"{imp.task_force}'s impulse ends", "", ["3.3"]))
    s.impulse = None
    for cm in s.card_markers.values():       # markers move once per impulse (13.21, 12.22)
        if cm.moved:                         # written only when it changes (a clean record stays clean)
            cm.moved = False
    if next_team(ctx) is None:
        end_of_turn(ctx)


def end_of_turn(ctx: Ctx) -> None:
    """Initiative Check (3.4), Victory Check (3.5), then the next turn."""
    s = ctx.state
    from lcb_lab.games.lcb.rules.stages.victory import victory_check
    continuing.end_of_action_stage(ctx)
    from lcb_lab.games.lcb.rules.markers.fortify import end_of_turn as _forts
    _forts(ctx)                    # abandoned fortifications are removed (13.53)
    from lcb_lab.games.lcb.rules.submarines.sot import end_of_action_stage
    end_of_action_stage(ctx)           # submarine markers removed, offensive ASW hexes reset (14.06, 14.14)
    us, ru = s.kills["US"], s.kills["RU"]
    old = s.initiative
    if us != ru:
        s.initiative = "US" if us > ru else "RU"
    text = f"US destroyed {us}, RU destroyed {ru} (MILDECs, markers and JCCs do not count): "
    if s.initiative != old:
        text += f"{s.initiative} seizes the initiative"
    else:
        text += f"{old} {'retains' if us != ru else 'keeps (tie)'} the initiative"
    ctx.log(explain.step("initiative", "Initiative Check", text, ["3.04", "3.42"]))
    if s.initiative != old:
        influence.move(ctx, s.initiative, f"{s.initiative} seized the initiative", ["3.42", "15.21"])
    victory_check(ctx)
    if s.stage == "over":
        return
    s.turn += 1
    s.tf_order = []
    s.relinquished = False
    s.kills = {"US": 0, "RU": 0}
    s.influence_kills = {"US": 0, "RU": 0}
    for u in s.units.values():     # written only when one changes (a clean record stays clean)
        if u.acted or u.moved or u.paralysed or u.no_move or u.expended or u.moved_with or u.gunfire_hex is not None:
            u.acted = u.moved = u.paralysed = u.no_move = u.expended = False
            u.moved_with = ""          # units that joined a stack this turn now merge with it (3.37)
            u.gunfire_hex = None       # NAVAL GUNFIRE: one hex per turn (optional 17.32)
    for m in s.markers.values():
        if m.acted:
            m.acted = False
    for cm in s.card_markers.values():       # one free marker action per turn (13.21, 13.12)
        if cm.acted:
            cm.acted = False
        if "builder" in cm.data:             # a Fortification's builder may move again (13.51)
            cm.data = {k: v for k, v in cm.data.items() if k != "builder"}
    s.ap_loss = {}
    s.action_pool, s.cv_changes = {}, {}     # an event's pool and CV changes last the turn (3.312, 16.0)
    jcc.refresh(ctx)               # expended cards turn back for the next Action Stage (9.21)
    s.influence_turn_start = s.influence
    from lcb_lab.games.lcb.rules.stages.planning import start_of_turn
    granted = any(g.turn == s.turn for g in s.planning_grants)
    ctx.log(explain.step("turn", f"Turn {s.turn} begins",
                         "a Planning Stage first (the scenario grants CP)" if granted else "the Action Stage starts again",
                         ["3.0", "3.05"] + (["3.06"] if granted else [])))
    from lcb_lab.games.lcb.rules.stages.scheduled import arrive_scheduled
    arrive_scheduled(ctx)   # the scenario's reinforcements of this turn (3.11)
    start_of_turn(ctx)      # a granted Planning Stage (3.06), the Influence Meter's free cards (15.14)
