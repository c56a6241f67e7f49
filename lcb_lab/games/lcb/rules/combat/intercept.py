"""INTERCEPT (7.5-7.58): who may defend a target against an LRS, and checks.

A defensive INTERCEPT is free (7.52) and open to every friendly IAMD unit,
whatever its Task Force.  An interceptor must have the target's hex within
its INTERCEPT range, supply, and be at an equal or smaller distance to the
target hex than the attacking unit (7.53).  Dice are allocated before any
roll against each specific LRS attack (7.54), one INTERCEPT value per unit
per engagement, read as per attacked target (7.56), supply is spent whatever
happens (7.58), and cannon artillery cannot be intercepted (7.52 exception).  A unit in a
naval-zone place INTERCEPTs only for units stacked with it, and only they for it (7.42, 7.510;
:mod:`lcb_lab.games.lcb.rules.combat.naval_zones`).
Units paralyzed by a card effect cannot act at all.

Several shooters at one target (lcb_lab's reading of 7.53/7.54/7.57): an
*attack* is one shooter's LRS dice on one target.  An allocation that names
the attack it answers (``"shooter"``) is judged against THAT shooter's
distance, so a unit no farther than a far shooter may intercept that
shooter's dice even when a nearer shooter fires at the same target; its
successes cancel hits of that attack only.  An allocation without
``"shooter"`` answers every interceptable attack on the target (the earlier
per-target meaning): the unit must be in reach of all of them (no farther
than the nearest non-cannon shooter) and its successes cancel any of the
target's remaining interceptable hits.  Netting per target:
``net = cannon hits + max(0, sum over attacks of max(0, hits - named
successes) - unnamed successes)``.

Whether the defender is asked at all (7.54) is decided from what the *attacker* knows, never
from the hidden state (:mod:`lcb_lab.games.lcb.rules.combat.intercept_pause`): a pause only
when an interceptor was truly eligible would tell the attacker that a face-down counter in
range holds INTERCEPT supply.  The defender's options stay its true eligible interceptors (none, when the
attacker could not rule one out but there was none: it answers "no INTERCEPT").

An allocation is ``{"interceptor": uid, "slot": "INT1", "target": uid, "dice": n}``
plus an optional ``"shooter": uid``.
"""
from __future__ import annotations

from collections import defaultdict

from lcb_lab.games.lcb.choice_options import Attack, Interceptor, Target
from lcb_lab.games.lcb.model.catalog import INFINITE_DICE_CAP
from lcb_lab.games.lcb.model.state import CardMarker, Unit
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.games.lcb.rules.common import Ctx, check_supply, dist, living_unit, supply_left
from lcb_lab.games.lcb.rules.optional import ciws
from lcb_lab.games.lcb.rules.cards.cvs import attached_by_host, card_cvs
from lcb_lab.games.lcb.rules.combat.naval_zones import intercept_problem as zone_problem


OFF_MAP = 10 ** 6
"""The distance of an off-map attacker (a card's LRS, 9.012): farther than any unit on the map."""


def interceptable_marker(ctx: Ctx, target: str) -> bool:
    """True when LRS target ``target`` is a card marker an INTERCEPT may defend: a revealed
    landing-craft / transport marker (12.24 with 7.53: the LRS has a target hex like any other).
    lcb_lab offers none for other markers (naval ISR 13.26, SOF 13.43)."""
    m = ctx.state.card_markers.get(target)
    return m is not None and bool(m.data.get("amphibious") or m.data.get("littoral"))


def target_piece(ctx: Ctx, target: str) -> Unit | CardMarker:
    """The unit or the card marker an LRS allocation names (``.team``, ``.hex``).  ``KeyError`` for neither."""
    u = ctx.state.units.get(target)
    return u if u is not None else ctx.state.card_markers[target]


