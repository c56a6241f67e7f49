"""Fortification markers (13.5): obstacles and protection built by Combat Engineers.

* ``fortify`` effect (13.51; "Combat Engineers", Attached Persistent): the host builds a
  Fortification in the target hex (within the effect's ``range`` of the host: 2 hexes in the
  13.51 ex.) or improves it one level, up to ``args.levels`` (2, the limit).  One marker per hex
  (``CardMarker(kind="fortification")``, ``level`` 1-2, face up, the team that built it).
* Where (13.52): a *friendly* land or mixed hex -- holding friendly units and no enemy unit --
  never a contested, naval or impassable (red) hex.  The refusals are checked before any roll.
* The host may not move in that impulse (13.51): it is refused when it already moved this
  impulse, and it gets ``no_move`` (cleared at the end of the turn; units move once a turn
  anyway, 5.16).
* CV modifiers, added to the terrain's (7.09): a level-1 Fortification gives the attacker's
  GROUND ASSAULT CV -2, level 2 gives GA -4 and an attacking LRS -2, on the hex's units of the
  fortification's team (13.51; 13.53: never captured -- an enemy in the hex gets nothing).
  :func:`ga_modifiers`, :func:`lrs_modifiers` (hunks in ``combat`` and ``network``).
* End of turn (13.53): a Fortification whose hex holds no unit of its team is removed.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from lcb_lab.kernel import explain
from lcb_lab.kernel.datacodec import touched
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.games.lcb.model.state import CardMarker, GameState
from lcb_lab.games.lcb.observer_table import enemy_counters_seen
from lcb_lab.games.lcb.rules.markers.placement import as_hex, rolled
from lcb_lab.games.lcb.rules.common import Ctx, dist

if TYPE_CHECKING:
    from lcb_lab.games.lcb.model.cards import CardType, Effect
    from lcb_lab.games.lcb.model.state import Card, CardPlay

LEVEL_MODS = {1: (-2, 0), 2: (-4, -2)}
"""Level -> (GA CV, LRS CV) for the attacker (13.51)."""


def fort_in(state: GameState, h: str) -> CardMarker | None:
    """The Fortification marker in hex ``h``, or None."""
    return next((m for m in state.card_markers.values() if m.kind == "fortification" and m.hex == h), None)


def _defended(state: GameState, h: str, attacker: str) -> CardMarker | None:
    m = fort_in(state, h)
    return m if m is not None and m.team != attacker else None


def ga_modifiers(state: GameState, h: str, attacker: str) -> list:
    """The attacker's GA CV modifier from a Fortification in ``h`` (13.51): ``[(name, -2|-4, "13.51")]``."""
    m = _defended(state, h, attacker)
    return [(f"Fortification level {m.level}", LEVEL_MODS[m.level][0], "13.51")] if m else []


def lrs_modifiers(state: GameState, attacker: str, h: str | None, target_is_naval: bool) -> list:
    """An attacking LRS CV modifier from a level-2 Fortification in ``h`` (13.51), for a ground target."""
    if h is None or target_is_naval:
        return []
    m = _defended(state, h, attacker)
    return [("Fortification level 2", LEVEL_MODS[2][1], "13.51")] if m and m.level >= 2 else []


def check_hex(ctx: Ctx, team: str, h: str) -> None:
    """Refuse a hex 13.52 forbids: not friendly (only friendly units), contested, naval, impassable.
    The enemy there is what ``team`` knows (6.11): its units and every enemy counter it sees only
    as a back (a face-down Naval MILDEC looks like a ship, 4.22), never an unseen submarine
    (14.03); the same in two worlds that look the same to ``team``."""
    info = ctx.board.hex(h)
    if info.mp_cost is None:
        raise IllegalAction("13.52", f"{h} is impassable: no Fortification there")
    if not info.has_land:
        raise IllegalAction("13.52", f"{h} is a naval hex: Fortifications go in land or mixed hexes")
    own = ctx.state.units_in(h, team)
    foe = enemy_counters_seen(ctx.state, ctx.catalog, team, h)
    if own and foe:
        raise IllegalAction("13.52", f"{h} is contested (both sides' counters are there): no Fortification")
    if not own or foe:
        raise IllegalAction("13.52", f"{h} is not a friendly hex (one holding only friendly units)")


