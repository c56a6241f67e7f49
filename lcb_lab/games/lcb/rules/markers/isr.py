"""ISR markers (13.2): a card's counter on the map, concealed or revealed, with one free action
per turn (:mod:`lcb_lab.games.lcb.rules.markers.free_actions`).

* ``isr_marker`` effect (13.21): playing the card (1 AP: its first use) places its ISR marker
  concealed in the host's hex; ``args``: ``mp`` (the card's MP by default), ``zor`` (13.24: the
  marker exerts a ZOR, e.g. Unmanned Boats), ``naval`` (a surface naval platform: moves through
  water and can be hit by LRS when revealed, 13.26), ``reveal`` (its effect reveals units).
  The card's *marker effect* is the card's option whose ``when`` is ``"trigger"`` and ``fn`` is
  not ``isr_marker`` (V-BAT option B: reveal the enemy units in the marker's hex).
* :func:`check_reveal` (13.23): the marker turns face up when it enters or occupies a hex with
  an opposing unit or opposing ISR marker, or enters an opposing naval ZOR (6.23); a card
  effect may reveal it too (:func:`reveal_marker`).  :func:`check_can_conceal`: never there.
  An unrevealed submarine is not on the map (14.02): it neither reveals the marker nor keeps
  it from concealing itself, so neither tells the marker's owner where the boat is
  (:func:`~lcb_lab.games.lcb.rules.markers.placement.exposure`).
* :func:`hit` (13.26, 12.24): ``hits`` successful LRS hits on a marker: its HP drop; at 0 the
  marker and its card are discarded, and so are the units it carries (``data["cargo_loss"]``:
  ``"all"`` by default, 12.24 ex.; ``"per_hit"``: one unit a hit, the rest stay aboard while it
  survives -- 13.26 "follow the instructions on the card").  Shared with the transport helper
  (12.24: the amphibious ISR marker).
* a marker whose card leaves play leaves the map with it (:func:`lcb_lab.games.lcb.rules.combat.destruction.card_gone`;
  lcb_lab's reading of facts §6.31: 13.22 gives only the converse).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from lcb_lab.kernel import explain
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.games.lcb.model.fixed_memo import memo
from lcb_lab.games.lcb.model.state import CardMarker, other
from lcb_lab.games.lcb.rules.markers.placement import check_reveal, exposure, reveal_marker, rolled, unseen_sub  # noqa: F401 (re-exported)
from lcb_lab.games.lcb.rules.common import Ctx, enemy_units_seen, names

if TYPE_CHECKING:
    from lcb_lab.games.lcb.model.cards import CardType, Effect
    from lcb_lab.games.lcb.model.state import Card, CardPlay, CombatPlan, Unit


def hit(ctx: Ctx, marker: CardMarker, hits: int, rules: tuple[str, ...] = ("13.26",)) -> bool:
    """``hits`` HP of damage on ``marker`` (an LRS at a revealed surface naval ISR marker,
    13.26; the amphibious marker 12.24).  At 0 HP the marker is removed, its card discarded
    (9.07; an Attached card removed, 9.31) and its cargo units destroyed (see the module doc).
    Returns True when the marker is destroyed.  Raises nothing; ``hits <= 0`` changes nothing."""
    from lcb_lab.games.lcb.rules.markers.placement import remove
    if hits <= 0 or marker.mid not in ctx.state.card_markers:
        return False
    before = marker.hp
    marker.hp = max(0, marker.hp - hits)
    per_hit = marker.data.get("cargo_loss") == "per_hit"
    lost_units = []
    if per_hit and marker.cargo:
        lost_units = [ctx.state.units[u] for u in marker.cargo[:hits] if u in ctx.state.units]
    if marker.hp > 0:
        ctx.log(explain.step("damage", f"{marker.mid} is hit", f"HP {before} -> {marker.hp}", list(rules)))
        _lose_cargo(ctx, marker, lost_units)
        return False
    if not per_hit:
        lost_units = [ctx.state.units[u] for u in marker.cargo if u in ctx.state.units]
    text = f"{hits} hit(s) on {before} HP: the marker and its card are discarded"
    ctx.log(explain.step("damage", f"{marker.mid} destroyed", text + (f", with {names(lost_units)} aboard"
                                                                       if lost_units else ""), list(rules) + ["13.22"]),
            marker=marker.mid, team=marker.team, about=[{"unit": u.uid} for u in lost_units],   # cargo: 12.2x
            public_title=f"{marker.mid} destroyed", public_text=f"{text}, with {len(lost_units)} unit(s) aboard")
    _lose_cargo(ctx, marker, lost_units)
    remove(ctx, marker, other(marker.team), list(rules))
    return True


def _lose_cargo(ctx: Ctx, marker: CardMarker, lost: list) -> None:
    from lcb_lab.games.lcb.rules.combat.destruction import lose_cargo
    lose_cargo(ctx, marker, lost)


# ---------------------------------------------------------------- reveal / conceal (13.23)
def check_can_conceal(ctx: Ctx, m: CardMarker) -> None:
    """Refuse a conceal the marker may not take (13.23): IllegalAction("13.23", "<mid> cannot
    conceal itself: an opposing unit is in <hex>" ...).  Only what is on the map counts, so an
    unseen submarine in the hex (14.02) never refuses it (:func:`exposure`)."""
    why = exposure(ctx, m)
    if why:
        raise IllegalAction("13.23", f"{m.mid} cannot conceal itself: {why}")


# ---------------------------------------------------------------- the effect
PATHS_KEPT = 4096
"""Marker paths :func:`marker_path` keeps per board (forgotten all at once past this)."""


def marker_path(ctx: Ctx, naval: bool, start: str, dest: str, mp: int) -> list[str] | None:
    """The cheapest path (hexes after ``start``, a new list) of a marker to ``dest`` within ``mp``: a naval
    marker through water at the board's MP costs, any other one hex by hex at 1 MP (13.21,
    sandbox for an aerial marker); None when out of reach.  It reads only the board: found once
    for each (naval, start, dest, mp) and kept with the board (:mod:`lcb_lab.games.lcb.model.fixed_memo`;
    :func:`plain_marker_path` is the search itself)."""
    kept = memo(ctx.board).setdefault("marker_path", {})
    key = (naval, start, dest, mp)
    got = kept.get(key, kept)
    if got is kept:
        if len(kept) >= PATHS_KEPT:
            kept.clear()
        path = plain_marker_path(ctx, naval, start, dest, mp)
        got = kept[key] = None if path is None else tuple(path)
    return None if got is None else list(got)


def plain_marker_path(ctx: Ctx, naval: bool, start: str, dest: str, mp: int) -> list[str] | None:
    """:func:`marker_path`'s search (Dijkstra over the board), made every call."""
    import heapq
    best, parent, pq = {start: 0}, {}, [(0, start)]
    while pq:
        cost, h = heapq.heappop(pq)
        if h == dest:
            break
        if cost > best.get(h, 1 << 30):
            continue
        for n in (ctx.board.naval_neighbours(h) if naval else ctx.board.neighbours(h)):
            c = ctx.board.hex(n).mp_cost if naval else 1
            if c is None or cost + c > mp or cost + c >= best.get(n, 1 << 30):
                continue
            best[n], parent[n] = cost + c, h
            heapq.heappush(pq, (cost + c, n))
    if dest not in best:
        return None
    out, h = [], dest
    while h != start:
        out.append(h)
        h = parent[h]
    return out[::-1]


