"""The free action of a card's marker (13.21, 13.12, 12.2x): move once per impulse, then an
effect, combat, conceal, unload / load / re-embark.  Chapter 13 -- owned by the
markers helper (the transport helper adds the ``unload`` / ``load`` / ``reembark`` steps
through :data:`STEPS`).

:class:`lcb_lab.games.lcb.actions.MarkerAction` (``marker``, ``path``, ``then``, ``targets``, ``hex``,
``dice``):

* only the impulse's team, and for a marker with a host only the host's Task Force (9.31);
  SOF markers never move or attack (13.41), mines and fortifications do not act (13.3, 13.5);
* ONE action per turn (13.21, 13.12): the card's 1-AP play put the marker on the map (its
  initial use, the turn's action; for a marker that fires, its combat may follow in the same
  impulse as that action, :func:`first_use_open`, 9.34 ex.); from then on the marker's action
  is free, once a turn (``marker.acted``, cleared at the end of the turn) -- a second one in
  the turn is refused naming 13.21.
  ``action`` must be None (the action is free);
* ``path``: hexes after its own, at most ``marker.mp`` (1 MP a hex for an aerial marker;
  naval markers (``data["naval"]``) through water at the board's naval MP; a Proxy Force over
  land at the ground MP), once per impulse (``marker.moved``, 13.21); an ISR marker is revealed
  on the way when a hex exposes it (13.23, :func:`lcb_lab.games.lcb.rules.markers.isr.check_reveal`);
* ``then``: a key of :data:`STEPS` -- ``"none"`` (move only), ``"effect"`` (the card's marker
  effect at ``hex`` / ``targets``: a chain link the other team may INTERCEPT or NULLIFY,
  13.25), ``"combat"`` (the card's LRS from the marker, 13.27; a Proxy Force's GROUND ASSAULT,
  13.12), ``"conceal"`` (13.21, refused where 13.23 forbids it).
"""
from __future__ import annotations

from types import SimpleNamespace
from typing import TYPE_CHECKING, Callable, Iterable, Sequence

from lcb_lab.kernel import explain
from lcb_lab.games.lcb import observer
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.games.lcb.model.state import CardMarker, CardPlay
from lcb_lab.games.lcb.rules.cards import hooks as _hooks
from lcb_lab.games.lcb.rules.markers import mines
from lcb_lab.games.lcb.rules.common import Ctx, dist

if TYPE_CHECKING:
    from lcb_lab.games.lcb.actions import MarkerAction
    from lcb_lab.games.lcb.model.cards import CardType, Effect
    from lcb_lab.games.lcb.model.state import Unit
    from lcb_lab.games.lcb.rules.common import GameLike

STEPS: dict[str, Callable] = _hooks.STEPS
"""``then`` -> function(ctx, marker, action) doing that step after the move: this module's own
(:func:`step`), and the transport steps (12.2x) that :mod:`lcb_lab.games.lcb.rules.cards.hooks`
lists."""


OFFERS: list[Callable] = _hooks.OFFERS
"""Functions ``game -> [MarkerAction]`` offering other modules' marker actions (transport, 12.2x;
listed by :mod:`lcb_lab.games.lcb.rules.cards.hooks`)."""


def is_transport(m: CardMarker) -> bool:
    """A landing craft's or Littoral Movement's marker: its acts are the transport steps (12.2x)."""
    return bool(m.data.get("amphibious") or m.data.get("littoral"))


def step(name: str) -> Callable[[Callable], Callable]:
    """Register a ``then`` step."""
    def deco(fn):
        STEPS[name] = fn
        return fn
    return deco


def _marker(ctx: Ctx, mid: str, team: str) -> CardMarker:
    m = ctx.state.card_markers.get(mid)
    if m is None or not observer.knows(ctx.state, team, m) or (m.kind == "mine" and m.team != team):
        raise IllegalAction("13.0", f"{team} has no marker named {mid!r}")
    if m.team != team:
        raise IllegalAction("13.21", f"{mid} is the other team's marker")
    return m


