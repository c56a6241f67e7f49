"""The lab app, driven through its Python callbacks and widgets (no browser)."""
from __future__ import annotations

import json

import ipywidgets as W
import pytest

from lcb_lab import load_scenario
from lcb_lab.games.lcb.content.lesson import Lesson, summary
from lcb_lab.ui.lcb.map import overlays as ov
from lcb_lab.ui import LabApp, open_lab
from lcb_lab.ui.lcb import panels
from tests.conftest import widget_states
from tests.widgets.conftest import on_page
from lcb_lab.games.lcb import actions as A


@pytest.fixture
def app():
    return LabApp(load_scenario("gotland_redux", seed=1))


def _state(game) -> str:
    return json.dumps(game.state.to_dict(), sort_keys=True, default=str)


def _text(markup: str) -> str:
    import html
    import re
    return html.unescape(re.sub(r"<[^>]+>", "", markup))


def test_layout_map_first_then_panels(app):
    from jupyter_bokeh.widgets import BokehModel
    assert isinstance(app.widget, W.HBox)
    grid = app.widget.children[1]                            # top bar, side column, map, right column
    assert grid is app.grid and grid.children[2] is app.map_box
    assert isinstance(app.map_box.children[0], BokehModel)   # the first Bokeh canvas of the page is the map
    assert app.map_model._model is app.map.figure
    assert "lcb-hex-info" in app.hex_info._dom_classes
    assert "Click a hex" in app.hex_info.value


def test_tap_on_al23_names_the_hex(app):
    x, y = ov.hex_centre("AL-23")
    app.map.tap(x, y)
    text = _text(app.hex_info.value)
    assert "Hex AL-23" in text
    assert "MP colour" in text and "Land" in text and "Terrain" in text
    assert app.last_hex == "AL-23" and app.map.selected_hex == "AL-23"
    assert len(app.map.sources["selected"].data["xs"]) == 1
    app.map.tap(x, y)                                        # idempotent: the same tap twice
    assert "Hex AL-23" in _text(app.hex_info.value)


def test_hex_info_respects_the_view(app):
    app.set_team("US")
    app.select_hex("AL-21")
    text = _text(app.hex_info.value)
    assert "3 concealed counter(s)" in text and "Anna" not in text
    assert app.unit_picker.options == ()
    app.set_team("instructor")
    text = _text(app.hex_info.value)
    assert "1 Anna" in text and "2 Anna" in text and "concealed" in text
    assert app.view_picker.value == "instructor"


def test_switching_view_redraws_counters(app):
    app.view_picker.value = "US"
    data = app.map.sources["counters"].data
    assert "1 Anna" not in data["uid"] and "DDG-51" in data["uid"]
    app.view_picker.value = "RU"
    data = app.map.sources["counters"].data
    assert "1 Anna" in data["uid"] and "DDG-51" not in data["uid"]
    assert app.team == "RU"


def test_unit_panel_marks_sandbox_values(app):
    app.select_hex("AL-29")
    assert app.selected_uid == "DDG-51" and app.unit_picker.value == "DDG-51"
    html = app.unit_panel.value
    t = app.game.utype("DDG-51")
    assert t.source("hp").startswith("sandbox")
    assert "lcb-sandbox" in html and "\u2020" in html
    assert "sandbox value \u2014 not in the rulebook text; check against your counters" in html
    assert 'title="rulebook 7.41"' in html                    # LRS CV 14 with its rulebook reference
    assert "LRS1" in html and "INT1" in html and "\u221e" in html
    # overlays for the selected unit are on the map and named in the panel
    d = app.map.sources["overlays"].data
    assert any(lab.startswith("Movement reach of DDG-51") for lab in d["label"])
    assert "infinite range" in app.overlay_note.value


def test_umbrella_in_the_instructor_view(app):
    app.game.apply(A.ScriptedEffect(effect="reveal", units=("1 Anna",)))
    app.refresh()
    app.select_hex("AL-29")
    assert "1 Anna" in [o[1] for o in app.umbrella_picker.options]
    app.umbrella_picker.value = "1 Anna"
    u = app.map.sources["umbrella"].data
    assert "FFG-454" in u["label"]
    assert "FFG-454" in app.overlay_note.value
    note = _text(app.overlay_note.value)
    assert "2 Anna INT1 of Pantsir-SM: IAMD:" in note and "RU-3" not in note      # the card's name, not its id


