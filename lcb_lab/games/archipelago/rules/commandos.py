"""Garrisons and commandos (level 4, l.646-693).

* A **garrison** (Ga marker) holds each base's island (l.596, l.650): ``state.garrisons`` maps the
  island's name (:meth:`~lcb_lab.games.archipelago.model.board.Board.islands`) to its owner; it
  never moves and falls only to commandos.
* **Commandos** (C markers, two a side, l.656) stand on islands (``state.commandos``) or ride a
  hovercraft (a ``"C"`` on its panel, one at most, l.618).
* :func:`embark` -- a hovercraft on or beside an island takes one own C marker from it (l.618); like
  loading it needs a hovercraft that has not moved this turn and holds it for the turn (*reading*
  of l.612's "approach - load - depart").
* :func:`land` -- after its movement a hovercraft carrying a C marker on or beside an island lands
  it (l.658): an act like a shot (one a turn, ends the movement).  On an island without enemy
  units the C marker just stays there; else the fight (l.661-674): the defender's commandos fight
  first (red against red), then the garrison (red against green); ties are rolled again (l.661); the
  loser's marker leaves; the attacker goes on while it wins.  Beating the garrison captures the
  island (the Ga marker leaves, the C marker stays, l.663); capturing the enemy's Base A wins the
  game (l.680, l.696).
* Optional rule l.600 / l.676 (switch ``"l.600"``): the commandos' places on islands are written on
  paper (``Commando.secret``), hidden from the other player (:mod:`~lcb_lab.games.archipelago.observer`);
  a paper is shown when its unit is taken aboard (l.620) or fights (l.676).  *Reading*: a unit not
  yet shown does not stop enemy helicopters landing (l.690): the enemy cannot know of it.
* A captured enemy Base B (:mod:`.base_b`, l.682-688): the commandos stay (fuel for the capturer),
  leave (nobody's: fuel for both) or blow up its storage (act ``A.BlowStorage``, l.686).
* Level 5 (:mod:`.expanded`): a landing boat lands commandos as a hovercraft does (l.1029,
  l.1041); so does the submarine S-32, one C marker instead of one of its three torpedoes
  (l.1123), taken aboard and landed only on the surface (l.1133, l.1167; *reading*: from an island
  beside it, as a hovercraft); :func:`occupy` is the arrival on an island part, by landing or by :func:`walk` across an
  own road or bridge (l.819-821); Base A is captured when every island part of it is held (l.821).
"""
from __future__ import annotations

from typing import Any

from lcb_lab.games.archipelago import chance
from lcb_lab.games.archipelago.dice import GREEN, RED
from lcb_lab.games.archipelago.model.state import Commando, other
from lcb_lab.games.archipelago.rules import base_b, expanded
from lcb_lab.games.archipelago.rules.airlift import carrier
from lcb_lab.games.archipelago.rules.armament import fits
from lcb_lab.games.archipelago.rules.common import cls_of, log, own_piece, pct
from lcb_lab.games.archipelago.rules.scenarios import no_capture
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.kernel.hexgrid import distance


def near(g: Any, point: Any, island: str) -> bool:
    """Whether ``point`` lies on ``island`` or next to it (l.618, l.658)."""
    pts = g.board.islands().get(island, frozenset())
    return any(distance(point, q) <= 1 for q in pts)


def _hovercraft(g: Any, pid: str, island: str, rule: str) -> Any:
    s = g.state
    p = own_piece(s, pid, rule, "carry commandos")
    if p.kind != "hovercraft" and not cls_of(p).extra.get("lands"):
        return carrier(g, p, pid, island, rule)
    if p.aboard:
        raise IllegalAction("l.1043", f"{pid} is inside {p.aboard}'s well dock: it exits first")
    if p.submerged:                            # S-32 (l.1123): loading and landing on the surface
        raise IllegalAction("l.1133" if rule == "l.618" else "l.1167",
                            f"{pid} is submerged: it surfaces to {'take commandos aboard' if rule == 'l.618' else 'land its commandos'}")
    if island not in g.board.islands():
        raise IllegalAction(rule, f"{island!r} is not an island of the board")
    if not near(g, p.at, island):
        raise IllegalAction(rule, f"{pid} is not on or beside {island}")
    return p


