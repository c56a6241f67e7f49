"""One handler per typed act (:mod:`~lcb_lab.games.archipelago.actions`): each hands the act to its
rule module, an act of play only once :func:`_in_play` has checked that the game is running; a refusal is an
:class:`~lcb_lab.kernel.errors.IllegalAction` naming the text's line, and the engine puts the
state back exactly.  ``g`` is the :class:`~lcb_lab.games.archipelago.game.Archipelago` engine.
"""
from __future__ import annotations

from typing import Any, Callable

from lcb_lab.games.archipelago import actions as A
from lcb_lab.games.archipelago.rules import aircraft, air, blimp, cargo, commandos, descent, seaplane, forces, gun, logistics, machine_gun, missiles, movement, setup, torpedo, turn
from lcb_lab.games.archipelago.rules.common import air_kind
from lcb_lab.kernel.hexgrid import Axial
from lcb_lab.kernel.errors import IllegalAction


def _running(g: Any, setup_act: bool = False) -> None:
    if g.state.over:
        raise IllegalAction("l.259", f"the game is over ({g.state.outcome})")
    if not setup_act and g.state.phase == "choose":
        raise IllegalAction("l.272", "the forces are still being chosen")
    if setup_act and g.state.phase == "choose":
        raise IllegalAction("l.272", "the forces are chosen before the pieces are placed")
    if not setup_act and g.state.phase == "setup":
        raise IllegalAction("l.144", "the pieces are still being placed: play starts when all are on the board")


def place(g: Any, a: A.Place) -> None:
    """Set-up: one piece onto the board (l.144-155)."""
    _running(g, setup_act=True)
    setup.place(g, a.piece, (a.q, a.r), a.facing)


def continue_torpedo(g: Any, a: A.ContinueTorpedo) -> None:
    """A torpedo's second run on the green die (l.207)."""
    torpedo.continue_run(g, a.torpedo, a.turn_at, a.turn)


def roll_movement(g: Any, a: A.RollMovement) -> None:
    """The turn's blue dice (l.170, l.289)."""
    turn.roll_movement(g)


def move(g: Any, a: A.Move) -> None:
    """One piece's move on one blue die (l.178, l.307); the seaplane on the water (l.1105)."""
    if _seaplane(g, a.piece):
        seaplane.sail(g, a.piece, a.steps, a.die)
        return
    movement.move(g, a.piece, a.steps, a.die)


def launch_torpedo(g: Any, a: A.LaunchTorpedo) -> None:
    """A torpedo launch (l.201-209, l.233)."""
    torpedo.launch(g, a.shooter, a.target, a.turn_at, a.turn)


def fire_gun(g: Any, a: A.FireGun) -> None:
    """A gun shot (l.321-338)."""
    gun.fire(g, a.shooter, a.target)


def restock(g: Any, a: A.Restock) -> None:
    """Loading at the own Base A (l.251)."""
    p = g.state.pieces.get(a.piece)
    if p is not None and air.is_heli(p):
        air.arm(g, a.piece, p, a.markers)                 # a helicopter's missile (l.502)
        return
    logistics.restock(g, a.piece, a.markers)


def repair(g: Any, a: A.Repair) -> None:
    """A repair at the base or by the repair ship (l.350-364)."""
    logistics.repair(g, a.piece, a.by)


def transfer(g: Any, a: A.Transfer) -> None:
    """Markers from vessel to vessel (l.370, l.376), or with a transport aircraft (l.1013)."""
    if cargo.by_air(g, a.giver, a.taker):
        cargo.transfer(g, a.giver, a.taker, a.markers)
        return
    logistics.transfer(g, a.giver, a.taker, a.markers)


def end_turn(g: Any, a: A.EndTurn) -> None:
    """The turn's end (l.165)."""
    turn.end_turn(g)


def take_off(g: Any, a: A.TakeOff) -> None:
    """A helicopter takes off (l.463-465)."""
    air.take_off(g, a.piece, Axial(a.q, a.r), a.facing)


def hover(g: Any, a: A.Hover) -> None:
    """A helicopter hovers or lands from hovering (l.449-453, l.470)."""
    air.hover(g, a.piece, Axial(a.q, a.r), a.facing, a.land)


def fly(g: Any, a: A.Fly) -> None:
    """A helicopter's progressive flight (l.457-459, l.471); the seaplane's (l.1093-1101)."""
    if _seaplane(g, a.piece):
        seaplane.fly(g, a.piece, a.steps, a.die, a.land)
        return
    air.fly(g, a.piece, a.steps, a.die, a.land)