def _start_boston(app):
    app.game.apply(A.ScriptedEffect(effect="reveal", units=("1 Anna",)))
    p = app.impulse_panel
    app.refresh()
    assert "TF Boston" in p.tf.options
    p.tf.value = "TF Boston"
    p.begin_button.click()
    assert app.game.impulse is not None and app.game.impulse.task_force == "TF Boston"
    p.kind.value = "move_combat"
    p.units.value = ("DDG-51",)
    p.add_decl.click()
    p.declare_button.click()
    assert app.game.impulse.phase == "act", app.message.value
    return p


def test_full_combat_flow_through_the_widgets(app):
    p = _start_boston(app)
    p.shooter.value, p.slot.value, p.target.value, p.dice.value = "DDG-51", "LRS1", "1 Anna", 4
    assert "P(destroyed)" in p.preview.value                 # live exact odds before adding the row
    expected = app.game.preview_lrs([{"shooter": "DDG-51", "slot": "LRS1", "target": "1 Anna", "dice": 4}])
    assert f"{expected['1 Anna']['p_destroy'] * 100:.1f}%" in p.preview.value
    assert "0 HP lost 0.8%, 1 HP lost 7.6%, 2 HP lost 91.6%" in _text(p.preview.value)   # HP lost, not HP left
    assert 'aria-label="HP lost: none 1%, 1 HP 8%, 2 HP 92%"' in p.preview.value          # and its small bar plot
    p.add_lrs_button.click()
    assert p.lrs_rows == [{"shooter": "DDG-51", "slot": "LRS1", "target": "1 Anna", "dice": 4}]
    p.commit_button.click()
    pending = app.game.pending
    assert pending is not None and pending.team == "RU" and pending.kind == "intercept"
    assert app.decision.visible
    assert "Decision for" in app.decision.header.value and "Red (RU)" in app.decision.header.value
    # in the instructor view the options are shown: FFG-454 may intercept, DDG-605 is out of range
    body = " ".join(w.value for w in app.decision.body.children if isinstance(w, W.HTML))
    body += " ".join(c.value for w in app.decision.body.children if isinstance(w, W.HBox)
                     for c in w.children if isinstance(c, W.HTML))
    assert "FFG-454" in body and "out of range" in body
    assert "2 Anna INT1 of Pantsir-SM: IAMD CV 12" in _text(body) and "RU-3" not in body   # the card's name, not its id
    odds = _text(app.decision._odds["1 Anna"].value)
    assert "0 HP lost 0.8%, 1 HP lost 7.6%, 2 HP lost 91.6%" in odds, odds
    assert 'aria-label="HP lost: none 1%, 1 HP 8%, 2 HP 92%"' in app.decision._odds["1 Anna"].value
    policies = [b.description for b in app.decision.policy_box.children]
    assert policies == ["Never INTERCEPT", "INTERCEPT to match the incoming dice"]
    assert [b.policy for b in app.decision.policy_box.children] == ["no_intercept", "match_incoming"]
    assert not any("_" in b.description + b.tooltip for b in app.decision.policy_box.children)
    next(b for b in app.decision.policy_box.children if b.description == "INTERCEPT to match the incoming dice").click()
    assert _text(app.message.value) == ("Red (RU) answered (INTERCEPT to match the incoming dice): 2 Anna "
                                        "(INT1 of Pantsir-SM: IAMD) INTERCEPT (4 dice) against the LRS at 1 Anna (7.54).")
    assert app.game.pending is None and not app.decision.visible
    p.resolve_button.click()
    assert app.game.impulse.phase == "combat_done", app.message.value
    log = _text(app.log.value)
    # match_incoming answers with 2 Anna's Attached Pantsir-SM (same hex, 7.53; gotland_redux's cards)
    assert "7.02" in log and "LRS: DDG-51 -> 1 Anna" in log and "INTERCEPT allocated: 2 Anna" in log
    p.end_button.click()
    assert app.game.impulse is None


