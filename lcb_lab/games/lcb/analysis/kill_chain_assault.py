"""GROUND ASSAULT (7.1) and TORPEDO ATTACK (14.07) as the target/engage means of a kill chain.

Read on the viewer's known state with the target taken as found (as
:mod:`~lcb_lab.games.lcb.analysis.kill_chain_fires` does), from the engine's own checks and odds:

* **GROUND ASSAULT** (ground target): each known attacker unit with a GROUND ASSAULT value that is
  in the target's hex or can move into it this impulse within its MP (5.12, 5.18: a ground move
  may end in an enemy hex; a move one hex beyond its MP ends the Core Action, 5.14), not acted
  (3.34), not paralyzed, with GA supply left (7.08).  Moved there on a private copy, it is checked
  by :func:`~lcb_lab.games.lcb.rules.combat.ground_assault.validate_ga` (7.12, 7.14, 7.16) and
  its CV modified as the engine rolls it (:func:`~lcb_lab.games.lcb.rules.combat.sequence.ga_setup`:
  terrain 7.09, Fortification 13.51, the Combined Arms bonus 7.17 when an LRS of the impulse
  under way already damaged the hex).  All its GA supply rolls (7.04).  GROUND ASSAULT cannot be
  INTERCEPTed (7.1); the defender's known MILDECs in the hex absorb first (``absorb_all``, 4.22,
  7.14); its return fire (``return_fire``, 7.13) falls on the assaulting unit at the same time
  (7.15) and stops none of these dice.  Odds: the engine's
  :func:`~lcb_lab.games.lcb.rules.combat.odds.engagement_odds` with the dice unstoppable.
* **TORPEDO ATTACK** (naval target, not a submarine): each known attacker submarine in the
  target's hex or able to move into it through water within its MP (14.02), not acted, that has
  fired neither LRS nor torpedoes this impulse (14.04, 14.07).  Moved there on a private copy with
  a Move and/or Initiate Combat declared for it, its 2 torpedoes at the target (14.07: at most 2,
  range 0) are checked by :func:`~lcb_lab.games.lcb.rules.submarines.operations.check_torpedo`
  and priced by :func:`lcb_lab.games.lcb.rules.submarines.chance.torpedo` (the defender's known
  ASW-capable ships in the hex roll defensive ASW first, 14.12, 14.13; IAMD cannot INTERCEPT
  a torpedo, 14.11); a hit sinks a ship whatever its HP (14.08) unless a known Naval MILDEC of
  its team in the hex absorbs it (4.22, 14.08, ``absorb_all``).

:func:`acts` lists the options and the target link's rows; :func:`plan_act` reads a declared
plan (a :class:`~lcb_lab.games.lcb.actions.GroundAssault`, the GROUND ASSAULTs of a
:class:`~lcb_lab.games.lcb.actions.CommitCombat` on the target, or a
:class:`~lcb_lab.games.lcb.actions.TorpedoAttack`); :func:`links` gives an act's target, engage,
defend and assess links.
"""
from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass, replace
from math import prod
from typing import Any, Iterator

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb import hexes as lcb_hexes
from lcb_lab.games.lcb import observer
from lcb_lab.games.lcb.analysis.kill_chain_fires import Fires, declared_to_fire
from lcb_lab.games.lcb.analysis.kill_chain_records import Link, Means
from lcb_lab.games.lcb.die import p_any_hit, p_hit as p_one
from lcb_lab.games.lcb.model.catalog import INFINITE_DICE_CAP
from lcb_lab.games.lcb.model.state import CombatPlan, Declared, Impulse, Unit
from lcb_lab.games.lcb.rules.common import Ctx, supply_left
from lcb_lab.kernel.errors import IllegalAction

__all__ = ["Act", "acts", "plan_act", "links", "fires_of", "strongest", "sub_zor_means", "GA_WORDS",
           "TORPEDO_WORDS"]

GA_WORDS = (
    "GROUND ASSAULT cannot be INTERCEPTED (7.1)",
    "the defender spends every MILDEC in the target's hex, each absorbing 1 HP (absorb_all, 4.22, 7.14)",
    "the defenders fire back by their default policy, return_fire (7.13): at the assaulting unit, at the same "
    "time (7.15), so it stops none of these dice",
)
TORPEDO_WORDS = (
    "the defender's known ASW-capable ships in the hex roll defensive ASW first (14.12, 14.13); IAMD cannot "
    "INTERCEPT a torpedo (14.11)",
    "the defender spends a Naval MILDEC in the hex on each torpedo hit while it has one (absorb_all, 4.22, 14.08)",
)
HYPOTHETICAL_ACTION = 0
"""The action number of the Move and/or Initiate Combat assumed for a submarine on the private copy."""


