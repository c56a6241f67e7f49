"""13.33-13.36, 13.38 with 12.2: an amphibious landing craft's ISR marker meets enemy mines --
on its first use (PlayCard) and on its free marker moves (MarkerAction) -- hex by hex, as the
generic marker move does; friendly mines never attack it (13.36)."""
from lcb_lab.games.lcb import actions as A
from lcb_lab import load_scenario
from lcb_lab.games.lcb.content.worked import ch12
from lcb_lab.games.lcb.content.worked.ch12 import BLUE, infantry, water_path
from lcb_lab.games.lcb.content.worked.ch13 import lay_mines


def _slite(team="RU"):
    g = load_scenario("slite_landing", seed=3)
    lay_mines(g, team, "AL-23", 2)
    g.apply(A.BeginImpulse("TF Memphis"))
    g.apply(A.Declare((A.CoreAction("move_embarked_jcc", ("LHD 1",), jcc="Amphibious: LCU"),)))
    g.apply(A.Move(1, ("AM-22",)))
    g.apply(A.PlayCard("Amphibious: LCU", "A", targets=("1 Alpha", "2 Alpha"), hex="AL-23", action=1))
    return g


def _isr(g):
    return next(m for m in g.state.card_markers.values() if m.kind == "isr" and m.data.get("amphibious"))


def test_reproducer_first_landing_into_mines_asks_ru_and_sinks_marker_with_cargo():
    g = _slite()
    c = g.pending
    assert c is not None and (c.kind, c.team, c.options.hex) == ("mine_attack", "RU", "AL-23")
    assert c.options.targets == ("marker:AL-23",)            # RU sees a face-down marker, not the cargo
    m = _isr(g)
    assert (m.hex, m.cargo) == ("AL-23", ["1 Alpha", "2 Alpha"])   # stopped, the cargo still aboard
    g.dice.force([3, 5])                                        # 2 hits at 13 or less
    g.apply(A.AnswerMines(mines=(A.MineShot("marker:AL-23", 2),)))
    assert g.pending is None
    assert m.mid not in g.state.card_markers                    # 12.24, 12.06: marker and cargo lost
    assert all(g.state.units[u].destroyed for u in ("1 Alpha", "2 Alpha"))
    assert not [x for x in g.state.card_markers.values() if x.kind == "mine" and x.hex == "AL-23"]   # both spent


def test_first_landing_misses_then_the_units_land():
    g = _slite()
    g.dice.force([20, 19])                                      # both miss
    g.apply(A.AnswerMines(mines=(A.MineShot("marker:AL-23", 2),)))
    m = _isr(g)
    assert (m.hex, m.cargo) == ("AL-23", [])
    for u in ("1 Alpha", "2 Alpha"):
        u = g.state.units[u]
        assert (u.hex, u.destroyed, u.expended) == ("AL-23", False, True)


def test_first_landing_mines_held_the_units_land():
    g = _slite()
    g.apply(A.AnswerMines(mines=()))
    assert [g.state.units[u].hex for u in ("1 Alpha", "2 Alpha")] == ["AL-23", "AL-23"]


def test_friendly_mines_never_attack_the_marker():
    g = _slite(team="US")
    assert g.pending is None
    assert [g.state.units[u].hex for u in ("1 Alpha", "2 Alpha")] == ["AL-23", "AL-23"]


def _coast(mine_team="RU"):
    g, lcac = ch12._amphib_game("Amphibious: LCAC", "A-2", infantry(3, host="LHA 8"))
    g.apply(A.BeginImpulse(BLUE))
    g.apply(A.Declare((A.CoreAction("move_embarked_jcc", ("LHA 8",), jcc="Amphibious: LCAC"),)))
    g.apply(A.PlayCard(lcac, "A", ("1 Inf",), "D-2", action=1))
    m = ch12._marker(g, lcac)
    assert (m.hex, m.cargo) == ("D-2", ["1 Inf"])
    lay_mines(g, mine_team, "F-2", 1)
    ch12.next_blue_impulse(g)
    return g, m


def test_free_marker_move_into_mines_stops_there_and_a_hit_sinks_it():
    g, m = _coast()
    g.apply(A.MarkerAction(m.mid, path=water_path(g, "D-2", "G-2")))
    c = g.pending
    assert c is not None and (c.kind, c.team, c.options.hex) == ("mine_attack", "RU", "F-2")
    assert m.hex == "F-2" and m.cargo == ["1 Inf"]                # stopped in the mined hex (13.34)
    g.dice.force([1])
    g.apply(A.AnswerMines(mines=(A.MineShot(c.options.targets[0], 1),)))
    assert m.mid not in g.state.card_markers and g.state.units["1 Inf"].destroyed


def test_free_marker_move_survives_the_mines_and_goes_on_to_its_path_end():
    """13.34: the mines stop the move "until resolved"; the surviving marker then goes on to G-2."""
    g, m = _coast()
    g.apply(A.MarkerAction(m.mid, path=water_path(g, "D-2", "G-2")))
    g.dice.force([20])
    g.apply(A.AnswerMines(mines=(A.MineShot(g.pending.options.targets[0], 1),)))
    assert g.pending is None
    assert (m.hex, m.cargo) == ("G-2", ["1 Inf"])                # on to its path's end, cargo aboard
    assert not g.is_legal(A.MarkerAction(m.mid, path=("H-2",)))  # once per impulse (12.22)


