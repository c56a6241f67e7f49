"""The Voila app started exactly as the README says, then opened like a person would.

README's command (``.venv/bin/lcb-lab voila``), run from the repository's top folder with a clean
environment (no ``JUPYTER_PATH``, ``JUPYTER_CONFIG_PATH``, ``PYTHONPATH`` or ``BOKEH_RESOURCES``),
plus the two Voila options the README shows (``--no-browser --port=...``). At 1920x1080 and
1366x768: the page is the lab (title, map, hex info, Unit Tracker, impulse controls), its
stylesheets come from the ``lcb`` template on this machine, a click on the map reaches the
kernel, and (the strict page of conftest.py) no console error and no request leaves 127.0.0.1.
Binder's route (``voila/render/notebooks/lab_app.ipynb`` through Jupyter Server's Voila extension,
the server wrapped by ``binder/start``) gets the same template, equally offline.
"""
from __future__ import annotations

import os
import shlex
import sys

import pytest
from playwright.sync_api import Page, expect

import driver as D
import labui as L

README_COMMAND = ".venv/bin/lcb-lab voila"
"""The README's one way to start the app (tests/packaging/test_voila_app.py checks the README shows it)."""
CLEAN = ("JUPYTER_PATH", "JUPYTER_CONFIG_PATH", "PYTHONPATH", "BOKEH_RESOURCES")


@pytest.fixture(scope="module")
def readme_app(tmp_path_factory):
    """``.venv/bin/lcb-lab voila --no-browser --port=N`` from the top folder; its Server."""
    exe = D.REPO / shlex.split(README_COMMAND)[0]
    if not exe.is_file():
        msg = f"{exe} is missing: the README's setup (make lab / make test with the default VENV) makes it"
        pytest.fail(msg) if os.environ.get("CI") else pytest.skip(msg)
    env = {k: v for k, v in os.environ.items() if k not in CLEAN}
    port = D.free_port()
    args = [*shlex.split(README_COMMAND), "--no-browser", f"--port={port}"]
    try:
        server = D._start("voila", args, D.REPO, port, tmp_path_factory.mktemp("readme_voila"), D.REPO, env)
    except D.ServerError as e:
        pytest.fail(str(e), pytrace=False)
    yield server
    server.stop()


@pytest.mark.browser
def test_the_app_started_as_the_readme_says_shows_the_lab_offline(page: Page, readme_app: D.Server,
                                                                   screen) -> None:
    name, _size = screen
    page.goto(readme_app.url, wait_until="domcontentloaded", timeout=D.LOAD_TIMEOUT_MS)
    L.wait_for_map(page)
    assert page.title() == "lab_app"
    panels = {"map": page.locator(".lcb-app .bk-Canvas").first, "hex info": page.locator(".lcb-hex-info").first,
              "unit tracker": L.tracker_panel(page), "impulse controls": L.impulse_panel(page)}
    for what, loc in panels.items():                    # the odds show once a combat is set up
        expect(loc, f"{what} at {name}").to_be_visible(timeout=D.KERNEL_MS)
    sheets = page.evaluate("() => [...document.styleSheets].map(s => s.href).filter(Boolean)")
    assert sheets and all(h.startswith(readme_app.url) for h in sheets), sheets
    assert all("/voila/templates/lcb/static/" in h for h in sheets), sheets
    L.wait_kernel_listening(page)                       # a map click names the hex: the kernel answers
    D.RESULTS.mkdir(exist_ok=True)
    page.screenshot(path=str(D.RESULTS / f"voila_readme_{name}.png"))
    assert "TemplateNotFound" not in readme_app.log_text()
    assert "is not trusted" not in readme_app.log_text()      # a warning about stored outputs Voila never shows
    assert "without encryption" not in readme_app.log_text()  # the kernels are reached over local sockets
    # the strict page (conftest.py) fails this test on a console error or an outside request


def _wait_for_log(server: D.Server, text: str, count: int, timeout_s: float = D.LOAD_TIMEOUT_MS / 1000) -> str:
    """The server's log once it holds ``text`` ``count`` times (fails the test after ``timeout_s``)."""
    import re
    import time
    deadline = time.monotonic() + timeout_s
    while len(re.findall(re.escape(text), server.log_text())) < count:
        if time.monotonic() > deadline:
            pytest.fail(f"the log never said {text!r} {count} times:\n{server.log_text()[-3000:]}", pytrace=False)
        time.sleep(0.3)
    return server.log_text()


