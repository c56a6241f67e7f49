"""7.53 / 7.54 / 7.57 with several shooters at one target: INTERCEPT is judged per LRS attack.

Situation (synthetic board, all green): 1 US infantry platoon A (2 HP) in F-6.  Two RU
coastal missile sections fire at it: Near from F-5 (1 hex away) and Far from F-2
(4 hexes away), LRS CV 10.  The US IAMD section Kilo (INTERCEPT CV 12, range 2) is in
F-8, 2 hexes from A: farther than Near, no farther than Far.  By 7.53 Kilo may intercept
Far's dice (it is no farther from the target than that attacker) but not Near's; its
successes cancel only Far's hits (7.54: dice are allocated against a specific attack;
7.57).  Before this reading lcb_lab judged the whole target by its nearest shooter, so
Kilo could not intercept at all.
"""
import json
from itertools import product
from math import comb

import pytest

import lcb_lab
from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.choices import Choice, answer_with, policy_value
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.games.lcb.game import Game

B, R = "TF Blue", "TF Red"


def lrs(shooter, target, dice):
    return {"shooter": shooter, "slot": "LRS1", "target": target, "dice": dice}


def itc(unit, target, dice, shooter=None):
    out = {"interceptor": unit, "slot": "INT1", "target": target, "dice": dice}
    if shooter is not None:
        out["shooter"] = shooter
    return out


def situation(forced=(), extra=()):
    """The situation above (public lcb_lab.situation; this helper keeps its name for
    tests/widgets): Near and Far each fire 2 LRS dice at A; returns (game, pending choice)."""
    g = lcb_lab.situation([("Near", "runi_coastal_missile_section", "F-5", R),
                           ("Far", "runi_coastal_missile_section", "F-2", R),
                           ("A", "usmc_infantry_platoon", "F-6", B, True),
                           ("Kilo", "usmc_iamd_section", "F-8", B), *extra],
                          initiative="RU", forced=forced)
    g.apply(A.BeginImpulse(R))
    g.apply(A.Declare((A.CoreAction("move_combat", ("Near",)), A.CoreAction("move_combat", ("Far",)))))
    g.apply(A.CommitCombat(lrs=(A.LrsAttack(**lrs("Near", "A", 2)), A.LrsAttack(**lrs("Far", "A", 2)))))
    d = g.pending
    return g, d


def test_a_unit_no_farther_than_the_far_shooter_is_asked_per_attack():
    g, d = situation()
    assert d is not None and d.kind == "intercept" and d.team == "US"   # before: no question at all
    t = d.options.targets[0]
    assert t.incoming_dice == 4
    kilo = next(o for o in t.interceptors if o.uid == "Kilo")
    assert not kilo.eligible and kilo.shooter_distance == 1        # not in reach of EVERY attack
    by = {a.shooter: a for a in t.attacks}
    assert {s: (a.distance, a.dice) for s, a in by.items()} == {"Near": (1, 2), "Far": (4, 2)}
    assert [o.eligible for o in by["Near"].interceptors if o.uid == "Kilo"] == [False]
    assert [o.eligible for o in by["Far"].interceptors if o.uid == "Kilo"] == [True]


def test_intercept_hits_cancel_only_the_attack_they_answer():
    """Near rolls 1, 1 (2 hits), Far 1, 20 (1 hit); Kilo against Far rolls 1, 1 (2 successes).
    Far's hit is cancelled, the spare success cannot touch Near's hits: 2 HP, A destroyed.
    (Had the 2 successes counted against the target as a whole, A would keep 1 HP.)"""
    g, _ = situation(forced=[1, 1, 1, 20, 1, 1])
    g.apply(g.pending.answer_from([itc("Kilo", "A", 2, shooter="Far")]))
    assert g.state.units["Kilo"].supply["INT1"] == 8 - 2 and g.state.units["Kilo"].revealed   # 7.58, 7.511
    g.apply(A.ResolveCombat())
    assert g.result is True
    rolls = [(e["kind"], e["data"]["hits"]) for e in g.log if e["kind"] in ("lrs_roll", "intercept_roll")]
    assert rolls == [("lrs_roll", 2), ("lrs_roll", 1), ("intercept_roll", 2)]
    assert next(e for e in g.log if e["kind"] == "lrs_result")["data"]["net"] == 2
    assert g.state.units["A"].destroyed and g.state.units["A"].hp == 0


