"""How long the random-play and property tests run: short in ``make test``, long in ``make fuzz``.

``make fuzz`` sets ``LCB_FUZZ=1`` and runs the tests marked ``fuzz``; each of them takes its
number of seeds, hypothesis examples or random states from :func:`budget`, so the same test is a
quick check in ``make test`` and a long search in ``make fuzz``.
"""
from __future__ import annotations

import os

FUZZ = os.environ.get("LCB_FUZZ", "") not in ("", "0")
"""True under ``make fuzz`` (the environment variable ``LCB_FUZZ`` set and not ``0``)."""


def budget(short: int, long: int) -> int:
    """``long`` under ``make fuzz`` (:data:`FUZZ`), else ``short``: a count of seeds, examples or states."""
    return long if FUZZ else short
