"""LC:B on the kernel's step place and per-viewer labels: a record step's place is the kernel's
``turn`` / ``sub_turn`` / ``player`` and LC:B saves it under its own keys (``turn``, ``impulse``,
``team``, as every save before); a step is named for each viewer from what that viewer may read
(``Game.step_label_for``); logs saved before entries carried an ``audience`` still read as they did."""
from __future__ import annotations

import json

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.content.worked.ch14 import R, sea
from lcb_lab.games.lcb.game import Game
from lcb_lab.games.lcb.whatif.timeline import timeline
from lcb_lab import load_scenario


def _bought_and_deployed() -> Game:
    """US buys a Virginia-Class Sub in the Planning Stage and puts it on the SOT in C-3 (14.01)."""
    g = sea({"DDG": ("rubf_ddg", "D-5", R)}, stage="planning", cp={"US": 10, "RU": 0})
    g.apply(A.BuyCard("US", "Virginia-Class Sub"))
    g.apply(A.EndPlanning("US"))
    g.apply(A.EndPlanning("RU"))
    g.apply(A.DeployUnit("SSN US-1", "C-3"))
    return g


def test_a_secret_purchase_and_submarine_deployment_are_named_only_to_their_team():
    g = _bought_and_deployed()
    instructor = [r["label"] for r in g.step_labels("instructor")]
    us = [r["label"] for r in g.step_labels("US")]
    ru = [r["label"] for r in g.step_labels("RU")]
    assert instructor == ["buy card: US buys Virginia-Class Sub (5 CP)", "end planning: US ends its Planning Stage",
                          "end planning: RU ends its Planning Stage", "deploy unit: SSN US-1 on the SOT in C-3"]
    assert instructor == [s.label for s in g.history.steps] == [r["label"] for r in g.step_labels(None)]
    assert us[0] == instructor[0] and us[3] == instructor[3]
    assert ru == ["US buys a card", "US ends its Planning Stage", "end planning: RU ends its Planning Stage",
                  "Blue (US) acted"]
    assert not any(w in " ".join(ru) for w in ("Virginia", "SSN", "C-3"))
    assert [r.label for r in timeline(g, "RU")] == ru and [r.label for r in timeline(g, "US")] == us
    # the stored record is the all-seeing one, unchanged
    assert [s["label"] for s in g.record_to_json()["steps"]] == instructor


def test_record_steps_keep_lcb_keys_and_load_into_the_kernels_place():
    g = _bought_and_deployed()
    saved = json.loads(g.to_json())["record"]["steps"]
    assert [list(s)[5:8] for s in saved] == [["turn", "impulse", "team"]] * 4
    assert [(s["turn"], s["impulse"], s["team"]) for s in saved] == [(1, 0, "US"), (1, 0, "US"), (1, 0, "RU"),
                                                                     (1, 0, "US")]
    back = Game.from_json(g.to_json())
    assert [(s.turn, s.sub_turn, s.player) for s in back.history.steps] == [(1, 0, "US"), (1, 0, "US"),
                                                                            (1, 0, "RU"), (1, 0, "US")]
    assert back.to_json() == g.to_json()


def test_an_event_and_its_public_form_keep_the_turn_and_impulse():
    g = load_scenario("gotland_redux", seed=1)
    g.apply(A.BeginImpulse("TF Boston"))
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse("TF St. Petersburg"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("Ivan Co",)),)))
    (ev,) = g.apply(A.Move(1, ("AI-22",)))
    assert (ev.turn, ev.sub_turn, ev.title) == (1, 2, "Move Ivan Co")
    pub = ev.seen_by("US")
    assert (pub["title"], pub["turn"], pub["impulse"]) == ("Move 1 concealed counter", 1, 2)
    assert list(pub) == ["kind", "title", "text", "rules", "data", "turn", "impulse"]
    assert ev.seen_by("RU") is ev.entry and g.log_entries("US")[-1] == pub


def test_a_save_whose_log_has_visible_to_entries_loads_and_reads_as_before():
    g = load_scenario("gotland_redux", seed=1)
    d = json.loads(g.to_json())
    old = [{"kind": "declare", "title": "TF St. Petersburg declares Ivan Co", "text": "full", "rules": ["3.3"],
            "data": {}, "turn": 1, "impulse": 1, "visible_to": ["RU"]},
           {"kind": "declare", "title": "TF St. Petersburg declares", "text": "short", "rules": ["3.3"],
            "data": {}, "turn": 1, "impulse": 1, "visible_to": ["US"], "public_copy": True}]
    d["state"]["log"] = old
    loaded = Game.from_json(json.dumps(d))
    assert loaded.log == old                                          # kept as saved: the save's JSON is unchanged
    assert [e["text"] for e in loaded.log_entries("RU")] == ["full"]
    assert [e["text"] for e in loaded.log_entries("US")] == ["short"]
    assert [e["text"] for e in loaded.log_entries("instructor")] == ["full"]
    assert "Ivan" not in loaded.explained_log("US")
