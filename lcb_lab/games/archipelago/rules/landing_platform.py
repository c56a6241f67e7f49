"""The Mobile Landing Platform (l.1264-1270), the Transport Ship and Tanker (l.1260-1262) and the
Oil Platform (l.1272-1274).

* **MLP-36** is a large ship sunk by three hits (l.1266; not a capital ship, :mod:`.capital_ship`),
  worth 3, unarmed; helicopters land on it (two platforms) but do not refuel there (l.1266).
* It carries one large load on its low deck (l.1266): an **oil platform** or a ship of destroyer
  class or smaller -- *reading*: a ship sunk by two hits or fewer, not a capital ship, not another
  MLP.  Pictures 84-86 show the loading, not printed in words; *reading*, as the well dock's
  procedure (l.1045): the turn before, the MLP backs up so the load stands on the point behind it
  (any facing); the next turn, neither having moved, the MLP dives under it and loads it
  (:func:`load_cargo`), not moving that turn.  Unloading is the same, opposite (l.1270,
  :func:`unload_cargo`): the load is put on the point behind the MLP, facing any way, and neither
  moves that turn.  A load may be an own piece only (*reading*).
* Laden, the MLP moves one step slower (l.1266, :func:`~.movement.allowance`); the load rides with
  it (its point follows) and no shot is aimed at it (:func:`.dock.carried`); sunk, the MLP takes it down.
* **Transport ships** T-33 / T-34 and the **tanker** TA-35 move as ships, carry no armament, sink
  on two hits and are worth 2 (l.1262): their rows in ``data/pieces.toml`` are all they need.
* The **oil platform** OP (l.1274, number 38 sandbox) floats: it does not move by itself
  (:func:`.dock.unmoved`); its durability and value are not printed (sandbox: two hits, 0 points).
"""
from __future__ import annotations

from typing import Any

from lcb_lab.games.archipelago.model.state import Piece
from lcb_lab.games.archipelago.rules.capital_ship import is_capital
from lcb_lab.games.archipelago.rules.common import cls_of, log, own_piece, where
from lcb_lab.games.archipelago.rules.dock import stern
from lcb_lab.kernel.errors import IllegalAction


def loadable(p: Piece) -> bool:
    """Whether ``p`` may be an MLP's load (module docstring)."""
    c = cls_of(p)
    return bool(c.extra.get("immobile")) or (c.is_ship and c.hits <= 2 and not is_capital(c) and not c.extra.get("cargo"))


def _pair(g: Any, mlp: str, load: str, rule: str) -> tuple[Piece, Piece]:
    s = g.state
    m = own_piece(s, mlp, rule, "carry a load")
    c = own_piece(s, load, rule, "be loaded")
    if not cls_of(m).extra.get("cargo"):
        raise IllegalAction(rule, f"{mlp} is not a Mobile Landing Platform: it carries no large load")
    if not loadable(c):
        raise IllegalAction(rule, f"{load} is not an oil platform or a ship of destroyer class or smaller")
    for pid, p in ((mlp, m), (load, c)):
        if p.moved or p.held:
            raise IllegalAction(rule, f"{pid} has moved or is held this turn: neither moves the turn of loading")
    return m, c


def load_cargo(g: Any, mlp: str, load: str) -> None:
    """``mlp`` takes ``load`` standing behind it onto its deck (module docstring). Raises IllegalAction."""
    s = g.state
    m, c = _pair(g, mlp, load, "l.1266")
    if c.aboard:
        raise IllegalAction("l.1266", f"{load} is carried by {c.aboard} already")
    if any(q.aboard == mlp and q.kind != "helicopter" and cls_of(q).mobility != "flying" for q in s.pieces.values()):
        raise IllegalAction("l.1266", f"{mlp} carries a load already (one)")
    if c.at != stern(m):
        raise IllegalAction("l.1266", f"{load} must stand on the point behind {mlp} (they approach the turn before)")
    c.aboard, c.point, c.facing = mlp, m.point, m.facing
    c.held = m.held = True
    log(g, "cargo", f"{mlp} loads {load} onto its deck", "Its low deck dives under the load behind it and lifts it "
        "(l.1266, reading of pictures 84-86); neither moves this turn; laden, it moves one step slower.",
        ["l.1266"], piece=load)


def unload_cargo(g: Any, mlp: str, load: str, facing: int) -> None:
    """``mlp`` puts ``load`` off its deck on the point behind it facing ``facing`` (l.1270). Raises IllegalAction."""
    s = g.state
    m, c = _pair(g, mlp, load, "l.1270")
    if c.aboard != mlp:
        raise IllegalAction("l.1270", f"{load} is not on {mlp}'s deck")
    pt = stern(m)
    if facing not in range(6):
        raise IllegalAction("l.1270", f"{load} must face along one of the six lines")
    if not g.board.admits(pt, cls_of(c).mobility) or s.at(pt) is not None:
        raise IllegalAction("l.1270", f"the point behind {mlp}, {where(g, pt)}, is not free deep water for {load}")
    c.aboard, c.point, c.facing = "", tuple(pt), facing
    c.held = m.held = True
    log(g, "cargo", f"{mlp} unloads {load} at {where(g, pt)}", "As the loading, in reverse (l.1270): the load floats "
        "off the dived deck onto the point behind; neither moves this turn.", ["l.1270", "l.1266"], piece=load)
