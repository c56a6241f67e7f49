"""Response windows and card chains (9.06, 9.4, 9.41-9.47, 9.010-9.012, 7.512).

When a card is played, :mod:`lcb_lab.games.lcb.rules.cards.jcc` opens ``state.chain`` with link 1 and calls
:func:`open_window`.  A *window* is ONE :class:`~lcb_lab.games.lcb.choices.Choice` of kind
``"card_response"`` on the stack, for the team that may answer the last link: first the other
team; after an answer, the team whose links were answered may counter (9.46), and so on until a
window is passed (an empty answer).  Then :func:`resolve` resolves the whole chain.

Links (``CardPlay``, ``link.data["kind"]``): ``play`` -- a card's effect (link 1);
``nullify`` / ``ftr_nullify`` -- a card answering links (``data["to"]``: their pids, in the order
they are attacked; ``targets``: their cards' cids); ``intercept`` -- an IAMD unit's INTERCEPT of
a card (``card`` is the UNIT's uid; ``data``: ``uid, slot, dice, cv, source`` -- ``source``: the
Attached card whose CV it uses, or None); ``target`` -- a deployed enemy card aimed at by an
own-impulse NULLIFY / FTR NULLIFY (it acts in nothing; :mod:`lcb_lab.games.lcb.rules.cards.own_impulse`).
An escort (``data["escort"]``: the pid of the played link it escorts) is an ``ftr_nullify`` link
added at play with no target yet.  ``data["window"]``: the answer that added the link (0: the play).

Who may answer (the options of the choice, a :class:`~lcb_lab.games.lcb.choice_options.CardResponseOptions`
record; its saved JSON)::

    {"link": pid of the last link answered, "window": n,
     "cards": [{"cid", "name", "option", "kind": "nullify" | "ftr_nullify", "p_detect",
                "p_success", "p", "max_targets", "targets": [pid...],
                "per_target": [{"pid", "p_detect", "p"}], "free": bool,
                "actions": [aid...] (the declared Play a JCC actions that may pay, when not free)}],
     "interceptors": [{"uid", "slot", "source", "max_dice", "p_hit", "p_detect", "to": pid}]}

Odds are exact for one roll: a d20 at most v succeeds with v/20; ``p_detect`` (1.0 when the
target card needs no DETECT) is against the last link it may answer, ``p = p_detect *
p_success`` (9.06, 9.43); ``p_hit`` is per INTERCEPT die.

* cards of the team in its pool, deployed (a Persistent card in play) or Attached to a living,
  unparalysed unit, not expended (9.45), not already answering in this chain; only an effect
  that NULLIFIES or FTR NULLIFIES (9.41, 9.45); a ``trigger`` effect only from a card already
  deployed (9.24) and only against an enemy attempt on an own card (9.47); NULLIFY only a
  card of its ``counters`` categories (9.09); FTR NULLIFY only a card with the FTR symbol (9.44);
* on the OWN impulse (a counter, 9.46) a card costs 1 AP (9.41) unless it is a deployed
  Persistent card's free use (9.2): the counter names a declared, still unused Play a JCC Core
  Action (``Response.action``; lcb_lab's answer to "the impulse's actions are already fixed":
  3.03 declares them at the start, so a counter is paid by one of them, which it then uses up);
* an FTR NULLIFY card already in the chain with targets to spare may add targets (9.46 ex. 5);
* IAMD units of the team may INTERCEPT a card (:mod:`lcb_lab.games.lcb.rules.cards.intercept`).

When a window opens (:func:`open_window`, :func:`player_cannot_rule_out`): asking only when the
answering team truly holds an answer would tell the player -- the team whose links wait -- that
a card it cannot see is one (9.02).  So the window opens exactly when the *player* cannot rule
an answer out, from what it knows (:func:`lcb_lab.games.lcb.observer.knows`) and the public decks:

* a card of the other team it sees (face up, 9.02) counts when it may answer, as above (its
  host's state judged only when the player sees the host);
* a card it does not see, in the pool, Attached or deployed (the count per place is public),
  may be any card of its team's deck that may be there (an Attached card only an Attached one,
  a pool card no Attached one, 9.02, 9.31): it counts when such a type has a NULLIFY /
  FTR NULLIFY effect (a triggered one only from a deployed card, 9.24) fitting one of the links
  (9.09, 9.44), and -- on its team's own impulse -- a declared, unused Play a JCC action may pay
  (9.41), or it is deployed (a Persistent card's free use, 9.2);
* an IAMD unit it cannot rule out may INTERCEPT a card with the INTERCEPT symbol
  (:func:`lcb_lab.games.lcb.rules.cards.intercept.not_ruled_out`).

Every true answer is among these, so the team that may answer is always asked; its options stay
its true ones, and with none it passes (``AnswerCards()``, the default policy) -- the player has
learnt nothing either way.

After a pass (or when nobody may answer) :func:`resolve` resolves the chain
(:mod:`lcb_lab.games.lcb.rules.cards.chain`: the order; :mod:`lcb_lab.games.lcb.rules.cards.ftr_nullify`: the rolls).
"""
from __future__ import annotations

