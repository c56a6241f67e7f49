"""The turn's order (l.9): each phase is completed by every Commander before the next begins.

:func:`start_phase` opens a phase (its header in the log, who acts in it: every Commander in
seating order for the phases that "may be done simultaneously", from the Lead Commander clockwise
for Purchase, Assignment and Mission, l.39, l.63, l.79; a phase's opening is the engine's
``openings[phase]``, the opening of the next Commander's part ``turn_openings[phase]``); :func:`finish` closes one Commander's part
and opens the next phase when the last is done.  The Victory Phase needs no act (l.119-123); after
the Hotspot Phase a new turn begins.  The game ends at the Victory Phase when a Commander wins
(l.121; the winning total is sandbox) or after the sandbox last turn.
"""
from __future__ import annotations

from typing import Any

from lcb_lab.games.order_of_battle.observer import note
from lcb_lab.games.order_of_battle.state import FROM_LEAD, PHASE_LINES, PHASES, TITLES

SANDBOX_END = "sandbox: after the last turn the highest Reputation wins, an equal highest is a draw"
"""How the game ends when nobody has won by the last turn (the text has no last turn)."""


def start_phase(g: Any, phase: str) -> None:
    """Open ``phase``: log its header (l.9 and its own line), set who acts, run its opening."""
    s = g.state
    s.phase = phase
    order = s.clockwise_from(s.lead) if phase in FROM_LEAD else list(s.seats)
    s.pending = order
    note(g, "phase", f"Turn {s.turn}: {TITLES[phase]}", ["l.9", PHASE_LINES[phase]],
         "in order: " + ", ".join(order))
    (victory if phase == "victory" else g.openings.get(phase, _nothing))(g)
    if phase == "victory":
        return
    if not s.pending and s.phase == phase:
        next_phase(g)


def finish(g: Any, who: str) -> None:
    """``who`` has done its part of the phase; the next Commander's opening, or the next phase."""
    s = g.state
    s.pending.remove(who)
    if s.pending:
        g.turn_openings.get(s.phase, _nothing)(g)
        if s.pending:
            return
    next_phase(g)


def _nothing(g: Any) -> None:
    """A phase with no opening."""


def next_phase(g: Any) -> None:
    """The phase after this one (after the Hotspot Phase: the next turn's Draw Phase)."""
    s = g.state
    i = PHASES.index(s.phase)
    if i + 1 < len(PHASES):
        start_phase(g, PHASES[i + 1])
        return
    s.turn += 1
    start_phase(g, PHASES[0])


def victory(g: Any) -> None:
    """Total each Commander's Reputation (10 per completed Regular Mission, 1 per Fame Point left,
    l.119), recalculated from zero (l.123), announce it; a winner at the sandbox total (l.121)."""
    s, cards = g.state, g.cards
    for p in s.seats:
        c = s.commanders[p]
        c.reputation = 10 * len(c.completed) + c.fame
        note(g, "reputation", f"{p}: Reputation {c.reputation}", ["l.119", "l.123"],
             f"{len(c.completed)} completed Regular Mission(s) x 10 + {c.fame} Fame (l.119)")
    best = max(s.commanders[p].reputation for p in s.seats)
    top = [p for p in s.seats if s.commanders[p].reputation == best]
    if best >= cards.victory_reputation and len(top) == 1:
        _end(g, top[0], f"{top[0]} wins with {best} Reputation (sandbox winning total {cards.victory_reputation})",
             ["l.121"])
    elif best >= cards.victory_reputation:
        note(g, "victory", f"{' and '.join(top)} share the winning total {best}: play continues", ["l.121"])
    if s.phase == "victory" and s.turn >= s.max_turns:
        winner = top[0] if len(top) == 1 else "draw"
        _end(g, winner, f"Last turn (sandbox {s.max_turns}): " + (f"{winner} wins" if len(top) == 1 else "a draw"),
             ["l.121"], SANDBOX_END)
    if s.phase == "victory":
        next_phase(g)


def _end(g: Any, winner: str, title: str, refs: list[str], text: str = "") -> None:
    s = g.state
    s.winner, s.pending = winner, []
    note(g, "victory", title, refs, text)
    s.phase = "over"
