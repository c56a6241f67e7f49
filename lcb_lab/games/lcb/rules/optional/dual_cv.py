"""Optional rule 17.8, Dual Combat Values (17.81, 17.82): every CV of a unit in one combat Core Action.

The standard rules let a unit use ONE of its CVs for a Core Action (7.02, 7.34; an Attached
card's CV counts as one of them, 9.32).  With 17.8 on
(:func:`~lcb_lab.games.lcb.rules.optional.switches.is_on`):

* **17.81** -- a unit or stack activated for Move and/or Combat (1 AP) may commit all its CVs with
  supply in the one commitment: both its LRS values, its LRS and its GROUND ASSAULT, its organic
  CV and its Attached card's.  Each allocation is still checked on its own CV: range (7.31, GA
  range 0, 7.12), supply (7.08), at most 4 dice per infinite-supply CV (7.34).  The refusals that
  17.8 lifts are asked here, in :func:`several_cvs_allowed`, by
  :func:`lcb_lab.games.lcb.rules.combat.lrs.validate_lrs` (7.34),
  :func:`lcb_lab.games.lcb.rules.combat.sequence.validate_commit` (7.02) and
  :mod:`lcb_lab.games.lcb.rules.cards.cvs` (9.32);
* **17.82** -- a unit with LRS and GROUND ASSAULT CVs that damages an enemy in a hex with its LRS
  before its GROUND ASSAULT there gains the Combined Arms Attack Bonus (+2 to the friendly GA
  CVs in the hex, 7.17).  The combat sequence resolves a hex's LRS before its GROUND ASSAULT
  (7.010), so the standard 7.17 bonus follows; :func:`bonus` names 17.82 in the log when the
  unit's own LRS made it.

lcb_lab's reading (docs/rules_coverage.md): the 17.82 example has 1-1 Bravo fire its LRS, then
move into the hex and assault; all combat of an impulse is resolved together, before or after
the move (3.38, 5.12), so in lcb_lab the unit moves first and then commits LRS (range 0: its own
hex) and GROUND ASSAULT at once; the LRS engagement is rolled first and a hit gives the bonus.
"""
from __future__ import annotations

from typing import Any

from lcb_lab.games.lcb.rules.optional.switches import is_on

RULE = "17.8"
BONUS = 2
"""The Combined Arms Attack Bonus (7.17) that 17.82 lets a unit give itself."""


def several_cvs_allowed(state: Any) -> bool:
    """True when a unit may use more than one CV in a combat Core Action (17.81 on)."""
    return is_on(state, RULE)


def bonus(state: Any, lrs: list[dict], hex_label: str, hex_of: Any, attacker: str) -> tuple[str, int, str]:
    """The Combined Arms modifier of a GROUND ASSAULT ``attacker`` in ``hex_label``, whose hex
    already took LRS damage this impulse (7.17): ``(label, +2, rule)``, the rule "17.82" when 17.8
    is on and ``attacker`` itself fired LRS at a target in that hex (``lrs``: the plan's unit
    allocations; ``hex_of(target)``: a target's hex), else "7.17"."""
    own = is_on(state, RULE) and any(a["shooter"] == attacker and hex_of(a["target"]) == hex_label for a in lrs)
    if own:
        return ("Combined Arms: its own LRS damaged this hex (Dual Combat Values)", BONUS, "17.82")
    return ("Combined Arms: LRS damaged this hex", BONUS, "7.17")
