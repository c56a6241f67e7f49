"""Playing Joint Capability Cards on the own impulse (3.31, 9.02, 9.03, 9.1, 9.2, 9.3, 9.5, 11.1).

The flow of one card use (the chain itself -- DETECT, NULLIFY, FTR NULLIFY, INTERCEPT of
cards, 9.06, 9.4x -- is :mod:`lcb_lab.games.lcb.rules.cards.responses`):

1. :func:`play` checks the card may be used now (:func:`check_play`: the stage, the team's
   own impulse, the Core Action that pays for it or the free use of a deployed Persistent
   card, 9.2, who may use an Attached card, 9.31, the effect's targets), opens the chain with
   link 1 (``state.chain``) and logs the play (face up: the other team sees the card);
2. :func:`lcb_lab.games.lcb.rules.cards.responses.open_window` asks the other team whether it answers
   (a choice on the stack) whenever the player cannot rule an answer out -- else the chain resolves at once;
3. :func:`lcb_lab.games.lcb.rules.cards.use.finish` applies a surviving link's effect
   (:mod:`lcb_lab.games.lcb.rules.cards.effects`) and then the card's fate (9.07, 9.08, 9.21, 7.61).

Which card a use takes (:func:`use_kind`):

* a card in the team's pool: the declared ``play_jcc`` Core Action naming it (1 AP, 9.03),
  used once;
* an Embarked card: the host ship's declared ``move_embarked_jcc`` action (11.1), used once;
* an Attached card: only by the Task Force owning its host (9.31); a one-time Attached card
  through a ``play_jcc`` action naming it or the host's own Move and/or Initiate Combat
  (9.32); an Attached Persistent card's first use costs 1 AP the same way, later uses are
  free (9.34);
* a deployed Persistent card: free (``action=None``) once per turn (9.2); used, it is
  expended until the next Action Stage (9.21);
* a Persistent card of the pool deployed without using its effect: option :data:`DEPLOY`
  through its Play a JCC action (9.21);
* a NULLIFY / FTR NULLIFY option on the own impulse: aimed at deployed enemy cards, and any
  play escorted by a deployed FTR card (:mod:`lcb_lab.games.lcb.rules.cards.own_impulse`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from lcb_lab.kernel import explain
from lcb_lab.kernel.datacodec import touched
from lcb_lab.kernel.errors import IllegalAction, UnknownName
from lcb_lab.games.lcb.model.state import Card, CardPlay, Declared
from lcb_lab.games.lcb.rules.cards import cvs as card_cvs, effects as card_effects, targets as card_targets
from lcb_lab.games.lcb.rules.cards import ftr_nullify, own_impulse
from lcb_lab.games.lcb.rules.common import Ctx
from lcb_lab.games.lcb.model import fixed_memo

_NO_DECK: dict = {}

if TYPE_CHECKING:
    from lcb_lab.games.lcb.model.cards import Effect
    from lcb_lab.games.lcb.model.state import GameState


def _matches(ctx: Ctx, card: Card, ref: str) -> bool:
    """Whether ``ref`` names ``card``: its cid, its name or an alias of its type."""
    if ref == card.cid or ref == card.name:
        return True
    decks = ctx.decks                 # Ctx.ctype's hot path (two dict look-ups), inline: asked very often
    t = decks.cards.get(card.team, _NO_DECK).get(card.name) if decks is not None else None
    if t is None:
        try:
            t = ctx.ctype(card)
        except UnknownName:
            return False
    return ref in t.aliases


def named_cards(ctx: Ctx, team: str, ref: str) -> list[Card]:
    """``team``'s cards in play that ``ref`` names (:func:`_matches`), in the game's order: the
    same list as testing each card, with the deck's aliases looked up once (the decks are fixed:
    :func:`lcb_lab.games.lcb.model.fixed_memo.memo`)."""
    decks = ctx.decks
    if decks is None:                 # the packaged sandbox decks, as Ctx.ctype takes them
        from lcb_lab.games.lcb.model.cards import load_decks
        decks = ctx.decks = load_decks()
    deck = decks.cards.get(team, _NO_DECK)
    by_alias = _alias_names(decks, team).get(ref, ())
    return [c for c in ctx.state.cards.values() if c.team == team
            and (ref == c.cid or ref == c.name or (c.name in by_alias if c.name in deck else _matches(ctx, c, ref)))
            and c.in_play]


def _alias_names(decks, team: str) -> dict[str, frozenset[str]]:
    """``{alias: the names of team's card types that have it}`` of a deck (fixed facts)."""
    facts = fixed_memo.memo(decks)
    got = facts.get(("alias_names", team))
    if got is None:
        names: dict[str, set[str]] = {}
        for name, t in decks.cards.get(team, _NO_DECK).items():
            for a in t.aliases:
                names.setdefault(a, set()).add(name)
        got = facts[("alias_names", team)] = {a: frozenset(v) for a, v in names.items()}
    return got


def find(ctx: Ctx, ref: str, team: str, rule: str = "9.0", where: tuple[str, ...] | None = None) -> Card:
    """The card ``ref`` of ``team``: a cid (``"US-3"``) or a card name (its first card still
    in play, in cid order; with ``where``, the first in one of those places).  Raises
    IllegalAction naming ``rule`` -- 9.02 for a card of the other team."""
    s = ctx.state
    c = s.cards.get(ref)
    if c is None:
        named = [c for c in named_cards(ctx, team, ref) if where is None or c.where in where]
        c = named[0] if named else None
    if c is None:
        raise IllegalAction(rule, f"{team} has no card {ref!r}")
    if c.team != team:
        raise IllegalAction("9.02", f"{ref} is a card of the {c.team} team: {team} may not use it")
    if not c.in_play:
        raise IllegalAction(rule, f"{c.name} ({c.team}) is {c.where}")
    return c


def legacy_embarked(ctx: Ctx, ship_uids: list[str], ref: str) -> bool:
    """Whether ``ref`` names an Embarked card written as ``"<name> (Embarked)"`` in a ship's
    attachments (scenarios from before the card engine)."""
    return any(a == f"{ref} (Embarked)" for u in ship_uids for a in ctx.state.units[u].attachments)


def check_declared(ctx: Ctx, kind: str, ref: str | None, units: list[str], team: str,
                   taken: set[str] | frozenset = frozenset()) -> str | None:
    """The card a ``play_jcc`` / ``move_embarked_jcc`` declaration names: its cid, or None when
    the game defines no cards at all (a bare test board) or an Embarked card written the old
    way.  ``taken``: ``"jcc:<cid>"`` keys of cards already named in the same declaration (a
    second card of the same name is then chosen).  Raises IllegalAction (3.12, 9.02, 9.21,
    9.31, 11.1)."""
    s = ctx.state
    if kind == "move_embarked_jcc":
        if not ref:
            return None
        on_ship = [c for c in s.cards.values() if c.where == "embarked" and c.host in units]
        on_ship += embark_usable_attached(ctx, units)           # 10.310 EXCEPTION
        hit = [c for c in on_ship if _matches(ctx, c, ref) and c.team == team]
        if hit:
            if all(c.expended for c in hit):
                raise IllegalAction("9.21", f"{hit[0].name} is expended for this Action Stage")
            free = [c.cid for c in hit if not c.expended]
            return next((cid for cid in free if f"jcc:{cid}" not in taken), free[0])
        if legacy_embarked(ctx, units, ref) or not s.cards:
            return None
        raise IllegalAction("11.1", f"{ref!r} is not an Embarked card of {', '.join(units)}")
    if not s.cards:
        return None                  # no card in the game: names are not checked (bare boards)
    imp = s.impulse
    # one refusal whether or not the other team holds such a card: which cards it holds is
    # hidden (9.02), so the answer may not depend on them
    cands = named_cards(ctx, team, ref)
    mine = [c for c in cands if c.where in ("pool", "attached", "deployed")]
    if not mine:
        raise IllegalAction("3.12", f"{ref!r} is not in {team}'s JCC pool")
    ok = [c for c in mine if c.where != "attached" or _host_tf(ctx, c) == imp.task_force]
    if not ok:
        raise IllegalAction("9.31", f"{ref} is Attached to a unit of another Task Force: only the player "
                            "owning the host may use it")
    fresh = [c for c in ok if not c.expended]
    if not fresh:
        raise IllegalAction("9.21", f"{ref} is expended for this Action Stage")
    usable = [c for c in fresh if _played_by_play_jcc(ctx, c) is None]
    if not usable:
        rule, why = _played_by_play_jcc(ctx, fresh[0])
        raise IllegalAction(rule, why)
    fresh = usable
    return next((c.cid for c in fresh if f"jcc:{c.cid}" not in taken), fresh[0].cid)


def embark_usable_attached(ctx: Ctx, ships: list[str]) -> list[Card]:
    """Attached cards of units Embarked on ``ships`` that may be used while Embarked (10.310
    EXCEPTION: ``usable_embarked``, e.g. Unmanned Boats): the ship uses them per 11.0."""
    aboard = {u.uid for u in ctx.state.units.values() if u.embarked_on in ships and not u.destroyed}
    out = []
    for c in ctx.state.cards.values():
        if c.in_play and c.where == "attached" and c.host in aboard:
            try:
                if ctx.ctype(c).usable_embarked:
                    out.append(c)
            except UnknownName:
                pass
    return out


def _embarked_use(ctx: Ctx, card: Card, ct) -> str | None:
    """The ship through which ``card`` is used when it is aboard one -- an Embarked card's host,
    or the ship an Attached card's host is Embarked on -- else None.  Refuses an Attached card
    of an Embarked unit without the 10.310 exception, and a use by another Task Force than
    the ship's (10.36: only the player commanding the ship uses its Embarked cards)."""
    s = ctx.state
    host = s.units.get(card.host or "")
    if card.where == "embarked":
        ship = card.host
    elif card.where == "attached" and host is not None and host.embarked_on:
        if not ct.usable_embarked:
            raise IllegalAction("10.310", f"{ct.name} is Attached to {host.uid}, which is Embarked on "
                                f"{host.embarked_on}: an Attached card cannot be used while Embarked")
        ship = host.embarked_on
    else:
        return None
    sh = s.units.get(ship or "")
    if sh is not None and s.impulse is not None and sh.task_force != s.impulse.task_force:
        raise IllegalAction("10.36", f"{ct.name} is Embarked on {ship} of {sh.task_force}: only the player "
                            "commanding the ship uses its Embarked cards")
    return ship


def _played_by_play_jcc(ctx: Ctx, card: Card) -> tuple[str, str] | None:
    """Why a Play a JCC action cannot use ``card`` (rule, reason), or None: an Attached card
    still in the pool (9.31), a Deployment-Stage card (9.5), a card whose every own-impulse
    effect goes through another Core Action (9.32, 11.1) or costs 2 AP (the Tactical Network's
    repair: the network_repair declaration, 7.61).  Unknown card types pass (a lesson
    may script them)."""
    try:
        ct = ctx.ctype(card)
    except UnknownName:
        return None
    if card.where == "pool" and ct.attached:
        return "9.31", f"{ct.name} is an Attached card: it is used from its host"
    host = ctx.state.units.get(card.host or "") if card.where == "attached" else None
    if host is not None and host.embarked_on:
        return ("11.1" if ct.usable_embarked else "10.310"), (
            f"{ct.name} is aboard {host.embarked_on}: " + ("its ship uses it through Move and/or Play an Embarked "
                                                          "Persistent JCC" if ct.usable_embarked else
                                                          "an Attached card cannot be used while Embarked"))
    if ct.deployment_only:
        return "9.5", f"{ct.name} is played only in the Deployment Stage"
    plays = [e for e in ct.effects if e.when == "play"]
    if plays and all(e.core_action for e in plays):
        return "9.32", f"{ct.name} is used through its host's Core Action, not Play a JCC"
    if plays and all(e.ap > 1 for e in plays):
        return "7.61", f"{ct.name} is used by the Remove a Tactical Network cube Core Action (2 AP)"
    return None


def _host_tf(ctx: Ctx, card: Card) -> str | None:
    u = ctx.state.units.get(card.host or "")
    return u.task_force if u is not None else None


def _action(ctx: Ctx, aid: int) -> Declared:
    imp = ctx.state.impulse
    if imp.phase == "declare":
        raise IllegalAction("3.03", "declare the impulse's Core Actions first")
    d = next((d for d in imp.actions if d.aid == aid), None)
    if d is None:
        raise IllegalAction("3.31", f"there is no declared action #{aid}")
    return d


CORE_NAMES = {"move_combat": "Move and/or Initiate Combat", "move_resupply": "Move and/or Resupply",
              "move_embarked_jcc": "Move and/or Play an Embarked Persistent JCC", "play_jcc": "Play a JCC",
              "move_conceal": "Move and/or Conceal", "network_repair": "Remove a Tactical Network cube"}


def use_kind(ctx: Ctx, card: Card, aid: int | None, eff: Effect | None = None) -> tuple[str, Declared | None]:
    """How this use is paid: ``("action", d)`` -- the declared Core Action ``d`` (1 AP) -- or
    ``("free", None)`` for a deployed Persistent card's use (9.2, 9.34).  Raises IllegalAction
    naming the rule (3.31, 9.2, 9.21, 9.31, 9.32, 11.1)."""
    ct = ctx.ctype(card)
    eff = eff or ct.effect()
    imp = ctx.state.impulse
    ship = _embarked_use(ctx, card, ct)          # 10.310, 10.36
    if card.where == "attached":
        host = ctx.state.units.get(card.host or "")
        if host is None or host.destroyed:
            raise IllegalAction("9.31", f"{card.name}'s host is gone")
        if host.task_force != imp.task_force and ship is None:
            raise IllegalAction("9.31", f"{card.name} is Attached to {host.task_force}'s unit: only that "
                                "Task Force may use it")
        if host.paralysed:
            raise IllegalAction("3.34", f"{card.name}'s host may not act for the rest of the turn (card effect)")
    if card.expended:
        raise IllegalAction("9.21", f"{card.name} ({card.team}) is expended: a Persistent card is used once a turn "
                            "(9.2) and turns back at the next Action Stage")
    if aid is None:
        if ct.persistent and card.deployed and card.where in ("deployed", "attached", "embarked"):
            return "free", None           # 9.2, 9.34; a deployed Amphibious card's marker, 12.21, 12.27
        if card.where == "embarked":
            raise IllegalAction("11.1", f"{card.name} is Embarked: use it through its ship's Move and/or Play an "
                                "Embarked Persistent JCC Core Action")
        raise IllegalAction("3.31", f"playing {card.name} costs 1 AP: name the declared Play a JCC Core Action "
                            "(action=...)" + (" (a Persistent card is free only once deployed, 9.2)" if ct.persistent else ""))
    d = _action(ctx, aid)
    if d.played and not (d.kind == "move_embarked_jcc" and ship is not None and ship not in d.embarked_ships):
        raise IllegalAction("3.31", f"action #{aid} has already played {d.played}"
                            + (f" from {ship}: one Embarked card per ship and action (11.1, 11.12)" if ship else ""))
    if card.where == "attached" and ship is not None:      # the 10.310 EXCEPTION: the ship's 11.1 action
        if d.kind != "move_embarked_jcc" or ship not in d.units or (d.jcc and not _matches(ctx, card, d.jcc)):
            raise IllegalAction("10.310", f"{card.name} is aboard {ship}: it is used by that ship's Move and/or "
                                "Play an Embarked Persistent JCC action")
        return "action", d
    via = {"combat": "move_combat", "resupply": "move_resupply", "embarked": "move_embarked_jcc"}.get(
        eff.core_action or "")
    if via and (d.kind != via or card.host not in d.units):
        what = CORE_NAMES.get(d.kind, d.kind) + (f" of {', '.join(d.units)}" if d.kind == via else "")
        raise IllegalAction("9.32" if via != "move_embarked_jcc" else "11.1",
                            f"{card.name} is used through its host's ({card.host}) {CORE_NAMES[via]} Core Action "
                            f"(action #{aid} is {what})")
    if card.where == "embarked":
        if d.kind != "move_embarked_jcc" or card.host not in d.units or (d.jcc and not _matches(ctx, card, d.jcc)):
            raise IllegalAction("11.1", f"{card.name} is Embarked on {card.host}: it is played by that ship's "
                                "Move and/or Play an Embarked Persistent JCC action")
        return "action", d
    if d.kind == "play_jcc" and d.jcc and _matches(ctx, card, d.jcc):
        return "action", d
    if card.where == "attached" and d.kind in ("move_combat", "move_resupply") and card.host in d.units:
        return "action", d            # 9.32: the host's own Core Action pays
    raise IllegalAction("3.31", f"action #{aid} ({d.kind}) does not play {card.name} ({card.team})")


DEPLOY = "deploy"
"""The ``PlayCard.option`` that deploys a Persistent card from the pool without using any of its
effects (9.21: "choose not to use its effect immediately"), for the Play a JCC action's 1 AP."""


def _check_deploy(ctx: Ctx, card: Card, aid: int | None) -> Declared:
    """The declared action that deploys ``card`` without using it (:data:`DEPLOY`).  Raises
    IllegalAction: 9.21 for a card that is not a Persistent card in the team pool (an Attached
    one is deployed by its first use, 9.34), 3.31 without a Play a JCC action naming it."""
    ct = ctx.ctype(card)
    if not ct.persistent or card.where != "pool" or ct.attached or ct.deployment_only:
        raise IllegalAction("9.21", f"{ct.name} is {'not a Persistent card' if not ct.persistent else card.where}: "
                            "only a Persistent card in the team pool is deployed without using its effect")
    if aid is None:
        raise IllegalAction("3.31", f"deploying {ct.name} costs 1 AP: name the declared Play a JCC Core Action (action=...)")
    d = _action(ctx, aid)
    if d.kind != "play_jcc" or not d.jcc or not _matches(ctx, card, d.jcc) or d.played:
        raise IllegalAction("3.31", f"action #{aid} ({d.kind}) does not play {ct.name}"
                            + (f": it has already played {d.played}" if d.played else ""))
    return d


def _deploy(ctx: Ctx, card: Card, d: Declared) -> None:
    """Deploy ``card`` face up without using its effect (9.21): it is in play, not expended, so
    a triggered option may answer (9.24) and its later uses follow 9.2."""
    d.played = card.cid
    card.where, card.deployed, card.face_up = "deployed", True, True
    ctx.log(explain.step("card", f"JCC deployed: {card.name}", f"played with action #{d.aid} (1 AP) without using "
                         "its effect; it stays face up in play", ["3.31", "9.03", "9.21"]),
            team=card.team, card=card.cid, name=card.name, option=DEPLOY)


def check_play(ctx: Ctx, ref: str, option: str, targets: list[str], hex_: str | None,
               aid: int | None) -> tuple[Card, str, Declared | None]:
    """Every check of :func:`play`, changing nothing: ``(card, paid, declared action)``.
    Raises IllegalAction naming the rule."""
    s, imp = ctx.state, ctx.state.impulse
    if s.stage == "deployment":
        card = s.cards.get(ref) or next((c for c in s.cards.values() if c.in_play and _matches(ctx, c, ref)), None)
        try:
            ct = ctx.ctype(card) if card is not None else None
            eff = ct.effect(option) if ct is not None else None
        except UnknownName as e:
            raise IllegalAction("9.0", str(e)) from None
        if card is None or not card.in_play or not (ct.deployment_only or eff.when == "deployment"):
            raise IllegalAction("9.5", "in the Deployment Stage only Deployment-Stage cards are played")
        card_targets.check_targets(ctx, card.team, card, ct, eff, targets, hex_)
        return card, "deployment", None
    card, ct, eff, paid, d, aim = _check_use(ctx, ref, option, aid)
    if option == DEPLOY:
        return card, paid, d
    if aim:
        own_impulse.check_aim(ctx, imp.team, ct, eff, targets)
    else:
        card_targets.check_targets(ctx, imp.team, card, ct, eff, targets, hex_)
    return card, paid, d


def _check_use(ctx: Ctx, ref: str, option: str, aid: int | None) -> tuple:
    """The checks of :func:`check_play` in the Action Stage that do not read the targets -- the
    impulse, the card, its option and how it is paid: ``(card, card type, effect, paid, declared
    action, aims at a deployed card)`` (type and effect None for :data:`DEPLOY`).  Raises
    IllegalAction naming the rule."""
    s, imp = ctx.state, ctx.state.impulse
    if s.stage != "action" or imp is None:
        raise IllegalAction("3.31", "cards are played in an impulse of the Action Stage")
    if s.chain:
        raise IllegalAction("9.46", "a card chain is still being resolved")
    if imp.combat is not None and imp.phase != "combat_done":
        raise IllegalAction("3.38", "combat has been committed: resolve it before anything else")
    card = find(ctx, ref, imp.team, "3.12")
    if option == DEPLOY:
        return card, None, None, "action", _check_deploy(ctx, card, aid), False
    try:
        ct = ctx.ctype(card)
        eff = ct.effect(option)
    except UnknownName as e:
        raise IllegalAction("9.0", str(e)) from None
    if ct.deployment_only or eff.when == "deployment":
        raise IllegalAction("9.5", f"{ct.name} is played only in the Deployment Stage")
    aim = own_impulse.aims_at_deployed(eff)         # 9.21, 9.44: at a deployed enemy card
    if not aim and eff.is_nullify and eff.fn not in card_effects.EFFECTS:
        raise IllegalAction("9.41", f"{ct.name} option {eff.label} answers an enemy card: it is played in "
                            "answer to one (a response window), not on its own")
    if eff.fn not in card_effects.EFFECTS and not aim:
        raise IllegalAction("9.0", f"{ct.name}: the effect {eff.fn!r} is not simulated here")
    if eff.when == "passive":
        raise IllegalAction("9.32", f"{ct.name} option {eff.label} works by itself while attached")
    if eff.when == "trigger":
        raise IllegalAction("9.24", f"{ct.name} option {eff.label} is used when its condition is met")
    if card.where == "pool" and ct.attached:
        raise IllegalAction("9.31", f"{ct.name} is an Attached card: it is used from its host")
    if eff.ap > 1:
        raise IllegalAction("7.61", f"{ct.name} option {eff.label} costs {eff.ap} AP: declare the Remove a "
                                    "Tactical Network cube Core Action (2 AP), which removes the cube")
    paid, d = use_kind(ctx, card, aid, eff)
    if _fired_by_host(card, eff, d):
        card_cvs.refuse_card_cv(ctx, card.host, ct.name)            # 9.32: one CV per Core Action
    return card, ct, eff, paid, d, aim


def _fired_by_host(card: Card, eff: Effect, d: Declared | None) -> bool:
    """Whether this use fires Attached ``card`` through its host's Move and/or Initiate Combat
    (9.32: the CV the host uses in that Core Action)."""
    return card.where == "attached" and eff.core_action == "combat" and d is not None and d.kind == "move_combat"


def check_links(ctx: Ctx, ref: str, option: str, targets: list[str], hex_: str | None, aid: int | None,
                escort: str | None = None, checked: tuple | None = None
                ) -> tuple[Card, str, Declared | None, list[Card], tuple | None]:
    """:func:`check_play` with what the chain opens with: ``(card, paid, declared action, the
    deployed enemy cards aimed at, the escort and its effect or None)``
    (:mod:`lcb_lab.games.lcb.rules.cards.own_impulse`).  ``checked``: the result of
    :func:`_check_use` for this card, option and action, made on this very state, whose targets
    the same checks accepted (an option of :func:`lcb_lab.games.lcb.legal_cards.iter_play_card_options`):
    those checks are not made again (the aimed cards and the escort are still found).  Changes
    nothing; raises IllegalAction naming the rule."""
    if ctx.state.stage == "deployment":
        card, paid, d = check_play(ctx, ref, option, targets, hex_, aid)
        return card, paid, d, [], own_impulse.check_escort(ctx, card.team, card, escort)
    card, ct, eff, paid, d, aim = checked if checked is not None else _check_use(ctx, ref, option, aid)
    if option == DEPLOY:
        return card, paid, d, [], None
    if aim:                         # the aimed cards, checked (own_impulse.check_aim: 9.21, 9.41, 9.44)
        aimed = own_impulse.check_aim(ctx, card.team, ct, eff, targets)
    else:
        aimed = []
        if checked is None:
            card_targets.check_targets(ctx, card.team, card, ct, eff, targets, hex_)
    return card, paid, d, aimed, own_impulse.check_escort(ctx, card.team, card, escort)


def play(ctx: Ctx, ref: str, option: str, targets: list[str], hex_: str | None,
         aid: int | None, escort: str | None = None, passed: bool = False,
         checked: tuple | None = None) -> CardPlay | None:
    """Use ``option`` of card ``ref`` (see the module doc); opens the chain (with ``escort``: a
    deployed FTR NULLIFY card going with it, :mod:`lcb_lab.games.lcb.rules.cards.own_impulse`)
    and returns its first link; :data:`DEPLOY` deploys a Persistent card unused (9.21, None).
    ``passed``: the other team's window is passed as it opens (``responses.open_window``);
    ``checked``: the use already checked on this state with these targets (:func:`check_links`).
    Raises IllegalAction naming the rule (3.31, 3.38, 9.02, 9.2, 9.21, 9.31, 9.41, 9.44, 9.45,
    9.46, 9.5)."""
    s = ctx.state
    card, paid, d, aimed, esc = check_links(ctx, ref, option, targets, hex_, aid, escort, checked)
    if option == DEPLOY:
        _deploy(ctx, card, d)
        return None
    ct = ctx.ctype(card)
    eff = ct.effect(option)
    team = card.team
    if d is not None:
        d.played = d.played or card.cid
        ship = _embarked_use(ctx, card, ct) if d.kind == "move_embarked_jcc" else None
        if ship is not None:
            d.embarked_ships.append(ship)          # stacked ships: one card each (11.12 ex.)
    host = s.units.get(card.host or "")
    if host is not None and _fired_by_host(card, eff, d):
        card_cvs.mark_fired(host, card.cid)                # its one CV of the action (9.32, 7.02)
    fires = eff.core_action == "combat" and eff.cv is not None      # a CV substitution is fired (9.32 ex.)
    if card.where == "attached" and fires and host is not None and not host.revealed:
        from lcb_lab.games.lcb.rules.movement.conceal import reveal
        reveal(ctx, [host], f"{ct.name} is fired by its host, which reveals itself", ["9.32", "7.07"])
    s.chain = own_impulse.links(card, eff, aimed, aid, paid, esc, list(targets), hex_)
    link = next(x for x in s.chain if x.card == card.cid)
    card.face_up = True
    how = {"action": f"1 AP, action #{aid}", "free": "free: a deployed Persistent card",
           "deployment": "Deployment Stage, no AP"}[paid]
    aim = ""
    if eff.fn in card_targets.OWN_TARGETS or eff.fn in ("transport", "mines"):   # mines: laid in secret (13.37)
        aim = ""                                   # own (maybe concealed) units: not named to the other team
    elif eff.fn in ("rotary_lift", "reinforce", "sealift", "littoral_move"):
        aim = f" Target hex: {hex_}." if hex_ else ""      # 12.x: the hex, not the own units carried
    elif aimed:
        aim = " Target: " + ", ".join(f"{c.name} ({c.team}, {'expended' if c.expended else 'active'})"
                                      for c in aimed) + "."
    elif targets or hex_:
        aim = " Target: " + ", ".join(([hex_] if hex_ else []) + list(targets)) + "."
    rules = ["3.31", "9.03"] + {"free": ["9.2"], "deployment": ["9.5"]}.get(paid, [])
    if aimed:
        rules += ["9.41", "9.44" if ftr_nullify.kind_of(eff) == "ftr_nullify" else "9.21"]
    ctx.log(explain.step("card", f"JCC played: {ct.name}", f"{eff.text}{aim} ({how})", rules),
            team=team, card=card.cid, name=ct.name, option=eff.label)
    if esc is not None:
        ctx.log(explain.step("card", f"{esc[0].name} escorts {ct.name}",
                             "a deployed FTR NULLIFY card goes with the played card (free use, 9.2); it engages "
                             "the enemy FTR NULLIFY cards aimed at it (9.44, 9.46)", ["9.2", "9.45", "9.46"]),
                team=team, card=esc[0].cid)
    if eff.fn in card_targets.ON_PLAY:          # 13.25: a marker's move comes before the window
        card_targets.ON_PLAY[eff.fn](ctx, link, ct, eff)
    import lcb_lab.games.lcb.rules.cards.responses as responses      # the chain's windows: at the first play
    if not responses.open_window(ctx, passed):
        responses.resolve(ctx)
    return link


def add_card(ctx_or_state: Ctx | GameState, team: str, name: str, where: str = "pool", host: str | None = None,
             hex_: str | None = None, face_up: bool = False, free: bool = False) -> Card:
    """Put a new card of ``team``'s deck into the game (a purchase, a prescribed card, a test)
    with the next cid (``"US-1"``, ``"US-2"``...). Does not check the rules of acquiring it;
    an Attached card's passive effects are applied by :func:`lcb_lab.games.lcb.rules.cards.effects.on_attach`."""
    s = getattr(ctx_or_state, "state", ctx_or_state)
    n = 1 + sum(1 for c in s.cards.values() if c.team == team)
    cid = f"{team}-{n}"
    while cid in s.cards:
        n += 1
        cid = f"{team}-{n}"
    s.cards[cid] = Card(cid, name, team, where, host, hex_, face_up, free=free, bought=s.turn)
    touched(s, "cards")      # in place: the snapshot compares it again
    return s.cards[cid]


def refresh(ctx: Ctx) -> None:
    """The next Action Stage begins: expended cards turn face up again (9.21)."""
    for c in ctx.state.cards.values():
        if c.expended:                 # written only when it changes (a clean record stays clean)
            c.expended = False
