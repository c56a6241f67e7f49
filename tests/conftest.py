"""Shared fixtures: a small synthetic board and a game factory for rule tests.

The synthetic board is a 12 x 12 grid (columns A-L, rows 1-12).  By default
every hex is green land; tests mark hexes naval/mixed and recolour them to
build the situation a rulebook example describes.
"""
from __future__ import annotations

import pytest

from lcb_lab import hexgrid
from lcb_lab.board import Board, HexInfo
from lcb_lab.catalog import load_catalog
from lcb_lab.dice import Dice
from lcb_lab.game import Game
from lcb_lab.state import GameState, Unit


def make_board(naval=(), mixed=(), colours=None, cut=(), size=12) -> Board:
    """A size x size board. ``cut``: pairs of hexes with no ground link (water between)."""
    naval, mixed, colours = set(naval), set(mixed), dict(colours or {})
    cut = {frozenset(p) for p in cut}
    labels = [hexgrid.Hex(c, r).label for c in range(1, size + 1) for r in range(1, size + 1)]
    kind = {h: "naval" if h in naval else "mixed" if h in mixed else "land" for h in labels}
    hexes = {}
    for h in labels:
        nbs = [n.label for n in hexgrid.neighbours(h) if n.label in kind]
        ground = tuple(n for n in nbs if kind[h] != "naval" and kind[n] != "naval"
                       and frozenset((h, n)) not in cut)
        water = tuple(n for n in nbs if kind[h] != "land" and kind[n] != "land")
        colour = colours.get(h, "blue" if kind[h] == "naval" else "green")
        hexes[h] = HexInfo(h, kind[h], colour, 0.0 if kind[h] == "naval" else 1.0, (), ground, water)
    return Board("test", hexes, {"lon0": 0, "lat0": 0, "km_per_deg_lon": 100, "km_per_deg_lat": 100})


def make_game(units, board=None, forced=(), seed=None, initiative="US", network=None,
              task_forces=None, markers=None, auto=None, catalog=None) -> Game:
    """``units``: list of (uid, type_id, hex, task_force[, revealed]) tuples."""
    cat = catalog or load_catalog()
    tfs = task_forces or {"TF Blue": "US", "TF Red": "RU"}
    us = {}
    for spec in units:
        uid, type_id, hx, tf = spec[:4]
        revealed = spec[4] if len(spec) > 4 else False
        t = cat.unit(type_id)
        supply = {c.slot: c.supply for c in t.cvs if c.supply is not None}
        if t.rp:
            supply["RP"] = t.rp
        us[uid] = Unit(uid, type_id, t.team, tf, hx, t.hp, supply, revealed)
    st = GameState("test", 1, 3, "action", initiative, tfs, [], us,
                   network_cubes=dict(network or {"US": 0, "RU": 0}))
    for m in markers or []:
        st.markers[m.mid] = m
    return Game(st, board or make_board(), cat, Dice(seed=seed, forced=forced), auto)


@pytest.fixture
def board():
    return make_board()


def lrs_impulse(g: Game, tf: str, shooter: str, target: str, dice: int, slot: str = "LRS1") -> None:
    """One whole impulse: ``shooter`` fires ``dice`` LRS at ``target``, resolve, end."""
    g.begin_impulse(tf)
    g.declare([{"kind": "move_combat", "units": [shooter]}])
    g.commit_combat(lrs=[{"shooter": shooter, "slot": slot, "target": target, "dice": dice}])
    g.resolve_combat()
    g.end_impulse()


def pass_impulse(g: Game, tf: str) -> None:
    """An impulse that declares nothing (3.310)."""
    g.begin_impulse(tf)
    g.declare([])
    g.end_impulse()


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
