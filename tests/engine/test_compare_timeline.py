"""lcb_lab.games.lcb.whatif.compare (the differences of two games) and lcb_lab.games.lcb.whatif.timeline (a record as a team may read it)."""
from __future__ import annotations

import pytest

from lcb_lab.games.lcb import actions as A
from lcb_lab import load_scenario
from lcb_lab.games.lcb.whatif.compare import DiffRow, compare, compare_text
from lcb_lab.games.lcb.content.lesson import Lesson
from lcb_lab.games.lcb.whatif.timeline import step_actor, timeline, undo_allowed


@pytest.fixture(scope="module")
def played():
    """The Appendix B lesson played to its end (26 steps, forced dice)."""
    return Lesson("appendix_b_combat").run()


def _rows(a, b, team="instructor") -> dict:
    return {(r.topic, r.item): (r.left, r.right) for r in compare(a, b, team)}


def test_a_game_and_its_fork_agree(played):
    assert compare(played, played.fork()) == []
    assert compare_text(played, played.fork()) == "no difference"


def test_compare_before_and_after_tf_bostons_combat(played):
    before = played.fork(at=14)
    rows = _rows(before, played)
    assert rows[("turn", "")] == (1, 2)
    assert rows[("impulse", "")] == ("TF Boston, acting", "none")
    assert rows[("influence", "")] == (0, -1)
    assert rows[("kills", "by US")] == (0, 1)
    assert rows[("lost", "2 Anna")] == (False, True)
    assert rows[("hp", "1 Anna")] == (2, 1)
    assert rows[("supply", "DDG-51/LRS1")] == (8, 4)
    assert rows[("supply", "Ivan Co/RP")] == (20, 15)
    assert ("network", "RU") not in rows                  # 2 cubes in both
    assert DiffRow("hp", "1 Anna", 2, 1).text() == "hp 1 Anna: 2 \u2192 1"
    assert "lost 2 Anna: alive \u2192 lost" in compare_text(before, played)


def test_compare_shows_a_team_only_what_it_may_know(played):
    before = played.fork(at=14)
    us, ru = _rows(before, played, "US"), _rows(before, played, "RU")
    assert ("supply", "Ivan Co/RP") not in us and ru[("supply", "Ivan Co/RP")] == (20, 15)
    # FFG-454 is concealed at step 14: the US does not compare its supply
    assert ("supply", "FFG-454/INT1") not in us and ru[("supply", "FFG-454/INT1")] == (8, 4)
    assert ("supply", "DDG-51/LRS1") in us and ("supply", "DDG-51/LRS1") not in ru


def test_a_lost_concealed_enemy_is_not_named():
    a = load_scenario("gotland_redux", seed=1)
    b = a.fork()
    b.state.units["Ivan Co"].destroyed = True             # still face down
    assert _rows(a, b, "US") == {("lost", "a concealed RU unit"): (False, True)}
    assert _rows(a, b, "RU") == {("lost", "Ivan Co"): (False, True)}
    with pytest.raises(ValueError, match="team must be"):
        compare(a, b, "blue")


def test_timeline_groups_and_actors(played):
    rows = timeline(played)
    assert len(rows) == 26 and rows[0].group == "Turn 1 \u00b7 impulse 1 \u00b7 TF Memphis"
    assert rows[12].group == "Turn 1 \u00b7 impulse 3 \u00b7 TF Boston"
    assert [step_actor(s) for s in played.history.steps[14:17]] == ["US", "RU", "chance"]
    assert step_actor(played.history.steps[3]) == "instructor"      # a scripted card effect
    assert rows[14].label == "commit combat: Revealed: DDG-51, DDG-80"


def test_timeline_labels_come_from_the_teams_log():
    g = load_scenario("gotland_redux", seed=1)
    g.apply(A.BeginImpulse("TF Boston"))
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse("TF St. Petersburg"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("Ivan Co",)),)))
    g.apply(A.Move(1, ("AI-22",)))
    assert "Ivan Co" in g.history.steps[4].label                     # the raw label names it
    assert timeline(g, "RU")[4].label == "move: Move Ivan Co"
    # the observer shows the other team a concealed counter moving (its back moves on the map), unnamed
    assert timeline(g, "US")[4].label == "Move 1 concealed counter" and "Ivan" not in timeline(g, "US")[4].label
    assert not any("Ivan Co" in r.label for r in timeline(g, "US"))
    g.undo(2)
    assert [r.label for r in timeline(g, "US")[3:]] == ["Red (RU) act (undone)", "Red (RU) act (undone)"]
    assert [r.label for r in timeline(g, "RU")[3:]] == ["declare (undone)", "move (undone)"]


def test_undo_allowed_rule(played):
    assert undo_allowed(played.fork(at=0), "instructor") == (False, "nothing to undo")
    assert undo_allowed(played.fork(at=14), "US")[0] is True
    assert undo_allowed(played.fork(at=14), "RU")[0] is False
    assert undo_allowed(played.fork(at=15), "US")[0] is False        # RU must answer now
    assert undo_allowed(played.fork(at=16), "RU")[0] is False        # RU answered; chance rolls next
    assert undo_allowed(played.fork(at=17), "US") == (False, "the last step was Chance's")
    assert undo_allowed(played.fork(at=17), "instructor")[0] is True


def test_a_move_and_a_conceal_show_in_the_differences_as_the_team_may_know_them():
    from lcb_lab.games.lcb import actions as A
    g = load_scenario("gotland_redux", seed=1)
    g.apply(A.BeginImpulse("TF Memphis"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("LHD 1",)),)))
    g.apply(A.Move(1, ("AM-25", "AM-24")))
    rows = compare(g, g.fork(at=2))
    assert DiffRow("hex", "LHD 1", "AM-24", "AM-26") in rows
    ru = compare(g, g.fork(at=2), "RU")
    assert not any(r.item == "LHD 1" for r in ru) or g.unit("LHD 1").revealed


