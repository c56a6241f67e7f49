"""Fixtures for the real-browser test: Debian Chromium + a Voila server.

Browsers cannot be downloaded on our machines (no ``playwright install``), so
Playwright drives the system ``chromium`` (installed by scripts/ensure_chromium.sh).
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
START_NOTEBOOK = "notebooks/00_start_here.ipynb"
SERVER_START_TIMEOUT = 120  # seconds until the server must answer

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


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


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _answers(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1):
            return True
    except OSError:
        return False


def _voila_executable() -> list[str]:
    exe = Path(sys.executable).with_name("voila")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "voila"]


@pytest.fixture
def voila_url(tmp_path):
    """Serve the start notebook (or $LCB_BROWSER_NOTEBOOK) with Voila; yield its URL.

    The server runs in its own process group and is always killed at teardown.
    """
    nb = Path(os.environ.get("LCB_BROWSER_NOTEBOOK", START_NOTEBOOK))
    if not nb.is_absolute():
        nb = REPO / nb
    if not nb.is_file():
        pytest.fail(f"notebook to serve not found: {nb}", pytrace=False)

    port = _free_port()
    env = {**os.environ, "BOKEH_RESOURCES": "inline"}
    log_path = tmp_path / "voila.log"
    log = open(log_path, "wb")
    proc = subprocess.Popen(
        [
            *_voila_executable(),
            str(nb),
            "--no-browser",
            f"--port={port}",
            "--Voila.ip=127.0.0.1",
        ],
        cwd=nb.parent,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,  # own process group: teardown kills kernels too
    )
    try:
        deadline = time.monotonic() + SERVER_START_TIMEOUT
        while not _answers(port):
            if proc.poll() is not None:
                pytest.fail(
                    f"voila exited with {proc.returncode}:\n{log_path.read_text(errors='replace')}",
                    pytrace=False,
                )
            if time.monotonic() > deadline:
                pytest.fail(
                    f"voila did not answer on port {port} within {SERVER_START_TIMEOUT} s:\n"
                    + log_path.read_text(errors="replace"),
                    pytrace=False,
                )
            time.sleep(0.5)
        yield f"http://127.0.0.1:{port}/"
    finally:
        _kill_group(proc)
        log.close()
        # Keep the server log next to the screenshot for humans.
        out = REPO / "test-results"
        out.mkdir(exist_ok=True)
        shutil.copyfile(log_path, out / "voila.log")


def _kill_group(proc: subprocess.Popen) -> None:
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
