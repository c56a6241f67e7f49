"""The committed notebooks: small, with the text outputs nbval compares, and nothing else.

nbval itself runs every notebook (``testpaths`` and ``--nbval`` in
pyproject.toml; notebooks/conftest.py).  These tests check what it compares
against: every code cell has an execution count (nbval skips a cell without
one), a cell that prints or ends in an expression has its output stored, a
cell that shows a widget or a Bokeh figure is tagged ``nbval-ignore-output``
and stores nothing; no BokehJS, no document JSON, no widget state; each file
under 1 MB.  And the sanitizer replaces the ids and timings it names, and
nothing that is a result.
"""
from __future__ import annotations

import ast
import json
from pathlib import Path

import nbformat
import pytest
from nbval.plugin import get_sanitize_patterns

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((REPO / "notebooks").glob("*.ipynb"))
SANITIZE = REPO / "notebooks" / "nbval_sanitize.cfg"
IGNORE = "nbval-ignore-output"
MAX_BYTES = 1_000_000
SHOWS = {"figure_widget", "BokehModel", "show", "display"}


def _code_cells(nb):
    return [c for c in nb.cells if c.cell_type == "code"]


def _ignored(cell) -> bool:
    return IGNORE in cell.metadata.get("tags", [])


def _shows(source: str) -> bool:
    """The cell calls a showing function, or ends in ``<something>.widget``."""
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            f = node.func
            if (getattr(f, "id", None) or getattr(f, "attr", None)) in SHOWS:
                return True
    last = tree.body[-1] if tree.body else None
    return isinstance(last, ast.Expr) and isinstance(last.value, ast.Attribute) and last.value.attr == "widget"


def _prints(source: str) -> bool:
    """A ``print`` call outside any function or class the cell defines."""
    todo = list(ast.parse(source).body)
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "print":
            return True
        todo.extend(ast.iter_child_nodes(node))
    return False


def _ends_in_expression(source: str) -> bool:
    """The cell ends in a value that is not a call (``summary``, ``x.attr``, ``d["k"]``): its result shows."""
    body = ast.parse(source).body
    if not body or not isinstance(body[-1], ast.Expr) or source.rstrip().endswith(";"):
        return False
    return not isinstance(body[-1].value, (ast.Call, ast.Constant))


def test_the_notebooks_are_there():
    names = {p.name for p in NOTEBOOKS}
    assert {"00_start_here.ipynb", "01_lrs_and_intercept.ipynb", "02_what_if.ipynb",
            "lab_app.ipynb"} <= names


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebook_is_small_and_holds_no_bokehjs_nor_widget_state(path: Path):
    raw = path.read_text(encoding="utf-8")
    assert path.stat().st_size < MAX_BYTES, f"{path.name}: {path.stat().st_size:,} bytes"
    for needle in ("application/vnd.bokehjs_load", "application/vnd.bokehjs_exec", "application/javascript",
                   "application/vnd.jupyter.widget-view+json", "Bokeh.set_log_level", "docs_json"):
        assert needle not in raw, f"{path.name} stores {needle}"
    nb = json.loads(raw)
    assert "widgets" not in nb["metadata"], f"{path.name} stores widget state"
    for cell in nb["cells"]:
        assert "execution" not in cell.get("metadata", {}), "execution timings are stored"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_every_code_cell_was_run_in_order_and_stores_its_text(path: Path):
    nb = nbformat.read(path, as_version=4)
    cells = _code_cells(nb)
    assert [c.execution_count for c in cells] == list(range(1, len(cells) + 1)), \
        f"{path.name}: run it with `make notebooks` (nbval compares only cells with an execution count)"
    for i, cell in enumerate(cells):
        where = f"{path.name} code cell {i}: {cell.source[:60]!r}"
        if _ignored(cell):
            assert cell.outputs == [], f"{where} is tagged {IGNORE} but stores outputs"
            continue
        assert not _shows(cell.source), f"{where} shows a widget or figure: tag it {IGNORE}"
        for out in cell.outputs:
            assert out.output_type in ("stream", "execute_result", "display_data"), f"{where}: {out.output_type}"
            if out.output_type != "stream":
                assert set(out.data) == {"text/plain"}, f"{where} stores {sorted(out.data)}"
        if _prints(cell.source):
            assert any(o.output_type == "stream" and o.text.strip() for o in cell.outputs), \
                f"{where} prints but stores no printed text"
        if _ends_in_expression(cell.source):
            assert any(o.output_type == "execute_result" for o in cell.outputs), f"{where} stores no result"


APPS = ("lab_app.ipynb", "archipelago_lab.ipynb", "force_on_force_lab.ipynb", "order_of_battle_lab.ipynb")
"""The app notebooks (a lab alone, for Voila): no cell compares outputs."""


