"""The benchmark scripts' command lines (benchmarks/cli_args.py): a value they cannot run is refused in
argparse's one ``error:`` line, exit 2 -- ``run.py --only abc`` used to measure nothing and exit 0,
``browser.py --repeat 0`` ran as 1 and ``--viewport 13x`` exited 0 in silence -- and Ctrl-C ends with
``interrupted``, exit 130 (the scripts exited 0 on anything)."""
from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
import cli_args  # noqa: E402


def _run(script: str, *argv: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(ROOT / "benchmarks" / script), *argv], capture_output=True,
                          text=True, cwd=str(ROOT), timeout=300)


@pytest.mark.parametrize("only, bad", [("abc", "abc"), ("99", "99"), ("-3", "-3"), ("3,x,99", "x, 99")])
def test_run_only_names_the_figures_it_does_not_know(only, bad):
    r = _run("run.py", "--only", only)
    assert (r.returncode, r.stdout) == (2, "")
    assert r.stderr.splitlines()[-1] == (f"run.py: error: --only: unknown figure(s) {bad}; the figures are 1..20, "
                                         "comma-separated (e.g. --only 3,9)")


@pytest.mark.parametrize("argv, line", [
    (("--repeat", "0"), "argument --repeat: 0 is below 1"),
    (("--repeat", "-1"), "argument --repeat: -1 is below 1"),
    (("--repeat", "abc"), "argument --repeat: 'abc' is not a whole number (1 or more)"),
    (("--quiet-ms", "-5"), "argument --quiet-ms: -5 is below 0"),
    (("--viewport", "13x"), "argument --viewport: '13x': a viewport is WxH, each 100..10000 pixels (e.g. 1366x768)"),
    (("--viewport", "0x0"), "argument --viewport: '0x0': a viewport is WxH, each 100..10000 pixels (e.g. 1366x768)"),
])
def test_browser_refuses_a_value_it_cannot_measure_with(argv, line):
    r = _run("browser.py", *argv)
    assert (r.returncode, r.stdout) == (2, "")
    assert r.stderr.splitlines()[-1] == f"browser.py: error: {line}"


def test_the_value_types_read_good_values():
    assert cli_args.whole(1)("15") == 15 and cli_args.whole(0)("0") == 0
    assert cli_args.viewport("1366x768") == (1366, 768) and cli_args.viewport("1920X1080") == (1920, 1080)
    with pytest.raises(argparse.ArgumentTypeError, match=r"^'1x1': a viewport is WxH"):
        cli_args.viewport("1x1")


def test_ctrl_c_is_interrupted_and_exit_130(capsys):
    def main() -> int:
        raise KeyboardInterrupt
    with pytest.raises(SystemExit) as e:
        cli_args.exit_with(main)
    assert e.value.code == 130 and capsys.readouterr().err == "\ninterrupted\n"
    with pytest.raises(SystemExit) as e:
        cli_args.exit_with(lambda: 1)
    assert e.value.code == 1
