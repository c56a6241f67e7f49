"""A saved game read back: :func:`restore` (its ``state``, ``dice`` and ``record``) and :func:`reason`.

A save is a JSON object ``{"game": ..., "state": {...}, "dice": {...}, "record": {...} | null}``
(each game adds its own keys and checks them first).  Every fault is a
:class:`~lcb_lab.kernel.errors.ScenarioError` naming the file, the key (``state``, ``dice``,
``record``, ``state.commanders``, ``record.steps[3].action.unit``: the keys down to the bad value where
the game's reader names them) and what is wrong in words -- a missing key, a value
of the wrong JSON type, a value the game's reader refuses -- never a Python exception's text
alone, so a lab can say it in one line and keep the game in play.
"""
from __future__ import annotations

from typing import Any, Callable, TypeVar

from lcb_lab.kernel.datacodec import DataError, key_path
from lcb_lab.kernel.errors import LabError, ScenarioError

__all__ = ["restore", "read_part", "reason", "json_type", "first_difference", "READ_ERRORS"]

T = TypeVar("T")

READ_ERRORS = (KeyError, IndexError, TypeError, ValueError, AttributeError, LabError)
"""What a reader of saved data may raise on data that is not what it expects."""

_JSON_TYPES = {dict: "an object", list: "a list", str: "a string", bool: "true or false", int: "a number",
               float: "a number", type(None): "null"}
_KEEP = object()


def json_type(value: Any) -> str:
    """``value``'s JSON type in words ("an object", "a list", "a string", "a number", "null").

    >>> json_type([1])
    'a list'
    """
    return _JSON_TYPES.get(type(value), type(value).__name__)


def reason(err: BaseException) -> str:
    """What is wrong, in words, for ``err`` raised while reading saved data: a KeyError names the
    missing key ("the key 'turn' is missing"); a TypeError / AttributeError from reading a value of
    the wrong type says so; else the error's own text.

    >>> reason(KeyError("turn"))
    "the key 'turn' is missing"
    """
    if isinstance(err, KeyError):
        return f"the key {err.args[0]!r} is missing" if err.args else "a key is missing"
    if isinstance(err, (AttributeError, TypeError)) and ("object has no attribute" in str(err)
                                                          or "indices must be" in str(err)
                                                          or "not subscriptable" in str(err)):
        return "a value inside is of the wrong type (an object, list, string or number where another is expected)"
    return str(err) or type(err).__name__


def read_part(d: dict, key: str, file: str, read: Callable[[dict], T], at: str = "") -> T:
    """``read(d[key])`` for the object under ``key`` of the saved data ``d`` (``at``: where ``d`` lies
    in the file, "record.initial"; the error's key is ``at.key``).  Raises ScenarioError(``file``,
    key, ...) when the key is missing, its value is not a JSON object, or ``read`` refuses it."""
    where = f"{at}.{key}" if at else key
    if key not in d:
        raise ScenarioError(file, where, "missing: a saved game has it")
    value = d[key]
    if not isinstance(value, dict):
        raise ScenarioError(file, where, f"an object ({{...}}) is expected, the file has {json_type(value)}")
    try:
        return read(value)
    except DataError as e:                   # the codec names the keys down to the bad value
        raise ScenarioError(file, where + key_path(e.loc), e.problem) from None
    except READ_ERRORS as e:
        raise ScenarioError(file, where, f"malformed: {reason(e)}") from None


def restore(proto: Any, d: dict, file: str, die: Any = _KEEP) -> Any:
    """The game saved as ``d``: ``proto`` (an :class:`~lcb_lab.kernel.engine.Engine` of the right game)
    spawned at the saved ``state`` (its ``state_from_data``) with the saved ``dice`` (``die``: the
    dice's die, default ``proto``'s), then the saved ``record`` replayed (``load_record``) when there
    is one.  Raises ScenarioError naming ``file`` and the key."""
    state = read_part(d, "state", file, proto.state_from_data)
    dice_die = proto.dice.die if die is _KEEP else die
    dice = read_part(d, "dice", file, lambda v: type(proto.dice).from_saved(v, dice_die))
    g = proto.spawn(state, dice)
    if d.get("record") is not None:
        g.load_record(d["record"], file)
    return g


def first_difference(saved: Any, replayed: Any, at: str = "state") -> str | None:
    """The dotted key (from ``at``) of the first place where JSON-native data ``saved`` and ``replayed``
    differ, or None when they are equal: a dict's keys in the saved order, then those only the replay
    has; a list item as ``[i]``, a list of another length at the list itself.

    >>> first_difference({"units": {"a": {"hp": 2}, "b": {}}}, {"units": {"a": {"hp": 1}}})
    'state.units.a.hp'
    >>> first_difference([1, 2], [1, 2, 3], "log") is None, first_difference([1], [1, 2], "log")
    (False, 'log')
    """
    while True:
        if isinstance(saved, dict) and isinstance(replayed, dict):
            key = next((k for k in [*saved, *(k for k in replayed if k not in saved)]
                        if k not in saved or k not in replayed or saved[k] != replayed[k]), None)
            if key is None:
                return None
            if key not in saved or key not in replayed:
                return f"{at}.{key}"
            saved, replayed, at = saved[key], replayed[key], f"{at}.{key}"
        elif isinstance(saved, list) and isinstance(replayed, list) and len(saved) == len(replayed):
            i = next((i for i, (a, b) in enumerate(zip(saved, replayed)) if a != b), None)
            if i is None:
                return None
            saved, replayed, at = saved[i], replayed[i], f"{at}[{i}]"
        else:
            return None if saved == replayed else at
