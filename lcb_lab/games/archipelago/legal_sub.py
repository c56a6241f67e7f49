"""Level 5's legal acts of submarines, their detection, depth charges and mines
(:mod:`~lcb_lab.games.archipelago.rules.submarine`, ``hidden``, ``sonar``, ``depth_charge``,
``mines``).

:func:`choice_acts` -- while a reveal waits on the stack, the answers its owner may give (a
:class:`RevealTemplate`: the free deep-water points of the written sector, each facing).
:func:`sub_acts` -- in the player's turn: dives and surfacings (a :class:`DiveTemplate` per
submarine and blue die), hidden submarines' notepad lines (each sector it may pass to) and
showing them, depth charges, sonars, MAD searches, mines laid and swept, remote-controlled mines
fired.  Every listed act is accepted by the rules (``tests/archipelago/test_sub_rules.py``).
"""
from __future__ import annotations

from typing import Any

import numpy as np

from lcb_lab.games.archipelago import actions as A
from lcb_lab.games.archipelago.rules import hidden, mines, movement
from lcb_lab.games.archipelago.rules.common import cls_of
from lcb_lab.games.archipelago.rules.flight import dice_kept
from lcb_lab.games.archipelago.rules.submarine import is_submarine
from lcb_lab.kernel.legal import Template


class RevealTemplate(Template):
    """Every placing of a found submarine: ``options`` ``(q, r, facing)``, ``limits`` ``{"piece"}``."""

    def make(self, rng: np.random.Generator, option: Any | None) -> A.PlaceSubmarine:
        """The placing of ``option`` or a random one."""
        q, r, f = option if option is not None else self.options[int(rng.integers(len(self.options)))]
        return A.PlaceSubmarine(self.limits["piece"], q, r, f)


class DiveTemplate(Template):
    """Every dive (or surfacing) of one submarine on one die: ``options`` step strings,
    ``limits`` ``{"piece", "die", "down"}``."""

    def make(self, rng: np.random.Generator, option: Any | None) -> A.Action:
        """The dive or surfacing of ``option`` (a step string) or a random one."""
        steps = option if option is not None else self.options[int(rng.integers(len(self.options)))]
        act = A.Submerge if self.limits["down"] else A.Emerge
        return act(self.limits["piece"], steps, self.limits["die"])


def choice_acts(g: Any, who: str) -> list:
    """The answers ``who`` may give to the choice on top of the stack (none if not its to give)."""
    c = g.state.choices[-1]
    if c.owner != who or not c.options:
        return []
    return [RevealTemplate("place_submarine", tuple((q, r, f) for q, r in c.options for f in range(6)),
                           {"piece": c.piece}, g)]


def _dives(g: Any, who: str) -> list:
    s = g.state
    out: list = []
    for pid, p in sorted(s.pieces.items()):
        if p.owner != who or not is_submarine(p) or p.moved or p.held or dice_kept(g, pid):
            continue                           # the last dice kept for aircraft that must move (l.1313)
        for die in sorted(set(s.dice)):
            opts = tuple(sorted(st for (pt, _), st in movement.reachable(g, s, pid, p, die).items()
                                if "F" in st and (p.submerged or g.board.colour(pt) == "dark_blue")))
            if opts:
                out.append(DiveTemplate("dive", opts, {"piece": pid, "die": die, "down": not p.submerged}, g))
    return out


def _hidden(g: Any, who: str) -> list:
    s = g.state
    out: list = []
    for pid, h in sorted(s.hidden.items()):
        if h.owner != who:
            continue
        if h.path[-1][0] != s.turn:
            out.append(A.MoveHidden(pid))                                  # not moved: the same line (l.1161)
            if s.phase == "move":
                out += [A.MoveHidden(pid, sec) for sec in hidden.neighbours(g.board, h.sector)
                        if hidden.can_pass(g.board, h.sector, sec)]
        if hidden.options(g, h, False):
            out.append(A.Reveal(pid))
    return out


def _rehide(g: Any, who: str) -> list:
    return [A.Hide(pid) for pid, p in sorted(g.state.pieces.items()) if p.owner == who and p.submerged]


def _aircraft(g: Any, who: str) -> list:
    s = g.state
    out: list = []
    for pid, p in sorted(s.pieces.items()):
        if p.owner != who or not p.flying:
            continue
        gear = cls_of(p).weapons
        if "depth_charge" in gear and "D" in p.ammo and not p.fired:
            out += [A.DropDepthCharge(pid, t) for t, q in sorted(s.pieces.items()) if q.owner != who and q.submerged]
        if "sonar" in gear and "SN" in p.ammo:
            out.append(A.DropSonar(pid))
        if "mad" in gear and "mad" not in p.done:
            out.append(A.ActivateMAD(pid))
    return out


def _mines(g: Any, who: str) -> list:
    s = g.state
    out: list = []
    for pid, p in sorted(s.pieces.items()):
        if p.owner == who and mines.is_minelayer(p):
            out.append(A.LayMine(pid))
            out += [A.SweepMine(pid, *m.point) for m in s.mines]
    out += [A.ActivateRCMines(sec) for sec in sorted(s.rc_mines.get(who, []))]
    return out


def sub_acts(g: Any, who: str, phase: str) -> list:
    """The level-5 acts of this part ``who`` may make in ``phase`` (only those the rules accept)."""
    s = g.state
    if not (s.hidden or s.mines or s.rc_mines or s.sonars or any(
            is_submarine(p) or mines.is_minelayer(p) or {"sonar", "mad", "depth_charge"} & set(cls_of(p).weapons)
            for p in s.pieces.values())):
        return []
    out = (_dives(g, who) if phase == "move" and s.dice else []) + _hidden(g, who) + _rehide(g, who)
    if phase != "start":
        out += _aircraft(g, who) + _mines(g, who)
    else:
        out += [a for a in _mines(g, who) if not isinstance(a, A.LayMine)]
    return [a for a in out if isinstance(a, Template) or g.is_legal(a)]
