"""Level 4 (hovercraft, garrisons and commandos, l.578-700) for the course: the examples staged as
games, and the checkpoints a class answers.

The pictures are not in the text (only their captions): each example stages its pieces on
:data:`~.SEA` so that the geometry the text describes holds (the positions of
``tests/archipelago/test_level4.py``), with the dice forced in the order they are rolled:

* :func:`picture_43` -- a hovercraft moves as a torpedo boat (the blue die + 2) and also over orange
  and white land, never onto red (:data:`MOVE_43`, l.606, l.120);
* :func:`refuel_624` -- the printed example of l.624: a landed helicopter's pointer 1 -> 6, the
  hovercraft's tank 12 -> 7 (:data:`REFUEL_624`);
* :func:`picture_47` -- a machine gun destroys a hovercraft on a red 5 or 6, and the commandos
  aboard go down with it (:data:`MG_47`, l.634, l.692);
* :func:`picture_48` -- a torpedo passes underneath a hovercraft to the corvette behind it
  (:data:`TORPEDO_48`, l.638);
* :func:`picture_49` -- commandos land against Blue's Base A garrison: red 3 against green 3 is
  rolled again, red 4 against green 2 captures Base A and wins (:data:`LANDING_49`, l.660-663, l.680);
* :func:`defended` -- commandos against commandos, then the garrison: red 5 beats red 2, red 1
  loses to green 3 (l.669-674);
* :func:`example_676` -- the optional rule's own example (l.676-678): Blue lands on Red's Base B,
  Red shows one paper, red 2 against red 5 -- and Blue still cannot tell where Red's other unit is
  (:func:`blue_sees`: two worlds, one view).

Checkpoints (:data:`CHECKPOINTS`), every answer computed by the engine on staged positions: which
colours of point a hovercraft may end on (l.606), the machine gun's chance against a hovercraft
(l.634), one unit of commandos against a garrison (l.661), against commandos and a garrison
(l.669-674), and whether capturing Base B ends the game (l.680-686).
"""
from __future__ import annotations

from typing import Any

from lcb_lab.games.archipelago import actions as A
from lcb_lab.games.archipelago.course import NE, SEA, N, S, at, refusing_rule
from lcb_lab.games.archipelago.model.board import Base, Board
from lcb_lab.games.archipelago.model.state import Commando
from lcb_lab.games.archipelago.stage import stage
from lcb_lab.kernel.checkpoints import Checkpoint
from lcb_lab.kernel.errors import LabError

TITLE = "Level 4: hovercraft, garrisons and commandos"
"""The lesson's title."""
COLOURS = {"dark blue": "dark_blue", "light blue": "light_blue", "orange": "orange", "white": "white", "red": "red"}
"""The point colours a class names (l.116-128), by the board's own names."""
MOVE_43 = A.Move("Red HC-18", "FFF", 2)
REFUEL_624 = A.Refuel("Red H-1", "Red HC-18")
MG_47 = A.FireMachineGun("Blue TB-3", "Red HC-18")
TORPEDO_48 = A.LaunchTorpedo("Blue TB-3", "Red C-9")
LANDING_49 = A.LandCommandos("Red HC-18", "Blue Base A")
LANDING_676 = A.LandCommandos("Blue HC-18", "Red Base B")


def land_43(colour: str = "red") -> Board:
    """The open sea with orange and white land ahead of :data:`~.O` (2 and 3 points north) and a
    point of ``colour`` (a board colour name) 4 points north."""
    return SEA.with_points({at((N, 2)): "orange", at((N, 3)): "white", at((N, 4)): colour})


def picture_43(colour: str = "red", **kw: Any) -> Any:
    """Red HC-18 facing north towards :func:`land_43`, blue 2 rolled: 2 + 2 = 4 steps (l.606)."""
    g = stage(land_43(colour), [("Red HC-18", at(), "N"), ("Blue TB-1", at((N, 9)), "S")], forced=[2], level=4, **kw)
    g.apply(A.RollMovement())
    return g


def refuel_624(pointer: int = 1, **kw: Any) -> Any:
    """Red H-1 landed on a white point with its pointer on ``pointer``, Red HC-18 beside it with a
    full tank (12, l.622); before the blue dice."""
    w = at((N, 3))
    return stage(SEA.with_points({w: "white"}), [("Red H-1", w, "N", {"fuel": pointer}), ("Red HC-18", at((N, 2)), "N"),
                                                ("Blue TB-1", at((N, 9)), "S")], forced=[2], level=4, **kw)


