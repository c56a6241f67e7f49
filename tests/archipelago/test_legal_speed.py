"""Level 5's ``legal_actions`` made fast lists exactly what the plain searches listed: over random
positions of the full expanded fleet, the listing equals the one of the reference searches below
(the code before the speed-up: one flight search per die asking every point anew, every course
tried per target, no points index, no pre-filter of transfers and refuelling); and a busy position
is listed in well under a second of CPU."""
import contextlib
import time

import numpy as np
import pytest

from lcb_lab.games.archipelago import legal_air, legal_xair
from lcb_lab.games.archipelago.rules import air, hydrofoil, missiles, movement, ssm
from lcb_lab.games.archipelago.rules.common import cls_of
from lcb_lab.games.archipelago.rules.torpedo import course
from lcb_lab.games.archipelago.stage import opening
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.kernel.hexgrid import Axial, neighbour
from lcb_lab.kernel.legal import Template
from tests.budget import budget


def _ok(fn, *args):
    try:
        fn(*args)
    except IllegalAction:
        return False
    return True


def slow_flight(g, pid, die):
    """The progressive flights of ``pid`` on one die, every point asked anew (the reference)."""
    p = g.state.pieces[pid]
    n = die + cls_of(p).speed
    frontier = {(p.point, p.facing): ""}
    out = {}
    for k in range(1, n + 1):
        nxt = {}
        for (pt, f), st in frontier.items():
            for ch in air.FLIGHT:
                nf = (f + {"F": 0, "L": -1, "R": 1}[ch]) % 6
                q = neighbour(Axial(*pt), nf)
                if q not in g.board:
                    continue
                if air.landing_spot(g, p, q) is None and (tuple(q), "land") not in out:
                    out[(tuple(q), "land")] = (st + ch, True)
                if _ok(air._free_air, g, pid, q, k == n):
                    nxt.setdefault((tuple(q), nf), st + ch)
        frontier = nxt
    for key, st in frontier.items():
        out[key] = (st, False)
    return tuple(sorted(out.values()))


def slow_foil(g, pid, die):
    """The foilborne moves, every point asked anew (the reference)."""
    s = g.state
    p = s.pieces[pid]
    frontier = {(p.point, p.facing): ""}
    for _ in range(die + hydrofoil.FOIL):
        nxt = {}
        for (pt, f), st in frontier.items():
            for ch in "FLR":
                (q, nf), = air.flight_path(type(p.at)(*pt), f, ch)
                if _ok(movement.check_point, g, s, pid, p, q):
                    nxt.setdefault((tuple(q), nf), st + ch)
        frontier = nxt
    return tuple(sorted(frontier.values()))


def slow_ssm_shortest(table, where):
    """Every course of the missile tried for this target point (the reference of ``ssm.shortest``)."""
    g, pid, missile = table
    p = g.state.pieces[pid]
    best = (0, 0, 0, 0)
    for b in ssm.bearings(p):
        for turn_at, turn in ssm._turns(missile):
            k = 0
            for i, (pt, _) in enumerate(course(p.at, (p.facing + b) % 6, ssm.RANGE[missile], turn_at, turn), 1):
                if pt not in g.board:
                    break
                if pt == where:
                    k = i
                    break
            if k and (not best[0] or k < best[0]):
                best = (k, b, turn_at, turn)
    return best


@contextlib.contextmanager
def reference(monkeypatch):
    """The plain searches in place of the fast ones."""
    with monkeypatch.context() as m:
        m.setattr(legal_air, "flights", lambda g, pid, dice: {d: slow_flight(g, pid, d) for d in dice})
        m.setattr(hydrofoil, "options", slow_foil)
        m.setattr(ssm, "course_table", lambda g, pid, missile: (g, pid, missile))
        m.setattr(ssm, "shortest", slow_ssm_shortest)
        m.setattr(missiles, "course_table", lambda g, pid, missile: pid)
        m.setattr(missiles, "shortest", lambda g, pid, t, missile: missiles.best_course(g, pid, t, missile))
        for mod in (legal_air, legal_xair):
            m.setattr(mod, "distance", lambda a, b: 1)            # no adjacency pre-filter
        for mod in (legal_air, hydrofoil, movement):
            m.setattr(mod, "standing", lambda s: contextlib.nullcontext())
        yield


def positions(seed, steps, every):
    """Random legal play of the full level-5 opening: the game at every ``every``-th act."""
    g = opening(level=5, seed=seed, turn_limit=30)
    rng = np.random.default_rng(seed)
    for i in range(steps):
        if g.state.over:
            return
        legal = g.legal_actions()
        if i % every == every - 1:
            yield g, legal
        a = legal[int(rng.integers(len(legal)))]
        g.apply(a.sample(rng) if isinstance(a, Template) else a)


def searches_agree(g):
    """Every flying helicopter's flights on every die, every hydrofoil's foilborne moves, every
    missile's shortest course at every target: fast and plain alike. Returns how many were compared."""
    s, n = g.state, 0
    for pid, p in sorted(s.pieces.items()):
        if air.is_heli(p) and p.flying:
            fast = legal_air.flights(g, pid, [1, 2, 3, 4, 5, 6])
            assert fast == {d: slow_flight(g, pid, d) for d in range(1, 7)}, pid
            n += 6
        if p.kind == "hydrofoil" and p.owner == s.to_move:
            for d in range(1, 7):
                assert hydrofoil.options(g, pid, d) == slow_foil(g, pid, d), pid
        for m in ("S-S", "S-A"):
            if ssm.WEAPON[m] in cls_of(p).weapons and p.owner == s.to_move:
                table = ssm.course_table(g, pid, m)
                for q in s.pieces.values():
                    assert ssm.shortest(table, q.at) == slow_ssm_shortest((g, pid, m), q.at)
                    n += 1
        for m in sorted(set(p.ammo) & set(missiles.KINDS)) if p.owner == s.to_move and p.flying else ():
            table = missiles.course_table(g, pid, m)
            for t, q in sorted(s.pieces.items()):
                if q.owner != s.to_move and _ok(missiles.target_of, g, m, t):
                    assert missiles.shortest(g, table, t, m) == missiles.best_course(g, pid, t, m)
                    n += 1
    return n


@pytest.mark.fuzz
@pytest.mark.parametrize("seed", range(1, 1 + budget(1, 6)))
def test_the_fast_listing_equals_the_plain_searches(monkeypatch, seed):
    seen, compared = set(), 0
    for k, (g, fast) in enumerate(positions(seed, 100, 4)):
        compared += searches_agree(g)
        if k % 4 == 3:                                                 # the whole listing, now and then
            with reference(monkeypatch):
                slow = g.legal_actions()
            assert fast == slow
            seen |= {getattr(a, "kind", type(a).__name__) for a in fast}
    assert {"fly", "move"} <= seen and compared > 1000


def test_a_busy_level5_position_is_listed_fast():
    """The full expanded fleet after some random play: each listing well under a second of CPU
    (the plain searches took 1-4 s on such positions)."""
    worst = 0.0
    for g, _ in positions(2, 80, 1):
        t = time.process_time()
        g.legal_actions()
        worst = max(worst, time.process_time() - t)
    assert worst < 0.6
