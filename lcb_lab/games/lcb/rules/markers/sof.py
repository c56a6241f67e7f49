"""Special Operations Forces markers (13.4): placed by a card (MARSOC HALO, ``place_marker`` with
``marker = "sof"``, :mod:`lcb_lab.games.lcb.rules.markers.placement`).

* never attacks or moves like a unit (13.41): a MarkerAction on it is refused naming 13.41
  (:mod:`lcb_lab.games.lcb.rules.markers.free_actions`); it is no unit, so no Core Action names it.  The
  exceptions: placed in a contested hex, in that impulse it may GROUND ASSAULT an enemy unit
  there once (``MarkerAction(then="combat")``, :func:`lcb_lab.games.lcb.rules.markers.proxy.assault` with the SOF
  values :data:`GA_CV`, :data:`GA_DICE`); and it fights its hex's Continuing Combat (7.2): the
  hex it contests gets a marker at the end of the Action Stage (7.21), and in its team's first
  impulse while the marker shows Continuing it must make that GROUND ASSAULT, 0 AP
  (:func:`owes_continuing`; the impulse may not end before, 7.22), unless the enemy's engaged
  units fought it first -- their GROUND ASSAULT at the marker, which fires back (:func:`defend`);
* reveals the opposing units entering or standing in its hex, no ZOR (13.42,
  :func:`lcb_lab.games.lcb.rules.markers.placement.contact`);
* cannot be targeted while concealed (13.44): :func:`damage` refuses it;
* LRS alone never destroys it (13.43): :func:`damage` -- LRS hits count only together with a
  GROUND ASSAULT on its hex in the same impulse (the GA need not hit);
* controls a hex with no opposing unit, contests one with opposing units (13.45:
  :func:`lcb_lab.games.lcb.rules.common.contested` counts it like a unit); either way
  the other team's RESUPPLY may not trace into or through it, nor resupply a unit in it
  (:func:`blocks`, hunk in :mod:`lcb_lab.games.lcb.rules.movement.resupply`);
* destroyed: the marker is removed and its card discarded (13.43, :func:`placement.remove`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from lcb_lab.games.lcb import plain
from lcb_lab.kernel import explain
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.games.lcb.model.state import CardMarker, other
from lcb_lab.games.lcb.rules.markers.placement import SOF_GA_CV, SOF_GA_DICE, foes_in, impulse_key, remove
from lcb_lab.games.lcb.rules.common import CONTINUING, Ctx

if TYPE_CHECKING:
    from lcb_lab.games.lcb.model.state import CombatPlan


GA_CV, GA_DICE = SOF_GA_CV, SOF_GA_DICE
"""The SOF marker's GA values (sandbox, :mod:`lcb_lab.games.lcb.rules.markers.placement`)."""


def may_assault(ctx: Ctx, m: CardMarker) -> bool:
    """Whether SOF marker ``m`` may still make its GROUND ASSAULT of 13.41: placed this impulse
    in a contested hex, not yet used; or engaged in its hex's Continuing Combat
    (:func:`owes_continuing`)."""
    placed = m.data.get("may_assault") == impulse_key(ctx)
    return ((placed or owes_continuing(ctx, m)) and ctx.state.impulse is not None
            and not m.acted and bool(foes_in(ctx, m.hex, m.team) or enemy_sofs(ctx, m)))


def enemy_sofs(ctx: Ctx, m: CardMarker) -> list[CardMarker]:
    """The face-up enemy SOF markers in SOF marker ``m``'s hex: the ones it may GROUND ASSAULT
    (13.41: "any opposing enemy units and/or SOF markers"; 13.44: never a concealed one)."""
    return [x for x in markers(ctx, other(m.team)) if x.hex == m.hex and x.revealed]


def owes_continuing(ctx: Ctx, m: CardMarker) -> bool:
    """Whether SOF marker ``m`` must fight its hex's Continuing Combat in this impulse (13.41:
    it "will always engage in combat in their own hex", Continuing Combat per 7.2): its team's
    impulse, the hex's marker on its Continuing side (7.22: not yet resolved this turn), a
    face-up enemy ground unit or SOF marker there to name (13.44: only revealed counters are
    targets; SOF markers "can engage in Continuing Combat with other SOF markers"), the marker's
    action not used this turn.  Its GROUND ASSAULT (0 AP) is its MarkerAction
    ``then="combat"``."""
    imp = ctx.state.impulse
    return (imp is not None and imp.team == m.team and not m.acted
            and ctx.state.continuing.get(m.hex) == CONTINUING
            and (any(ctx.utype(u).domain == "ground" and u.revealed for u in ctx.state.units_in(m.hex, other(m.team)))
                 or bool(enemy_sofs(ctx, m))))


def markers(ctx: Ctx, team: str | None = None) -> list[CardMarker]:
    """SOF markers on the map (of ``team``)."""
    return [m for m in ctx.state.card_markers.values() if m.kind == "sof" and (team is None or m.team == team)]


