"""The *Kill chain* tab: pick a target, read its F2T2EA chain as the
view knows it -- a table of links with their means, rules and exact odds, the chain's chance,
the HP-lost bars -- and see the links on the map (a line from each sensor, shooter and
interceptor to the target, :mod:`lcb_lab.ui.lcb.map.chain_lines`).

Everything drawn comes from the kill-chain record
(:func:`lcb_lab.games.lcb.analysis.kill_chain.kill_chain` for the view's team), which is built
from what that team knows: the targets offered are the units the view names (its own, and the
other team's face-up ones).  The reading of F2T2EA onto LC:B: ``docs/kill_chain.md``.

What it observes: ``version`` and ``viewer`` (the game moved, another view), and its own target
dropdown and *On the map* checkbox.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import ipywidgets as W

from lcb_lab.games.lcb.analysis.kill_chain import kill_chain
from lcb_lab.kernel.errors import LabError
from lcb_lab.ui.lab.controller import follow
from lcb_lab.ui.lab.html import esc, rule_badges
from lcb_lab.ui.lab.sync import set_options
from lcb_lab.ui.lcb import panels
from lcb_lab.ui.lcb.map.chain_lines import chain_overlays

if TYPE_CHECKING:  # pragma: no cover
    from lcb_lab.ui.lcb.controller import LcbController
    from lcb_lab.ui.lcb.map import MapView

NO_TARGET = [("\u2014", None)]
HELP = ('<div class="lcb-small lcb-muted">Pick a target: the chain to destroy it, as this view knows it -- '
        "find, fix and track, target, engage, defend, assess -- with the exact odds of each link.</div>")


class KillChainPanel:
    """Target dropdown, *On the map* checkbox, the links table (``table``) and notes; ``.widget``
    is the panel.  It draws the chain's lines on ``map_view`` (``show_kill_chain``)."""

    def __init__(self, ctl: "LcbController", map_view: "MapView"):
        self.ctl, self.map = ctl, map_view
        self.chain: Any = None
        """The :class:`~lcb_lab.games.lcb.analysis.kill_chain_records.KillChain` shown (None: none)."""
        self.target_picker = W.Dropdown(description="Target", options=NO_TARGET, value=None,
                                        layout=W.Layout(width="250px"), style={"description_width": "45px"})
        self.on_map = W.Checkbox(value=True, description="On the map", indent=False, layout=W.Layout(width="auto"))
        self.table = W.HTML(HELP)
        self.widget = W.VBox([W.HTML("<b>Kill chain</b> (find, fix and track, target, engage, defend, assess)"),
                              W.HBox([self.target_picker, self.on_map]), self.table])
        self.widget.add_class("lcb-kill-chain")
        self.redraw = follow(ctl, ["version", "viewer"], self.draw,
                             extra=lambda: (self.target_picker.value, self.on_map.value))
        self.target_picker.observe(self.redraw, "value")
        self.on_map.observe(self.redraw, "value")

    def target_options(self) -> list[tuple[str, str | None]]:
        """"—" and the units on the map this view names: its own, then the other team's face-up ones."""
        vis = self.ctl.visible_counters()
        me = self.ctl.viewer
        on_map = sorted(u for u, c in vis.items() if c.get("hex"))
        if me == "instructor":
            return NO_TARGET + [(u, u) for u in on_map]
        theirs = [(f"{u} (enemy)", u) for u in on_map if vis[u]["team"] != me]
        return NO_TARGET + theirs + [(u, u) for u in on_map if vis[u]["team"] == me]

    def pick(self, target: str | None) -> None:
        """Show the chain on ``target`` (a unit the view names; None: none)."""
        self.target_picker.value = target

    def draw(self) -> None:
        """Rebuild the options, the chain, the table and the map's lines."""
        opts = self.target_options()
        keep = self.target_picker.value if self.target_picker.value in [o[1] for o in opts] else None
        set_options(self.target_picker, opts, value=keep)
        self.chain, note = None, ""
        if keep is not None:
            try:
                self.chain = kill_chain(self.ctl.game, self.ctl.viewer, keep)
            except LabError as e:             # a submarine, a unit off the map: the rule says why
                note = f'<div class="lcb-small lcb-muted">{esc(e)}</div>'
        self.table.value = chain_html(self.chain) if self.chain is not None else (note or HELP)
        self.map.show_kill_chain(chain_overlays(self.chain) if self.on_map.value else [])


def chain_html(chain: Any) -> str:
    """The chain as a table: stage, means (the chosen ones), chance of the link, chance so far,
    the AP its acts cost the attacker (3.31), rules; then the chain's chance, the HP-lost bars, the defender's policies and the unknowns."""
    rows = "".join(
        f"<tr><td><b>{esc(r['title'])}</b></td><td>{esc(r['means'])}<br><span class='lcb-muted'>{esc(r['note'])}"
        f"</span></td><td>{r['p']:.1%}</td><td>{r['cumulative']:.1%}</td><td>{r['ap']}</td><td>{rule_badges(r['rules'].split(', '))}"
        "</td></tr>" for r in chain.rows())
    act = "the declared plan" if chain.declared else "the strongest single act"
    left = "" if chain.ap_left is None else f", {chain.ap_left} AP left in the impulse (3.32)"
    head = (f"<div>{esc(chain.attacker)} against <b>{esc(chain.target)}</b> ({esc(chain.target_hex)}), "
            f"{esc(act)}: <b>P(destroyed) {chain.p:.1%}</b> for <b>{chain.ap} AP</b> (3.31){left} "
            f"{panels.odds_bars_html(chain.damage)}</div>")
    table = ("<table class='lcb-small lcb-kill-chain-table'><tr><th>link</th><th>means</th><th>P(link)</th>"
             f"<th>P(so far)</th><th>AP</th><th>rules</th></tr>{rows}</table>")
    notes = [f"<li>{esc(p)}</li>" for p in chain.policies]
    unknown = "".join(f"<li>{esc(u)}</li>" for u in chain.unknowns)
    tail = (f"<div class='lcb-small'>Assumed: <ul>{''.join(notes)}</ul></div>"
            + (f"<div class='lcb-small lcb-muted'>Not counted (this view cannot see it): <ul>{unknown}</ul></div>"
               if unknown else ""))
    return head + table + tail
