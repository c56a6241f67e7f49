"""The MILDEC choice (4.22, 7.06, 14.08) and hidden information: whether the game pauses for the
defender's MILDEC decision must not tell the attacker that a face-down counter in the hit unit's
hex is a MILDEC (6.11: a MILDEC and a unit look alike from the back).  The method is the
indistinguishable-worlds harness (``tests/worlds.py``): two worlds that differ only in which of
two US backs is the MILDEC look the same to RU -- its view, offers, pauses, dice and log."""
from __future__ import annotations

import pytest

import lcb_lab
from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.model.state import Marker
from lcb_lab.kernel.errors import IllegalAction
from tests.worlds import Change, compare_steps, twin_of

B, R = "TF Blue", "TF Red"


def _lrs_on_a_platoon_beside_a_back(forced=(1, 1)):
    """RU's Msta fires 2 LRS at the revealed US platoon in F-4; F-4 also holds one US back (the
    MILDEC M1) and F-8 another (the concealed logistics company Log)."""
    g = lcb_lab.situation([("Msta", "runi_cannon_artillery", "F-6", R),
                           ("Plt", "usmc_infantry_platoon", "F-4", B, True),
                           ("Log", "usmc_logistics_company", "F-8", B)],
                          initiative="RU", markers=[Marker("M1", "mildec", "US", B, "F-4")], forced=list(forced))
    g.apply(A.BeginImpulse(R))
    g.apply(A.Declare((A.CoreAction("move_combat", ("Msta",)),)))
    return g


def _swap(s):
    """The MILDEC and the logistics company trade hexes: RU still sees one US back in each."""
    m, u = s.markers["M1"], s.units["Log"]
    m.hex, u.hex = u.hex, m.hex
    return Change("M1 F-4 <-> Log F-8", {"M1": "M1", "Log": "Log"})


COMBAT = [A.CommitCombat(lrs=(A.LrsAttack("Msta", "LRS1", "Plt", 2),)), A.ResolveCombat()]


def test_the_mildec_pause_does_not_tell_the_attacker_a_back_is_a_mildec_4_22():
    g = _lrs_on_a_platoon_beside_a_back()
    twin, what = twin_of(g, "RU", _swap)
    findings = compare_steps(g, twin, "RU", COMBAT, what)
    assert not findings, "\n\n".join(map(str, findings))


def test_the_defender_still_decides_with_a_mildec_there_and_answers_none_without_4_22():
    """Both worlds pause for US after the hits (2 on Plt, CV 1 and 1): with M1 in F-4 the choice
    offers 1 MILDEC (Mari may decline, 4.22 ex.); without, it offers none and absorbing is refused;
    declining destroys the platoon in both."""
    g = _lrs_on_a_platoon_beside_a_back()
    twin, _ = twin_of(g, "RU", _swap)
    for world, n in ((g, 1), (twin, 0)):
        for a in COMBAT:
            world.apply(a)
        ch = world.pending
        assert (ch.kind, ch.team, ch.options.damage, ch.options.mildecs) == ("mildec", "US", 2, n)
        world.apply(ch.answer_from({"absorb": 0}))
        assert world.unit("Plt").destroyed


# ---------------------------------------------------------------- a torpedo hit (14.08)
def _torpedo_at_an_lhd_beside_a_back():
    """RU's Kilo in C-3 torpedoes the revealed US LHD there (forced 2 <= its CV: a hit); C-3 also
    holds one US back (the Naval MILDEC NM1), D-6 another (the concealed LHD L2, not an ASW ship)."""
    from lcb_lab.games.lcb.content.worked.ch14 import SSK, sea
    g = sea({"Kilo 1": (SSK, "C-3", R), "LHD": {"type": "usn_lhd", "hex": "C-3", "face_up": True},
             "L2": ("usn_lhd", "D-6", B)},
            markers={"NM1": {"hex": "C-3", "type": "naval_mildec", "team": "US"}}, forced=[2], initiative="RU")
    g.apply(A.BeginImpulse(R))
    g.apply(A.Declare((A.CoreAction("move_combat", ("Kilo 1",)),)))
    return g


def _swap_torpedo(s):
    """NM1 and L2 trade hexes: RU still sees one US back in C-3 and one in D-6."""
    m, u = s.markers["NM1"], s.units["L2"]
    m.hex, u.hex = u.hex, m.hex
    return Change("NM1 C-3 <-> L2 D-6", {"NM1": "NM1", "L2": "L2"})


