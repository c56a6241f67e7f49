"""The lab for chapters 10-14: embarked cargo on the host's Unit Tracker, the
landing / port / marker / submarine acts in the Impulse tab, marker counters and overlays on the
map, the submarine's track -- each panel shows what the view says, and the other team's panels
never show enemy embarked cards, secret mines or a submarine's track (asserted on every string the
widgets and the map's data sources hold)."""
from __future__ import annotations


from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb import hexes as lcb_hexes
from lcb_lab import load_scenario
from lcb_lab.games.lcb.rules.transport import ports
from lcb_lab.games.lcb.rules.markers.placement import new_marker
from lcb_lab.ui.lcb.map import markers as mk
from lcb_lab.ui import LabApp
from lcb_lab.ui.lcb.cargo import cargo_view
from lcb_lab.kernel import datacodec

from conftest import plain_text, state_json, widget_texts as _texts

CARGO_CARDS = ("Amphibious: LCU", "MEU Rotary Attack")
"""Gotland Redux's Embarked cards on LHD 1 (US-10, US-11): the RU view must never name them."""
SUB = "Kilo-1"



def _map_texts(lab) -> list[str]:
    """Every string in the map's data sources and legend (what the browser's map receives)."""
    out = []
    for src in lab.map.sources.values():
        for col in src.data.values():
            out += [str(x) for x in col if isinstance(x, (str, list))]
    out += lab.map.legend_labels()
    return out


def _all_texts(lab) -> str:
    return "\n".join(_texts(lab.widget) + _map_texts(lab))


def _staged():
    """Gotland Redux with chapter 10-14 counters staged: LHD 1 face up (its Embark Area as the rules
    keep it), a secret RU mine of 3 cubes in AK-20, a RU level-2 fortification in AL-21, a
    concealed US ISR marker (MP 3) carrying 1 Alpha in AM-25, and a RU submarine's logged track."""
    g = load_scenario("gotland_redux", seed=1)
    ctx = g._ctx()
    g.state.units["LHD 1"].revealed = True
    mine = new_marker(ctx, "mine", "RU", "RU-1", "AK-20", revealed=False)
    mine.level = 3
    fort = new_marker(ctx, "fortification", "RU", "RU-2", "AL-21")
    fort.level = 2
    isr = new_marker(ctx, "isr", "US", "US-10", "AM-25", revealed=False)
    isr.mp, isr.cargo = 3, ["1 Alpha"]
    g.state.sot["RU"] = [{"sub": SUB, "turn": 1, "impulse": 1, "hex": "AH-20", "public": False},
                         {"sub": SUB, "turn": 1, "impulse": 2, "hex": "AH-21", "public": False}]
    datacodec.touched(g.state, "sot")          # a test's in-place edit of a tracked field
    return g


# ------------------------------------------------------------------ 1. embarked cargo (10.21, 10.34, 11.11)
def test_the_host_tracker_shows_its_embark_area_with_capacity_bars():
    g = _staged()
    lab = LabApp(g, team="US")
    lab.select_hex("AM-26")
    assert lab.selected_uid == "LHD 1"
    text = plain_text(lab.unit_panel.value)
    assert "Embark Area of Blue (US) LHD 1" in text
    for uid in ("1 Alpha", "2 Alpha", "3 Alpha", "4 Alpha", "1 Kilo", "1 Whiskey"):
        assert uid in text
    for name in CARGO_CARDS:
        assert f"{name} " in text
    assert text.count("not yet played (deck, left side)") == 2              # 11.11: both still in the deck
    load = cargo_view(g, "US", "LHD 1").load
    assert (load["gpsv_max"], load["asv_max"]) == (25, 5)                    # LHD 1: 25 GPSV, 5 ASV (10.34 ex.)
    assert f"GPSV{load['gpsv']} / 25" in text and f"ASV{load['asv']} / 5" in text
    assert 'width:' in lab.unit_panel.value and "lcb-cap-bar" in lab.unit_panel.value


def test_the_capacity_bars_are_the_embark_rules_figures():
    """The bars read rules/embark.py load: 4 infantry platoons x 1 GPSV, the IAMD and HIMARS
    sections x 2 (10.11): 8 GPSV (the cards give none); ASV: MEU Rotary Attack 1 (10.12) and the
    V-BAT Attached to 1 Whiskey 1 (10.35): 2."""
    from lcb_lab.games.lcb.rules.embarking import embark
    g = _staged()
    load = embark.load(g._ctx(), "LHD 1")
    assert (load["gpsv"], load["asv"]) == (4 * 1 + 2 + 2, 1 + 1)
    lab = LabApp(g, team="US")
    lab.select_hex("AM-26")
    assert f"GPSV{load['gpsv']} / 25" in plain_text(lab.unit_panel.value)
    g.state.units["2 Alpha"].embarked_on, g.state.units["2 Alpha"].hex = None, "AM-26"    # one platoon off
    lab.refresh()
    assert f"GPSV{load['gpsv'] - 1} / 25" in plain_text(lab.unit_panel.value)


