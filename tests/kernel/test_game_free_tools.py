"""The kernel's study runner, transcript and twin-worlds check on the kernel's toy game (three
players, a sealed bid, per-unit knowledge): no game of the project is needed for them."""
from __future__ import annotations

import numpy as np
import pytest

from lcb_lab.kernel.autoplay import play_random
from lcb_lab.kernel.errors import LabError
from lcb_lab.kernel.study import Freq, StudyHooks, chunks, run_seeds, run_study
from lcb_lab.kernel.transcript import transcript
from lcb_lab.kernel.worlds import differences, follow, make_twin
from tests.kernel.toy_game import Bid, new_game, view


class Walks(StudyHooks):
    """A run: the toy game from ``start`` with fresh dice, ``plan`` random acts; its outcome the scouts alive."""

    def run_one(self, start, plan, seed, index, viewer=None):
        dice_seed, words = run_seeds(seed, index)
        g = new_game(seed=dice_seed)
        play_random(g, np.random.default_rng(words), plan)
        return {"index": index, "alive": sorted(u for u, s in g.state.units.items() if s.alive)}


def test_the_same_seed_gives_the_same_study_whatever_the_chunks():
    a = run_study(Walks(), None, 12, runs=10, seed=5, workers=0, progress=False, chunk=3)
    b = run_study(Walks(), None, 12, runs=10, seed=5, workers=0, progress=False, chunk=10)
    assert a.outcomes == b.outcomes and [o["index"] for o in a.outcomes] == list(range(10)) and a.workers == 0
    assert run_study(Walks(), None, 12, runs=10, seed=6, workers=0, progress=False).outcomes != a.outcomes
    assert chunks(7, 3) == [(0, 3), (3, 6), (6, 7)]
    seen = []
    run_study(Walks(), None, 2, runs=5, seed=0, workers=0, progress=False, chunk=2, on_progress=lambda d, n: seen.append((d, n)))
    assert seen == [(2, 5), (4, 5), (5, 5)]
    with pytest.raises(LabError):
        run_study(Walks(), None, 2, runs=0, progress=False)
    with pytest.raises(LabError):
        run_study(Walks(), None, 2, runs=3, workers=-2, progress=False)


def test_freq_gives_the_wilson_interval():
    f = Freq(0, 20)
    assert f.p == 0 and f.interval[0] == 0 and f.interval[1] == pytest.approx(0.1611, abs=1e-4)
    assert Freq(8, 20).covers(0.4) and not Freq(8, 20).covers(0.9)
    assert Freq(410, 1000).text() == "41.0% (38.0%-44.1%, 410/1000)"


def test_a_transcript_shows_each_step_and_keeps_the_bids_secret():
    g = new_game(seed=2)
    for p, n in zip(("Red", "Green", "Blue"), (2, 1, 0)):
        g.apply(Bid(p, n))
    text = transcript(g, "toy", ["seed: 2"], lambda e, p: [str(view(e, p)["hand"])])
    blocks = text.split("\n# Step ")[1:]
    assert len(blocks) == 3 and blocks[0].startswith("1 (turn 1, sub_turn 1)")
    assert '"kind": "bid"' in blocks[0] and "ToAct: Red" in blocks[0] and "LegalActions: 1 (0 concrete + 1 templates)" in blocks[0]
    log_green = blocks[0].split("Log(Green):")[1].split("Log(Blue):")[0]
    assert "Red acted" in log_green and "2" not in log_green.split("\n", 1)[1]   # Green reads no amount
    assert text.endswith("# End\nToAct: Red\n")


def test_a_secret_bid_is_a_twin_the_others_cannot_tell_apart():
    g = new_game(seed=1)
    g.apply(Bid("Red", 1))

    def raise_bid(state):
        state.choices[-1].commits["Red"] = 3
        return "Red bid 3"
    twin, what = make_twin(g, raise_bid, "Green", view)
    assert what == "Red bid 3" and differences(g, twin, "Green", view) == {}
    assert set(differences(g, twin, "Red", view)) == {"view"}
    assert follow(g, twin, "Green", [Bid("Green", 0)], view) == []
    with pytest.raises(ValueError, match="changed Red's view"):
        make_twin(g, raise_bid, "Red", view)


def test_an_undo_rule_that_reads_a_secret_is_a_difference():
    """The undo permission is compared when the game's rule is given: a rule that lets Green undo only
    while Red's bid is low tells Green the bid (a refusal's words are part of what a viewer is shown)."""
    g = new_game(seed=1)
    g.apply(Bid("Red", 1))

    def raise_bid(state):
        state.choices[-1].commits["Red"] = 3
        return "Red bid 3"

    def telling(engine, viewer):
        high = engine.state.choices[-1].commits.get("Red", 0) > 2
        return (not high, "Red's bid is high" if high else "allowed")

    twin, _ = make_twin(g, raise_bid, "Green", view)
    assert differences(g, twin, "Green", view) == {}                     # no rule given: not compared
    found = differences(g, twin, "Green", view, undo=telling)
    assert set(found) == {"undo"} and "Red's bid is high" in found["undo"]
    assert differences(g, twin, "Green", view, undo=lambda e, v: (True, "the umpire's rule")) == {}
    assert follow(g, twin, "Green", [], view, undo=telling)[0].startswith("undo before:")