def interceptor_options(ctx: Ctx, target_uid: str, shooter_hexes: list[str | None],
                        ballistic: bool | None = False) -> list[dict]:
    """Every IAMD value of the target's team (its own and its Attached cards', 9.32), judged
    for this target against shooters in ``shooter_hexes``: the unit must be no farther than
    the nearest (7.53).

    A shooter hex ``None`` is an off-map attacker (a card's LRS, 9.05, 9.012): lcb_lab's
    reading of 7.53 is that it is farther from the target than any unit on the map, so only
    the range rule applies (App. B: 1 Kilo intercepts the Cruise Missile Strike on itself).
    ``ballistic``: True for a ballistic LRS -- only BMD INTERCEPT values answer it; False --
    BMD values do not answer it (7.510); None: both may (an attack of either kind).

    Returns dicts: ``uid, slot, hex, cv, range, distance, shooter_distance (None: off-map),
    in_range, close_enough, has_supply, eligible, max_dice, reason``.
    """
    t = target_piece(ctx, target_uid) if target_uid in ctx.state.card_markers else ctx.state.unit(target_uid)
    closest = min((OFF_MAP if h is None else dist(h, t.hex)) for h in shooter_hexes) if shooter_hexes else 0
    out = []
    attached = attached_by_host(ctx.state.cards)      # read once: the state does not change here
    ciws_on = ciws.is_on(ctx.state, ciws.RULE)         # ciws.applies' first test, read once
    for u in ctx.state.living(t.team):
        if not u.on_map:
            continue
        cvs = list(ctx.utype(u).cvs_of("INT"))            # ctx.cvs_of(u, "INT"), the cards read once
        if attached and u.uid in attached:                # card_cvs finds none for a unit hosting no card
            cvs += card_cvs(ctx, u, "INT", attached)
        if cvs:                             # the unit's own facts, the same for each of its values
            d = dist(u.hex, t.hex)
            close = d <= closest
            zone_why = zone_problem(u.hex, t.hex)
        for cv in cvs:
            left = supply_left(ctx, u, cv.slot)
            in_range = cv.in_range(d)
            has = left is None or left > 0
            bmd = bool(getattr(cv, "bmd", False))
            reason = ""
            if u.paralysed:
                reason = "may not act this turn (card effect)"
            elif zone_why:
                reason = zone_why
            elif ballistic is not None and bmd != ballistic:
                reason = ("only BMD INTERCEPT answers a ballistic LRS (7.510)" if ballistic
                          else "BMD INTERCEPT answers only ballistic LRS (7.510)")
            elif not in_range:
                reason = f"out of range ({d} > {cv.range}) (7.53)"
            elif not close:
                reason = f"farther from the target ({d}) than the attacker ({closest}) (7.53)"
            elif not has:
                reason = "no INTERCEPT supply (7.08)"
            out.append({
                "uid": u.uid, "slot": cv.slot, "hex": u.hex, "cv": cv.value,
                "range": cv.range, "distance": d, "shooter_distance": None if closest >= OFF_MAP else closest,
                "in_range": in_range, "close_enough": close, "has_supply": has,
                "eligible": not reason, "reason": reason or "eligible",
                "max_dice": INFINITE_DICE_CAP if left is None else left,
            })
        if ciws_on and ciws.applies(ctx, u):            # optional 7.514: a ship out of INTERCEPT supply
            o = ciws.option(ctx, u, t.hex, closest, ballistic)
            out.append(dict(o, shooter_distance=None if closest >= OFF_MAP else closest))
    return out


def attacks_on(ctx: Ctx, target_uid: str, lrs_allocs: list[dict]) -> dict[str, dict]:
    """The interceptable LRS attacks on one target: ``{shooter: {"shooter", "slot", "hex",
    "distance", "dice", "bmd"}}`` in allocation order (``bmd``: a ballistic LRS, a card's or a
    unit's ballistic CV, 7.510); cannon artillery is left out (7.52)."""
    t = target_piece(ctx, target_uid)
    out: dict[str, dict] = {}
    for a in lrs_allocs:
        if a["target"] != target_uid:
            continue
        if "card" in a:             # a card's LRS: from its host / marker, or off the map (9.012)
            h = a.get("hex")
            e = out.setdefault(a["shooter"], {"shooter": a["shooter"], "slot": a["slot"], "hex": h,
                                              "distance": None if h is None else dist(h, t.hex), "dice": 0,
                                              "card": a.get("name", a["card"]), "bmd": bool(a.get("bmd"))})
            e["dice"] += int(a["dice"])
            continue
        s = ctx.state.units[a["shooter"]]
        if ctx.utype(s).cannon_artillery:
            continue
        e = out.setdefault(s.uid, {"shooter": s.uid, "slot": a["slot"], "hex": s.hex,
                                   "distance": dist(s.hex, t.hex), "dice": 0, "bmd": ballistic_cv(ctx, s, a["slot"])})
        e["dice"] += int(a["dice"])
    return out


def ballistic_cv(ctx: Ctx, shooter: Unit, slot: str) -> bool:
    """True when ``shooter``'s LRS value ``slot`` is ballistic (the catalog's ``ballistic`` flag):
    only BMD INTERCEPT answers it, and BMD answers nothing else (7.510)."""
    return bool(getattr(ctx.cv(shooter, slot), "ballistic", False))


