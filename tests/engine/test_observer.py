"""Hidden information, tried as the opponent would (3.03, 6.11, 6.21, 8.06).

One module (``lcb_lab.observer``) decides what each team reads of the log and
what its overlays are computed from.  These tests read the log as the other
team and look for names it may not know.
"""
from __future__ import annotations

from tests.conftest import make_game

INF_US, INF_RU = "usmc_infantry_platoon", "runi_naval_infantry_platoon"


def _mixed_stack(**kw):
    """US stack in F-2: Alpha face up, Bravo face down; a RU platoon far away."""
    return make_game([("Alpha", INF_US, "F-2", "TF Blue", True), ("Bravo", INF_US, "F-2", "TF Blue", False),
                      ("Ivan", INF_RU, "K-10", "TF Red")], **kw)


def test_leak1_moving_a_partly_concealed_stack_does_not_name_its_face_down_units():
    g = _mixed_stack()
    g.begin_impulse("TF Blue")
    g.declare([{"kind": "move_combat", "units": ["Alpha", "Bravo"]}])
    g.move(0, ["F-3"])
    ru = g.explained_log("RU")
    assert "Bravo" not in ru
    assert "Alpha" in ru and "F-2 -> F-3" in ru


def test_leak2_a_ground_zor_that_finds_enemies_does_not_name_the_concealed_unit_using_it():
    g = make_game([("Scout", INF_US, "F-2", "TF Blue"), ("Ivan", INF_RU, "F-3", "TF Red")])
    g.begin_impulse("TF Blue")
    g.declare([{"kind": "move_combat", "units": ["Scout"]}])
    assert g.exercise_zor(0, "F-3") == ["Ivan"]
    ru = g.explained_log("RU")
    assert "Scout" not in ru
    assert "Ivan" in ru          # the revealed unit is face up now: everyone reads its name
    assert "Scout" in g.explained_log("US") and "Scout" in g.explained_log("instructor")


def test_leak3_concealing_a_mixed_stack_does_not_name_units_already_face_down():
    g = _mixed_stack()
    g.begin_impulse("TF Blue")
    g.declare([{"kind": "move_conceal", "units": ["Alpha", "Bravo"]}])
    g.conceal(0)
    ru = g.explained_log("RU")
    assert "Bravo" not in ru
    assert "Alpha" in ru         # RU saw Alpha face up; it sees it turned face down
    assert "Concealed: Alpha, Bravo" in g.explained_log("US")
