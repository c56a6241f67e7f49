"""The Order of Battle lab (``lcb_lab/ui/order_of_battle/``) with real widget values: the phase track
(the nine phases, the current one highlighted, who has completed it, the clockwise seating, the Lead
Commander), the hands (the viewer's own cards, the others' as backs), phases played through the
*Acts* tab's buttons with hand-over between Commanders, the Initiative draw's exact odds before the
draw, a refused act as one red line, the undo rule, Fork here and its compare rows, Save / Load, a
skirmish round committed face down that the other side reads only as "committed" -- and each
Commander's page holding nothing of another's hand, face-down PUDs or placement (twin worlds
differing only in that secret give the page string for string)."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from fractions import Fraction
from itertools import product
from pathlib import Path

import pytest

from lcb_lab.games.order_of_battle import actions as A
from lcb_lab.games.order_of_battle.game import new_game
from lcb_lab.ui.lab.fork_view import ForkView
from lcb_lab.ui.order_of_battle.app import OobLab, open_order_of_battle_lab
from lcb_lab.ui.order_of_battle.game_ui import OobDiff
from lcb_lab.ui.order_of_battle.cards_html import MORE_BELOW, compact_words
from tests.order_of_battle.helpers import at_phase, bare, data, give, squad
from tests.secret_text import tree_strings

ROOT = Path(__file__).resolve().parents[2]
ASH_HAND = ["Night Strip", "Ambush", "Data Heist", "Take Cover", "Overload"]
"""Ash's first Fame hand in the seed-1 game (its shuffled Fame deck's top five)."""


def _page(lab: OobLab) -> str:
    """Every string the lab sends to the browser, the shell's random CSS class cut out."""
    texts, other = tree_strings(lab.widget)
    return re.sub(r"lcb-lab-[0-9a-f]+", "lcb-lab-ID", "\n".join(sorted(texts + other)))


def _click(lab: OobLab, act) -> None:
    lab.acts_panel.button_for(act).click()


def _through_revenue(lab: OobLab) -> None:
    """Draw Phase and Revenue Phase of the seed-1 game, each Commander in turn, through the buttons."""
    for _ in range(3):
        _click(lab, A.DrawFame(0))
    for aff in ("legit", "criminal", "legit"):
        _click(lab, A.CollectRevenue(aff))


def test_the_lab_opens_on_the_draw_phase_with_its_parts():
    lab = open_order_of_battle_lab()
    assert [lab.tabs.get_title(i) for i in range(len(lab.tabs.children))] == ["Acts", "Game", "History"]
    assert lab.view_picker.options == (("Ash", "Ash"), ("Birch", "Birch"), ("Cedar", "Cedar"), ("Umpire", "instructor"))
    assert lab.team == "instructor" and lab.scenario_picker.value == "three_commanders"
    assert repr(lab) == "<OobLab: Order of Battle, 3 Commanders, instructor view>"
    track = lab.track.value
    assert re.findall(r'<span class="oob-phase([^"]*)" title="(l\.\d+)">([^<]+)</span>', track) == [
        (" oob-now", "l.17", "I. Draw Phase"), ("", "l.25", "II. Revenue"), ("", "l.33", "III. Initiative"),
        ("", "l.39", "IV. Purchase"), ("", "l.53", "V. Organization"), ("", "l.63", "VI. Assignment"),
        ("", "l.79", "VII. Mission"), ("", "l.119", "VIII. Victory"), ("", "l.131", "IX. Hotspot")]
    assert "Completed the phase: nobody yet \u00b7 still to act: Ash, Birch, Cedar" in track
    assert "Clockwise: Ash \u2192 Birch \u2192 Cedar \u00b7 Lead Commander (initiative): not yet drawn this game" in track
    assert {a: b.description for a, b in lab.acts_panel.buttons.items()} == {
        A.DrawFame(0): "draw up to the hand maximum", A.DrawFame(1): "draw up to the hand maximum and 1 more (1 Fame)",
        A.DrawFame(2): "draw up to the hand maximum and 2 more (2 Fame)"}
    assert lab.table.value.count('class="oob-display') == 3 and "Home Turf" in lab.table.value
    assert re.findall(r"Fame (<span[^>]*>5\u2020</span>) \u00b7 Credits 0 \u00b7 Reputation 0", lab.table.value) == [
        '<span class="lcb-sandbox" title="sandbox: the text gives no starting Fame; each Commander starts with 5 '
        '(then the rules&#x27; gains and costs)">5\u2020</span>'] * 3
    with pytest.raises(ValueError, match="seats 2, 3, 4 Commanders"):
        open_order_of_battle_lab(players=6)


