"""An ISR marker's path (13.21: ``isr.marker_path``, asked by every target check of an ISR card's
first use and by the marker's free move) is found once per board, marker kind, start, destination
and MP and kept with the board: at every call of random games it equals the search made afresh
(``isr.plain_marker_path``), each answer is a new list (a caller changing it changes no later
answer), and the plain search plays the very same games.
"""
from __future__ import annotations

import pytest

from lcb_lab.games.lcb.model.fixed_memo import memo
from lcb_lab.games.lcb.rules.markers import isr
from tests.fast_path_games import games_with, rollout_game as _game

SEEDS = (0, 1, 2, 3, 4, 5)


@pytest.fixture(scope="module")
def compared():
    """Random games with every ``marker_path`` call compared with the plain search: the counts
    (calls, calls answered from a kept path, paths out of reach) and each game's final JSON."""
    counts = dict.fromkeys(("calls", "kept", "none"), 0)
    fast = isr.marker_path

    def checked(ctx, naval, start, dest, mp):
        kept = memo(ctx.board).get("marker_path", {})
        counts["kept"] += (naval, start, dest, mp) in kept
        got = fast(ctx, naval, start, dest, mp)
        want = isr.plain_marker_path(ctx, naval, start, dest, mp)
        assert got == want, (naval, start, dest, mp)
        if got is not None:
            got.append("ZZ-99")          # the caller's own list: the next answer is unchanged
            assert fast(ctx, naval, start, dest, mp) == want
            got.pop()
        counts["calls"] += 1
        counts["none"] += got is None
        return got

    return counts, games_with([(isr, "marker_path", checked)], SEEDS)


def test_kept_marker_paths_equal_the_plain_search_at_every_call(compared):
    counts, _ = compared
    assert counts["calls"] > 10 and counts["kept"] > 3 and counts["none"] > 0


def test_the_plain_search_plays_the_very_same_games(compared):
    _, fast = compared
    assert games_with([(isr, "marker_path", isr.plain_marker_path)], SEEDS) == fast


def test_a_path_is_kept_per_mp_and_marker_kind():
    """The same start and destination with less MP, or as a naval marker, is its own question."""
    g = _game(1)
    ctx = g._ctx()
    start, far = "AL-23", "AL-27"
    assert isr.marker_path(ctx, False, start, far, 4) == isr.plain_marker_path(ctx, False, start, far, 4)
    assert len(isr.marker_path(ctx, False, start, far, 4)) == 4
    assert isr.marker_path(ctx, False, start, far, 3) is None
    assert isr.marker_path(ctx, True, start, far, 4) == isr.plain_marker_path(ctx, True, start, far, 4)
