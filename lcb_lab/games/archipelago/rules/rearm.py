"""Unloading or changing a landed helicopter's missile (Air-to-Surface Missiles, l.502).

A landed helicopter loaded from a base or a frigate may, if it does not take off, have its missile
unloaded or changed in a later turn (l.502).  Act ``A.UnloadMissile(piece, marker, to)``:

* ``to == ""``: the ``marker`` (A-S or A-A) goes back where the helicopter is landed -- the panel
  of the own base it may take armament from (panel A at a Base A, Base B's own panel, l.429) (its storage standing; a captured Base B
  gives none, l.684), or the panel of the frigate (or platform ship) it is aboard, which must have room;
* ``to == "A-A"`` (or ``"A-S"``): the ``marker`` is changed for one of that kind from the same place
  (*reading*: the text names A-S for A-A; the other way is allowed too, as a new loading).

Like loading, it takes the whole turn: the helicopter must have started the turn landed and not have
moved, loaded or refuelled in it, and it takes off on a later turn (*reading* of l.502's "on the
following turn").  Commandos (C markers) are not missiles: they go ashore by their own acts.
Refusals raise :class:`~lcb_lab.kernel.errors.IllegalAction` naming l.502 and leave the state as it was.
"""
from __future__ import annotations

from typing import Any

from lcb_lab.games.archipelago.rules.air import base_at, is_heli
from lcb_lab.games.archipelago.rules.armament import kinds
from lcb_lab.games.archipelago.rules.common import log, own_piece
from lcb_lab.games.archipelago.rules.logistics import room
from lcb_lab.kernel.errors import IllegalAction

MISSILES = ("A-S", "A-A")
"""The helicopter missiles a landed helicopter may unload or change (l.502)."""


def _landed(g: Any, pid: str, marker: str, to: str) -> Any:
    """The own landed helicopter ``pid`` carrying ``marker``, ready for the act (module docstring)."""
    p = own_piece(g.state, pid, "l.502", "unload a missile")
    if not is_heli(p) or p.flying:
        raise IllegalAction("l.502", f"{pid} is not a landed helicopter: a missile is unloaded or changed on the ground")
    if marker not in MISSILES or marker not in p.ammo:
        raise IllegalAction("l.502", f"{pid} carries no {marker} missile to unload (it holds {p.ammo or 'nothing'})")
    if to and (to not in MISSILES or to == marker or (kinds(p) and to not in kinds(p))):
        raise IllegalAction("l.502", f"{marker} is changed for the other missile its panel takes, not {to!r}")
    if p.moved or p.held:
        raise IllegalAction("l.502", f"{pid} must start the turn landed and stay: it has moved, loaded or "
                                     "refuelled this turn")
    return p


def _source(g: Any, pid: str, p: Any, marker: str, to: str) -> tuple[str, dict | list]:
    """``(name, panel)`` where the marker goes and the new one comes from: the frigate's ammo list or
    the side's base stock. Raises IllegalAction("l.502")."""
    s = g.state
    if p.aboard:
        f = s.pieces[p.aboard]
        if not to and room(f, marker) <= 0:
            raise IllegalAction("l.502", f"{p.aboard}'s panel has no room for another {marker}")
        if to and to not in f.ammo:
            raise IllegalAction("l.502", f"{p.aboard} has no {to} marker on its panel")
        return p.aboard, f.ammo
    base = base_at(g, p.owner, p.at, use="arms")
    obj = f"{base.name} {'ammunition' if base.kind == 'A' else 'storage'}" if base else ""
    if base is None or obj in s.ruins:
        raise IllegalAction("l.502", f"{pid} is neither aboard a ship nor landed in an own base with its storage standing")
    from lcb_lab.games.archipelago.rules.base_b import panel, panel_name
    if to and panel(s, base).get(to, 0) < 1:
        raise IllegalAction("l.502", f"{panel_name(base)} holds no {to} marker")
    return base.name, panel(s, base)


def unload(g: Any, pid: str, marker: str, to: str = "") -> None:
    """Unload ``marker`` from landed helicopter ``pid``, or change it for ``to`` (module docstring).
    Raises IllegalAction("l.502")."""
    p = _landed(g, pid, marker, to)
    where, panel = _source(g, pid, p, marker, to)
    if isinstance(panel, dict) and where in g.board.bases and g.board.bases[where].kind == "B":
        panel = g.state.panels_b.setdefault(where, panel)      # Base B's own panel (l.429)
    p.ammo.remove(marker)
    if isinstance(panel, list):
        panel.append(marker)
        if to:
            panel.remove(to)
    else:
        panel[marker] = panel.get(marker, 0) + 1
        if to:
            panel[to] -= 1
    if to:
        p.ammo.append(to)
    p.held = True
    title = f"{pid} changes its {marker} for an {to} at {where}" if to else f"{pid} unloads its {marker} at {where}"
    log(g, "restock", title, "A landed helicopter that has not taken off may have its missile unloaded or changed in "
        "a later turn; it stays landed this turn (l.502).", ["l.502"], team=p.owner, piece=pid,
        markers=[marker] + ([to] if to else []), about={"stock": p.owner})
