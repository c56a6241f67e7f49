"""The scenarios of the expanded rules (Scenarios, l.1393-1568): each one as data, set up, and its
restrictions refused.

Each scenario is a table of ``data/scenarios.toml`` (read through the kernel's
:mod:`~lcb_lab.kernel.files`), its values with their lines or marked sandbox: ``value`` each side's
total (l.1401: the ``required`` pieces are not counted), ``zones`` where each side starts (``"east
4"``: the four eastern sector columns; ``"D1 A7"``: the rectangle of sectors between two corners),
the required pieces and where they start (``sectors``, a base's ``port``, ``aboard`` a carrier), the
restrictions (``unused_classes``, ``unused_markers``, ``unused_bases``, ``no_base_attack``,
``protected`` pieces, ``immobile`` pieces, ``keep_east_of`` / ``keep_west_of`` with ``free_row``,
``keep_rows_from`` / ``keep_rows_to``), the combat ``aircraft`` on Ready (l.1506), the ``task``
(``capture_goal``: where the captured seaplane lands, l.1568), the ``limit`` in rounds and who moves
``first`` (l.1401).  A value differing between the sides is a table of sides (the symmetric
forms); ``key`` names a form that shares its line with another (``"l.1550 both"``).

* :data:`SCENARIOS` -- name -> title, for the lab (``model/scenario_book.py``);
  :func:`~lcb_lab.games.archipelago.scenario_setup.scenario_opening` sets one up.
* A game in a scenario has ``state.scenario`` = the scenario's line (``"l.1403"``) or ``key``; destroying a
  Base A does not end it (l.1399, :func:`~.victory.check_base`), nor does running out of
  ammunition: the task alone decides (l.1399), checked at the end of every turn and at the limit
  (:mod:`~.scenario_task`).
* Restrictions are refused as :class:`~lcb_lab.kernel.errors.IllegalAction` naming the
  scenario's line (:func:`refusal`, asked before every act of play and by ``legal_actions``),
  and by movement (:func:`check_point`: where a piece may not go).

Pieces the scenario spares (:func:`spared`: the Tanker's oil platform, and its tanker once loading,
l.1452: they may not be destroyed) are kept from every weapon, not only the aimed ones
(``target``): the remote-controlled mines of their sector are not fired (l.1215) nor an RC Mines
card used there (l.776), no other card picks them (l.775, l.777), a torpedo is not continued on a
course that reaches one first (l.208), and the tanker does not step onto a contact mine (l.1057).
Depth charges hit only a submerged submarine (l.1141, l.1661) and are aimed like a shot.

*Readings* (``docs/archipelago.md``, Scenarios): "Bases B and C are not used": no restocking,
repair or refuelling there, and no helicopter lands on their white points (:func:`unused_base_at`:
their landing platforms are part of the base, l.108, l.404); "shooting at or capturing enemy bases"
covers the base objects as targets and landing, descending or walking commandos onto an island
part holding an enemy base.
"""
from __future__ import annotations

from typing import Any

from lcb_lab.games.archipelago import actions as A
from lcb_lab.games.archipelago.model.scenario_book import LINES, SCENARIOS, ref, side_of, spec, table, unused_base_at
from lcb_lab.games.archipelago.model.state import other
from lcb_lab.games.archipelago.rules.common import cls_of, where
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.kernel.hexgrid import distance
from lcb_lab.kernel.legal import Template

# ------------------------------------------------------------------------ restrictions
def _base_of(g: Any, p: Any) -> Any:
    """The base whose points ``p`` stands on or beside, or None."""
    return next((b for b in g.board.bases.values() if any(distance(p.at, q) <= 1 for q in b.points)), None)


def enemy_base_island(g: Any, island: str, player: str) -> bool:
    """Whether island (part) ``island`` holds a point of a base of ``player``'s enemy."""
    pts = g.board.islands().get(island, frozenset())
    return any(b.owner == other(player) and any(q in pts for q in b.points) for b in g.board.bases.values())


