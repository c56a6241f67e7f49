"""The Archipelago lab: *Naval Battle in Archipelago* in the shared lab (:class:`~lcb_lab.ui.lab.shell.LabShell`).

:func:`open_archipelago_lab` opens it: the sandbox board as the map
(:class:`~lcb_lab.ui.archipelago.board_view.BoardView`: the pieces the viewer may see with their
facings and hits, the torpedoes in flight as small arrows, the reach of the selected piece on the
chosen die, the firing lines of the shot chosen), the *Turn* tab
(:class:`~lcb_lab.ui.archipelago.turn_panel.TurnPanel`: the viewer's legal acts, the exact odds
before every roll, hand-over), the *Study* tab (:class:`~lcb_lab.ui.archipelago.study_panel.ArchStudyPanel`:
the turn so far played many times), a side card of the selected piece and the Base A panels, and the
shared parts: the explained log with ``l.N`` badges (the text's line numbers), Undo and the
timeline, Fork here and its compare view, Save / Load, presentation mode and the view picker
(Red, Blue, Umpire).  Tap a piece on the map to select it.

Hidden information: every drawing comes from the viewer's view model
(:meth:`~lcb_lab.ui.archipelago.game_ui.ArchUi.view_model`, the game's observer): the other side's
face-down panel A and cargo show as counts, a secret flagship is not named.  Nothing here imports
LC:B.
"""
from __future__ import annotations

from typing import Any

import ipywidgets as W
from bokeh.core.property.descriptors import UnsetValueError

from lcb_lab.games.archipelago import actions as A
from lcb_lab.games.archipelago.game import Archipelago
from lcb_lab.games.archipelago.model.board import Board
from lcb_lab.games.archipelago.model.board_data import parse_point, point_label, point_name
from lcb_lab.games.archipelago.model.catalog import catalog
from lcb_lab.kernel.hexgrid import Axial, Facing
from lcb_lab.ui.archipelago.board_view import BoardView, PieceMark
from lcb_lab.ui.archipelago.marks import areas, marks
from lcb_lab.ui.archipelago.side_card import cards_html, key_html
from lcb_lab.ui.archipelago.game_ui import ARCH_UI, SCENARIOS, ArchUi
from lcb_lab.ui.archipelago.launcher_picker import LauncherPicker
from lcb_lab.ui.archipelago.study_panel import ArchStudyPanel
from lcb_lab.ui.archipelago.turn_panel import TurnPanel
from lcb_lab.ui.lab.controller import LabController, follow
from lcb_lab.ui.lab.game_ui import LabMap, LabPanels
from lcb_lab.ui.lab.html import esc
from lcb_lab.ui.lab.shell import LabShell

__all__ = ["ArchLab", "ArchController", "open_archipelago_lab", "piece_marks"]

MAX_FRAME = 30.0
"""The tallest box (in d) the map opens on for a large board: about 20 px a point at 1366 x 768."""
ROWS_SHARE = 0.9
"""The map column's width over the board's at the same height: the figure's title, key (above the board) and
key lines (below it) take about 45 px more of the column's height than the page's grid allows for."""
BIG_BOARD = 50.0
"""A board taller than this (in d, margins included) is *large*: the expanded board A1-Q11 (57.9 d);
the basic board (37.9 d) is not."""

CSS = """<style>
.arch-turn .widget-button { margin: 2px; }
.arch-odds { margin: 4px 0; }
.arch-piece-card { font-size: 12px; }
.arch-hand, .arch-key { font-size: 12px; }
.arch-card-chip { display: inline-block; margin: 1px 3px; padding: 0 4px; border: 1px solid #8a6d3b;
  border-radius: 3px; background: #fbf3e0; }
.arch-key-row { display: flex; align-items: center; gap: 4px; line-height: 1.2; }
.arch-key-row svg { flex: none; }
</style>"""


def piece_marks(v: dict, viewer: str | None = None) -> list[PieceMark]:
    """The marks to draw from an observer view ``v`` for ``viewer`` (None: the umpire): each piece (its
    number as printed, owner, point, facing, its drawing -- a hull, a rotor disc, a delta ... --, one
    dot per hit), each T or CM marker in flight (l.207, l.975), each M and SN marker (l.1057,
    l.1185): :func:`lcb_lab.ui.archipelago.marks.marks`, the one mapping."""
    return marks(v, viewer)


