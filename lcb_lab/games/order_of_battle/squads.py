"""Squads: the Organization Phase (l.53-57) and the Assignment Phase (l.63-73).

A squad is named by its leader's asset id: a Battlelord with at most its Command score of PUDs
(l.53), or PUDs alone, one flipped face up as leader, at most three in all (l.55).  PUDs and
Equipment move freely between squads in this phase (l.57) without being revealed; Equipment goes
with a Battlelord, one Weapon, one Armor and one Gizmo (l.94; reading: a PUD-led squad carries
none).  In the Assignment Phase each squad gets a Face Mission or a Regular Mission (a Mission card
from the hand, Battlelord-led squads only, l.65-69) against an opponent's active Hotspot, or
defends (l.71).
"""
from __future__ import annotations

from typing import Any

from lcb_lab.games.order_of_battle import actions as A
from lcb_lab.games.order_of_battle.economy import acting
from lcb_lab.games.order_of_battle.flow import finish
from lcb_lab.games.order_of_battle.observer import note
from lcb_lab.games.order_of_battle.state import Asset, Commander, Squad
from lcb_lab.kernel.errors import IllegalAction

PUD_SQUAD_MAX = 3
"""At most three PUDs in a squad without a Battlelord (l.55)."""


def capacity(g: Any, c: Commander, q: Squad) -> int:
    """How many PUDs squad ``q`` may hold besides its leader: the Battlelord's Command score
    (l.53), or two more PUDs beside a PUD leader (l.55)."""
    lead = c.asset(q.leader)
    return g.cards[lead.card].command if lead.kind == "battlelord" else PUD_SQUAD_MAX - 1


def _own(c: Commander, aid: str, rule: str) -> Asset:
    x = c.asset(aid)
    if x is None:
        raise IllegalAction(rule, f"{aid} is not a card in {c.name}'s Command Display")
    return x


def _leave(g: Any, x: Asset) -> None:
    q = g.state.squads.get(x.squad)
    if q is not None and x.id != q.leader:
        (q.puds if x.id in q.puds else q.equipment).remove(x.id)
    x.squad = ""


def form_squad(g: Any, a: A.FormSquad) -> None:
    """``leader`` leads a new squad; a PUD leader is flipped face up (l.53-55)."""
    c = acting(g, "organization", "l.53")
    x = _own(c, a.leader, "l.53")
    if x.kind not in ("battlelord", "pud"):
        raise IllegalAction("l.53", f"a squad is led by a Battlelord or a PUD, not a {x.kind} card")
    if x.id in g.state.squads:
        raise IllegalAction("l.53", f"{x.id} already leads a squad")
    _leave(g, x)
    x.squad = x.id
    g.state.squads[x.id] = Squad(x.id, c.name)
    if x.kind == "pud":
        x.face_up = True
        note(g, "squad", f"{c.name} forms a PUD squad: {x.id} ({x.card}) is flipped face up as its leader", ["l.55"])
    else:
        note(g, "squad", f"{c.name} forms a squad led by {x.card} ({x.id}), Command {g.cards[x.card].command}",
             ["l.53"])


def _check_room(g: Any, c: Commander, x: Asset, q: Squad) -> None:
    lead = c.asset(q.leader)
    if x.kind == "pud":
        if len(q.puds) >= capacity(g, c, q):
            if lead.kind == "battlelord":
                raise IllegalAction("l.53", f"{lead.card}'s Command score is {capacity(g, c, q)}: the squad holds "
                                    f"{len(q.puds)} PUDs already")
            raise IllegalAction("l.55", "no more than three PUDs may be grouped without a Battlelord")
        return
    if lead.kind != "battlelord":
        raise IllegalAction("l.94", "Equipment modifies a Battlelord: a PUD-led squad carries none (reading)")
    slot = g.cards[x.card].slot
    if any(g.cards[c.asset(e).card].slot == slot for e in q.equipment):
        raise IllegalAction("l.94", f"a Battlelord is modified by one {slot.title()} Equipment card only")


def reassign(g: Any, a: A.Reassign) -> None:
    """Move a PUD or an Equipment card into a squad, or out of every squad (l.57)."""
    c = acting(g, "organization", "l.57")
    x = _own(c, a.asset, "l.57")
    if x.kind not in ("pud", "equipment") or x.id in g.state.squads:
        raise IllegalAction("l.57", f"{x.id} is not a PUD or Equipment card that may be reallocated")
    if x.squad == a.squad:
        raise IllegalAction("l.57", f"{x.id} is already {'in ' + a.squad if a.squad else 'in no squad'}")
    q = g.state.squads.get(a.squad)
    if a.squad and (q is None or q.owner != c.name):
        raise IllegalAction("l.57", f"{c.name} has no squad {a.squad}")
    if q is not None:
        _check_room(g, c, x, q)
    _leave(g, x)
    if q is not None:
        (q.puds if x.kind == "pud" else q.equipment).append(x.id)
        x.squad = q.leader
    shown = x.card if x.face_up else f"a {x.kind.upper() if x.kind == 'pud' else x.kind}"
    note(g, "reassign", f"{c.name} moves {x.id} ({shown}) {'into ' + a.squad if a.squad else 'out of its squad'}",
         ["l.57"], "PUDs need not be revealed when reassigned")


