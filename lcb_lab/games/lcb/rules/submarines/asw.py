"""Anti-submarine warfare (14.1): DETECT, then one ASW die (<= 10) per DETECT.

* Defensive ASW (14.12, 14.13): when a submarine (or a UUV) makes a TORPEDO ATTACK or an
  effect in a hex, every enemy ASW-capable naval unit there (``UnitType.asw``: DDG, DDG(X),
  Gorshkov FFG, 14.11) rolls 1 DETECT die per submarine; each DETECT gives 1 ASW die, 10 or
  less destroys it, and it neither torpedoes nor makes its effect.  All DETECT dice are rolled
  first, then the ASW dice (the 14.13 example's order).  Free (no AP); the ships that fight
  ASW are revealed (14.11); a DETECTED submarine gets its marker (14.06).  IAMD never answers
  torpedoes (14.11): torpedoes do not enter the LRS / INTERCEPT pipeline at all.
* Offensive ASW (14.14): :func:`offensive_act` -- ASW-capable ships of a Move and/or Initiate
  Combat action search their own hex: one DETECT die each (compared with every enemy
  submarine there), one ASW die per DETECT.  Each ship targets one hex per Action Stage
  (``Unit.asw_hex``).  The dice are rolled whether or not a submarine is there, so the search
  itself tells nothing (hidden information).
* Card ASW (14.15): the effect ``asw_search`` (P-8A option B, HELO ASW) rolls ONE DETECT die
  against every enemy submarine in the searched hexes (``args.search`` hexes at most),
  places the markers, then ONE ASW die (``args.asw``) against ONE revealed submarine there
  (the first in the order the hexes were named).
* ``uuv`` (14.011, 14.12): an Attached UUV card fires ``dice`` torpedoes at ``torpedo_cv``
  at one revealed enemy naval unit within its ``range`` of the host; defensive ASW of the
  target hex against its ``detect`` (10 when the card states none) comes first; the ships that
  roll are revealed, as against a submarine (14.11).

Naval MILDECs never take ASW or torpedo damage for a submarine (14.16): a submarine has
no MILDEC to absorb a hit, :func:`sink` is final.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb import plain
from lcb_lab.games.lcb.choices import MildecChoice
from lcb_lab.games.lcb.choice_options import MildecOptions
from lcb_lab.kernel import explain
from lcb_lab.kernel.datacodec import touched
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.games.lcb.model.state import Unit, other
from lcb_lab.games.lcb.observer_table import may_hold_mildec
from lcb_lab.games.lcb.rules.submarines import sot as sub_rules
from lcb_lab.games.lcb.rules.cards.targets import _as_hex, origin
from lcb_lab.games.lcb.rules.combat.destruction import card_gone, destroy
from lcb_lab.games.lcb.rules.common import Ctx, dist, names, refs
from lcb_lab.games.lcb.rules.movement.conceal import reveal
from lcb_lab.games.lcb.rules.optional import advanced_submarines as adv, asw_bonus
from lcb_lab.games.lcb.rules.optional.asw_bonus import Bonus

if TYPE_CHECKING:
    from lcb_lab.games.lcb.model.cards import CardType, Effect
    from lcb_lab.games.lcb.model.state import CardPlay, Declared

UUV_DETECT = 10
"""A UUV card with no stated DETECT value is DETECTed on 10 or less (14.12)."""


TORPEDO_KEY = "torpedo:"
"""The key prefix of a torpedo hit's MILDEC choice (4.22, 14.08): ``"torpedo:<target uid>"``."""


CONVOY_CARDS = {"Littoral Movement", "Expeditionary Logistics"}
"""Cards that are convoys: a torpedo hit takes 1 HP (14.08 EXCEPTION)."""


def sink(ctx: Ctx, sub: Unit, by_team: str, why: str) -> None:
    """Destroy ``sub`` (1 HP, 14.02); its card is discarded (14.01) and its Attached UUV dies with it."""
    sub.hp = 0
    destroy(ctx, sub, by_team)
    card = ctx.state.cards.get(sub.card or "")
    if card is not None and card.in_play:
        card.where, card.host = "discarded", None
        ctx.log(explain.step("card", f"{card.name} discarded", f"its submarine {sub.uid} was destroyed ({why})",
                             ["14.01", "9.07"]), team=card.team, card=card.cid)


