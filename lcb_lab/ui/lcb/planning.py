"""The Planning and Deployment panels (3.1, 3.2, 9.3, 9.5, 10.0): buy cards with CP, deploy face down.

Shown in the *Impulse* tab while the game is in its Planning or Deployment Stage (the impulse
controls have nothing to do then).  Both teams act side by side (3.1, 3.2): a team view acts
for its own team, the instructor for the team picked.  Hidden information: a team view shows
its own CP, cards and units only (``game.view(team)``); the other team's purchases are counts
in the Cards section.

* :class:`PlanningPanel` -- CP left (3.12), the deck with costs and each card's detail, *Buy*
  into the pool, Attached to a host (9.3: first Planning Stage only) or Embarked on a ship
  (10.0), *End Planning* (3.13: unspent CP are lost).
* :class:`DeploymentPanel` -- the undeployed units, *Deploy in <clicked hex>* face down
  (3.21) or on a ship, the cards still to place (attach, embark, on the map), the order of
  Deployment-Stage cards (9.5), *End Deployment* (3.22).

The lists are the view's offers (:mod:`lcb_lab.games.lcb.offers`) when the engine lists the stage's
acts; else the deck and the team's own units, and the engine judges each act (a refusal is a
red message naming its rule).  Both observe ``version``, ``viewer`` and ``selected_hex``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import ipywidgets as W

from lcb_lab.games.lcb.offers import NOTHING, Offers, team_offers
from lcb_lab.ui.lcb.map import palette
from lcb_lab.ui.lcb import card_hand
from lcb_lab.ui.lab.controller import follow
from lcb_lab.ui.lcb.panels import esc, rule_badges, team_span
from lcb_lab.ui.lab.sync import set_children, set_options

if TYPE_CHECKING:  # pragma: no cover
    from lcb_lab.ui.lcb.controller import LcbController

__all__ = ["PlanningPanel", "DeploymentPanel"]

_STYLE = {"description_width": "62px"}


def _lay(width: str) -> W.Layout:
    return W.Layout(width=width)


class _StagePanel:
    """What both panels share: the stage they belong to, the team they act for, its offers."""

    STAGE = ""

    def __init__(self, ctl: "LcbController", lab: Any):
        self.ctl, self.lab = ctl, lab
        self.team_picker = W.ToggleButtons(options=[("Blue (US)", "US"), ("Red (RU)", "RU")], value="US",
                                           style={"button_width": "80px"},
                                           tooltips=["act for the US team", "act for the RU team"])
        self._offers_key: tuple | None = None
        self._offers: Offers = NOTHING
        self._stage_key: tuple | None = None

    @property
    def shown(self) -> bool:
        """Is the panel on the page (its stage)?"""
        return bool(self.widget.children)

    def _build(self, parts: list[W.Widget]) -> None:
        """The panel's parts (:attr:`body`); the widget stays empty until :meth:`draw_parts`."""
        self.body = parts
        self.widget = W.VBox([])

    def draw_parts(self, **shown: bool) -> None:
        """Put the parts on the page but those switched off (``host=False``: the part named
        ``host`` left out, until switched on again; the team picker only in the Instructor view)."""
        self._switches = {**getattr(self, "_switches", {}), **shown}
        off = {id(getattr(self, k)) for k, on in self._switches.items() if not on}
        if self.ctl.viewer in ("US", "RU"):
            off.add(id(self.team_picker))
        set_children(self.widget, [w for w in self.body if id(w) not in off])

    def team(self) -> str | None:
        """The team acted for: the view's own, or the instructor's pick."""
        v = self.ctl.viewer
        return v if v in ("US", "RU") else self.team_picker.value

    def offer(self) -> Offers:
        """The team's legal actions in this stage (computed once per change of the game)."""
        c, team = self.ctl, self.team()
        if c.game is not c.live:
            return NOTHING
        if c.viewer == team:
            return c.offers()
        key = (id(c.game), c.version, team)
        if key != self._offers_key:
            self._offers_key, self._offers = key, team_offers(c.game, team)
        return self._offers

    def own_units(self) -> list[dict]:
        team = self.team()
        return [x for x in self.ctl.view()["counters"] if not x.get("back") and x.get("team") == team]

    def own_cards(self) -> list[dict]:
        team = self.team()
        return [x for x in self.ctl.cards()[0] if x.get("team") == team]

    def _hide(self) -> None:
        """Another stage: not on the page, and emptied (the browser keeps a widget's last state)."""
        set_children(self.widget, [])
        for w in self.lists():
            set_options(w, [])
        for w in self.texts():
            w.value = ""

    def texts(self) -> list[W.HTML]:
        return [w for w in self.body if isinstance(w, W.HTML)]

    def lists(self) -> list[W.Widget]:
        return []

    def refresh(self) -> None:
        c = self.ctl
        if c.stage() != self.STAGE:
            self._hide()
            return
        self.draw_parts()
        key = (id(c.live), c.stage())
        if key != self._stage_key:          # a new stage: the instructor acts first for the team the game names
            self._stage_key = key
            who = c.game.to_act()
            if who in ("US", "RU") and self.team_picker.value != who:
                self.team_picker.value = who
        self.draw()

    def draw(self) -> None:  # pragma: no cover - each panel draws its own
        raise NotImplementedError

    def _ready_text(self, team: str) -> str:
        ready = self.ctl.view_model().is_ready(team)
        return ' <span class="lcb-ok">(done with this stage)</span>' if ready else ""


