"""A card link's effect and the card's fate after use (9.07, 9.08, 9.21, 7.61).

Used by the chain (:mod:`lcb_lab.rules.responses`) once a link survives its answers.
"""
from __future__ import annotations

from ..state import Card, CardPlay, other
from . import card_effects
from .common import Ctx


def finish(ctx: Ctx, link: CardPlay) -> bool:
    """Apply ``link``'s effect and the card's fate after use (module doc, 9.07, 9.08, 9.21)."""
    card = ctx.card(link.card)
    ct = ctx.ctype(card)
    ok = card_effects.run(ctx, link)
    link.status = "resolved" if ok else "failed"
    eff = ct.effect(link.option)
    cyber = {"tactical_cyber", "strategic_cyber", "ems"} & set(ct.categories)
    if ok and (eff.network_cube if eff.network_cube is not None else bool(cyber)):
        from .effects import network_cube
        network_cube(ctx, other(card.team), 1, f"a successful cyber / EMS card ({ct.name})", ["7.61"])
    after_use(ctx, card)
    return ok


def after_use(ctx: Ctx, card: Card) -> None:
    """A used card's fate: Persistent cards stay deployed, expended (9.21); one-time cards are
    discarded (9.07) or removed from the game (9.08)."""
    ct = ctx.ctype(card)
    if ct.persistent:
        card.deployed, card.expended = True, True
        if card.where == "pool":
            card.where = "deployed"
        return
    card.where = "removed" if ct.removed_after_use else "discarded"
    card.host = card.hex = None
