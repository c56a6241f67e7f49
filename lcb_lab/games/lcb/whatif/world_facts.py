"""What one team knows of the enemy's hidden things, from its knowledge and public data only:
the candidates a sampled world (:mod:`lcb_lab.games.lcb.whatif.worlds`) draws from.

Every function takes ``k`` -- the team's knowledge (:func:`lcb_lab.games.lcb.observer.known_state`,
its own copy) -- and the game's public data: the scenario file (``game.scenario_info``: the
order of battle both teams read, 3.11), the map, the catalog and the card decks.  Nothing here
reads ``game.state``; the one count of hidden cards comes from the observer's
:func:`~lcb_lab.games.lcb.observer_cards.observe_cards` (9.02: the other team sees how many
face-down cards lie in each place, never which).

* :func:`back_pool` -- the order of battle's counters a back may be (6.11): the scenario's
  enemy units and MILDECs on the map or scheduled to have arrived (3.11, 12.4), not
  submarines (never backs, 14.02), less each one the team knows by name (face up, embarked on a
  face-up ship, destroyed face up);
* :func:`prescribed_hand` -- the scenario's prescribed pool cards of the enemy not seen face up
  since (public: the scenario gives them);
* :func:`hand_names` -- the card types any other hidden pool card may be (3.12: a card the enemy could
  buy, cost 1-5, not Attached, not a Tactical Network, not a JCC submarine, not one the team has
  seen removed from the game, 9.07, 9.08);
* :func:`unseen_subs` -- the scenario's enemy submarines the team sees nothing of (14.02, 14.03)
  and the hexes each may be in (14.02 NOTE: open water, no coastal hex; within 5 hexes of the
  last hex the SOT published for it, 14.02: 5 MP);
* :func:`bought_boats` -- the enemy's submarines bought as cards (14.0, 14.01) the team knows
  exist: one it sees whose card is hidden, or one a published SOT entry names (14.06); a boat
  bought as a card that never showed is one of the hidden pool cards, as any other (9.02);
* :func:`secret_mine_fields` -- the scenario's secret minefields of the enemy (13.37: the
  scenario says how many cubes; where is the owner's secret) and the hexes each may lie in;
* :func:`cp_range` -- the enemy's unspent CP: 0 outside a Planning Stage (3.13), else 0 up to
  its allocation this stage (3.11, 3.15: public in the stage's opening line) less its purchases
  counted at the cheapest cost (3.12).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from lcb_lab.games.lcb import observer
from lcb_lab.games.lcb.model.state import GameState
from lcb_lab.kernel.errors import LabError

CARD_COSTS = (1, 5)
"""3.12: a JCC costs 1 to 5 CP (what a hidden bought card may cost)."""
SUB_MP = 5
"""14.02: a submarine has 5 MP and moves once an impulse."""


@dataclass(frozen=True)
class Entry:
    """One counter of the order of battle a back may be: ``uid`` (its designator), ``type_id``,
    ``task_force``, ``mildec`` (a MILDEC: ``type_id`` "mildec" | "naval_mildec")."""

    uid: str
    type_id: str
    task_force: str
    mildec: bool = False


def _info(game: Any):
    return getattr(game, "scenario_info", None)


def back_pool(game: Any, k: GameState, enemy: str) -> list[Entry] | None:
    """The order of battle's ``enemy`` counters not accounted for in ``k`` (module doc), sorted
    by uid; None when the game has no scenario file (a built position: no order of battle)."""
    info = _info(game)
    if info is None:
        return None
    named = {uid for uid, u in k.units.items() if u.team == enemy and not observer.is_stand_in(u)}
    named |= {m.mid for m in k.markers.values() if m.team == enemy}
    teams = {tf.name: tf.team for tf in info.task_force}
    out = []
    for e in list(info.unit) + [r for r in info.reinforcements if r.turn is not None and r.turn <= k.turn]:
        t = game.catalog.units.get(e.type)
        if teams.get(e.task_force) == enemy and t is not None and t.domain != "submarine" and e.uid not in named:
            out.append(Entry(e.uid, e.type, e.task_force))
    out += [Entry(m.mid, m.type, m.task_force, True) for m in info.marker
            if teams.get(m.task_force) == enemy and m.mid not in named]
    return sorted(out, key=lambda e: e.uid)


def fits(game: Any, e: Entry, hex_: str) -> bool:
    """Whether counter ``e`` may stand in ``hex_``: a ground unit or MILDEC on land, a ship or
    Naval MILDEC in water (5.11, 4.22)."""
    info = game.board.hex(hex_)
    if e.mildec:
        return info.has_water if e.type_id == "naval_mildec" else info.has_land
    domain = game.catalog.unit(e.type_id).domain
    return info.has_water if domain == "naval" else info.has_land


def hidden_cards(game: Any, team: str, enemy: str) -> dict[str, int]:
    """{place: count} of ``enemy``'s cards ``team`` sees only as backs (9.02; the observer's
    counts: pool, attached, embarked, deployed)."""
    from lcb_lab.games.lcb.observer_cards import observe_cards
    return dict(observe_cards(game.state, team)["hidden"].get(enemy, {}))


def hand_names(game: Any, k: GameState, enemy: str) -> list[str]:
    """The card types of ``enemy``'s deck a hidden pool card may be (module doc), sorted."""
    from lcb_lab.games.lcb.model.cards import load_decks
    from lcb_lab.games.lcb.rules.stages.planning import is_network
    decks = game.decks or load_decks()
    gone = {c.name for c in k.cards.values() if c.team == enemy and c.where == "removed"}
    out = []
    for name in decks.names(enemy):
        ct = decks.card(enemy, name)
        if (CARD_COSTS[0] <= ct.cost <= CARD_COSTS[1] and not ct.attached and not is_network(ct)
                and not ct.unit_type and not ct.deployment_only and ct.name not in gone):
            out.append(ct.name)
    return sorted(out)


