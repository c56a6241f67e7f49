"""The sdist and the wheel ship what they should and work without the repository (marker ``packaging``).

Copies the checkout's files (what git tracks, plus new files not ignored; so the checkout gets no
build/ or egg-info), builds the sdist from it and the wheel from the sdist, as a release would
(``python -m build``), checks the sdist holds the package and leaves the tests, notebooks and
benchmarks out (MANIFEST.in says why), installs the wheel
with its runtime dependencies from the package registry into a clean venv, and from a folder outside
the repository loads both scenarios, replays a packaged lesson, lists the packaged names and runs
``lcb-lab --version``.  The scenarios and lessons live at the repository's top (``scenarios/lcb/``)
and the wheel ships them as ``lcb_lab/scenarios/lcb/`` (pyproject's package-dir).  Needs
the registry: skipped when it cannot be reached, except under CI (CI=true), where that fails.
About a minute with a warm pip cache (the dependencies are large: bokeh, numpy, shapely, ipywidgets).
"""
import email.parser
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tarfile
import time
import venv
import zipfile
from pathlib import Path

import pytest

pytestmark = pytest.mark.packaging

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ("pyproject.toml", "README.md", "LICENSE", "MANIFEST.in", "lcb_lab", "scenarios")
"""What the build reads: the project table, its readme and license file, the sdist's manifest, the package
(its data, the offline Voila template included) and the scenarios with their lessons."""
JUNK = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", ".ipynb_checkpoints")
SDIST_TOP = {"LICENSE", "MANIFEST.in", "PKG-INFO", "README.md", "pyproject.toml", "setup.cfg", "lcb_lab",
             "lcb_lab.egg-info", "scenarios"}
"""The sdist's top-level entries: the package, the scenarios and what the build reads, no tests, notebooks or
benchmarks."""


def _checkout_files() -> list[str]:
    """The checkout's files (relative paths): tracked plus untracked-not-ignored; SOURCES outside git."""
    r = subprocess.run(["git", "ls-files", "-co", "--exclude-standard"], capture_output=True, text=True,
                       cwd=ROOT) if shutil.which("git") and (ROOT / ".git").exists() else None
    if r is None or r.returncode != 0:
        return [p.relative_to(ROOT).as_posix() for name in SOURCES for p in [ROOT / name, *(ROOT / name).rglob("*")]
                if p.is_file() and "__pycache__" not in p.parts]
    return [f for f in r.stdout.splitlines() if (ROOT / f).is_file()]

