"""Issue 8 contract -- special markers (13.x), owned by the markers helper."""
from __future__ import annotations

from ..errors import IllegalAction


def ruling_act(game, c, a) -> None:
    """Handler of :class:`lcb_lab.actions.InstructorRuling` (13.14)."""
    raise IllegalAction("13.14", "instructor rulings are not built yet")
