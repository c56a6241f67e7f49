"""A turn (l.163-174, l.285-303): continue torpedoes, roll the blue dice, move, shoot, end.

* Players alternate (l.165); Red begins (*reading*: the text does not say who).
* The turn opens with the torpedoes still in flight (l.207); then the player rolls the blue dice:
  two at level 1 (l.170); at level 2 by the pieces it has left -- 11 or more: 4, 6-10: 3, 2-5: 2,
  1: 1 (l.289-293, l.301), every helicopter (landed too, l.437) and hovercraft counting as a piece.  Each die moves one piece (l.170, l.297), fewer or none if the player
  likes; when all the dice match, one more piece may move by the same number (the bonus move,
  l.172, l.299; *reading*: a single die never "matches").
* Torpedoes not continued when the blue dice are rolled leave the board (l.241).
* After the movement every piece may fire once (l.174, l.303); the turn ends by :func:`end_turn`.
* Helicopters in the air burn a notch of fuel as their owner's turn starts and fall when a turn of
  theirs ends with the tank empty (l.481-483, :mod:`.air`).
"""
from __future__ import annotations

from typing import Any

from lcb_lab.games.archipelago import chance
from lcb_lab.games.archipelago.dice import BLUE, BLUE_SOURCE
from lcb_lab.games.archipelago.model.state import ArchState, other
from lcb_lab.games.archipelago.rules import aircraft, scenario_task, scenarios
from lcb_lab.games.archipelago.rules.air import burn, crash
from lcb_lab.games.archipelago.rules.common import cls_of, log, pct
from lcb_lab.games.archipelago.rules.hidden import check_written, mark_heard
from lcb_lab.games.archipelago.rules.sonar import expire
from lcb_lab.kernel.errors import IllegalAction


def dice_count(s: ArchState, player: str) -> int:
    """Blue dice ``player`` rolls: 2 at level 1 (l.170); at level 2 by its pieces left (l.289-293)."""
    if s.level == 1:
        return 2
    n = len([p for p in s.afloat(player) if cls_of(p).mobility != "launcher"     # launchers do not count (l.995)
             and not aircraft.own_dice(s, p)])
    n += sum(h.owner == player for h in s.hidden.values())                          # hidden submarines count (l.1155)
    if s.level >= 5:
        from lcb_lab.games.archipelago.rules.expanded import dice_count as expanded_dice
        return expanded_dice(n)                # the expanded game's fifth die (l.827-834)
    return 4 if n >= 11 else 3 if n >= 6 else 2 if n >= 2 else 1


def roll_movement(g: Any) -> None:
    """Roll the blue dice (module docstring). Raises IllegalAction after the roll."""
    s = g.state
    if s.phase != "start":
        raise IllegalAction("l.170", "the blue dice are rolled once, at the start of the movement")
    from lcb_lab.games.archipelago.rules.cruise import abandon
    abandon(g)                                 # CMs not continued are lost (l.979)
    for tid in [t for t, v in s.torpedoes.items() if v.owner == s.to_move]:
        del s.torpedoes[tid]
        log(g, "torpedo", f"{tid} is not continued and leaves the board", "A torpedo that hits nothing is removed "
            "(l.241); it could have been continued before the blue dice (l.207).", ["l.207", "l.241"])
    n = dice_count(s, s.to_move)
    rule = "l.170" if s.level == 1 else "l.827" if s.level >= 5 else "l.289"
    log(g, "odds", f"{s.to_move} rolls {n} blue dice: {pct(chance.bonus(n))} for a bonus move",
        f"{n} dice ({rule}); all matching gives one more piece (l.172). Blue die: {BLUE_SOURCE}.",
        [rule, "l.172"], dice=n, p_bonus=chance.bonus(n))
    vals = g.dice.roll(n, f"blue dice of {s.to_move}", BLUE)
    s.rolled = list(vals)
    s.bonus = n >= 2 and len(set(vals)) == 1
    s.dice = list(vals) + ([vals[0]] if s.bonus else [])
    s.phase = "move"
    more = f"; all match: a BONUS move, {len(s.dice)} pieces may move (l.172, l.299)" if s.bonus else ""
    log(g, "roll", f"blue {'-'.join(map(str, vals))}{' BONUS' if s.bonus else ''}",
        f"Up to {len(s.dice)} pieces may move, each by one die (l.170, l.178, l.307){more}.",
        [rule, "l.172"] if s.bonus else [rule], roll=vals, bonus=s.bonus)
    aircraft.roll_air_dice(g)


def end_turn(g: Any) -> None:
    """End the turn: victory is checked, the other player's turn begins (its pieces' flags cleared)."""
    from lcb_lab.games.archipelago.rules.victory import check_end
    s = g.state
    if s.phase == "start":
        raise IllegalAction("l.170", "roll the blue dice before ending the turn (moving none is allowed)")
    check_written(g)
    mark_heard(g)
    aircraft.must_move(g)
    crash(g)
    aircraft.fall(g)
    scenarios.check(g)
    scenario_task.check(g)                     # the expanded scenarios' tasks (l.1393-1568)
    if s.over:
        return
    log(g, "end", f"{s.to_move} ends turn {s.turn}", "Players play alternately (l.165).", ["l.165"])
    check_end(g)
    if s.over:
        return
    s.to_move = other(s.to_move)
    s.turn += 1
    s.phase, s.dice, s.rolled, s.bonus, s.air_dice = "start", [], [], False, []
    for p in s.afloat(s.to_move):
        p.moved = p.held = p.fired = False
        p.steps, p.done = "", []
        p.start = p.point
    log(g, "turn", f"turn {s.turn}: {s.to_move}", "Torpedoes in flight may be continued before the blue dice (l.207).",
        ["l.165", "l.207"])
    burn(g)
    expire(g)
    aircraft.advance(g)
