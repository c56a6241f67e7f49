"""The import graph shows the architecture: folders in layers, and no cycle.

Layers, lowest first; a module imports only its own layer or a lower one:

1. ``lcb_lab.kernel`` -- knows no game;
2. ``lcb_lab.games.<game>`` -- one game on the kernel (a game imports no other game);
3. ``lcb_lab.ui`` -- the lab: ``lcb_lab.ui.lab`` (shared by every game: it imports no game), then
   ``lcb_lab.ui.<game>`` (a game's lab: its map and panels; it imports no other game's), then the
   package ``lcb_lab.ui`` (its lazy ``open_lab``);
4. ``lcb_lab`` itself (``__init__``, ``__main__``).

Inside ``lcb_lab.games.lcb``, in this order (:data:`LCB_ORDER`; ``lcb_lab.games.lcb`` and its
packages' ``__init__`` go with their folder):

* ``base``: hex labels, words, the die, the records' notebook reprs, data files, input checks
  (``zones``, ``hexes``, ``plain``, ``die``, ``display``, ``io.inputs``, ``io.resources``, ``io.saved_logs``,
  ``io.toml_write``);
* ``model``: the records, typed actions and choices, who knows what (``model``, ``actions``,
  ``choice_options``, ``choices``, ``observer``);
* ``rules``: one subpackage per rulebook subject (``rules``);
* ``io``: scenario and save files into state (``io.scenario``, ``io.save_check`` and its parts
  ``io.save_check_pieces``, ``io.save_check_cards``, ``io.save_check_events``, ``io.persistence``;
  below the engine: ``Game`` mixes in the saves, and ``io.loading``, which makes a ``Game``, is in front);
* ``engine``: the game and what it asks (``windows``, ``queries``, ``handlers``, ``legal`` and its
  parts ``legal_trial``, ``legal_templates``, ``legal_declare``, ``legal_combat``, ``legal_answers``,
  ``legal_cards``, ``step_labels``; ``game``, ``chance``);
* ``front``: building games for people -- loading by name, lessons, situations, worked
  examples, what-ifs, the scenario builder's drafts, analyses such as the kill chain, the course
  (``io.loading``, ``io.builder``, ``content``, ``whatif``, ``analysis``, ``course``).

No module sets a hook in another (``mod.HOOK = f``, ``mod.TABLE.update(...)``) but the card-effect
registry, :mod:`lcb_lab.games.lcb.rules.cards.registry`: the dependency points one way.

What counts: every ``import`` anywhere in a module -- module level, inside functions, under
``if TYPE_CHECKING:`` -- and ``import_module("lcb_lab....")`` with a literal name.  ``from P import
n`` is an edge to ``P.n`` when that is a module, else to ``P``.  Not counted: a module-level
``__getattr__``, the package's lazy re-export of its public names (``lcb_lab.load_scenario``), which
is no dependency of the package.
"""
import ast
import subprocess
import sys
from pathlib import Path

import pytest

from tests.budget import FUZZ

ROOT = Path(__file__).resolve().parents[2]
PKG = ROOT / "lcb_lab"
PLAIN_UI = {"lcb_lab.ui", "lcb_lab.ui.lab", "lcb_lab.ui.lab.notebook_errors", "lcb_lab.ui.lab.voila_app",
            "lcb_lab.ui.lcb"}
"""The lab's modules that load no UI library (imported alone by the test below)."""