class ArchController(LabController):
    """The lab's controller on its own :class:`~lcb_lab.ui.archipelago.game_ui.ArchUi`: a unit is a piece the
    view shows; a place is a point of the board."""

    def unit_shown(self, uid: str) -> bool:
        """Is piece ``uid`` on the board (in the view)?"""
        return uid in self.view_model().view["pieces"]

    def is_place(self, label: str) -> bool:
        """Is ``label`` a point ``"col,row"`` of the board?"""
        try:
            return parse_point(label) in self.game.board
        except ValueError:
            return False


class ArchLab(LabShell):
    """*Naval Battle in Archipelago* in the shared lab (module docstring). Methods mirror the
    controls: :meth:`select_piece`, :meth:`tap_point`, :meth:`apply_act`, ``turn_panel.add_step``,
    ``turn_panel.move``, ``turn_panel.end_turn``."""

    def make_controller(self, game: Archipelago) -> LabController:
        """The controller on the game's lab side."""
        return ArchController(game, ArchUi())          # its own: the launchers chosen are this lab's

    @property
    def board(self) -> Board:
        """The board of the game shown."""
        return self.ctl.game.board

    def game_css(self) -> str:
        """The tab's few styles."""
        return CSS

    def game_panels(self) -> LabPanels:
        """The *Turn* and *Study* tabs and the side card (the selected piece, the Base A panels); the
        land launchers for a new game of a text scenario in the *Game* tab (:class:`LauncherPicker`)."""
        self.view = BoardView(self.ctl.game.board, frame_height=560, title=None)
        self.view.on_point(self.tap_point)
        self.turn_panel = TurnPanel(self)
        self.piece_card = W.HTML()
        self.piece_card.add_class("arch-piece-card")
        self.hand = W.HTML()
        self.marks_key = W.HTML()
        self.card_follower = follow(self.ctl, ["version", "viewer", "selected_unit"], self._draw_card)
        self.study_panel = ArchStudyPanel(self.ctl)
        self.launcher_picker = LauncherPicker(self.ctl.ui, self.scenario_picker)
        kids = list(self.game_panel.widget.children)            # below the scenario and seed (l.995)
        self.game_panel.widget.children = kids[:3] + [self.launcher_picker.widget] + kids[3:]
        return LabPanels(tabs=[("Turn", self.turn_panel.widget), ("Study", self.study_panel.widget)],
                         side=[self.piece_card, self.hand, self.marks_key])

    def game_map(self) -> LabMap:
        """The Bokeh board filling its grid cell (:mod:`lcb_lab.ui.lab.bokeh_model`); the shell reaches
        the current map through ``map_model`` (a new game on another board gets a new map:
        :meth:`swap_board`)."""
        self.map_model = self._new_map_model()
        self.map_follower = follow(self.ctl, ["version", "viewer", "selected_unit"], self._draw_map)
        return LabMap(self.map_model, lambda: self.map_model.before_display(), lambda: self.map_model.batch())

    def _new_map_model(self) -> Any:
        from lcb_lab.ui.lab.bokeh_model import LiveBokehModel
        x0, x1, y0, y1 = self.view.extent
        self._aspect = (x1 - x0) / (y1 - y0)
        fig = self.view.figure
        fig.update(sizing_mode="stretch_both", frame_width=None, frame_height=None, min_height=240)
        self._draw_text_sizes()
        self.frame_pieces()
        self._draw_map()
        fig.on_change("inner_width", self._on_inner_size)
        fig.on_change("inner_height", self._on_inner_size)
        if not hasattr(self, "side_follower"):
            self.side_follower = follow(self.ctl, ["viewer"], self._frame_side)
            self.text_follower = follow(self.ctl, ["presentation", "font_scale"], self._draw_text_sizes)
        return LiveBokehModel(fig, layout=W.Layout(width="100%", height="100%"))

    def _draw_text_sizes(self) -> None:
        # presentation mode and the text scale size the board's own texts (the shared CSS zooms the columns only)
        self.view.set_text_sizes(self.ctl.presentation, self.ctl.font_scale)

    def _frame_side(self) -> None:
        """A large board follows the view: a hand-over to Blue opens the map on Blue's pieces."""
        x0, x1, y0, y1 = self.view.extent
        if y1 - y0 <= BIG_BOARD:
            return
        with self.ctl.batch():
            self.frame_pieces()
            if getattr(self, "_frame_px", None):
                self.fit_frame(*self._frame_px)

    def _on_inner_size(self, _attr: str, _old: Any, _new: Any) -> None:
        try:
            w, h = self.view.figure.inner_width, self.view.figure.inner_height
        except UnsetValueError:         # the first of the two reports: wait for the other
            return
        if isinstance(w, int) and isinstance(h, int) and w > 0 and h > 0:     # every board: 1 d as wide as tall
            first = getattr(self, "_frame_px", None) is None
            self._frame_px = (w, h)
            self.view.fit_width(w)      # the title and the key cut to the frame's width (the board's rows follow)
            if first:                   # the first report: open on the side at the frame's own shape
                self.frame_pieces()
            self.fit_frame(w, h)

    def fit_frame(self, width_px: int, height_px: int) -> None:
        """The browser drew the map's frame ``width_px`` x ``height_px``: keep 1 d as wide as tall (the page's
        CSS sizes the basic board's cell to its aspect, but a narrower column -- JupyterLab's file browser open
        at 1366x768 -- or a taller key changes the frame's shape).  A board up to :data:`BIG_BOARD` d tall is
        shown whole, letterboxed: as large as the frame holds, centred, the frame's colour in the bars beside
        it or above and below (a class expects the whole board on first view; cropping its top and bottom rows
        left them reachable only by panning).  A larger board, and a board the class has zoomed into, keeps the
        frame's height in d as it stands (:meth:`frame_pieces`), its width following the frame's shape round the
        same centre, kept on the board (a key row that comes and goes with the reach does not undo a zoom).
        The bases' names follow the scale (:meth:`BoardView.set_scale`).  Raises ValueError for a size that is
        not positive."""
        if not width_px > 0 or not height_px > 0:
            raise ValueError(f"frame size must be positive px, got {width_px!r} x {height_px!r}")
        self._frame_px = (width_px, height_px)          # a new game opens at this frame's shape (frame_pieces)
        fig, (x0, x1, y0, y1) = self.view.figure, self.view.extent
        whole = (fig.x_range.end - fig.x_range.start >= x1 - x0 - 1e-6 and
                 fig.y_range.end - fig.y_range.start >= y1 - y0 - 1e-6)
        if y1 - y0 <= BIG_BOARD and whole:
            per_d = min(width_px / (x1 - x0), height_px / (y1 - y0))
            xs, ys, cx, cy = width_px / per_d, height_px / per_d, (x0 + x1) / 2, (y0 + y1) / 2
        else:
            ys = min(fig.y_range.end - fig.y_range.start, (x1 - x0) * height_px / width_px)
            xs = ys * width_px / height_px
            cx = min(max((fig.x_range.start + fig.x_range.end) / 2, x0 + xs / 2), x1 - xs / 2)
            cy = min(max((fig.y_range.start + fig.y_range.end) / 2, y0 + ys / 2), y1 - ys / 2)
        # the bounds first: BokehJS holds a range's ends inside its bounds as they arrive (a letterbox's wider
        # range was clamped back to the board's width, and the board drawn 14.1 px a d across, 13.6 up)
        fig.x_range.update(bounds=(min(x0, cx - xs / 2), max(x1, cx + xs / 2)), start=cx - xs / 2, end=cx + xs / 2)
        fig.y_range.update(bounds=(min(y0, cy - ys / 2), max(y1, cy + ys / 2)), start=cy - ys / 2, end=cy + ys / 2)
        self.view.set_scale(width_px / xs)

    def swap_board(self) -> None:
        """The game shown is played on another board (a level-5 game on the expanded board after a
        level 1-4 game, or back): draw that board as a new map in the map's cell."""
        self.view = BoardView(self.ctl.game.board, frame_height=560, title=None)
        self.view.on_point(self.tap_point)
        self.map_model = self._new_map_model()
        self.map_box.children = (self.map_model,)
        self._draw_scale()

    def frame_pieces(self, pad: float = 4.0) -> None:
        """Open the map: a board up to :data:`BIG_BOARD` d tall whole (:meth:`fit_frame` letterboxes it to the
        frame's shape).  On a larger board (the expanded board A1-Q11, 55 rows) the box round the pieces,
        ``pad`` d wider each way, grown to the frame's aspect, :data:`MAX_FRAME` d tall, centred on the median
        point of the side the view belongs to (the player to move's for the umpire: most of its pieces, a
        straggler aside), so points, numbers and marks stay legible at 1366 x 768; the whole board stays
        reachable by panning."""
        x0, x1, y0, y1 = self.view.extent
        if y1 - y0 <= BIG_BOARD:
            fig = self.view.figure
            fig.x_range.update(start=x0, end=x1)
            fig.y_range.update(start=y0, end=y1)
            if getattr(self, "_frame_px", None):
                self.fit_frame(*self._frame_px)
            return
        from lcb_lab.ui.archipelago.geometry import xy
        side = self.ctl.viewer if self.ctl.viewer in ("Red", "Blue") else self.ctl.view_model().view["to_move"]
        ms = piece_marks(self.ctl.view_model().view, self.ctl.viewer)
        pts = [xy(m.point) for m in ([m for m in ms if m.owner == side] or ms)]
        if not pts:
            return
        px = getattr(self, "_frame_px", None)
        aspect = px[0] / px[1] if px else (x1 - x0) / (y1 - y0)     # the frame the browser reported
        h = max(max(y for _, y in pts) - min(y for _, y in pts) + 2 * pad, min((y1 - y0) / 2, MAX_FRAME),
                (max(x for x, _ in pts) - min(x for x, _ in pts) + 2 * pad) / aspect)
        h = min(h, y1 - y0, MAX_FRAME)
        w = h * aspect
        mx, my = sorted(x for x, _ in pts)[len(pts) // 2], sorted(y for _, y in pts)[len(pts) // 2]
        cx = min(max(mx, x0 + w / 2), x1 - w / 2)
        cy = min(max(my, y0 + h / 2), y1 - h / 2)
        fig = self.view.figure
        fig.x_range.update(bounds=(x0, x1), start=cx - w / 2, end=cx + w / 2)
        fig.y_range.update(bounds=(y0, y1), start=cy - h / 2, end=cy + h / 2)

    def map_aspect(self) -> float:
        """The map column's width over height for the page's grid: the board's, less the figure's rows above and
        below it (:data:`ROWS_SHARE`), so the board fills the column with 1 d as wide as tall (:meth:`fit_frame`)."""
        return getattr(self, "_aspect", 1.2) * ROWS_SHARE

    # ------------------------------------------------------------------ the map
    def _draw_map(self) -> None:
        if self.ctl.game.board.name != self.view.board.name and hasattr(self, "map_box"):
            self.swap_board()
            return
        v = self.ctl.view_model().view
        self.view.show_pieces(piece_marks(v, self.ctl.viewer))
        self.view.show_areas(areas(v))
        sel = v["pieces"].get(self.ctl.selected_unit)
        self.view.select(point_label(Axial(*sel["point"])) if sel else None)
        self.turn_panel._draw_plan()
        self.show_aim(self.turn_panel.shots.value)

    def show_plan(self, end: Axial | None, reach: list[Axial]) -> None:
        """Shade ``reach`` and ring the planned end point ``end`` (None: the selected piece)."""
        if not hasattr(self, "view"):
            return
        self.view.show_reach(reach)
        if end is not None:
            self.view.select(point_label(end))

    def show_aim(self, act: Any) -> None:
        """Draw the firing lines of the chosen shot: a gun's three forward lines up to 10 d (l.324), a
        torpedo's line ahead up to 6 d (l.203), an S-S or S-A missile's line of launch (its bearing)
        up to 12 d (two red dice, l.854); none for no shot."""
        if not hasattr(self, "view"):
            return
        p = self.ctl.view_model().view["pieces"].get(getattr(act, "shooter", None))
        if p is None:
            self.view.show_firing_lines(Axial(0, 0), Facing.N, (), 0)
            return
        gun = isinstance(act, A.FireGun)
        if isinstance(act, A.LaunchSurfaceMissile):
            self.view.show_firing_lines(Axial(*p["point"]), Facing(p["facing"]), (act.bearing,), 12)
            return
        self.view.show_firing_lines(Axial(*p["point"]), Facing(p["facing"]), (-1, 0, 1) if gun else (0,),
                                    10 if gun else 6)

    def tap_point(self, label: str) -> None:
        """A tap on point ``label``: select the piece there (any the view shows), else the point."""
        v = self.ctl.view_model().view
        try:
            pt = list(parse_point(label))
        except ValueError:
            self.say(f"{label!r} is not a point of the board. Nothing changed.")
            return
        pid = next((i for i, p in v["pieces"].items() if p["point"] == pt), None)
        if pid is not None:
            self.select_piece(pid)
        else:
            with self.ctl.batch():
                self.ctl.select_hex(label)
                self.ctl.select_unit(None)

    def select_piece(self, pid: str | None) -> None:
        """Select piece ``pid`` (its card, its reach and its shots first); None clears."""
        with self.ctl.batch():
            self.ctl.select_unit(pid)

    # ------------------------------------------------------------------ the side card
    def _draw_card(self) -> None:
        c = self.ctl
        v = c.view_model().view
        parts = []
        pid = c.selected_unit
        if pid in v["pieces"]:
            p = v["pieces"][pid]
            owner, kind, _ = catalog().of_id(pid)
            cls = catalog().classes[kind]
            ammo = p["ammo"]
            load = ", ".join(ammo) if isinstance(ammo, list) else f"{ammo} marker(s), face down (l.370)"
            flag = " \u2691 flagship" if v["flagships"].get(owner) == pid else ""
            parts.append(f"<b>{esc(pid)}</b>{esc(flag)} \u00b7 {esc(cls.name)}<br>point "
                         f"{esc(point_name(self.board, p['point']))}, facing {Facing(p['facing']).name}, "
                         f"hits {len(p['hits'])} of {cls.hits}<br>panel: {esc(load or 'empty')}")
        else:
            parts.append('<span class="lcb-muted">Tap a piece on the map to see its panel.</span>')
        for owner, stock in v["stock"].items():
            text = (", ".join(f"{n} {k}" for k, n in stock.items()) if isinstance(stock, dict)
                    else f"{stock} marker(s), face down (l.283)")
            parts.append(f"{esc(owner)} Base A: {esc(text or 'empty')} "
                         '<span class="lcb-muted">(sandbox count, l.159)</span>')
        for base, counts in v.get("panels_b", {}).items():
            text = ", ".join(f"{n} {k}" for k, n in counts.items() if n)
            parts.append(f"{esc(base)} panel: {esc(text or 'empty')} "
                         '<span class="lcb-muted">(A-S or A-A, l.429; sandbox count)</span>')
        for owner, f in v["flagships"].items():
            parts.append(f"{esc(owner)} flagship: {esc(f)}")
        for pid, stage in v.get("airfield", {}).items():
            parts.append(f"{esc(pid)}: {esc(stage)} (fuel pointer, l.1303)")
        self.piece_card.value = '<div class="lcb-card">' + "<br>".join(parts) + "</div>"
        self.hand.value = cards_html(v, c.viewer)
        self.marks_key.value = key_html(piece_marks(v, c.viewer), areas(v))


def _bokeh_loader(lab: ArchLab) -> None:
    """Carry BokehJS in the lab's own widget, offline (:mod:`lcb_lab.ui.lab.bokehjs`)."""
    from lcb_lab.ui.lab.bokehjs import loader_for
    lab.add_to_page(loader_for(lab.view.figure, "map"))


def open_archipelago_lab(game: Archipelago | None = None, team: str | None = None, level: int = 1,
                         seed: int = 1, scenario: str | None = None, **kw: Any) -> ArchLab:
    """The Archipelago lab on ``game`` (default: a new game of ``scenario``, else of ``level`` 1 to 4, on the
    sandbox board, dice seeded ``seed``), drawn in ``team``'s view ("Red", "Blue", or the
    umpire, the default); ``kw``: the shell's ``font_scale``, ``files_dir``, ``presentation``.
    Raises ValueError for an unknown team, level or scenario."""
    name = scenario or f"level_{level}"
    if game is None:
        game = ARCH_UI.new_game(name, seed, None)
    lab = ArchLab(game, team=team, **kw)
    _bokeh_loader(lab)
    lab.seed_box.value = seed
    if name in SCENARIOS:
        lab.scenario_picker.value = name
    return lab