def _room(p: Any) -> bool:
    """Whether ``p`` takes one more C marker: its row's ``commandos`` count (the missile frigate one,
    l.870), else what its panel fits (l.874)."""
    c = cls_of(p)
    if "commandos" in c.extra:
        instead = c.extra.get("commandos_for")          # S-32: one C instead of one T (l.1123)
        full = instead is not None and p.ammo.count(instead) + p.ammo.count("C") >= c.capacity(instead)
        return p.ammo.count("C") < int(c.extra["commandos"]) and not full
    return fits(p, ["C"])


def embark(g: Any, pid: str, island: str) -> None:
    """Hovercraft ``pid`` takes one own C marker from ``island`` (module docstring)."""
    s = g.state
    p = _hovercraft(g, pid, island, "l.618")
    unit = next((c for c in s.commandos if c.owner == p.owner and c.island == island), None)
    if unit is None:
        raise IllegalAction("l.618", f"no commandos of {p.owner} on {island}")
    if p.moved or p.held:
        raise IllegalAction("l.612", f"{pid} must start the turn there and not move to load")
    if p.kind == "hovercraft" and p.ammo:
        raise IllegalAction("l.622", f"{pid}'s cargo space holds {p.ammo[0]} already (one marker)")
    if p.kind != "hovercraft" and not _room(p):
        rule = {"missile_frigate": "l.870", "submarine_s32": "l.1123"}.get(p.kind, "l.874")
        raise IllegalAction(rule, f"{pid}'s panel has no room for a unit of commandos"
                            + (" (one instead of one of its three torpedoes)" if rule == "l.1123" else ""))
    shown = " and shows its paper (l.620)" if unit.secret else ""
    s.commandos.remove(unit)
    p.ammo.append("C")
    p.held = True
    log(g, "commandos", f"{pid} takes commandos aboard from {island}", f"One C marker leaves the island{shown}; "
        "the hovercraft does not move this turn (l.612, l.618).", ["l.618", "l.620"] if shown else ["l.618"], piece=pid)


def defenders(s: Any, island: str, owner: str) -> list[str]:
    """The enemy units on ``island`` in fighting order: commandos first, then the garrison (l.670)."""
    out = ["commandos" for c in s.commandos if c.island == island and c.owner != owner]
    return out + (["garrison"] if s.garrisons.get(island) not in (None, owner) else [])


def check_land(g: Any, pid: str, island: str) -> Any:
    """The hovercraft of a landing the rules allow (module docstring). Raises IllegalAction."""
    if g.state.phase == "start":
        raise IllegalAction("l.658", "commandos land after the movement: roll the blue dice first")
    p = _hovercraft(g, pid, island, "l.658")
    no_capture(g, island, p.owner)
    if "C" not in p.ammo:
        raise IllegalAction("l.658", f"{pid} carries no commandos")
    if p.fired:
        raise IllegalAction("l.658", f"{pid} has acted this turn already")
    return p


def land(g: Any, pid: str, island: str) -> None:
    """Hovercraft ``pid`` lands its commandos on ``island`` (module docstring)."""
    s = g.state
    p = check_land(g, pid, island)
    p.ammo.remove("C")
    p.fired = True
    s.phase = "fire"
    log(g, "commandos", f"{p.owner}'s commandos land on {island} from {pid}", "Landing is an act like a shot "
        "(l.658); the defenders fight one at a time, commandos before the garrison (l.670, l.674).",
        ["l.658", "l.670"], piece=pid)
    occupy(g, p.owner, island)


def occupy(g: Any, owner: str, island: str) -> None:
    """``owner``'s C marker arrives on ``island`` (landing, or walking across a road at level 5):
    :func:`ashore` against the enemy units there (:func:`defenders`)."""
    ashore(g, owner, island, defenders(g.state, island, owner))


