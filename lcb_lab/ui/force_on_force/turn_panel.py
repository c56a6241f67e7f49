"""The *Turn* tab of the Force on Force lab: the viewer's legal acts as buttons, each roll's exact odds first.

Everything here is drawn from the viewer's view model (:class:`~lcb_lab.ui.force_on_force.game_ui.FofViewModel`:
its ``offers`` are the engine's ``legal_actions`` for the side the viewer may act for, naming only
units that side knows) and the odds from the engine's ``chance_outcomes`` (a kernel ``ChanceStep``),
asked before the act:

* the **turn's acts** -- *Start the activations* (l.405), *End the turn*, *Done declaring Reactions*
  (l.350) and *No more interrupts* (l.407): the last two show the exact chance of the first Reaction
  Test they roll (l.318);
* the **chosen unit's acts** (the unit tapped on the table, or picked in *Unit*): a button each --
  Go on Overwatch (l.403), React with fire (l.280), Hide (l.124, its Troop Quality Check's odds),
  Search a feature (l.114, the spotting roll's odds), Breach (l.5, the defenders' check), Artillery
  (l.88, the sandbox salvo's odds), Cross (l.39, l.52), Interrupt (l.407, l.324);
* its **moves** (an activation's move and fire, l.182-186, or a Reaction move, l.254): many
  combinations of a named point, Rapid and a target, so they are listed in *Move* and applied by
  one button;
* **Hand over**: when the other side is to act, a button shows its view.

A refused act is one red line (the shell's :meth:`~lcb_lab.ui.lab.shell.LabShell.run`).
"""
from __future__ import annotations

from typing import Any

import ipywidgets as W

from lcb_lab.games.force_on_force import actions as A
from lcb_lab.ui.force_on_force.game_ui import UMPIRE, question_text
from lcb_lab.ui.lab.controller import follow
from lcb_lab.ui.lab.html import esc
from lcb_lab.ui.lab.controls import chances_text, hand_over_button
from lcb_lab.ui.lab.sync import set_children, set_options

__all__ = ["TurnPanel", "act_words", "odds_html", "MOVES"]

MOVES = (A.Activate, A.React)
"""Acts listed in the *Move* list (a React only when it moves)."""
PHASES = {"overwatch": "declaring Overwatch (l.405)", "activate": "activating units (l.182)", "over": "over"}


def act_words(a: Any) -> str:
    """One act in words (a button's or a list's label)."""
    if isinstance(a, A.Activate):
        move = f"{'Rapid move' if a.rapid else 'Move'} to {a.to}" if a.to else ""
        fire = f"fire at {a.fire_at}" if a.fire_at else ""
        words = " and ".join(w for w in (move, fire) if w)
        return words[:1].upper() + words[1:]
    if isinstance(a, A.React):
        return "React: fire" if a.how == "fire" else f"React: {'Rapid move' if a.rapid else 'move'} to {a.to}"
    words = {A.GoOnOverwatch: "Go on Overwatch", A.StartActivations: "Start the activations",
             A.Hide: "Hide", A.EndTurn: "End the turn", A.DoneReacting: "Done declaring Reactions",
             A.DoneInterrupting: "No more interrupts: resolve the chain"}
    if type(a) in words:
        return words[type(a)]
    if isinstance(a, A.Spot):
        return f"Search {a.feature}"
    if isinstance(a, A.Breach):
        return f"Breach in on {a.target}"
    if isinstance(a, A.Artillery):
        return f"Artillery on {a.target}"
    if isinstance(a, A.Cross):
        return f"Cross the {a.obstacle}"
    if isinstance(a, A.Interrupt):
        return f"Interrupt {a.target}'s Reaction"
    return a.KIND.replace("_", " ")


def odds_html(step: Any) -> str:
    """A kernel ``ChanceStep`` in words: what is rolled, then each outcome's exact chance (HTML); ""
    for an act that rolls nothing."""
    if step is None:
        return ""
    return (f'<div class="fof-odds lcb-small"><b>Odds before the roll</b> <span class="lcb-rule">{esc(step.rule)}'
            f'</span> {esc(step.label)} ({esc("; ".join(step.dice))}): {esc(chances_text(step))}</div>')