def test_every_sandbox_number_of_a_command_display_wears_the_sandbox_mark():
    """Fame (its start, 5, is sandbox: the heading says so) and the decks' counts (lcb_lab's card set) carry the
    labs' dagger in the sandbox style, the start named on hover; a key under the displays says what the mark
    means; Reputation (l.119) and Credits (none at the start) do not.  Before, "Fame 5" stood bare."""
    lab = open_order_of_battle_lab()
    table = lab.table.value
    marked = re.findall(r'<span class="lcb-sandbox" title="([^"]+)">(\d+)\u2020</span>', table)
    assert [n for _t, n in marked] == ["5", "12", "14"] * 3
    assert {t for t, _n in marked} == {
        "sandbox: the text gives no starting Fame; each Commander starts with 5 (then the rules&#x27; gains and costs)",
        "sandbox: the cards left in the deck, of lcb_lab&#x27;s own card set (the text prints no card)"}
    assert "Reputation 0 <span" in table and "Credits 0 \u00b7" in table
    assert table.endswith("\u2020 sandbox value: the text prints none, nor any card's values (hover a value for "
                          "lcb_lab's choice)</div>"
                          + MORE_BELOW)                 # then the "more below" cue, shown only while it scrolls


def test_a_phase_played_through_the_panel_with_hand_over_and_a_refusal_in_one_red_line():
    lab = open_order_of_battle_lab(viewer="Ash")
    _click(lab, A.DrawFame(0))
    assert lab.message.value == '<div class="lcb-card"><span class="lcb-ok">draw fame: done.</span></div>'
    assert re.findall(r"<div class=\"oob-card\"><b>([^<]+)</b>", lab.hand.value) == ASH_HAND
    assert "Ash (yours)</b>: Fame hand, 5 card(s)" in lab.hand.value and "sandbox" in lab.hand.value
    assert "attack +2" in lab.hand.value                                      # Ambush's sandbox score
    assert "Completed the phase: Ash \u00b7 still to act: Birch, Cedar" in lab.track.value
    panel = lab.acts_panel
    assert panel.buttons == {} and panel.hand_over_button.description == "Hand over to Birch"
    assert panel.hand_over_button in panel.widget.children
    before = data(lab.game)
    lab.apply_act(A.DrawFame(0))                                              # Birch's part, not Ash's
    assert data(lab.game) == before and lab.message.value == (
        '<div class="lcb-card"><span class="lcb-refused">draw fame: Refused by the rules (l.9): the game waits for '
        "Birch, not Ash: hand over first. Nothing changed.</span></div>")
    assert '<span class="lcb-rule">l.9</span> Refused: the game waits for' in lab.log.value
    panel.hand_over_button.click()
    assert lab.team == "Birch" and "Showing the Birch view." in lab.message.value
    assert "<b>Ash</b>: Fame hand, 5 card(s)" in lab.hand.value and lab.hand.value.count("oob-back") == 5
    lab.apply_act(A.ConvertFame(1))                                           # the rules refuse it now
    assert data(lab.game) == before and "Refused by the rules (l.41)" in lab.message.value
    _click(lab, A.DrawFame(1))                                                 # one more card for 1 Fame (l.17)
    assert "Birch (yours)</b>: Fame hand, 6 card(s)" in lab.hand.value and re.search(r"<b>Birch</b> \u00b7 Fame <span class=\"lcb-sandbox\"[^>]*>4\u2020</span>", lab.table.value)
    panel.hand_over_button.click()
    _click(lab, A.DrawFame(0))
    track = lab.track.value
    assert '<span class="oob-phase oob-done" title="l.17">I. Draw</span>' in track
    assert '<span class="oob-phase oob-now" title="l.25">II. Revenue Phase</span>' in track
    assert "Completed the phase: nobody yet \u00b7 still to act: Ash, Birch, Cedar" in track
    assert '<span class="lcb-rule">l.9</span><span class="lcb-rule">l.25</span> <b>Turn 1: II. Revenue Phase</b>' \
        in lab.log.value
    panel.hand_over_button.click()
    assert lab.team == "Ash" and [b.description for b in panel.buttons.values()] == ["Legit", "Criminal"]


