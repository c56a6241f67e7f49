"""The scenarios and lessons shipped with lcb_lab: found in the checkout or in the installed wheel.

They live at the repository's top, in ``scenarios/<game>/`` (LC:B's: ``scenarios/lcb/*.toml``,
scenarios, and ``scenarios/lcb/lessons/*.toml``, lessons), user-edited content next to
``notebooks/``.  The wheel ships that one folder as ``lcb_lab/scenarios/`` (pyproject's
``package-dir`` maps the data package ``lcb_lab.scenarios`` to ``scenarios/``; no second copy in
git), so an installed wheel (or any importer, a zip included) loads them without a checkout.
:func:`root` looks inside the installed package first, then beside it (a checkout, also an
editable install).

Everywhere a scenario or lesson is asked for (:func:`lcb_lab.load_scenario`,
:class:`lcb_lab.games.lcb.content.lesson.Lesson`, the lesson's own ``scenario = ...`` key,
``python -m lcb_lab``), the argument is read by one rule, :func:`locate`:

* a :class:`~pathlib.Path`, or a string holding a path separator or ending in
  ``.toml``, or naming a file that exists, is **a path** (a user's own file);
* anything else is **a name** of a packaged file (``"gotland_redux"``,
  ``"appendix_b_combat"``); an unknown name is a ScenarioError listing the
  packaged ones.

A path of an older layout (``scenarios/gotland_redux.toml``, ``scenarios/lessons/appendix_b_combat.toml``,
``lcb_lab/games/lcb/data/scenarios/...``) or of this one seen from elsewhere (``scenarios/lcb/...``) that does not
exist still means the packaged file of that name.

Imports only the standard library and :mod:`lcb_lab.kernel.errors` (importlib.resources on first use).
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from lcb_lab.kernel.errors import ScenarioError

if TYPE_CHECKING:  # pragma: no cover
    from importlib.resources.abc import Traversable

Kind = Literal["scenario", "lesson"]

GAME = "lcb"
"""The game whose folder ``scenarios/<GAME>/`` holds the files (LC:B)."""

_FOLDERS: dict[str, tuple[str, ...]] = {"scenario": (), "lesson": ("lessons",)}
"""Where each kind lives inside ``scenarios/<GAME>/``."""


def root() -> Traversable:
    """The ``scenarios`` folder: ``lcb_lab/scenarios`` of an installed wheel, else the checkout's
    ``scenarios/`` beside the package (a Traversable; a :class:`~pathlib.Path` on a file system).

    Raises ScenarioError naming both places when neither exists (a broken install).
    """
    from importlib.resources import files  # on first use: keeps the engine import light
    top = __name__.partition(".")[0]        # lcb_lab, wherever in it this module lives
    packaged = files(top) / "scenarios"
    if packaged.is_dir():
        return packaged
    checkout = Path(str(files(top))).resolve().parent / "scenarios"
    if checkout.is_dir():
        return checkout
    raise ScenarioError("scenarios", "(folder)", f"the scenario files are missing: neither {packaged} (an installed "
                        f"wheel) nor {checkout} (a checkout) exists; reinstall lcb_lab")


def folder(kind: Kind) -> Traversable:
    """The folder of ``kind`` ("scenario" or "lesson"), ``scenarios/lcb`` or ``scenarios/lcb/lessons``,
    as a Traversable (a :class:`~pathlib.Path` when installed as files or run from a checkout)."""
    node = root() / GAME
    for part in _FOLDERS[_kind(kind)]:
        node = node / part
    return node


def names(kind: Kind) -> list[str]:
    """Sorted names (file stems) of the packaged files of ``kind``."""
    return sorted(t.name[:-5] for t in folder(kind).iterdir() if t.name.endswith(".toml") and t.is_file())


def scenario_names() -> list[str]:
    """The packaged scenarios' names, e.g. ``["gotland_redux"]``."""
    return names("scenario")


