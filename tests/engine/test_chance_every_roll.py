"""``Game.chance_outcomes(action)``: every inline roll asked the same way before it is rolled
(lcb_lab.games.lcb.chance).  Per roll kind: the outcomes sum to 1, equal a hand-computed value
for a small case, and match the frequencies of many seeded real rolls; asking draws nothing
and leaves the game byte-identical."""
from __future__ import annotations

from collections import Counter
from math import sqrt

import pytest

import lcb_lab
from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.content.worked import ch13, ch14
from lcb_lab.games.lcb.content.worked.ch14 import B, R, SSK, SSN, sea
from lcb_lab.kernel.errors import IllegalAction, LabError

N = 1200


def ask(g, action):
    """The chance steps of ``action``, checking that asking changes nothing and draws nothing."""
    before, dice, hist, log = g.to_json(), g.dice.state(), list(g.dice.history), len(g.log)
    steps = g.chance_outcomes(action)
    assert g.to_json() == before
    assert g.dice.state() == dice and g.dice.history == hist and len(g.log) == log
    for s in steps:
        assert sum(p for _, p in s.outcomes) == pytest.approx(1.0, abs=1e-12)
        assert all(p > 0 and len(o) == len(s.counts) for o, p in s.outcomes)
    return steps


def frequencies_match(g, action, step, observe, n: int = N) -> Counter:
    """Apply ``action`` on ``n`` reseeded forks; each observed outcome is a possible one and its
    frequency is within 4 standard deviations of the step's probability."""
    seen: Counter = Counter()
    for seed in range(n):
        f = g.fork(reseed=seed)
        k = len(f.log)
        f.apply(action)
        seen[observe(f, f.log[k:])] += 1
    assert set(seen) <= {o for o, _ in step.outcomes}, (seen, step)
    for o, p in step.outcomes:
        assert abs(seen[o] / n - p) <= 4 * sqrt(p * (1 - p) / n) + 1e-9, (o, seen[o] / n, p)
    return seen


def _hits(entries, kind: str, title_end: str) -> int:
    return sum(e["data"]["hits"] for e in entries if e["kind"] == kind and e["title"].endswith(title_end))


# ---------------------------------------------------------------- mines (13.33)
def _mines(seed=1):
    """13.33 ex.: three revealed US ships enter a hex with 2 RU mine cubes (13 or less)."""
    g = lcb_lab.situation(units={"DDG-51": {"type": "usn_ddg_51", "hex": "B-2", "face_up": True},
                                 "DDG-80": {"type": "usn_ddg_51", "hex": "B-2", "face_up": True},
                                 "1 Anna": ("runi_naval_infantry_platoon", "H-8")}, naval=ch13.SEA, seed=seed)
    ch13.lay_mines(g, "RU", "C-2", 2)
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("DDG-51", "DDG-80")),)))
    g.apply(A.Move(1, ("C-2", "D-2")))
    assert g.pending.kind == "mine_attack"
    return g


def test_mines_two_cubes_at_one_ship_hand_computed():
    g = _mines()
    (step,) = ask(g, A.AnswerMines(mines=(A.MineShot("DDG-51", 2),)))
    assert (step.label, step.rule, step.counts) == ("Mines in C-2", "13.33", ("mine hits on DDG-51",))
    assert step.dice == ("2 d20 hitting on 13 or less: mines C-2->DDG-51",)
    assert [o for o, _ in step.outcomes] == [(0,), (1,), (2,)]
    assert [p for _, p in step.outcomes] == pytest.approx([0.35 ** 2, 2 * 0.65 * 0.35, 0.65 ** 2], abs=1e-12)


def test_mines_one_cube_at_each_ship_match_real_rolls():
    g = _mines()
    act = A.AnswerMines(mines=(A.MineShot("DDG-51", 1), A.MineShot("DDG-80", 1)))
    (step,) = ask(g, act)
    assert step.counts == ("mine hits on DDG-51", "mine hits on DDG-80")
    assert step.probability((1, 1)) == pytest.approx(0.65 ** 2, abs=1e-12)
    frequencies_match(g, act, step, lambda f, new: (_hits(new, "mine_roll", "at DDG-51"),
                                                     _hits(new, "mine_roll", "at DDG-80")))


def test_mines_forced_dice_give_the_logged_outcome():
    g = _mines()
    act = A.AnswerMines(mines=(A.MineShot("DDG-51", 2),))
    (step,) = ask(g, act)
    g.dice.force([13, 14])                        # the 13.33 example: one hit
    n = len(g.log)
    g.apply(act)
    assert _hits(g.log[n:], "mine_roll", "at DDG-51") == 1 and step.probability(1) == pytest.approx(0.455)


