"""Secrets kept by construction: offers, pauses and undo permissions are computed from what the
acting team knows, never from the hidden state (3.03, 6.11, 9.02, 14.03).

Each test builds a pair of worlds that differ only in a fact one team cannot see, asserts that
the team's own view (map and log) is the same in both, and then that what the game offers it,
whether it pauses, and whether (and with which words) it may undo are the same too; the
instructor still sees the difference.
"""
from __future__ import annotations

from lcb_lab import situation
from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.content.worked.ch14 import B, R, SSK, SSN, sea
from lcb_lab.games.lcb.legal_cards import seen_enemy_hexes
from lcb_lab.games.lcb.legal_templates import Template
from lcb_lab.games.lcb.whatif.timeline import tells_of_other_side, undo_allowed
TOLD = "the last step told your team something about the other side"

INF_US, INF_RU = "usmc_infantry_platoon", "runi_naval_infantry_platoon"


def _seen(g, team: str) -> tuple:
    """What ``team`` reads of ``g``: its view and its whole log."""
    return g.view(team), g.log_entries(team)


def _card_plays(g) -> list[A.PlayCard]:
    la = g.legal_actions()
    return [a for a in la if isinstance(a, A.PlayCard)] + \
        [o for t in la if isinstance(t, Template) and t.kind == "play_card" for o in t.options]


# ---------------------------------------------------------------- leak 1: card hex targets
def _asw_world(kilo_hex: str):
    """US plays P-8A (hex-target card ASW, 14.15); a face-up RU frigate in E-3 and an
    unrevealed RU Kilo (seen by nobody but RU, 14.03) in ``kilo_hex``."""
    g = sea({"DDG": ("usn_ddg_51", "A-1", B), "Kilo 1": (SSK, kilo_hex, R),
             "FFG": {"type": "rubf_ffg_gorshkov", "hex": "E-3", "task_force": R, "face_up": True}},
            cards={"US": ["P-8A: Surveillance"]}, seed=13)
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("play_jcc", (), "P-8A: Surveillance"),)))
    return g


def test_card_hex_targets_do_not_pinpoint_a_hidden_submarine():
    a, b = _asw_world("E-5"), _asw_world("E-7")
    assert _seen(a, "US") == _seen(b, "US")
    assert a.view("instructor") != b.view("instructor")
    offers = [(p.card, p.option, p.targets, p.hex) for p in _card_plays(a)]
    assert offers == [(p.card, p.option, p.targets, p.hex) for p in _card_plays(b)]
    assert offers == [("US-1", "deploy", (), None), ("US-1", "A", (), "E-3"), ("US-1", "B", (), "E-3")]   # 9.21
    assert seen_enemy_hexes(a, "US") == ["E-3"]
    assert seen_enemy_hexes(a, "RU") == ["A-1"]


def test_a_lone_mildec_back_is_a_hex_target_like_a_unit_back():
    """6.11: a face-down MILDEC and a face-down unit look alike, so both hexes are offered."""
    from lcb_lab.games.lcb.model.state import Marker
    g = situation([("Scout", INF_US, "F-2", "TF Blue"), ("Ivan", INF_RU, "F-5", "TF Red")],
                  markers=[Marker("M1", "mildec", "RU", "TF Red", "H-3")])
    assert seen_enemy_hexes(g, "US") == ["F-5", "H-3"]
    g.state.markers["M1"].destroyed = True
    assert seen_enemy_hexes(g, "US") == ["F-5"]


# ---------------------------------------------------------------- leak 2: the INTERCEPT pause
def _lrs_world(back_supply: int, back_hex: str = "A-5"):
    """US DDG in A-1 fires 2 LRS dice at a face-up RU frigate in A-4 that has no INTERCEPT
    supply left; a face-down RU frigate in ``back_hex`` holds ``back_supply`` INTERCEPT cubes."""
    g = sea({"DDG": {"type": "usn_ddg_51", "hex": "A-1", "task_force": B},
             "FFG T": {"type": "rubf_ffg_gorshkov", "hex": "A-4", "task_force": R, "face_up": True,
                       "supply": {"INT1": 0}},
             "FFG X": {"type": "rubf_ffg_gorshkov", "hex": back_hex, "task_force": R,
                       "supply": {"INT1": back_supply}}}, seed=3)
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_combat", ("DDG",)),)))
    g.apply(A.CommitCombat(lrs=(A.LrsAttack("DDG", "LRS1", "FFG T", 2),)))
    return g


def _pause(g) -> tuple:
    return g.to_act(), None if g.pending is None else g.pending.name


