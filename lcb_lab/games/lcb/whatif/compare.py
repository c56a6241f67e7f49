"""Compare two games, e.g. a game and its fork (a what-if): what differs, as ``team`` may know it.

Kernel module (no UI library); the lab's *Fork here* view (:mod:`lcb_lab.ui.lab.fork_view`)
shows :func:`compare` under the two labs.

Topics compared (rows only where the games differ):

* ``"turn"`` (the turn number, 3.0), ``"impulse"`` (the impulse in progress: its Task Force
  and phase, or ``"none"``; 3.3), ``"impulses played"`` (this turn), ``"initiative"`` (3.25), ``"influence"``
  (the Influence Meter, + toward US, 15.0), ``"network"`` (Tactical Network
  cubes per team, 7.6), ``"kills"`` (units each team has destroyed in the game, 3.5);
* ``"lost"``: a unit destroyed in one game and not in the other;
* ``"hex"``: where a living unit stands (``"embarked"`` on a ship, 10.0); ``"face"``: face
  up or down (6.11); ``"hp"``: a living unit's hit points (4.3); ``"supply"``: a CV or RV
  slot's supply cubes / Resupply Points (8.0; slots with infinite supply are absent).

Hidden information (design principle 8): for a team, hex, face, HP and supply are compared
only for units that team sees face up (or owns) in both games -- from
``game.view(team)`` -- and a lost enemy unit that was concealed is not named
("a concealed RU unit").  ``team="instructor"`` compares everything.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from lcb_lab.games.lcb import observer

if TYPE_CHECKING:
    from lcb_lab.games.lcb.game import Game

INSTRUCTOR = "instructor"


@dataclass(frozen=True)
class DiffRow:
    """One difference: ``topic`` (see the module docstring), ``item`` (a unit, a team,
    ``"unit/slot"``, or ``""``), and the values in the ``left`` and ``right`` game."""

    topic: str
    item: str
    left: Any
    right: Any

    def text(self) -> str:
        """One line, e.g. ``"hp 1 Anna: 2 -> 0"``."""
        what = f"{self.topic} {self.item}".strip()
        return f"{what}: {_fmt(self.left)} \u2192 {_fmt(self.right)}"


def _fmt(v: Any) -> str:
    if isinstance(v, bool):
        return "lost" if v else "alive"
    if isinstance(v, int) and not isinstance(v, bool):
        return str(v)
    return "\u2014" if v is None else str(v)


def _visible(game, team: str) -> dict[str, dict]:
    return {c["uid"]: c for c in game.view(team)["counters"] if not c.get("back")}


def _lost_name(game, uid: str, team: str) -> str:
    """How ``team`` names a unit destroyed in ``game``."""
    u = game.state.units[uid]
    if observer.knows(game.state, team, u):      # destroyed face up, or its own (6.11)
        return uid
    return f"a concealed {u.team} unit"


_PHASE_WORDS = {"declare": "declaring", "act": "acting", "combat_done": "after combat"}


def _impulse(s) -> str:
    """The impulse in progress in plain words: ``"TF Moscow, declaring"`` / ``", acting"`` /
    ``", after combat"`` (3.3, 3.31, 7.0), or ``"none"``."""
    imp = s.impulse
    if imp is None:
        return "none"
    return f"{imp.task_force}, {_PHASE_WORDS.get(imp.phase, imp.phase.replace('_', ' '))}"


def _public_rows(a, b) -> list[DiffRow]:
    sa, sb = a.state, b.state
    rows = [DiffRow(t, "", x, y) for t, x, y in (("turn", sa.turn, sb.turn),
                                                  ("impulse", _impulse(sa), _impulse(sb)),
                                                  ("impulses played", len(sa.tf_order), len(sb.tf_order)),
                                                  ("initiative", sa.initiative, sb.initiative),
                                                  ("influence", sa.influence, sb.influence)) if x != y]
    for topic, da, db in (("network", sa.network_cubes, sb.network_cubes), ("kills", sa.total_kills, sb.total_kills)):
        rows += [DiffRow(topic, f"by {t}" if topic == "kills" else t, da.get(t, 0), db.get(t, 0))
                 for t in sorted(set(da) | set(db)) if da.get(t, 0) != db.get(t, 0)]
    return rows


def _lost_rows(a, b, team: str) -> list[DiffRow]:
    rows = []
    for uid in sorted(set(a.state.units) & set(b.state.units)):
        da, db = a.state.units[uid].destroyed, b.state.units[uid].destroyed
        if da != db:
            rows.append(DiffRow("lost", _lost_name(a if da else b, uid, team), da, db))
    return rows


def _unit_rows(a, b, team: str) -> list[DiffRow]:
    va, vb = _visible(a, team), _visible(b, team)
    rows = []
    for uid in sorted(set(va) & set(vb)):
        ca, cb = va[uid], vb[uid]
        if ca["hex"] != cb["hex"]:
            rows.append(DiffRow("hex", uid, ca["hex"] or "embarked", cb["hex"] or "embarked"))
        if ca["revealed"] != cb["revealed"]:
            rows.append(DiffRow("face", uid, "up" if ca["revealed"] else "down", "up" if cb["revealed"] else "down"))
        if ca["hp"] != cb["hp"]:
            rows.append(DiffRow("hp", uid, ca["hp"], cb["hp"]))
        sa, sb = ca["supply"], cb["supply"]
        rows += [DiffRow("supply", f"{uid}/{slot}", sa.get(slot), sb.get(slot))
                 for slot in sorted(set(sa) | set(sb)) if sa.get(slot) != sb.get(slot)]
    return rows


def compare(a: Game, b: Game, team: str = INSTRUCTOR) -> list[DiffRow]:
    """The differences between games ``a`` (left) and ``b`` (right) that ``team``
    (``"US"``, ``"RU"`` or ``"instructor"``) may know, in the order turn,
    impulse, impulses played, initiative, influence, network, kills, lost, hex, face, hp, supply; ``[]`` when the
    games agree on all of them.  Raises ValueError for an unknown ``team``."""
    if team not in ("US", "RU", INSTRUCTOR):
        raise ValueError(f"team must be 'US', 'RU' or 'instructor', not {team!r}")
    return _public_rows(a, b) + _lost_rows(a, b, team) + _unit_rows(a, b, team)


def compare_text(a: Game, b: Game, team: str = INSTRUCTOR) -> str:
    """:func:`compare` as lines of text (``"no difference"`` when the games agree)."""
    rows = compare(a, b, team)
    return "\n".join(r.text() for r in rows) if rows else "no difference"
