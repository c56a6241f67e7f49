"""Hidden information of *Naval Battle in Archipelago*, decided in one place: :func:`knows`.

The board and the pieces' panels are open (l.134).  What a player may not know (subjects):

* ``{"stock": player}`` -- which markers lie on ``player``'s Base A panel, when they lie face
  down (optional rule l.283, switch ``"l.283"``): the other player sees only how many;
* ``{"armament": player}`` -- whether ``player``'s helicopter armament markers are A-S or A-A,
  face down (optional rule l.431, switch ``"l.431"``, :mod:`~lcb_lab.games.archipelago.rules.face_down`):
  the other player reads "face down" in their place on every panel and in panel A;
* ``{"cargo": piece}`` -- which markers an ammunition ship carries, face down (optional rule
  l.370, switch ``"l.370"``);
* ``{"flagship": player}`` -- ``player``'s flagship, written on paper under the secret variant
  (l.394, switch ``"l.394"``); the agreed variant (l.392) is known to both;
* ``{"commandos": player}`` -- where ``player``'s C markers written on paper stand (optional rule
  l.600 / l.676, switch ``"l.600"``): the other player knows only how many papers are not yet
  shown; a paper is shown when its unit boards a hovercraft (l.620) or fights (l.676);
* ``{"cards": player}`` -- which cards ``player`` holds face down (optional rule l.757, l.773): the
  other player sees how many; a card is shown when it is used (l.773), an Interceptors card when
  it is played against an Aircraft card (l.778);
* ``{"notepad": player}`` -- where ``player``'s hidden submarines are (optional rule l.1147): the
  other player sees how many submarines are hidden, no sector, no S marker, and of a waiting
  reveal only whose submarine must be placed; the notepad is shown when one is placed (l.1165);
* ``{"rc_mines": player}`` -- the sectors of ``player``'s remote-controlled mines (l.1211): the
  other player sees how many are written; a line is shown when its mines are fired (l.1215).

:data:`OBSERVER` (kernel :class:`~lcb_lab.kernel.observer.Observer`) gives a log entry about such a
subject an audience and a public form without the kinds; :func:`view` is what a viewer sees.
"""
from __future__ import annotations

from typing import Any

from lcb_lab.games.archipelago.model.notepad import RevealChoice
from lcb_lab.games.archipelago.model.state import PLAYERS, ArchState
from lcb_lab.games.archipelago.rules import face_down
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
    if kind == "armament":
        return viewer == ident or not is_on(state, face_down.RULE)
    if kind == "flagship":
        return viewer == ident or not is_on(state, "l.394") or state.over
    if kind == "cards":
        return viewer == ident or state.over
    if kind in ("notepad", "rc_mines"):
        return viewer == ident
    if kind == "commandos":
        return viewer == ident or not any(c.secret and c.owner == ident for c in state.commandos)
    return True


