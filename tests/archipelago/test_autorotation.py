"""Optional rule l.493, the autorotation landing (picture 35): a helicopter whose last flight (the
fuel pointer going to 0) ends beside a white point or a frigate does not fall: on its next turn it
may only land there (a hover onto it, no blue die); in the air at that turn's end, it falls (l.483)."""
from lcb_lab.games.archipelago import actions as A
from lcb_lab.games.archipelago.stage import stage
from tests.archipelago.helpers import N, NE, SEA, at, refused, titles

W = at((N, 9))
EIGHT = "FFFFFFFF"                                             # blue 3 + 5 steps (l.457)


def _game(on: bool = True, white=W):
    board = SEA.with_points({white: "white"})
    g = stage(board, [("Red H-1", at(), "N", {"flying": True, "fuel": 1}), ("Red TB-2", at((NE, 2)), "N"),
                      ("Blue TB-1", at((NE, 5)), "S")], forced=[3] * 16, level=3, to_move="Blue",
              optional_rules=["l.493"] if on else [])
    g.apply(A.RollMovement())
    g.apply(A.EndTurn())                                     # Red's turn: the pointer goes 1 -> 0 (l.481)
    assert g.state.pieces["Red H-1"].fuel == 0
    return g


def test_picture_35_turn_1_beside_the_white_point_turn_2_the_autorotation_landing():
    g = _game()
    g.apply(A.RollMovement())
    g.apply(A.Fly("Red H-1", EIGHT, 3))                      # turn 1: the last flight, ending beside W
    g.apply(A.EndTurn())
    assert "Red H-1" in g.state.pieces and g.state.autorotation == ["Red H-1"]
    entry = next(e for e in g.state.log if e["title"] == "Red H-1 shuts its engines down: autorotation")
    assert entry["rules"] == ["l.493", "l.483"]
    g.apply(A.RollMovement())
    g.apply(A.EndTurn())
    g.apply(A.RollMovement())                                # turn 2 (Red's next)
    refused(g, A.Fly("Red H-1", EIGHT, 3), "l.493")         # engines off: no progressive flight
    p = g.state.pieces["Red H-1"]
    refused(g, A.Hover("Red H-1", p.point[0], p.point[1], 1, False), "l.493")    # nor a hover in the air
    listed = [a for a in g.legal_actions() if getattr(a, "limits", {}).get("piece") == "Red H-1"]
    assert [t.kind for t in listed] == ["hover"] and listed[0].options == ((W.q, W.r, 0, True),)
    g.apply(A.Hover("Red H-1", W.q, W.r, 0, True))
    assert titles(g)[-2:] == ["Red H-1 lands at " + titles(g)[-2].split(" at ", 1)[1], "Red H-1 lands by autorotation"]
    p = g.state.pieces["Red H-1"]
    assert (p.point, p.flying, p.fuel) == (tuple(W), False, 0) and g.state.autorotation == []
    g.apply(A.EndTurn())
    assert "Red H-1" in g.state.pieces


def test_without_the_switch_or_away_from_a_landing_place_it_falls():
    g = _game(on=False)
    g.apply(A.RollMovement())
    g.apply(A.Fly("Red H-1", EIGHT, 3))
    g.apply(A.EndTurn())
    assert "Red H-1" in g.state.sunk and "Red H-1 falls" in titles(g)
    g = _game(white=at((N, 11)))                             # two points short of the white point
    g.apply(A.RollMovement())
    g.apply(A.Fly("Red H-1", EIGHT, 3))
    g.apply(A.EndTurn())
    assert "Red H-1" in g.state.sunk and g.state.autorotation == []


def test_in_autorotation_and_not_landed_it_falls_at_the_end_of_the_next_turn():
    g = _game()
    g.apply(A.RollMovement())
    g.apply(A.Fly("Red H-1", EIGHT, 3))
    g.apply(A.EndTurn())
    g.apply(A.RollMovement())
    g.apply(A.EndTurn())
    g.apply(A.RollMovement())
    g.apply(A.EndTurn())
    assert "Red H-1" in g.state.sunk and g.state.autorotation == [] and "Red H-1 falls" in titles(g)
