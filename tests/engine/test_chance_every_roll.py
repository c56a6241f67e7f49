"""``Game.chance_outcomes(action)``: every inline roll asked the same way before it is rolled
(lcb_lab.games.lcb.chance).  Per roll kind: the outcomes sum to 1, equal a hand-computed value
for a small case, and match the frequencies of many seeded real rolls or the act applied with
forced dice for each outcome class; asking draws nothing and leaves the game byte-identical.
:data:`ROLL_SITES` maps every function of the game that rolls to its preview: none is left out."""
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
    act = A.AnswerDefense(defence=(A.Defense("1 Alpha", "PROXY-1", 2),))
    step, influence = ask(g, act)                   # then 13.13's roll, should PROXY-1 be destroyed
    assert step.counts == ("HP lost by 1 Alpha", "GA hits on PROXY-1") and influence.rule == "13.13"
    dcv = g._ctx().cv(g.unit("1 Alpha"), "GA").value
    assert step.dice == ("2 d20 hitting on 3 or less: GA PROXY-1->1 Alpha",
                         f"2 d20 hitting on {dcv} or less: GA 1 Alpha->PROXY-1")
    a, d = 0.15, dcv / 20
    assert step.probability((0, 0)) == pytest.approx((1 - a) ** 2 * (1 - d) ** 2, abs=1e-12)
    hp = g.unit("1 Alpha").hp
    frequencies_match(g, act, step, lambda f, new: (hp - f.unit("1 Alpha").hp,
                                                     _hits(new, "ga_roll", "1 Alpha -> PROXY-1")), n=800)


# ---------------------------------------------------------------- refusals, nothing to roll, marker effects
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


def _ruled_proxy(succeeds_on: int | None = 3, forced=()):
    """A Proxy Force in D-4 with 1 Whiskey; with ``succeeds_on`` an instructor ruling (13.14)
    whose success takes 1 from 1 Whiskey's LRS1 supply."""
    g = lcb_lab.situation(units={"1 Whiskey": {"type": "usmc_himars_section", "hex": "D-4"},
                                 "1 Anna": {"type": "runi_naval_infantry_platoon", "hex": "H-8"}},
                          cards={"RU": ["Proxy Forces: Militia"]}, initiative="RU", forced=list(forced))
    if succeeds_on is not None:
        g.apply(A.InstructorRuling("RU", "ammunition", succeeds_on=succeeds_on, supply_loss=("LRS1",)))
    g.apply(A.BeginImpulse("TF Red"))
    g.apply(A.Declare((A.CoreAction("play_jcc", (), jcc="Proxy Forces: Militia"),)))
    g.apply(A.PlayCard("Proxy Forces: Militia", "A", hex="D-4", action=1))
    return g


def test_a_proxy_force_effect_roll_at_a_ruling_is_previewed_and_matches_forced_dice():
    """13.14: the Proxy Force's effect roll at ruling 1's value (3 or less): 15% success."""
    act = A.MarkerAction("PROXY-1", then="effect", targets=("ruling:1", "1 Whiskey"))
    g = _ruled_proxy()
    (step,) = ask(g, act)
    assert (step.label, step.rule, step.counts) == ("PROXY-1: effect roll", "13.14", ("PROXY-1's effect succeeds",))
    assert step.dice == ("1 d20 hitting on 3 or less: PROXY-1: effect (ruling 1, ammunition)",)
    assert step.outcomes == (((0,), 0.85), ((1,), pytest.approx(0.15)))
    supply = g.unit("1 Whiskey").supply["LRS1"]
    for die, ok in ((3, 1), (4, 0)):
        f = g.fork()
        f.dice.force([die])
        f.apply(act)
        assert step.probability(ok) > 0
        assert f.unit("1 Whiskey").supply["LRS1"] == supply - ok
        assert f.log[-1 - ok]["title"] == f"PROXY-1: effect {'succeeds' if ok else 'fails'}"


