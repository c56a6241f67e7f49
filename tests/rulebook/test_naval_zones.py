"""Naval zones (7.4-7.44, 7.510) on a synthetic board with the four zone boxes, forced dice.

The printed 7.41 is cut off after "a US DDG's LRS combat value of 14 is reduced to" and its next
line ("firing into adjacent naval zones or opposing naval zones ... reduced by 2") conflicts with
the -2 / -4 of the sentence before (facts.md item 5).  lcb_lab's reading (docs/rules_detail.md,
``lcb_lab/games/lcb/zones.py``): map <-> gray zone -2, map <-> striped zone -4, zone <-> zone -2
(the bullet, not added to the others); a zone box is not a target from inside itself.  The
tests marked "reading" depend on it.
"""
import pytest

from lcb_lab import situation
from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb import zones
from lcb_lab.kernel.errors import IllegalAction, ScenarioError

B, R = "TF Blue", "TF Red"
SEA = [f"{c}-{r}" for c in "ABCDEF" for r in range(1, 4)]
ALL_ZONES = ["W1200", "W700", "E700", "E1200"]


def game(units, forced=(), **kw):
    units = {uid: dict(type=t, hex=h, face_up=up, **({"task_force": tf} if tf else {}))
             for uid, (t, h, tf, up) in units.items()}
    return situation(units, naval=SEA, naval_zones=ALL_ZONES, forced=list(forced), **kw)


def lrs(shooter, target, dice, slot="LRS1"):
    return A.LrsAttack(shooter, slot, target, dice)


def strike(g, tf, shooters, allocs):
    g.apply(A.BeginImpulse(tf))
    g.apply(A.Declare(tuple(A.CoreAction("move_combat", (u,)) for u in shooters)))
    g.apply(A.CommitCombat(lrs=tuple(allocs)))
    return g.pending


def no_intercept(g):
    while g.pending is not None and g.pending.kind == "intercept":
        g.apply(g.pending.answer_from([]))


def rolls(g):
    return [e for e in g.log if e["kind"] == "lrs_roll"]


# ---- 7.43: places ---------------------------------------------------------------------------
def test_7_43_each_stack_in_a_zone_is_its_own_place():
    g = game({"DDG-51": ("usn_ddg_51", "W700.1", B, True), "DDG-80": ("usn_ddg_51", "W700.2", B, True),
              "DDG-81": ("usn_ddg_51", "W700.2", B, True)})
    assert [u.uid for u in g.state.units_in("W700.2")] == ["DDG-80", "DDG-81"]
    assert [u.uid for u in g.state.units_in("W700.1")] == ["DDG-51"]
    assert "W700.1" in g.board and "E1200.7" in g.board and "W700.0" not in g.board
    h = g.board.hex("W700.1")
    assert (h.kind, h.colour, h.naval_links, h.ground_links) == ("naval", "blue", (), ())
    assert zones.distance("W700.1", "W700.1") == 0 and zones.distance("W700.1", "W700.2") == zones.ZONE_DISTANCE


def test_7_43_two_teams_in_one_zone_place_are_refused_at_load():
    """7.43: each stack in a naval zone is its own hex, and a stack is one player's -- so a place
    holds one team's stack; the other team's ship goes to another place of the zone."""
    with pytest.raises(ScenarioError) as e:
        game({"DDG-51": ("usn_ddg_51", "W700.1", B, True), "FFG-454": ("rubf_ffg_gorshkov", "W700.1", R, False)})
    assert e.value.key == "units.FFG-454.hex"
    assert "W700.1, which holds DDG-51 (US)" in str(e.value) and "(7.43)" in str(e.value)
    g = game({"DDG-51": ("usn_ddg_51", "W700.1", B, True), "FFG-454": ("rubf_ffg_gorshkov", "W700.2", R, False)})
    assert [u.uid for u in g.state.units_in("W700.2")] == ["FFG-454"]


def test_7_43_a_scenario_file_with_two_teams_in_one_zone_place_is_refused(tmp_path):
    from pathlib import Path
    from lcb_lab import load_scenario
    text = (Path(__file__).parents[2] / "scenarios" / "lcb" / "central_baltic.toml").read_text(encoding="utf-8")
    moved = text.replace('hex = "E700.1"                      # sandbox: the eastern gray zone (700 km)',
                         'hex = "W700.1"', 1)
    assert moved != text
    f = tmp_path / "clash.toml"
    f.write_text(moved, encoding="utf-8")
    with pytest.raises(ScenarioError) as e:
        load_scenario(f)
    assert e.value.key in ("unit[Admiral Makarov].hex", "unit[DDG-51].hex")
    assert "naval zone place W700.1" in str(e.value) and "(7.43)" in str(e.value)


