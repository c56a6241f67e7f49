"""Setting up a scenario of the expanded rules (l.1393-1568): :func:`scenario_opening`.

The forces are drawn (seeded) to each side's printed total exactly from its level-5 fleet without
the classes the scenario excludes, value-0 pieces and its own required pieces (l.1401: those are
not counted), and placed on the first free points of the side's zone, the required pieces where
the text puts them (sandbox: the text names sectors, not points).  The game then plays under
:mod:`~lcb_lab.games.archipelago.rules.scenario` (restrictions) and
:mod:`~lcb_lab.games.archipelago.rules.scenario_task` (the task).

>>> g = scenario_opening("convoy", seed=1)
>>> g.state.scenario, g.state.to_move, g.board.sector(g.state.pieces["Red T-33"].at)
('l.1403', 'Red', 'M10')
"""
from __future__ import annotations

from typing import Any

import numpy as np

from lcb_lab.games.archipelago.model.catalog import catalog
from lcb_lab.games.archipelago.model.scenario_book import SCENARIOS, key, table
from lcb_lab.games.archipelago.stage import _free_deck, stage
from lcb_lab.kernel.errors import IllegalAction

__all__ = ["SCENARIOS", "scenario_opening", "launcher_specs", "launcher_points", "zone", "excluded", "forces"]


def zone(board: Any, text: str) -> list[str]:
    """The sectors of a zone: ``"west N"`` / ``"east N"`` columns, or ``"X1 Y2"`` corners. Raises ValueError."""
    cols, rows = board.sector_cols, range(1, board.sector_rows + 1)
    a, b = text.split()
    if a in ("west", "east"):
        use = cols[:int(b)] if a == "west" else cols[-int(b):]
        return [f"{c}{r}" for c in use for r in rows]
    (c1, r1), (c2, r2) = (cols.index(a[0]), int(a[1:])), (cols.index(b[0]), int(b[1:]))
    return [f"{cols[c]}{r}" for c in range(min(c1, c2), max(c1, c2) + 1) for r in range(min(r1, r2), max(r1, r2) + 1)]


def excluded(t: dict, kind: str) -> bool:
    """Whether piece class ``kind`` is not used in scenario ``t`` (its ``unused_classes``)."""
    c = catalog().classes[kind]
    tags = {c.mobility, kind}
    if "submarine" in kind:
        tags.add("submarine")
    if c.mobility == "flying":
        tags.add("helicopter")
    if "ssm" in c.weapons:
        tags.add("ssm")
    return bool(tags & set(t.get("unused_classes", ())))


def forces(t: dict, side: str, rng: np.random.Generator, reserved: int = 0) -> list[str]:
    """``side``'s pieces besides the required ones: the ``pick`` of ``pick_from`` (l.1506), or its
    ``must_draw`` pieces (a force able to do the task, sandbox) and a seeded draw from its level-5
    fleet, worth ``value`` less ``reserved`` points (its chosen launchers, l.995) exactly together
    (module docstring)."""
    from lcb_lab.games.archipelago.rules.forces import reachable, value
    from lcb_lab.games.archipelago.stage import FLEET
    required = {r["piece"].split(" ", 1)[1] for r in t.get("required", ()) if r["piece"].startswith(side + " ")}
    if side in t.get("pick", {}):
        names = list(t["pick_from"][side])
        return [f"{side} {n}" for n in sorted(rng.choice(names, t["pick"][side], replace=False), key=names.index)]
    pool = [f"{side} {n}" for n in FLEET[5] if n not in required]
    pool = [i for i in pool if value(i) > 0 and not excluded(t, catalog().of_id(i)[1])]
    out = [f"{side} {n}" for n in t.get("must_draw", {}).get(side, ())]      # counted in the total (sandbox)
    need = t["value"][side] - reserved - sum(value(i) for i in out)
    pool = [i for i in pool if i not in out]
    for i in [pool[k] for k in rng.permutation(len(pool))]:
        rest = [value(j) for j in pool if j not in out and j != i]
        if value(i) <= need and reachable(rest, need - value(i)):
            out.append(i)
            need -= value(i)
    return sorted(out, key=lambda i: FLEET[5].index(i.split(" ", 1)[1]))


def _spot(board: Any, pts: list, taken: set, pid: str) -> Any:
    """The first point of ``pts`` not ``taken`` where piece ``pid`` may start, or None."""
    from lcb_lab.games.archipelago.rules.setup import STANDS
    c = catalog().classes[catalog().of_id(pid)[1]]
    need = {"flying": "landed", "seaplane": "boat"}.get(c.mobility, STANDS.get(c.mobility, c.mobility))
    return next((p for p in pts if p not in taken and board.admits(p, need)), None)


