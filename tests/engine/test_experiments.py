"""Many-games helpers: reproducible, summarised, and consistent with the exact odds."""
import pytest

from lcb_lab.games.lcb.whatif.experiments import play_many, sample_engagement, tally
from lcb_lab.games.lcb.rules.combat.odds import engagement_odds


def test_play_many_is_reproducible_and_tallied():
    a = play_many(games=3, seed=5, progress=False)
    b = play_many(games=3, seed=5, progress=False)
    assert a == b and [r["seed"] for r in a] == [5, 6, 7]
    t = tally(a)
    assert t["games"] == 3 and sum(t["winners"].values()) == 3
    assert all(r["turns"] == 3 for r in a)      # every game plays to the scenario's turn limit


def test_sampled_engagements_agree_with_the_exact_odds():
    exact = engagement_odds([(4, 14)], [(4, 8)], hp=2).p_destroy
    sampled = sample_engagement([(4, 14)], [(4, 8)], 2, trials=20000, seed=0)
    assert sampled == pytest.approx(exact, abs=0.02)   # ~5 standard errors
