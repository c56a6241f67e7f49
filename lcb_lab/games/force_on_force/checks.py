"""Whether an act is allowed now, without changing anything: each ``check_*`` raises
:class:`~lcb_lab.kernel.errors.IllegalAction` naming the text's line (``l.N``) its reason
paraphrases.  The handlers (:mod:`.handlers`) call them first; :mod:`.legal` lists what passes.
Refusals never depend on what the acting side may not know (a hidden enemy unit it has not
spotted is refused the same way wherever it is)."""
from __future__ import annotations

from typing import Any

from lcb_lab.games.force_on_force import actions as A
from lcb_lab.games.force_on_force import geometry
from lcb_lab.games.force_on_force.model.units import Unit
from lcb_lab.games.force_on_force.observer import knows
from lcb_lab.games.force_on_force.rules import breach, crossing, overwatch, spotting
from lcb_lab.games.force_on_force.rules.movement import check_move
from lcb_lab.kernel import choices as K
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.kernel.explain import possessive


def own(g: Any, name: str, side: str) -> Unit:
    """``side``'s living unit ``name``. Raises IllegalAction."""
    u = g.state.units.get(name)
    if u is None or u.side != side:
        raise IllegalAction("l.172", f"{side} has no unit called {name}")
    if not u.alive:
        raise IllegalAction("l.344", f"{name} has been wiped out")
    return u


def known_enemy(g: Any, u: Unit, name: str) -> Unit:
    """The enemy unit ``name`` that ``u`` may engage: alive, and known to *it* (l.110, l.118-120)."""
    t = g.state.units.get(name)
    if t is None or t.side == u.side or not t.alive or not knows(g.state, u.name, {"unit": name}):
        raise IllegalAction("l.110", f"{u.name} knows no enemy unit {name}: a unit engages only what it has "
                            "spotted")
    return t


def initiative_unit(g: Any, name: str) -> Unit:
    """An initiative unit not yet activated, with no question pending (l.182)."""
    s = g.state
    if s.phase == "over":
        raise IllegalAction("l.170", "the game is over")
    if s.choices:
        raise IllegalAction("l.350", f"the {K.top(s.choices).question} declaration is pending")
    if s.phase != "activate":
        raise IllegalAction("l.405", "Overwatch is being declared: no unit is activated yet")
    u = own(g, name, s.initiative)
    if u.activated:
        raise IllegalAction("l.182", f"{name} has already been activated this turn")
    return u


def check_activate(g: Any, a: A.Activate) -> Unit:
    """An activation's declared move and fire (l.182-186)."""
    u = initiative_unit(g, a.unit)
    if not a.to and not a.fire_at:
        raise IllegalAction("l.182", "an activation moves, fires, or both")
    if a.rapid and not a.to:
        raise IllegalAction("l.186", "a Rapid move needs a point to move to")
    if a.to:
        check_move(g, u, a.to, a.rapid)
    if a.fire_at:
        t = known_enemy(g, u, a.fire_at)
        end = g.table.point(a.to) if a.to else u.pos
        if not geometry.line_of_sight(g.table, end, t.pos):
            raise IllegalAction("l.186", f"{t.name} will not be in {possessive(u.name)} line of sight")
    return u


def check_breach(g: Any, a: A.Breach) -> tuple[Unit, Unit]:
    """The breaching unit and its target (l.5)."""
    u = initiative_unit(g, a.unit)
    t = known_enemy(g, u, a.target)
    breach.check(g, u, t)
    return u, t


def check_simple(g: Any, a: Any) -> Unit:
    """Hide, Spot, Artillery and Cross: the unit, checked (l.124, l.114, l.88, l.39/l.52)."""
    u = initiative_unit(g, a.unit)
    if isinstance(a, A.Hide):
        spotting.check_hide(g, u)
    elif isinstance(a, A.Spot):
        try:
            f = g.table.feature(a.feature)
        except KeyError:
            raise IllegalAction("l.114", f"there is no terrain feature called {a.feature}") from None
        if f.kind in ("water", "cliff", "light"):
            raise IllegalAction("l.110", f"{f.name} is not terrain a unit can hide in")
        if geometry.polygon(f).distance(geometry.Point(u.pos)) > spotting.OPTIMUM_RANGE[u.tq]:
            raise IllegalAction("l.114", f"{f.name} is beyond {possessive(u.name)} Optimum Range")
    elif isinstance(a, A.Artillery):
        t = known_enemy(g, u, a.target)
        if not geometry.line_of_sight(g.table, u.pos, t.pos):
            raise IllegalAction("l.88", f"{u.name} cannot see {t.name} to call the salvo (sandbox)")
    elif isinstance(a, A.Cross):
        crossing.check(g, u, a.obstacle)
    return u