def _required(board: Any, t: dict, taken: set) -> list:
    """Specs of the required pieces (their sectors, a base's port, aboard a carrier; l.1401)."""
    specs: list = []
    for r in t.get("required", ()):
        pid, extra = r["piece"], {k: r[k] for k in ("ammo",) if k in r}
        if "aboard" in r:
            host = next(s for s in specs if s[0] == r["aboard"])
            specs.append((pid, host[1], host[2], {"aboard": r["aboard"], **extra}))
            continue
        if r.get("hidden"):
            from lcb_lab.games.archipelago.rules.hidden import deep
            pts = [p for sec in r["sectors"] for p in deep(board, sec)]
            extra["submerged"] = True
        elif "port" in r:
            pts = [p for p in board.bases[r["port"]].points if "port" in board.symbols_at(p)]
        else:
            pts = [p for sec in r["sectors"] for p in board.points_in(sec)]
        p = _spot(board, pts, taken, pid)
        if p is None:
            raise IllegalAction(t["line"], f"no free point for {pid} in {r.get('port') or r['sectors']}")
        taken.add(p)
        specs.append((pid, p, "NE" if pid.startswith("Blue") else "SW", extra))
    return specs


LAUNCHERS = {"L-1": "S-S", "L-2": "S-S", "L-3": "S-A", "L-4": "S-A"}
"""The land launchers of a side's set and their missiles (l.993)."""


def launchers_allowed(t: dict) -> tuple[str, ...]:
    """The land launchers scenario ``t`` lets a side choose (l.995): none where launchers are not
    used (l.1431, l.1510, l.1526); a launcher whose missile the scenario does not use is left out
    (*reading*: no S-S launcher in Salvage, l.1473, nor in Tanker, l.1452)."""
    return tuple(n for n in LAUNCHERS if not excluded(t, catalog().of_id(f"Red {n}")[1])
                 and LAUNCHERS[n] not in t.get("unused_markers", ()))


def launcher_points(board: Any, t: dict, side: str) -> tuple[list, str]:
    """``(points, where)``: the square red points of ``side`` (l.991: seven a side, in board order) a
    launcher of scenario ``t`` may stand on -- only those in the side's zone of initial positions where
    the scenario says so (l.1560) -- and the words naming them."""
    pts = [p for f in board.features.values() if f.kind == "launcher" and f.owner == side for p in f.points]
    if not t.get("launchers_in_zone"):
        return pts, f"{side}'s square red points (l.991)"
    zone_pts = {p for sec in zone(board, t["zones"][side]) for p in board.points_in(sec)}
    return [p for p in pts if p in zone_pts], f"{side}'s square red points in its zone {t['zones'][side]} (l.1560)"


def launcher_specs(board: Any, t: dict, chosen: dict[str, Any]) -> list:
    """Specs of the land launchers each side chose (l.995: "players can choose launchers or not"):
    ``chosen`` maps a side to its L markers (``["L-1", "L-3"]``: the first free square points, in
    order) or to ``{"L-1": (col, row)}`` (its points; ``None``: the first free one).  Each stands on a square red point of its
    side (l.991); where the scenario says so, only in the side's zone of initial positions (l.1560).
    Raises IllegalAction naming the line: launchers in a scenario that does not use them (l.1431,
    l.1510, l.1526), an L marker not of the set (l.993), a point not a free square of the side."""
    from lcb_lab.games.archipelago.model.scenario_book import ref
    specs, taken = [], {}
    for side, names in sorted(chosen.items()):
        pts, where = launcher_points(board, t, side)
        wanted = dict(names) if isinstance(names, dict) else dict.fromkeys(names)
        for n in sorted(wanted, key=lambda k: wanted[k] is None):       # the given points first
            pid = f"{side} {n}"
            if n not in ("L-1", "L-2", "L-3", "L-4"):
                raise IllegalAction("l.993", f"{n} is not a land launcher: L-1, L-2 (S-S), L-3, L-4 (S-A)")
            if excluded(t, catalog().of_id(pid)[1]):
                raise IllegalAction(ref(t, "restrictions"), f"{t['title']}: land launchers are not used ({pid})")
            if n not in launchers_allowed(t):
                raise IllegalAction(ref(t, "restrictions"), f"{t['title']}: {LAUNCHERS[n]} missiles are not used ({pid})")
            at = wanted[n]
            p = board.from_col_row(*at) if at is not None else next((q for q in pts if q not in taken), None)
            if p is None or p not in pts or p in taken:
                rule = "l.1560" if t.get("launchers_in_zone") else "l.991"
                not_ = (f"not point {at[0]},{at[1]} (it holds {taken[p]})" if p in taken else
                        f"not point {at[0]},{at[1]}" if at is not None else "none is left")
                raise IllegalAction(rule, f"{pid} stands on a free one of {where}, {not_}")
            taken[p] = pid
            specs.append((pid, p, "N"))
    return specs


