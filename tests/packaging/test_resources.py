"""Packaged scenarios and lessons (lcb_lab.games.lcb.io.resources): names, paths, errors, the CLI."""
import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import lcb_lab
from lcb_lab.kernel import files
from lcb_lab.games.lcb.io import resources as R
from lcb_lab.kernel.errors import ScenarioError
from lcb_lab.games.lcb.content.lesson import Lesson, read_lesson
from lcb_lab.games.lcb.io.scenario import ScenarioFile, read_scenario, read_toml_model

PKG = Path(lcb_lab.__file__).resolve().parent
ROOT = Path(__file__).resolve().parents[2]


def test_the_packaged_names_are_the_files_in_the_checkouts_scenarios_folder():
    assert R.root() == ROOT / "scenarios"
    assert R.scenario_names() == ["central_baltic", "gotland_events", "gotland_redux", "slite_landing"]
    assert R.lesson_names() == ["appendix_b_combat", "appendix_b_turn1", "slite_landing_lesson"]
    assert Path(str(R.scenario_source("gotland_redux"))) == ROOT / "scenarios" / "lcb" / "gotland_redux.toml"
    assert Path(str(R.lesson_source("appendix_b_combat"))) == (
        ROOT / "scenarios" / "lcb" / "lessons" / "appendix_b_combat.toml")
    assert 'id = "gotland_redux"' in R.scenario_text("gotland_redux")
    assert 'scenario = "gotland_redux"' in R.lesson_text("appendix_b_combat")


def test_a_new_packaged_file_is_listed(monkeypatch, tmp_path):
    root = tmp_path / "data" / "scenarios"
    (root / "lessons").mkdir(parents=True)
    for name in ("b.toml", "a.toml", "notes.txt"):
        (root / name).write_text("", encoding="utf-8")
    (root / "lessons" / "drill.toml").write_text("", encoding="utf-8")
    monkeypatch.setattr(R, "folder", lambda kind: root / "lessons" if kind == "lesson" else root)
    assert R.scenario_names() == ["a", "b"]     # sorted, .toml only, not the lessons folder
    assert R.lesson_names() == ["drill"]


@pytest.mark.parametrize("arg, path", [
    ("gotland_redux", False), ("appendix_b_combat", False), ("no_such_name", False), ("..", False),
    ("a.json", False), ("my.toml", True), ("sub/x", True), ("../x", True), (Path("x"), True),
    ("scenarios/gotland_redux.toml", True)])
def test_a_path_holds_a_separator_or_ends_in_toml(arg, path):
    assert R.is_path(arg) is path


def test_a_bare_name_that_is_an_existing_file_is_a_path(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "gotland_redux").write_text(R.scenario_text("gotland_redux"), encoding="utf-8")
    assert R.is_path("gotland_redux") and R.locate("gotland_redux", "scenario") == Path("gotland_redux")
    assert not R.is_path("appendix_b_combat") and not R.is_path("bad\0name")


@pytest.mark.parametrize("name", ["gotland_redx", "..", "lessons", "appendix_b_combat", "a.json", ""])
def test_an_unknown_packaged_scenario_names_itself_and_lists_the_packaged_ones(name):
    with pytest.raises(ScenarioError) as e:
        lcb_lab.load_scenario(name)
    assert (e.value.file, e.value.key) == (name, "(file)")
    assert f"no packaged scenario named {name!r}" in e.value.problem
    assert "(packaged: central_baltic, gotland_events, gotland_redux, slite_landing)" in e.value.problem and "ends in .toml" in e.value.problem


def test_an_unknown_packaged_lesson_lists_the_packaged_lessons():
    with pytest.raises(ScenarioError) as e:
        Lesson("gotland_redux")
    assert e.value.file == "gotland_redux" and "(packaged: appendix_b_combat, appendix_b_turn1, slite_landing_lesson)" in e.value.problem


def test_a_missing_path_is_no_such_file(tmp_path):
    for arg in (tmp_path / "mine.toml", str(tmp_path / "mine.toml"), "sub/mine"):
        with pytest.raises(ScenarioError, match="no such scenario file") as e:
            lcb_lab.load_scenario(arg)
        assert e.value.file == str(arg) and e.value.key == "(file)"


