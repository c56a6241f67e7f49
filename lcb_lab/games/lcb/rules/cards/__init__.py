"""Joint Capability Cards: playing, effects, response windows and card chains (9.x, 11.1)."""
