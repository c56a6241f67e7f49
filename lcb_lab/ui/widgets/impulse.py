"""The impulse panel: begin an impulse, declare Core Actions, act, allocate combat, end.

Every button calls a command of the lab (:class:`ImpulseCommands`, which
:class:`~lcb_lab.ui.widgets.app.LabApp` implements): it calls the engine and turns a
refusal into a red message naming the rule.  The panel shows only the sections
the impulse's phase allows (3.3): begin -> declare (3.03) -> act (move / conceal /
ZOR / resupply) and combat (3.38, 7.010) -> end.

What is offered comes from the view's legal actions (``LabController.offers()``,
:mod:`lcb_lab.ui.offers`): the Task Forces to begin, the Core Action kinds, units
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
instructor.  In the other team's view every control is disabled and hidden,
every list that could name a unit or a card is emptied (ipywidgets send
hidden widgets' options to the browser too), and a line says who is playing,
with a button that hands the screen over.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import ipywidgets as W

from lcb_lab.games.lcb import actions as A
from lcb_lab.kernel.errors import LabError
from lcb_lab.ui.offers import declaration_refusal
from lcb_lab.games.lcb.rules.stages.sequence import CORE_ACTION_NAMES, NETWORK_REPAIR, ap_cost
from lcb_lab.ui.widgets.cards import play_anchor
from lcb_lab.ui.widgets.controller import follow
from lcb_lab.ui.widgets.panels import esc, hp_lost_rows, refusal_text, rule_badges, slot_words, team_span, view_name
from lcb_lab.ui.widgets.sync import set_options

if TYPE_CHECKING:  # pragma: no cover
    from lcb_lab.ui.widgets.controller import LabController


class ImpulseCommands(Protocol):
    """What the panel's buttons call (the lab's methods of the same names)."""

    def begin_impulse(self, task_force): ...
    def relinquish(self): ...
    def declare(self, actions): ...
    def move(self, action, dest): ...
    def conceal(self, action, units=None): ...
    def exercise_zor(self, action, hex): ...
    def resupply(self, action, logistics, rv_slot, grants): ...
    def commit_combat(self, lrs=(), ga=()): ...
    def resolve(self): ...
    def end_impulse(self): ...
    def set_team(self, team): ...

KIND_NAME = dict(CORE_ACTION_NAMES)
"""The Core Actions' names, as the engine (and its log) spells them (3.31)."""
ACTION_KINDS = [(name + (f" ({ap_cost(kind)} AP)" if ap_cost(kind) != 1 else ""), kind)
                for kind, name in CORE_ACTION_NAMES.items()]
"""The builder's choices: the engine's names (the cube removal says its cost)."""
UNIT_KINDS = {k for k in CORE_ACTION_NAMES if k not in ("play_jcc", NETWORK_REPAIR)}
"""Core Actions that activate a unit or a stack (3.31)."""
JCC_KINDS = {"play_jcc", "move_embarked_jcc"}

NO_LRS_TARGET = ("No target: only revealed enemy units can be targeted by LRS (6.14, 7.32). "
                 "Reveal units by ZOR, by combat, or with a card effect.")
NO_GA_TARGET = ("No target: GROUND ASSAULT targets an enemy ground unit the attacker can see in its own hex "
                "(range 0, 7.12). Reveal units by ZOR, by combat, or with a card effect.")


def action_text(kind: str, units=(), jcc: str | None = None) -> str:
    """A Core Action as the log words it: "Move and/or Initiate Combat: DDG-51",
    "Play a JCC (MARSOC HALO)"."""
    text = KIND_NAME.get(kind, kind)
    if units:
        text += ": " + ", ".join(units)
    if jcc:
        text += f" ({jcc})"
    return text


def _core(a: dict) -> A.CoreAction:
    """A builder row (``{"kind", "units", "jcc"}``) as a typed Core Action."""
    return A.CoreAction(a["kind"], tuple(a.get("units", ())), a.get("jcc"))


def _lay(width: str = "auto", **kw) -> W.Layout:
    return W.Layout(width=width, **kw)


