"""Snapshots and restores of a big record tracked field by field (:class:`lcb_lab.kernel.datacodec.FieldTracked`).

Generated from the record's type hints for :mod:`lcb_lab.kernel.datashare` (its :func:`~lcb_lab.kernel.datashare.share`
and :func:`~lcb_lab.kernel.datashare.put_back` of such a class).  After a snapshot or a restore the live record is
*clean*: its ``_twin`` is that snapshot, ``_dirty`` the fields assigned since, ``_seen`` the write counts
(:func:`lcb_lab.kernel.datacodec.writes`) of the record classes of its ``{key: Tracked record}`` maps (units,
cards, markers...) at that moment.  Then, without comparing anything:

* a plain-data field (a dict or list of leaves) not assigned since is the twin's;
* a map of :class:`~lcb_lab.kernel.datacodec.Tracked` records not assigned (nor ``touched``) since, while no
  record of its class has been written (its count is the one seen), is the twin's map: every live record is
  still the clean twin of that map's record at the same key, in the same order;
* a restore from a snapshot that is not the twin keeps a live field (a map) whose twin's value IS that
  snapshot's (an unassigned field equal to the twin's, the twin's equal to the snapshot's): e.g. a benchmark or
  a what-if going back to the same restore point again and again.

Anything else is compared, shared or copied as :mod:`~lcb_lab.kernel.datashare` does for any record.  Code
that changes such a field, or such a map, in place must assign it again or call
``datacodec.touched(record, name)``; under :data:`lcb_lab.kernel.datashare.GUARD` (every test) each field or
map taken this way is compared with what it stands for and :class:`~lcb_lab.kernel.datashare.UnseenChange`
names it when it differs.
"""
from __future__ import annotations

import dataclasses
import typing
from typing import Any, Callable

from lcb_lab.kernel.datacodec import (FieldTracked, Tracked, _args, _deep, _expr, clean_class, hints,
                                      mark_fields_clean, writes)


def tracked_maps(cls: type, _ds: Any) -> list[tuple[str, type]]:
    """``(field, record class)`` of each ``dict[str, R]`` field of ``cls`` whose ``R`` is a
    :class:`Tracked` record (not :class:`FieldTracked`), in field order (``_ds``: :mod:`lcb_lab.kernel.datashare`)."""
    h, out = hints(cls), []
    for f in dataclasses.fields(cls):
        tp = h[f.name]
        if typing.get_origin(tp) is dict:
            item = _ds._record_class((_args(tp) or (Any, Any))[1])
            if item is not None and issubclass(item, Tracked) and not issubclass(item, FieldTracked):
                out.append((f.name, item))
    return out


def _map_guard(cls: type, _ds: Any) -> Callable[[dict, dict, str, Any], dict]:
    """The generated ``check(cur, twin_map, name, owner)`` of :class:`Tracked` class ``cls``: raise
    :class:`~lcb_lab.kernel.datashare.UnseenChange` unless every record of ``cur`` is the clean twin of
    ``twin_map``'s at the same key, in order, with equal lists and dicts; returns ``twin_map``."""
    env: dict[str, Any] = {"_C": clean_class(cls), "_unseen": _ds._unseen, "_same_data": _ds.same_data,
                           "_Unseen": _ds.UnseenChange}
    src = f"""def _check(cur, tw, name, owner):
    if list(cur) != list(tw) or any(type(a) is not _C or a._twin is not b for a, b in zip(cur.values(), tw.values())):
        raise _Unseen(f"{{type(owner).__name__}}.{{name}} changed in place without a field assignment (assign it "
                      f"again or call datacodec.touched(record, {{name!r}}))")
    for k, a, b in zip(cur, cur.values(), tw.values()):
        if not ({_ds._containers_expr(cls)}):
            _unseen(a, b, k)
    return tw
"""
    exec(src, env)  # noqa: S102 - generated from the class's own field list
    return env["_check"]