@dataclass(frozen=True)
class Act:
    """One GROUND ASSAULT or TORPEDO ATTACK on the target.  ``kind`` ("ga" | "torpedo");
    ``shots``: ``(unit, dice, modified CV, words of its CV)`` per attacking unit; ``plan``: the
    allocations (``{"attacker", "target", "dice"}`` per GA unit, ``{"sub", "targets"}`` for
    torpedoes); ``p_first``: P(the shooter is
    destroyed before it rolls: defensive ASW, 14.12); ``hunters``: ``(ship, P(it destroys the
    submarine))``; ``mildecs``: the known MILDECs absorbing; ``damage``: P(HP lost = k), k =
    0..hp; ``p_hit``: P(at least one hit | it rolls); ``p_kill``: P(destroyed)."""

    kind: str
    shots: tuple[tuple[str, int, int, str], ...]
    plan: tuple[dict, ...]
    p_first: float
    hunters: tuple[tuple[str, float], ...]
    mildecs: tuple[str, ...]
    damage: tuple[float, ...]
    p_hit: float
    p_kill: float

    @property
    def expected(self) -> float:
        """Expected HP lost."""
        return sum(k * q for k, q in enumerate(self.damage))

    @property
    def key(self) -> tuple[str, str]:
        """Its first shooter and slot ("GA" | "torpedo"), for ties by name."""
        return self.shots[0][0], "GA" if self.kind == "ga" else "torpedo"


# ====================================================================== the options
def acts(ctx: Ctx, t: Unit, attacker: str, viewer: str) -> tuple[list[Act], list[Means]]:
    """The GROUND ASSAULT (ground target) or TORPEDO ATTACK (naval target) options of
    ``attacker``'s known units on ``t`` (module doc) and the target link's rows (an ineligible
    unit near enough to matter: its refusal's rule and reason, ``p`` None).  ``ctx``: the known
    state with ``t`` found (a private copy: units are moved on it and put back)."""
    naval = ctx.utype(t).is_naval
    out, rows = [], []
    for u in ctx.state.living(attacker):
        if observer.is_stand_in(u) or not u.on_map or not _may_try(ctx, u, t, naval):
            continue
        try:
            act = _torpedo_option(ctx, u, t, viewer) if naval else _ga_option(ctx, u, t)
        except IllegalAction as e:
            rows.append(_row(u, t, naval, f": {e.reason}", (e.rule,), None))
            continue
        out.append(act)
        rows.append(_row(u, t, naval, _words(act), ("14.07",) if naval else ("7.1", "7.12"), 1.0))
    return out, rows


def _may_try(ctx: Ctx, u: Unit, t: Unit, naval: bool) -> bool:
    ut = ctx.utype(u)
    if naval:
        return ut.is_submarine and lcb_hexes.distance(u.hex, t.hex) <= ut.mp
    return ut.domain == "ground" and ctx.cv(u, "GA") is not None and lcb_hexes.distance(u.hex, t.hex) <= ut.mp


def _row(u: Unit, t: Unit, naval: bool, words: str, rules: tuple[str, ...], p: float | None) -> Means:
    what = "TORPEDO ATTACK" if naval else "GROUND ASSAULT"
    where = "in the target's hex" if u.hex == t.hex else "moves into the target's hex"
    return Means("unit", u.uid, rules, f"{u.uid} {what}" + (f" ({where}){words}" if p else words), p, u.hex,
                 u.team)


def _words(act: Act) -> str:
    uid, dice, cv, _ = act.shots[0]
    return f": {dice} {'torpedoes' if act.kind == 'torpedo' else 'dice'} at CV {cv}"


def _eligible(ctx: Ctx, u: Unit) -> None:
    """The unit-level refusals the chain reads first (3.34, 9.0)."""
    if u.acted and not declared_to_fire(ctx, u):
        raise IllegalAction("3.34", "has acted this turn")
    if u.paralysed:
        raise IllegalAction("9.0", "may not act this turn (a card's effect)")


def _entry(ctx: Ctx, u: Unit, t: Unit, rule: str) -> bool:
    """Whether ``u`` must move into ``t``'s hex first; IllegalAction when it cannot this
    impulse within its MP (5.12, 5.14, 5.16, 5.19; 14.02 for a submarine: through water)."""
    from lcb_lab.games.lcb.rules.movement import move
    if u.hex == t.hex:
        return False
    if u.moved or u.no_move:
        raise IllegalAction(rule, f"cannot move into {t.hex}: it has moved this turn or may not move")
    cost = move.reach(ctx, [u]).get(t.hex)
    if cost is None or cost > move.stack_mp(ctx, [u]):
        raise IllegalAction(rule, f"cannot move into {t.hex} within its MP this impulse"
                            + (" (a move one hex beyond its MP ends the Core Action, 5.14)" if cost else ""))
    return True


