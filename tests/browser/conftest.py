"""Fixtures for the real-browser tests: Debian Chromium, Voila and JupyterLab servers, a strict page.

Browsers cannot be downloaded on our machines (no ``playwright install``), so Playwright
drives the system ``chromium`` (installed by scripts/ensure_chromium.sh). Servers and lab
helpers live in :mod:`driver` (shared with benchmarks/browser.py).

**Strict pages.** Every browser context of a test (so every page of it) is watched:

* a browser-console error (``console`` messages of type error) or an uncaught page error
  (``weberror``) **fails the test**, listing the messages;
* every request that leaves 127.0.0.1 / localhost is **aborted and fails the test**, listing
  the URLs (classrooms on closed networks: the lab must ask no outside host for anything).

The check runs right after the test's body (a ``pytest_runtest_call`` wrapper), so it is a
failure of the test itself (and an ``xfail`` mark covers it); when the body failed already, the
messages are added to its report.
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pytest

import driver as D
import labui as L

REPO = D.REPO
RESULTS = D.RESULTS
START_NOTEBOOK = D.START_NOTEBOOK
CHROMIUM_ARGS = D.CHROMIUM_ARGS
SCREENS = {"1920x1080": {"width": 1920, "height": 1080}, "1366x768": {"width": 1366, "height": 768}}
"""The projector and the reviewers' laptop (docs/ui.md's two screen sizes)."""


BOTH_SIZES = ("test_classroom.py::test_a_class_plays_gotland_redux",
              "test_classroom.py::test_a_class_plays_an_impulse_in_jupyterlab", "test_projector_layout.py",
              "test_fork_layout.py", "test_steady_controls.py", "test_words_browser.py::test_presentation_designators_and_place_names",
              "test_words_browser.py::test_button_icons_sit_inside_their_buttons", "test_archipelago_browser.py",
              "test_force_on_force_browser.py", "test_archipelago_projector.py",
              "test_study_browser.py::test_a_study_beside_a_waiting_decision_is_readable_in_voila",
              "test_order_of_battle_browser.py::test_an_instructor_tries_presentation_hand_over_undo_fork_and_a_broken_save")
"""The tests (``file`` or ``file::function``) that cover both screen sizes: a class's walk and the
layout tests (what the words take on the page). A function of theirs with other parameters too (presentation mode, file browser)
runs each of those combinations at one size, the sizes taking turns (pairwise), so each size still
meets each mode; one whose only parameter is the size runs at both."""
ALL_SIZES_ENV = "LCB_BROWSER_ALL_SIZES"
"""Set to 1 to run every browser test at every screen size it is written for."""
SIZE_RE = re.compile(r"(1366|1920)[-x](768|1080)")


def _size_of(item) -> str | None:
    ident = getattr(getattr(item, "callspec", None), "id", "")
    return next((s for s in ("1366", "1920") if s in ident), None)


def _both_sizes(nodeid: str) -> bool:
    where = nodeid.removeprefix("tests/browser/").split("[")[0]
    return any(where == b or where.startswith(b + "::") for b in BOTH_SIZES)


def _other_indices(item) -> int:
    """The sum of the indices of a test's parameters other than its screen size: its parity picks
    the size, so with two more two-valued parameters every pair of values meets (an L4 array)."""
    spec = item.callspec
    return sum(i for name, i in getattr(spec, "indices", {}).items()
               if not SIZE_RE.search(str(spec.params.get(name, ""))))


def one_size_each(items: list) -> tuple[list, list]:
    """``(kept, dropped)`` of the browser tests written for both screen sizes.

    * Outside :data:`BOTH_SIZES` a test runs at one of the sizes, the two taking turns from test
      to test (in file order), so both stay covered: the flows do not change with the size.
    * In :data:`BOTH_SIZES` a function whose only parameter is the size runs at both; one with
      other parameters runs each combination of them at one size, the sizes taking turns within
      the function and starting from the other size in the file's next such function.
    The browser unit is CI's longest; $LCB_BROWSER_ALL_SIZES=1 runs every combination."""
    combos: dict[str, set[str]] = {}
    for item in items:
        if _size_of(item) is not None and item.nodeid.startswith("tests/browser/"):
            combos.setdefault(item.nodeid.split("[")[0], set()).add(SIZE_RE.sub("", item.callspec.id))
    shift: dict[str, int] = {}
    for func, bases in combos.items():
        if len(bases) > 1:
            shift[func] = sum(1 for f in shift if f.split("::")[0] == func.split("::")[0])
    kept, dropped, turn, seen = [], [], 0, {}
    for item in items:
        size = _size_of(item)
        if size is None or not item.nodeid.startswith("tests/browser/"):
            kept.append(item)
            continue
        func, base = item.nodeid.split("[")[0], SIZE_RE.sub("", item.callspec.id)
        if _both_sizes(item.nodeid):
            if len(combos[func]) == 1:
                kept.append(item)
                continue
            want = ("1366", "1920")[(_other_indices(item) + shift[func]) % 2]
        else:
            key = func + "|" + base
            if key not in seen:
                seen[key] = ("1366", "1920")[turn % 2]
                turn += 1
            want = seen[key]
        (kept if size == want else dropped).append(item)
    return kept, dropped


