"""The pieces a scenario's task counts and their leaving the battle zone (l.1413, l.1419, l.1512):
shared by the printed tasks (:mod:`~.scenario_task`) and the symmetric races (:mod:`~.scenario_race`).

* :func:`task_pieces` -- ``side``'s pieces the task counts: the scenario's ``task_pieces``, else
  its destroyers, corvettes, missile corvettes and frigates (the Breakthrough's group, l.1502);
* :func:`out_count` -- how many of them have left the zone (``state.progress``);
* :func:`leave` -- the task pieces on an edge point of an exit sector leave the zone, logged.
"""
from __future__ import annotations

from typing import Any

from lcb_lab.games.archipelago.model.scenario_book import ref, side_of
from lcb_lab.games.archipelago.rules.common import log, where
from lcb_lab.kernel.hexgrid import neighbour


def task_pieces(g: Any, t: dict, side: str) -> list[str]:
    """Ids of ``side``'s pieces the task counts, afloat, sunk or out (sorted)."""
    s = g.state
    if "task_pieces" in t:
        return [i for i in t["task_pieces"] if i.startswith(side + " ")]
    ids = set(s.pieces) | set(s.sunk) | {k[4:] for k in s.progress if k.startswith("out ")}
    return sorted(i for i in ids if i.startswith(side + " ") and i.split(" ")[1].split("-")[0] in
                  {"D", "C", "MC", "F"})


def out_count(s: Any, t: dict, side: str) -> int:
    """How many of ``side``'s task pieces have left the battle zone."""
    return sum(1 for k in s.progress if k.startswith(f"out {side} "))


def leave(g: Any, t: dict, side: str) -> None:
    """The task pieces of ``side`` on an edge point of an exit sector leave the zone (l.1413, l.1512)."""
    s = g.state
    for pid in [i for i in task_pieces(g, t, side) if i in s.pieces]:
        p = s.pieces[pid]
        edge = any(neighbour(p.at, f) not in g.board for f in range(6))
        if edge and g.board.sector(p.at) in side_of(t, "exit_sectors", side):
            del s.pieces[pid]
            s.progress[f"out {pid}"] = 1
            log(g, "scenario", f"{pid} leaves the battle zone at {where(g, p.at)}", f"Through an exit sector "
                f"({ref(t, 'task')}): {out_count(s, t, side)} out.", [ref(t, "task")], piece=pid)