def test_free_unload_into_a_mined_coastal_hex_lands_after_a_miss():
    g, m = _coast()
    g.state.card_markers[m.mid].hex = "H-2"                       # (staged) by the coast
    lay_mines(g, "RU", "I-2", 1)
    g.apply(A.MarkerAction(m.mid, path=("I-2",), then="unload"))
    assert g.pending.kind == "mine_attack" and g.pending.options.hex == "I-2"
    g.dice.force([20])
    g.apply(A.AnswerMines(mines=(A.MineShot(g.pending.options.targets[0], 1),)))
    u = g.state.units["1 Inf"]
    assert (u.hex, u.expended, m.cargo) == ("I-2", True, [])


def test_free_marker_move_through_friendly_mines_is_not_stopped():
    g, m = _coast(mine_team="US")
    g.apply(A.MarkerAction(m.mid, path=water_path(g, "D-2", "G-2")))
    assert g.pending is None and m.hex == "G-2"


def test_first_use_leaving_the_hosts_mined_hex_triggers_then_the_marker_goes_on_and_lands():
    g = load_scenario("slite_landing", seed=3)
    g.apply(A.BeginImpulse("TF Memphis"))
    g.apply(A.Declare((A.CoreAction("move_embarked_jcc", ("LHD 1",), jcc="Amphibious: LCU"),)))
    g.apply(A.Move(1, ("AM-22",)))
    lay_mines(g, "RU", "AM-22", 1)                      # (staged) laid in the host's hex: 13.35
    g.apply(A.PlayCard("Amphibious: LCU", "A", targets=("1 Alpha", "2 Alpha"), hex="AL-23", action=1))
    c = g.pending
    assert (c.kind, c.options.hex, c.options.event) == ("mine_attack", "AM-22", "leaves")
    g.apply(A.AnswerMines(mines=()))                          # held: the move goes on (13.34)
    m = _isr(g)
    assert g.pending is None and (m.hex, m.cargo) == ("AL-23", [])
    assert [g.state.units[u].hex for u in ("1 Alpha", "2 Alpha")] == ["AL-23", "AL-23"]   # landed


def test_first_use_stopped_twice_on_its_way_goes_on_after_each_and_lands():
    """13.34 on a landing craft's first use: the LCU marker leaves AM-22 (RU mines there: it
    stops, they miss), goes on into AL-23 (RU mines again: it stops, they are held), then lands."""
    g = load_scenario("slite_landing", seed=3)
    g.apply(A.BeginImpulse("TF Memphis"))
    g.apply(A.Declare((A.CoreAction("move_embarked_jcc", ("LHD 1",), jcc="Amphibious: LCU"),)))
    g.apply(A.Move(1, ("AM-22",)))
    lay_mines(g, "RU", "AM-22", 1)                      # (staged) laid in the host's hex: 13.35
    lay_mines(g, "RU", "AL-23", 1)
    g.apply(A.PlayCard("Amphibious: LCU", "A", targets=("1 Alpha", "2 Alpha"), hex="AL-23", action=1))
    assert (g.pending.options.hex, g.pending.options.event) == ("AM-22", "leaves")
    g.dice.force([20])
    g.apply(A.AnswerMines(mines=(A.MineShot(g.pending.options.targets[0], 1),)))     # a miss
    assert (g.pending.options.hex, g.pending.options.event) == ("AL-23", "enters")
    assert (_isr(g).hex, _isr(g).cargo) == ("AL-23", ["1 Alpha", "2 Alpha"])
    g.apply(A.AnswerMines(mines=()))
    assert g.pending is None and [g.state.units[u].hex for u in ("1 Alpha", "2 Alpha")] == ["AL-23", "AL-23"]


def test_13_38_a_landing_by_card_play_is_a_look_for_secret_mines_and_is_not_taken_back():
    """13.38 with 13.34 / 13.37: a card play that carries units to a landing point (the
    Amphibious LCU's first use, the marker-less LCU-2000 sealift) meets the mines at that point
    or on its way.  While RU is known to hold secret mines (slite_landing's scenario minefield;
    a Naval Mines card played face up), the landing looks for them -- met or not -- so US may
    not take it back, with the same words as a move (``MINES_LOOK``); the instructor may."""
    from lcb_lab.games.lcb.whatif.timeline import MINES_LOOK, secret_mines_possible, undo_allowed
    g = load_scenario("slite_landing", seed=3)
    assert secret_mines_possible(g, "RU")
    g.apply(A.BeginImpulse("TF Memphis"))
    g.apply(A.Declare((A.CoreAction("move_embarked_jcc", ("LHD 1",), jcc="Amphibious: LCU"),)))
    g.apply(A.Move(1, ("AM-22",)))
    g.apply(A.PlayCard("Amphibious: LCU", "A", targets=("1 Alpha", "2 Alpha"), hex="AL-23", action=1))
    assert g.pending is None and g.state.units["1 Alpha"].hex == "AL-23"      # no mines there: landed
    assert undo_allowed(g, "US") == (False, MINES_LOOK) and undo_allowed(g, "instructor")[0]

    sea = ch12.coast_game({"LHA 8": {"type": "usn_lhd", "hex": "C-3"}, **infantry(2, at="I-5")},
                          {"US": ["LCU-2000"], "RU": [{"name": "Naval Mines", "face_up": True, "where": "discarded"}]},
                          features={**ch12.FEATURES, "I-18": "port:Southport"})
    assert secret_mines_possible(sea, "RU")
    sea.apply(A.BeginImpulse(BLUE))
    sea.apply(A.Declare((A.CoreAction("play_jcc", jcc="LCU-2000"),)))
    sea.apply(A.PlayCard(ch12.cid(sea, "LCU-2000"), "A", ("1 Inf", "2 Inf"), "I-18", action=1))
    assert sea.pending is None and sea.state.units["1 Inf"].hex == "I-18"
    assert undo_allowed(sea, "US") == (False, MINES_LOOK)
