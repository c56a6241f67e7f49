"""Chapter 11 (Embarked actions) worked examples, staged through the typed actions.

Each ``ex_*`` function returns ``(game, lines)`` (see :mod:`lcb_lab.games.lcb.content.worked`).  The board is
the synthetic one of :func:`lcb_lab.situation`: columns A-E sea, F coast, G-L land; the
enemy is 1 Anna (RU naval infantry) in H-8.

* :func:`ex_11_1_1` -- Ian's LHA 8 moves five hexes and deploys Unmanned: Carrier (1 AP):
  deployed, then expended; the ship stays concealed (11.1);
* :func:`ex_11_1_2` -- Chris's LHD 1: turn 1 MEU Rotary Attack for 1 AP with the move; turn 2
  Amphibious: LCU for 1 AP with the move, and MEU Rotary Attack again for free (deployed);
* :func:`ex_11_12` -- Nick's LHA 8 and LHD 1, stacked: ONE Core Action (1 AP) moves both and
  deploys one card from each (MEU Fixed-Wing, MEU Rotary Lift); next turn one Core Action
  deploys Amphibious: LCAC and Amphibious: LCU, and both deployed cards are used for free.

Frequency: 9.2 says a deployed Persistent card is used "once per turn", 11.12 "once per
impulse" for Embarked ones (facts §6.21).  lcb_lab keeps ONE rule, 9.2's: used, a card is
expended until the next Action Stage (9.21, 11.11: flipped face down, face up again when
the turn refreshes).  A ship's Task Force takes one impulse per turn (3.39) and only the
ship's player uses its cards (10.36), so on the own impulse the two readings agree.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.content.situation import situation
from lcb_lab.games.lcb.content.worked.ch10 import COAST, SEA, try_lines

if TYPE_CHECKING:
    from lcb_lab.games.lcb.game import Game

ENEMY = {"1 Anna": {"type": "runi_naval_infantry_platoon", "hex": "H-8", "face_up": True}}
TURN1_PATH = ("E-2", "E-3", "E-4", "E-5", "E-6")
TURN2_PATH = ("E-7", "E-8", "E-9", "E-10", "E-11")


def _game(units: dict, cards: list, forced=(), enemy: dict | None = None):
    return situation({**units, **(ENEMY if enemy is None else enemy)}, naval=SEA, mixed=COAST,
                     cards={"US": cards}, forced=list(forced), seed=0, naval_zor=False)


def cid(game: Game, name: str) -> str:
    """The cid of the (first) card ``name`` in the game."""
    return next(c.cid for c in sorted(game.state.cards.values(), key=lambda c: c.cid) if c.name == name)


def card_line(game: Game, name: str) -> str:
    """Where card ``name`` is on its ship's tracker (11.11): left (not yet played), right face
    up (deployed) or right face down (expended)."""
    c = game.state.cards[cid(game, name)]
    side = "left (face down, not yet played)" if not c.deployed else (
        "right, face down (expended)" if c.expended else "right, face up (deployed, available)")
    return f"  {name} on {c.host}: {side}"


def pass_turn(game: Game) -> None:
    """End the current impulse and pass every impulse left this turn (the next turn begins)."""
    turn = game.state.turn
    if game.state.impulse is not None:
        game.apply(A.EndImpulse())
    while game.state.turn == turn:
        if game.state.impulse is None:
            game.apply(A.BeginImpulse(game.available_task_forces()[0]))
        if game.impulse.phase == "declare":
            game.apply(A.Declare(()))
        game.apply(A.EndImpulse())


def _combat(game, lines: list[str]) -> None:
    """Commit the impulse's card LRS and roll it."""
    game.apply(A.CommitCombat())
    game.apply(A.ResolveCombat())
    anna = game.state.units["1 Anna"]
    lines.append(f"  LRS resolved: 1 Anna has {anna.hp} HP" + (" (destroyed)" if anna.destroyed else ""))


