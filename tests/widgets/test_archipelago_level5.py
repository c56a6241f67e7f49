"""Level 5 (the expanded rules, l.799-1391) in the Archipelago lab, with real widget values: the
expanded board A1-Q11 as the map (framed legibly, redrawn when a new game changes the board), the
expanded pieces and markers drawn as their own marks from the viewer's view with a key, the cards'
hand row, every level-5 act reached by a control with the exact odds before its roll, and each
player's page holding nothing of the other side's hidden submarine, remote-controlled mines and
cards (two worlds differing only there give Red the same page, string for string)."""
from __future__ import annotations

import re
from collections import Counter

import numpy as np
import pytest

from lcb_lab.games.archipelago import actions as A
from lcb_lab.games.archipelago.model.board_data import load_board
from lcb_lab.games.archipelago.model.state import Mine, Sonar, Torpedo
from lcb_lab.games.archipelago.rules.hidden import deep
from lcb_lab.games.archipelago.stage import stage
from lcb_lab.kernel.legal import Template
from lcb_lab.ui.archipelago.app import ArchLab, open_archipelago_lab, piece_marks
from lcb_lab.ui.archipelago.geometry import xy
from lcb_lab.ui.archipelago.marks import DRAWINGS, KEY
from tests.archipelago.helpers import N, NW, O, SE, SEA, at
from tests.secret_text import tree_strings

EXPANDED = load_board("archipelago_expanded")
FLY = {"flying": True, "fuel": 5}


def _texts(lab: ArchLab) -> list[str]:
    texts, _board = tree_strings(lab.widget)
    return sorted(re.sub(r"lcb-lab-[0-9a-f]+", "lcb-lab-ID", t) for t in texts)


def _map(lab: ArchLab) -> dict:
    """Every data source of the map (the Bokeh side of the page)."""
    return {k: dict(s.data) for k, s in lab.view.sources.items()}


def _kinds(lab: ArchLab, source: str = "pieces") -> Counter:
    return Counter(zip(lab.view.sources[source].data["label"], lab.view.sources[source].data["owner"],
                       lab.view.sources[source].data["kind"]))


