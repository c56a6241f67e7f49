"""Rule fixes: landed units are expended (7.19, 12.07), Combined Arms
Activation needs a declared, paid GROUND ASSAULT (7.18), RESUPPLY never refills an RP pool
(8.0), and a landing into an enemy hex reveals both sides (6.22, 12.07)."""
import pytest

from lcb_lab.kernel.errors import IllegalAction
from lcb_lab import situation
from tests.conftest import pass_impulse
from lcb_lab.games.lcb import actions as A

B, R = "TF Blue", "TF Red"
SEA = [f"E-{r}" for r in range(1, 13)]          # a naval column west of the F column


def _embark(g, host, *uids):
    for uid in uids:
        g.state.units[uid].hex, g.state.units[uid].embarked_on = None, host


def _landing_game(extra=(), forced=(), auto=None, task_forces=None, tf_of_landers=B):
    """US: LHD 1 at sea in E-6 carrying 1 Alpha (infantry) and 1 Whiskey (HIMARS);
    RU: Anna (naval infantry, face down) holds the coastal hex F-6."""
    units = [("LHD 1", "usn_lhd", "E-6", B), ("1 Alpha", "usmc_infantry_platoon", "F-7", tf_of_landers),
             ("1 Whiskey", "usmc_himars_section", "F-7", tf_of_landers),
             ("Anna", "runi_naval_infantry_platoon", "F-6", R)] + list(extra)
    g = situation(units, naval=SEA, forced=forced, auto=auto, task_forces=task_forces)
    _embark(g, "LHD 1", "1 Alpha", "1 Whiskey")
    return g


def _land(g, units=("1 Alpha", "1 Whiskey"), hex_label="F-6"):
    g.apply(A.ScriptedEffect(effect="disembark", from_="LHD 1", hex=hex_label, units=tuple(units), card="Amphibious: LCU"))


# ------------------------------------------------------------------ 7.19 / 12.07
def test_12_07_a_landed_tank_makes_no_armor_breakthrough():
    """A tank put ashore this impulse sits in a hex another tank clears by GROUND ASSAULT:
    the assaulting tank may break through, the landed one may not (12.07, 7.19)."""
    g = situation([("Ship", "rubf_ddg", "E-6", R), ("Tank1", "runi_tank_platoon", "F-7", R),
                   ("Tank2", "runi_tank_platoon", "F-8", R), ("Inf", "usmc_infantry_platoon", "F-6", B)],
                  naval=SEA, initiative="RU", forced=[1, 1], auto={"ga_defence": "no_defence"})
    _embark(g, "Ship", "Tank2")
    g.apply(A.BeginImpulse(R))
    g.apply(A.Declare((A.CoreAction("move_combat", ("Tank1",)), A.CoreAction("play_jcc", jcc="Landing craft"))))
    g.apply(A.ScriptedEffect(effect="disembark", from_="Ship", hex="F-6", units=("Tank2",)))
    g.apply(A.Move(1, ("F-6",)))
    g.apply(A.CommitCombat(ga=(A.GroundAssault("Tank1", "Inf", 2),)))
    g.apply(A.ResolveCombat())
    assert g.state.units["Inf"].destroyed
    before = g.to_json()
    with pytest.raises(IllegalAction) as e:
        g.apply(A.ArmorBreakthrough("Tank2", "F-5"))
    assert e.value.rule == "12.07" and "put ashore" in e.value.reason and g.to_json() == before
    g.apply(A.ArmorBreakthrough("Tank1", "F-5"))                   # the tank that fought still may
    assert g.state.units["Tank1"].hex == "F-5" and g.state.units["Tank2"].hex == "F-6"


