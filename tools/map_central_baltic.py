"""The central-Baltic map: its description and its build with tools/build_map.py's helpers (dev-time only).

Run through ``python tools/build_map.py --map central_baltic``.  The map covers Gotland, Öland,
the Swedish coast from Karlskrona to Västervik, Kaliningrad, and the Lithuanian and Latvian
coasts (Klaipėda, Liepāja, Ventspils), 20 km hexes from Natural Earth 1:10m land like the
Gotland map (docs/map.md).  The rulebook prints no such map: every feature is a real place at
approximate coordinates, and which of them counts as a port, a small port, an airfield or an
austere airport is lcb_lab's *sandbox* choice; the austere airports and small ports carry
``(sandbox)`` in their names and hex notes.  Four naval zones (7.4) are listed for the boxes drawn
off the map's bottom edge: the western approach (toward the Danish straits) and the eastern
(toward the Gulf of Finland), each at 700 km and 1,200 km.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import build_map as bm
from build_map import Projection, analyse, hexes_covering, load_land
from lcb_lab.games.lcb import hexes as lcb_hexes


@dataclass(frozen=True)
class MapSpec:
    """A map to build: ``name``, ``box`` (lon_min, lat_min, lon_max, lat_max) whose overlapping hexes
    form the map, ``places`` (name, lat, lon, kinds, note), ``zones`` (the naval-zone boxes, 7.4)
    and ``city_colour`` (the MP colour of a city hex; sandbox)."""

    name: str
    box: tuple[float, float, float, float]
    places: tuple[tuple[str, float, float, tuple[str, ...], str], ...]
    zones: tuple[str, ...] = ()
    city_colour: str = "yellow"
    margin_km: float = 20.0
    notes: dict = field(default_factory=dict)


SANDBOX = "sandbox: the rulebook prints no central-Baltic map; "
PLACES = (
    # Sweden
    ("Karlskrona", 56.161, 15.586, ("city", "port"), "Swedish naval base."),
    ("Kalmar", 56.661, 16.362, ("city", "port"), ""),
    ("Kalmar airport", 56.685, 16.288, ("airfield",), ""),
    ("Oskarshamn", 57.264, 16.448, ("town", "port"), ""),
    ("Västervik", 57.757, 16.637, ("town", "small_port"), SANDBOX + "Västervik counted as a small port."),
    # Öland
    ("Borgholm", 56.879, 16.656, ("town", "small_port"), SANDBOX + "Borgholm counted as a small port."),
    ("Öland austere strip (sandbox)", 56.55, 16.50, ("austere_airfield",),
     SANDBOX + "an austere airport on southern Öland (12.44), invented for play."),
    # Gotland
    ("Visby", 57.639, 18.294, ("city", "port"), ""),
    ("Visby airfield", 57.663, 18.346, ("airfield",), ""),
    ("Slite", 57.707, 18.805, ("town", "port"), ""),
    ("Ljugarn", 57.328, 18.709, ("town", "small_port"), SANDBOX + "Ljugarn counted as a small port."),
    ("Roma austere strip (sandbox)", 57.509, 18.456, ("austere_airfield",),
     SANDBOX + "an austere airport near Roma (12.44), invented for play."),
    ("Burgsvik", 57.038, 18.273, ("town", "small_port"), SANDBOX + "Burgsvik counted as a small port."),
    # Kaliningrad
    ("Kaliningrad", 54.710, 20.510, ("city", "port"), ""),
    ("Baltiysk", 54.650, 19.910, ("town", "port"), "Russian Baltic Fleet base."),
    ("Chkalovsk airfield", 54.766, 20.397, ("airfield",), ""),
    ("Donskoye airfield", 54.940, 19.970, ("airfield",), ""),
    ("Pionersky", 54.951, 20.227, ("town", "small_port"), SANDBOX + "Pionersky counted as a small port."),
    # Lithuania
    ("Klaipėda", 55.710, 21.130, ("city", "port"), ""),
    ("Palanga airport", 55.973, 21.094, ("airfield",), ""),
    ("Nida", 55.303, 21.005, ("town", "small_port"), SANDBOX + "Nida counted as a small port."),
    # Latvia
    ("Liepāja", 56.511, 21.011, ("city", "port"), ""),
    ("Pāvilosta", 56.888, 21.186, ("town", "small_port"), SANDBOX + "Pāvilosta counted as a small port."),
    ("Ventspils", 57.394, 21.564, ("city", "port"), ""),
    ("Ventspils austere strip (sandbox)", 57.358, 21.545, ("austere_airfield",),
     SANDBOX + "Ventspils' small airport counted as an austere airport (12.44)."),
)
"""Coordinates: town centres and runway centres, rounded to ~100 m (OpenStreetMap / Wikipedia)."""

SPEC = MapSpec("central_baltic", (15.5, 54.55, 21.9, 58.0), PLACES, zones=("W1200", "W700", "E700", "E1200"))


def projection(spec: MapSpec) -> Projection:
    """Equirectangular at the box's middle latitude; the box's north-west corner ``margin_km`` east
    and south of the km origin (so every hex is at column >= 1, row >= 1)."""
    lat_mid = (spec.box[1] + spec.box[3]) / 2.0
    kx = round(111.32 * math.cos(math.radians(lat_mid)), 6)
    return Projection(round(spec.box[0] - spec.margin_km / kx, 6),
                      round(spec.box[3] + spec.margin_km / bm.KM_PER_DEG_LAT, 6), kx)


def _feature_hex(proj: Projection, kinds: dict, fracs: dict, lon: float, lat: float) -> str:
    """The hex of a place; a place on the shore of a hex read as naval goes to the neighbour with most land."""
    x, y = proj.to_km(lon, lat)
    lab = lcb_hexes.hex_at_km(float(x), float(y)).label
    if kinds.get(lab, "naval") != "naval":
        return lab
    near = [n.label for n in lcb_hexes.neighbours(lab) if kinds.get(n.label, "naval") != "naval"]
    if not near:
        raise SystemExit(f"place at {lat}N {lon}E falls in naval hex {lab} with no land beside it")
    return max(near, key=lambda n: (fracs[n], n))


def build_spec(spec: MapSpec) -> tuple[dict, dict]:
    """The map JSON and coastline GeoJSON of ``spec`` (deterministic)."""
    proj = projection(spec)
    labels = hexes_covering(proj.box_km(spec.box))
    b = spec.box
    land_ll, ne_version = load_land((b[0] - 1.0, b[1] - 0.5, b[2] + 1.0, b[3] + 0.5))
    an = analyse(proj, land_ll, labels, ())
    kinds, fracs, glinks, nlinks = an["kinds"], an["fracs"], an["glinks"], an["nlinks"]
    feats, notes = [], {}
    for name, lat, lon, fkinds, note in spec.places:
        h = _feature_hex(proj, kinds, fracs, lon, lat)
        feats += [{"kind": k, "name": name, "lon": lon, "lat": lat, "hex": h} for k in fkinds]
        if note:
            notes[h] = (notes[h] + " " if h in notes else "") + f"{name}: {note}"
    colours = {lab: "blue" if kinds[lab] == "naval" else "green" for lab in labels}
    for f in feats:
        if f["kind"] == "city":
            colours[f["hex"]] = spec.city_colour
            notes[f["hex"]] = (notes.get(f["hex"], "") + f" {f['name']}: a city, built-up terrain 2 MP "
                               "(sandbox, as Visby on the Gotland map).").strip()
    key = lambda s: tuple(lcb_hexes.parse(s))  # noqa: E731
    hexes = [{"label": lab, "kind": kinds[lab], "colour": colours[lab], "land_fraction": round(fracs[lab], 4),
              "features": [{k: f[k] for k in ("kind", "name", "lon", "lat")} for f in feats if f["hex"] == lab],
              "ground_links": sorted(glinks[lab], key=key), "naval_links": sorted(nlinks[lab], key=key),
              "note": notes.get(lab, "")} for lab in labels]
    source = (f"Coastline: Natural Earth 1:10m Admin-0 countries v{ne_version} (public domain), union of the "
              f"country polygons = land. Projection: equirectangular, {proj.kx} km/deg lon, {proj.ky} km/deg lat. "
              f"Hexes: every 20 km hex overlapping {b[0]}-{b[2]}E x {b[1]}-{b[3]}N. Kinds and links as the "
              f"Gotland map (docs/map.md). Features: real places at approximate positions; their port / small "
              f"port / airfield / austere airport kinds are sandbox choices (the rulebook prints no such map). "
              f"Naval zones (7.4): {', '.join(spec.zones)}, drawn off the bottom edge. "
              f"Built by tools/build_map.py --map {spec.name}.")
    data = {"name": spec.name, "source": source, "hex_km": int(bm.HEX_KM), "projection": proj.as_dict(),
            "box": {"covered": list(b), "rule": "every hex whose hexagon overlaps the covered box"},
            "thresholds": {"naval_max_land_fraction": bm.NAVAL_MAX_FRACTION,
                           "land_min_land_fraction": bm.LAND_MIN_FRACTION, "edge_min_km": bm.EDGE_MIN_KM},
            "hexes": hexes, "features": feats, "roads": [], "label_map": {}, "naval_zones": list(spec.zones)}
    return data, _coast(spec, proj, land_ll, ne_version)


def _coast(spec: MapSpec, proj: Projection, land_ll, ne_version: str) -> dict:
    """The coastline GeoJSON: land clipped to the box plus the Gotland map's margin, simplified."""
    import json
    import shapely
    from shapely.geometry import Polygon, box, mapping
    m = bm.COAST_MARGIN_DEG
    cb = (spec.box[0] - m, spec.box[1] - m, spec.box[2] + m, spec.box[3] + m)
    coast = land_ll.intersection(box(*cb)).simplify(bm.COAST_SIMPLIFY_DEG * 2, preserve_topology=True)
    items = sorted(((round(proj.geom_to_km(p).area, 1), p) for p in getattr(coast, "geoms", [coast])
                    if isinstance(p, Polygon) and proj.geom_to_km(p).area >= bm.COAST_MIN_AREA_KM2 * 10),
                   key=lambda t: (-t[0], t[1].bounds))
    gj = {"type": "FeatureCollection", "name": f"{spec.name}_coast",
          "properties": {"source": f"Natural Earth 1:10m Admin-0 countries v{ne_version} (public domain), land = "
                                   f"union of countries; clipped to {[round(v, 2) for v in cb]} (lon/lat), simplified "
                                   f"{bm.COAST_SIMPLIFY_DEG * 2} deg, islets < {bm.COAST_MIN_AREA_KM2 * 10} km2 dropped; "
                                   f"built by tools/build_map.py --map {spec.name}"},
          "features": []}
    for a, p in items:
        geom = shapely.set_precision(p, 1e-5)
        if geom.is_empty:
            continue
        gm = json.loads(json.dumps(mapping(geom)), parse_float=lambda s: round(float(s), 5))
        gj["features"].append({"type": "Feature", "properties": {"area_km2": a}, "geometry": gm})
    return gj
