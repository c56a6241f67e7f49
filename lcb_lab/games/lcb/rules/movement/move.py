"""Movement (5.1-5.19).

* Entering a hex costs its MP by colour (5.11); red is prohibited (5.14).
* A stack moves together at the MP of its slowest unit, MILDECs excluded (5.13).
* A unit or stack may always move one hex, even beyond its MP; it then can do
  nothing else in that Core Action (5.14).
* Each unit moves at most once per turn (5.16); units disembarked or
  transported this turn do not move (5.19).
* Ground units only follow ground links: no crossing of naval hexes or water
  inside mixed hexes without a JCC (5.19, 5.111); they stop on entering a
  hex with enemy ground units (5.18).  Naval units follow naval links and are
  never stopped by enemy units (5.18).
* lcb_lab's reading of 5.18 with hidden counters (6.11): a move is planned whole and
  checked before anything happens, so what stops it is what the MOVER knows
  (:func:`ground_stops`): a ground move may end in, but not pass through, a hex holding
  enemy ground units it knows of or an enemy counter it sees only as a back -- a back
  may be a ground unit, a MILDEC or (in a mixed hex) a ship, and which it is must not
  decide the path (offered or refused).  Entering the hex still reveals what is there
  (6.22, :func:`~lcb_lab.games.lcb.rules.movement.conceal.contact_reveal`).
"""
from __future__ import annotations

import heapq
from typing import Callable

from lcb_lab.kernel import explain
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.games.lcb import observer
from lcb_lab.games.lcb.model.state import Unit
from lcb_lab.games.lcb.rules.optional import advanced_submarines as adv
from lcb_lab.games.lcb.rules.common import Ctx, names, refs
from lcb_lab.games.lcb.rules.markers import mines
from lcb_lab.games.lcb.rules.movement import stacks
from lcb_lab.games.lcb.model.fixed_memo import memo


def stack_mp(ctx: Ctx, units: list[Unit]) -> int:
    """MP of a stack: its slowest unit's MP (5.13); a submarine's, with optional rule 17.2 on, that
    of its written movement type (Quiet 1, Normal 3, Noisy 5: :mod:`lcb_lab.games.lcb.rules.optional.advanced_submarines`)."""
    if adv.on(ctx.state) and ctx.utype(units[0]).is_submarine:
        return min(adv.mp(ctx.state, u) for u in units)
    return min(ctx.mp(u) for u in units)


def _domain(ctx: Ctx, units: list[Unit]) -> str:
    kinds = {ctx.utype(u).domain for u in units}
    if len(kinds) > 1:
        raise IllegalAction("5.11", f"{names(units)} mix ground and naval units; they cannot move as one stack")
    return kinds.pop()


def _steps(ctx: Ctx, domain: str, h: str):
    if domain == "submarine":              # 14.02: water, never a coastal hex (Baltic maps)
        return [n for n in ctx.board.naval_neighbours(h) if not ctx.board.hex(n).has_land]
    return ctx.board.naval_neighbours(h) if domain == "naval" else ctx.board.ground_neighbours(h)


def reach(ctx: Ctx, units: list[Unit], start: str | None = None) -> dict[str, int]:
    """Hexes the stack can end its move in, with the MP spent (5.12-5.18).

    Includes the start hex (0 MP) and single-hex moves beyond MP (5.14).
    """
    return _search(ctx, units, start)[0]


def can_leave(ctx: Ctx, units: list[Unit]) -> bool:
    """Whether :func:`reach` holds a hex other than the stack's own (5.12-5.18), read from the
    kept search itself (no copy made)."""
    start = units[0].hex
    return any(h != start for h in _kept(ctx, units, None)[0])


