"""The enemy's hidden Attached and Embarked cards in a sampled world (lcb_lab.games.lcb.whatif.world_cards;
9.02, 9.07, 9.31, 9.33, 10.0, 10.39, App. B Planning [b]).

A prescribed card on a host the team sees is drawn exactly; a host without one draws only the types it
may carry, its own supply full; the public counts are kept; two real worlds that differ only in which
card an enemy unit carries (face up or face down) give the same sampled world for the same rng.
"""
from __future__ import annotations

import json
from collections import Counter

import numpy as np
import pytest

from lcb_lab.games.lcb import observer
from lcb_lab.games.lcb.io.loading import load_scenario
from lcb_lab.games.lcb.model.cards import load_decks
from lcb_lab.games.lcb.model.invariants import violations
from lcb_lab.games.lcb.model.state import Card
from lcb_lab.games.lcb.whatif.world_cards import candidates, seen_hosts
from lcb_lab.games.lcb.whatif.worlds import known, sample_world
from tests.worlds import Change, twin_of

UAS, PANTSIR, T14, ENGINEERS = ("Tactical Unmanned Aerial System (UAS)", "Pantsir-SM: IAMD", "T-14 Tank: Unmanned",
                                "Combat Engineers")


def _text(w) -> str:
    return json.dumps(w.state.to_dict(), sort_keys=True, default=str)


def _hosted(w, host: str | None = None) -> list:
    return sorted((c for c in w.state.cards.values() if "-hosted-sampled-" in c.cid and host in (None, c.host)),
                  key=lambda c: c.cid)


@pytest.fixture()
def redux():
    return load_scenario("gotland_redux", seed=1, auto_policies={})


def _reveal(g, *uids: str):
    for uid in uids:
        g.state.units[uid].revealed = True
    return g


def test_a_seen_host_with_a_prescribed_card_draws_exactly_it(redux):
    """App. B Planning [b] gives 1 Tanya the UAS and 1 Anna the T-14: face up, each carries exactly its
    card in every sampled world, the tracker as the team reads it (1 Anna's GA 14 = 10 + the T-14's 4)."""
    _reveal(redux, "1 Tanya", "1 Anna")
    assert seen_hosts(redux, known(redux, "US"), "RU") == [("1 Anna", 1), ("1 Tanya", 1)]
    for seed in range(6):
        w = sample_world(redux, "US", np.random.default_rng(seed))
        assert [(c.name, c.where, c.supply) for c in _hosted(w, "1 Tanya")] == [(UAS, "attached", {})]
        assert [(c.name, c.where, c.supply) for c in _hosted(w, "1 Anna")] == [(T14, "attached", {})]
        assert w.state.units["1 Anna"].attachments == [T14] and w.state.units["1 Anna"].supply == {"GA": 14}
        assert len(_hosted(w)) == 3                       # the public count: three Attached cards in all
        assert not violations(w.state, w.board, w.catalog, w.decks)


def test_a_seen_host_without_one_draws_only_the_types_it_may_carry(redux):
    """2 Anna's Pantsir was bought (secret, 3.12): face up, it carries one of the RU Attached types a
    naval infantry platoon may host (ground; not the naval Ballistic Missile Defense, not the HELO ASW),
    each drawn, its own supply full (9.33: the Pantsir's INT1 6); a type seen discarded is not drawn (9.07)."""
    _reveal(redux, "2 Anna")
    drawn = Counter()
    for seed in range(24):
        w = sample_world(redux, "US", np.random.default_rng(seed))
        (c,) = _hosted(w, "2 Anna")
        drawn[c.name] += 1
        assert c.where == "attached" and c.supply == ({"INT1": 6} if c.name == PANTSIR else {})
        assert w.state.units["2 Anna"].attachments == [c.name]
    assert set(drawn) == {ENGINEERS, PANTSIR, T14, UAS}, drawn
    redux.state.cards["RU-99"] = Card("RU-99", ENGINEERS, "RU", "discarded", face_up=True)
    names = {ct.name for ct in candidates(redux, known(redux, "US"), known(redux, "US").units["2 Anna"], {ENGINEERS})}
    assert names == {PANTSIR, T14, UAS}
    assert all(_hosted(sample_world(redux, "US", np.random.default_rng(s)), "2 Anna")[0].name != ENGINEERS
               for s in range(12))


