"""pyproject metadata, the LICENSE, Binder's requirements and the owner setting agree (issue 6, items 7 and 8).

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
    for need in ("bokeh", "jupyter-bokeh", "ipywidgets", "numpy", "shapely", "pydantic", "tqdm", "milsymbol"):
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


def test_project_urls_and_binder_links_use_the_one_repository_setting():
    repo = _repository()
    assert re.fullmatch(r"[A-Za-z0-9-]+/lcb_lab", repo)
    urls = PROJECT["urls"]
    assert set(urls) == {"Homepage", "Repository", "Documentation", "Issues"}
    assert all(u.startswith(f"https://github.com/{repo}") for u in urls.values()), urls
    text = (ROOT / "binder" / "README.md").read_text(encoding="utf-8")
    links = re.findall(r"mybinder\.org/v2/gh/([^/\s]+/[^/\s]+)/HEAD\?urlpath=(\S+?)>", text)
    assert links == [(repo, "lab/tree/notebooks/00_start_here.ipynb"),
                     (repo, "voila/render/notebooks/lab_app.ipynb")]
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    owners = set(re.findall(r"mybinder\.org/v2/gh/([^/\s]+/[^/\s]+)/HEAD", readme))
    assert owners == {repo}, owners          # the badges and the links name the one setting
    assert readme.count("urlpath=voila/render/notebooks/lab_app.ipynb") >= 2


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
def test_set_binder_owner_rewrites_the_setting_and_every_link(tmp_path):
    repo = _repository()
    for rel in ("pyproject.toml", "binder/README.md", "scripts/set_binder_owner.sh"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / rel, tmp_path / rel)
    (tmp_path / "README.md").write_text(
        f"[![Binder](https://mybinder.org/badge_logo.svg)](https://mybinder.org/v2/gh/{repo}/HEAD?urlpath=lab)\n"
        f"<https://github.com/{repo}> and https://github.com/{repo}_fork stays\n", encoding="utf-8")
    run = subprocess.run(["bash", str(tmp_path / "scripts" / "set_binder_owner.sh"), "class-room"],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    new = "class-room/lcb_lab"
    py = tomllib.loads((tmp_path / "pyproject.toml").read_text(encoding="utf-8"))
    assert py["tool"]["lcb_lab"]["repository"] == new
    assert all(u.startswith(f"https://github.com/{new}") for u in py["project"]["urls"].values())
    readme = (tmp_path / "README.md").read_text(encoding="utf-8")
    assert f"v2/gh/{new}/HEAD" in readme and f"<https://github.com/{new}>" in readme
    assert f"https://github.com/{repo}_fork" in readme  # another repository is left alone
    assert (tmp_path / "binder" / "README.md").read_text(encoding="utf-8").count(f"v2/gh/{new}/HEAD") == 2
    bad = subprocess.run(["bash", str(tmp_path / "scripts" / "set_binder_owner.sh"), "-bad owner"],
                         capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "not a GitHub owner" in bad.stderr
