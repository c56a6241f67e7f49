"""The lab's actions: the Python methods that mirror the buttons, each one gated by the view.

A mixin of :class:`~lcb_lab.ui.lcb.app.LabApp` (it uses the lab's ``ctl``,
the :class:`~lcb_lab.ui.lab.controller.LabController`, and ``run`` / ``say``).
Every action goes through ``LabApp.run``: a refusal becomes a red message and
the state is unchanged; a success bumps the controller's ``version`` and the
panels that draw the game follow (the impulse panel forgets the rows the game
has moved past by itself).

Hidden information: the impulse controls belong to the team that plays (the
active impulse's team, or the team due to begin the next impulse; every view
at the end of a turn) and to the instructor; a decision belongs to the
deciding team and the instructor; scripted card effects to the instructor.
From the wrong view an action changes nothing and says why in red.

The buttons are offered from :mod:`lcb_lab.games.lcb.offers` (:meth:`LabActions.offers`: the
view's legal actions, computed once per change of the game), and these methods
build typed actions (:mod:`lcb_lab.games.lcb.actions`) and apply them through the lab's one
apply path, the controller's (:meth:`LabController.apply`).  They speak the engine's vocabulary:
a command is named after the action it builds (``move`` builds ``Move``, ``exercise_zor``
``ExerciseZor``, ``conceal``, ``resupply``, ...) and names a declared Core Action by the
stable id the log shows (``#1`` -> ``lab.move(1, "AL-28")``); any other typed action goes in
as it is (``lab.apply(A.Move(action=1, path=("AL-28",)))``).  Fields are validated once, by
the typed action's own check.
"""
from __future__ import annotations

