"""Game state as plain data: units, markers, trackers, meters, log (4.3, 3.x).

Everything here is a dataclass of builtins, so a state round-trips through
JSON (:func:`GameState.to_dict` / :func:`GameState.from_dict`) and clones
cheaply (:meth:`GameState.clone`, far faster than ``copy.deepcopy``).

Conventions:
* hexes are canonical ``COL-ROW`` labels (``"AL-23"``); ``None`` while a unit
  is embarked on a ship (10.0);
* ``supply`` maps a CV or RV slot (``"GA"``, ``"LRS1"``, ``"INT1"``, ``"RP"``)
  to the supply cubes left (dice for CVs, Resupply Points for ``"RP"``);
  slots with infinite supply are absent;
* teams are ``"US"`` (Blue) and ``"RU"`` (Red).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional, Union

from lcb_lab.kernel import datacodec as _codec
from lcb_lab.kernel.datacodec import FieldTracked, Tracked
from lcb_lab.kernel.datashare import put_back, share
from lcb_lab.games.lcb.choices import Choice
from lcb_lab.kernel.choices import push, top

TEAMS = ("US", "RU")
_set = object.__setattr__


def other(team: str) -> str:
    """The opposing team."""
    return "RU" if team == "US" else "US"


STAND_IN_TF = "(concealed)"
"""The Task Force of a stand-in counter: a unit a team's known state holds only as a back
(:func:`lcb_lab.games.lcb.observer.known_state`)."""


@dataclass(slots=True)
class Unit(Tracked):
    """One counter on its Unit Tracker (4.3)."""

    uid: str                       # designator, e.g. "1 Anna"
    type_id: str                   # catalog key
    team: str
    task_force: str
    hex: str | None
    hp: int
    supply: dict[str, int]
    revealed: bool = False         # face up (6.11)
    embarked_on: str | None = None
    attachments: list[str] = field(default_factory=list)
    destroyed: bool = False
    acted: bool = False            # used its one Core Action this turn (3.34)
    moved: bool = False            # moved this turn (5.16)
    paralysed: bool = False        # may not act for the rest of the turn (JCC effect); the saved key, kept as written (rulebook: paralyze)
    no_move: bool = False          # disembarked/transported this turn (5.19)
    expended: bool = False         # Combined Arms Activation (7.18)
    moved_with: str = ""           # first unit of the group it moved with this turn; "" = not moved (3.37)
    # ---- chapters 10-14: embarked cargo, transport, markers, submarines ----
    card: str | None = None        # the cid of the JCC this unit IS (a JCC submarine, 14.0; reinforcements, 12.4)
    fired: str = ""                # this impulse: a submarine's "lrs" | "torpedo" (14.04); "card:<cid>": its Attached card fired (9.32)
    asw_hex: str | None = None     # the one hex it attacked with offensive ASW this Action Stage (14.14)
    gunfire_hex: str | None = None  # the one hex it fired NAVAL GUNFIRE in this turn (optional 17.32)
    tf_counter: str = ""           # the Task Force Counter it stands under ("" = none; 4.35, model.tf_counters)

    def clone(self) -> "Unit":
        """A deep copy (no state shared with this unit)."""
        return _codec.clone(self)

    def __repr__(self) -> str:
        from lcb_lab.games.lcb.display import unit_repr
        return unit_repr(self)

    def _repr_html_(self) -> str:
        """A small table for notebooks (:mod:`lcb_lab.games.lcb.display`)."""
        from lcb_lab.games.lcb.display import table, unit_repr, unit_rows
        return table(unit_repr(self).strip("<>").split(":")[0], unit_rows(self))

    @property
    def stand_in(self) -> bool:
        """A counter of a team's known state seen only as a back (its values are placeholders)."""
        return self.task_force == STAND_IN_TF

    @property
    def on_map(self) -> bool:
        """True when the unit stands in a hex and is not destroyed."""
        return self.hex is not None and not self.destroyed


@dataclass(slots=True)
class Marker(Tracked):
    """A MILDEC or Naval MILDEC counter (4.22): not a unit, 1 HP, no combat."""

    mid: str
    type_id: str                   # "mildec" | "naval_mildec"
    team: str
    task_force: str
    hex: str
    revealed: bool = False
    destroyed: bool = False
    acted: bool = False            # declared in a Core Action this turn (3.34, 5.16)

    def clone(self) -> "Marker":
        """A deep copy (no state shared with this marker)."""
        return _codec.clone(self)