def pytest_collection_modifyitems(config, items) -> None:
    """Each flow test at one screen size (:func:`one_size_each`) unless $LCB_BROWSER_ALL_SIZES=1."""
    if os.environ.get(ALL_SIZES_ENV) == "1":
        return
    kept, dropped = one_size_each(items)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = kept


def pytest_configure(config):
    # pytest-playwright's own `base_url` fixture trips a pytest 9 deprecation warning.
    config.addinivalue_line(
        "filterwarnings",
        "ignore:Session-scoped fixtures defined as instance methods:pytest.PytestRemovedIn10Warning",
    )


def _chromium_or_fail_or_skip() -> str:
    path = shutil.which("chromium")
    if path:
        return path
    msg = (
        "Debian 'chromium' is not on PATH; run scripts/ensure_chromium.sh "
        "(apt-get install -y chromium). Playwright cannot download browsers here."
    )
    if os.environ.get("CI"):
        pytest.fail(msg, pytrace=False)
    pytest.skip(msg)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """Override pytest-playwright's launch args: system Chromium, headless, quiet network."""
    return {
        **browser_type_launch_args,
        "executable_path": _chromium_or_fail_or_skip(),
        "args": CHROMIUM_ARGS,
    }


# ================================================================ strict pages
class BrowserGuard:
    """Console errors, page errors and outside requests of one test's browser context."""

    def __init__(self, context):
        self.context = context
        self.errors: list[str] = []
        self.outside: list[str] = []
        context.on("console", self._console)
        context.on("weberror", lambda e: self.errors.append(f"page error: {e.error}"))
        context.route("**/*", self._route)

    def _console(self, msg) -> None:
        if msg.type != "error":
            return
        loc = msg.location or {}
        where = f" ({loc.get('url', '')}:{loc.get('lineNumber', '')})" if loc.get("url") else ""
        self.errors.append(f"console error: {msg.text}{where}")

    def _route(self, route) -> None:
        url = route.request.url
        if D.is_local(url):
            route.continue_()
        else:
            self.outside.append(url)
            route.abort("blockedbyclient")

    def flush(self) -> None:
        """Let Playwright deliver the events the page sent last (one round trip per page)."""
        for p in self.context.pages:
            try:
                p.evaluate("() => 0")
            except Exception:  # noqa: BLE001 - a closed or crashed page has nothing more to say
                pass

    def problems(self) -> str:
        lines = []
        if self.outside:
            urls = sorted(set(self.outside))
            lines.append(f"{len(urls)} request(s) left 127.0.0.1 (aborted):")
            lines += [f"  {u}" for u in urls[:20]]
        if self.errors:
            uniq = list(dict.fromkeys(self.errors))
            lines.append(f"{len(self.errors)} browser console / page error(s):")
            lines += [f"  {e[:400]}" for e in uniq[:20]]
        return "\n".join(lines)


