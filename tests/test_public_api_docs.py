"""Every public function of ``lcb_lab`` has a docstring and full type hints.

A public function is a module-level ``def`` whose name does not start with ``_``, or such a method
of a public (top-level, not ``_``-named) class.  It needs:

* a docstring (a property's setter or deleter shares the getter's and is exempt);
* a hint on every parameter (``self``/``cls`` exempt; ``*args`` and ``**kwargs`` too) and on the
  return.  ``__init__`` of a public class needs its parameter hints only (no docstring, no return).

The scan reads the source (AST) and runs in well under a second.  What is left when the filling-in
stopped is listed in :data:`ALLOWED`; an entry that is fixed, moved or renamed must leave the list
(the test says so), so the list only shrinks.

Hints must also name something real: with ``from __future__ import annotations`` a hint is never
evaluated at run time, so a name nobody imported would pass unnoticed.  The last test imports
every module and resolves every public hint (``typing.get_type_hints``), with the module's
``if TYPE_CHECKING:`` imports run.
"""
from __future__ import annotations

import ast
import importlib
import types
import typing
from pathlib import Path
from typing import Any, Iterator, NamedTuple

ROOT = Path(__file__).resolve().parents[1]
PKG = ROOT / "lcb_lab"

ALLOWED: frozenset[str] = frozenset({
    # "lcb_lab/ui/lcb/map/example.py::ExampleView.draw: hints",  (none left)
})
"""Known gaps, as ``"<path>::<qualname>: docstring"`` or ``"...: hints"``.  Must stay empty for
``lcb_lab/kernel`` and ``lcb_lab/games``."""

FuncDef = ast.FunctionDef | ast.AsyncFunctionDef


class Gap(NamedTuple):
    """One missing piece: where (``path``, ``line``), which function, and ``what`` is missing."""

    path: str
    line: int
    qualname: str
    what: str   # "docstring" or "hints"

    @property
    def key(self) -> str:
        return f"{self.path}::{self.qualname}: {self.what}"

    def __str__(self) -> str:
        return f"{self.path}:{self.line} {self.qualname}: no {self.what}"


def _is_setter(f: FuncDef) -> bool:
    return any(isinstance(d, ast.Attribute) and d.attr in ("setter", "deleter") for d in f.decorator_list)


def _unhinted(f: FuncDef) -> list[str]:
    a = f.args
    params = [*a.posonlyargs, *a.args, *a.kwonlyargs, *(p for p in (a.vararg, a.kwarg) if p)]
    return [p.arg for p in params if p.arg not in ("self", "cls") and p.annotation is None]


def _public_functions(tree: ast.Module) -> Iterator[tuple[str, FuncDef, bool]]:
    """(qualname, node, is a method) of every public function of a module."""
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and not node.name.startswith("_"):
            yield node.name, node, False
        elif isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
            for m in node.body:
                if isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef)) and (
                        not m.name.startswith("_") or m.name == "__init__"):
                    yield f"{node.name}.{m.name}", m, True


def gaps_in(source: str, path: str) -> list[Gap]:
    """The missing docstrings and hints of one module's source; ``path`` names it in the gaps."""
    found = []
    for qualname, f, _method in _public_functions(ast.parse(source)):
        init = f.name == "__init__"
        if not init and not _is_setter(f) and not ast.get_docstring(f):
            found.append(Gap(path, f.lineno, qualname, "docstring"))
        if _unhinted(f) or (not init and f.returns is None):
            found.append(Gap(path, f.lineno, qualname, "hints"))
    return found


def all_gaps() -> list[Gap]:
    """The gaps of every module of the package, in path order."""
    return [g for p in sorted(PKG.rglob("*.py"))
            for g in gaps_in(p.read_text(encoding="utf-8"), p.relative_to(ROOT).as_posix())]


def test_every_public_function_has_a_docstring_and_hints():
    missing = [str(g) for g in all_gaps() if g.key not in ALLOWED]
    assert not missing, f"{len(missing)} public functions lack a docstring or hints:\n" + "\n".join(missing)


