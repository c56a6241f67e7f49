"""Cards in the lab (chapter 9), no browser: the Cards section of each view, playing a card
with its target picked on the map, the card-response prompt with its odds, Planning and
Deployment -- and the other team's view shows counts, never a hidden card's name."""
from __future__ import annotations

import re

import ipywidgets as W
import pytest

from lcb_lab.games.lcb import actions as A
from lcb_lab import load_scenario
from lcb_lab.games.lcb.choices import CardResponseChoice
from lcb_lab.games.lcb.choice_options import CardResponseOptions
from lcb_lab.games.lcb.rules.cards import jcc
from lcb_lab.games.lcb.model.state import CardPlay
from lcb_lab.ui import LabApp
from lcb_lab.ui.lcb.card_hand import card_detail_html, deck_of, seen_cards
from lcb_lab.ui.lcb.cards import play_anchor
from lcb_lab.ui.lcb.reactions import CardResponseForm
from lcb_lab.kernel.datacodec import touched

from conftest import on_page, plain_text, state_json, widget_texts as _texts

HIDDEN_RU = "Attack on Command and Control"
"""A card only the RU deck has: the US view must never name it while it is hidden."""


def _game(forced=()):
    g = load_scenario("gotland_redux", seed=1, forced=list(forced))
    for c in list(g.state.cards):          # the scenario's own cards aside: a known hand per team
        del g.state.cards[c]
        touched(g.state, "cards")      # staged in place: the snapshot looks at the map again
    jcc.add_card(g.state, "US", "Tactical Cyber Attack")                              # US-1, pool
    jcc.add_card(g.state, "US", "Space Satellites", where="deployed").deployed = True  # US-2, ready
    jcc.add_card(g.state, "RU", HIDDEN_RU)                                            # RU-1, pool
    jcc.add_card(g.state, "RU", "Tactical Cyber Attack", where="attached", host="1 Anna")  # RU-2
    ru3 = jcc.add_card(g.state, "RU", "Tactical Cyber Attack", where="deployed", face_up=True)
    ru3.deployed = True                                                               # RU-3, face up
    return g



# ------------------------------------------------------------------ the hand per view
def test_the_viewing_team_sees_its_cards_and_the_other_team_counts_only():
    g = _game()
    lab = LabApp(g, team="US")
    hand = plain_text(lab.cards_panel.hand.value)
    assert "Your cards: Blue (US)" in hand
    assert "Tactical Cyber Attack in the pool" in hand and "US-1" not in hand
    assert "Space Satellites PERSIST deployed, ready" in hand and "US-2" not in hand
    # RU: one card in the pool and one attached are counts; RU-3 (face up) by name
    assert "Hidden: 1 in the pool, 1 attached to a unit" in hand
    assert "Tactical Cyber Attack deployed, ready, face up" in hand and "RU-3" not in hand
    assert "RU-2" not in hand and "1 Anna" not in hand
    everything = " ".join(_texts(lab.widget))
    assert HIDDEN_RU not in everything and "RU-1" not in everything
    # the instructor sees both hands in full, with the host of the Attached card
    lab.set_team("instructor")
    hand = plain_text(lab.cards_panel.hand.value)
    assert HIDDEN_RU in hand and "RU-1" not in hand and "attached to 1 Anna" in hand
    # RU's own view names its cards, and counts the US ones (US-2 is face down)
    lab.set_team("RU")
    hand = plain_text(lab.cards_panel.hand.value)
    assert HIDDEN_RU in hand and "Hidden: 1 in the pool, 1 deployed face down" in hand
    assert "Space Satellites" not in " ".join(_texts(lab.widget))


