"""The *Acts* tab of the Order of Battle lab: the viewer's legal acts as buttons and pickers.

Everything here is drawn from the viewer's view model
(:class:`~lcb_lab.ui.order_of_battle.game_ui.OobViewModel`: its ``offers`` are the engine's
``legal_actions`` for the Commander the viewer may act for, its ``odds`` the Initiative draw's):

* a heading: the turn, the phase, who the game waits for and the acting Commander;
* **Hand over**: when the game waits for another Commander, a button shows that Commander's view
  (the players pass the screen, l.9: each phase is completed by all before the next);
* the **exact odds** before the Initiative draw (l.33): the whole draw for the umpire (each
  contender's chance to become the Lead Commander, and of a tie, redrawn), a Commander's own card's
  cost for a Commander (:func:`odds_html`);
* one row per kind of act: a few acts as buttons (:meth:`ActsPanel.button_for`), many -- a Regular
  Mission's card and target, a skirmish round's face-down placement -- as a picker and *Apply*
  (:attr:`ActsPanel.pickers`); every row names its rule (``l.N``);
* the skirmish being fought, a placement committed face down shown as "committed" to the others.

A refused act is one red line (the shell's :meth:`~lcb_lab.ui.lab.shell.LabShell.run`).
"""
from __future__ import annotations

from typing import Any

import ipywidgets as W

from lcb_lab.games.order_of_battle import actions as A
from lcb_lab.games.order_of_battle.state import TITLES
from lcb_lab.ui.lab.controller import follow
from lcb_lab.ui.lab.html import esc, rule_badges
from lcb_lab.ui.lab.controls import button, hand_over_button
from lcb_lab.ui.lab.sync import set_children, set_options
from lcb_lab.ui.order_of_battle.cards_html import battle_html

__all__ = ["ActsPanel", "act_words", "odds_html", "KIND_RULES", "KIND_TITLES", "BUTTONS_AT_MOST"]

KIND_RULES = {"draw_fame": "l.17", "revenue": "l.25", "draw_initiative": "l.33", "buy": "l.41",
              "convert_fame": "l.41", "end_purchase": "l.45", "form_squad": "l.55", "reassign": "l.57",
              "disband": "l.57", "done_organizing": "l.53", "assign_mission": "l.65", "done_assigning": "l.71",
              "attack": "l.87", "offer_defense": "l.88", "declare_form": "l.89", "choose_defender": "l.90",
              "place_face_down": "l.91", "retreat": "l.95", "activate_hotspot": "l.131", "reactivate": "l.133",
              "done_hotspots": "l.131"}
"""Each act kind's line in the text (its row's badge)."""
KIND_TITLES = {"draw_fame": "Draw Fame cards", "revenue": "Collect revenue", "draw_initiative": "Initiative",
               "buy": "Buy", "convert_fame": "Convert Fame", "end_purchase": "End the purchase",
               "form_squad": "Form a squad", "reassign": "Reassign", "disband": "Disband",
               "done_organizing": "Squads organized", "assign_mission": "Assign a mission",
               "done_assigning": "Missions assigned", "attack": "Attack", "offer_defense": "Defend?",
               "declare_form": "Attack form", "choose_defender": "Defending squad",
               "place_face_down": "Face-down placement", "retreat": "Retreat?", "activate_hotspot": "Activate a Hotspot",
               "reactivate": "Reactivate", "done_hotspots": "Hotspots done"}
"""Each act kind's row title."""
BUTTONS_AT_MOST = 6
"""A kind with more acts than this is a picker and *Apply* instead of buttons."""


def _asset_name(v: dict, aid: str) -> str:
    for c in v["commanders"]:
        for a in c["display"]:
            if a["id"] == aid:
                return f"{aid} ({a['card']})" if a["card"] else aid
    return aid