def _name(p: Path) -> str:
    parts = list(p.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


ALL = {_name(p): p for p in PKG.rglob("*.py")}
KERNEL = {m: p for m, p in ALL.items() if not m.startswith("lcb_lab.ui") or m in PLAIN_UI}
"""Every module but the Bokeh / ipywidgets ones (``lcb_lab.ui``'s but :data:`PLAIN_UI`)."""

LAYERS = ("kernel", "games", "ui", "top")
LCB = "lcb_lab.games.lcb"
LCB_ORDER = {
    "base": ("zones", "hexes", "plain", "die", "display", "io.ranges", "io.inputs", "io.resources", "io.saved_logs", "io.toml_write"),
    "model": ("model", "actions_optional", "actions_intercept", "actions", "choice_options", "choices", "observer", "observer_cards", "observer_table"),
    "rules": ("rules",),
    "io": ("io.scenario_options", "io.scenario", "io.save_check_pieces", "io.save_check_cards", "io.save_check_events", "io.save_check",
           "io.persistence"),
    "engine": ("windows", "queries", "handlers_stages", "handlers", "legal_trial", "legal_templates", "legal_declare", "legal_combat",
               "legal_answers", "legal_cards", "legal", "step_labels", "game", "chance", "offers", "view_model"),
    "front": ("io.loading", "io.builder", "content", "io.draft_preview", "whatif", "analysis", "course", "opponents"),
}
"""The order inside LC:B, lowest first: name -> the modules (or folders) of that part."""

KERNEL_TODO: set[tuple[str, str]] = set()
"""Kernel -> game edges still allowed: none (the engine, the record and the observer core are
game-free).  No edge may join, and one that is gone must leave this list."""


def _targets(mod: str, path: Path, node: ast.AST) -> list[str]:
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    if isinstance(node, ast.Call):
        f, args = ast.unparse(node.func), node.args
        ok = f.endswith("import_module") and args and isinstance(args[0], ast.Constant)
        return [args[0].value] if ok and str(args[0].value).startswith("lcb_lab") else []
    pkg = mod if path.name == "__init__.py" else mod.rpartition(".")[0]
    for _ in range(node.level - 1):
        pkg = pkg.rpartition(".")[0]
    base = ".".join(x for x in (pkg if node.level else "", node.module or "") if x)
    subs = [f"{base}.{a.name}" for a in node.names]
    return [s for s in subs if s in ALL] + ([base] if any(s not in ALL for s in subs) else [])


def _lazy_reexport(node: ast.AST, parent: ast.AST) -> bool:
    return isinstance(parent, ast.Module) and isinstance(node, ast.FunctionDef) and node.name == "__getattr__"


def imports_of(mod: str, source: str | None = None) -> set[str]:
    """The modules of ``lcb_lab`` that ``mod`` imports (see the module doc for what counts);
    ``source``: its code, when not its file's."""
    path = ALL.get(mod, PKG / "x.py")
    out: set[str] = set()
    todo = [ast.parse(source if source is not None else path.read_text(encoding="utf-8"))]
    while todo:
        node = todo.pop()
        for child in ast.iter_child_nodes(node):
            if mod == "lcb_lab" and _lazy_reexport(child, node):   # the public API only
                continue
            if isinstance(child, (ast.Import, ast.ImportFrom, ast.Call)):
                out |= {t for t in _targets(mod, path, child) if t in ALL and t != mod}
            todo.append(child)
    return out


GRAPH = {m: imports_of(m) for m in ALL}


def layer(mod: str) -> tuple[int, str]:
    """``(rank, name)`` of ``mod``'s layer; inside LC:B the rank orders :data:`LCB_ORDER` too."""
    parts = mod.split(".")
    if mod == "lcb_lab" or parts[1] == "__main__":
        return 30, "lcb_lab"
    if parts[1] == "kernel":
        return 0, "lcb_lab.kernel"
    if parts[1] == "ui":
        if len(parts) == 2:
            return 22, "lcb_lab.ui"
        return (20, "lcb_lab.ui.lab") if parts[2] == "lab" else (21, f"lcb_lab.ui.{parts[2]}")
    if mod.startswith(LCB + ".") or mod == LCB:
        rest = mod[len(LCB) + 1:]
        for i, (part, prefixes) in enumerate(LCB_ORDER.items()):
            if any(rest == p or rest.startswith(p + ".") for p in prefixes):
                return 10 + i, f"{LCB} {part}"
        if rest in ("", "io", "data"):
            return 10, f"{LCB} base"
        raise AssertionError(f"{mod}: not in LCB_ORDER -- add it to the part it belongs to")
    return 10, "lcb_lab.games"


def _game(mod: str) -> str | None:
    """The game ``mod`` belongs to: ``lcb_lab.games.<game>...`` or its lab ``lcb_lab.ui.<game>...``."""
    parts = mod.split(".")
    if len(parts) > 2 and parts[1] == "games":
        return parts[2]
    return parts[2] if len(parts) > 2 and parts[1] == "ui" and parts[2] != "lab" else None


def layer_problems(graph: dict[str, set[str]]) -> list[str]:
    """Every edge that imports a higher layer, or another game, as ``a -> b: why``."""
    out = []
    for a in sorted(graph):
        for b in sorted(graph[a]):
            (ra, la), (rb, lb) = layer(a), layer(b)
            if rb > ra and (a, b) not in KERNEL_TODO:
                out.append(f"{a} -> {b}: layer {la} may not import layer {lb}")
            elif _game(a) and _game(b) and _game(a) != _game(b):
                out.append(f"{a} -> {b}: game {_game(a)} may not import game {_game(b)}")
            elif la == "lcb_lab.ui.lab" and _game(b):
                out.append(f"{a} -> {b}: the shared lab may not import game {_game(b)}")
    return out


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


def test_the_graph_counts_lazy_typing_and_import_module_imports():
    assert "lcb_lab.games.lcb.io.scenario" in GRAPH["lcb_lab.games.lcb.io.persistence"]   # function-level
    assert "lcb_lab.games.lcb.game" in GRAPH["lcb_lab.games.lcb.io.loading"]
    assert "lcb_lab.games.lcb.model.state" in GRAPH["lcb_lab.games.lcb.rules.combat.sequence"]
    code = ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from lcb_lab.games.lcb import game\n"
            "def f():\n    import importlib\n    importlib.import_module('lcb_lab.ui.lab.controller')\n"
            "def __getattr__(name):\n    from lcb_lab.games.lcb.io import loading\n")
    assert imports_of("lcb_lab.kernel.x", code) == {"lcb_lab.games.lcb.game", "lcb_lab.ui.lab.controller",
                                                    "lcb_lab.games.lcb.io.loading"}   # a module __getattr__ counts
    assert "lcb_lab.games.lcb.io.loading" not in GRAPH["lcb_lab"]           # but the package's public API


