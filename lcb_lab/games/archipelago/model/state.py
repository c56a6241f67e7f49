"""The state of a game of *Naval Battle in Archipelago* (levels 1 to 4): pieces, control panels,
torpedoes in flight, the turn.

* :class:`Piece` -- a vessel on the board: ``owner`` ("Red" / "Blue"), class ``kind`` (a
  :mod:`~lcb_lab.games.archipelago.model.catalog` key) and ``number``, its ``point`` (axial
  ``(q, r)`` of the board's lattice) and ``facing`` (0-5, the kernel's :class:`Facing`, clockwise
  from north), the markers on its control panel: ``ammo`` (loaded: "T", "G", "Repair", l.159) and
  ``hits`` (markers of the shots that hit it, l.237: "T" or "G"), and this turn's flags.
* :class:`Torpedo` -- a T marker on the board after a first run that did not reach its target
  (l.207): its point, heading and owner.
* :class:`ArchState` -- everything else: level, whose turn and in which phase, the blue dice still
  to use, Base A's panel (``stock``), ruined base objects (R markers, l.338), wrecks (W, l.243),
  the optional rules in force, the flagships, the winner, the explained log.

Piece ids are ``"<owner> <prefix>-<number>"`` (``"Red TB-2"``, ``"Blue C-10"``).
"""
from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Iterator

from lcb_lab.games.archipelago.model.cards import InterceptorsChoice
from lcb_lab.games.archipelago.model.notepad import HiddenSubmarine, Mine, RevealChoice, Sonar
from lcb_lab.kernel.hexgrid import Axial, Facing

PLAYERS = ("Red", "Blue")
"""The two players; Red moves first (a sandbox reading: the text does not say who begins)."""

PHASES = ("setup", "start", "move", "fire", "choose", "cards")
"""``setup`` (placing the pieces, l.144-155), then a turn's phases: ``start`` (continue torpedoes in flight, l.207; logistics), ``move`` (after the
blue dice, l.170), ``fire`` (after the first shot no piece moves any more, l.174); ``choose``
(before ``setup``: choosing the forces of equal value, l.272; last so the others keep their numbers);
``cards`` (before turn 1: choosing the cards face down, optional rule l.771)."""


@dataclass
class Piece:
    """One vessel (see the module). ``moved``: it took a blue die this turn (or stepped back);
    ``held``: it does not move this turn (loading, repair, transfer: l.251, l.358, l.378);
    ``fired``: it fired this turn (one weapon a turn, l.174).  Level 3-4: ``fuel`` the helicopter-fuel
    pointer (a helicopter 0-6, l.479; a hovercraft's tank 0-12, l.622); ``flying`` a helicopter in
    the air (else landed: an H marker on a white point, l.472); ``aboard`` the frigate a landed
    helicopter stands on (its point follows the frigate's, l.473).  Expanded: ``start`` the point an
    aircraft held when its owner's turn began (a descent of commandos stays there, l.888)."""

    owner: str
    kind: str
    number: int
    point: tuple[int, int]
    facing: int
    ammo: list[str] = field(default_factory=list)
    hits: list[str] = field(default_factory=list)
    moved: bool = False
    held: bool = False
    fired: bool = False
    fuel: int = 0
    flying: bool = False
    aboard: str = ""
    submerged: bool = False
    steps: str = ""
    done: list[str] = field(default_factory=list)
    start: tuple = ()

    @property
    def at(self) -> Axial:
        """The piece's point as a kernel :class:`Axial`."""
        return Axial(*self.point)

    @property
    def heading(self) -> Facing:
        """The piece's facing as a kernel :class:`Facing`."""
        return Facing(self.facing)


@dataclass
class Torpedo:
    """A T marker on the board (l.207): ``owner``, the ``shooter`` and announced ``target`` of its
    first run, its ``point`` and ``facing``, and the turn it was launched."""

    owner: str
    shooter: str
    target: str
    point: tuple[int, int]
    facing: int
    launched: int

    @property
    def at(self) -> Axial:
        """The marker's point as a kernel :class:`Axial`."""
        return Axial(*self.point)


