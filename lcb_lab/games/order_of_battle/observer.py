"""Hidden information, decided in one place: :func:`knows`, the game's one
``knows(state, viewer, subject)`` for the kernel :class:`~lcb_lab.kernel.observer.Observer`.

A *viewer* is a Commander or the instructor; a *subject* is one of

* ``{"hand": c}``, ``{"offer": c}``, ``{"credits": c}``, ``{"stack": c}``, ``{"discard": c}``,
  ``{"placement": c}`` -- Commander ``c``'s Fame hand, the Fortune cards it drew to buy from,
  its Credits, its PUD stack's order (l.91), its discard piles and a round's face-down placement:
  known to ``c`` only (the others see counts, never the cards);
* ``{"asset": id}`` -- a card in a Command Display: its owner knows it; the others only while it
  is face up (a PUD is activated face down, l.43, and revealed as squad leader, l.55, or as
  Supporting PUD, l.93; a deactivated Hotspot is face down, l.108).

No one knows a draw pile's order.  :func:`note` writes every log entry (with its ``l.N``) and gives
an entry about a secret an ``audience`` (its Commander) and a public form; :func:`view` is what a
viewer is shown.
"""
from __future__ import annotations

from typing import Any

from lcb_lab.games.order_of_battle.rule_refs import cite
from lcb_lab.games.order_of_battle.state import OobState, phase_no
from lcb_lab.kernel.explain import step
from lcb_lab.kernel.observer import Observer, all_seeing, redact_log

OWN = ("hand", "offer", "credits", "stack", "discard", "placement")
"""Subjects known to their Commander only."""


def knows(state: OobState, viewer: Any, subject: dict) -> bool:
    """Whether ``viewer`` (a Commander or the instructor) may know ``subject`` (module doc)."""
    if all_seeing(viewer):
        return True
    (kind, ident), = subject.items()
    if kind in OWN:
        return ident == viewer
    if kind == "asset":
        owner = state.owner_of(ident)
        return owner is None or owner.name == viewer or owner.asset(ident).face_up
    raise KeyError(f"no subject {kind!r}")


def observer(state: OobState) -> Observer:
    """The kernel observer of this game's Commanders."""
    return Observer(knows, tuple(state.seats))


def note(g: Any, kind: str, title: str, refs: list[str], text: str = "", team: str | None = None,
         about: Any = None, public: str | None = None, **data: Any) -> dict:
    """Append one explained log entry citing ``refs`` (``l.N``).  When ``team`` acts on a secret
    (``about``: subjects other Commanders may not know, asked now), the entry's ``audience`` is
    ``team`` and the others read ``public`` (default ``"<team> acts"``).  Returns the entry."""
    s = g.state
    e = step(kind, title, text or "; ".join(cite(r) for r in refs), refs, **data)
    e["turn"], e["phase_no"] = s.turn, phase_no(s.phase)
    if team is not None and about is not None and observer(s).is_secret(s, {"team": team, "about": about}):
        e["audience"] = [team]
        e["public"] = {"title": public or f"{team} acts", "text": "; ".join(cite(r) for r in refs), "rules": refs}
    s.log.append(e)
    return e


def _asset(s: OobState, a: Any, viewer: Any) -> dict:
    known = knows(s, viewer, {"asset": a.id})
    return {"id": a.id, "kind": a.kind, "card": a.card if known else None, "face_up": a.face_up,
            "squad": a.squad, "missions": list(a.missions)}


def _commander(s: OobState, c: Any, viewer: Any) -> dict:
    own = all_seeing(viewer) or viewer == c.name
    return {"name": c.name, "fame": c.fame, "reputation": c.reputation, "affiliation": c.affiliation,
            "revenue": c.revenue, "credits": c.credits if own else None,
            "hand": list(c.hand) if own else len(c.hand), "offer": list(c.offer) if own else len(c.offer),
            "fame_deck": len(c.fame_deck.draw), "fortune_deck": len(c.fortune_deck.draw),
            "discards": ([list(c.fame_deck.discard), list(c.fortune_deck.discard)] if own else
                         [len(c.fame_deck.discard), len(c.fortune_deck.discard)]),
            "display": [_asset(s, a, viewer) for a in c.display]}


def _battle(s: OobState, viewer: Any) -> dict | None:
    b = s.battle
    if b is None:
        return None
    stacks = {p: (list(v) if all_seeing(viewer) or p == viewer else len(v)) for p, v in b.stacks.items()}
    top = next((c for c in reversed(s.choices) if hasattr(c, "seen_by")), None)
    return {"attacker": b.attacker, "squad": b.squad, "defender": b.defender, "target": b.target, "form": b.form,
            "defending": b.dsquad, "round": b.round, "quiet": b.quiet, "stacks": stacks,
            "placed": top.seen_by(viewer, (None, "instructor")) if top is not None else None}


def view(g: Any, viewer: Any) -> dict:
    """What ``viewer`` (a Commander or the instructor) is shown: the turn, phase, Lead Commander,
    who is still to act, each Commander (its own hand, offer and Credits; the others' as counts;
    face-down cards as their kind only), the squads, the battle, the winner and the log titles."""
    s = g.state
    squads = [{"leader": q.leader, "owner": q.owner, "puds": list(q.puds), "equipment": list(q.equipment),
               "mission": q.mission, "opponent": q.opponent, "target": q.target, "card": q.card, "done": q.done}
              for q in s.squads.values()]
    return {"turn": s.turn, "phase": s.phase, "lead": s.lead, "pending": list(s.pending), "winner": s.winner,
            "draws": {p: list(v) for p, v in s.draws.items()},
            "commanders": [_commander(s, s.commanders[p], viewer) for p in s.seats],
            "squads": squads, "battle": _battle(s, viewer),
            "log": [e["title"] for e in redact_log(s.log, viewer, ("turn", "phase_no"))]}