def blocks(ctx: Ctx, team: str) -> set[str]:
    """Hexes the other team's SOF markers control or contest against ``team``'s RESUPPLY (13.45)."""
    return {m.hex for m in markers(ctx, other(team))}


def damage(ctx: Ctx, m: CardMarker, attacker: str, lrs_hits: int, ga_hits: int, ga_engaged: bool) -> bool:
    """Hits on SOF marker ``m`` in one impulse (13.43): GA hits always count; LRS hits only when
    a GROUND ASSAULT was fought in its hex too (``ga_engaged``).  Returns True when destroyed.
    Raises IllegalAction (13.44) for a concealed marker."""
    if not m.revealed:
        raise IllegalAction("13.44", "a concealed SOF marker cannot be targeted")
    counted = ga_hits + (lrs_hits if ga_engaged else 0)
    why = "" if ga_engaged or not lrs_hits else "; LRS alone cannot destroy a SOF marker (13.43)"
    before = m.hp
    m.hp = max(0, m.hp - counted)
    ctx.log(explain.step("damage", f"{m.mid} takes {counted} hit(s)", f"HP {before} -> {m.hp}{why}", ["13.43"]),
            marker=m.mid)
    if m.hp <= 0:
        remove(ctx, m, attacker, ["13.43"])
        return True
    return False


# ---------------------------------------------------------------- in combat (13.41, 13.43)
def check_ga_target(ctx: Ctx, uid: str, target: str, n: int, role: str) -> tuple:
    """A GROUND ASSAULT allocation at a SOF marker: a face-up enemy SOF in the attacker's hex
    (range 0, 7.12; 13.44). Returns (unit, marker, GA CV). Raises IllegalAction."""
    from lcb_lab.games.lcb.rules.common import living_unit
    u = living_unit(ctx, uid, "7.1")
    m = ctx.state.card_markers[target]
    if m.kind not in ("sof", "proxy") or role != "assault":
        raise IllegalAction("7.14", f"{target} is no target for a GROUND ASSAULT")
    if not m.revealed:
        raise IllegalAction("13.44" if m.kind == "sof" else "7.32", f"a concealed {m.kind.upper()} marker cannot be targeted")
    if n < 1:
        raise IllegalAction("7.14", f"{uid} must allocate at least one die to {target}")
    cv = ctx.cv(u, "GA")
    if cv is None:
        raise IllegalAction("7.16", f"{uid} has no GROUND ASSAULT value and cannot {role}")
    if m.team == u.team:
        raise IllegalAction("7.14", f"{target} is a friendly marker: a GROUND ASSAULT targets enemy units")
    if ctx.is_naval(u) or u.hex != m.hex:
        raise IllegalAction("7.12", f"GROUND ASSAULT has range 0: {uid} ({u.hex}) and {target} ({m.hex}) must share "
                            "a hex")
    return u, m, cv


def defense_shots(ctx: Ctx, plan: CombatPlan, h: str) -> list[tuple]:
    """13.41, 13.12 with 7.13, changing nothing: ``(marker, target, dice, base CV, modifiers, CV)``
    per SOF marker (:data:`GA_DICE` at :data:`GA_CV`, sandbox) and per Proxy Force (its card's GA:
    CV 3, up to 4 dice, 13.12) of the defending team in ``h``: it fires its GA dice at the
    attacking unit with the most dice.  A Proxy Force defends because it has a GA CV with
    (infinite) supply (7.13, 7.16; 7.12 names partisans among the GA's defenders) and defending
    is no action of its once-a-turn choice (7.13: no AP; 7.27).  lcb_lab's reading: its owner is
    not asked -- with infinite supply it fires all its dice (sandbox: at the attacker with the
    most dice, as a SOF marker does)."""
    from lcb_lab.games.lcb.rules.combat.network import apply, terrain_modifiers
    attackers: dict[str, int] = {}
    for a in plan.ga:
        u = ctx.state.units[a["attacker"]]
        if u.hex == h:
            attackers[u.uid] = attackers.get(u.uid, 0) + int(a["dice"])
    if not attackers:
        return []
    team = ctx.state.units[next(iter(attackers))].team
    out = []
    for m in [m for m in ctx.state.card_markers.values()
              if m.kind in ("sof", "proxy") and m.team == other(team) and m.hex == h]:
        tgt = max(attackers, key=lambda k: attackers[k])
        mods = terrain_modifiers(ctx.board, h, False)
        base = int(m.data.get("ga_cv", GA_CV))
        out.append((m, tgt, int(m.data.get("ga_dice", GA_DICE)), base, mods, apply(base, mods)))
    return out