def lesson_names() -> list[str]:
    """The packaged lessons' names, e.g. ``["appendix_b_combat"]``."""
    return names("lesson")


def source(kind: Kind, name: str) -> Traversable:
    """The packaged file of ``kind`` called ``name`` (a Traversable; read it with
    :func:`text`, which reads it through :func:`lcb_lab.kernel.files.read_text`).

    Only a name :func:`names` lists is accepted (so no name reaches outside the
    folder).  Raises ScenarioError(name, "(file)", problem) listing the packaged names.
    """
    known = names(kind)
    if not isinstance(name, str) or name not in known:
        shown = name if isinstance(name, str) else type(name).__name__
        raise ScenarioError(str(shown), "(file)",
                            f"no packaged {kind} named {shown!r} (packaged: {', '.join(known) or 'none'}); "
                            f"a file of your own is a path: it holds a '/' or ends in .toml")
    return folder(kind) / f"{name}.toml"


def scenario_source(name: str) -> Traversable:
    """The packaged scenario ``name`` (see :func:`source`). Raises ScenarioError."""
    return source("scenario", name)


def lesson_source(name: str) -> Traversable:
    """The packaged lesson ``name`` (see :func:`source`). Raises ScenarioError."""
    return source("lesson", name)


def text(kind: Kind, name: str) -> str:
    """The UTF-8 text of the packaged file ``name`` of ``kind``. Raises ScenarioError."""
    from lcb_lab.kernel.files import read_text   # the one reader (here: resources stays standalone)
    return read_text(source(kind, name), kind)


def scenario_text(name: str) -> str:
    """The TOML text of the packaged scenario ``name``. Raises ScenarioError."""
    return text("scenario", name)


def lesson_text(name: str) -> str:
    """The TOML text of the packaged lesson ``name``. Raises ScenarioError."""
    return text("lesson", name)


def is_path(name_or_path: str | os.PathLike) -> bool:
    """Whether ``name_or_path`` means a file path rather than a packaged name: a PathLike,
    or a string with a path separator, ending in ``.toml``, or naming an existing file."""
    if isinstance(name_or_path, os.PathLike):
        return True
    s = str(name_or_path)
    if "/" in s or os.sep in s or (os.altsep and os.altsep in s) or s.endswith(".toml"):
        return True
    try:
        return Path(s).is_file()
    except (OSError, ValueError):  # a NUL in the name, a name too long: not a file here
        return False


def locate(name_or_path: str | os.PathLike, kind: Kind) -> Path | Traversable:
    """The file ``name_or_path`` means (see the module docstring): the path itself, or a
    packaged file.  A missing path ``.../scenarios/[lcb/]<name>.toml`` (lessons:
    ``.../scenarios/[lcb/]lessons/<name>.toml``) with a packaged ``<name>`` gives the packaged file.

    Does not read the file: the reader (lcb_lab.kernel.files) words a missing or bad one.
    Raises ScenarioError for an unknown packaged name.
    """
    if not is_path(name_or_path):
        return source(kind, str(name_or_path))
    p = Path(name_or_path)
    try:
        if p.exists():
            return p
    except (OSError, ValueError):
        return p
    if p.suffix == ".toml" and _in_a_scenarios_folder(p.parent.parts, kind) and p.stem in names(kind):
        return source(kind, p.stem)
    return p


def _in_a_scenarios_folder(parts: tuple[str, ...], kind: Kind) -> bool:
    """Whether folder ``parts`` end in ``scenarios[/lcb]`` (lessons: ``scenarios[/lcb]/lessons``)."""
    tail = _FOLDERS[_kind(kind)]
    if tail and parts[-len(tail):] != tail:
        return False
    parts = parts[:len(parts) - len(tail)]
    return parts[-1:] == ("scenarios",) or parts[-2:] == ("scenarios", GAME)


def _kind(kind: str) -> str:
    if kind not in _FOLDERS:
        raise ValueError(f"kind must be 'scenario' or 'lesson', not {kind!r}")
    return kind
