"""Typed pending choices (lcb_lab.games.lcb.choices): one class per kind, one answer action per kind
routed by type, the registry built once, saves checked and rebuilt by each kind's class."""
from __future__ import annotations

import json

import pytest

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb import choices
from lcb_lab.games.lcb import choice_options
from lcb_lab import load_scenario
from lcb_lab.kernel.errors import IllegalAction, InputError, ScenarioError
from lcb_lab.games.lcb.game import Game

KINDS = ["intercept", "ga_defence", "mildec", "card_response", "embark_losses", "mine_attack", "event"]

STAGED = {   # kind -> (team, rule, options) a Gotland Redux save accepts
    "ga_defence": ("RU", "7.13", {"hex": "AL-21", "defenders": [{"uid": "1 Anna", "supply": None, "cv": 6}],
                                  "attackers": [{"uid": "1 Alpha", "dice": 2}]}),
    "mildec": ("US", "4.22", {"key": "lrs:1 Alpha", "target": "1 Alpha", "damage": 2, "mildecs": 1}),
    "card_response": ("RU", "9.41", {"link": 1, "window": 1, "cards": [], "interceptors": []}),
    "embark_losses": ("RU", "10.311", {"ship": "LHD 1", "hp": 1, "cards": ["hidden:0"],
                                       "units": [{"uid": "1 Alpha", "gpsv": 1}]}),
    "mine_attack": ("RU", "13.33", {"hex": "AK-20", "mine": "MINE-1", "cubes": 3, "succeeds_on": 13,
                                    "event": "enters", "targets": ["DDG-51"]}),
    "event": ("US", "16.0", {"event": "Fleeing Masses", "kind": "civilians", "count": 2,
                             "hexes": ["AJ-21", "AJ-22", "AJ-23"]}),
}


def intercept_pending() -> Game:
    """Gotland Redux: DDG-51 fires 4 LRS dice at a revealed 1 Anna; RU's INTERCEPT choice waits (7.54)."""
    g = load_scenario("gotland_redux", seed=1)
    g.apply(A.ScriptedEffect("reveal", units=("1 Anna",)))
    g.apply(A.BeginImpulse("TF Boston"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("DDG-51",)),)))
    g.apply(A.CommitCombat(lrs=(A.LrsAttack("DDG-51", "LRS1", "1 Anna", 4),)))
    return g


def pending(kind: str) -> Game:
    """A game whose top choice is of ``kind``: the real INTERCEPT one, the others staged."""
    if kind == "intercept":
        return intercept_pending()
    g = load_scenario("gotland_redux", seed=1)
    team, rule, options = STAGED[kind]
    g.state.push_choice(choices.CHOICE_KINDS[kind](team, rule, f"{kind} staged", options))
    return g


# ---------------------------------------------------------------- the registry
def test_the_registry_lists_every_kind_exactly_once():
    assert list(choices.CHOICE_KINDS) == KINDS
    classes = list(choices.CHOICE_KINDS.values())
    assert len(set(classes)) == len(KINDS) and all(c.kind == k for k, c in choices.CHOICE_KINDS.items())
    assert [c.ANSWER.FOR for c in classes] == KINDS                       # one answer class per kind
    assert set(A.ANSWER_TYPES.values()) == {c.ANSWER for c in classes} and len(A.ANSWER_TYPES) == len(KINDS)
    assert list(choices.POLICIES) == list(choices.DEFAULT_POLICIES) == KINDS
    assert all(c.DEFAULT_POLICY in c.POLICIES for c in classes)
    assert all(issubclass(c.Options, choice_options.Record) and c.Options is not choice_options.Record for c in classes)   # one record each
    assert len({c.Options for c in classes}) == len(KINDS)


# ---------------------------------------------------------------- saves
@pytest.mark.parametrize("kind", KINDS)
def test_each_kind_round_trips_through_save_and_load(kind):
    g = pending(kind)
    before = g.pending
    back = Game.from_json(g.to_json())
    assert type(back.pending) is choices.CHOICE_KINDS[kind]
    assert back.pending.to_dict() == before.to_dict()
    assert type(back.fork().pending) is choices.CHOICE_KINDS[kind]            # a copy of the state keeps the class
    assert type(back.pending.options) is choices.CHOICE_KINDS[kind].Options
    assert json.loads(back.to_json())["state"]["choices"][-1]["kind"] == kind


