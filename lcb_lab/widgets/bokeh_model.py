"""A ``jupyter_bokeh`` BokehModel that never shows a stale map.

jupyter_bokeh 4.1 renders a view from the ``render_bundle`` trait (the
document as it was when the widget was made) and then applies later changes
as custom messages.  Messages sent while no view exists yet are lost: in
Voila every cell runs before the page connects, and in JupyterLab "Run All"
races the first render.  This subclass

* refreshes the bundle when a frontend asks for the widget state
  (``request_state``: Voila, page reloads), and
* when a freshly rendered view announces ``DocumentReady`` and changes were
  sent since the bundle was made, sends a fresh bundle once (one re-render).
"""
from __future__ import annotations

from typing import Any

from bokeh.events import DocumentReady
from jupyter_bokeh.widgets import BokehModel


class LiveBokehModel(BokehModel):
    def __init__(self, model, **kwargs: Any) -> None:
        self._dirty = False
        self.resyncs = 0
        super().__init__(model, **kwargs)
        self._document.on_event(DocumentReady, self._on_ready)

    def _document_patched(self, event) -> None:
        if event.setter is not self:
            self._dirty = True
        super()._document_patched(event)

    def resync(self) -> None:
        """Send the whole current document (every view re-renders once)."""
        self._dirty = False
        self.resyncs += 1
        self.render_bundle = self._model_to_traits(self._model)

    def _on_ready(self, _event) -> None:
        if self._dirty:
            self.resync()

    def _handle_msg(self, msg) -> None:
        data = msg.get("content", {}).get("data", {})
        if data.get("method") == "request_state" and self._dirty:
            self._dirty = False
            with self.hold_sync():
                self.render_bundle = self._model_to_traits(self._model)
        super()._handle_msg(msg)
