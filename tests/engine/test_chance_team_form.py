"""A team's form of ``Game.chance_outcomes(action, viewer=team)`` (14.02, 14.09, 14.011, 14.12, 14.14).

Two worlds that differ only in a unit the team does not know (a hidden enemy submarine, the
type of a face-down ship) give that team the same preview, while the instructor's still counts
the unit.  The worlds are built with :func:`tests.worlds.twin_of`, which asserts the team's view
of both is the same."""
from __future__ import annotations

import pytest

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.content.worked.ch14 import B, R, SSK, SSN, sea
from lcb_lab.games.lcb.rules.submarines.chance import TEAM_NOTE
from lcb_lab.kernel.errors import IllegalAction, InputError
from tests.worlds import Change, twin_of

US_NOTE = TEAM_NOTE.format(team="US")


def _away(uid: str, to: str = "A-12"):
    def move(s):
        was = s.units[uid].hex
        s.units[uid].hex = to
        return Change(f"{uid} {was} -> {to}", {uid: uid})
    return move


def _begin(g, tf: str, *units: str):
    g.apply(A.BeginImpulse(tf))
    g.apply(A.Declare((A.CoreAction("move_combat", units),)))


def test_a_zor_preview_names_no_hidden_submarine_to_the_searcher_14_09():
    g = sea({"Jin": (SSN, "E-5", B), "Kilo 1": (SSK, "E-6", R)})
    _begin(g, B, "Jin")
    twin, _ = twin_of(g, "US", _away("Kilo 1"))
    act = A.SubmarineZor(1, "Jin")
    (full,) = g.chance_outcomes(act)
    assert full.counts == ("Kilo 1 DETECTED",) and full.probability(1) == pytest.approx(0.6)
    (mine,) = g.chance_outcomes(act, viewer="US")
    assert twin.chance_outcomes(act, viewer="US") == (mine,)
    assert (mine.label, mine.rule, mine.counts, mine.outcomes) == ("ZOR DETECT by Jin", "14.09", (), (((), 1.0),))
    assert mine.dice == ("1 d20 ZOR DETECT by Jin, compared with no submarine", US_NOTE)
    assert g.chance_outcomes(act, viewer="instructor") == (full,)


def test_a_zor_preview_names_a_detected_submarine_to_the_searcher():
    g = sea({"Jin": (SSN, "E-5", B), "Kilo 1": (SSK, "E-6", R)})
    g.state.units["Kilo 1"].revealed = True              # DETECTED by another unit: Jin has not
    _begin(g, B, "Jin")
    (mine,) = g.chance_outcomes(A.SubmarineZor(1, "Jin"), viewer="US")
    assert mine.counts == ("Kilo 1 DETECTED",) and mine.probability(1) == pytest.approx(0.6)


def test_an_engagement_preview_counts_no_hidden_boat_14_011():
    g = sea({"Ling": (SSN, "C-4", B), "Kilo 1": (SSK, "C-4", R)})
    _begin(g, B, "Ling")
    twin, _ = twin_of(g, "US", _away("Kilo 1"))
    act = A.TorpedoAttack(1, "Ling", ("submarine",))
    (full,) = g.chance_outcomes(act)
    assert full.counts == ("Ling sunk", "Kilo 1 sunk") and full.probability((0, 1)) > 0
    (mine,) = g.chance_outcomes(act, viewer="US")
    assert twin.chance_outcomes(act, viewer="US") == (mine,)
    assert (mine.counts, mine.outcomes) == (("Ling sunk",), (((0,), 1.0),))
    assert mine.dice == ("1 d20 DETECT by Ling, compared with no submarine",
                         "1 d20 DETECT of Ling on 8 or less (one die for the enemy submarines)",
                         "2 torpedoes by each submarine that DETECTED, hitting on its torpedo CV", US_NOTE)


def test_offensive_asw_preview_counts_no_hidden_boat_14_14():
    g = sea({"DDG-51": ("usn_ddg_51", "G-5", B), "Kilo 1": (SSK, "G-5", R)})
    _begin(g, B, "DDG-51")
    twin, _ = twin_of(g, "US", _away("Kilo 1"))
    act = A.OffensiveAsw(1, ("DDG-51",))
    (full,) = g.chance_outcomes(act)
    assert full.counts == ("Kilo 1 destroyed",) and full.probability(1) == pytest.approx(0.6 * 0.5)
    (mine,) = g.chance_outcomes(act, viewer="US")
    assert twin.chance_outcomes(act, viewer="US") == (mine,)
    assert (mine.counts, mine.outcomes) == ((), (((), 1.0),))


def test_a_torpedo_preview_counts_no_face_down_asw_ship_14_12():
    """A concealed US ship shares the hex of the LHD the Kilo attacks: a DDG (ASW-capable, it
    would defend) in one world, a second LHD in the other; RU sees the same back."""
    g = sea({"Kilo 1": (SSK, "C-4", R), "LHD 1": {"type": "usn_lhd", "hex": "C-4", "face_up": True},
             "Back": ("usn_ddg_51", "C-4", B)}, initiative="RU")
    _begin(g, R, "Kilo 1")

    def lhd(s):
        back = s.units["Back"]
        back.type_id, back.supply = "usn_lhd", {k: 0 for k in back.supply}
        return Change("Back: DDG -> LHD", {"Back": "Back"})

    twin, _ = twin_of(g, "RU", lhd)
    act = A.TorpedoAttack(1, "Kilo 1", ("LHD 1",))
    (full,) = g.chance_outcomes(act)
    assert full.probability((1, 0)) == pytest.approx(0.6 * 0.5)          # Back DETECTs (12), ASW kills (10)
    assert twin.chance_outcomes(act)[0].probability((1, 0)) == 0.0
    (mine,) = g.chance_outcomes(act, viewer="RU")
    assert twin.chance_outcomes(act, viewer="RU") == (mine,)
    assert mine.probability((1, 0)) == 0.0 and mine.dice[-1] == TEAM_NOTE.format(team="RU")


def test_a_team_preview_of_a_refused_act_is_the_same_refusal_and_a_bad_viewer_is_refused():
    g = sea({"Jin": (SSN, "E-5", B), "Kilo 1": (SSK, "E-6", R)})
    _begin(g, B, "Jin")
    with pytest.raises(InputError):
        g.chance_outcomes(A.SubmarineZor(1, "Jin"), viewer="us")
    refusals = []
    for viewer in (None, "US"):
        with pytest.raises(IllegalAction) as e:
            g.chance_outcomes(A.SubmarineZor(2, "Jin"), viewer=viewer)
        refusals.append((e.value.rule, e.value.reason))
    assert refusals[0] == refusals[1] and refusals[0][0] == "3.31"