def test_a_save_with_an_unknown_choice_kind_is_refused_naming_file_and_key():
    d = json.loads(pending("mildec").to_json())
    d["state"]["choices"][-1]["kind"] = "bribe"
    with pytest.raises(ScenarioError) as e:
        Game.from_json(json.dumps(d), file="class.json")
    assert (e.value.file, e.value.key) == ("class.json", "state.choices[0].kind")
    assert e.value.problem == ("unknown choice kind 'bribe'; known: intercept, ga_defence, mildec, "
                               "card_response, embark_losses, mine_attack, event")


def test_a_save_whose_options_miss_a_key_of_the_kind_is_refused_naming_it():
    d = json.loads(pending("mildec").to_json())
    del d["state"]["choices"][-1]["options"]["damage"]
    with pytest.raises(ScenarioError) as e:
        Game.from_json(json.dumps(d), file="class.json")
    assert (e.value.file, e.value.key) == ("class.json", "state.choices[0].options.damage")


# ---------------------------------------------------------------- answers routed by type
WRONG = [A.AnswerDefense(), A.AnswerMildec(absorb=0), A.AnswerCards(), A.AnswerEmbarkLosses(), A.AnswerMines()]


@pytest.mark.parametrize("answer", WRONG, ids=lambda a: type(a).__name__)
def test_an_answer_of_the_wrong_type_is_refused_in_one_line_naming_the_rule(answer):
    g = intercept_pending()
    before = g.to_json()
    with pytest.raises(IllegalAction) as e:
        g.apply(answer)
    asked = choices.CHOICE_KINDS[answer.FOR].name
    assert e.value.rule == "7.54"
    assert e.value.reason == (f"the pending choice is RU's INTERCEPT choice: answer it with AnswerIntercept, "
                              f"not {type(answer).__name__} ({asked} choices)")
    assert "\n" not in str(e.value)
    assert g.to_json() == before and type(g.pending) is choices.InterceptChoice


def test_a_staged_mildec_choice_refuses_intercept_dice_by_rule_4_22():
    g = pending("mildec")
    before = g.to_json()
    with pytest.raises(IllegalAction) as e:
        g.apply(A.AnswerIntercept())
    assert (e.value.rule, e.value.reason) == ("4.22", "the pending choice is US's MILDEC choice: answer it with "
                                                      "AnswerMildec, not AnswerIntercept (INTERCEPT choices)")
    assert g.to_json() == before


@pytest.mark.parametrize("kind", KINDS)
def test_the_bare_answer_declines_with_the_kinds_own_empty_answer(kind):
    c = pending(kind).pending
    no = c.decline()
    assert type(no) is c.ANSWER and no.choice == c.id
    assert no == (A.AnswerMildec(absorb=0, choice=c.id) if kind == "mildec" else c.ANSWER(choice=c.id))


def test_a_policy_gives_the_typed_answer_and_the_game_applies_it():
    g = intercept_pending()
    d = g.pending
    assert choices.answer_with(d, "no_intercept") == A.AnswerIntercept()
    assert choices.answer_with(d) == A.AnswerIntercept(intercepts=(A.Intercept("2 Anna", "RU-3:INT1", "1 Anna", 4),))
    assert choices.policy_value(d) == [{"interceptor": "2 Anna", "slot": "RU-3:INT1", "target": "1 Anna", "dice": 4}]
    n = len(g.log)
    g.apply(choices.answer_with(d))
    assert g.pending is None
    assert [e["title"] for e in g.log[n:] if e["kind"] == "allocate"] == ["INTERCEPT allocated: 2 Anna for 1 Anna"]


def test_an_unknown_policy_is_refused_in_words():
    with pytest.raises(Exception) as e:
        choices.answer_with(intercept_pending().pending, "bribe")
    assert str(e.value) == "no policy 'bribe' for INTERCEPT choices; known: match_incoming, no_intercept"


# ---------------------------------------------------------------- the JSON form (saves, lessons, transcripts)
GOLDEN_LINE = ('{"absorb": null, "card_intercepts": [], "choice": null, "defence": [], "intercepts": [{"dice": 4, '
               '"interceptor": "FFG-454", "shooter": null, "slot": "INT1", "target": "1 Anna"}], "kind": "answer", '
               '"mines": [], "picks": [], "responses": []}')