def test_7_4_a_zone_the_map_lacks_and_a_ground_unit_in_a_zone_are_refused():
    with pytest.raises(ScenarioError) as e:
        situation({"DDG-51": ("usn_ddg_51", "E700.1")}, naval=SEA, naval_zones=["W700"])
    assert "E700.1" in str(e.value)
    with pytest.raises(ScenarioError) as e:
        situation({"1 Anna": ("runi_naval_infantry_platoon", "W700.1")}, naval=SEA, naval_zones=["W700"])
    assert "5.11" in str(e.value)
    with pytest.raises(ScenarioError):                      # the Gotland-style board has no zones at all
        situation({"DDG-51": ("usn_ddg_51", "W700.1")}, naval=SEA)


# ---- 7.44: no movement --------------------------------------------------------------------------
def test_7_44_no_move_out_of_into_or_between_zones_and_none_offered():
    g = game({"DDG-51": ("usn_ddg_51", "W700.1", B, True), "DDG-80": ("usn_ddg_51", "B-2", B, True)})
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_combat", ("DDG-51",)), A.CoreAction("move_combat", ("DDG-80",)))))
    assert not [a for a in g.legal_actions() if isinstance(a, A.Move) and a.action == 1]   # nothing offered
    assert any(isinstance(a, A.Move) and a.action == 2 for a in g.legal_actions())
    before = g.to_json()
    for aid, path in ((1, ("B-1",)), (1, ("W700.2",)), (1, ("W1200.1",)), (2, ("W700.1",)), (2, ("B-1", "W700.3"))):
        with pytest.raises(IllegalAction) as e:
            g.apply(A.Move(aid, path))
        assert e.value.rule == "7.44" and "naval zone" in e.value.reason
        assert g.to_json() == before


# ---- 7.41: range, reach, penalties --------------------------------------------------------------
def test_7_41_ddg_in_the_gray_zone_fires_onto_the_main_map_at_14_minus_2():
    """7.41's own example: a US DDG (LRS 14) in the gray zone (700 km) fires at CV 12."""
    g = game({"DDG-51": ("usn_ddg_51", "W700.1", B, False), "Admiral": ("rubf_ddg", "C-2", R, True)},
             forced=[12, 13, 20])
    strike(g, B, ["DDG-51"], [lrs("DDG-51", "Admiral", 3)])
    no_intercept(g)
    odds = str(g.chance_outcomes())                                  # exact odds before the roll, at CV 12
    assert "3 d20 hitting on 12 or less" in odds and "= 2: 64.8%" in odds     # P(2+ of 3 hit at 12/20) = 0.648
    g.apply(A.ResolveCombat())
    r = rolls(g)[0]["data"]
    assert (r["base_cv"], r["cv"], r["hits"]) == (14, 12, 1)          # 12 hits, 13 and 20 miss
    assert [tuple(m) for m in r["modifiers"]] == [("from naval zone W700 (700 km)", -2, "7.41")]
    assert "7.41" in rolls(g)[0]["rules"]
    assert g.state.units["Admiral"].hp == 2 - 1
    assert g.state.units["DDG-51"].supply["LRS1"] == 8 - 3 and g.state.units["DDG-51"].revealed


def test_7_41_striped_zone_minus_4_and_target_terrain_still_applies():
    """From W1200 (1,200 km) onto a ground unit in a brown hex: 14 - 2 (7.09 brown) - 4 (7.41) = 8."""
    g = game({"DDG-51": ("usn_ddg_51", "W1200.1", B, False),
              "1 Anna": ("runi_naval_infantry_platoon", "F-6", R, True)},
             colours={"F-6": "brown"}, forced=[8, 9])
    strike(g, B, ["DDG-51"], [lrs("DDG-51", "1 Anna", 2)])
    no_intercept(g)
    g.apply(A.ResolveCombat())
    r = rolls(g)[0]["data"]
    assert (r["base_cv"], r["cv"], r["hits"]) == (14, 8, 1)
    assert sorted(m[2] for m in r["modifiers"]) == ["7.09", "7.41"]
    assert g.state.units["1 Anna"].hp == 1


