"""NULLIFY and FTR NULLIFY cards on their team's own impulse: aimed at a deployed enemy card,
or escorting a played card (9.21, 9.41, 9.44, 9.45, 9.46).

:func:`lcb_lab.games.lcb.rules.cards.jcc.play` opens the chain with :func:`links`; the chain
resolves as any other (:mod:`lcb_lab.games.lcb.rules.cards.chain`).

* **At a deployed card** (9.21: an expended Persistent card "may still be targeted by opposing
  JCC effects -- such as FTR NULLIFY, NULLIFY"; 9.44: "Active or expended JCCs can be targeted
  for FTR NULLIFY").  ``PlayCard`` of a NULLIFY / FTR NULLIFY option with ``targets``: enemy
  cards deployed on the map that the team sees (9.02), at most the effect's ``max_targets``
  (FTR NULLIFY) or one (NULLIFY), each eligible as in an answer (9.09, 9.44).  It is a use of
  the card like any other on the own impulse (9.41: "it requires an AP like any other JCC"):
  a card from the pool is paid by a declared Play a JCC action (1 AP); a deployed Persistent
  card's use is free once a turn (9.2, 9.45 bullet 3: the first use costs 1 AP).  The chain:
  one ``target`` link per aimed card, then the card's own ``nullify`` / ``ftr_nullify`` link
  aimed at them; the other team may answer it -- the aimed card itself too, when it can
  (9.45 bullet 5) -- and an FTR NULLIFY card answering the card that aims at it is the opposed
  engagement of 9.44.  Success: NULLIFY expends a Persistent card for the Action Stage (9.21,
  9.41); FTR NULLIFY puts a cube on it, discarding it at its durability (9.04, 9.44).
  lcb_lab's reading: only a card deployed on the map (``where == "deployed"``) is aimed at; an
  Attached card under a hidden host is not.
* **An escort** (the 9.45 diagram "A Complex FTR NULLIFY Chain": a played card "paired with a
  Persistent JCC that can FTR NULLIFY"; 9.46 ex. 2).  ``PlayCard(..., escort=<cid>)``: a deployed,
  not expended own Persistent card with an FTR NULLIFY option goes with the played card at its
  free use (9.2).  The other team sees it and may aim at it (it is a link of the chain); when
  the chain resolves it engages the enemy FTR NULLIFY cards aimed at the card it escorts, up to
  its ``max_targets`` (the fights of 9.44 / 9.46: an enemy card with a target to spare fights
  it first; one without is attacked unopposed, 9.46 ex. 3).  lcb_lab's reading: an escort that
  engages no card has not used its effect and is not expended (9.45 bullet 5).
"""
from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from lcb_lab.games.lcb import observer
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.games.lcb.model.state import Card, CardPlay
from lcb_lab.games.lcb.rules.cards import ftr_nullify
from lcb_lab.games.lcb.rules.common import Ctx

if TYPE_CHECKING:
    from lcb_lab.games.lcb.model.cards import CardType, Effect

__all__ = ["aims_at_deployed", "check_aim", "check_escort", "deployed_targets", "escort_targets", "links"]


def aims_at_deployed(eff: Effect) -> bool:
    """Whether option ``eff`` is used on the own impulse only against a deployed enemy card: a
    NULLIFY / FTR NULLIFY effect (9.41, 9.44), not a triggered one (9.24)."""
    return eff.is_nullify and eff.when == "response"


def _rule(eff: Effect) -> str:
    return "9.44" if ftr_nullify.kind_of(eff) == "ftr_nullify" else "9.21"


def check_aim(ctx: Ctx, team: str, ct: CardType, eff: Effect, targets: list[str]) -> list[Card]:
    """The deployed enemy cards ``targets`` (cids) names, checked (module doc).  Raises
    IllegalAction: 9.41 with no target, 9.4 / 9.44 for too many targets (one card for a NULLIFY,
    ``max_targets`` for an FTR NULLIFY), 9.02 for a card ``team`` does not see (the same words
    for every unseen card, whatever it is), 9.21 / 9.44 for a card not deployed on the map,
    9.09 / 9.44 for a card the effect may not take."""
    if ctx.state.events_drawn:
        from lcb_lab.games.lcb.rules.events.negation import refuse_negation
        refuse_negation(ctx.state, ct.name, targets)      # 16.0: JCCs cannot negate event cards
    if not targets:
        raise IllegalAction("9.41", f"option {eff.label} is a NULLIFY: it answers a card, or names a deployed "
                            "enemy card")          # the act names the card; 9.21 / 9.44 name the deployed card's aim
    limit = ftr_nullify.target_limit(eff)
    if len(targets) > limit or len(set(targets)) < len(targets):
        raise IllegalAction("9.44" if ftr_nullify.kind_of(eff) == "ftr_nullify" else "9.4", f"{ct.name} option {eff.label} targets at most {limit} card"
                            f"{'s' if limit > 1 else ''}, each once")
    out = []
    for t in targets:
        c = ctx.state.cards.get(t)
        if c is None or c.team == team or not c.in_play or not observer.knows(ctx.state, team, c):
            raise IllegalAction("9.02", f"{t!r} is not an enemy card {team} sees")
        if c.where != "deployed":
            raise IllegalAction(_rule(eff), f"{c.name} ({c.team}) is {c.where}: on the own impulse a NULLIFY or "
                                "FTR NULLIFY targets an enemy card deployed on the map, active or expended")
        rule, why = ftr_nullify.card_refusal(ctx, eff, c)
        if rule:
            raise IllegalAction(rule, why)
        out.append(c)
    return out


