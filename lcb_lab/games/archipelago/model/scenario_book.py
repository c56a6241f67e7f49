"""The scenarios of the expanded rules as data (Scenarios, l.1393-1568): ``data/scenarios.toml``
read through the kernel's :mod:`~lcb_lab.kernel.files` (its keys: :mod:`~lcb_lab.games.archipelago.rules.scenario`).

>>> SCENARIOS["convoy"], LINES["l.1403"]
('Convoy', 'convoy')
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from lcb_lab.kernel import files

DATA = Path(__file__).resolve().parent.parent / "data" / "scenarios.toml"
"""The scenarios' data file."""


@lru_cache(maxsize=1)
def table() -> dict[str, dict]:
    """Every scenario's data by name (``"convoy"``), as ``data/scenarios.toml`` holds it."""
    return files.load_toml(DATA, "scenarios")


SCENARIOS: dict[str, str] = {name: t["title"] for name, t in table().items()}
"""Scenario name -> its title (``"convoy": "Convoy"``), in the text's order (l.1403-1568)."""

def key(t: dict) -> str:
    """What ``state.scenario`` holds for scenario ``t``: its line, or its ``key`` where two forms
    print on one line (the symmetric Hidden Landing, ``"l.1550 both"``)."""
    return t.get("key", t["line"])


LINES: dict[str, str] = {key(t): name for name, t in table().items()}
"""A scenario's line (``state.scenario``, :func:`key`) -> its name."""


def side_of(t: dict, name: str, side: str, default: Any = None) -> Any:
    """Value ``name`` of scenario ``t`` for ``side``: a table of sides (``{Red = 1, Blue = 11}``,
    the symmetric forms) gives the side's entry, any other value is the same for both."""
    v = t.get(name, default)
    return v.get(side, default) if isinstance(v, dict) else v


def spec(s: Any) -> dict | None:
    """The data of the expanded scenario a state plays, or None."""
    name = LINES.get(s.scenario)
    return table()[name] if name else None


def ref(t: dict, key: str) -> str:
    """The line printing ``key`` of scenario ``t`` (``"task"``, ``"restrictions"``...), else its heading's."""
    return t["lines"].get(key, t["line"])


def unused_base_at(g: Any, point: Any) -> Any:
    """The base a scenario does not use (``unused_bases``, l.1431, l.1473, l.1510, l.1526, l.1560)
    holding ``point``, or None: its landing platform takes no helicopter (l.108, l.404)."""
    t = spec(g.state)
    if t is None:
        return None
    return next((b for b in g.board.bases.values() if b.kind in t.get("unused_bases", ())
                 and any(tuple(point) == tuple(q) for q in b.points)), None)
