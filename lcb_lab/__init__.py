"""lcb_lab: rules engine and Jupyter teaching sandbox for Littoral Commander: Baltic.

Small public API::

    from lcb_lab import load_scenario, IllegalAction
    game = load_scenario("gotland_redux", seed=1)

The rules kernel (this package minus ``views``/``widgets``) imports no UI
library; UI modules are imported only when used.
"""
from .errors import DecisionRequired, IllegalAction, LcbError, ScenarioError

__version__ = "0.1.0"
__all__ = ["load_scenario", "Game", "IllegalAction", "LcbError", "ScenarioError",
           "DecisionRequired", "Dice", "__version__"]


def __getattr__(name):  # lazy: keeps `import lcb_lab` fast
    if name == "load_scenario":
        from .loading import load_scenario
        return load_scenario
    if name == "Game":
        from .game import Game
        return Game
    if name == "Dice":
        from .dice import Dice
        return Dice
    raise AttributeError(name)
