"""The combat sequence's short cuts for random play (benchmark figure 3) give exactly the plain answers.

* an engagement's odds in words (``EngagementOdds.summary`` / ``distribution_text``, logged before
  every LRS roll, 7.02, 7.57) are made once per odds object and kept with it: at every call of
  random games they equal the words made afresh, and they are reused; an engagement met anew by
  ``remembered_odds`` reads its (dice, CV) groups' hits distributions from those already made
  (read-only; every call is compared with ``engagement_odds`` in ``test_rules_fast_paths.py``);
* ``may_hold_mildec`` (4.22 with 6.11: whether the MILDEC choice is asked) reads the backs of the
  one hex (``observer_table.backs_in``) instead of the salted list of every back on the map: at
  every call of random games it gives the plain answer, and ``backs_in`` is that list's hex part in
  every hex of every state reached (the same counters, in the state's order), for both teams,
  Task Force Counters and a ``besides`` too;
* ``stages.sequence.next_team`` (3.3, asked at every impulse's start and end) reads the teams with
  a Task Force still to go in one pass: at every call of random games it names the plain answer.
"""
from __future__ import annotations

import pytest

from lcb_lab import situation
from lcb_lab.games.lcb import observer, observer_table
from lcb_lab.games.lcb.rules.combat import odds, sequence
from lcb_lab.games.lcb.model.state import other
from lcb_lab.games.lcb.rules.markers import mines
from lcb_lab.games.lcb.rules.stages import sequence as stages
from lcb_lab.games.lcb.rules.submarines import asw
from tests.fast_path_games import games_with

SEEDS = (0, 1, 2, 3)


def _plain_may_hold_mildec(state, viewer, hex_label, team, catalog=None, besides=None):
    """may_hold_mildec as it was: every back of the map (salted ids and order) read for one hex."""
    if any(m.hex == hex_label and m.team == team and not m.destroyed and observer.knows(state, viewer, m)
           for m in state.markers.values()):
        return True
    return any(c.hex == hex_label and c.team == team and c is not besides
               for _, c in observer._backs(state, viewer, catalog))


def _plain_backs_in(state, viewer, hex_label, catalog=None):
    return [c for _, c in observer._backs(state, viewer, catalog) if c.hex == hex_label]


def _plain_next_team(ctx):
    """next_team as it was: the Task Forces still to go listed per team."""
    s = ctx.state
    left = {t: [tf for tf, tt in s.task_forces.items() if tt == t and tf not in s.tf_order] for t in ("US", "RU")}
    if not left["US"] and not left["RU"]:
        return None
    if not s.tf_order:
        return s.initiative
    last = s.task_forces[s.tf_order[-1]]
    return other(last) if left[other(last)] else last


def _ids(counters):
    """The counters by identity, in no order (``backs_in`` keeps the state's order, not the salted one)."""
    return sorted(id(c) for c in counters)


@pytest.fixture(scope="module")
def compared():
    """Random games with each short cut compared with its plain form at every call: the counts
    (calls, calls that found kept words, MILDEC questions, hexes compared)."""
    counts = dict.fromkeys(("words", "kept", "mildec", "hexes", "next_team", "none"), 0)
    summary, distribution = odds.EngagementOdds.summary, odds.EngagementOdds.distribution_text
    fast_mildec, fast_next = observer_table.may_hold_mildec, stages.next_team

    def checked_next(ctx):
        got = fast_next(ctx)
        assert got == _plain_next_team(ctx)
        counts["next_team"] += 1
        counts["none"] += got is None
        return got

    def checked_summary(self):
        counts["kept"] += "_summary" in self.__dict__
        got = summary(self)
        assert got == self.summary_text() and summary(self) is got
        counts["words"] += 1
        return got

    def checked_distribution(self):
        got = distribution(self)
        assert got == self.distribution_words() and distribution(self) is got
        return got

    def checked_mildec(state, viewer, hex_label, team, catalog=None, besides=None):
        got = fast_mildec(state, viewer, hex_label, team, catalog, besides)
        assert got == _plain_may_hold_mildec(state, viewer, hex_label, team, catalog, besides)
        counts["mildec"] += 1
        for h in {c.hex for c in state.units.values() if c.hex} | {hex_label}:
            for v in ("US", "RU"):
                assert _ids(observer_table.backs_in(state, v, h, catalog)) == _ids(_plain_backs_in(state, v, h, catalog))
                counts["hexes"] += 1
        return got

    patches = [(odds.EngagementOdds, "summary", checked_summary),
               (odds.EngagementOdds, "distribution_text", checked_distribution),
               *[(mod, "may_hold_mildec", checked_mildec) for mod in (sequence, mines, asw)],
               (stages, "next_team", checked_next)]
    return counts, games_with(patches, SEEDS)


def test_odds_words_are_kept_with_their_odds_and_equal_fresh_words(compared):
    counts, _ = compared
    assert counts["words"] > 20 and counts["kept"] > 2