def test_embarked_card_sides_follow_the_tracker():
    g = _staged()
    g.state.cards["US-11"].deployed = True          # played for 1 AP: the right side, face up (11.11)
    lab = LabApp(g, team="US")
    lab.select_hex("AM-26")
    text = plain_text(lab.unit_panel.value)
    assert "MEU Rotary Attack \u2014 deployed (face up, right side)" in text and "US-11" not in text
    g.state.cards["US-11"].expended = True          # expended: face down on the right (11.11)
    lab.refresh()
    assert "MEU Rotary Attack \u2014 expended (face down, right side)" in plain_text(lab.unit_panel.value)


def test_the_other_team_sees_only_how_many_cards_a_ship_carries():
    g = _staged()
    lab = LabApp(g, team="RU")
    lab.select_hex("AM-26")
    assert lab.selected_uid == "LHD 1"             # face up: RU may select it
    text = plain_text(lab.unit_panel.value)
    assert "Embarked cards: 2 face down" in text
    # the Embark Area's units are face up (10.34, observer.py observe_load): named, with their GPSV
    # (4 platoons x 1, the IAMD and HIMARS sections x 2, 10.11) -- but no ASV bar and no card's Space
    # Value: "GPSV (units)" counts the units only
    for uid in ("1 Alpha", "2 Alpha", "3 Alpha", "4 Alpha", "1 Kilo", "1 Whiskey"):
        assert uid in text
    assert "GPSV (units)8 / 25" in text and "ASV" not in text
    everything = _all_texts(lab)
    for name in CARGO_CARDS:
        assert name not in everything
    g.state.units["LHD 1"].revealed = False          # a concealed ship: nothing of its Embark Area
    lab.refresh()
    assert lab.selected_uid is None or "Embark Area" not in lab.unit_panel.value
    g.state.units["LHD 1"].revealed = True
    lab.refresh()
    lab.set_team("US")                               # the owner: names and bars
    lab.select_hex("AM-26")
    assert "Amphibious: LCU" in plain_text(lab.unit_panel.value) and "lcb-cap" in lab.unit_panel.value


# ------------------------------------------------------------------ 3. marker counters and overlays (13.x)
def test_marker_chips_and_overlays_in_the_owners_view():
    g = _staged()
    lab = LabApp(g, team="RU")
    chips = lab.map.sources["marker_chips"].data
    by_hex = dict(zip(chips["hex"], chips["text"]))
    assert by_hex["AK-20"] == "M3"                  # its own secret mine: 3 cubes (13.33)
    assert by_hex["AL-21"] == "F2"                  # fortification level 2 (13.51)
    assert by_hex["AM-25"] == "?"                   # the US ISR marker, concealed: a back (13.21)
    labels = lab.map.marker_overlay_labels()
    assert "Mine field, own: 3 cubes in 1 hex" in labels and "Fortification level 2 (1 hex)" in labels
    assert not any(lab_.startswith("ISR reach") for lab_ in labels)      # the enemy's ISR reach: not drawn
    legend = lab.map.legend_labels()
    assert "Mine field (own, secret)" in legend and "Fortification level 2" in legend
    tips = " ".join(chips["tip"])
    assert "1 Alpha" not in tips and "US-10" not in tips


def test_the_isr_reach_is_the_hexes_within_its_mp():
    g = _staged()
    lab = LabApp(g, team="US")
    (isr,) = [o for o in mk.marker_overlays(g, {**g.view("US"), "card_markers": mk.seen_markers(g, g.view("US"))})
              if o.kind == "isr_reach"]
    assert isr.hexes == {h for h in lcb_hexes.labels(lcb_hexes.within("AM-25", 3)) if h in g.board.hexes}
    assert "AM-22" in isr.hexes and "AM-21" not in isr.hexes            # 3 hexes north: in; 4: out
    assert any(lab_.startswith(f"ISR reach ({len(isr.hexes)} hexes)") for lab_ in lab.map.marker_overlay_labels())
    chips = lab.map.sources["marker_chips"].data
    i = chips["hex"].index("AM-25")
    assert chips["text"][i] == "ISR" and "carrying 1 Alpha" in chips["tip"][i] and chips["outline"][i] == 1.0 and chips["alpha"][i] < 1
    note = plain_text(lab.unit_box.marker_note.value)          # the Overlays tab names what is drawn
    assert f"ISR reach ({len(isr.hexes)} hexes) 12.2213.21" in note and "Mine" not in note
    lab.unit_box.show_markers.value = False                   # the Overlays tab's switch: chips stay, overlays go
    assert lab.map.marker_overlay_labels() == [] and "AM-25" in lab.map.sources["marker_chips"].data["hex"]
    assert lab.unit_box.marker_note.value == ""


def test_the_other_team_never_sees_a_secret_mine():
    g = _staged()
    for team in ("US", "instructor"):
        lab = LabApp(g, team=team)
        chips = lab.map.sources["marker_chips"].data
        if team == "US":
            assert "AK-20" not in chips["hex"]          # nothing at all until revealed (13.37)
            assert not any("Mine" in x or "MINE" in x for x in _map_texts(lab))
            assert not any("MINE" in x for x in _texts(lab.widget))
        else:
            assert dict(zip(chips["hex"], chips["text"]))["AK-20"] == "M3"


