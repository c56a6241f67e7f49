"""ISR markers (13.2): a card's counter on the map, concealed or revealed, with one free action
per turn (:mod:`lcb_lab.rules.marker_actions`).

* ``isr_marker`` effect (13.21): playing the card (1 AP: its first use) places its ISR marker
  concealed in the host's hex; ``args``: ``mp`` (the card's MP by default), ``zor`` (13.24: the
  marker exerts a ZOR, e.g. Unmanned Boats), ``naval`` (a surface naval platform: moves through
  water and can be hit by LRS when revealed, 13.26), ``reveal`` (its effect reveals units).
  The card's *marker effect* is the card's option whose ``when`` is ``"trigger"`` and ``fn`` is
  not ``isr_marker`` (V-BAT option B: reveal the enemy units in the marker's hex).
* :func:`check_reveal` (13.23): the marker turns face up when it enters or occupies a hex with
  an opposing unit or opposing ISR marker, or enters an opposing naval ZOR (6.23); a card
  effect may reveal it too (:func:`reveal_marker`).  :func:`can_conceal`: never there.
* :func:`hit` (13.26, 12.24): ``hits`` successful LRS hits on a marker: its HP drop; at 0 the
  marker and its card are discarded, and so are the units it carries (``data["cargo_loss"]``:
  ``"all"`` by default, 12.24 ex.; ``"per_hit"``: one unit a hit, the rest stay aboard while it
  survives -- 13.26 "follow the instructions on the card").  Shared with the transport helper
  (12.24: the amphibious ISR marker).
* a marker whose card leaves play leaves the map with it (:func:`card_markers.card_gone`;
  lcb_lab's reading of facts §6.31: 13.22 gives only the converse).
"""
from __future__ import annotations

from .. import explain
from ..errors import IllegalAction
from ..state import CardMarker, other
from .card_markers import check_reveal, exposure, reveal_marker, rolled  # noqa: F401 (re-exported)
from .common import Ctx, names


def hit(ctx: Ctx, marker: CardMarker, hits: int, rules: tuple[str, ...] = ("13.26",)) -> bool:
    """``hits`` HP of damage on ``marker`` (an LRS at a revealed surface naval ISR marker,
    13.26; the amphibious marker 12.24).  At 0 HP the marker is removed, its card discarded
    (9.07; an Attached card removed, 9.31) and its cargo units destroyed (see the module doc).
    Returns True when the marker is destroyed.  Raises nothing; ``hits <= 0`` changes nothing."""
    from .card_markers import remove
    if hits <= 0 or marker.mid not in ctx.state.card_markers:
        return False
    before = marker.hp
    marker.hp = max(0, marker.hp - hits)
    per_hit = marker.data.get("cargo_loss") == "per_hit"
    lost_units = []
    if per_hit and marker.cargo:
        lost_units = [ctx.state.units[u] for u in marker.cargo[:hits] if u in ctx.state.units]
    if marker.hp > 0:
        ctx.log(explain.step("damage", f"{marker.mid} is hit", f"HP {before} -> {marker.hp}", list(rules)))
        _lose_cargo(ctx, marker, lost_units)
        return False
    if not per_hit:
        lost_units = [ctx.state.units[u] for u in marker.cargo if u in ctx.state.units]
    ctx.log(explain.step("damage", f"{marker.mid} destroyed", f"{hits} hit(s) on {before} HP: the marker and "
                         "its card are discarded" + (f", with {names(lost_units)} aboard" if lost_units else ""),
                         list(rules) + ["13.22"]), marker=marker.mid)
    _lose_cargo(ctx, marker, lost_units)
    remove(ctx, marker, other(marker.team), list(rules))
    return True


def _lose_cargo(ctx: Ctx, marker: CardMarker, lost: list) -> None:
    from .card_markers import destroy_unit
    for u in lost:
        if u.uid in marker.cargo:
            marker.cargo.remove(u.uid)
        if not u.destroyed:
            destroy_unit(ctx, u, other(marker.team))


# ---------------------------------------------------------------- reveal / conceal (13.23)
def check_can_conceal(ctx: Ctx, m: CardMarker) -> None:
    """Refuse a conceal the marker may not take (13.23)."""
    why = exposure(ctx, m)
    if why:
        raise IllegalAction("13.23", f"{m.mid} cannot conceal itself: {why}")


# ---------------------------------------------------------------- the effect
def isr_marker(ctx: Ctx, link, ct, eff) -> bool:
    """Place the card's ISR marker concealed in its host's hex (13.21); a card already with its
    marker on the map has nothing to place (its marker acts through MarkerAction)."""
    from .card_markers import new_marker
    from .card_targets import origin
    card = ctx.card(link.card)
    if any(m.card == card.cid for m in ctx.state.card_markers.values()):
        return True
    if not rolled(ctx, link, ct, eff):
        return False
    h = origin(ctx, card)
    if h is None:
        raise IllegalAction("13.21", f"{ct.name}'s ISR marker is placed in its host's hex: the host is not on the map")
    m = new_marker(ctx, "isr", card.team, card.cid, h, revealed=False)
    a = eff.args
    m.mp = int(a.get("mp", ct.mp or 0))
    m.host = card.host
    m.hp = max(1, int(ct.hits or 1))
    m.data = {k: a[k] for k in ("zor", "naval", "reveal", "lrs_cv", "lrs_dice") if k in a}
    ctx.log(explain.step("marker", f"{ct.name}: {m.mid} placed", f"concealed in its host's hex {h}; "
                         f"MP {m.mp}, one free action per turn from now on", ["13.21", "13.22"]),
            team=card.team, hidden=True, marker=m.mid)
    check_reveal(ctx, m)
    return True


def zor_markers(ctx: Ctx, team: str) -> list[CardMarker]:
    """``team``'s ISR markers that exert a ZOR (13.24: only when the card says so)."""
    return [m for m in ctx.state.card_markers.values() if m.team == team and m.kind == "isr" and m.data.get("zor")]


def exercise_zor(ctx: Ctx, m: CardMarker) -> list:
    """An ISR marker with a ZOR (13.24, Unmanned Boats) exercises it as a naval ZOR (6.23):
    enemy naval units within its reach are revealed.  Returns those revealed."""
    from .conceal import naval_zor_hexes, reveal
    reach = naval_zor_hexes(ctx, m.hex)
    seen = [u for u in ctx.state.living(other(m.team)) if u.on_map and ctx.is_naval(u) and u.hex in reach]
    return reveal(ctx, seen, f"within {m.mid}'s ZOR (13.24, 6.23)", ["13.24", "6.23"])


EFFECTS = {"isr_marker": isr_marker}
"""The effect functions this module adds to :data:`lcb_lab.rules.card_effects.EFFECTS`."""