def scenario_opening(name: str, seed: int | None = 0, launchers: dict[str, Any] | None = None, **extra: Any) -> Any:
    """A game of scenario ``name`` (:data:`SCENARIOS`) on the expanded board, its forces drawn with
    ``seed`` and placed (module docstring), its combat aircraft (``aircraft``, l.1506) on Ready at
    their distant bases (l.1288, l.1307), the side with the task to move (l.1401); ``launchers``
    the land launchers each side chose (:func:`launcher_specs`; each worth 1 point of the side's
    total, l.995); ``extra`` are ``ArchState`` fields (``optional_rules``; ``turn_limit`` the last
    turn, both sides' turns counted: default twice the printed limit). Raises KeyError for an
    unknown name, IllegalAction for launchers the scenario refuses."""
    from lcb_lab.games.archipelago.rules.expanded import BOARD, LEVEL
    from lcb_lab.games.archipelago.model.board_data import load_board
    t = table()[name]
    board, rng = load_board(BOARD), np.random.default_rng(seed)
    fixed = launcher_specs(board, t, launchers or {})
    for _ in range(TRIES):
        try:
            specs = _placed(board, t, rng, fixed)
            break
        except IllegalAction:
            continue                           # a force whose aircraft find no landing point: drawn again
    else:
        raise IllegalAction(t["line"], f"no force of {t['title']} could be placed in {TRIES} draws")
    from lcb_lab.games.archipelago.rules.expanded import garrisons
    hide = [r["piece"] for r in t.get("required", ()) if r.get("hidden")]          # submerged, on the notepad (l.1151)
    extra["optional_rules"] = sorted(set(extra.get("optional_rules", ())) | set(t.get("optional_rules", ())))
    extra.setdefault("turn_limit", 2 * t["limit"])        # rounds: each side plays ``limit`` turns (reading)
    planes = {f"{side} {n}": "ready" for side, names in sorted(t.get("aircraft", {}).items()) for n in names}
    if planes:                                 # on Ready at their distant bases, off the board (l.1288, l.1307)
        extra.setdefault("airfield", planes)
    g = stage(board, specs, seed=seed, level=LEVEL, to_move=t["first"], scenario=key(t),
              garrisons=garrisons(board), hide=hide, **extra)
    from lcb_lab.games.archipelago.rules.scenario_task import begin
    begin(g, t)
    return g


TRIES = 20
"""Draws of the forces tried before a scenario's opening gives up (sandbox)."""


def _placed(board: Any, t: dict, rng: np.random.Generator, fixed: list = ()) -> list:
    """Specs of every piece: the required ones, the chosen launchers (``fixed``), then each side's
    drawn force in its zone, worth its total less the launchers' points (l.995). Raises
    IllegalAction when a piece finds no point."""
    taken: set = {f[1] for f in fixed}
    specs = _required(board, t, taken) + list(fixed)
    for side in ("Blue", "Red"):
        pts = [p for sec in zone(board, t["zones"][side]) for p in board.points_in(sec)]
        for pid in forces(t, side, rng, sum(f[0].startswith(side + " ") for f in fixed)):
            p = _spot(board, pts, taken, pid)
            deck = _free_deck(specs, side, cls_of_id(pid)) if p is None and cls_of_id(pid).mobility == "flying" else None
            if deck is not None:
                specs.append((pid, deck[1], "NE" if side == "Blue" else "SW", {"aboard": deck[0]}))
                continue
            if p is None:
                raise IllegalAction(t["line"], f"no free point for {pid} in {side}'s zone {t['zones'][side]}")
            taken.add(p)
            specs.append((pid, p, "NE" if side == "Blue" else "SW"))
    return specs


def cls_of_id(pid: str) -> Any:
    """The piece class of id ``pid``."""
    return catalog().classes[catalog().of_id(pid)[1]]