@contextmanager
def _moved_in(ctx: Ctx, u: Unit, h: str, impulse: Impulse | None) -> Iterator[None]:
    """``u`` in hex ``h`` (and ``impulse`` the impulse under way, when given) on the private
    copy inside the block; put back afterwards."""
    s = ctx.state
    was = (u.hex, u.moved, s.impulse)
    u.hex = h
    if impulse is not None:
        s.impulse = impulse
    try:
        yield
    finally:
        u.hex, u.moved, s.impulse = was


def sub_zor_means(ctx: Ctx, u: Unit, t: Unit) -> list[Means]:
    """The find means of submarine ``u`` on naval target ``t``: its ZOR (14.09: free, once per
    declared action) reveals enemy naval units in its hex and the adjacent ones, from where it is
    or where it can move this impulse (14.02).  ``[]`` when it cannot bring ``t`` into it."""
    from lcb_lab.games.lcb.rules.movement import move
    if lcb_hexes.distance(u.hex, t.hex) > ctx.utype(u).mp + 1:
        return []
    here = lcb_hexes.distance(u.hex, t.hex) <= 1
    if not here and (u.moved or u.no_move or not any(lcb_hexes.distance(h, t.hex) <= 1 and c <= move.stack_mp(ctx, [u])
                                                     for h, c in move.reach(ctx, [u]).items())):
        return []
    what = f"{u.uid}: its ZOR {'holds' if here else 'can move to hold'} the target's hex, revealing naval units there"
    return [Means("unit", u.uid, ("14.09",) if here else ("14.02", "14.09"), what, 1.0, u.hex, u.team)]


# ====================================================================== GROUND ASSAULT
def _ga_option(ctx: Ctx, u: Unit, t: Unit) -> Act:
    _eligible(ctx, u)
    left = supply_left(ctx, u, "GA")
    if left == 0:
        raise IllegalAction("7.08", "no GROUND ASSAULT supply left")
    _entry(ctx, u, t, "5.12")
    dice = INFINITE_DICE_CAP if left is None else left
    with _moved_in(ctx, u, t.hex, None):
        return _ga_act(ctx, t, [{"attacker": u.uid, "target": t.uid, "dice": dice}])


def _ga_act(ctx: Ctx, t: Unit, allocs: list[dict]) -> Act:
    """The odds of GROUND ASSAULT ``allocs`` on ``t`` (the attackers in its hex), by the
    engine's checks and CVs (7.12-7.17, 7.09, 13.51)."""
    from lcb_lab.games.lcb.rules.combat.ground_assault import validate_ga
    from lcb_lab.games.lcb.rules.combat.odds import engagement_odds
    from lcb_lab.games.lcb.rules.combat.sequence import ga_setup
    from lcb_lab.games.lcb import plain
    validate_ga(ctx, allocs, {a["attacker"] for a in allocs})
    s, team = ctx.state, ctx.state.units[allocs[0]["attacker"]].team
    was = s.impulse
    if was is None or was.team != team:      # 7.17 reads the attacker's own impulse only
        s.impulse = Impulse("", team, 0, phase="act")
    try:
        _, by_target = ga_setup(ctx, CombatPlan(ga=[dict(a) for a in allocs]), t.hex)
    finally:
        s.impulse = was
    shots = tuple((a["attacker"], int(a["dice"]), cv, plain.cv_text(base, mods))
                  for a, role, base, mods, cv in by_target.get(t.uid, ()) if role == "attacker")
    mildecs = tuple(m.mid for m in ctx.state.markers_in(t.hex, t.team))
    odds = engagement_odds([], [], t.hp, mildec=len(mildecs), unstoppable=[(n, cv) for _, n, cv, _ in shots])
    p_hit = 1.0 - prod((1.0 - p_any_hit(n, cv)) for _, n, cv, _ in shots)
    return Act("ga", shots, tuple(dict(a) for a in allocs), 0.0, (), mildecs, odds.damage, p_hit, odds.p_destroy)



