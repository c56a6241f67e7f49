"""Hidden information of *Naval Battle in Archipelago*, decided in one place: :func:`knows`.

The board and the pieces' panels are open (l.134).  What a player may not know (subjects):

* ``{"stock": player}`` -- which markers lie on ``player``'s Base A panel, when they lie face
  down (optional rule l.283, switch ``"l.283"``): the other player sees only how many;
* ``{"cargo": piece}`` -- which markers an ammunition ship carries, face down (optional rule
  l.370, switch ``"l.370"``);
* ``{"flagship": player}`` -- ``player``'s flagship, written on paper under the secret variant
  (l.394, switch ``"l.394"``); the agreed variant (l.392) is known to both;
* ``{"commandos": player}`` -- where ``player``'s C markers written on paper stand (optional rule
  l.600 / l.676, switch ``"l.600"``): the other player knows only how many papers are not yet
  shown; a paper is shown when its unit boards a hovercraft (l.620) or fights (l.676).

:data:`OBSERVER` (kernel :class:`~lcb_lab.kernel.observer.Observer`) gives a log entry about such a
subject an audience and a public form without the kinds; :func:`view` is what a viewer sees.
"""
from __future__ import annotations

from typing import Any

from lcb_lab.games.archipelago.model.state import PLAYERS, ArchState
from lcb_lab.games.archipelago.rules.optional import is_on
from lcb_lab.kernel.observer import Observer, all_seeing, redact_log


def knows(state: ArchState, viewer: Any, subject: dict) -> bool:
    """Whether ``viewer`` (a player, or the all-seeing instructor / None) may know ``subject`` now
    (module docstring)."""
    if all_seeing(viewer):
        return True
    (kind, ident), = subject.items()
    if kind == "stock":
        return viewer == ident or not is_on(state, "l.283")
    if kind == "cargo":
        p = state.pieces.get(ident)
        hidden = p is not None and p.kind == "ammunition_ship" and is_on(state, "l.370")
        return not hidden or p.owner == viewer
    if kind == "flagship":
        return viewer == ident or not is_on(state, "l.394") or state.over
    if kind == "commandos":
        return viewer == ident or not any(c.secret and c.owner == ident for c in state.commandos)
    return True


def _count_form(entry: dict, data: dict, secret: bool) -> tuple:
    if not secret:
        return None, None
    n = len(data.get("markers", []))
    return [data["team"]], {"title": entry["title"], "text": f"{n} marker(s), face down: their kinds are hidden.",
                            "rules": entry["rules"], "data": {"piece": data.get("piece"), "count": n}}


def _flagship_form(entry: dict, data: dict, secret: bool) -> tuple:
    if not secret:
        return None, None
    return [data["team"]], {"title": f"{data['team']} writes its flagship on paper", "text": "",
                            "rules": entry["rules"]}


def _paper_form(entry: dict, data: dict, secret: bool) -> tuple:
    if not secret:
        return None, None
    return [data["team"]], {"title": f"{data['team']} writes its commandos' places on paper",
                            "text": f"{data.get('count', 0)} paper(s): the places are hidden (l.600).", "rules": entry["rules"]}


OBSERVER = Observer(knows, PLAYERS, {"restock": _count_form, "transfer": _count_form, "stock": _count_form,
                                     "flagship": _flagship_form, "paper": _paper_form})


def _commandos(state: ArchState, viewer: Any) -> dict:
    """Per player: the C markers on islands ``viewer`` may see (island names), and how many are
    hidden on paper from it."""
    out = {}
    for o in PLAYERS:
        units = [c for c in state.commandos if c.owner == o]
        seen = [c.island for c in units if not c.secret or all_seeing(viewer) or viewer == o]
        out[o] = {"islands": sorted(seen), "on_paper": len(units) - len(seen)}
    return out


def _panel(state: ArchState, viewer: Any, pid: str) -> Any:
    p = state.pieces[pid]
    if knows(state, viewer, {"cargo": pid}):
        return sorted(p.ammo)
    return len(p.ammo)


def view(g: Any, viewer: Any) -> dict:
    """What ``viewer`` sees: every piece (point, facing, hits, its panel -- a count where the
    markers lie face down), the T markers on the board, each Base A panel (a count when face
    down), the flagships it may know, whose turn, the dice, the helicopters' and hovercraft's fuel,
    which helicopters fly or ride a frigate, the red points, garrisons, the commandos it may know
    (a count of papers not shown), the combat aircraft's stages (``airfield``, only when there are
    some; public: radars see them from the take-off, l.1307), and the log as it may read it."""
    s = g.state
    pieces = {pid: {"point": list(p.point), "facing": p.facing, "hits": list(p.hits), "ammo": _panel(s, viewer, pid)}
              for pid, p in sorted(s.pieces.items())}
    stock = {o: (dict(sorted(s.stock.get(o, {}).items())) if knows(s, viewer, {"stock": o})
                 else sum(s.stock.get(o, {}).values())) for o in PLAYERS}
    flags = {o: f for o, f in sorted(s.flagships.items()) if knows(s, viewer, {"flagship": o})}
    return {"pieces": pieces, "torpedoes": {t: [list(v.point), v.facing, v.owner] for t, v in sorted(s.torpedoes.items())},
            "stock": stock, "flagships": flags, "turn": s.turn, "to_move": s.to_move, "phase": s.phase,
            "dice": list(s.dice), "ruins": sorted(s.ruins), "wrecks": sorted(map(list, s.wrecks)),
            "over": s.over, "winner": s.winner,
            "fuel": {pid: p.fuel for pid, p in sorted(s.pieces.items()) if p.fuel or p.kind in ("helicopter", "hovercraft")},
            "flying": sorted(pid for pid, p in s.pieces.items() if p.flying),
            "aboard": {pid: p.aboard for pid, p in sorted(s.pieces.items()) if p.aboard},
            "red_points": sorted(map(list, s.red_points)), "garrisons": dict(sorted(s.garrisons.items())),
            "commandos": _commandos(s, viewer),
            **({"airfield": dict(sorted(s.airfield.items()))} if s.airfield else {}),
            "log": [(e["title"], e.get("text", "")) for e in redact_log(s.log, viewer, ("turn", "phase"))]}
