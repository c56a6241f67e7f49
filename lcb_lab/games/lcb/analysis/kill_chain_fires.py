"""The target, engage, defend and assess links of a kill chain (7.02-7.06, 7.3, 7.5, 4.22, 9.05, 9.4).

:func:`fires_links` works on the viewer's known state (a :class:`~lcb_lab.games.lcb.rules.common.Ctx`
over :func:`lcb_lab.games.lcb.observer.known_state`) with the target taken as found (face up):

* **target**: the attacker's known units with an LRS value that may fire at it -- the engine's
  own checks (:func:`lcb_lab.games.lcb.rules.combat.lrs.validate_lrs`: 7.3, 7.31-7.34, 7.41,
  7.08), not acted this turn (3.34) nor paralyzed -- and its known LRS cards in reach (9.05);
* **engage**: the roll, P(at least one LRS hit) (7.02), modifiers as the engine applies them
  (7.09 terrain, 7.62 network, 7.41 naval zones: :func:`~lcb_lab.games.lcb.rules.combat.network.lrs_modifiers`);
* **defend**: the defender's default INTERCEPT answer -- the engine's ``match_incoming`` policy
  (:data:`lcb_lab.games.lcb.choices.POLICIES`) on the INTERCEPT question the engine would ask
  (:func:`~lcb_lab.games.lcb.rules.combat.intercept.target_options`, 7.53-7.58, 7.510) -- MILDECs
  in the hex absorbing first (``absorb_all``, 4.22, 7.06) and, for a card, the known NULLIFY /
  FTR NULLIFY cards (9.4): P(at least one HP lost | a hit);
* **assess**: P(destroyed | an HP lost) and the HP-lost distribution (7.05), from
  :func:`~lcb_lab.games.lcb.rules.combat.odds.engagement_odds`.

Without a declared plan the strongest single act is chosen: each eligible LRS value (all its
dice: its supply left, at most 4 for infinite supply, 7.34) or card, the highest P(destroyed),
then the highest expected HP lost, then the first by name; the chain then weighs it against the
GROUND ASSAULTs and TORPEDO ATTACKs of :mod:`~lcb_lab.games.lcb.analysis.kill_chain_assault`
(:func:`~lcb_lab.games.lcb.analysis.kill_chain_assault.strongest`).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from types import SimpleNamespace

from lcb_lab.games.lcb.analysis import kill_chain_cards as kc_cards
from lcb_lab.games.lcb.analysis.kill_chain_records import Link, Means
from lcb_lab.games.lcb.choices import DEFAULT_POLICIES, POLICIES
from lcb_lab.games.lcb.die import p_any_hit
from lcb_lab.games.lcb.model.catalog import INFINITE_DICE_CAP
from lcb_lab.games.lcb import observer
from lcb_lab.games.lcb.model.state import Unit, other
from lcb_lab.games.lcb.rules.combat.intercept import odds_groups, target_options
from lcb_lab.games.lcb.rules.combat.lrs import validate_lrs
from lcb_lab.games.lcb.rules.combat.network import apply as apply_mods, lrs_modifiers, network_modifiers
from lcb_lab.games.lcb.rules.combat.odds import EngagementOdds, engagement_odds
from lcb_lab.games.lcb.rules.common import Ctx, supply_left
from lcb_lab.kernel.errors import IllegalAction

__all__ = ["Fires", "fires_links", "found", "declared_to_fire", "POLICY_WORDS"]

POLICY_WORDS = (
    "the defender INTERCEPTs by its default policy, match_incoming: each eligible interceptor it has puts "
    "as many dice as are incoming, within its supply (7.53-7.56)",
    "the defender spends every MILDEC in the target's hex, each absorbing 1 HP (absorb_all, 4.22, 7.06)",
    "the defender answers a card attack with every known NULLIFY / FTR NULLIFY card that fits it, once each (9.4)",
)


@dataclass(frozen=True)
class Fires:
    """The four links (target, engage, defend, assess) and what they evaluated: ``plan`` (LRS
    allocations), ``intercepts`` (the default answer), ``policies`` (in words), ``damage``
    (P(HP lost = k)) and ``expected`` (expected HP lost)."""

    links: tuple[Link, ...]
    plan: tuple[dict, ...]
    intercepts: tuple[dict, ...]
    policies: tuple[str, ...]
    damage: tuple[float, ...]
    expected: float


@dataclass(frozen=True)
class _Shot:
    allocs: tuple[dict, ...]
    odds: EngagementOdds
    intercepts: tuple[dict, ...]
    cvs: dict            # {shooter: modified CV}
    int_cvs: dict        # {(interceptor, slot): modified CV}
    stop: float          # chance a card attack is NULLIFIED before its roll
    stoppers: tuple      # ((KnownCard, p), ...)

    @property
    def p_kill(self) -> float:
        return (1.0 - self.stop) * self.odds.p_destroy


def found(ctx: Ctx, t: Unit) -> Ctx:
    """The known state with the target face up (the chain's later links assume it found): a
    private copy."""
    s = ctx.state.clone(share_log=True)
    s.units[t.uid].revealed = True
    return Ctx(s, ctx.board, ctx.catalog, None, ctx.decks)


def _candidates(ctx: Ctx, t: Unit, attacker: str) -> tuple[list[dict], list[Means]]:
    """Each known attacker LRS value: ``(eligible allocations with all dice, means rows)``."""
    allocs, rows = [], []
    for u in ctx.state.living(attacker):
        if observer.is_stand_in(u) or not u.on_map:
            continue
        for cv in ctx.cvs_of(u, "LRS"):
            left = supply_left(ctx, u, cv.slot)
            dice = INFINITE_DICE_CAP if left is None else left
            a = {"shooter": u.uid, "slot": cv.slot, "target": t.uid, "dice": max(dice, 1)}
            why = _refusal(ctx, u, a, dice)
            rows.append(Means("unit", u.uid, ("7.3", "7.31") if not why else (why.rule,),
                              f"{u.uid} {cv.slot} (CV {cv.value}, range {'∞' if cv.range is None else cv.range}, "
                              f"{dice} dice)" + (f": {why.reason}" if why else ""),
                              None if why else 1.0, u.hex, attacker))
            if not why:
                allocs.append(a)
    return allocs, rows


def declared_to_fire(ctx: Ctx, u: Unit) -> bool:
    """Whether ``u`` acts this turn by a Move and/or Initiate Combat of the impulse under way
    whose combat is not committed yet: it may still fire (3.31, 3.34)."""
    imp = ctx.state.impulse
    return imp is not None and imp.team == u.team and imp.combat is None and \
        any(d.kind == "move_combat" and u.uid in d.units for d in imp.actions)


def _refusal(ctx: Ctx, u: Unit, a: dict, dice: int) -> IllegalAction | None:
    if u.acted and not declared_to_fire(ctx, u):
        return IllegalAction("3.34", "has acted this turn")
    if u.paralysed:
        return IllegalAction("9.0", "may not act this turn (a card's effect)")
    if dice < 1:
        return IllegalAction("7.08", "no supply left for this value")
    try:
        validate_lrs(ctx, [a], {u.uid}, check_team=False)
    except IllegalAction as e:
        return e
    return None


def _card_allocs(ctx: Ctx, t: Unit, cards: list) -> tuple[list[dict], list[Means]]:
    allocs, rows = [], []
    for c, e in kc_cards.strike_means(cards, t.hex):
        bmd = "ballistic" in c.ctype.categories
        allocs.append({"shooter": c.cid, "slot": e.label, "target": t.uid, "dice": e.dice, "card": c.cid,
                       "name": c.name, "hex": c.hex, "bmd": bmd, "cv": e.cv, "ctype": c.ctype})
        rows.append(Means("card", c.cid, ("9.05",), f"{c.name}: LRS {e.dice} dice at CV {e.cv}", 1.0,
                          c.hex, c.team, name=c.name))
    return allocs, rows


def _shot(ctx: Ctx, t: Unit, allocs: list[dict], answers: list) -> _Shot:
    """Exact odds of ``allocs`` on ``t`` against the default answers (module doc)."""
    naval = ctx.utype(t).is_naval
    stop_rows, unstop, cvs = [], [], {}
    for a in allocs:
        if "card" in a:
            cvs[a["shooter"]] = apply_mods(a["cv"], lrs_modifiers(ctx.state, ctx.board, other(t.team), t.hex, naval,
                                                                  a["hex"]))
            stop_rows.append((a["shooter"], int(a["dice"]), cvs[a["shooter"]]))
            continue
        s = ctx.state.units[a["shooter"]]
        cvs[s.uid] = apply_mods(ctx.cv(s, a["slot"]).value, lrs_modifiers(ctx.state, ctx.board, s.team, t.hex,
                                                                           naval, s.hex))
        (unstop if ctx.utype(s).cannon_artillery else stop_rows).append((s.uid, int(a["dice"]), cvs[s.uid]))
    plain = [{k: v for k, v in a.items() if k != "ctype"} for a in allocs]
    question = target_options(ctx, t.uid, plain)
    policy = POLICIES["intercept"][DEFAULT_POLICIES["intercept"]]
    ints = policy(SimpleNamespace(options=SimpleNamespace(targets=(question,))))
    base = {(o.uid, o.slot): o.cv for x in (question, *question.attacks) for o in x.interceptors}
    net = network_modifiers(ctx.state, t.team)
    int_cvs = {k: apply_mods(v, net) for k, v in base.items()}
    int_rows = [(i.get("shooter"), int(i["dice"]), int_cvs[(i["interceptor"], i["slot"])]) for i in ints]
    shots, pooled, answered = odds_groups(stop_rows, int_rows)
    mildecs = sum(1 for m in ctx.state.markers.values() if m.team == t.team and m.hex == t.hex and not m.destroyed)
    odds = engagement_odds([(n, cv) for n, cv in shots], pooled, t.hp, mildec=mildecs,
                           unstoppable=[(n, cv) for _, n, cv in unstop], answered=answered)
    stop, stoppers = 0.0, ()
    for a in allocs:
        if "card" in a:
            p, rows = kc_cards.answer_chance(answers, a["ctype"])
            stop, stoppers = 1.0 - (1.0 - stop) * (1.0 - p), stoppers + tuple(rows)
    return _Shot(tuple(plain), odds, tuple(ints), cvs, int_cvs, stop, stoppers)


def _strongest(ctx: Ctx, t: Unit, options: list[dict], answers: list) -> _Shot | None:
    shots = [_shot(ctx, t, [a], answers) for a in sorted(options, key=lambda a: (a["shooter"], a["slot"]))]
    if not shots:
        return None
    return max(shots, key=lambda s: (s.p_kill, s.odds.expected_damage))     # the first by name on a tie


def fires_links(ctx: Ctx, t: Unit, attacker: str, plan: list[dict] | None, att_cards: list,
                def_cards: list, is_found: bool = False) -> Fires:
    """The target, engage, defend and assess links on ``t`` for ``plan`` (LRS allocations on it)
    or the strongest single LRS act (module doc); ``is_found``: ``ctx`` is :func:`found` already.
    Raises IllegalAction for a plan the engine's LRS checks refuse (7.3, 7.31-7.34, 7.41, 7.08)."""
    if not is_found:
        ctx = found(ctx, t)
    t = ctx.state.units[t.uid]
    unit_allocs, rows = _candidates(ctx, t, attacker)
    card_allocs, card_rows = _card_allocs(ctx, t, att_cards)
    if plan is not None:
        validate_lrs(ctx, plan, {a["shooter"] for a in plan}, check_team=False)
        shot = _shot(ctx, t, plan, def_cards)
    else:
        shot = _strongest(ctx, t, unit_allocs + card_allocs, def_cards)
    if shot is None:
        return _no_shot(t, tuple(rows + card_rows))
    used = {a["shooter"] for a in shot.allocs}
    means = tuple(replace(m, chosen=m.ident in used) for m in rows + card_rows)
    target = Link("target", 1.0, means, "the viewer's declared plan" if plan is not None else
                  "the strongest single act: the highest P(destroyed)", ("7.3", "7.31", "9.05"))
    return Fires((target, _engage(shot), _defend(ctx, t, shot), _assess(t, shot)), shot.allocs, shot.intercepts,
                 POLICY_WORDS, shot.odds.damage, (1.0 - shot.stop) * shot.odds.expected_damage)


def _no_shot(t: Unit, rows: tuple[Means, ...]) -> Fires:
    links = (Link("target", 0.0, rows, "no known LRS value or card may fire at it (7.3, 7.31)", ("7.3", "7.31")),
             Link("engage", 0.0, (), "no shot", ("7.02",)), Link("defend", 0.0, (), "no shot", ("7.5",)),
             Link("assess", 0.0, (), f"{t.uid} keeps its {t.hp} HP", ("7.05",)))
    return Fires(links, (), (), POLICY_WORDS, (1.0,) + (0.0,) * t.hp, 0.0)


def _engage(shot: _Shot) -> Link:
    o = shot.odds
    means = tuple(Means("card" if "card" in a else "unit", a["shooter"], ("7.02", "7.04"),
                        f"{a.get('name', a['shooter'])} rolls {a['dice']} d20 at CV {shot.cvs[a['shooter']]}",
                        p_any_hit(int(a["dice"]), shot.cvs[a["shooter"]]), a.get("hex"), chosen=True,
                        name=a.get("name", ""))
                  for a in shot.allocs)
    p = 1.0 - o.lrs_hits[0]
    return Link("engage", p, means, "P(at least one LRS hit) " + ", ".join(
        f"{k}: {q:.1%}" for k, q in enumerate(o.lrs_hits)), ("7.02", "7.09", "7.62"))


def _defend(ctx: Ctx, t: Unit, shot: _Shot) -> Link:
    o, means = shot.odds, []
    for i in shot.intercepts:
        cv = shot.int_cvs[(i["interceptor"], i["slot"])]
        means.append(Means("unit", i["interceptor"], ("7.54", "7.57"),
                           f"{i['interceptor']} INTERCEPTs with {i['dice']} d20 at CV {cv}",
                           p_any_hit(int(i["dice"]), cv), ctx.state.units[i["interceptor"]].hex, t.team, True))
    for m in ctx.state.markers.values():
        if m.team == t.team and m.hex == t.hex and not m.destroyed:
            means.append(Means("marker", m.mid, ("4.22", "7.06"), f"{m.mid} absorbs 1 HP", 1.0, m.hex, t.team, True))
    for c, q in shot.stoppers:
        means.append(Means("card", c.cid, ("9.4",), f"{c.name} may NULLIFY the card ({q:.1%})", q,
                           c.hex, t.team, True, c.name))
    hit = 1.0 - o.lrs_hits[0]
    through = 1.0 - o.damage[0]
    p = (1.0 - shot.stop) * (through / hit) if hit > 0 else 0.0
    note = f"P(at least one HP lost | a hit) {p:.1%}" + ("" if means else ": nothing the viewer knows defends it")
    return Link("defend", p, tuple(means), note, ("7.5", "7.57", "4.22", "9.4"))


def _assess(t: Unit, shot: _Shot) -> Link:
    o = shot.odds
    through = 1.0 - o.damage[0]
    p = o.p_destroy / through if through > 0 else 0.0
    left = ", ".join(f"{t.hp - k} HP left {q:.1%}" for k, q in enumerate(o.damage) if q > 0)
    return Link("assess", p, (Means("fact", t.uid, ("7.05",), f"{t.uid} ({t.hp} HP): {left}; "
                                    f"expected HP lost {o.expected_damage:.2f}", o.p_destroy, t.hex, t.team, True),),
                "P(destroyed | at least one HP lost)", ("7.05", "4.22"))