def test_named_intercept_against_the_far_attack_saves_the_target_when_near_misses():
    """Near 20, 20 (0 hits), Far 1, 1 (2 hits); Kilo against Far 1, 5 (2 successes): 0 HP."""
    g, _ = situation(forced=[20, 20, 1, 1, 1, 5])
    g.apply(g.pending.answer_from([itc("Kilo", "A", 2, shooter="Far")]))
    g.apply(A.ResolveCombat())
    assert next(e for e in g.log if e["kind"] == "lrs_result")["data"]["net"] == 0
    assert g.state.units["A"].hp == 2 and not g.state.units["A"].destroyed


def test_dice_against_every_attack_need_reach_of_every_attack():
    g, _ = situation()
    before = g.to_json()
    with pytest.raises(IllegalAction) as e:
        g.apply(g.pending.answer_from([itc("Kilo", "A", 2)]))                       # no shooter: answers Near too
    assert e.value.rule == "7.53" and "every LRS" in e.value.reason
    with pytest.raises(IllegalAction) as e:
        g.apply(g.pending.answer_from([itc("Kilo", "A", 2, shooter="Near")]))
    assert e.value.rule == "7.53" and "farther" in e.value.reason
    with pytest.raises(IllegalAction) as e:
        g.apply(g.pending.answer_from([itc("Kilo", "A", 2, shooter="Kilo")]))
    assert e.value.rule == "7.54" and "no LRS attack" in e.value.reason
    assert g.to_json() == before and g.pending.kind == "intercept"


def test_a_cannon_shooter_cannot_be_named():
    g = lcb_lab.situation([("Msta", "runi_cannon_artillery", "F-5", R),
                           ("Far", "runi_coastal_missile_section", "F-2", R),
                           ("A", "usmc_infantry_platoon", "F-6", B, True),
                           ("Kilo", "usmc_iamd_section", "F-8", B)], initiative="RU")
    g.apply(A.BeginImpulse(R))
    g.apply(A.Declare((A.CoreAction("move_combat", ("Msta",)), A.CoreAction("move_combat", ("Far",)))))
    g.apply(A.CommitCombat(lrs=(A.LrsAttack(**lrs("Msta", "A", 2)), A.LrsAttack(**lrs("Far", "A", 2)))))
    d = g.pending
    t = d.options.targets[0]
    assert [a.shooter for a in t.attacks] == ["Far"] and t.incoming_dice == 2   # cannon: 7.52
    with pytest.raises(IllegalAction) as e:
        g.apply(g.pending.answer_from([itc("Kilo", "A", 1, shooter="Msta")]))
    assert e.value.rule == "7.52"
    g.apply(g.pending.answer_from([itc("Kilo", "A", 1)]))       # every interceptable attack is Far's: in reach, accepted
    assert g.state.units["Kilo"].supply["INT1"] == 7


def test_match_incoming_names_the_attack_it_can_reach():
    g, d = situation()
    assert policy_value(d, "match_incoming") == [itc("Kilo", "A", 2, shooter="Far")]
    g.apply(answer_with(g.pending, "match_incoming"))
    assert g.state.impulse.combat.intercepts == [itc("Kilo", "A", 2, shooter="Far")]


def _exact_p_destroy(named: bool) -> float:
    """Brute force: Near and Far 2 dice at CV 10, Kilo 2 dice at CV 12, A has 2 HP."""
    def b(n, k, p):
        return comb(n, k) * p ** k * (1 - p) ** (n - k)
    total = 0.0
    for h1, h2, i in product(range(3), repeat=3):
        net = h1 + max(0, h2 - i) if named else max(0, h1 + h2 - i)
        if net >= 2:
            total += b(2, h1, .5) * b(2, h2, .5) * b(2, i, .6)
    return total


