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


# --- expanded: the command ship, landing ships and boats, transports (level 5)


@dataclass(frozen=True)
class ExitDock(Action):
    """Landing boat or hovercraft ``piece`` leaves its DLS's well dock onto the point behind it,
    facing ``facing`` (l.1043, l.1047)."""

    KIND: ClassVar[str] = "exit_dock"
    piece: str
    facing: int


@dataclass(frozen=True)
class EnterDock(Action):
    """Landing boat or hovercraft ``piece``, standing behind DLS ``dock``, enters its well dock (l.1045)."""

    KIND: ClassVar[str] = "enter_dock"
    piece: str
    dock: str


@dataclass(frozen=True)
class ShiftCommandos(Action):
    """One C marker from ``giver`` to ``taker``: a DLS and the craft in its well dock (l.1047)."""

    KIND: ClassVar[str] = "shift_commandos"
    giver: str
    taker: str


@dataclass(frozen=True)
class LoadCargo(Action):
    """Mobile Landing Platform ``mlp`` loads ``load`` (an oil platform or a ship) from behind it (l.1266)."""

    KIND: ClassVar[str] = "load_cargo"
    mlp: str
    load: str


@dataclass(frozen=True)
class UnloadCargo(Action):
    """Mobile Landing Platform ``mlp`` puts ``load`` on the point behind it, facing ``facing`` (l.1270)."""

    KIND: ClassVar[str] = "unload_cargo"
    mlp: str
    load: str
    facing: int


@dataclass(frozen=True)
class WalkCommandos(Action):
    """One own C marker walks from island part ``island`` to ``to`` across an own road or bridge (l.819, l.821)."""

    KIND: ClassVar[str] = "walk_commandos"
    island: str
    to: str


SHIPS_ACTIONS = (ExitDock, EnterDock, ShiftCommandos, LoadCargo, UnloadCargo, WalkCommandos)
"""The acts of the landing ships and boats, the MLP and the walking commandos (level 5)."""


ACTIONS = (Place, ContinueTorpedo, RollMovement, Move, LaunchTorpedo, FireGun, Restock, Repair, Transfer, EndTurn,
           TakeOff, Hover, Fly, Refuel, LaunchMissile, FireMachineGun, Embark, LandCommandos, Choose, EndChoice) + SHIPS_ACTIONS


# --- expanded: ssm
@dataclass(frozen=True)
class LaunchSurfaceMissile(Action):
    """Announce and launch ``shooter``'s ``missile`` ("S-S" or "S-A") at ``target`` at ``bearing``
    (0 ahead; a ship -1 / +1, a land launcher 0-5, 60-degree steps clockwise) along the course
    ``turn_at`` / ``turn`` (l.852-854, l.862, l.953, l.1001)."""

    KIND: ClassVar[str] = "launch_surface_missile"
    shooter: str
    target: str
    missile: str = "S-S"
    bearing: int = 0
    turn_at: int = 0
    turn: int = 0


@dataclass(frozen=True)
class LaunchCruiseMissile(Action):
    """Announce ``target`` (a fixed target on land) and launch ``shooter``'s cruise missile at
    ``bearing`` (0-5) along ``route`` (F / L / R, first two F); it flies red + 5 steps of it (l.965-975)."""

    KIND: ClassVar[str] = "launch_cruise_missile"
    shooter: str
    target: str
    bearing: int
    route: str


@dataclass(frozen=True)
class ContinueCruiseMissile(Action):
    """Roll the red die for own CM marker ``missile`` and fly its second part along ``route`` (l.979-983)."""

    KIND: ClassVar[str] = "continue_cruise_missile"
    missile: str
    route: str


@dataclass(frozen=True)
class Foilborne(Action):
    """Move hydrofoil ``piece`` foilborne: ``steps`` F / L / R, exactly blue ``die`` + 3 (l.1080)."""

    KIND: ClassVar[str] = "foilborne"
    piece: str
    steps: str
    die: int


@dataclass(frozen=True)
class FlyEkranoplan(Action):
    """Fly ekranoplan ``piece`` ``steps`` (F / L / R) on blue ``die`` + 7; ``take_off`` from the water
    or ``land`` on it (l.1234-1238, as the seaplane l.1097-1101)."""

    KIND: ClassVar[str] = "fly_ekranoplan"
    piece: str
    steps: str
    die: int
    take_off: bool = False
    land: bool = False


@dataclass(frozen=True)
class ChooseCard(Action):
    """Before the game, the player to move takes ``card`` of its set face down (l.771)."""

    KIND: ClassVar[str] = "choose_card"
    card: str


@dataclass(frozen=True)
class PlayCard(Action):
    """At the end of a turn, use ``card`` on the pieces ``targets`` of its sector (the user's picks;
    empty for RC Mines, which sink them all) (l.773-779)."""

    KIND: ClassVar[str] = "play_card"
    card: str
    targets: tuple[str, ...] = ()


@dataclass(frozen=True)
class AnswerInterceptors(Action):
    """The answer to an enemy Aircraft card: ``play`` the own Interceptors card against it, or not (l.778)."""

    KIND: ClassVar[str] = "answer_interceptors"
    player: str
    play: bool


ACTIONS = ACTIONS + (LaunchSurfaceMissile, LaunchCruiseMissile, ContinueCruiseMissile, Foilborne, FlyEkranoplan,
                     ChooseCard, PlayCard, AnswerInterceptors)