def test_a_proxy_force_standard_effect_roll_after_a_move():
    """13.12: no ruling: one d20 at 6 or less (30%), rolled after the move in the same act."""
    g = _ruled_proxy(None)
    act = A.MarkerAction("PROXY-1", path=("E-4",), then="effect")
    (step,) = ask(g, act)
    assert (step.rule, step.dice) == ("13.12", ("1 d20 hitting on 6 or less: PROXY-1: effect (the effect agreed "
                                                 "at the table)",))
    assert dict(step.outcomes) == pytest.approx({(0,): 0.7, (1,): 0.3}, abs=1e-12)
    g.dice.force([6])
    g.apply(act)
    assert g.state.card_markers["PROXY-1"].hex == "E-4" and g.log[-1]["title"] == "PROXY-1: effect succeeds"


def test_an_act_that_would_roll_more_than_its_preview_is_refused_in_one_line(chapter9_effect, monkeypatch):
    """The guard that stays: a card effect rolling dice no preview knows (here a test effect
    rolling 3 more) -- one line, nothing drawn."""
    from lcb_lab.games.lcb.rules.cards import effects as card_effects
    from tests.rulebook.test_ch9_chains import R, _effect_fn, game

    def extra(ctx, link, ct, eff):
        ctx.dice.roll(3, "an unpreviewed roll")
        return _effect_fn(ctx, link, ct, eff)
    monkeypatch.setitem(card_effects.EFFECTS, "test_effect", extra)
    g, c = game({"jam": ("RU", "EMS Jamming")}, seed=3)
    g.state.initiative = g.state.task_forces[R]
    g.apply(A.BeginImpulse(R))
    g.apply(A.Declare((A.CoreAction("play_jcc", jcc="EMS Jamming"),)))
    before, dice = g.to_json(), g.dice.state()
    with pytest.raises(LabError) as e:
        g.chance_outcomes(A.PlayCard(c["jam"], option="A", action=1))
    assert str(e.value) == ("chance_outcomes: PlayCard rolls dice whose odds are not previewed "
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


# ---------------------------------------------------------------- card ASW and UUV (14.15, 14.12)
P8A_B = A.PlayCard("P-8A: Surveillance", "B", ("E-5", "E-6"), action=1)


def _p8a(revealed: tuple[str, ...] = ()):
    """P-8A option B (card ASW, 14.15: ASW 13 or less) searches E-5 and E-6, a Kilo (SSK, DETECT
    12) in each; resolved at once (RU may not answer)."""
    g = sea({"DDG": ("usn_ddg_51", "A-1", B), "Kilo 1": (SSK, "E-5", R), "Kilo 2": (SSK, "E-6", R)},
            cards={"US": ["P-8A: Surveillance"]}, seed=13)
    for uid in revealed:
        g.state.units[uid].revealed = True          # (staged: its marker is on the map, 14.06)
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("play_jcc", (), "P-8A: Surveillance"),)))
    return g


def _asw_seen(f, n: int) -> tuple[int, ...]:
    """(Kilo 1 DETECTED, Kilo 2 DETECTED, Kilo 1 destroyed, Kilo 2 destroyed) after the act, from its log."""
    (search,) = [e for e in f.log[n:] if e["title"] == "P-8A: Surveillance: ASW search"]
    return tuple(int(f"Kilo {i}" in search["text"].split(": ")[-1]) for i in (1, 2)) + \
        tuple(int(f.unit(f"Kilo {i}").destroyed) for i in (1, 2))


def test_card_asw_one_detect_die_then_one_asw_die_hand_computed_and_forced():
    """14.15: one DETECT d20 (12 or less finds both Kilos, 60%), then one ASW d20 (13 or less) at the
    first revealed one, Kilo 1; nothing found: no ASW die."""
    g = _p8a()
    (step,) = ask(g, P8A_B)
    assert (step.label, step.rule) == ("P-8A: Surveillance: card ASW in E-5, E-6 (if not stopped first)", "14.15")
    assert step.counts == ("Kilo 1 DETECTED", "Kilo 2 DETECTED", "Kilo 1 destroyed", "Kilo 2 destroyed")
    assert step.dice == ("1 d20 ASW DETECT in E-5, E-6, compared with Kilo 1 (12 or less), Kilo 2 (12 or less)",
                         "1 d20 ASW at the first revealed submarine, destroying it on 13 or less")
    assert dict(step.outcomes) == pytest.approx({(0, 0, 0, 0): 0.4, (1, 1, 0, 0): 0.6 * 0.35,
                                                 (1, 1, 1, 0): 0.6 * 0.65}, abs=1e-12)
    for dice, seen in (([9, 13], (1, 1, 1, 0)), ([12, 14], (1, 1, 0, 0)), ([13], (0, 0, 0, 0))):
        f = g.fork()
        f.dice.force(dice)
        n = len(f.log)
        f.apply(P8A_B)
        assert _asw_seen(f, n) == seen and step.probability(seen) > 0 and f.dice.forced_left == 0, dice