# ------------------------------------------------------------------ 4. the submarine's track (14.03)
def test_the_submarine_track_is_drawn_in_its_owners_view_only():
    g = _staged()
    ru = LabApp(g, team="RU")
    track = ru.map.sources["sub_track"].data
    assert track["label"] == [f"{SUB} track (2 entries)"] and len(track["xs"][0]) == 2
    assert ru.map.sources["sub_track_points"].data["text"] == ["T1.1", "T1.2"]
    assert "Submarine track (own, 14.03)" in ru.map.legend_labels()
    assert f"{SUB} track (2 entries) 14.03" in plain_text(ru.unit_box.marker_note.value)
    us = LabApp(g, team="US")
    assert us.map.sources["sub_track"].data["xs"] == [] and us.map.sources["sub_track_points"].data["x"] == []
    assert SUB not in _all_texts(us) and "Submarine track" not in " ".join(us.map.legend_labels())
    g.state.sot["RU"][0]["public"] = True           # even a published entry draws no track for the other team
    datacodec.touched(g.state, "sot")          # a test's in-place edit of a tracked field
    us.refresh()
    assert us.map.sources["sub_track"].data["xs"] == []


# ------------------------------------------------------------------ 2. landing and port acts (12.2, 12.3)
def _memphis(team="instructor"):
    g = _staged()
    lab = LabApp(g, team=team)
    lab.begin_impulse("TF Memphis")
    lab.declare([{"kind": "move_combat", "units": ["LHD 1"]}])
    assert "done" in lab.message.value, plain_text(lab.message.value)
    return g, lab


def test_an_act_not_offered_is_shown_with_the_engines_reason():
    g, lab = _memphis()
    lab.select_hex("AM-26")                            # LHD 1 at sea, no port
    p = lab.special_panel
    assert p.shown
    (tried,) = [t for t in p.tried if isinstance(t[0], A.PortTransfer)]
    assert tried[0].ship == "LHD 1"
    assert tried[1].startswith("Refused by rule 12.3")
    assert "Not offered" in p.why.value and "Refused by rule 12.3" in p.why.value
    before = state_json(g)
    k = p.keys.index(("try", 0))
    assert p.quick_labels[k].startswith("Try: Port disembark from LHD 1")
    p.buttons[k].click()                             # "Try: Port disembark from LHD 1 ..."
    assert "Refused by rule 12.3" in plain_text(lab.message.value) and state_json(g) == before


def test_offered_acts_are_listed_and_the_other_team_gets_nothing(monkeypatch):
    g, lab = _memphis()
    offer = A.PortTransfer("LHD 1", ("1 Alpha",), 0, False, 1)
    monkeypatch.setattr(ports, "offers", lambda game: [offer])       # as if the rules offered it
    monkeypatch.setattr(g, "is_legal", lambda a, _real=g.is_legal: a == offer or _real(a))
    lab.refresh()
    p = lab.special_panel
    assert p.offered[0] == offer and all(isinstance(a, A.MarkerAction) for a in p.offered[1:])   # + ISR-1's moves
    assert p.picker.options[0][0] == "Port disembark from LHD 1: 1 Alpha (action #1)"
    lab.select_hex("AM-26")
    assert p.quick_labels[0] == "Port disembark from LHD 1: 1 Alpha (action #1)"
    near = [a for a in p.offered if a == offer or (isinstance(a, A.MarkerAction) and "AM-26" in a.path)]
    assert f"{len(p.offered)} acts offered; {len(near)} about AM-26" in plain_text(p.why.value)
    lab.set_team("RU")                               # not RU's impulse: hidden and emptied
    assert not p.shown and p.picker.options == () and p.quick_labels == []
    assert not any("Port disembark" in t for t in _texts(lab.widget))


def test_special_action_methods_are_gated_by_the_view():
    g, lab = _memphis(team="US")
    lab.set_team("RU")
    before = state_json(g)
    lab.port_transfer("LHD 1", ["1 Alpha"], action=1)
    assert "not from the Red (RU) view" in plain_text(lab.message.value) and state_json(g) == before
    lab.set_team("US")
    lab.marker_action("ISR-1", path=("AM-24",), then="none")
    msg = plain_text(lab.message.value)
    assert "Refused by rule" in msg or "done" in msg


def test_the_hex_info_lists_the_markers_the_view_may_see():
    g = _staged()
    us = LabApp(g, team="US")
    us.select_hex("AM-25")
    assert "ISR marker ISR-1 ISR (concealed) carrying 1 Alpha" in plain_text(us.hex_info.value)
    us.select_hex("AL-21")
    assert "fortification FORT-1 F2: the attacker's GROUND ASSAULT CV -4, LRS CV -2 13.5" in plain_text(us.hex_info.value)
    ru = LabApp(g, team="RU")
    ru.select_hex("AM-25")
    text = plain_text(ru.hex_info.value)
    assert "a card marker, face down" in text and "ISR-1" not in text and "1 Alpha" not in text
    ru.select_hex("AK-20")
    assert "mine marker MINE-1 M3 (concealed)" in plain_text(ru.hex_info.value)