def test_card_detail_shows_symbols_odds_and_sandbox_marks():
    g = _game()
    lab = LabApp(g, team="US")
    lab.cards_panel.detail_picker.value = "US-2"
    html = lab.cards_panel.detail.value
    text = plain_text(html)
    assert "Space Satellites" in text and "C5ISR" in text and "PERSIST" in text
    assert 'title="rulebook 9.24 diagram"' in html            # cost 5: a rule gives it
    assert "succeeds on 1\u201312 (60% a die)" in text          # the effect's roll (sandbox)
    assert "\u2020" in text                                     # the effect text is a sandbox value
    assert "stays deployed, expended (9.21)" in text
    # the detail dropdown lists what the view may name: no hidden RU card
    labels = " ".join(lab.cards_panel.detail_picker._options_labels)
    assert sorted(lab.cards_panel.detail_picker.options, key=lambda o: o[1]) == [     # short: a narrow column
        ("Tactical Cyber Attack \u00b7 Red", "RU-3"),
        ("Tactical Cyber Attack \u00b7 Blue", "US-1"), ("Space Satellites \u00b7 Blue", "US-2")]
    assert HIDDEN_RU not in labels and "-1" not in labels


def test_seen_cards_reads_the_observers_shape():
    cards, counts = seen_cards({"cards": [{"cid": "US-1", "name": "X", "team": "US", "where": "pool"},
                                          {"cid": "US-9", "name": "Y", "team": "US", "where": "discarded"}],
                                "hidden_cards": {"RU": {"pool": 2, "attached": 1}}})
    assert [c["cid"] for c in cards] == ["US-1"]
    assert counts == {"RU": {"pool": 2, "attached": 1}}


# ------------------------------------------------------------------ playing a card
def _declared(lab):
    lab.begin_impulse("TF Memphis")
    lab.declare([{"kind": "play_jcc", "jcc": "Tactical Cyber Attack"}])
    assert "done" in lab.message.value
    lab.cards_panel.card.value = "US-1|1"          # (the free use of US-2 was offered first: it stays chosen)


def _pass_every_window(lab):
    """Pass each card-response window in the deciding team's view (RU may NULLIFY with RU-1)."""
    view = lab.team
    while lab.game.pending is not None and lab.game.pending.kind == "card_response":
        lab.set_team(lab.game.pending.team if view != "instructor" else "instructor")
        team = "Red (RU)" if lab.game.pending.team == "RU" else "Blue (US)"
        lab.decision.pass_button.click()
        said = plain_text(lab.message.value)              # the pass names the link that stands (9.46)
        assert said.startswith(f"{team} answered: no card, #") and said.endswith(" stands (9.41)."), said
    lab.set_team(view)


def test_play_a_card_at_the_clicked_stack_from_the_team_view():
    g = _game(forced=[4])
    lab = LabApp(g, team="US")
    _declared(lab)
    cp = lab.cards_panel
    assert cp.card.options == (("Tactical Cyber Attack \u00b7 action #1", "US-1|1"),        # short: a narrow column
                               ("Space Satellites \u00b7 free use", "US-2|None"))
    assert ("Card: Tactical Cyber Attack (Blue (US), in the pool): declared action #1 (3.31)"   # in full beside
            in plain_text(cp.target_hint.value))
    assert cp.option.options == ("A",) and not cp.play_button.disabled
    lab.select_hex("AL-21")                       # three RU backs: the stack is named by its hex
    assert cp.targets() == ((), "AL-21")
    assert "the stack in the clicked hex" in plain_text(cp.target_hint.value)
    n = len(g.history.steps)
    cp.play_button.click()
    assert "Play Tactical Cyber Attack: done" in plain_text(lab.message.value)
    assert g.history.steps[n].action == A.PlayCard("US-1", "A", (), "AL-21", 1)
    _pass_every_window(lab)
    log = plain_text(lab.log.value)
    assert "JCC played: Tactical Cyber Attack" in log
    assert g.state.cards["US-1"].where == "discarded"          # a one-time card (9.07)
    # played again: refused with its rule, nothing changed
    before = state_json(g)
    lab.play_card("US-1", "A", (), "AL-21", 1)
    assert "Refused by rule" in lab.message.value and state_json(g) == before


