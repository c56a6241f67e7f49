"""The Impulse tab's declaration builder (3.03, 3.31, 3.32, 3.310): the Core Action kinds as the
engine names them, the Units list a legal declaration may name, *Add action* / *Remove last*
and the AP the declaration built so far costs.

:class:`DeclarationBuilder` is mixed into :class:`lcb_lab.ui.lcb.impulse.ImpulsePanel` and
works on its widgets (``kind``, ``units``, ``jcc``, ``decl_list``, ...).
"""
from __future__ import annotations

from typing import Iterable

from lcb_lab.games.lcb import actions as A
from lcb_lab.kernel.errors import LabError
from lcb_lab.games.lcb.offers import declaration_refusal
from lcb_lab.games.lcb.rules.stages.sequence import CORE_ACTION_NAMES, NETWORK_REPAIR, ap_cost
from lcb_lab.ui.lcb.panels import esc, refusal_text, rule_badges
from lcb_lab.ui.lab.sync import set_options


KIND_NAME = dict(CORE_ACTION_NAMES)
"""The Core Actions' names, as the engine (and its log) spells them (3.31)."""


ACTION_KINDS = [(name + (f" ({ap_cost(kind)} AP)" if ap_cost(kind) != 1 else ""), kind)
                for kind, name in CORE_ACTION_NAMES.items()]
"""The builder's choices: the engine's names (the cube removal says its cost)."""


UNIT_KINDS = {k for k in CORE_ACTION_NAMES if k not in ("play_jcc", NETWORK_REPAIR)}
"""Core Actions that activate a unit or a stack (3.31)."""


JCC_KINDS = {"play_jcc", "move_embarked_jcc"}

DECLARE_EMPTY = ("Declare: add a Core Action first (Action, Units, then Add action; 3.31) \u2014 or Pass to "
                 "declare none (3.310)")
"""Why *Declare* is greyed while the builder holds no Core Action (its tooltip)."""


def action_text(kind: str, units: Iterable[str] = (), jcc: str | None = None) -> str:
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


class DeclarationBuilder:
    """The declaration builder of :class:`~lcb_lab.ui.lcb.impulse.ImpulsePanel` (module doc)."""

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
        empty = not self.pending_decl
        self.declare_button.description = f"Declare (forfeit {left} AP)" if left > 0 and not empty else "Declare"
        self.declare_button.disabled = empty or self.locked
        self.declare_button.tooltip = DECLARE_EMPTY if empty else (
            "declare the actions listed (3.03)" + (f"; the {left} AP not used are lost (3.310)" if left > 0 else ""))
        tf = imp.task_force if imp else "the Task Force"
        self.pass_button.tooltip = (f"Pass: declare no Core Action \u2014 {tf}'s {ap} AP are lost (3.310) \u2014 "
                                    "and end the impulse (3.3)")
        self.add_decl.description = "Add more" if self.pending_decl and left > 0 else "Add action"
        self.forfeit_note.value = (
            f'<div class="lcb-small lcb-locked" style="padding-left:5px"><b>Declare</b> is greyed: add a Core '
            f'Action first {rule_badges(["3.31"])}. Or <b>Pass</b>: declare none and end the impulse; all {ap} AP '
            f'are lost {rule_badges(["3.310"])}.</div>' if empty else "" if left <= 0 else
            f'<div class="lcb-small lcb-locked" style="padding-left:5px">{cost} of {ap} AP declared: '
            f'declaring now forfeits {left} AP {rule_badges(["3.310"])} (passed AP are lost). '
            f'<b>Add more</b> actions, or <b>Declare (forfeit {left} AP)</b>.</div>')

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
