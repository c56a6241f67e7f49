"""All randomness: named dice and shuffled decks through one seeded or scripted :class:`Dice`.

A :class:`Die` is a name and a face table: :func:`dN` (faces 1..n; :data:`D6`, :data:`D20`) and
custom faces such as ``Die("avg", (1, 2, 2, 3, 3, 4))``.  A game names its own die (the engine's
``Engine.die``); the kernel defaults to none.  ``Dice(seed=7, die=D6)`` draws from a numpy
``Generator``; ``Dice(forced=[...], die=D6)`` returns the forced values first (lessons and tests
reproduce printed examples), then falls back to the seed if one was given, else raises
:class:`~lcb_lab.kernel.errors.DiceExhausted`.  Forced values are checked against the die's faces
in one place, :meth:`Die.check`: when they are queued (:meth:`Dice.force`, against the die named
there, else the Dice's own die) and again when one is drawn for a roll of another die.

Every roll is appended to ``Dice.history`` as a :class:`Draw`: the 2-tuple
``(purpose, values)`` it always was, with the die of each value in ``.dice``
(``.die`` when they are all the same die).  A seeded draw is ``faces[i]`` with
``i = generator.integers(0, len(faces))``, which for ``dN(n)`` is exactly
``integers(1, n + 1)``: the draw stream of every save, record and golden transcript made
before dice had names is unchanged (``tests/engine/test_dice.py``).

A :class:`Deck` (draw, discard, reshuffle) shuffles through the same Dice: a
Fisher-Yates shuffle rolls one ``dN`` per card (recorded with its purpose), so a
deck is reproducible by seed, scriptable with forced values and replayed exactly
by the game record like any other roll.

Which rolls are explicit chance steps is the game's choice: a game whose ``to_act()`` returns
:data:`~lcb_lab.kernel.actions.CHANCE` makes the next roll a move of its own, with its outcomes and
their exact probabilities (:class:`lcb_lab.kernel.odds.ChanceStep`); every other roll stays
inline in the act that makes it, and a game may preview it (the same ChanceSteps, drawing
nothing) before the act is applied.

numpy is imported when the seeded generator is first needed (a roll past the
forced values, or :meth:`Dice.state`), not when the module or a Dice is made:
loading a game pays no numpy import.  This module imports only :mod:`lcb_lab.kernel.errors`.

A dice seed is ``None`` (no seed) or a whole number ``0 .. SEED_MAX`` (2**64-1, one 64-bit word:
sandbox, numpy itself takes any size).  One check says so, :func:`seed_problem`: a :class:`Dice`
made with another seed raises InputError, a saved dice state with one is refused
(:func:`state_problem`), and every file or argument that carries a seed (a scenario, lesson or
situation file, ``load_scenario``, a save, the CLI's ``--seed``) holds to the same bound.
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Callable, Hashable, Iterable, Sequence

from lcb_lab.kernel.errors import DiceExhausted, InputError, LabError

if TYPE_CHECKING:
    import numpy as np


@dataclass(frozen=True)
class Die:
    """A named die: ``faces`` are the values it shows, each equally likely (a value
    printed on two faces is twice as likely).  Raises LabError for an empty table or a
    face that is not a whole number.

    >>> Die("avg", (1, 2, 2, 3, 3, 4)).probabilities()
    {1: 0.16666666666666666, 2: 0.3333333333333333, 3: 0.3333333333333333, 4: 0.16666666666666666}
    """

    name: str
    faces: tuple[int, ...]

    def __post_init__(self) -> None:
        faces = tuple(self.faces)
        if not faces or any(isinstance(f, bool) or not isinstance(f, int) for f in faces):
            raise LabError(f"die {self.name}: faces must be whole numbers, at least one")
        object.__setattr__(self, "faces", faces)

    @property
    def sides(self) -> int:
        """Number of faces."""
        return len(self.faces)

    def values(self) -> tuple[int, ...]:
        """The distinct values, ascending."""
        return tuple(sorted(set(self.faces)))

    def probabilities(self) -> dict[int, float]:
        """``{value: P(value)}`` over the distinct values, ascending."""
        n = len(self.faces)
        return {v: self.faces.count(v) / n for v in self.values()}

    def chance(self, succeeds: "Rule") -> float:
        """P(one roll succeeds) under ``succeeds`` (face -> bool): successful faces / faces, exactly
        (``dN(n).chance(at_most(k)) == k / n`` for 0 <= k <= n)."""
        return sum(1 for f in self.faces if succeeds(f)) / len(self.faces)

    def check(self, values: Iterable[Any], what: str = "forced") -> list[int]:
        """``values`` as ints when each is a value of this die; raises LabError naming
        the die and the bad values otherwise (the one check of scripted values)."""
        vals = [int(v) for v in values]
        bad = [v for v in vals if v not in self.faces]
        if bad:
            raise LabError(f"{what} {self.name} values must be {self.range_text()}, "
                           f"got {', '.join(map(str, bad))}")
        return vals

    def range_text(self) -> str:
        """``"1..20"`` for consecutive values, else ``"one of 1, 2, 3, 4"``."""
        vs = self.values()
        if len(vs) > 2 and vs == tuple(range(vs[0], vs[-1] + 1)):
            return f"{vs[0]}..{vs[-1]}"
        return "one of " + ", ".join(map(str, vs))

    def draw(self, generator: np.random.Generator) -> int:
        """One face from a numpy ``Generator``: ``faces[generator.integers(0, sides)]``."""
        return self.faces[int(generator.integers(0, len(self.faces)))]

    def __str__(self) -> str:
        return self.name


@lru_cache(maxsize=None)
def dN(n: int) -> Die:
    """The die ``dN``: faces 1..n (n >= 1). Raises LabError for n < 1."""
    if int(n) < 1:
        raise LabError(f"a die needs at least one face, not {n}")
    return Die(f"d{int(n)}", tuple(range(1, int(n) + 1)))


D6 = dN(6)
"""The six-sided die."""
D20 = dN(20)
"""The twenty-sided die (offered, never a default: a game names its die)."""


Rule = Callable[[int], bool]
"""A success rule: a die's face -> True when that face succeeds."""