def picture_47(die: int = 5, **kw: Any) -> Any:
    """Blue TB-3 beside Red HC-18, which carries commandos, with Red C-9 5 ahead; Blue to act, blue
    2 rolled, then red ``die`` for :data:`MG_47`."""
    g = stage(SEA, [("Blue TB-3", at(), "N"), ("Red HC-18", at((NE, 1)), "N", {"ammo": ["C"]}), ("Red C-9", at((N, 5)), "S")],
              forced=[2, die], level=4, to_move="Blue", **kw)
    g.apply(A.RollMovement())
    return g


def picture_48(**kw: Any) -> Any:
    """Blue TB-3 with Red HC-18 2 ahead and Red C-9 4 ahead, stern on; blue 2, then red 5."""
    g = stage(SEA, [("Blue TB-3", at(), "N"), ("Red HC-18", at((N, 2)), "N"), ("Red C-9", at((N, 4)), "N")],
              forced=[2, 5], level=4, to_move="Blue", **kw)
    g.apply(A.RollMovement())
    return g


def base_a_island() -> Board:
    """The open sea with Blue's Base A island north of :data:`~.O`: a white point and its three
    objects (ammunition, workshop, fuel) on orange points (l.108)."""
    w, am, ws, fu = at((N, 3)), at((N, 4)), at((N, 4), (NE, 1)), at((N, 5))
    pts = dict(SEA.points) | {w: "white", am: "orange", ws: "orange", fu: "orange"}
    syms = {am: frozenset({"ammunition"}), ws: frozenset({"workshop"}), fu: frozenset({"fuel"})}
    return Board("Base A island", SEA.cols, SEA.rows, pts, syms,
                 {"Blue Base A": Base("Blue Base A", "A", "Blue", (w, am, ws, fu))})


def landing(forced: list[int], defenders: int = 0, base: str = "A", **kw: Any) -> Any:
    """Red HC-18 with commandos beside Blue's Base ``base`` island (its garrison placed, l.596) and
    ``defenders`` Blue units of commandos on it; blue 2 rolled, then ``forced``."""
    board = base_a_island()
    if base == "B":
        a = board.bases["Blue Base A"]
        board = Board("Base B island", board.cols, board.rows, board.points, board.symbols,
                      {"Blue Base B": Base("Blue Base B", "B", "Blue", a.points)})
    name = f"Blue Base {base}"
    g = stage(board, [("Red HC-18", at((N, 2)), "N", {"ammo": ["C"]}), ("Blue TB-1", at((N, 10)), "S")],
              forced=[2] + list(forced), level=4, commandos=[Commando("Blue", name) for _ in range(defenders)], **kw)
    g.apply(A.RollMovement())
    return g


def picture_49(**kw: Any) -> Any:
    """One unit of commandos against Blue's Base A garrison: red 3 - green 3 (again), red 4 - green 2."""
    return landing([3, 3, 4, 2], **kw)


def defended(**kw: Any) -> Any:
    """Against a unit of commandos and the garrison: red 5 - red 2, then red 1 - green 3."""
    return landing([5, 2, 1, 3], defenders=1, **kw)


def two_bases_board() -> Board:
    """The open sea with Red's Base B island (a white point and its storage) north of :data:`~.O`
    and Red's Base A island (a white point) to the south."""
    w, st, home = at((N, 3)), at((N, 4)), at((S, 3))
    pts = dict(SEA.points) | {w: "white", st: "orange", home: "white"}
    return Board("two bases", SEA.cols, SEA.rows, pts, {st: frozenset({"ammunition", "fuel"})},
                 {"Red Base B": Base("Red Base B", "B", "Red", (w, st)), "Red Base A": Base("Red Base A", "A", "Red", (home,))})


def example_676(other: str = "Red Base A", **kw: Any) -> Any:
    """The optional rule l.600 on: Red's two units written on paper, one in Base B and the other in
    ``other``; Blue HC-18 with commandos beside Base B, Blue to act; blue 2, then red 2 against red 5
    (:data:`LANDING_676`)."""
    g = stage(two_bases_board(), [("Blue HC-18", at((N, 2)), "N", {"ammo": ["C"]}), ("Red TB-1", at((N, 10)), "S")],
              forced=[2, 2, 5], level=4, to_move="Blue", optional_rules=["l.600"],
              commandos=[Commando("Red", "Red Base B"), Commando("Red", other)], **kw)
    g.apply(A.RollMovement())
    return g