@dataclass(slots=True)
class Declared:
    """One declared Core Action of the active impulse (3.03, 3.31)."""

    kind: str                      # move_combat | move_conceal | move_resupply | play_jcc | move_embarked_jcc
    units: list[str]
    aid: int = 0                   # stable id: "#1" in the log, ``action=1`` in typed actions and lessons
    jcc: str | None = None
    origin: str | None = None      # the stack's hex when declared
    split: bool = False            # a part of a stack splitting off (3.37)
    moved: bool = False
    path: list[str] = field(default_factory=list)
    zor_used: bool = False
    concealed: bool = False
    resupplied: bool = False
    over_mp: bool = False          # single-hex move beyond MP: nothing else allowed (5.14)
    note: str = ""
    markers: list[str] = field(default_factory=list)   # MILDECs moving with (or as) this stack (5.17)
    played: str | None = None      # the cid of the card this play_jcc / move_embarked_jcc action used (9.03)
    embarked_ships: list[str] = field(default_factory=list)   # ships of this move_embarked_jcc that played a card (one each, 11.12 ex.)

    def clone(self) -> "Declared":
        """A deep copy (no state shared with this declaration)."""
        return _codec.clone(self)

@dataclass(slots=True)
class Card(Tracked):
    """One Joint Capability Card in the game (9.0): its type is ``catalog``-free, named by
    ``name`` in ``team``'s deck (:mod:`lcb_lab.games.lcb.model.cards`).

    ``where``: ``pool`` (the team's JCC pool, hidden, 9.02), ``attached`` (under ``host``'s
    Unit Tracker, 9.3), ``embarked`` (face down by ``host``'s tracker, 10.0), ``deployed`` (a
    Persistent card in play, 9.21; on the map when ``hex`` is set, e.g. a face-up Combat Air
    Patrols, 3.2), ``discarded`` (back in the deck, 9.07), ``removed`` (out of the game, 9.08).
    ``face_up``: the other team may see it (played, placed face up or revealed);
    ``expended``: flipped after its use this Action Stage (9.21); ``cubes``: the enemy's
    successes against it, counted over the game (9.04); ``supply``: an Attached card's own
    supply by CV slot (9.33); ``used``: its successes counted toward ``discard_after``;
    ``free``: prescribed by the scenario, not bought (3.1); ``bought``: the Planning Stage
    (turn) it was acquired in.
    """

    cid: str                       # "US-1": unique in the game, in order of acquisition
    name: str                      # the card type (lcb_lab.games.lcb.model.cards: deck of ``team``)
    team: str
    where: str = "pool"
    host: str | None = None
    hex: str | None = None
    face_up: bool = False
    deployed: bool = False         # a Persistent card already played: its first use is paid (9.2)
    expended: bool = False
    cubes: int = 0
    used: int = 0
    supply: dict[str, int] = field(default_factory=dict)
    free: bool = False
    bought: int = 1

    def clone(self) -> "Card":
        """A deep copy (no state shared with this card)."""
        return _codec.clone(self)

    def __repr__(self) -> str:
        from lcb_lab.games.lcb.display import card_repr
        return card_repr(self)

    def _repr_html_(self) -> str:
        """A small table for notebooks (:mod:`lcb_lab.games.lcb.display`)."""
        from lcb_lab.games.lcb.display import card_rows, card_title, table
        return table(card_title(self), card_rows(self))

    @property
    def in_play(self) -> bool:
        """Still in the game (not discarded or removed)."""
        return self.where not in ("discarded", "removed")


