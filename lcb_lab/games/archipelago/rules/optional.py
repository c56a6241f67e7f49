"""The optional rules of levels 1-4 as switches: a state's ``optional_rules`` lists the ones in
force by their line (``"l.233"``), and :func:`is_on` is asked wherever one changes a rule.

=========  ==================================================================================
switch     what it changes (where)
=========  ==================================================================================
``l.233``  a torpedo may intercept an enemy T marker head-on (``rules/torpedo.py``)
``l.283``  Base A's panel lies face down: the enemy sees a count (``observer.py``)
``l.340``  a ship may move onto a light-blue point and is stranded there (this module,
           ``rules/movement.py``, ``rules/damage.py``)
``l.370``  the ammunition ship's markers lie face down (``observer.py``)
``l.392``  an agreed flagship: sinking it ends the game (``rules/damage.py``)
``l.394``  a secret flagship written on paper (``rules/damage.py``, ``observer.py``)
``l.431``  the helicopter armament (A-S, A-A) face down everywhere (``rules/face_down.py``,
           ``observer.py``)
``l.493``  a helicopter out of fuel beside a landing place lands by autorotation next turn
           (``rules/autorotation.py``, ``rules/air.py``)
``l.600``  the commandos' places written on paper (``rules/commandos.py``, ``observer.py``)
``l.757``  the cards, chosen before the game, used at the end of a turn (``rules/cards.py``, ``observer.py``)
``l.1127`` a submerged submarine moves the blue die minus 2 (``rules/submarine.py``)
``l.1147`` hidden movement of submarines on the notepads (``rules/hidden.py``, ``observer.py``)
``l.1173`` a shown submarine may hide again three turns later (``rules/hidden.py``)
``l.1191`` a sonar's battery lasts 5 turns (``rules/sonar.py``)
``l.1323`` expanded: the blue dice rolled twice, for the other pieces and for the combat aircraft
           in the battle zone (``rules/turn.py``, ``rules/aircraft.py``, ``rules/flight.py``)
``l.1377`` expanded: with combat aircraft in the game, Base A's three targets ruined do not end it
           (``rules/victory.py``)
=========  ==================================================================================
"""
from __future__ import annotations

from typing import Any

OPTIONAL_RULES: dict[str, str] = {
    "l.233": "torpedo interception",
    "l.283": "Base A's markers face down",
    "l.340": "a ship stranded on shallow water",
    "l.370": "the ammunition ship's markers face down",
    "l.392": "an agreed flagship",
    "l.394": "a secret flagship",
    "l.431": "the helicopter armament face down",
    "l.493": "the autorotation landing of a helicopter out of fuel",
    "l.600": "the commandos' places written on paper",
    "l.757": "the cards (RC Mines, Submarines, Aircraft)",
    "l.1127": "a submerged submarine is slower (blue die minus 2)",
    "l.1147": "hidden movement of submarines on the notepads",
    "l.1173": "a shown submarine hides again three turns later",
    "l.1191": "a sonar's battery lasts 5 turns",
    "l.1323": "a second roll of blue dice for the combat aircraft",
    "l.1377": "Base A destroyed does not end a game with combat aircraft",
}


def is_on(state: Any, rule: str) -> bool:
    """Whether optional rule ``rule`` is in force in ``state``. Raises KeyError for a rule that is
    not one of :data:`OPTIONAL_RULES`."""
    if rule not in OPTIONAL_RULES:
        raise KeyError(f"{rule} is not an optional rule of levels 1-4 ({', '.join(OPTIONAL_RULES)})")
    return rule in state.optional_rules


def check(rules: list[str]) -> None:
    """Raise ValueError naming the first entry of ``rules`` not among :data:`OPTIONAL_RULES`."""
    for r in rules:
        if r not in OPTIONAL_RULES:
            raise ValueError(f"unknown optional rule {r!r}; the switches are {', '.join(OPTIONAL_RULES)}")


def strands(g: Any, mobility: str, point: Any) -> bool:
    """Whether a piece of ``mobility`` entering ``point`` is a ship stranded on shallow water (l.340)."""
    return mobility == "ship" and is_on(g.state, "l.340") and g.board.colour(point) == "light_blue"