def check(ctx: Ctx, a: MarkerAction) -> CardMarker:
    """Every refusal of a MarkerAction before anything changes (module doc)."""
    s, imp = ctx.state, ctx.state.impulse
    if s.stage != "action" or imp is None or imp.phase == "declare":
        raise IllegalAction("3.03", "a marker acts in an impulse of the Action Stage, after the declarations")
    if s.choices:
        q = s.choices[-1]
        raise IllegalAction(q.rule, f"{q.team} must first answer its {q.kind.replace('_', ' ')} choice")
    if imp.combat is not None and imp.phase != "combat_done":
        raise IllegalAction("3.38", "combat has been committed: resolve it before anything else")
    m = _marker(ctx, a.marker, imp.team)
    if m.kind == "sof":
        from lcb_lab.games.lcb.rules.markers.sof import may_assault
        if not (a.then == "combat" and not a.path and may_assault(ctx, m)):
            raise IllegalAction("13.41", f"{m.mid} is a SOF marker: it never moves or attacks; it fights only a GROUND "
                                "ASSAULT in its own hex (and may assault in the impulse it is placed in a contested hex)")
    if m.kind in ("mine", "fortification"):
        raise IllegalAction("13.3" if m.kind == "mine" else "13.5", f"a {m.kind} marker takes no action")
    host = s.units.get(m.host or "")
    if host is not None and host.task_force != imp.task_force:
        raise IllegalAction("9.31", f"{m.mid}'s card is Attached to {host.task_force}'s unit: only that Task Force "
                            "uses it")
    if host is not None and host.paralysed:
        raise IllegalAction("3.34", f"{m.mid}'s host may not act for the rest of the turn (card effect)")
    if a.action is not None:
        raise IllegalAction("13.21", f"{m.mid}'s action is free once its card is in play (13.21, 13.12): "
                            "leave action=None")
    if m.acted and not (a.then == "combat" and first_use_open(ctx, m)):
        raise IllegalAction("13.21" if m.kind != "proxy" else "13.12",
                            f"{m.mid} has already used its one free action this turn")
    if a.then not in STEPS:
        raise IllegalAction("13.21", f"unknown marker step {a.then!r} (known: {', '.join(sorted(STEPS))})")
    if a.path and m.moved:
        raise IllegalAction("13.21", f"{m.mid} has already moved this impulse (markers move once per impulse)")
    return m


def first_use_open(ctx: Ctx, m: CardMarker) -> bool:
    """Whether ``m``'s card was used for the first time (1 AP) in this impulse and its marker may
    still Initiate Combat as that use's action (9.34 ex., 13.21;
    :func:`lcb_lab.games.lcb.rules.markers.isr.place_and_move`)."""
    from lcb_lab.games.lcb.rules.markers.placement import impulse_key
    return ctx.state.impulse is not None and m.data.get("first_use") == impulse_key(ctx)


def route(ctx: Ctx, m: CardMarker, path: Iterable[str | None]) -> tuple[list[str], int]:
    """The canonical path and its MP, checked against the marker's terrain and MP (13.21,
    13.12). Raises IllegalAction."""
    path = [ctx.board.canonical(h) for h in path if h]
    if path and path[0] == m.hex:
        path = path[1:]
    here, spent = m.hex, 0
    naval, ground = bool(m.data.get("naval")), m.kind == "proxy"
    for h in path:
        if h not in ctx.board:
            raise IllegalAction("5.1", f"{h} is not on the map")
        info = ctx.board.hex(h)
        if naval:
            ok, cost = h in ctx.board.naval_neighbours(here), info.mp_cost
        elif ground:
            ok, cost = h in ctx.board.ground_neighbours(here), info.mp_cost
        else:                                  # an aerial marker: any hex, 1 MP a hex (sandbox)
            ok, cost = dist(here, h) == 1, 1
        if not ok or cost is None:
            raise IllegalAction("13.21", f"{m.mid} cannot move from {here} to {h}"
                                + (" (a naval marker moves through water)" if naval else ""))
        spent, here = spent + cost, h
    if spent > m.mp:
        raise IllegalAction("13.21" if m.kind != "proxy" else "13.12",
                            f"the path costs {spent} MP; {m.mid} has {m.mp} MP")
    return path, spent