def test_carrying_out_a_card_play_shows_its_play_not_the_move_buttons():
    """Carry out: #1 Play a JCC, a hex clicked: no Move to / ZOR into / Conceal and no move hint,
    but a line pointing at *Play a card* (above the hand), its card use chosen there."""
    lab = LabApp(_game(forced=[4]), team="US")
    lab.begin_impulse("TF Memphis")
    lab.declare([{"kind": "play_jcc", "jcc": "Tactical Cyber Attack"}])
    ip, cp = lab.impulse_panel, lab.cards_panel
    lab.select_hex("AL-21")
    assert ip.action.options == (("#1 Play a JCC (Tactical Cyber Attack)", 1),) and ip.action.value == 1
    assert not on_page(lab, ip.act_row)
    hint = plain_text(ip.act_hint.value)
    assert "Click a hex first" not in hint and "Move to" not in hint
    assert hint.startswith("#1: play Tactical Cyber Attack under Play a card (its option and target, then "
                           "Play; 3.31) \u2014 Go to Play a card")
    anchor = play_anchor(lab.ctl)
    assert f'<a class="lcb-go-play" href="#{anchor}">Go to Play a card</a>' in ip.act_hint.value
    assert f'<a id="{anchor}"></a><b>Play a card</b>' in cp.play_head.value
    assert lab.ctl.card_action == 1 and cp.card.value == "US-1|1"     # the action's card, not the free use
    assert cp.widget.children[:2] == (cp.play_box, cp.hand)           # Play a card above the hand
    cp.play_button.click()
    assert "Play Tactical Cyber Attack: done" in plain_text(lab.message.value)
    _pass_every_window(lab)
    assert plain_text(ip.act_hint.value).startswith("#1: Tactical Cyber Attack has no play left now (3.31).")
    assert "lcb-go-play" not in ip.act_hint.value


def test_a_move_next_to_a_card_play_keeps_the_move_buttons():
    """Two declared actions: the move shows Move to / ZOR into / Conceal and the move hint, the
    card play the pointer; ``card_action`` follows the chosen action."""
    lab = LabApp(_game(forced=[4]), team="US")
    lab.begin_impulse("TF Memphis")
    lab.declare([{"kind": "move_combat", "units": ["LHD 1"]}, {"kind": "play_jcc", "jcc": "Tactical Cyber Attack"}])
    ip = lab.impulse_panel
    lab.select_hex("AL-21")
    ip.action.value = 1
    assert on_page(lab, ip.act_row) and lab.ctl.card_action is None
    assert ip.move_button.description == "Move to AL-21"
    assert plain_text(ip.act_hint.value).startswith(           # a hex is clicked: why Move to it is greyed
        "Move to AL-21: rule 5.12: AL-21 is out of reach for LHD 1 (MP 5).")
    ip.action.value = 2
    assert not on_page(lab, ip.act_row) and lab.ctl.card_action == 2
    assert plain_text(ip.act_hint.value).startswith("#2: play Tactical Cyber Attack under Play a card")
    assert lab.cards_panel.card.value == "US-1|2"
    ip.action.value = 1
    assert on_page(lab, ip.act_row) and lab.ctl.card_action is None


def test_the_instructor_targets_the_units_of_the_clicked_stack():
    g = _game(forced=[4])
    lab = LabApp(g)
    _declared(lab)
    lab.select_hex("AL-21")
    assert lab.cards_panel.targets() == (("1 Anna", "2 Anna", "3 Anna"), "AL-21")
    lab.cards_panel.play()
    _pass_every_window(lab)
    assert all(g.state.units[u].revealed and g.state.units[u].paralysed for u in ("1 Anna", "2 Anna", "3 Anna"))


def test_the_other_team_is_offered_no_card_to_play():
    g = _game()
    lab = LabApp(g, team="US")
    _declared(lab)
    lab.set_team("RU")
    cp = lab.cards_panel
    assert cp.card.options == () and cp.play_button.disabled
    assert cp.play_box.children == (cp.play_head,)          # one line saying why, no form of empty lists
    assert "Blue (US) is playing its impulse" in plain_text(cp.play_head.value)


# ------------------------------------------------------------------ card responses
OPTIONS = {"link": 1, "window": 1,
           "cards": [{"cid": "RU-1", "name": HIDDEN_RU, "option": "A", "kind": "nullify", "p_detect": None,
                      "p_success": 0.5, "max_targets": 1, "targets": [1], "free": True},
                     {"cid": "RU-4", "name": "Combat Air Patrols", "option": "A", "kind": "ftr_nullify",
                      "p_detect": 0.35, "p_success": 0.5, "max_targets": 2, "targets": [1, 2], "free": True}],
           "interceptors": [{"uid": "1 Anna", "slot": "INT1", "source": "RU-2", "max_dice": 2, "p_hit": 0.45,
                             "p_detect": None, "to": 1}]}