def at_most(limit: int) -> Rule:
    """The rule "a roll <= ``limit`` succeeds" (a limit below the lowest face never succeeds)."""
    return lambda face: face <= limit


class Draw(tuple):
    """One roll in ``Dice.history``: the 2-tuple ``(purpose, values)`` (so ``for purpose,
    values in dice.history`` reads it), with ``dice``: the :class:`Die` of each value."""

    def __new__(cls, purpose: str, values: list[int], dice: Sequence[Die] = ()):
        self = tuple.__new__(cls, (purpose, values))
        self.dice = dice if type(dice) is tuple else tuple(dice)
        return self

    @property
    def purpose(self) -> str:
        """What the dice were rolled for (the first field: the ``purpose`` given to :meth:`Dice.roll`)."""
        return self[0]

    @property
    def values(self) -> list[int]:
        """The faces rolled, in order (the second field)."""
        return self[1]

    @property
    def die(self) -> Die | None:
        """The die of every value, or None when the roll mixed dice (a shuffle) or drew none."""
        return self.dice[0] if self.dice and all(d == self.dice[0] for d in self.dice) else None

    def __reduce__(self):
        return Draw, (self[0], self[1], self.dice)


class _Unmade:
    """The type of :data:`_UNMADE` (one instance; copies and pickles of a Dice keep it)."""

    __slots__ = ()

    def __reduce__(self) -> str:
        return "_UNMADE"

    def __repr__(self) -> str:
        return "<generator not made yet>"


_UNMADE = _Unmade()
"""``Dice._rng`` while the seeded generator is not yet made (``default_rng(seed)`` on first use)."""

