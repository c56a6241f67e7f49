"""nbval fails the suite when a notebook's printed result changes.

Two copies of notebook 01 go to a temporary folder: one as committed, one with
a single stored printed result changed (1 Whiskey's HP after the 7.37 combat).
``python -m pytest --nbval`` runs both in a subprocess, with the project's
sanitizer and this environment's kernel, as ``make test`` does: the copy
passes every cell, the changed one fails that cell and only that cell.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import nbformat
import pytest

REPO = Path(__file__).resolve().parents[1]
SOURCE = REPO / "notebooks" / "01_lrs_and_intercept.ipynb"
SANITIZE = REPO / "notebooks" / "nbval_sanitize.cfg"
STORED = "1 Whiskey HP: 2 of 2"
CHANGED = "1 Whiskey HP: 1 of 2"       # what the printed example claims (see notebook 01, rule 7.02)


def _cell_with(nb, text: str) -> int:
    hits = [i for i, c in enumerate(c for c in nb.cells if c.cell_type == "code")
            if any(text in o.get("text", "") for o in c.get("outputs", []))]
    assert len(hits) == 1, f"{text!r} should be the stored output of one code cell, found {hits}"
    return hits[0]


@pytest.mark.notebook
def test_nbval_fails_on_a_changed_printed_result_and_passes_the_committed_one(tmp_path):
    nb = nbformat.read(SOURCE, as_version=4)
    code_index = _cell_with(nb, STORED)
    shutil.copyfile(SOURCE, tmp_path / "as_committed.ipynb")
    cell = [c for c in nb.cells if c.cell_type == "code"][code_index]
    for out in cell.outputs:
        if out.get("output_type") == "stream":
            out.text = out.text.replace(STORED, CHANGED)
    nbformat.write(nb, tmp_path / "changed.ipynb")
    (tmp_path / "pytest.ini").write_text("[pytest]\n")          # not the project's addopts / testpaths

    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))}
    report = tmp_path / "report.xml"
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "--nbval", "--nbval-current-env", f"--nbval-sanitize-with={SANITIZE}",
         "-p", "no:cacheprovider", "-q", f"--junitxml={report}", "as_committed.ipynb", "changed.ipynb"],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 1, proc.stdout[-3000:] + proc.stderr[-2000:]

    failed, passed = set(), set()
    for case in ET.parse(report).getroot().iter("testcase"):
        name = (case.get("classname", ""), case.get("name"))
        (failed if case.find("failure") is not None or case.find("error") is not None else passed).add(name)
    code_cells = sum(1 for c in nb.cells if c.cell_type == "code")
    assert failed == {("changed.ipynb", f"Cell {code_index}")}, proc.stdout[-3000:]
    assert len(passed) == 2 * code_cells - 1
    assert "HP: 1 of 2" in proc.stdout and "HP: 2 of 2" in proc.stdout   # nbval shows both texts