def test_decision_details_are_hidden_from_the_other_team(app):
    p = _start_boston(app)
    app.set_team("US")
    p.add_lrs("DDG-51", "LRS1", "1 Anna", 4)
    p.commit_button.click()
    assert app.decision.visible
    shown = " ".join(getattr(w, "value", "") for w in app.decision.body.children if isinstance(w, W.HTML))
    assert "FFG-454" not in shown and "Only Red (RU) sees" in shown
    hand_over = next(w for w in app.decision.body.children if isinstance(w, W.Button))
    hand_over.click()
    assert app.team == "RU" and app.view_picker.value == "RU"
    app.decision.set_dice({("FFG-454", "1 Anna"): 2})
    assert app.decision.value() == [{"interceptor": "FFG-454", "slot": "INT1", "target": "1 Anna", "dice": 2}]
    app.decision.answer_button.click()
    assert app.game.pending is None
    assert "INTERCEPT allocated: FFG-454 for 1 Anna: 2 INT1 dice" in _text(app.log.value)


def test_illegal_declaration_is_refused_in_red_and_changes_nothing(app):
    p = app.impulse_panel
    app.begin_impulse("TF Boston")
    for uid in ("DDG-51", "DDG-80", "DDG(X)-106"):
        p.add_declaration("move_combat", [uid])
    before = _state(app.game)
    # the builder offers no fourth action on 3 AP: refused in red, naming the rule (offers)
    assert len(p.add_declaration("move_combat", ["DDG-51"])) == 3
    assert "3.32" in app.message.value and "lcb-refused" in app.message.value and "Nothing added" in app.message.value
    # the same declaration sent from code is refused by the engine, in red, and changes nothing
    app.declare(list(p.pending_decl) + [{"kind": "move_combat", "units": ["DDG-51"]}])
    assert _state(app.game) == before
    assert "3.32" in app.message.value and "lcb-refused" in app.message.value
    assert "Nothing changed" in app.message.value
    assert "3.32" in app.log.value and "lcb-refused" in app.log.value
    # the builder kept its rows: the declaration is declared as built
    p.declare_button.click()
    assert app.game.impulse.phase == "act"


def test_move_to_the_clicked_hex(app):
    _start_boston(app)
    app.select_hex("AL-27")
    p = app.impulse_panel
    assert p.move_button.description == "Move to AL-27"
    path = app.game.path_to(["DDG-51"], "AL-27")
    p.action.value = 1
    p.move_button.click()
    assert app.game.unit("DDG-51").hex == "AL-27"
    assert f"-> {path[-1]}" in app.game.explained_log() or "AL-27" in app.game.explained_log()
    x, y = ov.hex_centre("AL-27")
    data = app.map.sources["counters"].data
    i = data["uid"].index("DDG-51")
    assert data["hex"][i] == "AL-27" and abs(data["x"][i] - x) < 5


def test_log_panel_shows_what_explained_log_shows():
    g = Lesson("appendix_b_combat").run()
    for team in ("US", "RU", "instructor"):
        assert panels.render_entries_text(panels.visible_entries(g, team)) == g.explained_log(team)


def test_lesson_replay_step_by_step_matches_the_lesson(app):
    app.load_lesson("appendix_b_combat")
    assert not app.lesson_next.disabled
    first = app.step()
    assert first is not None and "begins" in first.title
    assert "Step 1" in app.lesson_info.value
    text = app.step_text()
    assert text.startswith("Step 2") and "3.03" in text
    stops = []
    for _ in range(3):                      # Run all stops after each checkpoint step (two in impulse 3)
        app.lesson_all.click()
        last = app.lesson_panel.last_step
        stops.append(last[1].checkpoint if last else "finished")
    assert stops == ["ch07.intercept-units", "ch07.anna-survives", "finished"]
    assert app.lesson_next.disabled and "finished" in app.lesson_info.value
    assert summary(app.game) == summary(Lesson("appendix_b_combat").run())
    assert "7.57" in app.log.value
    assert "2 Anna" not in app.map.sources["counters"].data["uid"]       # destroyed in impulse 3


def test_open_lab_convenience():
    lab = open_lab("gotland_redux", seed=3, team="US")
    assert lab.team == "US" and lab.view_picker.value == "US"
    assert lab.game.dice is not None


def test_open_lab_takes_a_game_passed_positionally():
    g = load_scenario("gotland_redux", seed=5)
    g.apply(A.BeginImpulse("TF Boston"))
    lab = open_lab(g)                                # as open_lab(game=g): that game, not a fresh one
    assert lab.game is g and lab.game.impulse.task_force == "TF Boston"
    assert lab.team == "instructor"


