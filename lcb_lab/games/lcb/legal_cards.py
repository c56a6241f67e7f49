"""The PlayCard options of the active impulse, for :func:`lcb_lab.games.lcb.legal.legal_actions` (3.31, 9.2).

One option per (card use, option, target) the rules accept now -- each checked by the play
rules themselves (:func:`lcb_lab.games.lcb.rules.cards.jcc.check_play`, nothing copied or changed):

* a declared ``play_jcc`` / ``move_embarked_jcc`` action not yet used, with the card it names;
* the free use of each deployed Persistent card not expended this turn (9.2, 9.34);
* a Persistent card of the pool deployed without using its effect (``option="deploy"``, 9.21);
* a NULLIFY / FTR NULLIFY option aimed at the deployed enemy cards the team sees (9.21, 9.44),
  and a play escorted by a deployed own FTR NULLIFY card (9.46;
  :mod:`lcb_lab.games.lcb.rules.cards.own_impulse`).

Targets offered are drawn from what the card's team knows, never from the hidden state
(:func:`seen_enemy_hexes`): a stack or hex target -- each hex holding
enemy counters the team sees (face up or as backs, units and MILDECs alike: a card may act on a
stack it cannot see into; never the hex of an enemy submarine it cannot see, 14.03), so the
offers are the same in every world the team cannot tell apart; a unit target (an LRS) --
each face-up enemy unit; own-unit effects -- each own unit on the map; a landing -- each
coastal hex in reach with the Embarked units that fit (in designator order).  More than
:data:`MAX_CONCRETE` options become one Template of kind ``"play_card"``.
"""
from __future__ import annotations

from typing import Iterator

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb import observer
from lcb_lab.kernel.errors import UnknownName
from lcb_lab.games.lcb.rules.cards import ftr_nullify, jcc, own_impulse, play_checks
from lcb_lab.games.lcb.rules.cards.targets import OWN_TARGETS
from lcb_lab.games.lcb.model.state import other
from lcb_lab.games.lcb.rules.common import Ctx, GameLike


MAX_CONCRETE = 12


def _uses(game: GameLike) -> list[tuple]:
    """(card, aid or None) pairs that might be played now."""
    s, imp = game.state, game.state.impulse
    ctx = game._ctx()
    out = []
    mine = [c for c in s.cards.values() if c.team == imp.team and c.in_play and not c.expended]
    for d in imp.actions:
        if d.kind not in ("play_jcc", "move_embarked_jcc") or d.kind == "play_jcc" and (d.played or not d.jcc):
            continue
        if d.kind == "move_embarked_jcc" and d.played and len(d.embarked_ships) >= len(d.units):
            continue                  # every ship of the action has played its card (11.12 ex.)
        aboard = jcc.embark_usable_attached(ctx, d.units) if d.kind == "move_embarked_jcc" else []   # 10.310
        named = {c.cid for c in jcc.named_cards(ctx, imp.team, d.jcc)} if d.kind == "play_jcc" else ()
        for c in mine:
            if d.kind == "play_jcc" and c.cid in named:
                out.append((c, d.aid))
            elif d.kind == "move_embarked_jcc" and (c.where == "embarked" and c.host in d.units or c in aboard) \
                    and (not d.jcc or jcc._matches(ctx, c, d.jcc)):
                out.append((c, d.aid))
    out += [(c, None) for c in mine if c.deployed]
    seen, uniq = set(), []
    for c, aid in out:
        if (c.name, c.where, c.host, aid) not in seen:      # one card of each name per place is enough
            seen.add((c.name, c.where, c.host, aid))
            uniq.append((c, aid))
    return uniq


