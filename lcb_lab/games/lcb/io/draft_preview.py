"""The game a scenario draft shows on the map while it is being built (the lab's *Build* tab).

:func:`preview_game` gives a :class:`~lcb_lab.games.lcb.game.Game` to *draw*, never to play:

* a draft without problems: its own game, as *Play it* would start it
  (:meth:`~lcb_lab.games.lcb.io.builder.ScenarioDraft.game`, the scenario file's loader);
* a draft still with problems: a staged situation
  (:func:`lcb_lab.games.lcb.content.situation.situation`) on the draft's map holding every piece
  placed so far that can stand -- units of a known type in a hex of the map and a Task Force of
  the draft, MILDECs (4.22), secret mines (13.37), gray cubes (3.26) -- the rest is left out
  (the tab lists it among the problems).  Terrain is not checked here (5.11): a ship placed on
  land is drawn where it was put, and the problems say why it cannot stay.

Its scenario name is ``"Draft: <the draft's name>"``, so the map's title says what it shows.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lcb_lab.games.lcb.io.builder import TEAMS, ScenarioDraft
from lcb_lab.kernel.errors import LabError

if TYPE_CHECKING:  # pragma: no cover
    from lcb_lab.games.lcb.game import Game

__all__ = ["preview_game", "DRAFT_PREFIX"]

DRAFT_PREFIX = "Draft: "
"""What a preview's scenario name starts with (the map's title)."""


def preview_game(draft: ScenarioDraft) -> "Game":
    """The game that shows ``draft`` on the map (module doc).  Raises LabError only when not even
    the draft's empty map can be staged (an unknown map)."""
    if not draft.problems():
        try:
            g = draft.game(seed=1)
        except LabError:
            g = _staged(draft)
    else:
        g = _staged(draft)
    g.scenario_info = None                 # the view's scenario name is then the state's
    g.state.scenario = DRAFT_PREFIX + str(draft.info.get("name") or draft.info.get("id") or "")
    return g


def _staged(draft: ScenarioDraft) -> "Game":
    from lcb_lab.games.lcb.content.situation import situation
    from lcb_lab.games.lcb.model.board import load_board
    board = load_board(str(draft.info.get("map") or "gotland"))
    tfs = {t["name"]: t["team"] for t in draft.entries("task_force")
           if isinstance(t.get("name"), str) and t.get("name") and t.get("team") in TEAMS}
    kw: dict[str, Any] = dict(board=board, task_forces=tfs or None, check_terrain=False, naval_zor=False,
                              initiative=draft.info.get("initiative") if draft.info.get("initiative") in TEAMS else None,
                              units=_units(draft, board, tfs), markers=_markers(draft, board, tfs),
                              gray_cubes={c["hex"]: c.get("kind", "civilians") for c in draft.entries("gray_cube")
                                          if c.get("hex") in board.hexes and c.get("kind", "civilians") in
                                          ("civilians", "objective")} or None)
    try:
        g = situation(**kw)
    except LabError:                   # a piece the checks above let through: draw the bare map
        g = situation(board=board, task_forces=tfs or None)
    _lay_mines(g, draft, board)
    return g


def _units(draft: ScenarioDraft, board: Any, tfs: dict) -> dict:
    from lcb_lab.games.lcb.model.catalog import load_catalog
    known = load_catalog().units
    return {u["uid"]: {"type": u["type"], "hex": u["hex"], "task_force": u["task_force"], "face_up": True}
            for u in draft.entries("unit")
            if u.get("uid") and u.get("type") in known and u.get("hex") in board.hexes and u.get("task_force") in tfs}


def _markers(draft: ScenarioDraft, board: Any, tfs: dict) -> dict:
    return {m["mid"]: {"hex": m["hex"], "type": m.get("type", "mildec"), "task_force": m["task_force"]}
            for m in draft.entries("marker")
            if m.get("mid") and m.get("hex") in board.hexes and m.get("task_force") in tfs}


def _lay_mines(g: "Game", draft: ScenarioDraft, board: Any) -> None:
    from lcb_lab.games.lcb.rules.markers import mines
    for m in draft.entries("mines"):
        cubes, on = m.get("cubes", 1), m.get("succeeds_on", 13)
        if m.get("team") in TEAMS and m.get("hex") in board.hexes and isinstance(cubes, int) and cubes > 0 \
                and isinstance(on, int):
            mines.lay(g._ctx(), m["team"], "", m["hex"], cubes, on, "water")
