"""The kill chain on one target, F2T2EA on LC:B's mechanics, from ONE viewer's knowledge.

:func:`kill_chain` gives a :class:`KillChain`: one :class:`Link` per stage, each with its means
(units, cards, markers, with their rule numbers), its exact probability *given the links before
it*, and the whole chain's probability (their product: the chance the target is destroyed).
The project's reading (``docs/kill_chain.md``):

* **find** -- what reveals the target (6.13): it is face up already (6.11), a ground ZOR (6.21,
  6.22) or naval ZOR (6.23) a known unit of the attacker can bring to it this impulse, a reveal
  card (9.0) less the chance the defender's known NULLIFY stops it (9.09, 9.43), an ISR marker's
  reveal (13.2) within its MP;
* **fix and track** -- what keeps it revealed and in range until the shot: within the attacker's
  impulse the defender takes no Core Action (3.3), so it can neither Conceal (6.1) nor move;
  a naval target in an enemy naval ZOR cannot Conceal at all (6.23);
* **target** -- eligible LRS values in range (7.3, 7.31-7.34, 7.41) and LRS cards (9.05); a ground
  target's GROUND ASSAULTs (7.1), a ship's TORPEDO ATTACKs (14.07), by units in its hex or able
  to move into it (:mod:`~lcb_lab.games.lcb.analysis.kill_chain_assault`);
* **engage** -- the roll: P(at least one hit) (7.02), from the engine's odds
  (:func:`lcb_lab.games.lcb.rules.combat.odds.engagement_odds`, the torpedo preview of
  :mod:`lcb_lab.games.lcb.rules.submarines.chance`);
* **defend** -- INTERCEPT (7.5) by the defender's default policy, ``match_incoming`` (the
  engine's own, :mod:`lcb_lab.games.lcb.choices`), MILDECs absorbing first (4.22, 7.06, default
  ``absorb_all``) and NULLIFY / FTR NULLIFY of a card attack (9.4); no INTERCEPT of a GROUND
  ASSAULT (7.1) or a torpedo (14.11), defensive ASW before a torpedo (14.12): P(at least one HP
  lost | a hit);
* **assess** -- the outcome: P(destroyed | an HP lost), the HP-lost distribution (7.05).

The AP the attacker's chosen acts cost (a Core Action per unit or card, 3.31; an ISR marker's
free action, 13.21; what its impulse has already declared, nothing) are priced by
:mod:`~lcb_lab.games.lcb.analysis.kill_chain_ap`: ``Link.ap``, ``KillChain.ap``, ``KillChain.ap_left``.

Knowledge: everything is read from ``observer.known_state`` (enemy counters it sees as backs are
stand-ins with no values) and the viewer's ``game.view`` cards; never ``game.state`` of the other
team's secrets.  What the viewer cannot see is named in :attr:`KillChain.unknowns`, never counted.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from lcb_lab.games.lcb import hexes as lcb_hexes
from lcb_lab.games.lcb import observer
from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.analysis import kill_chain_ap as kc_ap
from lcb_lab.games.lcb.analysis import kill_chain_cards as kc_cards
from lcb_lab.games.lcb.analysis import kill_chain_assault as kc_assault
from lcb_lab.games.lcb.analysis.kill_chain_fires import fires_links, found
from lcb_lab.games.lcb.analysis.kill_chain_records import STAGES, TITLES, KillChain, Link, Means
from lcb_lab.games.lcb.die import p_hit
from lcb_lab.games.lcb.model.state import Unit, other
from lcb_lab.games.lcb.rules.common import Ctx
from lcb_lab.kernel.errors import IllegalAction

__all__ = ["Means", "Link", "KillChain", "kill_chain", "STAGES", "TITLES"]

VIEWERS = ("US", "RU", "instructor")


# ====================================================================== entry point
def kill_chain(game: Any, viewer: str, target: str,
               plan: A.CommitCombat | A.LrsAttack | A.GroundAssault | A.TorpedoAttack | None = None) -> KillChain:
    """The kill chain on ``target`` (a unit designator ``viewer`` can name) as ``viewer``
    ("US", "RU" or "instructor") knows it, for ``plan`` (a :class:`~lcb_lab.games.lcb.actions.CommitCombat`:
    its LRS attacks on ``target``, or its GROUND ASSAULTs on it when it has no LRS attack on it;
    one :class:`~lcb_lab.games.lcb.actions.LrsAttack`, :class:`~lcb_lab.games.lcb.actions.GroundAssault`
    or :class:`~lcb_lab.games.lcb.actions.TorpedoAttack`) or, without one, the strongest single
    act (one LRS value or card, one unit's GROUND ASSAULT or one submarine's 2 torpedoes, all its dice).

    Raises ValueError for an unknown viewer, UnknownName for a unit the viewer cannot name
    (6.11), IllegalAction for a target LRS can never take (a submarine 14.05, off the map 7.32)
    or a plan the rules refuse (7.3, 7.31-7.34, 7.08, 7.12-7.16, 14.04, 14.07: the engine's own
    checks, the target taken as found); TypeError for a plan of another kind."""
    if viewer not in VIEWERS:
        raise ValueError(f"viewer must be one of {', '.join(VIEWERS)}, not {viewer!r}")
    who = None if viewer == "instructor" else viewer
    observer.check_known(game.state, who, [target], "kill_chain")
    ctx = Ctx(_known(game, who), game.board, game.catalog, None, game.decks)
    t = ctx.state.unit(target)
    if not t.on_map:
        raise IllegalAction("7.32", f"{target} is not on the map: no LRS can target it")
    if ctx.utype(t).is_submarine:
        raise IllegalAction("14.05", f"{target} is a submarine: never a target for LRS")
    attacker, view = other(t.team), game.view(viewer)
    att_cards = kc_cards.known_cards(ctx, view, attacker)
    def_cards = kc_cards.known_cards(ctx, view, t.team)
    find = find_link(ctx, t, attacker, att_cards, def_cards, viewer)
    fix = fix_link(ctx, t, attacker, find, game.impulse)
    fires = _fires(ctx, t, attacker, plan, att_cards, def_cards, viewer)
    paid = kc_ap.declared_idents(game.state.impulse, attacker, lambda i: _names(game, who, attacker, i))
    find = _shooter_finds(find, fires)
    links = kc_ap.price((find, fix, *fires.links), paid, attacker)
    return KillChain(viewer=viewer, target=target, target_hex=t.hex, attacker=attacker, defender=t.team,
                     links=links, ap_left=kc_ap.ap_left(game.state.impulse, attacker), plan=fires.plan,
                     declared=plan is not None,
                     intercepts=fires.intercepts, policies=fires.policies,
                     unknowns=_unknowns(ctx, t, view, viewer), hp=t.hp, damage=fires.damage,
                     expected_damage=fires.expected)


def _fires(ctx: Ctx, t: Unit, attacker: str, plan: Any, att_cards: list, def_cards: list, viewer: str) -> Any:
    """The target..assess links: the plan's act, else the strongest of the LRS values and cards
    (:mod:`~lcb_lab.games.lcb.analysis.kill_chain_fires`) and the GROUND ASSAULTs / TORPEDO
    ATTACKs (:mod:`~lcb_lab.games.lcb.analysis.kill_chain_assault`)."""
    fctx = found(ctx, t)
    ft = fctx.state.units[t.uid]
    act = kc_assault.plan_act(fctx, ft, plan, viewer) if plan is not None else None
    if act is not None:
        return kc_assault.fires_of(ft, act, (), True)
    fires = fires_links(fctx, ft, attacker, _plan_allocs(plan, t.uid), att_cards, def_cards, is_found=True)
    if plan is not None:
        return fires
    options, rows = kc_assault.acts(fctx, ft, attacker, viewer)
    return kc_assault.strongest(fires, options, rows, ft)


def _shooter_finds(find: Link, fires: Any) -> Link:
    """``find`` with its chosen means moved to the act's own shooter when that unit finds as
    surely: one Core Action then both finds and fires (3.34), as a GROUND ASSAULT entering the
    hex reveals it (6.22)."""
    shooters = {m.ident for m in fires.links[0].means if m.chosen}
    best = next((m for m in find.means if m.chosen), None)
    if best is None or best.ident in shooters:
        return find
    alt = next((m for m in find.means if m.ident in shooters and m.kind == "unit" and m.p == best.p), None)
    if alt is None:
        return find
    return replace(find, means=tuple(replace(m, chosen=m is alt) for m in find.means),
                   note=f"the best single means: {alt.label}")


def _names(game: Any, who: str | None, attacker: str, ident: str) -> bool:
    """Whether ``who`` may name ``ident`` (a declared unit or card of ``attacker``): its own
    team and the instructor always, the other team a unit it knows (6.11), never a card (9.02)."""
    if who is None or who == attacker:
        return True
    u = game.state.units.get(ident)
    return u is not None and observer.knows(game.state, who, u)


def _known(game: Any, who: str | None) -> Any:
    """The state as ``who`` may know it (:func:`observer.known_state`: without the cards it may
    not see, 9.02)."""
    return observer.known_state(game.state, game.catalog, who)


def _plan_allocs(plan: Any, target: str) -> list[dict] | None:
    if plan is None:
        return None
    parts = (plan,) if isinstance(plan, A.LrsAttack) else getattr(plan, "lrs", None)
    if parts is None:
        raise TypeError("plan must be a CommitCombat, an LrsAttack, a GroundAssault or a TorpedoAttack")
    allocs = [{"shooter": a.shooter, "slot": a.slot, "target": a.target, "dice": a.dice} for a in parts
              if a.target == target]
    if not allocs:
        raise IllegalAction("7.05", f"the plan allocates no LRS or GROUND ASSAULT dice to {target}")
    return allocs


# ====================================================================== find
def _stand_in(u: Unit) -> bool:
    return observer.is_stand_in(u)


def _zor_means(ctx: Ctx, t: Unit, attacker: str) -> list[Means]:
    """Known attacker units whose ZOR can reach the target this impulse (6.21-6.23)."""
    from lcb_lab.games.lcb.rules.movement import move
    naval = ctx.utype(t).is_naval
    zor = set(ctx.board.naval_reach(t.hex, 5)) - {t.hex} if naval else None
    out = []
    for u in ctx.state.living(attacker):
        ut = ctx.utype(u) if not _stand_in(u) else None
        if ut is not None and ut.is_submarine and naval and u.on_map and not u.paralysed:
            out += kc_assault.sub_zor_means(ctx, u, t)
        if ut is None or not u.on_map or u.paralysed or ut.is_submarine or ut.is_naval != naval:
            continue
        if not naval and lcb_hexes.distance(u.hex, t.hex) > ut.mp + 2:
            continue
        here = (u.hex in zor) if naval else lcb_hexes.distance(u.hex, t.hex) <= 1
        reach = {} if here or u.moved or u.no_move else move.reach(ctx, [u])
        near = here or any((h in zor) if naval else lcb_hexes.distance(h, t.hex) <= 1 for h in reach)
        if not near:
            continue
        if naval:
            what, rules = f"{u.uid}: its naval ZOR (5 hexes) {'holds' if here else 'can reach'} the target", ("6.23",)
        elif u.hex == t.hex:
            what, rules = f"{u.uid}: in the target's hex, both reveal (6.22)", ("6.22",)
        else:
            what = f"{u.uid}: {'adjacent' if here else 'can move adjacent (5.12)'}, its ground ZOR reveals the hex"
            rules = ("6.21",) if here else ("5.12", "6.21")
        out.append(Means("unit", u.uid, rules, what, 1.0, u.hex, attacker))
    return out


def _card_means(cards: list, answers: list, t: Unit) -> list[Means]:
    """Reveal cards of the attacker (6.13, 9.0), less the defender's known NULLIFY (9.09, 9.43)."""
    out = []
    for c, e, p in kc_cards.reveal_means(cards, t.hex):
        stop, rows = kc_cards.answer_chance(answers, c.ctype)
        words = f"{c.name}: reveals on a roll of {e.succeeds_on} or less" if e.succeeds_on else f"{c.name}: reveals"
        if rows:
            words += "; " + ", ".join(f"{a.name} may NULLIFY it ({q:.0%})" for a, q in rows)
        out.append(Means("card", c.cid, ("6.13", "9.09") if rows else ("6.13",), words, p * (1.0 - stop), c.hex,
                         c.team, name=c.name))
    return out


