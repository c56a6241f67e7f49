"""A random but legal player, for benchmarks, property tests and demo games.

Built on the legal-action generators of :mod:`lcb_lab.games.lcb.legal` (nothing is
tried and skipped): ``random_impulse(game, rng)`` plays one impulse of a
Task Force that may go next -- it declares a random legal combination of
Core Actions (:func:`lcb_lab.games.lcb.legal_declare.sample_and_apply_declaration`: the
candidates are checked only when the draw reaches them), moves about half of the declared
stacks to a random legal destination, commits a random legal combat
allocation (the ``commit_combat`` template, which includes any compulsory
Continuing Combat, 7.22), takes some of the offered acts of chapters 12-14 (port
transfers, card markers' actions, submarines' attacks and ASW), conceals and
resupplies where the rules allow, and ends the impulse.  The defender's choices are answered by the named default
policies (``choices.DEFAULT_POLICIES``), so the game must be created with
``auto_policies={}`` (or other named policies).

What is not LC:B's comes from the kernel (:mod:`lcb_lab.kernel.autoplay`: the uniform draw, the
paused collector; its :func:`~lcb_lab.kernel.autoplay.play_random` plays LC:B too, act by act).
The player's *choices* come from the ``numpy.random.Generator`` passed in;
every *dice roll* still goes through the game's :class:`~lcb_lab.kernel.dice.Dice`.

Speed (benchmarks/run.py, figure 3): an act the player tries is run once, on a
copy of the state, and that copy becomes the game's next step when the rules
accept it (:func:`lcb_lab.games.lcb.legal_trial.apply_if_legal`, :func:`lcb_lab.games.lcb.legal_templates.sample_and_apply`)
-- the same games, log, dice and record as trying then ``Game.apply``.  While
:func:`play_random_turns` plays, the cyclic garbage collector is paused (as
``timeit`` does): a playout makes no reference cycles (refcounting frees all its
garbage; ``tests/engine/test_autoplay_gc.py``), and the collector would only
re-scan the history's growing snapshots (20-30% of the time, figure 3).  A game switched to
rollout mode first (:meth:`lcb_lab.kernel.engine.Engine.rollout`: nothing recorded) plays the very
same game (``tests/engine/test_rollout.py``); figure 3 times that.
"""
from __future__ import annotations

import numpy as np

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb import legal, legal_combat, legal_declare, legal_templates, legal_trial
from lcb_lab.games.lcb.actions import CHANCE
from lcb_lab.games.lcb.choices import CardResponseChoice, EventChoice
from lcb_lab.games.lcb.game import Game
from lcb_lab.games.lcb.rules.movement import move
from lcb_lab.kernel.autoplay import choose as _pick
from lcb_lab.kernel.autoplay import cyclic_gc_paused

__all__ = ["random_impulse", "play_random_turns", "cyclic_gc_paused"]


def random_impulse(game: Game, rng: np.random.Generator) -> None:
    """Play one legal impulse for a Task Force that may go next (the turn's Event Card questions
    answered first, at random: 16.0)."""
    while isinstance(game.pending, EventChoice):
        _apply(game, _pick(rng, game.legal_actions()))
    tf = _pick(rng, game.available_task_forces())
    if tf is None:
        return
    _apply(game, A.BeginImpulse(tf))
    legal_declare.sample_and_apply_declaration(game, rng)   # candidates checked only when drawn
    for d in list(game.impulse.actions):
        if rng.random() < 0.5 or (d.split and not d.moved):
            _random_move(game, d.aid, rng)
    _random_cards(game, rng)
    _random_special(game, rng)
    t = legal_combat.combat_template(game)
    if t is not None:
        legal_templates.sample_and_apply(t, rng)
    elif game.impulse.card_lrs:                   # only a card attacks: commit it (9.05)
        _apply(game, A.CommitCombat())
    if game.impulse.combat is not None:
        while game.to_act() == CHANCE:
            _apply(game, A.ResolveCombat())
    for d in list(game.impulse.actions):
        if d.kind == "move_conceal":
            legal_trial.apply_if_legal(game, A.Conceal(d.aid))
        elif d.kind == "move_resupply":
            r = _pick(rng, legal.resupply_templates(game, d))   # one RESUPPLY per logistics unit (8.01)
            if r is not None:
                legal_templates.sample_and_apply(r, rng)
        if d.split and not d.moved:
            _random_move(game, d.aid, rng)
    _owed_sof_assaults(game, rng)
    _apply(game, A.EndImpulse())


