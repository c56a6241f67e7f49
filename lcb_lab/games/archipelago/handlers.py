"""One handler per typed act (:mod:`~lcb_lab.games.archipelago.actions`): each hands the act to its
rule module, an act of play only once :func:`_in_play` has checked that the game is running; a refusal is an
:class:`~lcb_lab.kernel.errors.IllegalAction` naming the text's line, and the engine puts the
state back exactly.  ``g`` is the :class:`~lcb_lab.games.archipelago.game.Archipelago` engine.
"""
from __future__ import annotations

from typing import Any, Callable

from lcb_lab.games.archipelago import actions as A
from lcb_lab.games.archipelago.rules import aircraft, air, base_b, blimp, cargo, commandos, descent, seaplane, forces, gun, logistics, machine_gun, missiles, movement, setup, torpedo, turn
from lcb_lab.games.archipelago.rules import cards, cruise, ekranoplan, hydrofoil, ssm
from lcb_lab.games.archipelago.rules import dock, landing_platform
from lcb_lab.games.archipelago.rules import depth_charge, hidden, mines, sonar, submerging
from lcb_lab.games.archipelago.rules import rearm, scenario, scenario_task
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
    if g.state.phase == "cards" and not setup_act:
        raise IllegalAction("l.771", "the cards are chosen before the game begins")
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


def unload_at_base(g: Any, a: A.UnloadAtBase) -> None:
    """A hovercraft's cargo unloaded onto its base's panel (l.612, l.614)."""
    logistics.unload(g, a.piece, a.marker)


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
    """Commandos land, and fight (l.658-674); the Hidden Landing's saboteurs (l.1544)."""
    if g.state.scenario and scenario_task.saboteurs_land(g, a.piece, a.island):
        return
    commandos.land(g, a.piece, a.island)


def choose(g: Any, a: A.Choose) -> None:
    """One piece into the force (l.272)."""
    forces.choose(g, a.piece)


def drop_base_b(g: Any, a: A.DropBaseB) -> None:
    """The force goes without its Base B: 3 more points for pieces (l.408)."""
    base_b.drop(g)


def unload_missile(g: Any, a: A.UnloadMissile) -> None:
    """A landed helicopter's missile unloaded or changed (l.502)."""
    rearm.unload(g, a.piece, a.marker, a.to)


def blow_storage(g: Any, a: A.BlowStorage) -> None:
    """Commandos blow up a captured Base B's storage (l.686)."""
    base_b.blow_storage(g, a.island)


def end_choice(g: Any, a: A.EndChoice) -> None:
    """The force is chosen (l.272)."""
    forces.end_choice(g)


# --- expanded: ssm
def launch_surface_missile(g: Any, a: A.LaunchSurfaceMissile) -> None:
    """An S-S or S-A missile from a ship, boat, ekranoplan or land launcher (l.852-854, l.953, l.1001)."""
    ssm.launch(g, a.shooter, a.target, a.missile, a.bearing, a.turn_at, a.turn)


def launch_cruise_missile(g: Any, a: A.LaunchCruiseMissile) -> None:
    """The first part of a cruise missile's flight (l.965-975)."""
    cruise.launch(g, a.shooter, a.target, a.bearing, a.route)


def continue_cruise_missile(g: Any, a: A.ContinueCruiseMissile) -> None:
    """The second part of a cruise missile's flight (l.979-983)."""
    cruise.continue_flight(g, a.missile, a.route)


def foilborne(g: Any, a: A.Foilborne) -> None:
    """A hydrofoil's foilborne move (l.1080)."""
    hydrofoil.move_foilborne(g, a.piece, a.steps, a.die)


def fly_ekranoplan(g: Any, a: A.FlyEkranoplan) -> None:
    """An ekranoplan's flight, take-off or landing (l.1234-1238)."""
    ekranoplan.fly(g, a.piece, a.steps, a.die, a.take_off, a.land)


def choose_card(g: Any, a: A.ChooseCard) -> None:
    """A card taken face down before the game (l.771)."""
    if g.state.over:
        raise IllegalAction("l.259", f"the game is over ({g.state.outcome})")
    cards.choose(g, a.card)


def play_card(g: Any, a: A.PlayCard) -> None:
    """A card used at the end of a turn (l.773-779)."""
    cards.play(g, a.card, a.targets)


def answer_interceptors(g: Any, a: A.AnswerInterceptors) -> None:
    """The Interceptors counter-card, or not (l.778)."""
    cards.answer(g, a.player, a.play)


def exit_dock(g: Any, a: A.ExitDock) -> None:
    """A craft leaves a well dock (l.1043)."""
    dock.exit_dock(g, a.piece, a.facing)


def enter_dock(g: Any, a: A.EnterDock) -> None:
    """A craft enters a well dock (l.1045)."""
    dock.enter_dock(g, a.piece, a.dock)


def shift_commandos(g: Any, a: A.ShiftCommandos) -> None:
    """Commandos between a DLS and the craft in its dock (l.1047)."""
    dock.shift_commandos(g, a.giver, a.taker)


def load_cargo(g: Any, a: A.LoadCargo) -> None:
    """The MLP loads a ship or the oil platform (l.1266)."""
    landing_platform.load_cargo(g, a.mlp, a.load)


