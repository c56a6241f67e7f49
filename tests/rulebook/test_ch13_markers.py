"""Chapter 13 (special markers, 13.1-13.53 but 13.38): the worked examples with forced dice,
the refusals, and what the other team may see."""
from __future__ import annotations

import pytest

import lcb_lab
from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.choice_options import Attacker
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.games.lcb.observer import redact_log
from lcb_lab.games.lcb.rules.markers import fortify, isr, mines, sof
from lcb_lab.games.lcb.content.worked import ch13
from lcb_lab.games.lcb.content.worked.ch12 import next_blue_impulse
from tests.refusals import refused




# ---------------------------------------------------------------- 13.1 Proxy Forces
def test_13_14_example_ruling_three_or_less_takes_both_lrs_supplies():
    g, out = ch13.ex_13_14(roll=3)
    w = g.unit("1 Whiskey")
    assert (w.supply["LRS1"], w.supply["LRS2"]) == (5, 2)          # 6 -> 5, 3 -> 2
    assert g.state.rulings[0]["succeeds_on"] == 3 and g.state.rulings[0]["team"] == "RU"
    assert w.revealed                                               # 13.12: reveals enemies in its hex
    assert any("needs 3 or less (ruling 1)" in x for x in out)


def test_13_14_example_a_four_fails_the_ruling():
    g, out = ch13.ex_13_14(roll=4)
    w = g.unit("1 Whiskey")
    assert (w.supply["LRS1"], w.supply["LRS2"]) == (6, 3)
    assert any("effect fails" in x for x in out)


def test_13_14_a_ruling_is_available_to_both_sides_and_the_standard_roll_is_6():
    g = lcb_lab.situation(units={"1 Alpha": {"type": "usmc_infantry_platoon", "hex": "H-8"},
                                 "1 Anna": {"type": "runi_naval_infantry_platoon", "hex": "D-4"}},
                          cards={"US": ["Proxy Forces: Partisans"]}, forced=[3, 6])
    g.apply(A.InstructorRuling("RU", "sabotage", succeeds_on=3, supply_loss=("GA",)))
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("play_jcc", (), jcc="Proxy Forces: Partisans"),)))
    g.apply(A.PlayCard("Proxy Forces: Partisans", "A", hex="D-4", action=1))
    m = g.state.card_markers["PROXY-1"]
    assert (m.hp, m.mp, m.revealed) == (1, 2, True)     # 13.12; placed among enemy ground units: revealed (6.22)
    g.apply(A.MarkerAction("PROXY-1", then="effect", targets=("ruling:1", "1 Anna")))   # RU's ruling, a US proxy
    assert any("needs 3 or less (ruling 1)" in e["text"] for e in g.state.log[-3:])
    refused(g, A.MarkerAction("PROXY-1", then="effect"), "13.12")    # once per turn


def test_13_12_proxy_ground_assault_cv_3_up_to_4_dice():
    g = lcb_lab.situation(units={"1 Whiskey": {"type": "usmc_himars_section", "hex": "D-4"},
                                 "1 Anna": {"type": "runi_naval_infantry_platoon", "hex": "H-8"}},
                          cards={"RU": ["Proxy Forces: Militia"]}, initiative="RU", forced=[3, 4, 1, 20])
    g.apply(A.BeginImpulse("TF Red"))
    g.apply(A.Declare((A.CoreAction("play_jcc", (), jcc="Proxy Forces: Militia"),)))
    g.apply(A.PlayCard("Proxy Forces: Militia", "A", hex="C-4", action=1))
    refused(g, A.MarkerAction("PROXY-1", path=("D-4",), then="combat", targets=("1 Whiskey",), dice=5), "13.12")
    refused(g, A.MarkerAction("PROXY-1", path=("D-4", "E-4", "F-4"), then="none"), "13.12")   # 2 MP
    g.apply(A.MarkerAction("PROXY-1", path=("D-4",), then="combat", targets=("1 Whiskey",), dice=4))
    assert g.unit("1 Whiskey").hp == 0 and g.unit("1 Whiskey").destroyed   # 3, 1 hit at CV 3: 2 HP
    roll = next(e for e in g.state.log if e["kind"] == "ga_roll")
    assert roll["data"]["cv"] == 3 and roll["data"]["hits"] == 2


def test_13_13_destroyed_proxy_rolls_for_the_influence_meter():
    for die, meter in ((12, -1), (13, 0)):
        g = lcb_lab.situation(units={"1 Alpha": {"type": "usmc_infantry_platoon", "hex": "H-8"},
                                     "1 Anna": {"type": "runi_naval_infantry_platoon", "hex": "B-2"}},
                              cards={"RU": ["Proxy Forces: Militia"]}, initiative="RU", forced=[die])
        g.apply(A.BeginImpulse("TF Red"))
        g.apply(A.Declare((A.CoreAction("play_jcc", (), jcc="Proxy Forces: Militia"),)))
        g.apply(A.PlayCard("Proxy Forces: Militia", "A", hex="D-4", action=1))
        ctx = g._ctx()
        assert isr.hit(ctx, g.state.card_markers["PROXY-1"], 1)
        assert g.state.influence == meter              # US destroyed it: US influence -1 = toward RU
        assert "PROXY-1" not in g.state.card_markers
        assert g.state.cards["RU-1"].where == "discarded"


# ---------------------------------------------------------------- 13.2 ISR markers
def test_13_25_example_vbat_revealed_intercepted_and_discarded():
    g, out = ch13.ex_13_25()
    assert "ISR-1" not in g.state.card_markers
    assert g.state.cards["US-1"].where == "removed"           # an Attached card is not cycled back (9.07)
    assert not g.unit("1 Zhuk").revealed                      # INTERCEPTed before its effect
    assert any("ISR-1 revealed: an opposing unit is in E-5 (13.23)" in x for x in out)
    assert any("2 Anna INTERCEPTs V-BAT (US): 2 hits" in x for x in out)
    assert g.pending is None and not g.state.chain


def test_13_25_intercept_misses_and_the_effect_reveals():
    g, out = ch13.ex_13_25(intercept=(13, 20), effect=(2,))     # 2 dice miss; the effect rolls 2 <= 14
    assert g.state.card_markers["ISR-1"].revealed
    assert g.unit("1 Zhuk").revealed
    assert g.state.cards["US-1"].where == "attached"


def _vbat(forced=()):
    return ch13.vbat_next_turn(forced)


def test_13_21_first_use_places_it_concealed_in_the_hosts_hex_and_is_the_turns_action():
    g = lcb_lab.situation(units={"1 Whiskey": {"type": "usmc_himars_section", "hex": "B-5"},
                                 "1 Zhuk": {"type": "runi_naval_infantry_platoon", "hex": "E-5"}},
                          cards={"US": [{"name": "V-BAT", "attach_to": "1 Whiskey"}]})
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("play_jcc", (), jcc="V-BAT"),)))
    refused(g, A.PlayCard("V-BAT", "A", hex="F-5", action=1), "13.21")          # 4 hexes: MP 3
    g.apply(A.PlayCard("V-BAT", "A", action=1))
    m = g.state.card_markers["ISR-1"]
    assert (m.hex, m.revealed, m.mp, m.acted) == ("B-5", False, 3, True)
    assert not any("ISR-1" in e["title"] for e in redact_log(g.state.log, "RU"))   # the host stays hidden
    refused(g, A.MarkerAction("ISR-1", path=("C-5",)), "13.21")                 # its action this turn is used
    g2 = _vbat()
    e = refused(g2, A.PlayCard("V-BAT", "A", hex="C-5"), "13.21")               # no second marker
    assert "MarkerAction" in e.reason


def test_13_21_one_free_action_per_turn():
    g = _vbat(forced=[15])
    g.apply(A.MarkerAction("ISR-1", path=("C-5", "D-5"), then="effect"))   # concealed: no INTERCEPT window
    assert g.pending is None
    assert not g.unit("1 Zhuk").revealed                                   # nobody in D-5 (the roll 15 fails anyway)
    e = refused(g, A.MarkerAction("ISR-1", then="conceal"), "13.21")
    assert "one free action this turn" in e.reason
    refused(g, A.MarkerAction("ISR-1", path=("C-5",)), "13.21")
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse("TF Red"))
    g.apply(A.EndImpulse())                              # the last impulse: the turn ends
    assert g.state.turn == 3 and not g.state.card_markers["ISR-1"].acted
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare(()))
    g.apply(A.MarkerAction("ISR-1", path=("C-5",), then="none"))       # free again in the new turn
    assert g.state.card_markers["ISR-1"].hex == "C-5"


def test_13_25_later_turn_marker_action_revealed_and_intercepted():
    g = _vbat(forced=[3, 20])
    g.apply(A.MarkerAction("ISR-1", path=("C-5", "D-5", "E-5"), then="effect"))
    assert g.state.card_markers["ISR-1"].revealed and g.pending.kind == "card_response"
    g.apply(A.AnswerCards(card_intercepts=(A.CardIntercept("2 Anna", "INT1", 2, to=1),)))   # 3 hits, 20 misses
    assert "ISR-1" not in g.state.card_markers and g.state.cards["US-1"].where == "removed"
    assert not g.unit("1 Zhuk").revealed


def test_13_25_a_concealed_marker_is_not_offered_for_intercept():
    g = lcb_lab.situation(units={"1 Whiskey": {"type": "usmc_himars_section", "hex": "B-5"},
                                 "2 Anna": {"type": "runi_naval_infantry_platoon", "hex": "E-6"}},
                          cards={"US": [{"name": "V-BAT", "attach_to": "1 Whiskey"}],
                                 "RU": [{"name": "Pantsir-SM: IAMD", "attach_to": "2 Anna"}]}, forced=[1])
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("play_jcc", (), jcc="V-BAT"),)))
    g.apply(A.PlayCard("V-BAT", "A", hex="D-5", action=1))       # D-5: in Pantsir range, nobody there
    assert g.pending is None and not g.state.card_markers["ISR-1"].revealed


