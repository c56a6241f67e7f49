"""Proxy Force markers (13.1) and instructor rulings (13.14).

* ``proxy_force`` effect (13.11, 13.12): ``args.count`` markers (1 by default), one in each
  target land hex within the card's range, concealed (revealed per the usual rules, 13.11);
  1 HP, ``args.mp`` MP (2), GROUND ASSAULT CV ``args.ga_cv`` (3) with up to ``args.ga_dice``
  (4) d20, infinite supply, range 0; the effect roll ``args.effect_on`` (6).  A Proxy Force
  reveals the enemy units in its hex (13.12, :func:`lcb_lab.games.lcb.rules.markers.placement.contact`).
* After the card's 1-AP play, once per turn for free (:mod:`lcb_lab.games.lcb.rules.markers.free_actions`;
  lcb_lab's reading of facts §6.32: it may act in the turn it is played): move (``path``) and/or
  ``then="combat"`` -- :func:`assault`, a GROUND ASSAULT on ONE enemy unit in its hex with
  ``dice`` d20 at CV 3 (the terrain, 7.09, and a Fortification, 13.51, count) -- or
  ``then="effect"`` -- :func:`effect_step`, one d20 at most 6, or at the value of an instructor
  ruling named in ``targets`` as ``"ruling:<n>"`` (13.14).  A ruling with ``supply_loss`` slots
  takes 1 from each of those supply slots of the target units named in ``targets`` (they must
  be in the marker's hex); its text is logged either way.
* Rulings (13.14): :func:`ruling_act` appends ``{"n", "team", "text", "succeeds_on",
  "supply_loss", "turn"}`` to ``state.rulings``; every ruling is available to the Proxy
  Forces of BOTH sides (13.14).  The disagreement roll of 13.14 is played at the table: the
  instructor enters the winner's ruling.
* Destroyed (13.13, :func:`destroyed`): roll 1 d20; on 1-12 the attacker's influence drops by 1
  -- the Influence Meter moves one space toward the Proxy Force's team (15.0).

* Assaulted (7.12 names partisans among a GROUND ASSAULT's defenders): a revealed Proxy Force
  is a GA and LRS target of 1 HP (:func:`lcb_lab.games.lcb.rules.markers.isr.hit`), and it fires
  back at a GROUND ASSAULT in its hex with its GA CV and all its dice -- it has a GA CV and
  infinite supply (7.13, 7.16) and defending costs no AP nor its once-a-turn action (7.13, 7.27);
  :func:`lcb_lab.games.lcb.rules.markers.sof.defense_shots` (lcb_lab's reading: its owner is not
  asked; sandbox: at the attacker with the most dice).

Open (sandbox limit): MILDEC absorption of a Proxy Force's hits is not simulated.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.choices import GaDefenseChoice
from lcb_lab.games.lcb.choice_options import Attacker, GaDefenseOptions

from lcb_lab.games.lcb import plain
from lcb_lab.kernel import explain
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.games.lcb.model.state import CardMarker, Unit
from lcb_lab.games.lcb.rules.cards import targets as card_targets
from lcb_lab.games.lcb.rules.markers.placement import as_hex, rolled
from lcb_lab.games.lcb.rules.common import Ctx, settle_continuing

if TYPE_CHECKING:
    from lcb_lab.games.lcb.actions import InstructorRuling, MarkerAction
    from lcb_lab.games.lcb.model.cards import CardType, Effect
    from lcb_lab.games.lcb.model.state import Card, CardPlay
    from lcb_lab.games.lcb.rules.common import GameLike
    from types import SimpleNamespace

STANDARD = 6
"""The standard effect roll (13.12): a d20 of 6 or less."""


def ruling_act(game: GameLike, c: Ctx, a: InstructorRuling) -> int:
    """Handler of :class:`lcb_lab.games.lcb.actions.InstructorRuling` (13.14): record the agreed effect.
    Returns its number ``n`` (``"ruling:<n>"`` names it)."""
    if not a.text.strip():
        raise IllegalAction("13.14", "a ruling needs its text (the agreed narrative and effect)")
    if not 1 <= int(a.succeeds_on) <= 20:
        raise IllegalAction("13.14", "a ruling's roll is a d20 value 1-20")
    n = len(c.state.rulings) + 1
    loss = [str(x) for x in getattr(a, "supply_loss", ())]
    c.state.rulings = [*c.state.rulings, {"n": n, "team": a.team, "text": a.text, "succeeds_on": int(a.succeeds_on),
                                          "supply_loss": loss, "turn": c.state.turn}]
    c.log(explain.step("ruling", f"Instructor ruling {n}: {a.text}",
                       f"proposed by {a.team}; a Proxy Force succeeds on {a.succeeds_on} or less; available to "
                       "the Proxy Forces of both sides", ["13.14"]))
    return n


def check_play(ctx: Ctx, card: Card, ct: CardType, eff: Effect, targets: list[str], hex_: str | None) -> None:
    """Placement limits (13.11): ``count`` different land hexes within the card's range."""
    hexes = [as_hex(ctx, h) for h in ([hex_] if hex_ else []) + list(targets)]
    count = int(eff.args.get("count", 1))
    if not hexes or None in hexes or len(hexes) > count or len(set(hexes)) != len(hexes):
        raise IllegalAction("13.11", f"{ct.name} places up to {count} Proxy Force marker(s): name as many different hexes")
    for h in hexes:
        info = ctx.board.hex(h)
        if not info.has_land or info.mp_cost is None:
            raise IllegalAction("13.11", f"{h} has no passable land for a Proxy Force")
    card_targets._check_range(ctx, card, ct, eff, hexes)


