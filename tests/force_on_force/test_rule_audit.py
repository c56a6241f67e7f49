"""A designer's audit of Force on Force corners (``force_on_force_infantry.txt``), each through the
game's ``apply`` with forced dice: the Fog of War trigger on a *natural* 1 (l.372-374), the Reaction
Test's 4+ on the modified roll (l.318, l.320) and the -1 of a Rapid Reaction move (l.332), the
breach's Firepower penalty at its floor and the defenders' check at its boundary (l.9), and
artillery's splinters in Average or Dense Woods only (l.84, l.88)."""
from lcb_lab.games.force_on_force import actions as A
from tests.force_on_force.helpers import done, rolled, situation, titles, unit


def test_the_fog_of_war_is_drawn_on_a_natural_one_not_a_modified_one():
    """The Taliban made a Rapid move (-1, l.320) and roll 2: modified 1, but the die did not come up
    1 (l.372-374, reading: the die's face); the SAS roll a natural 1: Blue draws (the UAV card)."""
    tal = unit("Taliban", "Red", 6, 3, "centre", rapid=True)
    sas = unit("SAS", "Blue", 10, 4, "south road")
    g = situation(tal, sas, deck=["UAV overhead", "Friction"], forced=[2, 1] + [1] * 11)
    g.apply(A.Activate("Taliban", fire_at="SAS"))
    g.apply(A.React("SAS", "fire"))
    done(g)
    assert titles(g, "reaction_test")[0] == ("Reaction Test: Taliban d6 2-1 = 1, SAS d10 1+0 = 1: Taliban acts "
                                             "first")
    assert titles(g, "fog_of_war") == ["SAS rolled a 1: Blue draws a Fog of War card: UAV overhead"]
    assert g.state.uav == ["Blue"] and g.state.fog.draw == ["Friction"]


def test_a_rapid_mover_needs_four_after_its_minus_one():
    """The reacting SAS made a Rapid move: a natural 4 is a modified 3, under the 4+ the test needs
    (l.318, l.320), though it beats the Taliban's 1: the initiative unit acts first and fires first."""
    tal = unit("Taliban", "Red", 6, 3, "centre")
    sas = unit("SAS", "Blue", 10, 4, "south road", rapid=True)
    g = situation(tal, sas, forced=[2, 4] + [1] * 11)
    g.apply(A.Activate("Taliban", fire_at="SAS"))
    g.apply(A.React("SAS", "fire"))
    done(g)
    assert titles(g, "reaction_test")[0] == "Reaction Test: Taliban d6 2+0 = 2, SAS d10 4-1 = 3: Taliban acts first"
    assert [e["data"]["shooter"] for e in g.state.log if e["kind"] == "fire"] == ["Taliban", "SAS"]


def test_a_breach_leaves_a_lone_defender_no_firepower_dice():
    """One Trained defender passes its check (d8 4, the boundary of 4+): 1D8 - 2 is no die at all
    (l.9; never below 0), so no defensive fire and no Defense dice are rolled; the breacher then fires
    4D10 (sandbox)."""
    delta = unit("Delta", "Blue", 10, 4, "house door")
    lone = unit("Lone", "Red", 8, 1, (19.0, 18.0))
    g = situation(delta, lone, initiative="Blue", forced=[4, 10, 1, 1, 1, 1, 1, 1])
    g.apply(A.Breach("Delta", "Lone"))
    done(g)
    assert any("1D8 - 2 = 0D8" in t for t in titles(g, "breach"))
    assert titles(g, "breach")[-1] == "Lone has no Firepower die left after the penalty: no defensive fire"
    assert rolled(g, "firepower Lone") == rolled(g, "defense Delta") == [] and delta.figures == 4
    assert rolled(g, "firepower Delta") == [[10, 1, 1, 1]] and lone.figures == 0


def test_breach_defenders_failing_on_a_three_do_not_fire():
    """The defenders' check needs 4+ (sandbox): a 3 fails, and the stunned defenders neither flee nor
    fire (l.9, reading); the breacher fires its 4D10."""
    delta = unit("Delta", "Blue", 10, 4, "house door")
    terrorists = unit("Terrorists", "Red", 8, 6, (19.0, 18.0))
    g = situation(delta, terrorists, initiative="Blue", forced=[3, 10, 10, 1, 1, 1, 1, 1])
    g.apply(A.Breach("Delta", "Terrorists"))
    done(g)
    assert titles(g, "breach")[-1] == "Terrorists fails its Troop Quality Check (d8 3): no defensive fire"
    assert rolled(g, "firepower Terrorists") == [] and rolled(g, "firepower Delta") == [[10, 10, 1, 1]]


def test_artillery_gets_no_splinter_die_in_light_woods_and_one_in_dense():
    """Light Woods have no effect (l.84): a salvo into the Orchard rolls the sandbox 3D8 and the
    target no Solid Cover (2 Defense dice); into the Dense Copse 3 + 1 dice (l.88) and Solid Cover
    (l.62: 3 Defense dice)."""
    g = situation(unit("FO", "Blue", 8, 2, "copse edge"), unit("InLight", "Red", 8, 3, "orchard"),
                  unit("InDense", "Red", 8, 3, (14.5, 10.0)), initiative="Blue", forced=[1] * 30)
    g.apply(A.Artillery("FO", "InLight"))
    g.state.units["FO"].activated = False
    g.apply(A.Artillery("FO", "InDense"))
    assert [len(v) for v in rolled(g, "firepower artillery for FO")] == [3, 4]
    assert [len(v) for v in rolled(g, "defense InLight")] == [2]
    assert [len(v) for v in rolled(g, "defense InDense")] == [3]


def test_a_rapid_reaction_move_takes_the_minus_one_in_its_own_reaction_test():
    """"Infantry/Mounted Units making a Rapid Move receive a -1" (l.332; l.320): the SAS, not moved
    before, react to the Taliban's fire with a Rapid move.  They roll 4: modified 3, under 4+, so the
    Taliban (2) act first and fire before the SAS run (as an initiative unit's declared Rapid move
    already counts).  The exact odds logged before the roll use the same -1."""
    tal = unit("Taliban", "Red", 6, 3, "centre")
    sas = unit("SAS", "Blue", 10, 4, "orchard")
    g = situation(tal, sas, forced=[2, 4] + [1] * 5)
    g.apply(A.Activate("Taliban", fire_at="SAS"))
    g.apply(A.React("SAS", "move", "south road", rapid=True))
    done(g)
    assert titles(g, "reaction_test")[0] == "Reaction Test: Taliban d6 2+0 = 2, SAS d10 4-1 = 3: Taliban acts first"
    assert titles(g, "odds")[0].startswith("Odds: SAS wins the Reaction Test against Taliban 50.0%")
    assert [e["data"]["shooter"] for e in g.state.log if e["kind"] == "fire"] == ["Taliban"]
