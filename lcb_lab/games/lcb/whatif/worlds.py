"""A world sampled from one team's knowledge: where a team's plan studies run and the search
policy plays its rollouts.

:func:`sample_world` starts from :func:`lcb_lab.games.lcb.observer.known_state` -- the state as
the team may know it, decided in the one place that decides hidden information -- and fills
what the team does not know by sampling, with the policy's ``rng`` only, from what it does know
(:mod:`lcb_lab.games.lcb.whatif.world_facts`: its knowledge and the public data -- the
scenario's order of battle, the map, the catalog, the decks -- never the real state).  What is
drawn, in this order (``docs/opponents.md``; the uniform weights are *sandbox*: the rulebook
prints no odds):

* **backs** (6.11): each enemy counter the team sees only as a back (the observer's stand-in
  ``"hidden:<hex>:<n>"``, one for a Task Force Counter's stack, 4.35) is one counter of the
  enemy's order of battle (the scenario's units, scheduled reinforcements arrived and MILDECs,
  3.11, 4.22) not accounted for -- not seen face up, embarked or destroyed face up -- that may
  stand in its hex (land / water, 5.11); the backs get distinct counters, drawn one back after
  the other (the back with the fewest candidates first), each uniformly among the counters left
  (a draw that leaves a back without one is drawn again).  A unit comes at full
  HP and supply (4.32; sandbox: a hit on a back is not carried over -- combat hits only revealed
  units, 6.1, and the known state links no back to a counter seen hit, or to a public mine hit,
  13.34, before it was concealed); a MILDEC becomes a MILDEC.
  Without a scenario file (a built position) or when the order of battle cannot cover the backs,
  each is a ground unit type of the enemy's catalog, uniformly (sandbox);
* **the hand** (9.02): as many hidden pool cards as the enemy holds (the count is public, the
  names are not): first the scenario's prescribed pool cards not seen face up since (the
  scenario is public; App. B Planning [b]), then each other a card type of its deck it could
  have bought (3.12: cost 1-5; not
  Attached, not a network, not a submarine, not one seen removed from the game, 9.07, 9.08),
  uniformly and independently (sandbox: any number of copies; face-down deployed cards are not
  drawn); a submarine bought as a card that never showed is one of these (its card is counted
  in the pool like any other, 9.02; its SOT is secret, 14.03), drawn as an ordinary card
  (sandbox: nothing public tells that one exists);
* **submarines** (14.02, 14.03): each of the scenario's enemy submarines the team sees nothing
  of, in a hex drawn uniformly among the open-water, non-coastal hexes (14.02 NOTE) -- within 5
  hexes (5 MP, 14.02) of the last hex the SOT published for it, if any (sandbox) -- at full
  supply, not yet acted this turn;
* **submarines bought as cards** (14.0, 14.01): each the team knows exists
  (:func:`world_facts.bought_boats`: seen face up, or named by a published SOT entry, 14.06)
  gets the card it is (a Kilo, a Virginia: among the deck's boats its designator fits), in the
  pool with the boat as its host -- one of the public pool count, so the hand is one card fewer;
  one not seen is at sea within 5 hexes of the last hex published, full supply;
* **secret mines** (13.37): the enemy's mines the team does not know are not in its knowledge
  (:func:`observer.known_state` leaves them out); each secret minefield of the scenario (its cubes are public, its
  hex is not; less the cubes the team sees) is laid whole in one hex drawn uniformly among those
  of its terrain that hold no unit of the team and no mine it sees (sandbox);
* **the enemy's unspent CP** (3.12, 3.13): 0 outside a Planning Stage (lost when it ends,
  3.13); in one, uniformly from 0 to its public allocation less its purchases at 1 CP each;
* **the dice**: fresh, seeded from ``rng`` (the real game's rolls to come are never read);
* **the Attached and Embarked cards** (3.14, 9.02, 9.3, 10.0): as many as the public counts,
  each a card type the host may carry, the scenario's prescribed card for it first
  (:mod:`lcb_lab.games.lcb.whatif.world_cards`), its own supply full (sandbox);
* **the log**: empty (a rollout is judged by the state, not by what was written).

Not drawn (absent): the event pile (16.0); an Attached or Embarked card whose host the team
cannot place (embarked on a ship seen only as a back, off the map: it stays a
:data:`observer.HIDDEN_ATTACHMENT` on a seen host, else absent).

Nothing here reads the real state but through ``known_state`` and the observer's public card
counts; two worlds the team cannot tell apart give the same sampled world for the same ``rng``
(``tests/engine/test_opponent_worlds.py``, ``tests/engine/test_study_worlds.py``,
``tests/engine/test_sampled_worlds.py``).
"""
from __future__ import annotations

