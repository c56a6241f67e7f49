"""The stages and the sequence of play: Planning, Deployment, impulses, Initiative and Victory Checks, the Influence Meter (3.x, 15.0)."""