def marker_action_act(game: GameLike, c: Ctx, a: MarkerAction) -> None:
    """Handler of :class:`lcb_lab.games.lcb.actions.MarkerAction` (module doc)."""
    tm = c.state.card_markers.get(a.marker)     # transport's markers move in their own steps (marker_action.py, 12.2x)
    if tm is not None and is_transport(tm):
        step = STEPS.get("_transport_move" if a.then == "none" else a.then)
        if step is None:
            raise IllegalAction("13.21", f"a landing craft's marker may unload, load, reembark or only move, not {a.then!r}")
        return step(c, tm, a)
    m = check(c, a)
    path, spent = route(c, m, a.path)
    if "first_use" in m.data:
        m.data = {k: v for k, v in m.data.items() if k != "first_use"}
    start = m.hex
    if path:
        c.log(explain.step("marker", f"{m.mid} moves", f"{start} -> {' -> '.join(path)} for {spent} MP "
                           f"(MP {m.mp}, once per impulse)", ["13.21"] if m.kind != "proxy" else ["13.12"],
                           path=[start] + path),
              team=m.team, marker=m.mid, about={"marker": m.mid})
    m.acted = True
    step_ = {"then": a.then, "targets": list(a.targets), "hex": a.hex, "dice": a.dice}
    if not _walk(c, m, list(path), [], step_):
        _arrive(c, m, bool(path), a)


def _walk(c: Ctx, m: CardMarker, path: list[str], entered: list[str], step_: dict) -> bool:
    """Step ``m`` along ``path`` hex by hex (13.21; 13.23 reveals on the way).  Enemy mines in a
    hex it leaves or enters stop it there until they are resolved (13.33, 13.34): their owner's
    ``mine_attack`` choice is pushed with the rest of the path, and True returned (the move goes
    on in :func:`after_mines`).  ``entered``: the hexes already entered or left with their mines
    resolved in this move -- each triggers once (facts §6.29).  ``step_``: the action's ``then``,
    ``targets``, ``hex`` and ``dice``, carried to the end of the move."""
    from lcb_lab.games.lcb.rules.markers import isr
    for i, h in enumerate(path):
        ev = mines.on_step(c, [m], m.hex, h, set(entered))
        if ev == "enters":
            m.hex = h
        if ev is not None:
            m.moved = True
            rest = path[i + 1:] if ev == "enters" else path[i:]
            mines.trigger_at(c, m.hex, [m], ev, dict(step_, marker=m.mid, rest=rest, entered=entered + [m.hex]))
            return True
        m.hex = h
        entered.append(h)
        if m.kind == "isr":
            isr.check_reveal(c, m, h)
    return False


def _arrive(c: Ctx, m: CardMarker, moved: bool, a: MarkerAction | SimpleNamespace) -> None:
    """The end of the marker's move: what it meets in its hex (13.23, 13.42), its ZOR (13.24),
    then its step ``a.then``."""
    from lcb_lab.games.lcb.rules.markers import placement, isr
    if moved:
        m.moved = True
        placement.contact(c, m.hex)
        if m.kind == "isr" and m.data.get("zor"):
            isr.exercise_zor(c, m)
    STEPS[a.then](c, m, a)


def after_mines(ctx: Ctx, p: dict) -> None:
    """A marker's move after the mines it met (13.34: "stopping movement until resolved"): it
    goes on along the rest of its path (``p["rest"]``; further mines stop it again), then takes
    its step.  ``p`` is what :func:`lcb_lab.games.lcb.rules.markers.mines.answer` returned for
    the surviving marker."""
    from lcb_lab.games.lcb.rules.markers import isr
    m = ctx.state.card_markers[p["marker"]]
    if m.kind == "isr":
        isr.check_reveal(ctx, m)
    step_ = {k: p.get(k) for k in ("then", "targets", "hex", "dice")}
    if _walk(ctx, m, list(p.get("rest", ())), list(p.get("entered", ())), step_):
        return
    _arrive(ctx, m, True, SimpleNamespace(marker=m.mid, path=(), then=p.get("then") or "none",
                                          targets=tuple(p.get("targets") or ()), hex=p.get("hex"),
                                          dice=int(p.get("dice") or 0), action=None))


# ---------------------------------------------------------------- steps
@step("none")
def _none(ctx: Ctx, m: CardMarker, a) -> None:
    """Move only (the action is used)."""


@step("conceal")
def _conceal(ctx: Ctx, m: CardMarker, a) -> None:
    """Flip back to the concealed side (13.21), never where 13.23 forbids it."""
    from lcb_lab.games.lcb.rules.markers.isr import check_can_conceal
    if m.kind != "isr":
        raise IllegalAction("13.21", f"only an ISR marker conceals itself ({m.mid} is a {m.kind} marker)")
    check_can_conceal(ctx, m)
    if m.revealed:
        m.revealed = False
        ctx.log(explain.step("marker", f"{m.mid} conceals itself", "flipped back to its ISR # side", ["13.21"]),
                team=m.team, marker=m.mid)


