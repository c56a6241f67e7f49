"""APP-6 / MIL-STD-2525 counters: every catalog type has a symbol, the SVGs are cached and lazy,
and a team view never sends a concealed enemy's symbol (or anything else about it) to the browser."""
from __future__ import annotations

import base64
import json
import subprocess
import sys

import pytest
from bokeh.core.json_encoder import serialize_json
from bokeh.document import Document
from milsymbol import Symbol

from lcb_lab import load_scenario, situation
from lcb_lab.games.lcb.model.catalog import load_catalog
from lcb_lab.games.lcb.model.state import Marker
from lcb_lab.ui.lcb.map import MapView, symbols
from lcb_lab.ui.lcb.map.counters import counter_layers
from lcb_lab.games.lcb import actions as A


@pytest.fixture
def game():
    return load_scenario("gotland_redux", seed=1)


def test_every_catalog_unit_type_has_a_valid_app6_symbol_for_its_team():
    cat = load_catalog()
    for t in cat.units.values():
        code = symbols.sidc(t.team, t.symbol, t.size)
        assert len(code) == 20 and code.isdigit(), (t.type_id, code)
        meta = Symbol(code).get_metadata()
        # affiliation by team, as on a NATO map: US friend, RU hostile
        assert meta["affiliation"] == {"US": "Friend", "RU": "Hostile"}[t.team], t.type_id
        # the symbol set matches the unit's domain: land unit (10) or sea surface (30)
        assert code[4:6] == {"naval": "30", "submarine": "35"}.get(t.domain, "10"), t.type_id   # 35: sea subsurface (14.0)
        assert code[10:16] == symbols.ICONS[t.symbol].entity
        assert symbols.ICONS[t.symbol].source.startswith("APP-6 D / MIL-STD-2525 D")
        img = symbols.symbol_image(code)
        text = base64.b64decode(img.url.removeprefix("data:image/svg+xml;base64,")).decode()
        assert text.startswith("<svg") and img.width > 30 and img.height > 30
    # distinct catalog symbols draw distinct icons (rocket artillery is field artillery + its modifier)
    codes = {s: symbols.sidc("US", s) for s in {t.symbol for t in cat.units.values()}}
    assert len(set(codes.values())) == len(codes)
    assert codes["artillery_rocket"][16:18] == "41" and codes["artillery_cannon"][16:18] == "00"
    # the echelon amplifier from the catalog's size, when asked for
    assert symbols.sidc("US", "infantry", "platoon")[8:10] == "14"
    assert symbols.sidc("US", "ship_ddg", "ship")[8:10] == "00"


def test_friend_and_hostile_frames_differ_and_a_mildec_carries_the_dummy_indicator():
    us, ru = symbols.svg(symbols.sidc("US", "infantry")), symbols.svg(symbols.sidc("RU", "infantry"))
    assert "rgb(128,224,255)" in us and "rgb(255,128,128)" in ru      # APP-6 friend blue, hostile red
    m = symbols.marker_sidc("RU", "naval")
    assert m[7] == "1" and m[4:6] == "30" and Symbol(m).is_valid()
    assert symbols.marker_sidc("US", "ground")[7] == "1"
    with pytest.raises(KeyError):
        symbols.sidc("US", "no_such_symbol")
    with pytest.raises(ValueError, match="does not know"):
        symbols.symbol_image("10031000009999990000")


def test_svgs_are_cached_per_sidc_and_size():
    symbols.clear_cache()
    code = symbols.sidc("RU", "armor")
    a = symbols.symbol_image(code)
    assert symbols.cache_info().misses == 1 and symbols.cache_info().hits == 0
    assert symbols.symbol_image(code) is a and symbols.cache_info().hits == 1
    b = symbols.symbol_image(code, size=40)
    assert b is not a and b.width < a.width and symbols.cache_info().misses == 2
    assert symbols.data_url(code) == a.url


