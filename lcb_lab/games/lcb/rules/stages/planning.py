"""The Planning Stage: Command Points, buying cards, Attached and Embarked hosts (3.1, 9.3, 10.0).

A Planning Stage opens on the first turn when a scenario starts in it (``start =
"planning"``) and at the start of every later turn the scenario grants CP for (3.06, 3.15).
Both teams plan at the same time (3.01): each buys cards (:func:`buy`, 3.12) until it ends
its stage (:func:`end_planning`); its unspent CP are lost (3.13). When both have ended, the
Deployment Stage follows on the first turn (3.02), the Action Stage on later turns.

Where a bought card goes:

* the team pool (``where="pool"``, hidden from the other team, 3.12);
* Attached to a host unit (``attach_to``, 9.3): only in the FIRST Planning Stage (9.31); the
  host meets the card's ``requires``; one attachment per unit except ``free_attachment``
  cards (9.31 EXCEPTION); not directly on an Embark-capable ship (10.39); a card that
  modifies a CV needs a host with that CV (9.33). Its passive effects (``when="passive"``:
  ``attached_cv``, ``add_supply``) are applied at attachment (9.31) by the play rules'
  effect functions (:data:`lcb_lab.games.lcb.rules.cards.registry.REGISTRY`);
* Embarked on an Embark-capable ship (``embark_on``, 10.0): a card with a Space Value, or one
  that requires an Embark-capable host (10.22: no Space Value, embarked at no cost); the
  ship's Embarkation Value caps the GPSV and ASV aboard (10.21, 10.35).

An Attached or Embarked card bought without its host goes to the pool and must get its host
in the Deployment Stage (3.14, 3.22). An Attached card is bought even when no unit could host it
yet (9.31: acquired in the first Planning Stage; its host may be a JCC submarine bought later,
14.01): one still without a possible host at the end of the Deployment Stage is discarded (4.33,
:mod:`lcb_lab.games.lcb.rules.stages.deployment`). Cards with ``automatic_on`` are given to every unit of
those types (9.31 EXCEPTION) at the start of the first Planning Stage.

Influence Meter benefits (15.1: cumulative, from the start of the turn): at 3 or more toward
a team, +5 CP at each Planning Stage the scenario grants (15.12); at 9 or more, 2 free cards
(not Attached) taken into the pool at the start of the Action Stage (15.14).

Log entries about a team's hidden cards carry ``team=`` and a public form that gives only
counts (the observer shows the other team that form; :func:`card_counts`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from lcb_lab.kernel import explain
from lcb_lab.games.lcb.model.cards import CardType
from lcb_lab.kernel.errors import IllegalAction, UnknownName
from lcb_lab.games.lcb.model.state import Card, GameState, Unit
from lcb_lab.games.lcb.rules.embarking import embark as embark_rules
from lcb_lab.games.lcb.rules.common import Ctx
from lcb_lab.games.lcb.rules.stages import placeable
from lcb_lab.games.lcb.rules.stages.influence import cp_benefit, free_cards_benefit

if TYPE_CHECKING:
    from lcb_lab.games.lcb.model.catalog import UnitType
EMBARK_TAGS = {"embark", "lhd", "lha", "lpd", "lhd_lha", "amphibious_ship"}
"""``requires`` tags that name an Embark-capable ship (10.31)."""


# ------------------------------------------------------------------ hosts
def host_problem(ctx: Ctx, unit: Unit, ct: CardType) -> tuple[str, str] | None:
    """``(rule, reason)`` why ``unit`` cannot host ``ct`` as an Attached card (9.31, 9.33,
    10.39), or None.

    ``requires`` lists alternatives (any one suffices): a unit type id, a domain ("naval",
    "ground"), "embark" (an Embark-capable ship), "lrs" / "int" / "ga" (has such a CV), or
    the unit's abbreviation ("DDG(X)")."""
    t = ctx.utype(unit)
    if unit.team != ct.team:
        return "9.31", f"{unit.uid} is not a {ct.team} unit"
    if not host_allowed(ct, t):
        return "9.31", f"{ct.name} requires {' or '.join(ct.requires)}; {unit.uid} is a {t.name}"
    if t.embark_gpsv or t.embark_asv:
        return "10.39", f"an Attached card cannot be attached directly to the Embark-capable ship {unit.uid}"
    slots = {str(e.args.get("slot")) for e in ct.effects if e.fn == "add_supply" and e.args.get("slot")}
    missing = [s for s in sorted(slots) if t.cv(s) is None]
    if missing:
        return "9.33", f"{ct.name} modifies {', '.join(missing)}, which {unit.uid} does not have"
    same = [c for c in attached_to(ctx.state, unit.uid) if c.name == ct.name] if ct.free_attachment else []
    if same:        # the 9.31 EXCEPTION frees the allotment, not a second copy of the same system
        return "9.31", f"{unit.uid} already has {ct.name} attached ({same[0].cid})"
    return None


