"""``lcb-lab voila`` given what a careless user types: a notebook that is not one, a port that is no port.
Each is refused before Voila starts, with one ``error:`` line naming the file or option and what is
wrong, exit status 2 (Voila served a non-notebook and failed on every page, exited 1 on ``--port=abc``
with its own log line, printed a traceback for ``--port=-1`` and listened on some other port for
``--port=99999999``)."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from lcb_lab.__main__ import main as cli
from lcb_lab.ui.lab import voila_app as V

pytest.importorskip("voila")

NB = {"cells": [], "nbformat": 4, "nbformat_minor": 5, "metadata": {}}


@pytest.fixture
def served(monkeypatch):
    """What reaches Voila: the notebooks :func:`voila_app._serve` was asked to serve (nothing starts)."""
    calls: list[tuple[str, list[str]]] = []
    for var in ("JUPYTER_PATH", "JUPYTER_CONFIG_PATH", V.FILES_DIR_ENV, V.START_ENV, "LCB_LAB_PAGE_BOKEHJS"):
        monkeypatch.delenv(var, raising=False)            # main() sets some: put back after the test
    monkeypatch.setattr(V, "_serve", lambda notebook, options: calls.append((Path(notebook).name, list(options))) or 0)
    return calls


NOTEBOOKS = {
    "empty": (b"", "empty.ipynb: (syntax): not JSON: Expecting value: line 1 column 1 (char 0)"),
    "not JSON": (b"xx", "not JSON.ipynb: (syntax): not JSON: Expecting value: line 1 column 1 (char 0)"),
    "an empty object": (b"{}", "an empty object.ipynb: nbformat: missing: a Jupyter notebook is a JSON object with "
                               "nbformat 4"),
    "a list": (b"[1]", "a list.ipynb: nbformat: missing: a Jupyter notebook is a JSON object with nbformat 4"),
    "a version as text": (json.dumps({**NB, "nbformat": "4"}).encode(),
                          "a version as text.ipynb: nbformat: '4' is not a notebook version nbformat reads (4, or 3)"),
    "a future version": (json.dumps({**NB, "nbformat": 9}).encode(),
                         "a future version.ipynb: nbformat: 9 is not a notebook version nbformat reads (4, or 3)"),
    "cells not a list": (json.dumps({**NB, "cells": 5}).encode(), "cells not a list.ipynb: cells: missing or not a list"),
    "a cell without metadata": (json.dumps({**NB, "cells": [{"cell_type": "markdown", "source": "x"}]}).encode(),
                                "a cell without metadata.ipynb: cells.0: not a valid Jupyter notebook: 'metadata' is "
                                "a required property"),
    "binary": (bytes(range(256)), "binary.ipynb: (file): not UTF-8 text (byte 128): not a notebook file"),
}


@pytest.mark.parametrize("name", list(NOTEBOOKS))
def test_a_notebook_that_is_not_one_is_refused_in_one_line(name, tmp_path, monkeypatch, capsys, served):
    content, line = NOTEBOOKS[name]
    (tmp_path / f"{name}.ipynb").write_bytes(content)
    monkeypatch.chdir(tmp_path)
    assert cli(["voila", f"{name}.ipynb", "--no-browser"]) == 2
    assert capsys.readouterr().err == f"error: {line}\n"
    assert served == []


def test_a_folder_named_like_a_notebook_is_named_as_a_folder(tmp_path, monkeypatch, capsys, served):
    (tmp_path / "class.ipynb").mkdir()
    monkeypatch.chdir(tmp_path)
    assert cli(["voila", "class.ipynb"]) == 2
    assert capsys.readouterr().err == ("error: class.ipynb: (file): is a directory, not a notebook file (only regular "
                                       "files are read)\n")
    assert served == []


def test_a_notebook_name_with_a_control_character_is_printed_escaped(tmp_path, monkeypatch, capsys, served):
    monkeypatch.chdir(tmp_path)
    assert cli(["voila", "a\x1b[2Jb.ipynb"]) == 2
    assert capsys.readouterr().err == "error: no notebook at a\\x1b[2Jb.ipynb\n"
    assert cli(["voila", "Übung é.ipynb"]) == 2                       # letters stay letters
    assert capsys.readouterr().err == "error: no notebook at Übung é.ipynb\n"


def test_every_notebook_of_the_repository_passes_the_check():
    from lcb_lab.ui.lab.voila_checks import notebook_problem
    found = sorted((Path(__file__).resolve().parents[2] / "notebooks").glob("*.ipynb"))
    assert len(found) > 20 and [(p.name, notebook_problem(str(p))) for p in found if notebook_problem(str(p))] == []


def test_a_good_notebook_and_the_repositorys_notebooks_are_served(tmp_path, monkeypatch, served):
    (tmp_path / "mine.ipynb").write_text(json.dumps(NB), encoding="utf-8")
    (tmp_path / "old.ipynb").write_text(json.dumps({"worksheets": [{"cells": []}], "nbformat": 3,
                                                    "nbformat_minor": 0, "metadata": {}}), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    root = Path(__file__).resolve().parents[2]
    for nb in ("mine.ipynb", "old.ipynb", str(root / "notebooks" / "00_start_here.ipynb")):
        assert cli(["voila", nb, "--no-browser", "--port=8870"]) == 0
    assert served == [("mine.ipynb", ["--no-browser", "--port=8870"]), ("old.ipynb", ["--no-browser", "--port=8870"]),
                      ("00_start_here.ipynb", ["--no-browser", "--port=8870"])]


@pytest.mark.parametrize("options, line", [
    (["--port=abc"], "--port=abc: a port is a whole number 1..65535"),
    (["--port=\u00b2"], "--port=\u00b2: a port is a whole number 1..65535"),          # a digit int() refuses
    (["--port=-1"], "--port=-1: a port is a whole number 1..65535"),
    (["--port", "-1"], "--port=-1: a port is a whole number 1..65535"),
    (["--port=0"], "--port=0: a port is a whole number 1..65535"),
    (["--port=99999999"], "--port=99999999: a port is a whole number 1..65535"),
    (["--Voila.port=70000", "--no-browser"], "--Voila.port=70000: a port is a whole number 1..65535"),
    (["--no-browser", "--port"], "--port needs a port number (1..65535)"),
    (["--port=", "--no-browser"], "--port=: a port is a whole number 1..65535"),
    (["--port=1" + "0" * 5000], "--port=1" + "0" * 39 + "...: a port is a whole number 1..65535"),
])
def test_a_port_that_is_no_port_is_refused_before_voila_starts(options, line, capsys, served):
    assert cli(["voila", *options]) == 2
    assert capsys.readouterr().err == f"error: {line}\n"
    assert served == []


@pytest.mark.parametrize("options", [["--port=8870"], ["--port", "8870"], ["--Voila.port=18000", "--no-browser"],
                                     ["--port=065535"]])
def test_a_port_in_range_goes_to_voila_as_given(options, served):
    assert cli(["voila", *options]) == 0
    assert served == [("lab_app.ipynb", options)]


def test_the_console_script_refuses_a_bad_port_without_voilas_traceback(tmp_path):
    """As typed in a terminal, through the installed command (Voila printed a socket traceback, exit 1)."""
    script = Path(sys.executable).parent / "lcb-lab"
    cmd = [str(script)] if script.exists() else [sys.executable, "-m", "lcb_lab"]
    r = subprocess.run([*cmd, "voila", "--no-browser", "--port=-1"], cwd=tmp_path, capture_output=True, text=True,
                       timeout=120)
    assert (r.returncode, r.stdout, r.stderr) == (2, "", "error: --port=-1: a port is a whole number 1..65535\n")
