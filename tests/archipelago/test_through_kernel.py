"""The game through the kernel: legal actions are exactly accepted, refusals leave the state
byte-identical and name a rule of the text, seeded random games finish, undo / fork / the JSON
record are exact, and hidden information does not reach the other player (indistinguishable
worlds: face-down Base A markers, l.283; the ammunition ship's face-down cargo, l.370; the secret
flagship, l.394; the commandos' places on paper, l.600: ``test_level4.py::test_secret_papers_are_hidden_until_a_unit_fights``)."""
import json

import numpy as np
import pytest

from lcb_lab.games.archipelago import actions as A
from lcb_lab.games.archipelago.rule_refs import section_of, line_of
from lcb_lab.games.archipelago.stage import FLEET, opening, setup_game, stage
from lcb_lab.kernel.autoplay import play_random
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.kernel.worlds import follow, seen
from lcb_lab.games.archipelago.observer import view
from lcb_lab.kernel.legal import Template
from tests.budget import budget
from tests.archipelago.helpers import SE, S, N, SEA, at, snapshot

UNLISTED = [A.Move("Red TB-1", "FFFFFFFF", 5), A.Move("Blue TB-1", "F", 3), A.LaunchTorpedo("Red TB-1", "Red TB-2"),
            A.FireGun("Red TB-1", "Blue TB-1"), A.Restock("Red TB-1"), A.Repair("Red C-9", "base"),
            A.Transfer("Red TB-1", "Red TB-8", ("T",)), A.ContinueTorpedo("T9"), A.Move("Red C-9", "F", 1),
            A.TakeOff("Red H-1", 0, 0, 0), A.Hover("Red H-2", 0, 0, 0, True), A.Fly("Red H-1", "FFF", 2),
            A.Refuel("Red H-2", "Red F-17"), A.LaunchMissile("Red H-1", "Blue F-17"), A.FireMachineGun("Red TB-1", "Blue H-1"),
            A.Embark("Red HC-18", "Red Base A"), A.LandCommandos("Red HC-19", "Blue Base A"), A.Move("Red H-1", "F", 2),
            A.Choose("Red TB-1"), A.EndChoice(),
            A.ExitDock("Red LB-27", 0), A.EnterDock("Red HC-18", "Red DLS-26"), A.ShiftCommandos("Red DLS-26", "Red LB-27"),
            A.LoadCargo("Red MLP-36", "Red T-33"), A.UnloadCargo("Red MLP-36", "Red OP-38", 0),
            A.WalkCommandos("Red Base A", "Red Base A-2"), A.Move("Red OP-38", "F", 3),
            A.Submerge("Red S-31", "F", 3), A.MoveHidden("Blue S-32", "C3"),
            A.PlaceSubmarine("Red S-31", 0, 0), A.Hide("Red S-31"), A.DropSonar("Red H-1"), A.LayMine("Red M-28"), A.ActivateRCMines("A1"),
            A.DescendCommandos("Red H-3", "Red Base A"), A.Drift("Red BL-1", "FF"), A.Scramble("Blue A-1"),
            A.EnterZone("Red A-4", 9, 9, 0), A.FlyAircraft("Red A-4", "F", 2), A.FireAircraftGun("Red A-5", "Blue TB-1"),
            A.LaunchMissile("Red H-5", "Blue TB-1", 0, 0, "A-A"), A.Fly("Red H-7", "FFF", 2), A.Move("Red H-7", "BFF", 3)]


def all_options(legal, rng, most=6):
    out = []
    for a in legal:
        if isinstance(a, Template):
            idx = rng.choice(len(a.options), size=min(most, len(a.options)), replace=False)
            out += [a.make(rng, a.options[int(i)]) for i in idx]
        else:
            out.append(a)
    return out


def play(g, rng, steps, check=False, unlisted=None):
    """Random legal play for ``steps`` acts (shots preferred); with ``check``, every listed act (a
    sample of each template's options) is legal and :data:`UNLISTED` acts that are not legal are
    refused byte-identically with a line of a known section. Returns the refusals seen."""
    refusals = 0
    for _ in range(steps):
        if g.state.over:
            return refusals
        legal = g.legal_actions()
        if check:
            for a in all_options(legal, rng):
                assert g.is_legal(a), a
            for a in (UNLISTED if unlisted is None else unlisted):
                if a in legal or g.is_legal(a):
                    continue
                before = snapshot(g)
                with pytest.raises(IllegalAction) as e:
                    g.apply(a)
                section_of(line_of(e.value.rule))                       # a line of a known section
                assert snapshot(g) == before
                refusals += 1
        shots = [a for a in legal if isinstance(a, (A.LaunchTorpedo, A.FireGun, A.ContinueTorpedo, A.LaunchMissile,
                                                    A.FireMachineGun, A.LandCommandos))]
        pool = shots if shots and rng.random() < 0.7 else legal
        a = pool[int(rng.integers(len(pool)))]
        g.apply(a.sample(rng) if isinstance(a, Template) else a)
    return refusals


