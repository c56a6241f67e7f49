"""The impulse panel: begin an impulse, declare Core Actions, act, allocate combat, end.

Every button calls a command of the lab (:class:`ImpulseCommands`, which
:class:`~lcb_lab.ui.lcb.app.LabApp` implements): it calls the engine and turns a
refusal into a red message naming the rule.  The panel shows only the sections
the impulse's phase allows (3.3): begin -> declare (3.03) -> act (move / conceal /
ZOR / resupply) and combat (3.38, 7.010) -> end.

What is offered comes from the view's legal actions (``LabController.offers()``,
:mod:`lcb_lab.games.lcb.offers`): the Task Forces to begin, the Core Action kinds, units
and JCCs that may be declared (*Add action* asks the engine whether the
declaration so far stays legal -- no fourth AP, 3.32, no unit activated twice,
3.34 -- and refuses at once, naming the rule), the shooters / CVs / targets /
dice of the combat template, the grants of the RESUPPLY templates; *Move* /
*ZOR* / *Conceal* / *Resupply* / *Commit* / *Resolve* / *End impulse* /
*Relinquish* are enabled only when listed.  The AP a declaration costs is the
engine's (:func:`lcb_lab.games.lcb.rules.stages.sequence.ap_cost`); while it would leave AP
unused the builder says so (3.310) and *Declare* reads "Declare (forfeit n AP)",
beside *Add more*.

It observes the controller's ``version`` and ``viewer`` (the whole panel, once
per change) and ``selected_hex`` (only *Move to* / *ZOR into* and the Units list
of the builder).

Hidden information: the controls belong to the team that plays (the active
Task Force's team, or the team due to begin the next impulse) and to the
instructor.  In the other team's view no section is built into the tab (only the status line),
every control is disabled and every list that could name a unit or a card is
emptied (ipywidgets send a widget's options to the browser whether it is on the
page or not), and a line says who is playing, with a button that hands the
screen over.  The sections a phase does not use are left out of the tab the same
way (:func:`~lcb_lab.ui.lab.sync.set_children`), never hidden by hand.

This module builds the widgets, locks the other team's view and redraws the tab; each
section's methods are a mixin of their own: :mod:`lcb_lab.ui.lcb.impulse_declare` (the
builder), :mod:`lcb_lab.ui.lcb.impulse_act` (carry out, RESUPPLY grants) and
:mod:`lcb_lab.ui.lcb.impulse_combat` (allocations, the odds preview).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, Protocol

import ipywidgets as W

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.rules.stages.sequence import ap_cost
from lcb_lab.ui.lab.controller import follow
from lcb_lab.ui.lcb.impulse_act import ActControls
from lcb_lab.ui.lcb.impulse_combat import NO_LRS_TARGET, CombatAllocator
from lcb_lab.ui.lcb.impulse_declare import ACTION_KINDS, DeclarationBuilder, action_text
from lcb_lab.ui.lcb.impulse_why import act_tooltip
from lcb_lab.ui.lcb.panels import esc, rule_badges, team_span, view_name
from lcb_lab.ui.lab.sync import set_children, set_options

if TYPE_CHECKING:  # pragma: no cover
    from lcb_lab.ui.lcb.controller import LcbController


class ImpulseCommands(Protocol):
    """What the panel's buttons call (the lab's methods of the same names)."""

    def begin_impulse(self, task_force: str | None) -> Any:
        """Begin ``task_force``'s impulse (3.3)."""

    def relinquish(self) -> Any:
        """The initiative team lets the other go first (3.41)."""

    def declare(self, actions: list[dict]) -> Any:
        """Declare the impulse's Core Actions (3.03): ``[{"kind", "units", "jcc"}]``."""

    def pass_impulse(self) -> Any:
        """Pass: declare no Core Action (3.310) and end the impulse when it may end (3.3)."""

    def move(self, action: int, dest: str | None) -> Any:
        """Declared action ``#action`` moves to ``dest`` (5.12)."""

    def conceal(self, action: int, units: list[str] | None = None) -> Any:
        """Declared action ``#action`` conceals its units (all, or ``units``; 6.1)."""

    def exercise_zor(self, action: int, hex: str | None) -> Any:
        """Declared action ``#action`` exercises its ground ZOR into ``hex`` (6.21)."""

    def resupply(self, action: int, logistics: str | None, rv_slot: str, grants: list[dict]) -> Any:
        """``logistics`` of declared action ``#action`` grants RP from RV ``rv_slot`` (8.0)."""

    def commit_combat(self, lrs: Iterable[dict] = (), ga: Iterable[dict] = ()) -> Any:
        """Commit every LRS and GROUND ASSAULT allocation of the impulse at once (3.38)."""

    def resolve(self) -> Any:
        """Roll the committed combat (7.010)."""

    def end_impulse(self) -> Any:
        """End the impulse (3.39)."""

    def set_team(self, team: str) -> None:
        """Redraw the lab from ``team``'s view ("US", "RU" or "instructor")."""


