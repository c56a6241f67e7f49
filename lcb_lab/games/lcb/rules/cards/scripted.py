"""Scripted card effects for lessons and the instructor (9.0: a card's stated outcome, applied as given).

Cards are played by the rules elsewhere (chapter 9: :mod:`~lcb_lab.games.lcb.rules.cards.jcc` plays them, :mod:`~lcb_lab.games.lcb.rules.cards.use`
applies a link's effect through the registry of :mod:`~lcb_lab.games.lcb.rules.cards.effects`, :mod:`~lcb_lab.games.lcb.rules.cards.responses` and
:mod:`~lcb_lab.games.lcb.rules.cards.chain` resolve the chains).  This module is the other path: a lesson (or the instructor)
replays a narrative by applying a card's *stated outcome* as a scripted effect, logged as such
with the card's name, so students see what the card did and that it was scripted.  The rules
path reuses ``network_cube`` from here; a scripted ``disembark`` lands units as every transport
method does (:func:`lcb_lab.games.lcb.rules.transport.disembark.disembark`, 12.07).

Effect dicts (``"effect"`` key):

* ``reveal``: ``units`` flipped face up (6.13: JCCs reveal units);
* ``paralyse``: ``units`` may not act for the rest of the turn (incl. INTERCEPT);
* ``network_cube``: ``team`` whose Tactical Network gets ``n`` cubes (7.61);
* ``disembark``: ``units`` leave ``from`` (their host) into ``hex`` face
  down; their MP is spent and they are expended (5.19, 12.07): no Core
  Action, LRS, ZOR, conceal or Armor Breakthrough for the rest of the turn,
  only a free GROUND ASSAULT in a contested landing hex during the impulse
  (``rules.combat.continuing.landed_attackers``).  Landed into a hex held by enemy
  ground units, both sides are revealed at once (6.22, 12.07).  The units
  carry ``no_move`` and ``expended`` (lcb_lab's mark of "landed this turn").
Optional keys: ``card`` (name), ``rules`` (list), ``note`` (plain words),
``by`` (who scripted it: "the lesson" by default, e.g. "the instructor").
"""
from __future__ import annotations

from lcb_lab.kernel import explain
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.games.lcb.rules.common import Ctx, living_unit, names
from lcb_lab.games.lcb.rules.movement.conceal import reveal
from lcb_lab.games.lcb.rules.transport.disembark import disembark


def network_cube(ctx: Ctx, team: str, n: int, why: str, rules: list[str]) -> None:
    """Add ``n`` cubes (negative: remove) to ``team``'s Tactical Network card (7.6, 7.61) and log it
    with ``why`` and ``rules``.  IllegalAction (7.61) when that would leave fewer than 0 cubes."""
    before = ctx.state.network_cubes[team]
    after = before + n
    if after < 0:
        raise IllegalAction("7.61", f"{team}'s Tactical Network has no cube to remove")
    ctx.state.network_cubes = {**ctx.state.network_cubes, team: after}
    ctx.log(explain.step("network", f"{team} Tactical Network {before} -> {after} cubes",
                         why, rules))


def apply(ctx: Ctx, e: dict) -> None:
    """Apply one scripted effect (see module doc). Raises IllegalAction / LabError."""
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
        disembark(ctx, host, units, dest, tag, rules)
    else:
        raise IllegalAction("9.0", f"unknown scripted effect {kind!r}")
