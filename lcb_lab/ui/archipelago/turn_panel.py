"""The *Turn* tab of the Archipelago lab: the viewer's legal acts as controls, each roll's exact odds first.

Everything here is drawn from the viewer's view model (:class:`~lcb_lab.ui.archipelago.game_ui.ArchViewModel`:
its ``offers`` are the engine's ``legal_actions`` for the player the viewer may act for) and the
odds from the engine's ``chance_outcomes`` (a kernel ``ChanceStep``), asked before the act:

* **Roll the blue dice** (l.170, l.289) -- with the chance of a bonus move (all dice matching,
  l.172; the blue die's faces are a sandbox reading);
* **Continue a torpedo** in flight (the green die, l.207) -- with its chance to hit;
* **Move** the selected piece step by step: *Forward*, *Turn left*, *Turn right*, *Back one*
  (l.183, l.191) on one rolled blue die; the map shades where it may end (the move template's
  options) and rings the planned end;
* **Fire**: launch a torpedo at a target along the offered course (l.201-206), fire the gun
  (l.321-329) or launch an S-S or S-A missile (level 5, l.850-856, l.949-957), the exact chance to
  hit shown before the act;
* **Load / repair / transfer** (l.251, l.350, l.358, l.370) and **End turn** (l.165);
* **Hand over**: when another player is to move, a button shows that player's view.

A refused act is one red line (the shell's :meth:`~lcb_lab.ui.lab.shell.LabShell.run`).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

import ipywidgets as W

from lcb_lab.games.archipelago import actions as A
from lcb_lab.games.archipelago.chance_steps import outcome_words
from lcb_lab.games.archipelago.model.board import point_name
from lcb_lab.kernel.hexgrid import Axial, Facing, neighbour
from lcb_lab.ui.lab.controller import follow
from lcb_lab.kernel.errors import LabError
from lcb_lab.ui.lab.html import esc, refusal_text
from lcb_lab.ui.archipelago.more_acts import MoreActs
from lcb_lab.ui.lab.controls import button, chances_text, hand_over_button
from lcb_lab.ui.lab.sync import set_children, set_options

__all__ = ["TurnPanel", "act_words", "odds_text", "plan_end", "STEP_WORDS", "COURSES"]

STEP_WORDS = {"F": "Forward", "L": "Turn left", "R": "Turn right", "B": "Back one"}
"""The step buttons: a point forward, a 60-degree turn in place, one point back (l.183, l.191)."""


COURSES = [("as offered (the shortest reaching the target)", ""), ("straight", (0, 0))] + [
    (f"turn {'left' if t < 0 else 'right'} at step {k}", (k, t)) for k in range(3, 6) for t in (-1, 1)]
"""The torpedo courses the *Course* list offers: ``(words, (turn_at, turn))``; a torpedo turns once,
60 degrees, from step 3 on (l.205); "" keeps the offered act's course."""


def plan_end(point: Axial, facing: int, steps: str) -> tuple[Axial, int]:
    """Where ``steps`` (letters of :data:`STEP_WORDS`) take a piece from ``point`` facing ``facing``
    (geometry only: the engine checks the rules when the move is applied)."""
    for ch in steps:
        if ch == "F":
            point = neighbour(point, facing)
        elif ch == "B":
            point = neighbour(point, (facing + 3) % 6)
        else:
            facing = (facing + (1 if ch == "R" else -1)) % 6
    return point, facing


