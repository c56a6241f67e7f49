"""Pending choices of the non-active team, one class per kind, and named default policies
(design principle 5).

The engine never silently decides for the defender.  When it needs an
answer it pushes a :class:`Choice` on the ONE stack of pending choices,
``GameState.choices`` (INTERCEPT 7.54, GROUND ASSAULT defense 7.13, MILDEC
absorption 4.22; the card-response windows of NULLIFY / FTR NULLIFY / card INTERCEPT, 9.4x).  The **top of the stack
-- the last element, ``state.choices[-1]`` -- is the one to answer next**
(``Game.pending``): a response window opened while a choice is pending is
pushed above it and answered first (the chains of 7.513).  Choices that are
asked together in rulebook order (the pre-roll INTERCEPT, then the GA
defense of each hex) are pushed in reverse, so they are answered in that
order.  A person answers in the UI, a lesson script gives the answer, or a
*named* policy answers; every answer is a typed action applied with ``Game.apply``:

======================  =====================================  ==============================================
choice class (kind)     its answer action                      policies
======================  =====================================  ==============================================
InterceptChoice         ``AnswerIntercept(intercepts=...)``    ``no_intercept``, ``match_incoming`` (7.54)
GaDefenseChoice         ``AnswerDefense(defence=...)``         ``no_defence``, ``return_fire`` (7.13)
MildecChoice            ``AnswerMildec(absorb=n)``             ``never_absorb``, ``absorb_all`` (4.22, 7.06)
CardResponseChoice      ``AnswerCards(responses=...,           ``pass``, ``respond_all``,
                        card_intercepts=...)``                 ``respond_intercept_all`` (9.41-9.46, 9.011)
EmbarkLossesChoice      ``AnswerEmbarkLosses(picks=...)``      ``lose_units_first``, ``lose_cards_first``,
                                                               ``spare`` (10.311)
MineAttackChoice        ``AnswerMines(mines=...)``             ``detonate_all``, ``hold_mines`` (13.33)
EventChoice             ``AnswerEvent(hexes=...)``             ``first_listed``, ``last_listed`` (16.0, 3.26)
======================  =====================================  ==============================================

``Answer()`` (no fields) declines whatever choice is pending (its kind's empty answer).
:data:`CHOICE_KINDS` is the registry (kind -> class), built once here; :func:`answer_with`
turns a policy into the answer action, :meth:`Choice.answer_from` plain data (the answer shapes
below) into it.  The rules that asked take the typed answer (the handler routes it by its type).

What each kind asks -- ``choice.options`` -- is a frozen :class:`Record` (tuples for lists),
read by attribute; its type hints are its one description: its saved JSON
(:meth:`Record.to_dict`, the same keys in the same order as ever; an :data:`OMIT` key only when
set), the save check (:meth:`Choice.options_from`, strict, through
:func:`lcb_lab.kernel.datacodec.from_data`) and its copies (shared, never changed):

======================  ==============================================================================
choice class            ``options``
======================  ==============================================================================
InterceptChoice         :class:`InterceptOptions`: ``targets`` (:class:`Target`: ``target``, ``hex``,
                        ``incoming_dice``, ``interceptors`` (:class:`Interceptor`), ``attacks``
                        (:class:`Attack`: ``shooter``, ``distance``, ``dice``, ``interceptors``, ...)),
                        ``card_names`` (7.53, 7.54, 9.31)
GaDefenseChoice         :class:`GaDefenseOptions`: ``hex``, ``defenders`` (:class:`Defender`),
                        ``marker`` (13.12; None in combat), ``attackers`` (:class:`Attacker`) (7.13)
MildecChoice            :class:`MildecOptions`: ``key``, ``mine`` (after a mine hit), ``target``,
                        ``damage``, ``mildecs`` (4.22, 13.34)
CardResponseChoice      :class:`CardResponseOptions`: ``link``, ``window``, ``cards``
                        (:class:`ResponseCard`), ``interceptors`` (:class:`CardInterceptor`) (9.41-9.46)
EmbarkLossesChoice      :class:`EmbarkLossesOptions`: ``ship``, ``hp``, ``cards``, ``units``
                        (:class:`EmbarkUnit`) (10.311)
MineAttackChoice        :class:`MineAttackOptions`: ``hex``, ``mine``, ``cubes``, ``succeeds_on``,
                        ``event``, ``targets`` (13.33)
EventChoice             :class:`EventOptions`: ``event``, ``kind``, ``count``, ``hexes`` (16.0, 3.26)
======================  ==============================================================================

The plain answers (policies give them; :meth:`Choice.answer_from` reads them):

* intercept: list of ``{"interceptor", "slot", "target", "dice"}`` plus an optional
  ``"shooter"``: the LRS attack (shooter uid) the dice answer (7.54); without it the
  dice answer every attack on the target and the unit must be in reach of all of them
  (see :mod:`lcb_lab.games.lcb.rules.combat.intercept`)
* ga_defence: list of ``{"defender", "target", "dice"}``
* mildec: ``{"absorb": n}``
* embark_losses: a list of picks -- unit uids (or ``"unit:<n>"``), card cids and
  ``"hidden:<n>"`` for concealed cards (:mod:`lcb_lab.games.lcb.rules.embarking.losses`)
* mine_attack: list of ``[target, cubes]`` (empty: hold the mines)
* event: ``{"hexes": [...]}``, as many distinct hexes of ``options.hexes`` as ``options.count``
* card_response: ``{"responses": [{"card", "option", "to", "targets"}], "card_intercepts":
  [{"interceptor", "slot", "dice", "to"}]}`` (both empty: pass; see
  :mod:`lcb_lab.games.lcb.rules.cards.responses`)
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, ClassVar, Sequence

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.io import inputs as I
from lcb_lab.games.lcb.choice_options import (CardResponseOptions, EmbarkLossesOptions, EmbarkUnit, EventOptions, GaDefenseOptions, InterceptOptions, Interceptor, MildecOptions, MineAttackOptions, Record)
from lcb_lab.kernel import choices as kernel_choices
from lcb_lab.kernel.datacodec import DataError
from lcb_lab.kernel.errors import InputError


# ---------------------------------------------------------------- the choices
@dataclass
class Choice(kernel_choices.Choice):
    """A question to one team, waiting on ``GameState.choices``; one subclass per kind (LC:B's
    choices on the kernel's base, :class:`lcb_lab.kernel.choices.Choice`).

    ``team``: who answers; ``rule``: the rule number that asks; ``prompt``: one line for
    people; ``options``: what the UI and the policies need to ask it, the class's
    :attr:`Options` record (plain data in its saved shape is turned into it, checked: raises
    :class:`~lcb_lab.kernel.datacodec.DataError`); ``id``: increasing over the game (0 until
    pushed with ``GameState.push_choice``).  Class data: :attr:`kind` (the saved tag),
    :attr:`name` (its words in a sentence), :attr:`title` (the decision panel's heading),
    :attr:`ANSWER` (the answer action), :attr:`Options` (the options' record class),
    :attr:`POLICIES` and :attr:`DEFAULT_POLICY`.
    """

    team: str
    rule: str
    prompt: str
    options: Any = None
    id: int = 0

    kind: ClassVar[str] = ""
    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    ANSWER: ClassVar[type] = A.Answer
    Options: ClassVar[type[Record]] = Record
    POLICIES: ClassVar[dict[str, Callable[["Choice"], Any]]] = {}
    DEFAULT_POLICY: ClassVar[str] = ""
    __datacodec__: ClassVar[bool] = True      # saved and copied by to_dict / from_dict / clone

    def __post_init__(self) -> None:
        if not isinstance(self.options, Record):       # plain data in the saved shape (a staged choice)
            self.options = self.options_from(self.options or {})

    def to_dict(self) -> dict:
        """Plain data: ``options`` as the saved JSON shape (:meth:`Record.to_dict`)."""
        return {"id": self.id, "kind": self.kind, "team": self.team, "rule": self.rule,
                "prompt": self.prompt, "options": self.options.to_dict()}

    def __repr__(self) -> str:
        from lcb_lab.games.lcb.display import choice_repr
        return choice_repr(self)

    def _repr_html_(self) -> str:
        """A small table for notebooks (:mod:`lcb_lab.games.lcb.display`)."""
        from lcb_lab.games.lcb.display import choice_rows, table
        return table(f"Waiting for {self.team}: {self.title}", choice_rows(
            self, self.options if isinstance(self, InterceptChoice) else None))

    def clone(self) -> "Choice":
        """A copy of the same class; ``options`` is shared (a frozen record, never changed)."""
        return type(self)(self.team, self.rule, self.prompt, self.options, self.id)

    view = clone
    """The same as :meth:`clone` (kept for callers)."""

    @classmethod
    def from_dict(cls, d: dict) -> "Choice":
        """Inverse of :meth:`to_dict`: an instance of the class :data:`CHOICE_KINDS` names for
        ``d["kind"]``.  Raises ValueError on a malformed entry or an unknown kind (a save loader
        turns it into ScenarioError naming the file and key)."""
        if not isinstance(d, dict) or not {"kind", "team", "rule", "prompt"} <= set(d):
            keys = ", ".join(sorted(d)) if isinstance(d, dict) else type(d).__name__
            raise ValueError(f"a pending choice needs kind, team, rule and prompt (got {keys or 'nothing'})")
        sub = CHOICE_KINDS.get(d["kind"]) if isinstance(d["kind"], str) else None
        if sub is None:
            raise DataError(("kind",), f"unknown choice kind {str(d['kind'])!r}; known: {', '.join(CHOICE_KINDS)}")
        _check_saved_fields(d)
        return sub(d["team"], d["rule"], d["prompt"], sub.options_from(d.get("options") or {}), d.get("id", 0))

    @classmethod
    def options_from(cls, data: Any) -> Record:
        """This kind's :attr:`Options` record of saved options (the save check: strict types, the
        keys the kind needs; an unknown key refused).  Raises
        :class:`~lcb_lab.kernel.datacodec.DataError` under ``options`` naming the key."""
        try:
            return cls.Options.from_dict(data)
        except DataError as e:
            raise e.under("options") from None

    # ---- answers
    def decline(self) -> A.Answer:
        """The typed answer that gives nothing (no dice, no card, no pick: absorb 0)."""
        return self.ANSWER(choice=self.id or None)

    def answerers(self) -> tuple[str, ...]:
        """The team that answers (a one-team question)."""
        return (self.team,)

    def answer_fields(self, value: Any) -> dict:
        """The answer fields (a dict for :attr:`ANSWER`) of a loose ``value`` (dicts / lists as the
        auto policies and old scripts give them); each choice class reads its own shape."""
        return self._fields(value)

    def _fields(self, value: Any) -> dict:
        raise NotImplementedError


_SAVED_FIELDS = ("id", "kind", "team", "rule", "prompt", "options")


def _check_saved_fields(d: dict) -> None:
    """A saved choice's own fields, strictly: no unknown key; ``team``, ``rule``, ``prompt``
    strings; ``id`` a whole number 0 or more.  Raises DataError naming the key."""
    extra = next((k for k in d if k not in _SAVED_FIELDS), None)
    if extra is not None:
        raise DataError((str(extra),), f"unknown key; a pending choice has {', '.join(_SAVED_FIELDS)}")
    for k in ("team", "rule", "prompt"):
        if not isinstance(d[k], str):
            raise DataError((k,), f"expected a string, got {type(d[k]).__name__}")
    n = d.get("id", 0)
    if type(n) is not int or n < 0:
        raise DataError(("id",), f"expected a whole number 0 or more, got {n}" if type(n) is int
                        else f"expected a whole number, got {type(n).__name__}")


def _listed(what: str, value: Any) -> list:
    if not isinstance(value, (list, tuple)):
        raise InputError("answer", what, f"a list, not {type(value).__name__}")
    return list(value)


def _keyed(value: Any, key: str) -> Any:
    """``value[key]`` when ``value`` is an object (``{key: [...]}``), else ``value``."""
    if not isinstance(value, dict):
        return value
    extra = sorted(str(k) for k in value if k != key)
    if extra:
        raise InputError("answer", extra[0], f"unknown field; this answer takes {key}")
    return value.get(key, [])


# ---------------------------------------------------------------- policies
def _respond_all(decision: "CardResponseChoice", intercept: bool = False) -> dict:
    """Every card that may answer for no AP answers (one option per card), at as many of its
    targets as it may take, the last links first (9.41, 9.44); with ``intercept`` every
    eligible IAMD value also INTERCEPTs each card it may, with all its dice (9.011).  Cards that
    would cost an AP on the own impulse (9.41) are left to the player."""
    out, seen = [], set()
    for c in decision.options.cards:
        if c.cid in seen or not c.free:
            continue
        seen.add(c.cid)
        picks = list(reversed(c.targets))[: c.max_targets]
        out.append({"card": c.cid, "option": c.option, "to": None,
                    "targets": [str(p) for p in picks]})
    ints, used = [], set()
    for o in decision.options.interceptors if intercept else ():
        key = o.uid                      # one attempt per unit: its supply is not split
        if key in used or o.max_dice <= 0:
            continue
        used.add(key)
        ints.append({"interceptor": o.uid, "slot": o.slot, "dice": o.max_dice, "to": o.to})
    return {"responses": out, "card_intercepts": ints}


def _match_incoming(decision: "InterceptChoice") -> list[dict]:
    """Each eligible interceptor puts as many dice on a target as the dice
    incoming (most threatened target first), within its supply; one INTERCEPT
    value per unit (7.56), at most 4 dice per target for infinite supply (7.55).

    Units in reach of every attack on the target answer them all (no ``shooter``);
    while dice remain unanswered, units in reach of only some attacks (7.53: no
    farther than that shooter) answer those attacks by name, nearest shooter first
    (the attack fewest units may answer).
    """
    left: dict[str, int] = {}
    slot_of: dict[str, str] = {}
    out: list[dict] = []
    targets = sorted(decision.options.targets, key=lambda t: -t.incoming_dice)
    for t in targets:
        used: dict[str, int] = {}            # dice per unit on this target (infinite cap)
        need = t.incoming_dice
        need = _cover(t.target, None, t.interceptors, need, left, slot_of, used, out)
        pooled = {o.uid for o in t.interceptors if o.eligible}
        # an off-map attacker (a card's LRS, distance None) is the farthest (lcb_lab's reading of 7.53)
        for a in sorted(t.attacks, key=lambda a: (a.distance is None, a.distance or 0)):
            if need <= 0:
                break
            opts = [o for o in a.interceptors if o.uid not in pooled]
            ask = min(a.dice, need)
            need -= ask - _cover(t.target, a.shooter, opts, ask, left, slot_of, used, out)
    return out


def _cover(target: str, shooter: str | None, opts: "Sequence[Interceptor]", need: int,
           left: dict[str, int], slot_of: dict[str, str], used: dict[str, int], out: list[dict]) -> int:
    """Allocate eligible ``opts`` against ``need`` dice; returns the dice still unanswered."""
    for o in opts:
        if not o.eligible or need <= 0:
            continue
        if slot_of.setdefault(o.uid, o.slot) != o.slot:
            continue
        key = o.uid
        left.setdefault(key, o.max_dice if o.max_dice is not None else 4)
        cap = min(left[key], 4) - used.get(key, 0) if o.infinite else left[key]
        n = min(need, cap)
        if n > 0:
            row = {"interceptor": o.uid, "slot": o.slot, "target": target, "dice": n}
            if shooter is not None:
                row["shooter"] = shooter
            out.append(row)
            used[key] = used.get(key, 0) + n
            if not o.infinite:
                left[key] -= n
            need -= n
    return need


def _return_fire(decision: "GaDefenseChoice") -> list[dict]:
    """Each defender fires up to 4 dice back at the attacker with most dice on it."""
    attackers = decision.options.attackers
    if not attackers:
        return []
    out = []
    for d in decision.options.defenders:
        target = max(attackers, key=lambda a: a.dice).uid
        n = 4 if d.supply is None else min(4, d.supply)
        if n:
            out.append({"defender": d.uid, "target": target, "dice": n})
    return out


def _detonate_all(decision: "MineAttackChoice") -> list:
    """Every mine cube at once, spread evenly over the targets in order (13.33):
    ``[[target, cubes], ...]``."""
    t, n = decision.options.targets, decision.options.cubes
    if not t or n <= 0:
        return []
    out = {x: 0 for x in t}
    for i in range(n):
        out[t[i % len(t)]] += 1
    return [(x, k) for x, k in out.items() if k]


def _absorb_all(decision: Choice) -> dict:
    return {"absorb": decision.most}


UNIT_BUNDLE, MIXED_BUNDLE, CARD_BUNDLE = 4, 2, 2
"""10.311, per HP lost: GPSV of units alone / with one card, Embarked cards."""


def _embark_order(decision: "EmbarkLossesChoice") -> tuple[list[EmbarkUnit], list[str]]:
    return sorted(decision.options.units, key=lambda u: -u.gpsv), list(decision.options.cards)


def _fill(units: list[EmbarkUnit], room: int) -> list[str]:
    """Take units (largest first) into ``room`` GPSV; returns their refs (removed from ``units``)."""
    took = []
    for u in list(units):
        if u.gpsv <= room:
            room -= u.gpsv
            took.append(u.uid)
            units.remove(u)
    return took


def _lose_units_first(decision: Choice) -> list[str]:
    """Per HP: the most GPSV of units up to 4 (largest first); with no unit left, 2 cards; a
    bundle of units of 2 GPSV or less also takes 1 card (10.311)."""
    units, cards = _embark_order(decision)
    picks: list[str] = []
    for _ in range(decision.options.hp):
        took = _fill(units, UNIT_BUNDLE)
        used = sum(u.gpsv for u in decision.options.units if u.uid in took)
        n = CARD_BUNDLE if not took else (1 if used <= MIXED_BUNDLE else 0)
        picks += took + cards[:n]
        del cards[:n]
    return picks


def _lose_cards_first(decision: Choice) -> list[str]:
    """Per HP: 2 cards while any remain (the last one with up to 2 GPSV of units); then units."""
    units, cards = _embark_order(decision)
    picks: list[str] = []
    for _ in range(decision.options.hp):
        took, room = cards[:CARD_BUNDLE], UNIT_BUNDLE
        del cards[:CARD_BUNDLE]
        picks += took
        if len(took) == CARD_BUNDLE:
            continue
        picks += _fill(units, MIXED_BUNDLE if took else room)
    return picks


# ---------------------------------------------------------------- one class per kind
class InterceptChoice(Choice):
    """INTERCEPT before any LRS roll (7.54): options :class:`InterceptOptions`; answered by
    :class:`~lcb_lab.games.lcb.actions.AnswerIntercept`."""

    kind = "intercept"
    name = "INTERCEPT"
    title = "INTERCEPT"
    ANSWER = A.AnswerIntercept
    Options = InterceptOptions
    options: InterceptOptions
    POLICIES = {"no_intercept": lambda d: [], "match_incoming": _match_incoming}
    DEFAULT_POLICY = "match_incoming"

    def _fields(self, value: Any) -> dict:
        rows = _listed("intercepts", _keyed(value, "intercepts"))
        return {"intercepts": [{k: v for k, v in x.items() if v is not None} if isinstance(x, dict) else x
                               for x in rows]}


class GaDefenseChoice(Choice):
    """GROUND ASSAULT defense dice of one hex (7.13; also against a Proxy Force / SOF marker,
    13.12, when ``options.marker`` names it): options :class:`GaDefenseOptions`; answered by
    :class:`~lcb_lab.games.lcb.actions.AnswerDefense`."""

    kind = "ga_defence"           # saved in games and policies: kept as written before the rulebook's spelling (defense)
    name = "GROUND ASSAULT defense"
    title = "GROUND ASSAULT defense"
    ANSWER = A.AnswerDefense
    Options = GaDefenseOptions
    options: GaDefenseOptions
    POLICIES = {"no_defence": lambda d: [], "return_fire": _return_fire}
    DEFAULT_POLICY = "return_fire"

    @property
    def against_marker(self) -> bool:
        """Is the assault a card marker's (13.12), answered by :mod:`lcb_lab.games.lcb.rules.markers.proxy`?"""
        return self.options.marker is not None

    def _fields(self, value: Any) -> dict:
        return {"defence": _listed("defence", _keyed(value, "defence"))}


class MildecChoice(Choice):
    """HP a MILDEC may absorb (4.22; after a mine hit too, 13.34, when ``options.key`` starts
    with ``mine:``; a torpedo hit, 14.08, with ``torpedo:``): options :class:`MildecOptions`; answered by :class:`~lcb_lab.games.lcb.actions.AnswerMildec`."""

    kind = "mildec"
    name = "MILDEC"
    title = "MILDEC"
    ANSWER = A.AnswerMildec
    Options = MildecOptions
    options: MildecOptions
    POLICIES = {"never_absorb": lambda d: {"absorb": 0}, "absorb_all": _absorb_all}
    DEFAULT_POLICY = "absorb_all"

    @property
    def most(self) -> int:
        """The most HP the MILDECs may absorb: one per MILDEC, at most the damage (4.22)."""
        return min(self.options.damage, self.options.mildecs)

    @property
    def after_mine(self) -> bool:
        """Is it a mine hit's (13.34), answered by :mod:`lcb_lab.games.lcb.rules.markers.mines`?"""
        return self.options.key.startswith("mine:")

    @property
    def after_torpedo(self) -> bool:
        """Is it a torpedo hit's (14.08), answered by :mod:`lcb_lab.games.lcb.rules.submarines.asw`?"""
        return self.options.key.startswith("torpedo:")

    def decline(self) -> A.Answer:
        """The answer that absorbs nothing with MILDECs (4.22): ``AnswerMildec(absorb=0)``."""
        return A.AnswerMildec(absorb=0, choice=self.id or None)

    def _fields(self, value: Any) -> dict:
        if isinstance(value, dict):
            return {"absorb": value.get("absorb")}
        return {"absorb": value}


class CardResponseChoice(Choice):
    """A card-response window (NULLIFY / FTR NULLIFY / card INTERCEPT, 9.41-9.46, 9.011): options
    :class:`CardResponseOptions`; answered by :class:`~lcb_lab.games.lcb.actions.AnswerCards`."""

    kind = "card_response"
    name = "card response"
    title = "card response (NULLIFY / FTR NULLIFY / INTERCEPT)"
    ANSWER = A.AnswerCards
    Options = CardResponseOptions
    options: CardResponseOptions
    POLICIES = {"pass": lambda d: {"responses": [], "card_intercepts": []}, "respond_all": _respond_all,
                "respond_intercept_all": lambda d: _respond_all(d, intercept=True)}
    DEFAULT_POLICY = "pass"

    def _fields(self, value: Any) -> dict:
        if not isinstance(value, dict):
            raise InputError("answer", "(value)", "an object with responses and card_intercepts, "
                             f"not {type(value).__name__}")
        return {"responses": value.get("responses", []), "card_intercepts": value.get("card_intercepts", [])}


class EmbarkLossesChoice(Choice):
    """Embarked cargo lost with a ship's HP (10.311): options :class:`EmbarkLossesOptions`;
    answered by :class:`~lcb_lab.games.lcb.actions.AnswerEmbarkLosses`."""

    kind = "embark_losses"
    name = "embarked cargo losses"
    title = "embarked cargo lost (10.311)"
    ANSWER = A.AnswerEmbarkLosses
    Options = EmbarkLossesOptions
    options: EmbarkLossesOptions
    POLICIES = {"lose_units_first": _lose_units_first, "lose_cards_first": _lose_cards_first,
                "spare": lambda d: []}
    DEFAULT_POLICY = "lose_units_first"

    def _fields(self, value: Any) -> dict:
        return {"picks": [str(p) for p in _listed("picks", _keyed(value, "picks") or []) if p]}


class MineAttackChoice(Choice):
    """The mine owner's attack on what entered or left a mined hex (13.33): options
    :class:`MineAttackOptions`; answered by :class:`~lcb_lab.games.lcb.actions.AnswerMines`."""

    kind = "mine_attack"
    name = "mine attack"
    title = "mine attack (13.33)"
    ANSWER = A.AnswerMines
    Options = MineAttackOptions
    options: MineAttackOptions
    POLICIES = {"detonate_all": _detonate_all, "hold_mines": lambda d: []}
    DEFAULT_POLICY = "detonate_all"

    def _fields(self, value: Any) -> dict:
        rows = _listed("mines", _keyed(value, "mines"))
        return {"mines": [{"target": x[0], "cubes": x[1]} if isinstance(x, (list, tuple)) and len(x) == 2 else x
                          for x in rows]}


class EventChoice(Choice):
    """Where an Event Card's gray cubes go (16.0, 3.26): options :class:`EventOptions`; answered
    by :class:`~lcb_lab.games.lcb.actions.AnswerEvent` naming ``count`` distinct hexes. The cubes
    must be placed: there is no empty answer (a bare ``Answer()`` is refused)."""

    kind = "event"
    name = "Event Card"
    title = "Event Card: place gray cubes (16.0)"
    ANSWER = A.AnswerEvent
    Options = EventOptions
    options: EventOptions
    POLICIES = {"first_listed": lambda d: {"hexes": list(d.options.hexes[:d.picks])},
                "last_listed": lambda d: {"hexes": list(d.options.hexes[-d.picks:]) if d.picks else []}}
    DEFAULT_POLICY = "first_listed"

    @property
    def picks(self) -> int:
        """How many hexes the answer names: the cubes to place, at most the hexes open."""
        return min(self.options.count, len(self.options.hexes))

    def _fields(self, value: Any) -> dict:
        return {"hexes": [str(h) for h in _listed("hexes", _keyed(value, "hexes") or [])]}


CHOICE_KINDS: dict[str, type[Choice]] = {c.kind: c for c in (
    InterceptChoice, GaDefenseChoice, MildecChoice, CardResponseChoice, EmbarkLossesChoice, MineAttackChoice,
    EventChoice)}
"""The registry: kind -> choice class (saves, policies, the UI and the answer routing read it)."""

POLICIES: dict[str, dict[str, Callable[[Choice], Any]]] = {k: c.POLICIES for k, c in CHOICE_KINDS.items()}
"""kind -> {policy name: fn(choice) -> plain answer} (from :data:`CHOICE_KINDS`)."""

DEFAULT_POLICIES: dict[str, str] = {k: c.DEFAULT_POLICY for k, c in CHOICE_KINDS.items()}
"""What scripts use when they name no policy."""


def policy_value(choice: Choice, policy: str | None = None) -> Any:
    """The plain answer (module docstring shapes) the named policy, or the kind's default, gives."""
    return choice.policy_value(policy)


def answer_with(choice: Choice, policy: str | None = None) -> A.Answer:
    """The typed answer action the named policy (or the kind's default) gives; apply it with
    ``game.apply``.  Raises LabError for an unknown policy."""
    return choice.answer_from(choice.policy_value(policy))


def check_policies(what: str, value: Any) -> dict[str, str] | None:
    """Validate ``auto_policies``: None, or {decision kind: policy name} from choices.POLICIES.

    Raises InputError naming the kind.
    """
    value = I.check(what, I.POLICY_NAMES, value)
    for kind, name in (value or {}).items():
        if kind not in POLICIES:
            raise InputError(what, kind, f"no decision kind {kind!r}; known: {', '.join(POLICIES)}")
        if name not in POLICIES[kind]:
            raise InputError(what, kind, f"no policy {name!r} for {kind} decisions; known: "
                             f"{', '.join(sorted(POLICIES[kind]))}")
    return value