import itertools
from typing import Any

import numpy as np

from lcb_lab.games.lcb import observer
from lcb_lab.games.lcb.die import new_dice
from lcb_lab.games.lcb.model.state import Card, GameState, Marker, Unit, other
from lcb_lab.games.lcb.whatif import world_cards
from lcb_lab.games.lcb.whatif import world_facts as F

ENEMY_CP = 0
"""The enemy's unspent CP outside a Planning Stage (3.13: unspent CP are lost when it ends)."""
SAMPLED_CARD = "{team}-sampled-{n}"
"""The id of a card a sampled world invents for the enemy's hand (never a real card's id)."""
SAMPLED_BOAT = "{team}-boat-sampled-{n}"
"""The id of the card a submarine bought as a card is, in a sampled world."""


def known(game: Any, team: str) -> GameState:
    """``team``'s knowledge of ``game``'s state (:func:`observer.known_state`: without the enemy's
    mines ``team`` does not know, 13.37), a copy with the enemy's CP at :data:`ENEMY_CP` and an
    empty log."""
    s = observer.known_state(game.state, game.catalog, team).clone(share_log=True)
    s.log = []
    s.cp[other(team)] = ENEMY_CP
    return s


def ground_types(game: Any, team: str) -> list:
    """The catalog's ground unit types of ``team``, by type id (what a back may be drawn as
    when the game has no order of battle)."""
    return sorted((t for t in game.catalog.units.values() if t.team == team and t.domain == "ground"),
                  key=lambda t: t.type_id)


def backs(game: Any, team: str) -> list[str]:
    """The ids of the enemy counters ``team`` sees only as backs (6.11; the observer's stand-ins),
    sorted: what a sampled world draws."""
    return sorted(uid for uid, u in known(game, team).units.items() if observer.is_stand_in(u))


def has_backs(game: Any, team: str) -> bool:
    """Does ``team`` see some enemy counter only as a back (6.11)?  Then a sampled world draws
    what it is, and odds that depend on it differ from world to world."""
    return bool(backs(game, team))


# ---------------------------------------------------------------- backs
def _candidates(game: Any, s: GameState, team: str) -> tuple[list[str], list[list[Any]], bool]:
    """(back ids, for each the counters it may be, from the order of battle?): the order of
    battle's entries that fit the back's hex (:func:`world_facts.back_pool`), or the catalog's
    ground types when the game has none or it cannot cover every back."""
    ids = sorted(uid for uid, u in s.units.items() if observer.is_stand_in(u))
    pool = F.back_pool(game, s, other(team))
    if pool is not None:
        per = [[e for e in pool if F.fits(game, e, s.units[uid].hex)] for uid in ids]
        if all(per) and len(pool) >= len(ids):
            return ids, per, True
    types = ground_types(game, other(team))
    return (ids, [list(types) for _ in ids], False) if types else ([], [], False)


def _draw_backs(game: Any, s: GameState, team: str, rng: np.random.Generator) -> dict[str, str]:
    """Draw the backs; {back's id: the order-of-battle counter it became ("" a catalog type)}."""
    ids, per, oob = _candidates(game, s, team)
    out = {}
    for uid, e in zip(ids, _one_by_one(per, oob, rng) if ids else ()):
        _become(game, s, uid, e)
        out[uid] = e.uid if isinstance(e, F.Entry) else ""
    return out


def _one_by_one(per: list[list[Any]], oob: bool, rng: np.random.Generator, tries: int = 64) -> list[Any]:
    """Each back in turn (the fewest candidates first) drawn among the counters left; a draw that
    leaves a back without a counter is drawn again (up to ``tries`` times, then a counter may
    serve twice: sandbox)."""
    order = sorted(range(len(per)), key=lambda i: (len(per[i]), i))
    for attempt in range(tries):
        used, pick = set(), [None] * len(per)
        for i in order:
            left = [e for e in per[i] if not oob or e.uid not in used]
            if not left:
                if attempt < tries - 1:
                    break
                left = per[i]
            pick[i] = left[int(rng.integers(len(left)))]
            used.add(getattr(pick[i], "uid", None))
        else:
            return pick
    return pick


