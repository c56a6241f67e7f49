"""Landing, port, marker and submarine actions in the Impulse tab (12.2, 12.3, 12.54, 13.21, 14.x).

The **Landing, ports, markers, submarines** section lists, as buttons, the actions
``game.legal_actions`` offers the view now of the kinds :data:`SPECIAL_KINDS` --
:class:`~lcb_lab.games.lcb.actions.PortTransfer` (port disembarkation / embarkation, 12.3, 12.54),
:class:`~lcb_lab.games.lcb.actions.MarkerAction` (a marker's move and its step: effect, combat, conceal,
unload / load / re-embark, 13.21, 12.2), :class:`~lcb_lab.games.lcb.actions.TorpedoAttack` (14.07),
:class:`~lcb_lab.games.lcb.actions.SubmarineZor` (14.09), :class:`~lcb_lab.games.lcb.actions.OffensiveAsw` (14.14),
:class:`~lcb_lab.games.lcb.actions.OffensiveIntercept` (7.59, 7.510, 7.512) --
the way card plays are offered (a dropdown of every offer and *Carry out*; quick buttons for the
offers about the clicked hex).  Each click goes through ``LabApp.run``: a refusal is the red
message "Refused by rule 12.3: ... Nothing changed."

It also builds the acts a player looks for that the rules do not list (:func:`candidates`): the
selected Embark-capable ship putting its cargo ashore through a port, each own ISR marker in the
clicked hex unloading its cargo, and each own marker that may still move going to the clicked
hex along its cheapest path (and unloading there when it carries units and the hex has land; the
rules list single steps only, :func:`marker_moves`).  Each is tried on a fork (:func:`lcb_lab.games.lcb.offers.refusal`,
the game untouched): a legal one is a quick button like an offer, a refused one a *Try: ...*
button with the engine's reason -- "Port disembark from LHD 1 ...: Refused by rule 12.3 ...".

Hidden information: like the impulse controls, the section belongs to the team that plays and
to the instructor; in the other team's view it is hidden and every list emptied.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Iterable

import ipywidgets as W

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.choices import EmbarkLossesChoice, MineAttackChoice
from lcb_lab.games.lcb.legal_templates import Template
from lcb_lab.games.lcb.offers import refusal
from lcb_lab.games.lcb.rules.submarines.operations import SUB_TARGET
from lcb_lab.ui.lab.controller import follow
from lcb_lab.ui.lcb.panels import esc, refusal_text, rule_badges
from lcb_lab.ui.lab.sync import set_children, set_options

if TYPE_CHECKING:  # pragma: no cover
    from lcb_lab.ui.lcb.controller import LcbController

__all__ = ["SPECIAL_KINDS", "special_offers", "action_label", "action_rules", "candidates", "SpecialActions",
           "SpecialActionsPanel", "QUICK", "short_label", "marker_moves", "proxy_rulings", "RulingPanel"]

SPECIAL_KINDS = (A.PortTransfer, A.MarkerAction, A.TorpedoAttack, A.SubmarineZor, A.OffensiveAsw,
                 A.OffensiveIntercept)
"""The chapter 12-14 act kinds the section offers, and the offensive INTERCEPT (7.59)."""
QUICK = 6
"""Most quick buttons (offers about the clicked hex) shown at once."""


def special_offers(actions: Iterable[A.Action | Template]) -> list[A.Action]:
    """The offered acts of :data:`SPECIAL_KINDS` in ``actions`` (``Offers.actions``), in order;
    a :class:`~lcb_lab.games.lcb.legal_templates.Template` of them counts with its options."""
    out: list[A.Action] = []
    for a in actions:
        if isinstance(a, SPECIAL_KINDS):
            out.append(a)
        elif isinstance(a, Template):
            out += [o for o in a.options if isinstance(o, SPECIAL_KINDS)]
    return list(dict.fromkeys(out))


def _paid(action: int | None) -> str:
    return f"action #{action}" if action is not None else "free"


def action_rules(a: A.Action) -> list[str]:
    """The rule numbers of an act (badges)."""
    if isinstance(a, A.PortTransfer):
        return ["12.54"] if a.embark else ["12.3"]
    if isinstance(a, A.MarkerAction):
        return {"unload": ["12.2", "13.21"], "load": ["12.53"], "reembark": ["12.27"]}.get(a.then, ["13.21"])
    if isinstance(a, A.TorpedoAttack):
        return ["14.07"]
    if isinstance(a, A.SubmarineZor):
        return ["14.09"]
    if isinstance(a, A.OffensiveAsw):
        return ["14.14"]
    if isinstance(a, A.OffensiveIntercept):
        return ["7.59", "7.512"]
    return []


def action_label(a: A.Action) -> str:
    """Plain words for an act: "Port disembark from LHD 1: 1 Alpha, 2 Alpha + 2 RP (action #1)"."""
    if isinstance(a, A.PortTransfer):
        what = ", ".join(a.units) + (f" + {a.rp} RP" if a.rp else "") or "nothing"
        return f"Port {'embark on' if a.embark else 'disembark from'} {a.ship}: {what} ({_paid(a.action)})"
    if isinstance(a, A.MarkerAction):
        arrow = " \u2192 "
        move = "move " + arrow.join(a.path) if a.path else "stay"
        then = {"none": "", "effect": ", then its effect", "combat": f", then combat ({a.dice} d20)",
                "conceal": ", then conceal", "unload": ", then unload its cargo", "load": ", then load",
                "reembark": ", then re-embark"}.get(a.then, f", then {a.then}")
        names = [t.replace("ruling:", "ruling ") for t in a.targets]
        at = (f" at {', '.join(names)}" if names else "") + (f" in {a.hex}" if a.hex else "")
        return f"{a.marker}: {move}{then}{at} ({_paid(a.action)})"
    if isinstance(a, A.TorpedoAttack):
        n = len(a.targets)
        at = ", ".join("any enemy submarine in the hex" if t == SUB_TARGET else t for t in a.targets)
        return f"TORPEDO ATTACK by {a.sub}: {n} torpedo{'es' if n != 1 else ''} at {at} (action #{a.action})"
    if isinstance(a, A.SubmarineZor):
        return f"Submarine ZOR of {a.sub} (action #{a.action})"
    if isinstance(a, A.OffensiveAsw):
        return f"Offensive ASW: {', '.join(a.units)} (action #{a.action})"
    if isinstance(a, A.OffensiveIntercept):
        return f"Offensive INTERCEPT: {a.interceptor} {a.slot}, {a.dice} d20 at {a.target} (action #{a.action})"
    return type(a).__name__


BUTTON_CHARS = 58
"""A quick button's longest words; a longer act names its units by count (the tooltip has them all)."""


