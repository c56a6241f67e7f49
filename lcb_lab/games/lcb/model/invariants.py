"""The state invariants of LC:B: what every state of a game holds, whatever the way in.

One set, used everywhere a state enters or changes: the save loader and the scenario loader
refuse a state that breaks one (:func:`refuse_broken`, a ScenarioError naming the file, the
key and the invariant), and the random-play tests check them after every step.  A record of
the game is no longer needed to catch a hand-edited save: the same meaning is checked with or
without one.

Each invariant (:data:`INVARIANTS`) has a plain name, the rule it comes from (or *sandbox*:
lcb_lab's own bookkeeping) and a check; :func:`violations` runs them all and returns
:class:`Violation` records ``(key, invariant, problem)``, ``key`` a path into the saved state
like ``state.units[DDG-51].hp``.  The checks read the state, the board, the unit catalog and
the card decks (the model layer): they take the values the state records and never change them.

The invariants: one id, one record (sandbox: a table's key is its record's id, no id in two
tables, no number given twice to choices, declared actions or chain links); HP within the
unit's HP (4.21, 9.31); 0 HP means destroyed and destroyed means 0 HP, wherever the unit was
lost (4.21; aboard, 10.311, 12.06; a torpedoed ship, 14.08); units and MILDECs
on their terrain (5.11, 4.22) and submarines in open water (14.02), in the words of the one
terrain check the loaders use too (:func:`lcb_lab.games.lcb.model.board.terrain_problem`); supply within its track
(4.32, 8.02); an Attached card's supply within its original (9.33); embarked on a living
Embark-capable ship of its team (10.0, 10.2); a unit in one place -- a hex, a ship or a
marker (10.0, 12.05); each card in its one place, with a living host of its team when
Attached or Embarked, none when out of play, its own submarine in the pool (9.31, 9.07,
10.2, 14.0); AP 0..4 (3.32, 15.13); CP and bonus CP 0..100 (3.12, 3.15; the top is the
sandbox's, :data:`lcb_lab.games.lcb.io.ranges.CP`); free cards 0..2 (15.14); Tactical Network cubes 0..99 (7.61; sandbox top);
the Influence Meter -10..10 (15.0); the turn within the scenario's turns (3.0); a Task Force
Counter's units in one hex, of one Task Force (4.35).

Pieces of a type, card or hex the catalog, decks or board do not know are skipped here: the
file checks (:mod:`lcb_lab.games.lcb.io.save_check` and its parts, :mod:`lcb_lab.games.lcb.io.scenario`)
refuse those with their own message.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterator, NamedTuple

from lcb_lab.games.lcb.model.board import Board, TerrainProblem, marker_who, terrain_problem
from lcb_lab.games.lcb.model.cards import CardType, Decks, load_decks
from lcb_lab.games.lcb.model.catalog import Catalog, UnitType, marker_is_naval
from lcb_lab.games.lcb.model.state import Card, GameState, Unit
from lcb_lab.games.lcb.model.tf_counters import counters
from lcb_lab.games.lcb.io import ranges as R
from lcb_lab.kernel.errors import ScenarioError, UnknownName

BASE_AP = 3
"""Action Points a team has in each impulse (3.32)."""
INFLUENCE_AP = 1
"""The extra Action Point at Influence 6 or more (15.13)."""
MAX_AP = BASE_AP + INFLUENCE_AP
"""AP an impulse may hold: 3 (3.32), +1 with the Influence Meter at 6 or more (15.13)."""
INFLUENCE_LIMIT = 10
"""The Influence Meter runs -10..10: 0 to 10 toward either side (15.0, 15.1)."""
FREE_CARDS = 2
"""Free JCCs a team may still take in an Action Stage (15.14)."""
MAX_CP = R.CP.hi
"""Sandbox: the most CP (or CP bonus) a state may hold -- no scenario grants more."""
MAX_CUBES = 99
"""Sandbox: the most cubes a Tactical Network card may hold (7.61 sets no top)."""
CARD_PLACES = ("pool", "attached", "embarked", "deployed", "discarded", "removed")
"""Where a card may be (:class:`lcb_lab.games.lcb.model.state.Card`)."""


class Violation(NamedTuple):
    """One broken invariant: ``key`` the path into the state (``state.units[1 Anna].hp``),
    ``invariant`` its plain name, ``problem`` what is wrong, in words, with the rule."""

    key: str
    invariant: str
    problem: str

    def text(self) -> str:
        """``"<problem> (invariant: <name>)"``: the one-line reason a loader gives."""
        return f"{self.problem} (invariant: {self.invariant})"


@dataclass(frozen=True)
class World:
    """What the checks read: the state, its board, its unit catalog and card decks."""

    state: GameState
    board: Board
    catalog: Catalog
    decks: Decks

    def utype(self, u: Unit) -> UnitType | None:
        """The unit's catalog type, or None when the catalog has no such type."""
        return self.catalog.units.get(u.type_id)

    def ctype(self, c: Card) -> CardType | None:
        """The card's type in its team's deck, or None when the deck has no such card."""
        try:
            return self.decks.card(c.team, c.name)
        except UnknownName:
            return None

    def attached(self, u: Unit) -> list[CardType]:
        """Types of the cards Attached to ``u`` (9.31) that the decks know."""
        cards = (c for c in self.state.cards.values() if c.where == "attached" and c.host == u.uid)
        return [ct for ct in map(self.ctype, cards) if ct is not None]