from dataclasses import asdict
from typing import TYPE_CHECKING, Iterator, Sequence

from lcb_lab.games.lcb import actions as A, observer
from lcb_lab.kernel import explain
from lcb_lab.games.lcb.choices import CardResponseChoice, Choice
from lcb_lab.games.lcb.choice_options import CardResponseOptions, LinkOdds, ResponseCard
from lcb_lab.kernel.errors import IllegalAction, UnknownName
from lcb_lab.games.lcb.model.state import Card, CardPlay, other
from lcb_lab.games.lcb.rules.cards import intercept as card_intercept, ftr_nullify
from lcb_lab.games.lcb.rules.cards.chain import resolve
from lcb_lab.games.lcb.rules.common import Ctx, slot_text
from lcb_lab.games.lcb.model.fixed_memo import memo
from lcb_lab.games.lcb.rules.cards.ftr_nullify import kind

if TYPE_CHECKING:
    from lcb_lab.games.lcb.model.cards import CardType

__all__ = ["KIND", "answer", "check", "open_window", "options", "player_cannot_rule_out", "resolve"]

KIND = "card_response"
PLACES = ("pool", "deployed", "attached")
"""Where a card may answer from (9.02, 9.41; Embarked cards need a Core Action, 11.1)."""


# ---------------------------------------------------------------- who may answer
def _pending(ctx: Ctx, team: str) -> list[CardPlay]:
    """Links of ``team`` still pending (what the other team may answer)."""
    return [x for x in ctx.state.chain if x.team == team and x.status == "pending"]


def _in_chain(ctx: Ctx, cid: str) -> CardPlay | None:
    """The link ``cid`` acts through in the open chain, or None: a deployed card that is only the
    target of an own-impulse NULLIFY (a ``target`` link) may still answer it (9.45)."""
    return next((x for x in ctx.state.chain if x.card == cid and kind(x) not in ("intercept", "target")), None)


def _usable_place(ctx: Ctx, card: Card) -> str:
    """Why ``card`` cannot answer now ("" when it can)."""
    if card.where not in PLACES:
        return f"it is {card.where} (a response comes from the pool, a deployed card or an Attached card, 9.41)"
    if card.expended:
        return "it is expended this Action Stage (9.45)"
    if card.where == "attached":
        host = ctx.state.units.get(card.host or "")
        if host is None or host.destroyed:
            return "its host unit is gone (9.31)"
        if host.paralysed:
            return f"its host {host.uid} may not act this turn"
    return ""