def ashore(g: Any, owner: str, island: str, foes: list[str]) -> None:
    """``owner``'s unit of commandos, just set ashore on ``island``, fights ``foes`` in turn
    (:func:`defenders`, l.661-674) and holds the island if it wins (l.663, l.690); capturing the
    enemy's Base A wins the game (l.680; at level 5 every island part of it, l.821). Used by a
    landing, a walk across a road (l.819) and a helicopter's descent (l.890)."""
    s = g.state
    for foe in foes:
        if not _fight(g, owner, island, foe):
            return
    s.commandos.append(Commando(owner, island, since=s.turn if s.level >= 5 else 0))   # level 5: walks later (l.819)
    beaten = s.garrisons.get(island) == other(owner)
    if beaten:
        del s.garrisons[island]
    log(g, "commandos", f"{owner}'s commandos hold {island}", "The C marker stays on the island (l.663, l.690).",
        ["l.663", "l.690"], island=island)
    if beaten:
        base_b.note_capture(g, island, owner)                # a Base B: its options (l.684-686)
    pts = g.board.islands().get(island, frozenset())
    base = next((b for b in g.board.bases.values() if b.kind == "A" and b.owner == other(owner)
                 and (b.name == island or any(q in pts for q in b.points))), None)
    if base is None or s.over:
        return
    if s.level >= expanded.LEVEL and not expanded.captured(g, base.name, owner):
        log(g, "commandos", f"{base.name} is not yet taken", f"Its other island part must be held too (l.821): "
            f"{', '.join(expanded.base_parts(g.board, base.name))}.", ["l.821"], island=island)
        return
    from lcb_lab.games.archipelago.rules.victory import finish
    finish(g, owner, f"{owner}'s commandos capture {base.name}", "l.680")


def _fight(g: Any, attacker: str, island: str, foe: str) -> bool:
    """One fight: the attacker's red against the defender's red (commandos) or green (garrison),
    ties again (l.661); True when the attacker wins."""
    s = g.state
    defender = other(attacker)
    if foe == "commandos":
        unit = next(c for c in s.commandos if c.island == island and c.owner == defender)
        if unit.secret:
            unit.secret = False
            log(g, "commandos", f"{defender} shows a paper: commandos on {island}", "The defender shows the paper of "
                "the unit that fights (l.676).", ["l.676"], island=island)
    die = GREEN if foe == "garrison" else RED
    odds = chance.fight("green" if foe == "garrison" else "red")
    log(g, "odds", f"commandos against the {foe} of {island}: {pct(odds)} for the attacker",
        f"Red against {'green' if foe == 'garrison' else 'red'}; the bigger wins, a tie is rolled again (l.661, l.670).",
        ["l.661", "l.670"], p_win=odds)
    while True:
        a = g.dice.roll(1, f"commandos of {attacker}", RED)[0]
        d = g.dice.roll(1, f"{foe} of {defender}", die)[0]
        if a != d:
            break
        log(g, "fight", f"red {a} against {d}: a tie, rolled again", "Equal numbers are rolled again (l.661).",
            ["l.661"], roll=[a, d])
    if a < d:
        log(g, "fight", f"red {a} against {d}: the attacking commandos are destroyed", "The defender wins; the "
            "attacker's C marker leaves (l.662, l.671).", ["l.662", "l.671"], roll=[a, d])
        return False
    if foe == "garrison":
        log(g, "fight", f"red {a} against green {d}: the garrison of {island} is destroyed", "The attacker wins: the "
            "Ga marker leaves the board (l.663).", ["l.663"], roll=[a, d])
    else:
        s.commandos.remove(next(c for c in s.commandos if c.island == island and c.owner == defender))
        log(g, "fight", f"red {a} against red {d}: the defending commandos are destroyed", "Their C marker leaves; "
            "the fight goes on with the next defender (l.672, l.674).", ["l.672", "l.674"], roll=[a, d])
    return True


def walk(g: Any, start: str, to: str) -> None:
    """Level 5: one C marker of the player to move walks from island part ``start`` to ``to``
    across its own road or bridge (:mod:`.expanded`, l.819-821); a fight when enemy units hold
    ``to``. Raises IllegalAction."""
    s = g.state
    unit = expanded.check_walk(g, start, to)
    f = expanded.crossing(g.board, start, to)
    rule = "l.819" if f.kind == "dynamite" else "l.821"
    s.commandos.remove(unit)
    shown = "; its paper is shown (reading, as boarding shows it, l.620)" if unit.secret else ""
    log(g, "commandos", f"{s.to_move}'s commandos walk from {start} to {to}", f"Across {f.name}: only "
        f"{f.owner}'s commandos cross it ({rule}); on a later turn than they landed (l.819){shown}.",
        [rule, "l.620"] if shown else [rule], island=to)
    occupy(g, s.to_move, to)
