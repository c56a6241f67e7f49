"""The free action of a transport card's ISR marker, after its first use (12.21, 12.22, 12.25, 12.27, 12.43, 12.53, 13.21).

A :class:`~lcb_lab.games.lcb.actions.MarkerAction` in an impulse of the host's Task Force: the
marker moves along ``path`` (once per impulse, up to its MP, 12.22; within range, 12.25) and
then ``then`` = ``"unload"`` (cargo ashore / RP to the unit named, 12.21, 12.26), ``"load"``
(the named units in its coastal hex come aboard, 12.53) or ``"reembark"`` (its path ends in the
host's hex: the marker leaves the map and its cargo goes to the Embark Area, 12.27; the card
stays deployed).  Enemy mines on the way stop it (:func:`lcb_lab.games.lcb.rules.transport.landing.walk_mines`);
once they are resolved :func:`resume_step` takes the step.  The first use is
:mod:`lcb_lab.games.lcb.rules.transport.landing`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, Iterator

from lcb_lab.kernel import explain
from lcb_lab.kernel.datacodec import touched
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.games.lcb.rules.markers import placement
from lcb_lab.games.lcb.rules.common import Ctx, dist, names
from lcb_lab.games.lcb.rules.transport.cargo import board, check_pickup, coastal, deliver, space
from lcb_lab.games.lcb.rules.transport.exposed import discard, reveal_by_enemy_zor
from lcb_lab.games.lcb.rules.transport.landing import go_on, stamp, stopped_at, walk_mines

if TYPE_CHECKING:
    from types import SimpleNamespace

    from lcb_lab.games.lcb.actions import MarkerAction
    from lcb_lab.games.lcb.model.state import CardMarker, GameState
    from lcb_lab.games.lcb.rules.common import GameLike


def move(ctx: Ctx, m: CardMarker, path: list[str], rule: str = "12.22", then: str = "none", targets: Iterable[str] = (), hex_: str | None = None) -> bool:
    """Move marker ``m`` along ``path`` (the hexes after its own): once per impulse (12.22), one
    MP per hex through water (naval or mixed, never red), at most its MP (per impulse; a
    Littoral Movement marker per turn, 12.43), never beyond its range from the host (12.25).
    Stepped hex by hex: enemy mines it enters or leaves stop it there (13.33-13.36,
    :func:`walk_mines`) and a ``mine_attack`` choice is pushed; returns True then (the caller
    stops; ``then`` / ``targets`` / ``hex_``: the step :func:`resume_step` takes afterwards)."""
    if not path:
        return False
    imp = ctx.state.impulse
    if m.data.get("moved_at") == stamp(ctx):
        raise IllegalAction("12.22", f"{m.mid} has moved this impulse: an ISR marker moves once per impulse")
    left = m.mp
    if m.data.get("littoral"):
        used = m.data.get("mp_used", 0) if m.data.get("mp_turn") == ctx.state.turn else 0
        left = m.mp - used
    if len(path) > left:
        raise IllegalAction(rule, f"{m.mid} has {left} MP left: {len(path)} hexes are too far")
    host = ctx.state.units.get(m.host or "")
    rng = m.data.get("range")
    at = m.hex
    for h in path:
        if h not in ctx.board:
            raise IllegalAction(rule, f"{h!r} is not a hex of the map")
        h = ctx.board.canonical(h)
        if h not in ctx.board.naval_neighbours(at):
            raise IllegalAction(rule, f"{at} -> {h}: an ISR marker moves hex by hex through water")
        if ctx.board.hex(h).mp_cost is None:
            raise IllegalAction(rule, f"{h} is a red hex")
        if rng is not None and host is not None and host.hex and dist(host.hex, h) > rng:
            raise IllegalAction("12.25", f"{h} is beyond {rng} hexes of {host.uid}: the marker never goes "
                                "beyond its card's range from its host")
        at = h
    hexes = [ctx.board.canonical(h) for h in path]
    start, m.moved = m.hex, True
    m.data = {**m.data, "moved_at": stamp(ctx)}
    if m.data.get("littoral"):
        m.data = {**m.data, "mp_turn": ctx.state.turn}
        m.data = {**m.data, "mp_used": (m.data.get("mp_used", 0) if m.data.get("mp_turn") == ctx.state.turn else 0)
                  + len(path)}
    stop = walk_mines(ctx, m, hexes)          # 13.33-13.36: hex by hex, stopped by enemy mines
    done = hexes[:hexes.index(m.hex) + 1] if stop is not None and m.hex in hexes else ([] if stop else hexes)
    ctx.log(explain.step("transport", f"{m.mid} moves {start} -> {m.hex}",
                         f"{len(done)} MP" + (f"; stopped by mines in {m.hex} until they are resolved (13.34)"
                                              if stop else ""), [rule] + (["13.34"] if stop else [])),
            team=m.team, about={"marker": m.mid})
    if imp is not None:
        reveal_by_enemy_zor(ctx, m, [start] + done)
    if stop is not None:
        from lcb_lab.games.lcb.rules.markers import mines
        mines.trigger_at(ctx, stop[0], [m], stop[1], {"resume": "landing_step", "marker": m.mid, "then": then,
                                                      "dest": at, "targets": list(targets), "hex": hex_,
                                                      **stopped_at(hexes, stop)})
        return True
    return False


def check_free(ctx: Ctx, m: CardMarker, a: MarkerAction | SimpleNamespace) -> None:
    """The free marker action may be taken now: the host's Task Force's impulse, no combat
    committed (3.38), the card deployed (12.21)."""
    imp = ctx.state.impulse
    if imp is None or ctx.state.stage != "action":
        raise IllegalAction("3.3", "a marker acts in an impulse of its team")
    if imp.combat is not None and imp.phase != "combat_done":
        raise IllegalAction("3.38", "combat has been committed: resolve it before anything else")
    if m.team != imp.team:
        raise IllegalAction("6.11", f"{m.mid} is not a marker of {imp.team}")
    tf = m.data.get("task_force")
    if tf and tf != imp.task_force:
        raise IllegalAction("10.36", f"{m.mid} belongs to {tf}'s card: only that Task Force uses it")
    if a.action is not None:
        raise IllegalAction("12.21", f"{m.mid}'s action is free once its card is deployed (action=None)")


def step_unload(ctx: Ctx, m: CardMarker, a: MarkerAction | SimpleNamespace) -> None:
    """``then="unload"``: the cargo lands in the marker's coastal hex (12.21, 12.07); its RP go
    to the friendly unit named in ``targets`` (12.26).  A Littoral Movement marker and its card
    are discarded once the units are ashore (12.43)."""
    if _moved(ctx, m, a):
        return
    if not coastal(ctx, m.hex):
        raise IllegalAction("12.21", f"{m.hex} is not an eligible coastal hex (land and water, not red)")
    if not m.cargo and not m.rp:
        raise IllegalAction("12.21", f"{m.mid} transports no Embarked units")
    if m.rp:
        u = ctx.state.units.get(a.targets[0]) if a.targets else None
        if u is None or u.destroyed or len(a.targets) != 1 or u.team != m.team or u.hex != m.hex:
            raise IllegalAction("12.26", "the RP go to ONE friendly unit in the marker's coastal hex (targets=...)")
    if m.data.get("littoral") and m.data.get("pickup") == m.hex:
        raise IllegalAction("12.43", "the units land onto another coastal hex")
    host = ctx.state.units.get(m.host or "")
    units = [ctx.state.units[uid] for uid in m.cargo]
    m.cargo = []
    if units:
        from lcb_lab.games.lcb.rules.transport.disembark import disembark
        disembark(ctx, host, units, m.hex, f" [{m.data.get('name', m.mid)}: from its ISR marker {m.mid}]",
                   ["12.21", "12.07"] + (["12.43"] if m.data.get("littoral") else []))
    if m.rp:
        deliver(ctx, m, ctx.state.units[a.targets[0]])
    if m.data.get("littoral"):
        discard(ctx, m, "its units are ashore: the card and its marker are discarded", ["12.43"], lose_cargo=False)


def step_load(ctx: Ctx, m: CardMarker, a: MarkerAction | SimpleNamespace) -> None:
    """``then="load"``: friendly ground units in the marker's coastal hex come aboard (12.53;
    not units that acted, 12.08), within the card's capacity (12.03)."""
    if _moved(ctx, m, a):
        return
    if not coastal(ctx, m.hex):
        raise IllegalAction("12.53", f"{m.hex} is not a coastal hex")
    if not a.targets:
        raise IllegalAction("12.53", "name the units that come aboard (targets=...)")
    units = check_pickup(ctx, m.team, list(a.targets), m.hex, "12.53")
    cap = int(m.data.get("capacity_gpsv") or 0)
    held = sum(space(ctx, ctx.state.units[x]) for x in m.cargo)
    need = held + sum(space(ctx, u) for u in units)
    if need > cap:
        raise IllegalAction("12.03", f"{m.mid} would carry {need} GPSV; its card carries {cap}")
    for u in units:
        board(ctx, m, u)
    ctx.log(explain.step("transport", f"{m.mid} picks up {names(units)}", f"in {m.hex} (12.53)", ["12.53", "12.51"]),
            team=m.team, about={"cargo": m.mid})


