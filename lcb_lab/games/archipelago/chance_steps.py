"""The chance node an act would open, as a kernel :class:`~lcb_lab.kernel.odds.ChanceStep`: what
is about to be rolled and the chance of each outcome, before the roll (a lab shows it beside the
act; the same numbers are logged when the act is applied, :mod:`~lcb_lab.games.archipelago.chance`).

* :class:`~lcb_lab.games.archipelago.actions.LaunchTorpedo` -- the red die; ``hit`` 1 / 0 along
  the announced course (l.203-209);
* :class:`~lcb_lab.games.archipelago.actions.ContinueTorpedo` -- the green die; ``hit`` of the
  first enemy piece on the course (l.207-208);
* :class:`~lcb_lab.games.archipelago.actions.FireGun` -- red + green against the distance (l.322-329);
* :class:`~lcb_lab.games.archipelago.actions.RollMovement` -- the blue dice; ``bonus`` (l.172, l.299);
* :class:`~lcb_lab.games.archipelago.actions.LaunchMissile` -- green + green (A-S) or red (A-A); ``hit``
  along the announced course (l.505-507, l.526-528);
* :class:`~lcb_lab.games.archipelago.actions.FireMachineGun` -- the red die; ``hit`` (l.539, l.634;
  None at a landed helicopter: no roll, l.549);
* :class:`~lcb_lab.games.archipelago.actions.LandCommandos` -- the fights; ``captured`` when the
  attacker beats every defender it may know of (l.661-674; None when no enemy is known there);
  :class:`~lcb_lab.games.archipelago.actions.WalkCommandos` the same for the island part walked to (l.819).

* :class:`~lcb_lab.games.archipelago.actions.LaunchSurfaceMissile` -- red + red (S-S) or green + green
  (S-A); ``hit`` along the course (l.854, l.953);
* :class:`~lcb_lab.games.archipelago.actions.LaunchCruiseMissile` -- the red die; ``flies`` (a 1 fails,
  l.967); :class:`~lcb_lab.games.archipelago.actions.ContinueCruiseMissile` -- red + 5; ``hit`` (l.981);
* expanded: :class:`~lcb_lab.games.archipelago.actions.FireAircraftGun` -- the red die (l.1335);
  :class:`~lcb_lab.games.archipelago.actions.DescendCommandos` -- as a landing (l.890); a combat
  aircraft's A-A missile with its decoy flare (l.1349).

Other acts roll nothing (None).  An act the rules refuse raises their IllegalAction.
"""
from __future__ import annotations

from typing import Any

from lcb_lab.games.archipelago import actions as A
from lcb_lab.games.archipelago import chance
from lcb_lab.games.archipelago.rules import commandos, descent, expanded, gun, machine_gun, missiles, torpedo, turn
from lcb_lab.kernel.odds import ChanceStep


WORDS: dict[str, tuple[str, str]] = {
    "hit": ("HIT", "MISS"),                            # the text's two words for a shot (l.854)
    "flies": ("launched", "failed launching"),         # a red 1 fails the cruise missile's launch (l.967)
    "bonus": ("BONUS move", "no BONUS move"),          # all blue dice alike (l.172)
    "captured": ("captured", "protected"),             # the attacked base (l.663, l.671)
}
"""Each yes/no outcome's two names as the text gives them: ``count -> (when 1, when 0)``."""


def outcome_words(count: str) -> tuple[str, str]:
    """The text's names of a yes/no chance step's two outcomes (:data:`WORDS`; else ``count`` and
    "no " + ``count``)."""
    return WORDS.get(count, (count, f"no {count}"))


def _yes_no(label: str, rule: str, count: str, p: float, dice: str) -> ChanceStep:
    outcomes = tuple(o for o in (((0,), 1.0 - p), ((1,), p)) if o[1] > 0)
    return ChanceStep(label, rule, (count,), outcomes, (dice,))


def chance_step(g: Any, action: A.Action) -> ChanceStep | None:
    """The chance node ``action`` would open now in game ``g`` (module docstring), or None."""
    s = g.state
    if isinstance(action, A.LaunchTorpedo):
        torpedo.check_launch(g, action.shooter, action.target, action.turn_at, action.turn)
        p = s.pieces[action.shooter]
        run = torpedo.on_water(g, torpedo.course(p.at, p.facing, 6, action.turn_at, action.turn))
        k = torpedo.reach(g, run, action.target)
        return _yes_no(f"torpedo {action.shooter} -> {action.target}", "l.203", "hit", chance.torpedo_hit(k),
                       f"one red die: a 1 fails; {max(k, 2)} or more hits" if k else "one red die: the course cannot hit")
    if isinstance(action, A.FireGun):
        d, _ = gun.aim(g, action.shooter, action.target)
        return _yes_no(f"gun {action.shooter} -> {action.target}, {d} d", "l.329", "hit", chance.gun_hit(d),
                       f"red + green: {d} or more hits, a double 1 fails")
    if isinstance(action, A.ContinueTorpedo):
        t = s.torpedoes[action.torpedo]
        run = torpedo.on_water(g, torpedo.course(t.at, t.facing, 4, action.turn_at, action.turn))
        first = next((k for k, (pt, f) in enumerate(run, 1) if (pid := s.at(pt)) and s.pieces[pid].owner != t.owner
                      and torpedo.hittable(g, pid, f)), 0)
        return _yes_no(f"torpedo {action.torpedo} continues", "l.207", "hit", chance.continuation_hit(first),
                       f"one green die: {first} or more hits" if first else "one green die: no enemy it can hit")
    if isinstance(action, A.RollMovement):
        n = turn.dice_count(s, s.to_move)
        return _yes_no(f"{n} blue dice of {s.to_move}", "l.172", "bonus", chance.bonus(n),
                       f"{n} blue dice (sandbox faces 2-5): all matching is a bonus move")
    return _level3(g, action)


