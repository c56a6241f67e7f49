"""The Cards panel of every view (chapter 9) and the instructor's scripted card-effect panel.

:class:`CardsPanel` -- the hand, a card's detail and *Play* (a card, its option, its targets
picked on the map) -- is described in its docstring.  :class:`CardEffectPanel` (below) is the
instructor's scripted effect, kept for old lessons and what-ifs the card engine does not
cover: a card's stated outcome applied as a typed ``ScriptedEffect`` (see
:mod:`lcb_lab.games.lcb.rules.cards.scripted`), live: reveal a target, paralyze units, add Tactical Network cubes, or land
units from their ship (disembark from "LHD 1" into a hex).  It says plainly
that the outcome is scripted, not simulated, and the log marks it so.

Instructor view only: in a team view neither the panel nor its switch is on the page, and its
inputs are disabled and emptied (its lists would name the other team's units and cards).

It observes the controller's ``version``, ``viewer``, ``selected_hex`` (the
clicked hex's stack, the landing hex) and ``selected_unit`` (the ship units
disembark from).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

import ipywidgets as W

from lcb_lab.games.lcb import actions as A
from lcb_lab.kernel.errors import LabError
from lcb_lab.games.lcb.offers import card_plays
from lcb_lab.ui.lcb import card_hand
from lcb_lab.ui.lab.controller import follow
from lcb_lab.ui.lcb.panels import esc, rule_badges
from lcb_lab.ui.lab.sync import KEEP, set_children, set_options

if TYPE_CHECKING:  # pragma: no cover
    from lcb_lab.ui.lcb.controller import LcbController
    from lcb_lab.games.lcb.model.cards import Effect

EFFECT_KINDS = [
    ("Reveal units", "reveal"),
    ("Paralyze units (may not act this turn)", "paralyse"),
    ("Tactical Network cube(s)", "network_cube"),
    ("Disembark units into a hex", "disembark"),
]
EFFECT_RULES = {"reveal": ["6.13"], "paralyse": ["9.0"], "network_cube": ["7.61"], "disembark": ["5.19", "12.0"]}
SCRIPTED_NOTE = ("Scripted outcome, not a simulated card: this applies what a card did, as you state it, "
                 "outside the card engine (the Cards section plays cards). The log marks it as scripted.")


def _lay(width: str) -> W.Layout:
    return W.Layout(width=width)


ROW = "calc(100% - 4px)"
"""A *Play a card* picker's width: its row's (about 300 px of option text in a 420 px column, at 1366x768
beside JupyterLab's file browser; 330 px left 234, and "Signals Management (Red (RU), in the p" was what a
student read).  Options name the card short; the line beside names it in full."""

PAY_SHORT = {"deployment": "Deployment Stage", "free": "free use"}
PAY_LONG = {"deployment": "played in the Deployment Stage", "free": "a free Persistent use, once a turn (9.2)"}


def play_anchor(ctl: "LcbController") -> str:
    """The HTML id of a lab's *Play a card* heading (one per lab: a branch has its own), the
    target of the Impulse tab's *Go to Play a card* link."""
    return f"lcb-play-{id(ctl):x}"


FOLD_LOOK = {True: ("Card effect: shown", "eye", "warning"), False: ("Card effect: hidden", "eye-slash", "")}
"""The *Card effect* switch, open / folded: (description, FontAwesome icon, button_style)."""


