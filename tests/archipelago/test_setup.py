"""Set-up as acts (l.144-159): Red places its pieces, then Blue, each on a point that admits it
and facing along a line (l.155), within the suggested zone (l.146-149); then turn 1 begins with the
panels filled (l.159) and panel A stocked."""
import numpy as np

from lcb_lab.games.archipelago import actions as A
from lcb_lab.games.archipelago.legal import PlaceTemplate
from lcb_lab.games.archipelago.stage import setup_game
from tests.archipelago.helpers import SEA, refused


def test_placing_every_piece_then_turn_one():
    g = setup_game(SEA.with_points({SEA.from_col_row(1, 0): "light_blue"}), level=2, zone=2, seed=1)
    shallow = SEA.from_col_row(1, 0)
    refused(g, A.RollMovement(), "l.144")
    refused(g, A.Place("Blue TB-1", 0, 14, 0), "l.144")                     # Red places first
    refused(g, A.Place("Red C-9", shallow.q, shallow.r, 3), "l.279")         # ships on dark blue
    g.apply(A.Place("Red TB-1", shallow.q, shallow.r, 3))                   # a boat may stand in shallows
    p = SEA.from_col_row(13, 15)
    refused(g, A.Place("Red TB-2", p.q, p.r, 3), "l.146")                   # Blue's zone
    refused(g, A.Place("Red TB-2", shallow.q, shallow.r, 3), "l.155")        # taken
    refused(g, A.Place("Red TB-2", 0, 0, 6), "l.155")                       # no such line
    rng = np.random.default_rng(0)
    while g.state.phase == "setup":
        (t,) = g.legal_actions()
        assert isinstance(t, PlaceTemplate) and all(g.is_legal(t.make(rng, o)) for o in t.options[:5])
        g.apply(t.sample(rng))
    assert g.state.phase == "start" and g.state.to_move == "Red" and len(g.state.pieces) == 32
    assert g.state.pieces["Blue D-13"].ammo == ["G", "G", "G", "T", "T"]                  # l.315
    assert g.state.stock["Red"] == {"T": 30 - 8 * 2 - 2 * 2 - 3, "G": 36 - 4 * 4 - 2 * 3 - 3, "Repair": 8 - 2}
    assert {SEA.sector(p.at) for p in g.state.afloat("Blue")} <= {"D7", "E7", "F7", "G7"}
    g.apply(A.RollMovement())
