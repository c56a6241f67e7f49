"""Secrets kept by construction: two worlds that differ only in what a team may not know look
the same to that team -- its view, offers, refusals, pauses, dice, undo and log lines
(principle 8; 3.03, 3.12, 6.11, 7.53, 9.02, 13.37, 14.03).  The harness is ``tests/worlds.py``.

* the property: random legal play of both scenarios from the Planning and the Action Stage,
  twins built at sampled states by every perturbation and followed a few steps; it fails on
  any difference that is not a known leak (:data:`tests.worlds.KNOWN_LEAKS`), and prints what
  it did (pairs per perturbation, comparisons, steps).  ``make fuzz`` plays at least
  ``LCB_FUZZ_STEPS`` steps (default 100 000);
* one directed pair per known leak, marked ``xfail(strict=True)`` while the leak is there:
  when it is fixed the test passes, the strict marker turns that into a failure, and the
  marker (and the leak's entry in ``KNOWN_LEAKS``) is removed.
"""
from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest

import lcb_lab
from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.content.worked.ch14 import B, R, SSK, SSN, sea
from lcb_lab.games.lcb.io.loading import load_scenario
from lcb_lab.kernel.datacodec import touched
from tests.budget import FUZZ
from tests.refusals import refused
from tests.worlds import (KNOWN_LEAKS, PERTURBATIONS, SCENARIOS, Change, Tally, compare_steps, known_leak,
                          twin_of, walk)

KNOWN = {k.key: k for k in KNOWN_LEAKS}


def leak(key: str):
    """``xfail(strict=True)`` for the known leak ``key``: only an AssertionError (a difference the
    team could see) counts as the leak."""
    return pytest.mark.xfail(strict=True, raises=AssertionError,
                             reason=f"known leak: {KNOWN[key].text} -- when fixed, remove this marker and "
                                    f"the {key!r} entry of tests/worlds.py KNOWN_LEAKS")


def indistinguishable(findings, key: str) -> None:
    """No finding of the known leak ``key`` nor of a new kind (a directed pair may show another
    known leak too: that one has its own test)."""
    shown = [f for f in findings if known_leak(f) in (key, None)]
    assert not shown, "\n\n".join(f"{f}\n  (known leak: {known_leak(f) or 'NEW'})" for f in shown)


# ---------------------------------------------------------------- the property
STEPS = int(os.environ.get("LCB_FUZZ_STEPS", "100000")) if FUZZ else 0
"""Steps the long run plays at least (``make fuzz``; ``LCB_FUZZ_STEPS``)."""


def _run(seeds: range, steps: int, tally: Tally) -> None:
    for seed in seeds:
        for name in SCENARIOS:
            for start in ("planning", "action"):
                walk(name, seed, steps, tally, start=start)


REPORT = Path(__file__).resolve().parents[2] / "test-results" / "indistinguishable_worlds.txt"
"""Where the property writes its counts (also printed, capture or not)."""


@pytest.mark.fuzz
def test_random_twins_look_the_same_to_the_team_that_may_not_know(capsys):
    tally = Tally()
    if FUZZ:
        seed = 0
        while tally.steps < STEPS:
            _run(range(seed, seed + 1), 200, tally)
            seed += 1
    else:
        _run(range(3), 120, tally)
    REPORT.parent.mkdir(exist_ok=True)
    REPORT.write_text(tally.report() + "\n", encoding="utf-8")
    with capsys.disabled():
        print("\nindistinguishable worlds:\n" + tally.report())
    assert set(tally.pairs) == set(PERTURBATIONS), tally.report()     # every perturbation was tried
    assert tally.steps >= (STEPS if FUZZ else 400), tally.report()
    assert sum(tally.comparisons.values()) >= 8 * tally.steps, tally.report()
    assert not tally.new(), tally.report() + "\n\nNEW LEAKS:\n\n" + "\n\n".join(map(str, tally.new()))


def test_a_perturbation_that_changes_the_view_is_refused_by_the_harness():
    g = load_scenario("gotland_redux", seed=1)
    uid = next(u.uid for u in g.state.units.values() if u.team == "RU" and not u.revealed and u.hex)

    def reveal(s):
        s.units[uid].revealed = True
        return Change(f"{uid} face up", {uid: uid})

    with pytest.raises(AssertionError, match="changed US's view: fix the perturbation"):
        twin_of(g, "US", reveal)


