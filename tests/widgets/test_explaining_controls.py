"""Controls that explain themselves in front of a class: a greyed Core Action button says why (the
rule and the reason, from the view's knowledge), *Declare* is greyed until an action is added and
*Pass* passes, one *Pass* in a card response, odds in words with a small bar plot, and a game that
starts at its Planning Stage (open_lab, the Game tab, ``lcb-lab voila --start``, the CLI)."""
from __future__ import annotations

import subprocess
import sys

import pytest

import lcb_lab
from lcb_lab import load_scenario
from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.rules.combat.odds import engagement_odds, pmf_words
from lcb_lab.kernel.errors import InputError
from lcb_lab.ui.lab import voila_app
from lcb_lab.ui import LabApp, open_lab
from lcb_lab.ui.lcb import impulse_why as why
from lcb_lab.ui.lcb.panels import entry_html, odds_bars_html
from tests.widgets.conftest import plain_text, widget_texts


def _us_lab_with(*actions: dict) -> LabApp:
    lab = LabApp(load_scenario("gotland_redux", seed=1), team="US")
    lab.begin_impulse("TF Boston")
    lab.declare(list(actions))
    return lab


def _hint_lines(lab: LabApp) -> list[str]:
    import re
    return [plain_text(x) for x in re.findall(r'<div class="lcb-small lcb-why"[^>]*>(.*?)</div>', lab.impulse_panel.act_hint.value)]


# ---------------------------------------------------------------- 1. greyed buttons say why
def test_a_greyed_move_says_the_rule_and_the_reason_in_its_tooltip_and_under_the_buttons():
    lab = _us_lab_with({"kind": "move_combat", "units": ["DDG-51"]})
    p = lab.impulse_panel
    lab.select_hex("AL-20")                                   # land: no water path for a destroyer
    assert p.move_button.disabled
    why = "rule 5.12: AL-20 is out of reach for DDG-51 (MP 5)"
    assert p.move_button.tooltip == f"Move to AL-20: {why}"
    assert _hint_lines(lab) == [f"Move to AL-20: {why}."]      # one line: the first greyed button's reason
    assert p.zor_button.tooltip == ("ZOR into AL-20: rule 6.21: only ground units exercise a ground ZOR; naval ZOR "
                                    "is automatic (6.23), a submarine's ZOR is its own act (14.09)")
    assert p.conceal_button.tooltip == ("Conceal: rule 6.1: action #1 is Move and/or Initiate Combat, not Move "
                                        "and/or Conceal")
    assert "Click a hex first" not in plain_text(p.act_hint.value)     # a hex is clicked: no stale hint
    lab.select_hex("AL-28")                                   # a legal destination: Move is live, no reason for it
    assert not p.move_button.disabled
    assert p.move_button.tooltip == "move #1's units to AL-28 along the cheapest legal path (5.12)"
    assert [ln.split(":")[0] for ln in _hint_lines(lab)] == ["ZOR into AL-28"]


def test_after_a_move_move_says_it_has_moved_and_before_a_click_says_how_to_choose():
    lab = _us_lab_with({"kind": "move_combat", "units": ["DDG-51"]})
    p = lab.impulse_panel
    assert p.move_button.tooltip == ("Move to \u2014: click the hex to move to on the map: the move follows the "
                                     "cheapest legal path (5.12)")
    lab.move(1, "AL-28")
    assert p.move_button.disabled and p.move_button.tooltip == "Move to \u2014: rule 5.16: action #1 has already moved"
    lab.select_hex("AL-27")
    assert p.move_button.tooltip == "Move to AL-27: rule 5.16: action #1 has already moved"


def test_a_greyed_zor_says_why_before_and_after_a_hex_is_clicked():
    g = lcb_lab.situation(units={"1 Alpha": ("usmc_infantry_platoon", "F-6"),
                                 "1 Anna": ("runi_naval_infantry_platoon", "F-8")}, seed=1)
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("1 Alpha",)),)))
    lab = LabApp(g, team="US")
    p = lab.impulse_panel
    assert p.zor_button.tooltip == ("ZOR into \u2014: click an adjacent hex on the map: a ground ZOR reaches one "
                                    "adjacent hex (6.21)")
    lab.select_hex("F-9")
    assert p.zor_button.disabled and p.zor_button.tooltip == "ZOR into F-9: rule 6.21: F-9 is not adjacent to F-6"
    lab.select_hex("F-7")
    assert not p.zor_button.disabled
    lab.exercise_zor(1, "F-7")
    lab.select_hex("F-5")
    assert p.zor_button.tooltip == "ZOR into F-5: rule 6.21: action #1 has already used its ZOR"
    assert "ZOR into F-5: rule 6.21: action #1 has already used its ZOR." in _hint_lines(lab)


