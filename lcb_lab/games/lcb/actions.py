"""Typed actions: every player act as a frozen value, with a JSON codec (3.3, 7.010).

Modelled on python-chess's ``Move``: a small immutable value, applied by :meth:`lcb_lab.games.lcb.game.Game.apply`
(the one entry point) and listed by :meth:`~lcb_lab.games.lcb.game.Game.legal_actions`. Declared Core Actions
are named by their stable id ``action``: the number shown in the log (``#1``), from 1 in each impulse.

JSON form: a tagged union, ``{"kind": "move", "action": 1, "path": ["AL-28"]}``
(:func:`to_json` / :func:`from_json`; lessons, saves and the lab use it).

>>> a = Move(action=1, path=("AL-28", "AL-27"))
>>> to_json(a)
{'kind': 'move', 'action': 1, 'path': ['AL-28', 'AL-27'], 'units': None}
>>> from_json(to_json(a)) == a
True
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Annotated, Any, ClassVar, Literal, Optional

from pydantic import Field, Strict

from lcb_lab.kernel.actions import CHANCE as KERNEL_CHANCE
from lcb_lab.kernel.actions import Action, ActionCodec, Words, from_fields
from lcb_lab.kernel.actions import data as _data
from lcb_lab.kernel.errors import InputError
from lcb_lab.games.lcb.io.inputs import Designator
from lcb_lab.games.lcb.actions_optional import ExpendAswCard, InteropAttempt, NavalSupply, PreloadCraft, SlotSupply  # 17.x
from lcb_lab.games.lcb.actions_optional import SubmarineMovement                    # 17.2
from lcb_lab.games.lcb.actions_intercept import OffensiveIntercept   # 7.59: in its own module (size)

Int = Annotated[int, Strict()]
Str = Annotated[str, Strict()]
Dice = Annotated[int, Strict(), Field(ge=0, le=1000)]
Hexes = Names = tuple[Str, ...]
Name = Designator
"""A unit id, marker id or Task Force name: :data:`lcb_lab.games.lcb.io.inputs.Designator` (1-100 characters, no
control characters, not ``hidden:...``), the one check scenario files, situations and saves use too."""
Designators = tuple[Name, ...]
EFFECT_CUBES = 10
"""Most Tactical Network cubes one scripted effect adds or removes (7.6)."""

CHANCE = KERNEL_CHANCE
"""What :meth:`Game.to_act` returns while committed dice wait to be rolled
(apply :class:`ResolveCombat`): chance as an explicit player (OpenSpiel)."""
_Words = Words


# ---------------------------------------------------------------- parts
@dataclass(frozen=True)
class CoreAction(_Words):
    """One declared Core Action (3.31): ``kind`` is ``move_combat``, ``move_conceal``,
    ``move_resupply``, ``play_jcc``, ``move_embarked_jcc`` or ``network_repair`` (7.61);
    ``units`` one unit or one stack; ``markers`` MILDECs moving with it (5.17)."""

    kind: Str
    units: Designators = ()
    jcc: Optional[Str] = None
    markers: Designators = ()


@dataclass(frozen=True)
class LrsAttack(_Words):
    """``dice`` d20 of ``shooter``'s LRS value ``slot`` (``"LRS1"``) at ``target`` (7.3)."""

    shooter: Name
    slot: Str
    target: Name
    dice: Dice


@dataclass(frozen=True)
class GroundAssault(_Words):
    """``dice`` GROUND ASSAULT d20 of ``attacker`` at ``target`` in its hex (7.1)."""

    attacker: Name
    target: Name
    dice: Dice


@dataclass(frozen=True)
class Intercept(_Words):
    """``dice`` INTERCEPT d20 of ``interceptor``'s value ``slot`` for ``target`` (7.54);
    ``shooter``: the LRS attack answered (None: every attack on the target)."""

    interceptor: Str
    slot: Str
    target: Str
    dice: Dice
    shooter: Optional[Str] = None


@dataclass(frozen=True)
class MineShot(_Words):
    """``cubes`` mine cubes of the hex removed against ``target`` (a uid, a MILDEC id or a
    ``"hidden:<hex>:<n>"`` back the owner sees, 13.33, 13.34)."""

    target: Str
    cubes: Int


