"""Chapter 12's worked examples (transport), staged and played through legal actions.

Each ``ex_*`` function builds a small situation on a synthetic coast, plays the example's
actions with forced dice and returns an :class:`Example`: the game, the ids it used and the
explanation lines the notebook prints (``notebooks/06_ch12_transport.ipynb``; the tests in
``tests/rulebook/test_ch12_transport.py`` assert the same games).

The coast: columns A-H are sea, column I is the coastline (mixed hexes), J onwards land;
I-5 has a large port, I-12 a small port, J-8 an airfield, I-15 is a red (prohibited) hex.
Every value of a card is the deck's (``lcb_lab/games/lcb/data/cards``); where an example needs a unit
type the catalog lacks it says which stands in.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable

from collections import deque
from dataclasses import dataclass, field

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.choices import CardResponseChoice, InterceptChoice
from lcb_lab.games.lcb import hexes as lcb_hexes
from lcb_lab.games.lcb.plain import plain
from lcb_lab.games.lcb.content.situation import situation

if TYPE_CHECKING:
    from lcb_lab.games.lcb.game import Game

SEA = [f"{c}-{r}" for c in "ABCDEFGH" for r in range(1, 21)]
COAST = [f"I-{r}" for r in range(1, 21)]
FEATURES = {"I-5": "port:Northport", "I-12": "small_port:Fishing harbour", "J-8": "airfield:Field"}
COLOURS = {"I-15": "red"}
BLUE, RED = "TF Blue", "TF Red"


@dataclass
class Example:
    """A played example: ``game``, ``ids`` (card cids, marker ids, unit names by role) and the
    ``lines`` that explain it."""

    game: object
    ids: dict = field(default_factory=dict)
    lines: list[str] = field(default_factory=list)

    def say(self, text: str) -> None:
        """Add one line of narration to the example's transcript."""
        self.lines.append(text)

    def __iter__(self):
        """``game, lines = ex_12_1()``: the package's ``(game, lines)`` form (lcb_lab.games.lcb.content.worked)."""
        return iter((self.game, self.lines))


def coast_game(units: dict, cards: dict | None = None, forced: Iterable[int] = (), **kw: Any) -> Game:
    """A game on the synthetic coast (module doc) with ``units`` / ``cards`` as
    :func:`lcb_lab.situation` takes them; an RU picket far inland keeps the RU team in play."""
    units = dict(units)
    units.setdefault("Picket", {"type": "runi_recon_platoon", "hex": "T-20"})
    kw = {"features": FEATURES, "colours": COLOURS, "max_turns": 6, **kw}
    return situation(units, size=20, naval=SEA, mixed=COAST, cards=cards or {}, forced=list(forced), **kw)


def infantry(n: int, host: str | None = None, at: str | None = None, first: int = 1) -> dict:
    """``n`` USMC infantry platoons ``"<i> Inf"`` Embarked on ``host`` or in hex ``at``."""
    out = {}
    for i in range(first, first + n):
        spec = {"type": "usmc_infantry_platoon"}
        spec.update({"embarked_on": host} if host else {"hex": at})
        out[f"{i} Inf"] = spec
    return out


def cid(g: Game, name: str) -> str:
    """The cid of the game's first card named ``name``."""
    return next(c.cid for c in g.state.cards.values() if c.name == name)


def water_path(g: Game, a: str, b: str) -> tuple[str, ...]:
    """The hexes after ``a`` of a shortest water path to ``b`` (naval links)."""
    prev, todo = {a: None}, deque([a])
    while todo:
        h = todo.popleft()
        if h == b:
            break
        for n in g.board.naval_neighbours(h):
            if n not in prev:
                prev[n] = h
                todo.append(n)
    out, h = [], b
    while h != a:
        out.append(h)
        h = prev[h]
    return tuple(out[::-1])


def pass_turn(g: Game) -> None:
    """End every impulse left in this turn (declaring nothing)."""
    turn = g.state.turn
    while g.state.turn == turn:
        if g.state.impulse is None:
            g.apply(A.BeginImpulse(g.available_task_forces()[0]))
        if g.impulse.phase == "declare":
            g.apply(A.Declare())
        g.apply(A.EndImpulse())


