"""pyproject metadata, the LICENSE, Binder's requirements and the owner setting agree.

Offline and quick; the wheel itself is built and installed in test_wheel.py, Binder's build is
checked by scripts/check_binder.sh.
"""
import re
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
PROJECT = PYPROJECT["project"]
EXTRAS = PROJECT["optional-dependencies"]


def _names(reqs: list[str]) -> dict[str, Requirement]:
    out = {}
    for r in reqs:
        req = Requirement(r)
        out[_norm(req.name)] = req
    return out


def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def test_license_is_spdx_mit_with_the_file():
    assert PROJECT["license"] == "MIT" and PROJECT["license-files"] == ["LICENSE"]
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License\n\nCopyright (c) 2026 the lcb_lab authors\n")
    assert "THE SOFTWARE IS PROVIDED \"AS IS\"" in text
    # PEP 639's license expression needs setuptools 77
    assert any(Requirement(r).name == "setuptools" and Requirement(r).specifier.contains("77")
               and not Requirement(r).specifier.contains("76.9") for r in PYPROJECT["build-system"]["requires"])
    assert "License :: OSI Approved :: MIT License" not in PROJECT["classifiers"]  # superseded by the expression


def test_classifiers_match_requires_python():
    cls = PROJECT["classifiers"]
    pys = sorted(c.rsplit(" ", 1)[1] for c in cls if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c))
    assert pys == ["3.11", "3.12", "3.13"]
    assert PROJECT["requires-python"] == ">=3.11"
    for c in ("Framework :: Jupyter", "Intended Audience :: Education", "Topic :: Games/Entertainment :: Board Games"):
        assert c in cls


def test_runtime_needs_no_jupyterlab_the_lab_extra_does():
    runtime = _names(PROJECT["dependencies"])
    for ui in ("jupyterlab", "voila", "jupyterlab-widgets", "notebook", "nbval", "pytest"):
        assert ui not in runtime, ui
    for need in ("bokeh", "jupyter-bokeh", "ipywidgets", "numpy", "shapely", "pydantic", "tqdm", "milsymbol", "dask"):
        assert need in runtime, need
    assert str(runtime["milsymbol"].specifier) in ("<0.3,>=0.2", ">=0.2,<0.3")
    assert set(_names(EXTRAS["lab"])) == {"jupyterlab", "voila", "jupyterlab-widgets"}
    test = _names(EXTRAS["test"])
    assert test["lcb-lab"].extras == {"lab"}
    for need in ("pytest", "hypothesis", "nbval", "pytest-playwright", "playwright", "colorspacious", "build"):
        assert need in test, need
    assert "nbmake" not in test


def test_binder_pins_satisfy_the_package_and_pin_notebook_with_jupyterlab():
    lines = [ln.strip() for ln in (ROOT / "binder" / "requirements.txt").read_text(encoding="utf-8").splitlines()]
    reqs = [ln for ln in lines if ln and not ln.startswith(("#", "-", "."))]
    pins = {_norm(Requirement(r).name): Version(str(Requirement(r).specifier).removeprefix("==")) for r in reqs}
    assert all(str(Requirement(r).specifier).startswith("==") for r in reqs), reqs
    assert ".[lab]" in lines             # the package with its lab extra (Voila)
    for need in ("voila", "jupyter-bokeh", "ipywidgets", "jupyterlab-widgets", "bokeh", "milsymbol", "jupyterlab",
                 "notebook"):
        assert need in pins, need
    # every pin inside the package's own ranges (runtime and the lab extra)
    for name, req in {**_names(PROJECT["dependencies"]), **_names(EXTRAS["lab"])}.items():
        if name in pins:
            assert req.specifier.contains(pins[name]), (name, pins[name], str(req.specifier))
    # notebook 7.N moves with jupyterlab 4.N (7.6.x needs jupyterlab >=4.6.6,<4.7; 7.4.x needs <4.5)
    nb, lab = pins["notebook"], pins["jupyterlab"]
    assert (nb.major, nb.minor) == (7, lab.minor), (nb, lab)
    assert (ROOT / "binder" / "runtime.txt").read_text(encoding="utf-8").strip() == "python-3.11"


def _repository() -> str:
    return PYPROJECT["tool"]["lcb_lab"]["repository"]


HOW = "Once the repository has a home, `bash scripts/set_binder_owner.sh <owner>` adds the Binder badges and project URLs."
BLOCK = re.compile(r"<!-- binder[^>]*-->\n(.*?)<!-- /binder -->", re.S)


def _block(text: str) -> str:
    found = BLOCK.findall(text)
    assert len(found) == 1, found
    return found[0]


def test_no_project_url_and_no_binder_badge_until_the_repository_has_a_home():
    assert _repository() == ""                            # unset: no placeholder owner anywhere
    assert "urls" not in PROJECT
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert _block(readme) == HOW + "\n"
    binder = (ROOT / "binder" / "README.md").read_text(encoding="utf-8")
    assert "set_binder_owner.sh <owner>" in _block(binder)
    for text in (readme, binder, (ROOT / "pyproject.toml").read_text(encoding="utf-8")):
        assert "OWNER" not in text and "mybinder.org/v2/gh" not in text and "github.com/" not in text


def test_the_readme_opens_with_exactly_make_lab_and_make_test():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    first = re.search(r"```sh\n(.*?)```", readme, re.S).group(1)
    assert [ln.split("#")[0].strip() for ln in first.splitlines()] == ["make lab", "make test"]


