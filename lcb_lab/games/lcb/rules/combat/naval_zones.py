"""LRS and INTERCEPT to and from the naval zones (7.4, 7.41, 7.42, 7.510).

The places themselves (``"W700.1"``), 7.41's reach and its CV penalties are in
:mod:`lcb_lab.games.lcb.zones`; this module applies them to combat:

* :func:`check_lrs` (7.41): fire from or into a zone needs an infinite LRS range (or a card
  that says it may strike into a naval zone, ``args.naval_zone``), and the two places must be in
  7.41's reach of each other;
* :func:`modifiers` (7.41): the CV penalty of such fire, listed with the other LRS modifiers
  (7.62 network first, 7.09 target terrain still applies);
* :func:`opposing_in_place` (7.43): each stack in a zone is its own hex, so a zone place holds one
  team's counters -- the loaders refuse two teams in one place;
* :func:`intercept_problem` (7.42, 7.510): a unit in a zone INTERCEPTs (BMD included) only for
  units stacked with it, and a unit on the main map or in another zone place never INTERCEPTs
  for a unit in a zone.  7.42's "announced before resolving" and "no AP" are the defensive
  INTERCEPT's own (7.52, 7.54): every INTERCEPT is answered before the roll, for free.
"""
from __future__ import annotations

from lcb_lab.games.lcb import zones
from lcb_lab.games.lcb.model.state import GameState
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.kernel.explain import Modifier


def involved(a: str | None, b: str | None) -> bool:
    """True when either place is a naval-zone place (7.4)."""
    return zones.is_zone_place(a) or zones.is_zone_place(b)


def check_lrs(shooter: str, shooter_hex: str, target: str, target_hex: str, slot: str,
              infinite: bool, card_may: bool = False) -> None:
    """7.41: raise IllegalAction("7.41") when fire from ``shooter_hex`` to ``target_hex``
    involves a naval zone and the LRS value ``slot`` is not of infinite range (``infinite``;
    ``card_may``: a card effect that may strike into a naval zone) or the places are out of
    7.41's reach.  Nothing to check when neither place is a zone place."""
    if not involved(shooter_hex, target_hex):
        return
    if not (infinite or card_may):
        raise IllegalAction("7.41", f"{target} in {target_hex} and {shooter} in {shooter_hex}: fire from or into "
                            f"a naval zone needs an infinite range, and {shooter}'s {slot} range is finite")
    why = zones.reach_problem(shooter_hex, target_hex)
    if why:
        raise IllegalAction("7.41", f"{shooter} in {shooter_hex} cannot fire on {target} in {target_hex} "
                            f"(naval zone reach): {why}")


def modifiers(shooter_hex: str | None, target_hex: str) -> list[Modifier]:
    """``[("from naval zone W700 (700 km)", -2, "7.41")]`` or ``[]``: 7.41's CV penalty of LRS
    between ``shooter_hex`` (None: off the map, a card's LRS: no penalty) and ``target_hex``."""
    if shooter_hex is None or not involved(shooter_hex, target_hex):
        return []
    return [(zones.penalty_text(shooter_hex, target_hex), zones.penalty(shooter_hex, target_hex), "7.41")]


def intercept_problem(interceptor_hex: str, target_hex: str) -> str | None:
    """Why a unit in ``interceptor_hex`` may not INTERCEPT (BMD too) for a unit in ``target_hex``
    under 7.42 / 7.510, or None: a zone place answers only for itself."""
    if interceptor_hex == target_hex or not involved(interceptor_hex, target_hex):
        return None
    if zones.is_zone_place(interceptor_hex):
        return (f"in naval zone place {interceptor_hex}: it may INTERCEPT only for units stacked with it (7.42)")
    return (f"the target is in naval zone place {target_hex}: only units stacked with it may INTERCEPT "
            "for it (7.42, 7.510)")


def opposing_in_place(state: GameState) -> tuple[str, str] | None:
    """(designator, problem) for the first counter (unit or MILDEC, living, on the map) standing in
    a naval-zone place that holds a counter of the other team, or None.  Each stack in a zone is
    its own hex (7.43): a place holds one team's stack, so two teams never share one; the
    loaders refuse such a start (a ScenarioError naming the unit)."""
    held: dict[str, tuple[str, str]] = {}
    pieces = [(u.uid, u.team, u.hex) for u in state.units.values() if u.on_map] + \
             [(m.mid, m.team, m.hex) for m in state.markers.values() if not m.destroyed]
    for ident, team, place in pieces:
        if not zones.is_zone_place(place):
            continue
        first = held.setdefault(place, (ident, team))
        if first[1] != team:
            return ident, (f"{ident} ({team}) is placed in naval zone place {place}, which holds {first[0]} "
                           f"({first[1]}): each stack in a naval zone is its own hex (7.43), so a place holds "
                           "one team's stack; put it in another place of the zone (e.g. the next number)")
    return None
