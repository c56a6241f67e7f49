"""What the transport cards carry: Space Values, RP and units picked up ashore (10.1, 12.05, 12.08, 12.21, 12.26, 12.53).

The small queries every transport method shares -- the amphibious landing
(:mod:`lcb_lab.games.lcb.rules.transport.landing`), the lifts (:mod:`lcb_lab.games.lcb.rules.transport.rotary_wing`,
:mod:`lcb_lab.games.lcb.rules.transport.reinforcements`) and the
ports (:mod:`lcb_lab.games.lcb.rules.transport.ports`): a coastal hex (12.21), the GPSV a unit takes with its
Attached cards (10.1), the ``"rp:N"`` target (12.26), the units that may be picked up (12.08,
12.53), and RP delivered into a unit's tracked supply (8.02).
"""
from __future__ import annotations

from lcb_lab.kernel import explain
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.games.lcb.observer_table import enemy_counters_seen
from lcb_lab.games.lcb.model.state import CardMarker, Unit
from lcb_lab.games.lcb.rules.common import Ctx, max_supply, supply_left


def coastal(ctx: Ctx, h: str) -> bool:
    """A coastal hex a landing may use: land and water, not red (12.21)."""
    info = ctx.board.hex(h)
    return info.has_land and info.has_water and info.mp_cost is not None


def space(ctx: Ctx, u: Unit, per_card: int | None = None, per_unit: int | None = None) -> int:
    """The GPSV a unit takes with its Attached cards (10.1; 12.1: ``per_unit`` / ``per_card``
    GPSV each when the transport card says so; else the unit's and the cards' own GPSV)."""
    n = per_unit if per_unit is not None else ctx.utype(u).gpsv
    for c in ctx.state.cards.values():
        if c.where == "attached" and c.host == u.uid and c.in_play:
            try:
                g = ctx.ctype(c).gpsv
            except Exception:              # a card outside the decks: no Space Value known
                g = None
            n += per_card if per_card is not None else (g or 0)
    return n


def rp_token(targets: list[str]) -> tuple[list[str], int | None]:
    """Split ``"rp:N"`` (the RP a resupply run carries) off the targets."""
    rest, n = [], None
    for t in targets:
        if isinstance(t, str) and t.lower().startswith("rp:"):
            try:
                n = int(t[3:])
            except ValueError:
                raise IllegalAction("12.26", f"{t!r}: write the RP carried as rp:<number>") from None
            if n < 1:
                raise IllegalAction("12.26", "carry at least 1 RP")
        else:
            rest.append(t)
    return rest, n


def check_pickup(ctx: Ctx, team: str, uids: list[str], where: str, rule: str) -> list:
    """Friendly ground units in ``where`` that may be carried: not expended by a Core Action
    already (12.08), not landed this turn (12.07)."""
    units = []
    for uid in uids:
        u = ctx.state.units.get(uid)
        if u is None or u.destroyed or u.team != team or u.hex != where:     # one message (6.11)
            raise IllegalAction(rule, f"{uid} is not a friendly unit in {where}")
        if ctx.is_naval(u):
            raise IllegalAction(rule, f"{uid} is a naval unit: only ground units are carried")
        if u.acted or u.expended or u.no_move:
            raise IllegalAction("12.08", f"{uid} has already acted (or landed) this turn: units that are "
                                "expended may not be picked up and carried")
        units.append(u)
    return units


def enemy_in(ctx: Ctx, h: str, team: str) -> bool:
    """Enemy counters in ``h`` as ``team`` sees them (6.11): enemy units on the map (backs included)
    and every enemy MILDEC it sees only as a back, which may be a unit (4.22); not an unseen
    submarine (14.03), nor a face-up MILDEC (a known decoy is no unit).  The same in two worlds
    that look the same to ``team``."""
    return bool(enemy_counters_seen(ctx.state, ctx.catalog, team, h))


def give_rp(ctx: Ctx, u: Unit, n: int, what: str, rules: list[str]) -> int:
    """``n`` RP to unit ``u``'s tracked supply (its CV slots in order, then its Attached cards'),
    never above a slot's starting supply (8.02, 9.33); the rest is lost (sandbox). Returns the RP
    taken."""
    from lcb_lab.games.lcb.rules.cards.effects import fill_supply
    parts, left = fill_supply(ctx, u, n)
    ctx.log(explain.step("resupply", f"{what} to {u.uid}",
                         ("; ".join(parts) or "nothing below its starting supply")
                         + (f"; {left} RP could not be taken and are lost" if left > 0 else ""), rules),
            team=u.team, unit=[u.uid])
    return n - left


def room(ctx: Ctx, u: Unit) -> int:
    """RP unit ``u`` can take before every tracked slot is full (8.02)."""
    from lcb_lab.games.lcb.rules.cards.effects import _tracked_slots
    total = 0
    for slot in _tracked_slots(ctx, u):
        have, cap = supply_left(ctx, u, slot), max_supply(ctx, u, slot)
        if have is not None and cap is not None:
            total += max(0, cap - have)
    return total


# ---------------------------------------------------------------- aboard and ashore
def board(ctx: Ctx, m: CardMarker, u: Unit) -> None:
    """Unit ``u`` goes aboard marker ``m`` (off the map, listed in its cargo; 12.05, 12.53)."""
    u.hex, u.embarked_on = None, None
    if u.uid not in m.cargo:
        m.cargo = [*m.cargo, u.uid]


def deliver(ctx: Ctx, m: CardMarker, u: Unit) -> None:
    """The marker's RP cubes to friendly unit ``u`` in its coastal hex (12.26): into its tracked
    supply, never above the starting supply (8.02); RP it cannot take are lost (sandbox)."""
    n, m.rp = m.rp, 0
    give_rp(ctx, u, n, f"{m.data.get('name', m.mid)}'s {n} RP", ["12.26", "8.02"])