def _target_refusal(g: Any, t: dict, target: str) -> tuple[str, str] | None:
    s = g.state
    rule = ref(t, "restrictions")
    if t.get("no_base_attack") and target.startswith(f"{other(s.to_move)} Base "):
        return rule, f"{t['title']}: shooting at the enemy base ({target}) is not allowed"
    if target in t.get("protected", ()):
        return rule, f"{t['title']}: {target} may not be destroyed (a low intensity conflict)"
    if target == t.get("protected_loading") and s.progress.get("oil", 0) > 0:
        return rule, f"{t['title']}: the tanker {target} may not be destroyed while loading oil or after"
    if target == t.get("protected_grounded") and not s.progress.get("took_off") and not s.progress.get("captured"):
        return ref(t, "outcome"), f"{t['title']}: no shot at {target} before it takes off"
    return None


def spared(g: Any, pid: str) -> bool:
    """Whether the scenario forbids destroying piece ``pid`` now (l.1452): a ``protected`` piece (the
    oil platform), or the ``protected_loading`` tanker once it has begun loading oil."""
    t = spec(g.state)
    if t is None:
        return False
    return pid in t.get("protected", ()) or (pid == t.get("protected_loading") and g.state.progress.get("oil", 0) > 0)


def _unaimed_refusal(g: Any, t: dict, a: Any) -> tuple[str, str] | None:
    """The weapons that strike what stands in their way rather than an announced target, refused
    while a spared piece (:func:`spared`) is what they would destroy: remote-controlled mines fired
    in its sector (l.1215) or the RC Mines card (l.776), a card picking it (l.775, l.777), a torpedo
    continued on a course that reaches it first (l.208)."""
    from lcb_lab.games.archipelago.model.cards import card_set
    from lcb_lab.games.archipelago.rules.torpedo import check_course, continuation_first
    s, rule, lic = g.state, ref(t, "restrictions"), "may not be destroyed (a low intensity conflict)"
    card = card_set().get(a.card) if isinstance(a, A.PlayCard) else None
    if isinstance(a, A.ActivateRCMines) or (card is not None and card.kind == "rc_mines"):
        sectors = [a.sector] if card is None else list(card.sectors)
        who = next((i for i, p in sorted(s.pieces.items()) if spared(g, i) and not p.aboard
                    and g.board.sector(p.at) in sectors), None)
        return (rule, f"{t['title']}: {who} stands in {', '.join(sectors)}, where the mines sink every vessel; "
                      f"it {lic}") if who else None
    if card is not None:
        who = next((i for i in a.targets if spared(g, i)), None)
        return (rule, f"{t['title']}: {who} {lic}") if who else None
    if isinstance(a, A.ContinueTorpedo) and a.torpedo in s.torpedoes:
        try:
            check_course(a.turn_at, a.turn, 1, "l.207", 4)
        except IllegalAction:
            return None
        who = continuation_first(g, a.torpedo, a.turn_at, a.turn)[1]
        return (rule, f"{t['title']}: {who} is the first piece {a.torpedo} reaches on this course; it {lic}") \
            if who and spared(g, who) else None
    return None


def refusal(g: Any, a: Any) -> tuple[str, str] | None:
    """``(rule, reason)`` when scenario restrictions forbid act ``a`` now, else None (module docstring)."""
    s = g.state
    t = spec(s)
    if t is None:
        return None
    rule = ref(t, "restrictions")
    target = getattr(a, "target", None)
    if isinstance(target, str) and not isinstance(a, A.ContinueTorpedo):
        return _target_refusal(g, t, target)
    why = _unaimed_refusal(g, t, a) or _landing_refusal(g, t, a)
    if why:
        return why
    island = a.to if isinstance(a, A.WalkCommandos) else getattr(a, "island", None)
    if t.get("no_base_attack") and isinstance(a, (A.LandCommandos, A.DescendCommandos, A.WalkCommandos)) \
            and enemy_base_island(g, island, s.to_move) and not _saboteurs(t, a):
        return rule, f"{t['title']}: capturing an enemy base ({island}) is not allowed"
    piece = s.pieces.get(getattr(a, "piece", ""))
    if piece is not None and isinstance(a, (A.Restock, A.Repair, A.Refuel)) and getattr(a, "by", "base") == "base":
        b = _base_of(g, piece)
        if b is not None and b.kind in t.get("unused_bases", ()):
            return rule, f"{t['title']}: Base {b.kind} is not used ({b.name})"
    if isinstance(a, A.Move) and a.piece in t.get("immobile", ()):
        return ref(t, "task"), f"{t['title']}: {a.piece} is immobilised by the fire in its engine room; it is carried"
    return None