TORPEDO = [A.TorpedoAttack(1, "Kilo 1", ("LHD",))]


def test_the_torpedo_mildec_pause_does_not_tell_the_attacker_a_back_is_a_naval_mildec_14_08():
    g = _torpedo_at_an_lhd_beside_a_back()
    twin, what = twin_of(g, "RU", _swap_torpedo)
    findings = compare_steps(g, twin, "RU", TORPEDO, what)
    assert not findings, "\n\n".join(map(str, findings))


def test_the_torpedoed_ship_waits_on_us_in_both_worlds_and_sinks_when_declined_14_08():
    """Both worlds pause for US (rule 14.08): with NM1 in C-3 the choice offers 1 Naval MILDEC,
    without it none (absorbing 1 is refused, 4.22); declining sinks the LHD in both."""
    g = _torpedo_at_an_lhd_beside_a_back()
    twin, _ = twin_of(g, "RU", _swap_torpedo)
    for world, n in ((g, 1), (twin, 0)):
        for a in TORPEDO:
            world.apply(a)
        ch = world.pending
        assert (ch.kind, ch.team, ch.rule, ch.options.damage, ch.options.mildecs) == ("mildec", "US", "14.08", 1, n)
        if n == 0:
            with pytest.raises(IllegalAction) as e:
                world.apply(A.AnswerMildec(1))
            assert e.value.rule == "4.22"
        world.apply(A.AnswerMildec(0))
        assert world.unit("LHD").destroyed and world.pending is None


# ---------------------------------------------------------------- a mine hit (13.34)
def _mines_at_a_ddg_beside_a_back():
    """1 secret RU mine cube in C-2 (hits on 13 or less); the revealed US DDG-51 moves B-2 -> C-2;
    C-2 already holds one US back (the Naval MILDEC NM1), E-3 another (the concealed LHD L2)."""
    from lcb_lab.games.lcb.content.worked import ch13
    g = lcb_lab.situation(units={"DDG-51": {"type": "usn_ddg_51", "hex": "B-2", "face_up": True},
                                 "L2": ("usn_lhd", "E-3"), "1 Anna": ("runi_naval_infantry_platoon", "H-8")},
                          markers={"NM1": ("C-2", B, "naval_mildec")}, naval=ch13.SEA, forced=[4])
    ch13.lay_mines(g, "RU", "C-2", 1)
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_combat", ("DDG-51",)),)))
    g.apply(A.Move(1, ("C-2",)))
    return g


def _swap_mines(s):
    """NM1 and L2 trade hexes: RU still sees one US back in C-2 and one in E-3."""
    m, u = s.markers["NM1"], s.units["L2"]
    m.hex, u.hex = u.hex, m.hex
    return Change("NM1 C-2 <-> L2 E-3", {"NM1": "NM1", "L2": "L2"})


def _mine_shot(g):
    (target,) = g.pending.options.targets
    return A.AnswerMines(mines=(A.MineShot(target, 1),))


def test_the_mine_mildec_pause_does_not_tell_the_mine_layer_a_back_is_a_naval_mildec_13_34():
    g = _mines_at_a_ddg_beside_a_back()
    assert (g.pending.kind, g.pending.team) == ("mine_attack", "RU")
    twin, what = twin_of(g, "RU", _swap_mines)
    findings = compare_steps(g, twin, "RU", [_mine_shot(g)], what)
    assert not findings, "\n\n".join(map(str, findings))


def test_the_mined_ship_waits_on_us_in_both_worlds_13_34_4_22():
    """The die 4 hits (13.33): both worlds pause for US; with NM1 in C-2 the choice offers 1
    Naval MILDEC, without it none; declining costs DDG-51 1 HP in both."""
    g = _mines_at_a_ddg_beside_a_back()
    twin, _ = twin_of(g, "RU", _swap_mines)
    for world, n in ((g, 1), (twin, 0)):
        hp = world.unit("DDG-51").hp
        world.apply(_mine_shot(world))
        ch = world.pending
        assert (ch.kind, ch.team, ch.options.damage, ch.options.mildecs) == ("mildec", "US", 1, n)
        world.apply(A.AnswerMildec(0))
        assert world.unit("DDG-51").hp == hp - 1
