"""Generic copies and JSON round trips of the state's dataclasses (saves and forks).

Every field of every state dataclass is handled from its type hint, so a new
field can never be forgotten by a hand-written copy:

* :func:`clone` -- a deep copy wherever a field is mutable (lists, dicts,
  nested dataclasses); immutable leaves (``str``, ``int``, ``bool``,
  ``None``, tuples of them) are shared.  The copier of each class is
  generated once from ``dataclasses.fields`` and cached, so a clone of a
  whole game costs tens of microseconds, not the milliseconds of
  ``copy.deepcopy``.
* :func:`to_data` / :func:`from_data` -- JSON-native data and back, strictly
  checked against the same hints (a game's save check is this walk plus its rules' own
  checks).  ``from_data`` fills missing keys
  from the field defaults (older saves) and ignores unknown keys (or refuses
  them); a wrong shape raises :class:`DataError` naming the key path, which the
  save loader turns into a ScenarioError naming the file.

Records of a ``dict[str, Record]`` in a state (units, cards, markers) derive from
:class:`Tracked`: a snapshot (:mod:`lcb_lab.kernel.datashare`) marks one *clean* (its
:func:`clean_class`) once it holds an equal copy, and any field write makes it plain again, so
the next snapshot knows it unchanged without comparing its fields (its lists and dicts included:
code changing one in place must assign a new one or call :func:`touched`).  Copies are always plain.
A game's whole state derives from :class:`FieldTracked`: clean, it notes which fields are assigned,
and a snapshot takes its other plain-data fields from its twin.

A field may opt out of deep copying its items with
``field(metadata={"share_items": True})``: the list is copied, the items are
shared (the log: entries are never changed once appended).

>>> from dataclasses import dataclass, field
>>> @dataclass
... class Box:
...     names: list[str] = field(default_factory=list)
>>> a = Box(["x"]); b = clone(a); b.names.append("y"); a.names
['x']
>>> from_data(Box, to_data(b)) == b
True
"""
from __future__ import annotations

import dataclasses
import types
import typing
from operator import attrgetter
from typing import Any, Callable, Union

_IMMUTABLE = (str, int, float, bool, type(None))

_setattr = object.__setattr__


class Tracked:
    """Base of a record kind whose unchanged instances a snapshot tells without comparing fields
    (:mod:`lcb_lab.kernel.datashare`).  A record is *clean* while its class is the kind's
    :func:`clean_class`: it was found equal to ``_twin``, a read-only snapshot record, and no field
    has been assigned since -- the first ``record.field = value`` turns it back into the plain class
    (one ``__class__`` store; later writes cost nothing extra).  Copies, clones and loaded records
    are plain; ``_twin`` is not a field (never saved, compared or copied)."""

    __slots__ = ("_twin",)

    def __getstate__(self) -> tuple[None, dict]:
        """Pickle and ``copy.deepcopy`` the fields only (never the twin)."""
        return None, {f: getattr(self, f) for f in self.__dataclass_fields__}   # type: ignore[attr-defined]


class FieldTracked(Tracked):
    """Base of a big record (a game's whole state) whose plain-data fields a snapshot takes from its
    twin one by one: while the record is clean (:func:`clean_class`), a field assignment does not
    make it plain but adds the field's name to ``_dirty`` (the fields written since the record was
    found equal to ``_twin``).  A snapshot then takes every plain-data field not in ``_dirty`` from
    the twin without comparing it (:func:`lcb_lab.kernel.datashare.sharer`), so code changing such a
    field's list or dict in place must assign it again or call :func:`touched` with its name.  Its
    maps of :class:`Tracked` records are taken from the twin likewise while no record of their class
    was written since (``_seen``: the :func:`writes` counts then; :mod:`lcb_lab.kernel.datatrack`), so
    code adding or removing one of their records in place touches the map's name too.
    ``_dirty`` and ``_seen`` are not fields (never saved, compared or copied)."""

    __slots__ = ("_dirty", "_seen")


set_twin: Callable[[Tracked, Any], None] = Tracked.__dict__["_twin"].__set__
set_dirty: Callable[[FieldTracked, Any], None] = FieldTracked.__dict__["_dirty"].__set__
"""``set_dirty(record, names)``: set a :class:`FieldTracked` record's ``_dirty`` set (not a field write)."""
"""``set_twin(record, twin)``: set a :class:`Tracked` record's ``_twin`` (not a field write)."""
set_seen: Callable[[FieldTracked, Any], None] = FieldTracked.__dict__["_seen"].__set__
"""``set_seen(record, counts)``: set a :class:`FieldTracked` record's ``_seen`` (not a field write)."""

