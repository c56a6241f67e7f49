"""What the player to move may do now (kernel legal-action protocol, :mod:`lcb_lab.kernel.legal`).

* ``choose``: each piece the player may still choose and reach the agreed value exactly with the
  rest (l.272), and ending the choice when the total is that value;
* ``setup``: a :class:`PlaceTemplate` for the player's next reserve piece (the points it may take);
* ``start``: continue each own torpedo on the board (every course, l.207), logistics acts of the
  pieces in place, roll the blue dice (l.170);
* ``move``: a :class:`MoveTemplate` per own piece not yet moved and each distinct blue die left
  (its options: one shortest step string to every reachable point and facing, l.183), logistics,
  shots, end the turn;
* ``fire``: shots of the pieces that have not fired (l.174), logistics, end the turn.

Shots listed: torpedoes at every enemy piece a course reaches within 6 (with the shortest such
course, :func:`~lcb_lab.games.archipelago.rules.torpedo.best_course`), gun shots at every target
on the forward lines within 10 d (red + green reach at most 10, l.1588); interception of enemy T
markers when the optional rule l.233 is on.  Levels 3-4 (helicopters, missiles, machine guns,
refuelling, commandos): :mod:`~lcb_lab.games.archipelago.legal_air`; level 5's well dock, MLP loads and
walking commandos: :mod:`~lcb_lab.games.archipelago.legal_ships`.  Every listed act is accepted
by the rules (a test).
"""
from __future__ import annotations

from typing import Any

import numpy as np

from lcb_lab.games.archipelago import actions as A
from lcb_lab.games.archipelago.legal_air import air_acts
from lcb_lab.games.archipelago.legal_ships import ship_acts
from lcb_lab.games.archipelago.legal_ssm import card_acts, ssm_acts
from lcb_lab.games.archipelago.legal_sub import choice_acts, sub_acts
from lcb_lab.games.archipelago.model.cards import InterceptorsChoice
from lcb_lab.games.archipelago.rules import dock, forces, gun, logistics, movement, scenario, scenario_task, setup, torpedo
from lcb_lab.games.archipelago.rules.hidden import unwritten
from lcb_lab.games.archipelago.handlers import SHOTS
from lcb_lab.games.archipelago.rules.aircraft import can_end
from lcb_lab.games.archipelago.rules.flight import dice_kept
from lcb_lab.games.archipelago.rules.common import air_kind, cls_of
from lcb_lab.games.archipelago.rules.optional import is_on
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.kernel.legal import Template


class MoveTemplate(Template):
    """Every move of one piece on one die: ``options`` are step strings (one per reachable end
    point and facing), ``limits`` ``{"piece", "die"}``."""

    def make(self, rng: np.random.Generator, option: Any | None) -> A.Move:
        """The move of ``option`` (a step string), or of a random one."""
        steps = option if option is not None else self.options[int(rng.integers(len(self.options)))]
        return A.Move(self.limits["piece"], steps, self.limits["die"])


def _moves(g: Any, who: str) -> list:
    s = g.state
    out: list = []
    for pid, p in sorted(s.pieces.items()):
        if (p.owner != who or p.moved or p.held or p.kind == "helicopter" or p.flying or air_kind(p) or dice_kept(g, pid)
                or cls_of(p).mobility in ("flying", "launcher") or not dock.may_move(p)):
            continue
        dice = sorted(set(s.dice))
        ends = movement.reachable_by_die(g, s, pid, p, dice) if dice else {}
        for die in dice:
            opts = tuple(sorted(ends[die].values()))
            if opts:
                out.append(MoveTemplate("move", opts, {"piece": pid, "die": die}, g))
    return out


def _shots(g: Any, who: str) -> list:
    s = g.state
    out: list = []
    enemy = "Blue" if who == "Red" else "Red"
    for pid, p in sorted(s.pieces.items()):
        if p.owner != who or p.fired:
            continue
        weapons = cls_of(p).weapons
        if "torpedo" in weapons and "T" in p.ammo:
            targets = [t for t, q in sorted(s.pieces.items()) if q.owner == enemy and not dock.carried(q)]
            if is_on(s, "l.233"):
                targets += [t for t, v in sorted(s.torpedoes.items()) if v.owner == enemy]
            for t in targets:
                k, turn_at, turn = torpedo.best_course(g, pid, t)
                if k >= 2:
                    out.append(A.LaunchTorpedo(pid, t, turn_at, turn))
        if "gun" in weapons and "G" in p.ammo:
            for t in [t for t, q in sorted(s.pieces.items()) if q.owner == enemy and not dock.carried(q)] + sorted(gun.objects(g, enemy)):
                try:
                    d, _ = gun.aim(g, pid, t)
                except IllegalAction:
                    continue
                if d <= 10:
                    out.append(A.FireGun(pid, t))
    return out


