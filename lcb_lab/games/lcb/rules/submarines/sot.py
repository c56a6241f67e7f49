"""The Submarine Operations Tracker and the submarine marker (14.01-14.06, 14.010): the light
base of :mod:`~lcb_lab.games.lcb.rules.submarines.operations` and :mod:`~lcb_lab.games.lcb.rules.submarines.asw` (no combat import, so movement, deployment, planning
and the sequence may call it).  See :mod:`~lcb_lab.games.lcb.rules.submarines.operations` for the rules it serves.

* ``state.sot[team]`` entries ``{"sub", "turn", "impulse", "hex", "public", "why"}`` (+
  ``path`` of a move, ``detected_by``): one per deployment / move (14.03); a marker placement
  publishes the entry of the hex the submarine is in (14.05, 14.06).
* The submarine marker is ``Unit.revealed`` of a submarine.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable

from lcb_lab.kernel import explain
from lcb_lab.games.lcb import observer
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.games.lcb.model.state import DeployArea, Unit
from lcb_lab.games.lcb.rules.common import Ctx, names, refs
from lcb_lab.games.lcb.rules.optional import advanced_submarines as adv, asw_bonus
from lcb_lab.kernel.datacodec import touched

if TYPE_CHECKING:
    from lcb_lab.games.lcb.model.cards import CardType
    from lcb_lab.games.lcb.model.state import Card, Declared

ASW_KILL = 10
"""An ASW die kills a DETECTED submarine on 10 or less (14.12, 14.14, SOT sheet)."""


def is_sub(ctx: Ctx, u: Unit | str) -> bool:
    """A submarine (domain ``submarine``; not a naval unit, 14.0)."""
    return ctx.utype(u).is_submarine


def coastal(ctx: Ctx, h: str) -> bool:
    """A hex featuring a coastline -- any land in it (14.02 NOTE: closed to submarines)."""
    return ctx.board.hex(h).has_land


def steps(ctx: Ctx, h: str) -> list[str]:
    """Hexes a submarine may enter from ``h``: water links, no coastal hex (14.02)."""
    return [n for n in ctx.board.naval_neighbours(h) if not coastal(ctx, n)]


def subs_in(ctx: Ctx, h: str, team: str) -> list[Unit]:
    """Living submarines of ``team`` in hex ``h``."""
    return [u for u in ctx.state.units_in(h, team) if is_sub(ctx, u)]


def detect_of(ctx: Ctx, u: Unit) -> int:
    """The DETECT a roll must not exceed to DETECT submarine ``u`` (14.12); with optional rule
    17.2 on, plus its movement modifier for the turn
    (:func:`lcb_lab.games.lcb.rules.optional.advanced_submarines.detect_modifier`)."""
    base = ctx.utype(u).detect or 10
    return base + adv.detect_modifier(ctx.state, u) if adv.on(ctx.state) else base


def log_sot(ctx: Ctx, team: str, title: str, text: str, rules: list[str], public_title: str | None = None,
            public_text: str = "", **facts: Any) -> None:
    """Log what ``team``'s submarines do off the map, with its facts: it is ``about`` that team's
    SOT (14.03), and reads as ``public_title`` / ``public_text`` without naming the submarine
    (None: the act leaves nothing to see).  The observer decides who reads which."""
    if public_title is not None:
        facts.update(public_title=public_title, public_text=public_text)
    ctx.log(explain.step("submarine", title, text, rules), team=team, about={"sot": team}, **facts)


def track(ctx: Ctx, sub: Unit, why: str, public: bool = False, path: list[str] | None = None) -> dict:
    """Append ``sub``'s position to its team's SOT (14.03)."""
    s = ctx.state
    entry = {"sub": sub.uid, "turn": s.turn, "impulse": len(s.tf_order) + (1 if s.impulse else 0),
             "hex": sub.hex, "public": public, "why": why}
    if path:
        entry["path"] = list(path)
    s.sot = {**s.sot, sub.team: [*s.sot.get(sub.team, []), entry]}
    return entry


def place_marker(ctx: Ctx, sub: Unit, why: str, by: str | None = None) -> None:
    """Place ``sub``'s submarine marker on the map (14.05, 14.06): it is revealed and the SOT
    entry of its hex becomes public."""
    sot = ctx.state.sot.setdefault(sub.team, [])
    last = next((e for e in reversed(sot) if e["sub"] == sub.uid), None)
    if last is None or last["hex"] != sub.hex:
        last = track(ctx, sub, why, public=True)
    last["public"] = True
    last.setdefault("published", why)
    if by is not None:
        last.setdefault("detected_by", []).append(by)
    touched(ctx.state, "sot")           # an entry changed in place
    sub.revealed = True
    ctx.log(explain.step("submarine_marker", f"Submarine marker: {sub.uid} in {sub.hex}",
                         {"lrs": "it fires LRS: the marker is placed for its attack and removed right after "
                                 "(14.05, 14.06)",
                          "detected": "DETECTED: the marker stays until the end of the Action Stage (14.06)"}[why],
                         ["14.06"], sub=sub.uid, hex=sub.hex))


def remove_marker(ctx: Ctx, sub: Unit, why: str) -> None:
    """Take ``sub``'s marker off the map: it is hidden again (14.06)."""
    if not sub.revealed:
        return
    sub.revealed = False
    ctx.log(explain.step("submarine_marker", f"Submarine marker of {sub.uid} removed", why, ["14.06"],
                         sub=sub.uid))


