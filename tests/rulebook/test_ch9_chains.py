"""Chapter 9 response windows and card chains, every worked EXAMPLE with forced dice
(9.06, 9.010-9.012, 9.2, 9.24, 9.41-9.47, App. B US Impulses 1-2).

The cards live in a test deck built here (:data:`DECKS`, set as ``Game.decks``) with the
rulebook's names and the values its examples give; the rest are test values chosen so the
printed rolls come out as printed.  A card's own effect is :func:`test_effect` (a roll on
``succeeds_on`` that logs ``"EFFECT <name>"``) unless the example needs a packaged effect
(reveal, reveal_paralyse), so these tests exercise the chain, not the effects.

Dice order (what forced dice feed): a chain resolves from its last link (9.46); opposed FTR
NULLIFY engagements first (their simultaneous rolls last link first); a joint attack's DETECT
rolls, then its rolls in link order; the played card's own roll last.
"""
from __future__ import annotations

import json

import pytest

import lcb_lab
from lcb_lab.games.lcb import actions as A
from lcb_lab.kernel import explain
from lcb_lab.games.lcb.content.passes import pass_empty_windows
from lcb_lab.games.lcb.model.cards import CardType, Decks, Effect
from lcb_lab.games.lcb.rules.cards import effects as card_effects, jcc, responses
from lcb_lab.games.lcb.model.state import CardPlay
from tests.refusals import refused

B, R = "TF Blue", "TF Red"


def _effect_fn(ctx, link, ct, eff) -> bool:
    """A card's effect in these tests: roll ``succeeds_on`` (if any), log ``EFFECT <name>``."""
    ok = card_effects.roll(ctx, link, eff, f"{ct.name}: effect")
    ctx.log(explain.step("effect", f"EFFECT {ct.name}: {'success' if ok else 'failure'}", "test effect", ["9.0"]))
    return ok


@pytest.fixture(autouse=True)
def registered_test_effect():
    """``test_effect`` is in the effect registry only while a test of this file runs (the
    registry lists the catalogue's functions, tests/engine/test_card_decks.py)."""
    card_effects.EFFECTS["test_effect"] = _effect_fn
    yield
    card_effects.EFFECTS.pop("test_effect", None)


def _e(fn="test_effect", **kw):
    """An effect; the test function is outside the decks' catalogue, so it is built unchecked."""
    kw.setdefault("text", f"{fn} (test)")
    if fn == "test_effect":
        return Effect.model_construct(fn=fn, **kw)
    return dict(fn=fn, **kw)


def _ftr(n=1, on=10, **kw):
    return _e("ftr_nullify", when="response", target="enemy_card", succeeds_on=on, max_targets=n,
              counters=["aviation"], **kw)


def _null(counters, on=10, **kw):
    return _e("nullify", when="response", target="enemy_card", succeeds_on=on, counters=counters, **kw)


AVIATION = dict(symbols=["ftr", "intercept"], categories=["aviation", "fixed_wing"], detect=10)
CAP = dict(symbols=["ftr", "intercept", "persist"], categories=["aviation", "fixed_wing"], detect=10,
           discard_after=2, effects=[_ftr(2, label="A"), _e(label="B", target="unit", succeeds_on=10)])
CARDS = {
    "Tactical Cyber Attack": dict(categories=["tactical_cyber"],
                                  effects=[_e("reveal_paralyse", target="stack", succeeds_on=10)]),
    "Tactical Cyber Defenses": dict(symbols=["nullify"], categories=["tactical_cyber"],
                                    effects=[_null(["tactical_cyber"])]),
    "Attack on Command and Control": dict(symbols=["nullify"], categories=["tactical_cyber"],
                                          effects=[_null(["tactical_cyber", "strategic_cyber", "ems"])]),
    "MEF Information Group (MIG)": dict(symbols=["nullify"], categories=["tactical_cyber"],
                                        effects=[_null(["tactical_cyber"], label="A"),
                                                 _e(label="B", target="unit", succeeds_on=10)]),
    "EMS Jamming": dict(categories=["ems"], effects=[_e(succeeds_on=10)]),
    "EMS Defense": dict(symbols=["nullify"], categories=["ems"], effects=[_null(["ems"])]),
    "Signal Management": dict(symbols=["nullify", "persist"], categories=["ems"],
                              effects=[_null(["isr", "space"])]),
    "High Altitude Balloons": dict(categories=["isr"], effects=[_e(target="units", succeeds_on=10)]),
    "Open Source Intel": dict(categories=["isr"], effects=[_e(succeeds_on=10)]),
    "Space Satellites": dict(symbols=["persist"], hits=2, categories=["space"], bmd_only=True,
                             effects=[_e(target="units", succeeds_on=12)]),
    "Malware in Space": dict(symbols=["nullify", "persist"], categories=["strategic_cyber"],
                             effects=[_null(["space"], on=12)]),
    "THAAD": dict(symbols=["attach"], categories=["air_defence"],
                  cvs=[{"slot": "INT2", "value": 14, "range": 10, "supply": 4, "sources": {"value": "sandbox: test"}}],
                  effects=[_e("attached_cv", when="passive", args={"bmd": True})]),
    "Combat Air Patrols": CAP,
    "F-22 Escorts": dict(symbols=["ftr", "persist"], categories=["aviation", "fixed_wing"], detect=12,
                         effects=[_ftr(1, label="A"),
                                  _e("nullify", label="B", when="trigger", target="enemy_card", succeeds_on=10)]),
    "B-1B Lancer": dict(AVIATION, categories=["aviation", "bomber"], effects=[_e(target="unit", succeeds_on=10)]),
    "B-2": dict(AVIATION, categories=["aviation", "bomber"], effects=[_e(target="unit", succeeds_on=10)]),
    "TU-160M2: Aerial Strike": dict(AVIATION, categories=["aviation", "bomber"],
                                    effects=[_e(target="unit", succeeds_on=10)]),
    "P-8A: Surveillance": dict(symbols=["ftr"], categories=["aviation", "fixed_wing"], detect=8,
                               effects=[_e(target="units", succeeds_on=10)]),
    "EA-18G Growler": dict(symbols=["ftr", "persist"], categories=["aviation", "fixed_wing"], detect=10,
                           effects=[_e("nullify", when="trigger", target="enemy_card", succeeds_on=10,
                                       args={"preempt": True})]),
    "MUX: Unmanned": dict(symbols=["ftr", "intercept"], categories=["aviation", "unmanned"], detect=10,
                          effects=[_e(target="network", succeeds_on=10)]),
    "Orion Sirius: Unmanned": dict(AVIATION, categories=["aviation", "unmanned"],
                                   effects=[_e(target="unit", succeeds_on=10)]),
    "Unmanned Helo": dict(symbols=["intercept"], categories=["aviation", "rotary_wing"], detect=12,
                          effects=[_e(target="unit", succeeds_on=10)]),
}


def _deck(team):
    """Validated card types; test effects are put in after the validation (model_copy)."""
    out = {}
    for name, spec in CARDS.items():
        spec = dict(spec)
        effects = spec.pop("effects")
        checked = [dict(label=e.label, fn="unsimulated", text=e.text, args={"chapter": "test"})
                   if isinstance(e, Effect) else e for e in effects]
        ct = CardType.model_validate(dict(name=name, team=team, cost=1, function="c5isr",
                                          text=f"{name} (test card)", effects=checked, **spec))
        real = tuple(e if isinstance(e, Effect) else ct.effects[i] for i, e in enumerate(effects))
        out[name] = ct.model_copy(update={"effects": real})
    return out


DECKS = Decks(cards={"US": _deck("US"), "RU": _deck("RU")})

