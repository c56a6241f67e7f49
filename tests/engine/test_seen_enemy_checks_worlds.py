"""Checks of "an enemy in the hex" read what the acting team sees (6.11, principle 8): a rule that
counted a face-down enemy unit in a hex but not a face-down enemy MILDEC (4.22: their backs look
alike) told the acting team which one a back was, by refusing in one world and accepting in the
other.  Each test builds two worlds that differ only in which of two enemy backs is the MILDEC
(``tests/worlds.py``: :func:`~tests.worlds.twin_of` asserts the team's view is the same), asks
the same act of both and asserts the same verdict -- refused with the same rule and words, or
accepted -- and, where the act is accepted, the same offers, pause, dice and log lines after it
(:func:`~tests.worlds.compare_steps`).  Each failed on the code before: the SOF marker's
"enemy-occupied hex" (13.4), Armor Breakthrough's destination and its assaulted hex (7.110, 7.19),
RESUPPLY from or into a hex with a face-down enemy counter (8.05, 7.26), a port hex (12.3), an ISR
marker's RESUPPLY (13.28 with 13.45), a scheduled reinforcement's arrival hex (3.11, 12.4), a
card aimed at a stack the team sees only as backs (9.0) and a Continuing Combat marker kept by a
ship's back in a mixed hex (7.22)."""
from __future__ import annotations

import pytest

import lcb_lab
from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.content.worked.ch12 import BLUE, RED, coast_game, infantry
from lcb_lab.games.lcb.model.state import Marker
from tests.worlds import Change, compare_steps, twin_of, verdict
from tests.conftest import assault_into

B, R = "TF Blue", "TF Red"


def _swap(mid: str, uid: str):
    """The change that swaps MILDEC ``mid`` and unit ``uid`` (both the enemy's backs): the
    observer still sees one back in each hex."""
    def change(s):
        m, u = s.markers[mid], s.units[uid]
        m.hex, u.hex = u.hex, m.hex
        return Change(f"{mid} {m.hex} <-> {uid} {u.hex}", {mid: mid, uid: uid})
    return change


def _verdicts(g, team: str, mid: str, uid: str, act) -> tuple[str, str]:
    """``act``'s verdict in ``g`` and in its twin where ``mid`` and ``uid`` trade hexes."""
    twin, _ = twin_of(g, team, _swap(mid, uid))
    return verdict(g, act), verdict(twin, act)


# ---------------------------------------------------------------- 13.4 a SOF marker's hex
def _sof_game():
    """US holds MARSOC HALO (a SOF marker for an enemy-occupied hex, 13.4); RU's MILDEC M is face
    down in D-5, its platoon 1 Zhuk face down in D-8: the US sees one RU back in each."""
    g = lcb_lab.situation(units={"1 Alpha": {"type": "usmc_infantry_platoon", "hex": "H-8"},
                                 "1 Zhuk": {"type": "runi_naval_infantry_platoon", "hex": "D-8"}},
                          markers=[Marker("M", "mildec", "RU", R, "D-5")], cards={"US": ["MARSOC HALO"]},
                          forced=[1])
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("play_jcc", (), jcc="MARSOC HALO"),)))
    return g


def test_a_sof_marker_goes_on_any_hex_with_an_enemy_back_unit_or_mildec_13_4():
    """The US may place the marker on D-5 whichever RU counter the back is (the engine used to
    refuse a MILDEC back only: "holds no enemy unit").  The placement itself then reveals the
    units there (13.42): that difference is the rules' own."""
    g = _sof_game()
    act = A.PlayCard("MARSOC HALO", "A", hex="D-5", action=1)
    assert _verdicts(g, "US", "M", "1 Zhuk", act) == ("accepted", "accepted")


def test_a_sof_marker_still_needs_a_hex_where_the_team_sees_an_enemy_13_4():
    """An empty hex, or one the US sees only its own unit in, is refused in both worlds."""
    g = _sof_game()
    for h in ("F-8", "H-8"):
        act = A.PlayCard("MARSOC HALO", "A", hex=h, action=1)
        a, b = _verdicts(g, "US", "M", "1 Zhuk", act)
        assert a == b == (f"refused by 13.4: {h} holds no enemy unit: the sof marker goes on an "
                          "enemy-occupied hex")


