"""Appendix B, turn 1 of "Meeting Engagement - Gotland Redux", replayed with forced dice.

The lesson file states every assumption the narrative leaves open; this test
asserts the outcome the narrative gives for the combat that needs no card.
"""
import json
import subprocess
import sys

import pytest

from lcb_lab.games.lcb.game import Game
from lcb_lab.games.lcb.content.lesson import Lesson, summary

LESSON = "appendix_b_combat"  # the packaged lesson


@pytest.fixture(scope="module")
def game() -> Game:
    return Lesson(LESSON).run()


def test_us_impulse_2_lrs_on_the_anna_stack(game):
    u = game.state.units
    # DDG-51: 3 hits on 1 Anna, FFG-454 intercepts 2 at CV 12-4 -> 1 HP (App. B US Imp. 2)
    assert u["1 Anna"].hp == 1 and not u["1 Anna"].destroyed
    # DDG-80: 4 hits, no INTERCEPT -> 2 Anna destroyed and removed
    assert u["2 Anna"].destroyed
    assert u["3 Anna"].hp == 2
    # supply is spent by the dice allocated (7.36, 7.58)
    assert u["DDG-51"].supply["LRS1"] == 8 - 4
    assert u["DDG-80"].supply["LRS1"] == 8 - 4
    assert u["FFG-454"].supply["INT1"] == 8 - 4


def test_ru_impulse_2_tanya_kilo_and_ivan(game):
    u = game.state.units
    # 1 Tanya 5 dice at CV 12-4: 1 hit, negated by 3 INTERCEPT hits of 1 Kilo: no damage
    assert u["1 Whiskey"].hp == 2
    # ... then Ivan Co gives back 5 LRS (from zero to full) and stays hidden
    assert u["1 Tanya"].supply["LRS1"] == 5
    assert u["Ivan Co"].supply["RP"] == 20 - 5
    assert not u["Ivan Co"].revealed
    # 1 Kilo spent 3 INTERCEPT dice for 1 Whiskey (the card engagement is not simulated)
    assert u["1 Kilo"].supply["INT1"] == 8 - 3
    assert u["1 Kilo"].hp == 2


def test_the_us_ddgs_may_not_intercept_by_the_distance_rule():
    lesson = Lesson(LESSON)
    for done in lesson.steps():
        g = lesson.game
        if g.pending is not None and g.pending.kind == "intercept" and g.pending.team == "US":
            opts = {o.uid: o for o in g.pending.options.targets[0].interceptors}
            for ddg in ("DDG-51", "DDG-80", "DDG(X)-106"):
                assert opts[ddg].in_range, ddg        # "within range to protect 1 Whiskey"
                assert not opts[ddg].close_enough     # but 1 Tanya is closer (7.53)
                assert not opts[ddg].eligible
            assert opts["1 Kilo"].eligible
            return
    pytest.fail("the lesson never asked the US team for an INTERCEPT decision")


def test_reveals_and_network(game):
    u = game.state.units
    revealed = {k for k, x in u.items() if x.revealed and not x.destroyed}
    assert {"DDG-51", "DDG-80", "FFG-454", "1 Tanya", "1 Kilo", "1 Whiskey",
            "1 Anna", "3 Anna", "1 Yelena", "1 Zhuk"} <= revealed
    assert not ({"Ivan Co", "DDG-605", "DDG(X)-106", "LHD 1", "1 Alpha"} & revealed)
    assert game.state.network_cubes == {"US": 1, "RU": 2}
    assert game.state.units["LHD 1"].hex == "AM-23"
    # US LRS into AL-21 (Slite: town and port) moves the meter one space toward RU (15.0)
    assert game.state.influence == -1


def test_initiative_check_us_retains(game):
    s = game.state
    assert s.turn == 2 and s.tf_order == []
    assert s.initiative == "US"
    assert s.total_kills == {"US": 1, "RU": 0}
    checks = [e["text"] for e in s.log if e["kind"] == "initiative"]
    assert "US destroyed 1, RU destroyed 0" in checks[-1] and "retains" in checks[-1]


def test_every_roll_is_explained_with_odds_first(game):
    kinds = [e["kind"] for e in game.state.log]
    first_roll = kinds.index("lrs_roll")
    assert kinds[first_roll - 1] == "odds"
    roll = next(e for e in game.state.log if e["kind"] == "intercept_roll")
    assert roll["data"]["base_cv"] == 12 and roll["data"]["cv"] == 8
    assert ["Tactical Network (2 cubes)", -4, "7.62"] in [list(m) for m in roll["data"]["modifiers"]]


def test_save_mid_turn_and_continue_gives_identical_log(tmp_path):
    full = Lesson(LESSON)
    full.run()
    half = Lesson(LESSON)
    steps = half.steps()
    for _ in range(15):  # up to TF Boston's committed LRS, waiting for RU's INTERCEPT decision
        next(steps)
    assert half.game.pending is not None and half.game.pending.kind == "intercept"
    path = tmp_path / "mid.json"
    half.game.save(path)
    resumed = Game.load(path)
    # keep replaying the same script on the loaded game
    half.game = resumed
    for _ in steps:
        pass
    assert resumed.state.log == full.game.state.log
    assert summary(resumed) == summary(full.game)


def test_cli_prints_log_and_json():
    out = subprocess.run([sys.executable, "-m", "lcb_lab", str(LESSON)], capture_output=True, text=True, check=True)
    assert "Initiative Check" in out.stdout and "[7.57]" in out.stdout
    js = subprocess.run([sys.executable, "-m", "lcb_lab", str(LESSON), "--json"], capture_output=True,
                        text=True, check=True)
    data = json.loads(js.stdout)
    assert data["initiative"] == "US"
    assert data["units"]["2 Anna"]["destroyed"] is True
    assert data["units"]["1 Anna"]["hp"] == 1