def short_label(a: A.Action) -> str:
    """:func:`action_label`, with the units counted when it would not fit a button."""
    text = action_label(a)
    if len(text) <= BUTTON_CHARS:
        return text
    if isinstance(a, A.PortTransfer):
        n = len(a.units)
        what = f"{n} unit{'s' if n != 1 else ''}" + (f" + {a.rp} RP" if a.rp else "")
        return f"Port {'embark on' if a.embark else 'disembark from'} {a.ship}: {what} ({_paid(a.action)})"
    return text[:BUTTON_CHARS - 1] + "\u2026"


def _hexes_of(a: A.Action, view: dict) -> set[str]:
    """The hexes an act is about (to pick the quick buttons for the clicked hex), from the view:
    the hexes of the counters and card markers it names that the view shows."""
    units = {c["uid"]: c.get("hex") for c in view["counters"] if c.get("uid")}
    out: set[str] = set()
    if isinstance(a, A.PortTransfer):
        out.add(units.get(a.ship))
    elif isinstance(a, A.MarkerAction):
        out.add(next((m.get("hex") for m in view.get("card_markers") or [] if m.get("id") == a.marker), None))
        out |= set(a.path) | ({a.hex} if a.hex else set())
    elif isinstance(a, (A.TorpedoAttack, A.SubmarineZor)):
        out.add(units.get(a.sub))
    elif isinstance(a, A.OffensiveAsw):
        out |= {units.get(x) for x in a.units}
    elif isinstance(a, A.OffensiveIntercept):
        out.add(units.get(a.interceptor))
        out.add(next((m.get("hex") for m in view.get("card_markers") or [] if m.get("id") == a.target), None))
    return out - {None}


