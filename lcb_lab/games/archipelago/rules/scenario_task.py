"""The scenarios' tasks (l.1403-1568): checked at the end of every turn and at the limit.

:func:`check` runs at each turn's end (:func:`~.turn.end_turn`) for the expanded scenario in force
(:mod:`~.scenario`); the task decides alone (l.1399).  Counts live in ``state.progress``.

* ``exit`` (Convoy l.1413-1417, Breakthrough l.1512-1516): a task piece that ends its owner's turn
  on a point of the board's edge in an exit sector leaves the battle zone (*reading*: no act, the
  move there is the leaving); ``win_at`` out wins at once; at the limit ``draw_at`` out is a
  draw, fewer the other side's win; too few left afloat to reach the draw (all sunk) loses at once.
* ``deploy`` (Oil Platform l.1433-1437): the oil platform off its MLP (unloaded, l.1270) on a point
  of the goal sector wins; the platform sunk with the MLP loses.
* ``oil`` (Tanker l.1454-1458): the tanker ending two turns of its owner in a row beside the oil
  platform without moving has loaded (*reading* of "loading lasts 2 turns"); loaded, in a port of
  its own Base A it wins; sunk, it loses.
* ``salvage`` (Frigate l.1475-1479): the frigate (carried by the MLP, l.1266) on a port point of its
  own Base A wins; sunk, it loses.
* ``route`` (Blimp l.1493): the blimp passes the via sector, then reaches a goal sector; lost, it loses.
* ``hold`` (Capturing Island l.1528-1532): a side's commandos alone on the goal island at the end
  of ``hold_turns`` own turns in a row (landed, and one more turn to confirm) win.
* ``sabotage`` (Hidden Landing l.1544-1548): S-32 sets its commandos ashore on an island part
  holding an enemy base (:func:`saboteurs_land`): the task is done (*reading*: the saboteurs are not a
  capture, no fight with the garrison); S-32 lost with its commandos aboard loses.
* ``seaplane`` (Seaplane l.1562-1568): H7 refuelled (l.1113) and landed again in the goal sector
  wins for Blue; a Red hovercraft or frigate with commandos ending Red's turn beside H7 before it
  takes off captures it (:func:`_capture`): refuelled, it is Red's and must fly to the Red Base A,
  landing in the ``capture_goal`` (O10): Red wins (l.1568).  *Reading*: H7 lost (before or after
  its capture) or not home by the limit is a draw (l.1566: Blue has failed its task).

The symmetric forms' races (l.1421, l.1442, l.1550) are :mod:`~.scenario_race`'s, joined to
:data:`TASKS` on first use.

At the end of the limit's last round (each side has played ``limit`` turns) the task not done
gives the scenario's ``fail`` outcome (a side's win, or "" a draw).
"""
from __future__ import annotations

from typing import Any

from lcb_lab.games.archipelago.model.state import other
from lcb_lab.games.archipelago.rules.common import cls_of, log, where
from lcb_lab.games.archipelago.model.scenario_book import ref, side_of, spec
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.kernel.hexgrid import distance, neighbour
from lcb_lab.games.archipelago.rules.scenario_pieces import leave, out_count, task_pieces


def begin(g: Any, t: dict) -> None:
    """Log the scenario's set-up, take the unused markers off the pieces and panels (l.1401) and set
    a required piece's printed fuel (the seaplane's empty tank, l.1562)."""
    s = g.state
    gone = set(t.get("unused_markers", ()))
    for p in s.pieces.values():
        p.ammo = [m for m in p.ammo if m not in gone]
    for stock in s.stock.values():
        for m in gone:
            stock.pop(m, None)
    for r in t.get("required", ()):
        if "fuel" in r and r["piece"] in s.pieces:
            s.pieces[r["piece"]].fuel = r["fuel"]          # H7 down for lack of fuel (l.1562)
    required = ", ".join(r["piece"] for r in t.get("required", ())) or "none"
    log(g, "scenario", f"scenario {t['title']}: {t['first']} moves first, {t['limit']} rounds",
        f"Forces Red {t['value']['Red']} and Blue {t['value']['Blue']} points ({ref(t, 'value')}), required pieces "
        f"not counted (l.1401): {required}; the task alone decides, Base A's fall does not end it (l.1399).",
        ["l.1399", "l.1401", ref(t, "value"), ref(t, "limit")], scenario=t["title"])








def _exit(g: Any, t: dict, final: bool) -> tuple[str, str] | None:
    s = g.state
    side = t.get("task_side", "Red")
    if s.to_move == side:
        leave(g, t, side)
    out = out_count(s, t, side)
    afloat = sum(1 for i in task_pieces(g, t, side) if i in s.pieces)
    if out >= t["win_at"]:
        return side, f"{out} of {side}'s ships have left the battle zone"
    if out + afloat < t["draw_at"]:
        return t["fail"], f"{side} can no more bring {t['draw_at']} out"
    if final or not afloat:                    # the limit, or nothing left to bring out
        return ("", f"only {out} out") if out >= t["draw_at"] else (t["fail"], f"only {out} out")
    return None


