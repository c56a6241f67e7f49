"""``lcb-lab voila``: the lab alone as a Voila app, offline, from a checkout or an installed wheel.

    lcb-lab voila                            # the lab app on http://localhost:8866/ (opens a browser)
    lcb-lab voila --start=planning           # its game begins at the Planning Stage
    lcb-lab voila --game=archipelago         # the lab of the second game, Naval Battle in Archipelago
    lcb-lab voila --no-browser --port=8870   # every other option goes to Voila unchanged
    lcb-lab voila my_class.ipynb             # a notebook of your own, served the same way

Why a command of its own: Voila's default "lab" template (voila 0.5, its ``index.html.j2``) links
two Font Awesome stylesheets on cdn.jsdelivr.net, unconditionally; offline that is two failed
requests and two browser-console errors (and Jupyter Server's Voila extension, Binder's route,
adds MathJax from cdnjs). lcb_lab ships the ``lcb`` template (that template without those links;
Voila's own bundle already carries Font Awesome and its fonts) *inside the package*
(``lcb_lab/ui/lab/data/jupyter/``). This command puts the package's Jupyter data and config
folders first on ``JUPYTER_PATH`` / ``JUPYTER_CONFIG_PATH`` (its ``voila.json`` names the
template) and passes ``--template=lcb``, so the template is found whatever the current folder
and however lcb_lab was installed (editable, wheel; Binder's ``binder/start`` sets the same two
paths). The app notebook itself is written to a temporary folder (a wheel has no
``notebooks/``); its cells are those of ``notebooks/lab_app.ipynb`` (``--game=archipelago``:
``notebooks/archipelago_lab.ipynb``): a lab per game, both on the shared lab.
"""
from __future__ import annotations

import importlib.util
import json
import logging
import os
import shlex
import sys
import tempfile
from pathlib import Path
from typing import Any, Mapping, Sequence

TEMPLATE = "lcb"
"""The Voila template the app uses (``<JUPYTER_DATA>/voila/templates/lcb``)."""
JUPYTER_DATA = Path(__file__).resolve().parent / "data" / "jupyter" / "data"
"""A Jupyter data folder (for ``JUPYTER_PATH``) holding ``voila/templates/lcb``."""
JUPYTER_CONFIG = Path(__file__).resolve().parent / "data" / "jupyter" / "config"
"""A Jupyter config folder (for ``JUPYTER_CONFIG_PATH``) holding ``voila.json`` (template ``lcb``)."""
APP_NAME = "lab_app.ipynb"
FILES_DIR_ENV = "LCB_LAB_FILES_DIR"
"""Where a lab opened without ``files_dir`` saves and loads (:func:`lcb_lab.ui.lab.shell.default_files_dir`):
``lcb-lab voila`` sets it to the folder it was started from, since the app's own notebook lives in
a temporary folder deleted when the app stops."""
START_ENV = "LCB_LAB_START"
"""The stage a lab opened without ``start`` begins in ("planning" | "action"; :func:`start_stage`):
``lcb-lab voila --start=planning`` sets it for the app's kernel."""
STARTS = ("planning", "action")


def start_stage(start: str | None = None) -> str | None:
    """The stage a new lab's game begins in: ``start`` when given, else ``$LCB_LAB_START`` when set,
    else None (the scenario's own ``start``).  "planning": the Planning Stage (3.1: buy cards, then
    deploy, 3.2); "action": the Action Stage with the units and cards in place.  Raises InputError
    for anything else."""
    from lcb_lab.kernel.errors import InputError
    value = start if start is not None else (os.environ.get(START_ENV) or None)
    if value is not None and value not in STARTS:
        where = "start" if start is not None else f"${START_ENV}"
        raise InputError("open_lab", where, f"{value!r} is not a stage to start at: use 'planning' or 'action'")
    return value


def pop_start(argv: Sequence[str], name: str = "--start") -> tuple[str | None, list[str]]:
    """``(value, the other arguments)``: lcb_lab's own ``--start=STAGE`` / ``--start STAGE`` (or the
    option ``name``, e.g. ``--game``) taken out of the command line (Voila never sees it); the value
    None when not given, ``""`` when it has no value."""
    rest, start, args = [], None, list(argv)
    while args:
        a = args.pop(0)
        if a == name:
            start = args.pop(0) if args and not args[0].startswith("-") else ""
        elif a.startswith(name + "="):
            start = a.split("=", 1)[1]
        else:
            rest.append(a)
    return start, rest


