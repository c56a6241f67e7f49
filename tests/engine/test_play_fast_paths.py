"""The random player's speed-ups (benchmark figure 3) give exactly what the plain rules give.

Each short cut is checked against the plain computation it replaces, on every state random
games of Gotland Redux reach (the games also replay the same, ``test_fast_paths.py``):

* ``play_checks.iter_accepted_plays`` (the card / option / action checks made once, the target checks once
  per card option) keeps exactly the plays ``jcc.check_links`` accepts one by one, and so does
  ``legal_cards.iter_play_card_options`` (a use checked before its targets and escorts are built) of
  the plain candidates ``legal_cards.candidate_plays``;
* ``jcc.named_cards`` (the deck's aliases looked up once) gives the cards ``jcc._matches`` finds one by one;
* ``legal_cards.seen_enemy_hexes`` gives the hexes of the enemy counters ``observer.observe`` shows;
* ``responses.player_cannot_rule_out`` (a hidden card judged once per place, 9.02) agrees with
  judging every hidden card;
* a kept move search (``move._search``) equals a fresh Dijkstra over the same inputs;
* the random mover's ``move.destinations`` (each path made only when drawn) are ``move.paths``, in order;
* the fixed facts of ``model.fixed_memo`` are told apart by the identity of the objects;
* ``legal_cards.iter_play_card_options`` read lazily (its first option, then the rest) gives the whole
  list, and its first option is yielded right after its own target check;
* a response window asks the player's own "can it be ruled out" test only when the answering team
  holds no true answer, and opens as before; with the ``"pass"`` policy it is passed as it opens,
  its options unbuilt (``responses.open_window(passed=True)``), and the games are those of pushing
  each window and answering it;
* the target lists one enumeration shares across cards and options (``legal_cards._targets``'s
  ``known``) are those found afresh for each;
* the random player's drawn card option, applied with the verdicts its enumeration made
  (``legal_cards.apply_checked``), opens the chain ``jcc.check_links`` opens with its plain checks,
  and the verdicts serve only that act object on that state.
"""
from __future__ import annotations

import json

import numpy as np
import pytest

from lcb_lab import load_scenario
from lcb_lab.games.lcb import legal_cards, observer
from lcb_lab.games.lcb.model.state import other
from lcb_lab.games.lcb.model import fixed_memo
from lcb_lab.games.lcb.rules.cards import intercept as card_intercept, jcc, play_checks, responses
from lcb_lab.games.lcb.rules.movement import move
from lcb_lab.games.lcb.whatif.autoplay import play_random_turns, random_impulse
from lcb_lab.games.lcb.whatif.experiments import land_embarked

SEEDS = (0, 1, 2)
IMPULSES = 9


def _play(seed: int) -> None:
    g = load_scenario("gotland_redux", seed=seed, auto_policies={})
    land_embarked(g, "AL-23")
    rng = np.random.default_rng(seed)
    for _ in range(IMPULSES):
        if g.state.stage != "action":
            break
        random_impulse(g, rng)


def _observed_enemy_hexes(game, team: str) -> list[str]:
    """The plain reading: the hexes of the other team's counters in the whole view."""
    seen = observer.observe(game.state, game.catalog, team)["counters"]
    return sorted({c["hex"] for c in seen if c["team"] != team and c["hex"]})


def _every_hidden_card(ctx, team: str) -> bool:
    """player_cannot_rule_out judging every card, no verdict kept."""
    player = other(team)
    links = responses._pending(ctx, player)
    if not links:
        return False
    deck = responses._deck(ctx, team)
    return (any(responses._card_not_ruled_out(ctx, player, c, links, deck) for c in ctx.state.cards.values()
                if c.team == team) or card_intercept.not_ruled_out(ctx, player, links))


