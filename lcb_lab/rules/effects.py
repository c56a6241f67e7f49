"""Scripted card effects for lessons (9.0 is not simulated yet).

The rulebook does not print JCC texts, so lcb_lab does not simulate cards
yet.  A lesson can still replay a narrative that uses cards by applying each
card's *stated outcome* as a scripted effect, logged as such with the card's
name, so students see what the card did and that it was scripted.

Effect dicts (``"effect"`` key):

* ``reveal``: ``units`` flipped face up (6.13: JCCs reveal units);
* ``paralyse``: ``units`` may not act for the rest of the turn (incl. INTERCEPT);
* ``network_cube``: ``team`` whose Tactical Network gets ``n`` cubes (7.61);
* ``disembark``: ``units`` leave ``from`` (their host) into ``hex`` face
  down and cannot move further this turn (5.19, 12.0).
Optional keys: ``card`` (name), ``rules`` (list), ``note`` (plain words),
``by`` (who scripted it: "the lesson" by default, e.g. "the instructor").
"""
from __future__ import annotations

from .. import explain
from ..errors import IllegalAction
from .common import Ctx, living_unit, names, refs
from .conceal import reveal


def note_card(ctx: Ctx, card: str | None) -> None:
    """Log a played JCC whose text lcb_lab does not simulate."""
    ctx.log(explain.step("card", f"JCC played: {card}",
                         "card effects are not simulated in this version; a lesson may script the "
                         "card's outcome (sandbox)", ["3.31", "9.0"]))


def network_cube(ctx: Ctx, team: str, n: int, why: str, rules: list[str]) -> None:
    before = ctx.state.network_cubes[team]
    after = before + n
    if after < 0:
        raise IllegalAction("7.61", f"{team}'s Tactical Network has no cube to remove")
    ctx.state.network_cubes[team] = after
    ctx.log(explain.step("network", f"{team} Tactical Network {before} -> {after} cubes",
                         why, rules))


def apply(ctx: Ctx, e: dict) -> None:
    """Apply one scripted effect (see module doc). Raises IllegalAction / LcbError."""
    kind = e.get("effect")
    card = e.get("card", "scripted effect")
    rules = list(e.get("rules", ["9.0"]))
    note = e.get("note", "")
    tag = f" [{card}; scripted by {e.get('by', 'the lesson')}]" + (f" {note}" if note else "")
    if kind == "reveal":
        units = [living_unit(ctx, u, "6.13") for u in e["units"]]
        reveal(ctx, units, "revealed by a card effect" + tag, rules or ["6.13"])
    elif kind == "paralyse":
        units = [living_unit(ctx, u, "9.0") for u in e["units"]]
        for u in units:
            u.paralysed = True
        ctx.log(explain.step("effect", f"{names(units)} may not act this turn",
                             "no Core Action and no INTERCEPT for the rest of the turn" + tag, rules))
    elif kind == "network_cube":
        network_cube(ctx, e["team"], int(e.get("n", 1)), "successful cyber/EMS card" + tag, rules or ["7.61"])
    elif kind == "disembark":
        host = living_unit(ctx, e["from"], "10.0")
        dest = ctx.board.canonical(e["hex"])
        if not ctx.board.hex(dest).has_land:
            raise IllegalAction("12.0", f"{dest} has no land to disembark onto")
        units = [living_unit(ctx, u, "10.0") for u in e["units"]]
        for u in units:
            if u.embarked_on != host.uid:
                raise IllegalAction("10.0", f"{u.uid} is not embarked on {host.uid}")
        for u in units:
            u.hex, u.embarked_on, u.revealed, u.no_move = dest, None, False, True
        ctx.log(explain.step("effect", f"{names(units)} disembark into {dest}",
                             f"from {host.uid}, face down; they cannot move further this turn" + tag,
                             rules or ["5.19", "12.0"]),
                team=host.team, effect="disembark", host=refs([host])[0], units=refs(units), hex=dest)
    else:
        raise IllegalAction("9.0", f"unknown scripted effect {kind!r}")