def _become(game: Any, s: GameState, uid: str, e: Any) -> None:
    """Stand-in ``uid`` becomes ``e``: an order-of-battle counter (a unit of its type and Task
    Force, or a MILDEC) or a catalog type, at full HP and supply (4.32)."""
    u = s.units[uid]
    if isinstance(e, F.Entry) and e.mildec:
        del s.units[uid]
        s.markers[uid] = Marker(uid, e.type_id, u.team, e.task_force, u.hex)
        return
    t = game.catalog.unit(e.type_id)
    u.type_id, u.hp = t.type_id, t.hp
    u.supply = {c.slot: c.supply for c in t.cvs if c.supply is not None}
    if isinstance(e, F.Entry) and e.task_force in s.task_forces:
        u.task_force = e.task_force


# ---------------------------------------------------------------- hand, subs, mines, CP
def _draw_hand(game: Any, s: GameState, team: str, rng: np.random.Generator) -> None:
    """The enemy's hidden pool cards: as many as it holds (9.02: the count is public, the names are
    not); first the scenario's prescribed cards not seen since (:func:`world_facts.prescribed_hand`;
    more than the count: that many of them, drawn without replacement), then each other a card
    type of its deck drawn uniformly and independently (:func:`world_facts.hand_names`)."""
    enemy = other(team)
    n = max(0, F.hidden_cards(game, team, enemy).get("pool", 0) - len(F.bought_boats(game, s, enemy)))
    given, names = F.prescribed_hand(game, s, enemy), F.hand_names(game, s, enemy)
    if len(given) > n:
        given = sorted(given[int(i)] for i in rng.permutation(len(given))[:n])
    hand = given + [names[int(rng.integers(len(names)))] for _ in range(n - len(given) if names else 0)]
    for i, name in enumerate(hand):
        cid = SAMPLED_CARD.format(team=enemy, n=i + 1)
        s.cards[cid] = Card(cid, name, enemy, "pool", bought=s.turn)


def _draw_subs(game: Any, s: GameState, team: str, rng: np.random.Generator) -> None:
    """Each unseen submarine of the enemy's order of battle, in a hex drawn uniformly among those
    it may be in (:func:`world_facts.unseen_subs`), full supply, not yet acted this turn."""
    for e, hexes in F.unseen_subs(game, s, other(team)):
        t = game.catalog.unit(e.type_id)
        full = {c.slot: c.supply for c in t.cvs if c.supply is not None}
        tf = e.task_force if e.task_force in s.task_forces else next(
            tf for tf, tm in s.task_forces.items() if tm == other(team))
        s.units[e.uid] = Unit(e.uid, t.type_id, other(team), tf, hexes[int(rng.integers(len(hexes)))], t.hp, full)


def _draw_boats(game: Any, s: GameState, team: str, rng: np.random.Generator) -> None:
    """Each submarine bought as a card the team knows exists (:func:`world_facts.bought_boats`):
    the card it is (a name drawn uniformly among those it may be), in the pool with the boat as
    host (14.0); one the team does not see in a hex drawn uniformly among those it may be in,
    full supply, not yet acted this turn."""
    enemy = other(team)
    for i, (uid, names, hexes) in enumerate(F.bought_boats(game, s, enemy)):
        name = names[int(rng.integers(len(names)))] if len(names) > 1 else names[0]
        cid = SAMPLED_BOAT.format(team=enemy, n=i + 1)
        s.cards[cid] = Card(cid, name, enemy, "pool", host=uid, bought=1)
        if hexes is None:
            s.units[uid].card = cid
            continue
        t = game.catalog.unit(F.boat_cards(game, enemy)[name])
        full = {c.slot: c.supply for c in t.cvs if c.supply is not None}
        tf = next(tf for tf, tm in s.task_forces.items() if tm == enemy)
        s.units[uid] = Unit(uid, t.type_id, enemy, tf, hexes[int(rng.integers(len(hexes)))], t.hp, full, card=cid)
    for u in sorted(s.units.values(), key=lambda u: u.uid):     # one seen sunk: its card discarded with it (14.0)
        if u.team == enemy and u.destroyed and u.card and u.card not in s.cards:
            names = sorted(n for n, tid in F.boat_cards(game, enemy).items() if tid == u.type_id)
            if names:
                cid = SAMPLED_BOAT.format(team=enemy, n=len([c for c in s.cards if "-boat-sampled-" in c]) + 1)
                s.cards[cid] = Card(cid, names[0], enemy, "discarded", bought=1)
                u.card = cid