def test_the_harness_sees_a_planted_leak(monkeypatch):
    """With redaction switched off (every team reads every entry in full), the end of US's
    Planning Stage shows RU what US kept: the comparison can fail, whatever the product's fixes."""
    from lcb_lab.games.lcb import observer
    monkeypatch.setattr(observer, "redact", lambda entry, viewer: entry)
    g = load_scenario("gotland_redux", seed=1, start="planning")

    def spend(s):
        s.cp = {**s.cp, "US": 4}
        return Change("US CP 6 -> 4", {})

    twin, what = twin_of(g, "RU", spend)
    findings = compare_steps(g, twin, "RU", [A.EndPlanning("US")], what)
    assert [f.what for f in findings] == ["log"], findings


# ---------------------------------------------------------------- the known leaks, one pair each
def test_the_end_of_planning_does_not_tell_the_other_team_the_cp_spent_3_13():
    g = load_scenario("gotland_redux", seed=1, start="planning")

    def spend(s):
        s.cp = {**s.cp, "US": 4}
        return Change("US CP 6 -> 4", {})

    twin, what = twin_of(g, "RU", spend)
    indistinguishable(compare_steps(g, twin, "RU", [A.EndPlanning("US")], what), "unspent_cp_log")


def _lrs_at_whiskey_with_a_concealed_iamd():
    """RU's 1 Uran fires LRS at the US 1 Whiskey; the US 1 Kilo (IAMD, face down) stands in range."""
    g = lcb_lab.situation(
        units={"1 Uran": ("runi_coastal_missile_section", "F-2"),
               "1 Whiskey": {"type": "usmc_himars_section", "hex": "F-6", "face_up": True},
               "1 Kilo": ("usmc_iamd_section", "F-7")},
        colours={"F-6": "brown"}, initiative="RU", forced=[8, 12, 11, 16])
    g.apply(A.BeginImpulse("TF Red"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("1 Uran",)),)))
    return g


def test_whether_the_game_waits_for_intercept_does_not_tell_a_concealed_units_supply_7_53():
    g = _lrs_at_whiskey_with_a_concealed_iamd()
    assert g.state.units["1 Kilo"].supply == {"INT1": 8} and not g.state.units["1 Kilo"].revealed

    def drain(s):
        s.units["1 Kilo"].supply = {"INT1": 0}
        return Change("1 Kilo drained", {"1 Kilo": "1 Kilo"})

    twin, what = twin_of(g, "RU", drain)
    indistinguishable(compare_steps(g, twin, "RU", [A.CommitCombat(lrs=(A.LrsAttack("1 Uran", "LRS1", "1 Whiskey", 2),))],
                                    what), "intercept_pause")


def test_a_torpedo_attack_whose_detect_failed_does_not_name_the_hidden_submarine_14_011():
    g = sea({"Ling": (SSN, "C-4", B), "Kilo 1": (SSK, "C-4", R), "Kilo 2": (SSK, "A-1", R)},
            forced=[15] * 6)

    def swap(s):
        a, b = s.units["Kilo 1"], s.units["Kilo 2"]
        a.hex, b.hex = b.hex, a.hex
        return Change("Kilo 1 <-> Kilo 2", {"Kilo 1": "Kilo 2", "Kilo 2": "Kilo 1"})

    twin, what = twin_of(g, "US", swap)
    indistinguishable(compare_steps(g, twin, "US", [A.BeginImpulse(B), A.Declare((A.CoreAction("move_combat", ("Ling",)),)),
                                                    A.TorpedoAttack(1, "Ling", ("submarine",))], what), "torpedo_detect_log")


def test_the_hexes_a_card_is_offered_at_do_not_pinpoint_a_hidden_submarine_14_03():
    g = load_scenario("slite_landing", seed=2)
    g.apply(A.BeginImpulse("TF Memphis"))
    g.apply(A.Declare((A.CoreAction("play_jcc", (), "P-8A: Surveillance"),)))
    assert g.state.units["B-271"].hex == "AP-20" and "B-271" not in str(g.view("US"))

    def dive(s):
        s.units["B-271"].hex = "AP-19"
        return Change("B-271 AP-20 -> AP-19", {"B-271": "B-271"})

    twin, what = twin_of(g, "US", dive)
    indistinguishable(compare_steps(g, twin, "US", [A.EndImpulse()], what), "card_hex_targets")


