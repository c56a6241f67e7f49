"""Shapes of what players hand to the Game: declarations, allocations, answers.

Every public :class:`~lcb_lab.game.Game` call checks its input here first, so
a malformed request (a missing key, dice given as ``"four"`` or ``2.5``, a
number where a hex label belongs) raises :class:`InputError` naming the
field and the problem -- never a bare ``KeyError`` or ``TypeError`` -- and
the game is left unchanged.  Dice counts must be whole numbers (no
``True``, no ``2.9``, no ``"4"``).
"""
from __future__ import annotations

from typing import Any, Optional

from pydantic import BaseModel, ConfigDict, StrictInt, StrictStr, TypeAdapter, ValidationError

from .errors import LcbError


class InputError(LcbError):
    """A request to the Game is malformed. ``where`` names the field."""

    def __init__(self, what: str, where: str, problem: str):
        self.where = where
        super().__init__(f"{what}: {where}: {problem}")


class _In(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Action(_In):
    kind: StrictStr
    units: list[StrictStr] = []
    jcc: Optional[StrictStr] = None
    markers: list[StrictStr] = []


class LrsAlloc(_In):
    shooter: StrictStr
    slot: StrictStr
    target: StrictStr
    dice: StrictInt


class GaAlloc(_In):
    attacker: StrictStr
    target: StrictStr
    dice: StrictInt


class IntAlloc(_In):
    """INTERCEPT dice; ``shooter`` names the LRS attack they answer (7.54), None: every
    attack on the target (see lcb_lab.rules.intercept)."""

    interceptor: StrictStr
    slot: StrictStr
    target: StrictStr
    dice: StrictInt
    shooter: Optional[StrictStr] = None


class DefAlloc(_In):
    defender: StrictStr
    target: StrictStr
    dice: StrictInt


class Grant(_In):
    unit: StrictStr
    slot: StrictStr
    rp: StrictInt


class MildecAnswer(_In):
    absorb: StrictInt


_ADAPTERS: dict[Any, TypeAdapter] = {}


def check(what: str, shape: Any, value: Any) -> Any:
    """Validate ``value`` against ``shape`` (a model, ``list[Model]``, ``list[str]``, ``int``).

    Returns plain data (dicts for models).  Raises InputError.
    """
    ad = _ADAPTERS.get(shape)
    if ad is None:
        ad = _ADAPTERS[shape] = TypeAdapter(shape)
    try:
        out = ad.validate_python(value, strict=True)
    except ValidationError as e:
        err = e.errors()[0]
        where = ".".join(str(p) for p in err["loc"]) or "(value)"
        raise InputError(what, where, err["msg"]) from None
    return _plain(out)


def _plain(v):
    if isinstance(v, BaseModel):
        return v.model_dump()
    if isinstance(v, list):
        return [_plain(x) for x in v]
    return v


ACTIONS = list[Action]
LRS = list[LrsAlloc]
GA = list[GaAlloc]
INTERCEPTS = list[IntAlloc]
DEFENCE = list[DefAlloc]
GRANTS = list[Grant]
HEXES = list[StrictStr]
INDEX = StrictInt
NAMES = list[StrictStr]