def test_level_5_opens_on_the_expanded_board_framed_legibly_with_a_key():
    lab = open_archipelago_lab(level=5)
    assert "level_5" in lab.scenario_picker.options and "level_5_cards" in lab.scenario_picker.options
    assert lab.scenario_picker.value == "level_5"
    assert repr(lab) == "<ArchLab: Archipelago, level 5: the expanded rules, instructor view>"
    assert lab.view.board.name == "archipelago_expanded" and "SANDBOX board" in lab.view.figure.title.text
    kinds = Counter(lab.view.sources["pieces"].data["kind"])
    # 47 pieces a side on the board (the 26 expanded ones of l.806 the catalog holds, the level-4 fleet);
    # the combat aircraft wait off the board at their distant base (l.1303)
    assert kinds == {"ship": 32, "torpedo boat": 16, "helicopter": 12, "missile ship": 10, "missile boat": 8,
                     "seaplane": 4, "hovercraft": 4, "submarine": 4, "blimp": 2, "landing boat": 2}
    assert len(lab.view.sources["ticks"].data["xs"]) == 18                        # one SSM tick per missile hull
    # the 102 x 55 points are framed 30 d tall round the player to move's pieces (Red, the east):
    # at 1366 x 768 the map's cell is about 520 px tall, 17 px a point
    f, (x0, x1, y0, y1) = lab.view.figure, lab.view.extent
    assert f.y_range.end - f.y_range.start == pytest.approx(30.0)
    assert f.x_range.end - f.x_range.start == pytest.approx(30.0 * (x1 - x0) / (y1 - y0))
    assert f.x_range.end == pytest.approx(x1) and f.x_range.start > x0 + (x1 - x0) * 0.45    # the east
    red = [xy(m.point) for m in piece_marks(lab.ctl.view_model().view) if m.owner == "Red"]
    inside = [f.x_range.start < x < f.x_range.end and f.y_range.start < y < f.y_range.end for x, y in red]
    assert len(red) == 47 and sum(inside) == 45                # all but two stragglers further south
    # the browser reports a frame of 430 x 600 px (1366 x 768): 1 d as wide as tall, 20 px a point
    lab.fit_frame(430, 600)
    assert f.y_range.end - f.y_range.start == pytest.approx(30.0)
    assert f.x_range.end - f.x_range.start == pytest.approx(30.0 * 430 / 600)
    assert f.x_range.end <= x1 and 600 / (f.y_range.end - f.y_range.start) == pytest.approx(20.0)
    lab.fit_frame(1200, 300)                                  # a wide, flat frame: the board's width caps it
    assert f.x_range.end - f.x_range.start == pytest.approx(x1 - x0)
    assert f.y_range.end - f.y_range.start == pytest.approx((x1 - x0) * 300 / 1200)
    with pytest.raises(ValueError):
        lab.fit_frame(0, 600)
    lab._frame_px = (430, 600)                               # as the browser reported it
    lab.set_team("Blue")                                      # the map follows the view: Blue's fleet, the west
    assert f.x_range.end < (x0 + x1) / 2 and f.x_range.end - f.x_range.start == pytest.approx(30.0 * 430 / 600)
    blue = [xy(m.point) for m in piece_marks(lab.ctl.view_model().view) if m.owner == "Blue"]
    assert sum(f.x_range.start < x < f.x_range.end and f.y_range.start < y < f.y_range.end for x, y in blue) > 40
    lab.set_team("instructor")
    key = lab.marks_key.value
    assert [m for m in re.findall(r'data-kind="(\w+)"', key)] == [
        "torpedo_boat", "ship", "missile_ship", "missile_boat", "submarine", "helicopter", "seaplane", "blimp",
        "hovercraft", "landing_boat", "crowd"]
    assert "sandbox: the text prints no mark for the blimp (BL-1)" in key and "l.1276" in key
    assert 'a count of one side\'s pieces ("\u00d78": 8 Blue pieces)' in key and "hover it for their names" in key
    assert key.count("<svg") == 11 and key.count('stroke="#ffd400"') == 3   # the ticks in the key too, and the badge's frame


def test_a_new_level_5_game_from_a_level_1_lab_redraws_the_map_and_back():
    lab = open_archipelago_lab(level=1)
    old = lab.map_model
    lab.new_game("level_5", seed=2, confirm=True)
    assert lab.game.state.level == 5 and "New game: Archipelago, level 5: the expanded rules, seed 2" in lab.message.value
    assert lab.view.board.name == "archipelago_expanded" and lab.map_box.children == (lab.map_model,)
    assert lab.map_model is not old and len(lab.view.sources["pieces"].data["kind"]) == 94
    with lab.ctl.batch():                                   # the batcher reaches the new map
        lab.select_piece("Red MB-20")
    assert lab.view.selected is not None
    lab.new_game("level_1", seed=1, confirm=True)
    assert lab.view.board.name == "archipelago" and len(lab.view.sources["pieces"].data["kind"]) == 16


def test_the_texts_convoy_scenario_opens_from_the_picker_with_its_cargo_ships():
    lab = open_archipelago_lab(level=1)
    lab.new_game("convoy", seed=3, confirm=True)
    pieces = set(lab.game.state.pieces)
    assert {"Red T-33", "Red T-34", "Red TA-35"} <= pieces                     # the required pieces (l.1409)
    assert lab.view.board.name == "archipelago_expanded" and lab.game.state.scenario
    assert lab.game.to_act() == "Red"                                          # the side with the task (l.1401)


