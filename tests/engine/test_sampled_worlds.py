"""What a sampled world draws, and that it draws it from the team's knowledge only
(lcb_lab.games.lcb.whatif.worlds; 3.13, 6.11, 9.02, 13.37, 14.02, 14.03).

For each thing drawn -- the backs, the enemy's hand, its unseen submarines, its secret mines,
its unspent CP -- two real worlds that differ only in that thing (the team's view unchanged,
asserted by tests/worlds.py ``twin_of``) give the same sampled world for the same rng, and the
draw is what the public data allow (the scenario's order of battle, the public card counts, the
open water of 14.02 NOTE).  Random play runs on the sampled worlds: they are legal states.
"""
from __future__ import annotations

import json
from collections import Counter

import numpy as np
import pytest

from lcb_lab.games.lcb import observer
from lcb_lab.games.lcb.io.loading import load_scenario
from lcb_lab.games.lcb.model.invariants import violations
from lcb_lab.games.lcb.observer_cards import observe_cards
from lcb_lab.games.lcb.whatif import world_facts as F
from lcb_lab.games.lcb.whatif.autoplay import play_random_turns
from lcb_lab.games.lcb.whatif.worlds import each_world, sample_world
from tests.worlds import Change, twin_of


def _text(w) -> str:
    return json.dumps(w.state.to_dict(), sort_keys=True, default=str)


def _same_samples(g, twin, team: str, seeds=range(6)) -> list:
    """The sampled worlds of ``g`` (the same as ``twin``'s, seed by seed)."""
    out = []
    for seed in seeds:
        a, b = sample_world(g, team, np.random.default_rng(seed)), sample_world(twin, team, np.random.default_rng(seed))
        assert _text(a) == _text(b), seed
        out.append(a.state)
    return out


def _sub_hexes(g) -> set[str]:
    return {h for h in g.board.hexes if g.board.hex(h).has_water and not g.board.hex(h).has_land}


@pytest.fixture(scope="module")
def redux():
    return load_scenario("gotland_redux", seed=1, auto_policies={})


@pytest.fixture(scope="module")
def slite():
    return load_scenario("slite_landing", seed=1, auto_policies={})


# ------------------------------------------------------------------ backs: the order of battle
def test_backs_are_distinct_counters_of_the_enemys_order_of_battle(redux):
    info = redux.scenario_info
    ru_tfs = {tf.name for tf in info.task_force if tf.team == "RU"}
    oob = Counter(e.type for e in info.unit if e.task_force in ru_tfs)
    seen = Counter(u.type_id for u in redux.state.units.values() if u.team == "RU" and u.revealed)
    for seed in range(8):
        s = sample_world(redux, "US", np.random.default_rng(seed)).state
        drawn = Counter(u.type_id for uid, u in s.units.items() if uid.startswith("hidden:"))
        drawn += Counter(m.type_id for mid, m in s.markers.items() if mid.startswith("hidden:"))
        assert drawn and all(drawn[t] + seen[t] <= oob[t] for t in drawn if t in oob), (seed, drawn)
        assert set(drawn) <= set(oob) | {"mildec", "naval_mildec"}
        for uid, u in s.units.items():
            if uid.startswith("hidden:"):
                assert u.task_force in ru_tfs and u.hp == redux.catalog.unit(u.type_id).hp


def test_two_backs_traded_give_the_same_sampled_world(redux):
    us = redux.state
    ru = sorted(u.uid for u in us.units.values() if u.team == "RU" and not u.revealed and u.hex and not u.tf_counter)

    def swap(s):
        a, b = next((a, b) for i, a in enumerate(ru) for b in ru[i + 1:] if s.units[a].hex != s.units[b].hex)
        s.units[a].hex, s.units[b].hex = s.units[b].hex, s.units[a].hex
        return Change(f"{a} <-> {b}", {a: b, b: a})
    twin, _ = twin_of(redux, "US", swap)
    for s in _same_samples(redux, twin, "US"):       # and the backs are drawn: ships stand in water (5.11)
        assert all(redux.board.hex(u.hex).has_water for uid, u in s.units.items()
                   if uid.startswith("hidden:") and redux.catalog.unit(u.type_id).domain == "naval")
        assert any(redux.catalog.unit(u.type_id).domain == "naval" for uid, u in s.units.items() if uid.startswith("hidden:"))


