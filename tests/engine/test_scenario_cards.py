"""Scenario cards and deployment areas (3.01, 3.1, 3.2, 9.31, 10.0): the TOML format, its
errors (file and key named), ``start = "planning" | "action"``, and ``situation(cards=...)``.

Uses the TEST deck of tests/rulebook/stage_decks (the App. B card names)."""
from __future__ import annotations

from pathlib import Path

import pytest

from lcb_lab import load_scenario, situation
from lcb_lab.games.lcb.model.cards import load_decks
from lcb_lab.kernel.errors import ScenarioError

DECKS = load_decks(str(Path(__file__).parents[1] / "rulebook" / "stage_decks"))

BASE = '''
[scenario]
id = "t"
name = "test"
max_turns = 3
initiative = "US"
start = "{start}"

[zones]
"Gotland east" = ["AL-21", "AK-21", "AK-20"]

[teams.US]
cp = 5
network_cubes = 0
prescribed = [{us}]
purchases = [{purchases}]

[teams.RU]
cp = 4
network_cubes = 2
prescribed = [{ru}]

[[task_force]]
name = "TF Boston"
team = "US"

[[task_force]]
name = "TF Moscow"
team = "RU"
zone = "Gotland east"

[[unit]]
uid = "LHD 1"
type = "usn_lhd"
task_force = "TF Boston"
hex = "AM-26"

[[unit]]
uid = "DDG(X)-106"
type = "usn_ddg_x"
task_force = "TF Boston"
hex = "AO-24"

[[unit]]
uid = "DDG(X)-107"
type = "usn_ddg_x"
task_force = "TF Boston"
hex = "AN-25"

[[unit]]
uid = "1 Alpha"
type = "usmc_infantry_platoon"
task_force = "TF Boston"
embarked_on = "LHD 1"

[[unit]]
uid = "1 Anna"
type = "runi_naval_infantry_platoon"
task_force = "TF Moscow"
{anna}
{extra}
'''


def write(tmp_path: Path, start="action", us="", ru="", purchases="", anna='hex = "AL-21"', extra="") -> Path:
    p = tmp_path / "t.toml"
    p.write_text(BASE.format(start=start, us=us, ru=ru, purchases=purchases, anna=anna, extra=extra),
                 encoding="utf-8")
    return p


def load(p: Path, **kw):
    return load_scenario(p, decks=DECKS, **kw)


def test_action_start_creates_the_cards_in_place(tmp_path):
    g = load(write(tmp_path, us='{name = "Combat Air Patrols", hex = "AN-27", face_up = true}, '
                                '{name = "V-BAT", attach_to = "1 Alpha"}, {name = "Amphibious: LCU", embark_on = "LHD 1"}, '
                                '{name = "Tactical Network"}',
                   purchases='{name = "Open Source Intel"}'))
    s = g.state
    got = sorted((c.name, c.where, c.host, c.hex, c.face_up, c.free) for c in s.cards.values() if c.team == "US")
    assert got == [("Aegis Ballistic Missile Defense", "attached", "DDG(X)-106", None, False, True),   # automatic (9.31)
                   ("Aegis Ballistic Missile Defense", "attached", "DDG(X)-107", None, False, True),
                   ("Amphibious: LCU", "embarked", "LHD 1", None, False, True),
                   ("Combat Air Patrols", "deployed", None, "AN-27", True, True),
                   ("Open Source Intel", "pool", None, None, False, False),
                   ("Tactical Network", "deployed", None, None, True, True),
                   ("V-BAT", "attached", "1 Alpha", None, False, True)]
    assert (s.stage, s.cp, s.planning_stages) == ("action", {"US": 0, "RU": 0}, 1)
    assert s.units["1 Alpha"].attachments == ["V-BAT"]
    assert s.units["LHD 1"].attachments == ["Amphibious: LCU (Embarked)"]
    assert s.deploy_areas == {}


