"""What a team answered, in one line of the rulebook's words: the message after an answer.

"Blue (US) answered: DDG-51 and DDG-80 INTERCEPT (3 dice) against the LRS at LHD 1 (7.54)." /
"Red (RU) answered: no card, #1 Tactical Cyber Attack (Blue (US)) stands (9.46)."

:func:`answer_line` is built from the pending choice *as the answering view holds it* (the view
model's: the deciding team's own question, or the instructor's) and the typed answer that view
gave -- nothing else of the game -- so the line names only what that view may know: its own
units and cards, the counters and links its question showed (a face-down counter as its back,
a concealed Embarked card as "a concealed Embarked card", an Attached card by the name the view
knows, never a card id).  The lab shows it only in the view that answered (a team's view, or
the instructor's), on its message line.

The message line shows two lines (:data:`ANSWER_CHARS`); an INTERCEPT answered at several targets can
take many more ("... INTERCEPT (2 dice) against the LRS at 1 Anna; ... at 2 Anna; ..."), so a line longer
than that names the interceptors once, their dice in all and the targets; if that is still too long,
how many targets -- "the log lists each" (every allocation is a log entry, 7.54).
"""
from __future__ import annotations

from typing import Callable, Iterable, Mapping

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb import plain
from lcb_lab.games.lcb.choices import (CardResponseChoice, Choice, EmbarkLossesChoice, EventChoice, GaDefenseChoice,
                                       InterceptChoice, MildecChoice, MineAttackChoice)
from lcb_lab.ui.lcb.map import palette

__all__ = ["answer_line", "and_list", "ANSWER_CHARS"]

ANSWER_CHARS = 150
"""The most characters of an answer's line: two lines of the lab's message line at 1366x768 (JupyterLab
with its file browser open; ``lab.messages.MESSAGE_HEIGHT``)."""

RESPONSE_WORDS = {"nullify": "NULLIFY", "ftr_nullify": "FTR NULLIFY"}
"""A response card's kind (:class:`~lcb_lab.games.lcb.choice_options.ResponseCard`) in the rulebook's words (9.4, 9.44)."""


def and_list(items: Iterable[str]) -> str:
    """``["a"]`` -> ``"a"``, ``["a", "b"]`` -> ``"a and b"``, ``["a", "b", "c"]`` -> ``"a, b and c"``."""
    xs = list(items)
    return xs[0] if len(xs) == 1 else ", ".join(xs[:-1]) + f" and {xs[-1]}" if xs else ""


def _dice(n: int) -> str:
    return f"{n} die" if n == 1 else f"{n} dice"


def _unique(xs: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(xs))


def answer_line(d: Choice, answer: A.Answer, card_names: Mapping[str, str] | None = None,
                link_name: Callable[[int | None], str] | None = None, how: str = "") -> str:
    """One sentence naming what ``answer`` chose for choice ``d``: "<team> answered: <what> (<rule>).";
    ``how``: the named policy that chose it ("<team> answered (<how>): <what> (<rule>).").

    ``d``: the pending choice as the answering view holds it; ``answer``: the typed answer
    (its kind's class, or the bare :class:`~lcb_lab.games.lcb.actions.Answer` that declines);
    ``card_names``: card id -> name of the cards the view may know; ``link_name(pid)``: a link of
    the card chain as the view names it ("#1 Tactical Cyber Attack (Blue (US))").  Pure: reads
    only its arguments."""
    names = dict(card_names or {})
    link = link_name or (lambda pid: f"link #{pid}" if pid is not None else "the last link")
    team = palette.TEAM_NAME.get(d.team, d.team)
    by = f" ({how})" if how else ""
    line = ""
    for words in (_WORDS.get(type(d), _other), *_SHORTER.get(type(d), ())):
        line = f"{team} answered{by}: {words(d, answer, names, link)} ({d.rule})."
        if len(line) <= ANSWER_CHARS:
            break
    return line


def _field(answer: A.Answer, name: str) -> tuple:
    """The answer's ``name`` field (empty for the bare Answer that declines)."""
    return tuple(getattr(answer, name, ()) or ())


def _intercept(d: InterceptChoice, answer, names, _link) -> str:
    """7.54: who INTERCEPTs, with how many dice, against the LRS at which target."""
    shots = _field(answer, "intercepts")
    if not shots:
        return "no INTERCEPT"
    names = {**dict(d.options.card_names or {}), **names}
    parts = []
    for target in _unique(s.target for s in shots):
        mine = [s for s in shots if s.target == target]
        who = _unique(s.interceptor + (f" ({plain.slot_words(s.slot, names)})" if ":" in s.slot else "")
                      for s in mine)
        parts.append(f"{and_list(who)} INTERCEPT ({_dice(sum(s.dice for s in mine))}) against the LRS at {target}")
    return "; ".join(parts)


def _intercept_grouped(d: InterceptChoice, answer, _names, _link) -> str:
    """7.54 in fewer words: the interceptors once (no slot), their dice in all, the targets."""
    shots = _field(answer, "intercepts")
    who = and_list(_unique(s.interceptor for s in shots))
    return (f"{who} INTERCEPT ({_dice(sum(s.dice for s in shots))}) against the LRS at "
            f"{and_list(_unique(s.target for s in shots))}")