def _lead_chances(piles: list[list[int]]) -> list[Fraction]:
    """Each contender's chance to draw the one highest cost, by counting every combination of top cards."""
    wins = [0] * len(piles)
    for tops in product(*piles):
        best = max(tops)
        if tops.count(best) == 1:
            wins[tops.index(best)] += 1
    total = 1
    for p in piles:
        total *= len(p)
    return [Fraction(w, total) for w in wins]


def test_the_initiative_draw_shows_its_exact_odds_first_then_the_lead_commander_buys_first():
    lab = open_order_of_battle_lab()
    _through_revenue(lab)
    piles = [[lab.game.cards[n].cost for n in c.fortune_deck.draw] for c in lab.game.state.commanders.values()]
    lead = _lead_chances(piles)                                  # the same 14 cards each: 17.9% each, a tie 46.2%
    assert [f"{100 * float(p):.1f}" for p in lead] == ["17.9", "17.9", "17.9"]
    assert f"{100 * float(1 - sum(lead)):.1f}" == "46.2"
    assert ("Lead Commander: Ash 17.9%, Birch 17.9%, Cedar 17.9%, a tie (redrawn) 46.2%"
            in lab.acts_panel.odds.value)
    lab.set_team("Ash")                                          # a Commander reads its own card's odds only
    assert "your Fortune card: cost 1: 7%, cost 2: 29%, cost 3: 50%, cost 6: 7%, cost 8: 7%" in lab.acts_panel.odds.value
    assert "Lead Commander:" not in lab.acts_panel.odds.value
    _click(lab, A.DrawInitiative())
    assert lab.acts_panel.odds.value == ""                       # Ash has drawn: no more odds for Ash
    lab.set_team("instructor")
    assert "Lead Commander: Birch 32.7%, Cedar 32.7%, a tie (redrawn) 34.7%" in lab.acts_panel.odds.value
    _click(lab, A.DrawInitiative())
    _click(lab, A.DrawInitiative())                              # Monoblade 2, Gunner 3, Vex Marlowe 6
    assert "Lead Commander (initiative): Cedar" in lab.track.value
    assert "still to act: Cedar, Ash, Birch" in lab.track.value   # from the Lead, clockwise (l.39)
    lab.set_team("Cedar")
    offer = ["Shield Matrix", "Scanner", "Street Tough", "Rail Pistol", "Netrunner"]
    assert "Cedar's Fortune draw to buy from" in lab.hand.value
    assert re.findall(r"<b>([^<]+)</b><br><span class=\"lcb-muted\">(?:pud|equipment|matrix)", lab.hand.value) == offer
    assert [b.description for b in lab.acts_panel.buttons.values()] == [
        "End the purchase", *(f"Buy {n} ({c})" for n, c in zip(offer, ("3 Credits", "1 Credit", "2 Credits",
                                                                       "3 Credits", "3 Credits"))),
        "Convert 1 Fame into 1 Credit(s)"]                      # each with its cost: the draw may scroll away
    _click(lab, A.Buy("Street Tough"))                           # a PUD: activated face down (l.43)
    assert "Street Tough</b><br><span class=\"lcb-muted\">pud \u00b7 Cedar-1, face down" in lab.table.value
    lab.set_team("Ash")
    ash = _page(lab)
    assert "Cedar-1" in ash and "PUD face down" in lab.table.value and "Cedar buys a PUD, activated face down as Cedar-1" in ash
    assert "Street Tough" not in ash and "Shield Matrix" not in ash    # Cedar's face-down PUD and its draw
    assert "<b>Cedar</b>: Fame hand, 5 card(s), 4 Fortune card(s) drawn to buy from" in lab.hand.value


