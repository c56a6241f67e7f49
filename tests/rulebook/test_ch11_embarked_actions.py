"""Chapter 11 (Embarked actions): the Move and/or Play an Embarked Persistent JCC Core Action,
the deployed / expended sides of the tracker, several deployed cards in one impulse, 11.13.

The worked examples are staged by :mod:`lcb_lab.games.lcb.content.worked.ch11` (notebook
05_ch11_embarked_actions).  Frequency of a deployed card's free use: 9.2 "once per turn"
against 11.12 "once per impulse" (facts §6.21) -- lcb_lab keeps 9.2's (expended until the next
Action Stage); on the ship's own impulse (one per turn, 3.39; only its player, 10.36) the two
readings agree.
"""
from __future__ import annotations

import json


from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.observer_cards import observe_cards
from lcb_lab.games.lcb.rules.embarking import embark
from lcb_lab.games.lcb.content.worked import ch11
from lcb_lab.games.lcb.content.worked.ch11 import TURN1_PATH, cid, pass_turn
from tests.refusals import refused





def _card(g, name):
    return g.state.cards[cid(g, name)]


# ------------------------------------------------------------------ 11.1 example 1
def test_11_1_example_1_ian_lha_8_moves_and_deploys_unmanned_carrier_for_1_ap():
    g, lines = ch11.ex_11_1_1()
    c = _card(g, "Unmanned: Carrier")
    assert g.state.units["LHA 8"].hex == "E-6" and g.impulse.ap == 2          # moved 5 hexes, 1 AP
    assert (c.where, c.host, c.deployed, c.expended, c.face_up) == ("embarked", "LHA 8", True, True, True)
    assert g.state.units["1 Anna"].revealed                                 # its effect: roll 5 <= 12
    assert not g.state.units["LHA 8"].revealed                              # 11.1: the host is not revealed
    assert g.dice.history[-1][1] == [5]
    assert "  Unmanned: Carrier on LHA 8: right, face down (expended)" in lines


def test_11_1_an_embarked_card_is_played_only_through_its_ships_embarked_action():
    g = ch11._game({"LHA 8": {"type": "usn_lha", "hex": "E-1"}}, [{"name": "Unmanned: Carrier", "embark_on": "LHA 8"}])
    g.apply(A.BeginImpulse("TF Blue"))
    refused(g, A.Declare((A.CoreAction("play_jcc", jcc="Unmanned: Carrier"),)), "3.12")     # not in the pool
    g.apply(A.Declare((A.CoreAction("move_conceal", ("LHA 8",)),)))
    refused(g, A.PlayCard(cid(g, "Unmanned: Carrier"), "A", targets=("H-8",), action=1), "11.1", "Move and/or Conceal")
    refused(g, A.PlayCard(cid(g, "Unmanned: Carrier"), "A", targets=("H-8",)), "11.1", "Embarked")


# ------------------------------------------------------------------ 11.1 example 2
def test_11_1_example_2_chris_rotary_attack_then_lcu_with_the_free_use():
    g, lines = ch11.ex_11_1_2()
    ra, lcu = _card(g, "MEU Rotary Attack"), _card(g, "Amphibious: LCU")
    assert g.state.turn == 2 and g.state.units["LHD 1"].hex == "E-11"
    assert g.impulse.ap == 2                 # turn 2: only the LCU's first use cost an AP
    assert [h[1] for h in g.dice.history] == [[5, 15, 18], [4, 17, 19]]
    assert g.state.units["1 Anna"].destroyed                                 # 1 hit each turn, 2 HP
    for c in (ra, lcu):
        assert (c.where, c.host, c.deployed, c.expended) == ("embarked", "LHD 1", True, True)
    assert all(g.state.units[u].hex == "F-11" and g.state.units[u].embarked_on is None for u in ("1 Alpha", "2 Alpha"))
    assert "Turn 2 (the expended card turns face up again, 9.21):" in lines
    i = lines.index("Turn 2 (the expended card turns face up again, 9.21):")
    assert lines[i + 1] == "  MEU Rotary Attack on LHD 1: right, face up (deployed, available)"
    assert "  MEU Rotary Attack (deployed: free, no AP): done" in lines


