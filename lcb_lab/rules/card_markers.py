"""Markers that cards put on the map (13.x; 4.22 for MILDECs).

* SOF marker (13.4): placed on an enemy-occupied hex; it reveals the units there (App. B:
  MARSOC HALO reveals 1 Zhuk).
* ISR marker (13.0, 12.2): the marker of a card acting on the map, placed unrevealed
  (e.g. the Amphibious: LCU marker, :mod:`lcb_lab.rules.landing`).
* Mine markers (13.3; 9.32 ex.: Scatterable Landmines, 3 markers in 3 contiguous land hexes),
  UAS and fortification markers: plain markers with their card (their later effects belong to
  chapter 13 and are not simulated in this version).
* MILDEC / Naval MILDEC (4.22): real MILDEC counters (``state.markers``) of the active Task
  Force, face down, that move and absorb hits like any other.

Card markers live in ``state.card_markers`` (:class:`lcb_lab.state.CardMarker`); they are
not units, have no HP and take no part in combat here.
"""
from __future__ import annotations

from .. import explain, hexgrid
from ..errors import IllegalAction
from ..state import CardMarker, Marker, other
from .common import Ctx

PREFIX = {"sof": "SOF", "isr": "ISR", "mine": "MINE", "uas": "UAS", "fortification": "FORT", "proxy": "PROXY"}
MILDECS = ("mildec", "naval_mildec")
KINDS = tuple(PREFIX) + MILDECS


def new_marker(ctx: Ctx, kind: str, team: str, card: str, hex_: str, revealed: bool = True) -> CardMarker:
    """A card marker of ``kind`` in ``hex_`` with the next id (``"SOF-1"``)."""
    pre = PREFIX[kind]
    n = 1 + sum(1 for m in ctx.state.card_markers.values() if m.kind == kind)
    while f"{pre}-{n}" in ctx.state.card_markers:
        n += 1
    m = CardMarker(f"{pre}-{n}", kind, team, card, hex_, revealed)
    ctx.state.card_markers[m.mid] = m
    return m


def check_hexes(ctx: Ctx, team: str, kind: str, hexes: list[str], count: int, enemy_occupied: bool,
                contiguous: bool) -> None:
    """Refuse a placement the card does not allow (13.4: an enemy-occupied hex; 9.32 ex.: up to
    ``count`` contiguous land hexes for mines; MILDECs on land / water, 4.22)."""
    if kind not in KINDS:
        raise IllegalAction("13.0", f"unknown marker {kind!r}")
    if not hexes:
        raise IllegalAction("13.0", "name the hex(es) for the marker(s)")
    if len(hexes) > count or len(set(hexes)) != len(hexes):
        raise IllegalAction("13.0", f"up to {count} different hex(es) for this card's {kind} markers")
    for h in hexes:
        info = ctx.board.hex(h)
        if enemy_occupied and not ctx.state.units_in(h, other(team)):
            raise IllegalAction("13.4", f"{h} holds no enemy unit: the {kind} marker goes on an enemy-occupied hex")
        if kind in ("mine", "fortification", "mildec") and not info.has_land:
            raise IllegalAction("13.3" if kind == "mine" else "4.22", f"{h} has no land for a {kind} marker")
        if kind == "naval_mildec" and not info.has_water:
            raise IllegalAction("4.22", f"{h} has no water for a Naval MILDEC")
    if contiguous and len(hexes) > 1:
        linked = {hexes[0]}
        changed = True
        while changed:
            changed = False
            for h in hexes:
                if h not in linked and any(hexgrid.distance(h, x) == 1 for x in linked):
                    linked.add(h)
                    changed = True
        if len(linked) != len(hexes):
            raise IllegalAction("9.32", f"the hexes {', '.join(hexes)} are not contiguous")