def step_reembark(ctx: Ctx, m: CardMarker, a: MarkerAction | SimpleNamespace) -> None:
    """``then="reembark"``: the marker is in its host's hex; it leaves the map and its cargo goes
    to the host's Embark Area (12.27, 12.53); RP still aboard go back to the host (sandbox).
    The card stays deployed: its next use needs no AP (12.27)."""
    if _moved(ctx, m, a):
        return
    host = ctx.state.units.get(m.host or "")
    if host is None or host.destroyed or host.hex != m.hex:
        raise IllegalAction("12.27", f"{m.mid} re-embarks by moving into its host's hex")
    if m.data.get("littoral"):
        raise IllegalAction("12.43", "a Littoral Movement marker has no host ship")
    units = [ctx.state.units[uid] for uid in m.cargo]
    try:
        from lcb_lab.games.lcb.rules.embarking.embark import check_fits
    except ImportError:
        check_fits = None
    if check_fits is not None and units:
        check_fits(ctx, host.uid, units=[u.uid for u in units])
    for u in units:
        u.hex, u.embarked_on = None, host.uid
        u.no_move = u.expended = True                # carried: expended on arrival (12.08)
    if m.rp:
        host.supply = {**host.supply, "RP": host.supply.get("RP", 0) + m.rp}
    del ctx.state.card_markers[m.mid]
    touched(ctx.state, "card_markers")      # in place: the snapshot compares it again
    ctx.log(explain.step("transport", f"{m.data.get('name', m.mid)}'s marker re-embarks on {host.uid}",
                         (f"{names(units)} go to its Embark Area; " if units else "")
                         + "the card stays deployed (no AP for its next use)", ["12.27", "12.53"]),
            team=m.team, about={"cargo": m.mid})