def test_the_response_form_shows_exact_odds_and_builds_the_answer():
    f = CardResponseForm(CardResponseOptions.from_dict(OPTIONS), lambda pid: f"#{pid}", link_cards={1: "US-1", 2: "US-5"},
                         card_names={"RU-2": "Pantsir-SM: IAMD"})
    text = " ".join(plain_text(t) for t in _texts(W.VBox(f.widgets)))
    assert "1 Anna INT1 with Pantsir-SM: IAMD" in text and "RU-" not in text     # names, never card ids
    assert "NULLIFY 50%" in text
    assert "DETECT 35% \u00d7 FTR NULLIFY 50% = 17.5%" in text      # FTR: DETECT x success
    assert "45% a die to hit" in text
    assert f.value() == {"responses": [], "card_intercepts": []}   # nothing chosen: pass
    f.choose(cards={"RU-1": True, "RU-4": True}, dice={"1 Anna/INT1": 2})
    assert f.value() == {"responses": [{"card": "RU-1", "option": "A", "to": 1, "targets": []},
                                       {"card": "RU-4", "option": "A", "to": 1, "targets": ["US-1", "US-5"]}],
                         "card_intercepts": [{"interceptor": "1 Anna", "slot": "INT1", "dice": 2, "to": 1}]}


def _pending_response(g):
    """A card_response window for RU on US-1's play (as the chain opens it)."""
    g.state.chain = [CardPlay(1, "US-1", "US", "A", [], "AL-21", aid=1)]
    g.state.cards["US-1"].face_up = True
    opts = {"link": 1, "window": 1, "cards": [dict(OPTIONS["cards"][0])], "interceptors": []}
    g.state.push_choice(CardResponseChoice("RU", "9.41", "RU may answer Tactical Cyber Attack (US)", opts))


def test_the_decision_panel_asks_the_deciding_team_only():
    g = _game()
    _pending_response(g)
    lab = LabApp(g, team="RU")
    d = lab.decision
    assert d.visible and d.cards_form is not None
    text = plain_text(d.header.value) + " ".join(plain_text(w.value) for w in d.body.children
                                                 if isinstance(w, W.HTML))
    assert "card response" in text and "#1 Tactical Cyber Attack (Blue (US))" in text and "US-1" not in text
    assert d.answer_button.description == "Respond" and on_page(lab, d.pass_button)
    lab.set_team("US")                    # the player's side: the kind and who decides, no options
    assert d.cards_form is None and not on_page(lab, d.answer_button)
    assert HIDDEN_RU not in " ".join(_texts(lab.widget))
    assert "Hand over" in " ".join(_texts(d.body))


def test_a_card_response_has_one_pass():
    """The card response offers one Pass (beside Respond), not "Pass" and "Pass: play no card"."""
    g = _game()
    _pending_response(g)
    lab = LabApp(g, team="RU")
    d = lab.decision
    shown = [b for b in [d.answer_button, d.pass_button, *d.policy_box.children]
             if isinstance(b, W.Button) and b.layout.display != "none"]
    assert [b.description for b in shown] == ["Respond", "Pass: play no card", "Answer with every free card",
                                              "Answer with every free card and INTERCEPT all you can"]
    assert d.pass_button.tooltip == "answer nothing: the chain goes on (9.46)"


def test_card_detail_of_a_deck_card():
    g = _game()
    ct = deck_of(g).card("RU", HIDDEN_RU)
    text = plain_text(card_detail_html(g, None, ct))
    assert "NULLIFY" in text and "response" in text and "answers tactical cyber, strategic cyber, EMS" in text


@pytest.mark.parametrize("team", ["US", "RU"])
def test_no_hidden_card_reaches_the_other_team_after_a_play(team):
    g = _game(forced=[4])
    lab = LabApp(g, team="US")
    _declared(lab)
    lab.select_hex("AL-21")
    lab.cards_panel.play()
    lab.set_team(team)
    everything = " ".join(_texts(lab.widget))
    if team == "US":
        assert HIDDEN_RU not in everything
    else:
        assert "Space Satellites" not in everything       # US-2 is deployed face down