def _effect_refusal(card: Card, eff) -> tuple[str, str]:
    """(rule, reason) when option ``eff`` cannot answer, else ("", "")."""
    if eff.when == "trigger":
        if not card.deployed or card.where != "deployed":
            return "9.24", (f"option {eff.label} of {card.name} is triggered only while the card is deployed "
                            "(play it on an own impulse first); it is not a NULLIFY effect (9.45)")
        if not eff.is_nullify:
            return "9.24", f"option {eff.label} of {card.name} is not simulated as an answer in this version"
        return "", ""
    if not eff.is_nullify:
        return "9.45", (f"only a NULLIFY or FTR NULLIFY effect answers an enemy card; option {eff.label} of "
                        f"{card.name} is not one")
    return "", ""


def _target_refusal(ctx: Ctx, eff, target: CardPlay) -> tuple[str, str]:
    """(rule, reason) when ``eff`` may not answer ``target``.  A triggered effect answers only
    an enemy attempt on an own card -- a response or an INTERCEPT aimed at it (9.24: "an enemy
    DETECT or attack"; 9.47: "whenever the enemy targets a friendly ... JCC")."""
    if eff.when == "trigger":
        aimed = [ftr_nullify.by_pid(ctx, p) for p in target.data.get("to", [])]
        if kind(target) == "play" or not any(x is not None and x.team != target.team for x in aimed):
            return "9.24", "a triggered effect answers only an enemy attempt on an own card"
        if kind(target) == "intercept":
            return "", ""
    elif kind(target) == "intercept":
        return "9.45", "an INTERCEPT attempt is answered only by a deployed card's triggered effect (9.24)"
    card = ftr_nullify.link_card(ctx, target)
    if card is None:
        return "9.41", f"link {target.pid} has no card"
    return ftr_nullify.card_refusal(ctx, eff, card)


def _card_options(ctx: Ctx, team: str) -> list[ResponseCard]:
    return list(_iter_card_options(ctx, team))


def _iter_card_options(ctx: Ctx, team: str) -> Iterator[ResponseCard]:
    """The cards of :func:`options` one by one (the state must not change meanwhile)."""
    enemy = _pending(ctx, other(team))
    for card in ctx.state.cards.values():
        if card.team != team or _usable_place(ctx, card) or _in_chain(ctx, card.cid):
            continue
        ct = known_type(ctx, card)
        for eff in ct.effects if ct is not None else ():
            if not eff.is_nullify or _effect_refusal(card, eff)[0]:     # 9.45: no answer but a NULLIFY
                continue
            targets = [t for t in enemy if not _target_refusal(ctx, eff, t)[0]]
            if not targets:
                continue
            free = _free_use(ctx, card)
            if not free and not _free_actions(ctx, team):
                continue
            p_ok = ftr_nullify.p_effect(eff)
            per = tuple(LinkOdds(pid=t.pid, p_detect=ftr_nullify.p_of(ftr_nullify.detect_value(ctx, t)),
                                 p=ftr_nullify.p_of(ftr_nullify.detect_value(ctx, t)) * p_ok) for t in targets)
            yield ResponseCard(
                cid=card.cid, name=card.name, option=eff.label, kind=ftr_nullify.kind_of(eff),
                p_detect=per[-1].p_detect, p_success=p_ok, p=per[-1].p,
                max_targets=ftr_nullify.target_limit(eff),
                targets=tuple(t.pid for t in targets), per_target=per, free=free,
                actions=() if free else tuple(d.aid for d in _free_actions(ctx, team)))


def known_type(ctx: Ctx, card: Card) -> CardType | None:
    """The card's type, or None when the game's decks do not have it (such a card cannot answer)."""
    try:
        return ctx.ctype(card)
    except UnknownName:
        return None


def _free_use(ctx: Ctx, card: Card) -> bool:
    """True when answering costs no AP: not the own impulse (9.41), or a deployed Persistent
    card's free use (9.2)."""
    imp = ctx.state.impulse
    if imp is None or imp.team != card.team:
        return True
    return card.where == "deployed" and card.deployed and ctx.ctype(card).persistent