def _moved(ctx: Ctx, m, a) -> bool:
    """Checks of a free action, then the marker's move along ``a.path`` (once per impulse).
    Returns True when enemy mines stopped it (the step waits for them, :func:`resume_step`)."""
    check_free(ctx, m, a)
    # the generic marker handler (markers part) may have moved it already: then it stands at the path's end
    if a.path and m.hex != ctx.board.canonical(a.path[-1]):
        return move(ctx, m, list(a.path), "12.43" if m.data.get("littoral") else "12.22",
                    getattr(a, "then", "none"), tuple(getattr(a, "targets", ()) or ()), getattr(a, "hex", None))
    return False


def step_none(ctx: Ctx, m: CardMarker, a: MarkerAction | SimpleNamespace) -> None:
    """``then="none"``: only the move."""
    if not a.path:
        raise IllegalAction("12.22", "name the path the marker moves along")
    _moved(ctx, m, a)


def resume_step(ctx: Ctx, p: dict) -> None:
    """After the mines met by a free marker move are resolved (13.34, 13.36): a surviving
    marker goes on along the rest of its path (:func:`~lcb_lab.games.lcb.rules.transport.landing.go_on`:
    movement stops only "until resolved"; further mines stop it again), then takes its step at
    the path's end (unload / load / reembark)."""
    from types import SimpleNamespace
    m = ctx.state.card_markers.get(p["marker"])
    if m is None or go_on(ctx, m, p):
        return
    placement.contact(ctx, m.hex)
    then = p.get("then", "none")
    if then in ("none", "_transport_move"):
        return
    fn = {"unload": step_unload, "load": step_load, "reembark": step_reembark}.get(then)
    try:
        fn(ctx, m, SimpleNamespace(marker=m.mid, path=(), then=then, targets=tuple(p.get("targets", ())),
                                   hex=p.get("hex"), dice=0, action=None))
    except IllegalAction as e:
        ctx.log(explain.step("transport", f"{m.mid} cannot {then} in {m.hex}", str(e), [e.rule]),
                team=m.team, about={"cargo": m.mid})


