"""Embarked cargo on the host's Unit Tracker (10.21, 10.34, 11.11): what a view may know of a ship's load.

* :func:`cargo_view` -- the cargo of one Embark-capable ship as ``viewer`` may see it.  Its own
  team and the instructor: the Embark Area's units, the Embarked cards with their side (the
  undeployed deck on the left, deployed on the right, expended face down on the right, 11.11)
  and the capacity bars GPSV / ASV used of the Embarkation Value (10.21,
  ``rules/embark.py:load``).  The other team, on a ship it sees face up: what the observer
  lets it know (``observer.py:observe_load``: the units, face up in the Embark Area, 10.34, as
  ``game.view`` lists them, a bar of their GPSV, and how many Embarked cards) -- never a card's
  name or Space Value, so no ASV bar;
* :func:`cargo_html` -- the panel's HTML (``.lcb-cargo``) under the Unit Tracker.

Nothing here reads the other team's cards: the view and the observer decide.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from dataclasses import dataclass, field

from lcb_lab.ui.lcb.panels import esc, rule_badges, team_span

if TYPE_CHECKING:
    from lcb_lab.games.lcb.game import Game

__all__ = ["Cargo", "cargo_view", "cargo_html", "is_host", "side_words"]


@dataclass
class Cargo:
    """A ship's cargo as one view knows it: ``units`` (the view's counters aboard), ``cards`` (the
    Embarked cards the view may name), ``hidden_cards`` (how many more, the other team);
    ``load``: ``{"gpsv", "asv", "gpsv_max", "asv_max"}`` (own team, instructor), or ``{"gpsv",
    "gpsv_max", "units_only": True}`` (the other team: its units' GPSV), or None; ``source``:
    the rules' function it came from."""

    ship: str
    team: str
    own: bool
    units: list[dict] = field(default_factory=list)
    cards: list[dict] = field(default_factory=list)
    hidden_cards: int = 0
    load: dict | None = None
    source: str = ""


def is_host(game: Game, counter: dict) -> bool:
    """Is the counter an Embark-capable ship (an Embarkation Value, 10.2, 10.31)?"""
    try:
        t = game.catalog.unit(counter["type_id"])
    except (KeyError, ValueError):
        return False
    return bool(t.embark_gpsv or t.embark_asv)


def _load(game, ship: str) -> tuple[dict, str]:
    got = game.ship_load(ship)
    return {k: got[k] for k in ("gpsv", "asv", "gpsv_max", "asv_max")}, "rules/embark.py load"


def cargo_view(game: Game, viewer: str, ship: str, view: dict | None = None) -> Cargo | None:
    """The cargo of ``ship`` as ``viewer`` ("US", "RU", "instructor") may see it, or None when the
    view does not show the ship face up (or own) or it is no Embark-capable ship."""
    view = view if view is not None else game.view(viewer)
    counters = [c for c in view["counters"] if not c.get("back")]
    host = next((c for c in counters if c.get("uid") == ship), None)
    if host is None or not is_host(game, host):
        return None
    own = viewer in ("instructor", host["team"])
    units = [c for c in counters if c.get("embarked_on") == ship]
    cards = [dict(c) for c in view.get("cards", []) if c.get("where") == "embarked" and c.get("host") == ship]
    if own:
        load, source = _load(game, ship)
        return Cargo(ship, host["team"], True, units, cards, 0, load, source)
    seen = game.ship_load(ship, viewer) or {}   # what the observer lets it know
    hidden = max(0, int(seen.get("cards", 0)) - len(cards))
    load = ({"gpsv": seen["gpsv_units"], "gpsv_max": seen.get("gpsv_max"), "units_only": True}
            if "gpsv_units" in seen else None)
    return Cargo(ship, host["team"], False, units, cards, hidden, load, "observer.py observe_load")


def side_words(card: dict) -> str:
    """The side of the host's tracker an Embarked card is on (11.11)."""
    if card.get("expended"):
        return "expended (face down, right side)"
    if card.get("deployed"):
        return "deployed (face up, right side)"
    return "not yet played (deck, left side)"


def _bar(label: str, used: int, full: int, rule: str) -> str:
    pct = 0 if not full else min(100, round(100 * used / full))
    over = full is not None and used > full
    colour = "#a8231a" if over else "#3f6f9f"
    return (f'<div class="lcb-cap" title="{esc(label)} used of the Embarkation Value ({esc(rule)})">'
            f'<span class="lcb-cap-label">{esc(label)}</span>'
            f'<span class="lcb-cap-bar"><span style="width:{pct}%;background:{colour}"></span></span>'
            f'<span class="lcb-cap-num">{used} / {full}</span></div>')


def cargo_html(game: Game, cargo: Cargo | None) -> str:
    """The Embark Area panel of a ship (empty string: not a host)."""
    if cargo is None:
        return ""
    head = (f'<div class="lcb-small"><b>Embark Area</b> of {team_span(cargo.team)} {esc(cargo.ship)} '
            f'{rule_badges(["10.21", "10.34", "11.11"])}</div>')
    parts = [head]
    if cargo.load is not None and cargo.load.get("units_only"):     # the other team: the units' GPSV only
        parts.append(_bar("GPSV (units)", cargo.load["gpsv"], cargo.load["gpsv_max"], "10.21, 10.34"))
    elif cargo.load is not None:
        ld = cargo.load
        parts.append(_bar("GPSV", ld["gpsv"], ld["gpsv_max"], "10.21"))
        parts.append(_bar("ASV", ld["asv"], ld["asv_max"], "10.21"))
    if cargo.units:
        rows = ", ".join(f'<span class="lcb-cargo-unit" title="{esc(u.get("name", ""))}">{esc(u["uid"])} '
                         f'<span class="lcb-muted">{esc(u.get("abbrev", ""))} '
                         f'{esc(str(game.catalog.unit(u["type_id"]).gpsv))}</span></span>' for u in cargo.units)
        parts.append(f'<div class="lcb-small lcb-cargo-units">Units aboard (face up; type, GPSV): {rows}</div>')
    else:
        parts.append('<div class="lcb-small lcb-muted">No unit aboard.</div>')
    if cargo.own:
        if cargo.cards:
            rows = "".join(f"<li>{esc(c.get('name'))} \u2014 {esc(side_words(c))}</li>" for c in cargo.cards)
            parts.append(f'<div class="lcb-small">Embarked cards:<ul class="lcb-cargo-cards">{rows}</ul></div>')
        else:
            parts.append('<div class="lcb-small lcb-muted">No Embarked card.</div>')
    else:
        n = cargo.hidden_cards
        shown = "".join(f"<li>{esc(c.get('name'))} \u2014 {esc(side_words(c))}</li>" for c in cargo.cards)
        parts.append(f'<div class="lcb-small">Embarked cards: {n} face down'
                     + (f"; face up:<ul class='lcb-cargo-cards'>{shown}</ul>" if shown else "")
                     + ' <span class="lcb-muted">(the other team sees only how many, 10.34)</span></div>')
    return '<div class="lcb-cargo">' + "".join(parts) + "</div>"
