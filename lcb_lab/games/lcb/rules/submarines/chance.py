"""The odds of the submarine and ASW rolls (14.09-14.15), before they are rolled, for whoever asks.

The previews of :mod:`lcb_lab.games.lcb.chance` for the acts that roll DETECT and ASW dice:
the ZOR (14.09), offensive ASW (14.14), TORPEDO ATTACK with its defensive ASW and the submarine
engagement (14.07-14.13, 14.011), card ASW (14.15) and a UUV's attack (14.12).  Each comes from
the *setup* half of the rule that rolls (the same function the roll itself calls).

Whose odds.  Asked for the instructor (the default) every unit counts, named.  Asked for a team
(:func:`as_viewer`), a unit counts only when that team knows it (:func:`lcb_lab.games.lcb.observer.knows`:
its own, or an enemy face up / DETECTED): a hidden enemy submarine or a face-down ASW ship is
neither named nor counted, so the preview describes the search, not its result, and two worlds
that differ only in such a unit give the team the same preview.  The dice lines of a team's form
end with :data:`TEAM_NOTE`, the same words whatever is hidden.
"""
from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from math import prod
from typing import TYPE_CHECKING, Any, Iterable, Iterator

from lcb_lab.games.lcb import observer
from lcb_lab.games.lcb.die import p_any_hit, p_hit
from lcb_lab.games.lcb.rules.common import Ctx
from lcb_lab.games.lcb.rules.optional import advanced_submarines as adv
from lcb_lab.games.lcb.rules.submarines import asw, operations as ops, sot
from lcb_lab.kernel.dice import D20
from lcb_lab.kernel.odds import ChanceStep, binomial_pmf, joint_outcomes, mixture

if TYPE_CHECKING:
    from lcb_lab.games.lcb import actions as A
    from lcb_lab.games.lcb.model.state import Unit

VIEWER: ContextVar[str | None] = ContextVar("lcb_lab_chance_viewer", default=None)
"""Who the odds are computed for: None (the instructor) or a team (:func:`as_viewer`)."""

TEAM_NOTE = ("as {team} knows it: enemy submarines it has not DETECTED and face-down ships are neither named "
             "nor counted")
"""The last dice line of a team's form (the same words whatever is hidden)."""


@contextmanager
def as_viewer(viewer: str | None) -> Iterator[None]:
    """Compute the odds inside the ``with`` block for ``viewer`` ("US", "RU"; None or
    "instructor": every unit counts)."""
    token = VIEWER.set(None if observer.all_seeing(viewer) else viewer)
    try:
        yield
    finally:
        VIEWER.reset(token)


def seen(ctx: Ctx, units: Iterable[Unit]) -> list[Unit]:
    """``units`` the viewer knows (:func:`lcb_lab.games.lcb.observer.knows`), in order; all for the instructor."""
    v = VIEWER.get()
    return list(units) if v is None else [u for u in units if observer.knows(ctx.state, v, u)]


def detect(ctx: Ctx, e: Unit) -> int:
    """Submarine ``e``'s DETECT value as the viewer knows it: with optional rule 17.2 on, a team
    does not know an enemy submarine's movement type (secret on the SOT, 14.03), so its form
    counts the printed value; its owner and the instructor the full value (sot.detect_of)."""
    v = VIEWER.get()
    if v is not None and v != e.team and adv.on(ctx.state):
        return ctx.utype(e).detect or 10
    return sot.detect_of(ctx, e)


def _note(lines: Iterable[str]) -> tuple[str, ...]:
    v = VIEWER.get()
    return tuple(lines) + ((TEAM_NOTE.format(team=v),) if v is not None else ())


def _flag(p: float) -> tuple[float, float]:
    return (1.0 - p, p)


def _line(dice: int, cv: int, what: str) -> str:
    return f"{dice} {D20.name} hitting on {cv} or less: {what}"