def _first_use(ctx: Ctx, card, ct, eff, hex_: str | None) -> tuple[str, list[str]]:
    """(start hex, path) of the marker's first use: placed in its host's hex, then moving to
    ``hex_`` within its MP (13.21). Raises IllegalAction."""
    from lcb_lab.games.lcb.rules.cards.targets import origin
    if any(m.card == card.cid for m in ctx.state.card_markers.values()):
        raise IllegalAction("13.21", f"{ct.name}'s ISR marker is on the map: it acts through its free marker "
                            "action once a turn (MarkerAction)")
    h0 = origin(ctx, card)
    if h0 is None:
        raise IllegalAction("13.21", f"{ct.name}'s ISR marker is placed in its host's hex: the host is not on the map")
    if not hex_ or hex_ == h0:
        return h0, []
    mp = int(eff.args.get("mp", ct.mp or 0))
    path = marker_path(ctx, bool(eff.args.get("naval")), h0, hex_, mp)
    if path is None:
        raise IllegalAction("13.21", f"{hex_} is beyond the reach of {ct.name}'s ISR marker from {h0} (MP {mp})")
    return h0, path


def check_play(ctx: Ctx, card: Card, ct: CardType, eff: Effect, targets: list[str], hex_: str | None) -> None:
    """The play's checks before the chain opens: at most one hex, reachable (:func:`_first_use`)."""
    from lcb_lab.games.lcb.rules.markers.placement import as_hex
    hexes = ([hex_] if hex_ else []) + list(targets)
    if len(hexes) > 1 or (hexes and as_hex(ctx, hexes[0]) is None):
        raise IllegalAction("13.21", f"{ct.name}'s marker moves to one hex of the map (or stays in its host's)")
    _first_use(ctx, card, ct, eff, as_hex(ctx, hexes[0]) if hexes else None)


