"""The CLI's output piped into a reader that stops early (``lcb-lab --list | head -1``, ``lcb-lab golden |
head``): it ends quietly, exit 0 (``--list``, ``golden`` and the help printed a BrokenPipeError traceback,
exit 1); and ``golden --out DIR`` without ``--regen`` is refused, not ignored."""
from __future__ import annotations

import subprocess
import sys

import pytest

from lcb_lab.__main__ import main as cli


@pytest.mark.parametrize("argv", [["--list"], ["golden", "appendix_b"], ["appendix_b_combat"], ["--help"],
                                  ["review", "--help"], ["voila", "--help"]])
def test_a_reader_that_stops_early_ends_the_cli_quietly(argv, tmp_path):
    p = subprocess.Popen([sys.executable, "-m", "lcb_lab", *argv], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         cwd=tmp_path)
    p.stdout.close()                                # the reader is gone before the CLI writes a line
    err = p.stderr.read().decode()
    p.stderr.close()
    assert (p.wait(timeout=120), err) == (0, "")


def test_golden_out_without_regen_is_refused_not_ignored(tmp_path, capsys):
    with pytest.raises(SystemExit) as e:
        cli(["golden", "--out", str(tmp_path / "gold"), "appendix_b"])
    assert e.value.code == 2 and capsys.readouterr().err.splitlines()[-1] == (
        f"lcb-lab golden: error: --out {tmp_path / 'gold'} names the folder --regen writes; without --regen the "
        "transcripts are printed: add --regen, or leave --out out")
    assert not (tmp_path / "gold").exists()
