"""The card effect functions of chapter 9 (9.0, 9.013): a card's effect is data naming one of these
(by its name in :data:`lcb_lab.games.lcb.rules.cards.registry.REGISTRY`, the one place they are registered).

A card type's :class:`lcb_lab.games.lcb.model.cards.Effect` names ``fn`` (a key of :data:`EFFECTS`) and gives
its ``args``; :func:`run` calls the function with the link of the chain being resolved.  Each
function applies the effect to ``ctx.state`` and logs it with its rules.  The targets were
checked when the card was played (:func:`check_targets`), so a refusal never follows a roll.

An effect function: ``fn(ctx, link, card_type, effect) -> bool`` -- True when it succeeded (a
success of a cyber / EMS card adds the 7.61 cube, :func:`lcb_lab.games.lcb.rules.cards.use.finish`).

Functions and their ``args`` (the contract's catalogue; the Effect's own fields ``target``,
``range``, ``succeeds_on``, ``dice``, ``cv`` as documented there):

=================  ===========================================================================
``reveal``         ``domain`` ("naval"/"ground"): roll; reveal the target units (6.13)
``reveal_paralyse`` roll; reveal, and the units may not act for the rest of the turn (App. B)
``paralyze``       roll; the units may not act (Core Action, INTERCEPT) for the rest of the turn
``conceal``        roll; own target units flip face down (6.1)
``lrs_attack``     ``bmd``, ``domain``: an LRS of ``dice`` d20 at ``cv`` on one revealed enemy
                   unit; it joins the impulse's combat (CommitCombat) and is INTERCEPTed per
                   7.5 (9.05; an off-map attacker: only the range rule of 7.53 applies)
``network_cube``   ``n``: roll; n cubes on the ENEMY Tactical Network (no extra 7.61 cube)
``network_repair`` ``n``: roll; remove n cubes from the own Tactical Network (no 7.61 cube)
``ap_loss``        ``n``: roll; the enemy team's impulses lose n AP for the rest of the turn
``place_marker``   ``marker``, ``count``, ``reveal``, ``enemy_occupied``, ``contiguous`` (13.x)
``transport``      ``capacity_gpsv``, ``mp``, ``range``: amphibious landing (12.2, landing.py)
``attached_cv``    passive: the card's ``cvs`` are its host's, own supply (9.32, 9.33); ``bmd``
``add_supply``     passive: ``slot``, ``n`` added to the host's supply at attachment (App. B)
``influence``      ``n``: roll; the Influence Meter moves n spaces toward the own team (15.24)
``resupply``       ``slot``, ``rp``: roll; RP added to an own unit's supply, capped (8.02, 9.33)
``cp_gain``        ``n``: roll; +n CP at the next Planning Stage (``state.cp_bonus[team]``, 3.15)
``unsimulated``    ``chapter``: logged as not simulated in this version
=================  ===========================================================================
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from lcb_lab.kernel import explain
from lcb_lab.games.lcb.model.cards import CardType, Effect
from lcb_lab.kernel.errors import IllegalAction, UnknownName
from lcb_lab.games.lcb.model.state import CardPlay, Unit, other
from lcb_lab.games.lcb.rules.markers import placement
from lcb_lab.games.lcb.rules.cards.targets import _as_hex, origin, target_units
from lcb_lab.games.lcb.rules.cards import hooks as _hooks
from lcb_lab.games.lcb.rules.common import Ctx, names, refs
from lcb_lab.games.lcb.rules.movement.conceal import reveal as _reveal
from lcb_lab.games.lcb.rules.optional import interoperability as interop

if TYPE_CHECKING:
    from lcb_lab.games.lcb.model.state import Card

EffectFn = Callable[[Ctx, CardPlay, CardType, Effect], bool]
EFFECTS: dict[str, EffectFn] = _hooks.EFFECTS
"""Effect name -> function (see the module doc): the table :func:`run` reads, complete from the start
(:mod:`lcb_lab.games.lcb.rules.cards.hooks`: every effect by path, its module loaded on first use)."""


def roll(ctx: Ctx, link: CardPlay, eff: Effect, purpose: str) -> bool:
    """Roll the effect's ``dice`` d20 against ``succeeds_on`` (no roll when None: success);
    a success is any die <= the value. Records the rolls on the link."""
    if eff.succeeds_on is None:
        return True
    rolls = ctx.dice.roll(eff.dice, purpose)
    link.rolls[purpose] = list(rolls)
    return any(r <= eff.succeeds_on for r in rolls)


def _rolled(ctx: Ctx, link: CardPlay, ct: CardType, eff: Effect) -> bool:
    """Roll for the effect and log a failure (9.0)."""
    purpose = f"{ct.name}: effect"
    ok = roll(ctx, link, eff, purpose)
    if eff.succeeds_on is None:
        return True
    rolled = ", ".join(str(r) for r in link.rolls[purpose])
    ctx.log(explain.step("card", f"{ct.name} {'succeeds' if ok else 'fails'}",
                         f"rolled {rolled}, succeeds on {eff.succeeds_on} or less" + ("" if ok else ": no effect"),
                         ["9.0", "9.2"] if ct.persistent else ["9.0"]),
            team=link.team, card=link.card)
    return ok


def run(ctx: Ctx, link: CardPlay) -> bool:
    """Carry out the effect of ``link`` (its card's option). Returns its success."""
    card = ctx.card(link.card)
    ct = ctx.ctype(card)
    eff = ct.effect(link.option)
    fn = EFFECTS.get(eff.fn)
    if fn is None:
        raise IllegalAction("9.0", f"{ct.name}: unknown effect function {eff.fn!r}")
    return fn(ctx, link, ct, eff)


# ---------------------------------------------------------------- effects on units
def reveal(ctx: Ctx, link: CardPlay, ct: CardType, eff: Effect) -> bool:
    """Roll, then reveal the target units (6.13: cards reveal units)."""
    units = target_units(ctx, link, eff)
    if not _rolled(ctx, link, ct, eff):
        return False
    newly = _reveal(ctx, units, f"revealed by {ct.name}", ["6.13", "9.0"])
    if ctx.state.optional_data and newly:         # 17.1: the card's nation marks what it revealed
        card = ctx.state.cards.get(link.card)
        host = ctx.state.units.get(card.host or "") if card is not None else None
        interop.mark_for(ctx, newly, link.team, [interop.card_nation(ctx.state, host, link.team)])
    if ctx.state.card_markers:                   # 13.23, 13.11, 13.44: the enemy's card markers in a target hex
        for h in {_as_hex(ctx, x) for x in [link.hex] + list(link.targets)} - {None}:
            placement.reveal_in(ctx, h, other(link.team), f"revealed by {ct.name}")
    return True


def _paralyze(ctx: Ctx, units: list[Unit], ct: CardType) -> None:
    if not units:                       # a stack of MILDECs only (4.22): no unit to stop
        return
    for u in units:
        u.paralysed = True
    ctx.log(explain.step("effect", f"{names(units)} may not act this turn",
                         f"{ct.name}: no Core Action and no INTERCEPT for the rest of the turn (its Attached cards "
                         "neither)", ["9.0", "3.34"]))


def reveal_paralyse(ctx: Ctx, link: CardPlay, ct: CardType, eff: Effect) -> bool:
    """Roll, then reveal the target units; they may not act for the rest of the turn (no
    Core Action, no INTERCEPT)."""
    if not reveal(ctx, link, ct, eff):
        return False
    _paralyze(ctx, target_units(ctx, link, eff), ct)
    return True


def paralyze(ctx: Ctx, link: CardPlay, ct: CardType, eff: Effect) -> bool:
    """Roll; the target units may not act for the rest of the turn. Face-down units stay face
    down: the log names them only to their own team."""
    units = target_units(ctx, link, eff)
    if not _rolled(ctx, link, ct, eff):
        return False
    if not units:                       # a stack of MILDECs only (4.22): no unit to stop
        return True
    for u in units:
        u.paralysed = True
    ctx.log(explain.step("effect", f"{names(units)} may not act this turn",
                         f"{ct.name}: no Core Action and no INTERCEPT for the rest of the turn", ["9.0"]),
            team=units[0].team,                  # the hidden units' owner reads their names
            effect="paralyse", units=refs(units), hex=units[0].hex)
    return True


def conceal(ctx: Ctx, link: CardPlay, ct: CardType, eff: Effect) -> bool:
    """Roll; the own target units flip face down (6.1; e.g. Thermal Camo)."""
    units = target_units(ctx, link, eff)
    if not _rolled(ctx, link, ct, eff):
        return False
    was = refs(units)
    for u in units:
        u.revealed = False
    ctx.log(explain.step("conceal", f"Concealed by {ct.name}: {names(units)}", "turned face down (card effect)",
                         ["6.1", "9.0"]), team=link.team, units=was, markers=[], hex=units[0].hex)
    return True


def _tracked_slots(ctx: Ctx, u: Unit) -> list[str]:
    """A unit's CV slots with tracked supply, its own then its Attached cards' (8.0, 9.33)."""
    from lcb_lab.games.lcb.rules.common import max_supply
    slots = [cv.slot for kind in ("GA", "LRS", "INT") for cv in ctx.cvs_of(u, kind)]
    return [x for x in slots if max_supply(ctx, u, x) is not None]


def fill_supply(ctx: Ctx, u: Unit, rp: int, slots: list[str] | None = None) -> tuple[list[str], int]:
    """Hand ``rp`` Resupply Points to ``u``'s tracked slots (or ``slots``) in order, never above a
    slot's starting supply (8.02, 9.33): ``(["LRS1 2 -> 6", ...], RP left over)``."""
    from lcb_lab.games.lcb.rules.cards import cvs as card_cvs
    from lcb_lab.games.lcb.rules.common import max_supply, supply_left
    parts = []
    for slot in (slots if slots is not None else _tracked_slots(ctx, u)):
        have, cap = supply_left(ctx, u, slot), max_supply(ctx, u, slot)
        if rp <= 0 or have is None or cap is None or have >= cap:
            continue
        k = min(rp, cap - have)
        before, after = card_cvs.add(ctx, u, slot, k)
        rp -= k
        parts.append(f"{slot} {before} -> {after}")
    return parts, rp


def resupply(ctx: Ctx, link: CardPlay, ct: CardType, eff: Effect) -> bool:
    """Roll; ``args.rp`` RP to the own target unit: into ``args.slot`` when given, else into its
    tracked slots in order (GA, LRS, INTERCEPT, then its Attached cards'; lcb_lab's reading),
    never above a slot's starting supply (8.02; an Attached card's never above its original,
    9.33). ``args.domain`` ("ground") limits the target (checked on play)."""
    u = target_units(ctx, link, eff)[0]
    rp = int(eff.args.get("rp", 0))
    if not _rolled(ctx, link, ct, eff):
        return False
    parts, _ = fill_supply(ctx, u, rp, [eff.args["slot"]] if eff.args.get("slot") else None)
    ctx.log(explain.step("resupply", f"{ct.name} resupplies {u.uid}",
                         ("; ".join(parts) or "nothing below its starting supply") + " (never above the starting "
                         "supply)", ["8.02", "9.33"]), team=link.team, unit=refs([u]))
    return bool(parts)


# ---------------------------------------------------------------- combat
def lrs_attack(ctx: Ctx, link: CardPlay, ct: CardType, eff: Effect) -> bool:
    """The card's LRS attack joins the impulse's combat: it is committed with CommitCombat and
    rolled with the other LRS on its target; INTERCEPT answers it per 7.5 (9.05, module doc)."""
    t = target_units(ctx, link, eff)[0]
    imp = ctx.state.impulse
    card = ctx.card(link.card)
    alloc = {"shooter": link.card, "card": link.card, "slot": "CARD", "target": t.uid, "dice": int(eff.dice),
             "cv": int(eff.cv or 0), "bmd": bool(eff.args.get("bmd") or "ballistic" in ct.categories),
             "name": ct.name,
             # a card with a range attacks from its host / marker on the map; else off the map (9.012)
             "hex": link.data.get("origin") or (origin(ctx, card) if eff.range is not None else None)}  # a marker's LRS: its hex (13.27)
    imp.card_lrs.append(alloc)
    ctx.log(explain.step("allocate", f"LRS allocated: {ct.name} -> {t.uid}",
                         f"{eff.dice} dice at CV {eff.cv}; rolled with the impulse's combat (commit it), "
                         "INTERCEPTed like any LRS" + (" -- ballistic: only BMD INTERCEPT answers it" if alloc["bmd"] else ""),
                         ["9.05", "7.05", "7.5"] + (["7.510"] if alloc["bmd"] else [])),
            team=link.team, card=link.card)
    return True


# ---------------------------------------------------------------- networks, AP, meters
def _net(ctx: Ctx, team: str, n: int, why: str) -> None:
    from lcb_lab.games.lcb.rules.cards.scripted import network_cube as _cube
    cubes = ctx.state.network_cubes.get(team, 0)
    _cube(ctx, team, n if n > 0 else max(n, -cubes), why, ["7.61"])


def network_cube(ctx: Ctx, link: CardPlay, ct: CardType, eff: Effect) -> bool:
    """Roll; ``args.n`` cubes on the enemy Tactical Network -- the cubes the card states, with
    no extra 7.61 cube (e.g. MUX: Unmanned)."""
    if not _rolled(ctx, link, ct, eff):
        return False
    _net(ctx, other(link.team), int(eff.args.get("n", 1)), f"{ct.name}: the cubes the card states (7.61)")
    return True


def network_repair(ctx: Ctx, link: CardPlay, ct: CardType, eff: Effect) -> bool:
    """Roll; remove ``args.n`` cubes from the own Tactical Network (none below 0; a card that
    removes own cubes adds no 7.61 cube)."""
    if not _rolled(ctx, link, ct, eff):
        return False
    if ctx.state.network_cubes.get(link.team, 0) == 0:
        ctx.log(explain.step("network", f"{ct.name}: no cube to remove", f"{link.team}'s Tactical Network is clean",
                             ["7.61"]))
        return True
    _net(ctx, link.team, -int(eff.args.get("n", 1)), f"{ct.name} repairs the network (7.61)")
    return True


def ap_loss(ctx: Ctx, link: CardPlay, ct: CardType, eff: Effect) -> bool:
    """Roll; the enemy team's impulses lose ``args.n`` AP for the rest of the turn
    (``state.ap_loss``, cleared when the turn ends; 9.41 ex.: EMS Jamming)."""
    if not _rolled(ctx, link, ct, eff):
        return False
    foe, n = other(link.team), int(eff.args.get("n", 1))
    ctx.state.ap_loss = {**ctx.state.ap_loss, foe: ctx.state.ap_loss.get(foe, 0) + n}
    ctx.log(explain.step("effect", f"{foe} impulses lose {n} AP this turn", f"{ct.name}; a Task Force keeps at "
                         "least 1 AP (sandbox)", ["9.41", "3.32"]))
    return True


def influence(ctx: Ctx, link: CardPlay, ct: CardType, eff: Effect) -> bool:
    """Roll; the Influence Meter moves ``args.n`` spaces toward the own team (15.24)."""
    from lcb_lab.games.lcb.rules.stages import influence as meter
    if not _rolled(ctx, link, ct, eff):
        return False
    for _ in range(int(eff.args.get("n", 1))):
        meter.move(ctx, link.team, f"{ct.name}", ["15.24"])
    return True


def cp_gain(ctx: Ctx, link: CardPlay, ct: CardType, eff: Effect) -> bool:
    """Roll; ``args.n`` CP for the team's next Planning Stage the scenario grants
    (``state.cp_bonus[team]``, added by the Planning Stage, 3.15)."""
    if not _rolled(ctx, link, ct, eff):
        return False
    n = int(eff.args.get("n", 1))
    ctx.state.cp_bonus = {**ctx.state.cp_bonus, link.team: ctx.state.cp_bonus.get(link.team, 0) + n}
    ctx.log(explain.step("effect", f"{link.team} gains {n} CP", f"{ct.name}: for the next Planning Stage the "
                         "scenario grants (3.15)", ["3.15"]), team=link.team)
    return True


def unsimulated(ctx: Ctx, link: CardPlay, ct: CardType, eff: Effect) -> bool:
    """The effect belongs to a later chapter (``args.chapter``): logged, nothing simulated."""
    ch = eff.args.get("chapter", "?")
    ctx.log(explain.step("card", f"{ct.name}: effect not simulated",
                         f"it belongs to chapter {ch} of the rules, not simulated in this version", ["9.0", str(ch)]),
            team=link.team, card=link.card)
    return True


# ---------------------------------------------------------------- the map
def place_marker(ctx: Ctx, link: CardPlay, ct: CardType, eff: Effect) -> bool:
    """Roll; put ``args.marker`` markers on the target hexes (13.x, card_markers)."""
    hexes = [_as_hex(ctx, h) for h in ([link.hex] if link.hex else []) + list(link.targets)]
    if not _rolled(ctx, link, ct, eff):
        return False
    a = eff.args
    placement.place(ctx, link.team, link.card, ct.name, a.get("marker", "isr"), hexes, bool(a.get("reveal")), a)
    return True


# ``transport`` (amphibious landing, 12.2) is :func:`lcb_lab.games.lcb.rules.transport.landing.transport`.


# ---------------------------------------------------------------- passive (at attachment)
def attached_cv(ctx: Ctx, link: CardPlay, ct: CardType, eff: Effect) -> bool:
    """Passive (9.32): nothing to play; :func:`on_attach` gives the card its supply."""
    return True


def add_supply(ctx: Ctx, link: CardPlay, ct: CardType, eff: Effect) -> bool:
    """Passive: :func:`on_attach` adds the supply."""
    return True


def on_attach(ctx: Ctx, card: Card) -> None:
    """An Attached card is put under its host's tracker (the Deployment Stage, or a scenario's
    prescribed card): its passive effects take effect at once (9.31) -- ``attached_cv`` gives
    the card its own supply (9.33), ``add_supply`` adds to the host's slot (App. B: Aegis),
    ``hp_bonus`` changes the host's HP (9.31)."""
    try:
        ct = ctx.ctype(card)
    except UnknownName:
        return
    host = ctx.state.units[card.host]
    parts = []
    for e in ct.effects:
        if e.fn == "attached_cv":
            card.supply = {cv.slot: cv.supply for cv in ct.cvs if cv.supply is not None}
            parts += [f"{cv.slot} {cv.value}" + ("" if cv.supply is None else f" ({cv.supply} supply)") for cv in ct.cvs]
        elif e.fn == "add_supply":
            slot, n = e.args.get("slot", "INT1"), int(e.args.get("n", 0))
            host.supply = {**host.supply, slot: host.supply.get(slot, 0) + n}
            parts.append(f"+{n} {slot} supply")
    if ct.hp_bonus:
        host.hp += ct.hp_bonus
        parts.append(f"{ct.hp_bonus:+d} HP")
    if parts:
        ctx.log(explain.step("card", f"{ct.name} attached", f"to {host.uid}: " + ", ".join(parts),
                             ["9.31", "9.32", "9.33"]), team=card.team, card=card.cid, about={"card": card.cid})
