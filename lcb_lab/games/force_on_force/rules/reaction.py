"""The Reaction Test (l.318-332) and its exact odds.

Both units roll their Troop Quality die; the non-initiative unit wins only when its modified roll
is 4 or more *and* higher than the initiative unit's; every tie, both failing included, goes to
the initiative unit (l.318, l.330).  Modifiers, cumulative (l.342): Overwatch +1 (l.332, l.407),
a Rapid move this turn -1 (l.320, l.332), a buttoned-up vehicle -1 (l.338).  Reading: the 4+ is
checked on the modified roll (the text adds the modifiers "to their die roll").  A natural 1 on
either die draws a Fog of War card for that unit's player (l.372-383, :mod:`.fog_of_war`).
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any

from lcb_lab.games.force_on_force.model.units import Unit
from lcb_lab.games.force_on_force.observer import note
from lcb_lab.games.force_on_force.rules import fog_of_war


def modifiers(u: Unit, overwatch: bool = False) -> list[tuple[int, str, str]]:
    """``[(value, rule, why)]`` for ``u``'s Reaction Test roll (``overwatch``: it tests as an
    Overwatch unit, +1)."""
    out = []
    if overwatch:
        out.append((1, "l.332", "on Overwatch"))
    if u.rapid:
        out.append((-1, "l.320", "made a Rapid move this turn"))
    if u.kind == "vehicle" and u.buttoned:
        out.append((-1, "l.338", "buttoned-up vehicle"))
    return out


def non_initiative_wins(init_roll: int, react_roll: int) -> bool:
    """The tie rule on modified rolls (l.318): the non-initiative unit wins with 4+ and higher."""
    return react_roll >= 4 and react_roll > init_roll


def p_non_initiative_wins(init_tq: int, init_mod: int, react_tq: int, react_mod: int) -> Fraction:
    """Exact chance the non-initiative unit wins: dice ``dN`` by sides, modifiers added."""
    wins = sum(1 for a in range(1, init_tq + 1) for b in range(1, react_tq + 1)
               if non_initiative_wins(a + init_mod, b + react_mod))
    return Fraction(wins, init_tq * react_tq)


def _mod_text(mods: list[tuple[int, str, str]]) -> str:
    return "".join(f" {v:+d} ({why}, {r})" for v, r, why in mods)


def reaction_test(g: Any, init: Unit, react: Unit, init_overwatch: bool = False, why: str = "") -> bool:
    """Roll a Reaction Test between initiative unit ``init`` and non-initiative unit ``react``
    (the exact odds logged first); returns True when the non-initiative unit wins.  Draws Fog of
    War cards on natural 1s (l.372)."""
    mi, mr = modifiers(init, init_overwatch), modifiers(react)
    si, sr = sum(v for v, _, _ in mi), sum(v for v, _, _ in mr)
    p = p_non_initiative_wins(init.tq, si, react.tq, sr)
    refs = ["l.318"] + sorted({r for _, r, _ in mi + mr})
    note(g, "odds", f"Odds: {react.name} wins the Reaction Test against {init.name} {float(p):.1%} "
         f"(exactly {p})", refs, f"{init.name} d{init.tq}{_mod_text(mi)} against {react.name} d{react.tq}"
         f"{_mod_text(mr)}; {react.name} needs 4+ and higher, ties go to the initiative unit{why}")
    a, b = g.dice.roll(1, f"reaction test {init.name}", init.die)[0], g.dice.roll(1, f"reaction test {react.name}",
                                                                                  react.die)[0]
    won = non_initiative_wins(a + si, b + sr)
    winner = react.name if won else init.name
    note(g, "reaction_test", f"Reaction Test: {init.name} d{init.tq} {a}{si:+d} = {a + si}, "
         f"{react.name} d{react.tq} {b}{sr:+d} = {b + sr}: {winner} acts first", refs,
         "the non-initiative unit passes with 4+ and higher; any tie, both failing included, goes to the "
         "initiative unit (The Reaction Test, l.318)", init=init.name, react=react.name, rolls=[a, b], won=won)
    for u, roll in ((init, a), (react, b)):
        if roll == 1:
            fog_of_war.draw(g, u)
    return won
