"""Serve the lab and time it in a real browser: servers and the in-page probe.

Shared by the browser tests (tests/browser/conftest.py and the tests) and the browser
benchmark (benchmarks/browser.py); it imports no pytest. Clicking the lab lives in
:mod:`labui`.

* **Servers** (:func:`start_voila`, :func:`start_jupyterlab`): Voila or JupyterLab on a free
  port of 127.0.0.1, in their own process group (teardown kills their kernels too), with
  ``BOKEH_RESOURCES=inline`` and the repository first on ``PYTHONPATH`` (the kernel imports this
  checkout's lcb_lab). Voila is started the one documented way, ``lcb-lab voila [NOTEBOOK]``
  (lcb_lab/ui/lab/voila_app.py: the offline ``lcb`` template, shipped in the package). JupyterLab serves a *copy* of the
  notebooks (a run never writes outputs into the repository) with fresh settings: autosave,
  news and update checks off, the default workspace (file browser open).
* **Probe** (:class:`Probe`, tests/browser/probe.js): times inside the page, from the input
  event to the last change of a panel or the paint of the map canvas.
"""
from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Iterator

REPO = Path(__file__).resolve().parents[2]
RESULTS = REPO / "test-results"
PROBE_JS = Path(__file__).with_name("probe.js")
START_NOTEBOOK = "notebooks/00_start_here.ipynb"
APP_NOTEBOOK = "notebooks/lab_app.ipynb"
SERVER_START_TIMEOUT = 120      # s until a server must answer
LOAD_TIMEOUT_MS = 120_000       # a page (Voila runs the whole notebook first) or Run All
KERNEL_MS = 30_000              # one kernel round trip: a click and its redraw
LOCAL_HOSTS = ("127.0.0.1", "localhost", "[::1]", "::1")

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]



def chromium_path() -> str | None:
    """The system Chromium (Playwright cannot download browsers here), or None."""
    return shutil.which("chromium") or (
        "/usr/bin/chromium" if os.path.exists("/usr/bin/chromium") else None)


def is_local(url: str) -> bool:
    """Does ``url`` stay on this machine (127.0.0.1 / localhost), or need no network (data:, blob:)?"""
    from urllib.parse import urlsplit
    parts = urlsplit(url)
    if parts.scheme in ("data", "blob", "about", "chrome", "chrome-extension", "devtools"):
        return True
    return (parts.hostname or "") in ("127.0.0.1", "localhost", "::1")


# ================================================================ servers
def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _answers(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1):
            return True
    except OSError:
        return False


def kill_group(proc: subprocess.Popen) -> None:
    """SIGTERM, then SIGKILL, the server's process group (its kernels included)."""
    if proc.poll() is not None:
        return
    for sig, wait in ((signal.SIGTERM, 10), (signal.SIGKILL, 5)):
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:
            return
        try:
            proc.wait(timeout=wait)
            return
        except subprocess.TimeoutExpired:
            continue


class ServerError(RuntimeError):
    """A server exited or did not answer in time (the message holds its log)."""


@dataclass
class Server:
    """A running Voila or JupyterLab server (``url`` ends with "/")."""
    proc: subprocess.Popen
    url: str
    log_path: Path
    root: Path
    kind: str
    _log: object = field(repr=False, default=None)

    def log_text(self) -> str:
        return self.log_path.read_text(errors="replace")

    def kernel_pids(self) -> list[int]:
        """The server's kernel processes (ipykernel), oldest first (psutil, else /proc)."""
        return [pid for pid in descendants(self.proc.pid)
                if any("ipykernel" in part for part in cmdline(pid))]

    def stop(self) -> None:
        kill_group(self.proc)
        if self._log is not None:
            self._log.close()
            self._log = None


def _env(extra: dict | None = None) -> dict:
    env = {**os.environ, "BOKEH_RESOURCES": "inline", "PYTHONUNBUFFERED": "1"}
    rest = [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p and p != str(REPO)]
    env["PYTHONPATH"] = os.pathsep.join([str(REPO), *rest])
    env.update(extra or {})
    return env


def _exe(name: str, module: str) -> list[str]:
    exe = Path(sys.executable).with_name(name)
    return [str(exe)] if exe.exists() else [sys.executable, "-m", module]


def _start(kind: str, args: list[str], cwd: Path, port: int, workdir: Path, root: Path,
           env: dict) -> Server:
    workdir.mkdir(parents=True, exist_ok=True)
    log_path = workdir / f"{kind}.log"
    log = open(log_path, "wb")
    proc = subprocess.Popen(args, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=log,
                            stderr=subprocess.STDOUT, start_new_session=True)
    server = Server(proc, f"http://127.0.0.1:{port}/", log_path, root, kind, log)
    deadline = time.monotonic() + SERVER_START_TIMEOUT
    while not _answers(port):
        if proc.poll() is not None:
            server.stop()
            raise ServerError(f"{kind} exited with {proc.returncode}:\n{log_path.read_text(errors='replace')}")
        if time.monotonic() > deadline:
            server.stop()
            raise ServerError(f"{kind} did not answer on port {port} within {SERVER_START_TIMEOUT} s:\n"
                              + log_path.read_text(errors="replace"))
        time.sleep(0.3)
    return server


