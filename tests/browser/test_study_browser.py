"""A plan study in a team view, in the Voila app at 1366x768, clicked like a student: the Blue view
begins TF Memphis's impulse, unfolds *What if? Study this plan* and runs it. The result says the runs
played worlds drawn from what US knows (never the true board); the pickers wrap inside the column
(the *Until* picker was cut off at this width); nothing is clipped; the bar counts the runs. Shown to
Red (RU), the page no longer holds US's study. The strict harness fails the
test on any browser-console error or outside request."""
from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import Page, expect

import driver as D
import labui as L


@pytest.mark.browser
def test_a_team_studies_its_impulse_in_worlds_drawn_from_what_it_knows(page: Page, voila_app_url: str) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    L.open_voila_lab(page, voila_app_url)
    L.show_view(page, "Blue (US)")
    L.begin_impulse(page, "TF Memphis")
    page.get_by_text("What if? Study this plan").first.click()
    study = page.locator(".lcb-study").first
    expect(study).to_contain_text("TF Memphis (US) so far", timeout=D.KERNEL_MS)
    until = L.labelled(page, "dropdown", "Until", ".lcb-study").bounding_box()
    panel = study.bounding_box()
    assert until["x"] + until["width"] <= panel["x"] + panel["width"] + 1, (until, panel)
    L.button(page, "Study this plan", ".lcb-study").click()
    expect(study).to_contain_text("US's study: each run plays a world drawn from what US knows",
                                  timeout=D.LOAD_TIMEOUT_MS)
    expect(study).to_contain_text("as US sees it")
    expect(study).to_contain_text("500 of 500 runs")                  # the bar's count
    assert L.clipping_problems(page) == []
    D.RESULTS.mkdir(exist_ok=True)
    page.screenshot(path=str(D.RESULTS / "study-us-1366x768.png"))
    L.show_view(page, "Red (RU)")                                      # the hand-over: US's study leaves the page
    expect(study).not_to_contain_text("US's study", timeout=D.KERNEL_MS)
    assert "US's study" not in L.page_text(page) and "500 of 500 runs" not in L.page_text(page)


def _study_lrs_at_anna(page: Page, runs: int):
    """Instructor view: DDG-51's LRS at 1 Anna committed (RU's INTERCEPT question waiting), then *What if?
    Study this plan* opened and run ``runs`` times; returns ``(study, decision, canvases)``: the study's and
    the waiting question's locators and the lab's Bokeh canvases before the study drew its figures."""
    L.to_combat(page)
    L.fire_lrs(page, "1 Anna")
    decision = page.locator(".lcb-app .lcb-decision").first
    expect(decision).to_contain_text("INTERCEPT", timeout=D.KERNEL_MS)
    canvases = page.locator(".lcb-app .bk-Canvas").count()
    L.tab(page, L.TAB_IMPULSE).click()
    page.get_by_text("What if? Study this plan").first.click()
    study = page.locator(".lcb-study").first
    expect(study).to_contain_text("The impulse of TF Boston (US) so far", timeout=D.KERNEL_MS)
    L.labelled(page, "dropdown", "Runs", ".lcb-study").select_option(label=str(runs))
    L.button(page, "Study this plan", ".lcb-study").click()
    expect(study).to_contain_text(f"this plan: {runs} runs", timeout=D.LOAD_TIMEOUT_MS)
    return study, decision, canvases