def detected_by(ctx: Ctx, target: Unit, sub: Unit) -> bool:
    """Whether ``sub`` DETECTED ``target`` where it is now (its marker still on the map, 14.06)."""
    return target.revealed and any(e["sub"] == target.uid and e["hex"] == target.hex
                                   and sub.uid in e.get("detected_by", [])
                                   for e in ctx.state.sot.get(target.team, []))


def end_of_impulse(ctx: Ctx) -> None:
    """LRS or torpedoes are counted per impulse (14.04).  (A unit is written only when it fired: an
    unchanged record stays clean for the record's snapshot, :class:`lcb_lab.kernel.datacodec.Tracked`.)"""
    for u in ctx.state.units.values():
        if u.fired:
            u.fired = ""


def end_of_action_stage(ctx: Ctx) -> None:
    """Remove every submarine marker (14.06); offensive ASW hexes start afresh (14.14); with the
    optional rules, unused expended-card bonuses lapse and unused movement types are wiped
    (17.2, 17.71)."""
    asw_bonus.end_of_action_stage(ctx.state)
    ctx.state.optional_data.pop("sub_modes", None)
    for u in ctx.state.units.values():
        if u.asw_hex is not None:      # written only when it changes (a clean record stays clean)
            u.asw_hex = None
        if u.revealed and not u.destroyed and is_sub(ctx, u):
            remove_marker(ctx, u, "end of the Action Stage: track of it is lost (14.06)")


def on_lrs(ctx: Ctx, sub: Unit) -> None:
    """A submarine commits LRS (14.04, 14.05): the marker is placed at its hex for the attack."""
    if sub.fired == "torpedo":
        raise IllegalAction("14.04", f"{sub.uid} fired torpedoes this impulse: LRS or torpedoes, not both")
    sub.fired = "lrs"
    place_marker(ctx, sub, "lrs")


def after_combat(ctx: Ctx) -> None:
    """The LRS is resolved: a submarine that fired it conceals at once (14.06) unless it was
    DETECTED meanwhile."""
    for u in ctx.state.units.values():
        if u.fired == "lrs" and u.revealed and not u.destroyed and is_sub(ctx, u):
            sot = ctx.state.sot.get(u.team, [])
            last = next((e for e in reversed(sot) if e["sub"] == u.uid), {})
            if not last.get("detected_by"):
                remove_marker(ctx, u, "its LRS is resolved: the submarine conceals again (14.06)")


def check_buy(ctx: Ctx, ct: CardType) -> None:
    """A JCC submarine is acquired only at the beginning of the game (14.01)."""
    if ctx.state.planning_stages > 1:
        raise IllegalAction("14.01", f"{ct.name} is a JCC submarine: it can be acquired only in the first "
                            "Planning Stage, at the beginning of the game")


def put_in_play(ctx: Ctx, card: Card, ct: CardType) -> Unit:
    """The submarine unit of a bought JCC submarine, off the map until deployed (14.01)."""
    s = ctx.state
    t = ctx.catalog.unit(ct.unit_type)
    if not t.is_submarine or t.team != card.team:
        raise IllegalAction("14.0", f"{ct.name}: {ct.unit_type} is not a {card.team} submarine type")
    tf = next(tf for tf, team in s.task_forces.items() if team == card.team)
    uid = f"{t.abbrev} {card.cid}"
    full = {c.slot: c.supply for c in t.cvs if c.supply is not None}
    u = Unit(uid, t.type_id, card.team, tf, None, t.hp, full, card=card.cid)
    s.units[uid] = u
    s.deploy_areas[uid] = DeployArea(hexes=[h for h in sorted(ctx.board.hexes) if ctx.board.hex(h).has_water
                                            and not coastal(ctx, h)])   # any open water (14.02 NOTE)
    touched(s, "units", "deploy_areas")      # in place: the snapshot compares them again
    card.where, card.host = "pool", uid     # hidden like any bought card (9.02); never played (core_action "combat")
    return u


