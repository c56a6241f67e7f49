"""The targets of a card's effect, checked when the card is played (9.0, 6.11, 7.31, 7.32, 13.x, 12.2).

:func:`check_targets` refuses what the effect cannot take before any roll (so a refusal never
follows a die); :func:`target_units` resolves the units a link acts on -- named units the
team knows, or every unit of the target side in a named hex (a stack the player cannot see
into); :func:`origin` is where a card's range is measured from.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from lcb_lab.games.lcb import observer
from lcb_lab.games.lcb.model.cards import CardType, Effect
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.games.lcb.model.state import CardPlay, Unit, other
from lcb_lab.games.lcb.rules.cards import hooks as _hooks
from lcb_lab.games.lcb.rules.markers import placement
from lcb_lab.games.lcb.rules.common import Ctx, dist, enemy_units_seen
from lcb_lab.games.lcb.rules.events.negation import refuse_negation

if TYPE_CHECKING:
    from lcb_lab.games.lcb.model.state import Card

OWN_TARGETS = {"conceal", "resupply"}
"""Effect functions whose unit targets are the team's own units."""
CHECKS: dict = _hooks.CHECKS
"""Effect function -> ``check(ctx, card, card_type, effect, targets, hex)`` of the module that owns
the effect (12.x: :mod:`lcb_lab.games.lcb.rules.transport.offers`), run instead of the checks here;
listed by :mod:`lcb_lab.games.lcb.rules.cards.hooks`."""


ON_PLAY: dict = _hooks.ON_PLAY
"""Effect function -> ``fn(ctx, link, ct, eff)`` run when the card is played, before the other
team's response window (13.25: an ISR marker moves, and is revealed, before its effect); listed
by :mod:`lcb_lab.games.lcb.rules.cards.hooks`."""
PRECHECKS: dict = _hooks.PRECHECKS
"""Effect function -> ``check(ctx, card, ct, eff, targets, hex_)`` refusing bad targets before
the chain opens (13.x: fortify, mines, proxy, ISR); listed by :mod:`lcb_lab.games.lcb.rules.cards.hooks`."""


def _as_hex(ctx: Ctx, x: str | None) -> str | None:
    if not x or x not in ctx.board:
        return None
    return ctx.board.canonical(x)


def origin(ctx: Ctx, card: Card) -> str | None:
    """Where a card's range is measured from: its host's hex (Attached / Embarked), its
    marker's or its own hex on the map; None for a card in the pool (off-map)."""
    if card.host and card.host in ctx.state.units:
        u = ctx.state.units[card.host]
        return u.hex or (ctx.state.units[u.embarked_on].hex if u.embarked_on in ctx.state.units else None)
    m = next((m for m in ctx.state.card_markers.values() if m.card == card.cid), None)
    return m.hex if m else card.hex


def target_units(ctx: Ctx, link: CardPlay, eff: Effect, team: str | None = None) -> list[Unit]:
    """The units a link acts on: named units, or every unit of the target side in the named hex
    (``hex`` or a hex label among the targets: a stack or hex the player cannot see into)."""
    return _units_aimed(ctx, link.targets, link.hex, eff, team or link.team)


def _units_aimed(ctx: Ctx, targets, hex_: str | None, eff: Effect, team: str) -> list[Unit]:
    """:func:`target_units` of a link of ``team`` with ``targets`` and ``hex_`` (no link built)."""
    side = team if eff.fn in OWN_TARGETS else other(team)
    units_of = ctx.state.units
    named = [t for t in targets if t in units_of]
    hexes = [h for h in (_as_hex(ctx, hex_),) + tuple(_as_hex(ctx, t) for t in targets if t not in units_of) if h]
    units = [units_of[t] for t in named]
    for h in dict.fromkeys(hexes):
        units += [u for u in ctx.state.units_in(h, side) if u not in units]
    if eff.fn not in ("asw_search", "uuv"):    # 14.010: only ASW / submarine effects find submarines
        units = [u for u in units if not ctx.utype(u).is_submarine or u.uid in named]
    dom = eff.args.get("domain")
    if dom:
        units = [u for u in units if ctx.utype(u).domain == dom or (dom == "naval") == ctx.is_naval(u)]
    return units