def _ballistic(attacks) -> bool | None:
    """The kind of LRS a set of attacks is (7.510): True all ballistic, False none, None mixed."""
    kinds = {a["bmd"] for a in attacks}
    return kinds.pop() if len(kinds) == 1 else None


def target_options(ctx: Ctx, target_uid: str, lrs_allocs: list[dict], judged: dict | None = None) -> Target:
    """The INTERCEPT question for one target (options of the ``intercept`` Choice): a
    :class:`~lcb_lab.games.lcb.choice_options.Target` -- its ``hex``, ``incoming_dice`` (interceptable
    dice), ``interceptors`` (judged for dice answering every attack) and ``attacks`` (each with
    the ``interceptors`` judged against that shooter alone).  ``judged``: a dict that receives the
    :func:`interceptor_options` lists made, keyed as :func:`validate_intercepts` keys them.
    """
    attacks = attacks_on(ctx, target_uid, lrs_allocs)
    whole = _with_infinite(ctx, _judge(ctx, target_uid, [a["hex"] for a in attacks.values()],
                                       _ballistic(attacks.values()), judged))
    return Target(
        target=target_uid, hex=target_piece(ctx, target_uid).hex,
        incoming_dice=sum(a["dice"] for a in attacks.values()),
        interceptors=whole,
        attacks=tuple(Attack(**dict(a, interceptors=whole if len(attacks) == 1 else _with_infinite(   # one attack:
            ctx, _judge(ctx, target_uid, [a["hex"]], a["bmd"], judged)))) for a in attacks.values()),   # the same
    )


def _judge(ctx: Ctx, target_uid: str, hexes: list, ballistic: bool | None, judged: dict | None) -> list[dict]:
    opts = interceptor_options(ctx, target_uid, hexes, ballistic)
    if judged is not None:
        judged[(target_uid, tuple(hexes), ballistic)] = opts
    return opts


def card_names_of(ctx: Ctx, targets: list[Target] | tuple) -> dict[str, str]:
    """{card id: name} of the Attached cards whose INTERCEPT values ``targets`` (as
    :func:`target_options` gives them) list: the answering team's own cards, which it knows,
    so the choice can word a slot ``"RU-3:INT1"`` as ``"INT1 of Pantsir-SM: IAMD"`` (9.31)."""
    cids = {o.slot.rsplit(":", 1)[0] for t in targets for x in [t, *t.attacks]
            for o in x.interceptors if ":" in o.slot}
    return {cid: ctx.state.cards[cid].name for cid in sorted(cids) if cid in ctx.state.cards}


def _with_infinite(ctx: Ctx, opts: list[dict]) -> tuple[Interceptor, ...]:
    return tuple(Interceptor(**o, infinite=o["slot"] != ciws.SLOT
                             and supply_left(ctx, ctx.state.units[o["uid"]], o["slot"]) is None) for o in opts)


def validate_intercepts(ctx: Ctx, allocs: list[dict], lrs_allocs: list[dict], defender: str,
                        judged: dict | None = None) -> None:
    """Raise IllegalAction for the first INTERCEPT allocation the rules forbid (7.5-7.58, 7.42).
    ``judged``: :func:`interceptor_options` lists of this very state (from :func:`target_options`),
    used instead of judging those questions again."""
    attacks = {t: attacks_on(ctx, t, lrs_allocs) for t in dict.fromkeys(a["target"] for a in lrs_allocs)
               if t in ctx.state.units or interceptable_marker(ctx, t)}   # 12.24: a transport marker too; not 13.26, 13.43
    slots: dict[tuple[str, str], set[str]] = defaultdict(set)
    judged = dict(judged) if judged else {}   # interceptor_options per question (nothing changes here)
    for a in allocs:
        u = living_unit(ctx, a["interceptor"], "7.53")
        n, slot, tgt, shooter = int(a["dice"]), a["slot"], a["target"], a.get("shooter")
        if u.team != defender:
            raise IllegalAction("7.52", f"{u.uid} is not on the defending team")
        if tgt not in attacks:
            raise IllegalAction("7.54", f"{tgt} is not the target of an LRS this impulse")
        if not attacks[tgt]:
            raise IllegalAction("7.52", f"{tgt} is attacked only by cannon artillery, which cannot be intercepted")
        if shooter is not None and shooter not in attacks[tgt]:
            cannon = any(x["shooter"] == shooter and x["target"] == tgt for x in lrs_allocs)
            raise IllegalAction("7.52" if cannon else "7.54",
                                f"{shooter} is cannon artillery: its LRS on {tgt} cannot be intercepted" if cannon
                                else f"{shooter} makes no LRS attack on {tgt} this impulse")
        if n < 1:
            raise IllegalAction("7.54", f"{u.uid} must allocate at least one die")
        tgt_hex = ctx.state.units[tgt].hex if tgt in ctx.state.units else ctx.state.card_markers[tgt].hex   # 12.24: a marker
        zone_why = zone_problem(u.hex, tgt_hex)
        if zone_why:
            raise IllegalAction("7.42", f"{u.uid} cannot intercept for {tgt}: {zone_why}")
        answered = [attacks[tgt][shooter]] if shooter is not None else list(attacks[tgt].values())
        hexes = [x["hex"] for x in answered]
        ballistic = _ballistic(answered)
        key = (tgt, tuple(hexes), ballistic)
        opts = judged.get(key)
        if opts is None:
            opts = judged[key] = interceptor_options(ctx, tgt, hexes, ballistic)
        o = next((o for o in opts if o["uid"] == u.uid and o["slot"] == slot), None)
        if o is None:
            raise IllegalAction("7.5", f"{u.uid} has no {slot} INTERCEPT value")
        if not o["eligible"]:
            against = f"the LRS of {shooter}" if shooter is not None else "every LRS"
            raise IllegalAction("7.53", f"{u.uid} cannot intercept {against} on {tgt}: {o['reason']}")
        slots[(u.uid, tgt)].add(slot)
        if len(slots[(u.uid, tgt)]) > 1:
            raise IllegalAction("7.56", f"{u.uid} may use only one INTERCEPT value against the attack on {tgt}")
    check_intercept_dice(ctx, allocs)