def prescribed_hand(game: Any, k: GameState, enemy: str) -> list[str]:
    """The names of the scenario's prescribed pool cards of ``enemy`` (App. B Planning [b]: the
    scenario, public, gives them; its purchases are secret, 3.12) that ``team`` has not seen
    face up since (one seen card of a name accounts for one prescribed card), sorted."""
    from lcb_lab.games.lcb.model.cards import load_decks
    from lcb_lab.games.lcb.rules.stages.planning import is_network
    info = _info(game)
    if info is None or enemy not in info.teams:
        return []
    decks = game.decks or load_decks()
    seen = Counter(c.name for c in k.cards.values() if c.team == enemy)
    out = []
    for e in info.teams[enemy].prescribed:
        if e.attach_to or e.embark_on or e.hex:
            continue
        try:
            ct = decks.card(enemy, e.name)
        except LabError:
            continue
        if is_network(ct) or ct.attached:
            continue
        if seen[ct.name]:
            seen[ct.name] -= 1
        else:
            out.append(ct.name)
    return sorted(out)


def sub_hexes(game: Any) -> list[str]:
    """Every hex a submarine may be in on this map (14.02 NOTE: water, no coastline), sorted."""
    b = game.board
    return sorted(h for h in b.hexes if b.hex(h).has_water and not b.hex(h).has_land and b.hex(h).mp_cost is not None)


def unseen_subs(game: Any, k: GameState, enemy: str) -> list[tuple[Entry, list[str]]]:
    """[(submarine, the hexes it may be in)] for each of the scenario's ``enemy`` submarines
    absent from ``k`` (module doc), sorted by uid."""
    info = _info(game)
    if info is None:
        return []
    teams = {tf.name: tf.team for tf in info.task_force}
    last = {e["sub"]: e["hex"] for e in k.sot.get(enemy, []) if e.get("hex")}
    out = []
    for e in sorted(info.unit, key=lambda e: e.uid):
        t = game.catalog.units.get(e.type)
        if teams.get(e.task_force) != enemy or t is None or t.domain != "submarine" or e.uid in k.units:
            continue
        hexes = anywhere = sub_hexes(game)
        if e.uid in last:
            near = game.board.naval_reach(last[e.uid], SUB_MP)
            hexes = [h for h in anywhere if h in near] or anywhere
        out.append((Entry(e.uid, e.type, e.task_force), hexes))
    return out


def boat_cards(game: Any, enemy: str) -> dict[str, str]:
    """{card name: catalog unit type} of ``enemy``'s JCC submarines (14.0: the card IS the boat)."""
    from lcb_lab.games.lcb.model.cards import load_decks
    decks = game.decks or load_decks()
    return {n: decks.card(enemy, n).unit_type for n in decks.names(enemy) if decks.card(enemy, n).unit_type}