def _landing_refusal(g: Any, t: dict, a: Any) -> tuple[str, str] | None:
    """A helicopter landing on a white point of a base the scenario does not use."""
    from lcb_lab.games.archipelago.rules.air import flight_path
    from lcb_lab.kernel.hexgrid import Axial
    p = g.state.pieces.get(getattr(a, "piece", ""))
    if p is None or not getattr(a, "land", False) or not isinstance(a, (A.Hover, A.Fly)):
        return None
    if isinstance(a, A.Hover):
        point = Axial(a.q, a.r)
    elif a.steps and set(a.steps) <= set("FLR"):
        point = flight_path(p.at, p.facing, a.steps)[-1][0]
    else:
        return None
    b = unused_base_at(g, point)
    return (ref(t, "restrictions"), f"{t['title']}: Base {b.kind} is not used ({b.name}): no helicopter lands on "
                                    f"its white point {where(g, point)}") if b else None


def _saboteurs(t: dict, a: Any) -> bool:
    """The landing that is the Hidden Landing's task (l.1544)."""
    return t.get("task", "").startswith("sabotage") and isinstance(a, A.LandCommandos) \
        and a.piece in t.get("task_pieces", ())


def before(g: Any, a: Any) -> None:
    """Refuse act ``a`` when the scenario forbids it (:func:`refusal`); note a take-off (l.1566).
    Raises IllegalAction."""
    why = refusal(g, a)
    if why:
        raise IllegalAction(*why)
    t = spec(g.state)
    if t and getattr(a, "piece", None) == t.get("protected_grounded") and isinstance(a, A.Fly):
        g.state.progress["took_off"] = 1


def screen(g: Any, legal: list) -> list:
    """``legal`` without the acts the scenario forbids (templates of an immobile piece dropped)."""
    t = spec(g.state)
    if t is None:
        return legal
    fixed = set(t.get("immobile", ()))

    def keep(a: Any) -> bool:
        if isinstance(a, Template):
            return not (a.kind == "move" and a.limits.get("piece") in fixed)
        return refusal(g, a) is None
    return [a for a in legal if keep(a)]


def check_point(g: Any, s: Any, pid: str, p: Any, point: Any) -> None:
    """Refuse a step of ``p`` onto ``point`` outside where the scenario lets it go: a spared piece
    not onto a contact mine (l.1452 with l.1057, reading); the convoy not
    west of the M sectors but in row 1, where it leaves (l.1413, reading; Blue's not east of the F
    sectors but in row 11, l.1419; both in the symmetric form, l.1421); the Breakthrough's Red
    fleet not in the sector rows below 4 (l.1510; Blue's not beyond row 8 in the rotated variation,
    l.1518). Raises IllegalAction."""
    t = spec(s)
    if t is None or point not in g.board:
        return
    if spared(g, pid) and any(m.point == tuple(point) for m in s.mines):
        raise IllegalAction(ref(t, "restrictions"), f"{t['title']}: {pid} may not be destroyed (a low intensity "
                                                    f"conflict): it does not run onto the mine at {where(g, point)}")
    sec = g.board.sector(point)
    col, row = sec[0], int(sec[1:])
    free = side_of(t, "free_row", p.owner)
    if pid in t.get("task_pieces", ()) and row != free:
        east, west = side_of(t, "keep_east_of", p.owner), side_of(t, "keep_west_of", p.owner)
        for side, edge, beyond in (("west", east, east and col < east), ("east", west, west and col > west)):
            if beyond:
                raise IllegalAction(ref(t, "task"), f"{pid} may not go {side} of the {edge} sectors ({sec}) "
                                                    f"but in row {free}, where the convoy leaves")
    if cls_of(p).mobility not in ("ship", "boat", "hovercraft"):
        return
    least, most = t.get("keep_rows_from", {}).get(p.owner), t.get("keep_rows_to", {}).get(p.owner)
    if (least and row < least) or (most and row > most):
        bound = f"beyond sector row {least}" if least and row < least else f"beyond sector row {most}"
        raise IllegalAction(ref(t, "restrictions"), f"the {p.owner} fleet may not go {bound} ({sec})")


__all__ = ["LINES", "SCENARIOS", "ref", "spec", "table", "spared", "unused_base_at", "refusal", "before", "screen", "check_point",
           "enemy_base_island"]