# ------------------------------------------------------------------ the hand (9.02)
def test_the_enemys_hand_is_as_many_cards_of_its_deck_as_it_holds(redux):
    n = observe_cards(redux.state, "US")["hidden"]["RU"]["pool"]
    names = F.hand_names(redux, observer.known_state(redux.state, redux.catalog, "US"), "RU")
    assert n >= 1 and "Tactical Network" not in names and "Kilo-Class Sub" not in names
    drawn = Counter()
    for seed in range(10):
        s = sample_world(redux, "US", np.random.default_rng(seed)).state
        hand = [c for c in s.cards.values() if c.team == "RU" and c.cid.startswith("RU-sampled-")]
        assert len(hand) == n and all(c.where == "pool" and not c.face_up and c.name in names for c in hand)
        assert not {c.cid for c in redux.state.cards.values() if not observer.knows(redux.state, "US", c)} & set(s.cards)
        drawn.update(c.name for c in hand)
    assert len(drawn) > n, "the hand is drawn, not fixed"


def test_a_different_hand_gives_the_same_sampled_world(redux):
    def rename(s):
        c = next(c for c in sorted(s.cards.values(), key=lambda c: c.cid)
                 if c.team == "RU" and c.where == "pool" and not observer.knows(s, "US", c))
        c.name = next(n for n in F.hand_names(redux, s, "RU") if n != c.name)
        return Change(f"{c.cid} renamed", {c.cid: c.cid})
    twin, _ = twin_of(redux, "US", rename)
    n = observe_cards(redux.state, "US")["hidden"]["RU"]["pool"]
    for s in _same_samples(redux, twin, "US"):
        assert sum(cid.startswith("RU-sampled-") for cid in s.cards) == n


# ------------------------------------------------------------------ submarines (14.02, 14.03)
def test_an_unseen_submarine_of_the_order_of_battle_is_at_sea_in_open_water(slite):
    assert "B-271" not in observer.known_state(slite.state, slite.catalog, "US").units
    water, hexes = _sub_hexes(slite), set()
    for seed in range(8):
        s = sample_world(slite, "US", np.random.default_rng(seed)).state
        b = s.units["B-271"]
        assert b.team == "RU" and b.type_id == "rubf_ssk_kilo" and not b.revealed and b.hp == 1
        assert b.hex in water
        hexes.add(b.hex)
    assert len(hexes) > 1, "its hex is drawn, not the real one"


def test_a_submarine_elsewhere_gives_the_same_sampled_world(slite):
    def move(s):
        b = s.units["B-271"]
        h = next(n for n in slite.board.naval_neighbours(b.hex) if n in _sub_hexes(slite))
        b.hex = h
        return Change(f"B-271 -> {h}", {"B-271": "B-271"})
    twin, _ = twin_of(slite, "US", move)
    assert all("B-271" in s.units for s in _same_samples(slite, twin, "US"))


# ------------------------------------------------------------------ secret mines (13.37)
def test_the_secret_minefield_is_laid_whole_where_it_may_lie(slite):
    (field,) = slite.scenario_info.mines
    hexes = set()
    for seed in range(8):
        s = sample_world(slite, "US", np.random.default_rng(seed)).state
        mines = [m for m in s.card_markers.values() if m.kind == "mine" and m.team == "RU"]
        assert len(mines) == 1 and mines[0].level == field.cubes and not mines[0].revealed
        assert mines[0].data["succeeds_on"] == field.succeeds_on and slite.board.hex(mines[0].hex).has_water
        hexes.add(mines[0].hex)
    assert len(hexes) > 1, "its hex is drawn, not the real one"


def test_a_minefield_elsewhere_gives_the_same_sampled_world(slite):
    def move(s):
        m = next(m for m in s.card_markers.values() if m.kind == "mine" and m.team == "RU")
        h = next(n for n in slite.board.neighbours(m.hex) if slite.board.hex(n).has_water
                 and not any(u.hex == n for u in s.units.values()))
        m.hex = h
        return Change(f"mine {m.mid} -> {h}", {m.mid: m.mid})
    twin, _ = twin_of(slite, "US", move)
    _same_samples(slite, twin, "US")