# ------------------------------------------------------------------ Planning and Deployment
def _planning():
    return load_scenario("gotland_redux", seed=1, start="planning")


def test_planning_buy_into_the_pool_and_attached_from_the_team_view():
    g = _planning()
    lab = LabApp(g, team="US")
    pp = lab.planning_panel
    assert pp.shown and not on_page(lab, lab.impulse_panel.widget)
    cp = g.state.cp["US"]
    head = plain_text(pp.head.value)
    assert f"CP left: Blue (US) {cp} CP" in head and "Red (RU)" not in head     # its own CP only
    names = [v for _l, v in pp.deck.options]
    assert names, "the deck is offered"
    name = names[0]
    ct = deck_of(g).card("US", name)
    assert f"{name} \u2014 {ct.cost} CP" in pp.deck._options_labels
    before = {c.cid for c in g.state.cards.values()}
    pp.deck.value, pp.mode.value = name, "pool"
    pp.buy_button.click()
    assert "done" in lab.message.value, plain_text(lab.message.value)
    new = [c for c in g.state.cards.values() if c.cid not in before]
    assert [(c.name, c.where) for c in new] == [(name, "pool")]           # bought into the pool
    assert g.state.cp["US"] == cp - ct.cost
    hand = plain_text(lab.cards_panel.hand.value)
    assert re.search(re.escape(name) + r"[A-Z ]* in the pool", hand) and new[0].cid not in hand
    # the other team: one more card in the US pool, not its name or cid
    lab.set_team("RU")
    assert new[0].cid not in " ".join(_texts(lab.widget))
    assert "Blue (US) cards" in plain_text(lab.cards_panel.hand.value)
    # over the budget: refused with its rule, nothing changed
    lab.set_team("US")
    dear = max(deck_of(g).cards["US"].values(), key=lambda t: t.cost)
    g.state.cp = {**g.state.cp, "US": dear.cost - 1}
    lab.refresh()
    snap = state_json(g)
    lab.buy_card("US", dear.name)
    assert "Refused by rule" in lab.message.value and state_json(g) == snap


def test_end_planning_then_deploy_a_unit_face_down_by_clicking_a_hex():
    g = _planning()
    lab = LabApp(g)
    for team in ("US", "RU"):
        lab.end_planning(team)
        assert "done" in lab.message.value, plain_text(lab.message.value)
    assert g.state.stage == "deployment"
    dp = lab.deployment_panel
    assert dp.shown and not lab.planning_panel.shown
    lab.set_team("US")
    units = [v for v in dp.unit.options]
    assert units and all(g.state.units[u].team == "US" for u in units)
    deploys = lab.offers().deploys()
    uid = next(d.unit for d in deploys if d.hex)                       # a unit deployed in a hex
    offered = [d.hex for d in deploys if d.unit == uid and d.hex]
    dp.unit.value = uid
    assert "Its deployment area: " + ", ".join(offered[:12]) in plain_text(dp.area.value)
    # a hex outside the area: refused, nothing changed
    outside = next(h for h in g.board.hexes if h not in offered)
    lab.select_hex(outside)
    snap = state_json(g)
    dp.deploy_button.click()
    assert "Refused by rule" in lab.message.value and state_json(g) == snap
    lab.select_hex(offered[0])
    assert dp.deploy_button.description == f"Deploy in {offered[0]}"
    dp.deploy_button.click()
    assert "done" in lab.message.value, plain_text(lab.message.value)
    u = g.state.units[uid]
    assert u.hex == offered[0] and not u.revealed                     # face down (3.21)
    assert uid not in dp.unit.options
    # a unit that deploys Embarked: the ship is listed, Embark places it (10.0)
    embarked = next((d for d in lab.offers().deploys() if d.embark_on), None)
    if embarked is not None:
        dp.unit.value = embarked.unit
        assert f"It deploys Embarked on {embarked.embark_on}" in plain_text(dp.area.value)
        assert dp.deploy_button.disabled and dp.ship.value == embarked.embark_on
        dp.embark_button.click()
        assert "done" in lab.message.value, plain_text(lab.message.value)
        assert g.state.units[embarked.unit].embarked_on == embarked.embark_on
    lab.set_team("RU")                                                 # RU sees a back, not the unit
    assert uid not in " ".join(_texts(lab.widget))


