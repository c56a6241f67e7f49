"""Card effects are registered in one place, :mod:`lcb_lab.games.lcb.rules.cards.registry`.

Importing any single rules module and then the registry gives the complete registry, effects and
their hooks (nothing goes missing because the module defining it happened not to be imported),
and no rules module registers an effect or a hook by being imported.
"""
import subprocess
import sys
import types
from pathlib import Path

import pytest

from lcb_lab.games.lcb.model.cards import EFFECT_FUNCTIONS
from lcb_lab.games.lcb.rules.cards import effects, registry
from tests.budget import FUZZ

ROOT = Path(__file__).resolve().parents[2]
RULES = sorted(".".join(p.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
               for p in (ROOT / "lcb_lab" / "games" / "lcb" / "rules").rglob("*.py"))
RESPONSES = {"nullify", "ftr_nullify"}
"""Effect names a card answers with in a response window (9.4, 9.44), not run as effects."""


def first_of_each_package(mods: list[str]) -> list[str]:
    """Each package of ``mods`` and its first module (sorted): the set ``make test`` imports alone."""
    packages = {m for m in mods if any(o.startswith(m + ".") for o in mods)}
    firsts = {min(o for o in mods if o.rpartition(".")[0] == p and o not in packages) for p in packages
              if any(o.rpartition(".")[0] == p and o not in packages for o in mods)}
    return sorted(packages | firsts)


def test_the_first_of_each_package_is_the_package_and_its_first_module():
    mods = ["r", "r.a", "r.b", "r.c", "r.c.x", "r.c.y"]
    assert first_of_each_package(mods) == ["r", "r.a", "r.c", "r.c.x"]


def _run(code: str) -> str:
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert r.returncode == 0, r.stderr[-3000:]
    return r.stdout.strip()


def test_the_registry_names_every_effect_function_of_the_card_catalogue():
    assert set(registry.REGISTRY) == set(EFFECT_FUNCTIONS) - RESPONSES
    assert len(registry.REGISTRY) == 29
    assert all(effects.EFFECTS[k] is fn for k, fn in registry.REGISTRY.items())
    assert all(isinstance(fn, types.FunctionType) for fn in registry.REGISTRY.values())   # no module by mistake
    assert registry.REGISTRY["conceal"] is effects.conceal and registry.REGISTRY["fortify"].__name__ == "fortify"
    assert registry.REGISTRY["mines"].__module__ == "lcb_lab.games.lcb.rules.markers.mines"
    assert registry.REGISTRY["submarine"].__module__ == "lcb_lab.games.lcb.rules.submarines.operations"


@pytest.mark.fuzz
def test_each_rules_module_alone_then_the_registry_gives_the_complete_registry():
    """Each rules module imported first, alone, then the registry: in ``make test`` each package
    and its first module (:func:`first_of_each_package`); in ``make fuzz`` every rules module."""
    mods = RULES if FUZZ else first_of_each_package(RULES)
    code = (
        "import importlib, sys\n"
        f"mods = {mods!r}\n"
        "def fresh():\n"
        "    for k in [k for k in sys.modules if k == 'lcb_lab' or k.startswith('lcb_lab.')]:\n"
        "        del sys.modules[k]\n"
        "for m in mods:\n"
        "    fresh(); importlib.import_module(m)\n"
        "    reg = importlib.import_module('lcb_lab.games.lcb.rules.cards.registry')\n"
        "    table = sys.modules['lcb_lab.games.lcb.rules.cards.effects'].EFFECTS\n"
        "    names = sorted(table)\n"
        "    assert names == sorted(reg.REGISTRY), (m, sorted(set(reg.REGISTRY) - set(names)))\n"
        "    assert all(table[k] is f for k, f in reg.REGISTRY.items()), m\n"
        "    t = sys.modules['lcb_lab.games.lcb.rules.cards.targets']\n"
        "    fa = sys.modules['lcb_lab.games.lcb.rules.markers.free_actions']\n"
        "    hooks = (sorted(t.CHECKS), sorted(t.PRECHECKS), sorted(t.ON_PLAY), sorted(fa.STEPS),\n"
        "             sorted(sys.modules['lcb_lab.games.lcb.rules.markers.mines'].RESUMES),\n"
        "             len(sys.modules['lcb_lab.games.lcb.rules.cards.ftr_nullify'].ABSORB), len(fa.OFFERS),\n"
        "             len(sys.modules['lcb_lab.games.lcb.rules.movement.conceal'].ZOR_HOOKS))\n"
        "    assert hooks == first if m != mods[0] else True, (m, hooks)\n"
        "    first = hooks if m == mods[0] else first\n"
        "print(len(mods), len(names))\n"
        "print(first)\n"
    )
    assert _run(code).splitlines() == [f"{len(mods)} 29", str(HOOKS)]


HOOKS = (["littoral_move", "reinforce", "rotary_lift", "sealift", "transport"],
         ["clear_mines", "fortify", "isr_marker", "mines", "proxy_force"], ["isr_marker"],
         ["_transport_move", "combat", "conceal", "effect", "load", "none", "reembark", "unload"],
         ["landing_first", "landing_step"], 1, 1, 1)
"""The effects' target checks, prechecks, on-play moves, marker steps, mine resumes, absorbed
successes, marker offers and ZOR reveals, once the registry is imported."""


def test_no_rules_module_registers_an_effect_by_being_imported():
    """Every rules module but the registry imported: each table holds only the deferred entries
    :mod:`~lcb_lab.games.lcb.rules.cards.hooks` lists (and free_actions' own steps), none loaded."""
    code = (
        "import importlib, sys\n"
        f"mods = {[m for m in RULES if m != 'lcb_lab.games.lcb.rules.cards.registry']!r}\n"
        "for m in mods:\n"
        "    importlib.import_module(m)\n"
        "from lcb_lab.games.lcb.rules.cards import effects, ftr_nullify, targets as t\n"
        "from lcb_lab.games.lcb.rules.markers import free_actions as fa, mines\n"
        "from lcb_lab.games.lcb.rules.movement import conceal\n"
        "from lcb_lab.games.lcb.rules.cards.hooks import PATHS\n"
        "tables = dict(EFFECTS=effects.EFFECTS, CHECKS=t.CHECKS, PRECHECKS=t.PRECHECKS, ON_PLAY=t.ON_PLAY,\n"
        "              ABSORB=ftr_nullify.ABSORB, STEPS=fa.STEPS, OFFERS=fa.OFFERS, RESUMES=mines.RESUMES,\n"
        "              ZOR_HOOKS=conceal.ZOR_HOOKS)\n"
        "print('lcb_lab.games.lcb.rules.cards.registry' in sys.modules, sorted(tables) == sorted(PATHS))\n"
        "for n, tab in tables.items():\n"
        "    got = {k: v.path if hasattr(v, 'path') else v.__name__ for k, v in (tab.items() if isinstance(tab, dict) else enumerate(tab))}\n"
        "    want = dict(PATHS[n]) if isinstance(tab, dict) else dict(enumerate(PATHS[n]))\n"
        "    print(n, sorted(k for k in got if got[k] != want.get(k)))\n"
    )
    assert _run(code).splitlines() == ["False True", "EFFECTS []", "CHECKS []", "PRECHECKS []", "ON_PLAY []",
                                       "ABSORB []", "STEPS ['combat', 'conceal', 'effect', 'none']", "OFFERS []",
                                       "RESUMES []", "ZOR_HOOKS []"]


def test_the_deferred_tables_are_the_registry_s_tables():
    """The engine loaded without the registry: every table has the registry's names, in the same
    order, and each deferred entry loads the very function the registry then puts in its place."""
    code = (
        "import sys\n"
        "from lcb_lab import load_scenario\n"
        "g = load_scenario('gotland_redux', seed=1)\n"
        "from lcb_lab.games.lcb.rules.cards import effects, ftr_nullify, targets as t\n"
        "from lcb_lab.games.lcb.rules.markers import free_actions as fa, mines\n"
        "from lcb_lab.games.lcb.rules.movement import conceal\n"
        "from lcb_lab.games.lcb.rules.cards.hooks import Deferred\n"
        "tables = [effects.EFFECTS, t.CHECKS, t.PRECHECKS, t.ON_PLAY, ftr_nullify.ABSORB, fa.STEPS, fa.OFFERS,\n"
        "          mines.RESUMES, conceal.ZOR_HOOKS]\n"
        "print('lcb_lab.games.lcb.rules.cards.registry' in sys.modules)\n"
        "pairs = lambda tab: list(tab.items() if isinstance(tab, dict) else enumerate(tab))\n"
        "lazy = [[(k, v.resolve() if isinstance(v, Deferred) else v) for k, v in pairs(tab)] for tab in tables]\n"
        "print(sum(isinstance(v, Deferred) for tab in tables for _, v in pairs(tab)))\n"
        "from lcb_lab.games.lcb.rules.cards import registry as r\n"
        "full = [pairs(tab) for tab in tables]\n"
        "print([len(f) for f in full], all(len(a) == len(b) and all(x[0] == y[0] and x[1] is y[1] for x, y in zip(a, b))\n"
        "                                   for a, b in zip(lazy, full)))\n"
        "print(any(isinstance(v, Deferred) for tab in tables for _, v in pairs(tab)))\n"
        "want = [r.REGISTRY, r.TARGET_CHECKS, r.PRECHECKS, r.ON_PLAY, r.ABSORB, r.MARKER_STEPS, r.MARKER_OFFERS,\n"
        "        r.MINE_RESUMES, r.ZOR_HOOKS]\n"
        "print(all(all(tab[k] is f for k, f in (w.items() if isinstance(w, dict) else enumerate(w)))\n"
        "          for tab, w in zip(tables, want)))\n"
    )
    assert _run(code).splitlines() == ["False", "49", "[29, 5, 5, 1, 1, 8, 1, 2, 1] True", "False", "True"]


def test_a_deferred_entry_loads_its_function_on_first_call_and_takes_its_place():
    from lcb_lab.games.lcb import plain
    from lcb_lab.games.lcb.rules.cards.hooks import Deferred, merged, unset
    table: dict = {}
    table["n"] = Deferred("lcb_lab.games.lcb.plain:dice_text", table, "n")
    hooks: list = []
    hooks.append(Deferred("lcb_lab.games.lcb.plain:dice_text", hooks, 0))
    assert table["n"]([3, 15], 12) == plain.dice_text([3, 15], 12) and table["n"] is plain.dice_text
    gone = Deferred("lcb_lab.games.lcb.plain:dice_text", table, "x")      # no longer in its table: only called
    assert gone([3], 12) == plain.dice_text([3], 12) and "x" not in table
    assert merged(hooks, (plain.dice_text, plain.cv_text)) == [plain.dice_text, plain.cv_text]   # in place; the new one appended
    mine = {"a": Deferred("lcb_lab.games.lcb.plain:cv_text", {}, "a"), "b": print}     # "b": set by hand (a test)
    assert unset(mine, {"a": plain.cv_text, "b": plain.dice_text, "c": plain.plain}) == {"a": plain.cv_text,
                                                                                       "c": plain.plain}
    hooks[0] = Deferred("lcb_lab.games.lcb.plain:cv_text", hooks, 0)
    assert merged(hooks, (plain.dice_text,)) == [hooks[0], plain.dice_text]


def test_legal_acts_before_the_registry_are_those_after_it():
    """Before the first act the engine has not loaded the registry: the marker offers a query
    reads come from deferred entries and give the same acts as with every effect loaded."""
    code = ("import sys\n{first}from lcb_lab import load_scenario\n"
            "g = load_scenario('gotland_redux', seed=1)\n"
            "print('lcb_lab.games.lcb.rules.cards.registry' in sys.modules)\n"
            "print(len(g.legal_actions()), 'lcb_lab.games.lcb.rules.transport.marker_action' in sys.modules)\n"
            "print(sorted(map(repr, g.legal_actions())))\n")
    lazy = _run(code.format(first=""))
    full = _run(code.format(first="import lcb_lab.games.lcb.rules.cards.registry\n"))
    assert lazy.splitlines()[0] == "False" and lazy.splitlines()[1].endswith(" True")   # loaded by the query
    assert lazy.splitlines()[1:] == full.splitlines()[1:]
