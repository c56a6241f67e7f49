"""Event Cards (16.0), gray cubes (3.26) and the Action Pool (3.312), with forced dice.

16.0: events are resolved at the start of the turn before any action; no JCC negates one. The
rulebook prints no event text: the deck is sandbox (lcb_lab/games/lcb/data/events.toml), so
these tests pin the sandbox cards' effects exactly, and the rules' own parts (the timing, the
refusal of a NULLIFY, 3.312's -3 AP per eliminated Task Force) against the text.
"""
from __future__ import annotations

import json

import pytest

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.choices import EventChoice
from lcb_lab.games.lcb.content.situation import situation
from lcb_lab.games.lcb.game import Game
from lcb_lab.games.lcb.model.events import load_events, normalise_plan
from lcb_lab.games.lcb.observer import known_state
from lcb_lab.games.lcb.rules.combat.network import lrs_modifiers
from lcb_lab.games.lcb.rules.events.effects import EVENT_EFFECTS
from lcb_lab.games.lcb.view_model import view_model
from lcb_lab.kernel.errors import IllegalAction, ScenarioError
from lcb_lab.kernel.explain import render

WHISKEY = ("usmc_himars_section", "F-6")
URAN = {"type": "runi_coastal_missile_section", "hex": "F-2", "face_up": True}


def two_units(**kw) -> Game:
    return situation(units={"1 Whiskey": WHISKEY, "1 Uran": URAN}, **kw)


def end_turn(g: Game) -> None:
    """Every Task Force passes its impulse (3.310)."""
    while g.state.stage == "action" and g.pending is None and g.to_act() in ("US", "RU"):
        tf = g.legal_actions()[0].task_force
        for a in (A.BeginImpulse(tf), A.Declare(), A.EndImpulse()):
            g.apply(a)
        if not g.state.tf_order:
            return


def titles(g: Game) -> list[str]:
    return [e["title"] for e in g.state.log]


def snapshot(g: Game) -> str:
    return json.dumps(g.state.to_dict(), sort_keys=True)


# ---------------------------------------------------------------- the deck
def test_16_0_the_sandbox_deck_names_the_printed_cards_and_every_effect_is_registered():
    deck = load_events()
    assert 6 <= len(deck.names()) <= 10
    assert {"Fleeing Masses", "Action Pool"} <= set(deck.names())     # 16.0 illustration, 3.312
    assert {c.source for c in deck.event} == {"sandbox"}
    assert {e.fn for c in deck.event for e in c.effects} <= set(EVENT_EFFECTS)


def test_16_0_a_scenario_plan_is_checked():
    assert normalise_plan(["Storm Front", [], ["Action Pool", "Grid Blackout"]]) == \
        {"1": ["Storm Front"], "3": ["Action Pool", "Grid Blackout"]}
    with pytest.raises(ValueError, match="no Event Card named 'Blizzard'"):
        normalise_plan({2: ["Blizzard"]})
    with pytest.raises(ValueError, match="turn '4' is not a turn 1..3"):
        normalise_plan({"4": ["Storm Front"]}, 3)
    with pytest.raises(ScenarioError) as e:
        two_units(events={2: ["Blizzard"]})
    assert e.value.key == "events"


# ---------------------------------------------------------------- timing (16.0)
def test_16_0_events_resolve_as_the_turn_begins_before_any_action():
    g = two_units(events={2: ["Grid Blackout"]})
    assert g.state.network_cubes == {"US": 0, "RU": 0}
    end_turn(g)
    t = titles(g)
    i = t.index("Turn 2 begins")
    assert t[i + 1] == "Turn 2: Event Card Grid Blackout"
    assert g.state.network_cubes == {"US": 1, "RU": 1}          # before the first impulse of turn 2
    assert not any(x.startswith("Turn 2, impulse") for x in t)
    assert g.state.events_drawn == [{"turn": 2, "name": "Grid Blackout"}]
    assert all("16.0" in e["rules"] for e in g.state.log[i + 1:])


def test_16_0_turn_one_events_resolve_when_the_game_begins_in_the_action_stage():
    g = two_units(events={1: ["Grid Blackout"]})
    assert titles(g)[0] == "Turn 1: Event Card Grid Blackout"
    assert g.state.network_cubes == {"US": 1, "RU": 1}
    assert len(g.history.steps) == 0                             # part of the start, before the record
    g.apply(A.BeginImpulse("TF Blue"))
    g.undo()
    assert g.state.network_cubes == {"US": 1, "RU": 1} and g.state.events_drawn == [{"turn": 1, "name": "Grid Blackout"}]