def _env() -> dict[str, str]:
    """The environment for the subprocesses: no PYTHONPATH (the repository must not leak in)."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    return env


def _run(cmd: list[str], what: str, cwd: Path, timeout: int = 900) -> subprocess.CompletedProcess:
    """Run a pip step; if it fails and the registry cannot be reached, skip (fail under CI)."""
    r = subprocess.run(cmd, capture_output=True, text=True, cwd=cwd, env=_env(), timeout=timeout)
    if r.returncode != 0:
        out = (r.stdout + r.stderr)[-4000:]
        if _registry_unreachable(cwd):
            msg = f"{what}: the package registry cannot be reached:\n{out}"
            if os.environ.get("CI"):
                pytest.fail(msg)
            pytest.skip(msg)
        pytest.fail(f"{what} failed ({r.returncode}), though the registry answers:\n{out}")
    return r


def _registry_unreachable(tmp: Path) -> bool:
    """Whether pip, as configured here, cannot fetch the build requirement from the registry."""
    probe = tmp / "probe"
    try:
        r = subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "--no-cache-dir", "--dest",
                            str(probe), "setuptools>=77"], capture_output=True, text=True, env=_env(), timeout=180)
    except subprocess.TimeoutExpired:
        return True
    return r.returncode != 0


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> dict:
    """Build the wheel, install it in a clean venv; the paths and the seconds each step took."""
    tmp = tmp_path_factory.mktemp("wheel")
    src = tmp / "src"
    for rel in _checkout_files():
        (src / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / rel, src / rel)
    dist = tmp / "dist"
    t0 = time.perf_counter()
    if importlib.util.find_spec("build"):  # the `build` frontend, as a release would: the sdist, then the wheel from it
        cmd = [sys.executable, "-m", "build", "--outdir", str(dist), str(src)]
    else:                                  # pip builds the same PEP 517 wheel (no sdist)
        cmd = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--wheel-dir", str(dist), str(src)]
    _run(cmd, "building the sdist and the wheel", cwd=tmp)
    t1 = time.perf_counter()
    wheels = list(dist.glob("lcb_lab-*.whl"))
    assert len(wheels) == 1, wheels
    env_dir = tmp / "venv"
    venv.EnvBuilder(with_pip=True, clear=True).create(env_dir)
    py = env_dir / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    _run([str(py), "-m", "pip", "install", "--quiet", str(wheels[0])], "installing the wheel with its dependencies",
         cwd=tmp)
    t2 = time.perf_counter()
    print(f"\nwheel test: build {t1 - t0:.1f} s, venv + install {t2 - t1:.1f} s")
    sdists = list(dist.glob("lcb_lab-*.tar.gz"))
    return {"wheel": wheels[0], "sdist": sdists[0] if sdists else None, "src": src, "venv": env_dir, "python": py,
            "outside": tmp}


def _wheel_names(wheel: Path) -> set[str]:
    with zipfile.ZipFile(wheel) as z:
        return set(z.namelist())


def _metadata(wheel: Path):
    with zipfile.ZipFile(wheel) as z:
        name = next(n for n in z.namelist() if n.endswith(".dist-info/METADATA"))
        return email.parser.Parser().parsestr(z.read(name).decode("utf-8"))


def test_the_wheel_holds_the_data_the_license_and_every_package_file(built):
    names = _wheel_names(built["wheel"])
    for need in ("lcb_lab/scenarios/lcb/gotland_redux.toml", "lcb_lab/scenarios/lcb/lessons/appendix_b_combat.toml",
                 "lcb_lab/games/lcb/data/maps/gotland.json", "lcb_lab/games/lcb/data/maps/gotland_coast.geojson",
                 "lcb_lab/games/lcb/data/units.toml", "lcb_lab/games/lcb/io/resources.py", "lcb_lab-0.1.0.dist-info/licenses/LICENSE"):
        assert need in names, need
    pkg = built["src"] / "lcb_lab"
    sources = {p.relative_to(built["src"]).as_posix() for p in pkg.rglob("*") if p.is_file()}
    assert sources - names == set(), "package files the wheel leaves out (pyproject package-data?)"
    scenarios = {"lcb_lab/" + p.relative_to(built["src"]).as_posix() for p in (built["src"] / "scenarios").rglob("*")
                 if p.is_file()}
    assert len(scenarios) == 7 and scenarios - names == set(), "scenarios the wheel leaves out (package-dir?)"
    assert {n for n in names if n.startswith("lcb_lab/scenarios/")} == scenarios   # and nothing more there
    assert not any(n.startswith(("tests/", "notebooks/", "scenarios/", "benchmarks/")) for n in names)
    template = "lcb_lab/ui/lab/data/jupyter/data/voila/templates/lcb/"
    assert {template + "index.html.j2", template + "conf.json", "lcb_lab/ui/lab/data/jupyter/config/voila.json",
            "lcb_lab/ui/lab/voila_app.py"} <= names, "the offline Voila app"
    assert not any(".data/" in n for n in names), "nothing installed outside the package"


def test_the_sdist_holds_the_package_and_leaves_tests_notebooks_benchmarks_out(built):
    if built["sdist"] is None:
        pytest.skip("the `build` frontend is not installed: pip built the wheel without an sdist")
    with tarfile.open(built["sdist"]) as tar:
        names = [n.split("/", 1)[1] for n in tar.getnames() if "/" in n]
    assert {n.split("/", 1)[0] for n in names} == SDIST_TOP
    package = {f for f in _checkout_files() if f.startswith(("lcb_lab/", "scenarios/"))}
    assert package - set(names) == set(), "package files the sdist leaves out"
    assert not [n for n in names if n.startswith(("tests/", "notebooks/", "benchmarks/"))]
    # the wheel the sdist built (the fixture installs it) has every package file of the checkout
    wheel = {n.replace("lcb_lab/scenarios/", "scenarios/", 1) for n in _wheel_names(built["wheel"])}
    assert package - wheel == set()


def test_the_wheel_metadata_needs_no_jupyterlab(built):
    meta = _metadata(built["wheel"])
    assert meta["License-Expression"] == "MIT"
    assert meta.get_all("License-File") == ["LICENSE"]
    reqs = meta.get_all("Requires-Dist")
    runtime = [r for r in reqs if "extra ==" not in r]
    names = {r.split(";")[0].split("<")[0].split(">")[0].split("=")[0].split("[")[0].strip().lower() for r in runtime}
    assert {"bokeh", "jupyter_bokeh", "ipywidgets", "milsymbol", "numpy", "shapely", "pydantic", "tqdm"} <= names
    assert not names & {"jupyterlab", "voila", "jupyterlab_widgets", "notebook"}, runtime
    lab = [r for r in reqs if r.endswith('extra == "lab"')]
    assert any(r.startswith("jupyterlab") for r in lab) and any(r.startswith("voila") for r in lab), lab
    assert "Programming Language :: Python :: 3.13" in meta.get_all("Classifier")


CHECK = r"""
import json, sys
import lcb_lab, lcb_lab.games.lcb.io.resources as r
from lcb_lab.games.lcb.content.lesson import Lesson
game = lcb_lab.load_scenario("gotland_redux", seed=1)
slite = lcb_lab.load_scenario("slite_landing", seed=1)
replayed = Lesson("appendix_b_combat").run()
print(json.dumps({"file": lcb_lab.__file__, "prefix": sys.prefix, "scenarios": r.scenario_names(),
                  "lessons": r.lesson_names(), "scenario": game.state.scenario, "units": len(game.state.units),
                  "map": game.map_name, "slite": [slite.state.scenario, len(slite.state.units)],
                  "folder": str(r.folder("scenario")), "anna2_destroyed": replayed.state.units["2 Anna"].destroyed}))