@dataclass(frozen=True)
class Defense(_Words):
    """``dice`` defensive GROUND ASSAULT d20 of ``defender`` at ``target`` (7.13)."""

    defender: Str
    target: Str
    dice: Dice


@dataclass(frozen=True)
class Grant(_Words):
    """``rp`` Resupply Points put into ``unit``'s supply ``slot`` (8.0)."""

    unit: Name
    slot: Str
    rp: Int


@dataclass(frozen=True)
class Response(_Words):
    """A card used in answer to a link of the open chain (9.4, 9.44, 9.46): ``card`` (cid or
    card name), its effect ``option``; ``to``: the pid of the link answered (None: the last);
    ``targets``: the cards (cids) an FTR NULLIFY goes after, at most its ``max_targets`` (9.44),
    or the links' pids as text (``"2"``; :mod:`lcb_lab.games.lcb.rules.cards.responses`)."""

    card: Str
    option: Str = "A"
    to: Optional[Int] = None
    targets: Names = ()
    action: Optional[Int] = None
    """On the own impulse (a counter, 9.41): the declared Play a JCC action that pays its 1 AP
    (None: the only one left, or one naming this card; a deployed Persistent card's free use
    needs none, 9.2)."""


@dataclass(frozen=True)
class CardIntercept(_Words):
    """``dice`` INTERCEPT d20 of ``interceptor``'s ``slot`` at the card of link ``to`` (9.011,
    7.512): DETECT first when the card has a DETECT value (9.06)."""

    interceptor: Str
    slot: Str
    dice: Dice
    to: Optional[Int] = None


# ---------------------------------------------------------------- actions
@dataclass(frozen=True)
class BeginImpulse(Action):
    """Start ``task_force``'s impulse (3.3)."""

    KIND: ClassVar[str] = "begin_impulse"
    task_force: Name


@dataclass(frozen=True)
class Relinquish(Action):
    """The team with the initiative makes the other go first (3.41)."""

    KIND: ClassVar[str] = "relinquish"


@dataclass(frozen=True)
class Declare(Action):
    """Declare every Core Action of the impulse at once (3.03, 3.31); ``()`` passes (3.310)."""

    KIND: ClassVar[str] = "declare"
    actions: tuple[CoreAction, ...] = ()


@dataclass(frozen=True)
class Move(Action):
    """Move declared action ``action``'s stack along ``path`` (hexes after the start, 5.1);
    ``units``: only the GROUND ASSAULT units of a Combined Arms Movement (5.13)."""

    KIND: ClassVar[str] = "move"
    action: Int
    path: Hexes
    units: Optional[Designators] = None


@dataclass(frozen=True)
class ExerciseZor(Action):
    """Ground ZOR of declared action ``action``'s stack into the adjacent ``hex`` (6.21)."""

    KIND: ClassVar[str] = "exercise_zor"
    action: Int
    hex: Str


@dataclass(frozen=True)
class Conceal(Action):
    """Conceal a Move and/or Conceal action's units (all, or ``units``) (6.1, 3.36)."""

    KIND: ClassVar[str] = "conceal"
    action: Int
    units: Optional[Designators] = None


@dataclass(frozen=True)
class Resupply(Action):
    """RESUPPLY by ``logistics`` of a Move and/or Resupply action from its RV ``rv_slot`` (8.0)."""

    KIND: ClassVar[str] = "resupply"
    action: Int
    logistics: Name
    rv_slot: Str
    grants: tuple[Grant, ...]


@dataclass(frozen=True)
class CommitCombat(Action):
    """Commit all of the impulse's attacks at once (3.38, 7.03, 7.010)."""

    KIND: ClassVar[str] = "commit_combat"
    lrs: tuple[LrsAttack, ...] = ()
    ga: tuple[GroundAssault, ...] = ()


