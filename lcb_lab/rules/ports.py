"""Port disembarkation and embarkation (12.3, 12.54): the orange cube.  Issue 8 contract --
owned by the transport helper."""
from __future__ import annotations

from ..errors import IllegalAction


def port_transfer_act(game, c, a) -> None:
    """Handler of :class:`lcb_lab.actions.PortTransfer`."""
    raise IllegalAction("12.3", "port disembarkation is not built yet")


def offers(game) -> list:
    """The PortTransfer actions the active impulse may take now."""
    return []