"""


def test_the_installed_wheel_loads_gotland_redux_and_a_lesson_outside_the_repository(built):
    outside = built["outside"]
    assert ROOT not in outside.parents
    r = subprocess.run([str(built["python"]), "-c", CHECK], capture_output=True, text=True, cwd=outside, env=_env(),
                       timeout=300)
    assert r.returncode == 0, r.stderr[-3000:]
    got = json.loads(r.stdout.strip().splitlines()[-1])
    venv_dir = built["venv"].resolve()
    assert venv_dir in Path(got["file"]).resolve().parents, got["file"]   # the installed copy, not the repo's
    assert ROOT not in Path(got["file"]).resolve().parents
    assert got["scenarios"] == ["central_baltic", "gotland_events", "gotland_redux", "slite_landing"] and got["lessons"] == ["appendix_b_combat", "appendix_b_turn1", "slite_landing_lesson"]
    assert (got["scenario"], got["units"], got["map"]) == ("gotland_redux", 19, "gotland")
    assert got["slite"] == ["slite_landing", 23]   # Return to Slite's 23 units
    assert Path(got["folder"]).resolve() == Path(got["file"]).resolve().parent / "scenarios" / "lcb"
    assert got["anna2_destroyed"] is True   # the Appendix B replay's outcome (tests/rulebook/test_appendix_b.py)


def test_the_installed_console_script_lists_the_packaged_files(built):
    script = built["venv"] / ("Scripts/lcb-lab.exe" if os.name == "nt" else "bin/lcb-lab")
    r = subprocess.run([str(script), "--list"], capture_output=True, text=True, cwd=built["outside"], env=_env(),
                       timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines() == ["scenarios: central_baltic, gotland_events, gotland_redux, slite_landing", "lessons: appendix_b_combat, appendix_b_turn1, slite_landing_lesson"]


def test_the_installed_console_script_writes_a_review_of_a_save(built):
    """The README's ``--save game.json`` and ``review`` lines with the installed ``lcb-lab``, outside the repository."""
    script = built["venv"] / ("Scripts/lcb-lab.exe" if os.name == "nt" else "bin/lcb-lab")
    for argv in (["appendix_b_combat", "--save", "game.json"], ["review", "game.json", "-o", "review.html", "--team", "US"]):
        r = subprocess.run([str(script), *argv], capture_output=True, text=True, cwd=built["outside"], env=_env(),
                           timeout=300)
        assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("wrote review.html (US view, ")
    assert "Blue (US) view \u00b7 4 parts" in (built["outside"] / "review.html").read_text(encoding="utf-8")