def test_whether_the_game_waits_for_a_card_response_does_not_tell_the_hidden_pool_9_4():
    """New (found by the property, gotland_redux): RU's pool holds Signals Management, which may
    answer Open Source Intel; with any other card there the game goes on without asking RU."""
    g = load_scenario("gotland_redux", seed=0)
    g.apply(A.BeginImpulse("TF Memphis"))
    g.apply(A.Declare((A.CoreAction("play_jcc", (), "Open Source Intel"),)))
    assert (g.state.cards["RU-1"].name, g.state.cards["RU-1"].where) == ("Signals Management", "pool")

    def rename(s):
        s.cards["RU-1"].name = "T-14 Tank: Unmanned"
        return Change("RU-1 Signals Management -> T-14 Tank: Unmanned", {"RU-1": "RU-1"})

    twin, what = twin_of(g, "US", rename)
    indistinguishable(compare_steps(g, twin, "US", [A.PlayCard("US-2", "A", (), "AJ-22", 1)], what), "card_response_pause")


def _zor_into_a_coastal_back():
    """US 1 Alpha (ground) in J-5 next to the coastal hex I-5, where RU's 1 Uran (ground) stands
    face down; RU's DDG 1 stands face down in the coastal I-9 -- the twin swaps the two."""
    g = sea({"1 Alpha": ("usmc_infantry_platoon", "J-5", B), "1 Uran": ("runi_coastal_missile_section", "I-5", R),
             "DDG 1": ("rubf_ddg", "I-9", R)})

    def swap(s):
        a, b = s.units["1 Uran"], s.units["DDG 1"]
        a.hex, b.hex = b.hex, a.hex
        return Change("1 Uran <-> DDG 1", {"1 Uran": "DDG 1", "DDG 1": "1 Uran"})

    twin, what = twin_of(g, "US", swap)
    return g, twin, what


def test_undo_after_a_zor_does_not_tell_whether_it_found_anything_6_21():
    g, twin, what = _zor_into_a_coastal_back()
    findings = compare_steps(g, twin, "US", [A.BeginImpulse(B), A.Declare((A.CoreAction("move_combat", ("1 Alpha",)),)),
                                             A.ExerciseZor(1, "I-5")], what)
    assert g.state.units["1 Uran"].revealed and not twin.state.units["DDG 1"].revealed   # found / found nothing
    indistinguishable(findings, "undo_after_empty_zor")


def test_the_move_paths_offered_do_not_tell_what_a_back_is_5_18():
    """Found by the ZOR pair: in world A a ground unit is the back in I-5, in world B a ship is;
    the paths offered were found on the true state (round it in A, through it in B).  Now both
    go round it: what stops a ground move is what the mover knows (5.18, 6.11;
    ``movement.move.ground_stops``)."""
    g, twin, what = _zor_into_a_coastal_back()
    indistinguishable(compare_steps(g, twin, "US", [A.BeginImpulse(B), A.Declare((A.CoreAction("move_combat", ("1 Alpha",)),)),
                                                    A.EndImpulse()], what), "move_paths")


def renumber(a: str, b: str):
    """A change that swaps the ids of two cards the observer cannot see (what a card's id says:
    nothing, 9.02), in the cards and the attachments that name them."""
    def change(s):
        ca, cb = s.cards[a], s.cards[b]
        s.cards[a], s.cards[b] = cb, ca
        touched(s, "cards")      # staged in place: the snapshot looks at the map again
        ca.cid, cb.cid = b, a
        for u in s.units.values():
            u.attachments = [{a: b, b: a}.get(x, x) for x in u.attachments]
        return Change(f"{a} <-> {b}", {a: b, b: a})
    return change


def test_an_intercept_allocation_does_not_show_a_face_down_cards_id_9_02():
    g = load_scenario("gotland_redux", seed=1)
    g.apply(A.ScriptedEffect("reveal", units=("1 Anna",)))
    g.apply(A.BeginImpulse("TF Boston"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("DDG-51",)),)))
    assert (g.state.cards["RU-3"].host, g.state.cards["RU-9"].where) == ("2 Anna", "pool")
    twin, what = twin_of(g, "US", renumber("RU-3", "RU-9"))
    answer = A.AnswerIntercept(intercepts=(A.Intercept("2 Anna", "RU-3:INT1", "1 Anna", 1),))
    indistinguishable(compare_steps(g, twin, "US", [A.CommitCombat(lrs=(A.LrsAttack("DDG-51", "LRS1", "1 Anna", 4),)),
                                                    answer], what), "intercept_card_id")