INF_US, INF_RU = "usmc_infantry_platoon", "runi_naval_infantry_platoon"


def test_a_team_may_not_undo_a_ground_zor_that_revealed_enemies():
    from lcb_lab import situation
    from lcb_lab.games.lcb.whatif.timeline import revealed_enemy
    g = situation([("Scout", INF_US, "F-2", "TF Blue"), ("Ivan", INF_RU, "F-3", "TF Red")])
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("Scout",)),)))
    assert undo_allowed(g, "US")[0] is True                          # the declaration revealed nothing
    g.apply(A.ExerciseZor(1, "F-3"))
    assert g.result == ["Ivan"] and not g.history.steps[-1].dice
    assert revealed_enemy(g, "US") == ["Ivan"] and revealed_enemy(g, "RU") == []
    assert undo_allowed(g, "US") == (False, "the last step told your team something about the other side")
    assert undo_allowed(g, "instructor")[0] is True                  # the instructor still may
    g.undo()
    assert not g.unit("Ivan").revealed


def test_a_ground_zor_finding_nothing_or_a_face_down_mildec():
    from lcb_lab import situation
    from lcb_lab.games.lcb.model.state import Marker
    g = situation([("Scout", INF_US, "F-2", "TF Blue"), ("Ivan", INF_RU, "K-10", "TF Red")])
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("Scout",)),)))
    g.apply(A.ExerciseZor(1, "F-3"))
    assert g.result == []
    assert undo_allowed(g, "US") == (False, "the last step told your team something about the other side")
    assert undo_allowed(g, "instructor") == (True, "the instructor may undo any step")
    m = situation([("Scout", INF_US, "F-2", "TF Blue"), ("Ivan", INF_RU, "K-10", "TF Red")],
                  markers=[Marker("M1", "mildec", "RU", "TF Red", "F-3")])
    m.apply(A.BeginImpulse("TF Blue"))
    m.apply(A.Declare((A.CoreAction("move_combat", ("Scout",)),)))
    m.apply(A.ExerciseZor(1, "F-3"))
    assert m.state.markers["M1"].revealed
    assert undo_allowed(m, "US") == (False, "the last step told your team something about the other side")


def test_a_move_into_contact_may_not_be_undone_by_the_mover():
    from lcb_lab import situation
    g = situation([("Scout", INF_US, "F-2", "TF Blue"), ("Ivan", INF_RU, "F-4", "TF Red")])
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("Scout",)),)))
    g.apply(A.Move(1, ("F-3",)))
    assert undo_allowed(g, "US")[0] is True                          # no contact yet
    g.undo()
    g.apply(A.Move(1, ("F-3", "F-4")))                                        # contact: both face up (6.22)
    assert g.unit("Ivan").revealed
    assert undo_allowed(g, "US") == (False, "the last step told your team something about the other side")


def test_the_snapshot_is_not_needed_to_find_a_reveal():
    from lcb_lab import situation
    from lcb_lab.games.lcb.whatif.timeline import revealed_enemy
    g = situation([("Scout", INF_US, "F-2", "TF Blue"), ("Ivan", INF_RU, "F-3", "TF Red")])
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("Scout",)),)))
    g.apply(A.ExerciseZor(1, "F-3"))
    del g.history.snapshots[g.history.cursor - 1]                   # e.g. a record thinned or loaded
    assert revealed_enemy(g, "US") == ["Ivan"]


def test_rows_do_not_repeat_their_heading_and_a_pass_reads_plainly(played):
    rows = timeline(played)
    assert rows[0].group == "Turn 1 \u00b7 impulse 1 \u00b7 TF Memphis"
    assert rows[0].label == "begin impulse (3 AP)" and "TF Memphis" not in rows[0].label
    assert rows[1].label.startswith("declare 3 actions") and "TF Memphis" not in rows[1].label
    assert rows[8].label == "end impulse"
    us = timeline(played, "US")
    assert (us[9].label, us[10].label.split(" \u00b7 ")[0], us[11].label) == (
        "impulse begins (3 AP)", "declares 3 actions", "impulse ends")      # RU's impulse, read by the US
    g = load_scenario("gotland_redux", seed=1)
    g.apply(A.BeginImpulse("TF Boston"))
    g.apply(A.Declare())
    assert timeline(g, "US")[1].label == "pass (3 AP unused)"
    assert timeline(g, "RU")[1].label == "pass (3 AP unused)"


def test_the_impulse_difference_is_in_plain_words(played):
    from lcb_lab.games.lcb.whatif.compare import _impulse
    assert _impulse(played.fork(at=13).state) == "TF Boston, declaring"
    assert _impulse(played.fork(at=14).state) == "TF Boston, acting"
    assert _impulse(played.fork(at=17).state) == "TF Boston, after combat"
    assert _impulse(played.state) == "none"


def test_a_played_card_row_reads_its_title_once():
    # "3. play card: JCC played: Tactical Cyber Attack" said the card's play twice
    g = Lesson("appendix_b_turn1").run()
    rows = timeline(g)
    played = [r.label for r, st in zip(rows, g.history.steps) if st.action.KIND == "play_card"]
    assert played and all(not label.startswith("play card:") for label in played)
    assert "JCC played: Tactical Cyber Attack" in played
    us = [r.label for r, st in zip(timeline(g, "US"), g.history.steps) if st.action.KIND == "play_card"]
    assert "JCC played: Tactical Cyber Attack" in us
