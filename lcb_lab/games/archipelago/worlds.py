"""A world drawn from one player's knowledge of *Naval Battle in Archipelago*: where a player's
plan study plays its runs.

:func:`sample_world` copies the game and redraws, with the given ``rng`` only, each thing the
player may not know -- asked of :func:`lcb_lab.games.archipelago.observer.knows`, the one place
that decides hidden information.  What it draws (every weight a *sandbox* choice: the text gives
none):

* **face-down Base A** (optional rule l.283): the other side's panel keeps its count of markers
  (which the player sees); each marker's kind is drawn in proportion to the side's total of that
  kind (``data/pieces.toml``'s ``base_stock``, among the kinds of the level, as
  :func:`~lcb_lab.games.archipelago.rules.setup.base_stock`);
* **face-down cargo** (l.370): an enemy ammunition ship keeps its count; kinds drawn the same way;
* **face-down helicopter armament** (l.431): each enemy A-S or A-A marker, on a panel, in panel A
  or on a Base B's own panel (l.429),
  is redrawn A-S or A-A with even odds (sandbox); an aircraft whose panel would not take the draw
  (the combat helicopter's two places, l.897) holds one A-A and one A-S;
* **the secret flagship** (l.394): drawn uniformly among the other side's ships afloat
  (:attr:`~lcb_lab.games.archipelago.model.catalog.PieceClass.is_ship`);
* **commandos on paper** (l.600): each hidden C marker of the other side is put on an island
  drawn uniformly among the board's islands (:meth:`~lcb_lab.games.archipelago.model.board.Board.islands`);
* **the expanded game's secrets** -- the other side's submarines hidden on its notepad (l.1147), its
  face-down cards (l.757) and its remote-controlled mines (l.1211): absent from the world (*sandbox*,
  as LC:B's sampler takes the enemy to hold no card and no secret mine: the player is assumed not to
  know them, and nothing of them is read).

The world's log is empty (it told of the secrets; a run is judged by the state).  Nothing is read
of the hidden values themselves, so two games a player cannot tell apart give
the same world for the same ``rng`` (``tests/archipelago/test_worlds.py``).  The dice of the
world are the caller's (a study spawns it with fresh dice).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

import numpy as np

from lcb_lab.games.archipelago.model.catalog import MARKERS, catalog
from lcb_lab.games.archipelago.model.state import other
from lcb_lab.games.archipelago.observer import knows
from lcb_lab.games.archipelago.rules.common import air_kind

__all__ = ["sample_world", "marker_kinds"]


def marker_kinds(level: int) -> tuple[str, ...]:
    """The marker kinds a panel holds at ``level`` (l.140, l.159, l.423): T at level 1; T, G and
    Repair at level 2; also A-S and A-A from level 3."""
    return ("T",) if level == 1 else MARKERS[:3] if level == 2 else MARKERS[:5]


def _draw_markers(n: int, level: int, rng: np.random.Generator) -> list[str]:
    kinds = marker_kinds(level)
    weights = np.array([catalog().totals[k] for k in kinds], dtype=float)
    picks = rng.choice(len(kinds), size=n, p=weights / weights.sum()) if n else []
    return sorted(kinds[i] for i in picks)


def sample_world(game: Any, player: str, rng: np.random.Generator) -> Any:
    """A copy of ``game`` (an :class:`~lcb_lab.games.archipelago.game.Archipelago`; not changed)
    whose state has what ``player`` ("Red" or "Blue") may not know redrawn from ``rng`` (module
    doc), on the same dice object (spawn it with fresh dice).  Raises ValueError for another
    player."""
    if player not in ("Red", "Blue"):
        raise ValueError(f"a world is drawn for Red or Blue, not {player!r}")
    real = game.state
    s = game.state_clone(real)
    s.log = []
    enemy = other(player)
    if not knows(real, player, {"stock": enemy}):
        s.stock[enemy] = _counts(_draw_markers(sum(real.stock.get(enemy, {}).values()), real.level, rng),
                                 real.level)
    for pid in sorted(s.pieces):
        p = s.pieces[pid]
        if not knows(real, player, {"cargo": pid}):
            p.ammo = _draw_markers(len(p.ammo), real.level, rng)
    if not knows(real, player, {"armament": enemy}):
        _redraw_armament(s, enemy, rng)
    if enemy in real.flagships and not knows(real, player, {"flagship": enemy}):
        ships = sorted(pid for pid, p in real.pieces.items() if p.owner == enemy and catalog().classes[p.kind].is_ship)
        if ships:
            s.flagships = {**s.flagships, enemy: ships[int(rng.integers(len(ships)))]}
    if not knows(real, player, {"notepad": enemy}):
        s.hidden = {i: h for i, h in s.hidden.items() if h.owner != enemy}
    if not knows(real, player, {"cards": enemy}) and enemy in s.cards:
        s.cards = {**s.cards, enemy: []}
    if not knows(real, player, {"rc_mines": enemy}) and enemy in s.rc_mines:
        s.rc_mines = {**s.rc_mines, enemy: []}
    if not knows(real, player, {"commandos": enemy}):
        islands = sorted(game.board.islands())
        s.commandos = [_placed(c, islands, rng) if c.owner == enemy and c.secret else c for c in s.commandos]
    return game.spawn(s, game.dice)


def _redraw_armament(s: Any, enemy: str, rng: np.random.Generator) -> None:
    """Optional rule l.431: ``enemy``'s A-S and A-A markers redrawn with even odds (module doc)."""
    from lcb_lab.games.archipelago.rules.armament import fits
    from lcb_lab.games.archipelago.rules.face_down import ARMAMENT
    if enemy in s.stock:
        stock = dict(s.stock[enemy])
        picks = [ARMAMENT[int(i)] for i in rng.integers(2, size=sum(stock.pop(k, 0) for k in ARMAMENT))]
        s.stock[enemy] = {**stock, **{k: picks.count(k) for k in ARMAMENT}}
    for name in sorted(b for b in s.panels_b if b.startswith(enemy + " ")):      # Base B's own panel (l.429)
        picks = [ARMAMENT[int(i)] for i in rng.integers(2, size=sum(s.panels_b[name].values()))]
        s.panels_b = {**s.panels_b, name: {k: picks.count(k) for k in ARMAMENT if picks.count(k)}}
    for pid in sorted(s.pieces):
        p = s.pieces[pid]
        k = sum(m in ARMAMENT for m in p.ammo)
        if p.owner != enemy or not k:
            continue
        kept = [m for m in p.ammo if m not in ARMAMENT]
        drawn = [ARMAMENT[int(i)] for i in rng.integers(2, size=k)]
        p.ammo = kept + drawn
        if air_kind(p) and not fits(replace(p, ammo=[]), p.ammo):
            p.ammo = kept + ["A-A", "A-S"][:k]


def _counts(markers: list[str], level: int) -> dict[str, int]:
    return {k: markers.count(k) for k in marker_kinds(level)}


def _placed(c: Any, islands: list[str], rng: np.random.Generator) -> Any:
    from dataclasses import replace
    return replace(c, island=islands[int(rng.integers(len(islands)))])