def deployed_targets(ctx: Ctx, team: str, eff: Effect) -> list[tuple[str, ...]]:
    """The target sets ``legal_actions`` offers an own-impulse NULLIFY: every set of up to
    :func:`check_aim`'s limit of the enemy cards deployed on the map that ``team`` sees, in cid
    order (what ``team`` knows only, 9.02)."""
    seen = sorted(c.cid for c in ctx.state.cards.values()
                  if c.team != team and c.where == "deployed" and observer.knows(ctx.state, team, c))
    limit = ftr_nullify.target_limit(eff)
    return [combo for n in range(1, limit + 1) for combo in combinations(seen, n)]


def check_escort(ctx: Ctx, team: str, played: Card, ref: str | None) -> tuple[Card, Effect] | None:
    """The escort ``ref`` (cid or name) names for ``played``, and its FTR NULLIFY option; None
    without one.  Raises IllegalAction naming the rule: 9.45 for a card that is not a deployed,
    not expended Persistent FTR NULLIFY card of ``team`` (or is the played card itself)."""
    if not ref:
        return None
    if "ftr" not in ctx.ctype(played).symbols:
        raise IllegalAction("9.44", f"{played.name} is not FTR NULLIFY eligible (no FTR symbol): no enemy fighter "
                            "can engage it, so it needs no escort")
    s = ctx.state
    card = s.cards.get(ref) or next((c for c in s.cards.values() if c.team == team and c.where == "deployed"
                                     and (ref == c.name or ref in ctx.ctype(c).aliases)), None)
    if card is None or card.team != team:
        raise IllegalAction("9.45", f"{team} has no deployed card {ref!r} to escort with")
    ct = ctx.ctype(card)
    eff = next((e for e in ct.effects if e.fn == "ftr_nullify" and e.when == "response"), None)
    if card.cid == played.cid or eff is None or not ct.persistent:
        raise IllegalAction("9.45", f"{ct.name} cannot escort {played.name}: an escort is another Persistent "
                            "card with an FTR NULLIFY option")
    if card.where != "deployed" or not card.deployed:
        raise IllegalAction("9.45", f"{ct.name} is {card.where}: only a deployed card escorts (its free use, 9.2)")
    if card.expended:
        raise IllegalAction("9.45", f"{ct.name} is expended this Action Stage")
    return card, eff


def links(card: Card, eff: Effect, aimed: list[Card], aid: int | None, paid: str,
          escort: tuple[Card, Effect] | None = None, targets: list[str] | tuple = (), hex_: str | None = None) -> list[CardPlay]:
    """The links a play opens the chain with (pids from 1): one ``target`` link per ``aimed``
    card and the card's NULLIFY link aimed at them (:func:`check_aim`), else the card's ``play``
    link on ``targets`` / ``hex_``; then the ``escort`` link when there is one."""
    if aimed:
        out = [CardPlay(i + 1, c.cid, c.team, "", [], None, data={"kind": "target"}) for i, c in enumerate(aimed)]
        out.append(CardPlay(len(out) + 1, card.cid, card.team, eff.label, [c.cid for c in aimed], None,
                            responds_to=1, aid=aid, data={"kind": ftr_nullify.kind_of(eff), "window": 0,
                                                          "to": [x.pid for x in out], "paid": paid}))
    else:
        out = [CardPlay(1, card.cid, card.team, eff.label, list(targets), hex_, aid=aid, data={"paid": paid})]
    if escort is not None:
        e_card, e_eff = escort
        out.append(CardPlay(len(out) + 1, e_card.cid, e_card.team, e_eff.label, [], None,
                            data={"kind": "ftr_nullify", "window": 0, "to": [], "escort": out[-1].pid}))
    return out


def escort_targets(ctx: Ctx) -> None:
    """Each escort link takes as its targets the enemy FTR NULLIFY links aimed at the card it
    escorts, in chain order, up to its ``max_targets`` (module doc); resolved by the engagements
    of :mod:`lcb_lab.games.lcb.rules.cards.chain`."""
    for y in ctx.state.chain:
        if "escort" not in y.data or y.status != "pending":
            continue
        eff = ftr_nullify.effect_of(ctx, y)
        for x in ctx.state.chain:
            if len(y.data["to"]) >= eff.max_targets:
                break
            if (x.team != y.team and ftr_nullify.kind(x) == "ftr_nullify" and y.data["escort"] in x.data["to"]
                    and x.pid not in y.data["to"] and not ftr_nullify.card_refusal(ctx, eff, ctx.state.cards[x.card])[0]):
                y.data["to"].append(x.pid)
                y.targets.append(x.card)
