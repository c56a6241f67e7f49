"""Rule references of *Naval Battle in Archipelago*: the text has no rule numbers, so a rule is
cited by the **line number** of the rulebook's text (``naval_battle_in_archipelago.txt``) where
its paragraph starts, written ``"l.202"``.

:data:`SECTIONS` lists the text's sections this package builds on: heading, first and last line,
and the level they belong to (0: basic rules and reference tables; 5: the expanded rules).  :func:`cite` words a
reference with its section's heading (``"Torpedo Launching, l.202"``); :func:`section_of` finds a
line's section and raises KeyError for a line outside every known section (the test of
citations, ``tests/archipelago/test_rule_refs.py``, runs it on every ``l.N`` the package writes).

>>> cite("l.202")
'Torpedo Launching, l.202'
>>> section_of(344).heading
'Repair of Ships'
"""
from __future__ import annotations

import re
from typing import NamedTuple


class Section(NamedTuple):
    """A section of the text: its ``heading``, ``first`` and ``last`` line (1-based, inclusive), ``level``."""

    heading: str
    first: int
    last: int
    level: int


SECTIONS: tuple[Section, ...] = (
    Section("Components", 94, 104, 0),
    Section("The Board", 106, 130, 0),
    Section("Control Panels", 132, 136, 0),
    Section("First Level - Torpedo Boats", 138, 140, 1),
    Section("Preparation for Game", 142, 161, 1),
    Section("A Turn", 163, 174, 1),
    Section("Movement of Torpedo Boats", 176, 193, 1),
    Section("Torpedo Launching", 195, 243, 1),
    Section("Restocking Ammunition", 245, 255, 1),
    Section("End of Game and Determining the Winner", 257, 262, 1),
    Section("Second Level - Ships", 264, 268, 2),
    Section("Preparation for Play", 270, 283, 2),
    Section("A Turn (level 2)", 285, 303, 2),
    Section("Movement of Ships", 305, 311, 2),
    Section("Firing from a Gun", 313, 340, 2),
    Section("Repair of Ships", 342, 352, 2),
    Section("Repair Ship", 354, 364, 2),
    Section("Ammunition Ship", 366, 378, 2),
    Section("End of Game and Determining the Winner (level 2)", 380, 394, 2),
    Section("Movement of Helicopters", 439, 495, 3),
    Section("Air-to-Air Missiles", 520, 532, 3),
    Section("Shooting Down Helicopter with Machine Gun", 537, 545, 3),
    Section("Additional Components", 799, 840, 5),
    Section("Reference Tables", 1570, 1680, 0),
)

REF = re.compile(r"^l\.(\d+)$")


def line_of(ref: str) -> int:
    """The line number of a reference ``"l.N"``. Raises ValueError for another form."""
    m = REF.match(ref)
    if not m:
        raise ValueError(f"{ref!r} is not a line reference like 'l.202'")
    return int(m.group(1))


def section_of(line: int) -> Section:
    """The known section holding ``line``. Raises KeyError when none does."""
    for s in SECTIONS:
        if s.first <= line <= s.last:
            return s
    raise KeyError(f"l.{line} lies in no section this game builds on")


def cite(ref: str) -> str:
    """``ref`` (``"l.N"``) with its section's heading: ``"Torpedo Launching, l.202"``.
    Raises ValueError / KeyError as :func:`line_of` / :func:`section_of`."""
    return f"{section_of(line_of(ref)).heading}, {ref}"
