"""Hidden information as a view (design principle 8; 6.11, 3.03, 8.06).

``team_view(state, catalog, team)`` returns what one team may know:
own units in full; enemy units in full only when revealed; a concealed
enemy counter shows only its back (team colour) and hex -- no designator,
type, supply, HP or attachment.  Embarked enemy units are not shown.
``team="instructor"`` sees everything.
"""
from __future__ import annotations

from .catalog import Catalog
from .state import GameState, Unit


def _full(u: Unit, cat: Catalog) -> dict:
    t = cat.unit(u.type_id)
    return {
        "id": u.uid, "uid": u.uid, "team": u.team, "task_force": u.task_force, "hex": u.hex,
        "type_id": u.type_id, "name": t.name, "symbol": t.symbol, "abbrev": t.abbrev,
        "domain": t.domain, "hp": u.hp, "hp_max": t.hp, "supply": dict(u.supply),
        "revealed": u.revealed, "attachments": list(u.attachments), "embarked_on": u.embarked_on,
        "paralysed": u.paralysed, "acted": u.acted, "moved": u.moved, "back": False,
    }


def team_view(state: GameState, catalog: Catalog, team: str) -> dict:
    """{"team", "counters": [...], "markers": [...], "network_cubes", "influence", ...}."""
    counters, backs = [], {}
    for u in state.units.values():
        if u.destroyed:
            continue
        own = team in ("instructor", u.team)
        if own or (u.revealed and u.hex is not None):
            counters.append(_full(u, catalog))
        elif u.hex is not None:
            k = backs.get(u.hex, 0)
            backs[u.hex] = k + 1
            counters.append({"id": f"hidden:{u.hex}:{k}", "team": u.team, "hex": u.hex, "back": True,
                             "revealed": False})
    markers = []
    for m in state.markers.values():
        if m.destroyed:
            continue
        if team in ("instructor", m.team) or m.revealed:
            markers.append({"id": m.mid, "type_id": m.type_id, "team": m.team, "hex": m.hex,
                            "revealed": m.revealed, "back": False})
        else:
            k = backs.get(m.hex, 0)
            backs[m.hex] = k + 1
            markers.append({"id": f"hidden:{m.hex}:{k}", "team": m.team, "hex": m.hex, "back": True})
    return {"team": team, "turn": state.turn, "initiative": state.initiative,
            "network_cubes": dict(state.network_cubes), "influence": state.influence,
            "continuing": dict(state.continuing),
            "counters": counters, "markers": markers}
