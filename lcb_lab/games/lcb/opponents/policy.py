"""The policy interface: a :class:`Decision` (one act and the reason for it) and a :class:`Policy`.

A policy plays one team.  ``decide(game, team, rng)`` gives the next act of ``team`` -- an act of
its impulse, the start of an impulse (3.3), or the answer to a pending choice of that team
(INTERCEPT 7.5, MILDEC 4.22, card responses 9.4, ...) -- from what ``game.legal_actions(team)``
offers (templates sampled with ``rng``); ``play_impulse(game, rng)`` plays one whole impulse for
a Task Force that may go next, act by act (the *continuation* interface the plan studies share:
``name`` and ``play_impulse``).  The other team's choices met on the way are answered by the
game's ``auto_policies`` or, when the game has none, by the named default answers
(:data:`lcb_lab.games.lcb.choices.DEFAULT_POLICIES`).

What a policy may read: ``game.legal_actions(team)``, ``game.view(team)``, the kill chain as
``team`` knows it and the public parts of the state -- never the other team's secrets (the
search policy plays in worlds sampled from that knowledge, :mod:`lcb_lab.games.lcb.whatif.worlds`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb import choices
from lcb_lab.games.lcb.actions import CHANCE
from lcb_lab.games.lcb.rules.stages.sequence import CORE_ACTION_NAMES
from lcb_lab.kernel.legal import Template

MAX_ACTS = 60
"""Acts a policy takes in one impulse at most; then it ends the impulse (a guard, not a rule)."""


@dataclass(frozen=True)
class Decision:
    """One act and why: ``action`` (a typed action), ``reason`` (one plain sentence with the
    numbers and rule it rests on, written from the deciding team's knowledge), ``public`` (what
    the other team may read of it: no figure resting on a value it cannot see)."""

    action: A.Action
    reason: str
    public: str = ""


def candidates(game: Any, team: str, rng: np.random.Generator, samples: int = 6, singles: int = 0,
               offered: list | None = None) -> list[A.Action]:
    """The acts ``team`` may take now: the concrete legal actions, and ``samples`` random draws of
    each template (declarations, allocations, answers) plus its first ``singles`` options each on
    its own (``Template.make(rng, option)``: one LRS value on one target, all its dice); duplicates
    dropped, in offer order.  ``offered``: ``game.legal_actions(team)`` when the caller has it."""
    out: list[A.Action] = []
    seen: set = set()                   # the acts are frozen: a set finds a duplicate at once
    for a in game.legal_actions(team) if offered is None else offered:
        drawn = ([a.make(rng, o) for o in a.options[:singles]] + [a.sample(rng) for _ in range(samples)]
                 if isinstance(a, Template) else [a])
        for x in drawn:
            if x not in seen:
                seen.add(x)
                out.append(x)
    return out


def act_words(action: A.Action, game: Any = None) -> str:
    """A short name of ``action`` for a reason ("LRS on DDG-51", "Move #1 to AL-23", "Declare Move
    and/or Initiate Combat: DDG-605", "play Cruise Missile Strike (A) on LHD 1"): a declaration names
    its units and cards, a card play its card by name when ``game`` is given (else as the action
    holds it, an id such as "RU-8"), and a card it targets by name only if the team may see it (9.02).
    The words are the acting team's own (its units, its cards, what it sees)."""
    if isinstance(action, A.CommitCombat):
        targets = sorted({x.target for x in action.lrs} | {g.target for g in action.ga if hasattr(g, "target")})
        return ("LRS on " + ", ".join(targets)) if targets else "commit combat"
    if isinstance(action, A.Move):
        return f"Move #{action.action} to {action.path[-1]}" if action.path else f"Move #{action.action}"
    if isinstance(action, A.Declare):
        return "Declare " + ("; ".join(_core_words(c) for c in action.actions) or "nothing")
    if isinstance(action, A.BeginImpulse):
        return f"begin {action.task_force}'s impulse"
    if isinstance(action, A.ExerciseZor):
        return f"ZOR at {action.hex}"
    if isinstance(action, A.PlayCard):
        on = ", ".join(_target_words(game, action.card, t) for t in action.targets) or action.hex
        return f"play {card_name(game, action.card)} ({action.option})" + (f" on {on}" if on else "")
    if isinstance(action, A.OffensiveAsw):
        return f"offensive ASW of #{action.action}"
    if isinstance(action, A.EndImpulse):
        return "End Impulse"
    return type(action).__name__


def _core_words(c: A.CoreAction) -> str:
    """One declared Core Action (3.31): its name, then its card and units ("Play a JCC: Cruise Missile Strike")."""
    what = ", ".join(([c.jcc] if c.jcc else []) + list(c.units))
    name = CORE_ACTION_NAMES.get(c.kind, c.kind)
    return f"{name}: {what}" if what else name


def _target_words(game: Any, card: str, target: str) -> str:
    """A card play's target: a unit or hex as it is; a card by its name when the player may know it (its own
    team's, or face up), else "a hidden card (9.02)" -- a reason never names a card its team cannot see."""
    cards = _cards(game)
    c, own = cards.get(target), cards.get(card)
    if c is None:
        return target
    return c.name if c.face_up or (own is not None and own.team == c.team) else "a hidden card (9.02)"


def card_name(game: Any, card: str) -> str:
    """The name of ``card`` (an id such as "RU-8", or a name) in ``game``; ``card`` itself without a game
    or when no card has that id."""
    c = _cards(game).get(card)
    return getattr(c, "name", card) if c is not None else card


def _cards(game: Any) -> dict:
    """The game's cards by id (``{}`` without a game)."""
    return getattr(getattr(game, "state", None), "cards", None) or {}


def public_line(team: str, policy: str, action: A.Action) -> str:
    """What the other team reads of a decision: who decided and that its reason is its team's
    (the act itself is in the game log, as the observer shows it)."""
    return f"{team} ({policy}) acted; its reasons are read by {team} and the instructor."


def answer_decision(game: Any, team: str, policy: str) -> Decision:
    """The answer to ``team``'s pending choice by the choice's default named policy."""
    p = game.pending
    name = p.DEFAULT_POLICY
    action = choices.answer_with(p, name)
    reason = f"the {p.kind} question answered by the default policy {name!r} ({p.rule})"
    return Decision(action, reason, public_line(team, policy, action))


class Policy:
    """The base of every policy: ``name``; :meth:`decide` (abstract); :meth:`play_impulse`."""

    name = "policy"

    def decide(self, game: Any, team: str, rng: np.random.Generator) -> Decision:
        """The next act of ``team`` and its reason.  Raises ValueError when ``team`` may not act now."""
        raise NotImplementedError

    def play_impulse(self, game: Any, rng: np.random.Generator) -> list[Decision]:
        """Play one whole impulse for a Task Force of the team to act (the turn's Event Card
        questions first, 16.0); the other team's choices answered by ``game.auto_policies`` or the
        named defaults.  Returns the decisions taken (the policy's own)."""
        team = game.to_act()
        if team not in ("US", "RU") or game.state.stage != "action":
            return []
        taken: list[Decision] = []
        began = game.state.impulse is not None
        for _ in range(MAX_ACTS * 2):
            actor = game.to_act()
            if actor is None or game.state.stage != "action" or (began and game.state.impulse is None
                                                                 and game.pending is None):
                break
            if actor == CHANCE:
                game.apply(A.ResolveCombat())
                continue
            if actor != team:
                if game.pending is None:        # the next impulse is the other team's (3.3)
                    break
                game.apply(choices.answer_with(game.pending))   # the other team's answer (named default)
                continue
            d = self.decide(game, team, rng) if len(taken) < MAX_ACTS else _end(game, team, self.name)
            game.apply(d.action)
            taken.append(d)
            began = began or game.state.impulse is not None
        return taken


def _end(game: Any, team: str, policy: str) -> Decision:
    """End the impulse (3.3) when offered, else the first offered act: the guard of MAX_ACTS."""
    acts = [a for a in game.legal_actions(team) if not isinstance(a, Template)]
    a = next((x for x in acts if isinstance(x, A.EndImpulse)), acts[0] if acts else A.EndImpulse())
    return Decision(a, f"{act_words(a, game)}: the policy's limit of {MAX_ACTS} acts an impulse", public_line(team, policy, a))


class RandomPolicy(Policy):
    """Random legal play: each act drawn uniformly from :func:`candidates`; ``play_impulse`` is
    the random player of :func:`lcb_lab.games.lcb.whatif.autoplay.random_impulse` (same games)."""

    name = "random"

    def decide(self, game: Any, team: str, rng: np.random.Generator) -> Decision:
        """A uniformly random act among :func:`candidates` (one draw per template); its reason says so."""
        acts = candidates(game, team, rng, samples=1)
        if not acts:
            raise ValueError(f"{team} may not act now")
        a = acts[int(rng.integers(len(acts)))]
        return Decision(a, f"{act_words(a, game)}: chosen at random among {len(acts)} legal acts",
                        public_line(team, self.name, a))

    def play_impulse(self, game: Any, rng: np.random.Generator) -> list[Decision]:
        """One random impulse (:func:`~lcb_lab.games.lcb.whatif.autoplay.random_impulse`); returns []."""
        from lcb_lab.games.lcb.whatif.autoplay import random_impulse
        random_impulse(game, rng)
        return []
