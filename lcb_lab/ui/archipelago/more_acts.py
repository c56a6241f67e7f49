"""The *More acts* row of the Archipelago lab's *Turn* tab: every legal act of the viewer that the
tab's own controls (roll, move step by step, torpedo and gun, logistics, end turn) do not offer --
a helicopter's take-off, hover and flight, refuelling, missiles, the machine gun, commandos
embarking and landing, and what later rules add -- picked in two lists (the act or family, then
its option; a family of more than :data:`MAX_OPTIONS` options narrowed by a filter on the options'
words), with the exact odds of its roll before it is applied.

It reads only the view model's ``offers`` (the game's ``legal_actions`` for the viewer): a family
too large to list (a kernel :class:`~lcb_lab.kernel.legal.Template`) shows its options, each made
into its act by the template itself, so the lab needs no copy of the rules.
"""
from __future__ import annotations

from dataclasses import fields
from typing import Any, Callable

import ipywidgets as W

from lcb_lab.games.archipelago import actions as A
from lcb_lab.games.archipelago.model.board import point_name
from lcb_lab.kernel.hexgrid import Axial, Facing
from lcb_lab.kernel.legal import Template
from lcb_lab.ui.lab.sync import set_children, set_options

OWN = (A.RollMovement, A.LaunchTorpedo, A.FireGun, A.LaunchSurfaceMissile, A.ContinueTorpedo, A.Restock, A.Repair,
       A.Transfer, A.UnloadAtBase, A.EndTurn)
"""The acts the tab's own controls offer (not listed here); move templates are theirs too."""
MAX_OPTIONS = 400
"""The most options of one family listed at once (a display limit): a larger family (a combat
aircraft's flights on one die run to thousands) shows a *Filter* box, and every option whose words
hold the filter's text is listed, so each one can be reached."""


def words(a: Any, point_label: Callable[[Axial], str]) -> str:
    """An act in words from its fields: its kind, then each field (a point named by ``point_label``,
    :func:`~lcb_lab.games.archipelago.model.board.point_name`, a facing by its compass name), e.g.
    ``"take off: Red H-17 to 30,21 (F5) facing N"``."""
    vals = {f.name: getattr(a, f.name) for f in fields(a)}
    parts = []
    if "q" in vals and "r" in vals:
        q, r = vals.pop("q"), vals.pop("r")
        parts.append(f"to {point_label(Axial(q, r))}")
    if isinstance(vals.get("facing"), int):
        parts.append(f"facing {Facing(vals.pop('facing') % 6).name}")
    for name, v in vals.items():
        if v in ((), "", 0, False, None) and name not in ("piece", "shooter", "target"):
            continue
        shown = ", ".join(map(str, v)) if isinstance(v, tuple) else "yes" if v is True else str(v)
        if name in ("piece", "shooter"):
            parts.insert(0, shown)
        else:
            parts.append(f"{name.replace('_', ' ')} {shown}")
    return f"{a.KIND.replace('_', ' ')}: " + " ".join(parts)


def family_label(t: Template) -> str:
    """A template in words: its kind, its limits and how many options it has."""
    lim = " ".join(str(v) for v in t.limits.values())
    return f"{t.kind.replace('_', ' ')}: {lim} ({len(t.options)} option{'s' if len(t.options) != 1 else ''})"


class MoreActs:
    """The row (``widget``): the *Act* list (families and single acts), the *Option* list (a
    family's options), the odds line and *Apply*.  ``lab``: the Archipelago lab (``ctl``, ``board``,
    ``apply_act``); ``odds(act) -> html``: the tab's odds line for an act."""

    def __init__(self, lab: Any, odds: Callable[[Any], str]):
        self.lab, self._odds = lab, odds
        self.family = W.Dropdown(description="More acts", layout=W.Layout(width="100%"))
        self.option = W.Dropdown(description="Option", layout=W.Layout(width="100%"))
        self.odds = W.HTML()
        self.filter = W.Text(description="Filter", placeholder="words of the option, e.g. steps FFFFR",
                             continuous_update=False, layout=W.Layout(width="100%"))
        self.filter.observe(lambda _c: self._draw_options(), "value")
        self.shown = W.HTML()
        self.apply_button = W.Button(description="Apply", tooltip="apply the act chosen (the odds above)",
                                     layout=W.Layout(width="auto"))
        self.apply_button.on_click(lambda _b: self.apply())
        self.family.observe(lambda _c: self._draw_options(), "value")
        self.option.observe(lambda _c: self._draw_odds(), "value")
        self.widget = W.VBox([])
        self.widget.add_class("arch-more")

    def label(self, point: Axial) -> str:
        """A point named as everywhere (``"30,21 (F5)"``, :func:`~lcb_lab.games.archipelago.model.board.point_name`)."""
        return point_name(self.lab.board, point)

    def offers(self) -> list:
        """The viewer's offers the tab's own controls do not show."""
        return [a for a in self.lab.ctl.view_model().offers
                if not isinstance(a, OWN) and getattr(a, "kind", None) != "move"]

    def draw(self) -> bool:
        """Refill the lists from the view model; whether there is any act to offer."""
        offers = self.offers()
        set_options(self.family, [(family_label(a) if isinstance(a, Template) else words(a, self.label), a)
                                  for a in offers])
        self._draw_options()
        return bool(offers)

    def chosen(self) -> Any:
        """The act chosen: the single act, or the family's chosen option made into its act."""
        a = self.family.value
        if isinstance(a, Template):
            return self.option.value
        return a

    def apply(self) -> Any:
        """Apply the act chosen through the lab (a refusal: one red line, nothing changed)."""
        return self.lab.apply_act(self.chosen())

    def _draw_options(self) -> None:
        a = self.family.value
        family = isinstance(a, Template)
        big = family and len(a.options) > MAX_OPTIONS
        rows = [(words(x, self.label), x) for x in (a.make(None, o) for o in a.options)] if family else []
        if big:
            rows = [r for r in rows if self.filter.value.strip() in r[0]]
            self.shown.value = (f'<span class="lcb-muted lcb-small">{min(len(rows), MAX_OPTIONS)} of {len(rows)} '
                                f'matching option(s) listed ({len(a.options)} in all): type a filter to narrow them.</span>')
        set_options(self.option, rows[:MAX_OPTIONS])
        set_children(self.widget, [self.family, big and self.filter, big and self.shown, family and self.option,
                                   self.odds, self.apply_button])
        self._draw_odds()

    def _draw_odds(self) -> None:
        act = self.chosen()
        self.odds.value = self._odds(act) if act is not None else ""
