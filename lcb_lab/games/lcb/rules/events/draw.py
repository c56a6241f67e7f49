"""When Event Cards are drawn and resolved (16.0).

16.0: some scenarios require specific Event Cards, others a random draw; all Event Card effects
are resolved before any action of the turn, and no JCC can negate them.  lcb_lab:

* a scenario names the events of each turn (``[scenario] events = {"2" = ["Fleeing Masses"]}``,
  kept as ``GameState.events_plan``) and / or draws ``events_random`` cards a turn at random;
* the random draw takes the top of the event deck -- less the cards the scenario prescribes --,
  shuffled once through the game's one Dice (and reshuffled whole when it runs out); the pile's order is secret
  (``GameState.event_deck``: no team's view holds it, :mod:`lcb_lab.games.lcb.observer`); a drawn
  card is public (``GameState.events_drawn``, the log);
* :func:`start_of_action_stage` runs as the turn's Action Stage begins (3.3), before the first
  impulse and the Influence Meter's free cards: the objectives held are counted
  (:func:`lcb_lab.games.lcb.rules.events.cubes.objectives_held`), then each event is announced and
  its effects resolved in order (:mod:`lcb_lab.games.lcb.rules.events.effects`); an effect that
  needs a decision pushes an ``event`` choice (:class:`lcb_lab.games.lcb.choices.EventChoice`),
  and no impulse begins, nor is the initiative relinquished, until it is answered
  (:func:`check_resolved`, 16.0);
* a card naming a drawn event as its target is refused
  (:func:`lcb_lab.games.lcb.rules.events.negation.refuse_negation`, 16.0).
"""
from __future__ import annotations

from lcb_lab.kernel import explain
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.games.lcb.choices import EventChoice
from lcb_lab.games.lcb.model.events import EventCard, EventEffect, load_events
from lcb_lab.games.lcb.model.state import GameState
from lcb_lab.games.lcb.rules.common import Ctx
from lcb_lab.games.lcb.rules.events import cubes

def active(state: GameState) -> bool:
    """Whether the game plays with Event Cards (16.0: they are optional; the scenario says)."""
    return bool(state.events_plan or state.events_random)


def start_of_action_stage(ctx: Ctx) -> None:
    """The turn's Action Stage begins: objectives held (3.26), then this turn's events drawn and
    resolved, before any action (16.0)."""
    s = ctx.state
    cubes.objectives_held(ctx)
    if not active(s):
        return
    names = list(s.events_plan.get(str(s.turn), []))
    names += draw_random(ctx, s.events_random)
    if not names:
        return
    s.events_drawn = [*s.events_drawn, *({"turn": s.turn, "name": name} for name in names)]
    deck = load_events()
    asks: list[EventChoice] = []
    for name in names:
        card = deck.card(name)
        ctx.log(explain.step("event", f"Turn {s.turn}: Event Card {card.name}",
                             f"{card.text} (sandbox card) -- resolved before any action this turn; no JCC can "
                             "negate it", ["16.0"]))
        asks += resolve(ctx, card)
    for c in reversed(asks):                       # the stack: the first event's question on top
        s.push_choice(c)


def begin_game(ctx: Ctx) -> None:
    """A game that begins in the Action Stage resolves turn 1's Event Cards (and counts objectives
    held) before its first action (16.0; with the game's own Dice, before its record starts). A
    game that begins in the Planning Stage does so when its Action Stage begins."""
    s = ctx.state
    if s.stage == "action" and (active(s) or s.gray_cubes) and not s.events_drawn and not s.tf_order \
            and s.impulse is None:
        start_of_action_stage(ctx)


def draw_random(ctx: Ctx, n: int) -> list[str]:
    """The top ``n`` cards of the secret event pile, shuffled through the one Dice when empty
    (the deck but the cards the scenario prescribes; every card equally likely). Logs the odds
    before each shuffle."""
    s = ctx.state
    out = []
    for _ in range(n):
        if not s.event_deck:
            planned = {n for names in s.events_plan.values() for n in names}
            names = [n for n in load_events().names() if n not in planned]    # a prescribed card is not in the pile
            if not names:
                return out
            ctx.log(explain.step("event", "The event deck is shuffled",
                                 f"{len(names)} cards, each equally likely to be on top: 1 in {len(names)} "
                                 f"({100 / len(names):.1f}%); the order stays secret", ["16.0"]))
            s.event_deck = ctx.dice.shuffle(names, "shuffle the event deck (16.0)")
        out.append(s.event_deck[0])
        s.event_deck = s.event_deck[1:]
    return out


def resolve(ctx: Ctx, card: EventCard) -> list[EventChoice]:
    """Resolve ``card``'s effects in order (16.0); returns the choices its effects ask (pushed by
    the caller, in order). An effect whose meter condition does not hold is logged as such."""
    from lcb_lab.games.lcb.rules.events.effects import EVENT_EFFECTS, applies, teams_of
    asks: list[EventChoice] = []
    for eff in card.effects:
        if not applies(ctx, eff):
            ctx.log(explain.step("event", f"{card.name}: no effect", f"the Influence Meter stands at "
                                 f"{ctx.state.influence:+d}; the effect needs {_condition(eff)}", ["16.0", "15.0"]))
            continue
        if eff.fn == "place_gray_cubes":
            asks += [cubes.placement(ctx, card.name, eff, t) for t in teams_of(ctx, eff)]
            continue
        EVENT_EFFECTS[eff.fn](ctx, card, eff, teams_of(ctx, eff))
    return [a for a in asks if a is not None]


def _condition(eff: EventEffect) -> str:
    level = int(eff.args.get("level") or 0)
    if eff.when == "level_at_least":
        return f"the meter {level} or more toward a team"
    if eff.when == "level_below":
        return f"the meter within {level - 1} of 0" if level > 1 else "the meter at 0"
    return "the meter to favour a team"


def answer_placement(ctx: Ctx, choice: EventChoice, hexes: list[str]) -> None:
    """Place the cubes of the pending ``choice`` in ``hexes`` and take the choice off the stack.
    IllegalAction (16.0) unless ``hexes`` are exactly ``choice.picks`` distinct hexes of its options."""
    o = choice.options
    want = choice.picks
    bad = [h for h in hexes if h not in o.hexes]
    if bad:
        raise IllegalAction("3.26", f"{bad[0]!r} may not take a gray cube of {o.kind}; choose from "
                            f"{', '.join(o.hexes)}")
    if len(set(hexes)) != len(hexes) or len(hexes) != want:
        raise IllegalAction("16.0", f"Event Card {o.event}: name {want} different hex{'es' if want > 1 else ''} for its "
                            f"gray cube{'s' if want > 1 else ''}, not {len(hexes)}")
    stack = ctx.state.choices
    del stack[next(i for i, c in enumerate(stack) if c.id == choice.id)]
    cubes.place(ctx, o.kind, list(hexes), f"Event Card {o.event}", ["16.0", "3.26"])


def check_resolved(ctx: Ctx, what: str) -> None:
    """Refuse ``what`` (an impulse, relinquishing) while an event's question is open (16.0)."""
    c = next((c for c in ctx.state.choices if isinstance(c, EventChoice)), None)
    if c is not None:
        raise IllegalAction("16.0", f"resolve all Event Card effects before any action this turn: {c.team} "
                            f"first places the gray cubes of {c.options.event} ({what} waits)")
