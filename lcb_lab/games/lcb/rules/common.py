"""Shared helpers for the rules modules: the context and small queries.

Rules functions take a :class:`Ctx` (state + board + catalog) and either
return facts or mutate ``ctx.state``.  The Game runs every mutation on a clone
and keeps it only when no rule refused it (design principle 6).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterable, Protocol

from lcb_lab.kernel import explain
from lcb_lab.games.lcb import hexes as lcb_hexes, observer
from lcb_lab.games.lcb.model.board import Board
from lcb_lab.games.lcb.model.cards import CardType, Decks, load_decks
from lcb_lab.games.lcb.model.catalog import Catalog, CombatValue, UnitType
from lcb_lab.kernel.dice import Dice
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.games.lcb.observer_table import enemy_counters_seen
from lcb_lab.games.lcb.observer import refs  # noqa: F401  (log facts: face up / down; rules import it from here)
from lcb_lab.games.lcb.model.state import Card, GameState, Unit, other

if TYPE_CHECKING:
    from lcb_lab.games.lcb.actions import Action
    from lcb_lab.games.lcb.choices import Choice


_NO_DECK: dict = {}


@dataclass(slots=True)
class Ctx:
    state: GameState
    board: Board
    catalog: Catalog
    dice: Dice | None = None
    decks: "Decks | None" = None
    """The card decks (:mod:`lcb_lab.games.lcb.model.cards`); None: the packaged sandbox decks."""
    quiet: bool = False
    """True while an act is only tried (:func:`lcb_lab.games.lcb.legal_trial.trial`): its log entries are
    dropped afterwards, so :meth:`log` appends them bare (no facts merged, no observer
    annotations, no turn stamps)."""
    intercept_judged: "tuple | None" = None
    """The INTERCEPT options a combat commitment judged and the interceptors each judged, kept on the
    commitment's own context for that choice's answer in the same act
    (:func:`lcb_lab.games.lcb.rules.combat.answers._answer_intercept`); None otherwise."""

    # ---- catalog shortcuts ------------------------------------------------
    def utype(self, u: Unit | str) -> UnitType:
        """The catalog type of unit ``u`` (a Unit or its uid).  ``KeyError`` for an unknown uid or type."""
        try:
            return self.catalog.units[u.type_id]         # the hot path: a Unit of a known type
        except AttributeError:                          # a uid (looked up below, out of this handler)
            if not isinstance(u, str):
                raise
        except KeyError:
            return self.catalog.unit(u.type_id)         # unknown: the catalog's KeyError naming the known ids
        return self.utype(self.state.unit(u))

    def is_naval(self, u: Unit | str) -> bool:
        """True when unit ``u`` (a Unit or its uid) is a naval unit."""
        try:
            return self.catalog.units[u.type_id].domain == "naval"     # utype's hot path (UnitType.is_naval)
        except (AttributeError, KeyError):
            return self.utype(u).is_naval

    def cv(self, u: Unit | str, slot: str) -> CombatValue | None:
        """The CV in ``slot``: the unit type's, or an Attached card's ``"<cid>:<slot>"`` (9.32)."""
        if ":" in slot:
            from lcb_lab.games.lcb.rules.cards.cvs import card_cv
            return card_cv(self, self.state.unit(u) if isinstance(u, str) else u, slot)
        return self.utype(u).cv(slot)

    def cvs_of(self, u: Unit | str, kind: str) -> list:
        """The unit type's CVs of ``kind`` ("LRS", "INT", "GA") and its Attached cards' (9.32)."""
        unit = self.state.unit(u) if isinstance(u, str) else u
        out = list(self.utype(unit).cvs_of(kind))
        if self.state.cards:
            from lcb_lab.games.lcb.rules.cards.cvs import card_cvs
            out += card_cvs(self, unit, kind)
        return out

    def mp(self, u: Unit | str) -> int:
        """Unit ``u``'s printed Movement Points (5.12; a hex costs its terrain's MP)."""
        return self.utype(u).mp

    # ---- cards ---------------------------------------------------------------
    def card(self, cid: str) -> Card:
        """The card ``cid`` of the game; IllegalAction (9.0) when there is none."""
        c = self.state.cards.get(cid)
        if c is None:
            raise IllegalAction("9.0", f"there is no card {cid!r} in the game")
        return c

    def ctype(self, card: Card | str, team: str | None = None) -> CardType:
        """The card type of a game card, or of a name in ``team``'s deck (9.0)."""
        decks = self.decks
        if decks is None:
            decks = self.decks = load_decks()
        try:
            return decks.cards[card.team][card.name]    # the hot path: a game card, two dict look-ups
        except AttributeError:                          # a name in ``team``'s deck (below, out of this handler)
            pass
        except KeyError:
            return decks.card(card.team, card.name)
        got = decks.cards.get(team, _NO_DECK).get(card)
        return got if got is not None else decks.card(team, card)   # an alias, or UnknownName

    # ---- log ---------------------------------------------------------------
    def log(self, entry: dict, **facts: Any) -> None:
        """Append an explained step, stamped with turn and impulse number.

        ``facts`` (e.g. ``team="US"``, ``units=observer.refs(units)``, ``about={"marker":
        mid}`` -- what the entry is about, see :data:`lcb_lab.games.lcb.observer.REF_KINDS`) join the
        entry's ``data``; :func:`lcb_lab.games.lcb.observer.annotate` derives from them, asking
        :func:`lcb_lab.games.lcb.observer.knows` on the state as it is now, who reads the entry in full
        and what the other team reads (the rules never decide visibility).
        """
        state = self.state
        if self.quiet:
            state.log.append(entry)
            return
        entry = dict(entry)
        if facts:
            entry["data"] = {**entry.get("data", {}), **explain.plain(facts)}
        entry["turn"] = state.turn
        entry["impulse"] = len(state.tf_order) + (0 if state.impulse is None else 1)
        state.log.append(observer.annotate(entry, state))


