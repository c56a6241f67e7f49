"""Submarine operations (14.x): JCC submarines as units of domain ``submarine``, the
Submarine Operations Tracker (``GameState.sot``), movement, TORPEDO ATTACK, the voluntary
ZOR, submarine versus submarine.  ASW (14.1) is :mod:`lcb_lab.games.lcb.rules.submarines.asw`.

* A card whose type has ``unit_type`` IS a submarine (14.0): buying it (first Planning Stage
  only, 14.01) puts a unit of that catalog type in play (``Unit.card`` = its cid, the card
  ``where="pool"`` with ``host`` = the unit: counted like any hidden card), off the map until a
  DeployUnit places it in a water hex that is not coastal (14.02 NOTE).  The unit joins its
  team's first Task Force.  A scenario may also list submarines directly as units.  Destroyed: its card is discarded.
* Submarine marker = ``Unit.revealed`` of a submarine (14.02, 14.06).  Placed when it fires
  LRS (removed when that combat is resolved) or is DETECTED (by ASW, an enemy submarine or a
  card); every marker leaves at the end of the Action Stage.  Naval ZORs never reveal a
  submarine (14.010): it is not a naval unit.
* The SOT: ``state.sot[team]`` gets ``{"sub", "turn", "impulse", "hex", "public", "why"}`` at
  each deployment and move; a marker placement publishes the entry of the hex it is in
  (``public`` True).  Only the owner reads its own SOT (:mod:`lcb_lab.games.lcb.observer`).
* Movement (14.02): MP 5 through water, never into a coastal hex (a hex with any land),
  once per impulse; logged for the owner only (``kind="submarine"``).
* Combat (14.04): LRS *or* torpedoes in an impulse (``Unit.fired``).  :func:`torpedo_act`:
  1-2 torpedoes at revealed enemy naval units in its own hex (range 0, 14.07), or a
  submarine engagement (target ``"submarine"`` or a DETECTED enemy submarine, 14.011).
  Defensive ASW of the hex first (14.12).  A hit (d20 <= torpedo CV) sinks a ship whatever
  its HP (14.08), unless the target's team spends one of its Naval MILDECs in the hex (4.22,
  14.08): its ``mildec`` choice (:func:`lcb_lab.games.lcb.rules.submarines.asw.answer_mildec`);
  a convoy card marker takes 1 HP per hit (14.08 EXCEPTION).
* :func:`zor_act` (14.09): free, once per declared action: reveals enemy naval units in the
  submarine's hex and the adjacent hexes (the examples' reading of its own hex, facts §6
  item 21) and rolls ONE DETECT die, compared with every enemy submarine there (rolled with
  none there too).  The engagement rolls one DETECT die each side (:func:`duel_setup`): the
  number and purposes of the dice never tell where a hidden boat is (14.02).

Every die goes through ``ctx.dice``; everything resolves inside the act (no chance node) but
the defender's MILDEC choices.
Log entries of a hidden submarine are ``kind="submarine"`` (:func:`lcb_lab.games.lcb.rules.submarines.sot.log_sot`):
facts ``team``, ``about`` its team's SOT (14.03) and ``public_title`` / ``public_text``; the
observer gives the owner the full entry, the other team the public form (none: nothing).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from lcb_lab.games.lcb import plain
from lcb_lab.kernel import explain
from lcb_lab.games.lcb import observer
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.games.lcb.model.state import Unit, other
from lcb_lab.games.lcb.rules.submarines import asw
from lcb_lab.games.lcb.rules.submarines.asw import CONVOY_CARDS, sink, torpedo_hit  # noqa: F401 (part of this module's API)
from lcb_lab.games.lcb.rules.common import Ctx, dist, names
from lcb_lab.games.lcb.rules.optional import interoperability as interop
from lcb_lab.games.lcb.rules.optional import advanced_submarines as adv, asw_bonus
from lcb_lab.games.lcb.rules.submarines.sot import (
    ASW_KILL,
    after_combat,
    check_buy,
    check_names,
    check_step,
    coastal,
    declared_action,
    deploy_problem,
    detect_of,
    detected_by,
    end_of_action_stage,
    end_of_impulse,
    is_sub,
    log_sot,
    moved,
    on_deploy,
    on_lrs,
    place_marker,
    put_in_play,
    remove_marker,
    steps,
    subs_in,
    track)

if TYPE_CHECKING:
    from lcb_lab.games.lcb.actions import ExpendAswCard, OffensiveAsw, SubmarineMovement, SubmarineZor, TorpedoAttack
    from lcb_lab.games.lcb.model.cards import CardType, Effect
    from lcb_lab.games.lcb.model.state import CardPlay, Declared
    from lcb_lab.games.lcb.rules.common import GameLike

TORPEDOES = 2
"""TORPEDO ATTACKs per Move and/or Combat action (14.07) and per side in a submarine duel (14.011)."""
SUB_TARGET = "submarine"
"""The torpedo target naming no unit: engage any enemy submarine suspected in the hex (14.011)."""


# ---------------------------------------------------------------- in play (14.01)
def submarine(ctx: Ctx, link: CardPlay, ct: CardType, eff: Effect) -> bool:
    """A JCC submarine is not played: it is a unit activated by Core Actions (14.0, 14.04)."""
    raise IllegalAction("14.04", f"{ct.name} is a submarine: activate it with a Move and/or Initiate Combat "
                        "action (1 AP)")


# ---------------------------------------------------------------- the declared action
def _declared_sub(ctx: Ctx, aid: int, uid: str, combat: bool = True):
    d = declared_action(ctx, aid)
    team = ctx.state.impulse.team
    check_names(ctx, team, [uid])
    u = ctx.state.units[uid]
    if not is_sub(ctx, u):
        raise IllegalAction("14.0", f"{uid} is not a submarine")
    if uid not in d.units:
        raise IllegalAction("3.36", f"{uid} is not activated in action #{d.aid}")
    if u.destroyed or u.hex is None:
        raise IllegalAction("14.0", f"{uid} is not on the map")
    if combat and d.kind != "move_combat":
        raise IllegalAction("14.04", f"action #{d.aid} is not Move and/or Initiate Combat: a submarine attacks "
                            "through that Core Action")
    return d, u


def check_torpedo(ctx: Ctx, aid: int, uid: str, targets: Iterable[str]) -> tuple:
    """The checks of :func:`torpedo_act`, changing nothing: ``(declared, sub, ship targets,
    submarine targets or None)``.  Raises IllegalAction (14.04, 14.07, 14.011)."""
    d, sub = _declared_sub(ctx, aid, uid)
    if sub.fired == "lrs":
        raise IllegalAction("14.04", f"{uid} fired LRS this impulse: LRS or torpedoes, not both")
    if sub.fired == "torpedo":
        raise IllegalAction("14.07", f"{uid} has already made its TORPEDO ATTACKs of this action")
    targets = list(targets)
    if not 1 <= len(targets) <= TORPEDOES:
        raise IllegalAction("14.07", f"a submarine conducts at most {TORPEDOES} TORPEDO ATTACKs in a Move and/or "
                            f"Combat action ({len(targets)} given)")
    team = sub.team
    if any(t == SUB_TARGET for t in targets):
        if len(targets) != 1:
            raise IllegalAction("14.011", "a submarine engagement uses both torpedoes: name it alone")
        return d, sub, [], None
    ships, enemy_subs = [], []
    for t in targets:
        m = ctx.state.card_markers.get(t)
        if m is not None and m.team != team and observer.knows(ctx.state, team, m):
            if m.hex != sub.hex:
                raise IllegalAction("14.07", f"{t} is in {m.hex}: TORPEDO ATTACKs have range 0 (own hex {sub.hex})")
            if ctx.ctype(ctx.card(m.card)).name not in CONVOY_CARDS:
                raise IllegalAction("14.07", f"{t} is not a naval unit or a convoy")
            ships.append(t)
            continue
        u = ctx.state.units.get(t) if isinstance(t, str) else None
        if u is None or not observer.knows(ctx.state, team, u) or (u.team != team and u.embarked_on is not None):
            raise IllegalAction("14.07", f"{team} sees no revealed enemy naval unit or DETECTED submarine named {t!r}")
        if u.team == team or u.destroyed:
            raise IllegalAction("14.07", f"{t} is not an enemy unit")
        if u.hex != sub.hex:
            raise IllegalAction("14.07", f"{t} is in {u.hex}, {_dist(u.hex, sub.hex)} hex(es) away: TORPEDO ATTACKs "
                                f"have range 0 (only the submarine's own hex {sub.hex})")
        if is_sub(ctx, u):
            enemy_subs.append(t)
        elif ctx.is_naval(u):
            ships.append(t)
        else:
            raise IllegalAction("14.07", f"{t} is a ground unit: torpedoes attack naval units and submarines")
    if ships and enemy_subs:
        raise IllegalAction("14.011", "a submarine engagement uses both torpedoes: do not mix ships and submarines")
    return d, sub, ships, (list(dict.fromkeys(enemy_subs)) if enemy_subs else None)


def _dist(a: str, b: str) -> int:
    return dist(a, b)


def torpedo_act(game: GameLike, c: Ctx, a: TorpedoAttack) -> None:
    """TORPEDO ATTACK (14.07, 14.08, 14.011-14.13): defensive ASW of the hex first, then the
    torpedoes (one die each) or the submarine engagement."""
    d, sub, ships, enemy_subs = check_torpedo(c, a.action, a.sub, a.targets)
    sub.fired = "torpedo"
    if asw.defensive(c, sub):                   # 14.12: destroyed, no torpedo
        return
    if enemy_subs is not None or not ships:
        duel(c, sub, enemy_subs)
        return
    cv = torpedo_cv(c, sub)
    rolls = c.dice.roll(len(ships), f"{sub.uid}: TORPEDO ATTACK")
    log_sot(c, sub.team, f"TORPEDO ATTACK: {sub.uid}", f"{len(ships)} torpedo(es) at {', '.join(ships)}: "
            + plain.dice_text(rolls, cv) + " (1 die per TORPEDO ATTACK, 14.07; IAMD cannot INTERCEPT "
            "torpedoes, 14.11)", ["14.07", "14.08", "14.11"],
            public_title="TORPEDO ATTACK", public_text=f"a {sub.team} submarine fires {len(ships)} torpedo(es) at "
            f"{', '.join(ships)}: " + plain.dice_text(rolls, cv) + " (the submarine stays hidden, 14.07)",
            rolls=rolls)
    for t, r in zip(ships, rolls):
        if r <= cv:
            torpedo_hit(c, sub, t)


def torpedo_cv(ctx: Ctx, sub: Unit) -> int:
    """A torpedo die of ``sub`` hits on a d20 roll at or under this (14.08; 10 when unstated)."""
    return ctx.utype(sub).torpedo_cv or 10


def duel_setup(ctx: Ctx, sub: Unit, named: list[str] | None) -> tuple[list[Unit], list[Unit], bool]:
    """Who rolls in a submarine engagement (14.011), changing nothing: ``(enemies, need,
    searches)``: the enemy submarines in the hex (the named ones first); ``need``, those ``sub``
    has not DETECTED yet; ``searches``, whether ``sub`` rolls its ONE DETECT d20 (compared with
    each of ``need``'s DETECT values) -- always, unless it named only boats it has DETECTED
    already.  The enemy submarines answer with ONE DETECT d20 at ``sub``'s DETECT value, shared
    by all of them.  Each d20 is rolled whatever is in the hex, so the dice tell nothing (14.02).
    Whoever DETECTED fires :data:`TORPEDOES`."""
    enemies = subs_in(ctx, sub.hex, other(sub.team))
    if named:
        enemies = [ctx.state.units[n] for n in named] + [e for e in enemies if e.uid not in named]
    searches = not named or any(not detected_by(ctx, ctx.state.units[n], sub) for n in named)
    return enemies, [e for e in enemies if not detected_by(ctx, e, sub)], searches


def duel(ctx: Ctx, sub: Unit, named: list[str] | None) -> None:
    """Submarine versus submarine (14.011): both sides roll DETECT at once (the attacker one die
    against each enemy submarine in the hex it has not DETECTED yet, the enemy submarines one
    die against the attacker: :func:`duel_setup`); whoever DETECTED fires 2 torpedoes; damage
    is simultaneous."""
    enemies, need, searches = duel_setup(ctx, sub, named)
    att = ctx.dice.roll(1, f"{sub.uid}: DETECT (submarine engagement)")[0] if searches else None
    back = ctx.dice.roll(1, "defending submarines: DETECT")[0]
    found = [e for e in enemies if e not in need] + [e for e in need if att is not None and att <= detect_of(ctx, e)]
    shooters = enemies if back <= detect_of(ctx, sub) else []
    for e in found:
        if not e.revealed or not detected_by(ctx, e, sub):
            place_marker(ctx, e, "detected", by=sub.uid)
    if shooters and not sub.revealed:
        place_marker(ctx, sub, "detected", by=shooters[0].uid)
    _log_duel(ctx, sub, enemies, need, att, back, found)
    _fire(ctx, sub, found, shooters)


def _log_duel(ctx: Ctx, sub: Unit, enemies: list[Unit], need: list[Unit], att: int | None, back: int,
              found: list[Unit]) -> None:
    """The engagement's DETECT rolls as each reads them (14.011, 14.02): the instructor every
    boat; the attacker its roll and what it DETECTED, and the answering roll only of the boats
    it knows (the same words whether a boat it missed is there or not); the boats' owner the
    answering roll."""
    v = detect_of(ctx, sub)
    text = (f"{sub.uid} DETECT " + ", ".join(f"{e.uid} (needs {detect_of(ctx, e)}): {att}" for e in need)
            if need and att is not None else f"{sub.uid} rolls DETECT {att}: no enemy submarine in {sub.hex}"
            if not enemies else f"{sub.uid} already DETECTED {names(found)}")
    text += ("; " + ", ".join(f"{e.uid} DETECT {sub.uid} (needs {v}): {back}" for e in enemies) if enemies else
             f" -- the attack is completed without result (14.011; the defenders' DETECT die, {back}, finds no one)")
    forms = {sub.team: {"title": f"Submarine engagement: {sub.uid}", "text": _attacker_reads(ctx, sub, need, att,
                                                                                            found, enemies, back)}}
    if enemies:
        alias = sub.uid if sub.revealed else f"the {sub.team} submarine"
        forms[other(sub.team)] = {"title": "Submarine engagement", "text": f"a {sub.team} submarine engages in "
                                  f"{sub.hex}: " + ", ".join(f"{e.uid} DETECT {alias} (needs {v}): {back}"
                                                             for e in enemies)}
    log_sot(ctx, sub.team, f"Submarine engagement: {sub.uid}", text, ["14.011", "9.06"], forms=forms)


def _fire(ctx: Ctx, sub: Unit, found: list[Unit], shooters: list[Unit]) -> None:
    """The engagement's torpedoes (14.011, 14.08): ``sub`` at the boats it DETECTED, each boat
    that DETECTED it back at ``sub``; damage is simultaneous (every submarine hit sinks, HP 1)."""
    alias = sub.uid if sub.revealed else f"the {sub.team} submarine"
    cv = torpedo_cv(ctx, sub)
    hits: list[Unit] = []
    if found:
        aims = found[:1] * TORPEDOES if len(found) == 1 else found[:TORPEDOES]
        rolls = ctx.dice.roll(len(aims), f"{sub.uid}: TORPEDO ATTACK")
        hits += [t for t, r in zip(aims, rolls) if r <= cv]
        log_sot(ctx, sub.team, f"{sub.uid} fires 2 torpedoes", f"at {names(aims)}: " + plain.dice_text(rolls, cv),
                ["14.011", "14.08"], public_title=f"{alias[0].upper()}{alias[1:]} fires 2 torpedoes",
                public_text=f"at {names(aims)}: " + plain.dice_text(rolls, cv))
    for e in shooters:
        ecv = torpedo_cv(ctx, e)
        rolls = ctx.dice.roll(TORPEDOES, f"{e.uid}: TORPEDO ATTACK")
        if any(r <= ecv for r in rolls):
            hits.append(sub)
        shots = f"2 torpedoes at {alias}: " + plain.dice_text(rolls, ecv) + " (simultaneous, 14.011)"
        ctx.log(explain.step("torpedo", f"{e.uid} fires back", shots, ["14.011", "14.08"]),
                team=e.team, about={"unit": e.uid}, public_title="An enemy submarine fires back", public_text=shots)
    for uid in dict.fromkeys(t.uid for t in hits):   # simultaneous damage: every submarine hit sinks (HP 1)
        t = ctx.state.units[uid]
        sink(ctx, t, other(t.team), "submarine engagement")


def _attacker_reads(ctx: Ctx, sub: Unit, need: list[Unit], att: int | None, found: list[Unit],
                    enemies: list[Unit], back: int) -> str:
    """A submarine engagement's DETECT rolls as the attacker's team reads them (14.011, 14.02):
    its roll, and each boat it DETECTED by name and DETECT value (a miss: "no enemy submarine
    DETECTED", whether a boat is there or not); the answering roll of the boats it knows."""
    team = sub.team
    new = [e for e in need if e in found]
    if att is None:
        text = f"{sub.uid} already DETECTED {names(found)}"
    elif new:
        text = f"{sub.uid} DETECT " + ", ".join(f"{e.uid} (needs {detect_of(ctx, e)}): {att}" for e in new)
    else:
        text = f"{sub.uid} DETECT rolled {att}: no enemy submarine DETECTED"
    known = [e for e in enemies if observer.knows(ctx.state, team, e)]
    return text + "".join(f"; {e.uid} DETECT {sub.uid} (needs {detect_of(ctx, sub)}): {back}" for e in known)


# ---------------------------------------------------------------- ZOR (14.09)
def check_zor(ctx: Ctx, aid: int, uid: str) -> tuple[Declared, Unit]:
    """The checks of :func:`zor_act`, changing nothing: ``(declared action, submarine)``.  Raises
    IllegalAction (3.31, 3.36, 14.0, 14.09: the action's ZOR already used)."""
    d, sub = _declared_sub(ctx, aid, uid, combat=False)
    if d.zor_used:
        raise IllegalAction("14.09", f"action #{d.aid} has already used its ZOR")
    return d, sub


def zor_hexes(ctx: Ctx, h: str) -> list[str]:
    """The submarine's hex and the six around it (14.09; the examples' own hex, facts §6)."""
    return [h] + [n for n in ctx.board.neighbours(h) if n in ctx.board]


def zor_targets(ctx: Ctx, sub: Unit) -> list[Unit]:
    """The setup of the ZOR's DETECT roll (14.09), changing nothing: the enemy submarines in
    the ZOR that ``sub`` has not DETECTED.  ONE d20 is rolled whatever is there (none, one or
    several: the number of dice tells nothing, 14.02), compared with each one's DETECT value
    (:func:`~lcb_lab.games.lcb.rules.submarines.sot.detect_of`): at or under it, DETECTED."""
    foe = other(sub.team)
    return [u for h in zor_hexes(ctx, sub.hex) for u in subs_in(ctx, h, foe) if not detected_by(ctx, u, sub)]


def zor_act(game: GameLike, c: Ctx, a: SubmarineZor) -> list[str]:
    """Exercise the voluntary 1-hex ZOR (14.09): reveal enemy naval units, roll ONE DETECT die
    against every enemy submarine there (:func:`zor_targets`; rolled with none there too).
    Returns the uids revealed or DETECTED."""
    from lcb_lab.games.lcb.rules.movement.conceal import reveal
    d, sub = check_zor(c, a.action, a.sub)
    d.zor_used = True
    hexes = zor_hexes(c, sub.hex)
    ships = [u for h in hexes for u in c.state.units_in(h, other(sub.team)) if c.is_naval(u)]
    newly = reveal(c, ships, f"a {sub.team} submarine's 1-hex ZOR around {sub.hex} (14.09; naval "
                   "units only -- it does not reveal the submarine)", ["14.09"])
    out = [u.uid for u in newly]
    enemies = zor_targets(c, sub)
    r = c.dice.roll(1, f"{sub.uid}: ZOR DETECT")[0]
    found = [e for e in enemies if r <= detect_of(c, e)]
    _log_zor_detect(c, sub, enemies, r)
    for e in found:
        if not e.revealed:
            newly.append(e)
        place_marker(c, e, "detected", by=sub.uid)
        out.append(e.uid)
    interop.mark_revealed(c, newly, [sub])          # 17.1: the submarine's nation marks what it revealed
    log_sot(c, sub.team, f"ZOR of {sub.uid}", f"around {sub.hex}: {len(ships)} enemy ship(s) revealed, one DETECT "
            "die for any enemy submarine in reach (free; using it tells the other side where the submarine is, "
            "14.09)", ["14.09"], public_title="Submarine ZOR",
            public_text=f"a {sub.team} submarine uses its ZOR around {sub.hex} (14.09)")
    return out


def _log_zor_detect(c: Ctx, sub: Unit, enemies: list[Unit], r: int) -> None:
    """The ZOR's DETECT roll as each reads it (14.09, 14.02): the searcher the roll and the
    boats it DETECTED (the same words whether a boat it missed is there or not), the boats'
    owner each of its boats in reach, the instructor every boat."""
    foe = other(sub.team)
    found = [e for e in enemies if r <= detect_of(c, e)]
    mine = (f"{', '.join(f'{e.uid} DETECTED (needs {detect_of(c, e)})' for e in found)}: rolled {r}" if found
            else f"rolled {r}: no enemy submarine DETECTED")
    forms = {sub.team: {"title": "ZOR DETECT", "text": mine}}
    if enemies:
        forms[foe] = {"title": "Submarine ZOR: DETECT", "text": f"a {sub.team} submarine searches around {sub.hex}: "
                      + "; ".join(f"{e.uid} is DETECTED" if e in found else
                                  f"{e.uid} stays hidden (rolled {r}, needed {detect_of(c, e)})" for e in enemies)}
    full = "; ".join(f"{e.uid} in {'its own hex' if e.hex == sub.hex else 'an adjacent hex'}: DETECT needs "
                     f"{detect_of(c, e)}: rolled {r}: " + ("DETECTED" if e in found else "it stays hidden")
                     for e in enemies) or f"rolled {r}: no enemy submarine in reach"
    log_sot(c, sub.team, f"ZOR DETECT by {sub.uid}", full, ["14.09", "9.06"], forms=forms, rolls=[r])


# ---------------------------------------------------------------- offensive ASW (14.14)
def offensive_asw_act(game: GameLike, c: Ctx, a: OffensiveAsw) -> list[str]:
    """Handler of :class:`lcb_lab.games.lcb.actions.OffensiveAsw` (14.14): the ships of declared
    action ``a.action`` search their hex (:func:`lcb_lab.games.lcb.rules.submarines.asw.offensive_act`).
    Returns the uids of the submarines destroyed.  Raises IllegalAction."""
    return asw.offensive_act(c, a.action, list(a.units))


def movement_act(game: GameLike, c: Ctx, a: SubmarineMovement) -> None:
    """Handler of :class:`lcb_lab.games.lcb.actions.SubmarineMovement` (optional rule 17.2): the
    movement type of the submarine's next move, written on the SOT (secret, 14.03).  Raises
    IllegalAction (17.2 off or refused; 3.36, 6.11, 14.0 as :func:`_declared_sub`)."""
    if not adv.on(c.state):
        raise IllegalAction("17.2", "optional rule 17.2 (advanced submarine operations) is not on")
    _, sub = _declared_sub(c, a.action, a.sub, combat=False)
    adv.write(c.state, sub, a.mode, sub.moved)
    mp, mod = adv.MODES[a.mode]
    log_sot(c, sub.team, f"{sub.uid}: {a.mode} movement", f"written on the SOT before it moves: {mp} MP, DETECT "
            f"{mod:+d} for the rest of the turn (17.2)", ["17.2", "14.03"])


def expend_asw_act(game: GameLike, c: Ctx, a: ExpendAswCard) -> None:
    """Handler of :class:`lcb_lab.games.lcb.actions.ExpendAswCard` (optional rules 17.2, 17.71): the
    card is flipped over (:func:`lcb_lab.games.lcb.rules.optional.asw_bonus.expend`); its bonus
    waits for the team's next ASW roll in its hexes.  Raises IllegalAction."""
    rec = asw_bonus.expend(c, a.card, a.hexes, a.action)
    cost = (f"played from the team pool with action #{a.action} (1 AP, 9.03, 9.41)" if a.action is not None
            else "no AP (a deployed Persistent card, 9.2)")
    rules = [rec["rule"]] + (["9.41"] if a.action is not None else [])
    c.log(explain.step("asw", f"{rec['name']} expended over {', '.join(rec['hexes'])}",
                       f"{cost}: the required DETECT value of every enemy submarine there rises by {rec['detect']} "
                       f"for {rec['team']}'s next ASW roll in {'those hexes' if len(rec['hexes']) > 1 else 'that hex'} "
                       f"this Action Stage ({rec['rule']})", rules), team=rec["team"], card=rec["card"])


# ---------------------------------------------------------------- legal actions
def offers(game: GameLike) -> list:
    """The submarine / ASW actions the active impulse may take now -- never depending on
    where the enemy's hidden submarines are (no hint): the engagement ``"submarine"`` and
    offensive ASW are offered in any hex."""
    from lcb_lab.games.lcb import actions as A
    s = game.state
    imp = s.impulse
    if imp is None or imp.phase == "declare" or (imp.combat is not None and imp.phase != "combat_done"):
        return []
    ctx = game._ctx()
    out: list = []
    for d in imp.actions:
        for uid in d.units:
            u = s.units[uid]
            if u.destroyed or u.hex is None:
                continue
            if is_sub(ctx, u):
                out += _sub_offers(ctx, A, d, u)
        ships = [uid for uid in d.units if asw.can_search(ctx, d, s.units[uid])]
        if ships:
            out.append(A.OffensiveAsw(d.aid, tuple(ships)))
    return out + _optional_offers(ctx, A, imp)


def _optional_offers(ctx: Ctx, A, imp) -> list:
    """The optional rules' acts (17.2, 17.71): a movement type for each submarine of a declared
    action that has not moved; each deployed unexpended ASW card, and each pool ASW card named by
    an unused declared Play a JCC action (9.41), expended over one hex where the team has a unit
    or sees an enemy submarine (the act itself takes any hexes it covers)."""
    s, out = ctx.state, []
    if adv.on(s):
        for d in imp.actions:
            for uid in d.units:
                u = s.units[uid]
                if is_sub(ctx, u) and not u.moved and not u.destroyed and u.hex is not None:
                    out += [A.SubmarineMovement(d.aid, uid, m) for m in adv.MODES if _ok(
                        lambda: _declared_sub(ctx, d.aid, uid, combat=False))]
    if asw_bonus.any_on(s):
        hexes = sorted({u.hex for u in s.units.values() if u.on_map and not u.destroyed and (
            u.team == imp.team or (is_sub(ctx, u) and observer.knows(s, imp.team, u)))})
        for c in s.cards.values():
            if c.team == imp.team and c.where == "deployed" and not c.expended:
                out += [A.ExpendAswCard(c.cid, (h,)) for h in hexes if _ok(asw_bonus.check, ctx, c.cid, (h,))]
            for d in imp.actions if c.team == imp.team and c.where == "pool" else ():
                if d.kind == "play_jcc" and d.jcc and not d.played:
                    out += [A.ExpendAswCard(c.cid, (h,), d.aid) for h in hexes
                            if _ok(asw_bonus.check, ctx, c.cid, (h,), d.aid)]
    return out


def _ok(fn, *args) -> bool:
    try:
        fn(*args)
        return True
    except IllegalAction:
        return False


def _sub_offers(ctx: Ctx, A, d, u: Unit) -> list:
    out = []
    if _ok(check_zor, ctx, d.aid, u.uid):
        out.append(A.SubmarineZor(d.aid, u.uid))
    foe = other(u.team)
    seen = [e.uid for e in ctx.state.units_in(u.hex, foe) if e.revealed and (ctx.is_naval(e) or is_sub(ctx, e))]
    tries = [(SUB_TARGET,)] + [(t,) for t in seen] + [(t, t) for t in seen if not is_sub(ctx, t)]
    tries += [(a, b) for i, a in enumerate(seen) for b in seen[i + 1:] if not is_sub(ctx, a) and not is_sub(ctx, b)]
    for targets in tries:
        if _ok(check_torpedo, ctx, d.aid, u.uid, targets):
            out.append(A.TorpedoAttack(d.aid, u.uid, targets))
    return out