def test_the_reason_names_no_counter_the_view_may_not_know():
    """The reasons go through the observer's ``knows``: a face-down enemy counter is "an unseen counter"
    in a team view (never its name), named in the instructor's; its own units are always named."""
    lab = _us_lab_with({"kind": "move_combat", "units": ["DDG-51"]})
    assert not lab.game.unit("1 Anna").revealed
    line = "rule 5.18: DDG-51 stops in AL-21: 1 Anna is there (not 11 Anna, 1 Annabel)"
    assert why._redact(line, lab.ctl) == ("rule 5.18: DDG-51 stops in AL-21: an unseen counter is there (not 11 Anna, "
                                          "1 Annabel)")
    lab.set_team("instructor")
    assert why._redact(line, lab.ctl) == line
    lab.set_team("US")
    lab.game.unit("1 Anna").revealed = True                  # face up: the US may name it
    assert why._redact(line, lab.ctl) == line


@pytest.mark.parametrize("kind", ["swap_backs", "drain_supply"])    # no mines twin: Gotland Redux's RU holds none (13.37)
def test_two_worlds_the_view_cannot_tell_apart_give_the_same_reasons(kind):
    """The indistinguishable-worlds harness (tests/worlds.py): a twin changed in one fact the US may
    not know gives the US view the same tooltips and lines under the buttons, hex by hex."""
    import numpy as np
    from tests.worlds import make_twin
    g = load_scenario("gotland_redux", seed=1)
    g.apply(A.BeginImpulse("TF Boston"))
    g.apply(A.Declare((A.CoreAction("move_conceal", ("DDG-51",)), A.CoreAction("move_combat", ("DDG-80",)))))
    twin, what = make_twin(g, "US", kind, np.random.default_rng(0))
    assert twin is not None, kind

    def reasons(game) -> list[tuple]:
        lab = LabApp(game, team="US")
        p, out = lab.impulse_panel, []
        for aid in (1, 2):
            p.action.value = aid
            for hx in ("AL-20", "AL-28", "AM-26", "AN-18", "AO-24", "AL-21"):
                lab.select_hex(hx)
                out.append((aid, hx, p.move_button.tooltip, p.zor_button.tooltip, p.conceal_button.tooltip,
                            p.end_button.tooltip, p.act_hint.value))
        return out
    assert reasons(g) == reasons(twin), what


def test_a_naval_zor_refusal_names_the_ship_the_view_sees():
    """6.23: the enemy frigate whose naval ZOR keeps DDG-51 from concealing is face up (the ZOR
    revealed it), so the US view's reason names it."""
    g = lcb_lab.situation(units={"DDG-51": {"type": "usn_ddg_51", "hex": "B-2", "face_up": True},
                                 "FFG-454": ("rubf_ffg_gorshkov", "B-4")},
                          naval=[f"{c}-{r}" for c in "ABCDE" for r in range(1, 7)], seed=1)
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("move_conceal", ("DDG-51",)),)))
    lab = LabApp(g, team="US")
    p = lab.impulse_panel
    assert p.conceal_button.disabled and g.unit("FFG-454").revealed
    assert p.conceal_button.tooltip == "Conceal: rule 6.23: DDG-51 at B-2 is inside the naval ZOR of FFG-454"


def test_the_other_teams_view_carries_none_of_the_reasons():
    lab = _us_lab_with({"kind": "move_combat", "units": ["DDG-51"]})
    lab.select_hex("AL-20")
    assert "rule 5.12" in lab.impulse_panel.move_button.tooltip
    lab.set_team("RU")                                        # the tooltips are sent even while hidden: emptied
    sent = widget_texts(lab.impulse_panel.widget)
    assert not [t for t in sent if "DDG-51" in t or "rule 5." in t or "rule 6." in t]
    lab.set_team("US")
    assert lab.impulse_panel.move_button.tooltip == "Move to AL-20: rule 5.12: AL-20 is out of reach for DDG-51 (MP 5)"


