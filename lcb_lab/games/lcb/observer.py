"""Hidden information: the ONE place that decides what a team may know (principle 8; 3.03, 6.11, 8.06).

A *viewer* is ``"US"``, ``"RU"`` or ``"instructor"`` (``None`` is read as the instructor).
The other team reads what it would see across the table: counters on the map, the face-up
ones by name, the face-down ones only as backs with a hex (6.11); never the name, type or
Unit Tracker values of a face-down counter, nor where a Move and/or Resupply acts (3.03,
8.06).  Decided here:

* :func:`observe` -- the map a team sees (own units in full; enemy units in full when
  revealed; a concealed enemy unit or MILDEC only as ``{"id": "hidden:<hex>:<n>", "team",
  "hex", "back": True}``; embarked enemy units only while their ship is face up, 10.34:
  :func:`embarked_in_view`).
* :func:`redact` -- a log entry as a team reads it.  Rule modules log *facts* in each entry's
  ``data`` (which units and MILDECs took part, each as ``{"uid"|"mid", "up"}`` -- face up or
  down AT THAT MOMENT -- the hexes, the acting ``team``); :func:`annotate` (called by
  ``Ctx.log``) turns them, with one function per entry kind, into the contract every entry
  of ``state.log`` follows: optional ``"audience": ["US"]`` (teams that read the full form;
  absent = everyone) and optional ``"public": {"title", "text", "rules", "data"}`` (what the
  other teams read; absent = they read nothing).  One entry per event.
* Submarines (14.02, 14.03, 14.06): of an enemy submarine without its marker (``revealed``)
  a team sees nothing -- no counter, no back, no stand-in (:func:`hidden_sub`); its SOT only
  as the entries the rules published (:func:`observe_sot`); its log entries (kind
  ``submarine``) only in their ``pub`` form.
* :func:`known_state` -- the state as a team may know it, for its overlays and queries
  (``GameQueries.movement_reach``, ``path_to``, ``resupply_reach``, ``intercept_umbrella``
  with ``viewer=``).  Every enemy counter the team sees only as a back -- unit or MILDEC
  alike, so a face-down MILDEC and a face-down unit give the same answer (6.11) -- becomes
  one *stand-in*: an enemy ground unit with no INTERCEPT value.  Reading of the rules:

  - movement (5.18): a ground stack stops on entering a hex with enemy ground units; a back
    may be one, so the team's reach stops there too.  Every hex where the truth stops a
    stack is also a stop in the team's knowledge, so a path the team is shown is legal; the
    move may turn out freer (the back was a MILDEC or a ship) when carried out;
  - RESUPPLY (8.05): the path avoids enemy-occupied hexes; a back may be a unit, so its hex
    is avoided: the reach shown is never wider than the true one;
  - INTERCEPT (7.53): the known interceptors are judged as usual; each back of the target's
    team is listed as ``{"uid": "hidden:<hex>:<n>", "hidden": True, "hex", "distance",
    "close_enough", "eligible": None, ...}`` -- it may or may not hold an INTERCEPT value,
    which is found out when the LRS is resolved.
"""
from __future__ import annotations

import hashlib

from typing import Callable, Iterable

from lcb_lab.games.lcb.model.catalog import Catalog
from lcb_lab.kernel.errors import LcbError, UnknownName
from lcb_lab.games.lcb.model.state import STAND_IN_TF, GameState, Marker, Unit

INSTRUCTOR = "instructor"


def _full(u: Unit, cat: Catalog) -> dict:
    t = cat.unit(u.type_id)
    return {
        "id": u.uid, "uid": u.uid, "team": u.team, "task_force": u.task_force, "hex": u.hex,
        "type_id": u.type_id, "name": t.name, "symbol": t.symbol, "abbrev": t.abbrev,
        "domain": t.domain, "hp": u.hp, "hp_max": t.hp, "supply": dict(u.supply),
        "revealed": u.revealed, "attachments": list(u.attachments), "embarked_on": u.embarked_on,
        "paralysed": u.paralysed, "acted": u.acted, "moved": u.moved, "back": False,
    }


def embarked_in_view(state: GameState, u: Unit, viewer: str | None) -> bool:
    """Whether ``viewer`` sees the other team's Embarked unit ``u``: Embarked units lie face up
    in their ship's Embark Area (10.34, 10.311), so the other team reads them -- name, type,
    HP -- once the ship itself is face up on the map; while the ship is concealed its tracker
    is as hidden as its counter (6.11), so they are not seen at all (lcb_lab's reading).  Their
    Attached cards and the ship's Embarked cards stay a count (9.02)."""
    if u.embarked_on is None or u.destroyed:
        return False
    ship = state.units.get(u.embarked_on)
    return ship is not None and ship.revealed and ship.on_map and not _all_seeing(viewer) and u.team != viewer