def test_the_teams_known_state_holds_no_secret_enemy_mine(slite):
    """observer.known_state (behind the team's queries, kill chain and sampled worlds) drops the enemy's
    secret mine (13.37); the umpire's state keeps it; the mine's owner knows its own mine."""
    real = [m.mid for m in slite.state.card_markers.values() if m.kind == "mine" and m.team == "RU"]
    assert real and not any(slite.state.card_markers[mid].revealed for mid in real)
    assert not set(real) & set(observer.known_state(slite.state, slite.catalog, "US").card_markers)
    assert set(real) <= set(observer.known_state(slite.state, slite.catalog, "RU").card_markers)
    assert observer.known_state(slite.state, slite.catalog, None) is slite.state


# ------------------------------------------------------------------ CP (3.12, 3.13)
def test_the_enemys_cp_are_0_after_planning_and_bounded_in_it():
    g = load_scenario("gotland_redux", seed=1, auto_policies={}, start="planning")
    assert g.state.stage == "planning"
    seen = {sample_world(g, "US", np.random.default_rng(seed)).state.cp["RU"] for seed in range(20)}
    assert seen <= set(range(0, 7)) and len(seen) > 1         # 6 CP allocated (App. B), none bought yet

    def spend(s):
        s.cp["RU"] -= 2
        return Change("RU spent 2 CP", {})
    twin, _ = twin_of(g, "US", spend)
    _same_samples(g, twin, "US")
    act = load_scenario("gotland_redux", seed=1, auto_policies={})
    assert sample_world(act, "US", np.random.default_rng(0)).state.cp["RU"] == 0


# ------------------------------------------------------------------ each world, and play
def test_each_world_is_none_when_more_than_the_backs_is_drawn(redux, slite):
    from lcb_lab.games.lcb.whatif.worlds import hidden_beyond_backs
    assert hidden_beyond_backs(redux, "US") and hidden_beyond_backs(slite, "US")
    assert each_world(redux, "US") is None and each_world(slite, "US") is None


@pytest.mark.parametrize("name", ["gotland_redux", "slite_landing"])
def test_random_play_runs_on_sampled_worlds(name):
    g = load_scenario(name, seed=3, auto_policies={})
    for team in ("US", "RU"):
        for seed in range(2):
            w = sample_world(g, team, np.random.default_rng(seed))
            assert not violations(w.state, w.board, w.catalog, w.decks), (team, seed)
            n = play_random_turns(w, 1, seed=seed)       # the project's random player, both teams
            assert n >= 2 and (w.state.turn == 2 or w.state.stage == "over"), (team, seed, n)
            assert not violations(w.state, w.board, w.catalog, w.decks), (team, seed)


# ------------------------------------------------------------------ Attached cards (9.02, 9.3)
def test_the_teams_known_state_counts_an_enemy_units_attached_card_without_naming_it(redux):
    """9.02: a face-up enemy unit's Attached card is hidden; the view shows how many (one card), and so
    does the team's known state (behind its kill chain, policies and sampled worlds): two worlds that
    differ only in which card 1 Tanya carries give the same known state and the same sampled worlds."""
    g = redux.fork()
    g.state.units["1 Tanya"].revealed = True

    def rename(s):
        s.cards["RU-5"].name = "Pantsir-SM: IAMD"
        s.units["1 Tanya"].attachments = ["Pantsir-SM: IAMD"]
        return Change("RU-5 UAS -> Pantsir-SM: IAMD", {})
    twin, _ = twin_of(g, "US", rename)
    known = observer.known_state(g.state, g.catalog, "US")
    assert known.units["1 Tanya"].attachments == [observer.HIDDEN_ATTACHMENT]
    assert _text_state(known) == _text_state(observer.known_state(twin.state, twin.catalog, "US"))
    _same_samples(g, twin, "US")
    own = observer.known_state(g.state, g.catalog, "RU").units["1 Tanya"]
    assert own.attachments == ["Tactical Unmanned Aerial System (UAS)"]
    assert g.state.units["1 Tanya"].attachments == ["Tactical Unmanned Aerial System (UAS)"]     # the real state untouched


def _text_state(s) -> str:
    return json.dumps(s.to_dict(), sort_keys=True, default=str)