_CLEAN: dict[type, type] = {}


def clean_class(cls: type) -> type:
    """The clean twin class of :class:`Tracked` dataclass ``cls`` (cached): same layout, name and
    fields; equal to a plain ``cls`` with the same values; any field write makes the record a plain
    ``cls`` again; a copy, pickle or deep copy of it is a plain ``cls``."""
    got = _CLEAN.get(cls)
    if got is not None:
        return got
    names = [f.name for f in dataclasses.fields(cls)]
    values = attrgetter(*names) if len(names) > 1 else (lambda o: (getattr(o, names[0]),))

    if issubclass(cls, FieldTracked):
        def __setattr__(self: Any, name: str, value: Any) -> None:
            self._dirty.add(name)
            _setattr(self, name, value)
    else:
        count = writes(cls)

        def __setattr__(self: Any, name: str, value: Any) -> None:
            _setattr(self, "__class__", cls)
            count[0] += 1
            _setattr(self, name, value)

    def __eq__(self: Any, other: Any) -> Any:
        return values(self) == values(other) if isinstance(other, cls) else NotImplemented

    def __reduce_ex__(self: Any, protocol: Any) -> tuple:
        return _plain_record, (cls, {n: getattr(self, n) for n in names})

    got = _CLEAN[cls] = type(cls.__name__, (cls,), {
        "__slots__": (), "__setattr__": __setattr__, "__eq__": __eq__, "__hash__": None,
        "__reduce_ex__": __reduce_ex__, "__module__": cls.__module__, "__qualname__": cls.__qualname__,
        "__doc__": cls.__doc__})
    _COPIERS[got] = copier(cls)
    _PLAIN[got] = cls
    return got


_WRITES: dict[type, list[int]] = {}


def writes(cls: type) -> list[int]:
    """The write count of :class:`Tracked` class ``cls`` (a one-item list, the same list for good):
    how many clean ``cls`` records became plain by a field write or :func:`touched` in this process.
    A state whose maps of ``cls`` records were all clean twins when it was last snapshot or restored
    holds them unchanged while the count is the same and the map itself was not assigned or
    :func:`touched` (:class:`FieldTracked`): the snapshot takes the twin's map without looking."""
    got = _WRITES.get(cls)
    if got is None:
        got = _WRITES[cls] = [0]
    return got


def _plain_record(cls: type, values: dict) -> Any:
    """A plain ``cls`` record with these field values (how a clean record pickles)."""
    n = object.__new__(cls)
    for k, v in values.items():
        setattr(n, k, v)
    return n


def touched(record: Any, *names: str) -> None:
    """Mark a :class:`Tracked` record changed after an in-place change of one of its lists or dicts
    (a clean record becomes plain and counts as written, :func:`writes`, so the next snapshot compares
    or copies it); a record that is not clean is left as it is.  A clean :class:`FieldTracked` record
    given field ``names`` stays clean with those fields marked written: a plain-data field changed in
    place, or a map of records with a record added or removed in place.  Prefer assigning a new list
    or dict to the field."""
    plain = _PLAIN.get(type(record))
    if plain is not None:
        if names and isinstance(record, FieldTracked):
            record._dirty.update(names)
        else:
            _setattr(record, "__class__", plain)
            writes(plain)[0] += 1


_PLAIN: dict[type, type] = {}


def mark_clean(record: Any, twin: Any, clean: type) -> None:
    """Make ``record`` (of ``clean``'s plain class, equal to ``twin``) clean with that twin."""
    set_twin(record, twin)
    if type(record) is not clean:
        _setattr(record, "__class__", clean)


def mark_fields_clean(record: Any, twin: Any, clean: type, seen: tuple = ()) -> None:
    """Make :class:`FieldTracked` ``record`` (equal to ``twin``) clean with that twin and no field
    written since; ``seen``: the :func:`writes` counts of its maps' record classes now."""
    set_twin(record, twin)
    set_dirty(record, set())
    set_seen(record, seen)
    if type(record) is not clean:
        _setattr(record, "__class__", clean)
_COPIERS: dict[type, Callable[[Any], Any]] = {}
_HINTS: dict[type, dict[str, Any]] = {}
_BUSY: set[type] = set()


_LEAF = frozenset(_IMMUTABLE)


