"""Combat Values an Attached card gives its host (9.32, 9.33, 7.51, 7.510).

An Attached card's ``cvs`` (:class:`lcb_lab.games.lcb.model.cards.CardType`) become extra CVs of its host,
each in a slot named ``"<cid>:<slot>"`` (``"RU-9:INT1"``) so that rules reading a unit's CVs
(LRS 7.3, INTERCEPT 7.5) and supply (7.04, 7.58, 8.0) find them next to the unit's own.
Their supply is the card's own (``Card.supply``, 9.33: never above the card's original
value).  A card whose effect ``attached_cv`` has ``args.bmd`` gives BMD INTERCEPT values
(7.510: they answer only ballistic LRS).

One CV per Core Action, an Attached card's included (9.32 with 7.02 and 7.34): a host that
fires its Attached card's effect through its Move and/or Initiate Combat (``Unit.fired`` =
``"card:<cid>"``, :func:`mark_fired`) commits no LRS or GROUND ASSAULT of its own in that
action (:func:`refuse_own_cv`), and a host whose own CV is committed does not fire its card
through the same action (:func:`refuse_card_cv`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dataclasses import dataclass

from lcb_lab.games.lcb.model.catalog import CvReading
from lcb_lab.kernel.errors import IllegalAction, UnknownName
from lcb_lab.games.lcb.rules.optional.dual_cv import several_cvs_allowed

if TYPE_CHECKING:
    from lcb_lab.games.lcb.model.state import Unit


@dataclass(frozen=True)
class CardCV(CvReading):
    """One CV of an Attached card, read like a :class:`lcb_lab.games.lcb.model.catalog.CombatValue`."""

    slot: str                      # "<cid>:<slot>"
    value: int
    range: int | None
    supply: int | None             # original supply (None: infinite)
    card: str
    bmd: bool = False


def is_card_slot(slot: str) -> bool:
    """True for a card's slot (``"<cid>:<slot>"``, e.g. ``"RU-9:INT1"``), False for a unit's own (``"LRS1"``)."""
    return ":" in slot


def type_is_bmd(ct: Any) -> bool:
    """Whether the card type ``ct``'s CVs are BMD INTERCEPT values (7.510: they answer only ballistic LRS)."""
    return any(e.fn == "attached_cv" and e.args.get("bmd") for e in ct.effects) or bool(ct.bmd_only)


_MADE: dict[str, tuple[Any, tuple[CardCV, ...]]] = {}
"""Card id -> (its card type, the CVs :func:`_cvs_of_card` made for it): they depend on the two
alone (frozen records), so they are made once per card and type (the type is kept, so its
identity is checked, never a reused id)."""


def _cvs_of_card(ctx, card) -> tuple[CardCV, ...]:
    try:
        ct = ctx.ctype(card)
    except UnknownName:
        return ()
    got = _MADE.get(card.cid)
    if got is not None and got[0] is ct:
        return got[1]
    bmd = type_is_bmd(ct)
    made = tuple(CardCV(f"{card.cid}:{cv.slot}", cv.value, cv.range, cv.supply, card.cid, bmd) for cv in ct.cvs)
    if len(_MADE) >= 1024:
        _MADE.clear()
    _MADE[card.cid] = (ct, made)
    return made


def attached_by_host(cards: dict) -> dict[str, list]:
    """``{host uid: its Attached cards in card order}`` of the game's ``cards`` (``state.cards``)."""
    out: dict[str, list] = {}
    for c in cards.values():
        if c.where == "attached":
            out.setdefault(c.host, []).append(c)
    return out


def card_cvs(ctx: Any, unit: Unit, kind: str | None = None, attached: dict[str, list] | None = None) -> list[CardCV]:
    """The CVs ``unit``'s Attached cards give it (of ``kind`` "LRS" / "INT" / "GA" when given).
    ``attached``: :func:`attached_by_host` of the state as it is (read once for several units)."""
    cards = ctx.state.cards
    if not cards:
        return []
    out = []
    for c in (attached.get(unit.uid, ()) if attached is not None else cards.values()):
        if c.where == "attached" and c.host == unit.uid:
            out += [cv for cv in _cvs_of_card(ctx, c) if kind is None or cv.kind == kind]
    return out


def card_cv(ctx: Any, unit: Unit, slot: str) -> CardCV | None:
    """The card CV in ``slot`` (``"<cid>:<slot>"``) of ``unit``, or None.  A card lost with its
    host during the impulse's combat (9.31) still reads its CV, so dice already committed
    through it are rolled like those of any unit destroyed earlier in the same combat (3.03:
    all combat of an impulse is resolved together); new allocations go through
    :func:`card_cvs`, which lists attached cards only."""
    c = ctx.state.cards.get(slot.split(":", 1)[0])
    if c is None or c.host not in (unit.uid, None):
        return None
    return next((cv for cv in _cvs_of_card(ctx, c) if cv.slot == slot), None)


