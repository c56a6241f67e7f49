"""Card markers on the map (13.x, 12.2) and their overlays, as one view may see them.

Everything comes from ``game.view(team)["card_markers"]`` (:func:`lcb_lab.games.lcb.observer_cards.observe_card_markers`:
own and revealed markers in full, the other team's concealed ones as a back, its secret mines not
at all) and, for the submarine's track, :func:`lcb_lab.games.lcb.observer.observe_sot` (the Submarine
Operations Tracker, 14.03: a team reads only its own, the instructor both):

* :func:`marker_chips` -- one *chip* per marker, a small counter under the hex's unit counters
  (in the centre of a hex without units): "ISR", "SOF", "PRX" (proxy force), "F1" / "F2"
  (fortification level, 13.51), "M3" (3 mine cubes, 13.33 -- only in the owner's view), "UAS";
  a back is "?"; the hover tip says what the view may know (the cargo of an ISR marker only
  to its own team);
* :func:`marker_overlays` -- overlays as Shapely unions of hexes (:class:`~.overlays.Overlay`):
  the **ISR reach** of the view's own ISR markers (the hexes within its MP, 12.22, 13.21), the
  view's own **mine fields** (13.3; the instructor sees both teams'), and **fortification
  levels** (13.51, level 1 and level 2 apart);
* :func:`sub_tracks` -- the polyline of each submarine's logged hexes, turn.impulse labels, in
  its owner's view (and the instructor's) only.

Sizes: chips are in km (they follow the map, like counters); their text size is the map's
``marker_text`` (:data:`~.sizing.BASE_FONT_PX`; 14 px in presentation, as the hex labels: readable on a projector).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import html
from collections import defaultdict

from lcb_lab.games.lcb import hexes as lcb_hexes
from lcb_lab.ui.lcb.map import overlays as ov
from lcb_lab.ui.lcb.map import palette

if TYPE_CHECKING:
    from lcb_lab.games.lcb.game import Game

__all__ = ["CHIP_KM", "KIND_TEXT", "chip_text", "seen_markers", "marker_chips", "marker_overlays", "sub_tracks",
           "CHIP_KEYS", "TRACK_KEYS", "TRACK_POINT_KEYS", "MARKER_LEGEND", "port_cubes", "CUBE_KEYS", "gray_cubes", "GRAY_CUBE"]

CHIP_KM = (5.0, 5.4)
"""The hover box of a marker chip in km (a hex is 20 km across its flats, 23 corner to corner; a
unit counter 12).  The chip itself is its text on a plate of the team colour, sized in px."""
SIDE_KM = 9.2
"""A hex with unit counters: the chips sit in a column at its left corner, clear of the counters'
HP pips (a counter spans 6 km either side of the centre; stacks fan right, the count badge is right)."""
COLUMN_KM = 2.9
"""Half the distance between the two chips of that column."""
PAIR_KM = 4.45
"""A hex without unit counters: the chips sit side by side about its centre."""
CHIPS_SHOWN = 2
"""Most chips drawn in a hex; the second then says "+n" (the hover tip lists them all)."""

KIND_TEXT = {"isr": "ISR", "sof": "SOF", "proxy": "PRX", "uas": "UAS", "fortification": "F", "mine": "M"}
"""The chip's text per marker kind (fortification and mine add their level / cube count)."""
KIND_WORDS = {"isr": "ISR marker", "sof": "SOF marker", "proxy": "Proxy Force", "uas": "UAS marker",
              "fortification": "fortification", "mine": "mine marker", "marker": "marker"}
KIND_RULE = {"isr": "13.2", "sof": "13.4", "proxy": "13.1", "uas": "13.0", "fortification": "13.5",
             "mine": "13.3", "marker": "13.0"}

CHIP_KEYS = ("x", "y", "hex", "id", "kind", "team", "text", "fill", "alpha", "outline", "tip", "back")
TRACK_KEYS = ("xs", "ys", "colour", "label")
TRACK_POINT_KEYS = ("x", "y", "text", "colour")

