"""The decision panel: the non-active team answers INTERCEPT, GA defense and MILDEC questions.

The engine never decides for the defender (design principle 5): when
``game.pending`` is set, this panel asks the team named in the decision,
with one dice input per eligible unit, an "Answer" button and one
button per named policy (:data:`lcb_lab.games.lcb.choices.POLICIES`), labelled by what it does
(:data:`POLICY_LABELS`; the policy's id is only the value the button sends).
An INTERCEPT question also shows, per target, the exact odds of the committed
LRS against the dice entered so far (``preview``, i.e. ``game.preview_lrs``),
updated as the dice change.
With the view's offers (:class:`lcb_lab.games.lcb.offers.Offers`, from ``game.legal_actions``) the
inputs are the answer template's options and dice limits: an interceptor or defender
the rules would refuse gets no dice box, and *Answer* is enabled only when an answer
is listed.
In the other team's view only the question's kind and the deciding team are
shown (the prompt and the options name units and markers the other team may
not know about), with a "Hand over" button; a MILDEC question reads as the one line
"Waiting for <team>'s MILDEC decision (<rule>)." (:func:`waiting_line`), the same whether a
MILDEC is in the hex or only a back the attacker cannot tell from one (4.22, 6.11).
The defender's MILDEC question is one decision: with MILDECs in the hex, the HP they absorb
(a box) or a policy button; with none there (the question is asked whenever the attacker cannot
rule one out), a single button *Take the N HP* (:func:`take_label`; a torpedo hit on a ship:
*Take the torpedo hit*, it sinks, 14.08).  The panel draws from the view model
(:meth:`LabController.view_model`), whose pending choice holds no prompt or
options for that team, and *Answer* / *Pass* are not built (not hidden).

In the lab the panel follows a :class:`~lcb_lab.ui.lab.controller.LabController`
(:meth:`DecisionPanel.bind`): it observes ``pending``, ``viewer``, ``version`` and ``decision_folded`` and
is rebuilt only when the decision or the view changed.  There the question has *Fold*: it
folds to one line -- "Decision waiting for Red (RU): INTERCEPT (7.54)" and *Open the question* -- so the
tabs below get the column (a study of the plan read beside the waiting question; opening the study folds
it too, :mod:`.study_panel`).  Folded or whole is the controller's state at that moment of the game
(:meth:`~lcb_lab.ui.lcb.controller.LcbController.decision_is_folded`): the next decision, or the same one
after any act or undo, is drawn whole.  The folded line names only the kind, the rule and the deciding
team, which every view reads.
"""
from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Callable

import ipywidgets as W

from lcb_lab.games.lcb.choices import CHOICE_KINDS, CardResponseChoice, Choice, EmbarkLossesChoice, EventChoice, GaDefenseChoice, InterceptChoice, MildecChoice, MineAttackChoice
from lcb_lab.games.lcb.choice_options import Target
from lcb_lab.games.lcb.offers import Offers
from lcb_lab.ui.lcb.map import palette
from lcb_lab.ui.lab.controller import follow
from lcb_lab.ui.lcb.panels import esc, hp_lost_rows, odds_bars_html, rule_badges, slot_words, team_span, view_name
from lcb_lab.ui.lcb.reactions import CardResponseForm
from lcb_lab.ui.lab.sync import set_children

if TYPE_CHECKING:  # pragma: no cover
    from lcb_lab.ui.lcb.controller import LcbController