APP_CELLS: tuple[tuple[str, str], ...] = (
    ("markdown", "**Littoral Commander: Baltic** — the lab. Click a hex to begin; the *Lesson* tab replays the rulebook's example step by step."),
    ("code", 'from lcb_lab.ui import open_lab\n\n'
             'lab = open_lab("gotland_redux", seed=1)   # Meeting Engagement - Gotland Redux (rulebook Appendix B)\n'
             'lab.widget'),
)
"""The app notebook's cells, ``(cell_type, source)``: the same as ``notebooks/lab_app.ipynb``'s
(tests/packaging/test_voila_app.py keeps them equal)."""
ARCHIPELAGO_CELLS: tuple[tuple[str, str], ...] = (
    ("markdown", "**Naval Battle in Archipelago** — the lab. Red rolls the blue dice in the *Turn* tab, taps a boat, "
                 "moves and fires, hands over to Blue. Sandbox: the board, the blue die."),
    ("code", "from lcb_lab.ui.archipelago.app import open_archipelago_lab\n\n"
             "lab = open_archipelago_lab(level=1, seed=1)   # eight torpedo boats a side, zone 1 of the sandbox board\n"
             "lab.widget"),
)
"""``--game=archipelago``: the cells of ``notebooks/archipelago_lab.ipynb``."""
FORCE_ON_FORCE_CELLS: tuple[tuple[str, str], ...] = (
    ("markdown", "**Force on Force** — the lab. Blue starts in the *Turn* tab; tap a unit for its sight lines, acts and "
                 "odds; hand over to Red to React. Sandbox: the table, units, combat."),
    ('code', 'from lcb_lab.ui.force_on_force.app import open_force_on_force_lab\n\nlab = open_force_on_force_lab(seed=1)   # the sandbox table: two SAS fireteams and Marines against an MG team, gunmen and a hidden cell\nlab.widget'),
)
"""``--game=force_on_force``: the cells of ``notebooks/force_on_force_lab.ipynb``."""
ORDER_OF_BATTLE_CELLS: tuple[tuple[str, str], ...] = (
    ("markdown", "**Order of Battle** — the lab. Ash, Birch and Cedar play the nine phases in the *Acts* tab, handing "
                 "over in turn. Sandbox: the cards, starting Fame, winning total."),
    ('code', 'from lcb_lab.ui.order_of_battle.app import open_order_of_battle_lab\n\nlab = open_order_of_battle_lab(players=3, seed=1)   # three Commanders, the sandbox card set\nlab.widget'),
)
"""``--game=order_of_battle``: the cells of ``notebooks/order_of_battle_lab.ipynb``."""
GAMES: dict[str, tuple[str, tuple[tuple[str, str], ...]]] = {
    "lcb": (APP_NAME, APP_CELLS), "archipelago": ("archipelago_lab.ipynb", ARCHIPELAGO_CELLS),
    "force_on_force": ("force_on_force_lab.ipynb", FORCE_ON_FORCE_CELLS),
    "order_of_battle": ("order_of_battle_lab.ipynb", ORDER_OF_BATTLE_CELLS)}
"""``--game``'s values: the app notebook's name and cells of each game's lab."""
HELP = """usage: lcb-lab voila [NOTEBOOK] [--start=planning|action] [--game=GAME] [VOILA OPTIONS]

Serve the lab alone as a Voila app, offline: no request leaves this machine.

  lcb-lab voila                            the lab app on http://localhost:8866/ (opens a browser)
  lcb-lab voila --start=planning           the game begins at its Planning Stage (buy cards, deploy)
  lcb-lab voila --game=archipelago         the lab of Naval Battle in Archipelago (default: lcb)
  lcb-lab voila --game=force_on_force      the lab of Force on Force's action and reaction
  lcb-lab voila --game=order_of_battle     the lab of Order of Battle's card game
  lcb-lab voila --no-browser --port=8870   every other option goes to Voila unchanged
  lcb-lab voila my_class.ipynb             a notebook of your own, served the same way

Voila's own options: voila --help-all"""
NO_VOILA = "error: the Voila app needs Voila, part of the lab extra: pip install 'lcb_lab[lab]'"