def next_blue_impulse(g: Game) -> None:
    """Pass to the next turn and begin TF Blue's impulse with nothing declared."""
    pass_turn(g)
    g.state.initiative = "US"
    g.apply(A.BeginImpulse(BLUE))
    g.apply(A.Declare())


def answer_windows(g: Game, intercepts: Iterable[A.CardIntercept] = ()) -> None:
    """Answer the card response windows: RU INTERCEPTs with ``intercepts`` (CardIntercept), every
    other window passed."""
    while isinstance(g.pending, CardResponseChoice):
        if g.to_act() == "RU" and intercepts:
            g.apply(A.AnswerCards(card_intercepts=tuple(intercepts)))
            intercepts = ()
        else:
            g.apply(A.Answer())


def _ashore(g, uids) -> list[str]:
    return [u for u in uids if g.state.units[u].hex is not None and not g.state.units[u].destroyed]


# ---------------------------------------------------------------- 12.1 rotary-wing lift
def _lift_game(n_inf: int, forced=(), ships: bool = False, inf_at: str | None = None, extra=None, **kw):
    units = {"LHA 8": {"type": "usn_lhd", "hex": "F-8"}, **(extra or {})}
    units.update(infantry(n_inf, host=None if inf_at else "LHA 8", at=inf_at))
    if ships:
        units["DDG-1"] = {"type": "rubf_ddg", "hex": "H-7"}
        units["DDG-2"] = {"type": "rubf_ddg", "hex": "H-9"}
    g = coast_game(units, {"US": [{"name": "MEU Rotary Lift", "embark_on": "LHA 8"}]}, forced=forced, **kw)
    return g, cid(g, "MEU Rotary Lift")


def _lift_declare(g) -> None:
    g.apply(A.BeginImpulse(BLUE))
    g.apply(A.Declare((A.CoreAction("move_embarked_jcc", ("LHA 8",), jcc="MEU Rotary Lift"),)))


def ex_12_1() -> Example:
    """Nina: 1 AP, MEU Rotary Lift lands 8 infantry platoons (1 GPSV each) on a land hex 4 hexes
    from LHA 8; they are expended; next turn another 8 GPSV go for free."""
    g, lift = _lift_game(16)
    ex = Example(g, {"card": lift, "dest": "J-8"})
    first = tuple(f"{i} Inf" for i in range(1, 9))
    g.apply(A.BeginImpulse(BLUE))
    ap = g.impulse.ap
    g.apply(A.Declare((A.CoreAction("move_embarked_jcc", ("LHA 8",), jcc="MEU Rotary Lift"),)))
    g.apply(A.PlayCard(lift, "A", first, "J-8", action=1))
    ex.ids["first"] = [(u.hex, u.embarked_on, u.revealed, u.no_move, u.expended)
                       for u in (g.state.units[x] for x in first)]
    ex.say(f"LHA 8 in F-8, J-8 is {lcb_hexes.distance('F-8', 'J-8')} hexes away (hex 0 = the ship's, 12.04).")
    ex.say(f"Landed in J-8: {len(_ashore(g, first))} platoons, face down: "
           f"{not any(g.state.units[u].revealed for u in first)}, expended: "
           f"{all(g.state.units[u].expended and g.state.units[u].no_move for u in first)} (12.07)")
    ex.ids["ap"] = (ap, g.impulse.ap)
    ex.say(f"AP: {ap} at the start of the impulse, {g.impulse.ap} left (the Embarked JCC action cost 1)")
    card = g.state.cards[lift]
    ex.say(f"MEU Rotary Lift: deployed {card.deployed}, expended {card.expended} (Persistent, 9.21)")
    next_blue_impulse(g)
    second = tuple(f"{i} Inf" for i in range(9, 17))
    g.apply(A.PlayCard(lift, "A", second, "J-9", action=None))
    ex.say(f"Next turn, free (no Core Action): {len(_ashore(g, second))} more platoons land in J-9; "
           f"AP still {g.impulse.ap}")
    return ex


