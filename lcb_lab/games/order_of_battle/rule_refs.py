"""Rule references of the Order of Battle text: it has no rule numbers, so a rule is cited by the
**line number** of ``ccg_order_of_battle.txt`` where its paragraph starts, written ``"l.94"``.

:data:`SECTIONS` lists the text's phases by line.  The skirmish steps (l.87-97) are unnumbered in
the text yet the Aftermath cites "step 8" for the retreat, which is the ninth item (l.95, l.106):
the game cites the retreat as ``l.95`` (reading in ``docs/order_of_battle.md``).

>>> cite("l.94")
'A. Skirmish Subphase, l.94'
"""
from __future__ import annotations


from lcb_lab.kernel.line_refs import REF, LineRefs, Section, line_of

__all__ = ["Section", "SECTIONS", "REF", "line_of", "section_of", "cite"]


SECTIONS: tuple[Section, ...] = (
    Section("Detailed Order of Battle", 5, 9),
    Section("I. Draw Phase", 13, 17),
    Section("II. Revenue Phase", 21, 25),
    Section("III. Initiative Phase", 29, 33),
    Section("IV. Purchase Phase", 37, 45),
    Section("V. Organization Phase", 49, 57),
    Section("VI. Assignment Phase", 61, 73),
    Section("VII. Mission Phase", 77, 79),
    Section("A. Skirmish Subphase", 83, 97),
    Section("B. Aftermath Subphase", 101, 111),
    Section("VIII. Victory Phase", 115, 123),
    Section("IX. Hotspot Phase", 127, 133),
)

_REFS = LineRefs(SECTIONS)
section_of = _REFS.section_of
"""The known section holding a line (:meth:`lcb_lab.kernel.line_refs.LineRefs.section_of`). Raises KeyError."""
cite = _REFS.cite
"""``"l.N"`` with its section's heading, e.g. ``"A. Skirmish Subphase, l.94"``. Raises ValueError / KeyError."""
