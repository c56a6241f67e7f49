"""What one run of a plan study counts, as a viewer may know it.

:func:`snapshot` takes the start of a run; :func:`measure` the end, and returns a plain dict
(it travels between processes):

* ``"hp_lost"``: ``{unit: HP lost}`` over the run (4.3, 7.05), units that lost some;
* ``"destroyed"``: the units destroyed in the run, in name order (3.5);
* ``"kills"``: ``{"US": n, "RU": n}`` -- the units each team destroyed in the run (3.5, 15.0);
* ``"supply_spent"``: ``{"US": n, "RU": n}`` -- supply cubes / Resupply Points used (8.0: the
  sum of every slot's decreases; a refill does not count against it);
* ``"influence"``: the Influence Meter at the end (+ toward US, 15.0) and ``"influence_change"``;
* ``"winner"``: ``"US"`` / ``"RU"`` when the game ended inside the horizon (15.0), else None;
* ``"turn"``: the turn at the end (3.0).

Hidden information: for a team ``viewer`` an enemy unit it does not know at the run's end
(:func:`lcb_lab.games.lcb.observer.knows`: concealed, or destroyed face down) is not named: its
HP and loss are counted under ``"a concealed RU unit"`` (as :mod:`lcb_lab.games.lcb.whatif.compare`
names it), and the enemy's supply spent is not given (None).  The instructor (None) sees all.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lcb_lab.games.lcb import observer

if TYPE_CHECKING:
    from lcb_lab.games.lcb.game import Game

TEAMS = ("US", "RU")


def snapshot(game: "Game") -> dict[str, Any]:
    """The run's start: each unit's HP, destroyed flag and supply; the kills and the meter."""
    s = game.state
    return {"units": {u.uid: (u.hp, u.destroyed, dict(u.supply)) for u in s.units.values()},
            "kills": dict(s.total_kills), "influence": s.influence}


def unit_name(game: "Game", uid: str, viewer: str | None) -> str:
    """``uid`` when ``viewer`` knows the unit, else ``"a concealed <team> unit"``."""
    u = game.state.units[uid]
    return uid if observer.knows(game.state, viewer, u) else f"a concealed {u.team} unit"


def measure(game: "Game", before: dict[str, Any], viewer: str | None = None) -> dict[str, Any]:
    """The run's outcome (module doc) as ``viewer`` (None: the instructor) may know it."""
    s = game.state
    if observer.all_seeing(viewer):
        viewer = None
    hp_lost: dict[str, int] = {}
    destroyed: list[str] = []
    spent = {t: 0 for t in TEAMS}
    for uid, (hp, dead, supply) in before["units"].items():
        u = s.units.get(uid)
        if u is None:
            continue
        if u.hp < hp or (u.destroyed and not dead):        # named only when counted
            name = unit_name(game, uid, viewer)
            if u.hp < hp:
                hp_lost[name] = hp_lost.get(name, 0) + hp - u.hp
            if u.destroyed and not dead:
                destroyed.append(name)
        if u.supply != supply:                               # unchanged supply: nothing spent
            spent[u.team] += sum(max(0, n - u.supply.get(slot, 0)) for slot, n in supply.items())
    kills = {t: s.total_kills.get(t, 0) - before["kills"].get(t, 0) for t in TEAMS}
    if viewer is not None:
        spent = {t: (n if t == viewer else None) for t, n in spent.items()}
    return {"hp_lost": hp_lost, "destroyed": sorted(destroyed), "kills": kills, "supply_spent": spent,
            "influence": s.influence, "influence_change": s.influence - before["influence"],
            "winner": s.winner, "turn": s.turn}
