"""The lab's actions: the Python methods that mirror the buttons, each one gated by the view.

A mixin of :class:`~lcb_lab.ui.widgets.app.LabApp` (it uses the lab's ``ctl``,
the :class:`~lcb_lab.ui.widgets.controller.LabController`, and ``run`` / ``say``).
Every action goes through ``LabApp.run``: a refusal becomes a red message and
the state is unchanged; a success bumps the controller's ``version`` and the
panels that draw the game follow (the impulse panel forgets the rows the game
has moved past by itself).

Hidden information: the impulse controls belong to the team that plays (the
active impulse's team, or the team due to begin the next impulse; every view
at the end of a turn) and to the instructor; a decision belongs to the
deciding team and the instructor; scripted card effects to the instructor.
From the wrong view an action changes nothing and says why in red.

The buttons are offered from :mod:`lcb_lab.ui.offers` (:meth:`LabActions.offers`: the
view's legal actions, computed once per change of the game), and these methods
build typed actions (:mod:`lcb_lab.games.lcb.actions`) and call ``game.apply``.
"""
from __future__ import annotations

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.choices import answer_with
from lcb_lab.kernel.errors import LcbError
from lcb_lab.ui.offers import Offers
from lcb_lab.ui.views import palette
from lcb_lab.ui.widgets import panels
from lcb_lab.ui.widgets.decisions import policy_label