def path_to(ctx: Ctx, units: list[Unit], dest: str) -> list[str]:
    """Cheapest legal path (hexes after the start) to ``dest``.

    Raises IllegalAction (5.12) when ``dest`` is out of reach.
    """
    best, parent = _search(ctx, units, None)
    dest = ctx.board.canonical(dest)
    if dest not in best:
        raise IllegalAction("5.12", f"{dest} is out of reach for {names(units)} "
                            f"(MP {stack_mp(ctx, units)})")
    path = []
    while dest != units[0].hex:
        path.append(dest)
        dest = parent[dest]
    return path[::-1]


def paths(ctx: Ctx, units: list[Unit]) -> dict[str, list[str]]:
    """Every hex the stack can end in (start excluded) with its cheapest path, from ONE search (5.12-5.18)."""
    best, parent = _search(ctx, units, None)
    start = units[0].hex
    out = {}
    for dest in best:
        if dest == start:
            continue
        path, h = [], dest
        while h != start:
            path.append(h)
            h = parent[h]
        out[dest] = path[::-1]
    return out


def destinations(ctx: Ctx, units: list[Unit]) -> tuple[list[str], Callable[[str], list[str]]]:
    """The hexes of :func:`paths` in its order, and ``path_to(hex)``: its path, made only when
    asked (the random mover tries a few of many, 5.12-5.18)."""
    best, parent = _kept(ctx, units, None)       # read only here: the kept search itself, not a copy
    start = units[0].hex

    def path_to(dest: str) -> list[str]:
        path, h = [], dest
        while h != start:
            path.append(h)
            h = parent[h]
        return path[::-1]

    return [d for d in best if d != start], path_to


def ground_stops(ctx: Ctx, team: str) -> dict[str, str]:
    """{hex: why} of the hexes a ground move of ``team`` may end in but not pass through
    (5.18), as ``team`` knows them (6.11): enemy ground units it knows of there, or an enemy
    counter (unit or MILDEC) it sees only as a back, which may be a ground unit.  An
    unrevealed enemy submarine is not seen at all (14.03) and stops nothing.  The same in two
    worlds that look the same to ``team``: the path offered or refused tells nothing more."""
    out: dict[str, str] = {}
    s = ctx.state
    for u in s.living():
        if u.team == team or not u.on_map or observer.hidden_sub(u, ctx.catalog, team):
            continue
        if not observer.knows(s, team, u):
            out.setdefault(u.hex, "a face-down enemy counter (it may be a ground unit)")
        elif not ctx.is_naval(u):
            out[u.hex] = "enemy ground units"
    for m in s.markers.values():
        if m.team != team and not m.destroyed and m.hex and not observer.knows(s, team, m):
            out.setdefault(m.hex, "a face-down enemy counter (it may be a ground unit)")
    return out


SEARCHES_KEPT = 4096
"""Searches :func:`_search` keeps per board (forgotten all at once past this)."""


def _search(ctx: Ctx, units: list[Unit], start: str | None):
    """Dijkstra over MP costs from ``start``; returns ({hex: MP}, {hex: previous hex}) (new dicts).
    The search reads only the board, the start hex, the stack's domain and MP and the hexes that
    stop a ground move (5.18): it is made once for each of those and kept
    (:mod:`lcb_lab.games.lcb.model.fixed_memo`)."""
    got = _kept(ctx, units, start)
    return dict(got[0]), dict(got[1])


def _kept(ctx: Ctx, units: list[Unit], start: str | None) -> tuple[dict, dict]:
    """:func:`_search`'s kept dicts themselves, for callers that only read them."""
    start = start or units[0].hex
    team, domain = units[0].team, _domain(ctx, units)
    mp = stack_mp(ctx, units)
    stop = ground_stops(ctx, team) if domain == "ground" else {}   # 5.18, as the mover knows it
    kept = memo(ctx.board).setdefault("move_search", {})
    key = (start, domain, mp, frozenset(stop))
    got = kept.get(key)
    if got is None:
        if len(kept) >= SEARCHES_KEPT:
            kept.clear()
        got = kept[key] = _dijkstra(ctx, start, domain, mp, stop)
    return got


