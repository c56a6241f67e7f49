"""The Deployment Stage: units face down in the scenario's areas, hosts for cards (3.2, 9.5, 10.0).

On the first turn, after the Planning Stage, both teams deploy at the same time (3.02, 3.21):

* :func:`deploy_unit` puts a unit face down in its scenario deployment area (a fixed hex, a
  list of hexes or a zone; ``state.deploy_areas``) or Embarks it on a ship (10.0, 10.34;
  App. B: the US ground units in LHD 1's Embark Area) within the ship's Embarkation Value
  (10.21). A team may place a unit again until it ends its stage;
* :func:`place_card` gives an Attached card its host (9.31, passive effects applied at
  attachment), Embarks a card (10.0), or places a card face up on the map where the scenario
  says (``state.placements``; App. B: both Combat Air Patrols);
* :func:`play_card` plays a Deployment-Stage-only card (9.5) at 0 AP through the play rules'
  effect functions (the play rules' chain). The initiative team plays first unless it chose,
  before any card was played, to make the other team go first (:func:`order`, 3.24); each
  team has ONE opportunity, which ends when it ends its Deployment Stage; the second team
  plays only after the first has ended;
* :func:`end_deployment` is refused while a unit of the team is not deployed or one of its
  Attached / Embarked cards (or a card the scenario places on the map) has no place (3.22);
  the team's Tactical Network card is then placed face up by the map (3.02, 7.6), its cubes
  being the scenario's (``state.network_cubes``). When both teams have ended, the naval ZORs
  apply (6.23) and the Action Stage of turn 1 begins with the scenario's initiative (3.25).

:func:`auto_deploy` deploys a team with fixed hexes through the typed actions.
"""
from __future__ import annotations

from typing import TYPE_CHECKING


from lcb_lab.kernel import explain
from lcb_lab.games.lcb.model.board import place_problem
from lcb_lab.kernel.errors import IllegalAction, LabError
from lcb_lab.games.lcb.model.state import Card, CardPlay, other
from lcb_lab.games.lcb.rules.embarking import embark
from lcb_lab.games.lcb.rules.stages import placeable, planning
from lcb_lab.games.lcb.rules.common import Ctx, GameLike

if TYPE_CHECKING:
    from lcb_lab.games.lcb.model.state import Unit


begin = planning.begin_deployment


def _open(ctx: Ctx, team: str, what: str, ended: tuple[str, str] = ("3.2", "")) -> None:
    """Refuse ``what`` outside the Deployment Stage (3.02) or once ``team`` has ended it
    (``ended``: the rule and the words that refusal adds)."""
    s = ctx.state
    if s.stage != "deployment":
        raise IllegalAction("3.02", f"{what} happens in the Deployment Stage (the game is in the {s.stage} stage)")
    if team in s.ready:
        raise IllegalAction(ended[0], f"{team} has ended its Deployment Stage{ended[1]}")


def deployed(u: Unit) -> bool:
    """True when unit ``u`` is placed: in a hex or Embarked on a ship (3.21, 10.3)."""
    return u.hex is not None or u.embarked_on is not None


