"""A saved Order of Battle state checked against the game's meaning, not only its types: every card
named is a card of the card set, every Commander named is seated, the phase is one of the text's
nine (l.9) or ``"over"``, the turn counts from 1, the log keeps the shape of an explained step read
by the seated Commanders (:func:`~lcb_lab.kernel.explain.log_problem`).  :func:`state_problem` says the first fault, with
the keys down to it; the engine's ``state_from_data`` raises it as a
:class:`~lcb_lab.kernel.datacodec.DataError`, so a hand-edited save (``"hand": ["No Such Card"]``,
``"lead": "Zed"``) is refused when it is read, in one line naming the key, instead of loading a
game no rule can play.
"""
from __future__ import annotations

from typing import Any, Iterator

from lcb_lab.games.order_of_battle.cards import CardSet
from lcb_lab.games.order_of_battle.state import PHASES, OobState
from lcb_lab.kernel.explain import log_problem

Loc = tuple
"""The keys down to a value (field names, dict keys, list indexes)."""


def state_problem(s: OobState, cards: CardSet) -> tuple[Loc, str] | None:
    """``(loc, problem)`` for the first fault of ``s`` (module doc), None when it has none."""
    return next(_faults(s, cards), None)


def _faults(s: OobState, cards: CardSet) -> Iterator[tuple[Loc, str]]:
    seated = set(s.seats)
    if len(seated) != len(s.seats):
        yield ("seats",), "a Commander is seated twice"
    if set(s.commanders) != seated:
        yield ("commanders",), f"the Commanders must be those seated ({', '.join(s.seats)})"
    for name, c in s.commanders.items():
        if c.name != name:
            yield ("commanders", name, "name"), f"{c.name!r} under the Commander {name!r}"
        yield from _card_faults(c, cards, ("commanders", name))
    if s.phase not in (*PHASES, "over"):
        yield ("phase",), f"{s.phase!r} is not a phase of the turn ({', '.join(PHASES)}, l.9) or 'over'"
    if s.turn < 1:
        yield ("turn",), f"the turns count from 1, not {s.turn}"
    for loc, who in [(("lead",), s.lead), (("winner",), s.winner),
                     *((("pending", i), p) for i, p in enumerate(s.pending)),
                     *((("draws", k), k) for k in s.draws)]:
        if who and who not in seated:
            yield loc, f"{who!r} is not a seated Commander ({', '.join(s.seats)})"
    for who, drawn in s.draws.items():
        for i, card in enumerate(drawn):
            if card not in cards.cards:
                yield ("draws", who, i), f"{card!r} is not a card of the card set"
    bad = log_problem(s.log, s.seats)
    if bad is not None:
        yield ("log", *bad[0]), bad[1]


def _card_faults(c: Any, cards: CardSet, at: Loc) -> Iterator[tuple[Loc, str]]:
    """Every card a Commander holds is a card of the set; an asset's public kind is its card's."""
    piles = {"hand": c.hand, "offer": c.offer, "fame_deck.draw": c.fame_deck.draw,
             "fame_deck.discard": c.fame_deck.discard, "fortune_deck.draw": c.fortune_deck.draw,
             "fortune_deck.discard": c.fortune_deck.discard}
    for where, names in piles.items():
        for i, card in enumerate(names):
            if card not in cards.cards:
                yield (*at, *where.split("."), i), f"{card!r} is not a card of the card set"
    for i, a in enumerate(c.display):
        if a.card not in cards.cards:
            yield (*at, "display", i, "card"), f"{a.card!r} is not a card of the card set"
        elif a.kind != cards[a.card].kind:
            yield (*at, "display", i, "kind"), f"{a.card!r} is a {cards[a.card].kind} card, not a {a.kind}"
