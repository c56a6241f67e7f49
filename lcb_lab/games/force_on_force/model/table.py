"""The sandbox table: terrain polygons and named points, in inches, read from TOML.

The text gives terrain types and their effects (woods l.58-84, water l.17-39, cliffs l.41-52) but
no table: the table, its size, its features and points are *sandbox*
(``data/sandbox_table.toml``, ``source = "sandbox"``).
"""
from __future__ import annotations

from dataclasses import dataclass
from importlib import resources

from lcb_lab.games.force_on_force.model.units import Unit
from lcb_lab.kernel import files


@dataclass(frozen=True)
class Feature:
    """A terrain feature: ``name``, ``kind`` (``dense``, ``average``, ``light``, ``heavy``,
    ``building``, ``water``, ``cliff``), polygon ``points`` (inches) and, for an obstacle, the
    named point on its far side (``far``) a crossing ends on."""

    name: str
    kind: str
    points: tuple[tuple[float, float], ...]
    far: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Table:
    """``width`` x ``height`` inches, its ``features`` and named ``points`` (movement ends)."""

    width: float
    height: float
    features: tuple[Feature, ...]
    points: tuple[tuple[str, tuple[float, float]], ...]

    def feature(self, name: str) -> Feature:
        """The feature called ``name``. Raises KeyError."""
        for f in self.features:
            if f.name == name:
                return f
        raise KeyError(name)

    def point(self, name: str) -> tuple[float, float]:
        """The named point's ``(x, y)``. Raises KeyError."""
        return dict(self.points)[name]


def load(name: str = "sandbox_table.toml") -> tuple[Table, list[Unit]]:
    """The packaged table and its units, read through the one file reader (:mod:`lcb_lab.kernel.files`).
    Raises ScenarioError for a file that is no TOML, KeyError / ValueError for a malformed table."""
    d = files.load_toml(resources.files("lcb_lab.games.force_on_force").joinpath("data", name), "table")
    if d.get("source") != "sandbox":
        raise ValueError(f"{name}: the table is sandbox data and must say source = \"sandbox\"")
    feats = tuple(Feature(f["name"], f["kind"], tuple(tuple(p) for p in f["points"]),
                          tuple((k, v) for k, v in f.get("far", {}).items())) for f in d["feature"])
    points = tuple((k, tuple(v)) for k, v in d["points"].items())
    units = [Unit(**u) for u in d["unit"]]
    return Table(d["width"], d["height"], feats, points), units
