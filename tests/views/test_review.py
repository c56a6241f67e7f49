"""The after-action review (lcb_lab.ui.lcb.review, lcb_lab.ui.lab.review): one standalone HTML file
of a game or of one team's view of it -- its impulses, log lines, map pictures, odds beside each
roll, kills and Influence plots; nothing of the other team's secrets in a team's file; the CLI
(``lcb-lab review``) and the lab's *Review* button."""
from __future__ import annotations

import html
import re

import numpy as np
import pytest

from lcb_lab.__main__ import main
from lcb_lab.games.lcb.content.lesson import Lesson
from lcb_lab.ui.lab.review import CSP, ReviewLine, ReviewRoll, Series, line_plot_svg, pair_rolls
from lcb_lab.ui.lcb.map.map_svg import BOARD_ID
from lcb_lab.ui.lcb.review import review_html, review_sections
from lcb_lab.kernel.errors import InputError
from tests import secret_text
from tests.worlds import make_twin

IMPULSES = ["Turn 1 \u00b7 impulse 1 \u00b7 TF Memphis", "Turn 1 \u00b7 impulse 2 \u00b7 TF Moscow",
            "Turn 1 \u00b7 impulse 3 \u00b7 TF Boston", "Turn 1 \u00b7 impulse 4 \u00b7 TF St. Petersburg"]


@pytest.fixture(scope="module")
def combat():
    """The Appendix B combat lesson: turn 1's four impulses with forced dice."""
    return Lesson("appendix_b_combat").run()


@pytest.fixture(scope="module")
def turn1():
    """Appendix B turn 1 from the Planning Stage: cards whose rolls log no odds of their own."""
    return Lesson("appendix_b_turn1").run()


def _lines(items) -> list[ReviewLine]:
    out = []
    for it in items:
        out += [it.odds, *it.outcomes] if isinstance(it, ReviewRoll) else [it]
    return out


def _sections_html(page: str) -> list[str]:
    """The page cut at each section heading (``<h2 id="part-...">``), the part before dropped."""
    return re.split(r'(?=<h2 id="part-)', page)[1:]


# ------------------------------------------------------------------ the impulses and the log
def test_one_section_per_impulse_in_the_order_played(combat):
    r = review_sections(combat, "instructor")
    sections, views = r.sections, r.views
    assert [s.heading for s in sections] == IMPULSES
    assert [v["turn"] for v in views] == [1, 1, 1, 2]          # after impulse 4 the turn's end began turn 2
    assert [s.anchor for s in sections] == ["part-0", "part-1", "part-2", "part-3"]


def test_every_log_line_the_viewer_reads_is_in_its_impulse_in_order(combat):
    for team in ("instructor", "US", "RU"):
        sections = review_sections(combat, team).sections
        shown = [(x.kind, x.title, x.text) for s in sections for x in _lines(s.items)]
        read = [(e["kind"], e["title"], e["text"]) for e in combat.log_entries(team)]
        assert shown == read, team                  # no computed odds: every roll here logs its own
    page = review_html(combat, "US")
    for e in combat.log_entries("US"):
        assert html.escape(e["title"]) in page


def test_the_odds_before_a_roll_stand_beside_what_happened(combat):
    sections = review_sections(combat, "instructor").sections
    rolls = [it for it in sections[2].items if isinstance(it, ReviewRoll)]      # TF Boston's LRS (App. B)
    assert [r.odds.title for r in rolls] == ["Odds before rolling: LRS on 1 Anna (2 HP)",
                                             "Odds before rolling: LRS on 2 Anna (2 HP)"]
    first = rolls[0]
    assert first.odds.text.startswith("P(at least 1 HP) 70.7%, P(destroyed) 42.7%")
    assert first.odds.rules == ("7.02", "7.57")
    assert [o.kind for o in first.outcomes] == ["lrs_roll", "intercept_roll", "lrs_result", "damage"]
    assert first.outcomes[0].text == "CV 14; rolled 3*, 8*, 13*, 17 needing 14 or less: 3 hits"
    assert first.outcomes[3].title == "1 Anna loses 1 HP"
    part = _sections_html(review_html(combat, "instructor"))[2]
    roll = part[part.index('<li class="roll">'):]
    roll = roll[:roll.index("</ol></div></li>") + 16]
    assert "Odds before the roll" in roll and "What happened" in roll
    assert "P(at least 1 HP) 70.7%" in roll and "3*, 8*, 13*, 17" in roll and "1 Anna loses 1 HP" in roll