def ex_12_12() -> Example:
    """Nina: 8 infantry lifted; 2 RU IAMD units INTERCEPT: each rolls DETECT and one succeeds,
    so both INTERCEPT (9.06); 2 hits: 4 GPSV (4 platoons) are removed, 2 cubes go on the card,
    4 platoons land."""
    g, lift = _lift_game(8, forced=[18, 4, 3, 6], ships=True)
    ex = Example(g, {"card": lift})
    names = tuple(f"{i} Inf" for i in range(1, 9))
    _lift_declare(g)
    g.apply(A.PlayCard(lift, "A", names, "J-8", action=1))
    answer_windows(g, [A.CardIntercept("DDG-1", "INT1", 1), A.CardIntercept("DDG-2", "INT1", 1)])
    card = g.state.cards[lift]
    lost = [u for u in names if g.state.units[u].destroyed]
    ex.say("DETECT 18 (DDG-1) and 4 (DDG-2), needing 15 or less: one success lets both INTERCEPT (9.06); "
           "INTERCEPT dice 3 and 6 against CV 10: 2 hits")
    ex.say(f"Lost (the last named first, 2 GPSV per hit): {', '.join(lost)}")
    ex.say(f"Landed in J-8: {', '.join(_ashore(g, names))}")
    ex.say(f"Cubes on MEU Rotary Lift: {card.cubes} of 3 -- still in play ({card.where}); one more discards it")
    return ex


def ex_12_13() -> Example:
    """Sara: a resupply run of 5 RP from LHA 8 (deducted from the host); 2 hits remove 4 RP;
    1 RP reaches the unit in the destination hex."""
    g, lift = _lift_game(0, forced=[18, 4, 3, 6], ships=True,
                         extra={"Ashore": {"type": "usmc_infantry_platoon", "hex": "J-8", "supply": {"GA": 5}}})
    ex = Example(g, {"card": lift})
    rp0, ga0 = g.state.units["LHA 8"].supply["RP"], g.state.units["Ashore"].supply["GA"]
    _lift_declare(g)
    g.apply(A.PlayCard(lift, "B", ("Ashore", "rp:5"), "J-8", action=1))
    answer_windows(g, [A.CardIntercept("DDG-1", "INT1", 1), A.CardIntercept("DDG-2", "INT1", 1)])
    ex.say(f"LHA 8 RP: {rp0} -> {g.state.units['LHA 8'].supply['RP']} (5 deducted from the host, 12.13)")
    ex.say(f"2 hits remove 4 RP: Ashore GA supply {ga0} -> {g.state.units['Ashore'].supply['GA']}")
    ex.say(f"Cubes on the card: {g.state.cards[lift].cubes}")
    return ex


def ex_12_52() -> Example:
    """Michelle: MEU Rotary Lift picks up 8 infantry from a hex within 5; 2 hits remove 4; the
    4 others go to LHA 8's Embark Area."""
    g, lift = _lift_game(8, forced=[18, 4, 3, 6], ships=True, inf_at="J-8")
    ex = Example(g, {"card": lift})
    names = tuple(f"{i} Inf" for i in range(1, 9))
    _lift_declare(g)
    g.apply(A.PlayCard(lift, "A", names, "J-8", action=1))
    answer_windows(g, [A.CardIntercept("DDG-1", "INT1", 1), A.CardIntercept("DDG-2", "INT1", 1)])
    aboard = [u for u in names if g.state.units[u].embarked_on == "LHA 8"]
    ex.say(f"Lost: {', '.join(u for u in names if g.state.units[u].destroyed)}")
    ex.say(f"Aboard LHA 8 (Embark Area): {', '.join(aboard)}; cubes on the card: {g.state.cards[lift].cubes}")
    return ex


# ---------------------------------------------------------------- 12.2 amphibious landing
def _amphib_game(card: str, host_hex: str, units: dict, **kw):
    base = {"LHA 8": {"type": "usn_lhd", "hex": host_hex}}
    base.update(units)
    g = coast_game(base, {"US": [{"name": card, "embark_on": "LHA 8"}]}, **kw)
    return g, cid(g, card)


def _marker(g, card_cid: str):
    return next((m for m in g.state.card_markers.values() if m.card == card_cid), None)


