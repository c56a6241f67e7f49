"""Hidden information, tried as the opponent would (3.03, 6.11, 6.21, 8.06).

One module (``lcb_lab.games.lcb.observer``) decides what each team reads of the log and
what its overlays are computed from.  These tests read the log as the other
team and look for names it may not know.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from lcb_lab.games.lcb import actions as A, observer
from lcb_lab import load_scenario, situation
from lcb_lab.kernel.errors import IllegalAction, UnknownName
from lcb_lab.games.lcb.model.state import GameState, Marker
from lcb_lab.ui.lcb.map import overlays as ov
from lcb_lab.kernel.datacodec import touched
from tests.conftest import pass_impulse

INF_US, INF_RU = "usmc_infantry_platoon", "runi_naval_infantry_platoon"


def _mixed_stack(**kw):
    """US stack in F-2: Alpha face up, Bravo face down; a RU platoon far away."""
    return situation([("Alpha", INF_US, "F-2", "TF Blue", True), ("Bravo", INF_US, "F-2", "TF Blue", False),
                      ("Ivan", INF_RU, "K-10", "TF Red")], **kw)


def test_leak1_moving_a_partly_concealed_stack_does_not_name_its_face_down_units():
    g = _mixed_stack()
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("Alpha", "Bravo")),)))
    g.apply(A.Move(1, ("F-3",)))
    ru = g.explained_log("RU")
    assert "Bravo" not in ru
    assert "Alpha" in ru and "F-2 -> F-3" in ru


def test_leak2_a_ground_zor_that_finds_enemies_does_not_name_the_concealed_unit_using_it():
    g = situation([("Scout", INF_US, "F-2", "TF Blue"), ("Ivan", INF_RU, "F-3", "TF Red")])
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("Scout",)),)))
    g.apply(A.ExerciseZor(1, "F-3"))
    assert g.result == ["Ivan"]
    ru = g.explained_log("RU")
    assert "Scout" not in ru
    assert "Ivan" in ru          # the revealed unit is face up now: everyone reads its name
    assert "Scout" in g.explained_log("US") and "Scout" in g.explained_log("instructor")


def test_leak3_concealing_a_mixed_stack_does_not_name_units_already_face_down():
    g = _mixed_stack()
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("move_conceal", ("Alpha", "Bravo")),)))
    g.apply(A.Conceal(1))
    ru = g.explained_log("RU")
    assert "Bravo" not in ru
    assert "Alpha" in ru         # RU saw Alpha face up; it sees it turned face down
    assert "Concealed: Alpha, Bravo" in g.explained_log("US")


# ------------------------------------------------------------------ the contract of a log entry
def test_redact_gives_the_full_entry_the_public_form_or_nothing():
    full = {"kind": "move", "title": "Move A", "text": "A moves", "rules": ["5.12"], "data": {"mp": 2},
            "turn": 1, "impulse": 2, "audience": ["US"],
            "public": {"title": "Move 1 concealed counter", "text": "it moves", "rules": ["5.12"], "data": {}}}
    assert observer.redact(full, "US") is full and observer.redact(full, "instructor") is full
    assert observer.redact(full, None) is full
    assert observer.redact(full, "RU") == {"kind": "move", "title": "Move 1 concealed counter", "text": "it moves",
                                           "rules": ["5.12"], "data": {}, "turn": 1, "impulse": 2}
    secret = {k: v for k, v in full.items() if k != "public"}
    assert observer.redact(secret, "RU") is None and observer.redact(secret, "US") is secret
    everyone = {k: v for k, v in full.items() if k not in ("public", "audience")}
    assert observer.redact(everyone, "RU") is everyone


def test_logs_saved_with_visible_to_and_public_copies_read_as_before():
    own = {"kind": "declare", "title": "t", "text": "full", "rules": [], "data": {}, "visible_to": ["RU"]}
    copy = {"kind": "declare", "title": "t", "text": "short", "rules": [], "data": {}, "visible_to": ["US"],
            "public_copy": True}
    assert [e["text"] for e in observer.redact_log([copy, own], "US")] == ["short"]
    assert [e["text"] for e in observer.redact_log([copy, own], "RU")] == ["full"]
    assert [e["text"] for e in observer.redact_log([copy, own], "instructor")] == ["full"]


def test_one_entry_per_event_and_no_visibility_decided_in_the_rules():
    g = _mixed_stack()
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("move_conceal", ("Alpha", "Bravo")),)))
    g.apply(A.Move(1, ("F-3",)))
    g.apply(A.Conceal(1))
    assert [e["kind"] for e in g.log] == ["impulse_start", "declare", "pass", "move", "conceal"]
    assert not any("visible_to" in e or "public_copy" in e for e in g.log)
    assert all(e["audience"] == ["US"] for e in g.log if e["kind"] in ("declare", "move", "conceal"))
    rules_dir = Path(observer.__file__).parent / "rules"
    assert not [p.name for p in rules_dir.glob("*.py") if "visible_to" in p.read_text(encoding="utf-8")]


# ------------------------------------------------------------------ the other team's view of each event
def test_declarations_point_at_concealed_counters_and_resupply_hides_its_location():
    g = load_scenario("gotland_redux")
    pass_impulse(g, "TF Memphis")
    g.apply(A.BeginImpulse("TF St. Petersburg"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("1 Tanya",)), A.CoreAction("move_resupply", ("Ivan Co",)))))
    us = [e["text"] for e in g.log_entries("US") if e["kind"] == "declare"]
    assert us == ["#1 Move and/or Initiate Combat: 1 concealed counter in AJ-24",
                  "#2 Move and/or Resupply: a unit (its location may stay hidden)"]
    inst = [e["text"] for e in g.log_entries("instructor") if e["kind"] == "declare"]
    assert inst == ["#1 Move and/or Initiate Combat: 1 Tanya in AJ-24", "#2 Move and/or Resupply: Ivan Co in AJ-22"]
    assert [e["text"] for e in g.log_entries("RU") if e["kind"] == "declare"] == inst


def test_a_face_up_counter_is_named_and_a_face_up_stack_is_declared_in_full():
    g = _mixed_stack()
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("Alpha", "Bravo")),)))
    assert [e["text"] for e in g.log_entries("RU") if e["kind"] == "declare"] == [
        "#1 Move and/or Initiate Combat: Alpha, 1 concealed counter in F-2"]
    g2 = situation([("Alpha", INF_US, "F-2", "TF Blue", True), ("Ivan", INF_RU, "K-10", "TF Red")])
    g2.apply(A.BeginImpulse("TF Blue"))
    g2.apply(A.Declare((A.CoreAction("move_combat", ("Alpha",)),)))
    g2.apply(A.Move(1, ("F-3",)))
    assert g2.explained_log("RU") == g2.explained_log("US")


def test_resupply_is_read_only_by_its_own_team():
    g = load_scenario("gotland_redux")
    pass_impulse(g, "TF Memphis")
    g.apply(A.BeginImpulse("TF St. Petersburg"))
    g.apply(A.Declare((A.CoreAction("move_resupply", ("Ivan Co",)),)))
    g.state.units["1 Tanya"].supply = {**g.state.units["1 Tanya"].supply, "LRS1": 2}
    g.apply(A.Resupply(1, "Ivan Co", "RV1", (A.Grant("1 Tanya", "LRS1", 1),)))
    us, ru = g.log_entries("US"), g.log_entries("RU")
    assert not [e for e in us if e["kind"] == "resupply"]
    assert [e["title"] for e in ru if e["kind"] == "resupply"] == ["RESUPPLY by Ivan Co (RV1)"]
    assert "Tanya" not in g.explained_log("US") and "Ivan" not in g.explained_log("US")


def test_a_landing_shows_backs_coming_ashore_not_their_names():
    g = load_scenario("gotland_redux")
    g.apply(A.ScriptedEffect(effect="disembark", from_="LHD 1", units=("1 Alpha", "2 Alpha", "1 Kilo"), hex="AL-23", card="Amphibious: LCU"))
    ru = [e for e in g.log_entries("RU") if e["kind"] == "effect"]
    assert [(e["title"], e["text"]) for e in ru] == [("3 concealed counters land in AL-23",
                                                     "from 1 concealed counter, face down")]
    assert "Alpha" not in g.explained_log("RU") and "Kilo" not in g.explained_log("RU")
    assert "1 Alpha, 2 Alpha, 1 Kilo disembark into AL-23" in g.explained_log("US")
    backs = [c for c in g.view("RU")["counters"] if c["hex"] == "AL-23"]
    assert len(backs) == 3 and all(c["back"] for c in backs)        # the map shows the same


def test_a_concealed_move_shows_the_backs_moving_without_name_or_mp():
    g = situation([("Bravo", INF_US, "F-2", "TF Blue"), ("Ivan", INF_RU, "K-10", "TF Red")])
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("Bravo",)),)))
    g.apply(A.Move(1, ("F-3", "F-4")))
    ru = [e for e in g.log_entries("RU") if e["kind"] == "move"]
    assert [(e["title"], e["text"], e["data"]) for e in ru] == [
        ("Move 1 concealed counter", "1 concealed counter moves F-2 -> F-3 -> F-4", {"path": ["F-2", "F-3", "F-4"]})]
    us = [e for e in g.log_entries("US") if e["kind"] == "move"]
    assert us[0]["text"] == "Bravo move F-2 -> F-3 -> F-4 for 2 MP (stack MP 3)"


def test_a_face_down_mildec_moving_alone_reads_like_a_face_down_unit():
    def ru_log(units, markers, action):
        g = situation(units + [("Ivan", INF_RU, "K-10", "TF Red")], markers=markers)
        g.apply(A.BeginImpulse("TF Blue"))
        g.apply(A.Declare((action,)))
        g.apply(A.Move(1, ("F-7",)))
        return [(e["title"], e["text"]) for e in g.log_entries("RU")]
    mildec = ru_log([("Inf", INF_US, "A-1", "TF Blue")], [Marker("M1", "mildec", "US", "TF Blue", "F-6")],
                    A.CoreAction("move_conceal", markers=("M1",)))
    unit = ru_log([("Inf", INF_US, "A-1", "TF Blue"), ("Bravo", INF_US, "F-6", "TF Blue")], [],
                  A.CoreAction("move_conceal", ("Bravo",)))
    assert mildec == unit
    assert ("Move 1 concealed counter", "1 concealed counter moves F-6 -> F-7") in mildec


def test_a_ground_zor_finding_nothing_and_a_conceal_of_face_down_units():
    g = situation([("Scout", INF_US, "F-2", "TF Blue"), ("Ivan", INF_RU, "K-10", "TF Red")])
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("move_conceal", ("Scout",)),)))
    g.apply(A.ExerciseZor(1, "F-3"))
    assert g.result == []
    g.apply(A.Conceal(1))
    ru = [(e["kind"], e["text"]) for e in g.log_entries("RU")]
    assert ("zor", "1 concealed counter in F-2 look into F-3: no enemy ground unit there") in ru
    assert "conceal" not in [k for k, _ in ru]     # nothing the other team could see changed
    assert "Scout in F-2 look into F-3" in g.explained_log("US")


def test_the_other_teams_log_survives_save_and_load():
    g = _mixed_stack()
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("move_conceal", ("Alpha", "Bravo")),)))
    g.apply(A.Move(1, ("F-3",)))
    g.apply(A.Conceal(1))
    saved = GameState.from_dict(json.loads(json.dumps(g.state.to_dict())))
    assert saved.log == g.log
    assert observer.redact_log(saved.log, "RU") == g.log_entries("RU")


# ------------------------------------------------------------------ queries from a team's knowledge
def _with_back(kind: str, hx: str, extra=()):
    """A game where hex ``hx`` holds one face-down RU counter: a unit or a MILDEC."""
    units = [("Inf", INF_US, "F-2", "TF Blue"), ("Log", "usmc_logistics_company", "F-2", "TF Blue")] + list(extra)
    markers = []
    if kind == "unit":
        units.append(("Ivan", INF_RU, hx, "TF Red"))
    else:
        markers.append(Marker("M9", "mildec", "RU", "TF Red", hx))
    units.append(("Far", INF_RU, "L-12", "TF Red"))
    return situation(units, markers=markers)


def test_reach_and_resupply_reach_are_the_same_for_a_face_down_mildec_and_a_face_down_unit():
    unit, mildec = _with_back("unit", "F-3"), _with_back("mildec", "F-3")
    assert unit.movement_reach(["Inf"], viewer="US") == mildec.movement_reach(["Inf"], viewer="US")
    assert unit.resupply_reach("Log", "RV1", viewer="US") == mildec.resupply_reach("Log", "RV1", viewer="US")
    # a move's stops are what the mover knows (5.18, 6.11): a back stops the planning in the truth too
    assert unit.movement_reach(["Inf"]) == mildec.movement_reach(["Inf"]) == unit.movement_reach(["Inf"], viewer="US")
    # a RESUPPLY path's blocks are what the resupplying team knows too (8.05, 6.11): a back blocks in the truth
    assert unit.resupply_reach("Log", "RV1") == mildec.resupply_reach("Log", "RV1") == unit.resupply_reach("Log", "RV1", "US")
    assert "F-3" not in mildec.resupply_reach("Log", "RV1")


def test_a_path_from_a_teams_knowledge_is_legal_in_the_true_state():
    g = _with_back("mildec", "F-3")
    path = g.path_to(["Inf"], "F-4", viewer="US")               # US sees a back that may stop it (5.18)
    assert path == ["E-2", "E-3", "F-4"] == g.path_to(["Inf"], "F-4")   # the truth: the mover's stops (6.11)
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("Inf",)),)))
    g.apply(A.Move(1, path))
    assert g.unit("Inf").hex == "F-4"


def test_the_intercept_umbrella_is_the_same_for_a_face_down_mildec_and_a_face_down_interceptor():
    shooter = [("Grad", "runi_mlrs_section", "F-9", "TF Red", True), ("Alpha", INF_US, "F-6", "TF Blue", True)]
    unit = situation(shooter + [("Shield", "usmc_iamd_section", "F-5", "TF Blue")])
    mildec = situation(shooter, markers=[Marker("M1", "mildec", "US", "TF Blue", "F-5")])
    ru_unit, ru_mildec = (g.intercept_umbrella("Grad", "Alpha", viewer="RU") for g in (unit, mildec))
    assert ru_unit == ru_mildec
    assert [(o["uid"], o["hidden"], o["hex"], o["close_enough"]) for o in ru_unit] == [
        ("hidden:F-5:0", True, "F-5", True)]
    assert [o["uid"] for o in unit.intercept_umbrella("Grad", "Alpha")] == ["Shield"]
    assert unit.intercept_umbrella("Grad", "Alpha", viewer="US") == unit.intercept_umbrella("Grad", "Alpha")
    # the lab draws the same thing and says the same for both
    assert ov.umbrella_markers(unit, "Grad", "Alpha", viewer="RU") == ov.umbrella_markers(mildec, "Grad", "Alpha",
                                                                                        viewer="RU")
    assert "Concealed" in ov.umbrella_markers(mildec, "Grad", "Alpha", viewer="RU")["hidden_note"]


def test_a_team_cannot_probe_names_it_does_not_see():
    g = _with_back("unit", "F-3")
    with pytest.raises(UnknownName) as hidden:
        g.movement_reach(["Ivan"], viewer="US")
    with pytest.raises(UnknownName) as nobody:
        g.movement_reach(["Ghost"], viewer="US")
    assert str(hidden.value).replace("Ivan", "X") == str(nobody.value).replace("Ghost", "X")


def test_a_combined_arms_movement_of_face_down_units_names_none_of_them_to_the_other_team():
    """The 5.13 split is logged with facts; the observer decides (it named both units to RU before)."""
    g = situation([("W", "usmc_himars_section", "F-8", "TF Blue"), ("Inf", "usmc_infantry_platoon", "F-8", "TF Blue")])
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("W", "Inf")),)))
    g.apply(A.Move(1, ("F-7",), units=("Inf",)))
    ru = g.explained_log("RU")
    assert "1 concealed counter stay while 1 concealed counter move on" in ru
    assert " W " not in ru and "W," not in ru and "Inf" not in ru
    assert "W stay" in g.explained_log("US") and "W stay" in g.explained_log("instructor")


def test_a_refusal_never_tells_whether_a_hidden_counter_exists_where_it_is_or_what_it_is():
    """Found by a review: naming a face-down, an embarked and a non-existent enemy unit gave three
    different messages (its hex, 'not on the map', 'no unit named'); now one message for all."""
    from lcb_lab.games.lcb import actions as A
    from lcb_lab.games.lcb.content.lesson import Lesson
    les = Lesson("appendix_b_combat")
    steps = les.steps()
    while les.game.state.tf_order != ["TF Memphis"] or les.game.state.impulse is not None:
        next(steps)
    g = les.game                          # after the US landing: 1 Alpha ashore face down, 4 Alpha embarked
    g.apply(A.BeginImpulse("TF Moscow"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("1 Zhuk",)),)))
    hidden = [u.uid for u in g.state.units.values() if u.team == "US" and not u.revealed and not u.destroyed]
    assert any(g.state.units[u].hex is None for u in hidden) and any(g.state.units[u].hex for u in hidden)
    messages = set()
    for target in hidden + ["Nobody"]:
        for act in (A.CommitCombat(ga=(A.GroundAssault("1 Zhuk", target, 1),)),
                    A.CommitCombat(lrs=(A.LrsAttack("1 Zhuk", "LRS1", target, 1),))):
            with pytest.raises(IllegalAction) as e:
                g.apply(act)
            messages.add((e.value.rule, e.value.reason.replace(repr(target), "<name>")))
    assert messages == {("7.13", "RU sees no face-up enemy unit named <name> to attack (concealed counters cannot be targeted)"),
                        ("7.32", "RU sees no face-up enemy unit named <name> to attack (concealed counters cannot be targeted)")}


def test_backs_do_not_tell_which_counter_they_are_by_their_place_or_kind():
    """Found by a review: backs were listed (and numbered) in the scenario file's order, so the
    other team could tell which of a stack's counters moved; hidden MILDECs were listed apart."""
    import lcb_lab
    from lcb_lab.games.lcb.observer import observe
    from lcb_lab.games.lcb.model.state import Marker
    units = {"A": ("runi_naval_infantry_platoon", "F-5"), "B": ("runi_naval_infantry_platoon", "F-5"),
             "C": ("runi_naval_infantry_platoon", "F-6")}
    g = lcb_lab.situation(units=units)
    g.state.markers["M1"] = Marker("M1", "mildec", "RU", "TF Red", "F-5")
    touched(g.state, "markers")      # staged in place: the snapshot looks at the map again
    reordered = lcb_lab.situation(units=dict(reversed(list(units.items()))))
    reordered.state.markers["M1"] = Marker("M1", "mildec", "RU", "TF Red", "F-5")
    touched(reordered.state, "markers")      # staged in place: the snapshot looks at the map again
    us = observe(g.state, g.catalog, "US")
    assert us["markers"] == [] and [c["id"] for c in us["counters"]] == ["hidden:F-5:0", "hidden:F-5:1",
                                                                         "hidden:F-5:2", "hidden:F-6:0"]
    assert observe(reordered.state, g.catalog, "US") == us            # the file order leaves no trace
    from lcb_lab.games.lcb.observer import _backs
    assert {c.uid if hasattr(c, "uid") else c.mid for _, c in _backs(g.state, "US")} == {"A", "B", "C", "M1"}
