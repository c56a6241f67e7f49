"""The rules' own short cuts for random play (benchmark figure 3) give exactly the plain answers.

Each is checked against the plain computation it replaced, at every call random games of Gotland
Redux make (and one whole game with the plain forms put back plays the very same acts and dice):

* ``UnitType.cv`` / ``cvs_of`` read tables made once per type (every catalog type, slot and kind);
* ``die.p_hit`` remembers its answers by CV;
* ``intercept.interceptor_options`` reads a unit's distance and zone once and the Attached cards
  once per question; ``target_options`` judges a lone attack's interceptors once (7.53, 7.510);
* an Attached card's CVs (``cards.cvs._cvs_of_card``) are made once per card and type (9.32, 9.33);
* ``cards.intercept.options`` (read one by one: ``iter_options``) judges each link's own refusal
  and DETECT once and reads no IAMD value when no link may be INTERCEPTed (9.011, 9.012), and
  ``iamd_values`` skips the units with no INTERCEPT value and no Attached card;
  ``not_ruled_out`` reads the IAMD values once per link;
* the combat sequence's ``odds.remembered_odds`` are ``engagement_odds`` (7.02, 7.57).
"""
from __future__ import annotations

import json

import numpy as np
import pytest

from lcb_lab import load_scenario
from lcb_lab.games.lcb import die
from lcb_lab.games.lcb.choice_options import Attack, Target
from lcb_lab.games.lcb.model.catalog import INFINITE_DICE_CAP, load_catalog
from lcb_lab.games.lcb.model.state import Unit, other
from lcb_lab.games.lcb.rules.cards import cvs, ftr_nullify
from lcb_lab.games.lcb.rules.cards import intercept as card_intercept
from lcb_lab.games.lcb.rules.cards.cvs import CardCV, type_is_bmd
from lcb_lab.games.lcb.rules.combat import intercept, odds, sequence
from lcb_lab.games.lcb.rules.common import dist, supply_left
from lcb_lab.games.lcb.rules.combat.intercept_pause import counter_reach
from lcb_lab.games.lcb.rules.combat.naval_zones import intercept_problem
from lcb_lab.games.lcb.rules.optional import ciws
from lcb_lab.games.lcb.whatif.autoplay import play_random_turns
from lcb_lab.games.lcb.whatif.experiments import land_embarked
from lcb_lab.kernel.dice import at_most

SEEDS = (0, 1, 2, 3)


# ---------------------------------------------------------------- the plain forms
def _plain_interceptor_options(ctx, target_uid, shooter_hexes, ballistic=False):
    """interceptor_options as it was: ``ctx.cvs_of`` per unit, distance and zone per value."""
    t = intercept.target_piece(ctx, target_uid) if target_uid in ctx.state.card_markers else ctx.state.unit(target_uid)
    closest = min((intercept.OFF_MAP if h is None else dist(h, t.hex)) for h in shooter_hexes) if shooter_hexes else 0
    out = []
    for u in ctx.state.living(t.team):
        if not u.on_map:
            continue
        for cv in ctx.cvs_of(u, "INT"):
            d = dist(u.hex, t.hex)
            left = supply_left(ctx, u, cv.slot)
            in_range, close, has = cv.in_range(d), d <= closest, left is None or left > 0
            bmd = bool(getattr(cv, "bmd", False))
            zone_why = intercept_problem(u.hex, t.hex)
            reason = ""
            if u.paralysed:
                reason = "may not act this turn (card effect)"
            elif zone_why:
                reason = zone_why
            elif ballistic is not None and bmd != ballistic:
                reason = ("only BMD INTERCEPT answers a ballistic LRS (7.510)" if ballistic
                          else "BMD INTERCEPT answers only ballistic LRS (7.510)")
            elif not in_range:
                reason = f"out of range ({d} > {cv.range}) (7.53)"
            elif not close:
                reason = f"farther from the target ({d}) than the attacker ({closest}) (7.53)"
            elif not has:
                reason = "no INTERCEPT supply (7.08)"
            out.append({"uid": u.uid, "slot": cv.slot, "hex": u.hex, "cv": cv.value, "range": cv.range,
                        "distance": d, "shooter_distance": None if closest >= intercept.OFF_MAP else closest,
                        "in_range": in_range, "close_enough": close, "has_supply": has,
                        "eligible": not reason, "reason": reason or "eligible",
                        "max_dice": INFINITE_DICE_CAP if left is None else left})
        if ciws.applies(ctx, u):
            o = ciws.option(ctx, u, t.hex, closest, ballistic)
            out.append(dict(o, shooter_distance=None if closest >= intercept.OFF_MAP else closest))
    return out