class CardEffectPanel:
    """Card name, effect kind, units (the clicked hex's stack, or a ship's embarked units),
    team and cubes, destination hex; *Apply scripted effect* calls ``apply(effect)``
    (``LabApp.apply_card_effect``)."""

    def __init__(self, ctl: "LcbController", apply: Callable[[dict], object]):
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
        self.fold = W.ToggleButton(value=False, description=FOLD_LOOK[False][0], icon=FOLD_LOOK[False][1],
                                   button_style=FOLD_LOOK[False][2],
                                   tooltip="show or fold away the scripted card effect (Instructor only)",
                                   layout=_lay("auto"))
        """Open (True) or folded: folded at first -- cards are played in the Cards section; a scripted
        outcome is the instructor's occasional tool, and open it takes the room the decision panel and
        the tabs need at 1366x768 -- and folded again once an effect is applied (one screen)."""
        self.fold.observe(lambda _ch: self._draw_fold(), "value")
        self.units_row = W.VBox([self.units, self.units_hint])
        self.team_row = W.HBox([self.team, self.n])
        self.disembark_row = W.HBox([self.host, self.hex])
        self.controls = [self.card, self.kind, self.host, self.units, self.team, self.n, self.hex, self.apply_button]
        self.body = W.VBox([self.header, self.card, self.kind, self.units_row, self.apply_button])
        self.frame = W.VBox([self.body], layout=W.Layout(border="1px dashed #8a4b00", padding="2px 4px",
                                                         margin="4px 0 0 0"))
        self.widget = W.VBox([])
        """The panel: its frame in the Instructor view while :attr:`fold` is open, else nothing on the page."""
        self.fold_slot = W.HBox([])
        """Where :attr:`fold` sits in the lab's top bar: the switch in the Instructor view only."""
        self.widget.add_class("lcb-card-effect")
        self.fold_slot.add_class("lcb-card-effect-switch")
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
        set_children(self.widget, [self.frame] if self.visible and self.fold.value else [])
        on = bool(self.fold.value)                  # the switch says its state in words, icon and colour
        self.fold.description = FOLD_LOOK[on][0]
        self.fold.icon = FOLD_LOOK[on][1]
        self.fold.button_style = FOLD_LOOK[on][2]

    @property
    def visible(self) -> bool:
        """Is the panel offered in this view (the Instructor's), open or folded?"""
        return bool(self.fold_slot.children)

    # ------------------------------------------------------------ the effect
    def effect(self) -> dict:
        """The effect dict (:func:`lcb_lab.ui.lcb.actions.scripted_effect` makes it a typed action) from the inputs."""
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
        """Empty the panel's inputs (card, units, hex) and forget the last clicked hex."""
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
        set_children(self.fold_slot, [self.fold])
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
        set_children(self.body, [self.header, self.card, self.kind, self.disembark_row if kind == "disembark" else None,
                                 None if kind == "network_cube" else self.units_row,
                                 self.team_row if kind == "network_cube" else None, self.apply_button])
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
        """A team view: not on the page (panel and switch), disabled, every list emptied (nothing of
        it reaches the browser)."""
        set_children(self.fold_slot, [])
        set_children(self.widget, [])
        for w in self.controls:
            if not w.disabled:
                w.disabled = True
        set_options(self.card, [], value="")
        set_options(self.units, [])
        set_options(self.host, [])
        self.units_hint.value = ""
        self.hex.value = ""
        self._last_hex = None


# ====================================================================== the Cards panel (chapter 9)
TARGET_WORDS = {
    "none": "no target", "stack": "the stack in the clicked hex", "unit": "the selected unit",
    "units": "units of the clicked hex", "hex": "the clicked hex", "hexes": "the hexes you add (click, then Add hex)",
    "enemy_card": "an enemy card", "own_card": "one of your cards", "network": "the enemy Tactical Network",
}


