"""Every card effect function, by the name a card's data gives it (9.0, 9.013): the one place
effects are registered.

A card type's :class:`lcb_lab.games.lcb.model.cards.Effect` names its function ``fn`` (one of
:data:`lcb_lab.games.lcb.model.cards.EFFECT_FUNCTIONS`); :data:`REGISTRY` maps each name to the
function that carries it out, imported here by name from the module of its rulebook subject.
Importing this module fills :data:`lcb_lab.games.lcb.rules.cards.effects.EFFECTS` (the table
:func:`~lcb_lab.games.lcb.rules.cards.effects.run` reads) once, complete whatever was imported
before; :mod:`lcb_lab.games.lcb.handlers` imports it, so every game has every effect.  No other
module registers an effect, and none is imported only to register one
(``tests/engine/test_effect_registry.py`` imports each rules module alone, then this one).
"""
from __future__ import annotations

from lcb_lab.games.lcb.rules.cards.effects import (
    EFFECTS, EffectFn, add_supply, ap_loss, attached_cv, conceal, cp_gain, influence, lrs_attack, network_cube,
    network_repair, paralyse, place_marker, resupply, reveal, reveal_paralyse, unsimulated)
from lcb_lab.games.lcb.rules.markers.fortify import fortify
from lcb_lab.games.lcb.rules.markers.isr import isr_marker
from lcb_lab.games.lcb.rules.markers.mines import clear_mines, mines_effect
from lcb_lab.games.lcb.rules.markers.proxy import proxy_force
from lcb_lab.games.lcb.rules.submarines.asw import asw_search, uuv
from lcb_lab.games.lcb.rules.submarines.operations import submarine
from lcb_lab.games.lcb.rules.transport.landing import transport
from lcb_lab.games.lcb.rules.transport.lift import littoral_move, reinforce, rotary_lift, sealift

REGISTRY: dict[str, EffectFn] = {
    # chapter 9 and App. B: effects on units, networks, AP, CP, influence; markers placed (9.0, 13.x)
    "reveal": reveal, "reveal_paralyse": reveal_paralyse, "paralyse": paralyse, "conceal": conceal,
    "resupply": resupply, "lrs_attack": lrs_attack, "network_cube": network_cube, "network_repair": network_repair,
    "ap_loss": ap_loss, "influence": influence, "cp_gain": cp_gain, "unsimulated": unsimulated,
    "place_marker": place_marker, "attached_cv": attached_cv, "add_supply": add_supply,
    # chapter 13: special markers
    "isr_marker": isr_marker, "mines": mines_effect, "clear_mines": clear_mines, "proxy_force": proxy_force,
    "fortify": fortify,
    # chapter 12: transport
    "transport": transport, "rotary_lift": rotary_lift, "reinforce": reinforce, "sealift": sealift,
    "littoral_move": littoral_move,
    # chapter 14: submarines
    "asw_search": asw_search, "uuv": uuv, "submarine": submarine,
}
"""Effect name -> function ``fn(ctx, link, card_type, effect) -> bool`` (success), every one."""

EFFECTS.update(REGISTRY)