def _all_seeing(viewer: str | None) -> bool:
    return viewer is None or viewer == INSTRUCTOR


def knows(counter: Unit | Marker, viewer: str | None) -> bool:
    """Whether ``viewer`` sees the counter's face: its own, the instructor, or face up (6.11)."""
    return _all_seeing(viewer) or counter.team == viewer or counter.revealed


def hidden_sub(u: Unit, catalog: Catalog | None, viewer: str | None) -> bool:
    """An enemy submarine ``viewer`` sees NOTHING of: not even a back (14.02, 14.03) -- until its
    submarine marker is placed (``revealed``, 14.06)."""
    if _all_seeing(viewer) or u.team == viewer or u.revealed:
        return False
    if catalog is None:
        from lcb_lab.games.lcb.model.catalog import load_catalog
        catalog = load_catalog()
    t = catalog.units.get(u.type_id)
    return t is not None and t.domain == "submarine"


def observe_sot(state: GameState, viewer: str | None) -> dict[str, list[dict]]:
    """The Submarine Operations Tracker as ``viewer`` reads it (14.03): its own team's in full
    (both for the instructor); of the other team only the entries the rules published
    (a submarine marker placed, 14.05, 14.06), as ``{"sub", "turn", "impulse", "hex", "public"}``."""
    out = {}
    for team, entries in state.sot.items():
        if _all_seeing(viewer):
            out[team] = [dict(e) for e in entries]
        elif team == viewer:                 # who DETECTED the boat: only the counters the owner sees
            out[team] = [dict(e, detected_by=[u for u in e["detected_by"] if u in state.units
                                              and knows(state.units[u], viewer)]) if "detected_by" in e
                         else dict(e) for e in entries]
        else:
            out[team] = [{k: e[k] for k in ("sub", "turn", "impulse", "hex", "public")}
                         for e in entries if e.get("public")]
    return out


def _backs(state: GameState, viewer: str | None, catalog: Catalog | None = None) -> list[tuple[str, Unit | Marker]]:
    """[(id "hidden:<hex>:<n>", counter)] for every counter ``viewer`` sees only as a back.

    Units and MILDECs alike (6.11: their backs look the same), ordered by hex and, within a
    hex, by a hash of the designator salted with the game's secret ``state.salt`` -- never by
    the order of the scenario file -- so neither a back's place in the list nor its number
    ``n`` tells which counter it is or which one moved."""
    counters = [u for u in state.units.values() if not u.destroyed and u.hex is not None
                and not hidden_sub(u, catalog, viewer)] + \
               [m for m in state.markers.values() if not m.destroyed]
    hidden = [c for c in counters if not knows(c, viewer)]
    salt = getattr(state, "salt", "")

    def key(c) -> tuple[str, str]:
        name = c.uid if isinstance(c, Unit) else c.mid
        return c.hex, hashlib.blake2b(f"{salt}:{name}".encode(), digest_size=8).hexdigest()

    out, k = [], {}
    for c in sorted(hidden, key=key):
        n = k.get(c.hex, 0)
        k[c.hex] = n + 1
        out.append((f"hidden:{c.hex}:{n}", c))
    return out


def observe(state: GameState, catalog: Catalog, viewer: str) -> dict:
    """What ``viewer`` may see of the map (6.11, 3.03):
    ``{"team", "turn", "initiative", "network_cubes", "influence", "continuing",
    "counters": [...], "markers": [...]}``.  Every counter seen only from the back -- unit or
    MILDEC, they look alike -- is in ``counters`` as
    ``{"id": "hidden:<hex>:<n>", "team", "hex", "back": True, "revealed": False}`` (see
    :func:`_backs` for the order); ``markers`` holds the MILDECs the viewer sees face up or owns."""
    counters = [{"id": hid, "team": c.team, "hex": c.hex, "back": True, "revealed": False}
                for hid, c in _backs(state, viewer, catalog)]
    for u in state.units.values():
        if not u.destroyed and (knows(u, viewer) and (u.hex is not None or _all_seeing(viewer) or u.team == viewer)
                                or embarked_in_view(state, u, viewer)):
            counters.append(_full(u, catalog))
    markers = [{"id": m.mid, "type_id": m.type_id, "team": m.team, "hex": m.hex, "revealed": m.revealed,
                "back": False} for m in state.markers.values() if not m.destroyed and knows(m, viewer)]
    if not _all_seeing(viewer):           # the other team never reads what is Attached / Embarked (9.02)
        for c in counters:
            if not c.get("back") and c["team"] != viewer:
                c["attachments"] = [f"{len(c['attachments'])} card(s)"] if c["attachments"] else []
    return {"team": viewer, "turn": state.turn, "initiative": state.initiative,
            "network_cubes": dict(state.network_cubes), "influence": state.influence,
            "continuing": dict(state.continuing), "counters": counters, "markers": markers,
            "sot": observe_sot(state, viewer)}


