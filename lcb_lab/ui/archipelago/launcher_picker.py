"""The *Game* tab's land launchers (l.995: "players can choose launchers or not"): per side the L
markers it takes into the next new game of a text scenario (l.993: L-1, L-2 S-S, L-3, L-4 S-A).

Only the launchers the scenario picked uses are offered
(:func:`~lcb_lab.ui.archipelago.game_ui.launcher_choices`); where it uses none (l.1431, l.1510,
l.1526) or is not one of the text's, the lists are disabled and the line says why.  The choice is
written to the lab's ``ui.launchers``; each chosen launcher gets a list of the side's square red
points (l.991: "players choose on which of the points to put them"; in its zone in the Seaplane,
l.1560), "first free" by default; *New game* places each there, worth 1 point of the side's total,
and refuses two launchers on one point (the note warns first).  The picker reads the scenario book
and the board only, never a game's state.
"""
from __future__ import annotations

from typing import Any

import ipywidgets as W

from lcb_lab.games.archipelago.model.state import PLAYERS
from lcb_lab.ui.archipelago.game_ui import LAUNCHERS, launcher_choices, launcher_squares
from lcb_lab.ui.lab.html import esc
from lcb_lab.ui.lab.sync import set_options

__all__ = ["LauncherPicker"]


class LauncherPicker:
    """Per side a multiple choice of L markers (``sides[side]``) and, for each chosen one, the square
    red point it stands on (``points[side][name]``, a Dropdown), following ``scenario_picker``;
    ``widget`` goes in the *Game* tab, ``note`` says what *New game* will place."""

    FIRST_FREE = "first free"

    def __init__(self, ui: Any, scenario_picker: W.Dropdown):
        self.ui = ui
        self.sides = {side: W.SelectMultiple(options=[], rows=4, description=side, layout=W.Layout(width="190px"),
                                             style={"description_width": "40px"}) for side in PLAYERS}
        self.points: dict[str, dict[str, W.Dropdown]] = {side: {} for side in PLAYERS}
        self.columns = {side: W.VBox([self.sides[side]]) for side in PLAYERS}
        self.note = W.HTML()
        for w in self.sides.values():
            w.observe(lambda _ch: self._chosen(), "value")
        self.scenario_picker = scenario_picker
        scenario_picker.observe(lambda ch: self.show(ch["new"]), "value")
        self.widget = W.VBox([W.HTML("<b>Land launchers</b> <span class='lcb-muted lcb-small'>(l.995: 1 point "
                                     "each of the side's total)</span>"), W.HBox(list(self.columns.values())), self.note])
        self.show(scenario_picker.value)

    def show(self, scenario: str | None) -> None:
        """Offer the launchers ``scenario`` uses (none: disabled, with its line)."""
        names, why = launcher_choices(scenario or "")
        self.squares = {side: launcher_squares(scenario or "", side) for side in PLAYERS}
        for side, w in self.sides.items():
            keep = tuple(n for n in w.value if n in names)
            self.points[side] = {}
            set_options(w, [(f"{n} ({LAUNCHERS[n]})", n) for n in names], keep)
            w.disabled = not names
        self._chosen(why)

    def _point_list(self, side: str, name: str) -> W.Dropdown:
        """The Dropdown of ``side``'s square points for launcher ``name`` (kept while it stays chosen)."""
        if name not in self.points[side]:
            d = W.Dropdown(options=[(self.FIRST_FREE, None)] + self.squares[side], value=None, description=f"{name} on",
                           layout=W.Layout(width="190px"), style={"description_width": "50px"})
            d.observe(lambda _ch: self._chosen(), "value")
            self.points[side][name] = d
        return self.points[side][name]

    def _chosen(self, why: str = "") -> None:
        for side, w in self.sides.items():
            self.points[side] = {n: self._point_list(side, n) for n in w.value}
            self.columns[side].children = [w, *self.points[side].values()]
        self.ui.launchers = {side: {n: d.value for n, d in self.points[side].items()} for side in PLAYERS if self.points[side]}
        self.note.value = f"<span class='lcb-small'>{esc(self._text(why))}</span>"

    def _text(self, why: str) -> str:
        if why:
            return f"None: {why}."
        if not self.ui.launchers:
            return "None chosen: the sides play without land launchers."
        parts, clash = [], []
        for side, picks in self.ui.launchers.items():
            labels = dict((at, label) for label, at in self.squares[side])
            parts.append(f"{side} " + ", ".join(f"{n} on {labels[at] if at else self.FIRST_FREE}" for n, at in picks.items()))
            taken = [at for at in picks.values() if at]
            clash += [f"{side} {labels[at]}" for at in dict.fromkeys(taken) if taken.count(at) > 1]
        text = "New game places " + "; ".join(parts) + " (l.991)."
        return text + (f" Two launchers on one point ({', '.join(clash)}): New game will refuse it." if clash else "")
