"""Offensive INTERCEPT and offensive BMD INTERCEPT (7.5, 7.59, 7.510, 7.512, 9.06).

On its own impulse a team may INTERCEPT an enemy platform instead of waiting for it to act:
an IAMD unit of a declared Move and/or Initiate Combat Core Action (1 AP, 7.59) -- after its
move, if it moves -- rolls INTERCEPT dice at

* a **revealed enemy ISR marker** whose card carries the INTERCEPT symbol (7.512, 9.011), the
  marker's hex within the value's INTERCEPT range (the marker acts on no target hex on the
  attacker's own impulse); or
* an **enemy card in play that only BMD may engage** (``bmd_only``, e.g. "Space Satellites"):
  "always susceptible to offensive BMD INTERCEPT" (7.510), from anywhere on the map.

A deployed or expended Persistent card with no marker has no target hex and is not eligible
for a direct INTERCEPT (7.512); only BMD values answer a BMD-only card, and BMD values answer
nothing else (7.510); a card stating a minimum INTERCEPT CV needs it (9.011).  A card with a
DETECT value must first be DETECTed (9.06): the unit rolls one d20 at or under the card's
DETECT value; one success lets every IAMD unit of the team INTERCEPT it for the rest of the
impulse (``Impulse.detected``).  Then each INTERCEPT die hits at or under the value's CV
after the Tactical Network modifier (7.51, 7.62).  The dice are spent from supply whatever
happens (7.58; infinite supply: at most 4 dice, 7.55); the unit reveals itself (7.511).  Each
hit puts a cube on the card (9.04): at its durability the card and its ISR marker are
discarded (7.512), below it a Persistent card is expended (:func:`lcb_lab.games.lcb.rules.cards.use.hit`).
The other team may not answer with a defensive INTERCEPT (7.59): nothing waits on it.

lcb_lab's readings (documented in docs/rules_coverage.md, rows 7.59 and 7.512):

* a unit uses one CV in a Core Action (7.02): it offensively INTERCEPTs once per impulse
  (``Impulse.intercepted``) and then allocates no LRS or GROUND ASSAULT dice in it;
* the DETECT of an offensive INTERCEPT is remembered for the impulse only.

The action is :class:`lcb_lab.games.lcb.actions.OffensiveIntercept`; its odds
(:func:`odds`) come from :func:`setup`, the same function :func:`act` rolls from.
"""
from __future__ import annotations

from dataclasses import dataclass
from math import comb
from typing import TYPE_CHECKING

from lcb_lab.games.lcb import plain
from lcb_lab.games.lcb.die import p_hit
from lcb_lab.games.lcb.model.catalog import INFINITE_DICE_CAP
from lcb_lab.games.lcb.model.state import Card, CardMarker, Declared, Unit
from lcb_lab.games.lcb.rules.cards import intercept as cint
from lcb_lab.games.lcb.rules.cards.use import durability, hit
from lcb_lab.games.lcb.rules.combat.network import network_modifiers
from lcb_lab.games.lcb.rules.common import Ctx, dist, slot_text
from lcb_lab.games.lcb.rules.movement.conceal import reveal
from lcb_lab.games.lcb.rules.submarines.sot import check_names, declared_action
from lcb_lab.kernel import explain
from lcb_lab.kernel.errors import IllegalAction

if TYPE_CHECKING:
    from lcb_lab.games.lcb.actions import OffensiveIntercept
    from lcb_lab.kernel.odds import ChanceStep
    from lcb_lab.games.lcb.model.cards import CardType


@dataclass(frozen=True)
class Setup:
    """What an offensive INTERCEPT rolls, changing nothing: the ``unit`` and its IAMD ``value``
    (a dict of :func:`lcb_lab.games.lcb.rules.cards.intercept.iamd_values`), the target ``card``
    and its ``marker`` (None: the card itself, BMD-only), ``detect`` (the DETECT value to roll
    at or under, None: no DETECT roll), ``cv`` (after the ``mods``, 7.62) and ``dice``."""

    unit: Unit
    value: dict
    card: Card
    marker: CardMarker | None
    detect: int | None
    cv: int
    mods: list
    dice: int

    @property
    def bmd(self) -> bool:
        """True for an offensive BMD INTERCEPT (7.510)."""
        return bool(self.value["bmd"])

    @property
    def target_name(self) -> str:
        """The target as the log names it: its marker id, or the card's name."""
        return self.marker.mid if self.marker is not None else self.card.name