def _backs_aimed(ctx: Ctx, team: str, side: str, eff: Effect, targets, hex_: str | None) -> bool:
    """Whether ``team`` sees an enemy back in a hex it names (6.11): a stack it cannot see into may
    hold a unit whether the back is one or a MILDEC (4.22), so a card aimed at it is not refused
    for want of a unit -- the same verdict in two worlds that look the same to ``team``; the effect
    then acts on the units there, if any (its own result shows the rest, 6.13).  A card for one
    domain (``args.domain``) counts a back only where such a unit may stand: a naval one in a hex
    with water, a ground one in a hex with land (5.11; a back shows no domain)."""
    if side == team:
        return False
    dom = eff.args.get("domain")
    hexes = [h for h in (_as_hex(ctx, hex_),) + tuple(_as_hex(ctx, t) for t in targets if t not in ctx.state.units)
             if h and (dom is None or (ctx.board.hex(h).has_water if dom == "naval" else ctx.board.hex(h).has_land))]
    return any(not observer.knows(ctx.state, team, c) for h in hexes for c in enemy_units_seen(ctx, team, h))


def _check_domain(ctx: Ctx, ct: CardType, eff: Effect, targets: list[str]) -> None:
    """Refuse a named unit outside the effect's ``args.domain`` (5.11: a mixed hex is land and
    naval for a card, but the card takes only the units of its own hex type)."""
    dom = eff.args.get("domain")
    for t in targets if dom else ():
        u = ctx.state.units.get(t)
        if u is not None and not (ctx.utype(u).domain == dom or (dom == "naval") == ctx.is_naval(u)):
            raise IllegalAction("5.11", f"{ct.name} option {eff.label} targets {dom} units only (in a mixed hex "
                                f"a card for naval hexes takes naval units, one for land hexes ground units); "
                                f"{t} is not one")


