"""One ``knows``: whether a team may know a unit, MILDEC, card, card marker or what a log line
is about is decided in ONE function, :func:`lcb_lab.games.lcb.observer.knows` (6.11, 9.02, 10.34,
12.2x, 13.37, 14.03); offers, refusals, log lines and views all ask it.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

import lcb_lab
from lcb_lab.games.lcb import handlers, observer
from lcb_lab.games.lcb.whatif import compare
from lcb_lab.kernel import explain
from lcb_lab import situation
from lcb_lab.games.lcb import actions as A
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.games.lcb.observer import knows
from lcb_lab.games.lcb.model.state import CardMarker
from lcb_lab.games.lcb.content.worked import ch10, ch14
from lcb_lab.kernel.datacodec import touched

INF_US, INF_RU = "usmc_infantry_platoon", "runi_naval_infantry_platoon"
VIEWERS = ("US", "RU", "instructor", None)
PKG = Path(lcb_lab.__file__).parent


def _stack():
    """US in F-2: Alpha face up, Bravo face down, MILDEC M1 face down; Ivan (RU) face down in K-10."""
    return situation([("Alpha", INF_US, "F-2", "TF Blue", True), ("Bravo", INF_US, "F-2", "TF Blue", False),
                      ("Ivan", INF_RU, "K-10", "TF Red")], markers={"M1": ("F-2", "TF Blue")})


def _who(state, subject) -> list[bool]:
    return [knows(state, v, subject) for v in VIEWERS]


# ------------------------------------------------------------------ each kind of subject
def test_a_unit_on_the_map_is_known_face_up_or_to_its_own_team():
    s = _stack().state
    assert _who(s, s.units["Alpha"]) == [True, True, True, True]
    assert _who(s, s.units["Bravo"]) == [True, False, True, True]
    assert _who(s, s.units["Ivan"]) == [False, True, True, True]


def test_a_destroyed_unit_is_known_only_if_it_was_destroyed_face_up():
    s = _stack().state
    s.units["Alpha"].destroyed = s.units["Bravo"].destroyed = True
    assert _who(s, s.units["Alpha"]) == [True, True, True, True]
    assert _who(s, s.units["Bravo"]) == [True, False, True, True]      # removed face down: stays unnamed


def test_an_enemy_unit_off_the_map_is_not_known_even_face_up():
    s = _stack().state
    s.units["Alpha"].hex = None                                          # e.g. aboard a landing craft (12.2)
    assert _who(s, s.units["Alpha"]) == [True, False, True, True]


def test_embarked_units_are_known_while_their_ship_is_face_up_on_the_map():
    g, _ = ch10.ex_10_311()
    s = g.state
    alpha, lhd = s.units["2 Alpha"], s.units["LHD 1"]
    assert alpha.embarked_on == "LHD 1" and not alpha.destroyed
    assert _who(s, alpha) == [True, True, True, True]                   # face up in the Embark Area (10.34)
    lhd.revealed = False
    assert _who(s, alpha) == [True, False, True, True]


def test_a_submarine_is_known_only_with_its_marker_on_the_map():
    g, _ = ch14.jin(roll=14)                                            # Kilo 1 not DETECTED: stays hidden
    s = g.state
    kilo = s.units["Kilo 1"]
    assert not kilo.revealed and _who(s, kilo) == [False, True, True, True]
    kilo.revealed = True                                                # its submarine marker placed (14.06)
    assert _who(s, kilo) == [True, True, True, True]


def test_a_mildec_is_known_face_up_or_to_its_own_team():
    s = _stack().state
    m = s.markers["M1"]
    assert _who(s, m) == [True, False, True, True]
    m.destroyed = True
    assert _who(s, m) == [True, False, True, True]                      # destroyed face down: still a back
    m.revealed = True
    assert _who(s, m) == [True, True, True, True]


def test_a_card_is_known_face_up_or_to_its_own_team():
    g, _ = ch10.ex_10_311()
    s = g.state
    by_name = {c.name: c for c in s.cards.values()}
    assert _who(s, by_name["MEU Rotary Attack"]) == [True, True, True, True]
    assert _who(s, by_name["Amphibious: LCU"]) == [True, False, True, True]
    assert _who(s, {"card": by_name["Amphibious: LCU"].cid}) == [True, False, True, True]


def test_a_card_marker_is_known_revealed_its_cargo_and_mines_only_to_its_team():
    s = _stack().state
    s.card_markers["ISR-1"] = CardMarker("ISR-1", "isr", "US", "C1", "F-3", revealed=False)
    touched(s, "card_markers")      # staged in place: the snapshot looks at the map again
    s.card_markers["MINE-1"] = CardMarker("MINE-1", "mine", "RU", "C2", "F-4", revealed=False)
    touched(s, "card_markers")      # staged in place: the snapshot looks at the map again
    isr = s.card_markers["ISR-1"]
    assert _who(s, isr) == _who(s, {"marker": "ISR-1"}) == [True, False, True, True]
    isr.revealed = True
    assert _who(s, isr) == [True, True, True, True]
    assert _who(s, {"cargo": "ISR-1"}) == [True, False, True, True]     # what a craft carries (12.2x)
    assert _who(s, {"cargo": "Alpha"}) == [True, False, True, True]     # what a ship carries (12.54)
    assert _who(s, {"mines": "MINE-1"}) == [False, True, True, True]    # 13.37
    assert _who(s, {"marker": "ISR-1", "cargo": "ISR-1"}) == [True, False, True, True]   # all of them


def test_cp_left_is_known_to_its_team_and_unknown_references_to_the_instructor_only():
    s = _stack().state
    assert _who(s, {"cp": "US"}) == [True, False, True, True]
    assert _who(s, {"unit": "Nobody"}) == [False, False, True, True]
    assert _who(s, {"cargo": "Nobody"}) == [False, False, True, True]
    with pytest.raises(TypeError, match="'hexes' is not one of unit, mildec, card, marker, cargo, mines, cp"):
        knows(s, "US", {"hexes": "F-2"})
    with pytest.raises(TypeError, match="cannot tell whether a team knows a int"):
        knows(s, "US", 42)


# ------------------------------------------------------------------ who asks it
def test_a_log_line_is_redacted_by_what_the_other_team_knows_when_it_is_logged():
    g = _stack()
    s = g.state
    s.card_markers["ISR-1"] = CardMarker("ISR-1", "isr", "US", "C1", "F-3", revealed=False)
    touched(s, "card_markers")      # staged in place: the snapshot looks at the map again
    ctx = g._ctx()
    ctx.log(explain.step("marker", "ISR-1 moves", "F-3 -> F-4", ["13.21"]), team="US", about={"marker": "ISR-1"})
    s.card_markers["ISR-1"].revealed = True
    ctx.log(explain.step("marker", "ISR-1 moves", "F-4 -> F-5", ["13.21"]), team="US", about={"marker": "ISR-1"})
    ctx.log(explain.step("transport", "ISR-1 carries Alpha", "aboard", ["12.05"]), team="US",
            about={"cargo": "ISR-1"})
    ru = [e["text"] for e in observer.redact_log(s.log[-3:], "RU")]
    us = [e["text"] for e in observer.redact_log(s.log[-3:], "US")]
    assert ru == ["F-4 -> F-5"]            # the face-down move stays hidden even after the reveal
    assert us == ["F-3 -> F-4", "F-4 -> F-5", "aboard"]
    assert "hidden" not in s.log[-1]["data"] and s.log[-1]["data"]["about"] == {"cargo": "ISR-1"}


def test_cp_left_is_in_the_view_of_its_own_team_only():
    g = situation([("Alpha", INF_US, "F-2", "TF Blue")], stage="planning", cp={"US": 12, "RU": 7})
    assert g.view("US")["cp"] == {"US": 12}
    assert g.view("RU")["cp"] == {"RU": 7}
    assert g.view("instructor")["cp"] == {"US": 12, "RU": 7}


def test_the_load_view_comes_from_the_observer():
    g, _ = ch10.ex_10_311()
    from lcb_lab.games.lcb.rules.embarking import embark
    load = embark.load(g._ctx(), "LHD 1")
    assert load["gpsv_units"] == 6
    assert observer.observe_load(g.state, load, "instructor") is load
    assert observer.observe_load(g.state, load, "RU")["cards"] == 3


# ------------------------------------------------------------------ leaks closed by asking knows
def test_leak_a_refusal_does_not_tell_that_a_face_down_counter_was_destroyed():
    """Naming the other team's counter destroyed face down is refused exactly like naming one
    that never existed (6.11); before, the refusal told it had been destroyed."""
    g = _stack()
    g.state.units["Bravo"].destroyed = True
    ctx = g._ctx()
    with pytest.raises(IllegalAction) as gone:
        handlers.check_names(ctx, "RU", ["Bravo"])
    with pytest.raises(IllegalAction) as never:
        handlers.check_names(ctx, "RU", ["Nobody"])
    assert (gone.value.rule, str(gone.value)) == ("6.11", str(never.value).replace("Nobody", "Bravo"))
    handlers.check_names(ctx, "US", ["Bravo"])                              # its own team names it
    g.state.units["Alpha"].destroyed = True
    handlers.check_names(ctx, "RU", ["Alpha"])                              # destroyed face up: public


def test_leak_naming_a_destroyed_face_down_counter_in_an_action_is_refused_as_unknown():
    g = situation([("Alpha", INF_US, "F-2", "TF Blue", True), ("Ivan", INF_RU, "F-3", "TF Red", True),
                   ("Olga", INF_RU, "F-4", "TF Red")], initiative="US")
    g.state.units["Olga"].destroyed = True
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("Alpha",)),)))
    with pytest.raises(IllegalAction) as e:
        g.apply(A.CommitCombat((A.LrsAttack("Alpha", "LRS1", "Olga", 1),)))
    assert (e.value.rule, str(e.value).split(": ", 1)[-1]) == (
        "7.32", "US sees no face-up enemy unit named 'Olga' to attack (concealed counters cannot be targeted)")


def test_compare_names_a_destroyed_enemy_as_knows_says():
    a = situation([("Alpha", INF_US, "F-2", "TF Blue"), ("Ivan", INF_RU, "K-10", "TF Red", True)])
    b = a.fork()
    b.state.units["Ivan"].destroyed = True
    assert [r.item for r in compare.compare(a, b, "US") if r.topic == "lost"] == ["Ivan"]
    b.state.units["Ivan"].revealed = False
    assert [r.item for r in compare.compare(a, b, "US") if r.topic == "lost"] == ["a concealed RU unit"]


# ------------------------------------------------------------------ the old ways do not come back
OLD = [
    (r"^(?!.*\b[uU]nit\().*(?<!\.)\bhidden\s*=\s*(True|not\b)",         # a unit made hidden (Force on Force, l.110) is not
     "a rule deciding who reads a log line (log what it is about: about=...)"),
    (r"def _knows\w*\(|def knows_unit\(|def card_public\(", "a second 'may this team know X' helper"),
    (r"def load_view\(", "the embark rules deciding a team's view of a load (observer.observe_load)"),
    (r"FORMS\s*(\[|\.setdefault|\.update)", "a module registering how the other team reads its log lines"),
]


@pytest.mark.parametrize("pattern,what", OLD, ids=[w.split(" (")[0] for _, w in OLD])
def test_the_old_ways_of_deciding_hidden_information_are_gone(pattern, what):
    found = [f"{p.relative_to(PKG)}:{i}" for p in sorted(PKG.rglob("*.py")) if p.name != "observer.py"
             for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if re.search(pattern, line)]
    assert found == [], f"{what}: {', '.join(found)}"


def test_naming_checks_read_no_face_of_a_counter_themselves():
    """The refusal checks and the lost-unit names ask ``knows``; none reads ``revealed`` or
    ``face_up`` to decide what a team may name."""
    import inspect
    for fn in (handlers.check_names, handlers.check_targets, handlers._seen_marker, handlers._named_unit, compare._lost_name):
        src = inspect.getsource(fn)
        assert ("observer.knows" in src or "_named_unit" in src) and ".revealed" not in src \
            and ".face_up" not in src, fn.__name__


def test_leak_the_13_34_mines_do_not_name_the_hidden_ship_they_sink():
    """13.34 ex.: RU's mines sink one of two face-down US ships.  RU read the hit as "A counter in
    C-2 takes 2 mine hit(s)" but then the destroyed line and the Influence Meter named DDG-51;
    now they say what RU knows.  The US and the instructor still read the name."""
    from lcb_lab.games.lcb.content.worked import ch13
    g, _ = ch13.ex_13_34()
    ru = ch13.lines(g, 0, "RU")
    assert not any("DDG-51" in line or "DDG-80" in line for line in ru), ru
    assert ru[-4:-1] == [
        "1 concealed counter destroyed: removed from play; counts 1 toward RU's kills for the Initiative Check",
        "Influence Meter 1 space toward RU: RU eliminated a concealed naval unit (meter +0 -> -1)",
        "A Naval MILDEC in C-2 absorbs 1 mine hit(s)"]
    us = ch13.lines(g, 0, "US")
    assert "DDG-51 destroyed: removed from play; counts 1 toward RU's kills for the Initiative Check" in us
    assert "Influence Meter 1 space toward RU: RU eliminated the naval unit DDG-51 (meter +0 -> -1)" in us


def test_a_unit_destroyed_face_up_is_named_to_everyone():
    from lcb_lab.games.lcb.rules.combat import sequence
    g = ch14.sea({"LHD 1": {"type": "usn_lhd", "hex": "D-6", "face_up": True},
                  "DDG-605": {"type": "rubf_ddg", "hex": "D-8"}})
    n = len(g.state.log)
    sequence.destroy(g._ctx(), g.state.units["LHD 1"], "RU")
    ru = [explain.render(e) for e in g.log_entries("RU", since=n)]
    assert ru == ["[4.21, 3.42] LHD 1 destroyed: removed from play; counts 1 toward RU's kills for the Initiative Check",
                  "[15.23] Influence Meter 1 space toward RU: RU eliminated the naval unit LHD 1 (meter +0 -> -1)"]
