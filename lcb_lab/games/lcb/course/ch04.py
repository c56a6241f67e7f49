"""Chapter 4 (game components: the map, counters, Unit Trackers): notebook ``14_ch04_components``.

Chapter 4 prints almost no worked example, so :func:`staged` stages a small situation on the
synthetic board of :func:`lcb_lab.games.lcb.content.situation.situation`: four US units of TF Blue
-- an infantry platoon (1 Alpha, F-6), an IAMD section (1 Kilo, F-7), a HIMARS section (1 Whiskey,
F-8) and a logistics company (1 Log, G-8) -- a Russian naval infantry platoon (1 Anna, B-2), and
hexes of every colour along row 5 (4.1).

Every answer is computed from that game: the MP cost the board gives each hex (4.1), the CVs the
catalog gives each counter (4.21) and a unit's HP on its Unit Tracker (4.32).  Values the rulebook
does not print are the catalog's *sandbox* values; :func:`tracker_lines` marks them.
"""
from __future__ import annotations

from functools import lru_cache

from lcb_lab.games.lcb.game import Game
from lcb_lab.kernel.checkpoints import Checkpoint

TITLE = "Game components: the map, the counters and the Unit Trackers"

UNITS = {"1 Alpha": ("usmc_infantry_platoon", "F-6"), "1 Kilo": ("usmc_iamd_section", "F-7"),
         "1 Whiskey": ("usmc_himars_section", "F-8"), "1 Log": ("usmc_logistics_company", "G-8"),
         "1 Anna": ("runi_naval_infantry_platoon", "B-2")}
COLOURS = {"B-5": "blue", "C-5": "green", "D-5": "yellow", "E-5": "orange", "F-5": "brown", "G-5": "red"}
"""One hex of each colour (4.1), along row 5."""
ROUTE = ("D-5", "E-5", "F-5")
"""The hexes the MP question enters, in order: yellow, orange, brown."""
KIND = {"GA": "GROUND ASSAULT (green)", "LRS": "LRS (red)", "INT": "INTERCEPT (purple)"}


def staged() -> Game:
    """A fresh game of chapter 4 (see the module docstring): turn 1, the Action Stage, nothing played."""
    from lcb_lab.games.lcb.content.situation import situation
    return situation(units=UNITS, colours=COLOURS, seed=1)


@lru_cache(maxsize=None)
def _game() -> Game:
    """The staged game, built once; the answers only read it."""
    return staged()


def route_mp() -> int:
    """The MP it costs to enter each hex of :data:`ROUTE` in turn (the board's cost by colour, 4.1)."""
    return sum(_game().board.hex(h).mp_cost for h in ROUTE)


def cv_kinds(uid: str, game: Game | None = None) -> list[str]:
    """The kinds of CV on ``uid``'s counter, in words and colour (``"LRS (red)"``), one per kind (4.21)."""
    g = game or _game()
    kinds = [KIND[cv.slot.rstrip("0123456789")] for cv in g.utype(uid).cvs]
    return list(dict.fromkeys(kinds))


def interceptors() -> frozenset[str]:
    """The units of the situation whose counter shows an INTERCEPT (purple) CV."""
    return frozenset(u for u in UNITS if KIND["INT"] in cv_kinds(u))


def full_hp(uid: str = "1 Alpha") -> int:
    """``uid``'s HP at full strength (its Unit Tracker's black squares, 4.32)."""
    return _game().utype(uid).hp


def _mark(sources: dict, key: str) -> str:
    return " (sandbox)" if sources.get(key, "").startswith("sandbox") else ""


def tracker_lines(game: Game, uid: str) -> list[str]:
    """``uid``'s counter and Unit Tracker in words: type, MP, HP, then each CV (value, range in hexes,
    supply cubes) and Resupply Value; a value the rulebook does not print is marked ``(sandbox)``
    (4.2, 4.21, 4.32)."""
    t, u = game.utype(uid), game.unit(uid)
    s = t.sources
    lines = [f"{uid}: {t.name}; MP {t.mp}{_mark(s, 'mp')}; HP {u.hp} of {t.hp}{_mark(s, 'hp')}"]
    for cv in t.cvs:
        rng = "infinite" if cv.range is None else cv.range
        sup = "infinite" if cv.supply is None else f"{u.supply.get(cv.slot)} of {cv.supply}"
        lines.append(f"  {cv.slot} {KIND[cv.slot.rstrip('0123456789')]}: CV {cv.value}{_mark(cv.sources, 'value')}, "
                     f"range {rng}{_mark(cv.sources, 'range')}, supply {sup}{_mark(cv.sources, 'supply')}")
    for rv in t.rvs:
        lines.append(f"  {rv.slot} Resupply (blue): {rv.value} RP{_mark(rv.sources, 'value')}, "
                     f"range {rv.range}{_mark(rv.sources, 'range')}")
    return lines


CHECKPOINTS = [
    Checkpoint(
        "ch04.route-mp",
        f"A unit enters {ROUTE[0]} (yellow), then {ROUTE[1]} (orange), then {ROUTE[2]} (brown). How many MP "
        "does that cost?",
        kind="number", answer=route_mp, rule="4.1",
        hint="A hex's colour is its MP cost: blue and green 1, yellow 2, orange 3, brown 4 (red is "
             "impassable).",
        explanation=lambda: " + ".join(str(_game().board.hex(h).mp_cost) for h in ROUTE)
        + ": the board's MP cost of each hex entered, by its colour."),
    Checkpoint(
        "ch04.interceptors",
        "Which of these units' counters show an INTERCEPT value?",
        kind="choices", answer=interceptors, options=lambda: tuple(UNITS), rule="4.21",
        hint="Purple marks INTERCEPT (IAMD), red LRS, green GROUND ASSAULT; look at each counter's CVs.",
        explanation=lambda: "The counters' CVs: " + "; ".join(
            f"{u}: {', '.join(cv_kinds(u)) or 'none'}" for u in UNITS) + "."),
    Checkpoint(
        "ch04.alpha-hp",
        "How many HP does 1 Alpha, a USMC infantry platoon, have at full strength?",
        kind="number", answer=full_hp, rule="4.32",
        hint="The black squares of a Unit Tracker count its HP (Appendix A lists them too).",
        explanation="Its Unit Tracker's black squares, as Appendix A prints them."),
]
"""Chapter 4's checkpoints (notebook 14)."""