def _free_actions(ctx: Ctx, team: str) -> list:
    """The declared, unused Play a JCC Core Actions of ``team``'s impulse (9.41 on the own impulse)."""
    imp = ctx.state.impulse
    if imp is None or imp.team != team or imp.phase == "declare":
        return []
    used = {x.aid for x in ctx.state.chain if x.aid is not None}
    return [d for d in imp.actions if d.kind == "play_jcc" and d.played is None
            and d.aid not in used]


# ---------------------------------------------------------------- whether to ask: from the player's knowledge
def player_cannot_rule_out(ctx: Ctx, team: str) -> bool:
    """True when the *player* -- the team whose card links wait, ``other(team)`` -- cannot rule
    out that ``team`` answers one of them (module doc, *When a window opens*): a card of
    ``team`` it sees may answer, a card it does not see may be one that does, or an IAMD unit
    it cannot rule out may INTERCEPT (:func:`lcb_lab.games.lcb.rules.cards.intercept.not_ruled_out`).
    Read from what the player knows only (9.02, 6.11, 14.03), never from the hidden state."""
    player = other(team)
    links = _pending(ctx, player)
    if not links:
        return False
    hidden: dict[str, bool] = {}
    return (any(_card_not_ruled_out(ctx, player, c, links, None, hidden) for c in ctx.state.cards.values()
                if c.team == team)
            or card_intercept.not_ruled_out(ctx, player, links))


def _card_not_ruled_out(ctx: Ctx, player: str, card: Card, links: list[CardPlay], deck: list[CardType] | None,
                        hidden: dict[str, bool] | None = None) -> bool:
    """Whether ``player`` cannot rule out that ``card`` (the other team's) answers one of ``links``;
    ``deck``: the card types of that team's deck (None: the game's, its answers found once,
    :func:`_hidden_answers`); ``hidden``: the verdicts on hidden cards by place,
    for the same ``links`` (a hidden card is judged by its place alone, 9.02)."""
    if card.where not in PLACES or _in_chain(ctx, card.cid):
        return False
    if observer.knows(ctx.state, player, card):
        ct = known_type(ctx, card)
        if ct is None or not _place_may_answer(ctx, player, card):
            return False
        payable = _free_use(ctx, card) or bool(_free_actions(ctx, card.team))
        return payable and any(not _effect_refusal(card, e)[0] and _answers_one(ctx, e, links) for e in ct.effects)
    if hidden is None:
        return _hidden_not_ruled_out(ctx, card, links, deck)
    got = hidden.get(card.where)
    if got is None:
        got = hidden[card.where] = _hidden_not_ruled_out(ctx, card, links, deck)
    return got


def _hidden_not_ruled_out(ctx: Ctx, card: Card, links: list[CardPlay], deck: list[CardType] | None) -> bool:
    """Whether a card of the other team seen only by its place may answer one of ``links``
    (``deck`` as in :func:`_card_not_ruled_out`)."""
    deployed = card.where == "deployed"            # where a hidden card is, is public (9.02: a count per place)
    if not (_free_use_possible(ctx, card.team, deployed) or _free_actions(ctx, card.team)):
        return False
    if deck is None:
        return any(_answers_one(ctx, e, links) for e in _hidden_answers(ctx, card.team, card.where))
    return any(_may_answer_as(e, deployed) and _answers_one(ctx, e, links)
               for ct in deck if _may_be(ct, card.where) for e in ct.effects)


def _hidden_answers(ctx: Ctx, team: str, where: str) -> list:
    """The effects a hidden card of ``team`` in place ``where`` may answer with (:func:`_may_be`,
    :func:`_may_answer_as`), in deck order: fixed facts of the deck, found once."""
    facts = memo(ctx.decks) if ctx.decks is not None else {}
    got = facts.get(("hidden_answers", team, where))
    if got is None:
        deck, deployed = _deck(ctx, team), where == "deployed"      # _deck loads the packaged decks if need be
        got = memo(ctx.decks)[("hidden_answers", team, where)] = [
            e for ct in deck if _may_be(ct, where) for e in ct.effects if _may_answer_as(e, deployed)]
    return got


