"""The scenarios of the expanded rules (Scenarios, l.1393-1568): each one as data, set up, and its
restrictions refused.

Each scenario is a table of ``data/scenarios.toml`` (read through the kernel's
:mod:`~lcb_lab.kernel.files`), its values with their lines or marked sandbox: ``value`` each side's
total (l.1401: the ``required`` pieces are not counted), ``zones`` where each side starts (``"east
4"``: the four eastern sector columns; ``"D1 A7"``: the rectangle of sectors between two corners),
the required pieces and where they start (``sectors``, a base's ``port``, ``aboard`` a carrier), the
restrictions (``unused_classes``, ``unused_markers``, ``unused_bases``, ``no_base_attack``,
``protected`` pieces, ``immobile`` pieces, ``keep_east_of``, ``keep_rows_from``), the ``task``,
the ``limit`` in rounds and who moves ``first`` (l.1401).

* :data:`SCENARIOS` -- name -> title, for the lab; :func:`scenario_opening` sets one up.
* A game in a scenario has ``state.scenario`` = the scenario's line (``"l.1403"``); destroying a
  Base A does not end it (l.1399, :func:`~.victory.check_base`), nor does running out of
  ammunition: the task alone decides (l.1399), checked at the end of every turn and at the limit
  (:mod:`~.scenario_task`).
* Restrictions are refused as :class:`~lcb_lab.kernel.errors.IllegalAction` naming the
  scenario's line (:func:`refusal`, asked before every act of play and by ``legal_actions``),
  and by movement (:func:`check_point`: where a piece may not go).

*Readings* (``docs/archipelago.md``, Scenarios): the forces are drawn (seeded) to the printed total
exactly from the side's level-5 fleet without the excluded classes, value-0 pieces and the other
side's required pieces, and placed on the first free points of the zone (sandbox); "Bases B and
C are not used": no restocking, repair or refuelling there; "shooting at or capturing enemy bases"
covers the base objects as targets and landing, descending or walking commandos onto an island
part holding an enemy base.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from lcb_lab.games.archipelago import actions as A
from lcb_lab.games.archipelago.model.catalog import catalog
from lcb_lab.games.archipelago.model.state import other
from lcb_lab.games.archipelago.rules.common import cls_of
from lcb_lab.kernel import files
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.kernel.hexgrid import distance

DATA = Path(__file__).resolve().parent.parent / "data" / "scenarios.toml"
"""The scenarios' data file."""


@lru_cache(maxsize=1)
def table() -> dict[str, dict]:
    """Every scenario's data by name (``"convoy"``), as ``data/scenarios.toml`` holds it."""
    return files.load_toml(DATA, "scenarios")


SCENARIOS: dict[str, str] = {name: t["title"] for name, t in table().items()}
"""Scenario name -> its title (``"convoy": "Convoy"``), in the text's order (l.1403-1568)."""

LINES: dict[str, str] = {t["line"]: name for name, t in table().items()}
"""A scenario's line (``state.scenario``) -> its name."""


def spec(s: Any) -> dict | None:
    """The data of the expanded scenario a state plays, or None."""
    name = LINES.get(s.scenario)
    return table()[name] if name else None


def ref(t: dict, key: str) -> str:
    """The line printing ``key`` of scenario ``t`` (``"task"``, ``"restrictions"``...), else its heading's."""
    return t["lines"].get(key, t["line"])


# ------------------------------------------------------------------------ setting up
def zone(board: Any, text: str) -> list[str]:
    """The sectors of a zone: ``"west N"`` / ``"east N"`` columns, or ``"X1 Y2"`` corners. Raises ValueError."""
    cols, rows = board.sector_cols, range(1, board.sector_rows + 1)
    a, b = text.split()
    if a in ("west", "east"):
        use = cols[:int(b)] if a == "west" else cols[-int(b):]
        return [f"{c}{r}" for c in use for r in rows]
    (c1, r1), (c2, r2) = (cols.index(a[0]), int(a[1:])), (cols.index(b[0]), int(b[1:]))
    return [f"{cols[c]}{r}" for c in range(min(c1, c2), max(c1, c2) + 1) for r in range(min(r1, r2), max(r1, r2) + 1)]


def excluded(t: dict, kind: str) -> bool:
    """Whether piece class ``kind`` is not used in scenario ``t`` (its ``unused_classes``)."""
    c = catalog().classes[kind]
    tags = {c.mobility, kind}
    if "submarine" in kind:
        tags.add("submarine")
    if c.mobility == "flying":
        tags.add("helicopter")
    if "ssm" in c.weapons:
        tags.add("ssm")
    return bool(tags & set(t.get("unused_classes", ())))


