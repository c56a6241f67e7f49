"""Structural sharing of the state's records: the record's snapshots hold the parts that did not
change as the very objects of the snapshot before them (:func:`share`).

Generated from the same type hints as :mod:`lcb_lab.kernel.datacodec` (one description of the state):

* :func:`same` / :func:`same_data` -- strict equality of records and JSON-like data (same types,
  dict keys in the same order), so a shared part saves and iterates exactly like the part it
  stands for;
* :func:`share` -- a copy of a record whose equal parts ARE the previous record's objects: the
  records of a ``dict[str, Record]`` field one by one (units, cards, markers...), the records of a
  ``list[Record]`` field place by place (:func:`_share_list`), nested records (the current phase,
  its plan: :func:`nested_sharer`, the previous record itself when nothing changed, found in the
  same pass that shares a changed one's parts), any other field whole (a changed one copied by
  its type, as :func:`lcb_lab.kernel.datacodec.clone` copies it);
* :func:`put_back` -- a live record set back to a snapshot's values in place, keeping the live
  records the snapshot still holds twins of, and the plain-data fields when their one key equals
  the snapshot's (a refused act or an undo copies only what changed).

Copy-on-write without comparing: the records of a ``dict[str, Record]`` field are
:class:`lcb_lab.kernel.datacodec.Tracked`.  When a snapshot finds a live record equal to its
snapshot record (or copies it), the live record becomes *clean* with that record as its twin; a
field assignment makes it plain again (:func:`lcb_lab.kernel.datacodec.clean_class`).  The next
snapshot shares the twin of a clean record without comparing it (the rules change no record's
lists or dicts in place: :data:`GUARD` checks it), whichever snapshot holds that twin (e.g. a
refused act's restore point): a few hundred nanoseconds a record instead of a field-by-field strict
comparison and a copy, so a snapshot costs less than a clone (benchmark figure 9) and keeps the
record's memory per step small (figure 17).

A big record deriving from :class:`lcb_lab.kernel.datacodec.FieldTracked` (a game's whole state) is
tracked field by field: a snapshot or a restore leaves it clean, with the snapshot as its twin, and
a field assignment only notes the field's name; the next snapshot takes every plain-data field (the
dicts and lists of leaves :func:`sharer` compares in one key) not assigned since from the twin
without comparing it, and a restore from the twin copies back only the assigned ones (code changing
such a field in place assigns it again or calls ``touched(state, name)``; :data:`GUARD` checks it); its
maps of records neither assigned nor with a record written since are the twin's too
(:mod:`lcb_lab.kernel.datatrack` generates both).

Shared parts are read-only: :class:`lcb_lab.kernel.history.Snapshot` states are never changed in place;
a restore puts them back with :func:`put_back` (the engine's ``Engine.state_put_back``).
"""
from __future__ import annotations

import dataclasses
import itertools
import os
import sys
import typing
from marshal import dumps as _dumps
from typing import Any, Callable

from lcb_lab.kernel.datacodec import (FieldTracked, Tracked, _args, _deep, _expr, _immutable, _is_union, _plain_class,
                                      clean_class, clone, copier, hints, mark_clean, _PLAIN)

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
        if t is not dict and a and hasattr(type(a[0]), "__dataclass_fields__"):
            return _walk(a, b)         # records inside (marshal would refuse them): walk at once
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
    if v is w:
        return w
    return nested_sharer(type(v))(v, w, own)        # w itself when v is the same as w


def _share_map(cur: dict, old: Any, own: bool, same_fn: Callable, copy: Callable) -> dict:
    """``{key: record}`` sharing ``old``'s equal records (``old`` itself when every record and the key
    order are the same); a changed record is ``cur``'s (``own``) or a copy of it."""
    if cur is old:
        return old
    if type(old) is not dict:
        return dict(cur) if own else {k: copy(x) for k, x in cur.items()}
    if not cur and not old:                                  # both empty (most maps of most states)
        return old
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


