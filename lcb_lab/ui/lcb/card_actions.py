"""The lab's card actions: the Python methods behind the Cards, Planning and Deployment panels
and the card-response answer (9.4x), each gated by the view.

A mixin of :class:`~lcb_lab.ui.lcb.app.LabApp` (before :class:`~lcb_lab.ui.lcb.actions.LabActions`
in its bases: it answers a ``card_response`` choice and hands every other answer on).  Every
act goes through ``LabApp.run``: a refusal is a red message naming the rule, and the state is
unchanged; the engine logs the explained steps.

Who may act: a card is played by the team that plays the impulse (and the instructor);
Planning and Deployment acts by the team they name, from its own view or the instructor's
(3.1, 3.2: both teams act side by side); a card-response choice is answered by the team it
asks (and the instructor).
"""
from __future__ import annotations

import dataclasses
from typing import Any, Iterable

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.choices import CardResponseChoice
from lcb_lab.kernel.errors import LabError
from lcb_lab.ui.lcb.map import palette
from lcb_lab.ui.lcb import panels

__all__ = ["CardActions"]


def _names(xs) -> tuple[str, ...]:
    if xs is None:
        return ()
    if isinstance(xs, str):
        return (xs,)
    return tuple(x for x in xs if x)


class CardActions:
    """play_card / buy_card / end_planning / deploy_unit / place_card / deployment_order /
    end_deployment / answer_cards."""

    # ------------------------------------------------------------ gates
    def _gate_team(self, what: str, team: str | None) -> bool:
        if self.team in ("instructor", team):
            return True
        self.say(f"{what}: not from the {panels.view_name(self.team)} \u2014 only "
                 f"{palette.TEAM_NAME.get(team, team)} or the instructor may do it. Nothing changed.")
        return False

    def _acting_team(self, action) -> str | None:
        """The team a Planning / Deployment act belongs to (``lab.apply`` gates it by that team;
        3.1, 3.2); a card played outside the Action Stage: the card's team (9.5)."""
        if isinstance(action, (A.BuyCard, A.EndPlanning, A.EndDeployment)):
            return action.team
        if isinstance(action, A.DeployUnit):
            return self._unit_team(action.unit)
        if isinstance(action, A.PlaceCard):
            return self._card_team(action.card)
        if isinstance(action, A.DeploymentOrder):
            return self.ctl.view_model().initiative
        if isinstance(action, A.PlayCard) and self.ctl.stage() != "action":
            return self._card_team(action.card)
        return super()._acting_team(action)

    def _unit_team(self, uid: str | None) -> str | None:
        c = self.ctl.view()["counters"]
        return next((x["team"] for x in c if x.get("uid") == uid), None)

    def _card_name(self, cid: str | None) -> str:
        """A card as messages name it: its name (the view's cards), never its card id."""
        cards, _ = self.ctl.cards()
        name = next((c.get("name") for c in cards if c.get("cid") == cid and c.get("name")), None)
        if name is None and cid is not None and cid[:3] not in ("US-", "RU-"):
            name = cid                                      # a card named by its name
        return name or "a card"

    def _card_team(self, cid: str | None) -> str | None:
        cards, _ = self.ctl.cards()
        team = next((c["team"] for c in cards if c.get("cid") == cid), None)
        if team is None and isinstance(cid, str) and cid[:2] in ("US", "RU"):
            team = cid[:2]
        return team

    # ------------------------------------------------------------ the Action Stage (3.31, 9.2)
    def play_card(self, card: str | None, option: str = "A", targets: Iterable[str] | str | None = (),
                  hex: str | None = None, action: int | None = None, escort: str | None = None) -> Any:
        """Play ``card`` (cid or name) with its effect ``option`` at ``targets`` / ``hex``,
        paid by declared action ``action`` (1-based id; None: a deployed Persistent card's
        free use, 9.2), escorted by the deployed card ``escort`` (9.46; None: none):
        ``game.apply(PlayCard(...))``.  In the Deployment Stage it plays a Deployment-Stage-only
        card (9.5)."""
        what = f"Play {self._card_name(card)}" if card else "Play a card"
        stage = self.ctl.stage()
        if stage == "action" and not self._gate(what):
            return None
        if stage != "action" and not self._gate_team(what, self._card_team(card)):
            return None

        def go():
            if not card:
                raise LabError("choose a card to play first")
            self._apply(A.PlayCard(card, option or "A", _names(targets), hex or None, action, escort or None))
            return self.game.pending
        return self.run(what, go)

    # ------------------------------------------------------------ Planning (3.1)
    def buy_card(self, team: str, card: str | None, attach_to: str | None = None, embark_on: str | None = None) -> Any:
        """``team`` buys ``card`` (a deck name) into its pool, or Attached to / Embarked on a host (3.12, 9.3, 10.0)."""
        where = f" attached to {attach_to}" if attach_to else f" embarked on {embark_on}" if embark_on else ""
        what = f"Buy {card}{where}"
        if not self._gate_team(what, team):
            return None

        def go():
            if not card:
                raise LabError("choose a card of the deck first")
            self._apply(A.BuyCard(team, card, attach_to or None, embark_on or None))
        return self.run(what, go)

    def end_planning(self, team: str) -> Any:
        """``team`` ends its Planning Stage; its unspent CP are lost (3.13)."""
        what = f"End Planning ({team})"
        return self.run(what, self._apply, A.EndPlanning(team)) if self._gate_team(what, team) else None

    # ------------------------------------------------------------ Deployment (3.2)
    def deploy_unit(self, unit: str | None, hex: str | None = None, embark_on: str | None = None) -> Any:
        """Place ``unit`` face down in ``hex`` (3.21), or Embark it on ``embark_on`` (10.0)."""
        what = f"Deploy {unit} " + (f"on {embark_on}" if embark_on else f"in {hex}")
        if not self._gate_team(what, self._unit_team(unit)):
            return None

        def go():
            if not unit:
                raise LabError("choose a unit to deploy first")
            if not hex and not embark_on:
                raise LabError("click the hex to deploy it in on the map first")
            self._apply(A.DeployUnit(unit, hex or None, embark_on or None))
        return self.run(what, go)

    def place_card(self, card: str | None, attach_to: str | None = None, embark_on: str | None = None,
                   hex: str | None = None) -> Any:
        """Attach ``card`` (cid) to a host (9.31), Embark it on a ship (10.0), or place it on the map."""
        where = (f"attached to {attach_to}" if attach_to else f"embarked on {embark_on}" if embark_on
                 else f"in {hex}")
        what = f"Place {self._card_name(card)} {where}"
        if not self._gate_team(what, self._card_team(card)):
            return None

        def go():
            if not card:
                raise LabError("choose a card to place first")
            if not (attach_to or embark_on or hex):
                raise LabError("choose a host, a ship or a hex for the card")
            self._apply(A.PlaceCard(card, attach_to or None, embark_on or None, hex or None))
        return self.run(what, go)

    def deployment_order(self, first: str) -> Any:
        """The initiative team names who plays its Deployment-Stage cards first (9.5)."""
        what = f"Deployment order: {first} first"
        team = self.ctl.view_model().initiative
        return self.run(what, self._apply, A.DeploymentOrder(first)) if self._gate_team(what, team) else None

    def end_deployment(self, team: str) -> Any:
        """``team`` ends its Deployment Stage (3.22: every unit and Attached/Embarked card placed)."""
        what = f"End Deployment ({team})"
        return self.run(what, self._apply, A.EndDeployment(team)) if self._gate_team(what, team) else None

    # ------------------------------------------------------------ card responses (9.4, 9.44, 9.011)
    def answer_cards(self, responses: Iterable[dict] = (), card_intercepts: Iterable[dict] = ()) -> Any:
        """Answer the pending ``card_response`` choice: ``responses`` = ``[{"card", "option", "to",
        "targets"}]`` (NULLIFY / FTR NULLIFY), ``card_intercepts`` = ``[{"interceptor", "slot",
        "dice", "to"}]``; both empty: pass."""
        value = {"responses": list(responses), "card_intercepts": list(card_intercepts)}
        return self.answer(value)

    def _answer_action(self, d, value) -> A.Answer:
        if not isinstance(d, CardResponseChoice):
            return super()._answer_action(d, value)
        value = value if isinstance(value, dict) else {}
        extra = {f.name for f in dataclasses.fields(A.Response)} - {"card", "option", "to", "targets"}
        rs = tuple(A.Response(r["card"], r.get("option") or "A", r.get("to"), _names(r.get("targets")),
                              **{k: r[k] for k in extra if r.get(k) is not None})
                   for r in value.get("responses", ()))
        ci = tuple(A.CardIntercept(i["interceptor"], i["slot"], int(i["dice"]), i.get("to"))
                   for i in value.get("card_intercepts", ()) if int(i.get("dice", 0)) > 0)
        return A.AnswerCards(responses=rs, card_intercepts=ci, choice=d.id or None)
