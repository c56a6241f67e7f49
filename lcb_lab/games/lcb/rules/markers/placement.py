"""Markers that cards put on the map (13.x; 4.22 for MILDECs).

* SOF marker (13.4): placed on an enemy-occupied hex; it reveals the units there (App. B:
  MARSOC HALO reveals 1 Zhuk).
* ISR marker (13.0, 12.2): the marker of a card acting on the map, placed unrevealed
  (e.g. the Amphibious: LCU marker, :mod:`lcb_lab.games.lcb.rules.transport.landing`).
* Mine markers (13.3; 9.32 ex.: Scatterable Landmines, 3 markers in 3 contiguous land hexes),
  UAS and fortification markers: markers with their card; what they do later is chapter 13's
  (:mod:`lcb_lab.games.lcb.rules.markers.mines`, :mod:`lcb_lab.games.lcb.rules.markers.fortify`).
* MILDEC / Naval MILDEC (4.22): real MILDEC counters (``state.markers``) of the active Task
  Force, face down, that move and absorb hits like any other.

Card markers live in ``state.card_markers`` (:class:`lcb_lab.games.lcb.model.state.CardMarker`); they are
not units and have no HP; an LRS may attack one (12.24, :mod:`lcb_lab.games.lcb.rules.combat.sequence`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from lcb_lab.kernel import explain
from lcb_lab.kernel.datacodec import touched
from lcb_lab.games.lcb import hexes as lcb_hexes
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.games.lcb.model.state import CardMarker, Marker, Unit, other
from lcb_lab.games.lcb.rules.common import Ctx, enemy_units_seen

if TYPE_CHECKING:
    from lcb_lab.games.lcb.model.cards import CardType, Effect
    from lcb_lab.games.lcb.model.state import CardPlay

PREFIX = {"sof": "SOF", "isr": "ISR", "mine": "MINE", "uas": "UAS", "fortification": "FORT", "proxy": "PROXY"}
MILDECS = ("mildec", "naval_mildec")
KINDS = tuple(PREFIX) + MILDECS


def new_marker(ctx: Ctx, kind: str, team: str, card: str, hex_: str, revealed: bool = True) -> CardMarker:
    """A card marker of ``kind`` in ``hex_`` with the next id (``"SOF-1"``)."""
    pre = PREFIX[kind]
    n = 1 + sum(1 for m in ctx.state.card_markers.values() if m.kind == kind)
    while f"{pre}-{n}" in ctx.state.card_markers:
        n += 1
    m = CardMarker(f"{pre}-{n}", kind, team, card, hex_, revealed)
    ctx.state.card_markers[m.mid] = m
    touched(ctx.state, "card_markers")      # in place: the snapshot compares it again
    return m


def check_hexes(ctx: Ctx, team: str, kind: str, hexes: list[str], count: int, enemy_occupied: bool,
                contiguous: bool) -> None:
    """Refuse a placement the card does not allow (13.4: an enemy-occupied hex; 9.32 ex.: up to
    ``count`` contiguous land hexes for mines; MILDECs on land / water, 4.22).  "Enemy-occupied"
    is read as ``team`` sees the hex (:func:`~lcb_lab.games.lcb.rules.common.enemy_units_seen`): a
    back there may be a unit, whether it is one or a MILDEC (6.11), and an unseen submarine is
    not there for it (14.03), so the verdict is the same in two worlds that look the same to it."""
    if kind not in KINDS:
        raise IllegalAction("13.0", f"unknown marker {kind!r}")
    if not hexes:
        raise IllegalAction("13.0", "name the hex(es) for the marker(s)")
    if len(hexes) > count or len(set(hexes)) != len(hexes):
        raise IllegalAction("13.0", f"up to {count} different hex(es) for this card's {kind} markers")
    for h in hexes:
        info = ctx.board.hex(h)
        if enemy_occupied and not enemy_units_seen(ctx, team, h):     # as the team sees the hex (6.11)
            raise IllegalAction("13.4", f"{h} holds no enemy unit: the {kind} marker goes on an enemy-occupied hex")
        if kind in ("mine", "fortification", "mildec") and not info.has_land:
            raise IllegalAction("13.3" if kind == "mine" else "4.22", f"{h} has no land for a {kind} marker")
        if kind == "naval_mildec" and not info.has_water:
            raise IllegalAction("4.22", f"{h} has no water for a Naval MILDEC")
    if contiguous and len(hexes) > 1:
        linked = {hexes[0]}
        changed = True
        while changed:
            changed = False
            for h in hexes:
                if h not in linked and any(lcb_hexes.distance(h, x) == 1 for x in linked):
                    linked.add(h)
                    changed = True
        if len(linked) != len(hexes):
            raise IllegalAction("9.32", f"the hexes {', '.join(hexes)} are not contiguous")


def place(ctx: Ctx, team: str, card: str, card_name: str, kind: str, hexes: list[str], reveal_units: bool,
          values: Mapping[str, Any] | None = None) -> list:
    """Put one marker of ``kind`` in each hex (checked by :func:`check_hexes`); with
    ``reveal_units`` the enemy units in the hex are revealed (13.4, 6.13) -- not an unrevealed
    submarine, which only specific JCC effects, a submarine's ZOR or ASW reveal (14.010).  ``values``: the
    marker's own values its card gives (``hp``, ``ga_cv``, ``ga_dice``: a SOF marker's, 13.4)."""
    from lcb_lab.games.lcb.rules.movement.conceal import reveal
    out = []
    imp = ctx.state.impulse
    for h in hexes:
        if kind in MILDECS:
            n = 1 + len(ctx.state.markers)
            while f"M{n}" in ctx.state.markers:
                n += 1
            tf = imp.task_force if imp else next((t for t, x in ctx.state.task_forces.items() if x == team), "")
            m = Marker(f"M{n}", kind, team, tf, h)     # the Deployment Stage: the team's first TF (sandbox)
            ctx.state.markers[m.mid] = m
            touched(ctx.state, "markers")      # in place: the snapshot compares it again
            ctx.log(explain.step("effect", f"{card_name}: a MILDEC is placed", f"face down in {h}", ["4.22"]),
                    team=team, effect="mildec", hex=h)
        else:
            m = new_marker(ctx, kind, team, card, h)
            if kind == "sof":                  # 13.41: it may GROUND ASSAULT in the impulse it lands in a contested hex
                sof_placed(ctx, m, values or {})
            ctx.log(explain.step("effect", f"{card_name}: {m.mid} placed in {h}",
                                 f"a {kind.upper() if kind in ('sof', 'isr', 'uas') else kind} marker of the card",
                                 ["13.4"] if kind == "sof" else ["13.0"]))
        out.append(m)
        if reveal_units:                   # never an unrevealed submarine: only ASW-type effects find one (14.010)
            enemies = foes_in(ctx, h, team)
            if enemies:
                reveal(ctx, enemies, f"the {card_name} marker in {h} reveals the enemy units there", ["13.4", "6.13"])
    return out


def discard_card(ctx: Ctx, cid: str) -> None:
    """A marker's card leaves play with it (13.22, 13.43): discarded (9.07), an Attached card
    removed (9.31)."""
    card = ctx.state.cards.get(cid)
    if card is None or not card.in_play:
        return
    card.where = "removed" if card.where == "attached" else "discarded"
    card.host = card.hex = None
    card.face_up = True


def remove(ctx: Ctx, marker: CardMarker, by_team: str | None, rules: list[str]) -> None:
    """Take ``marker`` off the map and discard its card (13.22 ISR, 13.43 SOF); a destroyed
    Proxy Force rolls for the Influence Meter (13.13, :func:`lcb_lab.games.lcb.rules.markers.proxy.destroyed`)."""
    ctx.state.card_markers.pop(marker.mid, None)
    touched(ctx.state, "card_markers")      # in place: the snapshot compares it again
    if marker.kind == "proxy" and by_team is not None:
        proxy_destroyed(ctx, marker, by_team)
    if not any(m.card == marker.card for m in ctx.state.card_markers.values()):
        discard_card(ctx, marker.card)
    ctx.log(explain.step("marker", f"{marker.mid} removed", "the marker leaves the map; its card is discarded",
                         list(rules)), marker=marker.mid)


INFLUENCE_ON = 12
"""A destroyed Proxy Force's influence roll succeeds on a d20 of 12 or less (13.13)."""


