"""``make notebooks NOTEBOOKS=...`` (tools/run_notebooks.py) given a name that is no notebook: argparse's one
error line naming it, exit 2, before any notebook runs (it was nbformat's traceback, exit 1)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("argv, line", [
    (["notebooks/nosuch.ipynb"], "no notebook at notebooks/nosuch.ipynb"),
    (["notebooks/00_start_here.ipynb", "README.md"],
     "README.md: (syntax): not JSON: Expecting value: line 1 column 1 (char 0)"),
    (["notebooks"], "notebooks: (file): is a directory, not a notebook file (only regular files are read)"),
])
def test_a_name_that_is_no_notebook_is_refused_before_anything_runs(argv, line):
    r = subprocess.run([sys.executable, "tools/run_notebooks.py", *argv], cwd=ROOT, capture_output=True, text=True,
                       timeout=120)
    assert (r.returncode, r.stdout) == (2, "")
    assert r.stderr.splitlines()[-1] == f"run_notebooks.py: error: {line}"