COMBAT_FNS = ("lrs_attack", "uuv")
"""The card effects a marker's combat uses (13.27): LRS, or a TORPEDO ATTACK (``uuv``, chapter 14)."""


def marker_option(ctx: Ctx, m: CardMarker, combat: bool) -> tuple[CardType, Effect]:
    """The card option its marker uses: the first ``trigger`` effect of the card that is an
    LRS or TORPEDO ATTACK (``combat``, :data:`COMBAT_FNS`) or not (13.21: the marker's effect /
    combat); IllegalAction when none."""
    ct = ctx.ctype(ctx.card(m.card))
    for e in ct.effects:
        if e.when == "trigger" and (e.fn in COMBAT_FNS) == combat:
            return ct, e
    raise IllegalAction("13.25", f"{ct.name}'s marker has no {'combat' if combat else 'effect'} on its card")


def open_link(ctx: Ctx, m: CardMarker, ct: CardType, eff: Effect, targets: list[str], hex_: str | None) -> CardPlay:
    """The marker's effect as link 1 of a chain (13.25: the other team may INTERCEPT a revealed
    marker of a card with the INTERCEPT symbol, or NULLIFY it, before the effect)."""
    from lcb_lab.games.lcb.rules.cards import responses
    card = ctx.card(m.card)
    link = CardPlay(1, card.cid, m.team, eff.label, list(targets), hex_ or m.hex)
    link.data.update(paid="free", marker=m.mid, origin=m.hex)
    ctx.state.chain = [link]
    card.face_up = True
    ctx.log(explain.step("card", f"{ct.name}: {m.mid}'s action", f"{eff.text} (free: the marker's one action "
                         "this turn)", ["13.21", "9.2"]), team=m.team, card=card.cid, name=ct.name, option=eff.label)
    if not responses.open_window(ctx):
        responses.resolve(ctx)
    return link


@step("effect")
def _effect(ctx: Ctx, m: CardMarker, a) -> None:
    """The card's marker effect in the marker's hex (13.21, 13.27); a Proxy Force's effect roll
    (:func:`lcb_lab.games.lcb.rules.markers.proxy.effect_step`)."""
    if m.kind == "proxy":
        from lcb_lab.games.lcb.rules.markers.proxy import effect_step
        effect_step(ctx, m, a)
        return
    ct, eff = marker_option(ctx, m, combat=False)
    open_link(ctx, m, ct, eff, list(a.targets), a.hex or m.hex)


@step("combat")
def _combat(ctx: Ctx, m: CardMarker, a) -> None:
    """The card's LRS from the marker (13.27: range from the marker's hex, a revealed enemy
    unit); a Proxy Force's GROUND ASSAULT (:func:`lcb_lab.games.lcb.rules.markers.proxy.assault`)."""
    if m.kind in ("proxy", "sof"):
        from lcb_lab.games.lcb.rules.markers.proxy import assault
        assault(ctx, m, a)
        if m.kind == "sof":
            m.data = {k: v for k, v in m.data.items() if k != "may_assault"}
        return
    ct, eff = marker_option(ctx, m, combat=True)
    u = combat_target(ctx, m, ct, eff, a.targets)
    if ctx.state.impulse.combat is not None:
        raise IllegalAction("3.38", "this impulse's combat was already committed")
    if eff.fn == "lrs_attack":
        from lcb_lab.games.lcb.rules.markers.isr import spend
        spend(ctx, m, int(eff.dice))             # the card's own LRS supply, when it tracks one (13.28)
    open_link(ctx, m, ct, eff, [u.uid], None)   # a TORPEDO ATTACK spends nothing: torpedoes are infinite (14.07)


