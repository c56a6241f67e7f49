"""Special Operations Forces markers (13.4): placed by a card (MARSOC HALO, ``place_marker`` with
``marker = "sof"``, :mod:`lcb_lab.rules.card_markers`).

* never attacks or moves like a unit (13.41): a MarkerAction on it is refused naming 13.41
  (:mod:`lcb_lab.rules.marker_actions`); it is no unit, so no Core Action names it.  The
  exception: placed in a contested hex, in that impulse it may GROUND ASSAULT an enemy unit
  there once (``MarkerAction(then="combat")``, :func:`lcb_lab.rules.proxy.assault` with the SOF
  values :data:`GA_CV`, :data:`GA_DICE`);
* reveals the opposing units entering or standing in its hex, no ZOR (13.42,
  :func:`lcb_lab.rules.card_markers.contact`);
* cannot be targeted while concealed (13.44): :func:`damage` refuses it;
* LRS alone never destroys it (13.43): :func:`damage` -- LRS hits count only together with a
  GROUND ASSAULT on its hex in the same impulse (the GA need not hit);
* controls a hex with no opposing unit, contests one with opposing units (13.45): either way
  the other team's RESUPPLY may not trace into or through it, nor resupply a unit in it
  (:func:`blocks`, hunk in :mod:`lcb_lab.rules.resupply`);
* destroyed: the marker is removed and its card discarded (13.43, :func:`card_markers.remove`).
"""
from __future__ import annotations

from .. import explain
from ..errors import IllegalAction
from ..state import CardMarker, other
from .card_markers import SOF_GA_CV, SOF_GA_DICE, remove
from .common import Ctx


GA_CV, GA_DICE = SOF_GA_CV, SOF_GA_DICE
"""The SOF marker's GA values (sandbox, :mod:`lcb_lab.rules.card_markers`)."""


def may_assault(ctx: Ctx, m: CardMarker) -> bool:
    """Whether SOF marker ``m`` may still make its GROUND ASSAULT of 13.41 (placed this impulse
    in a contested hex, not yet used)."""
    return (m.data.get("may_assault") == f"{ctx.state.turn}:{len(ctx.state.tf_order) + 1}"
            and ctx.state.impulse is not None
            and not m.acted and bool(ctx.state.units_in(m.hex, other(m.team))))


def markers(ctx: Ctx, team: str | None = None) -> list[CardMarker]:
    """SOF markers on the map (of ``team``)."""
    return [m for m in ctx.state.card_markers.values() if m.kind == "sof" and (team is None or m.team == team)]


def blocks(ctx: Ctx, team: str) -> set[str]:
    """Hexes the other team's SOF markers control or contest against ``team``'s RESUPPLY (13.45)."""
    return {m.hex for m in markers(ctx, other(team))}


def damage(ctx: Ctx, m: CardMarker, attacker: str, lrs_hits: int, ga_hits: int, ga_engaged: bool) -> bool:
    """Hits on SOF marker ``m`` in one impulse (13.43): GA hits always count; LRS hits only when
    a GROUND ASSAULT was fought in its hex too (``ga_engaged``).  Returns True when destroyed.
    Raises IllegalAction (13.44) for a concealed marker."""
    if not m.revealed:
        raise IllegalAction("13.44", "a concealed SOF marker cannot be targeted")
    counted = ga_hits + (lrs_hits if ga_engaged else 0)
    why = "" if ga_engaged or not lrs_hits else "; LRS alone cannot destroy a SOF marker (13.43)"
    before = m.hp
    m.hp = max(0, m.hp - counted)
    ctx.log(explain.step("damage", f"{m.mid} takes {counted} hit(s)", f"HP {before} -> {m.hp}{why}", ["13.43"]),
            marker=m.mid)
    if m.hp <= 0:
        remove(ctx, m, attacker, ["13.43"])
        return True
    return False