def _patches(model, monkeypatch) -> list[dict]:
    """The PATCH-DOC contents ``model`` sends from now on (one dict per patch message)."""
    got: list[dict] = []
    real = model.send

    def send(content, buffers=None):
        payload = content.get("payload")
        if isinstance(payload, str) and '"events"' in payload:
            got.append(json.loads(payload))
        return real(content, buffers)
    monkeypatch.setattr(model, "send", send)
    return got


def test_the_map_is_held_until_a_view_renders_then_patched_not_repainted(app, monkeypatch):
    m = app.map_model
    assert m.views_ready == 0 and not m.stale       # made after the lab's first drawing: the bundle is the map
    patches = _patches(m, monkeypatch)
    app.select_hex("AL-29")                          # no view yet: nothing is sent (it would be lost) ...
    assert m.stale and patches == []
    m.before_display()                               # ... displaying the lab brings the bundle up to date
    assert not m.stale and "Movement reach of DDG-51" in json.dumps(m.render_bundle)
    bundles = m.bundles
    app.select_hex("AJ-24")                          # a change after the display, before the view rendered
    from bokeh.events import DocumentReady
    m._document.callbacks.trigger_event(DocumentReady())     # BokehJS: the first view has rendered
    assert m.views_ready == 1 and m.resyncs == 0 and m.bundles == bundles   # no second render ...
    assert len(patches) == 1                         # ... but one patch with what changed since its bundle
    kinds = {e["kind"] for e in patches[0]["events"]}
    assert kinds <= {"ColumnDataChanged", "ModelChanged"} and "ColumnDataChanged" in kinds
    app.select_hex("AL-29")                          # a view exists: one patch per click
    assert len(patches) == 2 and m.resyncs == 0
    m.on_view_ready()                                # a later view rendered the old bundle, patches went out
    assert m.resyncs == 1 and not m.stale            # since: it gets the current document
    m.on_view_ready()
    assert m.resyncs == 1                            # nothing changed since: no re-render


def test_a_frontend_asking_for_the_state_gets_the_current_map(app):
    m = app.map_model
    app.select_hex("AL-29")
    assert m.stale
    state = m.get_state()                            # request_state / request_states (Voila, a reload)
    assert not m.stale and "Movement reach of DDG-51" in json.dumps(state["render_bundle"], default=str)


def test_the_map_sends_only_the_columns_that_changed(app, monkeypatch):
    m = app.map_model
    m.on_view_ready()
    patches = _patches(m, monkeypatch)
    counters = app.map.sources["counters"]
    counters.data = dict(counters.data)              # an equal assignment: nothing is sent
    assert patches == []
    app.select_hex("AL-28")                          # an empty hex: only the ring moves
    assert len(patches) == 1
    (ev,) = patches[0]["events"]
    assert ev["kind"] == "ColumnDataChanged" and ev["model"]["id"] == app.map.sources["selected"].id
    app.select_hex("AL-29")                          # selects DDG-51: its counter goes on top, overlays drawn
    (patch,) = patches[1:]
    by_source = {e["model"]["id"]: e for e in patch["events"] if e["kind"] == "ColumnDataChanged"}
    assert counters.id in by_source and app.map.sources["overlays"].id in by_source
    sent_cols = set(by_source[counters.id]["cols"])
    assert sent_cols and sent_cols < set(counters.data)   # the changed columns only, not the whole source


def test_python_side_latency_is_measured(app):
    app.select_hex("AL-29")
    assert "tap" in app.timings
    _start_boston(app)
    assert "Declare" in app.timings


def _red_impulse(app):
    app.begin_impulse("TF Boston")
    app.declare([{"kind": "move_combat", "units": ["DDG-51"]}])
    app.end_impulse()
    p = app.impulse_panel
    p.tf.value = "TF St. Petersburg"
    p.begin_button.click()
    p.add_declaration("move_resupply", ["Ivan Co"])
    p.add_declaration("move_conceal", ["1 Tanya"])
    p.declare_button.click()
    assert app.game.impulse.phase == "act", app.message.value
    return p