def test_planning_start_takes_the_zone_and_skips_the_purchases(tmp_path):
    g = load(write(tmp_path, start="planning", anna="", purchases='{name = "Open Source Intel"}',
                   ru='{name = "Thermal Camo", free = false}'))
    s = g.state
    assert s.stage == "planning" and s.deploy_areas["1 Anna"].hexes == ["AL-21", "AK-21", "AK-20"]
    assert s.deploy_areas["1 Alpha"].embark_on == "LHD 1" and s.deploy_areas["LHD 1"].hexes == ["AM-26"]
    assert not [c for c in s.cards.values() if c.name == "Open Source Intel"]
    assert s.cp == {"US": 5, "RU": 3}               # a prescribed card with free = false costs its CP


def test_the_start_keyword_overrides_the_file(tmp_path):
    p = write(tmp_path)
    assert load(p, start="planning").state.stage == "planning"
    assert load(p).state.stage == "action"
    from lcb_lab.kernel.errors import InputError
    with pytest.raises(InputError):
        load(p, start="deployment")


@pytest.mark.parametrize("kw, key, words", [
    (dict(us='{name = "No Such Card"}'), "teams.US.prescribed[No Such Card].name", "no card 'No Such Card' in the US deck"),
    (dict(us='{name = "V-BAT", attach_to = "1 Anna"}'), "teams.US.prescribed[V-BAT].attach_to", "not a unit of US"),
    (dict(us='{name = "V-BAT", attach_to = "Nobody"}'), "teams.US.prescribed[V-BAT].attach_to", "not a unit of US"),
    (dict(us='{name = "Combat Air Patrols", hex = "ZZ-99"}'), "teams.US.prescribed[Combat Air Patrols].hex", ""),
    (dict(us='{name = "V-BAT", attach_to = "DDG(X)-106"}'), "teams.US.prescribed[V-BAT].attach_to", "requires"),
    (dict(us='{name = "Naval Strike Missile", attach_to = "LHD 1"}'), "teams.US.prescribed[Naval Strike Missile].attach_to", "10.39"),
    (dict(us='{name = "Open Source Intel", attach_to = "1 Alpha"}'), "teams.US.prescribed[Open Source Intel].attach_to", "not an Attached card"),
    (dict(us='{name = "P-8A: Surveillance", embark_on = "LHD 1"}'), "teams.US.prescribed[P-8A: Surveillance].embark_on", "no Space Value"),
    (dict(us='{name = "V-BAT", attach_to = "1 Alpha", hex = "AN-27"}'), "teams.US.prescribed[V-BAT]", "give one of"),
    (dict(ru='{name = "T-14 Tank: Unmanned", attach_to = "1 Anna"}, {name = "Pantsir-SM: IAMD", attach_to = "1 Anna"}'),
     "teams.RU.prescribed[Pantsir-SM: IAMD].attach_to", "only one"),
    (dict(us='{name = "V-BAT", colour = "red"}'), "teams.US.prescribed[V-BAT].colour", "Extra inputs"),
    (dict(start="later"), "scenario.start", ""),
    (dict(anna='zone = "Nowhere"', start="planning"), "unit[1 Anna].zone", "no zone 'Nowhere'"),
    (dict(anna='area = ["AL-21", "AM-18"]', start="planning"), "unit[1 Anna].area", "no land"),
    (dict(anna='hex = "AL-21"\narea = ["AL-21"]', start="planning"), "unit[1 Anna]", "give one of"),
    (dict(anna='area = ["AL-21"]'), "unit[1 Anna]", "give exactly one of hex or embarked_on"),
    (dict(extra='[[planning]]\nturn = 4\ncp = {US = 3}'), "planning[0].turn", "2..max_turns"),
    (dict(extra='[[planning]]\nturn = 1'), "planning[0].turn", ""),
    (dict(start="planning", ru='{name = "T-14 Tank: Unmanned", free = false}, {name = "Cruise Missile Strike", free = false}'),
     "teams.RU.prescribed[Cruise Missile Strike]", "costs 3 CP; RU has 1"),
    (dict(purchases='{name = "P-8A: Surveillance"}, {name = "Space Satellites"}'),
     "teams.US.purchases[Space Satellites]", "costs 5 CP; US has 2 CP left"),
])
def test_malformed_scenario_cards_and_areas_name_the_file_and_key(tmp_path, kw, key, words):
    p = write(tmp_path, **kw)
    with pytest.raises(ScenarioError) as e:
        load(p)
    assert e.value.file == str(p) and e.value.key == key, e.value
    assert words in e.value.problem, e.value.problem