def _marker_means(ctx: Ctx, t: Unit, attacker: str, viewer: str) -> list[Means]:
    """The attacker's ISR markers the viewer knows whose card reveals the units in its hex and
    that can reach the target's hex with their MP left (13.21, 13.23)."""
    from lcb_lab.games.lcb.rules.markers import isr
    out = []
    for m in ctx.state.card_markers.values():
        if m.team != attacker or m.kind != "isr" or m.moved or not (m.revealed or viewer in (attacker, "instructor")):
            continue
        card = ctx.state.cards.get(m.card)
        if card is None:
            continue
        for e in ctx.ctype(card).effects:
            if e.fn not in kc_cards.REVEAL_FNS or e.when != "trigger":
                continue
            naval = bool(m.data.get("naval") or m.data.get("amphibious") or m.data.get("littoral"))
            if m.hex != t.hex and isr.marker_path(ctx, naval, m.hex, t.hex, m.mp) is None:
                continue
            p = 1.0 if e.succeeds_on is None else p_hit(e.succeeds_on)
            out.append(Means("marker", m.mid, ("13.21",), f"{m.mid} ({card.name}): moves to the hex and reveals",
                             p, m.hex, attacker))
    return out


def find_link(ctx: Ctx, t: Unit, attacker: str, att_cards: list, def_cards: list, viewer: str) -> Link:
    """The find link (6.13): 1.0 for a face-up target, else the best known means' chance."""
    if t.revealed:
        return Link("find", 1.0, (Means("fact", t.uid, ("6.11",), f"{t.uid} is face up: already found", 1.0,
                                        t.hex, t.team, True),),
                    "revealed: LRS may target it (6.14)", ("6.11", "6.14"))
    means = _zor_means(ctx, t, attacker) + _card_means(att_cards, def_cards, t) + \
        _marker_means(ctx, t, attacker, viewer)
    if not means:
        return Link("find", 0.0, (), "concealed, and nothing the viewer knows can reveal it this impulse (6.14)",
                    ("6.13", "6.14"))
    best = max(means, key=lambda m: (m.p or 0.0, m.kind == "unit"))
    means = tuple(replace(m, chosen=m is best) for m in means)
    return Link("find", best.p or 0.0, means, f"the best single means: {best.label}", ("6.13", "6.2"))