# ====================================================================== TORPEDO ATTACK
def _torpedo_option(ctx: Ctx, u: Unit, t: Unit, viewer: str) -> Act:
    _eligible(ctx, u)
    _entry(ctx, u, t, "14.02")
    d = Declared("move_combat", [u.uid], aid=HYPOTHETICAL_ACTION, moved=u.hex != t.hex)
    imp = Impulse(u.task_force, u.team, 0, phase="act", actions=[d])
    with _moved_in(ctx, u, t.hex, imp):
        return _torpedo_act(ctx, t, A.TorpedoAttack(HYPOTHETICAL_ACTION, u.uid, (t.uid, t.uid)), viewer)


def _torpedo_act(ctx: Ctx, t: Unit, a: A.TorpedoAttack, viewer: str) -> Act:
    """The odds of torpedo act ``a`` on ``t``: the engine's preview
    (:func:`lcb_lab.games.lcb.rules.submarines.chance.torpedo`, as ``viewer`` knows the hex)
    with the known Naval MILDECs absorbing (4.22, 14.08)."""
    from lcb_lab.games.lcb.rules.submarines import asw, chance as sub_chance, operations as ops
    if t.uid not in a.targets:
        raise IllegalAction("14.07", f"the plan fires no torpedo at {t.uid}")
    with sub_chance.as_viewer(None if viewer == "instructor" else viewer):
        step = sub_chance.torpedo(ctx, a)[0]
        hunters, need = asw.defensive_setup(ctx, ctx.state.units[a.sub])
        hunters = sub_chance.seen(ctx, hunters)
    col = 1 + list(dict.fromkeys(x for x in a.targets if x in ctx.state.units)).index(t.uid)
    mildecs = tuple(m.mid for m in asw.naval_mildecs(ctx, t))
    p_first = step.probability(_first(step))
    fired = [(o[col], p) for o, p in step.outcomes if o[0] == 0]
    p_kill = sum(p for k, p in fired if k > len(mildecs))
    p_hit = sum(p for k, p in fired if k > 0) / (1.0 - p_first) if p_first < 1.0 else 0.0
    sub = ctx.state.units[a.sub]
    kill = asw.kill_value(asw.defensive_bonus(ctx, sub))
    hunt = tuple((h.uid, p_one(need) * p_one(kill)) for h in hunters)
    n, cv = a.targets.count(t.uid), ops.torpedo_cv(ctx, sub)
    damage = (1.0 - p_kill,) + (0.0,) * (t.hp - 1) + (p_kill,) if t.hp > 0 else (1.0,)
    return Act("torpedo", ((sub.uid, n, cv, f"torpedo CV {cv}"),), ({"sub": sub.uid, "targets": tuple(a.targets)},),
               p_first, hunt, mildecs, damage, p_hit, p_kill)


def _first(step: Any) -> tuple[int, ...]:
    width = len(step.counts)
    return (1,) + (0,) * (width - 1)


# ====================================================================== a declared plan
def plan_act(ctx: Ctx, t: Unit, plan: Any, viewer: str) -> Act | None:
    """The act of a declared ``plan`` on ``t``: a GroundAssault, a CommitCombat's GROUND
    ASSAULTs on ``t`` (read only when it has no LRS attack on ``t``), or a TorpedoAttack; None
    when the plan is read as LRS.  Raises IllegalAction as the engine's checks do (7.12-7.16,
    7.08; 14.04, 14.07)."""
    if isinstance(plan, A.TorpedoAttack):
        return _torpedo_act(ctx, t, plan, viewer)
    if isinstance(plan, A.GroundAssault):
        parts = (plan,)
    elif isinstance(plan, A.CommitCombat) and not any(x.target == t.uid for x in plan.lrs):
        parts = tuple(x for x in plan.ga if x.target == t.uid)
    else:
        return None
    if not parts:
        return None
    return _ga_act(ctx, t, [{"attacker": x.attacker, "target": x.target, "dice": int(x.dice)} for x in parts])


# ====================================================================== the links
def links(t: Unit, act: Act, rows: tuple[Means, ...], declared: bool) -> tuple[Link, ...]:
    """The target, engage, defend and assess links of ``act`` on ``t``; ``rows``: every means
    of the target link (the act's own marked chosen)."""
    used = {s[0] for s in act.shots}
    torpedo = act.kind == "torpedo"
    mine = ("14.07",) if torpedo else ("7.1", "7.12")
    means = tuple(replace(m, chosen=m.ident in used and m.rules[:1] == mine[:1] and m.p is not None) for m in rows)
    target = Link("target", 1.0, means, "the viewer's declared plan" if declared else
                  "the strongest single act: the highest P(destroyed)", mine + ("7.3", "9.05"))
    return target, _engage(act), _defend(t, act), _assess(t, act)