# --- expanded: submarines and their detection, depth charges, mines
@dataclass(frozen=True)
class Submerge(Action):
    """Move submarine ``piece`` by ``steps`` on blue ``die`` (at least one ``F``, the last point deep
    water) and dive: its piece becomes its S marker (l.1129)."""

    KIND: ClassVar[str] = "submerge"
    piece: str
    steps: str
    die: int


@dataclass(frozen=True)
class Emerge(Action):
    """Move the S marker of submarine ``piece`` by ``steps`` on blue ``die`` (at least one ``F``) and
    come up: the S marker becomes its piece (l.1129)."""

    KIND: ClassVar[str] = "emerge"
    piece: str
    steps: str
    die: int


@dataclass(frozen=True)
class MoveHidden(Action):
    """Write ``sector`` on the notepad for hidden submarine ``piece`` this turn: a neighbouring one
    it can pass to (l.1155-1159; no blue die is spent), or ``""`` its sector again (l.1161)."""

    KIND: ClassVar[str] = "move_hidden"
    piece: str
    sector: str = ""


@dataclass(frozen=True)
class Reveal(Action):
    """Show hidden submarine ``piece``: its S marker (``surfaced``: its piece) goes on a point of its
    sector, chosen next (l.1165-1167)."""

    KIND: ClassVar[str] = "reveal"
    piece: str
    surfaced: bool = False


@dataclass(frozen=True)
class Hide(Action):
    """Optional rule l.1173: own submerged submarine ``piece`` leaves the board and is written on the
    notepad in its sector again."""

    KIND: ClassVar[str] = "hide"
    piece: str


@dataclass(frozen=True)
class PlaceSubmarine(Action):
    """The answer to a waiting reveal: hidden submarine ``piece`` on ``(q, r)`` facing ``facing``
    (l.1165, l.1185, l.1203)."""

    KIND: ClassVar[str] = "place_submarine"
    piece: str
    q: int
    r: int
    facing: int = 0


@dataclass(frozen=True)
class DropDepthCharge(Action):
    """Aircraft ``piece`` drops its D marker on the submerged submarine ``target`` beside it (l.1141)."""

    KIND: ClassVar[str] = "drop_depth_charge"
    piece: str
    target: str


@dataclass(frozen=True)
class DropSonar(Action):
    """Aircraft ``piece`` drops a sonar (SN marker) on the water point right behind it (l.1185)."""

    KIND: ClassVar[str] = "drop_sonar"
    piece: str


@dataclass(frozen=True)
class ActivateMAD(Action):
    """Utility helicopter ``piece`` searches its sector with its MAD (l.1203)."""

    KIND: ClassVar[str] = "activate_mad"
    piece: str


@dataclass(frozen=True)
class LayMine(Action):
    """Minelayer ``piece`` lays a mine on the point right behind it after its move (l.1057)."""

    KIND: ClassVar[str] = "lay_mine"
    piece: str


@dataclass(frozen=True)
class SweepMine(Action):
    """Minelayer ``piece``, beside the M marker on ``(q, r)`` since last turn, removes it (an enemy
    mine, l.1061) or takes it back onto its panel (an own one, l.1063)."""

    KIND: ClassVar[str] = "sweep_mine"
    piece: str
    q: int
    r: int


@dataclass(frozen=True)
class ActivateRCMines(Action):
    """Fire the remote-controlled mines written for ``sector``: every vessel there sinks (l.1215)."""

    KIND: ClassVar[str] = "activate_rc_mines"
    sector: str


EXPANDED_SUB = (Submerge, Emerge, MoveHidden, Reveal, Hide, PlaceSubmarine, DropDepthCharge, DropSonar, ActivateMAD,
                LayMine, SweepMine, ActivateRCMines)


ACTIONS = ACTIONS + EXPANDED_SUB


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


@dataclass(frozen=True)
class BlowStorage(Action):
    """The player's commandos holding the captured enemy Base B ``island`` blow up its storage (l.686)."""

    KIND: ClassVar[str] = "blow_storage"
    island: str


@dataclass(frozen=True)
class DropBaseB(Action):
    """While choosing its forces the player goes without its Base B: 3 more points for pieces (l.408)."""

    KIND: ClassVar[str] = "drop_base_b"


@dataclass(frozen=True)
class UnloadMissile(Action):
    """Landed helicopter ``piece`` unloads its ``marker`` (A-S or A-A) where it is landed, or changes it
    for a ``to`` marker from there (l.502)."""

    KIND: ClassVar[str] = "unload_missile"
    piece: str
    marker: str
    to: str = ""


@dataclass(frozen=True)
class UnloadAtBase(Action):
    """Hovercraft ``piece`` unloads the ``marker`` of its cargo onto the panel of the own base it stands
    at: panel A in Base A's port or on its white point (l.612), Base B's own panel beside its storage
    (l.614, l.429)."""

    KIND: ClassVar[str] = "unload_at_base"
    piece: str
    marker: str


ACTIONS = ACTIONS + (DescendCommandos, Drift, Scramble, EnterZone, FlyAircraft, FireAircraftGun, BlowStorage, DropBaseB,
                     UnloadMissile, UnloadAtBase)
CODEC = ActionCodec(ACTIONS, home="lcb_lab.games.archipelago.actions")
