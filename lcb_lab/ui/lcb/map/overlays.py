"""Shapely overlays: unions of hex polygons drawn as outlines / fills on the map.

Plot coordinates are the LC:B map km (lcb_hexes) with the y axis flipped so north is up:
``(x_plot, y_plot) = (x_km, -y_km)`` (see :func:`lcb_lab.games.lcb.hexes.centre_km`).

An :class:`Overlay` is one shape (a union of hexes) plus how to draw it;
the ``*_overlays`` builders ask the engine's public :class:`~lcb_lab.games.lcb.game.Game`
API which hexes belong to it:

* movement reach (5.12-5.18): ``game.movement_reach(stack)``;
* CV ranges (7.31): ``game.cv_range(uid, slot)`` -- ``None`` means infinite
  range, which is said in words (``Overlay.note``) instead of drawn;
* ground ZOR (6.21, the adjacent hexes) or naval ZOR (6.23): ``game.zor(uid)``;
* resupply reach of a logistics unit (8.03): ``game.resupply_reach(uid)``;
* the INTERCEPT umbrella over a target (7.53): ``game.intercept_umbrella``,
  as per-interceptor markers (:func:`umbrella_markers`).

In a team's view, reach, resupply reach and the umbrella are computed on what that team
may know (``viewer=``, see :mod:`lcb_lab.games.lcb.observer`); ``viewer=None`` is the instructor.
"""
from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import lru_cache, wraps
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator

from shapely import Polygon, unary_union
from shapely.geometry.base import BaseGeometry

from lcb_lab.games.lcb import hexes as lcb_hexes
from lcb_lab.ui.lcb.map import palette

if TYPE_CHECKING:
    from lcb_lab.games.lcb.game import Game


# ----------------------------------------------------------------- geometry
def plot_xy(x_km: float, y_km: float) -> tuple[float, float]:
    """Map km (x east, y south) -> plot coordinates (x east, y north)."""
    return x_km, -y_km


def km_from_plot(x: float, y: float) -> tuple[float, float]:
    """Plot coordinates back to map km (``x`` east, ``y`` south): the inverse of :func:`plot_xy`."""
    return x, -y


def hex_centre(label: str) -> tuple[float, float]:
    """Centre of a hex in plot coordinates; a naval-zone place (``"W700.1"``, 7.43) is drawn in its
    zone's box off the board's bottom edge (:func:`zone_place_centre`)."""
    if "." in label:
        return zone_place_centre(label)
    return plot_xy(*lcb_hexes.centre_km(label))


def hex_corners(label: str) -> tuple[tuple[float, float], ...]:
    """Six corners of a hex in plot coordinates (a naval-zone place: a hex around its slot, 7.43)."""
    if "." in label:
        (cx, cy), (ax, ay) = zone_place_centre(label), hex_centre("A-1")
        return tuple((cx + x - ax, cy + y - ay) for x, y in _corners("A-1"))
    return _corners(label)


@lru_cache(maxsize=8192)
def _corners(label: str) -> tuple[tuple[float, float], ...]:
    return tuple(plot_xy(x, y) for x, y in lcb_hexes.corners_km(label))


# ----------------------------------------------------------------- naval zones (7.4, 7.43)
ZONE_HEIGHT_KM = 66.0
"""Height of a naval-zone box under the board (room for two rows of stacks)."""
ZONE_GAP_KM = 8.0
"""Gap between the board's bottom edge and the boxes, and between two boxes."""
ZONE_SLOT_KM = 30.0
"""Distance between two stacks' places in a box."""

ZoneBoxes = dict[str, tuple[float, float, float, float]]
"""A map's naval-zone boxes: zone -> (x0, x1, y0, y1) in plot coordinates."""

_ZONE_BOXES: ContextVar[ZoneBoxes] = ContextVar("lcb_zone_boxes", default={})
"""The boxes of the map at work -- set by that map for the time of each of its own calls
(:func:`zone_boxes_in`, :func:`on_own_zones`), so two maps open at once never share them."""