def test_undo_a_commander_takes_back_only_its_own_step_the_umpire_any():
    lab = open_order_of_battle_lab()
    _through_revenue(lab)
    for _ in range(3):
        _click(lab, A.DrawInitiative())
    lab.set_team("Cedar")
    _click(lab, A.Buy("Scanner"))
    assert lab.undo() and lab.game.history.cursor == 9 and "Scanner" not in lab.table.value
    _click(lab, A.Buy("Scanner"))
    _click(lab, A.EndPurchase())
    assert not lab.undo() and "another player has already answered or must act now" in lab.message.value
    lab.set_team("Ash")
    assert not lab.undo() and lab.history_panel.undo_button.disabled
    lab.set_team("instructor")
    assert lab.undo() and lab.game.history.cursor == 10 and lab.game.to_act() == "Cedar"
    rows = lab.timeline_rows()
    assert [(r.group, r.undone) for r in rows[7:]] == [
        ("Turn 1 \u00b7 III. Initiative Phase", False), ("Turn 1 \u00b7 III. Initiative Phase", False),
        ("Turn 1 \u00b7 IV. Purchase Phase", False), ("Turn 1 \u00b7 IV. Purchase Phase", True)]
    assert [r.label for r in rows[9:]] == ["buy: Cedar buys Scanner (1 Credits) as Cedar-1, face up",
                                           "end purchase: Cedar ends its purchase: 4 card(s) discarded, 1 Fame "
                                           "from the Credits left, 1 lost"]
    lab.set_team("Ash")                                          # Ash reads its own draw, the others' as counts
    assert [r.label for r in lab.timeline_rows()][:2] == [
        "draw fame: Ash draws 5 Fame card(s): " + ", ".join(ASH_HAND), "Birch draws 5 Fame card(s) (5 free); hand 5"]
    assert [r.label for r in lab.timeline_rows()][9:] == ["Cedar buys Scanner (1 Credits) as Cedar-1, face up",
                                                          "Cedar acts (undone)"]


def test_fork_here_compares_fame_in_the_branch():
    lab = open_order_of_battle_lab()
    _through_revenue(lab)
    for _ in range(3):
        _click(lab, A.DrawInitiative())
    branch = lab.fork_here()
    fv: ForkView = lab.fork_view
    assert isinstance(fv.branch, OobLab) and branch is fv.branch.game
    fv.branch.apply_act(A.ConvertFame(1))                        # Cedar turns 1 Fame into 1 Credit (l.41)
    assert fv.rows == [OobDiff("fame", "Cedar", 5, 4)]
    assert "Cedar" in fv.diff.value
    fv.close_button.click()
    assert fv.branch is None


def test_save_and_load_a_game(tmp_path):
    lab = open_order_of_battle_lab(files_dir=tmp_path)
    _through_revenue(lab)
    path = lab.save_game("oob.json")
    saved = data(lab.game)
    assert json.loads(path.read_text())["record"]["steps"][4]["action"] == {"kind": "revenue", "affiliation": "criminal"}
    lab.new_game(confirm=True)
    assert lab.game.history.cursor == 0 and "New game: Order of Battle, 3 Commanders, seed 1." in lab.message.value
    loaded = lab.load_game("oob.json", confirm=True)
    assert loaded is lab.game and data(loaded) == saved and loaded.history.cursor == 6
    (tmp_path / "bad.json").write_text('{"game": "chess"}')
    assert lab.load_game("bad.json", confirm=True) is None and "not a saved game of Order of Battle" in lab.message.value
    lab.new_game("two_commanders", seed=2, confirm=True)         # the lab's viewers are its three Commanders
    assert lab.game is loaded and "its Commanders are Ash, Birch, not Ash, Birch, Cedar" in lab.message.value


