"""One line, not a traceback, for a ``NameError`` in a notebook cell (IPython / Jupyter).

When an lcb_lab error stops a cell (``g = situation(...)`` refused with a ``ScenarioError``), the
names that cell would have set are never set, and every later cell that uses them fails with
``NameError``.  Students should meet the cause, not a traceback::

    NameError: `g` is not defined — an earlier cell stopped (ScenarioError: ...); fix that cell and run it again.

:func:`install` (called when ``lcb_lab`` is imported inside IPython, once per shell) registers

* a ``post_run_cell`` hook: a cell stopped by an :class:`~lcb_lab.kernel.errors.LabError` (or by such a
  ``NameError``, which carries the earlier cause on) remembers the cause for every name the cell
  binds at its top level (assignments, imports, ``def``, ``for`` ...);
* a custom handler for ``NameError`` raised by notebook code (not by lcb_lab itself): one line,
  naming the cause when one is remembered for that name, else a hint (a defined name spelt much
  like it, ``did you mean `print`?``, or ``run the cell that sets it first, or check the spelling``).

The error stays a real ``NameError``; ``LabError.full_traceback = True`` shows IPython's usual
traceback again.  Nothing is registered when another handler already owns the shell's custom
exceptions (``InteractiveShell.set_custom_exc``).
"""
from __future__ import annotations

import ast
import re
import sys
from typing import Any

from lcb_lab.kernel.errors import LabError

_MARK = "_lcb_lab_notebook_errors"
"""Attribute set on a shell once :func:`install` registered on it (idempotence)."""
_NAME = re.compile(r"name '([^']+)' is not defined")


def install(shell: Any = None) -> bool:
    """Register the one-line ``NameError`` display on ``shell`` (default: the running IPython);
    idempotent.  Returns True when registered (now or before), False outside IPython or when the
    shell's custom exceptions already belong to another handler."""
    if shell is None:
        ipython = sys.modules.get("IPython")         # never import IPython just for this
        shell = ipython.get_ipython() if ipython is not None else None
    if shell is None or not hasattr(shell, "set_custom_exc"):
        return False
    if getattr(shell, _MARK, None) is not None:
        return True
    if shell.custom_exceptions:
        return False
    causes: dict[str, str] = {}
    shell.set_custom_exc((NameError,), _handler(causes))
    shell.events.register("post_run_cell", _after_cell(shell, causes))
    setattr(shell, _MARK, causes)
    return True


def name_error_line(name: str, cause: str | None, like: str | None = None) -> str:
    """The line shown for ``NameError`` on ``name``; ``cause``: the one-line error that stopped
    the cell meant to set it (None: not known); ``like``: a defined name spelt much like it."""
    if cause is None and like is not None:
        return f"NameError: `{name}` is not defined — did you mean `{like}`? Or run the cell that sets it first."
    if cause is None:
        return f"NameError: `{name}` is not defined — run the cell that sets it first, or check the spelling."
    return f"NameError: `{name}` is not defined — an earlier cell stopped ({cause}); fix that cell and run it again."


def bound_names(source: str) -> set[str]:
    """The names a cell's code binds at its top level (``x = ...``, ``for x in``, ``import x``,
    ``def x``, ``with ... as x`` ...); not the locals of its functions.  Empty if it does not parse."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return set()
    names: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
            return
        if isinstance(node, (ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            return
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.alias):
            names.add((node.asname or node.name).split(".")[0])
        elif isinstance(node, ast.ExceptHandler) and node.name:
            names.add(node.name)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return names


def _cause_of(error: BaseException | None) -> str | None:
    """The one-line cause a stopped cell passes on: an lcb_lab error, or the cause a NameError carried."""
    if isinstance(error, LabError):
        return error.one_line()
    return getattr(error, "_lcb_cause", None)


def _after_cell(shell: Any, causes: dict[str, str]):
    """The ``post_run_cell`` hook: remember (or forget) the cause for the names the cell binds."""
    def after(result) -> None:
        try:
            names = bound_names(shell.transform_cell(result.info.raw_cell or ""))
        except Exception:  # noqa: BLE001 - a hook must never break the cell that ran
            names = set()
        cause = _cause_of(result.error_in_exec)
        for name in names:
            if cause is not None:
                causes[name] = cause
            elif result.error_in_exec is None:
                causes.pop(name, None)
    return after


def _from_notebook_code(shell: Any, tb) -> bool:
    """Whether the traceback ends in code run from the notebook (its globals are the user namespace)."""
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    return tb is not None and tb.tb_frame.f_globals is shell.user_global_ns


def _spelt_like(shell: Any, name: str) -> str | None:
    """The defined name (notebook or builtin, none starting with ``_``) closest to ``name``, if close."""
    import builtins
    import difflib
    known = [n for n in (*shell.user_ns, *vars(builtins)) if not n.startswith("_")]
    return next(iter(difflib.get_close_matches(name, known, n=1, cutoff=0.8)), None)


def _handler(causes: dict[str, str]):
    """The ``set_custom_exc`` handler: a NameError from notebook code shows as one line."""
    def handler(shell, etype, value, tb, tb_offset=None):
        name = getattr(value, "name", None) or next(iter(_NAME.findall(str(value))), None)
        if type(value) is NameError and name and not LabError.full_traceback and _from_notebook_code(shell, tb):
            cause = causes.get(name)
            line = name_error_line(name, cause, None if cause else _spelt_like(shell, name))
            value._lcb_cause = cause
            value._render_traceback_ = lambda: [line]
        shell.showtraceback((etype, value, tb), tb_offset=tb_offset)
    return handler
