"""Typed actions for any game on the kernel: the base class and its JSON codec.

An action is a small frozen dataclass (python-chess's ``Move``); its class attribute ``KIND``
is its JSON tag.  A game lists its action classes in an :class:`ActionCodec`, which turns an
action into a JSON-native dict tagged by ``kind`` and back, strictly (pydantic validates the
fields; an unknown kind or field raises :class:`~lcb_lab.kernel.errors.InputError` naming it).

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Roll(Action):
...     KIND = "roll"
...     dice: int = 1
>>> codec = ActionCodec([Roll])
>>> codec.to_json(Roll(2))
{'kind': 'roll', 'dice': 2}
>>> codec.from_json({"kind": "roll", "dice": 2}) == Roll(2)
True
"""
from __future__ import annotations

from dataclasses import fields, is_dataclass
from marshal import dumps as _dumps
from typing import TYPE_CHECKING, Any, ClassVar, Iterable

from pydantic import ConfigDict, ValidationError

from lcb_lab.kernel.errors import InputError, pydantic_problem

if TYPE_CHECKING:
    from pydantic import TypeAdapter


CHANCE = "chance"
"""Who acts while dice wait to be rolled: chance as an explicit player (OpenSpiel)."""


class Words:
    """``str()`` of a part or an action: its class and the fields that differ from their defaults,
    values without Python quotes or ``None`` (``Shot(shooter=1 Archer, dice=2)``,
    ``Answer()``); ``repr`` stays the dataclass's."""

    __pydantic_config__ = ConfigDict(extra="forbid")   # from_json: an unknown key of a part is refused too

    def __str__(self) -> str:
        given = [f"{f.name}={_word(getattr(self, f.name))}" for f in fields(self)
                 if getattr(self, f.name) != f.default and getattr(self, f.name) != ()]
        return f"{type(self).__name__}({', '.join(given)})"


def _word(v: Any) -> str:
    if isinstance(v, tuple):
        return f"({', '.join(_word(x) for x in v)})"
    return str(v)


class Action(Words):
    """Base of every typed action; ``KIND`` is its JSON tag. ``str(action)`` is short
    (the fields given); ``repr`` is the full dataclass form."""

    KIND: ClassVar[str] = ""


_ADAPTERS: dict[type, "TypeAdapter"] = {}


def _adapter(cls: type) -> "TypeAdapter":
    """The validator of ``cls``, built on its first use (not at import: loading a game needs none)."""
    ad = _ADAPTERS.get(cls)
    if ad is None:
        from pydantic import TypeAdapter
        ad = _ADAPTERS[cls] = TypeAdapter(cls)
    return ad


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}
"""Dataclass -> its field names, for :func:`data` (``dataclasses.fields`` once per class)."""
_LEAVES = frozenset((str, int, float, bool, type(None)))


_DATA: dict[tuple[str, ...], Any] = {}
"""A dataclass's field names -> its generated ``data`` (:func:`_data_fn`)."""


def data(v: Any) -> Any:
    """A dataclass value as plain JSON-native data (dicts, lists, scalars)."""
    t = type(v)
    if t in _LEAVES:
        return v
    names = _FIELD_NAMES.get(t)
    if names is None and hasattr(v, "__dataclass_fields__"):
        names = tuple(f.name for f in fields(v))
        if not isinstance(v, type):          # an instance: its class's fields, cached
            _FIELD_NAMES[t] = names
    if names is not None:
        fn = _DATA.get(names)
        if fn is None:
            fn = _DATA[names] = _data_fn(names)
        return fn(v)
    if t is tuple or t is list:
        return [x if type(x) in _LEAVES else data(x) for x in v]
    if isinstance(v, (list, tuple)):
        return [data(x) for x in v]
    return v


def _data_fn(names: tuple[str, ...]) -> Any:
    """``data`` of a dataclass with fields ``names``, generated: a leaf field taken as it is, any
    other through :func:`data` (an action is checked on every ``apply``)."""
    items = ", ".join(f"{n!r}: (o.{n} if type(o.{n}) in _L else _d(o.{n}))" for n in names)
    env: dict[str, Any] = {"_L": _LEAVES, "_d": data}
    exec(f"def _data(o):\n    return {{{items}}}\n", env)  # noqa: S102 - from the class's own field names
    return env["_data"]


def from_fields(cls: type, values: dict, what: str | None = None) -> Any:
    """An instance of action class ``cls`` validated from plain ``values`` (lists become tuples);
    an action's ``problem()`` (when it has one) is asked too.
    Raises InputError naming ``what`` (default: ``"<KIND> action"``) and the field."""
    try:
        action = _adapter(cls).validate_python(values)
    except ValidationError as e:
        err = e.errors()[0]
        where = ".".join(str(p) for p in err["loc"]) or "(value)"
        raise InputError(what or f"{cls.KIND} action", where, pydantic_problem(err)) from None
    problem = action.problem() if hasattr(action, "problem") else None
    if problem:
        raise InputError(what or f"{cls.KIND} action", "(value)", problem)
    return action