def torpedo_hit(ctx: Ctx, sub: Unit, target: str) -> None:
    """One successful TORPEDO ATTACK on ``target`` (14.08): a convoy loses 1 HP, a ship sinks
    whatever its HP -- unless its team spends a Naval MILDEC in its hex: whenever the attacker
    cannot rule one out there (a face-up MILDEC or any back of the team, 6.11), a
    ``mildec`` choice (key ``"torpedo:<uid>"``, :func:`answer_mildec`) is pushed for the defending
    team instead; a submarine sinks (1 HP)."""
    s = ctx.state
    m = s.card_markers.get(target)
    if m is not None:                                    # 14.08 EXCEPTION: the convoy loses one ship
        m.hp -= 1
        m.data = {**m.data, "torpedo_hits": m.data.get("torpedo_hits", 0) + 1}
        text = f"{target} loses 1 HP (one ship of the convoy), not the whole convoy"
        if m.hp <= 0:
            del s.card_markers[target]
            touched(s, "card_markers")      # in place: the snapshot compares it again
            card = s.cards.get(m.card)
            if card is not None:
                card.where, card.host = "discarded", None
            text += "; its last ship is sunk: the marker and its card are discarded"
        ctx.log(explain.step("torpedo", f"Torpedo hit on convoy {target}", text, ["14.08"]), marker=target)
        return
    u = s.units[target]
    if u.destroyed:
        return
    if sub_rules.is_sub(ctx, u):
        sink(ctx, u, sub.team, "TORPEDO ATTACK")
        return
    shields = naval_mildecs(ctx, u)
    if shields or may_hold_mildec(s, other(u.team), u.hex, u.team, ctx.catalog):
        # the defending team decides (4.22, 14.08): asked whenever the attacker cannot rule a
        # Naval MILDEC out (6.11), so the pause does not tell it a back is one; none may be offered
        s.push_choice(MildecChoice(u.team, "14.08", f"{u.uid} is hit by a torpedo: spend a Naval MILDEC in "
                                   f"{u.hex} to absorb it?", MildecOptions(key=f"{TORPEDO_KEY}{u.uid}", target=u.uid,
                                                                            damage=1, mildecs=len(shields))))
        return
    _torpedoed(ctx, u)


def naval_mildecs(ctx: Ctx, u: Unit) -> list:
    """The Naval MILDECs of ``u``'s team in its hex, any Task Force's, that may absorb a torpedo
    hit on ``u`` (4.22, 14.08; never for a submarine, 4.22, 14.16)."""
    return [mk for mk in ctx.state.markers_in(u.hex, u.team) if mk.type_id == "naval_mildec"]


def answer_mildec(ctx: Ctx, choice: MildecChoice, answer: A.AnswerMildec) -> None:
    """The defending team's answer to a torpedo hit's MILDEC choice (4.22, 14.08): ``absorb`` 1
    destroys one of its Naval MILDECs in the hex instead of the ship, 0 lets the ship sink.
    Raises IllegalAction (4.22) leaving the choice pending."""
    n = int(answer.absorb)
    if not 0 <= n <= choice.most:
        raise IllegalAction("4.22", f"can absorb 0..{choice.most} torpedo hit with Naval MILDECs here")
    ctx.state.choices.pop()
    u = ctx.state.units[choice.options.target]
    shields = naval_mildecs(ctx, u) if not u.destroyed else []
    if n and shields:
        shields[0].destroyed = True
        ctx.log(explain.step("torpedo", f"{shields[0].mid} absorbs the torpedo", f"{u.team} spends the Naval "
                             f"MILDEC for {u.uid}: it takes the hit and is removed (4.22, 14.08)",
                             ["4.22", "14.08"]), markers=refs([shields[0]]))
    elif not u.destroyed:
        _torpedoed(ctx, u)


def _torpedoed(ctx: Ctx, u: Unit) -> None:
    ctx.log(explain.step("torpedo", f"{u.uid} torpedoed", f"a successful TORPEDO ATTACK sinks a naval unit "
                         f"regardless of its HP ({u.hp} HP left)", ["14.08"]), units=[u.uid])
    destroy(ctx, u, other(u.team))