def test_the_installed_console_script_prints_a_lesson_s_answer_key(built):
    """docs/syllabus.md's ``lcb-lab key N`` from a wheel, outside the repository: lesson 5's checkpoints
    with their answers and rules (tests/test_syllabus.py checks the key itself)."""
    script = built["venv"] / ("Scripts/lcb-lab.exe" if os.name == "nt" else "bin/lcb-lab")
    r = subprocess.run([str(script), "key", "5"], capture_output=True, text=True, cwd=built["outside"], env=_env(),
                       timeout=120)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0] == "Lesson 5: Combat: LRS and INTERCEPT (01_lrs_and_intercept.ipynb)"
    assert "  ch07.intercept-units: FFG-454 (7.53)" in lines


def test_the_installed_console_script_tells_its_version(built):
    script = built["venv"] / ("Scripts/lcb-lab.exe" if os.name == "nt" else "bin/lcb-lab")
    r = subprocess.run([str(script), "--version"], capture_output=True, text=True, cwd=built["outside"], env=_env(),
                       timeout=120)
    assert (r.returncode, r.stdout, r.stderr) == (0, "lcb-lab 0.1.0\n", "")


def test_the_installed_lcb_lab_voila_explains_itself_and_asks_for_the_lab_extra(built):
    script = built["venv"] / "bin" / "lcb-lab"
    r = subprocess.run([str(script), "voila", "--help"], capture_output=True, text=True, cwd=built["outside"],
                       env=_env(), timeout=120)
    assert r.returncode == 0 and r.stdout.splitlines()[0] == "usage: lcb-lab voila [NOTEBOOK] [--start=planning|action] [--game=GAME] [VOILA OPTIONS]", r
    r = subprocess.run([str(script), "voila"], capture_output=True, text=True, cwd=built["outside"], env=_env(),
                       timeout=120)          # the runtime install has no Voila: one line, the way to get it
    assert (r.returncode, r.stderr) == (2, "error: the Voila app needs Voila, part of the lab extra: "
                                           "pip install 'lcb_lab[lab]'\n"), r


def test_the_installed_lcb_lab_voila_serves_the_lab_offline(built):
    """``pip install 'lcb_lab[lab]'`` (the wheel with its lab extra), then ``lcb-lab voila --no-browser
    --port=N`` from a folder outside the repository: the page answers with the lab app, rendered by the
    offline ``lcb`` template (no CDN link, no template error). Runs last: it adds the lab extra."""
    py = built["python"]
    _run([str(py), "-m", "pip", "install", "--quiet", f"{built['wheel']}[lab]"], "installing the lab extra",
         cwd=built["outside"])
    port = _free_port()
    log = built["outside"] / "voila.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen([str(built["venv"] / "bin" / "lcb-lab"), "voila", "--no-browser", f"--port={port}"],
                                cwd=built["outside"], env=_env(), stdout=out, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL, start_new_session=True)
    try:
        page = _get_page(f"http://127.0.0.1:{port}/", proc, log)
    finally:
        _stop(proc)
    # what the server logged while serving: once stopped (signal 15), the kernel it pre-heats for the
    # next page may still be running the notebook, and its socket closing under it is the stop's doing
    text = log.read_text(errors="replace").split("Handle signal", 1)[0]
    assert "<title>lab_app</title>" in page, page[:2000]
    assert "/voila/templates/lcb/static/" in page and "cdn.jsdelivr.net" not in page, page[:2000]
    assert "application/vnd.jupyter.widget-view+json" in page, "the lab's widget: the installed lcb_lab ran"
    assert "TemplateNotFound" not in text and "Traceback" not in text, text[-3000:]


def _free_port() -> int:
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get_page(url: str, proc: subprocess.Popen, log: Path, timeout: float = 240) -> str:
    """The page at ``url`` once the server answers (Voila runs the notebook first); fails with the log."""
    import urllib.error
    import urllib.request
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            pytest.fail(f"lcb-lab voila exited with {proc.returncode}:\n{log.read_text(errors='replace')[-3000:]}")
        try:
            with urllib.request.urlopen(url, timeout=180) as r:
                assert r.status == 200
                return r.read().decode("utf-8", errors="replace")
        except (urllib.error.URLError, ConnectionError):
            time.sleep(0.5)
    pytest.fail(f"lcb-lab voila did not answer within {timeout:.0f} s:\n{log.read_text(errors='replace')[-3000:]}")


def _stop(proc: subprocess.Popen) -> None:
    """SIGTERM the server's process group (its kernel too), then SIGKILL if it lingers."""
    import signal
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(proc.pid, sig)
            proc.wait(timeout=15)
            return
        except ProcessLookupError:
            return
        except subprocess.TimeoutExpired:
            continue
