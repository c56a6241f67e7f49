"""The rolls of a card chain: DETECT, NULLIFY, FTR NULLIFY engagements, INTERCEPT of cards,
and what a success does to a card (9.04, 9.06, 9.21, 9.4-9.46, 7.512).

Used by :mod:`lcb_lab.games.lcb.rules.cards.responses`, which decides the ORDER (9.46, 9.47); every function
here resolves one step and logs it with its rules.  Links are :class:`~lcb_lab.games.lcb.model.state.CardPlay`
entries of ``state.chain`` (shapes in :mod:`lcb_lab.games.lcb.rules.cards.responses`).

lcb_lab's readings, where the text leaves a choice:

* DETECT is rolled against the DETECT value printed on the TARGET card, one d20 per FTR /
  NULLIFY card and per target (9.06, 9.43); every IAMD unit attempting INTERCEPT of a card rolls
  its own DETECT d20, and one success lets every IAMD unit of the team attempting it INTERCEPT
  (9.06; a success is remembered for the team and the card, a failure is not).  Simultaneous
  rolls (two opposed FTR cards, 9.44) are drawn last link first, as the chain resolves (9.46).
* A success against a card (FTR NULLIFY, INTERCEPT hits) puts one cube of the enemy's colour
  on it per success; at ``discard_after`` (or ``hits``) cubes it is discarded (9.04, 9.44);
  below that, the card's use is stopped and a Persistent card is expended (9.04 ex.: one cube,
  flipped).  A successful NULLIFY stops the use: a Persistent card is expended, not destroyed
  (9.21, 9.41); a one-time card is discarded (9.42 diagram).
* A successful NULLIFY by a cyber / EMS card adds a cube to the enemy Tactical Network unless the
  card it NULLIFIED is itself cyber / EMS (7.61).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from lcb_lab.games.lcb import plain
from lcb_lab.kernel import explain
from lcb_lab.games.lcb.die import p_any_hit, p_hit
from lcb_lab.games.lcb.model.state import Card, CardPlay, other
from lcb_lab.games.lcb.rules.cards import hooks as _hooks
from lcb_lab.games.lcb.rules.cards.use import after_use, hit
from lcb_lab.games.lcb.rules.common import Ctx, supply_left
from lcb_lab.games.lcb.rules.combat.network import network_modifiers
from lcb_lab.games.lcb.rules.optional import interoperability as interop

if TYPE_CHECKING:
    from lcb_lab.games.lcb.model.cards import Effect

CYBER = {"tactical_cyber", "strategic_cyber", "ems"}
ABSORB: list = _hooks.ABSORB
"""Functions ``(ctx, link, n) -> bool`` that take ``n`` enemy successes on a card link without
stopping its use (True: handled; 12.12: :func:`lcb_lab.games.lcb.rules.transport.carrying.absorb_hits`);
listed by :mod:`lcb_lab.games.lcb.rules.cards.hooks`."""


# ---------------------------------------------------------------- links and cards
def kind(link: CardPlay) -> str:
    """``play`` | ``nullify`` | ``ftr_nullify`` | ``intercept``."""
    return link.data.get("kind", "play")


def by_pid(ctx: Ctx, pid: int) -> CardPlay | None:
    """The link of the open chain numbered ``pid``, or None when the chain has none."""
    return next((x for x in ctx.state.chain if x.pid == pid), None)


def link_card(ctx: Ctx, link: CardPlay) -> Card | None:
    """The card of a card link (None for an INTERCEPT link, whose ``card`` is a unit)."""
    return None if kind(link) == "intercept" else ctx.state.cards.get(link.card)


def name(ctx: Ctx, link: CardPlay) -> str:
    """How the log names a link: ``"<uid>'s INTERCEPT"``, ``"<card name> (<team>)"``, or the link's
    card id when the card is not in the game."""
    if kind(link) == "intercept":
        return f"{link.data['uid']}'s INTERCEPT"
    c = link_card(ctx, link)
    return f"{c.name} ({c.team})" if c else link.card


def stop(ctx: Ctx, link: CardPlay, status: str, why: str, rules: list[str]) -> None:
    """Stop ``link``'s use (its effect or its answer does not happen)."""
    link.status = status
    ctx.log(explain.step("chain", f"{name(ctx, link)} is stopped ({status.replace('_', ' ')})", why, rules),
            pid=link.pid)


def hit_card(ctx: Ctx, link: CardPlay, n: int, by: str, status: str, rules: list[str]) -> None:
    """``n`` enemy successes on the card of ``link``: its use is stopped, and the card takes
    the cubes (:func:`lcb_lab.games.lcb.rules.cards.use.hit`, 9.04: destroyed at its durability, else a
    Persistent card is expended)."""
    card = link_card(ctx, link)
    if card is None or n <= 0:
        return
    if any(f(ctx, link, n) for f in ABSORB):   # a lift card loses 2 GPSV / RP per success instead (12.12, 12.42)
        hit(ctx, card, n, by, list(rules))
        return
    stop(ctx, link, status, by, rules)
    hit(ctx, card, n, by, list(rules))


