"""What a viewer reads of the cards and card markers (9.02, 12.2, 12.3, 13.x): the cards' own
answers of :mod:`lcb_lab.games.lcb.observer`, on its one ``knows``.

* :func:`observe_cards`: the cards a viewer may see, the others as counts per place (9.02);
* :func:`observe_card_markers`: the markers on the map, the other team's concealed ones as backs;
* :func:`marker_details`: levels, MP and cargo of the markers a viewer sees (12.2, 13.33, 13.51);
* :func:`observe_port_cubes`: the orange cubes of the ports (12.3, 12.54), public.
"""
from __future__ import annotations

from lcb_lab.games.lcb.model.state import GameState
from lcb_lab.games.lcb.observer import host_seen, knows

__all__ = ["CARD_FIELDS", "observe_cards", "observe_card_markers", "marker_details", "observe_port_cubes"]


CARD_FIELDS = ("cid", "name", "team", "where", "host", "hex", "face_up", "deployed", "expended", "cubes",
               "used", "supply", "free")


def observe_cards(state: GameState, viewer: str | None) -> dict:
    """The cards ``viewer`` may see (9.02): ``{"cards": [card dicts], "hidden": {team: {where:
    count}}}``.  Own cards (all for the instructor) in full; the other team's face-up cards in
    full except the host of an Attached card whose host is face down (using it does not reveal
    the host, 9.31, 9.34); every other card of the other team only as a count per place (pool,
    attached, embarked, deployed face down; discarded or removed unseen)."""
    cards, hidden = [], {}
    for c in state.cards.values():
        if knows(state, viewer, c):
            d = {k: getattr(c, k) for k in CARD_FIELDS}
            d["supply"] = dict(c.supply)
            if not host_seen(state, viewer, c):
                d["host"] = None
            cards.append(d)
        else:
            where = hidden.setdefault(c.team, {})
            where[c.where] = where.get(c.where, 0) + 1
    return {"cards": cards, "hidden": hidden}


def observe_card_markers(state: GameState, viewer: str | None) -> list[dict]:
    """Card markers on the map (13.x): own and revealed ones in full, the other team's
    unrevealed ones (an ISR marker placed face down, 12.21) as a back in its hex."""
    out = []
    for m in state.card_markers.values():
        if m.kind == "mine" and not knows(state, viewer, m):
            continue                      # secret mines: nothing at all until triggered (13.37)
        if knows(state, viewer, m):
            out.append({"id": m.mid, "kind": m.kind, "team": m.team, "hex": m.hex, "card": m.card,
                        "revealed": m.revealed, "back": False, "level": m.level, "hp": m.hp})
        else:
            out.append({"id": f"marker:{m.hex}", "kind": "marker", "team": m.team, "hex": m.hex,
                        "revealed": False, "back": True})
    return out


def marker_details(state: GameState, viewer: str | None) -> dict[str, dict]:
    """{marker id: details} of the card markers ``viewer`` sees face up or owns (the chips and
    overlays of the lab's map, 12.2, 13.x): ``level`` (mine cubes / fortification level, 13.33,
    13.51), ``mp``, ``moved``, ``acted``; ``cargo`` (unit uids aboard, 12.2), ``rp`` and ``host``
    for its own team and the instructor only -- the other team reads ``cargo_count``.  The other
    team's concealed markers and secret mines are not listed (13.37)."""
    out: dict[str, dict] = {}
    for m in state.card_markers.values():
        if not knows(state, viewer, m):
            continue
        d = {"level": m.level, "mp": m.mp, "hp": m.hp, "moved": m.moved, "acted": m.acted}
        if knows(state, viewer, {"cargo": m.mid}):
            d.update(cargo=list(m.cargo), rp=m.rp, host=m.host)
        else:
            d["cargo_count"] = len(m.cargo)
        out[m.mid] = d
    return out


def observe_port_cubes(state: GameState, viewer: str | None) -> dict[str, str]:
    """{port hex: team} of the orange cubes on the map (12.3, 12.54): a cube stands in its port
    hex for every team to see, as on the table."""
    return dict(getattr(state, "port_cubes", None) or {})