def _draw_mines(game: Any, s: GameState, team: str, rng: np.random.Generator) -> None:
    """Each secret minefield the enemy may hold (:func:`world_facts.secret_mine_fields`), all its
    cubes in one hex drawn uniformly among those it may lie in, secret (13.37)."""
    from lcb_lab.games.lcb.rules.common import Ctx
    from lcb_lab.games.lcb.rules.markers.mines import lay
    for f in F.secret_mine_fields(game, s, team, other(team)):
        h = f.hexes[int(rng.integers(len(f.hexes)))]
        terrain = f.terrain or ("water" if game.board.hex(h).has_water and not game.board.hex(h).has_land else "land")
        lay(Ctx(s, game.board, game.catalog, game.dice, game.decks, quiet=True), other(team), "", h, f.cubes,
            f.succeeds_on, terrain)
    s.log = []


def _draw_cp(game: Any, s: GameState, team: str, rng: np.random.Generator) -> None:
    lo, hi = F.cp_range(game, s, other(team))
    s.cp[other(team)] = lo if hi <= lo else int(rng.integers(lo, hi + 1))


def sample_world(game: Any, team: str, rng: np.random.Generator) -> Any:
    """A game on a world sampled from ``team``'s knowledge of ``game`` (module doc), with fresh
    dice seeded from ``rng`` and the named default answers for every choice of the other team.
    The draws, in this order, each from ``rng``: the backs, the hand, the submarines, the mines,
    the CP, the dice's seed, the Attached and Embarked cards, the boats bought as cards."""
    s = known(game, team)
    backs = _draw_backs(game, s, team, rng)
    for draw in (_draw_hand, _draw_subs, _draw_mines, _draw_cp):
        draw(game, s, team, rng)
    seed = int(rng.integers(2**31))
    world_cards.draw(game, s, team, rng, backs)
    _draw_boats(game, s, team, rng)
    return _spawn(game, s, seed)


def each_world(game: Any, team: str, limit: int = 64) -> list[Any] | None:
    """Every world :func:`sample_world` may draw from ``team``'s knowledge of ``game``, each as
    likely, dice unseeded -- or None when there are more than ``limit``, when the backs are drawn
    from an order of battle (one after the other: the worlds are not equally likely), or when the
    enemy may hold something else unseen (a card, a submarine, a secret mine, CP:
    :func:`hidden_beyond_backs`).  So they are listed for a built position's backs only."""
    if hidden_beyond_backs(game, team):
        return None
    s0 = known(game, team)
    ids, per, oob = _candidates(game, s0, team)
    if ids and (oob or len(per[0]) ** len(ids) > limit):
        return None                 # the order of battle's draw is one back after the other: not listed
    out = []
    for pick in itertools.product(*per):
        s = known(game, team)
        for uid, e in zip(ids, pick):
            _become(game, s, uid, e)
        out.append(_spawn(game, s, None))
    return out


def hidden_beyond_backs(game: Any, team: str) -> bool:
    """Whether a sampled world draws more than the backs for ``team``: the enemy holds hidden pool
    cards, hidden Attached or Embarked cards, unseen submarines, secret minefields or CP it may
    not have spent."""
    s, enemy = known(game, team), other(team)
    return bool(world_cards.hidden_hosted(game, team) or (F.hidden_cards(game, team, enemy).get("pool", 0)
                 and (F.hand_names(game, s, enemy) or F.prescribed_hand(game, s, enemy)))
                or F.unseen_subs(game, s, enemy) or F.bought_boats(game, s, enemy) or F.secret_mine_fields(game, s, team, enemy)
                or F.cp_range(game, s, enemy)[1] > 0)


def _spawn(game: Any, s: GameState, seed: int | None) -> Any:
    """A game on state ``s`` with fresh dice seeded ``seed`` and no answer policies set."""
    g = game.spawn(s, new_dice(seed=seed))
    g.auto_policies = {}
    return g