def test_13_21_moves_once_per_impulse_and_within_its_mp():
    g = _vbat()
    refused(g, A.MarkerAction("ISR-1", path=("C-5", "D-5", "E-5", "F-5")), "13.21")      # 4 > 3 MP
    refused(g, A.MarkerAction("ISR-1", path=("B-5", "D-5")), "13.21")                   # not adjacent
    refused(g, A.MarkerAction("ISR-1", then="effect", action=1), "13.21")               # the action is free


def test_13_23_cannot_conceal_next_to_the_enemy_and_must_be_revealed_to_be_intercepted():
    g = _vbat()
    g.apply(A.MarkerAction("ISR-1", path=("C-5", "D-5", "E-5"), then="none"))
    m = g.state.card_markers["ISR-1"]
    assert m.revealed
    from lcb_lab.games.lcb.rules.cards import intercept as card_intercept
    from lcb_lab.games.lcb.model.state import CardPlay
    m.revealed = False                                   # a concealed marker's link: not INTERCEPTable
    link = CardPlay(1, "US-1", "US", "B", [], "E-5", data={"kind": "play", "marker": "ISR-1"})
    v = next(x for x in card_intercept.iamd_values(g._ctx(), "RU"))
    assert card_intercept.refusal(g._ctx(), v, link)[0] == "13.25"
    m.revealed = True
    m.acted = False
    e = refused(g, A.MarkerAction("ISR-1", then="conceal"), "13.23")
    assert "opposing unit" in e.reason


def test_13_23_a_mildec_is_no_unit_it_neither_reveals_an_isr_marker_nor_keeps_it_from_concealing():
    """lcb_lab's reading of 13.23 with 4.22 (MILDEC counters "do not count as units") and 6.2
    (they exert no ZOR): only an opposing *unit* (or ISR marker, or naval ZOR) reveals an ISR
    marker or keeps it from concealing.  A marker entering a hex that holds only an enemy MILDEC
    stays concealed, and a revealed one there may conceal -- so its owner learns that the back
    there is no unit, as a ground unit entering a MILDEC's hex does (6.22 reveals only units):
    the rules give that, not the engine (at the table the owner of the back says whether the
    marker is revealed)."""
    g = ch13.vbat_next_turn(markers={"MIL-1": ("C-5", "TF Red", "mildec")})
    assert [c["back"] for c in g.view("US")["counters"] if c["hex"] == "C-5"] == [True]   # a back to US
    g.apply(A.MarkerAction("ISR-1", path=("C-5",), then="none"))
    m = g.state.card_markers["ISR-1"]
    assert (m.hex, m.revealed) == ("C-5", False)                 # a MILDEC is no opposing unit
    m.revealed, m.acted = True, False                            # (staged) revealed there by a card
    g.apply(A.MarkerAction("ISR-1", then="conceal"))
    assert not m.revealed
    m.revealed, m.acted = True, False
    g.state.card_markers["ISR-1"].hex = "E-5"                    # (staged) with 1 Zhuk, a unit: refused
    e = refused(g, A.MarkerAction("ISR-1", then="conceal"), "13.23")
    assert e.reason == "ISR-1 cannot conceal itself: an opposing unit is in E-5"


def test_13_26_hit_on_a_marker_discards_it_with_its_cargo():
    g = _vbat()
    ctx = g._ctx()
    m = g.state.card_markers["ISR-1"]
    m.hp, m.cargo = 2, ["1 Whiskey"]
    assert not isr.hit(ctx, m, 1) and m.hp == 1 and not g.unit("1 Whiskey").destroyed
    assert isr.hit(ctx, m, 1)
    assert g.unit("1 Whiskey").destroyed and "ISR-1" not in g.state.card_markers
    assert g.state.cards["US-1"].where in ("removed", "discarded")


# ---------------------------------------------------------------- 13.3 mines
def test_13_33_example_two_mines_two_dice_at_13():
    g, out = ch13.ex_13_33((13, 14))
    assert g.unit("DDG-51").hp == 2 and g.unit("DDG-80").hp == 3       # 13 hits, 14 misses
    assert all(g.unit(u).hex == "D-2" for u in ("DDG-51", "DDG-80", "DDG(X)-106"))   # the move goes on
    assert not [m for m in g.state.card_markers.values() if m.kind == "mine"]
    assert any("mines cannot be INTERCEPTed" in x for x in out)


def test_13_34_example_hidden_stack_naval_mildec_four_mines():
    g, out = ch13.ex_13_34()
    assert g.unit("DDG-51").destroyed                      # 2 successes on 2 HP
    assert g.unit("DDG-80").hp == 3 and g.unit("DDG-80").hex == "D-2"
    assert g.state.markers["M1"].destroyed                 # the naval MILDEC took DDG-80's hit
    assert not [m for m in g.state.card_markers.values() if m.kind == "mine"]


def test_13_34_owner_designates_backs_not_names():
    g = lcb_lab.situation(units={"DDG-51": {"type": "usn_ddg_51", "hex": "B-2"},
                                 "DDG-80": {"type": "usn_ddg_51", "hex": "B-2"},
                                 "1 Anna": ("runi_naval_infantry_platoon", "H-8")},
                          markers={"M1": ("B-2", "TF Blue", "naval_mildec")}, naval=ch13.SEA)
    ch13.lay_mines(g, "RU", "C-2", 4)
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("DDG-51", "DDG-80"), markers=("M1",)),)))
    g.apply(A.Move(1, ("C-2",)))
    c = g.pending
    assert (c.kind, c.team) == ("mine_attack", "RU")
    assert len(c.options.targets) == 3 and all(t.startswith("hidden:C-2:") for t in c.options.targets)
    refused(g, A.AnswerMines(mines=(A.MineShot("DDG-51", 1),)), "13.34")     # a name RU does not know
    refused(g, A.AnswerMines(mines=(A.MineShot(c.options.targets[0], 5),)), "13.33")   # 4 cubes only
    refused(g, A.Move(1, ("D-2",)), "13.33")                              # the move waits for the mines
    refused(g, A.EndImpulse(), "13.34")


def test_13_35_mines_laid_in_an_occupied_hex_trigger_on_leaving_once_per_move():
    g = lcb_lab.situation(units={"DDG-51": {"type": "usn_ddg_51", "hex": "B-2", "face_up": True},
                                 "1 Anna": ("runi_naval_infantry_platoon", "H-8")}, naval=ch13.SEA, forced=[20])
    ch13.lay_mines(g, "RU", "B-2", 1)
    ch13.lay_mines(g, "RU", "D-2", 1)
    assert g.pending is None                                     # placing triggers nothing (13.35)
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("DDG-51",)),)))
    g.apply(A.Move(1, ("C-2", "D-2", "E-2")))
    assert g.pending.options.event == "leaves" and g.unit("DDG-51").hex == "B-2"
    g.apply(A.AnswerMines(mines=(A.MineShot("DDG-51", 1),)))          # 20: a miss
    assert g.pending.options.event == "enters" and g.unit("DDG-51").hex == "D-2"
    g.apply(A.Answer())                                           # held: passes on, D-2 not re-triggered
    assert g.pending is None and g.unit("DDG-51").hex == "E-2"
    assert mines.mine_in(g._ctx(), "D-2", "RU").level == 1


def test_13_36_friendly_counters_never_trigger_mines():
    g = lcb_lab.situation(units={"DDG-51": {"type": "usn_ddg_51", "hex": "B-2"},
                                 "1 Anna": ("runi_naval_infantry_platoon", "H-8")}, naval=ch13.SEA)
    ch13.lay_mines(g, "US", "C-2", 2)
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("DDG-51",)),)))
    g.apply(A.Move(1, ("C-2", "D-2")))
    assert g.pending is None and g.unit("DDG-51").hex == "D-2"


def test_13_37_secret_mines_unseen_by_the_other_team_until_triggered():
    g = lcb_lab.situation(units={"DDG-51": {"type": "usn_ddg_51", "hex": "B-2", "face_up": True},
                                 "1 Anna": ("runi_naval_infantry_platoon", "H-8")},
                          cards={"RU": ["Naval Mines"]}, naval=ch13.SEA, initiative="RU", forced=[20, 20])
    g.apply(A.BeginImpulse("TF Red"))
    g.apply(A.Declare((A.CoreAction("play_jcc", (), jcc="Naval Mines"),)))
    refused(g, A.PlayCard("Naval Mines", "A", targets=("C-2", "D-2", "E-2"), action=1), "13.31")   # 2 hexes
    refused(g, A.PlayCard("Naval Mines", "A", targets=("C-4",), action=1), "13.31")                 # land
    g.apply(A.PlayCard("Naval Mines", "A", targets=("C-2", "D-2"), action=1))
    assert [m.level for m in g.state.card_markers.values()] == [2, 2]
    us_log = redact_log(g.state.log, "US")
    assert not any("C-2" in (e["title"] + e["text"]) or "D-2" in (e["title"] + e["text"]) for e in us_log)
    assert all(e.get("kind") != "mine" for e in us_log)
    assert g.view("US")["card_markers"] == []
    assert len(g.view("RU")["card_markers"]) == 2
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("DDG-51",)),)))
    g.apply(A.Move(1, ("C-2",)))
    assert g.view("US")["card_markers"] == []                     # a pending attack reveals nothing yet
    g.apply(A.AnswerMines(mines=(A.MineShot("DDG-51", 1),)))          # 20: a miss; 1 cube left, now known
    seen = g.view("US")["card_markers"]
    assert [(m["hex"], m["kind"], m["level"]) for m in seen] == [("C-2", "mine", 1)]     # D-2 still secret


def _naval_mines_played(played: bool = True):
    """RU plays (or keeps) Naval Mines: 2 secret cubes each in C-2 and D-2; US DDG-51 (B-2) declared to move."""
    return ch13.mines_before_a_move(("C-2", "D-2"), played)


