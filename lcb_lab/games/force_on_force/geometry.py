"""Line of sight and movement paths on the table, with Shapely (inches).

* Dense woods block sight past 1" of woods (l.60), Average woods past 3" (l.82), Light woods never
  (l.84).  Reading (the text says "past 1 inch from their edge"): a sight line is blocked when
  the length of it lying inside one such feature is more than that depth -- so two units both
  within 1" of a dense wood's edge see each other through its rim, a unit deep inside is unseen.
* Heavy Foliage blocks sight (l.64) except at its edge (l.76): sandbox depth 0.5".
* A building is sandbox: it blocks sight past 1" of it, like dense woods (units at windows see out).
* Water and cliffs do not block sight; they stop movement (l.19, l.43) except by a crossing.

:func:`line_of_sight`, :func:`path_crosses`, :func:`feature_at`, :func:`near_edge`.
"""
from __future__ import annotations

from functools import lru_cache

from shapely.geometry import LineString, Point, Polygon

from lcb_lab.games.force_on_force.model.table import Feature, Table

DEPTH = {"dense": 1.0, "average": 3.0, "heavy": 0.5, "building": 1.0}
"""Inches of a feature a sight line may cross (l.60, l.82; heavy foliage and buildings sandbox)."""
SOLID_COVER = ("dense", "average", "building")
"""Feature kinds whose infantry claim Solid Cover (l.62, l.82; buildings sandbox)."""
EDGE = 1.0
"""Sandbox: "at the edge of the obstacle" (l.23, l.52) means within 1 inch of it."""


@lru_cache(maxsize=64)
def polygon(feature: Feature) -> Polygon:
    """The feature's Shapely polygon."""
    return Polygon(feature.points)


def line_of_sight(table: Table, a: tuple[float, float], b: tuple[float, float]) -> bool:
    """Whether a sight line from ``a`` to ``b`` (inches) is clear (module doc: l.60, l.64, l.82)."""
    if a == b:
        return True
    line = LineString([a, b])
    for f in table.features:
        depth = DEPTH.get(f.kind)
        if depth is not None and line.intersection(polygon(f)).length > depth + 1e-9:
            return False
    return True


def path_crosses(table: Table, a: tuple[float, float], b: tuple[float, float], kinds: tuple[str, ...]) -> str | None:
    """The name of the first feature of one of ``kinds`` the straight path ``a`` -> ``b`` enters, or None."""
    line = LineString([a, b])
    for f in table.features:
        if f.kind in kinds and line.intersects(polygon(f)):
            return f.name
    return None


def feature_at(table: Table, p: tuple[float, float]) -> Feature | None:
    """The sight-blocking or covering feature holding point ``p`` (its boundary included), or None."""
    pt = Point(p)
    for f in table.features:
        if f.kind not in ("water", "cliff") and polygon(f).buffer(1e-9).contains(pt):
            return f
    return None


def near_edge(feature: Feature, p: tuple[float, float]) -> bool:
    """Whether ``p`` is within :data:`EDGE` inches of the feature (at its edge, l.23, l.52)."""
    return polygon(feature).distance(Point(p)) <= EDGE + 1e-9


def distance(a: tuple[float, float], b: tuple[float, float]) -> float:
    """Straight distance, inches."""
    return Point(a).distance(Point(b))
