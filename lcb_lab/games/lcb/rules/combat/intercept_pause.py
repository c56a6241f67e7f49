"""Whether the defender is asked to INTERCEPT (7.53, 7.54), decided from what the attacker knows.

Asking only when some interceptor is truly eligible would tell the attacker that a face-down
counter in range holds INTERCEPT supply.  So the game pauses for the defender's INTERCEPT
answer exactly when the *attacker* cannot rule an interceptor out
(:func:`attacker_cannot_rule_out`), from what it sees of the defender on the map
(:func:`lcb_lab.games.lcb.observer.knows`) and the public catalog and decks:

* a counter it sees face up is judged on its printed values, supply, paralysis and distance
  (all shown, 4.3), and -- carrying an Attached card (the other team sees that it carries one,
  not which, 9.02) -- may have any INTERCEPT value of an Attached card its type may host (9.31);
* a back (unit or MILDEC alike, 6.11) may be any unit type of its team that may stand in its
  hex (5.11: ships in water, ground units on land), with any Attached card that type may host;
* an unrevealed enemy submarine is not seen at all (14.03) and no submarine type has an
  INTERCEPT value;
* a value counts when it answers the kind of LRS (7.510: BMD values only ballistic ones), its
  range reaches the target, and the counter is no farther from the target than one of the
  attackers (7.53, judged per attack).

Every truly eligible interceptor is such a counter, so the defender is always asked when it
may intercept; its options stay its true eligible interceptors (when there are none, it answers
"no INTERCEPT" -- and the attacker has learnt nothing).
"""
from __future__ import annotations

from lcb_lab.games.lcb import observer
from lcb_lab.games.lcb.choice_options import Target
from lcb_lab.games.lcb.model.board import place_problem
from lcb_lab.games.lcb.model.catalog import UnitType
from lcb_lab.games.lcb.model.state import Marker, Unit
from lcb_lab.games.lcb.rules.cards.cvs import type_is_bmd
from lcb_lab.games.lcb.rules.combat.intercept import OFF_MAP, target_piece
from lcb_lab.games.lcb.rules.common import Ctx, dist
from lcb_lab.games.lcb.model.fixed_memo import memo


def _counts(bmd: bool, ballistic: bool | None) -> bool:
    """Whether a value of this kind answers an LRS of that kind (7.510; None: mixed, both)."""
    return ballistic is None or bmd == ballistic


def _widest(cvs, bmd: bool, ballistic: bool | None) -> int:
    """The widest INTERCEPT range among ``cvs`` answering ``ballistic`` LRS; -1 for none."""
    if not _counts(bmd, ballistic):
        return -1
    return max((OFF_MAP if cv.range is None else cv.range for cv in cvs if cv.kind == "INT"), default=-1)


def _card_reach(ctx: Ctx, team: str, ut: UnitType, ballistic: bool | None) -> int:
    """The widest INTERCEPT range an Attached card of ``team``'s deck that a ``ut`` may host gives (9.31).
    Worked out once per catalog and decks (:mod:`lcb_lab.games.lcb.model.fixed_memo`)."""
    if ctx.decks is None:
        from lcb_lab.games.lcb.model.cards import load_decks
        ctx.decks = load_decks()
    facts = memo(ctx.catalog, ctx.decks)
    key = ("card_reach", team, id(ut), ballistic)
    got = facts.get(key)
    if got is None or got[0] is not ut:
        got = facts[key] = (ut, _card_reach_of(ctx, team, ut, ballistic))
    return got[1]


def _card_reach_of(ctx: Ctx, team: str, ut: UnitType, ballistic: bool | None) -> int:
    cards = (ctx.ctype(n, team) for n in ctx.decks.names(team))
    return max((_widest(ct.cvs, type_is_bmd(ct), ballistic) for ct in cards if ct.attached and ct.host_allowed(ut)),
               default=-1)


def _type_reach(ctx: Ctx, ut: UnitType, ballistic: bool | None) -> int:
    """The widest INTERCEPT range a unit of type ``ut`` may have, its own or an Attached card's."""
    own = max((_widest([cv], bool(getattr(cv, "bmd", False)), ballistic) for cv in ut.cvs_of("INT")), default=-1)
    return max(own, _card_reach(ctx, ut.team, ut, ballistic))


