"""Every notebook in notebooks/ runs top to bottom ("Restart & Run All"), offline.

Executed in-process with nbclient on a fresh python3 kernel, working directory =
the notebook's folder, BOKEH_RESOURCES=inline. Outputs are not written back.
"""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((REPO / "notebooks").glob("*.ipynb"))
CELL_TIMEOUT = 600  # seconds per cell


@pytest.mark.notebook
@pytest.mark.parametrize(
    "path",
    NOTEBOOKS or [None],
    ids=[p.name for p in NOTEBOOKS] or ["no-notebooks"],
)
def test_notebook_runs_top_to_bottom(path: Path | None, monkeypatch) -> None:
    if path is None:
        pytest.fail("no notebooks found in notebooks/ (expected at least 00_start_here.ipynb)")
    monkeypatch.setenv("BOKEH_RESOURCES", "inline")
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(
        nb,
        timeout=CELL_TIMEOUT,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
    )
    client.execute()  # raises CellExecutionError naming the failing cell