def ex_12_25() -> Example:
    """Andrew: Amphibious: LCAC (6 GPSV, 3 MP per impulse, never beyond 10 hexes of the host)
    carries 3 infantry platoons and a 3-GPSV unit (a tank in the text; the catalog's logistics
    company, 3 GPSV by 10.11, stands in: the US catalog has no tank); the free marker moves on
    the following turns; the units land on an unoccupied coastal hex, expended.
    (The text Embarks the card on LHA 8 and the units on LHD 1, facts 6.9: lcb_lab carries the
    units of the card's own host, 12.05.)"""
    units = infantry(3, host="LHA 8")
    units["1 Log"] = {"type": "usmc_logistics_company", "embarked_on": "LHA 8"}
    g, lcac = _amphib_game("Amphibious: LCAC", "A-8", units)
    ex = Example(g, {"card": lcac})
    cargo = ("1 Inf", "2 Inf", "3 Inf", "1 Log")
    g.apply(A.BeginImpulse(BLUE))
    g.apply(A.Declare((A.CoreAction("move_embarked_jcc", ("LHA 8",), jcc="Amphibious: LCAC"),)))
    g.apply(A.PlayCard(lcac, "A", cargo, "D-8", action=1))
    m = _marker(g, lcac)
    ex.ids["marker"] = m.mid
    ex.say(f"{m.mid} placed face down in A-8 and moved 3 MP to {m.hex} carrying {', '.join(m.cargo)} "
           f"(6 GPSV of 6)")
    next_blue_impulse(g)
    g.apply(A.MarkerAction(m.mid, path=water_path(g, "D-8", "G-8")))
    ex.say(f"Next turn, free: {m.mid} moves 3 MP to {g.state.card_markers[m.mid].hex}")
    next_blue_impulse(g)
    g.apply(A.MarkerAction(m.mid, path=water_path(g, "G-8", "I-8"), then="unload"))
    ex.say(f"Then it moves into I-8 and unloads: {', '.join(_ashore(g, cargo))} ashore, expended "
           f"{all(g.state.units[u].no_move for u in cargo)} (12.07)")
    return ex


def ex_12_24(markers: dict | None = None) -> Example:
    """Katie: DDG-101 moves within 5 hexes of the enemy's Amphibious: LCU marker: its naval ZOR
    reveals it (12.23); an LRS hit on the revealed marker discards it with its units (12.24).
    ``markers``: MILDECs staged too, as :func:`lcb_lab.situation` takes them."""
    g, lcu = _amphib_game("Amphibious: LCU", "D-8",
                          {**infantry(2, host="LHA 8"), "DDG-101": {"type": "rubf_ddg", "hex": "E-17"}},
                          forced=[3, 15], markers=markers)
    ex = Example(g, {"card": lcu})
    g.apply(A.BeginImpulse(BLUE))
    g.apply(A.Declare((A.CoreAction("move_embarked_jcc", ("LHA 8",), jcc="Amphibious: LCU"),)))
    g.apply(A.PlayCard(lcu, "A", ("1 Inf", "2 Inf"), "E-8", action=1))
    m = _marker(g, lcu)
    ex.ids["marker"] = m.mid
    ex.say(f"{m.mid} at sea in {m.hex} with {', '.join(m.cargo)}; revealed: {m.revealed}")
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse(RED))
    g.apply(A.Declare((A.CoreAction("move_combat", ("DDG-101",)),)))
    path = water_path(g, "E-17", m.hex)[:5]
    ex.ids["ddg_at"] = path[-1]
    ex.say(f"Before: {m.mid} revealed {m.revealed} (DDG-101 in E-17, "
           f"{g.board.naval_reach('E-17', 20).get(m.hex)} hexes of water away)")
    g.apply(A.Move(1, tuple(path)))
    ex.say(f"DDG-101 moves 5 MP to {path[-1]}, {lcb_hexes.distance(path[-1], m.hex)} hexes from the marker: revealed "
           f"{g.state.card_markers[m.mid].revealed} (12.23)")
    g.apply(A.CommitCombat(lrs=(A.LrsAttack("DDG-101", "LRS1", m.mid, 2),)))
    if isinstance(g.pending, InterceptChoice):     # LHA 8 is in reach (7.53): the text has no INTERCEPT
        g.apply(A.AnswerIntercept())
        ex.say("The US may INTERCEPT the LRS on its marker (LHA 8 in range, 7.53): it does not, as in the text")
    while g.to_act() == "chance":
        g.apply(A.ResolveCombat())
    roll = [e for e in g.state.log if e["kind"] == "lrs_roll"][-1]["data"]
    ex.say(f"2 LRS dice {tuple(roll['dice'])} at CV {roll['cv']}: {roll['hits']} hit -- {m.mid} discarded: "
           f"{m.mid not in g.state.card_markers}; "
           f"1 Inf destroyed {g.state.units['1 Inf'].destroyed}, 2 Inf destroyed {g.state.units['2 Inf'].destroyed}")
    return ex


