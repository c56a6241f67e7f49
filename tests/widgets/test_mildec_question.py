"""The lab's MILDEC question (4.22; a mine hit 13.34, a torpedo hit 14.08) in the two worlds of
``tests/engine/test_mildec_pause_worlds.py``: the defender is asked whenever the attacker cannot
rule a MILDEC out (a back of the defender in the hex, 6.11).  The attacker's view shows one line,
"Waiting for <team>'s MILDEC decision (<rule>)", with the hand-over button -- the same text whether
the back is a MILDEC or a unit; the defender's view shows one decision: with a MILDEC there, the
HP it absorbs or a policy; with none, a single *Take the N HP* button."""
from __future__ import annotations

from lcb_lab.ui import open_lab

from conftest import plain_text, widget_texts
from tests.engine import test_mildec_pause_worlds as W4
from tests.worlds import twin_of


def _both_worlds(build, swap, steps):
    """(world with the MILDEC in the hit hex, world with a unit's back there), each after ``steps``
    (a list of actions, or a callable of the game giving them)."""
    g = build()
    twin, _ = twin_of(g, "RU", swap)
    for world in (g, twin):
        for a in (steps(world) if callable(steps) else steps):
            world.apply(a)
    return g, twin


def _seen(game, team: str) -> list[str]:
    """Every text the lab sends the browser in the decision panel and the Impulse tab of ``team``'s
    view, and its explained log."""
    lab = open_lab(game=game, team=team)
    return widget_texts(lab.decision.widget) + widget_texts(lab.impulse_panel.widget) + [lab.log.value]


def _lrs():
    return _both_worlds(W4._lrs_on_a_platoon_beside_a_back, W4._swap, W4.COMBAT)


def _torpedo():
    return _both_worlds(W4._torpedo_at_an_lhd_beside_a_back, W4._swap_torpedo, W4.TORPEDO)


def _mines():
    return _both_worlds(W4._mines_at_a_ddg_beside_a_back, W4._swap_mines, lambda g: [W4._mine_shot(g)])


def test_the_attackers_view_of_the_mildec_question_is_one_line_the_same_in_both_worlds_4_22():
    for worlds, rule in ((_lrs(), "4.22"), (_torpedo(), "14.08"), (_mines(), "4.22")):
        g, twin = worlds
        assert g.pending.kind == twin.pending.kind == "mildec" and g.pending.team == "US"
        assert _seen(g, "RU") == _seen(twin, "RU")
        lab = open_lab(game=twin, team="RU")
        assert plain_text(lab.decision.header.value) == f"Waiting for Blue (US)'s MILDEC decision {rule}."
        assert [b.description for b in lab.decision.body.children] == ["Hand over: show the Blue (US) view"]
        assert lab.decision.answer_row.children == () and lab.decision.policy_box.children == ()


def test_with_no_mildec_in_the_hex_the_defender_has_one_button_take_the_hp_4_22():
    g, twin = _lrs()
    lab = open_lab(game=twin, team="US")
    d = lab.decision
    assert [b.description for b in d.answer_row.children] == ["Take the 2 HP"]
    assert d.policy_box.children == () and d._inputs == []
    assert "No MILDEC of yours in the hex can absorb it: Plt takes the 2 HP" in plain_text(d.body.children[0].value)
    d.take_button.click()
    assert twin.pending is None and twin.unit("Plt").destroyed
    # with M1 in F-4 the same question offers it: the HP box (0..1) and the two policies
    d = open_lab(game=g, team="US").decision
    assert d._inputs[0][1].max == 1 and d.take_button not in d.answer_row.children
    assert [b.description for b in d.policy_box.children] == ["Absorb nothing with MILDEC",
                                                              "Absorb all the hits MILDEC can"]


def test_a_torpedoed_ship_with_no_naval_mildec_there_takes_the_torpedo_hit_14_08():
    _, twin = _torpedo()
    lab = open_lab(game=twin, team="instructor")
    assert [b.description for b in lab.decision.answer_row.children] == ["Take the torpedo hit"]
    lab.decision.take_button.click()
    assert twin.pending is None and twin.unit("LHD").destroyed


def test_a_mined_ship_with_no_naval_mildec_there_takes_the_1_hp_13_34():
    _, twin = _mines()
    hp = twin.unit("DDG-51").hp
    lab = open_lab(game=twin, team="US")
    assert [b.description for b in lab.decision.answer_row.children] == ["Take the 1 HP"]
    lab.decision.take_button.click()
    assert twin.pending is None and twin.unit("DDG-51").hp == hp - 1
