"""The random player's declaration, move and combat fast paths give exactly what the plain checks give.

* ``sequence.check_declaration`` given the single checks of ``sequence.check_one`` (``known``,
  what the random player's draw found) accepts and refuses exactly as without them, with equal
  declarations and the same refusal (3.03, 3.31-3.37), over random play and random combinations
  (overlapping ones included: a stack and one of its units, a card named twice);
* ``legal_combat.committable`` given the impulse's 0-AP attackers and pending Continuing Combat hexes
  read once (``known``, as ``combat_template`` passes them) gives the plain verdict, and
  ``handlers.check_commit_combat`` given them the same allocations (7.03, 7.22, 12.07);
* a declaration draw given its candidates' parts read once draws the same (3.31);
* the INTERCEPT answer given in the act that committed the combat is checked with the judging its
  choice made, with the plain check's verdicts (7.52-7.58); the INTERCEPT pause reading each target's
  eligible units once gives the plain verdict (7.53, 7.54);
* the reach searches read without a copy stay as made; a one-hex move reads no ground stops and
  every path gets the verdict of a check given them (5.12-5.18).
"""
from __future__ import annotations

from dataclasses import asdict

import numpy as np

from lcb_lab import load_scenario
from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb import handlers, legal_combat, legal_declare, legal_templates
from lcb_lab.games.lcb.rules.combat import answers, continuing, intercept, intercept_pause
from lcb_lab.games.lcb.rules.combat import sequence as sequence_combat
from lcb_lab.games.lcb.rules.stages import sequence
from lcb_lab.games.lcb.whatif.autoplay import play_random_turns, random_impulse
from lcb_lab.kernel import datacodec
from lcb_lab.kernel.errors import IllegalAction


def _as_dict(c: A.CoreAction) -> dict:
    return {"kind": c.kind, "units": list(c.units), "jcc": c.jcc, "markers": list(c.markers)}


def _verdict(ctx, actions, known=None):
    try:
        declared, cost = sequence.check_declaration(ctx, actions, known)
    except IllegalAction as e:
        return ("refused", e.rule, str(e))
    return ("ok", cost, [datacodec.to_data(d) for d in declared])


def _one(ctx, c):
    try:
        return sequence.check_one(ctx, _as_dict(c))
    except IllegalAction:
        return None


def test_check_declaration_with_known_single_checks_equals_the_plain_checks():
    counts = {"ok": 0, "refused": 0, "overlap": 0}
    for seed in range(6):
        g = load_scenario("gotland_redux", seed=seed, auto_policies={})
        rng = np.random.default_rng(100 + seed)
        for _ in range(10):
            if g.state.stage != "action" or not g.available_task_forces():
                break
            tfs = g.available_task_forces()
            g.apply(A.BeginImpulse(tfs[int(rng.integers(len(tfs)))]))
            ctx = g._ctx()
            cands = legal_declare.declaration_candidates(g)
            cands += [c for c in cands if c.kind == "play_jcc"]          # a card named twice
            singles = [_one(ctx, c) for c in cands]
            for _ in range(40):
                idx = [int(i) for i in rng.choice(len(cands), size=min(len(cands), int(rng.integers(1, 4))))]
                actions = [_as_dict(cands[i]) for i in idx]
                known = [singles[i] for i in idx]
                keys = [k for s in known if s is not None for k in s[1]]
                counts["overlap"] += len(keys) != len(set(keys))
                plain = _verdict(ctx, actions)
                assert _verdict(ctx, actions, known) == plain, (seed, idx)
                counts[plain[0]] += 1
            g.undo(1)
            random_impulse(g, rng)
    assert counts["ok"] > 100 and counts["refused"] > 100 and counts["overlap"] > 20, counts