def asw_capable(ctx: Ctx, u: Unit) -> bool:
    """An ASW-capable naval unit (14.11; the catalog's ``asw`` flag)."""
    t = ctx.utype(u)
    return t.is_naval and t.asw


def _defend(ctx: Ctx, hunters: list[Unit], need: int, what: str) -> tuple[list[int], list[int], list[Unit]]:
    """Defensive ASW's dice (14.12): each of ``hunters`` rolls one DETECT d20 (``need`` or less),
    each DETECT one ASW d20; every ship that rolled is revealed (14.11: conducting ASW combat
    reveals it, a missed DETECT included).  Returns ``(DETECT rolls, ASW rolls, the ships that
    DETECTED)``."""
    detect = ctx.dice.roll(len(hunters), f"ASW DETECT vs {what}") if hunters else []
    who = [h for h, r in zip(hunters, detect) if r <= need]
    asw = ctx.dice.roll(len(who), f"ASW vs {what}") if who else []
    reveal(ctx, hunters, "ASW-capable ships conducting ASW are revealed", ["14.11"])
    return detect, asw, who


def defensive_setup(ctx: Ctx, sub: Unit) -> tuple[list[Unit], int]:
    """Who rolls defensive ASW against ``sub`` and at what (14.12, 14.13), changing nothing:
    ``(hunters, DETECT value)``; each hunter rolls one DETECT d20 (<= the value, with the
    optional bonus of :func:`defensive_bonus`), each DETECT one ASW d20 (<= :func:`kill_value`)."""
    hunters = [u for u in ctx.state.units_in(sub.hex, other(sub.team)) if asw_capable(ctx, u)]
    return hunters, sub_rules.detect_of(ctx, sub) + defensive_bonus(ctx, sub).detect


def defensive_bonus(ctx: Ctx, sub: Unit, uuv: bool = False) -> Bonus:
    """The optional bonus of defensive ASW against ``sub`` in its hex (17.2 expended card, 17.7)."""
    return asw_bonus.bonus(ctx, other(sub.team), sub.hex, [sub.hex], by_unit=True, uuv=uuv)


def kill_value(bonus: Bonus, base: int = sub_rules.ASW_KILL) -> int:
    """The ASW value (an ASW d20 at or under it destroys): ``base`` plus 17.73's rise."""
    return base + bonus.asw


def lend_bonus(ctx: Ctx, team: str, bonus: Bonus) -> None:
    """``team`` rolls with ``bonus``: log it, use up its expended cards, reveal the units lending
    it (they take part in the engagement, 14.11; 17.72)."""
    if not bonus.detect:
        return
    helpers = asw_bonus.use(ctx, team, bonus)
    ctx.log(explain.step("asw", "ASW bonus", bonus.text, list(bonus.rules)), team=team)
    reveal(ctx, helpers, "the friendly ASW-capable units lending the ASW bonus take part in the ASW engagement",
           ["17.72", "14.11"])


def log_need(ctx: Ctx, title: str, text: str, public_text: str, rules: list[str], owner: str, **facts: Any) -> None:
    """Log an ASW roll whose text names a submarine's DETECT value: with optional rule 17.2 on,
    that value holds the submarine's secret movement type (the SOT, 14.03), so only ``owner``
    reads ``text``; the other team reads ``public_text`` (the rolls and what they found)."""
    if adv.on(ctx.state):                        # kind "submarine": the owner's SOT (observer, 14.03)
        ctx.log(explain.step("submarine", title, text, rules), team=owner, about={"sot": owner},
                public_title=title, public_text=public_text, **facts)
    else:
        ctx.log(explain.step("asw", title, text, rules), **facts)


