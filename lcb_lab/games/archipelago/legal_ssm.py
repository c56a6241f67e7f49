"""The legal acts of the expanded rules' missiles and fast movers, and of the cards
(:mod:`~lcb_lab.games.archipelago.legal` calls :func:`ssm_acts` and :func:`card_acts`).

* ``start``: the second part of each own cruise missile in flight, along a route steered at its
  target (l.979);
* ``move`` / ``fire``: S-S and S-A missiles at every target a course reaches (the shortest course,
  :func:`~lcb_lab.games.archipelago.rules.ssm.best_course`, l.854, l.953); a cruise missile at each
  fixed target (one route steered toward it, l.965-973); after the roll, foilborne moves
  (:class:`FoilTemplate`, l.1080) and ekranoplan flights (straight ones, taking off, flying on,
  landing, l.1234-1238); the cards the player may use (each pick of targets: the first ones in id
  order and every single swap would be too many, so one pick per card, l.773-777); A-A missiles
  of helicopters in the air at enemy cruise missiles (l.957, l.987);
* ``cards``: each card the player may take (l.771); a pending Interceptors question: its answers (l.778).
"""
from __future__ import annotations

from typing import Any

import numpy as np

from lcb_lab.games.archipelago import actions as A
from lcb_lab.games.archipelago.model.cards import card_set
from lcb_lab.games.archipelago.model.state import other
from lcb_lab.games.archipelago.rules import cards, cruise, ekranoplan, hydrofoil, ssm
from lcb_lab.games.archipelago.rules.common import cls_of
from lcb_lab.games.archipelago.rules.flight import dice_kept
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.kernel.hexgrid import distance, neighbour
from lcb_lab.kernel.legal import Template


class FoilTemplate(Template):
    """Every foilborne move of one hydrofoil on one die: ``options`` step strings, ``limits`` ``{"piece", "die"}``."""

    def make(self, rng: np.random.Generator, option: Any | None) -> A.Foilborne:
        """The move of ``option`` (a step string), or of a random one."""
        steps = option if option is not None else self.options[int(rng.integers(len(self.options)))]
        return A.Foilborne(self.limits["piece"], steps, self.limits["die"])


def card_acts(g: Any, who: str | None) -> list:
    """The cards ``who`` may take (phase ``cards``), or its answers to a pending Interceptors question."""
    s = g.state
    if s.choices:
        c = s.choices[-1]
        if who != c.player:
            return []
        return [A.AnswerInterceptors(who, False)] + ([A.AnswerInterceptors(who, True)]
                                                      if "interceptors" in s.cards.get(who, []) else [])
    return [A.ChooseCard(c) for c in cards.may_choose(s, who)] if who == s.to_move and not s.over else []


def _missiles(g: Any, who: str) -> list:
    s = g.state
    out: list = []
    enemy = other(who)
    for pid, p in sorted(s.pieces.items()):
        if p.owner != who or p.fired or p.flying:
            continue
        for missile in ("S-S", "S-A"):
            if ssm.WEAPON[missile] not in cls_of(p).weapons or missile not in p.ammo:
                continue
            targets = [t for t, q in sorted(s.pieces.items()) if q.owner == enemy]
            targets += sorted(ssm.objects(g, enemy)) if missile == "S-S" else []
            table = ssm.course_table(g, pid, missile)          # every course once, for all targets
            for t in targets:
                try:
                    where = ssm.target_point(g, missile, t)
                except IllegalAction:
                    continue
                if distance(p.at, where) < 2:
                    continue
                k, b, at, d = ssm.shortest(table, where)
                if k:
                    out.append(A.LaunchSurfaceMissile(pid, t, missile, b, at, d))
        if "cruise_missile" in cls_of(p).weapons and "CM" in p.ammo:
            for t, pt in sorted(cruise.fixed_targets(g, enemy).items()):
                b = min(range(6), key=lambda f: distance(neighbour(p.at, (p.facing + f) % 6, 2), pt))
                out.append(A.LaunchCruiseMissile(pid, t, b, cruise.steer(p.at, (p.facing + b) % 6, pt, first=2)))
    return out


def _movers(g: Any, who: str) -> list:
    s = g.state
    out: list = []
    for pid, p in sorted(s.pieces.items()):
        if p.owner != who or p.moved or p.held or dice_kept(g, pid):     # l.1313: dice kept for aircraft
            continue
        for die in sorted(set(s.dice)):
            if p.kind == "hydrofoil":
                opts = hydrofoil.options(g, pid, die)
                if opts:
                    out.append(FoilTemplate("foilborne", opts, {"piece": pid, "die": die}, g))
            if p.kind == "ekranoplan":
                n = die + ekranoplan.FLIGHT
                tries = [A.FlyEkranoplan(pid, "F" * n, die, take_off=not p.flying)]
                if p.flying:
                    tries += [A.FlyEkranoplan(pid, "F" * k, die, land=True) for k in range(5, n + 1)]
                    tries += [A.FlyEkranoplan(pid, "F" * (n - 2) + t + "F", die) for t in "LR"]
                out += [a for a in tries if g.is_legal(a)]
    return out


def _cards(g: Any, who: str) -> list:
    s = g.state
    out = []
    for name in sorted(s.cards.get(who, [])):
        c = card_set()[name]
        if c.kind == "interceptors":
            continue
        hit = cards.exposed(g, c, who)
        pick = () if c.kind == "rc_mines" else tuple(hit[:c.limit])
        a = A.PlayCard(name, pick)
        if g.is_legal(a):
            out.append(a)
    return out


def _interceptions(g: Any, who: str) -> list:
    """A-A missiles of own helicopters in the air at enemy CM markers (l.957, l.987)."""
    from lcb_lab.games.archipelago.rules import missiles
    s = g.state
    out = []
    for pid, p in sorted(s.pieces.items()):
        if p.owner == who and p.kind == "helicopter" and p.flying and not p.fired and "A-A" in p.ammo:
            for cid, c in sorted(s.cruise.items()):
                if c.owner != who and distance(p.at, c.at) >= 2:
                    k, at, d = missiles.best_course(g, pid, cid)
                    if k:
                        out.append(A.LaunchMissile(pid, cid, at, d))
    return out


def ssm_acts(g: Any, who: str, phase: str) -> list:
    """The expanded rules' acts ``who`` may make in ``phase`` (module docstring)."""
    s = g.state
    if phase == "start":
        return [A.ContinueCruiseMissile(c, cruise.steer(v.at, v.facing, cruise.fixed_targets(g, other(who)).get(v.target, v.at)))
                for c, v in sorted(s.cruise.items()) if v.owner == who]
    out = _missiles(g, who) + _cards(g, who) + _interceptions(g, who)
    return (_movers(g, who) if phase == "move" else []) + out