def _containers_expr(cls: type, a: str = "a", b: str = "b") -> str:
    """Source testing records ``a`` and ``b`` of ``cls`` (``a``'s twin is ``b``: their leaf fields
    are equal) for equal mutable fields -- the lists and dicts a rule changes in place."""
    h, parts = hints(cls), []
    for f in dataclasses.fields(cls):
        tp = h[f.name]
        if _immutable(tp):
            continue
        strict = _eq_expr(tp, f"{a}.{f.name}", f"{b}.{f.name}")
        parts.append(strict if strict.startswith("_same_data") else
                     f"{a}.{f.name} == {b}.{f.name}" + (f" and {strict}" if strict else ""))
    return " and ".join(parts) or "True"


_TWIN_MAPS: dict[type, tuple[Callable, Callable]] = {}

GUARD = os.environ.get("LCB_LAB_SNAPSHOT_GUARD", "") not in ("", "0")
"""Whether snapshots and restores check each clean record's lists and dicts against its twin and
raise :class:`UnseenChange` when they differ (:func:`set_guard`; the tests switch it on, the
environment variable ``LCB_LAB_SNAPSHOT_GUARD=1`` does for any process).  Off, a clean record's
twin is taken as it is: no container is compared."""


class UnseenChange(AssertionError):
    """A clean :class:`Tracked` record's list or dict was changed in place (no field assignment
    marked it): the rules must assign a new list or dict, or call
    :func:`lcb_lab.kernel.datacodec.touched` after the change.  Raised only under :data:`GUARD`."""


def set_guard(on: bool) -> bool:
    """Switch :data:`GUARD` on or off (the generated sharers are made again); returns the old value."""
    global GUARD
    old, GUARD = GUARD, bool(on)
    if old != GUARD:
        _TWIN_MAPS.clear()
        _SHARERS.clear()
        _PUTTERS.clear()
    return old


def _unseen(a: Any, b: Any, key: Any) -> None:
    """Raise :class:`UnseenChange` naming the changed fields of clean record ``a`` (twin ``b``)."""
    names = [f.name for f in dataclasses.fields(b) if not same_data(getattr(a, f.name), getattr(b, f.name))]
    raise UnseenChange(f"{type(b).__name__} {key!r}: {', '.join(names)} changed in place without a field "
                       f"assignment (assign a new list/dict or call datacodec.touched)")


