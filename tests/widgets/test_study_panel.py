"""The *What if? Study this plan* panel (Impulse tab): the impulse so far studied many times, the
exact odds beside the sampled share, a progress bar, and only what the view may know."""
from __future__ import annotations

import pytest

import lcb_lab
from lcb_lab.games.lcb import actions as A
from lcb_lab.ui import LabApp
from tests.widgets.conftest import on_page, plain_text


def staged_lab(team: str) -> LabApp:
    """Example 7.37's units (notebook 01); RU's impulse declared and its LRS committed (2 dice at CV 8)."""
    g = lcb_lab.situation(
        units={"1 Uran": ("runi_coastal_missile_section", "F-2"),
               "1 Whiskey": {"type": "usmc_himars_section", "hex": "F-6", "face_up": True},
               "1 Kilo": ("usmc_iamd_section", "F-6")},
        colours={"F-6": "brown"}, initiative="RU", seed=5)
    lab = LabApp(g, team=team)
    for a in (A.BeginImpulse("TF Red"), A.Declare((A.CoreAction("move_combat", ("1 Uran",)),)),
              A.CommitCombat(lrs=(A.LrsAttack("1 Uran", "LRS1", "1 Whiskey", 2),))):
        lab.apply(a)
    return lab


def test_the_attacker_studies_its_plan_with_exact_odds_beside_the_sample():
    lab = staged_lab("RU")
    p = lab.study_panel
    assert on_page(lab, p.widget)
    assert not p.button.disabled and "TF Red (RU) so far" in p.offer.value
    p.policy.value = "no_intercept"
    r = p.run(runs=200, seed=3)
    assert r is not None and r.runs == 200 and p.bar.value == 200
    assert r.plan.acts[0] == A.BeginImpulse("TF Red") and len(r.plan.acts) == 3
    text = plain_text(p.table.value)
    assert "1 Whiskey destroyed" in text and "16.0%" in text      # 0.4 * 0.4: 2 dice hitting on 8 (7.02, 7.09)
    assert "fresh dice each run" in text and "as RU sees it" in text
    assert r.mean("supply_spent", "US") is None and text.count("mean supply spent") == 1   # RU's own only
    assert len(p.figures.children) == 1
    assert lab.ctl.game.pending is not None                         # the game itself is untouched: US still answers


@pytest.mark.parametrize("team", ["US"])
def test_the_other_team_may_not_study_the_attackers_impulse(team):
    lab = staged_lab(team)
    p = lab.study_panel
    assert p.button.disabled and "its own impulse only" in p.offer.value
    assert p.run(runs=200) is None and p.result is None


def test_the_instructor_studies_with_every_unit_named():
    lab = staged_lab("instructor")
    r = lab.study_panel.run(runs=200, seed=1)
    assert r is not None and r.viewer == "instructor" and r.exact[0].p_destroyed == pytest.approx(0.0256)


