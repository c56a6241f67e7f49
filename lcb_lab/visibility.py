"""Hidden information as a view (design principle 8; 6.11, 3.03, 8.06).

Kept for callers of ``team_view``: :mod:`lcb_lab.observer` owns hidden information
(``observe`` for the map, ``redact`` for the log, ``known_state`` for queries).
"""
from __future__ import annotations

from .observer import observe as team_view  # noqa: F401  (one-line alias)

__all__ = ["team_view"]
