"""The steps of a lesson file (:mod:`lcb_lab.games.lcb.content.lesson`): their shapes, one
pydantic model per ``do`` (:data:`STEP_MODELS`; the file itself: :class:`LessonFile`), and the
typed actions the card and stage steps build on the game as it stands (:data:`CARD_STEPS`;
a card named by its cid or its name, :func:`card_ref`; a link of the open chain by its pid or
its card, :func:`link_ref`; 9.x).
"""
from __future__ import annotations

from typing import Any, ClassVar, Literal, Optional, Union

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, StrictBool

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.io import inputs as I
from lcb_lab.games.lcb.io import ranges as R
from lcb_lab.kernel.errors import LabError
from lcb_lab.games.lcb.game import Game


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid")


class LessonInfo(_M):
    title: str
    scenario: str
    seed: Optional[R.ranged(R.SEED)] = None
    start: Optional[Literal["planning", "action"]] = None
    assumptions: list[str] = []
    source: str = ""


class Step(_M):
    model_config = ConfigDict(extra="allow")
    do: Literal["move", "zor", "conceal", "resupply", "effect", "combat", "answer", "resolve", "act",
                "buy", "end_planning", "deploy", "place_card", "end_deployment", "play", "respond", "checkpoint"]
    note: str = ""


class ImpulseScript(_M):
    """One impulse: ``declare`` holds the Core Actions in their JSON form (:class:`lcb_lab.games.lcb.actions.CoreAction`),
    decoded into ``_declare`` (a typed :class:`~lcb_lab.games.lcb.actions.Declare`) when the lesson is read."""
    task_force: I.Designator
    narrative: str = ""
    relinquish: StrictBool = False
    declare: list[Any] = []
    step: list[Step] = []
    _declare: Any = PrivateAttr(default=None)


class StageScript(_M):
    """The steps of a Planning or Deployment Stage (3.1, 3.2), replayed before the impulses."""
    name: Literal["planning", "deployment"]
    narrative: str = ""
    step: list[Step] = []


D20 = R.ranged(R.D20)


class _Typed(_M):
    """A step that is one typed action: :meth:`json` is its JSON form, decoded by
    :func:`lcb_lab.games.lcb.actions.from_json` into ``_action`` when the lesson is read."""
    do: str
    note: str = ""
    _action: Any = PrivateAttr(default=None)
    FIELDS: ClassVar[dict[str, str]] = {}
    """action field -> step key, where the two differ (for the error's key)."""

    def json(self) -> dict:
        raise NotImplementedError


class _Act(_Typed):
    action: R.ranged(R.ACTION) = 1


class MoveStep(_Act):
    path: list[Any] = Field(min_length=1)

    def json(self) -> dict:
        """The step as a typed action's JSON (:func:`lcb_lab.games.lcb.actions.from_json`): ``Move``."""
        return {"kind": "move", "action": self.action, "path": self.path}


class ZorStep(_Act):
    hex: Any

    def json(self) -> dict:
        """The step as a typed action's JSON: ``ExerciseZor``."""
        return {"kind": "exercise_zor", "action": self.action, "hex": self.hex}


class ConcealStep(_Act):
    units: Optional[list[Any]] = None

    def json(self) -> dict:
        """The step as a typed action's JSON: ``Conceal``."""
        return {"kind": "conceal", "action": self.action, "units": self.units}


class ResupplyStep(_Act):
    FIELDS: ClassVar[dict[str, str]] = {"rv_slot": "rv"}
    logistics: Any
    rv: Any = "RV1"
    grants: list[Any] = Field(min_length=1)

    def json(self) -> dict:
        """The step as a typed action's JSON: ``Resupply``."""
        return {"kind": "resupply", "action": self.action, "logistics": self.logistics, "rv_slot": self.rv,
                "grants": self.grants}


class EffectStep(_Typed):
    """An ``effect`` step: the fields of :class:`lcb_lab.games.lcb.actions.ScriptedEffect` (``from`` for ``from_``;
    each kind's required ones checked); its ``note`` is the effect's note."""
    model_config = ConfigDict(extra="allow")
    FIELDS: ClassVar[dict[str, str]] = {"from_": "from"}

    def json(self) -> dict:
        """The step as a typed action's JSON: ``ScriptedEffect`` (the step's extra keys; ``from`` read as ``from_``)."""
        data = {("from_" if k == "from" else k): v for k, v in (self.model_extra or {}).items()}
        return {"kind": "scripted_effect", **data, "note": self.note}


class CombatStep(_Typed):
    lrs: list[Any] = []
    ga: list[Any] = []

    def json(self) -> dict:
        """The step as a typed action's JSON: ``CommitCombat``."""
        return {"kind": "commit_combat", "lrs": self.lrs, "ga": self.ga}


class AnswerStep(_M):
    do: str
    note: str = ""
    value: Any = None
    policy: Optional[str] = None
    dice: list[D20] = []


class ResolveStep(_M):
    do: str
    note: str = ""
    dice: list[D20] = []


class ActStep(_M):
    """Any typed action in its JSON form (:func:`lcb_lab.games.lcb.actions.to_json`)."""
    do: str
    note: str = ""
    act: dict
    dice: list[D20] = []
    _action: Any = PrivateAttr(default=None)    # the typed action, decoded when the lesson is read


Team = Literal["US", "RU"]


class _Card(_M):
    do: str
    note: str = ""
    dice: list[D20] = []


class BuyStep(_Card):
    team: Team
    card: str
    attach_to: Optional[str] = None
    embark_on: Optional[str] = None