# ------------------------------------------------------------------ 11.1 example 1
def ex_11_1_1(forced: Iterable[int] = (5,)) -> tuple[Game, list[str]]:
    """Ian: LHA 8 moves five hexes and deploys Unmanned: Carrier for 1 AP; its effect A
    reveals the enemy in H-8 (one die, ``forced``); the card is then expended."""
    enemy = {"1 Anna": {"type": "runi_naval_infantry_platoon", "hex": "H-8"}}
    g = _game({"LHA 8": {"type": "usn_lha", "hex": "E-1"}}, [{"name": "Unmanned: Carrier", "embark_on": "LHA 8"}],
              forced, enemy)
    lines = ["11.1 example 1 (Ian): LHA 8 carries Unmanned: Carrier", card_line(g, "Unmanned: Carrier")]
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("move_embarked_jcc", ("LHA 8",), jcc="Unmanned: Carrier"),)))
    g.apply(A.Move(1, TURN1_PATH))
    lines.append(f"Move and/or Play an Embarked Persistent JCC (1 AP, {g.impulse.ap} AP left): LHA 8 E-1 -> E-6")
    lines += try_lines(g, A.PlayCard(cid(g, "Unmanned: Carrier"), "A", targets=("H-8",), action=1),
                       "Unmanned: Carrier option A (reveal the units in H-8)")
    lines.append(card_line(g, "Unmanned: Carrier"))
    lines.append(f"  1 Anna revealed: {g.state.units['1 Anna'].revealed}; LHA 8 revealed: "
                 f"{g.state.units['LHA 8'].revealed} (using the card does not reveal the host, 11.1)")
    return g, lines


# ------------------------------------------------------------------ 11.1 example 2
def ex_11_1_2(turn1: Iterable[int] = (5, 15, 18), turn2: Iterable[int] = (4, 17, 19)) -> tuple[Game, list[str]]:
    """Chris: turn 1 LHD 1 moves five hexes and deploys MEU Rotary Attack (1 AP); turn 2 it
    moves five hexes and deploys Amphibious: LCU (1 AP), landing 1 Alpha and 2 Alpha in F-11,
    and uses the deployed MEU Rotary Attack for free.  ``turn1`` / ``turn2``: the 3 LRS dice."""
    g = _game({"LHD 1": {"type": "usn_lhd", "hex": "E-1"},
               "1 Alpha": {"type": "usmc_infantry_platoon", "embarked_on": "LHD 1"},
               "2 Alpha": {"type": "usmc_infantry_platoon", "embarked_on": "LHD 1"}},
              [{"name": "MEU Rotary Attack", "embark_on": "LHD 1"}, {"name": "Amphibious: LCU", "embark_on": "LHD 1"}],
              tuple(turn1) + tuple(turn2))
    ra, lcu = cid(g, "MEU Rotary Attack"), cid(g, "Amphibious: LCU")
    lines = ["11.1 example 2 (Chris): LHD 1 carries MEU Rotary Attack, Amphibious: LCU, 1 Alpha, 2 Alpha",
             card_line(g, "MEU Rotary Attack"), card_line(g, "Amphibious: LCU"), "Turn 1:"]
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("move_embarked_jcc", ("LHD 1",), jcc="MEU Rotary Attack"),)))
    g.apply(A.Move(1, TURN1_PATH))
    lines.append("  Move and/or Play an Embarked Persistent JCC (1 AP): LHD 1 E-1 -> E-6")
    lines += try_lines(g, A.PlayCard(ra, "A", targets=("1 Anna",), action=1), "  MEU Rotary Attack (first use, 1 AP)")
    _combat(g, lines)
    lines += [card_line(g, "MEU Rotary Attack")]
    pass_turn(g)
    lines += ["Turn 2 (the expended card turns face up again, 9.21):", card_line(g, "MEU Rotary Attack")]
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("move_embarked_jcc", ("LHD 1",), jcc="Amphibious: LCU"),)))
    g.apply(A.Move(1, TURN2_PATH))
    lines.append(f"  Move and/or Play an Embarked Persistent JCC (1 AP, {g.impulse.ap} AP left): LHD 1 E-6 -> E-11")
    lines += try_lines(g, A.PlayCard(lcu, "A", targets=("1 Alpha", "2 Alpha"), hex="F-11", action=1),
                       "  Amphibious: LCU (first use, 1 AP): 1 Alpha, 2 Alpha land in F-11")
    lines += try_lines(g, A.PlayCard(ra, "A", targets=("1 Anna",)), "  MEU Rotary Attack (deployed: free, no AP)")
    _combat(g, lines)
    lines += [card_line(g, "MEU Rotary Attack"), card_line(g, "Amphibious: LCU")]
    return g, lines