@dataclass(frozen=True)
class Invariant:
    """A named invariant: ``rule`` the rule it comes from ("sandbox": lcb_lab's bookkeeping),
    ``check`` yields its violations for a :class:`World`."""

    name: str
    rule: str
    check: Callable[[World], Iterator[Violation]]


def _ukey(uid: str) -> str:
    return f"state.units[{uid}]"


def _ckey(cid: str) -> str:
    return f"state.cards[{cid}]"


# ------------------------------------------------------------------ units
def hp_max(w: World, u: Unit) -> int | None:
    """A unit's HP at most: its type's (4.21) plus its Attached cards' HP change (9.31); None
    when the catalog does not know the type."""
    t = w.utype(u)
    return None if t is None else t.hp + sum(ct.hp_bonus for ct in w.attached(u))


def supply_max(w: World, u: Unit, slot: str) -> int | None:
    """The starting (= maximum) supply of a unit's ``slot`` (4.32, 8.02): RP the type's RP,
    a CV its supply plus what its Attached cards add (``add_supply``, App. B) and the cubes the
    optional rule 17.91 shifted into it (``state.naval_supply``); None when infinite or the type
    is unknown."""
    t = w.utype(u)
    if t is None:
        return None
    if slot == "RP":
        base = t.rp
    else:
        cv = t.cv(slot)
        if cv is not None and cv.supply is None:
            return None
        base = 0 if cv is None else cv.supply + w.state.naval_supply.get(u.uid, {}).get(slot, 0)   # 17.91
    return base + sum(int(e.args.get("n", 0)) for ct in w.attached(u) for e in ct.effects
                      if e.fn == "add_supply" and e.args.get("slot") == slot)


def _hp(w: World) -> Iterator[Violation]:
    for uid, u in w.state.units.items():
        top = hp_max(w, u)
        if top is not None and not 0 <= u.hp <= top:
            yield Violation(f"{_ukey(uid)}.hp", HP_RANGE, f"{uid} has {u.hp} HP; its HP run 0..{top} (4.21)")


def _zero_hp(w: World) -> Iterator[Violation]:
    for uid, u in w.state.units.items():
        if u.hp <= 0 and not u.destroyed:
            yield Violation(f"{_ukey(uid)}.hp", ZERO_HP,
                            f"{uid} has {u.hp} HP but is not destroyed: a unit at 0 HP is removed (4.21)")


def _destroyed_hp(w: World) -> Iterator[Violation]:
    """A destroyed unit has 0 HP, wherever it was lost: on the map by damage, aboard a ship or
    a transport marker (10.311, 12.06), a torpedoed ship (14.08) -- the converse of 0 HP means
    destroyed (4.21; saves written when those kept their HP are upgraded on load,
    :mod:`lcb_lab.games.lcb.io.saved_logs`)."""
    for uid, u in w.state.units.items():
        if u.destroyed and u.hp != 0:
            where = f"in {u.hex}" if u.hex is not None else \
                f"aboard {u.embarked_on}" if u.embarked_on else "off the map"
            yield Violation(f"{_ukey(uid)}.hp", DESTROYED_HP, f"{uid} is destroyed {where} with {u.hp} HP left: "
                            "a destroyed unit has 0 HP (4.21)")


def _unit_terrain(w: World) -> Iterator[tuple[str, TerrainProblem]]:
    """(uid, problem) for each unit on the map off its terrain (:func:`terrain_problem`)."""
    for uid, u in w.state.units.items():
        t = w.utype(u)
        if u.on_map and t is not None and u.hex in w.board.hexes:
            p = terrain_problem(w.board, u.hex, t.domain, uid)
            if p is not None:
                yield uid, p