# ====================================================================== cards
CARD_FIELDS = ("cid", "name", "team", "where", "host", "hex", "face_up", "deployed", "expended", "cubes",
               "used", "supply", "free")


def card_public(c, viewer: str | None) -> bool:
    """Whether ``viewer`` sees card ``c``'s face: its own team, the instructor, or face up --
    played, placed face up or revealed (9.02)."""
    return _all_seeing(viewer) or c.team == viewer or c.face_up


def observe_cards(state: GameState, viewer: str | None) -> dict:
    """The cards ``viewer`` may see (9.02): ``{"cards": [card dicts], "hidden": {team: {where:
    count}}}``.  Own cards (all for the instructor) in full; the other team's face-up cards in
    full except the host of an Attached card whose host is face down (using it does not reveal
    the host, 9.31, 9.34); every other card of the other team only as a count per place (pool,
    attached, embarked, deployed face down; discarded or removed unseen)."""
    cards, hidden = [], {}
    for c in state.cards.values():
        if card_public(c, viewer):
            d = {k: getattr(c, k) for k in CARD_FIELDS}
            d["supply"] = dict(c.supply)
            host = state.units.get(c.host or "")
            if not _all_seeing(viewer) and c.team != viewer and host is not None and not (host.revealed and host.on_map):
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
        if m.kind == "mine" and not m.revealed and not (_all_seeing(viewer) or m.team == viewer):
            continue                      # secret mines: nothing at all until triggered (13.37)
        if _all_seeing(viewer) or m.team == viewer or m.revealed:
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
        own = _all_seeing(viewer) or m.team == viewer
        if not (own or m.revealed):
            continue
        d = {"level": m.level, "mp": m.mp, "hp": m.hp, "moved": m.moved, "acted": m.acted}
        if own:
            d.update(cargo=list(m.cargo), rp=m.rp, host=m.host)
        else:
            d["cargo_count"] = len(m.cargo)
        out[m.mid] = d
    return out


def observe_port_cubes(state: GameState, viewer: str | None) -> dict[str, str]:
    """{port hex: team} of the orange cubes on the map (12.3, 12.54): a cube stands in its port
    hex for every team to see, as on the table."""
    return dict(getattr(state, "port_cubes", None) or {})


# ====================================================================== known state
def _stand_in_type(catalog: Catalog, team: str) -> str:
    """A ground unit type of ``team`` without INTERCEPT value: what a back is taken to be."""
    types = sorted(catalog.units.values(), key=lambda t: t.type_id)
    for ok in (lambda t: t.team == team and t.domain == "ground" and not t.cvs_of("INT"),
               lambda t: t.domain == "ground" and not t.cvs_of("INT"), lambda t: True):
        for t in types:
            if ok(t):
                return t.type_id
    raise LcbError("the catalog holds no unit type")


def known_state(state: GameState, catalog: Catalog, viewer: str | None) -> GameState:
    """The state as ``viewer`` may know it (see the module doc): a copy in which each counter
    it sees only as a back is a stand-in unit ``"hidden:<hex>:<n>"``; enemy units off the map
    are left out.  The instructor (or None) gets ``state`` itself."""
    if _all_seeing(viewer):
        return state
    s = state.clone(share_log=True)
    for u in list(state.units.values()):
        if hidden_sub(u, catalog, viewer):     # nothing at all of an unrevealed enemy submarine (14.03)
            del s.units[u.uid]
    s.sot = observe_sot(state, viewer)
    for hid, c in _backs(state, viewer, catalog):
        if isinstance(c, Marker):
            del s.markers[c.mid]
        else:
            del s.units[c.uid]
        s.units[hid] = Unit(hid, _stand_in_type(catalog, c.team), c.team, STAND_IN_TF, c.hex, 1, {})
    for uid in [u.uid for u in state.units.values() if u.team != viewer and u.hex is None and u.uid in s.units]:
        del s.units[uid]
    return s