def forces(t: dict, side: str, rng: np.random.Generator) -> list[str]:
    """``side``'s pieces besides the required ones: the ``pick`` of ``pick_from`` (l.1506), or a
    seeded draw from its level-5 fleet worth ``value`` exactly (module docstring)."""
    from lcb_lab.games.archipelago.rules.forces import reachable, value
    from lcb_lab.games.archipelago.stage import FLEET
    required = {r["piece"].split(" ", 1)[1] for r in t.get("required", ()) if r["piece"].startswith(side + " ")}
    if side in t.get("pick", {}):
        names = list(t["pick_from"][side])
        return [f"{side} {n}" for n in sorted(rng.choice(names, t["pick"][side], replace=False), key=names.index)]
    pool = [f"{side} {n}" for n in FLEET[5] if n not in required]
    pool = [i for i in pool if value(i) > 0 and not excluded(t, catalog().of_id(i)[1])]
    need, out = t["value"][side], []
    for i in [pool[k] for k in rng.permutation(len(pool))]:
        rest = [value(j) for j in pool if j not in out and j != i]
        if value(i) <= need and reachable(rest, need - value(i)):
            out.append(i)
            need -= value(i)
    return sorted(out, key=lambda i: FLEET[5].index(i.split(" ", 1)[1]))


def _spot(board: Any, pts: list, taken: set, pid: str) -> Any:
    """The first point of ``pts`` not ``taken`` where piece ``pid`` may start, or None."""
    from lcb_lab.games.archipelago.rules.setup import STANDS
    c = catalog().classes[catalog().of_id(pid)[1]]
    need = {"flying": "landed", "seaplane": "boat"}.get(c.mobility, STANDS.get(c.mobility, c.mobility))
    return next((p for p in pts if p not in taken and board.admits(p, need)), None)


def _required(board: Any, t: dict, taken: set) -> list:
    """Specs of the required pieces (their sectors, a base's port, aboard a carrier; l.1401)."""
    specs: list = []
    for r in t.get("required", ()):
        pid, extra = r["piece"], {k: r[k] for k in ("ammo", "fuel") if k in r}
        if "aboard" in r:
            host = next(s for s in specs if s[0] == r["aboard"])
            specs.append((pid, host[1], host[2], {"aboard": r["aboard"], **extra}))
            continue
        if "port" in r:
            pts = [p for p in board.bases[r["port"]].points if "port" in board.symbols_at(p)]
        else:
            pts = [p for sec in r["sectors"] for p in board.points_in(sec)]
        p = _spot(board, pts, taken, pid)
        if p is None:
            raise IllegalAction(t["line"], f"no free point for {pid} in {r.get('port') or r['sectors']}")
        taken.add(p)
        specs.append((pid, p, "NE" if pid.startswith("Blue") else "SW", extra))
    return specs


def scenario_opening(name: str, seed: int | None = 0, **extra: Any) -> Any:
    """A game of scenario ``name`` (:data:`SCENARIOS`) on the expanded board, its forces drawn with
    ``seed`` and placed (module docstring), the side with the task to move (l.1401); ``extra`` are
    ``ArchState`` fields (``optional_rules``; ``turn_limit`` the last turn, both sides' turns counted:
    default twice the printed limit). Raises KeyError for an unknown name."""
    from lcb_lab.games.archipelago.rules.expanded import BOARD, LEVEL
    from lcb_lab.games.archipelago.model.board_data import load_board
    from lcb_lab.games.archipelago.stage import stage
    t = table()[name]
    board, rng = load_board(BOARD), np.random.default_rng(seed)
    for _ in range(TRIES):
        try:
            specs = _placed(board, t, rng)
            break
        except IllegalAction:
            continue                           # a force whose aircraft find no landing point: drawn again
    else:
        raise IllegalAction(t["line"], f"no force of {t['title']} could be placed in {TRIES} draws")
    from lcb_lab.games.archipelago.rules.expanded import garrisons
    hide = ["Red S-32"] if name == "landing" and "l.1147" in extra.get("optional_rules", ()) else []
    extra.setdefault("turn_limit", 2 * t["limit"])        # rounds: each side plays ``limit`` turns (reading)
    g = stage(board, specs, seed=seed, level=LEVEL, to_move=t["first"], scenario=t["line"],
              garrisons=garrisons(board), hide=hide, **extra)
    from lcb_lab.games.archipelago.rules.scenario_task import begin
    begin(g, t)
    return g


