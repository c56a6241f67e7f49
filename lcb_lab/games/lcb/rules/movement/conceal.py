"""Conceal and reveal (6.0-6.23).

* Ground ZOR (6.21): a ground unit or stack taking a Core Action may reveal
  every enemy ground unit in ONE adjacent hex; it never reveals naval units
  and does not reveal the stack using it.
* Opposing ground units in one hex reveal each other (6.22).
* Naval ZOR (6.23): automatic; every surface naval unit reveals enemy surface
  naval units within 5 hexes traced through naval/mixed hexes, and is
  revealed by theirs.  A naval unit cannot conceal inside an enemy naval ZOR.
* Conceal (6.1, 6.12): a Move and/or Conceal action turns revealed units
  face down, together with MILDECs in their hex.
* Submarines (14.010) are not naval units: naval ZORs never reveal them, nor do
  opposing ground units; they do not conceal by action (14.06, :mod:`~lcb_lab.games.lcb.rules.submarines.operations`).
"""
from __future__ import annotations

from typing import Any

from lcb_lab.kernel import explain
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.games.lcb.model.state import Unit, other
from lcb_lab.games.lcb.rules.cards import hooks as _hooks
from lcb_lab.games.lcb.rules.common import Ctx, enemy_ground_in, names, refs
from lcb_lab.games.lcb.rules.optional import interoperability as interop

NAVAL_ZOR_RADIUS = 5
"""Naval ZOR radius in hexes, traced through naval/mixed hexes (6.23)."""


def reveal(ctx: Ctx, units: list[Unit], why: str, rules: list[str], **facts: Any) -> list[Unit]:
    """Flip units face up; log once. Returns those that were concealed.

    ``facts`` join the log entry (e.g. who used a ground ZOR, see :mod:`lcb_lab.games.lcb.observer`)."""
    newly = [u for u in units if not u.revealed and not u.destroyed]
    for u in newly:
        u.revealed = True
    if newly:
        ctx.log(explain.step("reveal", f"Revealed: {names(newly)}", why, rules,
                             units=[u.uid for u in newly]), **facts)
    return newly


ZOR_HOOKS: list = _hooks.ZOR_HOOKS
"""Functions ``(ctx, ship, reach)`` that reveal other modules' markers in a naval ZOR (12.23:
:func:`lcb_lab.games.lcb.rules.transport.exposed.reveal_by_zor`); listed by
:mod:`lcb_lab.games.lcb.rules.cards.hooks`."""


def naval_zor_hexes(ctx: Ctx, hex_label: str) -> dict[str, int]:
    """Hexes within the naval ZOR of a naval unit in ``hex_label`` (6.23)."""
    return ctx.board.naval_reach(hex_label, NAVAL_ZOR_RADIUS)


def apply_naval_zor(ctx: Ctx, unit: Unit, at_hex: str) -> None:
    """A naval unit at ``at_hex`` and enemy ships within 5 traced hexes reveal each other (6.23)."""
    if not ctx.is_naval(unit):
        return
    if ctx.state.card_markers:            # 12.23: enemy landing-craft markers in the ZOR are revealed
        for hook in ZOR_HOOKS:
            hook(ctx, unit, naval_zor_hexes(ctx, at_hex))
    enemies = [e for e in ctx.state.living(other(unit.team))
               if e.on_map and ctx.is_naval(e)]
    if not enemies:
        return
    reach = naval_zor_hexes(ctx, at_hex)
    seen = [e for e in enemies if e.hex in reach]  # distance 0 (same hex) counts too
    if seen:
        newly = reveal(ctx, [unit] + seen,
                       f"{unit.uid} at {at_hex} and {names(seen)} are within 5 hexes of each other "
                       "through naval or mixed hexes: naval ZORs reveal both sides", ["6.23"])
        if newly and ctx.state.optional_data:        # 17.1: the revealing nation's National Marker
            interop.mark_revealed(ctx, [e for e in newly if e is not unit], [unit])
            interop.mark_revealed(ctx, [unit] if unit in newly else [], seen)


def sweep_naval_zor(ctx: Ctx) -> None:
    """Apply every naval ZOR on the map (automatic and constant, 6.23)."""
    # ZORs are mutual, so sweeping one team's ships finds every pair
    for u in list(ctx.state.living("US")):
        if u.on_map and ctx.is_naval(u):
            apply_naval_zor(ctx, u, u.hex)


def contact_reveal(ctx: Ctx, hex_label: str) -> None:
    """Opposing ground units sharing a hex reveal each other (6.22)."""
    us = [u for u in ctx.state.units_in(hex_label, "US") if ctx.utype(u).domain == "ground"]
    ru = [u for u in ctx.state.units_in(hex_label, "RU") if ctx.utype(u).domain == "ground"]
    if us and ru:
        newly = reveal(ctx, us + ru, f"opposing ground units share {hex_label}", ["6.22"])
        if newly and ctx.state.optional_data:        # 17.1: each side's nations mark what they revealed
            interop.mark_revealed(ctx, newly, us)
            interop.mark_revealed(ctx, newly, ru)