def test_a_rotary_lift_resupply_does_not_tell_the_concealed_hosts_rp_12_13():
    from lcb_lab.games.lcb.content.worked import ch12
    g, lift = ch12._lift_game(0, forced=[4, 3, 6], extra={
        "Ashore": {"type": "usmc_infantry_platoon", "hex": "J-8", "supply": {"GA": 5}}})
    assert not g.state.units["LHA 8"].revealed and g.state.units["LHA 8"].supply == {"RP": 20}

    def fewer(s):
        s.units["LHA 8"].supply = {**s.units["LHA 8"].supply, "RP": 17}
        return Change("LHA 8 RP 20 -> 17", {"LHA 8": "LHA 8"}, acts_alike=True)

    twin, what = twin_of(g, "RU", fewer)
    acts = [A.BeginImpulse(ch12.BLUE), A.Declare((A.CoreAction("move_embarked_jcc", ("LHA 8",), jcc="MEU Rotary Lift"),)),
            A.PlayCard(lift, "B", ("Ashore", "rp:5"), "J-8", action=1)]
    indistinguishable(compare_steps(g, twin, "RU", acts, what), "transport_rp_log")


def _a_move_towards_a_secret_minefield(played: bool = True):
    """US DDG-51 in B-2 about to move; RU has played Naval Mines (2 cubes each in E-3 and F-2: where,
    only RU knows; that RU may hold secret mines, both teams know, 13.37); the twin has one more
    RU cube in C-2.  ``played=False``: RU holds the card unplayed (nothing known of mines)."""
    from lcb_lab.games.lcb.content.worked import ch13
    from lcb_lab.games.lcb.rules.common import Ctx
    from lcb_lab.games.lcb.rules.markers import mines
    g = ch13.mines_before_a_move(("E-3", "F-2"), played)

    def lay(s):
        n = len(s.log)
        m = mines.lay(Ctx(s, g.board, g.catalog, g.dice, g.decks, quiet=True), "RU", "", "C-2", 1, 13, "water")
        del s.log[n:]                         # the quiet entry of a change made by hand
        return Change(f"mine {m.mid} laid in C-2", {m.mid: m.mid}, shown_by_rules=True)

    twin, what = twin_of(g, "US", lay)
    return g, twin, what


@pytest.mark.parametrize("path", [("C-2", "D-2"), ("C-2",)])
def test_a_move_through_secret_mines_pauses_only_as_the_rules_show_them_13_34_13_37(path):
    """Found by the property (gotland_redux): the move stopped and waited for RU only in the world
    with the mine, and the mover's undo was refused only there.  lcb_lab's reading (13.34, 13.37;
    docs/rules_detail.md): a mined hex stops a move whatever its owner then does ("stopping
    movement until resolved"), so the stop -- the game waiting for the owner -- tells the mover
    the hex is mined (its own move line says so); how many cubes, only a strike shows (13.33 "may":
    the owner may hold them).  So that pause is the rules' (``Change.shown_by_rules``); and as RU
    may hold secret mines (it played Naval Mines), the mover's undo is refused in both worlds: a
    move that went on has learnt that no mines were on its way (a negative result)."""
    from lcb_lab.games.lcb.whatif.timeline import MINES_LOOK, undo_allowed
    g, twin, what = _a_move_towards_a_secret_minefield()
    findings = compare_steps(g, twin, "US", [A.Move(1, path)], what)
    assert not findings, "\n\n".join(map(str, findings))
    assert (g.unit("DDG-51").hex, twin.unit("DDG-51").hex) == (path[-1], "C-2")
    assert (g.pending, twin.to_act(), twin.pending.kind) == (None, "RU", "mine_attack")
    assert g.view("US")["card_markers"] == twin.view("US")["card_markers"] == []     # the cubes: unseen
    assert undo_allowed(g, "US") == (False, MINES_LOOK) and not undo_allowed(twin, "US")[0]   # twin: RU must answer