def test_card_asw_aims_at_a_submarine_already_revealed_when_the_detect_misses():
    """14.15: the ASW die goes to the first REVEALED submarine -- Kilo 2's marker is already on
    the map, so a missed DETECT (40%) still rolls the ASW die at Kilo 2."""
    g = _p8a(revealed=("Kilo 2",))
    (step,) = ask(g, P8A_B)
    assert dict(step.outcomes) == pytest.approx({(0, 0, 0, 0): 0.4 * 0.35, (0, 0, 0, 1): 0.4 * 0.65,
                                                 (1, 1, 0, 0): 0.6 * 0.35, (1, 1, 1, 0): 0.6 * 0.65}, abs=1e-12)
    f = g.fork()
    f.dice.force([13, 13])
    n = len(f.log)
    f.apply(P8A_B)
    assert _asw_seen(f, n) == (0, 0, 0, 1) and step.probability((0, 0, 0, 1)) == pytest.approx(0.26)


UUV = A.PlayCard("UUV Attack: UNMANNED", "A", ("DDG",), action=1)


def test_uuv_attack_defensive_asw_then_one_torpedo_hand_computed_and_forced():
    """14.12, 14.011: the DDG in the target hex DETECTs the UUV on 10 or less and kills it on 10 or
    less (25%); else one torpedo die at 10 or less sinks the DDG (14.08)."""
    g = sea({"SSN": (SSN, "C-3", B), "DDG": {"type": "rubf_ddg", "hex": "E-3", "face_up": True}},
            cards={"US": [{"name": "UUV Attack: UNMANNED", "attach_to": "SSN"}]}, seed=14)
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("play_jcc", (), "UUV Attack: UNMANNED"),)))
    (step,) = ask(g, UUV)
    assert (step.label, step.rule) == ("UUV Attack: UNMANNED: TORPEDO ATTACK on DDG (if not stopped first)", "14.12")
    assert step.counts == ("UUV Attack: UNMANNED destroyed by ASW", "torpedo hit on DDG")
    assert step.dice == ("1 d20 hitting on 10 or less: ASW DETECT vs UUV Attack: UNMANNED (DDG)",
                         "one ASW d20 per DETECT, destroying UUV Attack: UNMANNED on 10 or less",
                         "1 d20 hitting on 10 or less: UUV Attack: UNMANNED: TORPEDO ATTACK on DDG, one hit however "
                         "many dice hit")
    assert dict(step.outcomes) == pytest.approx({(0, 0): 0.375, (0, 1): 0.375, (1, 0): 0.25}, abs=1e-12)
    for dice, seen in (([15, 11], (0, 0)), ([15, 4], (0, 1)), ([10, 9], (1, 0)), ([10, 11, 3], (0, 1))):
        f = g.fork()
        f.dice.force(dice)
        f.apply(UUV)
        uuv_gone = f.state.cards["US-1"].where == "discarded" and not f.unit("DDG").destroyed
        assert (int(uuv_gone), int(f.unit("DDG").destroyed)) == seen and step.probability(seen) > 0, dice
        assert f.dice.forced_left == 0