def test_7_41_from_the_main_map_into_a_striped_zone_minus_4():
    g = game({"Gorshkov": ("rubf_ffg_gorshkov", "C-2", R, False), "DDG-51": ("usn_ddg_51", "E1200.1", B, True)},
             initiative="RU", forced=[8, 9])
    strike(g, R, ["Gorshkov"], [lrs("Gorshkov", "DDG-51", 2)])
    no_intercept(g)
    g.apply(A.ResolveCombat())
    r = rolls(g)[0]["data"]
    assert (r["base_cv"], r["cv"], r["hits"]) == (12, 8, 1)
    assert [tuple(m) for m in r["modifiers"]] == [("into naval zone E1200 (1,200 km)", -4, "7.41")]


def test_7_41_reading_zone_to_zone_is_minus_2_gray_reaches_the_opposing_gray_zone():
    """Reading: the bullet after the truncated example (-2 into adjacent or opposing zones)."""
    g = game({"Admiral": ("rubf_ddg", "E700.1", R, False), "DDG-51": ("usn_ddg_51", "W700.1", B, True),
              "DDG-80": ("usn_ddg_51", "E1200.1", B, True)}, initiative="RU", forced=[10, 11, 3])
    strike(g, R, ["Admiral"], [lrs("Admiral", "DDG-51", 2)])
    no_intercept(g)
    g.apply(A.ResolveCombat())
    r = rolls(g)[0]["data"]
    assert (r["base_cv"], r["cv"], r["hits"]) == (12, 10, 1)
    assert [tuple(m) for m in r["modifiers"]] == [("naval zone E700 -> naval zone W700", -2, "7.41")]


@pytest.mark.parametrize("frm, to, ok", [
    ("W1200.1", "W700.1", True), ("W1200.1", "E700.1", False), ("W1200.1", "E1200.1", False),
    ("W700.1", "E700.1", True), ("W700.1", "W1200.1", True), ("W700.1", "E1200.1", False),
    ("W700.1", "W700.2", False), ("W700.1", "B-2", True), ("B-2", "E1200.1", True)])
def test_7_41_reach_of_each_zone(frm, to, ok):
    g = game({"DDG-51": ("usn_ddg_51", frm, B, False), "Admiral": ("rubf_ddg", to, R, True)})
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_combat", ("DDG-51",)),)))
    before = g.to_json()
    if ok:
        g.apply(A.CommitCombat(lrs=(lrs("DDG-51", "Admiral", 1),)))
        return
    with pytest.raises(IllegalAction) as e:
        g.apply(A.CommitCombat(lrs=(lrs("DDG-51", "Admiral", 1),)))
    assert e.value.rule == "7.41" and frm.split(".")[0] in e.value.reason
    assert g.to_json() == before


def test_7_41_a_finite_range_never_fires_into_or_out_of_a_zone():
    """HIMARS LRS2 (range 12) on the map: the ship in W700.1 is out of its reach (7.41, not 7.31)."""
    g = game({"1 Whiskey": ("usmc_himars_section", "F-6", B, False), "Admiral": ("rubf_ddg", "W700.1", R, True)})
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_combat", ("1 Whiskey",)),)))
    assert not [a for a in g.legal_actions() if isinstance(a, A.CommitCombat) and a.lrs
                and any(x.target == "Admiral" for x in a.lrs)]
    before = g.to_json()
    with pytest.raises(IllegalAction) as e:
        g.apply(A.CommitCombat(lrs=(lrs("1 Whiskey", "Admiral", 1, "LRS2"),)))
    assert e.value.rule == "7.41" and "infinite" in e.value.reason
    assert g.to_json() == before