def test_a_move_stays_undoable_while_the_enemy_is_not_known_to_hold_mines_13_37():
    """The undo refusal above comes from the public fact that RU played a mine card, nothing
    else: with the card unplayed (RU laid none) the same move is undoable."""
    from lcb_lab.games.lcb.whatif.timeline import undo_allowed
    g, _, _ = _a_move_towards_a_secret_minefield(played=False)
    g.apply(A.Move(1, ("C-2", "D-2")))
    assert undo_allowed(g, "US") == (True, "your own last step, before anyone else has answered")


def test_a_submarine_zor_draws_as_many_dice_whether_or_not_a_hidden_submarine_is_near_14_09():
    """Found by the property (slite_landing): the 14.09 example (Jin's ZOR, DETECT 14 fails
    against Kilo 1) and its twin with Kilo 1 out of reach drew one die in one world, none in the
    other; the ZOR now rolls its one DETECT die whatever is in reach."""
    g = sea({"Jin": (SSN, "E-5", B), "DDG-605": ("rubf_ddg", "E-5", R), "FFG-454": ("rubf_ffg_gorshkov", "E-5", R),
             "Kilo 1": (SSK, "E-6", R)}, forced=[14])

    def away(s):
        s.units["Kilo 1"].hex = "A-12"
        return Change("Kilo 1 E-6 -> A-12", {"Kilo 1": "Kilo 1"})

    twin, what = twin_of(g, "US", away)
    indistinguishable(compare_steps(g, twin, "US", [A.BeginImpulse(B), A.Declare((A.CoreAction("move_combat", ("Jin",)),)),
                                                    A.SubmarineZor(1, "Jin")], what), "")
    assert g.dice.history[-1].values == twin.dice.history[-1].values == [14]


def test_an_engagement_of_a_suspected_submarine_draws_as_many_dice_whether_or_not_one_is_there_14_011():
    """14.011: Ling attacks the submarine she suspects in C-4; both DETECT dice fail (15, 15).
    In the twin the Kilo is far away: the same two dice, the same line, the same undo."""
    g = sea({"Ling": (SSN, "C-4", B), "Kilo 1": (SSK, "C-4", R)}, forced=[15, 15])

    def away(s):
        s.units["Kilo 1"].hex = "A-12"
        return Change("Kilo 1 C-4 -> A-12", {"Kilo 1": "Kilo 1"})

    twin, what = twin_of(g, "US", away)
    steps = [A.BeginImpulse(B), A.Declare((A.CoreAction("move_combat", ("Ling",)),)),
             A.TorpedoAttack(1, "Ling", ("submarine",))]
    assert compare_steps(g, twin, "US", steps, what) == []
    assert [d.values for d in g.dice.history] == [d.values for d in twin.dice.history] == [[15], [15]]
    assert [d.purpose for d in g.dice.history] == [d.purpose for d in twin.dice.history] == [
        "Ling: DETECT (submarine engagement)", "defending submarines: DETECT"]


def test_an_isr_markers_conceal_does_not_tell_a_hidden_submarine_is_in_its_hex_13_23():
    """Found by the property (slite_landing): a face-up US ISR marker in E-5 may conceal itself
    only while no opposing unit is in its hex (13.23); an unseen submarine is not on the map
    (14.02), so it does not count -- the offer and the refusal read the same with or without it."""
    from lcb_lab.games.lcb.rules.markers.placement import new_marker
    g = sea({"DDG-1": ("usn_ddg_51", "A-1", B), "Kilo 1": (SSK, "E-5", R)})
    new_marker(g._ctx(), "isr", "US", "", "E-5", revealed=True).data = {"naval": True}
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare())

    def away(s):
        s.units["Kilo 1"].hex = "H-11"
        return Change("Kilo 1 E-5 -> H-11", {"Kilo 1": "Kilo 1"})

    twin, what = twin_of(g, "US", away)
    indistinguishable(compare_steps(g, twin, "US", [A.EndImpulse()], what), "isr_conceal_offer")