# ====================================================================== Planning (3.1)
class PlanningPanel(_StagePanel):
    """CP, the deck with costs, *Buy* (pool / Attach to / Embark on), *End Planning*."""

    STAGE = "planning"

    def __init__(self, ctl: "LcbController", lab: Any):
        super().__init__(ctl, lab)
        self.head = W.HTML()
        self.deck = W.Dropdown(description="Card", layout=_lay("330px"), style=_STYLE)
        self.mode = W.ToggleButtons(options=[("Pool", "pool"), ("Attach to", "attach"), ("Embark on", "embark")],
                                    value="pool", style={"button_width": "96px"},     # "Embark on" whole, any font
                                    tooltips=["into the team's pool (3.12)", "Attached to a host unit (9.3, first "
                                              "Planning Stage only)", "Embarked on a ship (10.0)"])
        self.host = W.Dropdown(description="Host", layout=_lay("330px"), style=_STYLE)
        self.buy_button = W.Button(description="Buy", icon="shopping-cart", button_style="primary",
                                   layout=_lay("100px"), tooltip="spend the card's CP (3.12)")
        self.buy_button.on_click(lambda _b: self.buy())
        self.end_button = W.Button(description="End Planning", icon="check", layout=_lay("140px"),
                                   tooltip="this team is done; its unspent CP are lost (3.13)")
        self.end_button.on_click(lambda _b: self.lab.end_planning(self.team()))
        self.detail = W.HTML()
        self._build([self.head, self.team_picker, self.deck, self.mode, self.host,
                     W.HBox([self.buy_button, self.end_button]), self.detail])
        self.widget.add_class("lcb-planning")
        self.follower = follow(ctl, ["version", "viewer"], self.refresh,
                               extra=lambda: (self.team_picker.value, self.deck.value, self.mode.value))
        for w in (self.team_picker, self.deck, self.mode):
            w.observe(self.follower, "value")

    def lists(self) -> list[W.Widget]:
        """The tab's dropdowns (deck, host): emptied when the tab is hidden."""
        return [self.deck, self.host]

    def cp(self) -> dict[str, int]:
        """CP left per team the view may know (its own; both for the instructor): the view's
        ``cp`` (:func:`lcb_lab.games.lcb.observer.observe`, 3.12)."""
        return dict(self.ctl.view().get("cp") or {})

    def deck_names(self, team: str, offer: Offers) -> list[str]:
        """The cards the team may buy: the listed purchases, else its deck."""
        listed = list(dict.fromkeys(b.card for b in offer.buys() if b.team == team))
        return listed or card_hand.deck_of(self.ctl.game).names(team)

    def hosts(self, team: str, card: str | None, mode: str, offer: Offers) -> list[str]:
        """Hosts for an Attached / Embarked purchase: the listed ones, else the team's units."""
        if mode == "pool" or not card:
            return []
        field = "attach_to" if mode == "attach" else "embark_on"
        listed = [getattr(b, field) for b in offer.buys() if b.card == card and getattr(b, field)]
        if listed:
            return list(dict.fromkeys(listed))
        units = self.own_units()
        if mode == "embark":
            carriers = {x.get("embarked_on") for x in units if x.get("embarked_on")}
            ships = [x["uid"] for x in units if x.get("domain") == "naval"]
            return sorted(set(ships) | (carriers - {None}))
        return [x["uid"] for x in units]

    def draw(self) -> None:
        """Redraw the Planning tab for the acting team: its CP, the deck with costs, the hosts (3.1, 9.3)."""
        team = self.team()
        offer = self.offer()
        cp = self.cp()
        cps = ", ".join(f"{palette.TEAM_NAME.get(t, t)} {n} CP" for t, n in cp.items()) or "-"
        stage_n = self.ctl.view_model().planning_stages
        first = "" if stage_n <= 1 else " \u00b7 Attached cards only in the first Planning Stage (9.3)"
        self.head.value = (f'<div class="lcb-card"><h4>Planning Stage {rule_badges(["3.1", "3.12"])}</h4>'
                           f'<div class="lcb-small">Acting for {team_span(team)}{self._ready_text(team)} \u00b7 '
                           f'CP left: <b>{esc(cps)}</b>{esc(first)}</div></div>')
        names = self.deck_names(team, offer)
        opts = []
        for n in names:
            ct = card_hand.ctype(self.ctl.game, n, team)
            opts.append((f"{n} \u2014 {ct.cost} CP" if ct else n, n))
        set_options(self.deck, opts, value=self.deck.value if self.deck.value in names else (names[0] if names else None))
        hosts = self.hosts(team, self.deck.value, self.mode.value, offer)
        set_options(self.host, hosts, value=self.host.value if self.host.value in hosts else (hosts[0] if hosts else None))
        self.draw_parts(host=self.mode.value != "pool")
        done = self.ctl.view_model().is_ready(team)
        may = self.ctl.viewer in ("instructor", team) and not done and self.ctl.game is self.ctl.live
        self.buy_button.disabled = not may or not names
        self.end_button.disabled = not may
        ct = card_hand.ctype(self.ctl.game, self.deck.value, team) if self.deck.value else None
        self.detail.value = card_hand.card_detail_html(self.ctl.game, None, ct) if ct else ""

    def buy(self) -> Any:
        """*Buy*: the chosen card into the pool, Attached to or Embarked on the chosen host."""
        mode, host = self.mode.value, self.host.value
        return self.lab.buy_card(self.team(), self.deck.value, attach_to=host if mode == "attach" else None,
                                 embark_on=host if mode == "embark" else None)