def twin_maps(cls: type) -> tuple[Callable[[dict, Any, bool], dict], Callable[[dict, dict], dict]]:
    """The generated ``(share_map(cur, old, own), put_back_map(cur, snap))`` of :class:`Tracked`
    record class ``cls`` (cached).

    ``share_map``: ``{key: record}`` for a snapshot, sharing ``old``'s records equal to ``cur``'s
    (``old`` itself when all are, in the same key order).  A clean live record has had no field
    assigned since it was found equal to its twin: that twin is taken as it is -- ``old``'s record at
    its key, or another snapshot's (e.g. a refused act's restore point), never compared or copied
    again (under :data:`GUARD` its lists and dicts are compared with the twin's); any other record is
    compared strictly with ``old``'s (:func:`same`).  A changed record is copied (``own``: taken); a
    live record becomes clean, the twin of its snapshot record.

    ``put_back_map``: ``snap``'s records for the live ``cur``: ``cur`` itself when its records are
    still the twins of ``snap``'s, in the same key order, else a new dict keeping those records and
    copies of ``snap``'s others (each copy the twin of its original).  Nothing of ``snap`` becomes
    live."""
    got = _TWIN_MAPS.get(cls)
    if got is not None:
        return got
    env: dict[str, Any] = {"_same": _same_fn(cls), "_copy": copier(cls), "_mark": mark_clean, "_C": clean_class(cls),
                           "_same_data": same_data}
    check = f"            if not ({_containers_expr(cls)}):\n                _unseen(a, b, k)\n" if GUARD else ""
    def all_check(snap: str) -> str:        # the guard over a whole map of clean twins
        return (f"                for k, a, b in zip(cur, cur.values(), {snap}.values()):\n"
                f"                    if not ({_containers_expr(cls)}):\n"
                f"                        _unseen(a, b, k)\n") if GUARD else ""
    guard_twins = (f"            for k, a, b in zip(keys, cur.values(), old.values()):\n"
                   f"                if type(a) is _C and a._twin is b and not ({_containers_expr(cls)}):\n"
                   f"                    _unseen(a, b, k)\n") if GUARD else ""
    def guard_other(indent: str) -> str:    # the guard over a clean record and its twin elsewhere
        return (f"{indent}if not ({_containers_expr(cls, 'a', 'a._twin')}):\n"
                f"{indent}    _unseen(a, a._twin, k)\n") if GUARD else ""
    guard_other1, guard_other2 = guard_other(" " * 20), guard_other(" " * 12)
    env["_unseen"], env["_count"] = _unseen, itertools.count
    src = f"""def _share_map(cur, old, own):
    if cur is old:
        return old
    if type(old) is dict and len(cur) == len(old):
        if not cur:                                  # both empty (most maps of most states)
            return old
        keys = list(cur)
        if keys == list(old):                        # the same keys in order: only the others are looked at
            bad = [i for i, a, b in zip(_count(), cur.values(), old.values()) if type(a) is not _C or a._twin is not b]
{guard_twins}            if not bad:
                return old
            out, kept = dict(old), True
            for i in bad:
                k = keys[i]
                a, b = cur[k], old[k]
                if type(a) is _C:                    # clean, the twin of another snapshot's record: that one
{guard_other1}                    out[k] = a._twin
                    kept = False
                elif _same(a, b):
                    if not own:
                        _mark(a, b, _C)
                else:
                    kept = False
                    if own:
                        out[k] = a
                    else:
                        c = out[k] = _copy(a)
                        _mark(a, c, _C)
            return old if kept else out
    if type(old) is not dict:
        if own:
            return dict(cur)
        out = {{}}
        for k, a in cur.items():
            c = out[k] = _copy(a)
            _mark(a, c, _C)
        return out
    get, out, kept = old.get, {{}}, len(cur) == len(old)
    for k, a in cur.items():
        b = get(k)
        if b is not None and type(a) is _C and a._twin is b:
{check}            out[k] = b
        elif type(a) is _C:                          # clean, the twin of another snapshot's record
{guard_other2}            out[k] = a._twin
            kept = False
        elif b is not None and _same(a, b):
            out[k] = b
            if not own:
                _mark(a, b, _C)
        else:
            kept = False
            if own:
                out[k] = a
            else:
                c = out[k] = _copy(a)
                _mark(a, c, _C)
    return old if kept and list(cur) == list(old) else out


def _put_back_map(cur, snap):
    if len(cur) == len(snap):
        for a, b in zip(cur.values(), snap.values()):
            if type(a) is not _C or a._twin is not b:
                break
        else:
            if list(cur) == list(snap):
{all_check("snap")}                return cur
    get, out, kept = cur.get, {{}}, len(cur) == len(snap)
    for k, b in snap.items():
        a = get(k)
        if a is not None and type(a) is _C and a._twin is b:
{check}            out[k] = a
        else:
            kept = False
            c = out[k] = _copy(b)
            _mark(c, b, _C)
    return cur if kept and list(cur) == list(snap) else out
"""
    exec(src, env)  # noqa: S102 - generated from the class's own field list
    got = _TWIN_MAPS[cls] = env["_share_map"], env["_put_back_map"]
    return got


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
        empty = f"{y} if not {x} and not {y} and type({y}) is dict else "   # both empty: most maps of most states
        if item is not None and issubclass(item, Tracked):
            env[f"_tmap_{f.name}"] = twin_maps(item)[0]
            return f"({empty}_tmap_{f.name}({x}, {y}, own))"
        if item is not None:
            env[f"_same_{f.name}"], env[f"_copy_{f.name}"] = _same_fn(item), copier(item)
            return f"({empty}_share_map({x}, {y}, own, _same_{f.name}, _copy_{f.name}))"
    if typing.get_origin(tp) is list and _record_class((_args(tp) or (Any,))[0]) is not None:
        item = (_args(tp) or (Any,))[0]
        exec(f"def _icopy_{f.name}(v):\n    return {_expr(item, 'v', env, 1)}\n", env)  # noqa: S102 - from the hints
        empty = f"{y} if not {x} and not {y} and type({x}) is list and type({y}) is list else "   # both empty
        return f"({empty}_share_list({x}, {y}, own, _icopy_{f.name}))"
    strict = _eq_expr(tp, x, y)
    eq = f"{x} == {y}" + (f" and {strict}" if strict else "") if not strict.startswith("_same_data") else strict
    return f"({y} if {x} is {y} or ({eq}) else ({x} if own else {_expr(tp, x, env)}))"


