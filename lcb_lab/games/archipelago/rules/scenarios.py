"""The scenarios of levels 3-4 (l.563-576, l.702-756): each side's task and the end it brings.

A state's ``scenario`` is the line of the scenario in force (``""``: the ordinary game);
``targets`` names each side's task object -- an island name
(:meth:`~lcb_lab.games.archipelago.model.board.Board.islands`) or a piece id; ``progress`` counts.
Checked at the end of every turn (:func:`check`), before the ordinary ends:

* ``l.563`` Rescuing Pilot: a helicopter of the side (or a hovercraft, l.698) that ends a turn
  landed on (a hovercraft: on or beside) the pilot's island takes the pilot; the carrier ending a
  turn landed on a white point of its own Base A (a hovercraft: at its base, l.612) wins (l.572,
  l.574).  The carrier destroyed, the pilot is lost with it (*reading*).  Every helicopter of both
  sides lost: a draw (l.574).
* ``l.576`` Rescuing Pilot, the observation variant: the side's task is to fly over its target
  island (Red the island in F4, Blue in B4, l.576) with any helicopter: a helicopter of the side
  whose flight (a progressive flight's steps, or a hover to the next point) passes above a point of
  that island has done it (:func:`overflown`, *reading*: "to fly over" = be above one of its points
  in the air during a movement); the first side to end its turn so wins.  Every helicopter lost: a
  draw (as l.574, *reading*).
* ``l.702`` Repair of Immobile Ship: the side's damaged corvette C-9 cannot move while it holds a
  hit (l.711; *reading*: "very damaged" = one hit marker, repaired by the repair ship); in a port of
  its own Base A it wins (l.711, l.713); both C-9 sunk: a draw (l.713).
* ``l.715`` Occupying an Island: commandos of one side alone on the island at the end of that
  side's turn count one turn; five in a row win (l.724); every commando unit of both sides lost:
  a draw; capturing the enemy Base A is not allowed (l.724).
* ``l.726`` Rescuing a Helicopter: the side's H-1 landed on a white point of its own Base A, or
  aboard its frigate in a port of that base, wins (l.737); no shooting at a landed helicopter
  (l.739); both H-1 shot down: a draw (l.741).

In every scenario the ruin of Base A does not end the game and hits are not counted (l.574, l.713,
l.724, l.735): running out of ammunition or the turn limit ends it as a draw (*reading*).
"""
from __future__ import annotations

from typing import Any

from lcb_lab.games.archipelago.model.state import PLAYERS, other
from lcb_lab.games.archipelago.rules.common import log
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.kernel.hexgrid import distance

SCENARIOS = {"l.563": "Rescuing Pilot", "l.576": "Rescuing Pilot: the observation flight (variant)", "l.702": "Repair of Immobile Ship", "l.715": "Occupying an Island",
             "l.726": "Rescuing a Helicopter"}
"""The scenarios by their line."""


def immobile(s: Any, pid: str) -> None:
    """Refuse moving a scenario's damaged C-9 (l.711)."""
    if s.scenario == "l.702" and pid in s.targets.values() and s.pieces[pid].hits:
        raise IllegalAction("l.711", f"{pid} is too damaged to move: the repair ship must mend it first")


def no_shot_at_landed(s: Any, target: str) -> None:
    """Refuse a shot at a landed helicopter in the night scenario (l.739)."""
    p = s.pieces.get(target)
    if s.scenario == "l.726" and p is not None and p.kind == "helicopter" and not p.flying:
        raise IllegalAction("l.739", f"{target} is landed at night: not a visible target in this scenario")


def no_capture(g: Any, island: str, player: str) -> None:
    """Refuse landing commandos on the enemy Base A when occupying an island (l.724)."""
    b = g.board.bases.get(island)
    if g.state.scenario == "l.715" and b is not None and b.kind == "A" and b.owner == other(player):
        raise IllegalAction("l.724", "capturing the enemy Base A is not allowed in this scenario")


def _in_base_a(g: Any, p: Any) -> bool:
    from lcb_lab.games.archipelago.rules.logistics import home_base
    s = g.state
    if p.aboard:
        f = s.pieces[p.aboard]
        return home_base(g, f) is not None
    if p.kind == "helicopter":
        return not p.flying and any(b.kind == "A" and b.owner == p.owner and p.at in b.points
                                    for b in g.board.bases.values())
    return home_base(g, p) is not None