def deploy_unit(ctx: Ctx, uid: str, hex_: str | None, embark_on: str | None) -> None:
    """Place unit ``uid`` face down in ``hex_`` or Embark it on ``embark_on`` (module doc);
    neither: its area's only hex or ship. Raises IllegalAction."""
    s = ctx.state
    u = s.units.get(uid)
    if u is None or u.destroyed:
        raise IllegalAction("3.21", f"there is no unit named {uid!r} to deploy")
    _open(ctx, u.team, "deploying units")
    area = s.deploy_areas.get(uid)
    if hex_ is None and embark_on is None and area is not None:
        if area.embark_on:
            embark_on = area.embark_on
        elif len(area.hexes) == 1:
            hex_ = area.hexes[0]
    if (hex_ is None) == (embark_on is None):
        raise IllegalAction("3.21", f"deploy {uid} in one hex or on one ship")
    if embark_on is not None:
        if area is not None and area.hexes and not area.embark_on:
            raise IllegalAction("3.2", f"the scenario deploys {uid} in {_hexes(area.hexes)}, not embarked")
        if area is not None and area.embark_on and area.embark_on != embark_on:
            raise IllegalAction("3.2", f"the scenario embarks {uid} on {area.embark_on}")
        if u.embarked_on == embark_on:
            raise IllegalAction("3.21", f"{uid} is already embarked on {embark_on}")
        _embark_unit(ctx, u, embark_on)
        ctx.log(explain.step("deploy", f"{uid} embarked on {embark_on}", "in the ship's Embark Area (10.34)",
                             ["3.21", "10.34"]), team=u.team, about={"unit": uid},
                public_title=f"{u.team} embarks a unit", public_text="")
        return
    try:
        label = ctx.board.canonical(hex_)
        ctx.board.hex(label)
    except (LabError, ValueError, TypeError, KeyError):
        raise IllegalAction("3.2", f"{hex_!r} is not a hex of the map") from None
    if ctx.utype(u).is_submarine:      # 14.01, 14.02 NOTE: water, never coastal; on the SOT only
        from lcb_lab.games.lcb.rules.submarines import sot
        problem2 = sot.deploy_problem(ctx, u, label)
        if problem2:
            raise IllegalAction(*problem2)
    if area is not None and area.embark_on:
        raise IllegalAction("3.2", f"the scenario embarks {uid} on {area.embark_on}")
    if area is not None and area.hexes and label not in area.hexes:
        raise IllegalAction("3.2", f"{uid} deploys in {_hexes(area.hexes)} (the scenario's area), not {label}")
    if u.hex == label:
        raise IllegalAction("3.21", f"{uid} is already deployed in {label}")
    if ctx.utype(u).is_submarine:
        u.hex, u.embarked_on, u.revealed = label, None, False
        sot.on_deploy(ctx, u)
        return
    problem = place_problem(ctx.board, label, ctx.is_naval(u), uid)
    if problem:
        raise IllegalAction("5.11", problem)
    u.hex, u.embarked_on, u.revealed = label, None, False
    ctx.log(explain.step("deploy", f"{uid} deployed face down in {label}", "", ["3.21"]), team=u.team,
            about={"unit": uid}, public_title=f"{u.team} places a counter face down in {label}", public_text="")


def _hexes(hexes: list[str]) -> str:
    return ", ".join(hexes) if len(hexes) <= 6 else f"{', '.join(hexes[:6])}... ({len(hexes)} hexes)"


def _embark_unit(ctx: Ctx, u, ship_uid: str) -> None:
    """Embark ``u`` (with its Attached cards) on ``ship_uid`` within its Embarkation Value and
    symbols (10.21, 10.33, 10.35; :func:`lcb_lab.games.lcb.rules.embarking.embark.check_fits`)."""
    if ctx.is_naval(u):
        raise IllegalAction("10.0", f"{u.uid} is a ship: only ground units embark")
    if ship_uid == u.uid:
        raise IllegalAction("10.0", f"{u.uid} cannot embark on itself")
    was, u.embarked_on, u.hex = u.embarked_on, None, None       # its own space is not counted twice
    try:
        embark.check_fits(ctx, ship_uid, units=[u.uid])
    except IllegalAction:
        u.embarked_on = was
        raise
    u.embarked_on, u.revealed = ship_uid, False


def find_card(ctx: Ctx, ref: str, team: str | None = None, rule: str = "3.22") -> Card:
    """A card by cid, or by name when one team (``team``, else the only one) has it unplaced."""
    s = ctx.state
    c = s.cards.get(ref)
    if c is not None and (team is None or c.team == team):
        return c
    named = [c for c in s.cards.values() if c.name == ref and c.where == "pool" and (team is None or c.team == team)]
    if len({c.team for c in named}) == 1:
        return named[0]
    if named:
        raise IllegalAction(rule, f"both teams hold a {ref!r}: name the card by its id ({', '.join(c.cid for c in named)})")
    raise IllegalAction(rule, f"there is no card {ref!r} to place")