def _share_list(cur: Any, old: Any, own: bool, copy: Callable[[Any], Any]) -> Any:
    """A list of records sharing ``old``'s records :func:`same` as ``cur``'s at the same place
    (``old`` itself when all are, lengths equal); the others are ``cur``'s (``own``) or ``copy``'s."""
    if cur is old:
        return old
    if type(cur) is not list or type(old) is not list:
        return cur if own else (None if cur is None else [copy(x) for x in cur])
    n = len(old)
    if len(cur) == n and all(map(same, cur, old)):
        return old
    return [y if i < n and ((y := old[i]) is x or same(x, y)) else (x if own else copy(x)) for i, x in enumerate(cur)]


GROUP_MIN = 8
"""A class with at least this many plain-data fields compares them in one go (:func:`sharer`): the
big state record's 27 do; a nested record's 7 short lists compare faster one by one than through a
key (measured on recorded random play)."""
KEYS_KEPT = 8
"""How many recent shared records of a class keep their data key (:func:`sharer`)."""


def _grouped(f: dataclasses.Field, tp: Any) -> bool:
    """Whether field ``f`` (hint ``tp``) is plain JSON-like data a marshal key can stand for: not
    a leaf (compared as is), not a record, no records or ``Any`` inside, not ``share_items``."""
    if _immutable(tp) or f.metadata.get("share_items"):
        return False
    return typing.get_origin(tp) in (dict, list) and _plain_hint(tp)


def _plain_hint(t: Any) -> bool:
    """No ``Any`` and no record anywhere in hint ``t`` (not a closure: it would leave a reference cycle)."""
    if t is Any or _record_class(t) is not None:
        return False
    return all(_plain_hint(a) for a in _args(t) if a is not Ellipsis)


def _remember(keys: dict, n: Any, k: bytes) -> None:
    """Keep ``k`` as the data key of the shared record ``n`` (the last :data:`KEYS_KEPT` of its class)."""
    keys[id(n)] = (n, k)
    if len(keys) > KEYS_KEPT:
        del keys[next(iter(keys))]