# ---------------------------------------------------------------- 10.311: a concealed Embarked card at random
def test_a_concealed_embarked_card_drawn_at_random_hand_computed_and_forced():
    """10.311 (the chapter 10 example): two concealed cards aboard LHD 1, the LCU and the MUX in
    cid order; one picked as 'hidden:0' is either, 1/2 each (a d20, (roll - 1) mod 2)."""
    from lcb_lab.games.lcb.content.worked import ch10
    g, _ = ch10.ex_10_311()
    act = A.AnswerEmbarkLosses(picks=("hidden:0",))
    (step,) = ask(g, act)
    assert (step.label, step.rule) == ("1 of the 2 concealed Embarked card(s) on LHD 1 lost at random", "10.311")
    assert step.counts == ("Amphibious: LCU lost", "MUX: Unmanned lost")
    assert step.dice == ("1 d20, rerolled above 20: card (roll - 1) mod 2 + 1 of the 2 concealed card(s) left",)
    assert step.outcomes == (((0, 1), 0.5), ((1, 0), 0.5))
    for die, seen in ((2, (0, 1)), (1, (1, 0))):
        f = g.fork()
        f.dice.force([die])
        f.apply(act)
        lost = tuple(int(f.state.cards[c].where == "discarded") for c in ("US-2", "US-3"))
        assert lost == seen and step.probability(seen) == 0.5
    (both,) = ask(g, A.AnswerEmbarkLosses(picks=("hidden:0", "hidden:1")))
    assert both.outcomes == (((1, 1), 1.0),) and len(both.dice) == 2
    assert ask(g, A.AnswerEmbarkLosses(picks=("US-1",))) == ()       # a face-up card: named, no roll


# ---------------------------------------------------------------- 13.13: a destroyed Proxy Force's influence roll
def _assaulted_proxy(forced=()):
    """13.12: a Proxy Force's GROUND ASSAULT (2 dice at 3) on 1 Alpha, who fires back with 2 dice."""
    g = lcb_lab.situation(units={"1 Alpha": {"type": "usmc_infantry_platoon", "hex": "D-4"},
                                 "1 Anna": {"type": "runi_naval_infantry_platoon", "hex": "H-8"}},
                          cards={"RU": ["Proxy Forces: Militia"]}, initiative="RU", forced=list(forced))
    g.apply(A.BeginImpulse("TF Red"))
    g.apply(A.Declare((A.CoreAction("play_jcc", (), jcc="Proxy Forces: Militia"),)))
    g.apply(A.PlayCard("Proxy Forces: Militia", "A", hex="D-4", action=1))
    g.apply(A.MarkerAction("PROXY-1", then="combat", targets=("1 Alpha",), dice=2))
    return g


INFLUENCE = ("PROXY-1 destroyed: influence roll (if it is destroyed)", "13.13", ("US loses 1 influence",),
             (((0,), pytest.approx(0.4)), ((1,), pytest.approx(0.6))),
             ("1 d20, 12 or less: US loses 1 influence (the Influence Meter moves one space toward RU)",))


def test_a_proxy_force_destroyed_by_the_defenders_rolls_for_influence_previewed_and_forced():
    """13.13 after 7.13: the defenders' answer may destroy the 1-HP Proxy Force; if it does, one
    d20 of 12 or less moves the Influence Meter toward RU (60%)."""
    g = _assaulted_proxy()
    act = A.AnswerDefense(defence=(A.Defense("1 Alpha", "PROXY-1", 2),))
    ga, roll = ask(g, act)
    assert ga.counts == ("HP lost by 1 Alpha", "GA hits on PROXY-1")
    assert (roll.label, roll.rule, roll.counts, roll.outcomes, roll.dice) == INFLUENCE
    for dice, meter, gone in (([3, 20, 2, 17, 8], -1, True), ([3, 20, 2, 17, 13], 0, True), ([3, 20, 18, 17], 0, False)):
        f = g.fork()
        f.dice.force(dice)
        f.apply(act)
        assert ("PROXY-1" not in f.state.card_markers) == gone and f.state.influence == meter, dice
        assert f.dice.forced_left == 0 and (not gone or roll.probability(int(meter == -1)) > 0)


