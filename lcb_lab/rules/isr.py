"""Issue 8 contract -- special markers (13.x), owned by the markers helper."""
from __future__ import annotations
