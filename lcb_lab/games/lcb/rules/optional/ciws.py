"""Optional rule 7.514, CIWS: a ship out of INTERCEPT supply still defends itself.

With the switch on (``is_on(state, "7.514")``, :mod:`lcb_lab.games.lcb.rules.optional.switches`), a
naval unit whose INTERCEPT supply is used up may roll up to 4 d20 at INTERCEPT CV 4 against an
incoming LRS -- its close-in weapon system (Phalanx).  Not for a naval unit with infinite
INTERCEPT supply (7.514).  It is an ordinary INTERCEPT value: allocated before the roll (7.54),
judged by the 7.53 distance test, reveals the ship (7.511), one INTERCEPT value per engagement
(7.56), and, being no BMD, it answers no ballistic LRS (7.510).  It spends no supply.

lcb_lab's readings (sandbox, the rule prints neither):

* **range 0**: a close-in system reaches only its own hex, so it defends the ship and the units
  stacked with it (:data:`RANGE`);
* **"no longer have INTERCEPT supply"**: the ship has at least one INTERCEPT value (its own or an
  Attached card's), none of them with infinite supply, and every one of them at 0;
* **"4 d20"**: at most 4 dice, as for infinite supply (7.55); fewer may be allocated;
* it answers LRS attacks only (7.514 speaks of INTERCEPT rolls against an incoming attack), not
  an INTERCEPT of a card (9.011).

The slot is named :data:`SLOT` (``"CIWS"``) in INTERCEPT allocations and the log.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from lcb_lab.games.lcb.rules.optional.switches import is_on

if TYPE_CHECKING:
    from lcb_lab.games.lcb.model.state import Unit
    from lcb_lab.games.lcb.rules.common import Ctx

RULE = "7.514"
SLOT = "CIWS"
"""The INTERCEPT slot a CIWS allocation names (7.514)."""
CV = 4
"""The CIWS INTERCEPT CV (7.514)."""
DICE = 4
"""The most CIWS dice a ship rolls against one attack (7.514)."""
RANGE = 0
"""Sandbox: a close-in system defends its own hex only."""


def applies(ctx: Ctx, u: Unit) -> bool:
    """True when ``u`` may roll CIWS now: the switch is on, ``u`` is a naval unit on the map whose
    every INTERCEPT value has finite supply, all of it spent (7.514)."""
    if not is_on(ctx.state, RULE) or u.destroyed or not u.on_map or not ctx.is_naval(u):
        return False
    from lcb_lab.games.lcb.rules.common import supply_left
    lefts = [supply_left(ctx, u, cv.slot) for cv in ctx.cvs_of(u, "INT")]
    return bool(lefts) and all(left is not None and left <= 0 for left in lefts)


def option(ctx: Ctx, u: Unit, target_hex: str, closest: int, ballistic: bool | None) -> dict:
    """The CIWS entry of ``u`` for an INTERCEPT choice, in the shape of
    :func:`lcb_lab.games.lcb.rules.combat.intercept.interceptor_options` (``slot`` :data:`SLOT`, ``cv``
    :data:`CV`, ``max_dice`` :data:`DICE`).  ``closest``: the nearest attacker's distance (7.53);
    ``ballistic``: the kind of LRS answered (True: CIWS may not, 7.510)."""
    from lcb_lab.games.lcb.rules.common import dist
    d = dist(u.hex, target_hex)
    reason = ""
    if u.paralysed:
        reason = "may not act this turn (card effect)"
    elif ballistic:
        reason = "only BMD INTERCEPT answers a ballistic LRS (7.510)"
    elif d > RANGE:
        reason = f"out of range ({d} > {RANGE}): CIWS defends its own hex only (7.514, sandbox)"
    elif d > closest:
        reason = f"farther from the target ({d}) than the attacker ({closest}) (7.53)"
    return {"uid": u.uid, "slot": SLOT, "hex": u.hex, "cv": CV, "range": RANGE, "distance": d,
            "shooter_distance": closest, "in_range": d <= RANGE, "close_enough": d <= closest,
            "has_supply": True, "eligible": not reason, "reason": reason or "eligible (CIWS, 7.514)",
            "max_dice": DICE}