@dataclass(slots=True)
class CardPlay:
    """One link of a card chain (9.46): a card's effect used, or a response to a link.

    ``pid``: its number in the chain (1 = the played card); ``option``: the effect label;
    ``targets``: unit uids, hexes or card cids as the effect's ``target`` says; ``hex``: the
    target hex that INTERCEPT range is measured to (9.011; None: off-map, 9.012);
    ``responds_to``: the pid this link answers (NULLIFY / FTR NULLIFY / INTERCEPT of a card);
    ``aid``: the declared Core Action that paid for it (None: free or a 0-AP response);
    ``status``: ``pending`` | ``resolved`` | ``failed`` | ``nullified`` | ``ftr_nullified`` |
    ``intercepted`` | ``cancelled``; ``rolls``: the d20 rolled, by purpose.
    """

    pid: int
    card: str                      # cid
    team: str
    option: str = "A"
    targets: list[str] = field(default_factory=list)
    hex: str | None = None
    responds_to: int | None = None
    aid: int | None = None
    status: str = "pending"
    rolls: dict[str, list[int]] = field(default_factory=dict)
    data: dict = field(default_factory=dict)

    def clone(self) -> "CardPlay":
        """A deep copy (no state shared with this play)."""
        return _codec.clone(self)


@dataclass(slots=True)
class DeployArea(Tracked):
    """Where the scenario lets a unit deploy (3.2, 3.21): one of the ``hexes`` (a fixed hex,
    a list or a zone), or Embarked on the ship ``embark_on`` (10.0, App. B)."""

    hexes: list[str] = field(default_factory=list)
    embark_on: str | None = None

    def clone(self) -> "DeployArea":
        """A deep copy (no state shared with this area)."""
        return _codec.clone(self)


@dataclass(slots=True)
class PlanningGrant:
    """A later Planning Stage the scenario grants: at the start of ``turn``, ``cp`` per team
    (3.06, 3.15)."""

    turn: int
    cp: dict[str, int] = field(default_factory=dict)

    def clone(self) -> "PlanningGrant":
        """A deep copy (no state shared with this grant)."""
        return _codec.clone(self)


@dataclass(slots=True)
class CardMarker(Tracked):
    """A marker a card put on the map (13.x): ``kind`` "sof" (13.4), "isr" (13.0, 12.2),
    "mine" (13.3), "uas", "fortification"...; ``card``: the cid it belongs to; ``revealed``:
    face up (an ISR marker is placed unrevealed, 12.2). Not a unit: it has no HP or CV here."""

    mid: str                       # "SOF-1", "ISR-1"...
    kind: str
    team: str
    card: str
    hex: str
    revealed: bool = True
    # ---- special markers, landings, ports (13.x, 12.2, 12.43) ----
    hp: int = 1                    # hits it takes before it is discarded (9.04, 13.12: a Proxy Force 1)
    mp: int = 0                    # MP per impulse (12.22, 13.12)
    moved: bool = False            # moved this impulse: markers move once per impulse (13.21, 12.22)
    acted: bool = False            # used its one free action this turn (13.21, 13.12)
    host: str | None = None        # unit it belongs to / ranges are measured from (12.25, 13.21)
    cargo: list[str] = field(default_factory=list)   # unit uids it carries (12.2, 12.43)
    rp: int = 0                    # RP cubes it shuttles (12.26)
    level: int = 1                 # mine cubes in the hex (13.33) / fortification level 1-2 (13.51)
    data: dict = field(default_factory=dict)         # kind-specific extras (args of its card)

    def clone(self) -> "CardMarker":
        """A deep copy (no state shared with this marker)."""
        return _codec.clone(self)


@dataclass(slots=True)
class GrayCube:
    """A gray cube on the map (3.26): civilians or an objective, placed by the scenario or by an
    Event Card (16.0). ``gid``: "GC-1"...; ``kind``: "civilians" | "objective"; ``source``: who
    placed it ("scenario" or the event's name). Public: every team sees it (a cube on the map)."""

    gid: str
    kind: str
    hex: str
    source: str = "scenario"

    def clone(self) -> "GrayCube":
        """A deep copy (no state shared with this cube)."""
        return _codec.clone(self)


Alloc = dict[str, Union[str, bool, int, None]]   # bool: a card LRS's "bmd" flag (7.510)
"""One checked allocation, plain data: LRS ``{shooter, slot, target, dice}``; GROUND ASSAULT
``{attacker, target, dice}``; INTERCEPT ``{interceptor, slot, target, dice, shooter?}``
(``shooter`` None or absent: the dice answer every attack on the target, 7.54); GA
defense ``{defender, target, dice}``."""