def _counts_src(maps: list[tuple[str, type]], env: dict) -> str:
    """Source of the tuple of the maps' write counts now (``_seen``), their lists put in ``env``."""
    for i, (_, item) in enumerate(maps):
        env[f"_w{i}"] = writes(item)
    return "(" + "".join(f"_w{i}[0], " for i in range(len(maps))) + ")"


def share_code(cls: type, fs: tuple, args: list[str], group: list[str], env: dict, plain: str, _ds: Any) -> str:
    """Source of ``_share(o, p, own)`` for :class:`FieldTracked` ``cls`` (replacing the plain sharer's): a
    clean record's ``group`` fields not written since are its twin's, and so are its tracked maps neither
    assigned nor with a record written since (see the module); the others as the plain sharer shares them
    (``args``), but against the twin rather than ``p``: the twin holds what they were when last found equal,
    ``p`` may be an older snapshot (after a restore: a refused act, an undo); ``plain`` is the whole plain
    body for a record that is not clean.  Without ``own`` the record
    is then the result's clean twin.  ``_ds``: :mod:`lcb_lab.kernel.datashare` (which calls this)."""
    guard = _ds.GUARD
    maps = tracked_maps(cls, _ds)
    env.update(_C=clean_class(cls), _mark=mark_fields_clean, _unseen_field=_ds._unseen_field)
    seen = _counts_src(maps, env)
    one = {}
    for f, a in zip(fs, args):
        if f.name in group:
            a = a.removeprefix("(p." + f.name + " if _hit else ").removesuffix(")") \
                if a.startswith("(p." + f.name + " if _hit else ") else a
            exec(f"def _one_{f.name}(o, p, own):\n    return {a}\n", env)  # noqa: S102 - from the hints
            one[f.name] = env[f"_one_{f.name}"]
    env["_ONE"] = one
    taken = "".join(f"        n.{n} = t.{n}\n" for n in group)
    check = (f"        for k in {tuple(group)!r}:\n"
             f"            if k not in d and not _same_data(getattr(o, k), getattr(t, k)):\n"
             f"                _unseen_field(o, k)\n") if guard else ""
    index = {name: i for i, (name, _) in enumerate(maps)}
    rest = []
    for f, a in zip(fs, args):
        if f.name in group:
            continue
        i = index.get(f.name)
        if i is None:
            rest.append(f"        n.{f.name} = {a}\n")
            continue
        if guard:
            env[f"_gm_{f.name}"] = _map_guard(maps[i][1], _ds)
        whole = f"_gm_{f.name}(o.{f.name}, t.{f.name}, {f.name!r}, o)" if guard else f"t.{f.name}"
        rest.append(f"        n.{f.name} = {whole} if {f.name!r} not in d and _w{i}[0] == sn[{i}] else {a}\n")
    return (f"\n\ndef _share(o, p, own):\n"
            f"    if type(o) is _C:\n        t, d, sn = o._twin, o._dirty, o._seen\n        p = t\n        n = _new(_cls)\n{taken}"
            f"        if d:\n            for k in d:\n                f = _ONE.get(k)\n"
            f"                if f is not None:\n                    setattr(n, k, f(o, p, own))\n"
            f"{check}{''.join(rest)}    else:\n"
            + "".join("    " + line + "\n" for line in plain.rstrip("\n").split("\n"))
            + f"    if not own:\n        _mark(o, n, _C, {seen})\n    return n\n")


