"""ARTILLERY DIRECT FIRE (optional rule 17.5, 17.51-17.54): cannon artillery firing LRS at range 0.

On only where ``is_on(state, "17.5")``.

* Who (17.51): self-propelled or mobile cannon artillery, told by the description on its Unit
  Tracker (``cannon_artillery`` in ``data/units.toml``; "a dot in a square").  lcb_lab's reading
  (sandbox: the text names no unit): every cannon artillery type that can move (MP above 0) is
  mobile; the catalog's cannon sections (M777, Msta-B) move 2 MP, so both qualify.
* Offensive (17.51, 17.52): its Core Combat Action, a Move and/or Combat Core Action (1 AP): an
  ordinary LRS allocation at an enemy in its own hex (range 0), with no CV penalty.  The
  standard LRS already reaches hex zero (7.31), so the switch changes only the words of the roll:
  :func:`offensive` marks it, and the roll cites 17.51 and 17.53.
* In answer to an enemy GROUND ASSAULT (17.51, 17.52): such a unit has no GROUND ASSAULT CV,
  so 7.16 would leave it silent; with the rule on it is a defender of the GA defense choice
  (7.13) firing its LRS CV -4 at range 0 (a unit in its hex), spending LRS supply per die (7.36,
  7.08); no AP.  Its LRS value is its first LRS CV.
* It cannot be INTERCEPTED (17.53): no INTERCEPT is asked against it (cannon artillery's LRS
  never is, 7.52's exception, and the answer to a GA is part of the GA exchange).
* A level-2 Fortification gives an attacking LRS or ARTILLERY DIRECT FIRE CV -2 (17.54): the
  13.51 modifier, which the LRS roll already applies; the roll cites 17.54 with it.  A defender
  firing back in its own fortified hex gets no modifier from its own Fortification.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from lcb_lab.games.lcb.choice_options import Defender
from lcb_lab.games.lcb.rules.combat.network import apply, network_modifiers
from lcb_lab.games.lcb.rules.common import Ctx, supply_left
from lcb_lab.games.lcb.rules.optional.switches import is_on

if TYPE_CHECKING:
    from lcb_lab.games.lcb.model.state import Unit

ANSWER_GA = -4
"""The LRS CV modifier of ARTILLERY DIRECT FIRE in answer to a GROUND ASSAULT (17.52)."""


def eligible(ctx: Ctx, u: Unit) -> bool:
    """Is ``u`` self-propelled or mobile cannon artillery with an LRS CV (17.51; module doc's reading)?"""
    t = ctx.utype(u)
    return t.cannon_artillery and bool(t.cvs_of("LRS")) and t.mp > 0


def lrs_slot(ctx: Ctx, u: Unit) -> str:
    """The LRS slot it fires (its first LRS CV)."""
    return ctx.utype(u).cvs_of("LRS")[0].slot


def answers_ga(ctx: Ctx, u: Unit) -> bool:
    """Does ``u`` answer a GROUND ASSAULT with ARTILLERY DIRECT FIRE (17.5 on, eligible, no GA CV)?"""
    return is_on(ctx.state, "17.5") and ctx.cv(u, "GA") is None and eligible(ctx, u)


def defense_slot(ctx: Ctx, u: Unit) -> str:
    """The CV slot ``u`` spends defending a GROUND ASSAULT: ``"GA"`` (7.13), or its LRS slot
    when it answers with ARTILLERY DIRECT FIRE (17.52)."""
    return lrs_slot(ctx, u) if answers_ga(ctx, u) else "GA"


def defense_modifiers(ctx: Ctx, u: Unit) -> list:
    """Its CV modifiers answering a GA: the Tactical Network (7.62, an LRS CV) and -4 (17.52)."""
    if not answers_ga(ctx, u):
        return []
    return network_modifiers(ctx.state, u.team) + [("ARTILLERY DIRECT FIRE against a GROUND ASSAULT", ANSWER_GA,
                                                    "17.52")]


def ga_defender(ctx: Ctx, u: Unit) -> Defender | None:
    """``u`` as a GA defender by ARTILLERY DIRECT FIRE (17.52): its CV after -4 and its LRS supply
    left; None when it does not answer that way or has no LRS supply (7.08)."""
    if not answers_ga(ctx, u) or u.paralysed:
        return None
    slot = lrs_slot(ctx, u)
    left = supply_left(ctx, u, slot)
    if left is not None and left <= 0:
        return None
    return Defender(uid=u.uid, cv=apply(ctx.cv(u, slot).value, defense_modifiers(ctx, u)), supply=left)


def offensive(ctx: Ctx, shooter: Unit, target_hex: str | None) -> bool:
    """Is an LRS from ``shooter`` at a target in ``target_hex`` an offensive ARTILLERY DIRECT FIRE (17.51)?"""
    return is_on(ctx.state, "17.5") and shooter.hex is not None and shooter.hex == target_hex and eligible(ctx, shooter)
