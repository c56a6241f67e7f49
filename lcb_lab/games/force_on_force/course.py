"""The *Force on Force* lesson: the fragment's worked examples staged as games, and the checkpoints
a class answers on staged positions (notebook ``26_force_on_force.ipynb``).

The text prints no table and no positions: each example places its units on the sandbox table
(``data/sandbox_table.toml``) so that what the text describes holds (the same positions as
``tests/force_on_force/test_examples.py``), with the dice forced in the order they are rolled.  Each
function returns the game *before* the example's first act, so a lesson shows the exact odds
first and then plays the typed acts:

* :func:`breach_example` -- the breach, 6D8 become 4D8 (l.11-15): :data:`BREACH`;
* :func:`reaction_example_1` -- the SAS win the Reaction Test and fire first (l.294-306);
* :func:`reaction_example_2` -- the gunmen run out of sight; the SAS lose and may not React again
  (l.308-312);
* :func:`wasted_reaction` -- two fireteams React, one wipes the target out, the other's declaration
  still costs a Firepower die (l.354-356);
* :func:`fog_of_war_example` -- a natural 1 in a Reaction Test draws a Fog of War card (l.376-383).

Checkpoints (:func:`checkpoints`, :data:`CHECKPOINTS`), every answer computed by the engine on its
own staged position (not an example's, so the lesson's outputs do not give them away): the exact
chance of a Reaction Test (l.318, l.320), which units may fire at a hidden team (l.110, l.120),
the defenders' Firepower dice after a breach (l.9, l.364), which Reaction Test is rolled first
(l.358), whose Reaction is resolved first (l.360), and a spotting roll's chance (l.116, l.160).
"""
from __future__ import annotations

from typing import Any, Iterable

from lcb_lab.games.force_on_force import actions as A
from lcb_lab.games.force_on_force.chance import spot_step
from lcb_lab.games.force_on_force.game import ForceOnForce, new_game
from lcb_lab.games.force_on_force.model.table import load
from lcb_lab.games.force_on_force.model.units import Unit
from lcb_lab.games.force_on_force.rules.chain import ordered
from lcb_lab.kernel.actions import Action
from lcb_lab.kernel.checkpoints import Checkpoint
from lcb_lab.kernel.errors import DiceExhausted, IllegalAction
from lcb_lab.kernel.explain import explained, odds_lines as odds   # the course's names for them

__all__ = ["TITLE", "unit", "situation", "odds", "play", "done", "explained", "log_lines", "refusing_rule",
           "breach_example", "reaction_example_1", "reaction_example_2", "wasted_reaction", "fog_of_war_example",
           "BREACH", "checkpoints", "CHECKPOINTS"]

TITLE = "Force on Force: action and reaction"
"""The lesson's title."""
_TABLE, _ = load()
_POINTS = dict(_TABLE.points)


def unit(name: str, side: str, tq: int, figures: int, at: str | tuple[float, float], **flags: Any) -> Unit:
    """A unit of Troop Quality ``d{tq}`` with ``figures`` at a named point of the table or at
    ``(x, y)`` inches; ``flags``: :class:`~lcb_lab.games.force_on_force.model.units.Unit` fields.
    Raises KeyError for an unknown point."""
    x, y = _POINTS[at] if isinstance(at, str) else at
    return Unit(name, side, tq, figures, x, y, **flags)


def situation(*units: Unit, forced: Iterable[int] = (), initiative: str = "Red", deck: list[str] | None = None,
              uav: Iterable[str] = ()) -> ForceOnForce:
    """A game of just ``units`` on the sandbox table, units being activated (Overwatch declared),
    the dice ``forced`` in the order they are rolled (no seed: running out of them raises
    :class:`~lcb_lab.kernel.errors.DiceExhausted`)."""
    return new_game(forced=list(forced), units=list(units), initiative=initiative, phase="activate", deck=deck,
                    uav=uav)


def play(game: ForceOnForce, *actions: Action) -> str:
    """Apply ``actions`` in order and return their explained log lines (each roll's odds line comes
    before it).  Raises IllegalAction (that act's state untouched) when the rules refuse one."""
    return "\n".join(explained(game.apply(a)) for a in actions)