def proxy_force(ctx: Ctx, link: CardPlay, ct: CardType, eff: Effect) -> bool:
    """Place the card's Proxy Force marker(s) (module doc)."""
    from lcb_lab.games.lcb.rules.markers.placement import contact, new_marker
    hexes = [as_hex(ctx, h) for h in ([link.hex] if link.hex else []) + list(link.targets)]
    if not rolled(ctx, link, ct, eff):
        return False
    a = eff.args
    for h in hexes:
        m = new_marker(ctx, "proxy", link.team, link.card, h, revealed=False)
        m.hp, m.mp = 1, int(a.get("mp", 2))
        m.data = {"ga_cv": int(a.get("ga_cv", 3)), "ga_dice": int(a.get("ga_dice", 4)),
                  "effect_on": int(a.get("effect_on", STANDARD))}
        ctx.log(explain.step("marker", f"{ct.name}: {m.mid} placed in {h}", "a concealed Proxy Force: 1 HP, "
                             f"{m.mp} MP; once a turn it may move and GROUND ASSAULT or try its effect", ["13.11", "13.12"]),
                team=link.team, marker=m.mid, about={"marker": m.mid})
        contact(ctx, h)
    return True


def _ruling(ctx: Ctx, targets) -> dict | None:
    for t in targets:
        if str(t).startswith("ruling:"):
            try:
                n = int(str(t).split(":", 1)[1])
                return ctx.state.rulings[n - 1]
            except (ValueError, IndexError):
                raise IllegalAction("13.14", f"there is no ruling {t!r} (rulings: {len(ctx.state.rulings)})") from None
    return None


def effect_setup(ctx: Ctx, m: CardMarker, a: MarkerAction | SimpleNamespace) -> tuple[dict | None, list[Unit], int]:
    """The setup of the Proxy Force's effect roll ``a`` (13.12, 13.14), changing nothing:
    ``(the ruling named, or None; the target units; the value)`` -- one d20, succeeding on the
    value or less (the ruling's, else the card's ``effect_on``, :data:`STANDARD`).  Raises
    IllegalAction (13.12 a unit outside its hex, 13.14 an unknown ruling or no unit for it)."""
    ruling = _ruling(ctx, a.targets)
    units = [ctx.state.units.get(t) for t in a.targets if not str(t).startswith("ruling:")]
    if any(u is None or u.hex != m.hex or u.destroyed for u in units):
        raise IllegalAction("13.12", f"a Proxy Force's effect acts in its own hex {m.hex}")
    if ruling and ruling["supply_loss"] and not units:
        raise IllegalAction("13.14", f"ruling {ruling['n']} acts on a unit: name it in targets")
    return ruling, units, ruling["succeeds_on"] if ruling else m.data.get("effect_on", STANDARD)


def effect_step(ctx: Ctx, m: CardMarker, a: MarkerAction | SimpleNamespace) -> None:
    """The Proxy Force's effect roll (13.12, 13.14): see the module doc."""
    ruling, units, need = effect_setup(ctx, m, a)
    roll = ctx.dice.roll(1, f"{m.mid}: effect")[0]
    ok = roll <= need
    what = ruling["text"] if ruling else "the effect agreed at the table"
    ctx.log(explain.step("effect", f"{m.mid}: effect {'succeeds' if ok else 'fails'}",
                         f"rolled {roll}, needs {need} or less ({'ruling ' + str(ruling['n']) if ruling else 'standard'}): "
                         + (what if ok else "no effect"), ["13.12", "13.14"]), dice=[roll])
    if not ok or not ruling:
        return
    for u in units:
        parts = []
        for slot in ruling["supply_loss"]:
            if slot in u.supply and u.supply[slot] > 0:
                u.supply = {**u.supply, slot: u.supply[slot] - 1}
                parts.append(f"{slot} {u.supply[slot] + 1} -> {u.supply[slot]}")
        if parts:
            ctx.log(explain.step("effect", f"{u.uid} loses supply", "; ".join(parts) + f" (ruling {ruling['n']})",
                                 ["13.14"]), unit=u.uid)


