"""The Impulse tab's combat section (3.38, 7.010, 7.03): LRS and GROUND ASSAULT allocation rows
(shooter / track / target / dice, each refused in one line when incomplete), the targets and
dice limits of the combat template, Combined Arms support (7.18) and the exact odds before
rolling (7.02, 7.57).

:class:`CombatAllocator` is mixed into :class:`lcb_lab.ui.lcb.impulse.ImpulsePanel` and
works on its widgets (``shooter``, ``slot``, ``target``, ``dice``, ``alloc_list``, ``preview``, ...).
"""
from __future__ import annotations

from lcb_lab.ui.lcb.panels import esc, hp_lost_rows, odds_bars_html, rule_badges, slot_words
from lcb_lab.ui.lab.sync import set_options


NO_LRS_TARGET = ("No target: only revealed enemy units can be targeted by LRS (6.14, 7.32). "
                 "Reveal units by ZOR, by combat, or with a card effect.")


NO_GA_TARGET = ("No target: GROUND ASSAULT targets an enemy ground unit the attacker can see in its own hex "
                "(range 0, 7.12). Reveal units by ZOR, by combat, or with a card effect.")


class CombatAllocator:
    """The combat section of :class:`~lcb_lab.ui.lcb.impulse.ImpulsePanel` (module doc)."""

    @property
    def lrs_rows(self) -> list[dict]:
        """The LRS allocation rows added so far (``{"shooter", "slot", "target", "dice"}``), in order."""
        return [r for k, r in self.allocs if k == "lrs"]

    @property
    def ga_rows(self) -> list[dict]:
        """The GROUND ASSAULT allocation rows added so far (``{"attacker", "target", "dice"}``), in order."""
        return [r for k, r in self.allocs if k == "ga"]

    def add_lrs(self, shooter: str | None, slot: str | None, target: str | None, dice: int | str) -> list[dict]:
        """Add one LRS allocation row (7.3); committed with the others (3.38).

        A row without shooter, LRS track, target or dice is refused with a plain
        message (no target: only revealed enemy units may be targeted) and nothing is added."""
        why = None
        if not shooter:
            why = NO_LRS_TARGET if not target and self._nothing_to_attack() else (
                "No shooter: declare a Move and/or Initiate Combat action for the units that fire (3.31, 7.010).")
        elif not slot or not str(slot).startswith("LRS"):
            try:
                tracks = [c.slot for c in self.ctl.game.utype(shooter).cvs_of("LRS")]
            except (KeyError, ValueError):
                tracks = []
            if not tracks:
                why = f"No LRS track: {shooter} has no LONG-RANGE STRIKE value (4.32)."
            else:
                why = (f"No LRS track: choose {' or '.join(tracks)} (4.32)"
                       + (f"; {slot} is not an LRS track (use Add GA for GROUND ASSAULT)." if slot else "."))
        elif not target:
            why = NO_LRS_TARGET
        elif not isinstance(dice, int) or isinstance(dice, bool) or dice < 1:
            why = "No dice: allocate at least one die (7.3)."
        if why:
            self.ctl.say(f"Add LRS: {why} Nothing added.")
            return self.lrs_rows
        self.allocs.append(("lrs", {"shooter": shooter, "slot": slot, "target": target, "dice": int(dice)}))
        self._show_alloc()
        return self.lrs_rows

    def add_ga(self, attacker: str | None, target: str | None, dice: int | str) -> list[dict]:
        """Add one GROUND ASSAULT allocation row (7.1); refused like :meth:`add_lrs` when incomplete."""
        why = None
        if not attacker:
            why = NO_GA_TARGET if not target and self._nothing_to_attack() else (
                "No attacker: declare a Move and/or Initiate Combat action for the units that assault "
                "(3.31, 7.010).")
        elif not target:
            why = NO_GA_TARGET
        elif not isinstance(dice, int) or isinstance(dice, bool) or dice < 1:
            why = "No dice: allocate at least one die (7.14)."
        if why:
            self.ctl.say(f"Add GA: {why} Nothing added.")
            return self.ga_rows
        self.allocs.append(("ga", {"attacker": attacker, "target": target, "dice": int(dice)}))
        self._show_alloc()
        return self.ga_rows

    def _nothing_to_attack(self) -> bool:
        """A Move and/or Initiate Combat action is declared, yet no attack is offered (no target)."""
        imp = self.ctl.game.impulse
        return (imp is not None and any(d.kind == "move_combat" for d in imp.actions)
                and not self.ctl.offers().shooters())

    def _drop_alloc(self) -> None:
        if self.allocs:
            self.allocs.pop()
        self._show_alloc()

    def _slot_words(self, slot: str) -> str:
        """A track as the view names it: an Attached card's slot by the card's name (never its id)."""
        if ":" not in str(slot):
            return str(slot)
        names = {c["cid"]: c.get("name") for c in self.ctl.cards()[0] if c.get("cid") and c.get("name")}
        return slot_words(slot, names)

    def _show_alloc(self) -> None:
        rows = [f"LRS {esc(a['shooter'])} {esc(self._slot_words(a['slot']))} \u2192 {esc(a['target'])}: "
                f"{a['dice']} dice" for a in self.lrs_rows]
        rows += [f"GA {esc(a['attacker'])} \u2192 {esc(a['target'])}: {a['dice']} dice" for a in self.ga_rows]
        self.alloc_list.value = ("<ol>" + "".join(f"<li>{r}</li>" for r in rows) + "</ol>") if rows else \
            '<span class="lcb-muted">No allocation yet: add rows, commit all at once (3.38).</span>'
        self.update_preview()

    # ------------------------------------------------------------ preview
    def update_preview(self) -> None:
        """Exact odds of the allocations (plus the row being edited), before any roll (7.02, 7.57)."""
        g = self.ctl.game
        rows = list(self.lrs_rows)
        if self.shooter.value and self.slot.value and self.target.value and \
                str(self.slot.value).startswith("LRS") and self.dice.value:
            row = {"shooter": self.shooter.value, "slot": self.slot.value, "target": self.target.value,
                   "dice": int(self.dice.value)}
            if row not in rows:
                rows.append(row)
        key = (id(g), self.ctl.version, tuple(tuple(r.items()) for r in rows))
        if key == self._preview_rows:       # the same rows on the same game: the odds shown hold
            return
        self._preview_rows = key
        if not rows:
            self.preview.value = ""
            return
        try:
            odds = g.preview_lrs(rows)
        except Exception as e:  # noqa: BLE001 - a preview must never break the panel
            self.preview.value = f'<span class="lcb-muted">no preview: {esc(e)}</span>'
            return
        lines = []
        for tgt, o in odds.items():
            dmg = hp_lost_rows(o["damage"])
            lines.append(f"<div><b>{esc(tgt)}</b>: P(destroyed) <b>{o['p_destroy'] * 100:.1f}%</b>, "
                         f"expected damage {o['expected']:.2f}{odds_bars_html(o['damage'])}<br>"
                         f"<span class='lcb-small lcb-muted'>{dmg}</span></div>")
        self.preview.value = (f'<div class="lcb-card"><b>Exact odds before rolling</b> {rule_badges(["7.02", "7.57"])}'
                              '<span class="lcb-small lcb-muted"> before any INTERCEPT (the defender decides after '
                              f'you commit, 7.54)</span>{"".join(lines)}</div>')

    def _combined_arms(self) -> list[str]:
        """Unused LRS units that may support a declared GROUND ASSAULT (7.18): not listed by
        ``legal_actions`` (a caller states them), so offered beside the combat template's shooters."""
        if self.ctl.offers().combat is None:
            return []
        offered = self.ctl.offers().shooters()
        return [u for u in self.ctl.game.zero_ap_attackers()["combined_arms"] if u not in offered]

    def _slots(self) -> None:
        g, o, uid = self.ctl.game, self.ctl.offers(), self.shooter.value
        if not uid or self.locked:
            set_options(self.slot, [])
            self._targets()
            return
        slots = o.slots(uid) if uid in o.shooters() else [c.slot for c in g.utype(uid).cvs_of("LRS")]
        set_options(self.slot, [(self._slot_words(x), x) for x in slots])   # a card's slot by its name
        if self.slot.value not in slots and slots:
            self.slot.value = slots[0]
        self._targets()

    def _targets(self) -> None:
        """Targets and dice limit of the chosen shooter and CV (the combat template's options)."""
        c, o = self.ctl, self.ctl.offers()
        uid, slot, imp = self.shooter.value, self.slot.value, c.game.impulse
        if not uid or not slot or imp is None or self.locked:
            set_options(self.target, [])
            return
        if uid in o.shooters():
            targets, most = o.targets(uid, slot), o.max_dice(uid, slot)
        else:   # Combined Arms Activation support fire (7.18): the attacker's knowledge, face-up enemies
            view = c.game.view(imp.team)
            targets = [x["uid"] for x in view["counters"]
                       if not x.get("back") and x["team"] != imp.team and x.get("hex") and x.get("revealed")]
            most = 40
        set_options(self.target, targets)
        self.dice.max = max(1, most)

    def combat_possible(self) -> bool:
        """May this impulse fight? A declared Move and/or Initiate Combat action, a unit engaged in
        Continuing Combat (0 AP, 7.22), or combat already committed.  Combined Arms Activation
        candidates (7.18) alone do not count: they only support a GROUND ASSAULT made by those."""
        g = self.ctl.game
        imp = g.impulse
        if imp is None or imp.phase == "declare":
            return False
        if imp.combat is not None or any(d.kind == "move_combat" for d in imp.actions):
            return True
        return bool(g.zero_ap_attackers()["continuing"])