def act_words(a: Any, v: dict, cards: Any = None) -> str:
    """One act in words, naming the cards the viewer's view ``v`` shows; a purchase with the card's cost in
    Credits when ``cards`` (the game's ``CardSet``) is given ("Buy Scanner (1 Credit)"): the
    Fortune draw's cards may be scrolled out of sight above the buttons."""
    if isinstance(a, A.DrawFame):
        return "draw up to the hand maximum" + (f" and {a.extra} more ({a.extra} Fame)" if a.extra else "")
    if isinstance(a, A.CollectRevenue):
        return a.affiliation.title()
    if isinstance(a, A.DrawInitiative):
        return "Draw a Fortune card"
    if isinstance(a, A.Buy):
        cost = getattr(getattr(cards, "cards", {}).get(a.card), "cost", None)
        return f"Buy {a.card}" + ("" if cost is None else f" ({cost} Credit{'' if cost == 1 else 's'})")
    if isinstance(a, A.ConvertFame):
        return f"Convert {a.fame} Fame into {a.fame} Credit(s)"
    if isinstance(a, (A.FormSquad,)):
        return f"Squad led by {_asset_name(v, a.leader)}"
    if isinstance(a, A.Reassign):
        return f"{_asset_name(v, a.asset)} \u2192 " + (f"squad {a.squad}" if a.squad else "no squad")
    if isinstance(a, A.Disband):
        return f"Disband squad {a.squad}"
    if isinstance(a, A.AssignMission):
        card = f" with {a.card}" if a.card else ""
        return f"{a.squad}: {a.mission.title()} Mission{card} against {a.opponent}'s {_asset_name(v, a.target)}"
    if isinstance(a, A.Attack):
        return f"Attack with squad {a.squad}"
    if isinstance(a, A.OfferDefense):
        return "Defend" if a.defend else "No defense"
    if isinstance(a, A.DeclareForm):
        return a.form.title()
    if isinstance(a, A.ChooseDefender):
        return f"Defend with squad {a.squad}"
    if isinstance(a, A.PlaceFaceDown):
        order = "reversed stack" if a.order else "stack as it stands"
        return (f"{order}; Battle: {', '.join(a.battle) or 'none'}; Matrix: "
                f"{', '.join(_asset_name(v, m) for m in a.matrices) or 'none'}")
    if isinstance(a, A.Retreat):
        return "Retreat" if a.retreat else "Fight on"
    if isinstance(a, A.ActivateHotspot):
        return f"Activate {a.card}"
    if isinstance(a, A.Reactivate):
        return f"Reactivate {_asset_name(v, a.asset)}"
    return KIND_TITLES.get(a.KIND, a.KIND.replace("_", " "))


def odds_html(vm: Any) -> str:
    """The Initiative draw's exact odds before the draw (l.33): the umpire's whole draw -- each
    contender's chance to draw the one highest cost, and of a tie -- or the viewer's own card; ""
    when no draw waits."""
    step = vm.odds
    if step is not None:
        chances = ", ".join(f"{esc(step.value_name(i))} {100 * p:.1f}%" for (i,), p in step.outcomes)
        return (f'<div class="lcb-card"><b>Odds before the draw</b> {rule_badges([step.rule])} '
                f"Lead Commander: {chances}<br><span class='lcb-muted lcb-small'>{esc('; '.join(step.dice))} "
                "(every Commander's real pile: the umpire's view)</span></div>")
    if vm.own_odds:
        return (f'<div class="lcb-card"><b>Odds before the draw</b> {rule_badges(["l.33"])} your Fortune card: '
                f"{esc(vm.own_odds)} <span class='lcb-muted lcb-small'>(the highest cost leads; ties redraw)</span></div>")
    return ""