def check_known(state: GameState, viewer: str | None, uids: Iterable[str], what: str) -> None:
    """UnknownName when ``viewer`` cannot name one of ``uids``: no such unit, or a face-down or
    embarked enemy unit -- one message for both, so a name cannot be probed (6.11)."""
    if _all_seeing(viewer):
        return
    for uid in uids:
        u = state.units.get(uid) if isinstance(uid, str) else None
        if u is None or not knows(u, viewer) or not (u.team == viewer or u.on_map):
            raise UnknownName(f"{what}: {viewer} sees no unit named {uid!r}")


def is_stand_in(u: Unit) -> bool:
    return u.task_force == STAND_IN_TF


# ====================================================================== log facts
def refs(counters: Iterable[Unit | Marker]) -> list[dict]:
    """Facts for a log entry: ``[{"uid": .., "up": bool}]`` for units, ``{"mid": .., "up"}``
    for MILDECs -- face up or down at the moment of logging."""
    return [{"mid": c.mid, "up": c.revealed} if isinstance(c, Marker) else {"uid": c.uid, "up": c.revealed}
            for c in counters]


def public_names(counters: Iterable[dict]) -> str:
    """How the other team names ``refs``: face-up units by name, face-up MILDECs as
    "MILDEC M1", the face-down ones as a count (3.03, 6.11)."""
    counters = list(counters)
    shown = [c["uid"] if "uid" in c else f"MILDEC {c['mid']}" for c in counters if c["up"]]
    hidden = len(counters) - len(shown)
    if hidden:
        shown.append(f"{hidden} concealed counter{'s' if hidden > 1 else ''}")
    return ", ".join(shown)


def _any_down(*groups: Iterable[dict]) -> bool:
    return any(not c["up"] for g in groups for c in g)


Form = tuple[list[str] | None, dict | None]
"""(audience, public) of an entry: (None, None) = everyone reads it in full."""

EVERYONE: Form = (None, None)


def _public(title: str, text: str, rules: list[str], **data) -> dict:
    return {"title": title, "text": text, "rules": list(rules), "data": data}


def _declare(e: dict, d: dict) -> Form:
    units, marks = d.get("units", []), d.get("markers", [])
    if d.get("subs"):            # an unrevealed submarine acts: the other team reads nothing of it (14.03)
        units = [u for u in units if u["uid"] not in d["subs"]]
        if not units and not marks:
            return [d["team"]], None
        return [d["team"]], _public(e["title"], f"{d['action']}: {public_names(units + marks)} in {d.get('origin')}",
                                    e["rules"])
    name = d["action"]
    if d.get("action_kind") == "move_resupply" and units:
        public = f"{name}: a unit (its location may stay hidden)"      # 3.03
    elif d.get("jcc"):            # the card stays hidden until it is played (9.02)
        public = name + (f": {public_names(units)} in {d.get('origin')}" if units else "")
    elif not _any_down(units, marks):
        return EVERYONE
    else:
        public = f"{name}: {public_names(units + marks)} in {d.get('origin')}"
    return [d["team"]], _public(e["title"], public, e["rules"])


def _move(e: dict, d: dict) -> Form:
    units, marks = d.get("units", []), d.get("markers", [])
    if not _any_down(units, marks):
        return EVERYONE
    who = public_names(units + marks)
    verb = "moves" if len(units) + len(marks) == 1 else "move"
    return [d["team"]], _public(f"Move {who}", f"{who} {verb} {' -> '.join(d.get('path', []))}",
                                e["rules"], path=d.get("path", []))


def _zor(e: dict, d: dict) -> Form:
    if not _any_down(d["units"]):
        return EVERYONE
    return [d["team"]], _public(e["title"], f"{public_names(d['units'])} in {d['from']} look into {d['into']}: "
                                "no enemy ground unit there", e["rules"])


def _reveal(e: dict, d: dict) -> Form:
    by = d.get("by")
    if not by or not _any_down(by):
        return EVERYONE
    return [d["team"]], _public(e["title"], f"ground ZOR of {public_names(by)} from {d['from']} into {d['into']}",
                                e["rules"], units=d["units"])


def _conceal(e: dict, d: dict) -> Form:
    units, marks = d.get("units", []), d.get("markers", [])
    if not _any_down(units, marks):
        return EVERYONE
    flipped = [c for c in units + marks if c["up"]]     # the other team saw these face up
    if not flipped:
        return [d["team"]], None
    return [d["team"]], _public(f"Concealed: {public_names(flipped)}", f"turned face down in {d['hex']}",
                                e["rules"])


def _split(e: dict, d: dict) -> Form:
    if not _any_down(d["stay"], d["go"]):
        return EVERYONE
    return [d["team"]], _public(e["title"], f"{public_names(d['stay'])} stay while {public_names(d['go'])} "
                                "move on; the stack splits (1 AP)", e["rules"])