def _is_move(a: Any) -> bool:
    return isinstance(a, A.Activate) or (isinstance(a, A.React) and a.how == "move")


class TurnPanel:
    """The *Turn* tab (``widget``) of ``lab`` (module docstring): the Force on Force lab (its ``ctl``,
    ``apply_act``, ``select_unit``, ``set_team``, ``say``).  ``buttons``: ``[(words, act, button)]``
    of the acts drawn now."""

    def __init__(self, lab: Any):
        self.lab = lab
        c = lab.ctl
        self.head = W.HTML()
        self.hand_over_button = hand_over_button(lab, "show the view of the side to act",
                                                 lambda: c.view_model().actor or c.game.to_act())
        self.turn_box = W.VBox([])
        self.unit = W.Dropdown(description="Unit", layout=W.Layout(width="100%"))
        self.unit.observe(self._picked, "value")
        self.unit_box = W.VBox([])
        self.moves = W.Dropdown(description="Move", layout=W.Layout(width="100%"))
        self.move_button = W.Button(description="Apply the move", button_style="primary")
        self.move_button.on_click(lambda _b: lab.apply_act(self.moves.value))
        self.buttons: list[tuple[str, Any, W.Button]] = []
        self._drawing = False
        self.widget = W.VBox([self.head, self.turn_box, self.unit, self.unit_box], layout=W.Layout(width="100%"))
        self.widget.add_class("fof-turn")
        self.follower = follow(c, ["version", "viewer", "selected_unit"], self.draw)
        self.draw()

    def _picked(self, _change: Any = None) -> None:
        if not self._drawing and self.unit.value:
            self.lab.select_unit(self.unit.value)

    def _button(self, a: Any) -> W.VBox:
        words = act_words(a)
        b = W.Button(description=words, tooltip=f"{a.KIND}: apply it now", layout=W.Layout(width="auto"))
        b.on_click(lambda _b, act=a: self.lab.apply_act(act))
        self.buttons.append((words, a, b))
        odds = odds_html(self.lab.ctl.game.chance_outcomes(a))
        return W.VBox([b] + ([W.HTML(odds)] if odds else []))

    def draw(self) -> None:
        """Redraw from the view model (the viewer's offers)."""
        vm = self.lab.ctl.view_model()
        v = vm.view
        self.buttons = []
        ask = question_text(vm.question)
        head = (f"<b>Turn {v['turn']}</b> \u00b7 {esc(v['initiative'])} has the initiative \u00b7 "
                f"{esc(PHASES.get(v['phase'], v['phase']))}" + (f"<br>{esc(ask)}" if ask else ""))
        if v["phase"] == "over":
            head += f"<br><b>{esc(v['winner'] or 'Nobody')} wins</b> (sandbox victory: fewer figures lost)"
        to_act = vm.actor
        if not vm.offers and v["phase"] != "over" and vm.viewer != UMPIRE:
            head += "<br><span class='lcb-muted'>The other side is to act.</span>"
        self.head.value = f'<div class="lcb-card">{head}</div>'
        general = [a for a in vm.offers if not hasattr(a, "unit")]
        units = sorted({a.unit for a in vm.offers if hasattr(a, "unit")})
        hand = [self.hand_over_button] if not vm.offers and v["phase"] != "over" and vm.viewer != UMPIRE else []
        self.hand_over_button.description = f"Hand over to {self.lab.ctl.game.to_act() or 'the other side'}"
        set_children(self.turn_box, hand + [self._button(a) for a in general])
        self._drawing = True
        try:
            set_options(self.unit, [(f"{u} ({to_act})", u) for u in units])
            sel = self.lab.ctl.selected_unit
            chosen = sel if sel in units else (units[0] if units else None)
            if chosen is not None:
                self.unit.value = chosen
        finally:
            self._drawing = False
        set_children(self.widget, [self.head, self.turn_box, bool(units) and self.unit, self.unit_box])
        mine = [a for a in vm.offers if getattr(a, "unit", None) == self.unit.value] if units else []
        moves = [a for a in mine if _is_move(a)]
        set_options(self.moves, [(act_words(a), a) for a in moves])
        set_children(self.unit_box, [self._button(a) for a in mine if not _is_move(a)]
                     + ([self.moves, self.move_button] if moves else []))
