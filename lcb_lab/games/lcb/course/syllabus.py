"""The course's syllabus: the lessons in course order, as data (``docs/syllabus.md`` is generated
from it by ``tools/syllabus.py``; a test keeps the two equal).

Each :class:`Lesson` gives its title, its notebook (in ``notebooks/``), the rulebook chapters it
teaches, its learning objectives, the minutes a class needs, and what the instructor prepares.
One lesson per rulebook chapter 3 to 17, the start (notebook 00), three capstones that play whole
turns (notebooks 03, 09, 10), a closing what-if lesson (notebook 02), then the second game, *Naval
Battle in Archipelago*, level by level (notebooks 20, 21, 23, 24 and 25, the expanded rules: its
references are lines of its text, ``l.N``), a lesson comparing the two games' dice (notebook 22), and the
third game, *Force on Force*'s action and reaction (notebook 26), the fourth, *Order of Battle*'s card
game turn (notebook 27), and the four games side by side (notebook 28).  The minutes are the
project's estimate for a class of about 12 at one projector (no rulebook value).
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING

from lcb_lab.kernel.errors import LabError

if TYPE_CHECKING:  # pragma: no cover
    from lcb_lab.kernel.checkpoints import Checkpoint

__all__ = ["Lesson", "LESSONS", "lesson_for_chapter", "total_minutes", "lesson_checkpoints", "answer_key",
           "markdown"]


@dataclass(frozen=True)
class Lesson:
    """One lesson: ``notebook`` (file name in ``notebooks/``), ``chapters`` (rule chapters or rules,
    e.g. ``("7.3", "7.5")``), ``objectives`` (what a student can do after it), ``minutes`` (class
    time), ``prepare`` (what the instructor prepares), ``kind`` (``"start"``, ``"chapter"``,
    ``"capstone"``, ``"what-if"``, ``"second game"``, ``"third game"``, ``"fourth game"`` or ``"comparison"``), ``course_chapter`` (the :mod:`lcb_lab.games.lcb.course` chapter
    whose checkpoints it asks, or None)."""

    title: str
    notebook: str
    chapters: tuple[str, ...]
    objectives: tuple[str, ...]
    minutes: int
    prepare: str
    kind: str = "chapter"
    course_chapter: int | None = None
    checkpoints: str = ""
    """The dotted name of the module whose ``CHECKPOINTS`` the notebook asks (``""``: none, or built
    in the notebook itself); a chapter lesson's is its course module."""


def _ch(n: int, title: str, notebook: str, objectives: tuple[str, ...], minutes: int, prepare: str,
        chapters: tuple[str, ...] | None = None) -> Lesson:
    return Lesson(title, notebook, chapters or (str(n),), objectives, minutes, prepare, "chapter", n,
                  f"lcb_lab.games.lcb.course.ch{n:02d}")