def assault_target(ctx: Ctx, m: CardMarker, a: MarkerAction | SimpleNamespace) -> Unit:
    """The setup of marker ``m``'s GROUND ASSAULT ``a`` (13.12, 13.41), changing nothing: its
    one target; ``a.dice`` d20 hitting on :func:`assault_cv` or less.  Raises IllegalAction."""
    rule, what = ("13.41", "a SOF marker") if m.kind == "sof" else ("13.12", "a Proxy Force")
    top = m.data.get("ga_dice", 4)
    if not 1 <= int(a.dice) <= top:
        raise IllegalAction(rule, f"{what} rolls 1 to {top} dice in its GROUND ASSAULT")
    if len(a.targets) != 1:
        raise IllegalAction(rule, f"name the one enemy unit in {m.mid}'s hex")
    u = ctx.state.units.get(a.targets[0])
    if u is None or u.team == m.team or u.hex != m.hex or u.destroyed or not u.revealed:
        raise IllegalAction(rule, f"{m.team} sees no face-up enemy unit {a.targets[0]!r} in {m.hex} (range 0)")
    return u


def assault_cv(ctx: Ctx, m: CardMarker, u: Unit) -> tuple[int, list, int]:
    """``(base CV, modifiers, CV)`` of marker ``m``'s GROUND ASSAULT on ``u``: CV 3 unless the
    card says otherwise, terrain (7.09) and Fortification (13.51) modifiers."""
    from lcb_lab.games.lcb.rules.markers.fortify import ga_modifiers
    from lcb_lab.games.lcb.rules.combat.network import apply, terrain_modifiers
    base = int(m.data.get("ga_cv", 3))
    mods = terrain_modifiers(ctx.board, m.hex, ctx.is_naval(u)) + ga_modifiers(ctx.state, m.hex, m.team)
    return base, mods, apply(base, mods)


def defense_plan(ctx: Ctx, choice: GaDefenseChoice, answer: A.AnswerDefense) -> tuple[CardMarker | None, list[dict]]:
    """The setup of the defenders' typed answer to a marker's GROUND ASSAULT (7.13), changing
    nothing: ``(marker or None if gone, [{"defender", "target", "dice"}])``, each defender's
    dice hitting on its GA CV or less.  Raises IllegalAction (7.08, 7.13)."""
    o = choice.options
    m = ctx.state.card_markers.get(o.marker or "")
    listed = {d.uid: d for d in o.defenders}
    used: dict[str, int] = {}
    for x in answer.defence:
        d, n = listed.get(x.defender), int(x.dice)
        if d is None or x.target != o.marker or n < 1:
            raise IllegalAction("7.13", f"{x.defender} may fire back only at {o.marker} from "
                                f"{o.hex}, with at least one die")
        used[d.uid] = used.get(d.uid, 0) + n
        if d.supply is not None and used[d.uid] > d.supply:
            raise IllegalAction("7.08", f"{d.uid} has {d.supply} GA supply")
    return m, [{"defender": x.defender, "target": x.target, "dice": int(x.dice)} for x in answer.defence]


def assault(ctx: Ctx, m: CardMarker, a: MarkerAction | SimpleNamespace) -> None:
    """The Proxy Force's GROUND ASSAULT (13.12; a SOF marker's on placement, 13.41): ``dice``
    (1..4) d20 at CV 3, range 0, on one face-up enemy unit in its hex (``targets[0]``), modified
    by terrain (7.09) and Fortification (13.51).  The defenders in the hex may fire back (7.13):
    a ``ga_defence`` choice for their team (options as combat's, plus ``marker``), answered by
    :func:`answer_defense`; with no defender able to fire the dice are rolled at once."""
    from lcb_lab.games.lcb.rules.movement.conceal import reveal
    from lcb_lab.games.lcb.rules.combat.ground_assault import defenders
    rule = "13.41" if m.kind == "sof" else "13.12"
    if m.kind == "sof" and len(a.targets) == 1 and a.targets[0] in ctx.state.card_markers:
        from lcb_lab.games.lcb.rules.markers.sof import duel     # SOF against SOF (13.41)
        duel(ctx, m, a.targets[0], int(a.dice))
        return
    u = assault_target(ctx, m, a)
    if not m.revealed:
        m.revealed = True
        ctx.log(explain.step("marker", f"{m.mid} revealed", "it attacks (7.07)", [rule, "7.07"]), marker=m.mid)
    reveal(ctx, [u], f"{m.mid} attacks it", [rule])
    m.data = {**m.data, "assault": {"target": u.uid, "dice": int(a.dice)}}
    defs = defenders(ctx, m.hex, u.team)
    if defs:
        ctx.state.push_choice(GaDefenseChoice(u.team, "7.13", f"Declare GROUND ASSAULT defense dice in {m.hex} "
                                     f"against {m.mid}", GaDefenseOptions(
            hex=m.hex, defenders=defs, marker=m.mid, attackers=(Attacker(uid=m.mid, dice=int(a.dice)),))))
        return
    _resolve(ctx, m, [])