MARKER_LEGEND = {"isr_reach": "ISR reach", "mine_field": "Mine field (own, secret)",
                 "fort1": "Fortification level 1", "fort2": "Fortification level 2"}
"""The legend's fixed rows of the marker overlays (cue name -> words), plus the submarine track."""


def chip_text(m: dict) -> str:
    """"ISR", "F2", "M3", "?" (a back)."""
    if m.get("back"):
        return "?"
    kind = m.get("kind", "")
    base = KIND_TEXT.get(kind, kind[:3].upper())
    if kind in ("fortification", "mine"):
        return f"{base}{m.get('level', 1)}"
    return base


def _tip(m: dict) -> str:
    e = html.escape
    team = palette.TEAM_NAME.get(m["team"], m["team"])
    if m.get("back"):
        return f"{e(team)} marker, face down ({KIND_RULE['marker']})"
    kind = m.get("kind", "")
    bits = [f"<b>{e(m['id'])}</b>: {e(KIND_WORDS.get(kind, kind))} ({e(team)})"]
    if kind == "fortification":
        bits.append(f"level {m.get('level', 1)}")
    elif kind == "mine":
        bits.append(f"{m.get('level', 1)} mine cube{'s' if m.get('level', 1) != 1 else ''}")
    if m.get("mp"):
        bits.append(f"MP {m['mp']}")
    if m.get("cargo"):
        bits.append("carrying " + ", ".join(e(u) for u in m["cargo"]))
    elif m.get("cargo_count"):
        bits.append(f"carrying {m['cargo_count']} unit(s)")
    if m.get("rp"):
        bits.append(f"{m['rp']} RP")
    if not m.get("revealed", True):
        bits.append("concealed")
    for flag, word in (("moved", "moved this impulse"), ("acted", "free action used this turn")):
        if m.get(flag):
            bits.append(word)
    return ", ".join(bits) + f" ({KIND_RULE.get(kind, '13.0')})"


def seen_markers(game: Game, view: dict) -> list[dict]:
    """``view["card_markers"]``, each face-up (or own) marker completed with the observer's
    :func:`~lcb_lab.games.lcb.observer_cards.marker_details` for the same view (level, MP, cargo as the view may
    know it, ``view["marker_details"]``)."""
    details = view["marker_details"]
    return [m if m.get("back") else {**details.get(m["id"], {}), **m}
            for m in view.get("card_markers") or []]


def marker_chips(view: dict, presentation: bool = False) -> dict[str, list]:
    """Columns of the chips source for one view: a chip per marker the view shows (two per hex at
    most, the second "+n" when there are more), in a column at the hex's left corner when the hex
    holds counters, about its centre when it holds none; ``presentation``: level with the
    counters' lower place in presentation mode.  A concealed own marker is faded and outlined
    dashed, like a concealed own counter."""
    by_hex: dict[str, list[dict]] = defaultdict(list)
    for m in view.get("card_markers") or []:
        if m.get("hex"):
            by_hex[m["hex"]].append(m)
    occupied = {c.get("hex") for c in view.get("counters", [])} | {m.get("hex") for m in view.get("markers", [])}
    drop = 1.7 if presentation else 0.6
    cols: dict[str, list] = {k: [] for k in CHIP_KEYS}
    for hx in sorted(by_hex):
        ms = sorted(by_hex[hx], key=lambda m: (bool(m.get("back")), str(m.get("id"))))
        cx, cy = ov.hex_centre(hx)
        shown = ms[:CHIPS_SHOWN]
        for i, m in enumerate(shown):
            if hx in occupied:          # a column at the hex's left corner: stacks fan right, badges sit right
                x, y = cx - SIDE_KM, cy - drop + ((1 - 2 * i) * COLUMN_KM if len(shown) > 1 else 0.0)
            else:
                x, y = cx + ((2 * i - 1) * PAIR_KM if len(shown) > 1 else 0.0), cy - drop
            text = chip_text(m)
            last = i == len(shown) - 1
            if last and len(ms) > len(shown):
                text = f"+{len(ms) - len(shown) + 1}"
            back = bool(m.get("back"))
            concealed = not back and not m.get("revealed", True)
            t = m["team"]
            cols["x"].append(x)
            cols["y"].append(y)
            cols["hex"].append(hx)
            cols["id"].append("" if back else m["id"])
            cols["kind"].append("marker" if back else m.get("kind", ""))
            cols["team"].append(t)
            cols["text"].append(text)
            cols["fill"].append(palette.TEAM_BACK[t] if back else palette.TEAM[t])
            cols["alpha"].append(0.72 if concealed else 1.0)
            cols["outline"].append(1.0 if concealed else 0.0)
            cols["tip"].append("<br>".join(_tip(x_) for x_ in ms[i:]) if last else _tip(m))
            cols["back"].append(back)
    return cols


