"""Reading the files lcb_lab is given (scenarios, lessons, catalogs, maps, saves).

One place turns every way a file can be unreadable -- missing, a
directory, not UTF-8, not TOML/JSON, absurdly large, nested absurdly
deep or holding an integer literal longer than Python converts
(:data:`MAX_INT_DIGITS`) -- into a :class:`~lcb_lab.kernel.errors.ScenarioError` naming the file, the
key (``"(file)"`` or ``"(syntax)"``) and the problem, so no reader ever
lets a ``UnicodeDecodeError``, ``IsADirectoryError`` or ``RecursionError``
escape.
"""
from __future__ import annotations

import json
import os
import tomllib
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from lcb_lab.kernel.errors import ScenarioError

if TYPE_CHECKING:  # pragma: no cover
    from importlib.resources.abc import Traversable

MAX_BYTES = 64 * 1024 * 1024
"""Largest file read (64 MiB): a save with a long log is a few MiB."""

MAX_INT_DIGITS = 4300
"""Python's default limit on the digits of an integer read from text (``sys.get_int_max_str_digits``)."""

MAX_DEPTH = 48
"""Deepest nesting of lists/tables accepted; lcb_lab's own files need under 12."""


def read_text(path: str | Path | Traversable, what: str) -> str:
    """The UTF-8 text of ``path`` (a path, or a packaged file from :mod:`lcb_lab.games.lcb.io.resources`).
    ``what`` ("lesson", "scenario", ...) words the error.

    Raises ScenarioError(file, "(file)", problem).
    """
    f = str(path)
    try:
        if not isinstance(path, (str, os.PathLike)) and hasattr(path, "read_bytes"):  # packaged, in a zip
            return path.read_bytes().decode("utf-8")
        p = Path(path)
        if p.is_dir():
            raise ScenarioError(f, "(file)", f"is a directory, not a {what} file")
        with p.open("rb") as fh:        # at most MAX_BYTES + 1: a device such as /dev/zero never ends
            data = fh.read(MAX_BYTES + 1)
        if len(data) > MAX_BYTES:
            raise ScenarioError(f, "(file)", f"larger than {MAX_BYTES // 2**20} MiB: not a {what} file")
        return data.decode("utf-8")
    except ScenarioError:
        raise
    except FileNotFoundError:
        raise ScenarioError(f, "(file)", f"no such {what} file") from None
    except UnicodeDecodeError as e:
        raise ScenarioError(f, "(file)", f"not UTF-8 text (byte {e.start}): not a {what} file") from None
    except (OSError, ValueError, TypeError) as e:  # permissions, NUL in the name, a non-path
        raise ScenarioError(f, "(file)", f"cannot read the {what} file: {getattr(e, 'strerror', None) or e}") \
            from None


def _parse(load: Callable[[Any], Any], text: Any, file: str, syntax: tuple, what: str) -> Any:
    """``load(text)`` with every way it can fail as ScenarioError(file, "(syntax)", problem),
    then the nesting check."""
    try:
        data = load(text)
    except syntax as e:
        raise ScenarioError(file, "(syntax)", f"{what}{e}") from None
    except RecursionError:
        raise ScenarioError(file, "(syntax)", f"nested more than {MAX_DEPTH} levels deep") from None
    except ValueError as e:  # an integer literal longer than Python converts
        raise ScenarioError(file, "(syntax)", _number_problem(e)) from None
    check_depth(data, file)
    return data


def parse_toml(text: str, file: str) -> dict:
    """Parse TOML text. Raises ScenarioError(file, "(syntax)", problem)."""
    return _parse(tomllib.loads, text, file, (tomllib.TOMLDecodeError,), "")


def _number_problem(e: ValueError) -> str:
    if "integer string conversion" in str(e) or "int_max_str_digits" in str(e):
        return f"a number with more than {MAX_INT_DIGITS} digits"
    return f"unreadable value: {e}"


def load_toml(path: str | Path | Traversable, what: str) -> dict:
    """:func:`read_text` then :func:`parse_toml`. Raises ScenarioError."""
    return parse_toml(read_text(path, what), str(path))


def parse_json(text: str | bytes, file: str) -> Any:
    """Parse JSON text. Raises ScenarioError(file, "(syntax)", problem)."""
    return _parse(json.loads, text, file, (json.JSONDecodeError, UnicodeDecodeError), "not JSON: ")


def check_depth(data: Any, file: str, limit: int = MAX_DEPTH) -> None:
    """Refuse data nested deeper than ``limit`` (iteratively: no recursion). Raises ScenarioError."""
    stack = [(data, 1)]
    while stack:
        x, d = stack.pop()
        if isinstance(x, dict):
            children = x.values()
        elif isinstance(x, list):
            children = x
        else:
            continue
        if d > limit:
            raise ScenarioError(file, "(syntax)", f"nested more than {limit} levels deep")
        stack.extend((c, d + 1) for c in children if isinstance(c, (dict, list)))