def test_check_one_equals_check_declaration_of_one_action():
    g = load_scenario("gotland_redux", seed=3, auto_policies={})
    g.apply(A.BeginImpulse(g.available_task_forces()[0]))
    ctx = g._ctx()
    cands = legal_declare.declaration_candidates(g) + [A.CoreAction("play_jcc", jcc="no such card")]
    seen = {True: 0, False: 0}
    for c in cands:
        plain = _verdict(ctx, [_as_dict(c)])
        got = _one(ctx, c)
        assert (got is not None) == (plain[0] == "ok"), c
        if got is not None:
            d = datacodec.to_data(got[0])
            assert [dict(d, aid=1)] == plain[2]
            assert set(got[1]) >= set(c.units) | set(c.markers)
        seen[got is not None] += 1
    assert seen[True] > 5 and seen[False] >= 1


# ---------------------------------------------------------------- combat: committable given what the template read once
def test_committable_with_the_template_reads_equals_the_plain_checks(monkeypatch):
    """Every commitment the random player's templates check (``combat_template``), checked again
    the plain way on the same state: the same verdict, the same allocations."""
    counts = {True: 0, False: 0, "engaged": 0, "pending": 0}
    plain = legal_combat.committable

    def both(game, action, ctx=None, known=None):
        v = plain(game, action, ctx, known)
        if known is not None:
            assert plain(game, action) == v, action
            bare = A.CommitCombat(action.lrs, action.ga[1:])        # a Continuing Combat assault left out
            assert plain(game, bare, None, known) == plain(game, bare), bare
            c = game._ctx()
            tf = game.state.impulse.task_force
            assert known == (continuing.zero_ap_attackers(c, tf), continuing.pending_hexes(c, tf))
            if v:
                got = handlers.check_commit_combat(c, action, known[0])
                assert _items(got) == _items(handlers.check_commit_combat(c, action))
                assert _items(got)[:2] == ([list(asdict(x).items()) for x in action.lrs],      # what asdict gives,
                                           [list(asdict(x).items()) for x in action.ga])       # keys in order
            counts[v] += 1
            counts["engaged"] += bool(known[0])
            counts["pending"] += bool(known[1])
        return v

    monkeypatch.setattr(legal_combat, "committable", both)
    for seed in range(60):
        g = load_scenario("gotland_redux", seed=seed, auto_policies={})
        g.rollout()
        play_random_turns(g, 5, seed)
    assert counts[True] > 100 and counts[False] > 10 and counts["engaged"] >= 3 and counts["pending"] >= 3, counts


def _items(checked):
    lrs, ga, active, engaged, support = checked
    return [list(d.items()) for d in lrs], [list(d.items()) for d in ga], active, engaged, support


def test_draw_declaration_with_parts_read_once_draws_the_same():
    """``draw_declaration`` given ``declaration_parts`` draws the same Core Actions and leaves the
    generator where the plain draw leaves it (3.31, 3.34, 7.61)."""
    g = load_scenario("gotland_redux", seed=4, auto_policies={})
    g.apply(A.BeginImpulse(g.available_task_forces()[0]))
    cands = legal_declare.declaration_candidates(g)
    parts = legal_templates.declaration_parts(cands)
    keys = [k for _, ks in parts for k in ks]
    assert any(cost == 2 for cost, _ in parts) and len(keys) > len(set(keys))     # a repair; options sharing a key
    ctx = g._ctx()
    legal = [legal_declare.declarable(ctx, c) for c in cands]
    for seed in range(200):
        for ap in (1, 2, 3, 4):
            a, b = np.random.default_rng(seed), np.random.default_rng(seed)
            plain = legal_templates.draw_declaration(cands, ap, a, legal.__getitem__)
            fast = legal_templates.draw_declaration(cands, ap, b, legal.__getitem__, parts)
            assert fast == plain and a.random() == b.random(), (seed, ap)


# ---------------------------------------------------------------- INTERCEPT: the answer's check reuses the choice's judging
def _refusal(fn, *args):
    try:
        fn(*args)
    except IllegalAction as e:
        return (e.rule, str(e))
    return None


