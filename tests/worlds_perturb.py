"""The perturbations of the indistinguishable-worlds harness (:mod:`tests.worlds`): each changes
a twin's state in place in one fact the observer team may not know, and says what it touched
(:class:`Change`), so that the other team's acts can be translated (:func:`translate`).

Each keeps the state sound (checked here with the state invariants) and must leave the
observer's view unchanged (asserted by :func:`tests.worlds.make_twin`).  Counters, markers and
cards that the impulse, the card chain or a pending choice names are never touched: the history
that led to the state would not fit the change (:func:`_busy`).
"""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields, is_dataclass, replace
from typing import Callable

from lcb_lab.games.lcb import observer
from lcb_lab.games.lcb.model.invariants import violations
from lcb_lab.games.lcb.model.state import GameState, Marker, other
from lcb_lab.games.lcb.rules.common import Ctx
from lcb_lab.kernel.errors import IllegalAction, LabError
from lcb_lab.kernel.datacodec import touched


@dataclass(frozen=True)
class Change:
    """What a perturbation did: ``text`` (one line) and ``ids`` -- the counters, markers and
    cards it touched, each mapped to the one that plays its part in the twin (a swap maps the
    two to each other; any other change maps an id to itself) -- and whether the other team's
    acts with them stay comparable (``acts_alike``)."""

    text: str
    ids: dict[str, str]
    acts_alike: bool = False
    """True: the other team's acts with a touched counter are still the same act as the observer
    sees it (a supply value changed); False: they end the comparison (it moved, or is another card)."""
    shown_by_rules: bool = False
    """True: the rules show the observer the change when a step meets it -- a secret minefield
    stops a move there and the game waits for its owner (13.34, lcb_lab's reading): once the
    game waits on a choice about a touched id, only the undo permission is compared."""

    def __str__(self) -> str:
        return self.text


def _busy(s: GameState) -> set[str]:
    """Every id the current impulse, the card chain and the pending choices name (declared,
    moving, acting, hosting a card play under way): not perturbed -- the history that led
    here would not fit a change to them."""
    out: set[str] = set()
    imp = s.impulse
    if imp is not None:
        for d in imp.actions:
            out |= set(d.units) | set(d.markers)
        if imp.combat is not None:         # every string in the committed plan: its uids among them
            out |= _strings(asdict(imp.combat))
    return out | _strings(s.to_dict().get("chain")) | _strings(s.to_dict().get("choices"))


def _strings(data) -> set[str]:
    """Every string inside JSON-like ``data``."""
    return set(json.dumps(data, default=str).split('"'))


def _backs(g, s: GameState, team: str, markers: bool = False) -> list:
    """The enemy units (and MILDECs too when ``markers``) ``team`` sees only as backs on the
    map, idle (not acted, not moved, not declared)."""
    busy = _busy(s)
    units = [u for u in s.units.values() if u.team != team and not u.destroyed and u.hex is not None
             and u.embarked_on is None and not observer.knows(s, team, u)
             and not observer.hidden_sub(u, g.catalog, team)
             and not (u.acted or u.moved or u.moved_with) and u.uid not in busy
             and not u.tf_counter]        # a Task Force Counter's units share one back (4.35)
    mildecs = [m for m in s.markers.values() if markers and m.team != team and not m.destroyed
               and not observer.knows(s, team, m) and not m.acted and m.mid not in busy]
    return units + mildecs


def _sound(g, s: GameState) -> bool:
    return not violations(s, g.board, g.catalog, g.decks)


