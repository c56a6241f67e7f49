"""Transporting units (12.x): rotary-wing lift, reinforcements, sealift, littoral movement,
shore-to-ship.  Issue 8 contract -- owned by the transport helper.  Registers its card
effects (``rotary_lift``, ``reinforce``, ``sealift``, ``littoral_move``) with
:func:`lcb_lab.rules.card_effects.effect`."""
from __future__ import annotations
