"""The save check of chapters 9-14: cards, the card chain, card markers, the Submarine
Operations Tracker, port cubes and embarked losses.

:func:`lcb_lab.games.lcb.io.save_check.check_save` calls these on the typed state; each refuses
with a :class:`~lcb_lab.kernel.errors.ScenarioError` (file, key, problem):

* a card filed under another cid, of an unknown team or place, an Attached / Embarked card
  without a host unit of its team, a card hex off the map (9.0, 9.3, 10.0), a card name not in
  its team's deck or supply slots the card does not have (9.33);
* an open card chain naming cards (or intercepting units) not in the game, answering no earlier
  link, or with no card_response choice waiting (9.46);
* chapters 10-14 (a save without a record is checked here only): an Embarked card on a ship that
  is not Embark-capable (10.2); card markers of an unknown kind or team, off the map, of a
  card not in the game (a scenario's mines / fortifications may have none), with negative
  HP, a level below 1, cargo that is not off the map, an unknown host (13.x, 12.2); SOT
  entries not ``{"sub", "turn", "impulse", "hex", "public": bool}``, of a unit that is not a
  submarine of that team, or in a hex that is not open water (14.02, 14.03); port cubes off a
  large port or of an unknown team (12.3); an ``embark_losses`` choice whose ship is not
  Embark-capable or which offers units / cards not aboard it (10.311).
"""
from __future__ import annotations

from typing import Any

from lcb_lab.games.lcb.io import inputs as I
from lcb_lab.games.lcb.io.save_check_pieces import _designator, _Exact, _refuse, _typed
from lcb_lab.games.lcb.model.board import Board
from lcb_lab.games.lcb.model.catalog import Catalog
from lcb_lab.games.lcb.choices import CardResponseChoice, EmbarkLossesChoice
from lcb_lab.games.lcb.model.state import TEAMS

CARD_PLACES = ("pool", "attached", "embarked", "deployed", "discarded", "removed")
"""Where a card may be (:class:`lcb_lab.games.lcb.model.state.Card`)."""


def _check_cards(s: Any, board: Board, file: str, catalog: Catalog | None = None) -> None:
    """Each card filed under its cid, of a known team, in a known place; an Attached /
    Embarked card's host a unit of its team (9.3, 10.0), an Embarked card's host an
    Embark-capable ship (10.2); a card's hex on the map."""
    from lcb_lab.games.lcb.rules.embarking.embark import embark_capable
    for cid, c in s.cards.items():
        key = f"state.cards[{I.printable(cid)}]"
        _designator(file, key, cid)
        if c.cid != cid:
            _refuse(file, key, f"filed under {cid!r} but named {c.cid!r}")
        if c.team not in TEAMS:
            _refuse(file, f"{key}.team", f"unknown team {c.team!r}; known: US, RU")
        _designator(file, f"{key}.name", c.name)
        if c.where not in CARD_PLACES:
            _refuse(file, f"{key}.where", f"unknown place {c.where!r}; known: {', '.join(CARD_PLACES)}")
        if c.where in ("attached", "embarked"):
            host = s.units.get(c.host) if c.host is not None else None
            if host is None or host.team != c.team:
                _refuse(file, f"{key}.host", f"an {c.where} card needs a host unit of {c.team}, not {c.host!r}")
            if c.where == "embarked" and catalog is not None and host.type_id in catalog.units \
                    and not embark_capable(catalog.units[host.type_id]):
                _refuse(file, f"{key}.host", f"an Embarked card needs an Embark-capable ship (10.2); "
                        f"{I.printable(c.host)} ({host.type_id}) is not")
        if c.hex is not None and c.hex not in board.hexes:
            _refuse(file, f"{key}.hex", f"hex {c.hex!r} is not on the {board.name} map")
        for k in ("cubes", "used"):
            if getattr(c, k) < 0:
                _refuse(file, f"{key}.{k}", f"cannot be negative ({getattr(c, k)})")
        for slot, n in c.supply.items():
            if not isinstance(n, int) or n < 0:
                _refuse(file, f"{key}.supply[{I.printable(slot)}]", f"supply cannot be negative ({n!r})")
        _check_card_type(c, key, file)
    _check_chain(s, file)