PORT_CUBE = "#E69F00"
"""The orange cube's colour (Okabe-Ito orange; 12.3)."""
CUBE_KEYS = ("x", "y", "hex", "team", "line", "tip")


def port_cubes(game: Game, view: dict) -> dict[str, list]:
    """Columns of the orange-cube source: one square at the right corner of each port hex with a
    team's orange cube (12.3, 12.54; public, as on the table:
    :func:`lcb_lab.games.lcb.observer_cards.observe_port_cubes`)."""
    cols: dict[str, list] = {k: [] for k in CUBE_KEYS}
    for hx, team in sorted(view["port_cubes"].items()):
        if hx not in game.board.hexes:
            continue
        cx, cy = ov.hex_centre(hx)
        cols["x"].append(cx + SIDE_KM)
        cols["y"].append(cy - 0.6)
        cols["hex"].append(hx)
        cols["team"].append(team)
        cols["line"].append(palette.TEAM_BACK.get(team, "#161616"))
        name = html.escape(palette.TEAM_NAME.get(team, team))
        cols["tip"].append(f"<b>Orange cube</b> ({name}) in {html.escape(hx)}: its Embark-capable ships use "
                           "this port for free (12.3, 12.54)")
    return cols


GRAY_CUBE = "#9E9E9E"
"""A gray cube's colour (3.26: civilians or objectives on the map)."""
GRAY_CUBE_WORDS = {"civilians": "civilians: an LRS attack on this hex moves the Influence Meter toward the "
                                "defender, as on a town (15.25; sandbox)",
                   "objective": "an objective: a team whose units alone hold it moves the Influence Meter toward "
                                "itself at the start of each Action Stage (sandbox, when an event placed it)"}


def gray_cubes(game: Game, view: dict) -> dict[str, list]:
    """Columns of the gray-cube source: one gray square at the top of each hex per gray cube
    (3.26; public, the table's facts: ``view["gray_cubes"]``); cubes of one hex side by side."""
    cols: dict[str, list] = {k: [] for k in CUBE_KEYS}
    seen: dict[str, int] = defaultdict(int)
    for c in view.get("gray_cubes") or ():
        hx = c["hex"]
        if hx not in game.board.hexes:
            continue
        cx, cy = ov.hex_centre(hx)
        k = seen[hx]
        seen[hx] += 1
        cols["x"].append(cx - 2.0 + 4.0 * k)
        cols["y"].append(cy + 0.75 * SIDE_KM)
        cols["hex"].append(hx)
        cols["team"].append("")
        cols["line"].append("#161616")
        src = "the scenario" if c.get("source") == "scenario" else c.get("source", "")
        cols["tip"].append(f"<b>Gray cube</b> in {html.escape(hx)}: {html.escape(GRAY_CUBE_WORDS.get(c['kind'], c['kind']))}"
                           f" (placed by {html.escape(src)}; 3.26)")
    return cols


def _card_mp(game, view: dict, m: dict) -> int:
    """An ISR marker's MP: the marker's own (12.22), else its card's ``mp`` field (the cards the view names)."""
    if m.get("mp"):
        return int(m["mp"])
    card = next((c for c in view.get("cards", []) if c.get("cid") == m.get("card")), None)
    if card is None:
        return 0
    from lcb_lab.games.lcb.model.cards import load_decks
    from lcb_lab.kernel.errors import LabError
    try:
        ct = (getattr(game, "decks", None) or load_decks()).card(card.get("team"), card.get("name"))
    except (LabError, KeyError):
        return 0
    return int(getattr(ct, "mp", 0) or 0)


