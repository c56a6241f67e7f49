"""Why a greyed *Move to* / *ZOR into* / *Conceal* button of the Impulse tab is greyed: one line each
(the rule and the reason), for its tooltip and the line under the buttons.

The reason is the engine's refusal of the typed action the button would build for the current view
(:func:`lcb_lab.games.lcb.offers.refusal`, tried on a copy; nothing changes): ``Move(action, path)`` along the
cheapest path the view knows (5.12; no path it knows: that search's own refusal), ``ExerciseZor``
into the clicked hex (6.21), ``Conceal`` of the action's units (6.1).  Before a hex is clicked the
reason is the declared action's own (already moved, 5.16; already used its ZOR, 6.21; not a naval
ZOR, 6.23), or how to choose the hex.

Hidden information: the reason is what the click would say, and every counter the view may not
know (:func:`lcb_lab.games.lcb.observer.knows`) is named only as "an unseen counter" -- e.g. the enemy
ship whose naval ZOR keeps a ship from concealing (6.23) when it is face down.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from lcb_lab.games.lcb import actions as A
from lcb_lab.kernel.errors import LabError
from lcb_lab.games.lcb.offers import refusal

if TYPE_CHECKING:  # pragma: no cover
    from lcb_lab.games.lcb.model.state import Declared
    from lcb_lab.ui.lcb.controller import LcbController

def reason_line(err: BaseException | None) -> str:
    """A refusal as one line: ``"rule 5.12: AL-20 is out of reach for DDG-51 (MP 4)"`` (``""``: none)."""
    if err is None:
        return ""
    rule, reason = getattr(err, "rule", None), getattr(err, "reason", None) or str(err)
    reason = " ".join(str(reason).split())
    return f"rule {rule}: {reason}" if rule else reason


def _redact(text: str, ctl: "LcbController") -> str:
    """``text`` with each unit or MILDEC the view may not know named "an unseen counter"
    (the observer decides: :meth:`~lcb_lab.games.lcb.game.Game.redact_names`)."""
    return ctl.game.redact_names(text, ctl.viewer)


def _why(ctl: "LcbController", build) -> str:
    """The engine's refusal of ``build()`` (the action a button would build), as one line."""
    try:
        err = refusal(ctl.game, build())
    except LabError as e:                  # the view knows no path there, a malformed field, ...
        err = e
    return _redact(reason_line(err), ctl) if err is not None else ""


def _path(ctl: "LcbController", d, dest: str) -> tuple[str, ...]:
    """The cheapest path to ``dest`` the view knows for declared action ``d`` (5.12; the
    instructor's: the true one); raises the search's refusal (out of reach)."""
    viewer = None if ctl.viewer == "instructor" else ctl.viewer
    return tuple(ctl.game.path_to(list(d.units), dest, viewer=viewer))


def move_reason(ctl: "LcbController", d: "Declared", hx: str | None) -> str:
    """Why *Move to* ``hx`` is greyed for declared action ``d`` (one line; module doc)."""
    here = next((ctl.game.unit(u).hex for u in d.units if ctl.game.unit(u).hex), None) if d.units else None
    if not ctl.offers().moves(d.aid):          # the action itself cannot move: its own reason first
        why = _why(ctl, lambda: A.Move(d.aid, (hx or here or "",)))
        if why or hx is None:
            return why or f"#{d.aid} may not move now (5.1)"
    if hx is None:
        return "click the hex to move to on the map: the move follows the cheapest legal path (5.12)"
    if hx == here:
        return f"#{d.aid} is already in {hx}: click another hex (5.12)"
    return _why(ctl, lambda: A.Move(d.aid, _path(ctl, d, hx))) or f"#{d.aid} may not move to {hx} now (5.12)"


def zor_reason(ctl: "LcbController", d: "Declared", hx: str | None) -> str:
    """Why *ZOR into* ``hx`` is greyed for declared action ``d`` (one line; module doc)."""
    if hx is None:
        why = "" if ctl.offers().zor(d.aid) else _why(ctl, lambda: A.ExerciseZor(d.aid, _first_neighbour(ctl, d)))
        return why or "click an adjacent hex on the map: a ground ZOR reaches one adjacent hex (6.21)"
    return _why(ctl, lambda: A.ExerciseZor(d.aid, hx)) or f"#{d.aid} may not exercise its ZOR into {hx} now (6.21)"


def _first_neighbour(ctl: "LcbController", d) -> str:
    """A hex next to the action's units (to ask the engine about the action's ZOR itself)."""
    here = next((ctl.game.unit(u).hex for u in d.units if ctl.game.unit(u).hex), None) if d.units else None
    board = ctl.game.board
    return next(iter(board.neighbours(here)), here) if here else ""


def conceal_reason(ctl: "LcbController", d: "Declared") -> str:
    """Why *Conceal* is greyed for declared action ``d`` (one line; module doc)."""
    return _why(ctl, lambda: A.Conceal(d.aid)) or f"#{d.aid} may not conceal now (6.1)"


def act_tooltip(ctl: "LcbController", label: str, action: A.Action, enabled: bool, does: str) -> str:
    """The tooltip of a button that applies ``action`` as it is (*End impulse*, *Relinquish initiative*,
    *Resolve combat*): what it does (``does``) while ``enabled``, else ``"<label>: <why not>"`` -- the
    engine's refusal, one line, unseen counters unnamed (or ``does`` when the engine has no refusal)."""
    if enabled:
        return does
    why = _why(ctl, lambda: action)
    return f"{label}: {why}" if why else does