UNITS = [("Alpha", "usmc_infantry_platoon", "F-8", B, True), ("Kilo", "usmc_iamd_section", "F-7", B),
         ("Bravo", "usmc_infantry_platoon", "F-9", B, True),
         ("Anna", "runi_tank_platoon", "F-6", R, True), ("Yelena", "runi_tank_platoon", "F-6", R, True),
         ("Ivan", "runi_tank_platoon", "F-5", R, True), ("Zhuk", "runi_mortars_platoon", "K-2", R)]
"""The targets are face up (6.11: a card names only units its team knows); an effect's outcome
is read from its log line or from the paralysis of a Tactical Cyber Attack, not from a reveal."""


def game(cards, forced=(), units=UNITS, **kw):
    """A Game with the test decks; ``cards``: ``{key: (team, name[, where])}`` -- where
    ``"deployed"`` is a Persistent card played on an earlier turn (9.21); returns
    ``(game, {key: cid})``."""
    g = lcb_lab.situation(list(units), forced=list(forced), **kw)
    g.decks = DECKS
    ids = {}
    for key, spec in cards.items():
        team, name, where = (spec + ("pool",))[:3]
        host = None
        if where.startswith("attached:"):
            where, host = "attached", where.split(":", 1)[1]
        c = jcc.add_card(g.state, team, name, where=where, host=host, face_up=where == "deployed")
        c.deployed = where == "deployed"
        ids[key] = c.cid
    return g, ids


def play(g, tf, cid, targets=(), hex=None, more=(), option="A"):
    """Begin ``tf``'s impulse, declare Play a JCC for ``cid`` (and the cards ``more``), play it."""
    if not g.state.tf_order:                     # setup: the team playing goes first
        g.state.initiative = g.state.task_forces[tf]
    g.apply(A.BeginImpulse(tf))
    names = [g.state.cards[cid].name] + [g.state.cards[m].name for m in more]
    g.apply(A.Declare(tuple(A.CoreAction("play_jcc", jcc=n) for n in names)))
    g.apply(A.PlayCard(cid, option=option, targets=tuple(targets), hex=hex, action=1))
    pass_empty_windows(g)


def answer(g, *responses, intercepts=()):
    """Answer the open window; the windows that follow with nothing to answer are passed (as
    their team would, 9.46): the examples name only the answers they print."""
    g.apply(A.AnswerCards(responses=tuple(responses), card_intercepts=tuple(intercepts)))
    pass_empty_windows(g)


def resp(cid, *targets, option="A", to=None, action=None):
    return A.Response(cid, option=option, to=to, targets=tuple(targets), action=action)


def titles(g):
    return [e["title"] for e in g.state.log]


def effect_ran(g, name):
    return any(t.startswith(f"EFFECT {name}") for t in titles(g))


def state_json(g):
    return json.dumps(g.state.to_dict(), sort_keys=True)




def card(g, cid):
    return g.state.cards[cid]


# ---------------------------------------------------------------- App. B
def test_app_b_attack_on_c2_roll_20_fails_then_tactical_cyber_attack_roll_4():
    """App. B US Imp. 1 AP 2: Dimitri's Attack on C2 NULLIFY rolls 20 and fails; Stephanie's
    Tactical Cyber Attack rolls 4: the stack is revealed and paralyzed; +1 blue cube (7.61)."""
    g, c = game({"tca": ("US", "Tactical Cyber Attack"), "c2": ("RU", "Attack on Command and Control")},
                forced=[20, 4])
    play(g, B, c["tca"], targets=("Anna", "Yelena"))
    ch = g.pending
    assert ch.kind == "card_response" and ch.team == "RU"
    assert ch.options.to_dict()["cards"] == [{"cid": c["c2"], "name": "Attack on Command and Control", "option": "A",
                                    "kind": "nullify", "p_detect": 1.0, "p_success": 0.5, "p": 0.5, "max_targets": 1,
                                    "targets": [1], "per_target": [{"pid": 1, "p_detect": 1.0, "p": 0.5}],
                                    "free": True, "actions": []}]
    answer(g, resp(c["c2"]))
    assert g.pending is None and g.state.chain == []
    assert g.dice.history == [(f"Attack on Command and Control ({c['c2'][:2]}): NULLIFY Tactical Cyber Attack "
                               f"({c['tca'][:2]})", [20]), ("Tactical Cyber Attack: effect", [4])]
    assert all(g.state.units[u].paralysed for u in ("Anna", "Yelena"))
    assert g.state.network_cubes == {"US": 0, "RU": 1}
    assert card(g, c["c2"]).where == "discarded" and card(g, c["tca"]).where == "discarded"


def _p8a_exchange(forced):
    g, c = game({"p8a": ("US", "P-8A: Surveillance"), "uscap": ("US", "Combat Air Patrols", "deployed"),
                 "rucap": ("RU", "Combat Air Patrols", "deployed")}, forced=forced)
    play(g, B, c["p8a"], targets=("Anna",))
    answer(g, resp(c["rucap"]))                       # Dimitri: RU CAP FTR NULLIFY, no AP
    ch = g.pending
    assert ch.team == "US" and [o["cid"] for o in ch.options.to_dict()["cards"]] == [c["uscap"]]
    assert ch.options.to_dict()["cards"][0]["free"] is True     # already deployed: its free use (9.2)
    answer(g, resp(c["uscap"]))                       # Winston: US CAP against the RU CAP
    return g, c


def test_app_b_p8a_cap_exchange():
    """App. B US Imp. 2: Winston's CAP fails its DETECT (expended); Dimitri's CAP DETECTs and FTR
    NULLIFYs it (a red cube on the US CAP), then DETECTs P-8A on 7 and FTR NULLIFYs it on 1:
    P-8A discarded, the RU CAP expended.  Dice: US DETECT 15, RU DETECT 3, RU FTR 2, 7, 1."""
    g, c = _p8a_exchange([15, 3, 2, 7, 1])
    assert g.pending is None and g.state.chain == []
    us, ru, p8a = card(g, c["uscap"]), card(g, c["rucap"]), card(g, c["p8a"])
    assert (us.where, us.cubes, us.expended) == ("deployed", 1, True)
    assert (ru.where, ru.cubes, ru.expended) == ("deployed", 0, True)
    assert p8a.where == "discarded"
    assert not effect_ran(g, "P-8A")
    assert g.dice.forced_left == 0
    t = titles(g)
    assert t.index("FTR NULLIFY engagement: Combat Air Patrols (US) against Combat Air Patrols (RU)") \
        < t.index("Combat Air Patrols (RU) DETECTs P-8A: Surveillance (US)")


# ---------------------------------------------------------------- 9.06, 9.010, 9.011, 9.012
def _cap_attack(forced, dice=2, **kw):
    units = UNITS + [("DDG", "usn_ddg_51", "H-4", B), ("Target", "usn_ddg_51", "H-5", B, True)]
    g, c = game({"cap": ("RU", "Combat Air Patrols", "deployed")}, forced=forced, units=units,
                naval=["H-4", "H-5", "H-6"], **kw)
    g.state.initiative = "RU"
    g.apply(A.BeginImpulse(R))
    g.apply(A.Declare(()))
    g.apply(A.PlayCard(c["cap"], option="B", targets=("Target",)))
    ch = g.pending
    assert ch.team == "US"
    ddg = [o for o in ch.options.to_dict()["interceptors"] if o["uid"] == "DDG"]
    assert ddg == [{"uid": "DDG", "slot": "INT1", "source": None, "max_dice": 12, "p_hit": 13 / 20,
                    "p_detect": 0.5, "to": 1}]
    answer(g, intercepts=(A.CardIntercept("DDG", "INT1", dice, to=1),))
    return g, c


def test_9_06_and_9_010_ex2_two_intercepts_destroy_the_cap_before_its_attack():
    g, c = _cap_attack([4, 3, 9])          # DETECT 4 <= 10; INTERCEPT 3, 9 <= 13: two hits
    cap = card(g, c["cap"])
    assert cap.where == "discarded" and cap.cubes == 2
    assert not effect_ran(g, "Combat Air Patrols")
    assert g.state.units["DDG"].supply["INT1"] == 10