class ActsPanel:
    """The *Acts* tab (``widget``) of ``lab`` (the Order of Battle lab: its ``ctl``, ``apply_act``,
    ``set_team``) -- module docstring.  ``buttons``: act -> its button; ``pickers``: kind ->
    ``(Dropdown, Apply button)``; ``hand_over_button``."""

    def __init__(self, lab: Any):
        self.lab = lab
        self.head = W.HTML()
        self.odds = W.HTML()
        self.battle = W.HTML()
        self.hand_over_button = hand_over_button(lab, "show the view of the Commander the game waits for",
                                                 lambda: lab.ctl.view_model().to_act)
        self.rows = W.VBox([])
        self.buttons: dict[Any, W.Button] = {}
        self.pickers: dict[str, tuple[W.Dropdown, W.Button]] = {}
        self.widget = W.VBox([])
        self.widget.add_class("oob-acts")
        self.follower = follow(lab.ctl, ["version", "viewer"], self.draw)

    def button_for(self, act: Any) -> W.Button:
        """The button of ``act`` now drawn. Raises KeyError when ``act`` has none (not offered, or in a picker)."""
        return self.buttons[act]

    def draw(self) -> None:
        """Redraw from the view model (the heading, hand-over, odds, the rows of acts, the skirmish)."""
        vm = self.lab.ctl.view_model()
        v = vm.view
        phase = TITLES.get(v["phase"], "Game over")
        waits = f"waiting for {vm.to_act}" if vm.to_act else "nobody to act"
        acting = f" \u00b7 you act for {vm.actor}" if vm.actor and vm.actor != vm.viewer else ""
        self.head.value = (f'<div class="lcb-card"><b>Turn {esc(v["turn"])} \u00b7 {esc(phase)}</b> \u00b7 '
                           f"{esc(waits)}{esc(acting)}</div>")
        hand_over = vm.to_act is not None and vm.to_act != vm.viewer and vm.viewer != self.lab.ctl.ui.all_seeing
        self.hand_over_button.description = f"Hand over to {vm.to_act}" if hand_over else "Hand over"
        self.odds.value = odds_html(vm)
        self.battle.value = battle_html(v, self.lab.ctl.game.cards)
        self._draw_rows(vm)
        set_children(self.widget, [self.head, hand_over and self.hand_over_button, bool(self.odds.value) and self.odds,
                                   bool(self.battle.value) and self.battle, self.rows])

    def _draw_rows(self, vm: Any) -> None:
        kinds: dict[str, list] = {}
        for a in vm.offers:
            kinds.setdefault(a.KIND, []).append(a)
        self.buttons = {}
        rows = []
        for kind, acts in kinds.items():
            title = W.HTML(f"{rule_badges([KIND_RULES.get(kind, '')])} <b>{esc(KIND_TITLES.get(kind, kind))}</b>")
            if len(acts) <= BUTTONS_AT_MOST:
                for a in acts:
                    self.buttons[a] = button(act_words(a, vm.view, self.lab.game.cards), f"{KIND_TITLES.get(kind, kind)} "
                                              f"({KIND_RULES.get(kind, '')})", lambda a=a: self.lab.apply_act(a),
                                              "primary" if kind.startswith(("done", "end")) else "")
                rows.append(W.VBox([title, W.HBox([self.buttons[a] for a in acts], layout=W.Layout(flex_flow="row wrap"))]))
            else:
                pick, apply = self._picker(kind)
                set_options(pick, [(act_words(a, vm.view, self.lab.game.cards), a) for a in acts])
                rows.append(W.VBox([title, pick, apply]))
        if not rows:
            rows.append(W.HTML('<span class="lcb-muted">No act of yours now.</span>'))
        set_children(self.rows, rows)

    def _picker(self, kind: str) -> tuple[W.Dropdown, W.Button]:
        if kind not in self.pickers:
            pick = W.Dropdown(options=[], layout=W.Layout(width="100%"))
            apply = button("Apply", f"{KIND_TITLES.get(kind, kind)} ({KIND_RULES.get(kind, '')})",
                            lambda: self.lab.apply_act(pick.value), "primary")
            self.pickers[kind] = (pick, apply)
        return self.pickers[kind]
