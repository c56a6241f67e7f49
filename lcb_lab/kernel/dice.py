"""All randomness: d20 rolls through one seeded or scripted :class:`Dice` (7.01).

``Dice(seed=7)`` draws from a numpy ``Generator``; ``Dice(forced=[...])``
returns the forced values first (lessons and tests reproduce printed
examples), then falls back to the seed if one was given, else raises
:class:`~lcb_lab.kernel.errors.DiceExhausted`.  Every roll is appended to
``Dice.history`` as ``(purpose, values)``.

numpy is imported when the seeded generator is first needed (a roll past the
forced values, or :meth:`Dice.state`), not when the module or a Dice is made:
loading a scenario pays no numpy import.
"""
from __future__ import annotations

from collections import deque
from typing import Iterable

from lcb_lab.kernel.errors import DiceExhausted, LcbError

SIDES = 20


class _Unmade:
    """The type of :data:`_UNMADE` (one instance; copies and pickles of a Dice keep it)."""

    __slots__ = ()

    def __reduce__(self) -> str:
        return "_UNMADE"

    def __repr__(self) -> str:
        return "<generator not made yet>"


_UNMADE = _Unmade()
"""``Dice._rng`` while the seeded generator is not yet made (``default_rng(seed)`` on first use)."""


def default_rng(seed: int | None):
    """``numpy.random.default_rng(seed)`` (numpy imported here, on first use)."""
    import numpy as np
    return np.random.default_rng(seed)


class Dice:
    """The only source of random numbers in lcb_lab."""

    def __init__(self, seed: int | None = None, forced: Iterable[int] = ()):
        self.seed = seed
        self._rng = _UNMADE if seed is not None else None
        self._forced: deque[int] = deque()
        self.history: list[tuple[str, list[int]]] = []
        self.force(forced)

    def force(self, values: Iterable[int]) -> None:
        """Queue forced d20 results (each 1..20). Raises LcbError otherwise."""
        vals = [int(v) for v in values]
        bad = [v for v in vals if not 1 <= v <= SIDES]
        if bad:
            raise LcbError(f"forced d20 values must be 1..20, got {bad}")
        self._forced.extend(vals)

    @property
    def forced_left(self) -> int:
        return len(self._forced)

    def roll(self, n: int, purpose: str = "") -> list[int]:
        """Roll ``n`` d20 (7.01). Forced values are used first."""
        out: list[int] = []
        for _ in range(n):
            if self._forced:
                out.append(self._forced.popleft())
            elif self._rng is not None:
                out.append(int(self._generator().integers(1, SIDES + 1)))
            else:
                raise DiceExhausted(
                    f"no forced dice left for {purpose or 'a roll'} and no seed to fall back on")
        self.history.append((purpose, out))
        return out

    def _generator(self):
        """The seeded numpy ``Generator`` (made now if not yet)."""
        if self._rng is _UNMADE:
            self._rng = default_rng(self.seed)
        return self._rng

    def state(self) -> dict:
        """Serializable dice state (seed, generator state, forced queue)."""
        rng = self._rng
        if rng is _UNMADE:
            rng = self._generator()
        return {
            "seed": self.seed,
            "rng": rng.bit_generator.state if rng is not None else None,
            "forced": list(self._forced),
        }

    def set_state(self, d: dict) -> None:
        """Put this Dice (same object: the game and its state keep their references)
        back to a :meth:`state` snapshot."""
        self.seed = d.get("seed")
        if d.get("rng") is None:
            self._rng = None
        else:
            if self._rng is None:
                self._rng = default_rng(self.seed)
            self._generator().bit_generator.state = d["rng"]
        self._forced = deque(int(v) for v in d.get("forced", ()))

    @classmethod
    def from_state(cls, d: dict) -> "Dice":
        dice = cls(seed=d.get("seed"), forced=d.get("forced", ()))
        if d.get("rng") is not None and dice._rng is not None:
            dice._generator().bit_generator.state = d["rng"]
        return dice