def host_allowed(ct: CardType, t: UnitType) -> bool:
    """Whether a unit of type ``t`` meets ``ct``'s ``requires`` (the card model's own
    ``host_allowed`` when it has one)."""
    own = getattr(ct, "host_allowed", None)
    if own is not None:
        return own(t)
    return not ct.requires or any(_meets(t, r) for r in ct.requires)


def is_network(ct: CardType) -> bool:
    """The team's Tactical Network card (7.6; category "network", not a Deployment-Stage card
    such as Poisoning AI): placed by the map at the end of deployment."""
    return "network" in ct.categories and not ct.deployment_only


def _meets(t, req: str) -> bool:
    r = req.lower()
    if r in (t.type_id.lower(), t.domain, t.abbrev.lower()):
        return True
    if r in EMBARK_TAGS:
        return bool(t.embark_gpsv or t.embark_asv)
    if r in ("lrs", "int", "ga"):
        return bool(t.cvs_of(r.upper()))
    return False


def must_embark(ct: CardType) -> bool:
    """A card that is not Attached but requires an Embark-capable host is played Embarked on
    it (10.1, 10.22)."""
    return not ct.attached and bool(ct.requires) and all(r.lower() in EMBARK_TAGS for r in ct.requires)


def attach(ctx: Ctx, card: Card, uid: str, rule: str = "9.31") -> None:
    """Attach ``card`` to unit ``uid`` (checks in the module doc) and apply its passive effects
    (9.31). Raises IllegalAction."""
    ct = ctx.ctype(card)
    if not ct.attached:
        raise IllegalAction("9.3", f"{ct.name} is not an Attached card (no ATTACH symbol)")
    unit = _own_unit(ctx, uid, card.team, rule)
    problem = host_problem(ctx, unit, ct)
    if problem:
        raise IllegalAction(*problem)
    if not ct.free_attachment:
        held = [c for c in attached_to(ctx.state, uid) if not ctx.ctype(c).free_attachment and c.cid != card.cid]
        if held:
            raise IllegalAction("9.31", f"{uid} already has an Attached card ({held[0].name}); a unit may "
                                "have only one")
    if unit.embarked_on:             # it joins its host aboard: the ship's capacity and symbols (10.35)
        embark_rules.check_fits(ctx, unit.embarked_on, cards=[card.cid])
    card.where, card.host, card.hex = "attached", uid, None
    _passive(ctx, card, ct)


def _passive(ctx: Ctx, card: Card, ct: CardType) -> None:
    """Apply the passive effects at attachment (9.31): the play rules' ``on_attach``
    (``attached_cv``: the card's own supply; ``add_supply``; ``hp_bonus``)."""
    from lcb_lab.games.lcb.rules.cards.effects import on_attach
    on_attach(ctx, card)