def test_9_06_failed_detect_the_cap_attacks_and_no_supply_is_spent():
    """A failed IAMD DETECT: no INTERCEPT of the card; its attack goes on; the unit keeps its
    supply for the INTERCEPT of the attack that follows (9.06 ex., 9.011)."""
    g, c = _cap_attack([15, 5])            # DETECT 15 > 10; the CAP's own roll 5 <= 10
    assert effect_ran(g, "Combat Air Patrols: success")
    assert g.state.units["DDG"].supply["INT1"] == 12
    assert card(g, c["cap"]).where == "deployed" and card(g, c["cap"]).cubes == 0


def test_9_04_one_intercept_hit_puts_a_cube_and_stops_the_use():
    g, c = _cap_attack([4, 3, 19])
    cap = card(g, c["cap"])
    assert (cap.where, cap.cubes, cap.expended) == ("deployed", 1, True)
    assert not effect_ran(g, "Combat Air Patrols")


def test_9_010_ex1_thaad_bmd_intercepts_space_satellites_two_hits():
    """9.010 ex. 1 / 7.510: Space Satellites only answer BMD; THAAD's two hits remove it."""
    g, c = game({"sat": ("RU", "Space Satellites"), "thaad": ("US", "THAAD", "attached:Alpha")},
                forced=[2, 6])
    card(g, c["thaad"]).supply = {**card(g, c["thaad"]).supply, "INT2": 4}
    play(g, R, c["sat"], targets=("Alpha",))
    ch = g.pending
    assert [(o["uid"], o["slot"], o["source"]) for o in ch.options.to_dict()["interceptors"]] == [("Alpha", "INT2", c["thaad"])]
    refused(g, A.AnswerCards(card_intercepts=(A.CardIntercept("Kilo", "INT1", 2),)), "7.510")
    answer(g, intercepts=(A.CardIntercept("Alpha", "INT2", 2),))
    assert card(g, c["sat"]).where == "discarded" and card(g, c["sat"]).cubes == 2
    assert card(g, c["thaad"]).supply["INT2"] == 2


def test_9_012_diagram_unmanned_helo_in_range_and_out_of_range():
    """The "Unmanned Helo" diagram: IAMD units in range of the target may INTERCEPT the card;
    DETECT, then INTERCEPT; a failure lets the card act."""
    g, c = game({"helo": ("RU", "Unmanned Helo"), "osi": ("US", "Tactical Cyber Defenses")},
                forced=[11, 14, 16, 3],
                units=UNITS + [("Far", "usmc_iamd_section", "A-1", B)])
    play(g, R, c["helo"], targets=("Bravo",))
    ch = g.pending
    assert [o["uid"] for o in ch.options.to_dict()["interceptors"]] == ["Kilo"]     # Far: 9 hexes > range 2
    refused(g, A.AnswerCards(card_intercepts=(A.CardIntercept("Far", "INT1", 1),)), "9.011")
    answer(g, intercepts=(A.CardIntercept("Kilo", "INT1", 2),))   # DETECT 11 <= 12; 14, 16 > 12: no hit
    assert effect_ran(g, "Unmanned Helo: success")
    assert g.state.units["Kilo"].supply["INT1"] == 6 and g.state.units["Kilo"].revealed


def test_9_012_ex1_cap_answering_a_bomber_is_off_map():
    """9.012 ex. 1: a CAP FTR NULLIFYing a bomber is off the map: no IAMD may INTERCEPT it."""
    g, c = game({"b1": ("US", "B-1B Lancer"), "cap": ("RU", "Combat Air Patrols", "deployed"),
                 "tcd": ("US", "Tactical Cyber Defenses")},
                forced=[3, 2, 5], units=UNITS + [("Kilo2", "usmc_iamd_section", "F-5", B)])
    play(g, B, c["b1"], targets=("Ivan",))
    answer(g, resp(c["cap"]))
    assert g.pending is None        # US: no card may counter and no unit may INTERCEPT the CAP
    assert card(g, c["b1"]).where == "discarded"


def test_9_012_ex1_refusal_names_the_rule():
    g, c = game({"b1": ("US", "B-1B Lancer"), "cap": ("RU", "Combat Air Patrols", "deployed"),
                 "cap2": ("US", "Combat Air Patrols", "deployed")}, forced=[3, 2, 5])
    play(g, B, c["b1"], targets=("Ivan",))
    answer(g, resp(c["cap"]))
    assert g.pending.team == "US" and g.pending.options.to_dict()["interceptors"] == []
    refused(g, A.AnswerCards(card_intercepts=(A.CardIntercept("Kilo", "INT1", 1),)), "9.012")


def test_9_012_ex2_mux_on_the_network_not_interceptable_but_ftr_eligible():
    g, c = game({"mux": ("US", "MUX: Unmanned"), "cap": ("RU", "Combat Air Patrols", "deployed")},
                forced=[4, 6],
                units=UNITS + [("FFG", "rubf_ffg_gorshkov", "H-8", R)], naval=["H-8"])
    play(g, B, c["mux"])
    ch = g.pending
    assert ch.options.to_dict()["interceptors"] == []
    assert [o["cid"] for o in ch.options.to_dict()["cards"]] == [c["cap"]]
    refused(g, A.AnswerCards(card_intercepts=(A.CardIntercept("FFG", "INT1", 1),)), "9.012")
    answer(g, resp(c["cap"]))
    assert card(g, c["mux"]).where == "discarded" and not effect_ran(g, "MUX")


# ---------------------------------------------------------------- 9.2, 9.24, 9.41, 9.45
def test_9_2_ex2_signal_management_free_answer_then_expended():
    """9.2 ex. 2: the deployed Signal Management answers High Altitude Balloons at 0 AP; both
    roll (the NULLIFY first, 9.46; a NULLIFIED card does not roll, 9.42); SIGMAN is expended;
    a second use this turn is refused (9.45)."""
    g, c = game({"sig": ("US", "Signal Management", "deployed"), "hab": ("RU", "High Altitude Balloons"),
                 "osi": ("RU", "Open Source Intel"), "ems": ("US", "Tactical Cyber Defenses")},
                forced=[12, 3, 9])
    play(g, R, c["hab"], targets=("Alpha",), more=(c["osi"],))
    answer(g, resp(c["sig"]))            # NULLIFY 12 > 10 fails; the balloons roll 3
    assert effect_ran(g, "High Altitude Balloons: success")
    s = card(g, c["sig"])
    assert (s.where, s.expended) == ("deployed", True)
    g.apply(A.PlayCard(c["osi"], action=2))
    # the expended SIGMAN may not answer: nothing is offered; the window still opens, for RU
    # cannot rule out that US's face-down pool card answers (9.02), and US passes
    assert (g.pending.team, g.pending.options.cards, g.pending.options.interceptors) == ("US", (), ())
    answer(g)
    assert effect_ran(g, "Open Source Intel: success")


def test_9_45_second_use_of_a_persistent_card_is_refused():
    """A Persistent card already used this turn (expended) may not answer again (9.45, 9.2)."""
    g, c = game({"sig": ("US", "Signal Management", "deployed"), "hab": ("RU", "High Altitude Balloons"),
                 "sig2": ("US", "Signal Management")}, forced=[12, 3])
    card(g, c["sig"]).expended = True            # used once already this turn
    play(g, R, c["hab"], targets=("Alpha",))
    assert [o["cid"] for o in g.pending.options.to_dict()["cards"]] == [c["sig2"]]
    e = refused(g, A.AnswerCards(responses=(resp(c["sig"]),)), "9.45")
    assert "expended" in e.reason


