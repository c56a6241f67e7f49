"""The *Game* tab's land launchers (l.995: "players can choose launchers or not"): per side the L
markers it takes into the next new game of a text scenario (l.993: L-1, L-2 S-S, L-3, L-4 S-A).

Only the launchers the scenario picked uses are offered
(:func:`~lcb_lab.ui.archipelago.game_ui.launcher_choices`); where it uses none (l.1431, l.1510,
l.1526) or is not one of the text's, the lists are disabled and the line says why.  The choice is
written to the lab's ``ui.launchers``; *New game* places each on a free square red point of its
side (l.991; in its zone in the Seaplane, l.1560), worth 1 point of the side's total.  The picker
reads the scenario book only, never a game's state.
"""
from __future__ import annotations

from typing import Any

import ipywidgets as W

from lcb_lab.games.archipelago.model.state import PLAYERS
from lcb_lab.ui.archipelago.game_ui import LAUNCHERS, launcher_choices
from lcb_lab.ui.lab.html import esc

__all__ = ["LauncherPicker"]


class LauncherPicker:
    """Per side a multiple choice of L markers (``sides[side]``), following ``scenario_picker``;
    ``widget`` goes in the *Game* tab, ``note`` says what *New game* will place."""

    def __init__(self, ui: Any, scenario_picker: W.Dropdown):
        self.ui = ui
        self.sides = {side: W.SelectMultiple(options=[], rows=4, description=side, layout=W.Layout(width="190px"),
                                             style={"description_width": "40px"}) for side in PLAYERS}
        self.note = W.HTML()
        for w in self.sides.values():
            w.observe(lambda _ch: self._chosen(), "value")
        self.scenario_picker = scenario_picker
        scenario_picker.observe(lambda ch: self.show(ch["new"]), "value")
        self.widget = W.VBox([W.HTML("<b>Land launchers</b> <span class='lcb-muted lcb-small'>(l.995: 1 point "
                                     "each of the side's total)</span>"), W.HBox(list(self.sides.values())), self.note])
        self.show(scenario_picker.value)

    def show(self, scenario: str | None) -> None:
        """Offer the launchers ``scenario`` uses (none: disabled, with its line)."""
        names, why = launcher_choices(scenario or "")
        for w in self.sides.values():
            keep = tuple(n for n in w.value if n in names)
            w.options = [(f"{n} ({LAUNCHERS[n]})", n) for n in names]
            w.value, w.disabled = keep, not names
        self._chosen(why)

    def _chosen(self, why: str = "") -> None:
        self.ui.launchers = {side: tuple(w.value) for side, w in self.sides.items() if w.value}
        if why:
            text = f"None: {why}."
        elif self.ui.launchers:
            text = "New game places " + "; ".join(f"{s} {', '.join(n)}" for s, n in self.ui.launchers.items()) + \
                " on square red points of the side (l.991)."
        else:
            text = "None chosen: the sides play without land launchers."
        self.note.value = f"<span class='lcb-small'>{esc(text)}</span>"