def unload_cargo(g: Any, a: A.UnloadCargo) -> None:
    """The MLP unloads (l.1270)."""
    landing_platform.unload_cargo(g, a.mlp, a.load, a.facing)


def walk_commandos(g: Any, a: A.WalkCommandos) -> None:
    """Commandos walk across an own road or bridge (l.819, l.821)."""
    commandos.walk(g, a.island, a.to)


# --- expanded: submarines and their detection, depth charges, mines
def submerge(g: Any, a: A.Submerge) -> None:
    """A submarine moves and dives (l.1129)."""
    submerging.submerge(g, a.piece, a.steps, a.die)


def emerge(g: Any, a: A.Emerge) -> None:
    """A submarine moves and comes up (l.1129)."""
    submerging.emerge(g, a.piece, a.steps, a.die)


def move_hidden(g: Any, a: A.MoveHidden) -> None:
    """A hidden submarine's sector on the notepad (l.1155)."""
    hidden.move(g, a.piece, a.sector)


def reveal(g: Any, a: A.Reveal) -> None:
    """The owner shows a hidden submarine (l.1167)."""
    hidden.reveal(g, a.piece, a.surfaced)


def hide(g: Any, a: A.Hide) -> None:
    """A shown submarine hides again (optional rule l.1173)."""
    hidden.rehide(g, a.piece)


def place_submarine(g: Any, a: A.PlaceSubmarine) -> None:
    """The answer to a waiting reveal (l.1165, l.1185, l.1203)."""
    hidden.place(g, a.piece, (a.q, a.r), a.facing)


def drop_depth_charge(g: Any, a: A.DropDepthCharge) -> None:
    """A depth charge on a submerged submarine (l.1141)."""
    depth_charge.drop(g, a.piece, a.target)


def drop_sonar(g: Any, a: A.DropSonar) -> None:
    """A sonar dropped behind an aircraft (l.1185)."""
    sonar.drop(g, a.piece)


def activate_mad(g: Any, a: A.ActivateMAD) -> None:
    """A MAD search of one sector (l.1203)."""
    sonar.mad(g, a.piece)


def lay_mine(g: Any, a: A.LayMine) -> None:
    """A mine laid behind the minelayer (l.1057)."""
    mines.lay(g, a.piece)


def sweep_mine(g: Any, a: A.SweepMine) -> None:
    """A mine swept or taken back (l.1061, l.1063)."""
    mines.sweep(g, a.piece, (a.q, a.r))


def activate_rc_mines(g: Any, a: A.ActivateRCMines) -> None:
    """Remote-controlled mines fired (l.1215)."""
    mines.activate(g, a.sector)


def _waiting(g: Any, a: Any) -> None:
    """Refuse every act but the answer while a choice waits (the kernel's one stack of choices:
    the Interceptors question, l.778; a found submarine's placing, l.1165)."""
    c = g.state.choices[-1] if g.state.choices else None
    if c is not None and not isinstance(a, c.ANSWER):
        raise IllegalAction(*c.waiting())


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
        _waiting(g, a)
        if g.state.scenario:
            scenario.before(g, a)              # the scenario's restrictions (l.1393-1568)
        handler(g, a)
    checked.__doc__ = handler.__doc__
    return checked


SHOTS = (A.LaunchTorpedo, A.FireGun, A.LaunchMissile, A.FireMachineGun, A.LandCommandos, A.DescendCommandos,
         A.FireAircraftGun, A.LaunchSurfaceMissile, A.LaunchCruiseMissile, A.DropDepthCharge)
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
         A.LaunchSurfaceMissile: launch_surface_missile, A.LaunchCruiseMissile: launch_cruise_missile,
         A.ContinueCruiseMissile: continue_cruise_missile, A.Foilborne: foilborne, A.FlyEkranoplan: fly_ekranoplan,
         A.PlayCard: play_card, A.AnswerInterceptors: answer_interceptors,
         A.ExitDock: exit_dock, A.EnterDock: enter_dock, A.ShiftCommandos: shift_commandos, A.LoadCargo: load_cargo,
         A.UnloadCargo: unload_cargo, A.WalkCommandos: walk_commandos,
         A.Submerge: submerge, A.Emerge: emerge, A.MoveHidden: move_hidden, A.Reveal: reveal, A.Hide: hide,
         A.PlaceSubmarine: place_submarine, A.DropDepthCharge: drop_depth_charge, A.DropSonar: drop_sonar,
         A.ActivateMAD: activate_mad, A.LayMine: lay_mine, A.SweepMine: sweep_mine, A.ActivateRCMines: activate_rc_mines,
         A.DescendCommandos: descend_commandos, A.Drift: drift, A.Scramble: scramble, A.EnterZone: enter_zone,
         A.FlyAircraft: fly_aircraft, A.FireAircraftGun: fire_aircraft_gun, A.BlowStorage: blow_storage,
         A.UnloadMissile: unload_missile, A.UnloadAtBase: unload_at_base}
"""The acts of play: each checked by :func:`_running` first."""
HANDLERS = {**{act: _in_play(_after_aircraft(h) if act in SHOTS else h) for act, h in _PLAY.items()},
            A.Place: place, A.Choose: choose, A.EndChoice: end_choice, A.DropBaseB: drop_base_b, A.ChooseCard: choose_card}