def test_relinquish_and_end_say_what_they_do_or_why_not():
    lab = LabApp(load_scenario("gotland_redux", seed=1), team="US")
    p = lab.impulse_panel
    assert p.relinquish_button.tooltip == "the other team begins the first impulse of the turn (3.41)"
    lab.begin_impulse("TF Boston")
    assert p.end_button.tooltip == "end the impulse (3.3)" and not p.end_button.disabled
    lab.pass_impulse()
    lab.set_team("RU")
    assert p.relinquish_button.disabled and p.relinquish_button.tooltip == (
        "Relinquish initiative: rule 3.41: initiative may be relinquished only at the start of the Action Stage")


# ---------------------------------------------------------------- 2. Declare / Pass (3.310)
def test_declare_is_greyed_until_an_action_is_added_and_pass_passes_in_one_click():
    lab = LabApp(load_scenario("gotland_redux", seed=1), team="US")
    p = lab.impulse_panel
    lab.begin_impulse("TF Boston")
    assert p.declare_button.disabled and p.declare_button.description == "Declare"
    assert p.declare_button.tooltip == ("Declare: add a Core Action first (Action, Units, then Add action; 3.31) "
                                        "\u2014 or Pass to declare none (3.310)")
    assert p.pass_button.tooltip == ("Pass: declare no Core Action \u2014 TF Boston's 3 AP are lost (3.310) \u2014 "
                                     "and end the impulse (3.3)")
    p.add_declaration("move_combat", ["DDG-51"])
    assert not p.declare_button.disabled and p.declare_button.description == "Declare (forfeit 2 AP)"
    p.drop_decl.click()
    assert p.declare_button.disabled
    p.pass_button.click()
    assert plain_text(lab.message.value) == "Pass: done."
    assert lab.game.impulse is None and lab.game.next_team() == "RU"
    assert lab.game.explained_log().splitlines()[-2:] == ["[3.310] 3 AP unused: passed AP are lost (3.310)",
                                                          "[3.3] TF Boston's impulse ends"]


def test_pass_with_continuing_combat_declares_none_and_says_the_impulse_goes_on():
    """7.22: engaged units fight before the impulse may end, so Pass declares nothing and says why the
    impulse goes on (no red refusal: the pass happened)."""
    g = lcb_lab.situation({"Tank": ("runi_tank_platoon", "F-6", True), "Inf": ("usmc_infantry_platoon", "F-6", True),
                           "Far": ("usmc_infantry_platoon", "L-12")}, continuing=["F-6"], initiative="RU")
    lab = LabApp(g, team="RU")
    lab.begin_impulse(g.legal_actions()[0].task_force)
    lab.impulse_panel.pass_button.click()
    assert g.impulse is not None and g.impulse.phase == "act" and g.impulse.actions == []
    assert plain_text(lab.message.value) == (
        "Pass: no Core Action declared, its AP are lost (3.310); the impulse goes on \u2014 rule 7.22: resolve the "
        "Continuing Combat in F-6 first: commit GROUND ASSAULT dice from the engaged units (0 AP).")


def test_pass_is_refused_from_the_other_teams_view():
    lab = LabApp(load_scenario("gotland_redux", seed=1), team="US")
    lab.begin_impulse("TF Boston")
    lab.set_team("RU")
    assert lab.pass_impulse() is None and lab.game.impulse.phase == "declare"
    assert plain_text(lab.message.value).startswith(
        "Pass: not from the Red (RU) view: Blue (US) is playing its impulse (3.3, 3.31) \u2014 switch to the Blue (US) view.")


# ---------------------------------------------------------------- 4. odds in words, a bar plot
def test_the_odds_line_reads_in_words():
    o = engagement_odds([(4, 14)], [(4, 8)], 2)
    assert o.distribution_text() == (
        "LRS hits: 0 hits 1%, 1 hit 8%, 2 hits 26%, 3 hits 41%, 4 hits 24%; "
        "INTERCEPT hits: 0 hits 13%, 1 hit 35%, 2 hits 35%, 3 hits 15%, 4 hits 3%; "
        "HP lost: none 29%, 1 HP 28%, 2 HP 43%")
    assert pmf_words([0.004, 0.5, 0.496], "hit", "hits") == "1 hit 50%, 2 hits 50%"