def pending(g: Any, side: str, question: str) -> Any:
    """The pending question ``question`` for ``side``. Raises IllegalAction."""
    c = K.top(g.state.choices)
    if c is None or c.question != question or c.side != side:
        raise IllegalAction("l.350" if question == "react" else "l.407", f"no {question} declaration is asked of "
                            f"{side} now")
    return c


def check_react(g: Any, a: A.React) -> Unit:
    """A Reaction declaration (l.248-292): the non-initiative unit, checked."""
    s = g.state
    side = s.other(s.initiative)
    pending(g, side, "react")
    u = own(g, a.unit, side)
    init = s.units[s.activation.act.unit]
    if any(r.unit == a.unit for r in s.activation.reactions):
        raise IllegalAction("l.350", f"{a.unit} has already declared its Reaction")
    if u.lost_test:
        raise IllegalAction("l.288", f"{a.unit} lost a Reaction Test this turn: it may not React again")
    act = s.activation.act
    end = g.table.point(act.to) if act.to else init.pos
    if not (geometry.line_of_sight(g.table, u.pos, init.pos) or geometry.line_of_sight(g.table, u.pos, end)):
        raise IllegalAction("l.256", f"{init.name} is not in {a.unit}'s line of sight, nor moving into it (l.352)")
    if a.how == "fire":
        if u.irregular and u.reaction_fired:
            raise IllegalAction("l.290", f"{a.unit} is Irregular: it Reacts with fire only once per turn")
        if u.figures - u.reactions - u.jammed <= 0:
            raise IllegalAction("l.286", f"{a.unit} has no Firepower dice left to React with")
        if a.to or a.rapid:
            raise IllegalAction("l.280", "a fire Reaction does not move")
    elif a.how == "move":
        if u.reaction_moved:
            raise IllegalAction("l.266", f"{a.unit} has made its one Reaction move this turn")
        check_move(g, u, a.to, a.rapid, penalty=float(u.reactions))
    else:
        raise IllegalAction("l.218", f"a Reaction is fire or move, not {a.how!r}")
    return u


def check_interrupt(g: Any, a: A.Interrupt) -> Unit:
    """An Overwatch interrupt (l.407-409), or Opportunity Fire by an initiative unit not yet
    activated (l.324): it sees the reacting unit now or where its Reaction move ends."""
    pending(g, g.state.initiative, "interrupt")
    return interrupt_checks(g, a.unit, a.target)


def interrupt_checks(g: Any, unit: str, target: str) -> Unit:
    """:func:`check_interrupt` but the pending question: may ``unit`` interrupt ``target``'s Reaction?"""
    s = g.state
    a = A.Interrupt(unit, target)
    ow = own(g, a.unit, s.initiative)
    r = next((r for r in s.activation.reactions if r.unit == a.target), None)
    if r is None:
        raise IllegalAction("l.407", f"{a.target} has declared no Reaction to interrupt")
    if any(i.overwatch == a.unit and i.target == a.target for i in s.activation.interrupts):
        raise IllegalAction("l.407", f"{a.unit} already interrupts {a.target}")
    if ow.overwatch:
        overwatch.check_interrupt(g, ow, s.units[a.target])
        return ow
    if ow.activated or any(i.overwatch == a.unit for i in s.activation.interrupts):
        raise IllegalAction("l.324", f"{a.unit} is not on Overwatch and has no activation left to give up")
    ends = [s.units[a.target].pos] + ([g.table.point(r.to)] if r.kind == "move" else [])
    if not any(geometry.line_of_sight(g.table, ow.pos, p) for p in ends):
        raise IllegalAction("l.324", f"{a.target} is not and will not be in {a.unit}'s line of sight")
    return ow
