"""The cards (optional rule l.757-781, switch ``"l.757"``), for any level.

* **Choosing** (l.771): before turn 1 (phase ``cards``), Red then Blue take ``card_count`` cards
  of their set face down (:data:`~lcb_lab.games.archipelago.model.cards.card_set`, sandbox): one
  card, or three, one of each group (l.771).  The other player sees only that a card was taken
  (``observer.py``, subject ``{"cards": player}``, l.773).
* **Using** (l.773): in its own turn after the blue dice, the player turns a card up; *reading* of
  "at the end of any turn": no piece of it moves or fires after the card, only more cards or the
  end of the turn.  A card is used when an enemy piece it can destroy is in its sectors (l.773)
  and once only (l.779):

  - **Submarines** (l.775): the user picks up to 3 enemy vessels in the sector -- as many as
    stand there, at most 3 -- and they are sunk; hovercraft are not endangered (torpedoes cannot
    hit them), nor aircraft;
  - **RC Mines** (l.776): every vessel in the sector is sunk, enemy and own, a hovercraft too
    when it is not on land;
  - **Attack Aircraft** (l.777): the user picks up to 2 enemy vessels or hovercraft;
  - **Interceptors** (l.778): only as a counter-card: when a player uses an Aircraft card, the
    other is asked (a :class:`~lcb_lab.games.archipelago.model.cards.InterceptorsChoice` on the
    stack, asked whether it holds Interceptors or not so the question tells nothing); playing it
    annuls the Aircraft card and both cards leave the game, the board unchanged.

"Vessels" are the pieces on the water: not helicopters nor land launchers (``vessels``, l.384).
"""
from __future__ import annotations

from typing import Any

from lcb_lab.games.archipelago.model.cards import GROUPS, Card, InterceptorsChoice, card_set
from lcb_lab.games.archipelago.model.state import PLAYERS, other
from lcb_lab.games.archipelago.rules import damage
from lcb_lab.games.archipelago.rules.common import cls_of, log, where
from lcb_lab.games.archipelago.rules.optional import is_on
from lcb_lab.kernel import choices as K
from lcb_lab.kernel.errors import IllegalAction


def open_choice(state: Any) -> None:
    """Put a staged game with the cards in force and ``card_count`` 1 or 3 into its ``cards`` phase."""
    if state.card_count not in (0, 1, 3):
        raise IllegalAction("l.771", f"each player chooses one card or three, not {state.card_count}")
    if is_on(state, "l.757") and state.card_count:
        state.phase, state.to_move = "cards", PLAYERS[0]
        state.cards = {o: [] for o in PLAYERS}


def may_choose(s: Any, who: str) -> list[str]:
    """The cards ``who`` may still take (l.771): any while choosing one; with three, one of each group."""
    mine = s.cards.get(who, [])
    if len(mine) >= s.card_count:
        return []
    taken = {card_set()[c].group for c in mine}
    return [n for n, c in card_set().items() if n not in mine and (s.card_count == 1 or c.group not in taken)]


def choose(g: Any, card: str) -> None:
    """The player to move takes ``card`` face down (module docstring). Raises IllegalAction."""
    s = g.state
    if s.phase != "cards":
        raise IllegalAction("l.771", "the cards are chosen before the game begins")
    who = s.to_move
    if card not in may_choose(s, who):
        raise IllegalAction("l.771", f"{card} is not a card {who} may take now (one card, or one of each of "
                                     f"{', '.join(GROUPS)})")
    s.cards[who].append(card)
    log(g, "card", f"{who} takes the card {card}", f"Chosen before the game and kept face down beside the control "
        f"panels (l.771, l.773); sandbox card: {describe(card_set()[card])}.", ["l.771", "l.773"],
        team=who, card=card, about={"cards": who})
    if len(s.cards[who]) == s.card_count:
        if who == PLAYERS[-1]:
            s.phase, s.to_move = "start", PLAYERS[0]
            log(g, "turn", f"turn {s.turn}: {s.to_move}", "The cards are chosen; the game begins (l.771).", ["l.771"])
        else:
            s.to_move = other(who)


def describe(c: Card) -> str:
    """A card's text in words (sandbox sectors)."""
    what = {"rc_mines": "every vessel in the sector is sunk, own ones too", "submarines": "up to 3 enemy vessels sunk",
            "attack_aircraft": "up to 2 enemy vessels or hovercraft destroyed",
            "interceptors": "annuls an enemy Aircraft card"}[c.kind]
    return f"{c.group}: {what}" + (f" in {', '.join(c.sectors)}" if c.sectors else "")


