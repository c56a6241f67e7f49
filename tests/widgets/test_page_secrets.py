"""A secret is absent from a team's page, not hidden: the whole LabApp widget tree of a team
view -- every synced trait of every widget, displayed or not (descriptions, values, options,
tooltips, HTML) -- names no designator, card name or hex the team may not know.

The secrets are the observer's (:func:`tests.secret_text.secrets`: named by the instructor's
view, never by the team's view or log) that the instructor's tree of the same step shows: so
each scan is known to look for something that is on the instructor's page.  Each step is
reached the way a class does it: the instructor's screen, the playing team's, then *Hand
over* to the other team (the widgets drawn for one view must not leave anything behind in the
next)."""
from __future__ import annotations

import ipywidgets as W

from lcb_lab import load_scenario
from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.choices import CardResponseChoice
from lcb_lab.games.lcb.model.state import CardPlay
from lcb_lab.games.lcb.rules.cards import jcc
from lcb_lab.ui import LabApp
from tests.secret_text import leaks, secrets, tree_strings


def _on_page(lab: LabApp) -> tuple[str, str]:
    texts, board = tree_strings(lab.widget)
    return "\n".join(texts), "\n".join(board)


def _scan(lab: LabApp, team: str, hex_: str | None = None) -> tuple[dict, list[str]]:
    """Show ``team``'s view after the instructor's (and ``hex_`` clicked): ``(secrets on the
    instructor's page, secrets on the team's page)``."""
    g = lab.game
    lab.set_team("instructor")
    if hex_:
        lab.select_hex(hex_)
    text, board = _on_page(lab)
    mine = secrets(g, team)
    shown = {k: {s for s in v if leaks(text + "\n" + (board if k != "hex" else ""), {k: {s}})}
             for k, v in mine.items()}
    lab.set_team(team)
    text, board = _on_page(lab)
    return shown, leaks(text, shown) + leaks(board, shown, ("designator", "card"))


def hidden_by_hand(lab: LabApp) -> list[str]:
    """The widgets of ``lab``'s page hidden with ``layout.display`` / ``visibility`` rather than left
    out: a hidden widget keeps in the browser what it showed before -- ipywidgets' Button does not
    even clear its text when its description and icon are emptied -- so a page has none, the shared
    parts included (the *Cancel* of an armed replacing act, the branch's frame); only the BokehJS
    loader (an ``Output``, the same in every view) is hidden."""
    out, todo = [], [lab.widget]
    while todo:
        w = todo.pop()
        todo += [c for c in getattr(w, "children", ()) or () if isinstance(c, W.Widget)]
        lay = getattr(w, "layout", None)
        hidden = lay is not None and (lay.display == "none" or lay.visibility == "hidden")
        if hidden and not isinstance(w, W.Output):
            out.append(f"{type(w).__name__} {getattr(w, 'description', '') or ''}".strip())
    return out


def _tree(widget: W.Widget) -> list[W.Widget]:
    """Every widget of the page under ``widget`` (itself included)."""
    out, todo = [], [widget]
    while todo:
        w = todo.pop()
        out.append(w)
        todo += [c for c in getattr(w, "children", ()) or () if isinstance(c, W.Widget)]
    return out


def _check(lab: LabApp, hex_: str | None = None, need: tuple[str, ...] = ("designator",)) -> None:
    """Both teams' pages, each after the other's (a hand-over both ways): no secret in any
    widget's state, and no widget hidden by hand."""
    for team in ("US", "RU", "US"):
        shown, found = _scan(lab, team, hex_)
        for kind in need:
            assert shown[kind], f"nothing of kind {kind} to look for in {team}'s view"
        assert found == [], f"{team}'s page names: {found}"
        assert hidden_by_hand(lab) == [], f"{team}'s page hides rather than leaves out"


# ------------------------------------------------------------------ the steps
def test_planning_with_an_attached_card_bought():
    g = load_scenario("gotland_redux", seed=1, start="planning")
    lab = LabApp(g, team="US")
    buy = next(b for b in lab.offers().buys() if b.attach_to)
    lab.buy_card("US", buy.card, attach_to=buy.attach_to)
    assert "done" in lab.message.value
    _check(lab, need=("designator", "card"))


def test_deployment_of_the_second_scenario():
    g = load_scenario("slite_landing", seed=3, start="planning")
    lab = LabApp(g)
    for team in ("US", "RU"):
        lab.end_planning(team)
    assert g.state.stage == "deployment"
    lab.set_team("US")
    d = next(d for d in lab.offers().deploys() if d.hex)
    lab.deploy_unit(d.unit, d.hex)
    assert "done" in lab.message.value
    lab.set_team("US")
    lab.select_hex(d.hex)
    _check(lab, d.hex)


def test_declaring_with_the_clicked_stack_in_the_builder():
    g = load_scenario("gotland_redux", seed=1)
    lab = LabApp(g, team="US")
    lab.begin_impulse("TF Memphis")
    lab.select_hex("AM-26")                 # LHD 1's stack: the builder's Units list fills
    assert lab.impulse_panel.units.options
    _check(lab, "AM-26", need=("designator", "card"))