def test_a_seen_ship_draws_its_prescribed_embarked_cards(redux):
    """RU sees LHD 1 face up: its two hidden cards are the scenario's Amphibious: LCU and MEU Rotary
    Attack, Embarked (10.0)."""
    _reveal(redux, "LHD 1")
    for seed in range(4):
        w = sample_world(redux, "RU", np.random.default_rng(seed))
        assert sorted((c.name, c.where) for c in _hosted(w, "LHD 1")) == [("Amphibious: LCU", "embarked"),
                                                                         ("MEU Rotary Attack", "embarked")]
        assert sorted(w.state.units["LHD 1"].attachments) == ["Amphibious: LCU (Embarked)",
                                                              "MEU Rotary Attack (Embarked)"]


def test_cards_on_backs_keep_the_public_count_and_their_hosts_may_carry_them(redux):
    """All of RU's units are backs: the three hidden Attached cards (the public count) lie on drawn backs,
    one each (9.31), each host meeting its card's Requires...; a back carrying the T-14 takes its GA 4."""
    for seed in range(8):
        w = sample_world(redux, "US", np.random.default_rng(seed))
        cards = _hosted(w)
        assert len(cards) == 3 and len({c.host for c in cards}) == 3
        for c in cards:
            u, ct = w.state.units[c.host], load_decks().card("RU", c.name)
            assert observer.is_stand_in(u) is False and u.uid.startswith("hidden:")
            assert ct.attached and ct.host_allowed(w.catalog.unit(u.type_id))
            if c.name == T14:
                assert u.supply["GA"] == w.catalog.unit(u.type_id).cv("GA").supply + 4
        assert not violations(w.state, w.board, w.catalog, w.decks)


def _rename(cid: str, name: str, host: str):
    def change(s):
        s.cards[cid].name = name
        s.cards[cid].supply = {"INT1": 6} if name == PANTSIR else {}
        s.units[host].attachments = [name]
        return Change(f"{cid} -> {name}", {cid: cid})
    return change


@pytest.mark.parametrize("face_up", [True, False])
def test_another_card_on_an_enemy_unit_gives_the_same_sampled_world(redux, face_up):
    """Two worlds that differ only in 2 Anna's card (Pantsir or UAS), 2 Anna face up or down: the same
    sampled world, seed by seed -- and a card is drawn on it."""
    if face_up:
        _reveal(redux, "2 Anna")
    twin, _ = twin_of(redux, "US", _rename("RU-3", UAS, "2 Anna"))
    for seed in range(6):
        a = sample_world(redux, "US", np.random.default_rng(seed))
        b = sample_world(twin, "US", np.random.default_rng(seed))
        assert _text(a) == _text(b), seed
        assert len(_hosted(a)) == 3 and (not face_up or len(_hosted(a, "2 Anna")) == 1)


def _move_uas(to: str):
    def change(s):
        s.cards["RU-5"].host = to
        s.units["1 Tanya"].attachments, s.units[to].attachments = [], [UAS]
        return Change(f"RU-5 on {to}", {"RU-5": "RU-5"})
    return change


def test_a_face_up_card_on_a_back_names_no_host_and_is_drawn_on_a_back(redux):
    """RU's UAS played face up while its host stays face down (using it does not reveal the host, 9.31,
    9.34): US's known state gives the card no host, and two worlds that differ only in which face-down
    unit carries it (1 Tanya or 3 Anna) give the same sampled world; there the card lies on a back,
    the back drawn as 1 Tanya (its prescribed host, App. B Planning [b]) when there is one."""
    redux.state.cards["RU-5"].face_up = True
    twin, _ = twin_of(redux, "US", _move_uas("3 Anna"))
    assert known(redux, "US").cards["RU-5"].host is None and known(twin, "US").cards["RU-5"].host is None
    assert redux.state.cards["RU-5"].host == "1 Tanya"                    # the real card keeps its host
    for seed in range(6):
        a = sample_world(redux, "US", np.random.default_rng(seed))
        assert _text(a) == _text(sample_world(twin, "US", np.random.default_rng(seed))), seed
        host = a.state.units[a.state.cards["RU-5"].host]
        assert host.uid.startswith("hidden:") and host.attachments == [UAS]
        assert load_decks().card("RU", UAS).host_allowed(a.catalog.unit(host.type_id))
        assert not violations(a.state, a.board, a.catalog, a.decks)


def test_with_every_hosted_card_seen_the_face_up_ones_are_named_on_their_hosts(redux):
    """RU's three Attached cards all face up (none hidden, so nothing to draw): the back that takes the UAS
    names it under its tracker, as the face-down ones' hosts do."""
    for cid in ("RU-3", "RU-4", "RU-5"):
        redux.state.cards[cid].face_up = True
    for seed in range(4):
        w = sample_world(redux, "US", np.random.default_rng(seed))
        assert w.state.units[w.state.cards["RU-5"].host].attachments == [UAS]
        assert not violations(w.state, w.board, w.catalog, w.decks)