# ---------------------------------------------------------------- 7.19 / 7.110 Armor Breakthrough
def _tank_assault(markers, extra=()):
    """RU's tank (armor) moves into F-6 and destroys the US platoon Inf there (forced 1, 1);
    ``markers`` and ``extra`` units are US counters elsewhere."""
    g = lcb_lab.situation([("Tank", "runi_tank_platoon", "F-7", R), ("Inf", "usmc_infantry_platoon", "F-6", B),
                           *extra], initiative="RU", forced=[1, 1], markers=markers,
                          mixed=["F-6", "G-6"], naval=["G-7", "H-6", "H-7", "C-1"])
    assault_into(g, R, "Tank", "F-6", "Inf", 2)
    assert g.state.units["Inf"].destroyed
    return g


def test_a_breakthrough_into_a_hex_with_an_enemy_back_is_refused_unit_or_mildec_7_110():
    """7.110: no breakthrough "into hexes occupied by an opposing unit".  RU sees one US back in
    G-5: the MILDEC M1 or the logistics company Log (the engine let the tank in beside a MILDEC
    only, telling RU what the back was)."""
    g = _tank_assault([Marker("M1", "mildec", "US", B, "G-5")], [("Log", "usmc_logistics_company", "B-2", B)])
    a, b = _verdicts(g, "RU", "M1", "Log", A.ArmorBreakthrough("Tank", "G-5"))
    assert a == b == "refused by 7.110: G-5 holds opposing units"


def test_a_face_down_counter_left_in_a_mixed_assaulted_hex_stops_the_breakthrough_7_19():
    """7.19: only if no opposing unit remains in the hex.  After Inf is destroyed RU sees one US
    back left in the mixed F-6: a Naval MILDEC or the destroyer DDG (a face-down ship is not
    revealed by ground units, 6.22); both worlds refuse (the engine let the tank go beside a Naval
    MILDEC only).  In a land-only hex a back left beside the tank can only be a MILDEC (6.22):
    ``test_rule_audit.test_7_19_an_enemy_mildec_left_in_the_hex_is_no_opposing_unit``."""
    g = _tank_assault([Marker("N1", "naval_mildec", "US", B, "F-6")], [("DDG", "usn_ddg_51", "C-1", B)])
    a, b = _verdicts(g, "RU", "N1", "DDG", A.ArmorBreakthrough("Tank", "E-6"))
    assert a == b == "refused by 7.19: opposing units remain in F-6"


# ---------------------------------------------------------------- 8.05 / 7.26 RESUPPLY in a contested hex
def _resupply_beside_a_back(where: str):
    """Echo (logistics, F-6) declares Move and/or Resupply for Inf (F-7, GA 0).  F-6 and F-7 are
    mixed; RU's Naval MILDEC N sits face down in ``where`` (Echo's or Inf's hex), its destroyer
    Ship face down in C-1: the US sees one RU back in each."""
    g = lcb_lab.situation([("Echo", "usmc_logistics_company", "F-6", B), ("Inf", "usmc_infantry_platoon", "F-7", B),
                           ("Ship", "rubf_ddg", "C-1", R)],
                          markers=[Marker("N", "naval_mildec", "RU", R, where)],
                          mixed=["F-6", "F-7"], naval=["G-6", "G-7", "C-1", "C-2"])
    g.state.units["Inf"].supply = {**g.state.units["Inf"].supply, "GA": 0}
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_resupply", ("Echo",)),)))
    return g


