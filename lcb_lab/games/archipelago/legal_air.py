"""The legal acts of levels 3 and 4 (helicopters, missiles, machine guns, refuelling, commandos),
for :mod:`~lcb_lab.games.archipelago.legal`.

* :class:`TakeOffTemplate`, :class:`HoverTemplate`, :class:`FlyTemplate` -- one per helicopter
  (and blue die for a flight): every take-off point and facing (l.464-465), every hover or hover
  landing (l.449-452, l.470), one step string to each end point and heading of an exact flight and
  of each shorter flight that lands (l.457-459, l.471);
* shots: each helicopter's missile at every target a course reaches (the shortest course,
  :func:`~lcb_lab.games.archipelago.rules.missiles.best_course`), each machine gun at every
  adjacent enemy helicopter or hovercraft (l.539, l.634);
* refuelling (l.485-487, l.624, l.628), arming a landed helicopter (a ``Restock``, l.502), and
  commandos boarding or landing (l.618, l.658).
The expanded air's acts: :mod:`~lcb_lab.games.archipelago.legal_xair`.
Every listed act is accepted by the rules (the property test of ``tests/archipelago``).
"""
from __future__ import annotations

from typing import Any

import numpy as np

from lcb_lab.games.archipelago import actions as A
from lcb_lab.games.archipelago.legal_xair import xair_acts
from lcb_lab.games.archipelago.rules import air, commandos, machine_gun, missiles
from lcb_lab.games.archipelago.rules.flight import dice_kept
from lcb_lab.games.archipelago.rules.rearm import MISSILES
from lcb_lab.games.archipelago.rules.armament import fits
from lcb_lab.games.archipelago.rules.armament import kinds as kinds_of
from lcb_lab.games.archipelago.rules.common import air_kind, cls_of
from lcb_lab.games.archipelago.model.state import standing
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.kernel.hexgrid import Axial, distance, neighbour
from lcb_lab.kernel.legal import Template


class TakeOffTemplate(Template):
    """Every take-off of one helicopter: ``options`` ``(q, r, facing)``, ``limits`` ``{"piece"}``."""

    def make(self, rng: np.random.Generator, option: Any | None) -> A.TakeOff:
        """The take-off of ``option``, or of a random one."""
        q, r, f = option if option is not None else self.options[int(rng.integers(len(self.options)))]
        return A.TakeOff(self.limits["piece"], q, r, f)


class HoverTemplate(Template):
    """Every hover of one helicopter: ``options`` ``(q, r, facing, land)``, ``limits`` ``{"piece"}``."""

    def make(self, rng: np.random.Generator, option: Any | None) -> A.Hover:
        """The hover of ``option``, or of a random one."""
        q, r, f, land = option if option is not None else self.options[int(rng.integers(len(self.options)))]
        return A.Hover(self.limits["piece"], q, r, f, land)


class FlyTemplate(Template):
    """Every progressive flight of one helicopter on one die: ``options`` ``(steps, land)``,
    ``limits`` ``{"piece", "die"}``."""

    def make(self, rng: np.random.Generator, option: Any | None) -> A.Fly:
        """The flight of ``option``, or of a random one."""
        steps, land = option if option is not None else self.options[int(rng.integers(len(self.options)))]
        return A.Fly(self.limits["piece"], steps, self.limits["die"], land)


def _ok(fn: Any, *args: Any) -> bool:
    try:
        fn(*args)
    except IllegalAction:
        return False
    return True


def flights(g: Any, pid: str, dice: list[int]) -> dict[int, tuple]:
    """For each blue die of ``dice``, the ``(steps, land)`` options of a progressive flight of
    ``pid`` on it (one per end point and heading; a landing: one per point). One search as deep as
    the largest die: its first layers do not depend on how deep it goes; each point's landing and
    free air are asked once (the state does not change while listing)."""
    p = g.state.pieces[pid]
    reach = {d: d + cls_of(p).speed for d in dice}
    layers = [{(tuple(p.point), p.facing): ""}]
    first_land: dict = {}                      # point -> (layer, steps) of the first landing found
    lands: dict = {}                           # point -> it may land there
    free: dict = {}                            # (point, last step) -> the air there is free
    board = g.board.points
    with standing(g.state):
        for k in range(1, max(reach.values(), default=0) + 1):
            nxt: dict = {}
            for (pt, f), st in layers[-1].items():
                for ch, d in _TURNS:
                    nf = (f + d) % 6
                    dq, dr = _VECTORS[nf]
                    q = (pt[0] + dq, pt[1] + dr)
                    if q not in board:
                        continue
                    if q not in lands:
                        lands[q] = air.landing_spot(g, p, Axial(*q)) is None
                    if lands[q] and q not in first_land:
                        first_land[q] = (k, st + ch)
                    ok = free.get((q, False))
                    if ok is None:
                        ok = _free(g, pid, q, False, free)
                    if ok:
                        nxt.setdefault((q, nf), st + ch)
            layers.append(nxt)
        out = {}
        for die, n in reach.items():
            ends = [st for (q, _), st in layers[n].items() if n == 0 or _free(g, pid, q, True, free)]
            out[die] = tuple(sorted([(st, False) for st in ends] + [(st, True) for k, st in first_land.values() if k <= n]))
    return out


