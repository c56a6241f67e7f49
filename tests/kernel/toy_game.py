"""A tiny game built only on the kernel: what later rule systems need is expressible without it.

*Scouts*: three players (Red, Green, Blue), one scout each on a line of positions.  Each turn
opens with a sealed bid (a :class:`~lcb_lab.kernel.choices.SimultaneousChoice`: committed face
down, revealed together); the highest bid (ties: turn order) draws a card from a deck that
reshuffles its discards (:class:`~lcb_lab.kernel.dice.Deck`); hands are discarded at the turn's
end.  Then each player in turn order acts once: SPOT an enemy scout (a d6, 4+; rule T.1, at most
3 positions away, T.3), SHOOT one its scout has spotted (a d6, 5+ destroys; T.2: only what
*that unit* has spotted) or pass.  Knowledge is held per unit: a unit knows what it spotted, a
player what its units spotted (``knows``).  Nothing here imports LC:B.

The game only; its tests are ``tests/kernel/test_toy_game.py``, its lab ``tests/widgets/toy_lab.py``.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, ClassVar

import numpy as np

from lcb_lab.kernel import choices as K
from lcb_lab.kernel.actions import Action, ActionCodec
from lcb_lab.kernel.dice import D6, Deck, Dice
from lcb_lab.kernel.engine import Engine
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.kernel.explain import step
from lcb_lab.kernel.legal import Template
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
