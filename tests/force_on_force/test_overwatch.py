"""Overwatch (l.399-423): who may, when it is declared, interrupting before the reacting unit's
own test, passing (fires first) or failing (fires last, falls off)."""
import pytest

from lcb_lab.games.force_on_force import actions as A
from lcb_lab.games.force_on_force.rules.overwatch import check_go
from lcb_lab.kernel.errors import IllegalAction
from tests.force_on_force.helpers import rolled, situation, titles, unit


def _game(forced, **kw):
    return situation(unit("W", "Blue", 10, 4, "south road"), unit("A", "Blue", 10, 4, "orchard"),
                     unit("R", "Red", 8, 3, "centre"), unit("Q", "Red", 8, 3, "copse edge"),
                     unit("G", "Red", 6, 3, "north lane", irregular=True), unit("U", "Blue", 6, 3, "ford bank"),
                     initiative="Blue", phase="overwatch", forced=forced, **kw)


def test_who_may_go_on_overwatch():
    g = _game([])
    with pytest.raises(IllegalAction) as e:
        g.apply(A.GoOnOverwatch("U"))
    assert e.value.rule == "l.403" and "d6" in e.value.reason                 # Trained (d8) or better
    g.state.units["U"].tq = 8
    g.state.units["U"].irregular = True
    with pytest.raises(IllegalAction) as e:
        g.apply(A.GoOnOverwatch("U"))
    assert e.value.rule == "l.403" and "Irregular" in e.value.reason
    with pytest.raises(IllegalAction) as e:
        check_go(g, g.state.units["R"])
    assert e.value.rule == "l.405" and "initiative" in e.value.reason
    g.apply(A.StartActivations())
    with pytest.raises(IllegalAction) as e:
        g.apply(A.GoOnOverwatch("W"))
    assert e.value.rule == "l.405"


def test_overwatch_passes_fires_first_and_stops_the_reaction():
    """l.413, l.419: W's test comes before R's own; W wins (tie rule: R must beat it), fires first
    and wipes R out: R makes no Reaction Test and never fires."""
    g = _game([6, 5,                      # W d10 6+1 against R d8 5: W passes
               10, 10, 10, 10, 1, 1,      # W 4D10 kills R's 3 figures
               1, 1, 1, 1])               # A completes: a Tactical move only
    g.apply(A.GoOnOverwatch("W"))
    g.apply(A.StartActivations())
    g.apply(A.Activate("A", to="south road"))
    g.apply(A.React("R", "fire"))
    g.apply(A.DoneReacting())
    g.apply(A.Interrupt("W", "R"))
    g.apply(A.DoneInterrupting())
    assert not g.state.units["R"].alive
    assert len(titles(g, "reaction_test")) == 1 and rolled(g, "firepower R") == []
    assert g.state.units["W"].overwatch


def test_overwatch_fails_fires_last_and_falls_off():
    """l.421-423: W fails; R completes its Reaction (it loses its own test, so A fires first at
    it, then it returns fire); then W fires last and falls off Overwatch."""
    g = _game([2, 7,                      # W 2+1 = 3 against R 7: R wins the interrupt test
               9, 3,                      # R's own test against A: A wins
               1, 1, 1, 1, 1, 1,          # A fires first at R (lost reaction)
               1, 1, 1, 1, 1,             # R returns fire 3D8
               1, 1, 1, 1, 1, 1])         # W fires last 4D10
    g.apply(A.GoOnOverwatch("W"))
    g.apply(A.StartActivations())
    g.apply(A.Activate("A", fire_at="R"))
    g.apply(A.React("R", "fire"))
    g.apply(A.DoneReacting())
    g.apply(A.Interrupt("W", "R"))
    g.apply(A.DoneInterrupting())
    assert [e["data"]["shooter"] for e in g.state.log if e["kind"] == "fire"] == ["A", "R", "W"]
    w = g.state.units["W"]
    assert w.fallen_off and not w.overwatch


def test_each_overwatch_fire_after_the_first_costs_a_die():
    """l.409: W interrupts R and Q, passing both: 4D10, then 3D10."""
    g = _game([6, 2,  1, 1, 1, 1, 1, 1,   # interrupt of Q (6.8" from A, nearer than R): W passes, 4D10
               3, 8,                      # Q's own test against A: Q wins
               6, 2,  1, 1, 1, 1, 1,      # interrupt of R: W passes, 3D10
               5, 2] + [1] * 40, deck=["Friction"] * 3)
    g.apply(A.GoOnOverwatch("W"))
    g.apply(A.StartActivations())
    g.apply(A.Activate("A", to="south road"))
    g.apply(A.React("R", "fire"))
    g.apply(A.React("Q", "fire"))
    g.apply(A.DoneReacting())
    g.apply(A.Interrupt("W", "R"))
    g.apply(A.Interrupt("W", "Q"))
    g.apply(A.DoneInterrupting())
    assert [len(v) for v in rolled(g, "firepower W")] == [4, 3]


def test_opportunity_fire_gives_up_the_activation():
    """l.324-326 (the example ends at l.314): an Argentine unit's Reaction move takes it out of the
    British heavy machine gun's sight and into that of Marines not yet activated; the Marines give
    up their activation and fire at it (reading: once the move is done, no Reaction Test)."""
    g = situation(unit("HMG", "Blue", 10, 3, "south road"), unit("Marines", "Blue", 8, 5, "house door"),
                  unit("Argentines", "Red", 8, 4, "copse edge"), initiative="Blue",
                  forced=[2, 7,                      # the Argentines win their Reaction Test: they move first
                          8, 8, 8, 1, 1, 1, 1])      # the Marines' 5D8, then 2D8 Defense
    g.apply(A.Activate("HMG", fire_at="Argentines"))
    g.apply(A.React("Argentines", "move", "behind copse"))
    g.apply(A.DoneReacting())
    assert g.legal_actions() == [A.DoneInterrupting(), A.Interrupt("Marines", "Argentines")]
    g.apply(A.Interrupt("Marines", "Argentines"))
    g.apply(A.DoneInterrupting())
    assert [e["data"]["shooter"] for e in g.state.log if e["kind"] == "fire"] == ["Marines"]
    assert g.state.units["Argentines"].figures == 1 and "HMG has no shot at Argentines any more" in titles(g)
    with pytest.raises(IllegalAction) as e:
        g.apply(A.Activate("Marines", to="north lane"))
    assert e.value.rule == "l.182"
