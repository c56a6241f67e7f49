"""The expanded rules (level 5, l.799-1391) for the course: a tour of five of their pieces, each a
printed picture staged as a game, and the checkpoints a class answers.

The pictures are not in the text (only their captions): each example stages its pieces so that the
geometry the text describes holds (the positions of the tests in ``tests/archipelago/``), with the
dice forced in the order they are rolled:

* :func:`picture_54` -- surface-to-surface missiles: MB-20's red 4 + red 3 = 7 reaches C-9 6 steps
  ahead; MB-21's missile turns once and needs 8, red 2 + red 3 = 5 misses (:data:`SSM_54`, l.854);
* :func:`picture_80` -- a submarine hidden on the notepad (optional rule l.1147) is no piece of the
  board for the other side (:func:`red_sees`: two worlds, one view); utility helicopter H-3 drops a
  sonar in H9 and Blue must place S-31, which lies in the neighbouring I9 (:data:`SONAR_80`,
  :func:`place_80`, l.1185);
* :func:`picture_76` -- a depth charge from H-3 beside the submerged S-32: no die, it sinks
  (:data:`DEPTH_CHARGE_76`, l.1141);
* :func:`picture_68` -- minelayer M-28 lays a mine behind it; Blue TB-1 running over that point is
  destroyed (:data:`MINE_68`, :data:`RUN_68`, l.1057-1059);
* :func:`picture_88` -- a combat aircraft's approach: Takeoff, Climb, Approach, then onto the
  western edge (:func:`approach_88`, l.1307-1309).

The submarine is staged on the expanded board A1-Q11 (its sectors are the notepad's; sandbox
board, ``data/boards/archipelago_expanded.toml``); the others on :data:`~.SEA`.

Checkpoints (:data:`CHECKPOINTS`), every answer computed by the engine on staged positions: the
chance of MB-21's S-S missile (l.854), whether Red's view tells where a hidden submarine is
(l.1147), how many sectors a sonar searches (l.1185), the chance a depth charge sinks a submarine
(l.1141), how many turns after take-off an aircraft comes onto the board (l.1309).
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from lcb_lab.games.archipelago import actions as A
from lcb_lab.games.archipelago.course import SE, SEA, N, NW, S, at
from lcb_lab.games.archipelago.model.board import Board
from lcb_lab.games.archipelago.model.board_data import load_board
from lcb_lab.games.archipelago.observer import view
from lcb_lab.games.archipelago.rules import hidden
from lcb_lab.games.archipelago.stage import stage
from lcb_lab.kernel.checkpoints import Checkpoint
from lcb_lab.kernel.errors import DiceExhausted, LabError
from lcb_lab.kernel.hexgrid import from_offset, neighbour

TITLE = "Level 5: the expanded rules"
"""The lesson's title."""
SSM_54 = (A.LaunchSurfaceMissile("Red MB-20", "Blue C-9"),
          A.LaunchSurfaceMissile("Red MB-21", "Blue C-10", turn_at=3, turn=-1))
SONAR_80 = A.DropSonar("Red H-3")
DEPTH_CHARGE_76 = A.DropDepthCharge("Red H-3", "Blue S-32")
MINE_68 = (A.Move("Red M-28", "FF", 3), A.LayMine("Red M-28"))
RUN_68 = A.Move("Blue TB-1", "FFFF", 2)
HIDE = ["l.1147"]
"""The optional rule of hidden movement (l.1147), on in :func:`picture_80`."""
SUB = {"submerged": True}
HELI = {"flying": True, "fuel": 5}


@lru_cache(maxsize=1)
def expanded_board() -> Board:
    """The expanded board A1-Q11 (sandbox drawing of the printed one, l.813)."""
    return load_board("archipelago_expanded")


def deep(sector: str, k: int = 0) -> Any:
    """The ``k``-th deep-water point of ``sector`` on :func:`expanded_board`."""
    return hidden.deep(expanded_board(), sector)[k]


