"""The event effect functions (16.0): an Event Card's effect is data naming one of these
(``fn`` of :class:`lcb_lab.games.lcb.model.events.EventEffect`, a key of :data:`EVENT_EFFECTS`).

16.0: events have positive, negative or neutral effects by the position of the Influence Meter
and the battlefield.  An effect says whose it is (``team``: the team the meter favours -- at 0
the team with the initiative --, the other, or both) and when it applies (``when``, a condition
on the meter, :func:`applies`).  Each function takes ``(ctx, card, effect, teams)`` and logs
what it does with its rules.  Where a card effect of chapter 9 does the same thing its parts
are reused: the meter (:func:`lcb_lab.games.lcb.rules.stages.influence.move`, 15.24), CP for the
next granted Planning Stage (``state.cp_bonus``, 3.15), the turn's AP loss (``state.ap_loss``,
as EMS Jamming), Tactical Network cubes (:func:`lcb_lab.games.lcb.rules.cards.scripted.network_cube`,
7.61) and resupply never above the starting supply
(:func:`lcb_lab.games.lcb.rules.cards.effects.fill_supply`, 8.02).

=======================  ====================================================================
``place_gray_cubes``     ``kind``, ``count``, ``on``: the team picks hexes (an ``event`` choice)
``action_pool``          ``per_task_force``: each team's AP form one pool this turn (3.312)
``influence``            ``n``: the meter moves n spaces toward the team (15.24)
``cp_gain``              ``n``: +n CP at the team's next granted Planning Stage (3.15)
``ap_loss``              ``n``: the team's impulses lose n AP this turn (at least 1 AP is left)
``cv_change``            ``kind`` ("LRS"), ``n``: every LRS value changes by n this turn
``resupply_logistics``   ``rp``: each logistics unit regains up to rp RP (8.02)
``network_cube``         ``n``: n cubes on the team's Tactical Network (7.61)
=======================  ====================================================================
"""
from __future__ import annotations

from typing import Callable

from lcb_lab.kernel import explain
from lcb_lab.games.lcb.model.events import EventCard, EventEffect
from lcb_lab.games.lcb.model.state import other
from lcb_lab.games.lcb.rules.common import Ctx, refs

EventFn = Callable[[Ctx, EventCard, EventEffect, list[str]], None]


def favoured(ctx: Ctx) -> str:
    """The team the Influence Meter favours now; at 0 the team with the initiative (sandbox)."""
    v = ctx.state.influence
    return "US" if v > 0 else "RU" if v < 0 else ctx.state.initiative


def applies(ctx: Ctx, eff: EventEffect) -> bool:
    """Whether the effect's meter condition holds now (15.0): ``always``; ``favoured`` (the
    meter stands 1+ toward a team); ``level_at_least`` / ``level_below`` ``args.level``."""
    v = abs(ctx.state.influence)
    if eff.when == "favoured":
        return v > 0
    if eff.when == "level_at_least":
        return v >= int(eff.args["level"])
    if eff.when == "level_below":
        return v < int(eff.args["level"])
    return True


def teams_of(ctx: Ctx, eff: EventEffect) -> list[str]:
    """Whose effect it is: [favoured], [the other] or both (US first)."""
    if eff.team == "both":
        return ["US", "RU"]
    fav = favoured(ctx)
    return [fav] if eff.team == "favoured" else [other(fav)]


def _log(ctx: Ctx, card: EventCard, title: str, text: str, rules: list[str], **facts) -> None:
    ctx.log(explain.step("event", f"{card.name}: {title}", text, ["16.0", *rules]), **facts)


def influence(ctx: Ctx, card: EventCard, eff: EventEffect, teams: list[str]) -> None:
    """The meter moves ``args.n`` spaces toward each team named (15.24: an effect moves it)."""
    from lcb_lab.games.lcb.rules.stages import influence as meter
    for team in teams:
        for _ in range(int(eff.args.get("n", 1))):
            meter.move(ctx, team, f"Event Card {card.name} (16.0)", ["16.0", "15.24"])