def _place_may_answer(ctx: Ctx, player: str, card: Card) -> bool:
    """A seen card's place, as ``player`` can judge it: not expended (9.45); an Attached card's
    host living and free to act -- judged only when ``player`` knows the host (9.31, 9.34)."""
    if card.expended:
        return False
    host = ctx.state.units.get(card.host or "")
    if card.where != "attached" or host is None or not observer.knows(ctx.state, player, host):
        return True
    return not host.destroyed and not host.paralysed


def _free_use_possible(ctx: Ctx, team: str, deployed: bool) -> bool:
    """Whether a hidden card of ``team`` may answer at no AP: not ``team``'s impulse (9.41), or a
    deployed card that may be a Persistent card's free use (9.2)."""
    imp = ctx.state.impulse
    return imp is None or imp.team != team or deployed


def _may_be(ct: CardType, where: str) -> bool:
    """Whether a hidden card in place ``where`` may be of type ``ct``: an Attached card only an
    Attached card, a pool card no Attached card (9.02, 9.31), a deployed one any card (a scenario
    may place a card face down on the map)."""
    if where == "attached":
        return ct.attached
    return where == "deployed" or not ct.attached


def _may_answer_as(eff, deployed: bool) -> bool:
    """Whether effect ``eff`` of a hidden card may be an answer: a NULLIFY / FTR NULLIFY effect; a
    triggered one only from a deployed card (9.24, 9.45; :func:`_effect_refusal`)."""
    return eff.is_nullify and (eff.when != "trigger" or deployed)


def _answers_one(ctx: Ctx, eff, links: list[CardPlay]) -> bool:
    return any(not _target_refusal(ctx, eff, t)[0] for t in links)


def _deck(ctx: Ctx, team: str) -> list[CardType]:
    """Every card type of ``team``'s deck (public, 9.0): what a hidden card of it may be."""
    if ctx.decks is None:
        from lcb_lab.games.lcb.model.cards import load_decks
        ctx.decks = load_decks()
    facts = memo(ctx.decks)
    got = facts.get(("deck", team))
    if got is None:
        got = facts[("deck", team)] = [ctx.ctype(n, team) for n in ctx.decks.names(team)]
    return list(got)


# ---------------------------------------------------------------- windows
def options(ctx: Ctx, team: str) -> CardResponseOptions:
    """What ``team`` may answer now (the shape in the module doc)."""
    enemy = _pending(ctx, other(team))
    window = 1 + max((x.data.get("window", 0) for x in ctx.state.chain), default=0)
    return CardResponseOptions(link=enemy[-1].pid if enemy else None, window=window,
                               cards=tuple(_card_options(ctx, team)),
                               interceptors=tuple(card_intercept.options(ctx, team)))


def passes(auto_policies: dict | None) -> bool:
    """Whether these auto policies answer a card-response window with ``"pass"`` (the default,
    which reads none of its options: :func:`open_window` may then pass it as it opens, 9.46)."""
    return auto_policies is not None and (auto_policies.get(KIND) or CardResponseChoice.DEFAULT_POLICY) == "pass"


def open_window(ctx: Ctx, passed: bool = False) -> bool:
    """Push the response choice for the team that may answer the last link (the other team
    first, then the counter, 9.46) whenever the team whose links wait cannot rule out an answer
    (:func:`player_cannot_rule_out`); its options are what the answering team truly may do
    (empty: it passes).  False when no window opens (nothing pushed).

    ``passed``: the window is answered by the ``"pass"`` policy as soon as it opens (the
    caller's auto policy, which reads no option): the same state, log and choice ids as pushing it
    and answering it with ``AnswerCards()`` (:func:`answer`: the chain resolved), without its
    options built -- whether it opens is asked as above, the player's own test first (it is the
    verdict in a legal state: it cannot rule out a true answer), then each true-answer test
    stopping at its first answer."""
    chain = ctx.state.chain
    if not chain:
        return False
    team = other(chain[-1].team)
    if passed:
        if not player_cannot_rule_out(ctx, team) and next(_iter_card_options(ctx, team), None) is None \
                and next(card_intercept.iter_options(ctx, team), None) is None:
            return False
        ctx.state.last_choice_id += 1       # the id the window would have had (push_choice)
        _pass(ctx, team)
        return True
    opts = options(ctx, team)
    # the true options count first: the player can never rule them out in a legal state (so the
    # window opens either way, and the player's own test is only needed when there are none),
    # and a staged state outside the rules is still asked, never skipped
    if not opts.cards and not opts.interceptors and not player_cannot_rule_out(ctx, team):
        return False
    last = ftr_nullify.by_pid(ctx, opts.link)
    ctx.state.push_choice(CardResponseChoice(team, "9.41", f"{team} may answer {ftr_nullify.name(ctx, last)}", opts))
    return True