def deploy_problem(ctx: Ctx, u: Unit, label: str) -> tuple[str, str] | None:
    """Why submarine ``u`` cannot deploy in ``label`` (14.02 NOTE), or None."""
    if not ctx.board.hex(label).has_water:
        return "5.11", f"{u.uid} is a submarine but {label} has no water"
    if coastal(ctx, label):
        return "14.02", f"{label} is a coastal hex: submarines never enter coastal hexes on the Baltic maps"
    return None


def on_deploy(ctx: Ctx, u: Unit) -> None:
    """The SOT's initial location (14.01), for the owner only; a submarine placed again in the
    Deployment Stage (3.21) replaces its earlier initial location."""
    sot = ctx.state.sot.get(u.team, [])
    ctx.state.sot = {**ctx.state.sot, u.team: [e for e in sot if not (e["sub"] == u.uid and e["why"] == "deploy")]}
    track(ctx, u, "deploy")
    log_sot(ctx, u.team, f"{u.uid} on the SOT in {u.hex}", "its initial location (14.01, 14.03)",
            ["14.01", "14.03"])


def check_step(ctx: Ctx, here: str, h: str) -> None:
    """Refuse a submarine's step into ``h`` (14.02 NOTE: no coastal hex; water only)."""
    if coastal(ctx, h):
        raise IllegalAction("14.02", f"{h} is a coastal hex: submarines cannot enter coastal hexes on the "
                            "Baltic maps (the shallow waters)")
    if h not in ctx.board.naval_neighbours(here):
        raise IllegalAction("14.02", f"no water connection from {here} to {h} for a submarine")


def moved(ctx: Ctx, units: list[Unit], start: str, path: list[str], spent: int) -> None:
    """After a submarine move: the SOT entry and the owner-only log (14.02, 14.03).  A marker
    left behind is lost (the submarine has slipped away)."""
    modes = []
    for u in units:
        if u.revealed:
            remove_marker(ctx, u, "it moved away: its marker is left behind and removed (14.06)")
        entry = track(ctx, u, "move", path=[start] + path)
        if adv.on(ctx.state):
            modes.append(adv.on_move(ctx.state, u, entry))
    how = (f"{'/'.join(dict.fromkeys(modes))} movement written on the SOT (MP {adv.MODES[modes[0]][0]}; DETECT "
           f"{adv.MODES[modes[0]][1]:+d} for the turn, 17.2)" if modes else "MP 5, once per impulse")
    log_sot(ctx, units[0].team, f"Move {names(units)}",
            f"{names(units)} move{'s' if len(units) == 1 else ''} {start} -> {' -> '.join(path)} for {spent} MP "
            f"({how}); logged on the SOT only", ["14.02", "14.03"] + (["17.2"] if modes else []),
            path=[start] + path, units=refs(units))


# ---------------------------------------------------------------- the declared action (rules may not import handlers)
def declared_action(ctx: Ctx, aid: int) -> Declared:
    """The declared Core Action ``aid`` of the impulse (as :func:`lcb_lab.games.lcb.handlers.declared`)."""
    imp = ctx.state.impulse
    if imp is None:
        raise IllegalAction("3.3", "no impulse in progress")
    if imp.phase == "declare":
        raise IllegalAction("3.03", "declare the impulse's Core Actions first")
    d = next((d for d in imp.actions if d.aid == aid), None)
    if d is None:
        raise IllegalAction("3.31", f"there is no declared action #{aid}")
    if imp.combat is not None and imp.phase != "combat_done":
        raise IllegalAction("3.38", "combat has been committed: resolve it before anything else")
    if d.over_mp:
        raise IllegalAction("5.14", f"action #{d.aid} moved one hex beyond its MP and can do nothing else")
    if d.split and not d.moved:
        raise IllegalAction("3.37", f"action #{d.aid} splits from its stack: move into the new hex first")
    return d


def check_names(ctx: Ctx, team: str, uids: Iterable[object]) -> None:
    """One refusal for any name ``team`` cannot know (6.11, :func:`lcb_lab.games.lcb.observer.knows`), whether
    or not it exists."""
    for n in uids:
        u = ctx.state.units.get(n) if isinstance(n, str) else None
        if u is None or not observer.knows(ctx.state, team, u):
            raise IllegalAction("6.11", f"{team} knows no unit named {n!r}")