def _plain_target_options(ctx, target_uid, lrs_allocs, judged=None):
    """target_options as it was: every attack's interceptors judged on their own (``judged``
    receives each judging, keyed as validate_intercepts keys it)."""
    attacks = intercept.attacks_on(ctx, target_uid, lrs_allocs)
    wi = intercept._with_infinite
    judged = {} if judged is None else judged

    def judge(hexes, ballistic):
        opts = judged[(target_uid, tuple(hexes), ballistic)] = _plain_interceptor_options(ctx, target_uid, hexes,
                                                                                           ballistic)
        return opts
    return Target(target=target_uid, hex=intercept.target_piece(ctx, target_uid).hex,
                  incoming_dice=sum(a["dice"] for a in attacks.values()),
                  interceptors=wi(ctx, judge([a["hex"] for a in attacks.values()], intercept._ballistic(attacks.values()))),
                  attacks=tuple(Attack(**dict(a, interceptors=wi(ctx, judge([a["hex"]], a["bmd"]))))
                                for a in attacks.values()))


def _plain_card_cvs(ctx, card):
    try:
        ct = ctx.ctype(card)
    except KeyError:
        return []
    return [CardCV(f"{card.cid}:{cv.slot}", cv.value, cv.range, cv.supply, card.cid, type_is_bmd(ct)) for cv in ct.cvs]


def _plain_iamd_values(ctx, team):
    """cards.intercept.iamd_values as it was: every living unit on the map and its Attached cards."""
    out = []
    for u in ctx.state.living(team):
        if not u.on_map:
            continue
        for cv in ctx.utype(u).cvs_of("INT"):
            out.append({"uid": u.uid, "slot": cv.slot, "source": None, "cv": cv.value, "range": cv.range,
                        "left": supply_left(ctx, u, cv.slot), "bmd": False, "paralysed": u.paralysed})
        for card in (c for c in ctx.state.cards.values() if c.where == "attached" and c.host == u.uid):
            ct = ctx.ctype(card)
            own = {cv.slot for cv in ctx.utype(u).cvs_of("INT")}
            for cv in (cv for cv in ct.cvs if cv.kind == "INT"):
                out.append({"uid": u.uid, "slot": f"{card.cid}:{cv.slot}" if cv.slot in own else cv.slot,
                            "card_slot": cv.slot, "source": card.cid, "cv": cv.value, "range": cv.range,
                            "left": None if cv.supply is None else card.supply.get(cv.slot, cv.supply),
                            "bmd": any(e.args.get("bmd") for e in ct.effects), "paralysed": u.paralysed})
    return out


def _plain_card_intercepts(ctx, team):
    """cards.intercept.options as it was: the whole refusal and the DETECT chance per value."""
    out = []
    mods = sum(val for _, val, _ in ftr_nullify.network_modifiers(ctx.state, team))
    values = _plain_iamd_values(ctx, team)
    for t in card_intercept._pending(ctx, other(team)):
        for v in values:
            if card_intercept.refusal(ctx, v, t)[0]:
                continue
            if any(ftr_nullify.kind(x) == "intercept" and x.data["uid"] == v["uid"] and t.pid in x.data["to"]
                   for x in ctx.state.chain):
                continue
            out.append(card_intercept.CardInterceptor(
                uid=v["uid"], slot=v["slot"], source=v["source"], max_dice=4 if v["left"] is None else v["left"],
                p_hit=ftr_nullify.p_of(max(0, v["cv"] + mods + card_intercept._interop(ctx, v, t))),
                p_detect=ftr_nullify.p_of(ftr_nullify.detect_value(ctx, t)), to=t.pid))
    return out