def living_unit(ctx: Ctx, uid: str, rule: str = "4.3") -> Unit:
    """The unit ``uid``; IllegalAction when unknown or destroyed."""
    u = ctx.state.units.get(uid)
    if u is None:
        raise IllegalAction(rule, f"there is no unit named {uid!r}")
    if u.destroyed:
        raise IllegalAction(rule, f"{uid} has been destroyed")
    return u


def supply_left(ctx: Ctx, u: Unit, slot: str) -> int | None:
    """Dice left in ``slot``; None for infinite supply (4.32). A card slot ``"<cid>:<slot>"``
    reads the Attached card's own supply (9.33)."""
    if ":" in slot:
        from lcb_lab.games.lcb.rules.cards.cvs import card_supply
        return card_supply(ctx, slot)
    cv = ctx.cv(u, slot)
    if cv is not None and cv.infinite_supply:
        return None
    return u.supply.get(slot, 0)


def check_supply(ctx: Ctx, used: dict[tuple[str, str], int], rule: str) -> None:
    """Refuse when the dice allocated per (unit, slot) exceed the supply left (7.04, 7.08)."""
    for (uid, slot), n in used.items():
        left = supply_left(ctx, ctx.state.units[uid], slot)
        if left is not None and n > left:
            raise IllegalAction(rule, f"{uid} allocates {n} {slot} dice but has {left} {slot} supply")


def max_supply(ctx: Ctx, u: Unit, slot: str) -> int | None:
    """Starting (= maximum) supply of a slot (8.02); None if infinite.  A ship's split set by the
    optional rule 17.91 (``GameState.naval_supply``, :mod:`lcb_lab.games.lcb.rules.optional.naval_supply`)
    counts: its shifted cubes are part of its starting supply."""
    if ":" in slot:                     # an Attached card's supply: never above its original (9.33)
        cv = ctx.cv(u, slot)
        return None if cv is None else cv.supply
    t = ctx.utype(u)
    if slot == "RP":
        return t.rp
    cv = t.cv(slot)
    if cv is None or cv.supply is None:
        return None if cv is None else cv.supply
    base = cv.supply + ctx.state.naval_supply.get(u.uid, {}).get(slot, 0)    # 17.91 (empty unless on)
    if ctx.state.cards:                 # an Attached card adding to the host's supply (App. B: Aegis)
        from lcb_lab.games.lcb.rules.cards.cvs import supply_bonus
        return base + supply_bonus(ctx, u, slot)
    return base


def contested(ctx: Ctx, hex_label: str) -> bool:
    """A hex holding ground units of both teams: the ground fight of Continuing Combat (7.21, 7.22,
    7.27) and of a contested landing (12.07); a SOF marker contests it like a unit (13.41, 13.45).

    Ships in a mixed hex do not count: no GROUND ASSAULT reaches them, and a face-down ship there
    cannot be told from a Naval MILDEC (4.22), so the public Continuing Combat marker must not
    stay or go by which it is.  A submarine is no ground unit (14.0)."""
    teams = {u.team for u in ctx.state.units_in(hex_label) if ctx.utype(u).domain == "ground"}
    teams |= {m.team for m in ctx.state.card_markers.values() if m.kind == "sof" and m.hex == hex_label}
    return len(teams) == 2


CONTINUING, RESOLVED = "continuing", "resolved"
"""The two sides of a Continuing Combat marker (7.21, 7.22): ``GameState.continuing[hex]``."""


