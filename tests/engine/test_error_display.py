"""A refused action shows in IPython / Jupyter as one line naming the rule and the reason.

``LabError._render_traceback_`` is what IPython's ``showtraceback`` prints instead of the
traceback through the engine; the exception stays a real one (caught, ``e.rule``).  Checked
with a real ``InteractiveShell`` and with a kernel (nbclient running a small notebook).
"""
from __future__ import annotations

import re

import nbformat
import pytest
from IPython.core.interactiveshell import InteractiveShell
from nbclient import NotebookClient

from lcb_lab.kernel.errors import (
    DiceExhausted,
    IllegalAction,
    InputError,
    LabError,
    ScenarioError,
    UnknownName)

REFUSED_MOVE = """\
from lcb_lab import load_scenario
from lcb_lab.games.lcb.actions import BeginImpulse, CoreAction, Declare, Move
g = load_scenario("gotland_redux", seed=1)
g.apply(BeginImpulse("TF Boston"))
g.apply(Declare((CoreAction("move_combat", ("DDG-51",)),)))
g.apply(Move(action=1, path=("AL-20",)))
"""
LINE = "IllegalAction: Refused by rule 5.11: no water connection from AL-29 to AL-20 for naval units"


@pytest.mark.parametrize("error, line", [
    (IllegalAction("7.53", "1 Kilo is 3 hexes from 1 Whiskey"),
     "IllegalAction: Refused by rule 7.53: 1 Kilo is 3 hexes from 1 Whiskey"),
    (IllegalAction("l.191", "Red TB-1 never sails backwards"),       # a text cited by line reads as a sentence
     "IllegalAction: Refused by the rules (l.191): Red TB-1 never sails backwards"),
    (IllegalAction("T.2", "r1 has not spotted g1"), "IllegalAction: Refused by rule T.2: r1 has not spotted g1"),
    (ScenarioError("drill.toml", "units.1 Kilo.hex", "no hex Z-99\non this board"),
     "ScenarioError: drill.toml: units.1 Kilo.hex: no hex Z-99 on this board"),
    (InputError("apply", "path[0]", "not a hex"), "InputError: apply: path[0]: not a hex"),
    (UnknownName("no unit named '2 Kilo'"), "UnknownName: no unit named '2 Kilo'"),
    (DiceExhausted("the lesson's forced dice ran out"), "DiceExhausted: the lesson's forced dice ran out"),
])
def test_every_lcb_error_renders_as_one_line(error, line):
    assert error._render_traceback_() == [line]


def test_a_line_cited_refusal_reads_the_same_from_the_engine_and_in_the_lab():
    """The other games' texts have no rule numbers: the engine's message and the lab's red line
    both say "Refused by the rules (l.N)", never "Refused by rule l.N"."""
    from lcb_lab.games.archipelago.actions import Move
    from lcb_lab.games.archipelago.course import level1
    from lcb_lab.ui.lab.html import refusal_text
    g = level1.picture_12()                                     # notebook 20's "two steps back"
    with pytest.raises(IllegalAction) as got:
        g.apply(Move("Red TB-2", "BB", 3))
    assert str(got.value) == f"Refused by the rules (l.191): {got.value.reason}"
    assert refusal_text(got.value) == f"Refused by the rules (l.191): {got.value.reason}. Nothing changed."


def test_full_traceback_switch_gives_the_traceback_back(monkeypatch):
    monkeypatch.setattr(LabError, "full_traceback", True)
    try:
        raise IllegalAction("7.53", "too far")
    except IllegalAction as e:
        lines = e._render_traceback_()
    assert lines[0] == "Traceback (most recent call last):"
    assert lines[-1] == "lcb_lab.kernel.errors.IllegalAction: Refused by rule 7.53: too far"


def test_interactive_shell_prints_one_line_and_the_error_stays_catchable(capsys):
    shell = InteractiveShell()
    result = shell.run_cell(REFUSED_MOVE)
    out = capsys.readouterr().out
    assert out.strip().splitlines() == [LINE]
    assert isinstance(result.error_in_exec, IllegalAction) and result.error_in_exec.rule == "5.11"
    shell.run_cell("from lcb_lab import IllegalAction")
    capsys.readouterr()
    shell.run_cell("try:\n    g.apply(Move(action=1, path=('AL-20',)))\nexcept IllegalAction as e:\n"
                   "    print('caught', e.rule, e.reason)\n")
    assert capsys.readouterr().out == "caught 5.11 no water connection from AL-29 to AL-20 for naval units\n"


def test_kernel_error_output_is_one_line():
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(REFUSED_MOVE)])
    NotebookClient(nb, timeout=120, kernel_name="python3", allow_errors=True).execute()
    [err] = [o for o in nb.cells[0].outputs if o.output_type == "error"]
    assert err.ename == "IllegalAction"
    assert err.evalue == "Refused by rule 5.11: no water connection from AL-29 to AL-20 for naval units"
    assert err.traceback == [LINE]


# ---------------------------------------------------------------- a NameError after a stopped cell
BAD_HEX = """\
import lcb_lab
g = lcb_lab.situation(units={"1 Kilo": ("usmc_iamd_section", "Z-99")}, initiative="RU")
"""
CAUSE = "ScenarioError: <situation>: units.1 Kilo.hex: 'Z-99' is not a hex of the test map"
G_LINE = f"NameError: `g` is not defined — an earlier cell stopped ({CAUSE}); fix that cell and run it again."


