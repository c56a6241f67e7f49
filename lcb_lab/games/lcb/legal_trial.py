"""Trying an act without keeping it: :func:`trial` (on a copy, the game untouched) and
:func:`apply_if_legal` (one run: applied when the rules accept it), the two ways the legal-action
generators (:mod:`lcb_lab.games.lcb.legal`) and the random player ask the rules themselves; and
trial's verdict without the copy, from a handler's own checks on the live state, where what
follows them in the handler never refuses: :func:`movable` (Move, 5.1), :func:`zor_ok`
(ExerciseZor, 6.21), :func:`endable` (EndImpulse, 3.3), :func:`relinquishable` (Relinquish, 3.41), :func:`concealable` (Conceal, 6.1).
"""
from __future__ import annotations

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb import handlers
from lcb_lab.games.lcb.handlers import HANDLERS
from lcb_lab.games.lcb.rules.movement import conceal, move as move_rules
from lcb_lab.games.lcb.rules.stages import sequence
from lcb_lab.kernel import legal as kernel_legal
from lcb_lab.kernel.errors import DiceExhausted, IllegalAction
from lcb_lab.games.lcb.rules.common import Ctx, GameLike


TRIES = kernel_legal.TRIES
"""Random combinations a template tries before it falls back to a single option."""


def trial(game: GameLike, action: A.Action) -> bool:
    """Whether the rules accept ``action`` now; the game is untouched either way.

    The handler runs on a copy of the state (the game's own objects are never
    changed, so nothing needs putting back) with a quiet context (log entries are
    appended bare, without the observer's annotations, and dropped after)."""
    return _run_on_copy(game, action, quiet=True) is not None


def apply_if_legal(game: GameLike, action: A.Action) -> bool:
    """Apply ``action`` when the rules accept it and return True; else return False with
    the game untouched.  The same state, log, dice and history as ``trial`` followed by
    ``game.apply`` (for an action that :func:`lcb_lab.games.lcb.actions.check` leaves as it is,
    e.g. one made by this module), from ONE run of the handler: ``Game.apply`` without its
    check and events (the random player's acts are nearly always accepted, so the act runs on
    the game itself, after the snapshot the record keeps anyway).  A Conceal (often refused: the
    random player tries one for each Move and/or Conceal action) is first asked
    :func:`concealable`, the handler's own checks on the live state, nothing run or changed when
    it is refused (a refusal would put the game back: in a rollout, a replay of the impulse)."""
    if type(action) is A.Conceal and not concealable(game, action):
        return False
    try:
        game._apply(action, events=False)
    except (IllegalAction, DiceExhausted):
        return False
    return True


def _run_on_copy(game: GameLike, action: A.Action, quiet: bool):
    """Run ``action``'s handler on a copy of the state that shares the game's log list.
    Refused (IllegalAction, dice exhausted): None, with the log and dice put back.
    Accepted: ``(copy, result, dice state before, dice history length before, log
    length before)``; when ``quiet`` the log and dice are put back too, else the log
    keeps the act's entries and the dice its draws (the caller commits the copy)."""
    state, dice = game.state, game.dice
    log = state.log
    n, dh, df, before = len(log), len(dice.history), dice.forced_left, dice.state()
    copy = state.clone(share_log=True)
    ok = False
    try:
        result = HANDLERS[type(action)](game, Ctx(copy, game.board, game.catalog, dice, game.decks, quiet=quiet),
                                        action)
        ok = True
    except (IllegalAction, DiceExhausted):
        return None
    finally:
        if quiet or not ok:
            del log[n:]
            if len(dice.history) != dh or dice.forced_left != df:   # every draw is recorded (dice.roll)
                dice.set_state(before)
                del dice.history[dh:]
    return copy, result, before, dh, n


def _kept(game: GameLike, candidates) -> list:
    return [a for a in candidates if trial(game, a)]


