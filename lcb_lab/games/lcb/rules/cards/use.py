"""A card link's effect and the card's fate after use (9.04, 9.07, 9.08, 9.21, 9.31, 7.61).

Used by the chain (:mod:`lcb_lab.games.lcb.rules.cards.responses`) once a link survives its answers, and by
the responses for the cubes enemy successes put on a card (:func:`hit`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from lcb_lab.kernel import explain
from lcb_lab.games.lcb.model.state import Card, CardPlay, other
from lcb_lab.games.lcb.rules.cards import effects as card_effects
from lcb_lab.games.lcb.rules.common import Ctx

if TYPE_CHECKING:
    from lcb_lab.games.lcb.model.cards import CardType, Effect

NO_7_61_CUBE = {"network_cube", "network_repair", "nullify", "ftr_nullify", "unsimulated"}
"""Effect functions whose success never adds the 7.61 cube: they state their own cubes (MUX:
Unmanned), remove cubes from the own network, or NULLIFY a card (7.61)."""


def adds_cube(ct: CardType, eff: Effect) -> bool:
    """Whether a success of ``eff`` adds 1 cube to the enemy Tactical Network (7.61): an explicit
    ``network_cube`` on the effect, else a cyber or EMS card whose effect is not one of
    :data:`NO_7_61_CUBE`."""
    if eff.network_cube is not None:
        return eff.network_cube
    cyber = {"tactical_cyber", "strategic_cyber", "ems"} & set(ct.categories)
    return bool(cyber) and eff.fn not in NO_7_61_CUBE


def finish(ctx: Ctx, link: CardPlay) -> bool:
    """Apply ``link``'s effect, the 7.61 cube of a successful cyber / EMS card, and the card's
    fate after use (:func:`after_use`). Returns the effect's success."""
    card = ctx.card(link.card)
    ct = ctx.ctype(card)
    ok = card_effects.run(ctx, link)
    link.status = "resolved" if ok else "failed"
    eff = ct.effect(link.option)
    if ok and adds_cube(ct, eff):
        from lcb_lab.games.lcb.rules.cards.scripted import network_cube
        network_cube(ctx, other(card.team), 1, f"a successful cyber / EMS card ({ct.name})", ["7.61"])
    if ok:
        card.used += 1
    after_use(ctx, card)
    return ok


def after_use(ctx: Ctx, card: Card) -> None:
    """A used card's fate: a permanent card stays in play, deployed (7.6, 17.1); Persistent cards stay in play, deployed and expended for the Action
    Stage (9.2, 9.21; an Attached or Embarked one stays with its host, 9.34); one-time cards are
    discarded (9.07) or removed from the game (9.08); an Attached one-time card is never cycled
    back (9.07)."""
    ct = ctx.ctype(card)
    if ct.permanent:                  # never leaves play by use (7.6; the Interoperability Network, 17.1)
        card.where, card.deployed, card.face_up = "deployed", True, True
        return
    if ct.persistent:
        card.deployed, card.expended = True, True
        if card.where == "pool":
            card.where = "deployed"
        return
    card.where = "removed" if ct.removed_after_use or card.where == "attached" else "discarded"
    card.host = card.hex = None


def durability(ct: CardType) -> int:
    """Enemy successes (cubes) that destroy a card: ``discard_after`` when the card states one
    (Combat Air Patrols: 2), else its hits (1 unless stated, 9.04)."""
    return ct.discard_after or ct.hits


def hit(ctx: Ctx, card: Card, n: int, by: str, rules: list[str]) -> bool:
    """``n`` enemy successes (FTR NULLIFY 9.44, INTERCEPT 7.512, BMD 7.510) against ``card``:
    one cube of the enemy's colour each, counted over the game (9.04); at its
    :func:`durability` the card is destroyed -- discarded (9.07), an Attached card or a card
    played only once removed (9.31, 9.08).  Otherwise a Persistent card is expended (9.04 ex.).
    Returns True when destroyed."""
    ct = ctx.ctype(card)
    card.cubes += n
    need = durability(ct)
    gone = card.cubes >= need
    text = f"{card.cubes} of {need} cube(s) ({by})"
    if gone:
        why = "Attached, 9.07" if card.where == "attached" else "played only once, 9.08"
        card.where = "removed" if card.where == "attached" or ct.removed_after_use else "discarded"
        card.host = card.hex = None
        text += ": destroyed and " + (f"removed ({why})" if card.where == "removed" else "discarded (9.07)")
    elif ct.persistent:
        card.deployed = card.deployed or card.where != "pool"
        card.expended = True
        text += ": it survives, expended for the Action Stage (9.21)"
    ctx.log(explain.step("card", f"{ct.name} is hit", text, ["9.04"] + list(rules)), team=card.team, card=card.cid)
    if gone:
        from lcb_lab.games.lcb.rules.combat.destruction import card_gone
        card_gone(ctx, card.cid)            # its ISR marker goes with it (13.25)
    return gone