def test_9_24_f22_option_b_needs_the_card_deployed_and_9_45_option_a_from_the_pool():
    """9.24 ex. / 9.45 ex.: the enemy INTERCEPTs and FTR NULLIFYs John's aviation card; F-22
    Escorts in the pool may not use option B (not a NULLIFY effect, 9.24); option A FTR NULLIFYs
    the enemy card.  The examples put this on the opponent's impulse (no AP); a card aimed at a
    deployed card is not an act of PlayCard here, so John's card is played on his own impulse
    and the counter costs a declared Play a JCC action (9.41)."""
    units = UNITS + [("FFG", "rubf_ffg_gorshkov", "G-5", R)]
    g, c = game({"orion": ("US", "Orion Sirius: Unmanned"), "f22": ("US", "F-22 Escorts"),
                 "cap": ("RU", "Combat Air Patrols", "deployed")},
                forced=[3, 4, 4, 15, 11, 5], units=units, naval=["G-5"])
    play(g, B, c["orion"], targets=("Ivan",), more=(c["f22"],))
    assert [o["uid"] for o in g.pending.options.to_dict()["interceptors"]] == ["FFG"]
    answer(g, resp(c["cap"]), intercepts=(A.CardIntercept("FFG", "INT1", 1),))
    ch = g.pending
    assert ch.team == "US" and [(o["cid"], o["option"], o["targets"]) for o in ch.options.to_dict()["cards"]] == \
        [(c["f22"], "A", [2])]                     # option B is not offered; the INTERCEPT link 3 has no answer
    assert ch.options.to_dict()["cards"][0]["actions"] == [2]
    e = refused(g, A.AnswerCards(responses=(resp(c["f22"], option="B", to=3),)), "9.24")
    assert "deployed" in e.reason
    answer(g, resp(c["f22"], option="A", action=2))
    # the CAP (a target to spare) fights the F-22 (9.46): DETECTs 3 and 4, F-22 FTR 4 succeeds, CAP
    # FTR 15 fails: a cube on the CAP, which is stopped; the FFG's DETECT of the Orion rolls 11
    # (DETECT 10): no INTERCEPT; the Orion rolls 5: success
    assert card(g, c["cap"]).cubes == 1 and card(g, c["cap"]).expended
    assert effect_ran(g, "Orion Sirius: Unmanned: success") and g.dice.forced_left == 0
    assert card(g, c["orion"]).cubes == 0
    f22 = card(g, c["f22"])
    assert (f22.where, f22.deployed, f22.expended) == ("deployed", True, True)     # 9.45 bullet 2
    assert next(d for d in g.state.impulse.actions if d.aid == 2).played == c["f22"]


def test_9_24_deployed_f22_option_b_stops_an_enemy_intercept():
    """9.24 ex., second part: F-22 already deployed: option B answers the enemy's INTERCEPT
    attempt on John's aviation card at no AP and, succeeding, stops it."""
    units = UNITS + [("FFG", "rubf_ffg_gorshkov", "H-8", R)]
    g, c = game({"helo": ("US", "Unmanned Helo"), "f22": ("US", "F-22 Escorts", "deployed")},
                forced=[4, 2], units=units, naval=["H-8"])
    play(g, B, c["helo"], targets=("Ivan",))
    answer(g, intercepts=(A.CardIntercept("FFG", "INT1", 2),))
    ch = g.pending
    assert ch.team == "US" and [(o["option"], o["targets"]) for o in ch.options.to_dict()["cards"]] == [("B", [2])]
    answer(g, resp(c["f22"], option="B", to=2))   # F-22 B rolls 4: the INTERCEPT is stopped
    assert effect_ran(g, "Unmanned Helo: success")   # the helo's own roll 2
    assert g.state.units["FFG"].supply["INT1"] == 6   # 7.58: allocated supply is spent
    assert card(g, c["helo"]).cubes == 0 and card(g, c["f22"]).expended


def test_9_41_ex1_ems_defense_nullifies_ems_jamming():
    """9.41 ex. 1: EMS Defense from the pool, no AP; both would succeed: the NULLIFY wins
    (9.42) -- resolved first (9.46), the jamming card does not roll (9.42 diagram); no network
    cube for NULLIFYing an EMS card (7.61)."""
    g, c = game({"jam": ("RU", "EMS Jamming"), "def": ("US", "EMS Defense")}, forced=[6, 5])
    play(g, R, c["jam"])
    answer(g, resp(c["def"]))
    assert not effect_ran(g, "EMS Jamming")
    assert card(g, c["jam"]).where == "discarded" and card(g, c["def"]).where == "discarded"
    assert g.state.network_cubes == {"US": 0, "RU": 0}
    assert g.dice.forced_left == 1


def test_9_41_ex2_mig_option_a_only():
    g, c = game({"tca": ("RU", "Tactical Cyber Attack"), "mig": ("US", "MEF Information Group (MIG)")},
                forced=[4])
    play(g, R, c["tca"], targets=("Alpha",))
    assert [o["option"] for o in g.pending.options.to_dict()["cards"]] == ["A"]
    refused(g, A.AnswerCards(responses=(resp(c["mig"], option="B"),)), "9.45")
    answer(g, resp(c["mig"], option="A"))
    assert not g.state.units["Alpha"].paralysed and card(g, c["tca"]).where == "discarded"


def _without_dice(g, team, name):
    """``g``'s decks with ``team``'s card ``name`` rolling no die for its effect (9.04: effects
    may take dice away from a card)."""
    ct = g.decks.cards[team][name]
    eff = ct.effects[0].model_copy(update={"dice": 0})
    cards = dict(g.decks.cards, **{team: dict(g.decks.cards[team], **{name: ct.model_copy(update={"effects": (eff,)})})})
    g.decks = Decks(cards=cards)


def test_9_4_a_nullify_with_no_die_to_roll_cannot_succeed():
    """9.4: a NULLIFY succeeds by rolling its success value or less; with no die to roll it
    cannot: the response offers 0% (not one die's 50%), nothing is rolled, the jamming card
    rolls its own effect."""
    g, c = game({"jam": ("RU", "EMS Jamming"), "def": ("US", "EMS Defense")}, forced=[6])
    _without_dice(g, "US", "EMS Defense")
    play(g, R, c["jam"])
    [option] = g.pending.options.cards
    assert (option.p_success, option.p) == (0.0, 0.0)
    answer(g, resp(c["def"]))
    [line] = [e for e in g.state.log if e["kind"] == "nullify"]
    assert line["text"] == "needs 10 or less on 0 d20 (0%): no die to roll"
    assert effect_ran(g, "EMS Jamming: success") and g.dice.forced_left == 0


# ---------------------------------------------------------------- 9.42
def test_9_42_malware_in_space_expends_space_satellites_not_discarded():
    g, c = game({"sat": ("US", "Space Satellites", "deployed"), "mal": ("RU", "Malware in Space")},
                forced=[12])
    play(g, B, c["sat"], targets=("Anna",))
    answer(g, resp(c["mal"]))
    s = card(g, c["sat"])
    assert (s.where, s.expended, s.cubes) == ("deployed", True, 0)
    assert not effect_ran(g, "Space Satellites")
    assert card(g, c["mal"]).expended and card(g, c["mal"]).where == "deployed"


def test_9_42_malware_fails_on_13_the_satellites_roll():
    g, c = game({"sat": ("US", "Space Satellites", "deployed"), "mal": ("RU", "Malware in Space")},
                forced=[13, 12])
    play(g, B, c["sat"], targets=("Anna",))
    answer(g, resp(c["mal"]))
    assert effect_ran(g, "Space Satellites: success")


def test_9_42_nullify_of_a_one_time_card_discards_it():
    g, c = game({"tca": ("US", "Tactical Cyber Attack"), "tcd": ("RU", "Tactical Cyber Defenses")},
                forced=[7])
    play(g, B, c["tca"], targets=("Anna", "Yelena"))
    answer(g, resp(c["tcd"]))
    assert card(g, c["tca"]).where == "discarded" and not g.state.units["Anna"].paralysed