@pytest.mark.browser
def test_the_instructor_studies_a_committed_lrs_with_exact_odds_beside_the_sampled_share(page: Page,
                                                                                          voila_app_url: str) -> None:
    """The instructor's class at 1920x1080: 1 Anna revealed, DDG-51's LRS committed at it (RU's INTERCEPT
    question waiting), then *Study this plan* with 1000 runs: the bar counts them, the table sets the exact
    chance that 1 Anna is destroyed after RU's INTERCEPT by its named answer (7.57) beside the sampled share
    and its 95 % interval, and the study's figures are drawn under it (the map's canvas and four more)."""
    page.set_viewport_size({"width": 1920, "height": 1080})
    L.open_voila_lab(page, voila_app_url)
    study, _, canvases = _study_lrs_at_anna(page, 1000)
    expect(study).to_contain_text("1000 of 1000 runs")
    count = study.locator(".lcb-study-count").first                       # beside the bar, on one line
    assert count.evaluate(L.ONE_LINE_JS) == 1, count.inner_text()
    row = study.locator("table tr", has_text="1 Anna destroyed").first
    cells = row.locator("td").all_inner_texts()
    assert cells[:3] == ["1 Anna destroyed", "7.57", "20.7%"], cells    # 4 LRS dice at 14 less 4 INTERCEPT at 12
    assert cells[3].endswith("/1000)") and "%" in cells[3], cells          # sampled (its interval, k/n)
    expect(page.locator(".lcb-app .bk-Canvas")).to_have_count(canvases + 4, timeout=D.KERNEL_MS)
    assert "Traceback" not in L.page_text(page)
    row.scroll_into_view_if_needed()
    D.RESULTS.mkdir(exist_ok=True)
    page.screenshot(path=str(D.RESULTS / "study-instructor-1920x1080.png"))


@pytest.mark.browser
def test_the_study_figures_fit_the_lab_in_jupyterlab_at_1366x768(page: Page, jupyterlab_server: D.Server) -> None:
    """JupyterLab at the reviewers' 1366x768 with the file browser open (the lab's middle column at its
    narrowest): the instructor studies DDG-51's committed LRS at 1 Anna (200 runs); the study's table and
    figures fit the Impulse tab -- nothing in the lab is clipped sideways (the HP-lost figure was 437 px wide
    in a 372 px tab)."""
    page.set_viewport_size({"width": 1366, "height": 768})
    L.open_and_run_all(page, jupyterlab_server, file_browser=True)
    page.locator(".lcb-app").first.scroll_into_view_if_needed()
    L.wait_kernel_listening(page)
    _, _, canvases = _study_lrs_at_anna(page, 200)
    expect(page.locator(".lcb-app .bk-Canvas")).to_have_count(canvases + 4, timeout=D.KERNEL_MS)
    page.wait_for_timeout(1000)                                          # the figures' layout settles
    assert L.clipping_problems(page) == []


_SHOWN_JS = """
(el) => {
  // the height (px) of el a reader sees: its box cut by the viewport and by every ancestor that clips or scrolls
  const r = el.getBoundingClientRect();
  let top = Math.max(r.top, 0), bottom = Math.min(r.bottom, window.innerHeight);
  for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
    const s = getComputedStyle(a);
    if (/(auto|scroll|hidden|clip)/.test(s.overflowY)) {
      const b = a.getBoundingClientRect();
      top = Math.max(top, b.top); bottom = Math.min(bottom, b.bottom);
    }
  }
  return {shown: Math.max(0, bottom - top), height: r.height};
}
"""
"""How much of an element's height is on screen (``shown``) of its whole ``height`` (px)."""

MIN_STUDY_SHOWN = 150
"""The least height (px) of the study's result table a class must see at once (the table is about 55 px:
then all of it), beside a decision waiting."""
MIN_TAB_ROOM = 300
"""The least height (px) of the Impulse tab's content on screen while the study is read beside a waiting
decision: the table and most of its first figure at once (the trial: about 20 px in JupyterLab at 1366x768,
about 150 px in Voila)."""


def _study_beside_a_waiting_decision(page: Page) -> dict:
    """Instructor view: DDG-51's LRS at 1 Anna committed (RU's INTERCEPT question waiting), then *What if?
    Study this plan* opened and run with 200 runs, the result scrolled into view inside its tab as a
    reader would; returns what is seen of the result table and of the waiting question."""
    study, decision, _ = _study_lrs_at_anna(page, 200)
    page.wait_for_timeout(1000)                                          # the figures' layout settles
    table = study.locator("table.lcb-table").first
    table.scroll_into_view_if_needed()
    page.wait_for_timeout(300)
    room = page.locator(".lcb-app .lcb-right > .widget-tab > .widget-tab-contents").first
    return {"table": table.evaluate(_SHOWN_JS), "room": room.evaluate(_SHOWN_JS), "question": decision.evaluate(_SHOWN_JS),
            "decision_text": decision.inner_text()}