def undersea(blue_sector: str = "K9", blue_rc: tuple = ("I8",), blue_cards: tuple = ("mines-1", "aircraft-1")):
    """A staged level-5 position on the expanded board (hidden movement l.1147 and the cards l.757 on):
    Red's S-31 under water on the board and S-32 hidden in J10, Blue's S-32 under water on the board and
    S-31 hidden in ``blue_sector``; each side's RC mines (Red K8, Blue ``blue_rc``), cards (Red
    subs-1, Blue ``blue_cards``); a Red contact mine and sonar, a Red cruise missile in flight, a Red
    missile boat, blimp, landing boat and combat aircraft, Blue's seaplane and missile corvette."""
    e, fly = EXPANDED, {"flying": True, "fuel": 5}
    pieces = [("Red S-31", deep(e, "J9")[0], "N", {"submerged": True}), ("Red S-32", deep(e, "J10")[2], "N", {"submerged": True}),
              ("Red M-28", deep(e, "J9")[9], "N"), ("Red H-3", deep(e, "I9")[2], "N", dict(fly, ammo=["SN"])),
              ("Red MB-20", deep(e, "I10")[0], "N"), ("Red BL-1", deep(e, "H9")[1], "N"), ("Red LB-27", deep(e, "H10")[1], "N"),
              ("Red A-4", deep(e, "H8")[1], "NE", fly),
              ("Blue S-32", deep(e, "I10")[3], "S", {"submerged": True}), ("Blue S-31", deep(e, blue_sector)[3], "S", {"submerged": True}),
              ("Blue M-28", deep(e, "J8")[3], "S"), ("Blue H-3", deep(e, "K10")[1], "S", fly), ("Blue MC-22", deep(e, "K8")[2], "S"),
              ("Blue H-7", deep(e, "L9")[2], "S", fly)]
    cm = Torpedo("Red", "Red CS-25", "Blue Base A fuel", tuple(deep(e, "M9")[0]), 1, 1)
    return stage(e, pieces, seed=7, level=5, hide=["Blue S-31", "Red S-32"], optional_rules=["l.1147", "l.757"],
                 rc_mines={"Red": ["K8"], "Blue": list(blue_rc)},
                 cards={"Red": ["subs-1"], "Blue": list(blue_cards)},
                 mines=[Mine("Red", tuple(deep(e, "J9")[20]))], sonars=[Sonar("Red", tuple(deep(e, "I9")[10]), "I9", 1)],
                 cruise={"CM1": cm}, airfield={"Red A-4": "zone"}, turn_limit=30)


def test_level_5_marks_from_each_view():
    lab = open_archipelago_lab(undersea(), team="Red")
    solid, dashed = _kinds(lab), _kinds(lab, "dashed")
    assert dashed == {("S-31", "Red", "submerged"): 1}                   # own S marker under water: dashed
    assert solid[("S-32", "Blue", "submerged")] == 1                     # the other side's S marker on the board
    assert not any(label == "S-31" and owner == "Blue" for label, owner, _ in solid)   # hidden: absent
    assert {k for k in solid if k[0] in ("MB-20", "BL-1", "LB-27", "A-4", "H-7", "MC-22", "M", "SN", "CM")} == {
        ("MB-20", "Red", "missile boat"), ("BL-1", "Red", "blimp"), ("LB-27", "Red", "landing boat"),
        ("A-4", "Red", "aircraft"), ("H-7", "Blue", "seaplane"), ("MC-22", "Blue", "missile ship"),
        ("M", "Red", "mine"), ("SN", "Red", "sonar"), ("CM", "Red", "cruise")}
    areas = lab.view.sources["area_labels"].data["text"]
    assert sorted(areas) == ["RC K8", "S-32? J10"]                         # Red's own notepad only
    key = lab.marks_key.value
    for kind in ("submerged", "hidden_submarine", "rc_mines", "mine", "sonar", "cruise", "aircraft", "blimp",
                 "landing_boat", "missile_boat", "missile_ship", "seaplane"):
        assert f'data-kind="{kind}"' in key, kind
    assert 'stroke-dasharray="3 2"' in key                                  # the key draws the own S marker dashed
    lab.set_team("instructor")
    assert _kinds(lab, "dashed") == {("S-31", "Red", "submerged"): 1, ("S-32", "Blue", "submerged"): 1}
    assert sorted(lab.view.sources["area_labels"].data["text"]) == ["RC I8", "RC K8", "S-31? K9", "S-32? J10"]


