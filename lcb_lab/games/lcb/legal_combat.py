"""The impulse's combat as legal actions (7.03, 7.22, 7.19): the ``"commit_combat"`` template of
every attack the rules accept with one die (:func:`combat_template`, checked by
:func:`committable` without a copy) and each Armor Breakthrough once combat is done.
"""
from __future__ import annotations

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb import hexes as lcb_hexes
from lcb_lab.games.lcb import observer
from lcb_lab.games.lcb.handlers import check_commit_combat
from lcb_lab.games.lcb.legal_templates import Template, _commit, _key
from lcb_lab.games.lcb.legal_trial import trial
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.games.lcb.rules.combat import sequence, continuing
from lcb_lab.games.lcb.rules.common import Ctx, GameLike, supply_left
from lcb_lab.games.lcb.model.state import other
from lcb_lab.games.lcb.rules.optional import naval_gunfire as gunfire
from lcb_lab.games.lcb.rules.optional.switches import is_on


def combat_template(game: GameLike) -> Template | None:
    """The impulse's possible attacks (7.03): every (attacker, CV, target) that is legal with one die,
    with the dice limit of each CV (its supply; infinite supply counts 4 per attack here, 7.34)."""
    s, imp = game.state, game.state.impulse
    ctx = game._ctx()
    zero_ap = continuing.zero_ap_attackers(ctx, imp.task_force)
    known = (zero_ap, continuing.pending_hexes(ctx, imp.task_force))    # the same for every option checked
    engaged = sorted(zero_ap)
    base = _continuing_base(game, engaged, known)
    if base is None:
        return None
    declared = [u for d in imp.actions if d.kind == "move_combat" and not d.over_mp and not (d.split and not d.moved)
                for u in d.units]
    attackers = declared + engaged
    enemies = [e for e in s.living(other(imp.team)) if e.on_map]
    marks = [m for m in s.card_markers.values() if m.team != imp.team and observer.knows(s, imp.team, m)]   # 12.24, 13.26, 13.43
    options: list = []
    limits: dict[str, int] = {}
    for uid in dict.fromkeys(attackers):
        u, t = s.units[uid], game.utype(uid)
        if u.destroyed or u.hex is None:
            continue
        if t.cv("GA"):
            left = supply_left(ctx, u, "GA")
            for e in enemies:
                if e.hex == u.hex:
                    options.append(A.GroundAssault(uid, e.uid, 1))
            options += [A.GroundAssault(uid, m.mid, 1) for m in marks if m.kind in ("sof", "proxy") and m.hex == u.hex]
            limits[f"{uid}/GA"] = 4 if left is None else min(4, left)
        for cv in ctx.cvs_of(u, "LRS") if uid in declared else ():   # a 0-AP attacker only assaults (7.22, 12.07)
            left = supply_left(ctx, u, cv.slot)
            for e in enemies:   # range is a cheap first filter; the trial below decides (7.31, 7.32)
                if e.revealed and cv.in_range(lcb_hexes.distance(u.hex, e.hex)):
                    options.append(A.LrsAttack(uid, cv.slot, e.uid, 1))
            options += [A.LrsAttack(uid, cv.slot, m.mid, 1) for m in marks
                        if cv.in_range(lcb_hexes.distance(u.hex, m.hex))]
            limits[f"{uid}/{cv.slot}"] = 4 if left is None else left
        if uid in declared and is_on(s, "17.3") and gunfire.why_not_gun(ctx, u) is None:   # optional 17.31
            options += [A.LrsAttack(uid, gunfire.GUN, e.uid, 1) for e in enemies if e.hex == u.hex]
            options += [A.LrsAttack(uid, gunfire.GUN, m.mid, 1) for m in marks if m.hex == u.hex]
            limits[f"{uid}/{gunfire.GUN}"] = gunfire.MAX_DICE
    options = [o for o in options if limits.get(_key(o), 0) > 0 and committable(game, _commit(base + [o]), ctx, known)]
    if not options and not base:
        return None
    return Template("commit_combat", tuple(options), {"max_dice": limits, "base": base}, game)


def _continuing_base(game: GameLike, engaged: list[str], known: tuple | None = None) -> list | None:
    """GROUND ASSAULTs the impulse must include (Continuing Combat, 7.22): one die per
    engaged unit at an enemy in its hex -- a unit, else a face-up enemy SOF marker (13.41);
    None when even that is refused."""
    if not engaged:
        return []
    s = game.state
    base = []
    for uid in engaged:
        u = s.units[uid]
        tgt = next((e.uid for e in s.units_in(u.hex, other(u.team)) if not game.utype(e.uid).is_naval), None)
        tgt = tgt or next((m.mid for m in s.card_markers.values() if m.kind == "sof" and m.team != u.team
                           and m.hex == u.hex and observer.knows(s, u.team, m)), None)
        if tgt is not None:
            base.append(A.GroundAssault(uid, tgt, 1))
    return base if committable(game, _commit(base), None, known) else None


def committable(game: GameLike, action: A.CommitCombat, ctx: Ctx | None = None,
                known: tuple[set[str], list[str]] | None = None) -> bool:
    """Whether the rules accept ``action`` now, from their own checks on the live state
    (:func:`lcb_lab.games.lcb.handlers.check_commit_combat`, :func:`lcb_lab.games.lcb.rules.combat.continuing.check_combined_arms`,
    :func:`lcb_lab.games.lcb.rules.combat.sequence.validate_commit`, :func:`lcb_lab.games.lcb.rules.combat.continuing.check_commit`),
    nothing copied or changed: the verdict of :func:`trial` at a fraction of its cost.

    Why the verdicts agree: what follows those checks in the handler never refuses
    (reveal, supply spent, the plan and the defender's choices pushed; the auto-answer
    policies give legal answers); the Continuing Combat check (7.22), which the handler
    makes after committing, reads only which engaged units can still assault, and the
    commitment changes that only for units assaulting their own hex -- which is then
    included.  A Combined Arms Activation (7.18) marks its supporters expended before the
    combat checks run, so a commitment with supporters is tried on a copy instead.

    ``known``: ``(zero_ap_attackers, pending_hexes)`` of the impulse's Task Force when the caller
    has them for this very state (:mod:`lcb_lab.games.lcb.rules.combat.continuing`, 7.22, 7.25, 12.07:
    read once for many commitments)."""
    ctx = ctx or game._ctx()
    try:
        lrs, ga, active, engaged, support = check_commit_combat(ctx, action, known[0] if known else None)
        if support:
            return trial(game, action)
        continuing.check_combined_arms(ctx, lrs, ga, support)
        sequence.validate_commit(ctx, list(lrs), list(ga), active | engaged)
        continuing.check_commit(ctx, ga, known[1] if known else None)
    except IllegalAction:
        return False
    return True


def breakthrough_candidates(game: GameLike) -> list[A.ArmorBreakthrough]:
    """The ArmorBreakthrough acts to try: each unit of the impulse's Task Force in a hex of this
    impulse's GROUND ASSAULTs, into each neighbouring hex (7.19; the handler refuses the rest)."""
    imp = game.state.impulse
    hexes = imp.combat.ga_hexes() if imp.combat else []
    out = []
    for h in hexes:
        for u in game.state.units_in(h):
            if u.task_force == imp.task_force:
                out += [A.ArmorBreakthrough(u.uid, n) for n in game.board.neighbours(h)]
    return out