def test_resupply_form_and_conceal_button(app):
    p = _red_impulse(app)
    assert on_page(app, p.resupply_box) and p.log_unit.options == ("Ivan Co",)
    p.action.value = 1
    # every unit in reach is full: no grant is offered (offers from the RESUPPLY templates)
    assert p.grant_unit.options == () and p.add_grant.disabled and p.resupply_button.disabled
    assert p.conceal_button.disabled                          # a Move and/or Resupply action does not conceal
    before = _state(app.game)
    app.resupply(1, "Ivan Co", "RV1", [{"unit": "1 Tanya", "slot": "LRS1", "rp": 2}])   # full: refused
    assert "8.02" in app.message.value and _state(app.game) == before
    p.action.value = 2
    assert not p.conceal_button.disabled
    p.conceal_button.click()
    assert "done" in app.message.value
    last = app.game.log[-1]
    assert last["kind"] == "conceal" and "6.1" in last["rules"] and "1 Tanya" in last["title"]
    assert "Concealed: 1 Tanya" in _text(app.log.value)


def test_decision_panel_asks_ga_defence_and_mildec():
    from lcb_lab.games.lcb.choices import GaDefenseChoice, MildecChoice
    from lcb_lab.ui.lcb.decisions import DecisionPanel
    got = []
    panel = DecisionPanel(got.append, lambda name: got.append(("policy", name)), lambda team: None)
    ga = GaDefenseChoice("RU", "7.13", "Declare GROUND ASSAULT defense dice in AL-21",
                  {"hex": "AL-21", "defenders": [{"uid": "1 Anna", "cv": 4, "supply": 3}],
                   "attackers": [{"uid": "1 Alpha", "dice": 4}]})
    panel.refresh(ga, "RU")
    assert panel.visible
    panel.set_dice({("1 Anna", "1 Alpha"): 3})
    assert panel.value() == [{"defender": "1 Anna", "target": "1 Alpha", "dice": 3}]
    panel.answer_button.click()
    assert got[-1] == [{"defender": "1 Anna", "target": "1 Alpha", "dice": 3}]
    assert [b.description for b in panel.policy_box.children] == ["No defense fire", "Return fire with every defender"]
    md = MildecChoice("US", "4.22", "1 Alpha takes 2 HP: spend MILDECs?",
                  {"key": "k", "target": "1 Alpha", "damage": 2, "mildecs": 1})
    panel.refresh(md, "instructor")
    box = panel._inputs[0][1]
    assert box.max == 1
    box.value = 1
    assert panel.value() == {"absorb": 1}
    panel.policy_box.children[1].click()
    assert got[-1] == ("policy", "absorb_all")
    panel.refresh(None, "US")
    assert not panel.visible


# ---------------------------------------------------------------- fresh-user review: hidden information


def _concealed(game, team: str) -> list[str]:
    return [u.uid for u in game.state.units.values() if u.team == team and not u.revealed and not u.destroyed]


def _leaks(lab, secrets) -> dict[str, int]:
    dump = json.dumps(widget_states(lab.widget), default=str)
    return {s: dump.count(s) for s in secrets if s in dump}


def _boston_then_red_declares(lab):
    """US plays TF Boston from the US view, hands over; RU declares a resupply and a conceal."""
    lab.begin_impulse("TF Boston")
    lab.declare([{"kind": "move_combat", "units": ["DDG-51"]}])
    lab.end_impulse()
    assert lab.game.impulse is None and lab.game.next_team() == "RU", lab.message.value