def test_every_drawing_has_a_key_row():
    assert set(DRAWINGS.values()) | {"ship", "torpedo", "cruise", "mine", "sonar", "submerged", "hidden_submarine",
                                     "rc_mines"} == set(KEY)


def test_no_view_holds_the_other_sides_hidden_submarine_rc_mines_or_cards():
    lab = open_archipelago_lab(undersea(), team="Red")
    other = open_archipelago_lab(undersea("L9", ("G8", "H7"), ("subs-2", "interceptors")), team="Red")
    red = "\n".join(_texts(lab))
    assert "Your cards</b>, face down (l.773)" in red and "subs-1" in red
    assert "<b>Blue</b> holds 2 card(s), face down (l.773)" in red
    assert not re.search(r"mines-1|aircraft-1|Blue S-31|\bK9\b|\bI8\b", red)
    # two worlds differing only in Blue's secrets: Red's page and map are the same, string for string
    assert _texts(lab) == _texts(other) and _map(lab) == _map(other)
    for view in ("Blue", "instructor"):                                   # so the scans above can fail
        lab.set_team(view)
        page = "\n".join(_texts(lab))
        assert "mines-1 \u00b7 RC Mines" in page and "aircraft-1" in page
        assert "S-31? K9" in lab.view.sources["area_labels"].data["text"]
        assert "RC I8" in lab.view.sources["area_labels"].data["text"]
    lab.set_team("Blue")
    assert "<b>Red</b> holds 1 card(s), face down (l.773)" in "\n".join(_texts(lab))
    assert "S-32? J10" not in lab.view.sources["area_labels"].data["text"]
    lab.set_team("Red")                                                    # a switch back drops nothing of Blue's
    other.set_team("Blue")
    other.set_team("Red")                                                  # the same message line
    assert _texts(lab) == _texts(other) and _map(lab) == _map(other)


def test_picture_54_an_s_s_missile_in_the_shot_list_with_its_odds_then_hand_over():
    """MB-20 launches straight ahead at C-9 six points away (l.854, picture 54): two red dice must
    make 6 or more, P = 26/36 = 72.2 %, shown before the roll (after one blue die: two pieces, l.289);
    red 4 + red 3 = 7 hits."""
    g = stage(SEA, [("Red MB-20", at(), "N"), ("Blue C-9", at((N, 6)), "S")], forced=[3, 4, 3, 2, 2], level=5)
    lab = open_archipelago_lab(g, team="Red")
    tp = lab.turn_panel
    tp.roll_button.click()
    shot = A.LaunchSurfaceMissile("Red MB-20", "Blue C-9")
    assert tp.shots.options == (("Red MB-20: S-S missile at Blue C-9 (ahead, straight)", shot),)
    assert "HIT: 72.2% \u00b7 MISS: 27.8%" in tp.shot_odds.value and "l.854" in tp.shot_odds.value
    xs = lab.view.sources["firing"].data["xs"]
    assert len(xs) == 1                                                    # one line: a boat launches ahead only
    tp.fire_button.click()
    assert lab.game.state.pieces["Blue C-9"].hits == ["S-S"]
    assert "red 4 + red 3 = 7: the S-S missile hits Blue C-9" in lab.log.value
    tp.end_turn()
    assert tp.hand_over_button in tp.widget.children[1].children
    tp.hand_over_button.click()
    assert lab.team == "Blue"


def test_picture_76_a_depth_charge_through_more_acts_with_its_odds():
    land = SEA.with_points({at((SE, 2)): "orange"})
    g = stage(land, [("Red H-3", at((N, 1)), "N", dict(FLY, ammo=["D"])), ("Red C-9", at((NW, 3)), "N"),
                     ("Blue S-32", O, "N", {"submerged": True}), ("Blue C-10", at((N, 6)), "N")], forced=[2, 2], level=5)
    lab = open_archipelago_lab(g, team="Red")
    lab.turn_panel.roll_button.click()
    more = lab.turn_panel.more
    act = A.DropDepthCharge("Red H-3", "Blue S-32")
    assert ("drop depth charge: Red H-3 target Blue S-32", act) in more.family.options
    more.family.value = act
    assert lab.game.chance_outcomes(act) is None and more.odds.value == ""     # no die: it always hits (l.1141)
    more.apply()
    assert "Blue S-32" not in lab.game.state.pieces
    assert "Red H-3 drops a depth charge on Blue S-32: 100.0% (no roll)" in lab.log.value
    assert "Blue S-32 is destroyed by the depth charge" in lab.log.value