def test_the_figures_mark_the_exact_odds_beside_the_sampled_bars():
    from bokeh.models import ColumnDataSource, FactorRange
    from lcb_lab.games.lcb.whatif.study import Plan, study
    from lcb_lab.ui.lcb.study_plot import compare_studies_figure, hp_lost_figure, study_figure
    lab = staged_lab("instructor")
    start_plan = lab.study_panel.run(runs=200, seed=2)
    fig = hp_lost_figure(start_plan, "1 Whiskey")
    data = [r.data_source.data for r in fig.renderers if isinstance(r.data_source, ColumnDataSource)]
    exact = next(d for d in data if "pct" in d and "lo" not in d)
    assert exact["k"] == ["0", "1", "2"] and exact["pct"][2] == "2.6%"        # 0.16 * 0.16 (7.57)
    from bokeh.models import Text, VBar
    glyphs = [(type(r.glyph), r.data_source.data) for r in fig.renderers]
    assert (VBar, exact) in glyphs and (Text, exact) in glyphs                 # the exact odds: a bar, printed
    printed = next(d for g, d in glyphs if g is Text and "lo" in d)            # the sampled shares printed too
    assert printed["pct"] == [f"{p:.1%}" for p in printed["p"]]
    sampled = next(d for d in data if "lo" in d)
    assert sum(sampled["p"]) == pytest.approx(1.0) and all(lo <= p <= hi for lo, p, hi in
                                                             zip(sampled["lo"], sampled["p"], sampled["hi"]))
    assert len(study_figure(start_plan).children) == 4                          # HP lost, kills US / RU, winner
    from lcb_lab.ui.lcb.study_plot import count_figure_of
    for what in ("kills US", "kills RU", "winner"):        # a study counts runs, not games, drawn alone too
        assert [a.axis_label for a in count_figure_of(start_plan, what).yaxis] == ["runs"], what
    # whose units: "units US destroyed" read as US's losses to a class that saw none (US's kills are RU's units)
    assert count_figure_of(start_plan, "kills US").title.text == "RU units destroyed by US, per run"
    assert count_figure_of(start_plan, "kills RU").title.text == "US units destroyed by RU, per run"
    other = study(start_plan_game(lab), Plan(start_plan.plan.acts, {"intercept": "no_intercept"}, name="unanswered"),
                  runs=200, seed=2, workers=0, progress=False)
    cmp = compare_studies_figure(start_plan, other)
    assert isinstance(cmp.y_range, FactorRange)
    assert set(cmp.y_range.factors) == {("1 Whiskey", "this plan"), ("1 Whiskey", "unanswered")}
    labels = next(r.data_source.data["label"] for r in cmp.renderers if "label" in r.data_source.data)
    assert labels[0].endswith("(exact 2.6%)") and labels[1].endswith("(exact 16.0%)"), labels   # 0.4 * 0.4 unanswered


def start_plan_game(lab: LabApp):
    """The start of the lab's plan: the game before the impulse in progress began."""
    from lcb_lab.games.lcb.whatif.study import make_plan_from
    return make_plan_from(lab.ctl.game)[0]


def test_a_study_leaves_the_page_when_the_view_changes_hands():
    """RU's study (its plan, its own units and supply) is not left on the page for US after a
    hand-over, nor the instructor's (the true board) for a team; the same view keeps its own."""
    lab = staged_lab("RU")
    p = lab.study_panel
    p.policy.value = "no_intercept"
    assert p.run(runs=50, seed=3) is not None
    assert "as RU sees it" in plain_text(p.table.value) and p.count.value.endswith("50 of 50 runs</span>")
    assert not p.button.disabled and p.figures.children
    lab.refresh()                                            # the same view, the same game: kept
    assert "as RU sees it" in plain_text(p.table.value)
    lab.set_team("US")
    assert p.result is None and p.table.value == "" and p.figures.children == () and p.run_row.children == (p.button,)
    lab.set_team("instructor")
    assert p.run(runs=20, seed=1) is not None and "as instructor sees it" in plain_text(p.table.value)
    lab.set_team("RU")
    assert "instructor" not in plain_text(p.table.value) and p.result is None
    assert p.run(runs=20, seed=1) is not None
    lab.set_game(lcb_lab.load_scenario("gotland_redux", seed=1))              # another game: its study goes
    assert p.result is None and p.table.value == ""


def test_a_kernel_interrupt_during_the_panels_study_is_one_line():
    """The kernel's Stop while the panel's runs play: the panel says so in one line (how many runs
    were done), shows no result and its button works again."""
    lab = staged_lab("RU")
    p = lab.study_panel
    shown = p._progress

    def interrupted(done, total):
        shown(done, total)
        if done >= 25:
            raise KeyboardInterrupt
    p._progress = interrupted
    assert p.run(runs=200, seed=3) is None and p.result is None
    assert plain_text(p.table.value).startswith("study interrupted (Ctrl-C or the notebook's Stop) after 25 of 200 runs")
    assert not p.button.disabled and p.figures.children == ()