def test_a_roll_without_logged_odds_gets_them_computed_before_its_act(turn1):
    """A card's effect roll logs no odds line: the review asks chance_outcomes on the game before
    the act (9.0: MARSOC HALO's effect succeeds on 14 or less of a d20, 70%)."""
    sections = review_sections(turn1, "instructor").sections
    computed = [it for s in sections for it in s.items
                if isinstance(it, ReviewRoll) and it.odds.title == "Odds before rolling (computed for this review)"]
    halo = [r for r in computed if r.odds.text.startswith("MARSOC HALO: effect roll")]
    assert len(halo) == 1
    assert "1 d20 hitting on 14 or less" in halo[0].odds.text
    assert "MARSOC HALO succeeds = 0: 30.0%; MARSOC HALO succeeds = 1: 70.0%" in halo[0].odds.text
    assert [o.title for o in halo[0].outcomes][:2] == ["JCC played: MARSOC HALO", "MARSOC HALO succeeds"]


def test_a_team_is_not_given_odds_of_an_act_it_does_not_read_in_full():
    """An act that rolled with a log entry the team reads only in its public form: no odds are
    computed for the team, and no note says so (that a hidden act rolled may itself be news)."""
    from lcb_lab.ui.lcb import review as R
    g = Lesson("appendix_b_turn1").run()
    n = next(i for i, st in enumerate(g.history.steps, 1) if st.dice)
    from lcb_lab.kernel.timeline import step_log_range
    since, until = step_log_range(g, n)
    full = [dict(e) for e in g.log[since:until]]
    full[0]["audience"] = ["RU"]                    # as if the act's first line were RU's alone
    before, step = g.fork(at=n - 1), g.history.steps[n - 1]
    assert R._odds_entry(before, step, "US", g.log[since:until])["title"] == \
        "Odds before rolling (computed for this review)"                  # as logged: US reads it all
    assert R._odds_entry(before, step, "US", full) is None
    assert R._odds_entry(before, step, "instructor", full)["title"] == "Odds before rolling (computed for this review)"


# ------------------------------------------------------------------ the pictures and plots
def test_a_map_picture_per_impulse_on_one_board_drawn_once(combat):
    page = review_html(combat, "instructor")
    assert page.count(f'<symbol id="{BOARD_ID}"') == 1
    assert page.count('<svg class="map"') == 4 and page.count(f'<use href="#{BOARD_ID}"') == 4
    parts = _sections_html(page)
    # impulse 3 (TF Boston) destroyed 2 Anna: on the map after impulse 2, not after impulse 3
    assert 'data-uid="2 Anna"' in parts[1] and 'data-uid="2 Anna"' not in parts[2]
    assert 'data-uid="1 Anna"' in parts[2]
    assert len(page.encode()) < 400_000           # about 150 KB: the board once, symbols once


def test_the_plots_count_kills_and_the_influence_meter_after_each_impulse(combat):
    page = review_html(combat, "instructor")
    plots = re.findall(r'<svg class="plot".*?</svg>', page)
    assert len(plots) == 2
    assert "Units destroyed so far" in plots[0] and "Influence Meter (15.2)" in plots[1]
    ys = [[float(p.split(",")[1]) for p in pts.split()] for pts in re.findall(r'<polyline points="([^"]+)"', plots[0])]
    us, ru = ys                                      # pixel rows: one up = a kill more
    assert us[0] == us[1] > us[2] == us[3] and len(set(ru)) == 1    # 2 Anna in impulse 3; RU destroyed nothing
    infl = [float(p.split(",")[1]) for p in re.search(r'<polyline points="([^"]+)"', plots[1]).group(1).split()]
    assert infl[0] == infl[1] < infl[2] == infl[3]   # 15.25: the LRS into a town moved it toward RU in impulse 3


def test_line_plot_refuses_a_series_of_the_wrong_length():
    with pytest.raises(ValueError, match="has 2 values for 3 points"):
        line_plot_svg("t", ["a", "b", "c"], [Series("s", "#000", (1.0, 2.0))])