def test_13_34_a_stop_at_secret_mines_tells_the_hex_and_a_move_past_them_is_not_taken_back():
    """lcb_lab's reading of 13.34 with 13.37's secret mines: a mined hex stops the move whatever
    its owner then does, so the stop tells the mover the hex is mined (its move line), not the
    cubes (13.33: they show when they strike).  Once RU is known to hold secret mines (it played
    Naval Mines; a scenario's minefield too), every US move is a look for them -- stopped, or gone
    on past hexes that held none -- and US cannot take it back; the instructor can."""
    from lcb_lab.games.lcb.whatif.timeline import MINES_LOOK, secret_mines_possible, undo_allowed
    g = _naval_mines_played()
    assert secret_mines_possible(g, "RU") and not secret_mines_possible(g, "US")
    g.apply(A.Move(1, ("B-3",)))                                      # no mines there
    assert g.pending is None and undo_allowed(g, "US") == (
        False, "a move while the other side may hold secret mines cannot be taken back (13.34, 13.37)") == (False, MINES_LOOK)
    assert undo_allowed(g, "instructor")[0]
    g.undo()
    g.apply(A.Move(1, ("C-2", "D-2")))                               # stopped in C-2
    assert (g.unit("DDG-51").hex, g.to_act(), g.pending.kind) == ("C-2", "RU", "mine_attack")
    us = [e["text"] for e in g.log_entries("US") if e["kind"] == "move"]
    assert us[-1] == ("DDG-51 move B-2 -> C-2; stopped by mines in C-2 until they are resolved (13.34)")
    assert g.view("US")["card_markers"] == [] and not undo_allowed(g, "US")[0]
    unplayed = _naval_mines_played(played=False)                      # nothing known of RU mines: undoable
    unplayed.apply(A.Move(1, ("B-3",)))
    assert not secret_mines_possible(unplayed, "RU") and undo_allowed(unplayed, "US")[0]


def test_13_37_a_scenario_minefield_is_known_to_be_there_not_where():
    from lcb_lab import load_scenario
    from lcb_lab.games.lcb.whatif.timeline import secret_mines_possible
    g = load_scenario("slite_landing", seed=1)
    assert secret_mines_possible(g, "RU") and not secret_mines_possible(g, "US")
    assert [m["kind"] for m in g.view("RU")["card_markers"]].count("mine") == 1       # RU's own, in AM-21
    assert "mine" not in [m["kind"] for m in g.view("US")["card_markers"]]           # where: RU's secret


def test_13_37_scenario_key_places_secret_minefields(tmp_path):
    from lcb_lab import load_scenario
    from lcb_lab.games.lcb.model.board import load_board
    from lcb_lab.kernel.errors import ScenarioError
    board = load_board("gotland")
    sea = next(h for h in sorted(board.mp_costs()) if board.hex(h).has_water and not board.hex(h).has_land
               and board.hex(h).mp_cost is not None)
    from lcb_lab.games.lcb.io.resources import scenario_text
    text = scenario_text("gotland_redux")
    f = tmp_path / "mined.toml"
    f.write_text(text + f'\n[[mines]]\nteam = "RU"\nhex = "{sea}"\ncubes = 3\n')
    g = load_scenario(str(f))
    m = [x for x in g.state.card_markers.values() if x.kind == "mine"]
    assert [(x.hex, x.level, x.team, x.revealed) for x in m] == [(sea, 3, "RU", False)]
    assert all(x["kind"] != "mine" for x in g.view("US")["card_markers"])
    assert [x["hex"] for x in g.view("RU")["card_markers"] if x["kind"] == "mine"] == [sea]
    land = next(h for h in sorted(board.mp_costs()) if not board.hex(h).has_water and board.hex(h).mp_cost)
    f.write_text(text + f'\n[[mines]]\nteam = "RU"\nhex = "{land}"\nterrain = "water"\n')
    with pytest.raises(ScenarioError):
        load_scenario(str(f))


def test_13_32_clear_mines_card():
    g = lcb_lab.situation(units={"DDG-51": {"type": "usn_ddg_51", "hex": "B-2"},
                                 "1 Anna": ("runi_naval_infantry_platoon", "H-8")},
                          cards={"US": [{"name": "Mine Countermeasures", "attach_to": "DDG-51"}]},
                          naval=ch13.SEA, forced=[14])
    ch13.lay_mines(g, "RU", "D-2", 3)
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("play_jcc", (), jcc="Mine Countermeasures"),)))
    g.apply(A.PlayCard("Mine Countermeasures", "A", hex="D-2", action=1))
    assert mines.mine_in(g._ctx(), "D-2", "RU") is None


def test_mine_policies_and_legal_answers():
    from lcb_lab.games.lcb import legal
    from lcb_lab.games.lcb.choices import policy_value
    g = lcb_lab.situation(units={"DDG-51": {"type": "usn_ddg_51", "hex": "B-2", "face_up": True},
                                 "DDG-80": {"type": "usn_ddg_51", "hex": "B-2", "face_up": True},
                                 "1 Anna": ("runi_naval_infantry_platoon", "H-8")}, naval=ch13.SEA, seed=1)
    ch13.lay_mines(g, "RU", "C-2", 3)
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("DDG-51", "DDG-80")),)))
    g.apply(A.Move(1, ("C-2",)))
    assert policy_value(g.pending) == [("DDG-51", 2), ("DDG-80", 1)]
    assert policy_value(g.pending, "hold_mines") == []
    acts = legal.legal_actions(g)
    assert A.AnswerMines(mines=(A.MineShot("DDG-80", 3),)) in acts and A.Answer() in acts


# ---------------------------------------------------------------- 13.4 SOF
def _sof(forced=(1,)):
    g = lcb_lab.situation(units={"1 Alpha": {"type": "usmc_infantry_platoon", "hex": "H-8"},
                                 "1 Zhuk": {"type": "runi_naval_infantry_platoon", "hex": "D-4"},
                                 "1 Ivan": {"type": "runi_logistics_company", "hex": "D-6"},
                                 "2 Zhuk": {"type": "runi_naval_infantry_platoon", "hex": "D-5", "supply": {"GA": 0}}},
                          cards={"US": ["MARSOC HALO"]}, forced=list(forced))
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("play_jcc", (), jcc="MARSOC HALO"),)))
    g.apply(A.PlayCard("MARSOC HALO", "A", hex="D-5", action=1))
    return g


def test_13_41_sof_never_attacks_or_moves_and_13_42_reveals():
    g = _sof()
    assert g.unit("2 Zhuk").revealed                                # 13.42
    refused(g, A.MarkerAction("SOF-1", path=("D-4",)), "13.41")
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse("TF Red"))
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare(()))
    assert g.state.continuing == {"D-5": "continuing"}               # its only fight: the hex's (13.41, 7.21)
    e = refused(g, A.MarkerAction("SOF-1", path=("D-6",), then="combat", targets=("2 Zhuk",), dice=2), "13.41")
    assert "never moves or attacks" in e.reason


def test_13_42_a_unit_in_a_sof_markers_hex_may_not_conceal_itself():
    """13.42: a SOF marker reveals the opposing units in its hex automatically -- so 2 Zhuk,
    in D-5 with SOF-1, may not turn face down there (found by the random player: a unit that
    concealed itself there left the SOF marker nothing to name in its Continuing Combat)."""
    g = _sof()
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse("TF Red"))
    g.apply(A.Declare((A.CoreAction("move_conceal", ("2 Zhuk",)),)))
    e = refused(g, A.Conceal(1), "13.42")
    assert e.reason == "2 Zhuk shares D-5 with the enemy SOF marker SOF-1, which reveals it"


def test_13_43_lrs_alone_cannot_destroy_sof_13_44_concealed_untargetable():
    g = _sof()
    ctx = g._ctx()
    m = g.state.card_markers["SOF-1"]
    assert not sof.damage(ctx, m, "RU", lrs_hits=3, ga_hits=0, ga_engaged=False) and m.hp == 1
    assert sof.damage(ctx, m, "RU", lrs_hits=1, ga_hits=0, ga_engaged=True)     # GA need not hit
    assert "SOF-1" not in g.state.card_markers and g.state.cards["US-1"].where == "discarded"
    g2 = _sof()
    m2 = g2.state.card_markers["SOF-1"]
    m2.revealed = False
    with pytest.raises(IllegalAction) as e:
        sof.damage(g2._ctx(), m2, "RU", 0, 1, True)
    assert e.value.rule == "13.44"


def test_13_4_a_sof_marker_has_the_values_its_card_gives():
    """13.4: each side's SOF cards outline their markers' specific effects. A card that gives its
    SOF marker 2 HP, GROUND ASSAULT CV 12 and 3 dice places a marker with exactly those (the
    MARSOC HALO of the deck prints none: 1 HP, CV 10, 2 dice, sandbox)."""
    from lcb_lab.games.lcb.model.cards import Decks, load_decks
    decks = load_decks()
    ct = decks.card("US", "MARSOC HALO")
    eff = ct.effects[0].model_copy(update={"args": {**ct.effects[0].args, "hp": 2, "ga_cv": 12, "ga_dice": 3}})
    decks = Decks(cards=dict(decks.cards, US=dict(decks.cards["US"], **{ct.name: ct.model_copy(update={"effects": (eff,)})})))
    g = lcb_lab.situation(units={"1 Alpha": {"type": "usmc_infantry_platoon", "hex": "H-8"},
                                 "2 Zhuk": {"type": "runi_naval_infantry_platoon", "hex": "D-5"}},
                          cards={"US": ["MARSOC HALO"]}, forced=[1], decks=decks)
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("play_jcc", (), jcc="MARSOC HALO"),)))
    g.apply(A.PlayCard("MARSOC HALO", "A", hex="D-5", action=1))
    m = g.state.card_markers["SOF-1"]
    assert (m.hp, m.data["ga_cv"], m.data["ga_dice"]) == (2, 12, 3)
    assert not sof.damage(g._ctx(), m, "RU", lrs_hits=0, ga_hits=1, ga_engaged=True) and m.hp == 1   # 2 HP: one hit stays
    plain = _sof().state.card_markers["SOF-1"]
    assert (plain.hp, plain.data["ga_cv"], plain.data["ga_dice"]) == (1, 10, 2)


def test_13_45_sof_contests_its_hex_against_resupply():
    g = _sof()
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse("TF Red"))
    g.apply(A.Declare((A.CoreAction("move_resupply", ("1 Ivan",)),)))
    e = refused(g, A.Resupply(1, "1 Ivan", "RV1", (A.Grant("2 Zhuk", "GA", 1),)), "13.45")
    assert "SOF" in e.reason
    from lcb_lab.games.lcb.rules.movement.resupply import blocked_hexes
    assert "D-5" in blocked_hexes(g._ctx(), "RU")


