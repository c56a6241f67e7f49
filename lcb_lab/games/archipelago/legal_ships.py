"""The legal acts of the landing ships and boats, the MLP and the walking commandos (level 5).

Listed for the player to move, in any phase of play but ``choose`` / ``setup``: a craft's exit from
a well dock (each facing its point admits, l.1043), an entry from behind a DLS (l.1045), one C
marker between a DLS and the craft in its dock either way (l.1047), an MLP's loading of the own
piece behind it and unloading onto that point (each facing, l.1266-1270), and commandos walking
across an own road or bridge (l.819-821).  Every listed act is accepted by the rules: each
candidate is tried (``g.is_legal``).
"""
from __future__ import annotations

from typing import Any

from lcb_lab.games.archipelago import actions as A
from lcb_lab.games.archipelago.rules import dock, expanded
from lcb_lab.games.archipelago.rules.common import cls_of


def ship_acts(g: Any, who: str) -> list:
    """The level-5 acts of this part open to ``who`` now (module docstring); [] below level 5."""
    s = g.state
    if s.level < expanded.LEVEL:
        return []
    out: list = []
    mine = [(i, p) for i, p in sorted(s.pieces.items()) if p.owner == who]
    for pid, p in mine:
        host = s.pieces.get(p.aboard)
        if host is not None and p.kind in dock.CRAFT and cls_of(host).extra.get("dock"):
            out += [A.ExitDock(pid, f) for f in range(6)]
        if host is not None and cls_of(host).extra.get("commandos") and dock.commando_room(cls_of(p)):
            out += [A.ShiftCommandos(pid, p.aboard), A.ShiftCommandos(p.aboard, pid)]
        if host is not None and cls_of(host).extra.get("cargo") and dock.carried(p):
            out += [A.UnloadCargo(p.aboard, pid, f) for f in range(6)]
        for hid, h in mine:
            if hid == pid or p.aboard or p.at != dock.stern(h):
                continue
            if cls_of(h).extra.get("dock") and p.kind in dock.CRAFT:
                out.append(A.EnterDock(pid, hid))
            if cls_of(h).extra.get("cargo"):
                out.append(A.LoadCargo(hid, pid))
    for a_isl in sorted({c.island for c in s.commandos if c.owner == who}):
        out += [A.WalkCommandos(a_isl, b) for b in sorted(g.board.islands()) if b != a_isl
                and expanded.crossing(g.board, a_isl, b) is not None]
    return [a for a in out if g.is_legal(a)]