def refuel(g: Any, a: A.Refuel) -> None:
    """Refuelling a helicopter or a hovercraft's tank (l.485-487, l.624, l.628); the seaplane (l.1113)."""
    if _seaplane(g, a.piece):
        seaplane.refuel(g, a.piece, a.by)
        return
    air.refuel(g, a.piece, a.by)


def launch_missile(g: Any, a: A.LaunchMissile) -> None:
    """An A-S or A-A missile (l.505, l.526)."""
    missiles.launch(g, a.shooter, a.target, a.turn_at, a.turn, a.missile)


def fire_machine_gun(g: Any, a: A.FireMachineGun) -> None:
    """A machine gun burst (l.539, l.549, l.634)."""
    machine_gun.fire(g, a.shooter, a.target)


def embark(g: Any, a: A.Embark) -> None:
    """Commandos board a hovercraft (l.618)."""
    commandos.embark(g, a.piece, a.island)


def land_commandos(g: Any, a: A.LandCommandos) -> None:
    """Commandos land, and fight (l.658-674)."""
    commandos.land(g, a.piece, a.island)


def choose(g: Any, a: A.Choose) -> None:
    """One piece into the force (l.272)."""
    forces.choose(g, a.piece)


def end_choice(g: Any, a: A.EndChoice) -> None:
    """The force is chosen (l.272)."""
    forces.end_choice(g)


def _seaplane(g: Any, pid: str) -> bool:
    p = g.state.pieces.get(pid)
    return p is not None and air_kind(p) == "seaplane"


# --- expanded: air
def descend_commandos(g: Any, a: A.DescendCommandos) -> None:
    """Commandos descend from a hovering helicopter (l.888-890)."""
    descent.descend(g, a.piece, a.island)


def drift(g: Any, a: A.Drift) -> None:
    """The blimp's one step (l.1280)."""
    blimp.drift(g, a.piece, a.step)


def scramble(g: Any, a: A.Scramble) -> None:
    """A combat aircraft takes off from its distant base (l.1307)."""
    aircraft.scramble(g, a.piece)


def enter_zone(g: Any, a: A.EnterZone) -> None:
    """A combat aircraft comes onto the board at its side's edge (l.1309)."""
    aircraft.enter(g, a.piece, Axial(a.q, a.r), a.facing)


def fly_aircraft(g: Any, a: A.FlyAircraft) -> None:
    """A combat aircraft's flight (l.1317-1327)."""
    aircraft.fly(g, a.piece, a.steps, a.die, a.afterburner)


def fire_aircraft_gun(g: Any, a: A.FireAircraftGun) -> None:
    """A combat aircraft's gun (l.1333-1337)."""
    machine_gun.fire(g, a.shooter, a.target, aircraft_gun=True)


def _in_play(handler: Callable[[Any, Any], None]) -> Callable[[Any, Any], None]:
    """``handler`` run only while the game is in play (not over, forces chosen, pieces placed)."""
    def checked(g: Any, a: Any) -> None:
        _running(g)
        handler(g, a)
    checked.__doc__ = handler.__doc__
    return checked


SHOTS = (A.LaunchTorpedo, A.FireGun, A.LaunchMissile, A.FireMachineGun, A.LandCommandos, A.DescendCommandos,
         A.FireAircraftGun)
"""The acts that end the movement (l.174): expanded, refused while an aircraft must still move (l.1313)."""


def _after_aircraft(handler: Callable[[Any, Any], None]) -> Callable[[Any, Any], None]:
    """``handler`` of a shot, refused in the movement while an own aircraft must still move (l.1093, l.1313)."""
    def checked(g: Any, a: Any) -> None:
        if g.state.phase == "move":
            aircraft.must_move(g)
        handler(g, a)
    checked.__doc__ = handler.__doc__
    return checked


_PLAY = {A.ContinueTorpedo: continue_torpedo, A.RollMovement: roll_movement, A.Move: move,
         A.LaunchTorpedo: launch_torpedo, A.FireGun: fire_gun, A.Restock: restock, A.Repair: repair,
         A.Transfer: transfer, A.EndTurn: end_turn, A.TakeOff: take_off, A.Hover: hover, A.Fly: fly,
         A.Refuel: refuel, A.LaunchMissile: launch_missile, A.FireMachineGun: fire_machine_gun, A.Embark: embark,
         A.LandCommandos: land_commandos,
         A.DescendCommandos: descend_commandos, A.Drift: drift, A.Scramble: scramble, A.EnterZone: enter_zone,
         A.FlyAircraft: fly_aircraft, A.FireAircraftGun: fire_aircraft_gun}
"""The acts of play: each checked by :func:`_running` first."""
HANDLERS = {**{act: _in_play(_after_aircraft(h) if act in SHOTS else h) for act, h in _PLAY.items()},
            A.Place: place, A.Choose: choose, A.EndChoice: end_choice}
