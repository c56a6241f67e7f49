"""The naval zones on the lab's map (7.4, 7.43): four boxes off the bottom edge, the 1,200 km
ones striped; counters in a zone drawn in their box, one slot per place; a click on a slot is a
click on that place; the hex info of a place names its rules."""
import pytest

import lcb_lab
from lcb_lab.ui.lcb.map import overlays as ov
from lcb_lab.ui.lcb.map.map import MapView
from lcb_lab.ui.lcb.panels import hex_info_html


@pytest.fixture(scope="module")
def game():
    return lcb_lab.load_scenario("central_baltic", seed=1)


def test_the_four_boxes_are_drawn_under_the_board_the_far_ones_striped(game):
    mv = MapView(game.board)
    z = mv.sources["zones"].data
    assert z["name"] == ["W1200", "W700", "E700", "E1200"]
    assert z["hatch"] == ["/", " ", " ", "/"]
    bottom = min(y for lab in game.board.hexes for _, y in ov.hex_corners(lab))
    assert max(z["top"]) < bottom and min(z["bottom"]) >= mv.extent[2]          # below the board, inside the view
    assert all(a < b for a, b in zip(z["right"], z["left"][1:]))                 # side by side, west to east
    assert "W1200: western striped zone (1,200 km)" in mv.sources["zone_labels"].data["text"]


def test_counters_in_a_zone_sit_in_their_box_and_a_click_there_picks_the_place(game):
    mv = MapView(game.board)
    mv.update(game, "instructor")
    c = mv.sources["counters"].data
    boxes = dict(zip(mv.sources["zones"].data["name"], zip(mv.sources["zones"].data["left"],
                                                           mv.sources["zones"].data["right"])))
    for uid, x, hx in zip(c["uid"], c["x"], c["hex"]):
        if "." in hx:
            left, right = boxes[hx.split(".")[0]]
            assert left < x < right, (uid, hx, x)
    assert {"W700.1", "W700.2", "W1200.1", "E700.1", "E1200.1"} <= set(c["hex"])
    picked = []
    mv.on_hex(picked.append)
    with ov.zone_boxes_in(mv.zone_boxes):
        w700_2 = ov.zone_place_centre("W700.2")
    assert mv.tap(*w700_2) == "W700.2"
    assert mv.tap(*ov.hex_centre("L-5")) == "L-5"
    assert picked == ["W700.2", "L-5"]
    mv.select_hex("W700.2")
    assert len(mv.sources["selected"].data["xs"][0]) == 6


def test_the_hex_info_of_a_zone_place_names_its_rules_and_hides_the_enemy(game):
    us, ru = hex_info_html(game.board, "W700.2", game.view("US")), hex_info_html(game.board, "W700.2", game.view("RU"))
    for rule in ("7.41", "7.42", "7.43", "7.44"):
        assert rule in us
    assert "DDG(X)-106" in us and "DDG(X)-106" not in ru and "2 concealed counter(s)" in ru


def test_two_maps_open_at_once_keep_their_own_zone_boxes(game):
    """Each map draws and finds its zone places in its own boxes: a map built later, on another
    board, changes nothing of the first one's (the boxes are the map's, not the module's)."""
    first = MapView(game.board)
    other = lcb_lab.situation({"DDG-51": ("usn_ddg_51", "W700.1")}, naval=["A-1", "A-2"], naval_zones=["W700", "E700"])
    second = MapView(other.board)
    assert first.zone_boxes["W700"] != second.zone_boxes["W700"]
    with ov.zone_boxes_in(first.zone_boxes):
        at_first = ov.zone_place_centre("W700.2")
    with ov.zone_boxes_in(second.zone_boxes):
        at_second = ov.zone_place_centre("W700.2")
    assert at_first != at_second
    assert first.tap(*at_first) == "W700.2" and second.tap(*at_second) == "W700.2"
    first.select_hex("W700.2")
    xs = first.sources["selected"].data["xs"][0]
    assert min(xs) < at_first[0] < max(xs)
    with pytest.raises(ValueError):          # outside any map's call, no map's boxes apply
        ov.zone_place_centre("W700.2")


def test_the_zone_boxes_cache_tells_apart_boards_of_one_name_with_other_zones():
    """Two staged boards of one name and size, one with two zones and one with all four: each
    gets its own boxes (the cache key holds the zones; found when tests ran in another order)."""
    from lcb_lab.ui.lcb.map.board_layers import zone_boxes_of
    two = lcb_lab.situation({"DDG-51": ("usn_ddg_51", "W700.1")}, naval=["A-1", "A-2"], naval_zones=["W700", "E700"])
    four = lcb_lab.situation({"DDG-51": ("usn_ddg_51", "W700.1")}, naval=["A-1", "A-2"],
                             naval_zones=["W1200", "W700", "E700", "E1200"])
    assert two.board.name == four.board.name
    assert set(zone_boxes_of(two.board)) == {"W700", "E700"}
    assert set(zone_boxes_of(four.board)) == {"W1200", "W700", "E700", "E1200"}