LESSONS: tuple[Lesson, ...] = (
    Lesson("Start here: the lab and the game", "00_start_here.ipynb", ("1", "2"),
           ("open the lab on Gotland Redux and read the map, the views and the explained log",
            "replay the Appendix B playthrough one step at a time",
            "say what a typed action, a refusal with its rule and the odds before a roll are"),
           45, "Run `make lab` once on the projector machine; open notebook 00 and run all cells.", "start"),
    _ch(3, "The sequence of play", "13_ch03_sequence_of_play.ipynb",
        ("name the stages of a turn and the order of impulses",
         "count the AP a declaration of Core Actions costs, stacks and split stacks included",
         "tell which declarations the rules refuse, and why"),
        50, "Read 3.0-3.5; decide whether the class works in teams of two Task Forces."),
    _ch(4, "Game components", "14_ch04_components.ipynb",
        ("read a hex's MP cost from its colour",
         "read a counter's CVs, ranges and supply on its Unit Tracker",
         "tell a value the rulebook prints from a sandbox value"),
        35, "Print Appendix A's reference sheet for each team."),
    _ch(5, "Movement", "15_ch05_movement.ipynb",
        ("trace a stack's moves at the MP of its slowest unit",
         "use the engine's movement reach and paths, and read its refusals"),
        45, "Read chapter 5; choose two stacks for the class to move."),
    _ch(6, "Concealment and revealing", "16_ch06_conceal.ipynb",
        ("say what reveals a unit and what lets it conceal again",
         "read what each team's view shows of the other side's counters"),
        40, "Read 6.0; set the lab's view to one team to show what it hides."),
    _ch(7, "Combat: LRS and INTERCEPT", "01_lrs_and_intercept.ipynb",
        ("allocate LRS dice and find the IAMD units that may INTERCEPT (7.53)",
         "compute the exact odds of an engagement before the roll",
         "play example 7.37 and explain where it differs from rule 7.02"),
        60, "Read 7.0-7.6; have the odds chart of notebook 01 ready for the projector.", ("7.3", "7.5")),
    _ch(8, "Resupply", "17_ch08_resupply.ipynb",
        ("count the Resupply Points a logistics unit gives and how far it reaches",
         "plan a resupply that keeps an LRS unit firing"),
        35, "Read 8.0."),
    _ch(9, "Joint Capability Cards", "18_ch09_cards.ipynb",
        ("buy cards with CP and play them for AP",
         "answer a card with NULLIFY and read the chain of responses"),
        50, "Read 9.0 and docs/cards.md (the card texts are sandbox)."),
    Lesson("Capstone: Appendix B, turn 1", "03_appendix_b_turn1.ipynb", ("3", "7", "9", "App. B"),
           ("follow a whole turn: Planning, Deployment, four impulses and the checks",
            "find in the explained log the rule behind each step"),
           60, "Run the notebook once beforehand; pick two decisions for the class to argue.", "capstone"),
    _ch(10, "Embarking", "04_ch10_embarking.ipynb",
        ("load units and cards on a ship within its Embarkation Value",),
        35, "Read 10.0."),
    _ch(11, "Embarked actions", "05_ch11_embarked_actions.ipynb",
        ("deploy and use an Embarked Persistent JCC and count its AP",),
        30, "Read 11.0."),
    _ch(12, "Transporting units", "06_ch12_transport.ipynb",
        ("land units by lift, landing craft, port and reinforcement cards",),
        45, "Read 12.0."),
    _ch(13, "Special markers", "07_ch13_markers.ipynb",
        ("place and use Proxy, ISR, mine, SOF and Fortification markers",),
        45, "Read 13.0."),
    _ch(14, "Submarines", "08_ch14_submarines.ipynb",
        ("track a submarine on its tracker and find it with ASW",),
        40, "Read 14.0."),
    Lesson("Capstone: Return to Slite", "09_second_scenario.ipynb", ("10", "11", "12", "13", "14"),
           ("play a landing turn that puts chapters 10-14 together",),
           60, "Run the notebook once beforehand; the scenario is sandbox (docs/scenarios.md).", "capstone"),
    _ch(15, "The Influence Meter", "19_ch15_influence.ipynb",
        ("move the meter after kills and initiative, and read what it grants",),
        30, "Read 15.0."),
    _ch(16, "Event Cards", "11_events.ipynb",
        ("resolve a turn's events before any action, with gray cubes and the Action Pool",),
        30, "Read 16.0; the deck is sandbox (docs/events.md)."),
    _ch(17, "Optional rules", "12_optional_rules.ipynb",
        ("switch an optional rule on and compare a staged example with and without it",),
        40, "Read 17.0; choose the optional rules the class will use."),
    Lesson("Capstone: Baltic Approaches", "10_central_baltic.ipynb", ("7.4",),
           ("fire from and into the naval zones of the central-Baltic map",),
           45, "The map and scenario are sandbox (docs/map.md).", "capstone"),
    Lesson("What if? Plan studies", "02_what_if.ipynb", ("7.02", "7.57"),
           ("study a plan many times with fresh dice, compare two plans, and check sampled shares against exact odds",),
           30, "Run the notebook once beforehand (it studies plans many times).", "what-if"),
    Lesson("Second game: Archipelago, level 1 (torpedo boats)", "20_archipelago_level1.ipynb", ("l.138-262",),
           ("roll the blue dice and count the pieces that move, the bonus included",
            "launch a torpedo along a course and give its exact chance before the red die",
            "say from which directions a torpedo boat is hit, and run a torpedo on with the green die"),
           45, "Skim level 1's text (its l.138-262) and docs/archipelago.md (the board and the blue die are "
               "sandbox).", "second game",
           checkpoints="lcb_lab.games.archipelago.course.level1"),
    Lesson("Second game: Archipelago, level 2 (ships)", "21_archipelago_level2.ipynb", ("l.264-394",),
           ("count the blue dice from the pieces left",
            "fire a gun along its three lines and give the chance that red + green reaches the distance",
            "say what one and two hits do to a ship, a base and the ammunition ship"),
           45, "Skim level 2's text (its l.264-394).", "second game",
           checkpoints="lcb_lab.games.archipelago.course.level2"),
    Lesson("Two games' dice side by side", "22_two_games_dice.ipynb", ("7.02", "l.203-206", "l.322-329", "l.505"),
           ("compute a d20-under-CV chance and the binomial of several dice",
            "compute a chance from a sum of custom dice, and tell a straight line per die from a sum's bell",
            "tell a printed die from a sandbox die"),
           30, "Put the side-by-side charts on the projector; have each team predict a curve first.", "comparison",
           checkpoints="lcb_lab.games.archipelago.course.dice"),
    Lesson("Second game: Archipelago, level 3 (helicopters)", "23_archipelago_level3.ipynb", ("l.396-577",),
           ("move a helicopter hovering (no blue die) and in progressive flight (the die + 5 steps exactly)",
            "give the chance of an A-S missile and say from where an A-A missile can hit",
            "give the chance that a machine gun downs a helicopter"),
           45, "Skim level 3's text (its l.396-577).", "second game",
           checkpoints="lcb_lab.games.archipelago.course.level3"),
    Lesson("Second game: Archipelago, level 4 (hovercraft, garrisons, commandos)", "24_archipelago_level4.ipynb",
           ("l.578-700",),
           ("move a hovercraft over water and flat land, and refuel a landed helicopter from its tank",
            "give the chance that a machine gun destroys a hovercraft, and say why a torpedo cannot",
            "give the chance that commandos capture a base held by a garrison, or by commandos and a garrison",
            "say which capture ends the game, and what the papers of the optional rule hide"),
           45, "Skim level 4's text (its l.578-700).", "second game",
           checkpoints="lcb_lab.games.archipelago.course.level4"),
    Lesson("Second game: Archipelago, the expanded rules (a tour)", "25_archipelago_expanded.ipynb", ("l.799-1391",),
           ("give the chance of a surface-to-surface missile",
            "say what the other side knows of a hidden submarine, and how a sonar finds it",
            "say what a depth charge and a contact mine do, and count an aircraft's turns to the board"),
           45, "Skim the expanded rules' headings (l.799-1391); the expanded board is the project's drawing "
               "(sandbox).", "second game",
           checkpoints="lcb_lab.games.archipelago.course.level5"),
    Lesson("Third game: Force on Force, action and reaction", "26_force_on_force.ipynb",
           ("l.5-15", "l.108-160", "l.316-383"),
           ("give the exact chance of a Reaction Test, with its tie rule and modifiers",
            "order a chain of Reactions and count the Firepower dice each Reaction costs",
            "say which units may engage a hidden unit, and count the defenders' dice after a breach"),
           45, "Skim the fragment's text (its l.108-160 and l.316-383) and docs/force_on_force.md (the table, "
               "the units and the combat are sandbox).", "third game",
           checkpoints="lcb_lab.games.force_on_force.course"),
    Lesson("Fourth game: Order of Battle, a card game's turn", "27_order_of_battle.ipynb", ("l.9-45", "l.87-123"),
           ("walk the nine phases of a turn, each finished by every Commander before the next",
            "give the exact chance of leading the turn from the Fortune cards that may be drawn",
            "resolve a skirmish round committed face down and revealed together, both sides at once"),
           40, "Skim the text (134 lines) and docs/order_of_battle.md (the card set and the winning total are "
               "sandbox).", "fourth game",
           checkpoints="lcb_lab.games.order_of_battle.course"),
    Lesson("Four games side by side", "28_four_games.ipynb", ("7.02", "l.322", "l.318", "l.39"),
           ("compute a chance in each of the four models: d20 under a value, a sum of custom dice, two dice "
            "against each other, a draw from a shuffled deck",
            "show with two worlds that a side sees nothing of a secret it may not know, in each game",
            "tell alternating impulses and turns, reactions that interrupt, and choices revealed together"),
           40, "Put the four charts on the projector; have each team say which model fits which decision.",
           "comparison"),
)
"""The lessons in course order."""