@pytest.mark.browser
def test_a_page_finds_its_lab_built_in_a_pre_heated_kernel_of_its_own(page: Page, readme_app: D.Server) -> None:
    """``lcb-lab voila`` keeps a kernel pre-heated (voila_app.PREHEAT): the notebook has run before the
    page asks, the page shows that lab painted once, and the next page gets another kernel (a game of
    its own), pre-heated in turn."""
    import re
    used = lambda: re.findall(r"Using pre-heated kernel: (\S+)", readme_app.log_text())   # noqa: E731
    before = len(used())                                # (the module's other tests took kernels too)
    _wait_for_log(readme_app, "is filled with 1 kernel(s)", before + 1)   # ready before this page asks
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.add_init_script(D.probe_script())
    page.goto(readme_app.url, wait_until="domcontentloaded", timeout=D.LOAD_TIMEOUT_MS)
    L.wait_for_map(page)
    got = D.Probe(page, 500).wait_paint_quiet(0.0, 4_000, D.LOAD_TIMEOUT_MS)
    assert len(got["hosts"]) == 1, f"{len(got['hosts'])} map canvases: the lab was rendered more than once"
    assert len(used()) == before + 1, readme_app.log_text()[-3000:]
    L.wait_kernel_listening(page)                       # that kernel answers the page's clicks
    _wait_for_log(readme_app, "is filled with 1 kernel(s)", before + 2)   # the pool made ready again
    other = page.context.browser.new_context(viewport={"width": 1366, "height": 768})
    try:
        second = other.new_page()
        second.goto(readme_app.url, wait_until="domcontentloaded", timeout=D.LOAD_TIMEOUT_MS)
        L.wait_for_map(second)
        expect(second.locator(".lcb-hex-info").first).not_to_contain_text("AK-2", timeout=2_000)
    finally:
        other.close()
    ids = used()[before:]
    assert len(ids) == 2 and ids[0] != ids[1], ids


@pytest.fixture(scope="module")
def binder_server(tmp_path_factory):
    """Jupyter Server as Binder runs it: from the top folder, wrapped by ``binder/start``, with the
    environment's ``python`` first on PATH and no JUPYTER_* of its own (no token here)."""
    env = {k: v for k, v in os.environ.items() if k not in CLEAN}
    env["PATH"] = os.pathsep.join([str(D.Path(sys.executable).parent), env.get("PATH", "")])
    port = D.free_port()
    args = ["bash", "binder/start", *D._exe("jupyter-server", "jupyter_server"), "--no-browser", f"--port={port}",
            "--ServerApp.ip=127.0.0.1", "--IdentityProvider.token=", "--ServerApp.password="]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        args.append("--allow-root")
    try:
        server = D._start("binder", args, D.REPO, port, tmp_path_factory.mktemp("binder"), D.REPO, env)
    except D.ServerError as e:
        pytest.fail(str(e), pytrace=False)
    yield server
    server.stop()


@pytest.mark.browser
def test_binders_voila_route_shows_the_lab_offline(page: Page, binder_server: D.Server) -> None:
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(f"{binder_server.url}voila/render/notebooks/lab_app.ipynb", wait_until="domcontentloaded",
              timeout=D.LOAD_TIMEOUT_MS)
    L.wait_for_map(page)
    expect(L.impulse_panel(page)).to_be_visible(timeout=D.KERNEL_MS)
    sheets = page.evaluate("() => [...document.styleSheets].map(s => s.href).filter(Boolean)")
    assert sheets and all(h.startswith(f"{binder_server.url}voila/templates/lcb/static/") for h in sheets), sheets
    # the strict page (conftest.py) fails this test on a console error or an outside request


GAME_LABS = {"archipelago": (".lcb-app .bk-Canvas", "archipelago_lab"),
             "force_on_force": (".lcb-app .fof-unit-card, .lcb-app .bk-Canvas", "force_on_force_lab"),
             "order_of_battle": (".lcb-app .oob-track", "order_of_battle_lab")}
"""``--game=NAME`` -> a part of its lab that shows once the kernel has built it, and the page's title."""


@pytest.mark.browser
@pytest.mark.parametrize("game", sorted(GAME_LABS))
def test_each_game_started_as_the_readme_says_shows_its_lab_offline(page: Page, game: str, tmp_path_factory) -> None:
    """``.venv/bin/lcb-lab voila --game=NAME`` from the top folder (README): the page is that game's lab,
    with its explained log, offline (the strict page)."""
    exe = D.REPO / shlex.split(README_COMMAND)[0]
    if not exe.is_file():
        msg = f"{exe} is missing: the README's setup makes it"
        pytest.fail(msg) if os.environ.get("CI") else pytest.skip(msg)
    env = {k: v for k, v in os.environ.items() if k not in CLEAN}
    port = D.free_port()
    args = [*shlex.split(README_COMMAND), f"--game={game}", "--no-browser", f"--port={port}"]
    try:
        server = D._start("voila", args, D.REPO, port, tmp_path_factory.mktemp(f"voila_{game}"), D.REPO, env)
    except D.ServerError as e:
        pytest.fail(str(e), pytrace=False)
    try:
        part, title = GAME_LABS[game]
        page.set_viewport_size({"width": 1366, "height": 768})
        page.goto(server.url, wait_until="domcontentloaded", timeout=D.LOAD_TIMEOUT_MS)
        expect(page.locator(part).first).to_be_visible(timeout=D.LOAD_TIMEOUT_MS)
        expect(page.locator(".lcb-app .lcb-side-log").first).to_contain_text("Explained log", timeout=D.KERNEL_MS)
        assert page.title() == title
    finally:
        page.goto("about:blank")                        # leave the page before its server stops
        server.stop()