TRIES = 20
"""Draws of the forces tried before a scenario's opening gives up (sandbox)."""


def _placed(board: Any, t: dict, rng: np.random.Generator) -> list:
    """Specs of every piece: the required ones, then each side's drawn force in its zone. Raises
    IllegalAction when a piece finds no point."""
    from lcb_lab.games.archipelago.stage import _free_deck
    taken: set = set()
    specs = _required(board, t, taken)
    for side in ("Blue", "Red"):
        pts = [p for sec in zone(board, t["zones"][side]) for p in board.points_in(sec)]
        for pid in forces(t, side, rng):
            p = _spot(board, pts, taken, pid)
            deck = _free_deck(specs, side, cls_of_id(pid)) if p is None and cls_of_id(pid).mobility == "flying" else None
            if deck is not None:
                specs.append((pid, deck[1], "NE" if side == "Blue" else "SW", {"aboard": deck[0]}))
                continue
            if p is None:
                raise IllegalAction(t["line"], f"no free point for {pid} in {side}'s zone {t['zones'][side]}")
            taken.add(p)
            specs.append((pid, p, "NE" if side == "Blue" else "SW"))
    return specs


def cls_of_id(pid: str) -> Any:
    """The piece class of id ``pid``."""
    return catalog().classes[catalog().of_id(pid)[1]]


# ------------------------------------------------------------------------ restrictions
def _base_of(g: Any, p: Any) -> Any:
    """The base whose points ``p`` stands on or beside, or None."""
    return next((b for b in g.board.bases.values() if any(distance(p.at, q) <= 1 for q in b.points)), None)


def _enemy_base_island(g: Any, island: str, player: str) -> bool:
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
    if target == t.get("protected_grounded") and not s.progress.get("took_off"):
        return ref(t, "outcome"), f"{t['title']}: no shot at {target} before it takes off"
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
    island = a.to if isinstance(a, A.WalkCommandos) else getattr(a, "island", None)
    if t.get("no_base_attack") and isinstance(a, (A.LandCommandos, A.DescendCommandos, A.WalkCommandos)) \
            and _enemy_base_island(g, island, s.to_move) and not _saboteurs(t, a):
        return rule, f"{t['title']}: capturing an enemy base ({island}) is not allowed"
    piece = s.pieces.get(getattr(a, "piece", ""))
    if piece is not None and isinstance(a, (A.Restock, A.Repair, A.Refuel)) and getattr(a, "by", "base") == "base":
        b = _base_of(g, piece)
        if b is not None and b.kind in t.get("unused_bases", ()):
            return rule, f"{t['title']}: Base {b.kind} is not used ({b.name})"
    if isinstance(a, A.Move) and a.piece in t.get("immobile", ()):
        return ref(t, "task"), f"{t['title']}: {a.piece} is immobilised by the fire in its engine room; it is carried"
    return None


def _saboteurs(t: dict, a: Any) -> bool:
    """The landing that is the Hidden Landing's task (l.1544)."""
    return t.get("task") == "sabotage" and isinstance(a, A.LandCommandos) and a.piece in t.get("task_pieces", ())


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
    return [a for a in legal if not (hasattr(a, "limits") and a.limits.get("piece") in fixed and a.kind == "move")
            and (hasattr(a, "limits") or refusal(g, a) is None)]


def check_point(g: Any, s: Any, pid: str, p: Any, point: Any) -> None:
    """Refuse a step of ``p`` onto ``point`` outside where the scenario lets it go: the convoy not
    west of the M sectors but in row 1, where it leaves (l.1413, reading); the Breakthrough's Red
    fleet not in the sector rows below 4 (l.1510). Raises IllegalAction."""
    t = spec(s)
    if t is None or point not in g.board:
        return
    sec = g.board.sector(point)
    col, row = sec[0], int(sec[1:])
    if pid in t.get("task_pieces", ()) and "keep_east_of" in t and col < t["keep_east_of"] and row != 1:
        raise IllegalAction(ref(t, "task"), f"{pid} may not go west of the {t['keep_east_of']} sectors "
                                            f"({sec}) but in row 1, where the convoy leaves")
    least = t.get("keep_rows_from", {}).get(p.owner)
    if least and row < least and cls_of(p).mobility in ("ship", "boat", "hovercraft"):
        raise IllegalAction(ref(t, "restrictions"), f"the {p.owner} fleet may not go beyond sector row {least} ({sec})")