def place_and_move(ctx: Ctx, link: CardPlay, ct: CardType, eff: Effect) -> None:
    """The card's initial use, before the other team's window (13.21, 13.25): its ISR marker is
    placed concealed in its host's hex and, with a target hex, moves there -- revealed on the
    way where 13.23 says.  This is the marker's action for the turn; for a card whose marker
    fires (an LRS ``trigger`` effect) that action may be Move and Initiate Combat: its combat
    (:func:`lcb_lab.games.lcb.rules.markers.free_actions.first_use_open`) follows in this
    impulse at no further AP (9.34 ex.: "can immediately use its 5 MP to Move and Initiate
    Combat"), within the MP the placement left (moves once per impulse)."""
    from lcb_lab.games.lcb.rules.markers.placement import as_hex, contact, impulse_key, new_marker
    card = ctx.card(link.card)
    dest = as_hex(ctx, link.hex or (link.targets[0] if link.targets else None))
    h0, path = _first_use(ctx, card, ct, eff, dest)
    m = new_marker(ctx, "isr", card.team, card.cid, h0, revealed=False)
    a = eff.args
    m.mp = int(a.get("mp", ct.mp or 0))
    m.host = card.host
    m.hp = max(1, int(ct.hits or 1))
    m.data = {k: a[k] for k in ("zor", "naval", "reveal") if k in a}
    m.acted = True                               # the initial use is its action this turn (13.21)
    if any(e.when == "trigger" and e.fn in ("lrs_attack", "uuv") for e in ct.effects):   # LRS or TORPEDO (13.27)
        m.data = {**m.data, "first_use": impulse_key(ctx)}  # ... which may be Move and Initiate Combat (9.34 ex.)
    link.data["marker"] = m.mid
    ctx.log(explain.step("marker", f"{ct.name}: {m.mid} placed", f"concealed in its host's hex {h0}; "
                         f"MP {m.mp}, one free action a turn from the next turn on", ["13.21", "13.22"]),
            team=card.team, marker=m.mid, about={"marker": m.mid})
    if path:
        m.moved = True
        ctx.log(explain.step("marker", f"{m.mid} moves", f"{h0} -> {' -> '.join(path)} (MP {m.mp}, once per impulse)",
                             ["13.21"], path=[h0] + path), team=card.team, marker=m.mid, about={"marker": m.mid})
    for h in path:
        m.hex = h
        check_reveal(ctx, m, h)
    check_reveal(ctx, m)
    contact(ctx, m.hex)
    if m.data.get("zor"):
        exercise_zor(ctx, m)


def isr_marker(ctx: Ctx, link: CardPlay, ct: CardType, eff: Effect) -> bool:
    """The initial use's effect, after the window (13.25): with ``args.reveal`` and a target hex,
    a roll (``succeeds_on``) reveals the enemy units in the marker's hex (13.27).  The marker
    itself was placed and moved at the play (:func:`place_and_move`)."""
    from lcb_lab.games.lcb.rules.movement.conceal import reveal
    m = ctx.state.card_markers.get(link.data.get("marker") or "")
    if m is None or not eff.args.get("reveal") or not (link.hex or link.targets):
        return True
    if not rolled(ctx, link, ct, eff):
        return False
    foes = [u for u in ctx.state.units_in(m.hex, other(m.team)) if not unseen_sub(ctx, u)]   # 14.010
    reveal(ctx, foes, f"revealed by {ct.name}'s ISR marker in {m.hex}", ["13.27", "6.13"])
    return True


# ---------------------------------------------------------------- supply (13.28)
def supply_cap(ctx: Ctx, m: CardMarker) -> int | None:
    """The LRS supply of a marker's card (``args.supply`` of its ``isr_marker`` effect), or None
    when the card tracks none."""
    ct = ctx.ctype(ctx.card(m.card))
    e = next((e for e in ct.effects if e.fn == "isr_marker"), None)
    return None if e is None or e.args.get("supply") is None else int(e.args["supply"])


def supply_left(ctx: Ctx, m: CardMarker) -> int | None:
    """Dice of LRS supply the marker's card has left (full until first spent); None: untracked."""
    cap = supply_cap(ctx, m)
    return None if cap is None else ctx.card(m.card).supply.get("LRS", cap)


def spend(ctx: Ctx, m: CardMarker, n: int) -> None:
    """Spend ``n`` dice of the card's LRS supply (7.08). Raises IllegalAction when short."""
    left = supply_left(ctx, m)
    if left is None:
        return
    if n > left:
        raise IllegalAction("7.08", f"{m.mid}'s card has {left} LRS supply left; the attack needs {n} dice "
                            "(RESUPPLY it at the marker's hex, 13.28)")
    c = ctx.card(m.card)
    c.supply = {**c.supply, "LRS": left - n}