class CardsPanel:
    """The Cards section of a view (chapter 9): the hand (:func:`.card_hand.hand_html`),
    a card's detail, and *Play*: a card from the listed card uses (the declared *Play a JCC*
    actions, a deployed Persistent card's free use), its option, its targets picked on the map
    (the clicked hex, its stack, the selected unit, or hexes added one by one) or an enemy /
    own card, and an escort when one is listed (9.46), then ``play(card, option, targets, hex,
    action, escort)`` (``LabApp.play_card``).

    *Play a card* comes first, above the hand; while the Impulse tab carries out a declared *Play a
    JCC* action (the controller's ``card_action``) its card use is the one chosen.

    Observes the controller's ``version``, ``viewer``, ``selected_hex``, ``selected_unit`` and
    ``card_action``.  Hidden information: the hand and the card lists come from the view (:meth:`LabController.cards`);
    the play lists are the view's own offers (nothing while it is not its turn)."""

    def __init__(self, ctl: "LcbController", play: Callable[..., object]):
        self.ctl = ctl
        self._play = play
        self.hand = W.HTML()
        self.play_head = W.HTML()
        lay = {"style": {"description_width": "58px"}}
        self.card = W.Dropdown(description="Card", layout=_lay(ROW), **lay)
        self.option = W.Dropdown(description="Option", layout=_lay(ROW), **lay)
        self.units = W.SelectMultiple(description="Units", rows=3, layout=_lay(ROW), **lay)
        self.target_card = W.Dropdown(description="At card", layout=_lay(ROW), **lay)
        self.target_card_hint = W.HTML()
        """The card *At card* picks, in full: its name, team and place ("Combat Air Patrols (Red (RU), deployed in
        AL-19)")."""
        self.target_card.observe(lambda _ch: self._draw_target_card_hint(), "value")
        self.escort = W.Dropdown(description="Escort", layout=_lay(ROW), **lay)
        """A deployed own FTR NULLIFY card to go with the play (9.46), when the engine lists one."""
        self.hexes = W.Text(description="Hexes", placeholder="click a hex, then Add hex", layout=_lay("230px"), **lay)
        self.add_hex = W.Button(description="Add hex", icon="plus", layout=_lay("96px"),
                                tooltip="add the clicked hex to the card's target hexes")
        self.add_hex.on_click(lambda _b: self._add_hex())
        self.target_hint = W.HTML()
        self.play_button = W.Button(description="Play", icon="play", button_style="primary", layout=_lay("110px"),
                                    tooltip="play the card: game.apply(PlayCard(...)); the other team may answer")
        self.play_button.on_click(lambda _b: self.play())
        self.hex_row = W.HBox([self.hexes, self.add_hex])
        self.play_box = W.VBox([self.play_head, self.card, self.option, self.target_hint, self.units,
                                self.target_card, self.target_card_hint, self.hex_row, self.escort, self.play_button])
        self.play_box.add_class("lcb-card-play")
        self.detail_picker = W.Dropdown(description="Detail", layout=_lay(ROW), **lay)
        self.detail = W.HTML()
        self.widget = W.VBox([self.play_box, self.hand, self.detail_picker, self.detail])
        """*Play a card* first, then the hand: the play stays on screen under the impulse (1366x768)."""
        self.widget.add_class("lcb-cards")
        self.plays: list = []
        self._aid_shown: int | None = None
        self._live = ctl.live
        self.follower = follow(ctl, ["version", "viewer", "selected_hex", "selected_unit", "card_action"],
                               self.refresh, extra=lambda: (self.card.value, self.option.value))
        for w in (self.card, self.option):
            w.observe(self.follower, "value")
        self.hand_follower = follow(ctl, ["version", "viewer"], self._draw_hand)
        self.detail_follower = follow(ctl, ["version", "viewer"], self._draw_detail,
                                      extra=lambda: (self.detail_picker.value,))
        self.detail_picker.observe(self.detail_follower, "value")

    # ------------------------------------------------------------ what may be played
    def _groups(self) -> dict[str, list]:
        """{key "cid|aid": [PlayCard per option]} of the listed card uses."""
        out: dict[str, list] = {}
        for p in self.plays:
            out.setdefault(f"{p.card}|{p.action}", []).append(p)
        return out

    def listed(self) -> list:
        """The listed ``PlayCard`` s of the card use and option chosen (one per target the engine
        lists, e.g. each hex with enemy units for a stack)."""
        group = self._groups().get(self.card.value or "", [])
        return [p for p in group if p.option == self.option.value] or group[:1]

    def chosen(self) -> A.PlayCard | None:
        """The listed ``PlayCard`` the Card and Option inputs name (None: none); its targets are
        the engine's first listed ones (:meth:`to_play` picks the one the map points at)."""
        ps = self.listed()
        return ps[0] if ps else None

    def to_play(self) -> A.PlayCard | None:
        """The ``PlayCard`` *Play* applies: the chosen use with the targets from the map
        (:meth:`targets`); when the engine lists its targets, the listed action the map points at
        (same targets and hex, else the same hex, else the same targets) -- else the map's own,
        for the engine to judge (a refusal names its rule)."""
        p = self.chosen()
        if p is None:
            return None
        targets, hx = self.targets()
        listed = [q for q in self.listed() if q.escort == (self.escort.value or None)]
        for same in (lambda q: (tuple(q.targets), q.hex) == (tuple(targets), hx),
                     lambda q: hx is not None and q.hex == hx,
                     lambda q: bool(targets) and set(q.targets) == set(targets)):
            hit = next((q for q in listed if same(q)), None)
            if hit is not None:
                return hit
        return A.PlayCard(p.card, p.option, tuple(targets), hx, p.action, self.escort.value or None)

    def effect(self) -> Effect | None:
        """The card option (:class:`~lcb_lab.games.lcb.model.cards.Effect`) of the chosen use, or None when
        no use is chosen or its card type is unknown to the view."""
        p = self.chosen()
        if p is None:
            return None
        ct = card_hand.ctype(self.ctl.game, self._card(p.card) or {"name": p.card, "team": self._team(p.card)})
        try:
            return ct.effect(p.option) if ct is not None else None
        except LabError:
            return None

    def _card(self, cid: str) -> dict | None:
        cards, _ = self.ctl.cards()
        return next((c for c in cards if c.get("cid") == cid or c.get("name") == cid), None)

    def _card_names(self) -> dict[str, str]:
        """cid -> name of the cards the view knows (no card id reaches a label)."""
        cards, _ = self.ctl.cards()
        return {c["cid"]: c.get("name") for c in cards if c.get("cid") and c.get("name")}

    def _team(self, cid: str) -> str | None:
        c = self._card(cid)
        return c.get("team") if c else None

    # ------------------------------------------------------------ targets from the map
    def targets(self) -> tuple[tuple[str, ...], str | None]:
        """``(targets, hex)`` for the chosen effect from the map and the inputs: a stack is the
        clicked hex (its units when the view names every counter there; else the hex alone), a
        unit the selected unit, units those picked in the clicked hex, a hex the clicked hex,
        hexes those added, a card the one picked."""
        e, c = self.effect(), self.ctl
        kind = e.target if e is not None else "none"
        hx = c.selected_hex
        if kind == "stack":
            backs = any(x.get("back") and x.get("hex") == hx for x in c.view()["counters"])
            return (() if backs else tuple(c.hex_units(hx))), hx
        if kind == "unit":
            u = c.selected_unit
            where = c.visible_counters().get(u, {}).get("hex") if u else None
            return ((u,) if u else ()), where
        if kind == "units":
            return tuple(self.units.value), hx
        if kind == "hex":
            return ((hx,) if hx else ()), hx
        if kind == "hexes":
            hexes = tuple(h for h in (x.strip().upper() for x in (self.hexes.value or "").split(",")) if h)
            return hexes, (hexes[0] if hexes else None)
        if kind in ("enemy_card", "own_card"):
            return ((self.target_card.value,) if self.target_card.value else ()), None
        return (), None

    def _add_hex(self) -> None:
        hx = self.ctl.selected_hex
        if not hx:
            self.ctl.say("Add hex: click a hex on the map first. Nothing changed.")
            return
        have = [h.strip() for h in (self.hexes.value or "").split(",") if h.strip()]
        if hx not in have:
            self.hexes.value = ", ".join(have + [hx])

    def play(self) -> Any:
        """*Play*: the chosen card use with the targets from the map (``LabApp.play_card``)."""
        p = self.to_play()
        if p is None:
            self.ctl.say("Play: no card may be played now \u2014 declare Play a JCC for it on your impulse "
                         "(3.31), or use a deployed Persistent card once per turn (9.2). Nothing changed.")
            return None
        out = self._play(p.card, p.option, p.targets, p.hex, p.action, p.escort)
        self.hexes.value = ""
        return out

    # ------------------------------------------------------------ refresh
    def refresh(self) -> None:
        """Redraw the tab from the controller: the view's cards, the offered uses and their targets."""
        c = self.ctl
        if c.live is not self._live:
            self._live = c.live
            self.hexes.value = ""
        offer = c.offers()
        self.plays = card_plays(c.game, offer) if c.game is c.live and offer.team in ("US", "RU") else []
        groups = self._groups()
        opts = self._card_options(groups)
        set_options(self.card, opts, value=self._pick(groups, opts))
        group = groups.get(self.card.value or "", [])
        labels = list(dict.fromkeys(p.option for p in group))
        set_options(self.option, labels, value=self.option.value if self.option.value in labels else
                    (labels[0] if labels else None))
        self._draw_targets(bool(opts))
        known = card_hand.short_labels(c.cards()[0], team=True)
        keep = self.detail_picker.value
        p = self.chosen()
        want = keep if keep in [v for _l, v in known] else (p.card if p else (known[0][1] if known else None))
        set_options(self.detail_picker, known, value=want)
        self.detail_follower(force=True)

    def _pay(self, p: A.PlayCard) -> str:
        """How a listed use is paid for: "action" (a declared *Play a JCC*), "deployment" or "free"."""
        return "action" if p.action is not None else ("deployment" if self.ctl.stage() == "deployment" else "free")

    def _card_options(self, groups: dict[str, list]) -> list[tuple[str, str]]:
        """(label, "cid|aid") of the listed card uses, short for a narrow column: "Tactical Cyber Attack \u00b7
        action #1", "Combat Air Patrols \u00b7 free use" (the card's place added only to tell two alike
        apart); :meth:`_card_words` is the line beside."""
        rows = []
        for key, ps in groups.items():
            p, card = ps[0], self._card(ps[0].card) or {"name": ps[0].card, "cid": ps[0].card}
            pay = self._pay(p)
            rows.append((f"{card.get('name')} \u00b7 " + (f"action #{p.action}" if pay == "action" else PAY_SHORT[pay]),
                         card, key))
        return card_hand.told_apart(rows)

    def _card_words(self) -> str:
        """The chosen use in full words (plain text): "Combat Air Patrols (Blue (US), deployed in AN-27): a free
        Persistent use, once a turn (9.2)", or ""."""
        p = self.chosen()
        if p is None:
            return ""
        card = self._card(p.card) or {"name": p.card, "cid": p.card, "team": self._team(p.card)}
        full = card_hand.names_known([{**card, "cid": card.get("cid") or p.card}])[0][0]
        pay = self._pay(p)
        return f"{full}: " + (f"declared action #{p.action} (3.31)" if pay == "action" else PAY_LONG[pay])

    def _draw_target_card_hint(self) -> None:
        cid = self.target_card.value
        card = self._card(cid) if cid and self.target_card.options else None
        words = card_hand.names_known([card])[0][0] if card and card.get("cid") else ""
        self.target_card_hint.value = f'<div class="lcb-small">At: {esc(words)}</div>' if words else ""

    def _pick(self, groups: dict[str, list], opts: list) -> str | None:
        """The card use to show: the Impulse tab's chosen *Play a JCC* action's (when it changed to
        it), else the one shown if still listed, else the first."""
        aid = self.ctl.card_action
        mine = next((k for k, ps in groups.items() if aid is not None and ps[0].action == aid), None)
        changed, self._aid_shown = aid != self._aid_shown, aid
        if mine is not None and changed:
            return mine
        return self.card.value if self.card.value in groups else (opts[0][1] if opts else None)

    def _draw_targets(self, any_play: bool) -> None:
        c = self.ctl
        for w in (self.card, self.option, self.play_button):
            w.disabled = not any_play
        e = self.effect()
        kind = e.target if e is not None else "none"
        if not any_play:                       # nothing the view may play: one line saying why, no empty form
            set_options(self.units, [])
            set_options(self.target_card, [])
            set_options(self.escort, [])
            set_children(self.play_box, [self.play_head])
            self.play_head.value = (f'<div class="lcb-small"><a id="{play_anchor(c)}"></a><b>Play a card</b> '
                                    f'{rule_badges(["3.31", "9.2"])} <span class="lcb-muted">{self._why_none()}</span></div>')
            self.target_hint.value = ""
            self.target_card_hint.value = ""
            return
        escorts = list(dict.fromkeys(q.escort for q in self.listed() if q.escort))
        names = self._card_names()
        set_options(self.escort, [("none", "")] + [(names.get(e, "a deployed card"), e) for e in escorts],
                    value=self.escort.value if self.escort.value in escorts else "")
        set_children(self.play_box, [self.play_head, self.card, self.option, self.target_hint,
                                     self.units if kind == "units" else None,
                                     self.target_card if kind in ("enemy_card", "own_card") else None,
                                     self.target_card_hint if kind in ("enemy_card", "own_card") else None,
                                     self.hex_row if kind == "hexes" else None,
                                     self.escort if escorts else None, self.play_button])
        units = c.hex_units(c.selected_hex) if kind == "units" else []
        set_options(self.units, units, value=tuple(u for u in self.units.value if u in units) or tuple(units))
        if kind in ("enemy_card", "own_card"):
            p = self.chosen()
            mine = self._team(p.card) if p else None
            cards, _ = c.cards()
            pick = [c2 for c2 in cards if (c2.get("team") == mine) == (kind == "own_card")]
            # the cards the engine offers first, one of them picked: the first of all the known cards
            # (Signals Management for a Combat Air Patrols aimed at Red's CAP) was a Play refused
            offered = [t for q in self.listed() for t in q.targets]
            known = sorted(card_hand.short_labels(pick), key=lambda o: o[1] not in offered)
            keep = self.target_card.value
            set_options(self.target_card, known, value=KEEP if keep in offered or not offered else
                        next((v for _l, v in known if v in offered), KEEP))
        else:
            set_options(self.target_card, [])
        self._draw_target_card_hint()
        self.play_head.value = f'<div class="lcb-small"><a id="{play_anchor(c)}"></a><b>Play a card</b> {rule_badges(["3.31", "9.03"])}</div>'
        targets, hx = self.targets()
        where = ""
        if kind in ("stack", "hex", "unit", "units"):
            where = f" \u2014 now: {', '.join(targets) if targets else (hx or 'nothing: click the map')}" + (
                f" in {hx}" if targets and hx and kind != "hex" else "")
        text = e.text if e is not None else ""
        listed = self.listed()
        hexes = list(dict.fromkeys(q.hex for q in listed if q.hex))
        named = list(dict.fromkeys(t for q in listed for t in q.targets))
        if kind in ("enemy_card", "own_card"):      # a card target is its id: say the card's name, never the id
            names = {k.get("cid"): k.get("name") for k in c.cards()[0] if k.get("cid")}
            named = list(dict.fromkeys(names.get(t) or "a hidden card" for t in named))
        offer = ""
        if len(listed) > 1 or hexes or named:
            shown = hexes if hexes else named
            more = f" \u2026 ({len(shown)})" if len(shown) > 10 else ""
            offer = f"<br>Offered: {esc(', '.join(shown[:10]))}{more}"
            play = self.to_play()
            if play is not None and play not in listed:
                offer += ' <span class="lcb-refused">(the map points at none of them)</span>'
        self.target_hint.value = (f'<div class="lcb-small">Card: {esc(self._card_words())}<br>'
                                  f'Target: {esc(TARGET_WORDS.get(kind, kind))}{esc(where)}'
                                  f'{offer}<br><span class="lcb-muted">{esc(text)}</span></div>')

    def _why_none(self) -> str:
        """Why the view may play no card now (HTML, one line): a past step is shown, the other team
        is to act (:meth:`LabController.locked_text`), or nothing is listed for it."""
        c = self.ctl
        if c.past_step is not None:
            return (f"step {c.past_step} of the record: no card is played on a past step (History \u203a Back to "
                    "now to play on).")
        if not c.may_play():
            return esc(c.locked_text()) + "."
        return ("nothing to play now: declare <i>Play a JCC</i> for a card on your impulse, or use a deployed "
                "Persistent card (once a turn).")

    def _draw_hand(self) -> None:
        c = self.ctl
        self.hand.value = card_hand.hand_html(c.game, c.cards(), c.viewer, c.view())

    def _draw_detail(self) -> None:
        cid = self.detail_picker.value
        card = self._card(cid) if cid else None
        self.detail.value = card_hand.card_detail_html(self.ctl.game, card) if card else (
            '<div class="lcb-muted lcb-small">No card to show.</div>')