def picture_54(**kw: Any) -> Any:
    """Missile boats MB-20 (C-9 6 straight ahead) and MB-21 (C-10 two straight then 60 degrees to
    port, 8 steps); blue 3 and 4, then red 4 + 3 and red 2 + 3 for :data:`SSM_54`."""
    mb21 = at((SE, 3))
    g = stage(SEA, [("Red MB-20", at(), "N"), ("Red MB-21", mb21, "N"), ("Blue C-9", at((N, 6)), "S"),
                    ("Blue C-10", at((N, 2), (NW, 6), start=mb21), "S")], forced=[3, 4, 4, 3, 2, 3], level=5, **kw)
    g.apply(A.RollMovement())
    return g


def staged(**kw: Any) -> Any:
    """A checkpoints' position: :func:`picture_54`'s, Red to act."""
    return picture_54(**kw)


def picture_80(sector: str = "I9", **kw: Any) -> Any:
    """Turn 11: Red's utility helicopter H-3 above H9 with a sonar; Blue's S-31 hidden in ``sector``
    (the notepad, optional rule l.1147) and S-32 hidden in J9; blue 3, 3 rolled for Red."""
    x = deep("H9")
    spot = deep(sector, 3) if sector == "I9" else deep(sector)
    g = stage(expanded_board(), [("Red H-3", neighbour(x, 0), "N", dict(HELI, ammo=["SN"])), ("Red C-9", deep("N3"), "S"),
                                 ("Blue S-31", spot, "N", SUB), ("Blue S-32", deep("J9", 5), "N", SUB),
                                 ("Blue C-10", deep("K6"), "N")], hide=["Blue S-31", "Blue S-32"],
              optional_rules=HIDE, level=5, turn=11, forced=[3, 3, 4, 4], **kw)
    g.apply(A.RollMovement())
    return g


def place_80(g: Any) -> Any:
    """The act placing Blue S-31 on a deep point of the sector it was written in (the first the
    engine offers, facing SE), once the sonar has found it."""
    p = g.legal_actions("Blue")[0].options[0]
    return A.PlaceSubmarine("Blue S-31", p[0], p[1], SE)


def red_sees(g: Any) -> tuple:
    """What Red is shown of ``g``: its view, its legal acts and the step labels."""
    return view(g, "Red"), [str(a) for a in g.legal_actions("Red")], g.step_labels("Red")


def picture_76(**kw: Any) -> Any:
    """Red's H-3 (a depth charge aboard) hovering beside the submerged Blue S-32; blue 2, 2 rolled."""
    g = stage(SEA, [("Red H-3", at((N, 1)), "N", dict(HELI, ammo=["D"])), ("Red C-9", at((S, 3)), "N"),
                    ("Blue S-32", at(), "N", SUB), ("Blue C-10", at((N, 6)), "N")], forced=[2, 2], level=5, **kw)
    g.apply(A.RollMovement())
    return g


def picture_68(**kw: Any) -> Any:
    """Red's minelayer M-28 with Blue TB-1 off its port bow heading south-east; blue 3 for Red,
    then 2 and 2 for Blue (:data:`MINE_68`, then :data:`RUN_68` after Red's turn ends)."""
    g = stage(SEA, [("Red M-28", at(), "N"), ("Blue TB-1", at((N, 1), (NW, 2)), "SE"), ("Blue C-9", at((N, 9)), "S")],
              forced=[3, 2, 2], level=5, **kw)
    g.apply(A.RollMovement())
    return g


AIRFIELD = {"Red A-1": "ready", "Blue A-5": "ready"}
WESTERN_EDGE = from_offset(0, 5)
"""A point of the western edge, where Red's aircraft come on (l.1309)."""
ENTER_88 = A.EnterZone("Red A-1", WESTERN_EDGE.q, WESTERN_EDGE.r, 1)


def picture_88(**kw: Any) -> Any:
    """Red's strike fighter A-1 on Ready at its distant airport, a torpedo boat a side on the sea
    (the blue dice forced to 2s, sandbox: they move nothing here)."""
    ships = [("Red TB-2", at((SE, 5)), "N"), ("Blue TB-1", at((SE, 5), (N, 10)), "S")]
    return stage(SEA, ships, forced=[2] * 12, level=5, airfield=dict(AIRFIELD), **kw)


