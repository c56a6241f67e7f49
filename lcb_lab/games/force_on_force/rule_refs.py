"""Rule references of the *Force on Force* fragment: the text has no rule numbers, so a rule is
cited by the **line number** of ``force_on_force_infantry.txt`` where its paragraph starts,
written ``"l.318"``.

:data:`SECTIONS` lists the sections of the text this game builds on: heading, first and last line.
The text is a scan with garbles: the action and reaction tables are interleaved (l.196-246), the
Reaction Fire paragraph is broken (l.282-292) and an Opportunity Fire example ends at l.314 inside
Reaction Fire; those lines keep the section they sit in.  :func:`cite` words a reference with its
section's heading; :func:`section_of` raises KeyError for a line outside every section (the test
``tests/force_on_force/test_rule_refs.py`` runs it on every ``l.N`` the package writes).

>>> cite("l.318")
'The Reaction Test, l.318'
"""
from __future__ import annotations


from lcb_lab.kernel.line_refs import REF, LineRefs, Section, line_of

__all__ = ["Section", "SECTIONS", "REF", "line_of", "section_of", "cite"]


SECTIONS: tuple[Section, ...] = (
    Section("Breach (continued)", 5, 15),
    Section("Water Obstacles", 17, 39),
    Section("Vertical Obstacles", 41, 52),
    Section("Forests and Woods", 54, 84),
    Section("Artillery and Woods", 86, 88),
    Section("Extremely Rough Ground", 90, 106),
    Section("Hidden Units", 108, 110),
    Section("Spotting Hidden Units", 112, 120),
    Section("Going Into Hiding", 122, 128),
    Section("UAVs and Hidden Units", 130, 140),
    Section("Spotting Modifiers for Hidden Units", 146, 160),
    Section("Actions and Reactions", 162, 170),
    Section("Initiative and Non-Initiative Units", 172, 174),
    Section("Actions", 180, 186),
    Section("Reactions", 188, 190),
    Section("Action and Reaction Tables", 196, 246),
    Section("Declaring Reactions", 248, 252),
    Section("Reaction Movement", 254, 268),
    Section("Reaction Fire", 278, 314),
    Section("The Reaction Test", 316, 320),
    Section("Opportunity Fire", 322, 326),
    Section("Reaction Test Results", 328, 332),
    Section("Resolving Chains of Actions and Reactions", 334, 364),
    Section("Reaction Aftermath", 366, 368),
    Section("Reaction Tests and Fog of War", 370, 383),
    Section("Optional Fog of War", 395, 397),
    Section("Overwatch", 399, 425),
)

_REFS = LineRefs(SECTIONS)
section_of = _REFS.section_of
"""The known section holding a line (:meth:`lcb_lab.kernel.line_refs.LineRefs.section_of`). Raises KeyError."""
cite = _REFS.cite
"""``"l.N"`` with its section's heading, e.g. ``"The Reaction Test, l.318"``. Raises ValueError / KeyError."""