# ---------------------------------------------------------------- 9.44 bullets
def _opposed(forced, rucap_first=True):
    """US B-1B; RU CAP FTR NULLIFYs it; US CAP (deployed) counters the RU CAP: the RU CAP
    (2 targets) fights back -- an opposed engagement (9.44)."""
    g, c = game({"b1": ("US", "B-1B Lancer"), "rucap": ("RU", "Combat Air Patrols", "deployed"),
                 "uscap": ("US", "Combat Air Patrols", "deployed")}, forced=forced)
    play(g, B, c["b1"], targets=("Ivan",))
    answer(g, resp(c["rucap"]))
    answer(g, resp(c["uscap"]))
    assert g.pending is None
    return g, c


def test_9_44_both_detect_both_succeed_simultaneously():
    """Both DETECT, both FTR NULLIFY: each puts a cube on the other (9.42); the bomber acts."""
    g, c = _opposed([2, 3, 4, 5, 6])    # US det, RU det, US ftr, RU ftr, bomber roll
    assert card(g, c["uscap"]).cubes == 1 and card(g, c["rucap"]).cubes == 1
    assert effect_ran(g, "B-1B Lancer: success")


def test_9_44_one_detects_and_succeeds_the_other_does_not_roll():
    g, c = _opposed([15, 3, 4, 4, 6, 9])   # US fails DETECT; RU DETECTs, FTRs US CAP, then B-1B: DETECT 4, FTR 6
    assert card(g, c["uscap"]).cubes == 1 and card(g, c["rucap"]).cubes == 0
    assert card(g, c["b1"]).where == "discarded"
    assert g.dice.forced_left == 1


def test_9_44_one_detects_fails_the_other_rolls_despite_its_failed_detect():
    g, c = _opposed([15, 3, 14, 2, 8])     # RU DETECTs, FTR 14 fails; the US CAP rolls 2: a cube on the RU CAP
    assert card(g, c["rucap"]).cubes == 1 and card(g, c["uscap"]).cubes == 0
    assert effect_ran(g, "B-1B Lancer: success")    # the RU CAP never reaches the bomber


def test_9_44_both_fail_detect_both_expended_no_further_attempt():
    g, c = _opposed([15, 16, 3])
    assert card(g, c["rucap"]).expended and card(g, c["uscap"]).expended
    assert card(g, c["rucap"]).cubes == card(g, c["uscap"]).cubes == 0
    assert effect_ran(g, "B-1B Lancer: success")


def test_9_44_unopposed_multi_target_in_the_owners_order():
    g, c = game({"b1": ("US", "B-1B Lancer"), "b2": ("US", "B-2"), "cap": ("RU", "Combat Air Patrols", "deployed")},
                forced=[1, 2, 3, 4])
    play(g, B, c["b1"], targets=("Ivan",), more=(c["b2"],))
    _second_played(g, c["b2"])
    answer(g, resp(c["cap"], c["b2"], c["b1"]))
    assert card(g, c["b1"]).where == card(g, c["b2"]).where == "discarded"
    cap = f"Combat Air Patrols ({c['cap'][:2]})"
    assert [p for p, _ in g.dice.history] == [f"{cap}: DETECT B-2 ({c['b2'][:2]})",
                                              f"{cap}: FTR NULLIFY B-2 ({c['b2'][:2]})",
                                              f"{cap}: DETECT B-1B Lancer ({c['b1'][:2]})",
                                              f"{cap}: FTR NULLIFY B-1B Lancer ({c['b1'][:2]})"]


def test_9_44_two_versus_one_the_one_fights_only_one():
    """2 vs 1 CAPs: both US CAPs attack the RU CAP; it fights back against one of them only."""
    g, c = game({"b1": ("US", "B-1B Lancer"), "rucap": ("RU", "Combat Air Patrols", "deployed"),
                 "us1": ("US", "Combat Air Patrols", "deployed"), "us2": ("US", "F-22 Escorts", "deployed")},
                forced=[19, 19, 18, 17, 16, 15, 14, 13, 12])
    play(g, B, c["b1"], targets=("Ivan",))
    answer(g, resp(c["rucap"]))
    answer(g, resp(c["us1"], c["rucap"]), resp(c["us2"], c["rucap"]))
    assert g.pending is None
    fights = [t for t in titles(g) if t.startswith("FTR NULLIFY engagement")]
    assert fights == [f"FTR NULLIFY engagement: F-22 Escorts ({c['us2'][:2]}) "
                      f"against Combat Air Patrols ({c['rucap'][:2]})"]
    # both fail DETECT (19, 19): the RU CAP is spent and never reaches the bomber; the US CAP
    # attacks the RU CAP unopposed and fails its DETECT (18); the bomber rolls 17 and fails
    ru, us1, f22 = (f"Combat Air Patrols ({c['rucap'][:2]})", f"Combat Air Patrols ({c['us1'][:2]})",
                    f"F-22 Escorts ({c['us2'][:2]})")
    assert [p for p, _ in g.dice.history] == [f"{f22}: DETECT {ru}", f"{ru}: DETECT {f22}", f"{us1}: DETECT {ru}",
                                              "B-1B Lancer: effect"]
    assert effect_ran(g, "B-1B Lancer: failure") and card(g, c["b1"]).where == "discarded"


def _second_played(g, cid):
    """Put a second played card into the open chain (Susan's two bombers, 9.46 ex. 4): PlayCard
    refuses a card while a chain is open (9.46), so the test adds the link and reopens the
    window as jcc.play would."""
    g.state.choices.pop()
    g.state.chain.append(CardPlay(2, cid, "US", "A", ["Ivan"], None, aid=2, data={"kind": "play"}))
    card(g, cid).face_up = True
    assert responses.open_window(g._ctx())


# ---------------------------------------------------------------- 9.45 complex chain
@pytest.mark.parametrize("case, forced, bomber, cubes", [
    ("only the attacker", [2, 3, 4, 15, 6], "success", {"us": 0, "ru": 1}),
    ("only the defender", [2, 3, 15, 4, 5, 6], "ftr", {"us": 1, "ru": 0}),
    ("both fail", [2, 3, 15, 16, 6], "success", {"us": 0, "ru": 0}),
    ("both succeed", [2, 3, 4, 5, 6], "success", {"us": 1, "ru": 1}),
])
def test_9_45_complex_ftr_chain_outcomes(case, forced, bomber, cubes):
    """B-1B paired with the attacker's CAP against the defender's CAP (9.45 diagram)."""
    g, c = _opposed(forced)
    assert card(g, c["uscap"]).cubes == cubes["us"] and card(g, c["rucap"]).cubes == cubes["ru"]
    assert card(g, c["uscap"]).expended and card(g, c["rucap"]).expended      # in ALL cases
    if bomber == "success":
        assert effect_ran(g, "B-1B Lancer: success") and card(g, c["b1"]).where == "discarded"
    else:
        assert not effect_ran(g, "B-1B Lancer") and card(g, c["b1"]).cubes == 1


# ---------------------------------------------------------------- 9.46 examples
def test_9_46_ex1_tactical_cyber_defenses_chain_success():
    """John's TCA, Carol's TCD, John's own TCD for 1 AP (9.41): John's resolves first; success
    discards Carol's and his TCA rolls uncontested."""
    g, c = game({"tca": ("US", "Tactical Cyber Attack"), "carol": ("RU", "Tactical Cyber Defenses"),
                 "john": ("US", "Tactical Cyber Defenses")}, forced=[3, 4])
    play(g, B, c["tca"], targets=("Anna",), more=(c["john"],))
    answer(g, resp(c["carol"]))
    ch = g.pending
    assert ch.team == "US" and ch.options.to_dict()["cards"][0]["free"] is False and ch.options.to_dict()["cards"][0]["actions"] == [2]
    assert A.Response(c["john"], targets=("2",), action=2) in g.legal_actions()[1].options
    answer(g, resp(c["john"], action=2))
    assert card(g, c["carol"]).where == "discarded" and g.state.units["Anna"].paralysed
    assert next(d for d in g.state.impulse.actions if d.aid == 2).played == c["john"]