def approach_88(g: Any) -> list[str]:
    """Play A-1's approach on :func:`picture_88`: Scramble, then whole turns of both sides without
    moving until its pointer passes Approach; the stage of A-1 after each of Red's turns. Raises
    LabError if it has not come to enter after 6 turns."""
    g.apply(A.Scramble("Red A-1"))
    stages = [g.state.airfield["Red A-1"]]
    while g.state.airfield["Red A-1"] != "enter":
        if len(stages) > 6:
            raise LabError(f"Red A-1 is still on {stages[-1]} after {len(stages) - 1} turns")
        for _ in range(2):
            g.apply(A.RollMovement())
            g.apply(A.EndTurn())
        stages.append(g.state.airfield["Red A-1"])
    return stages


def turns_to_enter() -> int:
    """How many of Red's turns after A-1's take-off pass before it may come onto the board."""
    return len(approach_88(picture_88())) - 1


def depth_charge_sinks() -> float:
    """1.0 when H-3's depth charge sinks S-32 with no die left to roll (a roll would raise
    DiceExhausted), else 0.0 (played on :func:`picture_76`)."""
    g = picture_76()
    try:
        g.apply(DEPTH_CHARGE_76)
    except DiceExhausted:
        return 0.0
    return 1.0 if "Blue S-32" in g.state.sunk else 0.0


def hidden_shown() -> str:
    """``"yes"`` if Red's view differs between S-31 hidden in I9 and in D8 (before any sonar)."""
    return "yes" if red_sees(picture_80("I9")) != red_sees(picture_80("D8")) else "no"


def checkpoints() -> list[Checkpoint]:
    """The level's checkpoints (module docstring); each builds its staged position when asked."""
    return [
        Checkpoint("arch5.ss-odds", "Red MB-21's S-S missile must fly 8 steps to reach Blue C-10. With what "
                   "chance does it hit?", kind="probability",
                   answer=lambda: picture_54().chance_outcomes(SSM_54[1]).probability(1), rule="l.854",
                   hint="Two red dice: the missile flies at most their sum.",
                   explanation="15 of 36 (41.7%): two red dice reach 8 or more for 15 of the 36 pairs (l.854)."),
        Checkpoint("arch5.hidden-seen", "Blue's S-31 is hidden on Blue's notepad. Does Red's view change when "
                   "S-31 is in D8 instead of I9?", kind="choice", options=("yes", "no"), answer=hidden_shown,
                   rule="l.1147", hint="Who may read a notepad?",
                   explanation="No: a hidden submarine is only a line on its owner's notepad (l.1147-1151); "
                               "the other side sees the same whatever the sector."),
        Checkpoint("arch5.sonar-sectors", "A sonar is dropped in H9. How many sectors does it search?",
                   kind="number", answer=lambda: len(hidden.zone(expanded_board(), "H9")), rule="l.1185",
                   hint="The sector where it falls, and which others?",
                   explanation="Nine: its own sector and the eight around it (l.1185, picture 80)."),
        Checkpoint("arch5.depth-charge", "Red's H-3 drops a depth charge beside the submerged Blue S-32. With "
                   "what chance is S-32 destroyed?", kind="probability", answer=depth_charge_sinks,
                   rule="l.1141", hint="Is any die rolled for a depth charge?",
                   explanation="Certainly (100%): its effect is absolute, no die is rolled (l.1141)."),
        Checkpoint("arch5.aircraft-turns", "Red's strike fighter A-1 takes off this turn. How many more of "
                   "Red's turns pass until it comes onto the western edge?", kind="number",
                   answer=turns_to_enter, rule="l.1309",
                   hint="Take-off, then two turns only moving the pointer, then the turn after.",
                   explanation="Three: Climb, Approach, then on the third turn it enters the board (l.1309)."),
    ]


CHECKPOINTS: list[Checkpoint] = checkpoints()
"""The level's checkpoints (answers computed when asked)."""
