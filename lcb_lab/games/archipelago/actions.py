"""The typed acts of *Naval Battle in Archipelago* (kernel :class:`~lcb_lab.kernel.actions.Action` s),
each applied through the one :meth:`Engine.apply <lcb_lab.kernel.engine.Engine.apply>`.

Piece ids are ``"<owner> <prefix>-<number>"`` (``"Red TB-2"``); a move's ``steps`` are letters
F (forward), L / R (60-degree turn in place), B (one step back) (l.183, l.191); a torpedo's
course is ``turn_at`` (0 straight; the step it turns on) and ``turn`` (-1 left, +1 right, l.205).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from lcb_lab.kernel.actions import Action, ActionCodec


@dataclass(frozen=True)
class Place(Action):
    """Set-up: place ``piece`` on the point ``(q, r)`` facing ``facing`` (0-5, clockwise from north, l.155)."""

    KIND: ClassVar[str] = "place"
    piece: str
    q: int
    r: int
    facing: int


@dataclass(frozen=True)
class ContinueTorpedo(Action):
    """Roll the green die for own T marker ``torpedo`` on the board and run it on (l.207)."""

    KIND: ClassVar[str] = "continue_torpedo"
    torpedo: str
    turn_at: int = 0
    turn: int = 0


@dataclass(frozen=True)
class RollMovement(Action):
    """Roll the turn's blue dice (l.170, l.289)."""

    KIND: ClassVar[str] = "roll_movement"


@dataclass(frozen=True)
class Move(Action):
    """Move ``piece`` by ``steps`` using the rolled blue die ``die`` (l.178, l.307)."""

    KIND: ClassVar[str] = "move"
    piece: str
    steps: str
    die: int


@dataclass(frozen=True)
class LaunchTorpedo(Action):
    """Announce and launch a torpedo from ``shooter`` at ``target`` (a piece, or an enemy T marker
    under the optional rule l.233) along the course ``turn_at`` / ``turn`` (l.201-205)."""

    KIND: ClassVar[str] = "launch_torpedo"
    shooter: str
    target: str
    turn_at: int = 0
    turn: int = 0


@dataclass(frozen=True)
class FireGun(Action):
    """Announce and fire ``shooter``'s gun at ``target``: an enemy piece or ``"<base> <object>"`` (l.321)."""

    KIND: ClassVar[str] = "fire_gun"
    shooter: str
    target: str


@dataclass(frozen=True)
class Restock(Action):
    """Load ``markers`` (empty: fill up) from the own Base A onto ``piece`` in its port (l.251, l.368)."""

    KIND: ClassVar[str] = "restock"
    piece: str
    markers: tuple[str, ...] = ()


@dataclass(frozen=True)
class Repair(Action):
    """Repair ``piece``: ``by`` ``"base"`` (in the port, l.350) or a repair ship's id (l.358, l.364)."""

    KIND: ClassVar[str] = "repair"
    piece: str
    by: str = "base"


@dataclass(frozen=True)
class Transfer(Action):
    """Hand ``markers`` from ``giver`` to ``taker`` beside it in parallel (l.370, l.376)."""

    KIND: ClassVar[str] = "transfer"
    giver: str
    taker: str
    markers: tuple[str, ...]


@dataclass(frozen=True)
class EndTurn(Action):
    """End the turn (l.165)."""

    KIND: ClassVar[str] = "end_turn"


@dataclass(frozen=True)
class TakeOff(Action):
    """Take off landed helicopter ``piece`` onto the point ``(q, r)`` facing ``facing`` (l.463-465)."""

    KIND: ClassVar[str] = "take_off"
    piece: str
    q: int
    r: int
    facing: int


@dataclass(frozen=True)
class Hover(Action):
    """Hover helicopter ``piece`` to ``(q, r)`` (its point or an adjacent one) facing ``facing``;
    ``land``: land on that white point or frigate instead (l.449-453, l.470). No blue die."""

    KIND: ClassVar[str] = "hover"
    piece: str
    q: int
    r: int
    facing: int
    land: bool = False


@dataclass(frozen=True)
class Fly(Action):
    """Fly helicopter ``piece`` in progressive flight: ``steps`` F / L / R, exactly blue ``die`` + 5,
    fewer when it ``land`` s on the last point (l.457-459, l.471)."""

    KIND: ClassVar[str] = "fly"
    piece: str
    steps: str
    die: int
    land: bool = False