def embark(ctx: Ctx, card: Card, ship_uid: str, rule: str = "10.0") -> None:
    """Embark ``card`` on the ship ``ship_uid`` (10.1, 10.21, 10.22). Raises IllegalAction."""
    ct = ctx.ctype(card)
    if ct.attached:
        raise IllegalAction("10.39", f"{ct.name} is an Attached card: attach it to a unit (it may then "
                            "embark with its host)")
    if not (ct.embarkable or must_embark(ct)):
        raise IllegalAction("10.1", f"{ct.name} has no Space Value: it cannot be Embarked")
    ship = ctx.state.units.get(ship_uid)
    if ship is None or ship.team != card.team:
        raise IllegalAction("10.31", f"{card.team} has no ship named {ship_uid!r}")
    if must_embark(ct) and not host_allowed(ct, ctx.utype(ship)):
        raise IllegalAction("10.1", f"{ct.name} requires {embark_rules.requires_text(ct)}; {ship_uid} is not one")
    embark_rules.check_fits(ctx, ship, cards=[card.cid])      # 10.21, 10.22, 10.35
    card.where, card.host, card.hex = "embarked", ship_uid, None


def _own_unit(ctx: Ctx, uid: str, team: str, rule: str) -> Unit:
    u = ctx.state.units.get(uid)
    if u is None or u.team != team or u.destroyed:
        raise IllegalAction(rule, f"{team} has no unit named {uid!r}")
    return u


def attached_to(state: GameState, uid: str) -> list[Card]:
    """The in-play cards Attached to unit ``uid`` (9.3, 4.33); ``[]`` when none."""
    return [c for c in state.cards.values() if c.in_play and c.where == "attached" and c.host == uid]


# ------------------------------------------------------------------ counts and log
def card_counts(state: GameState, team: str) -> str:
    """What the other team may know of ``team``'s hidden cards: how many, and where
    ("5 cards: 3 in the pool, 2 attached to units")."""
    where = {"pool": 0, "attached": 0, "embarked": 0, "deployed": 0}
    for c in state.cards.values():
        if c.team == team and c.in_play and not c.face_up and c.where in where:
            where[c.where] += 1
    n = sum(where.values())
    parts = [f"{where['pool']} in the pool"] if where["pool"] else []
    parts += [f"{where['attached']} attached to units"] if where["attached"] else []
    parts += [f"{where['embarked']} embarked on ships"] if where["embarked"] else []
    parts += [f"{where['deployed']} deployed face down"] if where["deployed"] else []
    return f"{n} hidden card{'s' if n != 1 else ''}" + (f": {', '.join(parts)}" if parts else "")


def log_card(ctx: Ctx, kind: str, title: str, text: str, rules: list[str], card: Card, public_title: str) -> None:
    """Log an act on ``card`` (bought, received, attached, embarked; ``kind`` ``card_acquired``
    or ``card_placed``) with its facts: the card it is ``about``, its team, and how the act
    reads without naming the card (``public_title``; the team's card counts as ``public_text``,
    :func:`card_counts`).  The observer decides who reads which (9.02: a hidden card)."""
    ctx.log(explain.step(kind, title, text, rules), team=card.team, about={"card": card.cid},
            public_title=public_title, public_text=card_counts(ctx.state, card.team), card=card.cid)


def sync_legacy(state: GameState) -> None:
    """Keep ``Unit.attachments`` (the names of the cards under or next to a unit's tracker,
    "X (Embarked)" for Embarked cards; the observer shows the other team their count) in step
    with ``state.cards``."""
    if not state.cards:
        return            # a game without cards (an older scenario or save): nothing to mirror
    by_host: dict[str, list[str]] = {}
    for c in state.cards.values():
        if c.where in ("attached", "embarked") and c.in_play and c.host is not None:
            by_host.setdefault(c.host, []).append(c.name if c.where == "attached" else f"{c.name} (Embarked)")
    for u in state.units.values():
        names = by_host.get(u.uid, [])
        if u.attachments != names:    # written only when it changes: an unchanged unit stays clean for the record
            u.attachments = names