@pytest.mark.parametrize("where, rule, who", [("F-6", "8.05", "Echo"), ("F-7", "7.26", "Inf")])
def test_resupply_from_or_into_a_hex_with_an_enemy_back_is_refused_ship_or_naval_mildec(where, rule, who):
    """8.05 / 7.26: no RESUPPLY from or into a contested hex.  The back beside Echo (or Inf) may be
    a ship or a Naval MILDEC (alike face down, 6.11): both worlds refuse with the same words (the
    engine let it through beside a Naval MILDEC only)."""
    g = _resupply_beside_a_back(where)
    act = A.Resupply(1, "Echo", "RV1", (A.Grant("Inf", "GA", 2),))
    a, b = _verdicts(g, "US", "N", "Ship", act)
    assert a == b == f"refused by {rule}: {who} is in a contested hex"


# ---------------------------------------------------------------- 12.3 a port hex
def test_a_port_hex_with_an_enemy_back_is_no_friendly_port_unit_or_mildec_12_3():
    """12.3: a port transfer needs a friendly or unoccupied port hex.  RU's back in the large port
    I-5 may be its picket or a MILDEC: both worlds refuse (the engine landed beside a MILDEC back
    only)."""
    g = coast_game({"LHA 8": {"type": "usn_lhd", "hex": "I-5"}, **infantry(2, host="LHA 8")},
                   markers=[Marker("M", "mildec", "RU", RED, "I-5")])
    g.apply(A.BeginImpulse(BLUE))
    g.apply(A.Declare((A.CoreAction("move_combat", ("LHA 8",)),)))
    a, b = _verdicts(g, "US", "M", "Picket", A.PortTransfer("LHA 8", ("1 Inf",), action=1))
    assert a == b == "refused by 12.3: I-5 holds enemy counters: the port hex must be friendly or unoccupied"


# ---------------------------------------------------------------- 13.28 / 13.45 RESUPPLY of a marker's card
def test_resupply_into_an_isr_markers_hex_with_an_enemy_back_is_refused_ship_or_naval_mildec_13_45():
    """13.28: a logistics unit may resupply the Unmanned Boats' card at its ISR marker's hex, not
    into a contested one (13.45).  ISR-1 (face up, B-1) shares the mixed B-1 with one RU back: a
    Naval MILDEC or the destroyer Sasha.  Both worlds refuse with the same rule and words (the
    engine named 13.45 beside a ship and 8.05 beside a Naval MILDEC, telling the US which)."""
    from lcb_lab.games.lcb.content.worked import ch13
    g = lcb_lab.situation(units={"1 Alpha": {"type": "usmc_infantry_platoon", "hex": "B-1"},
                                 "Log Co": {"type": "usmc_logistics_company", "hex": "C-1"},
                                 "Sasha": {"type": "rubf_ddg", "hex": "L-12"}},
                          markers=[Marker("N", "naval_mildec", "RU", R, "B-1")],
                          cards={"US": [{"name": "Unmanned Boats", "attach_to": "1 Alpha"}]},
                          mixed=["B-1", "B-2"], naval=ch13.SEA + ["B-4", "C-4", "D-4", "L-12"], naval_zor=False,
                          forced=[20, 20, 20, 20], max_turns=6)
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("play_jcc", (), jcc="Unmanned Boats"),
                       A.CoreAction("move_resupply", ("Log Co",)))))
    g.apply(A.PlayCard("Unmanned Boats", "A", action=1))
    g.state.card_markers["ISR-1"].revealed = True      # (staged: revealed, as an enemy unit there would, 13.23)
    act = A.Resupply(2, "Log Co", "RV1", (A.Grant("ISR-1", "LRS", 1),))
    a, b = _verdicts(g, "US", "N", "Sasha", act)
    assert a == b == "refused by 13.45: ISR-1's hex is contested: no RESUPPLY into it"