def putter(cls: type, skip: tuple[str, ...], _ds: Any) -> Callable[[Any, Any], None]:
    """The generated ``put(o, s)`` of :class:`FieldTracked` ``cls`` for
    :func:`lcb_lab.kernel.datashare.put_back`: every field but ``skip`` set back to the read-only
    snapshot ``s``'s values in place, written with ``object.__setattr__`` (no field hook; the record is
    plain meanwhile, so a failure midway leaves it untrusted), then clean with ``s`` as its twin.

    A clean record keeps each plain-data field and tracked map that still equals ``s``'s without
    comparing it: not written since, and the twin's value is ``s``'s (the twin IS ``s`` after a refused
    act or for an undo of the last step; else the same object); the others are copied from ``s`` (a map
    of records through its ``put_back_map``: the live records still twins of ``s``'s kept).  A record that
    is not clean copies every plain-data field unless their one marshal key equals ``s``'s kept key
    (:func:`lcb_lab.kernel.datashare.sharer`).  ``_ds``: :mod:`lcb_lab.kernel.datashare` (which calls this)."""
    guard = _ds.GUARD
    env: dict[str, Any] = {"_deep": _deep, "_put_map": _ds._put_map, "_C": clean_class(cls), "_P": cls,
                           "_mark": mark_fields_clean, "_set": object.__setattr__, "_same_data": _ds.same_data,
                           "_unseen_field": _ds._unseen_field}
    h = hints(cls)
    grouped = getattr(_ds.sharer(cls), "group", None)
    group = [n for n in grouped[0] if n not in skip] if grouped is not None else []
    maps = [(n, c) for n, c in tracked_maps(cls, _ds) if n not in skip]
    seen = _counts_src(maps, env)
    copy = {}
    for f in dataclasses.fields(cls):
        if f.name in skip or any(f.name == n for n, _ in maps):
            continue
        copy[f.name] = f"list(s.{f.name})" if f.metadata.get("share_items") else _expr(h[f.name], f"s.{f.name}", env)
    lines = []
    env["_PUT1"] = one = {}
    for n in group:
        exec(f"def _put_{n}(s):\n    return {copy[n]}\n", env)  # noqa: S102 - from the field list
        one[n] = env[f"_put_{n}"]
    def check(twin: str) -> str:
        return (f"            for k in {tuple(group)!r}:\n"
                f"                if k not in d and not _same_data(getattr(o, k), getattr({twin}, k)):\n"
                f"                    _unseen_field(o, k)\n") if guard else ""
    lines.append("    if type(o) is _C:\n        t, d, sn = o._twin, o._dirty, o._seen\n        _set(o, '__class__', _P)\n")
    lines.append("        if t is s:\n" + check("s") + "            for k in d:\n                f = _PUT1.get(k)\n"
                 "                if f is not None:\n                    _set(o, k, f(s))\n        else:\n" + check("t"))
    lines += [f"            if {n!r} in d or t.{n} is not s.{n}:\n                _set(o, {n!r}, {copy[n]})\n"
              for n in group]
    if not group:
        lines.append("            pass\n")
    for i, (n, item) in enumerate(maps):
        env[f"_put_{n}"] = _ds.twin_maps(item)[1]
        lines.append(f"        if {n!r} in d or _w{i}[0] != sn[{i}] or t.{n} is not s.{n}:\n"
                     f"            _set(o, {n!r}, _put_{n}(o.{n}, s.{n}))\n")
        if guard:
            env[f"_gm_{n}"] = _map_guard(item, _ds)
            lines.append(f"        else:\n            _gm_{n}(o.{n}, s.{n}, {n!r}, o)\n")
    lines.append("    else:\n")
    if group and not set(grouped[0]) & set(skip):
        env["_key"], env["_keys"] = grouped[1], grouped[2]
        lines.append("        _e = _keys.get(id(s))\n"
                     "        if _e is None or _e[0] is not s or _e[1] is None or _key(o) != _e[1]:\n"
                     + "".join(f"            _set(o, {n!r}, {copy[n]})\n" for n in group))
    else:
        lines += [f"        _set(o, {n!r}, {copy[n]})\n" for n in group]
    lines += [f"        _set(o, {n!r}, _put_{n}(o.{n}, s.{n}))\n" for n, _ in maps]
    if not group and not maps:
        lines.append("        pass\n")
    lines += [f"    _set(o, {n!r}, {src})\n" for n, src in copy.items() if n not in group]
    lines.append(f"    _mark(o, s, _C, {seen})\n")
    exec("def _put(o, s):\n" + "".join(lines), env)  # noqa: S102 - from the field list
    return env["_put"]
