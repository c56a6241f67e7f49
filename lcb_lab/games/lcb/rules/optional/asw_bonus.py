"""The ASW bonus (optional rule 17.7: 17.71-17.73) and 17.2's expended Persistent ASW card.

Consulted by the ASW rolls of chapter 14 (:mod:`lcb_lab.games.lcb.rules.submarines.asw`:
defensive ASW 14.12, offensive ASW 14.14, card ASW 14.15, a UUV's attack 14.12) through
:func:`values`, only while ``is_on(state, "17.7")`` or ``is_on(state, "17.2")``; the submarine
ZOR and the engagement (14.09, 14.011) are not ASW by ships or cards and get no bonus.

* **Expending an ASW card** (:func:`expend`, the act
  :class:`~lcb_lab.games.lcb.actions.ExpendAswCard`): a team flips over one of its ASW-capable
  cards (``"asw"`` among its categories, e.g. "P-8A: Surveillance") over 1 to its ``search``
  hexes (1 for a card that searches none).  Whether it costs an AP follows the usual card rules
  (17.71): a deployed, unexpended Persistent card's use is free (9.2, 17.2: no AP); a card in the
  team pool is played for 1 AP (9.03, 9.41 "like any other JCC") through a declared Play a JCC
  Core Action naming it (``action``), and then goes where a used card goes
  (:func:`lcb_lab.games.lcb.rules.cards.use.after_use`: a Persistent one stays deployed and
  expended, 9.21; a one-time card is discarded, 9.1).  17.2's +4 is for an *unexpended deployed*
  Persistent card: a card from the pool gives 17.71's +2 and needs 17.7 on.  A submarine card
  (a unit on the SOT) is no card to expend.  Its bonus waits in ``state.optional_data["asw_cards"]`` for
  the team's next ASW roll against a submarine in those hexes (then it is used up) or the end
  of the Action Stage (the card turns back, 9.21).  With 17.2 on a Persistent card gives
  DETECT +4 (17.2; submarines on the SOT only, not UUVs); otherwise, with 17.7 on, +2 (17.71).
  lcb_lab's reading of the defender's expend (17.2 "before ... defensive ASW", 17.72 ex.):
  the engine has no pause inside an enemy TORPEDO ATTACK, so the defending team expends the
  card in its own impulse, in advance, over the hexes it guards; the bonus waits there.
* **Friendly ASW units** (17.72, 17.7 on): +1 for each friendly ASW-capable naval unit or
  submarine in the targeted hex(es) beyond the unit that rolls (every one for a card's roll);
  each lends its bonus by taking part in the engagement and is revealed (14.11's reading).
* **The ASW value** (17.73, 17.7 on) rises by the same amount as the DETECT value (17.2 alone
  raises only the DETECT value).

facts.md §20: 17.2 says +4 for a Persistent card, 17.71 and the 17.72 example +2.  lcb_lab
follows each rule where it is on: +4 under 17.2 (also when both are on: the rule written for
Persistent cards), +2 under 17.71; the tests name the reading.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable

from lcb_lab.games.lcb.rules.optional.switches import is_on
from lcb_lab.kernel.errors import IllegalAction

if TYPE_CHECKING:
    from lcb_lab.games.lcb.model.cards import CardType
    from lcb_lab.games.lcb.model.state import Card, Declared, GameState, Unit
    from lcb_lab.games.lcb.rules.common import Ctx

PERSISTENT_DETECT = 4
"""DETECT bonus of an expended Persistent ASW card (17.2)."""
CARD_DETECT = 2
"""DETECT bonus of an expended ASW-capable card (17.71)."""


@dataclass(frozen=True)
class Bonus:
    """What 17.2 / 17.7 add to one ASW roll: ``detect`` to the DETECT value, ``asw`` to the ASW
    value (17.73); ``units`` the friendly ASW units lending +1 (17.72), ``cards`` the expended
    cards counted (their cids), ``text`` the explanation, ``rules`` its rule numbers."""
    detect: int = 0
    asw: int = 0
    units: tuple[str, ...] = ()
    cards: tuple[str, ...] = ()
    text: str = ""
    rules: tuple[str, ...] = ()


NONE = Bonus()


def any_on(state: GameState) -> bool:
    """Whether 17.2 or 17.7 is on (else no bonus is ever computed)."""
    return is_on(state, "17.2") or is_on(state, "17.7")


def asw_card(ctx: Ctx, cid: str) -> tuple[Card, CardType]:
    """The card ``cid`` and its type when it is ASW-capable (its categories hold ``"asw"``)."""
    card = ctx.card(cid)
    ct = ctx.ctype(card)
    if "asw" not in ct.categories:
        raise IllegalAction("17.71", f"{card.name} is not an ASW-capable card")
    return card, ct


def search_limit(ct: CardType) -> int:
    """How many hexes an ASW card covers: its card ASW's ``search`` (14.15), else 1."""
    return max([int(e.args.get("search", 1)) for e in ct.effects if e.fn == "asw_search"] or [1])


