"""Why no response window is open, in words (``Game.why_no_window``).

``Game.pending`` is None whenever the engine waits for no answer: that is normal, e.g. when
an LRS is committed and no IAMD unit of the defender may intercept it (7.53), so the dice go
straight to the roll.  :func:`why_no_window` says which case it is, naming each IAMD value and
the rule that keeps it out, so a student who moved 1 Kilo away reads::

    No INTERCEPT window: 1 Kilo is 3 hexes from 1 Whiskey; its INTERCEPT reaches 2 hexes (7.53)
"""
from __future__ import annotations

from lcb_lab.games.lcb.rules.combat import sequence
from lcb_lab.games.lcb.rules.common import Ctx
from lcb_lab.games.lcb.choice_options import Interceptor
from lcb_lab.games.lcb.rules.combat.intercept import target_options
from lcb_lab.games.lcb.model.state import other


def why_no_window(ctx: Ctx, viewer: str | None = None) -> str:
    """One line: the open window (``"US must answer: ... (7.54)"``), or why none is open.

    ``viewer`` ("US"/"RU"; None = the instructor): the attacking team reads only that no
    IAMD value of the defender could intercept, not which units or where they are.
    """
    choice = sequence.pending(ctx)
    if choice is not None:
        return f"A window is open: {choice.team} must answer: {choice.prompt} ({choice.rule})"
    imp = ctx.state.impulse
    plan = imp.combat if imp is not None else None
    if imp is None:
        return "No response window: no impulse is under way, so nothing waits for an answer"
    if plan is None or not plan.lrs:
        return (f"No INTERCEPT window: {imp.task_force} has committed no LRS this impulse, "
                "so there is nothing to intercept (7.54)")
    if plan.done:
        return "No INTERCEPT window: this impulse's combat is resolved (7.010)"
    if plan.intercepts or plan.rolling or plan.cursor > 0:
        return "No INTERCEPT window: this combat's window is closed, it was answered before the dice (7.54)"
    defender = other(imp.team)
    if viewer is not None and viewer != defender:
        return f"No INTERCEPT window: no {defender} IAMD value could intercept the LRS on its targets (7.53)"
    clauses = _reasons(ctx, plan.lrs, defender)
    if not clauses:
        return "No INTERCEPT window: this combat's window is closed, it was answered before the dice (7.54)"
    return f"No INTERCEPT window: {'; '.join(clauses)}"


def _reasons(ctx: Ctx, lrs: list[dict], defender: str) -> list[str]:
    """Why each IAMD value of ``defender`` may not intercept; [] when one may (the window closed)."""
    out: list[str] = []
    for tgt in dict.fromkeys(a["target"] for a in lrs):
        if tgt not in ctx.state.units:
            out.append(f"{tgt} is a card marker, and a marker is not intercepted (12.24)")
            continue
        opts = target_options(ctx, tgt, lrs).interceptors
        if any(o.eligible for o in opts):
            return []
        if not opts:
            out.append(f"{defender} has no IAMD unit on the map to intercept the LRS on {tgt} (7.53)")
        out += [_clause(o, tgt) for o in opts if _clause(o, tgt) not in out]
    return out


def _clause(o: Interceptor, target: str) -> str:
    """Why one IAMD value (a :class:`~lcb_lab.games.lcb.choice_options.Interceptor`) is out."""
    if o.reason.startswith("out of range"):
        return f"{o.uid} is {_hexes(o.distance)} from {target}; its INTERCEPT reaches {_hexes(o.range)} (7.53)"
    if o.reason.startswith("farther"):
        return (f"{o.uid} is {_hexes(o.distance)} from {target}, farther than the attacker "
                f"({o.shooter_distance}) (7.53)")
    return f"{o.uid}: {o.reason}"


def _hexes(n: int) -> str:
    return f"{n} hex" if n == 1 else f"{n} hexes"
