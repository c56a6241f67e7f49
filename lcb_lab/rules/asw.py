"""Anti-submarine warfare (14.1): DETECT then one die; defensive, offensive, card ASW.
Issue 8 contract -- owned by the submarine helper."""
from __future__ import annotations
