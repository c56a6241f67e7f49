"""The options a pending choice carries, one frozen record per kind (and the records they hold):
what the rules offer the answering team -- INTERCEPT values by target and attack (7.53, 7.54),
GROUND ASSAULT defenders (7.13), MILDEC absorption (4.22), card responses and card INTERCEPTs
(9.4x, 9.011), embarked losses (10.311), mine shots (13.33), an event's gray cubes (16.0, 3.26).  Described once by their type hints:
their saved JSON (:meth:`Record.to_dict`), the save check (:meth:`Record.from_dict`) and their
copies (shared, never changed) derive from them.  The choices themselves:
:mod:`lcb_lab.games.lcb.choices`.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, Optional

from lcb_lab.kernel.datacodec import from_data


OMIT = {"omit": True}
"""Field metadata: an optional key left out of the saved options while it is None (the shape
saves have always had, e.g. a GA defense's ``marker`` only against a card marker)."""


@dataclass(frozen=True)
class Record:
    """Base of the typed records a pending choice's options are made of: frozen dataclasses (tuples
    for lists), described once -- their JSON (:meth:`to_dict`), the save check (:meth:`from_dict`,
    strict, :func:`lcb_lab.kernel.datacodec.from_data`) and their copies (shared: never changed)
    derive from the type hints.  Read by attribute (``choice.options.targets[0].interceptors``)."""

    def to_dict(self) -> dict:
        """JSON-plain data in field order (lists for tuples); an :data:`OMIT` field is left out
        while it is None."""
        return {f.name: _plain(v) for f in fields(self)
                if not ((v := getattr(self, f.name)) is None and f.metadata.get("omit"))}

    @classmethod
    def from_dict(cls, data: Any) -> Any:
        """The record of plain data (:meth:`to_dict` output), strictly checked against the type
        hints; missing keys take the defaults, an unknown key is refused (a hand-edited save).
        Raises :class:`~lcb_lab.kernel.datacodec.DataError` naming the key path."""
        return from_data(cls, data, _records_only)


def _records_only(tp: type) -> bool:
    """Unknown keys are refused on every :class:`Record` of a choice's options."""
    return isinstance(tp, type) and issubclass(tp, Record)


def _plain(x: Any) -> Any:
    if isinstance(x, Record):
        return x.to_dict()
    if isinstance(x, (list, tuple)):
        return [_plain(v) for v in x]
    if isinstance(x, dict):
        return {k: _plain(v) for k, v in x.items()}
    return x


@dataclass(frozen=True, kw_only=True)
class Interceptor(Record):
    """One INTERCEPT value judged for a target (7.53; ``rules.combat.intercept.interceptor_options``):
    the unit ``uid`` and its value ``slot`` (``"INT1"``, or ``"<cid>:INT1"`` of an Attached card,
    9.32), its ``hex``, ``cv`` and ``range`` (hexes; None: unlimited), its ``distance`` to the target and the
    shooter's (``shooter_distance``; None: off the map, 9.012), whether it is ``in_range``,
    ``close_enough`` and ``has_supply``; ``eligible`` and the ``reason`` in words (``"eligible"``
    when it is); ``max_dice`` its dice left (4 for infinite supply, 7.55; ``infinite``)."""
    uid: str
    slot: str
    hex: Optional[str] = None
    cv: int = 0
    range: Optional[int] = None
    distance: int = 0
    shooter_distance: Optional[int] = None
    in_range: bool = True
    close_enough: bool = True
    has_supply: bool = True
    eligible: bool
    reason: str = ""
    max_dice: Optional[int] = None
    infinite: bool = False


@dataclass(frozen=True, kw_only=True)
class Attack(Record):
    """One shooter's LRS ``dice`` at the target (7.54): its value ``slot``, ``hex`` and ``distance``
    (None: a card's attack from off the map, 9.012), ``card`` (a card's LRS: its name, 9.05),
    ``bmd`` (ballistic, 7.510) and the values that may answer this attack alone."""
    shooter: str
    slot: str = ""
    hex: Optional[str] = None
    distance: Optional[int]
    dice: int
    card: Optional[str] = field(default=None, metadata=OMIT)
    bmd: bool = False
    interceptors: tuple[Interceptor, ...]


@dataclass(frozen=True, kw_only=True)
class Target(Record):
    """A target of LRS dice in ``hex``: its ``incoming_dice`` (interceptable, 7.52), the values that
    may answer every attack on it (``interceptors``, 7.53) and its ``attacks`` one by one (7.54)."""
    target: str
    hex: Optional[str] = None
    incoming_dice: int
    interceptors: tuple[Interceptor, ...]
    attacks: tuple[Attack, ...] = ()


@dataclass(frozen=True, kw_only=True)
class InterceptOptions(Record):
    """The INTERCEPT question (7.54): ``targets``; ``card_names``: {cid: name} of the answering
    team's Attached cards whose values a slot names (9.31)."""
    targets: tuple[Target, ...]
    card_names: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True, kw_only=True)
class Defender(Record):
    """A defending unit in the assaulted hex that may fire back (7.13): its GA ``cv`` and GA
    ``supply`` left (None: infinite)."""
    uid: str
    cv: int = 0
    supply: Optional[int]


@dataclass(frozen=True, kw_only=True)
class Attacker(Record):
    """An attacker of the hex (a unit, or a card marker, 13.12) and its GROUND ASSAULT ``dice``."""
    uid: str
    dice: int