def _logistics(g: Any, who: str) -> list:
    s = g.state
    out: list = []
    mine = [(i, p) for i, p in sorted(s.pieces.items()) if p.owner == who and not p.moved and not p.held]
    for pid, p in mine:
        if logistics.home_base(g, p):
            out.append(A.Restock(pid))
            if p.kind == "hovercraft":                                # its cargo back on the panel (l.612, l.614)
                out += [A.UnloadAtBase(pid, k) for k in sorted(set(p.ammo))]
            if p.hits:
                out.append(A.Repair(pid, "base"))
        if p.hits and "T" not in p.hits:
            out += [A.Repair(pid, r) for r, q in mine if q.kind == "repair_ship" and "Repair" in q.ammo
                    and (r == pid or logistics.parallel(p, q))]
        for tid, q in mine:
            if tid != pid and logistics.parallel(p, q):
                out += [A.Transfer(pid, tid, (k,)) for k in sorted(set(p.ammo)) if logistics.room(q, k) > 0]
    out += [A.BlowStorage(b) for b in s.captured_b]                   # a captured Base B's storage (l.686)
    return [a for a in out if g.is_legal(a)]


class PlaceTemplate(Template):
    """Every placing of one reserve piece: ``options`` are the points it may take (each with every
    facing, l.155), ``limits`` ``{"piece"}``."""

    def make(self, rng: np.random.Generator, option: Any | None) -> A.Place:
        """The placing on ``option`` (a ``(q, r)`` point) or a random one, facing at random."""
        q, r = option if option is not None else self.options[int(rng.integers(len(self.options)))]
        return A.Place(self.limits["piece"], q, r, int(rng.integers(6)))


def _placings(g: Any, who: str) -> list:
    s = g.state
    pid = next((i for i in s.reserve if i.startswith(who + " ")), None)
    if pid is None:
        return []
    out = []
    for pt in g.board:
        try:
            setup.place_check(g, pid, tuple(pt))
        except IllegalAction:
            continue
        out.append(tuple(pt))
    return [PlaceTemplate("place", tuple(out), {"piece": pid}, g)] if out else []


def legal_actions(g: Any, player: str | None = None) -> list:
    """The acts and templates ``player`` (default: the one to move) may make now; ``[]`` when it is
    not its turn or the game is over; in an expanded scenario without what it forbids (:mod:`.rules.scenario`)."""
    out = _legal(g, player)
    if g.state.scenario and out:
        out = scenario.screen(g, out)
        out[-1:-1] = scenario_task.listed(g, player or g.to_act())
    return out


def _legal(g: Any, player: str | None = None) -> list:
    s = g.state
    who = player or g.to_act()
    if s.choices and not s.over:                # a waiting choice first: the Interceptors question (l.778),
        c = s.choices[-1]                       # a found submarine (l.1185)
        return card_acts(g, who) if isinstance(c, InterceptorsChoice) else choice_acts(g, who)
    if s.phase == "cards":                      # the cards (optional l.757): choosing
        return card_acts(g, who)
    if s.over or who != s.to_move:
        return []
    if s.phase == "choose":
        out = [A.Choose(i) for i in forces.offer(s, who)] + [a for a in [A.DropBaseB()] if g.is_legal(a)]
        return out + ([A.EndChoice()] if forces.total(s, who) == forces.budget(s, who) else [])
    if s.phase == "setup":
        return _placings(g, who)
    if s.phase == "start":
        out: list = [A.ContinueTorpedo(t, at, d) for t, v in sorted(s.torpedoes.items()) if v.owner == who
                     for at, d in [(0, 0)] + [(k, x) for k in range(1, 5) for x in (-1, 1)]]
        return (out + _logistics(g, who) + air_acts(g, who, s.phase) + ssm_acts(g, who, s.phase) + ship_acts(g, who)
                + sub_acts(g, who, s.phase) + [A.RollMovement()])
    out = _moves(g, who) if s.phase == "move" and s.dice else []
    out += (_logistics(g, who) + _shots(g, who) + air_acts(g, who, s.phase) + ssm_acts(g, who, s.phase)
            + ship_acts(g, who) + sub_acts(g, who, s.phase))
    if not can_end(g):                          # an aircraft must still move (l.1313): no shot, no end
        return [a for a in out if not isinstance(a, SHOTS)] if s.phase == "move" else out
    return out + ([] if unwritten(s, who) else [A.EndTurn()])
