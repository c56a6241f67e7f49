"""Designators, and the shapes of the dict arguments the Game still takes: answers, queries, seeds.

Acts are typed actions (:mod:`lcb_lab.games.lcb.actions`, which validate their own fields); what is
checked here are the plain-data arguments of :meth:`~lcb_lab.games.lcb.game.the typed answer actions`, the read-only
queries (``movement_reach``, ``path_to``, ``preview_lrs``), ``undo``/``goto`` and the loaders'
``seed`` / ``forced`` / ``auto_policies`` and dice states.  A malformed request (a missing key,
dice given as ``"four"`` or ``2.5``) raises :class:`InputError` naming the field and the
problem -- never a bare ``KeyError`` or ``TypeError`` -- and the game is left unchanged.
Designators (unit ids, marker ids,
Task Force names) are :data:`Designator` strings: 1-100 characters, no
control or invisible formatting characters, not starting with ``hidden:``
(the observer's stand-in ids for counters a team sees only as a back) -- the
same check scenario files, situations and saves use (:func:`designator_problem`).
"""
from __future__ import annotations

import unicodedata
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal, Optional

from pydantic import (AfterValidator, BaseModel, ConfigDict, Field, StrictInt, StrictStr,
                      ValidationError)

from lcb_lab.games.lcb.io import ranges as R
from lcb_lab.kernel.errors import UNPRINTABLE, InputError, printable, pydantic_problem  # noqa: F401 -- printable: I.printable

if TYPE_CHECKING:
    from pydantic import TypeAdapter

MAX_DESIGNATOR = 100
HIDDEN_PREFIX = "hidden:"
"""Prefix of the observer's stand-in ids (``hidden:<hex>:<n>``): no designator may start with it."""


def designator_problem(name: object) -> str | None:
    """Why ``name`` is no valid designator (unit id, marker id, Task Force name), or None.

    A designator is a non-empty string of at most 100 characters with no
    control, formatting (e.g. zero-width, right-to-left override), surrogate,
    private-use or line/paragraph-separator characters, and it does not start with
    ``hidden:`` (a team's view names counters it cannot identify ``hidden:<hex>:<n>``).
    """
    if not isinstance(name, str):
        return f"a designator is a string, not {type(name).__name__}"
    if not name:
        return "a designator cannot be empty"
    if len(name) > MAX_DESIGNATOR:
        return f"a designator has at most {MAX_DESIGNATOR} characters (got {len(name)})"
    for i, ch in enumerate(name):
        if unicodedata.category(ch) in UNPRINTABLE:
            return f"a designator cannot contain the control character {ch!r} (position {i})"
    if name.startswith(HIDDEN_PREFIX):
        return f"a designator cannot start with {HIDDEN_PREFIX!r} (the ids of counters seen only as a back)"
    return None


def _designator(v: str) -> str:
    problem = designator_problem(v)
    if problem:
        raise ValueError(problem)
    return v


Designator = Annotated[StrictStr, AfterValidator(_designator)]
"""A unit id, marker id or Task Force name (see :func:`designator_problem`)."""


class _In(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)
    DUMP: ClassVar[dict] = {}   # extra model_dump options for :func:`check`


class LrsAlloc(_In):
    shooter: Designator
    slot: StrictStr
    target: Designator
    dice: StrictInt


class IntAlloc(_In):
    """INTERCEPT dice; ``shooter`` names the LRS attack they answer (7.54), None: every
    attack on the target (see lcb_lab.games.lcb.rules.combat.intercept)."""

    interceptor: Designator
    slot: StrictStr
    target: Designator
    dice: StrictInt
    shooter: Optional[StrictStr] = None




_ADAPTERS: dict[Any, TypeAdapter] = {}


def check(what: str, shape: Any, value: Any) -> Any:
    """Validate ``value`` against ``shape`` (a model, ``list[Model]``, ``list[str]``, ``int``).

    Returns plain data (dicts for models).  Raises InputError.
    """
    ad = _ADAPTERS.get(shape)
    if ad is None:          # built on a shape's first use, then cached
        from pydantic import TypeAdapter
        ad = _ADAPTERS[shape] = TypeAdapter(shape)
    try:
        out = ad.validate_python(value, strict=True)
    except ValidationError as e:
        err = e.errors()[0]
        where = ".".join(str(p) for p in err["loc"]) or "(value)"
        raise InputError(what, where, pydantic_problem(err)) from None
    return _plain(out)


def _plain(v):
    if isinstance(v, BaseModel):
        return v.model_dump(by_alias=True, **getattr(v, "DUMP", {}))
    if isinstance(v, list):
        return [_plain(x) for x in v]
    return v


LRS = list[LrsAlloc]
INTERCEPTS = list[IntAlloc]
INDEX = StrictInt
NAMES = list[Designator]
SEED = Optional[R.ranged(R.SEED)]     # 0 .. 2**64-1: the kernel's seed rule (lcb_lab.kernel.dice.seed_problem)
FORCED = list[Annotated[StrictInt, Field(ge=1, le=20)]]
POLICY_NAMES = Optional[dict[StrictStr, StrictStr]]


class _Strict(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid", defer_build=True)


_U128 = Annotated[StrictInt, Field(ge=0, lt=2**128)]


class _Pcg64Words(_Strict):
    state: _U128
    inc: _U128


class RngState(_Strict):
    """numpy's PCG64 generator state (``Generator.bit_generator.state``)."""
    bit_generator: Literal["PCG64"]
    state: _Pcg64Words
    has_uint32: Annotated[StrictInt, Field(ge=0, le=1)]
    uinteger: Annotated[StrictInt, Field(ge=0, lt=2**32)]


class DiceState(_Strict):
    """A :meth:`lcb_lab.kernel.dice.Dice.state` snapshot: ``seed`` (None or 0 .. 2**64-1), ``rng``
    (:class:`RngState` or None), ``forced`` (d20 values 1..20, 7.01).  Saves check their
    top-level dice and every record step's ``dice_after`` with it."""
    seed: SEED = None
    rng: Optional[RngState] = None
    forced: FORCED = []


def as_list(value: Any) -> Any:
    """A tuple as a list (API defaults are ``()``); anything else unchanged, for :func:`check`."""
    return list(value) if isinstance(value, tuple) else value
