"""Every worked example of the fragment reproduced with forced dice (the combat that follows a
Reaction is the sandbox rule of :mod:`lcb_lab.games.force_on_force.rules.combat`)."""
from lcb_lab.games.force_on_force import actions as A
from lcb_lab.kernel.errors import IllegalAction

import pytest

from tests.force_on_force.helpers import done, rolled, situation, titles, unit


def test_breach_example_six_d8_become_four_d8():
    """l.11-15: the Delta team breaches; no Troop Quality Check for it (l.7); the six Trained
    terrorists pass theirs, may not flee, and fire 6D8 - 2 = 4D8; Delta adds 2 Defense dice (l.9)."""
    delta = unit("Delta", "Blue", 10, 4, "house door")
    terrorists = unit("Terrorists", "Red", 8, 6, (19.0, 18.0))
    g = situation(delta, terrorists, initiative="Blue",
                  forced=[5,                       # terrorists' Troop Quality Check: passed
                          8, 8, 2, 1,              # their 4D8 defensive fire: 2 hits
                          9, 1, 1, 1,              # Delta's 2 + 2 Defense dice (d10): 1 cancels
                          10, 10, 2,               # Delta (3 figures left) close assaults 3D10: 2 hits
                          1, 1, 8])                # terrorists' 2 + 1 (building cover) Defense dice
    g.apply(A.Breach("Delta", "Terrorists"))
    done(g)
    assert rolled(g, "troop quality check Delta") == []                     # l.7: no check for the breacher
    assert rolled(g, "firepower Terrorists") == [[8, 8, 2, 1]]              # 4D8, not 6D8 (l.15)
    assert rolled(g, "defense Delta") == [[9, 1, 1, 1]]                      # 2 base + 2 breach (l.9)
    assert any("6D8 - 2 = 4D8" in t and "+2 Defense dice" in t for t in titles(g, "breach"))
    assert (delta.figures, terrorists.figures) == (3, 5)
    assert rolled(g, "defense Terrorists") == [[1, 1, 8]]                   # +1 Solid Cover in the House


def test_breach_with_flash_bangs_adds_three_defense_dice():
    delta = unit("Delta", "Blue", 10, 4, "house door", breach_kit=True)
    g = situation(delta, unit("Terrorists", "Red", 8, 6, (19.0, 18.0)), initiative="Blue",
                  forced=[4, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1])
    g.apply(A.Breach("Delta", "Terrorists"))
    done(g)
    assert [len(v) for v in rolled(g, "defense Delta")] == [5]              # 2 base + 3 (l.9)


def test_example_1_non_initiative_unit_wins_and_eliminates_the_crew():
    """l.294-306: the Taliban MG team (initiative) fires at the SAS fireteam; the SAS React, win the
    Reaction Test, fire first and eliminate the crew; the MG team never fires."""
    mg = unit("MG team", "Red", 8, 3, "centre")
    sas = unit("SAS", "Blue", 10, 4, "south road")
    g = situation(mg, sas, forced=[3, 7,              # Reaction Test: MG d8 3, SAS d10 7: SAS wins
                                   10, 9, 8, 7,       # SAS 4D10: 4 hits
                                   1, 2])             # MG team's 2D8 Defense: none cancels
    g.apply(A.Activate("MG team", fire_at="SAS"))
    g.apply(A.React("SAS", "fire"))
    done(g)
    assert not mg.alive and sas.figures == 4
    assert rolled(g, "firepower MG team") == []
    assert "MG team was wiped out by the Reactions: its activation ends" in titles(g)


def test_example_2_initiative_unit_wins_and_runs_out_of_sight():
    """l.308-312: the gunmen run out of the SAS fireteam's sight; the SAS lose the Reaction Test and
    may not fire; having failed, they may not React again this turn (l.312)."""
    gunmen = unit("Gunmen", "Red", 6, 4, "copse edge", irregular=True)
    other = unit("Others", "Red", 6, 4, "centre", irregular=True)
    sas = unit("SAS", "Blue", 10, 4, "south road")
    g = situation(gunmen, other, sas, forced=[5, 3])       # Gunmen d6 5, SAS d10 3: the SAS lose
    g.apply(A.Activate("Gunmen", to="behind copse"))
    g.apply(A.React("SAS", "fire"))
    done(g)
    assert rolled(g, "firepower SAS") == [] and gunmen.pos == (17.0, 12.5)
    assert any("out of its line of sight: it may not fire" in t for t in titles(g, "wasted"))
    g.apply(A.Activate("Others", fire_at="SAS"))
    with pytest.raises(IllegalAction) as e:
        g.apply(A.React("SAS", "fire"))
    assert e.value.rule == "l.288"


def test_wasted_reaction_still_costs_a_firepower_die():
    """l.356: fireteams A and B React to the same Taliban unit; A wipes it out; B's declaration
    still counts, so B fires one die fewer at the next unit it Reacts to (l.364)."""
    t1 = unit("Taliban 1", "Red", 6, 2, "centre")
    t2 = unit("Taliban 2", "Red", 6, 3, "copse edge")
    a = unit("SAS A", "Blue", 10, 4, "south road")
    b = unit("SAS B", "Blue", 10, 4, "orchard")
    g = situation(t1, t2, a, b, forced=[2, 8,        # test with SAS B (nearer, 7.2"): B wins
                                        2, 9,        # test with SAS A (10"): A wins
                                        10, 10, 10, 10,   # SAS B fires first (won, nearest): 4 hits
                                        1, 1,        # Taliban 1's Defense
                                        2, 9,        # next activation: SAS B wins again
                                        10, 10, 10,  # SAS B fires 3D10 now (its second Reaction)
                                        1, 1])
    g.apply(A.Activate("Taliban 1", fire_at="SAS A"))
    g.apply(A.React("SAS A", "fire"))
    g.apply(A.React("SAS B", "fire"))
    done(g)
    assert not t1.alive and any("SAS A's Reaction (won) comes to nothing" in t for t in titles(g, "wasted"))
    g.apply(A.Activate("Taliban 2", fire_at="SAS B"))
    g.apply(A.React("SAS B", "fire"))
    done(g)
    assert [len(v) for v in rolled(g, "firepower SAS B")] == [4, 3]
    assert a.reactions == 1 and b.reactions == 2


def test_fog_of_war_draw_on_a_one():
    """l.376-383: the Taliban initiative unit rolls a 1 in its Reaction Test: its player draws a
    Fog of War card whose effect applies at once (sandbox deck stacked: a UAV first)."""
    tal = unit("Taliban", "Red", 6, 3, "centre")
    sas = unit("SAS", "Blue", 10, 4, "south road")
    g = situation(tal, sas, deck=["UAV overhead", "Friction"], forced=[1, 2,   # Taliban 1, SAS 2: both fail
                                                                        6, 6, 6, 1, 1, 1, 1, 1])
    g.apply(A.Activate("Taliban", fire_at="SAS"))
    g.apply(A.React("SAS", "fire"))
    done(g)
    assert titles(g, "fog_of_war") == ["Taliban rolled a 1: Red draws a Fog of War card: UAV overhead"]
    assert g.state.uav == ["Red"] and g.state.fog.draw == ["Friction"]
