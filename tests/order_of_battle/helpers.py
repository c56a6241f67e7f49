"""Staged positions for the Order of Battle tests: Commanders with stacked decks, cards placed
in their Command Displays, squads formed, a phase opened."""
from __future__ import annotations

import json

from lcb_lab.games.order_of_battle.game import OrderOfBattle, new_game
from lcb_lab.games.order_of_battle.state import Asset, Squad

FAME = ["Ambush", "Take Cover", "Overload", "Data Haven", "Data Heist", "Night Strip", "Sabotage", "Ambush"]
FORTUNE = ["Gunner", "Iron Kade", "Street Tough", "Flak Vest", "Netrunner", "Shield Matrix", "Vex Marlowe"]


def stacked(players=("Ash", "Birch"), fame=FAME, fortune=FORTUNE, **decks) -> OrderOfBattle:
    """A game whose Commanders' decks are in the given order (top first); ``decks``: one
    Commander's own ``{"fame": [...], "fortune": [...]}``."""
    return new_game(list(players), stacked={p: decks.get(p, {"fame": list(fame), "fortune": list(fortune)})
                                            for p in players})


def bare(players=("Ash", "Birch"), fame=(), fortune=()) -> OrderOfBattle:
    """A game not yet started (no phase opened), decks as given."""
    return new_game(list(players), stacked={p: {"fame": list(fame), "fortune": list(fortune)} for p in players},
                    start=False)


def give(g: OrderOfBattle, who: str, card: str, face_up: bool | None = None) -> str:
    """Put ``card`` in ``who``'s Command Display (a PUD face down unless told); its id."""
    c = g.state.commanders[who]
    kind = g.cards[card].kind
    aid = f"{who}-{c.next_id}"
    c.next_id += 1
    c.display.append(Asset(aid, card, kind, face_up=(kind != "pud") if face_up is None else face_up))
    return aid


def squad(g: OrderOfBattle, who: str, leader: str, puds=(), equipment=(), **mission) -> str:
    """A squad of ``who`` led by asset ``leader`` (a PUD leader is turned face up)."""
    c = g.state.commanders[who]
    for aid in (leader, *puds, *equipment):
        c.asset(aid).squad = leader
    if c.asset(leader).kind == "pud":
        c.asset(leader).face_up = True
    g.state.squads[leader] = Squad(leader, who, list(puds), list(equipment), **mission)
    return leader


def at_phase(g: OrderOfBattle, phase: str, pending, lead: str | None = None) -> OrderOfBattle:
    """Put the game in ``phase`` with ``pending`` Commanders still to act."""
    s = g.state
    s.phase, s.pending = phase, list(pending)
    s.lead = lead or s.pending[0]
    return g


def data(g: OrderOfBattle) -> str:
    """The whole state and dice as canonical JSON (for byte-identical checks)."""
    return json.dumps([g.state_to_data(g.state), g.dice.state()], sort_keys=True)


def titles(g: OrderOfBattle, kind: str | None = None) -> list[str]:
    """The log titles (of one kind)."""
    return [e["title"] for e in g.state.log if kind is None or e["kind"] == kind]