def _plain_not_ruled_out(ctx, player, links):
    """cards.intercept.not_ruled_out as it was: the IAMD values read again for every counter."""
    s, team = ctx.state, other(player)
    from lcb_lab.games.lcb import observer
    counters = [u for u in s.living(team) if u.on_map and not observer.hidden_sub(u, ctx.catalog, player)]
    counters += [m for m in s.markers.values() if m.team == team and not m.destroyed and m.hex]
    for t in links:
        card = ftr_nullify.link_card(ctx, t)
        if card is None or ftr_nullify.kind(t) != "play":
            continue
        ct = ctx.ctype(card)
        m = s.card_markers.get(t.data.get("marker") or "")
        if ("intercept" not in ct.symbols and not ct.bmd_only) or (m is not None and not m.revealed):
            continue
        h = None if ct.bmd_only else card_intercept.target_hex(ctx, t)
        for c in counters if ct.bmd_only or h is not None else ():
            if (0 if h is None else dist(c.hex, h)) <= counter_reach(ctx, player, c):
                return True
            if isinstance(c, Unit) and any(v["uid"] == c.uid and not card_intercept.refusal(ctx, v, t)[0]
                                           for v in card_intercept.iamd_values(ctx, c.team)):
                return True
    return False


def _plain_odds(shots, intercepts, hp, unstoppable=(), answered=(), die=die.DIE, rule=die.hits_on):
    return odds.engagement_odds(shots, intercepts, hp, unstoppable=unstoppable, answered=answered, die=die, rule=rule)


# ---------------------------------------------------------------- random games
def _game(seed):
    g = load_scenario("gotland_redux", seed=seed, auto_policies={})
    land_embarked(g, "AL-23")
    g.rollout()
    return g


def _outcome(g) -> str:
    return json.dumps({"state": g.state.to_dict(), "drawn": [list(v) for _, v in g.dice.history],
                       "dice": g.dice.state()}, sort_keys=True, default=str)


@pytest.fixture(scope="module")
def compared():
    """Random games with each short cut compared with its plain form at every call; the number
    of comparisons by short cut, and the games' outcomes."""
    counts = dict.fromkeys(("options", "targets", "card_cvs", "card_intercepts", "rule_out", "odds"), 0)
    fast = {"options": intercept.interceptor_options, "targets": intercept.target_options,
            "card_cvs": cvs._cvs_of_card, "card_intercepts": card_intercept.iter_options,
            "rule_out": card_intercept.not_ruled_out, "odds": odds.remembered_odds}
    plain = {"options": _plain_interceptor_options, "targets": _plain_target_options,
             "card_cvs": _plain_card_cvs, "card_intercepts": _plain_card_intercepts,
             "rule_out": _plain_not_ruled_out, "odds": _plain_odds}

    def checked(name):
        def run(*args, **kw):
            got = fast[name](*args, **kw)
            want = plain[name](*args, **kw)
            if name in ("card_cvs", "card_intercepts"):
                got = list(got)
            assert got == want, name
            if name == "card_intercepts":
                assert card_intercept.iamd_values(*args) == _plain_iamd_values(*args)
            counts[name] += 1
            return iter(got) if name == "card_intercepts" else got
        return run

    mp = pytest.MonkeyPatch()
    mp.setattr(intercept, "interceptor_options", checked("options"))
    mp.setattr(intercept, "target_options", checked("targets"))
    mp.setattr(sequence, "target_options", checked("targets"))
    mp.setattr(cvs, "_cvs_of_card", checked("card_cvs"))
    mp.setattr(card_intercept, "iter_options", checked("card_intercepts"))
    mp.setattr(card_intercept, "not_ruled_out", checked("rule_out"))
    mp.setattr(odds, "remembered_odds", checked("odds"))
    outcomes = {}
    try:
        for seed in SEEDS:
            g = _game(seed)
            play_random_turns(g, 3, seed)
            outcomes[seed] = _outcome(g)
    finally:
        mp.undo()
    return counts, outcomes


def test_interceptor_options_equal_the_plain_reading(compared):
    counts, _ = compared
    assert counts["options"] > 20 and counts["targets"] > 10


def test_attached_card_cvs_made_once_equal_fresh_ones(compared):
    assert compared[0]["card_cvs"] > 100


def test_card_intercept_options_and_the_pause_equal_the_plain_ones(compared):
    counts, _ = compared
    assert counts["card_intercepts"] > 10 and counts["rule_out"] > 10