def test_11_1_moving_and_using_a_deployed_card_costs_1_ap_and_a_card_never_played_is_not_free():
    g, _ = ch11.ex_11_1_2()
    pass_turn(g)
    g.apply(A.BeginImpulse("TF Blue"))
    ap = g.impulse.ap
    g.apply(A.Declare((A.CoreAction("move_embarked_jcc", ("LHD 1",), jcc="MEU Rotary Attack"),)))
    assert g.impulse.ap == ap - 1            # moving and using a deployed card: 1 AP (11.1)
    g2 = ch11._game({"LHD 1": {"type": "usn_lhd", "hex": "E-6"}}, [{"name": "MEU Rotary Attack", "embark_on": "LHD 1"}])
    g2.apply(A.BeginImpulse("TF Blue"))
    g2.apply(A.Declare(()))
    refused(g2, A.PlayCard(cid(g2, "MEU Rotary Attack"), "A", targets=("1 Anna",)), "11.1")  # never deployed


# ------------------------------------------------------------------ 11.11 / 11.12
def test_11_11_deployed_and_expended_sides_and_the_refresh():
    g, _ = ch11.ex_11_1_1()
    c = _card(g, "Unmanned: Carrier")
    refused(g, A.PlayCard(c.cid, "A", targets=("H-8",)), "9.21", "expended")   # used once this turn
    pass_turn(g)
    c = _card(g, "Unmanned: Carrier")
    assert (c.where, c.deployed, c.expended) == ("embarked", True, False)      # face up again (9.21, 11.11)
    assert embark.load(g._ctx(), "LHA 8")["asv"] == 2                          # still aboard: its space held


def test_11_12_example_nick_stacked_ships_one_action_one_card_each():
    g, lines = ch11.ex_11_12()
    assert g.state.turn == 2 and g.impulse.ap == 2              # each turn ONE Core Action for both ships
    assert g.state.units["LHA 8"].hex == g.state.units["LHD 1"].hex == "E-11"
    for name, ship in (("MEU Fixed-Wing", "LHA 8"), ("Amphibious: LCAC", "LHA 8"),
                       ("MEU Rotary Lift", "LHD 1"), ("Amphibious: LCU", "LHD 1")):
        c = _card(g, name)
        assert (c.where, c.host, c.deployed, c.expended) == ("embarked", ship, True, True), name
    d = g.impulse.actions[0]
    assert d.embarked_ships == ["LHA 8", "LHD 1"]
    assert g.state.units["1 Alpha"].hex == g.state.units["2 Alpha"].hex == "F-11"
    assert sum(line.endswith(": done") for line in lines) == 6          # 2 plays in turn 1, 4 in turn 2


def test_11_12_one_new_card_per_ship_per_action():
    g = ch11._game({"LHA 8": {"type": "usn_lha", "hex": "E-1"}, "LHD 1": {"type": "usn_lhd", "hex": "E-1"}},
                   [{"name": "MEU Fixed-Wing", "embark_on": "LHA 8"},
                    {"name": "Unmanned: Carrier", "embark_on": "LHA 8"},
                    {"name": "MEU Rotary Attack", "embark_on": "LHD 1"}], forced=(5, 15, 18))
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("move_embarked_jcc", ("LHA 8", "LHD 1")),)))
    g.apply(A.Move(1, TURN1_PATH))
    g.apply(A.PlayCard(cid(g, "MEU Fixed-Wing"), "A", targets=("1 Anna",), action=1))
    refused(g, A.PlayCard(cid(g, "Unmanned: Carrier"), "A", targets=("H-8",), action=1), "3.31",
            "one Embarked card per ship")
    g.apply(A.PlayCard(cid(g, "MEU Rotary Attack"), "A", targets=("1 Anna",), action=1))     # the other ship's
    assert g.impulse.actions[0].embarked_ships == ["LHA 8", "LHD 1"]


def test_11_12_several_deployed_cards_each_used_once():
    g, _ = ch11.ex_11_12()
    for name in ("MEU Fixed-Wing", "MEU Rotary Lift"):
        refused(g, A.PlayCard(cid(g, name), "A", targets=("1 Anna",) if name == "MEU Fixed-Wing" else (),
                              hex=None if name == "MEU Fixed-Wing" else "F-7"), "9.21")