# ---------------------------------------------------------------- legal actions
def offers(game: GameLike) -> list:
    """The MarkerAction acts of the active impulse's transport markers: unload where it stands,
    re-embark in the host's hex, or move one hex toward land and unload (each of
    :func:`candidates` tried by the rules, ``game.is_legal``, unless :func:`surely_refused`)."""
    s = game.state
    mines_on_map = any(x.kind == "mine" for x in s.card_markers.values())
    return [a for m, a in candidates(game) if not surely_refused(s, m, a, mines_on_map) and game.is_legal(a)]


def candidates(game: GameLike) -> Iterator[tuple[CardMarker, MarkerAction]]:
    """``(marker, act)`` for every transport marker of the active impulse's team and every act
    :func:`offers` considers (none while a chain is open, 9.46, or combat waits, 3.38)."""
    from lcb_lab.games.lcb import actions as A
    s = game.state
    imp = s.impulse
    if imp is None or s.chain or (imp.combat is not None and imp.phase != "combat_done"):
        return
    ctx = game._ctx()
    for m in list(s.card_markers.values()):
        if m.team != imp.team or not (m.data.get("amphibious") or m.data.get("littoral")):
            continue
        cands = [A.MarkerAction(m.mid, then="unload"), A.MarkerAction(m.mid, then="reembark")]
        for h in ctx.board.naval_neighbours(m.hex):
            if coastal(ctx, h):
                cands.append(A.MarkerAction(m.mid, path=(h,), then="unload"))
        host = s.units.get(m.host or "")
        if host is not None and host.hex and host.hex in ctx.board.naval_neighbours(m.hex):
            cands.append(A.MarkerAction(m.mid, path=(host.hex,), then="reembark"))
        for a in cands:
            yield m, a


def surely_refused(s: GameState, m: CardMarker, a: MarkerAction, mines_on_map: bool) -> bool:
    """Whether the rules refuse transport marker ``m``'s act ``a`` whatever the checks before
    (:func:`step_unload`, :func:`step_reembark`), read without trying it: an unload of a marker
    that carries neither units nor RP (12.21) -- its move, if any, cannot be stopped half-way
    when no mine marker is on the map (13.34), so the step is reached and refuses; a re-embark
    without a move while the host is not in the marker's hex (12.27).  Never True for an act
    the rules accept (``tests/engine/test_fast_paths.py`` checks it against ``game.is_legal``)."""
    if a.then == "unload":
        return not m.cargo and not m.rp and (not a.path or not mines_on_map)
    if a.then == "reembark" and not a.path:
        host = s.units.get(m.host or "")
        return host is None or host.destroyed or host.hex != m.hex
    return False


def is_transport(m: CardMarker | None) -> bool:
    """A landing craft's (12.2) or Littoral Movement's (12.43) marker."""
    return bool(m is not None and (m.data.get("amphibious") or m.data.get("littoral")))