def test_16_0_no_impulse_and_no_relinquishing_before_an_events_cubes_are_placed():
    g = situation(map="gotland", units={"1 Whiskey": ("usmc_himars_section", "AK-23"),
                                        "1 Uran": ("runi_coastal_missile_section", "AJ-22")},
                  events={1: ["Fleeing Masses"]})
    c = g.pending
    assert isinstance(c, EventChoice) and c.team == "US" and c.rule == "16.0"    # meter 0: the initiative's team
    assert c.options.count == 2 and "AJ-21" in c.options.hexes                   # Visby, a city
    assert g.to_act() == "US"
    before = snapshot(g)
    for act in (A.BeginImpulse("TF Blue"), A.Relinquish()):
        with pytest.raises(IllegalAction) as e:
            g.apply(act)
        assert e.value.rule == "16.0" and "before any action" in e.value.reason
    with pytest.raises(IllegalAction) as e:
        g.apply(A.AnswerEvent(("AJ-21",)))                       # one hex for two cubes
    assert e.value.rule == "16.0"
    with pytest.raises(IllegalAction) as e:
        g.apply(A.AnswerEvent(("AJ-21", "AK-20")))               # not a city or a town
    assert e.value.rule == "3.26"
    assert snapshot(g) == before
    assert {type(a) for a in g.legal_actions()} == {A.AnswerEvent}
    g.apply(A.AnswerEvent(("AJ-21", "AJ-22")))
    assert sorted((c.hex, c.kind, c.source) for c in g.state.gray_cubes.values()) == [
        ("AJ-21", "civilians", "Event Card Fleeing Masses"), ("AJ-22", "civilians", "Event Card Fleeing Masses")]
    assert g.pending is None and g.is_legal(A.BeginImpulse("TF Blue"))


def test_16_0_a_nullify_against_an_event_is_refused_and_changes_nothing():
    g = two_units(events={1: ["Grid Blackout"]}, cards={"US": ["Tactical Cyber Defenses"]})
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("play_jcc", jcc="Tactical Cyber Defenses"),)))
    before = snapshot(g)
    for target in ("event:Grid Blackout", "Grid Blackout"):
        with pytest.raises(IllegalAction) as e:
            g.apply(A.PlayCard(card="Tactical Cyber Defenses", targets=(target,), action=1))
        assert e.value.rule == "16.0"
        assert "cannot negate the Event Card Grid Blackout" in e.value.reason
    assert snapshot(g) == before
    assert g.state.network_cubes == {"US": 1, "RU": 1}


# ---------------------------------------------------------------- each event, exact
def test_fleeing_masses_civilians_make_an_lrs_move_the_meter_like_a_town():
    """3.26 + 15.25 (sandbox): an LRS into a hex with civilians moves the meter toward the defender."""
    g = two_units(gray_cubes={"F-2": "civilians"}, forced=[20, 20])
    for a in (A.BeginImpulse("TF Blue"), A.Declare((A.CoreAction("move_combat", ("1 Whiskey",)),)),
              A.CommitCombat(lrs=(A.LrsAttack("1 Whiskey", "LRS1", "1 Uran", 2),)), A.ResolveCombat()):
        g.apply(a)
    assert g.state.influence == -1
    line = next(e for e in g.state.log if e["kind"] == "influence")
    assert line["rules"] == ["15.25", "3.26"] and "F-2 (civilians)" in line["text"]


def test_action_pool_3_312_three_ap_per_task_force_less_three_per_eliminated_one():
    g = situation(units={"1 Whiskey": WHISKEY, "2 Whiskey": {"type": "usmc_himars_section", "hex": "G-6",
                                                              "task_force": "TF Gold"},
                         "1 Uran": URAN},
                  task_forces={"TF Blue": "US", "TF Gold": "US", "TF Red": "RU", "TF Rust": "RU"},
                  events={1: ["Action Pool"]})
    assert g.state.action_pool == {"US": 6, "RU": 3}              # RU's TF Rust has no unit: -3 (3.312)
    g.apply(A.BeginImpulse("TF Blue"))
    assert g.state.impulse.ap == 6
    g.apply(A.Declare((A.CoreAction("move_conceal", ("1 Whiskey",)),)))
    assert g.state.action_pool["US"] == 5 and g.state.log[-1]["title"] == "US's Action Pool: 5 AP left"
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse("TF Rust"))
    assert g.state.impulse.ap == 3                                # not 1 AP: the pool replaces 3.312's single AP
    g.apply(A.Declare())
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse("TF Gold"))
    assert g.state.impulse.ap == 5                                # what TF Blue left in the pool
    for a in (A.Declare(), A.EndImpulse(), A.BeginImpulse("TF Red"), A.Declare(), A.EndImpulse()):
        g.apply(a)
    assert g.state.turn == 2 and g.state.action_pool == {}          # the pool lasts the turn
    g.apply(A.BeginImpulse("TF Blue"))
    assert g.state.impulse.ap == 3