def detect_classes(needs: list[int]) -> list[tuple[float, tuple[bool, ...]]]:
    """One DETECT d20 compared with several values: ``[(P, detected each?)]`` over its faces."""
    faces: dict[tuple[bool, ...], int] = {}
    for r in D20.faces:
        key = tuple(r <= v for v in needs)
        faces[key] = faces.get(key, 0) + 1
    return [(n / D20.sides, k) for k, n in faces.items()]


# ---------------------------------------------------------------- the acts
def zor(ctx: Ctx, a: A.SubmarineZor) -> tuple[ChanceStep, ...]:
    """A submarine's ZOR (14.09): which enemy submarines around it its one DETECT die finds.
    Raises IllegalAction (:func:`~lcb_lab.games.lcb.rules.submarines.operations.check_zor`)."""
    _, sub = ops.check_zor(ctx, a.action, a.sub)
    enemies = seen(ctx, ops.zor_targets(ctx, sub))
    needs = [detect(ctx, e) for e in enemies]
    outcomes = mixture((p, ((tuple(map(int, k)), 1.0),)) for p, k in detect_classes(needs))
    against = ", ".join(f"{e.uid} ({v} or less)" for e, v in zip(enemies, needs)) or "no submarine"
    return (ChanceStep(f"ZOR DETECT by {sub.uid}", "14.09", tuple(f"{e.uid} DETECTED" for e in enemies), outcomes,
                       _note([f"1 {D20.name} ZOR DETECT by {sub.uid}, compared with {against}"])),)


def offensive_asw(ctx: Ctx, a: A.OffensiveAsw) -> tuple[ChanceStep, ...]:
    """Offensive ASW (14.14): which enemy submarines in the hex are destroyed.  Raises
    IllegalAction (:func:`~lcb_lab.games.lcb.rules.submarines.asw.offensive_setup`)."""
    ships, h, enemies = asw.offensive_setup(ctx, a.action, list(a.units))
    enemies = seen(ctx, enemies)
    bonus = asw.offensive_bonus(ctx, ships[0].team, h)
    kill = asw.kill_value(bonus)
    needs = [detect(ctx, e) + bonus.detect for e in enemies]
    against = ", ".join(f"{e.uid} ({v} or less)" for e, v in zip(enemies, needs)) or "no submarine"
    dice = (f"{len(ships)} {D20.name} DETECT (one per ship), each compared with {against}",
            f"one ASW {D20.name} per DETECT, destroying on {kill} or less")
    branches = [(1.0, (0,) * len(enemies))]
    for _ in ships:                     # counts of DETECTs per submarine over the ships' dice
        branches = [(w * p, tuple(c + d for c, d in zip(cnt, k))) for w, cnt in branches
                    for p, k in detect_classes(needs)]
    outcomes = mixture((w, joint_outcomes([_flag(p_any_hit(c, kill)) for c in cnt])) for w, cnt in branches)
    return (ChanceStep(f"Offensive ASW in {h}", "14.14", tuple(f"{e.uid} destroyed" for e in enemies),
                       outcomes, _note(dice)),)


def _defensive(ctx: Ctx, sub: Unit) -> tuple[float, tuple[str, ...]]:
    """P(``sub`` destroyed by defensive ASW) and the dice lines (14.12, 14.13)."""
    hunters, need = asw.defensive_setup(ctx, sub)
    hunters = seen(ctx, hunters)
    if not hunters:
        return 0.0, ()
    kill = asw.kill_value(asw.defensive_bonus(ctx, sub))
    p = 1.0 - (1.0 - p_hit(need) * p_hit(kill)) ** len(hunters)
    return p, (_line(len(hunters), need, f"ASW DETECT vs {sub.uid} ({', '.join(u.uid for u in hunters)})"),
               f"one ASW {D20.name} per DETECT, destroying {sub.uid} on {kill} or less")


