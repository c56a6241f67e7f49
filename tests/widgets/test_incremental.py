"""Incremental redraws: a click or an act sends the browser only what changed.

Every comm message a widget sends is recorded (``Widget._send``: state updates and
the map's Bokeh patches) and attributed to the panel whose widget tree holds the
widget (layouts and styles included).  The map is treated as rendered in a
browser (``LiveBokehModel.on_view_ready``), so its patches are sent and counted.
Messages alone cannot see a panel rebuilt to the same HTML (an equal value sends
nothing), so the redraws that ran are recorded too (``controller.Redraw``: the panel
parts that found their inputs changed).
"""
from __future__ import annotations

import json
from collections import Counter

import ipywidgets as W
import pytest

from lcb_lab import load_scenario
from lcb_lab.games.lcb.content.lesson import Lesson
from lcb_lab.ui import LabApp
from lcb_lab.ui.lab import controller


def _ids(w, out: set[int]) -> set[int]:
    if id(w) in out or not isinstance(w, W.Widget):
        return out
    out.add(id(w))
    for name in ("layout", "style"):
        if isinstance(getattr(w, name, None), W.Widget):
            out.add(id(getattr(w, name)))
    for c in getattr(w, "children", ()) or ():
        _ids(c, out)
    return out


def _panels(lab: LabApp) -> dict[str, set[int]]:
    return {name: _ids(w, set()) for name, w in (
        ("map", lab.map_model), ("log", lab.log_box), ("hex info", lab.hex_info), ("unit", lab.unit_box.widget),
        ("decision", lab.decision.widget), ("impulse", lab.impulse_panel.widget),
        ("lesson", lab.lesson_panel.widget), ("game", lab.game_panel.widget),
        ("history", lab.history_panel.widget), ("cards", lab.card_panel.widget), ("messages", lab.message),
        ("echo", lab.message_echo), ("views", lab.view_picker))}


class Sent:
    """The comm messages sent while active: (widget, message) pairs, by panel."""

    def __init__(self, lab: LabApp, monkeypatch):
        self.lab, self.msgs, self.drawn = lab, [], []
        real = W.Widget._send

        def spy(widget, msg, buffers=None):
            self.msgs.append((widget, msg))
            return real(widget, msg, buffers)
        monkeypatch.setattr(W.Widget, "_send", spy)
        real_call = controller.Redraw.__call__

        def drew(redraw, change=None, force=False):
            did = real_call(redraw, change, force)
            if did:
                owner = getattr(redraw.draw, "__self__", None)
                self.drawn.append(f"{type(owner).__name__}.{redraw.draw.__name__}" if owner is not None
                                  else redraw.draw.__qualname__)
            return did
        monkeypatch.setattr(controller.Redraw, "__call__", drew)

    def clear(self) -> None:
        self.msgs.clear()
        self.drawn.clear()

    def rebuilt(self, *names: str) -> list[str]:
        """The redraws that ran whose panel's name contains one of ``names``."""
        return [d for d in self.drawn if any(n in d for n in names)]

    def by_panel(self) -> Counter:
        panels = _panels(self.lab)
        out: Counter = Counter()
        for w, _m in self.msgs:
            out[next((n for n, ids in panels.items() if id(w) in ids), "other")] += 1
        return out

    def of(self, *widgets) -> list[dict]:
        ids = {id(w) for w in widgets}
        return [m for w, m in self.msgs if id(w) in ids]

    def patches(self) -> list[dict]:
        """The map's Bokeh patches (their content part, one per patch message)."""
        out = []
        for w, m in self.msgs:
            payload = (m.get("content") or {}).get("payload") if w is self.lab.map_model else None
            if isinstance(payload, str) and '"events"' in payload:
                out.append(json.loads(payload))
        return out


UNTOUCHED_BY_A_CLICK = ("log", "impulse", "history", "decision", "lesson", "game", "messages", "echo", "views")
NOT_REDRAWN_BY_A_CLICK = ("LogPanel", "ImpulsePanel.refresh", "HistoryPanel", "DecisionPanel", "LessonReplayPanel",
                          "GamePanel", "MessageLine")


@pytest.fixture
def lab():
    lab = LabApp(load_scenario("gotland_redux", seed=1))
    lab.map_model.on_view_ready()             # as if the browser had rendered the map
    return lab


def test_a_hex_click_sends_the_hex_info_and_the_ring_only(lab, monkeypatch):
    lab.select_hex("AL-29")                   # DDG-51 selected
    sent = Sent(lab, monkeypatch)
    lab.select_hex("AL-28")                   # an empty hex: the selection stays
    got = sent.by_panel()
    assert got["hex info"] == 1 and "Hex AL-28" in lab.hex_info.value
    assert got["map"] == 3                    # one Bokeh patch (header, metadata, content) ...
    (patch,) = sent.patches()
    assert [e["model"]["id"] for e in patch["events"]] == [lab.map.sources["selected"].id]   # ... of the ring
    for name in UNTOUCHED_BY_A_CLICK:
        assert got[name] == 0, (name, got)
    assert sent.rebuilt(*NOT_REDRAWN_BY_A_CLICK) == []
    assert sent.rebuilt("MapPresenter") == ["MapPresenter._ring"]     # the counters stay as they are
    # the Unit dropdown lists "DDG-51 (selected, in AL-29)": options and value in one message
    assert len(sent.of(lab.unit_picker)) == 1 and got["unit"] == 1
    sent.clear()
    lab.select_hex("AL-28")                   # the same click again: nothing at all
    assert sent.msgs == []