def test_9_46_ex1_failure_then_carol_nullifies():
    g, c = game({"tca": ("US", "Tactical Cyber Attack"), "carol": ("RU", "Tactical Cyber Defenses"),
                 "john": ("US", "Tactical Cyber Defenses")}, forced=[13, 4])
    play(g, B, c["tca"], targets=("Anna",), more=(c["john"],))
    answer(g, resp(c["carol"]))
    answer(g, resp(c["john"]))
    assert card(g, c["tca"]).where == "discarded" and not g.state.units["Anna"].paralysed


def test_9_41_counter_on_own_impulse_needs_a_declared_action():
    g, c = game({"tca": ("US", "Tactical Cyber Attack"), "carol": ("RU", "Tactical Cyber Defenses"),
                 "john": ("US", "Tactical Cyber Defenses")}, forced=[3, 4])
    play(g, B, c["tca"], targets=("Anna", "Yelena"))
    answer(g, resp(c["carol"]))
    assert g.pending is None            # no declared Play a JCC left: John cannot counter


def test_9_46_ex2_b2_cap_cap():
    """Pauline's B-2; Emily's CAP; Pauline's deployed CAP against Emily's: the CAPs fight first;
    Emily's must defeat Pauline's to go on to the bomber."""
    g, c = game({"b2": ("US", "B-2"), "emily": ("RU", "Combat Air Patrols"),
                 "pauline": ("US", "Combat Air Patrols", "deployed")}, forced=[2, 3, 14, 5, 6, 7])
    play(g, B, c["b2"], targets=("Ivan",))
    answer(g, resp(c["emily"]))
    answer(g, resp(c["pauline"]))
    # Pauline DETECT 2, Emily DETECT 3; Pauline FTR 14 fails, Emily FTR 5: a cube on Pauline's CAP;
    # Emily goes on: DETECT B-2 6, FTR 7 -> the bomber is discarded
    assert card(g, c["pauline"]).cubes == 1
    assert card(g, c["b2"]).where == "discarded" and not effect_ran(g, "B-2")
    assert card(g, c["emily"]).where == "deployed" and card(g, c["emily"]).expended


def test_9_46_ex2_emily_fails_cannot_attack_the_bomber():
    g, c = game({"b2": ("US", "B-2"), "emily": ("RU", "Combat Air Patrols"),
                 "pauline": ("US", "Combat Air Patrols", "deployed")}, forced=[2, 3, 14, 15, 6])
    play(g, B, c["b2"], targets=("Ivan",))
    answer(g, resp(c["emily"]))
    answer(g, resp(c["pauline"]))
    assert effect_ran(g, "B-2: success") and g.dice.forced_left == 0


def test_9_46_ex3_tu160_f22_cap():
    """Sam's TU-160M2; Amelia's F-22 (one target, already allocated) cannot oppose Sam's CAP;
    Sam's CAP DETECTs and fails its FTR NULLIFY; the F-22 survives and attacks the bomber."""
    g, c = game({"tu": ("RU", "TU-160M2: Aerial Strike"), "f22": ("US", "F-22 Escorts"),
                 "cap": ("RU", "Combat Air Patrols", "deployed")}, forced=[5, 15, 3, 4])
    play(g, R, c["tu"], targets=("Bravo",))
    answer(g, resp(c["f22"]))
    answer(g, resp(c["cap"]))
    assert [o["uid"] for o in g.pending.options.to_dict()["interceptors"]] == ["Kilo"]   # still offered
    answer(g)                                                                  # pass
    assert not any(t.startswith("FTR NULLIFY engagement") for t in titles(g))
    assert card(g, c["f22"]).cubes == 0 and card(g, c["tu"]).where == "discarded"
    assert not effect_ran(g, "TU-160M2")


def test_9_46_ex4_susans_two_bombers():
    """Susan's B-1B and B-2; Charlie's CAP on both; Susan's CAP (her last AP) on Charlie's CAP;
    Charlie's second CAP on Susan's CAP: the two CAPs engage first; Susan wins and goes on to
    Charlie's first CAP, which does not fight back (both its targets are taken); it survives
    and attacks the bombers."""
    g, c = game({"b1": ("US", "B-1B Lancer"), "b2": ("US", "B-2"), "susan": ("US", "Combat Air Patrols"),
                 "ch1": ("RU", "Combat Air Patrols", "deployed"), "ch2": ("RU", "Combat Air Patrols")},
                forced=[2, 3, 4, 15, 5, 16, 6, 7, 8, 9, 10, 11])
    play(g, B, c["b1"], targets=("Ivan",), more=(c["b2"], c["susan"]))
    _second_played(g, c["b2"])
    answer(g, resp(c["ch1"], c["b1"], c["b2"]))
    answer(g, resp(c["susan"], c["ch1"], action=3))
    answer(g, resp(c["ch2"], c["susan"]))
    assert g.pending is None
    # engagement (last link first): ch2 DETECT 2, Susan DETECT 3; ch2 FTR 4 succeeds, Susan FTR 15
    # fails: a cube on Susan's CAP, which goes no further; Charlie's first CAP then attacks the
    # bombers in its order: B-1B DETECT 5, FTR 16 fails; B-2 DETECT 6, FTR 7: discarded; B-1B rolls 8
    assert card(g, c["susan"]).cubes == 1 and card(g, c["ch2"]).cubes == 0 and card(g, c["ch1"]).cubes == 0
    assert card(g, c["b2"]).where == "discarded" and not effect_ran(g, "B-2")
    assert effect_ran(g, "B-1B Lancer: success")
    assert g.dice.forced_left == 3
    fights = [t for t in titles(g) if t.startswith("FTR NULLIFY engagement")]
    assert fights == [f"FTR NULLIFY engagement: Combat Air Patrols ({c['ch2'][:2]}) "
                      f"against Combat Air Patrols ({c['susan'][:2]})"]


def test_9_46_ex4_susan_wins_and_attacks_charlies_first_cap():
    g, c = game({"b1": ("US", "B-1B Lancer"), "b2": ("US", "B-2"), "susan": ("US", "Combat Air Patrols"),
                 "ch1": ("RU", "Combat Air Patrols", "deployed"), "ch2": ("RU", "Combat Air Patrols")},
                forced=[2, 3, 15, 4, 5, 6, 17, 18, 19, 20])
    # ch2 DET 2, Susan DET 3; ch2 FTR 15 fails, Susan FTR 4: cube on ch2; Susan DET ch1 5, FTR 6: cube on ch1
    # (ch1 stopped: never reaches the bombers); B-2 roll 17 fails, B-1B roll 18 fails
    play(g, B, c["b1"], targets=("Ivan",), more=(c["b2"], c["susan"]))
    _second_played(g, c["b2"])
    answer(g, resp(c["ch1"], c["b1"], c["b2"]))
    answer(g, resp(c["susan"], c["ch1"], action=3))
    answer(g, resp(c["ch2"], c["susan"]))
    assert card(g, c["ch2"]).cubes == 1 and card(g, c["ch1"]).cubes == 1 and card(g, c["susan"]).cubes == 0
    assert effect_ran(g, "B-2: failure") and effect_ran(g, "B-1B Lancer: failure")
    assert g.dice.forced_left == 2


def test_9_46_ex5_charlies_two_target_cap():
    """Susan's B-1B; Charlie's CAP on it; Susan's CAP on Charlie's: Charlie's CAP (2 targets)
    fights Susan's first, then DETECTs and FTR NULLIFYs the B-1B."""
    g, c = game({"b1": ("US", "B-1B Lancer"), "susan": ("US", "Combat Air Patrols"),
                 "charlie": ("RU", "Combat Air Patrols", "deployed")}, forced=[15, 3, 4, 5, 6])
    play(g, B, c["b1"], targets=("Ivan",), more=(c["susan"],))
    answer(g, resp(c["charlie"]))
    answer(g, resp(c["susan"], action=2))
    assert card(g, c["susan"]).cubes == 1 and card(g, c["b1"]).where == "discarded"
    t = titles(g)
    assert any("fights" in x for x in t)