# ------------------------------------------------------------------ 11.12 example
def ex_11_12(turn1: Iterable[int] = (5, 15, 18), turn2: Iterable[int] = (17, 18, 19)) -> tuple[Game, list[str]]:
    """Nick: LHA 8 and LHD 1 stacked.  Turn 1: ONE Move and/or Play an Embarked Persistent JCC
    (1 AP) moves both five hexes and deploys MEU Fixed-Wing (LHA 8, an LRS at 1 Anna: ``turn1``)
    and MEU Rotary Lift (LHD 1).  Turn 2: one such action moves both again and deploys
    Amphibious: LCAC (LHA 8) and Amphibious: LCU (LHD 1); MEU Fixed-Wing (``turn2``) and MEU
    Rotary Lift are used for free."""
    g = _game({"LHA 8": {"type": "usn_lha", "hex": "E-1"}, "LHD 1": {"type": "usn_lhd", "hex": "E-1"},
               "1 Alpha": {"type": "usmc_infantry_platoon", "embarked_on": "LHA 8"},
               "2 Alpha": {"type": "usmc_infantry_platoon", "embarked_on": "LHD 1"},
               "3 Alpha": {"type": "usmc_infantry_platoon", "embarked_on": "LHD 1"},
               "4 Alpha": {"type": "usmc_infantry_platoon", "embarked_on": "LHD 1"}},
              [{"name": "MEU Fixed-Wing", "embark_on": "LHA 8"}, {"name": "Amphibious: LCAC", "embark_on": "LHA 8"},
               {"name": "MEU Rotary Lift", "embark_on": "LHD 1"}, {"name": "Amphibious: LCU", "embark_on": "LHD 1"}],
              tuple(turn1) + tuple(turn2))
    fw, rl = cid(g, "MEU Fixed-Wing"), cid(g, "MEU Rotary Lift")
    lines = ["11.12 example (Nick): LHA 8 and LHD 1 stacked in E-1", "Turn 1:"]
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("move_embarked_jcc", ("LHA 8", "LHD 1")),)))
    g.apply(A.Move(1, TURN1_PATH))
    lines.append(f"  ONE Move and/or Play an Embarked Persistent JCC (1 AP, {g.impulse.ap} AP left): "
                 "both ships E-1 -> E-6")
    lines += try_lines(g, A.PlayCard(fw, "A", targets=("1 Anna",), action=1), "  LHA 8: MEU Fixed-Wing (first use)")
    lines += try_lines(g, A.PlayCard(rl, "A", targets=("3 Alpha",), hex="F-7", action=1),
                       "  LHD 1: MEU Rotary Lift (first use): 3 Alpha flown to F-7")
    _combat(g, lines)
    lines += [card_line(g, "MEU Fixed-Wing"), card_line(g, "MEU Rotary Lift")]
    pass_turn(g)
    lines += ["Turn 2:"]
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("move_embarked_jcc", ("LHA 8", "LHD 1")),)))
    g.apply(A.Move(1, TURN2_PATH))
    lines.append(f"  ONE Move and/or Play an Embarked Persistent JCC (1 AP, {g.impulse.ap} AP left): "
                 "both ships E-6 -> E-11")
    lines += try_lines(g, A.PlayCard(cid(g, "Amphibious: LCAC"), "A", targets=("1 Alpha",), hex="F-11", action=1),
                       "  LHA 8: Amphibious: LCAC (first use): 1 Alpha lands in F-11")
    lines += try_lines(g, A.PlayCard(cid(g, "Amphibious: LCU"), "A", targets=("2 Alpha",), hex="F-11", action=1),
                       "  LHD 1: Amphibious: LCU (first use): 2 Alpha lands in F-11")
    lines += try_lines(g, A.PlayCard(fw, "A", targets=("1 Anna",)), "  LHA 8: MEU Fixed-Wing (deployed: free)")
    lines += try_lines(g, A.PlayCard(rl, "A", targets=("4 Alpha",), hex="F-7"),
                       "  LHD 1: MEU Rotary Lift (deployed: free): 4 Alpha flown to F-7")
    _combat(g, lines)
    lines += [card_line(g, n) for n in ("MEU Fixed-Wing", "Amphibious: LCAC", "MEU Rotary Lift", "Amphibious: LCU")]
    return g, lines