def marker_overlays(game: Game, view: dict) -> list[ov.Overlay]:
    """ISR reach (own ISR markers), mine fields (own mines; the instructor's: every mine), and
    fortification levels (every fortification the view shows), each an :class:`~.overlays.Overlay`
    with its cue of :data:`~.palette.CUE`."""
    me = view["team"]
    board = game.board.hexes
    out: list[ov.Overlay] = []
    reach: set[str] = set()
    mines: dict[str, int] = {}
    forts: dict[int, set[str]] = {1: set(), 2: set()}
    for m in view.get("card_markers") or []:
        if m.get("back") or not m.get("hex"):
            continue
        own = me == "instructor" or m["team"] == me
        kind = m.get("kind")
        if kind == "isr" and own:
            mp = _card_mp(game, view, m)
            reach |= {h for h in lcb_hexes.labels(lcb_hexes.within(m["hex"], mp)) if h in board}
        elif kind == "mine" and own:
            mines[m["hex"]] = mines.get(m["hex"], 0) + int(m.get("level", 1))
        elif kind == "fortification":
            forts[2 if int(m.get("level", 1)) >= 2 else 1].add(m["hex"])
    if reach:
        out.append(ov.styled("isr_reach", f"ISR reach ({len(reach)} hexes)", reach, "isr_reach",
                             rules=("12.22", "13.21")))
    if mines:
        cubes = sum(mines.values())
        head = "Mine fields" if me == "instructor" else "Mine field, own"
        out.append(ov.styled("mine_field", f"{head}: {cubes} cube{'s' if cubes != 1 else ''} in "
                             f"{len(mines)} hex{'es' if len(mines) != 1 else ''}", mines, "mine_field",
                             rules=("13.3", "13.37")))
    for lvl in (1, 2):
        if forts[lvl]:
            out.append(ov.styled(f"fort{lvl}", f"Fortification level {lvl} ({len(forts[lvl])} hex"
                                 f"{'es' if len(forts[lvl]) != 1 else ''})", forts[lvl], f"fort{lvl}",
                                 rules=("13.51",)))
    return out


def sub_tracks(game: Game, view: dict) -> tuple[dict[str, list], dict[str, list]]:
    """(track lines, track points) of the submarines the view may follow: its own team's
    Submarine Operations Tracker (14.03), both teams' for the instructor; the other team's
    never (``view["sot"]``: :func:`lcb_lab.games.lcb.observer.observe_sot`)."""
    me = view["team"]
    sot = view["sot"]
    lines: dict[str, list] = {k: [] for k in TRACK_KEYS}
    points: dict[str, list] = {k: [] for k in TRACK_POINT_KEYS}
    for team in sorted(sot):
        if me != "instructor" and team != me:
            continue                       # the other team's track: never (owner's view only)
        per_sub: dict[str, list[dict]] = defaultdict(list)
        for e in sot[team]:
            if e.get("hex") and e["hex"] in game.board.hexes:
                per_sub[str(e.get("sub"))].append(e)
        colour = palette.CUE["sub_track"].colour if team == "US" else palette.TEAM_BACK["RU"]
        for sub in sorted(per_sub):
            es = per_sub[sub]
            xy = [ov.hex_centre(e["hex"]) for e in es]
            lines["xs"].append([p[0] for p in xy])
            lines["ys"].append([p[1] for p in xy])
            lines["colour"].append(colour)
            lines["label"].append(f"{sub} track ({len(es)} entr{'ies' if len(es) != 1 else 'y'})")
            for e, (x, y) in zip(es, xy):
                points["x"].append(x)
                points["y"].append(y - 1.6)         # the label under the dot: clear of the hex label on top
                points["text"].append(f"T{e.get('turn')}.{e.get('impulse')}")
                points["colour"].append(colour)
    return lines, points