def test_a_proxy_force_fired_at_in_committed_combat_adds_its_influence_roll_to_resolve_combat():
    """13.13 after 7.15: ResolveCombat's preview is the engagement (as chance_outcomes() gives it)
    and then the influence roll should the Proxy Force be destroyed."""
    g = lcb_lab.situation(units={"1 Alpha": {"type": "usmc_infantry_platoon", "hex": "C-4"},
                                 "1 Anna": {"type": "runi_naval_infantry_platoon", "hex": "H-8"}},
                          cards={"RU": ["Proxy Forces: Militia"]}, initiative="RU", seed=15, max_turns=6)
    g.apply(A.BeginImpulse("TF Red"))
    g.apply(A.Declare((A.CoreAction("play_jcc", (), jcc="Proxy Forces: Militia"),)))
    g.apply(A.PlayCard("Proxy Forces: Militia", "A", hex="D-4", action=1))
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("1 Alpha",)),)))
    g.apply(A.Move(1, ("D-4",)))
    g.apply(A.CommitCombat(ga=(A.GroundAssault("1 Alpha", "PROXY-1", 1),)))
    while g.pending is not None:
        g.apply(A.Answer())
    ga, roll = ask(g, A.ResolveCombat())
    assert ga == g.chance_outcomes() and ga.counts == ("GA hits on PROXY-1", "HP lost by 1 Alpha")  # it fires back (13.12)
    assert (roll.label, roll.rule, roll.counts, roll.outcomes, roll.dice) == INFLUENCE
    for dice, meter in (([1, 20, 20, 20, 20, 5], -1), ([1, 20, 20, 20, 20, 13], 0)):
        f = g.fork()
        f.dice.force(dice)
        f.apply(A.ResolveCombat())
        assert "PROXY-1" not in f.state.card_markers and f.state.influence == meter
        assert ga.probability((1, 0)) > 0 and roll.probability(int(meter == -1)) > 0


# ---------------------------------------------------------------- every roll of the game is previewed
ROLL_SITES = {
    "rules/combat/sequence.py": {"_roll_lrs": "resolve_combat", "_lrs_on_marker": "resolve_combat",
                                 "_roll_ga": "resolve_combat"},
    "rules/combat/sequence.py": {"_roll_lrs": "resolve_combat", "_roll_ga": "resolve_combat"},
    "rules/combat/on_marker.py": {"lrs_on_marker": "resolve_combat", "_marker_intercepts": "resolve_combat"},
    "rules/markers/sof.py": {"defend": "resolve_combat", "duel": "marker_action"},
    "rules/submarines/operations.py": {"torpedo_act": "torpedo", "duel": "torpedo", "_fire": "torpedo",
                                        "zor_act": "zor"},
    "rules/submarines/asw.py": {"_defend": "torpedo", "offensive_act": "offensive_asw",
                                "asw_search": "_card_asw", "uuv": "_uuv"},
    "rules/markers/proxy.py": {"effect_step": "_marker_effect", "_resolve": "defense"},
    "rules/markers/placement.py": {"proxy_destroyed": "influence", "rolled": "_effect_step"},
    "rules/markers/mines.py": {"answer": "mines"},
    "rules/embarking/losses.py": {"_draw": "embark_losses"},
    "rules/cards/effects.py": {"roll": "_effect_step"},
    "rules/cards/ftr_nullify.py": {"d20": "_link_steps"},
    "rules/optional/naval_gunfire.py": {"roll": "resolve_combat"},     # optional 17.33: rules/combat/chance._gunfire
    "rules/optional/interoperability.py": {"attempt_act": "interop_attempt"},      # 17.1
    "rules/combat/offensive.py": {"act": "offensive_intercept", "_detect": "offensive_intercept"},
}
"""Every function of LC:B that rolls dice -> the preview in lcb_lab.games.lcb.chance that gives its
odds (``resolve_combat``: the committed combat's, lcb_lab.games.lcb.rules.combat.chance)."""


def _roll_sites() -> dict[str, set[str]]:
    """``{module path under games/lcb: {function names}}`` of every ``<x>.dice.roll(...)`` call."""
    import ast
    from pathlib import Path
    root = Path(lcb_lab.__file__).parent / "games" / "lcb"
    out: dict[str, set[str]] = {}
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text())
        for fn in ast.walk(tree):
            if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for node in ast.walk(fn):
                    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "roll" \
                            and isinstance(node.func.value, ast.Attribute) and node.func.value.attr == "dice":
                        out.setdefault(path.relative_to(root).as_posix(), set()).add(fn.name)
    return out


