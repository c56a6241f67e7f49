"""Property tests (hypothesis): odds, hex geometry, state round-trips, refusals."""
import json
from itertools import product

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from lcb_lab.games.lcb import hexes as lcb_hexes
from lcb_lab import load_scenario
from lcb_lab.games.lcb.whatif.autoplay import play_random_turns
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.games.lcb.whatif.experiments import land_embarked
from tests.budget import budget
from lcb_lab.games.lcb.rules.combat.odds import engagement_odds
from lcb_lab.kernel.dice import D20, at_most
from lcb_lab.kernel.odds import hits_pmf
from lcb_lab.games.lcb.rules.common import max_supply
from lcb_lab.games.lcb.model.state import GameState
from lcb_lab.games.lcb import actions as A

hexes = st.builds(lcb_hexes.Hex, st.integers(1, 60), st.integers(1, 60))


@given(hexes, hexes, hexes)
def test_distance_is_a_metric(a, b, c):
    assert lcb_hexes.distance(a, b) == lcb_hexes.distance(b, a)
    assert lcb_hexes.distance(a, a) == 0
    assert lcb_hexes.distance(a, c) <= lcb_hexes.distance(a, b) + lcb_hexes.distance(b, c)


@given(hexes)
def test_neighbours_are_at_distance_one_and_labels_round_trip(h):
    assert all(lcb_hexes.distance(h, n) == 1 for n in lcb_hexes.neighbours(h))
    assert lcb_hexes.parse(h.label) == h
    x, y = lcb_hexes.centre_km(h)
    assert lcb_hexes.hex_at_km(x + 4, y - 3) == h


@given(st.integers(0, 8), st.integers(0, 20), st.integers(0, 6), st.integers(0, 20), st.integers(1, 4))
@settings(max_examples=60)
def test_exact_odds_match_brute_force(n, cv, m, icv, hp):
    """Enumerate every d20 outcome for small dice counts and compare."""
    n, m = min(n, 2), min(m, 1)
    o = engagement_odds([(n, cv)] if n else [], [(m, icv)] if m else [], hp)
    assert sum(o.damage) == pytest.approx(1.0)
    p_destroy = 0.0
    for rolls in product(range(1, 21), repeat=n + m):
        hits = sum(r <= cv for r in rolls[:n])
        ints = sum(r <= icv for r in rolls[n:])
        p_destroy += (max(0, hits - ints) >= hp) / 20 ** (n + m)
    assert o.p_destroy == pytest.approx(p_destroy, abs=1e-12)


@given(st.integers(0, 20), st.integers(-5, 25))
def test_hits_pmf_is_binomial(n, cv):
    pmf = hits_pmf(n, D20, at_most(cv))
    p = min(max(cv, 0), 20) / 20
    assert pmf.sum() == pytest.approx(1.0)
    assert float(np.dot(np.arange(n + 1), pmf)) == pytest.approx(n * p)


def _landed_game(seed):
    g = load_scenario("gotland_redux", seed=seed, auto_policies={})
    assert land_embarked(g, "AL-23")          # the first impulse lands the embarked force by its LCU (12.21)
    return g


@given(st.integers(0, 10_000))
@pytest.mark.fuzz
@settings(max_examples=budget(15, 150), deadline=None)
def test_random_legal_play_keeps_invariants_and_round_trips(seed):
    g = _landed_game(seed)
    play_random_turns(g, 2, seed)
    s = g.state
    for u in s.units.values():
        t = g.catalog.unit(u.type_id)
        assert 0 <= u.hp <= t.hp
        assert u.destroyed == (u.hp == 0) or u.embarked_on is not None
        for slot, left in u.supply.items() if not u.destroyed else ():   # a destroyed unit's Attached
            cap = max_supply(g._ctx(), u, slot)       # cards are gone; an Attached card may raise it (App. B: Aegis)
            assert 0 <= left <= cap, (u.uid, slot, left)
    for c in s.cards.values():                        # cards in play stay consistent (9.07, 9.21, 9.31)
        assert c.where in ("pool", "attached", "embarked", "deployed", "discarded", "removed")
        assert (c.host is not None) == (c.where in ("attached", "embarked")), c
        assert not (c.expended and c.where == "pool"), c
        assert c.where != "attached" or not s.units[c.host].destroyed, c
    for d in (s.impulse.actions if s.impulse else []):
        assert d.played is None or d.kind in ("play_jcc", "move_embarked_jcc"), d
    for m in s.card_markers.values():                 # a transport marker's cargo is off the map (12.05)
        for uid in m.cargo:
            assert (s.units[uid].hex, s.units[uid].embarked_on, s.units[uid].destroyed) == (None, None, False)
    again = GameState.from_dict(json.loads(json.dumps(s.to_dict())))
    assert again.to_dict() == s.to_dict()
    assert s.clone().to_dict() == s.to_dict()