SEED_MAX = 2**64 - 1
"""The largest dice seed (module doc): one 64-bit word."""
SEED_SOURCE = "sandbox: a 64-bit dice seed"
"""Where :data:`SEED_MAX` comes from: lcb_lab's own bound (no rulebook sets one)."""


def seed_problem(seed: Any) -> str | None:
    """Why ``seed`` is no dice seed (one line), or None when it is one: None, or a whole number
    (a plain int, no bool) ``0 .. SEED_MAX``.  The one check of a seed (module doc); an int outside
    reads ``"<seed> is out of range: allowed 0..18446744073709551615 (sandbox: a 64-bit dice seed)"``
    (a number longer than 20 digits shown by its length), the wording of the scenario files' ranges.

    >>> seed_problem(2**64) is None, seed_problem(2**64 - 1) is None, seed_problem(None) is None
    (False, True, True)
    >>> seed_problem(-1)
    '-1 is out of range: allowed 0..18446744073709551615 (sandbox: a 64-bit dice seed)'
    """
    if seed is None or _whole(seed, 0, SEED_MAX + 1):
        return None
    if type(seed) is not int:
        return f"null or a whole number 0..{SEED_MAX} is expected, not {_short(seed)}"
    digits = str(seed).lstrip("-")
    shown = str(seed) if len(digits) <= 20 else f"a {len(digits)}-digit number"
    return f"{shown} is out of range: allowed 0..{SEED_MAX} ({SEED_SOURCE})"


def default_rng(seed: int | None) -> np.random.Generator:
    """``numpy.random.default_rng(seed)`` (numpy imported here, on first use)."""
    import numpy as np
    return np.random.default_rng(seed)