def ex_12_26_lcac() -> Example:
    """Jennifer: Amphibious: LCAC's resupply: 5 RP deducted from the host at once, carried by
    the marker (3 MP); next impulse, free, it moves into the coastal hex and gives the 5 RP to a
    ground unit there."""
    g, lcac = _amphib_game("Amphibious: LCAC", "C-8", {"Ashore": {"type": "usmc_infantry_platoon", "hex": "I-8",
                                                                  "supply": {"GA": 2}}})
    ex = Example(g, {"card": lcac})
    g.apply(A.BeginImpulse(BLUE))
    g.apply(A.Declare((A.CoreAction("move_embarked_jcc", ("LHA 8",), jcc="Amphibious: LCAC"),)))
    g.apply(A.PlayCard(lcac, "B", ("rp:5",), "F-8", action=1))
    m = _marker(g, lcac)
    ex.ids["marker"] = m.mid
    ex.say(f"LHA 8 RP 20 -> {g.state.units['LHA 8'].supply['RP']}; {m.mid} in {m.hex} carries {m.rp} RP cubes")
    next_blue_impulse(g)
    g.apply(A.MarkerAction(m.mid, path=water_path(g, "F-8", "I-8"), then="unload", targets=("Ashore",)))
    ex.say(f"Next impulse, free: into I-8; Ashore GA supply 2 -> {g.state.units['Ashore'].supply['GA']}")
    return ex


def ex_12_26_lcu() -> Example:
    """Adele: Amphibious: LCU's resupply: 10 RP deducted from the host, the marker moves 1 hex
    (1 MP); next impulse it moves into the destination hex and gives the 10 RP to a ground unit."""
    g, lcu = _amphib_game("Amphibious: LCU", "G-8", {"Ashore": {"type": "usmc_infantry_platoon", "hex": "I-8",
                                                               "supply": {"GA": 0}}})
    ex = Example(g, {"card": lcu})
    g.apply(A.BeginImpulse(BLUE))
    g.apply(A.Declare((A.CoreAction("move_embarked_jcc", ("LHA 8",), jcc="Amphibious: LCU"),)))
    g.apply(A.PlayCard(lcu, "B", ("rp:10",), "H-8", action=1))
    m = _marker(g, lcu)
    ex.ids["marker"] = m.mid
    ex.say(f"LHA 8 RP 20 -> {g.state.units['LHA 8'].supply['RP']}; {m.mid} in {m.hex} carries {m.rp} RP cubes")
    next_blue_impulse(g)
    g.apply(A.MarkerAction(m.mid, path=("I-8",), then="unload", targets=("Ashore",)))
    ex.say(f"Next impulse, free: into I-8; Ashore GA supply 0 -> {g.state.units['Ashore'].supply['GA']}")
    return ex


def ex_12_53() -> Example:
    """Ashton: units in a coastal hex 7 hexes from LHA 8; 1 AP: LHA 8 moves 5 hexes, the LCAC
    marker moves 2 into the coastal hex and embarks the units (6 GPSV); next impulse, free, the
    marker moves back to LHA 8: the units go to its Embark Area and the marker leaves the map."""
    units = infantry(3, at="I-8")
    units["1 Log"] = {"type": "usmc_logistics_company", "hex": "I-8"}
    g, lcac = _amphib_game("Amphibious: LCAC", "B-8", units)
    ex = Example(g, {"card": lcac})
    cargo = ("1 Inf", "2 Inf", "3 Inf", "1 Log")
    ex.say(f"I-8 is {lcb_hexes.distance('B-8', 'I-8')} hexes from LHA 8 in B-8")
    g.apply(A.BeginImpulse(BLUE))
    g.apply(A.Declare((A.CoreAction("move_embarked_jcc", ("LHA 8",), jcc="Amphibious: LCAC"),)))
    g.apply(A.Move(1, tuple(water_path(g, "B-8", "G-8"))))
    g.apply(A.PlayCard(lcac, "A", cargo, "I-8", action=1))
    m = _marker(g, lcac)
    ex.ids["marker"] = m.mid
    ex.say(f"LHA 8 moved 5 MP to G-8; {m.mid} moved 2 into I-8 and embarked {', '.join(m.cargo)}")
    next_blue_impulse(g)
    g.apply(A.MarkerAction(m.mid, path=water_path(g, "I-8", "G-8"), then="reembark"))
    ex.say(f"Next impulse, free: back to G-8; aboard LHA 8: "
           f"{', '.join(u for u in cargo if g.state.units[u].embarked_on == 'LHA 8')}; marker on the map: "
           f"{m.mid in g.state.card_markers}; card deployed: {g.state.cards[lcac].deployed}")
    return ex