# ====================================================================== Deployment (3.2)
class DeploymentPanel(_StagePanel):
    """The undeployed units (*Deploy in <clicked hex>*, *Embark on*), the cards to place,
    the order of Deployment-Stage cards, *End Deployment*."""

    STAGE = "deployment"

    def __init__(self, ctl: "LcbController", lab: Any):
        super().__init__(ctl, lab)
        self.head = W.HTML()
        self.unit = W.Dropdown(description="Unit", layout=_lay("330px"), style=_STYLE)
        self.deploy_button = W.Button(description="Deploy in \u2026", icon="map-marker", button_style="primary",
                                      layout=_lay("170px"), tooltip="place the unit face down in the clicked hex (3.21)")
        self.deploy_button.on_click(lambda _b: self.deploy())
        self.area = W.HTML()
        self.ship = W.Dropdown(description="Ship", layout=_lay("230px"), style=_STYLE)
        self.embark_button = W.Button(description="Embark", icon="ship", layout=_lay("96px"),
                                      tooltip="Embark the unit on the ship (10.0)")
        self.embark_button.on_click(lambda _b: self.lab.deploy_unit(self.unit.value, embark_on=self.ship.value))
        self.card = W.Dropdown(description="Card", layout=_lay("330px"), style=_STYLE)
        self.card_mode = W.ToggleButtons(options=[("Attach to", "attach"), ("Embark on", "embark"),
                                                  ("On the map", "hex")], value="attach", style={"button_width": "96px"},
                                         tooltips=["under a host's Unit Tracker (9.31)", "on a ship (10.0)",
                                                   "in the clicked hex (e.g. Combat Air Patrols face up)"])
        self.card_host = W.Dropdown(description="Host", layout=_lay("330px"), style=_STYLE)
        self.place_button = W.Button(description="Place card", icon="clone", layout=_lay("120px"))
        self.place_button.on_click(lambda _b: self.place())
        self.order_box = W.HBox()
        self.end_button = W.Button(description="End Deployment", icon="check", layout=_lay("150px"),
                                   tooltip="this team is done: every unit and card placed (3.22)")
        self.end_button.on_click(lambda _b: self.lab.end_deployment(self.team()))
        self._build([self.head, self.team_picker, self.unit, self.area, W.HBox([self.deploy_button]),
                     W.HBox([self.ship, self.embark_button]), self.card, self.card_mode, self.card_host,
                     self.place_button, self.order_box, self.end_button])
        self.widget.add_class("lcb-deployment")
        self.follower = follow(ctl, ["version", "viewer", "selected_hex"], self.refresh,
                               extra=lambda: (self.team_picker.value, self.unit.value, self.card.value,
                                              self.card_mode.value))
        for w in (self.team_picker, self.unit, self.card, self.card_mode):
            w.observe(self.follower, "value")

    def lists(self) -> list[W.Widget]:
        """The tab's dropdowns (unit, ship, card, card host): emptied when the tab is hidden."""
        return [self.unit, self.ship, self.card, self.card_host]

    def undeployed(self, offer: Offers) -> list[str]:
        """The team's units still to deploy: the listed placements, else its units off the map."""
        off_map = [x["uid"] for x in self.own_units() if not x.get("hex") and not x.get("embarked_on")]
        listed = [u for u in dict.fromkeys(d.unit for d in offer.deploys()) if u in off_map]   # not re-placements
        return listed or off_map

    def ships(self, unit: str | None, offer: Offers) -> list[str]:
        """The ships ``unit`` may Embark on: those the offers list for it, else the team's naval units
        on the map (uids; 10.3)."""
        listed = [d.embark_on for d in offer.deploys() if d.unit == unit and d.embark_on]
        if listed:
            return list(dict.fromkeys(listed))
        return [x["uid"] for x in self.own_units() if x.get("domain") == "naval" and x.get("hex")]

    def to_place(self, offer: Offers) -> list[str]:
        """The team's cards still to place: the listed ones, else its pool cards."""
        listed = list(dict.fromkeys(p.card for p in offer.places()))
        return listed or [c["cid"] for c in self.own_cards() if c.get("where") == "pool"]

    def draw(self) -> None:
        """Redraw the Deployment tab for the acting team: units to place, cards to Attach / Embark /
        place, the clicked hex (3.2, 3.21, 3.22)."""
        c, team, offer = self.ctl, self.team(), self.offer()
        hx = c.selected_hex
        units = self.undeployed(offer)
        self.head.value = (f'<div class="lcb-card"><h4>Deployment Stage {rule_badges(["3.2", "3.21", "3.22"])}</h4>'
                           f'<div class="lcb-small">Acting for {team_span(team)}{self._ready_text(team)} \u00b7 '
                           f'{len(units)} unit{"s" if len(units) != 1 else ""} to deploy \u00b7 click a hex, then '
                           f'<i>Deploy</i> (face down)</div></div>')
        set_options(self.unit, units, value=self.unit.value if self.unit.value in units else (units[0] if units else None))
        self.deploy_button.description = f"Deploy in {hx}" if hx else "Deploy in \u2026 (click a hex)"
        area = [d.hex for d in offer.deploys() if d.unit == self.unit.value and d.hex]
        shown = ", ".join(area[:12]) + (f" \u2026 ({len(area)} hexes)" if len(area) > 12 else "")
        inside = ' <span class="lcb-ok">(the clicked hex is in it)</span>' if hx in area else ""
        ships = self.ships(self.unit.value, offer)
        by_ship = [d.embark_on for d in offer.deploys() if d.unit == self.unit.value and d.embark_on]
        if area:
            self.area.value = f'<div class="lcb-small">Its deployment area: {esc(shown)}{inside}</div>'
        elif by_ship:
            self.area.value = (f'<div class="lcb-small">It deploys Embarked on {esc(", ".join(by_ship))} '
                               f'{rule_badges(["10.0"])}</div>')
        else:
            self.area.value = ""
        set_options(self.ship, ships, value=self.ship.value if self.ship.value in ships else (ships[0] if ships else None))
        cids = self.to_place(offer)
        cards = {x["cid"]: x for x in self.own_cards()}
        set_options(self.card, [(card_hand.card_label(cards.get(k, {"name": k, "cid": k})), k) for k in cids],
                    value=self.card.value if self.card.value in cids else (cids[0] if cids else None))
        mode = self.card_mode.value
        hosts = [] if mode == "hex" else (
            [x["uid"] for x in self.own_units() if x.get("hex") or x.get("embarked_on")] if mode == "attach"
            else [x["uid"] for x in self.own_units() if x.get("domain") == "naval"])
        listed = [getattr(p, "attach_to" if mode == "attach" else "embark_on") for p in offer.places()
                  if p.card == self.card.value and mode != "hex"]
        hosts = list(dict.fromkeys(h for h in listed if h)) or hosts
        set_options(self.card_host, hosts, value=self.card_host.value if self.card_host.value in hosts else
                    (hosts[0] if hosts else None))
        self.draw_parts(card_host=mode != "hex")
        self.place_button.description = f"Place in {hx}" if mode == "hex" and hx else "Place card"
        done = c.view_model().is_ready(team)
        may = c.viewer in ("instructor", team) and not done and c.game is c.live
        listed = bool(offer.deploys())
        self.deploy_button.disabled = not may or not units or (listed and not area)
        self.embark_button.disabled = not may or not units or not ships or (listed and not by_ship)
        self.place_button.disabled = not may or not cids
        self.end_button.disabled = not may
        orders = offer.deployment_orders()
        buttons = []
        for t in orders:
            b = W.Button(description=f"{palette.TEAM_NAME.get(t, t)} first", layout=_lay("auto"),
                         tooltip="who plays its Deployment-Stage cards first (9.5)")
            b.on_click(lambda _b, t=t: self.lab.deployment_order(t))
            buttons.append(b)
        if tuple(b.description for b in self.order_box.children) != tuple(b.description for b in buttons):
            self.order_box.children = tuple(buttons)

    def deploy(self) -> Any:
        """*Deploy in <clicked hex>*: the chosen unit face down (3.21)."""
        return self.lab.deploy_unit(self.unit.value, hex=self.ctl.selected_hex)

    def place(self) -> Any:
        """*Place card*: attach / embark the chosen card, or put it in the clicked hex."""
        mode, host = self.card_mode.value, self.card_host.value
        return self.lab.place_card(self.card.value, attach_to=host if mode == "attach" else None,
                                   embark_on=host if mode == "embark" else None,
                                   hex=self.ctl.selected_hex if mode == "hex" else None)
