"""The card-response prompt (9.4, 9.44, 9.46, 9.011): what may answer a link of the card chain.

Built by the decision panel (:mod:`.decisions`) when the pending choice is ``card_response``,
in the deciding team's view or the instructor's.  The choice's options (:mod:`lcb_lab.games.lcb.rules.cards.responses`,
"Response windows") list the cards that may answer -- NULLIFY or FTR NULLIFY, each with the
exact odds of its rolls (``p_detect``: DETECT, 9.06, 1.0 when no DETECT is rolled; ``p_success``:
the NULLIFY / FTR NULLIFY roll; ``p``, when given, the two together; FTR shown as DETECT x
success; a counter on the own impulse, ``free`` False, names the declared action that pays its
AP, one of ``actions``) -- and the IAMD units that may INTERCEPT the card
(``p_hit`` a die, after ``p_detect``), and the links each may answer.  The prompt gives one
*Respond with* switch (and, for an FTR card, the links it goes after) per card and one dice
box per interceptor; :meth:`CardResponseForm.value` is the answer
``{"responses": [...], "card_intercepts": [...]}`` (``AnswerCards(responses=..., card_intercepts=...)``);
*Pass* is the empty answer.
"""
from __future__ import annotations

from typing import Any, Callable

import ipywidgets as W

from lcb_lab.games.lcb.choice_options import CardInterceptor, CardResponseOptions, ResponseCard
from lcb_lab.ui.lcb.panels import esc, rule_badges, slot_words

__all__ = ["CardResponseForm", "pct", "combined"]

KIND_WORDS = {"nullify": ("NULLIFY", "9.4"), "ftr_nullify": ("FTR NULLIFY", "9.44")}


def pct(p: float | None) -> str:
    """A probability as a percentage ("45%", "2.5%"); "-" when unknown."""
    if p is None:
        return "-"
    v = float(p) * 100
    return f"{v:.0f}%" if abs(v - round(v)) < 1e-9 else f"{v:.1f}%"


def combined(p_detect: float | None, p_success: float | None) -> float | None:
    """The chance a response takes effect: DETECT (when rolled) times its success roll."""
    if p_success is None:
        return None
    return float(p_success) * (1.0 if p_detect is None else float(p_detect))


