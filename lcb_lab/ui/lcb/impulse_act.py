"""The Impulse tab's act section (3.35, 3.36): the declared action chosen under *Carry out*, its
*Move to* / *ZOR into* / *Conceal* buttons for the clicked hex (5.1, 6.1, 6.21), the pointer to
*Play a card* for a card action (3.31) and the RESUPPLY form's grants (8.0).

:class:`ActControls` is mixed into :class:`lcb_lab.ui.lcb.impulse.ImpulsePanel` and works on
its widgets (``action``, ``move_button``, ``zor_button``, ``log_unit``, ``grant_unit``, ...).
"""
from __future__ import annotations

from lcb_lab.kernel.errors import LabError
from lcb_lab.ui.lcb.cards import play_anchor
from lcb_lab.ui.lcb.impulse_declare import JCC_KINDS
from lcb_lab.ui.lcb.impulse_why import conceal_reason, move_reason, zor_reason
from lcb_lab.ui.lcb.panels import esc
from lcb_lab.ui.lab.sync import set_options


class ActControls:
    """The act section of :class:`~lcb_lab.ui.lcb.impulse.ImpulsePanel` (module doc)."""

    def _add_grant(self) -> None:
        if self.grant_unit.value and self.grant_slot.value:
            self.grants.append({"unit": self.grant_unit.value, "slot": self.grant_slot.value,
                                "rp": int(self.grant_rp.value)})
        self.show_grants()

    def show_grants(self) -> None:
        """Redraw the list of resupply grants added so far (``unit slot: n RP`` each)."""
        self.grant_list.value = "".join(f"<div>{esc(g['unit'])} {esc(g['slot'])}: {g['rp']} RP</div>"
                                        for g in self.grants)

    def _grant_units(self) -> None:
        """The RVs of the chosen logistics unit with something to grant, and the units it may grant to."""
        o, log = self.ctl.offers(), self.log_unit.value
        set_options(self.rv, o.rv_slots(log) if log and not self.locked else [])
        grants = o.grants(log, self.rv.value) if log and self.rv.value and not self.locked else {}
        set_options(self.grant_unit, list(grants))
        self.grant_rp.max = max(1, o.rp(log, self.rv.value)) if grants else 99
        self.add_grant.disabled = not grants
        self._grant_slots()

    def _grant_slots(self) -> None:
        o, log, uid = self.ctl.offers(), self.log_unit.value, self.grant_unit.value
        slots = o.grants(log, self.rv.value).get(uid, []) if log and uid and not self.locked else []
        set_options(self.grant_slot, slots)

    def _aid(self) -> int | None:
        """The chosen declared action's stable id (the *Carry out* dropdown's value; None: none)."""
        v = self.action.value
        return v if isinstance(v, int) and not isinstance(v, bool) else None

    def _on_hex(self) -> None:
        """A hex was clicked: the builder's Units list (declare) or *Move to* / *ZOR into* (act)."""
        imp = self.ctl.game.impulse
        if self.locked or imp is None:
            return
        if imp.phase == "declare":
            self._fill_units()
        else:
            self._hex_buttons()

    def _hex_buttons(self) -> None:
        hx = self.ctl.selected_hex or "\u2014"
        self.move_button.description = f"Move to {hx}"
        self.zor_button.description = f"ZOR into {hx}"
        self._act_buttons()

    def _act_buttons(self) -> None:
        """Move / ZOR / Conceal / Resupply of the chosen declared action: enabled only when listed;
        a *Play a JCC* action shows a pointer to *Play a card* instead (``ctl.card_action``)."""
        c, o = self.ctl, self.ctl.offers()
        imp, aid, hx = c.game.impulse, self._aid(), c.selected_hex
        if self.locked or imp is None or imp.phase == "declare" or aid is None:
            for b in (self.move_button, self.zor_button, self.conceal_button, self.resupply_button):
                b.disabled = True
            c.moving, c.card_action = (), None
            if not self.locked and imp is not None and imp.phase != "declare":
                self._draw_hint(None)
            return
        d = self._declared(aid)
        c.card_action = aid if d is not None and d.kind in JCC_KINDS else None
        self._draw_act_box(row=not (d is not None and d.kind == "play_jcc"))
        c.moving = self._moving(aid)
        self.move_button.disabled = not (hx in o.moves(aid) and self._known_path(aid, hx))
        self.zor_button.disabled = hx not in o.zor(aid)
        self.conceal_button.disabled = not o.conceal(aid)
        self.resupply_button.disabled = not o.resupply(aid)
        self._draw_hint(d, self._greyed(d, hx))

    def _greyed(self, d, hx: str | None) -> list[tuple[str, str]]:
        """[(button label, why it is greyed)] of the greyed *Move to* / *ZOR into* / *Conceal* of
        declared action ``d`` (:mod:`lcb_lab.ui.lcb.impulse_why`); each button's tooltip says the
        same (or what it does, when enabled)."""
        out: list[tuple[str, str]] = []
        if d is None or d.kind == "play_jcc":
            return out
        for b, why, tip in ((self.move_button, lambda: move_reason(self.ctl, d, hx),
                             f"move #{d.aid}'s units to {hx} along the cheapest legal path (5.12)"),
                            (self.zor_button, lambda: zor_reason(self.ctl, d, hx),
                             f"#{d.aid}'s ground units exercise their ZOR into {hx}, revealing what is there (6.21)"),
                            (self.conceal_button, lambda: conceal_reason(self.ctl, d),
                             f"turn #{d.aid}'s units face down (6.1)")):
            line = why() if b.disabled else ""
            if line:
                out.append((b.description, line))
            tip = f"{b.description}: {line}" if line else tip
            if b.tooltip != tip:
                b.tooltip = tip
        return out

    def _declared(self, aid: int):
        """The active impulse's declared Core Action ``aid`` (``state.Declared``; None: none)."""
        return next((d for d in self.ctl.game.impulse.actions if d.aid == aid), None)

    def _draw_hint(self, d, greyed: list[tuple[str, str]] = ()) -> None:
        """The lines under the act buttons for declared action ``d``: why the first greyed button is
        greyed (``greyed``: one line, *Move to* first; each greyed button's tooltip holds its own -- the
        Impulse tab keeps its height at 1366x768), or how to move / ZOR before a hex is clicked; for a card play,
        where its card is played (3.31) -- then why no combat (7.22)."""
        card = ""
        if d is not None and d.kind in JCC_KINDS:
            name = esc(d.jcc or "its card")
            ready = any(p.action == d.aid for p in self.ctl.offers().card_plays())
            card = (f'<div class="lcb-small">#{d.aid}: play {name} under <b>Play a card</b> (its option and '
                    f'target, then <b>Play</b>; 3.31) \u2014 <a class="lcb-go-play" href="#{play_anchor(self.ctl)}">'
                    "Go to Play a card</a></div>" if ready else
                    f'<div class="lcb-small lcb-muted">#{d.aid}: {name} has no play left now (3.31).</div>')
        move = "" if d is not None and d.kind == "play_jcc" else "".join(
            f'<div class="lcb-small lcb-why" title="{esc(f"{label}: {why}")}"><b>{esc(label)}</b>: {esc(why)}.</div>'
            for label, why in greyed[:1]) \
            if greyed or self.ctl.selected_hex else (
            '<div class="lcb-small lcb-muted">Click a hex first (a move: the cheapest legal '
            "path, 5.12; ZOR: one adjacent hex, 6.21).</div>")
        self.act_hint.value = move + card + self._no_combat

    def _moving(self, aid: int) -> tuple[str, ...]:
        """The units of declared action ``aid`` while it may still move (5.1; else ``()``)."""
        if not self.ctl.offers().moves(aid):
            return ()
        return tuple(next((d.units for d in self.ctl.game.impulse.actions if d.aid == aid), ()))

    def _known_path(self, aid: int, dest: str) -> bool:
        """Does the view know a path there (the one *Move* follows)? A team view's path avoids
        what it may not know (enemy backs), so a legal destination it cannot see is not offered."""
        c = self.ctl
        if c.viewer == "instructor":
            return True
        d = next(x for x in c.game.impulse.actions if x.aid == aid)
        try:
            c.game.path_to(list(d.units), dest, viewer=c.viewer)
        except LabError:
            return False
        return True