def test_pair_rolls_pairs_odds_with_the_rest_of_their_act():
    e = [{"kind": k, "title": k, "text": "", "rules": []} for k in ("a", "odds", "r1", "odds", "r2")]
    line = lambda x: ReviewLine(x["kind"], (), x["title"])     # noqa: E731
    items = pair_rolls([e[:3], e[3:], [e[0]]], line, lambda x: x["kind"] == "odds")
    assert [type(i).__name__ for i in items] == ["ReviewLine", "ReviewRoll", "ReviewRoll", "ReviewLine"]
    assert [o.title for o in items[1].outcomes] == ["r1"] and [o.title for o in items[2].outcomes] == ["r2"]


# ------------------------------------------------------------------ standalone, offline
def test_the_page_requests_nothing_outside_the_file(combat):
    page = review_html(combat, "US")
    assert f'content="{CSP}"' in page and "default-src 'none'" in CSP
    assert "<script" not in page
    assert not re.search(r'(?:src|href)="(?!#|data:)', page)          # links only inside the page or data:
    assert not re.search(r"https?://", page.replace("http://www.w3.org/2000/svg", ""))


def test_the_page_is_the_same_for_the_same_game(combat):
    assert review_html(combat, "RU") == review_html(combat.fork(), "RU")


def test_an_unknown_team_is_refused(combat):
    with pytest.raises(InputError, match="'us' is not a team"):
        review_html(combat, "us")


# ------------------------------------------------------------------ hidden information
@pytest.mark.parametrize("team", ["US", "RU"])
def test_a_teams_file_names_no_secret_of_the_other_team(turn1, team):
    """Each impulse's part is checked against the secrets of the game at that impulse's end
    (tests/secret_text.py: what the instructor's view names and the team's view and log do not);
    the board (every hex's label) is public and left out."""
    page = review_html(turn1, team)
    board = re.search(rf'<symbol id="{BOARD_ID}".*?</symbol>', page).group(0)
    parts = _sections_html(page.replace(board, ""))
    sections = review_sections(turn1, team).sections
    steps = _section_steps(turn1, team)
    assert len(parts) == len(sections) == len(steps)
    for part, n in zip(parts, steps):
        at = turn1.fork(at=n) if n >= 0 else turn1
        found = secret_text.secrets(at, team)
        assert sum(map(len, found.values())), "the test needs secrets to look for"
        assert secret_text.leaks(part, found) == [], (team, n)
    head = page.replace(board, "").split('<h2 id="part-')[0]
    assert secret_text.leaks(head, secret_text.secrets(turn1, team)) == []


def _section_steps(game, team) -> list[int]:
    from lcb_lab.ui.lcb.review import _groups
    from lcb_lab.kernel.timeline import step_log_range
    start = [0] if game.history.cursor and step_log_range(game, 1)[0] else []
    return start + [steps[-1] for _g, steps in _groups(game, team)]


TWINS = [("appendix_b_turn1", "US", "swap_backs"), ("appendix_b_turn1", "US", "drain_supply")]
TWINS += [("slite_landing_lesson", "RU", "move_sub"), ("slite_landing_lesson", "RU", "swap_backs"),
          ("slite_landing_lesson", "US", "mines")]


@pytest.fixture(scope="module")
def lessons(turn1):
    return {"appendix_b_turn1": turn1, "slite_landing_lesson": Lesson("slite_landing_lesson").run()}


@pytest.mark.parametrize("lesson, team, kind", TWINS)
def test_a_twin_world_gives_the_team_the_same_file(lessons, lesson, team, kind):
    """Indistinguishable worlds (tests/worlds.py): the game at its end changed in one fact ``team``
    may not know (two backs swapped, a hidden unit's supply drained, a hidden submarine moved, a
    secret mine marker laid) gives ``team`` the same review, byte for byte, while the instructor's shows
    the change (the last map picture is the game as it stands).  A card renamed or the enemy's CP
    are in no review (no card or CP is drawn), so no twin here."""
    game = lessons[lesson]
    twin, what = make_twin(game, team, kind, np.random.default_rng(3))
    assert twin is not None, f"{lesson} has a {kind} candidate for {team}"
    assert review_html(twin, "instructor") != review_html(game, "instructor"), "the change shows in the review"
    assert review_html(twin, team) == review_html(game, team), what