def test_a_study_is_marked_stale_once_the_game_moves_on_and_after_an_undo():
    """A study shown after a later act, or an Undo, must not read as the current plan's: the panel says at
    which step it was studied and that the game has moved on (decided from the view model's revision), and
    greys the result; the same moment redrawn (a refresh, a refused act) keeps it current; Study again
    makes it current."""
    lab = staged_lab("instructor")
    p = lab.study_panel
    assert lab.ctl.view_model().step == 3
    assert p.run(runs=50, seed=1) is not None
    assert p.stale.value == "" and "lcb-stale" not in p.result_box._dom_classes
    lab.refresh()
    before = lab.ctl.view_model().revision
    lab.apply(A.ResolveCombat())                            # refused: RU's INTERCEPT question still waits
    assert lab.ctl.view_model().revision == before and p.stale.value == ""
    lab.answer_policy("no_intercept")                       # a later act: step 4
    stale = plain_text(p.stale.value)
    assert stale == "Studied at step 3; the game has moved on (now step 4): Study again for the plan as it stands.", stale
    assert "lcb-stale" in p.result_box._dom_classes and "1 Whiskey destroyed" in plain_text(p.table.value)
    assert p.run(runs=50, seed=1) is not None                # studied again: current
    assert p.stale.value == "" and "lcb-stale" not in p.result_box._dom_classes
    assert lab.undo()                                       # an Undo takes the game back to step 3
    assert plain_text(p.stale.value) == ("Studied at step 4; the game has gone back (now step 3): "
                                         "Study again for the plan as it stands.")
    assert p.run(runs=50, seed=1) is not None and p.stale.value == ""
    assert lab.undo() and lab.ctl.live.history.cursor == 2   # undo, then a different act: step 3 again,
    lab.apply(A.CommitCombat(lrs=(A.LrsAttack("1 Uran", "LRS1", "1 Whiskey", 1),)))   # another plan
    assert lab.ctl.view_model().step == 3
    assert plain_text(p.stale.value) == ("Studied at step 3; the game has changed since (now at step 3 again): "
                                         "Study again for the plan as it stands.")


def test_a_teams_study_goes_stale_when_it_acts_on():
    """RU studies its impulse declared (step 2), then commits its LRS in its own view: the study is
    marked as of step 2 (step numbers only: public, the History tab numbers them for every view)."""
    g = lcb_lab.situation(
        units={"1 Uran": ("runi_coastal_missile_section", "F-2"),
               "1 Whiskey": {"type": "usmc_himars_section", "hex": "F-6", "face_up": True},
               "1 Kilo": ("usmc_iamd_section", "F-6")},
        colours={"F-6": "brown"}, initiative="RU", seed=5)
    lab = LabApp(g, team="RU")
    lab.apply(A.BeginImpulse("TF Red"))
    lab.apply(A.Declare((A.CoreAction("move_combat", ("1 Uran",)),)))
    p = lab.study_panel
    assert p.run(runs=30, seed=2) is not None and p.stale.value == ""
    lab.apply(A.CommitCombat(lrs=(A.LrsAttack("1 Uran", "LRS1", "1 Whiskey", 2),)))
    assert plain_text(p.stale.value) == ("Studied at step 2; the game has moved on (now step 3): "
                                         "Study again for the plan as it stands.")
    assert "lcb-stale" in p.result_box._dom_classes