def test_every_roll_of_the_game_has_a_preview():
    """No roll is left unpreviewed: each function that rolls is listed with its preview (a new
    roll fails here until it gets one), and each preview named exists."""
    from lcb_lab.games.lcb import chance
    found = _roll_sites()
    found.pop("whatif/experiments.py", None)       # what-if sampling draws its own dice, outside any game
    assert found == {m: set(fns) for m, fns in ROLL_SITES.items()}
    for fns in ROLL_SITES.values():
        for preview in fns.values():
            assert callable(getattr(chance, preview, None)), preview


def test_two_cards_of_one_name_answering_one_link_roll_one_nullify_each(chapter9_effect):
    """9.42: two Attack on Command and Control cards NULLIFY EMS Jamming: two NULLIFY rolls (only
    the team's IAMD DETECT is shared, 9.06) -- the preview lists both, and the act rolls them."""
    from tests.rulebook.test_ch9_chains import B, game, play, resp
    g, c = game({"jam": ("US", "EMS Jamming"), "a1": ("RU", "Attack on Command and Control"),
                 "a2": ("RU", "Attack on Command and Control")}, seed=16)
    play(g, B, c["jam"])
    act = A.AnswerCards(responses=(resp(c["a2"]), resp(c["a1"])))
    steps = ask(g, act)
    nullify = [s for s in steps if s.rule == "9.4"]
    assert len(nullify) == 2 and nullify[0] == nullify[1] and [s.rule for s in steps][-1] == "9.0"
    assert nullify[0].counts == ("EMS Jamming (US) NULLIFIED",)
    f = g.fork()
    n = len(f.dice.history)
    f.apply(act)
    rolled = [p for p, _ in f.dice.history[n:]]
    assert rolled.count("Attack on Command and Control (RU): NULLIFY EMS Jamming (US)") == 2


# ---------------------------------------------------------------- answers that go on rolling
def _mildec_pause():
    """4.22: Msta's LRS hits Plt (forced 1, 1: 2 HP); US decides on its MILDECs after the roll,
    and Msta2's LRS at Log (2 dice at 10) is still to roll in the same ResolveCombat."""
    from lcb_lab.games.lcb.model.state import Marker
    markers = [Marker("M1", "mildec", "US", B, "F-4"), Marker("M2", "mildec", "US", B, "F-4")]
    g = lcb_lab.situation([("Msta", "runi_cannon_artillery", "F-6", R), ("Msta2", "runi_cannon_artillery", "F-6", R),
                           ("Plt", "usmc_infantry_platoon", "F-4", B, True),
                           ("Log", "usmc_logistics_company", "F-4", B, True)],
                          initiative="RU", markers=markers, forced=[1, 1])
    g.apply(A.BeginImpulse(R))
    g.apply(A.Declare((A.CoreAction("move_combat", ("Msta", "Msta2")),)))
    g.apply(A.CommitCombat(lrs=(A.LrsAttack("Msta", "LRS1", "Plt", 2), A.LrsAttack("Msta2", "LRS1", "Log", 2))))
    g.apply(A.ResolveCombat())
    assert g.pending.kind == "mildec" and g.to_act() == "US"
    return g


def test_the_mildec_answer_previews_the_rest_of_the_combat_it_resumes():
    """4.22 then 7.57: answering the MILDEC choice rolls Msta2's LRS at Log in the same act: 0, 1
    or 2 HP lost with 25%, 50%, 25%; the plain Answer (absorb 0) is the same act."""
    g = _mildec_pause()
    for act in (A.AnswerMildec(absorb=0), A.Answer()):
        (step,) = ask(g, act)
        assert (step.label, step.counts) == ("LRS on Log (2 HP)", ("HP lost by Log",))
        assert step.outcomes == (((0,), 0.25), ((1,), 0.5), ((2,), 0.25))
    for dice, lost in (([11, 20], 0), ([1, 20], 1), ([1, 2], 2)):
        f = g.fork()
        f.dice.force(dice)
        f.apply(A.AnswerMildec(absorb=0))
        if f.pending is not None:                   # Log hit: its own MILDEC choice (4.22), absorbing none
            f.apply(A.AnswerMildec(absorb=0))
        assert 2 - f.unit("Log").hp == lost and step.probability(lost) > 0 and f.dice.forced_left == 0