def staged(**kw: Any) -> Any:
    """A checkpoints' position: :func:`picture_49`'s landing, Red to act."""
    return picture_49(**kw)


def blue_sees(g: Any) -> tuple:
    """What Blue is shown of ``g``: its view, its legal acts and the step labels."""
    return g.view("Blue"), [str(a) for a in g.legal_actions("Blue")], g.step_labels("Blue")


def end_colours() -> frozenset[str]:
    """The colours (:data:`COLOURS`) of the point 4 north on which the engine lets Red HC-18 end
    its 4 steps (tried on :func:`picture_43` boards, one colour each)."""
    return frozenset(name for name, c in COLOURS.items() if not refusing_rule(picture_43(c), A.Move("Red HC-18", "FFFF", 2)))


def base_b_ends_the_game() -> str:
    """``"yes"`` if the engine ends the game when Red's commandos capture Blue's Base B (a forced
    red 4 against green 2), else ``"no"``. Raises LabError if the landing failed to capture it."""
    g = landing([4, 2], base="B")
    g.apply(A.LandCommandos("Red HC-18", "Blue Base B"))
    if g.state.garrisons:
        raise LabError("the staged landing did not capture Base B")
    return "yes" if g.state.over else "no"


def win_chance(g: Any, action: Any) -> float:
    """The chance ``action`` (a landing) captures its island, from the engine's chance node."""
    return g.chance_outcomes(action).probability(1)


def checkpoints() -> list[Checkpoint]:
    """The level's checkpoints (module docstring); each builds its staged position when asked."""
    return [
        Checkpoint("arch4.hc-points", "Red HC-18 moves 4 steps straight on. On which colours of point may it "
                   "end its move?", kind="choices", options=tuple(COLOURS), answer=end_colours, rule="l.606",
                   hint="A hovercraft moves as a torpedo boat, and it can also go onto flat land.",
                   explanation="Dark blue, light blue, orange and white: the flat land is orange and white "
                               "(l.606); a red point is for flying helicopters only (l.120)."),
        Checkpoint("arch4.mg-odds", "Blue TB-3's machine gun fires at Red HC-18 beside it. With what chance "
                   "is the hovercraft destroyed?", kind="probability",
                   answer=lambda: win_chance(picture_47(), MG_47), rule="l.634",
                   hint="One red die; which numbers destroy a hovercraft?",
                   explanation="2 in 6 (33.3%): only a red 5 or 6 destroys a hovercraft (l.634)."),
        Checkpoint("arch4.garrison-odds", "One unit of Red commandos lands against Blue's garrison. With what "
                   "chance does it capture the base?", kind="probability",
                   answer=lambda: win_chance(picture_49(), LANDING_49), rule="l.661",
                   hint="Red die against green die (1/2/2/3/3/4); the bigger wins and a tie is rolled again.",
                   explanation="70%: red beats green for 21 of the 36 pairs and ties for 6; rolling ties "
                               "again leaves 21 of 30 (l.661)."),
        Checkpoint("arch4.defended-odds", "Blue's base holds one unit of commandos and the garrison. With what "
                   "chance does one unit of Red commandos capture it?", kind="probability",
                   answer=lambda: win_chance(defended(), LANDING_49), rule="l.669",
                   hint="Two fights in a row: first red against red, then red against green; ties again.",
                   explanation="35%: red against red is even (1/2 with ties again), then 70% against the "
                               "garrison: 1/2 x 0.7 (l.669-674)."),
        Checkpoint("arch4.base-b-ends", "Red's commandos capture Blue's Base B. Is the game over?", kind="choice",
                   options=("yes", "no"), answer=base_b_ends_the_game, rule="l.680",
                   hint="Which base's capture ends the game, and what may commandos do with a captured Base B?",
                   explanation="No: only capturing the enemy's Base A wins (l.680); a captured Base B is held, "
                               "left or blown up, and the owner may retake it (l.682-688)."),
    ]


CHECKPOINTS: list[Checkpoint] = checkpoints()
"""The level's checkpoints (answers computed when asked)."""