@dataclass(frozen=True)
class Answer(Action):
    """Answer the pending choice (:meth:`Game.to_act` names who).  This base class, with no
    answer fields, declines whatever choice is pending (its kind's empty answer: no dice, no
    card, no pick, absorb 0); each kind of choice has its own answer class below
    (:data:`ANSWER_TYPES`), refused for a choice of another kind.  ``choice``: the id of the
    choice answered (optional; refused if it is not the pending one).

    JSON form: every answer is ``{"kind": "answer", ...}`` with all the answer fields (the
    save and lesson format); :func:`from_json` picks the class by the fields filled in."""

    KIND: ClassVar[str] = "answer"
    FOR: ClassVar[str] = ""                  # the choice kind it answers ("": any, declining it)
    choice: Optional[Int] = field(default=None, kw_only=True)


@dataclass(frozen=True)
class AnswerIntercept(Answer):
    """INTERCEPT dice against the LRS attacks (7.54); empty: no INTERCEPT."""

    FOR: ClassVar[str] = "intercept"
    intercepts: tuple[Intercept, ...] = ()


@dataclass(frozen=True)
class AnswerDefense(Answer):
    """GROUND ASSAULT defense dice (7.13); empty: no defensive fire."""

    FOR: ClassVar[str] = "ga_defence"
    defence: tuple[Defense, ...] = ()     # the saved key of this answer: kept as written (the rulebook spells defense)


@dataclass(frozen=True)
class AnswerMildec(Answer):
    """HP absorbed by MILDECs (4.22, 13.34)."""

    FOR: ClassVar[str] = "mildec"
    absorb: Int = 0


@dataclass(frozen=True)
class AnswerCards(Answer):
    """``responses`` (cards answering a link of the chain: NULLIFY, FTR NULLIFY, 9.4, 9.44) and
    ``card_intercepts`` (units INTERCEPTing a card, 9.011) for a card-response choice; both
    empty: pass (9.46)."""

    FOR: ClassVar[str] = "card_response"
    responses: tuple[Response, ...] = ()
    card_intercepts: tuple[CardIntercept, ...] = ()


@dataclass(frozen=True)
class AnswerEmbarkLosses(Answer):
    """The embarked cargo lost (10.311): unit uids, card cids, ``"unit:<n>"`` / ``"hidden:<n>"``."""

    FOR: ClassVar[str] = "embark_losses"
    picks: Names = ()


@dataclass(frozen=True)
class AnswerMines(Answer):
    """The mine owner's shots (13.33, 13.34); empty: hold the mines."""

    FOR: ClassVar[str] = "mine_attack"
    mines: tuple[MineShot, ...] = ()


@dataclass(frozen=True)
class AnswerEvent(Answer):
    """The distinct hexes an Event Card's gray cubes go to (16.0, 3.26)."""

    FOR: ClassVar[str] = "event"
    hexes: Names = ()


ANSWER_TYPES: dict[str, type] = {c.FOR: c for c in (
    AnswerIntercept, AnswerDefense, AnswerMildec, AnswerCards, AnswerEmbarkLosses, AnswerMines, AnswerEvent)}
"""Choice kind -> its answer class (all share the JSON tag ``answer``)."""

_ANSWER_WIRE: dict[str, Any] = {"intercepts": [], "defence": [], "absorb": None, "choice": None,
                                "responses": [], "card_intercepts": [], "picks": [], "mines": []}
"""Every field of the ``answer`` JSON form, empty (saves, lessons and transcripts use it)."""


@dataclass(frozen=True)
class ResolveCombat(Action):
    """Roll the committed combat (7.010): the dice's move (:data:`CHANCE`)."""

    KIND: ClassVar[str] = "resolve_combat"


@dataclass(frozen=True)
class ArmorBreakthrough(Action):
    """Free 1-MP move of armor ``unit`` out of a hex it cleared into ``dest`` (7.19-7.111)."""

    KIND: ClassVar[str] = "armor_breakthrough"
    unit: Name
    dest: Str


@dataclass(frozen=True)
class EndImpulse(Action):
    """End the impulse; the last of the turn runs the Initiative and Victory Checks (3.3, 3.4, 3.5)."""

    KIND: ClassVar[str] = "end_impulse"


