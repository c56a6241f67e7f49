"""A plan to study: this impulse's acts, the other team's answer policies, a horizon, a continuation.

A :class:`Plan` holds the typed acts (:mod:`lcb_lab.games.lcb.actions`) of one impulse as a
student would play them from a start state -- ``BeginImpulse``, ``Declare``, ``Move``,
``PlayCard``, ``CommitCombat``, ... (3.3, 3.31) -- the named policies that answer the choices the
acts open (``lcb_lab.games.lcb.choices.POLICIES``: INTERCEPT 7.54, MILDEC 4.22, the card
responses 9.41, ...), a *horizon* (``"impulse"``, ``"turn"`` or ``"game"``) and the name of the
*continuation* that plays what follows the plan up to the horizon (:data:`CONTINUATIONS`).

:func:`make_plan_from` takes the acts of the impulse in progress (the record since its
``BeginImpulse``) as the plan, and the state before that ``BeginImpulse`` as the start: what
the lab's "Study this plan" panel studies.

A continuation is any object with ``name: str`` and
``play_impulse(game, rng: numpy.random.Generator) -> None`` that plays one whole impulse for a
Task Force that may go next, the other side's choices answered by the game's
``auto_policies`` (the interface shared with the opponents' policies).  ``"random"`` is the
random legal player (:func:`lcb_lab.games.lcb.whatif.autoplay.random_impulse`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

import numpy as np

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.choices import DEFAULT_POLICIES, check_policies
from lcb_lab.kernel.errors import LabError

if TYPE_CHECKING:
    from lcb_lab.games.lcb.game import Game

HORIZONS = ("impulse", "turn", "game")
"""How far each run plays: the plan's impulse (3.3), the rest of its turn (3.0), the game's end (3.5, 15.0)."""


class Continuation(Protocol):
    """Plays one whole impulse of a Task Force that may go next (the shared interface)."""

    name: str

    def play_impulse(self, game: "Game", rng: np.random.Generator) -> None:
        """Play one impulse (3.3); the other side's choices answered by ``game.auto_policies``."""


@dataclass(frozen=True)
class RandomContinuation:
    """The random legal player (:mod:`lcb_lab.games.lcb.whatif.autoplay`) as a continuation."""

    name: str = "random"

    def play_impulse(self, game: "Game", rng: np.random.Generator) -> None:
        """One random legal impulse (:func:`~lcb_lab.games.lcb.whatif.autoplay.random_impulse`)."""
        from lcb_lab.games.lcb.whatif.autoplay import random_impulse
        random_impulse(game, rng)


CONTINUATIONS: dict[str, Continuation] = {"random": RandomContinuation()}
"""name -> continuation; the opponents' policies register here too (e.g. ``"greedy"``, ``"search"``)."""


@dataclass(frozen=True)
class Plan:
    """What a study plays in every run.

    ``acts``: the typed acts of this impulse, in order, from the start state (a ``BeginImpulse``
    first when the plan starts the impulse); ``answers``: ``{choice kind: policy name}`` for the
    choices the acts open (missing kinds: ``choices.DEFAULT_POLICIES``); ``horizon``: one of
    :data:`HORIZONS`; ``continuation``: a key of :data:`CONTINUATIONS`; ``name``: a label for
    plots and comparisons.  Raises LabError / InputError for acts that are not a tuple of typed
    actions, answers that are not such a dict, an unknown horizon, continuation or policy."""

    acts: tuple[A.Action, ...]
    answers: dict[str, str] = field(default_factory=dict)
    horizon: str = "impulse"
    continuation: str = "random"
    name: str = "plan"

    def __post_init__(self) -> None:
        if not isinstance(self.acts, (tuple, list)):
            raise LabError(f"Plan: acts must be a tuple of typed actions, not {type(self.acts).__name__}")
        object.__setattr__(self, "acts", tuple(A.check(a) for a in self.acts))
        object.__setattr__(self, "answers", dict(check_policies("answers", self.answers) or {}))
        if self.horizon not in HORIZONS:
            raise LabError(f"Plan: horizon {self.horizon!r} is not one of {', '.join(HORIZONS)}")
        if self.continuation not in CONTINUATIONS:
            raise LabError(f"Plan: no continuation {self.continuation!r}; known: {', '.join(CONTINUATIONS)}")

    @property
    def policies(self) -> dict[str, str]:
        """Every choice kind's answer policy: ``answers`` over the defaults."""
        return {**DEFAULT_POLICIES, **self.answers}

    def describe(self) -> str:
        """One line per act, then the answers, horizon and continuation."""
        lines = [f"{self.name}: {len(self.acts)} act(s), horizon {self.horizon}, then {self.continuation!r} play"]
        lines += [f"  {i + 1}. {a}" for i, a in enumerate(self.acts)]
        lines.append("  answers: " + ", ".join(f"{k}={v}" for k, v in sorted(self.policies.items())))
        return "\n".join(lines)