def _deep(x: Any) -> Any:
    """Deep copy of untyped JSON-like data (dicts, lists, leaves); exact types first (the hot path)."""
    t = type(x)
    if t in _LEAF:
        return x
    if t is dict:
        return {k: v if type(v) in _LEAF else _deep(v) for k, v in x.items()}
    if t is list:
        return [v if type(v) in _LEAF else _deep(v) for v in x]
    if isinstance(x, dict):
        return {k: _deep(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_deep(v) for v in x]
    if _own_codec(t):
        return x.clone()                      # a class that copies itself (e.g. the pending choices)
    if dataclasses.is_dataclass(x) and not isinstance(x, type):
        return clone(x)
    return x


def hints(cls: type) -> dict[str, Any]:
    """Resolved type hints of a dataclass (cached)."""
    h = _HINTS.get(cls)
    if h is None:
        h = _HINTS[cls] = typing.get_type_hints(cls)
    return h


def _args(tp: Any) -> tuple:
    return typing.get_args(tp)


def _is_union(tp: Any) -> bool:
    return typing.get_origin(tp) in (Union, types.UnionType)


def _immutable(tp: Any) -> bool:
    if tp in _IMMUTABLE:
        return True
    if _is_union(tp):
        return all(_immutable(a) for a in _args(tp))
    if typing.get_origin(tp) is tuple:
        return all(_immutable(a) for a in _args(tp) if a is not Ellipsis)
    if typing.get_origin(tp) is typing.Literal:
        return True
    return False


def _expr(tp: Any, x: str, env: dict, depth: int = 0) -> str:
    """Python source copying the value ``x`` of type ``tp``."""
    if _immutable(tp):
        return x
    origin = typing.get_origin(tp)
    if _is_union(tp):
        rest = [a for a in _args(tp) if a is not type(None)]
        if len(rest) == 1:
            return f"(None if {x} is None else {_expr(rest[0], x, env, depth)})"
        return f"_deep({x})"
    v = f"v{depth}"
    if origin is list:
        (item,) = _args(tp) or (Any,)
        if _immutable(item):
            return f"list({x})"
        return f"[{_expr(item, v, env, depth + 1)} for {v} in {x}]"
    if origin is dict:
        _, val = _args(tp) or (Any, Any)
        if _immutable(val):
            return f"dict({x})"
        if _inlined(val):
            name = f"_m_{val.__name__}_{id(val)}"
            env[name] = map_copier(val)
            return f"{name}({x})"
        return f"{{k{depth}: {_expr(val, v, env, depth + 1)} for k{depth}, {v} in {x}.items()}}"
    if _own_codec(tp):
        name = f"_c_{tp.__name__}_{id(tp)}"
        env[name] = tp.clone                  # keeps the instance's own class (a subclass)
        return f"{name}({x})"
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        name = f"_c_{tp.__name__}_{id(tp)}"
        # nested classes are generated first; a class that contains itself gets a late-bound call
        env[name] = copier(tp) if tp not in _BUSY else (lambda o, tp=tp: copier(tp)(o))
        return f"{name}({x})"
    return f"_deep({x})"


def copier(cls: type) -> Callable[[Any], Any]:
    """The generated copy function of dataclass ``cls`` (cached)."""
    fn = _COPIERS.get(cls)
    if fn is not None:
        return fn
    env: dict[str, Any] = {"_deep": _deep, "_cls": cls}
    h = hints(cls)
    args = []
    _BUSY.add(cls)
    try:
        for f in dataclasses.fields(cls):
            src = f"o.{f.name}"
            if f.metadata.get("share_items"):
                args.append(f"list({src})")
            else:
                args.append(_expr(h[f.name], src, env))
    finally:
        _BUSY.discard(cls)
    if _plain_class(cls):
        # a new instance with every field set directly: no __init__ call (about a quarter faster)
        env["_new"] = object.__new__
        body = "".join(f"    n.{f.name} = {a}\n" for f, a in zip(dataclasses.fields(cls), args))
        code = f"def _copy(o):\n    n = _new(_cls)\n{body}    return n\n"
    else:
        code = f"def _copy(o):\n    return _cls({', '.join(args)})\n"
    exec(code, env)  # noqa: S102 - generated from the class's own field list
    fn = _COPIERS[cls] = env["_copy"]
    return fn


_MAP_COPIERS: dict[type, Callable[[dict], dict]] = {}


def _inlined(tp: Any) -> bool:
    """Whether a ``dict[str, tp]`` is copied by :func:`map_copier` (a plain dataclass ``tp``, not being
    generated, that does not copy itself)."""
    return (isinstance(tp, type) and dataclasses.is_dataclass(tp) and not _own_codec(tp) and tp not in _BUSY
            and _plain_class(tp))


def map_copier(cls: type) -> Callable[[dict], dict]:
    """The generated copy of a ``{key: record}`` map of plain dataclass ``cls`` (cached): the same
    copies as ``{k: copier(cls)(v) ...}``, each record's field copies written out in the loop (no call
    per record: a state's units and cards are most of what a clone copies)."""
    fn = _MAP_COPIERS.get(cls)
    if fn is not None:
        return fn
    env: dict[str, Any] = {"_deep": _deep, "_cls": cls, "_new": object.__new__}
    h, body = hints(cls), []
    _BUSY.add(cls)
    try:
        for f in dataclasses.fields(cls):
            src = f"o.{f.name}"
            body.append(f"        n.{f.name} = " + (f"list({src})" if f.metadata.get("share_items")
                                                   else _expr(h[f.name], src, env)) + "\n")
    finally:
        _BUSY.discard(cls)
    code = ("def _copy_map(d):\n    out = {}\n    for k, o in d.items():\n        n = _new(_cls)\n"
            f"{''.join(body)}        out[k] = n\n    return out\n")
    exec(code, env)  # noqa: S102 - generated from the class's own field list
    fn = _MAP_COPIERS[cls] = env["_copy_map"]
    return fn


def _plain_class(cls: type) -> bool:
    """Whether a copy may skip ``__init__``: not frozen, no ``__post_init__``, the default
    ``__setattr__``, every field an ``__init__`` argument."""
    params = getattr(cls, "__dataclass_params__", None)
    return (params is not None and not params.frozen and not hasattr(cls, "__post_init__")
            and cls.__setattr__ is object.__setattr__ and all(f.init for f in dataclasses.fields(cls)))


def clone(obj: Any, share: str | None = None) -> Any:
    """Deep copy of a dataclass instance (see module docstring); ``share``: the name of one field
    whose value the copy shares instead (a game's append-only log list)."""
    if share is None:
        return copier(type(obj))(obj)
    kept = getattr(obj, share)
    setattr(obj, share, type(kept)())
    try:
        c = copier(type(obj))(obj)
    finally:
        setattr(obj, share, kept)
    setattr(c, share, kept)
    return c


def _own_codec(tp: Any) -> bool:
    """A class that saves, loads and copies itself (``__datacodec__``: ``to_dict``, ``from_dict``,
    ``clone``), e.g. the pending choices, whose saved ``kind`` names their subclass."""
    return isinstance(tp, type) and getattr(tp, "__datacodec__", False)


def to_data(obj: Any) -> Any:
    """JSON-native data of a dataclass (recursively), lists for tuples."""
    if _own_codec(type(obj)):
        return to_data(obj.to_dict())
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return {f.name: to_data(getattr(obj, f.name)) for f in dataclasses.fields(obj)}
    if isinstance(obj, dict):
        return {k: to_data(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [to_data(v) for v in obj]
    return obj


def key_path(loc: tuple) -> str:
    """The keys ``loc`` written after a key: ``("rng", "state")`` -> ``".rng.state"``, an int as an
    index (``("forced", 0)`` -> ``".forced[0]"``); ``()`` -> ``""``.

    >>> key_path(("steps", 0, "dice_after"))
    '.steps[0].dice_after'
    """
    return "".join(f"[{k}]" if isinstance(k, int) else f".{k}" for k in loc)


class DataError(TypeError):
    """Data that does not fit the type hints: ``loc`` the keys down to the bad value (field names,
    dict keys, list indexes), ``problem`` one line saying what is wrong."""

    def __init__(self, loc: tuple, problem: str):
        self.loc, self.problem = loc, problem
        super().__init__(f"{'.'.join(map(str, loc))}: {problem}" if loc else problem)

    def under(self, key: Any) -> "DataError":
        """The same error one level down, under ``key``."""
        return DataError((key, *self.loc), self.problem)


_KINDS = {str: "a string", int: "an integer", bool: "a boolean", float: "a number", type(None): "null",
          dict: "an object (a dictionary)", list: "a list", tuple: "a list"}


def _plain_name(cls: type) -> str:
    """``CardMarker`` -> ``card marker``."""
    return "".join(f" {c.lower()}" if c.isupper() and i else c.lower() for i, c in enumerate(cls.__name__))


def _kind(x: Any) -> str:
    return _KINDS.get(type(x), type(x).__name__)


def from_data(tp: Any, data: Any, forbid_extra: Callable[[type], bool] | None = None) -> Any:
    """Rebuild a value of type ``tp`` from JSON-native data (:func:`to_data` output), strictly: a
    ``str`` / ``int`` / ``bool`` field takes only that type (no ``"2"``, ``2.0`` or ``True`` for an
    int), ``float`` an int or float; a record's missing keys take its defaults (older saves), a
    missing key without one is refused; unknown keys are ignored, or refused for the record classes
    ``forbid_extra(cls)`` names.  Raises :class:`DataError` (``loc``, ``problem``)."""
    if tp is Any:
        return data
    if tp in _LEAF:
        return _leaf(tp, data)
    origin = typing.get_origin(tp)
    if origin is typing.Literal:
        if data not in _args(tp) or type(data) not in {type(a) for a in _args(tp)}:
            got = repr(data)[:80] if type(data) in _LEAF else _kind(data)
            raise DataError((), f"expected one of {', '.join(map(repr, _args(tp)))}, got {got}")
        return data
    if _is_union(tp):
        return _union(tp, data, forbid_extra)
    if origin in (list, tuple) or tp in (list, tuple):
        return _sequence(tp, origin or tp, data, forbid_extra)
    if origin is dict or tp is dict:
        return _mapping(tp, data, forbid_extra)
    if _own_codec(tp):
        if not isinstance(data, dict):
            raise DataError((), f"expected an object, got {_kind(data)}")
        try:
            return tp.from_dict(data)
        except DataError:
            raise
        except (KeyError, TypeError, ValueError) as e:
            raise DataError((), str(e)) from None
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _record(tp, data, forbid_extra)
    return data


def _leaf(tp: type, data: Any) -> Any:
    t = type(data)
    if t is tp or (tp is float and t is int):
        return data
    raise DataError((), f"expected {_KINDS[tp]}, got {_kind(data)}")


def _union(tp: Any, data: Any, forbid_extra: Any) -> Any:
    alts = [a for a in _args(tp) if a is not type(None)]
    if data is None and len(alts) < len(_args(tp)):
        return None
    if len(alts) == 1:
        return from_data(alts[0], data, forbid_extra)
    for a in alts:
        try:
            return from_data(a, data, forbid_extra)
        except DataError:
            continue
    names = [_KINDS.get(a, getattr(a, "__name__", str(a))) for a in _args(tp)]
    raise DataError((), f"expected {' or '.join(names)}, got {_kind(data)}")


def _sequence(tp: Any, origin: type, data: Any, forbid_extra: Any) -> list | tuple:
    if type(data) not in (list, tuple):
        raise DataError((), f"expected a list, got {_kind(data)}")
    args = [a for a in _args(tp) if a is not Ellipsis] or [Any]
    items = []
    for i, v in enumerate(data):
        try:
            items.append(from_data(args[0] if len(args) == 1 or origin is list else args[i], v, forbid_extra))
        except DataError as e:
            raise e.under(i) from None
        except IndexError:
            raise DataError((i,), f"a list of {len(args)}, not more") from None
    return items if origin is list else tuple(items)


def _mapping(tp: Any, data: Any, forbid_extra: Any) -> dict:
    if type(data) is not dict:
        raise DataError((), f"expected {_KINDS[dict]}, got {_kind(data)}")
    kt, vt = _args(tp) or (Any, Any)
    out = {}
    for k, v in data.items():
        try:
            out[from_data(kt, k, forbid_extra)] = from_data(vt, v, forbid_extra)
        except DataError as e:
            raise e.under(k) from None
    return out


def _record(tp: type, data: Any, forbid_extra: Any) -> Any:
    if type(data) is not dict:
        raise DataError((), f"expected {_KINDS[dict]} of {_plain_name(tp)} fields, got {_kind(data)}")
    fs, h = dataclasses.fields(tp), hints(tp)
    if forbid_extra is not None and forbid_extra(tp):
        names = {f.name for f in fs}
        extra = next((k for k in data if k not in names), None)
        if extra is not None:
            raise DataError((extra,), f"Extra field: a {_plain_name(tp)} has no such field")
    kw = {}
    for f in fs:
        if f.name in data:
            try:
                kw[f.name] = from_data(h[f.name], data[f.name], forbid_extra)
            except DataError as e:
                raise e.under(f.name) from None
        elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            raise DataError((f.name,), "missing (a required field)")
    return tp(**kw)