def _free(g: Any, pid: str, q: tuple, end: bool, memo: dict) -> bool:
    if (q, end) not in memo:
        memo[q, end] = _ok(air._free_air, g, pid, Axial(*q), end)
    return memo[q, end]


_TURNS = tuple((ch, {"F": 0, "L": -1, "R": 1}[ch]) for ch in air.FLIGHT)
_VECTORS = tuple(tuple(neighbour(Axial(0, 0), f)) for f in range(6))


def _heli_moves(g: Any, who: str) -> list:
    s = g.state
    out: list = []
    for pid, p in sorted(s.pieces.items()):
        if p.owner != who or not air.is_heli(p) or p.moved or p.held:
            continue
        if not p.flying:
            if p.fuel > 0:
                host = s.pieces[p.aboard].at if p.aboard else p.at
                pts = ([] if p.aboard else [host]) + [neighbour(host, f) for f in range(6)]
                opts = tuple((q.q, q.r, f) for q in pts for f in range(6) if _ok(air._free_air, g, pid, q, True))
                if opts:
                    out.append(TakeOffTemplate("take_off", opts, {"piece": pid}, g))
            continue
        engine_off = pid in s.autorotation             # optional rule l.493: it may only land
        opts = [(q.q, q.r, f, False) for q in [p.at] + [neighbour(p.at, f) for f in range(6)] for f in range(6)
                if not engine_off and _ok(air._free_air, g, pid, q, True)]
        opts += [(q.q, q.r, 0, True) for q in (neighbour(p.at, f) for f in range(6))
                 if q in g.board and air.landing_spot(g, p, q) is None]
        if opts:
            out.append(HoverTemplate("hover", tuple(opts), {"piece": pid}, g))
        dice = sorted(set(s.dice)) if not dice_kept(g, pid) and not engine_off else []
        for die, fl in flights(g, pid, dice).items():
            if fl:
                out.append(FlyTemplate("fly", fl, {"piece": pid, "die": die}, g))
    return out


def _air_shots(g: Any, who: str) -> list:
    s = g.state
    out: list = []
    enemy = "Blue" if who == "Red" else "Red"
    foes = [t for t, q in sorted(s.pieces.items()) if q.owner == enemy]
    for pid, p in sorted(s.pieces.items()):
        if p.owner != who or p.fired:
            continue
        kinds = sorted(set(p.ammo) & set(missiles.KINDS))
        for m in kinds if (air.is_heli(p) and p.flying) or air_kind(p) == "jet" else []:
            table = missiles.course_table(g, pid, m)               # every course once, for all targets
            for t in foes + sorted(missiles.objects(g, enemy)):
                if not _ok(missiles.check, g, pid, t, 0, 0, m):
                    continue
                k, at, turn = missiles.shortest(g, table, t, m)
                if k:
                    out.append(A.LaunchMissile(pid, t, at, turn, m if len(kinds) > 1 else ""))
        out += [A.FireMachineGun(pid, t) for t in foes if _ok(machine_gun.aim, g, pid, t)]
        if _lands(p) and "C" in p.ammo:
            out += [A.LandCommandos(pid, i) for i in sorted(g.board.islands())
                    if commandos.near(g, p.at, i) and _ok(commandos.check_land, g, pid, i)]
    return out


def _lands(p: Any) -> bool:
    """Whether ``p`` takes commandos aboard and lands them from the water: the hovercraft (l.618),
    a row with ``lands`` (the landing boat l.1029, the missile frigate l.870)."""
    return p.kind == "hovercraft" or bool(cls_of(p).extra.get("lands"))


def _air_logistics(g: Any, who: str) -> list:
    s = g.state
    out: list = []
    mine = [(i, p) for i, p in sorted(s.pieces.items()) if p.owner == who and not p.moved and not p.held]
    for pid, p in mine:
        if ((air.is_heli(p) and not p.flying) or p.kind == "hovercraft") and p.fuel < cls_of(p).fuel:   # not full
            out += [A.Refuel(pid, by) for by in ["base"] + [i for i, q in mine if (air.platforms(q) or q.kind == "hovercraft")
                                                            and (p.aboard == i or distance(p.at, q.at) == 1)]]
        if air.is_heli(p) and not p.flying:
            ks = kinds_of(p) or tuple(sorted(k for k, n in s.stock.get(who, {}).items() if n))
            out += [A.Restock(pid, (k,)) for k in ks if k != "C" and fits(p, [k])]
            out += [A.UnloadMissile(pid, m, to) for m in sorted(set(p.ammo) & set(MISSILES))     # l.502
                    for to in ("",) + tuple(x for x in MISSILES if x != m)]
        if _lands(p):
            out += [A.Embark(pid, c.island) for c in s.commandos if c.owner == who]
    return [a for a in sorted(set(out), key=str) if g.is_legal(a)]


def air_acts(g: Any, who: str, phase: str) -> list:
    """The level 3-4 acts of ``who`` in ``phase`` (module docstring)."""
    if g.state.level < 3:
        return []
    out = _air_logistics(g, who)
    if phase == "move":
        out = _heli_moves(g, who) + out
    if phase in ("move", "fire"):
        out += _air_shots(g, who)
    return out + xair_acts(g, who, phase)
