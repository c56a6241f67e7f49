"""0 HP means destroyed, and destroyed means 0 HP, wherever a unit is lost (4.21): by damage on
the map, aboard a sunk ship (10.311), picked by the embark-losses choice (10.311), aboard a lost
transport marker or lift (12.06, 12.12), a torpedoed ship (14.08) or a sunk submarine (14.02).
The invariant is two-way, and a save written when such units kept their HP still loads (its
record replays to the upgraded state)."""
from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from lcb_lab.games.lcb.content.lesson import Lesson
from lcb_lab.games.lcb.game import Game
from lcb_lab.games.lcb.model import invariants as inv
from lcb_lab import situation
from lcb_lab.kernel.errors import ScenarioError
from lcb_lab.kernel.datacodec import touched
from tests.conftest import lrs_impulse

B, R = "TF Blue", "TF Red"
OLD_SAVE = Path(__file__).parent / "saves" / "slite_lesson_end_before_hp0.json"
"""The *Return to Slite* lesson's end, saved (with its record) before a destroyed unit's HP were
set to 0 everywhere: 5 Alpha and 1 Echo lost aboard LSD 41 with 2 HP, DDG-51 torpedoed with 3."""
KEPT_HP = {"5 Alpha": 2, "1 Echo": 2, "DDG-51": 3}
LOSSES_SAVE = Path(__file__).parent / "saves" / "slite_losses_before_hp0.json"
"""The same lesson saved (with its record) right after the Embarked losses, before the HP change."""


def _found(g: Game) -> list[inv.Violation]:
    return inv.violations(g.state, g.board, g.catalog, g.decks)


def _destroyed(g: Game) -> dict[str, int]:
    return {u.uid: u.hp for u in g.state.units.values() if u.destroyed}


def test_every_unit_the_slite_lesson_destroys_has_0_hp_at_every_step():
    """Lost aboard by the embark-losses choice (10.311), torpedoed (14.08), a sunk submarine (14.02)."""
    les = Lesson("slite_landing_lesson")
    for i, _ in enumerate(les.steps()):
        assert _found(les.game) == [], i
    assert _destroyed(les.game) == {"5 Alpha": 0, "1 Echo": 0, "DDG-51": 0, "B-271": 0}


def _craft_lost(how: str) -> Game:
    """Two US platoons aboard a revealed ISR marker (or a lift) are lost (12.06, 12.12)."""
    from lcb_lab.games.lcb.content.worked import ch12
    from lcb_lab.games.lcb.rules.markers import isr, placement
    from lcb_lab.games.lcb.rules.transport import carrying, exposed
    from lcb_lab.games.lcb.rules.transport.cargo import board
    g, card = ch12._lift_game(0, extra=ch12.infantry(2, at="J-8"))
    ctx = g._ctx()
    inf = [g.state.units["1 Inf"], g.state.units["2 Inf"]]
    if how == "lift":
        carrying.destroy_lost(ctx, inf, "US", "MEU Rotary Lift")
        return g
    m = placement.new_marker(ctx, "isr", "US", card, "H-8", revealed=True)
    m.hp = 1
    for u in inf:
        board(ctx, m, u)
    if how == "discard":
        exposed.discard(ctx, m, "sunk", ["12.24"])
    else:
        isr.hit(ctx, m, 1)                   # the marker destroyed: its card leaves play, its cargo is lost
    return g


@pytest.mark.parametrize("how", ["lift", "discard", "hit"])
def test_units_lost_aboard_a_craft_have_0_hp(how):
    g = _craft_lost(how)
    assert _destroyed(g) == {"1 Inf": 0, "2 Inf": 0}
    assert _found(g) == []