def app_notebook() -> str:
    """The notebook Voila serves as the app: notebooks/lab_app.ipynb when it exists, else the
    start notebook (or $LCB_BROWSER_NOTEBOOK)."""
    env = os.environ.get("LCB_BROWSER_NOTEBOOK")
    if env:
        return env
    return APP_NOTEBOOK if (REPO / APP_NOTEBOOK).is_file() else START_NOTEBOOK


def start_voila(notebook: str | Path, workdir: Path) -> Server:
    """Serve ``notebook`` (relative to the repository, or absolute) with ``lcb-lab voila``, run from
    the repository's top folder."""
    nb = Path(notebook)
    if not nb.is_absolute():
        nb = REPO / nb
    if not nb.is_file():
        raise ServerError(f"notebook to serve not found: {nb}")
    port = free_port()
    return _start("voila", [*_exe("lcb-lab", "lcb_lab"), "voila", str(nb), "--no-browser", f"--port={port}",
                            "--Voila.ip=127.0.0.1"], REPO, port, workdir, nb.parent, _env())


LAB_SETTINGS = {
    # no notification asking about news, no update check (both would ask the internet)
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings":
        {"checkForUpdates": False, "fetchNews": "false"},
    # never write the run's outputs into the served copy while a test runs
    "@jupyterlab/docmanager-extension/plugin.jupyterlab-settings": {"autosave": False},
}