def answer(ctx: Ctx, choice: Choice, answer: A.AnswerCards) -> None:
    """Answer the ``card_response`` choice on top of the stack with the typed
    :class:`~lcb_lab.games.lcb.actions.AnswerCards`: its ``responses`` and ``card_intercepts``;
    both empty: pass.  Every part is checked before anything changes (IllegalAction naming the
    rule); then the choice is popped, the links added and the next window opened -- or, after a
    pass or when nobody may answer, the chain resolved."""
    top = ctx.state.next_choice
    if not isinstance(top, CardResponseChoice) or not ctx.state.chain:
        raise IllegalAction("9.41", "no card is waiting for an answer")
    team = top.team
    plans, ints = check(ctx, team, answer.responses, answer.card_intercepts)
    ctx.state.choices.pop()
    window = top.options.window
    if not plans and not ints:
        _pass(ctx, team)
        return
    for p in plans:
        _add_response(ctx, team, p, window)
    for i in ints:
        _add_intercept(ctx, team, i, window)
    if not open_window(ctx):
        resolve(ctx)


def _pass(ctx: Ctx, team: str) -> None:
    """``team`` passes the window: the chain resolves (9.46)."""
    ctx.log(explain.step("chain", f"{team} does not answer", "the window is passed: the chain resolves", ["9.46"]))
    resolve(ctx)


def check(ctx: Ctx, team: str, responses: Sequence[A.Response] = (),
          intercepts: Sequence[A.CardIntercept] = ()) -> tuple[list[dict], list[dict]]:
    """Check the typed parts of an answer of ``team`` to the open chain without changing
    anything (the parts of :func:`answer`); returns the checked plans.  Raises IllegalAction
    naming the rule."""
    plans = [_check_response(ctx, team, asdict(r)) for r in responses]
    seen: set = set()
    for p in plans:
        if p["card"].cid in seen:
            raise IllegalAction("9.43", f"{p['card'].name} answers once in a chain")
        seen.add(p["card"].cid)
    aids = [p["action"].aid for p in plans if p["action"] is not None]
    if len(aids) != len(set(aids)):
        raise IllegalAction("3.31", "one Play a JCC action pays for one card")
    return plans, _check_intercepts(ctx, team, [asdict(i) for i in intercepts])


def _find_card(ctx: Ctx, team: str, ref: str) -> Card:
    c = ctx.state.cards.get(ref)
    if c is None:
        named = [x for x in ctx.state.cards.values() if x.team == team and x.in_play
                 and (x.name == ref or ref in ctx.ctype(x).aliases)]
        fit = [x for x in named if not _usable_place(ctx, x) and not _in_chain(ctx, x.cid)]
        c = (fit or named or [None])[0]
    if c is None or c.team != team:
        raise IllegalAction("9.41", f"{team} has no card {ref!r} to answer with")
    return c


