"""Submarine operations: the tracker, the submarine marker, ASW (14.x)."""
