"""NAVAL GUNFIRE (optional rule 17.3, 17.31-17.36): a ship's main gun at range 0.

On only where ``is_on(state, "17.3")``.  An attack is committed with the impulse's other
combat (3.38, 7.03) as an :class:`~lcb_lab.games.lcb.actions.LrsAttack` whose ``slot`` is
:data:`GUN` -- NAVAL GUNFIRE is a kind of LRS combat action (17.4) with its own CV --
``{"shooter": ship uid, "slot": "GUN", "target": uid or marker id, "dice": n}``.

* Who fires (17.31): a naval unit with an LRS CV of its own type (an Attached or Embarked
  card's CV does not count), never an amphibious ship (LHD, LHA, LPD, LSD; any ship with an
  Embarkation Value).  Activated by a Move and/or Combat Core Action (1 AP, 3.31); firing
  reveals the ship (17.31, 7.07); one CV per Core Action, so not with its LRS too (7.02).
* The gun (17.31): CV :data:`GUN_CV` (a roll of 1-6 hits), range 0, infinite supply, at most
  :data:`MAX_DICE` dice per unit, allocated to targets like GROUND ASSAULT (7.14).  It cannot
  be INTERCEPTED (no INTERCEPT choice is asked for it).
* Where (17.32): in the ship's own hex, at enemy naval units or revealed enemy naval ISR
  markers (13.26) there; at enemy ground units only under SHORE BOMBARDMENT
  (:mod:`~lcb_lab.games.lcb.rules.optional.shore_bombardment`, 17.4).  A unit or stack fires
  in one hex per turn (``Unit.gunfire_hex``, cleared at the end of the turn).
* The exchange (17.33, 17.35): the hex is one engagement (type ``"gunfire"``, after the LRS
  engagements of the hex, before its GROUND ASSAULT, 7.03).  Before any roll the defender
  declares its return fire (a :class:`~lcb_lab.games.lcb.choices.GaDefenseChoice` with
  ``options.gunfire``; no AP): its gun-capable ships in the hex fire at the attacking ships,
  its cannon artillery at ships bombarding the shore (17.41).  The choice is asked whenever the
  attacker cannot rule out a defender (:func:`ask_reply`: a back in the hex), so the pause
  leaks nothing; with none it may only be declined.  All dice are rolled, then every
  hit takes 1 HP from its target at once, both sides (17.35).
* Naval MILDEC (17.34): after the dice, the owner of a hit ship may spend MILDECs of its hex
  (the ordinary MILDEC choice, 4.22).
* ISR markers (17.36): never fire nor defend; hits on them take their HP (13.26).

The CV modifiers: the Tactical Network (7.62, the gun being an LRS-type CV, a JCC the only
modifier 17.31 allows), and for a ground target the terrain (7.09) and a level-2
Fortification (17.42).  No modifier changes the gun's range, supply or dice.
"""
from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING

from lcb_lab.games.lcb import die as lcb_die
from lcb_lab.games.lcb import plain
from lcb_lab.games.lcb.choice_options import Attacker, Defender
from lcb_lab.games.lcb.model.state import CombatResult
from lcb_lab.games.lcb.rules.combat.network import apply, network_modifiers
from lcb_lab.games.lcb.rules.common import Ctx, living_unit
from lcb_lab.games.lcb.rules.optional import shore_bombardment as sb
from lcb_lab.games.lcb.rules.optional.switches import is_on
from lcb_lab.kernel import explain
from lcb_lab.kernel.errors import IllegalAction

if TYPE_CHECKING:
    from lcb_lab.games.lcb.model.state import CardMarker, CombatPlan, Unit

RULE = "17.3"
GUN = "GUN"
"""The ``slot`` of an :class:`~lcb_lab.games.lcb.actions.LrsAttack` that fires the naval gun (17.31)."""
GUN_CV = 6
"""The naval gun's CV: a roll of 1-6 hits (17.31)."""
MAX_DICE = 4
"""Dice per unit in one NAVAL GUNFIRE combat action (17.31)."""
AMPHIBIOUS = ("LHD", "LHA", "LPD", "LSD")
"""The amphibious ship classes that never fire NAVAL GUNFIRE (17.31)."""


