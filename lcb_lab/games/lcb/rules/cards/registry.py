"""Every card effect function, by the name a card's data gives it (9.0, 9.013), and the hooks
those effects plug into other rules: the one place they are registered.

A card type's :class:`lcb_lab.games.lcb.model.cards.Effect` names its function ``fn`` (one of
:data:`lcb_lab.games.lcb.model.cards.EFFECT_FUNCTIONS`); :data:`REGISTRY` maps each name to the
function that carries it out, imported here by name from the module of its rulebook subject.
The effects' own target checks (:data:`TARGET_CHECKS`, :data:`PRECHECKS`), what a marker card
does as it is played (:data:`ON_PLAY`), a lift card's absorbed successes (:data:`ABSORB`) and the
amphibious landing's marker steps, offers, mine resumes and ZOR reveal (:data:`MARKER_STEPS`,
:data:`MARKER_OFFERS`, :data:`MINE_RESUMES`, :data:`ZOR_HOOKS`) are listed here too.

The rules read these functions from their tables (``effects.EFFECTS``, ``targets.CHECKS`` /
``PRECHECKS`` / ``ON_PLAY``, ``ftr_nullify.ABSORB``, ``free_actions.STEPS`` / ``OFFERS``,
``mines.RESUMES``, ``conceal.ZOR_HOOKS``), which :mod:`lcb_lab.games.lcb.rules.cards.hooks` makes
complete from the start with deferred entries (each loads its function on first call): the engine
import does not load the effect modules.  Importing this module (the handlers do, with the first
act) puts every function in its table at once, in place of its deferred entry.  No other module
fills them, and no rules module is imported only to fill them (``tests/engine/test_effect_registry.py``
imports each rules module alone, then this one, and checks that every deferred entry is the
function registered here).
"""
from __future__ import annotations

from lcb_lab.games.lcb.rules.cards.effects import (
    EFFECTS, EffectFn, add_supply, ap_loss, attached_cv, conceal, cp_gain, influence, lrs_attack, network_cube,
    network_repair, paralyze, place_marker, resupply, reveal, reveal_paralyse, unsimulated)
from lcb_lab.games.lcb.rules.cards import ftr_nullify, targets
from lcb_lab.games.lcb.rules.cards.hooks import merged, unset
from lcb_lab.games.lcb.rules.markers import fortify as fortify_rules, free_actions, isr, mines, proxy
from lcb_lab.games.lcb.rules.markers.fortify import fortify
from lcb_lab.games.lcb.rules.markers.isr import isr_marker
from lcb_lab.games.lcb.rules.markers.mines import clear_mines, mines_effect
from lcb_lab.games.lcb.rules.markers.proxy import proxy_force
from lcb_lab.games.lcb.rules.movement import conceal as conceal_rules
from lcb_lab.games.lcb.rules.optional.interoperability import network_played
from lcb_lab.games.lcb.rules.submarines.asw import asw_search, uuv
from lcb_lab.games.lcb.rules.submarines.operations import submarine
from lcb_lab.games.lcb.rules.transport import carrying, exposed, landing, marker_action, offers
from lcb_lab.games.lcb.rules.transport.landing import transport
from lcb_lab.games.lcb.rules.transport.reinforcements import littoral_move, reinforce, sealift
from lcb_lab.games.lcb.rules.transport.rotary_wing import rotary_lift

REGISTRY: dict[str, EffectFn] = {
    # chapter 9 and App. B: effects on units, networks, AP, CP, influence; markers placed (9.0, 13.x)
    "reveal": reveal, "reveal_paralyse": reveal_paralyse, "paralyse": paralyze, "conceal": conceal,
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
    # chapter 17: optional rules
    "interop_network": network_played,
}
"""Effect name -> function ``fn(ctx, link, card_type, effect) -> bool`` (success), every one."""

TARGET_CHECKS = {fn: offers.check_targets for fn in ("transport", "rotary_lift", "reinforce", "sealift", "littoral_move")}
"""Effects whose module checks their targets instead of :func:`~lcb_lab.games.lcb.rules.cards.targets.check_targets` (12.x)."""
PRECHECKS = {"isr_marker": isr.check_play, "mines": mines.check_play, "clear_mines": mines.check_clear,
             "proxy_force": proxy.check_play, "fortify": fortify_rules.check_play}
"""Effects whose module refuses bad targets before the chain opens (13.x)."""
ON_PLAY = {"isr_marker": isr.place_and_move}
"""What a card does as it is played, before the response window (13.25: its ISR marker moves)."""
ABSORB = (carrying.absorb_hits,)
"""Enemy successes a lift card takes without stopping its use (12.12, 12.42)."""
MARKER_STEPS = {"unload": marker_action.step_unload, "load": marker_action.step_load,
                "reembark": marker_action.step_reembark, "_transport_move": marker_action.step_none}
"""A landing craft's marker steps after its move (12.2x)."""
MARKER_OFFERS = (marker_action.offers,)
"""The landing craft's marker actions offered to a player (12.2x)."""
MINE_RESUMES = {"landing_first": landing.resume_first, "landing_step": marker_action.resume_step}
"""What a landing craft's marker does after the mines that stopped it (13.38)."""
ZOR_HOOKS = (exposed.reveal_by_zor,)
"""A naval ZOR reveals a landing craft's marker (12.23)."""


def _fill() -> None:
    """Put the functions listed above in the rules' tables, in place of their deferred entries
    (an entry set in a deferred one's place, e.g. by a test, is left as it is)."""
    EFFECTS.update(unset(EFFECTS, REGISTRY))
    targets.CHECKS.update(unset(targets.CHECKS, TARGET_CHECKS))
    targets.PRECHECKS.update(unset(targets.PRECHECKS, PRECHECKS))
    targets.ON_PLAY.update(unset(targets.ON_PLAY, ON_PLAY))
    ftr_nullify.ABSORB[:] = merged(ftr_nullify.ABSORB, ABSORB)
    free_actions.STEPS.update(unset(free_actions.STEPS, MARKER_STEPS))
    free_actions.OFFERS[:] = merged(free_actions.OFFERS, MARKER_OFFERS)
    mines.RESUMES.update(unset(mines.RESUMES, MINE_RESUMES))
    conceal_rules.ZOR_HOOKS[:] = merged(conceal_rules.ZOR_HOOKS, ZOR_HOOKS)


_fill()