def _deploy(g: Any, t: dict, final: bool) -> tuple[str, str] | None:
    s = g.state
    op = s.pieces.get(t["task_pieces"][0])
    side = t["task_pieces"][0].split(" ")[0]
    if op is None:
        return t["fail"], f"{t['task_pieces'][0]} is lost"
    if not op.aboard and g.board.sector(op.at) in t["goal_sectors"]:
        return side, f"the oil platform stands deployed in {g.board.sector(op.at)}"
    return (t["fail"], "the oil platform is not deployed in time") if final else None


def _in_port(g: Any, pid: str) -> bool:
    s = g.state
    p = s.pieces[pid]
    return any(b.kind == "A" and b.owner == p.owner and p.at in b.points for b in g.board.bases.values()) \
        and "port" in g.board.symbols_at(p.at)


def _oil(g: Any, t: dict, final: bool) -> tuple[str, str] | None:
    s = g.state
    tanker, op = t["task_pieces"]
    if tanker not in s.pieces:
        return t["fail"], f"{tanker} is lost"
    p = s.pieces[tanker]
    loaded = s.progress.get("oil", 0) >= t["load_turns"]
    if loaded and _in_port(g, tanker):
        return p.owner, f"{tanker} brings the oil into the port of its Base A"
    if not loaded and s.to_move == p.owner:
        beside = op in s.pieces and distance(p.at, s.pieces[op].at) == 1 and not p.moved
        s.progress["oil"] = s.progress.get("oil", 0) + 1 if beside else 0
        if beside:
            log(g, "scenario", f"{tanker} loads oil: {s.progress['oil']} of {t['load_turns']} turns",
                f"Beside {op}, not moving (reading of {ref(t, 'task')}); from now it may not be destroyed "
                f"({ref(t, 'restrictions')}).", [ref(t, "task"), ref(t, "restrictions")], piece=tanker)
    return (t["fail"], f"{tanker} has not brought the oil in time") if final else None


def _salvage(g: Any, t: dict, final: bool) -> tuple[str, str] | None:
    s = g.state
    fr = t["task_pieces"][0]
    if fr not in s.pieces:
        return t["fail"], f"{fr} is lost"
    if _in_port(g, fr):
        return s.pieces[fr].owner, f"{fr} is brought into the port of its Base A"
    return (t["fail"], f"{fr} is not brought in time") if final else None


def _route(g: Any, t: dict, final: bool) -> tuple[str, str] | None:
    s = g.state
    pid = t["task_pieces"][0]
    if pid not in s.pieces:
        return t["fail"], f"{pid} is lost"
    sec = g.board.sector(s.pieces[pid].at)
    if sec in t["via_sectors"] and not s.progress.get("via"):
        s.progress["via"] = 1
        log(g, "scenario", f"{pid} passes {sec}", f"On its way to its Base A ({ref(t, 'task')}).", [ref(t, "task")])
    if s.progress.get("via") and sec in t["goal_sectors"]:
        return s.pieces[pid].owner, f"{pid} reaches {sec} through {t['via_sectors'][0]}"
    return (t["fail"], f"{pid} has not done its way in time") if final else None


def goal_island(g: Any, t: dict) -> str:
    """The island of the goal sector (l.1528)."""
    return next(n for n, pts in sorted(g.board.islands().items()) if any(g.board.sector(p) in t["goal_sectors"] for p in pts))


def _hold(g: Any, t: dict, final: bool) -> tuple[str, str] | None:
    s = g.state
    side, isl = s.to_move, goal_island(g, t)
    holders = {c.owner for c in s.commandos if c.island == isl}
    key = f"hold {side}"
    s.progress[key] = s.progress.get(key, 0) + 1 if holders == {side} else 0
    if holders == {side}:
        log(g, "scenario", f"{side} holds {isl}: {s.progress[key]} of {t['hold_turns']} turns",
            f"Its commandos alone there; one more turn confirms ({ref(t, 'outcome')}).", [ref(t, "outcome")])
    if s.progress[key] >= t["hold_turns"]:
        return side, f"{side}'s commandos hold {isl} a turn after landing"
    return (t["fail"], "nobody holds the island in time") if final else None


def _sabotage(g: Any, t: dict, final: bool) -> tuple[str, str] | None:
    s = g.state
    pid = t["task_pieces"][0]
    side = pid.split(" ")[0]
    if s.progress.get(f"landed {side}"):
        return side, f"{pid}'s saboteurs are ashore on an island of an enemy base"
    if pid not in s.pieces and pid not in s.hidden:
        return t["fail"], f"{pid} is lost with its commandos"
    return (t["fail"], "the saboteurs are not landed in time") if final else None