def test_the_isr_markers_unload_is_tried_with_the_engines_reason():
    g, lab = _memphis(team="US")
    lab.select_hex("AM-25")                          # the own ISR marker carrying 1 Alpha
    p = lab.special_panel
    tried = [a for a, _w in p.tried if isinstance(a, A.MarkerAction)]
    assert tried == [A.MarkerAction("ISR-1", (), "unload")]
    why = dict((a, w) for a, w in p.tried)[tried[0]]
    assert why.startswith("Refused by rule ") and "Try: ISR-1: stay, then unload its cargo (free)" in p.quick_labels
    lab.set_team("RU")
    assert p.tried == [] and p.quick_labels == []


def test_long_acts_name_their_units_by_count_on_a_button():
    from lcb_lab.ui.lcb.special_actions import action_label, short_label
    a = A.PortTransfer("LHD 1", ("1 Alpha", "1 Kilo", "1 Whiskey", "2 Alpha", "3 Alpha", "4 Alpha"), 0, False, 1)
    assert action_label(a) == ("Port disembark from LHD 1: 1 Alpha, 1 Kilo, 1 Whiskey, 2 Alpha, 3 Alpha, "
                               "4 Alpha (action #1)")
    assert short_label(a) == "Port disembark from LHD 1: 6 units (action #1)"
    assert short_label(A.PortTransfer("LPD 17", ("1 Alpha",), 2, True, None)) == \
        "Port embark on LPD 17: 1 Alpha + 2 RP (free)"
    assert action_label(A.TorpedoAttack(2, SUB, ("DDG-51", "DDG-51"))) == \
        f"TORPEDO ATTACK by {SUB}: 2 torpedoes at DDG-51, DDG-51 (action #2)"
    assert action_label(A.MarkerAction("ISR-1", ("AM-24", "AM-23"), "combat", ("1 Anna",), dice=3, action=1)) == \
        "ISR-1: move AM-24 \u2192 AM-23, then combat (3 d20) at 1 Anna (action #1)"


def _changed_sources(lab, fn) -> list[str]:
    """The map sources whose data ``fn()`` changed."""
    changed, real = [], lab.map._set

    def spy(name, data):
        old = {k: list(v) for k, v in lab.map.sources[name].data.items()}
        real(name, data)
        if {k: list(v) for k, v in lab.map.sources[name].data.items()} != old:
            changed.append(name)
    lab.map._set = spy
    try:
        fn()
    finally:
        lab.map._set = real
    return changed


def test_marker_layers_are_sent_only_when_they_change():
    g = _staged()
    lab = LabApp(g, team="instructor")
    marker_sources = {"marker_chips", "marker_overlays", "sub_track", "sub_track_points"}
    assert not set(_changed_sources(lab, lambda: lab.select_hex("AM-26"))) & marker_sources   # a unit selected
    assert not set(_changed_sources(lab, lambda: lab.begin_impulse("TF Memphis"))) & marker_sources
    g.state.card_markers["FORT-1"].level = 1          # the fortification drops to level 1 (13.51)
    got = _changed_sources(lab, lab.refresh)
    assert {"marker_chips", "marker_overlays"} <= set(got) and "sub_track" not in got
    assert "Fortification level 1 (1 hex)" in lab.map.marker_overlay_labels()
    lab.unit_box.show_markers.value = False
    assert lab.map.sources["sub_track"].data["xs"] == [] and "Submarine track (own, 14.03)" not in lab.map.legend_labels()


def test_the_orange_cube_stands_in_its_port_for_every_view():
    g = _staged()
    g.state.port_cubes = {**g.state.port_cubes, "AJ-21": "US"}              # placed by the first port transfer in Visby (12.3)
    for team in ("US", "RU", "instructor"):
        lab = LabApp(g, team=team)
        cubes = lab.map.sources["port_cubes"].data
        assert cubes["hex"] == ["AJ-21"] and cubes["team"] == ["US"]
        assert "Orange cube" in cubes["tip"][0] and "12.3" in cubes["tip"][0]
    del g.state.port_cubes["AJ-21"]                 # the last ship left: the cube goes (12.3)
    lab.refresh()
    assert lab.map.sources["port_cubes"].data["hex"] == []


# ------------------------------------------------------------------ the chapter 10/13 choices in the decision panel
def _push(g, kind, team, rule, options, monkeypatch):
    """Stage a choice; the view's offers list the empty answer only (the panel's inputs follow the
    choice's options: the rules' own answers are the embark / markers parts' tests)."""
    from lcb_lab.games.lcb import legal
    from lcb_lab.games.lcb.choices import CHOICE_KINDS
    monkeypatch.setattr(legal, "_answers", lambda game, choice: [A.Answer()])
    g.state.push_choice(CHOICE_KINDS[kind](team, rule, f"{kind} staged", options))


def _captured(lab, monkeypatch) -> list:
    got = []
    monkeypatch.setattr(lab, "_apply", lambda a: got.append(a))
    return got