def test_9_46_ex6_rachels_joint_target():
    """Rachel's CAP and F-22 both on the TU-160M2: both DETECT; the CAP rolls first and
    succeeds; the F-22 is expended without a roll."""
    g, c = game({"tu": ("RU", "TU-160M2: Aerial Strike"), "cap": ("US", "Combat Air Patrols", "deployed"),
                 "f22": ("US", "F-22 Escorts", "deployed")}, forced=[3, 4, 5, 6])
    play(g, R, c["tu"], targets=("Bravo",))
    answer(g, resp(c["cap"]), resp(c["f22"]))
    assert card(g, c["tu"]).where == "discarded"
    assert card(g, c["f22"]).expended and card(g, c["cap"]).expended
    tu = f"TU-160M2: Aerial Strike ({c['tu'][:2]})"
    cap, f22 = f"Combat Air Patrols ({c['cap'][:2]})", f"F-22 Escorts ({c['f22'][:2]})"
    assert [p for p, _ in g.dice.history] == [f"{cap}: DETECT {tu}", f"{f22}: DETECT {tu}", f"{cap}: FTR NULLIFY {tu}"]
    assert g.dice.forced_left == 1


def test_9_46_rebeccas_joint_intercept_and_ftr():
    """Rebecca's CAP and IAMD unit on the Orion Sirius: both DETECT, the CAP FTR NULLIFYs it;
    the unit does not roll but its 4 dice of supply are spent (9.46, 7.58)."""
    g, c = game({"orion": ("RU", "Orion Sirius: Unmanned"), "cap": ("US", "Combat Air Patrols", "deployed")},
                forced=[3, 4, 5, 6])
    play(g, R, c["orion"], targets=("Bravo",))
    answer(g, resp(c["cap"]), intercepts=(A.CardIntercept("Kilo", "INT1", 4),))
    assert card(g, c["orion"]).where == "discarded"
    assert g.state.units["Kilo"].supply["INT1"] == 4
    assert g.dice.forced_left == 1


def test_9_47_growler_preempts():
    """EA-18G Growler resolves first (9.47), ahead of the enemy FTR NULLIFY aimed at it."""
    g, c = game({"b1": ("US", "B-1B Lancer"), "cap": ("RU", "Combat Air Patrols", "deployed"),
                 "grow": ("US", "EA-18G Growler", "deployed"), "cap2": ("RU", "Combat Air Patrols")},
                forced=[2, 3, 4, 5, 6, 7])
    play(g, B, c["b1"], targets=("Ivan",))
    answer(g, resp(c["cap"]))
    assert [(o["cid"], o["targets"]) for o in g.pending.options.to_dict()["cards"]] == [(c["grow"], [2])]   # not link 1
    answer(g, resp(c["grow"], c["cap"]))
    answer(g, resp(c["cap2"], c["grow"]))
    t = titles(g)
    assert t.index(f"EA-18G Growler ({c['grow'][:2]}) resolves first") < \
        t.index(f"Combat Air Patrols ({c['cap2'][:2]}) DETECTs EA-18G Growler ({c['grow'][:2]})")
    # Growler: DETECT CAP 2, NULLIFY 3: the RU CAP is stopped; cap2 then DETECT 4, FTR 5: a cube on
    # the Growler; the bomber rolls 6
    assert card(g, c["cap"]).expended and effect_ran(g, "B-1B Lancer: success")


def test_9_47_a_triggered_card_answers_only_an_attempt_on_an_own_card():
    g, c = game({"tu": ("RU", "TU-160M2: Aerial Strike"), "grow": ("US", "EA-18G Growler", "deployed")},
                forced=[3])
    play(g, R, c["tu"], targets=("Bravo",))
    ch = g.pending
    assert ch.options.to_dict()["cards"] == [] and [o["uid"] for o in ch.options.to_dict()["interceptors"]] == ["Kilo"]
    refused(g, A.AnswerCards(responses=(resp(c["grow"]),)), "9.24")


# ---------------------------------------------------------------- refusals
def test_refusals_change_nothing():
    g, c = game({"tca": ("US", "Tactical Cyber Attack"), "tcd": ("RU", "Tactical Cyber Defenses"),
                 "ems": ("RU", "EMS Defense"), "sat": ("RU", "Space Satellites", "deployed"),
                 "emb": ("RU", "Attack on Command and Control", "embarked")}, forced=[3, 4])
    card(g, c["sat"]).expended = True
    play(g, B, c["tca"], targets=("Anna", "Yelena"))
    refused(g, A.AnswerCards(responses=(resp(c["ems"]),)), "9.09")               # wrong category
    refused(g, A.AnswerCards(responses=(resp(c["sat"]),)), "9.45")               # expended
    refused(g, A.AnswerCards(responses=(resp(c["emb"]),)), "9.41")               # embarked
    refused(g, A.AnswerCards(responses=(resp(c["tcd"], to=7),)), "9.41")         # no such link
    refused(g, A.AnswerCards(responses=(resp(c["tca"]),)), "9.41")               # not RU's card
    refused(g, A.AnswerCards(responses=(resp(c["tcd"]), resp(c["tcd"]))), "9.43")
    refused(g, A.AnswerIntercept(intercepts=(A.Intercept("Kilo", "INT1", "Anna", 1),)), "9.41")


def test_nothing_else_while_a_window_is_open():
    g, c = game({"tca": ("US", "Tactical Cyber Attack"), "tcd": ("RU", "Tactical Cyber Defenses")}, forced=[3])
    play(g, B, c["tca"], targets=("Anna", "Yelena"))
    assert g.to_act() == "RU" and g.legal_actions("US") == []
    refused(g, A.EndImpulse(), "9.46")
    refused(g, A.PlayCard(c["tca"]), "9.46")
    refused(g, A.AnswerIntercept(intercepts=(A.Intercept("Kilo", "INT1", "Anna", 1),)), "9.41")


def test_undo_and_save_round_trip_keep_the_window():
    from lcb_lab.games.lcb.model.state import GameState
    g, c = game({"tca": ("US", "Tactical Cyber Attack"), "tcd": ("RU", "Tactical Cyber Defenses")}, forced=[13, 3])
    play(g, B, c["tca"], targets=("Anna", "Yelena"))
    before = state_json(g)
    back = GameState.from_dict(json.loads(json.dumps(g.state.to_dict())))
    assert json.dumps(back.to_dict(), sort_keys=True) == before
    answer(g, resp(c["tcd"]))
    assert g.state.chain == [] and g.state.units["Anna"].paralysed
    g.undo()
    assert state_json(g) == before and g.pending.kind == "card_response"


def test_9_04_cubes_count_over_the_game():
    """9.04 ex.: a CAP with one cube from an earlier turn is discarded by the next success."""
    g, c = _cap_attack_with_cube()
    assert card(g, c["cap"]).where == "discarded" and card(g, c["cap"]).cubes == 2


def _cap_attack_with_cube():
    units = UNITS + [("DDG", "usn_ddg_51", "H-4", B), ("Target", "usn_ddg_51", "H-5", B, True)]
    g, c = game({"cap": ("RU", "Combat Air Patrols", "deployed")}, forced=[4, 3, 19], units=units,
                naval=["H-4", "H-5", "H-6"])
    card(g, c["cap"]).cubes = 1
    g.state.initiative = "RU"
    g.apply(A.BeginImpulse(R))
    g.apply(A.Declare(()))
    g.apply(A.PlayCard(c["cap"], option="B", targets=("Target",)))
    answer(g, intercepts=(A.CardIntercept("DDG", "INT1", 2),))
    return g, c