# ---------------------------------------------------------------- submarines, ASW (14.x)
def _victor(seed=2):
    g = sea({"Victor": (SSN, "F-8", B), "DDG-1": ("rubf_ddg", "F-8", R), "DDG-2": ("rubf_ddg", "F-8", R)}, seed=seed)
    ch14._one(g, B, ["Victor"])
    g.apply(A.SubmarineZor(1, "Victor"))
    return g


def _torpedo_hits(f, sub: str, cv: int) -> int:
    return sum(v <= cv for purpose, values in f.dice.history if purpose == f"{sub}: TORPEDO ATTACK" for v in values)


def test_torpedo_attack_with_defensive_asw_hand_computed_and_real_rolls():
    """14.13 ex. 1: 2 DDGs DETECT the SSN on 8 or less, ASW 10 or less: P(sunk) = 1 - (1 - 0.4 * 0.5)^2;
    else 2 torpedoes at 12 or less at DDG-1."""
    g = _victor()
    act = A.TorpedoAttack(1, "Victor", ("DDG-1", "DDG-1"))
    (step,) = ask(g, act)
    assert step.counts == ("Victor destroyed by ASW", "torpedo hits on DDG-1") and step.rule == "14.08"
    live = 0.8 ** 2
    assert dict(step.outcomes) == pytest.approx({(0, 0): live * 0.16, (0, 1): live * 0.48, (0, 2): live * 0.36,
                                                 (1, 0): 1 - live}, abs=1e-12)
    frequencies_match(g, act, step, lambda f, new: (int(f.unit("Victor").destroyed),
                                                     _torpedo_hits(f, "Victor", 12)))


def test_submarine_engagement_hand_computed_and_real_rolls():
    """14.011: Ling (SSN: DETECT 8, torpedo 12) engages Kilo 1 (SSK: DETECT 12, torpedo 10) at once."""
    g = sea({"Ling": (SSN, "C-4", B), "Kilo 1": (SSK, "C-4", R)}, seed=3)
    ch14._one(g, B, ["Ling"])
    act = A.TorpedoAttack(1, "Ling", ("submarine",))
    (step,) = ask(g, act)
    assert step.counts == ("Ling sunk", "Kilo 1 sunk") and step.rule == "14.011"
    kilo, ling = 0.6 * (1 - 0.4 ** 2), 0.4 * (1 - 0.5 ** 2)
    assert dict(step.outcomes) == pytest.approx({(0, 0): (1 - ling) * (1 - kilo), (0, 1): (1 - ling) * kilo,
                                                 (1, 0): ling * (1 - kilo), (1, 1): ling * kilo}, abs=1e-12)
    frequencies_match(g, act, step, lambda f, new: (int(f.unit("Ling").destroyed), int(f.unit("Kilo 1").destroyed)))


def test_submarine_engagement_against_two_boats_matches_real_rolls():
    """14.011 with two enemy submarines: one DETECT die each way per boat, 2 torpedoes at each
    found boat (both at the only one found), return fire from every boat that DETECTED."""
    g = sea({"Ling": (SSN, "C-4", B), "Kilo 1": (SSK, "C-4", R), "Kilo 2": (SSK, "C-4", R)}, seed=11)
    ch14._one(g, B, ["Ling"])
    act = A.TorpedoAttack(1, "Ling", ("submarine",))
    (step,) = ask(g, act)
    assert step.counts == ("Ling sunk", "Kilo 1 sunk", "Kilo 2 sunk") and len(step.outcomes) == 8
    frequencies_match(g, act, step, lambda f, new: tuple(int(f.unit(u).destroyed) for u in ("Ling", "Kilo 1", "Kilo 2")))


def test_offensive_asw_hand_computed_and_real_rolls():
    """14.14 ex.: two DDGs search for a DETECT-6 submarine: P(destroyed) = 1 - (1 - 0.3 * 0.5)^2."""
    g = sea({"DDG-51": ("usn_ddg_51", "G-4", B), "DDG-80": ("usn_ddg_51", "G-4", B), "Kilo 1": (SSK, "G-5", R)},
            catalog=ch14.michael_catalog(), seed=4)
    ch14._one(g, B, ["DDG-51", "DDG-80"])
    g.apply(A.Move(1, ("G-5",)))
    act = A.OffensiveAsw(1, ("DDG-51", "DDG-80"))
    (step,) = ask(g, act)
    assert step.counts == ("Kilo 1 destroyed",) and step.probability(1) == pytest.approx(1 - 0.85 ** 2, abs=1e-12)
    frequencies_match(g, act, step, lambda f, new: (int(f.unit("Kilo 1").destroyed),))