def _declared_for(game, uid: str) -> int | None:
    imp = game.impulse
    if imp is None:
        return None
    for i, d in enumerate(imp.actions):
        if uid in d.units:
            return getattr(d, "aid", None) or i + 1
    return None


def candidates(ctl: "LcbController") -> list[A.Action]:
    """Acts the view may look for that need not be offered: the selected own Embark-capable ship
    putting all its units aboard ashore through a port (12.3), and each own ISR marker with
    cargo in the clicked hex unloading it (12.2).  Built from the view only."""
    g, view = ctl.game, ctl.view()
    if g.impulse is None:
        return []
    out: list[A.Action] = []
    sel = ctl.selected_unit
    vis = ctl.visible_counters()
    me = ctl.viewer
    if sel in vis and vis[sel].get("hex") and me in ("instructor", vis[sel]["team"]):
        aboard = tuple(c["uid"] for c in view["counters"] if c.get("embarked_on") == sel)
        if aboard:
            out.append(A.PortTransfer(sel, aboard, 0, False, _declared_for(g, sel)))
    from lcb_lab.ui.lcb.map.markers import seen_markers       # the markers with their cargo, as the view may know it
    for m in seen_markers(g, view):
        if (m.get("kind") == "isr" and not m.get("back") and m.get("cargo") and m.get("hex") == ctl.selected_hex
                and me in ("instructor", m["team"])):
            out.append(A.MarkerAction(m["id"], (), "unload"))
    out += marker_moves(ctl)
    out += proxy_rulings(ctl)
    return out


def proxy_rulings(ctl: "LcbController") -> list[A.Action]:
    """Each own Proxy Force in the clicked hex using each instructor ruling on each face-up enemy
    unit there (13.14: the agreed effect, ``targets=("ruling:<n>", uid)``).  Rulings are public:
    they are logged for everyone and serve the Proxy Forces of both sides."""
    g, here, vm = ctl.game, ctl.selected_hex, ctl.view_model()
    view, imp, rulings = vm.view, g.impulse, vm.rulings
    if imp is None or not here or not rulings or ctl.viewer not in ("instructor", imp.team):
        return []
    foes = [c["uid"] for c in view["counters"] if c.get("hex") == here and not c.get("back")
            and c["team"] != imp.team and c.get("revealed")]
    out: list[A.Action] = []
    for m in view.get("card_markers") or []:
        if m.get("kind") == "proxy" and not m.get("back") and m.get("hex") == here and m["team"] == imp.team:
            out += [A.MarkerAction(m["id"], (), "effect", (f"ruling:{r['n']}", uid)) for r in rulings for uid in foes]
    return out


def marker_moves(ctl: "LcbController") -> list[A.Action]:
    """The active team's own ISR / Proxy Force markers that may still move this impulse, each moved
    to the clicked hex along its cheapest path within its MP (``rules/isr.py:marker_path``: through
    water for a naval or landing-craft marker, 12.22, 13.21) -- and, for a marker with cargo, unloading
    there when the hex has land (12.2).  The rules list single steps only; these are the longer
    moves a player clicks."""
    g, dest = ctl.game, ctl.selected_hex
    imp = g.impulse
    if imp is None or not dest or ctl.viewer not in ("instructor", imp.team):
        return []
    vm = ctl.view_model()
    out: list[A.Action] = []
    for m in sorted(vm.view.get("card_markers") or [], key=lambda x: x["id"]):
        d = vm.marker_details.get(m["id"], {})
        if (m.get("back") or m["team"] != imp.team or m.get("kind") not in ("isr", "proxy") or d.get("moved")
                or not d.get("mp") or m.get("hex") == dest):
            continue
        path = g.marker_route(m["id"], dest, ctl.viewer)
        if path:                  # with cargo, a hex with land is where it unloads (12.2); at sea it only moves
            land = g.board.hex(dest).has_land
            out.append(A.MarkerAction(m["id"], tuple(path), "unload" if d.get("cargo") and land else "none"))
    return out