@pytest.fixture(scope="module")
def compared():
    """Play the random games with each short cut wrapped to compare it with the plain one; the
    number of comparisons made, by short cut."""
    counts = {"plays": 0, "accepted": 0, "options": 0, "candidates": 0, "hexes": 0, "rule_out": 0, "search": 0, "iter": 0, "targets": 0, "named": 0, "destinations": 0}
    mp = pytest.MonkeyPatch()
    accepted, seen, rule_out, search = (play_checks.iter_accepted_plays, legal_cards.seen_enemy_hexes,
                                        responses.player_cannot_rule_out, move._search)
    iterate, targets, named = legal_cards.iter_play_card_options, legal_cards._targets, jcc.named_cards
    found = move.destinations

    def iter_accepted_plays(ctx, plays, uses=None):
        plays = list(plays)
        got = list(accepted(ctx, plays, uses))
        assert got == [a for a in plays if play_checks.links_ok(ctx, a)]
        counts["plays"] += len(plays)
        counts["accepted"] += len(got)
        yield from got

    def _targets(game, card, eff, ctx=None, known=None):
        got = targets(game, card, eff, ctx, known)
        assert got == targets(game, card, eff)
        counts["targets"] += 1
        return got

    def seen_enemy_hexes(game, team):
        got = seen(game, team)
        assert got == _observed_enemy_hexes(game, team)
        counts["hexes"] += 1
        return got

    def player_cannot_rule_out(ctx, team):
        got = rule_out(ctx, team)
        assert got == _every_hidden_card(ctx, team)
        counts["rule_out"] += 1
        return got

    def _search(ctx, units, start):
        got = search(ctx, units, start)
        start = start or units[0].hex
        stop = move.ground_stops(ctx, units[0].team) if move._domain(ctx, units) == "ground" else {}
        assert got == move._dijkstra(ctx, start, move._domain(ctx, units), move.stack_mp(ctx, units), stop)
        counts["search"] += 1
        return got

    def iter_play_card_options(game, uses=None):
        lazy = iterate(game, uses)
        first = next(lazy, None)                 # what the random player asks before its draw
        everything = list(iterate(game))
        assert ([first, *lazy] if first is not None else []) == everything
        ctx, cands = game._ctx(), legal_cards.candidate_plays(game)
        plain = [a for a in cands if play_checks.links_ok(ctx, a)]
        assert everything == plain
        assert list(accepted(ctx, cands)) == plain
        counts["iter"] += 1
        counts["options"] += len(plain)
        counts["candidates"] += len(cands)
        yield from everything

    def named_cards(ctx, team, ref):
        got = named(ctx, team, ref)
        assert got == [c for c in ctx.state.cards.values() if c.team == team and c.in_play and jcc._matches(ctx, c, ref)]
        counts["named"] += 1
        return got

    def destinations(ctx, units):
        dests, path_to = found(ctx, units)
        assert {d: path_to(d) for d in dests} == move.paths(ctx, units) and len(dests) == len(set(dests))
        assert list(move.paths(ctx, units)) == dests
        counts["destinations"] += 1
        return dests, path_to

    mp.setattr(move, "destinations", destinations)
    mp.setattr(jcc, "named_cards", named_cards)
    mp.setattr(play_checks, "iter_accepted_plays", iter_accepted_plays)
    mp.setattr(legal_cards, "_targets", _targets)
    mp.setattr(legal_cards, "seen_enemy_hexes", seen_enemy_hexes)
    mp.setattr(responses, "player_cannot_rule_out", player_cannot_rule_out)
    mp.setattr(move, "_search", _search)
    mp.setattr(legal_cards, "iter_play_card_options", iter_play_card_options)
    try:
        for seed in SEEDS:
            _play(seed)
    finally:
        mp.undo()
    return counts


def test_accepted_plays_keep_exactly_what_check_links_accepts(compared):
    assert compared["candidates"] > 100 and 0 < compared["options"] < compared["candidates"]


def test_cards_named_with_the_deck_aliases_looked_up_once_are_those_matched_one_by_one(compared):
    assert compared["named"] > 10


