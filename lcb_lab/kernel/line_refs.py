"""Rule references by line, for rule texts that print no rule numbers.

A rule is cited by the line where its paragraph starts, written ``"l.N"``; a game lists its text's
sections (any objects with ``heading``, ``first`` and ``last`` lines) and gets from
:class:`LineRefs` the section of a line and a citation with its heading.

>>> from collections import namedtuple
>>> S = namedtuple("S", "heading first last")
>>> refs = LineRefs((S("Opening", 1, 9), S("Moving", 11, 30)))
>>> line_of("l.12"), refs.section_of(12).heading, refs.cite("l.12")
(12, 'Moving', 'Moving, l.12')
"""
from __future__ import annotations

from typing import NamedTuple

import re
from typing import Any, Sequence

__all__ = ["REF", "line_of", "LineRefs", "Section"]

REF = re.compile(r"^l\.(\d+)$")
"""The form of a line reference: ``l.`` and the line number."""


class Section(NamedTuple):
    """A section of a text: its ``heading``, ``first`` and ``last`` line (1-based, inclusive)."""

    heading: str
    first: int
    last: int


def line_of(ref: str) -> int:
    """The line number of a reference ``"l.N"``. Raises ValueError for another form."""
    m = REF.match(ref)
    if not m:
        raise ValueError(f"{ref!r} is not a line reference like 'l.202'")
    return int(m.group(1))


class LineRefs:
    """A text's ``sections`` (each with ``heading``, ``first``, ``last``), in order."""

    def __init__(self, sections: Sequence[Any]):
        self.sections = tuple(sections)

    def section_of(self, line: int) -> Any:
        """The known section holding ``line``. Raises KeyError when none does."""
        for s in self.sections:
            if s.first <= line <= s.last:
                return s
        raise KeyError(f"l.{line} lies in no section this game builds on")

    def cite(self, ref: str) -> str:
        """``ref`` (``"l.N"``) with its section's heading, ``"<heading>, l.N"``.
        Raises ValueError / KeyError as :func:`line_of` / :meth:`section_of`."""
        return f"{self.section_of(line_of(ref)).heading}, {ref}"
