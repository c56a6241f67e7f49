"""The legal acts of the expanded air (l.872-1391), for :mod:`~lcb_lab.games.archipelago.legal`.

* commandos by air: each descent a helicopter may make (l.888-889), commandos taken aboard or set
  ashore by a landed helicopter or the seaplane (l.874, l.1011, l.1086);
* transfers between a landed transport aircraft and an adjacent own vessel (l.1013);
* the blimp's five steps (l.1280);
* the seaplane: :class:`SeaplaneTemplate` flights, take-offs and landings (one step string per end,
  l.1093-1101), moves on the water (l.1105-1107), refuelling (l.1113);
* combat aircraft: ``Scramble`` (l.1307), an :class:`EnterTemplate` (l.1309), a
  :class:`JetTemplate` per die and afterburner (one step string per end point and heading, and
  each way off its own edge, l.1317-1325), the gun (l.1333).
Every listed act is accepted by the rules (the property test of ``tests/archipelago``).
"""
from __future__ import annotations

from typing import Any, Callable

import numpy as np

from lcb_lab.games.archipelago import actions as A
from lcb_lab.games.archipelago.rules import aircraft, machine_gun, seaplane
from lcb_lab.games.archipelago.rules.air import platforms
from lcb_lab.games.archipelago.rules.blimp import STEPS
from lcb_lab.games.archipelago.rules.common import air_kind, cls_of
from lcb_lab.games.archipelago.rules.airlift import carries_commandos
from lcb_lab.games.archipelago.rules.flight import dice_kept
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.kernel.hexgrid import distance, from_offset
from lcb_lab.kernel.legal import Template


class SeaplaneTemplate(Template):
    """The seaplane's moves on one die: ``options`` ``(act kind, steps, land)`` ("fly" / "move"),
    ``limits`` ``{"piece", "die"}``."""

    def make(self, rng: np.random.Generator, option: Any | None) -> A.Action:
        """The act of ``option``, or of a random one."""
        kind, steps, land = option if option is not None else self.options[int(rng.integers(len(self.options)))]
        if kind == "move":
            return A.Move(self.limits["piece"], steps, self.limits["die"])
        return A.Fly(self.limits["piece"], steps, self.limits["die"], land)


class EnterTemplate(Template):
    """Every entry of one plane: ``options`` ``(q, r, facing)``, ``limits`` ``{"piece"}``."""

    def make(self, rng: np.random.Generator, option: Any | None) -> A.EnterZone:
        """The entry of ``option``, or of a random one."""
        q, r, f = option if option is not None else self.options[int(rng.integers(len(self.options)))]
        return A.EnterZone(self.limits["piece"], q, r, f)


class JetTemplate(Template):
    """Every flight of one plane on one die: ``options`` step strings, ``limits`` ``{"piece", "die", "afterburner"}``."""

    def make(self, rng: np.random.Generator, option: Any | None) -> A.FlyAircraft:
        """The flight of ``option``, or of a random one."""
        steps = option if option is not None else self.options[int(rng.integers(len(self.options)))]
        return A.FlyAircraft(self.limits["piece"], steps, self.limits["die"], self.limits["afterburner"])


def _ok(fn: Callable, *args: Any) -> bool:
    try:
        fn(*args)
    except IllegalAction:
        return False
    return True


def _carriers(g: Any, who: str) -> list:
    s = g.state
    out: list = []
    islands = sorted(g.board.islands())
    for pid, p in sorted(s.pieces.items()):
        if p.owner != who or not carries_commandos(p):
            continue
        if p.flying and "C" in p.ammo:
            out += [A.DescendCommandos(pid, i) for i in islands]
        elif not p.flying:
            out += [A.Embark(pid, c.island) for c in s.commandos if c.owner == who]
            out += [A.LandCommandos(pid, i) for i in islands] if "C" in p.ammo else []
    return out


def _transfers(g: Any, who: str) -> list:
    s = g.state
    mine = [(i, p) for i, p in sorted(s.pieces.items()) if p.owner == who and not p.moved and not p.held]
    return [A.Transfer(a, b, (k,)) for a, p in mine for b, q in mine if a != b and (air_kind(p) or air_kind(q))
            and p.kind != "helicopter" and q.kind != "helicopter" and distance(p.at, q.at) == 1   # adjacent (l.1013)
            for k in sorted(set(p.ammo))]


def _movers(g: Any, who: str) -> list:
    s = g.state
    out: list = []
    for pid, p in sorted(s.pieces.items()):
        if p.owner != who or p.moved or p.held:
            continue
        kind = air_kind(p)
        if kind == "blimp":
            out += [A.Drift(pid, st) for st in STEPS]
        elif kind == "seaplane" and not dice_kept(g, pid):           # l.1313: not the dice the others need
            out += [SeaplaneTemplate("seaplane", o, {"piece": pid, "die": d}, g)
                    for d in sorted(set(s.dice)) for o in [seaplane.moves(g, pid, d)] if o]
        elif kind == "jet":
            for d in sorted(set(aircraft.dice_of(s))):
                for burner in (False, True) if cls_of(p).get("afterburner") else (False,):
                    o = aircraft.flights(g, pid, d, burner)
                    if o:
                        out.append(JetTemplate("fly_aircraft", o, {"piece": pid, "die": d, "afterburner": burner}, g))
    return out


def _planes(g: Any, who: str) -> list:
    s = g.state
    out: list = [A.Scramble(i) for i, st in sorted(s.airfield.items()) if st == "ready" and i.startswith(who + " ")]
    col = aircraft.edge_col(g, who)
    for pid, st in sorted(s.airfield.items()):
        if st == "enter" and pid.startswith(who + " "):
            opts = tuple((pt.q, pt.r, f) for row in range(g.board.rows) for pt in [from_offset(col, row)]
                         if pt in g.board and not s.at(pt) for f in range(6))
            if opts:
                out.append(EnterTemplate("enter_zone", opts, {"piece": pid}, g))
    return out


def _shots(g: Any, who: str) -> list:
    s = g.state
    foes = [t for t, q in sorted(s.pieces.items()) if q.owner != who]
    return [A.FireAircraftGun(pid, t) for pid, p in sorted(s.pieces.items()) if p.owner == who and air_kind(p) == "jet"
            and not p.fired for t in foes if _ok(machine_gun.gun_aim, g, pid, t)]


def xair_acts(g: Any, who: str, phase: str) -> list:
    """The expanded air's acts of ``who`` in ``phase`` (module docstring)."""
    s = g.state
    if not any(air_kind(p) and cls_of(p).key != "helicopter" for p in s.pieces.values()) and not s.airfield:
        return []
    out = _planes(g, who) + [a for a in _transfers(g, who) + _carriers(g, who) + _refuels(g, who) if g.is_legal(a)]
    if phase == "move":
        out += [a for a in _movers(g, who) if isinstance(a, Template) or g.is_legal(a)]
    if phase in ("move", "fire"):
        out += _shots(g, who)
    return out


def _refuels(g: Any, who: str) -> list:
    s = g.state
    mine = [(i, p) for i, p in sorted(s.pieces.items()) if p.owner == who and not p.moved and not p.held]
    return [A.Refuel(pid, by) for pid, p in mine if air_kind(p) == "seaplane" and not p.flying
            and p.fuel < cls_of(p).fuel                                   # a full tank takes none (l.1113)
            for by in ["base"] + [i for i, q in mine if (platforms(q) or q.kind == "hovercraft")
                                  and distance(p.at, q.at) == 1]]            # beside the ship (l.1113)
