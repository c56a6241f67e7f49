"""Rule references of *Naval Battle in Archipelago*: the text has no rule numbers, so a rule is
cited by the **line number** of the rulebook's text (``naval_battle_in_archipelago.txt``) where
its paragraph starts, written ``"l.202"``.

:data:`SECTIONS` lists every section of the text: heading, first and last line (its last line with
text), and what it belongs to (0: the basic rules, the cards and the reference tables; 1-4: the
levels; 5: the expanded rules; 6: the scenarios). A heading the text repeats carries its level
("A Turn (level 2)") or "(scenario)".  :func:`cite` words a
reference with its section's heading (``"Torpedo Launching, l.202"``); :func:`section_of` finds a
line's section and raises KeyError for a line outside every known section (the test of
citations, ``tests/archipelago/test_rule_refs.py``, runs it on every ``l.N`` the package writes).

>>> cite("l.202")
'Torpedo Launching, l.202'
>>> section_of(344).heading
'Repair of Ships'
"""
from __future__ import annotations

from typing import NamedTuple

from lcb_lab.kernel.line_refs import REF, LineRefs, line_of

__all__ = ["Section", "SECTIONS", "REF", "line_of", "section_of", "cite"]


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
    Section("Third Level - Helicopters", 396, 404, 3),
    Section("Preparation for Game (level 3)", 406, 431, 3),
    Section("A Turn (level 3)", 433, 437, 3),
    Section("Movement of Helicopters", 439, 495, 3),
    Section("Air-to-Surface Missiles", 497, 518, 3),
    Section("Air-to-Air Missiles", 520, 535, 3),
    Section("Shooting Down Helicopter with Machine Gun", 537, 553, 3),
    Section("End of Game and Determining the Winner (level 3)", 555, 561, 3),
    Section("Rescuing Pilot", 563, 576, 3),
    Section("Fourth Level - Hovercraft", 578, 586, 4),
    Section("Preparation for Game (level 4)", 588, 600, 4),
    Section("Hovercraft", 602, 644, 4),
    Section("Garrison", 646, 650, 4),
    Section("Commandos", 652, 692, 4),
    Section("End of Game and Determining the Winner (level 4)", 694, 700, 4),
    Section("Repair of Immobile Ship", 702, 713, 4),
    Section("Occupying an Island", 715, 724, 4),
    Section("Rescuing a Helicopter", 726, 755, 4),
    Section("Cards", 757, 781, 0),
    Section("Strategy - Tactics", 783, 797, 0),
    Section("Additional Components", 799, 840, 5),
    Section("Missile Boat", 842, 848, 5),
    Section("Launching Surface-to-Surface Missile", 850, 856, 5),
    Section("Missile Corvette", 858, 864, 5),
    Section("Missile Frigate", 866, 870, 5),
    Section("Utility Helicopter", 872, 880, 5),
    Section("Descent from Helicopter", 882, 893, 5),
    Section("Combat Helicopter", 895, 899, 5),
    Section("Armor", 901, 903, 5),
    Section("Machine gun", 905, 935, 5),
    Section("Command Ship", 937, 987, 5),
    Section("Land SSM and SAM Launchers", 989, 1005, 5),
    Section("Transport Helicopter", 1007, 1019, 5),
    Section("Dock Landing Ship", 1021, 1033, 5),
    Section("Landing Boat", 1035, 1047, 5),
    Section("Guided Missile Cruiser", 1049, 1051, 5),
    Section("Minelayer (Minesweeper)", 1053, 1067, 5),
    Section("Hydrofoil", 1069, 1082, 5),
    Section("Seaplane", 1084, 1117, 5),
    Section("Submarine", 1119, 1135, 5),
    Section("Depth Charge", 1137, 1143, 5),
    Section("Hidden Movement of Submarine", 1145, 1175, 5),
    Section("Sonar", 1177, 1197, 5),
    Section("Magnetic Anomaly Detector - MAD", 1199, 1205, 5),
    Section("Remote Controlled Mines (RC Mines)", 1207, 1217, 5),
    Section("Ekranoplan", 1219, 1254, 5),
    Section("Auxiliary Pieces (for scenarios)", 1256, 1258, 5),
    Section("Transport Ship and Tanker", 1260, 1262, 5),
    Section("Mobile Landing Platform (ship)", 1264, 1270, 5),
    Section("Oil Platform", 1272, 1274, 5),
    Section("Blimp", 1276, 1282, 5),
    Section("Combat Aircraft", 1284, 1301, 5),
    Section("Approach into Battle Zone", 1303, 1313, 5),
    Section("Movement of Combat Aircraft", 1315, 1329, 5),
    Section("Combat Aircraft Gun", 1331, 1339, 5),
    Section("Combat Aircraft Air-to-Air Missile", 1341, 1345, 5),
    Section("Decoy Flare", 1347, 1353, 5),
    Section("Combat Aircraft Air-to-Surface Missile", 1355, 1361, 5),
    Section("Shooting Down Combat Aircraft", 1363, 1371, 5),
    Section("Tactic for Use of Combat Aircraft", 1373, 1391, 5),
    Section("Scenarios", 1393, 1401, 6),
    Section("Convoy", 1403, 1421, 6),
    Section("Deploying Oil Platform", 1423, 1442, 6),
    Section("Tanker", 1444, 1463, 6),
    Section("Salvage of Frigate", 1465, 1481, 6),
    Section("Blimp (scenario)", 1483, 1500, 6),
    Section("Breakthrough of Combat Group", 1502, 1518, 6),
    Section("Capturing Island", 1520, 1532, 6),
    Section("Hidden Landing of Saboteurs", 1534, 1550, 6),
    Section("Seaplane (scenario)", 1552, 1568, 6),
    Section("Reference Tables", 1570, 1680, 0),
)

_REFS = LineRefs(SECTIONS)
section_of = _REFS.section_of
"""The known section holding a line (:meth:`lcb_lab.kernel.line_refs.LineRefs.section_of`). Raises KeyError."""
cite = _REFS.cite
"""``"l.N"`` with its section's heading, e.g. ``"Torpedo Launching, l.202"``. Raises ValueError / KeyError."""