def _copy(tmp_path: Path) -> Path:
    for rel in ("pyproject.toml", "README.md", "binder/README.md", "scripts/set_binder_owner.sh"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / rel, tmp_path / rel)
    (tmp_path / "docs").mkdir()
    return tmp_path


def _set(tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["bash", str(tmp_path / "scripts" / "set_binder_owner.sh"), *args],
                          capture_output=True, text=True, timeout=60)


def _snapshot(tmp_path: Path) -> dict[str, str]:
    return {rel: (tmp_path / rel).read_text(encoding="utf-8")
            for rel in ("pyproject.toml", "README.md", "binder/README.md", "docs/guide.md")}


LAB = "lab/tree/notebooks/00_start_here.ipynb"
VOILA = "voila/render/notebooks/lab_app.ipynb"


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
def test_set_binder_owner_adds_the_urls_and_badges_once_and_unset_removes_them(tmp_path):
    tmp = _copy(tmp_path)
    (tmp / "docs" / "guide.md").write_text("see https://github.com/class-room/lcb_lab_fork\n", encoding="utf-8")
    before = _snapshot(tmp)
    run = _set(tmp, "class-room")
    assert run.returncode == 0, run.stderr
    assert run.stdout == ("repository: (no home) -> class-room/lcb_lab; "
                          "changed: pyproject.toml, README.md, binder/README.md\n")
    new = "class-room/lcb_lab"
    py = tomllib.loads((tmp / "pyproject.toml").read_text(encoding="utf-8"))
    assert py["tool"]["lcb_lab"]["repository"] == new
    gh = f"https://github.com/{new}"
    assert py["project"]["urls"] == {"Homepage": gh, "Repository": gh, "Documentation": f"{gh}/tree/HEAD/docs",
                                     "Issues": f"{gh}/issues"}
    assert py["project"]["scripts"] == PROJECT["scripts"]           # the table after it is intact
    readme = (tmp / "README.md").read_text(encoding="utf-8")
    block = _block(readme)
    assert HOW not in readme
    assert re.findall(r"\]\((https://mybinder\.org/v2/gh/\S+)\)", block) == [
        f"https://mybinder.org/v2/gh/{new}/HEAD?urlpath={LAB}", f"https://mybinder.org/v2/gh/{new}/HEAD?urlpath={VOILA}"]
    assert block.count("[![") == 2 and block.count("(https://mybinder.org/badge_logo.svg)") == 2
    binder = (tmp / "binder" / "README.md").read_text(encoding="utf-8")
    assert re.findall(r"mybinder\.org/v2/gh/([^/\s]+/[^/\s]+)/HEAD\?urlpath=(\S+?)>", binder) == [
        (new, LAB), (new, VOILA)]
    once = _snapshot(tmp)
    again = _set(tmp, "class-room")                                   # idempotent
    assert again.returncode == 0 and again.stdout.endswith("changed: nothing\n")
    assert _snapshot(tmp) == once
    moved = _set(tmp, "other-org", "lab2")
    assert moved.returncode == 0, moved.stderr
    assert tomllib.loads((tmp / "pyproject.toml").read_text(encoding="utf-8"))["project"]["urls"]["Homepage"] == (
        "https://github.com/other-org/lab2")
    assert (tmp / "docs" / "guide.md").read_text(encoding="utf-8") == before["docs/guide.md"]   # another repo
    assert "class-room" not in (tmp / "README.md").read_text(encoding="utf-8")
    gone = _set(tmp, "--unset")
    assert gone.returncode == 0, gone.stderr
    assert _snapshot(tmp) == before                                   # back to no home, byte for byte


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
def test_set_binder_owner_refuses_a_bad_owner_and_changes_nothing(tmp_path):
    tmp = _copy(tmp_path)
    (tmp / "docs" / "guide.md").write_text("\n", encoding="utf-8")
    before = _snapshot(tmp)
    bad = _set(tmp, "-bad owner")
    assert bad.returncode == 2 and bad.stderr == "set_binder_owner: not a GitHub owner: '-bad owner'\n"
    assert _set(tmp).returncode == 2
    assert _snapshot(tmp) == before


def test_pyproject_lists_every_python_package_and_maps_the_scenarios_folder():
    """setuptools gets its packages by name (no find: the scenarios data package lives outside lcb_lab/),
    so a new subpackage must be added to the list; this catches a missing one without building the wheel."""
    config = PYPROJECT["tool"]["setuptools"]
    on_disk = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "lcb_lab").rglob("__init__.py")}
    assert set(config["packages"]) == on_disk | {"lcb_lab.scenarios"}
    assert config["package-dir"] == {"lcb_lab.scenarios": "scenarios"}
    assert config["package-data"]["lcb_lab.scenarios"] == ["*/*.toml", "*/lessons/*.toml"]
    assert sorted(p.relative_to(ROOT / "scenarios").as_posix() for p in (ROOT / "scenarios").rglob("*.toml")) == [
        "lcb/central_baltic.toml", "lcb/gotland_events.toml", "lcb/gotland_redux.toml", "lcb/lessons/appendix_b_combat.toml", "lcb/lessons/appendix_b_turn1.toml",
        "lcb/lessons/slite_landing_lesson.toml", "lcb/slite_landing.toml"]
    assert "graft scenarios" in (ROOT / "MANIFEST.in").read_text(encoding="utf-8").splitlines()   # in the sdist