def exposed(g: Any, c: Card, user: str) -> list[str]:
    """The pieces card ``c`` used by ``user`` may destroy, in id order (module docstring); a card
    that picks its targets never picks a piece a scenario spares (l.1452)."""
    from lcb_lab.games.archipelago.rules.scenario import spared
    out = []
    for pid, p in sorted(g.state.pieces.items()):
        if p.aboard or p.flying or g.board.sector(p.at) not in c.sectors or (c.kind != "rc_mines" and spared(g, pid)):
            continue
        vessel = p.kind != "helicopter" and cls_of(p).mobility != "launcher"
        if c.kind == "rc_mines" and vessel and (p.kind != "hovercraft" or g.board.is_water(p.at)):
            out.append(pid)
        elif p.owner != user and vessel and (c.kind == "attack_aircraft" or p.kind != "hovercraft"):
            out.append(pid)
    return out


def check_play(g: Any, card: str, targets: tuple[str, ...]) -> list[str]:
    """The pieces a legal use of ``card`` on ``targets`` destroys. Raises IllegalAction naming the line."""
    s = g.state
    who = s.to_move
    if card not in s.cards.get(who, []):
        raise IllegalAction("l.779", f"{card} is not an unused card of {who} (each chosen card is used once)")
    if s.phase not in ("move", "fire"):
        raise IllegalAction("l.773", "a card is used at the end of a turn: roll the blue dice first")
    c = card_set()[card]
    if c.kind == "interceptors":
        raise IllegalAction("l.778", "Interceptors are only a counter-card, played when the enemy uses an Aircraft card")
    hit = exposed(g, c, who)
    if not any(s.pieces[p].owner != who for p in hit):
        raise IllegalAction("l.773", f"no enemy piece the card can destroy is in {', '.join(c.sectors)}")
    if c.kind == "rc_mines":
        if targets:
            raise IllegalAction("l.776", "RC Mines sink every vessel in the sector: no pieces are picked")
        return hit
    rule = "l.775" if c.kind == "submarines" else "l.777"
    want = min(c.limit, len(hit))
    if len(set(targets)) != len(targets) or len(targets) != want or any(t not in hit for t in targets):
        raise IllegalAction(rule, f"pick {want} of {', '.join(hit)} (at most {c.limit} enemy "
                                  f"{'vessels, no hovercraft' if c.kind == 'submarines' else 'vessels or hovercraft'} in the sector)")
    return list(targets)


def play(g: Any, card: str, targets: tuple[str, ...]) -> None:
    """Use ``card`` (module docstring); an Aircraft card first asks the other player (l.778)."""
    s = g.state
    hit = check_play(g, card, targets)
    who = s.to_move
    s.cards[who].remove(card)
    s.phase = "fire"
    for p in s.afloat(who):
        p.moved = p.fired = True                # the card ends the turn's acts (reading of l.773)
    c = card_set()[card]
    log(g, "card", f"{who} uses the card {card}", f"Turned up at the end of the turn (l.773): {describe(c)}.",
        ["l.773", "l.775" if c.kind == "submarines" else "l.776" if c.kind == "rc_mines" else "l.777"], card=card)
    if c.group == "Aircraft":
        s.last_choice_id = K.push(s.choices, InterceptorsChoice(player=other(who), card=card, targets=tuple(hit)),
                                  s.last_choice_id)
        log(g, "card", f"{other(who)} is asked: Interceptors?", "An Aircraft card may be annulled by the Interceptors "
            "counter-card (l.778).", ["l.778"])
        return
    destroy(g, hit, card)


def destroy(g: Any, pieces: list[str], card: str) -> None:
    """Take ``pieces`` off the board, sunk by ``card``."""
    for pid in pieces:
        if pid in g.state.pieces:
            log(g, "sunk", f"{pid} is sunk by the card {card}", f"At {where(g, g.state.pieces[pid].point)} in the "
                "card's sector (l.773).", ["l.773"], piece=pid)
            damage.sink(g, pid)


def answer(g: Any, player: str, play_it: bool) -> None:
    """``player`` answers the Interceptors question (module docstring). Raises IllegalAction."""
    s = g.state
    choice = K.top(s.choices)
    if not isinstance(choice, InterceptorsChoice) or choice.player != player:
        raise IllegalAction("l.778", f"{player} is not asked about Interceptors now")
    if play_it and "interceptors" not in s.cards.get(player, []):
        raise IllegalAction("l.778", f"{player} holds no unused Interceptors card")
    K.pop(s.choices, choice)
    if play_it:
        s.cards[player].remove("interceptors")
        log(g, "card", f"{player} plays Interceptors: {choice.card} is annulled", "Both cards return to the box, "
            "nothing changes on the board (l.778).", ["l.778"], card="interceptors")
        return
    log(g, "card", f"{player} does not counter {choice.card}", "No Interceptors are played (l.778).", ["l.778"])
    destroy(g, list(choice.targets), choice.card)
