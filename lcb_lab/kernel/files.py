"""Reading the files lcb_lab is given (scenarios, lessons, catalogs, maps, saves), and writing a file whole.

One place turns every way a file can be unreadable -- missing, not a
regular file (a directory, a named pipe, a device, a socket), not UTF-8, not TOML/JSON, a JSON object
giving a key twice, absurdly large, nested absurdly deep or holding an integer literal longer than Python converts
(:data:`MAX_INT_DIGITS`) -- into a :class:`~lcb_lab.kernel.errors.ScenarioError` naming the file, the
key (``"(file)"`` or ``"(syntax)"``) and the problem, so no reader ever
lets a ``UnicodeDecodeError``, ``IsADirectoryError`` or ``RecursionError``
escape.
"""
from __future__ import annotations

import json
import os
import stat
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
    """The UTF-8 text of ``path`` (a path, or a packaged file: an ``importlib.resources`` Traversable).
    ``what`` ("lesson", "scenario", ...) words the error.

    Only a regular file is read (:func:`read_bytes`): a directory, a named pipe, a device or a
    socket is refused at once, and at most :data:`MAX_BYTES` + 1 bytes are ever read.
    Raises ScenarioError(file, "(file)", problem).
    """
    f = str(path)
    try:
        return read_bytes(path, what).decode("utf-8")
    except UnicodeDecodeError as e:
        raise ScenarioError(f, "(file)", f"not UTF-8 text (byte {e.start}): not a {what} file") from None


def read_bytes(path: str | Path | Traversable, what: str) -> bytes:
    """The bytes of the regular file ``path``, at most :data:`MAX_BYTES` of them.

    The file is opened without blocking (a named pipe with no writer would wait forever) and
    checked on the open descriptor (``fstat``), so a file swapped for a pipe or a device
    between the check and the read is refused too.
    Raises ScenarioError(file, "(file)", problem): an empty name, missing, not a regular file (naming
    what it is), larger than the cap, unreadable (permissions, a NUL in the name).
    """
    f = str(path)
    if isinstance(path, str) and not path.strip():     # Path("") would be ".", "a directory": say what it is
        raise ScenarioError(repr(path), "(file)", f"no {what} file named: the name is empty")
    try:
        if not isinstance(path, (str, os.PathLike)) and hasattr(path, "open"):  # packaged, maybe in a zip
            with path.open("rb") as fh:
                return _capped(fh.read(MAX_BYTES + 1), f, what)
        p = Path(path)
        kind = file_kind(os.stat(p).st_mode)
        if kind != "a regular file":
            raise ScenarioError(f, "(file)", f"is {kind}, not a {what} file (only regular files are read)")
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
        with os.fdopen(fd, "rb") as fh:
            kind = file_kind(os.fstat(fh.fileno()).st_mode)
            if kind != "a regular file":
                raise ScenarioError(f, "(file)", f"is {kind}, not a {what} file (only regular files are read)")
            return _capped(fh.read(MAX_BYTES + 1), f, what)
    except ScenarioError:
        raise
    except FileNotFoundError:
        raise ScenarioError(f, "(file)", f"no such {what} file") from None
    except (OSError, ValueError, TypeError) as e:  # permissions, NUL in the name, a non-path
        raise ScenarioError(f, "(file)", f"cannot read the {what} file: {getattr(e, 'strerror', None) or e}") \
            from None


def _capped(data: bytes, file: str, what: str) -> bytes:
    if len(data) > MAX_BYTES:
        raise ScenarioError(file, "(file)", f"larger than {MAX_BYTES // 2**20} MiB: not a {what} file")
    return data