# ---------------------------------------------------------------- 13.5 fortifications
def test_13_51_example_level_1_two_hexes_away_host_cannot_move():
    g, out = ch13.ex_13_51()
    f = fortify.fort_in(g.state, "D-4")
    assert (f.level, f.team) == (1, "US")
    assert out[-1].startswith("Move refused (13.51)")
    assert fortify.ga_modifiers(g.state, "D-4", "RU") == [("Fortification level 1", -2, "13.51")]
    assert fortify.lrs_modifiers(g.state, "RU", "D-4", False) == []
    assert fortify.ga_modifiers(g.state, "D-4", "US") == []         # never for its own team (13.53)


def test_13_51_level_2_and_the_limit_and_modifiers_in_combat():
    g, _ = ch13.ex_13_51()
    f = fortify.fort_in(g.state, "D-4")
    f.level = 2
    assert fortify.ga_modifiers(g.state, "D-4", "RU") == [("Fortification level 2", -4, "13.51")]
    assert fortify.lrs_modifiers(g.state, "RU", "D-4", False) == [("Fortification level 2", -2, "13.51")]
    from lcb_lab.games.lcb.rules.combat.network import lrs_modifiers
    assert ("Fortification level 2", -2, "13.51") in lrs_modifiers(g.state, g.board, "RU", "D-4", False)


def test_13_51_ga_into_a_fortified_hex_rolls_at_cv_minus_2():
    g = lcb_lab.situation(units={"1 Alpha": {"type": "usmc_infantry_platoon", "hex": "B-4"},
                                 "2 Alpha": {"type": "usmc_infantry_platoon", "hex": "D-4", "face_up": True},
                                 "1 Anna": {"type": "runi_naval_infantry_platoon", "hex": "E-4"}},
                          cards={"US": [{"name": "Combat Engineers", "attach_to": "1 Alpha"}]},
                          forced=[20, 20, 20, 20, 20, 20, 20, 20], auto={})
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("play_jcc", (), jcc="Combat Engineers"),)))
    g.apply(A.PlayCard("Combat Engineers", "A", hex="D-4", action=1))
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse("TF Red"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("1 Anna",)),)))
    g.apply(A.Move(1, ("D-4",)))
    g.apply(A.CommitCombat(ga=(A.GroundAssault("1 Anna", "2 Alpha", 1),)))
    g.apply(A.ResolveCombat())
    roll = next(e for e in g.state.log if e["kind"] == "ga_roll" and e["title"].endswith("1 Anna -> 2 Alpha"))
    assert ("Fortification level 1", -2, "13.51") in [tuple(m) for m in roll["data"]["modifiers"]]
    base = g.catalog.unit("runi_naval_infantry_platoon").cv("GA").value
    assert roll["data"]["cv"] == base - 2 and roll["data"]["base_cv"] == base


def test_13_52_refusals_contested_naval_not_friendly():
    g = lcb_lab.situation(units={"1 Alpha": {"type": "usmc_infantry_platoon", "hex": "B-4"},
                                 "2 Alpha": {"type": "usmc_infantry_platoon", "hex": "C-4"},
                                 "1 Anna": {"type": "runi_naval_infantry_platoon", "hex": "C-4"}},
                          cards={"US": [{"name": "Combat Engineers", "attach_to": "1 Alpha"}]}, naval=["B-3"])
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("play_jcc", (), jcc="Combat Engineers"),)))
    e = refused(g, A.PlayCard("Combat Engineers", "A", hex="C-4", action=1), "13.52")
    assert "contested" in e.reason
    refused(g, A.PlayCard("Combat Engineers", "A", hex="B-3", action=1), "13.52")      # naval
    refused(g, A.PlayCard("Combat Engineers", "A", hex="D-4", action=1), "13.52")      # nobody friendly there
    refused(g, A.PlayCard("Combat Engineers", "A", hex="E-4", action=1), "7.31")       # 3 hexes: range 2


def test_13_53_abandoned_fortification_removed_at_end_of_turn():
    g, _ = ch13.ex_13_51()
    g.unit("2 Alpha").hex = "E-4"                           # the hex is abandoned
    fortify.end_of_turn(g._ctx())
    assert fortify.fort_in(g.state, "D-4") is None


def test_marker_offers_are_accepted_and_legal():
    from lcb_lab.games.lcb import legal, legal_trial
    g = _vbat(forced=[20])
    offers = [a for a in legal.legal_actions(g) if isinstance(a, A.MarkerAction)]
    assert A.MarkerAction("ISR-1", then="effect") in offers
    assert A.MarkerAction("ISR-1", path=("C-5",)) in offers
    assert A.MarkerAction("ISR-1", then="conceal") not in offers            # already concealed
    for a in offers:
        assert legal_trial.trial(g, a), a
    g.apply(A.MarkerAction("ISR-1", path=("C-5",)))
    assert not [a for a in legal.legal_actions(g) if isinstance(a, A.MarkerAction)]   # its action is used


def test_13_25_directed_energy_nullifies_the_marker_and_its_card():
    g = lcb_lab.situation(units={"1 Whiskey": {"type": "usmc_himars_section", "hex": "B-5"},
                                 "1 Zhuk": {"type": "runi_naval_infantry_platoon", "hex": "E-5"}},
                          cards={"US": [{"name": "V-BAT", "attach_to": "1 Whiskey"}], "RU": ["Directed Energy"]},
                          forced=[4])
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("play_jcc", (), jcc="V-BAT"),)))
    g.apply(A.PlayCard("V-BAT", "A", hex="E-5", action=1))
    assert g.pending.kind == "card_response" and g.pending.options.to_dict()["cards"][0]["name"] == "Directed Energy"
    g.apply(A.AnswerCards(responses=(A.Response("Directed Energy"),)))          # 4 <= 12
    assert "ISR-1" not in g.state.card_markers
    assert g.state.cards["US-1"].where == "removed" and not g.unit("1 Zhuk").revealed


def _boats_played():
    """Unmanned Boats (Attached to 1 Alpha in the coastal B-1) played for 1 AP, its ISR marker
    placed; the revealed DDG Sasha four water hexes away; forced 5, 11 (two hits at CV 12)."""
    sea = ch13.SEA + ["B-4", "C-4", "D-4"]
    g = lcb_lab.situation(units={"1 Alpha": {"type": "usmc_infantry_platoon", "hex": "B-1"},
                                 "Sasha": {"type": "rubf_ddg", "hex": "E-3", "face_up": True}},
                          cards={"US": [{"name": "Unmanned Boats", "attach_to": "1 Alpha"}]},
                          mixed=["B-1"], naval=sea, naval_zor=False, forced=[5, 11])
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("play_jcc", (), jcc="Unmanned Boats"),)))
    g.apply(A.PlayCard("Unmanned Boats", "A", action=1))
    return g


def test_13_27_unmanned_boats_marker_fires_lrs_from_its_hex():
    g = _boats_played()
    m = g.state.card_markers["ISR-1"]
    assert (m.hex, m.mp, m.data["naval"], m.data["zor"]) == ("B-1", 5, True, True)
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse("TF Red"))
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare(()))
    refused(g, A.MarkerAction("ISR-1", path=("C-1",)), "13.21")           # land: a naval marker keeps to water
    refused(g, A.MarkerAction("ISR-1", then="combat", targets=("Sasha",)), "7.31")   # range 1
    g.apply(A.MarkerAction("ISR-1", path=("B-2", "C-2", "D-2", "E-2"), then="combat", targets=("Sasha",)))
    assert g.state.card_markers["ISR-1"].revealed                          # entered the DDG's naval ZOR (13.23)
    imp = g.state.impulse
    assert [(a["target"], a["dice"], a["cv"], a["hex"]) for a in imp.card_lrs] == [("Sasha", 2, 12, "E-2")]
    g.apply(A.CommitCombat())
    while g.pending is not None:
        g.apply(A.Answer())
    g.apply(A.ResolveCombat())
    assert g.unit("Sasha").hp == 0 and g.unit("Sasha").destroyed           # 5 and 11 at CV 12: 2 hits


def test_9_34_13_21_the_first_use_of_unmanned_boats_may_move_and_initiate_combat_at_once():
    """9.34 ex.: deployed for 1 AP, "Unmanned Boats" can immediately use its 5 MP to Move and
    Initiate Combat; afterwards once per Action Stage for free. 13.21: the 1-AP initial use is
    the marker's action of that turn. So the play places the marker and its combat follows in the
    same impulse at no AP -- once: a second action this turn is refused (13.21). Forced 5 and 11
    at CV 12: both dice hit the DDG (2 HP)."""
    g = _boats_played()
    assert A.MarkerAction("ISR-1", then="combat", targets=("Sasha",)) not in g.legal_actions()   # range 1
    refused(g, A.MarkerAction("ISR-1", path=("B-2",), then="none"), "13.21")     # the first use: combat only
    g.apply(A.MarkerAction("ISR-1", path=("B-2", "C-2", "D-2", "E-2"), then="combat", targets=("Sasha",)))
    assert g.impulse.ap == 2                                                  # the play's 1 AP only
    assert [(a["target"], a["dice"], a["hex"]) for a in g.state.impulse.card_lrs] == [("Sasha", 2, "E-2")]
    refused(g, A.MarkerAction("ISR-1", then="combat", targets=("Sasha",)), "13.21")
    g.apply(A.CommitCombat())
    while g.pending is not None:
        g.apply(A.Answer())
    g.apply(A.ResolveCombat())
    assert g.unit("Sasha").destroyed
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse("TF Red"))
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare(()))
    g.apply(A.MarkerAction("ISR-1", path=("D-2",)))                          # the next turn: free, once
    refused(g, A.MarkerAction("ISR-1", path=("C-2",)), "13.21")


