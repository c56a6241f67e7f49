"""A hovercraft unloading its cargo onto a base's panel (l.612, l.614): ``A.UnloadAtBase`` puts its
marker back on Base B's own panel beside the storage (A-S or A-A only, l.429) or on panel A in
Base A; listed where it may, refused byte-identically elsewhere, the kind hidden under l.431."""
from lcb_lab.games.archipelago import actions as A
from lcb_lab.games.archipelago.observer import view
from lcb_lab.games.archipelago.stage import stage
from lcb_lab.kernel.worlds import seen
from tests.archipelago.helpers import N, S, at, refused
from tests.archipelago.test_base_b import base_b_board, turn_passes

BESIDE = at((N, 5))                                      # next to Red Base B's storage (N, 4)


def hovercraft(cargo, where=BESIDE, panel_b=None, optional=(), extra=()):
    """Red HC-18 with ``cargo`` at ``where``; Red's panel A 2 T, Base B's panel ``panel_b``."""
    return stage(base_b_board(), [("Red HC-18", where, "N", {"ammo": list(cargo)}), ("Red TB-1", at((S, 3)), "S", {"ammo": ["T"]}),
                                  ("Blue TB-1", at((N, 11)), "S"), *extra], level=4, forced=[3] * 20,
                 stock={"Red": {"T": 2}, "Blue": {}}, panels_b={"Red Base B": dict(panel_b or {"A-A": 1})},
                 optional_rules=list(optional))


def test_a_hovercraft_beside_base_bs_storage_unloads_its_a_s_onto_its_panel_and_loads_it_again():
    g = hovercraft(["A-S"])
    assert A.UnloadAtBase("Red HC-18", "A-S") in g.legal_actions()
    g.apply(A.UnloadAtBase("Red HC-18", "A-S"))
    s = g.state
    assert s.pieces["Red HC-18"].ammo == [] and s.panels_b["Red Base B"] == {"A-A": 1, "A-S": 1}
    assert s.stock["Red"] == {"T": 2} and s.pieces["Red HC-18"].held          # panel A untouched; it stays this turn
    assert s.log[-1]["title"] == "Red HC-18 unloads 1 marker at Red Base B" and "l.614" in s.log[-1]["rules"]
    assert not any(isinstance(a, A.Restock) and a.piece == "Red HC-18" for a in g.legal_actions())
    turn_passes(g)                                         # Red's turn ends
    turn_passes(g)                                         # Blue's
    g.apply(A.Restock("Red HC-18", ("A-A",)))              # a later turn: it loads from the same panel (l.614)
    assert g.state.pieces["Red HC-18"].ammo == ["A-A"] and g.state.panels_b["Red Base B"] == {"A-A": 0, "A-S": 1}


def test_unloading_is_refused_byte_identically_where_the_text_does_not_allow_it():
    g = hovercraft(["T"])
    assert A.UnloadAtBase("Red HC-18", "T") not in g.legal_actions()
    assert "takes A-S or A-A markers, not T" in refused(g, A.UnloadAtBase("Red HC-18", "T"), "l.429")
    assert "carries no A-S" in refused(g, A.UnloadAtBase("Red HC-18", "A-S"), "l.614")
    assert "not a hovercraft" in refused(g, A.UnloadAtBase("Red TB-1", "T"), "l.614")
    g = hovercraft(["C"])
    assert A.UnloadAtBase("Red HC-18", "C") not in g.legal_actions()
    assert "go ashore by landing" in refused(g, A.UnloadAtBase("Red HC-18", "C"), "l.618")
    g = hovercraft(["A-S"], where=at((N, 8)))              # three points off the storage
    assert A.UnloadAtBase("Red HC-18", "A-S") not in g.legal_actions()
    assert "neither beside the storage" in refused(g, A.UnloadAtBase("Red HC-18", "A-S"), "l.614")
    g = hovercraft(["A-S"])
    g.state.pieces["Red HC-18"].moved = True               # it came alongside this turn
    assert A.UnloadAtBase("Red HC-18", "A-S") not in g.legal_actions()
    assert "must start the turn in place" in refused(g, A.UnloadAtBase("Red HC-18", "A-S"), "l.614")
    g = hovercraft(["A-S"])
    g.state.ruins.append("Red Base B storage")             # its storage blown up (l.686) or shot (l.388)
    assert A.UnloadAtBase("Red HC-18", "A-S") not in g.legal_actions()
    assert "storage of Red Base B is destroyed" in refused(g, A.UnloadAtBase("Red HC-18", "A-S"), "l.388")


def test_the_unloaded_kind_is_face_down_under_l431_blue_cannot_tell_a_s_from_a_a():
    a = hovercraft(["A-S"], panel_b={"A-A": 1}, optional=["l.431"])
    b = hovercraft(["A-A"], panel_b={"A-S": 1}, optional=["l.431"])
    assert seen(a, "Blue", view) == seen(b, "Blue", view)
    a.apply(A.UnloadAtBase("Red HC-18", "A-S"))
    b.apply(A.UnloadAtBase("Red HC-18", "A-A"))
    assert view(a, "Blue")["panels_b"] == {"Red Base B": {"face down": 2}}
    assert seen(a, "Blue", view) == seen(b, "Blue", view)
    assert seen(a, "Red", view) != seen(b, "Red", view)
    open_a = hovercraft(["A-S"], panel_b={"A-A": 1})       # without l.431 Blue reads the kinds
    open_a.apply(A.UnloadAtBase("Red HC-18", "A-S"))
    assert view(open_a, "Blue")["panels_b"] == {"Red Base B": {"A-A": 1, "A-S": 1}}


def test_in_its_base_a_port_a_hovercraft_unloads_any_marker_onto_panel_a_not_while_the_object_is_ruined():
    from tests.archipelago.test_level1_rules import port_board
    board, port = port_board()
    g = stage(board, [("Red HC-18", port, "N", {"ammo": ["Repair"]}), ("Blue TB-1", at((N, 9)), "S")], level=3,
              forced=[3] * 20, stock={"Red": {"Repair": 1}, "Blue": {}})
    assert A.UnloadAtBase("Red HC-18", "Repair") in g.legal_actions()
    twin = g.fork()
    twin.state.ruins.append("A-Red workshop")              # Repair markers belong to the workshop (l.281)
    assert "workshop of A-Red is destroyed" in refused(twin, A.UnloadAtBase("Red HC-18", "Repair"), "l.388")
    g.apply(A.UnloadAtBase("Red HC-18", "Repair"))
    assert g.state.pieces["Red HC-18"].ammo == [] and g.state.stock["Red"] == {"Repair": 2}
    assert "l.612" in g.state.log[-1]["rules"] and g.state.panels_b == {}
