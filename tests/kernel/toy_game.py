"""A tiny game built only on the kernel: what later rule systems need is expressible without it.

*Scouts*: three players (Red, Green, Blue), one scout each on a line of positions.  Each turn
opens with a sealed bid (a :class:`~lcb_lab.kernel.choices.SimultaneousChoice`: committed face
down, revealed together); the highest bid (ties: turn order) draws a card from a deck that
reshuffles its discards (:class:`~lcb_lab.kernel.dice.Deck`); hands are discarded at the turn's
end.  Then each player in turn order acts once: SPOT an enemy scout (a d6, 4+; rule T.1, at most
3 positions away, T.3), SHOOT one its scout has spotted (a d6, 5+ destroys; T.2: only what
*that unit* has spotted) or pass.  Knowledge is held per unit: a unit knows what it spotted, a
player what its units spotted (``knows``).  Nothing here imports LC:B.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, ClassVar

import numpy as np
import pytest

from lcb_lab.kernel import choices as K
from lcb_lab.kernel.actions import Action, ActionCodec
from lcb_lab.kernel.dice import D6, Deck, Dice
from lcb_lab.kernel.engine import Engine
from lcb_lab.kernel.errors import IllegalAction, InputError, LabError, ScenarioError
from lcb_lab.kernel.explain import step
from lcb_lab.kernel.legal import Template, concrete
from lcb_lab.kernel.observer import Observer, all_seeing, redact_log

PLAYERS = ("Red", "Green", "Blue")


# ---------------------------------------------------------------- state
@dataclass
class Scout:
    owner: str
    pos: int
    alive: bool = True
    spotted: list[str] = field(default_factory=list)


@dataclass
class BidChoice(K.SimultaneousChoice):
    kind: ClassVar[str] = "bid"
    name: ClassVar[str] = "sealed bid"

    def check_commit(self, player: str, value: Any) -> None:
        if not 0 <= value <= 3:
            raise IllegalAction("T.0", f"a bid is 0 to 3, not {value}")


@dataclass
class ToyState:
    units: dict[str, Scout]
    scores: dict[str, int]
    hands: dict[str, list[str]]
    draw_pile: list[str]
    discard_pile: list[str] = field(default_factory=list)
    choices: list[BidChoice] = field(default_factory=list)
    last_choice_id: int = 0
    turn: int = 1
    seat: int = 0
    max_turns: int = 3
    over: bool = False
    log: list[dict] = field(default_factory=list)


# ---------------------------------------------------------------- actions
@dataclass(frozen=True)
class Bid(Action):
    KIND: ClassVar[str] = "bid"
    player: str
    amount: int


@dataclass(frozen=True)
class Spot(Action):
    KIND: ClassVar[str] = "spot"
    unit: str
    target: str


@dataclass(frozen=True)
class Shoot(Action):
    KIND: ClassVar[str] = "shoot"
    unit: str
    target: str


@dataclass(frozen=True)
class Pass(Action):
    KIND: ClassVar[str] = "pass"


CODEC = ActionCodec([Bid, Spot, Shoot, Pass], home="the toy game's actions")


# ---------------------------------------------------------------- rules
def _log(g: "Scouts", kind: str, title: str, rule: str, **data: Any) -> None:
    e = step(kind, title, title, [rule], **data)
    g.state.log.append(OBSERVER.annotate(e, g.state))


def bid(g: "Scouts", a: Bid) -> None:
    s = g.state
    choice = K.top(s.choices)
    if not isinstance(choice, BidChoice):
        raise IllegalAction("T.0", "no sealed bid is open")
    choice.commit(a.player, a.amount)
    _log(g, "bid", f"{a.player} bids {a.amount}", "T.0", team=a.player, about={"bid": a.player})
    if not choice.complete:
        return
    bids = choice.revealed()
    winner = max(PLAYERS, key=lambda p: (bids[p], -PLAYERS.index(p)))
    K.pop(s.choices, choice)
    _log(g, "reveal", "bids " + ", ".join(f"{p} {v}" for p, v in bids.items()), "T.0")
    deck = Deck("cards", [], g.dice, shuffle=False)
    deck.set_state({"draw": s.draw_pile, "discard": s.discard_pile})
    s.hands[winner] = s.hands[winner] + deck.draw(1)
    s.draw_pile, s.discard_pile = list(deck.draw_pile), list(deck.discard_pile)
    _log(g, "draw", f"{winner} draws {s.hands[winner][-1]}", "T.0", team=winner, about={"hand": winner})


def _own_scout(g: "Scouts", unit: str, target: str) -> tuple[Scout, Scout]:
    s = g.state
    me, it = s.units.get(unit), s.units.get(target)
    if me is None or it is None:
        raise IllegalAction("T.1", f"no scout named {unit if me is None else target}")
    if me.owner != PLAYERS[s.seat] or not me.alive:
        raise IllegalAction("T.1", f"{unit} is not a scout of {PLAYERS[s.seat]} still in play")
    if it.owner == me.owner or not it.alive:
        raise IllegalAction("T.1", f"{target} is not an enemy scout in play")
    return me, it


def spot(g: "Scouts", a: Spot) -> None:
    me, it = _own_scout(g, a.unit, a.target)
    roll = g.dice.roll(1, f"spot {a.target}", D6)[0]
    if abs(me.pos - it.pos) > 3:           # checked after the roll: the refusal puts the die back
        raise IllegalAction("T.3", f"{a.target} is {abs(me.pos - it.pos)} positions away, more than 3")
    if roll >= 4:
        me.spotted.append(a.target)
    _log(g, "spot", f"{a.unit} {'spots' if roll >= 4 else 'misses'} {a.target} (d6 {roll})", "T.1",
         team=me.owner, about={"unit": a.target})
    _next_seat(g)


def shoot(g: "Scouts", a: Shoot) -> None:
    me, it = _own_scout(g, a.unit, a.target)
    if a.target not in me.spotted:
        raise IllegalAction("T.2", f"{a.unit} has not spotted {a.target}")
    roll = g.dice.roll(1, f"shoot {a.target}", D6)[0]
    if roll >= 5:
        it.alive = False
        g.state.scores[me.owner] += 1
    _log(g, "shoot", f"{a.unit} shoots {a.target}: d6 {roll}", "T.2")
    _next_seat(g)


def pass_(g: "Scouts", a: Pass) -> None:
    if g.state.choices:
        raise IllegalAction("T.0", "the sealed bid is still open")
    _next_seat(g)


def _next_seat(g: "Scouts") -> None:
    s = g.state
    s.seat += 1
    if s.seat < len(PLAYERS):
        return
    s.seat, s.turn = 0, s.turn + 1
    for p in PLAYERS:                     # hands go to the discard pile at the turn's end
        s.discard_pile = s.discard_pile + s.hands[p]
        s.hands[p] = []
    if s.turn > s.max_turns:
        s.over = True
    else:
        s.last_choice_id = K.push(s.choices, BidChoice(players=PLAYERS, rule="T.0"), s.last_choice_id)


# ---------------------------------------------------------------- hidden information
def knows(state: ToyState, viewer: Any, subject: dict) -> bool:
    """A player or a unit (per-unit knowledge) may know ``{"unit": uid}`` when it is its own or
    spotted by it (a player: by one of its scouts); ``{"bid": p}`` / ``{"hand": p}`` only p."""
    if all_seeing(viewer):
        return True
    (kind, ident), = subject.items()
    if kind in ("bid", "hand"):
        return ident == viewer
    if viewer in state.units:             # a unit: what it spotted (or itself)
        return ident == viewer or ident in state.units[viewer].spotted
    mine = [u for u in state.units.values() if u.owner == viewer]
    return state.units[ident].owner == viewer or any(ident in u.spotted for u in mine)


def _secret_form(entry: dict, data: dict, secret: bool) -> tuple:
    if not secret:
        return None, None
    return [data["team"]], {"title": f"{data['team']} acted", "text": "", "rules": entry["rules"]}


OBSERVER = Observer(knows, PLAYERS, {"bid": _secret_form, "spot": _secret_form, "draw": _secret_form})


def view(g: "Scouts", viewer: Any) -> dict:
    """What ``viewer`` (a player, a unit or the instructor) may see: the scouts it knows, the
    bid as committed so far, its hand, the log."""
    s = g.state
    units = OBSERVER.visible(s, viewer, [{"unit": u} for u in s.units])
    choice = K.top(s.choices)
    return {"units": sorted(u["unit"] for u in units),
            "bids": choice.seen_by(viewer) if choice is not None else None,
            "hand": s.hands.get(viewer, []),
            "log": [e["title"] for e in redact_log(s.log, viewer)]}


# ---------------------------------------------------------------- the game: the kernel's engine + hooks
class BidTemplate(Template):
    """Every bid of one player (a family, to exercise the template protocol)."""

    def make(self, rng: np.random.Generator, option: Any | None) -> Action:
        amount = option if option is not None else int(rng.integers(0, 4))
        return Bid(self.limits["player"], amount)


class Scouts(Engine):
    codec = CODEC
    handlers = {Bid: bid, Spot: spot, Shoot: shoot, Pass: pass_}
    players = PLAYERS
    die = D6

    def to_act(self) -> str | None:
        choice = K.top(self.state.choices)
        if choice is not None:
            return choice.answerers()[0]
        return None if self.state.over else PLAYERS[self.state.seat]

    def legal_actions(self, player: str | None = None) -> list:
        s, who = self.state, player or self.to_act()
        choice = K.top(s.choices)
        if choice is not None:            # simultaneous: every player still to commit may
            return [BidTemplate("bid", (0, 1, 2, 3), {"player": who}, self)] if who in choice.answerers() else []
        if s.over or who != PLAYERS[s.seat]:
            return []
        out: list = [Pass()]
        for uid, u in s.units.items():
            if u.owner == who and u.alive:
                out += [Spot(uid, t) for t, v in s.units.items() if v.owner != who and v.alive
                        and t not in u.spotted and abs(v.pos - u.pos) <= 3]
                out += [Shoot(uid, t) for t in u.spotted if s.units[t].alive]
        return out

    def keeps_snapshot(self, action: Action | None) -> bool:
        return isinstance(action, Bid) and not self.state.choices     # a turn's first bid

    def step_place(self, action: Action, before: ToyState) -> tuple[int, int, str | None]:
        who = action.player if isinstance(action, Bid) else PLAYERS[before.seat]
        return before.turn, before.seat + 1, who


def new_game(forced: list[int] = (), seed: int | None = None) -> Scouts:
    units = {"r1": Scout("Red", 0), "g1": Scout("Green", 2), "b1": Scout("Blue", 6)}
    state = ToyState(units, {p: 0 for p in PLAYERS}, {p: [] for p in PLAYERS}, ["ambush", "flare"])
    state.last_choice_id = K.push(state.choices, BidChoice(players=PLAYERS, rule="T.0"), 0)
    dice = Dice(seed=seed, forced=forced, die=D6) if forced or seed is not None else Dice(seed=0, die=D6)
    return Scouts(state, dice)


def data(g: Scouts) -> str:
    return json.dumps([g.state_to_data(g.state), g.dice.state()], sort_keys=True)


def bids(g: Scouts, *amounts: int) -> None:
    for p, n in zip(PLAYERS, amounts):
        g.apply(Bid(p, n))


# ---------------------------------------------------------------- tests
def test_a_sealed_bid_is_committed_face_down_and_revealed_together():
    g = new_game(forced=[1])
    assert g.to_act() == "Red"
    (t,) = g.legal_actions("Blue")
    assert isinstance(t, BidTemplate) and t.options == (0, 1, 2, 3) and t.limits == {"player": "Blue"}
    g.apply(Bid("Blue", 3))                                  # simultaneous: Blue need not wait for Red
    g.apply(Bid("Green", 1))
    assert g.to_act() == "Red"
    assert view(g, "Red")["bids"] == {"Blue": {"committed": True}, "Green": {"committed": True}}
    assert view(g, "Blue")["bids"] == {"Blue": 3, "Green": {"committed": True}}
    assert view(g, "Red")["log"] == ["Blue acted", "Green acted"]
    with pytest.raises(IllegalAction, match=r"^Refused by rule T.0: Green has already committed$"):
        g.apply(Bid("Green", 2))
    g.apply(Bid("Red", 3))                                  # ties go by turn order: Red before Blue
    assert g.state.choices == [] and g.state.hands == {"Red": ["ambush"], "Green": [], "Blue": []}
    assert view(g, "Green")["log"][-2:] == ["bids Red 3, Green 1, Blue 3", "Red acted"]
    assert view(g, "Red")["log"][-1] == "Red draws ambush"
    assert g.to_act() == "Red" and g.history.cursor == 3


def test_a_refused_act_leaves_state_log_and_dice_byte_identical():
    g = new_game(forced=[6, 6, 6])
    bids(g, 0, 0, 0)
    before, hist = data(g), list(g.dice.history)
    with pytest.raises(IllegalAction, match=r"^Refused by rule T.3: b1 is 6 positions away, more than 3$"):
        g.apply(Spot("r1", "b1"))                           # rolled its d6, then refused
    with pytest.raises(IllegalAction, match=r"^Refused by rule T.2: r1 has not spotted g1$"):
        g.apply(Shoot("r1", "g1"))
    with pytest.raises(InputError, match="expected a typed action"):
        g.apply({"kind": "pass"})
    assert data(g) == before and g.dice.history == hist and g.dice.forced_left == 3
    assert g.is_legal(Spot("r1", "g1")) and not g.is_legal(Spot("r1", "b1")) and data(g) == before


def test_a_unit_may_only_target_what_it_has_spotted():
    g = new_game(forced=[4, 2, 5])
    bids(g, 0, 0, 0)
    g.apply(Spot("r1", "g1"))                               # d6 4: spotted
    assert view(g, "r1")["units"] == ["g1", "r1"]           # per unit: r1 knows g1
    assert view(g, "g1")["units"] == ["g1"]                 # g1 has spotted nobody
    assert view(g, "Red")["units"] == ["g1", "r1"] and view(g, "Blue")["units"] == ["b1"]
    assert Shoot("g1", "r1") not in g.legal_actions("Green")
    g.apply(Spot("g1", "r1"))                               # d6 2: missed
    assert g.legal_actions("Blue") == [Pass()]                # b1 is 4 positions from g1, 6 from r1 (T.3)
    g.apply(Pass())
    bids(g, 0, 0, 0)                                        # turn 2 (draws the second card)
    assert g.legal_actions() == [Pass(), Shoot("r1", "g1")]
    g.apply(Shoot("r1", "g1"))                              # d6 5: destroyed
    assert g.state.units["g1"].alive is False and g.state.scores == {"Red": 1, "Green": 0, "Blue": 0}


def test_the_deck_reshuffles_its_discards_when_drawn_out():
    g = new_game(forced=[2])                               # the reshuffle's d2 = 2: the order stays
    for turn in (1, 2, 3):
        bids(g, 0, 0, 0)
        if turn < 3:
            for _ in PLAYERS:
                g.apply(Pass())
    assert g.state.hands["Red"] == ["ambush"]               # drawn: ambush, flare; then reshuffled
    assert [(p, list(v)) for p, v in g.dice.history] == [("shuffle cards", [2])]
    assert g.state.draw_pile == ["flare"] and g.state.discard_pile == []


def play_some(g: Scouts) -> None:
    bids(g, 1, 0, 2)
    g.apply(Spot("r1", "g1"))
    g.apply(Pass())
    g.apply(Pass())


def test_undo_goto_fork_and_replay_along_the_record():
    g = new_game(forced=[4, 5])
    start = data(g)
    play_some(g)
    now = data(g)
    assert len(g.history.steps) == 6 and g.to_act() == "Red"
    assert [s.label for s in g.history.steps][3:] == ["spot: r1 spots g1 (d6 4)", "pass", "pass"]
    assert [(s.turn, s.sub_turn, s.player) for s in g.history.steps] == \
        [(1, 1, "Red"), (1, 1, "Green"), (1, 1, "Blue"), (1, 1, "Red"), (1, 2, "Green"), (1, 3, "Blue")]
    g.undo(2)
    after_spot = data(g)
    assert g.state.seat == 1 and g.state.units["r1"].spotted == ["g1"]
    g.goto(0)
    assert json.loads(data(g))[0] == json.loads(start)[0]
    g.goto(6)
    assert data(g) == now
    f = g.fork(at=4)
    assert data(f) == after_spot and len(f.history.steps) == 4 and f.state is not g.state
    f.apply(Pass())
    assert data(g) == now and f.state.seat == 2
    r = g.replay()
    assert data(r) == data(g)
    with pytest.raises(LabError, match=r"^undo: 6 step\(s\) can be undone, not 7$"):
        g.undo(7)


def test_the_record_saves_and_loads_and_a_tampered_record_is_refused():
    g = new_game(forced=[4, 5])
    play_some(g)
    rec = json.loads(json.dumps(g.record_to_json()))
    assert [s["action"] for s in rec["steps"]][3:] == [{"kind": "spot", "unit": "r1", "target": "g1"},
                                                      {"kind": "pass"}, {"kind": "pass"}]
    h = g.spawn(g.state_from_data(g.state_to_data(g.state)), Dice.from_state(g.dice.state(), D6))
    h.load_record(rec, "toy.json")
    assert len(h.history.steps) == 6 and h.history.cursor == 6
    h.goto(3)
    assert h.state.units["r1"].spotted == [] and K.top(h.state.choices) is None
    rec["steps"][3]["dice"] = [1]                            # the spot now misses: not the saved game
    with pytest.raises(ScenarioError, match=r"^toy.json: record: replaying the record does not give the saved state$"):
        g.spawn(g.state_clone(g.state), Dice(seed=0, die=D6)).load_record(rec, "toy.json")
    rec["steps"][3]["action"] = {"kind": "fly"}
    with pytest.raises(ScenarioError, match=r"^toy.json: record.steps\[3\].action.kind: action: unknown action kind 'fly'"):
        g.spawn(g.state_clone(g.state), Dice(seed=0, die=D6)).load_record(rec, "toy.json")


def test_legal_actions_are_concrete_or_templates_that_sample_legal_actions():
    g = new_game(seed=3)
    (t,) = g.legal_actions("Green")
    assert isinstance(t, BidTemplate) and concrete([t]) == []
    a = t.sample(np.random.default_rng(1))
    assert isinstance(a, Bid) and a.player == "Green" and g.is_legal(a)
    bids(g, 0, 0, 0)
    assert all(g.is_legal(a) for a in concrete(g.legal_actions()))
    assert g.legal_actions("Green") == []                    # not Green's turn


def test_a_game_names_two_or_more_distinct_players():
    class Solo(Scouts):
        players = ("Red",)

    class Twice(Scouts):
        players = ("Red", "Red", "Blue")

    with pytest.raises(ValueError, match=r"^Solo: a game has two or more distinct players, not Red$"):
        Solo(new_game().state)
    with pytest.raises(ValueError, match=r"^Twice: a game has two or more distinct players, not Red, Red, Blue$"):
        Twice(new_game().state)


def test_the_game_names_its_die_and_forks_keep_it():
    """The kernel bakes in no die: a game names its own (``Engine.die``), and what its Dice rolls
    with no die named, forks and loaded records roll too -- a forced 6 of the toy game's d6, not
    a d20 value, and a queue holding a value above 20 (a long deck's shuffle) survives a fork."""
    g = new_game(seed=1)
    assert Scouts.die is D6 and g.dice.die is D6
    assert set(g.dice.roll(50, "d6 by default")) <= set(range(1, 7))
    g.dice.force([6])
    with pytest.raises(Exception, match="d6"):
        g.dice.force([7])
    g.dice._forced.extend([25])          # e.g. the forced shuffle of a 30-card deck (dN draws)
    f = g.fork()
    assert f.dice.die is D6 and list(f.dice._forced) == [6, 25]
    with pytest.raises(ValueError, match="die"):
        class NoDie(Engine):
            codec = CODEC
            players = PLAYERS
        NoDie(new_game().state)


def test_a_deck_kept_in_the_state_as_piles_is_undone_with_it():
    """A deck a game keeps as plain data (``Piles`` in its state) is copied, saved and undone
    with the state; drawing it past its end reshuffles the discards through the game's dice."""
    from lcb_lab.kernel.datacodec import clone, from_data, to_data
    from lcb_lab.kernel.dice import Piles, discard_to, draw_from
    dice = Dice(forced=[2, 1], die=D6)
    piles = Piles(draw=["ambush"], discard=[])
    before = clone(piles)
    assert draw_from(piles, 1, dice, "cards") == ["ambush"] and piles == Piles([], [])
    discard_to(piles, ["ambush", "flare", "smoke"])
    # Fisher-Yates over [ambush, flare, smoke]: d3 = 2 swaps places 2 and 1 -> [ambush, smoke, flare],
    # d2 = 1 swaps places 1 and 0 -> [smoke, ambush, flare]
    assert draw_from(piles, 2, dice, "cards") == ["smoke", "ambush"]
    assert piles.draw == ["flare"] and piles.discard == []
    assert dice.history[-1].purpose == "shuffle cards" and dice.history[-1].values == [2, 1]
    assert from_data(Piles, to_data(before)) == Piles(["ambush"], []) and before != piles


def test_a_step_is_named_for_each_viewer_and_saved_under_the_games_place_keys():
    g = new_game(forced=[4, 5])
    play_some(g)
    rows = {v: [r["label"] for r in g.step_labels(v)] for v in (None, "Red", "Green")}
    assert rows[None] == [s.label for s in g.history.steps]                 # the instructor: the stored labels
    assert rows["Red"][3] == "spot: r1 spots g1 (d6 4)"
    assert rows["Green"][3] == "Red acted" and "r1" not in " ".join(rows["Green"])
    assert [r["player"] for r in g.step_labels("Green")] == ["Red", "Green", "Blue", "Red", "Green", "Blue"]
    rec = g.record_to_json()
    assert list(rec["steps"][3]) == ["action", "dice", "dice_after", "log_len", "auto", "turn", "sub_turn",
                                     "player", "label"]
    g.undo(3)
    assert g.step_label_for(4, "Green") == "Red acts (undone)" and g.step_label_for(4, "instructor") == rows[None][3]


class Rounds(Scouts):
    """The toy game with its own words for a step's place: round, phase, seat."""
    place_keys = ("round", "phase", "seat")


def test_a_game_names_the_json_keys_of_a_steps_place():
    g = new_game(forced=[4, 5])
    g.__class__ = Rounds
    play_some(g)
    rec = json.loads(json.dumps(g.record_to_json()))
    assert [(s["round"], s["phase"], s["seat"]) for s in rec["steps"]][3:] == [(1, 1, "Red"), (1, 2, "Green"),
                                                                             (1, 3, "Blue")]
    assert not {"turn", "sub_turn", "player"} & set(rec["steps"][0])
    h = g.spawn(g.state_from_data(g.state_to_data(g.state)), Dice.from_state(g.dice.state(), D6))
    h.load_record(rec, "toy.json")
    assert [(s.turn, s.sub_turn, s.player) for s in h.history.steps] == \
        [(s.turn, s.sub_turn, s.player) for s in g.history.steps]
    rec["steps"][0]["impulse"] = 1
    with pytest.raises(ScenarioError, match=r"^toy.json: record.steps\[0\].impulse: unknown field$"):
        g.spawn(g.state_clone(g.state), Dice(seed=0, die=D6)).load_record(rec, "toy.json")
