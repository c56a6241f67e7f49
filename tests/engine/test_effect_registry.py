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
    code = (
        "import importlib, sys\n"
        f"mods = {[m for m in RULES if m != 'lcb_lab.games.lcb.rules.cards.registry']!r}\n"
        "for m in mods:\n"
        "    importlib.import_module(m)\n"
        "from lcb_lab.games.lcb.rules.cards import effects, ftr_nullify, targets as t\n"
        "from lcb_lab.games.lcb.rules.markers import free_actions as fa, mines\n"
        "from lcb_lab.games.lcb.rules.movement import conceal\n"
        "print(sorted(effects.EFFECTS), 'lcb_lab.games.lcb.rules.cards.registry' in sys.modules)\n"
        "print(t.CHECKS, t.PRECHECKS, t.ON_PLAY, ftr_nullify.ABSORB, fa.OFFERS, mines.RESUMES, conceal.ZOR_HOOKS, sorted(fa.STEPS))\n"
    )
    assert _run(code).splitlines() == ["[] False", "{} {} {} [] [] {} [] ['combat', 'conceal', 'effect', 'none']"]
