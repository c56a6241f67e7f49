"""A random but legal player, for benchmarks, property tests and demo games.

``random_impulse(game, rng)`` plays one impulse of the Task Force due next:
it declares up to its AP of Core Actions for random stacks, moves some of
them, fires LRS at revealed enemies in range, assaults in contested hexes,
conceals and resupplies where the rules allow, and ends the impulse.  The
defender's decisions are answered by the named default policies
(``decisions.DEFAULT_POLICIES``), so the game must be created with
``auto_policies={}`` (or other named policies).

The player's *choices* come from the ``numpy.random.Generator`` passed in;
every *dice roll* still goes through the game's :class:`~lcb_lab.dice.Dice`.
Anything the engine refuses is simply skipped, so the result is always a
legal line of play.
"""
from __future__ import annotations

import numpy as np

from .errors import IllegalAction
from .game import Game
from .state import other


def _stacks(game: Game, tf: str) -> list[list[str]]:
    """The stacks ``tf`` may still activate (one definition: rules.stacks)."""
    from .rules.stacks import available_stacks
    return available_stacks(game._ctx(), tf)


def _kind_for(game: Game, stack: list[str], rng: np.random.Generator) -> str:
    types = [game.utype(u) for u in stack]
    if any(t.is_logistics for t in types) and rng.random() < 0.6:
        return "move_resupply"
    return "move_combat" if rng.random() < 0.75 else "move_conceal"


def _try(fn, *args) -> bool:
    try:
        fn(*args)
        return True
    except IllegalAction:
        return False


def random_impulse(game: Game, rng: np.random.Generator) -> None:
    """Play one legal impulse for a Task Force that may go next."""
    tfs = game.available_task_forces()
    if not tfs:
        return
    tf = tfs[int(rng.integers(len(tfs)))]
    game.begin_impulse(tf)
    stacks = _stacks(game, tf)
    rng.shuffle(stacks)
    actions = [{"kind": _kind_for(game, s, rng), "units": s} for s in stacks[:game.impulse.ap]]
    game.declare(actions)
    for i, a in enumerate(actions):
        if rng.random() < 0.5:
            _random_move(game, i, a["units"], rng)
    _random_combat(game, rng)
    for i, a in enumerate(actions):
        if a["kind"] == "move_conceal":
            _try(game.conceal, i)
        elif a["kind"] == "move_resupply":
            _random_resupply(game, i, a["units"])
        d = game.impulse.actions[i]
        if d.split and not d.moved:
            _random_move(game, i, a["units"], rng)
    game.end_impulse()


def _random_move(game: Game, i: int, units: list[str], rng: np.random.Generator) -> None:
    reach = [h for h in game.movement_reach(units) if h != game.unit(units[0]).hex]
    if reach:
        dest = reach[int(rng.integers(len(reach)))]
        try:
            game.move(i, game.path_to(units, dest))
        except IllegalAction:
            pass


def _random_combat(game: Game, rng: np.random.Generator) -> None:
    from . import hexgrid
    from .rules import continuing
    imp = game.impulse
    enemies = [u for u in game.state.living(other(imp.team)) if u.on_map]
    lrs, ga = [], []
    engaged = sorted(continuing.zero_ap_attackers(game._ctx(), imp.task_force))   # 7.22: must fight
    groups = [d.units for d in imp.actions
              if d.kind == "move_combat" and not d.over_mp and not (d.split and not d.moved)]
    seen: set[str] = set()
    for units in groups + [engaged]:
        for uid in units:
            if uid in seen:
                continue
            seen.add(uid)
            u, t = game.unit(uid), game.utype(uid)
            here = [e for e in enemies if e.hex == u.hex and not game.utype(e.uid).is_naval]
            ga_cv = t.cv("GA")
            if here and ga_cv and u.supply.get("GA", 0) > 0:
                tgt = here[int(rng.integers(len(here)))]
                ga.append({"attacker": uid, "target": tgt.uid, "dice": int(min(u.supply["GA"], 4))})
                continue
            for cv in t.cvs_of("LRS"):
                left = u.supply.get(cv.slot)
                if left == 0:
                    continue
                targets = [e for e in enemies if e.revealed and cv.in_range(hexgrid.distance(u.hex, e.hex))]
                if targets:
                    tgt = targets[int(rng.integers(len(targets)))]
                    n = int(rng.integers(1, 5)) if left is None else int(min(left, rng.integers(1, 5)))
                    lrs.append({"shooter": uid, "slot": cv.slot, "target": tgt.uid, "dice": n})
                    break
    committed = (lrs or ga) and _try(game.commit_combat, lrs, ga)
    if not committed and engaged:      # fall back to the compulsory Continuing Combat alone
        committed = _try(game.commit_combat, [], [a for a in ga if a["attacker"] in engaged])
    if committed:
        while not game.resolve_combat():
            game.answer_policy()


def _random_resupply(game: Game, i: int, units: list[str]) -> None:
    for uid in units:
        t = game.utype(uid)
        if not t.is_logistics:
            continue
        reach = game.resupply_reach(uid, "RV1")
        rv = t.rv("RV1")
        budget = min(rv.value, game.unit(uid).supply.get("RP", 0)) if rv else 0
        grants = []
        for r in game.state.living(game.unit(uid).team):
            if budget <= 0 or not r.on_map or r.hex not in reach or game.utype(r.uid).is_naval:
                continue
            for cv in game.utype(r.uid).cvs:
                if cv.supply is not None and r.supply.get(cv.slot, 0) < cv.supply:
                    n = min(budget, cv.supply - r.supply.get(cv.slot, 0))
                    grants.append({"unit": r.uid, "slot": cv.slot, "rp": n})
                    budget -= n
                    break
        if grants:
            _try(game.resupply, i, uid, "RV1", grants)


def play_random_turns(game: Game, turns: int, seed: int = 0) -> int:
    """Play random legal impulses until ``turns`` turns are done or the game ends.

    Returns the number of impulses played.
    """
    rng = np.random.default_rng(seed)
    n = 0
    start = game.state.turn
    while game.state.stage == "action" and game.state.turn < start + turns:
        random_impulse(game, rng)
        n += 1
    return n
