"""The branch opened by *Fork here*: a second lab beside the first, and what differs.

The box is a child of the first lab's layout only while a fork is open (:attr:`ForkView.shown`;
the shell puts it on the page with ``sync.set_children``: nothing hidden by hand); the row wraps,
so on a narrow screen the branch sits below the first lab.  It
shows a heading with *Close*, the compact differences of the two games
(the game's ``ui.compare``; LC:B's :func:`lcb_lab.games.lcb.whatif.compare.compare`: units lost,
HP, supplies, the Influence Meter, network cubes, initiative, turn; refreshed after every act in
either lab) and the branch's own lab (the game's lab, e.g. :class:`~lcb_lab.ui.lcb.app.LabApp`, on the
forked game, made by the ``make_lab`` the first lab passes in; its *Fork here*
is off: one branch at a time).

Where it is: as wide as the first lab, below it, each lab at full size; beside it (each half the
width) only when the lab is at least 2400 px wide (the CSS container query of ``style.CSS``, class
``lcb-branch-open``: side by side at 1920 px the maps were ~200 px wide); below the first lab it is
off screen: the heading carries an anchor and :meth:`ForkView.link_html`
is a "Go to the branch" link to it (ipywidgets cannot scroll a widget into view);
the first lab's controller holds it as ``branch_link`` (the History tab shows it).  *Close branch*
brings the instructor back: the first lab's *History* tab shown and its *Fork here* focused (a
widget's ``focus()``: the browser scrolls the focused button into view).

Dice: the instructor's branch goes on with the same dice as the first game (the
same rolls meet both plans, so the differences are the plans'); a team's branch
has new dice (it must not preview the game's rolls).  The heading says which.

Hidden information: both labs show the same view (changing it in one changes
the other: the view observes both controllers' ``viewer``) and the differences
are those that view may know.  The diff observes both controllers' ``version``.
Presentation mode follows the same way (``presentation``): on a projector the
branch below is as readable as the first lab, whichever lab's switch was pressed.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Sequence

import ipywidgets as W
import traitlets as T

from lcb_lab.ui.lab.html import esc

if TYPE_CHECKING:  # pragma: no cover
    from lcb_lab.kernel.engine import Engine as Game
    from lcb_lab.ui.lab.controller import LabController
    from lcb_lab.ui.lab.game_ui import DiffLike


FOLLOWED = ["version", "viewer", "presentation"]
"""The controllers' traits the fork view observes in both labs (the diff; the view and the mode followed)."""


