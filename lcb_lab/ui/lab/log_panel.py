"""The explained log under the map, redrawn in chunks: an act re-sends only the impulse it changed.

The log is the game's explained log as the viewer may read it (the game's ``ui.log_parts``; LC:B's
:func:`~lcb_lab.ui.lcb.panels.log_parts`):
every step with its rule numbers, newest last, the last act's entries highlighted
and refused acts in red where they happened.  It is one ``W.HTML`` per impulse (a
*chunk*, starting at the impulse's heading) in a scrolled box that shows its end:
after an act the chunks whose HTML is unchanged send nothing, so an act sends
the current impulse (and the one whose highlight it took over), not the whole log.

Hidden information: a chunk no longer shown (a shorter log after a view switch,
an undo or a new game) is emptied before it is detached -- the browser keeps
every widget's last state.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import ipywidgets as W

from lcb_lab.ui.lab.html import LOG_EMPTY, LOG_HEAD
from lcb_lab.ui.lab.controller import follow

if TYPE_CHECKING:  # pragma: no cover
    from lcb_lab.ui.lab.controller import LabController

__all__ = ["LogPanel", "chunks"]

LOG_HEIGHT_PX = 260
"""The log box's height outside the lab's layout (in the lab, its tab or column gives it a height)."""


def chunks(parts: list[str]) -> list[str]:
    """``parts`` (HTML, one per entry) grouped per impulse: a new chunk at each impulse heading."""
    out: list[list[str]] = []
    for p in parts:
        if not out or p.startswith(LOG_HEAD):
            out.append([])
        out[-1].append(p)
    return ["".join(c) for c in out] or [LOG_EMPTY]


class LogPanel:
    """``widget``: the log box; ``value``: the whole log's HTML (as one block, for scripts and tests)."""

    def __init__(self, ctl: "LabController"):
        self.ctl = ctl
        self._pool: list[W.HTML] = []
        self.inner = W.VBox(layout=W.Layout(flex="0 0 auto", width="100%"))
        self.inner.add_class("lcb-log-inner")
        self.scroller = W.Box([self.inner], layout=W.Layout(flex_flow="column-reverse", overflow="hidden auto",
                                                            height="100%", width="100%"))
        self.scroller.add_class("lcb-log")
        self.widget = W.Box([self.scroller], layout=W.Layout(height=f"{LOG_HEIGHT_PX}px", width="100%",
                                                             border="1px solid #cfc8b4", overflow="hidden"))
        self.widget.add_class("lcb-log-box")       # the lab's layout gives it the height it has (style.CSS)
        self.draw = follow(ctl, ["version", "viewer", "notes", "highlight_from"], self._draw)

    @property
    def value(self) -> str:
        """The log as one HTML block (what the chunks show, in order)."""
        body = "".join(w.value for w in self.inner.children)
        return f'<div class="lcb-log"><div class="lcb-log-inner">{body}</div></div>'

    def _draw(self) -> None:
        c = self.ctl
        html = chunks(c.ui.log_parts(c.game, c.viewer, c.visible_notes(), c.highlight_from))
        while len(self._pool) < len(html):
            w = W.HTML(layout=W.Layout(margin="0"))
            w.add_class("lcb-log-panel")       # the text size of Large text (style.scale_css)
            self._pool.append(w)
        for w, h in zip(self._pool, html):
            w.value = h                        # an equal value sends nothing
        for w in self._pool[len(html):]:
            w.value = ""                       # detached: nothing of it stays in the browser
        shown = tuple(self._pool[:len(html)])
        if self.inner.children != shown:
            self.inner.children = shown