def proxy_destroyed(ctx: Ctx, m: CardMarker, by_team: str) -> None:
    """A Proxy Force is destroyed (13.13): 1 d20; 1-12 (:data:`INFLUENCE_ON`) drops ``by_team``'s
    influence by 1 -- the Influence Meter moves one space toward the Proxy Force's team (15.24: a card's effect)."""
    from lcb_lab.games.lcb.rules.stages import influence
    roll = ctx.dice.roll(1, f"{m.mid} destroyed: influence")[0]
    ctx.log(explain.step("effect", f"{m.mid} destroyed: influence roll", f"rolled {roll}: "
                         + ("1-12, the attacker loses 1 influence" if roll <= INFLUENCE_ON else "13+, no change"),
                         ["13.13"]), dice=[roll])
    if roll <= INFLUENCE_ON:
        influence.move(ctx, m.team, f"{by_team} destroyed a Proxy Force", ["13.13", "15.24"])


def contact(ctx: Ctx, h: str) -> None:
    """Counters meet in hex ``h``: opposing ISR markers there are revealed (13.23), SOF and Proxy
    Force markers reveal the enemy units in their hex (13.42, 13.12)."""
    from lcb_lab.games.lcb.rules.movement.conceal import reveal
    for m in [m for m in ctx.state.card_markers.values() if m.hex == h]:
        if m.kind == "isr":
            check_reveal(ctx, m)
        elif m.kind in ("sof", "proxy"):
            foes = foes_in(ctx, h, m.team)                                  # 14.010
            enemies = [u for u in foes if not u.revealed]
            if enemies:
                reveal(ctx, enemies, f"{m.mid} reveals the enemy units in its hex",
                       ["13.42"] if m.kind == "sof" else ["13.12"])
            if foes and not m.revealed and any(ctx.utype(u).domain == "ground" for u in foes):
                reveal_marker(ctx, m, f"opposing ground units share {h} (6.22, as for units)",
                              ["6.22", "13.44" if m.kind == "sof" else "13.11"])


