"""The handlers of the Planning and Deployment Stages' acts (3.1, 3.2, 9.3, 9.5, 10.3): one per
action class, registered in :data:`lcb_lab.games.lcb.handlers.HANDLERS`."""
from __future__ import annotations

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.rules.common import Ctx, GameLike
from lcb_lab.games.lcb.rules.stages import deployment, planning

__all__ = ["buy_card", "end_planning", "deploy_unit", "place_card", "deployment_order", "end_deployment"]


def buy_card(game: GameLike, c: Ctx, a: A.BuyCard) -> str:
    """Handler of BuyCard (3.12, 9.31): returns the new card's id (``"US-3"``)."""
    card = planning.buy(c, a.team, a.card, a.attach_to, a.embark_on)
    planning.sync_legacy(c.state)
    return card.cid


def end_planning(game: GameLike, c: Ctx, a: A.EndPlanning) -> None:
    """Handler of EndPlanning: ``a.team`` ends its Planning Stage (3.1)."""
    planning.end_planning(c, a.team)


def deploy_unit(game: GameLike, c: Ctx, a: A.DeployUnit) -> None:
    """Handler of DeployUnit: place a unit face down in a hex or Embark it (3.02, 3.21, 10.3)."""
    deployment.deploy_unit(c, a.unit, a.hex, a.embark_on)


def place_card(game: GameLike, c: Ctx, a: A.PlaceCard) -> None:
    """Handler of PlaceCard: Attach a card to a unit, Embark it on a ship or place it in a hex in the
    Deployment Stage (3.14, 9.3, 10.3)."""
    deployment.place_card(c, a.card, a.attach_to, a.embark_on, a.hex)
    planning.sync_legacy(c.state)


def deployment_order(game: GameLike, c: Ctx, a: A.DeploymentOrder) -> None:
    """Handler of DeploymentOrder: which team plays its Deployment-Stage cards first (3.24, 9.5)."""
    deployment.order(c, a.first)


def end_deployment(game: GameLike, c: Ctx, a: A.EndDeployment) -> None:
    """Handler of EndDeployment: ``a.team`` ends its Deployment Stage (3.2)."""
    deployment.end_deployment(c, a.team)
    planning.sync_legacy(c.state)