def test_the_intercept_pause_is_the_same_whether_the_back_has_intercept_supply():
    a, b = _lrs_world(8), _lrs_world(0)
    assert _seen(a, "US") == _seen(b, "US")
    assert a.view("instructor") != b.view("instructor")
    assert _pause(a) == _pause(b) == ("RU", "INTERCEPT")
    assert a.legal_actions("US") == b.legal_actions("US") == []
    # the defender's options stay its true eligible interceptors
    opts = lambda g: [(o.uid, o.eligible) for t in g.pending.options.targets for o in t.interceptors]  # noqa: E731
    assert opts(a) == [("FFG T", False), ("FFG X", True)]
    assert opts(b) == [("FFG T", False), ("FFG X", False)]
    assert A.Answer() in b.legal_actions("RU") and len(b.legal_actions("RU")) == 1
    b.apply(A.AnswerIntercept(()))
    assert b.to_act() == "chance"


def test_no_pause_when_the_attacker_can_rule_every_interceptor_out():
    """A back 8 hexes from the target (RU's widest INTERCEPT range is 4) and a face-up target
    without supply: nothing can intercept, in either world -- the game rolls at once."""
    a, b = _lrs_world(8, "A-12"), _lrs_world(0, "A-12")
    assert _seen(a, "US") == _seen(b, "US")
    assert _pause(a) == _pause(b) == ("chance", None)


# ---------------------------------------------------------------- leak 3: undo after looking
def _zor_world(ivan_hex: str):
    g = situation([("Scout", INF_US, "F-2", "TF Blue"), ("Ivan", INF_RU, ivan_hex, "TF Red")])
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("Scout",)),)))
    return g


def test_a_zor_is_not_undone_by_its_team_whether_it_found_something_or_nothing():
    found, empty = _zor_world("F-3"), _zor_world("K-10")
    assert undo_allowed(found, "US") == undo_allowed(empty, "US") == \
        (True, "your own last step, before anyone else has answered")      # the declaration
    for g in (found, empty):
        g.apply(A.ExerciseZor(1, "F-3"))
    assert found.result == ["Ivan"] and empty.result == []
    assert undo_allowed(found, "US") == undo_allowed(empty, "US") == \
        (False, "the last step told your team something about the other side") == (False, TOLD)
    assert undo_allowed(found, "instructor") == undo_allowed(empty, "instructor") == \
        (True, "the instructor may undo any step")
    empty.undo()                                   # the instructor's undo (the lab gates the teams')
    assert empty.history.cursor == 2


def _sub_zor_world(ddg_hex: str):
    """A US SSN moves to F-3 and uses its 1-hex ZOR (14.09); an RU DDG is in ``ddg_hex``."""
    g = sea({"SSN": (SSN, "C-3", B), "DDG": ("rubf_ddg", ddg_hex, R)}, forced=[20])   # the ZOR's DETECT die
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_combat", ("SSN",)),)))
    g.apply(A.Move(1, ("D-3", "E-3", "F-3")))
    assert undo_allowed(g, "US") == (True, "your own last step, before anyone else has answered")
    g.apply(A.SubmarineZor(1, "SSN"))
    return g


def test_a_submarine_zor_is_not_undone_whether_it_found_a_ship_or_nothing():
    found, empty = _sub_zor_world("G-3"), _sub_zor_world("H-12")
    assert found.unit("DDG").revealed and not empty.unit("DDG").revealed
    assert undo_allowed(found, "US") == undo_allowed(empty, "US") == (False, TOLD)
    assert undo_allowed(empty, "instructor") == (True, "the instructor may undo any step")


def test_a_submarine_zor_that_rolls_detect_reads_like_one_that_does_not():
    """14.09: the ZOR rolls its DETECT die whether or not an enemy submarine is in reach; the
    refusal is the same words either way (not "the last step rolled dice")."""
    g = sea({"SSN": (SSN, "C-3", B), "DDG": ("rubf_ddg", "H-12", R), "Kilo": (SSK, "G-3", R)}, forced=[20])
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_combat", ("SSN",)),)))
    g.apply(A.Move(1, ("D-3", "E-3", "F-3")))
    g.apply(A.SubmarineZor(1, "SSN"))
    assert g.history.steps[-1].dice and g.dice.forced_left == 0
    assert undo_allowed(g, "US") == undo_allowed(_sub_zor_world("H-12"), "US") == (False, TOLD)


def test_an_own_move_stays_undoable():
    g = _zor_world("K-10")
    g.apply(A.Move(1, ("F-3",)))
    assert undo_allowed(g, "US") == (True, "your own last step, before anyone else has answered")


def test_tells_of_other_side_reads_the_entry_facts():
    g = _zor_world("F-3")
    s = g.state
    zor = {"kind": "zor", "title": "t", "text": "", "rules": [], "data": {"team": "US", "units": [{"uid": "Scout"}]}}
    own = dict(zor, kind="move")
    enemy = dict(own, data={"team": "US", "units": [{"uid": "Ivan", "up": True}]})
    assert [tells_of_other_side(s, e, "US") for e in (zor, own, enemy)] == [True, False, True]
    assert [tells_of_other_side(s, e, "instructor") for e in (zor, own, enemy)] == [False] * 3
    hidden = dict(own, audience=["RU"], data={"team": "RU"})          # RU-only: US reads nothing of it
    assert tells_of_other_side(s, hidden, "US") is False
