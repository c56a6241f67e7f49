"""When a card-response window opens (9.41, 9.46, 9.011): whenever the team whose card waits
cannot rule out an answer from what it knows -- never from the other team's hidden cards or
counters (principle 8; the directed twin pair is in test_indistinguishable_worlds.py).  The
answering team with nothing to answer passes in one act; the default policy passes too."""
from __future__ import annotations

import pytest

import lcb_lab
from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.choices import answer_with
from lcb_lab.games.lcb.content.worked import ch12
from lcb_lab.games.lcb.io.loading import load_scenario
from lcb_lab.games.lcb.whatif.timeline import undo_allowed


def _osi(ru1: str | None = None):
    """gotland_redux, seed 0: US plays Open Source Intel (an ISR card, 9.09); RU's pool holds
    RU-1 (Signals Management, which NULLIFIES ISR cards), renamed ``ru1`` when given."""
    g = load_scenario("gotland_redux", seed=0)
    if ru1 is not None:
        g.state.cards["RU-1"].name = ru1
    g.apply(A.BeginImpulse("TF Memphis"))
    g.apply(A.Declare((A.CoreAction("play_jcc", (), "Open Source Intel"),)))
    g.apply(A.PlayCard("US-2", "A", (), "AJ-22", 1))
    return g


def test_ru_is_asked_whether_or_not_its_hidden_pool_holds_an_answer_9_41():
    holds, lacks = _osi(), _osi("Cruise Missile Strike")
    for g in (holds, lacks):
        d = g.pending
        assert (g.to_act(), d.kind, d.team, d.rule, d.prompt) == (
            "RU", "card_response", "RU", "9.41", "RU may answer Open Source Intel (US)")
        assert undo_allowed(g, "US") == (False, "another player has already answered or must act now")
    assert holds.view("US") == lacks.view("US") and holds.log_entries("US") == lacks.log_entries("US")
    assert [c.name for c in holds.pending.options.cards] == ["Signals Management"]
    assert (lacks.pending.options.cards, lacks.pending.options.interceptors) == ((), ())


def test_the_team_with_nothing_to_answer_passes_in_one_act_and_the_chain_resolves_9_46():
    g = _osi("Cruise Missile Strike")
    assert g.legal_actions() == [A.Answer()]                      # the one thing to do: pass
    assert answer_with(g.pending) == A.AnswerCards()              # the default policy: pass
    g.apply(A.AnswerCards())
    assert g.pending is None and not g.state.chain and g.to_act() == "US"
    assert g.log_entries("US")[-2]["title"] == "RU does not answer"
    assert g.state.cards["US-2"].where != "pool"                  # Open Source Intel resolved


def test_no_window_when_the_player_sees_that_nothing_may_answer_9_41():
    """RU holds no card at all (the count of its cards is public, 9.02) and has no counter on the
    map that could INTERCEPT: US's card resolves at once; one hidden RU pool card, and RU is asked."""
    def play(ru_cards):
        g = lcb_lab.situation(units={"1 Alpha": {"type": "usmc_infantry_platoon", "hex": "F-8"},
                                     "1 Anna": {"type": "runi_naval_infantry_platoon", "hex": "C-2"}},
                              cards={"US": ["Open Source Intel"], "RU": ru_cards}, forced=[5])
        g.apply(A.BeginImpulse("TF Blue"))
        g.apply(A.Declare((A.CoreAction("play_jcc", (), jcc="Open Source Intel"),)))
        g.apply(A.PlayCard("Open Source Intel", "A", hex="C-2", action=1))
        return g
    assert play([]).pending is None
    g = play(["Cruise Missile Strike"])
    assert (g.pending.team, g.pending.options.cards, g.pending.options.interceptors) == ("RU", (), ())


