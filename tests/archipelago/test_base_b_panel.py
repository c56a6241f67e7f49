"""Base B's own panel of markers (l.429: "On the control panel of Base B can be placed A-S or A-A
markers"): filled at the start from the side's one set (l.104; sandbox: one A-S and one A-A off
panel A when the set-up names nothing), a helicopter landed at Base B armed from it and unloading
to it (l.502), a hovercraft beside its storage loading from it (l.614); its A-S and A-A face down
under l.431 (twin worlds)."""
import numpy as np
import pytest

from lcb_lab.games.archipelago import actions as A
from lcb_lab.games.archipelago.observer import view
from lcb_lab.games.archipelago.rules.face_down import FACE_DOWN
from lcb_lab.games.archipelago.model.board_data import load_board
from lcb_lab.games.archipelago.stage import stage
from lcb_lab.games.archipelago.worlds import sample_world
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.kernel.worlds import follow, seen
from tests.archipelago.helpers import N, S, at, refused
from tests.archipelago.test_base_b import STORE, W, base_b_board, roll, turn_passes


def test_a_level_3_set_up_moves_one_a_s_and_one_a_a_onto_each_base_b_panel():
    board = load_board("archipelago")
    water = [p for p in board if board.admits(p, "ship")]
    pieces = [("Red F-17", water[0], "N", {"ammo": ["G", "G", "A-S"]}), ("Blue TB-1", water[-1], "S")]
    s = stage(board, pieces, level=3).state
    assert s.panels_b == {"Blue Base B": {"A-A": 1, "A-S": 1}, "Red Base B": {"A-A": 1, "A-S": 1}}
    assert s.stock["Red"]["A-S"] == 5 - 1 - 1 and s.stock["Red"]["A-A"] == 3 - 1 and s.stock["Blue"]["A-S"] == 5 - 1
    assert stage(board, pieces[1:], level=2).state.panels_b == {}             # Base B comes in at level 3 (l.398)
    s = stage(board, pieces, level=3, stock={"Red": {"A-S": 2}, "Blue": {}}).state
    assert s.panels_b == {"Blue Base B": {}, "Red Base B": {}} and s.stock["Red"] == {"A-S": 2}   # staged: as named


def test_staged_panels_take_only_a_s_and_a_a():
    with pytest.raises(IllegalAction) as e:
        stage(base_b_board(), [("Red TB-1", at((S, 3)), "S"), ("Blue TB-1", at((N, 11)), "S")], level=3,
              panels_b={"Red Base B": {"T": 1}})
    assert e.value.rule == "l.429"


def landed(panel_b, ammo=(), optional=()):
    """Red H-1 landed on Base B's white point; panel A holds 3 A-S and 1 A-A, Base B's panel ``panel_b``."""
    return stage(base_b_board(), [("Red H-1", W, "N", {"fuel": 6, "ammo": list(ammo)}), ("Red TB-1", at((S, 3)), "S"),
                                  ("Blue TB-1", at((N, 11)), "S")], level=3, forced=[3] * 20,
                 stock={"Red": {"A-S": 3, "A-A": 1}, "Blue": {}}, panels_b={"Red Base B": dict(panel_b)},
                 optional_rules=list(optional))


def test_a_helicopter_at_base_b_is_armed_from_base_bs_own_panel_not_panel_a():
    g = landed({"A-A": 1})
    assert A.Restock("Red H-1", ("A-A",)) in g.legal_actions() and A.Restock("Red H-1", ("A-S",)) not in g.legal_actions()
    assert "Red Base B's panel holds no A-S" in refused(g, A.Restock("Red H-1", ("A-S",)), "l.429")   # panel A has 3
    g.apply(A.Restock("Red H-1", ("A-A",)))
    assert g.state.pieces["Red H-1"].ammo == ["A-A"] and g.state.panels_b["Red Base B"] == {"A-A": 0}
    assert g.state.stock["Red"] == {"A-S": 3, "A-A": 1}
    roll(g)
    g.apply(A.EndTurn())
    turn_passes(g)                                     # Blue's turn
    g.apply(A.UnloadMissile("Red H-1", "A-A"))          # back onto Base B's panel (l.502)
    assert g.state.panels_b["Red Base B"] == {"A-A": 1} and g.state.stock["Red"] == {"A-S": 3, "A-A": 1}


def test_a_hovercraft_beside_base_bs_storage_loads_from_its_panel():
    beside = at((N, 5))
    g = stage(base_b_board(), [("Red HC-18", beside, "N", {"ammo": []}), ("Red TB-1", at((S, 3)), "S"),
                               ("Blue TB-1", at((N, 11)), "S")], level=4, forced=[3] * 20,
              stock={"Red": {"A-A": 2, "T": 4}, "Blue": {}}, panels_b={"Red Base B": {"A-S": 1}})
    assert "Red Base B's panel holds 0 T" in refused(g, A.Restock("Red HC-18", ("T",)), "l.429")
    g.apply(A.Restock("Red HC-18", ("A-S",)))
    assert g.state.pieces["Red HC-18"].ammo == ["A-S"] and g.state.panels_b["Red Base B"] == {"A-S": 0}


def test_base_b_panel_is_open_and_face_down_under_l431_with_twin_worlds():
    g = landed({"A-S": 1, "A-A": 1})
    assert view(g, "Blue")["panels_b"] == {"Red Base B": {"A-A": 1, "A-S": 1}}
    a, b = landed({"A-S": 2}, optional=["l.431"]), landed({"A-S": 1, "A-A": 1}, optional=["l.431"])
    assert view(a, "Blue")["panels_b"] == {"Red Base B": {FACE_DOWN: 2}}
    assert view(a, "Red")["panels_b"] == {"Red Base B": {"A-S": 2}}
    assert seen(a, "Blue", view) == seen(b, "Blue", view) and seen(a, "Red", view) != seen(b, "Red", view)
    acts = [A.Restock("Red H-1", ("A-S",)), A.RollMovement(), A.EndTurn()]
    assert follow(a, b, "Blue", acts, view) == []
    wa, wb = (sample_world(g, "Blue", np.random.default_rng(5)) for g in (a, b))
    assert wa.state_to_data(wa.state) == wb.state_to_data(wb.state)
    assert sum(wa.state.panels_b["Red Base B"].values()) == 1