def test_13_36_mines_attack_enemy_markers_naval_and_proxy_not_aerial():
    g = lcb_lab.situation(units={"1 Alpha": {"type": "usmc_infantry_platoon", "hex": "B-1"},
                                 "1 Zhuk": {"type": "runi_naval_infantry_platoon", "hex": "H-8"}},
                          cards={"US": [{"name": "Unmanned Boats", "attach_to": "1 Alpha"}, "Proxy Forces: Partisans"]},
                          mixed=["B-1"], naval=ch13.SEA, naval_zor=False, forced=[2, 3])
    ch13.lay_mines(g, "RU", "C-2", 1)
    ch13.lay_mines(g, "RU", "D-6", 1, terrain="land")
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("play_jcc", (), jcc="Unmanned Boats"),
                       A.CoreAction("play_jcc", (), jcc="Proxy Forces: Partisans"))))
    g.apply(A.PlayCard("Unmanned Boats", "A", action=1))
    g.apply(A.PlayCard("Proxy Forces: Partisans", "A", hex="C-6", action=2))
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse("TF Red"))
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare(()))
    g.apply(A.MarkerAction("ISR-1", path=("B-2", "C-2", "D-2")))
    c = g.pending
    assert (c.kind, c.options.targets, g.state.card_markers["ISR-1"].hex) == ("mine_attack", ("marker:C-2",), "C-2")
    g.apply(A.AnswerMines(mines=(A.MineShot("marker:C-2", 1),)))                  # 2: a hit, 1 HP
    assert "ISR-1" not in g.state.card_markers and g.state.cards["US-1"].where == "removed"
    g.apply(A.MarkerAction("PROXY-1", path=("D-6",), then="effect"))
    g.apply(A.Answer())                                                       # held
    assert g.state.card_markers["PROXY-1"].hex == "D-6"
    assert any("PROXY-1: effect" in e["title"] for e in g.state.log[-3:])     # its effect after the mines (3)


def test_13_34_a_marker_stopped_by_mines_goes_on_along_its_path_once_they_are_resolved():
    """13.34: passing through a mined hex, the mines resolve at once, "stopping movement until
    resolved" -- a stop until then, not the end of the move (as for units).  The Unmanned Boats
    marker moves B-2 -> C-2 -> D-2 -> E-2 through two RU minefields: stopped in C-2 (a miss), it
    goes on and is stopped in D-2 (held), then ends its move in E-2, its path's end.  Each hex
    triggers once (facts 6.29): leaving C-2 and D-2 after their mines were resolved sets off
    nothing."""
    g = lcb_lab.situation(units={"1 Alpha": {"type": "usmc_infantry_platoon", "hex": "B-1"},
                                 "1 Zhuk": {"type": "runi_naval_infantry_platoon", "hex": "H-8"}},
                          cards={"US": [{"name": "Unmanned Boats", "attach_to": "1 Alpha"}]},
                          mixed=["B-1"], naval=ch13.SEA, naval_zor=False, forced=[20])
    ch13.lay_mines(g, "RU", "C-2", 1)
    ch13.lay_mines(g, "RU", "D-2", 1)
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("play_jcc", (), jcc="Unmanned Boats"),)))
    g.apply(A.PlayCard("Unmanned Boats", "A", action=1))
    next_blue_impulse(g)                                                          # turn 2: its free action
    g.apply(A.MarkerAction("ISR-1", path=("B-2", "C-2", "D-2", "E-2")))
    m = g.state.card_markers["ISR-1"]
    assert (g.pending.kind, g.pending.options.hex, m.hex) == ("mine_attack", "C-2", "C-2")
    g.apply(A.AnswerMines(mines=(A.MineShot("marker:C-2", 1),)))                  # 20: a miss
    assert (g.pending.kind, g.pending.options.hex, m.hex) == ("mine_attack", "D-2", "D-2")
    g.apply(A.AnswerMines(mines=()))                                              # held
    assert g.pending is None and m.hex == "E-2" and g.dice.forced_left == 0


def test_13_11_a_ground_zor_reveals_a_proxy_force():
    g = lcb_lab.situation(units={"1 Alpha": {"type": "usmc_infantry_platoon", "hex": "C-4"},
                                 "1 Zhuk": {"type": "runi_naval_infantry_platoon", "hex": "H-8"}},
                          cards={"RU": ["Proxy Forces: Militia"]}, initiative="RU")
    g.apply(A.BeginImpulse("TF Red"))
    g.apply(A.Declare((A.CoreAction("play_jcc", (), jcc="Proxy Forces: Militia"),)))
    g.apply(A.PlayCard("Proxy Forces: Militia", "A", hex="D-4", action=1))
    assert [m["back"] for m in g.view("US")["card_markers"]] == [True]            # a back for the US
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("1 Alpha",)),)))
    g.apply(A.ExerciseZor(1, "D-4"))
    assert g.state.card_markers["PROXY-1"].revealed
    assert [m["id"] for m in g.view("US")["card_markers"]] == ["PROXY-1"]


def test_game_answer_and_answer_policy_take_mine_choices():
    g = lcb_lab.situation(units={"DDG-51": {"type": "usn_ddg_51", "hex": "B-2", "face_up": True},
                                 "1 Anna": ("runi_naval_infantry_platoon", "H-8")}, naval=ch13.SEA, forced=[1, 20])
    ch13.lay_mines(g, "RU", "C-2", 3)
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("DDG-51",)),)))
    g.apply(A.Move(1, ("C-2", "D-2")))
    from lcb_lab.kernel.errors import InputError
    with pytest.raises(InputError):
        g.apply(g.pending.answer_from({"absorb": 1}))
    g.apply(g.pending.answer_from([["DDG-51", 2]]))            # 1 hits, 20 misses; the move goes on
    assert g.pending is None
    assert g.unit("DDG-51").hp == 2 and g.unit("DDG-51").hex == "D-2"
    assert mines.mine_in(g._ctx(), "C-2", "RU").level == 1


def test_auto_policies_answer_mines_and_mine_mildecs():
    g = lcb_lab.situation(units={"DDG-51": {"type": "usn_ddg_51", "hex": "B-2", "face_up": True},
                                 "1 Anna": ("runi_naval_infantry_platoon", "H-8")},
                          markers={"M1": ("B-2", "TF Blue", "naval_mildec")},
                          naval=ch13.SEA, forced=[1, 2], auto={})
    ch13.lay_mines(g, "RU", "C-2", 2)
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("DDG-51",), markers=("M1",)),)))
    g.apply(A.Move(1, ("C-2", "D-2")))
    assert g.pending is None                                    # detonate_all: 1 cube each; then absorb_all
    assert g.unit("DDG-51").hp == 3 and g.state.markers["M1"].destroyed and g.unit("DDG-51").hex == "D-2"
    assert g.state.log[-1]["title"].startswith("Move DDG-51")


def test_13_41_sof_placed_in_a_contested_hex_may_assault_in_that_impulse_only():
    g2 = lcb_lab.situation(units={"1 Alpha": {"type": "usmc_infantry_platoon", "hex": "H-8"},
                                  "2 Zhuk": {"type": "runi_naval_infantry_platoon", "hex": "D-5"}},
                           cards={"US": ["MARSOC HALO"]}, forced=[1, 3, 17])
    g2.apply(A.BeginImpulse("TF Blue"))
    g2.apply(A.Declare((A.CoreAction("play_jcc", (), jcc="MARSOC HALO"),)))
    g2.apply(A.PlayCard("MARSOC HALO", "A", hex="D-5", action=1))
    refused(g2, A.MarkerAction("SOF-1", then="combat", targets=("2 Zhuk",), dice=3), "13.41")   # 2 dice (sandbox)
    g2.apply(A.MarkerAction("SOF-1", then="combat", targets=("2 Zhuk",), dice=2))
    assert g2.pending.kind == "ga_defence" and g2.pending.options.marker == "SOF-1"     # 7.13
    g2.apply(A.Answer())                                             # 2 Zhuk does not fire back
    assert g2.unit("2 Zhuk").hp == 1                                 # 3 hits at CV 10, 17 misses
    refused(g2, A.MarkerAction("SOF-1", then="combat", targets=("2 Zhuk",), dice=1), "13.41")   # once


def _sof_engaged(initiative: str, forced: list[int]):
    """Turn 1: US places SOF-1 (MARSOC HALO, its roll 1) in D-5 with RU's 2 Zhuk and does not
    assault; the Action Stage ends with the hex contested by the SOF marker (13.41, 13.45)."""
    g = lcb_lab.situation(units={"1 Alpha": {"type": "usmc_infantry_platoon", "hex": "H-8"},
                                 "2 Zhuk": {"type": "runi_naval_infantry_platoon", "hex": "D-5"}},
                          cards={"US": ["MARSOC HALO"]}, initiative=initiative, forced=[1] + forced)
    first, second = ("TF Blue", "TF Red") if initiative == "US" else ("TF Red", "TF Blue")
    for tf in (first, second):
        g.apply(A.BeginImpulse(tf))
        if tf == "TF Blue":
            g.apply(A.Declare((A.CoreAction("play_jcc", (), jcc="MARSOC HALO"),)))
            g.apply(A.PlayCard("MARSOC HALO", "A", hex="D-5", action=1))
        else:
            g.apply(A.Declare(()))
        g.apply(A.EndImpulse())
    assert g.state.turn == 2 and g.state.continuing == {"D-5": "continuing"}       # 7.21 with 13.41 / 13.45
    g.apply(A.BeginImpulse(first))
    g.apply(A.Declare(()))
    return g


def test_13_41_a_sof_marker_in_a_contested_hex_fights_its_continuing_combat_first_in_its_teams_impulse():
    """13.41: a SOF marker "will always engage in combat in their own hex -- ... resolving
    Continuing Combat", per the usual rules (7.2); 13.45: engaged, it contests the hex.  So D-5
    (SOF-1 with 2 Zhuk) gets a Continuing Combat marker at the end of the Action Stage (7.21), and
    in the first impulse of a team engaged there -- here the US's -- the SOF marker's GROUND
    ASSAULT (0 AP) must be fought before the impulse ends (7.22); the marker then shows Resolved."""
    g = _sof_engaged("US", [20, 20])
    refused(g, A.EndImpulse(), "7.22")
    assert A.MarkerAction("SOF-1", then="combat", targets=("2 Zhuk",), dice=2) in g.legal_actions()
    g.apply(A.MarkerAction("SOF-1", then="combat", targets=("2 Zhuk",), dice=2))
    g.apply(A.Answer())                                              # 2 Zhuk does not fire back
    assert g.dice.forced_left == 0 and g.unit("2 Zhuk").hp == 2    # 20, 20: both miss
    assert g.state.continuing == {"D-5": "resolved"}                 # 7.22: still contested
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse("TF Red"))
    g.apply(A.Declare(()))
    g.apply(A.EndImpulse())                                          # resolved: RU owes nothing this turn


