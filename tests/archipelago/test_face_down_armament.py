"""Optional rule l.431: the helicopter armament face down.  Red's A-S and A-A markers (on its
helicopters, the frigate F-17, the ammunition ship A-15 and panel A) lie face down: Blue reads
"face down" in their place.  Twin worlds differing only in which kind a Red helicopter carries
and which one it loads from F-17 give Blue the same view, log, step labels and offers."""
import numpy as np

from lcb_lab.games.archipelago import actions as A
from lcb_lab.games.archipelago.observer import view
from lcb_lab.games.archipelago.rules.face_down import FACE_DOWN
from lcb_lab.games.archipelago.stage import stage
from lcb_lab.games.archipelago.worlds import sample_world
from lcb_lab.kernel.worlds import follow, seen
from tests.archipelago.helpers import N, NE, SE, SEA, at

F = at((SE, 3))


def world(h2_marker: str, on: bool = True):
    return stage(SEA, [("Red F-17", F, "N", {"ammo": ["G", "G", "A-S", "A-A"]}),
                       ("Red H-1", F, "N", {"aboard": "Red F-17", "ammo": []}),
                       ("Red H-2", at((N, 2)), "N", {"flying": True, "ammo": [h2_marker]}),
                       ("Red A-15", at((NE, 3)), "N", {"ammo": ["T", "A-S", "A-A"]}),
                       ("Blue TB-1", at((N, 11)), "S")], forced=[3] * 12, level=3,
                 stock={"Red": {"T": 2, "A-S": 1, "A-A": 2}, "Blue": {"T": 2}},
                 optional_rules=["l.431"] if on else [])


def test_blue_reads_face_down_markers_where_red_reads_its_kinds():
    g = world("A-A")
    blue, red = view(g, "Blue"), view(g, "Red")
    assert blue["pieces"]["Red F-17"]["ammo"] == ["G", "G", FACE_DOWN, FACE_DOWN]
    assert blue["pieces"]["Red H-2"]["ammo"] == [FACE_DOWN]
    assert blue["pieces"]["Red A-15"]["ammo"] == ["T", FACE_DOWN, FACE_DOWN]
    assert blue["stock"]["Red"] == {"T": 2, FACE_DOWN: 3}
    assert red["pieces"]["Red H-2"]["ammo"] == ["A-A"] and red["stock"]["Red"] == {"A-A": 2, "A-S": 1, "T": 2}
    assert blue["pieces"]["Blue TB-1"]["ammo"] == red["pieces"]["Blue TB-1"]["ammo"]          # Blue's own: open
    assert view(world("A-A", on=False), "Blue")["pieces"]["Red H-2"]["ammo"] == ["A-A"]       # switch off: open


def test_twin_worlds_a_s_or_a_a_are_indistinguishable_for_blue():
    a, b = world("A-S"), world("A-A")
    assert seen(a, "Blue", view) == seen(b, "Blue", view) and seen(a, "Red", view) != seen(b, "Red", view)
    acts = [A.Restock("Red H-1", ("A-S",)), A.RollMovement(), A.EndTurn(), A.RollMovement(), A.EndTurn()]
    swap = {("A-S",): ("A-A",)}

    def translate(act):
        return A.Restock(act.piece, swap[act.markers]) if isinstance(act, A.Restock) else act
    assert follow(a, b, "Blue", acts, view, translate=translate) == []
    assert len(a.history.steps) == len(b.history.steps) == 5
    assert a.state.pieces["Red H-1"].ammo == ["A-S"] and b.state.pieces["Red H-1"].ammo == ["A-A"]
    assert "Red H-1 is armed with 1 marker(s) from Red F-17" in [t for t, _ in view(a, "Blue")["log"]]
    assert "Red H-1 is armed with A-S from Red F-17" in [t for t, _ in view(a, "Red")["log"]]
    plain_a, plain_b = world("A-S", on=False), world("A-A", on=False)
    assert seen(plain_a, "Blue", view) != seen(plain_b, "Blue", view)            # without l.431 Blue sees it


def test_blues_sampled_world_is_the_same_in_both_twins():
    a, b = world("A-S"), world("A-A")
    wa, wb = (sample_world(g, "Blue", np.random.default_rng(4)) for g in (a, b))
    assert wa.state_to_data(wa.state) == wb.state_to_data(wb.state)
    assert sorted(wa.state.pieces["Red F-17"].ammo[:2]) == ["G", "G"] and len(wa.state.pieces["Red F-17"].ammo) == 4
    assert sum(wa.state.stock["Red"].get(k, 0) for k in ("A-S", "A-A")) == 3


def test_face_down_doctests():
    import doctest

    from lcb_lab.games.archipelago.rules import face_down
    result = doctest.testmod(face_down, report=True)
    assert result.attempted == 2 and result.failed == 0