def _owed_sof_assaults(game: Game, rng: np.random.Generator) -> None:
    """The SOF markers' GROUND ASSAULTs the impulse owes before it ends (13.41: a SOF marker
    always fights its hex's Continuing Combat, 7.22): each at a random offered target."""
    from lcb_lab.games.lcb.rules.markers import free_actions, sof
    ctx = game._ctx()
    for m in sof.markers(ctx, game.impulse.team):
        if game.pending is None and sof.owes_continuing(ctx, m):
            opts = [a for a in free_actions.offers(game) if isinstance(a, A.MarkerAction) and a.marker == m.mid]
            if opts:
                legal_trial.apply_if_legal(game, _pick(rng, opts))


def _random_cards(game: Game, rng: np.random.Generator) -> None:
    """Play random legal cards (PlayCard, 3.31, 9.2) while some are offered, each with
    probability 0.7; a response window the play opens is answered by its first legal answer
    (the chains' policies decide when ``auto_policies`` are set).  The options
    (:func:`lcb_lab.games.lcb.legal_cards.play_card_options`) are checked one by one: the first
    tells whether there is any before the draw, the rest only when a card is played; the one drawn
    is applied without checking again what its option passed (``legal_cards.apply_checked``)."""
    from lcb_lab.games.lcb.legal_cards import apply_checked, iter_play_card_options
    for _ in range(4):
        uses: dict = {}
        offered = iter_play_card_options(game, uses)
        first = next(offered, None)
        if first is None or rng.random() >= 0.7:
            return
        opts = [first, *offered]
        apply_checked(game, _pick(rng, opts), uses)     # its checks not made again (same state)
        _answer_windows(game)


def _answer_windows(game: Game) -> None:
    """Answer the card-response windows a play opened with their first legal answer."""
    while isinstance(game.pending, CardResponseChoice):
        answers = [a for a in legal.legal_actions(game) if isinstance(a, A.Action)]
        _apply(game, answers[0] if answers else A.Answer())


def _random_special(game: Game, rng: np.random.Generator) -> None:
    """Take random offered acts of chapters 12-14 (port transfers, card markers' free actions,
    TORPEDO ATTACK, the submarine ZOR, offensive ASW: ``rules.ports`` / ``marker_actions`` /
    ``submarine`` ``offers``), each with probability 0.5, at most 3 an impulse."""
    from lcb_lab.games.lcb.rules.markers import free_actions
    from lcb_lab.games.lcb.rules.transport import ports
    from lcb_lab.games.lcb.rules.submarines import operations
    for _ in range(3):
        if game.pending is not None or rng.random() >= 0.5:
            return
        opts = ports.offers(game) + free_actions.offers(game) + operations.offers(game)
        if not opts:
            return
        legal_trial.apply_if_legal(game, _pick(rng, opts))
        _answer_windows(game)           # a marker's effect is a card link the other team may answer (13.25)


def _apply(game: Game, action: A.Action) -> None:
    """``game.apply(action)`` for an act that is legal by construction: one run on a copy
    (:func:`legal_trial.apply_if_legal`); a refusal still raises, from ``game.apply``."""
    if not legal_trial.apply_if_legal(game, action):
        game.apply(action)


def _random_move(game: Game, aid: int, rng: np.random.Generator) -> None:
    """Move declared action ``aid`` to a random legal destination (one reach search)."""
    d = next(x for x in game.impulse.actions if x.aid == aid)
    units = [game.state.units[u] for u in d.units if not game.state.units[u].destroyed]
    if d.moved or not units or any(u.moved or u.no_move or not u.on_map for u in units):
        return
    dests, path_to = move.destinations(game._ctx(), units)    # move.paths, each path made when drawn
    for i in rng.permutation(len(dests))[:4]:
        a = A.Move(aid, tuple(path_to(dests[int(i)])))
        if legal_trial.apply_if_legal(game, a):   # one run of the act: tried and applied (legal_trial.apply_if_legal)
            return


def play_random_turns(game: Game, turns: int, seed: int = 0) -> int:
    """Play random legal impulses until ``turns`` turns are done or the game ends
    (with the cyclic garbage collector paused, see the module doc).

    Returns the number of impulses played.
    """
    rng = np.random.default_rng(seed)
    n = 0
    start = game.state.turn
    with cyclic_gc_paused():
        while game.state.stage == "action" and game.state.turn < start + turns:
            random_impulse(game, rng)
            n += 1
    return n
