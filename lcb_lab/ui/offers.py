"""The lab's offers: :mod:`lcb_lab.games.lcb.offers` (a view's legal actions are the game's, not
the lab's), re-exported here for the widgets and for code written before it moved."""
from __future__ import annotations

from lcb_lab.games.lcb.offers import (  # noqa: F401 - re-exported
    NOTHING, STAGES, VIEWS, Offers, acting_team, card_plays, declaration_refusal, offers, refusal, team_offers,
)

__all__ = ["NOTHING", "STAGES", "VIEWS", "Offers", "acting_team", "card_plays", "declaration_refusal", "offers",
           "refusal", "team_offers"]