# ------------------------------------------------------------------ a submarine bought as a card (14.0, 14.01)
def _bought_boat(g, published: bool, hex_: str = "AK-17"):
    """RU bought a Kilo as a card (first Planning Stage, 14.01): the boat at sea in ``hex_``, its card
    hidden in the pool; ``published``: a marker once showed it there (14.06: the SOT entry public)."""
    from lcb_lab.games.lcb.rules.cards.jcc import add_card
    from lcb_lab.games.lcb.rules.common import Ctx
    from lcb_lab.games.lcb.rules.submarines.sot import put_in_play, track
    ctx = Ctx(g.state, g.board, g.catalog, g.dice, g.decks, quiet=True)
    card = add_card(ctx, "RU", "Kilo-Class Sub")
    u = put_in_play(ctx, card, load_decks().card("RU", "Kilo-Class Sub"))
    u.hex = hex_
    track(ctx, u, "deploy", public=published)
    return u.uid


def test_a_boat_bought_as_a_card_is_drawn_once_a_published_sot_entry_names_it():
    """Never shown, it is one of RU's hidden pool cards (9.02): the sampled world draws no boat.  Once a
    published SOT entry names it (14.06), it is at sea within 5 hexes of that hex, the card it is
    (the Kilo) in the pool with it as host, and the hand one card fewer: the public pool count kept."""
    g = load_scenario("gotland_redux", seed=1, auto_policies={})
    uid = _bought_boat(g, published=False)
    pool = sum(1 for c in g.state.cards.values() if c.team == "RU" and c.where == "pool" and not c.face_up)
    w = sample_world(g, "US", np.random.default_rng(0))
    assert uid not in w.state.units and not any(c.cid.startswith("RU-boat-") for c in w.state.cards.values())
    g.state.sot["RU"][-1]["public"] = True
    near = set(g.board.naval_reach("AK-17", 5))
    hexes = set()
    for seed in range(8):
        w = sample_world(g, "US", np.random.default_rng(seed))
        u = w.state.units[uid]
        assert (u.type_id, u.team, u.hp, u.revealed, u.card) == ("rubf_ssk_kilo", "RU", 1, False, "RU-boat-sampled-1")
        assert u.hex in near and not g.board.hex(u.hex).has_land
        c = w.state.cards["RU-boat-sampled-1"]
        assert (c.name, c.where, c.host) == ("Kilo-Class Sub", "pool", uid)
        assert sum(1 for c in w.state.cards.values() if c.team == "RU" and c.where == "pool") == pool
        assert not violations(w.state, w.board, w.catalog, w.decks)
        hexes.add(u.hex)
    assert len(hexes) > 1, "its hex is drawn, not the real one"

    def move(s):
        s.units[uid].hex = next(h for h in sorted(near) if h != "AK-17" and not g.board.hex(h).has_land)
        return Change(f"{uid} moved", {uid: uid})
    twin, _ = twin_of(g, "US", move)
    for seed in range(4):
        assert _text(sample_world(g, "US", np.random.default_rng(seed))) == \
            _text(sample_world(twin, "US", np.random.default_rng(seed)))


def test_a_boat_bought_as_a_card_seen_face_up_is_the_card_it_is():
    """A Kilo bought as a card, its marker on the map (14.06): the team sees the boat, not its card; the
    sampled world gives it the card it is (14.0), one of the hidden pool cards, and the state is sound."""
    g = load_scenario("gotland_redux", seed=1, auto_policies={})
    uid = _bought_boat(g, published=True)
    g.state.units[uid].revealed = True
    pool = sum(1 for c in g.state.cards.values() if c.team == "RU" and c.where == "pool" and not c.face_up)
    w = sample_world(g, "US", np.random.default_rng(0))
    assert w.state.units[uid].card == "RU-boat-sampled-1" and w.state.units[uid].hex == "AK-17"
    assert w.state.cards["RU-boat-sampled-1"].name == "Kilo-Class Sub"
    assert sum(1 for c in w.state.cards.values() if c.team == "RU" and c.where == "pool") == pool
    assert not violations(w.state, w.board, w.catalog, w.decks)
    u, card = g.state.units[uid], g.state.cards[g.state.units[uid].card]
    u.destroyed, u.hp, card.where, card.host = True, 0, "discarded", None      # sunk face up: its card discarded
    w = sample_world(g, "US", np.random.default_rng(0))
    assert w.state.cards[w.state.units[uid].card].where == "discarded"
    assert sum(1 for c in w.state.cards.values() if c.team == "RU" and c.where == "pool") == pool - 1
    assert not violations(w.state, w.board, w.catalog, w.decks)
