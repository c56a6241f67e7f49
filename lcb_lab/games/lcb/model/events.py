"""Event Card types (16.0): the sandbox event deck as validated data.

The deck lives in ``lcb_lab/games/lcb/data/events.toml``, one ``[[event]]`` table per card
(``docs/events.md`` lists them).  The rulebook prints no Event Card text; it names the
illustrated sample "Fleeing Masses" (16.0) and the "Action Pool" card (3.312).  Every card is
therefore a *sandbox* card (``source = "sandbox"``) and its texts are lcb_lab's own words.

An event's effects are data over the event effect functions
(:data:`lcb_lab.games.lcb.rules.events.effects.EVENT_EFFECTS`): an :class:`EventEffect` names
its function ``fn`` (one of :data:`EVENT_FUNCTIONS`), whose effect it is (``team``), an
optional condition on the Influence Meter (``when``, 15.0) and the function's ``args``.

>>> deck = load_events()
>>> deck.card("Fleeing Masses").source, [e.fn for e in deck.card("Action Pool").effects]
('sandbox', ['action_pool'])
>>> len(deck.names()) >= 6
True
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any, Literal, Optional

from pydantic import BaseModel, ConfigDict, ValidationError, model_validator

from lcb_lab.kernel.files import load_toml
from lcb_lab.kernel.errors import ScenarioError, UnknownName, pydantic_problem

EVENTS_FILE = Path(__file__).resolve().parents[1] / "data" / "events.toml"

EVENT_FUNCTIONS = ("place_gray_cubes", "action_pool", "influence", "cp_gain", "ap_loss", "cv_change",
                   "resupply_logistics", "network_cube")
"""The event effect functions (:mod:`lcb_lab.games.lcb.rules.events.effects`)."""

Whose = Literal["favoured", "other", "both"]
"""Whose effect: the team the Influence Meter favours (at 0: the team with the initiative),
the other team, or both teams (16.0: effects depend on the meter's position)."""
When = Literal["always", "favoured", "level_at_least", "level_below"]
"""A condition on the Influence Meter (15.0): always; the meter stands 1+ toward a team;
it stands ``args.level`` or more toward a team; it stands within ``args.level`` of 0."""
GRAY_CUBE_KINDS = ("civilians", "objective")
"""What a gray cube stands for on the map (3.26)."""


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


class EventEffect(_M):
    """One effect of an event: its function ``fn``, whose it is (``team``), the meter
    condition ``when`` and the function's ``args`` (see :data:`EVENT_FUNCTIONS`)."""

    fn: Literal[EVENT_FUNCTIONS]  # type: ignore[valid-type]
    team: Whose = "both"
    when: When = "always"
    args: dict[str, Any] = {}

    @model_validator(mode="after")
    def _args(self) -> "EventEffect":
        a = self.args
        if self.when in ("level_at_least", "level_below") and not isinstance(a.get("level"), int):
            raise ValueError(f"when = {self.when!r} needs an integer args.level")
        if self.fn == "place_gray_cubes":
            if a.get("kind") not in GRAY_CUBE_KINDS:
                raise ValueError(f"args.kind must be one of {', '.join(GRAY_CUBE_KINDS)}")
            if not isinstance(a.get("count"), int) or a["count"] < 1:
                raise ValueError("args.count must be a whole number of cubes, 1 or more")
        if self.fn == "cv_change" and (a.get("kind") != "LRS" or not isinstance(a.get("n"), int)):
            raise ValueError("cv_change takes args.kind = 'LRS' and an integer args.n")
        return self


class EventCard(_M):
    """One Event Card type (16.0): ``name``, ``text`` (lcb_lab's words), ``source``
    ("sandbox": the rulebook prints no event text) and its ``effects``, resolved in order."""

    name: str
    text: str
    source: Literal["sandbox"]
    effects: list[EventEffect]

    @property
    def needs_choice(self) -> bool:
        """Whether resolving it asks a team a question (where its gray cubes go)."""
        return any(e.fn == "place_gray_cubes" for e in self.effects)


class EventDeck(_M):
    """The event deck: its cards by name, in file order."""

    source: Literal["sandbox"]
    event: list[EventCard]

    @model_validator(mode="after")
    def _unique(self) -> "EventDeck":
        names = [c.name for c in self.event]
        dup = {n for n in names if names.count(n) > 1}
        if dup:
            raise ValueError(f"event names appear twice: {', '.join(sorted(dup))}")
        return self

    def names(self) -> list[str]:
        """The card names, in file order."""
        return [c.name for c in self.event]

    def card(self, name: str) -> EventCard:
        """The card named ``name``; UnknownName otherwise."""
        for c in self.event:
            if c.name == name:
                return c
        raise UnknownName(f"no Event Card named {name!r}; known: {', '.join(self.names())}")


def parse_events(data: dict, file: str = str(EVENTS_FILE)) -> EventDeck:
    """Validate event deck data; ScenarioError naming the file and key when it does not fit."""
    try:
        return EventDeck.model_validate(data)
    except ValidationError as e:
        err = e.errors()[0]
        raise ScenarioError(file, ".".join(str(p) for p in err["loc"]) or "(file)", pydantic_problem(err)) from None


@lru_cache(maxsize=1)
def load_events(path: Optional[str] = None) -> EventDeck:
    """The packaged event deck (or the one at ``path``), validated (ScenarioError otherwise)."""
    p = Path(path) if path else EVENTS_FILE
    return parse_events(load_toml(p, "event deck"), str(p))


def normalise_plan(value: Any, max_turns: int | None = None) -> dict[str, list[str]]:
    """A scenario's ``events`` as ``{turn as text: [event names]}`` (``GameState.events_plan``).

    Accepted forms: a table ``{"2" = ["Fleeing Masses"]}`` (turn -> a name or a list of names), or
    a list whose item *i* gives turn *i + 1*'s events (a name, or a list of names; ``[]``: none).
    Raises ValueError (the problem in words) for an unknown event, a turn not 1..``max_turns`` or
    another shape."""
    names = set(load_events().names())
    if isinstance(value, (list, tuple)):
        value = {str(i + 1): v for i, v in enumerate(value)}
    if not isinstance(value, dict):
        raise ValueError(f"events: a table of turn -> event names, or a list by turn, not {type(value).__name__}")
    out: dict[str, list[str]] = {}
    for turn, v in value.items():
        t = str(turn)
        if not t.isdigit() or int(t) < 1 or (max_turns is not None and int(t) > max_turns):
            raise ValueError(f"events: turn {turn!r} is not a turn 1..{max_turns or 'max_turns'}")
        evs = [v] if isinstance(v, str) else v
        if not isinstance(evs, (list, tuple)) or not all(isinstance(e, str) for e in evs):
            raise ValueError(f"events: turn {t} takes an event name or a list of names")
        bad = [e for e in evs if e not in names]
        if bad:
            raise ValueError(f"events: no Event Card named {bad[0]!r}; known: {', '.join(sorted(names))}")
        if evs:
            out[str(int(t))] = list(evs)
    return dict(sorted(out.items(), key=lambda kv: int(kv[0])))
