"""The kernel's import graph has no cycle.

The graph holds every ``import`` of a kernel module anywhere in its code,
function-level ones included (a lazy import still makes a cycle: game ->
persistence -> scenario -> game was one), except ``if TYPE_CHECKING:`` blocks
and a module-level ``__getattr__`` (a lazy re-export for old import paths,
such as ``lcb_lab.games.lcb.io.scenario.load_scenario``, is no dependency of the module).
"""
import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PKG = ROOT / "lcb_lab"
UI = {"views", "widgets"}


def _name(p: Path) -> str:
    parts = list(p.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


KERNEL = {_name(p): p for p in PKG.rglob("*.py") if not UI & set(p.relative_to(PKG).parts)}


def _skip(node: ast.AST, type_checking: bool = False) -> bool:
    if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
        return not type_checking
    return isinstance(node, ast.FunctionDef) and node.name == "__getattr__"


def _targets(mod: str, path: Path, node: ast.AST) -> list[str]:
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    pkg = mod if path.name == "__init__.py" else mod.rpartition(".")[0]
    for _ in range(node.level - 1):
        pkg = pkg.rpartition(".")[0]
    base = ".".join(x for x in (pkg if node.level else "", node.module or "") if x)
    return [base] + [f"{base}.{a.name}" for a in node.names]


def imports_of(mod: str, type_checking: bool = False) -> set[str]:
    """Kernel modules ``mod`` imports (see the module doc for what counts; ``type_checking``:
    the ``if TYPE_CHECKING:`` imports count too)."""
    path = KERNEL[mod]
    out: set[str] = set()
    todo = [ast.parse(path.read_text(encoding="utf-8"))]
    while todo:
        node = todo.pop()
        for child in ast.iter_child_nodes(node):
            if _skip(child, type_checking):
                continue
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                out |= {t for t in _targets(mod, path, child) if t in KERNEL and t != mod}
            todo.append(child)
    return out - {"lcb_lab", "lcb_lab.games.lcb.rules"}  # package __init__s import nothing of the kernel eagerly


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of ``graph`` as a list of modules (first == last), or None."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(m: str) -> list[str] | None:
        state[m] = 1
        stack.append(m)
        for n in sorted(graph.get(m, ())):
            if state.get(n) == 1:
                return stack[stack.index(n):] + [n]
            if n not in state and (c := visit(n)):
                return c
        stack.pop()
        state[m] = 2
        return None

    for m in sorted(graph):
        if m not in state and (c := visit(m)):
            return c
    return None


def test_the_cycle_finder_finds_a_cycle():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set(), "c": {"a", "b"}}) is None


def test_the_graph_sees_lazy_imports():
    assert "lcb_lab.games.lcb.io.scenario" in imports_of("lcb_lab.games.lcb.io.persistence")   # function-level, still counted
    assert "lcb_lab.games.lcb.game" in imports_of("lcb_lab.games.lcb.io.loading")


def test_the_kernel_import_graph_has_no_cycle():
    graph = {m: imports_of(m) for m in KERNEL}
    assert find_cycle(graph) is None, " -> ".join(find_cycle(graph))


def test_scenario_loading_imports_no_game_and_every_module_imports_alone():
    code = (
        "import importlib, sys\n"
        f"mods = {sorted(KERNEL)!r}\n"
        "def fresh():\n"
        "    for k in [k for k in sys.modules if k == 'lcb_lab' or k.startswith('lcb_lab.')]:\n"
        "        del sys.modules[k]\n"
        "for m in mods:\n"
        "    fresh(); importlib.import_module(m)\n"
        "fresh(); import lcb_lab.games.lcb.io.scenario\n"
        "assert 'lcb_lab.games.lcb.game' not in sys.modules, 'scenario imports game'\n"
        "fresh(); import lcb_lab.games.lcb.io.persistence\n"
        "assert 'lcb_lab.games.lcb.io.scenario' not in sys.modules, 'persistence imports scenario at module level'\n"
        "fresh(); from lcb_lab.games.lcb.io.scenario import load_scenario as a; from lcb_lab import load_scenario as b\n"
        "from lcb_lab.games.lcb.io.loading import load_scenario as c\n"
        "assert a is b is c\n"
        "print('ok')\n"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert r.returncode == 0 and r.stdout.strip() == "ok", r.stderr


KNOWN_TYPED_CYCLE = {"lcb_lab.games.lcb.handlers", "lcb_lab.games.lcb.legal_cards", "lcb_lab.games.lcb.game", "lcb_lab.games.lcb.legal", "lcb_lab.games.lcb.io.loading",
                     "lcb_lab.games.lcb.io.persistence", "lcb_lab.games.lcb.rules.stages.deployment", "lcb_lab.games.lcb.io.save_check", "lcb_lab.games.lcb.io.scenario"}
"""The one cycle left once ``TYPE_CHECKING`` imports count too (game <-> persistence / legal / acts
through annotations); the kernel/game split is to remove it. No module may join it."""


def _reach(graph: dict[str, set[str]], start: str) -> set[str]:
    seen: set[str] = set()
    todo = list(graph[start])
    while todo:
        m = todo.pop()
        if m not in seen:
            seen.add(m)
            todo.extend(graph.get(m, ()))
    return seen


def test_no_module_joins_the_cycle_of_annotations():
    graph = {m: imports_of(m, type_checking=True) for m in KERNEL}
    cyclic = {m for m in KERNEL if m in _reach(graph, m)}
    assert cyclic <= KNOWN_TYPED_CYCLE, sorted(cyclic - KNOWN_TYPED_CYCLE)
