"""lcb_lab: rules engine and Jupyter teaching sandbox for Littoral Commander: Baltic.

Small public API::

    from lcb_lab import load_scenario, IllegalAction
    game = load_scenario("gotland_redux", seed=1)
    game = situation({"1 Whiskey": ("usmc_himars_section", "F-6")}, forced=[8])   # a staged situation

``lcb_lab.kernel`` and ``lcb_lab.games`` import no UI library; the lab's views and widgets are imported
only when used (the layers: ``docs/architecture.md``).
"""
import sys as _sys

from lcb_lab.kernel.errors import IllegalAction, LabError, ScenarioError

__version__ = "0.1.0"
if "IPython" in _sys.modules:   # inside IPython: a NameError after a stopped cell shows as one line (elsewhere
    from lcb_lab.ui.lab.notebook_errors import install as _install_notebook_errors   # nothing to install)
    _install_notebook_errors()
    from lcb_lab.ui.lab.kernel_log import install as _quiet_closed_sockets   # a kernel shut down mid-cell
    _quiet_closed_sockets()                                                  # logs no ZMQ traceback
    from lcb_lab.ui.lab.iopub import install as _no_lost_messages            # a burst of widgets loses none
    _no_lost_messages()
__all__ = ["load_scenario", "situation", "situation_from_toml", "Game", "IllegalAction", "LabError", "ScenarioError",
           "Dice", "__version__"]


def __getattr__(name):  # lazy: keeps `import lcb_lab` fast
    if name == "load_scenario":
        from lcb_lab.games.lcb.io.loading import load_scenario
        return load_scenario
    if name in ("situation", "situation_from_toml"):
        import importlib
        mod = importlib.import_module("lcb_lab.games.lcb.content.situation")
        globals()["situation"] = mod.situation
        return getattr(mod, name)
    if name == "Game":
        from lcb_lab.games.lcb.game import Game
        return Game
    if name == "Dice":
        from lcb_lab.kernel.dice import Dice
        return Dice
    raise AttributeError(name)