def defensive(ctx: Ctx, sub: Unit) -> bool:
    """Defensive ASW of ``sub``'s hex (14.12, 14.13). Returns True when it was destroyed."""
    hunters, need = defensive_setup(ctx, sub)
    if not hunters:
        return False
    bonus = defensive_bonus(ctx, sub)
    kill = kill_value(bonus)
    lend_bonus(ctx, other(sub.team), bonus)
    detect, asw, who = _defend(ctx, hunters, need, sub.uid)
    rolled = ", ".join(f"{h.uid} {r}" for h, r in zip(hunters, detect))
    if who:
        sub_rules.place_marker(ctx, sub, "detected", by=who[0].uid)
    tail = f"; ASW {', '.join(str(r) for r in asw)} (needs {kill} or less)" if who else ""
    log_need(ctx, f"Defensive ASW in {sub.hex}", f"DETECT {rolled} (DETECT needs {need} or less){tail}",
             f"DETECT {rolled}: " + (f"{len(who)} DETECTED" if who else "no DETECT") + tail,
             ["14.12", "14.13"], sub.team, rolls=detect + asw)
    if any(r <= kill for r in asw):
        sink(ctx, sub, other(sub.team), "defensive ASW")
        return True
    return False        # missed or not DETECTED: the TORPEDO ATTACK goes on unhindered (14.13)


def can_search(ctx: Ctx, d: Declared, u: Unit) -> bool:
    """Whether ship ``u`` of declared action ``d`` may search with offensive ASW now (14.14)."""
    return (d.kind == "move_combat" and not d.over_mp and not (d.split and not d.moved) and not u.destroyed
            and u.hex is not None and asw_capable(ctx, u) and u.asw_hex is None)


def offensive_setup(ctx: Ctx, aid: int, units: list[str]) -> tuple[list[Unit], str, list[Unit]]:
    """Who searches with offensive ASW (14.14) and where, changing nothing: ``(ships, hex,
    enemy submarines there)``; each ship rolls one DETECT d20 compared with every enemy
    submarine's DETECT value, each DETECT gives one ASW d20 (<= ``ASW_KILL``).  Raises
    IllegalAction (3.36, 14.11, 14.14)."""
    d = sub_rules.declared_action(ctx, aid)
    team = ctx.state.impulse.team
    sub_rules.check_names(ctx, team, units)
    if d.kind != "move_combat":
        raise IllegalAction("14.14", f"action #{d.aid} is not Move and/or Initiate Combat")
    units = units or [u for u in d.units if asw_capable(ctx, ctx.state.units[u])]
    ships = []
    for uid in units:
        if uid not in d.units:
            raise IllegalAction("3.36", f"{uid} is not activated in action #{d.aid}")
        u = ctx.state.units[uid]
        if not asw_capable(ctx, u):
            raise IllegalAction("14.11", f"{uid} is not an ASW-capable naval unit")
        if u.asw_hex is not None:
            raise IllegalAction("14.14", f"{uid} has already targeted {u.asw_hex} with offensive ASW this Action "
                                "Stage (one hex per Action Stage)")
        ships.append(u)
    if not ships:
        raise IllegalAction("14.11", f"action #{d.aid} has no ASW-capable naval unit")
    h = ships[0].hex
    return ships, h, sub_rules.subs_in(ctx, h, other(team))


def offensive_act(ctx: Ctx, aid: int, units: list[str]) -> list[str]:
    """Offensive ASW (14.14) by ``units`` of Move and/or Initiate Combat action ``aid`` in their
    own hex (:func:`offensive_setup`).  Returns the submarines destroyed."""
    team = ctx.state.impulse.team
    ships, h, enemies = offensive_setup(ctx, aid, units)
    for u in ships:
        u.asw_hex = h
    reveal(ctx, ships, "offensive ASW: the ASW-capable ships reveal themselves", ["14.14", "14.11"])
    bonus = offensive_bonus(ctx, team, h)
    kill = kill_value(bonus)
    lend_bonus(ctx, team, bonus)
    detect = ctx.dice.roll(len(ships), f"offensive ASW DETECT in {h}")
    pairs = [(s, e) for s, r in zip(ships, detect) for e in enemies if r <= sub_rules.detect_of(ctx, e) + bonus.detect]
    for uid in dict.fromkeys(e.uid for _, e in pairs):
        sub_rules.place_marker(ctx, ctx.state.units[uid], "detected", by=next(s.uid for s, x in pairs if x.uid == uid))
    asw = ctx.dice.roll(len(pairs), f"offensive ASW in {h}") if pairs else []
    text = f"DETECT {', '.join(f'{s.uid} {r}' for s, r in zip(ships, detect))}"
    text += (f"; ASW {', '.join(f'{s.uid} vs {e.uid}: {r}' for (s, e), r in zip(pairs, asw))} (needs "
             f"{kill} or less)" if pairs else ": no submarine DETECTED")
    log_need(ctx, f"Offensive ASW in {h}", text, text, ["14.14"], other(team), rolls=detect + asw)
    killed = []
    for (s, e), r in zip(pairs, asw):
        if r <= kill and not e.destroyed:
            sink(ctx, e, team, f"offensive ASW by {s.uid}")
            killed.append(e.uid)
    return killed


