"""Hidden units, spotting, going into hiding and UAVs (l.108-160).

* A unit within line of sight and Optimum Range of a hidden unit may try to spot it: an opposed
  Troop Quality roll; the spotter needs a modified 4+ *and* more than the hidden unit's die
  (l.114-118).  Modifiers (cumulative, l.150-160) go on the spotter's roll.  A spotted unit stays
  spotted *by that unit* until it moves completely out of its sight (l.120): :func:`forget`.
* Optimum Range depends on Troop Quality (l.114) but is not printed: :data:`OPTIMUM_RANGE` is sandbox.
* A search (:func:`search`) names a terrain feature; the hidden side rolls one die for *each* of its
  hidden units every time, behind the screen (sandbox procedure: the number of rolls tells the
  searcher nothing); only units in or at the edge of the feature, in sight and range, count.
* Going into hiding (l.124-128): out of sight of every opposing unit the hiding side knows of
  (reading: a unit it has not found cannot forbid it), then a Troop Quality Check (sandbox: 4+);
  Stealthy units need no check (l.126); vehicles and guns never (l.128); under an enemy UAV the
  roll is one die type lower (l.138).
* A UAV's owner makes a Detection Check for every hidden enemy unit at the start of each turn
  (l.138): sandbox, the UAV rolls a d8 as the spotter, with the hidden unit's modifiers.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any

from lcb_lab.games.force_on_force import geometry
from lcb_lab.games.force_on_force.model.units import Unit, distance
from lcb_lab.games.force_on_force.observer import note
from lcb_lab.kernel.dice import dN
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.kernel.explain import possessive

OPTIMUM_RANGE = {4: 6.0, 6: 12.0, 8: 18.0, 10: 24.0, 12: 24.0}
"""Sandbox: Optimum Range in inches by Troop Quality die (l.114 names it, prints no value)."""
UAV_DIE = 8
"""Sandbox: the die a UAV's Detection Check rolls (l.138 prints none)."""


def spotter_modifiers(spotter: Unit) -> list[tuple[int, str, str]]:
    """``[(value, rule, why)]`` the spotter's own state puts on its roll (l.152, l.156, l.160)."""
    out = []
    if spotter.rapid:
        out.append((-1, "l.152", "spotter moved Rapidly"))
    if spotter.kind == "vehicle" and spotter.buttoned:
        out.append((-1, "l.152", "spotter is a buttoned-up AFV"))
    if spotter.stealthy:
        out.append((1, "l.156", "spotter is Stealthy"))
    if spotter.optics:
        out.append((1, "l.160", "spotter has advanced optics"))
    return out


def spot_modifiers(spotter: Unit | None, hidden: Unit) -> list[tuple[int, str, str]]:
    """``[(value, rule, why)]`` on the spotter's roll (l.152-160); ``spotter`` None: a UAV."""
    out = spotter_modifiers(spotter) if spotter is not None else []
    if hidden.stealthy:
        out.append((-1, "l.152", "hidden unit is Stealthy"))
    if hidden.camouflaged:
        out.append((-1, "l.154", "hidden unit is camouflaged"))
    if hidden.kind in ("vehicle", "gun"):
        out.append((1, "l.158", "hidden unit is a vehicle or gun"))
    return out


def spots(spot_roll: int, hidden_roll: int) -> bool:
    """The opposed rule on the spotter's modified roll: 4+ and higher (l.116-118)."""
    return spot_roll >= 4 and spot_roll > hidden_roll


def p_spot(spot_tq: int, mod: int, hidden_tq: int) -> Fraction:
    """Exact chance a ``d{spot_tq}`` spotter with modifier ``mod`` spots a ``d{hidden_tq}`` unit."""
    n = sum(1 for a in range(1, spot_tq + 1) for b in range(1, hidden_tq + 1) if spots(a + mod, b))
    return Fraction(n, spot_tq * hidden_tq)


def in_reach(g: Any, spotter: Unit, hidden: Unit) -> bool:
    """Line of sight and Optimum Range (l.114)."""
    return (distance(spotter, hidden) <= OPTIMUM_RANGE[spotter.tq]
            and geometry.line_of_sight(g.table, spotter.pos, hidden.pos))


def search(g: Any, spotter: Unit, feature: str) -> list[str]:
    """``spotter`` searches ``feature`` (module doc); returns the units it spotted."""
    f = g.table.feature(feature)
    m = sum(v for v, _, _ in spotter_modifiers(spotter))
    p4 = Fraction(sum(1 for a in range(1, spotter.tq + 1) if a + m >= 4), spotter.tq)
    note(g, "odds", f"Odds: {spotter.name} rolls a modified 4+ {float(p4):.1%} (it must also beat each hidden "
         "unit's die)", ["l.116"], f"d{spotter.tq} with {m:+d} from the spotter's own modifiers")
    roll = g.dice.roll(1, f"spot {spotter.name}", spotter.die)[0]
    note(g, "spot", f"{spotter.name} searches {feature}: d{spotter.tq} {roll}", ["l.114"], spotter=spotter.name)
    found = []
    for h in sorted((u for u in g.state.units.values() if u.side != spotter.side and u.hidden and u.alive),
                    key=lambda u: u.name):
        counts = geometry.near_edge(f, h.pos) and in_reach(g, spotter, h) and h.name not in spotter.spotted
        mods = spot_modifiers(spotter, h)
        total = roll + sum(v for v, _, _ in mods)
        p = Fraction(sum(1 for b in range(1, h.tq + 1) if spots(total, b)), h.tq) if counts else Fraction(0)
        note(g, "odds", f"Odds: {h.name} (hidden) is spotted {float(p):.1%} (exactly {p})", ["l.116", "l.152"],
             f"{possessive(spotter.name)} modified {total} against d{h.tq}" if counts else
             "not in the feature, in sight and in Optimum Range of the searcher: it cannot be spotted",
             audience=[h.side], unit=h.name)
        hr = g.dice.roll(1, "hidden unit's die (behind the screen)", h.die)[0]
        ok = counts and spots(total, hr)
        note(g, "hidden_roll", f"{h.name} (hidden) rolls d{h.tq} {hr} against {possessive(spotter.name)} {total}: "
             + ("spotted" if ok else "not spotted" if counts else "not in the search"), ["l.116"],
             audience=[h.side], unit=h.name)
        if ok:
            spotter.spotted.append(h.name)
            found.append(h.name)
            note(g, "spotted", f"{spotter.name} spots {h.name} at ({h.x:g}, {h.y:g})", ["l.118", "l.120"],
                 "spotted by this unit until it moves completely out of its sight", spotter=spotter.name,
                 unit=h.name)
    if not found:
        note(g, "spot", f"{spotter.name} finds nothing in {feature}", ["l.116"], spotter=spotter.name)
    return found


