"""What a class saw on the projector, each fixed in the widgets (the browser suite checks the page:
``tests/browser/test_classroom.py``).

* *Close branch* says the branch is closed: the message line no longer says "Branch ... opened"
  nor links to a branch that is gone; it brings the instructor back to the first lab's *Fork here*;
* a save path is elided in the middle on the message line, the whole path in its tooltip;
* a team that may not play a card now sees one line saying why, not a form of empty lists;
* one explained log on screen: the side column's (no Log tab drawing it again);
* a greyed button looks greyed: the lab's CSS greys every disabled button, its text readable (3:1).
"""
from __future__ import annotations

import re

from lcb_lab import load_scenario
from lcb_lab.games.lcb import actions as A
from lcb_lab.ui.lab import html, style
from lcb_lab.ui.lcb.app import LabApp
from tests.widgets.conftest import on_page, plain_text


def test_close_branch_says_the_branch_is_closed():
    app = LabApp(load_scenario("gotland_redux", seed=1))
    app.fork_here()
    assert "opened" in plain_text(app.ctl.message) and "lcb-go-branch" in app.ctl.message
    app.fork_view.close_button.click()
    assert app.fork_view.branch is None
    assert plain_text(app.ctl.message) == "Branch from step 0 closed: the first lab goes on."
    assert "lcb-go-branch" not in app.ctl.message


def test_close_branch_brings_the_instructor_back_to_fork_here(monkeypatch):
    """The clicked *Close branch* leaves the page with the branch: the first lab's *History* tab is
    shown again and its *Fork here* asked for the keyboard focus (the browser then scrolls it into view)."""
    app = LabApp(load_scenario("gotland_redux", seed=1))
    sent: list[dict] = []
    monkeypatch.setattr(app.history_panel.fork_button, "send", sent.append)
    app.fork_here()
    app.tabs.selected_index = 0                          # the instructor looked at another tab meanwhile
    app.fork_view.close_button.click()
    assert app.tabs.get_title(app.tabs.selected_index) == "History"
    assert app.tabs.children[app.tabs.selected_index] is app.history_panel.widget
    assert sent == [{"do": "focus"}]


def test_a_long_save_path_is_elided_in_the_middle_with_the_whole_path_in_its_tooltip(tmp_path):
    app = LabApp(load_scenario("gotland_redux", seed=1), files_dir=tmp_path)
    path = tmp_path / ("a-very-long-folder-name-for-a-classroom-" * 3) / "classroom_save.json"
    assert app.save_game(str(path)) == path and path.is_file()
    shown = plain_text(app.ctl.message)
    assert shown.startswith("Saved Meeting Engagement - Gotland Redux (turn 1, 0 impulses begun) to ")
    assert str(path) not in shown and shown.endswith("/classroom_save.json.")
    span = re.search(r'<span class="lcb-path" title="([^"]*)">([^<]*)</span>', app.ctl.message)
    assert span and span.group(1) == str(path)
    assert len(span.group(2)) <= html.PATH_CHARS and "\u2026" in span.group(2)
    assert len(shown) == html.MESSAGE_CHARS              # the path gives way: the message keeps to one line
    assert span.group(2).endswith("classroom_save.json")


def test_elide_middle_keeps_a_short_text_and_the_end_of_a_long_one():
    assert html.elide_middle("saves/game.json") == "saves/game.json"
    assert html.elide_middle("abcdefghij", 7) == "ab\u2026ghij"


def test_the_other_team_sees_why_it_may_not_play_a_card_not_empty_lists():
    app = LabApp(load_scenario("gotland_redux", seed=1))
    app.ctl.live.apply(A.BeginImpulse("TF Memphis"))
    app.ctl.changed()
    app.set_team("RU")
    cp = app.cards_panel
    assert cp.play_box.children == (cp.play_head,)
    assert not on_page(app, cp.card) and not on_page(app, cp.play_button)
    assert "Play a card" in plain_text(cp.play_head.value)
    assert "Blue (US) is playing its impulse" in plain_text(cp.play_head.value)
    app.set_team("US")                                     # its own impulse: nothing declared yet, one line
    assert cp.play_box.children == (cp.play_head,) and "declare Play a JCC" in plain_text(cp.play_head.value)


def test_one_explained_log_on_screen():
    app = LabApp(load_scenario("gotland_redux", seed=1))
    titles = [app.tabs.get_title(i) for i in range(len(app.tabs.children))]
    assert "Log" not in titles and app.log_box not in app.tabs.children
    assert app.side_log.children[-1] is app.log_box


def _luminance(hex_colour: str) -> float:
    rgb = [int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def test_a_disabled_button_is_grey_and_readable_whatever_its_style():
    rule = re.search(r"\.lcb-app \.jupyter-button:disabled, \.lcb-app \.jupyter-button\[class\*=\"mod-\"\]:disabled"
                     r" \{([^}]*)\}", style.CSS)
    assert rule, "no rule greys a disabled button of any style"
    body = rule.group(1)
    bg = re.search(r"background: (#[0-9a-f]{6}) !important", body).group(1)
    fg = re.search(r"color: (#[0-9a-f]{6}) !important", body).group(1)
    assert "opacity: 1 !important" in body                 # not a faded strong colour
    lo, hi = sorted((_luminance(bg), _luminance(fg)))
    assert (hi + 0.05) / (lo + 0.05) >= 3.0                 # WCAG 3:1 for the greyed text
    assert len({bg[1:3], bg[3:5], bg[5:7]}) == 1            # a grey: no hue left of primary / success / warning