def _terrain(w: World) -> Iterator[Violation]:
    """Ground units and MILDECs on hexes with land, naval units, submarines and Naval MILDECs
    on hexes with water (5.11, 4.22): the words of :func:`terrain_problem`, as the scenario
    loader gives them."""
    for uid, p in _unit_terrain(w):
        if p.rule != "14.02":
            yield Violation(f"{_ukey(uid)}.hex", TERRAIN, p.text)
    for mid, m in w.state.markers.items():
        if m.destroyed or m.hex not in w.board.hexes:
            continue
        naval = marker_is_naval(w.catalog, m.type_id)
        p = terrain_problem(w.board, m.hex, "naval" if naval else "ground", marker_who(mid, naval))
        if p is not None:
            yield Violation(f"state.markers[{mid}].hex", TERRAIN, p.text)


def _open_water(w: World) -> Iterator[Violation]:
    """Submarines never in a coastal hex (14.02 NOTE): :func:`terrain_problem`'s words."""
    for uid, p in _unit_terrain(w):
        if p.rule == "14.02":
            yield Violation(f"{_ukey(uid)}.hex", OPEN_WATER, p.text)


def _unit_supply(w: World) -> Iterator[Violation]:
    for uid, u in w.state.units.items():
        for slot, n in u.supply.items():
            top = None if u.destroyed else supply_max(w, u, slot)
            if n < 0 or (top is not None and n > top):
                yield Violation(f"{_ukey(uid)}.supply[{slot}]", UNIT_SUPPLY, f"{uid}'s {slot} supply is {n}; "
                                f"it runs 0..{top if top is not None else n} (4.32, 8.02)")


def _embarked(w: World) -> Iterator[Violation]:
    s = w.state
    for uid, u in s.units.items():
        if u.embarked_on is None or u.destroyed:
            continue
        host = s.units.get(u.embarked_on)
        t = None if host is None else w.utype(host)
        ok = host is not None and not host.destroyed and host.team == u.team and host.uid != uid \
            and host.embarked_on is None \
            and (t is None or (t.is_naval and bool(t.embark_gpsv or t.embark_asv)))
        if not ok:
            yield Violation(f"{_ukey(uid)}.embarked_on", EMBARKED, f"{uid} is embarked on {u.embarked_on}, "
                            "which is not a living Embark-capable ship of its team, itself not embarked (10.0, 10.2)")


def _one_place(w: World) -> Iterator[Violation]:
    """A living unit is in at most one place: a hex, aboard a ship, or aboard one marker."""
    aboard: dict[str, list[str]] = {}
    for mid, m in w.state.card_markers.items():
        for uid in m.cargo:
            aboard.setdefault(uid, []).append(mid)
    for uid, u in w.state.units.items():
        places = ([u.hex] if u.hex is not None else []) + ([u.embarked_on] if u.embarked_on is not None else []) \
            + aboard.get(uid, [])
        if not u.destroyed and len(places) > 1:
            yield Violation(_ukey(uid), ONE_PLACE, f"{uid} is in {len(places)} places at once "
                            f"({', '.join(places)}): a unit is on the map, embarked or aboard one marker (10.0, 12.05)")


# ------------------------------------------------------------------ cards
def _card_supply(w: World) -> Iterator[Violation]:
    for cid, c in w.state.cards.items():
        ct = w.ctype(c)
        for slot, n in c.supply.items():
            cv = None if ct is None else next((x for x in ct.cvs if x.slot == slot), None)
            top = None if cv is None else cv.supply
            if n < 0 or (top is not None and n > top):
                yield Violation(f"{_ckey(cid)}.supply[{slot}]", CARD_SUPPLY, f"{c.name}'s {slot} supply is {n}; "
                                f"an Attached card's supply runs 0..{top if top is not None else n}, "
                                "never above its original (9.33)")