def impulse_start(game: "Game") -> int | None:
    """The record step of the impulse in progress' ``BeginImpulse`` (None: no impulse, or it began
    before the record's reach)."""
    h = game.history
    for i in range(h.cursor - 1, -1, -1):
        if isinstance(h.steps[i].action, A.BeginImpulse):
            return i if game.state.impulse is not None else None
    return None


def make_plan_from(game: "Game", *, answers: dict[str, str] | None = None, horizon: str = "impulse",
                   continuation: str = "random", name: str = "plan") -> tuple["Game", Plan]:
    """The impulse in progress as a plan: ``(start, plan)`` where ``start`` is a fork of ``game``
    before the impulse's ``BeginImpulse`` and ``plan.acts`` the acts since (chance's
    ``ResolveCombat`` and the answers to choices left out: each run rolls and answers afresh).
    With no impulse in progress: the start is now and the plan has no act (the continuation plays
    the next impulse).  Raises LabError for a bad horizon, continuation or policy."""
    at = impulse_start(game)
    start = game.fork(at) if at is not None else game.fork()
    acts: tuple[A.Action, ...] = ()
    if at is not None:
        steps = game.history.steps[at:game.history.cursor]
        acts = tuple(st.action for st in steps if not isinstance(st.action, (A.ResolveCombat,) + _ANSWERS))
    return start, Plan(acts, dict(answers or {}), horizon, continuation, name)


def study_offer(game: "Game", viewer: str | None) -> tuple[bool, str]:
    """May ``viewer`` study the plan of ``game`` now?  ``(True, what the plan is)`` or ``(False, why not)``.

    Hidden information: the instructor (None / ``"instructor"``) may study any moment of the Action
    Stage (3.3); a team only its own impulse in progress -- it plays its own acts, never the other
    team's, and the outcomes are shown as it may know them (:mod:`.outcome`)."""
    from lcb_lab.games.lcb import observer
    s = game.state
    if s.stage != "action" or s.winner is not None:
        return False, "Plans are studied in the Action Stage of a game not yet over (3.3)."
    imp = s.impulse
    if not observer.all_seeing(viewer) and (imp is None or imp.team != viewer):
        return False, (f"A team studies its own impulse only (3.3): begin and declare {viewer}'s impulse, "
                       "or use the Instructor view.")
    if imp is None:
        return True, "No impulse in progress: the continuation plays the next one."
    return True, f"The impulse of {imp.task_force} ({imp.team}) so far, from its start (3.3)."


def _answer_types() -> tuple[type, ...]:
    from lcb_lab.games.lcb.choices import CHOICE_KINDS
    return tuple({c.ANSWER for c in CHOICE_KINDS.values()} | {A.Answer})


_ANSWERS: tuple[type, ...] = _answer_types()


def plan_from_acts(acts: list[Any], **kw: Any) -> Plan:
    """``Plan(tuple(acts), **kw)``: a shorthand for notebooks."""
    return Plan(tuple(acts), **kw)
