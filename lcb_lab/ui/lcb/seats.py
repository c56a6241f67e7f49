"""Seats in the Game tab: who plays each team -- the class, or an opponent policy that explains itself.

*US played by* / *RU played by*: "the class" (the students, through the lab's buttons) or one of
the policies of :mod:`lcb_lab.games.lcb.opponents` ("random", "greedy", "search"; the search's
CPU budget a decision is :attr:`SeatPanel.budget`).  When a policy's team must act -- its impulse,
the roll of its committed combat, or an answer to a pending choice of that team -- *Next
opponent act* plays one act (the lab's one apply path, so the act is in the explained log like
any other) and keeps its :class:`~lcb_lab.games.lcb.opponents.explain.Note`.  *Opponent's reasons*
lists the notes as the current view may read them
(:func:`~lcb_lab.games.lcb.opponents.explain.reason_for`: the full reason for the policy's team
and the instructor; the other team reads only the public line).  No hand-over screen is needed:
the class never takes the policy's seat.

The notes belong to the game in play: a new game, a lesson or a load clears them, and an *Undo* drops
the notes of the acts it took back.  A note of *Begin impulse* names the impulse it begins (3.3).
"""
from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

import ipywidgets as W
import numpy as np

from lcb_lab.games.lcb.actions import CHANCE
from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.opponents import make_policy
from lcb_lab.games.lcb.opponents.explain import Note, acting_team, note_for
from lcb_lab.games.lcb.opponents.policy import Decision, Policy
from lcb_lab.ui.lab.controller import follow
from lcb_lab.ui.lab.html import esc

if TYPE_CHECKING:  # pragma: no cover
    from lcb_lab.ui.lab.controller import LabController

SEATS = (("the class", ""), ("random", "random"), ("greedy", "greedy"), ("search", "search"))
"""The seat picker's options: (label, policy name; "" = the class)."""
SHOWN = 12
"""Notes the reasons box shows (the latest)."""


class SeatPanel:
    """The seat pickers, *Next opponent act* and the reasons box; ``.widget`` goes in the Game tab.
    ``lab``: the LC:B lab (its ``run`` and ``_apply``); ``seed``: the policies' rng; ``budget``:
    the search policy's CPU seconds a decision."""

    def __init__(self, ctl: "LabController", lab: Any, seed: int = 0, budget: float = 1.0):
        self.ctl, self.lab, self.budget = ctl, lab, budget
        self.rng = np.random.default_rng(seed)
        self.pickers = {t: W.Dropdown(options=SEATS, value="", description=f"{t} played by",
                                      style={"description_width": "initial"}, layout=W.Layout(width="210px"))
                        for t in ("US", "RU")}
        self.next_button = W.Button(description="Next opponent act", icon="play", layout=W.Layout(width="auto"))
        self.next_button.on_click(lambda _b: self.next_act())
        self.status = W.HTML()
        self.reasons = W.HTML()
        self.notes: list[Note] = []
        self._steps: list[int] = []
        """For each note, the game's step count right after its act (an undo below it drops the note)."""
        self._game: Any = ctl.live
        self._policies: dict[str, Policy] = {}
        for p in self.pickers.values():
            p.observe(lambda _c: self.refresh(), names="value")
        self.widget = W.VBox([W.HTML("<b>Seats</b>"), W.HBox(list(self.pickers.values())),
                              W.HBox([self.next_button, self.status]),
                              W.HTML("<b>Opponent's reasons</b>"), self.reasons])
        self.widget.add_class("lcb-seats")
        self.follower = follow(ctl, ["version", "viewer", "past_step"], self.refresh)
        self.refresh()

    def policy(self, team: str) -> Policy | None:
        """The policy in ``team``'s seat (None: the class)."""
        name = self.pickers[team].value
        if not name:
            return None
        p = self._policies.get(team)
        if p is None or p.name != name:
            p = self._policies[team] = make_policy(name, **({"budget": self.budget} if name == "search" else {}))
        return p

    def opponent_to_act(self) -> str | None:
        """The team in a policy's seat that the game waits for now (its combat roll included), else None."""
        who = acting_team(self.ctl.live)
        return who if who in self.pickers and self.policy(who) is not None else None

    def next_act(self) -> Decision | None:
        """Play one act of the policy whose team must act (a committed combat's roll as
        ``ResolveCombat``, 7.0); None when no policy's team is to act (said in the status)."""
        team = self.opponent_to_act()
        if team is None:
            self.status.value = "<span class='lcb-muted'>no opponent is to act</span>"
            return None
        g, p = self.ctl.live, self.policy(team)
        if g.to_act() == CHANCE:
            d = Decision(A.ResolveCombat(), "roll the committed combat (7.0)", f"{team} rolls its combat.")
        else:
            d = p.decide(g, team, self.rng)
        note = note_for(g, team, p.name, d)
        if isinstance(d.action, A.BeginImpulse):       # the impulse it begins, not the last one played (3.3)
            note = dataclasses.replace(note, impulse=note.impulse + 1)
        before = g.history.cursor
        self.lab.run(f"{team} ({p.name})", self.lab._apply, d.action)    # a refusal: a red message, nothing kept
        if g.history.cursor > before:
            self.notes.append(note)
            self._steps.append(g.history.cursor)
        self.refresh()
        return d

    def _drop_stale_notes(self) -> None:
        """Forget the notes of another game (a new game, a lesson, a load) and of acts taken back."""
        live = self.ctl.live
        if live is not self._game:
            self._game, self.notes, self._steps = live, [], []
            return
        keep = [i for i, n in enumerate(self._steps) if n <= live.history.cursor]
        if len(keep) < len(self.notes):
            self.notes = [self.notes[i] for i in keep]
            self._steps = [self._steps[i] for i in keep]

    def refresh(self) -> None:
        """Redraw the button (enabled when an opponent is to act) and the reasons for the current view."""
        self._drop_stale_notes()
        team = self.opponent_to_act()
        past = self.ctl.past_step
        self.next_button.disabled = team is None or past is not None
        if team is None:
            self.status.value = ""
        elif past is not None:                        # acting is off on a past step, like every other control
            self.status.value = (f"<span class='lcb-muted'>{esc(team)} is to act now; step {past} of the record is "
                                 "shown (History \u203a Back to now)</span>")
        else:
            self.status.value = f"<span class='lcb-muted'>{esc(team)} is to act</span>"
        viewer = self.ctl.viewer
        lines = [n.text_for(viewer) for n in self.notes[-SHOWN:]]
        self.reasons.value = "".join(f"<div class='lcb-log-line'>{esc(t)}</div>" for t in lines) \
            or "<span class='lcb-muted'>none yet</span>"