# ====================================================================== fix and track
def fix_link(ctx: Ctx, t: Unit, attacker: str, find: Link, impulse: Any) -> Link:
    """The fix-and-track link: what keeps the found target revealed and in range until the shot."""
    if find.p == 0.0:
        return Link("fix_track", 0.0, (), "nothing found to track", ("6.1",))
    means = [Means("fact", t.uid, ("3.3", "6.1", "7.03"), "found and struck in the attacker's own impulse: "
                   "the defender takes no Core Action before the shot (no Conceal, no move)", 1.0, None, attacker,
                   True)]
    if ctx.utype(t).is_naval:
        zor = ctx.board.naval_reach(t.hex, 5)
        for u in ctx.state.living(attacker):
            if not _stand_in(u) and u.on_map and ctx.utype(u).is_naval and not ctx.utype(u).is_submarine \
                    and u.hex in zor and u.hex != t.hex:
                means.append(Means("unit", u.uid, ("6.23",), f"{u.uid}: its naval ZOR holds the target, which "
                                   "cannot Conceal there", 1.0, u.hex, attacker, True))
    ours = impulse is not None and impulse.team == attacker
    note = ("the attacker's impulse is under way" if ours else
            "if the defender plays an impulse first it may Conceal the target (6.1): not counted, "
            "its default play is not to")
    return Link("fix_track", 1.0, tuple(means), note, ("3.3", "6.1", "6.23"))