# ---------------------------------------------------------------- who may fire
def why_not_gun(ctx: Ctx, u: Unit) -> str | None:
    """Why unit ``u`` has no naval gun (17.31), or None when it may fire NAVAL GUNFIRE."""
    t = ctx.utype(u)
    if not t.is_naval:
        return f"{u.uid} is no naval unit: only ships fire NAVAL GUNFIRE"
    if t.abbrev in AMPHIBIOUS or t.embark_gpsv or t.embark_asv:
        return f"{u.uid} is an amphibious ship ({t.abbrev}): amphibious ships do not fire NAVAL GUNFIRE"
    if not t.cvs_of("LRS"):
        return f"{u.uid} has no LRS CV of its own: only ships with organic LRS fire NAVAL GUNFIRE"
    return None


def split(lrs: list[dict]) -> tuple[list[dict], list[dict]]:
    """``(lrs, gunfire)``: the impulse's LRS allocations apart from its NAVAL GUNFIRE ones (slot :data:`GUN`)."""
    return [a for a in lrs if a["slot"] != GUN], [a for a in lrs if a["slot"] == GUN]


def target_hex(ctx: Ctx, target: str) -> str | None:
    """The hex of a gunfire target: a unit's or a card marker's."""
    u = ctx.state.units.get(target)
    if u is not None:
        return u.hex
    m = ctx.state.card_markers.get(target)
    return m.hex if m is not None else None


# ---------------------------------------------------------------- the commit's checks
def validate(ctx: Ctx, gun: list[dict], lrs: list[dict], ga: list[dict], active_units: set[str]) -> None:
    """Check the NAVAL GUNFIRE allocations of a commitment (module doc).  Raises IllegalAction
    naming the rule: 17.3 (the optional rule is off), 3.31 / 3.33 (not activated), 17.31, 17.32,
    17.4 / 17.41 (a ground target), 7.05 (no die), 7.02 (two CVs in one action)."""
    if not gun:
        return
    if not is_on(ctx.state, "17.3"):
        raise IllegalAction("17.3", "NAVAL GUNFIRE is an optional rule, and it is not on in this game")
    team = ctx.state.impulse.team if ctx.state.impulse else None
    dice: dict[str, int] = defaultdict(int)
    for a in gun:
        s = living_unit(ctx, a["shooter"], "17.31")
        if s.uid not in active_units:
            raise IllegalAction("3.31", f"{s.uid} is not activated for Move and/or Initiate Combat this impulse")
        if team and s.team != team:
            raise IllegalAction("3.33", f"{s.uid} does not belong to the active team")
        why = why_not_gun(ctx, s)
        if why:
            raise IllegalAction("17.31", why)
        if int(a["dice"]) < 1:
            raise IllegalAction("7.05", f"{s.uid} must allocate at least one die to {a['target']}")
        _check_target(ctx, s, a["target"])
        if s.gunfire_hex is not None and s.gunfire_hex != s.hex:
            raise IllegalAction("17.32", f"{s.uid} already fired NAVAL GUNFIRE in {s.gunfire_hex} this turn: "
                                "one hex per turn")
        dice[s.uid] += int(a["dice"])
        if dice[s.uid] > MAX_DICE:
            raise IllegalAction("17.31", f"{s.uid} may roll at most {MAX_DICE} NAVAL GUNFIRE dice in one action "
                                f"({dice[s.uid]} allocated)")
    both = set(dice) & ({a["shooter"] for a in lrs} | {a["attacker"] for a in ga})
    if both:
        raise IllegalAction("7.02", f"{', '.join(sorted(both))} may use only one CV in a Core Action: "
                            "NAVAL GUNFIRE or its other CV, not both")


def _check_target(ctx: Ctx, s: Unit, target: str) -> None:
    m = ctx.state.card_markers.get(target)
    if m is not None:
        if m.team == s.team or not (m.revealed and m.data.get("naval")):
            raise IllegalAction("17.32", f"{target} is no revealed enemy naval ISR marker: NAVAL GUNFIRE "
                                "engages enemy ships and hostile naval ISR markers")
        if m.hex != s.hex:
            raise IllegalAction("17.32", f"NAVAL GUNFIRE has range 0: {s.uid} ({s.hex}) and {target} ({m.hex}) "
                                "must share a contested hex")
        return
    t = living_unit(ctx, target, "17.32")
    if t.team == s.team:
        raise IllegalAction("17.32", f"{target} is a friendly unit: NAVAL GUNFIRE targets enemy units")
    if t.hex is None or t.hex != s.hex:
        raise IllegalAction("17.32", f"NAVAL GUNFIRE has range 0: {s.uid} ({s.hex}) and {target} ({t.hex}) "
                            "must share a contested hex")
    tt = ctx.utype(t)
    if tt.is_submarine:
        raise IllegalAction("17.32", f"{target} is a submarine, not a naval unit: NAVAL GUNFIRE engages ships")
    if not tt.is_naval:
        sb.check_ground_target(ctx, s, t)