def _skirmish(ash_puds: list[str], ash_hand: list[str], **kw) -> OobLab:
    """The Mission Phase: Ash's squad (Iron Kade, face-down PUDs ``ash_puds``, two Matrices) attacks
    Birch's Home Turf on a Face Mission; Birch defends with Netrunner and a face-down Street Tough."""
    g = bare()
    for c in g.state.commanders.values():
        c.fame = 5
    lead = give(g, "Ash", "Iron Kade")
    squad(g, "Ash", lead, [give(g, "Ash", p) for p in ash_puds], mission="face", opponent="Birch", target="Birch-0")
    give(g, "Ash", "Shield Matrix")
    give(g, "Ash", "Strike Matrix")
    g.state.commanders["Ash"].hand = list(ash_hand)
    dlead = give(g, "Birch", "Netrunner")
    squad(g, "Birch", dlead, [give(g, "Birch", "Street Tough")])
    at_phase(g, "mission", ["Ash", "Birch"])
    return open_order_of_battle_lab(g, viewer="Ash", **kw)


def _engage(lab: OobLab) -> None:
    """Attack (l.87), defend (l.88), Ranged (l.89), the defending squad (l.90), through the buttons."""
    _click(lab, A.Attack("Ash-1"))
    lab.acts_panel.hand_over_button.click()
    _click(lab, A.OfferDefense(True))
    lab.acts_panel.hand_over_button.click()
    _click(lab, A.DeclareForm("ranged"))
    lab.acts_panel.hand_over_button.click()
    _click(lab, A.ChooseDefender("Birch-1"))
    lab.set_team("Ash")


def _place(lab: OobLab, battle: str, matrix: str) -> None:
    pick, apply = lab.acts_panel.pickers["place_face_down"]
    pick.value = A.PlaceFaceDown("Ash", (), (battle,), (matrix,))
    apply.click()


def test_a_round_committed_face_down_reads_committed_to_the_other_side_until_revealed():
    lab = _skirmish(["Gunner", "Netrunner"], ["Ambush"])
    twin = _skirmish(["Netrunner", "Gunner"], ["Take Cover"])    # other face-down PUDs and Battle card
    for w in (lab, twin):
        _engage(w)
    pick, _apply = lab.acts_panel.pickers["place_face_down"]      # 2 orders x 2 Battle x 3 Matrix choices
    assert len(pick.options) == 12 and pick.options[11][0] == (
        "reversed stack; Battle: Ambush; Matrix: Ash-5 (Strike Matrix)")
    assert "PUD stacks <span class=\"lcb-rule\">l.91</span>: Ash: Ash-2, Ash-3; Birch: 1 PUD(s) face down" \
        in lab.acts_panel.battle.value
    _place(lab, "Ambush", "Ash-5")
    _place(twin, "Take Cover", "Ash-4")
    assert "Ash: PUD order as it stands; Battle Ambush; Matrices Ash-5" in lab.acts_panel.battle.value
    for w in (lab, twin):
        w.acts_panel.hand_over_button.click()
    assert lab.team == "Birch" and "Ash: committed, face down" in lab.acts_panel.battle.value
    birch = _page(lab)
    assert "Ash places 1 Battle card(s) face down and declares 1 Matrix generation(s)" in birch
    for secret in ("Ambush", "Gunner", "Ash-2, Ash-3", "Matrices Ash-5"):
        assert secret not in birch
    assert birch == _page(twin)                                    # the twin world: the same page, string for string
    lab.set_team("instructor")
    assert "Ambush" in _page(lab) and "Gunner" in _page(lab)      # so the scans above can fail
    lab.set_team("Birch")
    _click(lab, A.PlaceFaceDown("Birch"))                         # both placed: revealed together (l.93)
    assert "Ambush" in _page(lab) and "Ash: committed" not in lab.acts_panel.battle.value