def test_may_hold_mildec_from_one_hex_equals_the_plain_reading(compared):
    counts, _ = compared
    assert counts["mildec"] > 5 and counts["hexes"] > 100


def test_next_team_in_one_pass_names_the_plain_team(compared):
    counts, _ = compared
    assert counts["next_team"] > 50 and counts["none"] >= len(SEEDS)


def test_the_plain_forms_play_the_very_same_games(compared):
    _, fast = compared
    patches = [(odds.EngagementOdds, "summary", odds.EngagementOdds.summary_text),
               (odds.EngagementOdds, "distribution_text", odds.EngagementOdds.distribution_words),
               *[(mod, "may_hold_mildec", _plain_may_hold_mildec) for mod in (sequence, mines, asw)],
               (stages, "next_team", _plain_next_team)]
    assert games_with(patches, SEEDS) == fast


def test_backs_in_counts_a_task_force_counter_once_and_never_the_hit_unit_as_its_own_mildec():
    """Three face-down RU platoons, two under Task Force Counter "TF 1" (4.35): RU's backs in F-6
    are the counter (its first unit) and the loose platoon; the counter's first unit hit, the
    counter does not count, the loose one does (4.22)."""
    g = situation(units={"1 Anna": ("runi_naval_infantry_platoon", "F-6", "TF Red"),
                         "2 Anna": ("runi_naval_infantry_platoon", "F-6", "TF Red"),
                         "9 Anna": ("runi_naval_infantry_platoon", "F-6", "TF Red"),
                         "1 Whiskey": ("usmc_himars_section", "B-2")},
                  task_force_counters={"TF 1": ["1 Anna", "2 Anna"]}, initiative="RU")
    s, cat = g.state, g.catalog
    for u in ("1 Anna", "2 Anna", "9 Anna"):
        s.units[u].revealed = False
    first, loose = s.units["1 Anna"], s.units["9 Anna"]
    assert observer_table.backs_in(s, "US", "F-6", cat) == [first, loose]
    assert _ids(_plain_backs_in(s, "US", "F-6", cat)) == _ids([first, loose])
    assert observer_table.backs_in(s, "RU", "F-6", cat) == [] and observer_table.backs_in(s, "US", "B-2", cat) == []
    assert observer_table.may_hold_mildec(s, "US", "F-6", "RU", cat, besides=first)
    loose.hex = "F-7"
    assert not observer_table.may_hold_mildec(s, "US", "F-6", "RU", cat, besides=first)
    assert not _plain_may_hold_mildec(s, "US", "F-6", "RU", cat, besides=first)
    assert observer_table.may_hold_mildec(s, "US", "F-6", "RU", cat, besides=s.units["2 Anna"])


@pytest.mark.parametrize("order, want", [((), "RU"), (("R1",), "US"), (("R1", "U1"), "RU"),
                                         (("R1", "U1", "R2"), "RU"), (("U1", "R1", "R2", "R3"), None)])
def test_next_team_alternates_then_the_team_with_task_forces_left_goes_again(order, want):
    """RU has three Task Forces, US one (3.3): after US's only impulse RU takes the rest in a row."""
    from types import SimpleNamespace
    state = SimpleNamespace(task_forces={"U1": "US", "R1": "RU", "R2": "RU", "R3": "RU"},
                            tf_order=list(order), initiative="RU")
    ctx = SimpleNamespace(state=state)
    assert stages.next_team(ctx) == _plain_next_team(ctx) == want


def test_remembered_odds_met_anew_share_the_kept_hits_distributions():
    """Two engagements with the same (dice, CV) groups and other HP: the second is computed anew
    from the hits distributions the first made (read-only), and both equal the plain odds."""
    import numpy as np

    from lcb_lab.games.lcb import die
    from lcb_lab.kernel.odds import hits_pmf
    odds._kept_odds.cache_clear()
    odds._kept_hits.cache_clear()
    a = odds.remembered_odds([(3, 12)], [(2, 8)], 2, unstoppable=[(1, 5)])
    made = odds._kept_hits.cache_info()
    b = odds.remembered_odds([(3, 12)], [(2, 8)], 3, unstoppable=[(1, 5)])
    assert a == odds.engagement_odds([(3, 12)], [(2, 8)], 2, unstoppable=[(1, 5)])
    assert b == odds.engagement_odds([(3, 12)], [(2, 8)], 3, unstoppable=[(1, 5)])
    assert made.currsize == 3 and odds._kept_hits.cache_info().currsize == 3
    assert odds._kept_hits.cache_info().hits >= made.hits + 3
    kept = odds._kept_hits(3, 12, die.DIE, die.hits_on)
    assert not kept.flags.writeable and np.array_equal(kept, hits_pmf(3, die.DIE, die.hits_on(12)))
    with pytest.raises(ValueError):
        kept[0] = 1.0