class SpecialActions:
    """A mixin of :class:`~lcb_lab.ui.lcb.app.LabApp`: the Python methods behind the section,
    each gated like the impulse controls (``_gate``) and run through ``run``."""

    def _answer_action(self, d, value) -> A.Answer:
        """The chapter 10 and 13 choices: ``embark_losses`` ``{"picks": [...]}`` (10.311) and ``mine_attack``
        ``{"mines": [{"target", "cubes"}]}`` (13.33) as their typed answers; every other class is
        handed on."""
        if not isinstance(d, (EmbarkLossesChoice, MineAttackChoice)):
            return super()._answer_action(d, value)
        value = value if isinstance(value, dict) else {}
        if isinstance(d, EmbarkLossesChoice):
            act = A.AnswerEmbarkLosses(picks=tuple(str(p) for p in value.get("picks", ()) if p), choice=d.id or None)
        else:
            act = A.AnswerMines(mines=tuple(A.MineShot(str(m["target"]), int(m["cubes"])) for m in value.get("mines", ())
                                       if int(m.get("cubes", 0)) > 0), choice=d.id or None)
        return act

    def answer_losses(self, picks: Iterable[str] = ()) -> Any:
        """Answer the pending ``embark_losses`` choice with the cargo ``picks`` (uids, cids, ``"hidden:<n>"``)."""
        return self.answer({"picks": list(picks)})

    def answer_mines(self, shots: dict[str, int] | None = None) -> Any:
        """Answer the pending ``mine_attack`` choice: ``{target: cubes}`` (empty: hold the mines)."""
        return self.answer({"mines": [{"target": t, "cubes": n} for t, n in (shots or {}).items()]})

    def instructor_ruling(self, team: str, text: str, succeeds_on: int = 6, supply_loss: Iterable[str] = ()) -> Any:
        """Enter an agreed ruling (13.14: a Proxy Force's negotiated effect and the d20 it needs):
        Instructor view only."""
        what = "Instructor ruling"
        if self.team != "instructor":
            self.say(f"{what}: rulings are entered from the Instructor view only (13.14). Nothing changed.")
            return None
        loss = tuple(x.strip() for x in (supply_loss.split(",") if isinstance(supply_loss, str) else supply_loss)
                     if x and x.strip())
        return self.run(what, self._apply, A.InstructorRuling(team, text or "", int(succeeds_on), loss))

    def special_action(self, action: A.Action) -> Any:
        """Carry out one typed act of :data:`SPECIAL_KINDS` (a refusal is a red message)."""
        what = action_label(action) if isinstance(action, SPECIAL_KINDS) else "Special action"
        if not self._gate(what):
            return None
        return self.run(what, self._apply, action)

    def port_transfer(self, ship: str, units: Iterable[str] = (), rp: int = 0, embark: bool = False, action: int | None = None) -> Any:
        """Port disembarkation (or embarkation, ``embark``) of ``ship``'s ``units`` and ``rp`` (12.3, 12.54)."""
        return self.special_action(A.PortTransfer(ship, tuple(units), rp, embark, action))

    def marker_action(self, marker: str, path: Iterable[str] = (), then: str = "none", targets: Iterable[str] = (), hex: str | None = None,
                      dice: int = 0, action: int | None = None) -> Any:
        """A card marker's action: move along ``path``, then ``then`` (13.21, 12.2)."""
        return self.special_action(A.MarkerAction(marker, tuple(path), then, tuple(targets), hex, dice, action))

    def torpedo_attack(self, action: int, sub: str, targets: Iterable[str]) -> Any:
        """TORPEDO ATTACK by submarine ``sub`` of declared action ``action`` on ``targets`` (14.07, 14.08)."""
        return self.special_action(A.TorpedoAttack(action, sub, tuple(targets)))

    def submarine_zor(self, action: int, sub: str) -> Any:
        """Submarine ``sub`` of declared action ``action`` exercises its 1-hex ZOR (14.09)."""
        return self.special_action(A.SubmarineZor(action, sub))

    def offensive_asw(self, action: int, units: Iterable[str] = ()) -> Any:
        """Offensive ASW by ``units`` of declared action ``action`` in their hex (14.14)."""
        return self.special_action(A.OffensiveAsw(action, tuple(units)))

    def offensive_intercept(self, action: int, interceptor: str, slot: str, target: str, dice: int) -> Any:
        """Offensive INTERCEPT by ``interceptor``'s ``slot`` of declared action ``action``: ``dice`` d20
        at ``target``, a revealed enemy ISR marker or a BMD-only enemy card (7.59, 7.510, 7.512)."""
        return self.special_action(A.OffensiveIntercept(action, interceptor, slot, target, dice))


