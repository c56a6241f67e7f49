"""Writing TOML: the plain data a scenario file holds -> TOML text that :mod:`tomllib` reads back equal.

The standard library reads TOML but does not write it; this writes the subset lcb_lab's files use:
strings, integers, booleans, floats, lists and tables.  At the top, a table is written as a
``[table]`` section (a table of tables as ``[table.sub]`` sections) and a list of tables as
``[[array]]`` sections; deeper, lists of tables and tables are written inline
(``prescribed = [{name = "V-BAT", attach_to = "1 Whiskey"}]``), one list item a line.

>>> print(dumps({"scenario": {"id": "x", "max_turns": 3}, "unit": [{"uid": "1 Alpha"}]}))
[scenario]
id = "x"
max_turns = 3
<BLANKLINE>
[[unit]]
uid = "1 Alpha"
<BLANKLINE>

Imports only the standard library.
"""
from __future__ import annotations

import json
import math
import re
from typing import Any

_BARE = re.compile(r"[A-Za-z0-9_-]+")


def dumps(data: dict[str, Any]) -> str:
    """``data`` (a dict of str keys; values str / int / float / bool / list / dict) as TOML text.

    ``tomllib.loads(dumps(d)) == d`` for such data.  Raises TypeError for a value TOML cannot
    hold (None, a set, an object) and ValueError for a float that is nan or infinite or a string
    holding a lone surrogate (no UTF-8 file holds one); either message begins with the dotted key
    of the value (``"scenario.name: ..."``), and its ``loc`` attribute is that key as a tuple
    (``("unit", 0, "uid")``, as pydantic locates an error).
    """
    lines: list[str] = []
    scalars = {k: v for k, v in data.items() if not _is_table(v) and not _is_table_list(v)}
    lines += [f"{key(k)} = {_at([k], v)}" for k, v in scalars.items()]
    for k, v in data.items():
        if _is_table(v):
            _section(lines, [k], v)
        elif _is_table_list(v):
            for i, item in enumerate(v):
                _blank(lines)
                lines.append(f"[[{key(k)}]]")
                lines += [f"{key(ik)} = {_at([k, i, ik], iv)}" for ik, iv in item.items()]
    return "\n".join(lines) + "\n"


def _section(lines: list[str], path: list[str], table: dict) -> None:
    """``[a.b]`` with the table's values; its sub-tables of tables as their own sections."""
    own = {k: v for k, v in table.items() if not (_is_table(v) and table_of_sections(v))}
    subs = {k: v for k, v in table.items() if k not in own}
    if own or not subs:
        _blank(lines)
        lines.append("[" + ".".join(key(p) for p in path) + "]")
        lines += [f"{key(k)} = {_at(path + [k], v)}" for k, v in own.items()]
    for k, v in subs.items():
        _section(lines, path + [k], v)


def table_of_sections(table: dict) -> bool:
    """Whether ``table`` is best written as a ``[section]`` of its own (it holds a list of tables
    or a table, or more than three keys): True for ``teams.US``, False for ``planning.cp`` (inline
    ``{US = 2}``)."""
    return any(_is_table(v) or _is_table_list(v) for v in table.values()) or len(table) > 3


def _at(path: list, v: Any) -> str:
    """:func:`value` of ``v``; its error (if any) is led by the dotted key ``path`` (str keys, int
    list indexes) of the value and carries it as ``loc``."""
    try:
        return value(v)
    except (TypeError, ValueError) as e:
        where = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path).lstrip(".")
        err = type(e)(f"{where}: {e}")
        err.loc = tuple(path)
        raise err from None


def key(k: str) -> str:
    """A TOML key: bare (``max_turns``) when it may be, else quoted (``"TF Boston"``).
    Raises ValueError for a key holding a lone surrogate."""
    return k if _BARE.fullmatch(k) else _string(k)


def _string(s: str) -> str:
    """A TOML basic string: JSON's escapes (a JSON string is a TOML basic string) plus DEL,
    which JSON leaves bare and TOML forbids.  Raises ValueError for a lone surrogate."""
    bad = next((c for c in s if "\ud800" <= c <= "\udfff"), None)
    if bad is not None:
        raise ValueError(f"a lone surrogate ({bad!r}) is no character a UTF-8 TOML file can hold")
    return json.dumps(s, ensure_ascii=False).replace("\x7f", "\\u007f")


def value(v: Any, indent: str = "") -> str:
    """An inline TOML value (a list of tables, or a long list: one item a line)."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if math.isnan(v) or math.isinf(v):
            raise ValueError(f"TOML holds no {v!r} here")
        return repr(v)
    if isinstance(v, str):
        return _string(v)
    if isinstance(v, dict):
        return "{" + ", ".join(f"{key(k)} = {value(x)}" for k, x in v.items()) + "}"
    if isinstance(v, (list, tuple)):
        items = [value(x) for x in v]
        if v and (all(isinstance(x, dict) for x in v) or sum(len(x) + 2 for x in items) > 88):
            return "[\n" + "".join(f"{indent}  {x},\n" for x in items) + indent + "]"
        return "[" + ", ".join(items) + "]"
    raise TypeError(f"TOML cannot hold a {type(v).__name__}")


def _is_table(v: Any) -> bool:
    return isinstance(v, dict)


def _is_table_list(v: Any) -> bool:
    return isinstance(v, list) and bool(v) and all(isinstance(x, dict) for x in v)


def _blank(lines: list[str]) -> None:
    if lines:
        lines.append("")