@dataclass(frozen=True)
class ScriptedEffect(Action):
    """A card outcome scripted by a lesson or the instructor (see :mod:`lcb_lab.games.lcb.rules.cards.scripted`):
    ``effect`` is ``reveal``, ``paralyze``, ``network_cube`` or ``disembark``; ``team`` is
    ``"US"`` / ``"RU"`` (a ``network_cube`` effect's team) or None; ``n`` the cubes a
    ``network_cube`` effect adds (negative: removes), -10..10 (7.6; the track cannot go
    below 0, 7.61)."""

    KIND: ClassVar[str] = "scripted_effect"
    NEEDS: ClassVar[dict[str, tuple[str, ...]]] = {
        "reveal": ("units",), "paralyse": ("units",), "network_cube": ("team",), "disembark": ("from_", "hex", "units")}
    """The fields each kind of effect needs (refused by :func:`check` when empty)."""
    effect: Literal["reveal", "paralyse", "network_cube", "disembark"]    # saved values, kept as written
    card: Str = "scripted effect"
    units: Designators = ()
    team: Optional[Literal["US", "RU"]] = None
    n: Annotated[int, Strict(), Field(ge=-EFFECT_CUBES, le=EFFECT_CUBES)] = 1
    from_: Optional[Name] = None
    hex: Optional[Str] = None
    rules: tuple[Str, ...] = ()
    note: Str = ""
    by: Str = ""

    def problem(self) -> str | None:
        """Why this effect cannot be applied as given (a field its kind needs is empty), or None."""
        missing = [k.rstrip("_") for k in self.NEEDS[self.effect] if not getattr(self, k)]
        return f"a {self.effect} effect needs {' and '.join(missing)}" if missing else None

    def to_effect(self) -> dict:
        """The effect dict :func:`lcb_lab.games.lcb.rules.cards.scripted.apply` takes."""
        d = {"effect": self.effect, "card": self.card, "units": list(self.units), "n": self.n,
             "rules": list(self.rules), "note": self.note}
        for k, v in (("team", self.team), ("from", self.from_), ("hex", self.hex), ("by", self.by)):
            if v:
                d[k] = v
        return d


# ---------------------------------------------------------------- cards and the stages before the Action Stage
@dataclass(frozen=True)
class PlayCard(Action):
    """Use effect ``option`` of ``card`` (cid or name; ``"deploy"``: deploy it unused, 9.21) on the own
    impulse (3.31, 9.03, 9.2): ``action``: the declared ``play_jcc`` / ``move_embarked_jcc`` action paying it
    (1 AP), or None for the free use of a Persistent card already deployed (9.2, 9.34);
    ``targets``: units, hexes or cards as the effect's ``target`` says (a NULLIFY: deployed enemy
    cards, 9.21, 9.44); ``hex``: its target hex; ``escort``: a deployed own FTR NULLIFY card going
    with it (9.46). In the Deployment Stage it plays a Deployment-Stage-only card (9.5, no AP)."""

    KIND: ClassVar[str] = "play_card"
    card: Str
    option: Str = "A"
    targets: Names = ()
    hex: Optional[Str] = None
    action: Optional[Int] = None
    escort: Optional[Str] = None


@dataclass(frozen=True)
class BuyCard(Action):
    """``team`` acquires ``card`` (a name in its deck) for its CP cost in the Planning Stage
    (3.12); ``attach_to`` / ``embark_on``: the host unit of an Attached (9.3, first Planning
    Stage only) or Embarked (10.0) card."""

    KIND: ClassVar[str] = "buy_card"
    team: Literal["US", "RU"]
    card: Str
    attach_to: Optional[Str] = None
    embark_on: Optional[Str] = None


@dataclass(frozen=True)
class EndPlanning(Action):
    """``team`` ends its Planning Stage; its unspent CP are lost (3.13)."""

    KIND: ClassVar[str] = "end_planning"
    team: Literal["US", "RU"]


@dataclass(frozen=True)
class DeployUnit(Action):
    """Place ``unit`` face down in ``hex`` (3.21), or Embark it on ``embark_on`` (10.0), in
    the Deployment Stage, within the scenario's deployment area."""

    KIND: ClassVar[str] = "deploy_unit"
    unit: Str
    hex: Optional[Str] = None
    embark_on: Optional[Str] = None