def test_only_the_public_api_re_exports_lazily():
    lazy = {m for m, p in ALL.items() if any(_lazy_reexport(n, t) for t in [ast.parse(p.read_text(encoding="utf-8"))]
                                             for n in t.body)}
    assert lazy == {"lcb_lab", "lcb_lab.ui"}   # lcb_lab.load_scenario, ...; lcb_lab.ui.open_lab; no old-path alias


def test_a_package_counts_only_when_a_name_is_not_a_submodule():
    assert "lcb_lab.ui.lcb.map" not in GRAPH["lcb_lab.ui.lcb.map.map"]      # from lcb_lab.ui.lcb.map import palette
    assert "lcb_lab.ui.lcb.map.palette" in GRAPH["lcb_lab.ui.lcb.map.map"]
    assert "lcb_lab.ui.lcb.map" in GRAPH["lcb_lab.ui.lcb.app"]              # from lcb_lab.ui.lcb.map import MapView


def test_the_layer_check_names_the_offending_edge():
    assert layer_problems({"lcb_lab.games.lcb.model.state": {"lcb_lab.ui.lab.controller"}}) == [
        "lcb_lab.games.lcb.model.state -> lcb_lab.ui.lab.controller: layer lcb_lab.games.lcb model may not import layer "
        "lcb_lab.ui.lab"]
    assert layer_problems({"lcb_lab.games.lcb.rules.markers.placement": {"lcb_lab.games.lcb.handlers"}}) == [
        "lcb_lab.games.lcb.rules.markers.placement -> lcb_lab.games.lcb.handlers: layer lcb_lab.games.lcb rules "
        "may not import layer lcb_lab.games.lcb engine"]
    assert layer_problems({"lcb_lab.games.go.rules": {"lcb_lab.games.lcb.hexes"}}) == [
        "lcb_lab.games.go.rules -> lcb_lab.games.lcb.hexes: game go may not import game lcb"]
    assert layer_problems({"lcb_lab.ui.lab.shell": {"lcb_lab.games.lcb.game", "lcb_lab.ui.lcb.panels",
                                                    "lcb_lab.kernel.engine"}}) == [
        "lcb_lab.ui.lab.shell -> lcb_lab.games.lcb.game: the shared lab may not import game lcb",
        "lcb_lab.ui.lab.shell -> lcb_lab.ui.lcb.panels: layer lcb_lab.ui.lab may not import layer lcb_lab.ui.lcb"]
    assert layer_problems({"lcb_lab.ui.go.app": {"lcb_lab.ui.lcb.panels"}}) == [
        "lcb_lab.ui.go.app -> lcb_lab.ui.lcb.panels: game go may not import game lcb"]
    assert layer_problems({"lcb_lab.games.lcb.game": {"lcb_lab.games.lcb.rules.common", "lcb_lab.kernel.dice"},
                           "lcb_lab": {"lcb_lab.ui.lab.controller"}}) == []


def test_every_module_imports_only_its_own_layer_or_lower():
    problems = layer_problems(GRAPH)
    assert not problems, "\n".join(problems)


def test_the_kernels_imports_of_lcb_are_the_listed_ones_only():
    kernel_to_games = {(a, b) for a in GRAPH for b in GRAPH[a]
                       if layer(a)[1] == "lcb_lab.kernel" and layer(b)[0] > layer(a)[0]}
    assert kernel_to_games == KERNEL_TODO, (f"new: {sorted(kernel_to_games - KERNEL_TODO)}; "
                                            f"gone (remove from KERNEL_TODO): {sorted(KERNEL_TODO - kernel_to_games)}")


def test_the_import_graph_has_no_cycle_with_everything_counted():
    cycle = find_cycle(GRAPH)
    assert cycle is None, "cycle: " + " -> ".join(cycle)


def test_no_rule_reaches_the_engine_or_the_game():
    engine = {f"{LCB}.{m}" for m in LCB_ORDER["engine"]}
    for m in (m for m in GRAPH if m.startswith(f"{LCB}.rules.")):
        assert not GRAPH[m] & engine, f"{m} -> {sorted(GRAPH[m] & engine)}"