def settle_continuing(ctx: Ctx, hex_label: str) -> None:
    """The Continuing Combat of ``hex_label`` was fought (7.22): its marker flips to Resolved
    for the turn while the hex is still :func:`contested`, else it is removed.  No marker: nothing."""
    s = ctx.state
    if hex_label not in s.continuing:
        return
    if contested(ctx, hex_label):
        s.continuing = {**s.continuing, hex_label: RESOLVED}
        text = "the hex is still contested: marker flipped to Resolved for this turn"
    else:
        s.continuing = {h: v for h, v in s.continuing.items() if h != hex_label}
        text = "the hex is no longer contested: marker removed"
    ctx.log(explain.step("continuing", f"Continuing Combat in {hex_label}", text, ["7.22"]))


def enemy_units_seen(ctx: Ctx, team: str, hex_label: str) -> list:
    """The enemy counters in ``hex_label`` that ``team`` must take for units (6.11): what a check
    of "an enemy unit there" / "opposing units remain" / "a contested hex" reads for the acting
    team, never the truth behind a back.  :func:`lcb_lab.games.lcb.observer_table.enemy_counters_seen`
    of the hex (face-up enemy units, every back but an unseen submarine, 14.03; a face-up MILDEC is
    a known decoy), less the backs that cannot be units: in a hex with no water where ``team`` has
    a ground unit, opposing ground units would have revealed each other (6.22) and no ship or
    submarine can be there (5.11, 14.02), so a back there is a MILDEC.  The same in two worlds
    that look the same to ``team``."""
    seen = enemy_counters_seen(ctx.state, ctx.catalog, team, hex_label)
    if not seen or ctx.board.hex(hex_label).has_water \
            or not any(ctx.utype(u).domain == "ground" for u in ctx.state.units_in(hex_label, team)):
        return seen
    return [c for c in seen if observer.knows(ctx.state, team, c)]


def enemy_ground_in(ctx: Ctx, hex_label: str, team: str) -> list[Unit]:
    """The ground units of ``team``'s enemy in hex ``hex_label`` that are not destroyed (6.22: whom a
    ground unit entering there meets)."""
    return [u for u in ctx.state.units_in(hex_label, other(team)) if ctx.utype(u).domain == "ground"]


def dist(a: str, b: str) -> int:
    """Hex distance, own hex not counted (7.31)."""
    return lcb_hexes.distance(a, b)


def names(units: Iterable[object]) -> str:
    """Units (or anything with a ``uid``; else its ``str``) as a comma-separated list of ids for the
    log: ``"1 Whiskey, DDG-51"``; ``""`` for none."""
    return ", ".join(u.uid if hasattr(u, "uid") else str(u) for u in units)



def slot_text(slot: str) -> str:
    """A CV slot as log text anyone may read: an Attached card's slot ``"RU-3:INT1"`` reads
    ``"Attached card INT1"`` (its card id and name stay hidden, 9.02, 9.31)."""
    return f"Attached card {slot.rsplit(':', 1)[-1]}" if ":" in slot else slot


class GameLike(Protocol):
    """What the engine modules and the rules that drive whole actions need of a game
    (:class:`lcb_lab.games.lcb.game.Game` is one): ``handlers``, ``legal``, ``legal_cards`` and the
    Deployment Stage's automatic placement annotate with it instead of importing ``Game``, so the
    import graph has no cycle through the game.  A protocol only: nothing checks
    it at run time.  Its state, board, catalog, dice, decks, auto-answer policies and pending
    decision, and the few methods they call back."""

    state: GameState
    board: Board
    catalog: Catalog
    dice: Dice
    decks: "Decks | None"
    auto_policies: dict[str, str] | None
    result: Any

    @property
    def pending(self) -> "Choice | None":
        """The decision waiting for an answer (top of the choice stack), or None."""

    def _ctx(self, state: GameState | None = None) -> Ctx: ...

    def _apply(self, action: "Action", record: bool = True, events: bool = True) -> list: ...

    def apply(self, action: "Action") -> list:
        """Apply one typed action and record it; returns its events in order.  Raises IllegalAction."""

    def is_legal(self, action: "Action") -> bool:
        """True when ``action`` would be accepted now (tried on a copy; nothing changes)."""

    def to_act(self) -> str | None:
        """Who the game waits for (``"US"`` / ``"RU"``, the chance player while combat waits for its roll), or
        None when the game is over."""

    def available_task_forces(self) -> list[str]:
        """The Task Forces (ids) of the team due that may take the next impulse (3.03, 3.39); ``[]`` during an
        impulse."""

    def unit(self, uid: str) -> Unit:
        """The unit ``uid``; UnknownName (an LabError and KeyError) when unknown."""

    def utype(self, uid: str) -> UnitType:
        """The catalog type of unit ``uid``; UnknownName when unknown."""

    def resupply_reach(self, uid: str, rv_slot: str = "RV1", viewer: str | None = None) -> dict[str, int]:
        """``{hex: path length in hexes}`` logistics unit ``uid``'s ``rv_slot`` reaches (8.03, 8.05), on what
        ``viewer`` may know."""
