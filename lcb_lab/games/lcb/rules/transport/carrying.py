"""What every transport card shares (12.0x, 12.08, 12.11, 12.12, 12.42): the carrying team's
own units, the host ship, the destination hex, and the enemy's INTERCEPT / FTR NULLIFY successes
on a card with ``args.loss_per_hit`` (:func:`absorb_hits`): each removes that many GPSV (or RP) of
what it carries instead of stopping the use.  The owner chooses which units by the ORDER of
``targets``: the last named are lost first.  lcb_lab reads "removes" as lost: the units are
destroyed (counted as kills of the intercepting team, 3.42); lost reinforcements never arrive
(removed from the pool, not counted: they were never on the map).  A card destroyed by its last
cube still delivers the survivors of that use (sandbox).

The methods: rotary wing (:mod:`lcb_lab.games.lcb.rules.transport.rotary_wing`, 12.1),
reinforcements (:mod:`lcb_lab.games.lcb.rules.transport.reinforcements`, 12.4), amphibious
landing (:mod:`lcb_lab.games.lcb.rules.transport.landing`, 12.2), ports
(:mod:`lcb_lab.games.lcb.rules.transport.ports`, 12.3); every landing goes through
:func:`lcb_lab.games.lcb.rules.transport.disembark.disembark` (12.07).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from lcb_lab.kernel import explain
from lcb_lab.kernel.errors import IllegalAction, UnknownName
from lcb_lab.games.lcb.model.state import Unit, other
from lcb_lab.games.lcb.rules.common import Ctx, living_unit, names
from lcb_lab.games.lcb.rules.transport.cargo import enemy_in

if TYPE_CHECKING:
    from lcb_lab.games.lcb.model.cards import CardType, Effect
    from lcb_lab.games.lcb.model.state import Card, CardPlay
    from lcb_lab.games.lcb.rules.common import GameLike

FNS = ("rotary_lift", "reinforce", "sealift", "littoral_move")
"""The effect functions of the rotary-wing and reinforcement cards."""


def own_unit(ctx: Ctx, uid: str, team: str) -> Unit | None:
    """Unit ``uid`` when it is ``team``'s, else None: another team's name is refused like a name
    that does not exist (6.11: a refusal never tells whether a hidden counter is there)."""
    u = ctx.state.units.get(uid)
    return u if u is not None and u.team == team and not u.destroyed else None


def host_ship(ctx: Ctx, card: Card, ct: CardType) -> Unit:
    """The Embark-capable ship ``card`` (an Embarked card) is used from, on the map (12.02, 12.04)."""
    if card.where != "embarked" or not card.host:
        raise IllegalAction("12.02", f"{ct.name} is used from its Embark-capable host ship: it must be Embarked")
    host = living_unit(ctx, card.host, "10.0")
    if host.hex is None:
        raise IllegalAction("12.04", f"{host.uid} is not on the map")
    return host


def destination(ctx: Ctx, hex_: str | None, rule: str) -> str:
    """The transport's hex ``hex_`` as the map labels it; IllegalAction(``rule``) when none is named."""
    if not hex_ or hex_ not in ctx.board:
        raise IllegalAction(rule, "name the hex of the transport (hex=...)")
    return ctx.board.canonical(hex_)


def check_friendly(ctx: Ctx, h: str, team: str, rule: str, what: str) -> None:
    """IllegalAction(``rule``) when hex ``h`` holds enemy counters (``what`` needs a friendly or unoccupied hex)."""
    if enemy_in(ctx, h, team):
        raise IllegalAction(rule, f"{h} holds enemy counters: {what} needs a friendly or unoccupied hex")


def losses(ctx: Ctx, items: list, gpsv: Callable[[Any], int], loss: int) -> tuple[list, list]:
    """(survivors, lost): the last named of ``items`` are lost first until ``loss`` GPSV are
    removed (``gpsv(item)``: an item's GPSV, 12.12, 12.42)."""
    keep, lost, removed = list(items), [], 0
    while keep and removed < loss:
        x = keep.pop()
        lost.insert(0, x)
        removed += gpsv(x)
    return keep, lost


def hits(link: CardPlay) -> int:
    """The enemy successes a transport card's use has absorbed so far (12.12)."""
    return int(link.data.get("hits", 0))


def absorb_hits(ctx: Ctx, link: CardPlay, n: int) -> bool:
    """12.12, 12.42: ``n`` enemy INTERCEPT / FTR NULLIFY successes on a lift card whose effect
    has ``args.loss_per_hit``: recorded on the link (each removes that many GPSV or RP when the
    effect resolves) instead of stopping the use.  True when handled (the caller adds the cubes,
    9.04); False for every other card."""
    card = ctx.state.cards.get(link.card)
    if card is None or link.data.get("kind", "play") != "play":
        return False
    try:
        eff = ctx.ctype(card).effect(link.option)
    except UnknownName:
        return False
    if eff.fn not in FNS or not eff.args.get("loss_per_hit"):
        return False
    link.data["hits"] = hits(link) + n
    link.data.setdefault("host", card.host)
    per = int(eff.args["loss_per_hit"])
    ctx.log(explain.step("transport", f"{card.name}: {n} enemy success{'es' if n > 1 else ''}",
                         f"each removes {per} GPSV or RP of what it carries ({hits(link) * per} in all so far); the "
                         "rest still arrives", ["12.12", "12.42", "9.04"]), pid=link.pid)
    return True


def destroy_lost(ctx: Ctx, lost: list, team: str, what: str) -> None:
    """Destroy the units ``lost`` to the enemy's successes on ``what`` (12.12, 12.42; kills of the other team, 3.42)."""
    if not lost:
        return
    from lcb_lab.games.lcb.rules.combat.destruction import destroy
    why = "the GPSV the enemy's successes remove are lost (lcb_lab's reading of 12.12: destroyed)"
    ctx.log(explain.step("transport", f"{what} loses {names(lost)}", why, ["12.12", "12.42"]),
            team=team, about=[{"unit": u.uid} for u in lost],           # what it carried: its team's (12.2x)
            public_title=f"{what} loses {len(lost)} unit(s)", public_text=why)
    for u in lost:
        u.hp = 0
        destroy(ctx, u, other(team))