def zone_boxes(zones: Iterable[str], x0: float, x1: float, bottom: float) -> dict[str, tuple[float, float, float, float]]:
    """The boxes of ``zones`` side by side under a board spanning ``x0``..``x1`` whose bottom edge
    is at plot ``bottom``, west to east as :data:`lcb_lab.games.lcb.zones.ZONES` lists them."""
    from lcb_lab.games.lcb import zones as lcb_zones
    names = [z for z in lcb_zones.ZONES if z in set(zones)]
    if not names:
        return {}
    w = (x1 - x0 - ZONE_GAP_KM * (len(names) - 1)) / len(names)
    top = bottom - ZONE_GAP_KM
    return {z: (x0 + i * (w + ZONE_GAP_KM), x0 + i * (w + ZONE_GAP_KM) + w, top - ZONE_HEIGHT_KM, top)
            for i, z in enumerate(names)}


@contextmanager
def zone_boxes_in(boxes: ZoneBoxes) -> Iterator[None]:
    """Within the block, zone places are drawn in and found from ``boxes`` (from :func:`zone_boxes`:
    one map's); outside it, as before."""
    token = _ZONE_BOXES.set(dict(boxes))
    try:
        yield
    finally:
        _ZONE_BOXES.reset(token)


def on_own_zones(method: Callable) -> Callable:
    """A method of a map (an object with ``zone_boxes``) run with its own zone boxes (:func:`zone_boxes_in`)."""
    @wraps(method)
    def run(self, *args: Any, **kwargs: Any) -> Any:
        with zone_boxes_in(self.zone_boxes):
            return method(self, *args, **kwargs)
    return run


