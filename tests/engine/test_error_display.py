"""A refused action shows in IPython / Jupyter as one line naming the rule and the reason.

``LcbError._render_traceback_`` is what IPython's ``showtraceback`` prints instead of the
traceback through the engine; the exception stays a real one (caught, ``e.rule``).  Checked
with a real ``InteractiveShell`` and with a kernel (nbclient running a small notebook).
"""
from __future__ import annotations

import nbformat
import pytest
from IPython.core.interactiveshell import InteractiveShell
from nbclient import NotebookClient

from lcb_lab.errors import (DecisionRequired, DiceExhausted, IllegalAction, InputError, LcbError, ScenarioError,
                            UnknownName)

REFUSED_MOVE = """\
from lcb_lab import load_scenario
from lcb_lab.actions import BeginImpulse, CoreAction, Declare, Move
g = load_scenario("gotland_redux", seed=1)
g.apply(BeginImpulse("TF Boston"))
g.apply(Declare((CoreAction("move_combat", ("DDG-51",)),)))
g.apply(Move(action=1, path=("AL-20",)))
"""
LINE = "IllegalAction: Refused by rule 5.11: no water connection from AL-29 to AL-20 for naval units"


@pytest.mark.parametrize("error, line", [
    (IllegalAction("7.53", "1 Kilo is 3 hexes from 1 Whiskey"),
     "IllegalAction: Refused by rule 7.53: 1 Kilo is 3 hexes from 1 Whiskey"),
    (ScenarioError("drill.toml", "units.1 Kilo.hex", "no hex Z-99\non this board"),
     "ScenarioError: drill.toml: units.1 Kilo.hex: no hex Z-99 on this board"),
    (InputError("apply", "path[0]", "not a hex"), "InputError: apply: path[0]: not a hex"),
    (UnknownName("no unit named '2 Kilo'"), "UnknownName: no unit named '2 Kilo'"),
    (DiceExhausted("the lesson's forced dice ran out"), "DiceExhausted: the lesson's forced dice ran out"),
])
def test_every_lcb_error_renders_as_one_line(error, line):
    assert error._render_traceback_() == [line]


def test_full_traceback_switch_gives_the_traceback_back(monkeypatch):
    monkeypatch.setattr(LcbError, "full_traceback", True)
    try:
        raise IllegalAction("7.53", "too far")
    except IllegalAction as e:
        lines = e._render_traceback_()
    assert lines[0] == "Traceback (most recent call last):"
    assert lines[-1] == "lcb_lab.errors.IllegalAction: Refused by rule 7.53: too far"


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


def test_decision_required_is_one_line_too():
    class _D:
        team, kind, rule = "US", "intercept", "7.54"
    assert DecisionRequired(_D())._render_traceback_() == [
        "DecisionRequired: waiting for US's decision: intercept (7.54)"]
