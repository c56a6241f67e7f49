"""The Tanker's spared pieces (l.1452: "it isn't allowed to destroy Oil Platform, nor the Tanker
while loading oil or after that") kept from the weapons that strike what stands in their way, not
only from the aimed ones: remote-controlled mines (l.1215), the cards (l.775-777), a continued
torpedo (l.208), a contact mine (l.1057); depth charges are aimed at a submerged submarine only
(l.1141).  Each refusal names l.1452 and leaves the state byte-identical; the acts still allowed
are listed and accepted.  Points are axial points of the expanded board (sectors D3, D4, E5...)."""
from lcb_lab.games.archipelago import actions as A
from lcb_lab.games.archipelago.model.state import Mine, Torpedo
from lcb_lab.games.archipelago.rules.torpedo import course
from lcb_lab.kernel.hexgrid import Axial, neighbour
from lcb_lab.kernel.legal import templates
from tests.archipelago.helpers import refused, titles
from tests.archipelago.test_scenario_tasks import B, scen

D3 = [p for p in B.points_in("D3") if B.admits(p, "ship")]
D4 = [p for p in B.points_in("D4") if B.admits(p, "ship")]
E5 = [p for p in B.points_in("E5") if B.admits(p, "ship")]
LOADING = {"oil": 1}                       # the tanker has loaded one turn (l.1454): spared from now on


OP, TA, C9 = Axial(20, 5), Axial(19, 5), Axial(21, 1)        # OP in D4; the tanker beside it in D3


def pieces():
    """The oil platform in D4 with a Red corvette; the loading tanker beside it in D3 with another; a third in E5."""
    assert B.sector(OP) == "D4" and B.sector(TA) == B.sector(C9) == "D3"
    return [("Red OP-38", OP, "N"), ("Red C-10", D4[3], "N"), ("Red TA-35", TA, "N"), ("Red C-9", C9, "N"),
            ("Red C-11", E5[0], "N"), ("Blue D-13", Axial(20, 30), "N"), ("Blue C-12", Axial(22, 30), "N")]


def test_rc_mines_are_not_fired_in_the_sector_of_the_platform_or_of_the_loading_tanker():
    """Blue's remote-controlled mines of D4 and D3 would sink every vessel there (l.1215), the
    platform and the loading tanker with the rest: refused; those of E5 are fired.  Before the
    tanker loads, D3's mines sink it."""
    from lcb_lab.games.archipelago.rules.scenario import spared
    g = scen("tanker", pieces(), to_move="Blue", progress=dict(LOADING), rc_mines={"Blue": ["D3", "D4", "E5"]})
    g.apply(A.RollMovement())
    assert spared(g, "Red OP-38") and spared(g, "Red TA-35") and not spared(g, "Red C-9")
    assert "Red OP-38 stands in D4" in refused(g, A.ActivateRCMines("D4"), "l.1452")
    refused(g, A.ActivateRCMines("D3"), "l.1452")
    listed = [a for a in g.legal_actions() if isinstance(a, A.ActivateRCMines)]
    assert listed == [A.ActivateRCMines("E5")]
    g.apply(listed[0])
    assert "Red C-11" in g.state.sunk and {"Red OP-38", "Red TA-35", "Red C-9"} <= set(g.state.pieces)
    # before it loads (l.1452: "while loading oil or after that") the tanker is not spared
    g = scen("tanker", pieces(), to_move="Blue", rc_mines={"Blue": ["D3"]})
    g.apply(A.RollMovement())
    assert "Red TA-35" in g.state.pieces and not g.state.progress.get("oil")
    g.apply(A.ActivateRCMines("D3"))
    assert {"Red TA-35", "Red C-9"} <= set(g.state.sunk)


def test_cards_never_pick_a_spared_piece_and_rc_mines_cards_spare_their_sector():
    """Blue holds RC Mines on D4 (l.776), Submarines on D3 (l.775) and Attack Aircraft on C3-C4:
    the RC Mines card is refused while the platform stands in D4; the Submarines card picks only
    the corvette beside the loading tanker (3 at most, as many as stand there and may be destroyed)."""
    g = scen("tanker", pieces(), progress=dict(LOADING), optional_rules=["l.757"], card_count=3)
    for c in ("mines-1", "subs-4", "aircraft-2", "mines-3", "subs-1", "aircraft-1"):
        g.apply(A.ChooseCard(c))
    g.apply(A.RollMovement())
    g.apply(A.EndTurn())
    g.apply(A.RollMovement())
    assert "Red OP-38 stands in D4" in refused(g, A.PlayCard("mines-3"), "l.1452")
    refused(g, A.PlayCard("subs-1", ("Red TA-35",)), "l.1452")
    refused(g, A.PlayCard("subs-1", ("Red C-9", "Red TA-35")), "l.1452")
    cards = [a for a in g.legal_actions() if isinstance(a, A.PlayCard)]
    assert cards == [A.PlayCard("subs-1", ("Red C-9",))]
    g.apply(cards[0])
    assert "Red C-9 is sunk by the card subs-1" in titles(g) and "Red TA-35" in g.state.pieces