def test_an_odds_log_line_carries_a_small_bar_plot():
    bars = odds_bars_html([0.25, 0.25, 0.5])
    assert bars.count('class="lcb-odds-bar"') == 3
    assert 'height:4px;background:#7a8b99' in bars and 'height:9px;background:#b23a3a' in bars   # destroyed: red
    assert 'aria-label="HP lost: none 25%, 1 HP 25%, 2 HP 50%"' in bars
    e = {"kind": "odds", "title": "Odds before rolling: LRS on 1 Anna (2 HP)", "text": "P(destroyed) 50.0%",
         "rules": ["7.02"], "data": {"damage": [0.25, 0.25, 0.5]}}
    assert bars in entry_html(e)
    assert "lcb-odds-bars" not in entry_html({**e, "kind": "lrs"}) and odds_bars_html([1.0]) == ""


# ---------------------------------------------------------------- 5. start at the Planning Stage
def test_open_lab_starts_at_the_planning_stage_and_new_game_offers_start_at(tmp_path, monkeypatch):
    monkeypatch.delenv(voila_app.START_ENV, raising=False)
    lab = open_lab("gotland_redux", start="planning", files_dir=tmp_path)
    gp = lab.game_panel
    assert lab.game.state.stage == "planning" and gp.start_picker.value == "planning"
    assert gp.start_picker.label == "Planning Stage" and [o[0] for o in gp.start_picker.options] == ["Action Stage", "Planning Stage"]
    gp.start_picker.value = "action"
    gp.new_button.click()
    gp.new_button.click()                                    # the planning game had begun: asked first
    assert lab.game.state.stage == "action"
    assert plain_text(lab.message.value) == ("New game: Meeting Engagement - Gotland Redux at its Action Stage, "
                                             "seed 1. Begin the first impulse in the Impulse tab.")
    assert lab.new_game("gotland_redux", 1, confirm=True, start="planning").state.stage == "planning"
    assert plain_text(lab.message.value).endswith("at its Planning Stage, seed 1. Buy cards in the Impulse tab's "
                                                  "Planning panel (3.1).")
    monkeypatch.setenv(voila_app.START_ENV, "planning")     # what `lcb-lab voila --start=planning` sets
    assert open_lab("gotland_redux", files_dir=tmp_path).game.state.stage == "planning"
    assert open_lab("gotland_redux", start="action", files_dir=tmp_path).game.state.stage == "action"
    with pytest.raises(InputError, match="'later' is not a stage to start at"):
        open_lab("gotland_redux", start="later", files_dir=tmp_path)


def test_lcb_lab_voila_takes_start_out_of_voilas_options(monkeypatch, capsys):
    assert voila_app.pop_start(["--start=planning", "--port=8870"]) == ("planning", ["--port=8870"])
    assert voila_app.pop_start(["--no-browser", "--start", "action"]) == ("action", ["--no-browser"])
    assert voila_app.pop_start(["--no-browser"]) == (None, ["--no-browser"])
    pytest.importorskip("voila")
    assert voila_app.main(["--start=later"]) == 2
    assert capsys.readouterr().err == ("error: --start=later: start at 'planning' (the Planning Stage) or 'action' "
                                       "(the Action Stage)\n")


def _cli(*args: str, cwd=None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "lcb_lab", *args], capture_output=True, text=True, timeout=180,
                          cwd=cwd)


def test_the_cli_starts_a_scenario_at_its_planning_stage(tmp_path):
    r = _cli("--scenario", "gotland_redux", "--start", "planning", "--save", "planning.json", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines()[2] == ("[3.01, 3.1, 3.06] Turn 1: Planning Stage: both teams buy Joint Capability "
                                        "Cards with their CP (Attached cards only now, 9.31)")
    assert lcb_lab.Game.load(tmp_path / "planning.json").state.stage == "planning"
    both = _cli("--scenario", "gotland_redux", "--load", "planning.json", cwd=tmp_path)
    assert both.returncode == 2 and both.stderr == ("lcb-lab: error: --scenario starts a new game: give a scenario "
                                                    "name, and no lesson or --load with it\n")
    bad = _cli("appendix_b_combat", "--start", "planning")
    assert bad.returncode == 2 and bad.stderr == ("lcb-lab: error: --start set how a new game begins: use it with "
                                                  "--scenario (a lesson and a save begin where they do)\n")
