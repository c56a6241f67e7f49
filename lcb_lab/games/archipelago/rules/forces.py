"""Choosing the forces (l.272-277, l.408, l.590): both players field pieces of the same total value.

A game may open in the ``choose`` phase (:func:`choose_state`, ``stage.choose_game``) with an agreed
``budget`` of points: the player to move picks its pieces one at a time (:func:`choose`) from its
side's set at the level (``stage.FLEET``), never above the budget, and ends its choice
(:func:`end_choice`) when the total is exactly the budget (l.272: the same total value).  Red
chooses first, then Blue (*reading*: the text does not say; the choices are open); then the chosen
pieces are placed (the ``setup`` phase, :mod:`.setup`).  Values: torpedo boat 2, corvette 4,
destroyer 5, ammunition and repair ship 2 (l.272), frigate 4, helicopter 2 (l.408), hovercraft 1
(l.590) (``data/pieces.toml``).  Base B is worth 3 (l.404): a player who goes without it
(``A.DropBaseB``, :func:`~.base_b.drop`) has 3 more points for pieces (l.408, :func:`~.base_b.budget`).
"""
from __future__ import annotations

from typing import Any, Iterable

from lcb_lab.games.archipelago.model.catalog import catalog
from lcb_lab.games.archipelago.model.state import ArchState, other
from lcb_lab.games.archipelago.rules.base_b import budget
from lcb_lab.games.archipelago.rules.common import log
from lcb_lab.kernel.errors import IllegalAction


def value(pid: str) -> int:
    """The value in points of piece id ``pid`` (l.272)."""
    return catalog().classes[catalog().of_id(pid)[1]].value


def total(s: ArchState, player: str) -> int:
    """The value of ``player``'s chosen pieces."""
    return sum(value(i) for i in s.reserve if i.startswith(player + " "))


def reachable(values: Iterable[int], need: int) -> bool:
    """Whether some of ``values`` add up to exactly ``need`` (0 always)."""
    sums = {0}
    for v in values:
        sums |= {x + v for x in sums if x + v <= need}
    return need in sums


def offer(s: ArchState, player: str) -> list[str]:
    """The pieces ``player`` may still choose and still reach the budget exactly with the rest."""
    left = [i for i in s.pool if i.startswith(player + " ") and i not in s.reserve]
    room = budget(s, player) - total(s, player)
    return [i for i in left if value(i) <= room
            and reachable([value(j) for j in left if j != i], room - value(i))]


def choose(g: Any, pid: str) -> None:
    """Add ``pid`` to the force of the player to move (module docstring). Raises IllegalAction."""
    s = g.state
    if s.phase != "choose":
        raise IllegalAction("l.272", "the forces are chosen before the pieces are placed")
    if pid not in s.pool or not pid.startswith(s.to_move + " ") or pid in s.reserve:
        raise IllegalAction("l.272", f"{pid} is not a piece of {s.to_move}'s set left to choose")
    if total(s, s.to_move) + value(pid) > budget(s, s.to_move):
        raise IllegalAction("l.272", f"{pid} ({value(pid)} points) would take {s.to_move} over the agreed "
                                     f"{budget(s, s.to_move)} points (now {total(s, s.to_move)})")
    s.reserve.append(pid)
    log(g, "choose", f"{s.to_move} chooses {pid}: {total(s, s.to_move)} of {budget(s, s.to_move)} points",
        f"Worth {value(pid)} points (l.272); both sides field the same total value.", ["l.272"], piece=pid)


def end_choice(g: Any) -> None:
    """End the choice of the player to move: its total must be the budget (l.272); then the other
    chooses, or the placing begins (Red first, l.144)."""
    s = g.state
    if s.phase != "choose":
        raise IllegalAction("l.272", "the forces are already chosen")
    if total(s, s.to_move) != budget(s, s.to_move):
        raise IllegalAction("l.272", f"{s.to_move}'s pieces are worth {total(s, s.to_move)} points, not the agreed "
                                     f"{budget(s, s.to_move)}")
    log(g, "choose", f"{s.to_move}'s force: {total(s, s.to_move)} points", "The same total value for both sides "
        "(l.272).", ["l.272"])
    if s.to_move == "Red":
        s.to_move = other(s.to_move)
        return
    s.reserve = sorted(s.reserve, key=lambda i: (i.split(" ")[0] != "Red", catalog().of_id(i)[2]))
    s.phase, s.to_move = "setup", "Red"
    log(g, "turn", "the pieces are placed: Red first", "After the choice the pieces are placed (l.279, l.144).",
        ["l.279", "l.144"])


def choose_state(pool: Iterable[str], budget: int, level: int, zone: int = 0, **extra: Any) -> ArchState:
    """A state in the ``choose`` phase: each side's ``pool`` of piece ids, the agreed ``budget``.
    Raises KeyError for an id not of the catalog."""
    ids = sorted(pool)
    for i in ids:
        catalog().of_id(i)
    return ArchState(level=level, pieces={}, stock={}, phase="choose", pool=ids, budget=budget, zone=zone,
                     to_move="Red", **extra)