def test_a_click_that_selects_a_unit_redraws_the_unit_panel_and_overlays_only(lab, monkeypatch):
    sent = Sent(lab, monkeypatch)
    lab.select_hex("AL-29")
    got = sent.by_panel()
    assert lab.selected_uid == "DDG-51" and "DDG-51" in lab.unit_panel.value
    for name in UNTOUCHED_BY_A_CLICK:
        assert got[name] == 0, (name, got)
    assert sent.rebuilt(*NOT_REDRAWN_BY_A_CLICK) == []
    assert got["unit"] >= 2 and got["hex info"] == 1
    (patch,) = sent.patches()                 # counters, overlays, ring, legend: one patch
    changed = {e["model"]["id"] for e in patch["events"] if e["kind"] == "ColumnDataChanged"}
    src = lab.map.sources
    assert {src["selected"].id, src["overlays"].id, src["counters"].id} <= changed
    assert not changed & {s.id for k, s in src.items() if k not in ("selected", "overlays", "counters",
                                                                      "umbrella", "umbrella_lines")}


def test_a_hex_click_during_the_act_phase_touches_only_move_zor_and_their_hint(lab, monkeypatch):
    lab.begin_impulse("TF Boston")
    lab.declare([{"kind": "move_combat", "units": ["DDG-51"]}])
    lab.select_hex("AL-29")
    sent = Sent(lab, monkeypatch)
    lab.select_hex("AL-27")
    p = lab.impulse_panel
    assert p.move_button.description == "Move to AL-27" and not p.move_button.disabled
    impulse = {id(w) for w in (p.move_button, p.zor_button, p.act_hint)}   # the hint: why a button is greyed there
    others = [m for w, m in sent.msgs if id(w) in _panels(lab)["impulse"] and id(w) not in impulse]
    assert others == [] and len(sent.of(p.move_button, p.zor_button)) >= 2
    got = sent.by_panel()
    for name in ("log", "history", "decision", "lesson", "game"):
        assert got[name] == 0, (name, got)
    assert sent.rebuilt(*NOT_REDRAWN_BY_A_CLICK, "ImpulsePanel") == ["ImpulsePanel._on_hex"]   # Move to / ZOR into
    assert p.hex_follower.last[0] == ("AL-27",)


def test_an_act_appends_to_the_log_and_leaves_the_other_panels_alone(monkeypatch):
    lesson = Lesson("appendix_b_combat")
    steps = lesson.steps()
    for done in steps:                        # two impulses played: the log has three impulse chunks
        if done.title == "impulse 2: end":
            break
    lab = LabApp(lesson.game)
    lab.map_model.on_view_ready()
    lab.begin_impulse("TF Boston")
    chunks = len(lab.log.inner.children)
    assert chunks == 3
    sent = Sent(lab, monkeypatch)
    lab.declare([{"kind": "move_combat", "units": ["DDG-51"]}])
    got = sent.by_panel()
    log_msgs = sent.of(*lab.log.inner.children, lab.log.inner)
    # the impulse's own chunk (and the previous highlight's), never the earlier impulses
    assert 1 <= len(log_msgs) <= 2 and got["log"] == len(log_msgs)
    first = lab.log.inner.children[0]
    assert sent.of(first) == []
    for name in ("decision", "lesson", "game"):
        assert got[name] == 0, (name, got)
    assert len(sent.patches()) <= 1           # the map's changes of one act: at most one patch
    assert "Declare: done." in lab.message.value and got["messages"] == 1


def test_switching_views_twice_sends_no_option_list_out_of_step(lab, monkeypatch):
    """A SelectMultiple's options and selection change in one message (browser: "Error setting
    state: Cannot set properties of undefined (setting 'selected')" when apart)."""
    lab.begin_impulse("TF Memphis")           # LHD 1, the only unit: selected in the builder
    assert lab.impulse_panel.units.value == ("LHD 1",)
    sent = Sent(lab, monkeypatch)
    lab.set_team("RU")
    lab.set_team("instructor")
    for w, m in sent.msgs:
        state = m.get("state", {})
        if isinstance(w, (W.SelectMultiple, W.Select, W.Dropdown)) and "_options_labels" in state:
            n = len(state["_options_labels"])
            index = state.get("index", w.index)
            picked = index if isinstance(index, tuple) else (() if index is None else (index,))
            assert all(0 <= i < n for i in picked), (type(w).__name__, state)