def defend(ctx: Ctx, plan: CombatPlan, h: str, damage: dict) -> None:
    """13.41, 13.12: each SOF marker and Proxy Force of the defending team in ``h`` fires
    (:func:`defense_shots`); hits join ``damage``."""
    for m, tgt, dice, base, mods, cv in defense_shots(ctx, plan, h):
        rolls = ctx.dice.roll(dice, f"GA {m.mid}->{tgt}")
        hits = sum(1 for r in rolls if r <= cv)
        damage[tgt] = damage.get(tgt, 0) + hits
        m.revealed = True
        why, rules = ((" -- a SOF marker always fights in its hex", ["13.41", "7.13"]) if m.kind == "sof" else
                      (" -- a Proxy Force defends with its GROUND ASSAULT (no AP, infinite supply)", ["13.12", "7.13"]))
        ctx.log(explain.step("ga_roll", f"GROUND ASSAULT (defender): {m.mid} -> {tgt}",
                             f"{plain.cv_text(base, mods)}; {plain.dice_text(rolls, cv)}" + why, rules, dice=rolls,
                             hits=hits, cv=cv))


def ga_hits(ctx: Ctx, plan: CombatPlan, mid: str, hits: int) -> None:
    """The GA hits on SOF marker ``mid`` (13.43), together with the LRS hits it took this impulse
    (``plan`` results keyed ``lrs:<mid>``, counted only now that a GA was fought in its hex)."""
    m = ctx.state.card_markers.get(mid)
    if m is None:
        return
    if m.kind != "sof":                         # a Proxy Force: hit like any 1-HP counter (13.12, 13.13)
        from lcb_lab.games.lcb.rules.markers.isr import hit
        hit(ctx, m, hits, ("7.15", "13.12"))
        return
    lrs = sum(r.net for r in plan.results if r.key == f"lrs:{mid}")
    attacker = ctx.state.impulse.team if ctx.state.impulse else other(m.team)
    damage(ctx, m, attacker, lrs_hits=lrs, ga_hits=hits, ga_engaged=True)


# ---------------------------------------------------------------- SOF against SOF (13.41)
def duel_setup(ctx: Ctx, m: CardMarker, target: str, dice: int) -> tuple[CardMarker, tuple, tuple]:
    """The setup of SOF marker ``m``'s GROUND ASSAULT on the enemy SOF marker ``target``,
    changing nothing: ``(enemy, (dice, base CV, modifiers, CV) of m, the same of the enemy)``.
    The enemy always fights back in its hex (13.41) with all its GA dice; both roll at once
    (7.13, 7.15). Raises IllegalAction (13.41, 13.44)."""
    from lcb_lab.games.lcb.rules.combat.network import apply, terrain_modifiers
    e = ctx.state.card_markers.get(target)
    if e is None or e.kind != "sof" or e.team == m.team or e.hex != m.hex:
        raise IllegalAction("13.41", f"{target!r} is no opposing SOF marker in {m.hex}")
    if not e.revealed:
        raise IllegalAction("13.44", "a concealed SOF marker cannot be targeted")
    top = int(m.data.get("ga_dice", GA_DICE))
    if not 1 <= dice <= top:
        raise IllegalAction("13.41", f"a SOF marker rolls 1 to {top} dice in its GROUND ASSAULT")
    mods = terrain_modifiers(ctx.board, m.hex, False)
    mine, theirs = int(m.data.get("ga_cv", GA_CV)), int(e.data.get("ga_cv", GA_CV))
    return e, (dice, mine, mods, apply(mine, mods)), (int(e.data.get("ga_dice", GA_DICE)), theirs, mods,
                                                      apply(theirs, mods))


def duel(ctx: Ctx, m: CardMarker, target: str, dice: int) -> None:
    """SOF marker ``m`` GROUND ASSAULTs the opposing SOF marker ``target`` in its hex (13.41):
    both reveal and roll at once, each hit 1 HP (13.43); the hex's Continuing Combat, if any, is
    fought (7.22)."""
    from lcb_lab.games.lcb.rules.common import settle_continuing
    e, (n, base, mods, cv), (en, ebase, emods, ecv) = duel_setup(ctx, m, target, dice)
    m.revealed = True
    rolls = ctx.dice.roll(n, f"GA {m.mid}->{e.mid}")
    back = ctx.dice.roll(en, f"GA {e.mid}->{m.mid}")
    hits, got = sum(1 for r in rolls if r <= cv), sum(1 for r in back if r <= ecv)
    ctx.log(explain.step("ga_roll", f"GROUND ASSAULT: {m.mid} -> {e.mid}", f"{plain.cv_text(base, mods)}; "
                         f"{plain.dice_text(rolls, cv)}", ["13.41", "7.13"], dice=rolls, hits=hits, cv=cv))
    ctx.log(explain.step("ga_roll", f"GROUND ASSAULT (defender): {e.mid} -> {m.mid}", f"{plain.cv_text(ebase, emods)}; "
                         f"{plain.dice_text(back, ecv)} -- a SOF marker always fights in its hex", ["13.41", "7.13"],
                         dice=back, hits=got, cv=ecv))
    h = m.hex
    damage(ctx, e, m.team, lrs_hits=0, ga_hits=hits, ga_engaged=True)
    damage(ctx, m, e.team, lrs_hits=0, ga_hits=got, ga_engaged=True)
    settle_continuing(ctx, h)