def _plain(text: str) -> str:
    """``text`` without ANSI colour codes."""
    return re.sub(r"\x1b\[[0-9;]*m", "", text)


def _shell_with_display():
    from lcb_lab.ui.lab.notebook_errors import install
    shell = InteractiveShell()
    assert install(shell) is True and install(shell) is True          # idempotent
    assert shell.custom_exceptions == (NameError,)
    assert len([f for f in shell.events.callbacks["post_run_cell"] if "after" in f.__qualname__]) == 1
    return shell


def test_name_error_after_a_stopped_cell_is_one_line_naming_the_cause(capsys):
    shell = _shell_with_display()
    shell.run_cell(BAD_HEX)
    assert capsys.readouterr().out.strip().splitlines() == [CAUSE]
    result = shell.run_cell("print(g.to_act())")
    assert capsys.readouterr().out.strip().splitlines() == [G_LINE]
    assert type(result.error_in_exec) is NameError and result.error_in_exec.name == "g"   # still a real one
    shell.run_cell("committed = g.history.cursor")            # stopped by the NameError: the cause carries on
    capsys.readouterr()
    shell.run_cell("hold = g.fork(at=committed)")
    assert capsys.readouterr().out.strip().splitlines() == [G_LINE]
    shell.run_cell("print(committed)")
    assert capsys.readouterr().out.strip().splitlines() == [
        f"NameError: `committed` is not defined — an earlier cell stopped ({CAUSE}); fix that cell and run it again."]


def test_a_plain_name_error_is_one_line_with_a_hint_and_the_switch_gives_the_traceback(capsys, monkeypatch):
    shell = _shell_with_display()
    shell.run_cell("x = nosuch + 1")
    assert capsys.readouterr().out.strip().splitlines() == [
        "NameError: `nosuch` is not defined — run the cell that sets it first, or check the spelling."]
    shell.run_cell("lesson_game = 1")
    shell.run_cell("pritn(lesson_gmae)")
    assert capsys.readouterr().out.strip().splitlines() == [
        "NameError: `pritn` is not defined — did you mean `print`? Or run the cell that sets it first."]
    shell.run_cell("print(lesson_gmae)")
    assert capsys.readouterr().out.strip().splitlines() == [
        "NameError: `lesson_gmae` is not defined — did you mean `lesson_game`? Or run the cell that sets it first."]
    monkeypatch.setattr(LabError, "full_traceback", True)
    shell.run_cell("x = nosuch + 1")
    out = _plain(capsys.readouterr().out)
    assert "Traceback (most recent call last)" in out and "----> 1 x = nosuch + 1" in out


def test_a_name_error_inside_library_code_keeps_its_traceback(capsys, tmp_path, monkeypatch):
    (tmp_path / "buggy_lib.py").write_text("def f():\n    return missing_global\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    shell = _shell_with_display()
    shell.run_cell("import buggy_lib\nbuggy_lib.f()")
    out = _plain(capsys.readouterr().out)
    assert "Traceback (most recent call last)" in out and "NameError: name 'missing_global' is not defined" in out


def test_a_fixed_cell_forgets_the_cause(capsys):
    shell = _shell_with_display()
    shell.run_cell(BAD_HEX)
    shell.run_cell(BAD_HEX.replace("Z-99", "F-6"))
    shell.run_cell("del g")
    capsys.readouterr()
    shell.run_cell("g")
    assert capsys.readouterr().out.strip().splitlines() == [
        "NameError: `g` is not defined — run the cell that sets it first, or check the spelling."]


def test_bound_names_are_the_top_level_ones():
    from lcb_lab.ui.lab.notebook_errors import bound_names
    src = ("import lcb_lab.games.lcb.actions as A, os.path\nfrom x import y as z\na, (b, c) = 1, (2, 3)\nfor i in []: pass\n"
           "def f(q):\n    local = 1\nwith open('f') as fh: pass\nn: int = 1\nm += 1\n[w for w in ()]\n"
           "try:\n    pass\nexcept ValueError as e:\n    pass\nif (k := 2): pass\n")
    assert bound_names(src) == {"A", "os", "z", "a", "b", "c", "i", "f", "fh", "n", "m", "e", "k"}
    assert bound_names("g = (") == set()


def test_kernel_shows_the_name_error_after_a_refused_cell_as_one_line():
    """lcb_lab registers the display itself when imported in a kernel (no install call)."""
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(BAD_HEX),
                                         nbformat.v4.new_code_cell("print(g.to_act())"),
                                         nbformat.v4.new_code_cell("import lcb_lab\nprint(lcb_lab.ui.lab.notebook_errors"
                                                                   ".install(), 'once')")])
    NotebookClient(nb, timeout=120, kernel_name="python3", allow_errors=True).execute()
    [err] = nb.cells[1].outputs
    assert (err.output_type, err.ename, err.evalue, err.traceback) == (
        "error", "NameError", "name 'g' is not defined", [G_LINE])
    assert [o.text for o in nb.cells[2].outputs] == ["True once\n"]
