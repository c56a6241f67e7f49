"""A kill chain's links drawn on the map: a line from each sensor, shooter and interceptor to the
target (:meth:`lcb_lab.games.lcb.analysis.kill_chain_records.KillChain.lines`), as map overlays.

Each line is an :class:`~lcb_lab.ui.lcb.map.overlays.Overlay` whose shape is the segment between
the two hex centres, a little widened, so the map's overlay source, legend and presentation
widths draw it (:meth:`lcb_lab.ui.lcb.map.map.MapView.show_kill_chain`).  Colour and dash by stage,
from :data:`lcb_lab.ui.lcb.map.palette.CUE`: *find* and *fix and track* as the ZOR (6.2), *target*
and *engage* as the shooter line, *defend* as INTERCEPT (7.5).  Drawn only from the record, which
holds only what its viewer knows.
"""
from __future__ import annotations

from typing import Any

from shapely import LineString

from lcb_lab.ui.lcb.map import overlays as ov
from lcb_lab.ui.lcb.map import palette

STAGE_CUE = {"find": "zor", "fix_track": "zor", "target": "shooter", "engage": "shooter", "defend": "INT1"}
"""The :data:`palette.CUE` entry of each stage's lines."""

STAGE_WORDS = {"find": "finds", "fix_track": "tracks", "target": "may strike", "engage": "strikes",
               "defend": "defends"}
RULES = {"find": ("6.2",), "fix_track": ("6.23",), "target": ("7.3",), "engage": ("7.02",), "defend": ("7.5",)}
HALF_WIDTH_KM = 0.6
"""Half the drawn line's width in map km (a hex is 20 km across)."""


def chain_overlays(chain: Any) -> list[ov.Overlay]:
    """One overlay per line of ``chain`` (a ``KillChain``; None: none), the chosen means solid and
    wider, the others dashed: ``label`` e.g. "1 Uran strikes 1 Whiskey"."""
    if chain is None:
        return []
    out, seen = [], set()
    for ln in chain.lines():
        key = (ln["stage"], ln["ident"])
        stage = "engage" if ln["stage"] == "target" and ln["chosen"] else ln["stage"]
        if key in seen or stage not in STAGE_CUE:
            continue
        seen.add(key)
        cue = palette.CUE[STAGE_CUE[stage]]
        a, b = ov.hex_centre(ln["from"]), ov.hex_centre(ln["to"])
        shape = LineString([a, b]).buffer(HALF_WIDTH_KM * (1.5 if ln["chosen"] else 1.0))
        out.append(ov.Overlay("kill_chain", f"{ln['name']} {STAGE_WORDS[stage]} {chain.target}",
                              colour=cue.colour, fill_alpha=0.6 if ln["chosen"] else 0.25,
                              line_dash="solid" if ln["chosen"] else list(cue.dash) or [6, 4],
                              line_width=1.0, rules=RULES[stage], geometry=shape))
    return out