def jupyter_env(environ: Mapping[str, str]) -> dict[str, str]:
    """``JUPYTER_PATH`` and ``JUPYTER_CONFIG_PATH`` with the package's folders first, each
    followed by what ``environ`` already had there (``os.pathsep``-joined, duplicates dropped)."""
    out = {}
    for var, first in (("JUPYTER_PATH", JUPYTER_DATA), ("JUPYTER_CONFIG_PATH", JUPYTER_CONFIG)):
        rest = [p for p in environ.get(var, "").split(os.pathsep) if p and p != str(first)]
        out[var] = os.pathsep.join([str(first), *rest])
    return out


def shell_exports(environ: Mapping[str, str] | None = None) -> str:
    """:func:`jupyter_env` as two ``export VAR='...'`` lines for a POSIX shell (binder/start)."""
    env = jupyter_env(os.environ if environ is None else environ)
    return "\n".join(f"export {var}={shlex.quote(value)}" for var, value in env.items())


def write_app_notebook(folder: Path, game: str = "lcb") -> Path:
    """Write ``game``'s app notebook (:data:`GAMES`: :data:`APP_CELLS` for LC:B; nbformat 4, no
    outputs) into ``folder``; its path. Raises KeyError for a game not in :data:`GAMES`."""
    name, app_cells = GAMES[game]
    cells = [{"cell_type": kind, "id": f"lab-app-{i}", "metadata": {}, "source": source,
              **({"execution_count": None, "outputs": []} if kind == "code" else {})}
             for i, (kind, source) in enumerate(app_cells)]
    nb = {"cells": cells, "nbformat": 4, "nbformat_minor": 5,
          "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
                       "language_info": {"name": "python"}}}
    path = Path(folder) / name
    path.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


def split_args(argv: Sequence[str]) -> tuple[str | None, list[str]]:
    """``(notebook, voila_options)``: the first argument ending in ``.ipynb`` that is not an
    option is the notebook (None: the lab app); every other argument goes to Voila as given."""
    notebook = next((a for a in argv if a.endswith(".ipynb") and not a.startswith("-")), None)
    rest = list(argv)
    if notebook is not None:
        rest.remove(notebook)
    return notebook, rest


def stray_argument(options: Sequence[str], valued: Sequence[str] = ()) -> str | None:
    """The first of ``options`` that is neither an option (``-x``, ``--name[=value]``) nor the
    value of the option before it, or None.  ``valued``: the option names (no dashes) that take
    a value as the next argument (Voila's aliases, e.g. ``port``); ``--Class.trait`` takes one too."""
    takes_value = False
    for arg in options:
        if arg.startswith("-"):
            name = arg.lstrip("-")
            takes_value = "=" not in name and (name in valued or "." in name)
        elif takes_value:
            takes_value = False
        else:
            return arg
    return None


PREHEAT = "--preheat_kernel=True"
"""Voila's pre-heated kernel: it runs the notebook in a kernel kept ready *before* a page asks (and,
a second after a page takes that kernel, in the next one), so a page load shows the lab without
waiting for the kernel to start, import and build the lab.  Every page still gets a kernel, and a
game, of its own."""
_NOT_WITH_PREHEAT = ("preheat_kernel", "progressive_rendering", "prelaunch_hook")
"""Options that set the pre-heating themselves, or that Voila refuses beside it."""
REFILL_DELAY_S = 4.0
"""Seconds from a page taking the pre-heated kernel to the start of the next one (Voila's
``VoilaKernelManager.fill_delay``, 1 s by default).  The next kernel imports lcb_lab and builds a
lab (about 2 s of CPU) for the *next* page; started a second after a page took its kernel, it
ran on the same 2 cores exactly while that page loaded its scripts, received the widgets and drew
the map (about 3 s).  Started after that, it is still ready before a reload a few seconds later."""
REFILL = f"--VoilaKernelManager.fill_delay={REFILL_DELAY_S:g}"
"""The option that sets :data:`REFILL_DELAY_S`."""
LOCAL_SOCKETS = "--KernelManager.transport=ipc"
"""The server talks to its kernels over local (Unix) sockets in its connection-file folder, not
over TCP on localhost: nothing listens on a port but the page's, and the kernels no longer warn
that they run "over TCP without encryption".  Only where such sockets exist (POSIX), and not when
the options choose a transport."""