def test_remembered_odds_equal_fresh_odds(compared):
    assert compared[0]["odds"] > 10


def test_the_plain_forms_play_the_very_same_games(compared, monkeypatch):
    """Same acts, same dice, same final state with every short cut replaced by its plain form."""
    _, fast = compared
    monkeypatch.setattr(intercept, "interceptor_options", _plain_interceptor_options)
    monkeypatch.setattr(intercept, "target_options", _plain_target_options)
    monkeypatch.setattr(sequence, "target_options", _plain_target_options)
    monkeypatch.setattr(cvs, "_cvs_of_card", _plain_card_cvs)
    monkeypatch.setattr(card_intercept, "options", _plain_card_intercepts)
    monkeypatch.setattr(card_intercept, "not_ruled_out", _plain_not_ruled_out)
    monkeypatch.setattr(odds, "remembered_odds", _plain_odds)
    for seed in SEEDS:
        g = _game(seed)
        play_random_turns(g, 3, seed)
        assert _outcome(g) == fast[seed], seed


# ---------------------------------------------------------------- tables and memos
def test_unit_type_cv_tables_equal_a_scan_of_its_cvs():
    cat = load_catalog()
    assert any(len(t.cvs_of("LRS")) > 1 for t in cat.units.values())      # order matters somewhere
    for t in cat.units.values():
        for kind in ("GA", "LRS", "INT", "XX"):
            assert t.cvs_of(kind) == tuple(c for c in t.cvs if c.kind == kind)
        for slot in ("GA", "LRS1", "LRS2", "LRS3", "INT1", "INT2", "RV1"):
            assert t.cv(slot) is next((c for c in t.cvs if c.slot == slot), None)
        assert t.cvs and t.cvs[0].bmd is False or not t.cvs
        assert "_cv_cache" not in t.model_dump()


def test_a_copy_with_other_cvs_reads_its_own_tables():
    """A scenario's variant of a type (``model_copy(update={"cvs": ...})``, e.g. the 17.91 example
    ship) never reads the tables its original made."""
    t = next(t for t in load_catalog().units.values() if len(t.cvs_of("LRS")) > 1)
    assert t.cv("LRS2") is not None                      # the original's tables are made first
    fewer = t.model_copy(update={"cvs": t.cvs_of("LRS")[:1]})
    assert fewer.cvs_of("LRS") == fewer.cvs and fewer.cv("LRS2") is None
    more = t.model_copy(update={"cvs": tuple(c.model_copy(update={"supply": 10}) for c in t.cvs)})
    assert [c.supply for c in more.cvs_of("LRS")] == [10, 10] and more.cv("LRS1").supply == 10
    assert t.model_copy() == t and t.model_copy().cvs_of("LRS") == t.cvs_of("LRS")


def test_p_hit_remembers_the_die_s_own_answers():
    for cv in range(-3, 25):
        assert die.p_hit(cv) == die.DIE.chance(at_most(cv))
    hits = die.p_hit.cache_info().hits
    assert die.p_hit(12) == 0.6 and die.p_hit.cache_info().hits == hits + 1
    assert die.p_hit(7.5) == die.DIE.chance(at_most(7.5))


def test_remembered_odds_are_the_same_object_and_skip_what_is_not_an_int():
    odds._kept_odds.cache_clear()
    a = odds.remembered_odds([(3, 12)], [(2, 8)], 2, answered=[([(1, 10)], [(1, 9)])])
    assert a == odds.engagement_odds([(3, 12)], [(2, 8)], 2, answered=[([(1, 10)], [(1, 9)])])
    assert odds.remembered_odds([(3, 12)], [(2, 8)], 2, answered=[([(1, 10)], [(1, 9)])]) is a
    assert odds.remembered_odds([(3, 12)], [(2, 8)], 3) != a
    n = odds._kept_odds.cache_info().currsize
    b = odds.remembered_odds([(3, 12.0)], [(2, 8)], 2)
    assert b == odds.engagement_odds([(3, 12.0)], [(2, 8)], 2) and odds._kept_odds.cache_info().currsize == n
    assert odds._kept_odds.cache_info().maxsize == 4096