def place_card(ctx: Ctx, ref: str, attach_to: str | None, embark_on: str | None, hex_: str | None) -> None:
    """Give card ``ref`` its place (module doc); refused when it would leave a unit the scenario
    embarks, or a pool card that must be Embarked, no room aboard (10.21, 3.22). Raises IllegalAction."""
    card = find_card(ctx, ref)
    _open(ctx, card.team, "placing cards")
    if sum(x is not None for x in (attach_to, embark_on, hex_)) != 1:
        raise IllegalAction("3.22", "place a card on one host, one ship or one hex")
    if card.where == "attached" and embark_on is not None:     # it goes aboard only with its host
        raise IllegalAction("10.39", f"{card.name} ({card.team}) is Attached to {card.host}: an Attached card is "
                            f"never Embarked on its own; it is aboard when its host is (10.33)")
    if card.where != "pool":
        raise IllegalAction("3.22", f"{card.name} ({card.team}) is already {card.where}"
                            + (f" on {card.host}" if card.host else ""))
    ct = ctx.ctype(card)
    crowded = placeable.units_problem(ctx, card.team)
    stuck = pool_problem(ctx, card.team)
    _place(ctx, card, ct, attach_to, embark_on, hex_)
    problem = (None if crowded else placeable.units_problem(ctx, card.team)) \
        or (None if stuck else pool_problem(ctx, card.team))     # the pool's must-Embark cards (3.22)
    if problem:                           # the state is put back by the refusal
        raise IllegalAction(*problem)


def _place(ctx: Ctx, card: Card, ct, attach_to: str | None, embark_on: str | None, hex_: str | None) -> None:
    s = ctx.state
    if attach_to is not None:
        planning.attach(ctx, card, attach_to)
        planning.log_card(ctx, "card_placed", f"{ct.name} attached to {attach_to}", "under its Unit Tracker (9.31)",
                          ["3.22", "9.31"], card, f"{card.team} attaches a card to a unit")
    elif embark_on is not None:
        planning.embark(ctx, card, embark_on)
        planning.log_card(ctx, "card_placed", f"{ct.name} embarked on {embark_on}", "face down by the ship's "
                          "tracker (10.34)", ["3.22", "10.34"], card, f"{card.team} embarks a card")
    else:
        want = s.placements.get(card.cid)
        if want is None:
            raise IllegalAction("3.2", f"the scenario does not place {ct.name} on the map")
        label = ctx.board.canonical(hex_) if isinstance(hex_, str) else hex_
        if label != want:
            raise IllegalAction("3.2", f"the scenario places {ct.name} face up in {want}, not {hex_}")
        card.where, card.hex, card.face_up, card.deployed = "deployed", want, True, True
        s.placements = {k: v for k, v in s.placements.items() if k != card.cid}
        ctx.log(explain.step("card_placed", f"{card.team} places {ct.name} face up in {want}",
                             "per the scenario (App. B: Combat Air Patrols)", ["3.2"]), card=card.cid)


def order(ctx: Ctx, first: str) -> None:
    """The initiative team decides which team plays its Deployment-Stage cards first (3.24,
    9.5), before any is played (by default the initiative team plays first)."""
    s = ctx.state
    if s.stage != "deployment":
        raise IllegalAction("9.5", "the order of Deployment-Stage cards is chosen in the Deployment Stage")
    if s.deploy_first is not None:
        raise IllegalAction("9.5", f"the order is set: {s.deploy_first} plays its Deployment-Stage cards first")
    if s.initiative in s.ready:
        raise IllegalAction("3.24", f"{s.initiative}, which has the initiative, has ended its Deployment Stage: "
                            "its Deployment-Stage cards came first")
    s.deploy_first = first
    ctx.log(explain.step("deployment", f"{first} plays its Deployment-Stage cards first",
                         f"chosen by {s.initiative}, which has the initiative; each team has one opportunity "
                         "(the order does not change the initiative)", ["3.24", "9.5", "3.25"]))


def playing_team(ctx: Ctx) -> str | None:
    """The team whose one opportunity to play Deployment-Stage cards it is (9.5): the team
    chosen to go first (default: the initiative team, 3.24) until it ends its Deployment
    Stage, then the other; None when both have ended."""
    s = ctx.state
    first = s.deploy_first or s.initiative
    for team in (first, other(first)):
        if team not in s.ready:
            return team
    return None