def check_targets(ctx: Ctx, team: str, card: Card, ct: CardType, eff: Effect, targets: list[str],
                  hex_: str | None) -> None:
    """Refuse targets the effect cannot take (9.0, 6.11, 7.31, 7.32, 13.x, 12.2; an Event Card:
    16.0), before any roll."""
    if ctx.state.events_drawn:
        refuse_negation(ctx.state, ct.name, targets)      # 16.0: JCCs cannot negate event cards
    fn = eff.fn
    kind = eff.target
    if fn in CHECKS:              # effects whose module checks its own targets (12.x: transport.py)
        CHECKS[fn](ctx, card, ct, eff, list(targets), hex_)
        return
    if fn in PRECHECKS:            # 13.x: the marker modules check their own targets (cards.registry)
        PRECHECKS[fn](ctx, card, ct, eff, list(targets), hex_)
        return
    if kind in ("none", "network"):
        if targets or hex_:
            raise IllegalAction("9.0", f"{ct.name} option {eff.label} takes no target")
        return
    if kind in ("enemy_card", "own_card"):
        want = other(team) if kind == "enemy_card" else team
        for t in targets:
            c = ctx.state.cards.get(t)
            if c is None or c.team != want or not c.in_play or not observer.knows(ctx.state, team, c):
                raise IllegalAction("9.0", f"{t!r} is not a {'face-up enemy' if want != team else 'friendly'} card")
        return
    if hex_ is not None and _as_hex(ctx, hex_) is None:
        raise IllegalAction("9.0", f"{hex_!r} is not a hex of the map")
    if kind in ("hex", "hexes"):
        hexes = [_as_hex(ctx, h) for h in ([hex_] if hex_ else []) + list(targets)]
        if None in hexes:
            raise IllegalAction("9.0", f"{ct.name}: the targets must be hexes of the map")
        if kind == "hex" and len(hexes) != 1:
            raise IllegalAction("9.0", f"{ct.name} targets one hex")
        _check_range(ctx, card, ct, eff, hexes)
        if fn == "place_marker":
            a = eff.args
            placement.check_hexes(ctx, team, a.get("marker", "isr"), hexes, int(a.get("count", 1)),
                                     bool(a.get("enemy_occupied")), bool(a.get("contiguous")))
        return
    # units / unit / stack
    for t in targets:
        u = ctx.state.units.get(t)
        if u is None and _as_hex(ctx, t) is None or (u is not None and not observer.knows(ctx.state, team, u)):
            raise IllegalAction("6.11", f"{team} knows no unit named {t!r}")
        if u is not None and (u.destroyed or not u.on_map):
            raise IllegalAction("9.0", f"{t} is not on the map")
    if fn == "unsimulated":
        return                    # the effect is only logged: any unit the team knows (6.11)
    side = team if fn in OWN_TARGETS else other(team)
    bad = [t for t in targets if t in ctx.state.units and ctx.state.units[t].team != side]
    if bad:
        raise IllegalAction("9.0", f"{ct.name} targets {'friendly' if side == team else 'enemy'} units, not {bad[0]}")
    _check_domain(ctx, ct, eff, targets)
    units = _units_aimed(ctx, targets, hex_, eff, team)     # the units a link with these targets acts on
    if not units and not _backs_aimed(ctx, team, side, eff, targets, hex_):
        raise IllegalAction("9.0", f"{ct.name}: no {'friendly' if side == team else 'enemy'} unit to target there")
    hexes = list(dict.fromkeys(u.hex for u in units))
    if kind in ("stack", "unit") and len(hexes) > 1:
        raise IllegalAction("3.23", f"{ct.name} targets one {kind}: the units are in {len(hexes)} hexes")
    if kind == "unit" and len(units) != 1:
        raise IllegalAction("9.0", f"{ct.name} targets exactly one unit")
    if kind == "units" and len(units) > eff.max_targets and eff.max_targets > 1:
        raise IllegalAction("9.0", f"{ct.name} targets at most {eff.max_targets} units")
    if fn == "conceal":           # the card replaces the Core Action, not the reveal rules (6.22, 6.23)
        from lcb_lab.games.lcb.rules.movement.conceal import check_can_conceal
        for u in units:
            check_can_conceal(ctx, u)
    if fn == "lrs_attack":
        tu = units[0]
        if ctx.utype(tu).is_submarine:     # 14.05: hidden under the water, even with its marker on the map
            raise IllegalAction("14.05", f"{tu.uid} is a submarine: never a target for LRS")
        if not tu.revealed:      # named only to its own team: a concealed counter is anonymous (6.11)
            who = tu.uid if tu.team == team else f"the counter in {tu.hex}"
            raise IllegalAction("7.32", f"{who} is concealed; only revealed units may be targeted by LRS (6.14)")
        imp = ctx.state.impulse
        if imp is not None and imp.combat is not None:
            raise IllegalAction("3.38", "all combat of an impulse is committed at once: this impulse's combat "
                                "was already committed")
        if ctx.board.is_zone_place(tu.hex) and not eff.args.get("naval_zone"):
            raise IllegalAction("7.41", f"{ct.name} does not say it may strike into a naval zone, and the "
                                f"target is in {tu.hex}: a card's LRS reaches a naval zone only when it says so")
    _check_range(ctx, card, ct, eff, hexes)


def _check_range(ctx: Ctx, card, ct: CardType, eff: Effect, hexes: list[str]) -> None:
    if eff.range is None:
        return
    o = origin(ctx, card)
    if o is None:
        return                    # off-map: the card's range is not measured (9.012)
    for h in hexes:
        if dist(o, h) > eff.range:
            raise IllegalAction("7.31", f"{h} is {dist(o, h)} hexes from {ct.name}'s host in {o}; its range is {eff.range}")