@dataclass(frozen=True)
class Refuel(Action):
    """Refuel landed helicopter (or a hovercraft's tank) ``piece`` from ``by``: ``"base"`` or an own
    frigate's / hovercraft's id (l.485-487, l.624, l.628)."""

    KIND: ClassVar[str] = "refuel"
    piece: str
    by: str = "base"


@dataclass(frozen=True)
class LaunchMissile(Action):
    """Announce and launch the A-S or A-A missile of helicopter ``shooter`` at ``target`` along the
    course ``turn_at`` / ``turn`` (l.505, l.526); expanded: ``missile`` names which of its markers
    ("A-S", "A-A", "AGR"; empty: the first aboard, l.897) -- a helicopter's or combat aircraft's (l.1343)."""

    KIND: ClassVar[str] = "launch_missile"
    shooter: str
    target: str
    turn_at: int = 0
    turn: int = 0
    missile: str = ""


@dataclass(frozen=True)
class FireMachineGun(Action):
    """Fire ``shooter``'s machine gun at the adjacent enemy helicopter or hovercraft ``target`` (l.539, l.634)."""

    KIND: ClassVar[str] = "fire_machine_gun"
    shooter: str
    target: str


@dataclass(frozen=True)
class Embark(Action):
    """Hovercraft ``piece`` takes one own C marker from ``island`` (l.618)."""

    KIND: ClassVar[str] = "embark"
    piece: str
    island: str


@dataclass(frozen=True)
class LandCommandos(Action):
    """Hovercraft ``piece`` lands its commandos on ``island``; a fight when enemies hold it (l.658-674)."""

    KIND: ClassVar[str] = "land_commandos"
    piece: str
    island: str


@dataclass(frozen=True)
class Choose(Action):
    """Add ``piece`` to the force of the player to move (l.272)."""

    KIND: ClassVar[str] = "choose"
    piece: str


@dataclass(frozen=True)
class EndChoice(Action):
    """End the player's choice of forces, worth exactly the agreed points (l.272)."""

    KIND: ClassVar[str] = "end_choice"


# --- expanded: air
@dataclass(frozen=True)
class DescendCommandos(Action):
    """The commandos of helicopter ``piece``, hovering above ``island`` since its last turn, descend
    and fight the enemy units there (l.888-890)."""

    KIND: ClassVar[str] = "descend_commandos"
    piece: str
    island: str


@dataclass(frozen=True)
class Drift(Action):
    """Move blimp ``piece`` one step, no blue die (l.1280): ``step`` "F" straight on, "L" / "R" to the
    point 60 degrees aside turning with it, "TL" / "TR" a 60-degree turn in place."""

    KIND: ClassVar[str] = "drift"
    piece: str
    step: str


@dataclass(frozen=True)
class Scramble(Action):
    """Activate combat aircraft ``piece`` at its distant base: its pointer goes from "Ready" to
    "Takeoff" and the enemy sees it on radar (l.1307)."""

    KIND: ClassVar[str] = "scramble"
    piece: str


@dataclass(frozen=True)
class EnterZone(Action):
    """Place combat aircraft ``piece``, its pointer on "Approach", on the point ``(q, r)`` of its
    side's edge (Red west, Blue east) facing ``facing`` (l.1309); no blue die."""

    KIND: ClassVar[str] = "enter_zone"
    piece: str
    q: int
    r: int
    facing: int


@dataclass(frozen=True)
class FlyAircraft(Action):
    """Fly combat aircraft ``piece`` on blue ``die``: exactly die + 10 progressive steps F / L / R
    (``afterburner``: + 15 for A4, + 13 for A5, two notches), fewer when the last step leaves the
    board across its side's edge (l.1317-1327)."""

    KIND: ClassVar[str] = "fly_aircraft"
    piece: str
    steps: str
    die: int
    afterburner: bool = False


@dataclass(frozen=True)
class FireAircraftGun(Action):
    """Fire combat aircraft ``shooter``'s gun at the enemy aircraft ``target`` in the air, from the
    point straight behind it, facing it (l.1333-1337)."""

    KIND: ClassVar[str] = "fire_aircraft_gun"
    shooter: str
    target: str


ACTIONS = (Place, ContinueTorpedo, RollMovement, Move, LaunchTorpedo, FireGun, Restock, Repair, Transfer, EndTurn,
           TakeOff, Hover, Fly, Refuel, LaunchMissile, FireMachineGun, Embark, LandCommandos, Choose, EndChoice,
           DescendCommandos, Drift, Scramble, EnterZone, FlyAircraft, FireAircraftGun)
CODEC = ActionCodec(ACTIONS, home="lcb_lab.games.archipelago.actions")