class TeamStep(_Card):
    """``end_planning`` / ``end_deployment``."""
    team: Team


class DeployStep(_Card):
    unit: str
    hex: Optional[str] = None
    embark_on: Optional[str] = None


class PlaceStep(_Card):
    team: Team
    card: str
    attach_to: Optional[str] = None
    embark_on: Optional[str] = None
    hex: Optional[str] = None


class PlayStep(_Card):
    card: str
    option: str = "A"
    targets: list[str] = []
    hex: Optional[str] = None
    action: Optional[R.ranged(R.ACTION)] = None


class ResponseSpec(_M):
    card: str
    option: str = "A"
    to: Union[R.ranged(R.CHAIN_LINK), str, None] = None
    targets: list[str] = []


class CardInterceptSpec(_M):
    interceptor: str
    slot: str
    dice: R.ranged(R.DICE)
    to: Union[R.ranged(R.CHAIN_LINK), str, None] = None


class RespondStep(_Card):
    """The answer to a ``card_response`` choice (contract: AnswerCards(responses, card_intercepts))."""
    responses: list[ResponseSpec] = []
    card_intercepts: list[CardInterceptSpec] = []


class CheckpointStep(_M):
    """A pause at a checkpoint of the course: ``key`` names it (``"ch07.intercept-units"``, see
    :func:`lcb_lab.games.lcb.course.checkpoint`); the game does not change.  The lab's lesson replay stops
    there and asks it; a notebook's :func:`~lcb_lab.games.lcb.content.lesson.report` names it."""
    do: str
    note: str = ""
    key: str = Field(pattern=r"^ch\d{2}\.[\w.-]+$")


STEP_MODELS = {"act": ActStep, "move": MoveStep, "zor": ZorStep, "conceal": ConcealStep, "resupply": ResupplyStep,
               "effect": EffectStep, "combat": CombatStep, "answer": AnswerStep, "resolve": ResolveStep,
               "buy": BuyStep, "end_planning": TeamStep, "deploy": DeployStep, "place_card": PlaceStep,
               "end_deployment": TeamStep, "play": PlayStep, "respond": RespondStep, "checkpoint": CheckpointStep}


class LessonFile(_M):
    lesson: LessonInfo
    stage: list[StageScript] = []
    impulse: list[ImpulseScript] = []


# ---------------------------------------------------------------- card and stage steps -> typed actions
def card_ref(game: Game, team: str, ref: str) -> str:
    """The cid of ``team``'s card ``ref``: a cid as given, else the team's first card of that name
    (or alias) still in play, in cid order; unknown: ``ref`` as given (the rules word the refusal)."""
    cards = game.state.cards
    if ref in cards:
        return ref
    for cid in sorted(cards, key=_cid_order):
        c = cards[cid]
        if c.team == team and c.in_play and (c.name == ref or ref in _aliases(game, c)):
            return cid
    return ref


def _cid_order(cid: str) -> tuple:
    team, _, n = cid.rpartition("-")
    return (team, int(n) if n.isdigit() else 0, cid)


def _aliases(game: Game, card) -> tuple:
    try:
        return tuple(game._ctx().ctype(card).aliases)
    except LabError:
        return ()


def link_ref(game: Game, ref: Union[int, str, None]) -> Optional[int]:
    """The pid of a link of the open chain: a pid as given, or the last link whose card is named
    ``ref`` (name or cid); None stays None (the last link)."""
    if ref is None or isinstance(ref, int):
        return ref
    for link in reversed(game.state.chain):
        c = game.state.cards.get(link.card)
        if link.card == ref or (c is not None and (c.name == ref or ref in _aliases(game, c))):
            return link.pid
    raise LabError(f"no link of the open card chain plays {ref!r}")


def _other_cards(game: Game, team: str, refs: list[str]) -> tuple[str, ...]:
    from lcb_lab.games.lcb.model.state import other
    return tuple(card_ref(game, other(team), r) for r in refs)


def _respond(g: Game, s: RespondStep) -> A.Answer:
    team = g.to_act()
    return A.AnswerCards(
        responses=tuple(A.Response(card_ref(g, team, r.card), r.option, link_ref(g, r.to),
                                   _other_cards(g, team, r.targets)) for r in s.responses),
        card_intercepts=tuple(A.CardIntercept(x.interceptor, x.slot, x.dice, link_ref(g, x.to))
                              for x in s.card_intercepts))


def _place(g: Game, s: PlaceStep) -> A.PlaceCard:
    cid = card_ref(g, s.team, s.card)
    hex_ = s.hex
    if hex_ is None and s.attach_to is None and s.embark_on is None:
        hex_ = getattr(g.state, "placements", {}).get(cid)      # the scenario's hex for a card placed on the map
    return A.PlaceCard(cid, s.attach_to, s.embark_on, hex_)


def _play(g: Game, s: PlayStep) -> A.PlayCard:
    team = g.state.impulse.team if g.state.impulse else g.to_act()
    return A.PlayCard(card_ref(g, team, s.card), s.option, tuple(s.targets), s.hex, s.action)


CARD_STEPS = {
    "buy": lambda g, s: A.BuyCard(s.team, s.card, s.attach_to, s.embark_on),
    "end_planning": lambda g, s: A.EndPlanning(s.team),
    "deploy": lambda g, s: A.DeployUnit(s.unit, s.hex, s.embark_on),
    "place_card": _place,
    "end_deployment": lambda g, s: A.EndDeployment(s.team),
    "play": _play,
    "respond": _respond,
}
"""Step kind -> the typed action it builds on the game as it stands (names resolved to cids)."""