# ---------------------------------------------------------------- 12.3 ports
def ex_12_3() -> Example:
    """Patrick: 1 AP: LHA 8 moves into an unoccupied large-port hex and disembarks 8 GPSV; an
    orange cube goes on the port; next turn 8 GPSV more for free.  The text's 6 infantry + 1
    logistics company "(2 GPSV)" is 9 GPSV by 10.11 (3 for a logistics company, facts 6.7): by
    the rules that load is refused, and 5 platoons + the company (8 GPSV) land."""
    units = infantry(13, host="LHA 8")
    units["1 Log"] = {"type": "usmc_logistics_company", "embarked_on": "LHA 8"}
    g = coast_game({"LHA 8": {"type": "usn_lhd", "hex": "G-5"}, **units})
    ex = Example(g)
    g.apply(A.BeginImpulse(BLUE))
    g.apply(A.Declare((A.CoreAction("move_combat", ("LHA 8",)),)))
    g.apply(A.Move(1, tuple(water_path(g, "G-5", "I-5"))))
    printed = ("1 Inf", "2 Inf", "3 Inf", "4 Inf", "5 Inf", "6 Inf", "1 Log")
    ex.ids["printed"] = A.PortTransfer("LHA 8", printed, action=1)
    ex.say(f"As printed (6 platoons + the company): legal {g.is_legal(ex.ids['printed'])} -- 9 GPSV by 10.11")
    first = ("1 Inf", "2 Inf", "3 Inf", "4 Inf", "5 Inf", "1 Log")
    g.apply(A.PortTransfer("LHA 8", first, action=1))
    ex.say(f"Disembarked in I-5: {', '.join(_ashore(g, first))} (8 GPSV); orange cube: {plain(g.state.port_cubes)}")
    ex.ids["ninth"] = A.PortTransfer("LHA 8", ("6 Inf",), action=None)
    next_blue_impulse(g)
    second = tuple(f"{i} Inf" for i in range(6, 14))
    g.apply(A.PortTransfer("LHA 8", second))
    ex.say(f"Next turn, free with the cube: {len(_ashore(g, second))} platoons more; AP {g.impulse.ap}")
    return ex


def ex_12_54() -> Example:
    """Patrick: LHA 8 moves into a port hex for 1 AP and embarks 8 GPSV from the hex; the orange
    cube is placed; next turn another 8 GPSV for free."""
    g = coast_game({"LHA 8": {"type": "usn_lhd", "hex": "G-5"}, **infantry(16, at="I-5")})
    ex = Example(g)
    g.apply(A.BeginImpulse(BLUE))
    g.apply(A.Declare((A.CoreAction("move_combat", ("LHA 8",)),)))
    g.apply(A.Move(1, tuple(water_path(g, "G-5", "I-5"))))
    first = tuple(f"{i} Inf" for i in range(1, 9))
    g.apply(A.PortTransfer("LHA 8", first, embark=True, action=1))
    ex.say(f"Embarked: {sum(g.state.units[u].embarked_on == 'LHA 8' for u in first)} platoons; "
           f"cube: {plain(g.state.port_cubes)}")
    next_blue_impulse(g)
    second = tuple(f"{i} Inf" for i in range(9, 17))
    g.apply(A.PortTransfer("LHA 8", second, embark=True))
    ex.say(f"Next turn, free: {sum(g.state.units[u].embarked_on == 'LHA 8' for u in second)} more")
    return ex