def cp_gain(ctx: Ctx, card: EventCard, eff: EventEffect, teams: list[str]) -> None:
    """+``args.n`` CP at each team's next Planning Stage the scenario grants (3.15, ``cp_bonus``)."""
    n = int(eff.args.get("n", 1))
    for team in teams:
        ctx.state.cp_bonus = {**ctx.state.cp_bonus, team: ctx.state.cp_bonus.get(team, 0) + n}
        _log(ctx, card, f"{team} gains {n} CP", "for the next Planning Stage the scenario grants (3.15)", ["3.15"])


def ap_loss(ctx: Ctx, card: EventCard, eff: EventEffect, teams: list[str]) -> None:
    """Each team's impulses lose ``args.n`` AP this turn (``state.ap_loss``; at least 1 AP is left,
    as for a card's AP loss)."""
    n = int(eff.args.get("n", 1))
    for team in teams:
        ctx.state.ap_loss = {**ctx.state.ap_loss, team: ctx.state.ap_loss.get(team, 0) + n}
    _log(ctx, card, f"{' and '.join(teams)} impulses lose {n} AP this turn",
         "a Task Force keeps at least 1 AP (sandbox)", ["3.32"])


def cv_change(ctx: Ctx, card: EventCard, eff: EventEffect, teams: list[str]) -> None:
    """Every ``args.kind`` value ("LRS") changes by ``args.n`` this turn: a modifier of each LRS
    (``state.cv_changes``, read by :func:`lcb_lab.games.lcb.rules.combat.network.lrs_modifiers`)."""
    kind, n = str(eff.args["kind"]), int(eff.args["n"])
    ctx.state.cv_changes = {**ctx.state.cv_changes, kind: ctx.state.cv_changes.get(kind, 0) + n}
    _log(ctx, card, f"every {kind} value {n:+d} this turn", "a modifier of every LRS until the turn ends, "
         "like terrain (7.09)", ["7.09"])


def resupply_logistics(ctx: Ctx, card: EventCard, eff: EventEffect, teams: list[str]) -> None:
    """Each logistics unit (a unit with Resupply Points) of the teams regains up to ``args.rp``
    RP, never above its starting supply (8.02)."""
    from lcb_lab.games.lcb.rules.cards.effects import fill_supply
    rp = int(eff.args.get("rp", 1))
    for team in teams:
        for u in sorted(ctx.state.living(team), key=lambda u: u.uid):
            if "RP" not in u.supply:
                continue
            parts, _ = fill_supply(ctx, u, rp, ["RP"])
            _log(ctx, card, f"{u.uid} resupplied", ("; ".join(parts) or "already at its starting supply")
                 + " (never above the starting supply)", ["8.02"], team=team, unit=refs([u]))


def network_cube(ctx: Ctx, card: EventCard, eff: EventEffect, teams: list[str]) -> None:
    """``args.n`` cubes on each team's Tactical Network (7.61)."""
    from lcb_lab.games.lcb.rules.cards.scripted import network_cube as cube
    for team in teams:
        cube(ctx, team, int(eff.args.get("n", 1)), f"Event Card {card.name} (16.0)", ["16.0", "7.61"])


def action_pool(ctx: Ctx, card: EventCard, eff: EventEffect, teams: list[str]) -> None:
    """Each team's AP form one pool this turn (3.312; :mod:`lcb_lab.games.lcb.rules.events.action_pool`)."""
    from lcb_lab.games.lcb.rules.events import action_pool as pool
    for team in teams:
        pool.form(ctx, team, int(eff.args.get("per_task_force", pool.PER_TASK_FORCE)))


def place_gray_cubes(ctx: Ctx, card: EventCard, eff: EventEffect, teams: list[str]) -> None:
    """The team picks where ``args.count`` gray cubes of ``args.kind`` go (3.26): an ``event``
    choice pushed on the stack (:func:`lcb_lab.games.lcb.rules.events.cubes.ask_placement`)."""
    from lcb_lab.games.lcb.rules.events.cubes import ask_placement
    for team in teams:
        ask_placement(ctx, card.name, eff, team)


EVENT_EFFECTS: dict[str, EventFn] = {
    "place_gray_cubes": place_gray_cubes, "action_pool": action_pool, "influence": influence,
    "cp_gain": cp_gain, "ap_loss": ap_loss, "cv_change": cv_change,
    "resupply_logistics": resupply_logistics, "network_cube": network_cube}
"""Event effect name -> function (every name of :data:`lcb_lab.games.lcb.model.events.EVENT_FUNCTIONS`)."""