def test_the_flat_answer_json_reads_as_the_typed_answer_and_writes_back_unchanged():
    a = A.from_json(json.loads(GOLDEN_LINE))
    assert a == A.AnswerIntercept(intercepts=(A.Intercept("FFG-454", "INT1", "1 Anna", 4),))
    assert json.dumps(A.to_json(a), sort_keys=True) == GOLDEN_LINE
    assert A.from_json({"kind": "answer", "absorb": 0}) == A.AnswerMildec(absorb=0)
    assert A.from_json({"kind": "answer", "picks": ["US-3"], "choice": 7}) == A.AnswerEmbarkLosses(("US-3",), choice=7)
    assert type(A.from_json({"kind": "answer", "intercepts": [], "absorb": None})) is A.Answer


def test_an_answer_json_filling_two_kinds_is_refused():
    with pytest.raises(InputError) as e:
        A.from_json({"kind": "answer", "absorb": 1, "picks": ["US-3"]})
    assert "one kind of choice" in str(e.value) and "absorb, picks" in str(e.value)


def test_an_answer_naming_another_choice_id_is_refused_by_7_010():
    g = intercept_pending()
    before = g.to_json()
    with pytest.raises(IllegalAction) as e:
        g.apply(A.AnswerIntercept(choice=g.pending.id + 1))
    assert (e.value.rule, e.value.reason) == ("7.010", f"choice {g.pending.id + 1} is not the pending one: the "
                                                       f"pending one is RU's INTERCEPT choice (choice {g.pending.id})")
    assert g.to_json() == before


def test_auto_policies_refusals_list_words_not_a_python_list():
    from lcb_lab.games.lcb.choices import check_policies
    with pytest.raises(InputError) as e:
        check_policies("auto_policies", {"mildec": "bribe"})
    assert str(e.value).endswith("no policy 'bribe' for mildec decisions; known: absorb_all, never_absorb")
    with pytest.raises(InputError) as e:
        check_policies("auto_policies", {"bribe": "pass"})
    assert "known: intercept, ga_defence, mildec, card_response, embark_losses, mine_attack, event" in str(e.value)


# ---------------------------------------------------------------- the options: one typed record per kind
INTERCEPTOR_KEYS = ["uid", "slot", "hex", "cv", "range", "distance", "shooter_distance", "in_range", "close_enough",
                    "has_supply", "eligible", "reason", "max_dice", "infinite"]


def test_intercept_options_are_a_frozen_record_read_by_attribute():
    import dataclasses
    d = intercept_pending().pending
    assert type(d.options) is choice_options.InterceptOptions
    t = d.options.targets[0]
    assert (t.target, t.hex, t.incoming_dice) == ("1 Anna", "AL-21", 4)
    assert [(o.uid, o.slot, o.eligible, o.max_dice) for o in t.interceptors] == [
        ("2 Anna", "RU-3:INT1", True, 6), ("DDG-605", "INT1", False, 8), ("FFG-454", "INT1", True, 8)]
    assert [(a.shooter, a.distance, a.dice, a.card) for a in t.attacks] == [("DDG-51", 8, 4, None)]
    assert d.options.card_names == {"RU-3": "Pantsir-SM: IAMD"}
    with pytest.raises(dataclasses.FrozenInstanceError):
        t.incoming_dice = 0


def test_the_saved_options_keep_their_keys_and_order():
    """The JSON of a save is what it was before the options were typed: the same keys in the same
    order; an optional key (an attack's ``card``, a defense's ``marker``, a MILDEC's ``mine``) only
    when it is set."""
    opts = json.loads(intercept_pending().to_json())["state"]["choices"][-1]["options"]
    assert list(opts) == ["targets", "card_names"]
    t = opts["targets"][0]
    assert list(t) == ["target", "hex", "incoming_dice", "interceptors", "attacks"]
    assert list(t["interceptors"][0]) == INTERCEPTOR_KEYS
    assert t["interceptors"][1]["reason"] == "out of range (4 > 3) (7.53)"
    assert list(t["attacks"][0]) == ["shooter", "slot", "hex", "distance", "dice", "bmd", "interceptors"]
    ga = choices.GaDefenseChoice("RU", "7.13", "p", STAGED["ga_defence"][2])
    assert list(ga.to_dict()["options"]) == ["hex", "defenders", "attackers"]
    assert list(ga.options.to_dict()["defenders"][0]) == ["uid", "cv", "supply"]
    marked = choice_options.GaDefenseOptions(hex="AL-21", defenders=(), marker="PROXY-1", attackers=())
    assert list(marked.to_dict()) == ["hex", "defenders", "marker", "attackers"]
    mine_hit = choice_options.MildecOptions(key="mine:AL-21:DDG-51", mine="MINE-1", target="DDG-51", damage=1, mildecs=1)
    assert list(mine_hit.to_dict()) == ["key", "mine", "target", "damage", "mildecs"]
    assert list(choices.MildecChoice("US", "4.22", "p", STAGED["mildec"][2]).to_dict()["options"]) == [
        "key", "target", "damage", "mildecs"]