def test_a_users_own_scenario_and_lesson_load_by_path(tmp_path):
    sc = tmp_path / "my_scenario.toml"
    sc.write_text(R.scenario_text("gotland_redux").replace('\nname = "', '\nname = "Mine: ', 1), encoding="utf-8")
    spec, file = read_scenario(sc)
    assert spec.scenario.name.startswith("Mine: ") and file == str(sc)
    game = lcb_lab.load_scenario(str(sc), seed=1)
    assert game.scenario_info.scenario.name.startswith("Mine: ")
    # the lesson names its scenario by a path relative to itself
    ls = tmp_path / "drill.toml"
    ls.write_text(R.lesson_text("appendix_b_combat").replace('scenario = "gotland_redux"',
                                                            'scenario = "./my_scenario.toml"', 1), encoding="utf-8")
    lesson = Lesson(ls)
    assert lesson.file == str(ls)
    assert lesson.game.scenario_info.scenario.name.startswith("Mine: ")


_LOOKUP = """
import sys
sys.path.insert(0, sys.argv[1])
from lcb_lab.games.lcb.io import resources as R
from lcb_lab.kernel.errors import ScenarioError
try:
    print(R.scenario_names(), R.lesson_names(), R.root())
except ScenarioError as e:
    print(e.problem)
"""


def _installed_like(site: Path, *, packaged: bool, beside: bool) -> list[str]:
    """``lcb_lab`` laid out as a wheel installs it (``packaged``: with ``lcb_lab/scenarios/lcb/``) under
    ``site``, and (``beside``) a ``scenarios/lcb/`` next to it; what resources finds there."""
    for name in ("__init__.py", "kernel/__init__.py", "kernel/errors.py", "games/__init__.py",
                 "games/lcb/__init__.py", "games/lcb/io/__init__.py", "games/lcb/io/resources.py"):
        (site / "lcb_lab" / name).parent.mkdir(parents=True, exist_ok=True)
        (site / "lcb_lab" / name).write_text("" if name == "__init__.py" else (PKG / name).read_text(encoding="utf-8"),
                                             encoding="utf-8")
    for where, flag, stem in ((site / "lcb_lab" / "scenarios", packaged, "wheel"), (site / "scenarios", beside, "checkout")):
        if flag:
            (where / "lcb" / "lessons").mkdir(parents=True)
            (where / "lcb" / f"{stem}_scenario.toml").write_text("", encoding="utf-8")
            (where / "lcb" / "lessons" / f"{stem}_lesson.toml").write_text("", encoding="utf-8")
    r = subprocess.run([sys.executable, "-c", _LOOKUP, str(site)], capture_output=True, text=True, timeout=60,
                       cwd=site)
    assert r.returncode == 0, r.stderr
    return r.stdout.strip().replace(str(site), "SITE").splitlines()


def test_an_installed_wheel_reads_the_scenarios_inside_the_package_first(tmp_path):
    assert _installed_like(tmp_path, packaged=True, beside=True) == [
        "['wheel_scenario'] ['wheel_lesson'] SITE/lcb_lab/scenarios"]


def test_a_checkout_reads_the_scenarios_beside_the_package(tmp_path):
    assert _installed_like(tmp_path, packaged=False, beside=True) == [
        "['checkout_scenario'] ['checkout_lesson'] SITE/scenarios"]


def test_no_scenarios_anywhere_is_one_line_naming_both_places(tmp_path):
    assert _installed_like(tmp_path, packaged=False, beside=False) == [
        "the scenario files are missing: neither SITE/lcb_lab/scenarios (an installed wheel) nor SITE/scenarios "
        "(a checkout) exists; reinstall lcb_lab"]


@pytest.mark.parametrize("path, kind", [
    ("scenarios/lcb/gotland_redux.toml", "scenario"), ("scenarios/lcb/lessons/appendix_b_combat.toml", "lesson"),
    ("lcb_lab/games/lcb/data/scenarios/gotland_redux.toml", "scenario"),
    ("lcb_lab/games/lcb/data/scenarios/lessons/appendix_b_combat.toml", "lesson")])
def test_this_and_the_previous_layouts_paths_mean_the_packaged_files_from_elsewhere(tmp_path, monkeypatch, path, kind):
    monkeypatch.chdir(tmp_path)
    assert R.locate(path, kind) == R.source(kind, Path(path).stem)


