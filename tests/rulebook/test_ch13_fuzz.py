"""Random legal play over chapter 13's markers: every listed action applies, nothing crashes,
and the other team never sees a secret mine (13.37)."""
from __future__ import annotations

import numpy as np
import pytest

import lcb_lab
from lcb_lab.games.lcb.legal_templates import Template
from lcb_lab.games.lcb.observer import redact_log
from lcb_lab.games.lcb.content.worked import ch13
from tests.budget import budget

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
    """Seed 73 of the long run: an LRS destroys the Proxy Force marker, then the GROUND ASSAULT
    committed on it in the same combat finds no target -- its dice are lost (7.05), no crash."""
    g = _game(73)
    rng = np.random.default_rng(73)
    for _ in range(300):
        if g.to_act() is None:
            break
        a = g.legal_actions()[int(rng.integers(len(g.legal_actions())))]
        g.apply(a.sample(rng) if isinstance(a, Template) else a)
    lost = [e for e in g.state.log if e.get("kind") == "ga_roll" and "dice are lost" in e.get("text", "")
            + e.get("detail", "")]
    assert lost, "the GROUND ASSAULT on the destroyed marker is logged with its dice lost"
    assert all("PROXY" in e["title"] for e in lost)
