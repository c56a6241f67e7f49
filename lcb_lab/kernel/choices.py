"""Pending choices for any game on the kernel: the base class, the stack, and a simultaneous commit.

A rule that needs a player's answer before it can go on pushes a :class:`Choice` on the game's
ONE stack of pending choices (a list in its state; **the top -- the last element -- is answered
next**; a choice opened while another waits is pushed above it and answered first).  Each kind of
choice is a subclass naming its answer action (:attr:`Choice.ANSWER`) and its named policies
(:attr:`Choice.POLICIES`: a policy turns the choice into a plain answer, :meth:`Choice.answer_from`
turns that into the typed answer action the game applies).

:class:`SimultaneousChoice` is a choice several players answer *face down*: each commits once
(:meth:`SimultaneousChoice.commit`), nobody sees another's commitment
(:meth:`SimultaneousChoice.seen_by`), and all are revealed together once the last one commits
(:meth:`SimultaneousChoice.revealed`) -- sealed orders, blind bids, simultaneous plots.

Stack operations (:func:`push`, :func:`top`, :func:`pop`) work on any list of choices.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, Hashable, Iterable

from lcb_lab.kernel.actions import Action, from_fields
from lcb_lab.kernel.errors import IllegalAction, LabError


class Choice:
    """A question waiting on a game's stack of pending choices; one subclass per kind.

    Class data: :attr:`kind` (the saved tag), :attr:`name` (its words in a sentence),
    :attr:`ANSWER` (the answer action class), :attr:`POLICIES` (policy name ->
    ``fn(choice) -> plain answer``) and :attr:`DEFAULT_POLICY`.  An instance has an ``id``
    (increasing over the game, set by :func:`push`) and says who answers (:meth:`answerers`).
    """

    kind: ClassVar[str] = ""
    name: ClassVar[str] = ""
    ANSWER: ClassVar[type] = Action
    POLICIES: ClassVar[dict[str, Callable[[Any], Any]]] = {}
    DEFAULT_POLICY: ClassVar[str] = ""
    id: int = 0

    def answerers(self) -> tuple[str, ...]:
        """The players this choice waits for now (in turn order)."""
        raise NotImplementedError

    def answer_fields(self, value: Any) -> dict:
        """The answer action's fields from plain data in this kind's shape. Raises InputError."""
        raise NotImplementedError

    def answer_from(self, value: Any) -> Any:
        """The typed answer of plain data in this kind's shape.  Raises InputError naming the field."""
        return from_fields(self.ANSWER, self.answer_fields(value), f"answer to the {self.kind} choice")

    def policy_value(self, policy: str | None = None) -> Any:
        """The plain answer the named policy (or :attr:`DEFAULT_POLICY`) gives.  Raises LabError
        for a policy this kind does not have."""
        name = policy or self.DEFAULT_POLICY
        fn = self.POLICIES.get(name)
        if fn is None:
            raise LabError(f"no policy {name!r} for {self.name} choices; known: {', '.join(sorted(self.POLICIES))}")
        return fn(self)

    def answer_with(self, policy: str | None = None) -> Any:
        """The typed answer action the named policy (or the default) gives."""
        return self.answer_from(self.policy_value(policy))


def registry(*classes: type[Choice]) -> dict[str, type[Choice]]:
    """kind -> choice class, for a game's saves and answer routing. Raises ValueError on a
    repeated or empty kind."""
    out: dict[str, type[Choice]] = {}
    for c in classes:
        if not c.kind or c.kind in out:
            raise ValueError(f"{c.__name__}: the choice kind {c.kind!r} is empty or already used")
        out[c.kind] = c
    return out


# ---------------------------------------------------------------- the stack
def push(stack: list, choice: Choice, last_id: int) -> int:
    """Put ``choice`` on top of ``stack`` (answered next) with id ``last_id + 1``; returns that id."""
    choice.id = last_id + 1
    stack.append(choice)
    return choice.id


def top(stack: list) -> Choice | None:
    """The choice to answer next (the last element), or None."""
    return stack[-1] if stack else None


def pop(stack: list, answered: Choice) -> Choice:
    """Take ``answered`` off the top of ``stack``. Raises IllegalAction when it is not the top."""
    if not stack or stack[-1] is not answered:
        raise IllegalAction("choice", f"the {answered.name or answered.kind} choice is not the one waiting")
    return stack.pop()


# ---------------------------------------------------------------- committed face down, revealed together
@dataclass
class SimultaneousChoice(Choice):
    """A choice ``players`` answer face down, revealed together when the last one commits.

    ``options``: what each player may commit (plain data, the same for all, or per player in
    ``options[player]`` -- the game's reading); ``commits``: player -> committed value, hidden
    from the other players until :attr:`complete`.  A subclass names its :attr:`kind` and
    checks a value in :meth:`check_commit` (raising IllegalAction)."""

    players: tuple[str, ...] = ()
    options: Any = None
    commits: dict[str, Any] = field(default_factory=dict)
    rule: str = ""
    id: int = 0

    def answerers(self) -> tuple[str, ...]:
        """The players who have not committed yet, in turn order."""
        return tuple(p for p in self.players if p not in self.commits)

    @property
    def complete(self) -> bool:
        """Every player has committed: the values may be revealed."""
        return not self.answerers()

    def check_commit(self, player: str, value: Any) -> None:
        """Raise IllegalAction when ``player`` may not commit ``value`` (default: any value)."""

    def commit(self, player: str, value: Any) -> None:
        """Record ``player``'s face-down ``value``.  Raises IllegalAction (this choice's rule) when
        ``player`` is not asked, has already committed, or the value is refused."""
        if player not in self.players:
            raise IllegalAction(self.rule, f"{player} does not take part in this {self.name or self.kind}")
        if player in self.commits:
            raise IllegalAction(self.rule, f"{player} has already committed")
        self.check_commit(player, value)
        self.commits[player] = value

    def revealed(self) -> dict[str, Any]:
        """Every commitment, in turn order. Raises IllegalAction before the last player commits."""
        if not self.complete:
            raise IllegalAction(self.rule, f"still waiting for {', '.join(self.answerers())}")
        return {p: self.commits[p] for p in self.players}

    def seen_by(self, viewer: Hashable | None, all_seeing: Iterable[Hashable] = (None,)) -> dict[str, Any]:
        """The commitments as ``viewer`` may see them: all when complete or when ``viewer`` is
        all-seeing; else its own value and, for the others, only whether they have committed
        (``{"committed": True}``)."""
        if self.complete or viewer in tuple(all_seeing):
            return dict(self.commits)
        return {p: (v if p == viewer else {"committed": True}) for p, v in self.commits.items()}