@dataclass
class Commando:
    """A C marker on an island (l.598, l.656): its ``owner``, the ``island`` (a name of
    :meth:`~lcb_lab.games.archipelago.model.board.Board.islands`), and ``secret``: its place is
    written on paper and not yet shown to the other player (optional rule l.600, l.676)."""

    owner: str
    island: str
    secret: bool = False
    since: int = 0
    """The turn it landed (a walk across a road or bridge comes on a later turn, l.819)."""


@dataclass
class ArchState:
    """The whole game (see the module).  ``stock``: each player's Base A panel, marker kind ->
    count (l.159, l.281); ``panels_b``: each Base B's own panel (base name -> A-S / A-A counts,
    l.429, :mod:`~lcb_lab.games.archipelago.rules.base_b`); ``ruins``: ruined base objects as ``"<base> <object>"`` (l.338);
    ``wrecks``: points holding a W marker (l.243); ``sunk``: the pieces off the board with their
    panels (the hit markers on them, l.237); ``dice``: this turn's blue dice not yet used;
    ``rolled``: the blue dice as rolled; ``bonus``: whether they matched (l.172);
    ``reserve``: pieces still to place in the ``setup`` phase, ``zone`` the suggested zones they keep
    to (0: anywhere, l.146-149); ``flagships``: player -> piece id (l.390-394); ``turn_limit``: 0 = none (a sandbox agreement).
    Levels 3-4: ``red_points`` white points holding an R marker, where no helicopter lands (l.510);
    ``garrisons`` island name -> owner of the Ga marker on it (l.596); ``commandos`` the C
    markers on islands (:class:`Commando`, l.598, l.656); ``captured_b`` the Base B names once captured and
    ``no_base_b`` the players who went without their Base B in the choice of forces
    (:mod:`~lcb_lab.games.archipelago.rules.base_b`, l.682-688, l.408); ``scenario`` the line of the scenario in
    force ("" none), ``targets`` each side's task (an island or a piece), ``progress`` turns an
    island is held, ``carried`` the piece carrying each side's pilot
    (:mod:`~lcb_lab.games.archipelago.rules.scenarios`); ``pool`` / ``budget`` the pieces to choose
    from and the agreed value (the ``choose`` phase, :mod:`~lcb_lab.games.archipelago.rules.forces`).
    Expanded rules: ``cruise`` the CM markers in flight (l.975) and ``next_cruise`` their counter
    (:mod:`~lcb_lab.games.archipelago.rules.cruise`); the cards (optional rule l.757,
    :mod:`~lcb_lab.games.archipelago.rules.cards`): ``cards`` each player's chosen cards not yet
    used, ``card_count`` how many each chooses (1 or 3, l.771), ``autorotation`` the helicopters out of fuel
    gliding to a landing (optional rule l.493), ``choices`` the one stack of pending
    choices (kernel :mod:`~lcb_lab.kernel.choices`: the Interceptors question, l.778; a found
    submarine's placing, l.1165) and ``last_choice_id``.
    Level 5 (:mod:`~lcb_lab.games.archipelago.model.notepad`): ``hidden`` the submarines on their
    owners' notepads (l.1151), ``mines`` the M markers (l.1057), ``sonars`` the SN markers
    (l.1185), ``rc_mines`` each player's sectors of remote-controlled mines (l.1211), ``notepads``
    each player's other notepad lines (sonars, MAD, l.1185, l.1203), ``exposed`` the
    last turn each submarine was shown (placed, surfaced, launching, in an enemy sonar's zone: the
    optional rule l.1173).
    Expanded: ``airfield`` each combat aircraft's fuel-pointer stage off and on the board
    (:mod:`~lcb_lab.games.archipelago.rules.aircraft`: ready, takeoff, climb, approach, enter, zone,
    dry, returned, lost); ``air_dice`` their own blue dice under the optional rule l.1323."""

    level: int
    pieces: dict[str, Piece]
    stock: dict[str, dict[str, int]]
    panels_b: dict[str, dict[str, int]] = field(default_factory=dict)
    torpedoes: dict[str, Torpedo] = field(default_factory=dict)
    sunk: dict[str, Piece] = field(default_factory=dict)
    turn: int = 1
    to_move: str = "Red"
    phase: str = "start"
    dice: list[int] = field(default_factory=list)
    rolled: list[int] = field(default_factory=list)
    bonus: bool = False
    ruins: list[str] = field(default_factory=list)
    wrecks: list[tuple[int, int]] = field(default_factory=list)
    optional_rules: list[str] = field(default_factory=list)
    reserve: list[str] = field(default_factory=list)
    zone: int = 0
    flagships: dict[str, str] = field(default_factory=dict)
    next_torpedo: int = 1
    turn_limit: int = 0
    red_points: list[tuple[int, int]] = field(default_factory=list)
    garrisons: dict[str, str] = field(default_factory=dict)
    commandos: list[Commando] = field(default_factory=list)
    captured_b: list[str] = field(default_factory=list)
    no_base_b: list[str] = field(default_factory=list)
    scenario: str = ""
    targets: dict[str, str] = field(default_factory=dict)
    progress: dict[str, int] = field(default_factory=dict)
    carried: dict[str, str] = field(default_factory=dict)
    pool: list[str] = field(default_factory=list)
    budget: int = 0
    hidden: dict[str, HiddenSubmarine] = field(default_factory=dict)
    mines: list[Mine] = field(default_factory=list)
    sonars: list[Sonar] = field(default_factory=list)
    rc_mines: dict[str, list[str]] = field(default_factory=dict)
    notepads: dict[str, list[str]] = field(default_factory=dict)
    choices: list[InterceptorsChoice | RevealChoice] = field(default_factory=list)
    last_choice_id: int = 0
    exposed: dict[str, int] = field(default_factory=dict)
    airfield: dict[str, str] = field(default_factory=dict)
    air_dice: list[int] = field(default_factory=list)
    over: bool = False
    winner: str = ""
    outcome: str = ""
    cruise: dict[str, Torpedo] = field(default_factory=dict)
    next_cruise: int = 1
    cards: dict[str, list[str]] = field(default_factory=dict)
    card_count: int = 0
    autorotation: list[str] = field(default_factory=list)
    log: list[dict] = field(default_factory=list, metadata={"share_items": True})

    def afloat(self, owner: str | None = None) -> list[Piece]:
        """The pieces on the board (of ``owner``, or all), in id order."""
        return [p for _, p in sorted(self.pieces.items()) if owner is None or p.owner == owner]

    def at(self, point: tuple[int, int] | Axial) -> str | None:
        """The id of the piece on ``point`` (not a helicopter aboard a frigate there), or None."""
        pt = tuple(point)
        index = self.__dict__.get("_standing")
        if index is not None:                  # inside :func:`standing`: no piece moves
            return index.get(pt)
        return next((i for i, p in self.pieces.items() if p.point == pt and not p.aboard), None)


@contextmanager
def standing(state: ArchState) -> Iterator[None]:
    """Inside, ``state.at`` reads an index of the points (built once): for searches that move no
    piece (the legal acts' flight and move searches). Nested uses share the outer index."""
    if "_standing" in state.__dict__:
        yield
        return
    index: dict = {}
    for i, p in state.pieces.items():
        if not p.aboard:
            index.setdefault(tuple(p.point), i)        # the first in order, as :meth:`ArchState.at`
    state.__dict__["_standing"] = index
    try:
        yield
    finally:
        del state.__dict__["_standing"]


def other(player: str) -> str:
    """The other player."""
    return PLAYERS[1 - PLAYERS.index(player)]
