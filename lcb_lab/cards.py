"""Joint Capability Card types: the sandbox decks as validated data with provenance (9.0, issue 7).

The decks live in ``lcb_lab/data/cards/us.toml`` and ``ru.toml``, one ``[[card]]`` table per
card type.  The rulebook prints no card texts: the decks are *sandbox decks*.  Every value
the text gives carries its rule in the card's ``rulebook`` table (``{cost = "9.24 diagram"}``);
every other value is a sandbox value (``CardType.sandbox_fields()``, marked in the UI).
Card texts are lcb_lab's own words.

A card's effects are data over the registry of effect functions
(``lcb_lab.rules.card_effects.EFFECTS``): an :class:`Effect` names its function ``fn`` and
gives that function's ``args``; a new card is a data entry, not code.

Terms: *Persistent* (9.2), *Attached* (9.3), *Embarked* (10.0, 11.1), NULLIFY / FTR NULLIFY
(9.4, 9.44), DETECT (9.06), hits to destroy (9.04), one-time vs removed from the game
(9.07, 9.08), Deployment-Stage-only (9.5), Space Values GPSV / ASV (10.1).

>>> deck = load_decks()
>>> c = deck.card("US", "Space Satellites")
>>> c.cost, c.hits, c.persistent, c.source("cost")
(5, 2, True, 'rulebook 9.24 diagram')
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any, Literal, Optional

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from .catalog import CombatValue
from .errors import ScenarioError, UnknownName
from .files import load_toml

DECK_DIR = Path(__file__).parent / "data" / "cards"
TEAMS = ("US", "RU")

Function = Literal["fires", "maneuver", "interception", "information_operations", "c5isr"]
"""The card's colour (9.0): red Fires, green Maneuver, purple Interception, blue Information
Operations, yellow C5ISR."""
FUNCTION_COLOURS = {"fires": "red", "maneuver": "green", "interception": "purple",
                    "information_operations": "blue", "c5isr": "yellow"}
Symbol = Literal["intercept", "persist", "attach", "nullify", "ftr"]
"""The five card symbols (9.0): INTERCEPT-eligible, PERSIST, ATTACH, NULLIFY, FTR NULLIFY-eligible."""
Category = Literal["tactical_cyber", "strategic_cyber", "ems", "ballistic", "rotary_wing",
                   "fixed_wing", "aviation", "space", "bomber", "unmanned", "amphibious",
                   "sof", "isr", "munition", "air_defence", "logistics", "naval", "network",
                   "deception", "engineer"]
"""Categories that rules and other cards refer to (9.09; aviation for FTR NULLIFY, 9.44)."""
When = Literal["play", "response", "deployment", "trigger", "passive"]
"""When an effect is used: ``play`` on the own impulse (1 AP, or free for a Persistent card
already deployed, 9.2); ``response`` a NULLIFY / FTR NULLIFY answer at 0 AP (9.41, 9.44);
``deployment`` in the Deployment Stage only (9.5); ``trigger`` on a condition while deployed
(9.24, e.g. F-22 Escorts option B); ``passive`` always on while attached (9.31: supply, HP)."""
Target = Literal["none", "stack", "unit", "units", "hex", "hexes", "enemy_card", "own_card",
                 "network"]
"""What the player names when using the effect."""


def _sourced(v: dict[str, str]) -> dict[str, str]:
    bad = {k: s for k, s in v.items() if not isinstance(s, str) or not s.strip()}
    if bad:
        raise ValueError(f"rulebook references must be non-empty text: {bad}")
    return v


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)


class Effect(_Model):
    """One option of a card (``label`` "A", "B"...; a card with one effect has one).

    ``fn``: the registry key; ``args``: that function's arguments (validated by the registry);
    ``succeeds_on``: the d20 roll needed, ``roll <= succeeds_on`` (None: no roll); ``dice``:
    d20 rolled; ``cv``: an LRS CV the card attacks with (7.3); ``range``: hexes from the host
    or ISR marker (None: anywhere / off-map); ``counters``: the categories a NULLIFY or FTR
    NULLIFY answers (``["tactical_cyber"]``, ``["aviation"]``; empty: any card);
    ``max_targets``: how many cards an FTR NULLIFY may target (9.44, 9.46);
    ``network_cube``: whether a success adds a cube to the enemy Tactical Network (None: the
    7.61 default, cyber and EMS cards).
    """

    label: str = "A"
    fn: str
    text: str
    when: When = "play"
    target: Target = "none"
    range: Optional[int] = Field(default=None, ge=0)
    succeeds_on: Optional[int] = Field(default=None, ge=1, le=20)
    dice: int = Field(default=1, ge=0, le=20)
    cv: Optional[int] = Field(default=None, ge=0, le=20)
    counters: tuple[Category, ...] = ()
    max_targets: int = Field(default=1, ge=1)
    network_cube: Optional[bool] = None
    args: dict[str, Any] = {}

    @property
    def is_nullify(self) -> bool:
        return self.fn in ("nullify", "ftr_nullify")


class CardType(_Model):
    """A card type of one team's deck (fields in the module doc; rules named per field).

    ``rulebook`` maps a field name to the rule or example that gives its value; every other
    field is a sandbox value (:meth:`sandbox_fields`).
    """

    name: str
    team: Literal["US", "RU"]
    aliases: tuple[str, ...] = ()
    cost: int = Field(ge=0, le=5)                    # 3.12: 1-5; 0 for prescribed organic systems (9.31)
    function: Function
    symbols: tuple[Symbol, ...] = ()
    detect: Optional[int] = Field(default=None, ge=1, le=20)    # 9.06
    hits: int = Field(default=1, ge=1)                # 9.04
    categories: tuple[Category, ...] = ()
    requires: tuple[str, ...] = ()                   # host unit type ids or tags ("naval", "embark", "lhd_lha"...)
    removed_after_use: bool = False                  # 9.08 (else discarded back to the deck, 9.07)
    deployment_only: bool = False                    # 9.5
    free_attachment: bool = False                    # 9.31 EXCEPTION: not counted against the allotment
    automatic_on: tuple[str, ...] = ()               # 9.31 EXCEPTION: given to every unit of these types
    intercept_min_cv: Optional[int] = Field(default=None, ge=1, le=20)   # 9.011 "IAMD (with 13+)"
    bmd_only: bool = False                           # 7.510: only BMD INTERCEPT answers it
    gpsv: Optional[int] = Field(default=None, ge=0)  # 10.1 Space Values (None: cannot be Embarked)
    asv: Optional[int] = Field(default=None, ge=0)
    mp: Optional[int] = Field(default=None, ge=0)    # ISR marker / transport MP (12.2, 13.2)
    capacity_gpsv: Optional[int] = Field(default=None, ge=0)   # transport capacity (12.x)
    discard_after: Optional[int] = Field(default=None, ge=1)   # uses/successes before discard (CAP: 2 successes, 9.04)
    cvs: tuple[CombatValue, ...] = ()                # Attached supply / CV substitution (9.32, 9.33)
    hp_bonus: int = 0                                # Attached HP change (9.31)
    effects: tuple[Effect, ...] = ()
    text: str
    flavour: str = ""
    rulebook: dict[str, str] = {}

    @model_validator(mode="after")
    def _check(self) -> "CardType":
        _sourced(self.rulebook)
        unknown = set(self.rulebook) - set(type(self).model_fields) - {f"effects.{e.label}" for e in self.effects}
        if unknown:
            raise ValueError(f"rulebook names unknown fields {sorted(unknown)}")
        labels = [e.label for e in self.effects]
        if len(set(labels)) != len(labels):
            raise ValueError(f"effect labels repeat: {labels}")
        if "attach" in self.symbols and not self.requires and not self.automatic_on:
            pass  # any unit may host it (9.31: only "select" cards require a host type)
        return self

    # ---- symbols and kinds -------------------------------------------------
    @property
    def persistent(self) -> bool:
        """Marked PERSIST (9.2)."""
        return "persist" in self.symbols

    @property
    def attached(self) -> bool:
        """Marked ATTACH (9.3)."""
        return "attach" in self.symbols

    @property
    def embarkable(self) -> bool:
        """Has a Space Value, so it can be Embarked (10.1)."""
        return self.gpsv is not None or self.asv is not None

    @property
    def colour(self) -> str:
        return FUNCTION_COLOURS[self.function]

    def effect(self, label: str | None = None) -> Effect:
        """The effect ``label`` (default: the first). Raises UnknownName."""
        for e in self.effects:
            if label is None or e.label == label:
                return e
        raise UnknownName(f"{self.name!r} has no effect {label!r}; it has "
                          f"{', '.join(e.label for e in self.effects) or 'none'}")

    def source(self, field: str) -> str:
        """``"rulebook <ref>"`` for a value the text gives, else ``"sandbox"``."""
        ref = self.rulebook.get(field)
        return f"rulebook {ref}" if ref else "sandbox"

    def sandbox_fields(self) -> list[str]:
        """The fields set in this card whose value is a sandbox choice (for the UI's marks)."""
        set_fields = [f for f in self.model_fields_set if f not in ("name", "team", "text", "flavour",
                                                                   "rulebook", "aliases", "effects")]
        out = [f for f in sorted(set_fields) if f not in self.rulebook]
        out += [f"effects.{e.label}" for e in self.effects if f"effects.{e.label}" not in self.rulebook]
        return out


class Decks(_Model):
    """Both teams' card types: ``cards[team][name]``."""

    cards: dict[str, dict[str, CardType]]

    def card(self, team: str, name: str) -> CardType:
        """The card type ``name`` (or one of its aliases) of ``team``'s deck. Raises UnknownName."""
        deck = self.cards.get(team, {})
        if name in deck:
            return deck[name]
        for c in deck.values():
            if name in c.aliases:
                return c
        raise UnknownName(f"no card {name!r} in the {team} deck")

    def names(self, team: str) -> list[str]:
        return sorted(self.cards.get(team, {}))


def parse_deck(data: Any, file: str, team: str) -> dict[str, CardType]:
    """Validate one deck file's data. Raises ScenarioError naming the file and the key."""
    if not isinstance(data, dict) or not isinstance(data.get("card", []), list):
        raise ScenarioError(file, "(top)", "a deck is a list of [[card]] tables")
    unknown = set(data) - {"card", "meta"}
    if unknown:
        raise ScenarioError(file, ", ".join(sorted(unknown)), "unknown top-level table (expected [[card]])")
    out: dict[str, CardType] = {}
    for i, raw in enumerate(data.get("card", [])):
        name = raw.get("name", f"#{i}") if isinstance(raw, dict) else f"#{i}"
        if not isinstance(raw, dict):
            raise ScenarioError(file, f"card[{i}]", "expected a [[card]] table")
        raw = dict(raw)
        raw.setdefault("team", team)
        raw["effects"] = raw.pop("effect", [])
        try:
            c = CardType.model_validate(raw)
        except ValidationError as e:
            err = e.errors()[0]
            loc = ".".join("effect" if p == "effects" else str(p) for p in err["loc"])
            raise ScenarioError(file, f"card[{name}]" + (f".{loc}" if loc else ""), err["msg"]) from None
        if c.team != team:
            raise ScenarioError(file, f"card[{name}].team", f"a card of the {team} deck, not {c.team}")
        for n in (c.name, *c.aliases):
            if n in out or any(n in o.aliases for o in out.values()):
                raise ScenarioError(file, f"card[{name}]", f"the name {n!r} is given twice")
        out[c.name] = c
    return out


@lru_cache(maxsize=4)
def load_decks(directory: str | None = None) -> Decks:
    """Both packaged decks (or those in ``directory``: ``us.toml``, ``ru.toml``).
    Raises ScenarioError naming the file and key when a deck is malformed."""
    d = Path(directory) if directory else DECK_DIR
    cards = {}
    for team in TEAMS:
        p = d / f"{team.lower()}.toml"
        cards[team] = parse_deck(load_toml(p, "deck"), str(p), team)
    return Decks(cards=cards)