def _assert_both_readable(got: dict, where: str) -> None:
    table = got["table"]
    assert table["shown"] >= min(MIN_STUDY_SHOWN, table["height"] - 1), (where, got)
    assert got["room"]["shown"] >= MIN_TAB_ROOM, (where, got)
    assert got["question"]["shown"] >= 20, (where, got)                  # the question still on screen...
    assert "INTERCEPT" in got["decision_text"] and "Red (RU)" in got["decision_text"], (where, got)  # ...saying what waits


@pytest.mark.browser
def test_a_study_beside_a_waiting_decision_is_readable_in_jupyterlab_at_1366x768(page: Page,
                                                                                 jupyterlab_server: D.Server) -> None:
    """JupyterLab at 1366x768 with the file browser open: while RU's INTERCEPT question waits (exactly when
    exact odds exist), the instructor's study of the plan is readable -- its whole result table on screen
    inside the Impulse tab (the question left the tab about 20 px) -- and the question still says what
    waits, with a control to open it again."""
    page.set_viewport_size({"width": 1366, "height": 768})
    L.open_and_run_all(page, jupyterlab_server, file_browser=True)
    page.locator(".lcb-app").first.scroll_into_view_if_needed()
    L.wait_kernel_listening(page)
    got = _study_beside_a_waiting_decision(page)
    D.RESULTS.mkdir(exist_ok=True)
    page.screenshot(path=str(D.RESULTS / "study-beside-decision-jupyterlab-1366x768.png"))
    _assert_both_readable(got, "JupyterLab 1366x768")
    L.button(page, "Open the question", ".lcb-decision").click()           # the question whole again
    expect(page.locator(".lcb-app .lcb-decision").first).to_contain_text("INTERCEPT to match", timeout=D.KERNEL_MS)
    assert L.clipping_problems(page) == []