def sharer(cls: type) -> Callable[[Any, Any, bool], Any]:
    """The generated ``share(o, p, own)`` of dataclass ``cls`` (cached): see :func:`share`.

    The plain-data fields (dicts and lists of leaves, :func:`_grouped`) of a class with at least
    :data:`GROUP_MIN` of them are compared in one go: the marshal bytes of all of them (equal
    bytes: strictly equal values, :func:`same_data`) against ``p``'s, kept for the last few ``p``
    (read-only, as :func:`share` requires); equal, every one is ``p``'s; else each is compared on
    its own."""
    fn = _SHARERS.get(cls)
    if fn is not None:
        return fn
    if cls in _PLAIN:                                 # a clean record's class shares as its plain class
        return _SHARERS.setdefault(cls, sharer(_PLAIN[cls]))
    env: dict[str, Any] = {"_cls": cls, "_new": object.__new__, "_deep": _deep, "_same_data": same_data,
                           "_share_record": _share_record, "_share_map": _share_map, "_dumps": _dumps,
                           "_share_list": _share_list,
                           "_keys": {}, "_remember": _remember}
    h, fs = hints(cls), dataclasses.fields(cls)
    args = [_share_expr(f, h[f.name], env) for f in fs]
    group = [f.name for f in fs if _grouped(f, h[f.name])]
    head, tail = "", ""
    if len(group) >= GROUP_MIN:
        args = [f"(p.{f.name} if _hit else {a})" if f.name in group else a for f, a in zip(fs, args)]
        head = ("    _k = _key(o)\n    _e = _keys.get(id(p))\n    if _e is None or _e[0] is not p:\n"
                "        _e = (p, _key(p))\n        _remember(_keys, p, _e[1])\n"
                "    _hit = _k is not None and _k == _e[1]\n")
        exec(f"def _key(o):\n    try:\n        return _dumps(({', '.join('o.' + n for n in group)},), 2)\n"
             "    except ValueError:\n        return None\n", env)  # noqa: S102 - from the field list
        tail = "    if _k is not None:\n        _remember(_keys, n, _k)\n"
    # the nested form (:func:`_share_record`) gives ``p`` itself when every part is ``p``'s (leaves equal)
    kept = " and ".join(f"n.{f.name} == p.{f.name}" if _immutable(h[f.name]) else f"n.{f.name} is p.{f.name}"
                        for f in fs) or "True"
    if _plain_class(cls):
        body = "".join(f"    n.{f.name} = {a}\n" for f, a in zip(fs, args))
        make = f"    n = _new(_cls)\n{body}"
    else:
        make = f"    n = _cls({', '.join(args)})\n"
    code = (f"def _share(o, p, own):\n{head}{make}{tail}    return n\n\n\n"
            f"def _nested(o, p, own):\n{head}{make}    if {kept}:\n        return p\n{tail}    return n\n")
    if issubclass(cls, FieldTracked) and _plain_class(cls) and group:
        from lcb_lab.kernel.datatrack import share_code
        code += share_code(cls, fs, args, group, env, f"{head}{make}{tail}", sys.modules[__name__])
    exec(code, env)  # noqa: S102 - generated from the class's own field list
    fn = _SHARERS[cls] = env["_share"]
    fn.nested = env["_nested"]                       # type: ignore[attr-defined]
    fn.group = (group, env["_key"], env["_keys"]) if head else None   # type: ignore[attr-defined]
    return fn


def _unseen_field(o: Any, name: str) -> None:
    """Raise :class:`UnseenChange`: field ``name`` of clean record ``o`` differs from its twin's, unassigned."""
    raise UnseenChange(f"{type(o).__name__}.{name} changed in place without a field assignment (assign it "
                       f"again or call datacodec.touched(record, {name!r}))")


def nested_sharer(cls: type) -> Callable[[Any, Any, bool], Any]:
    """The generated ``share(o, p, own)`` of dataclass ``cls`` as :func:`_share_record` uses it
    (made and cached with :func:`sharer`): its result, but ``p`` itself when every field of it is
    ``p``'s (a leaf equal, ``==`` as :func:`same` compares leaves): ``o`` and ``p`` are then
    :func:`same`, found without comparing them twice (a record that changed -- most often -- is
    compared once)."""
    fn = _SHARERS.get(cls)
    return (fn if fn is not None else sharer(cls)).nested     # type: ignore[attr-defined]


def share(obj: Any, prev: Any, own: bool = False) -> Any:
    """A copy of dataclass ``obj`` whose parts equal to ``prev``'s ARE ``prev``'s objects (structural
    sharing: records of a ``dict[str, Record]`` field one by one, nested records, other fields whole).

    The parts that differ are copies of ``obj``'s (``own``: ``obj``'s own objects, for an ``obj``
    nothing else will change).  Without ``own``, ``obj``'s :class:`Tracked` records become clean,
    the twins of the result's (:func:`twin_maps`).  Safe only while neither result nor ``prev`` is changed in place: the
    record's snapshots (:mod:`lcb_lab.kernel.history`) are read-only.  ``prev`` None or of another class: a
    plain :func:`clone` (``own``: ``obj`` itself).

    >>> from dataclasses import dataclass, field
    >>> @dataclass
    ... class Phase:
    ...     player: str
    ...     points: int
    ...     orders: list[str] = field(default_factory=list)
    >>> old = Phase("Red", 3, orders=["move archer 1"])
    >>> new = clone(old); new.points = 2
    >>> s = share(new, old)
    >>> s == new, s is new, s.orders is old.orders
    (True, False, True)
    """
    cls = _PLAIN.get(type(obj), type(obj))            # a clean record shares as its plain class
    if prev is None or type(prev) is not cls:
        return obj if own else clone(obj)
    return sharer(cls)(obj, prev, own)