def _slots_per_row(box: tuple[float, float, float, float]) -> int:
    return max(1, int((box[1] - box[0] - ZONE_GAP_KM) // ZONE_SLOT_KM))


def zone_place_centre(label: str) -> tuple[float, float]:
    """Where place ``label`` (``"W700.3"``) is drawn: the n-th slot of its box, rows of slots from
    the box's top left, in the boxes of the map at work (:func:`zone_boxes_in`).  ValueError when
    that map has no such zone."""
    zone, _, n = label.partition(".")
    box = _ZONE_BOXES.get().get(zone)
    if box is None or not n.isdigit():
        raise ValueError(f"{label!r}: no naval zone {zone} on the map drawn")
    per = _slots_per_row(box)
    i = int(n) - 1
    return (box[0] + ZONE_GAP_KM + ZONE_SLOT_KM / 2 + (i % per) * ZONE_SLOT_KM,
            box[3] - 20.0 - (i // per) * ZONE_SLOT_KM)


def zone_place_at(x: float, y: float) -> str | None:
    """The zone place whose slot is under plot point (x, y), or None outside every box."""
    for zone, box in _ZONE_BOXES.get().items():
        if box[0] <= x <= box[1] and box[2] <= y <= box[3]:
            per = _slots_per_row(box)
            col = min(per - 1, max(0, int((x - box[0] - ZONE_GAP_KM) // ZONE_SLOT_KM)))
            row = max(0, int((box[3] - 5.0 - y) // ZONE_SLOT_KM))
            return f"{zone}.{row * per + col + 1}"
    return None


@lru_cache(maxsize=8192)
def hex_polygon(label: str) -> Polygon:
    """The hexagon of ``label`` as a Shapely polygon in plot coordinates."""
    return Polygon(hex_corners(label))


def hex_at_plot(x: float, y: float) -> str:
    """Label of the hex containing plot point (x, y) (may be off the board)."""
    return lcb_hexes.hex_at_km(*km_from_plot(x, y)).label


def union_of(labels: Iterable[str]) -> BaseGeometry:
    """Union of the hexagons of ``labels`` (slightly buffered so shared sides dissolve)."""
    polys = [hex_polygon(lab) for lab in labels]
    if not polys:
        return Polygon()
    return unary_union([p.buffer(0.01, join_style="mitre") for p in polys]).buffer(-0.01, join_style="mitre")


def bokeh_multipolygon(geom: BaseGeometry) -> tuple[list, list]:
    """One Bokeh ``multi_polygons`` row (xs, ys) for a Shapely (Multi)Polygon.

    Bokeh nests: polygons -> rings (exterior first, then holes) -> coordinates.
    """
    if geom.is_empty:
        return [], []
    polys = list(geom.geoms) if hasattr(geom, "geoms") else [geom]
    xs, ys = [], []
    for p in polys:
        if p.is_empty or p.geom_type != "Polygon":
            continue
        rings = [p.exterior, *p.interiors]
        xs.append([list(r.xy[0]) for r in rings])
        ys.append([list(r.xy[1]) for r in rings])
    return xs, ys


# ----------------------------------------------------------------- overlays
@dataclass
class Overlay:
    """One overlay shape: the union of ``hexes``, drawn with these styles.

    ``cue`` names its entry of :data:`lcb_lab.ui.lcb.map.palette.CUE` (``"reach"``, ``"zor"``, a CV
    slot such as ``"LRS1"``, an RV slot); :func:`styled` fills colour, dash, hatch and fill from it.
    ``line_dash`` is a Bokeh dash: a name (``"solid"``) or on/off px (``[9, 4]``)."""

    kind: str                       # "reach" | "range" | "zor" | "resupply"
    label: str                      # legend / panel text, e.g. "DDG-51 LRS1 range 6"
    hexes: frozenset[str] = frozenset()
    colour: str = "#000000"
    fill_alpha: float = 0.0
    line_dash: str | list[int] = "solid"
    line_width: float = 2.5
    note: str = ""                  # said in words (e.g. infinite range)
    rules: tuple[str, ...] = ()
    geometry: BaseGeometry = field(default=None, repr=False)  # type: ignore[assignment]
    hatch: str = ""                 # Bokeh hatch_pattern ("" = none)
    cue: str = ""                   # key of palette.CUE

    def __post_init__(self):
        self.hexes = frozenset(self.hexes)
        if self.geometry is None:
            self.geometry = union_of(sorted(self.hexes))

    @property
    def drawn(self) -> bool:
        """True when the overlay has a shape to draw (not an empty geometry, e.g. an infinite range's note)."""
        return not self.geometry.is_empty


def styled(kind: str, label: str, hexes: Iterable[str], cue: str, **kw: Any) -> Overlay:
    """An :class:`Overlay` drawn with colour, dash, hatch, fill and width of ``palette.CUE[cue]``."""
    c = palette.CUE[cue]
    return Overlay(kind, label, frozenset(hexes), c.colour, c.fill_alpha, list(c.dash) or "solid", c.width,
                   hatch=c.hatch, cue=cue, **kw)


def _on_board(game, labels: Iterable[str]) -> frozenset[str]:
    return frozenset(h for h in labels if h in game.board.hexes)


def reach_overlay(game: Game, stack: list[str], viewer: str | None = None) -> Overlay:
    """Hexes the stack could end its move in (5.12-5.18), as ``viewer`` may know them (None: all)."""
    reach = game.movement_reach(stack, viewer=viewer)
    return styled("reach", reach_label(stack, len(reach)), _on_board(game, reach), "reach", rules=("5.12", "5.13"))


def _hexes(n: int) -> str:
    return f"{n} hex" if n == 1 else f"{n} hexes"


def reach_label(stack: list[str], n_hexes: int) -> str:
    """Legend words: "Movement reach of DDG-51 (12 hexes)", or for a stack
    "Movement reach of 1 Alpha's stack (5 units, 1 hex)"."""
    if len(stack) == 1:
        return f"Movement reach of {stack[0]} ({_hexes(n_hexes)})"
    return f"Movement reach of {stack[0]}'s stack ({len(stack)} units, {_hexes(n_hexes)})"


def range_overlays(game: Game, uid: str) -> list[Overlay]:
    """One overlay per CV of the unit; infinite ranges become a note (7.31)."""
    out = []
    for cv in game.utype(uid).cvs:
        hexes = game.cv_range(uid, cv.slot)
        if hexes is None:
            out.append(styled("range", f"{uid} {cv.slot} range \u221e", (), cv.slot,
                              note=f"{cv.slot} (CV {cv.value}) has infinite range: every hex of the map",
                              rules=("7.31",), geometry=Polygon()))
            continue
        out.append(styled("range", f"{uid} {cv.slot} range {cv.range}", _on_board(game, hexes), cv.slot,
                          rules=("7.31",)))
    return out


def zor_overlay(game: Game, uid: str) -> Overlay:
    """Ground ZOR (adjacent hexes, 6.21) or naval ZOR (6.23) of a unit."""
    z = game.zor(uid)
    if z["naval"]:
        return styled("zor", f"{uid}: naval ZOR ({len(z['naval'])} hexes)", _on_board(game, z["naval"]), "zor",
                      rules=("6.23",))
    return styled("zor", f"{uid}: ground ZOR (adjacent hexes)", _on_board(game, z["ground"]), "zor",
                  rules=("6.21",))


def resupply_overlay(game: Game, uid: str, rv_slot: str = "RV1", viewer: str | None = None) -> Overlay:
    """Hexes a logistics unit's RESUPPLY reaches (8.03, 8.05), as ``viewer`` may know them."""
    reach = game.resupply_reach(uid, rv_slot, viewer=viewer)
    return styled("resupply", f"{uid} {rv_slot}: resupply reach ({len(reach)} hexes)", _on_board(game, reach),
                  rv_slot if rv_slot in palette.CUE else "RV1", rules=("8.03", "8.05"))


def unit_overlays(game: Game, uid: str, stack: list[str] | None = None, *, reach: bool = True,
                  ranges: bool = True, zor: bool = True, resupply: bool = True,
                  viewer: str | None = None) -> list[Overlay]:
    """Every overlay that belongs to a selected unit; ``viewer`` = the view's team
    (None: the instructor) -- reach and resupply reach are computed on what it may know."""
    out: list[Overlay] = []
    if game.unit(uid).hex is None:
        return out
    if reach:
        out.append(reach_overlay(game, stack or [uid], viewer))
    if ranges:
        out += range_overlays(game, uid)
    if zor:
        out.append(zor_overlay(game, uid))
    if resupply and game.utype(uid).is_logistics:
        for rv in game.utype(uid).rvs:
            out.append(resupply_overlay(game, uid, rv.slot, viewer))
    return out


UMBRELLA_STATUS = {
    "eligible": ("may intercept (7.53)", palette.CUE["eligible"].colour),
    "too_far": ("in range, but farther than the shooter (7.53)", palette.CUE["too_far"].colour),
    "out_of_range": ("out of INTERCEPT range (7.53)", palette.CUE["out_of_range"].colour),
    "cannot_act": ("cannot act (no supply / card effect)", palette.CUE["cannot_act"].colour),
}
"""Words and ring colour of each INTERCEPT umbrella status; the ring's dash is ``palette.CUE[status]``."""


def umbrella_status(opt: dict) -> str:
    """Classify one :meth:`Game.intercept_umbrella` entry for drawing."""
    if opt["eligible"]:
        return "eligible"
    if not opt["in_range"]:
        return "out_of_range"
    if not opt["close_enough"]:
        return "too_far"
    return "cannot_act"


def umbrella_markers(game: Game, shooter: str, target: str, visible: set[str] | None = None,
                     viewer: str | None = None) -> dict:
    """The INTERCEPT umbrella over ``target`` against ``shooter`` (7.53).

    ``viewer``: the view's team (None = instructor): the umbrella is computed on what it may
    know (:meth:`Game.intercept_umbrella`); the target team's counters it sees only as backs
    are not drawn, and ``hidden_note`` says that they may hold interceptors -- whether or not
    they do.  ``visible`` (uids the view may see) is the older way to leave interceptors out.
    Returns ``{"shooter_hex", "target_hex", "interceptors": [{uid, slot, hex, status, text,
    colour, reason, distance, ...}], "hidden_note"}``.
    """
    opts = game.intercept_umbrella(shooter, target, viewer=viewer)
    shown, hidden = [], 0
    for o in opts:
        if o.get("hidden") or (visible is not None and o["uid"] not in visible):
            hidden += 1
            continue
        st = umbrella_status(o)
        text, colour = UMBRELLA_STATUS[st]
        shown.append({**o, "status": st, "text": text, "colour": colour})
    note = ("Concealed enemy counters may hold more interceptors: they are not shown in this view."
            if hidden else "")
    return {"shooter": shooter, "target": target, "shooter_hex": game.unit(shooter).hex,
            "target_hex": game.unit(target).hex, "interceptors": shown, "hidden_note": note}