_KINDS = ((stat.S_ISREG, "a regular file"), (stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a named pipe (FIFO)"),
          (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"))


def file_kind(mode: int) -> str:
    """What a ``st_mode`` is, in words: ``"a regular file"``, ``"a directory"``, ``"a named pipe (FIFO)"``,
    ``"a character device"``, ``"a block device"``, ``"a socket"`` (else ``"not a regular file"``)."""
    return next((name for test, name in _KINDS if test(mode)), "not a regular file")


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
    """Parse TOML text. Raises ScenarioError(file, "(syntax)", problem): ``"not TOML: <why>"``, or
    ``"not TOML but JSON (a saved game?)"`` when the text is JSON (a save given where a TOML file is read)."""
    try:
        return _parse(tomllib.loads, text, file, (tomllib.TOMLDecodeError,), "not TOML: ")
    except ScenarioError as e:
        if e.problem.startswith("not TOML: ") and _reads_as(json.loads, text, json.JSONDecodeError):
            raise ScenarioError(file, "(syntax)", "not TOML but JSON (a saved game?)") from None
        raise


def _reads_as(load: Callable[[Any], Any], text: Any, syntax: type[Exception]) -> bool:
    """Whether ``load`` reads ``text`` (a non-empty object or list), for the hint of a file given in the other format."""
    try:
        data = load(text)
        return isinstance(data, (dict, list)) and len(data) > 0     # an empty file is valid TOML: no hint
    except (syntax, ValueError, RecursionError, TypeError):
        return False


def _number_problem(e: ValueError) -> str:
    if "integer string conversion" in str(e) or "int_max_str_digits" in str(e):
        return f"a number with more than {MAX_INT_DIGITS} digits"
    return f"unreadable value: {e}"


def load_toml(path: str | Path | Traversable, what: str) -> dict:
    """:func:`read_text` then :func:`parse_toml`. Raises ScenarioError."""
    return parse_toml(read_text(path, what), str(path))


def parse_json(text: str | bytes, file: str) -> Any:
    """Parse JSON text; a key twice in one object is refused (JSON would keep the last silently,
    TOML refuses it too). Raises ScenarioError(file, "(syntax)", problem): ``"not JSON: <why>"``, or
    ``"not JSON but TOML (a scenario or lesson file?)"`` when the text is TOML."""
    try:
        return _parse(_loads_unique, text, file, (json.JSONDecodeError, UnicodeDecodeError), "not JSON: ")
    except ScenarioError as e:
        if e.problem.startswith("not JSON: ") and _reads_as(tomllib.loads, text, tomllib.TOMLDecodeError):
            raise ScenarioError(file, "(syntax)", "not JSON but TOML (a scenario or lesson file?)") from None
        raise
    except _DuplicateKey as e:
        raise ScenarioError(file, "(syntax)", f"the key {e.key[:80]!r} is given twice in one object") from None


class _DuplicateKey(Exception):        # not a ValueError: _parse reads those as number problems
    def __init__(self, key: str):
        super().__init__(key)
        self.key = key


def _unique(pairs: list[tuple[str, Any]]) -> dict:
    d = dict(pairs)
    if len(d) != len(pairs):
        seen: set[str] = set()
        raise _DuplicateKey(next(k for k, _ in pairs if k in seen or seen.add(k)))
    return d


def _loads_unique(text: str | bytes) -> Any:
    return json.loads(text, object_pairs_hook=_unique)


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


def write_whole(path: str | Path, text: str, newline: str | None = None) -> Path:
    """Write ``text`` (UTF-8) to ``path`` whole, and return it as a Path: written to a temporary file beside
    it, then put in its place (``os.replace``), so a file already there is replaced only by a complete one
    -- a full disk, a Ctrl-C or a failure while writing leaves it as it was and no part file behind -- and
    keeps its mode.  A link, a pipe or a device is written through.  ``newline`` as for ``open``
    (``"\n"``: no translation on Windows).  Raises OSError (a folder: ``EISDIR``;
    a missing folder: ``ENOENT``)."""
    import shutil
    p = Path(path)
    if p.is_dir():
        raise IsADirectoryError(21, "Is a directory", str(p))
    if p.is_symlink() or (p.exists() and not p.is_file()):   # a link, /dev/stdout, a pipe: write through it
        p.write_text(text, encoding="utf-8", newline=newline)
        return p
    tmp = p.with_name(f".{p.name}.{os.getpid()}.part")     # created as any new file (the umask's mode)
    try:
        tmp.write_text(text, encoding="utf-8", newline=newline)
        if p.exists():
            shutil.copymode(p, tmp)                         # a replaced file keeps its mode
        os.replace(tmp, p)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return p