def play_card(ctx: Ctx, ref: str, option: str, targets: list[str], hex_: str | None) -> CardPlay:
    """Play a Deployment-Stage-only card at 0 AP (module doc, 3.24, 9.5). Raises IllegalAction."""
    s = ctx.state
    team = playing_team(ctx)
    try:
        card = find_card(ctx, ref, s.cards[ref].team if ref in s.cards else team, "9.5")
    except IllegalAction:
        card = find_card(ctx, ref, None, "9.5")      # the other team's card: refused below
    _open(ctx, card.team, "playing Deployment-Stage cards",
          ("9.5", ": its one opportunity to play Deployment-Stage cards is over (3.24)"))
    ct = ctx.ctype(card)
    if not ct.deployment_only:
        raise IllegalAction("9.5", f"{ct.name} is not a Deployment-Stage card: it is played in the Action Stage")
    if card.where != "pool":
        raise IllegalAction("9.5", f"{ct.name} ({card.team}) is {card.where}")
    if card.team != team:
        raise IllegalAction("9.5", f"it is {team}'s opportunity to play Deployment-Stage cards; {card.team} plays "
                            "after it has ended its Deployment Stage (3.24)")
    eff = ct.effect(option) if ct.effects else None
    if eff is None:
        raise IllegalAction("9.0", f"{ct.name} has no effect to use")
    s.deploy_first = s.deploy_first or s.initiative       # the order is now set (3.24)
    from lcb_lab.games.lcb.rules.cards.jcc import play
    return play(ctx, card.cid, option, list(targets), hex_, None)     # 0 AP (9.5), the play rules' chain


def end_deployment(ctx: Ctx, team: str) -> None:
    """``team`` ends its Deployment Stage (checks and what follows in the module doc)."""
    s = ctx.state
    _open(ctx, team, "ending the Deployment Stage")
    missing = sorted(u.uid for u in s.units.values() if u.team == team and not u.destroyed and not deployed(u))
    if missing:
        raise IllegalAction("3.21", f"{team} has units still to deploy: {', '.join(missing)}")
    for c in sorted(s.cards.values(), key=lambda c: c.cid):
        if c.team != team or c.where != "pool":
            continue
        ct = ctx.ctype(c)
        if ct.attached and can_attach(ctx, c):       # else discarded below (4.33)
            raise IllegalAction("3.22", f"{ct.name} ({c.team}) is an Attached card with no host")
        if planning.must_embark(ct):
            raise IllegalAction("3.22", f"{ct.name} ({c.team}) must be Embarked on its host")
        if c.cid in s.placements:
            raise IllegalAction("3.2", f"{ct.name} ({c.team}) must be placed face up in {s.placements[c.cid]}")
    from lcb_lab.games.lcb.rules.optional.interoperability import check_end_deployment
    check_end_deployment(s, team)                # 17.1: a team of several nations plays its card
    _discard_hostless(ctx, team)
    for c in sorted(s.cards.values(), key=lambda c: c.cid):
        if c.team == team and c.where == "pool" and planning.is_network(ctx.ctype(c)):
            c.where, c.face_up, c.deployed = "deployed", True, True
            ctx.log(explain.step("card_placed", f"{team} places its {c.name} by the map",
                                 f"with {s.network_cubes.get(team, 0)} cube(s) per the scenario", ["3.02", "7.6"]),
                    card=c.cid)
    s.ready = [*s.ready, team]
    ctx.log(explain.step("deployment", f"{team} ends its Deployment Stage", "", ["3.2", "3.22"]))
    if len(s.ready) == 2:
        from lcb_lab.games.lcb.rules.movement.conceal import sweep_naval_zor
        sweep_naval_zor(ctx)                     # constant from the start (6.23)
        s.deploy_first = None
        planning.begin_action(ctx)