def check_intercept_dice(ctx: Ctx, allocs: list[dict]) -> None:
    """Raise IllegalAction when INTERCEPT allocations ask for more dice than the units have:
    above :data:`~lcb_lab.games.lcb.model.catalog.INFINITE_DICE_CAP` per target for infinite supply (7.55),
    above the supply left for the others (7.58).  ``allocs``: allocation dicts (module doc)."""
    used: dict[tuple[str, str], int] = defaultdict(int)
    per_target: dict[tuple[str, str, str], int] = defaultdict(int)
    for a in allocs:
        uid, slot, tgt, n = a["interceptor"], a["slot"], a["target"], int(a["dice"])
        per_target[(uid, slot, tgt)] += n
        if slot == ciws.SLOT:               # 7.514: no supply, at most 4 dice
            if per_target[(uid, slot, tgt)] > ciws.DICE:
                raise IllegalAction("7.514", f"{uid} rolls at most {ciws.DICE} CIWS dice against the attack on {tgt} "
                                    "(a ship out of INTERCEPT supply)")
            continue
        used[(uid, slot)] += n
        if supply_left(ctx, ctx.state.units[uid], slot) is None and per_target[(uid, slot, tgt)] > INFINITE_DICE_CAP:
            raise IllegalAction("7.55", f"{uid} has infinite supply: at most {INFINITE_DICE_CAP} dice "
                                f"per INTERCEPT attempt (on {tgt})")
    check_supply(ctx, used, "7.58")


def odds_groups(stoppable: list[tuple[str, int, int]], intercepts: list[tuple[str | None, int, int]]
                ) -> tuple[list[tuple[int, int]], list[tuple[int, int]], list[tuple[list, list]]]:
    """Split one target's dice for :func:`lcb_lab.games.lcb.rules.combat.odds.engagement_odds` (7.57 netting).

    ``stoppable``: ``(shooter, dice, cv)`` of interceptable LRS; ``intercepts``:
    ``(shooter or None, dice, cv)``.  Returns ``(shots, pooled_intercepts, answered)``:
    attacks no allocation names, the intercepts naming no attack, and one
    ``(shots, intercepts)`` pair per attack answered by name.
    """
    named = {s for s, _, _ in intercepts if s is not None}
    shots = [(n, cv) for s, n, cv in stoppable if s not in named]
    pooled = [(n, cv) for s, n, cv in intercepts if s is None]
    answered = [([(n, cv) for s2, n, cv in stoppable if s2 == s], [(n, cv) for s2, n, cv in intercepts if s2 == s])
                for s in dict.fromkeys(s for s, _, _ in intercepts if s is not None)]
    return shots, pooled, answered


def umbrella(ctx: Ctx, shooter_hex: str, target_uid: str) -> list[dict]:
    """INTERCEPT umbrella over one target against a shooter at ``shooter_hex``.

    Same dicts as :func:`interceptor_options`; used by the map overlay.
    """
    return interceptor_options(ctx, target_uid, [shooter_hex], None)