def _put_map(cur: dict, snap: dict) -> dict:
    """A copy of ``snap``'s records (a map of records that are not :class:`Tracked`)."""
    return {k: clone(y) for k, y in snap.items()}


_PUTTERS: dict[tuple[type, tuple[str, ...]], Callable[[Any, Any], None]] = {}


def put_back(live: Any, snap: Any, skip: tuple[str, ...] = ()) -> None:
    """Set every field of dataclass ``live`` (but ``skip``) back to the read-only ``snap``'s values,
    in place, sharing nothing with ``snap``: a ``dict[str, Record]`` field of :class:`Tracked`
    records keeps ``live``'s records that are still the twins of ``snap``'s (:func:`twin_maps`: a
    refused act changed none, so none is copied); any other field gets a copy of ``snap``'s."""
    key = (type(live), skip)
    fn = _PUTTERS.get(key)
    if fn is None:
        fn = _PUTTERS[key] = _putter(_PLAIN.get(type(live), type(live)), skip)
    fn(live, snap)


def _putter(cls: type, skip: tuple[str, ...]) -> Callable[[Any, Any], None]:
    """The generated ``put(o, s)`` of dataclass ``cls``: see :func:`put_back`.

    A class whose plain-data fields :func:`sharer` compares in one key (none of them skipped) keeps
    the live ones when the snapshot's key is still kept (one of the last few snapshots shared, e.g.
    a refused act's restore point) and the live fields' key equals it: strictly equal values, e.g.
    after a refused act that changed none of them.  They are the live state's own objects, never a
    snapshot's, so they stay; else every one is copied (an older snapshot's key is not made: an undo
    pays no more than before)."""
    if issubclass(cls, FieldTracked) and _plain_class(cls) and getattr(sharer(cls), "group", None) is not None:
        from lcb_lab.kernel.datatrack import putter
        return putter(cls, skip, sys.modules[__name__])
    env: dict[str, Any] = {"_deep": _deep, "_put_map": _put_map}
    h, lines, kept = hints(cls), [], []
    grouped = getattr(sharer(cls), "group", None)
    if grouped is not None and not set(grouped[0]) & set(skip):
        env["_key"], env["_keys"] = grouped[1], grouped[2]
        head = ("    _e = _keys.get(id(s))\n"
                "    if _e is None or _e[0] is not s or _e[1] is None or _key(o) != _e[1]:\n")
        group = set(grouped[0])
    else:
        head, group = "", set()
    for f in dataclasses.fields(cls):
        if f.name in skip:
            continue
        tp, x = h[f.name], f"s.{f.name}"
        item = _record_class((_args(tp) or (Any, Any))[1]) if typing.get_origin(tp) is dict else None
        if item is not None and issubclass(item, Tracked):
            env[f"_put_{f.name}"] = twin_maps(item)[1]
            src = f"_put_{f.name}(o.{f.name}, {x})"
        elif item is not None:
            src = f"_put_map(o.{f.name}, {x})"
        elif f.metadata.get("share_items"):
            src = f"list({x})"
        else:
            src = _expr(tp, x, env)
        (kept if f.name in group else lines).append(f"    o.{f.name} = {src}\n")
    body = (head + "".join("    " + line for line in kept)) if kept else ""
    exec(f"def _put(o, s):\n{body}{''.join(lines) or '    pass'}\n", env)  # noqa: S102 - from the field list
    return env["_put"]