def torpedo(ctx: Ctx, a: A.TorpedoAttack) -> tuple[ChanceStep, ...]:
    """TORPEDO ATTACK (14.07, 14.08, 14.12): defensive ASW first; a destroyed submarine fires
    nothing.  At ships: torpedo hits per target (one sinks a ship, 14.08).  At a submarine: the
    engagement (14.011).  Raises IllegalAction (:func:`~lcb_lab.games.lcb.rules.submarines.operations.check_torpedo`)."""
    _, sub, ships, enemy_subs = ops.check_torpedo(ctx, a.action, a.sub, a.targets)
    p_sunk, lines = _defensive(ctx, sub)
    if enemy_subs is not None or not ships:
        return (_duel(ctx, sub, enemy_subs, p_sunk, lines),)
    cv = ops.torpedo_cv(ctx, sub)
    names = list(dict.fromkeys(ships))
    fire = joint_outcomes([tuple(float(p) for p in binomial_pmf(ships.count(t), p_hit(cv))) for t in names])
    outcomes = mixture([(p_sunk, (((1,) + (0,) * len(names), 1.0),)),
                        (1.0 - p_sunk, tuple(((0,) + o, p) for o, p in fire))])
    lines += tuple(_line(ships.count(t), cv, f"TORPEDO ATTACK {sub.uid}->{t}") for t in names)
    return (ChanceStep(f"TORPEDO ATTACK by {sub.uid}", "14.08",
                       (f"{sub.uid} destroyed by ASW",) + tuple(f"torpedo hits on {t}" for t in names),
                       outcomes, _note(lines)),)



def _duel(ctx: Ctx, sub: Unit, named: list[str] | None, p_sunk: float, lines: tuple[str, ...]) -> ChanceStep:
    """The submarine engagement (14.011): both sides' DETECT at once (one die each side,
    :func:`~lcb_lab.games.lcb.rules.submarines.operations.duel_setup`), whoever DETECTED fires
    2 torpedoes, damage simultaneous.  Outcome: which submarines sink (``sub`` first)."""
    enemies, need, searches = ops.duel_setup(ctx, sub, named)
    enemies, need = seen(ctx, enemies), seen(ctx, need)
    counts = (f"{sub.uid} sunk",) + tuple(f"{e.uid} sunk" for e in enemies)
    branches = [(p_sunk, {(1,) + (0,) * len(enemies): 1.0})]
    mine = detect_classes([detect(ctx, e) for e in need]) if searches else [(1.0, (False,) * len(need))]
    p_back = p_hit(sot.detect_of(ctx, sub)) if enemies else 0.0
    cv = ops.torpedo_cv(ctx, sub)
    for w, flags in mine:
        found = [e for e in enemies if e not in need] + [e for e, f in zip(need, flags) if f]
        aims = found[:1] * ops.TORPEDOES if len(found) == 1 else found[:ops.TORPEDOES]
        for q, shooters in ((p_back, enemies), (1.0 - p_back, [])):
            p_me = 1.0 - prod(1.0 - p_any_hit(ops.TORPEDOES, ops.torpedo_cv(ctx, e)) for e in shooters)
            pmfs = [_flag(p_me)] + [_flag(p_any_hit(aims.count(e), cv)) for e in enemies]
            if q > 0:
                branches.append(((1.0 - p_sunk) * w * q, dict(joint_outcomes(pmfs))))
    against = ", ".join(f"{e.uid} on {detect(ctx, e)} or less" for e in need) or "no submarine"
    lines += ((f"1 {D20.name} DETECT by {sub.uid}, compared with {against}",) if searches else ()) + (
        f"1 {D20.name} DETECT of {sub.uid} on {sot.detect_of(ctx, sub)} or less (one die for the enemy submarines)",
        f"{ops.TORPEDOES} torpedoes by each submarine that DETECTED, hitting on its torpedo CV")
    return ChanceStep(f"Submarine engagement by {sub.uid} in {sub.hex}", "14.011", counts,
                      mixture((w, tuple(d.items())) for w, d in branches), _note(lines))