# ---------------------------------------------------------------- checks
def _value(ctx: Ctx, u: Unit, slot: str) -> dict:
    """The IAMD value of ``u`` named ``slot`` (its own ``"INT1"``, an Attached card's ``"INT2"`` or
    ``"<cid>:INT2"``).  Raises IllegalAction("7.5")."""
    for v in cint.iamd_values(ctx, u.team):
        if v["uid"] != u.uid:
            continue
        if slot == v["slot"] or (v["source"] and slot == f"{v['source']}:{v.get('card_slot', v['slot'])}"):
            return v
    raise IllegalAction("7.5", f"{u.uid} has no INTERCEPT value {slot}")


def _target(ctx: Ctx, team: str, name: str) -> tuple[Card, CardMarker | None]:
    """The enemy card (and ISR marker) named ``name``: a revealed marker's id or a face-up card
    in play.  Anything else -- a concealed marker, a card in the pool -- is refused with the same
    words, whether or not it exists (9.02, 13.23).  Raises IllegalAction("7.512")."""
    m = ctx.state.card_markers.get(name)
    if m is not None and m.team != team and m.revealed and m.card in ctx.state.cards:
        return ctx.state.cards[m.card], m
    c = ctx.state.cards.get(name)
    if c is not None and c.team != team and c.face_up and c.where in ("deployed", "attached", "embarked"):
        return c, None
    raise IllegalAction("7.512", f"{team} sees no revealed enemy ISR marker and no enemy card in play named "
                        f"{name!r}: only those may be offensively INTERCEPTed")


def _eligible(ctx: Ctx, v: dict, card: Card, ct: CardType, marker: CardMarker | None, u: Unit) -> None:
    """Raise IllegalAction when value ``v`` may not offensively INTERCEPT ``card`` (7.510, 7.512, 9.011)."""
    if ct.bmd_only and not v["bmd"]:
        raise IllegalAction("7.510", f"{ct.name} can be engaged only by BMD INTERCEPT; {u.uid}'s {v['slot']} "
                            "is no BMD value")
    if v["bmd"] and not ct.bmd_only and "ballistic" not in ct.categories:
        raise IllegalAction("7.510", f"BMD INTERCEPT engages only ballistic LRS and cards requiring BMD; "
                            f"{ct.name} is neither")
    if "intercept" not in ct.symbols and not ct.bmd_only:
        raise IllegalAction("9.011", f"{ct.name} has no INTERCEPT symbol: it cannot be INTERCEPTed")
    if ct.intercept_min_cv and v["cv"] < ct.intercept_min_cv:
        raise IllegalAction("9.011", f"{ct.name} needs an INTERCEPT CV of {ct.intercept_min_cv}+ "
                            f"({u.uid} has {v['cv']})")
    if ct.bmd_only:
        return                  # 7.510: always susceptible to offensive BMD INTERCEPT, from anywhere on the map
    if marker is None:
        raise IllegalAction("7.512", f"{ct.name} itself has no target hex (a deployed or expended Persistent card "
                            "cannot be INTERCEPTed directly): name its revealed ISR marker, if it has one")
    d = dist(u.hex, marker.hex)
    if v["range"] is not None and d > v["range"]:
        raise IllegalAction("7.512", f"{marker.mid} is {d} hexes from {u.uid}, beyond its INTERCEPT range "
                            f"{v['range']}")


def _dice(u: Unit, v: dict, n: int) -> None:
    """Raise IllegalAction for a die count the supply does not allow (7.55, 7.58)."""
    if n < 1:
        raise IllegalAction("7.55", f"{u.uid} allocates no dice: an INTERCEPT attempt rolls at least one")
    if v["left"] is None and n > INFINITE_DICE_CAP:
        raise IllegalAction("7.55", f"{u.uid} has infinite INTERCEPT supply: at most {INFINITE_DICE_CAP} dice "
                            "per INTERCEPT attempt")
    if v["left"] is not None and n > v["left"]:
        raise IllegalAction("7.58", f"{u.uid} has {v['left']} {v['slot']} INTERCEPT supply left, not {n}")


def _unit(ctx: Ctx, d: Declared, uid: str) -> Unit:
    """The acting IAMD unit of declared action ``d``.  Raises IllegalAction (3.36, 7.02, 7.59)."""
    imp = ctx.state.impulse
    if d.kind != "move_combat":
        raise IllegalAction("7.59", f"an offensive INTERCEPT is a Move and/or Initiate Combat Core Action; "
                            f"action #{d.aid} is not one")
    if uid not in d.units:
        raise IllegalAction("3.36", f"{uid} is not activated in action #{d.aid}")
    u = ctx.state.units[uid]
    if u.destroyed or u.hex is None:
        raise IllegalAction("7.59", f"{uid} is not on the map: it cannot make an offensive INTERCEPT")
    if u.paralysed:
        raise IllegalAction("9.0", f"{uid} may not act this turn (card effect)")
    fired = {a["shooter"] for a in imp.combat.lrs} | {a["attacker"] for a in imp.combat.ga} if imp.combat else set()
    if uid in imp.intercepted or uid in fired:
        raise IllegalAction("7.02", f"{uid} has already used a CV in this Core Action (one CV per Core Action)")
    return u