POLICY_LABELS: dict[str, tuple[str, str]] = {
    "no_intercept": ("Never INTERCEPT", "answer with no INTERCEPT dice at all (7.54)"),
    "match_incoming": ("INTERCEPT to match the incoming dice",
                       "each unit in reach puts as many INTERCEPT dice on a target as LRS dice come in, "
                       "within its supply (7.54-7.56)"),
    "no_defence": ("No defense fire", "the defenders roll no GROUND ASSAULT defense dice (7.13)"),
    "return_fire": ("Return fire with every defender",
                    "each defender fires up to 4 dice, within its supply, at the attacker with the most dice (7.13)"),
    "never_absorb": ("Absorb nothing with MILDEC", "no MILDEC takes the hits (4.22)"),
    "absorb_all": ("Absorb all the hits MILDEC can", "MILDECs take as many hits as they can (4.22, 7.06)"),
    "pass": ("Pass: play no card", "answer nothing: the chain goes on (9.46)"),
    "respond_all": ("Answer with every free card",
                    "every card that may answer for no AP answers, at as many targets as it may (9.41, 9.44)"),
    "respond_intercept_all": ("Answer with every free card and INTERCEPT all you can",
                              "every free card answers, and every IAMD unit in reach INTERCEPTs each card "
                              "it may with all its dice (9.011, 9.41)"),
    "lose_units_first": ("Lose units first", "per HP lost: up to 4 GPSV of units, then cards (10.311)"),
    "lose_cards_first": ("Lose cards first", "per HP lost: 2 Embarked cards while any remain, then units (10.311)"),
    "spare": ("Spare the cargo", "pick nothing: no cargo is lost (10.311)"),
    "detonate_all": ("Detonate every mine", "every mine cube at once, spread evenly over the targets (13.33)"),
    "hold_mines": ("Hold the mines", "remove no mine cube (13.33)"),
    "first_listed": ("First hexes listed", "the gray cubes go to the first hexes of the list (16.0, 3.26)"),
    "last_listed": ("Last hexes listed", "the gray cubes go to the last hexes of the list (16.0, 3.26)"),
}
"""Each named policy's button label (what it does, in the rulebook's words) and tooltip."""


HELD = ("A lesson checkpoint asks about this decision: answer it in the Lesson tab. "
        "The options show here once it is answered right (or at Next step).")
"""The decision panel's one line while a lesson checkpoint waits (the options would give it away)."""


class _Asked:
    """A choice the viewer does not answer, as far as it may know it: its kind (and heading), the
    deciding team and the rule that asks -- never its prompt or options."""

    def __init__(self, kind: str, team: str, rule: str):
        self.kind, self.team, self.rule = kind, team, rule
        self.title = getattr(CHOICE_KINDS.get(kind), "title", "") or kind.replace("_", " ")
        self.prompt = ""

    def to_dict(self) -> dict:
        """The panel's redraw key: what it shows."""
        return {"kind": self.kind, "team": self.team, "rule": self.rule}


def waiting_line(team: str, rule: str) -> str:
    """The other team's one line while ``team`` decides a MILDEC question asked under ``rule``
    (4.22, 13.34 or 14.08), as HTML: "Waiting for Blue (US)'s MILDEC decision (4.22)."  It names
    nothing the asker may not see, so it reads the same whether a MILDEC is in the hex or not."""
    return (f'<div class="lcb-card lcb-waiting">Waiting for {team_span(team)}\'s MILDEC decision '
            f'{rule_badges([rule])}.</div>')


def folded_line(kind: str, team: str, rule: str) -> str:
    """The folded question's line (HTML): "Decision waiting for Red (RU): INTERCEPT (7.54)" -- the kind,
    the deciding team and the rule, which every view reads (:class:`_Asked`)."""
    title = getattr(CHOICE_KINDS.get(kind), "title", "") or kind.replace("_", " ")
    return (f'<div class="lcb-small"><b>Decision waiting for {team_span(team)}: {esc(title)}</b> '
            f'{rule_badges([rule])}</div>')


def take_label(d: MildecChoice) -> str:
    """The one button of a MILDEC question that offers no MILDEC (4.22): "Take the 2 HP" ("Take the
    1 HP"); for a torpedo hit, "Take the torpedo hit" (the ship sinks whatever its HP, 14.08; a
    convoy's hit is never asked)."""
    if d.after_torpedo:
        return "Take the torpedo hit"
    return f"Take the {d.options.damage} HP"


def policy_label(name: str) -> str:
    """The words a button or message uses for policy ``name`` (an id of
    :data:`lcb_lab.games.lcb.choices.POLICIES`); an unknown id reads as itself, with spaces."""
    return POLICY_LABELS.get(name, (name.replace("_", " "), ""))[0]