def voila_args(notebook: Path, options: Sequence[str]) -> list[str]:
    """Voila's command line (without the program): the notebook, ``--template=lcb``,
    :data:`PREHEAT` and :data:`REFILL` (unless ``options`` set ``preheat_kernel`` or an option
    Voila refuses beside it; :data:`REFILL` also unless they set ``fill_delay``),
    :data:`LOCAL_SOCKETS` (on POSIX, unless they set a ``transport``), then ``options``."""
    preheat = [] if any(name in o for o in options for name in _NOT_WITH_PREHEAT) else [PREHEAT]
    refill = [REFILL] if preheat and not any("fill_delay" in o for o in options) else []
    local = [LOCAL_SOCKETS] if os.name == "posix" and not any("transport" in o for o in options) else []
    return [str(notebook), f"--template={TEMPLATE}", *preheat, *refill, *local, *options]


def main(argv: Sequence[str] | None = None) -> int:
    """Serve the lab app (or ``NOTEBOOK``) with Voila until stopped. Returns the exit code: 0, or 2
    with one ``error: ...`` line on stderr (no Voila installed, an argument that is neither an option
    nor a .ipynb notebook, a notebook that is missing or not one, a port that is not 1..65535, ``--start``
    with another game's lab: :mod:`lcb_lab.ui.lab.voila_checks`)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if "-h" in argv or "--help" in argv:
        print(HELP)
        return 0
    if importlib.util.find_spec("voila") is None:
        print(NO_VOILA, file=sys.stderr)
        return 2
    start, argv = pop_start(argv)
    if start is not None and start not in STARTS:
        print(f"error: --start={start}: start at 'planning' (the Planning Stage) or 'action' (the Action "
              "Stage)", file=sys.stderr)
        return 2
    game, argv = pop_start(argv, "--game")
    if game is not None and game not in GAMES:
        print(f"error: --game={game}: the labs are {', '.join(GAMES)}", file=sys.stderr)
        return 2
    if start is not None and game not in (None, "lcb"):
        print(f"error: --start={start} is the stage an LC:B game begins in; the {game} lab has no stages to "
              "start at: leave --start out", file=sys.stderr)
        return 2
    if start is not None:
        os.environ[START_ENV] = start               # the app's kernel inherits it: open_lab reads it
    notebook, options = split_args(argv)
    stray = stray_argument(options, _voila_aliases())
    if stray is not None:
        print(f"error: unrecognized argument {stray}: the notebook to serve is a .ipynb file "
              f"(lcb-lab voila --help)", file=sys.stderr)
        return 2
    from lcb_lab.kernel.errors import printable
    from lcb_lab.ui.lab.voila_checks import notebook_problem, port_problem
    problem = port_problem(options) or (notebook_problem(notebook) if notebook is not None else None)
    if problem is not None:
        print(f"error: {printable(problem)}", file=sys.stderr)
        return 2
    os.environ.update(jupyter_env(os.environ))      # before Voila reads the Jupyter paths
    if notebook is not None:
        return _serve(Path(notebook), options)
    os.environ.setdefault(FILES_DIR_ENV, str(Path.cwd()))   # saves outlive the app's temporary notebook
    with tempfile.TemporaryDirectory(prefix="lcb_lab_voila_") as folder:
        return _serve(write_app_notebook(Path(folder), game or "lcb"), options)


def _voila_aliases() -> list[str]:
    """Voila's options that take a value as the next argument (``--port 8870``)."""
    from voila.app import Voila
    return list(Voila.aliases)


BOKEHJS_ROUTE = "lcb_lab/bokehjs/"
"""Where ``lcb-lab voila`` serves Bokeh's own static scripts (``bokeh/server/static/js``), under the base URL."""
PAGE_CONFIG_KEY = "lcbBokehjs"
"""The page-config entry that tells the ``lcb`` template to load core BokehJS as a script of the page."""