def test_offensive_asw_in_an_empty_hex_rolls_with_nothing_to_find():
    g = sea({"DDG-51": ("usn_ddg_51", "G-4", B), "Kilo 1": (SSK, "A-1", R)}, seed=5)
    ch14._one(g, B, ["DDG-51"])
    (step,) = ask(g, A.OffensiveAsw(1, ("DDG-51",)))
    assert step.counts == () and step.outcomes == (((), 1.0),)


def test_zor_detect_hand_computed_and_real_rolls():
    """14.09 ex.: Jin's ZOR DETECTs the Kilo next to it on 12 or less."""
    g = sea({"Jin": (SSN, "E-5", B), "DDG-605": ("rubf_ddg", "E-5", R), "Kilo 1": (SSK, "E-6", R)}, seed=6)
    ch14._one(g, B, ["Jin"])
    act = A.SubmarineZor(1, "Jin")
    (step,) = ask(g, act)
    assert step.counts == ("Kilo 1 DETECTED",) and dict(step.outcomes) == pytest.approx({(0,): 0.4, (1,): 0.6})
    frequencies_match(g, act, step, lambda f, new: (int(f.unit("Kilo 1").revealed),))


# ---------------------------------------------------------------- Proxy Force GROUND ASSAULT (13.12)
def _proxy(units, seed=7):
    g = lcb_lab.situation(units={**units, "1 Anna": {"type": "runi_naval_infantry_platoon", "hex": "H-8"}},
                          cards={"RU": ["Proxy Forces: Militia"]}, initiative="RU", seed=seed)
    g.apply(A.BeginImpulse("TF Red"))
    g.apply(A.Declare((A.CoreAction("play_jcc", (), jcc="Proxy Forces: Militia"),)))
    g.apply(A.PlayCard("Proxy Forces: Militia", "A", hex="C-4", action=1))
    return g


def test_proxy_ground_assault_rolled_at_once_hand_computed_and_real_rolls():
    """13.12: 4 dice at CV 3 on a 2-HP HIMARS (no defender may fire back): HP lost 0, 1, 2."""
    g = _proxy({"1 Whiskey": {"type": "usmc_himars_section", "hex": "D-4"}})
    act = A.MarkerAction("PROXY-1", path=("D-4",), then="combat", targets=("1 Whiskey",), dice=4)
    (step,) = ask(g, act)
    assert (step.counts, step.rule) == (("HP lost by 1 Whiskey",), "13.12")
    assert step.dice == ("4 d20 hitting on 3 or less: GA PROXY-1->1 Whiskey",)
    p = 0.15
    assert [q for _, q in step.outcomes] == pytest.approx([(1 - p) ** 4, 4 * p * (1 - p) ** 3,
                                                           1 - (1 - p) ** 4 - 4 * p * (1 - p) ** 3], abs=1e-12)
    frequencies_match(g, act, step, lambda f, new: (2 - f.unit("1 Whiskey").hp,))


def test_proxy_ground_assault_answered_by_defenders_both_sides_at_once():
    """7.13: the defenders' answer rolls both sides; the act before it rolls nothing."""
    g = _proxy({"1 Alpha": {"type": "usmc_infantry_platoon", "hex": "D-4", "face_up": True}})
    move = A.MarkerAction("PROXY-1", path=("D-4",), then="combat", targets=("1 Alpha",), dice=2)
    assert ask(g, move) == ()                       # a choice for the defenders stands between
    g.apply(move)
    assert g.pending.kind == "ga_defence"
    act = A.AnswerDefence(defence=(A.Defence("1 Alpha", "PROXY-1", 2),))
    (step,) = ask(g, act)
    assert step.counts == ("HP lost by 1 Alpha", "GA hits on PROXY-1")
    dcv = g._ctx().cv(g.unit("1 Alpha"), "GA").value
    assert step.dice == ("2 d20 hitting on 3 or less: GA PROXY-1->1 Alpha",
                         f"2 d20 hitting on {dcv} or less: GA 1 Alpha->PROXY-1")
    a, d = 0.15, dcv / 20
    assert step.probability((0, 0)) == pytest.approx((1 - a) ** 2 * (1 - d) ** 2, abs=1e-12)
    hp = g.unit("1 Alpha").hp
    frequencies_match(g, act, step, lambda f, new: (hp - f.unit("1 Alpha").hp,
                                                     _hits(new, "ga_roll", "1 Alpha -> PROXY-1")), n=800)


