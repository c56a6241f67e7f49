"""Shared helpers for rule tests.

Tests stage their situation with the public :func:`lcb_lab.situation`
(``from lcb_lab import situation``); the helpers here play whole impulses
and read widget trees.
"""
from __future__ import annotations

from lcb_lab import situation  # noqa: F401  first: binds lcb_lab.situation to the function, not its module
from lcb_lab.game import Game


def lrs_impulse(g: Game, tf: str, shooter: str, target: str, dice: int, slot: str = "LRS1") -> None:
    """One whole impulse: ``shooter`` fires ``dice`` LRS at ``target``, resolve, end."""
    g.begin_impulse(tf)
    g.declare([{"kind": "move_combat", "units": [shooter]}])
    g.commit_combat(lrs=[{"shooter": shooter, "slot": slot, "target": target, "dice": dice}])
    g.resolve_combat()
    g.end_impulse()


def pass_impulse(g: Game, tf: str) -> None:
    """An impulse that declares nothing (3.310)."""
    g.begin_impulse(tf)
    g.declare([])
    g.end_impulse()


def widget_states(w, seen=None) -> list[dict]:
    """The state of every widget in an ipywidgets tree, as ipywidgets sends it to the browser."""
    seen = seen if seen is not None else set()
    if id(w) in seen:
        return []
    seen.add(id(w))
    out = [w.get_state()]
    for c in getattr(w, "children", ()) or ():
        out += widget_states(c, seen)
    return out