def swap_backs(g, s: GameState, team: str, rng) -> Change | None:
    """Two enemy backs -- units or MILDECs, whose backs look alike (6.11) -- of the same Task
    Force, in different hexes, trade places (where each may stand: a ship and a ground unit
    only between hexes of land and water).  The enemy's acts naming one of them
    name the other in the twin (:func:`translate`): the same act as the observer sees it.  A
    MILDEC and a unit trade places only while ``team`` has no ISR marker on the map: a MILDEC is
    no unit (4.22), so whether such a marker may conceal where it stands tells them apart --
    the rules' (13.23; ``test_13_23_a_mildec_is_no_unit_...``)."""
    backs = _backs(g, s, team, markers=True)
    isr = any(m.kind == "isr" and m.team == team for m in s.card_markers.values())
    pairs = [(a, b) for i, a in enumerate(backs) for b in backs[i + 1:]
             if a.hex != b.hex and a.task_force == b.task_force
             and not (isr and isinstance(a, Marker) != isinstance(b, Marker))]
    for k in rng.permutation(len(pairs))[:8]:
        a, b = pairs[int(k)]
        a.hex, b.hex = b.hex, a.hex
        if _sound(g, s):
            return Change(f"{_name(a)} <-> {_name(b)}", {_name(a): _name(b), _name(b): _name(a)})
        a.hex, b.hex = b.hex, a.hex
    return None


def _name(c) -> str:
    return c.mid if isinstance(c, Marker) else c.uid


def drain_supply(g, s: GameState, team: str, rng) -> Change | None:
    """A concealed enemy unit with supply left gets none (each value 0)."""
    full = [u for u in _backs(g, s, team) if any(u.supply.values())]
    if not full:
        return None
    u = full[int(rng.integers(len(full)))]
    u.supply = {k: 0 for k in u.supply}
    return Change(f"{u.uid} drained", {u.uid: u.uid}, acts_alike=True)


def move_sub(g, s: GameState, team: str, rng) -> Change | None:
    """Two unrevealed enemy submarines trade places, or (one alone) one moves one hex to water
    it may stand in (14.03: the other team sees nothing of them)."""
    busy = _busy(s)
    subs = [u for u in s.units.values() if not u.destroyed and u.hex is not None and u.uid not in busy
            and observer.hidden_sub(u, g.catalog, team) and not (u.acted or u.moved or u.fired)]
    pairs = [(a, b) for i, a in enumerate(subs) for b in subs[i + 1:] if a.hex != b.hex]
    for k in rng.permutation(len(pairs))[:4]:
        a, b = pairs[int(k)]
        a.hex, b.hex = b.hex, a.hex
        if _sound(g, s):
            return Change(f"{a.uid} <-> {b.uid}", {a.uid: b.uid, b.uid: a.uid})
        a.hex, b.hex = b.hex, a.hex
    for k in rng.permutation(len(subs)):
        u, home = subs[int(k)], subs[int(k)].hex
        for h in rng.permutation(list(g.board.naval_neighbours(home))):
            u.hex = str(h)
            if _sound(g, s):
                return Change(f"{u.uid} {home} -> {h}", {u.uid: u.uid})
        u.hex = home
    return None


def mines(g, s: GameState, team: str, rng) -> Change | None:
    """A secret enemy mine removed, or one cube laid next to one of ``team``'s units (13.37) --
    only when both teams know the enemy may hold secret mines (its scenario's minefield or a
    mine card it played: ``timeline.secret_mines_possible``; a world where a team that laid none
    holds some is one ``team`` can tell apart).  A move the mines stop shows them (13.34):
    ``shown_by_rules``."""
    from lcb_lab.games.lcb.rules.markers import mines as M
    from lcb_lab.games.lcb.whatif.timeline import secret_mines_possible
    if not secret_mines_possible(g, other(team)):
        return None
    theirs = [m for m in s.card_markers.values() if m.kind == "mine" and m.team != team and not m.revealed]
    if theirs and rng.random() < 0.5:
        m = theirs[int(rng.integers(len(theirs)))]
        del s.card_markers[m.mid]
        touched(s, "card_markers")      # staged in place: the snapshot looks at the map again
        if _sound(g, s):
            return Change(f"mine {m.mid} in {m.hex} removed", {m.mid: m.mid}, shown_by_rules=True)
        s.card_markers[m.mid] = m
        touched(s, "card_markers")      # staged in place: the snapshot looks at the map again
    own = sorted({u.hex for u in s.units.values() if u.team == team and u.hex and not u.destroyed})
    taken = {m.hex for m in s.card_markers.values()}
    near = sorted({h for x in own for h in g.board.neighbours(x)} - taken - {
        u.hex for u in s.units.values()})
    for k in rng.permutation(len(near))[:6]:
        h, n = near[int(k)], len(s.log)
        info = g.board.hex(h)
        terrain = "land" if info.has_land else "water"
        try:
            m = M.lay(Ctx(s, g.board, g.catalog, g.dice, g.decks, quiet=True), other(team), "", h, 1, 13, terrain)
        except (IllegalAction, LabError):
            continue
        finally:
            del s.log[n:]
        if _sound(g, s):
            return Change(f"mine {m.mid} laid in {h}", {m.mid: m.mid}, shown_by_rules=True)
        del s.card_markers[m.mid]
        touched(s, "card_markers")      # staged in place: the snapshot looks at the map again
    return None