# --------------------------------------------------------------------------- every act reached
LEVEL5_KINDS = {"launch_surface_missile", "launch_cruise_missile", "foilborne", "fly_ekranoplan", "choose_card",
                "play_card", "dive", "move_hidden", "drop_sonar", "activate_mad", "lay_mine", "activate_rc_mines",
                "exit_dock", "shift_commandos", "unload_cargo", "walk_commandos", "drift", "scramble",
                "fly_aircraft", "seaplane"}
"""The level-5 act kinds (an act's ``KIND`` or a template's ``kind``) the seeded walks below meet."""


def reached(lab: ArchLab, a) -> bool:
    """Whether act or template ``a`` is offered by one of the Turn tab's controls or More acts."""
    tp = lab.turn_panel
    if isinstance(a, Template) and a.kind == "move":
        return a in tp.move_templates() and tp.piece.options and any(v == a.limits["piece"] for _, v in tp.piece.options)
    if isinstance(a, A.RollMovement):
        return any(tp.roll_button in getattr(w, "children", ()) for w in tp.widget.children)
    if isinstance(a, A.EndTurn):
        return any(tp.end_button in getattr(w, "children", ()) for w in tp.widget.children)
    lists = [tp.shots, tp.torpedoes, tp.logistics, tp.more.family]
    return any(a in [v for _, v in w.options] for w in lists)


def walk(lab: ArchLab, seed: int, steps: int) -> set[str]:
    """Play ``steps`` random offered acts through the lab (the umpire acting for the player to move),
    checking each time that every offer is reached by a control and that each single act's roll
    has its odds ready; returns the kinds met."""
    rng, met = np.random.default_rng(seed), set()
    for _ in range(steps):
        offers = lab.ctl.view_model().offers
        if not offers:
            break
        for a in offers:
            assert reached(lab, a), a
            met.add(a.kind if isinstance(a, Template) else a.KIND)
        a = offers[int(rng.integers(len(offers)))]
        act = a.sample(rng) if isinstance(a, Template) else a
        step = lab.turn_panel._chance(act)
        if step is not None and hasattr(step, "outcomes"):
            assert "Odds before the roll" in lab.turn_panel._odds(act)
        lab.apply_act(act)
    return met


def test_every_level_5_act_is_reached_by_a_control_with_its_odds():
    from tests.archipelago.test_through_kernel import air_position, level5_ships, ssm_opening
    met: set[str] = set()
    for game, seed, steps in ((ssm_opening(1), 1, 40), (level5_ships(2), 2, 25), (air_position(3), 3, 30),
                              (undersea(), 4, 30)):
        met |= walk(open_archipelago_lab(game), seed, steps)
    assert LEVEL5_KINDS <= met, LEVEL5_KINDS - met


def test_a_family_of_thousands_of_flights_is_narrowed_by_a_filter_so_each_is_reached():
    """A combat aircraft's flights on one die (exactly die + 10 progressive steps, l.1317) run to
    thousands: More acts lists at most MAX_OPTIONS of them and a filter on the options' words
    reaches any other -- here the last of the first family too large to list, applied."""
    from lcb_lab.ui.archipelago.more_acts import MAX_OPTIONS, words
    from tests.archipelago.test_through_kernel import air_position
    lab = open_archipelago_lab(air_position(3))
    lab.turn_panel.roll_button.click()
    more = lab.turn_panel.more
    big = next(a for _, a in more.family.options if isinstance(a, Template) and len(a.options) > MAX_OPTIONS)
    more.family.value = big
    assert len(more.option.options) == MAX_OPTIONS and more.filter in more.widget.children
    assert f"{MAX_OPTIONS} of {len(big.options)} matching option(s) listed" in more.shown.value
    far = big.make(None, big.options[-1])
    text = words(far, more.label)
    assert far not in [v for _, v in more.option.options]
    more.filter.value = text
    assert far in [v for _, v in more.option.options] and len(more.option.options) <= MAX_OPTIONS
    more.option.value = far
    assert more.chosen() == far
    more.apply()
    assert f"{far.KIND.replace('_', ' ')}: done." in lab.message.value


