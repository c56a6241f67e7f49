"""What a transport card may do (12.x): its play checked before any roll (:func:`check_targets`,
for every transport effect: ``transport`` (amphibious landing, 12.2), ``rotary_lift`` (12.1),
``reinforce``, ``sealift``, ``littoral_move`` (12.4)) and the targets the random player and the
lab may offer (:func:`options`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from lcb_lab.games.lcb.rules.common import Ctx, dist
from lcb_lab.games.lcb.rules.transport.cargo import coastal, enemy_in, room, space
from lcb_lab.games.lcb.rules.transport.reinforcements import (check_littoral, check_reinforce, check_sealift,
                                                               austere_rule, is_airfield, is_port, pool_gpsv,
                                                               small_port_rule)
from lcb_lab.games.lcb.rules.transport.rotary_wing import check_lift

if TYPE_CHECKING:
    from lcb_lab.games.lcb.model.cards import CardType, Effect
    from lcb_lab.games.lcb.model.state import Card, CardPlay
    from lcb_lab.games.lcb.rules.common import GameLike


def check_targets(ctx: Ctx, card: Card, ct: CardType, eff: Effect, targets: list[str], hex_: str | None) -> None:
    """Refuse a transport play before any roll (called by :mod:`lcb_lab.games.lcb.rules.cards.targets`)."""
    if eff.fn == "transport":
        from lcb_lab.games.lcb.rules.transport.landing import check
        check(ctx, card, ct, eff, list(targets), hex_)
        return
    {"rotary_lift": check_lift, "reinforce": check_reinforce, "sealift": check_sealift,
     "littoral_move": check_littoral}[eff.fn](ctx, card, ct, eff, list(targets), hex_)


MAX_HEXES = 4
"""Destination hexes offered per transport option (nearest first; sandbox, keeps the legal
actions short -- every other hex is still legal when named)."""


def options(game: GameLike, card: Card, eff: Effect) -> list[dict]:
    """PlayCard targets the random player and the lab may offer for a transport effect
    (``{"targets", "hex"}``; each is still checked by the rules)."""
    ctx = game._ctx()
    s, team = game.state, card.team
    host = s.units.get(card.host or "")
    if eff.fn in ("rotary_lift", "transport"):
        if host is None or host.hex is None:
            return []
        aboard = sorted((u for u in s.units.values() if u.embarked_on == host.uid and not u.destroyed),
                        key=lambda u: u.uid)
        if eff.fn == "transport":
            from lcb_lab.games.lcb.rules.transport.landing import _params
            cap, mp, rng = _params(ctx.ctype(card), eff)
            if "rp" in eff.args:
                return []
            hexes = [h for h in ctx.board.naval_reach(host.hex, mp) if coastal(ctx, h)
                     and (rng is None or dist(host.hex, h) <= rng)]
            per = None
        else:
            if "rp" in eff.args:
                out = []
                for u in s.living(team):
                    if u.on_map and dist(host.hex, u.hex) <= (eff.range or 0) and room(ctx, u) > 0:
                        out.append({"targets": (u.uid,), "hex": u.hex})
                return out[:MAX_HEXES]
            cap, per, rng = int(eff.args["capacity_gpsv"]), eff.args.get("per_unit_gpsv"), eff.range or 0
            from lcb_lab.games.lcb import hexes as lcb_hexes
            hexes = [x.label for x in lcb_hexes.within(host.hex, rng)
                     if x.label in ctx.board.hexes and ctx.board.hex(x.label).has_land]
        picked, used = [], 0
        for u in aboard:
            g = space(ctx, u, per_card=1 if per is not None else None)
            if (per is None or ctx.utype(u).gpsv <= int(per)) and used + g <= cap:
                picked.append(u.uid)
                used += g
        if not picked:
            return []
        return [{"hex": h, "targets": tuple(picked)} for h in sorted(hexes, key=lambda h: (dist(host.hex, h), h))
                if not enemy_in(ctx, h, team) or eff.fn == "transport"][:MAX_HEXES]
    if eff.fn == "reinforce":
        rs = s.reinforcements.get(team, [])
        picked, used = [], 0
        for r in rs:
            g = pool_gpsv(ctx, r)
            if used + g <= int(eff.args["capacity_gpsv"]):
                picked.append(r["uid"])
                used += g
        hexes = [h for h in ctx.board.hexes if is_airfield(ctx, h, austere_rule(eff))]
        return [{"hex": h, "targets": tuple(picked)} for h in sorted(hexes)] if picked else []
    if eff.fn == "sealift":
        ports = sorted(h for h in ctx.board.hexes if is_port(ctx, h, small_port_rule(eff)))
        out = []
        for a in ports:
            us = [u for u in s.units_in(a, team) if not ctx.is_naval(u) and not (u.acted or u.expended or u.no_move)]
            picked, used = [], 0
            for u in sorted(us, key=lambda u: u.uid):
                if used + space(ctx, u) <= int(eff.args["capacity_gpsv"]):
                    picked.append(u.uid)
                    used += space(ctx, u)
            out += [{"hex": b, "targets": tuple(picked)} for b in ports if b != a and picked]
        return out[:MAX_HEXES]
    if eff.fn == "littoral_move":
        out = []
        for h in sorted({u.hex for u in s.living(team) if u.on_map}):
            if not coastal(ctx, h):
                continue
            us = [u for u in s.units_in(h, team) if not ctx.is_naval(u) and not (u.acted or u.expended or u.no_move)]
            picked, used = [], 0
            for u in sorted(us, key=lambda u: u.uid):
                if used + space(ctx, u) <= int(eff.args["capacity_gpsv"]):
                    picked.append(u.uid)
                    used += space(ctx, u)
            if picked:
                out.append({"hex": h, "targets": tuple(picked)})
        return out[:MAX_HEXES]
    return []