class ImpulsePanel:
    """``widget``: the Impulse tab; ``ctl`` the lab's controller, ``cmd`` its commands."""

    def __init__(self, ctl: "LabController", cmd: ImpulseCommands):
        self.ctl, self.cmd = ctl, cmd
        self.pending_decl: list[dict] = []
        self.allocs: list[tuple[str, dict]] = []   # ("lrs" | "ga", row), in the order added
        self.grants: list[dict] = []

        # -- begin
        self.status = W.HTML()
        self.tf = W.Dropdown(description="Task Force", layout=_lay("250px"), style={"description_width": "75px"})
        self.begin_button = W.Button(description="Begin impulse", button_style="primary", layout=_lay("120px"))
        self.begin_button.on_click(lambda _b: self.cmd.begin_impulse(self.tf.value))
        self.relinquish_button = W.Button(description="Relinquish initiative", layout=_lay("170px"),
                                          tooltip="3.41: only at the start of the Action Stage")
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
        self.decl_list = W.HTML()
        self.forfeit_note = W.HTML()
        """The 3.310 note while the declaration built would leave AP unused."""
        self.declare_box = W.VBox([W.HTML("<b>Declare the impulse's Core Actions</b> " + rule_badges(["3.03", "3.31"])),
                                   self.kind, self.units, self.jcc,
                                   W.HBox([self.add_decl, self.drop_decl, self.declare_button]), self.forfeit_note,
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
        self.act_box = W.VBox([W.HBox([self.action, W.HTML(rule_badges(["3.36", "3.38"]))]), self.act_row,
                               self.act_hint, self.resupply_box])
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
        self.combat_box = W.VBox([
            W.HTML("<b>Combat</b> " + rule_badges(["7.010", "7.03"]) + ' <span class="lcb-small lcb-muted">'
                   "allocate: shooter / track / target / dice</span>"), self.combat_state, self.alloc_box])
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
        self.locked_box = W.VBox([self.locked_note, self.hand_over], layout=W.Layout(display="none"))
        self.locked = False

        self.controls = [self.tf, self.begin_button, self.relinquish_button, self.kind, self.units, self.jcc,
                         self.add_decl, self.drop_decl, self.declare_button, self.action, self.move_button,
                         self.conceal_button, self.zor_button, self.log_unit, self.rv, self.grant_unit,
                         self.grant_slot, self.grant_rp, self.add_grant, self.resupply_button, self.shooter,
                         self.slot, self.target, self.dice, self.add_lrs_button, self.add_ga_button,
                         self.drop_alloc, self.commit_button, self.resolve_button, self.end_button]
        """Every input of the panel (disabled together in the other team's view)."""
        self.widget = W.VBox([self.status, self.locked_box, self.begin_box, self.declare_box, self.act_box,
                              self.combat_box, self.finish_row], layout=W.Layout(padding="2px"))
        self.widget.add_class("lcb-impulse")
        self._preview_rows = None
        self._live = ctl.live
        self.follower = follow(ctl, ["version", "viewer"], self.refresh)
        self.hex_follower = follow(ctl, ["selected_hex"], self._on_hex)

    # ------------------------------------------------------------ builders
    def add_declaration(self, kind: str, units: list[str], jcc: str | None = None) -> list[dict]:
        """Add one Core Action to the builder (declared together with *Declare*, 3.03).

        A unit-based action with no unit, or a card action with no card name,
        is refused with a plain message (3.31) and nothing is added."""
        units = list(units or [])
        name = KIND_NAME.get(kind, kind)
        if kind not in self.ctl.offers().kinds():
            self.ctl.say(f"Add action: no {name} action may be declared now (3.31). Nothing added.")
            return self.pending_decl
        if kind in UNIT_KINDS and not units:
            self.ctl.say(f"Add action: choose at least one unit in the Units list \u2014 a {name} action "
                         "activates one unit or one stack (3.31). Nothing added.")
            return self.pending_decl
        if kind == "play_jcc" and not (jcc or "").strip():
            self.ctl.say("Add action: name the JCC played (pick it in the JCC box) \u2014 Play a JCC names its "
                         "card (3.31). Nothing added.")
            return self.pending_decl
        a: dict = {"kind": kind}
        if kind not in ("play_jcc", NETWORK_REPAIR):
            a["units"] = units
        if jcc and kind in JCC_KINDS:
            a["jcc"] = jcc.strip()
        try:
            why = declaration_refusal(self.ctl.game, [_core(x) for x in self.pending_decl], _core(a))
        except LabError as e:   # malformed input (e.g. a unit name that is not a string)
            why = e
        if why is not None:
            self.ctl.say("Add action: " + refusal_text(why).replace("Nothing changed.", "Nothing added."))
            return self.pending_decl
        self.pending_decl.append(a)
        if a.get("jcc") and self.jcc.value:
            self.jcc.value = ""                     # added: the box is ready for the next card
        self._show_decl()
        return self.pending_decl

    def _drop(self, rows: list) -> None:
        if rows:
            rows.pop()
        self._show_decl()

    def declaration_cost(self) -> int:
        """AP of the declaration built so far (the engine's cost of each Core Action, 3.32, 7.61)."""
        return sum(ap_cost(a["kind"]) for a in self.pending_decl)

    def _show_decl(self) -> None:
        imp = self.ctl.game.impulse
        ap = imp.ap if imp else 0
        cost = self.declaration_cost()
        left = ap - cost
        items = "".join(f"<li>{esc(action_text(a['kind'], a.get('units', []), a.get('jcc')))}</li>"
                        for a in self.pending_decl)
        colour = "#a8231a" if cost > ap else "#1f2a33"
        self.decl_list.value = (f'<div style="color:{colour}">AP: {cost} of {ap} used</div>'
                                + (f"<ol>{items}</ol>" if items else '<span class="lcb-muted">No action added yet.</span>'))
        self.declare_button.description = f"Declare (forfeit {left} AP)" if left > 0 else "Declare"
        self.add_decl.description = "Add more" if self.pending_decl and left > 0 else "Add action"
        self.forfeit_note.value = "" if left <= 0 else (
            f'<div class="lcb-small lcb-locked" style="padding-left:5px">'
            f'{"Nothing declared yet" if not self.pending_decl else f"{cost} of {ap} AP declared"}: '
            f'declaring now forfeits {left} AP {rule_badges(["3.310"])} (passed AP are lost). '
            f'<b>Add more</b> actions, or <b>Declare (forfeit {left} AP)</b>.</div>')

    @property
    def lrs_rows(self) -> list[dict]:
        return [r for k, r in self.allocs if k == "lrs"]

    @property
    def ga_rows(self) -> list[dict]:
        return [r for k, r in self.allocs if k == "ga"]

    def add_lrs(self, shooter: str | None, slot: str | None, target: str | None, dice) -> list[dict]:
        """Add one LRS allocation row (7.3); committed with the others (3.38).

        A row without shooter, LRS track, target or dice is refused with a plain
        message (no target: only revealed enemy units may be targeted) and nothing is added."""
        why = None
        if not shooter:
            why = NO_LRS_TARGET if not target and self._nothing_to_attack() else (
                "No shooter: declare a Move and/or Initiate Combat action for the units that fire (3.31, 7.010).")
        elif not slot or not str(slot).startswith("LRS"):
            try:
                tracks = [c.slot for c in self.ctl.game.utype(shooter).cvs_of("LRS")]
            except (KeyError, ValueError):
                tracks = []
            if not tracks:
                why = f"No LRS track: {shooter} has no LONG-RANGE STRIKE value (4.32)."
            else:
                why = (f"No LRS track: choose {' or '.join(tracks)} (4.32)"
                       + (f"; {slot} is not an LRS track (use Add GA for GROUND ASSAULT)." if slot else "."))
        elif not target:
            why = NO_LRS_TARGET
        elif not isinstance(dice, int) or isinstance(dice, bool) or dice < 1:
            why = "No dice: allocate at least one die (7.3)."
        if why:
            self.ctl.say(f"Add LRS: {why} Nothing added.")
            return self.lrs_rows
        self.allocs.append(("lrs", {"shooter": shooter, "slot": slot, "target": target, "dice": int(dice)}))
        self._show_alloc()
        return self.lrs_rows

    def add_ga(self, attacker: str | None, target: str | None, dice) -> list[dict]:
        """Add one GROUND ASSAULT allocation row (7.1); refused like :meth:`add_lrs` when incomplete."""
        why = None
        if not attacker:
            why = NO_GA_TARGET if not target and self._nothing_to_attack() else (
                "No attacker: declare a Move and/or Initiate Combat action for the units that assault "
                "(3.31, 7.010).")
        elif not target:
            why = NO_GA_TARGET
        elif not isinstance(dice, int) or isinstance(dice, bool) or dice < 1:
            why = "No dice: allocate at least one die (7.14)."
        if why:
            self.ctl.say(f"Add GA: {why} Nothing added.")
            return self.ga_rows
        self.allocs.append(("ga", {"attacker": attacker, "target": target, "dice": int(dice)}))
        self._show_alloc()
        return self.ga_rows

    def _nothing_to_attack(self) -> bool:
        """A Move and/or Initiate Combat action is declared, yet no attack is offered (no target)."""
        imp = self.ctl.game.impulse
        return (imp is not None and any(d.kind == "move_combat" for d in imp.actions)
                and not self.ctl.offers().shooters())

    def clear(self) -> None:
        self.pending_decl, self.allocs, self.grants = [], [], []

    def _drop_alloc(self) -> None:
        if self.allocs:
            self.allocs.pop()
        self._show_alloc()

    def _slot_words(self, slot: str) -> str:
        """A track as the view names it: an Attached card's slot by the card's name (never its id)."""
        if ":" not in str(slot):
            return str(slot)
        names = {c["cid"]: c.get("name") for c in self.ctl.cards()[0] if c.get("cid") and c.get("name")}
        return slot_words(slot, names)

    def _show_alloc(self) -> None:
        rows = [f"LRS {esc(a['shooter'])} {esc(self._slot_words(a['slot']))} \u2192 {esc(a['target'])}: "
                f"{a['dice']} dice" for a in self.lrs_rows]
        rows += [f"GA {esc(a['attacker'])} \u2192 {esc(a['target'])}: {a['dice']} dice" for a in self.ga_rows]
        self.alloc_list.value = ("<ol>" + "".join(f"<li>{r}</li>" for r in rows) + "</ol>") if rows else \
            '<span class="lcb-muted">No allocation yet: add LRS or GA rows, then commit all at once (3.38).</span>'
        self.update_preview()

    def _add_grant(self) -> None:
        if self.grant_unit.value and self.grant_slot.value:
            self.grants.append({"unit": self.grant_unit.value, "slot": self.grant_slot.value,
                                "rp": int(self.grant_rp.value)})
        self.show_grants()

    def show_grants(self) -> None:
        self.grant_list.value = "".join(f"<div>{esc(g['unit'])} {esc(g['slot'])}: {g['rp']} RP</div>"
                                        for g in self.grants)

    # ------------------------------------------------------------ preview
    def update_preview(self) -> None:
        """Exact odds of the allocations (plus the row being edited), before any roll (7.02, 7.57)."""
        g = self.ctl.game
        rows = list(self.lrs_rows)
        if self.shooter.value and self.slot.value and self.target.value and \
                str(self.slot.value).startswith("LRS") and self.dice.value:
            row = {"shooter": self.shooter.value, "slot": self.slot.value, "target": self.target.value,
                   "dice": int(self.dice.value)}
            if row not in rows:
                rows.append(row)
        key = (id(g), self.ctl.version, tuple(tuple(r.items()) for r in rows))
        if key == self._preview_rows:       # the same rows on the same game: the odds shown hold
            return
        self._preview_rows = key
        if not rows:
            self.preview.value = ""
            return
        try:
            odds = g.preview_lrs(rows)
        except Exception as e:  # noqa: BLE001 - a preview must never break the panel
            self.preview.value = f'<span class="lcb-muted">no preview: {esc(e)}</span>'
            return
        lines = []
        for tgt, o in odds.items():
            dmg = hp_lost_rows(o["damage"])
            lines.append(f"<div><b>{esc(tgt)}</b>: P(destroyed) <b>{o['p_destroy'] * 100:.1f}%</b>, "
                         f"expected damage {o['expected']:.2f}<br><span class='lcb-small lcb-muted'>{dmg}</span></div>")
        self.preview.value = (f'<div class="lcb-card"><b>Exact odds before rolling</b> {rule_badges(["7.02", "7.57"])}'
                              '<span class="lcb-small lcb-muted"> before any INTERCEPT (the defender decides after '
                              f'you commit, 7.54)</span>{"".join(lines)}</div>')

    # ------------------------------------------------------------ refresh
    def _combined_arms(self) -> list[str]:
        """Unused LRS units that may support a declared GROUND ASSAULT (7.18): not listed by
        ``legal_actions`` (a caller states them), so offered beside the combat template's shooters."""
        if self.ctl.offers().combat is None:
            return []
        offered = self.ctl.offers().shooters()
        return [u for u in self.ctl.game.zero_ap_attackers()["combined_arms"] if u not in offered]

    def _slots(self) -> None:
        g, o, uid = self.ctl.game, self.ctl.offers(), self.shooter.value
        if not uid or self.locked:
            set_options(self.slot, [])
            self._targets()
            return
        slots = o.slots(uid) if uid in o.shooters() else [c.slot for c in g.utype(uid).cvs_of("LRS")]
        set_options(self.slot, [(self._slot_words(x), x) for x in slots])   # a card's slot by its name
        if self.slot.value not in slots and slots:
            self.slot.value = slots[0]
        self._targets()

    def _targets(self) -> None:
        """Targets and dice limit of the chosen shooter and CV (the combat template's options)."""
        c, o = self.ctl, self.ctl.offers()
        uid, slot, imp = self.shooter.value, self.slot.value, c.game.impulse
        if not uid or not slot or imp is None or self.locked:
            set_options(self.target, [])
            return
        if uid in o.shooters():
            targets, most = o.targets(uid, slot), o.max_dice(uid, slot)
        else:   # Combined Arms Activation support fire (7.18): the attacker's knowledge, face-up enemies
            view = c.game.view(imp.team)
            targets = [x["uid"] for x in view["counters"]
                       if not x.get("back") and x["team"] != imp.team and x.get("hex") and x.get("revealed")]
            most = 40
        set_options(self.target, targets)
        self.dice.max = max(1, most)

    def _grant_units(self) -> None:
        """The RVs of the chosen logistics unit with something to grant, and the units it may grant to."""
        o, log = self.ctl.offers(), self.log_unit.value
        set_options(self.rv, o.rv_slots(log) if log and not self.locked else [])
        grants = o.grants(log, self.rv.value) if log and self.rv.value and not self.locked else {}
        set_options(self.grant_unit, list(grants))
        self.grant_rp.max = max(1, o.rp(log, self.rv.value)) if grants else 99
        self.add_grant.disabled = not grants
        self._grant_slots()

    def _grant_slots(self) -> None:
        o, log, uid = self.ctl.offers(), self.log_unit.value, self.grant_unit.value
        slots = o.grants(log, self.rv.value).get(uid, []) if log and uid and not self.locked else []
        set_options(self.grant_slot, slots)

    def _aid(self) -> int | None:
        """The chosen declared action's stable id (the *Carry out* dropdown's value; None: none)."""
        v = self.action.value
        return v if isinstance(v, int) and not isinstance(v, bool) else None

    def _on_hex(self) -> None:
        """A hex was clicked: the builder's Units list (declare) or *Move to* / *ZOR into* (act)."""
        imp = self.ctl.game.impulse
        if self.locked or imp is None:
            return
        if imp.phase == "declare":
            self._fill_units()
        else:
            self._hex_buttons()

    def _hex_buttons(self) -> None:
        hx = self.ctl.selected_hex or "\u2014"
        self.move_button.description = f"Move to {hx}"
        self.zor_button.description = f"ZOR into {hx}"
        self._act_buttons()

    def _act_buttons(self) -> None:
        """Move / ZOR / Conceal / Resupply of the chosen declared action: enabled only when listed;
        a *Play a JCC* action shows a pointer to *Play a card* instead (``ctl.card_action``)."""
        c, o = self.ctl, self.ctl.offers()
        imp, aid, hx = c.game.impulse, self._aid(), c.selected_hex
        if self.locked or imp is None or imp.phase == "declare" or aid is None:
            for b in (self.move_button, self.zor_button, self.conceal_button, self.resupply_button):
                b.disabled = True
            c.moving, c.card_action = (), None
            return
        d = self._declared(aid)
        c.card_action = aid if d is not None and d.kind in JCC_KINDS else None
        self.act_row.layout.display = "none" if d is not None and d.kind == "play_jcc" else "flex"
        self._draw_hint(d)
        c.moving = self._moving(aid)
        self.move_button.disabled = not (hx in o.moves(aid) and self._known_path(aid, hx))
        self.zor_button.disabled = hx not in o.zor(aid)
        self.conceal_button.disabled = not o.conceal(aid)
        self.resupply_button.disabled = not o.resupply(aid)

    def _declared(self, aid: int):
        """The active impulse's declared Core Action ``aid`` (``state.Declared``; None: none)."""
        return next((d for d in self.ctl.game.impulse.actions if d.aid == aid), None)

    def _draw_hint(self, d) -> None:
        """The line under the act buttons for declared action ``d``: how to move / ZOR, or, for a
        card play, where its card is played (3.31) -- then why no combat (7.22)."""
        card = ""
        if d is not None and d.kind in JCC_KINDS:
            name = esc(d.jcc or "its card")
            ready = any(p.action == d.aid for p in self.ctl.offers().card_plays())
            card = (f'<div class="lcb-small">#{d.aid}: play {name} under <b>Play a card</b> (its option and '
                    f'target, then <b>Play</b>; 3.31) \u2014 <a class="lcb-go-play" href="#{play_anchor(self.ctl)}">'
                    "Go to Play a card</a></div>" if ready else
                    f'<div class="lcb-small lcb-muted">#{d.aid}: {name} has no play left now (3.31).</div>')
        move = "" if d is not None and d.kind == "play_jcc" else (
            '<div class="lcb-small lcb-muted">Click a hex first (a move: the cheapest legal '
            "path, 5.12; ZOR: one adjacent hex, 6.21).</div>")
        self.act_hint.value = move + card + self._no_combat

    def _moving(self, aid: int) -> tuple[str, ...]:
        """The units of declared action ``aid`` while it may still move (5.1; else ``()``)."""
        if not self.ctl.offers().moves(aid):
            return ()
        return tuple(next((d.units for d in self.ctl.game.impulse.actions if d.aid == aid), ()))

    def _known_path(self, aid: int, dest: str) -> bool:
        """Does the view know a path there (the one *Move* follows)? A team view's path avoids
        what it may not know (enemy backs), so a legal destination it cannot see is not offered."""
        c = self.ctl
        if c.viewer == "instructor":
            return True
        d = next(x for x in c.game.impulse.actions if x.aid == aid)
        try:
            c.game.path_to(list(d.units), dest, viewer=c.viewer)
        except LabError:
            return False
        return True

    def _fill_units(self, auto: bool = True) -> None:
        """The Units list: the units a legal declaration of the chosen kind may name (3.31, 3.36);
        ``auto``: select the clicked hex's offered units, or the only one."""
        c, imp = self.ctl, self.ctl.game.impulse
        if self.locked or imp is None or imp.phase != "declare":
            return
        kind = self.kind.value
        units = c.offers().units_for(kind) if kind in UNIT_KINDS else []
        keep = tuple(u for u in self.units.value if u in units)
        if auto and not keep:
            stack = [u for u in c.hex_units(c.selected_hex) if u in units] if c.selected_hex else []
            if stack:
                keep = tuple(stack)             # the clicked hex's stack
            elif len(units) == 1:
                keep = (units[0],)              # the only unit: selected, as it looks
        set_options(self.units, units, value=keep)

    def _hand_over(self) -> None:
        who = self.ctl.playing_team()
        if who:
            self.cmd.set_team(who)

    def _lock(self) -> None:
        """The other team's view: hide and disable every control, empty every list."""
        c = self.ctl
        who = c.playing_team()
        self.locked = True
        c.moving, c.card_action = (), None
        self.locked_note.value = f'<div class="lcb-card lcb-locked">{esc(c.locked_text())}.</div>'
        self.hand_over.description = f"Hand over: show the {view_name(who)}"
        self.locked_box.layout.display = "flex"
        for box in (self.begin_box, self.declare_box, self.act_box, self.combat_box, self.finish_row,
                    self.end_button):
            box.layout.display = "none"
        for w in self.controls:
            if not w.disabled:
                w.disabled = True
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
        self.locked_box.layout.display = "none"
        self.locked_note.value = ""
        for w in self.controls:
            if w.disabled:
                w.disabled = False

    def _draw_end(self, legal: bool) -> None:
        """*End impulse*, drawn afresh at every refresh from the view's legal actions (3.3): shown
        and enabled when ending the impulse is legal for the viewer, shown disabled while the
        impulse goes on but may not end yet (a response window, combat committed), hidden between
        impulses.  Nothing of it is left over from an earlier lock (hand-over, another view)."""
        imp = self.ctl.game.impulse
        self.end_button.layout.display = "flex" if imp is not None or legal else "none"
        self.end_button.disabled = not legal

    def status_text(self) -> str:
        """The status line (HTML): during an impulse whose it is and its AP; between impulses
        who begins the next one."""
        g = self.ctl.game
        s, imp = g.state, g.impulse
        head = f"<b>Turn {s.turn}</b> \u00b7 initiative {team_span(s.initiative)}"
        if self.ctl.past_step is not None:           # the History tab shows a past step: not now
            head = (f'<div class="lcb-past">Step {self.ctl.past_step} of the record (History \u203a Back to now '
                    f'to play on)</div>{head}')
        if s.stage != "action":
            return head + f'<div class="lcb-refused">Game over: {esc(s.result)}</div>'
        if imp is None:
            nxt = g.next_team()
            return head + " \u00b7 " + (f"next impulse: {team_span(nxt)}" if nxt else "end of turn")
        line = f"{team_span(imp.team)} impulse: <b>{esc(imp.task_force)}</b> \u00b7 "
        if imp.phase == "declare":
            line += f"AP: {imp.ap} to declare {rule_badges(['3.32'])}"
        else:
            declared = sum(ap_cost(d.kind) for d in imp.actions)
            line += f"AP: {declared} declared, 0 to spend"
            if imp.ap:
                line += f" ({imp.ap} unused: passed AP are lost {rule_badges(['3.310'])})"
            step = ("combat resolved: end the impulse" if imp.phase == "combat_done"
                    else "combat committed" if imp.combat is not None else "carry out the declared actions")
            line += f" \u00b7 {step}"
        return head + f"<div>{line}</div>"

    def combat_possible(self) -> bool:
        """May this impulse fight? A declared Move and/or Initiate Combat action, a unit engaged in
        Continuing Combat (0 AP, 7.22), or combat already committed.  Combined Arms Activation
        candidates (7.18) alone do not count: they only support a GROUND ASSAULT made by those."""
        g = self.ctl.game
        imp = g.impulse
        if imp is None or imp.phase == "declare":
            return False
        if imp.combat is not None or any(d.kind == "move_combat" for d in imp.actions):
            return True
        return bool(g.zero_ap_attackers()["continuing"])

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
        show = {"begin": imp is None, "declare": phase == "declare", "act": phase in ("act", "combat_done"),
                "combat": fight, "end": imp is not None}
        for box, key in ((self.begin_box, "begin"), (self.declare_box, "declare"), (self.act_box, "act"),
                         (self.combat_box, "combat"), (self.commit_button, "combat"),
                         (self.resolve_button, "combat"), (self.finish_row, "end")):
            box.layout.display = "flex" if show[key] else "none"
        o = c.offers()
        self._draw_end(o.end)
        if imp is None or phase == "declare":
            c.card_action = None
        if imp is None:
            set_options(self.tf, o.task_forces)
            self.begin_button.disabled = not o.task_forces
            self.relinquish_button.disabled = not o.relinquish
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
        self._hex_buttons()
        no_combat = "" if fight else (
            '<div class="lcb-small lcb-muted">No combat this impulse: no Move and/or Initiate Combat action was '
            "declared and no unit is engaged in Continuing Combat (7.22); Combined Arms Activation (7.18) only "
            "supports a GROUND ASSAULT.</div>")
        self._no_combat = no_combat
        self._draw_hint(self._declared(self._aid()) if self._aid() is not None else None)
        res_units = [u for d in imp.actions if d.kind == "move_resupply" for u in d.units
                     if g.utype(u).is_logistics]
        self.resupply_box.layout.display = "flex" if res_units else "none"
        set_options(self.log_unit, res_units)
        self._grant_units()
        self.show_grants()
        set_options(self.shooter, o.shooters() + self._combined_arms())
        self._slots()
        committed = imp.combat is not None
        self.commit_button.disabled = committed or o.combat is None
        self.resolve_button.disabled = not o.resolve
        self.alloc_box.layout.display = "none" if committed else "flex"
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