def answer_defense(ctx: Ctx, choice: GaDefenseChoice, answer: A.AnswerDefense) -> None:
    """The defenders' typed answer to a marker's GROUND ASSAULT (7.13): each
    :class:`~lcb_lab.games.lcb.actions.Defense` a defender listed in the choice firing at the
    marker, within its GA supply. Raises IllegalAction leaving the choice pending; else rolls
    both sides at once (7.13, 7.15)."""
    m, defense = defense_plan(ctx, choice, answer)
    ctx.state.choices.pop()
    if m is not None:
        _resolve(ctx, m, defense)


def _resolve(ctx: Ctx, m: CardMarker, defense: list[dict]) -> None:
    """Roll the marker's GA and the defenders' dice together; apply the damage (7.13, 7.15)."""
    from lcb_lab.games.lcb.rules.cards.cvs import spend
    from lcb_lab.games.lcb.rules.combat.destruction import destroy
    from lcb_lab.games.lcb.rules.markers.isr import hit
    rule = "13.41" if m.kind == "sof" else "13.12"
    plan = m.data["assault"]
    m.data = {k: v for k, v in m.data.items() if k != "assault"}
    u = ctx.state.units[plan["target"]]
    base, mods, cv = assault_cv(ctx, m, u)
    rolls = ctx.dice.roll(plan["dice"], f"GA {m.mid}->{u.uid}")
    hits = sum(1 for r in rolls if r <= cv)
    ctx.log(explain.step("ga_roll", f"GROUND ASSAULT: {m.mid} -> {u.uid}",
                         f"{plain.cv_text(base, mods)}; {plain.dice_text(rolls, cv)}",
                         [rule, "7.13"] + [x[2] for x in mods], base_cv=base, modifiers=mods, cv=cv,
                         dice=rolls, hits=hits))
    back = 0
    from lcb_lab.games.lcb.rules.combat.ground_assault import defense_cv, defense_modifiers, defense_slot
    for x in defense:
        d = ctx.state.units[x["defender"]]
        slot, dmods = defense_slot(ctx, d), defense_modifiers(ctx, d)    # optional 17.52: cannon artillery's LRS
        spend(ctx, d, slot, x["dice"])
        dbase, dcv = ctx.cv(d, slot).value, defense_cv(ctx, d)
        r = ctx.dice.roll(x["dice"], f"GA {d.uid}->{m.mid}")
        n = sum(1 for v in r if v <= dcv)
        back += n
        ctx.log(explain.step("ga_roll", f"GROUND ASSAULT (defender): {d.uid} -> {m.mid}",
                             f"{plain.cv_text(dbase, dmods)}; {plain.dice_text(r, dcv)}",
                             ["7.13", "7.15"] + [v[2] for v in dmods], dice=r, hits=n, cv=dcv))
    if hits:
        before = u.hp
        u.hp = max(0, u.hp - hits)
        ctx.log(explain.step("damage", f"{u.uid} loses {before - u.hp} HP", f"HP {before} -> {u.hp}", [rule, "7.15"]),
                unit=u.uid)
        if u.hp <= 0:
            destroy(ctx, u, m.team)
    h = m.hex
    if back:
        if m.kind == "sof":
            from lcb_lab.games.lcb.rules.markers.sof import damage
            damage(ctx, m, u.team, lrs_hits=0, ga_hits=back, ga_engaged=True)
        else:
            hit(ctx, m, back, (rule, "7.15"))
    if m.kind == "sof":                  # 13.41: the SOF marker's assault fights its hex's Continuing Combat
        settle_continuing(ctx, h)


def destroyed(ctx: Ctx, m: CardMarker, by_team: str) -> None:
    """A Proxy Force is destroyed (13.13): :func:`lcb_lab.games.lcb.rules.markers.placement.proxy_destroyed`."""
    from lcb_lab.games.lcb.rules.markers.placement import proxy_destroyed
    proxy_destroyed(ctx, m, by_team)