def test_level_5_opens_with_each_sides_heap_drawn_as_a_counted_stack_its_pieces_on_hover():
    """Level 5 opens with each side's pieces side by side in a sector or two (17 px a point at 1366x768):
    their numbers ran into one heap no reader could count.  Each side's packed pieces are one count badge
    ("42 Red pieces", the number of that side's pieces the view shows there) with the pieces' numbers on
    hover, drawn instead of the numbers until the board is drawn large enough for them to stand apart (25 px
    a point: the browser decides at its own scale); every hull stays drawn.  Before, no badge: 85 numbers."""
    lab = open_archipelago_lab(level=5, team="Red")
    v = lab.view
    stacks = v.sources["stacks"].data
    red = [m for m in piece_marks(lab.ctl.view_model().view, "Red") if m.owner == "Red" and m.kind not in ("torpedo", "cruise", "mine", "sonar")]
    listed = stacks["names"][1].split(", ")
    assert stacks["text"] == ["43 Blue pieces", "42 Red pieces"] and len(listed) == 42
    assert listed[:3] == ["1", "2", "3"] and listed[-2:] == ["T-34", "TA-35"] and set(listed) < {m.label for m in red}
    assert sorted({m.label for m in red} - set(listed)) == ["H-1", "H-2", "H-3", "H-4", "H-5"]   # the helicopters on islands, apart
    assert [round(c.need_px, 1) for c in v.crowds] == [25.0, 25.0]
    assert v._all_labels.tags[0] == 25.0                      # the CustomJS's threshold (px per d)
    # before the browser reports the frame, the lab draws the badges (the opening is the crowded case)
    assert not v._all_labels.visible and v._badges.visible and v._lone_labels.visible
    assert len(v.sources["piece_labels"].data["text"]) == 94 and len(v.sources["pieces"].data["xs"]) == 94
    lone = v.sources["lone_labels"].data["text"]
    assert len(lone) == 94 - 85 and "H-1" in lone                                   # a lone helicopter keeps its number
    lab.set_presentation(True)                                   # 16 px numbers need more room to stand apart
    assert [round(c.need_px, 1) for c in lab.view.crowds] == [38.8, 38.8]


def test_a_stack_counts_only_the_pieces_the_view_holds_a_hidden_submarine_is_in_no_count():
    """A crowd is counted from the view the observer gives (never the state): Blue's submarine hidden on its
    notepad (optional rule l.1147) beside three Blue ships is in no side's count and no badge's list."""
    d8 = deep(EXPANDED, "D8")
    pieces = [("Blue C-9", d8[1], "N"), ("Blue C-10", d8[2], "N"), ("Blue C-11", d8[3], "N"),
              ("Blue S-31", d8[0], "N", {"submerged": True}), ("Red C-9", deep(EXPANDED, "N3")[0], "S")]
    g = stage(EXPANDED, pieces, hide=["Blue S-31"], optional_rules=["l.1147"], level=5, seed=1)
    assert "Blue S-31" in g.state.hidden
    for team in ("Red", "Blue", None):
        lab = open_archipelago_lab(g, team=team)
        data = lab.view.sources["stacks"].data
        assert (data["text"], data["names"]) == (["3 Blue pieces"], ["C-9, C-10, C-11"]), team
        if team == "Red":                                   # the other side's page: no trace of it
            texts, board = tree_strings(lab.widget)
            assert not [t for t in [*texts, *board] if "S-31" in str(t)]
