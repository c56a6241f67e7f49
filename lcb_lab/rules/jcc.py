"""Playing Joint Capability Cards on the own impulse (3.31, 9.03, 9.1, 9.2, 9.3, 11.1).

The flow of one card use (the chain itself -- DETECT, NULLIFY, FTR NULLIFY, INTERCEPT of
cards, 9.06, 9.4x -- is :mod:`lcb_lab.rules.responses`):

1. :func:`play` checks the card may be used now (the team's own impulse, its Core Action or
   the free use of a deployed Persistent card, 9.2), opens the chain with link 1
   (``state.chain``) and logs the play (face up: the other team sees the card);
2. :func:`lcb_lab.rules.responses.open_window` asks the other team whether it answers
   (a choice on the stack) -- or, when nobody may answer, the chain resolves at once;
3. :func:`lcb_lab.rules.card_use.finish` applies a surviving link's effect (:mod:`lcb_lab.rules.card_effects`)
   and then the card's fate: a one-time card is discarded (9.07) or removed from the game
   (9.08); a Persistent card stays deployed and is expended for the Action Stage (9.21);
   a success of a cyber or EMS card adds a cube to the enemy Tactical Network (7.61).
"""
from __future__ import annotations

from .. import explain
from ..errors import IllegalAction
from ..state import Card, CardPlay
from . import responses
from .common import Ctx


def find(ctx: Ctx, ref: str, team: str, rule: str = "9.0") -> Card:
    """The card ``ref`` of ``team``: a cid (``"US-3"``) or a card name (its first card still
    in play, in cid order). Raises IllegalAction naming ``rule``."""
    s = ctx.state
    c = s.cards.get(ref)
    if c is None:
        named = [c for c in s.cards.values() if c.team == team and c.in_play
                 and (c.name == ref or ref in ctx.ctype(c).aliases)]
        c = named[0] if named else None
    if c is None or c.team != team:
        raise IllegalAction(rule, f"{team} has no card {ref!r}")
    if not c.in_play:
        raise IllegalAction(rule, f"{c.name} ({c.cid}) is {c.where}")
    return c


def play(ctx: Ctx, ref: str, option: str, targets: list[str], hex_: str | None,
         aid: int | None) -> CardPlay:
    """Use ``option`` of card ``ref`` on the own impulse; opens the chain (see module doc).
    Raises IllegalAction naming the rule (3.31, 9.03, 9.2, 9.46)."""
    s, imp = ctx.state, ctx.state.impulse
    if s.stage != "action" or imp is None:
        raise IllegalAction("3.31", "cards are played in an impulse of the Action Stage")
    if s.chain:
        raise IllegalAction("9.46", "a card chain is still being resolved")
    card = find(ctx, ref, imp.team, "3.12")
    ct = ctx.ctype(card)
    eff = ct.effect(option) if ct.effects else None
    if eff is None:
        raise IllegalAction("9.0", f"{ct.name} has no effect to use")
    link = CardPlay(1, card.cid, imp.team, eff.label, list(targets), hex_, aid=aid)
    s.chain = [link]
    card.face_up = True
    ctx.log(explain.step("card", f"JCC played: {ct.name}", eff.text, ["3.31", "9.03"]),
            team=imp.team, card=card.cid)
    if not responses.open_window(ctx):
        responses.resolve(ctx)
    return link


def add_card(ctx_or_state, team: str, name: str, where: str = "pool", host: str | None = None,
             hex_: str | None = None, face_up: bool = False, free: bool = False) -> Card:
    """Put a new card of ``team``'s deck into the game (a purchase, a prescribed card, a test)
    with the next cid (``"US-1"``, ``"US-2"``...). Does not check the rules of acquiring it."""
    s = getattr(ctx_or_state, "state", ctx_or_state)
    n = 1 + sum(1 for c in s.cards.values() if c.team == team)
    cid = f"{team}-{n}"
    while cid in s.cards:
        n += 1
        cid = f"{team}-{n}"
    s.cards[cid] = Card(cid, name, team, where, host, hex_, face_up, free=free, bought=s.turn)
    return s.cards[cid]