def test_exact_odds_net_per_attack():
    g, _ = situation(forced=[1, 1, 1, 20, 1, 1])
    plan = [lrs("Near", "A", 2), lrs("Far", "A", 2)]
    named = g.preview_lrs(plan, [itc("Kilo", "A", 2, shooter="Far")])["A"]
    pooled = g.preview_lrs(plan, [itc("Kilo", "A", 2)])["A"]
    assert named["p_destroy"] == pytest.approx(_exact_p_destroy(True), abs=1e-12)
    assert pooled["p_destroy"] == pytest.approx(_exact_p_destroy(False), abs=1e-12)
    assert named["p_destroy"] > pooled["p_destroy"]
    assert sum(named["damage"]) == pytest.approx(1.0)
    with pytest.raises(IllegalAction) as e:
        g.preview_lrs(plan, [itc("Kilo", "A", 2, shooter="Kilo")])
    assert e.value.rule == "7.54"
    g.apply(g.pending.answer_from([itc("Kilo", "A", 2, shooter="Far")]))
    g.apply(A.ResolveCombat())
    odds = next(e for e in g.log if e["kind"] == "odds")
    assert odds["data"]["p_destroy"] == pytest.approx(_exact_p_destroy(True), abs=1e-12)


def test_the_stack_of_choices_survives_a_save_and_an_old_save_converts():
    g, d = situation()
    assert [c.kind for c in g.state.choices] == ["intercept"] and d.id == g.state.choices[-1].id >= 1
    assert isinstance(d, Choice) and d.to_dict()["id"] == d.id
    g2 = Game.from_json(g.to_json(), g.catalog)
    assert g2.pending.to_dict() == d.to_dict() and g2.state.impulse.combat == g.state.impulse.combat
    old = json.loads(g.to_json())                                    # the plan as a dict with a queue
    st = old["state"]
    plan = st["impulse"]["combat"]
    plan["queue"] = [{k: v for k, v in c.items() if k != "id"} for c in st.pop("choices")]
    for k in ("rolling", "breakthrough"):
        plan.pop(k)
    st.pop("last_choice_id")
    g3 = Game.from_json(json.dumps(old), g.catalog)
    assert g3.pending.kind == "intercept" and g3.pending.id == 1
    g3.apply(g3.pending.answer_from([itc("Kilo", "A", 2, shooter="Far")]))
    assert g3.pending is None and g3.state.impulse.combat.intercepts[0]["shooter"] == "Far"


def test_the_odds_of_a_committed_plan_do_not_check_its_spent_supply_again():
    """After the commit the shooters' supply is spent (7.08): previewing the committed plan for
    the defender's INTERCEPT prompt must not refuse it for lack of that same supply."""
    from lcb_lab import situation as make
    from lcb_lab.games.lcb import actions as A
    g = make(units={"W": ("usmc_himars_section", "F-6"),
                    "U": {"type": "runi_coastal_missile_section", "hex": "F-3", "face_up": True}})
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("W",)),)))
    g.apply(A.CommitCombat(lrs=(A.LrsAttack("W", "LRS1", "U", 5),)))
    assert g.state.units["W"].supply["LRS1"] == 1
    plan = [{k: a[k] for k in ("shooter", "slot", "target", "dice")} for a in g.impulse.combat.lrs]
    with pytest.raises(IllegalAction, match="7.08"):
        g.preview_lrs(plan)                       # as a new plan: 5 dice, 1 supply left
    odds = g.preview_lrs(plan, committed=True)    # as the committed plan
    q = 1 - g.utype("W").cv("LRS1").value / 20    # a die misses (7.02); no INTERCEPT dice yet
    assert odds["U"]["damage"][0] == pytest.approx(q ** 5)