# ------------------------------------------------------------------ the stage
def begin(ctx: Ctx, cp: dict[str, int]) -> None:
    """Open a Planning Stage with the scenario's ``cp`` per team, plus the Influence Meter's
    +5 (15.12) and the CP cards earned (3.15, ``state.cp_bonus``)."""
    s = ctx.state
    s.stage, s.ready = "planning", []
    s.planning_stages += 1
    for team in ("US", "RU"):
        extra = cp_benefit(s.influence_turn_start, team)
        bonus = s.cp_bonus.get(team, 0)
        s.cp = {**s.cp, team: cp.get(team, 0) + extra + bonus}
        s.cp_bonus = {**s.cp_bonus, team: 0}
        why = [f"{cp.get(team, 0)} from the scenario"] + ([f"+{extra} from the Influence Meter (15.12)"] if extra else [])
        why += [f"+{bonus} earned by cards (3.15)"] if bonus else []
        ctx.log(explain.step("planning", f"{team}: {s.cp[team]} CP", "; ".join(why), ["3.1", "3.11", "3.15"]))
    first = s.planning_stages == 1
    ctx.log(explain.step("stage", f"Turn {s.turn}: Planning Stage",
                         "both teams buy Joint Capability Cards with their CP"
                         + (" (Attached cards only now, 9.31)" if first else " (no Attached cards: 9.31)"),
                         ["3.01", "3.1", "3.06"]))


def give_automatic(ctx: Ctx) -> None:
    """Cards with ``automatic_on`` for every unit of those types that has none yet (9.31 EXCEPTION)."""
    from lcb_lab.games.lcb.rules.cards.jcc import add_card
    for team in ("US", "RU"):
        for name in deck_names(ctx, team):
            ct = ctx.ctype(name, team)
            if not ct.automatic_on:
                continue
            for u in sorted(ctx.state.living(team), key=lambda u: u.uid):
                if u.type_id in ct.automatic_on and not any(c.name == ct.name for c in attached_to(ctx.state, u.uid)):
                    card = add_card(ctx, team, ct.name, free=True)
                    attach(ctx, card, u.uid)
                    log_card(ctx, "card_acquired", f"{ct.name} attached to {u.uid}",
                             "given to every unit of its type at no CP (9.31 EXCEPTION)", ["9.31"], card,
                             f"{team} receives an organic card")


def deck_names(ctx: Ctx, team: str) -> list[str]:
    """The card names of ``team``'s deck (the game's decks, else the packaged ones)."""
    if ctx.decks is None:
        from lcb_lab.games.lcb.model.cards import load_decks
        ctx.decks = load_decks()
    return ctx.decks.names(team)


def buy(ctx: Ctx, team: str, name: str, attach_to: str | None, embark_on: str | None) -> Card:
    """``team`` buys card ``name`` (3.12) into the pool, Attached or Embarked (module doc);
    in the Action Stage, a free card of the Influence Meter (15.14). Raises IllegalAction."""
    from lcb_lab.games.lcb.rules.cards.jcc import add_card
    s = ctx.state
    if s.stage == "action" and s.free_cards.get(team, 0) > 0:
        return _free_card(ctx, team, name, attach_to, embark_on)
    if s.stage != "planning":
        raise IllegalAction("3.12", "cards are bought in a Planning Stage")
    if team in s.ready:
        raise IllegalAction("3.1", f"{team} has ended its Planning Stage")
    ct = _ctype(ctx, name, team)
    if attach_to and embark_on:
        raise IllegalAction("3.14", "give a card one host: attach_to or embark_on")
    if ct.attached and s.planning_stages > 1:
        raise IllegalAction("9.31", f"{ct.name} is an Attached card: they are bought only in the first "
                            "Planning Stage")
    if attach_to and not ct.attached:
        raise IllegalAction("9.3", f"{ct.name} is not an Attached card (no ATTACH symbol)")
    _check_not_network(ct)
    if ct.unit_type:                      # a JCC submarine: only at the beginning of the game (14.01)
        from lcb_lab.games.lcb.rules.submarines.sot import check_buy
        check_buy(ctx, ct)
    if ct.cost > s.cp.get(team, 0):
        raise IllegalAction("3.12", f"{ct.name} costs {ct.cost} CP; {team} has {s.cp.get(team, 0)} CP left")
    crowded = placeable.units_problem(ctx, team)
    s.cp = {**s.cp, team: s.cp[team] - ct.cost}
    card = add_card(ctx, team, ct.name)
    if ct.unit_type:                      # the card IS a unit, deployed in the Deployment Stage (14.01)
        from lcb_lab.games.lcb.rules.submarines.sot import put_in_play
        put_in_play(ctx, card, ct)
    if attach_to:
        attach(ctx, card, attach_to)
    elif embark_on:
        embark(ctx, card, embark_on)
    problem = (None if crowded else placeable.units_problem(ctx, team)) or placeable.embark_problem(ctx, team, [c for c in s.cards.values() if c.team == team and c.in_play
                                                   and c.where == "pool" and must_embark(ctx.ctype(c))])
    if problem:
        raise IllegalAction(*problem)
    where = {"attached": f"attached to {card.host}", "embarked": f"embarked on {card.host}"}.get(card.where, "into the pool")
    log_card(ctx, "card_acquired", f"{team} buys {ct.name} ({ct.cost} CP)",
             f"{where}; {s.cp[team]} CP left", ["3.12"] + (["9.31"] if attach_to else []) + (["10.0"] if embark_on else []),
             card, f"{team} buys a card")
    return card