def _targets(game: GameLike, card, eff, ctx: Ctx | None = None, known: dict | None = None) -> list[dict]:
    """The targets offered to option ``eff`` of ``card`` (module doc).  ``known``: a dict the
    caller keeps while the state does not change (the own units on the map, the enemy units and
    hexes a team sees, the deployed enemy cards it may aim at: found once for every card and
    option of one enumeration)."""
    s, team = game.state, card.team
    if eff.fn in ("transport", "rotary_lift", "reinforce", "sealift", "littoral_move"):   # 12.x
        from lcb_lab.games.lcb.rules.transport.offers import options
        return options(game, card, eff)
    if eff.target in ("none", "network"):
        return [{}]
    ctx = ctx or game._ctx()
    known = {} if known is None else known
    if own_impulse.aims_at_deployed(eff):      # at deployed enemy cards it sees (9.21, 9.44)
        key = ("aim", team, ftr_nullify.target_limit(eff))
        got = known.get(key)
        if got is None:
            got = known[key] = [{"targets": t} for t in own_impulse.deployed_targets(ctx, team, eff)]
        return got
    if eff.target in ("enemy_card", "own_card"):
        return []                       # cards answering cards: the response windows (9.4)
    if eff.fn in OWN_TARGETS or eff.target == "unit":
        own = eff.fn in OWN_TARGETS
        got = known.get((own, team))
        if got is None:
            got = known[(own, team)] = _unit_targets(s, team, own)
        return got
    if eff.range == 0 and eff.target in ("hex", "hexes"):        # its host's own hex (Unmanned Boats, 9.34, 10.310)
        from lcb_lab.games.lcb.rules.cards.targets import origin
        here = origin(ctx, card)
        return [{"hex": here}] if here else []
    got = known.get(("hexes", team))
    if got is None:
        got = known[("hexes", team)] = [{"hex": h} for h in seen_enemy_hexes(game, team)]
    return got


def _unit_targets(s, team: str, own: bool) -> list[dict]:
    """Each own unit on the map (``own``), else each enemy unit on the map ``team`` knows."""
    if own:
        return [{"targets": (u.uid,)} for u in s.living(team) if u.on_map]
    return [{"targets": (u.uid,)} for u in s.living(other(team)) if u.on_map and observer.knows(s, team, u)]


def seen_enemy_hexes(game: GameLike, team: str) -> list[str]:
    """The hexes (sorted labels) where ``team`` sees a counter of the other team on its map
    (:func:`lcb_lab.games.lcb.observer.observe`): a face-up unit or a back, unit or MILDEC alike
    (6.11), never an unrevealed submarine (14.03) -- the same in every world ``team`` cannot
    tell apart.  The hexes of the enemy ``counters`` of :func:`lcb_lab.games.lcb.observer.observe`,
    without building the rest of that view: each enemy unit on the map the team knows
    (:func:`lcb_lab.games.lcb.observer.knows`) or sees as a back (not a hidden submarine,
    :func:`lcb_lab.games.lcb.observer.hidden_sub`), each enemy MILDEC it sees as a back."""
    s, cat = game.state, game.catalog
    out = {u.hex for u in s.units.values() if u.team != team and not u.destroyed and u.hex
           and (observer.knows(s, team, u) or not observer.hidden_sub(u, cat, team))}
    out.update(m.hex for m in s.markers.values() if m.team != team and not m.destroyed and m.hex
               and not observer.knows(s, team, m))
    return sorted(out)


def play_card_options(game: GameLike) -> list:
    """The PlayCard options (module doc), concrete; :func:`lcb_lab.games.lcb.legal.legal_actions` makes
    more than :data:`MAX_CONCRETE` of them one Template."""
    return list(iter_play_card_options(game))