def test_embarked_losses_are_picked_by_the_attacker(monkeypatch):
    g = _staged()
    _push(g, "embark_losses", "RU", "10.311", {"ship": "LHD 1", "hp": 1, "cards": ["hidden:0", "hidden:1"],
                                               "units": [{"uid": "1 Alpha", "gpsv": 1}, {"uid": "1 Kilo", "gpsv": 2}]}, monkeypatch)
    lab = LabApp(g, team="RU")
    panel = lab.decision
    assert panel.visible and "embarked cargo lost (10.311)" in plain_text(panel.header.value)
    labels = [o[0] for o in panel.picks.options]
    assert labels == ["a concealed Embarked card (#1, drawn at random)", "a concealed Embarked card (#2, drawn at random)",
                      "1 Alpha (1 GPSV)", "1 Kilo (2 GPSV)"]
    assert not any(name in " ".join(_texts(lab.widget)) for name in CARGO_CARDS)   # the attacker: no names
    panel.picks.value = ("hidden:0", "1 Kilo")
    got = _captured(lab, monkeypatch)
    panel.answer_button.click()
    assert got == [A.AnswerEmbarkLosses(picks=("hidden:0", "1 Kilo"), choice=g.pending.id)]
    lab.set_team("US")                                 # the ship's owner does not answer (the rule: the attacker)
    assert panel.picks is None and "Hand over" in " ".join(_texts(panel.widget))


def test_the_mine_owner_assigns_cubes_to_what_it_sees(monkeypatch):
    g = _staged()
    _push(g, "mine_attack", "RU", "13.33", {"hex": "AK-20", "mine": "MINE-1", "cubes": 3, "succeeds_on": 13,
                                            "event": "enters", "targets": ["DDG-51", "hidden:AK-20:0"]}, monkeypatch)
    lab = LabApp(g, team="RU")
    panel = lab.decision
    text = plain_text(" ".join(_texts(panel.widget)))
    assert "3 mine cubes in AK-20" in text and "a hit on 13 or less" in text
    assert "cubes at DDG-51" in text and "cubes at a face-down counter (0)" in text
    boxes = [box for _spec, box in panel._inputs]
    assert [b.max for b in boxes] == [3, 3]
    boxes[0].value, boxes[1].value = 2, 1
    got = _captured(lab, monkeypatch)
    panel.answer_button.click()
    assert got == [A.AnswerMines(mines=(A.MineShot("DDG-51", 2), A.MineShot("hidden:AK-20:0", 1)), choice=g.pending.id)]
    lab.set_team("US")                                 # the target team: the kind only, no targets, no cubes
    us_text = " ".join(_texts(panel.widget))
    assert "AK-20" not in us_text and "MINE" not in us_text and panel._inputs == []


# ------------------------------------------------------------------ a landing through the lab (12.2, the 12.25 example)
def _lcac_at_sea():
    """The 12.25 example's LCAC (Andrew's) two impulses in: its marker at G-8 with three platoons and
    a logistics company aboard, Blue's next impulse begun (worked/ch12.py's coast)."""
    from lcb_lab.games.lcb.content.worked import ch12
    units = {"LHA 8": {"type": "usn_lhd", "hex": "A-8"}, **ch12.infantry(3, host="LHA 8"),
             "1 Log": {"type": "usmc_logistics_company", "embarked_on": "LHA 8"}}
    g = ch12.coast_game(units, {"US": [{"name": "Amphibious: LCAC", "embark_on": "LHA 8"}]})
    lcac = ch12.cid(g, "Amphibious: LCAC")
    g.apply(A.BeginImpulse(ch12.BLUE))
    g.apply(A.Declare((A.CoreAction("move_embarked_jcc", ("LHA 8",), jcc="Amphibious: LCAC"),)))
    g.apply(A.PlayCard(lcac, "A", ("1 Inf", "2 Inf", "3 Inf", "1 Log"), "D-8", action=1))
    mid = next(m.mid for m in g.state.card_markers.values() if m.card == lcac)
    ch12.next_blue_impulse(g)
    g.apply(A.MarkerAction(mid, path=ch12.water_path(g, "D-8", "G-8")))
    ch12.next_blue_impulse(g)
    return g, mid