class Dice:
    """The only source of random numbers in lcb_lab (module doc)."""

    def __init__(self, seed: int | None = None, forced: Iterable[int] = (), die: Die | None = None):
        """``die``: the game's own die, what :meth:`roll` and :meth:`force` use when no die is named
        (None: every roll and force names its die, else LabError; ``forced`` values are then
        checked against the die each is drawn for).  ``seed``: None or 0 .. :data:`SEED_MAX`, else
        InputError (:func:`seed_problem`)."""
        problem = seed_problem(seed)
        if problem:
            raise InputError("dice", "seed", problem)
        self._state = None
        self.seed = seed
        self.die = die
        self._rng = _UNMADE if seed is not None else None
        self._pending: dict | None = None   # the generator state to put in when it is made (from_state)
        self._forced: deque[int] = deque()
        self._state: dict | None = None     # state() as last built; None once anything drew or changed
        self.history: list[Draw] = []
        if die is None:         # no die to check them against: each is checked when drawn
            self._forced.extend(int(v) for v in forced)
        else:
            self.force(forced)

    def force(self, values: Iterable[int], die: Die | None = None) -> None:
        """Queue forced results, each a value of ``die`` (default this Dice's own :attr:`die`).
        Raises LabError otherwise, or when no die is named and the Dice has none."""
        self._state = None
        self._forced.extend(self._die(die, "force").check(values))

    @property
    def forced_left(self) -> int:
        """How many forced rolls are still queued (0 once they are used up)."""
        return len(self._forced)

    def roll(self, n: int, purpose: str = "", die: Die | None = None) -> list[int]:
        """Roll ``n`` of ``die`` (default this Dice's own :attr:`die`) for ``purpose`` (a short label,
        e.g. ``"volley at the gate"``), recorded in :attr:`history`. Forced values are used
        first; raises DiceExhausted when none is left and there is no seed, LabError when a
        forced value is not a face of ``die`` or no die is named and the Dice has none."""
        out = []
        self._state = None
        die = self._die(die, "roll")
        forced, faces = self._forced, die.faces
        for _ in range(n):
            if forced:                       # inline: a lesson replays thousands of forced dice
                v = forced.popleft()
                if v not in faces:
                    die.check([v], f"forced ({purpose or 'a roll'})")     # Die.check words the refusal
                out.append(v)
            else:
                out.append(self._one(die, purpose))
        self.history.append(Draw(purpose, out, (die,) * n))
        return out

    def _die(self, die: Die | None, what: str) -> Die:
        """``die``, else this Dice's own; LabError when neither is named."""
        if die is not None:
            return die
        if self.die is None:
            raise LabError(f"{what}: name the die (this Dice has no die of its own)")
        return self.die

    def _one(self, die: Die, purpose: str) -> int:
        self._state = None
        if self._forced:
            v = self._forced.popleft()
            if v not in die.faces:
                die.check([v], f"forced ({purpose or 'a roll'})")
            return v
        if self._rng is not None:
            return die.draw(self._generator())
        raise DiceExhausted(f"no forced dice left for {purpose or 'a roll'} and no seed to fall back on")

    def shuffle(self, items: Sequence[Any], purpose: str = "shuffle") -> list[Any]:
        """A shuffled copy of ``items`` (Fisher-Yates: for i = n-1..1 one ``d(i+1)`` picks
        the card to swap into place i), recorded as one :class:`Draw`."""
        out = list(items)
        vals, dice = [], []
        for i in range(len(out) - 1, 0, -1):
            die = dN(i + 1)
            j = self._one(die, purpose) - 1
            vals.append(j + 1)
            dice.append(die)
            out[i], out[j] = out[j], out[i]
        self.history.append(Draw(purpose, vals, dice))
        return out

    def _generator(self):
        """The seeded numpy ``Generator`` (made now if not yet)."""
        if self._rng is _UNMADE:
            self._rng = default_rng(self.seed)
            if self._pending is not None:
                self._rng.bit_generator.state, self._pending = self._pending, None
        return self._rng

    def state(self) -> dict:
        """Serializable dice state (seed, generator state, forced queue).  Read-only: the same
        dict is returned again until a roll, a force or :meth:`set_state` changes the dice (the
        record keeps one before and after every act; building it is most of its cost)."""
        got = self._state
        if got is not None and got["seed"] is self.seed:
            return got
        rng = self._rng
        if rng is _UNMADE and self._pending is None:
            rng = self._generator()
        got = self._state = {
            "seed": self.seed,
            "rng": self._pending if rng is _UNMADE else rng.bit_generator.state if rng is not None else None,
            "forced": list(self._forced),
        }
        return got

    def set_state(self, d: dict) -> None:
        """Put this Dice (same object: the game and its state keep their references)
        back to a :meth:`state` snapshot (at once when ``d`` is the state the dice still are in:
        :meth:`state` returned it and nothing changed since)."""
        if d is self._state and d["seed"] is self.seed:
            return
        self._state = None
        self._pending = None
        self.seed = d.get("seed")
        if d.get("rng") is None:
            self._rng = None
        elif self._rng is _UNMADE:
            self._pending = d["rng"]      # put in when the generator is first used
        else:
            if self._rng is None:
                self._rng = default_rng(self.seed)
            self._generator().bit_generator.state = d["rng"]
        self._forced = deque(int(v) for v in d.get("forced", ()))

    @classmethod
    def from_state(cls, d: dict, die: Die | None) -> "Dice":
        """A Dice at a :meth:`state` snapshot (``die``: its own die, None for none). The forced queue is taken as
        saved: each value is checked against the die it is drawn for, when it is drawn (a queue may
        hold values of several dice, e.g. a deck's shuffle)."""
        dice = cls(seed=d.get("seed"), die=die)
        dice._forced = deque(int(v) for v in d.get("forced", ()))
        dice._state = None
        if d.get("rng") is not None and dice._rng is not None:
            dice._pending = d["rng"]      # put in when the generator is first used (making one costs ~20 µs)
        return dice

    @classmethod
    def from_saved(cls, d: Any, die: Die | None) -> "Dice":
        """:meth:`from_state` of a state read from a file, checked first (:func:`state_problem`), so
        a bad one is refused when the file is read, not when the generator is first used.  Raises
        :class:`~lcb_lab.kernel.datacodec.DataError` (the keys down to the bad value)."""
        bad = state_problem(d)
        if bad is not None:
            from lcb_lab.kernel.datacodec import DataError     # only for a bad file: the dice stay a light import
            raise DataError(*bad)
        return cls.from_state(d, die)


