"""The Core Actions an impulse may declare (3.03, 3.31-3.37, 5.17, 7.61): each single
declaration the rules accept (:func:`declaration_options`, checked by :func:`declarable`), a
``"declare"`` template combining them within the AP, and the random player's declaration
(:func:`sample_and_apply_declaration`).
"""
from __future__ import annotations

import numpy as np

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.legal_templates import Template, declaration_parts, draw_declaration
from lcb_lab.games.lcb.legal_trial import TRIES, apply_if_legal, endable
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.games.lcb.rules.movement import stacks
from lcb_lab.games.lcb.rules.stages import sequence
from lcb_lab.games.lcb.rules.common import Ctx, GameLike


def declaration_options(game: GameLike) -> list[A.CoreAction]:
    """Each single Core Action the impulse may declare (3.31-3.37, 5.17, 7.61)."""
    ctx = game._ctx()
    return [c for c in declaration_candidates(game) if declarable(ctx, c)]


def declaration_candidates(game: GameLike) -> list[A.CoreAction]:
    """The single Core Actions :func:`declaration_options` asks the rules about: each kind
    for each available stack and its single units, MILDECs, JCCs, a Network repair."""
    s, imp = game.state, game.state.impulse
    out: list[A.CoreAction] = []
    for units in stacks.available_stacks(game._ctx(), imp.task_force):   # one definition of a stack
        types = [game.utype(u) for u in units]
        kinds = ["move_combat", "move_conceal"]
        if any(t.is_logistics for t in types):
            kinds.append("move_resupply")
        if all(t.embark_gpsv or t.embark_asv for t in types):
            kinds.append("move_embarked_jcc")
        out += [A.CoreAction(k, tuple(units)) for k in kinds]
        if len(units) > 1:   # part of a stack (3.36, 3.37)
            out += [A.CoreAction(k, (u,)) for u in units for k in ("move_combat", "move_conceal")]
    marks: dict[str, list[str]] = {}
    for m in s.markers.values():
        if m.task_force == imp.task_force and not (m.destroyed or m.acted):
            marks.setdefault(m.hex, []).append(m.mid)
    out += [A.CoreAction(k, (), markers=tuple(ms)) for ms in marks.values() for k in ("move_combat", "move_conceal")]
    out += [A.CoreAction("play_jcc", jcc=c) for c in playable_card_names(game)]
    out.append(A.CoreAction("network_repair"))
    return out


def playable_card_names(game: GameLike) -> list[str]:
    """The card names a ``play_jcc`` declaration may name now (3.12, 9.31): the team's pool
    cards and the cards Attached to the active Task Force's units, each name once."""
    s, imp = game.state, game.state.impulse
    names = []
    for c in s.cards.values():
        if c.team != imp.team or c.expended:
            continue
        if c.where == "pool" or (c.where == "attached" and c.host in s.units
                                 and s.units[c.host].task_force == imp.task_force):
            names.append(c.name)
    return list(dict.fromkeys(names))


def declarable(ctx: Ctx, action: A.CoreAction) -> bool:
    """Whether ``Declare((action,))`` is legal now, from the rules' own checks
    (:func:`lcb_lab.games.lcb.rules.stages.sequence.check_declaration`) on the live state, nothing copied or
    changed: the same verdict as :func:`trial` at a fraction of its cost.  (For ONE Core
    Action what follows the checks never refuses: a Network repair's cube is checked
    there, 7.61; two repairs with one cube are refused only when applied.)"""
    return checked(ctx, action) is not None


def checked(ctx: Ctx, action: A.CoreAction) -> sequence.Checked | None:
    """:func:`declarable`'s check with what it found (:func:`lcb_lab.games.lcb.rules.stages.sequence.check_one`:
    the declaration and the keys it takes), None when refused (3.03, 3.31-3.37)."""
    try:
        return sequence.check_one(ctx, {"kind": action.kind, "units": list(action.units), "jcc": action.jcc,
                                        "markers": list(action.markers)})   # the dict handlers.declare builds
    except IllegalAction:
        return None


def _declarations(game: GameLike) -> list:
    singles = declaration_options(game)
    out: list = [A.Declare(())] + [A.Declare((c,)) for c in singles] + ([A.EndImpulse()] if endable(game) else [])
    if len(singles) > 1 and game.state.impulse.ap > 1:
        out.append(Template("declare", tuple(singles), {"ap": game.state.impulse.ap}, game))
    return out


def sample_and_apply_declaration(game: GameLike, rng: np.random.Generator) -> A.Declare:
    """The random player's declaration (3.03, 3.31): a random legal combination of the
    :func:`declaration_candidates`, each candidate checked (:func:`declarable`) only when the
    draw reaches it -- not all of them first (lazy: the same verdicts, fewer checks).  Up to
    :data:`TRIES` draws (:func:`draw_declaration`, each applied with :func:`apply_if_legal`),
    then one random legal single declaration, or none.  Returns the declaration applied.

    The Declare handler is told what the draw checked (``game.declared_checks``, the
    :func:`checked` results of this very state, set only while this function applies): it checks
    again only the actions an earlier one may have made illegal
    (:func:`lcb_lab.games.lcb.rules.stages.sequence.check_declaration`, ``known``)."""
    cands = declaration_candidates(game)
    ctx = game._ctx()
    memo: dict[int, bool] = {}
    found: dict[A.CoreAction, sequence.Checked] = {}
    parts = declaration_parts(cands)

    def legal(i: int) -> bool:
        v = memo.get(i)
        if v is None:
            got = checked(ctx, cands[i])
            v = memo[i] = got is not None
            if got is not None:
                found[cands[i]] = got
        return v

    game.declared_checks = found
    try:
        for _ in range(TRIES):
            a = draw_declaration(cands, game.state.impulse.ap, rng, legal, parts)
            if apply_if_legal(game, a):
                return a
        singles = [c for i, c in enumerate(cands) if legal(i)]
        a = A.Declare((singles[int(rng.integers(len(singles)))],) if singles else ())
        game.apply(a)
        return a
    finally:
        del game.declared_checks