def done(game: ForceOnForce) -> str:
    """Close the Reaction declarations (l.350) and, when the initiative player is asked, the
    Overwatch and Opportunity Fire interrupts (l.324, l.407): the chain is resolved.  Returns the
    explained log lines."""
    out = play(game, A.DoneReacting())
    if game.state.choices and game.state.choices[-1].question == "interrupt":
        out += "\n" + play(game, A.DoneInterrupting())
    return out


def log_lines(game: ForceOnForce, since: int = 0) -> str:
    """The game's explained log from entry ``since`` on, one line each: ``[l.N, ...] title: text``."""
    return "\n".join(f"[{', '.join(e.get('rules', ()))}] {e['title']}: {e['text']}" for e in game.state.log[since:])


def refusing_rule(game: ForceOnForce, action: Action) -> str:
    """The ``l.N`` the engine cites refusing ``action`` now, ``""`` if it is legal (tried on a fork:
    ``game`` is untouched; a legal act that would roll past the forced dice counts as legal)."""
    try:
        game.fork().apply(action)
    except IllegalAction as e:
        return e.rule
    except DiceExhausted:
        pass
    return ""


# ------------------------------------------------------------------ the worked examples
BREACH = A.Breach("Delta", "Terrorists")
"""The breach of l.11-15."""


def breach_example() -> ForceOnForce:
    """l.11-15: Blue's Delta team (Veteran, 4 figures) at the house door breaches into the House
    held by six Trained terrorists.  Dice: their Troop Quality Check 5 (passed), their 4D8 8 8 2 1,
    Delta's 2 + 2 Defense dice 9 1 1 1, Delta's 3D10 10 10 2, the terrorists' 2 + 1 Defense 1 1 8."""
    return situation(unit("Delta", "Blue", 10, 4, "house door"), unit("Terrorists", "Red", 8, 6, (19.0, 18.0)),
                     initiative="Blue", forced=[5, 8, 8, 2, 1, 9, 1, 1, 1, 10, 10, 2, 1, 1, 8])


def reaction_example_1() -> ForceOnForce:
    """l.294-306: the Taliban MG team (Red, initiative, d8) will fire at the SAS fireteam (d10).
    Dice: the Reaction Test 3 against 7, the SAS 4D10 10 9 8 7, the MG team's 2D8 Defense 1 2."""
    return situation(unit("MG team", "Red", 8, 3, "centre"), unit("SAS", "Blue", 10, 4, "south road"),
                     forced=[3, 7, 10, 9, 8, 7, 1, 2])


def reaction_example_2() -> ForceOnForce:
    """l.308-312: the gunmen (Irregular d6) will run behind the copse, out of the SAS's sight; a
    second Red unit waits at the centre.  Dice: the Reaction Test 5 against 3."""
    return situation(unit("Gunmen", "Red", 6, 4, "copse edge", irregular=True),
                     unit("Others", "Red", 6, 4, "centre", irregular=True), unit("SAS", "Blue", 10, 4, "south road"),
                     forced=[5, 3])


def wasted_reaction() -> ForceOnForce:
    """l.354-356: SAS fireteams A and B will React to Taliban 1; B (nearer) wipes it out, A's
    declaration is wasted; then B Reacts to Taliban 2 with one die fewer (l.364)."""
    return situation(unit("Taliban 1", "Red", 6, 2, "centre"), unit("Taliban 2", "Red", 6, 3, "copse edge"),
                     unit("SAS A", "Blue", 10, 4, "south road"), unit("SAS B", "Blue", 10, 4, "orchard"),
                     forced=[2, 8, 2, 9, 10, 10, 10, 10, 1, 1, 2, 9, 10, 10, 10, 1, 1])


def fog_of_war_example() -> ForceOnForce:
    """l.376-383: the Taliban initiative unit will roll a 1 in its Reaction Test; the sandbox Fog of
    War deck is stacked with a UAV on top.  Dice: the test 1 against 2, then the fire."""
    return situation(unit("Taliban", "Red", 6, 3, "centre"), unit("SAS", "Blue", 10, 4, "south road"),
                     deck=["UAV overhead", "Friction"], forced=[1, 2, 6, 6, 6, 1, 1, 1, 1, 1])