def test_13_41_enemy_units_engaged_with_a_sof_marker_resolve_the_continuing_combat_against_it():
    """The same hex with RU first (7.22: the first player whose units are engaged): 2 Zhuk must
    GROUND ASSAULT SOF-1 for 0 AP; the SOF marker fights back (13.41) and the hex's marker
    flips to Resolved, so the US impulse owes no assault."""
    g = _sof_engaged("RU", [20, 20, 20, 20])
    refused(g, A.EndImpulse(), "7.22")
    offer = next(t for t in g.legal_actions() if getattr(t, "kind", "") == "commit_combat")
    assert offer.limits["base"] == [A.GroundAssault("2 Zhuk", "SOF-1", 1)]   # offered: no dead end (7.22)
    g.apply(A.CommitCombat(ga=(A.GroundAssault("2 Zhuk", "SOF-1", 2),)))
    g.apply(A.ResolveCombat())
    assert g.dice.forced_left == 0                                   # 2 Zhuk's 2 dice, SOF-1's 2 back
    assert g.state.continuing == {"D-5": "resolved"} and "SOF-1" in g.state.card_markers
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare(()))
    refused(g, A.MarkerAction("SOF-1", then="combat", targets=("2 Zhuk",), dice=2), "13.41")
    g.apply(A.EndImpulse())


def test_13_51_second_use_improves_to_level_2_and_lrs_minus_2():
    g = lcb_lab.situation(units={"1 Alpha": {"type": "usmc_infantry_platoon", "hex": "B-4"},
                                 "2 Alpha": {"type": "usmc_infantry_platoon", "hex": "D-4"},
                                 "1 Anna": ("runi_naval_infantry_platoon", "H-8")},
                          cards={"US": [{"name": "Combat Engineers", "attach_to": "1 Alpha"}]})
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("play_jcc", (), jcc="Combat Engineers"),)))
    g.apply(A.PlayCard("Combat Engineers", "A", hex="D-4", action=1))
    refused(g, A.PlayCard("Combat Engineers", "A", hex="D-4"), "9.21")              # once a turn
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse("TF Red"))
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare(()))
    g.apply(A.PlayCard("Combat Engineers", "A", hex="D-4"))                         # free: Persistent (9.34)
    assert fortify.fort_in(g.state, "D-4").level == 2
    from lcb_lab.games.lcb.rules.combat.network import lrs_modifiers
    assert ("Fortification level 2", -2, "13.51") in lrs_modifiers(g.state, g.board, "RU", "D-4", False)
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse("TF Red"))
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare(()))
    e = refused(g, A.PlayCard("Combat Engineers", "A", hex="D-4"), "13.51")       # level 2 is the limit
    assert "limit" in e.reason


def test_trigger_at_for_13_38_resumes_the_callers_step():
    g = lcb_lab.situation(units={"DDG-51": {"type": "usn_ddg_51", "hex": "C-2", "face_up": True},
                                 "1 Anna": ("runi_naval_infantry_platoon", "H-8")}, naval=ch13.SEA, forced=[20])
    ch13.lay_mines(g, "RU", "C-2", 1)
    seen = []
    mines.RESUMES["test"] = lambda ctx, p: seen.append((p["where"], p["counters"]))
    try:
        ctx = g._ctx()
        assert not mines.trigger_at(ctx, "D-2", [g.unit("DDG-51")])              # no mines there
        assert not mines.trigger_at(ctx, "C-2", [g.state.units["1 Anna"]])       # friendly to them
        assert mines.trigger_at(ctx, "C-2", [g.unit("DDG-51")], "enters", {"resume": "test", "where": "port"})
        mines.answer(ctx, g.state.choices[-1], A.AnswerMines((A.MineShot("DDG-51", 1),)))
        assert seen == [("port", ["DDG-51"])] and not g.state.choices
    finally:
        del mines.RESUMES["test"]


def test_13_28_the_boats_card_supply_is_spent_and_resupplied_at_the_markers_hex():
    sea = ch13.SEA + ["B-4", "C-4", "D-4"]
    g = lcb_lab.situation(units={"1 Alpha": {"type": "usmc_infantry_platoon", "hex": "B-1"},
                                 "Log Co": {"type": "usmc_logistics_company", "hex": "C-1"},
                                 "Sasha": {"type": "rubf_ddg", "hex": "E-3", "face_up": True}},
                          cards={"US": [{"name": "Unmanned Boats", "attach_to": "1 Alpha"}]},
                          mixed=["B-1", "B-2"], naval=sea, naval_zor=False, forced=[20, 20, 20, 20], max_turns=6)
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("play_jcc", (), jcc="Unmanned Boats"),)))
    g.apply(A.PlayCard("Unmanned Boats", "A", action=1))
    from lcb_lab.games.lcb.rules.markers.isr import supply_left
    m = g.state.card_markers["ISR-1"]
    for turn in (2, 3):
        g.apply(A.EndImpulse())
        g.apply(A.BeginImpulse("TF Red"))
        g.apply(A.EndImpulse())
        g.apply(A.BeginImpulse("TF Blue"))
        g.apply(A.Declare((A.CoreAction("move_resupply", ("Log Co",)),)))
        if turn == 2:
            g.apply(A.MarkerAction("ISR-1", path=("B-2", "C-2", "D-2", "E-2"), then="combat", targets=("Sasha",)))
        else:
            g.apply(A.MarkerAction("ISR-1", then="combat", targets=("Sasha",)))
        g.apply(A.CommitCombat())
        while g.pending is not None:
            g.apply(A.Answer())
        g.apply(A.ResolveCombat())
    assert supply_left(g._ctx(), m) == 0                                          # 4 dice: two attacks
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse("TF Red"))
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("move_resupply", ("Log Co",)),)))
    refused(g, A.MarkerAction("ISR-1", then="combat", targets=("Sasha",)), "7.08")
    refused(g, A.Resupply(1, "Log Co", "RV1", (A.Grant("ISR-1", "LRS", 2),)), "8.05")   # E-2: out of ground reach
    g.apply(A.MarkerAction("ISR-1", path=("D-2", "C-2", "B-2", "B-1")))          # back to the host's coastal hex
    refused(g, A.Resupply(1, "Log Co", "RV1", (A.Grant("ISR-1", "LRS", 5),)), "8.02")
    g.apply(A.Resupply(1, "Log Co", "RV1", (A.Grant("ISR-1", "LRS", 4),)))
    assert supply_left(g._ctx(), m) == 4


def test_13_41_13_43_a_ground_assault_on_the_sof_hex_sof_fights_back_and_takes_ga_hits():
    g = _sof(forced=(1, 2, 4, 20, 20))  # MARSOC HALO 1; 2 Zhuk's GA 2, 4 (hits); SOF-1 fires back 20, 20
    g.state.units["2 Zhuk"].supply = {**g.state.units["2 Zhuk"].supply, "GA": 4}   # (staged: the fixture's 2 Zhuk has none)
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse("TF Red"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("2 Zhuk",)),)))
    refused(g, A.CommitCombat(ga=(A.GroundAssault("2 Zhuk", "SOF-9", 1),)), "7.13")
    g.apply(A.CommitCombat(ga=(A.GroundAssault("2 Zhuk", "SOF-1", 2),)))
    while g.pending is not None:
        g.apply(A.Answer())
    g.apply(A.ResolveCombat())
    assert "SOF-1" not in g.state.card_markers                     # 1 HP: destroyed by the GA (13.43)
    assert g.state.cards["US-1"].where == "discarded"
    assert any(e["title"].startswith("GROUND ASSAULT (defender): SOF-1 -> 2 Zhuk") for e in g.state.log)


def test_a_concealed_isr_markers_move_is_not_in_the_other_teams_log():
    g = _vbat(forced=[20])
    n = len(g.state.log)
    g.apply(A.MarkerAction("ISR-1", path=("C-5", "D-5"), then="effect"))
    ru = redact_log(g.state.log[n:], "RU")
    assert not any("ISR-1 moves" in e["title"] or "D-5" in e["text"] for e in ru if e["kind"] == "marker")
    assert any("ISR-1 moves" in e["title"] for e in redact_log(g.state.log[n:], "US"))
    assert [m["id"] for m in g.view("RU")["card_markers"]] == ["marker:D-5"]       # a back where it is


def test_13_14_ruling_refusals():
    g = lcb_lab.situation(units={"1 Alpha": ("usmc_infantry_platoon", "B-2"), "1 Anna": ("runi_naval_infantry_platoon", "H-8")})
    refused(g, A.InstructorRuling("US", "  ", succeeds_on=3), "13.14")
    refused(g, A.InstructorRuling("US", "sabotage", succeeds_on=21), "13.14")
    g.apply(A.InstructorRuling("US", "sabotage", succeeds_on=4))
    assert g.state.rulings == [{"n": 1, "team": "US", "text": "sabotage", "succeeds_on": 4, "supply_loss": [], "turn": 1}]


def test_13_23_a_reveal_card_also_reveals_the_enemy_markers_in_its_hex_not_mines():
    g = lcb_lab.situation(units={"1 Alpha": ("usmc_infantry_platoon", "B-2"),
                                 "1 Zhuk": ("runi_naval_infantry_platoon", "D-4")},
                          cards={"US": ["Open Source Intel"], "RU": ["Proxy Forces: Militia"]},
                          initiative="RU", forced=[5])
    g.apply(A.BeginImpulse("TF Red"))
    g.apply(A.Declare((A.CoreAction("play_jcc", (), jcc="Proxy Forces: Militia"),)))
    g.apply(A.PlayCard("Proxy Forces: Militia", "A", hex="D-4", action=1))
    ch13.lay_mines(g, "RU", "D-4", 1, terrain="land")
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("play_jcc", (), jcc="Open Source Intel"),)))
    g.apply(A.PlayCard("Open Source Intel", "A", targets=("D-4",), action=1))
    assert g.unit("1 Zhuk").revealed and g.state.card_markers["PROXY-1"].revealed
    assert not mines.mine_in(g._ctx(), "D-4", "RU").revealed