def card_supply(ctx: Any, slot: str) -> int | None:
    """Dice left in a card slot (the card's own supply, 9.33); None for infinite."""
    cid, sub = slot.split(":", 1)
    c = ctx.state.cards.get(cid)
    if c is None:
        return 0
    cv = next((x for x in _cvs_of_card(ctx, c) if x.slot == slot), None)
    if cv is None or cv.supply is None:
        return None
    return c.supply.get(sub, 0)


def spend(ctx: Any, unit: Unit, slot: str, n: int) -> None:
    """Spend ``n`` supply of ``slot`` (a unit slot or a card slot), nothing when infinite."""
    if is_card_slot(slot):
        if card_supply(ctx, slot) is not None:
            cid, sub = slot.split(":", 1)
            c = ctx.state.cards[cid]
            c.supply = {**c.supply, sub: c.supply.get(sub, 0) - n}
        return
    cv = ctx.cv(unit, slot)
    if cv is not None and not cv.infinite_supply:
        unit.supply = {**unit.supply, slot: unit.supply[slot] - n}


def add(ctx: Any, unit: Unit, slot: str, n: int) -> tuple[int, int]:
    """Add ``n`` supply to ``slot`` (a unit slot or a card slot): ``(before, after)``."""
    if is_card_slot(slot):
        cid, sub = slot.split(":", 1)
        c = ctx.state.cards[cid]
        before = c.supply.get(sub, 0)
        c.supply = {**c.supply, sub: before + n}
        return before, before + n
    before = unit.supply.get(slot, 0)
    unit.supply = {**unit.supply, slot: before + n}
    return before, before + n


def supply_bonus(ctx: Any, unit: Unit, slot: str) -> int:
    """Supply the host's Attached cards add to its own ``slot`` (``add_supply``, App. B: Aegis)."""
    out = 0
    for c in ctx.state.cards.values():
        if c.where == "attached" and c.host == unit.uid:
            try:
                ct = ctx.ctype(c)
            except UnknownName:
                continue
            out += sum(int(e.args.get("n", 0)) for e in ct.effects
                       if e.fn == "add_supply" and e.args.get("slot") == slot)
    return out


# ---------------------------------------------------------------- one CV per Core Action (9.32, 7.02, 7.34)
FIRED_CARD = "card:"
"""``Unit.fired`` prefix of a host that fired its Attached card through its Core Action."""


def mark_fired(host: Unit, cid: str) -> None:
    """``host`` fired its Attached card ``cid`` through its Move and/or Initiate Combat this
    impulse (9.32): that is the one CV of its Core Action (7.02)."""
    host.fired = FIRED_CARD + cid


def refuse_own_cv(ctx: Any, uids: list[str]) -> None:
    """Raise IllegalAction (9.32) when one of ``uids`` (units committing LRS or GROUND ASSAULT)
    already fired its Attached card through its Core Action this impulse: a unit uses one CV per
    Core Action, its Attached card's included (7.02, 7.34)."""
    if several_cvs_allowed(ctx.state):         # 17.81 (optional): the card's CV and the unit's own
        return
    for uid in dict.fromkeys(uids):
        u = ctx.state.units.get(uid)
        if u is not None and u.fired.startswith(FIRED_CARD):
            card = ctx.state.cards.get(u.fired[len(FIRED_CARD):])
            name = card.name if card is not None else u.fired[len(FIRED_CARD):]
            raise IllegalAction("9.32", f"{uid} fired its Attached {name} in this Core Action: a unit uses one "
                                "CV per Core Action, its organic CV or its Attached card's (7.02, 7.34)")


def refuse_card_cv(ctx: Any, host: str, card_name: str) -> None:
    """Raise IllegalAction (9.32) when ``host`` already committed LRS or GROUND ASSAULT of its
    own this impulse and would now fire its Attached card ``card_name`` through the same Core
    Action (7.02: one CV per Core Action)."""
    combat = ctx.state.impulse.combat if ctx.state.impulse is not None else None
    if combat is None or several_cvs_allowed(ctx.state):     # 17.81 (optional): every CV at once
        return
    used = [a["slot"] for a in combat.lrs if a["shooter"] == host] + ["GA" for a in combat.ga if a["attacker"] == host]
    if used:
        raise IllegalAction("9.32", f"{host} used its {used[0]} CV in this Core Action: it cannot also fire its "
                            f"Attached {card_name} (one CV per Core Action, 7.02, 7.34)")