class ForkView(T.HasTraits):
    """``widget``: the branch's box; ``shown``: True while a branch is open (the box is then on the
    page); ``branch``: the second lab (None: no fork open);
    ``at``: the step of the first game it was forked from; ``diff``: the differences (HTML).

    ``make_lab(game)`` builds the branch's lab (an object with ``.widget``, ``.controller``,
    ``set_team`` and ``set_presentation``); ``set_team(team)`` switches the first lab's view,
    ``set_presentation(on)`` (optional) its presentation mode; ``come_back()`` (optional)
    brings the instructor back to the first lab after *Close branch* (its *Fork here* shown and
    focused: the browser scrolls it into view and the keyboard goes on from there)."""

    shown = T.Bool(False)

    def __init__(self, ctl: "LabController", make_lab: Callable[["Game"], Any], set_team: Callable[[str], None],
                 come_back: Callable[[], None] | None = None,
                 set_presentation: Callable[[bool], None] | None = None):
        super().__init__()
        self.ctl = ctl
        self.make_lab, self.set_team = make_lab, set_team
        self.set_presentation = set_presentation
        self.come_back = come_back
        self.branch: Any = None
        self.at: int | None = None
        self.same_dice = True
        """The branch's dice go on as the first game's (the instructor's fork); False: new dice."""
        self.anchor = f"lcb-branch-{id(self):x}"
        """The HTML id of the branch's heading (the target of :meth:`link_html`)."""
        self.rows: list = []
        self.title = W.HTML(layout=W.Layout(flex="1 1 auto", min_width="0"))
        self.close_button = W.Button(description="Close branch", icon="times",
                                     layout=W.Layout(width="130px", flex="0 0 auto"),
                                     tooltip="close the second lab (the branch is dropped)")
        self.close_button.on_click(lambda _b: self.close_by_hand())
        self.diff = W.HTML()
        self.diff.add_class("lcb-fork-diff")
        self.holder = W.Box([])
        self.holder.add_class("lcb-fork-lab")
        self.widget = W.VBox([W.HBox([self.title, self.close_button]), self.diff, self.holder],
                             layout=W.Layout(margin="0 0 0 14px",
                                             border_left="3px solid #cfc8b4", padding="0 0 0 8px"))
        self.widget.add_class("lcb-fork")

    def open(self, game: "Game", at: int, same_dice: bool = True) -> str:
        """Show ``game`` (a fork of the first lab's game at step ``at``) in a second lab;
        ``same_dice``: the fork's dice go on as the first game's (False: it was reseeded).
        Returns the link to it (:meth:`link_html`)."""
        self.close()
        self.same_dice = bool(same_dice)
        lab = self.make_lab(game)
        lab.controller.can_fork = False
        self.branch, self.at = lab, at
        self.holder.children = [lab.widget]
        for c in (self.ctl, lab.controller):
            c.observe(self._on_change, names=FOLLOWED)
        self.shown = True
        self.ctl.branch_link = self.link_html()
        self.update()
        return self.ctl.branch_link

    def work(self) -> tuple[int, int] | None:
        """``(step it was forked from, steps of its own)``: the steps played in the branch after the
        fork, undone ones too (a class's work, lost when the branch is dropped); None: no branch open."""
        if self.branch is None or self.at is None:
            return None
        return self.at, max(0, len(self.branch.controller.live.history.steps) - self.at)

    def link_html(self) -> str:
        """A "Go to the branch" link to the branch's heading (HTML)."""
        return f'<a class="lcb-go-branch" href="#{self.anchor}">Go to the branch</a>'

    def close(self) -> None:
        """Drop the branch; the box leaves the page (:attr:`shown`)."""
        if self.branch is not None:
            for c in (self.ctl, self.branch.controller):
                c.unobserve(self._on_change, names=FOLLOWED)
        self.branch, self.at, self.rows = None, None, []
        self.holder.children = []
        self.title.value = self.diff.value = ""          # nothing of the branch stays in the browser
        self.shown = False
        self.ctl.branch_link = ""

    def close_by_hand(self) -> None:
        """*Close branch*: drop the branch (:meth:`close`) and say so on the message line, which
        named the branch opened (and linked to it) since *Fork here*; then ``come_back()``: the
        button clicked leaves the page with the branch, so the keyboard focus and the notebook's
        scroll would be lost below the first lab."""
        at = self.at
        if self.branch is None:
            return
        self.close()
        self.ctl.say(f"Branch from step {at} closed: the first lab goes on.", refused=False)
        if self.come_back is not None:
            self.come_back()

    def _on_change(self, change) -> None:
        """After a change in either lab: the other lab follows its view and presentation mode, then the
        diff is redrawn."""
        if self.branch is None:
            return
        first, second = self.ctl, self.branch.controller
        if change["name"] == "presentation":
            if first.presentation != second.presentation:
                if change["owner"] is first:
                    self.branch.set_presentation(first.presentation)
                elif self.set_presentation is not None:
                    self.set_presentation(second.presentation)
            return
        if change["name"] == "viewer" and first.viewer != second.viewer:
            if change["owner"] is first:
                self.branch.set_team(first.viewer)       # comes back here with equal views
            else:
                self.set_team(second.viewer)
            return
        self.update()

    def update(self) -> None:
        """Recompute the differences of the first lab's game (now) and the branch (now)."""
        if self.branch is None:
            return
        first, branch, team = self.ctl.live, self.branch.controller.live, self.ctl.viewer
        self.rows = list(self.ctl.ui.compare(first, branch, team))
        dice = ("same dice as the first lab: both plans meet the same rolls" if self.same_dice
                else "new dice: the branch does not preview the game's rolls")
        self.title.value = (f"<a id='{self.anchor}'></a><b>Branch from step {self.at}</b> "
                            f"<span class='lcb-muted'>(now at step {branch.history.cursor}; the first lab "
                            f"is at step {first.history.cursor}; {dice})</span>")
        self.diff.value = diff_html(self.rows, self.ctl.ui.viewer_name(team))


def diff_html(rows: Sequence["DiffLike"], view: str) -> str:
    """The differences as a small table: what, first lab, branch (``view``: the view's name)."""
    who = esc(view)
    if not rows:
        return f'<div class="lcb-card lcb-small">No difference yet ({who}).</div>'
    body = "".join(f"<tr><td>{esc(f'{r.topic} {r.item}'.strip())}</td><td>{esc(_cell(r.left))}"
                   f"</td><td>{esc(_cell(r.right))}</td></tr>" for r in rows[:24])
    more = f"<div class='lcb-muted'>... and {len(rows) - 24} more</div>" if len(rows) > 24 else ""
    return (f'<div class="lcb-card lcb-small"><b>Differences</b> <span class="lcb-muted">({who})</span>'
            f'<table class="lcb-table"><tr><th></th><th>first lab</th><th>branch</th></tr>{body}</table>{more}</div>')


def _cell(v) -> str:
    if isinstance(v, bool):
        return "lost" if v else "alive"
    return "\u2014" if v is None else str(v)
