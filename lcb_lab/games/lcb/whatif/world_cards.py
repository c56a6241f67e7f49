"""The enemy's hidden Attached and Embarked cards in a sampled world (3.14, 4.33, 9.02, 9.3,
9.31-9.34, 10.0, 10.33, 10.39): what :func:`lcb_lab.games.lcb.whatif.worlds.sample_world` draws
for them, from the team's knowledge and the public data only.

What the team knows (:func:`lcb_lab.games.lcb.observer.known_state` and the observer's public
counts, :func:`lcb_lab.games.lcb.observer_cards.observe_cards`): how many of the enemy's cards
lie face down Attached and Embarked in all (9.02); for each enemy unit it sees, how many cards
it carries (the known state names each :data:`~lcb_lab.games.lcb.observer.HIDDEN_ATTACHMENT`,
less the ones it sees face up); the scenario's prescribed cards and their hosts (public: App. B
Planning [b]); the decks.  The enemy's purchases stay secret (3.12), as in the hand's draw.

What is drawn, each uniformly (the weights are *sandbox*: the rulebook prints no odds):

* **the host of a card seen face up on a back** -- using a card does not reveal its host (9.31,
  9.34), so the known state gives such a card no host: the prescribed ones first, each on the back
  drawn as the counter the scenario prescribes it to, else on a back drawn among those that may
  carry one more of it (none: no host); the hosts' trackers then name them;
* **on a unit the team sees** -- each hidden card: first the scenario's prescribed card for that
  host not seen face up since; then a card every unit of its type is given (``automatic_on``,
  9.31 EXCEPTION); then a card type of the enemy's deck it may carry.  An Attached card (any
  host but an Embark-capable ship, 10.39): marked ATTACH, its ``Requires...`` met and a CV it
  modifies held (9.31, 9.33: :func:`lcb_lab.games.lcb.rules.stages.planning.host_problem`),
  one per unit but the free ones (9.31 EXCEPTION), keeping the host's HP and supply within what
  the card allows (the tracker is read as it is; :func:`lcb_lab.games.lcb.model.invariants.hp_max`).
  An Embarked card (an Embark-capable ship's): not Attached, with a Space Value or requiring an
  Embark-capable ship it is (10.1, 10.22), bought (cost 1-5, 3.12), fitting aboard (10.21, 10.35);
* **on a back** -- the cards left of the public counts (less those on units the team sees):
  first the prescribed cards whose host the back was drawn as (the order of battle's counter),
  then each other on a drawn back chosen uniformly among those that may carry one more, its type
  as above; the back, drawn at full HP and supply, takes the card's HP and supply at once (9.31).
  A card left without a host it may have (its host embarked on a ship seen only as a back, or
  off the map) is not drawn (*sandbox*).

A type the team has seen leave play (discarded or removed, 9.07, 9.08: an Attached card is
bought only in the first Planning Stage, 9.31) is not drawn; a drawn card's own supply is full
(9.33; *sandbox*, like a back's HP).  Nothing here reads the real state but through the
known state and the observer's public counts.
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Iterator

import numpy as np

from lcb_lab.games.lcb import observer
from lcb_lab.games.lcb.model.cards import CardType, load_decks
from lcb_lab.games.lcb.model.invariants import World, hp_max, supply_max
from lcb_lab.games.lcb.model.state import Card, GameState, Unit, other
from lcb_lab.games.lcb.rules.common import Ctx
from lcb_lab.games.lcb.rules.embarking.embark import embark_capable, fits_problem
from lcb_lab.games.lcb.rules.stages.planning import host_problem, is_network, must_embark
from lcb_lab.games.lcb.whatif.world_facts import CARD_COSTS, hidden_cards

SAMPLED_HOSTED = "{team}-hosted-sampled-{n}"
"""The id of an Attached / Embarked card a sampled world draws (never a real card's id)."""
PLACES = ("attached", "embarked")


def _decks(game: Any):
    return game.decks or load_decks()


def _ctx(game: Any, s: GameState) -> Ctx:
    return Ctx(s, game.board, game.catalog, None, _decks(game), quiet=True)


def place_of(game: Any, u: Unit) -> str:
    """Where a card ``u`` carries lies: "embarked" on an Embark-capable ship (10.39: no Attached
    card is attached to one directly), else "attached"."""
    return "embarked" if embark_capable(game.catalog.unit(u.type_id)) else "attached"


def _seen(k: GameState, enemy: str) -> list[Card]:
    """The ``enemy`` cards of the known state ``k`` the team sees (none a sampled world drew)."""
    return [c for c in k.cards.values() if c.team == enemy and "sampled" not in c.cid]


def seen_hosts(game: Any, k: GameState, enemy: str) -> list[tuple[str, int]]:
    """[(uid, how many hidden cards it carries)] for each ``enemy`` unit of the known state ``k``
    that is no back and carries some (its :data:`observer.HIDDEN_ATTACHMENT` entries less the
    cards seen face up on it), sorted by uid."""
    face_up = Counter(c.host for c in _seen(k, enemy) if c.in_play and c.where in PLACES)
    out = []
    for uid in sorted(k.units):
        u = k.units[uid]
        if u.team == enemy and not u.destroyed and not observer.is_stand_in(u):
            n = sum(a == observer.HIDDEN_ATTACHMENT for a in u.attachments) - face_up[uid]
            if n > 0:
                out.append((uid, n))
    return out


def gone_names(k: GameState, enemy: str) -> set[str]:
    """The card types of ``enemy`` the team has seen leave play (discarded or removed)."""
    return {c.name for c in _seen(k, enemy) if not c.in_play}


def prescribed_on(game: Any, k: GameState, enemy: str) -> dict[str, list[str]]:
    """{host uid: [card names]} of the scenario's prescribed Attached / Embarked cards of
    ``enemy`` (App. B Planning [b]) not seen face up since (one seen card of a name accounts for
    one prescribed card) and not of a type seen leave play."""
    info = getattr(game, "scenario_info", None)
    if info is None or enemy not in info.teams:
        return {}
    decks, gone = _decks(game), gone_names(k, enemy)
    seen = Counter(c.name for c in _seen(k, enemy))
    out: dict[str, list[str]] = {}
    for e in info.teams[enemy].prescribed:
        host = e.attach_to or e.embark_on
        if not host:
            continue
        try:
            name = decks.card(enemy, e.name).name
        except Exception:                # a name the decks do not know: nothing to draw
            continue
        if seen[name]:
            seen[name] -= 1
        elif name not in gone:
            out.setdefault(host, []).append(name)
    return out


def candidates(game: Any, s: GameState, u: Unit, gone: set[str]) -> list[CardType]:
    """The card types of ``u``'s team's deck ``u`` may carry one more of in ``s`` (module doc:
    Attached or Embarked by its type), sorted by name."""
    return list(_each_candidate(game, s, u, gone))


def may_carry(game: Any, s: GameState, u: Unit, gone: set[str]) -> bool:
    """Whether ``u`` may carry one more card (:func:`candidates` is not empty)."""
    return next(_each_candidate(game, s, u, gone), None) is not None


def _each_candidate(game: Any, s: GameState, u: Unit, gone: set[str]) -> Iterator[CardType]:
    decks, ctx = _decks(game), _ctx(game, s)
    embarked = place_of(game, u) == "embarked"
    held = [decks.card(c.team, c.name) for c in s.cards.values() if c.host == u.uid and c.where == "attached"]
    for name in decks.names(u.team):
        ct = decks.card(u.team, name)
        if ct.name in gone or ct.unit_type or ct.deployment_only or is_network(ct):
            continue
        if embarked:
            ok = (not ct.attached and CARD_COSTS[0] <= ct.cost <= CARD_COSTS[1]
                  and (ct.embarkable or must_embark(ct)) and (not ct.requires or ct.host_allowed(ctx.utype(u))))
        else:
            ok = ct.attached and host_problem(ctx, u, ct) is None and (
                ct.free_attachment or not any(not h.free_attachment for h in held))
        if ok and _holds(game, s, u, ct):
            yield ct


def _holds(game: Any, s: GameState, u: Unit, ct: CardType) -> bool:
    """Whether ``u`` may carry one ``ct`` more: aboard (an Embarked card: 10.21, 10.35), and
    with its HP and supply as they are within the maxima the card allows (9.31, 9.33)."""
    cid = "(trial)"
    s.cards[cid] = Card(cid, ct.name, u.team, "pool")
    try:
        if place_of(game, u) == "embarked":
            return fits_problem(_ctx(game, s), u, cards=[cid]) is None
        s.cards[cid].where, s.cards[cid].host = "attached", u.uid
        w = World(s, game.board, game.catalog, _decks(game))
        top = hp_max(w, u)
        return (top is None or u.hp <= top) and all(
            (m := supply_max(w, u, slot)) is None or n <= m for slot, n in u.supply.items())
    finally:
        del s.cards[cid]


def put(game: Any, s: GameState, u: Unit, name: str, n: int, full_host: bool) -> None:
    """Card ``name`` under (or by) ``u``'s tracker, id :data:`SAMPLED_HOSTED` number ``n``, its
    own supply full (9.33); ``full_host``: ``u`` (a drawn back) takes its HP and supply (9.31)."""
    ct = _decks(game).card(u.team, name)
    cid = SAMPLED_HOSTED.format(team=u.team, n=n)
    c = Card(cid, ct.name, u.team, place_of(game, u), host=u.uid)
    c.supply = {cv.slot: cv.supply for cv in ct.cvs if cv.supply is not None}
    s.cards[cid] = c
    if full_host:
        _host_takes(u, ct, c.where)


def _host_takes(u: Unit, ct: CardType, where: str) -> None:
    """A drawn back ``u`` (full HP and supply) takes Attached card ``ct``'s HP and supply (9.31)."""
    if where == "attached":
        u.hp += ct.hp_bonus
        for e in ct.effects:
            if e.fn == "add_supply":
                slot = str(e.args.get("slot", "INT1"))
                u.supply = {**u.supply, slot: u.supply.get(slot, 0) + int(e.args.get("n", 0))}


def _one(game: Any, s: GameState, u: Unit, gone: set[str], rng: np.random.Generator) -> str | None:
    """A card type ``u`` may carry one more of: one its type is given (9.31 EXCEPTION) first,
    else one drawn uniformly; None when none fits."""
    cands = candidates(game, s, u, gone)
    given = [ct for ct in cands if u.type_id in ct.automatic_on]
    if given:
        return given[0].name
    return cands[int(rng.integers(len(cands)))].name if cands else None


def draw(game: Any, s: GameState, team: str, rng: np.random.Generator, backs: dict[str, str]) -> None:
    """Draw the enemy's hidden Attached and Embarked cards into ``s`` (module doc).  ``backs``:
    {drawn back's id: the order-of-battle counter it was drawn as ("" a catalog type)}.  Each
    unit's ``attachments`` then names its cards (a card not drawn stays a
    :data:`observer.HIDDEN_ATTACHMENT`)."""
    enemy = other(team)
    _seen_on_backs(game, s, enemy, rng, backs)
    counts = hidden_cards(game, team, enemy)
    left = {p: counts.get(p, 0) for p in PLACES}
    undrawn: Counter = Counter()
    if any(left.values()):
        gone, given = gone_names(s, enemy), prescribed_on(game, s, enemy)
        ids = iter(range(1, 1 << 30))
        undrawn = _on_seen(game, s, enemy, rng, left, gone, given, ids)
        _on_backs(game, s, rng, left, gone, given, ids, backs)
    _name_attachments(s, enemy, undrawn)       # the cards seen face up too (a back that took one, a seen host)


def _seen_on_backs(game: Any, s: GameState, enemy: str, rng: np.random.Generator, backs: dict[str, str]) -> None:
    """Each face-up ``enemy`` Attached / Embarked card whose host the team does not read (the known
    state gives it no host: using it does not reveal the host, 9.31, 9.34) on a drawn back: the one
    drawn as the counter the scenario prescribes it to (App. B Planning [b]) if it may carry one
    more, else one drawn uniformly among the backs that may (*sandbox*); the prescribed cards
    first; none fits: it stays without a host."""
    loose = [c for c in _seen(s, enemy) if c.in_play and c.where in PLACES and c.host is None]
    if not loose:
        return
    prescribed = _prescribed_pairs(game, enemy)
    hosts = sorted(uid for uid in backs if uid in s.units)
    named = {c.cid: [uid for uid in hosts if (c.name, backs[uid]) in prescribed] for c in loose}

    def may(uid: str, c: Card) -> bool:          # one more of it, beside what the back took already (9.31)
        return any(ct.name == c.name for ct in candidates(game, s, s.units[uid], set()))
    for c in sorted(loose, key=lambda c: not named[c.cid]):      # the prescribed ones first
        fit = [uid for uid in named[c.cid] if may(uid, c)] or [uid for uid in hosts if may(uid, c)]
        if fit:
            u = s.units[fit[int(rng.integers(len(fit)))]]
            c.host = u.uid
            _host_takes(u, _decks(game).card(enemy, c.name), c.where)


def _prescribed_pairs(game: Any, enemy: str) -> set[tuple[str, str]]:
    """{(card type, host counter)} of the scenario's prescribed Attached / Embarked cards of ``enemy``."""
    info = getattr(game, "scenario_info", None)
    if info is None or enemy not in info.teams:
        return set()
    out = set()
    for e in info.teams[enemy].prescribed:
        try:
            if e.attach_to or e.embark_on:
                out.add((_decks(game).card(enemy, e.name).name, e.attach_to or e.embark_on))
        except Exception:                # a name the decks do not know: no pair
            continue
    return out


def _on_seen(game: Any, s: GameState, enemy: str, rng: np.random.Generator, left: dict[str, int],
             gone: set[str], given: dict[str, list[str]], ids: Iterator[int]) -> Counter:
    """The hidden cards of the units the team sees (``left`` counted down); {uid: how many not drawn}."""
    undrawn: Counter = Counter()
    for uid, k in seen_hosts(game, s, enemy):
        u = s.units[uid]
        left[place_of(game, u)] -= k
        todo = list(given.get(uid, []))
        for _ in range(k):
            name = todo.pop(0) if todo else _one(game, s, u, gone, rng)
            if name is None:
                undrawn[uid] += 1
            else:
                put(game, s, u, name, next(ids), False)
    return undrawn


def _on_backs(game: Any, s: GameState, rng: np.random.Generator, left: dict[str, int], gone: set[str],
              given: dict[str, list[str]], ids: Iterator[int], backs: dict[str, str]) -> None:
    """The cards ``left`` on the drawn backs: the prescribed ones of the counter each was drawn as,
    then each on a back drawn among those that may carry one more."""
    hosts = sorted(uid for uid in backs if uid in s.units)
    for uid in hosts:
        u = s.units[uid]
        for name in given.get(backs[uid], []):
            if left[place_of(game, u)] > 0:
                left[place_of(game, u)] -= 1
                put(game, s, u, name, next(ids), True)
    for place in PLACES:
        if left[place] <= 0:
            continue
        open_ = [uid for uid in hosts if place_of(game, s.units[uid]) == place and may_carry(game, s, s.units[uid], gone)]
        while left[place] > 0 and open_:     # a host's candidates change only with its own cards
            u = s.units[open_[int(rng.integers(len(open_)))]]
            left[place] -= 1
            put(game, s, u, _one(game, s, u, gone, rng), next(ids), True)
            if not may_carry(game, s, u, gone):
                open_.remove(u.uid)


def _name_attachments(s: GameState, enemy: str, undrawn: Counter) -> None:
    """Each ``enemy`` unit's ``attachments``: its cards' names ("X (Embarked)" for an Embarked
    card, as the rules keep them), then a :data:`observer.HIDDEN_ATTACHMENT` for each not drawn."""
    by_host: dict[str, list[str]] = {}
    for c in s.cards.values():
        if c.team == enemy and c.in_play and c.where in PLACES and c.host is not None:
            by_host.setdefault(c.host, []).append(c.name if c.where == "attached" else f"{c.name} (Embarked)")
    for u in s.units.values():
        if u.team == enemy:
            u.attachments = by_host.get(u.uid, []) + [observer.HIDDEN_ATTACHMENT] * undrawn[u.uid]


def hidden_hosted(game: Any, team: str) -> bool:
    """Whether the enemy holds hidden Attached or Embarked cards (the public counts, 9.02)."""
    counts = hidden_cards(game, team, other(team))
    return any(counts.get(p, 0) for p in PLACES)
