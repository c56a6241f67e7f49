"""Chapter 3 (sequence of play): notebook ``13_ch03_sequence_of_play``.

Two staged games (:func:`staged`), both on the synthetic board of
:func:`lcb_lab.games.lcb.content.situation.situation`:

* ``"stack"`` (default): the stack of the examples under 3.34 and 3.37 -- four USMC infantry
  platoons (1 to 4 Alpha) of TF Blue in F-6, face up -- at the start of TF Blue's impulse (3 AP,
  nothing declared);
* ``"four_tf"``: the four Task Forces of the examples under 3.3 and 3.311 (TF Boston and TF Memphis
  for the US, TF Moscow and TF St. Petersburg for Russia), the US holding the initiative, after TF
  Boston's impulse (it passed).

Every answer is computed on those games: which declarations the engine accepts
(:meth:`~lcb_lab.games.lcb.game.Game.is_legal`, 3.32, 3.34), the AP a declaration spends (3.37) and
the Task Forces that may begin the next impulse (3.3, 3.39).
"""
from __future__ import annotations

from functools import lru_cache

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.game import Game
from lcb_lab.kernel.checkpoints import Checkpoint
from lcb_lab.kernel.errors import IllegalAction, LabError

TITLE = "The sequence of play: turns, impulses, Core Actions and AP"

STACK = ("1 Alpha", "2 Alpha", "3 Alpha", "4 Alpha")
FOUR_TF = {"TF Boston": "US", "TF Memphis": "US", "TF Moscow": "RU", "TF St. Petersburg": "RU"}


def _mc(*units: str) -> A.CoreAction:
    return A.CoreAction("move_combat", units)


def _conceal(*units: str) -> A.CoreAction:
    return A.CoreAction("move_conceal", units)


DECLARATIONS: dict[str, A.Declare] = {
    "all four Move and/or Initiate Combat as one stack": A.Declare((_mc(*STACK),)),
    "1-2 Alpha Move and/or Conceal; 3-4 Alpha Move and/or Initiate Combat": A.Declare(
        (_conceal("1 Alpha", "2 Alpha"), _mc("3 Alpha", "4 Alpha"))),
    "all four Move and/or Initiate Combat; 1 Alpha also Moves and/or Conceals": A.Declare(
        (_mc(*STACK), _conceal("1 Alpha"))),
    "each platoon Moves and/or Conceals on its own (four Core Actions)": A.Declare(
        tuple(_conceal(u) for u in STACK)),
}
"""The declarations the first checkpoint offers, by the words a student reads."""
SPLIT = "1-2 Alpha Move and/or Conceal; 3-4 Alpha Move and/or Initiate Combat"


def staged(which: str = "stack") -> Game:
    """A fresh game of chapter 3: ``which`` = ``"stack"`` (four platoons in F-6, TF Blue's impulse
    begun, 3 AP) or ``"four_tf"`` (four Task Forces, TF Boston's impulse played).  Raises LabError for
    another name."""
    from lcb_lab.games.lcb.content.situation import situation
    if which == "stack":
        g = situation([(u, "usmc_infantry_platoon", "F-6", "TF Blue", True) for u in STACK]
                      + [("1 Anna", "runi_naval_infantry_platoon", "F-2", "TF Red")], seed=1)
        g.apply(A.BeginImpulse("TF Blue"))
        return g
    if which == "four_tf":
        g = situation([("DDG-51", "usn_ddg_51", "F-12", "TF Boston"),
                       ("1 Alpha", "usmc_infantry_platoon", "B-2", "TF Memphis"),
                       ("1 Anna", "runi_naval_infantry_platoon", "F-2", "TF Moscow"),
                       ("Ivan Co", "runi_logistics_company", "J-2", "TF St. Petersburg")],
                      task_forces=FOUR_TF, mixed=["F-12"], seed=1)
        g.apply(A.BeginImpulse("TF Boston"))
        g.apply(A.EndImpulse())                       # TF Boston passes its 3 AP (3.310)
        return g
    raise LabError(f"chapter 3 stages 'stack' or 'four_tf', not {which!r}")


@lru_cache(maxsize=None)
def _game(which: str) -> Game:
    """The staged game, built once; the answers only read it (or fork it)."""
    return staged(which)


def legal_declarations() -> frozenset[str]:
    """The offered declarations the engine accepts at the start of TF Blue's impulse."""
    g = _game("stack")
    return frozenset(words for words, act in DECLARATIONS.items() if g.is_legal(act))


def refusals() -> str:
    """Why the engine refuses the others: ``"<words>: <rule> <reason>"``, joined."""
    out = []
    for words, act in DECLARATIONS.items():
        g = _game("stack").fork()
        try:
            g.apply(act)
        except IllegalAction as e:
            out.append(f"{words}: refused by {e.rule}, {e.reason}")
    return "; ".join(out)


def split_cost() -> int:
    """The AP the split declaration (two new stacks of two) spends: AP before less AP after."""
    g = _game("stack").fork()
    before = g.impulse.ap
    g.apply(DECLARATIONS[SPLIT])
    return before - g.impulse.ap


def next_task_forces() -> frozenset[str]:
    """The Task Forces that may begin the next impulse after TF Boston's."""
    return frozenset(_game("four_tf").available_task_forces())


CHECKPOINTS = [
    Checkpoint(
        "ch03.declarations",
        "TF Blue begins its impulse with 3 AP and four infantry platoons stacked in F-6. Which of these "
        "declarations may it make?",
        kind="choices", answer=legal_declarations, options=lambda: tuple(DECLARATIONS), rule="3.34",
        hint="A stack acts as one unit for 1 AP, a unit or stack takes only one Core Action per turn, and "
             "a player has 3 AP (3.32).",
        explanation=lambda: f"The engine refuses the others: {refusals()}."),
    Checkpoint(
        "ch03.split-ap",
        f"TF Blue declares: {SPLIT}. How many AP does that declaration cost?",
        kind="number", answer=split_cost, rule="3.37",
        hint="Splitting a stack makes new stacks, and each new stack spends 1 AP on its own Core Action "
             "to move into its own hex.",
        explanation="Two new stacks, one Core Action each: the example under 3.37."),
    Checkpoint(
        "ch03.next-impulse",
        "Four Task Forces, the US team holding the initiative: TF Boston has just played its impulse. "
        "Which Task Forces may begin the next impulse?",
        kind="choices", answer=next_task_forces, options=lambda: tuple(FOUR_TF), rule="3.3",
        hint="Impulses alternate between the teams, and the team whose turn it is chooses which of its "
             "Task Forces goes (3.39); each Task Force takes one impulse a turn.",
        explanation="After a US impulse comes a Russian one, and Russia picks either of its Task Forces."),
]
"""Chapter 3's checkpoints (notebook 13)."""