@pytest.mark.fuzz
def test_the_random_player_lands_units_by_itself():
    """No staging: in some of a few random games the LCU (or another transport card) is played
    and Embarked units come ashore (12.21)."""
    landed = 0
    for seed in range(budget(60, 300)):  # a rare pick among many offered acts: many short games (~3 s)
        g = load_scenario("gotland_redux", seed=seed, auto_policies={})
        play_random_turns(g, 3, seed)
        landed += any(e.get("data", {}).get("effect") == "disembark" for e in g.state.log)
    assert landed >= 1


@given(st.integers(0, 10_000), st.sampled_from(["fourth", "twice", "concealed"]))
@pytest.mark.fuzz
@settings(max_examples=budget(20, 200), deadline=None)
def test_refused_declarations_change_nothing(seed, what):
    """After random play, an illegal request is refused by the rule it breaks and changes nothing."""
    g = _landed_game(seed)
    play_random_turns(g, 1, seed)
    tf = g.available_task_forces()[0]
    g.apply(A.BeginImpulse(tf))
    units = [u.uid for u in g.state.tf_units(tf) if u.on_map and not u.paralysed]
    card = next(c.name for c in g.state.cards.values() if c.team == g.impulse.team and c.where == "pool")
    if what == "fourth":
        acts, rule = [A.CoreAction("move_combat", (u,)) for u in units[:g.impulse.ap + 1]], "3.32"
        if len(units) <= g.impulse.ap:
            acts = [A.CoreAction("play_jcc", jcc=card)] * (g.impulse.ap + 1)
    elif what == "twice":
        acts, rule = [A.CoreAction("move_combat", tuple(units[:1])), A.CoreAction("move_conceal", tuple(units[:1]))], "3.34"
    else:
        shooters = [u for u in units if g.utype(u).cvs_of("LRS")]
        enemy = next((u for u in g.state.living() if u.team != g.impulse.team and u.on_map and not u.revealed), None)
        if not shooters or enemy is None:
            return
        g.apply(A.Declare((A.CoreAction("move_combat", g.stack_of(shooters[0])),)))
        slot = g.utype(shooters[0]).cvs_of("LRS")[0].slot
        before = g.to_json()
        with pytest.raises(IllegalAction) as e:
            g.apply(A.CommitCombat(lrs=(A.LrsAttack(shooters[0], slot, enemy.uid, 1),)))
        assert e.value.rule == "7.32" and g.to_json() == before
        return
    if not units:
        return
    before = g.to_json()
    with pytest.raises(IllegalAction) as e:
        g.apply(A.Declare(tuple(acts)))
    assert e.value.rule == rule and g.to_json() == before


def test_same_seed_same_log():
    a, b = _landed_game(7), _landed_game(7)
    play_random_turns(a, 3, 7)
    play_random_turns(b, 3, 7)
    assert a.state.log == b.state.log and a.state.log


@given(st.builds(lcb_hexes.Hex, st.integers(8, 50), st.integers(8, 50)), st.integers(0, 6))
def test_rings_and_discs(h, r):
    ring = lcb_hexes.ring(h, r)
    assert len(ring) == max(1, 6 * r) and len(set(ring)) == len(ring)
    assert all(lcb_hexes.distance(h, x) == r for x in ring)
    assert len(list(lcb_hexes.within(h, r))) == 1 + 3 * r * (r + 1)


def test_dice_committed_through_an_attached_card_roll_after_its_host_is_lost():
    """Seed 8247 (found by CI): 2 Anna's Pantsir-SM INTERCEPT dice were committed, then 2 Anna
    was destroyed in an earlier engagement of the same combat and the card with it (9.31); its
    committed dice must still be read and rolled, not crash the combat."""
    g = _landed_game(8247)
    play_random_turns(g, 2, 8247)
    assert g.state.turn >= 2
