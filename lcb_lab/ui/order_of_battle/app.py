"""The Order of Battle lab: the card game's turn in the shared lab (:class:`~lcb_lab.ui.lab.shell.LabShell`),
a hand-and-phase view.

:func:`open_order_of_battle_lab` opens it:

* **the table** (the map column): the phase track -- the nine phases in order with the current one
  highlighted, the turn, who has completed the phase and who is still to act (l.9), the clockwise
  seating and the Lead Commander (l.33) -- and every Commander's Command Display in a column of its own
  (Fame, Credits, Reputation, Hotspots, squads with their PUDs and Equipment as compact faces: name,
  cost, short values, skill tags, the whole face on hover or a click; what another Commander keeps face
  down drawn as a card back);
* **the hand** (above the tabs): the viewer's own Fame hand and Fortune draw as whole cards (name, cost,
  scores, the *sandbox* tag: the text prints no card), every hand as a row of compact faces in the
  umpire's view, every other Commander's as a count of backs (layout: :mod:`~.cards_css`);
* the **Acts** tab (:class:`~lcb_lab.ui.order_of_battle.acts_panel.ActsPanel`): the viewer's legal
  acts as buttons and pickers, the exact odds before the Initiative draw, the skirmish with a
  placement committed face down shown as "committed" to the others, *Hand over* to the Commander
  the game waits for;
* the shared parts: the explained log with ``l.N`` badges (the text's line numbers), Undo and the
  timeline, Fork here and its compare view, Save / Load, presentation mode and the view picker
  (each Commander, Umpire).

Hidden information: every drawing comes from the viewer's view model
(:meth:`~lcb_lab.ui.order_of_battle.game_ui.OobUi.view_model`, the game's observer).  Nothing here
imports another game.
"""
from __future__ import annotations

from typing import Any

import ipywidgets as W

from lcb_lab.games.order_of_battle.game import OrderOfBattle
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.ui.lab.controller import LabController, follow
from lcb_lab.ui.lab.game_ui import LabMap, LabPanels
from lcb_lab.ui.lab.shell import LabShell
from lcb_lab.ui.order_of_battle.acts_panel import ActsPanel
from lcb_lab.ui.order_of_battle.cards_html import CSS, display_html, hand_html, phase_track_html
from lcb_lab.ui.order_of_battle.game_ui import SCENARIOS, OobUi

__all__ = ["OobLab", "open_order_of_battle_lab"]


class OobLab(LabShell):
    """*Order of Battle* in the shared lab (module docstring).  Widgets: ``track`` (the phase track),
    ``table`` (the Command Displays), ``hand`` (the hands), ``acts_panel`` (the *Acts* tab);
    :meth:`apply_act` is the one way an act is made."""

    def make_controller(self, game: OrderOfBattle) -> LabController:
        """The controller on this game's :class:`~lcb_lab.ui.order_of_battle.game_ui.OobUi` (its Commanders)."""
        return LabController(game, OobUi(game.players))

    def game_css(self) -> str:
        """The cards' and the phase track's styles."""
        return CSS

    def game_panels(self) -> LabPanels:
        """The hand (above the tabs) and the *Acts* tab."""
        self.hand = W.HTML()
        self.hand.add_class("oob-hand")
        self.hand_follower = follow(self.ctl, ["version", "viewer"], self._draw_hand)
        self.acts_panel = ActsPanel(self)
        return LabPanels(tabs=[("Acts", self.acts_panel.widget)], column=[self.hand])

    def game_map(self) -> LabMap:
        """The table: the phase track and the Command Displays."""
        self.track = W.HTML()
        self.table = W.HTML()
        self.table_follower = follow(self.ctl, ["version", "viewer"], self._draw_table)
        self._draw_table()
        box = W.VBox([self.track, self.table], layout=W.Layout(width="100%", overflow="auto"))
        box.add_class("oob-tablebox")
        return LabMap(box)

    def _draw_hand(self) -> None:
        vm = self.ctl.view_model()
        self.hand.value = hand_html(vm.view, self.ctl.game.cards, vm.viewer)

    def _draw_table(self) -> None:
        vm = self.ctl.view_model()
        self.track.value = phase_track_html(vm.view)
        self.table.value = display_html(vm.view, self.ctl.game.cards, vm.to_act)

    def apply_in_view(self, action: Any) -> Any:
        """Apply ``action`` for the Commander whose view is shown (the umpire acts for the Commander the
        game waits for; :meth:`apply_act` is the one way an act is made).  Raises IllegalAction (l.9) for
        an act of another Commander than the view's: one red line, nothing changes."""
        vm = self.ctl.view_model()
        who = getattr(action, "player", None) or vm.to_act
        if vm.viewer != self.ctl.ui.all_seeing and who != vm.viewer:
            raise IllegalAction("l.9", f"the game waits for {who or 'nobody'}, not {vm.viewer}: hand over first")
        return self.ctl.apply(action)


def open_order_of_battle_lab(game: OrderOfBattle | None = None, viewer: str | None = None, players: int = 3,
                             seed: int = 1, **kw: Any) -> OobLab:
    """The Order of Battle lab on ``game`` (default: a new game of ``players`` Commanders, 2 to 4, their
    decks shuffled with ``seed``), drawn in ``viewer``'s view (a Commander, or the umpire, the
    default); ``kw``: the shell's ``font_scale``, ``files_dir``, ``presentation``.  Raises ValueError
    for an unknown viewer or a number of Commanders the lab has no scenario for."""
    names = {n: s for s, (n, _) in SCENARIOS.items()}
    if game is None and players not in names:
        raise ValueError(f"the lab seats {', '.join(map(str, sorted(names)))} Commanders, not {players!r}")
    scenario = names.get(len(game.players) if game is not None else players)
    if game is None:
        game = OobUi().new_game(scenario, seed, None)
    lab = OobLab(game, team=viewer, **kw)
    lab.seed_box.value = seed
    if scenario in SCENARIOS:
        lab.scenario_picker.value = scenario
    return lab