def setup(ctx: Ctx, a: OffensiveIntercept) -> Setup:
    """Check offensive INTERCEPT ``a`` and say what it rolls (:class:`Setup`), changing nothing.
    Raises IllegalAction naming the rule (3.31, 3.36, 3.38, 6.11, 7.02, 7.5, 7.510, 7.512, 7.55,
    7.58, 7.59, 9.011)."""
    d = declared_action(ctx, a.action)
    team = ctx.state.impulse.team
    check_names(ctx, team, [a.interceptor])
    u = _unit(ctx, d, a.interceptor)
    v = _value(ctx, u, a.slot)
    card, marker = _target(ctx, team, a.target)
    ct = ctx.ctype(card)
    _eligible(ctx, v, card, ct, marker, u)
    n = int(a.dice)
    _dice(u, v, n)
    mods = network_modifiers(ctx.state, team)
    cv = max(0, int(v["cv"]) + sum(x[1] for x in mods))
    detect = None if ct.detect is None or card.cid in ctx.state.impulse.detected else ct.detect
    return Setup(u, v, card, marker, detect, cv, mods, n)


# ---------------------------------------------------------------- odds
def hits_pmf(s: Setup) -> list[float]:
    """P(0 .. ``dice`` hits) of the attempt: the DETECT (if any), then one d20 per die at the CV
    (7.51, 9.06); a failed DETECT rolls no INTERCEPT die (0 hits)."""
    pd = 1.0 if s.detect is None else p_hit(s.detect)
    p = p_hit(s.cv)
    out = [pd * comb(s.dice, k) * p ** k * (1 - p) ** (s.dice - k) for k in range(s.dice + 1)]
    out[0] += 1.0 - pd
    return out


def needed(ctx: Ctx, s: Setup) -> int:
    """Hits still needed to destroy the target card: its durability less the cubes it already
    carries, counted over the game (9.04)."""
    return max(1, durability(ctx.ctype(s.card)) - s.card.cubes)


def p_destroy(ctx: Ctx, s: Setup) -> float:
    """P(the attempt destroys the card) (9.04, 7.512)."""
    return sum(hits_pmf(s)[needed(ctx, s):])


def odds_text(ctx: Ctx, s: Setup) -> str:
    """The odds line logged before the roll (exact, 7.02, 9.06)."""
    pmf = hits_pmf(s)
    need = needed(ctx, s)
    parts = [f"DETECT {s.detect} or less ({_pct(p_hit(s.detect))})" if s.detect is not None else "no DETECT needed",
             f"{s.dice} d20 at {s.cv} ({_pct(p_hit(s.cv))} a die)",
             f"P({need}+ hit{'s' if need > 1 else ''}: destroyed) {_pct(sum(pmf[need:]))}"]
    return "; ".join(parts) + " (" + ", ".join(f"{k} hits {_pct(p)}" for k, p in enumerate(pmf)) + ")"


def _pct(p: float) -> str:
    return f"{100 * p:.1f}%"


# ---------------------------------------------------------------- the act
def act(ctx: Ctx, a: OffensiveIntercept) -> int:
    """Offensive INTERCEPT ``a`` (7.59, 7.510, 7.512): checked (:func:`setup`), the unit revealed
    (7.511), the dice spent (7.58), odds logged, DETECT (9.06) and INTERCEPT rolled, the hits put
    on the card (9.04).  Returns the hits (0 when the DETECT fails).  Raises IllegalAction."""
    s = setup(ctx, a)
    imp = ctx.state.impulse
    imp.intercepted.append(s.unit.uid)
    reveal(ctx, [s.unit], "a unit that attempts INTERCEPT reveals itself", ["7.511"])
    _spend(ctx, s)
    what = "offensive BMD INTERCEPT" if s.bmd else "offensive INTERCEPT"
    rules = ["7.59", "7.510"] if s.bmd else ["7.59", "7.512"]
    title = f"{_cap(what)}: {s.unit.uid} -> {s.target_name}"
    ctx.log(explain.step("odds", f"Odds before rolling: {title}", odds_text(ctx, s), ["7.02", "9.06"] + rules,
                         p_destroy=p_destroy(ctx, s)))
    ctx.log(explain.step("allocate", title, f"{s.dice} {slot_text(s.value['slot'])} dice on its own impulse "
                         f"(1 AP: action #{a.action}); supply is spent now, hit or miss; the enemy may not "
                         "answer it with a defensive INTERCEPT", rules + ["7.58"]))
    if s.detect is not None and not _detect(ctx, s):
        return 0
    rolls = ctx.dice.roll(s.dice, f"{what} {s.unit.uid}->{s.target_name}")
    hits = sum(r <= s.cv for r in rolls)
    ctx.log(explain.step("intercept_roll", f"{_cap(what)}: {s.unit.uid} -> {s.target_name}: "
                         f"{hits} hit{'' if hits == 1 else 's'}",
                         f"{plain.cv_text(int(s.value['cv']), s.mods)}; {plain.dice_text(rolls, s.cv)}",
                         ["7.51"] + rules + [m[2] for m in s.mods], dice=rolls, hits=hits, cv=s.cv))
    if hits:
        hit(ctx, s.card, hits, f"{what} by {s.unit.uid}", rules)
    return hits