# ------------------------------------------------------------------ the checkpoints' positions
_SPARE = [1] * 60
"""Dice for what follows the roll a checkpoint asks about (enough for any staged chain)."""


def rapid_reactor() -> ForceOnForce:
    """Red's Insurgents (d6) activate to fire at Blue's Marines (d8), who made a Rapid move this
    turn and declare a fire Reaction: the Reaction Test is next."""
    g = situation(unit("Insurgents", "Red", 6, 4, "centre"), unit("Marines", "Blue", 8, 5, "south road", rapid=True),
                  forced=_SPARE)
    g.apply(A.Activate("Insurgents", fire_at="Marines"))
    g.apply(A.React("Marines", "fire"))
    return g


def reaction_chance() -> float:
    """The engine's chance that the Marines win :func:`rapid_reactor`'s Reaction Test (l.318, l.320)."""
    return rapid_reactor().chance_outcomes(A.DoneReacting()).probability(1)


HIDDEN_AT = (9.5, 15.0)
"""The hidden Cell's place: inside the North Wood, half an inch from its edge (sandbox)."""
SPOTTERS = ("SAS A", "SAS B", "Marines")


def hidden_cell() -> ForceOnForce:
    """Blue has the initiative; Red's Cell hides in the North Wood.  SAS A (centre) has spotted it,
    SAS B (orchard) sees into the wood's rim but has not, the Marines are south of the Dense Copse."""
    return situation(unit("Cell", "Red", 8, 6, HIDDEN_AT, hidden=True),
                     unit("SAS A", "Blue", 10, 4, "centre", spotted=["Cell"]),
                     unit("SAS B", "Blue", 10, 4, "orchard"), unit("Marines", "Blue", 8, 5, (16.0, 5.0)),
                     initiative="Blue", forced=_SPARE)


def may_fire_at_cell() -> frozenset[str]:
    """The Blue units whose fire at the Cell (without moving) is among Blue's legal acts (l.110, l.120)."""
    return frozenset(a.unit for a in hidden_cell().legal_actions("Blue")
                     if isinstance(a, A.Activate) and a.fire_at == "Cell" and not a.to)


def spot_chance() -> float:
    """The exact chance SAS B (d10) spots the Cell (d8) with its roll (l.116-118), were it to carry
    advanced optics (+1, l.160): the engine's opposed-roll odds."""
    g = hidden_cell()
    s = g.state.units
    s["SAS B"].optics = True
    return spot_step(s["SAS B"], s["Cell"]).probability(1)


def breached_defenders() -> ForceOnForce:
    """Blue's Delta team at the house door; five Veteran (d10) defenders in the House have already
    made two Reactions this turn.  Delta breaches; the defenders will pass their check."""
    defenders = unit("Defenders", "Red", 10, 5, (19.0, 18.0), reactions=2)
    return situation(unit("Delta", "Blue", 10, 4, "house door"), defenders, initiative="Blue", forced=[6] + _SPARE)


def breach_firepower() -> int:
    """How many Firepower dice the defenders roll in :func:`breached_defenders` (l.9, l.364): the
    breach played on the engine, the dice counted."""
    g = breached_defenders()
    g.apply(A.Breach("Delta", "Defenders"))
    done(g)
    return sum(len(d.values) for d in g.dice.history if d.purpose == "firepower Defenders")


def chain(forced: Iterable[int] = _SPARE) -> ForceOnForce:
    """Red's MG team (centre) fires at SAS A (south road); SAS A, SAS B (orchard) and the Marines
    (far bank) all declare fire Reactions: the Reaction Tests are next (dice ``forced``)."""
    g = situation(unit("MG team", "Red", 8, 3, "centre"), unit("SAS A", "Blue", 10, 4, "south road"),
                  unit("SAS B", "Blue", 10, 4, "orchard"), unit("Marines", "Blue", 8, 5, "far bank"),
                  forced=list(forced))
    g.apply(A.Activate("MG team", fire_at="SAS A"))
    for name in SPOTTERS:
        g.apply(A.React(name, "fire"))
    return g


def first_test() -> str:
    """Whose Reaction Test the engine rolls first in :func:`chain` (l.358)."""
    return ordered(chain())[0].unit