@pytest.mark.fuzz
@pytest.mark.parametrize("level,seed", [(lv, sd) for lv in (1, 2, 3, 4) for sd in range(lv, lv + budget(1, 5))])
def test_listed_acts_are_accepted_and_unlisted_ones_refused(level, seed):
    g = opening(level=level, seed=seed, turn_limit=6)
    assert play(g, np.random.default_rng(seed), 60, check=True) > 100


@pytest.mark.fuzz
@pytest.mark.parametrize("level,seed", [(lv, sd) for lv in (1, 2, 3, 4) for sd in range(3, 3 + budget(1, 10))])
def test_seeded_random_games_finish(level, seed):
    """Level 1 from its set-up acts (zone 1), levels 2-4 from a placed opening (zone 2), played by the
    kernel's uniform random player (:mod:`lcb_lab.kernel.autoplay`)."""
    g = setup_game(level=1, zone=1, seed=seed, turn_limit=40) if level == 1 else \
        opening(level=level, seed=seed, turn_limit=40)
    assert play_random(g, seed, 3000) < 3000
    assert len(g.state.pieces) + len(g.state.sunk) == len(FLEET[level]) * 2
    assert g.state.over and g.state.outcome and g.legal_actions() == []
    assert g.state.log[-1]["kind"] == "over"