# ------------------------------------------------------------------ the CLI and the lab
def test_the_cli_writes_a_teams_review_of_a_save(combat, tmp_path, capsys):
    save = tmp_path / "game.json"
    combat.save(save)
    out = tmp_path / "review.html"
    assert main(["review", str(save), "-o", str(out), "--team", "US"]) == 0
    said = capsys.readouterr()
    assert said.err == "" and said.out.startswith(f"wrote {out} (US view, ") and said.out.endswith("offline\n")
    assert out.read_text(encoding="utf-8") == review_html(combat, "US")
    assert main(["review", str(save)]) == 0                         # default: the save's name, .html
    assert (tmp_path / "game.html").read_text(encoding="utf-8") == review_html(combat, "instructor")


def test_the_cli_names_a_missing_save_on_one_line(tmp_path, capsys):
    missing = tmp_path / "nope.json"
    assert main(["review", str(missing), "-o", str(tmp_path / "r.html")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(missing) in err and "no such saved game file" in err
    assert not (tmp_path / "r.html").exists()


def test_the_cli_refuses_to_overwrite_the_save(combat, tmp_path, capsys):
    save = tmp_path / "g.json"
    combat.save(save)
    with pytest.raises(SystemExit) as e:
        main(["review", str(save), "-o", str(save)])
    assert e.value.code == 2
    assert capsys.readouterr().err == (f"lcb-lab review: error: -o {save} would overwrite the saved game: "
                                       "write the review to another file\n")


def test_the_labs_review_button_writes_the_current_views_file_and_links_it(tmp_path):
    from lcb_lab.ui import open_lab
    app = open_lab(Lesson("appendix_b_combat").run(), files_dir=tmp_path)
    panel = app.game_panel
    assert any(panel.review_button in getattr(c, "children", ()) for c in panel.widget.children)
    app.ctl.set_viewer("RU")
    panel.review_button.click()
    path = tmp_path / "saves" / "game-review-RU.html"
    assert path.read_text(encoding="utf-8") == review_html(app.game, "RU")
    assert "Wrote the after-action review (Red (RU) view)" in app.ctl.message
    assert 'download="game-review-RU.html"' in panel.review_link.value
    (tmp_path / "blocked").write_text("a file where the folder should be")
    assert app.write_review("blocked/g.json") is None
    assert "Could not write the review to" in app.ctl.message and panel.review_link.value == ""


def test_the_kill_plot_counts_a_kill_the_viewer_may_not_name_from_the_states_walked():
    """13.34 example: RU's mines destroy DDG-51 in a face-down stack.  RU reads only "1 concealed
    counter destroyed" (no name, no data), yet the kill is RU's and 3.42 counts it openly: every
    view's plot shows RU's kill after the impulse, and RU's page still does not name DDG-51."""
    from lcb_lab.games.lcb.content.worked import ch13
    g, _ = ch13.ex_13_34()
    assert g.unit("DDG-51").destroyed and g.state.total_kills == {"US": 0, "RU": 1}
    for team in ("instructor", "US", "RU"):
        r = review_sections(g, team)
        assert [v["kills"] for v in r.views] == [{"US": 0, "RU": 0}, {"US": 0, "RU": 1}], team
        plot = re.findall(r'<svg class="plot".*?</svg>', review_html(g, team))[0]
        us, ru = [[float(p.split(",")[1]) for p in pts.split()]
                  for pts in re.findall(r'<polyline points="([^"]+)"', plot)]
        assert us[0] == us[1] and ru[0] > ru[1], team              # pixel rows: one up = a kill more
    ru_lines = [e["title"] for part in review_sections(g, "RU").seen for e in part]
    assert "1 concealed counter destroyed" in ru_lines and "DDG-51" not in review_html(g, "RU")


def test_a_review_of_one_part_says_part_not_parts():
    """Before: the review of a game saved at its Planning Stage read "Instructor view · 1 parts"."""
    from lcb_lab import load_scenario
    page = review_html(load_scenario("gotland_redux", seed=1, start="planning"), "instructor")
    assert "Instructor view \u00b7 1 part<" in page and "1 parts" not in page