def bought_boats(game: Any, k: GameState, enemy: str) -> list[tuple[str, list[str], list[str] | None]]:
    """[(uid, the card names it may be, the hexes it may be in -- None: the team sees it)] for each
    JCC submarine of ``enemy`` bought as a card (14.0, 14.01) the team knows exists, sorted by uid:
    one it sees face up (14.06) whose card is hidden in the pool (9.02), and one a published SOT
    entry names (14.06) that is neither in ``k`` nor in the scenario's order of battle -- within 5
    hexes of the last hex published (14.02: 5 MP).  Of one it does not see, the card names whose
    catalog abbreviation its designator begins with (the designator of a boat bought as a card,
    :func:`lcb_lab.games.lcb.rules.submarines.sot.put_in_play`), else every boat of the deck."""
    boats = boat_cards(game, enemy)
    info = _info(game)
    listed = {e.uid for e in info.unit} if info is not None else set()
    out: list[tuple[str, list[str], list[str] | None]] = []
    for uid in sorted(k.units):
        u = k.units[uid]
        if u.team == enemy and u.card and u.card not in k.cards and not u.destroyed:
            out.append((uid, sorted(n for n, tid in boats.items() if tid == u.type_id), None))
    last = {e["sub"]: e["hex"] for e in k.sot.get(enemy, []) if e.get("hex")}
    for uid in sorted(last):
        if uid in k.units or uid in listed or not boats:
            continue
        names = sorted(n for n, tid in boats.items() if uid.startswith(game.catalog.unit(tid).abbrev + " "))
        names = names or sorted(boats)
        near, anywhere = game.board.naval_reach(last[uid], SUB_MP), sub_hexes(game)
        out.append((uid, names, [h for h in anywhere if h in near] or anywhere))
    return [b for b in out if b[1]]


@dataclass(frozen=True)
class MineField:
    """A secret minefield the enemy may hold (13.37): ``cubes``, ``succeeds_on``, ``terrain``
    ("land" | "water" | None: the hex's own) and ``hexes`` (where it may lie, sorted)."""

    cubes: int
    succeeds_on: int
    terrain: str | None
    hexes: tuple[str, ...]


def secret_mine_fields(game: Any, k: GameState, team: str, enemy: str) -> list[MineField]:
    """The scenario's ``enemy`` minefields (13.37), as many cubes as it wrote down less the cubes
    ``team`` now sees of ``enemy``'s mines; each may lie in any hex of its terrain but the hexes
    that hold ``team``'s units or a mine marker it sees (sandbox: there it would have met them)."""
    info = _info(game)
    if info is None:
        return []
    seen = sum(m.level for m in k.card_markers.values() if m.kind == "mine" and m.team == enemy)
    own = {u.hex for u in k.units.values() if u.team == team and u.hex is not None}
    own |= {m.hex for m in k.card_markers.values() if m.kind == "mine"}
    out = []
    for e in (e for e in info.mines if e.team == enemy):
        cubes = max(0, int(e.cubes) - seen)
        seen = max(0, seen - int(e.cubes))
        if cubes:
            out.append(MineField(cubes, int(e.succeeds_on), e.terrain, _mine_hexes(game, e.terrain, own)))
    return [f for f in out if f.hexes]


def _mine_hexes(game: Any, terrain: str | None, taken: set[str]) -> tuple[str, ...]:
    b = game.board
    ok = {"land": lambda i: i.has_land, "water": lambda i: i.has_water}.get(terrain or "", lambda i: True)
    return tuple(sorted(h for h in b.hexes if h not in taken and b.hex(h).mp_cost is not None and ok(b.hex(h))))


def cp_range(game: Any, k: GameState, enemy: str) -> tuple[int, int]:
    """(least, most) unspent CP ``enemy`` may hold (module doc)."""
    if k.stage != "planning" or enemy in k.ready:
        return 0, 0
    opened, bought = None, 0
    for e in game.state.log:                 # public lines only: the stage's CP, "<team> buys a card"
        if e.get("kind") == "planning" and "audience" not in e and str(e.get("title", "")).startswith(f"{enemy}: "):
            opened, bought = e["title"], 0
        elif e.get("kind") == "card_acquired" and (e.get("public") or {}).get("title") == f"{enemy} buys a card":
            bought += 1
    if opened is None:
        return 0, 0
    try:
        allocation = int(opened.split(": ")[1].split(" ")[0])
    except (IndexError, ValueError):
        return 0, 0
    return 0, max(0, allocation - bought * CARD_COSTS[0])