def check(ctx: Ctx, card: Card, ct: CardType, eff: Effect, hex_: str | None) -> str:
    """Every refusal of the effect before a roll; returns the canonical hex."""
    h = as_hex(ctx, hex_)
    if h is None:
        raise IllegalAction("13.51", f"{ct.name}: name the hex to fortify")
    host = ctx.state.units.get(card.host or "")
    if host is None or host.destroyed or host.hex is None:
        raise IllegalAction("13.51", f"{ct.name} builds from its host on the map")
    if eff.range is not None and dist(host.hex, h) > eff.range:
        raise IllegalAction("7.31", f"{h} is {dist(host.hex, h)} hexes from {host.uid}; {ct.name}'s range is {eff.range}")
    check_hex(ctx, card.team, h)
    m = fort_in(ctx.state, h)
    top = int(eff.args.get("levels", 2))
    if m is not None and m.team != card.team:
        raise IllegalAction("13.53", f"{h} holds the other team's Fortification: it cannot be taken over")
    if m is not None and m.level >= top:
        raise IllegalAction("13.51", f"the Fortification in {h} is already level {m.level} (the limit)")
    imp = ctx.state.impulse
    if imp is not None and any(host.uid in d.units and d.moved for d in imp.actions):
        raise IllegalAction("13.51", f"{host.uid} moved this impulse: a host that builds a Fortification does not move")
    return h


def fortify(ctx: Ctx, link: CardPlay, ct: CardType, eff: Effect) -> bool:
    """Build or improve the Fortification (module doc)."""
    from lcb_lab.games.lcb.rules.markers.placement import new_marker
    card = ctx.card(link.card)
    h = check(ctx, card, ct, eff, link.hex or (link.targets[0] if link.targets else None))
    if not rolled(ctx, link, ct, eff):
        return False
    host = ctx.state.units[card.host]
    m = fort_in(ctx.state, h)
    if m is None:
        m = new_marker(ctx, "fortification", card.team, card.cid, h, revealed=True)
        m.level = 1
    else:
        m.level += 1
    host.no_move = True
    m.data = {**m.data, "builder": host.uid}
    ga, lrs = LEVEL_MODS[m.level]
    mods = f"attackers' GA CV {ga:+d}" + (f", LRS CV {lrs:+d}" if lrs else "") + " on top of the terrain (7.09)"
    ctx.log(explain.step("effect", f"{ct.name}: Fortification level {m.level} in {h}",
                         f"built by {host.uid}, which may not move this impulse; {mods}", ["13.51", "13.52", "7.09"]),
            hex=h, team=card.team, about={"unit": host.uid},        # using the card does not reveal its host (9.31)
            public_title=f"{ct.name}: Fortification level {m.level} in {h}", public_text=f"built by its host; {mods}")
    return True


def end_of_turn(ctx: Ctx) -> None:
    """Remove every Fortification abandoned by its team (13.53)."""
    for m in [m for m in ctx.state.card_markers.values() if m.kind == "fortification"]:
        if not ctx.state.units_in(m.hex, m.team):
            ctx.state.card_markers.pop(m.mid, None)
            touched(ctx.state, "card_markers")      # in place: the snapshot compares it again
            ctx.log(explain.step("marker", f"Fortification in {m.hex} removed",
                                 "abandoned: no friendly unit holds the hex at the end of the turn", ["13.53"]),
                    hex=m.hex)


def check_play(ctx: Ctx, card: Card, ct: CardType, eff: Effect, targets: list[str], hex_: str | None) -> None:
    """The play's target check (before the chain opens): see :func:`check`."""
    if len(([hex_] if hex_ else []) + targets) != 1:
        raise IllegalAction("13.51", f"{ct.name} fortifies one hex")
    check(ctx, card, ct, eff, hex_ or targets[0])
