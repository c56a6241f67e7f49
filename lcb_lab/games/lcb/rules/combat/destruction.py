"""Destroying units, and what leaves play with them (4.21, 3.42, 9.31, 9.07, 10.311, 12.06, 13.25, 15.0).

The one low-level place where a unit is destroyed, for every rule that destroys one: combat
(:mod:`lcb_lab.games.lcb.rules.combat.sequence`), mines, Proxy Forces and lost transport
markers (:mod:`lcb_lab.games.lcb.rules.markers`), submarines, lifts.  It sits below both
combat and the markers, so neither reaches the other through a hook: a destroyed unit takes
its Attached and Embarked cards with it (:func:`host_lost`), a card leaving play takes its
markers (:func:`card_gone`), and a transport marker leaving the map takes the units aboard
(:func:`lose_cargo`, back to :func:`destroy`) -- one recursion inside this module.
"""
from __future__ import annotations

from lcb_lab.kernel import explain
from lcb_lab.kernel.datacodec import touched
from lcb_lab.games.lcb.model.state import CardMarker, Unit, other
from lcb_lab.games.lcb.rules.common import Ctx, names
from lcb_lab.games.lcb.rules.stages import influence


def destroy(ctx: Ctx, u: Unit, by_team: str) -> None:
    """Remove unit ``u`` (and everything embarked on it, 10.311) from play at 0 HP (4.21: a
    destroyed unit has 0 HP, however it was lost -- a torpedoed ship, 14.08, or a unit lost
    aboard, 10.311, 12.06, too); count the kills for ``by_team`` (3.42) and move the Influence
    Meter when due (15.0)."""
    lost = [u] + [e for e in ctx.state.units.values() if e.embarked_on == u.uid and not e.destroyed]
    mark_destroyed(lost)
    host_lost(ctx, lost)       # Attached cards die with their host (9.31)
    s = ctx.state
    s.kills = {**s.kills, by_team: s.kills[by_team] + len(lost)}
    s.total_kills = {**s.total_kills, by_team: s.total_kills[by_team] + len(lost)}
    ctx.log(explain.step("destroyed", f"{names(lost)} destroyed",
                         f"removed from play; counts {len(lost)} toward {by_team}'s kills for the Initiative Check",
                         ["4.21", "3.42"] + (["10.311"] if len(lost) > 1 else [])), units=[x.uid for x in lost],
            team=u.team, about=[{"unit": x.uid} for x in lost])
    influence.on_kill(ctx, by_team, lost)


def mark_destroyed(lost: list[Unit]) -> None:
    """Mark the units ``lost`` destroyed at 0 HP (4.21): the one place a unit's ``destroyed``
    is set, so "0 HP" and "destroyed" always go together (:mod:`lcb_lab.games.lcb.model.invariants`)."""
    for x in lost:
        x.destroyed, x.hp = True, 0


def host_lost(ctx: Ctx, lost: list[Unit]) -> None:
    """Units destroyed: their Attached cards are destroyed and leave the game (9.31, 9.07: not
    cycled back); cards Embarked on a lost ship are discarded (9.07)."""
    uids = {u.uid for u in lost}
    for c in ctx.state.cards.values():
        if c.in_play and c.host in uids and c.where in ("attached", "embarked"):
            c.where = "removed" if c.where == "attached" else "discarded"
            ctx.log(explain.step("card", f"{c.name} destroyed with its host",
                                 "an Attached card dies with its host and is not cycled back (9.31, 9.07)"
                                 if c.where == "removed" else "an Embarked card is lost with its ship (9.07)",
                                 ["9.31", "9.07"]), team=c.team, card=c.cid, about={"card": c.cid})
            c.host = None
            card_gone(ctx, c.cid)            # its marker leaves the map too (lcb_lab's reading, facts 6.31)


def card_gone(ctx: Ctx, cid: str) -> None:
    """The card ``cid`` left play (INTERCEPTed, NULLIFIED, its host destroyed): its markers
    leave the map with it (13.25; lcb_lab's reading of facts §6.31 for the host's loss)."""
    for m in [m for m in ctx.state.card_markers.values() if m.card == cid and m.kind not in ("mine", "fortification")]:
        lost = [ctx.state.units[u] for u in m.cargo if u in ctx.state.units]
        lose_cargo(ctx, m, lost)             # 12.06: a discarded transport marker takes its units with it
        ctx.state.card_markers.pop(m.mid, None)
        touched(ctx.state, "card_markers")      # in place: the snapshot compares it again
        ctx.log(explain.step("marker", f"{m.mid} removed", "its card has left play: the marker goes with it"
                             + (" and the units aboard are lost" if lost else ""),
                             ["13.22", "13.25"] + (["12.06"] if lost else [])), marker=m.mid)


def lose_cargo(ctx: Ctx, marker: CardMarker, lost: list[Unit]) -> None:
    """The units ``lost`` aboard ``marker`` are destroyed, killed by the other team (12.06, 13.26)."""
    for u in lost:
        if u.uid in marker.cargo:
            marker.cargo = [x for x in marker.cargo if x != u.uid]
        if not u.destroyed:
            destroy(ctx, u, other(marker.team))