def rolled(ctx: Ctx, link: CardPlay, ct: CardType, eff: Effect) -> bool:
    """Roll a marker card's effect (``dice`` d20, success on any die <= ``succeeds_on``; no roll
    when None) and log the outcome -- :func:`lcb_lab.games.lcb.rules.cards.effects._rolled` for the marker
    modules, which do not import the effect registry (import graph)."""
    if eff.succeeds_on is None:
        return True
    purpose = f"{ct.name}: effect"
    rolls = ctx.dice.roll(eff.dice, purpose)
    link.rolls[purpose] = list(rolls)
    ok = any(r <= eff.succeeds_on for r in rolls)
    ctx.log(explain.step("card", f"{ct.name} {'succeeds' if ok else 'fails'}",
                         f"rolled {', '.join(map(str, rolls))}, succeeds on {eff.succeeds_on} or less"
                         + ("" if ok else ": no effect"), ["9.0", "9.2"] if ct.persistent else ["9.0"]),
            team=link.team, card=link.card)
    return ok


def as_hex(ctx: Ctx, x: str | None) -> str | None:
    """The canonical label of a hex of the map, or None."""
    if not x or x not in ctx.board:
        return None
    return ctx.board.canonical(x)


# ---------------------------------------------------------------- ISR reveal (13.23)
def reveal_marker(ctx: Ctx, m: CardMarker, why: str, rules: list[str]) -> bool:
    """Turn ``m`` face up (13.22: its 'Revealed' side). Returns True when it was concealed."""
    if m.revealed:
        return False
    m.revealed = True
    ctx.log(explain.step("marker", f"{m.mid} revealed", why, rules), marker=m.mid, hex=m.hex)
    return True


