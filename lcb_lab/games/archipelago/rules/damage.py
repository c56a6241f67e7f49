"""Hits and sinking (l.237-243, l.338, l.344-346, l.374).

The marker of a shot that hits goes onto the target's control panel (l.237, l.338): ``"T"`` or
``"G"``.  A piece sinks when it holds as many hit markers as its class's durability (torpedo boat
1, l.243; ships 2, l.346) and leaves the board; a torpedo boat sunk on a light-blue point leaves a
W marker there (l.243).  An undamaged ammunition ship hit by a gun shell while it carries four or
more T / G markers blows up at once (l.374).  A gun shell that hits an object of a base ruins it
(an R marker, l.338).  Sinking the enemy's flagship ends the game when that optional rule is in
force (l.390-394).
"""
from __future__ import annotations

from typing import Any

from lcb_lab.games.archipelago.rules.capital_ship import damage_note, sink_rule
from lcb_lab.games.archipelago.rules.common import air_kind, cls_of, log, vessels, where
from lcb_lab.games.archipelago.rules.optional import is_on


def hit(g: Any, target: str, marker: str, by: str) -> None:
    """``target`` (a piece id) takes a hit of ``marker`` ("T" / "G") fired by ``by``."""
    s = g.state
    p = s.pieces[target]
    c = cls_of(p)
    if p.kind == "ammunition_ship" and marker == "G" and not p.hits and sum(m in "TG" for m in p.ammo) >= 4:
        p.hits.append(marker)
        log(g, "sunk", f"{target} blows up", f"An undamaged ammunition ship hit by a gun shell with "
            f"{sum(m in 'TG' for m in p.ammo)} T/G markers aboard explodes (l.374).", ["l.374"], piece=target)
        sink(g, target)
        return
    p.hits.append(marker)
    if len(p.hits) >= c.hits:
        rule = sink_rule(c)
        log(g, "sunk", f"{target} is sunk", f"{len(p.hits)} hit(s) sink a {c.name} ({rule}); the {marker} marker "
            f"from {by} went onto its control panel (l.237).", [rule, "l.237"], piece=target)
        sink(g, target)
        return
    note, refs = damage_note(c, len(p.hits))
    log(g, "damaged", f"{target} is damaged", f"The {marker} marker from {by} goes onto its control panel "
        f"(l.237); {note}.", ["l.237", *refs], piece=target)


def sink(g: Any, target: str) -> None:
    """Take ``target`` off the board: a W marker on a light-blue point for a torpedo boat (l.243)."""
    s = g.state
    p = s.pieces.pop(target)
    s.sunk[target] = p
    if target in s.airfield:
        s.airfield[target] = "lost"             # a combat aircraft shot down (l.1363)
    for hid in [h for h, q in sorted(s.pieces.items()) if q.aboard == target]:
        heli = s.pieces[hid].kind == "helicopter"
        log(g, "sunk", f"{hid} goes down with {target}", "A helicopter aboard a sunk frigate is lost with it (l.553)."
            if heli else "What its well dock or deck carries is lost with it (reading of l.553).", ["l.553"], piece=hid)
        s.sunk[hid] = s.pieces.pop(hid)
    if "C" in p.ammo and p.kind == "hovercraft":
        log(g, "sunk", f"the commandos aboard {target} are lost", "Commandos on a destroyed hovercraft are destroyed "
            "with it (l.692).", ["l.692"], piece=target)
    if cls_of(p).mobility == "launcher":
        s.ruins.append(target)
        log(g, "ruin", f"{target} is destroyed", "The marker of a destroyed land launcher is replaced with an R "
            "marker (l.997).", ["l.997"], piece=target)
    if p.kind != "hovercraft" and not air_kind(p) and g.board.colour(p.at) == "light_blue":
        rule = "l.243" if p.kind == "torpedo_boat" else "l.340"
        s.wrecks.append(p.point)
        log(g, "wreck", f"a wreck at {where(g, p.point)}", f"A vessel sunk in shallow water leaves a W marker: boats "
            f"cannot pass there any more ({rule}).", [rule])
    if s.flagships.get(p.owner) == target and flagship_rule(s):
        from lcb_lab.games.archipelago.rules.victory import finish
        finish(g, "Red" if p.owner == "Blue" else "Blue", f"{p.owner}'s flagship {target} is sunk", "l.390")
    elif not vessels(s, p.owner) and not s.over:
        from lcb_lab.games.archipelago.rules.victory import finish
        finish(g, "Red" if p.owner == "Blue" else "Blue", f"{p.owner} has no vessel left",
               "l.261" if s.level == 1 else "l.384")


def flagship_rule(s: Any) -> bool:
    """Whether a flagship variant is in force (``"l.392"`` agreed, ``"l.394"`` secret)."""
    return is_on(s, "l.392") or is_on(s, "l.394")


def ruin(g: Any, obj: str, by: str) -> None:
    """Base object ``obj`` (``"<base> <object>"``) is hit by a gun shell from ``by``: an R marker (l.338)."""
    s = g.state
    s.ruins.append(obj)
    log(g, "ruin", f"{obj} is destroyed", f"A gun shell from {by} ruins it: an R marker stays on the board to the "
        "end (l.338); a ruined ammunition storage restocks nothing, a ruined workshop repairs nothing (l.388).",
        ["l.338", "l.388"], target=obj)
    from lcb_lab.games.archipelago.rules.victory import check_base
    check_base(g, obj.rsplit(" ", 1)[0])


def destroy(g: Any, target: str, marker: str = "") -> None:
    """Take ``target`` (a helicopter or hovercraft: one hit, l.529, l.539, l.630) off the board with
    ``marker`` on its panel (none for a fall); a helicopter aboard a sunk frigate goes with it
    (l.553), commandos aboard a hovercraft too (l.692)."""
    s = g.state
    p = s.pieces[target]
    if marker:
        p.hits.append(marker)
    sink(g, target)


def burn_landed(g: Any, target: str, marker: str, by: str) -> None:
    """A landed helicopter destroyed on its white point: an R marker replaces its H marker, and no
    helicopter lands there any more (l.510, l.549)."""
    s = g.state
    pt = s.pieces[target].point
    s.red_points.append(pt)
    log(g, "ruin", f"{target} is destroyed on the ground", f"{by} destroys the landed helicopter: an R marker "
        f"replaces its H marker at {where(g, pt)}; the point turns red, no landing there (l.510, l.549).",
        ["l.510", "l.549"], piece=target)
    destroy(g, target, marker)
