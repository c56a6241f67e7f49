"""Chapter 15: the events that move the Influence Meter (15.21-15.25), with forced dice.

15.22 counts enemy units eliminated in the turn without JCCs, markers, submarines and MILDECs:
a count of its own beside 3.42's (which counts submarines).  Each move's log line cites the
15.2x rule that moves it."""
from __future__ import annotations

from lcb_lab import situation
from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.content.worked.ch14 import SSK, michael_catalog

B, R = "TF Blue", "TF Red"
SEA = [f"{c}-{r}" for c in "ABCDEFGH" for r in range(1, 6)]


def _influence_lines(g):
    return [(e["title"], e["text"], e["rules"]) for e in g.state.log if e["kind"] == "influence"]


def _submarine_and_two_platoons(platoons=("P0", "P1")):
    """US turn 1: DDG-51 and DDG-80 move into G-5 and search it with offensive ASW (14.14): the
    Kilo there (DETECT 6, the 14.14 example's) is DETECTED by the 5 and destroyed by the ASW 7;
    then the DDG(X) fires LRS1 (2 dice, forced 1s) at each of ``platoons``, destroying them."""
    units = {"DDG-51": {"type": "usn_ddg_51", "hex": "G-4"}, "DDG-80": {"type": "usn_ddg_51", "hex": "G-4"},
             "Kilo 1": {"type": SSK, "hex": "G-5", "task_force": R},
             "DDG": {"type": "usn_ddg_x", "hex": "F-12"}}
    for i, c in enumerate("DEG"):
        units[f"P{i}"] = {"type": "runi_naval_infantry_platoon", "hex": f"{c}-8", "task_force": R, "face_up": True}
    g = situation(units, naval=SEA, mixed=["F-12"] + [f"{c}-8" for c in "DEG"], naval_zor=False,
                  forced=[12, 5, 7] + [1] * (2 * len(platoons)), catalog=michael_catalog(),
                  auto={"intercept": "no_intercept"})
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_combat", ("DDG-51", "DDG-80")), A.CoreAction("move_combat", ("DDG",)))))
    g.apply(A.Move(1, ("G-5",)))
    g.apply(A.OffensiveAsw(1, ("DDG-51", "DDG-80")))
    assert g.state.units["Kilo 1"].destroyed
    g.apply(A.CommitCombat(lrs=tuple(A.LrsAttack("DDG", "LRS1", t, 2) for t in platoons)))
    g.apply(A.ResolveCombat())
    return g


def test_15_22_a_submarine_is_not_one_of_the_three_kills_but_counts_for_the_initiative():
    """US eliminates a submarine and two platoons: three units for the Initiative Check (3.42
    counts submarines) but two for 15.22 -- the meter does not move; a submarine is no naval
    unit for 15.23 either."""
    g = _submarine_and_two_platoons()
    assert all(g.state.units[u].destroyed for u in ("P0", "P1"))
    assert g.state.kills["US"] == 3 and g.state.influence_kills["US"] == 2
    assert g.state.influence == 0 and _influence_lines(g) == []


def test_15_22_the_third_unit_that_counts_moves_the_meter_once_citing_15_22():
    """The same turn with a third platoon: 15.22 counts three (the submarine still not counted)
    and the meter moves one space toward the US, the line citing 15.22."""
    g = _submarine_and_two_platoons(("P0", "P1", "P2"))
    assert g.state.kills["US"] == 4 and g.state.influence_kills["US"] == 3
    assert g.state.influence == 1
    assert _influence_lines(g) == [("Influence Meter 1 space toward US",
                                    "US eliminated three enemy units this turn (submarines, cards, markers and MILDECs "
                                    "not counted) (meter +0 -> +1)", ["15.22"])]


def test_15_22_the_count_starts_afresh_each_turn():
    """15.22 counts "during the turn": two platoons this turn and one the next make no three."""
    g = _submarine_and_two_platoons()
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse(R))
    g.apply(A.Declare())
    g.apply(A.EndImpulse())
    assert g.state.turn == 2 and g.state.influence_kills == {"US": 0, "RU": 0} and g.state.kills == {"US": 0, "RU": 0}


def test_15_21_15_23_15_25_each_move_cites_its_rule():
    """A naval unit eliminated (15.23), an LRS into a town hex (15.25), the initiative seized at
    the Initiative Check (15.21, with 3.42): each line cites its own rule, none "15.0"."""
    g = situation([("DDG", "usn_ddg_x", "F-12", B), ("Ship", "rubf_ddg", "F-3", R, True),
                   ("P0", "runi_naval_infantry_platoon", "D-8", R, True)],
                  naval=[f"F-{r}" for r in range(1, 6)], mixed=["F-12", "D-8"], features={"D-8": ["town"]},
                  forced=[1, 1, 1, 1], initiative="RU", auto={"intercept": "no_intercept"})
    g.apply(A.BeginImpulse(R))
    g.apply(A.Declare())
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_combat", ("DDG",)),)))
    g.apply(A.CommitCombat(lrs=(A.LrsAttack("DDG", "LRS1", "Ship", 2), A.LrsAttack("DDG", "LRS1", "P0", 2))))
    g.apply(A.ResolveCombat())
    g.apply(A.EndImpulse())
    lines = _influence_lines(g)
    assert [(t, r) for t, _, r in lines] == [("Influence Meter 1 space toward RU", ["15.25"]),
                                             ("Influence Meter 1 space toward US", ["15.23"]),
                                             ("Influence Meter 1 space toward US", ["3.42", "15.21"])]
    assert g.state.initiative == "US" and g.state.influence == 1


def test_15_22_a_save_from_before_its_own_count_loads_with_the_turns_kills():
    """A save written before 15.22 had its own count (RU had eliminated 2 US units aboard LSD 41,
    10.311) loads with ``influence_kills`` = the turn's kills, and its record replays to it."""
    import json
    from pathlib import Path
    from lcb_lab.games.lcb.game import Game
    d = json.loads((Path(__file__).parents[1] / "engine" / "saves" / "slite_losses_before_hp0.json").read_text())
    assert "influence_kills" not in d["state"] and d["state"]["kills"] == {"US": 0, "RU": 2}
    g = Game.from_json(json.dumps(d), file="old.json")
    assert g.state.influence_kills == {"US": 0, "RU": 2}
    loaded = g.state.to_dict()
    g.goto(0)
    g.goto(len(g.history.steps))
    assert g.state.to_dict() == loaded