def test_an_iamd_back_in_reach_is_asked_a_face_up_unit_without_intercept_is_not_9_011():
    """MEU Rotary Lift (INTERCEPT symbol) lands at J-8; RU's only counter, Anna, stands in K-9 --
    face down, it may be an IAMD unit (6.11): RU is asked, holds nothing and passes; face up
    (a naval infantry platoon: no INTERCEPT value, no Attached card) no window opens."""
    def lift(face_up: bool):
        g, card = ch12._lift_game(2, extra={"Anna": {"type": "runi_naval_infantry_platoon", "hex": "K-9",
                                                     "face_up": face_up}})
        ch12._lift_declare(g)
        g.apply(A.PlayCard(card, "A", ("1 Inf",), "J-8", action=1))
        return g
    seen = lift(face_up=True)
    assert seen.pending is None and seen.state.units["1 Inf"].hex == "J-8"
    back = lift(face_up=False)
    assert (back.pending.team, back.pending.options.cards, back.pending.options.interceptors) == ("RU", (), ())
    back.apply(A.AnswerCards())
    assert back.pending is None and back.state.units["1 Inf"].hex == "J-8"


def test_a_counter_window_opens_only_when_a_declared_play_a_jcc_action_may_pay_for_one_9_46():
    """US's Tactical Cyber Attack, RU's Attack on C2 answers it; US may counter only on its own
    impulse with a declared, unused Play a JCC action to pay (9.41) -- public -- so RU's answer is
    followed by US's window exactly when one is left, whatever US's face-down pool card is."""
    def answered(plays: int):
        g = lcb_lab.situation(units={"1 Alpha": {"type": "usmc_infantry_platoon", "hex": "F-8"},
                                     "1 Anna": {"type": "runi_naval_infantry_platoon", "hex": "F-6", "face_up": True}},
                              cards={"US": ["Tactical Cyber Attack", "Open Source Intel"],
                                     "RU": ["Attack on Command and Control"]}, forced=[20, 4])
        g.apply(A.BeginImpulse("TF Blue"))
        g.apply(A.Declare(tuple(A.CoreAction("play_jcc", (), jcc=n)
                                for n in ("Tactical Cyber Attack", "Open Source Intel")[:plays])))
        g.apply(A.PlayCard("Tactical Cyber Attack", "A", targets=("1 Anna",), action=1))
        assert [c.name for c in g.pending.options.cards] == ["Attack on Command and Control"]
        g.apply(A.AnswerCards(responses=(A.Response("Attack on Command and Control"),)))
        return g
    assert answered(1).pending is None                          # no action left to pay: the chain resolved
    g = answered(2)
    assert (g.pending.team, g.pending.options.cards, g.pending.options.interceptors) == ("US", (), ())
    g.apply(A.AnswerCards())
    assert g.pending is None and not g.state.chain


def test_a_version_2_save_played_without_the_window_still_loads_without_its_record(tmp_path, monkeypatch):
    """A save written before windows opened from the player's knowledge (version 2): Open Source
    Intel resolved at once, so its record no longer replays -- the checked state loads, without the
    record, as a version-1 save does; a version-3 save with the same record is refused."""
    import json
    from lcb_lab.games.lcb.game import Game
    from lcb_lab.games.lcb.rules.cards import responses
    from lcb_lab.kernel.errors import ScenarioError
    with monkeypatch.context() as m:
        m.setattr(responses, "player_cannot_rule_out", lambda ctx, team: False)     # the rule before
        g = _osi("Cruise Missile Strike")
        assert g.pending is None
        g.apply(A.EndImpulse())
        d = json.loads(g.to_json())
    (tmp_path / "old.json").write_text(json.dumps(dict(d, version=2)), encoding="utf-8")
    old = Game.load(tmp_path / "old.json")
    assert old.state.to_dict() == g.state.to_dict() and old.history.steps == [] and old.to_act() == g.to_act()
    with pytest.raises(ScenarioError, match="the record does not replay") as e:
        Game.from_json(json.dumps(d))
    assert str(e.value).count("does not replay") == 1, str(e.value)           # said once, not twice