def test_11_12_other_task_forces_may_not_use_the_embarked_cards():
    units = {"LHD 1": {"type": "usn_lhd", "hex": "E-6", "task_force": "TF Memphis"},
             "DDG-51": {"type": "usn_ddg_51", "hex": "C-6", "task_force": "TF Boston"}}
    from lcb_lab import situation
    g = situation({**units, **ch11.ENEMY}, naval=ch11.SEA, mixed=ch11.COAST,
                  task_forces={"TF Memphis": "US", "TF Boston": "US", "TF Red": "RU"},
                  cards={"US": [{"name": "MEU Rotary Attack", "embark_on": "LHD 1"}]})
    g.state.cards["US-1"].deployed = g.state.cards["US-1"].face_up = True
    g.apply(A.BeginImpulse("TF Boston"))
    g.apply(A.Declare(()))
    refused(g, A.PlayCard("US-1", "A", targets=("1 Anna",)), "10.36")


# ------------------------------------------------------------------ 11.13
def _intercepted(g, fw, forced, turn_pass=False):
    g.dice.force(forced)
    g.apply(A.PlayCard(fw, "A", targets=("1 Anna",), action=None if turn_pass else 1))
    assert g.pending.kind == "card_response" and g.pending.team == "RU"
    g.apply(A.AnswerCards(card_intercepts=(A.CardIntercept("FFG-454", "INT1", 1, to=1),)))


def test_11_13_meu_fixed_wing_is_discarded_after_the_second_enemy_success():
    """MEU Fixed-Wing needs 2 enemy successes (9.04, 11.13): the first INTERCEPT (DETECT 3 <= 8,
    INTERCEPT 5 <= 12) puts one cube on it and expends it; the second, next turn, discards it
    -- and its 2 ASV leave the ship."""
    g = ch11._game({"LHA 8": {"type": "usn_lha", "hex": "E-6"},
                    "FFG-454": {"type": "rubf_ffg_gorshkov", "hex": "E-9", "face_up": True}},
                   [{"name": "MEU Fixed-Wing", "embark_on": "LHA 8"}])
    fw = cid(g, "MEU Fixed-Wing")
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("move_embarked_jcc", ("LHA 8",), jcc="MEU Fixed-Wing"),)))
    _intercepted(g, fw, [3, 5])
    c = g.state.cards[fw]
    assert (c.cubes, c.where, c.expended, c.deployed) == (1, "embarked", True, True)
    assert g.pending is None and not g.impulse.card_lrs                       # its LRS is lost
    assert embark.load(g._ctx(), "LHA 8")["asv"] == 2
    pass_turn(g)
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare(()))
    _intercepted(g, fw, [2, 6], turn_pass=True)                               # the free use, intercepted
    c = g.state.cards[fw]
    assert (c.cubes, c.where, c.host) == (2, "discarded", None)
    assert embark.load(g._ctx(), "LHA 8")["asv"] == 0


def test_11_13_a_one_hit_embarked_card_is_discarded_at_once():
    g = ch11._game({"LHD 1": {"type": "usn_lhd", "hex": "E-6"},
                    "FFG-454": {"type": "rubf_ffg_gorshkov", "hex": "E-9", "face_up": True}},
                   [{"name": "MEU Rotary Attack", "embark_on": "LHD 1"}])
    ra = cid(g, "MEU Rotary Attack")
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("move_embarked_jcc", ("LHD 1",), jcc="MEU Rotary Attack"),)))
    _intercepted(g, ra, [3, 5])
    assert g.state.cards[ra].where == "discarded"


# ------------------------------------------------------------------ hidden information
def test_the_other_team_sees_an_embarked_card_once_played_and_the_rest_as_a_count():
    g, _ = ch11.ex_11_1_2()
    ru = observe_cards(g.state, "RU")
    assert {c["name"] for c in ru["cards"]} == {"MEU Rotary Attack", "Amphibious: LCU"}    # played face up
    g0 = ch11._game({"LHD 1": {"type": "usn_lhd", "hex": "E-1"}}, [{"name": "MEU Rotary Attack", "embark_on": "LHD 1"},
                                                                  {"name": "Amphibious: LCU", "embark_on": "LHD 1"}])
    ru0 = observe_cards(g0.state, "RU")
    assert ru0["cards"] == [] and ru0["hidden"]["US"] == {"embarked": 2}
    assert "Rotary" not in json.dumps(ru0)