def test_international_outcry_moves_the_meter_back_only_at_three_or_more():
    g = two_units(influence=4, events={1: ["International Outcry"]})
    assert g.state.influence == 3
    g = two_units(influence=-3, events={1: ["International Outcry"]})
    assert g.state.influence == -2
    g = two_units(influence=2, events={1: ["International Outcry"]})
    assert g.state.influence == 2 and "International Outcry: no effect" in titles(g)


def test_donor_conference_gives_cp_by_the_meter():
    g = two_units(influence=-1, events={1: ["Donor Conference"]})
    assert g.state.cp_bonus == {"RU": 5}
    g = two_units(influence=0, events={1: ["Donor Conference"]})
    assert g.state.cp_bonus == {"US": 2, "RU": 2}


def test_storm_front_costs_an_ap_and_two_off_every_lrs_this_turn():
    g = two_units(events={1: ["Storm Front"]}, forced=[11, 20])
    assert g.state.ap_loss == {"US": 1, "RU": 1} and g.state.cv_changes == {"LRS": -2}
    assert ("Event Card this turn", -2, "16.0") in lrs_modifiers(g.state, g.board, "US", "F-2", False)
    for a in (A.BeginImpulse("TF Blue"), A.Declare((A.CoreAction("move_combat", ("1 Whiskey",)),)),
              A.CommitCombat(lrs=(A.LrsAttack("1 Whiskey", "LRS1", "1 Uran", 2),)), A.ResolveCombat()):
        g.apply(a)
    roll = next(e for e in g.state.log if e["title"] == "LRS: 1 Whiskey -> 1 Uran")
    assert "CV 12, Event Card this turn -2 (16.0) -> 10" in roll["text"]
    assert "0 hits" in roll["text"] and g.state.units["1 Uran"].hp == 2     # the 11 would have hit at CV 12
    for a in (A.EndImpulse(), A.BeginImpulse("TF Red")):
        g.apply(a)
    assert g.state.impulse.ap == 2


def test_stockpile_found_resupplies_logistics_up_to_the_start():
    g = situation(
        units={"Echo": {"type": "usmc_logistics_company", "hex": "F-6", "supply": {"RP": 19}},
               "Lima": {"type": "usmc_logistics_company", "hex": "F-7", "supply": {"RP": 10}},
               "1 Uran": URAN}, events={1: ["Stockpile Found"]})
    assert g.state.units["Echo"].supply["RP"] == 20 and g.state.units["Lima"].supply["RP"] == 12


def test_key_terrain_objective_held_alone_moves_the_meter_next_turn():
    g = situation(map="gotland", units={"1 Whiskey": ("usmc_himars_section", "AK-23"),
                                        "1 Uran": ("runi_coastal_missile_section", "AJ-22")},
                  events={1: ["Key Terrain"]})
    c = g.pending
    assert c.team == "RU" and c.options.kind == "objective"        # the team the meter does not favour
    g.apply(A.AnswerEvent(("AK-23",)))
    assert g.state.influence == 0
    end_turn(g)
    assert g.state.influence == 1                                   # US alone holds AK-23
    line = next(e for e in g.state.log if e["kind"] == "influence")
    assert line["rules"] == ["3.26", "16.0", "15.24"]


def _key_terrain(markers=None, **units) -> Game:
    """Key Terrain's cube at AK-23 (RU places it), then the turn played out: the claim is made at
    the start of turn 2's Action Stage."""
    g = situation(map="gotland", units={"1 Uran": ("runi_coastal_missile_section", "AJ-22"), **units},
                  markers=markers, events={1: ["Key Terrain"]})
    g.apply(A.AnswerEvent(("AK-23",)))
    end_turn(g)
    return g


def test_3_26_a_claim_shows_the_face_down_counters_holding_the_objective():
    # sandbox: a lone face-down unit holds it -- revealed by the claim, the meter moves to US
    g = _key_terrain(**{"1 Whiskey": {"type": "usmc_himars_section", "hex": "AK-23", "face_up": False}})
    assert g.state.units["1 Whiskey"].revealed and g.state.influence == 1
    shown = next(e for e in g.state.log if e["title"] == "Revealed: 1 Whiskey")
    assert shown["rules"] == ["3.26", "6.11"] and "US claims the objective in AK-23" in shown["text"]