def test_a_proxy_force_stopped_by_mines_previews_its_effect_after_them():
    """13.36: PROXY-1 enters a mined land hex with then="effect"; the owner's answer rolls the
    mines and then, if PROXY-1 survives, its effect roll (6 or less) -- and 13.13's roll if the mine
    destroys it.  Held mines: only the effect roll."""
    g = lcb_lab.situation(units={"1 Alpha": {"type": "usmc_infantry_platoon", "hex": "B-1"},
                                 "1 Zhuk": {"type": "runi_naval_infantry_platoon", "hex": "H-8"}},
                          cards={"US": ["Proxy Forces: Partisans"]}, seed=17)
    ch13.lay_mines(g, "RU", "D-6", 1, terrain="land")
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("play_jcc", (), jcc="Proxy Forces: Partisans"),)))
    g.apply(A.PlayCard("Proxy Forces: Partisans", "A", hex="C-6", action=1))
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse("TF Red"))
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare(()))
    g.apply(A.MarkerAction("PROXY-1", path=("D-6",), then="effect"))
    assert g.pending.kind == "mine_attack" and g.pending.options.targets == ("marker:D-6",)
    (effect,) = ask(g, A.Answer())                              # held (13.33: may)
    assert (effect.label, effect.rule) == ("PROXY-1: effect roll (if PROXY-1 survives the mines)", "13.12")
    assert dict(effect.outcomes) == pytest.approx({(0,): 0.7, (1,): 0.3}, abs=1e-12)
    shot = A.AnswerMines(mines=(A.MineShot("marker:D-6", 1),))
    mine, influence, after = ask(g, shot)
    assert mine.counts == ("mine hits on marker:D-6",) and mine.outcomes == (((0,), pytest.approx(0.35)),
                                                                            ((1,), pytest.approx(0.65)))
    assert (influence.label, influence.counts) == ("PROXY-1 destroyed: influence roll (if it is destroyed)",
                                                   ("RU loses 1 influence",))
    assert after == effect
    for dice, gone, ok in (([14, 6], False, True), ([14, 7], False, False), ([13, 12], True, None)):
        f = g.fork()
        f.dice.force(dice)
        f.apply(shot)
        assert ("PROXY-1" not in f.state.card_markers) == gone and f.dice.forced_left == 0, dice
        if gone:
            assert f.state.influence == 1 and influence.probability(1) > 0      # RU lost 1: toward US
        else:
            assert f.log[-1]["title"] == f"PROXY-1: effect {'succeeds' if ok else 'fails'}"
            assert effect.probability(int(ok)) > 0


def test_an_act_whose_auto_answered_choices_roll_says_so_in_one_line():
    """With auto policies a Move into mines also rolls the owner's auto-answered mines (13.33):
    those answers are not acts of their own, so the preview refuses in one line, drawing nothing."""
    g = lcb_lab.situation(units={"DDG-51": {"type": "usn_ddg_51", "hex": "B-2", "face_up": True},
                                 "1 Anna": ("runi_naval_infantry_platoon", "H-8")}, naval=ch13.SEA, seed=18, auto={})
    ch13.lay_mines(g, "RU", "C-2", 2)
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("DDG-51",)),)))
    before, dice = g.to_json(), g.dice.state()
    with pytest.raises(LabError) as e:
        g.chance_outcomes(A.Move(1, ("C-2", "D-2")))
    assert str(e.value) == ("chance_outcomes: Move also rolls for the choices the auto policies answer inside it, "
                            "which are not previewed (without auto policies each answer is an act of its own, "
                            "previewed)")
    assert g.to_json() == before and g.dice.state() == dice