def log_allocations(ctx: Ctx, gun: list[dict]) -> None:
    """One explained line per NAVAL GUNFIRE / SHORE BOMBARDMENT allocation (17.31, 17.4)."""
    for a in gun:
        shore = not ctx.is_naval(a["target"]) if a["target"] in ctx.state.units else False
        what = "SHORE BOMBARDMENT" if shore else "NAVAL GUNFIRE"
        ctx.log(explain.step(
            "allocate", f"{what} allocated: {a['shooter']} -> {a['target']}",
            f"{a['dice']} gun dice declared openly before any roll (range 0, infinite supply, "
            f"at most {MAX_DICE} per ship; cannot be INTERCEPTED)",
            ["17.31", "17.32"] + (["17.4"] if shore else []), **a))


def mark_fired(ctx: Ctx, uids: list[str]) -> None:
    """Ships that fired their guns keep to their hex for the turn (17.32)."""
    for uid in uids:
        u = ctx.state.units[uid]
        if ctx.is_naval(u):
            u.gunfire_hex = u.hex


# ---------------------------------------------------------------- the defender's return fire
def attackers_in(ctx: Ctx, plan: CombatPlan, h: str) -> list[str]:
    """The ships firing NAVAL GUNFIRE into hex ``h`` (range 0: their own hex)."""
    return list(dict.fromkeys(a["shooter"] for a in plan.gunfire if ctx.state.units[a["shooter"]].hex == h))


def hexes(ctx: Ctx, gun: list[dict]) -> list[str]:
    """The hexes of the gunfire allocations ``gun``, in order."""
    return list(dict.fromkeys(ctx.state.units[a["shooter"]].hex for a in gun))


def defenders(ctx: Ctx, gun: list[dict], h: str, team: str) -> tuple[Defender, ...]:
    """``team``'s units in ``h`` that may fire back at the gunfire ``gun`` there (17.33, 17.41):
    its ships with a gun (CV 6, infinite supply) and, when a ship bombards the shore there, its
    cannon artillery with LRS supply left (its LRS CV and supply).  ISR markers never (17.36)."""
    out = []
    shore = any(a["target"] in ctx.state.units and not ctx.is_naval(a["target"]) for a in gun
                if ctx.state.units[a["shooter"]].hex == h)
    for u in ctx.state.units_in(h, team):
        if u.paralysed:
            continue
        if why_not_gun(ctx, u) is None:
            out.append(Defender(uid=u.uid, cv=GUN_CV, supply=None))
        elif shore:
            d = sb.counterfire_defender(ctx, u)
            if d is not None:
                out.append(d)
    return tuple(out)


def ask_reply(ctx: Ctx, h: str, team: str, defs: tuple[Defender, ...]) -> bool:
    """Whether the defender ``team`` is asked for return fire in ``h``: when it has a defender, and
    whenever the attacker cannot rule one out -- a counter of ``team`` there it sees only as a back
    (a concealed unit or MILDEC, 6.11) -- so the pause tells the attacker nothing it does not know.
    Submarines never count (14.0: not there)."""
    if defs:
        return True
    backs = [u for u in ctx.state.units_in(h, team) if not u.revealed and not ctx.utype(u).is_submarine]
    return bool(backs) or any(not m.revealed for m in ctx.state.markers_in(h, team))


def reply_options(ctx: Ctx, gun: list[dict], h: str, team: str) -> tuple[tuple[Defender, ...], tuple[Attacker, ...]]:
    """The defenders and the attacking ships (with their dice) of hex ``h``'s gunfire."""
    atk: dict[str, int] = defaultdict(int)
    for a in gun:
        if ctx.state.units[a["shooter"]].hex == h:
            atk[a["shooter"]] += int(a["dice"])
    return defenders(ctx, gun, h, team), tuple(Attacker(uid=k, dice=v) for k, v in atk.items())