def nullified(ctx: Ctx, link: CardPlay, by: CardPlay) -> None:
    """A successful NULLIFY (9.41): the use is stopped; a Persistent card is expended (9.21),
    a one-time card discarded (9.1, 9.42); 7.61 cube for a cyber / EMS NULLIFY of a non-cyber card."""
    stop(ctx, link, "nullified", f"NULLIFIED by {name(ctx, by)}", ["9.4", "9.41", "9.42"])
    card = link_card(ctx, link)
    if card is not None and card.in_play and link.data.get("marker"):
        from lcb_lab.games.lcb.rules.combat.destruction import card_gone
        from lcb_lab.games.lcb.rules.markers.placement import discard_card     # 13.25: a NULLIFIED ISR marker and its card go
        discard_card(ctx, card.cid)
        card_gone(ctx, card.cid)
    if card is not None and card.in_play:
        after_use(ctx, card)            # Persistent: expended, not destroyed; one-time: spent
        fate = "expended for the Action Stage" if card.in_play else f"{card.where} (a one-time card)"
        ctx.log(explain.step("card", f"{card.name} ({card.team}) is {fate}", "a NULLIFIED card is spent",
                             ["9.21" if card.in_play else "9.1", "9.41", "9.42"]), card=card.cid)
    src = link_card(ctx, by)
    if src is not None and CYBER & set(ctx.ctype(src).categories):
        if card is None or not CYBER & set(ctx.ctype(card).categories):
            from lcb_lab.games.lcb.rules.cards.scripted import network_cube
            network_cube(ctx, other(by.team), 1, f"a successful cyber / EMS card ({src.name})", ["7.61"])


def kind_of(eff: Effect) -> str:
    """The link kind a NULLIFY effect adds to a chain: ``"ftr_nullify"`` or ``"nullify"`` (9.4, 9.44)."""
    return "ftr_nullify" if eff.fn == "ftr_nullify" else "nullify"


def target_limit(eff: Effect) -> int:
    """How many cards a NULLIFY effect may target: its ``max_targets`` for an FTR NULLIFY (9.44,
    9.46), one for a NULLIFY (9.4)."""
    return eff.max_targets if kind_of(eff) == "ftr_nullify" else 1


def card_refusal(ctx: Ctx, eff: Effect, card: Card) -> tuple[str, str]:
    """(rule, reason) when NULLIFY / FTR NULLIFY effect ``eff`` may not take ``card`` as its
    target, else ("", ""): FTR NULLIFY only a card with the FTR symbol (9.44); NULLIFY only a card
    of the effect's ``counters`` categories (9.09)."""
    ct = ctx.ctype(card)
    if kind_of(eff) == "ftr_nullify" and "ftr" not in ct.symbols:
        return "9.44", f"{ct.name} is not FTR NULLIFY eligible (no FTR symbol)"
    if eff.counters and not set(eff.counters) & set(ct.categories):
        cats = ", ".join(ct.categories) or "no category"
        return "9.09", (f"the effect answers only cards of the {', '.join(eff.counters)} category; {ct.name}'s "
                        f"categories: {cats}")
    return "", ""


# ---------------------------------------------------------------- dice
def d20(ctx: Ctx, link: CardPlay, key: str, n: int = 1, target: CardPlay | None = None) -> list[int]:
    """Roll ``n`` d20 for ``link``; recorded on the link under ``key`` (``"DETECT 2"``: the
    target's pid) and in the dice history as ``"<link>: <key> <target>"``."""
    what = key if target is None else f"{key.rsplit(' ', 1)[0]} {name(ctx, target)}"
    rolls = list(ctx.dice.roll(n, f"{name(ctx, link)}: {what}"))
    link.rolls.setdefault(key, []).extend(rolls)
    return rolls


def detect_value(ctx: Ctx, target: CardPlay) -> int | None:
    """The DETECT value printed on the target link's card (9.06, 9.43: rolled against it, d20 at or
    under), None when the link is no card or the card has none."""
    card = link_card(ctx, target)
    return None if card is None else ctx.ctype(card).detect


