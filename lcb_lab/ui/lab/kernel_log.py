"""No ZMQ traceback from a kernel shut down while it runs a cell (``lcb-lab voila`` stopped).

``lcb-lab voila`` keeps a pre-heated kernel running the app notebook; stopped (Ctrl-C, SIGTERM)
while that kernel is still in the notebook's cell, the server shuts the kernel down (its control
channel closes the sockets) and the cell's end then sends its reply on a closed socket: ipykernel
logs ``Exception in message handler`` and a ZMQ traceback ending in ``ZMQError: Socket operation on
non-socket`` on the terminal the app was started from.  Nothing is lost: the kernel was told to
stop.  :func:`install` (called when ``lcb_lab`` is imported inside an IPython kernel) adds a filter
to the kernel's log that drops exactly that record -- a ``ZMQError`` of a closed socket
(``ENOTSOCK``) -- and lets every other record through.
"""
from __future__ import annotations

import errno
import logging
import sys
from typing import Any

_MARK = "_lcb_lab_closed_socket_filter"
"""Attribute set on a logger once :func:`install` filtered it (idempotence)."""


class ClosedSocketFilter(logging.Filter):
    """Drops a log record whose exception is a ZMQ error of a closed socket (``ENOTSOCK``)."""

    def filter(self, record: logging.LogRecord) -> bool:
        """False (drop) for that record, True for every other."""
        exc = record.exc_info[1] if record.exc_info else None
        if exc is None or type(exc).__name__ != "ZMQError" or not type(exc).__module__.startswith("zmq"):
            return True
        return getattr(exc, "errno", None) != errno.ENOTSOCK


def install(kernel: Any = None) -> bool:
    """Filter ``kernel``'s log (default: the running IPython kernel's) with
    :class:`ClosedSocketFilter`; idempotent.  Returns True when filtered (now or before), False
    outside a kernel."""
    if kernel is None:
        ipython = sys.modules.get("IPython")
        shell = ipython.get_ipython() if ipython is not None else None
        kernel = getattr(shell, "kernel", None)
    log = getattr(kernel, "log", None)
    log = getattr(log, "logger", log)              # a LoggerAdapter's logger
    if not isinstance(log, logging.Logger):
        return False
    if not getattr(log, _MARK, False):
        log.addFilter(ClosedSocketFilter())
        setattr(log, _MARK, True)
    return True