@pytest.mark.parametrize("path, kind", [
    ("scenarios/lcb/lessons/gotland_redux.toml", "scenario"), ("scenarios/other/gotland_redux.toml", "scenario"),
    ("scenarios/lcb/appendix_b_combat.toml", "lesson"), ("lcb/lessons/appendix_b_combat.toml", "lesson")])
def test_a_missing_path_elsewhere_stays_a_path(tmp_path, monkeypatch, path, kind):
    monkeypatch.chdir(tmp_path)
    assert R.locate(path, kind) == Path(path)


def test_old_source_layout_paths_mean_the_packaged_files(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # no scenarios/ folder here
    assert R.locate("scenarios/gotland_redux.toml", "scenario") == R.scenario_source("gotland_redux")
    assert R.locate("scenarios/lessons/appendix_b_combat.toml", "lesson") == R.lesson_source("appendix_b_combat")
    assert read_lesson("scenarios/lessons/appendix_b_combat.toml")[0].lesson.scenario == "gotland_redux"
    # ... only where such a packaged file exists, and only when the path itself is missing
    assert R.locate("scenarios/other.toml", "scenario") == Path("scenarios/other.toml")
    assert R.locate("scenarios/gotland_redux.toml", "lesson") == Path("scenarios/gotland_redux.toml")
    (tmp_path / "scenarios").mkdir()
    (tmp_path / "scenarios" / "gotland_redux.toml").write_text("[scenario]\n", encoding="utf-8")
    with pytest.raises(ScenarioError) as e:  # the user's own file wins
        lcb_lab.load_scenario("scenarios/gotland_redux.toml")
    assert e.value.file == "scenarios/gotland_redux.toml" and e.value.key.startswith("scenario")


def test_packaged_files_read_from_a_zip_too(tmp_path):
    """A Traversable that is no filesystem path (a zip import) goes through the same safe reader."""
    zf = tmp_path / "pkg.zip"
    with zipfile.ZipFile(zf, "w") as z:
        z.writestr("pkg/data/scenarios/gotland_redux.toml", R.scenario_text("gotland_redux"))
        z.writestr("pkg/data/scenarios/bad.toml", b"\xff\xfe not utf-8")
    zp = zipfile.Path(zf, "pkg/data/scenarios/")
    spec, file = read_toml_model(zp / "gotland_redux.toml", ScenarioFile, "scenario")
    assert spec.scenario.id == "gotland_redux" and file.endswith("gotland_redux.toml")
    with pytest.raises(ScenarioError, match="not UTF-8") as e:
        files.read_text(zp / "bad.toml", "scenario")
    assert e.value.file.endswith("bad.toml") and e.value.key == "(file)"


def _cli(*args, cwd):
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(PKG.parent), os.environ.get("PYTHONPATH", "")])}
    return subprocess.run([sys.executable, "-m", "lcb_lab", *args], capture_output=True, text=True, cwd=cwd,
                          env=env, timeout=120)


def test_cli_lists_and_replays_packaged_lessons_from_anywhere(tmp_path):
    out = _cli("--list", cwd=tmp_path)
    assert out.returncode == 0 and out.stdout.splitlines() == ["scenarios: central_baltic, gotland_events, gotland_redux, slite_landing",
                                                               "lessons: appendix_b_combat, appendix_b_turn1, slite_landing_lesson"]
    by_name = _cli("appendix_b_combat", "--json", cwd=tmp_path)
    old_path = _cli("scenarios/lessons/appendix_b_combat.toml", "--json", cwd=tmp_path)
    assert by_name.returncode == old_path.returncode == 0, by_name.stderr + old_path.stderr
    assert json.loads(by_name.stdout) == json.loads(old_path.stdout)
    assert json.loads(by_name.stdout)["units"]["2 Anna"]["destroyed"] is True
    bad = _cli("appendix_b", cwd=tmp_path)
    assert bad.returncode == 2 and "no packaged lesson named 'appendix_b' (packaged: appendix_b_combat, appendix_b_turn1, slite_landing_lesson)" in bad.stderr
    assert "a packaged lesson's name" in _cli("--help", cwd=tmp_path).stdout