def detect(ctx: Ctx, link: CardPlay, target: CardPlay, rules: tuple[str, ...] = ("9.06", "9.43")) -> bool:
    """``link``'s DETECT roll against ``target``'s card (9.06; before a NULLIFY / FTR NULLIFY,
    9.43); True when none is needed.  ``rules``: the rules its log line cites."""
    v = detect_value(ctx, target)
    if v is None:
        return True
    r = d20(ctx, link, f"DETECT {target.pid}", target=target)[0]
    ok = r <= v
    ctx.log(explain.step("detect", f"{name(ctx, link)} {'DETECTs' if ok else 'fails to DETECT'} "
                         f"{name(ctx, target)}", f"needs {v} or less ({pct(p_of(v))}): rolled {r}", list(rules)),
            pid=link.pid, roll=r)
    return ok


def iamd_detectors(links: list[CardPlay]) -> list[CardPlay]:
    """The IAMD links of ``links`` that roll DETECT: one per unit (9.06: each unit attempting it
    rolls a d20), the first link of each unit, in link order."""
    seen: set[str] = set()
    out = []
    for x in links:
        if x.data["uid"] not in seen:
            seen.add(x.data["uid"])
            out.append(x)
    return out


def team_detect(ctx: Ctx, links: list[CardPlay], target: CardPlay) -> bool:
    """The IAMD DETECT of ``target`` by the units of ``links`` (INTERCEPT links of one team, 9.06):
    each unit rolls its own d20 (:func:`iamd_detectors`), all at once; one success lets every
    eligible IAMD unit of the team INTERCEPT the card.  A success is remembered on ``target``
    (``data["iamd_detect"][team]``: the uid that DETECTED it), so later IAMD attempts on the
    card need no roll; a failure is not: units attempting it later roll their own."""
    cache = target.data.setdefault("iamd_detect", {})
    team = links[0].team
    if cache.get(team):
        ctx.log(explain.step("detect", f"{team} IAMD has already DETECTED {name(ctx, target)}",
                             f"{cache[team]} DETECTed it earlier in this attack: "
                             f"{', '.join(x.data['uid'] for x in iamd_detectors(links))} INTERCEPT without a new "
                             "DETECT roll", ["9.06"]), pid=target.pid)
        return True
    if detect_value(ctx, target) is None:
        return True
    found = [x.data["uid"] for x in iamd_detectors(links) if detect(ctx, x, target, ("9.06",))]
    if found:
        cache[team] = found[0]
        ctx.log(explain.step("detect", f"{team} IAMD DETECTs {name(ctx, target)}",
                             f"{', '.join(found)} DETECTed it: every eligible {team} IAMD unit may INTERCEPT it",
                             ["9.06"]), pid=target.pid)
    return bool(found)


def effect_of(ctx: Ctx, link: CardPlay) -> Effect:
    """The effect (card option) the link uses.  ``KeyError`` when the link's card is not in the game."""
    card = ctx.state.cards[link.card]
    return ctx.ctype(card).effect(link.option)


def success_roll(ctx: Ctx, link: CardPlay, target: CardPlay, what: str) -> bool:
    """The NULLIFY / FTR NULLIFY roll of ``link`` against ``target`` (9.4: roll <= succeeds_on)."""
    eff = effect_of(ctx, link)
    if eff.succeeds_on is None:
        ok, text = True, "no roll needed"
    else:
        rolls = d20(ctx, link, f"{what} {target.pid}", eff.dice, target)
        ok = any(r <= eff.succeeds_on for r in rolls)
        got = f"rolled {', '.join(map(str, rolls))}" if rolls else "no die to roll"
        text = f"needs {eff.succeeds_on} or less on {eff.dice} d20 ({pct(p_effect(eff))}): {got}"
    ctx.log(explain.step("nullify", f"{name(ctx, link)} {what} {name(ctx, target)}: "
                         f"{'success' if ok else 'fails'}", text, ["9.4", "9.44"] if what == "FTR NULLIFY" else ["9.4"]),
            pid=link.pid)
    return ok


def intercept_cv(ctx: Ctx, link: CardPlay, target: CardPlay | None = None) -> tuple[int, list]:
    """An INTERCEPT link's CV with the Tactical Network modifier first (7.62); against card link
    ``target``, with optional rule 17.1 on, reduced when it defends another nation's units."""
    base = int(link.data["cv"])
    mods = network_modifiers(ctx.state, link.team)
    if target is not None and ctx.state.optional_data:
        mods = mods + interop.card_intercept_modifiers(ctx, ctx.state.units.get(link.data["uid"]), target)
    return max(0, base + sum(v for _, v, _ in mods)), mods


def spend(ctx: Ctx, link: CardPlay) -> None:
    """Spend an INTERCEPT link's dice from its supply (7.58), once."""
    if link.data.get("spent"):
        return
    link.data["spent"] = True
    n, slot, src = int(link.data["dice"]), link.data["slot"], link.data.get("source")
    if src:
        c = ctx.state.cards[src]
        slot = link.data.get("card_slot") or slot
        cv = next((v for v in ctx.ctype(c).cvs if v.slot == slot), None)
        if cv is not None and cv.supply is not None:
            c.supply = {**c.supply, slot: max(0, c.supply.get(slot, cv.supply) - n)}
        return
    u = ctx.state.units[link.data["uid"]]
    if supply_left(ctx, u, slot) is not None:
        u.supply = {**u.supply, slot: max(0, u.supply.get(slot, 0) - n)}