def test_impulse_controls_are_hidden_from_the_other_team():
    lab = open_lab("gotland_redux", seed=1, team="US")
    p = lab.impulse_panel
    _boston_then_red_declares(lab)
    jccs = lab.game.view("instructor")["jccs"]
    secrets = _concealed(lab.game, "RU") + sorted(set(jccs["RU"]) - set(jccs["US"]))   # RU-only card names
    # RU is due to begin: the US view may not choose RU's Task Force
    assert p.locked and p.tf.options == () and not on_page(lab, p.begin_box)
    assert "Red (RU) begins the next impulse" in _text(p.locked_note.value)
    before = _state(lab.game)
    assert lab.begin_impulse("TF St. Petersburg") is None
    assert _state(lab.game) == before and lab.game.impulse is None
    assert "lcb-refused" in lab.message.value and _text(lab.message.value) == (
        "Begin impulse TF St. Petersburg: not from the Blue (US) view: Red (RU) begins the next impulse (3.3) \u2014 "
        "switch to the Red (RU) view. Nothing changed.")
    # hand over: RU plays its impulse in its own view
    p.hand_over.click()
    assert lab.team == "RU" and not p.locked and "TF St. Petersburg" in p.tf.options
    lab.begin_impulse("TF St. Petersburg")
    assert "Ivan Co" in p.units.options
    lab.declare([{"kind": "move_resupply", "units": ["Ivan Co"]}, {"kind": "move_conceal", "units": ["1 Tanya"]}])
    assert lab.game.impulse.phase == "act", lab.message.value
    assert p.log_unit.options == ("Ivan Co",) and "Ivan Co" in p.action.options[0][0]
    lab.select_hex(lab.game.unit("Ivan Co").hex)
    # back to the US view: every control is disabled and hidden, no list names a concealed RU unit
    lab.set_team("US")
    assert p.locked
    assert ("Red (RU) is playing its impulse (3.3, 3.31) \u2014 switch to the Red (RU) view or the Instructor view to play it"
            in _text(p.locked_note.value))
    assert p.hand_over.description == "Hand over: show the Red (RU) view"
    assert p.units.options == () and p.action.options == () and p.grant_unit.options == ()
    assert p.log_unit.options == () and p.shooter.options == () and p.jcc.options == ()
    assert all(w.disabled for w in p.controls)
    for box in (p.begin_box, p.declare_box, p.act_box, p.combat_box, p.end_button):
        assert not on_page(lab, box)                      # not built into the page (not hidden)
    assert _leaks(lab, secrets) == {}
    # ... and the Python methods that mirror the buttons refuse too, changing nothing
    before = _state(lab.game)
    for call in (lambda: lab.move(1, "AK-22"), lambda: lab.conceal(2), lambda: lab.end_impulse(),
                 lambda: lab.resupply(1, "Ivan Co", "RV1", [])):
        assert call() is None
        assert "not from the Blue (US) view" in _text(lab.message.value)
    assert _state(lab.game) == before
    # the instructor sees and drives everything
    lab.set_team("instructor")
    assert not p.locked and p.log_unit.options == ("Ivan Co",)
    p.action.value = 2
    assert not p.conceal_button.disabled
    p.conceal_button.click()
    assert "done" in lab.message.value


def test_refusal_notes_and_messages_stay_in_their_view():
    lab = open_lab("gotland_redux", seed=1, team="US")
    _boston_then_red_declares(lab)
    lab.set_team("RU")
    lab.begin_impulse("TF St. Petersburg")
    lab.declare([{"kind": "move_resupply", "units": ["Ivan Co"]}])
    lab.resupply(1, "Ivan Co", "RV1", [{"unit": "1 Tanya", "slot": "LRS1", "rp": 2}])   # full: refused
    assert "lcb-refused" in lab.message.value and "Refused" in lab.log.value
    lab.set_team("US")
    assert "Ivan Co" not in lab.message.value and "Ivan Co" not in lab.log.value
    assert "Showing the Blue (US) view" in _text(lab.message.value)
    lab.set_team("instructor")
    assert "Refused" in lab.log.value


def test_decision_question_belongs_to_the_deciding_team(app):
    p = _start_boston(app)
    app.set_team("US")
    p.add_lrs("DDG-51", "LRS1", "1 Anna", 4)
    p.commit_button.click()
    d = app.game.pending
    assert d is not None and d.team == "RU"
    # the US view sees the kind of question only: no prompt, no options, no way to answer
    assert "INTERCEPT" in app.decision.header.value and d.prompt not in _text(app.decision.header.value)
    assert app.decision.policy_box.children == ()
    assert not on_page(app, app.decision.answer_button) and app.decision.answer_button.disabled
    assert _leaks(app, ["FFG-454", "DDG-605"]) == {}
    before = _state(app.game)
    assert app.answer_policy("no_intercept") is None and app.answer([]) is None
    assert _state(app.game) == before and app.game.pending is not None
    assert "only Red (RU) or the instructor may answer" in _text(app.message.value)
    # the RU view (or the instructor) answers
    app.set_team("RU")
    assert d.prompt in _text(app.decision.header.value)
    assert "INTERCEPT to match the incoming dice" in [b.description for b in app.decision.policy_box.children]
    assert not app.decision.answer_button.disabled
    app.answer_policy("no_intercept")
    assert app.game.pending is None