_U128 = 2**128


def _whole(value: Any, lo: int, hi: int | None = None) -> bool:
    """Is ``value`` a plain int (no bool) with ``lo <= value`` (and ``value < hi``)?"""
    return type(value) is int and value >= lo and (hi is None or value < hi)


def state_problem(d: Any) -> tuple[tuple, str] | None:
    """What is wrong with ``d`` as a saved :meth:`Dice.state` -- ``(loc, problem)``, ``loc`` the keys
    down to the bad value (``("rng", "state", "inc")``, ``()`` for ``d`` itself) -- or None when it is one: an object of ``seed``
    (:func:`seed_problem`: null or a whole number 0 .. 2**64-1), ``rng`` (null or numpy's PCG64 state: ``bit_generator`` "PCG64", ``state``
    ``{"state", "inc"}`` whole numbers 0 .. 2**128-1, ``has_uint32`` 0 or 1, ``uinteger`` 0 .. 2**32-1)
    and ``forced`` (a list of whole numbers; each is checked against its die when it is drawn).

    >>> state_problem({"seed": 2**64, "rng": None, "forced": []})
    (('seed',), '18446744073709551616 is out of range: allowed 0..18446744073709551615 (sandbox: a 64-bit dice seed)')
    """
    if not isinstance(d, dict):
        return (), f"an object of seed, rng and forced is expected, not {type(d).__name__}"
    extra = sorted(set(d) - {"seed", "rng", "forced"}, key=str)
    if extra:
        return (str(extra[0]),), "unknown key; a dice state has seed, rng, forced"
    bad = seed_problem(d.get("seed"))
    if bad is not None:
        return ("seed",), bad
    forced = d.get("forced", [])
    if not isinstance(forced, list):
        return ("forced",), f"a list of whole numbers is expected, not {_short(forced)}"
    for i, v in enumerate(forced):
        if type(v) is not int:
            return ("forced", i), f"a whole number is expected, not {_short(v)}"
    rng = d.get("rng")
    return None if rng is None else _rng_problem(rng)


def _rng_problem(rng: Any) -> tuple[tuple, str] | None:
    """:func:`state_problem` of the ``rng`` part."""
    want = {"bit_generator", "state", "has_uint32", "uinteger"}
    if not isinstance(rng, dict) or set(rng) != want:
        return ("rng",), ("null or numpy's PCG64 state (bit_generator, state, has_uint32, uinteger) is expected, "
                       f"not {_short(rng)}")
    if rng["bit_generator"] != "PCG64":
        return ("rng", "bit_generator"), f"'PCG64' is expected, not {_short(rng['bit_generator'])}"
    words = rng["state"]
    if not isinstance(words, dict) or set(words) != {"state", "inc"}:
        return ("rng", "state"), f"an object of state and inc is expected, not {_short(words)}"
    for k in ("state", "inc"):
        if not _whole(words[k], 0, _U128):
            return ("rng", "state", k), f"a whole number 0 .. 2**128-1 is expected, not {_short(words[k])}"
    if not _whole(rng["has_uint32"], 0, 2):
        return ("rng", "has_uint32"), f"0 or 1 is expected, not {_short(rng['has_uint32'])}"
    if not _whole(rng["uinteger"], 0, 2**32):
        return ("rng", "uinteger"), f"a whole number 0 .. 2**32-1 is expected, not {_short(rng['uinteger'])}"
    return None


