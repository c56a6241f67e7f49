"""A world sampled from one team's knowledge: where a team's plan studies run and the search
policy plays its rollouts.

:func:`sample_world` starts from :func:`lcb_lab.games.lcb.observer.known_state` -- the state as
the team may know it, decided in the one place that decides hidden information -- and fills
what the team does not know by sampling, with the policy's ``rng`` only.  Its assumptions
(``docs/opponents.md``; every invented value is a *sandbox* value, the rulebook prints none):

* **backs** (6.11): each enemy counter the team sees only as a back is the observer's stand-in
  (``"hidden:<hex>:<n>"``, one for a Task Force Counter's stack, 4.35); the sampler draws what it
  is: a ground unit type of the enemy team, uniformly among the catalog's (sandbox: no weight
  for the order of battle, no MILDEC, no ship; a MILDEC is a back too, 4.22), at full HP and
  supply (4.32);
* **face-down cards, the event pile, unrevealed submarines, secret mines** (9.02, 16.0, 14.03,
  13.37): absent, as ``known_state`` leaves them (sandbox: the enemy is taken to hold no card,
  no submarine and no secret mine);
* **the enemy's unspent CP** (3.12): 0 (sandbox);
* **the dice**: fresh, seeded from ``rng`` (the real game's rolls to come are never read);
* **the log**: empty (a rollout is judged by the state, not by what was written).

Nothing here reads the real state but through ``known_state`` (which copies only what the
team may know) and the public catalog; two worlds the team cannot tell apart give the same
sampled world for the same ``rng`` (``tests/engine/test_opponent_worlds.py``,
``tests/engine/test_study_worlds.py``).
"""
from __future__ import annotations

import itertools
from typing import Any

import numpy as np

from lcb_lab.games.lcb import observer
from lcb_lab.games.lcb.die import new_dice
from lcb_lab.games.lcb.model.state import GameState, other

ENEMY_CP = 0
"""The enemy's unspent CP in a sampled world (sandbox: the rulebook keeps it secret, 3.12)."""


def known(game: Any, team: str) -> GameState:
    """``team``'s knowledge of ``game``'s state (:func:`observer.known_state`), a copy with the
    enemy's CP at :data:`ENEMY_CP` and an empty log."""
    s = observer.known_state(game.state, game.catalog, team).clone(share_log=True)
    s.log = []
    s.cp[other(team)] = ENEMY_CP
    return s


def ground_types(game: Any, team: str) -> list:
    """The catalog's ground unit types of ``team``, by type id (what a back may be drawn as)."""
    return sorted((t for t in game.catalog.units.values() if t.team == team and t.domain == "ground"),
                  key=lambda t: t.type_id)


def backs(game: Any, team: str) -> list[str]:
    """The ids of the enemy counters ``team`` sees only as backs (6.11; the observer's stand-ins),
    sorted: what a sampled world draws."""
    return sorted(uid for uid, u in known(game, team).units.items() if observer.is_stand_in(u))


def has_backs(game: Any, team: str) -> bool:
    """Does ``team`` see some enemy counter only as a back (6.11)?  Then a sampled world draws
    what it is, and odds that depend on it differ from world to world."""
    return bool(backs(game, team))


def _draw(u: Any, t: Any) -> None:
    u.type_id, u.hp = t.type_id, t.hp
    u.supply = {c.slot: c.supply for c in t.cvs if c.supply is not None}


def sample_world(game: Any, team: str, rng: np.random.Generator) -> Any:
    """A game on a world sampled from ``team``'s knowledge of ``game`` (module doc), with fresh
    dice seeded from ``rng`` and the named default answers for every choice of the other team."""
    s = known(game, team)
    types = ground_types(game, other(team))
    for uid in sorted(s.units):
        u = s.units[uid]
        if observer.is_stand_in(u) and types:
            _draw(u, types[int(rng.integers(len(types)))])
    return _spawn(game, s, int(rng.integers(2**31)))


def each_world(game: Any, team: str, limit: int = 64) -> list[Any] | None:
    """Every world :func:`sample_world` may draw from ``team``'s knowledge of ``game``, each as
    likely (each back drawn uniformly and independently), dice unseeded -- or None when there are
    more than ``limit`` (``types ** backs``)."""
    ids, types = backs(game, team), ground_types(game, other(team))
    if ids and not types:
        ids = []
    if len(types) ** len(ids) > limit:
        return None
    out = []
    for pick in itertools.product(types, repeat=len(ids)):
        s = known(game, team)
        for uid, t in zip(ids, pick):
            _draw(s.units[uid], t)
        out.append(_spawn(game, s, None))
    return out


def _spawn(game: Any, s: GameState, seed: int | None) -> Any:
    """A game on state ``s`` with fresh dice seeded ``seed`` and no answer policies set."""
    g = game.spawn(s, new_dice(seed=seed))
    g.auto_policies = {}
    return g