def combat_target(ctx: Ctx, m: CardMarker, ct: CardType, eff: Effect, targets: Sequence[str]) -> Unit:
    """The one enemy unit marker ``m``'s combat ``eff`` may attack (13.27): a face-up enemy unit
    within the effect's range of the marker's hex (LRS, 7.31); for a TORPEDO ATTACK a naval unit
    in the marker's own hex unless the card gives a range (14.07: range 0; never a submarine
    target by LRS, 14.05). Raises IllegalAction."""
    torpedo = eff.fn == "uuv"
    what = "TORPEDO ATTACK" if torpedo else "LRS"
    if len(targets) != 1:
        raise IllegalAction("9.0", f"{ct.name}'s {what} targets one revealed enemy unit")
    u = ctx.state.units.get(targets[0])
    if u is None or u.team == m.team or not u.on_map or not u.revealed:
        raise IllegalAction("7.32", f"{m.team} sees no face-up enemy unit named {targets[0]!r} to attack")
    if torpedo and not ctx.is_naval(u):
        raise IllegalAction("14.07", f"{u.uid} is not a naval unit: a TORPEDO ATTACK targets revealed naval units")
    reach = eff.range if eff.range is not None else (0 if torpedo else None)
    if reach is not None and dist(m.hex, u.hex) > reach:
        if torpedo and not reach:
            raise IllegalAction("14.07", f"{u.uid} is {dist(m.hex, u.hex)} hexes from {m.mid}; range 0 (TORPEDO "
                                "ATTACKs have range 0)")
        raise IllegalAction("7.31", f"{u.uid} is {dist(m.hex, u.hex)} hexes from {m.mid}; range {reach}")
    return u


# ---------------------------------------------------------------- offers
def _acceptable(ctx: Ctx, a) -> bool:
    """Whether the rules accept MarkerAction ``a`` now, checked without changing anything (as
    :func:`lcb_lab.games.lcb.legal_cards.play_card_options` does): the same checks as the handler for
    the offered shapes (move only, effect or conceal in place)."""
    from lcb_lab.games.lcb.rules.markers.placement import exposure
    try:
        m = check(ctx, a)
        route(ctx, m, a.path)
        if a.then == "conceal":
            if m.kind != "isr" or not m.revealed or exposure(ctx, m):
                return False
        elif a.then == "effect" and m.kind == "isr":
            marker_option(ctx, m, combat=False)
        elif a.then == "combat" and m.kind == "isr":
            ct, eff = marker_option(ctx, m, combat=True)
            combat_target(ctx, m, ct, eff, a.targets)
            if ctx.state.impulse.combat is not None:
                return False
    except IllegalAction:
        return False
    return True


def offers(game: GameLike) -> list:
    """The MarkerAction actions the active impulse may take now: for each own ISR / Proxy Force
    marker with its free action left, use its effect or conceal in place, or step into each
    neighbouring hex (then nothing); each accepted by the handler (:func:`_acceptable`)."""
    from lcb_lab.games.lcb.actions import MarkerAction
    from lcb_lab.games.lcb.rules.markers.sof import enemy_sofs, may_assault
    s = game.state
    imp = s.impulse
    if imp is None or imp.phase == "declare" or s.choices or s.chain or not s.card_markers:
        return []
    ctx = game._ctx()
    out = []
    for m in sorted(s.card_markers.values(), key=lambda x: x.mid):
        if m.team != imp.team or (m.acted and not first_use_open(ctx, m)) or m.kind not in ("isr", "proxy", "sof") \
                or is_transport(m):
            continue
        cands = [MarkerAction(m.mid, then="effect"), MarkerAction(m.mid, then="conceal")]
        if not m.moved and m.mp:
            cands += [MarkerAction(m.mid, path=(n,)) for n in sorted(ctx.board.neighbours(m.hex))]
        out += [x for x in cands if _acceptable(ctx, x)]
        if m.kind == "isr":              # its card's LRS at each face-up enemy unit (13.27)
            out += [x for x in (MarkerAction(m.mid, then="combat", targets=(u.uid,))
                                for u in s.living() if u.team != m.team and u.revealed and u.on_map)
                    if _acceptable(ctx, x)]
        if m.kind == "sof" and may_assault(ctx, m):   # placed in a contested hex, or Continuing Combat (13.41)
            out += [MarkerAction(m.mid, then="combat", targets=(u.uid,), dice=int(m.data.get("ga_dice", 2)))
                    for u in s.units_in(m.hex) if u.team != m.team and u.revealed]
            out += [MarkerAction(m.mid, then="combat", targets=(e.mid,), dice=int(m.data.get("ga_dice", 2)))
                    for e in enemy_sofs(ctx, m)]      # an opposing SOF marker (13.41)
        if m.kind == "proxy":            # its GROUND ASSAULT at each face-up enemy unit in its hex (13.12)
            dice = int(m.data.get("ga_dice", 4))
            out += [MarkerAction(m.mid, then="combat", targets=(u.uid,), dice=dice)
                    for u in s.units_in(m.hex) if u.team != m.team and u.revealed]
    return out + [x for f in OFFERS for x in f(game)]
