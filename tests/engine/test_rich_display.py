"""A game, a unit, a card and a pending choice show in a notebook as a short repr and a small
HTML table in words (IPython's display formatter), with no Python reprs and no catalog ids."""
from __future__ import annotations

import re

import pytest
from IPython.core.interactiveshell import InteractiveShell

import lcb_lab
from lcb_lab.games.lcb.actions import BeginImpulse, CommitCombat, CoreAction, Declare, LrsAttack, ScriptedEffect

REPR = re.compile(r"\bNone\b|\{'|\['| at 0x")


@pytest.fixture(scope="module")
def fmt():
    return InteractiveShell.instance().display_formatter.format


@pytest.fixture()
def g():
    g = lcb_lab.situation(
        units={"1 Uran": ("runi_coastal_missile_section", "F-2"),
               "1 Whiskey": {"type": "usmc_himars_section", "hex": "F-6", "face_up": True},
               "1 Kilo": ("usmc_iamd_section", "F-6")},
        colours={"F-6": "brown"}, initiative="RU", forced=[8, 12, 11, 16])
    g.apply(BeginImpulse("TF Red"))
    g.apply(Declare((CoreAction("move_combat", ("1 Uran",)),)))
    g.apply(CommitCombat(lrs=(LrsAttack("1 Uran", "LRS1", "1 Whiskey", 2),)))
    return g


def _cells(html: str) -> list[tuple[str, str]]:
    return re.findall(r"<th[^>]*>(.*?)</th><td[^>]*>(.*?)</td>", html)


def test_game_shows_as_a_table(g, fmt):
    data, _ = fmt(g)
    assert data["text/plain"] == "<Game situation: turn 1, action stage, to act US>"
    assert _cells(data["text/html"]) == [
        ("scenario", "situation"), ("turn", "1 of 3"), ("stage", "action"), ("initiative", "RU"),
        ("impulse", "TF Red (RU), 2 AP left"), ("to act", "US"),
        ("waiting for", "US: Allocate INTERCEPT dice against each LRS attack before any roll (7.54)"),
        ("influence", "0"), ("network cubes", "US 0, RU 0"), ("units in play", "US 2, RU 1"),
        ("units destroyed", "US 0, RU 0"), ("winner", "none yet")]
    assert "<caption" in data["text/html"] and ">Game: situation</caption>" in data["text/html"]


def test_unit_shows_as_a_table(g, fmt):
    data, _ = fmt(g.unit("1 Kilo"))
    assert data["text/plain"] == "<Unit 1 Kilo (US) in F-6: HP 2, face down>"
    assert _cells(data["text/html"]) == [
        ("unit", "1 Kilo"), ("team", "US, TF Blue"), ("hex", "F-6"), ("HP", "2"), ("supply", "INT1 8"),
        ("face", "down (concealed)"), ("attached cards", "\u2014"), ("this turn", "\u2014")]
    assert "usmc_iamd_section" not in data["text/html"]


def test_pending_choice_shows_as_a_table(g, fmt):
    data, _ = fmt(g.pending)
    assert data["text/plain"] == ("<Choice intercept for US (7.54): Allocate INTERCEPT dice against each LRS "
                                  "attack before any roll>")
    assert _cells(data["text/html"]) == [
        ("answers", "US"), ("question", "Allocate INTERCEPT dice against each LRS attack before any roll"),
        ("rule", "7.54"),
        ("INTERCEPT for 1 Whiskey", "2 LRS dice incoming; may intercept: 1 Kilo INT1 (up to 8 dice)")]


def test_card_shows_as_a_table(fmt):
    game = lcb_lab.load_scenario("gotland_redux", seed=1)
    card = game.state.cards["US-1"]
    data, _ = fmt(card)
    assert data["text/plain"] == f"<Card {card.name} (US), pool, face down>"
    assert f">Card: {card.name} (US, pool)</caption>" in data["text/html"]
    assert _cells(data["text/html"]) == [
        ("card", card.name), ("team", "US"), ("where", "pool"), ("face", "down"), ("expended", "no"),
        ("enemy cubes", "0"), ("supply", "\u2014")]
    assert "US-1" not in data["text/html"] and "US-1" not in data["text/plain"]


def test_open_source_intel_is_headed_by_its_name_not_its_id(fmt):
    # 00_start_here: g.state.cards['US-2'] in JupyterLab
    game = lcb_lab.load_scenario("gotland_redux", seed=1)
    data, _ = fmt(game.state.cards["US-2"])
    assert data["text/plain"] == "<Card Open Source Intel (US), pool, face down>"
    assert ">Card: Open Source Intel (US, pool)</caption>" in data["text/html"]
    assert _cells(data["text/html"])[0] == ("card", "Open Source Intel")


def test_an_attached_cards_intercept_value_reads_by_the_cards_name(fmt):
    # 00_start_here: a fork of g commits DDG-51's LRS on 1 Anna; 2 Anna's Pantsir-SM may intercept
    g = lcb_lab.load_scenario("gotland_redux", seed=1)
    g.apply(ScriptedEffect("reveal", units=("1 Anna",)))
    g.apply(BeginImpulse("TF Boston"))
    g.apply(Declare((CoreAction("move_combat", ("DDG-51",)),)))
    h = g.fork()
    h.apply(CommitCombat(lrs=(LrsAttack("DDG-51", "LRS1", "1 Anna", 4),)))
    assert h.pending.options.card_names == {"RU-3": "Pantsir-SM: IAMD"}
    html = fmt(h.pending)[0]["text/html"]
    assert dict(_cells(html))["INTERCEPT for 1 Anna"] == (
        "4 LRS dice incoming; may intercept: 2 Anna INT1 of Pantsir-SM: IAMD (up to 6 dice), "
        "FFG-454 INT1 (up to 8 dice)")
    assert "RU-3" not in html


def test_html_is_escaped_and_holds_no_repr(g, fmt):
    g.state.units["1 Kilo"].uid = "<b>Kilo</b>"
    html = fmt(g.state.units["1 Kilo"])[0]["text/html"]
    assert "&lt;b&gt;Kilo&lt;/b&gt;" in html and "<b>" not in html
    for obj in (g, g.pending, g.state.units["1 Whiskey"]):
        text = re.sub(r"<[^>]+>", " ", fmt(obj)[0]["text/html"])
        assert REPR.findall(text) == []


def test_a_counter_seen_only_as_a_back_shows_only_its_team_and_hex(fmt):
    from lcb_lab.games.lcb import observer
    game = lcb_lab.load_scenario("gotland_redux", seed=1)
    known = observer.known_state(game.state, game.catalog, "US")
    backs = [u for u in known.units.values() if observer.is_stand_in(u)]
    assert backs
    data, _ = fmt(backs[0])
    assert data["text/plain"] == f"<Unit: a concealed RU counter in {backs[0].hex}>"
    assert _cells(data["text/html"]) == [("counter", "a concealed RU counter"), ("hex", backs[0].hex)]
    assert backs[0].uid not in data["text/html"] and "HP" not in data["text/html"]