def test_a_marker_lands_its_cargo_from_the_impulse_tab():
    g, mid = _lcac_at_sea()
    ru = LabApp(g, team="RU")
    chips = ru.map.sources["marker_chips"].data
    assert chips["text"] == ["?"] and chips["hex"] == ["G-8"]          # a face-down marker: a back (12.21)
    assert not any(u in _all_texts(ru) for u in ("1 Inf", "2 Inf", "1 Log"))
    lab = LabApp(g, team="US")
    chips = lab.map.sources["marker_chips"].data
    assert chips["hex"] == ["G-8"] and "carrying 1 Inf, 2 Inf, 3 Inf, 1 Log" in chips["tip"][0]
    lab.select_hex("I-8")
    p = lab.special_panel
    # the rules list one step toward land; the lab builds the two-hex move into I-8 and its unload
    # (12.22: 3 MP through water) and the rules accept it: a plain button, no "Try:"
    assert not any(isinstance(a, A.MarkerAction) and a.path[-1:] == ("I-8",) for a in p.offered)
    landing = [j for j, (a, why) in enumerate(p.tried) if a == A.MarkerAction(mid, ("H-8", "I-8"), "unload")]
    assert landing and p.tried[landing[0]][1] is None, [(action_label_(a), w) for a, w in p.tried]
    k = p.keys.index(("try", landing[0]))
    assert p.quick_labels[k] == f"{mid}: move H-8 \u2192 I-8, then unload its cargo (free)"
    p.buttons[k].click()
    assert "done" in plain_text(lab.message.value), plain_text(lab.message.value)
    counters = lab.map.sources["counters"].data
    ashore = {u for h, u in zip(counters["hex"], counters["uid"]) if h == "I-8"}
    assert {"1 Inf", "2 Inf", "3 Inf", "1 Log"} <= ashore                # landed (12.07)
    ru.refresh()
    ru_counters = ru.map.sources["counters"].data
    assert "I-8" in ru_counters["hex"] and not {"1 Inf", "1 Log"} & set(ru_counters["uid"])   # backs only


def action_label_(a):
    from lcb_lab.ui.lcb.special_actions import action_label
    return action_label(a)


# ------------------------------------------------------------------ a TORPEDO ATTACK through the lab (the 14.08 example)
def test_a_torpedo_attack_from_the_impulse_tab_and_the_track_it_leaves():
    """Anna's submarine (RU here, worked/ch14.py) moves next to the two face-up LHDs and fires one
    torpedo at each; forced dice 4 (a hit: any hit sinks, 14.08) and 15 (a miss)."""
    from lcb_lab.games.lcb.content.worked import ch14
    g = ch14.sea({"Anna": (ch14.SSK, "D-5", ch14.R), "LHD 1": {"type": "usn_lhd", "hex": "D-6", "face_up": True},
                  "LHD 2": {"type": "usn_lhd", "hex": "D-6", "face_up": True}}, forced=[4, 15], initiative="RU")
    g.apply(A.BeginImpulse(ch14.R))
    g.apply(A.Declare((A.CoreAction("move_combat", ("Anna",)),)))
    g.apply(A.Move(1, ("D-6",)))
    us = LabApp(g, team="US")
    assert "Anna" not in _all_texts(us)                 # a hidden submarine: nothing at all (14.03)
    assert not us.special_panel.shown
    lab = LabApp(g, team="RU")
    track = lab.map.sources["sub_track"].data           # its owner's Submarine Operations Tracker (14.03)
    assert track["label"] and track["label"][0].startswith("Anna track")
    lab.select_hex("D-6")
    p = lab.special_panel
    shot = A.TorpedoAttack(1, "Anna", ("LHD 1", "LHD 2"))
    assert shot in p.offered
    i = p.offered.index(shot)                          # the Act list and Carry out (more than six offers here)
    assert dict((v, lab_) for lab_, v in p.picker.options)[i] == \
        "TORPEDO ATTACK by Anna: 2 torpedoes at LHD 1, LHD 2 (action #1)"
    p.picker.value = i
    p.go.click()
    assert "done" in plain_text(lab.message.value), plain_text(lab.message.value)
    assert g.state.units["LHD 1"].destroyed and not g.state.units["LHD 2"].destroyed
    assert "LHD 1" not in lab.map.sources["counters"].data["uid"]


def test_a_torpedo_at_a_suspected_submarine_is_worded():
    from lcb_lab.games.lcb.rules.submarines.operations import SUB_TARGET
    from lcb_lab.ui.lcb.special_actions import action_label
    assert action_label(A.TorpedoAttack(1, "Ling", (SUB_TARGET,))) == \
        "TORPEDO ATTACK by Ling: 1 torpedo at any enemy submarine in the hex (action #1)"


def test_a_submarines_tracker_shows_its_torpedo_cv_and_detect():
    from lcb_lab.games.lcb.content.worked import ch14
    g = ch14.sea({"Anna": (ch14.SSK, "D-5", ch14.R)}, initiative="RU")
    t = g.catalog.unit(ch14.SSK)
    lab = LabApp(g, team="RU")
    lab.select_hex("D-5")
    text = plain_text(lab.unit_panel.value)
    assert f"TORPEDO{t.torpedo_cv}" in text.replace("\u2020", "") and f"DETECT{t.detect}" in text.replace("\u2020", "")
    assert "14.08" in text and "14.12" in text


def test_the_special_section_offers_nothing_while_the_past_is_shown():
    g, lab = _memphis()
    lab.select_hex("AM-25")                            # ISR-1: its moves are listed now
    p = lab.special_panel
    assert p.shown and p.offered
    lab.show_step(1)                                   # the History tab: the game after its first step
    assert not p.shown and p.offered == [] and p.quick_labels == []
    lab.back_to_now()
    assert p.shown and p.offered