def _dijkstra(ctx: Ctx, start: str, domain: str, mp: int, stop: dict) -> tuple[dict, dict]:
    costs = ctx.board.mp_costs()
    steps = (lambda h: _steps(ctx, domain, h)) if domain == "submarine" else \
        ctx.board.naval_neighbours if domain == "naval" else ctx.board.ground_neighbours
    best = {start: 0}
    parent: dict[str, str] = {}
    pq = [(0, start)]
    while pq:
        cost, h = heapq.heappop(pq)
        if cost > best.get(h, 1 << 30):
            continue
        if h != start and h in stop:
            continue
        for n in steps(h):
            c = costs[n]
            if c is None:
                continue
            nc = cost + c
            if nc <= mp and nc < best.get(n, 1 << 30):
                best[n] = nc
                parent[n] = h
                heapq.heappush(pq, (nc, n))
    for n in steps(start):  # 5.14: one hex, whatever it costs
        c = costs[n]
        if c is not None and n not in best:
            best[n] = c
            parent[n] = start
    return best, parent


def check_path(ctx: Ctx, units: list[Unit], path: list[str],
               stops: dict[str, str] | None = None) -> tuple[list[str], int, bool]:
    """Validate a path (hex labels after the start hex).  ``stops``: :func:`ground_stops` of the
    units' team when the caller has it for this very state (many paths checked in a row).

    Returns (canonical path, MP spent, over_mp).  Raises IllegalAction naming
    the rule when a step is illegal.
    """
    start = units[0].hex
    if any(u.hex != start for u in units):
        raise IllegalAction("5.13", f"{names(units)} are not in one hex; a stack starts and ends together")
    path = [ctx.board.canonical(h) for h in path]
    if path and path[0] == start:
        path = path[1:]
    if not path:
        raise IllegalAction("5.12", "a move needs at least one hex beyond the start hex")
    if path[-1] == start:          # lcb_lab's reading: a move ends elsewhere (legal_actions lists destinations)
        raise IllegalAction("5.12", f"a move ends in a hex other than its start {start}")
    zone_move_check(ctx, start, path)
    for u in units:
        if u.moved:
            raise IllegalAction("14.02" if ctx.utype(u).is_submarine else "5.16",
                                f"{u.uid} has already moved (a submarine moves once per impulse, 14.02)"
                                if ctx.utype(u).is_submarine else f"{u.uid} has already moved this turn")
        if u.no_move and ctx.state.card_markers and any(
                m.data.get("builder") == u.uid for m in ctx.state.card_markers.values()):
            raise IllegalAction("13.51", f"{u.uid} built a Fortification this impulse and cannot move")
        if u.no_move:
            raise IllegalAction("5.19", f"{u.uid} was disembarked or transported this turn and cannot move")
    team, domain = units[0].team, _domain(ctx, units)
    mp = stack_mp(ctx, units)
    if domain != "ground":
        stops = {}
    elif stops is None and len(path) > 1:       # read only for the hexes passed through (5.18)
        stops = ground_stops(ctx, team)
    spent, here = 0, start
    for i, h in enumerate(path):
        if h not in ctx.board:
            raise IllegalAction("5.1", f"{h} is not on the map")
        info = ctx.board.hex(h)
        if info.mp_cost is None:
            raise IllegalAction("5.14", f"{h} is prohibited (red)")
        if domain == "submarine":          # 14.02 NOTE: no coastal hex for submarines
            from lcb_lab.games.lcb.rules.submarines.sot import check_step
            check_step(ctx, here, h)
        if h not in _steps(ctx, domain, here):
            if domain == "ground":
                why = ("no continuous land from " + here + " to " + h +
                       "; ground units need a JCC for amphibious movement")
                raise IllegalAction("5.19", why)
            raise IllegalAction("5.11", f"no water connection from {here} to {h} for naval units")
        if i < len(path) - 1 and h in stops:
            raise IllegalAction("5.18", f"ground units stop on entering {h}, which holds {stops[h]}: "
                                "a move may end there but not pass through")
        spent += info.mp_cost
        here = h
    over = spent > mp
    if over and len(path) > 1:
        raise IllegalAction("5.12", f"the path costs {spent} MP but {names(units)} have {mp} MP "
                            "(only a single-hex move may exceed MP, 5.14)")
    return path, spent, over