def movable(game: GameLike, action: A.Move, ctx: Ctx | None = None, stops: dict | None = None) -> bool:
    """Whether the rules accept ``action`` (a Move of a whole declared stack, ``units`` None) now:
    the verdict of :func:`trial`, from the Move handler's own checks on the live state (the chain
    and choices, 9.46; the declared action, 3.03, 3.31, 3.38; 5.16; the stack, 5.11; the path,
    :func:`lcb_lab.games.lcb.rules.movement.move.check_path`, 5.1-5.19, 7.44), nothing copied or changed.

    Why the verdicts agree: what follows those checks in the handler never refuses when no mine
    marker is on the map -- the walk places the stack hex by hex, and naval ZORs (6.23, 12.23),
    contact (6.22) and the card markers met (13.23, 13.24, 13.42) only reveal and log; with no
    mines nothing stops the move (13.34) and no die is rolled.  Anything else (mines on the map, a
    submarine, MILDECs moving alone, part of a stack, 5.13) is tried on a copy (:func:`trial`).
    ``stops``: a dict the caller keeps while the state does not change (the hexes that stop a
    ground move, 5.18, found once for many paths).
    ``tests/engine/test_fast_paths.py`` checks the two agree on many states."""
    s = game.state
    if action.units is not None or any(m.kind == "mine" for m in s.card_markers.values()):
        return trial(game, action)
    if s.chain or s.choices:           # the handler refuses first (9.46, or the pending choice's rule)
        return False
    ctx = ctx or game._ctx()
    try:
        d = handlers.declared(ctx, action.action)
        if d.moved or d.kind == "play_jcc" or not d.units:
            return False if d.moved or d.units or not d.markers else trial(game, action)
        movers = [s.units[u] for u in d.units if not s.units[u].destroyed]
        if not movers:
            return False
        if move_rules._domain(ctx, movers) == "submarine":
            return trial(game, action)
        team = movers[0].team
        known = None if stops is None else stops.get(team)
        if known is None and stops is not None:
            known = stops[team] = move_rules.ground_stops(ctx, team)
        move_rules.check_path(ctx, movers, list(action.path), known)
    except IllegalAction:
        return False
    return True


def zor_ok(game: GameLike, action: A.ExerciseZor, ctx: Ctx | None = None) -> bool:
    """Whether the rules accept ``action`` now: the verdict of :func:`trial`, from the ExerciseZor
    handler's own checks on the live state (:func:`lcb_lab.games.lcb.handlers.check_exercise_zor`,
    :func:`lcb_lab.games.lcb.rules.movement.conceal.check_ground_zor`; 9.46, 3.03, 3.31, 3.38, 6.21),
    nothing copied or changed.  What follows them in the handler only reveals and logs (6.21, 13.11,
    13.44, 17.1) and rolls no die, so it never refuses."""
    if game.state.chain:
        return False
    ctx = ctx or game._ctx()
    try:
        _, units = handlers.check_exercise_zor(ctx, action)
        conceal.check_ground_zor(ctx, units, units[0].hex, action.hex)
    except IllegalAction:
        return False
    return True


def endable(game: GameLike, ctx: Ctx | None = None) -> bool:
    """Whether the rules accept EndImpulse now: the verdict of :func:`trial`, from the impulse's
    end checks on the live state (:func:`lcb_lab.games.lcb.rules.stages.sequence.check_end`; 3.3,
    3.37, 3.38, 7.22, 9.05, 9.46, 13.34), nothing copied or changed.  What follows them never refuses
    unless the turn ends (the orange cubes swept, 12.54; submarines' fire reset, 14.04; markers'
    moves reset, 13.21: none refuses or rolls); an impulse that ends the turn (3.4, 3.5, 16.0: checks
    and draws) is tried on a copy (:func:`trial`)."""
    s = game.state
    if s.chain:
        return False
    ctx = ctx or game._ctx()
    try:
        sequence.check_end(ctx)
    except IllegalAction:
        return False
    ending = s.impulse.task_force
    if all(tf in s.tf_order or tf == ending for tf in s.task_forces):
        return trial(game, A.EndImpulse())
    return True


def relinquishable(game: GameLike) -> bool:
    """Whether the rules accept Relinquish now: the verdict of :func:`trial`, from the handler's own
    checks on the live state (no open chain, 9.46; :func:`lcb_lab.games.lcb.rules.stages.sequence.check_relinquish`,
    3.41), nothing copied or changed.  What follows them never refuses and rolls no die: the
    initiative handed over and the Influence Meter moved one space, clamped, and logged (3.42, 15.21)."""
    if game.state.chain:
        return False
    try:
        sequence.check_relinquish(game._ctx())
    except IllegalAction:
        return False
    return True


def concealable(game: GameLike, action: A.Conceal) -> bool:
    """Whether the rules accept ``action`` now: the verdict of :func:`trial`, from the Conceal
    handler's own checks on the live state (no open chain, 9.46;
    :func:`lcb_lab.games.lcb.handlers.check_conceal`: 3.03, 3.36, 3.38, 6.1, 6.22, 6.23, 13.42, 14.06),
    nothing copied or changed.  What follows them never refuses and rolls no die: the counters
    turned face down with their MILDECs and logged (6.1, 6.12), National Markers removed (17.1)."""
    if game.state.chain:
        return False
    try:
        handlers.check_conceal(game._ctx(), action)
    except IllegalAction:
        return False
    return True
