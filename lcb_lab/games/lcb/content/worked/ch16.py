"""Chapter 16 (Event Cards), gray cubes (3.26) and the Action Pool (3.312), staged as games.

The rulebook prints no Event Card text and no worked example of one: the cards are lcb_lab's
sandbox deck (``data/events.toml``, docs/events.md). Each function stages a small situation,
plays it through the typed actions (forced dice where a die is rolled) and returns
``(game, lines)``: the game afterwards and the explained lines (``[rules] title: text``) it
produced. Used by ``notebooks/11_events.ipynb``; ``tests/rulebook/test_events.py`` asserts
the same rules.

* :func:`fleeing_masses` -- the turn's event waits for its cubes, then an LRS into civilians
* :func:`action_pool` -- 3.312: a pool of 3 AP per Task Force, -3 for an eliminated one
* :func:`storm_front` -- an event's LRS change in the odds and the roll
* :func:`random_draw` -- a shuffled deck through the one Dice; the pile's order stays secret
* :func:`nullify_refused` -- no JCC negates an Event Card (16.0)
"""
from __future__ import annotations

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.content.situation import situation
from lcb_lab.games.lcb.game import Game
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.kernel.explain import render

ON_GOTLAND = {"1 Whiskey": ("usmc_himars_section", "AK-23"),
              "1 Uran": {"type": "runi_coastal_missile_section", "hex": "AJ-22", "face_up": True}}
"""A HIMARS section at Ljugarn and a face-up coastal missile section at Roma (a town)."""


def lines(g: Game, since: int = 0) -> list[str]:
    """The explained log from entry ``since`` on (the instructor's view)."""
    return [render(e) for e in g.state.log[since:]]


def fleeing_masses(hexes: tuple[str, str] = ("AJ-21", "AJ-22"), dice: tuple[int, int] = (20, 20)) -> tuple[Game, list[str]]:
    """Turn 1 draws Fleeing Masses: US (the initiative, the meter at 0) places two civilians
    cubes in ``hexes``; then 1 Whiskey fires 2 LRS dice (forced ``dice``) at 1 Uran in Roma (AJ-22).
    A hex with civilians counts as a town for 15.25 (sandbox): the meter moves toward RU, once
    for the hex (Roma is a town as well)."""
    g = situation(map="gotland", units=ON_GOTLAND, events={1: ["Fleeing Masses"]}, forced=list(dice))
    out = lines(g)
    mark = len(g.state.log)
    g.apply(A.AnswerEvent(tuple(hexes)))
    for a in (A.BeginImpulse("TF Blue"), A.Declare((A.CoreAction("move_combat", ("1 Whiskey",)),)),
              A.CommitCombat(lrs=(A.LrsAttack("1 Whiskey", "LRS1", "1 Uran", 2),)), A.ResolveCombat()):
        g.apply(a)
    return g, out + lines(g, mark)


def action_pool() -> tuple[Game, list[str]]:
    """Turn 1 draws the Action Pool: US has two Task Forces (6 AP), RU's TF Rust has lost every
    unit (3 AP, not 3 + 1: 3.312). TF Blue spends 1 AP; TF Gold may then spend the other 5."""
    g = situation(units={"1 Whiskey": ("usmc_himars_section", "F-6"),
                         "2 Whiskey": {"type": "usmc_himars_section", "hex": "G-6", "task_force": "TF Gold"},
                         "1 Uran": {"type": "runi_coastal_missile_section", "hex": "F-2", "face_up": True}},
                  task_forces={"TF Blue": "US", "TF Gold": "US", "TF Red": "RU", "TF Rust": "RU"},
                  events={1: ["Action Pool"]})
    for a in (A.BeginImpulse("TF Blue"), A.Declare((A.CoreAction("move_conceal", ("1 Whiskey",)),)),
              A.EndImpulse(), A.BeginImpulse("TF Rust"), A.Declare(), A.EndImpulse(), A.BeginImpulse("TF Gold")):
        g.apply(a)
    return g, lines(g)


def storm_front(dice: tuple[int, int] = (11, 20)) -> tuple[Game, list[str]]:
    """Storm Front: every impulse loses 1 AP and every LRS value is 2 lower this turn. 1 Whiskey's
    LRS1 (CV 12) rolls at 10: a forced 11 that would have hit misses."""
    g = situation(units={"1 Whiskey": ("usmc_himars_section", "F-6"),
                         "1 Uran": {"type": "runi_coastal_missile_section", "hex": "F-2", "face_up": True}},
                  events={1: ["Storm Front"]}, forced=list(dice))
    for a in (A.BeginImpulse("TF Blue"), A.Declare((A.CoreAction("move_combat", ("1 Whiskey",)),)),
              A.CommitCombat(lrs=(A.LrsAttack("1 Whiskey", "LRS1", "1 Uran", 2),)), A.ResolveCombat()):
        g.apply(a)
    return g, lines(g)


def random_draw(forced: tuple[int, ...] = (1,) * 7) -> tuple[Game, list[str]]:
    """One event drawn at random each turn: the 8-card deck is shuffled through the game's one
    Dice (forced: one die d8 .. d2 per place, Fisher-Yates) and the top card drawn."""
    g = situation(units={"1 Whiskey": ("usmc_himars_section", "F-6"),
                         "1 Uran": {"type": "runi_coastal_missile_section", "hex": "F-2", "face_up": True}},
                  events_random=1, forced=list(forced))
    return g, lines(g)


def nullify_refused() -> tuple[Game, list[str]]:
    """US declares a Play a JCC action and aims its Tactical Cyber Defenses (a NULLIFY card) at
    the turn's event: refused, naming 16.0, the game unchanged."""
    g = situation(units={"1 Whiskey": ("usmc_himars_section", "F-6"),
                         "1 Uran": {"type": "runi_coastal_missile_section", "hex": "F-2", "face_up": True}},
                  events={1: ["Grid Blackout"]}, cards={"US": ["Tactical Cyber Defenses"]})
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("play_jcc", jcc="Tactical Cyber Defenses"),)))
    try:
        g.apply(A.PlayCard(card="Tactical Cyber Defenses", targets=("event:Grid Blackout",), action=1))
    except IllegalAction as e:
        return g, lines(g) + [f"refused ({e.rule}): {e.reason}"]
    raise AssertionError("a NULLIFY against an Event Card was accepted")     # pragma: no cover - 16.0