def _check_not_network(ct: CardType) -> None:
    """The Tactical Network is never bought: each team deploys its one card from the deck at
    0 CP at the end of the Deployment Stage (7.6; the scenario gives it); nor is the
    Interoperability Network (17.1, a scenario's card)."""
    from lcb_lab.games.lcb.rules.optional.interoperability import check_buy
    check_buy(ct.name)
    if is_network(ct):
        raise IllegalAction("7.6", f"the {ct.name} is not bought: each team deploys its one {ct.name} card "
                            "by the map at the end of the Deployment Stage, for 0 CP")


def _free_card(ctx: Ctx, team: str, name: str, attach_to: str | None, embark_on: str | None) -> Card:
    from lcb_lab.games.lcb.rules.cards.jcc import add_card
    s = ctx.state
    if s.impulse is not None or s.tf_order:
        raise IllegalAction("15.14", "the free cards of the Influence Meter are taken at the start of the "
                            "Action Stage, before the first impulse")
    ct = _ctype(ctx, name, team)
    _check_not_network(ct)
    if ct.attached or attach_to or embark_on:
        raise IllegalAction("15.14", "the Influence Meter's free cards go into the team pool and cannot be "
                            "Attached cards")
    s.free_cards = {**s.free_cards, team: s.free_cards[team] - 1}
    card = add_card(ctx, team, ct.name, free=True)
    log_card(ctx, "card_acquired", f"{team} takes {ct.name} free (Influence Meter)",
             f"regardless of its {ct.cost} CP cost; {s.free_cards[team]} free card(s) left", ["15.14"], card,
             f"{team} takes a free card (Influence Meter)")
    return card


def _ctype(ctx: Ctx, name: str, team: str) -> CardType:
    """The card type ``name`` of ``team``'s deck, still in the deck.  Raises IllegalAction: 3.12
    (no such card), 9.08 / 9.07 (:func:`removed_from_game`)."""
    try:
        ct = ctx.ctype(name, team)
    except UnknownName:
        raise IllegalAction("3.12", f"there is no card {name!r} in the {team} deck") from None
    gone = removed_from_game(ctx.state, team, ct.name)
    if gone is not None:
        rule, why = ("9.08", "it is played only once") if ct.removed_after_use else ("9.07", "an Attached card is not cycled back")
        raise IllegalAction(rule, f"{ct.name} ({gone.cid}) was removed from the game ({why}): it is not in the "
                            f"{team} deck any more")
    return ct


def removed_from_game(state: GameState, team: str, name: str) -> Card | None:
    """``team``'s card ``name`` that has left the game for good, or None: a card played once and
    removed after use (9.08), or an Attached card used up or destroyed (9.07: not cycled back;
    ``Card.where == "removed"``).  Such a card is not in the deck: never bought (3.12) nor taken
    as a free card (15.14) again."""
    return next((c for c in state.cards.values() if c.team == team and c.name == name and c.where == "removed"), None)