def test_intercept_answer_checked_with_the_choice_judging_equals_the_plain_check(monkeypatch):
    """Each INTERCEPT answer the auto policies give in the act that committed the combat is checked
    with the interceptors its choice judged: they equal a fresh judging of the same questions, and
    the answer and variants of it (more dice, another slot, another interceptor) get the plain
    check's verdict (7.52-7.58)."""
    plain = intercept.validate_intercepts
    counts = {"seeded": 0, "entries": 0, "refused": 0}

    def both(ctx, allocs, lrs_allocs, defender, judged=None):
        if judged is not None:
            counts["seeded"] += 1
            for (tgt, hexes, ballistic), opts in judged.items():
                assert opts == intercept.interceptor_options(ctx, tgt, list(hexes), ballistic)
                counts["entries"] += 1
            variants = [allocs] + [[dict(a, dice=a["dice"] + k)] for a in allocs for k in (1, 7)]
            variants += [[dict(a, slot="INT2")] for a in allocs] + [[dict(a, interceptor=o["uid"])]
                                                                     for a in allocs for o in judged.get(
                                                                         next(iter(judged)), [])[:3]]
            for v in variants:
                got = _refusal(plain, ctx, v, lrs_allocs, defender, judged)
                assert got == _refusal(plain, ctx, v, lrs_allocs, defender), v
                counts["refused"] += got is not None
        return plain(ctx, allocs, lrs_allocs, defender, judged)

    monkeypatch.setattr(answers, "validate_intercepts", both)
    for seed in range(30):
        g = load_scenario("gotland_redux", seed=seed, auto_policies={})
        g.rollout()
        play_random_turns(g, 4, seed)
    assert counts["seeded"] > 20 and counts["entries"] > 20 and counts["refused"] > 20, counts


# ---------------------------------------------------------------- moves: the kept reach searches are read, never changed
def test_kept_reach_searches_stay_as_made_through_random_play():
    """``move.destinations`` and ``move.can_leave`` read the kept searches themselves (no copy):
    after random play every kept search still equals a fresh one (5.12-5.18), and ``can_leave``
    and ``destinations`` agree with ``reach``."""
    from lcb_lab.games.lcb.model.fixed_memo import memo
    from lcb_lab.games.lcb.rules.movement import move
    n = 0
    for seed in range(8):
        g = load_scenario("gotland_redux", seed=seed, auto_policies={})
        g.rollout()
        rng = np.random.default_rng(seed)
        for _ in range(12):
            if g.state.stage != "action" or not g.available_task_forces():
                break
            ctx = g._ctx()
            for u in g.state.units.values():
                if u.on_map and u.task_force in g.state.task_forces:
                    r = move.reach(ctx, [u])
                    assert move.can_leave(ctx, [u]) == any(h != u.hex for h in r)
                    assert move.destinations(ctx, [u])[0] == [h for h in r if h != u.hex]
            random_impulse(g, rng)
        ctx = g._ctx()
        for (start, domain, mp, stop), (best, parent) in memo(g.board)["move_search"].items():
            assert (best, parent) == move._dijkstra(ctx, start, domain, mp, stop)
            n += 1
    assert n > 50


def _plain_cannot_rule_out(ctx, targets, attacker):
    """attacker_cannot_rule_out as it was: each counter's own values looked up in the interceptors."""
    from lcb_lab.games.lcb import observer
    from lcb_lab.games.lcb.rules.common import dist
    ip = intercept_pause
    for t in targets:
        team = intercept.target_piece(ctx, t.target).team
        hexes = [a.hex for a in t.attacks]
        farthest = max((ip.OFF_MAP if h is None else dist(h, t.hex)) for h in hexes) if hexes else 0
        kinds = {a.bmd for a in t.attacks}
        ballistic = kinds.pop() if len(kinds) == 1 else None
        counters = [u for u in ctx.state.living(team) if u.on_map and not observer.hidden_sub(u, ctx.catalog, attacker)]
        counters += [m for m in ctx.state.markers.values() if m.team == team and not m.destroyed and m.hex]
        for c in counters:
            d = dist(c.hex, t.hex)
            if d > farthest:
                continue
            if not observer.knows(ctx.state, attacker, c):
                if d <= ip._back_reach(ctx, c.team, c.hex, ballistic):
                    return True
                continue
            uid = getattr(c, "uid", None)
            if uid is None:
                continue
            if c.attachments and d <= ip._card_reach(ctx, c.team, ctx.utype(c), ballistic):
                return True
            if any(o.eligible and o.uid == uid for x in (t, *t.attacks) for o in x.interceptors):
                return True
    return False