class SpecialActionsPanel:
    """``widget``: the section (``.lcb-special``); ``run(action)`` carries an act out (the lab's
    :meth:`SpecialActions.special_action`)."""

    def __init__(self, ctl: "LcbController", run: Callable[[A.Action], object]):
        self.ctl, self.run = ctl, run
        self.offered: list[A.Action] = []
        self.tried: list[tuple[A.Action, str]] = []
        self._why_stamp: tuple | None = None
        self._why: dict[A.Action, str | None] = {}
        self.head = W.HTML("<b>Landing, ports, markers, submarines</b> "
                           + rule_badges(["12.2", "12.3", "13.21", "14.07"]))
        self.picker = W.Dropdown(options=[], value=None, description="Act", layout=W.Layout(width="auto", flex="1 1 auto", min_width="0"),
                                 style={"description_width": "30px"})
        self.go = W.Button(description="Carry out", icon="play", button_style="primary",
                           layout=W.Layout(width="auto", flex="0 0 auto", min_width="max-content"))
        self.go.on_click(lambda _b: self.carry_out(self.picker.value))
        self.buttons = [self._button(k) for k in range(QUICK + 2)]
        """A fixed pool of quick buttons (relabelled, never rebuilt: a click sends only what changed);
        only those in use are children of :attr:`quick`, the others are emptied."""
        self.keys: list = []
        self.quick = W.HBox([], layout=W.Layout(flex_flow="row wrap"))
        self.why = W.HTML()
        self.body = [self.head, W.HBox([self.picker, self.go]), self.quick, self.why]
        self.widget = W.VBox([])
        """The section: empty (nothing on the page) while the view has no such act to take or try."""
        self.widget.add_class("lcb-special")
        self.follower = follow(ctl, ["version", "viewer", "selected_hex", "selected_unit"], self.refresh)

    def carry_out(self, index: int | tuple[str, int]) -> object:
        """Carry out offer number ``index`` of the dropdown (or a tried act: ``("try", n)``)."""
        if isinstance(index, tuple) and index and index[0] == "try":
            return self.run(self.tried[index[1]][0])
        if not isinstance(index, int) or not 0 <= index < len(self.offered):
            self.ctl.say("Carry out: choose an act in the list first. Nothing changed.")
            return None
        return self.run(self.offered[index])

    def _button(self, k: int) -> W.Button:
        b = W.Button(description="", layout=W.Layout(width="auto", max_width="100%"))
        b.on_click(lambda _b: self.carry_out(self.keys[k]) if k < len(self.keys) else None)
        return b

    def _label_buttons(self, rows: list[tuple[str, object, str]]) -> None:
        """Show ``(words, key, full words)`` rows on the button pool: the buttons used are the
        children of :attr:`quick`, the rest are left out and emptied."""
        self.keys = [key for _l, key, _f in rows[:len(self.buttons)]]
        for k, b in enumerate(self.buttons):
            label, full = (rows[k][0], rows[k][2]) if k < len(self.keys) else ("", "")
            if (b.description, b.tooltip) != (label, full):
                b.description, b.tooltip = label, full
        set_children(self.quick, self.buttons[:len(self.keys)])

    @property
    def quick_labels(self) -> list[str]:
        """The quick buttons shown now (their full words)."""
        return [b.tooltip for b in self.quick.children]

    @property
    def shown(self) -> bool:
        """Is the section on the page (the view has an act to take or try)?"""
        return bool(self.widget.children)

    def refresh(self) -> None:
        """Redraw the list of special acts the current view may take now (empty while the past is shown)."""
        c = self.ctl
        live = c.game is c.live and c.game.impulse is not None and c.may_play()
        self.offered = special_offers(c.offers().actions) if live else []
        offered = set(self.offered)
        self.tried = []
        if live:
            stamp = (c.version, c.viewer)
            if self._why_stamp != stamp:          # the engine's reasons, once per change of the game
                self._why_stamp, self._why = stamp, {}
            for a in candidates(c):
                if a not in offered:
                    if a not in self._why:
                        why = refusal(c.game, a)
                        self._why[a] = None if why is None else refusal_text(why).replace(" Nothing changed.", "")
                    self.tried.append((a, self._why[a]))      # None: legal, though not listed
        if not self.offered and not self.tried:
            set_options(self.picker, [], value=None)
            self._label_buttons([])
            self.why.value = ""
            set_children(self.widget, [])
            return
        set_children(self.widget, self.body)
        opts = [(action_label(a), i) for i, a in enumerate(self.offered)]
        keep = self.picker.value if self.picker.value in [o[1] for o in opts] else (opts[0][1] if opts else None)
        set_options(self.picker, opts, value=keep)
        self.go.disabled = not opts
        here = c.selected_hex
        near = [i for i, a in enumerate(self.offered) if here and here in _hexes_of(a, c.view())][:QUICK]
        rows = [(short_label(self.offered[i]), i, action_label(self.offered[i])) for i in near]
        rows += [(("Try: " if w else "") + short_label(a), ("try", k), ("Try: " if w else "") + action_label(a))
                 for k, (a, w) in enumerate(self.tried)]
        self._label_buttons(rows)
        lines = [f"{esc(action_label(a))}: {esc(w)}" for a, w in self.tried if w]
        n = len(self.offered)
        count = (f'<div class="lcb-small lcb-muted">{n} act{"s" if n != 1 else ""} offered'
                 + (f"; {len(near)} about {esc(here)}" if here else "; click a hex for its acts") + "</div>")
        self.why.value = count + "".join(f'<div class="lcb-small lcb-special-why">Not offered \u2014 {ln}</div>'
                                         for ln in lines)


