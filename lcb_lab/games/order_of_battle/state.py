"""The game's state: the Commanders (Fame, Credits, hands, decks as kernel
:class:`~lcb_lab.kernel.dice.Piles`, Command Displays), their squads, the phase and whose turn it
is, the battle being fought, the one stack of pending choices, and the explained log.  Plain
dataclasses: the kernel copies, saves, undoes and replays them (:mod:`lcb_lab.kernel.datacodec`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from lcb_lab.kernel import choices as K
from lcb_lab.kernel.dice import Piles
from lcb_lab.kernel.errors import IllegalAction

PHASES = ("draw", "revenue", "initiative", "purchase", "organization", "assignment", "mission", "victory",
          "hotspot")
"""The nine phases of a turn, in order (l.9)."""
PHASE_LINES = {"draw": "l.17", "revenue": "l.25", "initiative": "l.33", "purchase": "l.39",
               "organization": "l.53", "assignment": "l.63", "mission": "l.79", "victory": "l.119",
               "hotspot": "l.131"}
"""Each phase's line in the text."""
FROM_LEAD = ("purchase", "assignment", "mission")
"""The phases played one Commander after another from the Lead Commander, clockwise (l.39, l.63,
l.79); the others "may be done by all Commanders simultaneously" (l.15 and the like)."""
TITLES = {"draw": "I. Draw Phase", "revenue": "II. Revenue Phase", "initiative": "III. Initiative Phase",
          "purchase": "IV. Purchase Phase", "organization": "V. Organization Phase",
          "assignment": "VI. Assignment Phase", "mission": "VII. Mission Phase", "victory": "VIII. Victory Phase",
          "hotspot": "IX. Hotspot Phase"}
"""Each phase's heading in the text."""


def phase_no(phase: str) -> int:
    """The phase's number in the turn, 1-9 (0 for ``"over"``)."""
    return PHASES.index(phase) + 1 if phase in PHASES else 0


NAMES = ("Ash", "Birch", "Cedar", "Dusk", "Ember", "Flint")
"""Commander names (sandbox), in clockwise seating order; a game seats the first 2 to 6."""


@dataclass
class Asset:
    """A card in a Command Display: ``id`` (``"Ash-3"``, public), the ``card`` name, its ``kind``
    (public), ``face_up`` (a PUD is activated face down, l.43; a deactivated Hotspot is face
    down, l.108), the ``squad`` it is in (its leader's id, ``""`` none) and, under a Battlelord,
    the completed ``missions`` (l.110)."""

    id: str
    card: str
    kind: str
    face_up: bool = True
    squad: str = ""
    missions: list[str] = field(default_factory=list)


@dataclass
class Commander:
    """One player: ``fame`` (public: Reputation is announced, l.121), ``credits`` (its own, this
    turn), ``affiliation`` (``"legit"`` / ``"criminal"``, l.25), ``revenue`` of this turn, the Fame
    ``hand`` (its own; the others see a count), the Fortune cards drawn to buy from (``offer``,
    l.41), both decks, the Command ``display``, the last Reputation total (l.119) and the Regular
    Missions ``completed`` on any turn (l.119)."""

    name: str
    fame: int
    credits: int = 0
    affiliation: str = "legit"
    revenue: int = 0
    hand: list[str] = field(default_factory=list)
    offer: list[str] = field(default_factory=list)
    fame_deck: Piles = field(default_factory=Piles)
    fortune_deck: Piles = field(default_factory=Piles)
    display: list[Asset] = field(default_factory=list)
    next_id: int = 1
    reputation: int = 0
    completed: list[str] = field(default_factory=list)

    def asset(self, aid: str) -> Asset | None:
        """The asset with id ``aid`` in this display, or None."""
        return next((a for a in self.display if a.id == aid), None)


@dataclass
class Squad:
    """A squad, named by its leader's asset id (``leader``): a Battlelord, or a PUD flipped face up
    (l.55); its ``puds`` and ``equipment`` ids; this turn's ``mission`` (``"defense"``, ``"face"``
    or ``"regular"``, l.65-71), its ``opponent``, ``target`` (a Hotspot's id), Mission ``card``, and
    ``done`` once it has acted (l.73)."""

    leader: str
    owner: str
    puds: list[str] = field(default_factory=list)
    equipment: list[str] = field(default_factory=list)
    mission: str = "defense"
    opponent: str = ""
    target: str = ""
    card: str = ""
    done: bool = False