def test_some_cells_are_checked_in_every_notebook_but_the_apps():
    for path in NOTEBOOKS:
        checked = [c for c in _code_cells(nbformat.read(path, as_version=4)) if not _ignored(c) and c.outputs]
        if path.name in APPS:
            assert checked == []
        else:
            assert len(checked) >= 2, f"{path.name}: only {len(checked)} cells compare outputs"


def test_the_show_detector():
    assert _shows("lab = open_lab()\nlab.widget") and _shows("figure_widget(odds_figure(o))")
    assert not _shows("from lcb_lab.ui.lab.bokehjs import figure_widget\nshow_events(e)")
    assert _prints("for x in y:\n    print(x)") and not _prints("def f(e):\n    print(e)")


@pytest.mark.parametrize("name, opener", [("lab_app.ipynb", "open_lab("),
                                          ("archipelago_lab.ipynb", "open_archipelago_lab("),
                                          ("force_on_force_lab.ipynb", "open_force_on_force_lab("),
                                          ("order_of_battle_lab.ipynb", "open_order_of_battle_lab(")])
def test_the_app_notebook_is_thin_and_opens_on_the_lab(name: str, opener: str):
    nb = nbformat.read(REPO / "notebooks" / name, as_version=4)
    code = _code_cells(nb)
    assert 1 <= len(code) <= 2 and opener in code[0].source and code[-1].source.rstrip().endswith("lab.widget")
    before = nb.cells[: nb.cells.index(code[0])]
    assert len(before) <= 1 and all(len(c.source.splitlines()) == 1 for c in before), "a title line at most"


def test_the_start_notebook_opens_the_lab_first_and_folds_the_rest():
    nb = nbformat.read(REPO / "notebooks" / "00_start_here.ipynb", as_version=4)
    first_code = next(i for i, c in enumerate(nb.cells) if c.cell_type == "code")
    assert first_code == 1 and nb.cells[first_code].source.rstrip().endswith("lab.widget")
    assert "lcb-lab voila" in nb.cells[0].source and "voila notebooks/" not in nb.cells[0].source   # the one way to start the app
    after = nb.cells[first_code + 1:]
    headings = [c for c in after if c.cell_type == "markdown" and c.source.startswith("## ")]
    assert headings and all(c.metadata.get("jp-MarkdownHeadingCollapsed") for c in headings)
    assert after[0] in headings, "the cells after the lab start with a folded heading"
    assert all(len(c.source.splitlines()) == 1 for c in headings), "a heading cell holds only its heading"


def _patterns():
    return get_sanitize_patterns(SANITIZE.read_text(encoding="utf-8"))


def _sanitize(text: str) -> str:
    import re
    for regex, replace in _patterns():
        text = re.sub(regex, replace, text)
    return text


@pytest.mark.parametrize("raw, clean", [
    ("Figure(id='p1042', ...)", "Figure(id='BOKEH-ID', ...)"),
    ("doc 5b0d3c0e-8a1f-4c61-9d0e-3f2b7c9a1e44 ready", "doc UUID ready"),
    ("model_id c8aee4654b6a4946863945693a8ce951", "model_id WIDGET-ID"),
    ("<lcb_lab.games.lcb.game.Game object at 0x7f3a2c1d9e80>", "<lcb_lab.games.lcb.game.Game object at 0xADDRESS>"),
    ("random games: 100%|##########| 200/200 [00:07<00:00, 27.26it/s]",
     "random games: 100%|##########| 200/200 [TQDM-TIMES]"),
    ("random games:   0%|          | 0/200 [00:00<?, ?it/s]", "random games:   0%|          | 0/200 [TQDM-TIMES]"),
    ("took 0.52 s (CPU 12.3 ms)", "took TIME (CPU TIME)"),
])
def test_the_sanitizer_replaces_ids_and_timings(raw, clean):
    assert _sanitize(raw) == clean


@pytest.mark.parametrize("result", [
    "P(at least 1 HP) 17.9%, P(destroyed) 2.6%, expected HP lost 0.20 of 2",
    "   100 engagements rolled: destroyed in 43.0%   (exact: 42.7%)",
    "{'games': 200,\n 'winners': {'RU': 200},\n 'mean_kills': {'US': 0.505, 'RU': 0.19}}",
    "FFG-454  INT1  CV 12  range 7  distance 2: ELIGIBLE",
    "[7.53, 7.54] DDG-51 -> 1 Anna at AL-23, step 12, 2 dice",
])
def test_the_sanitizer_leaves_results_alone(result):
    assert _sanitize(result) == result