def zone_move_check(ctx: Ctx, start: str, path: list[str]) -> None:
    """7.44: no movement into, out of or between naval zones (a zone place is next to nothing).
    Raises IllegalAction("7.44") naming the zone place."""
    where = next((h for h in [start, *path] if ctx.board.is_zone_place(h)), None)
    if where is not None:
        raise IllegalAction("7.44", f"{where} is in a naval zone: units never move into, out of or "
                            "between the naval zones (the distances are too great)")


MILDEC_MP = {"ground": 2, "naval": 4}
"""MP of a MILDEC / Naval MILDEC moving on its own (5.17)."""


def move_markers(ctx: Ctx, mids: list[str], path: list[str]) -> tuple[list[str], bool]:
    """MILDECs moving alone for 1 AP: MP 2 on land, 4 at sea (5.17)."""
    markers = [ctx.state.markers[m] for m in mids]
    domain = ctx.catalog.markers[markers[0].type_id].domain
    if any(ctx.catalog.markers[m.type_id].domain != domain for m in markers):
        raise IllegalAction("5.17", "ground and naval MILDECs cannot move together")
    path = [ctx.board.canonical(h) for h in path]
    here = start = markers[0].hex
    spent = 0
    if path and path[0] == here:
        path = path[1:]
    zone_move_check(ctx, start, path)
    for h in path:
        if h not in ctx.board or h not in _steps(ctx, domain, here):
            raise IllegalAction("5.17", f"no {domain} connection from {here} to {h}")
        cost = ctx.board.hex(h).mp_cost
        if cost is None:
            raise IllegalAction("5.14", f"{h} is prohibited (red)")
        spent, here = spent + cost, h
    mp = MILDEC_MP[domain]
    if not path or (spent > mp and len(path) > 1):
        raise IllegalAction("5.17", f"a {domain} MILDEC moving alone has {mp} MP; the path costs {spent}")
    mines.walk(ctx, [], [m.mid for m in markers], start, path, [], spent, spent > mp)   # 13.36: mines on the way
    here = markers[0].hex
    ctx.log(explain.step("move", f"Move {len(markers)} MILDEC(s)", f"to {here} for {spent} MP (MP {mp})"
                         + ("; stopped by mines until they are resolved (13.34)" if ctx.state.choices else ""),
                         ["5.17"], path=[start] + path[:path.index(here) + 1] if here in path else [start]),
            team=markers[0].team, markers=refs(markers))
    return path, spent > mp


def move(ctx: Ctx, units: list[Unit], path: list[str], markers: list[str] | tuple = ()) -> tuple[list[str], bool]:
    """Move a stack (and the MILDECs declared with it) along ``path``; ZOR reveals on the way.

    MILDECs share the stack's MP and never slow it (5.13, 5.17).  The steps are walked by
    :func:`lcb_lab.games.lcb.rules.markers.mines.walk`: enemy mines entered or left on the way stop the move until
    their owner has answered (13.33-13.35); the survivors then go on.  Returns (path, over_mp).
    """
    path, spent, over = check_path(ctx, units, path)
    start = units[0].hex
    if _domain(ctx, units) == "submarine":   # 14.02, 14.03: on the SOT, logged for the owner only (no mines: 13.3 names ships)
        from lcb_lab.games.lcb.rules.submarines.sot import moved
        for u in units:
            u.hex, u.moved = path[-1], True
        stacks.mark_moved(units)
        moved(ctx, units, start, path, spent)
        return path, over
    for u in units:
        u.moved = True
    stacks.mark_moved(units)   # a distinct stack until the next turn (3.37)
    mines.walk(ctx, [u.uid for u in units], list(markers), units[0].hex, path, [], spent, over,
               stack_mp(ctx, units))
    return path, over