def test_mildec_prompt_is_not_shown_to_the_attacker():
    from lcb_lab.games.lcb.choices import MildecChoice
    from lcb_lab.ui.lcb.decisions import DecisionPanel
    panel = DecisionPanel(lambda v: None, lambda n: None, lambda t: None)
    md = MildecChoice("US", "4.22", "1 Alpha takes 2 HP: spend MILDECs in AL-23 to absorb?",
                  {"key": "k", "target": "1 Alpha", "damage": 2, "mildecs": 1})
    panel.refresh(md, "RU")
    assert "MILDEC" in panel.header.value and "AL-23" not in panel.header.value
    assert panel._inputs == [] and panel.policy_box.children == ()
    panel.refresh(md, "US")
    assert "AL-23" in panel.header.value and len(panel.policy_box.children) >= 1


def test_lesson_replay_is_filtered_by_team():
    lab = open_lab("gotland_redux", seed=1, team="US")
    lab.load_lesson("appendix_b_combat")
    texts, panels_html = [], []
    while True:
        t = lab.step_text()
        texts.append(t)
        panels_html.append(lab.lesson_info.value)
        if "finished" in t:
            break
    us = "\n".join(texts) + "".join(panels_html)
    assert "Ivan Co" not in us and "RESUPPLY" not in us and "Resupply unit" not in us
    assert "a step of TF St. Petersburg's impulse that Blue (US) may not see" in us
    assert "DDG-51 -> 1 Anna" in us                   # the US's own combat is all there
    # the instructor replays the same lesson and sees everything
    lab2 = open_lab("gotland_redux", seed=1)
    lab2.load_lesson("appendix_b_combat")
    every = []
    while True:
        t = lab2.step_text()
        every.append(t)
        if "finished" in t:
            break
    assert "Ivan Co" in "\n".join(every)
    # switching the view redraws the last step for the new view
    lab3 = open_lab("gotland_redux", seed=1)
    lab3.load_lesson("appendix_b_combat")
    for _ in range(40):
        done = lab3.step()
        assert done is not None
        if "resupply" in done.title:
            break
    assert "Ivan Co" in lab3.lesson_info.value
    lab3.set_team("US")
    assert "Ivan Co" not in lab3.lesson_info.value and "may not see" in lab3.lesson_info.value
    lab3.set_team("RU")
    assert "Ivan Co" in lab3.lesson_info.value


# ---------------------------------------------------------------- fresh-user review: bad input
def test_a_bad_hex_label_never_breaks_the_lab():
    lab = open_lab("gotland_redux", seed=1, team="US")
    lab.select_hex("AL-29")
    for bad in ("ZZ-0", 42, "", "AL-999"):
        assert lab.select_hex(bad) == "AL-29"
        assert lab.last_hex == "AL-29" and "lcb-refused" in lab.message.value
        assert "is not a hex of the gotland map" in _text(lab.message.value)
    assert lab.select_hex(" al-23 ") == "AL-23" and lab.last_hex == "AL-23"
    lab.begin_impulse("TF Boston")
    assert lab.game.impulse is not None and "done" in lab.message.value
    # a stale bad label (set behind the lab's back) is dropped, not raised
    lab.last_hex = "ZZ-0"
    lab.declare([{"kind": "move_combat", "units": ["DDG-51"]}])
    assert lab.game.impulse.phase == "act" and lab.last_hex is None


def test_move_of_a_missing_action_is_the_engines_one_line(app):
    _start_boston(app)
    before = _state(app.game)
    assert app.move(6, "AL-28") is None
    text = _text(app.message.value)
    assert text == ("Move #6 to AL-28: Refused by rule 3.31: there is no declared action #6 (declared: #1). "
                    "Nothing changed.") and "lcb-refused" in app.message.value
    assert app.move(1, "ZZ-0") is None
    assert _text(app.message.value) == "Move #1 to ZZ-0: Refused by rule 5.1: ZZ-0 is not on the map. Nothing changed."
    assert app.move("first", "AL-28") is None
    assert "move action: action: Input should be a valid integer" in _text(app.message.value)
    assert _state(app.game) == before


@pytest.mark.parametrize("exc", [TypeError("dice must be a whole number"), KeyError("bogus unit"),
                                 ValueError("two hexes"), IndexError("list index out of range")])