class ActionCodec:
    """A game's action classes by JSON tag: :meth:`to_json`, :meth:`from_json`, :meth:`check`.

    ``types``: the classes with their own tag; ``also``: more classes accepted by :meth:`check`
    that share a tag (a game resolves them in :meth:`resolve`); ``home``: the module named
    when something else than a typed action is applied.  A game with a tag shared by several
    classes overrides :meth:`takes` / :meth:`resolve` / :meth:`to_json`."""

    def __init__(self, types: Iterable[type], also: Iterable[type] = (), home: str = "the game's actions"):
        self.types: dict[str, type] = {}
        self.known: set[type] = set(also)
        self.home = home
        self._given: dict[int, tuple[Any, Action]] = {}    # id(an action checked) -> (it, what check gave)
        for cls in types:
            self.register(cls)

    def register(self, cls: type) -> type:
        """Add action class ``cls`` under its ``KIND`` (usable as a class decorator).
        Raises ValueError for an empty or already-used tag."""
        if not cls.KIND or self.types.get(cls.KIND, cls) is not cls:
            raise ValueError(f"{cls.__name__}: the action tag {cls.KIND!r} is empty or already used")
        self.types[cls.KIND] = cls
        self.known.add(cls)
        return cls

    def to_json(self, action: Action) -> dict:
        """JSON-native dict of an action, tagged by ``kind``."""
        return {"kind": action.KIND, **data(action)}

    def takes(self, cls: type) -> list[str]:
        """The JSON fields of tag ``cls.KIND`` (a shared tag: all of its classes' fields)."""
        return [f.name for f in fields(cls)]

    def resolve(self, cls: type, rest: dict) -> tuple[type, dict]:
        """The class and fields a decoded object of tag ``cls.KIND`` names (a shared tag picks one)."""
        return cls, rest

    def from_json(self, value: Any) -> Action:
        """The action a :meth:`to_json` dict describes. Raises InputError naming the field."""
        if not isinstance(value, dict):
            raise InputError("action", "(value)",
                             f"an action is an object with a 'kind', got {type(value).__name__}")
        kind = value.get("kind")
        cls = self.types.get(kind) if isinstance(kind, str) else None
        if cls is None:
            raise InputError("action", "kind", f"unknown action kind {kind!r}; known: {', '.join(self.types)}")
        rest = {k: v for k, v in value.items() if k != "kind"}
        takes = self.takes(cls)
        extra = sorted(set(rest) - set(takes))
        if extra:
            raise InputError(f"{kind} action", extra[0],
                             f"unknown field; {kind} takes {', '.join(takes) or 'no fields'}")
        cls, rest = self.resolve(cls, rest)
        return from_fields(cls, rest, f"{kind} action")

    def check(self, action: Any) -> Action:
        """``action`` checked and normalised (lists become tuples). Raises InputError.

        :func:`from_fields` of the action's :func:`data` -- a pure function of the class and that
        data, so a check of data already checked gives the action it gave then (kept by the marshal
        bytes of the data, which tell ``1`` from ``True`` and ``1.0``, for frozen actions of immutable
        fields: :func:`_reusable`) without validating again; a refused one is checked every time.  Such
        an action object checked by this codec before (the same object, immutable) gives at once what
        its check gave, without even reading its data (the same act tried or applied again)."""
        seen = self._given.get(id(action))
        if seen is not None and seen[0] is action:
            return seen[1]
        if not isinstance(action, Action):
            raise InputError("apply", "(value)", f"expected a typed action ({self.home}), got "
                             f"{type(action).__name__}")
        cls = type(action)
        if not is_dataclass(cls) or cls not in self.known:
            raise InputError("apply", "(value)", f"{cls.__name__} is not one of the typed actions "
                             f"({', '.join(c.__name__ for c in self.types.values())})")
        d = data(action)
        try:
            key = (cls, _dumps(d, 2))
        except ValueError:                       # not plain data (a subclass of str, int...): no reuse
            return from_fields(cls, d)
        got = _CHECKED.get(key)
        if got is None:
            got = from_fields(cls, d)            # raises InputError: nothing kept
            if _reusable(got):
                if len(_CHECKED) >= CHECKED_KEPT:
                    _CHECKED.clear()
                _CHECKED[key] = got
        elif _reusable(action):                  # data met before, this object immutable: next time at once
            if len(self._given) >= CHECKED_KEPT:
                self._given.clear()
            self._given[id(action)] = (action, got)     # kept alive: its id is not reused meanwhile
        return got


_CHECKED: dict[tuple[type, bytes], Action] = {}
"""(action class, marshal bytes of its data) -> the action :meth:`ActionCodec.check` gave for it (the
class and the data decide the check, whichever codec makes it)."""
CHECKED_KEPT = 4096
"""How many checked actions :meth:`ActionCodec.check` keeps to give again (then it starts afresh)."""


def _reusable(action: Any) -> bool:
    """Whether a checked action may be given again for equal data: a frozen dataclass whose
    fields are all immutable (it hashes: tuples and leaves, no list or dict)."""
    if not getattr(getattr(type(action), "__dataclass_params__", None), "frozen", False):
        return False
    try:
        hash(action)
    except TypeError:
        return False
    return True
