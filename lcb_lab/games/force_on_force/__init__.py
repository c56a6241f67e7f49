"""*Force on Force* (infantry combat fragment): a reaction lab, the third game on the kernel.

The text (``force_on_force_infantry.txt``) has no rule numbers: a rule is cited by the line where
its paragraph starts, ``l.318`` (:mod:`.rule_refs`).  Positions are in inches on a small sandbox
table with terrain polygons (:mod:`.geometry`, Shapely); units roll Troop Quality dice and
Firepower dice; the Reaction Test, reaction chains, Overwatch, spotting, hiding, UAVs, the breach,
the failed crossing, artillery into woods and the Fog of War draw follow the text; what it does
not print (combat resolution, ranges, movement, the Fog of War deck, victory) is *sandbox*,
tagged in data and said in the log (``docs/force_on_force.md``).

Entry points: :func:`lcb_lab.games.force_on_force.game.new_game`, the engine
:class:`lcb_lab.games.force_on_force.game.ForceOnForce`.
"""
