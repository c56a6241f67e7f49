"""No widget message lost in a burst: the kernel's IOPub socket waits instead of dropping.

ipykernel (version 7) publishes IOPub on a ZeroMQ ``XPUB`` socket with ZeroMQ's default send high-water
mark of 1,000 messages per subscriber.  An ``XPUB`` socket is lossy: when the server that relays
the kernel to the page falls behind by more than that, ZeroMQ silently drops the messages in
between and reports every send as done.  A lab opens some 1,000 widgets in one burst (*Fork
here* builds a second lab), so on a loaded machine a widget's ``comm_open`` could vanish: its parent
then waited for it in vain and the page showed "Error: widget model not found" in place of the
branch's map and column.

:func:`install` (called when ``lcb_lab`` is imported inside an IPython kernel) sets
``XPUB_NODROP`` on that socket: a send beyond the high-water mark now waits until the server has
read (the IOPub thread blocks, the cell goes on and queues its messages), so every message arrives,
in order.  The option is set on the IOPub thread itself (ZeroMQ sockets belong to one thread).
"""
from __future__ import annotations

import sys
from typing import Any

_MARK = "_lcb_lab_iopub_nodrop"
"""Attribute set on the IOPub thread once :func:`install` asked for ``XPUB_NODROP`` (idempotence)."""


def install(kernel: Any = None) -> bool:
    """Make ``kernel``'s IOPub (default: the running IPython kernel's) wait rather than drop messages
    beyond its high-water mark (ZeroMQ ``XPUB_NODROP``); idempotent.  Returns True when asked (now or
    before), False outside a kernel or when its IOPub is not an ``XPUB`` socket on an IOPub thread."""
    if kernel is None:
        ipython = sys.modules.get("IPython")
        shell = ipython.get_ipython() if ipython is not None else None
        kernel = getattr(shell, "kernel", None)
    thread = getattr(kernel, "iopub_thread", None)
    socket = getattr(thread, "socket", None)
    if thread is None or socket is None or not hasattr(thread, "schedule"):
        return False
    import zmq

    try:
        if socket.type != zmq.XPUB:
            return False
    except zmq.ZMQError:                 # a closed socket
        return False
    if not getattr(thread, _MARK, False):
        thread.schedule(lambda: _no_drop(socket))
        setattr(thread, _MARK, True)
    return True


def _no_drop(socket: Any) -> None:
    import zmq

    try:
        socket.setsockopt(zmq.XPUB_NODROP, 1)
    except zmq.ZMQError:                 # closed meanwhile (the kernel is shutting down)
        pass