# ------------------------------------------------------------------ the second scenario, played at random under the lab
def _hidden_from(g, team: str) -> tuple[set[str], set[str]]:
    """(names, card ids) ``team`` may not read: the other team's hidden submarines and secret mines
    (names), and its hidden cards (cids)."""
    from lcb_lab.games.lcb import observer
    published = {e["sub"] for t in g.state.sot for e in g.state.sot[t] if e.get("public")}   # 14.05, 14.06
    names = {u.uid for u in g.state.units.values() if observer.hidden_sub(u, g.catalog, team) and not u.destroyed
             and u.uid not in published}       # a submarine marker once placed: its past lines name it (14.06)
    names |= {m.mid for m in g.state.card_markers.values() if m.kind == "mine" and m.team != team and not m.revealed}
    cids = {c.cid for c in g.state.cards.values() if c.team != team and not observer.knows(g.state, team, c)}
    return names, cids


def test_random_play_of_slite_landing_never_shows_the_other_teams_secrets():
    import re

    import numpy as np

    from lcb_lab.games.lcb.whatif.autoplay import random_impulse
    g = load_scenario("slite_landing", seed=3, auto_policies={})
    labs = {t: LabApp(g, team=t) for t in ("US", "RU")}
    rng = np.random.default_rng(3)
    played, checked = 0, 0
    for _ in range(8):
        if g.state.stage != "action":
            break
        random_impulse(g, rng)
        played += 1
        for team, lab in labs.items():
            lab.refresh()
            for uid in list(lab.visible_counters())[:6]:        # Unit Trackers (and Embark Areas) drawn too
                lab.select_unit(uid)
            text = _all_texts(lab)
            names, cids = _hidden_from(g, team)
            for n in names:
                assert not re.search(rf"(?<![\w-]){re.escape(n)}(?![\w-])", text), (team, n)
            for c in cids:
                assert not re.search(rf"(?<![\w-]){re.escape(c)}(?!\d)", text), (team, c)
            checked += len(names) + len(cids)
    assert played == 8 and checked > 0          # the embarked LCU and MEU Rotary Lift, RU's pool card...
    # the owner's Cards section names its hidden cards (by name: no card id is shown to anyone)
    _, hidden_us = _hidden_from(g, "RU")
    us_text = _all_texts(labs["US"])
    assert all(g.state.cards[c].name in us_text for c in hidden_us) and hidden_us


# ------------------------------------------------------------------ a mine attack answered in the lab (the 13.33 example)
def test_the_mine_owner_answers_the_13_33_example_in_the_decision_panel():
    """Nikolai's 2 mine cubes in C-2; the revealed US stack moves in; in the RU view the decision
    panel offers the cubes per target, both go at DDG-51: dice 13 (a hit, 13 or less) and 14."""
    from lcb_lab.games.lcb.content.situation import situation
    from lcb_lab.games.lcb.content.worked import ch13
    g = situation(units={"DDG-51": {"type": "usn_ddg_51", "hex": "B-2", "face_up": True},
                         "DDG-80": {"type": "usn_ddg_51", "hex": "B-2", "face_up": True},
                         "DDG(X)-106": {"type": "usn_ddg_x", "hex": "B-2", "face_up": True},
                         "1 Anna": ("runi_naval_infantry_platoon", "H-8")}, naval=ch13.SEA, forced=[13, 14])
    ch13.lay_mines(g, "RU", "C-2", 2)
    us = LabApp(g, team="US")
    assert "C-2" not in us.map.sources["marker_chips"].data["hex"]        # secret (13.37)
    us.begin_impulse("TF Blue")
    us.declare([{"kind": "move_combat", "units": ["DDG-51", "DDG-80", "DDG(X)-106"]}])
    us.move(1, "D-2")
    assert g.pending is not None and g.pending.kind == "mine_attack"
    assert us.decision.visible and "Hand over" in " ".join(_texts(us.decision.widget))
    assert "C-2" not in " ".join(_texts(us.decision.widget))           # the other team: the kind only
    hp = g.state.units["DDG-51"].hp
    ru = LabApp(g, team="RU")
    panel = ru.decision
    targets = [spec["target"] for spec, _box in panel._inputs]
    assert set(targets) == {"DDG-51", "DDG-80", "DDG(X)-106"} and "2 mine cubes in C-2" in plain_text(
        " ".join(_texts(panel.widget)))
    dict(zip(targets, [b for _s, b in panel._inputs]))["DDG-51"].value = 2
    panel.answer_button.click()
    assert plain_text(ru.message.value) == "Red (RU) answered: 2 mine cubes at DDG-51 (13.33).", plain_text(ru.message.value)
    assert g.state.units["DDG-51"].hp == hp - 1                         # 13: a hit; 14: a miss (13.33)