def _pilot(g: Any, player: str) -> str | None:
    """Rescuing Pilot for ``player``: the winner's reason, or None."""
    s = g.state
    carrier = s.carried.get(player, "")
    if carrier and carrier not in s.pieces:
        s.carried[player] = "lost"
        log(g, "scenario", f"{player}'s pilot is lost with {carrier}", "Reading: the pilot goes down with the "
            "carrier (l.572).", ["l.572"], team=player)
        return None
    if carrier == "lost":
        return None
    if carrier:
        return f"{carrier} brings the pilot to {player}'s Base A" if _in_base_a(g, s.pieces[carrier]) else None
    pts = g.board.islands().get(s.targets.get(player, ""), frozenset())
    for pid, p in sorted(s.pieces.items()):
        heli = p.kind == "helicopter" and not p.flying and not p.aboard and p.at in pts
        boat = p.kind == "hovercraft" and any(distance(p.at, q) <= 1 for q in pts)
        if p.owner == player and (heli or boat):
            s.carried[player] = pid
            log(g, "scenario", f"{pid} takes the pilot aboard", f"It reached {s.targets[player]} (l.572, l.698).",
                ["l.572", "l.698"], team=player)
            break
    return None


def overflown(g: Any, pid: str, points: list) -> None:
    """In the observation variant (l.576): helicopter ``pid`` in the air has passed above ``points``
    this movement; above a point of its side's target island, the task is done (module docstring)."""
    s = g.state
    p = s.pieces[pid]
    isl = s.targets.get(p.owner, "")
    if s.scenario != "l.576" or s.progress.get(p.owner) or not p.flying:
        return
    pts = g.board.islands().get(isl, frozenset())
    if any(q in pts for q in points):
        s.progress[p.owner], s.carried[p.owner] = 1, pid
        log(g, "scenario", f"{pid} flies over {isl}", f"{p.owner}'s observation of {isl} is done: it wins at the "
            "end of its turn (l.576).", ["l.576"])


def _task(g: Any, player: str) -> str | None:
    s = g.state
    if s.scenario == "l.563":
        return _pilot(g, player)
    if s.scenario == "l.576":
        done = s.progress.get(player)
        return f"{s.carried[player]} observes {s.targets[player]} first" if done else None
    if s.scenario in ("l.702", "l.726"):
        p = s.pieces.get(s.targets.get(player, ""))
        return f"{p.owner}'s {s.targets[player]} reaches its Base A" if p is not None and _in_base_a(g, p) else None
    if s.scenario == "l.715":
        isl = s.targets.get(player, "")
        holders = {c.owner for c in s.commandos if c.island == isl}
        s.progress[player] = s.progress.get(player, 0) + 1 if holders == {player} else 0
        if holders == {player}:
            log(g, "scenario", f"{player} holds {isl}: {s.progress[player]} of 5 turns", "Held by its commandos alone "
                "(l.724).", ["l.724"], team=player)
        return f"{player} holds {isl} for 5 turns" if s.progress[player] >= 5 else None
    return None


def _draw(g: Any) -> str | None:
    s = g.state
    if s.scenario in ("l.563", "l.576") and not any(p.kind == "helicopter" for p in s.pieces.values()):
        return "every helicopter is lost"
    if s.scenario in ("l.702", "l.726") and not any(t in s.pieces for t in s.targets.values()):
        return f"both {' and '.join(sorted(s.targets.values()))} are lost"
    if s.scenario == "l.715" and not s.commandos and not any("C" in p.ammo for p in s.pieces.values()):
        return "every commando unit is lost"
    return None


def check(g: Any) -> None:
    """At the end of the turn of the player to move: its task done wins; the draws (module docstring)."""
    from lcb_lab.games.archipelago.rules.victory import finish
    s = g.state
    if not s.scenario or s.over:
        return
    why = _task(g, s.to_move)
    if why:
        finish(g, s.to_move, why, s.scenario)
        return
    why = _draw(g)
    if why:
        finish(g, "", why, s.scenario)


def check_scenario(scenario: str, targets: dict) -> None:
    """Raise ValueError for an unknown scenario or one without a target for each side."""
    from lcb_lab.games.archipelago.model.scenario_book import LINES
    if scenario in LINES:
        return                                 # an expanded scenario (l.1393-1568): its own data
    if scenario and (scenario not in SCENARIOS or set(targets) != set(PLAYERS)):
        raise ValueError(f"scenario {scenario!r}: one of {', '.join(SCENARIOS)}, with a target for Red and Blue")