def bokehjs_page_config(page_config: dict, base_url: str, *_args: Any, **_kwargs: Any) -> dict:
    """Voila's ``page_config_hook`` for ``lcb-lab voila``: ``page_config`` plus :data:`PAGE_CONFIG_KEY`,
    the URL of ``bokeh.min.js`` (versioned). The ``lcb`` template then loads it as a deferred script
    of the page: downloaded and compiled while the page loads Voila's own scripts and waits for its
    kernel, instead of travelling in the widgets' state (about 1.3 MB) and being evaluated only when
    the lab's widgets render; the kernels leave it out of their loaders (:data:`~lcb_lab.ui.lab.bokehjs.PAGE_ENV`)."""
    import bokeh
    base = base_url if base_url.endswith("/") else base_url + "/"
    return {**page_config, PAGE_CONFIG_KEY: f"{base}{BOKEHJS_ROUTE}bokeh.min.js?v={bokeh.__version__}"}


class QuietTrust(logging.Filter):
    """Drops jupyter_server's "Notebook ... is not trusted" warning from the server's log: Voila
    runs the notebook itself and shows only the outputs it makes there, so the stored outputs that
    trust is about are never shown; a teacher reading the terminal need not wonder about it."""

    def filter(self, record: logging.LogRecord) -> bool:
        """False (dropped) for the trust warning, True for every other record."""
        return "is not trusted" not in record.getMessage()


class XsrfCookie:
    """A Voila page handler that also sets the ``_xsrf`` cookie (Tornado's ``xsrf_token``, read once).

    When a tab is closed or reloaded, Voila's page posts ``voila/api/shutdown/<kernel>`` with the token it
    reads from that cookie; Voila 0.5's page never sets it, so the server refused the post ("'_xsrf' argument
    missing from POST", 403: an open Voila bug) and the tab's kernel lived on -- a study it was
    running played on to its end, and a class's reloads piled kernels up until the server stopped.  The
    cookie is the server's own XSRF token: the check stays on, the page can now pass it."""

    async def prepare(self, *args: Any, **kwargs: Any) -> None:
        """Jupyter Server's ``prepare`` (the user, the checks), then the cookie, unless it answered already."""
        await super().prepare(*args, **kwargs)  # type: ignore[misc]
        if not self._finished:  # type: ignore[attr-defined]
            self.xsrf_token  # type: ignore[attr-defined]   # sets the cookie (tornado.web.RequestHandler.xsrf_token)


def with_xsrf_cookie(handler: tuple) -> tuple:
    """A Voila route ``(pattern, handler class, *rest)`` whose class, when it serves a page (Voila's
    ``BaseVoilaHandler``), also sets the ``_xsrf`` cookie (:class:`XsrfCookie`); any other route as it is."""
    from voila.handler import BaseVoilaHandler
    pattern, cls, *rest = handler
    if isinstance(cls, type) and issubclass(cls, BaseVoilaHandler) and not issubclass(cls, XsrfCookie):
        cls = type(cls.__name__, (XsrfCookie, cls), {"__doc__": cls.__doc__})
    return (pattern, cls, *rest)


def _app_class():
    """Voila, serving Bokeh's scripts at :data:`BOKEHJS_ROUTE` and telling the template so."""
    from bokeh.util.paths import bokehjs_path
    from jupyter_server.utils import url_path_join
    from tornado.web import StaticFileHandler
    from voila.app import Voila

    class LabVoila(Voila):
        def initialize(self, argv=None):
            super().initialize(argv)
            self.log.addFilter(QuietTrust())
            if self.voila_configuration.page_config_hook is None:
                self.voila_configuration.page_config_hook = bokehjs_page_config

        def init_handlers(self):
            route = url_path_join(self.server_url, BOKEHJS_ROUTE, "(.*)")
            return [(route, StaticFileHandler, {"path": str(Path(bokehjs_path()) / "js")}),
                    *(with_xsrf_cookie(h) for h in super().init_handlers())]

    return LabVoila


def _serve(notebook: Path, options: Sequence[str]) -> int:
    """Run Voila in this process on ``notebook`` until it stops (Ctrl-C, SIGTERM); its page loads
    core BokehJS itself (:func:`bokehjs_page_config`), and its kernels know it."""
    import bokeh

    from lcb_lab.ui.lab.bokehjs import PAGE_ENV
    os.environ[PAGE_ENV] = bokeh.__version__         # the kernels inherit it: their loaders leave core BokehJS out
    _app_class().launch_instance(argv=voila_args(notebook, options))
    return 0