def rename_cards(g, s: GameState, team: str, rng) -> Change | None:
    """An enemy pool card the observer cannot see becomes another card of that team's deck."""
    enemy = other(team)
    hidden = [c for c in s.cards.values() if c.team == enemy and c.where == "pool" and not observer.knows(s, team, c)
              and c.name != "Tactical Network"]
    names = [n for n in _deck_names(g, enemy) if n != "Tactical Network"]
    for k in rng.permutation(len(hidden))[:4]:
        c = hidden[int(k)]
        old = c.name
        for n in rng.permutation(names)[:6]:
            if n == old:
                continue
            c.name = str(n)
            if _sound(g, s):
                _sync_jccs(s, enemy)
                return Change(f"{c.cid} {old} -> {n}", {c.cid: c.cid})
        c.name = old
    return None


def other_attached(g, s: GameState, team: str, rng) -> Change | None:
    """An enemy Attached card the observer cannot see (9.02) becomes another Attached type its
    host may carry (9.31, 9.33: ``planning.host_problem``; a free one for a free one, 9.31
    EXCEPTION), its own supply full (9.33); the host face up or down, its HP and supply as they
    were (only a change the invariants accept)."""
    from lcb_lab.games.lcb.model.cards import load_decks
    from lcb_lab.games.lcb.rules.stages.planning import host_problem, sync_legacy
    enemy, busy, decks = other(team), _busy(s), g.decks or load_decks()
    ctx = Ctx(s, g.board, g.catalog, None, decks, quiet=True)
    hidden = sorted((c for c in s.cards.values() if c.team == enemy and c.where == "attached" and c.in_play
                     and not observer.knows(s, team, c) and c.cid not in busy and c.host not in busy),
                    key=lambda c: c.cid)
    for k in rng.permutation(len(hidden))[:4]:
        c = hidden[int(k)]
        old, supply, free = c.name, dict(c.supply), decks.card(enemy, c.name).free_attachment
        for n in rng.permutation(decks.names(enemy)):
            ct = decks.card(enemy, str(n))
            if ct.name == old or not ct.attached or ct.free_attachment != free:
                continue
            c.name, c.supply = ct.name, {cv.slot: cv.supply for cv in ct.cvs if cv.supply is not None}
            if host_problem(ctx, s.units[c.host], ct) is None and _sound(g, s):
                sync_legacy(s)
                return Change(f"{c.cid} on {c.host}: {old} -> {ct.name}", {c.cid: c.cid})
            c.name, c.supply = old, supply
    return None


def _deck_names(g, team: str) -> list[str]:
    from lcb_lab.games.lcb.model.cards import load_decks
    return (g.decks or load_decks()).names(team)