@dataclass
class Battle:
    """The skirmish being fought (l.87-97): the ``attacker`` and its ``squad``, the ``defender``,
    the ``target``, the ``mission`` (``"face"`` / ``"regular"``) and its Mission ``card``, the
    attack ``form`` (l.89), the defending squad ``dsquad`` (l.90), each side's
    PUD ``stacks`` (top first: the Supporting PUD, l.91), the ``round``, the rounds in a row
    without a death (``quiet``, l.96), the cards each side killed (``killed``, for l.103), and the
    ``result``: ``""`` while fighting, else ``"no defense"``, ``"stalemate"``, ``"retreat <side>"``
    or ``"killed"``; ``dead`` the sides whose leader was killed; ``support`` each side's Supporting
    PUD of the round (``""`` none)."""

    attacker: str
    squad: str
    defender: str
    target: str
    mission: str = "face"
    card: str = ""
    form: str = ""
    dsquad: str = ""
    stacks: dict[str, list[str]] = field(default_factory=dict)
    round: int = 0
    quiet: int = 0
    killed: dict[str, list[str]] = field(default_factory=dict)
    result: str = ""
    dead: list[str] = field(default_factory=list)
    support: dict[str, str] = field(default_factory=dict)


@dataclass
class Question(K.Choice):
    """A question on the one stack of choices, answered by one ``player``: ``"defend"`` (does the
    defender defend? l.88), ``"form"`` (Melee or Ranged, l.89), ``"squad"`` (which Defense squad,
    l.90) or ``"retreat"`` (l.95)."""

    kind: ClassVar[str] = "oob_question"
    name: ClassVar[str] = "skirmish question"
    question: str = "defend"
    player: str = ""
    rule: str = "l.88"
    id: int = 0

    def answerers(self) -> tuple[str, ...]:
        """The one player this question waits for."""
        return (self.player,)


@dataclass
class RoundCommit(K.SimultaneousChoice):
    """One skirmish round's face-down placements (l.91-93), committed by both sides and revealed
    together: each value is ``{"order": [...], "battle": [...], "matrices": [...]}``."""

    kind: ClassVar[str] = "oob_round"
    name: ClassVar[str] = "skirmish round"

    def check_commit(self, player: str, value: Any) -> None:
        """A value is a dict with the three keys (the game checks the cards themselves)."""
        if not isinstance(value, dict) or set(value) != {"order", "battle", "matrices"}:
            raise IllegalAction("l.91", "a round's placement names its PUD order, Battle cards and Matrices")


@dataclass
class OobState:
    """The whole game: the ``commanders`` by name in clockwise ``seats``, the ``turn`` (of
    ``max_turns``, sandbox), the ``phase`` (:data:`PHASES`, or ``"over"``), the Commanders still
    to act in it (``pending``, in order), the ``lead`` Commander (l.33), the initiative draws of
    this phase (``draws``), the ``squads`` by leader id, the ``battle``, the choice stack, the
    ``winner``, the last Reputation totals and the log."""

    commanders: dict[str, Commander]
    seats: list[str]
    turn: int = 1
    max_turns: int = 8
    phase: str = "draw"
    pending: list[str] = field(default_factory=list)
    lead: str = ""
    draws: dict[str, list[str]] = field(default_factory=dict)
    squads: dict[str, Squad] = field(default_factory=dict)
    battle: Battle | None = None
    choices: list[Question | RoundCommit] = field(default_factory=list)
    last_choice_id: int = 0
    winner: str = ""
    log: list[dict] = field(default_factory=list)

    def owner_of(self, aid: str) -> Commander | None:
        """The Commander whose display holds asset ``aid``, or None."""
        c = self.commanders.get(aid.rsplit("-", 1)[0])
        return c if c is not None and c.asset(aid) is not None else None

    def clockwise_from(self, first: str) -> list[str]:
        """Every Commander, clockwise from ``first`` (l.39: "proceeds clockwise")."""
        i = self.seats.index(first)
        return self.seats[i:] + self.seats[:i]