def offensive_bonus(ctx: Ctx, team: str, h: str) -> Bonus:
    """The optional bonus of ``team``'s offensive ASW by ships in hex ``h`` (17.2 card, 17.7)."""
    return asw_bonus.bonus(ctx, team, h, [h], by_unit=True)


# ---------------------------------------------------------------- card ASW (14.15)
def search_setup(ctx: Ctx, link: CardPlay, ct: CardType, eff: Effect) -> tuple[list[str], list[Unit], int]:
    """The setup of card ASW (14.15), changing nothing: ``(searched hexes, enemy submarines
    there in the order the hexes were named, ASW value)``.  ONE DETECT d20 is compared with
    each submarine's DETECT value (:func:`lcb_lab.games.lcb.rules.submarines.sot.detect_of`);
    then ONE ASW d20 (<= the ASW value) at the first of them that is revealed.  Raises
    IllegalAction("14.15") for no hex or more than the card's ``search`` hexes."""
    named = (_as_hex(ctx, link.hex),) + tuple(_as_hex(ctx, t) for t in link.targets)
    hexes = list(dict.fromkeys(h for h in named if h))
    limit = int(eff.args.get("search", 1))
    if not hexes or len(hexes) > limit:
        raise IllegalAction("14.15", f"{ct.name} searches 1 to {limit} hex(es); {len(hexes)} given")
    foe = other(link.team)
    enemies = [e for h in hexes for e in sub_rules.subs_in(ctx, h, foe)]
    return hexes, enemies, int(eff.args.get("asw", sub_rules.ASW_KILL))


def asw_search(ctx: Ctx, link: CardPlay, ct: CardType, eff: Effect) -> bool:
    """Card ASW (14.15): ONE DETECT die against every enemy submarine in the searched hexes,
    then ONE ASW die against ONE revealed submarine there.  True when a submarine was
    destroyed."""
    hexes, enemies, need = search_setup(ctx, link, ct, eff)
    bonuses = {h: card_bonus(ctx, link.team, h, hexes) for h in hexes}
    for b in dict.fromkeys(bonuses.values()):
        lend_bonus(ctx, link.team, b)
    r = ctx.dice.roll(1, f"{ct.name}: ASW DETECT")[0]
    link.rolls["asw_detect"] = [r]
    found = [e for e in enemies if r <= sub_rules.detect_of(ctx, e) + bonuses[e.hex].detect]
    for e in found:
        sub_rules.place_marker(ctx, e, "detected", by=link.card)
    ctx.log(explain.step("asw", f"{ct.name}: ASW search", f"{', '.join(hexes)}: one DETECT die, rolled {r}: "
                         + (f"{names(found)} DETECTED" if found else "no submarine DETECTED"), ["14.15"]),
            team=link.team, card=link.card)
    target = next((e for e in enemies if e.revealed and not e.destroyed), None)
    if target is None:
        return False
    k = ctx.dice.roll(1, f"{ct.name}: ASW")[0]
    link.rolls["asw"] = [k]
    need = kill_value(bonuses[target.hex], need)
    ctx.log(explain.step("asw", f"{ct.name}: ASW attack on {target.uid}", f"one die, rolled {k}, needs {need} or "
                         "less" + (": destroyed" if k <= need else ": missed"), ["14.15"]),
            team=link.team, card=link.card)
    if k <= need:
        sink(ctx, target, link.team, ct.name)
        return True
    return False


def card_bonus(ctx: Ctx, team: str, h: str, hexes: list[str]) -> Bonus:
    """The optional bonus of ``team``'s card ASW against a submarine in ``h``, the card searching
    ``hexes`` (17.2 card, 17.7: every friendly ASW unit there lends +1, the card is no unit)."""
    return asw_bonus.bonus(ctx, team, h, hexes, by_unit=False)


