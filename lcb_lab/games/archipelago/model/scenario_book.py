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

LINES: dict[str, str] = {t["line"]: name for name, t in table().items()}
"""A scenario's line (``state.scenario``) -> its name."""


def spec(s: Any) -> dict | None:
    """The data of the expanded scenario a state plays, or None."""
    name = LINES.get(s.scenario)
    return table()[name] if name else None


def ref(t: dict, key: str) -> str:
    """The line printing ``key`` of scenario ``t`` (``"task"``, ``"restrictions"``...), else its heading's."""
    return t["lines"].get(key, t["line"])
