"""13.41: SOF markers "can engage in Continuing Combat with other SOF markers", and a SOF marker
placed in a contested hex may GROUND ASSAULT "any opposing enemy units and/or SOF markers". The
RU SOF marker is a test deck's (the packaged RU deck has no SOF card): "Spetsnaz Raid", a copy of
MARSOC HALO (1 HP, GA CV 10, 2 dice: sandbox values). Dice forced."""
import json

import pytest

import lcb_lab
from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.model.cards import Decks, load_decks
from lcb_lab.games.lcb.rules.cards import jcc
from lcb_lab.games.lcb.rules.markers.placement import new_marker, sof_placed
from lcb_lab.kernel.errors import IllegalAction


def decks():
    d = load_decks()
    ct = d.card("US", "MARSOC HALO").model_copy(update={"name": "Spetsnaz Raid", "aliases": ()})
    return Decks(cards=dict(d.cards, RU=dict(d.cards["RU"], **{ct.name: ct})))


def ru_sof(g, hex_):
    """RU's SOF marker (Spetsnaz Raid, deployed) face up in ``hex_`` (set up, as if placed earlier)."""
    ctx = g._ctx()
    card = jcc.add_card(ctx, "RU", "Spetsnaz Raid", where="deployed", face_up=True)
    m = new_marker(ctx, "sof", "RU", card.cid, hex_, revealed=True)
    sof_placed(ctx, m, {})
    return m.mid


def refused(g, action, rule):
    before = json.dumps(g.state.to_dict(), sort_keys=True)
    with pytest.raises(IllegalAction) as e:
        g.apply(action)
    assert e.value.rule == rule, e.value
    assert json.dumps(g.state.to_dict(), sort_keys=True) == before
    return e.value


def test_13_41_a_sof_placed_in_a_contested_hex_may_assault_the_opposing_sof_marker():
    """MARSOC HALO (roll 1) places SOF-2 in D-5, held by 2 Zhuk and RU's SOF-1: SOF-2 may
    GROUND ASSAULT SOF-1 (offered, with its exact odds); SOF-1 always fights back (13.41).
    SOF-2 rolls 3 and 17 at CV 10 (one hit), SOF-1 rolls 15 and 12 (none): SOF-1 (1 HP) is
    destroyed and its card discarded (13.43); SOF-2 is unhurt."""
    g = lcb_lab.situation(units={"1 Alpha": {"type": "usmc_infantry_platoon", "hex": "H-8"},
                                 "2 Zhuk": {"type": "runi_naval_infantry_platoon", "hex": "D-5"}},
                          cards={"US": ["MARSOC HALO"]}, forced=[1, 3, 17, 15, 12], decks=decks())
    ru = ru_sof(g, "D-5")
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("play_jcc", (), jcc="MARSOC HALO"),)))
    g.apply(A.PlayCard("MARSOC HALO", "A", hex="D-5", action=1))
    us = next(m.mid for m in g.state.card_markers.values() if m.team == "US")
    act = A.MarkerAction(us, then="combat", targets=(ru,), dice=2)
    assert act in g.legal_actions()
    (step,) = g.chance_outcomes(act)
    assert step.rule == "13.41"
    assert {k: round(v, 4) for k, v in step.outcomes} == {(0, 0): 0.0625, (0, 1): 0.1875, (1, 0): 0.1875,
                                                          (1, 1): 0.5625}
    refused(g, A.MarkerAction(us, then="combat", targets=(ru,), dice=3), "13.41")      # 2 dice (sandbox)
    g.apply(act)
    assert ru not in g.state.card_markers and g.state.card_markers[us].hp == 1
    assert next(c for c in g.state.cards.values() if c.name == "Spetsnaz Raid").where == "discarded"
    assert [e["title"] for e in g.state.log if e["kind"] == "ga_roll"][-2:] == [
        f"GROUND ASSAULT: {us} -> {ru}", f"GROUND ASSAULT (defender): {ru} -> {us}"]
    assert g.dice.forced_left == 0


def test_13_41_two_sof_markers_alone_fight_their_continuing_combat():
    """Two opposing SOF markers alone in E-5 contest it (13.45): at the end of the Action Stage
    it gets a Continuing Combat marker (7.21); on turn 2 the US (initiative) may not end its
    impulse before its SOF marker's GROUND ASSAULT (7.22, 13.41); the two roll at once, 5 and
    9 vs 2 and 20 at CV 10: each loses its 1 HP; both markers and cards go, and the hex's
    Continuing Combat marker with them."""
    g = lcb_lab.situation(units={"1 Alpha": {"type": "usmc_infantry_platoon", "hex": "H-8"},
                                 "2 Zhuk": {"type": "runi_naval_infantry_platoon", "hex": "B-2"}},
                          cards={"US": [{"name": "MARSOC HALO", "where": "deployed", "face_up": True}]},
                          forced=[5, 9, 2, 20], decks=decks())
    ctx = g._ctx()
    us_card = next(c for c in g.state.cards.values() if c.name == "MARSOC HALO")
    us = new_marker(ctx, "sof", "US", us_card.cid, "E-5", revealed=True).mid
    sof_placed(ctx, g.state.card_markers[us], {})
    ru = ru_sof(g, "E-5")
    for tf in ("TF Blue", "TF Red"):
        g.apply(A.BeginImpulse(tf))
        g.apply(A.Declare(()))
        g.apply(A.EndImpulse())
    assert g.state.turn == 2 and g.state.continuing == {"E-5": "continuing"}
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare(()))
    e = refused(g, A.EndImpulse(), "7.22")
    assert us in e.reason and "E-5" in e.reason
    assert A.MarkerAction(us, then="combat", targets=(ru,), dice=2) in g.legal_actions()
    g.apply(A.MarkerAction(us, then="combat", targets=(ru,), dice=2))
    assert us not in g.state.card_markers and ru not in g.state.card_markers
    assert "E-5" not in g.state.continuing
    g.apply(A.EndImpulse())