@pytest.fixture
def context(context, request):
    """pytest-playwright's context, watched by a :class:`BrowserGuard` (the test fails on a
    console error, a page error or an outside request), with the timing probe installed."""
    request.node._lcb_guard = BrowserGuard(context)
    context.add_init_script(D.probe_script())
    yield context


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    try:
        result = yield
    except BaseException:
        guard = getattr(item, "_lcb_guard", None)
        if guard is not None:
            guard.flush()
            text = guard.problems()
            if text:
                item.add_report_section("call", "browser", text)
        raise
    guard = getattr(item, "_lcb_guard", None)
    if guard is not None:
        guard.flush()
        text = guard.problems()
        if text:
            pytest.fail("the browser reported problems:\n" + text, pytrace=False)
    return result


# ================================================================ servers
def _keep_log(server: D.Server, name: str) -> None:
    RESULTS.mkdir(exist_ok=True)
    shutil.copyfile(server.log_path, RESULTS / name)


def _voila_server(notebook: str, tmp_path: Path):
    try:
        server = D.start_voila(notebook, tmp_path)
    except D.ServerError as e:
        pytest.fail(str(e), pytrace=False)
    try:
        yield server
    finally:
        server.stop()
        _keep_log(server, "voila.log")     # the server log next to the screenshots, for humans


def _serve_voila(notebook: str, tmp_path: Path):
    for server in _voila_server(notebook, tmp_path):
        yield server.url


@pytest.fixture
def voila_url(tmp_path):
    """Serve the start notebook (or $LCB_BROWSER_NOTEBOOK) with Voila; yield its URL.

    Started as ``lcb-lab voila NOTEBOOK`` from the repository's top folder (the offline ``lcb``
    template); the server runs in its own process group and is always killed at teardown."""
    yield from _serve_voila(os.environ.get("LCB_BROWSER_NOTEBOOK", START_NOTEBOOK), tmp_path)


@pytest.fixture
def voila_app_url(tmp_path):
    """Serve the Voila app (notebooks/lab_app.ipynb, else the start notebook); yield its URL."""
    yield from _serve_voila(D.app_notebook(), tmp_path)


@pytest.fixture
def voila_app_server(tmp_path):
    """The Voila app's server itself (``.url``, its log, its kernels: :class:`driver.Server`)."""
    yield from _voila_server(D.app_notebook(), tmp_path)


@pytest.fixture
def jupyterlab_server(tmp_path):
    """JupyterLab on a copy of the repository's notebooks (``lab/tree/notebooks/...``), no token,
    fresh settings (no autosave, no news) and workspace: the default file browser sidebar open."""
    try:
        server = D.start_jupyterlab(tmp_path)
    except D.ServerError as e:
        pytest.fail(str(e), pytrace=False)
    try:
        yield server
    finally:
        server.stop()
        _keep_log(server, "jupyterlab.log")


@pytest.fixture
def jupyterlab_url(jupyterlab_server):
    """The URL of :func:`jupyterlab_server` (ends with "/")."""
    return jupyterlab_server.url


# ================================================================ screens and layout
@pytest.fixture(params=list(SCREENS), ids=list(SCREENS))
def screen(request, page):
    """The page at each screen size in :data:`SCREENS` (parametrised): yields ``(name, size)``."""
    size = SCREENS[request.param]
    page.set_viewport_size(size)
    return request.param, size


# the layout assertion lives in labui.py (a module of its own name: `from conftest import ...`
# resolves to whichever conftest pytest imported first, tests/widgets/conftest.py in CI)
assert_in_viewport = L.assert_in_viewport