@dataclass(slots=True)
class Engagement:
    """One step of the combat sequence (7.03): an LRS/INTERCEPT engagement on one target,
    or the GROUND ASSAULT of one hex."""

    type: str                      # "lrs" | "gunfire" (optional 17.3, 17.4: one hex) | "ga"
    hex: str
    target: Optional[str] = None   # the LRS target's uid (None for "ga")

    def clone(self) -> "Engagement":
        """A deep copy (no state shared with this engagement)."""
        return _codec.clone(self)

@dataclass(slots=True)
class CombatResult:
    """The rolled outcome of one engagement: ``key`` is ``"lrs:<uid>"`` or ``"ga:<hex>"``;
    ``net`` the HP an LRS target takes (7.57); ``damage`` the GA HP still to apply per unit."""

    key: str
    net: int = 0
    damage: dict[str, int] = field(default_factory=dict)

    def clone(self) -> "CombatResult":
        """A deep copy (no state shared with this result)."""
        return _codec.clone(self)

@dataclass(slots=True)
class CombatPlan:
    """The committed combat of one impulse, resolved engagement by engagement (7.010, 7.03).

    The defender's pending questions are not here but on ``GameState.choices``.
    ``ga_defence`` maps a hex to its defense allocations (7.13); ``mildec`` maps a damage key
    (``"lrs:<uid>"`` or ``"ga:<hex>:<uid>"``) to the HP MILDECs absorb there (4.22);
    ``cursor`` is the index of the next engagement; ``rolling`` is True while
    ``Game.resolve_combat`` has started and waits on a choice; ``breakthrough`` lists the
    armor units that made their free move (7.19).
    """

    lrs: list[Alloc] = field(default_factory=list)
    ga: list[Alloc] = field(default_factory=list)
    intercepts: list[Alloc] = field(default_factory=list)
    ga_defence: dict[str, list[Alloc]] = field(default_factory=dict)
    mildec: dict[str, int] = field(default_factory=dict)
    engagements: list[Engagement] = field(default_factory=list)
    cursor: int = 0
    results: list[CombatResult] = field(default_factory=list)
    rolling: bool = False
    breakthrough: list[str] = field(default_factory=list)
    card_lrs: list[Alloc] = field(default_factory=list)   # cards' LRS attacks: {shooter=card=cid, cv, dice, target, bmd} (9.05)
    gunfire: list[Alloc] = field(default_factory=list)    # NAVAL GUNFIRE / SHORE BOMBARDMENT: {shooter, slot="GUN", target, dice} (17.31, 17.4)
    gunfire_reply: dict[str, list[Alloc]] = field(default_factory=dict)   # hex -> the defender's return fire (17.33, 17.41)

    @property
    def done(self) -> bool:
        """Every engagement rolled and applied."""
        return self.cursor >= len(self.engagements)

    def ga_hexes(self) -> list[str]:
        """Hexes with a GROUND ASSAULT engagement, in order."""
        return [e.hex for e in self.engagements if e.type == "ga"]

    def clone(self) -> "CombatPlan":
        """A deep copy (no state shared with this plan)."""
        return _codec.clone(self)

@dataclass(slots=True)
class Impulse:
    """The impulse in progress (3.3)."""

    task_force: str
    team: str
    ap: int
    phase: str = "declare"         # declare -> act -> combat_done -> (ended)
    actions: list[Declared] = field(default_factory=list)
    combat: CombatPlan | None = None       # committed combat plan (see rules.combat)
    attacked_hexes: list[str] = field(default_factory=list)
    lrs_damage_hexes: list[str] = field(default_factory=list)
    resupplied: list[str] = field(default_factory=list)   # logistics units that resupplied (8.01)
    card_lrs: list[Alloc] = field(default_factory=list)   # card LRS attacks waiting for CommitCombat (9.05)
    transfers: dict[str, int] = field(default_factory=dict)   # ship uid -> GPSV + RP moved through a port this impulse (12.3, 12.54)
    intercepted: list[str] = field(default_factory=list)   # units that made an offensive INTERCEPT (7.59, 7.02)
    detected: list[str] = field(default_factory=list)      # enemy cards its IAMD DETECTed this impulse (9.06)

    def clone(self) -> "Impulse":
        """A deep copy (no state shared with this impulse)."""
        return _codec.clone(self)