# ---------------------------------------------------------------- UUV (14.011, 14.12)
def uuv_setup(ctx: Ctx, link: CardPlay, ct: CardType, eff: Effect) -> tuple[Unit, int, list[Unit], int, int]:
    """The setup of a UUV's TORPEDO ATTACK (14.011, 14.12), changing nothing: ``(target, the
    UUV's DETECT value, the ASW-capable ships in the target's hex, torpedo CV, torpedo dice)``.
    Each ship rolls one DETECT d20 (<= the DETECT value), each DETECT one ASW d20
    (<= :data:`~lcb_lab.games.lcb.rules.submarines.sot.ASW_KILL`); a UUV not destroyed rolls
    its torpedo dice, one hit on any die <= the CV.  Raises IllegalAction (14.12 target, 7.31 range)."""
    tgt = next((ctx.state.units[t] for t in link.targets if t in ctx.state.units), None)
    if tgt is None or tgt.team == link.team or not tgt.revealed or not tgt.on_map or not ctx.is_naval(tgt):
        raise IllegalAction("14.12", f"{ct.name} attacks one revealed enemy naval unit")
    o = link.data.get("origin") or origin(ctx, ctx.card(link.card))    # a marker's TORPEDO: its hex (13.27)
    if o is None or (eff.range is not None and dist(o, tgt.hex) > eff.range):
        raise IllegalAction("7.31", f"{tgt.uid} is out of {ct.name}'s range ({eff.range}) of its host")
    need = int(eff.args.get("detect", ct.detect or UUV_DETECT))
    need += asw_bonus.bonus(ctx, tgt.team, tgt.hex, [tgt.hex], by_unit=True, uuv=True).detect
    hunters = [u for u in ctx.state.units_in(tgt.hex, tgt.team) if asw_capable(ctx, u)]
    return tgt, need, hunters, int(eff.args.get("torpedo_cv", eff.cv or 10)), max(1, eff.dice)


def uuv(ctx: Ctx, link: CardPlay, ct: CardType, eff: Effect) -> bool:
    """An Attached UUV's TORPEDO ATTACK on one revealed enemy naval unit within ``range`` of
    its host (sandbox reading of "UUV Attack: UNMANNED"); defensive ASW of the target hex
    first (14.12).  True when the target was hit."""
    card = ctx.card(link.card)
    tgt, need, hunters, cv, n = uuv_setup(ctx, link, ct, eff)
    bonus = asw_bonus.bonus(ctx, tgt.team, tgt.hex, [tgt.hex], by_unit=True, uuv=True) if hunters else asw_bonus.NONE
    kill = kill_value(bonus)
    lend_bonus(ctx, tgt.team, bonus)
    detect, asw, _ = _defend(ctx, hunters, need, ct.name)
    if hunters:
        ctx.log(explain.step("asw", f"Defensive ASW against {ct.name}", "DETECT " + ", ".join(map(str, detect)) +
                             f" (needs {need})" + (f"; ASW {', '.join(map(str, asw))}" if asw else ""), ["14.12"]))
    if any(r <= kill for r in asw):
        card.where, card.host = "discarded", None
        ctx.log(explain.step("card", f"{ct.name} destroyed by ASW", "the UUV is discarded and does not attack "
                             "(14.12)", ["14.12"]), team=link.team, card=link.card)
        card_gone(ctx, card.cid)                 # an ISR marker firing it leaves with it (13.22, 13.27)
        return False
    rolls = ctx.dice.roll(n, f"{ct.name}: TORPEDO ATTACK")
    link.rolls["torpedo"] = list(rolls)
    ctx.log(explain.step("torpedo", f"{ct.name}: TORPEDO ATTACK on {tgt.uid}", plain.dice_text(rolls, cv),
                         ["14.08", "14.011"]), team=link.team, card=link.card)
    if any(r <= cv for r in rolls):
        host = ctx.state.units.get(card.host or "")
        shooter = host if host is not None else Unit("UUV", "", link.team, "", tgt.hex, 1, {})
        torpedo_hit(ctx, shooter, tgt.uid)
        return True
    return False