def test_each_commanders_page_holds_nothing_of_anothers_hand():
    fame = ["Data Haven", "Extraction", "Sabotage", "Night Strip", "Dockside Market", "Overload"]
    other = ["Ambush", "Take Cover", "Overload", "Data Heist", "Night Strip", "Overload"]
    labs = [open_order_of_battle_lab(new_game(["Ash", "Birch", "Cedar"], stacked={
        "Ash": {"fame": ash, "fortune": []}, "Birch": {"fame": fame, "fortune": []},
        "Cedar": {"fame": fame, "fortune": []}}), viewer="Ash") for ash in (other, fame)]
    for lab in labs:
        _click(lab, A.DrawFame(0))
    assert "Data Heist" in labs[0].hand.value and "Extraction" in labs[1].hand.value
    for lab in labs:
        lab.acts_panel.hand_over_button.click()
    assert labs[0].team == "Birch" and _page(labs[0]) == _page(labs[1])
    assert "Data Heist" not in _page(labs[0]) and "Ambush" not in _page(labs[0])
    for lab in labs:
        lab.set_team("Cedar")
    assert _page(labs[0]) == _page(labs[1])


def test_the_order_of_battle_lab_loads_no_other_game():
    code = ("import json, sys\nfrom lcb_lab.ui.order_of_battle.app import open_order_of_battle_lab\n"
            "lab = open_order_of_battle_lab()\nlab.fork_here(); lab.set_team('Ash')\n"
            "print(json.dumps(sorted({m.split('.')[2] for m in sys.modules if m.startswith('lcb_lab.games.')}"
            " | {m for m in sys.modules if m.startswith('lcb_lab.ui.lcb')})))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout.splitlines()[-1]) == ["order_of_battle"]


def test_organization_assignment_mission_and_hotspot_phases_through_the_panel():
    """Ash forms a squad under Iron Kade with a face-down Gunner and a Flak Vest (l.53-57), assigns it
    a Face Mission on Birch's Home Turf (l.67), attacks (l.87); Birch offers no defense (l.88): the
    Hotspot is turned face down (l.108) and Ash gains the 4 Credits it gives Legit Birch (l.109);
    in the Hotspot Phase Ash activates Night Strip for its revenue 1 (l.131), Birch reactivates
    Home Turf for 4 (l.133)."""
    g = bare(fame=["Data Haven"])
    for card in ("Iron Kade", "Gunner", "Flak Vest"):
        give(g, "Ash", card)
    g.state.commanders["Ash"].hand = ["Data Heist", "Night Strip"]
    at_phase(g, "organization", ["Ash", "Birch"])
    lab = open_order_of_battle_lab(g, viewer="Ash")
    panel = lab.acts_panel
    assert {a: b.description for a, b in panel.buttons.items()} == {
        A.DoneOrganizing(): "Squads organized", A.FormSquad("Ash-1"): "Squad led by Ash-1 (Iron Kade)",
        A.FormSquad("Ash-2"): "Squad led by Ash-2 (Gunner)"}
    _click(lab, A.FormSquad("Ash-1"))
    _click(lab, A.Reassign("Ash-2", "Ash-1"))
    _click(lab, A.Reassign("Ash-3", "Ash-1"))
    assert "Squad Ash-1 \u00b7 defense mission" in lab.table.value and "pud \u00b7 Ash-2, face down" in lab.table.value
    _click(lab, A.DoneOrganizing())
    panel.hand_over_button.click()
    assert "Ash-2 PUD face down" in lab.table.value and "Gunner" not in _page(lab)     # Birch: a card back
    _click(lab, A.DoneOrganizing())
    panel.hand_over_button.click()                                # Assignment: from the Lead, Ash (l.63)
    assert [b.description for b in panel.buttons.values()] == [
        "Missions assigned", "Ash-1: Face Mission against Birch's Birch-0 (Home Turf)",
        "Ash-1: Regular Mission with Data Heist against Birch's Birch-0 (Home Turf)"]
    _click(lab, A.AssignMission("Ash-1", "face", "Birch", "Birch-0"))
    _click(lab, A.DoneAssigning())
    panel.hand_over_button.click()
    _click(lab, A.DoneAssigning())
    panel.hand_over_button.click()
    assert '<span class="oob-phase oob-now" title="l.79">VII. Mission Phase</span>' in lab.track.value
    _click(lab, A.Attack("Ash-1"))
    panel.hand_over_button.click()
    assert [b.description for b in panel.buttons.values()] == ["No defense"]    # Birch has no Defense squad
    _click(lab, A.OfferDefense(False))
    assert '<span class="oob-phase oob-now" title="l.131">IX. Hotspot Phase</span>' in lab.track.value
    assert "Face Mission: Ash gains 4 Fame, the revenue Home Turf supplies Birch in a turn" in lab.log.value
    assert "Ash: Reputation 9" in lab.log.value and "Birch: Reputation 5" in lab.log.value     # l.119
    panel.hand_over_button.click()
    assert lab.team == "Ash" and "Birch-0 hotspot face down" in lab.table.value
    _click(lab, A.ActivateHotspot("Night Strip"))
    assert re.search(r"<b>Ash</b> \u00b7 Fame <span[^>]*>8\u2020</span>", lab.table.value) and "Night Strip</b><br><span class=\"lcb-muted\">hotspot \u00b7 Ash-4" \
        in lab.table.value
    _click(lab, A.DoneHotspots())
    panel.hand_over_button.click()
    _click(lab, A.Reactivate("Birch-0"))
    assert re.search(r"<b>Birch</b> \u00b7 Fame <span[^>]*>1\u2020</span>", lab.table.value) and "hotspot \u00b7 Birch-0</span>" in lab.table.value


def test_a_game_saved_mid_skirmish_loads_with_the_placement_still_face_down(tmp_path):
    lab = _skirmish(["Gunner", "Netrunner"], ["Ambush"], files_dir=tmp_path)
    _engage(lab)
    _place(lab, "Ambush", "Ash-5")
    saved = data(lab.game)
    assert lab.save_game("skirmish.json") == tmp_path / "skirmish.json"
    loaded = lab.load_game("skirmish.json", confirm=True)
    assert loaded is lab.game and data(loaded) == saved and loaded.history.cursor == 5 and loaded.to_act() == "Birch"
    lab.acts_panel.hand_over_button.click()
    assert lab.team == "Birch" and "Ash: committed, face down" in lab.acts_panel.battle.value
    assert [b.description for b in lab.acts_panel.buttons.values()] == ["stack as it stands; Battle: none; Matrix: none"]


def test_a_commander_may_not_take_back_a_draw_nor_a_step_that_ended_the_phase():
    """Ash is the last to act in a phase and the first in the next: the game waits for Ash again, yet its
    draw showed it cards (l.17), and its revenue choice ended the Revenue Phase (l.9)."""
    g = bare(fame=["Ambush", "Take Cover", "Overload", "Data Haven", "Data Heist", "Sabotage"])
    at_phase(g, "draw", ["Ash"])
    lab = open_order_of_battle_lab(g, viewer="Ash")
    _click(lab, A.DrawFame(0))
    assert lab.game.to_act() == "Ash" and "II. Revenue Phase" in lab.acts_panel.head.value
    assert not lab.undo() and "the last step drew cards or was a step of a skirmish" in lab.message.value
    lab = open_order_of_battle_lab(at_phase(bare(fortune=["Gunner"]), "revenue", ["Ash"]), viewer="Ash")
    _click(lab, A.CollectRevenue("criminal"))
    assert lab.game.to_act() == "Ash" and "III. Initiative Phase" in lab.acts_panel.head.value
    assert not lab.undo() and "the last step ended the phase" in lab.message.value
    lab.set_team("instructor")
    assert lab.undo() and lab.game.history.cursor == 0 and "II. Revenue Phase" in lab.acts_panel.head.value


def test_the_umpire_reads_every_hand_and_the_table_as_compact_faces_a_commander_its_own_hand_whole():
    """The Umpire's view draws each Commander's hand as one row of compact faces (name, cost coin, short values,
    the kind in the edge; the whole face on hover and inside, opened by a click) and the table's cards alike, a
    face-down card hatched; a Commander's own hand keeps the whole faces, another's a count of backs, and a card
    the owner keeps face down is a back on the other Commanders' tables."""
    g = new_game(3, seed=1)
    for _ in range(3):
        g.apply(A.DrawFame(0))
    down = give(g, "Birch", "Street Tough")                                  # a PUD: face down
    give(g, "Birch", "Vex Marlowe")
    lab = open_order_of_battle_lab(game=g)
    hand, table = lab.hand.value, lab.table.value
    rows = re.findall(r'<div class="oob-who"><b>(\w+)</b>: Fame hand, 5 card\(s\) <span class="lcb-rule">l\.17</span></div>'
                      r'<div class="oob-cards">((?:<details class="oob-card oob-chip.*?</details>)+)</div>', hand)
    assert [who for who, _row in rows] == ["Ash", "Birch", "Cedar"]
    assert re.findall(r"<summary[^>]*><b>([^<]+)</b>", rows[0][1]) == ASH_HAND
    assert '<div class="oob-card"><b>' not in hand                           # no whole face in the Umpire's hands
    assert ('<details class="oob-card oob-chip oob-k-battle"><summary title="Ambush: battle; attack +2 (sandbox: the '
            'text prints no card)"><b>Ambush</b><span class="oob-vals">atk +2</span></summary><div class="oob-face">'
            '<b>Ambush</b><br><span class="lcb-muted">battle</span>') in hand
    assert ('<details class="oob-card oob-chip oob-k-pud oob-down"><summary title="Street Tough: pud, '
            f'{down}, face down; cost 2 · melee 2 ranged 1 defense 2 · stealth (sandbox: the text prints no card)"><b>'
            'Street Tough</b><span class="oob-skill" title="stealth">STE</span><span class="oob-vals"><span class="oob-cost" '
            'title="cost 2 Credits">2</span>M2 R1 D2</span></summary>') in table
    assert '<span class="oob-vals"><span class="oob-cost" title="cost 6 Credits">6</span>M4 R3 D4 \u00b7 C2</span>' in table
    assert table.startswith('<div class="oob-table"><div class="oob-display oob-acting"><b>Ash</b>')
    lab.set_team("Birch")
    hand, table = lab.hand.value, lab.table.value
    assert re.findall(r'<div class="oob-card"><b>([^<]+)</b>', hand) == ["Data Haven", "Overload", "Extraction",
                                                                          "Overload", "Ambush"]
    assert "oob-chip" not in hand and hand.count("oob-back") == 10
    assert "oob-down" in table and "Street Tough" in table                   # its own face-down PUD, hatched
    lab.set_team("Cedar")
    assert f"{down} PUD face down" in lab.table.value and "Street Tough" not in _page(lab)


@pytest.mark.parametrize("card,words", [
    ("Vex Marlowe", "M4 R3 D4 \u00b7 C2"), ("Street Tough", "M2 R1 D2"), ("Scanner", "R1 D1 \u00b7 gizmo"),
    ("Shield Matrix", "D3 \u00b7 +1 Fame"), ("Overload", "atk +1 def +1"), ("Take Cover", "def +2"),
    ("Night Strip", "sector 3 \u00b7 L1 C4"), ("Sabotage", "sector 3 \u00b7 5/2 Fame")])
def test_a_compact_face_gives_each_kinds_values_in_short(card: str, words: str):
    """The compact face's values line for each kind of card (the key under the table spells the letters out)."""
    assert compact_words(new_game(2, seed=1).cards[card]) == words
