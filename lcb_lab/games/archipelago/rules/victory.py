"""End of the game and the winner (l.257-262, l.380-394).

* Level 1: a player who has lost all its torpedo boats loses (l.261); when both have run out of
  ammunition the one with more boats afloat wins, equal is a draw (l.262).
* Level 2: sinking every enemy vessel wins (l.384); destroying the enemy Base A -- its workshop,
  ammunition storage and fuel depot all ruined -- wins (l.388); when both have run out of
  ammunition the higher value wins: pieces afloat at full value (damaged too) plus the own Base A
  objects still standing, fuel depot 2, ammunition storage 4, workshop 3 (l.386).
* Optional (l.390-394): sinking the enemy flagship wins (:func:`~.damage.sink`).
* Optional rule l.1377 (switch ``"l.1377"``): when combat aircraft are in the game (*reading*: any
  plane on either side's airfield list, ``state.airfield``), Base A's three targets all ruined do
  not end it.
* A player has run out of ammunition when no piece of its carries a T or G marker, none of its
  torpedoes is in flight and its Base A can give none (*reading*: markers still on panel A can
  be restocked, so they count, l.251).
* ``turn_limit`` (a sandbox agreement; 0 = none): after that many turns the game ends and is
  counted as when ammunition runs out.
"""
from __future__ import annotations

from typing import Any

from lcb_lab.games.archipelago.model.catalog import catalog
from lcb_lab.games.archipelago.model.state import PLAYERS, ArchState, other
from lcb_lab.games.archipelago.rules.common import cls_of, log, vessels
from lcb_lab.games.archipelago.rules.optional import is_on
from lcb_lab.games.archipelago.model.scenario_book import LINES


def finish(g: Any, winner: str, why: str, rule: str) -> None:
    """End the game: ``winner`` ("" = a draw), ``why`` in words, the ``rule`` that decides."""
    s = g.state
    s.over, s.winner, s.outcome = True, winner, why
    log(g, "over", f"game over: {winner + ' wins' if winner else 'a draw'}", f"{why} ({rule}).", [rule],
        winner=winner)


def has_ammunition(g: Any, s: ArchState, player: str) -> bool:
    """Whether ``player`` still has T or G markers to fire: on its pieces, in flight, or on panel A
    with the ammunition storage standing (module docstring)."""
    if any(m in ("T", "G", "A-S", "A-A") for p in s.afloat(player) for m in p.ammo):
        return True
    if any("T" in h.ammo for h in s.hidden.values() if h.owner == player):
        return True                            # a hidden submarine's torpedoes (l.1151)
    if any(t.owner == player for t in s.torpedoes.values()):
        return True
    stored = any(b.owner == player and b.kind == "A" and f"{b.name} ammunition" not in s.ruins
                 for b in g.board.bases.values())
    return stored and sum(s.stock[player].get(k, 0) for k in ("T", "G", "A-S", "A-A")) > 0


def score(g: Any, s: ArchState, player: str) -> int:
    """``player``'s count at the end: level 1 its boats afloat (l.262); level 2 the value of its
    pieces afloat plus its standing Base A objects (l.386)."""
    if s.level == 1:
        return len(s.afloat(player))
    total = sum(cls_of(p).value for p in s.afloat(player))
    total += sum(catalog().classes[h.kind].value for h in s.hidden.values() if h.owner == player)   # l.1655
    for b in g.board.bases.values():
        if b.owner == player and b.kind == "A":
            for obj, worth in catalog().object_values.items():
                if any(obj in g.board.symbols_at(pt) for pt in b.points) and f"{b.name} {obj}" not in s.ruins:
                    total += worth
    return total


def check_base(g: Any, base: str) -> None:
    """End the game when every object of Base ``base`` is ruined (l.388)."""
    s = g.state
    b = g.board.bases[base]
    objs = {sym for pt in b.points for sym in g.board.symbols_at(pt) if sym in ("ammunition", "workshop", "fuel")}
    if b.kind == "A" and not s.scenario and s.level >= 2 and objs and all(f"{base} {o}" in s.ruins for o in objs) and not s.over:
        if is_on(s, "l.1377") and s.airfield:  # combat aircraft in the game: it goes on (optional rule l.1377)
            log(g, "base", f"{b.owner}'s Base A is destroyed: the game goes on", "Combat aircraft are in the game, so "
                "hitting Base A's three targets does not end it (optional rule l.1377); its ruins still give nothing "
                "(l.388).", ["l.1377", "l.388"])
            return
        finish(g, other(b.owner), f"{b.owner}'s Base A is destroyed", "l.388")


def check_end(g: Any) -> None:
    """At a turn's end: a side with no vessel left, both out of ammunition, or the turn limit."""
    s = g.state
    if s.over:
        return
    for p in PLAYERS:
        if not vessels(s, p):
            finish(g, other(p), f"{p} has no {'torpedo boat' if s.level == 1 else 'vessel'} left",
                   "l.261" if s.level == 1 else "l.384")
            return
    if s.scenario in LINES:
        return                                 # an expanded scenario: its task and limit decide (l.1399)
    out = not any(has_ammunition(g, s, p) for p in PLAYERS)
    if out or (s.turn_limit and s.turn >= s.turn_limit):
        if s.scenario:
            finish(g, "", "the scenario's task is not done and hits do not count (reading)", s.scenario)
            return
        red, blue = score(g, s, "Red"), score(g, s, "Blue")
        winner = "Red" if red > blue else "Blue" if blue > red else ""
        why = "both are out of ammunition" if out else f"the agreed {s.turn_limit} turns are played (sandbox)"
        what = "boats afloat" if s.level == 1 else "points"
        finish(g, winner, f"{why}; {what}: Red {red}, Blue {blue}", "l.262" if s.level == 1 else "l.386")