def test_paralysed_host_and_its_attached_card_may_not_intercept():
    g, c = game({"sat": ("RU", "Space Satellites"), "thaad": ("US", "THAAD", "attached:Alpha"),
                 "tcd": ("US", "Signal Management")}, forced=[2, 6])
    g.state.units["Alpha"].paralysed = True
    play(g, R, c["sat"], targets=("Alpha",))
    assert g.pending.options.to_dict()["interceptors"] == []
    refused(g, A.AnswerCards(card_intercepts=(A.CardIntercept("Alpha", "INT2", 1),)), "9.0")


def test_no_card_to_answer_is_refused():
    g, c = game({"tcd": ("RU", "Tactical Cyber Defenses")})
    g.apply(A.BeginImpulse(B))
    refused(g, A.AnswerCards(responses=(resp(c["tcd"]),)), "9.41", "before the opposing player rolls")


def test_other_team_view_does_not_show_the_responders_pool():
    g, c = game({"tca": ("US", "Tactical Cyber Attack"), "tcd": ("RU", "Tactical Cyber Defenses")}, forced=[3])
    play(g, B, c["tca"], targets=("Anna", "Yelena"))
    us_log = json.dumps(g.log_entries("US"))
    assert "Tactical Cyber Defenses" not in us_log


def test_policies_answer_windows():
    g, c = game({"tca": ("US", "Tactical Cyber Attack"), "tcd": ("RU", "Tactical Cyber Defenses")},
                forced=[3], auto={"card_response": "respond_all"})
    play(g, B, c["tca"], targets=("Anna", "Yelena"))
    assert g.pending is None and card(g, c["tca"]).where == "discarded"
    g, c = game({"tca": ("US", "Tactical Cyber Attack"), "tcd": ("RU", "Tactical Cyber Defenses")},
                forced=[3], auto={})
    play(g, B, c["tca"], targets=("Anna", "Yelena"))
    assert g.pending is None and card(g, c["tcd"]).where == "pool" and g.state.units["Anna"].paralysed


# ---------------------------------------------------------------- App. B with the packaged decks
APPB_UNITS = [("1 Anna", "runi_tank_platoon", "F-6", R, True), ("2 Anna", "runi_tank_platoon", "F-6", R, True),
              ("3 Anna", "runi_tank_platoon", "F-6", R, True), ("1 Yelena", "runi_mortars_platoon", "F-6", R, True),
              ("DDG-605", "rubf_ddg", "H-4", R, True), ("FFG-454", "rubf_ffg_gorshkov", "H-5", R, True),
              ("1 Alpha", "usmc_infantry_platoon", "B-10", B)]


def packaged_cards(g, cards):
    """Put ``cards`` (``{key: (team, name, where)}``; ``"deployed"``: a Persistent card played on
    an earlier turn, face up, 9.21) into ``g``, which plays the packaged sandbox decks; returns
    ``(g, {key: cid})``."""
    assert g.decks is None                       # the packaged sandbox decks
    ids = {}
    for key, (team, name, where) in cards.items():
        c = jcc.add_card(g.state, team, name, where=where, face_up=where == "deployed")
        c.deployed = where == "deployed"
        ids[key] = c.cid
    return g, ids


def appb_game(cards, forced):
    return packaged_cards(lcb_lab.situation(APPB_UNITS, forced=forced, naval=["H-4", "H-5"]), cards)


def test_app_b_packaged_decks_attack_on_c2_and_tactical_cyber_attack():
    g, c = appb_game({"tca": ("US", "Tactical Cyber Attack", "pool"),
                      "c2": ("RU", "Attack on Command and Control", "pool")}, forced=[20, 4])
    play(g, B, c["tca"], targets=("1 Anna", "2 Anna", "3 Anna", "1 Yelena"))
    assert [o["option"] for o in g.pending.options.to_dict()["cards"]] == ["A"]     # option B is not a NULLIFY
    answer(g, resp(c["c2"]))
    stack = ("1 Anna", "2 Anna", "3 Anna", "1 Yelena")
    assert all(g.state.units[u].paralysed for u in stack)
    assert g.state.network_cubes["RU"] == 1 and g.dice.forced_left == 0


def test_app_b_packaged_decks_p8a_cap_exchange():
    """US CAP DETECT 15 fails (DETECT 10); RU CAP DETECT 4, FTR NULLIFY 5 (on 12): a red cube on
    the US CAP; RU CAP DETECTs P-8A on 7 (DETECT 12), FTR NULLIFY 1: P-8A discarded although
    Persistent (9.44), the RU CAP expended; nothing is revealed."""
    g, c = appb_game({"p8a": ("US", "P-8A: Surveillance", "pool"),
                      "uscap": ("US", "Combat Air Patrols", "deployed"),
                      "rucap": ("RU", "Combat Air Patrols", "deployed"),
                      "sig": ("RU", "Signals Management", "pool")}, forced=[15, 4, 5, 7, 1])
    play(g, B, c["p8a"], targets=("DDG-605", "FFG-454"))
    assert {o["cid"] for o in g.pending.options.to_dict()["cards"]} == {c["rucap"], c["sig"]}
    answer(g, resp(c["rucap"]))
    answer(g, resp(c["uscap"]))
    if g.pending is not None:                     # RU may still answer with Signals Management
        assert [o["cid"] for o in g.pending.options.to_dict()["cards"]] == [c["sig"]]
        answer(g)
    us, ru, p8a = card(g, c["uscap"]), card(g, c["rucap"]), card(g, c["p8a"])
    assert (us.cubes, us.expended, us.where) == (1, True, "deployed")
    assert (ru.cubes, ru.expended, ru.where) == (0, True, "deployed")
    assert p8a.where == "discarded" and g.dice.forced_left == 0
    assert not any(e["title"].startswith("Revealed") for e in g.state.log) and card(g, c["sig"]).where == "pool"


# ---------------------------------------------------------------- 9.06 / 7.512 with the card's LRS
@pytest.mark.skipif("lrs_attack" not in card_effects.EFFECTS,
                    reason="needs the card LRS in combat (the play helper's lrs_attack; runs once merged)")
def test_9_06_failed_detect_then_the_unit_intercepts_the_cap_lrs():
    """9.06 ex. / 7.512 / 9.011 with the packaged Combat Air Patrols (option B: an LRS attack):
    the US DDG tries to INTERCEPT the card itself and fails its DETECT; the attack goes on and
    joins the combat, where the same DDG may still INTERCEPT the LRS per 7.5."""
    units = [("Target", "usn_ddg_51", "H-5", B, True), ("DDG", "usn_ddg_51", "H-4", B),
             ("Ivan", "runi_tank_platoon", "F-5", R, True)]
    g = lcb_lab.situation(units, forced=[15], naval=["H-4", "H-5"], initiative="RU", seed=3)
    cap = jcc.add_card(g.state, "RU", "Combat Air Patrols", where="deployed", face_up=True)
    cap.deployed = True
    g.apply(A.BeginImpulse(R))
    g.apply(A.Declare(()))
    g.apply(A.PlayCard(cap.cid, option="B", targets=("Target",)))       # the free use (9.2)
    assert [o["uid"] for o in g.pending.options.to_dict()["interceptors"]] == ["Target", "DDG"]
    answer(g, intercepts=(A.CardIntercept("DDG", "INT1", 2),))           # DETECT 15 > 10: fails
    assert g.state.units["DDG"].supply["INT1"] == 12 and cap.cubes == 0
    assert g.state.impulse.card_lrs and g.state.impulse.card_lrs[0]["target"] == "Target"
    g.apply(A.CommitCombat())
    ch = g.pending
    assert ch.kind == "intercept" and ch.team == "US"
    ddg = next(o for t in ch.options.targets for o in t.interceptors if o.uid == "DDG")
    assert ddg.eligible
