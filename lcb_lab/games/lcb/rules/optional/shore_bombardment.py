"""SHORE BOMBARDMENT (optional rule 17.4, 17.41, 17.42): NAVAL GUNFIRE at ground units.

On only where ``is_on(state, "17.4")`` (and NAVAL GUNFIRE, 17.3, with it: 17.4 works "identically
to 17.3" with the exceptions below, so a ship fires it as a gun allocation of
:mod:`~lcb_lab.games.lcb.rules.optional.naval_gunfire`).

* Where (17.4): the ship and the enemy ground unit share a mixed land-naval hex (5.1).
* Who fires back (17.41): no ground unit makes an INTERCEPT roll; only towed or
  self-propelled cannon artillery (``cannon_artillery`` on its Unit Tracker description,
  ``data/units.toml``) may answer, spending LRS supply (one die a supply, 7.04), at the
  ships using SHORE BOMBARDMENT, with its LRS CV (the Tactical Network, 7.62, applies as to
  any LRS; terrain never helps naval targets, 7.09).  Both sides roll at once; nothing is
  INTERCEPTED.  Its LRS value is its first LRS CV (every cannon section in the catalog has one).
* A level-2 Fortification of the target's team in its hex gives the bombarding ship's CV
  -2 (17.42, the 13.51 LRS modifier), on top of the terrain (7.09: a ground target).

lcb_lab's readings (sandbox, the text is silent): which cannon sections are towed or
self-propelled is not printed; every ``cannon_artillery`` unit type qualifies for 17.41, which
names both.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from lcb_lab.games.lcb.choice_options import Defender
from lcb_lab.games.lcb.rules.combat.network import lrs_modifiers, terrain_modifiers
from lcb_lab.games.lcb.rules.common import Ctx, supply_left
from lcb_lab.games.lcb.rules.markers.fortify import fort_in
from lcb_lab.games.lcb.rules.optional.switches import is_on
from lcb_lab.kernel.errors import IllegalAction

if TYPE_CHECKING:
    from lcb_lab.games.lcb.model.state import Unit

FORT_LRS = -2
"""A level-2 Fortification's modifier to an attacking SHORE BOMBARDMENT CV (17.42, 13.51)."""


def check_ground_target(ctx: Ctx, ship: Unit, t: Unit) -> None:
    """Refuse gunfire from ``ship`` at ground unit ``t`` unless SHORE BOMBARDMENT allows it (17.4)."""
    if not is_on(ctx.state, "17.4"):
        raise IllegalAction("17.32", f"{t.uid} is a ground unit: NAVAL GUNFIRE engages enemy ships and naval ISR "
                            "markers (SHORE BOMBARDMENT, 17.4, is not on in this game)")
    if not ctx.board.hex(t.hex).has_water or not ctx.board.hex(t.hex).has_land:
        raise IllegalAction("17.4", f"SHORE BOMBARDMENT needs a mixed land-naval hex; {t.hex} is not one")


def lrs_slot(ctx: Ctx, u: Unit) -> str:
    """The LRS slot cannon artillery ``u`` fires (its first LRS CV)."""
    return ctx.utype(u).cvs_of("LRS")[0].slot


def counterfire_defender(ctx: Ctx, u: Unit) -> Defender | None:
    """Cannon artillery ``u`` as a defender against SHORE BOMBARDMENT (17.41), or None: not
    cannon artillery, no LRS CV, or no LRS supply left (7.08)."""
    t = ctx.utype(u)
    if not t.cannon_artillery or not t.cvs_of("LRS"):
        return None
    slot = lrs_slot(ctx, u)
    left = supply_left(ctx, u, slot)
    if left is not None and left <= 0:
        return None
    return Defender(uid=u.uid, cv=t.cv(slot).value, supply=left)


def counterfire_cv(ctx: Ctx, u: Unit, h: str) -> tuple[int, list]:
    """``(base CV, modifiers)`` of cannon artillery ``u``'s counterfire at ships in ``h`` (17.41)."""
    base = ctx.utype(u).cv(lrs_slot(ctx, u)).value
    return base, lrs_modifiers(ctx.state, ctx.board, u.team, h, True)


def modifiers(ctx: Ctx, attacker: str, h: str) -> list:
    """An attacking SHORE BOMBARDMENT's modifiers at a ground target in ``h``, beyond the network:
    terrain (7.09) and a defending level-2 Fortification (17.42)."""
    mods = terrain_modifiers(ctx.board, h, False)
    m = fort_in(ctx.state, h)
    if m is not None and m.team != attacker and m.level >= 2:
        mods.append(("Fortification level 2", FORT_LRS, "17.42"))
    return mods