def lesson_for_chapter(n: int) -> Lesson:
    """The chapter lesson of rulebook chapter ``n`` (3..17); KeyError if none."""
    for lesson in LESSONS:
        if lesson.course_chapter == n:
            return lesson
    raise KeyError(n)


def total_minutes() -> int:
    """The whole course's class time, in minutes."""
    return sum(lesson.minutes for lesson in LESSONS)


def _lesson(n: int | str) -> Lesson:
    """Lesson ``n`` (its number in :data:`LESSONS`, as int or text). Raises LabError naming the range."""
    try:
        i = int(str(n).strip())
        if not 0 <= i < len(LESSONS):
            raise ValueError
    except ValueError:
        raise LabError(f"the course has lessons 0 to {len(LESSONS) - 1}, not {str(n)[:40]!r}") from None
    return LESSONS[i]


def lesson_checkpoints(n: int | str) -> tuple["Checkpoint", ...]:
    """The checkpoints lesson ``n``'s notebook asks, from its :attr:`Lesson.checkpoints` module (``()``
    when the notebook asks none or builds its own from its charts). Raises LabError for no such lesson."""
    lesson = _lesson(n)
    if not lesson.checkpoints:
        return ()
    return tuple(importlib.import_module(lesson.checkpoints).CHECKPOINTS)


