"""The Order of Battle game on the kernel's :class:`~lcb_lab.kernel.engine.Engine`.

:class:`OrderOfBattle` gives the engine its codec, handlers, players (2 to 6 Commanders, a sandbox
range, in clockwise seating order), who acts (:meth:`~OrderOfBattle.to_act`: the player a pending
question or face-down placement waits for, else the first Commander still to act in the phase,
None when the game is over) and :meth:`~OrderOfBattle.legal_actions` (every act that Commander may
take now, each one accepted).  The card set is a fixed part of the engine (``engine.cards``).
:func:`new_game` seats the Commanders and shuffles each one's decks through the game's Dice.
"""
from __future__ import annotations

from typing import ClassVar, Iterable

from lcb_lab.games.order_of_battle import actions as A
from lcb_lab.games.order_of_battle import economy, skirmish, squads
from lcb_lab.games.order_of_battle.cards import CardSet, load
from lcb_lab.games.order_of_battle.flow import start_phase
from lcb_lab.games.order_of_battle.legal import legal_for
from lcb_lab.games.order_of_battle.state import NAMES, Asset, Commander, OobState, Question, RoundCommit, phase_no
from lcb_lab.games.order_of_battle import state_check
from lcb_lab.kernel import choices as K
from lcb_lab.kernel import datacodec
from lcb_lab.kernel.actions import Action
from lcb_lab.kernel.dice import Dice, Piles
from lcb_lab.kernel.engine import Engine
from lcb_lab.kernel.odds import ChanceStep

SEATS = (2, 6)
"""How many Commanders may play: the text says clockwise but not how many (sandbox)."""

HANDLERS = {A.DrawFame: economy.draw_fame, A.CollectRevenue: economy.collect_revenue,
            A.DrawInitiative: economy.draw_initiative, A.Buy: economy.buy, A.ConvertFame: economy.convert_fame,
            A.EndPurchase: economy.end_purchase, A.FormSquad: squads.form_squad, A.Reassign: squads.reassign,
            A.Disband: squads.disband, A.DoneOrganizing: squads.done_organizing,
            A.AssignMission: squads.assign_mission, A.DoneAssigning: squads.done_assigning,
            A.Attack: skirmish.attack, A.OfferDefense: skirmish.offer_defense, A.DeclareForm: skirmish.declare_form,
            A.ChooseDefender: skirmish.choose_defender, A.PlaceFaceDown: skirmish.place_face_down,
            A.Retreat: skirmish.retreat, A.ActivateHotspot: economy.activate_hotspot,
            A.Reactivate: economy.reactivate, A.DoneHotspots: economy.done_hotspots}
"""Action class -> its handler."""


