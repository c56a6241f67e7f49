"""What a front end draws for one viewer, for any game on the kernel: the :class:`ViewModel` protocol.

A game builds one frozen view model per viewer (a player, or the all-seeing instructor) from its
observer's outputs only -- the viewer's view, its offers, its log, the pending choice if it is the
viewer's to answer -- so whatever the front end draws from it holds nothing the viewer may not
know.  A panel is a function of (view model, the front end's own state): a control the viewer may
not use is not built at all (not built and hidden), and a secret is absent from the page.

The protocol names only what every game has; a game's view model adds its own fields.
"""
from __future__ import annotations

from typing import Any, Protocol, Sequence, runtime_checkable

__all__ = ["PendingLike", "ViewModel"]


@runtime_checkable
class PendingLike(Protocol):
    """The choice waiting, as one viewer may see it: its ``kind`` and who decides (``player``);
    ``mine`` is True when the viewer may answer it (then the game's view model adds the
    question), else the viewer reads only that another player is deciding."""

    kind: str
    player: str
    mine: bool


@runtime_checkable
class ViewModel(Protocol):
    """One viewer's picture of the game at one version: nothing in it is hidden from ``viewer``.

    ``step_label``: the last step of the record as the viewer may read it ("" before the first);
    ``log``: the log entries the viewer may read (each a dict of the game's log form);
    ``offers``: the viewer's legal actions now (empty when it is not the viewer's to act);
    ``pending``: the choice waiting (:class:`PendingLike`), or None;
    ``step``: the step of the record the game stands at (its history's cursor: public, the History tab
    numbers the steps for every viewer); ``revision``: the engine's count of changes
    (:attr:`~lcb_lab.kernel.engine.Engine.revision`: one more per act, undo, goto or loaded record; as
    public as the steps), so a front end tells a drawing made at one moment of the game from a later one
    even when an undo and another act bring the step number back."""

    viewer: str
    step_label: str
    log: Sequence[dict]
    offers: Any
    pending: PendingLike | None
    step: int
    revision: int
