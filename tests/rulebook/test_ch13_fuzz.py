"""Random legal play over chapter 13's markers: every listed action applies, nothing crashes,
and the other team never sees a secret mine (13.37)."""
from __future__ import annotations

import numpy as np
import pytest

import lcb_lab
from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.legal_templates import Template
from lcb_lab.games.lcb.observer import redact_log
from lcb_lab.games.lcb.content.worked import ch13
from tests.budget import budget
from tests.sound import assert_sound, checked_steps

SEA = ["B-2", "C-2", "D-2", "E-2", "F-2", "G-2", "B-3", "C-3", "D-3", "E-3", "F-3", "G-3"]


def _game(seed: int):
    g = lcb_lab.situation(
        units={"1 Whiskey": {"type": "usmc_himars_section", "hex": "B-6"},
               "1 Alpha": {"type": "usmc_infantry_platoon", "hex": "C-6"},
               "2 Alpha": {"type": "usmc_infantry_platoon", "hex": "D-6"},
               "DDG-51": {"type": "usn_ddg_51", "hex": "B-2"},
               "1 Zhuk": {"type": "runi_naval_infantry_platoon", "hex": "F-6"},
               "2 Anna": {"type": "runi_naval_infantry_platoon", "hex": "G-7"},
               "Sasha": {"type": "rubf_ddg", "hex": "G-3"}},
        cards={"US": [{"name": "V-BAT", "attach_to": "1 Whiskey"}, {"name": "Combat Engineers", "attach_to": "1 Alpha"},
                      "Proxy Forces: Partisans"],
               "RU": [{"name": "Pantsir-SM: IAMD", "attach_to": "2 Anna"}, "Naval Mines", "Proxy Forces: Militia",
                      "Directed Energy"]},
        naval=SEA, size=10, seed=seed, max_turns=6)
    ch13.lay_mines(g, "RU", "D-2", 2)
    ch13.lay_mines(g, "US", "F-3", 1)
    return g


@pytest.mark.fuzz
@pytest.mark.parametrize("seed", range(budget(12, 120)))
def test_random_legal_play_with_markers(seed):
    g = _game(seed)
    rng = np.random.default_rng(seed)
    kinds = set()
    for _ in range(300):
        if g.to_act() is None:
            break
        acts = g.legal_actions()
        assert acts, "someone must act"
        a = acts[int(rng.integers(len(acts)))]
        if isinstance(a, Template):
            a = a.sample(rng)
        g.apply(a)                                   # a listed action is never refused
        kinds.add(type(a).__name__)
        for team in ("US", "RU"):
            other = "RU" if team == "US" else "US"
            secret = {m.hex for m in g.state.card_markers.values()
                      if m.kind == "mine" and m.team == other and not m.revealed}
            seen = {m["hex"] for m in g.view(team)["card_markers"] if m["kind"] == "mine"}
            assert not secret & seen
            for e in redact_log(g.state.log[-6:], team):
                assert e.get("kind") != "mine" or "data" not in e or e["data"].get("team") in (None, team) \
                    or not e["data"].get("hidden")
    assert "EndImpulse" in kinds


def test_a_ground_assault_on_a_proxy_force_the_lrs_destroyed_loses_its_dice():
    """Found by the long random run above (once seed 73; now staged with forced dice): in one
    combat an LRS destroys a revealed Proxy Force marker (13.13), then the GROUND ASSAULT committed
    on it finds no target -- its dice are lost (7.05), nothing is rolled, no crash, and no one
    loses HP to it (7.13)."""
    g = lcb_lab.situation(units={"1 Alpha": {"type": "usmc_infantry_platoon", "hex": "C-4"},
                                 "1 Whiskey": {"type": "usmc_himars_section", "hex": "B-7"},
                                 "1 Anna": {"type": "runi_naval_infantry_platoon", "hex": "H-8"}},
                          cards={"RU": ["Proxy Forces: Militia"]}, initiative="RU", forced=[1, 5], max_turns=6)
    with checked_steps():                                      # the state stays sound after every step
        g.apply(A.BeginImpulse("TF Red"))
        g.apply(A.Declare((A.CoreAction("play_jcc", (), jcc="Proxy Forces: Militia"),)))
        g.apply(A.PlayCard("Proxy Forces: Militia", "A", hex="D-4", action=1))
        g.apply(A.EndImpulse())
        g.apply(A.BeginImpulse("TF Blue"))
        g.apply(A.Declare((A.CoreAction("move_combat", ("1 Alpha",)), A.CoreAction("move_combat", ("1 Whiskey",)))))
        g.apply(A.Move(1, ("D-4",)))                           # contact: the Proxy Force is revealed (13.12)
        assert g.state.card_markers["PROXY-1"].revealed
        hp = {uid: u.hp for uid, u in g.state.units.items()}
        ga_supply = g.unit("1 Alpha").supply["GA"]
        n = len(g.state.log)
        g.apply(A.CommitCombat(lrs=(A.LrsAttack("1 Whiskey", "LRS1", "PROXY-1", 1),),
                               ga=(A.GroundAssault("1 Alpha", "PROXY-1", 1),)))
        assert g.pending is None
        g.apply(A.ResolveCombat())                             # LRS 1: a hit; influence 5 <= 12: US -1
    assert ch13.lines(g, n) == [
        "Revealed: 1 Whiskey: units that initiate combat reveal themselves",
        "LRS allocated: 1 Whiskey -> PROXY-1: 1 LRS1 dice committed; supply is spent now, hit or miss",
        "GROUND ASSAULT allocated: 1 Alpha -> PROXY-1: 1 GA dice declared openly before any roll; "
        "GA supply spent per die",
        "LRS: 1 Whiskey -> PROXY-1: CV 12; rolled 1* needing 12 or less: 1 hit",
        "PROXY-1 destroyed: 1 hit(s) on 1 HP: the marker and its card are discarded",
        "PROXY-1 destroyed: influence roll: rolled 5: 1-12, the attacker loses 1 influence",
        "Influence Meter 1 space toward RU: US destroyed a Proxy Force (meter +0 -> -1)",
        "PROXY-1 removed: the marker leaves the map; its card is discarded",
        "GROUND ASSAULT: 1 Alpha -> PROXY-1: target already destroyed: dice are lost",
        "GROUND ASSAULT in D-4: damage is applied to both sides at once: no hits",
    ]
    lost = [e for e in g.state.log[n:] if e["kind"] == "ga_roll"]
    assert [(e["title"], e["rules"]) for e in lost] == [("GROUND ASSAULT: 1 Alpha -> PROXY-1", ["7.05", "7.13"])]
    assert [values for _, values in g.dice.history] == [[1], [5]]   # the LRS die and the influence die: no GA die
    assert {uid: u.hp for uid, u in g.state.units.items()} == hp  # no HP lost by anyone from the GA
    assert g.unit("1 Alpha").supply["GA"] == ga_supply - 1      # the die was committed: its supply is spent (7.33)
    assert "PROXY-1" not in g.state.card_markers and g.state.influence == -1
    assert g.pending is None and g.to_act() == "US"            # play goes on in US's impulse
    assert_sound(g, "after the combat")