# ---- 7.42: INTERCEPT ---------------------------------------------------------------------------
def test_7_42_only_units_stacked_with_the_target_intercept_for_it_and_free():
    g = game({"Admiral": ("rubf_ddg", "C-2", R, False),
              "DDG-51": ("usn_ddg_51", "W700.1", B, True), "DDG-106": ("usn_ddg_x", "W700.1", B, False),
              "DDG-80": ("usn_ddg_51", "W700.2", B, False), "DDG-81": ("usn_ddg_51", "C-3", B, False)},
             initiative="RU", forced=[5, 6, 1, 20])
    d = strike(g, R, ["Admiral"], [lrs("Admiral", "DDG-51", 2)])
    assert d.kind == "intercept" and d.team == "US"                 # announced before the roll (7.42, 7.54)
    t = d.options.targets[0]
    elig = {(o.uid, o.slot): (o.eligible, o.reason) for o in t.interceptors}
    assert elig[("DDG-51", "INT1")][0] and elig[("DDG-106", "INT1")][0]
    assert not elig[("DDG-80", "INT1")][0] and "7.42" in elig[("DDG-80", "INT1")][1]
    assert not elig[("DDG-81", "INT1")][0] and "7.42" in elig[("DDG-81", "INT1")][1]
    ap = g.state.impulse.ap
    before = g.to_json()
    for who in ("DDG-80", "DDG-81"):
        with pytest.raises(IllegalAction) as e:
            g.apply(d.answer_from([{"interceptor": who, "slot": "INT1", "target": "DDG-51", "dice": 1}]))
        assert e.value.rule == "7.42"
        assert g.to_json() == before
    g.apply(d.answer_from([{"interceptor": "DDG-106", "slot": "INT1", "target": "DDG-51", "dice": 2}]))
    g.apply(A.ResolveCombat())
    lrs_roll = rolls(g)[0]["data"]
    assert (lrs_roll["cv"], lrs_roll["hits"]) == (10, 2)             # 12 - 2 (into W700, 7.41) = 10; 5 and 6 hit
    itc = next(e for e in g.log if e["kind"] == "intercept_roll")["data"]
    assert (itc["cv"], itc["hits"]) == (14, 1)                     # 1 succeeds, 20 fails
    assert g.state.units["DDG-51"].hp == 3 - 1
    assert g.state.units["DDG-106"].supply["INT1"] == 15 - 2
    assert g.state.impulse.ap == ap                                 # no AP spent on the INTERCEPT (7.42)


def test_7_42_a_unit_in_a_zone_does_not_intercept_for_the_main_map():
    """...but a unit on the map intercepts for a map target struck from a zone (the zone is
    farther than any hex: 7.53 holds)."""
    g = game({"Admiral": ("rubf_ddg", "C-2", R, True), "Gorshkov": ("rubf_ffg_gorshkov", "E700.1", R, False),
              "Boyky": ("rubf_ffg_gorshkov", "C-3", R, False), "DDG-51": ("usn_ddg_51", "W700.1", B, False)})
    d = strike(g, B, ["DDG-51"], [lrs("DDG-51", "Admiral", 2)])
    assert d.kind == "intercept" and d.team == "RU"
    elig = {o.uid: (o.eligible, o.reason) for o in d.options.targets[0].interceptors}
    assert not elig["Gorshkov"][0] and "7.42" in elig["Gorshkov"][1]
    assert elig["Boyky"][0] and elig["Admiral"][0]


# ---- saves -------------------------------------------------------------------------------------
def test_7_43_a_save_keeps_zone_places_and_the_check_refuses_a_missing_zone():
    from lcb_lab.games.lcb.game import Game
    g = game({"DDG-51": ("usn_ddg_51", "W700.1", B, True), "Admiral": ("rubf_ddg", "E1200.2", R, False)})
    text = g.to_json()
    back = Game.from_json(text)
    assert back.unit("DDG-51").hex == "W700.1" and back.unit("Admiral").hex == "E1200.2"
    assert back.board.zones == tuple(ALL_ZONES)
    bad = text.replace('"E1200.2"', '"E1200.0"')
    with pytest.raises(ScenarioError) as e:
        Game.from_json(bad)
    assert "E1200.0" in str(e.value)


def _cms_game(target_hex):
    g = game({"DDG-51": ("usn_ddg_51", target_hex, B, True), "Admiral": ("rubf_ddg", "C-2", R, False)},
             initiative="RU", cards={"RU": ["Cruise Missile Strike"]})
    cms = next(c.cid for c in g.state.cards.values() if c.name == "Cruise Missile Strike")
    g.apply(A.BeginImpulse(R))
    g.apply(A.Declare((A.CoreAction("play_jcc", jcc="Cruise Missile Strike"),)))
    return g, cms