def check(ctx: Ctx, cid: str, hexes: Iterable[str], aid: int | None = None
          ) -> tuple[Card, CardType, str, list[str], Declared | None]:
    """The checks of :func:`expend`, changing nothing: ``(card, its type, the rule that gives the
    bonus, the hexes, the Play a JCC action paying it or None)``.  Raises IllegalAction (17.2 /
    17.71: rule off, not the team's, expended, not Persistent under 17.2 alone, a submarine card,
    too many or no hexes; 3.3: no impulse; 3.31: a pool card without its Play a JCC action)."""
    s = ctx.state
    if not any_on(s):
        raise IllegalAction("17.71", "neither optional rule 17.2 nor 17.7 is on: an ASW card cannot be expended "
                            "for a DETECT bonus")
    if s.impulse is None or s.stage != "action":
        raise IllegalAction("3.3", "an ASW card is expended during the team's own impulse")
    card, ct = asw_card(ctx, cid)
    pool = card.where == "pool"
    rule = "17.2" if is_on(s, "17.2") and ct.persistent and not pool else "17.71"
    if card.team != s.impulse.team:
        raise IllegalAction(rule, f"{cid} is not a card of the team whose impulse it is")
    if ct.unit_type:
        raise IllegalAction(rule, f"{card.name} is a submarine on the SOT, not a card to expend")
    if card.expended or card.where not in ("deployed", "pool"):
        raise IllegalAction(rule, f"{card.name} is not an unexpended deployed card nor in the team pool")
    if rule == "17.71" and not is_on(s, "17.7"):
        raise IllegalAction("17.2", f"{card.name} is not an unexpended deployed Persistent card: 17.2 expends only "
                            "those (a card from the pool is 17.71's, with 17.7 on)")
    d = _paid(ctx, card, aid) if pool else None
    if not pool and aid is not None:
        raise IllegalAction("9.2", f"{card.name} is a deployed Persistent card: its use is free, no Play a JCC "
                            "action pays it")
    hexes = list(dict.fromkeys(ctx.board.canonical(h) if h in ctx.board else h for h in hexes))
    limit = search_limit(ct)
    if not 1 <= len(hexes) <= limit or any(h not in ctx.board for h in hexes):
        raise IllegalAction(rule, f"{card.name} covers 1 to {limit} hex(es) of the map; {len(hexes)} given")
    return card, ct, rule, hexes, d


def _paid(ctx: Ctx, card: Card, aid: int | None) -> Declared:
    """The declared Play a JCC action that pays ``card``'s play from the pool (1 AP, 9.03, 9.41).
    Raises IllegalAction (3.31) without one naming it, unused."""
    from lcb_lab.games.lcb.rules.cards.jcc import _matches
    imp = ctx.state.impulse
    d = next((d for d in imp.actions if d.aid == aid), None) if aid is not None else None
    if d is None or d.kind != "play_jcc" or not d.jcc or not _matches(ctx, card, d.jcc) or d.played:
        raise IllegalAction("3.31", f"{card.name} is in the team pool: playing it costs 1 AP, through a declared "
                            "Play a JCC Core Action naming it (9.41)"
                            + (f"; action #{aid} does not pay it" if aid is not None else ""))
    return d


