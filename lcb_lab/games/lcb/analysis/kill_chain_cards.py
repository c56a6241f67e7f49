"""The cards one viewer knows, as a kill chain counts them (9.0-9.46).

Only cards the viewer may see are read: the ``"cards"`` of its view (``game.view(viewer)``,
:func:`lcb_lab.games.lcb.observer_cards.observe_cards`: its own in full, the other team's face-up
ones, 9.02).  The other team's hidden cards are only a count per place (``view["hidden_cards"]``):
a kill chain names them as an unknown, never as a means.

* :func:`known_cards`: a team's usable cards the viewer knows (in the pool, deployed, Attached or
  embarked; not expended, discarded or removed, 9.2, 9.45);
* :func:`reveal_means`: the cards whose effect reveals units (the *find* link, 6.13, 9.0);
* :func:`strike_means`: the cards whose effect is an LRS attack (the *target* link, 9.05);
* :func:`answer_chance`: the chance the other team's known NULLIFY / FTR NULLIFY cards stop one
  card: each fitting card tries once, ``p = p_detect * p_success`` (9.06, 9.09, 9.43, 9.44).
"""
from __future__ import annotations

from dataclasses import dataclass
from lcb_lab.games.lcb.die import p_hit
from lcb_lab.games.lcb.model.cards import CardType, Effect
from lcb_lab.games.lcb.rules.common import Ctx

__all__ = ["KnownCard", "known_cards", "reveal_means", "strike_means", "answer_chance", "REVEAL_FNS"]

USABLE = ("pool", "deployed", "attached", "embarked")
"""Places a card may be used from (9.2, 9.31, 11.1); elsewhere it is gone."""

REVEAL_FNS = ("reveal", "reveal_paralyse")
"""Card effects that reveal enemy units (6.13: "through the effects of JCCs")."""


@dataclass(frozen=True)
class KnownCard:
    """A card the viewer knows: ``cid``, ``name``, ``team``, its ``hex`` (its host's, or its own
    marker's; None: off the map or a host the viewer cannot see) and its deck type ``ctype``."""

    cid: str
    name: str
    team: str
    hex: str | None
    ctype: CardType


def known_cards(ctx: Ctx, view: dict, team: str) -> list[KnownCard]:
    """``team``'s usable cards in ``view`` (a viewer's ``game.view``), their hexes read from
    ``ctx.state`` (the viewer's :func:`~lcb_lab.games.lcb.observer.known_state`)."""
    out = []
    for c in view.get("cards") or ():
        if c.get("team") != team or c.get("expended") or c.get("where") not in USABLE:
            continue
        host = ctx.state.units.get(c.get("host") or "")
        where = host.hex if host is not None else c.get("hex")
        out.append(KnownCard(c["cid"], c["name"], team, where, ctx.ctype(c["name"], team)))
    return out


def _in_reach(card: KnownCard, e: Effect, target_hex: str) -> bool:
    from lcb_lab.games.lcb import hexes
    if e.range is None:
        return True
    return card.hex is not None and hexes.distance(card.hex, target_hex) <= e.range


def reveal_means(cards: list[KnownCard], target_hex: str) -> list[tuple[KnownCard, Effect, float]]:
    """``(card, effect, p)`` per reveal effect (6.13) in reach of ``target_hex`` (the effect's
    ``range`` from its host or marker, None: anywhere); ``p``: its own roll, ``succeeds_on``/20
    (1.0 without a roll, 7.02).  Trigger effects (an ISR marker's, 9.24) are left to the marker."""
    out = []
    for c in cards:
        for e in c.ctype.effects:
            if e.fn in REVEAL_FNS and e.when != "trigger" and _in_reach(c, e, target_hex):
                out.append((c, e, 1.0 if e.succeeds_on is None else p_hit(e.succeeds_on)))
    return out


def strike_means(cards: list[KnownCard], target_hex: str) -> list[tuple[KnownCard, Effect]]:
    """``(card, effect)`` per LRS attack effect (9.05) in reach of ``target_hex``."""
    return [(c, e) for c in cards for e in c.ctype.effects
            if e.fn == "lrs_attack" and e.when != "trigger" and _in_reach(c, e, target_hex)]


def _fits(answer: Effect, attacker: CardType) -> bool:
    """May the NULLIFY / FTR NULLIFY ``answer`` take the card ``attacker`` (9.09, 9.44)?"""
    if answer.fn == "ftr_nullify" and "ftr" not in attacker.symbols:
        return False
    return not answer.counters or bool(set(answer.counters) & set(attacker.categories))


def answer_chance(answers: list[KnownCard], attacker: CardType) -> tuple[float, list[tuple[KnownCard, float]]]:
    """The chance the known ``answers`` (the other team's cards) stop ``attacker``'s use, each
    fitting NULLIFY / FTR NULLIFY card trying once with ``p = p_detect * p_success`` (9.06, 9.43;
    ``p_detect`` 1.0 when ``attacker`` prints no DETECT).  Returns ``(p_stopped, [(card, p)])``."""
    p_detect = 1.0 if attacker.detect is None else p_hit(attacker.detect)
    rows, through = [], 1.0
    for c in answers:
        for e in c.ctype.effects:
            if e.is_nullify and _fits(e, attacker):
                p = p_detect * (1.0 if e.succeeds_on is None else p_hit(e.succeeds_on))
                rows.append((c, p))
                through *= 1.0 - p
                break
    return 1.0 - through, rows
