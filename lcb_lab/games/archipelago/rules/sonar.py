"""Sonar (l.1177-1197) and Magnetic Anomaly Detector - MAD (l.1199-1205): finding hidden
submarines (:mod:`.hidden`) and remote-controlled mines (l.1217).

* :func:`drop` -- after the movement an aircraft in the air with a sonar loaded (utility
  helicopters one, seaplanes two, l.1181) drops its SN marker on the water point right behind it;
  the turn and sector go on the dropper's notepad (l.1185).  Every enemy hidden submarine in that
  sector or the eight around it (picture 80) must be placed on the board by its owner, who chooses
  point and direction in its sector (l.1185).  The zone keeps working: a hidden submarine written
  into it later is shown too (l.1189, :func:`~.hidden.move`).  Optional rule l.1191 (switch
  ``"l.1191"``): the battery lasts 5 turns, the dropping turn included (:func:`expire`; *reading*:
  five of its owner's turns, so it leaves as the owner's sixth turn begins).  The fixed sonars near
  Bases A (l.1181; their sectors printed as "xxxxxxxxxx") are board features read by
  :func:`~.hidden.base_sonars` (sandbox: the sectors holding the base), hearing as a dropped one.
* :func:`mad` -- a utility helicopter in the air searches the one sector it is in, over land too
  (l.1203), as often as it likes (*reading*: once a turn, at the last point of its movement); every
  enemy hidden submarine there is placed on a dark-blue point of that sector (l.1203).
* Both make the other player say whether remote-controlled mines lie in the searched sectors
  (l.1217): yes or no, the sectors stay hidden (*reading*).
"""
from __future__ import annotations

from typing import Any

from lcb_lab.games.archipelago.model.notepad import Sonar
from lcb_lab.games.archipelago.model.state import other
from lcb_lab.games.archipelago.rules.common import log, where
from lcb_lab.games.archipelago.rules.depth_charge import check_aircraft
from lcb_lab.games.archipelago.rules.hidden import push_reveal, zone
from lcb_lab.games.archipelago.rules.optional import is_on
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.kernel.hexgrid import neighbour

BATTERY = 5
"""Turns a sonar works under the optional rule l.1191 (the dropping turn included)."""


def _found(g: Any, sectors: list[str], rule: str, what: str) -> None:
    s = g.state
    enemy = other(s.to_move)
    mined = any(sec in s.rc_mines.get(enemy, []) for sec in sectors)
    log(g, "rc_mines", f"{enemy}: {'there are' if mined else 'no'} remote-controlled mines in {what}",
        "The searched player must say whether its remote-controlled mines lie there; their sectors stay hidden "
        "(l.1217).", ["l.1217"], team=enemy, mined=mined)
    for pid in [i for i, h in sorted(s.hidden.items()) if h.owner == enemy and h.sector in sectors]:
        push_reveal(g, pid, rule)


def drop(g: Any, pid: str) -> None:
    """Drop ``pid``'s sonar behind it (module docstring). Raises IllegalAction naming the rule."""
    s = g.state
    p = check_aircraft(g, pid, "sonar", "SN", "l.1185")
    pt = neighbour(p.at, (p.facing + 3) % 6)
    if pt not in g.board or not g.board.is_water(pt):
        raise IllegalAction("l.1185", f"the point right behind {pid} is not water: a sonar is dropped on the water")
    if s.at(pt) is not None and not s.pieces[s.at(pt)].flying:
        raise IllegalAction("l.1185", f"a vessel stands on the point right behind {pid} (reading: a sonar falls on "
                                      "free water)")
    sector = g.board.sector(pt)
    p.ammo.remove("SN")
    s.sonars.append(Sonar(p.owner, tuple(pt), sector, s.turn))
    s.notepads.setdefault(p.owner, []).append(f"turn {s.turn}: Sonar - {sector}")
    area = zone(g.board, sector)
    log(g, "sonar", f"{pid} drops a sonar at {where(g, pt)}: notepad 'turn {s.turn}: Sonar - {sector}'",
        f"The SN marker goes on the point right behind the aircraft (l.1185); it hears {', '.join(area)} (picture 80): "
        "every enemy submarine hidden there must be placed on the board (l.1185).", ["l.1185"], piece=pid,
        sector=sector)
    _found(g, area, "l.1185", f"{sector} and around it")


def mad(g: Any, pid: str) -> None:
    """Search ``pid``'s sector with its MAD (module docstring). Raises IllegalAction naming the rule."""
    s = g.state
    p = check_aircraft(g, pid, "mad", "", "l.1203")
    if "mad" in p.done:
        raise IllegalAction("l.1203", f"{pid} has searched with its MAD this turn (reading: once, at the last point of "
                                      "its movement)")
    p.done.append("mad")
    sector = g.board.sector(p.at)
    s.notepads.setdefault(p.owner, []).append(f"turn {s.turn}: MAD - {sector}")
    log(g, "mad", f"{pid} activates its MAD: notepad 'turn {s.turn}: MAD - {sector}'", "It searches only the sector "
        "it is in, over land too; every enemy submarine hidden there must be placed on a dark-blue point of it "
        "(l.1203).", ["l.1203"], piece=pid, sector=sector)
    _found(g, [sector], "l.1203", sector)


def expire(g: Any) -> None:
    """Optional rule l.1191: as its owner's turn begins, a sonar dropped five of its turns ago is
    removed."""
    s = g.state
    if not is_on(s, "l.1191"):
        return
    for sn in [x for x in s.sonars if x.owner == s.to_move and s.turn - x.turn >= 2 * BATTERY]:
        s.sonars.remove(sn)
        log(g, "sonar", f"{sn.owner}'s sonar in {sn.sector} goes silent", f"Its battery lasts {BATTERY} turns, the "
            "dropping turn included (optional rule l.1191).", ["l.1191"])