def _card_place(w: World) -> Iterator[Violation]:
    s = w.state
    for cid, c in s.cards.items():
        key = _ckey(cid)
        host = s.units.get(c.host) if c.host is not None else None
        if c.where not in CARD_PLACES:
            yield Violation(f"{key}.where", CARD_PLACE, f"{cid} is in an unknown place {c.where!r}; "
                            f"known: {', '.join(CARD_PLACES)}")
        elif c.where in ("attached", "embarked"):
            if host is None or host.destroyed or host.team != c.team:
                yield Violation(f"{key}.host", CARD_PLACE, f"{cid} is {c.where} but {c.host or 'no unit'} is not "
                                f"a living unit of {c.team}: the card leaves play with its host (9.31, 9.07)")
            elif c.where == "embarked" and not _embark_capable(w, host):
                yield Violation(f"{key}.host", CARD_PLACE, f"{cid} is Embarked on {host.uid}, which is not an "
                                "Embark-capable ship (10.2)")
        elif not c.in_play and c.host is not None:
            yield Violation(f"{key}.host", CARD_PLACE, f"{cid} is {c.where} but still has the host {c.host}: "
                            "a card out of play is under no tracker (9.07, 9.08)")
        elif c.where == "pool" and c.host is not None and (host is None or host.card != cid):
            yield Violation(f"{key}.host", CARD_PLACE, f"{cid} is in the pool with the host {c.host}, which is "
                            "not the submarine this card is (14.0)")
    for uid, u in s.units.items():
        if u.card is not None and (u.card not in s.cards or s.cards[u.card].team != u.team):
            yield Violation(f"{_ukey(uid)}.card", CARD_PLACE, f"{uid} is the card {u.card}, which is not a "
                            f"card of {u.team} in the game (12.4, 14.0)")


def _embark_capable(w: World, u: Unit) -> bool:
    t = w.utype(u)
    return t is None or (t.is_naval and bool(t.embark_gpsv or t.embark_asv))


# ------------------------------------------------------------------ meters and counts
def _ap(w: World) -> Iterator[Violation]:
    imp = w.state.impulse
    pool = w.state.action_pool.get(imp.team) if imp is not None else None    # the Action Pool event (3.312)
    if imp is not None and pool is None and not 0 <= imp.ap <= MAX_AP:
        yield Violation("state.impulse.ap", AP_RANGE, f"{imp.task_force}'s impulse has {imp.ap} AP; an impulse "
                        f"has 0..{MAX_AP} (3 AP, 3.32; +1 at Influence 6 or more, 15.13)")
    if imp is not None and pool is not None and not 0 <= imp.ap <= pool:
        yield Violation("state.impulse.ap", AP_RANGE, f"{imp.task_force}'s impulse has {imp.ap} AP; with the "
                        f"Action Pool it has 0..{pool}, the AP left in its team's pool (3.312)")
    for team, n in w.state.action_pool.items():
        if team not in ("US", "RU") or not isinstance(n, int) or n < 0:
            yield Violation(f"state.action_pool.{team}", AP_RANGE, f"an Action Pool is a team's AP, 0 or more "
                            f"(3.312), not {n!r}")


def _count(field: str, words: str, top: int, why: str, name: str) -> Callable[[World], Iterator[Violation]]:
    """The check that each team's ``field`` count (``words`` in a message) is within 0..``top``."""
    def check(w: World) -> Iterator[Violation]:
        for team, n in getattr(w.state, field).items():
            if not 0 <= n <= top:
                yield Violation(f"state.{field}[{team}]", name, f"{team} has {n} {words}; the range is "
                                f"0..{top} ({why})")
    return check


def _influence(w: World) -> Iterator[Violation]:
    for field in ("influence", "influence_turn_start"):
        v = getattr(w.state, field)
        if not -INFLUENCE_LIMIT <= v <= INFLUENCE_LIMIT:
            yield Violation(f"state.{field}", INFLUENCE, f"the Influence Meter is at {v}; it runs "
                            f"-{INFLUENCE_LIMIT}..{INFLUENCE_LIMIT} (15.0)")


def _turn(w: World) -> Iterator[Violation]:
    s = w.state
    if not 1 <= s.turn <= s.max_turns:
        yield Violation("state.turn", TURN, f"turn {s.turn} is not in 1..{s.max_turns}, the scenario's turns (3.0)")


def _tf_counters(w: World) -> Iterator[Violation]:
    """A Task Force Counter's living units on the map stand in one hex and are of one Task Force
    (4.35: one stack; :mod:`lcb_lab.games.lcb.model.tf_counters`)."""
    for name, units in counters(w.state).items():
        if len({u.hex for u in units}) > 1 or len({u.task_force for u in units}) > 1:
            yield Violation(f"{_ukey(units[-1].uid)}.tf_counter", TF_COUNTER,
                            f"Task Force Counter {name}'s units stand in {len({u.hex for u in units})} hex(es) "
                            f"and {len({u.task_force for u in units})} Task Force(s): it is one stack (4.35)")