class RulingPanel:
    """The instructor's *Ruling* form (13.14; Instructor view only): the proposing team, the agreed
    effect's words, the d20 it succeeds on, the supply slots it takes 1 from (e.g. "LRS1, LRS2"),
    *Enter ruling*; below, the rulings entered (public: both sides' Proxy Forces may use them)."""

    def __init__(self, ctl: "LcbController", enter: Callable[..., object]):
        self.ctl = ctl
        self.team = W.Dropdown(options=[("Blue (US)", "US"), ("Red (RU)", "RU")], value="RU", description="Team",
                               layout=W.Layout(width="170px"), style={"description_width": "40px"})
        self.text = W.Text(placeholder="the agreed effect, e.g. both LRS supplies of a rocket unit -1",
                           layout=W.Layout(width="100%"))
        self.succeeds_on = W.BoundedIntText(value=6, min=1, max=20, description="on d20 \u2264",
                                            layout=W.Layout(width="140px"), style={"description_width": "70px"})
        self.supply_loss = W.Text(placeholder="supply slots -1: LRS1, LRS2", layout=W.Layout(width="200px"))
        self.enter = W.Button(description="Enter ruling", icon="gavel", layout=W.Layout(width="auto"))
        self.enter.on_click(lambda _b: enter(self.team.value, self.text.value, self.succeeds_on.value,
                                             self.supply_loss.value))
        self.listing = W.HTML()
        self.widget = W.VBox([W.HTML("<b>Instructor ruling</b> " + rule_badges(["13.14"])
                                     + ' <span class="lcb-small lcb-muted">a Proxy Force effect the players agreed'
                                     "</span>"), self.text, W.HBox([self.team, self.succeeds_on, self.supply_loss],
                                                   layout=W.Layout(flex_flow="row wrap")),
                              self.enter, self.listing])
        self.body = list(self.widget.children)
        self.widget.children = ()
        """Built into the page in the Instructor view of the live game only."""
        self.widget.add_class("lcb-ruling")
        self.follower = follow(ctl, ["version", "viewer"], self.refresh)

    def refresh(self) -> None:
        """Show the rulings panel in the Instructor view of the live game only (13.14), with the rulings so far."""
        shown = self.ctl.viewer == "instructor" and self.ctl.game is self.ctl.live
        set_children(self.widget, self.body if shown else [])
        rulings = self.ctl.view_model().rulings
        self.listing.value = "".join(
            f'<div class="lcb-small">Ruling {r["n"]} ({esc(r["team"])}, {r["succeeds_on"]} or less): {esc(r["text"])}'
            + (f' \u2014 supply -1: {esc(", ".join(r.get("supply_loss", [])))}' if r.get("supply_loss") else "")
            + "</div>" for r in rulings)