def test_a_unit_without_any_deployment_area_is_refused_in_a_planning_start(tmp_path):
    p = write(tmp_path, start="planning", anna="")
    p.write_text(p.read_text().replace('zone = "Gotland east"\n', ""), encoding="utf-8")
    with pytest.raises(ScenarioError) as e:
        load(p)
    assert e.value.key == "unit[1 Anna]" and "no deployment area" in e.value.problem


def test_older_files_with_jccs_and_attachments_still_load(tmp_path):
    p = write(tmp_path, extra='attachments = ["T-14 Tank: Unmanned"]')
    p.write_text(p.read_text().replace("cp = 5\n", 'cp = 5\njccs = ["Anything"]\n'), encoding="utf-8")
    s = load(p).state
    assert [c.name for c in s.cards.values() if c.where == "pool"] == ["Anything"]      # GameState.migrate_jccs
    assert s.jccs == {} and s.units["1 Anna"].attachments == ["T-14 Tank: Unmanned"]


# ---------------------------------------------------------------- situation(cards=...)
def test_situation_cards_in_the_pool_attached_embarked_and_deployed():
    g = situation(units={"LHD 1": ("usn_lhd", "A-1"), "1 Alpha": {"type": "usmc_infantry_platoon", "embarked_on": "LHD 1"},
                         "1 Anna": ("runi_naval_infantry_platoon", "F-6")}, naval=["A-1"], decks=DECKS,
                  cards={"US": ["Open Source Intel", {"name": "V-BAT", "attach_to": "1 Alpha"},
                                {"name": "Amphibious: LCU", "embark_on": "LHD 1"},
                                {"name": "Combat Air Patrols", "hex": "B-2", "face_up": True, "expended": True, "cubes": 1}],
                         "RU": [{"name": "Thermal Camo", "where": "discarded"}]})
    got = {c.cid: (c.name, c.where, c.host, c.hex, c.face_up, c.expended, c.cubes) for c in g.state.cards.values()}
    assert got == {"US-1": ("Open Source Intel", "pool", None, None, False, False, 0),
                   "US-2": ("V-BAT", "attached", "1 Alpha", None, False, False, 0),
                   "US-3": ("Amphibious: LCU", "embarked", "LHD 1", None, False, False, 0),
                   "US-4": ("Combat Air Patrols", "deployed", None, "B-2", True, True, 1),
                   "RU-1": ("Thermal Camo", "discarded", None, None, False, False, 0)}
    assert g.decks is DECKS


@pytest.mark.parametrize("cards, key, words", [
    ({"US": ["Nope"]}, "cards.US[0].name", "no card 'Nope'"),
    ({"RU": [{"name": "T-14 Tank: Unmanned", "attach_to": "LHD 1"}]}, "cards.RU[0]", "RU has no unit named 'LHD 1'"),
    ({"US": [{"name": "V-BAT", "where": "nowhere"}]}, "cards.US.0.where", ""),
])
def test_situation_cards_malformed(cards, key, words):
    with pytest.raises(ScenarioError) as e:
        situation(units={"LHD 1": ("usn_lhd", "A-1")}, naval=["A-1"], decks=DECKS, cards=cards)
    assert e.value.key == key and words in e.value.problem, e.value


def test_the_deployment_stage_lists_the_ships_a_pool_card_must_embark_on():
    """A pool card that needs an Embark-capable host (MEU Rotary Attack: LHD or LHA, 10.34) is
    offered PlaceCard onto each such ship of the team in the Deployment Stage (3.22)."""
    from lcb_lab import load_scenario
    from lcb_lab.games.lcb import actions as A
    from lcb_lab.games.lcb.rules.cards.jcc import add_card
    g = load_scenario("gotland_redux", start="planning")
    for t in ("US", "RU"):
        g.apply(A.EndPlanning(t))
    c = add_card(g.state, "US", "MEU Rotary Attack")
    offers = [a for a in g.legal_actions("US") if isinstance(a, A.PlaceCard) and a.card == c.cid]
    assert offers == [A.PlaceCard(c.cid, embark_on="LHD 1")]
    g.apply(offers[0])
    assert (g.state.cards[c.cid].where, g.state.cards[c.cid].host) == ("embarked", "LHD 1")