def _lay(width: str = "auto", **kw) -> W.Layout:
    return W.Layout(width=width, **kw)


class ImpulsePanel(DeclarationBuilder, ActControls, CombatAllocator):
    """``widget``: the Impulse tab; ``ctl`` the lab's controller, ``cmd`` its commands."""

    def __init__(self, ctl: "LcbController", cmd: ImpulseCommands):
        self.ctl, self.cmd = ctl, cmd
        self.pending_decl: list[dict] = []
        self.allocs: list[tuple[str, dict]] = []   # ("lrs" | "ga", row), in the order added
        self.grants: list[dict] = []

        # -- begin
        self.status = W.HTML()
        self.tf = W.Dropdown(description="Task Force", layout=_lay("250px"), style={"description_width": "75px"})
        self.begin_button = W.Button(description="Begin impulse", button_style="primary", layout=_lay("120px"))
        self.begin_button.on_click(lambda _b: self.cmd.begin_impulse(self.tf.value))
        self.relinquish_button = W.Button(description="Relinquish initiative", layout=_lay("170px"))
        self.relinquish_button.on_click(lambda _b: self.cmd.relinquish())
        self.begin_box = W.VBox([W.HBox([self.tf, self.begin_button]), self.relinquish_button])

        # -- declare
        self.kind = W.Dropdown(options=ACTION_KINDS, value="move_combat", layout=_lay("300px"),
                               description="Action", style={"description_width": "45px"})
        self.units = W.SelectMultiple(options=[], rows=4, layout=_lay("300px"), description="Units",
                                      style={"description_width": "45px"})
        self.kind.observe(lambda _c: self._fill_units(auto=False), "value")
        self.jcc = W.Combobox(placeholder="JCC name (card)", layout=_lay("300px"), description="JCC",
                              style={"description_width": "45px"}, ensure_option=False)
        self.add_decl = W.Button(description="Add action", icon="plus", layout=_lay("auto"))
        self.add_decl.on_click(lambda _b: self.add_declaration(self.kind.value, list(self.units.value),
                                                               self.jcc.value or None))
        self.drop_decl = W.Button(description="Remove last", layout=_lay("auto"))
        self.drop_decl.on_click(lambda _b: self._drop(self.pending_decl))
        self.declare_button = W.Button(description="Declare", button_style="primary",
                                       layout=_lay("auto", min_width="110px"),
                                       tooltip="declare the actions listed (3.03); AP not used are forfeited (3.310)")
        self.declare_button.on_click(lambda _b: self.cmd.declare(list(self.pending_decl)))
        self.pass_button = W.Button(description="Pass", icon="forward", layout=_lay("auto"))
        self.pass_button.on_click(lambda _b: self.cmd.pass_impulse())
        """*Pass*: declare no Core Action (every AP lost, 3.310) and end the impulse, in one click."""
        self.decl_list = W.HTML()
        self.forfeit_note = W.HTML()
        """The 3.310 note while the declaration built would leave AP unused."""
        self.declare_box = W.VBox([W.HTML("<b>Declare the impulse's Core Actions</b> " + rule_badges(["3.03", "3.31"])),
                                   self.kind, self.units, self.jcc,
                                   W.HBox([self.add_decl, self.drop_decl, self.declare_button, self.pass_button],
                                          layout=W.Layout(flex_flow="row wrap")), self.forfeit_note,
                                   self.decl_list])

        # -- act
        self.action = W.Dropdown(description="Action", layout=_lay("auto", flex="1 1 auto"), style={"description_width": "45px"})
        self.action.observe(lambda _c: self._act_buttons(), "value")
        self.move_button = W.Button(description="Move to clicked hex", icon="arrows", layout=_lay("auto"))
        self.move_button.on_click(lambda _b: self.cmd.move(self.action.value, self.ctl.selected_hex))
        self.conceal_button = W.Button(description="Conceal", icon="eye-slash", layout=_lay("auto"))
        self.conceal_button.on_click(lambda _b: self.cmd.conceal(self.action.value))
        self.zor_button = W.Button(description="ZOR into clicked hex", layout=_lay("auto"))
        self.zor_button.on_click(lambda _b: self.cmd.exercise_zor(self.action.value, self.ctl.selected_hex))
        self.act_hint = W.HTML()
        # resupply form (8.0)
        self.log_unit = W.Dropdown(description="Logistics", layout=_lay("210px"), style={"description_width": "60px"})
        self.rv = W.Dropdown(options=[], layout=_lay("75px"))
        self.grant_unit = W.Dropdown(description="to", layout=_lay("170px"), style={"description_width": "20px"})
        self.grant_slot = W.Dropdown(layout=_lay("80px"))
        self.grant_rp = W.BoundedIntText(value=1, min=1, max=99, layout=_lay("60px"))
        self.grant_unit.observe(lambda _c: self._grant_slots(), "value")
        self.log_unit.observe(lambda _c: self._grant_units(), "value")
        self.rv.observe(lambda _c: self._grant_units(), "value")
        self.add_grant = W.Button(description="Add grant", layout=_lay("90px"))
        self.add_grant.on_click(lambda _b: self._add_grant())
        self.resupply_button = W.Button(description="Resupply", icon="truck", layout=_lay("100px"))
        self.resupply_button.on_click(lambda _b: self.cmd.resupply(self.action.value, self.log_unit.value,
                                                                   self.rv.value, list(self.grants)))
        self.grant_list = W.HTML()
        self.resupply_box = W.VBox([W.HTML("<b>Resupply</b> " + rule_badges(["8.0", "8.03"])),
                                    W.HBox([self.log_unit, self.rv]),
                                    W.HBox([self.grant_unit, self.grant_slot, self.grant_rp]),
                                    W.HBox([self.add_grant, self.resupply_button]), self.grant_list])
        self.action.description = "Carry out"
        self.action.style.description_width = "62px"
        self.act_row = W.HBox([self.move_button, self.zor_button, self.conceal_button],
                              layout=W.Layout(flex_flow="row wrap"))
        """*Move to* / *ZOR into* / *Conceal*: hidden while the chosen action plays a card."""
        self.act_head = W.HBox([self.action, W.HTML(rule_badges(["3.36", "3.38"]))])
        self.act_box = W.VBox([self.act_head, self.act_row, self.act_hint])
        self._act_parts = {"row": True, "resupply": False}
        """Which optional parts of the act section are built: *Move* / *ZOR* / *Conceal* (not for a
        card play), the Resupply form (a declared Move and/or Resupply of a logistics unit)."""
        self._no_combat = ""

        # -- combat
        self.shooter = W.Dropdown(layout=_lay("118px"))
        self.slot = W.Dropdown(layout=_lay("70px"))
        self.target = W.Dropdown(layout=_lay("118px"))
        self.dice = W.BoundedIntText(value=4, min=1, max=40, layout=_lay("54px"))
        self.shooter.observe(lambda _c: self._slots(), "value")
        self.slot.observe(lambda _c: self._targets(), "value")
        for w in (self.shooter, self.slot, self.target, self.dice):
            w.observe(lambda _c: self.update_preview(), "value")
        self.add_lrs_button = W.Button(description="Add LRS", icon="plus", layout=_lay("auto"))
        self.add_lrs_button.on_click(lambda _b: self.add_lrs(self.shooter.value, self.slot.value,
                                                             self.target.value, self.dice.value))
        self.add_ga_button = W.Button(description="Add GA", icon="plus", layout=_lay("auto"),
                                      tooltip="GROUND ASSAULT with the GA track of the attacker (7.1)")
        self.add_ga_button.on_click(lambda _b: self.add_ga(self.shooter.value, self.target.value, self.dice.value))
        self.drop_alloc = W.Button(description="Remove last", layout=_lay("auto"))
        self.drop_alloc.on_click(lambda _b: self._drop_alloc())
        self.alloc_list = W.HTML()
        self.preview = W.HTML()
        self.preview.add_class("lcb-odds")
        self.commit_button = W.Button(description="Commit combat", button_style="warning", layout=_lay("auto"))
        self.commit_button.on_click(lambda _b: self.cmd.commit_combat(list(self.lrs_rows), list(self.ga_rows)))
        self.resolve_button = W.Button(description="Resolve combat", button_style="danger", icon="bolt",
                                       layout=_lay("auto"))
        self.resolve_button.on_click(lambda _b: self.cmd.resolve())
        self.combat_state = W.HTML()
        self.alloc_box = W.VBox([
            W.HBox([self.shooter, self.slot, self.target, self.dice]),
            W.HBox([self.add_lrs_button, self.add_ga_button, self.drop_alloc]),
            self.alloc_list, self.preview])
        self.combat_head = W.HTML("<b>Combat</b> " + rule_badges(["7.010", "7.03"]) + ' <span class="lcb-small '
                                  'lcb-muted">allocate: shooter / track / target / dice</span>')
        self.combat_box = W.VBox([self.combat_head, self.combat_state, self.alloc_box])
        self.combat_box.add_class("lcb-combat")

        self.end_button = W.Button(description="End impulse", icon="flag-checkered", layout=_lay("auto"))
        self.end_button.on_click(lambda _b: self.cmd.end_impulse())
        self.finish_row = W.HBox([self.commit_button, self.resolve_button, self.end_button],
                                 layout=W.Layout(flex_flow="row wrap"))
        """Commit / Resolve (when the impulse may fight) and End impulse: one row (one screen)."""

        # -- the other team's view: who plays, and a hand-over button
        self.locked_note = W.HTML()
        self.hand_over = W.Button(description="Hand over", icon="exchange", layout=_lay("300px"))
        self.hand_over.on_click(lambda _b: self._hand_over())
        self.locked_box = W.VBox([self.locked_note, self.hand_over])
        self.locked = False

        self.controls = [self.tf, self.begin_button, self.relinquish_button, self.kind, self.units, self.jcc,
                         self.add_decl, self.drop_decl, self.declare_button, self.pass_button, self.action,
                         self.move_button,
                         self.conceal_button, self.zor_button, self.log_unit, self.rv, self.grant_unit,
                         self.grant_slot, self.grant_rp, self.add_grant, self.resupply_button, self.shooter,
                         self.slot, self.target, self.dice, self.add_lrs_button, self.add_ga_button,
                         self.drop_alloc, self.commit_button, self.resolve_button, self.end_button]
        """Every input of the panel (disabled together in the other team's view)."""
        self.widget = W.VBox([self.status], layout=W.Layout(padding="2px"))
        """The tab: the status line, then only the sections the view may use now (:meth:`refresh`):
        a section the view may not use is not built into the page (not hidden)."""
        self.widget.add_class("lcb-impulse")
        self._preview_rows = None
        self._live = ctl.live
        self.follower = follow(ctl, ["version", "viewer"], self.refresh)
        self.hex_follower = follow(ctl, ["selected_hex"], self._on_hex)

    # ------------------------------------------------------------ builders
    def clear(self) -> None:
        """Forget the pending declaration, the combat allocations and the resupply grants."""
        self.pending_decl, self.allocs, self.grants = [], [], []

    # ------------------------------------------------------------ refresh
    def _hand_over(self) -> None:
        who = self.ctl.playing_team()
        if who:
            self.cmd.set_team(who)

    def _lock(self) -> None:
        """The other team's view: only the status and who plays (every section left out of the
        page), every control disabled and every list emptied (nothing of them reaches the browser)."""
        c = self.ctl
        who = c.playing_team()
        self.locked = True
        c.moving, c.card_action = (), None
        self.locked_note.value = f'<div class="lcb-card lcb-locked">{esc(c.locked_text())}.</div>'
        self.hand_over.description = f"Hand over: show the {view_name(who)}"
        set_children(self.widget, [self.status, self.locked_box])
        for w in self.controls:
            if not w.disabled:
                w.disabled = True
            if isinstance(w, W.Button) and w.tooltip:
                w.tooltip = ""                  # a reason of the playing team's view is no other view's
        for dd in (self.tf, self.action, self.log_unit, self.rv, self.grant_unit, self.grant_slot, self.shooter,
                   self.slot, self.target, self.kind):
            set_options(dd, [])
        set_options(self.units, [])
        set_options(self.jcc, [], value="")
        for html in (self.decl_list, self.forfeit_note, self.alloc_list, self.grant_list, self.preview,
                     self.combat_state, self.act_hint):
            html.value = ""
        self._preview_rows = None

    def _unlock(self) -> None:
        if not self.locked:
            return
        self.locked = False
        self.locked_note.value = ""
        for w in self.controls:
            if w.disabled:
                w.disabled = False

    def _draw_end(self, legal: bool, fight: bool) -> None:
        """The finish row, drawn afresh at every refresh from the view's legal actions (3.3):
        *Commit* / *Resolve* when the impulse may fight; *End impulse* enabled when ending the
        impulse is legal for the viewer, disabled while the impulse goes on but may not end yet (a
        response window, combat committed), not built between impulses.  Nothing of it is left
        over from an earlier lock (hand-over, another view)."""
        imp = self.ctl.game.impulse
        set_children(self.finish_row, [self.commit_button if fight else None, self.resolve_button if fight else None,
                                       self.end_button if imp is not None or legal else None])
        self.end_button.disabled = not legal
        self._tip(self.end_button, A.EndImpulse(), legal, "end the impulse (3.3)")

    def _tip(self, button: W.Button, action, enabled: bool, does: str) -> None:
        """``button``'s tooltip: what it does, or why it is greyed (:func:`impulse_why.act_tooltip`)."""
        tip = act_tooltip(self.ctl, button.description, action, enabled, does)
        if button.tooltip != tip:
            button.tooltip = tip

    def _draw_act_box(self, row: bool | None = None, resupply: bool | None = None) -> None:
        """The act section's parts (``row``: *Move* / *ZOR* / *Conceal*; ``resupply``: the Resupply
        form; None keeps the part as it is)."""
        for key, on in (("row", row), ("resupply", resupply)):
            if on is not None:
                self._act_parts[key] = on
        set_children(self.act_box, [self.act_head, self.act_row if self._act_parts["row"] else None, self.act_hint,
                                    self.resupply_box if self._act_parts["resupply"] else None])

    def status_text(self) -> str:
        """The status line (HTML): during an impulse whose it is and its AP; between impulses
        who begins the next one."""
        g, vm = self.ctl.game, self.ctl.view_model()
        imp = g.impulse
        head = f"<b>Turn {vm.turn}</b> \u00b7 initiative {team_span(vm.initiative)}"
        if self.ctl.past_step is not None:           # the History tab shows a past step: not now
            head = (f'<div class="lcb-past">Step {self.ctl.past_step} of the record (History \u203a Back to now '
                    f'to play on)</div>{head}')
        if vm.stage != "action":
            return head + f'<div class="lcb-refused">Game over: {esc(vm.result)}</div>'
        if imp is None:
            nxt = vm.playing
            return head + " \u00b7 " + (f"next impulse: {team_span(nxt)}" if nxt else "end of turn")
        line = f"{team_span(imp.team)} impulse: <b>{esc(imp.task_force)}</b> \u00b7 "
        if imp.phase == "declare":
            line += f"AP: {imp.ap} to declare {rule_badges(['3.32'])}"
        else:
            declared = sum(ap_cost(d.kind) for d in imp.actions)
            line += f"AP: {declared} declared, 0 to spend"
            if imp.ap:
                line += f" ({imp.ap} unused, lost {rule_badges(['3.310'])})"
            step = ("combat resolved: end the impulse" if imp.phase == "combat_done"
                    else "combat committed" if imp.combat is not None else "carry out the actions")
            line += f" \u00b7 {step}"
        return head + f"<div>{line}</div>"

    def _forget_done_rows(self) -> None:
        """Rows the game has moved past: the declaration once declared, the allocations once
        committed, the grants once their action resupplied (a refusal keeps them)."""
        imp = self.ctl.game.impulse
        if imp is None:
            if self.pending_decl or self.allocs or self.grants:
                self.clear()
            return
        if imp.phase != "declare" and self.pending_decl:
            self.pending_decl = []
        if imp.combat is not None and self.allocs:
            self.allocs = []
            self._show_alloc()
        d = self._declared(self._aid()) if self._aid() is not None else None
        if self.grants and d is not None and d.resupplied:
            self.grants = []
            self.show_grants()

    def refresh(self) -> None:
        """Redraw the whole tab from the game and the view (the controller's ``version`` / ``viewer``)."""
        c, g = self.ctl, self.ctl.game
        imp = g.impulse
        head = self.status_text()
        self.status.value = f'<div class="lcb-card">{head}</div>'
        if c.live is not self._live:         # a new, loaded or lesson game: nothing of the old one
            self._live = c.live
            self.clear()
        if c.game is c.live:
            self._forget_done_rows()
        c.moving = ()                        # set again below while a declared action may move
        if not c.may_play():
            self._lock()
            return
        self._unlock()
        phase = imp.phase if imp else None
        fight = self.combat_possible()
        set_children(self.widget, [self.status, self.begin_box if imp is None else None,
                                   self.declare_box if phase == "declare" else None,
                                   self.act_box if phase in ("act", "combat_done") else None,
                                   self.combat_box if fight else None, self.finish_row if imp is not None else None])
        o = c.offers()
        self._draw_end(o.end, fight)
        if imp is None or phase == "declare":
            c.card_action = None
        if imp is None:
            set_options(self.tf, o.task_forces)
            self.begin_button.disabled = not o.task_forces
            self.relinquish_button.disabled = not o.relinquish
            self._tip(self.relinquish_button, A.Relinquish(), o.relinquish,
                      "the other team begins the first impulse of the turn (3.41)")
            return
        if phase == "declare":
            kinds = o.kinds()
            set_options(self.kind, [(n, k) for n, k in ACTION_KINDS if k in kinds])
            self._fill_units()
            set_options(self.jcc, o.jccs() or c.jcc_names(imp.team))
            self.add_decl.disabled = not kinds
            self._show_decl()
            return
        acts = [(f"#{d.aid} {action_text(d.kind, d.units, d.jcc)}" + (" (moved)" if d.moved else ""), d.aid)
                for d in imp.actions]
        set_options(self.action, acts)
        self._no_combat = "" if fight else (
            '<div class="lcb-small lcb-muted">No combat this impulse: no Move and/or Initiate Combat action was '
            "declared and no unit is engaged in Continuing Combat (7.22); Combined Arms Activation (7.18) only "
            "supports a GROUND ASSAULT.</div>")
        self._hex_buttons()                  # the act buttons, their reasons and the hint under them
        res_units = [u for d in imp.actions if d.kind == "move_resupply" for u in d.units
                     if g.utype(u).is_logistics]
        self._draw_act_box(resupply=bool(res_units))
        set_options(self.log_unit, res_units)
        self._grant_units()
        self.show_grants()
        set_options(self.shooter, o.shooters() + self._combined_arms())
        self._slots()
        committed = imp.combat is not None
        self.commit_button.disabled = committed or o.combat is None
        self.resolve_button.disabled = not o.resolve
        self._tip(self.resolve_button, A.ResolveCombat(), o.resolve, "roll the committed combat (7.010)")
        set_children(self.combat_box, [self.combat_head, self.combat_state, None if committed else self.alloc_box])
        if not committed:
            self.combat_state.value = "" if o.combat is not None or not fight else (
                f'<div class="lcb-small lcb-muted">No attack is possible now. {esc(NO_LRS_TARGET)}</div>')
            self._show_alloc()
        elif phase == "combat_done":
            self.combat_state.value = '<div class="lcb-ok">Combat resolved: see the explained log.</div>'
        else:
            pending = g.pending
            self.combat_state.value = (
                f'<div>Combat committed. {team_span(pending.team)} was deciding at step {c.past_step} of the '
                f'record.</div>' if pending and c.past_step is not None else
                f'<div>Combat committed. Waiting for {team_span(pending.team)}\'s decision above.</div>' if pending
                else "<div>Combat committed: press <b>Resolve combat</b> to roll.</div>")