from typing import Any, Mapping

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.choices import answer_with
from lcb_lab.kernel.errors import LabError
from lcb_lab.games.lcb.offers import Offers, refusal
from lcb_lab.ui.lcb.map import palette
from lcb_lab.ui.lcb import panels
from lcb_lab.ui.lcb.answer_words import answer_line
from lcb_lab.ui.lcb.decisions import policy_label
from lcb_lab.ui.lcb.impulse_why import reason_line


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
        self.say(f"{what}: not from the {panels.view_name(self.team)}: {self.ctl.locked_reason()} \u2014 switch to the "
                 f"{panels.view_name(self.playing_team())}. Nothing changed.")
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
        """The current view's legal actions (:func:`lcb_lab.games.lcb.offers.offers`), computed once per
        change of the game or the view (the controller's cache); nothing while the past is shown."""
        return self.ctl.offers()

    # ------------------------------------------------------------ the one way in
    def _apply(self, action: A.Action):
        """The controller's ``apply`` (:meth:`~lcb_lab.ui.lab.controller.LabController.apply`):
        every act of the lab, buttons and notebook calls alike, goes through it."""
        return self.ctl.apply(action)

    def apply(self, action: A.Action, what: str | None = None) -> Any:
        """Apply a typed action (:mod:`lcb_lab.games.lcb.actions`) from the current view, as the
        buttons do: ``lab.apply(A.Move(action=1, path=("AL-28",)))``.

        Gated by the view (the impulse's team, the deciding team for an answer, the named team
        in Planning / Deployment, the instructor for a scripted effect or a ruling); a refusal is
        a red message naming the rule, and nothing changes.  ``what`` names the act in the
        message (default: :func:`act_name`).  Returns what the act's handler returned
        (``game.result``), or None when refused."""
        what = what or act_name(action)
        if not self._may(action, what):
            return None
        if isinstance(action, A.Answer):
            said: list[str] = []
            return self.run_said(what, lambda: said[0] if said else None, self._apply_answer, action, said)
        return self.run(what, self._apply, action)

    def _may(self, action, what: str) -> bool:
        """May the current view apply ``action``? (says why not in red)."""
        if isinstance(action, A.Answer):
            return self._gate_decision(what)
        if isinstance(action, (A.ScriptedEffect, A.InstructorRuling)):
            if self.team == "instructor":
                return True
            self.say(f"{what}: applied from the Instructor view only. Nothing changed.")
            return False
        team = self._acting_team(action)
        return self._gate_team(what, team) if team is not None else self._gate(what)

    def _acting_team(self, action) -> str | None:
        """The team a Planning / Deployment act belongs to (the card mixin knows them); None:
        an act of the impulse, gated by :meth:`_gate`."""
        return None

    def _impulse_act(self, what: str, build) -> object:
        """Gate ``what`` like the impulse controls, then apply ``build()`` (built inside ``run``:
        a malformed field is refused by the typed action's own check, a red message)."""
        if not self._gate(what):
            return None
        return self.run(what, lambda: self._apply(build()))

    # ------------------------------------------------------------ the impulse's acts (3.3)
    def begin_impulse(self, task_force: str | None) -> Any:
        """``BeginImpulse(task_force)`` (3.3)."""
        return self.apply(A.BeginImpulse(task_force))

    def relinquish(self) -> Any:
        """``Relinquish()``: the other team goes first (3.41)."""
        return self.apply(A.Relinquish(), "Relinquish the initiative")

    def declare(self, actions: list[dict]) -> Any:
        """``Declare`` the impulse's Core Actions (3.03): ``[{"kind", "units", "jcc"}]`` (the
        builder's rows) or typed :class:`~lcb_lab.games.lcb.actions.CoreAction` s; they get the
        stable ids ``#1``, ``#2``, ... in the order given."""
        def build():
            if actions and all(isinstance(a, A.CoreAction) for a in actions):
                return A.Declare(tuple(actions))
            return A.from_json({"kind": "declare", "actions": list(actions)})
        return self._impulse_act("Declare", build)

    def pass_impulse(self) -> Any:
        """Pass the impulse (3.310): ``Declare(())`` -- no Core Action, every AP of the impulse is lost
        -- then ``EndImpulse()`` (3.3) when the impulse may end (not while Continuing Combat must still
        be fought, 7.22: then the impulse stays in its act phase).  Gated like the impulse controls;
        returns the events of the last act applied (None when refused)."""
        held: list = []

        def act():
            out = self._apply(A.Declare(()))
            if self.game.is_legal(A.EndImpulse()):
                return self._apply(A.EndImpulse())
            held.append(refusal(self.game, A.EndImpulse()))
            return out
        out = self.run("Pass", act) if self._gate("Pass") else None
        if held and held[0] is not None:        # passed, but the impulse may not end yet (e.g. 7.22)
            self.say(f"Pass: no Core Action declared, its AP are lost (3.310); the impulse goes on \u2014 "
                     f"{reason_line(held[0])}.", refused=False)
        return out

    def move(self, action: int, dest: str | None) -> Any:
        """``Move(action, path)``: declared action ``#action`` moves to ``dest`` along the cheapest
        path the current view knows (5.12; the instructor's: the true one).  Refused (5.12, 3.31)
        when ``dest`` is out of reach or there is no declared action ``#action``."""
        what = f"Move {_id(action)}" + (f" to {dest}" if dest else "")
        return self._impulse_act(what, lambda: A.Move(action, self._path(action, dest)))

    def _path(self, action, dest) -> tuple:
        """The view's cheapest path for declared action ``#action`` to ``dest``; ``(dest,)`` when
        there is none to compute (the typed action or the engine then refuses, naming why)."""
        imp = self.game.impulse
        d = next((d for d in imp.actions if d.aid == action), None) if imp is not None else None
        if d is None or not d.units or not isinstance(dest, str) or dest not in self.game.board.hexes:
            return (dest,)
        viewer = None if self.team == "instructor" else self.team    # the path this view may know
        return tuple(self.game.path_to(list(d.units), dest, viewer=viewer))

    def conceal(self, action: int, units: list[str] | None = None) -> Any:
        """``Conceal(action, units)``: declared Move and/or Conceal action ``#action`` turns its
        units (all, or ``units``) face down (6.1)."""
        return self._impulse_act(f"Conceal {_id(action)}", lambda: A.from_json(
            {"kind": "conceal", "action": action, "units": units}))

    def exercise_zor(self, action: int, hex: str | None) -> Any:
        """``ExerciseZor(action, hex)``: declared action ``#action`` exercises its ground ZOR into
        the adjacent ``hex`` (6.21)."""
        what = f"ZOR of {_id(action)}" + (f" into {hex}" if hex else "")
        return self._impulse_act(what, lambda: A.from_json({"kind": "exercise_zor", "action": action, "hex": hex}))

    def resupply(self, action: int, logistics: str | None, rv_slot: str, grants: list[dict]) -> Any:
        """``Resupply(action, logistics, rv_slot, grants)`` (8.0): ``grants`` ``[{"unit", "slot",
        "rp"}]`` from ``logistics``' RV ``rv_slot`` of declared Move and/or Resupply action ``#action``."""
        what = "Resupply" + (f" by {logistics}" if logistics else "")
        return self._impulse_act(what, lambda: A.from_json({
            "kind": "resupply", "action": action, "logistics": logistics, "rv_slot": rv_slot,
            "grants": grants}))

    def commit_combat(self, lrs: list[dict] = (), ga: list[dict] = ()) -> Any:
        """``CommitCombat``: every LRS (``[{"shooter", "slot", "target", "dice"}]``) and GROUND
        ASSAULT (``[{"attacker", "target", "dice"}]``) of the impulse at once (3.38, 7.010)."""
        return self._impulse_act("Commit combat", lambda: A.from_json(
            {"kind": "commit_combat", "lrs": list(lrs), "ga": list(ga)}))

    def answer(self, value: Any) -> Any:
        """Answer the pending choice with ``value`` in the decision panel's shape (the choice's class
        parses it: e.g. ``{"absorb": 1}`` for MILDECs, 4.22), gated to the deciding team's view; a
        refusal is a red message.  Returns the next pending choice (None: none; also when refused)."""
        if not self._gate_decision("Answer"):
            return None
        said: list[str] = []
        return self.run_said("Answer", lambda: said[0] if said else None, self._answer, value, said)

    def _answer(self, value, said: list[str]):
        """The pending choice's typed answer of the decision panel's value, applied; returns the
        next pending choice (``said`` gets the line naming what was answered)."""
        d = self.game.pending
        if d is None:
            raise LabError("no choice is pending")
        self._apply_answer(self._answer_action(d, value), said)
        return self.game.pending

    def _apply_answer(self, act: A.Answer, said: list[str], how: str = ""):
        """Apply the typed answer ``act``; on success ``said`` gets what it chose, in the rulebook's words,
        as the answering view may know it (:func:`~lcb_lab.ui.lcb.answer_words.answer_line` of the view's
        own pending choice; ``how``: the policy that chose it)."""
        mine = self.ctl.view_model().pending
        d = mine.choice if mine is not None and mine.mine else None
        line = answer_line(d, act, self._known_card_names(), self._chain_link_name, how) if d is not None else None
        out = self._apply(act)
        if line:
            said.append(line)
        return out

    def _known_card_names(self) -> dict[str, str]:
        """cid -> name of the cards the current view may know (no card id reaches a message)."""
        cards, _ = self.ctl.cards()
        return {c["cid"]: c["name"] for c in cards if c.get("cid") and c.get("name")}

    def _chain_link_name(self, pid) -> str:
        """A link of the open card chain as the view names it: "#1 Tactical Cyber Attack (Blue (US))"."""
        return self.decision._link_name(pid)

    def _answer_action(self, d, value) -> A.Answer:
        """The typed answer of ``value`` in the panel's shape for choice ``d`` (its class parses it;
        the card and chapter 10-14 mixins refine theirs)."""
        return d.answer_from(value)

    def answer_policy(self, name: str | None = None) -> Any:
        """Answer the pending choice by auto policy ``name`` (None: the default policy; e.g. ``"pass"``),
        gated like :meth:`answer`.  Returns the next pending choice (None: none; also when refused)."""
        what = f"Answer: {policy_label(name)}" if name else "Answer with the default policy"
        if not self._gate_decision(what):
            return None
        said: list[str] = []
        return self.run_said(what, lambda: said[0] if said else None, self._answer_policy, name, said)

    def _answer_policy(self, name: str | None, said: list[str]):
        d = self.game.pending
        if d is None:
            raise LabError("no choice is pending")
        self._apply_answer(answer_with(d, name), said, how=policy_label(name or d.DEFAULT_POLICY))
        return self.game.pending

    def resolve(self) -> Any:
        """``ResolveCombat()``: roll the committed combat (7.0)."""
        return self.apply(A.ResolveCombat(), "Resolve combat")

    def end_impulse(self) -> Any:
        """``EndImpulse()`` (3.39)."""
        return self.apply(A.EndImpulse(), "End impulse")

    def intercept_odds(self, intercepts: list[dict]) -> dict[str, dict]:
        """Exact odds per target of the committed LRS plan against ``intercepts`` (the dice the
        defender has entered so far): ``game.preview_lrs(plan, intercepts)`` (7.57)."""
        imp = self.game.impulse
        plan = imp.combat.lrs if imp is not None and imp.combat is not None else []
        lrs = [{k: a[k] for k in ("shooter", "slot", "target", "dice")} for a in plan]
        cards = imp.combat.card_lrs if imp is not None and imp.combat is not None else []   # card LRS (9.05)
        return self.game.preview_lrs(lrs, list(intercepts), committed=True) if lrs or cards else {}

    def apply_card_effect(self, effect: dict) -> Any:
        """Apply a card's outcome as a *scripted* effect (:class:`~lcb_lab.games.lcb.actions.ScriptedEffect`;
        the instructor stating a card outcome as given, 9.0): Instructor view only. ``effect``: the effect panel's dict
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


def _id(action) -> str:
    """A declared action as the log names it (``#1``); anything else as the user typed it."""
    if isinstance(action, int) and not isinstance(action, bool):
        return f"#{action}"
    return "(no declared action chosen)" if action is None else f"'{action}'"


ACT_NAMES = {"begin_impulse": "Begin impulse", "relinquish": "Relinquish the initiative", "declare": "Declare",
             "commit_combat": "Commit combat", "resolve_combat": "Resolve combat", "end_impulse": "End impulse"}
"""Message names of the acts whose name carries no field."""


def act_name(action: A.Action) -> str:
    """How messages name a typed action: "Move #1 to AL-28", "Conceal #2", "Resupply by Ivan Co",
    "Begin impulse TF Boston", "Answer" (never a Python repr)."""
    if isinstance(action, A.Move):
        return f"Move {_id(action.action)}" + (f" to {action.path[-1]}" if action.path else "")
    if isinstance(action, A.ExerciseZor):
        return f"ZOR of {_id(action.action)} into {action.hex}"
    if isinstance(action, A.Conceal):
        return f"Conceal {_id(action.action)}"
    if isinstance(action, A.Resupply):
        return "Resupply" + (f" by {action.logistics}" if action.logistics else "")
    if isinstance(action, A.BeginImpulse):
        return "Begin impulse" + (f" {action.task_force}" if action.task_force else "")
    if isinstance(action, A.Answer):
        return "Answer"
    kind = getattr(action, "KIND", "")
    return ACT_NAMES.get(kind) or (kind.replace("_", " ").capitalize() if kind else "Act")


def scripted_effect(effect: Mapping[str, Any] | Any) -> A.ScriptedEffect:
    """The typed :class:`~lcb_lab.games.lcb.actions.ScriptedEffect` of the effect panel's dict (``from`` for
    ``from_``; keys left None are left out). Raises InputError naming the field."""
    if not isinstance(effect, dict):
        return A.from_json(effect)
    data = {("from_" if k == "from" else k): v for k, v in effect.items() if v is not None}
    return A.from_json({"kind": A.ScriptedEffect.KIND, **data})