def check_grant(ctx: Ctx, log_unit: Unit, reach: dict, g: dict, after: dict) -> None:
    """A RESUPPLY grant to a marker's card (13.28): a friendly marker whose card tracks supply, in
    a hex the logistics unit's RV reaches (the marker's hex is the reference; 8.05), slot ``LRS``,
    never above the card's starting supply (8.02). Raises IllegalAction."""
    m = ctx.state.card_markers[g["unit"]]
    n = int(g["rp"])
    if m.team != log_unit.team:
        raise IllegalAction("8.0", f"{m.mid} is not a friendly marker")
    cap = supply_cap(ctx, m)
    if cap is None or g["slot"] != "LRS":
        raise IllegalAction("13.28", f"{m.mid}'s card has no LRS supply to restore (slot 'LRS')")
    if n < 1:
        raise IllegalAction("8.01", f"grant to {m.mid} must be at least 1 RP")
    enemy_sof = any(x.kind == "sof" and x.team != m.team and x.hex == m.hex for x in ctx.state.card_markers.values())
    if enemy_sof or enemy_units_seen(ctx, m.team, m.hex):      # as the team sees the hex (6.11)
        raise IllegalAction("13.45", f"{m.mid}'s hex is contested: no RESUPPLY into it")
    if m.hex not in reach:
        raise IllegalAction("8.05", f"{m.mid} in {m.hex} is not within reach of {log_unit.uid}'s RESUPPLY "
                            "(a ground path clear of enemy, contested and prohibited hexes; 13.28: the marker's hex)")
    now = after.get((m.mid, "LRS"), supply_left(ctx, m)) + n
    if now > cap:
        raise IllegalAction("8.02", f"{m.mid}'s card would have {now} LRS supply, above its starting {cap}")
    after[(m.mid, "LRS")] = now


def apply_grant(ctx: Ctx, g: dict) -> str:
    """Apply a checked grant to a marker's card (13.28); returns the log part."""
    m = ctx.state.card_markers[g["unit"]]
    before = supply_left(ctx, m)
    c = ctx.card(m.card)
    c.supply = {**c.supply, "LRS": before + int(g["rp"])}
    return f"{m.mid}'s card LRS {before} -> {before + int(g['rp'])}"


def exercise_zor(ctx: Ctx, m: CardMarker) -> list:
    """An ISR marker with a ZOR (13.24, Unmanned Boats) exercises it as a naval ZOR (6.23):
    enemy naval units within its reach are revealed.  Returns those revealed."""
    from lcb_lab.games.lcb.rules.movement.conceal import naval_zor_hexes, reveal
    reach = naval_zor_hexes(ctx, m.hex)
    seen = [u for u in ctx.state.living(other(m.team)) if u.on_map and ctx.is_naval(u) and u.hex in reach]
    return reveal(ctx, seen, f"within {m.mid}'s ZOR (13.24, 6.23)", ["13.24", "6.23"])


# ---------------------------------------------------------------- LRS at a marker (13.26, 13.43)
def lrs_target_ok(m: CardMarker) -> bool:
    """Whether an LRS may target card marker ``m``: revealed, and a surface naval ISR marker
    (13.26), a SOF marker (13.43: its hits count with a GROUND ASSAULT), a Proxy Force (13.12:
    1 HP, like a unit) or a landing craft's marker (12.24: the transport part's ``amphibious`` /
    ``littoral`` data)."""
    return m.revealed and (bool(m.data.get("naval")) or m.kind in ("sof", "proxy")
                           or bool(m.data.get("amphibious") or m.data.get("littoral")))


def on_lrs_hits(ctx: Ctx, plan: CombatPlan, m: CardMarker, hits: int) -> bool:
    """``hits`` LRS hits on marker ``m`` (the combat's LRS engagement on it): a SOF marker's
    count only with a GROUND ASSAULT in its hex this impulse, applied with the GA hits
    (:func:`lcb_lab.games.lcb.rules.markers.sof.ga_hits`; 13.43); a naval ISR marker takes them at once
    (:func:`hit`, 13.26). Returns True when the marker was destroyed."""
    if m.kind == "sof":
        ga = any(ctx.state.units[a["attacker"]].hex == m.hex for a in plan.ga)
        ctx.log(explain.step("lrs_result", f"Net LRS on {m.mid}: {hits}",
                             "they count together with this impulse's GROUND ASSAULT in its hex (13.43)" if ga else
                             "LRS alone cannot destroy a SOF marker: no GROUND ASSAULT in its hex (13.43)", ["13.43"]))
        return False
    return hit(ctx, m, hits)
