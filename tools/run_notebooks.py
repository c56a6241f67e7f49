"""Re-execute the notebooks and store their text outputs, the form nbval compares (``make notebooks``).

    .venv/bin/python tools/run_notebooks.py           # every notebooks/*.ipynb, rewritten in place
    .venv/bin/python tools/run_notebooks.py --check   # run them, write nothing, exit 1 if a stored output differs
    .venv/bin/python tools/run_notebooks.py notebooks/01_lrs_and_intercept.ipynb   # (make notebooks NOTEBOOKS=...)

Each notebook runs top to bottom in a fresh kernel of this Python environment
(nbval's ``--nbval-current-env`` kernel), working directory = its folder.
What is stored:

* every code cell keeps its execution count (nbval compares only cells that
  have one) and, unless tagged ``nbval-ignore-output``, its stream outputs and
  the ``text/plain`` of its results;
* a cell tagged ``nbval-ignore-output`` (it shows a widget or a Bokeh figure)
  keeps no output at all: no widget views, no BokehJS;
* no widget state in the notebook's metadata, no execution timings.

A cell that is not tagged and produces anything but text (HTML, JavaScript, a
widget) is refused, naming the cell: tag it ``nbval-ignore-output``, or split
it into a cell that prints and a cell that shows.  The notebooks fix their
seeds, so a second run stores the same text (``--check`` says so).
"""
from __future__ import annotations

import argparse
import copy
import sys
from pathlib import Path

import nbformat

REPO = Path(__file__).resolve().parents[1]
IGNORE_TAG = "nbval-ignore-output"
TEXT_KEYS = ("text/plain",)
CELL_TIMEOUT = 600  # seconds


class NotebookPolicyError(RuntimeError):
    """A checked cell produced output nbval should not compare (HTML, JavaScript, a widget)."""


def _ignored(cell) -> bool:
    return IGNORE_TAG in cell.get("metadata", {}).get("tags", [])


def stored_form(executed: nbformat.NotebookNode, original: nbformat.NotebookNode,
                name: str = "") -> nbformat.NotebookNode:
    """The notebook as committed: ``original``'s sources and metadata with ``executed``'s text outputs.

    Raises :class:`NotebookPolicyError` for a checked cell with non-text output.
    """
    nb = copy.deepcopy(original)
    nb.metadata.pop("widgets", None)
    for i, (cell, ran) in enumerate(zip(nb.cells, executed.cells)):
        if cell.cell_type != "code":
            continue
        cell.execution_count = ran.execution_count
        cell.metadata.pop("execution", None)
        if _ignored(cell):
            cell.outputs = []
            continue
        outputs = []
        for out in ran.outputs:
            if out.output_type == "stream":
                if outputs and outputs[-1].output_type == "stream" and outputs[-1].name == out.name:
                    outputs[-1].text += out.text          # one output per run of a stream (flushes vary)
                else:
                    outputs.append(nbformat.v4.new_output("stream", name=out.name, text=out.text))
            elif out.output_type in ("display_data", "execute_result"):
                extra = sorted(set(out.data) - set(TEXT_KEYS))
                if extra:
                    raise NotebookPolicyError(
                        f"{name} cell {i} shows {', '.join(extra)}: tag it {IGNORE_TAG!r} "
                        "or split it into a cell that prints and a cell that shows")
                kw = {"execution_count": out.execution_count} if out.output_type == "execute_result" else {}
                outputs.append(nbformat.v4.new_output(out.output_type, data=dict(out.data), **kw))
            elif out.output_type == "error":
                raise NotebookPolicyError(f"{name} cell {i} raised {out.ename}: {out.evalue}")
        cell.outputs = outputs
    return nb


def execute(path: Path) -> nbformat.NotebookNode:
    """Run ``path`` top to bottom in a fresh current-environment kernel; the executed notebook."""
    from jupyter_client.manager import KernelManager
    from nbclient import NotebookClient
    from nbval.kernel import CURRENT_ENV_KERNEL_NAME, NbvalKernelspecManager

    nb = nbformat.read(path, as_version=4)
    km = KernelManager(kernel_name=CURRENT_ENV_KERNEL_NAME, kernel_spec_manager=NbvalKernelspecManager())
    NotebookClient(nb, km=km, timeout=CELL_TIMEOUT, record_timing=False,
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    return nb


def _texts(nb) -> list:
    return [(c.execution_count, c.outputs) for c in nb.cells if c.cell_type == "code"]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("paths", nargs="*", type=Path, help="notebooks (default: notebooks/*.ipynb)")
    ap.add_argument("--check", action="store_true", help="write nothing; exit 1 if a stored output differs")
    args = ap.parse_args(argv)
    paths = args.paths or sorted((REPO / "notebooks").glob("*.ipynb"))
    from lcb_lab.ui.lab.voila_checks import notebook_problem
    problem = next((pr for pr in map(notebook_problem, map(str, paths)) if pr), None)
    if problem:                                   # a misspelt name: refused before any notebook runs
        ap.error(problem)
    differ = []
    for path in paths:
        original = nbformat.read(path, as_version=4)
        stored = stored_form(execute(path), original, path.name)
        if args.check:
            if _texts(stored) != _texts(original):
                differ.append(path.name)
            print(f"{path.name}: {'differs' if path.name in differ else 'same'}")
        else:
            nbformat.write(stored, path)
            print(f"{path.name}: stored, {path.stat().st_size:,} bytes")
    return 1 if differ else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:                     # a notebook is written only after it ran whole
        print("\ninterrupted", file=sys.stderr)
        sys.exit(130)
