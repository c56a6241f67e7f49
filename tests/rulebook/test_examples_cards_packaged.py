"""Worked EXAMPLEs of chapter 9 reproduced on the real packaged decks with forced dice (9.09,
the 9.24 diagram, 9.46 examples 4 and 5).  Values are the packaged cards' (``docs/cards.md``):
Tactical Cyber Defenses NULLIFY on 11 or less (sandbox); Space Satellites cost 5 (the 9.24
diagram), reveal on 12 or less (sandbox); Combat Air Patrols DETECT 10, FTR NULLIFY on 12, up
to 2 targets; B-1B Lancer DETECT 12, an LRS attack of 4 dice; B-2 DETECT 6 (sandbox)."""
from __future__ import annotations

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.content.passes import pass_empty_windows
from lcb_lab.games.lcb.model.cards import load_decks
from tests.refusals import refused
from tests.rulebook.test_ch9_chains import _second_played
from tests.rulebook.test_ch9_own_impulse import B, R, answer, begin, card, game, titles


def _pass_turn(g):
    turn = g.state.turn
    while g.state.turn == turn:
        if g.state.impulse is None:
            g.apply(A.BeginImpulse(g.available_task_forces()[0]))
        if g.impulse.phase == "declare":
            g.apply(A.Declare())
        g.apply(A.EndImpulse())


def _offered(g, team):
    ch = g.pending
    return [] if ch is None or ch.team != team else [o.cid for o in ch.options.cards]


# ---------------------------------------------------------------- 9.09
def test_9_09_example_tactical_cyber_defenses_nullifies_tactical_cyber_attack_by_category():
    """9.09 ex.: Tactical Cyber Attack is a tactical cyber card, so Tactical Cyber Defenses,
    which NULLIFIES tactical cyber cards, can NULLIFY it.  RU plays Tactical Cyber Attack at
    Alpha's stack; US answers with Tactical Cyber Defenses from the pool (free, 9.45): it rolls
    5 (11 or less): the attack is NULLIFIED and discarded before its own roll; Alpha is not
    paralyzed and no cube is added to either Tactical Network (7.61)."""
    g, c = game({"tca": ("RU", "Tactical Cyber Attack", "pool"), "tcd": ("US", "Tactical Cyber Defenses", "pool")},
                forced=[5])
    decks = load_decks()
    assert "tactical_cyber" in decks.card("RU", "Tactical Cyber Attack").categories
    assert decks.card("US", "Tactical Cyber Defenses").effects[0].counters == ("tactical_cyber",)
    begin(g, R, "Tactical Cyber Attack")
    g.apply(A.PlayCard(c["tca"], "A", ("Alpha",), action=1))
    assert _offered(g, "US") == [c["tcd"]]
    answer(g, A.Response(c["tcd"]))
    assert card(g, c["tca"]).where == "discarded" and card(g, c["tcd"]).where == "discarded"
    assert not g.unit("Alpha").paralysed                   # the attack never rolled (one die forced)
    assert g.state.network_cubes == {"US": 0, "RU": 0} and g.dice.forced_left == 0


def test_9_09_tactical_cyber_defenses_is_not_offered_against_an_ems_card():
    """9.09: the categories set the interactions: against RU's EMS Jamming (an EMS card, not
    tactical cyber) the US Tactical Cyber Defenses is not offered; the jamming rolls 4 (10 or
    less) and succeeds."""
    g, c = game({"ems": ("RU", "EMS Jamming", "pool"), "tcd": ("US", "Tactical Cyber Defenses", "pool")},
                forced=[4])
    begin(g, R, "EMS Jamming")
    g.apply(A.PlayCard(c["ems"], "A", (), action=1))
    assert c["tcd"] not in _offered(g, "US")
    pass_empty_windows(g)
    assert card(g, c["tcd"]).where == "pool" and g.dice.forced_left == 0


# ---------------------------------------------------------------- 9.24 diagram
def test_9_24_example_2_space_satellites_on_the_packaged_deck_1_ap_then_0_ap():
    """9.24 diagram ("Space Satellites", cost 5): turn 1, its first use needs 1 AP (a Play a JCC
    Core Action; 13 > 12: it fails and is expended); turn 2, its use is free: 0 AP, and 12
    reveals Anna."""
    g, c = game({"sat": ("US", "Space Satellites", "pool")}, forced=[13, 12])
    sat = c["sat"]
    assert g.decks is None and card(g, sat).name == "Space Satellites"
    assert load_decks().card("US", "Space Satellites").cost == 5
    g.state.initiative = "US"
    g.state.units["Anna"].revealed = False                                  # face down in F-6
    g.apply(A.BeginImpulse(B))
    refused(g, A.PlayCard(sat, targets=("F-6",)), "3.31")                    # turn 1: not without an AP
    g.apply(A.Declare((A.CoreAction("play_jcc", jcc="Space Satellites"),)))
    assert g.impulse.ap == 2
    g.apply(A.PlayCard(sat, targets=("F-6",), action=1))
    pass_empty_windows(g)
    assert card(g, sat).expended and not g.unit("Anna").revealed
    g.apply(A.EndImpulse())
    _pass_turn(g)
    assert g.state.turn == 2 and not card(g, sat).expended
    assert g.available_task_forces() == [B]                                 # US keeps the initiative (3.42)
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare())
    g.apply(A.PlayCard(sat, targets=("F-6",)))                               # turn 2: free
    pass_empty_windows(g)
    assert g.impulse.ap == 3 and g.unit("Anna").revealed and g.dice.forced_left == 0