def test_3_26_mildecs_alone_are_shown_and_hold_nothing_so_the_meter_never_tells_a_back_apart():
    # the same public picture as above (one US back in AK-23), but the back is a MILDEC: it is
    # revealed by the same claim, and only then does the meter not move (4.22: no unit)
    g = _key_terrain(markers={"MIL-1": ("AK-23", "TF Blue", "mildec")},
                     **{"1 Whiskey": {"type": "usmc_himars_section", "hex": "AK-21"}})
    assert g.state.markers["MIL-1"].revealed and g.state.influence == 0
    titles_ = titles(g)
    assert "Revealed: 1 MILDEC(s) in AK-23" in titles_ and "Objective in AK-23: not held" in titles_


def test_3_26_counters_of_both_teams_contest_the_objective_and_nothing_is_shown():
    g = _key_terrain(markers={"MIL-1": ("AK-23", "TF Red", "mildec")},
                     **{"1 Whiskey": {"type": "usmc_himars_section", "hex": "AK-23", "face_up": False}})
    assert not g.state.units["1 Whiskey"].revealed and not g.state.markers["MIL-1"].revealed
    assert g.state.influence == 0 and not any(e["kind"] == "influence" for e in g.state.log)


# ---------------------------------------------------------------- random draw, secrecy
def test_16_0_a_random_draw_shuffles_through_the_one_dice_and_keeps_the_order_secret():
    # Fisher-Yates with every forced value 1 (one die d8 .. d2 per place): the deck's second
    # card, Action Pool, ends on top, then International Outcry
    g = two_units(events_random=1, forced=[1] * 7)
    assert g.state.events_drawn == [{"turn": 1, "name": "Action Pool"}]
    assert g.state.event_deck[0] == "International Outcry" and len(g.state.event_deck) == 7
    shuffle = next(e for e in g.state.log if e["title"] == "The event deck is shuffled")
    assert "1 in 8 (12.5%)" in shuffle["text"]
    for team in ("US", "RU"):
        assert known_state(g.state, g.catalog, team).event_deck == []
        vm = view_model(g, team)
        assert vm.events_drawn == [{"turn": 1, "name": "Action Pool"}] and vm.events_this_turn == ["Action Pool"]
        assert "International Outcry" not in json.dumps(vm.view)
    end_turn(g)
    assert g.state.events_drawn[-1] == {"turn": 2, "name": "International Outcry"}


def test_3_26_gray_cubes_are_public_saved_and_checked(tmp_path):
    g = two_units(gray_cubes={"F-3": "objective"}, events={2: ["Storm Front"]}, events_random=1, seed=5)
    for team in ("US", "RU", "instructor"):
        assert view_model(g, team).gray_cubes == [{"id": "GC-1", "kind": "objective", "hex": "F-3",
                                                   "source": "scenario"}]
    p = tmp_path / "g.json"
    g.save(p)
    h = Game.load(p)
    assert h.state.gray_cubes == g.state.gray_cubes and h.state.event_deck == g.state.event_deck
    assert h.state.events_plan == {"2": ["Storm Front"]} and h.state.events_random == 1
    data = json.loads(p.read_text())
    data["state"]["gray_cubes"]["GC-1"]["kind"] = "refugees"
    p.write_text(json.dumps(data))
    with pytest.raises(ScenarioError) as e:
        Game.load(p)
    assert e.value.key == "state.gray_cubes.GC-1.kind"


def test_16_0_the_explained_log_cites_16_0_on_every_event_line():
    g = two_units(events={1: ["Storm Front", "Grid Blackout"]})
    lines = [render(e) for e in g.state.log]
    assert lines[0].startswith("[16.0] Turn 1: Event Card Storm Front: ")
    assert all("16.0" in e["rules"] for e in g.state.log if e["kind"] in ("event", "action_pool"))


def test_the_events_scenario_loads_and_random_legal_play_finishes_it():
    from lcb_lab.games.lcb.io.loading import load_scenario
    from lcb_lab.games.lcb.whatif.autoplay import play_random_turns
    g = load_scenario("gotland_events", seed=2, auto_policies={})
    assert isinstance(g.pending, EventChoice) and g.pending.options.event == "Fleeing Masses"
    assert [c.hex for c in g.state.gray_cubes.values()] == ["AJ-21"]          # Visby's civilians (sandbox)
    play_random_turns(g, 3, seed=2)
    assert g.state.stage == "over"
    drawn = [(e["turn"], e["name"]) for e in g.state.events_drawn]
    assert drawn[0] == (1, "Fleeing Masses") and (2, "Action Pool") in drawn and len(drawn) == 5
    assert sum(1 for _, n in drawn if n in ("Fleeing Masses", "Action Pool")) == 2   # not in the random pile
    assert len(g.state.gray_cubes) == 3