def _check_response(ctx: Ctx, team: str, r: dict) -> dict:
    card = _find_card(ctx, team, str(r["card"]))
    why = _usable_place(ctx, card)
    if why:
        raise IllegalAction("9.45" if card.expended else "9.41", f"{card.name} cannot answer: {why}")
    ct = ctx.ctype(card)
    opt = r.get("option") or "A"
    eff = next((e for e in ct.effects if e.label == opt), None)
    if eff is None:
        raise IllegalAction("9.0", f"{ct.name} has no option {opt!r}")
    rule, why = _effect_refusal(card, eff)
    if rule:
        raise IllegalAction(rule, why)
    targets = _answered(ctx, team, r, eff)
    extend = _in_chain(ctx, card.cid)
    limit = ftr_nullify.target_limit(eff)
    if extend is not None:
        if kind(extend) != "ftr_nullify" or len(extend.data["to"]) + len(targets) > limit:
            raise IllegalAction("9.43", f"{card.name} already answers in this chain")
    elif len(targets) > limit:
        raise IllegalAction("9.44", f"{card.name} may target {limit} card{'s' if limit > 1 else ''}, "
                            f"not {len(targets)}")
    for t in targets:
        rule, why = _target_refusal(ctx, eff, t)
        if rule:
            raise IllegalAction(rule, why)
    action = None
    if extend is None and not _free_use(ctx, card):
        action = _paying_action(ctx, team, card, r.get("action"))
    return {"card": card, "eff": eff, "targets": targets, "extend": extend, "action": action}


def _answered(ctx: Ctx, team: str, r: dict, eff=None) -> list[CardPlay]:
    """The links a response answers: its ``targets`` (card cids), else ``to``, else the last
    enemy link ``eff`` may answer (else the last).  Refused (9.41) when there is no such link."""
    if ctx.state.events_drawn:
        from lcb_lab.games.lcb.rules.events.negation import refuse_negation
        refuse_negation(ctx.state, str(r.get("card")), r.get("targets"))      # 16.0: no JCC negates an event
    enemy = _pending(ctx, other(team))
    if not enemy:
        raise IllegalAction("9.41", "there is no enemy card to answer")
    if r.get("targets"):
        out = []
        for cid in r["targets"]:
            t = next((x for x in enemy if x.card == cid or str(x.pid) == str(cid)), None)
            if t is None:
                raise IllegalAction("9.41", f"{cid!r} is not an enemy card waiting in the chain")
            out.append(t)
        return out
    if r.get("to") is not None:
        t = next((x for x in enemy if x.pid == int(r["to"])), None)
        if t is None:
            raise IllegalAction("9.41", f"link {r['to']} is not an enemy link waiting in the chain")
        return [t]
    fit = [t for t in enemy if eff is not None and not _target_refusal(ctx, eff, t)[0]]
    return [(fit or enemy)[-1]]


def _paying_action(ctx: Ctx, team: str, card: Card, aid):
    free = _free_actions(ctx, team)
    if not free:
        raise IllegalAction("9.41", f"{card.name} answers on {team}'s own impulse: that costs 1 AP, and no "
                            "declared Play a JCC action is left to pay for it")
    if aid is None:
        named = [d for d in free if d.jcc in (card.cid, card.name)]
        if named or len(free) == 1:
            return (named or free)[0]
        raise IllegalAction("9.41", "name the declared Play a JCC action that pays for the counter (action=)")
    d = next((d for d in free if d.aid == int(aid)), None)
    if d is None:
        raise IllegalAction("9.41", f"action #{aid} is not a declared, unused Play a JCC action")
    return d


