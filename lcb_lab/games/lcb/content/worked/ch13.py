"""Chapter 13 (special markers) worked examples, staged as games with forced dice.

Each function stages one rulebook example on a small synthetic board, plays it through the
typed actions and returns ``(game, lines)``: the game afterwards and the explanation lines
(the log entries the example is about).  Used by ``tests/rulebook/test_ch13_markers.py`` and
``notebooks/07_ch13_markers.ipynb``.

* :func:`ex_13_14` -- Proxy Force effect by instructor ruling (3 or less: both LRS supplies -1)
* :func:`ex_13_25` -- Webster's V-BAT: 3 hexes, revealed, INTERCEPTed, discarded
* :func:`ex_13_33` -- 2 mines against a DDG, 2 dice at 13 or less
* :func:`ex_13_34` -- a hidden stack and a naval MILDEC meet 4 mines
* :func:`ex_13_51` -- 1 Alpha fortifies 2 Alpha's hex 2 hexes away and cannot move
"""
from __future__ import annotations

from typing import Iterable

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.game import Game
from lcb_lab.games.lcb.content.situation import situation

SEA = ["B-2", "C-2", "D-2", "E-2", "F-2", "B-3", "C-3", "D-3", "E-3"]
"""Water hexes of the naval examples (the rest of the synthetic board is land)."""


def lines(g: Game, since: int = 0, viewer: str | None = None) -> list[str]:
    """The log from entry ``since`` on, one ``title: text`` line each, as ``viewer`` reads it."""
    from lcb_lab.games.lcb.observer import redact_log
    return [f"{e['title']}: {e['text']}" if e.get("text") else e["title"]
            for e in redact_log(g.state.log[since:], viewer)]


def lay_mines(g: Game, team: str, hex_: str, cubes: int, succeeds_on: int = 13, terrain: str = "water") -> None:
    """Stage ``cubes`` secret mine cubes of ``team`` in ``hex_`` (as a card or a scenario's
    minefield would, 13.31, 13.37) -- before the example's first action."""
    from lcb_lab.games.lcb.rules.markers import mines
    mines.lay(g._ctx(), team, "", hex_, cubes, succeeds_on, terrain)


def mines_before_a_move(hexes: tuple[str, str] = ("C-2", "D-2"), played: bool = True) -> Game:
    """A staged situation for 13.34 / 13.37: RU plays Naval Mines (2 secret cubes in each of
    ``hexes``: where, only RU knows; *that* RU may hold secret mines, both teams know) in its impulse,
    then US DDG-51 in B-2 has declared a Move; ``played=False``: RU keeps the card unplayed (nothing
    is known of RU mines).  The next die is forced to 20 (a mine attack misses)."""
    g = situation(units={"DDG-51": {"type": "usn_ddg_51", "hex": "B-2", "face_up": True},
                         "1 Anna": ("runi_naval_infantry_platoon", "H-8")},
                  cards={"RU": ["Naval Mines"]}, naval=SEA, initiative="RU", forced=[20])
    g.apply(A.BeginImpulse("TF Red"))
    if played:
        g.apply(A.Declare((A.CoreAction("play_jcc", (), jcc="Naval Mines"),)))
        g.apply(A.PlayCard("Naval Mines", "A", targets=tuple(hexes), action=1))
    else:
        g.apply(A.Declare())
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("DDG-51",)),)))
    return g


def ex_13_14(roll: int = 3) -> tuple[Game, list[str]]:
    """13.14 ex.: Caitlyn's (RU) Proxy Force in the hex of a USMC rocket artillery unit; the
    players agree on 3 or less, reducing both its LRS supplies by 1 -- entered as an instructor
    ruling.  ``roll``: her die (3: success; 4: failure)."""
    g = situation(units={"1 Whiskey": {"type": "usmc_himars_section", "hex": "D-4"},
                         "1 Anna": {"type": "runi_naval_infantry_platoon", "hex": "H-8"}},
                  cards={"RU": ["Proxy Forces: Militia"]}, initiative="RU", forced=[roll])
    n = len(g.state.log)
    g.apply(A.InstructorRuling("RU", "guerrilla attacks on the ammunition of a rocket artillery unit in the "
                               "Proxy Force's hex: both its LRS supplies -1", succeeds_on=3,
                               supply_loss=("LRS1", "LRS2")))
    g.apply(A.BeginImpulse("TF Red"))
    g.apply(A.Declare((A.CoreAction("play_jcc", (), jcc="Proxy Forces: Militia"),)))
    g.apply(A.PlayCard("Proxy Forces: Militia", "A", hex="D-4", action=1))
    g.apply(A.MarkerAction("PROXY-1", then="effect", targets=("ruling:1", "1 Whiskey")))
    return g, lines(g, n)