def staged_notebook(path: Path, source: str) -> Path:
    """Write a one-cell notebook (``source``: the staging code, ending in ``lab.widget``) at ``path``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({
        "cells": [{"cell_type": "code", "execution_count": None, "id": "staged", "metadata": {}, "outputs": [],
                   "source": source}],
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
                     "language_info": {"name": "python"}},
        "nbformat": 4, "nbformat_minor": 5}))
    return path


def serve_staged(tmp: Path, name: str, source: str) -> Iterator[str]:
    """For a fixture (``yield from``): Voila serving the staged notebook ``name`` (:func:`staged_notebook`)
    under ``tmp``; yields its URL, stops the server after.  A server that does not start fails the test."""
    import pytest
    nb = staged_notebook(tmp / "nb" / f"{name}.ipynb", source)
    try:
        server = start_voila(nb, tmp / "voila")
    except ServerError as e:
        pytest.fail(str(e), pytrace=False)
    try:
        yield server.url
    finally:
        server.stop()


def start_jupyterlab(workdir: Path, notebooks: Iterable[str] | None = None, settings: dict | None = None,
                     env: dict | None = None) -> Server:
    """Serve JupyterLab on a copy of the repository's notebooks (``workdir/root/notebooks``;
    open ``lab/tree/notebooks/<name>``), with no token, fresh settings (``settings``, default
    :data:`LAB_SETTINGS`) and workspace; ``env``: more environment variables (e.g. ``make lab``'s)."""
    root = workdir / "root"
    (root / "notebooks").mkdir(parents=True, exist_ok=True)
    names = list(notebooks) if notebooks is not None else [p.name for p in (REPO / "notebooks").glob("*.ipynb")]
    for name in names:
        shutil.copyfile(REPO / "notebooks" / Path(name).name, root / "notebooks" / Path(name).name)
    settings_dir = workdir / "lab-settings"
    settings_dir.mkdir(parents=True, exist_ok=True)
    for rel, values in (LAB_SETTINGS if settings is None else settings).items():
        p = settings_dir / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(json.dumps(values))
    env = _env({"JUPYTERLAB_SETTINGS_DIR": str(settings_dir),
                "JUPYTERLAB_WORKSPACES_DIR": str(workdir / "lab-workspaces"), **(env or {})})
    port = free_port()
    args = [*_exe("jupyter-lab", "jupyterlab"), "--no-browser", f"--port={port}", "--ServerApp.ip=127.0.0.1",
            "--IdentityProvider.token=", "--ServerApp.password=", f"--ServerApp.root_dir={root}",
            "--ServerApp.open_browser=False"]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        args.append("--allow-root")
    return _start("jupyterlab", args, root, port, workdir, root, env)


# ---------------------------------------------------------------- processes (psutil, else /proc)
def _proc_stat(pid: int) -> list[str] | None:
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return text[text.rindex(")") + 2:].split()       # the fields after "(comm)", from field 3 (state)


def descendants(pid: int) -> list[int]:
    """Every process below ``pid``, oldest first."""
    try:
        import psutil
        try:
            kids = psutil.Process(pid).children(recursive=True)
        except psutil.Error:
            return []
        out = []
        for k in kids:
            try:
                out.append((k.create_time(), k.pid))
            except psutil.Error:
                continue
        return [p for _t, p in sorted(out)]
    except ImportError:
        parent, start = {}, {}
        for d in Path("/proc").iterdir():
            if d.name.isdigit() and (st := _proc_stat(int(d.name))):
                parent[int(d.name)], start[int(d.name)] = int(st[1]), int(st[19])
        found, todo = [], [pid]
        while todo:
            p = todo.pop()
            kids = [c for c, pp in parent.items() if pp == p]
            found += kids
            todo += kids
        return sorted(found, key=lambda p: start.get(p, 0))


def cmdline(pid: int) -> list[str]:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace").split("\0")
    except OSError:
        return []


def cpu_ms(pids) -> float:
    """User + system CPU time (ms) of ``pids`` so far (psutil, else /proc; 10 ms resolution)."""
    total = 0.0
    try:
        import psutil
        for pid in pids:
            try:
                t = psutil.Process(pid).cpu_times()
                total += t.user + t.system
            except psutil.Error:
                continue
        return total * 1000
    except ImportError:
        tick = os.sysconf("SC_CLK_TCK")
        for pid in pids:
            st = _proc_stat(pid)
            if st:
                total += (int(st[11]) + int(st[12])) / tick
        return total * 1000


# ================================================================ the in-page probe
def probe_script() -> str:
    """The init script (probe.js) for ``context.add_init_script``."""
    return PROBE_JS.read_text()


class Probe:
    """The page side of probe.js: arm an input event, wait until a panel settles, read the figure.

    All times are the page's ``performance.now()`` (ms); the driver only *waits* (in the page,
    with ``wait_for_function``), it never takes a time itself.
    """

    def __init__(self, page, quiet_ms: int = 500):
        self.page = page
        self.quiet_ms = quiet_ms

    def installed(self) -> bool:
        return bool(self.page.evaluate("() => !!window.__lcb"))

    def reset(self) -> None:
        self.page.evaluate("() => window.__lcb.reset()")

    def now(self) -> float:
        return float(self.page.evaluate("() => performance.now()"))

    def arm(self, label: str, event: str = "pointerdown") -> None:
        """Tag the next ``event`` (pointerdown, click, keydown of Enter/Tab) with ``label``."""
        self.page.evaluate("([l, e]) => window.__lcb.arm(l, e)", [label, event])

    def settle(self, label: str, panel: str, timeout_ms: int = KERNEL_MS, quiet_ms: int | None = None) -> dict:
        """Wait until ``panel`` (a probe.js panel name, or "paint") changed after the event
        ``label`` and then stayed quiet ``quiet_ms``; return ``{t, first, last, n}`` with
        ``ms`` = last - t (the panel settled) and ``first_ms`` = first - t.
        Raises TimeoutError (Playwright's) when the panel never changed."""
        quiet = self.quiet_ms if quiet_ms is None else quiet_ms
        self.page.wait_for_function("([l, p, q]) => window.__lcb.settled(l, p, q)", arg=[label, panel, quiet],
                                    timeout=timeout_ms, polling=100)
        r = self.page.evaluate("([l, p]) => window.__lcb.result(l, p)", [label, panel])
        r["ms"] = r["last"] - r["t"]
        r["first_ms"] = r["first"] - r["t"]
        return r

    def result(self, label: str, panel: str) -> dict | None:
        return self.page.evaluate("([l, p]) => window.__lcb.result(l, p)", [label, panel])

    def paints_since(self, t0: float) -> dict:
        return self.page.evaluate("(t) => window.__lcb.paintsSince(t)", t0)

    def wait_paint_quiet(self, t0: float, quiet_ms: int, timeout_ms: int) -> dict:
        """Wait until a map paint happened after ``t0`` and none for ``quiet_ms``; the paints since t0."""
        self.page.wait_for_function(
            """([t0, q]) => { const P = window.__lcb; const f = P.paints.filter(x => x.first >= t0);
                               return f.length > 0 && performance.now() - f[f.length - 1].frame >= q; }""",
            arg=[t0, quiet_ms], timeout=timeout_ms, polling=200)
        return self.paints_since(t0)


def paint_bursts(paints: list[dict], gap_ms: float = 300.0) -> list[tuple[float, float]]:
    """Group paint frames into bursts separated by more than ``gap_ms``: [(first, last frame)]."""
    out: list[list[float]] = []
    for f in sorted(paints, key=lambda f: f["first"]):
        if out and f["first"] - out[-1][1] <= gap_ms:
            out[-1][1] = f["frame"]
        else:
            out.append([f["first"], f["frame"]])
    return [(a, b) for a, b in out]
