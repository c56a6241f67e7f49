"""What ``lcb-lab voila`` checks before it starts Voila: the notebook named and the port asked for.

Voila itself starts serving a file that is not a notebook (its pages then fail), exits 1 with a ``CRITICAL`` log line for ``--port=abc``, a traceback for
``--port=-1``, and listens for ``--port=99999999`` on whatever port the number wraps to.  These checks
refuse each with one line naming the file or option and what is wrong (the command exits 2)."""
from __future__ import annotations

import os
from typing import Sequence

from lcb_lab.kernel.errors import ScenarioError

PORT_MAX = 65535
"""The largest TCP port."""
PORT_OPTIONS = ("--port", "--Voila.port")
"""The options that choose the page's port (Voila's alias and its trait)."""


def notebook_problem(path: str) -> str | None:
    """Why ``path`` cannot be served as a notebook, in one line (``"<file>: <key>: <problem>"``), or None.

    The file is read by the one reader (:func:`lcb_lab.kernel.files.read_text`: a regular UTF-8 file of
    at most 64 MiB), must be JSON (:func:`~lcb_lab.kernel.files.parse_json`) and a Jupyter notebook
    nbformat reads and validates (version 4, or an older one it converts)."""
    from lcb_lab.kernel.files import parse_json, read_text
    if not os.path.exists(path):         # False too for a name holding a NUL
        return f"no notebook at {path}"
    try:
        _validate(parse_json(read_text(path, "notebook"), path), path)
    except ScenarioError as e:
        return str(e)
    return None


def _validate(data: object, path: str) -> None:
    """``data`` (parsed JSON) as a notebook: an object with an integer ``nbformat`` (3 or 4) and a list of
    cells that nbformat reads and its schema accepts. Raises ScenarioError(path, key, problem)."""
    import warnings

    import nbformat
    version = data.get("nbformat") if isinstance(data, dict) else None
    if version is None:
        raise ScenarioError(path, "nbformat", "missing: a Jupyter notebook is a JSON object with nbformat 4")
    if type(version) is not int or version not in (3, 4):
        raise ScenarioError(path, "nbformat", f"{_first_line(repr(version), 40)} is not a notebook version "
                                              "nbformat reads (4, or 3)")
    cells = data.get("cells") if version == 4 else data.get("worksheets")
    if not isinstance(cells, list):
        raise ScenarioError(path, "cells" if version == 4 else "worksheets", "missing or not a list")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")          # nbformat's notes on old notebooks (cell ids) are not errors
            nb = nbformat.from_dict(data)
            nbformat.validate(nbformat.convert(nb, 4) if version != 4 else nb)
    except nbformat.ValidationError as e:
        where = ".".join(str(p) for p in getattr(e, "absolute_path", ())) or "(notebook)"
        message = getattr(e, "message", None) or str(e)
        raise ScenarioError(path, where, f"not a valid Jupyter notebook: {_first_line(message)}") from None
    except Exception as e:  # noqa: BLE001 -- nbformat's other refusals (a wrong type deeper in)
        raise ScenarioError(path, "(notebook)", f"not a Jupyter notebook nbformat reads: "
                                                f"{_first_line(str(e)) or type(e).__name__}") from None


def _first_line(text: str, limit: int = 200) -> str:
    line = text.strip().splitlines()[0] if text.strip() else ""
    return line if len(line) <= limit else line[:limit] + "..."


def port_problem(options: Sequence[str]) -> str | None:
    """Why a port option among ``options`` (``--port=N``, ``--port N``, ``--Voila.port=N``, ...) is
    refused, in one line, or None: a port is a whole number 1 .. :data:`PORT_MAX`."""
    args = list(options)
    for i, arg in enumerate(args):
        name, eq, value = arg.partition("=")
        if name not in PORT_OPTIONS:
            continue
        if not eq:
            if i + 1 >= len(args) or args[i + 1].startswith("-") and not args[i + 1][1:].isdigit():
                return f"{name} needs a port number (1..{PORT_MAX})"
            value = args[i + 1]
        shown = value if len(value) <= 40 else value[:40] + "..."
        digits = value.strip().lstrip("0") or "0"
        if not (digits.isascii() and digits.isdigit()) or len(digits) > 5 or not 1 <= int(digits) <= PORT_MAX:
            return f"{name}={shown}: a port is a whole number 1..{PORT_MAX}"
    return None