def test_answer_a_card_response_in_the_deciding_view():
    """App. B, US impulse 1: RU answers the Tactical Cyber Attack with Attack on C2 -- its NULLIFY
    roll of 20 fails, the attack's 4 succeeds (forced dice as the narrative gives them)."""
    g = _game(forced=[20, 4])
    lab = LabApp(g, team="US")
    _declared(lab)
    lab.select_hex("AL-21")
    lab.cards_panel.play()
    d = g.pending
    assert d is not None and d.kind == "card_response" and d.team == "RU"
    dp = lab.decision
    assert dp.cards_form is None and "Hand over" in " ".join(_texts(dp.body))   # the player's view
    lab.set_team("RU")
    form = dp.cards_form
    assert form is not None
    text = " ".join(plain_text(t) for t in _texts(dp.body))
    assert HIDDEN_RU in text and "NULLIFY" in text and "%" in text
    form.choose(cards={"RU-1": True})
    dp.answer_button.click()
    assert plain_text(lab.message.value) == ("Red (RU) answered: Attack on Command and Control NULLIFY at "
                                             "#1 Tactical Cyber Attack (Blue (US)) (9.41)."), plain_text(lab.message.value)
    _pass_every_window(lab)                        # US may counter: it passes
    log = plain_text(lab.log.value)
    assert "JCC played: Tactical Cyber Attack" in log and HIDDEN_RU in log
    assert g.state.cards["RU-1"].where in ("discarded", "removed")        # a responder is used up (9.43)
    assert all(g.state.units[u].revealed for u in ("1 Anna", "2 Anna", "3 Anna"))


def test_a_counter_on_the_own_impulse_names_the_action_that_pays_it():
    opts = {"link": 2, "cards": [{"cid": "US-3", "name": "EMS Defense", "option": "A", "kind": "nullify",
                                  "p_detect": 1.0, "p_success": 0.6, "p": 0.6, "max_targets": 1, "targets": [2],
                                  "free": False, "actions": [2, 3]}], "interceptors": []}
    f = CardResponseForm(CardResponseOptions.from_dict(opts), lambda pid: f"#{pid}")
    text = " ".join(plain_text(t) for t in _texts(W.VBox(f.widgets)))
    assert "NULLIFY 60%" in text and "DETECT" not in text          # no DETECT roll: p_detect 1.0
    assert "1 AP: paid by a declared Play a JCC action" in text
    f.choose(cards={"US-3": True})
    assert f.value()["responses"] == [{"card": "US-3", "option": "A", "to": 2, "targets": [], "action": 2}]


def test_a_panel_of_another_stage_is_emptied():
    g = _planning()
    lab = LabApp(g)
    lab.planning_panel.deck.value = lab.planning_panel.deck.options[-1][1]
    assert lab.planning_panel.detail.value
    lab.end_planning("US")
    lab.end_planning("RU")
    pp = lab.planning_panel
    assert not pp.shown and pp.deck.options == () and pp.detail.value == "" and pp.head.value == ""