def _level3(g: Any, action: A.Action) -> ChanceStep | None:
    s = g.state
    if isinstance(action, A.LaunchMissile):
        missile, d = missiles.check(g, action.shooter, action.target, action.turn_at, action.turn, action.missile)
        k = missiles.reach(g, action.shooter, action.target, missile, action.turn_at, action.turn)
        p, dice, rule = missiles.hit_odds(g, action.shooter, action.target, missile, k)
        return _yes_no(f"{missile} {action.shooter} -> {action.target}", rule,
                       "hit", p, f"{dice}: {k} or more hits" if k else f"{dice}: the course cannot hit")
    if isinstance(action, A.FireMachineGun):
        need = machine_gun.aim(g, action.shooter, action.target)
        if not need:
            return None
        return _yes_no(f"machine gun {action.shooter} -> {action.target}", "l.634" if need == 5 else "l.539", "hit",
                       chance.machine_gun(need), f"one red die: {need} or more destroys")
    if isinstance(action, A.FireAircraftGun):
        need = machine_gun.gun_aim(g, action.shooter, action.target)
        return _yes_no(f"gun {action.shooter} -> {action.target}", "l.1335", "hit", chance.machine_gun(need),
                       f"one red die: {need} or more destroys")
    if isinstance(action, (A.LandCommandos, A.WalkCommandos, A.DescendCommandos)):
        if isinstance(action, A.WalkCommandos):          # level 5: across an own road or bridge (l.819)
            expanded.check_walk(g, action.island, action.to)
            action = A.LandCommandos(f"{s.to_move}'s commandos from {action.island}", action.to)
        elif isinstance(action, A.DescendCommandos):
            descent.check_descent(g, action.piece, action.island)
        else:
            commandos.check_land(g, action.piece, action.island)
        known = [c for c in s.commandos if c.island == action.island and c.owner != s.to_move and not c.secret]
        foes = ["commandos"] * len(known) + [f for f in commandos.defenders(s, action.island, s.to_move) if f == "garrison"]
        if not foes:
            return None
        win = 1.0
        for f in foes:
            win *= chance.fight("green" if f == "garrison" else "red")
        return _yes_no(f"commandos of {action.piece} land on {action.island}", "l.661", "captured", win,
                       "red against the known defenders' dice, ties again")
    return _expanded(g, action)


def _expanded(g: Any, action: A.Action) -> ChanceStep | None:
    """The expanded rules' rolls: S-S / S-A (l.854, l.953), the cruise missile's two parts (l.967, l.981)."""
    from lcb_lab.games.archipelago.rules import cruise, ssm
    if isinstance(action, A.LaunchSurfaceMissile):
        a = action
        ssm.check(g, a.shooter, a.target, a.missile, a.bearing, a.turn_at, a.turn)
        k = ssm.reach(g, a.shooter, a.target, a.missile, a.bearing, a.turn_at, a.turn)
        dice = "red + red" if a.missile == "S-S" else "green + green, a double 1 fails"
        return _yes_no(f"{a.missile} {a.shooter} -> {a.target}", "l.854" if a.missile == "S-S" else "l.953", "hit",
                       ssm.odds(a.missile, k), f"{dice}: {k} or more hits" if k else f"{dice}: the course cannot hit")
    if isinstance(action, A.LaunchCruiseMissile):
        cruise.check_launch(g, action.shooter, action.target, action.bearing, action.route)
        return _yes_no(f"CM {action.shooter} -> {action.target}", "l.967", "flies", 5 / 6, "one red die: a 1 fails")
    if isinstance(action, A.ContinueCruiseMissile):
        cruise.check_continue(g, action.missile, action.route)
        k = cruise.reach(g, action.missile, action.route)
        return _yes_no(f"{action.missile} second part", "l.981", "hit", chance.cruise_hit(k),
                       f"one red die + 5: {k} or more steps hit" if k else "one red die + 5: the route cannot hit")
    return None
