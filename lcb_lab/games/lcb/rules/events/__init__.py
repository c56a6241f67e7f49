"""Event Cards (16.0) and gray cubes (3.26).

* ``events.draw``: which events a turn draws (the scenario's list, or a random draw from the
  shuffled deck through the one Dice), resolved at the start of the Action Stage before any
  action (16.0).
* ``events.effects``: the event effect functions (:data:`effects.EVENT_EFFECTS`) and the
  conditions on the Influence Meter (16.0, 15.0).
* ``events.cubes``: gray cubes on the map -- placing them, civilians under LRS, objectives held (3.26).
* ``events.negation``: no JCC negates an Event Card (16.0).
* ``events.action_pool``: the "Action Pool" event: a team's AP as one pool, -3 per eliminated
  Task Force (3.312).
"""
