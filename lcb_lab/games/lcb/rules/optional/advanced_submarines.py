"""Advanced submarine operations (optional rule 17.2): Quiet, Normal or Noisy movement.

Only submarines deployed on the SOT (not UUVs, 17.2) and only while ``is_on(state, "17.2")``:

* Before moving, the owner writes the movement type of a submarine of a declared Move and/or
  Initiate Combat action (:class:`~lcb_lab.games.lcb.actions.SubmarineMovement`): Quiet gives
  it 1 MP, Normal 3 MP, Noisy 5 MP (:data:`MODES`, :func:`mp`).  A move with no type written is
  Normal (lcb_lab's default, so that every move the legal actions offer stays legal).  The type
  waits in ``state.optional_data["sub_modes"]`` (uid -> mode) and is copied onto the move's SOT
  entry (``mode``, 14.03); both are secret: the observer gives them to the owner only
  (:func:`lcb_lab.games.lcb.observer.observe_optional`, ``observe_sot``).
* The type of its last movement this turn modifies the submarine's DETECT value for the whole
  turn (:func:`detect_modifier`): Noisy +2, Normal 0, Quiet -2, and no movement this turn -2.
  :func:`lcb_lab.games.lcb.rules.submarines.sot.detect_of` adds it, so every DETECT against the
  submarine (ASW 14.12-14.15, the ZOR 14.09, the engagement 14.011) uses it.
* The cumulative variant printed under 17.2 (its own switch ``"17.2-cumulative"``, on only with
  17.2): the modifier is the sum of the modifiers of the submarine's last three turns, this one
  included (:func:`cumulative_modifier`): each turn counts the type of its last move, or -2
  for a turn without movement, so three still turns give the most, -6, and Quiet, Normal,
  Noisy give 0 (the rule's example).  lcb_lab's reading of "the last three movements": one per
  turn, the turns of the game only (on turn 1 one turn counts, on turn 2 two), and not the
  turns before the turn of its initial SOT location (a card submarine brought in later, 14.01).
* Expending a Persistent ASW card (+4 DETECT, 17.2) is
  :mod:`lcb_lab.games.lcb.rules.optional.asw_bonus`.

>>> MODES["quiet"], MODES["noisy"]
((1, -2), (5, 2))
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from lcb_lab.games.lcb.rules.optional.switches import is_on
from lcb_lab.kernel.errors import IllegalAction

if TYPE_CHECKING:
    from lcb_lab.games.lcb.model.state import GameState, Unit

MODES: dict[str, tuple[int, int]] = {"quiet": (1, -2), "normal": (3, 0), "noisy": (5, 2)}
"""Movement type -> (MP, DETECT modifier for the turn) (17.2)."""
NO_MOVE = -2
"""The DETECT modifier of a submarine that has not moved this turn (17.2: like Quiet)."""
DEFAULT = "normal"
"""The movement type of a move with none written (lcb_lab's default)."""
CUMULATIVE = "17.2-cumulative"
"""The switch of 17.2's cumulative variant (:data:`~lcb_lab.games.lcb.rules.optional.switches.OPTIONAL_RULES`)."""
TURNS = 3
"""The cumulative variant sums the submarine's last three turns (17.2 OPTIONAL)."""


def on(state: GameState) -> bool:
    """Whether 17.2 is on (its movement rules then apply to every submarine on the SOT)."""
    return is_on(state, "17.2")


def pending(state: GameState, uid: str) -> str | None:
    """The movement type written for ``uid``'s next move, or None."""
    return state.optional_data.get("sub_modes", {}).get(uid)


def mp(state: GameState, u: Unit) -> int:
    """The MP of submarine ``u``'s next move (17.2): its written type's, Normal when none."""
    return MODES[pending(state, u.uid) or DEFAULT][0]


def write(state: GameState, u: Unit, mode: str, moved: bool) -> None:
    """Write ``mode`` for submarine ``u``'s next move (17.2).  Raises IllegalAction (17.2) when
    the submarine has moved this impulse already or ``mode`` is no movement type."""
    if mode not in MODES:
        raise IllegalAction("17.2", f"{mode!r} is no movement type: Quiet, Normal or Noisy")
    if moved:
        raise IllegalAction("17.2", f"{u.uid} has moved already: the movement type is written before it moves")
    state.optional_data.setdefault("sub_modes", {})[u.uid] = mode


def on_move(state: GameState, u: Unit, entry: dict) -> str:
    """Submarine ``u`` moves: its written type (Normal when none) goes onto its SOT entry."""
    mode = state.optional_data.get("sub_modes", {}).pop(u.uid, None) or DEFAULT
    entry["mode"] = mode
    return mode


def _last_move(state: GameState, u: Unit, turn: int) -> dict | None:
    """Submarine ``u``'s last move on turn ``turn`` (its SOT entry), or None."""
    return next((e for e in reversed(state.sot.get(u.team, []))
                 if e["sub"] == u.uid and e.get("why") == "move" and e.get("turn") == turn), None)


def turn_modifier(state: GameState, u: Unit, turn: int) -> int:
    """The DETECT modifier of submarine ``u``'s movement on turn ``turn`` (17.2): that of the type
    of its last move that turn (Noisy +2, Normal 0, Quiet -2); -2 when it did not move."""
    last = _last_move(state, u, turn)
    return NO_MOVE if last is None else MODES[last.get("mode") or DEFAULT][1]


def counted_turns(state: GameState, u: Unit) -> list[int]:
    """The turns the cumulative variant sums for ``u``: the last three, this one included, from
    turn 1 and from its first SOT entry on (lcb_lab's reading, module doc)."""
    deployed = [e.get("turn", 1) for e in state.sot.get(u.team, []) if e["sub"] == u.uid and e.get("why") == "deploy"]
    start = max(1, state.turn - TURNS + 1, min(deployed, default=1))
    return list(range(start, state.turn + 1))


def cumulative_modifier(state: GameState, u: Unit) -> int:
    """The cumulative variant (17.2 OPTIONAL): the sum of :func:`turn_modifier` over
    :func:`counted_turns`, from -6 (three turns still or Quiet) to +6 (three Noisy).

    >>> MODES["quiet"][1] + MODES["normal"][1] + MODES["noisy"][1]   # the rule's example
    0
    """
    return sum(turn_modifier(state, u, t) for t in counted_turns(state, u))


def cumulative(state: GameState) -> bool:
    """Whether 17.2's cumulative variant is on (it needs 17.2 itself on)."""
    return on(state) and is_on(state, CUMULATIVE)


def detect_modifier(state: GameState, u: Unit) -> int:
    """Submarine ``u``'s DETECT modifier this turn (17.2): that of the type of its last move this
    turn (Noisy +2, Normal 0, Quiet -2); -2 when it has not moved this turn.  With the cumulative
    variant on, :func:`cumulative_modifier`."""
    if cumulative(state):
        return cumulative_modifier(state, u)
    return turn_modifier(state, u, state.turn)


def describe(state: GameState, u: Unit) -> str:
    """Why ``u``'s DETECT is modified, for its owner's log (17.2)."""
    def one(turn: int) -> str:
        last = _last_move(state, u, turn)
        return f"{last.get('mode') or DEFAULT} movement" if last else "no movement"
    if cumulative(state):
        parts = ", ".join(f"turn {t} {one(t)} {turn_modifier(state, u, t):+d}" for t in counted_turns(state, u))
        return f"{parts}: DETECT {cumulative_modifier(state, u):+d} (17.2, cumulative over the last three turns)"
    what = one(state.turn) + ("" if _last_move(state, u, state.turn) else " this turn")
    return f"{what}: DETECT {detect_modifier(state, u):+d} (17.2)"
