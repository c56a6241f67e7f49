"""Golden transcripts: a fresh playthrough equals the committed one.

``tests/golden/appendix_b.txt`` (the Appendix B lesson) and ``random_game.txt`` (a seeded
walk over the legal actions) record, at every step, the team to act, the number of legal
actions, the action, its dice, the log lines each team reads and each team's observation
(:mod:`lcb_lab.games.lcb.content.playthrough`).  A change to any of them shows here as a diff; when it is
intended, rewrite the files with ``make golden``.
"""
from __future__ import annotations

import difflib
import json

import pytest

from lcb_lab.games.lcb.content import playthrough
from lcb_lab.games.lcb.actions import from_json

KINDS = sorted(playthrough.KINDS)


def first_difference(expected: str, actual: str, context: int = 3, limit: int = 60) -> str:
    """A unified diff of the two texts, cut to the first differing hunk(s) (``limit`` lines)."""
    diff = list(difflib.unified_diff(expected.splitlines(), actual.splitlines(), "committed", "regenerated",
                                     n=context, lineterm=""))
    more = f"\n... ({len(diff) - limit} more diff lines)" if len(diff) > limit else ""
    return "\n".join(diff[:limit]) + more


@pytest.fixture(scope="module")
def fresh() -> dict[str, str]:
    return {kind: playthrough.playthrough_text(kind) for kind in KINDS}


@pytest.mark.parametrize("kind", KINDS)
def test_transcript_matches_the_committed_file(kind, fresh):
    path = playthrough.golden_path(kind)
    assert path.exists(), f"{path} is missing: run `make golden`"
    committed = path.read_text(encoding="utf-8")
    if fresh[kind] != committed:
        pytest.fail(f"{path.name} differs from a fresh playthrough; run `make golden` if the change is "
                    f"intended.\n{first_difference(committed, fresh[kind])}", pytrace=False)


@pytest.mark.parametrize("kind", KINDS)
def test_transcript_is_deterministic_and_small(kind, fresh):
    assert playthrough.playthrough_text(kind) == fresh[kind]
    assert len(fresh[kind].encode()) < 300_000
    assert " at 0x" not in fresh[kind]          # no id()-based repr


@pytest.mark.parametrize("kind", KINDS)
def test_every_step_is_shown_with_its_action_and_both_views(kind, fresh):
    text = fresh[kind]
    n = int(next(line for line in text.splitlines() if line.startswith("steps: ")).split()[1])
    blocks = text.split("\n# Step ")[1:]
    assert len(blocks) == n > 10
    for i, block in enumerate(blocks, 1):
        lines = block.splitlines()
        assert lines[0].startswith(f"{i} (turn ")
        fields = {ln.split(": ", 1)[0]: ln.split(": ", 1)[1] for ln in lines[1:5]}
        assert fields["ToAct"] in ("US", "RU", "chance")
        assert int(fields["LegalActions"].split()[0]) >= 1
        action = json.loads(fields["Action"])
        assert from_json(action).KIND == action["kind"]
        for head in ("Log(US):", "Log(RU):", "Observation(US):", "Observation(RU):"):
            assert any(ln.startswith(head) for ln in lines), (i, head)


def test_random_game_has_defender_choices_and_chance_steps(fresh):
    text = fresh["random_game"]
    assert '"kind": "answer"' in text
    assert "ToAct: chance" in text
    assert '"kind": "commit_combat"' in text


def test_hidden_information_in_the_transcript(fresh):
    # at the start of the Appendix B lesson every counter is face down: RU sees no US name
    text = fresh["appendix_b"]
    state0 = text.split("# Step 1 ")[0]
    ru_view = state0.split("Observation(RU):")[1]
    us_view = state0.split("Observation(RU):")[0].split("Observation(US):")[1]
    assert "DDG-51" in us_view and "DDG-51" not in ru_view
    assert "(US, back)" in ru_view


def test_unknown_kind_is_refused():
    with pytest.raises(ValueError, match="unknown playthrough"):
        playthrough.playthrough_text("chess")


def test_mismatch_message_shows_the_first_differing_lines():
    out = first_difference("a\nb\nc\n", "a\nB\nc\n")
    assert "-b" in out and "+B" in out