def answer_key(n: int | str) -> str:
    """The instructor's key to lesson ``n`` as text: a heading line (number, title, notebook), then one
    line per checkpoint (``key: answer (rule)``, computed now by the engine), or where the lesson has
    none. Raises LabError for no such lesson."""
    from lcb_lab.kernel.checkpoints import instructor_key
    lesson = _lesson(n)
    head = f"Lesson {LESSONS.index(lesson)}: {lesson.title} ({lesson.notebook})"
    cps = lesson_checkpoints(n)
    if cps:
        return "\n".join([head, *(f"  {line}" for line in instructor_key(cps))])
    if lesson.kind == "comparison":
        return (f"{head}\n  its notebook builds its checkpoints from its own charts: run it, then, in a cell "
                "of your own, print('\\n'.join(instructor_key(cps))) (from lcb_lab.kernel.checkpoints)")
    return f"{head}\n  no checkpoints: the class argues the decisions the notebook plays"


def markdown() -> str:
    """``docs/syllabus.md``: the course as Markdown (a table, then each lesson's objectives)."""
    out = ["# The course: a syllabus", "",
           "Generated from `lcb_lab/games/lcb/course/syllabus.py` by `tools/syllabus.py` (do not edit by hand).",
           "One lesson per rulebook chapter 3 to 17, each a notebook in `notebooks/` ending with",
           "checkpoints a class answers (`lcb_lab.games.lcb.course`), plus capstones that play whole turns;",
           "then the second game, *Naval Battle in Archipelago*, by level (`lcb_lab.games.archipelago.course`;",
           "its rules are cited by the line of its text, `l.N`), a lesson comparing the two games' dice,",
           "the third game, *Force on Force* (`lcb_lab.games.force_on_force.course`), the fourth, *Order of",
           "Battle* (`lcb_lab.games.order_of_battle.course`; both also cited by line), and a closing lesson",
           "setting the four games side by side.",
           f"Class times are the project's estimate; the whole course: {total_minutes()} minutes.", "",
           "## Teaching a lesson", "",
           "1. Before class: do what the table's last column says (the rulebooks are not included: *Read",
           "   3.0-3.5* means your copy of the LC:B rulebook; the other games' texts are cited by line), open",
           "   the lesson's notebook in the lab (`make lab` in the checkout, then the notebook in the file",
           "   browser) and run **Kernel › Restart Kernel and Run All Cells** once; every notebook runs",
           "   offline. Its opening (notebook 00: its folded course section) names what it teaches, the",
           "   rules it cites and its class time.",
           "2. The answers: `lcb-lab key N` (installed from a wheel; in the checkout, lesson 5's:",
           "   `.venv/bin/python -m lcb_lab key 5`) prints lesson N's checkpoints with their answers and",
           "   rules, computed by the engine; keep it off the projector.",
           "3. In class: walk the notebook's sections top to bottom on the projector, re-running a cell",
           "   after changing a value when the class asks *what if*; a refused act prints one line naming",
           "   its rule. Leave the last quarter of the class time for the checkpoints at the end: each",
           "   student answers in the widget, a wrong answer shows a hint citing the rule, a right one",
           "   the explanation.", "",
           "| # | Lesson | Notebook (in `notebooks/`) | Rules | Minutes | The instructor prepares |",
           "|---|---|---|---|---|---|"]
    for i, ls in enumerate(LESSONS):
        out.append(f"| {i} | {ls.title} | `{ls.notebook}` | {', '.join(ls.chapters)} "
                   f"| {ls.minutes} | {ls.prepare} |")
    out += ["", "## Learning objectives", ""]
    for i, ls in enumerate(LESSONS):
        out.append(f"**{i}. {ls.title}** (`{ls.notebook}`): after it a student can")
        out += [f"- {o};" if j < len(ls.objectives) - 1 else f"- {o}." for j, o in enumerate(ls.objectives)]
        out.append("")
    return "\n".join(out)
