"""Response windows and card chains (9.06, 9.4, 9.41-9.47, 7.512): to be built (issue 7)."""
from __future__ import annotations

from .card_use import finish
from .common import Ctx


def open_window(ctx: Ctx) -> bool:
    """Push the other team's response choice for the open chain; False when nobody may answer."""
    return False


def resolve(ctx: Ctx) -> None:
    """Resolve the open chain from its last link (9.46) and close it."""
    for link in reversed(ctx.state.chain):
        if link.status == "pending":
            finish(ctx, link)
    ctx.state.chain = []