def place(ctx: Ctx, team: str, card: str, card_name: str, kind: str, hexes: list[str], reveal_units: bool) -> list:
    """Put one marker of ``kind`` in each hex (checked by :func:`check_hexes`); with
    ``reveal_units`` the enemy units in the hex are revealed (13.4, 6.13)."""
    from .conceal import reveal
    out = []
    imp = ctx.state.impulse
    for h in hexes:
        if kind in MILDECS:
            n = 1 + len(ctx.state.markers)
            while f"M{n}" in ctx.state.markers:
                n += 1
            tf = imp.task_force if imp else next((t for t, x in ctx.state.task_forces.items() if x == team), "")
            m = Marker(f"M{n}", kind, team, tf, h)     # the Deployment Stage: the team's first TF (sandbox)
            ctx.state.markers[m.mid] = m
            ctx.log(explain.step("effect", f"{card_name}: a MILDEC is placed", f"face down in {h}", ["4.22"]),
                    team=team, effect="mildec", hex=h)
        else:
            m = new_marker(ctx, kind, team, card, h)
            ctx.log(explain.step("effect", f"{card_name}: {m.mid} placed in {h}",
                                 f"a {kind.upper() if kind in ('sof', 'isr', 'uas') else kind} marker of the card",
                                 ["13.4"] if kind == "sof" else ["13.0"]))
        out.append(m)
        if reveal_units:
            enemies = ctx.state.units_in(h, other(team))
            if enemies:
                reveal(ctx, enemies, f"the {card_name} marker in {h} reveals the enemy units there", ["13.4", "6.13"])
    return out


def discard_card(ctx: Ctx, cid: str) -> None:
    """A marker's card leaves play with it (13.22, 13.43): discarded (9.07), an Attached card
    removed (9.31)."""
    card = ctx.state.cards.get(cid)
    if card is None or not card.in_play:
        return
    card.where = "removed" if card.where == "attached" else "discarded"
    card.host = card.hex = None
    card.face_up = True


def remove(ctx: Ctx, marker: CardMarker, by_team: str | None, rules: list[str]) -> None:
    """Take ``marker`` off the map and discard its card (13.22 ISR, 13.43 SOF); a destroyed
    Proxy Force rolls for the Influence Meter (13.13, :func:`lcb_lab.rules.proxy.destroyed`)."""
    ctx.state.card_markers.pop(marker.mid, None)
    if marker.kind == "proxy" and by_team is not None:
        from .proxy import destroyed
        destroyed(ctx, marker, by_team)
    if not any(m.card == marker.card for m in ctx.state.card_markers.values()):
        discard_card(ctx, marker.card)
    ctx.log(explain.step("marker", f"{marker.mid} removed", "the marker leaves the map; its card is discarded",
                         list(rules)), marker=marker.mid)


def card_gone(ctx: Ctx, cid: str) -> None:
    """The card ``cid`` left play (INTERCEPTed, NULLIFIED, its host destroyed): its markers
    leave the map with it (13.25; lcb_lab's reading of facts §6.31 for the host's loss)."""
    for m in [m for m in ctx.state.card_markers.values() if m.card == cid and m.kind not in ("mine", "fortification")]:
        ctx.state.card_markers.pop(m.mid, None)
        ctx.log(explain.step("marker", f"{m.mid} removed", "its card has left play: the marker goes with it",
                             ["13.22", "13.25"]), marker=m.mid)


def contact(ctx: Ctx, h: str) -> None:
    """Counters meet in hex ``h``: opposing ISR markers there are revealed (13.23), SOF and Proxy
    Force markers reveal the enemy units in their hex (13.42, 13.12)."""
    from .conceal import reveal
    from .isr import check_reveal
    for m in [m for m in ctx.state.card_markers.values() if m.hex == h]:
        if m.kind == "isr":
            check_reveal(ctx, m)
        elif m.kind in ("sof", "proxy"):
            enemies = [u for u in ctx.state.units_in(h, other(m.team)) if not u.revealed]
            if enemies:
                reveal(ctx, enemies, f"{m.mid} reveals the enemy units in its hex",
                       ["13.42"] if m.kind == "sof" else ["13.12"])