def test_seen_enemy_hexes_are_those_of_the_observed_view(compared):
    assert compared["hexes"] > 10


def test_hidden_cards_judged_once_per_place_give_the_same_verdict(compared):
    assert compared["rule_out"] > 10


def test_the_random_movers_destinations_and_their_paths_are_move_paths(compared):
    assert compared["destinations"] > 10


def test_a_kept_move_search_equals_a_fresh_one(compared):
    assert compared["search"] > 10


def test_the_lazy_card_options_are_the_list(compared):
    assert compared["iter"] > 10


def test_shared_target_lists_are_those_found_afresh(compared):
    assert compared["targets"] > 10


def test_the_first_card_option_is_found_without_checking_the_later_targets(monkeypatch):
    """Read lazily, the first option is yielded right after its own target check: no target of a
    later play of its card option is checked first (the random player asks for the first option
    before its draw, and often stops there)."""
    checked, last_is_first = [], []
    real, iterate = play_checks.targets_ok, legal_cards.iter_play_card_options

    def targets_ok(ctx, use, targets, hex_):
        checked.append((use[0].cid, use[2].label, targets, hex_))
        return real(ctx, use, targets, hex_)

    def measured(game, uses=None):           # as the random player asks: the first, then maybe all
        del checked[:]
        first = next(iterate(game), None)
        if first is not None and checked:
            last_is_first.append(checked[-1] == (first.card, first.option, first.targets, first.hex))
        every = list(iterate(game))
        assert (first is None) == (not every) and (first is None or first == every[0])
        return iterate(game, uses)

    monkeypatch.setattr(play_checks, "targets_ok", targets_ok)
    monkeypatch.setattr(legal_cards, "iter_play_card_options", measured)
    for seed in SEEDS:
        _play(seed)
    assert len(last_is_first) > 10 and all(last_is_first), last_is_first


def test_fixed_memo_tells_objects_apart_by_identity():
    a, b = object(), object()
    fa = fixed_memo.memo(a, b)
    fa["fact"] = 1
    assert fixed_memo.memo(a, b) is fa
    assert fixed_memo.memo(b, a) is not fa and "fact" not in fixed_memo.memo(b, a)
    for _ in range(fixed_memo.MAX_MEMOS + 1):          # the oldest combinations are forgotten
        fixed_memo.memo(object())
    assert len(fixed_memo._MEMOS) <= fixed_memo.MAX_MEMOS
    assert "fact" not in fixed_memo.memo(a, b)


@pytest.mark.parametrize("passed", [True, False])
def test_a_window_with_true_answers_opens_without_the_players_own_test(monkeypatch, passed):
    """A response window opens when the answering team truly holds an answer, or when the player
    cannot rule one out (9.41, 9.02), as the plain tests say.  Pushed (its options built), the
    player's own test is asked only when there is no true answer (it cannot change the verdict
    otherwise); passed as it opens (the games' ``"pass"`` policy), the player's test is asked
    first, and the true answers only when it rules them out."""
    asked, windows = [], []
    if not passed:
        monkeypatch.setattr(responses, "passes", lambda policies: False)
    real_rule_out, real_open = responses.player_cannot_rule_out, responses.open_window

    def player_cannot_rule_out(ctx, team):
        asked[-1] = True
        return real_rule_out(ctx, team)

    def open_window(ctx, passed=False):
        if not ctx.state.chain:
            return real_open(ctx, passed)
        team = other(ctx.state.chain[-1].team)
        plain = responses.options(ctx, team)          # the whole options: the plain verdict
        true = bool(plain.cards or plain.interceptors)
        want = true or real_rule_out(ctx, team)
        asked.append(False)
        opened = real_open(ctx, passed)
        assert opened == want
        windows.append({"true": true, "asked": asked[-1], "passed": passed})
        return opened

    monkeypatch.setattr(responses, "player_cannot_rule_out", player_cannot_rule_out)
    monkeypatch.setattr(responses, "open_window", open_window)
    for seed in SEEDS:
        _play(seed)
    assert sum(w["true"] for w in windows) > 5 and sum(not w["true"] for w in windows) > 5
    assert all(w["passed"] == passed for w in windows)
    assert all(w["asked"] == (passed or not w["true"]) for w in windows)