def expend(ctx: Ctx, cid: str, hexes: Iterable[str], aid: int | None = None) -> dict:
    """Expend ASW card ``cid`` of the impulse's team over ``hexes`` (17.2, 17.71): it is flipped
    over and face up (from the pool, played with action ``aid``, and then deployed and expended
    if Persistent, else discarded); returns the bonus record it leaves in
    ``optional_data["asw_cards"]`` (``team, card, name, hexes, detect, rule``).  Raises
    IllegalAction as :func:`check`."""
    from lcb_lab.games.lcb.rules.cards.use import after_use
    card, _, rule, hexes, d = check(ctx, cid, hexes, aid)
    card.face_up = True
    if d is None:
        card.expended = True
    else:
        d.played = card.cid
        after_use(ctx, card)          # Persistent: deployed and expended (9.21); one-time: discarded (9.1)
    detect = PERSISTENT_DETECT if rule == "17.2" else CARD_DETECT
    rec = {"team": card.team, "card": cid, "name": card.name, "hexes": hexes, "detect": detect, "rule": rule}
    ctx.state.optional_data.setdefault("asw_cards", []).append(rec)
    return rec


def _friendly_asw(ctx: Ctx, team: str, hexes: Iterable[str]) -> list[Unit]:
    """Living ASW-capable naval units and submarines of ``team`` in ``hexes`` (17.72)."""
    out = []
    for h in dict.fromkeys(hexes):
        for u in ctx.state.units_in(h, team):
            t = ctx.utype(u)
            if t.is_submarine or (t.is_naval and t.asw):
                out.append(u)
    return out


def bonus(ctx: Ctx, team: str, where: str, hexes: Iterable[str], by_unit: bool, uuv: bool = False) -> Bonus:
    """What 17.2 / 17.7 add to ``team``'s ASW roll against an enemy submarine (or a UUV, ``uuv``)
    in hex ``where``, the roll targeting ``hexes``; ``by_unit``: a unit in the hex rolls (it
    lends no bonus itself, 17.72), else a card (every friendly ASW unit there lends +1).
    :data:`NONE` when 17.2 and 17.7 are off."""
    if not any_on(ctx.state):
        return NONE
    cards = [r for r in ctx.state.optional_data.get("asw_cards", [])
             if r["team"] == team and where in r["hexes"] and not (uuv and r["rule"] == "17.2")]
    units = _friendly_asw(ctx, team, hexes) if is_on(ctx.state, "17.7") else []
    lend = units[1:] if by_unit else units
    detect = sum(r["detect"] for r in cards) + len(lend)
    if not detect:
        return NONE
    asw = detect if is_on(ctx.state, "17.7") else 0
    parts = [f"{r['name']} expended +{r['detect']} ({r['rule']})" for r in cards]
    if lend:
        parts.append(f"{len(lend)} more friendly ASW-capable unit(s) in {', '.join(dict.fromkeys(hexes))} "
                     f"+{len(lend)} (17.72)")
    text = (f"the required DETECT value +{detect}: " + ", ".join(parts)
            + (f"; the ASW value +{asw}, the same amount (17.73)" if asw else ""))
    rules = tuple(dict.fromkeys([r["rule"] for r in cards] + (["17.72"] if lend else []) + (["17.73"] if asw else [])))
    return Bonus(detect, asw, tuple(u.uid for u in lend), tuple(r["card"] for r in cards), text, rules)


def use(ctx: Ctx, team: str, bonus: Bonus) -> list[Unit]:
    """The engagement rolls with ``bonus``: its expended cards are used up; the units lending it
    are returned (the caller reveals them, 14.11)."""
    if bonus.cards:
        recs = ctx.state.optional_data.get("asw_cards", [])
        recs[:] = [r for r in recs if not (r["team"] == team and r["card"] in bonus.cards)]
    return [ctx.state.units[u] for u in bonus.units]


def end_of_action_stage(state: GameState) -> None:
    """Expended cards turn back (9.21): a bonus not used by then lapses."""
    state.optional_data.pop("asw_cards", None)