class OrderOfBattle(Engine):
    """The game (module doc)."""

    codec = A.CODEC
    handlers = HANDLERS
    place_keys: ClassVar[tuple[str, str, str]] = ("turn", "phase_no", "commander")
    openings: ClassVar[dict] = {"initiative": economy.open_initiative, "purchase": economy.open_purchase,
                                "assignment": squads.open_assignment, "mission": skirmish.open_attacker}
    """Phase -> its opening (:mod:`.flow`)."""
    turn_openings: ClassVar[dict] = {"purchase": economy.open_purchase, "mission": skirmish.open_attacker}
    """Phase -> what opens the next Commander's part of it."""
    cards: CardSet

    def __init__(self, state: OobState, dice: Dice, cards: CardSet):
        """``state`` with its Commanders seated; ``dice``; the ``cards``."""
        self.players = tuple(state.seats)
        self.cards = cards
        super().__init__(state, dice)

    def state_from_data(self, data: dict) -> OobState:
        """The state saved by :meth:`state_to_data`; a pending choice is read as the one class
        whose fields its data has (a question or a round's placements: extra fields refused).  Raises
        DataError for data of the wrong shape, or naming a card, Commander or phase the game has
        not (:func:`~lcb_lab.games.order_of_battle.state_check.state_problem`)."""
        return self.checked(datacodec.from_data(OobState, data, lambda cls: cls in (Question, RoundCommit)))

    def state_problem(self, state: OobState) -> tuple[tuple, str] | None:
        """Kernel hook: a card, Commander or phase the game has not (:func:`~.state_check.state_problem`)."""
        return state_check.state_problem(state, self.cards)

    def to_act(self) -> str | None:
        """Who the game waits for (module doc)."""
        s = self.state
        c = K.top(s.choices)
        if c is not None:
            return c.answerers()[0]
        return s.pending[0] if s.pending and s.phase != "over" else None

    def legal_actions(self, player: str | None = None) -> list:
        """Every act ``player`` (default: who acts) may take now; each one is accepted."""
        who = player or self.to_act()
        c = K.top(self.state.choices)
        if who is None or (who != self.to_act() and not (c is not None and who in c.answerers())):
            return []
        return legal_for(self, who)

    def chance_outcomes(self, action: Action | None = None) -> ChanceStep | None:
        """The Initiative draw's odds while the Initiative Phase waits (l.33), else None.  Given
        ``action``: the odds it would draw now (:class:`~.actions.DrawInitiative`; None for an act
        that draws by chance nothing to preview); raises IllegalAction (rule, reason) when the rules
        refuse it now -- a notebook cell asking for the draw's odds after the draw says why."""
        from lcb_lab.games.order_of_battle.chance import initiative_step
        if action is not None and not isinstance(self.check_legal(action), A.DrawInitiative):
            return None
        s = self.state
        if s.phase != "initiative" or not s.pending:
            return None
        return initiative_step([s.commanders[p] for p in s.pending], self.cards)

    def keeps_snapshot(self, action: Action | None) -> bool:
        """A turn's first act (the first Fame draw) keeps its snapshot."""
        return isinstance(action, A.DrawFame) and self.state.pending[:1] == self.state.seats[:1]

    def step_place(self, action: Action, before: OobState) -> tuple[int, int, str | None]:
        """(turn, phase number 1-9, acting Commander)."""
        c = K.top(before.choices)
        who = action.player if isinstance(action, A.PlaceFaceDown) else (
            c.answerers()[0] if c is not None else (before.pending[0] if before.pending else None))
        return before.turn, phase_no(before.phase), who


def _commander(name: str, cards: CardSet, g_dice: Dice, stacked: dict | None) -> Commander:
    c = Commander(name, cards.starting_fame)
    for deck in ("fame", "fortune"):
        given = (stacked or {}).get(deck)
        order = list(given) if given is not None else g_dice.shuffle(getattr(cards, deck),
                                                                      f"shuffle {name}'s {deck.title()} deck")
        setattr(c, f"{deck}_deck", Piles(order, []))
    c.display.append(Asset(f"{name}-0", cards.home, "hotspot"))
    return c


def new_game(players: int | Iterable[str] = 3, seed: int | None = None, forced: Iterable[int] = (),
             stacked: dict[str, dict[str, list[str]]] | None = None, cards: CardSet | None = None,
             max_turns: int | None = None, start: bool = True) -> OrderOfBattle:
    """A game of ``players`` Commanders (a count 2-6, or their names, clockwise).  Each one's Fame and
    Fortune decks are shuffled through the game's Dice (``seed``; ``forced`` values script the
    shuffles and draws, then the seed) unless ``stacked`` gives a Commander's decks in order (top
    first: ``{"Ash": {"fame": [...], "fortune": [...]}}``).  Every Commander starts with the sandbox
    Fame and an active home Hotspot.  ``start``: open the first Draw Phase.  Raises ValueError for a
    number of Commanders outside 2-6 or repeated names."""
    names = list(NAMES[:players]) if isinstance(players, int) else list(players)
    wrong = isinstance(players, int) and len(names) != players
    if wrong or not SEATS[0] <= len(names) <= SEATS[1] or len(set(names)) != len(names) or any("-" in n for n in names):
        raise ValueError(f"Order of Battle seats {SEATS[0]} to {SEATS[1]} Commanders with distinct names "
                         f"without '-' (sandbox), not {names}")
    cards = cards or load()
    dice = Dice(seed=seed, forced=list(forced)) if (seed is not None or forced) else Dice(seed=0)
    state = OobState({n: _commander(n, cards, dice, (stacked or {}).get(n)) for n in names}, names,
                     max_turns=max_turns or cards.max_turns)
    g = OrderOfBattle(state, dice, cards)
    if start:
        start_phase(g, "draw")
    return g