def validate_reply(ctx: Ctx, plan: CombatPlan, allocs: list[dict], h: str, team: str) -> None:
    """Check the defender's return fire in ``h`` (17.33, 17.41).  Raises IllegalAction."""
    allowed = {d.uid: d for d in defenders(ctx, plan.gunfire, h, team)}
    ships = attackers_in(ctx, plan, h)
    bombarding = {a["shooter"] for a in plan.gunfire if a["target"] in ctx.state.units
                  and not ctx.is_naval(a["target"]) and ctx.state.units[a["shooter"]].hex == h}
    dice: dict[str, int] = defaultdict(int)
    used: dict[tuple[str, str], int] = defaultdict(int)
    for a in allocs:
        u = living_unit(ctx, a["defender"], "17.33")
        if u.team != team or u.hex != h:
            raise IllegalAction("17.33", f"{u.uid} is not a defender in {h}")
        if u.uid not in allowed and ctx.is_naval(u):
            raise IllegalAction("17.31", f"{u.uid} has no naval gun: it may not fire back with NAVAL GUNFIRE")
        if u.uid not in allowed:
            raise IllegalAction("17.41", f"{u.uid} may not fire back: against SHORE BOMBARDMENT only cannon "
                                "artillery with LRS supply left fires back")
        if int(a["dice"]) < 1:
            raise IllegalAction("7.05", f"{u.uid} must allocate at least one die to {a['target']}")
        if a["target"] not in ships:
            raise IllegalAction("17.33", f"{a['target']} fires no NAVAL GUNFIRE in {h}: return fire goes at "
                                f"the attacking ships ({', '.join(ships)})")
        if ctx.is_naval(u):
            dice[u.uid] += int(a["dice"])
            if dice[u.uid] > MAX_DICE:
                raise IllegalAction("17.31", f"{u.uid} may roll at most {MAX_DICE} NAVAL GUNFIRE dice")
        else:
            if a["target"] not in bombarding:
                raise IllegalAction("17.41", f"{a['target']} does not bombard the shore: cannon artillery fires "
                                    "back only at ships using SHORE BOMBARDMENT")
            used[(u.uid, sb.lrs_slot(ctx, u))] += int(a["dice"])
    from lcb_lab.games.lcb.rules.common import check_supply
    check_supply(ctx, used, "7.08")


def reply(ctx: Ctx, plan: CombatPlan, allocs: list[dict], h: str, team: str) -> None:
    """Record the defender's checked return fire in ``h``: firers revealed, artillery supply spent
    (17.41), one log line (17.33)."""
    from lcb_lab.games.lcb.rules.cards import cvs as card_cvs
    from lcb_lab.games.lcb.rules.movement.conceal import reveal
    validate_reply(ctx, plan, allocs, h, team)
    firers = [ctx.state.units[a["defender"]] for a in allocs]
    reveal(ctx, list({u.uid: u for u in firers}.values()), "units that fire back reveal themselves", ["17.33", "7.07"])
    for a in allocs:
        u = ctx.state.units[a["defender"]]
        if not ctx.is_naval(u):
            card_cvs.spend(ctx, u, sb.lrs_slot(ctx, u), int(a["dice"]))
    mark_fired(ctx, [a["defender"] for a in allocs])
    plan.gunfire_reply[h] = allocs
    ctx.log(explain.step("allocate", f"Return fire in {h}",
                         ", ".join(f"{a['defender']} {a['dice']} dice at {a['target']}" for a in allocs)
                         or "no return fire", ["17.33", "17.41"] if any(not ctx.is_naval(a["defender"]) for a in allocs)
                         else ["17.33"]))


# ---------------------------------------------------------------- the roll
def setup(ctx: Ctx, plan: CombatPlan, h: str) -> tuple[list[dict], dict[str, list]]:
    """What the gunfire exchange in ``h`` rolls, changing nothing: ``(gone, by_target)``: the
    attacks whose target left play this combat (dice lost, 7.05) and per target ``(alloc, role,
    base CV, modifiers, CV)`` of every shot at it, attacker's and defender's (17.33)."""
    sides = []
    for a in plan.gunfire:
        if ctx.state.units[a["shooter"]].hex != h:
            continue
        sides.append((a, "shooter", GUN_CV, _attack_mods(ctx, a)))
    for a in plan.gunfire_reply.get(h, []):
        u = ctx.state.units[a["defender"]]
        if ctx.is_naval(u):
            sides.append((a, "defender", GUN_CV, network_modifiers(ctx.state, u.team)))
        else:
            base, mods = sb.counterfire_cv(ctx, u, h)
            sides.append((a, "defender", base, mods))
    gone = [s[0] for s in sides if _gone(ctx, s[0]["target"])]
    by_target: dict[str, list] = defaultdict(list)
    for a, role, base, mods in sides:
        if not _gone(ctx, a["target"]):
            by_target[a["target"]].append((a, role, base, mods, apply(base, mods)))
    return gone, by_target


