"""Chapter 9 (Joint Capability Cards) for the course: the 9.24 diagram staged, and checkpoints.

The rulebook prints no card texts: lcb_lab's decks are sandbox decks (``docs/cards.md``), but
the card of this lesson, "Space Satellites", takes its cost (5 CP) and its Persistent symbol
from the 9.24 diagram; its reveal effect and its success number are sandbox values.

* :func:`ex_9_24` -- the 9.24 diagram: turn 1, TF Blue plays Space Satellites with the Core
  Action of playing a JCC (1 AP) and uses it at once; turn 2, the deployed card is used again for
  0 AP (9.2, 9.21, 9.24).  ``tests/rulebook/test_ch9_play.py`` asserts the same with its test deck.

:func:`staged` is turn 1 before the card is played (TF Blue's impulse begun, nothing declared).
:data:`CHECKPOINTS` ask its CP cost (3.12, the card), the AP of the first play (9.2, 3.31) and
of its use the next turn (9.2, 9.24), and the chance that its roll reveals the RU platoon (9.0);
every answer is computed from the decks and by the engine on forks of that game.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.content.situation import situation
from lcb_lab.games.lcb.content.worked.ch12 import pass_turn
from lcb_lab.games.lcb.model.cards import load_decks
from lcb_lab.kernel.checkpoints import Checkpoint

if TYPE_CHECKING:
    from lcb_lab.games.lcb.game import Game

TITLE = "Joint Capability Cards"
"""The lesson's title."""
BLUE = "TF Blue"
CARD = "Space Satellites"
TARGET_HEX = "H-6"


def staged(**kw: Any) -> Game:
    """The checkpoints' situation, turn 1: US ``Inf`` (F-6), a concealed RU platoon ``Anna``
    (H-6), Space Satellites in the US team pool; TF Blue's impulse begun, nothing declared yet
    (3 AP).  ``kw`` goes to :func:`lcb_lab.situation`; the dice are forced to the 9.24
    diagram's story by default (``forced=[13, 12]``: a miss on turn 1, a success on turn 2); by default
    (``auto={}``) the default policies answer the choices at once, so RU's response window to
    the card (9.41) passes."""
    g = situation([("Inf", "usmc_infantry_platoon", "F-6", BLUE), ("Anna", "runi_naval_infantry_platoon", "H-6", "TF Red")],
                  cards={"US": [CARD]}, **{"auto": {}, "forced": [13, 12], **kw})
    g.apply(A.BeginImpulse(BLUE))
    return g


def card_id(game: Game, name: str = CARD) -> str:
    """The id of ``name``'s card in ``game``. Raises StopIteration when it is not there."""
    return next(c.cid for c in game.state.cards.values() if c.name == name)


def play_first(game: Game) -> None:
    """Declare the Core Action of playing Space Satellites (1 AP, 3.31) and use its effect on
    :data:`TARGET_HEX` at once (9.21)."""
    cid = card_id(game)
    game.apply(A.Declare((A.CoreAction("play_jcc", jcc=cid),)))
    game.apply(A.PlayCard(cid, hex=TARGET_HEX, action=1))


def use_next_turn(game: Game) -> None:
    """After :func:`play_first`: end the turn, begin TF Blue's impulse of the next one with
    nothing declared, and use the deployed card again (9.2: free)."""
    game.apply(A.EndImpulse())
    pass_turn(game)
    game.apply(A.BeginImpulse(BLUE))
    game.apply(A.Declare())
    game.apply(A.PlayCard(card_id(game), hex=TARGET_HEX))


def ex_9_24(**kw: Any) -> Game:
    """The 9.24 diagram played through (forced dice by default: 13, a miss on turn 1; 12, a
    reveal on turn 2)."""
    g = staged(**kw)
    play_first(g)
    use_next_turn(g)
    return g


def cp_cost(game: Game, name: str = CARD) -> int:
    """The CP ``name`` costs in the Planning Stage (3.12), from the game's decks."""
    return (game.decks or load_decks()).card("US", name).cost


def ap_first(game: Game) -> int:
    """AP the first play of the card spends (a fork of ``game`` before and after)."""
    f = game.fork()
    before = f.impulse.ap
    play_first(f)
    return before - f.impulse.ap


def ap_next_turn(game: Game) -> int:
    """AP the card's use on the next turn spends (a fork of ``game``)."""
    f = game.fork()
    play_first(f)
    f.apply(A.EndImpulse())
    pass_turn(f)
    f.apply(A.BeginImpulse(BLUE))
    f.apply(A.Declare())
    before = f.impulse.ap
    f.apply(A.PlayCard(card_id(f), hex=TARGET_HEX))
    return before - f.impulse.ap


def reveal_odds(game: Game) -> float:
    """The chance the card's first use reveals ``Anna``: the engine's odds before the roll
    (:meth:`Game.chance_outcomes` of the PlayCard, on a fork with the Core Action declared)."""
    f = game.fork()
    cid = card_id(f)
    f.apply(A.Declare((A.CoreAction("play_jcc", jcc=cid),)))
    steps = f.chance_outcomes(A.PlayCard(cid, hex=TARGET_HEX, action=1))
    return steps[0].probability(1)


def checkpoints(game: Game | None = None) -> list[Checkpoint]:
    """The chapter's checkpoints on ``game`` (default: a fresh :func:`staged`)."""
    g = game or staged()
    return [
        Checkpoint("ch09.cp", "How many CP does Space Satellites cost to take into the team pool?", kind="number",
                   answer=lambda: cp_cost(g), rule="3.12",
                   hint="A card's CP cost is printed on it; the 9.24 diagram gives this one's.",
                   explanation="5 CP, the most a card costs (3.12: 1 to 5)."),
        Checkpoint("ch09.ap-first", "Turn 1: how many AP does playing Space Satellites and using it at once cost?",
                   kind="number", answer=lambda: ap_first(g), rule="9.03",
                   hint="Playing a Persistent card is a Core Action; its effect may be used as it is played.",
                   explanation="1 AP for the Core Action of playing a JCC (3.31); using the effect then costs nothing more."),
        Checkpoint("ch09.ap-next", "Turn 2: the card is deployed. How many AP does using it again cost?", kind="number",
                   answer=lambda: ap_next_turn(g), rule="9.24",
                   hint="Once deployed, a Persistent card may be used once per turn by any player of the team.",
                   explanation="0 AP: a deployed Persistent card is used for free, once per turn (9.2, 9.24 diagram)."),
        Checkpoint("ch09.odds", "What is the chance that the first use reveals the RU platoon in H-6?", kind="probability",
                   answer=lambda: reveal_odds(g), rule="9.0",
                   hint="The card's effect rolls one die: it succeeds on its success number or less.",
                   explanation=lambda: f"{reveal_odds(g):.0%}: the engine's odds before the roll (the success "
                               "number is a sandbox value; the rulebook prints no card texts)."),
    ]


CHECKPOINTS: list[Checkpoint] = checkpoints()
"""The chapter's checkpoints on :func:`staged` (answers computed when asked)."""