def act_words(a: Any) -> str:
    """One act in words for a dropdown."""
    if isinstance(a, A.LaunchTorpedo):
        course = "straight" if not a.turn_at else f"turning {'right' if a.turn > 0 else 'left'} at step {a.turn_at}"
        return f"{a.shooter}: torpedo at {a.target} ({course})"
    if isinstance(a, A.FireGun):
        return f"{a.shooter}: gun at {a.target}"
    if isinstance(a, A.LaunchSurfaceMissile):
        side = {0: "ahead", -1: "60\u00b0 left", 1: "60\u00b0 right"}.get(a.bearing, f"bearing {a.bearing}")
        course = "straight" if not a.turn_at else f"turning {'right' if a.turn > 0 else 'left'} at step {a.turn_at}"
        return f"{a.shooter}: {a.missile} missile at {a.target} ({side}, {course})"
    if isinstance(a, A.ContinueTorpedo):
        course = "straight" if not a.turn_at else f"turning {'right' if a.turn > 0 else 'left'} at step {a.turn_at}"
        return f"{a.torpedo}: run on {course}"
    if isinstance(a, A.Restock):
        return f"{a.piece}: restock at Base A" + (f" ({', '.join(a.markers)})" if a.markers else "")
    if isinstance(a, A.Repair):
        return f"{a.piece}: repair ({'in the port' if a.by == 'base' else 'by ' + a.by})"
    if isinstance(a, A.Transfer):
        return f"{a.giver} hands {', '.join(a.markers)} to {a.taker}"
    if isinstance(a, A.UnloadAtBase):
        return f"{a.piece}: unload {a.marker} onto its base's panel"
    return a.KIND.replace("_", " ")


def odds_text(step: Any) -> str:
    """A kernel ``ChanceStep`` in words: the dice, then each outcome's exact chance (HTML)."""
    if step is None:
        return ""
    return (f'<div class="lcb-card arch-odds"><b>Odds before the roll</b> '
            f'<span class="lcb-rule">{esc(step.rule)}</span> {esc(step.dice[0] if step.dice else "")}<br>'
            f'{esc(chances_text(step, with_miss=True, words=outcome_words))}</div>')


