"""Hidden information: the ONE place that decides what a team may know (principle 8; 3.03, 6.11, 8.06).

A *viewer* is ``"US"``, ``"RU"`` or ``"instructor"`` (``None`` is read as the instructor).
The other team reads what it would see across the table: counters on the map, the face-up
ones by name, the face-down ones only as backs with a hex (6.11); never the name, type or
Unit Tracker values of a face-down counter, nor where a Move and/or Resupply acts (3.03,
8.06).  Decided here:

* :func:`knows` -- THE answer to "may this team know X" (a unit, MILDEC, card, card marker,
  or a reference ``{kind: id}`` a log entry is ``about``); everything below, the refusal
  checks of the rules, the offers and ``compare`` ask it.
* :func:`observe` -- the map a team sees (own units in full; enemy units in full when
  revealed; a concealed enemy unit or MILDEC only as ``{"id": "hidden:<hex>:<n>", "team",
  "hex", "back": True}``; embarked enemy units only while their ship is face up, 10.34:
  :func:`knows`).
* :func:`redact` -- a log entry as a team reads it.  Rule modules log *facts* in each entry's
  ``data`` (which units and MILDECs took part, each as ``{"uid"|"mid", "up"}`` -- face up or
  down AT THAT MOMENT -- the hexes, the acting ``team``, and ``about``: what the entry is
  about, a :func:`knows` reference); :func:`annotate` (called by ``Ctx.log``, asking
  :func:`knows` then) turns them, with one function per entry kind, into the contract every entry
  of ``state.log`` follows: optional ``"audience": ["US"]`` (teams that read the full form;
  absent = everyone) and optional ``"public": {"title", "text", "rules", "data"}`` (what the
  other teams read; absent = they read nothing), or ``"public_for": {team: form}`` (a roll each
  team knows a part of, 14.011).  One entry per event; a roll's line names only what it revealed.
* Submarines (14.02, 14.03, 14.06): of an enemy submarine without its marker (``revealed``)
  a team sees nothing -- no counter, no back, no stand-in (:func:`hidden_sub`); its SOT only
  as the entries the rules published (:func:`observe_sot`); its log entries (kind
  ``submarine``, ``about`` its team's SOT) only in their public form.
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

import copy
import hashlib

from typing import Callable, Iterable, Mapping

from lcb_lab.games.lcb.model.catalog import Catalog
from lcb_lab.kernel.errors import LabError, UnknownName
from lcb_lab.games.lcb.model.state import STAND_IN_TF, TEAMS, Card, CardMarker, GameState, Marker, Unit
from lcb_lab.kernel import observer as kernel_observer
from lcb_lab.kernel.observer import INSTRUCTOR, Observer, all_seeing  # noqa: F401 - INSTRUCTOR: LC:B's name too

PLACE_KEYS = ("turn", "impulse", "team")
"""LC:B's words for where a step happened (the kernel's turn, sub-turn, player): the JSON keys of
every saved record step; a log entry carries the first two (``Game.place_keys``)."""


def _full(u: Unit, cat: Catalog) -> dict:
    t = cat.unit(u.type_id)
    return {
        "id": u.uid, "uid": u.uid, "team": u.team, "task_force": u.task_force, "hex": u.hex,
        "type_id": u.type_id, "name": t.name, "symbol": t.symbol, "abbrev": t.abbrev,
        "domain": t.domain, "hp": u.hp, "hp_max": t.hp, "supply": dict(u.supply),
        "revealed": u.revealed, "attachments": list(u.attachments), "embarked_on": u.embarked_on,
        "paralysed": u.paralysed, "acted": u.acted, "moved": u.moved, "back": False,
        "tf_counter": u.tf_counter,
    }


_all_seeing = all_seeing


Subject = Unit | Marker | Card | CardMarker | Mapping[str, str]
"""What :func:`knows` answers about: a counter, a MILDEC, a card, a card marker, or a reference
``{kind: id}`` as log entries record it (see :data:`REF_KINDS`; several keys: all of them)."""

REF_KINDS = ("unit", "mildec", "card", "marker", "cargo", "mines", "cp", "sot")
"""The kinds of reference a log entry's ``about`` fact may hold: ``unit`` (uid), ``mildec``
(MILDEC id), ``card`` (cid), ``marker`` (a card marker's id), ``cargo`` (a ship's, landing
craft marker's or transport card's id: what it takes aboard, carries, lands or leaves aboard,
12.x), ``mines`` (a mine marker's id: cubes laid, a detonation held, 13.37), ``cp`` (a team:
its CP left in the Planning Stage, 3.12) and ``sot`` (a team: its Submarine Operations Tracker
and what its submarines do off the map, 14.03)."""


def knows(state: GameState, viewer: str | None, subject: Subject) -> bool:
    """Whether ``viewer`` ("US", "RU", "instructor" or None = instructor) may know ``subject``:
    see its face, name it, read a log line about it.  THE one place this is decided; offers,
    refusals, log redaction and views all ask here.

    * the instructor knows everything; a team knows everything of its own;
    * a unit of the other team: face up on the map (6.11, 6.13) -- a destroyed one only if it
      was face up when it was removed (a counter destroyed face down stays unnamed); an
      Embarked one while its ship is face up on the map (10.34: face up in the Embark Area;
      lost with or aboard it: as its ship was); an unrevealed submarine never (14.02, 14.03);
    * a MILDEC of the other team: face up (6.11, 4.22);
    * a card of the other team: face up -- played, placed face up or revealed (9.02);
    * a card marker of the other team: revealed (12.21, 13.21, 13.37);
    * a reference ``{kind: id}`` (:data:`REF_KINDS`): the thing it names, as above; ``cargo``
      and ``mines`` only to the owner's team (12.2x, 12.54: what a craft or ship carries;
      13.37: mines are secret until they hit), ``cp`` and ``sot`` only to that team (3.12, 14.03).  A reference
      to nothing known here is known only to the instructor.

    Raises TypeError for anything else."""
    if _all_seeing(viewer):
        return True
    if isinstance(subject, Unit):       # the usual subjects, before the slower Mapping (ABC) check
        return _knows_unit(state, viewer, subject)
    if isinstance(subject, Card):
        return subject.team == viewer or subject.face_up
    if isinstance(subject, (Marker, CardMarker)):
        return subject.team == viewer or subject.revealed
    if isinstance(subject, Mapping):
        return all(_knows_ref(state, viewer, kind, ident) for kind, ident in subject.items())
    raise TypeError(f"knows: cannot tell whether a team knows a {type(subject).__name__}")


def _knows_unit(state: GameState, viewer: str | None, u: Unit) -> bool:
    if u.team == viewer:
        return True
    if u.embarked_on is not None:      # face up in the Embark Area of a ship seen face up (10.34)
        ship = state.units.get(u.embarked_on)
        return ship is not None and ship.revealed and ship.hex is not None
    return u.revealed and u.hex is not None     # face up on the map, or destroyed there face up


def _owner(state: GameState, ident: str) -> str | None:
    """The team owning the unit, card marker or card ``ident`` (None: no such thing)."""
    for table in (state.units, state.card_markers, state.cards):
        x = table.get(ident)
        if x is not None:
            return x.team
    return None


def _knows_ref(state: GameState, viewer: str | None, kind: str, ident) -> bool:
    if kind in ("cargo", "mines"):           # the owner's business only (12.2x, 12.54, 13.37)
        return isinstance(ident, str) and _owner(state, ident) == viewer
    if kind in ("cp", "sot"):                # a team's CP left (3.12), its SOT (14.03): its own
        return ident == viewer
    table = {"unit": state.units, "mildec": state.markers, "card": state.cards,
             "marker": state.card_markers}.get(kind)
    if table is None:
        raise TypeError(f"knows: {kind!r} is not one of {', '.join(REF_KINDS)}")
    x = table.get(ident) if isinstance(ident, str) else None
    return x is not None and knows(state, viewer, x)


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
                                              and knows(state, viewer, state.units[u])]) if "detected_by" in e
                         else dict(e) for e in entries]
        else:
            out[team] = [{k: e[k] for k in ("sub", "turn", "impulse", "hex", "public")}
                         for e in entries if e.get("public")]
    return out


def _back_groups(state: GameState, viewer: str | None, catalog: Catalog | None = None,
                 hex_label: str | None = None) -> list[tuple[str, list[Unit | Marker]]]:
    """[(id "hidden:<hex>:<n>", the counters under that back)] for every back ``viewer`` sees (``hex_label``: in it).

    One counter per back -- units and MILDECs alike (6.11: their backs look the same) -- but
    the face-down units of one Task Force Counter are ONE back, whatever their number (4.35,
    :mod:`lcb_lab.games.lcb.model.tf_counters`).  Ordered by hex and, within a hex, by a hash of
    the designator (or the Task Force Counter's name) salted with the game's secret ``state.salt``
    -- never by the order of the scenario file -- so neither a back's place in the list nor its
    number ``n`` tells which counter it is or which one moved."""
    counters = [u for u in state.units.values() if not u.destroyed and u.hex is not None
                and hex_label in (None, u.hex) and not hidden_sub(u, catalog, viewer)] + \
               [m for m in state.markers.values() if not m.destroyed and hex_label in (None, m.hex)]
    groups: dict[tuple[str, str], list[Unit | Marker]] = {}
    for c in counters:
        if knows(state, viewer, c):
            continue
        tfc = c.tf_counter if isinstance(c, Unit) else ""
        name = f"tf:{tfc}" if tfc else (c.uid if isinstance(c, Unit) else c.mid)
        groups.setdefault((c.hex, name), []).append(c)
    salt = getattr(state, "salt", "")

    def key(k: tuple[str, str]) -> tuple[str, str]:
        return k[0], hashlib.blake2b(f"{salt}:{k[1]}".encode(), digest_size=8).hexdigest()

    out, n_in = [], {}
    for k in sorted(groups, key=key):
        n = n_in.get(k[0], 0)
        n_in[k[0]] = n + 1
        out.append((f"hidden:{k[0]}:{n}", groups[k]))
    return out


def _backs(state: GameState, viewer: str | None, catalog: Catalog | None = None) -> list[tuple[str, Unit | Marker]]:
    """[(id "hidden:<hex>:<n>", counter)] for every back ``viewer`` sees (:func:`_back_groups`);
    a Task Force Counter's back stands for its first unit (a hit on it falls there, 4.35 sandbox)."""
    return [(hid, group[0]) for hid, group in _back_groups(state, viewer, catalog)]


def is_tf_back(group: list[Unit | Marker]) -> bool:
    """Whether a back (its counters, :func:`_back_groups`) is a Task Force Counter (4.35)."""
    return isinstance(group[0], Unit) and bool(group[0].tf_counter)


def observe(state: GameState, catalog: Catalog, viewer: str) -> dict:
    """What ``viewer`` may see of the map (6.11, 3.03):
    ``{"team", "turn", "initiative", "network_cubes", "influence", "continuing", "kills",
    "counters": [...], "markers": [...]}``.  ``kills`` (``{"US": n, "RU": n}``: the units each team
    has destroyed so far, 4.21) is public: the Initiative Check counts them openly (3.42), and a
    destruction the viewer may not name still reads as a count (:func:`_destroyed`).  Every counter seen only from the back -- unit or
    MILDEC, they look alike -- is in ``counters`` as
    ``{"id": "hidden:<hex>:<n>", "team", "hex", "back": True, "revealed": False}`` (see
    :func:`_back_groups` for the order); the face-down units of a Task Force Counter are one such
    back with ``"tf_counter": True`` (4.35), however many they are.  A unit the viewer sees in full
    carries ``tf_counter``: the name of the counter it stands under ("" none) -- for its own team
    and the instructor only.  ``markers`` holds the MILDECs the viewer sees face up or owns."""
    counters: list[dict] = [{"id": hid, "team": g[0].team, "hex": g[0].hex, "back": True, "revealed": False,
                 **({"tf_counter": True} if is_tf_back(g) else {})}
                for hid, g in _back_groups(state, viewer, catalog)]
    for u in state.units.values():
        if not u.destroyed and knows(state, viewer, u):
            counters.append(_full(u, catalog))
    markers = [{"id": m.mid, "type_id": m.type_id, "team": m.team, "hex": m.hex, "revealed": m.revealed,
                "back": False} for m in state.markers.values() if not m.destroyed and knows(state, viewer, m)]
    if not _all_seeing(viewer):           # the other team never reads what is Attached / Embarked (9.02)
        for c in counters:
            if not c.get("back") and c["team"] != viewer:
                c["attachments"] = [f"{len(c['attachments'])} card(s)"] if c["attachments"] else []
                c["tf_counter"] = ""          # how many more stand under its counter: the owner's (4.35)
    return {"team": viewer, "turn": state.turn, "initiative": state.initiative,
            "network_cubes": dict(state.network_cubes), "influence": state.influence,
            "kills": dict(state.total_kills), "continuing": dict(state.continuing), "counters": counters, "markers": markers,
            "sot": observe_sot(state, viewer),
            "cp": {t: n for t, n in (getattr(state, "cp", None) or {}).items() if knows(state, viewer, {"cp": t})}}


def observe_load(state: GameState, load: dict, viewer: str | None) -> dict | None:
    """A ship's load (the facts of :func:`lcb_lab.games.lcb.rules.embarking.embark.load`) as ``viewer`` may know it
    (the lab's Embark Area): everything for the ship's own team and the instructor; for the
    other team nothing (None) while the ship is not seen face up on the map, else its Embarked
    units (face up, 10.34) with their GPSV and only the number of its Embarked cards (9.02):
    ``{"ship", "units", "gpsv_units", "gpsv_max", "asv_max", "cards": n}``."""
    ship = state.units[load["ship"]]
    if knows(state, viewer, {"cargo": ship.uid}):
        return load
    if not (knows(state, viewer, ship) and ship.on_map):
        return None
    return {"ship": ship.uid, "units": list(load["units"]), "gpsv_units": load["gpsv_units"],
            "gpsv_max": load["gpsv_max"], "asv_max": load["asv_max"], "cards": len(load["cards"])}


# ====================================================================== known state
def _stand_in_type(catalog: Catalog, team: str) -> str:
    """A ground unit type of ``team`` without INTERCEPT value: what a back is taken to be."""
    types = sorted(catalog.units.values(), key=lambda t: t.type_id)
    for ok in (lambda t: t.team == team and t.domain == "ground" and not t.cvs_of("INT"),
               lambda t: t.domain == "ground" and not t.cvs_of("INT"), lambda t: True):
        for t in types:
            if ok(t):
                return t.type_id
    raise LabError("the catalog holds no unit type")


def known_state(state: GameState, catalog: Catalog, viewer: str | None) -> GameState:
    """The state as ``viewer`` may know it (see the module doc): a copy in which each counter
    it sees only as a back is a stand-in unit ``"hidden:<hex>:<n>"``; enemy units off the map
    are left out, and so are the cards it may not see (9.02: a face-down Attached card lends its
    host no value the viewer could count; an enemy unit's attachments are :data:`HIDDEN_ATTACHMENT` each) and the card markers it may not know (13.37: an enemy's
    secret mine, unless laid by a card the viewer saw played).  The instructor (or None) gets ``state`` itself."""
    if _all_seeing(viewer):
        return state
    s = state.clone(share_log=True)
    for u in list(state.units.values()):
        if hidden_sub(u, catalog, viewer):     # nothing at all of an unrevealed enemy submarine (14.03)
            del s.units[u.uid]
    s.sot, s.optional_data = observe_sot(state, viewer), state.optional_known(viewer)   # 14.03; 17.1, 17.2
    s.event_deck = []                                   # the event pile's order is secret (16.0)
    s.cards = {cid: c if host_seen(state, viewer, c) else _without_host(c)        # 9.02; 9.31, 9.34
               for cid, c in state.cards.items() if knows(state, viewer, c)}
    s.card_markers = {mid: m for mid, m in state.card_markers.items()     # 13.37: secret mines stay secret
                      if knows(state, viewer, m) or m.card in s.cards}    # laid by a card seen: its hexes public
    for hid, group in _back_groups(state, viewer, catalog):
        for c in group:                    # a Task Force Counter's units: one stand-in (4.35)
            if isinstance(c, Marker):
                del s.markers[c.mid]
            else:
                del s.units[c.uid]
        c = group[0]
        s.units[hid] = Unit(hid, _stand_in_type(catalog, c.team), c.team, STAND_IN_TF, c.hex, 1, {})
    for uid in [u.uid for u in state.units.values() if u.team != viewer and u.hex is None and u.uid in s.units]:
        del s.units[uid]
    for u in s.units.values():            # 9.02: the names under an enemy tracker are not read, only how many
        if u.team != viewer and u.attachments:
            u.attachments = [HIDDEN_ATTACHMENT] * len(u.attachments)
    return s


def host_seen(state: GameState, viewer: str | None, c: Card) -> bool:
    """Whether ``viewer`` reads which unit hosts card ``c``: no host, its own card, or a host it
    knows on the map -- using a card does not reveal its host (9.31, 9.34)."""
    host = state.units.get(c.host or "")
    return host is None or c.team == viewer or _all_seeing(viewer) or (knows(state, viewer, host) and host.on_map)


def _without_host(c: Card) -> Card:
    """A copy of face-up card ``c`` whose host the viewer does not read (``host`` None)."""
    d = copy.copy(c)
    d.host = None
    return d


HIDDEN_ATTACHMENT = "a hidden card (9.02)"
"""What an enemy unit's Attached / Embarked card is named in a team's known state (the view shows the count only)."""


def check_known(state: GameState, viewer: str | None, uids: Iterable[str], what: str) -> None:
    """UnknownName when ``viewer`` cannot name one of ``uids``: no such unit, or a face-down or
    embarked enemy unit -- one message for both, so a name cannot be probed (6.11)."""
    if _all_seeing(viewer):
        return
    for uid in uids:
        u = state.units.get(uid) if isinstance(uid, str) else None
        if u is None or not knows(state, viewer, u) or not (u.team == viewer or u.on_map):
            raise UnknownName(f"{what}: {viewer} sees no unit named {uid!r}")


def is_stand_in(u: Unit) -> bool:
    """True for a stand-in unit: an enemy counter known only as a back (its values placeholders)."""
    return u.task_force == STAND_IN_TF


# ====================================================================== log facts
def refs(counters: Iterable[Unit | Marker]) -> list[dict]:
    """Facts for a log entry: ``[{"uid": .., "up": bool}]`` for units, ``{"mid": .., "up"}``
    for MILDECs -- face up or down at the moment of logging; a face-down unit under a Task Force
    Counter adds ``"tf"``: the counter's name (4.35: the other team counts it as one counter)."""
    return [{"mid": c.mid, "up": c.revealed} if isinstance(c, Marker) else _unit_ref(c) for c in counters]


def _unit_ref(u: Unit) -> dict:
    if u.tf_counter and not u.revealed and u.on_map:
        return {"uid": u.uid, "up": False, "tf": u.tf_counter}
    return {"uid": u.uid, "up": u.revealed}


def public_count(counters: Iterable[dict]) -> int:
    """How many counters the other team sees in ``refs``: each face-up one, each face-down one,
    but the face-down units of one Task Force Counter as ONE (4.35)."""
    counters = list(counters)
    return len([c for c in counters if c["up"] or not c.get("tf")]) + len({c["tf"] for c in counters
                                                                          if not c["up"] and c.get("tf")})


def public_names(counters: Iterable[dict]) -> str:
    """How the other team names ``refs``: face-up units by name, face-up MILDECs as
    "MILDEC M1", the face-down ones as a count (3.03, 6.11) -- a Task Force Counter's face-down
    units counting as one counter (4.35)."""
    counters = list(counters)
    shown = [c["uid"] if "uid" in c else f"MILDEC {c['mid']}" for c in counters if c["up"]]
    hidden = public_count(counters) - len(shown)
    if hidden:
        shown.append(f"{hidden} concealed counter{'s' if hidden > 1 else ''}")
    return ", ".join(shown)


def _any_down(*groups: Iterable[dict]) -> bool:
    return any(not c["up"] for g in groups for c in g)


Form = tuple
"""(audience, public) of an entry: (None, None) = everyone reads it in full."""

EVERYONE: Form = (None, None)


def _public(title: str, text: str, rules: list[str], **data) -> dict:
    return {"title": title, "text": text, "rules": list(rules), "data": data}


def _declare(e: dict, d: dict, secret: bool) -> Form:
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


def _move(e: dict, d: dict, secret: bool) -> Form:
    units, marks = d.get("units", []), d.get("markers", [])
    if not _any_down(units, marks):
        return EVERYONE
    who = public_names(units + marks)
    verb = "moves" if public_count(units + marks) == 1 else "move"
    return [d["team"]], _public(f"Move {who}", f"{who} {verb} {' -> '.join(d.get('path', []))}",
                                e["rules"], path=d.get("path", []))


def _zor(e: dict, d: dict, secret: bool) -> Form:
    if not _any_down(d["units"]):
        return EVERYONE
    return [d["team"]], _public(e["title"], f"{public_names(d['units'])} in {d['from']} look into {d['into']}: "
                                "no enemy ground unit there", e["rules"])


def _reveal(e: dict, d: dict, secret: bool) -> Form:
    by = d.get("by")
    if not by or not _any_down(by):
        return EVERYONE
    return [d["team"]], _public(e["title"], f"ground ZOR of {public_names(by)} from {d['from']} into {d['into']}",
                                e["rules"], units=d["units"])


def _conceal(e: dict, d: dict, secret: bool) -> Form:
    units, marks = d.get("units", []), d.get("markers", [])
    if not _any_down(units, marks):
        return EVERYONE
    flipped = [c for c in units + marks if c["up"]]     # the other team saw these face up
    if not flipped:
        return [d["team"]], None
    return [d["team"]], _public(f"Concealed: {public_names(flipped)}", f"turned face down in {d['hex']}",
                                e["rules"])


def _split(e: dict, d: dict, secret: bool) -> Form:
    if not _any_down(d["stay"], d["go"]):
        return EVERYONE
    return [d["team"]], _public(e["title"], f"{public_names(d['stay'])} stay while {public_names(d['go'])} "
                                "move on; the stack splits (1 AP)", e["rules"])


def _resupply(e: dict, d: dict, secret: bool) -> Form:
    return [d["team"]], None       # neither unit is revealed, nor where it acts (8.06, 3.03)


def _effect(e: dict, d: dict, secret: bool) -> Form:
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


def _card(e: dict, d: dict, secret: bool) -> Form:
    """A log line about a card: public unless the other team does not know the card it is
    ``about`` (Attached / Embarked / pool / face down, 9.02) -- it then reads that a card of
    that team acted, not which."""
    if not secret:
        return EVERYONE
    return [d["team"]], _public(f"{d['team']} card", "a hidden card of the other team (9.02)", e["rules"])


def _team_only(e: dict, d: dict, secret: bool) -> Form:
    """A line ``about`` what the other team does not know: only its team reads it, the others
    its ``public_title`` / ``public_text`` facts (how the act reads without naming what is
    hidden) or nothing.  Marker / mine lines (13.x: a secret mine laid, 13.37; a concealed ISR
    marker placed, 13.21), acts on a team's hidden cards or face-down counters in the Planning /
    Deployment Stage (9.02, 3.21; ``about`` the card or unit), a submarine's acts off the map
    (14.03; ``about`` its team's SOT), a craft's cargo, a team's CP (3.13), a face-down card's
    slot (9.02).  Known to everyone: public.  With ``forms`` (``{team: {"title", "text"}}``: a
    roll each team knows a part of, 14.011) each team reads its own form."""
    if d.get("forms"):
        return [], None, {t: _public(f["title"], f["text"], e["rules"]) for t, f in d["forms"].items()}
    if not secret:
        return EVERYONE
    return [d["team"]], (_public(d["public_title"], d.get("public_text", ""), e["rules"])
                         if d.get("public_title") else None)


def _or_said(form: Callable[[dict, dict, bool], Form]) -> Callable[[dict, dict, bool], Form]:
    """``form``; but a secret entry's ``public_title`` / ``public_text`` facts are what the others read."""
    def said(e: dict, d: dict, secret: bool) -> Form:
        if secret and d.get("public_title"):
            return [d["team"]], _public(d["public_title"], d.get("public_text", ""), e["rules"])
        return form(e, d, secret)
    return said


def _pub_if_any(e: dict, d: dict, secret: bool) -> Form:
    """Embarked losses (10.311): with a ``pub`` form (the ship was concealed: a count only) its
    team reads it in full and the other team that form; without one it is public."""
    pub = d.get("pub")
    if pub is None:
        return EVERYONE
    return [d["team"]], _public(pub["title"], pub["text"], e["rules"])


def _destroyed(e: dict, d: dict, secret: bool) -> Form:
    """Units destroyed (4.21, 3.42, 10.311): public, unless the other team does not know a unit
    it is ``about`` (destroyed face down, or aboard a concealed ship) -- it then reads the
    ``public_title`` (default "n concealed counter(s) destroyed") and the kill count."""
    if not secret:
        return EVERYONE
    n = len(d.get("units", []))
    title = d.get("public_title") or f"{n} concealed counter{'s' if n != 1 else ''} destroyed"
    return [d["team"]], _public(title, e["text"], e["rules"])


def _influence(e: dict, d: dict, secret: bool) -> Form:
    """An Influence Meter move about a unit (15.0: an enemy naval unit eliminated): public,
    unless the other team does not know the unit -- it then reads ``public_text``."""
    if not secret:
        return EVERYONE
    return [d["team"]], _public(e["title"], d.get("public_text", ""), e["rules"])


FORMS: dict[str, Callable[[dict, dict, bool], Form]] = {
    "card": _card, "transport": _team_only, "planning": _team_only, "mine": _team_only, "marker": _team_only,
    "submarine": _team_only, "declare": _declare, "move": _move, "zor": _zor, "reveal": _or_said(_reveal),
    "conceal": _conceal, "resupply": _resupply, "effect": _or_said(_effect), "split": _split,
    "card_acquired": _team_only, "card_placed": _team_only, "deploy": _team_only,
    "embark_losses": _pub_if_any, "destroyed": _destroyed, "influence": _influence,
    "torpedo": _team_only, "allocate": _team_only, "damage": _team_only,
}
"""One function per entry kind: (entry, its data) -> (audience, public form)."""


OBSERVER = Observer(lambda state, viewer, subject: knows(state, viewer, subject), TEAMS, FORMS)
"""LC:B's observer: the kernel's core (:class:`lcb_lab.kernel.observer.Observer`) on :func:`knows`,
the two teams and :data:`FORMS`."""


def redact(entry: dict, viewer: str | None) -> dict | None:
    """``entry`` as ``viewer`` reads it (:func:`lcb_lab.kernel.observer.redact`; a public form
    keeps the entry's ``turn`` and ``impulse``).  A log saved before entries carried an
    ``audience`` (:func:`_old_form`) reads as it did."""
    if "audience" not in entry and "visible_to" in entry:
        return _old_form(entry, viewer)
    return kernel_observer.redact(entry, viewer, PLACE_KEYS[:2])


def redact_log(log: Iterable[dict], viewer: str | None) -> list[dict]:
    """Every entry of ``log`` ``viewer`` may read, as it reads it (:func:`redact`)."""
    return [r for r in (redact(e, viewer) for e in log) if r is not None]


def _old_form(entry: dict, viewer: str | None) -> dict | None:
    """An entry of a log saved before the ``audience`` / ``public`` contract: ``visible_to`` lists
    the teams that read it; a public copy (``public_copy``) is the short form those teams read of
    another team's entry, which the instructor reads in full instead (so never the copy)."""
    if entry.get("public_copy"):
        return None if all_seeing(viewer) or viewer not in entry["visible_to"] else entry
    return entry if all_seeing(viewer) or viewer in entry["visible_to"] else None


def is_secret(state: GameState | None, data: dict) -> bool:
    """Whether a team other than the entry's ``team`` does not know what the entry is
    ``about`` (a reference as :func:`knows` takes it, or a list of them), asked at the moment
    of logging."""
    return OBSERVER.is_secret(state, data)


def annotate(entry: dict, state: GameState | None = None) -> dict:
    """Add ``audience`` / ``public`` to a fresh entry from the facts in its ``data``, asking
    :func:`knows` (on ``state`` as it is now) about the subject the entry is ``about``.
    An entry whose kind has no function here, or that carries no ``team`` fact, is public."""
    return OBSERVER.annotate(entry, state)
