"""One handler per typed act (:mod:`~lcb_lab.games.archipelago.actions`): each checks that the game
is running and hands the act to its rule module; a refusal is an
:class:`~lcb_lab.kernel.errors.IllegalAction` naming the text's line, and the engine puts the
state back exactly.  ``g`` is the :class:`~lcb_lab.games.archipelago.game.Archipelago` engine.
"""
from __future__ import annotations

from typing import Any

from lcb_lab.games.archipelago import actions as A
from lcb_lab.games.archipelago.rules import air, commandos, forces, gun, logistics, machine_gun, missiles, movement, setup, torpedo, turn
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
    _running(g)
    torpedo.continue_run(g, a.torpedo, a.turn_at, a.turn)


def roll_movement(g: Any, a: A.RollMovement) -> None:
    """The turn's blue dice (l.170, l.289)."""
    _running(g)
    turn.roll_movement(g)


def move(g: Any, a: A.Move) -> None:
    """One piece's move on one blue die (l.178, l.307)."""
    _running(g)
    movement.move(g, a.piece, a.steps, a.die)


def launch_torpedo(g: Any, a: A.LaunchTorpedo) -> None:
    """A torpedo launch (l.201-209, l.233)."""
    _running(g)
    torpedo.launch(g, a.shooter, a.target, a.turn_at, a.turn)


def fire_gun(g: Any, a: A.FireGun) -> None:
    """A gun shot (l.321-338)."""
    _running(g)
    gun.fire(g, a.shooter, a.target)


def restock(g: Any, a: A.Restock) -> None:
    """Loading at the own Base A (l.251)."""
    _running(g)
    p = g.state.pieces.get(a.piece)
    if p is not None and p.kind == "helicopter":
        air.arm(g, a.piece, p, a.markers)                 # a helicopter's missile (l.502)
        return
    logistics.restock(g, a.piece, a.markers)


def repair(g: Any, a: A.Repair) -> None:
    """A repair at the base or by the repair ship (l.350-364)."""
    _running(g)
    logistics.repair(g, a.piece, a.by)


def transfer(g: Any, a: A.Transfer) -> None:
    """Markers from vessel to vessel (l.370, l.376)."""
    _running(g)
    logistics.transfer(g, a.giver, a.taker, a.markers)


def end_turn(g: Any, a: A.EndTurn) -> None:
    """The turn's end (l.165)."""
    _running(g)
    turn.end_turn(g)


def take_off(g: Any, a: A.TakeOff) -> None:
    """A helicopter takes off (l.463-465)."""
    _running(g)
    air.take_off(g, a.piece, Axial(a.q, a.r), a.facing)


def hover(g: Any, a: A.Hover) -> None:
    """A helicopter hovers or lands from hovering (l.449-453, l.470)."""
    _running(g)
    air.hover(g, a.piece, Axial(a.q, a.r), a.facing, a.land)


def fly(g: Any, a: A.Fly) -> None:
    """A helicopter's progressive flight (l.457-459, l.471)."""
    _running(g)
    air.fly(g, a.piece, a.steps, a.die, a.land)


def refuel(g: Any, a: A.Refuel) -> None:
    """Refuelling a helicopter or a hovercraft's tank (l.485-487, l.624, l.628)."""
    _running(g)
    air.refuel(g, a.piece, a.by)


def launch_missile(g: Any, a: A.LaunchMissile) -> None:
    """An A-S or A-A missile (l.505, l.526)."""
    _running(g)
    missiles.launch(g, a.shooter, a.target, a.turn_at, a.turn)


def fire_machine_gun(g: Any, a: A.FireMachineGun) -> None:
    """A machine gun burst (l.539, l.549, l.634)."""
    _running(g)
    machine_gun.fire(g, a.shooter, a.target)


def embark(g: Any, a: A.Embark) -> None:
    """Commandos board a hovercraft (l.618)."""
    _running(g)
    commandos.embark(g, a.piece, a.island)


def land_commandos(g: Any, a: A.LandCommandos) -> None:
    """Commandos land, and fight (l.658-674)."""
    _running(g)
    commandos.land(g, a.piece, a.island)


def choose(g: Any, a: A.Choose) -> None:
    """One piece into the force (l.272)."""
    forces.choose(g, a.piece)


def end_choice(g: Any, a: A.EndChoice) -> None:
    """The force is chosen (l.272)."""
    forces.end_choice(g)


HANDLERS = {A.Place: place, A.ContinueTorpedo: continue_torpedo, A.RollMovement: roll_movement, A.Move: move,
            A.LaunchTorpedo: launch_torpedo, A.FireGun: fire_gun, A.Restock: restock, A.Repair: repair,
            A.Transfer: transfer, A.EndTurn: end_turn, A.TakeOff: take_off, A.Hover: hover, A.Fly: fly,
            A.Refuel: refuel, A.LaunchMissile: launch_missile, A.FireMachineGun: fire_machine_gun, A.Embark: embark,
            A.LandCommandos: land_commandos, A.Choose: choose, A.EndChoice: end_choice}