CHAIN_DICE = [3, 2, 3, 7, 3, 5]
"""The chain's Reaction Tests, in the order they are rolled: the MG team rolls 3 each time; the
nearest reactor rolls 2 (it loses), the next 7 and the farthest 5 (they win)."""


def first_to_fire() -> str:
    """The first unit to roll Firepower once :func:`chain`'s tests come out as :data:`CHAIN_DICE` (l.360)."""
    g = chain(CHAIN_DICE + _SPARE)
    done(g)
    return next(d.purpose.removeprefix("firepower ") for d in g.dice.history if d.purpose.startswith("firepower "))


def checkpoints() -> list[Checkpoint]:
    """The lesson's checkpoints (module docstring); each builds its staged position when asked."""
    return [
        Checkpoint("fof.reaction-odds", "Red's Insurgents (d6) fire at Blue's Marines (d8), who made a Rapid move "
                   "earlier this turn and React with fire. What is the chance that the Marines win the Reaction Test?",
                   kind="probability", answer=reaction_chance, rule="l.318",
                   hint="The non-initiative unit needs 4+ and more than the initiative unit, ties to the initiative "
                        "unit; a Rapid move this turn costs -1 (l.320).",
                   explanation="The Marines' d8 - 1 must reach 4 and beat the d6: 18 of the 48 pairs, 37.5% "
                               "(50% without the Rapid move)."),
        Checkpoint("fof.who-may-fire", "Blue has the initiative; Red's Cell hides in the North Wood. SAS A has "
                   "spotted it; SAS B sees into the wood's rim but has not spotted it; the Marines stand south of "
                   "the Dense Copse. Which Blue units may fire at the Cell?", kind="choices", options=SPOTTERS,
                   answer=may_fire_at_cell, rule="l.120",
                   hint="A hidden unit may not be fired upon until detected (l.110), and it is spotted by the unit "
                        "that spotted it, not by its whole side.",
                   explanation="Only SAS A: spotting is remembered per unit (l.120). SAS B has the Cell in sight but "
                               "must spot it itself first; the Marines cannot even see it through the copse."),
        Checkpoint("fof.breach-dice", "Five Veteran (d10) defenders in the House have already made two Reactions "
                   "this turn. Blue's Delta team breaches in and the defenders pass their check. How many Firepower "
                   "dice do they fire?", kind="number", answer=breach_firepower, rule="l.9",
                   hint="One die per figure, one fewer for each Reaction after the first (l.364), then the breach's "
                        "penalty (l.9).",
                   explanation="Two: 5 figures, less 1 for the second Reaction (l.364), less 2 for the shock of the "
                               "breach (l.9)."),
        Checkpoint("fof.first-test", "Red's MG team (centre) fires at SAS A (south road); SAS A, SAS B (orchard) and "
                   "the Marines (far bank) all React with fire. Whose Reaction Test is rolled first?",
                   kind="choice", options=SPOTTERS, answer=first_test, rule="l.358",
                   hint="Tests start from one end of the ring of reacting units.",
                   explanation="SAS B's: the tests go from the non-initiative unit nearest the activated unit "
                               "outward: SAS B stands under 8 inches from the MG team, the Marines under 9, "
                               "SAS A over 10."),
        Checkpoint("fof.first-to-fire", "The same chain: SAS B loses its Reaction Test, the Marines and SAS A win "
                   "theirs. Which unit fires first?", kind="choice", options=("MG team",) + SPOTTERS,
                   answer=first_to_fire, rule="l.360",
                   hint="All the tests are rolled first; then the Reactions are resolved in two passes.",
                   explanation="SAS B: the Reactions that lost are resolved first, nearest outward (l.360), then "
                               "those that won (l.362); the MG team fires last, at SAS A, if it still can (l.364)."),
        Checkpoint("fof.spot-odds", "SAS B (d10) tries to spot the hidden Cell (d8). With advanced optics (+1), "
                   "what is its chance?", kind="probability", answer=spot_chance, rule="l.116",
                   hint="The spotter needs a modified 4+ and more than the hidden unit's die; optics add 1 (l.160).",
                   explanation="49 of the 80 pairs: 61.3% (41 of 80, 51.3%, without the optics)."),
    ]


CHECKPOINTS = checkpoints()
"""The lesson's checkpoints (their positions are staged when an answer is computed)."""