# ------------------------------------------------------------------ embarked losses picked in the lab (worked/ch10.py 10.311)
def test_the_attacker_picks_the_cargo_lost_in_the_decision_panel():
    """DDG-605's LRS takes 2 HP off LHD 1 (worked/ch10.py): the RU decision panel names the face-up
    MEU Rotary Attack and two concealed cards without their names; RU takes 1 Kilo and 1 Whiskey
    (4 GPSV for one HP) and the face-up card (one HP's 2 cards)."""
    from lcb_lab.games.lcb.content.worked import ch10
    g, _lines = ch10.ex_10_311()
    ru = LabApp(g, team="RU")
    panel = ru.decision
    labels = dict((v, k) for k, v in panel.picks.options)
    assert labels["US-1"] == "MEU Rotary Attack"                      # face up: public (11.11)
    assert labels["hidden:0"] == "a concealed Embarked card (#1, drawn at random)"
    assert labels["1 Kilo"] == "1 Kilo (2 GPSV)"
    assert not any(n in " ".join(_texts(ru.widget)) for n in ("Amphibious: LCU", "MUX: Unmanned"))
    panel.picks.value = ("US-1", "1 Kilo", "1 Whiskey")
    panel.answer_button.click()
    assert plain_text(ru.message.value) == ("Red (RU) answered: LHD 1 loses MEU Rotary Attack, 1 Kilo and 1 Whiskey "
                                            "(10.311)."), plain_text(ru.message.value)
    assert g.state.units["1 Kilo"].destroyed and g.state.units["1 Whiskey"].destroyed
    assert g.state.cards["US-1"].where == "discarded" and not g.state.units["1 Alpha"].destroyed
    us = LabApp(g, team="US")
    us.select_hex("B-6")
    text = plain_text(us.unit_panel.value)
    assert "1 Alpha" in text and "1 Kilo" not in text and "MEU Rotary Attack" not in text


# ------------------------------------------------------------------ an instructor ruling and the Proxy Force (the 13.14 example)
def test_the_13_14_ruling_is_entered_and_used_from_the_lab():
    """Caitlyn's Proxy Force (worked/ch13.py): the instructor enters the agreed effect (3 or less,
    both LRS supplies of the rocket unit -1); RU plays the card and the section offers the marker's
    effect with ruling 1 on 1 Whiskey; her die 3 succeeds."""
    from lcb_lab.games.lcb.content.situation import situation
    g = situation(units={"1 Whiskey": {"type": "usmc_himars_section", "hex": "D-4", "face_up": True},
                         "1 Anna": {"type": "runi_naval_infantry_platoon", "hex": "H-8"}},
                  cards={"RU": ["Proxy Forces: Militia"]}, initiative="RU", forced=[3])
    ru = LabApp(g, team="RU")
    assert not ru.ruling_panel.widget.children             # the instructor's form only
    before = state_json(g)
    ru.instructor_ruling("RU", "ammunition", 3)
    assert "Instructor view only" in plain_text(ru.message.value) and state_json(g) == before
    lab = LabApp(g, team="instructor")
    form = lab.ruling_panel
    form.text.value, form.succeeds_on.value, form.supply_loss.value = "both LRS supplies -1", 3, "LRS1, LRS2"
    form.enter.click()
    assert "Instructor ruling: done" in plain_text(lab.message.value), plain_text(lab.message.value)
    assert "Ruling 1 (RU, 3 or less): both LRS supplies -1 \u2014 supply -1: LRS1, LRS2" in plain_text(form.listing.value)
    supply = dict(g.state.units["1 Whiskey"].supply)
    lab.begin_impulse("TF Red")
    lab.declare([{"kind": "play_jcc", "jcc": "Proxy Forces: Militia"}])
    lab.select_hex("D-4")
    lab.play_card("Proxy Forces: Militia", "A", (), "D-4", 1)
    assert "done" in plain_text(lab.message.value), plain_text(lab.message.value)
    lab.select_hex("D-4")
    p = lab.special_panel
    use = A.MarkerAction("PROXY-1", (), "effect", ("ruling:1", "1 Whiskey"))
    assert use in [a for a, why in p.tried if why is None] + p.offered
    assert "PROXY-1: stay, then its effect at ruling 1, 1 Whiskey (free)" in p.quick_labels
    p.buttons[p.quick_labels.index("PROXY-1: stay, then its effect at ruling 1, 1 Whiskey (free)")].click()
    assert "done" in plain_text(lab.message.value), plain_text(lab.message.value)
    after = g.state.units["1 Whiskey"].supply
    assert (after["LRS1"], after["LRS2"]) == (supply["LRS1"] - 1, supply["LRS2"] - 1)


def test_marker_texts_meet_the_projector_sizes():
    """The projector rule (docs/ui.md): in presentation, at the reference frame (800 px tall),
    map texts are >= 14 px -- the chips' text is 14 px like the hex labels, the track labels 12 px;
    they follow the frame like every map text."""
    from lcb_lab.ui.lcb.map import MapView, sizing
    g = _staged()
    mv = MapView(g.board, frame_height=sizing.PRESENTATION_MIN_FRAME_HEIGHT, presentation=True)
    mv.update(g, "RU")
    assert mv._glyph("marker_text").text_font_size == "14px" == mv._glyph("hex_labels").text_font_size
    assert mv._glyph("track_text").text_font_size == "12px"
    assert MapView(g.board)._glyph("marker_text").text_font_size == "8.5px"     # the default look, 860 px frame
    big = MapView(g.board, frame_height=2 * sizing.PRESENTATION_MIN_FRAME_HEIGHT, presentation=True)
    assert big._glyph("marker_text").text_font_size == "28px"