def intercept_hits(ctx: Ctx, link: CardPlay, target: CardPlay) -> int:
    """Roll an INTERCEPT link's dice against card link ``target`` (9.011, 7.512, 7.58): one d20 per die,
    a hit at or under the INTERCEPT CV after the network modifiers; logs the roll.  Returns the hits."""
    cv, mods = intercept_cv(ctx, link, target)
    rolls = d20(ctx, link, f"INTERCEPT {target.pid}", int(link.data["dice"]), target)
    hits = sum(1 for r in rolls if r <= cv)
    ctx.log(explain.step("intercept", f"{link.data['uid']} INTERCEPTs {name(ctx, target)}: {hits} hit"
                         f"{'' if hits == 1 else 's'}",
                         f"{plain.cv_text(int(link.data['cv']), mods)} ({pct(p_of(cv))} a die): "
                         f"rolled {', '.join(map(str, rolls))}",
                         ["9.011", "7.512", "7.58"]), pid=link.pid)
    return hits


def pct(p: float) -> str:
    """A probability (0 to 1) as a whole percent for the log: ``pct(0.55) == "55%"``."""
    return f"{round(100 * p)}%"


def p_of(v: int | None) -> float:
    """Chance one d20 roll is ``v`` or less (7.02, 9.06; :func:`lcb_lab.games.lcb.die.p_hit`);
    1.0 when no roll is needed (``v`` None)."""
    return 1.0 if v is None else p_hit(v)


def p_effect(eff: Effect) -> float:
    """Chance a card effect succeeds (9.4): at least one of its ``eff.dice`` d20 rolls is
    ``eff.succeeds_on`` or less (:func:`lcb_lab.games.lcb.die.p_any_hit`); 0.0 with no die to roll
    (nothing can succeed), 1.0 when it needs no roll (``succeeds_on`` None)."""
    return 1.0 if eff.succeeds_on is None else p_any_hit(eff.dice, eff.succeeds_on)


# ---------------------------------------------------------------- opposed FTR NULLIFY (9.44)
def engage(ctx: Ctx, a: CardPlay, b: CardPlay) -> None:
    """Two FTR NULLIFY links aimed at each other (9.44 bullets, 9.46): simultaneous DETECT
    (last link first); both DETECT: both roll, each success hits the other (9.42 both); one
    DETECTs: it rolls first, a success ends the other, a failure lets the other roll despite its
    failed DETECT; neither: both are spent.  Only a link that defeats its opponent goes on to
    its follow-on targets (9.46 ex. 2)."""
    first, second = (b, a) if b.pid > a.pid else (a, b)
    ctx.log(explain.step("chain", f"FTR NULLIFY engagement: {name(ctx, first)} against {name(ctx, second)}",
                         "opposed FTR NULLIFY cards resolve first (9.46)", ["9.44", "9.46"]))
    d1, d2 = detect(ctx, first, second), detect(ctx, second, first)
    for x in (first, second):
        x.data["done"] = x.data.get("done", []) + [(second if x is first else first).pid]
    won = {first.pid: False, second.pid: False}
    if d1 and d2:
        s1 = success_roll(ctx, first, second, "FTR NULLIFY")
        s2 = success_roll(ctx, second, first, "FTR NULLIFY")
        if s1:
            hit_card(ctx, second, 1, f"FTR NULLIFIED by {name(ctx, first)}", "ftr_nullified", ["9.42", "9.44"])
        if s2:
            hit_card(ctx, first, 1, f"FTR NULLIFIED by {name(ctx, second)}", "ftr_nullified", ["9.42", "9.44"])
        won = {first.pid: s1, second.pid: s2}
    elif d1 or d2:
        w, l = (first, second) if d1 else (second, first)
        if success_roll(ctx, w, l, "FTR NULLIFY"):
            hit_card(ctx, l, 1, f"FTR NULLIFIED by {name(ctx, w)}", "ftr_nullified", ["9.44"])
            won[w.pid] = True
        elif success_roll(ctx, l, w, "FTR NULLIFY"):
            hit_card(ctx, w, 1, f"FTR NULLIFIED by {name(ctx, l)}", "ftr_nullified", ["9.44"])
            won[l.pid] = True
    else:
        ctx.log(explain.step("chain", "Both FTR NULLIFY cards fail to DETECT",
                             "both are expended; their FTR NULLIFY ends here", ["9.44"]))
    for x in (first, second):
        if not won[x.pid]:
            x.data["out"] = True
