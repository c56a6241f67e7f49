"""What the expanded rules keep off the board or in a player's notepad: hidden submarines, mines,
sonars and the choice of where a found submarine surfaces (l.1053-1217).

* :class:`HiddenSubmarine` -- a submerged submarine written on its owner's notepad (optional rule
  "Hidden Movement of Submarine", l.1147, switch ``"l.1147"``): no S marker on the board, only a
  ``path`` of ``(turn, sector)`` lines, one per own turn (l.1151, l.1161);
* :class:`Mine` -- an M marker (a contact mine, l.1057): always visible (l.1059);
* :class:`Sonar` -- an SN marker dropped behind an aircraft (l.1185), with its owner, point,
  sector and the turn it was dropped (written on the notepad);
* :class:`RevealChoice` -- a kernel :class:`~lcb_lab.kernel.choices.Choice` on the game's one
  stack: the owner of a hidden submarine must place its S marker (or its piece, surfaced) on a
  point of ``sector`` (l.1165, l.1185, l.1203); answered by
  :class:`~lcb_lab.games.archipelago.actions.PlaceSubmarine`.

Points are axial ``(q, r)`` tuples of the board's lattice; sectors are names like ``"H9"``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from lcb_lab.games.archipelago.actions import PlaceSubmarine
from lcb_lab.kernel.choices import Choice
from lcb_lab.kernel.hexgrid import Axial


@dataclass
class HiddenSubmarine:
    """A submarine under water known only from its owner's notepad (l.1151): ``owner``, class
    ``kind``, ``number``, its panel (``ammo``, ``hits``), its heading when it went out of sight
    (``facing``, 0-5) and ``path``: the ``(turn, sector)`` written for each own turn, the first at
    the start (l.1151, picture 77); the last is where it is now."""

    owner: str
    kind: str
    number: int
    ammo: list[str] = field(default_factory=list)
    hits: list[str] = field(default_factory=list)
    facing: int = 0
    path: list[tuple[int, str]] = field(default_factory=list)

    @property
    def sector(self) -> str:
        """The sector written last (where the submarine is)."""
        return self.path[-1][1]


@dataclass
class Mine:
    """An M marker on ``point`` laid by ``owner``'s minelayer (l.1057)."""

    owner: str
    point: tuple[int, int]

    @property
    def at(self) -> Axial:
        """The marker's point as a kernel :class:`Axial`."""
        return Axial(*self.point)


@dataclass
class Sonar:
    """An SN marker of ``owner`` on ``point`` (in ``sector``), dropped on ``turn`` (l.1185)."""

    owner: str
    point: tuple[int, int]
    sector: str
    turn: int


@dataclass
class RevealChoice(Choice):
    """``owner`` must place hidden submarine ``piece`` on a point of ``sector`` (its S marker; the
    piece when ``surfaced``): found by a sonar or the MAD of the other side, entering a sonar's
    zone, or shown by its owner (``rule`` says which, l.1165, l.1185, l.1189, l.1203)."""

    kind: ClassVar[str] = "reveal_submarine"
    name: ClassVar[str] = "placing of a found submarine"
    ANSWER: ClassVar[type] = PlaceSubmarine
    POLICIES: ClassVar[dict] = {"first": lambda c: c.options[0] if c.options else None}
    DEFAULT_POLICY: ClassVar[str] = "first"

    owner: str = ""
    piece: str = ""
    sector: str = ""
    rule: str = ""
    surfaced: bool = False
    options: list[tuple[int, int]] = field(default_factory=list)
    id: int = 0

    def answerers(self) -> tuple[str, ...]:
        """The submarine's owner places it."""
        return (self.owner,)

    def waiting(self) -> tuple[str, str]:
        """``(rule, reason)`` refusing another act while the placing waits."""
        return self.rule, f"{self.owner} must first place {self.piece} on the board"

    def answer_fields(self, value: Any) -> dict:
        """``value`` ``(q, r)`` or ``(q, r, facing)``: the point (and facing, default 0) chosen."""
        q, r, *f = value
        return {"piece": self.piece, "q": int(q), "r": int(r), "facing": int(f[0]) if f else 0}