def uav_detection(g: Any, side: str) -> None:
    """The UAV's Detection Check for every hidden enemy unit at the start of the turn (l.138)."""
    s = g.state
    note(g, "uav", f"{side}'s UAV makes a Detection Check for every hidden enemy unit", ["l.138"],
         f"sandbox: the UAV rolls a d{UAV_DIE} as the spotter")
    for h in sorted((u for u in s.units.values() if u.side != side and u.hidden and u.alive), key=lambda u: u.name):
        mod = sum(v for v, _, _ in spot_modifiers(None, h))
        p = p_spot(UAV_DIE, mod, h.tq)
        note(g, "odds", f"Odds: the UAV detects {h.name} {float(p):.1%} (exactly {p})", ["l.138"],
             f"d{UAV_DIE}{mod:+d} against d{h.tq}: 4+ and higher", audience=[h.side], unit=h.name)
        a = g.dice.roll(1, "UAV detection", dN(UAV_DIE))[0]
        b = g.dice.roll(1, "hidden unit's die (behind the screen)", h.die)[0]
        ok = spots(a + mod, b) and h.name not in s.uav_spotted[side]
        note(g, "hidden_roll", f"UAV d{UAV_DIE} {a}{mod:+d} against {h.name} d{h.tq} {b}: "
             + ("detected" if ok else "not detected"), ["l.138"], audience=[h.side], unit=h.name)
        if ok:
            s.uav_spotted[side].append(h.name)
            note(g, "spotted", f"{side}'s UAV detects {h.name} at ({h.x:g}, {h.y:g})", ["l.138"], unit=h.name)


def seen_by_known_enemy(g: Any, u: Unit) -> str | None:
    """The first opposing unit ``u``'s side knows of that has ``u`` in sight, or None (l.124)."""
    from lcb_lab.games.force_on_force.observer import knows
    for e in g.state.units.values():
        if e.side != u.side and e.alive and knows(g.state, u.side, {"unit": e.name}) \
                and geometry.line_of_sight(g.table, e.pos, u.pos):
            return e.name
    return None


def check_hide(g: Any, u: Unit) -> None:
    """Raise IllegalAction when ``u`` may not go into hiding (l.124, l.128)."""
    if u.kind in ("vehicle", "gun"):
        raise IllegalAction("l.128", f"{u.name} is a {u.kind}: vehicles and guns hide only at the start")
    if u.hidden:
        raise IllegalAction("l.124", f"{u.name} is already hidden")
    e = seen_by_known_enemy(g, u)
    if e is not None:
        raise IllegalAction("l.124", f"{u.name} is in line of sight of {e}: a unit goes into hiding out of sight")


def hide(g: Any, u: Unit) -> bool:
    """``u`` tries to go into hiding (module doc). Returns whether it hid."""
    check_hide(g, u)
    if u.stealthy:
        note(g, "hide", f"{u.name} is Stealthy and out of sight: it goes into hiding", ["l.126"])
        ok = True
    else:
        tq = max(4, u.tq - 2) if g.state.other(u.side) in g.state.uav else u.tq
        why = " (one Troop Quality lower under the enemy UAV, l.138)" if tq != u.tq else ""
        note(g, "odds", f"Odds: {u.name} passes its Troop Quality Check {(tq - 3) / tq:.1%}", ["l.124"],
             f"sandbox check: d{tq} 4+{why}")
        r = g.dice.roll(1, f"hide {u.name}", dN(tq))[0]
        ok = r >= 4
        note(g, "hide", f"{u.name} Troop Quality Check d{tq} {r}: " + ("goes into hiding" if ok else "fails to hide"),
             ["l.124"] + (["l.138"] if why else []))
    if ok:
        u.hidden = True
        for e in g.state.units.values():
            if u.name in e.spotted:
                e.spotted.remove(u.name)
        for lst in g.state.uav_spotted.values():
            if u.name in lst:
                lst.remove(u.name)
    return ok


def forget(g: Any, moved: Unit) -> None:
    """After ``moved`` moves: every unit that had spotted it and no longer sees it forgets it (l.120)."""
    for e in g.state.units.values():
        if moved.name in e.spotted and not geometry.line_of_sight(g.table, e.pos, moved.pos):
            e.spotted.remove(moved.name)
            note(g, "lost_sight", f"{moved.name} moved out of {possessive(e.name)} sight: no longer spotted by it", ["l.120"])
