"""Hidden information, decided in one place: per-unit knowledge (a unit may engage only what *it*
has spotted, l.120) and what each side may see.

:func:`knows` is the game's one ``knows(state, viewer, subject)`` for the kernel
:class:`~lcb_lab.kernel.observer.Observer`: a *viewer* is a side (``"Blue"``/``"Red"``), a unit's
name (per-unit knowledge) or the instructor; a *subject* is ``{"unit": name}``.

* A unit knows its own side's units, the enemy units that are not hidden (l.110), and the hidden
  ones it has spotted itself (l.118-120) or its side's UAV has detected (l.138; reading: the UAV's
  detection is passed to every unit of its side, documented in ``docs/force_on_force.md``).
* A side knows its own units and every enemy unit one of its units (or its UAV) knows.

A hidden unit is therefore absent from the other side's view until some unit spots it.  Log
entries about a hidden unit carry an ``audience`` (its side); :func:`note` writes every entry.
"""
from __future__ import annotations

from typing import Any

from lcb_lab.games.force_on_force.rule_refs import cite
from lcb_lab.games.force_on_force.state import SIDES, FofState
from lcb_lab.kernel.explain import step
from lcb_lab.kernel.observer import Observer, all_seeing, redact, redact_log


def knows(state: FofState, viewer: Any, subject: dict) -> bool:
    """Whether ``viewer`` (side, unit name or instructor) may know ``subject`` ``{"unit": name}``."""
    if all_seeing(viewer):
        return True
    target = state.units[subject["unit"]]
    if viewer in state.units:
        me = state.units[viewer]
        return (target.side == me.side or not target.hidden or target.name in me.spotted
                or target.name in state.uav_spotted[me.side])
    if target.side == viewer or not target.hidden:
        return True
    return target.name in state.uav_spotted[viewer] or any(
        target.name in u.spotted for u in state.units.values() if u.side == viewer)


OBSERVER = Observer(knows, SIDES)
"""The game's observer (the kernel's, on :func:`knows`)."""


def note(g: Any, kind: str, title: str, refs: list[str], text: str = "", audience: list[str] | None = None,
         public: dict | None = None, **data: Any) -> dict:
    """Append one explained log entry (every line cites its rule lines, ``refs``); ``audience``:
    the sides that read it in full (None: everyone), ``public``: what the others read (None:
    nothing).  Returns the entry."""
    e = step(kind, title, text or "; ".join(cite(r) for r in refs), refs, **data)
    e["turn"], e["activation"] = g.state.turn, g.state.acts
    if audience is not None:
        e["audience"] = list(audience)
        if public is not None:
            e["public"] = public
    g.state.log.append(e)
    return e


def view(g: Any, viewer: Any) -> dict:
    """What ``viewer`` (a side or the instructor) is shown: the turn, the initiative, the units
    it knows (name, side, position, figures, flags; its own hidden units marked), the UAVs, the
    losses and the log titles it reads."""
    s = g.state
    units = []
    for u in s.units.values():
        if not (all_seeing(viewer) or knows(s, viewer, {"unit": u.name})):
            continue
        units.append({"name": u.name, "side": u.side, "x": u.x, "y": u.y, "figures": u.figures, "tq": f"d{u.tq}",
                      "overwatch": u.overwatch, "hidden": u.hidden if (all_seeing(viewer) or u.side == viewer) else
                      None, "spotted": sorted(u.spotted) if (all_seeing(viewer) or u.side == viewer) else None})
    return {"turn": s.turn, "initiative": s.initiative, "phase": s.phase, "units": units, "uav": list(s.uav),
            "lost": dict(s.lost), "winner": s.winner,
            "log": [e["title"] for e in redact_log(s.log, viewer, ("turn", "activation"))]}


def read_log(g: Any, viewer: Any) -> list[dict | None]:
    """Every log entry as ``viewer`` (a side or the instructor) reads it, None where it reads
    nothing (the kernel's :func:`~lcb_lab.kernel.observer.redact`, place keys ``turn`` and
    ``activation``): the list is as long as the log, so an index into it is an index into the log."""
    return [redact(e, viewer, ("turn", "activation")) for e in g.state.log]


def pending(g: Any) -> dict | None:
    """The question waiting on the choice stack, as everyone may know it: ``{"question": "react"``
    or ``"interrupt", "side": who answers, "rule": "l.350"/"l.407", "unit": the activated unit}``,
    or None.  The activated unit was declared in the open (l.182); a hidden one is revealed when
    it acts (docs/force_on_force.md)."""
    s = g.state
    c = s.choices[-1] if s.choices else None
    if c is None:
        return None
    act = s.activation.act.unit if s.activation is not None else ""
    return {"question": c.question, "side": c.side, "rule": c.rule, "unit": act}