def pool_problem(ctx: Ctx, team: str) -> tuple[str, str] | None:
    """``(rule, reason)`` when ``team``'s pool cards that must be Embarked
    (:func:`lcb_lab.games.lcb.rules.stages.planning.must_embark`) can no longer all go aboard its
    ships (:func:`lcb_lab.games.lcb.rules.stages.placeable.embark_problem`; 10.21, 10.22, 10.33),
    else None: placing another card (a Space Value card Embarked, 10.1; an ASV card Attached to a
    unit that embarks, 10.35) must leave them room, or the Deployment Stage could not end (3.22)."""
    waiting = [c for c in ctx.state.cards.values() if c.team == team and c.in_play and c.where == "pool"
               and planning.must_embark(ctx.ctype(c))]
    return placeable.embark_problem(ctx, team, waiting)


def can_attach(ctx: Ctx, card: Card) -> bool:
    """Whether some living unit of ``card``'s team can take the Attached ``card`` now, with every
    check placing it makes: the host (9.31), the room aboard the ship the unit is on (10.21,
    10.35), and room left for the units the scenario embarks and the pool cards that must be
    Embarked (:func:`lcb_lab.games.lcb.rules.stages.placeable.units_problem`, :func:`pool_problem`;
    3.22).  Tried on a copy; the game is untouched.  False: the card is discarded at the end of
    the Deployment Stage (4.33)."""
    ct = ctx.ctype(card)
    for u in sorted(ctx.state.living(card.team), key=lambda u: u.uid):
        if planning.host_problem(ctx, u, ct) is not None:
            continue
        copy = ctx.state.clone()
        sim = Ctx(copy, ctx.board, ctx.catalog, None, ctx.decks, quiet=True)
        try:
            planning.attach(sim, copy.cards[card.cid], u.uid)
        except IllegalAction:
            continue
        if placeable.units_problem(sim, card.team) is None and pool_problem(sim, card.team) is None:
            return True
    return False


def _discard_hostless(ctx: Ctx, team: str) -> None:
    """Discard ``team``'s Attached cards still in its pool that no unit can host any more (4.33:
    an Attached card not attached by the end of the Deployment Stage is discarded)."""
    for c in sorted(ctx.state.cards.values(), key=lambda c: c.cid):
        if c.team == team and c.where == "pool" and ctx.ctype(c).attached:
            c.where = "discarded"
            planning.log_card(ctx, "card_placed", f"{c.name} discarded", f"no unit of {team} can host it: an "
                              "Attached card left without a host at the end of the Deployment Stage is "
                              "discarded (4.33)", ["4.33", "3.22"], c, f"{team} discards a card")


def to_act(ctx: Ctx) -> str | None:
    """Who the Planning or Deployment Stage waits for: the initiative team until it has ended
    the stage, then the other (the stage is simultaneous: either may act, 3.01, 3.21); in the
    Deployment Stage the initiative team first when the order of Deployment-Stage cards is to
    be chosen (3.24), then the team whose opportunity it is (9.5)."""
    s = ctx.state
    order_ = [s.initiative, other(s.initiative)]
    if s.stage == "deployment":
        first = s.deploy_first or s.initiative
        order_ = [first, other(first)]
    return next((t for t in order_ if t not in s.ready), None)


def auto_deploy(game: GameLike, team: str) -> list:
    """Deploy every undeployed unit of ``team`` in its area's only hex or ship, and place its
    cards the scenario puts on the map, through the typed actions (``game.apply``); returns
    the actions applied. Raises LabError for a unit whose area has a choice of hexes."""
    from lcb_lab.games.lcb import actions as A
    s = game.state
    done = []
    for uid in sorted(s.units):
        u = s.units[uid]
        if u.team != team or u.destroyed or deployed(u):
            continue
        area = s.deploy_areas.get(uid)
        if area is None or not (area.embark_on or len(area.hexes) == 1):
            raise LabError(f"auto_deploy: {uid} has no fixed hex or ship; deploy it with DeployUnit")
        act = A.DeployUnit(uid, embark_on=area.embark_on) if area.embark_on else A.DeployUnit(uid, hex=area.hexes[0])
        game.apply(act)
        done.append(act)
    for cid, hx in sorted(s.placements.items()):
        if s.cards[cid].team == team:
            act = A.PlaceCard(cid, hex=hx)
            game.apply(act)
            done.append(act)
    return done
