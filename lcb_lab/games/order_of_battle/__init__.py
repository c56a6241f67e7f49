"""*Order of Battle* (a collectible card game's turn): the fourth game on the kernel.

The text (``ccg_order_of_battle.txt``) has no rule numbers: a rule is cited by the line where its
paragraph starts, ``l.94`` (:mod:`.rule_refs`).  Several Commanders in clockwise order play the
nine phases of a turn (Draw, Revenue, Initiative, Purchase, Organization, Assignment, Mission,
Victory, Hotspot, l.9); each has a Fame deck and a Fortune deck shuffled through the kernel's one
:class:`~lcb_lab.kernel.dice.Dice`, a hand the others see only as a count, and face-down PUDs;
skirmish rounds commit battle cards and Matrices face down and reveal them together.  The text
prints no card, starting resources or winning total: those are *sandbox* (``data/sandbox_cards.toml``,
``docs/order_of_battle.md``).

Entry points: :func:`lcb_lab.games.order_of_battle.game.new_game`, the engine
:class:`lcb_lab.games.order_of_battle.game.OrderOfBattle`.
"""