def check_ground_zor(ctx: Ctx, units: list[Unit], from_hex: str, into_hex: str) -> str:
    """The checks of :func:`exercise_ground_zor`, changing nothing: the hex looked into (canonical).
    Raises IllegalAction (6.21) when the stack has no ground unit or the hex is not adjacent."""
    if not any(ctx.utype(u).domain == "ground" for u in units):
        raise IllegalAction("6.21", "only ground units exercise a ground ZOR; naval ZOR is automatic (6.23), "
                            "a submarine's ZOR is its own act (14.09)")
    into = ctx.board.canonical(into_hex)
    if into not in ctx.board.neighbours(from_hex):
        raise IllegalAction("6.21", f"{into} is not adjacent to {from_hex}")
    return into


def exercise_ground_zor(ctx: Ctx, units: list[Unit], from_hex: str, into_hex: str) -> list[Unit]:
    """Reveal enemy ground units in one adjacent hex (6.21). Returns those revealed.

    Raises IllegalAction when the stack has no ground unit or the hex is not adjacent.
    """
    into = check_ground_zor(ctx, units, from_hex, into_hex)
    team = units[0].team
    targets = enemy_ground_in(ctx, into, team)
    markers = [m for m in ctx.state.markers_in(into, other(team)) if m.type_id == "mildec"]
    for m in markers:
        m.revealed = True
    for cm in ctx.state.card_markers.values():   # Proxy Force / SOF markers: revealed like units (13.11, 13.44)
        if cm.hex == into and cm.team != team and cm.kind in ("proxy", "sof") and not cm.revealed:
            cm.revealed = True
            ctx.log(explain.step("marker", f"{cm.mid} revealed", f"in the ground ZOR of {names(units)}",
                                 ["6.21", "13.11" if cm.kind == "proxy" else "13.44"]), marker=cm.mid, hex=into)
    seen = {"team": team, "from": from_hex, "into": into}
    if targets:
        newly = reveal(ctx, targets, f"ground ZOR of {names(units)} from {from_hex} into {into} "
                       "(ground ZORs never reveal naval units, and do not reveal the stack using them)",
                       ["6.21"], by=refs(units), **seen)
        interop.mark_revealed(ctx, newly, units)          # 17.1: the National Markers of the stack's nations
        return newly
    ctx.log(explain.step("zor", f"Ground ZOR into {into}",
                         f"{names(units)} in {from_hex} look into {into}: no enemy ground unit there",
                         ["6.21"]), units=refs(units), **seen)
    return []


def check_can_conceal(ctx: Ctx, u: Unit) -> None:
    """Raise IllegalAction when ``u`` may not conceal where it is (6.22, 6.23; 13.42: with a
    face-up enemy SOF marker in its hex)."""
    if u.hex is None:
        raise IllegalAction("6.1", f"{u.uid} is not on the map")
    if ctx.utype(u).is_submarine:   # 14.06, 14.010: only the rules place and remove a submarine marker
        raise IllegalAction("14.06", f"{u.uid} is a submarine: it is hidden on the SOT; its marker leaves the map "
                            "after its LRS or at the end of the Action Stage")
    if not ctx.is_naval(u) and enemy_ground_in(ctx, u.hex, u.team):
        raise IllegalAction("6.22", f"{u.uid} shares {u.hex} with enemy ground units, which reveal it")
    sof = next((m for m in ctx.state.card_markers.values() if m.kind == "sof" and m.revealed
                and m.team != u.team and m.hex == u.hex), None)     # face up: nothing hidden is told
    if sof is not None:
        raise IllegalAction("13.42", f"{u.uid} shares {u.hex} with the enemy SOF marker {sof.mid}, which reveals it")
    if ctx.is_naval(u):
        watchers = [e for e in ctx.state.living(other(u.team)) if e.on_map and ctx.is_naval(e)
                    and e.hex in naval_zor_hexes(ctx, u.hex)]
        if watchers:
            raise IllegalAction("6.23", f"{u.uid} at {u.hex} is inside the naval ZOR of {names(watchers)}")


def conceal(ctx: Ctx, units: list[Unit], markers: list | tuple = ()) -> None:
    """Turn ``units`` face down with their Task Force's MILDECs in their hex,
    or ``markers`` (MILDECs acting on their own) (6.1, 6.12).

    The log entry says which counters were face up before (the other team saw only those).
    """
    for u in units:
        check_can_conceal(ctx, u)
    flipped = list(markers)
    for u in units:
        flipped += [m for m in ctx.state.markers_in(u.hex, u.team)   # a MILDEC stays with its TF (4.22)
                    if m.task_force == u.task_force and m not in flipped]
    before = {"units": refs(units), "markers": refs(flipped)}       # face up or down before turning
    for c in units + flipped:
        c.revealed = False
    what = names(units) or f"{len(markers)} MILDEC(s)"
    first = units[0] if units else markers[0]
    ctx.log(explain.step("conceal", f"Concealed: {what}",
                         "turned face down (with their MILDECs in the hex)", ["6.1", "6.12"]),
            team=first.team, hex=first.hex, **before)
    interop.cleared(ctx, units)             # 17.1: National Markers leave a unit that Conceals