def _count_form(entry: dict, data: dict, secret: bool) -> tuple:
    if not secret:
        return None, None
    n = len(data.get("markers", []))
    return [data["team"]], {"title": data.get("veiled", entry["title"]), "text": f"{n} marker(s), face down: their kinds are hidden.",
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


def _card_form(entry: dict, data: dict, secret: bool) -> tuple:
    if not secret:
        return None, None
    return [data["team"]], {"title": f"{data['team']} takes a card face down", "text": "Its kind and sectors are "
                            "hidden (l.771, l.773).", "rules": entry["rules"]}


def _notepad_form(entry: dict, data: dict, secret: bool) -> tuple:
    if not secret:
        return None, None
    rc = entry["kind"] == "rc_written"
    what = "its remote-controlled mines" if rc else "a hidden submarine's line for this turn, moved or not"
    return [data["team"]], {"title": f"{data['team']} writes on its notepad", "text": f"The paper hides {what}.",
                            "rules": ["l.1211"] if rc else ["l.1161"]}


OBSERVER = Observer(knows, PLAYERS, {"restock": _count_form, "transfer": _count_form, "stock": _count_form,
                                     "flagship": _flagship_form, "paper": _paper_form, "card": _card_form,
                                     "notepad": _notepad_form, "rc_written": _notepad_form})


def _undersea(state: ArchState, viewer: Any) -> dict:
    """Level 5: per player the hidden submarines' notepads (``{piece: [[turn, sector], ...]}``) and
    remote-controlled mines' sectors ``viewer`` may know, else their counts; the M and SN markers;
    the submarines under water on the board; a waiting reveal (its sector only to the owner)."""
    notes, rc = {}, {}
    for o in PLAYERS:
        mine = {i: [list(x) for x in h.path] for i, h in sorted(state.hidden.items()) if h.owner == o}
        notes[o] = mine if knows(state, viewer, {"notepad": o}) else len(mine)
        sectors = sorted(state.rc_mines.get(o, []))
        rc[o] = sectors if knows(state, viewer, {"rc_mines": o}) else len(sectors)
    c = state.choices[-1] if state.choices else None
    wait = None
    if isinstance(c, RevealChoice):
        wait = {"owner": c.owner, "piece": c.piece, "rule": c.rule}
        if knows(state, viewer, {"notepad": c.owner}):
            wait.update(sector=c.sector, options=[list(o) for o in c.options])
    return {"notepads": notes, "rc_mines": rc, "mines": sorted([list(m.point), m.owner] for m in state.mines),
            "sonars": sorted([list(x.point), x.owner, x.sector, x.turn] for x in state.sonars),
            "submerged": sorted(i for i, p in state.pieces.items() if p.submerged),
            "searches": {o: list(v) for o, v in sorted(state.notepads.items())}, "waiting": wait}


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
        return face_down.panel(p.ammo, not knows(state, viewer, {"armament": p.owner}))
    return len(p.ammo)


def _captured(state: ArchState) -> dict[str, str]:
    """Pieces whose owner is no more the side their id names (the captured seaplane, l.1568)."""
    return {pid: p.owner for pid, p in sorted(state.pieces.items()) if not pid.startswith(p.owner + " ")}


def view(g: Any, viewer: Any) -> dict:
    """What ``viewer`` sees: every piece (point, facing, hits, its panel -- a count where the
    markers lie face down; "face down" for an A-S or A-A under l.431), the T markers on the board,
    each Base A panel (a count when face down; its A-S and A-A summed as "face down" under l.431),
    each Base B's own panel (``panels_b``, l.429: open, its A-S and A-A "face down" under l.431), the flagships it may know, whose turn, the dice, the helicopters' and hovercraft's fuel,
    which helicopters fly or ride a frigate, the red points, garrisons, the commandos it may know
    (a count of papers not shown), the combat aircraft's stages (``airfield``, only when there are
    some; public: radars see them from the take-off, l.1307), ``captured`` the pieces that changed
    sides (the seaplane taken by commandos, l.1568: id -> its owner now; only when there are some),
    and the log as it may read it."""
    s = g.state
    pieces = {pid: {"point": list(p.point), "facing": p.facing, "hits": list(p.hits), "ammo": _panel(s, viewer, pid)}
              for pid, p in sorted(s.pieces.items())}
    stock = {o: (face_down.stock(s.stock.get(o, {}), not knows(s, viewer, {"armament": o})) if knows(s, viewer, {"stock": o})
                 else sum(s.stock.get(o, {}).values())) for o in PLAYERS}
    panels_b = {b: face_down.stock(c, not knows(s, viewer, {"armament": b.split(" ")[0]}))
                for b, c in sorted(s.panels_b.items())}
    flags = {o: f for o, f in sorted(s.flagships.items()) if knows(s, viewer, {"flagship": o})}
    return {"pieces": pieces, "torpedoes": {t: [list(v.point), v.facing, v.owner] for t, v in sorted(s.torpedoes.items())},
            "stock": stock, "panels_b": panels_b, "flagships": flags, "turn": s.turn, "to_move": s.to_move, "phase": s.phase,
            "dice": list(s.dice), "ruins": sorted(s.ruins), "wrecks": sorted(map(list, s.wrecks)),
            "over": s.over, "winner": s.winner,
            "fuel": {pid: p.fuel for pid, p in sorted(s.pieces.items()) if p.fuel or p.kind in ("helicopter", "hovercraft")},
            "flying": sorted(pid for pid, p in s.pieces.items() if p.flying),
            "aboard": {pid: p.aboard for pid, p in sorted(s.pieces.items()) if p.aboard},
            "red_points": sorted(map(list, s.red_points)), "garrisons": dict(sorted(s.garrisons.items())),
            "commandos": _commandos(s, viewer), "undersea": _undersea(s, viewer),
            "cards": {o: (sorted(s.cards[o]) if knows(s, viewer, {"cards": o}) else len(s.cards[o])) for o in sorted(s.cards)},
            "cruise": {c: [list(v.point), v.facing, v.owner, v.target] for c, v in sorted(s.cruise.items())},
            **({"airfield": dict(sorted(s.airfield.items()))} if s.airfield else {}),
            **({"captured": taken} if (taken := _captured(s)) else {}),
            "log": [(e["title"], e.get("text", "")) for e in redact_log(s.log, viewer, ("turn", "phase"))]}