# ---------------------------------------------------------------- 9.46 ex. 4 and 5
def _susans_two_bombers(forced):
    g, c = game({"b1": ("US", "B-1B Lancer", "pool"), "b2": ("US", "B-2", "pool"),
                 "susan": ("US", "Combat Air Patrols", "pool"),
                 "ch1": ("RU", "Combat Air Patrols", "deployed"), "ch2": ("RU", "Combat Air Patrols", "pool")},
                forced=forced)
    begin(g, B, "B-1B Lancer", "B-2", "Combat Air Patrols")
    g.apply(A.PlayCard(c["b1"], "A", ("Ivan",), action=1))
    _second_played(g, c["b2"])
    answer(g, A.Response(c["ch1"], targets=(c["b1"], c["b2"])))
    answer(g, A.Response(c["susan"], targets=(c["ch1"],), action=3))
    answer(g, A.Response(c["ch2"], targets=(c["susan"],)))
    return g, c


def test_9_46_example_4_on_the_packaged_decks_charlies_second_cap_wins_the_engagement():
    """9.46 ex. 4: Susan's B-1B and B-2 (2 AP); Charlie's deployed CAP aims at both; Susan's CAP
    (her last AP) at Charlie's CAP; Charlie's second CAP at Susan's.  The opposed CAPs begin the
    chain: DETECT 2 and 3 (10 or less); Charlie's second CAP FTR 4 (12 or less) succeeds, Susan's
    15 fails: a cube on Susan's CAP, which goes no further.  Charlie's first CAP survives and
    attacks the bombers: B-1B DETECT 5 (12 or less), FTR 16 fails; B-2 DETECT 6 (6 or less), FTR
    7: the B-2 is discarded.  The B-1B's LRS attack is left for the combat."""
    g, c = _susans_two_bombers([2, 3, 4, 15, 5, 16, 6, 7])
    assert g.pending is None and g.dice.forced_left == 0
    assert card(g, c["susan"]).cubes == 1 and card(g, c["ch2"]).cubes == 0 and card(g, c["ch1"]).cubes == 0
    assert card(g, c["b2"]).where == "discarded"
    assert [(x["name"], x["target"], x["dice"]) for x in g.state.impulse.card_lrs] == [("B-1B Lancer", "Ivan", 4)]
    fights = [t for t in titles(g) if t.startswith("FTR NULLIFY engagement")]
    assert len(fights) == 1 and "Combat Air Patrols" in fights[0]


def test_9_46_example_4_on_the_packaged_decks_susan_wins_and_attacks_charlies_first_cap():
    """9.46 ex. 4, the other branch: Susan defeats Charlie's second CAP (its FTR 15 fails, hers 4
    succeeds: a cube on it) and, with her CAP's second FTR NULLIFY, targets Charlie's first CAP,
    which does not fight back (it is aimed at the two bombers): DETECT 5, FTR 6: a cube on it;
    stopped, it never reaches the bombers, whose LRS attacks are left for the combat."""
    g, c = _susans_two_bombers([2, 3, 15, 4, 5, 6])
    assert g.pending is None and g.dice.forced_left == 0
    assert card(g, c["ch2"]).cubes == 1 and card(g, c["ch1"]).cubes == 1 and card(g, c["susan"]).cubes == 0
    assert sorted(x["name"] for x in g.state.impulse.card_lrs) == ["B-1B Lancer", "B-2"]


def test_9_46_example_5_on_the_packaged_decks_charlies_cap_takes_susans_cap_then_the_b1b():
    """9.46 ex. 5: Susan's B-1B (1 AP); Charlie's deployed CAP aims at it; Susan's CAP (another
    AP) aims at Charlie's.  Charlie's CAP may target up to 2 aviation cards, so it fights Susan's
    CAP and the B-1B: the CAPs DETECT (15: Susan fails; 3: Charlie succeeds), Charlie's FTR 4
    (12 or less) puts a cube on Susan's CAP; then it DETECTs the B-1B (5, 12 or less)
    and FTR NULLIFYs it (6): the B-1B is discarded."""
    g, c = game({"b1": ("US", "B-1B Lancer", "pool"), "susan": ("US", "Combat Air Patrols", "pool"),
                 "charlie": ("RU", "Combat Air Patrols", "deployed")}, forced=[15, 3, 4, 5, 6])
    begin(g, B, "B-1B Lancer", "Combat Air Patrols")
    g.apply(A.PlayCard(c["b1"], "A", ("Ivan",), action=1))
    answer(g, A.Response(c["charlie"], targets=(c["b1"],)))
    answer(g, A.Response(c["susan"], targets=(c["charlie"],), action=2))
    assert g.pending is None and g.dice.forced_left == 0
    assert card(g, c["susan"]).cubes == 1 and card(g, c["charlie"]).cubes == 0
    assert card(g, c["b1"]).where == "discarded" and not g.state.impulse.card_lrs