def _intercept_counted(d: InterceptChoice, answer, _names, _link) -> str:
    """7.54 in the fewest words: the interceptors, their dice in all, how many targets (the log lists each)."""
    shots = _field(answer, "intercepts")
    n = len(_unique(s.target for s in shots))
    return (f"{and_list(_unique(s.interceptor for s in shots))} INTERCEPT ({_dice(sum(s.dice for s in shots))}) "
            f"against the LRS at {n} target{'s' if n != 1 else ''}; the log lists each")


def _defense(d: GaDefenseChoice, answer, _names, _link) -> str:
    """7.13: the defenders that fire, their dice, at which attackers."""
    shots = _field(answer, "defence")
    if not shots:
        return f"no defense fire in {d.options.hex}"
    at = and_list(_unique(s.target for s in shots))
    fire = "fire back" if d.options.gunfire else "fire GROUND ASSAULT defense"      # 17.33, 17.41: at the guns
    return f"{and_list(_unique(s.defender for s in shots))} {fire} ({_dice(sum(s.dice for s in shots))}) at {at}"


def _mildec(d: MildecChoice, answer, _names, _link) -> str:
    """4.22 (13.34, 14.08): the HP the MILDECs absorb, or the hit taken."""
    n = int(getattr(answer, "absorb", 0) or 0)
    o = d.options
    hit = "the torpedo hit" if d.after_torpedo else f"the {o.damage} HP"
    if n:
        return f"MILDEC absorbs {n} of {hit} on {o.target}"
    if not d.most:
        return f"{o.target} takes {hit}"
    return f"no MILDEC absorbs: {o.target} takes {hit}"


def _cards(d: CardResponseChoice, answer, names, link) -> str:
    """9.41-9.46, 9.011: the cards that answer which link, the units that INTERCEPT the card; none: the link stands."""
    o = d.options
    rs, ints = _field(answer, "responses"), _field(answer, "card_intercepts")
    if not rs and not ints:
        return f"no card, {link(o.link)} stands"
    offered = {c.cid: c for c in o.cards} | {c.name: c for c in o.cards if c.name}
    parts = []
    for r in rs:
        c = offered.get(r.card)
        name = (c.name if c is not None and c.name else None) or names.get(r.card) or "a card"
        word = RESPONSE_WORDS.get(c.kind, c.kind.upper()) if c is not None and c.kind else "answers"
        parts.append(f"{name} {word} at {link(r.to if r.to is not None else o.link)}")
    for i in ints:
        parts.append(f"{i.interceptor} INTERCEPT ({_dice(i.dice)}) the card of "
                     f"{link(i.to if i.to is not None else o.link)}")
    return "; ".join(parts)


def _embark_word(pick: str, cards: set[str], names: Mapping[str, str]) -> str:
    """A pick of an embark-losses answer as the attacker may name it (the decision panel's words):
    a face-up card by name, a concealed one as such, a unit by its id (never a card id)."""
    if pick.startswith("hidden:"):
        return "a concealed Embarked card"
    if pick.startswith("unit:"):
        return "a unit aboard"
    if pick in cards:
        return names.get(pick) or "an Embarked card"
    return pick


def _embark(d: EmbarkLossesChoice, answer, names, _link) -> str:
    """10.311: the cargo the attacker takes off the ship; none: it is spared."""
    picks = [str(p) for p in _field(answer, "picks")]
    ship = d.options.ship
    cards = set(d.options.cards)
    if not picks:
        return f"{ship}'s cargo is spared"
    words = [_embark_word(p, cards, names) for p in picks if not p.startswith("hidden:")]
    hidden = sum(1 for p in picks if p.startswith("hidden:"))
    if hidden > 1:
        words.append(f"{hidden} concealed Embarked cards")
    elif hidden:
        words.append("a concealed Embarked card")
    return f"{ship} loses {and_list(words)}"


def _mine_word(target: str) -> str:
    if target.startswith("hidden:"):
        return "a face-down counter" + (f" ({target.rsplit(':', 1)[1]})" if ":" in target else "")
    return target


def _mines(d: MineAttackChoice, answer, _names, _link) -> str:
    """13.33: the mine cubes removed against each counter; none: the mines are held."""
    shots = _field(answer, "mines")
    if not shots:
        return f"holds the mines in {d.options.hex}"
    first = shots[0]
    head = f"{first.cubes} mine cube{'s' if first.cubes != 1 else ''} at {_mine_word(first.target)}"
    return ", ".join([head, *(f"{s.cubes} at {_mine_word(s.target)}" for s in shots[1:])])


def _event(d: EventChoice, answer, _names, _link) -> str:
    """16.0, 3.26: the hexes the Event Card's gray cubes go to."""
    hexes = [str(h) for h in _field(answer, "hexes")]
    return f"{d.options.event}'s gray cubes to {and_list(hexes)}" if hexes else f"no hex for {d.options.event}"


def _other(d: Choice, answer, _names, _link) -> str:
    return f"{d.name or d.kind} answered" if type(answer) is not A.Answer else f"no {d.name or d.kind}"


_WORDS: dict[type, Callable[..., str]] = {
    InterceptChoice: _intercept, GaDefenseChoice: _defense, MildecChoice: _mildec, CardResponseChoice: _cards,
    EmbarkLossesChoice: _embark, MineAttackChoice: _mines, EventChoice: _event}

_SHORTER: dict[type, tuple[Callable[..., str], ...]] = {InterceptChoice: (_intercept_grouped, _intercept_counted)}
"""Shorter words of a kind, tried in turn while the line is longer than :data:`ANSWER_CHARS`
(only an answer that named something: a declined one is short)."""
