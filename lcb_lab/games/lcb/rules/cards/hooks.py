"""The card-effect tables the rules read, complete from the start, without importing the effect modules (9.0, 9.013).

Each table names its functions by path, ``"module:function"`` (:data:`PATHS`); an entry is a
:class:`Deferred` until it is first called, when it imports its module, puts the function in its
place in the table and calls it.  :mod:`lcb_lab.games.lcb.rules.cards.registry` (imported with the
first act) puts every function in place at once.  So a rule reading a table sees every name,
whether the effect modules are loaded or not, and the engine import does not load the ~20 rules
modules the effects live in (``tests/engine/test_effect_registry.py`` checks that each path here
is the function the registry registers).

The tables (their owners re-export them under the same names):

* ``EFFECTS``: effect name -> ``fn(ctx, link, card_type, effect) -> bool`` (:mod:`~lcb_lab.games.lcb.rules.cards.effects`);
* ``CHECKS`` / ``PRECHECKS`` / ``ON_PLAY``: an effect's own target checks, the checks before the
  chain opens and what it does as it is played (:mod:`~lcb_lab.games.lcb.rules.cards.targets`; 12.x, 13.x, 13.25);
* ``ABSORB``: successes a lift card takes (:mod:`~lcb_lab.games.lcb.rules.cards.ftr_nullify`; 12.12, 12.42);
* ``STEPS`` / ``OFFERS``: a landing craft's marker steps and offers (:mod:`~lcb_lab.games.lcb.rules.markers.free_actions`; 12.2x);
* ``RESUMES``: what a landing craft's marker does after mines (:mod:`~lcb_lab.games.lcb.rules.markers.mines`; 13.38);
* ``ZOR_HOOKS``: a naval ZOR reveals a landing craft's marker (:mod:`~lcb_lab.games.lcb.rules.movement.conceal`; 12.23).
"""
from __future__ import annotations

from importlib import import_module
from typing import Any, Callable

_R = "lcb_lab.games.lcb.rules."
_E, _ISR, _MINES, _PROXY, _FORT = (_R + m for m in ("cards.effects", "markers.isr", "markers.mines", "markers.proxy",
                                                   "markers.fortify"))
_LAND, _REIN, _ACT = (_R + m for m in ("transport.landing", "transport.reinforcements", "transport.marker_action"))
_LIFTS = ("transport", "rotary_lift", "reinforce", "sealift", "littoral_move")

PATHS: dict[str, dict[str, str] | tuple[str, ...]] = {
    "EFFECTS": {
        **{n: f"{_E}:{f}" for n, f in (
            ("reveal", "reveal"), ("reveal_paralyse", "reveal_paralyse"), ("paralyse", "paralyze"),
            ("conceal", "conceal"), ("resupply", "resupply"), ("lrs_attack", "lrs_attack"),
            ("network_cube", "network_cube"), ("network_repair", "network_repair"), ("ap_loss", "ap_loss"),
            ("influence", "influence"), ("cp_gain", "cp_gain"), ("unsimulated", "unsimulated"),
            ("place_marker", "place_marker"), ("attached_cv", "attached_cv"), ("add_supply", "add_supply"))},
        "isr_marker": f"{_ISR}:isr_marker", "mines": f"{_MINES}:mines_effect", "clear_mines": f"{_MINES}:clear_mines",
        "proxy_force": f"{_PROXY}:proxy_force", "fortify": f"{_FORT}:fortify",
        "transport": f"{_LAND}:transport", "rotary_lift": f"{_R}transport.rotary_wing:rotary_lift",
        "reinforce": f"{_REIN}:reinforce", "sealift": f"{_REIN}:sealift", "littoral_move": f"{_REIN}:littoral_move",
        "asw_search": f"{_R}submarines.asw:asw_search", "uuv": f"{_R}submarines.asw:uuv",
        "submarine": f"{_R}submarines.operations:submarine",
        "interop_network": f"{_R}optional.interoperability:network_played"},
    "CHECKS": {n: f"{_R}transport.offers:check_targets" for n in _LIFTS},
    "PRECHECKS": {"isr_marker": f"{_ISR}:check_play", "mines": f"{_MINES}:check_play",
                  "clear_mines": f"{_MINES}:check_clear", "proxy_force": f"{_PROXY}:check_play",
                  "fortify": f"{_FORT}:check_play"},
    "ON_PLAY": {"isr_marker": f"{_ISR}:place_and_move"},
    "ABSORB": (f"{_R}transport.carrying:absorb_hits",),
    "STEPS": {"unload": f"{_ACT}:step_unload", "load": f"{_ACT}:step_load", "reembark": f"{_ACT}:step_reembark",
              "_transport_move": f"{_ACT}:step_none"},
    "OFFERS": (f"{_ACT}:offers",),
    "RESUMES": {"landing_first": f"{_LAND}:resume_first", "landing_step": f"{_ACT}:resume_step"},
    "ZOR_HOOKS": (f"{_R}transport.exposed:reveal_by_zor",),
}
"""Table name -> its entries by path: ``{name: "module:function"}`` for a table by name, a tuple of
paths for a list of hooks (called in that order).  The one list of what the registry registers."""