@dataclass(frozen=True, kw_only=True)
class GaDefenseOptions(Record):
    """The ``hex`` assaulted, the ``defenders`` that may fire back and the ``attackers``' dice
    (7.13); ``marker``: the card marker assaulting (13.12; None: combat's GROUND ASSAULT);
    ``gunfire``: True when the hex's NAVAL GUNFIRE / SHORE BOMBARDMENT is answered (optional
    17.33, 17.41: ``defenders`` are then the ships and cannon artillery that may fire back,
    ``cv`` their gun or LRS CV, ``supply`` None for a gun)."""
    hex: str
    defenders: tuple[Defender, ...]
    marker: Optional[str] = field(default=None, metadata=OMIT)
    gunfire: Optional[bool] = field(default=None, metadata=OMIT)
    attackers: tuple[Attacker, ...]


@dataclass(frozen=True, kw_only=True)
class MildecOptions(Record):
    """``damage`` HP coming at ``target`` and the ``mildecs`` MILDECs in its hex that may absorb
    them (4.22); ``key``: the hit's key in the combat plan (``"mine:<hex>:<uid>"`` after a mine
    hit, 13.34, with ``mine`` the mine marker's id; ``"torpedo:<uid>"`` after a torpedo hit, 14.08)."""
    key: str
    mine: Optional[str] = field(default=None, metadata=OMIT)
    target: str
    damage: int
    mildecs: int


@dataclass(frozen=True, kw_only=True)
class LinkOdds(Record):
    """A card's odds against one link ``pid`` it may answer: ``p_detect`` (1.0: no DETECT roll,
    9.06) and ``p`` (DETECT times success)."""
    pid: int
    p_detect: float
    p: float


@dataclass(frozen=True, kw_only=True)
class ResponseCard(Record):
    """A card that may answer a link (9.41-9.45): ``cid``, ``name``, its effect ``option`` and
    ``kind`` (``"nullify"`` / ``"ftr_nullify"``), the exact odds against the last link it may
    answer (``p_detect``, ``p_success``, ``p``; probabilities 0..1), ``max_targets`` links (9.44),
    the ``targets`` (pids) it may answer with ``per_target`` odds, ``free`` (no AP, 9.41, 9.2) and
    the declared Play a JCC ``actions`` that may pay when not free."""
    cid: str
    name: str = ""
    option: str = "A"
    kind: str = ""
    p_detect: Optional[float] = field(default=None, metadata=OMIT)
    p_success: Optional[float] = field(default=None, metadata=OMIT)
    p: Optional[float] = field(default=None, metadata=OMIT)
    max_targets: int = 1
    targets: tuple[int, ...] = ()
    per_target: tuple[LinkOdds, ...] = ()
    free: bool = True
    actions: tuple[int, ...] = ()


@dataclass(frozen=True, kw_only=True)
class CardInterceptor(Record):
    """An IAMD value that may INTERCEPT the card of link ``to`` (9.011, 7.512): unit ``uid``, its
    ``slot``, ``source`` (the Attached card whose CV it uses, or None), ``max_dice``, ``p_hit`` a
    die and ``p_detect`` (DETECT first, 9.06)."""
    uid: str
    slot: str
    source: Optional[str] = None
    max_dice: int = 0
    p_hit: Optional[float] = field(default=None, metadata=OMIT)
    p_detect: Optional[float] = field(default=None, metadata=OMIT)
    to: Optional[int] = None


@dataclass(frozen=True, kw_only=True)
class CardResponseOptions(Record):
    """A response window (9.41, 9.46): the ``link`` (pid) answered, the window's number, the
    ``cards`` and the ``interceptors`` that may answer."""
    link: Optional[int]
    window: int = 1
    cards: tuple[ResponseCard, ...] = ()
    interceptors: tuple[CardInterceptor, ...] = ()


@dataclass(frozen=True, kw_only=True)
class EmbarkUnit(Record):
    """A unit aboard that may be lost (10.311): its ``uid`` (``"unit:<n>"`` on a concealed ship)
    and its ``gpsv``."""
    uid: str
    gpsv: int


@dataclass(frozen=True, kw_only=True)
class EmbarkLossesOptions(Record):
    """The ``ship`` hit, the ``hp`` it lost and the cargo aboard to choose from (10.311): ``cards``
    (face-up cids, ``"hidden:<n>"`` for concealed ones) and ``units``."""
    ship: str
    hp: int
    cards: tuple[str, ...]
    units: tuple[EmbarkUnit, ...]


@dataclass(frozen=True, kw_only=True)
class MineAttackOptions(Record):
    """The mine ``mine`` in ``hex`` with its ``cubes``, the d20 a cube needs (``succeeds_on`` or
    less), the ``event`` (``"enters"`` / ``"leaves"``) and the ``targets`` it may attack (uids,
    MILDEC ids, ``"hidden:<hex>:<n>"`` backs; 13.33, 13.34)."""
    hex: str
    mine: str
    cubes: int
    succeeds_on: int
    event: str
    targets: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class EventOptions(Record):
    """An Event Card's gray cubes to place (16.0, 3.26): the ``event``'s name, the cubes' ``kind``
    ("civilians" | "objective"), how many to place (``count``: pick that many distinct hexes) and
    the ``hexes`` they may go to (sorted)."""
    event: str
    kind: str
    count: int
    hexes: tuple[str, ...]
