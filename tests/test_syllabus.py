"""The syllabus (``lcb_lab.games.lcb.course.syllabus``): ``docs/syllabus.md`` is what the data gives
(``tools/syllabus.py --check``), every notebook it names exists, each rulebook chapter 3-17 has one
lesson, the chapter lessons with checkpoints are the course's chapter modules, and notebook 00 links
the syllabus."""
from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

from lcb_lab.games.lcb import course
from lcb_lab.games.lcb.course.syllabus import LESSONS, lesson_for_chapter, markdown, total_minutes

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
def _tool():
    spec = importlib.util.spec_from_file_location("syllabus_tool", ROOT / "tools" / "syllabus.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_the_doc_is_up_to_date(capsys):
    assert _tool().main(["--check"]) == 0, capsys.readouterr().out
    assert (ROOT / "docs" / "syllabus.md").read_text(encoding="utf-8") == markdown() + "\n"


def test_every_notebook_the_syllabus_names_exists():
    missing = [ls.notebook for ls in LESSONS if not (NOTEBOOKS / ls.notebook).is_file()]
    assert missing == []
    names = [ls.notebook for ls in LESSONS]
    assert len(names) == len(set(names))


def test_one_lesson_per_chapter_3_to_17_in_course_order():
    assert sorted(ls.course_chapter for ls in LESSONS if ls.course_chapter) == list(range(3, 18))
    assert lesson_for_chapter(7).notebook == "01_lrs_and_intercept.ipynb"
    assert lesson_for_chapter(3).notebook == "13_ch03_sequence_of_play.ipynb"
    assert [ls.kind for ls in LESSONS][0] == "start" and LESSONS[0].notebook == "00_start_here.ipynb"
    assert {ls.notebook for ls in LESSONS if ls.kind == "capstone"} == {
        "03_appendix_b_turn1.ipynb", "09_second_scenario.ipynb", "10_central_baltic.ipynb"}
    assert all(ls.objectives and ls.minutes > 0 and ls.prepare for ls in LESSONS)
    assert total_minutes() == sum(ls.minutes for ls in LESSONS)


def test_every_course_chapter_has_its_lesson():
    for n in course.chapter_numbers():
        assert lesson_for_chapter(n).course_chapter == n


def test_notebook_00_links_the_syllabus():
    nb = json.loads((NOTEBOOKS / "00_start_here.ipynb").read_text(encoding="utf-8"))
    md = "".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    assert "(../docs/syllabus.md)" in md          # a relative link: it opens in JupyterLab


def test_the_second_game_by_level_and_the_dice_comparison():
    """Notebooks 20, 21, 23, 24 and 25 teach Archipelago's levels (25: the expanded rules), each asking its course level's checkpoints;
    notebook 22 compares the two games' dice with checkpoints of its own."""
    from lcb_lab.games.archipelago.course import level_numbers
    arch = [ls for ls in LESSONS if ls.kind == "second game"]
    names = {5: "archipelago_expanded.ipynb"}                  # level 5 is the expanded rules' tour
    assert [re.sub(r"^\d+_", "", ls.notebook) for ls in arch] == \
        [names.get(n, f"archipelago_level{n}.ipynb") for n in level_numbers()]
    assert [ls.notebook for ls in LESSONS if ls.kind == "comparison"] == ["22_two_games_dice.ipynb", "28_four_games.ipynb"]
    for n, ls in enumerate(arch, 1):
        source = (NOTEBOOKS / ls.notebook).read_text(encoding="utf-8")
        assert f"level{n}.CHECKPOINTS" in source and all(c.startswith("l.") for c in ls.chapters)
    source = (NOTEBOOKS / "22_two_games_dice.ipynb").read_text(encoding="utf-8")
    assert "dice.CHECKPOINTS" in source and "lcb_lab.games.lcb.die" in source


def test_the_third_game_lesson_asks_its_course_checkpoints():
    """Notebook 26 teaches Force on Force and asks every checkpoint of its course module."""
    from lcb_lab.games.force_on_force import course as fof
    [ls] = [ls for ls in LESSONS if ls.kind == "third game"]
    assert ls.notebook == "26_force_on_force.ipynb" and all(c.startswith("l.") for c in ls.chapters)
    source = (NOTEBOOKS / ls.notebook).read_text(encoding="utf-8")
    assert all(f"course.CHECKPOINTS[{i}]" in source for i in range(len(fof.CHECKPOINTS)))


def test_the_fourth_game_lesson_and_the_four_games_side_by_side():
    """Notebook 27 teaches Order of Battle and asks every checkpoint of its course module; notebook 28
    sets the four games side by side, calling each game's own chance functions and views."""
    from lcb_lab.games.order_of_battle import course as oob
    [ls] = [ls for ls in LESSONS if ls.kind == "fourth game"]
    assert ls.notebook == "27_order_of_battle.ipynb" and all(c.startswith("l.") for c in ls.chapters)
    source = (NOTEBOOKS / ls.notebook).read_text(encoding="utf-8")
    assert all(f"course.CHECKPOINTS[{i}]" in source for i in range(len(oob.CHECKPOINTS)))
    four = (NOTEBOOKS / "28_four_games.ipynb").read_text(encoding="utf-8")
    for game in ("lcb", "archipelago", "force_on_force", "order_of_battle"):
        assert f"lcb_lab.games.{game}." in four, game
    assert "make_twin" in four and "grid_checkpoints" in four and "draw_checkpoint" in four


def test_the_intro_names_all_four_games_and_says_how_to_teach_a_lesson():
    """The syllabus's opening names the fourth game and the closing four-games lesson (before: it
    stopped at the third game), and a section says how to run a lesson and where its answers are."""
    intro, _, rest = markdown().partition("| # | Lesson |")
    assert "*Order of Battle*" in intro.replace("*Order of\nBattle*", "*Order of Battle*")
    assert "four games side by side" in intro
    assert "## Teaching a lesson" in intro and "`lcb-lab key N`" in intro
    assert "**Kernel › Restart Kernel and Run All Cells**" in intro


def test_every_lesson_asking_checkpoints_names_their_module_and_the_key_gives_each_answer():
    """A lesson whose notebook asks checkpoints (``ask(``) names the module holding them, unless it
    builds them from its own charts (notebook 28); ``answer_key`` lists each with its answer and rule."""
    from lcb_lab.games.lcb.course.syllabus import answer_key, lesson_checkpoints
    for i, ls in enumerate(LESSONS):
        source = (NOTEBOOKS / ls.notebook).read_text(encoding="utf-8")
        if ls.notebook == "28_four_games.ipynb":
            assert lesson_checkpoints(i) == () and "cps = grid_checkpoints(" in source
            continue
        assert bool(lesson_checkpoints(i)) == ("ask(" in source), ls.notebook
        if ls.checkpoints:
            assert ls.checkpoints.rsplit(".", 1)[1] in source, (ls.notebook, ls.checkpoints)
    assert answer_key(5).splitlines() == [
        "Lesson 5: Combat: LRS and INTERCEPT (01_lrs_and_intercept.ipynb)",
        "  ch07.intercept-units: FFG-454 (7.53)", "  ch07.anna-survives: 57.3% (7.57)", "  ch07.whiskey-hp: 0 (7.02)"]
    assert answer_key("8").splitlines()[1] == "  no checkpoints: the class argues the decisions the notebook plays"


def test_the_cli_prints_a_lessons_key_and_refuses_a_lesson_the_course_has_not(capsys):
    from lcb_lab.__main__ import main
    assert main(["key", "1"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "Lesson 1: The sequence of play (13_ch03_sequence_of_play.ipynb)"
    assert "  ch03.split-ap: 2 (3.37)" in out.splitlines()
    assert main(["key", "29"]) == 2
    assert capsys.readouterr().err == "error: the course has lessons 0 to 28, not '29'\n"


def test_every_lesson_notebook_opens_with_its_learning_objectives():
    """An instructor opening any lesson's notebook reads what it teaches at the top: its first markdown
    cells (up to the second code cell: notebook 00 opens on the lab, its first folded section) hold its
    learning objectives, and where they give the lesson's number and minutes these are the syllabus's
    (before: notebooks 00-12 had none)."""
    numbered = 0
    for i, ls in enumerate(LESSONS):
        nb = json.loads((NOTEBOOKS / ls.notebook).read_text(encoding="utf-8"))
        opening, code = [], 0
        for c in nb["cells"]:
            code += c["cell_type"] == "code"
            if code >= 2:
                break
            if c["cell_type"] == "markdown":
                opening.append("".join(c["source"]))
        text = "\n".join(opening)
        assert "Learning objectives" in text, ls.notebook
        m = re.search(r"\(lesson (\d+) of the course in `docs/syllabus.md`; [^;]+; about (\d+) minutes\)", text)
        if m:
            numbered += 1
            assert (int(m.group(1)), int(m.group(2))) == (i, ls.minutes), ls.notebook
    assert numbered == 13                   # notebooks 00-12; 13-28 word their own objectives