def ex_13_25(intercept: tuple[int, ...] = (3, 5), effect: tuple[int, ...] = ()) -> tuple[Game, list[str]]:
    """13.25 ex.: Webster moves his V-BAT's ISR marker three hexes into a hex with an enemy
    ground unit: it is revealed (13.23); before his effect roll an IAMD unit in range
    INTERCEPTs it (2 Anna with its Pantsir-SM, 2 dice at CV 12) and the marker is discarded
    with its card.  Played as the card's 1-AP initial use (placed in the host's hex, 3 hexes,
    the effect); a later turn's free MarkerAction goes the same way (:func:`vbat_next_turn`).  ``intercept``: the INTERCEPT dice; ``effect``: the V-BAT's effect die when
    the marker survives."""
    g = situation(units={"1 Whiskey": {"type": "usmc_himars_section", "hex": "B-5"},
                         "1 Zhuk": {"type": "runi_naval_infantry_platoon", "hex": "E-5"},
                         "2 Anna": {"type": "runi_naval_infantry_platoon", "hex": "F-6"}},
                  cards={"US": [{"name": "V-BAT", "attach_to": "1 Whiskey"}],
                         "RU": [{"name": "Pantsir-SM: IAMD", "attach_to": "2 Anna"}]},
                  forced=list(intercept) + list(effect))
    n = len(g.state.log)
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("play_jcc", (), jcc="V-BAT"),)))
    g.apply(A.PlayCard("V-BAT", "A", hex="E-5", action=1))     # the 1-AP initial use: placed, 3 hexes, effect
    g.apply(A.AnswerCards(card_intercepts=(A.CardIntercept("2 Anna", "INT1", len(intercept), to=1),)))
    return g, lines(g, n)


def vbat_next_turn(forced: Iterable[int] = (), markers: dict | None = None) -> Game:
    """A V-BAT whose marker was placed last turn (1 AP), now in the US impulse of turn 2 with
    its one free action left (13.21): 1 Whiskey in B-5, 1 Zhuk in E-5, 2 Anna (Pantsir-SM) in F-6;
    ``markers``: MILDECs as :func:`lcb_lab.situation` takes them."""
    g = situation(units={"1 Whiskey": {"type": "usmc_himars_section", "hex": "B-5"},
                         "1 Zhuk": {"type": "runi_naval_infantry_platoon", "hex": "E-5"},
                         "2 Anna": {"type": "runi_naval_infantry_platoon", "hex": "F-6"}},
                  cards={"US": [{"name": "V-BAT", "attach_to": "1 Whiskey"}],
                         "RU": [{"name": "Pantsir-SM: IAMD", "attach_to": "2 Anna"}]}, forced=list(forced),
                  markers=markers)
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("play_jcc", (), jcc="V-BAT"),)))
    g.apply(A.PlayCard("V-BAT", "A", action=1))                 # placed in B-5; its action this turn
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse("TF Red"))
    g.apply(A.EndImpulse())                                     # turn 2 begins
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare(()))
    return g


