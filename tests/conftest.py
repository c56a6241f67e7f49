"""Shared helpers for rule tests.

Tests stage their situation with the public :func:`lcb_lab.situation`
(``from lcb_lab import situation``); the helpers here play whole impulses
and read widget trees.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import settings

settings.register_profile("lab", deadline=None)
settings.load_profile("lab")
"""Hypothesis checks properties, not speed: no per-example deadline (speed lives in the benchmarks;
a loaded 2-core machine would otherwise fail a correct example)."""

from lcb_lab import situation  # noqa: F401  first: binds lcb_lab.situation to the function, not its module
from lcb_lab.games.lcb.game import Game
from lcb_lab.games.lcb import actions as A

from lcb_lab.kernel import datashare

datashare.set_guard(True)
"""Every test checks that no rule changes a unit's, card's or marker's list or dict in place
unseen: a snapshot raises ``UnseenChange`` on a clean record whose containers differ from its twin
(the product takes a clean record's twin without comparing them)."""


def lrs_impulse(g: Game, tf: str, shooter: str, target: str, dice: int, slot: str = "LRS1") -> None:
    """One whole impulse: ``shooter`` fires ``dice`` LRS at ``target``, resolve, end."""
    g.apply(A.BeginImpulse(tf))
    g.apply(A.Declare((A.CoreAction("move_combat", (shooter,)),)))
    g.apply(A.CommitCombat(lrs=(A.LrsAttack(shooter, slot, target, dice),)))
    g.apply(A.ResolveCombat())
    g.apply(A.EndImpulse())


def assault_into(g: Game, tf: str, unit: str, hex_: str, target: str, dice: int) -> None:
    """``unit`` moves into ``hex_`` and puts ``dice`` GROUND ASSAULT dice on ``target``; no
    defence fire, resolve, every MILDEC question (4.22) declined; the impulse left open."""
    g.apply(A.BeginImpulse(tf))
    g.apply(A.Declare((A.CoreAction("move_combat", (unit,)),)))
    g.apply(A.Move(1, (hex_,)))
    g.apply(A.CommitCombat(ga=(A.GroundAssault(unit, target, dice),)))
    g.apply(A.AnswerDefense(()))
    g.apply(A.ResolveCombat())
    while g.pending is not None:
        g.apply(A.AnswerMildec(0))


def pass_impulse(g: Game, tf: str) -> None:
    """An impulse that declares nothing (3.310)."""
    g.apply(A.BeginImpulse(tf))
    g.apply(A.Declare())
    g.apply(A.EndImpulse())


def widget_states(w, seen=None) -> list[dict]:
    """The state of every widget in an ipywidgets tree, as ipywidgets sends it to the browser."""
    seen = seen if seen is not None else set()
    if id(w) in seen:
        return []
    seen.add(id(w))
    out = [w.get_state()]
    for c in getattr(w, "children", ()) or ():
        out += widget_states(c, seen)
    return out


# ---------------------------------------------------------------- pytest-xdist (`make test`)
BROWSER_GROUP = "tests/browser/"
"""The one xdist work unit of every browser test (the folder's path)."""


def xdist_group(nodeid: str) -> str:
    """The pytest-xdist work unit of a test (`make test` runs ``--dist loadfile``): every browser
    test in one unit (one JupyterLab / Voila server and one Chromium at a time, on one worker, so
    two browsers never share the 2 cores), every other test with the rest of its file (its module
    fixtures built once; a notebook's cells in order, in one kernel)."""
    return BROWSER_GROUP if nodeid.startswith(BROWSER_GROUP) else nodeid.split("::", 1)[0]


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """``--dist loadfile`` with the browser tests as one unit (:func:`xdist_group`).

    (``--dist loadgroup`` would do with ``xdist_group`` marks, but pytest-xdist 3.8 names the
    group by rewriting ``item._nodeid``, which pytest 9.2 no longer reads.)"""
    if config.getvalue("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    class BrowserTogether(LoadFileScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return xdist_group(nodeid)

    return BrowserTogether(config, log)


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items) -> None:
    """On an xdist worker, the browser tests first: the longest unit is handed out first
    (``--no-loadscope-reorder`` keeps this order; xdist would sort the units by test count)."""
    if hasattr(config, "workerinput"):
        items.sort(key=lambda item: xdist_group(item.nodeid) != BROWSER_GROUP)


def pytest_configure(config) -> None:
    """On an xdist worker, pytest-playwright's output folder is the worker's own
    (``test-results/playwright-gw0``): its start-of-session clean-up must not delete what the
    browser tests of another worker write to ``test-results/``."""
    if hasattr(config, "workerinput") and getattr(config.option, "output", None):
        worker = config.workerinput["workerid"]
        config.option.output = str(Path(config.option.output) / f"playwright-{worker}")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item):
    """A test marked ``fuzz`` (random play, properties) checks the state invariants after every
    step it applies (:func:`tests.sound.checked_steps`): a violation fails naming the step."""
    if item.get_closest_marker("fuzz") is None:
        yield
        return
    from tests.sound import checked_steps
    with checked_steps():
        yield
