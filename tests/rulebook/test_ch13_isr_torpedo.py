"""13.27: an ISR marker whose card says TORPEDO conducts a TORPEDO ATTACK from the marker's hex,
by chapter 14's rules (range 0, 14.07; one die, a hit sinks a naval unit whatever its HP, 14.08;
the target hex's ASW-capable ships defend first, 14.12). No packaged card has such a marker, so
the test deck gives Unmanned Boats a torpedo option B (1 die hitting on 10, sandbox values)."""
import json

import pytest

import lcb_lab
from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.content.worked import ch13
from lcb_lab.games.lcb.model.cards import Decks, Effect, load_decks
from lcb_lab.kernel.errors import IllegalAction

TORPEDO = Effect(label="B", fn="uuv", when="trigger", target="unit", dice=1, cv=10,
                 text="TORPEDO ATTACK a revealed enemy naval unit in the marker's hex: 1 die at 10.")
PATH = ("B-2", "C-2", "D-2", "E-2", "E-3")            # 5 MP through water to Sasha's hex


def boats_with_torpedo(forced):
    """Unmanned Boats (torpedo variant) Attached to 1 Alpha in the coastal B-1, played for 1 AP:
    its ISR marker is placed; the revealed RU DDG Sasha (2 HP, ASW-capable) is in E-3, the RU
    infantry platoon Anna in the coastal E-1."""
    d = load_decks()
    ct = d.card("US", "Unmanned Boats")
    decks = Decks(cards=dict(d.cards, US=dict(d.cards["US"], **{ct.name: ct.model_copy(
        update={"effects": (ct.effects[0], TORPEDO)})})))
    g = lcb_lab.situation(units={"1 Alpha": {"type": "usmc_infantry_platoon", "hex": "B-1"},
                                 "Sasha": {"type": "rubf_ddg", "hex": "E-3", "face_up": True},
                                 "Anna": {"type": "runi_naval_infantry_platoon", "hex": "E-1", "face_up": True}},
                          cards={"US": [{"name": "Unmanned Boats", "attach_to": "1 Alpha"}]},
                          mixed=["B-1", "E-1"], naval=ch13.SEA + ["B-4", "C-4", "D-4"], naval_zor=False,
                          forced=forced, decks=decks)
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("play_jcc", (), jcc="Unmanned Boats"),)))
    g.apply(A.PlayCard("Unmanned Boats", "A", action=1))
    return g


def refused(g, action, rule):
    before = json.dumps(g.state.to_dict(), sort_keys=True)
    with pytest.raises(IllegalAction) as e:
        g.apply(action)
    assert e.value.rule == rule, e.value
    assert json.dumps(g.state.to_dict(), sort_keys=True) == before
    return e.value


def test_13_27_an_isr_marker_torpedoes_a_ship_in_its_hex_and_sinks_it_whatever_its_hp():
    """The marker moves 5 MP into Sasha's hex and torpedoes it: Sasha's DETECT 15 misses (10 or
    less), the torpedo rolls 4 (10 or less): the 2-HP DDG sinks (14.08). Exact odds first:
    P(no DETECT) = 1/2, then P(hit) = 1/2; P(the boats destroyed by ASW) = 1/2 * 1/2."""
    g = boats_with_torpedo([15, 4])
    act = A.MarkerAction("ISR-1", path=PATH, then="combat", targets=("Sasha",))
    (step,) = g.chance_outcomes(act)
    assert step.rule == "14.12"
    assert {k: round(v, 4) for k, v in step.outcomes} == {(0, 0): 0.375, (0, 1): 0.375, (1, 0): 0.25}
    g.apply(act)
    assert g.pending is None
    sasha = g.state.units["Sasha"]
    assert sasha.destroyed and sasha.hp == 0 and g.state.kills["US"] == 1
    assert g.state.card_markers["ISR-1"].hex == "E-3"
    titles = [(e["title"], e["rules"]) for e in g.state.log]
    assert ("Unmanned Boats: TORPEDO ATTACK on Sasha", ["14.08", "14.011"]) in titles
    assert g.dice.forced_left == 0 and g.impulse.ap == 2


def test_13_27_the_ships_asw_destroys_the_marker_card_before_it_fires():
    """14.12: Sasha DETECTs (6) and its ASW die 3 (10 or less) destroys the boats first: the
    card is discarded, its marker leaves the map (13.22), no torpedo is rolled, Sasha is unhurt."""
    g = boats_with_torpedo([6, 3, 1])
    g.apply(A.MarkerAction("ISR-1", path=PATH, then="combat", targets=("Sasha",)))
    assert not g.state.units["Sasha"].destroyed and g.state.units["Sasha"].hp == 2
    assert "ISR-1" not in g.state.card_markers
    assert next(c for c in g.state.cards.values() if c.name == "Unmanned Boats").where == "discarded"
    assert g.dice.forced_left == 1


def test_13_27_a_marker_torpedo_has_range_0_and_targets_naval_units_only():
    """14.07 through the marker: from E-2 Sasha (E-3) is out of range; Anna on the coast E-1 is a
    ground unit, no torpedo target. Both refused, nothing changed."""
    g = boats_with_torpedo([15, 4])
    e = refused(g, A.MarkerAction("ISR-1", path=PATH[:-1], then="combat", targets=("Sasha",)), "14.07")
    assert e.reason == "Sasha is 1 hexes from ISR-1; range 0 (TORPEDO ATTACKs have range 0)"
    e = refused(g, A.MarkerAction("ISR-1", path=("B-2", "C-2", "D-2", "E-2"), then="combat", targets=("Anna",)),
                "14.07")
    assert e.reason == "Anna is not a naval unit: a TORPEDO ATTACK targets revealed naval units"