@pytest.mark.browser
@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080)], ids=["1366x768", "1920x1080"])
def test_a_study_beside_a_waiting_decision_is_readable_in_voila(page: Page, voila_app_url: str, size) -> None:
    """The Voila app (``lcb-lab voila``'s notebook) at 1366x768 and 1920x1080: the same study beside RU's
    waiting INTERCEPT question, its result table whole on screen (about 150 px of the tab before).  Then RU
    answers and the instructor undoes the answer: the result stays greyed under "Studied at step N; the game
    has moved on", never read as the plan's now."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    L.open_voila_lab(page, voila_app_url)
    got = _study_beside_a_waiting_decision(page)
    D.RESULTS.mkdir(exist_ok=True)
    page.screenshot(path=str(D.RESULTS / f"study-beside-decision-voila-{size[0]}x{size[1]}.png"))
    _assert_both_readable(got, f"Voila {size}")
    assert L.clipping_problems(page) == []
    study = page.locator(".lcb-study").first
    expect(study.locator(".lcb-stale")).to_have_count(0)
    L.button(page, "Open the question", ".lcb-decision").click()           # RU answers: the plan moves on
    L.button(page, "Never INTERCEPT", ".lcb-decision").click()
    expect(study).to_contain_text(re.compile(r"Studied at step (\d+); the game has moved on \(now step (\d+)\)"),
                                  timeout=D.KERNEL_MS)
    expect(study.locator(".lcb-stale")).to_have_count(1)                # the old result greyed, not read as now's
    studied = re.search(r"Studied at step (\d+)", study.inner_text()).group(1)
    L.undo(page)                                                       # an Undo: the question back, the study kept greyed
    expect(page.locator(".lcb-app .lcb-decision").first).to_contain_text("Never INTERCEPT", timeout=D.KERNEL_MS)
    expect(study).to_contain_text(f"Studied at step {studied}; the game has changed since (now at step {studied} "
                                  "again): Study again for the plan as it stands.", timeout=D.KERNEL_MS)
    study.locator(".lcb-stale-line").first.scroll_into_view_if_needed()
    page.screenshot(path=str(D.RESULTS / f"study-stale-voila-{size[0]}x{size[1]}.png"))


_COUNTS_JS = """() => {
  // every text the study's run count shows from now on, in order (polled every 20 ms)
  window._lcbCounts = [];
  setInterval(() => {
    const c = document.querySelector('.lcb-study .lcb-study-count');
    const t = c ? c.innerText.trim() : '';
    const seen = window._lcbCounts;
    if (t && seen[seen.length - 1] !== t) seen.push(t);
  }, 20);
}"""


@pytest.mark.browser
def test_a_double_click_on_study_studies_once(page: Page, voila_app_url: str) -> None:
    """A student double-clicks *Study this plan* (1000 runs of DDG-51's committed LRS at 1 Anna): one study.
    The second click reached the kernel only once the first study had ended, and it ran the same study
    again -- the bar went back to "0 of 1000 runs" under the result, and the lab answered nothing meanwhile."""
    page.set_viewport_size({"width": 1366, "height": 768})
    L.open_voila_lab(page, voila_app_url)
    L.to_combat(page)
    L.fire_lrs(page, "1 Anna")
    L.tab(page, L.TAB_IMPULSE).click()
    page.get_by_text("What if? Study this plan").first.click()
    study = page.locator(".lcb-study").first
    expect(study).to_contain_text("The impulse of TF Boston (US) so far", timeout=D.KERNEL_MS)
    L.labelled(page, "dropdown", "Runs", ".lcb-study").select_option(label="1000")
    page.evaluate(_COUNTS_JS)
    L.button(page, "Study this plan", ".lcb-study").dblclick()
    expect(study).to_contain_text("this plan: 1000 runs", timeout=D.LOAD_TIMEOUT_MS)
    expect(L.button(page, "Study this plan", ".lcb-study")).to_be_enabled(timeout=D.KERNEL_MS)
    page.wait_for_timeout(4000)                      # the old second study began at once, and took seconds
    counts = page.evaluate("() => window._lcbCounts")
    assert counts and counts[-1] == "1000 of 1000 runs", counts
    done = [int(c.split()[0]) for c in counts]
    assert done == sorted(done), counts              # one study: the count never went back (to 0, 375, ...)


@pytest.mark.browser
def test_closing_the_tab_mid_study_ends_its_kernel(page: Page, voila_app_server: D.Server) -> None:
    """A student closes the Voila tab while a long study runs (5000 runs to the end of the game): the page's
    goodbye (Voila's shutdown post on ``beforeunload``) ends that tab's kernel, study and all.  It was refused
    ("'_xsrf' argument missing from POST", 403: the page had no XSRF cookie to send), so every closed or
    reloaded tab left a kernel behind, still studying."""
    page.set_viewport_size({"width": 1366, "height": 768})
    L.open_voila_lab(page, voila_app_server.url)
    L.tab(page, L.TAB_IMPULSE).click()
    page.get_by_text("What if? Study this plan").first.click()
    study = page.locator(".lcb-study").first
    expect(study).to_contain_text("No impulse in progress", timeout=D.KERNEL_MS)
    L.labelled(page, "dropdown", "Runs", ".lcb-study").select_option(label="5000")
    L.labelled(page, "dropdown", "Until", ".lcb-study").select_option(label="game")
    L.button(page, "Study this plan", ".lcb-study").click()
    expect(study.locator(".lcb-study-count")).to_contain_text("of 5000 runs", timeout=D.KERNEL_MS)
    before = set(voila_app_server.kernel_pids())     # the page's kernel, and pre-heated ones (more may start)
    page.close(run_before_unload=True)               # the tab closed as a person closes it: unload handlers run
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and before <= set(voila_app_server.kernel_pids()):
        time.sleep(0.5)
    log = voila_app_server.log_text()
    assert "'_xsrf' argument missing" not in log, log[-2000:]
    assert len(before - set(voila_app_server.kernel_pids())) == 1, (before, voila_app_server.kernel_pids())
    assert "Kernel shutdown" in log