def _back_reach(ctx: Ctx, team: str, hex_label: str, ballistic: bool | None) -> int:
    """The widest INTERCEPT range a back of ``team`` in ``hex_label`` may have: any unit type that
    may stand there (5.11; never a submarine, 14.03), with any card it may host.  Worked out once
    per catalog, board and decks (:mod:`lcb_lab.games.lcb.model.fixed_memo`)."""
    if ctx.decks is None:
        from lcb_lab.games.lcb.model.cards import load_decks
        ctx.decks = load_decks()
    facts = memo(ctx.catalog, ctx.board, ctx.decks)
    key = ("back_reach", team, hex_label, ballistic)
    got = facts.get(key)
    if got is None:
        got = facts[key] = _back_reach_of(ctx, team, hex_label, ballistic)
    return got


def _back_reach_of(ctx: Ctx, team: str, hex_label: str, ballistic: bool | None) -> int:
    types = [t for t in ctx.catalog.units.values() if t.team == team and t.domain != "submarine"
             and place_problem(ctx.board, hex_label, t.is_naval, t.type_id) is None]
    return max((_type_reach(ctx, t, ballistic) for t in types), default=-1)


def _could_intercept(ctx: Ctx, attacker: str, c, t: Target, farthest: int, ballistic: bool | None,
                     eligible: set[str]) -> bool:
    """Whether ``attacker`` cannot rule out that defender counter ``c`` (a unit or a MILDEC)
    intercepts an LRS on target ``t`` (module doc); ``farthest``: the distance of the farthest
    attack on it (7.53); ``eligible``: the units with an eligible value in ``t``'s interceptors."""
    d = dist(c.hex, t.hex)
    if d > farthest:
        return False                               # farther than every attacker (7.53)
    if not observer.knows(ctx.state, attacker, c):
        return d <= _back_reach(ctx, c.team, c.hex, ballistic)
    uid = getattr(c, "uid", None)
    if uid is None:
        return False                               # a MILDEC seen face up: no values (4.22)
    if c.attachments and d <= _card_reach(ctx, c.team, ctx.utype(c), ballistic):
        return True
    # its own eligible values; an eligible Attached card's too: in a legal state the line above already
    # counts it (9.31), and a staged host outside 9.31 must still be asked, never skipped
    return uid in eligible


def attacker_cannot_rule_out(ctx: Ctx, targets: tuple[Target, ...], attacker: str) -> bool:
    """True when team ``attacker`` cannot rule out an INTERCEPT of one of its LRS ``targets``
    (the :class:`~lcb_lab.games.lcb.choice_options.Target` s of the INTERCEPT choice, 7.53, 7.54): some
    counter of the defender it sees on the map may hold an answering INTERCEPT value in range
    of the target, no farther than one of the attackers (module doc).  The game asks the
    defender exactly then."""
    s = ctx.state
    for t in targets:
        team = target_piece(ctx, t.target).team          # a unit, or a transport marker (12.24)
        hexes = [a.hex for a in t.attacks]
        farthest = max((OFF_MAP if h is None else dist(h, t.hex)) for h in hexes) if hexes else 0
        kinds = {a.bmd for a in t.attacks}
        ballistic = kinds.pop() if len(kinds) == 1 else None
        counters = [u for u in s.living(team) if u.on_map and not observer.hidden_sub(u, ctx.catalog, attacker)]
        counters += [m for m in s.markers.values() if m.team == team and not m.destroyed and m.hex]
        eligible = {o.uid for x in (t, *t.attacks) for o in x.interceptors if o.eligible}   # read once per target
        if any(_could_intercept(ctx, attacker, c, t, farthest, ballistic, eligible) for c in counters):
            return True
    return False


def counter_reach(ctx: Ctx, viewer: str, c: Unit | Marker, ballistic: bool | None = None) -> int:
    """The widest INTERCEPT range (hexes; -1: none) ``viewer`` cannot rule out for the other
    team's counter ``c`` (a unit or a MILDEC) beyond the values it sees: a back (6.11) may be any
    unit type that may stand in its hex with any Attached card it may host; a unit seen face up
    carrying Attached cards may have any INTERCEPT value of a card its type may host (9.31); else
    -1 (a face-up unit's own values are shown, 4.3, and judged as they are).  ``ballistic``: the
    kind of LRS answered (7.510; None: any).  Shared with card INTERCEPT (9.011)."""
    if not observer.knows(ctx.state, viewer, c):
        return _back_reach(ctx, c.team, c.hex, ballistic)
    if getattr(c, "uid", None) is not None and c.attachments:
        return _card_reach(ctx, c.team, ctx.utype(c), ballistic)
    return -1