# ------------------------------------------------------------------ ids
def _ids(w: World) -> Iterator[Violation]:
    """Every record filed under its own id, and no id used twice: pieces, cards, choices,
    declared actions, chain links."""
    s = w.state
    seen: dict[str, str] = {}
    for table, field in (("units", "uid"), ("markers", "mid"), ("card_markers", "mid"), ("cards", "cid")):
        for ident, rec in getattr(s, table).items():
            key = f"state.{table}[{ident}]"
            if getattr(rec, field) != ident:
                yield Violation(key, UNIQUE_IDS, f"filed under {ident} but named {getattr(rec, field)}")
            if ident in seen:
                yield Violation(key, UNIQUE_IDS, f"the id {ident} is also {seen[ident]}: one id names one record")
            seen.setdefault(ident, key)
    for label, nums in (("state.choices", [c.id for c in s.choices]),
                        ("state.impulse.actions", [a.aid for a in s.impulse.actions] if s.impulse else []),
                        ("state.chain", [p.pid for p in s.chain])):
        dup = sorted({n for n in nums if nums.count(n) > 1})
        if dup:
            yield Violation(label, UNIQUE_IDS, f"the number {dup[0]} is given to two entries: "
                            "one number names one entry")


HP_RANGE = "HP within the unit's HP"
ZERO_HP = "0 HP means destroyed"
DESTROYED_HP = "destroyed means 0 HP"
TERRAIN = "units on their terrain"
OPEN_WATER = "submarines in open water"
UNIT_SUPPLY = "supply within its track"
CARD_SUPPLY = "Attached card supply within its original"
EMBARKED = "embarked on a living Embark-capable ship"
ONE_PLACE = "a unit in one place"
CARD_PLACE = "each card in its one place"
AP_RANGE = "AP within 0..4"
CP_RANGE = "CP within range"
CP_BONUS = "CP bonus within range"
FREE_RANGE = "free cards within 0..2"
CUBES_RANGE = "Tactical Network cubes within range"
INFLUENCE = "Influence Meter within -10..10"
TURN = "turn within the scenario"
UNIQUE_IDS = "one id, one record"
TF_COUNTER = "a Task Force Counter is one stack"

INVARIANTS: tuple[Invariant, ...] = (
    Invariant(UNIQUE_IDS, "sandbox", _ids),
    Invariant(HP_RANGE, "4.21", _hp),
    Invariant(ZERO_HP, "4.21", _zero_hp),
    Invariant(DESTROYED_HP, "4.21", _destroyed_hp),
    Invariant(TERRAIN, "5.11", _terrain),
    Invariant(OPEN_WATER, "14.02", _open_water),
    Invariant(UNIT_SUPPLY, "8.02", _unit_supply),
    Invariant(CARD_SUPPLY, "9.33", _card_supply),
    Invariant(EMBARKED, "10.0", _embarked),
    Invariant(ONE_PLACE, "12.05", _one_place),
    Invariant(CARD_PLACE, "9.31", _card_place),
    Invariant(AP_RANGE, "3.32", _ap),
    Invariant(CP_RANGE, "3.12", _count("cp", "CP", MAX_CP, "3.12; the top is the sandbox's", CP_RANGE)),
    Invariant(CP_BONUS, "3.15", _count("cp_bonus", "bonus CP", MAX_CP, "3.15; the top is the sandbox's", CP_BONUS)),
    Invariant(FREE_RANGE, "15.14", _count("free_cards", "free cards", FREE_CARDS, "15.14", FREE_RANGE)),
    Invariant(CUBES_RANGE, "7.61", _count("network_cubes", "Tactical Network cubes", MAX_CUBES,
                                          "7.61; the top is the sandbox's", CUBES_RANGE)),
    Invariant(INFLUENCE, "15.0", _influence),
    Invariant(TURN, "3.0", _turn),
    Invariant(TF_COUNTER, "4.35", _tf_counters),
)
"""Every invariant, in the order they are checked (:func:`violations`)."""


def violations(state: GameState, board: Board, catalog: Catalog, decks: Decks | None = None) -> list[Violation]:
    """Every broken invariant of ``state`` (``decks`` None: the packaged decks), in the order of
    :data:`INVARIANTS`; [] for a sound state."""
    w = World(state, board, catalog, decks or load_decks())
    return [v for inv in INVARIANTS for v in inv.check(w)]


def refuse_broken(state: GameState, board: Board, catalog: Catalog, decks: Decks | None, file: str) -> None:
    """Raise :class:`~lcb_lab.kernel.errors.ScenarioError` (``file``, key, problem and invariant)
    for the first broken invariant of ``state``; return None when it holds them all."""
    found = violations(state, board, catalog, decks)
    if found:
        raise ScenarioError(file, found[0].key, found[0].text())