def _check_card_type(c: Any, key: str, file: str) -> None:
    """The card's name is a card of its team's deck, and an Attached card's supply slots are
    that card's CVs (9.0, 9.33) -- or ``LRS`` for a card whose ISR marker holds LRS supply (13.28)."""
    from lcb_lab.games.lcb.model.cards import load_decks
    from lcb_lab.kernel.errors import UnknownName
    try:
        ct = load_decks().card(c.team, c.name)
    except UnknownName:
        _refuse(file, f"{key}.name", f"no card {I.printable(c.name)!r} in the {c.team} deck")
    slots = {cv.slot for cv in ct.cvs}
    if any(e.fn == "isr_marker" and e.args.get("supply") is not None for e in ct.effects):
        slots.add("LRS")                   # the marker's attacks spend the card's LRS supply (13.28)
    for slot in c.supply:
        if slot not in slots:
            _refuse(file, f"{key}.supply[{I.printable(slot)}]", f"{ct.name} has no {slot!r} value "
                    f"(its values: {', '.join(sorted(slots)) or 'none'})")


def _check_chain(s: Any, file: str) -> None:
    """An open card chain names cards of the game (units for INTERCEPT links), answers links of
    the chain, and waits on a card_response choice (9.46)."""
    pids = set()
    for i, link in enumerate(s.chain):
        key = f"state.chain[{i}]"
        kind = (link.data or {}).get("kind", "play")
        if kind == "intercept":
            if link.card not in s.units:
                _refuse(file, f"{key}.card", f"no unit {I.printable(link.card)!r} intercepts here")
        elif link.card not in s.cards:
            _refuse(file, f"{key}.card", f"no card {I.printable(link.card)!r} in the game")
        if link.team not in TEAMS:
            _refuse(file, f"{key}.team", f"unknown team {link.team!r}; known: US, RU")
        if link.responds_to is not None and link.responds_to not in pids:
            _refuse(file, f"{key}.responds_to", f"no earlier link {link.responds_to!r} to answer")
        pids.add(link.pid)
    if s.chain and not any(isinstance(c, CardResponseChoice) for c in s.choices):
        _refuse(file, "state.chain", "a card chain is open but no card_response choice waits for its "
                "answer (9.46)")


class _SotEntry(_Exact):
    """One Submarine Operations Tracker entry (14.03, :func:`lcb_lab.games.lcb.rules.submarines.sot.track`)."""
    sub: str
    turn: int
    impulse: int
    hex: str
    public: bool
    why: str = ""
    published: str = ""               # why the entry became public (sot.publish)
    path: list[str] = []
    detected_by: list[str] = []
    mode: str = ""                    # Quiet / Normal / Noisy movement (optional rule 17.2)


def _check_card_markers(s: Any, board: Board, file: str) -> None:
    """Card markers (13.x, 12.2): filed under their id, of a known kind and team, in a hex of
    the map, of a card of the game (a scenario's mines and fortifications may have none, 13.37),
    HP not negative, level at least 1, cargo units of the game off the map, host a unit."""
    from lcb_lab.games.lcb.rules.markers.placement import KINDS
    for mid, m in s.card_markers.items():
        key = f"state.card_markers[{I.printable(mid)}]"
        _designator(file, key, mid)
        if m.mid != mid:
            _refuse(file, key, f"filed under {mid!r} but named {m.mid!r}")
        if m.kind not in KINDS:
            _refuse(file, f"{key}.kind", f"unknown marker kind {I.printable(m.kind)!r}; known: {', '.join(KINDS)}")
        if m.team not in TEAMS:
            _refuse(file, f"{key}.team", f"unknown team {m.team!r}; known: US, RU")
        if m.hex not in board.hexes:
            _refuse(file, f"{key}.hex", f"hex {I.printable(m.hex)!r} is not on the {board.name} map")
        if m.card not in s.cards and not (m.card == "" and m.kind in ("mine", "fortification")):
            _refuse(file, f"{key}.card", f"no card {I.printable(m.card)!r} in the game")
        if m.card in s.cards and s.cards[m.card].team != m.team:
            _refuse(file, f"{key}.card", f"{m.card} is a {s.cards[m.card].team} card, not {m.team}")
        for k in ("hp", "mp", "rp"):
            if getattr(m, k) < 0:
                _refuse(file, f"{key}.{k}", f"cannot be negative ({getattr(m, k)})")
        spent = m.kind == "mine" and (m.data or {}).get("pending")   # cubes spent, removed when resolved (13.33)
        if m.level < (0 if spent else 1):
            _refuse(file, f"{key}.level", f"level {m.level} is below 1 (13.33, 13.51)")
        for i, uid in enumerate(m.cargo):
            u = s.units.get(uid)
            if u is None:
                _refuse(file, f"{key}.cargo[{i}]", f"no unit {I.printable(uid)!r}")
            if u.hex is not None or u.embarked_on is not None or m.cargo.index(uid) != i:
                _refuse(file, f"{key}.cargo[{i}]", f"{uid} cannot be aboard {mid}: a unit aboard a marker is "
                        "off the map and not embarked on a ship, once (12.05)")
        if m.host is not None and m.host not in s.units:
            _refuse(file, f"{key}.host", f"no unit {I.printable(m.host)!r}")