def _detect(ctx: Ctx, s: Setup) -> bool:
    """The unit's DETECT roll against the card (9.06); a success is remembered for the impulse."""
    r = ctx.dice.roll(1, f"DETECT {s.unit.uid}->{s.target_name}")[0]
    ok = r <= s.detect
    ctx.log(explain.step("detect", f"{s.unit.uid} {'DETECTs' if ok else 'fails to DETECT'} {s.target_name}",
                         f"needs {s.detect} or less ({_pct(p_hit(s.detect))}): rolled {r}"
                         + ("" if ok else "; no INTERCEPT die is rolled, the supply is spent all the same"),
                         ["9.06", "7.512", "7.58"]), roll=r)
    if ok:
        ctx.state.impulse.detected.append(s.card.cid)
    return ok


def _spend(ctx: Ctx, s: Setup) -> None:
    """Spend the dice from the value's supply: the unit's own, or its Attached card's (7.58, 9.33)."""
    v = s.value
    if v["left"] is None:
        return
    if v["source"]:
        c = ctx.state.cards[v["source"]]
        slot = v.get("card_slot") or v["slot"]
        c.supply = {**c.supply, slot: v["left"] - s.dice}
    else:
        s.unit.supply = {**s.unit.supply, v["slot"]: v["left"] - s.dice}


# ---------------------------------------------------------------- offers
def offers(ctx: Ctx) -> list:
    """The offensive INTERCEPTs the active team may make now (7.59): for each IAMD value of a unit of
    a Move and/or Initiate Combat action and each target it may engage, one
    :class:`~lcb_lab.games.lcb.actions.OffensiveIntercept` with all the dice its supply allows (at most
    4 for infinite supply).  Built from what the team sees only (revealed markers, face-up cards)."""
    from lcb_lab.games.lcb.actions import OffensiveIntercept
    imp = ctx.state.impulse
    if imp is None or imp.phase == "declare" or (imp.combat is not None and imp.phase != "combat_done"):
        return []
    team = imp.team
    names = [m.mid for m in ctx.state.card_markers.values() if m.team != team and m.revealed]
    names += [c.cid for c in ctx.state.cards.values() if c.team != team and c.face_up
              and c.where in ("deployed", "attached", "embarked") and ctx.ctype(c).bmd_only]
    out = []
    for d in imp.actions:
        if d.kind != "move_combat":
            continue
        for uid in d.units:
            u = ctx.state.units[uid]
            if u.destroyed or u.hex is None:
                continue
            for v in (v for v in cint.iamd_values(ctx, team) if v["uid"] == uid):
                n = INFINITE_DICE_CAP if v["left"] is None else v["left"]
                for t in names:
                    a = OffensiveIntercept(d.aid, uid, v["slot"], t, max(1, n))
                    try:
                        setup(ctx, a)
                    except IllegalAction:
                        continue
                    out.append(a)
    return out


def chance_step(ctx: Ctx, a: OffensiveIntercept) -> ChanceStep:
    """The preview of offensive INTERCEPT ``a`` (:class:`~lcb_lab.kernel.odds.ChanceStep`): its hits
    on the target card, each count with its exact probability (the DETECT first, 9.06), from
    :func:`setup`.  Raises IllegalAction as :func:`setup` does."""
    from lcb_lab.kernel.odds import ChanceStep      # numpy: imported when odds are asked for, not to load a game
    s = setup(ctx, a)
    lines = ([f"1 d20 DETECT by {s.unit.uid}: {s.detect} or less"] if s.detect is not None else [])
    lines.append(f"{s.dice} d20 INTERCEPT by {s.unit.uid} hitting on {s.cv} or less; {needed(ctx, s)} more "
                 f"hit(s) destroy {s.card.name}")
    outcomes = tuple(((k,), p) for k, p in enumerate(hits_pmf(s)) if p > 0)
    return ChanceStep(f"Offensive {'BMD ' if s.bmd else ''}INTERCEPT: {s.unit.uid} -> {s.target_name}",
                      "7.510" if s.bmd else "7.59", (f"INTERCEPT hits on {s.target_name}",), outcomes, tuple(lines))


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]
