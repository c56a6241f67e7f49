"""Archipelago's golden transcript through the kernel (:mod:`lcb_lab.kernel.transcript`): a seeded
level-1 game from its set-up (l.144-155) played by the kernel's random player equals
``tests/golden/archipelago_level1.txt``; every step shows its act, dice, each player's log lines
with their lines of the text and each player's observation.  Rewrite it with ``make golden``."""
from __future__ import annotations

import json

import pytest

from lcb_lab.__main__ import main as cli
from lcb_lab.games.archipelago import playthrough
from lcb_lab.games.archipelago.actions import CODEC
from lcb_lab.games.archipelago.rule_refs import line_of, section_of
from tests.engine.test_golden import first_difference


@pytest.fixture(scope="module")
def fresh() -> str:
    return playthrough.playthrough_text("archipelago_level1")


def test_transcript_matches_the_committed_file(fresh):
    path = playthrough.golden_path("archipelago_level1")
    committed = path.read_text(encoding="utf-8")
    if fresh != committed:
        pytest.fail(f"{path.name} differs from a fresh playthrough; run `make golden` if the change is "
                    f"intended.\n{first_difference(committed, fresh)}", pytrace=False)


def test_every_step_shows_its_act_dice_logs_with_lines_and_views(fresh):
    assert playthrough.playthrough_text("archipelago_level1") == fresh and len(fresh.encode()) < 300_000
    blocks = fresh.split("\n# Step ")[1:]
    assert len(blocks) == playthrough.STEPS == 80
    kinds = []
    for i, block in enumerate(blocks, 1):
        lines = block.splitlines()
        assert lines[0].startswith(f"{i} (turn ")
        fields = {ln.split(": ", 1)[0]: ln.split(": ", 1)[1] for ln in lines[1:5]}
        assert fields["ToAct"] in ("Red", "Blue") and int(fields["LegalActions"].split()[0]) >= 1
        act = json.loads(fields["Action"])
        kinds.append(CODEC.from_json(act).KIND)
        for head in ("Log(Red):", "Log(Blue):", "Observation(Red):", "Observation(Blue):"):
            assert any(ln.startswith(head) for ln in lines), (i, head)
        for ln in lines:                        # every log line names lines of the text, in known sections
            if ln.startswith("  [l."):
                for ref in ln[3:ln.index("]")].split(", "):
                    section_of(line_of(ref))
    assert kinds[:16] == ["place"] * 16          # level 1 from its set-up: 8 + 8 torpedo boats (l.140, l.144)
    assert {"roll_movement", "move", "end_turn", "launch_torpedo", "continue_torpedo"} <= set(kinds)
    assert "Blue TB-1 is sunk" in fresh and "Dice: -" in fresh


def test_the_shared_command_lists_both_games(capsys, tmp_path):
    assert cli(["golden", "--regen", "--out", str(tmp_path), "archipelago_level1"]) == 0
    assert (tmp_path / "archipelago_level1.txt").read_text(encoding="utf-8") == \
        playthrough.golden_path("archipelago_level1").read_text(encoding="utf-8")
    with pytest.raises(SystemExit):
        cli(["golden", "chess"])
    assert "random_game" in capsys.readouterr().err        # LC:B's kinds are the same command's