def _engage(act: Act) -> Link:
    what = "torpedo" if act.kind == "torpedo" else "GROUND ASSAULT"
    means = tuple(Means("unit", uid, ("14.07", "14.08") if act.kind == "torpedo" else ("7.13", "7.15"),
                        f"{uid} rolls {n} d20 ({what}) at CV {cv}" + (f" ({words})" if "->" in words else ""),
                        p_any_hit(n, cv), None, chosen=True) for uid, n, cv, words in act.shots)
    return Link("engage", act.p_hit, means, f"P(at least one {what} hit)",
                ("14.07", "14.08") if act.kind == "torpedo" else ("7.02", "7.09", "7.13", "7.17"))


def _defend(t: Unit, act: Act) -> Link:
    means = [Means("unit", h, ("14.12", "14.13"), f"{h}: defensive ASW destroys the submarine first ({p:.1%})", p,
                   t.hex, t.team, True) for h, p in act.hunters]
    means += [Means("marker", m, ("4.22", "14.08") if act.kind == "torpedo" else ("4.22", "7.14"),
                    f"{m} absorbs {'a torpedo hit' if act.kind == 'torpedo' else '1 HP'}", 1.0, t.hex, t.team, True)
              for m in act.mildecs]
    through = 1.0 - act.damage[0]
    p = through / act.p_hit if act.p_hit > 0 else 0.0
    cannot = "IAMD cannot INTERCEPT a torpedo (14.11)" if act.kind == "torpedo" else \
        "GROUND ASSAULT cannot be INTERCEPTED (7.1); the return fire stops none of its dice (7.15)"
    note = f"P(at least one HP lost | a hit) {p:.1%}: {cannot}" + ("" if means else "; nothing else the viewer "
                                                                    "knows defends it")
    rules = ("14.11", "14.12", "4.22", "14.08") if act.kind == "torpedo" else ("7.1", "7.13", "4.22")
    return Link("defend", min(p, 1.0), tuple(means), note, rules)


def _assess(t: Unit, act: Act) -> Link:
    through = 1.0 - act.damage[0]
    p = act.p_kill / through if through > 0 else 0.0
    if act.kind == "torpedo":
        what = f"{t.uid} ({t.hp} HP): a torpedo hit sinks it whatever its HP"
        return Link("assess", p, (Means("fact", t.uid, ("14.08",), what, act.p_kill, t.hex, t.team, True),),
                    "P(sunk | a hit gets through)", ("14.08",))
    left = ", ".join(f"{t.hp - k} HP left {q:.1%}" for k, q in enumerate(act.damage) if q > 0)
    return Link("assess", p, (Means("fact", t.uid, ("7.15",), f"{t.uid} ({t.hp} HP): {left}; expected HP lost "
                                    f"{act.expected:.2f}", act.p_kill, t.hex, t.team, True),),
                "P(destroyed | at least one HP lost)", ("7.15", "7.05", "4.22"))


# ====================================================================== beside the LRS
def fires_of(t: Unit, act: Act, rows: tuple[Means, ...], declared: bool) -> Fires:
    """``act``'s four links and records as a :class:`~lcb_lab.games.lcb.analysis.kill_chain_fires.Fires`."""
    return Fires(links(t, act, rows, declared), act.plan, (), GA_WORDS if act.kind == "ga" else TORPEDO_WORDS,
                 act.damage, act.expected)


def strongest(fires: Fires, options: list[Act], rows: list[Means], t: Unit) -> Fires:
    """The strongest single act of the LRS one (``fires``) and ``options``: the highest
    P(destroyed), then the highest expected HP lost, then the first by name (unit, then slot:
    "GA", "LRS1", ..., "torpedo").  ``rows`` join the target link's means."""
    target = fires.links[0]
    every = tuple(target.means) + tuple(rows)
    lrs = [] if not fires.plan else [((fires.plan[0]["shooter"], fires.plan[0]["slot"]), _chain(fires),
                                      fires.expected, None)]
    pool = sorted(lrs + [(a.key, a.p_kill, a.expected, a) for a in options], key=lambda c: c[0])
    if not pool:
        note = "nothing the viewer knows can strike it: no LRS value or card in range (7.3, 7.31), no GROUND " \
               "ASSAULT (7.1) nor TORPEDO ATTACK (14.07) it can reach"
        return replace(fires, links=(replace(target, means=every, note=note),) + fires.links[1:])
    best = max(pool, key=lambda c: (c[1], c[2]))
    if best[3] is None:
        return replace(fires, links=(replace(target, means=every),) + fires.links[1:])
    return fires_of(t, best[3], every, False)


def _chain(fires: Fires) -> float:
    return prod(lk.p for lk in fires.links)
