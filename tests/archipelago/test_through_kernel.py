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


def play(g, rng, steps, check=False):
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
            for a in UNLISTED:
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