def disband(g: Any, a: A.Disband) -> None:
    """Break up a squad; its cards stay in the Command Display (l.57)."""
    c = acting(g, "organization", "l.57")
    q = g.state.squads.get(a.squad)
    if q is None or q.owner != c.name:
        raise IllegalAction("l.57", f"{c.name} has no squad {a.squad}")
    for aid in [q.leader, *q.puds, *q.equipment]:
        c.asset(aid).squad = ""
    del g.state.squads[a.squad]
    note(g, "disband", f"{c.name} breaks up squad {a.squad}", ["l.57"])


def done_organizing(g: Any, a: A.DoneOrganizing) -> None:
    """The Commander's squads are organized (l.53)."""
    c = acting(g, "organization", "l.53")
    mine = [q for q in g.state.squads.values() if q.owner == c.name]
    note(g, "done", f"{c.name} has organized {len(mine)} squad(s)", ["l.53"])
    finish(g, c.name)


# ---------------------------------------------------------------- VI. Assignment Phase
def open_assignment(g: Any) -> None:
    """Every squad starts the phase without a mission (l.65)."""
    for q in g.state.squads.values():
        q.mission, q.opponent, q.target, q.card, q.done = "defense", "", "", "", False


def attacking_squads(g: Any, who: str) -> list[str]:
    """``who``'s squads with a Face or Regular Mission that have not acted this turn (l.73)."""
    return [q.leader for q in g.state.squads.values() if q.owner == who and q.mission != "defense" and not q.done]


def check_mission(g: Any, c: Commander, a: A.AssignMission) -> Squad:
    """The squad ``a`` names, checked for its mission (l.65-69). Raises IllegalAction."""
    s = g.state
    q = s.squads.get(a.squad)
    if q is None or q.owner != c.name:
        raise IllegalAction("l.65", f"{c.name} has no squad {a.squad}")
    if q.mission != "defense":
        raise IllegalAction("l.73", f"squad {a.squad} already has a {q.mission.title()} Mission this turn")
    if a.mission not in ("face", "regular"):
        raise IllegalAction("l.65", f"a mission to assign is a Face or a Regular Mission, not {a.mission!r}")
    if c.asset(q.leader).kind != "battlelord":
        raise IllegalAction("l.65", "a PUD-led squad may only perform Defense Missions")
    if a.opponent == c.name or a.opponent not in s.commanders:
        raise IllegalAction("l.67", f"{a.opponent} is not an opponent of {c.name}")
    h = s.commanders[a.opponent].asset(a.target)
    if h is None or h.kind != "hotspot" or not h.face_up:
        raise IllegalAction("l.67", f"{a.target} is not an active Hotspot in {a.opponent}'s Command Display")
    if a.mission == "regular" and (a.card not in c.hand or g.cards[a.card].kind != "mission"):
        raise IllegalAction("l.69", f"a Regular Mission places a Mission card from the hand: {c.name} holds no "
                            f"{a.card or 'Mission card'}")
    if a.mission == "face" and a.card:
        raise IllegalAction("l.67", "a Face Mission places no Mission card")
    return q


def assign_mission(g: Any, a: A.AssignMission) -> None:
    """Assign a Face or Regular Mission to a squad (l.65-69); it may not defend this turn (l.73)."""
    c = acting(g, "assignment", "l.65")
    q = check_mission(g, c, a)
    if a.card:
        c.hand.remove(a.card)
    q.mission, q.opponent, q.target, q.card = a.mission, a.opponent, a.target, a.card
    what = f"Regular Mission {a.card}" if a.card else "Face Mission"
    target = g.state.commanders[a.opponent].asset(a.target).card
    note(g, "assign", f"{c.name}'s squad {q.leader}: {what} against {a.opponent}'s {target} ({a.target})",
         ["l.67" if a.mission == "face" else "l.69", "l.73"])


def done_assigning(g: Any, a: A.DoneAssigning) -> None:
    """Every squad left without a mission defends (l.71)."""
    c = acting(g, "assignment", "l.71")
    left = [q.leader for q in g.state.squads.values() if q.owner == c.name and q.mission == "defense"]
    note(g, "done", f"{c.name}'s squads for defense: {', '.join(left) or 'none'}", ["l.71"])
    finish(g, c.name)
