"""The engine import a notebook pays stays light: checked by what it loads, not timed.

``import lcb_lab.games.lcb.io.scenario`` and ``from lcb_lab import load_scenario`` import
no handlers (the first act imports them), no rules module only a question reads (combat and
impulse sequence, movement), no card-effect registry nor the effect modules (the first act), no
card response window (the first card played imports it), no notebook error display outside
IPython, no numpy (the seeded Dice makes its generator on first
use, combat imports the odds when it is first resolved), no shapely and no pydantic TypeAdapter
machinery, and build no pydantic schema (the models defer their build to first
use).  Loading a scenario builds only the schemas it validates with; the
models of saves, record steps and player inputs stay unbuilt.  The timing
itself is figure 12 of ``benchmarks/run.py``.
"""
import copy
import json
import pickle
import subprocess
import sys
from pathlib import Path

import numpy as np

from lcb_lab.kernel.dice import D20, Dice

ROOT = Path(__file__).resolve().parents[2]
LAZY = ("numpy", "shapely", "pydantic.type_adapter", "lcb_lab.kernel.odds", "lcb_lab.games.lcb.io.save_check",
        "lcb_lab.games.lcb.io.save_check_pieces", "lcb_lab.games.lcb.io.save_check_cards",
        "lcb_lab.games.lcb.handlers", "lcb_lab.games.lcb.rules.combat.sequence", "lcb_lab.games.lcb.rules.stages.sequence",
        "lcb_lab.games.lcb.rules.movement.move", "lcb_lab.games.lcb.rules.combat.intercept",
        "lcb_lab.games.lcb.rules.cards.responses", "lcb_lab.ui.lab.notebook_errors",
        "lcb_lab.games.lcb.rules.cards.registry", "lcb_lab.games.lcb.rules.submarines.operations",
        "lcb_lab.games.lcb.rules.transport.landing", "lcb_lab.games.lcb.rules.markers.mines")
"""Modules the engine import must not load, nor loading a scenario: the handlers come with the first act, the
rules a question reads with that question, a card's response window with the first card played, the notebook
error display only inside IPython, the card-effect registry and the effect modules with the first act (the
rules' tables hold deferred entries until then, :mod:`lcb_lab.games.lcb.rules.cards.hooks`)."""
DEFERRED = {
    "lcb_lab.games.lcb.io.scenario": ("ScenarioFile", "ScenarioInfo", "UnitEntry"),
    "lcb_lab.games.lcb.model.catalog": ("Catalog", "UnitType", "CombatValue"),
    "lcb_lab.games.lcb.io.inputs": ("LrsAlloc", "IntAlloc", "DiceState"),
    "lcb_lab.games.lcb.io.persistence": ("_StepFields",),
}
"""Pydantic models whose schema the import must not build (module -> model names)."""
UNUSED_BY_LOADING = ("lcb_lab.games.lcb.io.inputs.LrsAlloc", "lcb_lab.games.lcb.io.inputs.IntAlloc",
                     "lcb_lab.games.lcb.io.inputs.DiceState", "lcb_lab.games.lcb.io.persistence._StepFields")
"""Of those, the ones loading a scenario never validates with (built when a player acts or a save is read)."""

_PROBE = f"""
import importlib, json, sys
@IMPORTS@
built = []
for mod, names in {DEFERRED!r}.items():
    if mod in sys.modules:
        m = sys.modules[mod]
        built += [f"{{mod}}.{{n}}" for n in names if getattr(m, n).__pydantic_complete__]
print(json.dumps({{"loaded": [m for m in {LAZY!r} if m in sys.modules], "built": built}}))
"""


def _probe(imports: str) -> dict:
    """What a fresh interpreter has loaded and built after running ``imports``."""
    r = subprocess.run([sys.executable, "-c", _PROBE.replace("@IMPORTS@", imports)], capture_output=True, text=True,
                       cwd=ROOT, timeout=120)
    assert r.returncode == 0, r.stderr[-2000:]
    return json.loads(r.stdout.strip().splitlines()[-1])


def test_import_lcb_lab_scenario_loads_no_numpy_and_builds_no_schema():
    assert _probe("import lcb_lab.games.lcb.io.scenario") == {"loaded": [], "built": []}


def test_from_lcb_lab_import_load_scenario_loads_no_numpy_and_builds_no_schema():
    assert _probe("from lcb_lab import load_scenario") == {"loaded": [], "built": []}


def test_loading_a_scenario_builds_only_what_it_validates_with_and_imports_no_numpy():
    got = _probe("from lcb_lab import load_scenario\ng = load_scenario('gotland_redux', seed=1)\n"
                 "assert len(g.state.units) > 10")
    assert got["loaded"] == ["pydantic.type_adapter"]           # the seed / forced / policies checks
    assert "lcb_lab.games.lcb.io.scenario.ScenarioFile" in got["built"] and "lcb_lab.games.lcb.model.catalog.Catalog" in got["built"]
    assert not set(UNUSED_BY_LOADING) & set(got["built"])


def test_the_probe_sees_numpy_once_the_game_rolls_and_models_once_they_are_used():
    # the check above can fail: the first act makes the seeded generator (numpy); a save builds its models
    got = _probe("from lcb_lab import load_scenario\ng = load_scenario('gotland_redux', seed=1)\n"
                 "from lcb_lab.games.lcb.actions import BeginImpulse\ng.apply(BeginImpulse(g.available_task_forces()[0]))\n"
                 "from lcb_lab.games.lcb.game import Game\nGame.from_json(g.to_json())")
    assert "numpy" in got["loaded"] and "lcb_lab.games.lcb.io.save_check" in got["loaded"]
    assert {"lcb_lab.games.lcb.handlers", "lcb_lab.games.lcb.rules.combat.sequence",
            "lcb_lab.games.lcb.rules.stages.sequence", "lcb_lab.games.lcb.rules.cards.registry",
            "lcb_lab.games.lcb.rules.transport.landing"} <= set(got["loaded"])
    assert {"lcb_lab.games.lcb.io.inputs.DiceState", "lcb_lab.games.lcb.io.persistence._StepFields"} <= set(got["built"])


def test_a_lazy_seeded_dice_rolls_and_snapshots_as_numpy_would():
    d = Dice(seed=7, die=D20)
    twin, thawed = copy.deepcopy(d), pickle.loads(pickle.dumps(d))   # copies made before the generator
    rng = np.random.default_rng(7)
    want = [int(rng.integers(1, 21)) for _ in range(5)]
    assert d.roll(5) == twin.roll(5) == thawed.roll(5) == want
    fresh = Dice(seed=7, die=D20)
    assert fresh.state()["rng"] == np.random.default_rng(7).bit_generator.state   # state() makes it, exactly
    restored = Dice(seed=3, die=D20)                                                 # unmade, then put back to 7's state
    restored.set_state(fresh.state())
    assert restored.roll(5) == want
    assert Dice.from_state(fresh.state(), D20).roll(5) == want