class CardResponseForm:
    """The inputs of one ``card_response`` choice.  ``link_name(pid)`` names a link of the
    chain for people ("#1 Tactical Cyber Attack (US)"); ``on_change`` is called when an input
    changes."""

    def __init__(self, options: CardResponseOptions, link_name: Callable[[int], str],
                 on_change: Callable[[], None] | None = None,
                 link_cards: dict[int, str] | None = None, card_names: dict[str, str] | None = None):
        self.options = options
        self.card_names = dict(card_names or {})
        """cid -> name of the cards the view knows (an INTERCEPT with an Attached card names it)."""
        self.link_name = link_name
        self.link_cards = dict(link_cards or {})
        """pid -> card cid of the chain's links (an FTR NULLIFY names the cards it goes after)."""
        self._cards: list[tuple[ResponseCard, W.Checkbox, W.SelectMultiple | W.Dropdown | None]] = []
        self._ints: list[tuple[CardInterceptor, W.BoundedIntText]] = []
        self._pays: dict[str, W.Dropdown | None] = {}
        self.on_change = on_change or (lambda: None)
        self.widgets = self._build()

    # ------------------------------------------------------------ build
    def _build(self) -> list[W.Widget]:
        o = self.options
        link = o.link
        out: list[W.Widget] = [W.HTML(f'<div class="lcb-small">Answering {esc(self.link_name(link))} '
                                      f'{rule_badges(["9.46"])}: the chain resolves from its last link.</div>')]
        cards = o.cards
        if cards:
            out.append(W.HTML(f'<b>Cards that may answer</b> {rule_badges(["9.41", "9.45"])} '
                              '<span class="lcb-muted lcb-small">(0 AP)</span>'))
        for c in cards:
            word, rule = KIND_WORDS.get(c.kind, (c.kind.upper(), "9.4"))
            both = c.p if c.p is not None else combined(c.p_detect, c.p_success)
            rolled = c.p_detect is not None and float(c.p_detect) < 1.0      # 1.0: no DETECT roll
            detect = f'DETECT {pct(c.p_detect)} \u00d7 ' if rolled else ""
            odds = (f'{detect}{word} {pct(c.p_success)} = <b>{pct(both)}</b>' if detect
                    else f'{word} <b>{pct(c.p_success)}</b>')
            box = W.Checkbox(value=False, description=f"Respond with {c.name} "
                                                      f"option {c.option}", indent=False,
                             layout=W.Layout(width="auto"))
            box.observe(lambda _ch: self.on_change(), "value")
            targets = [t for t in (c.targets or [link]) if t is not None]
            pick: W.Widget | None = None
            opts = [(self.link_name(t), t) for t in targets]
            if c.kind == "ftr_nullify" and int(c.max_targets or 1) > 1 and len(targets) > 1:
                pick = W.SelectMultiple(options=opts, value=tuple(targets[:int(c.max_targets)]),
                                        rows=min(4, len(opts)), layout=W.Layout(width="300px"))
            elif len(targets) > 1:
                pick = W.Dropdown(options=opts, value=targets[-1], layout=W.Layout(width="300px"))
            pay = None
            if not c.free and c.actions:
                pay = W.Dropdown(options=[(f"action #{a}", a) for a in c.actions], value=c.actions[0],
                                 description="Paid by", layout=W.Layout(width="220px"),
                                 style={"description_width": "55px"})
            self._pays[c.cid] = pay
            self._cards.append((c, box, pick))
            out.append(box)
            cost = ("0 AP" if c.free else
                    "1 AP: paid by a declared Play a JCC action (a counter on the own impulse)")
            out.append(W.HTML(f'<div class="lcb-small lcb-odds-line">&nbsp;&nbsp;{odds} {rule_badges([rule])}'
                              f'{" " + rule_badges(["9.06"]) if detect else ""} '
                              f'<span class="lcb-muted">· {esc(cost)}</span>'
                              f'{"" if c.free else " " + rule_badges(["9.41"])}</div>'))
            if pick is not None:
                out.append(W.HBox([W.HTML("&nbsp;&nbsp;at&nbsp;"), pick]))
            if pay is not None:
                out.append(pay)
        ints = o.interceptors
        if ints:
            out.append(W.HTML(f'<b>INTERCEPT the card</b> {rule_badges(["9.011", "7.512"])}'))
        for i in ints:
            cap = int(i.max_dice or 0)
            box = W.BoundedIntText(value=0, min=0, max=cap, layout=W.Layout(width="70px"))
            box.observe(lambda _ch: self.on_change(), "value")
            detect = f'DETECT {pct(i.p_detect)}, then ' if i.p_detect is not None else ""
            self._ints.append((i, box))
            at = f" at {self.link_name(i.to)}" if i.to is not None and i.to != link else ""
            src = f" with {self.card_names.get(i.source, 'an Attached card')}" if i.source else ""
            slot = i.slot.rsplit(":", 1)[-1] if src else slot_words(i.slot)
            out.append(W.HBox([box, W.HTML(f'&nbsp;{esc(i.uid)} {esc(slot)}{esc(src)}{esc(at)} '
                                           f'<span class="lcb-muted">(up to {cap} dice; {detect}'
                                           f'{pct(i.p_hit)} a die to hit)</span>'
                                           f'{" " + rule_badges(["9.06"]) if detect else ""}')]))
        if not cards and not ints:
            out.append(W.HTML('<div class="lcb-muted">Nothing may answer: pass.</div>'))
        return out

    # ------------------------------------------------------------ values
    def value(self) -> dict[str, list[dict[str, Any]]]:
        """``{"responses": [{"card", "option", "to", "targets"}], "card_intercepts": [{"interceptor",
        "slot", "dice", "to"}]}`` from the inputs (empty lists: pass)."""
        link = self.options.link
        rs = []
        for c, box, pick in self._cards:
            if not box.value:
                continue
            if isinstance(pick, W.SelectMultiple):
                pids = list(pick.value) or [link]
            elif isinstance(pick, W.Dropdown):
                pids = [pick.value]
            else:
                pids = [(c.targets or [link])[0]]
            r = {"card": c.cid or c.name, "option": c.option, "to": pids[0], "targets": []}
            if c.kind == "ftr_nullify":        # the cards it goes after (9.44): the links' cards
                r["targets"] = [self._link_card(p) or str(p) for p in pids]
            pay = self._pays.get(c.cid)
            if pay is not None:
                r["action"] = pay.value
            rs.append(r)
        ints = [{"interceptor": i.uid, "slot": i.slot, "dice": int(b.value),
                 "to": i.to if i.to is not None else link}
                for i, b in self._ints if int(b.value) > 0]
        return {"responses": rs, "card_intercepts": ints}

    def _link_card(self, pid) -> str | None:
        return self.link_cards.get(pid)

    def choose(self, cards: dict[str, bool] | None = None, dice: dict[str, int] | None = None) -> None:
        """Fill the inputs from code: ``cards`` {cid: respond?}, ``dice`` {"uid/slot" or uid: n}."""
        for c, box, _pick in self._cards:
            if cards and c.cid in cards:
                box.value = bool(cards[c.cid])
        for i, box in self._ints:
            for key in (f"{i.uid}/{i.slot}", i.uid):
                if dice and key in dice:
                    box.value = int(dice[key])
                    break