def test_undo_fork_and_the_json_record_are_exact():
    g = opening(level=2, seed=7, turn_limit=8)
    play(g, np.random.default_rng(7), 40)
    end = snapshot(g)
    n = g.history.cursor
    f = g.fork(at=n // 2)
    g.undo(n - n // 2)
    assert snapshot(g) == snapshot(f)
    g.goto(n)
    assert snapshot(g) == end
    rec = json.loads(json.dumps(g.record_to_json()))                      # JSON-native
    h = opening(level=2, seed=7, turn_limit=8)
    h.state = g.state
    h.load_record(rec)
    assert h.state_to_data(h.state) == g.state_to_data(g.state) and len(h.history.steps) == n
    assert snapshot(g.replay()) == end


def worlds(blue_stock, cargo, flagship):
    rules = ["l.283", "l.370", "l.394"]
    pieces = [("Red TB-1", at(), "N"), ("Red C-9", at((SE, 2)), "N"),
              ("Blue A-15", SEA.from_col_row(6, 3), "S", {"ammo": cargo}), ("Blue D-13", SEA.from_col_row(8, 3), "S"),
              ("Blue TB-2", at((N, 5)), "S")]
    return stage(SEA, pieces, forced=[2, 3, 4, 2, 2, 3], level=2, optional_rules=rules,
                 flagships={"Blue": flagship, "Red": "Red C-9"},
                 stock={"Red": {"T": 5, "G": 5, "Repair": 5}, "Blue": blue_stock})


def red_sees(g):
    """What Red is shown (the kernel's :func:`lcb_lab.kernel.worlds.seen`: view, log, step labels, offers)."""
    return seen(g, "Red", view)


def test_indistinguishable_worlds_for_red():
    """Blue's face-down panel A (T/G mix), its ammunition ship's face-down cargo and its secret
    flagship differ; Red's view, log, step labels and legal acts do not -- before and after the
    same acts."""
    a = worlds({"T": 6, "G": 2, "Repair": 1}, ["T", "T", "T"], "Blue D-13")
    b = worlds({"T": 2, "G": 6, "Repair": 1}, ["G", "G", "Repair"], "Blue A-15")
    assert red_sees(a) == red_sees(b)
    assert a.view("Blue") != b.view("Blue")
    assert ("Blue writes its flagship on paper", "") in a.view("Red")["log"]
    assert ("Blue's flagship is Blue D-13", "Sinking it ends the game (l.394).") in a.view("Blue")["log"]
    acts = (A.RollMovement(), A.Move("Red TB-1", "F", 2), A.LaunchTorpedo("Red TB-1", "Blue TB-2"), A.EndTurn())
    assert follow(a, b, "Red", acts, view) == [] and len(a.history.steps) == len(b.history.steps) == 4
    assert red_sees(a) == red_sees(b) and len(red_sees(a)["labels"]) == 4
    assert a.view("Red")["stock"]["Blue"] == 9 and a.view("Red")["pieces"]["Blue A-15"]["ammo"] == 3
    assert "Blue" not in a.view("Red")["flagships"] and a.view("Red")["flagships"]["Red"] == "Red C-9"
    assert a.view("Blue")["flagships"]["Blue"] == "Blue D-13"


# --- expanded: ssm
SSM_UNLISTED = [A.LaunchSurfaceMissile("Red MB-20", "Red MC-22"), A.LaunchSurfaceMissile("Red L-3", "Blue MB-20", "S-A"),
                A.LaunchCruiseMissile("Red GMC-37", "Blue TB-1", 0, "FF"), A.ContinueCruiseMissile("CM9", "F"),
                A.Foilborne("Red HY-29", "F", 2), A.FlyEkranoplan("Red E-1", "F", 2), A.PlayCard("interceptors"),
                A.AnswerInterceptors("Red", True), A.ChooseCard("subs-1"), A.Move("Red L-1", "F", 2), A.EndTurn()]


def ssm_opening(seed):
    """A staged level-5 position: each side's missile boat, missile corvette, missile frigate,
    cruiser, hydrofoil, ekranoplan, torpedo boat and two land launchers on red points; three cards each."""
    from lcb_lab.games.archipelago.model.board import Board
    sea = Board.open_sea(21, 16)
    red = {sea.from_col_row(c, r): "red" for c, r in ((3, 15), (17, 15), (3, 0), (17, 0))}
    board = sea.with_points(red)
    names = ["MB-20", "MC-22", "MF-24", "GMC-37", "HY-29", "E-1", "TB-1"]
    pieces = [(f"Red {n}", (4 + 2 * i, 2), "S") for i, n in enumerate(names)]
    pieces += [(f"Blue {n}", (4 + 2 * i, 13), "N") for i, n in enumerate(names)]
    pieces += [("Red L-1", (3, 0), "S"), ("Red L-3", (17, 0), "S"), ("Blue L-2", (3, 15), "N"), ("Blue L-4", (17, 15), "N")]
    return stage(board, pieces, seed=seed, level=5, optional_rules=["l.757"], card_count=3, turn_limit=12)


@pytest.mark.fuzz
@pytest.mark.parametrize("seed", range(budget(1, 4)))
def test_level5_missiles_movers_and_cards_listed_acts_are_accepted(seed):
    """Level 5 (the ssm part): every listed act -- S-S, S-A, cruise missiles, foilborne, ekranoplan
    flights, choosing and using cards, the Interceptors answer -- is accepted, the unlisted ones are
    refused byte-identically with a line of a known section."""
    g = ssm_opening(seed)
    rng = np.random.default_rng(seed)
    refusals = play(g, rng, 80, check=True, unlisted=SSM_UNLISTED)
    assert refusals > 0 and len(g.state.pieces) + len(g.state.sunk) == 18
    assert g.state.phase != "cards" and g.state.turn > 1
    assert any(e["kind"] == "missile" for e in g.state.log)            # S-S, S-A or CM rolled


def level5_ships(seed):
    """A staged level-5 position of the landing ships and transports on the expanded board: each
    side's DLS with its landing boat docked, MLP with the oil platform aboard, command ship,
    transport and tanker, and Red commandos on the far island of its Base A (l.821)."""
    from lcb_lab.games.archipelago.model.board_data import load_board
    from lcb_lab.games.archipelago.model.state import Commando
    from lcb_lab.kernel.hexgrid import distance, neighbour
    board = load_board("archipelago_expanded")
    open_water = [p for sec in ("A10", "A11", "B11", "G11", "K11", "Q10", "Q11") for p in board.points_in(sec)
                  if all(board.colour(neighbour(p, f, k)) == "dark_blue" for f in range(6) for k in (1, 2)
                         if neighbour(p, f, k) in board)]
    spots = []
    for p in open_water:
        if all(distance(p, q) >= 3 for q in spots):
            spots.append(p)
    names = ["DLS-26", "MLP-36", "CS-25", "T-33", "TA-35"]
    specs = []
    for k, owner in enumerate(("Red", "Blue")):
        for j, name in enumerate(names):
            specs.append((f"{owner} {name}", spots[k * len(names) + j], "N"))
        specs.append((f"{owner} LB-27", specs[-5][1], "N", {"aboard": f"{owner} DLS-26"}))
        specs.append((f"{owner} OP-38", specs[-5][1], "N", {"aboard": f"{owner} MLP-36"}))
    return stage(board, specs, seed=seed, level=5, turn_limit=6, commandos=[Commando("Red", "Red Base A-2")])


@pytest.mark.fuzz
@pytest.mark.parametrize("seed", range(budget(1, 3)))
def test_level5_ships_listed_acts_are_accepted_and_unlisted_ones_refused(seed):
    g = level5_ships(seed)
    kinds = {type(a) for a in g.legal_actions()}
    assert {A.ExitDock, A.ShiftCommandos, A.UnloadCargo, A.WalkCommandos} <= kinds
    assert play(g, np.random.default_rng(seed), 40, check=True) > 100


@pytest.mark.fuzz
def test_level5_submarines_mines_and_detection_listed_acts_are_accepted():
    """A staged level-5 position of submarines (one hidden, l.1147), minelayers, utility helicopters
    with sonar, depth charge and MAD, and remote-controlled mines: every listed act is accepted,
    unlisted ones refused byte-identically (the answers to a found submarine's placing included)."""
    from lcb_lab.games.archipelago.model.board_data import load_board
    from lcb_lab.games.archipelago.rules.hidden import deep
    e = load_board("archipelago_expanded")
    fly = {"flying": True, "fuel": 5}
    g = stage(e, [("Red S-31", deep(e, "J9")[0], "N"), ("Red M-28", deep(e, "J9")[9], "N"),
                  ("Red H-3", deep(e, "I9")[2], "N", dict(fly, ammo=["SN"])), ("Red H-4", deep(e, "J10")[4], "N", fly),
                  ("Blue S-32", deep(e, "I10")[3], "S", {"submerged": True}), ("Blue S-31", deep(e, "K9")[3], "S", {"submerged": True}),
                  ("Blue M-28", deep(e, "J8")[3], "S"), ("Blue H-3", deep(e, "K10")[1], "S", fly),
                  ("Red C-9", deep(e, "A1")[0], "S"), ("Blue C-10", deep(e, "Q11")[0], "N")],
              seed=7, level=5, hide=["Blue S-31"], optional_rules=["l.1147"], rc_mines={"Red": ["K8"], "Blue": ["I8"]},
              turn_limit=30)
    assert play(g, np.random.default_rng(7), 80, check=True) > 30


def air_position(seed):
    """A staged level-5 position with the expanded air (l.872-1391): H3-H7, the blimp, combat aircraft."""
    board = SEA.with_points({at((N, 5)): "white", at((N, 6)): "orange", at((N, 5), (SE, 1)): "white"})
    pieces = [("Red H-3", at((N, 3)), "N", {"flying": True, "ammo": ["C"]}), ("Red H-5", at((SE, 2)), "N", {"flying": True}),
              ("Red H-6", at((N, 5)), "N", {"ammo": ["T"]}), ("Red TB-2", at((N, 4)), "N"), ("Red H-7", at((S, 2)), "N"),
              ("Red BL-1", at((SE, 4)), "N"), ("Red C-9", at((SE, 3), (S, 2)), "N"),
              ("Blue TB-1", at((N, 10)), "S"), ("Blue H-4", at((N, 8), (SE, 2)), "S", {"flying": True}),
              ("Blue H-7", at((N, 9), (SE, 4)), "S", {"flying": True}), ("Blue C-10", at((N, 11), (SE, 2)), "S"),
              ("Blue A-3", at((N, 2), (SE, 6)), "N", {"flying": True})]
    return stage(board, pieces, seed=seed, level=5, turn_limit=6,
                 airfield={"Red A-4": "approach", "Red A-5": "ready", "Blue A-1": "ready", "Blue A-3": "zone"})


@pytest.mark.fuzz
@pytest.mark.parametrize("seed", range(1, 1 + budget(1, 4)))
def test_level5_air_listed_acts_are_accepted_and_unlisted_ones_refused(seed):
    g = air_position(seed)
    assert play(g, np.random.default_rng(seed), 40, check=True) > 20


def dice_users(seed):
    """A staged level-5 position where pieces of many kinds want the same blue dice: Red's seaplane
    in the air (it must move, l.1093, l.1313), two submarines, a hydrofoil, an ekranoplan and a
    torpedo boat; Blue the same."""
    names = [("H-7", {"flying": True}), ("S-31", {}), ("S-32", {"submerged": True}), ("HY-29", {}), ("E-1", {}),
             ("TB-1", {})]
    pieces = [(f"Red {n}", SEA.from_col_row(3, 3 + 2 * i), "N", x) for i, (n, x) in enumerate(names)]
    pieces += [(f"Blue {n}", SEA.from_col_row(10, 3 + 2 * i), "S", x) for i, (n, x) in enumerate(names)]
    return stage(SEA, pieces, seed=seed, level=5, turn_limit=10)


@pytest.mark.fuzz
@pytest.mark.parametrize("seed", range(budget(3, 12)))
def test_level5_dice_users_listed_acts_are_accepted(seed):
    """Every act listed while an aircraft in the air must still move is accepted (l.1313): dives and
    surfacings, foilborne moves, ekranoplan flights, moves (the listing and apply agree)."""
    g = dice_users(seed)
    play(g, np.random.default_rng(seed), 60, check=True, unlisted=[])
    assert g.state.turn > 2