def test_7_41_a_card_lrs_strikes_into_a_zone_only_when_the_card_says_so():
    """Cruise Missile Strike (sandbox deck) says nothing about naval zones: refused for a ship in
    W700.1 (7.41), played on the same ship on the map."""
    g, cms = _cms_game("W700.1")
    before = g.to_json()
    with pytest.raises(IllegalAction) as e:
        g.apply(A.PlayCard(cms, targets=("DDG-51",), action=1))
    assert e.value.rule == "7.41" and "naval zone" in e.value.reason
    assert g.to_json() == before
    g, cms = _cms_game("C-3")
    g.apply(A.PlayCard(cms, targets=("DDG-51",), action=1))
    assert g.state.impulse.card_lrs and g.state.impulse.card_lrs[0]["target"] == "DDG-51"


@pytest.mark.parametrize("aegis_host_hex, eligible", [("C-2", True), ("W700.1", False)])
def test_7_510_bmd_in_a_zone_does_not_answer_for_the_main_map(aegis_host_hex, eligible):
    """7.510: BMD on the main map answers for the main map; a BMD unit in a naval zone does not."""
    g = game({"DDG-51": ("usn_ddg_51", "C-3", B, True), "DDG-106": ("usn_ddg_x", aegis_host_hex, B, True),
              "Admiral": ("rubf_ddg", "F-2", R, False)}, initiative="RU",
             cards={"US": [{"name": "Aegis Ballistic Missile Defense", "attach_to": "DDG-106"}],
                    "RU": ["Ballistic: Iskander"]})
    isk = next(c.cid for c in g.state.cards.values() if c.name == "Ballistic: Iskander")
    aegis = next(c.cid for c in g.state.cards.values() if c.name == "Aegis Ballistic Missile Defense")
    g.apply(A.BeginImpulse(R))
    g.apply(A.Declare((A.CoreAction("play_jcc", jcc="Ballistic: Iskander"),)))
    g.apply(A.PlayCard(isk, targets=("DDG-51",), action=1))
    while g.pending is not None and g.pending.kind != "intercept":
        g.apply(A.Answer())
    if g.pending is None:
        g.apply(A.CommitCombat())
    t = g.pending.options.targets[0].attacks[0]
    o = next(o for o in t.interceptors if o.uid == "DDG-106" and o.slot == f"{aegis}:INT2")
    assert o.eligible is eligible
    if not eligible:
        assert "7.42" in o.reason


def test_7_44_a_stack_in_a_zone_does_not_split_but_acts_whole():
    """3.37 makes a split stack move into its own hex; in a zone nothing moves (7.44): declaring
    part of the stack is refused and not offered; the whole stack fires with the units it chooses."""
    g = game({"DDG-80": ("usn_ddg_51", "W700.2", B, False), "DDG-106": ("usn_ddg_x", "W700.2", B, False),
              "Admiral": ("rubf_ddg", "C-2", R, True)}, forced=[1, 20])
    g.apply(A.BeginImpulse(B))
    offered = [a for a in g.legal_actions() if isinstance(a, A.Declare)]
    assert offered and not [d for d in offered if any(len(c.units) == 1 for c in d.actions)]
    before = g.to_json()
    with pytest.raises(IllegalAction) as e:
        g.apply(A.Declare((A.CoreAction("move_combat", ("DDG-106",)),)))
    assert e.value.rule == "7.44" and g.to_json() == before
    g.apply(A.Declare((A.CoreAction("move_combat", ("DDG-80", "DDG-106")),)))
    g.apply(A.CommitCombat(lrs=(lrs("DDG-106", "Admiral", 2),)))
    no_intercept(g)
    g.apply(A.ResolveCombat())
    r = rolls(g)[0]["data"]
    assert (r["base_cv"], r["cv"], r["hits"]) == (15, 13, 1)
    assert not g.state.units["DDG-80"].revealed and g.state.units["DDG-106"].revealed


def test_7_41_reach_table_for_readers_matches_the_checks():
    table = {(a, b): r for a, b, r in zones.reach_table()}
    assert len(table) == 24
    assert table[("W700", "E700")] == "CV -2" and table[("W1200", "E700")] == "refused"
    assert table[("main map", "E1200")] == "CV -4" and table[("E1200", "main map")] == "CV -4"
    assert [k for k, r in table.items() if k[0] == k[1]] == [(z, z) for z in zones.ZONES]
    assert all(table[(z, z)] == "refused" for z in zones.ZONES)