def ex_13_33(dice: tuple[int, int] = (13, 14)) -> tuple[Game, list[str]]:
    """13.33 ex.: a revealed stack of 3 US naval units enters a hex with 2 of Nikolai's mines;
    he detonates both against one DDG: 2 dice, 13 or less, 1 HP a success.  ``dice``: his two
    dice (13: a hit, 14: a miss)."""
    g = situation(units={"DDG-51": {"type": "usn_ddg_51", "hex": "B-2", "face_up": True},
                         "DDG-80": {"type": "usn_ddg_51", "hex": "B-2", "face_up": True},
                         "DDG(X)-106": {"type": "usn_ddg_x", "hex": "B-2", "face_up": True},
                         "1 Anna": ("runi_naval_infantry_platoon", "H-8")},
                  naval=SEA, forced=list(dice))
    lay_mines(g, "RU", "C-2", 2)
    n = len(g.state.log)
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("DDG-51", "DDG-80", "DDG(X)-106")),)))
    g.apply(A.Move(1, ("C-2", "D-2")))
    g.apply(A.AnswerMines(mines=(A.MineShot("DDG-51", 2),)))
    return g, lines(g, n)


def ex_13_34(dice: tuple[int, ...] = (3, 9, 5, 17)) -> tuple[Game, list[str]]:
    """13.34 ex.: a hidden stack of two US naval units and a naval MILDEC enters a hex with 4
    enemy mines.  The owner allocates 2 mines to each of two of the three backs (they were the
    two ships), rolls 2 successes on one and 1 on the other; the US player spends the naval
    MILDEC on the ship with 1 hit, the other (2 HP left) is destroyed by its 2 hits."""
    g = situation(units={"DDG-51": {"type": "usn_ddg_51", "hex": "B-2", "hp": 2},
                         "DDG-80": {"type": "usn_ddg_51", "hex": "B-2"},
                         "1 Anna": ("runi_naval_infantry_platoon", "H-8")},
                  markers={"M1": ("B-2", "TF Blue", "naval_mildec")}, naval=SEA, forced=list(dice))
    lay_mines(g, "RU", "C-2", 4)
    n = len(g.state.log)
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("DDG-51", "DDG-80"), markers=("M1",)),)))
    g.apply(A.Move(1, ("C-2", "D-2")))
    first, second = ship_backs(g, "C-2", ("DDG-51", "DDG-80"))
    g.apply(A.AnswerMines(mines=(A.MineShot(first, 2), A.MineShot(second, 2))))
    g.apply(A.AnswerMildec(absorb=0))           # DDG-51's 2 hits: no MILDEC
    g.apply(A.AnswerMildec(absorb=1))           # DDG-80's 1 hit: the naval MILDEC takes it
    return g, lines(g, n)


def ship_backs(g: Game, hex_: str, uids: tuple[str, ...]) -> list[str]:
    """The backs (``hidden:<hex>:<n>``) the mine owner sees for these units -- what the example's
    narrator knows and the owner does not (13.34)."""
    from lcb_lab.games.lcb.observer import _backs
    ids = {c.uid: hid for hid, c in _backs(g.state, "RU") if c.hex == hex_ and hasattr(c, "uid")}
    return [ids[u] for u in uids]


def ex_13_51() -> tuple[Game, list[str]]:
    """13.51 ex.: 1 Alpha, host of the Attached Combat Engineers, spends 1 AP to build a Level 1
    Fortification for 2 Alpha 2 hexes away; 1 Alpha cannot move this impulse (its Move is
    refused naming 13.51)."""
    from lcb_lab.kernel.errors import IllegalAction
    g = situation(units={"1 Alpha": {"type": "usmc_infantry_platoon", "hex": "B-4"},
                         "2 Alpha": {"type": "usmc_infantry_platoon", "hex": "D-4"},
                         "1 Anna": ("runi_naval_infantry_platoon", "H-8")},
                  cards={"US": [{"name": "Combat Engineers", "attach_to": "1 Alpha"}]})
    n = len(g.state.log)
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("play_jcc", (), jcc="Combat Engineers"), A.CoreAction("move_combat", ("1 Alpha",)))))
    g.apply(A.PlayCard("Combat Engineers", "A", hex="D-4", action=1))
    out = lines(g, n)
    try:
        g.apply(A.Move(2, ("C-4",)))
    except IllegalAction as e:
        out.append(f"Move refused ({e.rule}): {e.reason}")
    return g, out