def test_the_intercept_pause_with_eligible_units_read_once_equals_the_plain_one(monkeypatch):
    """``attacker_cannot_rule_out`` (the INTERCEPT pause, 7.53, 7.54) reading each target's eligible
    interceptors once gives the verdict of looking them up counter by counter."""
    fast = sequence_combat.attacker_cannot_rule_out
    counts = {True: 0, False: 0, "counters": 0}

    def both(ctx, targets, attacker):
        v = fast(ctx, targets, attacker)
        assert _plain_cannot_rule_out(ctx, targets, attacker) == v
        counts[v] += 1
        for t in targets:                    # counter by counter: the set read once, the plain lookup
            eligible = {o.uid for x in (t, *t.attacks) for o in x.interceptors if o.eligible}
            team = intercept.target_piece(ctx, t.target).team
            for u in ctx.state.living(team):
                if u.on_map and u.revealed:
                    plain = any(o.eligible and o.uid == u.uid for x in (t, *t.attacks) for o in x.interceptors)
                    far = intercept_pause.OFF_MAP
                    got = intercept_pause._could_intercept(ctx, attacker, u, t, far, None, eligible)
                    assert got == (plain or bool(u.attachments and intercept_pause._card_reach(
                        ctx, u.team, ctx.utype(u), None) >= intercept.dist(u.hex, t.hex))), u.uid
                    counts["counters"] += 1
        return v

    monkeypatch.setattr(sequence_combat, "attacker_cannot_rule_out", both)
    for seed in range(30):
        g = load_scenario("gotland_redux", seed=seed, auto_policies={})
        g.rollout()
        play_random_turns(g, 4, seed)
    assert counts[True] > 20 and counts[False] > 5 and counts["counters"] > 50, counts


def test_check_path_reading_the_ground_stops_only_when_passing_through_equals_reading_them_first(monkeypatch):
    """``move.check_path`` reads :func:`move.ground_stops` only for a path of more than one hex (5.18
    concerns the hexes passed through): random walks of 1-3 hexes get the verdict of a check given
    the stops read first."""
    from lcb_lab.games.lcb.rules.movement import move
    counts = {"ok": 0, "5.18": 0, "other": 0}
    for seed in range(10):
        g = load_scenario("gotland_redux", seed=seed, auto_policies={})
        g.rollout()
        rng = np.random.default_rng(seed)
        for _ in range(10):
            if g.state.stage != "action" or not g.available_task_forces():
                break
            ctx = g._ctx()
            for u in list(g.state.units.values()):
                if not u.on_map or ctx.is_naval(u):
                    continue
                stops = move.ground_stops(ctx, u.team)
                with monkeypatch.context() as m:        # a one-hex move reads no stops (5.18: none passed)
                    asked = []
                    m.setattr(move, "ground_stops", lambda *a: asked.append(a) or stops)
                    _refusal(move.check_path, ctx, [u], [g.board.neighbours(u.hex)[0]])
                    assert not asked
                for _ in range(3):
                    path, here = [], u.hex
                    for _ in range(int(rng.integers(1, 4))):
                        nbrs = g.board.ground_neighbours(here) or g.board.neighbours(here)
                        here = nbrs[int(rng.integers(len(nbrs)))]
                        path.append(here)
                    lazy = _refusal(move.check_path, ctx, [u], path) or "ok"
                    eager = _refusal(move.check_path, ctx, [u], path, stops) or "ok"
                    assert lazy == eager, (seed, u.uid, path)
                    counts["ok" if lazy == "ok" else "5.18" if lazy[0] == "5.18" else "other"] += 1
            random_impulse(g, rng)
    assert counts["ok"] > 100 and counts["5.18"] > 3 and counts["other"] > 100, counts
