"""Scenario -> a ready :class:`~lcb_lab.games.lcb.game.Game` (2.0, 3.1, 3.2).

:mod:`lcb_lab.games.lcb.io.scenario` reads and checks the file and returns data
(:func:`lcb_lab.games.lcb.io.scenario.build`); this module makes the Game from it, so
the scenario reader never imports Game (no import cycle).  Also importable
as ``from lcb_lab import load_scenario``.
"""
from __future__ import annotations

from pathlib import Path

from lcb_lab.games.lcb.choices import check_policies
from lcb_lab.games.lcb.model.cards import Decks
from lcb_lab.games.lcb.model.catalog import Catalog
from lcb_lab.games.lcb.model.invariants import refuse_broken
from lcb_lab.games.lcb.game import Game
from lcb_lab.games.lcb.io.scenario import build
from lcb_lab.games.lcb.rules.common import Ctx
from lcb_lab.games.lcb.rules.events.draw import begin_game


def load_scenario(name_or_path: str | Path = "gotland_redux", seed: int | None = 0,
                  forced: list[int] = (), auto_policies: dict[str, str] | None = None,
                  catalog: Catalog | None = None, start: str | None = None, decks: Decks | None = None) -> Game:
    """Load a scenario into a new Game: a packaged name (``"gotland_redux"``; the names:
    :func:`lcb_lab.games.lcb.io.resources.scenario_names`) or a path (a string holding a ``/`` or ending in
    ``.toml``, or a :class:`~pathlib.Path`: a file of your own; :func:`lcb_lab.games.lcb.io.resources.locate`).

    ``seed`` (int >= 0 or None) / ``forced`` (d20 values 1..20) set the Dice;
    ``auto_policies`` (e.g. ``{}`` for the defaults, or ``{"intercept":
    "no_intercept"}``; names from choices.POLICIES) makes the engine answer
    the defender's decisions itself.  ``start`` ("planning" | "action") overrides the
    scenario's ``start``: "planning" begins in the Planning Stage with the units off the
    map (3.1, 3.2), "action" in the Action Stage with the units and cards in place.
    ``decks``: the card decks (:class:`lcb_lab.games.lcb.model.cards.Decks`; default the packaged ones).
    Raises ScenarioError (file, key, problem) for a malformed file, InputError for bad
    arguments.
    """
    auto_policies = check_policies("load_scenario auto_policies", auto_policies)
    sc = build(name_or_path, seed, forced, catalog, start, decks)
    refuse_broken(sc.state, sc.board, sc.catalog, decks, sc.file)     # the state invariants (model.invariants)
    sc.state.salt = game_salt(seed)
    begin_game(Ctx(sc.state, sc.board, sc.catalog, sc.dice, decks))     # turn 1's Event Cards (16.0)
    game = Game(sc.state, sc.board, sc.catalog, sc.dice, auto_policies)
    game.map_name = sc.map_name
    game.scenario_info = sc.spec
    game.decks = decks
    return game


def game_salt(seed: int | None) -> str:
    """The game's secret salt (:attr:`GameState.salt`, used by the observer to order the backs):
    derived from the seed, so a seeded game is reproducible; random when there is no seed."""
    import hashlib
    import secrets
    if seed is None:
        return secrets.token_hex(8)
    return hashlib.blake2b(f"lcb-salt:{seed}".encode(), digest_size=8).hexdigest()