def end_planning(ctx: Ctx, team: str) -> None:
    """``team`` ends its Planning Stage: its unspent CP are lost (3.13). When both have, the
    Deployment Stage follows on the first turn when a unit is still to deploy or a pool card to
    place (3.02, 3.22), else the Action Stage."""
    s = ctx.state
    if s.stage != "planning":
        raise IllegalAction("3.1", "the game is not in a Planning Stage")
    if team in s.ready:
        raise IllegalAction("3.1", f"{team} has already ended its Planning Stage")
    lost, s.cp = s.cp.get(team, 0), {**s.cp, team: 0}
    s.ready = [*s.ready, team]
    ctx.log(explain.step("planning", f"{team} ends its Planning Stage",     # CP left: the team's own (3.12, 9.02)
                         f"{lost} unspent CP lost (3.13)" if lost else "every CP spent", ["3.13"]),
            team=team, about={"cp": team}, public_title=f"{team} ends its Planning Stage")
    if len(s.ready) == 2:
        s.ready = []
        if s.planning_stages == 1 and (any(_undeployed(s)) or _cards_to_place(ctx)):
            begin_deployment(ctx)
        else:
            begin_action(ctx)


def _cards_to_place(ctx: Ctx) -> bool:
    """Whether a pool card must get its host in the Deployment Stage: an Attached card (3.22,
    4.33: attached there, or discarded at its end) or one that must be Embarked (10.33), or an
    Interoperability Network card to play (17.1)."""
    from lcb_lab.games.lcb.rules.optional.interoperability import must_play
    return any(must_play(ctx.state, t) for t in ("US", "RU")) or any(c.in_play and c.where == "pool" and (ctx.ctype(c).attached or must_embark(ctx.ctype(c)))
               for c in ctx.state.cards.values())


def _undeployed(s: GameState) -> Iterable[Unit]:
    return (u for u in s.units.values() if not u.destroyed and u.hex is None and u.embarked_on is None)


def begin_deployment(ctx: Ctx) -> None:
    """The Deployment Stage of turn 1 begins (3.02; the rules: :mod:`lcb_lab.games.lcb.rules.stages.deployment`)."""
    s = ctx.state
    s.stage, s.ready, s.deploy_first = "deployment", [], None
    ctx.log(explain.step("stage", "Turn 1: Deployment Stage",
                         "both teams place their units face down in the scenario's areas and give every "
                         "Attached and Embarked card its host", ["3.02", "3.2", "3.21", "3.22"]))


def begin_action(ctx: Ctx) -> None:
    """The Action Stage of the turn begins (3.3): its Event Cards (16.0), the Influence Meter's free
    cards (15.14)."""
    s = ctx.state
    s.stage, s.ready = "action", []
    ctx.log(explain.step("stage", f"Turn {s.turn}: Action Stage", f"{s.initiative} has the initiative (3.25)",
                         ["3.03", "3.25"]))
    turn_events(ctx)
    grant_free_cards(ctx)


def grant_free_cards(ctx: Ctx) -> None:
    """At 9+ toward a team, it may take 2 cards free into its pool now (15.14)."""
    s = ctx.state
    for team in ("US", "RU"):
        n = free_cards_benefit(s.influence_turn_start, team)
        s.free_cards = {**s.free_cards, team: n}
        if n:
            ctx.log(explain.step("influence", f"{team} may take {n} free cards",
                                 "the Influence Meter stands at 9 or more toward it: any 2 cards but Attached "
                                 "ones, regardless of CP, into its pool before the first impulse", ["15.14"]))


def start_of_turn(ctx: Ctx) -> None:
    """A new turn has begun (after the Victory Check): a Planning Stage when the scenario
    grants CP for it (3.06), else the Action Stage's start (16.0, 15.14)."""
    s = ctx.state
    grant = next((g for g in s.planning_grants if g.turn == s.turn), None)
    if grant is not None:
        begin(ctx, dict(grant.cp))
    else:
        turn_events(ctx)
        grant_free_cards(ctx)


def turn_events(ctx: Ctx) -> None:
    """The turn's Event Cards, resolved as its Action Stage begins, before any action (16.0;
    :mod:`lcb_lab.games.lcb.rules.events.draw`)."""
    from lcb_lab.games.lcb.rules.events.draw import start_of_action_stage
    start_of_action_stage(ctx)