def test_a_port_act_tried_in_the_impulse_tab():
    g = load_scenario("gotland_redux", seed=1)
    lab = LabApp(g, team="US")
    lab.begin_impulse("TF Memphis")
    lab.declare([{"kind": "move_combat", "units": ["LHD 1"]}])
    lab.select_hex("AM-26")
    assert any(t.startswith("Try: Port disembark from LHD 1") for t in lab.special_panel.quick_labels)
    _check(lab, "AM-26")


def test_a_pending_intercept():
    g = load_scenario("gotland_redux", seed=1)
    g.apply(A.ScriptedEffect(effect="reveal", units=("1 Anna",)))
    lab = LabApp(g, team="US")
    lab.begin_impulse("TF Boston")
    lab.declare([{"kind": "move_combat", "units": ["DDG-51"]}])
    lab.commit_combat([{"shooter": "DDG-51", "slot": "LRS1", "target": "1 Anna", "dice": 4}])
    assert g.pending is not None and g.pending.kind == "intercept"
    _check(lab, "AL-21")


def test_a_pending_card_response():
    g = load_scenario("gotland_redux", seed=1)
    jcc.add_card(g.state, "RU", "Attack on Command and Control")
    us = jcc.add_card(g.state, "US", "Tactical Cyber Attack")
    us.face_up = True
    g.state.chain = [CardPlay(1, us.cid, "US", "A", [], "AL-21", aid=1)]
    opts = {"link": 1, "window": 1, "interceptors": [],
            "cards": [{"cid": "RU-1", "name": "Attack on Command and Control", "option": "A", "kind": "nullify",
                       "p_detect": None, "p_success": 0.5, "max_targets": 1, "targets": [1], "free": True}]}
    g.state.push_choice(CardResponseChoice("RU", "9.41", "RU may answer Tactical Cyber Attack (US)", opts))
    lab = LabApp(g, team="RU")
    assert lab.decision.cards_form is not None
    _check(lab, need=("designator", "card"))


def test_the_scan_finds_a_widget_hidden_by_hand():
    """The scan fails on a secret that is only hidden: a button with ``layout.display = "none"``
    (the way the lab hid the other team's controls before) still names LHD 1 to Red."""
    g = load_scenario("gotland_redux", seed=1)
    lab = LabApp(g, team="US")
    lab.begin_impulse("TF Memphis")
    lab.declare([{"kind": "move_combat", "units": ["LHD 1"]}])
    hidden = W.Button(description="Try: Port disembark from LHD 1", layout=W.Layout(display="none"))
    lab.impulse_panel.locked_box.children += (hidden,)
    shown, found = _scan(lab, "RU", "AM-26")
    assert "LHD 1" in shown["designator"] and found == ["designator: LHD 1"]


def test_the_shared_parts_leave_out_what_does_not_apply_rather_than_hide_it(tmp_path):
    """The shared lab's *Cancel* (Game tab), the Lesson tab's and the branch's frame are on the page
    only while they apply -- armed, open -- and nothing is hidden by hand before, during or after."""
    g = load_scenario("gotland_redux", seed=1)
    lab = LabApp(g, team="US", files_dir=tmp_path)
    lab.begin_impulse("TF Memphis")
    assert hidden_by_hand(lab) == [] and lab.game_panel.cancel_button not in lab.game_panel.new_row.children
    for arm, cancel in ((lab.new_button, lab.game_panel.cancel_button), (lab.lesson_load, lab.lesson_panel.lesson_cancel)):
        arm.click()                                               # armed: its Cancel joins the page
        assert hidden_by_hand(lab) == [] and cancel in _tree(lab.widget)
        cancel.click()
        assert hidden_by_hand(lab) == [] and cancel not in _tree(lab.widget)
    assert lab.fork_view.widget not in lab.widget.children
    lab.fork_here()
    assert lab.fork_view.widget in lab.widget.children and hidden_by_hand(lab) == []
    lab.fork_view.close()
    assert lab.fork_view.widget not in lab.widget.children and hidden_by_hand(lab) == []


def test_the_second_scenarios_first_impulse_declaring():
    g = load_scenario("slite_landing", seed=3)
    team = g.to_act()
    lab = LabApp(g, team=team)
    lab.begin_impulse(lab.offers().task_forces[0])
    assert "done" in lab.message.value
    unit = lab.offers().declarations[0].units[0]
    hex_ = lab.controller.visible_counters()[unit]["hex"]
    lab.select_hex(hex_)
    assert unit in lab.impulse_panel.units.options
    _check(lab, hex_)


def test_the_view_model_is_built_once_per_version_and_viewer():
    g = load_scenario("gotland_redux", seed=1)
    lab = LabApp(g, team="US")
    c = lab.controller
    vm = c.view_model()
    assert c.view_model() is vm and c.view() is vm.view and c.offers() is vm.offers
    lab.set_team("RU")
    ru = c.view_model()
    assert ru is not vm and ru.viewer == "RU" and ru.offers.team is None and not ru.may_play
    lab.set_team("US")
    lab.begin_impulse("TF Memphis")
    assert c.view_model().impulse == ("US", "TF Memphis", "declare") and c.view_model() is not vm