def test_13_36_a_naval_mildec_moving_alone_meets_mines():
    g = lcb_lab.situation(units={"DDG-51": {"type": "usn_ddg_51", "hex": "E-3"},
                                 "1 Anna": ("runi_naval_infantry_platoon", "H-8")},
                          markers={"M1": ("B-2", "TF Blue", "naval_mildec")}, naval=ch13.SEA, forced=[4])
    ch13.lay_mines(g, "RU", "C-2", 1)
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("move_combat", (), markers=("M1",)),)))
    g.apply(A.Move(1, ("C-2", "D-2")))
    c = g.pending
    assert (c.kind, c.options.targets, g.state.markers["M1"].hex) == ("mine_attack", ("hidden:C-2:0",), "C-2")
    g.apply(A.AnswerMines(mines=(A.MineShot("hidden:C-2:0", 1),)))          # 4: a hit
    assert g.state.markers["M1"].destroyed
    g2 = lcb_lab.situation(units={"DDG-51": {"type": "usn_ddg_51", "hex": "E-3"},
                                  "1 Anna": ("runi_naval_infantry_platoon", "H-8")},
                           markers={"M1": ("B-2", "TF Blue", "naval_mildec")}, naval=ch13.SEA)
    ch13.lay_mines(g2, "RU", "C-2", 1)
    g2.apply(A.BeginImpulse("TF Blue"))
    g2.apply(A.Declare((A.CoreAction("move_combat", (), markers=("M1",)),)))
    g2.apply(A.Move(1, ("C-2", "D-2")))
    g2.apply(A.Answer())                                               # held: the MILDEC goes on
    assert g2.state.markers["M1"].hex == "D-2" and not g2.state.markers["M1"].destroyed


def test_13_24_an_enemy_ship_entering_the_boats_zor_is_revealed():
    g = lcb_lab.situation(units={"1 Alpha": {"type": "usmc_infantry_platoon", "hex": "B-1"},
                                 "Sasha": {"type": "rubf_ddg", "hex": "G-3"}},
                          cards={"US": [{"name": "Unmanned Boats", "attach_to": "1 Alpha"}]},
                          mixed=["B-1"], naval=ch13.SEA + ["F-3", "G-3", "H-3", "I-3", "J-3"], naval_zor=False,
                          size=12)
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("play_jcc", (), jcc="Unmanned Boats"),)))
    g.apply(A.PlayCard("Unmanned Boats", "A", action=1))
    assert not g.unit("Sasha").revealed                          # G-3: beyond its reach from B-1
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse("TF Red"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("Sasha",)),)))
    g.apply(A.Move(1, ("F-3", "E-3")))
    assert g.unit("Sasha").revealed and g.state.card_markers["ISR-1"].revealed


def test_a_game_saved_while_mines_wait_loads_and_goes_on():
    from lcb_lab.games.lcb.game import Game
    g = lcb_lab.situation(units={"DDG-51": {"type": "usn_ddg_51", "hex": "B-2", "face_up": True},
                                 "1 Anna": ("runi_naval_infantry_platoon", "H-8")}, naval=ch13.SEA, forced=[3, 20])
    ch13.lay_mines(g, "RU", "C-2", 2)
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("DDG-51",)),)))
    g.apply(A.Move(1, ("C-2", "D-2")))
    g2 = Game.from_json(g.to_json())
    assert g2.pending.kind == "mine_attack" and g2.state.to_dict() == g.state.to_dict()
    g2.apply(A.AnswerMines(mines=(A.MineShot("DDG-51", 2),)))
    assert (g2.unit("DDG-51").hp, g2.unit("DDG-51").hex) == (2, "D-2")


def test_lrs_on_markers_helpers():
    from lcb_lab.games.lcb.rules.combat.sequence import CombatPlan
    g = _sof()
    m = g.state.card_markers["SOF-1"]
    assert isr.lrs_target_ok(m)
    m.revealed = False
    assert not isr.lrs_target_ok(m)
    m.revealed = True
    assert not isr.on_lrs_hits(g._ctx(), CombatPlan(), m, 3) and m.hp == 1     # alone: no damage (13.43)
    assert "LRS alone cannot destroy" in g.state.log[-1]["text"]
    g2 = _vbat()
    v = g2.state.card_markers["ISR-1"]
    v.revealed = True
    assert not isr.lrs_target_ok(v)                                            # an aerial ISR marker


def test_13_53_abandoned_at_the_end_of_a_real_turn_and_kept_when_held():
    for leave, kept in ((True, False), (False, True)):
        g = lcb_lab.situation(units={"1 Alpha": {"type": "usmc_infantry_platoon", "hex": "B-4"},
                                     "2 Alpha": {"type": "usmc_infantry_platoon", "hex": "D-4"},
                                     "1 Anna": ("runi_naval_infantry_platoon", "H-8")},
                              cards={"US": [{"name": "Combat Engineers", "attach_to": "1 Alpha"}]})
        g.apply(A.BeginImpulse("TF Blue"))
        g.apply(A.Declare((A.CoreAction("play_jcc", (), jcc="Combat Engineers"),
                           A.CoreAction("move_combat", ("2 Alpha",)))))
        g.apply(A.PlayCard("Combat Engineers", "A", hex="D-4", action=1))
        if leave:
            g.apply(A.Move(2, ("E-4",)))
        g.apply(A.EndImpulse())
        assert fortify.fort_in(g.state, "D-4") is not None          # removed only at the end of the turn
        g.apply(A.BeginImpulse("TF Red"))
        g.apply(A.EndImpulse())
        assert g.state.turn == 2 and (fortify.fort_in(g.state, "D-4") is not None) == kept


def test_13_21_move_and_conceal_away_from_the_enemy():
    g = _vbat(forced=[20])
    g.apply(A.MarkerAction("ISR-1", path=("C-5", "D-5", "E-5"), then="none"))      # revealed by 1 Zhuk
    assert g.state.card_markers["ISR-1"].revealed
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse("TF Red"))
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare(()))
    g.apply(A.MarkerAction("ISR-1", path=("D-5", "C-5"), then="conceal"))
    assert not g.state.card_markers["ISR-1"].revealed
    assert [m["id"] for m in g.view("RU")["card_markers"]] == ["marker:C-5"]


def test_13_26_lrs_destroys_a_revealed_naval_isr_marker():
    g = lcb_lab.situation(units={"1 Alpha": {"type": "usmc_infantry_platoon", "hex": "B-1"},
                                 "Sasha": {"type": "rubf_ddg", "hex": "E-3", "face_up": True}},
                          cards={"US": [{"name": "Unmanned Boats", "attach_to": "1 Alpha"}]},
                          mixed=["B-1"], naval=ch13.SEA, naval_zor=False, forced=[5, 19], max_turns=6)
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("play_jcc", (), jcc="Unmanned Boats"),)))
    g.apply(A.PlayCard("Unmanned Boats", "A", action=1))
    assert g.state.card_markers["ISR-1"].revealed           # placed within Sasha's naval ZOR (13.23)
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse("TF Red"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("Sasha",)),)))
    g.apply(A.CommitCombat(lrs=(A.LrsAttack("Sasha", "LRS1", "ISR-1", 2),)))
    while g.pending is not None:
        g.apply(A.Answer())
    g.apply(A.ResolveCombat())
    assert "ISR-1" not in g.state.card_markers and g.state.cards["US-1"].where == "removed"


def test_13_43_lrs_alone_leaves_a_sof_marker_lrs_with_ga_destroys_it():
    for with_ga, gone in ((False, False), (True, True)):
        g = lcb_lab.situation(units={"1 Alpha": {"type": "usmc_infantry_platoon", "hex": "H-8"},
                                     "2 Zhuk": {"type": "runi_naval_infantry_platoon", "hex": "D-5"},
                                     "1 Uran": {"type": "runi_coastal_missile_section", "hex": "D-8"}},
                              cards={"US": ["MARSOC HALO"]}, forced=[1, 2, 20, 20, 20, 20], max_turns=6)
        g.apply(A.BeginImpulse("TF Blue"))
        g.apply(A.Declare((A.CoreAction("play_jcc", (), jcc="MARSOC HALO"),)))
        g.apply(A.PlayCard("MARSOC HALO", "A", hex="D-5", action=1))
        g.apply(A.EndImpulse())
        g.apply(A.BeginImpulse("TF Red"))
        g.apply(A.Declare((A.CoreAction("move_combat", ("1 Uran",)),)
                          + ((A.CoreAction("move_combat", ("2 Zhuk",)),) if with_ga else ())))
        ga = (A.GroundAssault("2 Zhuk", "SOF-1", 1),) if with_ga else ()
        g.apply(A.CommitCombat(lrs=(A.LrsAttack("1 Uran", "LRS1", "SOF-1", 1),), ga=ga))     # LRS 2: a hit
        while g.pending is not None:
            g.apply(A.Answer())
        g.apply(A.ResolveCombat())                 # the GA die 20 misses: the LRS hit counts (13.43)
        assert ("SOF-1" not in g.state.card_markers) == gone


def test_combined_arms_supports_a_ground_assault_on_a_sof_marker():
    g = lcb_lab.situation(units={"1 Alpha": {"type": "usmc_infantry_platoon", "hex": "H-8"},
                                 "2 Zhuk": {"type": "runi_naval_infantry_platoon", "hex": "D-5"},
                                 "1 Uran": {"type": "runi_coastal_missile_section", "hex": "D-8"}},
                          cards={"US": ["MARSOC HALO"]}, forced=[1, 2, 20, 20, 20], max_turns=6)
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("play_jcc", (), jcc="MARSOC HALO"),)))
    g.apply(A.PlayCard("MARSOC HALO", "A", hex="D-5", action=1))
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse("TF Red"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("2 Zhuk",)),)))
    g.apply(A.CommitCombat(lrs=(A.LrsAttack("1 Uran", "LRS1", "SOF-1", 1),),     # 1 Uran: Combined Arms (7.18)
                           ga=(A.GroundAssault("2 Zhuk", "SOF-1", 1),)))
    assert g.unit("1 Uran").expended
    while g.pending is not None:
        g.apply(A.Answer())
    g.apply(A.ResolveCombat())
    assert "SOF-1" not in g.state.card_markers


