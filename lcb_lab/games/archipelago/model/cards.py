"""The cards of the optional rule l.757-781: the sandbox set (``data/cards.toml``) and the
Interceptors question on the game's stack of pending choices (kernel :mod:`~lcb_lab.kernel.choices`).

:class:`Card` -- one card: its name (``"subs-1"``), ``group`` ("RC Mines", "Submarines",
"Aircraft", l.763-765), ``kind`` ("rc_mines", "submarines", "attack_aircraft", "interceptors",
l.775-778), the board ``sectors`` it marks (sandbox) and ``limit`` (the most enemy pieces it
destroys; 0 all vessels there).  :func:`card_set` is the 12 cards each player owns (l.761).

>>> sorted({c.group for c in card_set().values()}), len(card_set())
(['Aircraft', 'RC Mines', 'Submarines'], 12)
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, ClassVar

from lcb_lab.games.archipelago.actions import AnswerInterceptors
from lcb_lab.kernel import choices as K
from lcb_lab.kernel import files

DATA = Path(__file__).resolve().parents[1] / "data" / "cards.toml"
GROUPS = ("RC Mines", "Submarines", "Aircraft")


@dataclass(frozen=True)
class Card:
    """One card (see the module)."""

    name: str
    group: str
    kind: str
    sectors: tuple[str, ...]
    limit: int


@cache
def card_set() -> dict[str, Card]:
    """The 12 cards each player owns, by name (sandbox, ``data/cards.toml``), read once."""
    raw = files.load_toml(DATA, "cards")
    raw.pop("cards")
    return {n: Card(n, d["group"], d["kind"], tuple(d["sectors"]), d["limit"]) for n, d in raw.items()}


def _decline(choice: Any) -> bool:
    return False


@dataclass
class InterceptorsChoice(K.Choice):
    """The question put to ``player`` when the enemy uses Aircraft card ``card`` on ``targets``:
    play the own Interceptors card against it (l.778)?  Asked whether or not the player holds one,
    so the question itself tells the other player nothing (``observer.py``)."""

    kind: ClassVar[str] = "interceptors"
    name: ClassVar[str] = "Interceptors"
    ANSWER: ClassVar[type] = AnswerInterceptors
    POLICIES: ClassVar[dict] = {"decline": _decline}
    DEFAULT_POLICY: ClassVar[str] = "decline"
    player: str = ""
    card: str = ""
    targets: tuple[str, ...] = ()
    id: int = 0

    def answerers(self) -> tuple[str, ...]:
        """The player asked."""
        return (self.player,)

    def waiting(self) -> tuple[str, str]:
        """``(rule, reason)`` refusing another act while the question waits."""
        return "l.778", f"{self.player} is asked first whether it plays Interceptors"

    def answer_fields(self, value: Any) -> dict:
        """``{"player", "play"}`` from a yes / no answer."""
        return {"player": self.player, "play": bool(value)}