# ------------------------------------------------------------------ 11.0
def test_11_0_only_embark_capable_ships_declare_the_embarked_core_action():
    from lcb_lab import situation
    g = situation({"DDG-51": ("usn_ddg_51", "E-6"), **ch11.ENEMY}, naval=ch11.SEA, mixed=ch11.COAST)
    g.apply(A.BeginImpulse("TF Blue"))
    refused(g, A.Declare((A.CoreAction("move_embarked_jcc", ("DDG-51",)),)), "11.0", "Embark-capable")


def test_the_card_offers_follow_the_embarked_rules():
    """The legal card plays (what the lab and the random player offer): the second ship of a
    stacked action still plays its card (11.12 ex.); an Attached card usable while Embarked is
    offered through the ship's action (10.310)."""
    from lcb_lab.games.lcb.legal_cards import play_card_options
    g = ch11._game({"LHA 8": {"type": "usn_lha", "hex": "E-1"}, "LHD 1": {"type": "usn_lhd", "hex": "E-1"},
                    "1 Alpha": {"type": "usmc_infantry_platoon", "embarked_on": "LHD 1"}},
                   [{"name": "MEU Fixed-Wing", "embark_on": "LHA 8"},
                    {"name": "MEU Rotary Attack", "embark_on": "LHD 1"},
                    {"name": "Unmanned Boats", "attach_to": "1 Alpha"}], forced=(5, 15, 18))
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("move_embarked_jcc", ("LHA 8", "LHD 1")),)))
    g.apply(A.Move(1, TURN1_PATH))                   # 1 Anna (H-8) within 5 hexes of the ships
    offered = {a.card: a for a in play_card_options(g)}
    assert {cid(g, "MEU Fixed-Wing"), cid(g, "MEU Rotary Attack"), cid(g, "Unmanned Boats")} <= set(offered)
    assert offered[cid(g, "Unmanned Boats")].action == 1            # through the ship's Embarked action
    g.apply(A.PlayCard(cid(g, "MEU Fixed-Wing"), "A", targets=("1 Anna",), action=1))
    offered = {a.card for a in play_card_options(g)}
    assert cid(g, "MEU Rotary Attack") in offered and cid(g, "MEU Fixed-Wing") not in offered


def test_11_1_using_embarked_cards_never_reveals_the_ship_even_when_they_attack():
    for ex in (ch11.ex_11_1_2, ch11.ex_11_12):
        g, _ = ex()
        assert not g.state.units["LHD 1"].revealed
    g, _ = ch11.ex_11_12()
    assert not g.state.units["LHA 8"].revealed


def test_10_36_each_ship_plays_only_its_own_embarked_cards():
    g = ch11._game({"LHA 8": {"type": "usn_lha", "hex": "E-1"}, "LHD 1": {"type": "usn_lhd", "hex": "C-1"}},
                   [{"name": "MEU Fixed-Wing", "embark_on": "LHA 8"}])
    g.apply(A.BeginImpulse("TF Blue"))
    refused(g, A.Declare((A.CoreAction("move_embarked_jcc", ("LHD 1",), jcc="MEU Fixed-Wing"),)), "11.1",
            "not an Embarked card of LHD 1")
    g.apply(A.Declare((A.CoreAction("move_embarked_jcc", ("LHD 1",)),)))
    refused(g, A.PlayCard(cid(g, "MEU Fixed-Wing"), "A", targets=("1 Anna",), action=1), "11.1", "host's (LHA 8)")


def test_11_12_a_free_use_costs_no_ap_and_does_not_move_the_ship():
    g, _ = ch11.ex_11_12()
    pass_turn(g)
    g.apply(A.BeginImpulse("TF Blue"))
    ap = g.impulse.ap
    g.apply(A.Declare(()))                                    # no Core Action: nothing may move (11.12)
    g.apply(A.PlayCard(cid(g, "MEU Fixed-Wing"), "A", targets=("1 Anna",)))
    g.apply(A.CommitCombat())
    g.apply(A.ResolveCombat())
    assert g.impulse.actions == [] and g.state.units["LHA 8"].hex == "E-11"
    assert _card(g, "MEU Fixed-Wing").expended and ap == 3