@pytest.mark.parametrize("kind", KINDS)
def test_a_copy_of_the_state_shares_the_options_record(kind):
    g = pending(kind)
    assert g.fork().pending.options is g.pending.options        # frozen: never copied
    assert g.state.clone().choices[-1].options is g.state.choices[-1].options


def test_a_save_whose_nested_option_has_the_wrong_type_is_refused_naming_the_key():
    d = json.loads(intercept_pending().to_json())
    d["state"]["choices"][-1]["options"]["targets"][0]["interceptors"][0]["eligible"] = "yes"
    with pytest.raises(ScenarioError) as e:
        Game.from_json(json.dumps(d), file="class.json")
    assert (e.value.key, e.value.problem) == ("state.choices[0].options.targets[0].interceptors[0].eligible",
                                              "expected a boolean, got a string")


def test_a_choice_staged_with_plain_options_gets_its_record_or_a_data_error():
    from lcb_lab.kernel.datacodec import DataError
    c = choices.MineAttackChoice(*STAGED["mine_attack"][:2], "p", STAGED["mine_attack"][2])
    assert c.options == choice_options.MineAttackOptions(hex="AK-20", mine="MINE-1", cubes=3, succeeds_on=13, event="enters",
                                            targets=("DDG-51",))
    with pytest.raises(DataError) as e:
        choices.MildecChoice("US", "4.22", "p", {"key": "k", "target": "X", "damage": "2", "mildecs": 1})
    assert str(e.value) == "options.damage: expected an integer, got a string"


# ---------------------------------------------------------------- the rules take the typed answer
def test_the_combat_rule_takes_the_typed_intercept_answer():
    from lcb_lab.games.lcb.rules.combat import sequence
    g = intercept_pending()
    sequence.answer(g._ctx(), A.AnswerIntercept(intercepts=(A.Intercept("FFG-454", "INT1", "1 Anna", 3),)))
    assert g.state.choices == [] and g.state.impulse.combat.intercepts == [
        {"interceptor": "FFG-454", "slot": "INT1", "target": "1 Anna", "dice": 3}]


def test_auto_policies_answer_through_the_typed_answer():
    g = load_scenario("gotland_redux", seed=1)
    g.auto_policies = {"intercept": "match_incoming"}
    g.apply(A.ScriptedEffect("reveal", units=("1 Anna",)))
    g.apply(A.BeginImpulse("TF Boston"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("DDG-51",)),)))
    g.apply(A.CommitCombat(lrs=(A.LrsAttack("DDG-51", "LRS1", "1 Anna", 4),)))
    allocated = [e["title"] for e in g.log if e["kind"] == "allocate" and "INTERCEPT" in e["title"]]
    assert allocated == ["INTERCEPT allocated: 2 Anna for 1 Anna"] and g.pending is None


# ---------------------------------------------------------------- no kind strings outside the registry
def test_no_choice_kind_string_is_compared_outside_the_registry():
    import re
    from pathlib import Path
    import lcb_lab
    root = Path(lcb_lab.__file__).parent
    kinds = "|".join(KINDS)
    pat = re.compile(rf"""(pending|choice|decision|top|\bch|\bd|\bc|\bq)\.kind\s*(==|!=|\bin\b|\bnot in\b)"""
                     rf"""\s*[(\[{{]?[^)\]\n]*["']({kinds})["']""")
    found = [f"{p.relative_to(root)}:{i}" for p in [*root.glob("games/lcb/**/*.py"), *root.glob("ui/**/*.py")]
             for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if pat.search(line)]
    assert found == []
