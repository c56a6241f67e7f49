"""Scripted card effects for lessons and the instructor (9.0: a card's stated outcome, applied as given).

Cards are played by the rules elsewhere (chapter 9: :mod:`~lcb_lab.games.lcb.rules.cards.jcc` plays them, :mod:`~lcb_lab.games.lcb.rules.cards.use`
applies a link's effect through the registry of :mod:`~lcb_lab.games.lcb.rules.cards.effects`, :mod:`~lcb_lab.games.lcb.rules.cards.responses` and
:mod:`~lcb_lab.games.lcb.rules.cards.chain` resolve the chains).  This module is the other path: a lesson (or the instructor)
replays a narrative by applying a card's *stated outcome* as a scripted effect, logged as such
with the card's name, so students see what the card did and that it was scripted.  The rules
path reuses two helpers from here (``network_cube``, ``_disembark``).

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
from lcb_lab.games.lcb.rules.common import Ctx, enemy_ground_in, living_unit, names, refs
from lcb_lab.games.lcb.rules.movement.conceal import reveal


def note_card(ctx: Ctx, card: str | None) -> None:
    """Log a declared JCC whose type the decks do not hold (a lesson may script its outcome)."""
    ctx.log(explain.step("card", f"JCC played: {card}",
                         "lcb_lab's decks hold no such card, so its effect is not simulated; a lesson may "
                         "script the card's outcome (sandbox)", ["3.31", "9.0"]))


def network_cube(ctx: Ctx, team: str, n: int, why: str, rules: list[str]) -> None:
    """Add ``n`` cubes (negative: remove) to ``team``'s Tactical Network card (7.6, 7.61) and log it
    with ``why`` and ``rules``.  IllegalAction (7.61) when that would leave fewer than 0 cubes."""
    before = ctx.state.network_cubes[team]
    after = before + n
    if after < 0:
        raise IllegalAction("7.61", f"{team}'s Tactical Network has no cube to remove")
    ctx.state.network_cubes[team] = after
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
        _disembark(ctx, host, units, dest, tag, rules)
    else:
        raise IllegalAction("9.0", f"unknown scripted effect {kind!r}")


def _disembark(ctx: Ctx, host, units: list, dest: str, tag: str, rules: list[str]) -> None:
    """Put ``units`` ashore in ``dest``: face down, MP spent, expended (5.19, 12.07, 3.21);
    enemy ground units already there and the landed units reveal each other (6.22).
    ``host``: the ship (or None: a card's own craft, reinforcements from off the map, 12.4).
    The one landing function of every transport method (12.1-12.4)."""
    imp = ctx.state.impulse
    for u in units:
        u.hex, u.embarked_on, u.revealed = dest, None, False
        u.no_move = u.expended = True
        # the free landing assault belongs to this impulse; units of another Task Force count as
        # having acted, so their own later impulse offers them nothing (12.07, 12.08)
        u.acted = u.acted or imp is None or u.task_force != imp.task_force
    team = host.team if host is not None else units[0].team
    ctx.log(explain.step("effect", f"{names(units)} disembark into {dest}",
                         (f"from {host.uid}, " if host is not None else "") + "face down; they cannot move further "
                         "and are expended for the turn (only a free GROUND ASSAULT in a contested landing hex)" + tag,
                         rules or ["5.19", "12.0"]),
            team=team, effect="disembark", host=refs([host])[0] if host is not None else None, units=refs(units),
            hex=dest)
    ground = [u for u in units if not ctx.is_naval(u)]
    enemies = enemy_ground_in(ctx, dest, team) if ground else []
    if enemies:
        reveal(ctx, ground + enemies, f"a landing into {dest}, held by enemy ground units: the landed units "
               "and the defenders reveal each other at once", ["6.22", "12.07"])