def test_any_input_error_below_the_lab_is_a_red_message(app, monkeypatch, exc):
    app.begin_impulse("TF Boston")
    before = _state(app.game)

    def boom(*_a, **_k):
        raise exc
    monkeypatch.setattr(app.game, "apply", boom)           # the lab applies a typed Declare
    assert app.declare([{"kind": "move_combat", "units": ["DDG-51"]}]) is None
    text = _text(app.message.value)
    assert text.startswith("Could not declare: ") and text.endswith("Nothing changed.")
    assert "lcb-refused" in app.message.value and "Could not declare" in _text(app.log.value)
    assert _state(app.game) == before
    monkeypatch.undo()
    app.declare([{"kind": "move_combat", "units": ["DDG-51"]}])
    assert app.game.impulse.phase == "act"


def test_malformed_widget_input_reaches_the_engine_as_a_red_message(app):
    _start_boston(app)
    before = _state(app.game)
    for call in (lambda: app.commit_combat([{"shooter": "DDG-51", "slot": "LRS1", "target": "1 Anna",
                                             "dice": "four"}]),
                 lambda: app.commit_combat([{"shooter": "DDG-51"}]),
                 lambda: app.resupply(1, None, "RV9", [{"unit": 5}]),
                 lambda: app.conceal("first"),
                 lambda: app.exercise_zor(None, 42)):
        assert call() is None
        assert "lcb-refused" in app.message.value and "Nothing changed" in app.message.value
        assert _state(app.game) == before


def test_set_team_validates_first(app):
    app.set_team("bogus")
    assert app.team == "instructor" and app.view_picker.value == "instructor"
    assert "Unknown view 'bogus'" in _text(app.message.value)
    app.set_team("ru")
    assert app.team == "RU" and app.view_picker.value == "RU"
    with pytest.raises(ValueError, match="team must be one of"):
        LabApp(app.game, team="bogus")


def test_overlays_and_paths_are_computed_from_the_views_knowledge(app, monkeypatch):
    seen = []
    for name in ("movement_reach", "resupply_reach", "intercept_umbrella", "path_to"):
        real = getattr(app.game, name)

        def spy(*a, _real=real, _name=name, **kw):
            seen.append((_name, kw.get("viewer")))
            return _real(*a, **kw)
        monkeypatch.setattr(app.game, name, spy)
    app.set_team("RU")
    app.select_unit("Ivan Co")
    app.set_team("instructor")
    app.select_unit("Ivan Co")
    assert ("movement_reach", "RU") in seen and ("resupply_reach", "RU") in seen
    assert ("movement_reach", None) in seen and ("resupply_reach", None) in seen
    app.set_team("US")
    app.begin_impulse("TF Boston")
    app.declare([{"kind": "move_combat", "units": ["DDG-51"]}])
    app.move(1, "AL-27")
    assert ("path_to", "US") in seen and app.game.unit("DDG-51").hex == "AL-27"


def test_every_policy_button_is_named_by_what_it_does():
    """Each named policy of every decision kind has a label and a tooltip with no internal id."""
    from lcb_lab.games.lcb.choices import POLICIES
    from lcb_lab.ui.lcb.decisions import POLICY_LABELS, policy_label
    names = {n for kind in POLICIES.values() for n in kind}
    assert names <= set(POLICY_LABELS)
    for name in names:
        label, tip = POLICY_LABELS[name]
        assert name not in label and "_" not in label + tip and tip
    assert policy_label("respond_intercept_all") == "Answer with every free card and INTERCEPT all you can"
    assert policy_label("no_intercept") == "Never INTERCEPT"


def test_the_jcc_box_is_cleared_after_add_action(app):
    p = app.impulse_panel
    p.tf.value = "TF Boston"
    p.begin_button.click()
    p.kind.value = "play_jcc"
    p.jcc.value = p.jcc.options[0]
    name = p.jcc.value
    p.add_decl.click()
    assert p.pending_decl == [{"kind": "play_jcc", "jcc": name}] and p.jcc.value == ""
    assert f"Play a JCC ({name})" in _text(p.decl_list.value)


def test_the_impulse_tab_names_an_attached_cards_track_by_the_card(app):
    p = app.impulse_panel
    assert p._slot_words("LRS1") == "LRS1"
    assert p._slot_words("RU-3:INT1") == "INT1 of Pantsir-SM: IAMD"      # the instructor knows the card
    app.set_team("US")
    assert p._slot_words("RU-3:INT1") == "INT1 of an Attached card"      # a hidden card stays unnamed