@dataclass(frozen=True)
class PlaceCard(Action):
    """Assign ``card`` (cid) in the Deployment Stage: ``attach_to`` a host (9.31), ``embark_on``
    a ship (10.0), or ``hex`` on the map (face up when the scenario says so, e.g. Combat Air
    Patrols in App. B)."""

    KIND: ClassVar[str] = "place_card"
    card: Str
    attach_to: Optional[Str] = None
    embark_on: Optional[Str] = None
    hex: Optional[Str] = None


@dataclass(frozen=True)
class DeploymentOrder(Action):
    """The team with the initiative decides which team plays its Deployment-Stage cards first
    (9.5, 3.24)."""

    KIND: ClassVar[str] = "deployment_order"
    first: Literal["US", "RU"]


@dataclass(frozen=True)
class EndDeployment(Action):
    """``team`` ends its Deployment Stage (3.2); every Attached and Embarked card and unit must
    have its host (3.22)."""

    KIND: ClassVar[str] = "end_deployment"
    team: Literal["US", "RU"]


# ---------------------------------------------------------------- chapters 10-14: transport, markers, submarines
@dataclass(frozen=True)
class PortTransfer(Action):
    """Port disembarkation (12.3) or, with ``embark``, port embarkation (12.54) by declared
    action ``action``'s Embark-capable ship ``ship`` in a large-port hex: ``units`` (uids) and
    ``rp`` Resupply Points, at most 8 GPSV + RP per ship per impulse.  ``action`` None: the
    free use of a port with the team's orange cube."""

    KIND: ClassVar[str] = "port_transfer"
    ship: Str
    units: Names = ()
    rp: Int = 0
    embark: bool = False
    action: Optional[Int] = None


@dataclass(frozen=True)
class MarkerAction(Action):
    """The one action of a card's marker (13.21; a Proxy Force 13.12): ``marker`` moves along
    ``path`` (hexes after its own, at most its MP, once per impulse) and then ``then``:
    ``"effect"`` (its card's effect on ``targets`` / ``hex``), ``"combat"`` (LRS / GROUND
    ASSAULT / TORPEDO ATTACK on ``targets``, ``dice`` d20), ``"conceal"``, ``"unload"`` (its
    cargo / RP ashore, 12.2), ``"load"`` (``targets`` units aboard, 12.53), ``"reembark"``
    (back aboard its host, 12.27) or ``"none"``.  ``action``: the declared action paying its
    first use (None: its free action)."""

    KIND: ClassVar[str] = "marker_action"
    marker: Str
    path: Hexes = ()
    then: Str = "none"
    targets: Names = ()
    hex: Optional[Str] = None
    dice: Int = 0
    action: Optional[Int] = None


@dataclass(frozen=True)
class TorpedoAttack(Action):
    """Submarine ``sub`` (declared in Move and/or Combat ``action``) fires ``targets``: one
    entry per torpedo, at most 2, at revealed naval units or DETECTED submarines in its own
    hex (14.07, 14.011)."""

    KIND: ClassVar[str] = "torpedo_attack"
    action: Int
    sub: Str
    targets: Names


@dataclass(frozen=True)
class SubmarineZor(Action):
    """Submarine ``sub`` of declared action ``action`` exercises its voluntary 1-hex ZOR (14.09)."""

    KIND: ClassVar[str] = "submarine_zor"
    action: Int
    sub: Str


@dataclass(frozen=True)
class OffensiveAsw(Action):
    """The ASW-capable ships ``units`` of declared Move and/or Combat ``action`` search their
    own hex for enemy submarines (14.14): DETECT, then one ASW die per DETECT."""

    KIND: ClassVar[str] = "offensive_asw"
    action: Int
    units: Names = ()


@dataclass(frozen=True)
class InstructorRuling(Action):
    """The instructor enters an agreed ruling (13.14: a Proxy Force effect and the roll it
    needs): ``text`` for the log, ``succeeds_on`` the d20 roll, ``team`` who proposed it."""

    KIND: ClassVar[str] = "instructor_ruling"
    team: Literal["US", "RU"]
    text: Str
    succeeds_on: Int = 6
    supply_loss: Names = ()                  # markers: supply slots the effect takes 1 from (13.14 ex.: LRS1, LRS2)


