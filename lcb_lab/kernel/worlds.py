"""Indistinguishable worlds for any game on the kernel: what a viewer may not know changes nothing it sees.

A *twin* of a game is a fork (the same record, the same dice to come) changed in a fact a viewer
may not know (:func:`make_twin`: the change must not show in the viewer's view, else the change
is wrong, not the game).  :func:`seen` is everything the viewer is shown, as canonical text:

* ``to_act`` -- who the game waits for;
* ``view`` -- the game's view for the viewer (a game hook ``view(engine, viewer) -> data``);
* ``log`` -- the log entries it reads (the kernel observer, :func:`~lcb_lab.kernel.observer.redact_log`,
  or the game's own reader);
* ``labels`` -- the record's step labels as it reads them (:meth:`Engine.step_labels
  <lcb_lab.kernel.engine.Engine.step_labels>`);
* ``offers`` -- its legal acts (templates by their kind and options);
* ``undo`` -- whether it may undo the last step now, and why not (the game's rule, an
  ``undo(engine, viewer) -> (allowed, why)`` hook such as a lab's ``ui.undo_allowed``; ``""`` when no
  hook is given): a refusal that differs would tell the viewer what it may not know.

:func:`differences` names the parts two worlds show differently; :func:`follow` applies the same
acts to both worlds (the other players' acts translated where the change renamed something) and
compares after each, until an act shows the viewer the change by the rules (a game's test: a hit
revealed a secret, legitimately), or the viewer's own act is refused in one world only (a
finding: the refusal tells).
The games' tests call these (each game's own twins, changed in what its observer hides).
"""
from __future__ import annotations

import json
from typing import Any, Callable, Iterable

from lcb_lab.kernel.errors import DiceExhausted, LabError
from lcb_lab.kernel.legal import Template
from lcb_lab.kernel.observer import redact_log

View = Callable[[Any, Any], Any]
"""``view(engine, viewer) -> data``: what a game shows ``viewer`` (JSON-able)."""
LogReader = Callable[[Any, Any, int], list[dict]]
"""``log_for(engine, viewer, since) -> entries``: the log entries ``viewer`` reads from ``since`` on."""
Undo = Callable[[Any, Any], tuple[bool, str]]
"""``undo(engine, viewer) -> (allowed, why)``: may ``viewer`` undo the last step now (a lab's rule)."""
PARTS = ("to_act", "view", "log", "labels", "offers", "undo")
"""What :func:`seen` gives, in order."""


def canonical(x: Any) -> str:
    """``x`` as sorted-key JSON (what the comparisons test for equality)."""
    return json.dumps(x, sort_keys=True, default=str)


def offers(engine: Any, viewer: Any) -> list[str]:
    """What ``viewer`` is offered now, one string per act or template (its kind and options)."""
    return [f"Template({t.kind}: {'; '.join(map(str, t.options))})" if isinstance(t, Template) else repr(t)
            for t in engine.legal_actions(viewer)]


def labels(engine: Any, viewer: Any) -> list[str]:
    """The record's step labels as ``viewer`` reads them, one canonical line each."""
    return [canonical(r) for r in engine.step_labels(viewer)]


def kernel_log(engine: Any, viewer: Any, since: int = 0) -> list[dict]:
    """The log entries from ``since`` on as ``viewer`` reads them (the kernel observer)."""
    return redact_log(engine.state.log[since:], viewer, engine.place_keys[:2])


def seen(engine: Any, viewer: Any, view: View, log_for: LogReader = kernel_log, since: int = 0,
         undo: Undo | None = None) -> dict[str, Any]:
    """Everything ``viewer`` is shown (module doc), as canonical text: ``{part: text or lines}``."""
    return {"to_act": str(engine.to_act()), "view": canonical(view(engine, viewer)),
            "log": [canonical(e) for e in log_for(engine, viewer, since)],
            "labels": labels(engine, viewer), "offers": offers(engine, viewer),
            "undo": canonical(undo(engine, viewer)) if undo is not None else ""}


def diff(a: Any, b: Any) -> str:
    """Two differing values, one line each (lists: what each holds that the other does not)."""
    if isinstance(a, list) and isinstance(b, list):
        a2, b2 = [x for x in a if x not in b], [x for x in b if x not in a]
        if a2 or b2:
            return f"  world A only: {a2[:4]}\n  world B only: {b2[:4]}"
    return f"  world A: {a}\n  world B: {b}"


def differences(a: Any, b: Any, viewer: Any, view: View, log_for: LogReader = kernel_log,
                since: tuple[int, int] = (0, 0), parts: Iterable[str] = PARTS,
                undo: Undo | None = None) -> dict[str, str]:
    """``{part: diff}`` for each of ``parts`` the two worlds show ``viewer`` differently (``{}``:
    indistinguishable); the logs from ``since`` (world A's, world B's) on; the undo permission when
    an ``undo`` hook is given."""
    sa, sb = seen(a, viewer, view, log_for, since[0], undo), seen(b, viewer, view, log_for, since[1], undo)
    return {p: diff(sa[p], sb[p]) for p in parts if sa[p] != sb[p]}


def make_twin(engine: Any, change: Callable[[Any], Any], viewer: Any, view: View) -> tuple[Any, Any]:
    """``(twin, what)``: a fork of ``engine`` whose state ``change(state)`` alters (``what``: its
    description; None: nothing to change here, and the twin is None).  Raises ValueError when the
    change shows in ``viewer``'s view (the change is wrong: it touches what the viewer knows)."""
    twin = engine.fork()
    what = change(twin.state)
    if what is None:
        return None, None
    if canonical(view(twin, viewer)) != canonical(view(engine, viewer)):
        raise ValueError(f"{what} changed {viewer}'s view: it is not a secret of the other players")
    return twin, what


def follow(a: Any, b: Any, viewer: Any, actions: Iterable[Any], view: View, log_for: LogReader = kernel_log,
           translate: Callable[[Any], Any] | None = None,
           shown: Callable[[Any, Any], bool] | None = None, undo: Undo | None = None) -> list[str]:
    """Apply each of ``actions`` to world ``a`` and world ``b`` (another player's act through
    ``translate`` first, when given) and compare what ``viewer`` is shown before the first and
    after each (module doc).  Returns the findings, ``"<part> after <act>:\n<diff>"`` (``[]``:
    indistinguishable).  Stops at an act world ``a`` refuses or another player's act world ``b``
    refuses (its own secret differs there; the viewer's own act refused in ``b`` only is a
    finding), and after an act that showed the
    viewer the change by the rules (``shown(a, b)``: e.g. a hit revealed it; default: never).  ``undo``: the
    game's undo rule, compared too (:func:`seen`)."""
    found = [f"{p} before:\n{d}" for p, d in differences(a, b, viewer, view, log_for, undo=undo).items()]
    for act in actions:
        na, nb, actor = len(a.state.log), len(b.state.log), a.to_act()
        try:
            a.apply(act)
        except (LabError, DiceExhausted):
            return found
        other = translate(act) if translate is not None and actor != viewer else act
        try:
            b.apply(other)
        except (LabError, DiceExhausted) as e:          # another player's act on its own secret may not apply
            return found if actor != viewer else found + [
                f"accept of {act}:\n  world A: accepted\n  world B: {type(e).__name__}: {e}"]
        if shown is not None and shown(a, b):
            return found                      # the rules showed the viewer the change: what follows may differ
        found += [f"{p} after {act}:\n{d}"
                  for p, d in differences(a, b, viewer, view, log_for, (na, nb), undo=undo).items()]
    return found