# ---------------------------------------------------------------- refusals, nothing to roll, uncovered
def test_an_illegal_act_is_refused_with_its_rule_and_nothing_changes():
    g = _mines()
    before = g.to_json()
    with pytest.raises(IllegalAction) as e:
        g.chance_outcomes(A.AnswerMines(mines=(A.MineShot("DDG-51", 3),)))
    assert e.value.rule == "13.33" and "3 cubes designated but only 2 are in C-2" in str(e.value)
    assert g.to_json() == before


def test_an_act_that_rolls_nothing_has_no_chance_step():
    g = sea({"DDG-51": ("usn_ddg_51", "G-4", B), "Kilo 1": (SSK, "A-1", R)}, seed=8)
    g.apply(A.BeginImpulse(B))
    assert ask(g, A.Declare((A.CoreAction("move_combat", ("DDG-51",)),))) == ()


def test_an_uncovered_roll_says_so_in_one_line():
    """13.14: a Proxy Force's ruling roll (a marker effect) is not previewed: one line, nothing drawn."""
    g = lcb_lab.situation(units={"1 Whiskey": {"type": "usmc_himars_section", "hex": "D-4"},
                                 "1 Anna": {"type": "runi_naval_infantry_platoon", "hex": "H-8"}},
                          cards={"RU": ["Proxy Forces: Militia"]}, initiative="RU", seed=9)
    g.apply(A.InstructorRuling("RU", "ammunition", succeeds_on=3, supply_loss=("LRS1",)))
    g.apply(A.BeginImpulse("TF Red"))
    g.apply(A.Declare((A.CoreAction("play_jcc", (), jcc="Proxy Forces: Militia"),)))
    g.apply(A.PlayCard("Proxy Forces: Militia", "A", hex="D-4", action=1))
    before, dice = g.to_json(), g.dice.state()
    with pytest.raises(LabError) as e:
        g.chance_outcomes(A.MarkerAction("PROXY-1", then="effect", targets=("ruling:1", "1 Whiskey")))
    assert str(e.value) == ("chance_outcomes: MarkerAction rolls dice whose odds are not previewed "
                            "(rolled inline; see lcb_lab.games.lcb.chance)")
    assert g.to_json() == before and g.dice.state() == dice


# ---------------------------------------------------------------- card chains (9.0, 9.06, 9.4)
@pytest.fixture
def chapter9_effect():
    """The chapter 9 test deck's effect (a roll on ``succeeds_on``), registered while the test runs."""
    from lcb_lab.games.lcb.rules.cards import effects as card_effects
    from tests.rulebook.test_ch9_chains import _effect_fn
    card_effects.EFFECTS["test_effect"] = _effect_fn
    yield
    card_effects.EFFECTS.pop("test_effect", None)


def test_card_detect_and_ftr_nullify_rolls_hand_computed(chapter9_effect):
    """9.44: F-22 Escorts (FTR NULLIFY on 10) answers a B-1B Lancer (DETECT 10, effect on 10):
    its DETECT, its FTR NULLIFY roll, then the bomber's own effect roll, each 50%."""
    from tests.rulebook.test_ch9_chains import R, game, play, resp
    g, c = game({"b1": ("RU", "B-1B Lancer"), "f22": ("US", "F-22 Escorts")}, seed=2)
    play(g, R, c["b1"], targets=("Alpha",))
    steps = ask(g, A.AnswerCards(responses=(resp(c["f22"], c["b1"]),)))
    assert [(s.rule, s.counts) for s in steps] == [
        ("9.06", ("B-1B Lancer (RU) DETECTED",)), ("9.4", ("B-1B Lancer (RU) FTR NULLIFIED",)),
        ("9.0", ("B-1B Lancer succeeds",))]
    assert all(s.outcomes == (((0,), 0.5), ((1,), 0.5)) for s in steps)
    assert steps[0].dice == ("1 d20 hitting on 10 or less: F-22 Escorts (US): DETECT B-1B Lancer (RU)",)