# ---------------------------------------------------------------- 12.4 reinforcements
def ex_12_42() -> Example:
    """Emmy: C-130 Hercules flies 6 GPSV of new ground units to a friendly occupied airport hex;
    the enemy INTERCEPTs with 3 IAMD dice, 2 succeed: 4 GPSV are removed (2 per success); the
    2 GPSV left land, expended until the next turn.  The pool: three IAMD sections (2 GPSV each)."""
    g = coast_game({"Guard": {"type": "usmc_infantry_platoon", "hex": "J-8"},
                    "DDG-1": {"type": "rubf_ddg", "hex": "H-7"}, "DDG-2": {"type": "rubf_ddg", "hex": "H-9"}},
                   {"US": ["C-130 Hercules"]}, forced=[2, 15, 9])
    g.state.reinforcements = {**g.state.reinforcements,
                              "US": [{"uid": f"R{i}", "type": "usmc_iamd_section", "task_force": BLUE} for i in (1, 2, 3)]}
    c130 = cid(g, "C-130 Hercules")
    ex = Example(g, {"card": c130})
    g.apply(A.BeginImpulse(BLUE))
    g.apply(A.Declare((A.CoreAction("play_jcc", jcc="C-130 Hercules"),)))
    g.apply(A.PlayCard(c130, "A", ("R1", "R2", "R3"), "J-8", action=1))
    answer_windows(g, [A.CardIntercept("DDG-1", "INT1", 2), A.CardIntercept("DDG-2", "INT1", 1)])
    arrived = [u for u in ("R1", "R2", "R3") if u in g.state.units]
    ex.say("IAMD dice 2, 15 (DDG-1) and 9 (DDG-2) at CV 10: 2 successes -> 4 GPSV removed")
    ex.say(f"Arrived in J-8: {', '.join(arrived)} (face down {not g.state.units['R1'].revealed}, expended "
           f"{g.state.units['R1'].expended}); pool left: {g.state.reinforcements['US']}")
    ex.say(f"C-130 Hercules: {g.state.cards[c130].where}")
    return ex


def ex_12_43() -> Example:
    """Charlie: Littoral Movement: an unrevealed ISR marker picks up 4 GPSV in a friendly coastal
    hex and moves 4 MP through water; next turn 4 MP more, it lands the units on another coastal
    hex, then the card and the marker are discarded."""
    g = coast_game(infantry(4, at="I-4"), {"US": ["Littoral Movement"]})
    lm = cid(g, "Littoral Movement")
    ex = Example(g, {"card": lm})
    names = tuple(f"{i} Inf" for i in range(1, 5))
    g.apply(A.BeginImpulse(BLUE))
    g.apply(A.Declare((A.CoreAction("play_jcc", jcc="Littoral Movement"),)))
    g.apply(A.PlayCard(lm, "A", names, "I-4", action=1))
    m = _marker(g, lm)
    ex.ids["marker"] = m.mid
    leg1 = ("H-4", "H-5", "H-6", "H-7")
    g.apply(A.MarkerAction(m.mid, path=leg1))
    ex.say(f"{m.mid} face down picks up {', '.join(names)} in I-4, moves 4 MP to {g.state.card_markers[m.mid].hex}")
    next_blue_impulse(g)
    g.apply(A.MarkerAction(m.mid, path=("H-8", "H-9", "H-10", "I-10"), then="unload"))
    ex.say(f"Next turn: 4 MP more to I-10 and lands them: {', '.join(_ashore(g, names))} in I-10")
    ex.say(f"Card {g.state.cards[lm].where}, marker on the map {m.mid in g.state.card_markers}")
    return ex


EXAMPLES = {"12.1": ex_12_1, "12.12": ex_12_12, "12.13": ex_12_13, "12.24": ex_12_24, "12.25": ex_12_25,
            "12.26 ex. 1": ex_12_26_lcac, "12.26 ex. 2": ex_12_26_lcu, "12.3": ex_12_3, "12.42": ex_12_42,
            "12.43": ex_12_43, "12.52": ex_12_52, "12.53": ex_12_53, "12.54": ex_12_54}
"""Example label -> its staging function."""
