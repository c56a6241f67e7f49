"""A transport card's ISR marker exposed: revealed by an enemy naval ZOR (12.23), hit by LRS
(12.24), discarded with everything aboard (12.06).

The marker has no ZOR of its own; :func:`reveal_by_zor` is called by the naval ZOR
(:func:`lcb_lab.games.lcb.rules.movement.conceal.apply_naval_zor`, through the card registry) and
:func:`reveal_by_enemy_zor` by the marker's own moves.  A revealed marker may be the target of
LRS (:func:`lrs_hit`); discarded (:func:`discard`), it takes its cargo with it.
"""
from __future__ import annotations

from typing import Collection

from lcb_lab.kernel import explain
from lcb_lab.kernel.datacodec import touched
from lcb_lab.games.lcb.model.state import CardMarker, Unit, other
from lcb_lab.games.lcb.rules.common import Ctx, names


def reveal_by_enemy_zor(ctx: Ctx, m: CardMarker, hexes: list[str]) -> None:
    """12.23: an enemy naval ZOR reaching a hex of the marker's move reveals it."""
    if m.revealed or not m.data.get("naval"):
        return
    from lcb_lab.games.lcb.rules.movement.conceal import naval_zor_hexes
    for e in ctx.state.living(other(m.team)):
        if e.on_map and ctx.is_naval(e):
            reach = naval_zor_hexes(ctx, e.hex)
            if any(h in reach for h in hexes):
                _reveal(ctx, m, e.uid)
                return


def reveal_by_zor(ctx: Ctx, ship: Unit, reach: Collection[str]) -> None:
    """12.23: ``ship``'s naval ZOR (the hexes ``reach``) reveals the enemy landing-craft markers
    in it (called by :func:`lcb_lab.games.lcb.rules.movement.conceal.apply_naval_zor`)."""
    for m in list(ctx.state.card_markers.values()):
        if m.team != ship.team and not m.revealed and m.data.get("naval") and m.hex in reach:
            _reveal(ctx, m, ship.uid)


def _reveal(ctx: Ctx, m, by: str) -> None:
    m.revealed = True
    title, why = f"Revealed: {m.mid} ({m.data.get('name', 'ISR marker')}) in {m.hex}", \
        "naval ZOR (a landing craft's marker has none of its own)"
    ctx.log(explain.step("reveal", title, f"within {by}'s {why}", ["12.23", "6.23"]), hex=m.hex,
            team=other(m.team), about={"unit": by},          # a face-down ship's ZOR does not name it
            public_title=title, public_text=f"within an enemy {why}")


# ---------------------------------------------------------------- loss
def discard(ctx: Ctx, m: CardMarker, why: str, rules: list[str], lose_cargo: bool = True) -> None:
    """Discard marker ``m`` (12.06): the units and RP aboard are lost with it; a Littoral
    Movement card goes back to the deck (12.43, 9.07); an Amphibious card is discarded (13.22)."""
    lost = [ctx.state.units[uid] for uid in m.cargo] if lose_cargo else []
    if lost:
        from lcb_lab.games.lcb.rules.combat.destruction import host_lost, mark_destroyed
        mark_destroyed(lost)
        host_lost(ctx, lost)
        from lcb_lab.games.lcb.rules.stages.influence import on_kill
        by = other(m.team)
        s = ctx.state
        s.kills = {**s.kills, by: s.kills[by] + len(lost)}
        s.total_kills = {**s.total_kills, by: s.total_kills[by] + len(lost)}
        on_kill(ctx, by, lost)                       # as combat.destroy does (15.0)
    m.cargo, m.rp = [], 0
    del ctx.state.card_markers[m.mid]
    touched(ctx.state, "card_markers")      # in place: the snapshot compares it again
    card = ctx.state.cards.get(m.card)
    if card is not None and card.in_play:
        card.where, card.host, card.hex = "discarded", None, None
    ctx.log(explain.step("transport", f"{m.mid} is discarded" + (f" with {names(lost)}" if lost else ""),
                         why, ["12.06"] + rules), hex=m.hex, team=m.team, about=[{"unit": u.uid} for u in lost],
            public_title=f"{m.mid} is discarded with {len(lost)} unit(s) aboard", public_text=why)   # cargo: 12.2x


def lrs_hit(ctx: Ctx, mid: str, hits: int, by_team: str) -> bool:
    """12.24: LRS hits on a revealed transport marker; at its HP it is discarded with its units
    (12.06).  Returns True when discarded."""
    m = ctx.state.card_markers.get(mid)
    if m is None or hits <= 0:
        return False
    if hits < m.hp:
        m.hp -= hits
        return False
    discard(ctx, m, f"hit by {by_team}'s LRS: the marker and everything aboard are lost", ["12.24"])
    return True