def test_an_ftr_nullify_at_a_deployed_card_with_an_escort_from_the_cards_panel():
    """9.44 / 9.46: on the own impulse the US CAP (pool, Play a JCC #1) is aimed at the deployed
    RU CAP with the *At card* input and escorted by the deployed F-22 with the *Escort* input,
    offered only because the engine lists that escort."""
    g = load_scenario("gotland_redux", seed=1)
    for c in list(g.state.cards):
        del g.state.cards[c]
        touched(g.state, "cards")      # staged in place: the snapshot looks at the map again
    jcc.add_card(g.state, "US", "Combat Air Patrols")                                                  # US-1
    jcc.add_card(g.state, "US", "F-22 Escorts", where="deployed", face_up=True).deployed = True          # US-2
    jcc.add_card(g.state, "RU", "Combat Air Patrols", where="deployed", face_up=True).deployed = True    # RU-1
    lab = LabApp(g, team="US")
    lab.begin_impulse("TF Memphis")
    lab.declare([{"kind": "play_jcc", "jcc": "Combat Air Patrols"}])
    cp = lab.cards_panel
    cp.card.value = "US-1|1"
    assert cp.option.options == ("deploy", "A")               # deploy: unused, 9.21 (B: no revealed target)
    cp.option.value = "A"
    assert cp.target_card in cp.play_box.children and cp.escort in cp.play_box.children
    assert cp.escort.options == (("none", ""), ("F-22 Escorts", "US-2"))
    assert [v for _l, v in cp.target_card.options] == ["RU-1"]
    cp.target_card.value, cp.escort.value = "RU-1", "US-2"
    n = len(g.history.steps)
    cp.play_button.click()
    assert "done" in plain_text(lab.message.value), plain_text(lab.message.value)
    assert g.history.steps[n].action == A.PlayCard("US-1", "A", ("RU-1",), None, 1, "US-2")
    assert "F-22 Escorts escorts Combat Air Patrols" in plain_text(lab.log.value)


def test_an_enemy_card_target_is_offered_by_its_name_not_its_id():
    """Red's Combat Air Patrols may FTR NULLIFY an enemy card: the line under the card names the
    offered targets as the cards' names (Blue's face-up Combat Air Patrols), never the id the engine
    files the card under (it read "Offered: US-8")."""
    import re
    from lcb_lab import load_scenario
    from lcb_lab.ui import LabApp
    app = LabApp(load_scenario("gotland_redux", seed=1))
    app.begin_impulse("TF Boston")
    app.end_impulse()
    app.set_team("RU")
    app.begin_impulse("TF St. Petersburg")
    app.declare([{"kind": "move_combat", "units": ["FFG-454"]}])
    cp = app.cards_panel
    cp.card.value = next(v for label, v in cp.card.options if label.startswith("Combat Air Patrols"))
    hint = re.sub("<[^>]+>", " ", cp.target_hint.value)
    assert "Offered: Combat Air Patrols" in hint
    assert not re.search(r"(?<![\w-])(?:US|RU)-\d+\b", hint), hint


def test_a_card_aimed_at_an_enemy_card_preselects_one_it_may_be_played_at():
    """Found by a class: Blue's Combat Air Patrols (FTR NULLIFY of an enemy aviation card) offered Red's
    Combat Air Patrols, but *At card* stood on Signals Management -- the first of all Red's cards the view
    knows -- and the hint said "(the map points at none of them)": *Play* would have been refused.  The cards
    the engine offers now come first in *At card*, one of them picked, and nothing says the map is wrong."""
    import re
    app = LabApp(load_scenario("gotland_redux", seed=1))
    app.begin_impulse("TF Boston")
    app.declare([{"kind": "play_jcc", "units": [], "jcc": "Tactical Cyber Attack"}])
    cp = app.cards_panel
    cp.card.value = next(v for label, v in cp.card.options if label.startswith("Combat Air Patrols"))
    assert [q.targets for q in cp.listed()] == [("RU-7",)]
    assert cp.target_card.value == "RU-7"
    assert cp.target_card.options[0] == ("Combat Air Patrols", "RU-7")           # short: a narrow column
    assert plain_text(cp.target_card_hint.value) == "At: Combat Air Patrols (Red (RU), deployed in AL-19)"
    assert len(cp.target_card.options) == 11                # every known Red card may still be picked
    hint = re.sub("<[^>]+>", "", cp.target_hint.value)
    assert "Offered: Combat Air Patrols" in hint and "points at none" not in hint, hint
    assert cp.to_play() in cp.listed()                      # Play plays the offered use
    assert "Card: Combat Air Patrols (Blue (US), deployed in AN-27): a free Persistent use" in hint
    cp.target_card.value = cp.target_card.options[1][1]                              # the line follows the pick
    assert plain_text(cp.target_card_hint.value) == f"At: {cp.target_card.options[1][0]} (Red (RU), in the pool)"