def test_a_torpedo_is_not_continued_on_a_course_that_reaches_the_platform_first():
    """Blue's T marker heads at the platform two points ahead (l.207-208): straight on it would
    reach the platform first -- refused; a course turning away at its first step toward the corvette
    is listed and rolled; the depth charge's target must be a submerged submarine, and the platform
    is refused before that (l.1452)."""
    start = Axial(5, 15)                                 # open deep water in A4: every point within 4
    op = neighbour(neighbour(start, 0), 0)               # two points ahead of the T marker
    c10 = course(start, 0, 4, 1, -1)[2][0]               # the third point of the course turning at step 1
    pcs = [("Red OP-38", op, "N"), ("Red C-10", c10, "N"), ("Red TA-35", D3[0], "N"),
           ("Blue D-13", Axial(20, 30), "N"), ("Blue H-3", neighbour(op, 1), "N", {"flying": True})]
    g = scen("tanker", pcs, forced=[4], to_move="Blue")
    g.state.torpedoes["T-1"] = Torpedo("Blue", "Blue D-13", "Red C-10", tuple(start), 0, 1)
    assert "the first piece T-1 reaches" in refused(g, A.ContinueTorpedo("T-1", 0, 0), "l.1452")
    listed = [a for a in g.legal_actions() if isinstance(a, A.ContinueTorpedo)]
    assert A.ContinueTorpedo("T-1", 0, 0) not in listed and A.ContinueTorpedo("T-1", 1, -1) in listed
    g.apply(A.ContinueTorpedo("T-1", 1, -1))
    assert g.state.pieces["Red C-10"].hits == ["T"] and "Red OP-38" in g.state.pieces
    g.apply(A.RollMovement())
    refused(g, A.DropDepthCharge("Blue H-3", "Red OP-38"), "l.1452")


def test_the_loading_tanker_does_not_run_onto_a_contact_mine():
    """A mine lies ahead of the loading tanker: its step onto it would destroy it (l.1057) -- refused;
    the corvette beside it may still run onto a mine and is destroyed with it."""
    ahead, c9_ahead = neighbour(TA, 0), neighbour(C9, 0)
    g = scen("tanker", pieces(), forced=[3, 3, 3, 3], progress=dict(LOADING))
    g.state.mines += [Mine("Blue", tuple(ahead)), Mine("Blue", tuple(c9_ahead))]
    g.apply(A.RollMovement())
    die = g.state.dice[0]
    assert "does not run onto the mine" in refused(g, A.Move("Red TA-35", "F", die), "l.1452")
    moves = {t.limits["piece"]: t.options for t in templates(g.legal_actions()) if t.kind == "move"}
    assert moves["Red TA-35"] and not any(o.startswith("F") for o in moves["Red TA-35"])
    assert "F" in moves["Red C-9"]
    g.apply(A.Move("Red C-9", "F", die))
    assert "Red C-9" in g.state.sunk and "Red TA-35" in g.state.pieces


# ------------------------------------------------------------- bases B and C not used: no landing
def options(g, kind, pid):
    """The options of the listed template of ``kind`` for piece ``pid``."""
    return next(t.options for t in templates(g.legal_actions()) if t.kind == kind and t.limits["piece"] == pid)


def test_no_helicopter_lands_on_a_base_b_or_c_the_scenario_does_not_use():
    """Salvage of Frigate: "Bases B and C aren't used" (l.1473); a base's landing platform is part of
    it (l.108, l.404): a landing on Blue Base C's white point is refused -- hovering or at the end of
    a progressive flight -- and never listed; Base A, which the scenario uses, takes H-2."""
    from lcb_lab.games.archipelago.rules.air import landing_spot
    c_pad, b_pad, a_pad = Axial(19, 0), Axial(26, 40), Axial(15, 21)
    assert [B.bases[n].kind for n in ("Blue Base C", "Blue Base B", "Blue Base A")] == ["C", "B", "A"]
    h1, h2 = neighbour(c_pad, 3), neighbour(a_pad, 1)
    far = neighbour(neighbour(b_pad, 0), 0)                  # two points north of Base B's white point
    g = scen("salvage", [("Blue H-1", h1, "N", {"flying": True, "fuel": 4}), ("Blue H-2", h2, "N", {"flying": True, "fuel": 4}),
                         ("Blue H-3", far, "S", {"flying": True, "fuel": 4}), ("Blue F-17", Axial(5, 15), "N"),
                         ("Red C-9", (80, 30), "N")], forced=[2, 2, 2])
    assert "Blue Base C, a base the scenario does not use" in landing_spot(g, g.state.pieces["Blue H-1"], c_pad)
    g.apply(A.RollMovement())
    die = g.state.dice[0]
    assert "Base C is not used" in refused(g, A.Hover("Blue H-1", c_pad.q, c_pad.r, 0, land=True), "l.1473")
    assert (c_pad.q, c_pad.r, 0, True) not in options(g, "hover", "Blue H-1")
    assert (a_pad.q, a_pad.r, 0, True) in options(g, "hover", "Blue H-2")
    assert ("FF", True) not in options(g, "fly", "Blue H-3")
    g.apply(A.Hover("Blue H-2", a_pad.q, a_pad.r, 0, land=True))
    assert not g.state.pieces["Blue H-2"].flying
    assert "Blue Base B" in refused(g, A.Fly("Blue H-3", "FF", die, land=True), "l.1473")