def _attack_mods(ctx: Ctx, a: dict) -> list:
    s = ctx.state.units[a["shooter"]]
    mods = network_modifiers(ctx.state, s.team)
    t = ctx.state.units.get(a["target"])
    if t is not None and not ctx.is_naval(t):
        mods += sb.modifiers(ctx, s.team, t.hex)
    return mods


def _gone(ctx: Ctx, target: str) -> bool:
    u = ctx.state.units.get(target)
    return (u.destroyed if u is not None else target not in ctx.state.card_markers)


def hp_of(ctx: Ctx, target: str) -> int:
    """HP left of a gunfire target: a unit, or a naval ISR marker (17.36)."""
    u = ctx.state.units.get(target)
    return u.hp if u is not None else ctx.state.card_markers[target].hp


def roll(ctx: Ctx, plan: CombatPlan, h: str, key: str) -> CombatResult:
    """Roll every die of the exchange in ``h`` (exact odds first), damage kept for the
    simultaneous application (17.33, 17.35)."""
    from lcb_lab.games.lcb.rules.combat.odds import engagement_odds
    die, hits_rule = lcb_die.DIE, lcb_die.hits_on
    gone, by_target = setup(ctx, plan, h)
    for a in gone:
        who = a.get("shooter") or a.get("defender")
        ctx.dice.roll(a["dice"], f"GUN {who}->{a['target']}", die)
        ctx.log(explain.step("gunfire_roll", f"NAVAL GUNFIRE: {who} -> {a['target']}",
                             "target already destroyed: dice are lost", ["7.05", "17.33"]))
    for tgt, shots in by_target.items():
        odds = engagement_odds([], [], hp_of(ctx, tgt), unstoppable=[(a["dice"], cv) for a, _, _, _, cv in shots],
                               die=die, rule=hits_rule)
        ctx.log(explain.step("odds", f"Odds before rolling: NAVAL GUNFIRE on {tgt}", odds.summary(),
                             ["17.33", "17.35"], damage=list(odds.damage), p_destroy=odds.p_destroy))
    damage: dict[str, int] = defaultdict(int)
    for tgt, shots in by_target.items():
        for a, role, base, mods, cv in shots:
            who = a[role]
            rolls = ctx.dice.roll(a["dice"], f"GUN {who}->{tgt}", die)
            hits = sum(r <= cv for r in rolls)
            damage[tgt] += hits
            ctx.log(explain.step(
                "gunfire_roll", f"{_title(ctx, a, role)} ({'attacker' if role == 'shooter' else 'defender'}): "
                f"{who} -> {tgt}",
                f"{plain.cv_text(base, mods)}; {plain.dice_text(rolls, cv)} (cannot be INTERCEPTED)",
                _rules(ctx, a, role) + [m[2] for m in mods], base_cv=base, modifiers=mods, cv=cv, dice=rolls,
                hits=hits))
    ctx.log(explain.step("gunfire_result", f"NAVAL GUNFIRE in {h}",
                         "damage is applied to both sides at once: "
                         + (", ".join(f"{k} {v} HP" for k, v in damage.items()) or "no hits"), ["17.33", "17.35"]))
    return CombatResult(key, damage=dict(damage))


def _title(ctx: Ctx, a: dict, role: str) -> str:
    if role == "defender" and not ctx.is_naval(a["defender"]):
        return "Counterfire"
    t = ctx.state.units.get(a["target"])
    return "SHORE BOMBARDMENT" if role == "shooter" and t is not None and not ctx.is_naval(t) else "NAVAL GUNFIRE"


def _rules(ctx: Ctx, a: dict, role: str) -> list[str]:
    title = _title(ctx, a, role)
    return {"Counterfire": ["17.41"], "SHORE BOMBARDMENT": ["17.4", "17.31"]}.get(title, ["17.31", "17.33"])


def on_marker(ctx: Ctx, m: CardMarker, hits: int) -> None:
    """``hits`` gunfire hits on naval ISR marker ``m``: it takes HP, never fires back (17.36, 13.26)."""
    from lcb_lab.games.lcb.rules.markers.isr import hit
    if hits:
        hit(ctx, m, hits, ("17.36", "13.26"))


