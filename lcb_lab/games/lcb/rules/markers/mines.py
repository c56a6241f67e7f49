"""Mine markers (13.3): secret cubes that attack enemy counters entering or leaving their hex.

* ``mines`` effect (13.31, 13.33): ``args.count`` cubes in all, placed ``args.per_hex`` (1 by
  default) in each target hex (``contiguous``: the hexes must touch, 9.32 ex.; ``terrain``:
  ``"land"`` (default), ``"water"`` or ``"any"`` -- where they may go and which counters they
  attack: land mines ground units, naval mines naval units and Naval MILDECs).  A hex holds ONE
  :class:`~lcb_lab.games.lcb.model.state.CardMarker` per team (``kind="mine"``, ``level`` = its cubes,
  ``data["succeeds_on"]`` = the card's value, 13 in the examples).  It is placed **secret**
  (``revealed=False``): only its owner sees it -- the other team's view and log show nothing
  (13.37) until it is triggered.  A scenario's secret minefield (13.37) is the scenario key
  ``[[mines]] team, hex, cubes, succeeds_on, terrain`` (:func:`place_secret`).
* ``clear_mines`` effect (13.32): ``args.n`` enemy cubes removed from the target hex (all when
  absent); the cubes are found, so the owner's team learns nothing new and the clearer sees them.
* Trigger (13.33-13.35, :func:`on_step`): an enemy counter **enters** a mined hex, or
  **leaves** one it stood in.  Reading of facts §6.29 (pass-through): a move triggers a hex's
  mines at most ONCE -- on entering it; leaving a hex entered in the same move does not trigger
  again (13.34 "resolved immediately" is that one resolution).  Mines placed in an occupied
  hex wait until the counters leave (13.35: nothing triggers on placement).  Friendly counters
  never trigger them (13.36).  The move stops where the mines triggered (13.34): the owner gets
  a ``mine_attack`` choice; after it is answered the survivors go on along the rest of their
  path (lcb_lab's reading: "stopping movement until resolved" -- resolved, the move resumes).
  The stop is the hex's, not the owner's (13.34), so it is public even when the owner holds:
  the mover learns the hex is mined, not its cubes (they show when they strike).  That a team
  may hold secret mines is public (:func:`may_hold_secret_mines`); while it is, the other
  team's moves cannot be undone by that team (a move is a look for the mines, 13.37).
* ``mine_attack`` choice (team = the mine owner): options :class:`~lcb_lab.games.lcb.choice_options.MineAttackOptions`
  (``hex``, ``mine``, ``cubes``, ``succeeds_on``, ``event``, ``targets``: ids as the owner sees them) -- a face-up counter by its name, a
  face-down one as its back ``"hidden:<hex>:<n>"`` (13.34: targets chosen without seeing the
  faces; :func:`lcb_lab.games.lcb.observer._backs` numbers them).  Answer ``Answer.mines`` =
  ``(MineShot(target, cubes), ...)``; empty = hold the mines (13.33 "may").  Each cube removed
  rolls 1 d20: a roll <= ``succeeds_on`` is 1 HP (13.32, 13.33).  Mines cannot be INTERCEPTed
  (13.32): no INTERCEPT choice is ever asked.  A naval target's hits may be absorbed by its
  team's Naval MILDECs in the hex (13.34, 4.22): a ``mildec`` choice (key ``"mine:<hex>:<uid>"``);
  a surviving ship with cargo asks the attacker's embarked losses (10.311, ``embark``).
* Who they attack (13.36, :func:`_hits_domain`): enemy units and MILDECs (with a stack or alone,
  5.17) and enemy card markers -- a naval ISR marker by water mines, a Proxy Force by land mines
  (through :func:`lcb_lab.games.lcb.rules.markers.isr.hit`); never an aerial ISR marker or a submarine (lcb_lab's
  readings).  A marker's move stops where mines trigger until they are resolved (13.34); a
  survivor goes on along the rest of its path, then takes its step.
* :func:`walk` steps every move (``movement.move`` / ``move_markers`` check the path first);
  :func:`trigger_at` (13.38): the transport part's embarkation points, with ``pending =
  {"resume": name}`` of :data:`RESUMES` for what goes on after.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from lcb_lab.games.lcb import actions as A

from lcb_lab.games.lcb import plain
from lcb_lab.kernel import explain
from lcb_lab.kernel.datacodec import touched
from lcb_lab.games.lcb.choices import Choice, MildecChoice, MineAttackChoice
from lcb_lab.games.lcb.choice_options import MildecOptions, MineAttackOptions
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.games.lcb.model.state import CardMarker, Unit, other
from lcb_lab.games.lcb.observer_table import may_hold_mildec
from lcb_lab.games.lcb.rules.cards import hooks as _hooks, targets as card_targets
from lcb_lab.games.lcb.rules.combat.destruction import destroy
from lcb_lab.games.lcb.rules.markers.placement import as_hex, contact, rolled
from lcb_lab.games.lcb.rules.common import Ctx, names, refs
from lcb_lab.games.lcb.rules.movement.conceal import apply_naval_zor, contact_reveal

if TYPE_CHECKING:
    from lcb_lab.games.lcb.model.cards import CardType, Effect
    from lcb_lab.games.lcb.model.state import Card, CardPlay

KIND = "mine_attack"
DEFAULT_SUCCEEDS_ON = 13
RESUMES: dict = _hooks.RESUMES
"""``name`` -> ``fn(ctx, pending)`` (the landing's, listed by :mod:`lcb_lab.games.lcb.rules.cards.hooks`):
what goes on after the mines are resolved when a caller of
:func:`trigger_at` passed ``pending={"resume": name, ...}`` (13.38: the transport part's
embarkation point).  ``pending`` comes back with the caller's keys (JSON-plain) plus
``event`` and ``counters`` (the ids attacked)."""
"""The examples' value (13.33 ex., 13.34 ex.: 13 or less) when a card gives none."""


# ---------------------------------------------------------------- placement
def mine_in(ctx: Ctx, h: str, team: str) -> CardMarker | None:
    """``team``'s mine marker in hex ``h`` (one per team and hex), or None."""
    return next((m for m in ctx.state.card_markers.values()
                 if m.kind == "mine" and m.hex == h and m.team == team and m.level > 0), None)


def _terrain_ok(ctx: Ctx, h: str, terrain: str) -> bool:
    info = ctx.board.hex(h)
    if info.mp_cost is None:
        return False
    return {"land": info.has_land, "water": info.has_water}.get(terrain, True)


def lay(ctx: Ctx, team: str, card: str, h: str, cubes: int, succeeds_on: int, terrain: str) -> CardMarker:
    """Add ``cubes`` of ``team``'s mines to hex ``h`` (secret, 13.31, 13.37); logged for the owner only."""
    from lcb_lab.games.lcb.rules.markers.placement import new_marker
    m = mine_in(ctx, h, team)
    if m is None:
        m = new_marker(ctx, "mine", team, card, h, revealed=False)
        m.level = 0
        m.data = {"succeeds_on": int(succeeds_on), "terrain": terrain}
    m.level += int(cubes)
    ctx.log(explain.step("mine", f"{cubes} mine cube(s) laid in {h}", f"{m.level} in the hex, secret: the other "
                         f"team does not see them (13.37); attack at {m.data['succeeds_on']} or less", ["13.31", "13.33"]),
            team=team, hex=h, about={"mines": m.mid})
    return m


def may_hold_secret_mines(ctx: Ctx, team: str, scenario_teams: Iterable[str] = ()) -> bool:
    """Whether both teams know that ``team`` may hold secret mines: its scenario gave it a
    secret minefield (13.37; ``scenario_teams``: the teams of the scenario's ``[[mines]]``) or
    it has played a card that lays mines (played face up, 9.02).  Where they are stays its
    secret, so every move of the other team may meet them (13.34): such a move cannot be taken
    back (the lab's undo, :func:`lcb_lab.games.lcb.whatif.timeline.moved_past_secret_mines`),
    mines met or not.  Decided from public facts only, never from the mines."""
    if team in scenario_teams:
        return True
    return any(c.team == team and c.face_up and any(e.fn == "mines" for e in ctx.ctype(c).effects)
               for c in ctx.state.cards.values())


def place_secret(ctx: Ctx, entries: list[dict]) -> None:
    """A scenario's secret minefield (13.37): ``[{"team", "hex", "cubes", "succeeds_on"?, "terrain"?}]``.
    Raises IllegalAction for a hex the mines cannot go in."""
    for e in entries:
        h = ctx.board.canonical(e["hex"])
        terrain = e.get("terrain", "water" if ctx.board.hex(h).has_water and not ctx.board.hex(h).has_land else "land")
        if not _terrain_ok(ctx, h, terrain):
            raise IllegalAction("13.31", f"{h} cannot take {terrain} mines")
        lay(ctx, e["team"], e.get("card", ""), h, int(e.get("cubes", 1)),
            int(e.get("succeeds_on", DEFAULT_SUCCEEDS_ON)), terrain)


def mines_effect(ctx: Ctx, link: CardPlay, ct: CardType, eff: Effect) -> bool:
    """Lay the card's mines in the target hexes (see the module doc)."""
    hexes = _hexes(ctx, ct, list(link.targets), link.hex)
    a = eff.args
    per_hex, terrain = int(a.get("per_hex", 1)), a.get("terrain", "land")
    if not rolled(ctx, link, ct, eff):
        return False
    value = int(a.get("succeeds_on") or eff.cv or DEFAULT_SUCCEEDS_ON)
    for h in hexes:
        lay(ctx, link.team, link.card, h, per_hex, value, terrain)
    return True


def clear_mines(ctx: Ctx, link: CardPlay, ct: CardType, eff: Effect) -> bool:
    """Roll; remove ``args.n`` enemy mine cubes (all when absent) from the target hex (13.32)."""
    h = as_hex(ctx, link.hex or (link.targets[0] if link.targets else None))
    if h is None:
        raise IllegalAction("13.32", f"{ct.name}: name the hex to clear")
    if not rolled(ctx, link, ct, eff):
        return False
    m = mine_in(ctx, h, other(link.team))
    if m is None:
        ctx.log(explain.step("mine", f"{ct.name}: no mines found in {h}", "nothing to clear", ["13.32"]))
        return True
    n = m.level if eff.args.get("n") is None else min(m.level, int(eff.args["n"]))
    m.level -= n
    m.revealed = True
    ctx.log(explain.step("mine", f"{ct.name} clears {n} mine cube(s) in {h}", f"{m.level} left", ["13.32"]))
    if m.level <= 0:
        ctx.state.card_markers.pop(m.mid, None)
        touched(ctx.state, "card_markers")      # in place: the snapshot compares it again
    return True


# ---------------------------------------------------------------- triggers
def _hits_domain(ctx: Ctx, m: CardMarker, counter) -> bool:
    terrain = m.data.get("terrain", "land")
    if terrain == "any":
        return True
    if isinstance(counter, CardMarker):       # a card marker: a naval one at sea, a Proxy Force ashore;
        if counter.kind == "isr" and not counter.data.get("naval"):
            return False                      # an aerial ISR marker flies over (lcb_lab's reading of 13.36)
        naval = bool(counter.data.get("naval"))
    elif isinstance(counter, Unit) and ctx.utype(counter).domain == "submarine":
        return False                          # submerged: no mine attacks it (lcb_lab's reading; 14.0)
    else:
        naval = ctx.is_naval(counter) if isinstance(counter, Unit) else counter.type_id == "naval_mildec"
    return naval == (terrain == "water")


def _exposed(ctx: Ctx, m: CardMarker, counters: list) -> list:
    """The counters ``m`` attacks: enemy units, MILDECs and card markers of its owner's enemy
    (13.36), of its terrain."""
    return [c for c in counters if c.team != m.team and not getattr(c, "destroyed", False)
            and _hits_domain(ctx, m, c)]


def _cid(c) -> str:
    return c.uid if isinstance(c, Unit) else c.mid


def target_ids(ctx: Ctx, m: CardMarker, counters: list) -> list[str]:
    """The ids the owner names its targets by (13.34): face-up counters by name, face-down
    ones by their back (``hidden:<hex>:<n>``, the observer's numbering)."""
    from lcb_lab.games.lcb.observer import _back_groups
    backs = {id(c): hid for hid, group in _back_groups(ctx.state, m.team) for c in group}   # a TF Counter: one back (4.35)
    out = []
    for c in counters:
        if id(c) in backs:
            if backs[id(c)] not in out:
                out.append(backs[id(c)])
        elif isinstance(c, CardMarker) and not c.revealed:
            out.append(f"marker:{c.hex}")     # a concealed card marker: its back (observer_card_markers)
        else:
            out.append(_cid(c))
    return sorted(out)


def _resolve_id(ctx: Ctx, m: CardMarker, tid: str):
    from lcb_lab.games.lcb.observer import _backs
    for hid, c in _backs(ctx.state, m.team):
        if hid == tid:
            return c
    if tid in ctx.state.units:
        return ctx.state.units[tid]
    if tid.startswith("marker:"):
        return next((x for x in ctx.state.card_markers.values() if x.hex == tid[7:] and x.team != m.team), None)
    return ctx.state.markers.get(tid) or ctx.state.card_markers.get(tid)


def trigger_at(ctx: Ctx, h: str, counters: list, event: str = "enters", pending: dict | None = None) -> bool:
    """Mines of the other team in hex ``h`` attack ``counters`` (units, MILDECs, card markers)
    that ``event`` ("enters" / "leaves") it: a ``mine_attack`` choice for the owner is pushed
    (13.33).  ``pending``: what to do once resolved -- the rest of a move (``units``, ``rest``),
    a marker's step (``marker``) or ``{"resume": name}`` of :data:`RESUMES` (13.38); JSON-plain.
    Returns True when a choice was pushed (the caller stops until it is answered); False when
    no enemy mine there attacks these counters."""
    if not counters:
        return False
    m = mine_in(ctx, h, other(counters[0].team))
    if m is None:
        return False
    exposed = _exposed(ctx, m, counters)
    if not exposed:
        return False
    m.data = {**m.data, "pending": dict(pending or {}, event=event, counters=[_cid(c) for c in exposed])}
    ids = target_ids(ctx, m, exposed)
    ctx.state.push_choice(MineAttackChoice(
        m.team, "13.33", f"Enemy counters {'enter' if event == 'enters' else 'leave'} {h} with {m.level} of your mine cubes: detonate?",
        MineAttackOptions(hex=h, mine=m.mid, cubes=m.level,
                          succeeds_on=m.data.get("succeeds_on", DEFAULT_SUCCEEDS_ON), event=event, targets=tuple(ids))))
    return True


def on_step(ctx: Ctx, movers: list, frm: str, to: str, entered: set[str]) -> str | None:
    """The mines one step of a move meets (13.33-13.35): leaving ``frm`` (unless it was entered
    in this move, ``entered``: facts §6.29) then entering ``to``.  Returns ``"leaves"`` /
    ``"enters"`` when mines of the other team are there for these counters (the caller then
    stops: :func:`trigger_at`), else None."""
    if not movers:
        return None
    foe = other(movers[0].team)
    for h, ev in ((frm, "leaves"), (to, "enters")):
        if ev == "leaves" and h in entered:
            continue
        m = mine_in(ctx, h, foe)
        if m is not None and _exposed(ctx, m, movers):
            return ev
    return None


# ---------------------------------------------------------------- answer
def shot_plan(ctx: Ctx, choice: MineAttackChoice, answer: A.AnswerMines) -> tuple[CardMarker, list[tuple[str, int]]]:
    """The setup of the owner's typed mine shots (13.33, 13.34), changing nothing: the mines and
    ``[(target id, cubes)]`` in the order rolled, each cube one d20 hitting on
    :func:`succeeds_on` or less.  Raises IllegalAction (13.33, 13.34) for a shot the rules refuse."""
    m = ctx.state.card_markers.get(choice.options.mine)
    if m is None:
        raise IllegalAction("13.33", "those mines are gone")
    total = 0
    plan = []
    for shot in answer.mines:
        tid, cubes = shot.target, int(shot.cubes)
        if tid not in choice.options.targets:
            raise IllegalAction("13.34", f"{tid!r} is not one of the counters in {m.hex} "
                                f"(targets: {', '.join(choice.options.targets)})")
        if cubes < 1:
            raise IllegalAction("13.33", "each target takes at least one mine cube")
        total += cubes
        plan.append((tid, cubes))
    if total > m.level:
        raise IllegalAction("13.33", f"{total} cubes designated but only {m.level} are in {m.hex}")
    return m, plan


def succeeds_on(m: CardMarker) -> int:
    """A mine cube hits on a d20 roll at or under this value (13.33; the card's, else 13)."""
    return int(m.data.get("succeeds_on", DEFAULT_SUCCEEDS_ON))


def answer(ctx: Ctx, choice: Choice, answer: A.AnswerMines | A.AnswerMildec) -> dict | None:
    """The owner's typed answer to a ``mine_attack`` choice (:class:`~lcb_lab.games.lcb.actions.AnswerMines`),
    or the target team's MILDEC answer (:class:`~lcb_lab.games.lcb.actions.AnswerMildec`) for a
    mine hit (``options.key`` ``"mine:..."``).
    Returns the pending step of a card marker the mines stopped, when it survived (13.36; the
    caller goes on with :func:`lcb_lab.games.lcb.rules.markers.free_actions.after_mines`), else None.
    Raises IllegalAction (13.33, 4.22) leaving the choice pending."""
    if isinstance(choice, MildecChoice):
        n = int(answer.absorb)
        top = choice.most
        if not 0 <= n <= top:
            raise IllegalAction("4.22", f"can absorb 0..{top} HP with Naval MILDECs here")
        m = ctx.state.card_markers[choice.options.mine]
        p = m.data["pending"]
        m.data = {**m.data, "pending": {**p, "absorb": {**p.get("absorb", {}), choice.options.target: n}}}
        ctx.state.choices.pop()
        return _apply(ctx, m)
    m, plan = shot_plan(ctx, choice, answer)
    ctx.state.choices.pop()
    if not plan:
        ctx.log(explain.step("mine", "Mines held", "the owner does not detonate (13.33: may)", ["13.33"]),
                team=m.team, hex=m.hex, about={"mines": m.mid})
        return _finish(ctx, m)
    m.revealed = True
    value = succeeds_on(m)
    damage: dict[str, int] = {}
    for tid, cubes in plan:               # 13.34: every target designated before any roll
        ctx.log(explain.step("mine", f"{cubes} mine cube(s) in {m.hex} at {tid}", "designated before rolling; "
                             "a face-down counter is named by its back (13.34)", ["13.33", "13.34"]))
    for tid, cubes in plan:
        rolls = ctx.dice.roll(cubes, f"mines {m.hex}->{tid}")
        hits = sum(1 for r in rolls if r <= value)
        m.level -= cubes
        c = _resolve_id(ctx, m, tid)
        key = _cid(c)
        damage[key] = damage.get(key, 0) + hits
        ctx.log(explain.step("mine_roll", f"Mines: {cubes} cube(s) at {tid}",
                             f"{plain.dice_text(rolls, value)}; cubes removed, {m.level} left; mines cannot be "
                             "INTERCEPTed (13.32)", ["13.32", "13.33"], dice=rolls, hits=hits))
    m.data = {**m.data, "pending": {**m.data["pending"], "damage": damage}}
    return _apply(ctx, m)


def _apply(ctx: Ctx, m: CardMarker) -> dict | None:
    """Apply the mines' hits target by target, pausing for a Naval MILDEC choice (13.34, 4.22);
    then :func:`_finish` (its result)."""
    p = m.data["pending"]
    absorb = p.setdefault("absorb", {})
    for key, hits in list(p.get("damage", {}).items()):
        if hits <= 0:
            continue
        u = ctx.state.units.get(key)
        if key in ctx.state.card_markers:       # a card marker: hit like by LRS (13.36, 13.26)
            from lcb_lab.games.lcb.rules.markers.isr import hit
            p["damage"][key] = 0
            hit(ctx, ctx.state.card_markers[key], hits, ("13.33", "13.36"))
            continue
        if u is None:                           # a MILDEC counter: 1 HP, destroyed (4.22)
            mk = ctx.state.markers[key]
            mk.destroyed = True
            ctx.log(explain.step("damage", f"A mine destroys a MILDEC in {m.hex}", "a MILDEC has 1 HP (4.22)",
                                 ["13.33", "4.22"]))
            p["damage"][key] = 0
            continue
        decoys = [x for x in ctx.state.markers_in(m.hex, u.team) if x.type_id == "naval_mildec"] \
            if ctx.is_naval(u) else []
        if key not in absorb and ctx.is_naval(u) and (
                decoys or may_hold_mildec(ctx.state, other(u.team), m.hex, u.team, ctx.catalog, besides=u)):
            # asked whenever the mine layer cannot rule a Naval MILDEC out (6.11): no leak; may offer none
            ctx.state.push_choice(MildecChoice(u.team, "4.22",
                                         f"{u.uid} takes {hits} HP from mines: spend Naval MILDECs in {m.hex}?",
                                         MildecOptions(key=f"mine:{m.hex}:{u.uid}", mine=m.mid, target=u.uid,
                                                       damage=hits, mildecs=len(decoys))))
            return
        n = absorb.get(key, 0)
        for x in decoys[:n]:
            x.destroyed = True
        if n:
            ctx.log(explain.step("mine", f"Naval MILDEC absorbs {n} HP for {u.uid}", "discarded instead "
                                 "(13.34, 4.22)", ["13.34", "4.22"]), team=u.team, about={"unit": u.uid},
                    public_title=f"A Naval MILDEC in {m.hex} absorbs {n} mine hit(s)")
        dmg = hits - n
        p["damage"][key] = 0
        if dmg > 0:
            before = u.hp
            u.hp = max(0, u.hp - dmg)
            ctx.log(explain.step("mine", f"{u.uid} loses {before - u.hp} HP", f"mines in {m.hex}: HP {before} -> "
                                 f"{u.hp}", ["13.33"], unit=u.uid, hp_before=before, hp_after=u.hp, hits=dmg),
                    team=u.team, about={"unit": u.uid}, public_title=f"A counter in {m.hex} takes {dmg} mine hit(s)")
            if u.hp <= 0:
                destroy(ctx, u, m.team)
            else:                             # 10.311: a carrying ship's cargo (rules/embark.py)
                from lcb_lab.games.lcb.rules.embarking.embark import on_ship_damaged
                on_ship_damaged(ctx, u.uid, before - u.hp, m.team)
    return _finish(ctx, m)


def _finish(ctx: Ctx, m: CardMarker) -> dict | None:
    """The mines are resolved: remove spent cubes, then the survivors' move goes on (13.34).
    A card marker's step is returned to the caller (13.36), when the marker survived."""
    p = m.data.get("pending", {}) or {}
    m.data = {k: v for k, v in m.data.items() if k != "pending"}
    if m.level <= 0:
        ctx.state.card_markers.pop(m.mid, None)
        touched(ctx.state, "card_markers")      # in place: the snapshot compares it again
    if p.get("resume") in RESUMES:
        RESUMES[p["resume"]](ctx, p)
        return None
    if p.get("marker"):
        return p if p["marker"] in ctx.state.card_markers else None
    if p.get("rest"):
        resume(ctx, p)
    return None


# ---------------------------------------------------------------- choices (policies: lcb_lab.games.lcb.choices)
def is_mine_choice(choice: Choice) -> bool:
    """A ``mine_attack`` choice, or the MILDEC choice of a mine hit."""
    return isinstance(choice, MineAttackChoice) or (isinstance(choice, MildecChoice) and choice.after_mine)


def _hexes(ctx: Ctx, ct, targets: list[str], hex_: str | None) -> list[str]:
    hexes = [as_hex(ctx, h) for h in ([hex_] if hex_ else []) + list(targets)]
    if not hexes or None in hexes:
        raise IllegalAction("13.31", f"{ct.name}: name the hex(es) of the map for the mines")
    return hexes


def check_play(ctx: Ctx, card: Card, ct: CardType, eff: Effect, targets: list[str], hex_: str | None) -> None:
    """The placement limits of the card (13.31), before the chain opens: hexes of its terrain,
    at most ``count / per_hex`` different ones, contiguous if it says so, within its range."""
    hexes = _hexes(ctx, ct, targets, hex_)
    a = eff.args
    per_hex, count, terrain = int(a.get("per_hex", 1)), int(a.get("count", 1)), a.get("terrain", "land")
    if len(hexes) * per_hex > count or len(set(hexes)) != len(hexes):
        raise IllegalAction("13.31", f"{ct.name} lays {count} cube(s), {per_hex} a hex: at most "
                            f"{count // per_hex} different hexes")
    for h in hexes:
        if not _terrain_ok(ctx, h, terrain):
            raise IllegalAction("13.31", f"{ct.name} lays {terrain} mines: {h} is not such a hex")
    if a.get("contiguous") and len(hexes) > 1:
        from lcb_lab.games.lcb.rules.markers.placement import check_hexes
        check_hexes(ctx, card.team, "isr", hexes, len(hexes), False, True)
    card_targets._check_range(ctx, card, ct, eff, hexes)


def check_clear(ctx: Ctx, card: Card, ct: CardType, eff: Effect, targets: list[str], hex_: str | None) -> None:
    """One hex to clear (13.32), within the card's range."""
    hexes = _hexes(ctx, ct, targets, hex_)
    if len(hexes) != 1:
        raise IllegalAction("13.32", f"{ct.name} clears one hex")
    card_targets._check_range(ctx, card, ct, eff, hexes)


# ---------------------------------------------------------------- the moving stack (5.1x, 13.34)
def walk(ctx: Ctx, uids: list[str], mids: list[str], start: str, path: list[str], entered: list[str],
          spent: int, over: bool, mp: int = 0) -> None:
    """Step a moving stack (``uids`` and MILDECs ``mids``) along ``path`` (checked by
    :func:`lcb_lab.games.lcb.rules.movement.move.check_path`): naval ZORs on the way (6.23), contact reveals,
    card markers met (13.23, 13.42); stop where enemy mines trigger (13.34) -- the move
    resumes (:func:`resume`) once they are resolved.  ``mp``: the stack's MP (for the log)."""
    units = [ctx.state.units[u] for u in uids if not ctx.state.units[u].destroyed]
    marks = [ctx.state.markers[m] for m in mids if not ctx.state.markers[m].destroyed]
    movers = units + marks                 # MILDECs moving alone too (5.17)
    here = movers[0].hex if movers else None
    done: list[str] = []
    for i, h in enumerate(path):
        ev = on_step(ctx, movers, here, h, set(entered)) if movers and ctx.state.card_markers else None   # mines are card markers
        if ev == "enters":
            _place(ctx, units, marks, h)
            done.append(h)
            entered.append(h)
        if ev is not None:
            _log_move(ctx, units, marks, start, done, spent, over, mp, stopped=f"mines in {h if ev == 'enters' else here}")
            trigger_at(ctx, h if ev == "enters" else here, units + marks, ev,
                             {"units": uids, "markers": mids, "rest": path[i + (1 if ev == "enters" else 0):],
                              "entered": entered + ([] if ev == "enters" else [here]),
                              "start": h if ev == "enters" else here})
            return
        if not movers:
            return
        _place(ctx, units, marks, h)
        done.append(h)
        entered.append(h)
        here = h
        if ctx.state.card_markers:
            contact(ctx, h)       # ISR markers revealed, SOF / Proxy Forces reveal (13.23, 13.42)
    if units:
        contact_reveal(ctx, units[0].hex)
        _log_move(ctx, units, marks, start, done, spent, over, mp)


def _place(ctx: Ctx, units: list[Unit], marks: list, h: str) -> None:
    for u in units:
        u.hex = h
    for m in marks:
        m.hex = h          # MILDECs share the stack's move (5.17)
    for u in units:
        apply_naval_zor(ctx, u, h)  # 6.23: throughout the movement path
    if ctx.state.card_markers:
        _marker_zors(ctx, units, h)


def _marker_zors(ctx: Ctx, units: list[Unit], h: str) -> None:
    """Enemy ISR markers with a ZOR (13.24, Unmanned Boats) reveal a ship entering their naval
    ZOR, and are revealed by it (6.23 is mutual; 13.23)."""
    from lcb_lab.games.lcb.rules.markers.placement import reveal_marker
    from lcb_lab.games.lcb.rules.movement.conceal import naval_zor_hexes, reveal
    ships = [u for u in units if ctx.is_naval(u)]
    if not ships:
        return
    reach = naval_zor_hexes(ctx, h)
    for m in [m for m in ctx.state.card_markers.values()
              if m.kind == "isr" and m.data.get("zor") and m.team != ships[0].team and m.hex in reach]:
        reveal(ctx, ships, f"within the ZOR of {m.mid} (13.24, 6.23)", ["13.24", "6.23"])
        reveal_marker(ctx, m, f"{m.mid} is within the naval ZOR of {names(ships)} (13.23)", ["13.23"])


def _log_move(ctx: Ctx, units: list[Unit], marks: list, start: str, done: list[str], spent: int, over: bool,
              mp: int, stopped: str = "") -> None:
    if not units or not done:
        return
    text = f"{names(units)} move {start} -> {' -> '.join(done)}"
    if stopped:
        text += f"; stopped by {stopped} until they are resolved (13.34)"
    elif spent < 0:
        text += ": the move goes on, the mines resolved (13.34)"
    else:
        text += f" for {spent} MP (stack MP {mp})"
    rules = ["5.12", "5.13"] + (["13.34"] if stopped else [])
    if over:
        text += "; a single-hex move beyond MP: no other part of this Core Action is allowed"
        rules.append("5.14")
    ctx.log(explain.step("move", f"Move {names(units)}", text, rules, path=[start] + done, mp=max(spent, 0)),
            team=units[0].team, units=refs(units), markers=refs(marks))


def resume(ctx: Ctx, pending: dict) -> None:
    """Go on with a move that mines stopped (13.34): the surviving counters continue along the
    rest of their path (``pending``: ``units``, ``markers``, ``rest``, ``entered``, ``start``)."""
    alive = [u for u in pending.get("units", []) if not ctx.state.units[u].destroyed]
    mids = [m for m in pending.get("markers", []) if not ctx.state.markers[m].destroyed]
    if not alive and (pending.get("units") or not mids):
        return                             # the stack is gone (its MILDECs stay); or nothing moves
    walk(ctx, alive, mids, pending["start"], list(pending["rest"]), list(pending.get("entered", [])), -1, False)