def exposure(ctx: Ctx, m: CardMarker, h: str | None = None) -> str:
    """Why ``m`` would be revealed in hex ``h`` (its own by default) -- and may not conceal
    itself there: an opposing unit on the map there, an opposing ISR marker there, or an
    opposing naval unit's ZOR (6.23); "" when none (13.23).

    lcb_lab's reading of 13.23 with 14.02: a submarine is on the map only while its submarine
    marker is placed (``revealed``, 14.06); an unrevealed one is tracked on its team's SOT
    (14.03), not in a hex of the map, so it neither reveals an ISR marker entering its hex nor
    keeps one there from concealing itself.  The answer is then the same whether or not an
    unseen submarine is there: the marker's owner learns nothing of it (principle 8).

    It reads the truth behind the enemy's backs on purpose, not what the owner sees: 13.23 is the
    enemy's own reveal -- a face-down unit there (not a MILDEC, which is no unit, 4.22) or a
    face-down ship whose ZOR reaches the hex flips the marker, and the owner learns that much as
    the rules intend, as it would at the table; a refused conceal tells it no more than that.
    """
    from lcb_lab.games.lcb.rules.movement.conceal import naval_zor_hexes
    h = h or m.hex
    foe = other(m.team)
    if foes_in(ctx, h, m.team):
        return f"an opposing unit is in {h}"
    if any(x.kind == "isr" and x.team == foe and x.hex == h for x in ctx.state.card_markers.values()):
        return f"an opposing ISR marker is in {h}"
    zor = naval_zor_hexes(ctx, h)
    if any(u.on_map and ctx.is_naval(u) and u.hex in zor for u in ctx.state.living(foe)):
        return f"{h} is in an opposing naval ZOR"
    return ""


def unseen_sub(ctx: Ctx, u: Unit) -> bool:
    """A submarine not on the map: its marker is not placed (14.02, 14.06); no marker reveals it (14.010)."""
    return not u.revealed and ctx.utype(u).domain == "submarine"


def foes_in(ctx: Ctx, h: str | None, team: str) -> list[Unit]:
    """The living units of ``team``'s enemy on the map in hex ``h`` that a marker meets: every one
    but an unseen submarine, which is on its SOT, not in the hex (:func:`unseen_sub`, 14.02, 14.010)."""
    return [u for u in ctx.state.units_in(h, other(team)) if not unseen_sub(ctx, u)] if h else []


def check_reveal(ctx: Ctx, m: CardMarker, h: str | None = None) -> bool:
    """Reveal ``m`` if hex ``h`` exposes it (13.23); True when it was revealed now."""
    why = exposure(ctx, m, h)
    if why and not m.revealed:
        return reveal_marker(ctx, m, f"{why} (13.23)", ["13.23"])
    return False


SOF_GA_CV = 10
"""A SOF marker's GROUND ASSAULT CV (sandbox: the rulebook prints none; Marine Raiders rated
above an infantry platoon's)."""
SOF_GA_DICE = 2
"""Its GA dice (sandbox)."""


def impulse_key(ctx: Ctx) -> str:
    """``"<turn>:<impulse>"``, the impulse in progress (3.3): what a marker's one-impulse right is
    tied to (13.41's SOF assault, the first use's combat of 9.34)."""
    return f"{ctx.state.turn}:{len(ctx.state.tf_order) + 1}"


def sof_placed(ctx: Ctx, m: CardMarker, values: Mapping[str, Any]) -> None:
    """A SOF marker is placed (13.4): its HP and GA values are those its card gives
    (``values``: ``hp``, ``ga_cv``, ``ga_dice``; "their specific effects are outlined on the
    cards"), else 1 HP and :data:`SOF_GA_CV` / :data:`SOF_GA_DICE` (sandbox); placed in a
    contested hex (enemy units or an enemy SOF marker there) it may assault in this impulse (13.41,
    :func:`lcb_lab.games.lcb.rules.markers.sof.may_assault`)."""
    m.hp = int(values.get("hp", 1))
    m.data = {**m.data, "ga_cv": int(values.get("ga_cv", SOF_GA_CV)), "ga_dice": int(values.get("ga_dice", SOF_GA_DICE))}
    enemy_sof = any(x.kind == "sof" and x.team != m.team and x.hex == m.hex for x in ctx.state.card_markers.values())
    if ctx.state.impulse is not None and (foes_in(ctx, m.hex, m.team) or enemy_sof):
        m.data = {**m.data, "may_assault": impulse_key(ctx)}


def reveal_in(ctx: Ctx, h: str | None, team: str, why: str) -> list[CardMarker]:
    """A card effect reveals ``team``'s ISR, Proxy Force and SOF markers in hex ``h`` (13.23:
    "revealed by another JCC effect"; 13.11, 13.44). Mines stay secret. Returns those revealed."""
    out = [m for m in ctx.state.card_markers.values()
           if h and m.hex == h and m.team == team and m.kind in ("isr", "proxy", "sof") and not m.revealed]
    for m in out:
        reveal_marker(ctx, m, why, ["13.23" if m.kind == "isr" else "13.11" if m.kind == "proxy" else "13.44", "6.13"])
    return out