def renumber_cards(g, s: GameState, team: str, rng) -> Change | None:
    """Two enemy cards the observer cannot see trade ids (an id says nothing, 9.02), in the
    cards and the attachments naming them; only cards nothing else in the state names yet
    (no chain, choice or impulse entry; not the card a unit is, 14.0, 12.4)."""
    enemy = other(team)
    data = s.to_dict()
    elsewhere = json.dumps({k: v for k, v in data.items() if k not in ("cards", "units", "log", "jccs")}, default=str)
    named = {u.card for u in s.units.values() if u.card}
    hidden = sorted(c.cid for c in s.cards.values() if c.team == enemy and c.where in ("pool", "attached", "embarked")
                    and not observer.knows(s, team, c) and f'"{c.cid}' not in elsewhere and c.cid not in named)
    if len(hidden) < 2:
        return None
    a, b = (str(x) for x in rng.choice(hidden, size=2, replace=False))
    _trade_ids(s, a, b)
    if _sound(g, s):
        return Change(f"{a} <-> {b}", {a: b, b: a})
    _trade_ids(s, a, b)
    return None


def _trade_ids(s: GameState, a: str, b: str) -> None:
    ca, cb = s.cards[a], s.cards[b]
    s.cards[a], s.cards[b] = cb, ca
    touched(s, "cards")      # staged in place: the snapshot looks at the map again
    ca.cid, cb.cid = b, a
    for u in s.units.values():
        u.attachments = [{a: b, b: a}.get(x, x) for x in u.attachments]


def _sync_jccs(s: GameState, team: str) -> None:
    """``state.jccs`` (the names of a pool, 3.12) follows the renamed cards."""
    if team in (s.jccs or {}):
        s.jccs = {**s.jccs, team: [c.name for c in s.cards.values() if c.team == team and c.where == "pool"]}


def enemy_cp(g, s: GameState, team: str, rng) -> Change | None:
    """The enemy's unspent CP (3.12) one to three more or fewer (never below 0)."""
    enemy = other(team)
    old = s.cp.get(enemy, 0)
    new = old + int(rng.integers(1, 4)) if old == 0 or rng.random() < 0.5 else max(0, old - int(rng.integers(1, 4)))
    s.cp = {**s.cp, enemy: new}
    if new != old and _sound(g, s):
        return Change(f"{enemy} CP {old} -> {new}", {})
    s.cp = {**s.cp, enemy: old}
    return None


def event_order(g, s: GameState, team: str, rng) -> Change | None:
    """The secret Event Card pile (16.0: ``GameState.event_deck``) in another order -- no team
    knows it; the next random draw shows the card on top to everyone (its view then differs,
    which ends the comparison as the harness allows)."""
    old = list(s.event_deck)
    if len(set(old)) < 2:
        return None
    for _ in range(8):
        new = [old[int(i)] for i in rng.permutation(len(old))]
        if new != old:
            s.event_deck = new
            if _sound(g, s):
                return Change(f"event pile reordered ({old[0]} on top -> {new[0]})", {})
            break
    s.event_deck = old
    return None


PERTURBATIONS: dict[str, Callable] = {
    "swap_backs": swap_backs, "drain_supply": drain_supply, "move_sub": move_sub, "mines": mines,
    "rename_cards": rename_cards, "renumber_cards": renumber_cards, "other_attached": other_attached,
    "enemy_cp": enemy_cp,
    "event_order": event_order,
}
"""Name -> ``f(game, twin_state, observer, rng)``: changes the twin's state in place in a fact
``observer`` may not know; returns what it did (:class:`Change`), or None (and the state as it was) when the
state offers no candidate."""


def _names_any(action, ids: set[str]) -> bool:
    """Whether ``action`` names one of ``ids`` (a touched counter, marker or card)."""
    return bool(ids) and translate(action, {i: "\0" for i in ids}) != action


def translate(x, ids: dict[str, str]):
    """``x`` (an action, its parts) with every string in ``ids`` replaced by its value (also as
    a part of a ``card:slot`` name, ``RU-3:INT1``)."""
    if isinstance(x, str):
        return ":".join(ids.get(p, p) for p in x.split(":")) if x not in ids else ids[x]
    if isinstance(x, tuple):
        return tuple(translate(y, ids) for y in x)
    if is_dataclass(x):
        return replace(x, **{f.name: translate(getattr(x, f.name), ids) for f in fields(x)})
    return x