# ---------------------------------------------------------------- 3.11 / 12.4 a scheduled arrival
def test_a_scheduled_reinforcement_waits_beside_an_enemy_back_unit_or_mildec_3_11_12_4():
    """A US reinforcement due in D-5 waits in the pool while an enemy holds the hex (12.4).  The US
    sees one RU back there: the MILDEC M or the platoon 1 Zhuk.  In both worlds it waits, and the
    US reads the same log lines and sees the same map after (the engine let it land beside a
    MILDEC only, telling the US what the back was)."""
    from lcb_lab.kernel import datacodec
    from lcb_lab.games.lcb.rules.stages.scheduled import arrive_scheduled
    from tests.worlds import read_log, view_text
    g = lcb_lab.situation(units={"1 Alpha": {"type": "usmc_infantry_platoon", "hex": "H-8"},
                                 "1 Zhuk": {"type": "runi_naval_infantry_platoon", "hex": "D-8"}},
                          markers=[Marker("M", "mildec", "RU", R, "D-5")])
    g.state.reinforcements["US"] = [{"uid": "R1", "type": "usmc_infantry_platoon", "task_force": B, "turn": 1,
                                     "hex": "D-5"}]
    datacodec.touched(g.state, "reinforcements")
    twin, _ = twin_of(g, "US", _swap("M", "1 Zhuk"))
    n = len(g.state.log)
    for world in (g, twin):
        arrive_scheduled(world._ctx())
        assert world.state.units.get("R1") is None
        assert [r["uid"] for r in world.state.reinforcements["US"]] == ["R1"]
    assert read_log(g, "US", n) == read_log(twin, "US", n) and read_log(g, "US", n)
    assert view_text(g, "US") == view_text(twin, "US")


# ---------------------------------------------------------------- 9.0 a card aimed at a stack
def test_a_card_aimed_at_a_hex_with_an_enemy_back_is_not_refused_for_want_of_a_unit_9_0():
    """Tactical Cyber Attack reveals and paralyses a target stack (9.0, 6.13).  The US aims it at
    D-5, where it sees one RU back: the MILDEC M or the platoon 1 Zhuk.  Both worlds accept the
    play (the engine refused it beside a MILDEC only: "no enemy unit to target there"); a hex with
    no back is still refused in both."""
    g = lcb_lab.situation(units={"1 Alpha": {"type": "usmc_infantry_platoon", "hex": "H-8"},
                                 "1 Zhuk": {"type": "runi_naval_infantry_platoon", "hex": "D-8"}},
                          markers=[Marker("M", "mildec", "RU", R, "D-5")], cards={"US": ["Tactical Cyber Attack"]},
                          forced=[1] * 4)
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("play_jcc", (), jcc="Tactical Cyber Attack"),)))
    assert _verdicts(g, "US", "M", "1 Zhuk", A.PlayCard("Tactical Cyber Attack", "A", hex="D-5", action=1)) == \
        ("accepted", "accepted")
    a, b = _verdicts(g, "US", "M", "1 Zhuk", A.PlayCard("Tactical Cyber Attack", "A", hex="F-5", action=1))
    assert a == b == "refused by 9.0: Tactical Cyber Attack: no enemy unit to target there"


# ---------------------------------------------------------------- 14.010 a SOF marker and a hidden submarine
def test_a_sof_marker_reveals_the_units_in_its_hex_but_never_an_unrevealed_submarine_13_42_14_010():
    """13.42: the SOF marker reveals the opposing units in its hex -- here the RU destroyer Ship
    in D-5; 14.010: a submarine is revealed only by specific JCC effects, a submarine's ZOR or ASW,
    so the Kilo in D-5 stays off the US map (the engine used to turn it face up)."""
    from lcb_lab.games.lcb.content.worked.ch14 import SSK, sea
    g = sea({"1 Alpha": {"type": "usmc_infantry_platoon", "hex": "L-12"},
             "Ship": ("rubf_ddg", "D-5", R), "Kilo": (SSK, "D-5", R)}, cards={"US": ["MARSOC HALO"]}, forced=[1])
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("play_jcc", (), jcc="MARSOC HALO"),)))
    g.apply(A.PlayCard("MARSOC HALO", "A", hex="D-5", action=1))
    while g.pending is not None:
        g.apply(A.AnswerCards(()))
    assert (g.unit("Ship").revealed, g.state.units["Kilo"].revealed) == (True, False)
    assert sorted(c["id"] for c in g.view("US")["counters"]) == ["1 Alpha", "Ship"]
    # with the destroyer gone, nothing the marker may assault is left in D-5 (13.41): the Kilo is
    # on RU's SOT, not in the hex (14.02), so it keeps no assault open (the engine used to count it)
    from lcb_lab.games.lcb.rules.markers import sof
    g.state.units["Ship"].destroyed = True
    m = next(m for m in g.state.card_markers.values() if m.kind == "sof")
    assert not sof.may_assault(g._ctx(), m)


