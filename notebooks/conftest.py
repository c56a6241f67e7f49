"""pytest settings for the notebooks: nbval runs each one and compares its stored text outputs.

``pyproject.toml`` turns nbval on (``--nbval --nbval-current-env``) and lists
``notebooks`` in ``testpaths``; this file passes the sanitizer
(``nbval_sanitize.cfg``, by absolute path so pytest may run from any
directory) and marks every notebook cell ``notebook`` (``-m "not notebook"``
leaves them out).  ``make notebooks`` (tools/run_notebooks.py) stores the
outputs nbval compares.
"""
from __future__ import annotations

from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
SANITIZE = HERE / "nbval_sanitize.cfg"


def pytest_configure(config) -> None:
    if getattr(config.option, "nbval_sanitize_with", "missing") is None:
        config.option.nbval_sanitize_with = str(SANITIZE)


def pytest_collection_modifyitems(config, items) -> None:
    for item in items:
        if Path(str(item.fspath)).resolve().parent == HERE and str(item.fspath).endswith(".ipynb"):
            item.add_marker(pytest.mark.notebook)