class LabActions:
    """Begin / relinquish / declare / move / conceal / ZOR / resupply / commit / answer / resolve /
    end, the INTERCEPT odds preview, and scripted card effects."""

    # ------------------------------------------------------------ who may play
    def playing_team(self) -> str | None:
        """The team whose impulse controls are live: the active impulse's team, or
        the team due to begin the next impulse (None at the end of the turn)."""
        return self.ctl.playing_team()

    def may_play(self) -> bool:
        """May the current view see and drive the impulse controls?"""
        return self.ctl.may_play()

    def locked_text(self) -> str:
        """Why the current view may not play the impulse (hidden information)."""
        return self.ctl.locked_text()

    def _gate(self, what: str) -> bool:
        if self.may_play():
            return True
        self.say(f"{what}: not from the {panels.view_name(self.team)}. {self.locked_text()}. Nothing changed.")
        return False

    def _gate_decision(self, what: str) -> bool:
        d = self.game.pending
        if d is None or self.team in ("instructor", d.team):
            return True
        name = palette.TEAM_NAME.get(d.team, d.team)
        self.say(f"{what}: only {name} or the instructor may answer this question \u2014 switch to the "
                 f"{panels.view_name(d.team)} or the Instructor view. Nothing changed.")
        return False

    # ------------------------------------------------------------ what the view is offered
    def offers(self) -> Offers:
        """The current view's legal actions (:func:`lcb_lab.ui.offers.offers`), computed once per
        change of the game or the view (the controller's cache); nothing while the past is shown."""
        return self.ctl.offers()

    def _apply(self, action: A.Action):
        """``game.apply(action)``; returns what the act's handler returned (``game.result``)."""
        self.game.apply(action)
        return self.game.result

    @staticmethod
    def _aid(action) -> int:
        """The stable id (``#n``) of the declared action at 0-based position ``action``."""
        if not isinstance(action, int) or isinstance(action, bool):
            raise LcbError("choose a declared action first" if action is None else
                           f"there is no declared action {action!r}")
        return action + 1

    # ------------------------------------------------------------ the actions
    def begin_impulse(self, task_force: str | None):
        what = f"Begin impulse {task_force}"
        return self.run(what, self._apply, A.BeginImpulse(task_force)) if self._gate(what) else None

    def relinquish(self):
        what = "Relinquish the initiative"
        return self.run(what, self._apply, A.Relinquish()) if self._gate(what) else None

    def declare(self, actions: list[dict]):
        if not self._gate("Declare"):
            return None
        return self.run("Declare", lambda: self._apply(A.from_json({"kind": "declare", "actions": actions})))

    @staticmethod
    def _action_name(action) -> str:
        return f"#{action + 1}" if isinstance(action, int) and not isinstance(action, bool) else repr(action)

    def move_to(self, action: int | None, dest: str | None):
        what = f"Move action {self._action_name(action or 0)} to {dest}"
        if not self._gate(what):
            return None

        def go():
            imp = self.game.impulse
            if action is None:
                raise LcbError("choose a declared action first")
            if not dest:
                raise LcbError("click the destination hex on the map first")
            if not isinstance(dest, str) or dest not in self.game.board.hexes:
                raise LcbError(f"{dest!r} is not a hex of the {self.game.board.name} map")
            if imp is None:
                raise LcbError("no impulse in progress: begin one first")
            if not isinstance(action, int) or isinstance(action, bool) or not 0 <= action < len(imp.actions):
                n = len(imp.actions)
                raise LcbError(f"there is no declared action {self._action_name(action)} (this impulse has "
                               f"{n} declared action{'s' if n != 1 else ''}"
                               f"{': #1' + (f' to #{n}' if n > 1 else '') if n else ''})")
            viewer = None if self.team == "instructor" else self.team    # the path this view may know
            path = self.game.path_to(imp.actions[action].units, dest, viewer=viewer)
            self._apply(A.Move(action + 1, tuple(path)))
            return path
        return self.run(what, go)

    def conceal(self, action: int | None, units: list[str] | None = None):
        what = f"Conceal action {self._action_name(action or 0)}"
        if not self._gate(what):
            return None
        return self.run(what, lambda: self._apply(A.from_json({"kind": "conceal", "action": self._aid(action),
                                                                "units": units})))

    def zor(self, action: int | None, into_hex: str | None):
        what = f"ZOR of action {self._action_name(action or 0)} into {into_hex}"
        if not self._gate(what):
            return None
        return self.run(what, lambda: self._apply(A.from_json({"kind": "exercise_zor", "action": self._aid(action),
                                                                "hex": into_hex})))

    def resupply(self, action: int | None, logistics: str | None, rv_slot: str, grants: list[dict]):
        what = f"Resupply by {logistics}"
        if not self._gate(what):
            return None
        return self.run(what, lambda: self._apply(A.from_json({
            "kind": "resupply", "action": self._aid(action), "logistics": logistics, "rv_slot": rv_slot,
            "grants": grants})))

    def commit_combat(self, lrs: list[dict] = (), ga: list[dict] = ()):
        if not self._gate("Commit combat"):
            return None
        return self.run("Commit combat", lambda: self._apply(A.from_json({"kind": "commit_combat",
                                                                           "lrs": list(lrs), "ga": list(ga)})))

    def answer(self, value):
        return self.run("Answer", self._answer, value) if self._gate_decision("Answer") else None

    def _answer(self, value):
        """The pending choice's typed answer of the decision panel's value, applied; returns the
        next pending choice."""
        d = self.game.pending
        if d is None:
            raise LcbError("no choice is pending")
        self._apply(self._answer_action(d, value))
        return self.game.pending

    def _answer_action(self, d, value) -> A.Answer:
        """The typed answer of ``value`` in the panel's shape for choice ``d`` (its class parses it;
        the card and chapter 10-14 mixins refine theirs)."""
        return d.answer_from(value)

    def answer_policy(self, name: str | None = None):
        what = f"Answer: {policy_label(name)}" if name else "Answer with the default policy"
        return self.run(what, self._answer_policy, name) if self._gate_decision(what) else None

    def _answer_policy(self, name: str | None):
        d = self.game.pending
        if d is None:
            raise LcbError("no choice is pending")
        self._apply(answer_with(d, name))
        return self.game.pending

    def resolve(self):
        return self.run("Resolve combat", self._apply, A.ResolveCombat()) if self._gate("Resolve combat") else None

    def end_impulse(self):
        return self.run("End impulse", self._apply, A.EndImpulse()) if self._gate("End impulse") else None

    def intercept_odds(self, intercepts: list[dict]) -> dict[str, dict]:
        """Exact odds per target of the committed LRS plan against ``intercepts`` (the dice the
        defender has entered so far): ``game.preview_lrs(plan, intercepts)`` (7.57)."""
        imp = self.game.impulse
        plan = imp.combat.lrs if imp is not None and imp.combat is not None else []
        lrs = [{k: a[k] for k in ("shooter", "slot", "target", "dice")} for a in plan]
        cards = imp.combat.card_lrs if imp is not None and imp.combat is not None else []   # card LRS (9.05)
        return self.game.preview_lrs(lrs, list(intercepts), committed=True) if lrs or cards else {}

    def apply_card_effect(self, effect: dict):
        """Apply a card's outcome as a *scripted* effect (:class:`~lcb_lab.games.lcb.actions.ScriptedEffect`;
        cards are not simulated): Instructor view only. ``effect``: the effect panel's dict
        (``{"effect": "disembark", "from": "LHD 1", "hex": ..., "units": [...]}``)."""
        kind = effect.get("effect") if isinstance(effect, dict) else None
        what = f"Card effect (scripted) {kind or ''}".rstrip()
        if self.team != "instructor":
            self.say(f"{what}: scripted card effects are applied from the Instructor view only. Nothing changed.")
            return None
        if isinstance(effect, dict):
            why = None
            if kind in ("reveal", "paralyse", "disembark") and not effect.get("units"):
                why = ("choose at least one unit: click its hex on the map and pick it in the Units list"
                       if kind != "disembark" else "choose at least one unit embarked on the ship")
            elif kind == "disembark" and not effect.get("from"):
                why = "choose the ship (or unit) the units disembark from"
            elif kind == "disembark" and not effect.get("hex"):
                why = "click the hex the units land in"
            elif kind == "network_cube" and not effect.get("n"):
                why = "choose how many cubes (1 to 5; negative removes cubes)"
            if why:
                self.say(f"{what}: {why}. Nothing changed.")
                return None
        return self.run(what, lambda: self._apply(scripted_effect(effect)))


def scripted_effect(effect) -> A.ScriptedEffect:
    """The typed :class:`~lcb_lab.games.lcb.actions.ScriptedEffect` of the effect panel's dict (``from`` for
    ``from_``; keys left None are left out). Raises InputError naming the field."""
    if not isinstance(effect, dict):
        return A.from_json(effect)
    data = {("from_" if k == "from" else k): v for k, v in effect.items() if v is not None}
    return A.from_json({"kind": A.ScriptedEffect.KIND, **data})