# ---------------------------------------------------------------- the card effects (14.15, 14.12)
def card_asw(ctx: Ctx, link: Any, ct: Any, eff: Any) -> list[tuple[ChanceStep, int]]:
    """Card ASW (14.15): ONE DETECT d20 against every enemy submarine searched, then ONE ASW d20
    at the first of them revealed (already, or by that DETECT).  Outcome: which are DETECTED,
    which is destroyed.  ``[(step, dice it rolls at most)]``; raises IllegalAction("14.15")."""
    hexes, enemies, base = asw.search_setup(ctx, link, ct, eff)
    enemies = seen(ctx, enemies)
    bonus = {h: asw.card_bonus(ctx, link.team, h, hexes) for h in hexes}
    needs = [detect(ctx, e) + bonus[e.hex].detect for e in enemies]
    kills = [asw.kill_value(bonus[e.hex], base) for e in enemies]
    branches = []
    for p, found in detect_classes(needs):
        aim = next((i for i, (e, f) in enumerate(zip(enemies, found)) if e.revealed or f), None)
        pmfs = [_flag(p_hit(kills[i])) if i == aim else (1.0,) for i in range(len(enemies))]
        branches.append((p, tuple((tuple(map(int, found)) + o, q) for o, q in joint_outcomes(pmfs))))
    against = ", ".join(f"{e.uid} ({v} or less)" for e, v in zip(enemies, needs)) or "no submarine"
    kill = "/".join(str(k) for k in dict.fromkeys(kills)) or str(base)
    dice = (f"1 {D20.name} ASW DETECT in {', '.join(hexes)}, compared with {against}",
            f"1 {D20.name} ASW at the first revealed submarine, destroying it on {kill} or less")
    counts = tuple(f"{e.uid} DETECTED" for e in enemies) + tuple(f"{e.uid} destroyed" for e in enemies)
    return [(ChanceStep(f"{ct.name}: card ASW in {', '.join(hexes)} (if not stopped first)", "14.15", counts,
                        mixture(branches), _note(dice)), 2)]


def uuv(ctx: Ctx, link: Any, ct: Any, eff: Any) -> list[tuple[ChanceStep, int]]:
    """A UUV's TORPEDO ATTACK (14.011, 14.12): the defensive ASW of the target's hex first (a
    destroyed UUV does not attack), then its torpedo dice, one hit on any die at the CV or less
    (a hit sinks a ship, 14.08).  Outcome: UUV destroyed, torpedo hit.  ``[(step, dice it rolls
    at most)]`` (counting every hunter, seen or not); raises IllegalAction (14.12, 7.31)."""
    tgt, need, every, cv, n = asw.uuv_setup(ctx, link, ct, eff)
    hunters = seen(ctx, every)
    kill = asw.kill_value(asw.asw_bonus.bonus(ctx, tgt.team, tgt.hex, [tgt.hex], by_unit=True, uuv=True))
    dead = 1.0 - (1.0 - p_hit(need) * p_hit(kill)) ** len(hunters)
    outcomes = mixture([(dead, (((1, 0), 1.0),)),
                        (1.0 - dead, joint_outcomes([(1.0,), _flag(p_any_hit(n, cv))]))])
    dice = (_line(len(hunters), need, f"ASW DETECT vs {ct.name} ({', '.join(u.uid for u in hunters)})"),
            f"one ASW {D20.name} per DETECT, destroying {ct.name} on {kill} or less") if hunters else ()
    dice += (_line(n, cv, f"{ct.name}: TORPEDO ATTACK on {tgt.uid}, one hit however many dice hit"),)
    return [(ChanceStep(f"{ct.name}: TORPEDO ATTACK on {tgt.uid} (if not stopped first)", "14.12",
                        (f"{ct.name} destroyed by ASW", f"torpedo hit on {tgt.uid}"), outcomes, _note(dice)),
             2 * len(every) + n)]