# ---------------------------------------------------------------- found by the probes
def test_moving_an_action_whose_units_were_all_destroyed_is_refused_not_a_crash_3_31():
    """Found by the property's probes (slite_landing): B-271 sank in the impulse it was declared
    in, and ``Move(1, ...)`` raised IndexError in ``check_path`` instead of a refusal."""
    g = sea({"Ling": (SSN, "C-4", B), "Kilo 1": (SSK, "C-4", R)}, forced=[5, 8, 3, 18, 2, 20])
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_combat", ("Ling",)),)))
    g.apply(A.TorpedoAttack(1, "Ling", ("submarine",)))     # both DETECT: both fire, both sink (14.011)
    assert g.state.units["Ling"].destroyed
    e = refused(g, A.Move(1, ("C-5",)), "3.31")
    assert e.reason == "action #1 has no units left to move: they were destroyed"


def test_the_pair_compares_the_team_previews_of_the_offered_submarine_acts():
    """The harness asks both worlds for the team's preview of the offered ZOR / torpedo / ASW
    acts before a step of the team's: with a hidden Kilo next to Jin or far away, the same."""
    from tests.worlds import Pair, previews
    g = sea({"Jin": (SSN, "E-5", B), "Kilo 1": (SSK, "E-6", R)})
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_combat", ("Jin",)),)))

    def away(s):
        s.units["Kilo 1"].hex = "A-12"
        return Change("Kilo 1 E-6 -> A-12", {"Kilo 1": "Kilo 1"})

    twin, what = twin_of(g, "US", away)
    tally = Tally()
    Pair(g, twin, "US", "by hand", what, "by hand", tally).before(np.random.default_rng(0), n_probes=0)
    assert tally.comparisons["preview"] == 1 and not tally.findings
    acts = [A.SubmarineZor(1, "Jin"), A.TorpedoAttack(1, "Jin", ("submarine",))]
    assert previews(g, "US", acts) == previews(twin, "US", acts)
    assert previews(g, "instructor", acts) != previews(twin, "instructor", acts)    # the instructor's counts it


def test_a_task_force_counter_of_2_units_and_one_of_4_read_the_same_to_the_other_team_4_35():
    """RU's Task Force Counter "TF 1" holds 2 infantry platoons; in the twin it holds 4 (two more
    under the same counter): the US sees one back marked as a Task Force Counter either way, and
    its offers, probes, log and undo do not tell them apart."""
    inf = "runi_naval_infantry_platoon"
    g = lcb_lab.situation(units={"1 Anna": (inf, "F-6", "TF Red"), "2 Anna": (inf, "F-6", "TF Red"),
                                 "1 Alpha": ("usmc_infantry_platoon", "F-9", "TF Blue")},
                          task_force_counters={"TF 1": ["1 Anna", "2 Anna"]})

    def grow(s):
        for uid in ("3 Anna", "4 Anna"):
            s.units[uid] = s.units["1 Anna"].clone()
            touched(s, "units")      # staged in place: the snapshot looks at the map again
            s.units[uid].uid = uid
        return Change("TF 1 holds 4 units", {})

    twin, what = twin_of(g, "US", grow)
    assert [c for c in g.view("US")["counters"] if c.get("back")] == \
        [{"id": "hidden:F-6:0", "team": "RU", "hex": "F-6", "back": True, "revealed": False, "tf_counter": True}]
    indistinguishable(compare_steps(g, twin, "US", [A.BeginImpulse("TF Blue"),
                                                    A.Declare((A.CoreAction("move_combat", ("1 Alpha",)),)),
                                                    A.Move(1, ("F-8",)), A.EndImpulse()], what), "tf_counter")


def test_the_event_piles_order_is_secret_from_both_teams_16_0():
    """The random Event Card draw's pile (16.0) in another order: until the next draw shows a card,
    neither team can tell the worlds apart."""
    from tests.worlds_perturb import event_order
    g = load_scenario("gotland_events")
    assert len(set(g.state.event_deck)) >= 2
    twin, what = twin_of(g, "US", lambda s: event_order(g, s, "US", np.random.default_rng(1)))
    assert twin.state.event_deck != g.state.event_deck and sorted(twin.state.event_deck) == sorted(g.state.event_deck)
    first = g.legal_actions()[0]                   # the US answers turn 1's Fleeing Masses (16.0)
    assert type(first).__name__ == "AnswerEvent"
    for team in ("US", "RU"):
        indistinguishable(compare_steps(g.fork(), twin.fork(), team, [first], what), "event_order")