def test_the_combat_template_offers_sof_and_naval_marker_targets():
    from lcb_lab.games.lcb import legal_combat
    g = lcb_lab.situation(units={"1 Alpha": {"type": "usmc_infantry_platoon", "hex": "H-8"},
                                 "2 Zhuk": {"type": "runi_naval_infantry_platoon", "hex": "D-5"},
                                 "1 Uran": {"type": "runi_coastal_missile_section", "hex": "D-8"}},
                          cards={"US": ["MARSOC HALO"]}, forced=[1], max_turns=6)
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("play_jcc", (), jcc="MARSOC HALO"),)))
    g.apply(A.PlayCard("MARSOC HALO", "A", hex="D-5", action=1))
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse("TF Red"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("2 Zhuk",)), A.CoreAction("move_combat", ("1 Uran",)))))
    t = legal_combat.combat_template(g)
    assert A.GroundAssault("2 Zhuk", "SOF-1", 1) in t.options and A.LrsAttack("1 Uran", "LRS1", "SOF-1", 1) in t.options


def test_13_12_the_defenders_fire_back_at_a_proxy_force():
    g = lcb_lab.situation(units={"1 Alpha": {"type": "usmc_infantry_platoon", "hex": "D-4"},
                                 "1 Anna": {"type": "runi_naval_infantry_platoon", "hex": "H-8"}},
                          cards={"RU": ["Proxy Forces: Militia"]}, initiative="RU", forced=[3, 20, 2, 17, 8])
    g.apply(A.BeginImpulse("TF Red"))
    g.apply(A.Declare((A.CoreAction("play_jcc", (), jcc="Proxy Forces: Militia"),)))
    g.apply(A.PlayCard("Proxy Forces: Militia", "A", hex="D-4", action=1))
    g.apply(A.MarkerAction("PROXY-1", then="combat", targets=("1 Alpha",), dice=2))
    c = g.pending
    assert (c.kind, c.team, c.options.attackers) == ("ga_defence", "US", (Attacker(uid="PROXY-1", dice=2),))
    refused(g, A.AnswerDefense(defence=(A.Defense("1 Alpha", "1 Anna", 1),)), "7.13")
    g.apply(A.AnswerDefense(defence=(A.Defense("1 Alpha", "PROXY-1", 2),)))   # proxy: 3 hit, 20; 1 Alpha: 2 hit, 17
    assert g.unit("1 Alpha").hp == 1
    assert "PROXY-1" not in g.state.card_markers                        # 1 HP: destroyed
    assert g.state.influence == -1                  # 13.13: 8 <= 12, the attacker (US) loses 1: toward RU


def test_13_13_a_revealed_proxy_force_is_destroyed_by_lrs_or_ga_and_rolls_for_influence():
    for how in ("lrs", "ga"):
        g = lcb_lab.situation(units={"1 Alpha": {"type": "usmc_infantry_platoon", "hex": "C-4"},
                                     "1 Whiskey": {"type": "usmc_himars_section", "hex": "B-7"},
                                     "1 Anna": {"type": "runi_naval_infantry_platoon", "hex": "H-8"}},
                              cards={"RU": ["Proxy Forces: Militia"]}, initiative="RU", max_turns=6,
                              forced=[1, 5] if how == "lrs" else [1, 20, 20, 20, 20, 5])   # GA: it fires back 4 misses
        g.apply(A.BeginImpulse("TF Red"))
        g.apply(A.Declare((A.CoreAction("play_jcc", (), jcc="Proxy Forces: Militia"),)))
        g.apply(A.PlayCard("Proxy Forces: Militia", "A", hex="D-4", action=1))
        g.apply(A.EndImpulse())
        g.apply(A.BeginImpulse("TF Blue"))
        if how == "lrs":
            g.apply(A.Declare((A.CoreAction("move_combat", ("1 Whiskey",)),)))
            refused(g, A.CommitCombat(lrs=(A.LrsAttack("1 Whiskey", "LRS1", "PROXY-1", 1),)), "7.32")   # concealed
            g.state.card_markers["PROXY-1"].revealed = True       # (staged: revealed, e.g. by a ZOR)
            g.apply(A.CommitCombat(lrs=(A.LrsAttack("1 Whiskey", "LRS1", "PROXY-1", 1),)))
        else:
            g.apply(A.Declare((A.CoreAction("move_combat", ("1 Alpha",)),)))
            g.apply(A.Move(1, ("D-4",)))                          # contact: both revealed (13.12, 6.22)
            assert g.state.card_markers["PROXY-1"].revealed and g.unit("1 Alpha").revealed
            g.apply(A.CommitCombat(ga=(A.GroundAssault("1 Alpha", "PROXY-1", 1),)))
        while g.pending is not None:
            g.apply(A.Answer())
        g.apply(A.ResolveCombat())                                # 1: a hit; 5 <= 12: US influence -1
        assert "PROXY-1" not in g.state.card_markers and g.state.influence == -1, how


def test_mine_hits_on_a_loaded_ship_ask_the_embarked_losses():
    g = lcb_lab.situation(units={"LHD 1": {"type": "usn_lhd", "hex": "B-2", "face_up": True},
                                 "1 Alpha": {"type": "usmc_infantry_platoon", "embarked_on": "LHD 1"},
                                 "2 Alpha": {"type": "usmc_infantry_platoon", "embarked_on": "LHD 1"},
                                 "1 Anna": ("runi_naval_infantry_platoon", "H-8")}, naval=ch13.SEA, forced=[1, 2])
    ch13.lay_mines(g, "RU", "C-2", 2)
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("LHD 1",)),)))
    g.apply(A.Move(1, ("C-2", "D-2")))
    g.apply(A.AnswerMines(mines=(A.MineShot("LHD 1", 2),)))
    c = g.pending
    assert (c.kind, c.team, c.options.hp, g.unit("LHD 1").hp) == ("embark_losses", "RU", 2, 2)   # 10.311
    g.apply(A.AnswerEmbarkLosses(picks=("1 Alpha",)))
    assert g.unit("1 Alpha").destroyed and not g.unit("2 Alpha").destroyed and g.pending is None


def test_13_21_only_the_hosts_task_force_uses_the_marker_and_not_when_paralysed():
    g = lcb_lab.situation(units={"1 Whiskey": {"type": "usmc_himars_section", "hex": "B-5", "task_force": "TF Blue"},
                                 "1 Alpha": {"type": "usmc_infantry_platoon", "hex": "B-7", "task_force": "TF Gold"},
                                 "1 Zhuk": {"type": "runi_naval_infantry_platoon", "hex": "H-8"}},
                          task_forces={"TF Blue": "US", "TF Gold": "US", "TF Red": "RU"},
                          cards={"US": [{"name": "V-BAT", "attach_to": "1 Whiskey"}]})
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("play_jcc", (), jcc="V-BAT"),)))
    g.apply(A.PlayCard("V-BAT", "A", action=1))
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse("TF Red"))
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse("TF Gold"))
    g.apply(A.Declare(()))
    refused(g, A.MarkerAction("ISR-1", path=("C-5",)), "9.31")
    g.apply(A.EndImpulse())                                        # turn 2
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare(()))
    g.state.units["1 Whiskey"].paralysed = True                    # (staged: a card paralyzed the host)
    refused(g, A.MarkerAction("ISR-1", path=("C-5",)), "3.34")


# ---------------------------------------------------------------- 13.23 with an unseen submarine (14.02)
def _isr_over_a_boat(boat_revealed: bool):
    """A face-up US naval ISR marker in E-5, where RU's Kilo 1 lies -- unseen, or with its
    submarine marker placed (14.06); US's impulse, declared."""
    from lcb_lab.games.lcb.content.worked.ch14 import B, R, SSK, sea
    from lcb_lab.games.lcb.rules.markers.placement import new_marker
    g = sea({"DDG-1": ("usn_ddg_51", "A-1", B), "Kilo 1": (SSK, "E-5", R)})
    g.state.units["Kilo 1"].revealed = boat_revealed
    new_marker(g._ctx(), "isr", "US", "", "E-5", revealed=True).data = {"naval": True}
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare())
    return g


def test_13_23_an_unseen_submarine_does_not_keep_an_isr_marker_from_concealing_14_02():
    g = _isr_over_a_boat(boat_revealed=False)
    conceal = A.MarkerAction("ISR-1", then="conceal")
    assert conceal in g.legal_actions()
    g.apply(conceal)
    assert not g.state.card_markers["ISR-1"].revealed
    assert g.log_entries("US")[-1]["title"] == "ISR-1 conceals itself"


def test_13_23_a_submarine_whose_marker_is_on_the_map_keeps_it_revealed_14_06():
    g = _isr_over_a_boat(boat_revealed=True)
    conceal = A.MarkerAction("ISR-1", then="conceal")
    assert conceal not in g.legal_actions()
    e = refused(g, conceal, "13.23")
    assert e.reason == "ISR-1 cannot conceal itself: an opposing unit is in E-5"


def test_13_23_an_isr_marker_is_not_revealed_by_an_unseen_submarine_in_its_hex_14_02():
    from lcb_lab.games.lcb.rules.markers.placement import check_reveal, exposure
    g = _isr_over_a_boat(boat_revealed=False)
    m = g.state.card_markers["ISR-1"]
    m.revealed = False
    assert exposure(g._ctx(), m) == "" and not check_reveal(g._ctx(), m) and not m.revealed
    g.state.units["Kilo 1"].revealed = True                  # its submarine marker placed (14.06)
    assert exposure(g._ctx(), m) == "an opposing unit is in E-5"
    assert check_reveal(g._ctx(), m) and m.revealed
