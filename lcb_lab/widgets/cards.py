"""The instructor's card-effect panel: a card's outcome applied as a *scripted* effect.

lcb_lab does not simulate JCCs (the rulebook prints no card texts, 9.0).
Lessons apply a card's stated outcome with ``game.apply_effect`` (see
:mod:`lcb_lab.rules.effects`); this panel lets the instructor do the same
live: reveal a target, paralyse units, add Tactical Network cubes, or land
units from their ship (disembark from "LHD 1" into a hex).  It says plainly
that the outcome is scripted, not simulated, and the log marks it so.

Instructor view only: in a team view the panel is hidden, disabled and
emptied (its lists would name the other team's units and cards).

It observes the controller's ``version``, ``viewer``, ``selected_hex`` (the
clicked hex's stack, the landing hex) and ``selected_unit`` (the ship units
disembark from).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import ipywidgets as W

from .controller import follow
from .panels import esc, rule_badges
from .sync import set_options

if TYPE_CHECKING:  # pragma: no cover
    from .controller import LabController

EFFECT_KINDS = [
    ("Reveal units", "reveal"),
    ("Paralyse units (may not act this turn)", "paralyse"),
    ("Tactical Network cube(s)", "network_cube"),
    ("Disembark units into a hex", "disembark"),
]
EFFECT_RULES = {"reveal": ["6.13"], "paralyse": ["9.0"], "network_cube": ["7.61"], "disembark": ["5.19", "12.0"]}
SCRIPTED_NOTE = ("Scripted outcome, not a simulated card: lcb_lab has no card texts (9.0), so this applies "
                 "what the card did, as you state it. The log marks it as scripted.")


def _lay(width: str) -> W.Layout:
    return W.Layout(width=width)


class CardEffectPanel:
    """Card name, effect kind, units (the clicked hex's stack, or a ship's embarked units),
    team and cubes, destination hex; *Apply scripted effect* calls ``apply(effect)``
    (``LabApp.apply_card_effect``)."""

    def __init__(self, ctl: "LabController", apply: Callable[[dict], object]):
        self.ctl = ctl
        self.header = W.HTML(f'<b>Card effect (scripted)</b> {rule_badges(["9.0"])} '
                             '<span class="lcb-muted lcb-small">Instructor only</span>'
                             f'<div class="lcb-small lcb-muted">{esc(SCRIPTED_NOTE)}</div>')
        self.card = W.Combobox(placeholder="card name (or type one)", description="Card", ensure_option=False,
                               layout=_lay("300px"), style={"description_width": "50px"})
        self.kind = W.Dropdown(options=EFFECT_KINDS, value="reveal", description="Effect", layout=_lay("300px"),
                               style={"description_width": "50px"})
        self.host = W.Dropdown(description="From", layout=_lay("220px"), style={"description_width": "50px"},
                               tooltip="the ship (or unit) carrying the units")
        self.units = W.SelectMultiple(options=[], rows=4, description="Units", layout=_lay("300px"),
                                      style={"description_width": "50px"})
        self.units_hint = W.HTML()
        self.team = W.Dropdown(options=[("Blue (US)", "US"), ("Red (RU)", "RU")], value="US", description="Team",
                               layout=_lay("180px"), style={"description_width": "50px"})
        self.n = W.BoundedIntText(value=1, min=-5, max=5, description="Cubes", layout=_lay("120px"),
                                  style={"description_width": "50px"},
                                  tooltip="cubes added to the team's Tactical Network (negative: removed)")
        self.hex = W.Text(description="Into hex", placeholder="click a hex", layout=_lay("160px"),
                          style={"description_width": "60px"})
        self.apply_button = W.Button(description="Apply scripted effect", icon="magic", button_style="warning",
                                     layout=_lay("190px"))
        self.apply_button.on_click(lambda _b: self._apply(apply))
        self.fold = W.ToggleButton(value=True, description="Card effect", icon="magic",
                                   tooltip="show or fold away the scripted card effect (Instructor only)",
                                   layout=_lay("auto"))
        """Open (True) or folded: the panel folds itself away once an effect is applied (one screen)."""
        self.fold.observe(lambda _ch: self._draw_fold(), "value")
        self.units_row = W.VBox([self.units, self.units_hint])
        self.team_row = W.HBox([self.team, self.n])
        self.disembark_row = W.HBox([self.host, self.hex])
        self.controls = [self.card, self.kind, self.host, self.units, self.team, self.n, self.hex, self.apply_button]
        self.body = W.VBox([self.header, self.card, self.kind, self.disembark_row, self.units_row, self.team_row,
                            self.apply_button])
        self.fold.layout.display = "none"
        self.widget = W.VBox([self.body],
                             layout=W.Layout(border="1px dashed #8a4b00", padding="2px 4px", margin="4px 0 0 0",
                                             display="none"))
        """The panel (shown in the Instructor view while :attr:`fold` is open); ``fold``, its switch,
        sits in the lab's top bar."""
        self.widget.add_class("lcb-card-effect")
        self._last_hex: str | None = None
        self._live = ctl.live
        self.follower = follow(ctl, ["version", "viewer", "selected_hex", "selected_unit"], self.refresh,
                               extra=lambda: (self.kind.value, self.host.value))
        for w in (self.kind, self.host):
            w.observe(self.follower, "value")

    def _apply(self, apply: Callable[[dict], object]) -> None:
        before = self.ctl.version
        apply(self.effect())
        if self.ctl.version != before:          # applied: fold the panel away (the log says what it did)
            self.fold.value = False

    def _draw_fold(self) -> None:
        shown = self.fold.layout.display != "none"
        self.widget.layout.display = "flex" if shown and self.fold.value else "none"

    @property
    def visible(self) -> bool:
        """Is the panel offered in this view (the Instructor's), open or folded?"""
        return self.fold.layout.display != "none"

    # ------------------------------------------------------------ the effect
    def effect(self) -> dict:
        """The effect dict for ``game.apply_effect`` from the inputs."""
        kind = self.kind.value
        e: dict = {"effect": kind, "rules": list(EFFECT_RULES[kind]), "by": "the instructor in the lab"}
        card = (self.card.value or "").strip()
        if card:
            e["card"] = card
        if kind in ("reveal", "paralyse"):
            e["units"] = list(self.units.value)
        elif kind == "network_cube":
            e["team"], e["n"] = self.team.value, int(self.n.value)
        else:
            e["units"] = list(self.units.value)
            e["from"] = self.host.value
            e["hex"] = (self.hex.value or "").strip().upper()
        return e

    def clear(self) -> None:
        self.card.value = ""
        set_options(self.units, [])
        self.hex.value = ""
        self._last_hex = None

    # ------------------------------------------------------------ refresh
    def _hosts(self, view: dict) -> list[str]:
        carried = {c.get("embarked_on") for c in view["counters"] if c.get("embarked_on")}
        return [c["uid"] for c in view["counters"] if c["uid"] in carried and c.get("hex")]

    def refresh(self) -> None:
        """Show the panel in the Instructor view only; fill the lists from the game and the clicked hex."""
        c = self.ctl
        if c.live is not self._live:         # a new, loaded or lesson game: start from scratch
            self._live = c.live
            self.clear()
        if c.viewer != "instructor":
            self._hide()
            return
        self.fold.layout.display = "flex"
        self._draw_fold()
        for w in self.controls:
            if w.disabled:
                w.disabled = False
        view = c.view()                                  # the instructor's
        # the card names of the team that plays (or of both teams between turns)
        team = c.playing_team()
        jccs = view["jccs"].get(team, []) if team else sorted({j for js in view["jccs"].values() for j in js})
        set_options(self.card, jccs)
        kind = self.kind.value
        self.units_row.layout.display = "none" if kind == "network_cube" else "flex"
        self.team_row.layout.display = "flex" if kind == "network_cube" else "none"
        self.disembark_row.layout.display = "flex" if kind == "disembark" else "none"
        if kind == "disembark":
            hosts = self._hosts(view)
            if self.host.value not in hosts:
                sel = c.selected_unit
                set_options(self.host, hosts, value=sel if sel in hosts else (hosts[0] if hosts else None))
            else:
                set_options(self.host, hosts)
            units = [x["uid"] for x in view["counters"] if x.get("embarked_on") == self.host.value] \
                if self.host.value else []
            hint = (f"embarked on {self.host.value}" if self.host.value else "no unit is embarked")
            if c.selected_hex != self._last_hex or not self.hex.value:
                self.hex.value = c.selected_hex or ""       # follows the clicked hex
        else:
            units = c.hex_units(c.selected_hex)
            hint = (f"the stack in {c.selected_hex}" if c.selected_hex else "click a hex on the map for its units")
        self._last_hex = c.selected_hex
        keep = tuple(u for u in self.units.value if u in units)
        set_options(self.units, units, value=keep or ((units[0],) if len(units) == 1 else ()))
        self.units_hint.value = f'<div class="lcb-small lcb-muted">Units: {esc(hint)}</div>'

    def _hide(self) -> None:
        """A team view: hidden, disabled, every list emptied (nothing of it reaches the browser)."""
        self.widget.layout.display = self.fold.layout.display = "none"
        for w in self.controls:
            if not w.disabled:
                w.disabled = True
        set_options(self.card, [], value="")
        set_options(self.units, [])
        set_options(self.host, [])
        self.units_hint.value = ""
        self.hex.value = ""
        self._last_hex = None