def test_the_allowlist_has_no_stale_entry():
    keys = {g.key for g in all_gaps()}
    stale = sorted(ALLOWED - keys)
    assert not stale, "fixed, moved or renamed; take these out of ALLOWED:\n" + "\n".join(stale)


def test_the_kernel_and_the_games_have_no_allowance():
    assert not [k for k in ALLOWED if k.startswith(("lcb_lab/kernel/", "lcb_lab/games/"))]


SAMPLE = '''
def ok(a: int, *rest: str, **kw: float) -> int:
    """Fine."""
def nodoc(a: int) -> int:
    return a
def nohint(a, b: int):
    """Two missing."""
def _private(a):
    pass
class Pub:
    def __init__(self, a):
        pass
    def meth(self, x: int) -> None:
        """Fine."""
    def star(self, *args) -> None:
        """Star args need a hint."""
    @property
    def p(self) -> int:
        """Fine."""
    @p.setter
    def p(self, v: int) -> None:
        pass
    def _hidden(self, x):
        pass
class _Private:
    def meth(self, x):
        pass
'''


def test_the_scan_finds_exactly_the_gaps_of_a_sample():
    assert [str(g) for g in gaps_in(SAMPLE, "m.py")] == [
        "m.py:4 nodoc: no docstring",
        "m.py:6 nohint: no hints",
        "m.py:11 Pub.__init__: no hints",
        "m.py:15 Pub.star: no hints",
    ]


# ------------------------------------------------------------------ the hints name real things
def _module_name(p: Path) -> str:
    parts = p.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _hint_namespace(module: types.ModuleType, tree: ast.Module) -> dict[str, Any]:
    """The module's globals plus what its top-level ``if TYPE_CHECKING:`` blocks import."""
    ns = dict(vars(module))
    for node in tree.body:
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            exec(compile(ast.Module(body=node.body, type_ignores=[]), module.__name__, "exec"), ns)
    return ns


def _function(module: types.ModuleType, qualname: str) -> Any:
    obj: Any = module
    for part in qualname.split("."):
        obj = vars(obj).get(part) if isinstance(obj, type) else getattr(obj, part, None)
    if isinstance(obj, (staticmethod, classmethod)):
        obj = obj.__func__
    if isinstance(obj, property):
        obj = obj.fget
    return getattr(obj, "__wrapped__", obj)


def unresolved_hints(module: types.ModuleType, source: str) -> list[str]:
    """``"qualname: error"`` for each public function of ``module`` whose hints do not resolve."""
    tree = ast.parse(source)
    ns = _hint_namespace(module, tree)
    out = []
    for qualname, _node, _method in _public_functions(tree):
        f = _function(module, qualname)
        if not callable(f):
            continue      # a name the module rebinds (a setter's getter, a decorator's product)
        try:
            typing.get_type_hints(f, globalns=ns)
        except Exception as e:            # NameError, AttributeError, TypeError: the hint is wrong
            out.append(f"{qualname}: {type(e).__name__}: {e}")
    return out


def test_every_public_hint_names_something_that_exists():
    bad = []
    for p in sorted(PKG.rglob("*.py")):
        if p.name == "__main__.py":
            continue
        module = importlib.import_module(_module_name(p))
        bad += [f"{p.relative_to(ROOT).as_posix()} {x}" for x in unresolved_hints(module, p.read_text(encoding="utf-8"))]
    assert not bad, "hints that name nothing real:\n" + "\n".join(bad)


HINTED = '''
from __future__ import annotations
from typing import TYPE_CHECKING
if TYPE_CHECKING:
    from collections import OrderedDict
def good(a: OrderedDict) -> int:
    """Fine: the name comes from the TYPE_CHECKING block."""
def bad(a: Undefined) -> int:
    """Nobody imported Undefined."""
'''


def test_the_hint_check_finds_exactly_the_unknown_name_of_a_sample():
    module = types.ModuleType("sample")
    exec(compile(HINTED, "sample", "exec"), vars(module))
    assert unresolved_hints(module, HINTED) == ["bad: NameError: name 'Undefined' is not defined"]