def _check_sot(s: Any, board: Board, catalog: Catalog, file: str) -> None:
    """The Submarine Operations Tracker (14.03): per known team, entries of the team's
    submarines in open water (no coastal hex, 14.02), ``public`` a bool."""
    for team, entries in s.sot.items():
        tkey = f"state.sot[{I.printable(team)}]"
        if team not in TEAMS:
            _refuse(file, tkey, f"unknown team {team!r}; known: US, RU")
        if not isinstance(entries, list):
            _refuse(file, tkey, "a list of SOT entries")
        for i, raw in enumerate(entries):
            key = f"{tkey}[{i}]"
            e = _typed(_SotEntry, raw, file, key)
            u = s.units.get(e.sub)
            if u is None or u.team != team or u.type_id not in catalog.units \
                    or not catalog.units[u.type_id].is_submarine:
                _refuse(file, f"{key}.sub", f"{I.printable(e.sub)!r} is not a submarine of {team} (14.03)")
            if e.hex not in board.hexes:
                _refuse(file, f"{key}.hex", f"hex {I.printable(e.hex)!r} is not on the {board.name} map")
            info = board.hex(e.hex)
            if not info.has_water or info.has_land:
                _refuse(file, f"{key}.hex", f"{e.hex} is not open water: submarines never enter coastal or "
                        "land hexes (14.02)")
            for p in e.path:
                if p not in board.hexes:
                    _refuse(file, f"{key}.path", f"hex {I.printable(p)!r} is not on the {board.name} map")
            for uid in e.detected_by:           # the units (or cards: a P-8A) that DETECTed it (14.05)
                if uid not in s.units and uid not in s.cards:
                    _refuse(file, f"{key}.detected_by", f"no unit or card {I.printable(uid)!r}")


def _check_port_cubes(s: Any, board: Board, file: str) -> None:
    """Orange port cubes (12.3, 12.54): a hex of the map with a large port, a known team."""
    for h, team in s.port_cubes.items():
        key = f"state.port_cubes[{I.printable(h)}]"
        if h not in board.hexes:
            _refuse(file, key, f"hex {I.printable(h)!r} is not on the {board.name} map")
        if not any(f.kind == "port" for f in board.hex(h).features):
            _refuse(file, key, f"{h} has no large port for an orange cube (12.3)")
        if team not in TEAMS:
            _refuse(file, key, f"unknown team {team!r}; known: US, RU")


def _check_embark_losses(s: Any, catalog: Catalog, file: str) -> None:
    """An ``embark_losses`` choice (10.311): its ship an Embark-capable unit of the game, the
    units and face-up cards it offers aboard that ship (``unit:<n>`` / ``hidden:<n>`` within
    the count aboard a concealed ship / of its concealed cards)."""
    from lcb_lab.games.lcb.rules.embarking.embark import embark_capable
    for i, c in enumerate(s.choices):
        if not isinstance(c, EmbarkLossesChoice):
            continue
        key = f"state.choices[{i}].options"
        o = c.options
        ship = s.units.get(o.ship)
        if ship is None or ship.type_id not in catalog.units or not embark_capable(catalog.units[ship.type_id]):
            _refuse(file, f"{key}.ship", f"{I.printable(o.ship)!r} is not an Embark-capable ship of the game (10.311)")
        if o.hp < 1:
            _refuse(file, f"{key}.hp", f"at least 1 HP lost, not {o.hp}")
        if ship.destroyed:
            continue                      # sunk meanwhile: the answer only pops the choice
        aboard = [u for u in s.units.values() if u.embarked_on == ship.uid and not u.destroyed]
        cards = [x for x in s.cards.values() if x.where == "embarked" and x.host == ship.uid]
        for j, ref in enumerate(o.units):
            uid = ref.uid
            n = uid[5:] if uid.startswith("unit:") else None
            ok = (n.isdigit() and int(n) < len(aboard)) if n is not None else uid in {u.uid for u in aboard}
            if not ok:
                _refuse(file, f"{key}.units[{j}].uid", f"{I.printable(uid)!r} is not a unit aboard {ship.uid}")
            if ref.gpsv < 0:
                _refuse(file, f"{key}.units[{j}].gpsv", f"a unit's GPSV is 0 or more, not {ref.gpsv} (10.21)")
        hidden = sum(1 for x in cards if not x.face_up)
        for j, ref in enumerate(o.cards):
            n = ref[7:] if ref.startswith("hidden:") else None
            ok = (n.isdigit() and int(n) < hidden) if n is not None else ref in {x.cid for x in cards if x.face_up}
            if not ok:
                _refuse(file, f"{key}.cards[{j}]", f"{I.printable(ref)!r} is not a card aboard {ship.uid}")