ACTION_TYPES: dict[str, type] = {c.KIND: c for c in (
    BeginImpulse, Relinquish, Declare, Move, ExerciseZor, Conceal, Resupply, CommitCombat, Answer,
    ResolveCombat, ArmorBreakthrough, EndImpulse, ScriptedEffect, PlayCard, BuyCard, EndPlanning,
    DeployUnit, PlaceCard, DeploymentOrder, EndDeployment, NavalSupply, PreloadCraft,
    SubmarineMovement, ExpendAswCard, InteropAttempt,
    PortTransfer, MarkerAction, TorpedoAttack, SubmarineZor, OffensiveAsw, OffensiveIntercept, InstructorRuling)}
"""JSON tag -> action class (the tag ``answer``: :class:`Answer`, see :data:`ANSWER_TYPES`)."""

class _LcbCodec(ActionCodec):
    """LC:B's codec: every answer class shares the tag ``answer`` (all answer fields on the wire)."""

    def to_json(self, action: Action) -> dict:
        """JSON-native dict of an action, tagged by ``kind`` (an answer: with every answer field)."""
        if isinstance(action, Answer):
            return {"kind": action.KIND, **_ANSWER_WIRE, **_data(action)}
        return super().to_json(action)

    def takes(self, cls: type) -> list[str]:
        return [*_ANSWER_WIRE, "hexes"] if cls is Answer else super().takes(cls)   # hexes: AnswerEvent's alone

    def resolve(self, cls: type, rest: dict) -> tuple[type, dict]:
        return _answer_class(rest) if cls is Answer else (cls, rest)


CODEC = _LcbCodec(ACTION_TYPES.values(), ANSWER_TYPES.values(), home="lcb_lab.games.lcb.actions")
"""LC:B's action codec (:class:`lcb_lab.kernel.actions.ActionCodec`)."""


def to_json(action: Action) -> dict:
    """JSON-native dict of an action, tagged by ``kind`` (an answer: with every answer field)."""
    return CODEC.to_json(action)


def from_json(data: Any) -> Action:
    """The action a :func:`to_json` dict describes. Raises InputError naming the field."""
    return CODEC.from_json(data)


def _filled(k: str, v: Any) -> bool:
    return v is not None if k == "absorb" else k != "choice" and v not in ([], (), None)


def _answer_class(rest: dict) -> tuple[type, dict]:
    """The answer class the filled-in fields of an ``answer`` JSON object name, and its fields."""
    given = [k for k, v in rest.items() if _filled(k, v)]
    kinds = list(dict.fromkeys(c for c in ANSWER_TYPES.values() for k in given if k in _fields_of(c)))
    if len(kinds) > 1:
        raise InputError("answer action", given[-1], "an answer fills the fields of one kind of choice: "
                         f"{', '.join(given)} answer different kinds")
    cls = kinds[0] if kinds else Answer
    own = {f.name for f in fields(cls)}
    return cls, {k: v for k, v in rest.items() if k in own}


def _fields_of(cls: type) -> set[str]:
    return {f.name for f in fields(cls)} - {"choice"}


def check(action: Any) -> Action:
    """``action`` checked and normalised (lists become tuples). Raises InputError."""
    return CODEC.check(action)


__all__ = [
    # the parts an action is built of
    "CoreAction", "LrsAttack", "GroundAssault", "Intercept", "MineShot", "Defense", "Grant", "Response",
    "CardIntercept", "SlotSupply",
    # the actions: every class of ACTION_TYPES and ANSWER_TYPES (by JSON tag)
    "Action", *dict.fromkeys(c.__name__ for c in (*ACTION_TYPES.values(), *ANSWER_TYPES.values())),
    # helpers and constants
    "ACTION_TYPES", "ANSWER_TYPES", "CHANCE", "from_fields", "EFFECT_CUBES", "to_json", "from_json", "check",
]
