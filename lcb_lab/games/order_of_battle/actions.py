"""Typed actions of the Order of Battle game (kernel :class:`~lcb_lab.kernel.actions.Action`),
phase by phase.  The acting Commander is the one the game waits for (``to_act``); a face-down
placement of a skirmish round names its ``player`` (both sides commit, l.93)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from lcb_lab.kernel.actions import Action, ActionCodec


@dataclass(frozen=True)
class DrawFame(Action):
    """Draw Fame cards free up to the hand maximum, and ``extra`` more at 1 Fame each (l.17)."""

    KIND: ClassVar[str] = "draw_fame"
    extra: int = 0


@dataclass(frozen=True)
class CollectRevenue(Action):
    """Choose ``affiliation`` (``"legit"`` / ``"criminal"``) and total the revenue (l.25)."""

    KIND: ClassVar[str] = "revenue"
    affiliation: str = "legit"


@dataclass(frozen=True)
class DrawInitiative(Action):
    """Draw one Fortune card for initiative (l.33)."""

    KIND: ClassVar[str] = "draw_initiative"


@dataclass(frozen=True)
class Buy(Action):
    """Purchase ``card`` from the Fortune cards drawn (l.41)."""

    KIND: ClassVar[str] = "buy"
    card: str


@dataclass(frozen=True)
class ConvertFame(Action):
    """Convert ``fame`` Fame Points into as many Credits (l.41)."""

    KIND: ClassVar[str] = "convert_fame"
    fame: int = 1


@dataclass(frozen=True)
class EndPurchase(Action):
    """End the purchase: unpurchased cards are discarded, 2 Credits left become 1 Fame, the rest is
    lost (l.41, l.45)."""

    KIND: ClassVar[str] = "end_purchase"


@dataclass(frozen=True)
class FormSquad(Action):
    """Make ``leader`` (a Battlelord, or a PUD flipped face up) lead a new squad (l.53-55)."""

    KIND: ClassVar[str] = "form_squad"
    leader: str


@dataclass(frozen=True)
class Reassign(Action):
    """Move a PUD or an Equipment card ``asset`` into ``squad`` (``""``: out of every squad), l.57."""

    KIND: ClassVar[str] = "reassign"
    asset: str
    squad: str = ""


@dataclass(frozen=True)
class Disband(Action):
    """Break up ``squad``: its cards stay in the Command Display, in no squad (l.57)."""

    KIND: ClassVar[str] = "disband"
    squad: str


@dataclass(frozen=True)
class DoneOrganizing(Action):
    """The Commander's squads are organized (l.53)."""

    KIND: ClassVar[str] = "done_organizing"


@dataclass(frozen=True)
class AssignMission(Action):
    """Assign ``squad`` a ``"face"`` or ``"regular"`` mission against ``opponent``'s Hotspot
    ``target``; a Regular Mission places Mission ``card`` from the hand (l.65-69)."""

    KIND: ClassVar[str] = "assign_mission"
    squad: str
    mission: str
    opponent: str
    target: str
    card: str = ""


@dataclass(frozen=True)
class DoneAssigning(Action):
    """Every squad without a mission is allocated for defense (l.71)."""

    KIND: ClassVar[str] = "done_assigning"


@dataclass(frozen=True)
class Attack(Action):
    """Indicate ``squad`` (a non-Defense Mission squad) and its objective (l.87)."""

    KIND: ClassVar[str] = "attack"
    squad: str


@dataclass(frozen=True)
class OfferDefense(Action):
    """The defender decides whether to defend (l.88)."""

    KIND: ClassVar[str] = "offer_defense"
    defend: bool


@dataclass(frozen=True)
class DeclareForm(Action):
    """The attacker declares ``"melee"`` or ``"ranged"`` combat for the battle (l.89)."""

    KIND: ClassVar[str] = "declare_form"
    form: str


@dataclass(frozen=True)
class ChooseDefender(Action):
    """The defender chooses one of its Defense Mission squads (l.90)."""

    KIND: ClassVar[str] = "choose_defender"
    squad: str


@dataclass(frozen=True)
class PlaceFaceDown(Action):
    """``player``'s face-down placement for this round (l.91-92): the PUD ``order`` (top first;
    the first round only), Supporting Battle cards from the hand (the first free, each further one
    1 Fame), and the Matrices generated (each at its Fame cost, l.93)."""

    KIND: ClassVar[str] = "place_face_down"
    player: str
    order: tuple[str, ...] = ()
    battle: tuple[str, ...] = ()
    matrices: tuple[str, ...] = ()


@dataclass(frozen=True)
class Retreat(Action):
    """Retreat (``retreat`` True) or fight on (l.95)."""

    KIND: ClassVar[str] = "retreat"
    retreat: bool


@dataclass(frozen=True)
class ActivateHotspot(Action):
    """Activate Hotspot ``card`` from the hand, paying its revenue in Fame (l.131)."""

    KIND: ClassVar[str] = "activate_hotspot"
    card: str


@dataclass(frozen=True)
class Reactivate(Action):
    """Turn the deactivated Hotspot ``asset`` face up again, paying its cost anew (l.133)."""

    KIND: ClassVar[str] = "reactivate"
    asset: str


@dataclass(frozen=True)
class DoneHotspots(Action):
    """No more Hotspots to activate this turn (l.131)."""

    KIND: ClassVar[str] = "done_hotspots"


CODEC = ActionCodec([DrawFame, CollectRevenue, DrawInitiative, Buy, ConvertFame, EndPurchase, FormSquad, Reassign,
                     Disband, DoneOrganizing, AssignMission, DoneAssigning, Attack, OfferDefense, DeclareForm,
                     ChooseDefender, PlaceFaceDown, Retreat, ActivateHotspot, Reactivate, DoneHotspots],
                    home="the Order of Battle game's actions")