class Deferred:
    """A table entry not yet loaded: ``path`` is ``"module:function"``.  Calling it imports the
    module, replaces this entry in ``table`` (at ``key``) by the function and calls that: the
    same result, and the same function, as had the registry been imported first."""

    __slots__ = ("path", "table", "key")

    def __init__(self, path: str, table: dict | list, key: Any) -> None:
        self.path, self.table, self.key = path, table, key

    def resolve(self) -> Callable:
        """The function ``path`` names (its module imported)."""
        module, _, name = self.path.partition(":")
        return getattr(import_module(module), name)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        fn = self.resolve()
        table, key = self.table, self.key
        if (key in table if isinstance(table, dict) else key < len(table)) and table[key] is self:
            table[key] = fn            # still in its place: the function takes it
        return fn(*args, **kwargs)

    def __repr__(self) -> str:
        return f"<deferred {self.path}>"


def _dict(name: str) -> dict:
    table: dict = {}
    table.update((k, Deferred(p, table, k)) for k, p in PATHS[name].items())
    return table


def _list(name: str) -> list:
    table: list = []
    table.extend(Deferred(p, table, i) for i, p in enumerate(PATHS[name]))
    return table


EFFECTS: dict[str, Callable] = _dict("EFFECTS")
CHECKS: dict[str, Callable] = _dict("CHECKS")
PRECHECKS: dict[str, Callable] = _dict("PRECHECKS")
ON_PLAY: dict[str, Callable] = _dict("ON_PLAY")
ABSORB: list[Callable] = _list("ABSORB")
STEPS: dict[str, Callable] = _dict("STEPS")
OFFERS: list[Callable] = _list("OFFERS")
RESUMES: dict[str, Callable] = _dict("RESUMES")
ZOR_HOOKS: list[Callable] = _list("ZOR_HOOKS")


def unset(table: dict[str, Callable], functions: dict[str, Callable]) -> dict[str, Callable]:
    """The entries of ``functions`` that ``table`` lacks or holds only as :class:`Deferred`: what
    the registry puts in a table by name (an entry someone set in its place is left as it is)."""
    return {k: fn for k, fn in functions.items() if k not in table or isinstance(table[k], Deferred)}


def merged(table: list[Callable], functions: tuple[Callable, ...]) -> list[Callable]:
    """``table`` (a list of hooks) with ``functions`` in place of their :class:`Deferred` entries,
    in the same order; a function not yet there is appended.  The registry's way to fill a list."""
    out = list(table)
    for fn in functions:
        at = [i for i, g in enumerate(out) if g is fn or (isinstance(g, Deferred) and g.resolve() is fn)]
        if at:
            out[at[0]] = fn
        else:
            out.append(fn)
    return out