def test_drawing_the_map_reads_the_shipped_svgs_and_never_loads_milsymbols_tables():
    code = ("import sys\n"
            "from lcb_lab import load_scenario\n"
            "from lcb_lab.ui.lcb.map import MapView, symbols\n"
            "g = load_scenario('gotland_redux', seed=1)\n"
            "mv = MapView(g.board)\n"
            "mv.update(g, 'instructor')\n"
            "print(len(set(mv.sources['counters'].data['sidc']) - {''}), 'milsymbol' in sys.modules)\n"
            "symbols.symbol_image(symbols.sidc('US', 'infantry'), size=40)\n"
            "print('milsymbol' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    n, loaded, later = out.stdout.split()
    assert int(n) >= 8 and loaded == "False" and later == "True"


def test_the_shipped_svgs_are_what_milsymbol_renders_for_every_symbol(tmp_path):
    shipped = json.loads(symbols.SYMBOL_FILE.read_text(encoding="utf-8"))
    assert shipped["size"] == symbols.SVG_SIZE and shipped["generator"].startswith("milsymbol ")
    assert set(shipped["symbols"]) == set(symbols.all_sidcs())
    cat = load_catalog()
    assert {symbols.sidc(t.team, t.symbol) for t in cat.units.values()} <= set(shipped["symbols"])
    for code, entry in shipped["symbols"].items():
        assert entry == symbols.render(code), code
    # the writer reproduces the file
    assert symbols.write_symbol_file(tmp_path / "s.json") == len(shipped["symbols"])
    assert json.loads((tmp_path / "s.json").read_text()) == shipped


def _document_json(fig) -> str:
    """Everything Bokeh would send the browser for ``fig`` (every model, source and tooltip)."""
    doc = Document()
    doc.add_root(fig)
    return serialize_json(doc.to_json())


def test_the_red_view_sends_no_concealed_us_units_symbol_name_or_type(game):
    concealed_us = [u for u in game.state.units.values() if u.team == "US" and u.hex and not u.revealed]
    face_up_types = {u.type_id for u in game.state.units.values() if u.team == "US" and u.hex and u.revealed}
    assert len(concealed_us) >= 4 and {u.type_id for u in concealed_us} - face_up_types
    mv = MapView(game.board)
    mv.update(game, "RU")
    data = mv.sources["counters"].data
    us_rows = [i for i, t in enumerate(data["team"]) if t == "US"]
    assert us_rows and all(data["back"][i] and data["url"][i] == "" and data["sidc"][i] == "" for i in us_rows)
    # Red's own counters are drawn with their (hostile) symbols
    ru_urls = {data["url"][i] for i, t in enumerate(data["team"]) if t == "RU" and data["top"][i]}
    assert ru_urls and all(u.startswith("data:image/svg+xml;base64,") for u in ru_urls)
    # nothing the browser gets -- every source, tooltip and legend -- names a concealed US unit or its symbol
    doc = _document_json(mv.figure)
    for u in concealed_us:
        t = game.utype(u.uid)
        code = symbols.sidc("US", t.symbol)
        secrets = [u.uid] + ([t.name, t.type_id, code, symbols.data_url(code)]
                             if u.type_id not in face_up_types else [])
        for secret in secrets:
            assert secret not in doc, (u.uid, secret[:40])
    tips = " ".join(mv.sources["counter_stacks"].data["tip"])
    assert "Blue counter, face down" in tips and "USMC" not in tips and "HP" in tips     # Red's own HP only
    # no HP or supply pip on a US back
    pips = mv.sources["counter_pips"].data
    backs = [(data["x"][i], data["y"][i]) for i in us_rows]
    assert pips["x"] and not [(x, y) for x, y in zip(pips["x"], pips["y"])
                              if any(abs(x - bx) < 6 and abs(y - by) < 6 for bx, by in backs)]


def test_a_revealed_enemy_shows_its_symbol_and_only_it(game):
    game.apply(A.ScriptedEffect(effect="reveal", units=("DDG-51",)))
    mv = MapView(game.board)
    mv.update(game, "RU")
    data = mv.sources["counters"].data
    i = data["uid"].index("DDG-51")
    ddg = symbols.sidc("US", "ship_ddg")
    assert data["sidc"][i] == ddg and data["url"][i] == symbols.data_url(ddg) and not data["back"][i]
    others = {symbols.sidc("US", game.utype(u.uid).symbol) for u in game.state.units.values()
              if u.team == "US" and u.hex and not u.revealed} - {ddg}
    assert others and not others & set(data["sidc"])


def test_mildec_markers_are_drawn_as_decoys_by_their_team_and_as_backs_by_the_other():
    g = situation({"1 Alpha": ("usmc_infantry_platoon", "C-3"), "1 Anna": ("runi_naval_infantry_platoon", "F-6")},
                  size=8, markers=[Marker("M1", "mildec", "RU", "TF Red", "E-5")])
    ru = counter_layers(g.view("RU"))["counters"]
    i = ru["uid"].index("M1")
    assert ru["sidc"][i] == symbols.marker_sidc("RU", "ground") and ru["abbrev"][i] == "MILDEC"
    us = counter_layers(g.view("US"))["counters"]
    rows = [k for k, h in enumerate(us["hex"]) if h == "E-5"]
    assert len(rows) == 1 and us["back"][rows[0]] and us["url"][rows[0]] == "" and "M1" not in us["uid"]