def _short(value: Any) -> str:
    """``value``'s repr, cut to 40 characters."""
    r = repr(value)
    return r if len(r) <= 40 else r[:37] + "..."


class Deck:
    """A shuffled deck drawn through a :class:`Dice` (the same seeded, scripted, recorded source).

    ``Deck("events", cards, dice)`` shuffles ``cards`` (any hashable values) into the draw
    pile at once (``shuffle=False``: keep the given order, top first).  :meth:`draw` takes
    from the top; when the draw pile runs out the discard pile is shuffled back in
    (``reshuffle=False``: raise instead).  :meth:`state` / :meth:`set_state` save it.
    """

    def __init__(self, name: str, cards: Iterable[Hashable], dice: Dice, shuffle: bool = True,
                 reshuffle: bool = True):
        self.name = name
        self.dice = dice
        self.reshuffle = reshuffle
        self.draw_pile: list[Hashable] = list(cards)
        self.discard_pile: list[Hashable] = []
        if shuffle:
            self.shuffle()

    def __len__(self) -> int:
        """Cards left in the draw pile."""
        return len(self.draw_pile)

    def shuffle(self) -> None:
        """Shuffle the discard pile into the draw pile (the draw pile too)."""
        cards = self.draw_pile + self.discard_pile
        self.discard_pile = []
        self.draw_pile = self.dice.shuffle(cards, f"shuffle {self.name}")

    def draw(self, n: int = 1) -> list[Hashable]:
        """The top ``n`` cards (top first), reshuffling the discards in when the pile runs out.
        Raises LabError when the deck (draw and discard piles) holds fewer than ``n``, or the
        pile runs out and the deck does not reshuffle."""
        out = []
        for _ in range(n):
            if not self.draw_pile:
                if not (self.reshuffle and self.discard_pile):
                    raise LabError(f"deck {self.name}: no card left to draw "
                                   f"({len(out)} of {n} drawn, {len(self.discard_pile)} discarded)")
                self.shuffle()
            out.append(self.draw_pile.pop(0))
        return out

    def discard(self, cards: Iterable[Hashable]) -> None:
        """Put ``cards`` on the discard pile (they come back at the next reshuffle)."""
        self.discard_pile.extend(cards)

    def state(self) -> dict:
        """``{"draw": [...], "discard": [...]}`` (top first); the Dice saves itself."""
        return {"draw": list(self.draw_pile), "discard": list(self.discard_pile)}

    def set_state(self, d: dict) -> None:
        """Put the piles back to a :meth:`state` snapshot."""
        self.draw_pile = list(d["draw"])
        self.discard_pile = list(d["discard"])


@dataclass
class Piles:
    """A deck as plain data a game keeps in its state (copied, saved, undone with it): the draw
    pile and the discard pile, top first.  :func:`draw_from` / :func:`discard_to` play it."""

    draw: list = field(default_factory=list)
    discard: list = field(default_factory=list)


def draw_from(piles: Piles, n: int, dice: Dice, name: str = "deck", reshuffle: bool = True) -> list:
    """The top ``n`` cards of ``piles`` (top first), taken off it in place; the discards are
    shuffled back in through ``dice`` when the draw pile runs out (recorded like any roll).
    Raises LabError as :meth:`Deck.draw` does."""
    deck = Deck(name, (), dice, shuffle=False, reshuffle=reshuffle)
    deck.draw_pile, deck.discard_pile = piles.draw, piles.discard
    try:
        return deck.draw(n)
    finally:
        piles.draw, piles.discard = deck.draw_pile, deck.discard_pile


def discard_to(piles: Piles, cards: Iterable[Hashable]) -> None:
    """Put ``cards`` on the discard pile of ``piles`` (they come back at the next reshuffle)."""
    piles.discard.extend(cards)
