"""Embarkation: Space and Embarkation Values, cargo lost with its ship (10.x)."""