class DecisionPanel:
    """Shows ``game.pending`` and collects the answer.

    ``on_answer(value)`` and ``on_policy(name)`` are called by the buttons;
    ``on_show_team(team)`` switches the app's view to the deciding team;
    ``preview(intercepts)`` (optional) gives the exact odds per target of the
    committed LRS against those INTERCEPT dice (``game.preview_lrs``).
    """

    def __init__(self, on_answer: Callable[[Any], None], on_policy: Callable[[str], None],
                 on_show_team: Callable[[str], None],
                 preview: Callable[[list[dict]], dict[str, dict]] | None = None):
        self.on_answer, self.on_policy, self.on_show_team = on_answer, on_policy, on_show_team
        self.preview = preview
        self._odds: dict[str, W.HTML] = {}
        self.header = W.HTML()
        self.body = W.VBox()
        self.answer_button = W.Button(description="Answer", button_style="primary", icon="check",
                                      layout=W.Layout(width="110px"))
        self.answer_button.on_click(lambda _b: self.on_answer(self.value()))
        label, tip = POLICY_LABELS["pass"]
        self.pass_button = W.Button(description=label, icon="forward", layout=W.Layout(width="auto"), tooltip=tip)
        """The card response's one *Pass* (its ``pass`` policy is not repeated among the policy buttons)."""
        self.pass_button.on_click(lambda _b: self.on_answer({"responses": [], "card_intercepts": []}))
        self.take_button = W.Button(button_style="primary", icon="check", layout=W.Layout(width="auto"),
                                    tooltip="no MILDEC of yours is in the hex: the hit is taken (4.22)")
        """A MILDEC question offering no MILDEC: its one answer, absorb nothing (:func:`take_label`)."""
        self.take_button.on_click(lambda _b: self.on_answer({"absorb": 0}))
        self.policy_box = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.answer_row = W.HBox([])
        """*Answer* (or *Respond*) and *Pass*: built only in a view that answers the choice now."""
        self.fold_button = W.Button(description="Fold", icon="chevron-up", layout=W.Layout(width="auto", flex="0 0 auto"),
                                    tooltip="fold the question to one line: the tabs below get the column")
        self.fold_button.add_class("lcb-fold")
        self.fold_button.on_click(lambda _b: self.ctl and self.ctl.fold_decision(True))
        self.open_button = W.Button(description="Open the question", icon="chevron-down", button_style="warning",
                                    layout=W.Layout(width="auto"), tooltip="show the waiting question whole")
        self.open_button.on_click(lambda _b: self.ctl and self.ctl.fold_decision(False))
        self.folded_line = W.HTML()
        self.folded = W.HBox([self.folded_line, self.open_button], layout=W.Layout(
            border="2px solid #d07a00", padding="2px 4px", margin="4px 0", align_items="center", flex_flow="row wrap"))
        """The question folded to one line: its kind, rule and deciding team, and *Open the question*."""
        self.folded.add_class("lcb-decision-folded")
        self.head_row = W.HBox([self.header], layout=W.Layout(align_items="flex-start"))
        """The question's heading, and beside it *Fold* in the lab (:meth:`bind`)."""
        self.head_row.add_class("lcb-decision-head")
        self.frame = W.VBox([self.head_row, self.body, self.answer_row, self.policy_box],
                            layout=W.Layout(border="2px solid #d07a00", padding="4px", margin="4px 0"))
        self.widget = W.VBox([])
        """The panel: the framed question while a choice is pending, else nothing on the page."""
        self.widget.add_class("lcb-decision")
        self.choice: Choice | None = None
        self._key = None
        self._inputs: list[tuple[dict, W.Widget]] = []
        self.offer: Offers | None = None
        """The view's legal actions the inputs follow (None: the decision's own options)."""
        self.cards_form: CardResponseForm | None = None
        """The inputs of a ``card_response`` choice (:mod:`.reactions`)."""
        self.picks: W.SelectMultiple | None = None
        """The cargo picked in an ``embark_losses`` choice (10.311)."""
        self.ctl = None
        self.past_step: int | None = None
        """The step of the record shown (History tab); None: now."""

    @property
    def visible(self) -> bool:
        """True when the panel is on the page (a choice is pending)."""
        return bool(self.widget.children)

    def bind(self, ctl: "LcbController") -> None:
        """Follow ``ctl``: the pending decision, in its view, with the view's offers."""
        self.ctl = ctl
        self.head_row.children = (self.header, self.fold_button)
        self.follower = follow(ctl, ["pending", "viewer", "version", "past_step", "checkpoint", "decision_folded"],
                               self._draw_from_view)

    def _draw_from_view(self) -> None:
        """Draw from the controller's view model: the choice itself only when the viewer answers
        it (its team, or the instructor), else only its kind, rule and the deciding team."""
        c = self.ctl
        vm = c.view_model()
        p = vm.pending
        if p is not None and c.checkpoint and c.past_step is None:
            self.refresh(_Asked(p.kind, p.player, p.rule), c.viewer, None, held=True)
        elif p is None or p.mine:
            self.refresh(p.choice if p else None, c.viewer, vm.offers if p else None, past_step=c.past_step)
        else:
            self.refresh(_Asked(p.kind, p.player, p.rule), c.viewer, None, past_step=c.past_step)
        if p is not None and c.decision_is_folded():
            self.folded_line.value = folded_line(p.kind, p.player, p.rule)
            set_children(self.widget, [self.folded])
        elif p is not None:
            set_children(self.widget, [self.frame])

    @property
    def is_folded(self) -> bool:
        """True while the question is drawn folded to one line."""
        return self.folded in self.widget.children

    # ------------------------------------------------------------ refresh
    def refresh(self, pending: Choice | None, team: str, offer: Offers | None = None,
                past_step: int | None = None, held: bool = False) -> None:
        """Rebuild when the pending decision or the view changes (idempotent). ``offer``: the
        view's legal actions (the answer template's options and limits). ``past_step``: the step of
        the record the History tab shows (None: now) -- then the question is shown as it stood at
        that step, read-only, with its limits then and no way to answer.  ``held``: a lesson
        checkpoint waits for its answer -- only the question's heading shows, no options."""
        key = (json.dumps(pending.to_dict(), sort_keys=True, default=str) if pending else None, team,
               offer is None, past_step, held)
        if key == self._key:
            return
        self._key = key
        self.choice = pending
        self.offer = offer
        self.past_step = past_step
        self._inputs = []
        self._odds = {}
        self.cards_form = None
        self.picks = None
        self.answer_button.description = "Answer"
        if pending is None:
            set_children(self.widget, [])
            self.body.children = ()
            set_children(self.answer_row, [])
            self.policy_box.children = ()
            return
        set_children(self.widget, [self.frame])
        d = pending
        title = d.title
        may_see = team in (d.team, "instructor")
        prompt = f"<div>{esc(d.prompt)}</div>" if may_see else ""
        then = (f'<div class="lcb-past">Step {past_step} of the record: the question as it stood then '
                f'(History \u203a Back to now to play on).</div>' if past_step is not None else "")
        self.header.value = (f'<div class="lcb-card"><h4>Decision for {team_span(d.team)}: {esc(title)} '
                             f'{rule_badges([d.rule])}</h4>{then}{prompt}</div>')
        if held:
            self.body.children = (W.HTML(f'<div class="lcb-muted">{esc(HELD)}</div>'),)
            set_children(self.answer_row, [])
            self.answer_button.disabled = True
            self.policy_box.children = ()
            return
        if not may_see:
            name = palette.TEAM_NAME.get(d.team, d.team)
            show = W.Button(description=f"Hand over: show the {view_name(d.team)}", icon="exchange",
                            layout=W.Layout(width="280px"))
            show.on_click(lambda _b: self.on_show_team(d.team))
            if d.kind == MildecChoice.kind:       # one line, the same in every world the viewer cannot tell apart
                self.header.value = waiting_line(d.team, d.rule)
                self.body.children = (show,)
            else:
                self.body.children = (W.HTML(f'<div class="lcb-muted">Only {esc(name)} sees the details of this '
                                             f"question and answers it. Hand the screen over to {esc(name)} (or "
                                             "switch to the Instructor view).</div>"), show)
            set_children(self.answer_row, [])
            self.answer_button.disabled = True
            self.policy_box.children = ()
            return
        self.body.children = tuple(self._build(d))
        self.update_odds()
        cards = isinstance(d, CardResponseChoice)
        if cards:
            self.answer_button.description = "Respond"
        self.answer_button.disabled = offer is not None and not offer.may_answer and not cards
        if past_step is not None:
            set_children(self.answer_row, [])
            self.policy_box.children = ()
            return
        if isinstance(d, MildecChoice) and not self._inputs:      # no MILDEC offered: one button
            self.take_button.description = take_label(d)
            set_children(self.answer_row, [self.take_button])
            self.policy_box.children = ()
            return
        set_children(self.answer_row, [self.answer_button, self.pass_button if cards else None])
        buttons = []
        for name in d.POLICIES:
            if cards and name == "pass":          # the Pass button beside Respond is this answer
                continue
            label, tip = POLICY_LABELS.get(name, (policy_label(name), ""))
            b = W.Button(description=label, layout=W.Layout(width="auto"), tooltip=tip or label)
            b.policy = name
            b.on_click(lambda _b, n=name: self.on_policy(n))
            buttons.append(b)
        self.policy_box.children = tuple(buttons)

    def _build(self, d: Choice) -> list[W.Widget]:
        """The inputs of choice ``d``, drawn by its class (:data:`_BUILD`)."""
        return getattr(self, _BUILD[type(d)])(d)

    def _intercept(self, d: InterceptChoice) -> list[W.Widget]:
        out: list[W.Widget] = []
        offered = self.offer.intercepts() if self.offer is not None else None
        for t in d.options.targets:
            out.append(W.HTML(f'<b>Target {esc(t.target)}</b> in {esc(t.hex or "")}: '
                              f'{t.incoming_dice} LRS dice incoming'))
            for o in t.interceptors:
                where = f'{esc(o.hex)}, {o.distance} hex(es) from the target'
                cap = o.max_dice
                if o.eligible and offered is not None:
                    cap = offered.get((o.uid, o.slot, t.target), 0)
                if o.eligible and self.past_step is not None:
                    out.append(W.HTML(f'<span class="lcb-muted">&nbsp;&nbsp;{esc(o.uid)} {self._slot(o.slot)} '
                                      f'CV {o.cv} ({where}): up to {o.max_dice} dice at step '
                                      f'{self.past_step} of the record</span>'))
                elif o.eligible and not cap:
                    out.append(W.HTML(f'<span class="lcb-muted">&nbsp;&nbsp;{esc(o.uid)} {self._slot(o.slot)}: '
                                      "no INTERCEPT dice the rules allow now</span>"))
                elif o.eligible:
                    box = W.BoundedIntText(value=0, min=0, max=int(cap), step=1,
                                           layout=W.Layout(width="70px"))
                    label = W.HTML(f'&nbsp;{esc(o.uid)} {self._slot(o.slot)} CV {o.cv} '
                                   f'<span class="lcb-muted">({where}; up to {cap} dice)</span>')
                    self._inputs.append(({"interceptor": o.uid, "slot": o.slot, "target": t.target}, box))
                    box.observe(lambda _c: self.update_odds(), "value")
                    out.append(W.HBox([box, label]))
                else:
                    out.append(W.HTML(f'<span class="lcb-muted">&nbsp;&nbsp;{esc(o.uid)} {self._slot(o.slot)}: '
                                      f'not eligible \u2014 {esc(o.reason)}</span>'))
            out += self._per_attack(t)
            if self.preview is not None:
                odds = W.HTML()
                self._odds[t.target] = odds
                out.append(odds)
        return out

    def _ga_defense(self, d: GaDefenseChoice) -> list[W.Widget]:
        out: list[W.Widget] = []
        offered_def = self.offer.defense() if self.offer is not None else None
        for o in d.options.defenders:
            attackers = [a.uid for a in d.options.attackers]
            cap = 4 if o.supply is None else int(o.supply)
            if offered_def is not None:
                attackers, cap = offered_def.get(o.uid, ([], 0))
            if self.past_step is not None:
                full = 4 if o.supply is None else int(o.supply)
                out.append(W.HTML(f'<span class="lcb-muted">{esc(o.uid)} GA CV {o.cv}: up to {full} dice '
                                  f"at step {self.past_step} of the record</span>"))
                continue
            if not attackers or not cap:
                out.append(W.HTML(f'<span class="lcb-muted">{esc(o.uid)}: no defense dice the rules '
                                  "allow now</span>"))
                continue
            box = W.BoundedIntText(value=0, min=0, max=cap, layout=W.Layout(width="70px"))
            tgt = W.Dropdown(options=attackers, value=attackers[0] if attackers else None,
                             layout=W.Layout(width="130px"))
            self._inputs.append(({"defender": o.uid, "target": tgt}, box))
            out.append(W.HBox([box, W.HTML(f'&nbsp;{esc(o.uid)} GA CV {o.cv} dice at&nbsp;'), tgt]))
        return out

    def _card_response(self, d: CardResponseChoice) -> list[W.Widget]:
        self.cards_form = CardResponseForm(d.options, self._link_name, link_cards=self._link_cards(),
                                           card_names=self._card_names())
        return list(self.cards_form.widgets)

    def _mildec(self, d: MildecChoice) -> list[W.Widget]:
        """4.22 (13.34, 14.08): how many HP the MILDECs in the hex absorb; with none offered, one
        line saying so (the panel's one button takes the hit)."""
        cap = d.most
        if self.offer is not None:
            cap = max(self.offer.absorb(), default=0)
        if not cap:
            hit = "the torpedo hit (it sinks, 14.08)" if d.after_torpedo else f"the {d.options.damage} HP"
            return [W.HTML(f'<div>No MILDEC of yours in the hex can absorb it: {esc(d.options.target)} takes '
                           f'{esc(hit)} {rule_badges([d.rule])}. You are asked because the other team cannot '
                           'rule out a MILDEC of yours here (it sees a back, 6.11, or a MILDEC).</div>')]
        box = W.BoundedIntText(value=0, min=0, max=cap, layout=W.Layout(width="70px"))
        self._inputs.append(({"absorb": None}, box))
        return [W.HBox([box, W.HTML(f'&nbsp;HP absorbed by MILDECs (0..{cap}) {rule_badges(["4.22", "7.06"])}')])]

    # ------------------------------------------------------------ chapters 10 and 13: embarked cargo, mines
    def _card_words(self, ref: str) -> str:
        """A card of an ``embark_losses`` choice as the attacker may name it: a face-up card by
        name (it is public), a concealed one as "a concealed Embarked card" (drawn at random)."""
        if str(ref).startswith("hidden:"):
            n = str(ref).split(":", 1)[1]
            return f"a concealed Embarked card (#{int(n) + 1 if n.isdigit() else n}, drawn at random)"
        return self._card_names().get(ref) or "an Embarked card"

    def _embark_losses(self, d: EmbarkLossesChoice) -> list[W.Widget]:
        """10.311: what the attacker takes off the ship -- per HP lost, up to 2 Embarked cards, up to
        4 GPSV of units, or 1 card and up to 2 GPSV; nothing picked spares the cargo."""
        o = d.options
        opts = [(self._card_words(c), c) for c in o.cards]
        opts += [(f"{u.uid if not u.uid.startswith('unit:') else 'a unit aboard'} ({u.gpsv} GPSV)", u.uid)
                 for u in o.units]
        self.picks = W.SelectMultiple(options=opts, value=(), rows=min(8, max(2, len(opts))),
                                      layout=W.Layout(width="95%"))
        hp = o.hp
        return [W.HTML(f'{esc(o.ship)} lost {hp} HP: per HP, up to 2 Embarked cards, or up to 4 GPSV '
                       f'of units, or 1 card and up to 2 GPSV {rule_badges(["10.311"])}. Pick what is lost '
                       '(Ctrl-click for several; none: the cargo is spared).'), self.picks]

    def _mine_attack(self, d: MineAttackChoice) -> list[W.Widget]:
        """13.33, 13.34: the mine owner assigns cubes to the counters in the hex (a face-down one as
        its back); each cube removed rolls 1 d20, a hit on ``succeeds_on`` or less; 0 everywhere holds
        the mines."""
        o = d.options
        cubes, on = int(o.cubes), o.succeeds_on
        out: list[W.Widget] = [W.HTML(
            f'{cubes} mine cube{"s" if cubes != 1 else ""} in {esc(o.hex)}: each cube you remove rolls '
            f'1 d20{f", a hit on {on} or less" if on else ""} {rule_badges(["13.32", "13.33", "13.34"])}. '
            'Assign cubes to targets (all 0: hold the mines).')]
        for t in o.targets:
            words = "a face-down counter" + (f" ({t.rsplit(':', 1)[1]})" if ":" in t else "") \
                if str(t).startswith("hidden:") else t
            box = W.BoundedIntText(value=0, min=0, max=cubes, layout=W.Layout(width="70px"))
            self._inputs.append(({"target": t}, box))
            out.append(W.HBox([box, W.HTML(f"&nbsp;cubes at {esc(words)}")]))
        return out

    def _event(self, d: EventChoice) -> list[W.Widget]:
        """16.0, 3.26: the hexes an Event Card's gray cubes go to (exactly as many as it places)."""
        o = d.options
        self.picks = W.SelectMultiple(options=list(o.hexes), value=(), rows=min(8, max(2, len(o.hexes))),
                                      layout=W.Layout(width="95%"))
        return [W.HTML(f'Event Card <b>{esc(o.event)}</b> (sandbox card): pick {d.picks} different hex'
                       f'{"es" if d.picks > 1 else ""} for its gray cube{"s" if d.picks > 1 else ""} ({esc(o.kind)}) '
                       f'{rule_badges(["16.0", "3.26"])}. Every event is resolved before any action this turn.'),
                self.picks]

    # ------------------------------------------------------------ the card chain (9.46)
    def _chain(self) -> list:
        """The open chain's links (played cards are face up: public, 9.03)."""
        return list(self.ctl.view_model().chain) if self.ctl is not None else []

    def _link_cards(self) -> dict[int, str]:
        return {lk["pid"]: lk["card"] for lk in self._chain()}

    def _link_name(self, pid) -> str:
        """"#1 Tactical Cyber Attack (Blue (US))": a link of the chain as the view names it."""
        link = next((lk for lk in self._chain() if lk["pid"] == pid), None)
        if link is None:
            return f"link #{pid}" if pid is not None else "the last link"
        name = self._card_names().get(link["card"]) or "a card"
        return f"#{pid} {name} ({palette.TEAM_NAME.get(link['team'], link['team'])})"

    def _card_names(self) -> dict[str, str]:
        """cid -> name of the cards the view may know (no card id reaches a label)."""
        if self.ctl is None:
            return {}
        cards, _ = self.ctl.cards()
        return {c["cid"]: c.get("name") for c in cards if c.get("cid") and c.get("name")}

    def _slot(self, slot: str) -> str:
        return esc(slot_words(slot, self._card_names()))

    def _per_attack(self, t: Target) -> list[W.Widget]:
        """Inputs for units in reach of only some of the attacks on a target: their dice name
        the attack they answer (7.53, 7.54)."""
        out: list[W.Widget] = []
        pooled = {o.uid for o in t.interceptors if o.eligible}
        for a in t.attacks:
            extra = [o for o in a.interceptors if o.eligible and o.uid not in pooled]
            if not extra:
                continue
            src = (f'{esc(a.hex)}, {a.distance} hex(es) from the target' if a.hex is not None
                   else "off the map: only the range counts")      # a card's LRS (9.05, 9.012)
            out.append(W.HTML(f'&nbsp;&nbsp;<i>Against {esc(a.card or a.shooter)}\'s LRS only</i> '
                              f'({a.dice} dice from {src}) {rule_badges(["7.53", "7.54"])}'))
            for o in extra:
                if self.past_step is not None:
                    out.append(W.HTML(f'<span class="lcb-muted">&nbsp;&nbsp;{esc(o.uid)} {self._slot(o.slot)} '
                                      f'CV {o.cv}: up to {o.max_dice} dice at step {self.past_step} of the '
                                      'record</span>'))
                    continue
                box = W.BoundedIntText(value=0, min=0, max=int(o.max_dice), step=1, layout=W.Layout(width="70px"))
                self._inputs.append(({"interceptor": o.uid, "slot": o.slot, "target": t.target,
                                      "shooter": a.shooter}, box))
                box.observe(lambda _c: self.update_odds(), "value")
                out.append(W.HBox([box, W.HTML(f'&nbsp;{esc(o.uid)} {self._slot(o.slot)} CV {o.cv} '
                                               f'<span class="lcb-muted">({esc(o.hex)}, {o.distance} hex(es) '
                                               f'from the target; up to {o.max_dice} dice)</span>')]))
        return out

    # ------------------------------------------------------------ odds
    def update_odds(self) -> None:
        """Per target: the exact odds of the committed LRS with the INTERCEPT dice entered now,
        beside the odds with no INTERCEPT (7.57)."""
        if not self._odds or self.preview is None or self.choice is None:
            return
        ints = self.value()
        try:
            now = self.preview(ints)
            bare = self.preview([]) if ints else now
        except Exception as e:  # noqa: BLE001 - odds must never break the question
            for box in self._odds.values():
                box.value = f'<div class="lcb-small lcb-muted">no odds: {esc(e)}</div>'
            return
        for tgt, box in self._odds.items():
            o, b = now.get(tgt), bare.get(tgt)
            if o is None:
                box.value = ""
                continue
            dice = sum(i["dice"] for i in ints if i["target"] == tgt)
            dmg = hp_lost_rows(o["damage"])
            vs = "" if not dice or b is None else (f" <span class='lcb-muted'>(no INTERCEPT: "
                                                   f"{b['p_destroy'] * 100:.1f}%, {b['expected']:.2f} HP)</span>")
            box.value = (f'<div class="lcb-card lcb-small"><b>Odds on {esc(tgt)}</b> ({o["hp"]} HP) with '
                         f'{dice} INTERCEPT {"die" if dice == 1 else "dice"} {rule_badges(["7.57"])}: '
                         f'P(destroyed) <b>{o["p_destroy"] * 100:.1f}%</b>, expected damage '
                         f'{o["expected"]:.2f} HP{vs}{odds_bars_html(o["damage"])}<br>'
                         f'<span class="lcb-muted">{dmg}</span></div>')

    # ------------------------------------------------------------ answer
    def value(self) -> Any:
        """The answer built from the inputs, in the engine's answer shape."""
        d = self.choice
        if d is None:
            return None
        if isinstance(d, MildecChoice):
            return {"absorb": int(self._inputs[0][1].value) if self._inputs else 0}
        if isinstance(d, CardResponseChoice):
            return self.cards_form.value() if self.cards_form is not None else {"responses": [], "card_intercepts": []}
        if isinstance(d, EmbarkLossesChoice):
            return {"picks": list(self.picks.value) if getattr(self, "picks", None) is not None else []}
        if isinstance(d, EventChoice):
            return {"hexes": list(self.picks.value) if getattr(self, "picks", None) is not None else []}
        if isinstance(d, MineAttackChoice):
            return {"mines": [{"target": spec["target"], "cubes": int(box.value)} for spec, box in self._inputs
                              if int(box.value) > 0]}
        out = []
        for spec, box in self._inputs:
            n = int(box.value)
            if n <= 0:
                continue
            row = {k: (v.value if isinstance(v, W.Widget) else v) for k, v in spec.items()}
            out.append({**row, "dice": n})
        return out

    def set_dice(self, dice: dict[tuple, int]) -> None:
        """Fill inputs programmatically: ``{(uid, target): n}``, or ``{(uid, target, shooter): n}``
        for INTERCEPT dice that answer one attack (tests, scripts)."""
        for spec, box in self._inputs:
            uid = spec.get("interceptor") or spec.get("defender")
            tgt = spec.get("target")
            tgt = tgt.value if isinstance(tgt, W.Widget) else tgt
            shooter = spec.get("shooter")
            if shooter is not None and (uid, tgt, shooter) in dice:
                box.value = dice[(uid, tgt, shooter)]
            elif shooter is None and (uid, tgt) in dice:
                box.value = dice[(uid, tgt)]


_BUILD: dict[type, str] = {InterceptChoice: "_intercept", GaDefenseChoice: "_ga_defense", MildecChoice: "_mildec",
                           CardResponseChoice: "_card_response", EmbarkLossesChoice: "_embark_losses",
                           MineAttackChoice: "_mine_attack", EventChoice: "_event"}
"""Choice class -> the :class:`DecisionPanel` method that draws its inputs."""