def test_12_07_a_contested_landing_may_ground_assault_for_free_in_its_hex():
    """Units landed into an enemy-held hex may GROUND ASSAULT there for 0 AP in that impulse
    (12.07); the landing itself cost the Embarked JCC action's 1 AP."""
    g = _landing_game(forced=[1, 1], auto={"ga_defence": "no_defence"})
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_embarked_jcc", ("LHD 1",), jcc="Amphibious: LCU"),)))
    assert g.impulse.ap == 2
    _land(g)
    assert g.zero_ap_attackers()["continuing"] == ["1 Alpha"]    # the HIMARS has no GA value
    g.apply(A.CommitCombat(ga=(A.GroundAssault("1 Alpha", "Anna", 2),)))
    assert g.impulse.ap == 2 and g.state.units["1 Alpha"].acted
    g.apply(A.ResolveCombat())
    assert g.state.units["Anna"].destroyed and g.state.units["1 Alpha"].supply["GA"] == 10 - 2


def test_12_07_a_landed_unit_fires_no_lrs_not_even_by_combined_arms():
    """A landed HIMARS is expended: it cannot support another unit's declared assault (12.07)."""
    g = _landing_game(extra=[("Inf", "usmc_infantry_platoon", "G-8", B),
                             ("Boris", "runi_naval_infantry_platoon", "G-8", R, True)])
    g.state.units["Inf"].revealed = True
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_embarked_jcc", ("LHD 1",), jcc="Amphibious: LCU"), A.CoreAction("move_combat", ("Inf",)))))
    _land(g)
    assert g.zero_ap_attackers()["combined_arms"] == []
    before = g.to_json()
    with pytest.raises(IllegalAction) as e:
        g.apply(A.CommitCombat(lrs=(A.LrsAttack("1 Whiskey", "LRS1", "Boris", 2),), ga=(A.GroundAssault("Inf", "Boris", 2),)))
    assert e.value.rule == "12.07" and g.to_json() == before
    with pytest.raises(IllegalAction) as e:     # nor an LRS on its own from the landing hex
        g.apply(A.CommitCombat(lrs=(A.LrsAttack("1 Whiskey", "LRS1", "Boris", 2),), ga=(A.GroundAssault("1 Alpha", "Anna", 2),)))
    assert e.value.rule == "12.07" and g.to_json() == before


def test_12_07_landed_units_take_no_core_action_later_in_the_turn():
    """Units of another Task Force landed by TF Blue's ship into Anna's hex get neither a
    declaration nor the free landing assault when their own Task Force goes later in the same
    turn (12.07, 12.08); next turn they act again."""
    tfs = {B: "US", "TF Land": "US", R: "RU"}
    g = _landing_game(task_forces=tfs, tf_of_landers="TF Land")
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_embarked_jcc", ("LHD 1",), jcc="Amphibious: LCU"),)))
    _land(g)
    g.apply(A.EndImpulse())
    pass_impulse(g, R)
    g.apply(A.BeginImpulse("TF Land"))
    before = g.to_json()
    assert g.zero_ap_attackers()["continuing"] == []
    for kind in ("move_conceal", "move_combat"):
        with pytest.raises(IllegalAction) as e:
            g.apply(A.Declare((A.CoreAction(kind, ("1 Alpha", "1 Whiskey")),)))
        assert e.value.rule == "12.07" and "put ashore" in e.value.reason and g.to_json() == before
    g.apply(A.Declare())
    with pytest.raises(IllegalAction) as e:
        g.apply(A.CommitCombat(ga=(A.GroundAssault("1 Alpha", "Anna", 2),)))
    assert e.value.rule == "3.31"
    g.apply(A.EndImpulse())
    assert g.state.turn == 2 and g.state.continuing == {"F-6": "continuing"}
    g.apply(A.BeginImpulse("TF Land"))                             # US goes first; the team picks the TF
    g.apply(A.Declare((A.CoreAction("move_conceal", ("1 Alpha", "1 Whiskey")),)))
    assert g.impulse.ap == 2


# ------------------------------------------------------------------ 7.18
def _continuing_game():
    g = situation([("Shawn", "usmc_infantry_platoon", "F-6", B, True),
                   ("Ziva", "runi_naval_infantry_platoon", "F-6", R, True),
                   ("W", "usmc_himars_section", "F-9", B), ("Inf", "usmc_infantry_platoon", "F-7", B)],
                  forced=[20] * 8, auto={"ga_defence": "no_defence", "intercept": "no_intercept"})
    g.state.continuing = {"F-6": "continuing"}
    return g