@pytest.mark.parametrize("h, verdict_", [("D-5", "accepted"),
                                         ("H-8", "refused by 9.0: P-8A: Surveillance: no enemy unit to target there")])
def test_a_naval_card_aimed_at_a_back_in_a_hex_with_water_is_not_refused_ship_or_naval_mildec_9_0(h, verdict_):
    """P-8A: Surveillance A reveals the naval units in its target hex.  The US sees one RU back in
    the mixed D-5 -- the Naval MILDEC N or the destroyer Ship -- and one in the land hex H-8 (the
    platoon Anna, no ship).  D-5 is accepted in both worlds (the engine refused it beside a Naval
    MILDEC only, telling the US the back was no ship); H-8, where no ship can be (5.11), is
    refused in both."""
    g = lcb_lab.situation(units={"1 Alpha": {"type": "usmc_infantry_platoon", "hex": "H-2"},
                                 "Ship": {"type": "rubf_ddg", "hex": "C-1"},
                                 "Anna": {"type": "runi_naval_infantry_platoon", "hex": "H-8"}},
                          markers=[Marker("N", "naval_mildec", "RU", R, "D-5")], cards={"US": ["P-8A: Surveillance"]},
                          mixed=["D-5"], naval=["C-1", "C-2"], naval_zor=False, forced=[1] * 4)
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("play_jcc", (), jcc="P-8A: Surveillance"),)))
    a, b = _verdicts(g, "US", "N", "Ship", A.PlayCard("P-8A: Surveillance", "A", hex=h, action=1))
    assert a == b == verdict_


# ---------------------------------------------------------------- 7.21 / 7.22 a mixed hex's marker
def test_a_continuing_combat_marker_goes_with_the_ground_fight_not_a_ship_back_7_22():
    """F-6 is a mixed hex under a Continuing Combat marker: US 1 Alpha and RU 1 Zhuk fight there,
    and RU has one face-down naval counter in F-6 and one in F-5 -- a frigate and a Naval MILDEC,
    which the US cannot tell apart (4.22).  1 Alpha destroys 1 Zhuk (forced 1, 1): the ground
    fight is over, so the marker goes in both worlds (7.22).  It used to stay, Resolved, where
    the back in F-6 was the frigate (a contested hex counted ships), and go where it was the MILDEC."""
    g = lcb_lab.situation(units={"1 Alpha": {"type": "usmc_infantry_platoon", "hex": "F-6", "task_force": B,
                                             "face_up": True},
                                 "1 Zhuk": {"type": "runi_naval_infantry_platoon", "hex": "F-6", "task_force": R,
                                            "face_up": True},
                                 "Gorshkov": {"type": "rubf_ffg_gorshkov", "hex": "F-6", "task_force": R,
                                              "face_up": False}},
                          markers=[Marker("NM", "naval_mildec", "RU", R, "F-5")], mixed=["F-6", "F-5"],
                          continuing=["F-6"], forced=[1] * 4, auto={"ga_defence": "no_defence", "mildec": "never_absorb"})
    twin, _ = twin_of(g, "US", _swap("NM", "Gorshkov"))
    for w in (g, twin):
        w.apply(A.BeginImpulse(B))
        w.apply(A.Declare())
        w.apply(A.CommitCombat(ga=(A.GroundAssault("1 Alpha", "1 Zhuk", 2),)))
        w.apply(A.ResolveCombat())                # RU lets no MILDEC take a hit ("never_absorb", 4.22)
        assert w.state.units["1 Zhuk"].destroyed
    assert g.state.continuing == twin.state.continuing == {}