def iter_play_card_options(game: GameLike, uses: dict | None = None) -> Iterator[A.PlayCard]:
    """:func:`play_card_options` one by one, each checked only when it is reached (the random
    player asks whether there is one before it draws whether to play; the game must not change
    while the iterator is in use).  The same plays, in the same order, as
    ``play_checks.iter_accepted_plays`` of :func:`candidate_plays` (``tests/engine/test_play_fast_paths.py``),
    but checked per card use first: a use the rules refuse (:func:`play_checks.checked_use`) skips its
    targets and escorts unbuilt, a target its escorts, and a play is made only once accepted."""
    s, imp = game.state, game.state.impulse
    if imp is None or s.chain or not s.cards or (imp.combat is not None and imp.phase != "combat_done"):
        return
    ctx = game._ctx()
    if s.stage == "deployment":     # not an impulse's play: the plain enumeration (check_links per play)
        yield from play_checks.iter_accepted_plays(ctx, _candidates(game, ctx, {}), {})
        return
    uses = {} if uses is None else uses      # the card / option / action, target and escort checks, made once
    known: dict = {}                # the target lists shared by the cards and options (_targets)
    targets_ok, escort_ok, checked_use = play_checks.targets_ok, play_checks.escort_ok, play_checks.checked_use
    for card, aid in _uses(game):
        try:
            ct = ctx.ctype(card)
        except UnknownName:
            continue
        cid = card.cid
        if aid is not None and ct.persistent and card.where == "pool" and checked_use(ctx, uses, cid, jcc.DEPLOY, aid):
            yield A.PlayCard(cid, jcc.DEPLOY, (), None, aid)            # 9.21: deployed unused
        escorts = _escorts(game, card, ct)
        for eff in ct.effects:
            if eff.when != "play" and not own_impulse.aims_at_deployed(eff):
                continue
            use = checked_use(ctx, uses, cid, eff.label, aid)
            if not use:
                continue
            label = eff.label
            for t in _targets(game, card, eff, ctx, known):
                targets, hex_ = tuple(t.get("targets", ())), t.get("hex")
                tkey = ("targets", cid, label, targets, hex_)     # whatever action pays (the card decides)
                ok = uses.get(tkey)
                if ok is None:
                    ok = uses[tkey] = targets_ok(ctx, use, targets, hex_)
                if not ok:
                    continue
                yield A.PlayCard(cid, label, targets, hex_, aid, None)
                for e in escorts:
                    ekey = ("escort", cid, e)
                    ok = uses.get(ekey)
                    if ok is None:
                        ok = uses[ekey] = escort_ok(ctx, use[0], e)
                    if ok:
                        yield A.PlayCard(cid, label, targets, hex_, aid, e)


def apply_checked(game: GameLike, play: A.PlayCard, uses: dict) -> bool:
    """``legal_trial.apply_if_legal`` of ``play``, an option :func:`iter_play_card_options` offered
    on the game as it is now, with its verdicts ``uses``: the handler (``play_checks.take_checked``) does not check again the
    card use and targets already accepted (``jcc.check_links``'s ``checked``).  The game must not
    have changed since the options were made."""
    from lcb_lab.games.lcb import legal_trial
    use = uses.get((play.card, play.option, play.action)) if game.state.stage == "action" else None
    game.checked_play = (play, game.state, use) if use else None
    try:
        return legal_trial.apply_if_legal(game, play)
    finally:
        game.checked_play = None


def candidate_plays(game: GameLike) -> list[A.PlayCard]:
    """Every play :func:`iter_play_card_options` considers, unchecked, in its order: each use of
    :func:`_uses` (its deployment unused, 9.21, then each option played or aimed at a deployed
    card) with each offered target and escort (none first).  The plain form of the options:
    they are the candidates ``jcc.check_links`` accepts."""
    s, imp = game.state, game.state.impulse
    if imp is None or s.chain or not s.cards or (imp.combat is not None and imp.phase != "combat_done"):
        return []
    return list(_candidates(game, game._ctx(), {}))


def _candidates(game: GameLike, ctx: Ctx, known: dict) -> Iterator[A.PlayCard]:
    for card, aid in _uses(game):
        try:
            ct = ctx.ctype(card)
        except UnknownName:
            continue
        if aid is not None and ct.persistent and card.where == "pool":
            yield A.PlayCard(card.cid, jcc.DEPLOY, (), None, aid)
        escorts = [None] + _escorts(game, card, ct)
        for eff in ct.effects:
            if eff.when != "play" and not own_impulse.aims_at_deployed(eff):
                continue
            for t in _targets(game, card, eff, ctx, known):
                for e in escorts:
                    yield A.PlayCard(card.cid, eff.label, tuple(t.get("targets", ())), t.get("hex"), aid, e)


def _escorts(game: GameLike, card, ct) -> list[str]:
    """The deployed own cards that may escort ``card`` (9.46; an FTR NULLIFY eligible card only)."""
    if "ftr" not in ct.symbols:
        return []
    return [c.cid for c in game.state.cards.values() if c.team == card.team and c.cid != card.cid
            and c.where == "deployed" and c.deployed and not c.expended]
