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
  checked against the same hints (the save check, :mod:`lcb_lab.save_check`,
  is this walk plus the rules' own checks).  ``from_data`` fills missing keys
  from the field defaults (older saves) and ignores unknown keys (or refuses
  them); a wrong shape raises :class:`DataError` naming the key path, which the
  save loader turns into a ScenarioError naming the file.

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
from marshal import dumps as _dumps
import typing
from typing import Any, Callable, Union

_IMMUTABLE = (str, int, float, bool, type(None))
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
        return f"{{k{depth}: {_expr(val, v, env, depth + 1)} for k{depth}, {v} in {x}.items()}}"
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


def _plain_class(cls: type) -> bool:
    """Whether a copy may skip ``__init__``: not frozen, no ``__post_init__``, the default
    ``__setattr__``, every field an ``__init__`` argument."""
    params = getattr(cls, "__dataclass_params__", None)
    return (params is not None and not params.frozen and not hasattr(cls, "__post_init__")
            and cls.__setattr__ is object.__setattr__ and all(f.init for f in dataclasses.fields(cls)))


def clone(obj: Any) -> Any:
    """Deep copy of a dataclass instance (see module docstring)."""
    return copier(type(obj))(obj)


def to_data(obj: Any) -> Any:
    """JSON-native data of a dataclass (recursively), lists for tuples."""
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return {f.name: to_data(getattr(obj, f.name)) for f in dataclasses.fields(obj)}
    if isinstance(obj, dict):
        return {k: to_data(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [to_data(v) for v in obj]
    return obj


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
            raise DataError((), f"expected one of {', '.join(map(repr, _args(tp)))}, got {data!r}"[:200])
        return data
    if _is_union(tp):
        return _union(tp, data, forbid_extra)
    if origin in (list, tuple) or tp in (list, tuple):
        return _sequence(tp, origin or tp, data, forbid_extra)
    if origin is dict or tp is dict:
        return _mapping(tp, data, forbid_extra)
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


# ------------------------------------------------------------------ structural sharing (snapshots)
_SAMES: dict[type, Callable[[Any, Any], bool]] = {}
_SHARERS: dict[type, Callable[[Any, Any, bool], Any]] = {}


def same(a: Any, b: Any) -> bool:
    """Whether two dataclass records hold the same values: same class, field by field, strictly
    (:func:`same_data`: ``1`` is not ``True`` or ``1.0``, dict keys in the same order)."""
    return a is b or _same_fn(type(a))(a, b)


def same_data(a: Any, b: Any) -> bool:
    """Strict equality of JSON-like data (and records in it): equal values of the same types,
    dicts with their keys in the same order (a shared copy then iterates and saves the same)."""
    if a is b:
        return True
    t = type(a)
    if t is not type(b):
        return False
    if t in _MARSHAL:
        try:        # one C pass: equal bytes are equal values of the same types, keys in the same order
            return _dumps(a, 2) == _dumps(b, 2) or (a == b and _walk(a, b))
        except ValueError:             # records inside: walk
            pass
    return _walk(a, b)


_MARSHAL = frozenset((dict, list, tuple))


def _walk(a: Any, b: Any) -> bool:
    t = type(a)
    if t is not type(b):
        return False
    if t is dict:
        return len(a) == len(b) and list(a) == list(b) and all(map(_walk, a.values(), b.values()))
    if t is list or t is tuple:
        return len(a) == len(b) and all(map(_walk, a, b))
    if hasattr(t, "__dataclass_fields__"):
        return _same_fn(t)(a, b)
    return a == b


def _eq_expr(tp: Any, x: str, y: str) -> str:
    """Source testing ``x`` and ``y`` of type ``tp``, already equal by ``==``, for :func:`same_data`:
    ``""`` where the hint fixes the types (leaves, lists of leaves), the key order for a dict of
    leaves, else the whole strict walk."""
    if _immutable(tp):
        return ""
    origin, args = typing.get_origin(tp), _args(tp)
    if origin is list and args and _immutable(args[0]):
        return ""
    if origin is dict and args and _immutable(args[0]) and _immutable(args[1]):
        return f"(len({x}) < 2 or list({x}) == list({y}))"
    return f"_same_data({x}, {y})"


def _same_fn(cls: type) -> Callable[[Any, Any], bool]:
    """The generated strict comparison of two ``cls`` records (cached): one tuple ``==`` over every
    field (C, identical leaves skipped), then the strict checks ``==`` leaves out (:func:`_eq_expr`)."""
    fn = _SAMES.get(cls)
    if fn is None:
        h, fs = hints(cls), [f.name for f in dataclasses.fields(cls)]
        strict = [e for e in (_eq_expr(h[n], f"a.{n}", f"b.{n}") for n in fs) if e]
        tup = ", ".join
        src = (f"def _same(a, b):\n    return a is b or (type(b) is _cls and ({tup('a.' + n for n in fs)},) == "
               f"({tup('b.' + n for n in fs)},){''.join(' and ' + e for e in strict)})\n")
        env: dict[str, Any] = {"_cls": cls, "_same_data": same_data}
        exec(src, env)  # noqa: S102 - generated from the class's own field list
        fn = _SAMES[cls] = env["_same"]
    return fn


def _record_class(tp: Any) -> type | None:
    """The dataclass ``tp`` names (``X`` or ``X | None``), else None."""
    if _is_union(tp):
        rest = [a for a in _args(tp) if a is not type(None)]
        tp = rest[0] if len(rest) == 1 else None
    return tp if isinstance(tp, type) and dataclasses.is_dataclass(tp) else None




def _share_record(v: Any, w: Any, own: bool) -> Any:
    """A nested record (or None): ``w`` when equal, else a copy of ``v`` sharing ``w``'s equal parts."""
    if v is None or w is None or type(v) is not type(w):
        return v if own or v is None else clone(v)
    if v is w or _same_fn(type(v))(v, w):
        return w
    return sharer(type(v))(v, w, own)


def _share_map(cur: dict, old: Any, own: bool, same_fn: Callable, copy: Callable) -> dict:
    """``{key: record}`` sharing ``old``'s equal records (``old`` itself when every record and the key
    order are the same); a changed record is ``cur``'s (``own``) or a copy of it."""
    if cur is old:
        return old
    if type(old) is not dict:
        return dict(cur) if own else {k: copy(x) for k, x in cur.items()}
    keys = list(cur)
    if len(keys) == len(old) and keys == list(old):         # the usual case: the same records, in order
        xs, ys = list(cur.values()), list(old.values())
        eq = list(map(same_fn, xs, ys))
        if all(eq):
            return old
        return dict(zip(keys, [y if e else (x if own else copy(x)) for x, y, e in zip(xs, ys, eq)]))
    get = old.get
    out = {}
    for k, x in cur.items():
        y = get(k)
        out[k] = y if y is not None and same_fn(x, y) else (x if own else copy(x))
    return out


def _share_expr(f: dataclasses.Field, tp: Any, env: dict) -> str:
    """Source of the shared value of field ``f`` (``o``: the record, ``p``: the previous one)."""
    x, y = f"o.{f.name}", f"p.{f.name}"
    if _immutable(tp):
        return x
    if f.metadata.get("share_items"):
        return f"({x} if own else list({x}))"
    rec = _record_class(tp)
    if rec is not None:
        return f"_share_record({x}, {y}, own)"
    if typing.get_origin(tp) is dict:
        item = _record_class((_args(tp) or (Any, Any))[1])
        if item is not None:
            env[f"_same_{f.name}"], env[f"_copy_{f.name}"] = _same_fn(item), copier(item)
            return f"_share_map({x}, {y}, own, _same_{f.name}, _copy_{f.name})"
    strict = _eq_expr(tp, x, y)
    eq = f"{x} == {y}" + (f" and {strict}" if strict else "") if not strict.startswith("_same_data") else strict
    return f"({y} if {x} is {y} or ({eq}) else ({x} if own else _deep({x})))"


def sharer(cls: type) -> Callable[[Any, Any, bool], Any]:
    """The generated ``share(o, p, own)`` of dataclass ``cls`` (cached): see :func:`share`."""
    fn = _SHARERS.get(cls)
    if fn is not None:
        return fn
    env: dict[str, Any] = {"_cls": cls, "_new": object.__new__, "_deep": _deep, "_same_data": same_data,
                           "_share_record": _share_record, "_share_map": _share_map}
    h, fs = hints(cls), dataclasses.fields(cls)
    args = [_share_expr(f, h[f.name], env) for f in fs]
    if _plain_class(cls):
        body = "".join(f"    n.{f.name} = {a}\n" for f, a in zip(fs, args))
        code = f"def _share(o, p, own):\n    n = _new(_cls)\n{body}    return n\n"
    else:
        code = f"def _share(o, p, own):\n    return _cls({', '.join(args)})\n"
    exec(code, env)  # noqa: S102 - generated from the class's own field list
    fn = _SHARERS[cls] = env["_share"]
    return fn


def share(obj: Any, prev: Any, own: bool = False) -> Any:
    """A copy of dataclass ``obj`` whose parts equal to ``prev``'s ARE ``prev``'s objects (structural
    sharing: records of a ``dict[str, Record]`` field one by one, nested records, other fields whole).

    The parts that differ are copies of ``obj``'s (``own``: ``obj``'s own objects, for an ``obj``
    nothing else will change).  Safe only while neither result nor ``prev`` is changed in place: the
    record's snapshots (:mod:`lcb_lab.history`) are read-only.  ``prev`` None or of another class: a
    plain :func:`clone` (``own``: ``obj`` itself).

    >>> from lcb_lab.state import Declared, Impulse
    >>> old = Impulse("TF Blue", "US", 3, actions=[Declared("move_combat", ["DDG-51"])])
    >>> new = clone(old); new.ap = 2
    >>> s = share(new, old)
    >>> s == new, s is new, s.actions is old.actions
    (True, False, True)
    """
    if prev is None or type(prev) is not type(obj):
        return obj if own else clone(obj)
    return sharer(type(obj))(obj, prev, own)