def test_opening_the_study_folds_the_waiting_question_to_one_line_drawn_from_the_controller():
    """RU's INTERCEPT question for US waits (instructor view): opening *What if? Study this plan* folds it to one
    line naming the kind, the deciding team and the rule, with *Open the question*; that is the controller's
    state at this moment (``decision_folded``), so the question is whole again after *Open*, after the study
    is folded away, and at the next decision or after any act."""
    lab = staged_lab("instructor")
    d, p = lab.decision, lab.study_panel
    assert on_page(lab, d.frame) and not d.is_folded and on_page(lab, d.fold_button)
    p.widget.selected_index = 0                               # the reader opens the study
    assert lab.ctl.decision_is_folded() and d.is_folded and not on_page(lab, d.frame)
    assert plain_text(d.folded_line.value) == "Decision waiting for Blue (US): INTERCEPT 7.54"
    assert on_page(lab, d.open_button)
    d.open_button.click()                                     # the question whole again, the study still open
    assert not d.is_folded and on_page(lab, d.frame) and p.widget.selected_index == 0
    assert p.run(runs=20, seed=1) is not None and d.is_folded   # a study run: the result is what was asked for
    p.widget.selected_index = None                            # the study folded away: the question whole
    assert not d.is_folded and lab.ctl.decision_folded is None
    d.fold_button.click()
    assert d.is_folded
    lab.set_team("US")                                         # another view: whole (US answers it)
    assert not d.is_folded and on_page(lab, d.frame) and "Never INTERCEPT" in [b.description for b in d.policy_box.children]
    lab.set_team("instructor")
    assert d.is_folded                                         # the instructor's moment, still folded
    lab.answer_policy("no_intercept")                          # answered: no question, nothing folded on the page
    assert not d.visible and not lab.ctl.decision_is_folded()


def test_a_folded_question_in_the_other_teams_view_names_no_secret():
    """In RU's view US's question reads as its kind, rule and deciding team, folded or whole."""
    lab = staged_lab("RU")
    d = lab.decision
    lab.study_panel.widget.selected_index = 0
    assert d.is_folded and plain_text(d.folded_line.value) == "Decision waiting for Blue (US): INTERCEPT 7.54"
    assert "1 Kilo" not in d.folded_line.value


def test_a_second_click_sent_while_the_study_ran_does_not_study_again(monkeypatch):
    """A double click on *Study this plan*: the kernel takes the second click only once the first study has
    ended, and it started the same study again (seen in the browser: the bar back to "0 of 2000 runs").  A
    click the page sent less than the first study's length after the first click is dropped; one sent after
    the result could be read studies again."""
    import datetime as dt
    import lcb_lab.ui.lab.study_panel as SP
    lab = staged_lab("instructor")
    p = lab.study_panel
    studies = []
    real = p.run_study

    def counted(*args, **kw):
        studies.append(kw["runs"])
        return real(*args, **kw)
    p.run_study = counted
    first = dt.datetime(2026, 1, 1, 9, 0, tzinfo=dt.timezone.utc)
    sent = iter([first, first + dt.timedelta(milliseconds=2), first + dt.timedelta(seconds=60)])
    monkeypatch.setattr(SP, "sent_at", lambda: next(sent))
    p.button.click()                                    # the first click: a study
    p.button.click()                                    # sent 2 ms later, taken after the study: dropped
    assert studies == [500] and p.result is not None
    p.button.click()                                    # a minute later: studied again
    assert studies == [500, 500]


@pytest.mark.parametrize("runs", [0, -1, 10**9, "1000", 2.5, True])
def test_a_number_of_runs_the_panel_cannot_play_is_refused_in_one_line(runs):
    """``run(runs=0)`` studied the picker's 500 runs (0 read as "not given"); "1000" reached the progress bar
    and raised a TraitError; 10**9 would hold the lab's kernel for days.  Each is one line, nothing studied,
    no earlier result left under it."""
    lab = staged_lab("instructor")
    p = lab.study_panel
    assert p.run(runs=20, seed=1) is not None and p.figures.children
    assert p.run(runs=runs) is None
    assert plain_text(p.table.value) == (f"A study plays from 1 to 100,000 runs here, not {runs!r}; a bigger study "
                                         "runs on Dask from a notebook (docs/what_if.md).")
    assert p.result is None and not p.figures.children and p.stale.value == ""