def test_7_18_combined_arms_does_not_ride_on_the_0_ap_continuing_combat():
    """The 0-AP assault of Continuing Combat (7.22) is no declared GROUND ASSAULT that paid
    its AP, so it cannot bring a free Combined Arms LRS (7.18)."""
    g = _continuing_game()
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare())
    assert g.zero_ap_attackers() == {"continuing": ["Shawn"], "combined_arms": []}
    before = g.to_json()
    with pytest.raises(IllegalAction) as e:
        g.apply(A.CommitCombat(lrs=(A.LrsAttack("W", "LRS1", "Ziva", 2),), ga=(A.GroundAssault("Shawn", "Ziva", 2),)))
    assert e.value.rule == "7.18" and "Continuing Combat" in e.value.reason
    assert g.to_json() == before and not g.state.units["W"].expended
    g.apply(A.CommitCombat(ga=(A.GroundAssault("Shawn", "Ziva", 2),)))   # the assault alone is fine
    assert g.impulse.ap == 3


def test_7_18_combined_arms_supports_a_declared_assault_into_the_continuing_hex():
    """With new units paying 1 AP to assault the Continuing Combat hex (7.25), the LRS
    support is legal (7.18)."""
    g = _continuing_game()
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_combat", ("Inf",)),)))
    g.apply(A.Move(1, ("F-6",)))
    g.apply(A.CommitCombat(lrs=(A.LrsAttack("W", "LRS1", "Ziva", 2),), ga=(A.GroundAssault("Shawn", "Ziva", 2), A.GroundAssault("Inf", "Ziva", 2))))
    assert g.state.units["W"].expended and g.impulse.ap == 2


# ------------------------------------------------------------------ 8.0
def test_8_0_resupply_never_refills_another_logistics_units_rp_pool():
    g = situation([("Echo", "usmc_logistics_company", "F-6", B), ("Lima", "usmc_logistics_company", "F-8", B),
                   ("Inf", "usmc_infantry_platoon", "F-7", B)])
    g.state.units["Lima"].supply = {**g.state.units["Lima"].supply, "RP": 10}
    g.state.units["Inf"].supply = {**g.state.units["Inf"].supply, "GA": 6}
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_resupply", ("Echo",)),)))
    before = g.to_json()
    with pytest.raises(IllegalAction) as e:
        g.apply(A.Resupply(1, "Echo", "RV1", (A.Grant("Lima", "RP", 4),)))
    assert e.value.rule == "8.0" and "RP" in e.value.reason and g.to_json() == before
    g.apply(A.Resupply(1, "Echo", "RV1", (A.Grant("Inf", "GA", 4),)))
    assert g.state.units["Inf"].supply["GA"] == 10 and g.state.units["Echo"].supply["RP"] == 20 - 4
    assert g.state.units["Lima"].supply["RP"] == 10


# ------------------------------------------------------------------ 6.22 after a landing
def test_6_22_a_landing_into_an_enemy_hex_reveals_both_sides():
    g = _landing_game()
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_embarked_jcc", ("LHD 1",), jcc="Amphibious: LCU"),)))
    n = len(g.log)
    _land(g)
    u = g.state.units
    assert u["1 Alpha"].revealed and u["1 Whiskey"].revealed and u["Anna"].revealed
    assert not u["LHD 1"].revealed                         # the ship at sea is not in the hex
    rev = [e for e in g.log[n:] if e["kind"] == "reveal"]
    assert len(rev) == 1 and {"6.22", "12.07"} <= set(rev[0]["rules"])
    assert any(e["kind"] == "reveal" for e in g.log_entries("RU", since=n))   # the other side sees it


def test_6_22_a_landing_on_an_empty_hex_stays_face_down():
    g = _landing_game()
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_embarked_jcc", ("LHD 1",), jcc="Amphibious: LCU"),)))
    _land(g, hex_label="F-8")
    assert not any(g.state.units[x].revealed for x in ("1 Alpha", "1 Whiskey", "Anna"))
    assert g.zero_ap_attackers()["continuing"] == []
