"""The fast paths of the action pipeline give exactly what the slow ones give.

* ``legal_trial.trial`` runs the act on a copy: the game's own objects, log and dice are untouched;
* ``legal_declare.declarable`` (the rules' declaration checks, no copy) agrees with ``trial`` on every
  candidate, legal or not;
* ``legal_trial.apply_if_legal`` / ``legal_templates.sample_and_apply`` leave the same state, log, dice and
  record as ``trial`` + ``Game.apply`` / ``Game.apply(template.sample(rng))``;
* the random player, built on them, plays the very games the plain calls play;
* a quiet ``Ctx`` logs bare entries; the generated copies still copy every field.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field

import numpy as np

from lcb_lab.games.lcb.legal_cards import play_card_options
from lcb_lab.games.lcb import actions as A
from lcb_lab.kernel import datacodec
from lcb_lab.games.lcb import legal, legal_combat, legal_declare, legal_templates, legal_trial
from lcb_lab import load_scenario
from lcb_lab.games.lcb.actions import CHANCE
from lcb_lab.games.lcb.whatif.autoplay import play_random_turns, random_impulse
from lcb_lab.kernel.explain import plain, step
from lcb_lab.games.lcb.rules.movement import move
from lcb_lab.games.lcb.rules.common import Ctx


def _landed(seed: int):
    g = load_scenario("gotland_redux", seed=seed, auto_policies={})
    for u in g.state.units.values():
        if u.embarked_on:
            u.hex, u.embarked_on = "AK-22", None
    return g


def _fingerprint(g) -> str:
    """Everything an act may change: state (log included), dice, record."""
    return json.dumps([g.state.to_dict(), g.dice.state()["forced"], g.dice.history,
                       [s.to_json(A.to_json) for s in g.history.steps], g.history.cursor, sorted(g.history.snapshots),
                       {k: v.state.to_dict() for k, v in g.history.snapshots.items()}],
                      sort_keys=True, default=str)


# ---------------------------------------------------------------- the random player, the slow way
def _slow_move(game, aid, rng):
    d = next(x for x in game.impulse.actions if x.aid == aid)
    units = [game.state.units[u] for u in d.units if not game.state.units[u].destroyed]
    if d.moved or not units or any(u.moved or u.no_move or not u.on_map for u in units):
        return
    paths = list(move.paths(game._ctx(), units).values())
    for i in rng.permutation(len(paths))[:4]:
        a = A.Move(aid, tuple(paths[int(i)]))
        if legal_trial.trial(game, a):
            game.apply(a)
            return


def _answer_windows(game):
    while game.pending is not None and game.pending.kind == "card_response":
        answers = [x for x in legal.legal_actions(game) if isinstance(x, A.Action)]
        game.apply(answers[0] if answers else A.Answer())


def _slow_impulse(game, rng):
    """autoplay.random_impulse written with trial + Game.apply only (as before the fast paths)."""
    tf = game.available_task_forces()
    tf = tf[int(rng.integers(len(tf)))] if tf else None
    if tf is None:
        return
    game.apply(A.BeginImpulse(tf))
    cands = legal_declare.declaration_candidates(game)      # every candidate tried on a copy, as it is reached
    for _ in range(legal_trial.TRIES):
        decl = legal_templates.draw_declaration(cands, game.impulse.ap, rng, lambda i: legal_trial.trial(game, A.Declare((cands[i],))))
        if legal_trial.trial(game, decl):
            break
    else:
        opts = [c for c in cands if legal_trial.trial(game, A.Declare((c,)))]
        decl = A.Declare((opts[int(rng.integers(len(opts)))],) if opts else ())
    game.apply(decl)
    for d in list(game.impulse.actions):
        if rng.random() < 0.5 or (d.split and not d.moved):
            _slow_move(game, d.aid, rng)
    for _ in range(4):                              # cards, as lcb_lab.games.lcb.whatif.autoplay._random_cards plays them
        opts = play_card_options(game)
        if not opts or rng.random() >= 0.7:
            break
        a = opts[int(rng.integers(len(opts)))]
        if legal_trial.trial(game, a):
            game.apply(a)
        _answer_windows(game)
    from lcb_lab.games.lcb.rules.markers import free_actions
    from lcb_lab.games.lcb.rules.transport import ports
    from lcb_lab.games.lcb.rules.submarines import operations
    for _ in range(3):                              # chapters 12-14, as lcb_lab.games.lcb.whatif.autoplay._random_special
        if game.pending is not None or rng.random() >= 0.5:
            break
        opts = ports.offers(game) + free_actions.offers(game) + operations.offers(game)
        if not opts:
            break
        a = opts[int(rng.integers(len(opts)))]
        if legal_trial.trial(game, a):
            game.apply(a)
        _answer_windows(game)
    t = legal_combat.combat_template(game)
    if t is not None:
        game.apply(t.sample(rng))
    elif game.impulse.card_lrs:
        game.apply(A.CommitCombat())
    if game.impulse.combat is not None:
        while game.to_act() == CHANCE:
            game.apply(A.ResolveCombat())
    for d in list(game.impulse.actions):
        if d.kind == "move_conceal" and legal_trial.trial(game, A.Conceal(d.aid)):
            game.apply(A.Conceal(d.aid))
        elif d.kind == "move_resupply":
            ts = legal.resupply_templates(game, d)
            r = ts[int(rng.integers(len(ts)))] if ts else None
            if r is not None:
                game.apply(r.sample(rng))
        if d.split and not d.moved:
            _slow_move(game, d.aid, rng)
    from lcb_lab.games.lcb.rules.markers import sof
    for m in sof.markers(game._ctx(), game.impulse.team):   # owed SOF assaults, as autoplay._owed_sof_assaults (13.41)
        if game.pending is None and sof.owes_continuing(game._ctx(), m):
            opts = [a for a in free_actions.offers(game) if isinstance(a, A.MarkerAction) and a.marker == m.mid]
            if opts:
                a = opts[int(rng.integers(len(opts)))]
                if legal_trial.trial(game, a):
                    game.apply(a)
    game.apply(A.EndImpulse())


def test_the_random_player_plays_the_games_the_plain_calls_play():
    for seed in range(6):
        fast, slow = _landed(seed), _landed(seed)
        n = play_random_turns(fast, 3, seed)
        rng = np.random.default_rng(seed)
        m = 0
        while slow.state.stage == "action" and slow.state.turn < 1 + 3:
            _slow_impulse(slow, rng)
            m += 1
        assert n == m > 0
        assert len(fast.history.steps) > 20
        assert _fingerprint(fast) == _fingerprint(slow), seed
        # and the record replays exactly
        assert fast.replay().state == fast.state


# ---------------------------------------------------------------- trial, declarable
def test_trial_touches_nothing_of_the_game():
    g = _landed(3)
    g.apply(A.BeginImpulse(g.available_task_forces()[0]))
    objs = (g.state.units, list(g.state.units.values()), g.state.impulse, g.state.log)
    before, n, dice = g.state.to_dict(), len(g.state.log), g.dice.state()
    cands = legal_declare.declaration_candidates(g)
    verdicts = [legal_trial.trial(g, A.Declare((c,))) for c in cands] + [legal_trial.trial(g, A.EndImpulse())]
    assert any(verdicts) and True in verdicts
    assert g.state.units is objs[0] and list(g.state.units.values()) == objs[1]
    assert all(a is b for a, b in zip(g.state.units.values(), objs[1]))
    assert g.state.impulse is objs[2] and g.state.log is objs[3] and len(g.state.log) == n
    assert g.state.to_dict() == before and g.dice.state() == dice


def _combat_moments(seeds, impulses: int):
    """``(game, rng, combat template)`` just after a random declaration, impulse after impulse
    of seeded games; once the caller is done, that impulse is taken back and played randomly."""
    for seed in seeds:
        g = _landed(seed)
        rng = np.random.default_rng(seed)
        for _ in range(impulses):
            if g.state.stage != "action" or not g.available_task_forces():
                break
            start = g.history.cursor
            g.apply(A.BeginImpulse(g.available_task_forces()[0]))
            legal_templates.sample_and_apply(legal_templates.Template("declare", tuple(legal_declare.declaration_options(g)),
                                                  {"ap": g.impulse.ap}, g), rng)
            yield g, rng, legal_combat.combat_template(g)
            g.goto(start)
            random_impulse(g, rng)


def _waiting_for_the_roll():
    """A game whose committed combat waits for its roll (to_act() == CHANCE)."""
    for g, rng, t in _combat_moments(range(20), 12):
        if t is not None and t.options:
            g.apply(t.sample(rng))
            if g.to_act() == CHANCE:
                return g
    raise AssertionError("no seed led to committed combat")


def test_a_trial_that_rolls_puts_the_dice_back():
    g = _waiting_for_the_roll()
    dice, hist = g.dice.state(), list(g.dice.history)
    assert legal_trial.trial(g, A.ResolveCombat())
    assert g.dice.state() == dice and g.dice.history == hist
    n = len(g.dice.history)
    g.apply(A.ResolveCombat())                  # the real roll draws (the trial did too, then put them back)
    assert len(g.dice.history) > n


def test_declarable_agrees_with_trial_on_every_candidate():
    seen = {True: 0, False: 0}
    for seed in range(8):
        g = _landed(seed)
        rng = np.random.default_rng(seed)
        for _ in range(8):
            if g.state.stage != "action":
                break
            tfs = g.available_task_forces()
            if not tfs:
                break
            g.apply(A.BeginImpulse(tfs[int(rng.integers(len(tfs)))]))
            ctx = g._ctx()
            for c in legal_declare.declaration_candidates(g) + [A.CoreAction("network_repair"),
                                                         A.CoreAction("play_jcc", jcc="no such card")]:
                v = legal_trial.trial(g, A.Declare((c,)))
                assert legal_declare.declarable(ctx, c) == v, (seed, c)
                seen[v] += 1
            g.undo(1)
            random_impulse(g, rng)
    assert seen[True] > 50 and seen[False] > 5      # both verdicts were exercised


# ---------------------------------------------------------------- apply_if_legal, sample_and_apply
def test_apply_if_legal_equals_trial_then_apply_and_refuses_cleanly():
    g = _landed(1)
    g.apply(A.BeginImpulse(g.available_task_forces()[0]))
    opts = legal_declare.declaration_options(g)
    move_decl = next(c for c in opts if c.kind == "move_combat")
    for action in (A.Declare((move_decl,)), A.Move(1, ("AA-1",))):   # the second one is refused
        a, b = g.fork(), g.fork()
        ok = legal_trial.trial(a, action)
        if ok:
            a.apply(action)
        state, units = b.state, json.dumps(b.state.to_dict()["units"])
        assert legal_trial.apply_if_legal(b, action) is ok
        if not ok:      # the same state object, its units put back as they were (the act ran on the game)
            assert b.state is state and json.dumps(b.state.to_dict()["units"]) == units
        assert _fingerprint(a) == _fingerprint(b)
        assert a.result == b.result
    # undo after a fast-path step goes back exactly
    b = g.fork()
    before = b.state.to_dict()
    assert legal_trial.apply_if_legal(b, A.Declare((move_decl,)))
    assert b.state.impulse.phase == "act" and b.history.steps[-1].action == A.Declare((move_decl,))
    b.undo(1)
    assert b.state.to_dict() == before


def test_sample_and_apply_equals_apply_of_sample():
    for seed in range(5):
        g = _landed(seed)
        g.apply(A.BeginImpulse(g.available_task_forces()[0]))
        a, b = g.fork(), g.fork()
        ta = legal_templates.Template("declare", tuple(legal_declare.declaration_options(a)), {"ap": a.impulse.ap}, a)
        tb = legal_templates.Template("declare", tuple(legal_declare.declaration_options(b)), {"ap": b.impulse.ap}, b)
        ra, rb = np.random.default_rng(seed), np.random.default_rng(seed)
        a.apply(ta.sample(ra))
        done = legal_templates.sample_and_apply(tb, rb)
        assert done == a.history.steps[-1].action
        assert _fingerprint(a) == _fingerprint(b)
        assert ra.random() == rb.random()        # the same random draws were used


# ---------------------------------------------------------------- quiet log, plain, copies
def test_a_quiet_ctx_logs_bare_entries_and_a_loud_one_annotates():
    g = _landed(1)
    entry = step("move", "Move X", "text", ["5.1"], path=("A", "B"))
    assert entry["data"] == {"path": ["A", "B"]}
    quiet = Ctx(g.state.clone(), g.board, g.catalog, g.dice, quiet=True)
    quiet.log(entry, team="US")
    assert quiet.state.log[-1] is entry and "turn" not in entry
    loud = Ctx(g.state.clone(), g.board, g.catalog, g.dice)
    loud.log(entry, team="US", units=[{"uid": "x", "up": False}])
    last = loud.state.log[-1]
    assert last is not entry and last["turn"] == g.state.turn and last["data"]["team"] == "US"


def test_plain_makes_json_native_copies():
    src = {"a": (1, 2), "b": [{"c": (3,)}], "d": "x"}
    out = plain(src)
    assert out == {"a": [1, 2], "b": [{"c": [3]}], "d": "x"}
    assert out is not src and out["b"][0] is not src["b"][0]


@dataclass(frozen=True)
class _Frozen:
    xs: list[int] = field(default_factory=list)


@dataclass
class _Post:
    xs: list[int] = field(default_factory=list)
    n: int = 0

    def __post_init__(self):
        self.n += 1


def test_generated_copies_copy_every_field_and_respect_init_hooks():
    s = _landed(2).state
    c = s.clone()
    assert c == s and c.units is not s.units and c.victory is not s.victory
    assert c.victory[0] is not s.victory[0] and c.victory == s.victory
    u = next(iter(s.units.values()))
    cu = c.units[u.uid]
    assert cu is not u and cu.supply is not u.supply and cu == u
    f = _Frozen([1])
    assert datacodec.clone(f) == f and datacodec.clone(f).xs is not f.xs      # frozen: through __init__
    assert datacodec.clone(_Post([1])).n == 2                                 # __post_init__ still runs


def test_committable_agrees_with_trial_on_combat_allocations():
    """``legal_combat.committable`` (the rules' commit checks, no copy) gives trial's verdict, legal or not."""
    seen = {True: 0, False: 0}
    for g, rng, t in _combat_moments(range(8), 10):
        if t is None:
            continue
        base = list(t.limits["base"])
        for o in t.options:
            for n in (1, 3, 9):       # 9 dice: beyond any supply, refused (7.08, 7.34)
                part = (A.GroundAssault(o.attacker, o.target, n) if isinstance(o, A.GroundAssault)
                        else A.LrsAttack(o.shooter, o.slot, o.target, n))
                for a in (legal_templates._commit(base + [part]), legal_templates._commit(base + [part, part])):
                    v = legal_trial.trial(g, a)
                    assert legal_combat.committable(g, a) == v, a
                    seen[v] += 1
    assert seen[True] > 20 and seen[False] > 20      # both verdicts were exercised


def _move_candidates(g, d) -> list:
    """Every destination path of declared action ``d`` and paths the rules refuse: backwards, a hex
    too far, a jump, the start hex only, a path of another action."""
    units = [g.state.units[u] for u in d.units if not g.state.units[u].destroyed]
    if not units or units[0].hex is None:
        return [A.Move(d.aid, ("AK-22",))]
    paths = [tuple(p) for p in move.paths(g._ctx(), units).values()]
    bad = [(units[0].hex,), ("AA-1",)]
    for p in paths[:6]:
        bad += [p[::-1], p + p[-1:], p[1:] if len(p) > 1 else p + ("AA-1",), (units[0].hex, *p)]
    return [A.Move(d.aid, p) for p in paths + bad] + [A.Move(d.aid + 7, paths[0] if paths else ("AK-22",))]


def _public_moments(seeds, steps: int = 120):
    """``(seed, game)`` after each step of the public loop (``legal_actions``, a uniform pick, a
    template sampled, ``apply``) on landed gotland_redux games, while a team acts."""
    from lcb_lab.kernel.legal import Template
    for seed in seeds:
        g = _landed(seed)
        rng = np.random.default_rng(seed)
        for _ in range(steps):
            yield seed, g
            if g.to_act() is None:
                break
            acts = g.legal_actions()
            pick = acts[int(rng.integers(len(acts)))]
            g.apply(pick.sample(rng) if isinstance(pick, Template) else pick)


def test_movable_agrees_with_trial_on_every_path():
    """``legal_trial.movable`` (the Move handler's checks, no copy) gives trial's verdict on every
    destination and on refused paths, in states of random public play (card markers on the map
    included), and ``legal.move_options`` lists exactly the paths trial accepts."""
    seen = {True: 0, False: 0}
    with_markers = 0
    for seed, g in _public_moments(range(6)):
        imp = g.state.impulse
        if imp is None or imp.phase == "declare" or g.pending is not None:
            continue
        for d in imp.actions:
            for a in _move_candidates(g, d):
                v = legal_trial.trial(g, a)
                assert legal_trial.movable(g, a) == v, (seed, a)
                seen[v] += 1
                with_markers += bool(g.state.card_markers)
            units = [g.state.units[u] for u in d.units if not g.state.units[u].destroyed]
            if d.moved or not units or any(u.moved or u.no_move or not u.on_map for u in units):
                expected = []
            else:
                expected = [a for a in (A.Move(d.aid, tuple(p)) for p in move.paths(g._ctx(), units).values())
                            if legal_trial.trial(g, a)]
            assert legal.move_options(g, d.aid) == expected, (seed, d.aid)
    assert seen[True] > 100 and seen[False] > 300 and with_markers > 100   # both verdicts, markers on the map


def test_zor_ok_and_endable_agree_with_trial():
    """``legal_trial.zor_ok`` and ``legal_trial.endable`` (the handlers' checks, no copy) give trial's
    verdict: every ExerciseZor into each neighbour of every declared action's hex and a hex two
    away, and EndImpulse, at every step of random public play (pending choices included)."""
    seen = {"zor": {True: 0, False: 0}, "end": {True: 0, False: 0}}
    for seed, g in _public_moments(range(6)):
        imp = g.state.impulse
        if imp is None:
            continue
        v = legal_trial.trial(g, A.EndImpulse())
        assert legal_trial.endable(g) == v, (seed, g.history.cursor)
        seen["end"][v] += 1
        for d in imp.actions:
            here = next((g.state.units[u].hex for u in d.units if g.state.units[u].hex), None) or "AK-22"
            near = list(g.board.neighbours(here))
            far = next(h for h in g.board.neighbours(near[0]) if h != here and h not in near)
            for a in [A.ExerciseZor(d.aid, h) for h in near + [far]] + [A.ExerciseZor(d.aid + 7, near[0])]:
                v = legal_trial.trial(g, a)
                assert legal_trial.zor_ok(g, a) == v, (seed, a)
                seen["zor"][v] += 1
    assert min(seen["zor"].values()) > 50 and min(seen["end"].values()) > 50   # both verdicts, both acts


def test_transport_marker_offers_skip_only_acts_trial_refuses():
    """``marker_action.surely_refused`` (read without trying) is never True for an act trial accepts,
    and ``marker_action.offers`` lists exactly the candidates trial accepts, in order: at every step
    of random public play of gotland_redux whose first impulse lands the embarked units by the LCU's
    marker (its unload and re-embark acts, with and without a move)."""
    from lcb_lab.games.lcb.rules.transport import marker_action
    from lcb_lab.games.lcb.whatif.experiments import land_embarked
    from lcb_lab.kernel.legal import Template
    seen = {"skipped": 0, "tried": 0, "accepted": 0}
    for seed in range(6):
        g = load_scenario("gotland_redux", seed=seed, auto_policies={})
        land_embarked(g, "AL-23")
        rng = np.random.default_rng(seed)
        for _ in range(150):
            if g.to_act() is None:
                break
            s = g.state
            mines_on_map = any(x.kind == "mine" for x in s.card_markers.values())
            expected = []
            for m, a in marker_action.candidates(g):
                v = legal_trial.trial(g, a)
                if marker_action.surely_refused(s, m, a, mines_on_map):
                    assert not v, (seed, a)
                    seen["skipped"] += 1
                else:
                    seen["tried"] += 1
                if v:
                    expected.append(a)
                    seen["accepted"] += 1
            assert marker_action.offers(g) == expected, (seed, g.history.cursor)
            acts = g.legal_actions()
            pick = acts[int(rng.integers(len(acts)))]
            g.apply(pick.sample(rng) if isinstance(pick, Template) else pick)
    assert seen["skipped"] > 100 and seen["accepted"] > 20 and seen["tried"] > seen["accepted"], seen


def test_relinquishable_agrees_with_trial():
    """``legal_trial.relinquishable`` (the Relinquish handler's checks, no copy) gives trial's verdict
    at every step of random public play (impulses, turn starts, pending choices, open chains), and
    ``legal_actions`` offers Relinquish exactly when trial accepts it."""
    seen = {True: 0, False: 0}
    for seed, g in _public_moments(range(6), steps=150):
        v = legal_trial.trial(g, A.Relinquish())
        assert legal_trial.relinquishable(g) == v, (seed, g.history.cursor)
        seen[v] += 1
        if g.to_act() not in (None, CHANCE) and g.pending is None and g.state.impulse is None:
            assert (A.Relinquish() in g.legal_actions()) == v, (seed, g.history.cursor)
    assert seen[True] >= 5 and seen[False] > 300, seen


def test_concealable_agrees_with_trial():
    """``legal_trial.concealable`` (the Conceal handler's checks, no copy) gives trial's verdict on
    every declared action -- of each kind, all its units, one of them, an unknown action -- at every
    step of random public play (naval ZORs, enemy ground units, pending choices)."""
    seen = {True: 0, False: 0}
    for seed, g in _public_moments(range(6), steps=150):
        imp = g.state.impulse
        if imp is None:
            continue
        cands = [A.Conceal(99)]
        for d in imp.actions:
            cands += [A.Conceal(d.aid)] + [A.Conceal(d.aid, (u,)) for u in d.units[:1]]
        for a in cands:
            v = legal_trial.trial(g, a)
            assert legal_trial.concealable(g, a) == v, (seed, a)
            seen[v] += 1
    assert seen[True] > 50 and seen[False] > 300, seen