def _outcome(seed: int, passed_as_opened: bool) -> str:
    g = load_scenario("gotland_redux", seed=seed, auto_policies={})
    land_embarked(g, "AL-23")
    mp = pytest.MonkeyPatch()
    if not passed_as_opened:                 # the plain form: every window pushed, then answered by the policy
        mp.setattr(responses, "passes", lambda policies: False)
    try:
        n = play_random_turns(g, 2, seed)
    finally:
        mp.undo()
    return json.dumps({"state": g.state.to_dict(), "n": n, "drawn": [list(v) for _, v in g.dice.history],
                       "dice": g.dice.state()}, sort_keys=True, default=str)


@pytest.mark.parametrize("seed", SEEDS)
def test_windows_passed_as_they_open_play_the_same_games(seed, monkeypatch):
    """With the ``"pass"`` policy a played card's window is passed as it opens, its options unbuilt
    (``responses.open_window(passed=True)``): the very same games -- state, log, choice ids,
    dice -- as pushing each window and answering it with the policy."""
    calls = []
    real = responses._pass
    monkeypatch.setattr(responses, "_pass", lambda ctx, team: calls.append(team) or real(ctx, team))
    assert _outcome(seed, True) == _outcome(seed, False)
    assert len(calls) > 10


def test_a_drawn_card_option_is_played_with_the_verdict_of_the_plain_checks(monkeypatch):
    """The random player's drawn card option is applied without the use and target checks its
    option already passed on the same state (``legal_cards.apply_checked``, ``jcc.check_links``'s
    ``checked``): on every such play of random games, ``check_links`` gives what its plain checks
    give (the card, how it is paid, the action, the aimed cards, the escort)."""
    real = jcc.check_links
    seen = []

    def check_links(ctx, ref, option, targets, hex_, aid, escort=None, checked=None):
        got = real(ctx, ref, option, targets, hex_, aid, escort, checked)
        if checked is not None:
            assert got == real(ctx, ref, option, targets, hex_, aid, escort)
            seen.append((option, bool(got[3]), got[4] is not None))
        return got

    monkeypatch.setattr(jcc, "check_links", check_links)
    for seed in SEEDS:
        _play(seed)
    assert len(seen) > 10 and any(aimed for _, aimed, _ in seen), seen


def test_the_checked_verdict_serves_only_its_own_act_on_its_own_state(monkeypatch):
    """``game.checked_play`` is used by the very act object it names, on the very state it was
    made on, once: an equal but other act object, or another state, is checked in full; after
    ``apply_checked`` it is gone."""
    import dataclasses
    got, tried = [], []
    real_links, real_apply = jcc.check_links, legal_cards.apply_checked
    monkeypatch.setattr(jcc, "check_links", lambda *a: got.append(a[7] if len(a) > 7 else None) or real_links(*a))

    def apply_checked(game, a, uses):
        use = uses.get((a.card, a.option, a.action))
        if use and not tried:
            for act, on_own_state in ((dataclasses.replace(a), True), (a, False)):   # an equal act; another state
                f = game.fork()
                f.checked_play = (a, f.state if on_own_state else game.state, use)
                f._apply(act, events=False)
                assert got[-1] is None and f.checked_play is None
            tried.append(use)
        n = len(got)
        ok = real_apply(game, a, uses)
        assert game.checked_play is None and (not ok or got[n] is use)
        return ok

    monkeypatch.setattr(legal_cards, "apply_checked", apply_checked)
    _play(1)
    assert tried