class TurnPanel:
    """The *Turn* tab (``widget``) of ``lab`` (module docstring): the Archipelago lab
    (:class:`~lcb_lab.ui.archipelago.app.ArchLab`: its ``ctl``, ``board``, ``apply_act``,
    ``select_piece``, ``set_team``, ``say``, ``show_plan``, ``show_aim``)."""

    def __init__(self, lab: Any):
        self.lab = lab
        c = lab.ctl
        self.steps = ""
        self.head = W.HTML()
        self.hand_over_button = hand_over_button(lab, "show the view of the player to move", lambda: c.live.to_act())
        self.roll_button = button("Roll the blue dice", "roll this turn's blue dice (l.170)",
                                   lambda: lab.apply_act(A.RollMovement()), "primary")
        self.roll_odds = W.HTML()
        self.torpedoes = W.Dropdown(description="Torpedo", layout=W.Layout(width="100%"))
        self.continue_button = button("Continue torpedo", "roll the green die and run it on (l.207)",
                                       lambda: lab.apply_act(self.torpedoes.value))
        self.continue_odds = W.HTML()
        self.torpedoes.observe(lambda _c: self._draw_odds(), "value")
        self.piece = W.Dropdown(description="Piece", layout=W.Layout(width="100%"))
        self._drawing = False
        self.piece.observe(self._on_piece, "value")
        self.die = W.Dropdown(description="Blue die", layout=W.Layout(width="100%"))
        self.die.observe(lambda _c: self._new_plan(), "value")
        self.step_buttons = [button(w, f"add one step: {w.lower()} (l.183{', l.191' if k == 'B' else ''})",
                                     lambda k=k: self.add_step(k)) for k, w in STEP_WORDS.items()]
        self.clear_button = button("Clear", "forget the planned steps", lambda: self._new_plan())
        self.plan = W.HTML()
        self.move_button = button("Move", "move the piece by the planned steps on the chosen die", self.move, "primary")
        self.shots = W.Dropdown(description="Shot", layout=W.Layout(width="100%"))
        self.shots.observe(lambda _c: self._draw_odds(), "value")
        self.course = W.Dropdown(description="Course", options=COURSES, value="", layout=W.Layout(width="100%"),
                                 tooltip="a torpedo runs straight, or turns once 60 degrees at a step (l.205)")
        self.course.observe(lambda _c: self._draw_odds(), "value")
        self.fire_button = button("Fire", "launch the torpedo or missile, or fire the gun (the odds above)",
                                   lambda: lab.apply_act(self.shot()), "danger")
        self.shot_odds = W.HTML()
        self.logistics = W.Dropdown(description="Logistics", layout=W.Layout(width="100%"))
        self.logistics_button = button("Apply", "restock, repair, transfer or unload (the piece stays this turn)",
                                        lambda: lab.apply_act(self.logistics.value))
        self.more = MoreActs(lab, self._odds)
        self.end_button = button("End turn", "end the turn: the other player moves (l.165)", self.end_turn, "warning")
        self.widget = W.VBox([])
        self.widget.add_class("arch-turn")
        self.follower = follow(c, ["version", "viewer", "selected_unit"], self.draw)

    # ------------------------------------------------------------------ acts
    def add_step(self, letter: str) -> None:
        """Add one planned step (F, L, R or B) and redraw the plan."""
        self.steps += letter
        self._draw_plan()

    def move(self) -> Any:
        """Apply the planned move of the selected piece on the chosen die."""
        pid, die = self.lab.ctl.selected_unit, self.die.value
        if pid is None or die is None:
            self.lab.say("Move: select one of your pieces and a blue die first. Nothing changed.")
            return None
        return self.lab.apply_act(A.Move(pid, self.steps, die))

    def end_turn(self) -> Any:
        """End the turn (l.165)."""
        return self.lab.apply_act(A.EndTurn())

    def _on_piece(self, change: dict) -> None:
        pid = change["new"] or None             # "(choose)" is ""
        if not self._drawing and pid != self.lab.ctl.selected_unit:
            self.lab.select_piece(pid)

    # ------------------------------------------------------------------ drawing
    def _offers(self, kind: type) -> list:
        return [a for a in self.lab.ctl.view_model().offers if isinstance(a, kind)]

    def move_templates(self) -> list:
        """The move templates offered (one per own piece not moved and blue die left)."""
        return [a for a in self.lab.ctl.view_model().offers if getattr(a, "kind", None) == "move"]

    def draw(self) -> None:
        """Redraw the tab from the view model."""
        c, vm = self.lab.ctl, self.lab.ctl.view_model()
        v = vm.view
        dice = ", ".join(map(str, v["dice"])) or "none"
        state = "the game is over" if v["over"] else f"{v['to_move']} to move, phase {v['phase']}"
        self.head.value = (f'<div class="lcb-card"><b>Turn {v["turn"]}</b> \u00b7 {esc(state)} \u00b7 blue dice left: '
                           f'{esc(dice)} <span class="lcb-muted lcb-small">(blue die: sandbox faces 2, 3, 3, 4, 4, 5)'
                           '</span></div>')
        mine = vm.actor is not None
        waiting = not v["over"] and not mine and c.game is c.live
        self.hand_over_button.description = f"Hand over to {v['to_move']}"
        moves = self.move_templates()
        pieces = sorted({t.limits["piece"] for t in moves})
        dice_for = sorted({t.limits["die"] for t in moves if t.limits["piece"] == c.selected_unit})
        self._drawing = True
        try:
            set_options(self.piece, [("(choose)", "")] + [(p, p) for p in pieces],
                        c.selected_unit if c.selected_unit in pieces else "")
            set_options(self.die, [(str(d), d) for d in dice_for], dice_for[0] if dice_for else None)
        finally:
            self._drawing = False
        shots = self._offers(A.LaunchTorpedo) + self._offers(A.FireGun) + self._offers(A.LaunchSurfaceMissile)
        shots.sort(key=lambda a: (a.shooter != c.selected_unit, a.shooter))
        set_options(self.shots, [(act_words(a), a) for a in shots])
        set_options(self.torpedoes, [(act_words(a), a) for a in self._offers(A.ContinueTorpedo)])
        logi = self._offers(A.Restock) + self._offers(A.Repair) + self._offers(A.Transfer) + self._offers(A.UnloadAtBase)
        set_options(self.logistics, [(act_words(a), a) for a in logi])
        self.roll_odds.value = odds_text(self._chance(A.RollMovement())) if self._offers(A.RollMovement) else ""
        self.course.value = ""
        self._draw_odds()
        self._new_plan()
        rows = [self.head, waiting and W.HBox([self.hand_over_button]),
                bool(self._offers(A.RollMovement)) and W.VBox([self.roll_button, self.roll_odds]),
                bool(self.torpedoes.options) and W.VBox([self.torpedoes, self.continue_odds, self.continue_button]),
                bool(moves) and W.VBox([self.piece, self.die, W.HBox(self.step_buttons + [self.clear_button]),
                                        self.plan, self.move_button]),
                bool(shots) and W.VBox([w for w in (self.shots, isinstance(self.shots.value, A.LaunchTorpedo)
                                                    and self.course, self.shot_odds, self.fire_button) if w]),
                bool(logi) and W.HBox([self.logistics, self.logistics_button]),
                self.more.draw() and self.more.widget,
                bool(self._offers(A.EndTurn)) and W.HBox([self.end_button])]
        set_children(self.widget, rows)

    def shot(self) -> Any:
        """The shot chosen: the offered act, a torpedo on the chosen course (:data:`COURSES`)."""
        a = self.shots.value
        if isinstance(a, A.LaunchTorpedo) and self.course.value:
            return replace(a, turn_at=self.course.value[0], turn=self.course.value[1])
        return a

    def _chance(self, act: Any) -> Any:
        try:
            return self.lab.ctl.game.chance_outcomes(act)
        except LabError as e:      # a course the rules refuse: no odds, its rule and reason instead
            return e
        except Exception:          # no odds to show: a refusal comes when applied
            return None

    def _odds(self, act: Any) -> str:
        got = self._chance(act) if act is not None else None
        if isinstance(got, LabError):
            return f'<div class="lcb-card arch-odds"><span class="lcb-refused">{esc(refusal_text(got))}</span></div>'
        return odds_text(got)

    def _draw_odds(self) -> None:
        self.shot_odds.value = self._odds(self.shot())
        self.continue_odds.value = self._odds(self.torpedoes.value)
        self.lab.show_aim(self.shots.value)

    def _new_plan(self) -> None:
        self.steps = ""
        self._draw_plan()

    def reach(self) -> list[Axial]:
        """The points the selected piece may end its move on with the chosen die (the template's options)."""
        c = self.lab.ctl
        piece = c.view_model().view["pieces"].get(c.selected_unit)
        if piece is None:
            return []
        for t in self.move_templates():
            if t.limits["piece"] == c.selected_unit and t.limits["die"] == self.die.value:
                start = Axial(*piece["point"])
                return sorted({plan_end(start, piece["facing"], s)[0] for s in t.options})
        return []

    def _draw_plan(self) -> None:
        c = self.lab.ctl
        piece = c.view_model().view["pieces"].get(c.selected_unit)
        if piece is None or self.die.value is None:
            self.plan.value = '<span class="lcb-muted">Tap one of your pieces (or choose it above) to move it.</span>'
            self.lab.show_plan(None, [])
            return
        end, facing = plan_end(Axial(*piece["point"]), piece["facing"], self.steps)
        words = " \u2192 ".join(STEP_WORDS[s] for s in self.steps) or "no step yet"
        where = (f'point {point_name(self.lab.board, end)} facing {Facing(facing).name}'
                 if end in self.lab.board else "off the board")      # no point to name: the move will be refused
        self.plan.value = (f'<div class="lcb-small">Planned on blue {self.die.value}: <b>{esc(words)}</b> '
                           f'({len(self.steps)} step{"s" if len(self.steps) != 1 else ""}) \u2192 {esc(where)} '
                           '<span class="lcb-rule">l.183</span></div>')
        self.lab.show_plan(end if self.steps else None, self.reach())