def test_units_aboard_a_destroyed_carrier_have_0_hp():
    """3.42 / 10.311: the LHD is destroyed by LRS with three platoons aboard."""
    g = situation([("Msta", "runi_cannon_artillery", "F-2", R), ("LHD 1", "usn_lhd", "F-4", B, True)],
                  initiative="RU", forced=[1] * 4, task_forces={B: "US", R: "RU"}, mixed=["F-4"])
    for i in range(1, 4):
        a = g.state.units[f"{i} Alpha"] = g.state.units["LHD 1"].clone()
        touched(g.state, "units")      # staged in place: the snapshot looks at the map again
        a.uid, a.type_id, a.hex, a.embarked_on, a.hp, a.supply = f"{i} Alpha", "usmc_infantry_platoon", None, \
            "LHD 1", 2, {"GA": 10}
    lrs_impulse(g, R, "Msta", "LHD 1", 4)
    assert _destroyed(g) == {"LHD 1": 0, "1 Alpha": 0, "2 Alpha": 0, "3 Alpha": 0}
    assert _found(g) == []


@pytest.mark.parametrize("uid,where", [("DDG-51", "in AO-22"), ("5 Alpha", "aboard LSD 41")])
def test_the_invariant_refuses_a_destroyed_unit_with_hp_anywhere(uid, where):
    """The converse holds off the map and for ships too (it once held only for units destroyed on the map)."""
    g = Lesson("slite_landing_lesson").run()
    g.state.units[uid].hp = 1
    assert [(v.key, v.invariant, v.problem) for v in _found(g)] == [
        (f"state.units[{uid}].hp", inv.DESTROYED_HP,
         f"{uid} is destroyed {where} with 1 HP left: a destroyed unit has 0 HP (4.21)")]


def test_a_save_from_before_loads_with_0_hp_and_its_record_replays():
    """The lesson saved right after RU took 1 Echo and 5 Alpha aboard LSD 41 (10.311), with 2 HP
    each then; its record (no submarine step) replays to the upgraded state, both ways."""
    d = json.loads(LOSSES_SAVE.read_text(encoding="utf-8"))
    assert {uid: d["state"]["units"][uid]["hp"] for uid in ("5 Alpha", "1 Echo")} == {"5 Alpha": 2, "1 Echo": 2}
    g = Game.from_json(json.dumps(d), file="old.json")
    assert _destroyed(g) == {"5 Alpha": 0, "1 Echo": 0} and _found(g) == []
    assert len(g.history.steps) == 7
    loaded = g.state.to_dict()
    g.goto(0)
    g.goto(7)                                                # the record replays both ways
    assert g.state.to_dict() == loaded


def test_the_lesson_end_saved_before_loads_with_every_destroyed_unit_at_0_hp():
    """Lost aboard (10.311), torpedoed with 3 HP (14.08), a sunk submarine: all at 0 HP, the state sound."""
    d = json.loads(OLD_SAVE.read_text(encoding="utf-8"))
    assert {uid: d["state"]["units"][uid]["hp"] for uid in KEPT_HP} == KEPT_HP      # the save as it was written
    g = Game.from_json(json.dumps(d), file="old.json")
    assert _destroyed(g) == {"5 Alpha": 0, "1 Echo": 0, "DDG-51": 0, "B-271": 0}
    assert _found(g) == []


def test_a_save_from_before_without_its_record_loads_too():
    d = json.loads(OLD_SAVE.read_text(encoding="utf-8"))
    d["record"] = None
    g = Game.from_json(json.dumps(d), file="old.json")
    assert _destroyed(g)["5 Alpha"] == 0 and _found(g) == []
    assert json.loads(g.to_json())["state"]["units"]["DDG-51"]["hp"] == 0


def test_the_upgrade_leaves_living_units_and_hostile_hp_to_the_save_check():
    d = json.loads(OLD_SAVE.read_text(encoding="utf-8"))
    d["record"] = None
    bad = copy.deepcopy(d)
    bad["state"]["units"]["5 Alpha"]["hp"] = -1             # refused before it is upgraded
    with pytest.raises(ScenarioError) as e:
        Game.from_json(json.dumps(bad), file="old.json")
    assert (e.value.key, e.value.problem) == ("state.units[5 Alpha].hp",
                                              "HP -1 is not in 0..2 (usmc_infantry_platoon's HP, 4.21)")
    g = Game.from_json(json.dumps(d), file="old.json")
    assert {uid: g.state.units[uid].hp for uid in ("LSD 41", "SSN-774")} == \
        {uid: d["state"]["units"][uid]["hp"] for uid in ("LSD 41", "SSN-774")}