def _check_intercepts(ctx: Ctx, team: str, items: list[dict]) -> list[dict]:
    out, seen, used = [], set(), {}
    enemy = _pending(ctx, other(team))
    for i in items:
        to = i.get("to")
        t = next((x for x in enemy if x.pid == int(to)), None) if to is not None else (enemy[-1] if enemy else None)
        if t is None:
            raise IllegalAction("9.011", "there is no enemy card to INTERCEPT")
        u = ctx.state.units.get(i["interceptor"])
        if u is None or u.team != team or u.destroyed:
            raise IllegalAction("9.011", f"{team} has no unit {i['interceptor']!r} to INTERCEPT with")
        v = next((v for v in card_intercept.iamd_values(ctx, team) if v["uid"] == u.uid and v["slot"] == i["slot"]), None)
        if v is None:
            raise IllegalAction("7.5", f"{u.uid} has no INTERCEPT value {i['slot']!r}")
        rule, why = card_intercept.refusal(ctx, v, t)
        if rule:
            raise IllegalAction(rule, why)
        n = int(i["dice"])
        if n < 1:
            raise IllegalAction("7.54", f"{u.uid} must allocate at least one die")
        if (u.uid, t.pid) in seen:
            raise IllegalAction("7.56", f"{u.uid} uses one INTERCEPT value per attempt on a card")
        seen.add((u.uid, t.pid))
        key = (u.uid, v["slot"], v["source"])
        used[key] = used.get(key, 0) + n
        cap = 4 if v["left"] is None else v["left"]
        if used[key] > cap:
            raise IllegalAction("7.55" if v["left"] is None else "7.58",
                                f"{u.uid} allocates {used[key]} {v['slot']} dice but may roll {cap}")
        out.append({"unit": u, "v": v, "dice": n, "target": t})
    return out


def _add_response(ctx: Ctx, team: str, p: dict, window: int) -> None:
    card, eff, targets = p["card"], p["eff"], p["targets"]
    card.face_up = True
    if p["extend"] is not None:
        link = p["extend"]
        link.data["to"] = link.data["to"] + [t.pid for t in targets]
        link.targets = link.targets + [t.card for t in targets]
        what = "also targets"
    else:
        pid = 1 + max(x.pid for x in ctx.state.chain)
        aid = p["action"].aid if p["action"] is not None else None
        if p["action"] is not None:
            p["action"].played = card.cid
        link = CardPlay(pid, card.cid, team, eff.label, [t.card for t in targets], None,
                        responds_to=targets[0].pid, aid=aid,
                        data={"kind": ftr_nullify.kind_of(eff), "window": window, "to": [t.pid for t in targets]})
        ctx.state.chain.append(link)
        what = "FTR NULLIFY" if ftr_nullify.kind_of(eff) == "ftr_nullify" else "NULLIFY"
    cost = (f"1 AP (action #{p['action'].aid}, 9.41)" if p["action"] is not None
            else _free_cost(ctx.ctype(card).persistent))
    ctx.log(explain.step("card", f"{team} answers with {card.name}: {what} "
                         f"{', '.join(ftr_nullify.name(ctx, t) for t in targets)}", f"{eff.text} Costs {cost}.",
                         ["9.41", "9.44", "9.46"] if what != "NULLIFY" else ["9.4", "9.41", "9.46"]),
            card=card.cid, pid=link.pid)


def _free_cost(persistent: bool) -> str:
    """The cost text of a card answering on the opponent's impulse: no AP (9.41); a Persistent
    card is then expended for the Action Stage (9.45), a one-time card spent (9.1)."""
    return "no AP (9.41, 9.45)" if persistent else "no AP (9.41)"


def _add_intercept(ctx: Ctx, team: str, i: dict, window: int) -> None:
    u, v, t = i["unit"], i["v"], i["target"]
    pid = 1 + max(x.pid for x in ctx.state.chain)
    link = CardPlay(pid, u.uid, team, v["slot"], [t.card], None, responds_to=t.pid,
                    data={"kind": "intercept", "window": window, "to": [t.pid], "uid": u.uid,
                          "slot": v["slot"], "dice": i["dice"], "cv": v["cv"], "source": v["source"],
                          "card_slot": v.get("card_slot")})
    ctx.state.chain.append(link)
    if not u.revealed:
        from lcb_lab.games.lcb.rules.movement.conceal import reveal
        reveal(ctx, [u], "units that attempt INTERCEPT reveal themselves", ["7.511"])
    ctx.log(explain.step("allocate", f"{u.uid} declares INTERCEPT of {ftr_nullify.name(ctx, t)}",
                         f"{i['dice']} {slot_text(v['slot'])} dice; free (defensive, 7.52)", ["9.011", "7.512", "7.54"]),
            pid=pid)