REGISTRY = "lcb_lab.games.lcb.rules.cards.registry"
"""The one module that fills other modules' tables (the card effects and their hooks)."""
_MUTATORS = {"update", "append", "extend", "setdefault", "insert", "add"}


def setter_hooks(source: str) -> list[str]:
    """Where ``source`` sets or fills an UPPER_CASE name of a module it imports (``mod.HOOK = f``,
    ``mod.TABLE[k] = f``, ``mod.TABLE.update(...)``): a hook set from outside, as ``line: code``."""
    tree = ast.parse(source)
    mods = {a.asname or a.name.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    mods |= {a.asname or a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) for a in n.names}

    def hooked(x: ast.AST) -> bool:
        x = x.value if isinstance(x, ast.Subscript) else x
        return isinstance(x, ast.Attribute) and isinstance(x.value, ast.Name) and x.value.id in mods and x.attr.isupper()

    out = []
    for n in ast.walk(tree):
        if isinstance(n, (ast.Assign, ast.AugAssign)):
            out += [f"{n.lineno}: {ast.unparse(t)}" for t in (n.targets if isinstance(n, ast.Assign) else [n.target])
                    if hooked(t)]
        elif isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr in _MUTATORS \
                and hooked(n.func.value):
            out.append(f"{n.lineno}: {ast.unparse(n.func)}")
    return sorted(out, key=lambda x: int(x.split(":")[0]))


def test_the_setter_hook_finder_finds_hooks():
    code = ("from lcb_lab.games.lcb.rules.markers import placement as card_markers, mines\n"
            "from lcb_lab.games.lcb.rules.cards import targets\n"
            "card_markers.UNIT_DESTROYED = print\ndef _register():\n    mines.RESUMES.update(a=print)\n"
            "    targets.CHECKS['x'] = print\nmines.walk(1)\nx = mines.KIND\n")
    assert setter_hooks(code) == ["3: card_markers.UNIT_DESTROYED", "5: mines.RESUMES.update", "6: targets.CHECKS['x']"]


def test_no_module_sets_hooks_in_another_but_the_registry():
    found = {m: h for m, p in ALL.items() if m != REGISTRY and (h := setter_hooks(p.read_text(encoding="utf-8")))}
    assert not found, "\n".join(f"{m}: {h}" for m, hs in found.items() for h in hs)
    assert len(setter_hooks(ALL[REGISTRY].read_text(encoding="utf-8"))) == 8


def roots(graph: dict[str, set[str]], mods) -> list[str]:
    """The modules of ``mods`` no other of them imports (a package counts only by name, as in
    :func:`imports_of`): importing each alone imports every module of ``mods`` on the way."""
    imported = {t for m in mods for t in graph[m] if t in mods and t != m}
    return sorted(m for m in mods if m not in imported)


def test_the_roots_are_the_modules_nothing_imports():
    graph = {"a": {"b"}, "b": {"c"}, "c": set(), "d": {"c"}}
    assert roots(graph, graph) == ["a", "d"]


@pytest.mark.fuzz
def test_scenario_loading_imports_no_game_and_every_module_imports_alone():
    """Each module imported first, alone (no lcb_lab module loaded): in ``make test`` the
    :func:`roots` of the graph (each imports its share of the rest, and the graph has no cycle,
    :func:`test_the_import_graph_has_no_cycle_with_everything_counted`); in ``make fuzz`` every
    module (minutes: ~230 fresh imports)."""
    mods = sorted(KERNEL) if FUZZ else roots(GRAPH, KERNEL)
    code = (
        "import importlib, sys\n"
        f"mods = {mods!r}\n"
        "def fresh():\n"
        "    for k in [k for k in sys.modules if k == 'lcb_lab' or k.startswith('lcb_lab.')]:\n"
        "        del sys.modules[k]\n"
        "for m in mods:\n"
        "    fresh(); importlib.import_module(m)\n"
        "fresh(); import lcb_lab.games.lcb.io.scenario\n"
        "assert 'lcb_lab.games.lcb.game' not in sys.modules, 'scenario imports game'\n"
        "fresh(); import lcb_lab.games.lcb.io.persistence\n"
        "assert 'lcb_lab.games.lcb.io.scenario' not in sys.modules, 'persistence imports scenario at module level'\n"
        "fresh(); from lcb_lab import load_scenario as b\n"
        "from lcb_lab.games.lcb.io.loading import load_scenario as c\n"
        "assert b is c and not hasattr(importlib.import_module('lcb_lab.games.lcb.io.scenario'), 'load_scenario')\n"
        "print('ok')\n"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=900)   # ~170 fresh imports: minutes on a loaded 2-core machine
    assert r.returncode == 0 and r.stdout.strip() == "ok", r.stderr