def _resupply(e: dict, d: dict) -> Form:
    return [d["team"]], None       # neither unit is revealed, nor where it acts (8.06, 3.03)


def _effect(e: dict, d: dict) -> Form:
    if d.get("effect") == "mildec":           # a new face-down MILDEC: the other team sees a back
        return [d["team"]], None
    if d.get("effect") in ("paralyse", "resupply"):
        if not _any_down(d.get("units", [])):
            return EVERYONE
        return [d["team"]], _public(f"A card acts on {public_names(d['units'])}", e["text"].split(":")[0],
                                    e["rules"])
    if d.get("effect") != "disembark":
        return EVERYONE
    n = len(d["units"])
    return [d["team"]], _public(f"{n} concealed counter{'s' if n > 1 else ''} land{'' if n > 1 else 's'} "
                                f"in {d['hex']}", (f"from {public_names([d['host']])}, " if d.get("host") else "") + "face down",
                                e["rules"])


def _card(e: dict, d: dict) -> Form:
    """A log line about a card: public unless it is about a hidden card (``hidden`` fact:
    Attached / Embarked / pool / face down, 9.02) -- the other team then reads that a card
    of that team acted, not which."""
    if not d.get("hidden"):
        return EVERYONE
    return [d["team"]], _public(f"{d['team']} card", "a hidden card of the other team (9.02)", e["rules"])


def _transport(e: dict, d: dict) -> Form:
    """Transport (12.x): an entry with the ``hidden`` fact (what a face-down craft carries, its
    RP, its moves) is read by its team only; the other team sees the marker's back on the map."""
    return ([d["team"]], None) if d.get("hidden") else EVERYONE


def _team_only(e: dict, d: dict) -> Form:
    """A marker / mine line (13.x): only its team reads a ``hidden`` one (a secret mine laid,
    13.37; a concealed ISR marker placed, 13.21); the others read nothing."""
    if not d.get("hidden"):
        return EVERYONE
    return [d["team"]], (_public(d["public_title"], "", e["rules"]) if d.get("public_title") else None)


def _submarine(e: dict, d: dict) -> Form:
    """A hidden submarine's entry (14.03): its team reads it, the other team its ``pub`` or nothing."""
    pub = d.get("pub")
    return [d["team"]], (None if not pub else _public(pub["title"], pub["text"], e["rules"]))


FORMS: dict[str, Callable[[dict, dict], Form]] = {
    "card": _card, "transport": _transport, "mine": _team_only, "marker": _team_only, "submarine": _submarine,
    "declare": _declare, "move": _move, "zor": _zor, "reveal": _reveal, "conceal": _conceal,
    "resupply": _resupply, "effect": _effect, "split": _split,
}
"""One function per entry kind: (entry, its data) -> (audience, public form)."""


def annotate(entry: dict) -> dict:
    """Add ``audience`` / ``public`` to a fresh entry from the facts in its ``data``.
    An entry whose kind has no function here, or that carries no ``team`` fact, is public."""
    data = entry.get("data") or {}
    form = FORMS.get(entry.get("kind"))
    if form is None or "team" not in data:
        return entry
    audience, public = form(entry, data)
    if audience is not None:
        entry["audience"] = list(audience)
        if public is not None:
            entry["public"] = public
    return entry


def redact(entry: dict, viewer: str | None) -> dict | None:
    """``entry`` as ``viewer`` reads it: the entry itself for the instructor and the teams in
    its ``audience`` (absent = everyone), its public form for the others (a new dict with
    kind, title, text, rules, data, turn, impulse), or None when they read nothing.

    Logs saved before this contract (``visible_to`` / ``public_copy``) read as they did."""
    if "audience" not in entry and "visible_to" in entry:      # a log saved before entries carried an audience
        if entry.get("public_copy"):
            return None if _all_seeing(viewer) or viewer not in entry["visible_to"] else entry
        return entry if _all_seeing(viewer) or viewer in entry["visible_to"] else None
    audience = entry.get("audience")
    if _all_seeing(viewer) or audience is None or viewer in audience:
        return entry
    public = entry.get("public")
    if public is None:
        return None
    out = {"kind": entry["kind"], "title": public.get("title", ""), "text": public.get("text", ""),
           "rules": list(public.get("rules", entry.get("rules", []))), "data": dict(public.get("data", {}))}
    for k in ("turn", "impulse"):
        if k in entry:
            out[k] = entry[k]
    return out


def redact_log(log: Iterable[dict], viewer: str | None) -> list[dict]:
    """Every entry of ``log`` ``viewer`` may read, as it reads it (see :func:`redact`)."""
    return [r for r in (redact(e, viewer) for e in log) if r is not None]