# ====================================================================== unknowns
def _unknowns(ctx: Ctx, t: Unit, view: dict, viewer: str) -> tuple[str, ...]:
    """What ``viewer`` cannot see that could change the chain (not counted in it)."""
    if viewer == "instructor":
        return ()
    out = []
    backs = [u for u in ctx.state.living() if _stand_in(u) and u.on_map]
    enemy = other(viewer)
    role = "a shooter or sensor" if enemy != t.team else "an interceptor (7.53)"
    far = [u for u in backs if u.hex != t.hex]
    here = [u for u in backs if u.hex == t.hex]
    if far:
        out.append(f"{len(far)} concealed {enemy} counter(s) elsewhere: any may be {role} or a MILDEC (6.11)")
    if here:
        out.append(f"{len(here)} concealed {enemy} counter(s) in the target's hex: any may be a MILDEC (4.22) "
                   "or an interceptor (6.11)")
    if enemy != t.team and ctx.utype(t).is_naval:      # the same words whether or not a boat is there
        out.append(f"{enemy} submarines {viewer} has not DETECTED are not seen at all (14.03): any may make a "
                   "TORPEDO ATTACK on it (14.07)")
    hidden = sum((view.get("hidden_cards") or {}).get(enemy, {}).values())
    if hidden:
        out.append(f"{hidden} {enemy} card(s) face down: any may reveal, strike, NULLIFY or INTERCEPT (9.02)")
    return tuple(out)