def test_card_nullify_and_effect_rolls_match_real_rolls(chapter9_effect):
    """9.42: Malware in Space (NULLIFY on 12) answers Space Satellites (effect on 12, no DETECT):
    the NULLIFY roll always comes; the effect roll only when it failed."""
    from tests.rulebook.test_ch9_chains import B, game, play, resp
    g, c = game({"sat": ("US", "Space Satellites", "deployed"), "mal": ("RU", "Malware in Space")}, seed=1)
    play(g, B, c["sat"], targets=("Anna",))
    act = A.AnswerCards(responses=(resp(c["mal"]),))
    nullify, effect = ask(g, act)
    assert nullify.probability(1) == effect.probability(1) == pytest.approx(0.6)
    seen = Counter()
    for seed in range(N):
        f = g.fork(reseed=seed)
        k = len(f.log)
        f.apply(act)
        ran = [e["title"] for e in f.log[k:] if e["title"].startswith("EFFECT Space Satellites")]
        seen[ran[0].rsplit(" ", 1)[1] if ran else "nullified"] += 1
    assert abs(seen["nullified"] / N - 0.6) <= 4 * sqrt(0.24 / N)
    reached = seen["success"] + seen["failure"]
    assert abs(seen["success"] / reached - 0.6) <= 4 * sqrt(0.24 / reached)


def test_a_card_played_into_an_open_window_rolls_nothing_yet_and_one_resolved_at_once_rolls_its_effect(chapter9_effect):
    from tests.rulebook.test_ch9_chains import B, R, game
    g, c = game({"sat": ("US", "Space Satellites", "deployed"), "mal": ("RU", "Malware in Space")}, seed=1)
    g.state.initiative = g.state.task_forces[B]
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("play_jcc", jcc="Space Satellites"),)))
    assert ask(g, A.PlayCard(c["sat"], option="A", targets=("Anna",), action=1)) == ()   # RU may answer (9.41)
    g, c = game({"jam": ("RU", "EMS Jamming")}, seed=3)
    g.state.initiative = g.state.task_forces[R]
    g.apply(A.BeginImpulse(R))
    g.apply(A.Declare((A.CoreAction("play_jcc", jcc="EMS Jamming"),)))
    act = A.PlayCard(c["jam"], option="A", action=1)
    (step,) = ask(g, act)
    assert (step.label, step.outcomes) == ("EMS Jamming: effect roll (if not stopped first)", (((0,), 0.5), ((1,), 0.5)))
    g.dice.force([10])                              # on 10 or less: the logged outcome is a success
    g.apply(act)
    assert any(e["title"] == "EFFECT EMS Jamming: success" for e in g.log)


def test_resolve_combat_asked_as_an_act_gives_the_chance_step_of_the_combat():
    """7.010: chance's own move answers like every other act -- the step ``chance_outcomes()`` gives."""
    g = lcb_lab.situation(units={"1 Uran": ("runi_coastal_missile_section", "F-2"),
                                 "1 Whiskey": {"type": "usmc_himars_section", "hex": "F-6", "face_up": True}},
                          initiative="RU", seed=10)
    g.apply(A.BeginImpulse("TF Red"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("1 Uran",)),)))
    commit = A.CommitCombat(lrs=(A.LrsAttack("1 Uran", "LRS1", "1 Whiskey", 2),))
    assert ask(g, commit) == ()                     # committing rolls nothing: chance acts next
    g.apply(commit)
    assert g.to_act() == "chance"
    (step,) = ask(g, A.ResolveCombat())
    assert step == g.chance_outcomes() and step.counts == ("HP lost by 1 Whiskey",)


def test_card_intercept_detect_and_hits_hand_computed(chapter9_effect):
    """9.06, 9.011: a DDG INTERCEPTs a deployed CAP (DETECT 10): the team's DETECT roll (50%),
    then 2 INTERCEPT dice at 13 (hits 0, 1, 2), then the CAP's own roll on 10."""
    from tests.rulebook.test_ch9_chains import R, UNITS, game
    units = UNITS + [("DDG", "usn_ddg_51", "H-4", "TF Blue"), ("Target", "usn_ddg_51", "H-5", "TF Blue", True)]
    g, c = game({"cap": ("RU", "Combat Air Patrols", "deployed")}, units=units, naval=["H-4", "H-5", "H-6"], seed=12)
    g.state.initiative = "RU"
    g.apply(A.BeginImpulse(R))
    g.apply(A.Declare(()))
    g.apply(A.PlayCard(c["cap"], option="B", targets=("Target",)))
    detect, hits, effect = ask(g, A.AnswerCards(card_intercepts=(A.CardIntercept("DDG", "INT1", 2, to=1),)))
    assert (detect.rule, detect.outcomes) == ("9.06", (((0,), 0.5), ((1,), 0.5)))
    assert hits.counts == ("INTERCEPT hits on Combat Air Patrols (RU)",) and hits.rule == "9.011"
    assert [p for _, p in hits.outcomes] == pytest.approx([0.35 ** 2, 2 * 0.65 * 0.35, 0.65 ** 2], abs=1e-12)
    assert effect.label == "Combat Air Patrols: effect roll (if not stopped first)"