@dataclass(slots=True)
class GameState(FieldTracked):
    """The whole game as data.

    Its plain-data fields (dicts and lists of leaves: ``tf_order``, ``kills``, ``cp``, ``sot``...)
    are tracked (:class:`lcb_lab.kernel.datacodec.FieldTracked`): a snapshot takes the ones not
    assigned since the last snapshot or restore from that snapshot without comparing them, so a rule
    changing one in place (``append``, an item set, ``+=`` on an item) assigns the field again or
    calls ``datacodec.touched(state, name)``.  So do the maps of records (``units``, ``cards``,
    ``markers``, ``card_markers``, ``deploy_areas``): while none of their records was written, a
    snapshot takes them from the last one whole, so a rule adding or removing a record in place
    touches the map (:mod:`lcb_lab.kernel.datatrack`)."""

    scenario: str
    turn: int
    max_turns: int
    stage: str                          # "planning" | "deployment" | "action" | "over" (3.0)
    initiative: str                     # team with the initiative (3.25)
    task_forces: dict[str, str]         # task force -> team
    tf_order: list[str]                 # TFs that took their impulse this turn, in order
    units: dict[str, Unit]
    markers: dict[str, Marker] = field(default_factory=dict)
    network_cubes: dict[str, int] = field(default_factory=lambda: {"US": 0, "RU": 0})
    influence: int = 0                  # Influence Meter: + toward US, - toward RU (15.0)
    influence_turn_start: int = 0       # the meter as the turn began: its benefits apply from then (15.0)
    kills: dict[str, int] = field(default_factory=lambda: {"US": 0, "RU": 0})   # enemy units eliminated this turn (3.42)
    influence_kills: dict[str, int] = field(default_factory=lambda: {"US": 0, "RU": 0})  # ... of them, not submarines (15.22)
    impulse: Impulse | None = None
    relinquished: bool = False          # initiative already handed over this Action Stage (3.41)
    winner: str | None = None
    result: str = ""
    victory: list[dict] = field(default_factory=list)   # scenario victory conditions (3.5)
    jccs: dict[str, list[str]] = field(default_factory=dict)  # names of each team's JCC pool (3.12); see ``cards``
    cards: dict[str, Card] = field(default_factory=dict)      # every JCC of the game by cid (9.0)
    cp: dict[str, int] = field(default_factory=lambda: {"US": 0, "RU": 0})   # CP left this Planning Stage (3.12)
    ready: list[str] = field(default_factory=list)            # teams done with the Planning / Deployment Stage
    planning_stages: int = 0            # Planning Stages begun so far (9.31: Attached only in the first)
    optional_rules: list[str] = field(default_factory=list)   # optional rules switched on, by number (17.0; rules.optional)
    naval_supply: dict[str, dict[str, int]] = field(default_factory=dict)   # 17.91 (optional): ship uid -> {slot: cubes moved in (+) or out (-) of its printed allocation}
    preloaded: dict[str, list[str]] = field(default_factory=dict)   # 17.61 (optional): Amphibious card cid -> units pre-loaded on it at Deployment
    optional_data: dict[str, Any] = field(default_factory=dict)  # the optional rules' records (rules.optional: 17.1 "interop", 17.2 "sub_modes", 17.2/17.71 "asw_cards")
    chain: list[CardPlay] = field(default_factory=list)       # the open card chain (9.46); [] when none
    deploy_areas: dict[str, DeployArea] = field(default_factory=dict)   # uid -> its deployment area (3.2)
    placements: dict[str, str] = field(default_factory=dict)  # cid -> hex the scenario places it in face up (App. B CAP)
    planning_grants: list[PlanningGrant] = field(default_factory=list)  # later Planning Stages (3.06)
    cp_bonus: dict[str, int] = field(default_factory=dict)    # CP cards granted for the next Planning Stage (3.15; cp_gain)
    deploy_first: str | None = None     # the team that plays its Deployment-Stage cards first (9.5)
    free_cards: dict[str, int] = field(default_factory=lambda: {"US": 0, "RU": 0})  # free JCCs still to take this Action Stage (15.14)
    card_markers: dict[str, CardMarker] = field(default_factory=dict)   # SOF / ISR / mine... markers of cards (13.x)
    ap_loss: dict[str, int] = field(default_factory=dict)     # AP each team's impulses lose for the rest of the turn (card effect)
    continuing: dict[str, str] = field(default_factory=dict)  # hex -> "continuing" | "resolved" (7.21)
    # ---- chapters 10-14: embarked cargo, transport, markers, submarines ----
    port_cubes: dict[str, str] = field(default_factory=dict)  # port hex -> team of its orange cube (12.3, 12.54)
    sot: dict[str, list[dict]] = field(default_factory=lambda: {"US": [], "RU": []})  # Submarine Operations Tracker per team (14.03): {sub, turn, impulse, hex, public}
    rulings: list[dict] = field(default_factory=list)         # instructor rulings, e.g. a Proxy Force effect agreed (13.14)
    reinforcements: dict[str, list[dict]] = field(default_factory=lambda: {"US": [], "RU": []})  # off-map pool per team (12.4): {uid, type, task_force}
    total_kills: dict[str, int] = field(default_factory=lambda: {"US": 0, "RU": 0})
    # ---- chapter 16: Event Cards; gray cubes (3.26) ----
    events_plan: dict[str, list[str]] = field(default_factory=dict)  # turn (as text) -> the events the scenario prescribes (16.0)
    events_random: int = 0              # events drawn at random at the start of each turn (16.0)
    event_deck: list[str] = field(default_factory=list)   # the shuffled draw pile, top first: SECRET (observer)
    events_drawn: list[dict] = field(default_factory=list)  # {"turn", "name"} in draw order: public once drawn (16.0)
    action_pool: dict[str, int] = field(default_factory=dict)  # team -> AP left in its Action Pool this turn (3.312)
    cv_changes: dict[str, int] = field(default_factory=dict)   # CV kind ("LRS") -> change this turn (an event, 16.0)
    gray_cubes: dict[str, GrayCube] = field(default_factory=dict)  # gid -> a gray cube on the map (3.26)
    log: list[dict] = field(default_factory=list, metadata={"share_items": True})
    salt: str = ""                      # the game's secret: orders the other team's backs (lcb_lab.games.lcb.observer)
    last_choice_id: int = 0             # the id of the last pushed Choice (ids increase over the game)
    choices: list[Choice] = field(default_factory=list)   # the ONE stack of pending choices; top = last

    # ---- copies ---------------------------------------------------------
    def clone(self, share_log: bool = False) -> "GameState":
        """A fully independent copy, generic over every field (:mod:`lcb_lab.kernel.datacodec`).

        Log entries are shared read-only dicts (never changed once appended);
        the log list itself is copied unless ``share_log``.
        """
        return _codec.clone(self, "log" if share_log else None)

    def snapshot(self, prev: "GameState | None" = None) -> "GameState":
        """A read-only copy for the record (:mod:`lcb_lab.kernel.history`): the log list is this state's
        (shared, like ``clone(share_log=True)``) and every part equal to ``prev``'s -- a unit, a
        card, the impulse, a whole field -- is ``prev``'s own object (:func:`lcb_lab.kernel.datashare.share`).
        A unit, card or marker not written since it was found equal to ``prev``'s (its twin,
        :class:`lcb_lab.kernel.datacodec.Tracked`) is shared without comparing its fields.
        Neither the result nor ``prev`` may be changed in place; :meth:`put_back` restores from it."""
        log = self.log
        _set(self, "log", [])            # not a tracked write: the log is never taken from a twin
        try:
            c = share(self, prev)
        finally:
            _set(self, "log", log)
        c.log = log
        return c

    def put_back(self, snap: "GameState") -> None:
        """Make this state equal to the read-only ``snap`` again, in place, but the log (the caller
        truncates it): units, cards and markers not changed since ``snap`` stay these very objects,
        the rest are copies of ``snap``'s (:func:`lcb_lab.kernel.datashare.put_back`)."""
        put_back(self, snap, skip=("log",))

    def to_dict(self) -> dict:
        """JSON-ready dict of the whole state."""
        return _codec.to_data(self)

    @classmethod
    def from_dict(cls, d: dict) -> "GameState":
        """Inverse of :meth:`to_dict`; missing keys take their defaults (older saves).

        An older save kept the pending decisions in the combat plan's ``queue``
        (next first): they move onto :attr:`choices` (top = next).  Raises
        :class:`lcb_lab.kernel.datacodec.DataError` (a TypeError) naming the key path when ``d`` does not
        fit the type hints.
        """
        d = dict(d)
        imp = d.get("impulse")
        if isinstance(imp, dict) and isinstance(imp.get("combat"), dict) and "queue" in imp["combat"]:
            plan = dict(imp["combat"])
            queue = plan.pop("queue")
            d["impulse"] = dict(imp, combat=plan)
            d["choices"] = list(d.get("choices", [])) + list(queue)[::-1]
        s = _codec.from_data(cls, d)
        s.migrate_jccs()
        for c in s.choices:
            if c.id <= 0:
                s.last_choice_id += 1
                c.id = s.last_choice_id
        return s

    def migrate_jccs(self) -> None:
        """Turn the OLD pool of card names (``jccs``, saves and scenarios from before the card engine) into
        pool cards (:attr:`cards`, ``where="pool"``, cids in order) and empty ``jccs``."""
        if not self.jccs:
            return
        for team, names in self.jccs.items():
            for name in names:
                n = 1 + sum(1 for c in self.cards.values() if c.team == team)
                while f"{team}-{n}" in self.cards:
                    n += 1
                self.cards[f"{team}-{n}"] = Card(f"{team}-{n}", name, team, "pool", bought=self.turn)
        self.jccs = {}

    # ---- the stack of pending choices ---------------------------------------
    def push_choice(self, choice: Choice) -> Choice:
        """Put ``choice`` on top of the stack (it is answered next) with a fresh increasing id."""
        self.last_choice_id = push(self.choices, choice, self.last_choice_id)
        return choice

    @property
    def next_choice(self) -> Choice | None:
        """The choice to answer next: the top of the stack (the last element), or None."""
        return top(self.choices)

    # ---- queries ----------------------------------------------------------
    def unit(self, uid: str) -> Unit:
        """The unit ``uid``; UnknownName (an LabError and KeyError) when unknown."""
        try:
            return self.units[uid]
        except (KeyError, TypeError):
            from lcb_lab.kernel.errors import UnknownName
            raise UnknownName(f"no unit named {uid!r}") from None

    def units_in(self, hex_label: str, team: str | None = None) -> list[Unit]:
        """Living units on the map in ``hex_label`` (optionally of one team)."""
        if team is None:
            return [u for u in self.units.values() if u.hex == hex_label and not u.destroyed]
        return [u for u in self.units.values() if u.hex == hex_label and u.team == team and not u.destroyed]

    def markers_in(self, hex_label: str, team: str | None = None) -> list[Marker]:
        """The markers in hex ``hex_label`` that are not destroyed, of ``team`` only when given
        (``[]`` when there are none)."""
        return [m for m in self.markers.values()
                if m.hex == hex_label and not m.destroyed and (team is None or m.team == team)]

    def living(self, team: str | None = None) -> list[Unit]:
        """The units not destroyed (on the map, embarked or off-map), of ``team`` only when given."""
        if team is None:
            return [u for u in self.units.values() if not u.destroyed]
        return [u for u in self.units.values() if u.team == team and not u.destroyed]

    def tf_units(self, tf: str) -> list[Unit]:
        """The units of Task Force ``tf`` (its id) not destroyed (4.34); ``[]`` for an unknown Task Force."""
        return [u for u in self.units.values() if u.task_force == tf and not u.destroyed]

    def optional_known(self, team: str) -> dict[str, Any]:
        """``optional_data`` as ``team`` may know it (for :func:`lcb_lab.games.lcb.observer.known_state`):
        its own submarines' written movement types (17.2) and the expended ASW cards (public, 17.71);
        not the units' nations (17.1: named by uids the team may not know)."""
        modes = {u: m for u, m in self.optional_data.get("sub_modes", {}).items() if self.units[u].team == team}
        return {"sub_modes": modes, "asw_cards": self.optional_data.get("asw_cards", [])}