def _seaplane(g: Any, t: dict, final: bool) -> tuple | None:
    s = g.state
    pid = t["task_pieces"][0]
    taken = s.progress.get("captured")
    if pid not in s.pieces:
        return "", f"{pid} is lost: {'Red cannot bring it home' if taken else 'Blue can no more complete its task'}"
    p = s.pieces[pid]
    goal = t["capture_goal"] if taken else t["goal_sectors"]
    if s.progress.get("took_off") and not p.flying and g.board.sector(p.at) in goal:
        return p.owner, f"{pid} lands in {g.board.sector(p.at)}", *([ref(t, "capture")] if taken else [])
    if not taken and s.to_move == other(p.owner) and not s.progress.get("took_off"):
        by = next((q for q, c in sorted(s.pieces.items()) if c.owner == s.to_move and c.kind in ("hovercraft", "frigate")
                   and "C" in c.ammo and distance(c.at, p.at) <= 1), None)
        if by:
            _capture(g, t, pid, by)
    return (t["fail"], f"{pid} is not home in time") if final else None


def _capture(g: Any, t: dict, pid: str, by: str) -> None:
    """Red's commandos from ``by`` capture the seaplane ``pid`` (l.1568): it is refuelled and becomes
    Red's (*reading*: it keeps its name; the C marker leaves ``by`` with the commandos aboard it);
    from its take-off it must land in the capture goal, the Red Base A."""
    s = g.state
    p, c = s.pieces[pid], s.pieces[by]
    c.ammo.remove("C")
    p.owner, p.fuel = c.owner, cls_of(p).fuel
    s.progress["captured"] = 1
    log(g, "scenario", f"{by} brings commandos to {pid}: they capture it", f"{pid} is refuelled to {p.fuel} and is "
        f"{p.owner}'s now; it must fly to the {p.owner} Base A and land in {', '.join(t['capture_goal'])} "
        f"({ref(t, 'capture')}).", [ref(t, "capture")], piece=pid, by=by)


TASKS = {"exit": _exit, "deploy": _deploy, "oil": _oil, "salvage": _salvage, "route": _route, "hold": _hold,
         "sabotage": _sabotage, "seaplane": _seaplane}
"""Each task kind's check: ``(g, data, final) -> (winner or "" for a draw, why[, rule])`` or None."""


def check(g: Any) -> None:
    """At the end of a turn: the task of the expanded scenario in force, and its limit (module docstring)."""
    from lcb_lab.games.archipelago.rules.victory import finish
    s = g.state
    t = spec(s)
    if t is None or s.over:
        return
    final = s.turn >= (s.turn_limit or 2 * t["limit"])
    if t["task"] not in TASKS:
        from lcb_lab.games.archipelago.rules.scenario_race import RACES
        TASKS.update(RACES)
    done = TASKS[t["task"]](g, t, final)
    if done:
        winner, why, *rule = done
        rule = rule[0] if rule else ref(t, "outcome")
        finish(g, winner, f"{t['title']}: {why}", rule)


def saboteurs_land(g: Any, pid: str, island: str) -> bool:
    """The Hidden Landing's task act (l.1544): ``pid`` (S-32, surfaced) lands its commandos on an
    island part of an enemy base; returns False when this act is not that landing. Raises
    IllegalAction for a landing the rules refuse."""
    from lcb_lab.games.archipelago.rules.commandos import near
    from lcb_lab.games.archipelago.rules.common import own_piece
    from lcb_lab.games.archipelago.rules.scenario import enemy_base_island
    s = g.state
    t = spec(s)
    if t is None or not t.get("task", "").startswith("sabotage") or pid not in t["task_pieces"]:
        return False
    if not enemy_base_island(g, island, s.to_move):
        return False
    p = own_piece(s, pid, "l.1544", "land commandos")
    if s.phase == "start":
        raise IllegalAction("l.658", "commandos land after the movement: roll the blue dice first")
    if p.submerged:
        raise IllegalAction("l.1167", f"{pid} must surface to land its commandos")
    if "C" not in p.ammo or p.fired:
        raise IllegalAction("l.658", f"{pid} carries no commandos or has acted this turn already")
    if not near(g, p.at, island):
        raise IllegalAction("l.658", f"{pid} is not beside {island}")
    p.ammo.remove("C")
    p.fired = True
    s.phase = "fire"
    s.progress[f"landed {p.owner}"] = 1
    log(g, "commandos", f"{p.owner}'s saboteurs land on {island} from {pid}", f"The task of the scenario "
        f"({ref(t, 'task')}): they land hidden, no capture and no fight with the garrison (reading).",
        [ref(t, "task"), "l.1167"], piece=pid)
    return True


def listed(g: Any, who: str) -> list:
    """The Hidden Landing's landing acts of ``who`` (S-32 with commandos beside an enemy base's island)."""
    from lcb_lab.games.archipelago import actions as A
    from lcb_lab.games.archipelago.rules.commandos import near
    s = g.state
    t = spec(s)
    if t is None or not t.get("task", "").startswith("sabotage") or s.phase == "start" or s.to_move != who:
        return []
    from lcb_lab.games.archipelago.rules.scenario import enemy_base_island
    out = []
    for pid in t["task_pieces"]:
        p = s.pieces.get(pid)
        if p is None or p.owner != who or "C" not in p.ammo or p.fired or p.submerged:
            continue
        out += [A.LandCommandos(pid, i) for i in sorted(g.board.islands())
                if enemy_base_island(g, i, who) and near(g, p.at, i)]
    return [a for a in out if g.is_legal(a)]


