"""Joint Capability Card types: the sandbox decks as validated data with provenance (9.0).

The decks live in ``lcb_lab/games/lcb/data/cards/us.toml`` and ``ru.toml``, one ``[[card]]`` table per
card type (``docs/cards.md`` lists them, written by ``tools/cards_doc.py``).  The rulebook
prints no card texts: the decks are *sandbox decks*.  Every value the text gives carries its
rule in the card's ``rulebook`` table (``{cost = "9.24 diagram"}``); a sandbox value that a
rule or example bounds carries that rule in ``bounds`` (``{detect = "App. B: a roll of 7
DETECTs it"}``); every other value is a plain sandbox value (``CardType.sandbox_fields()``,
marked in the UI).  Card texts are lcb_lab's own words.

Provenance keys: a card field (``cost``), an effect (``effects.A``: its function, timing and
target), one field of an effect (``effects.A.succeeds_on``), one argument of an effect
(``effects.A.args.count``) or one value of an Attached card's CV (``cvs.INT2.value``, from
the CV's own ``sources``).

A card's effects are data over the registry of effect functions
(``lcb_lab.games.lcb.rules.cards.registry.REGISTRY``): an :class:`Effect` names its function ``fn`` (one of
:data:`EFFECT_FUNCTIONS`, the contract's catalogue) and gives that function's ``args``
(:data:`EFFECT_ARGS`); a new card is a data entry, not code.

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

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator, model_validator

from lcb_lab.games.lcb.model.catalog import CombatValue, UnitType
from lcb_lab.kernel.errors import ScenarioError, UnknownName, pydantic_problem
from lcb_lab.games.lcb.io import ranges as R
from lcb_lab.kernel.files import load_toml

DECK_DIR = Path(__file__).resolve().parents[1] / "data" / "cards"
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
                   "deception", "engineer", "asw", "submarine", "reinforcement", "influence"]
"""Categories that rules and other cards refer to (9.09; aviation for FTR NULLIFY, 9.44;
``isr`` for a card that reveals units, the target of Signals Management's NULLIFY)."""
When = Literal["play", "response", "deployment", "trigger", "passive"]
"""When an effect is used: ``play`` on the own impulse (``ap`` AP, or free for a Persistent card
already deployed, 9.2); ``response`` a NULLIFY / FTR NULLIFY answer at 0 AP (9.41, 9.44);
``deployment`` in the Deployment Stage only (9.5); ``trigger`` on a condition while deployed
(9.24, e.g. F-22 Escorts option B; 9.47 EA-18G Growler); ``passive`` always on while attached
(9.31: supply, HP)."""
Target = Literal["none", "stack", "unit", "units", "hex", "hexes", "enemy_card", "own_card",
                 "network"]
"""What the player names when using the effect."""
CoreAction = Literal["combat", "resupply", "embarked"]
"""The Core Action an effect is used through instead of "Play a JCC": an Attached card that
substitutes a CV or RV (9.32: Move and/or Combat / Resupply), an Embarked card (11.1)."""

# the effect names ("reveal_paralyse", "paralyse") and the category "air_defence" are the card files' keys: kept as written
EFFECT_FUNCTIONS = ("reveal", "reveal_paralyse", "paralyse", "conceal", "lrs_attack", "network_cube",
                    "network_repair", "ap_loss", "place_marker", "transport", "attached_cv",
                    "add_supply", "nullify", "ftr_nullify", "influence", "resupply", "cp_gain",
                    "unsimulated",
                    # chapter 12 -- transport (12.x)
                    "rotary_lift", "reinforce", "sealift", "littoral_move",
                    # chapter 13 -- special markers (13.x)
                    "proxy_force", "isr_marker", "mines", "clear_mines", "fortify",
                    # chapter 14 -- submarines (14.x)
                    "submarine", "asw_search", "uuv",
                    # chapter 17 -- optional rules (17.x)
                    "interop_network")
"""The effect-function catalogue of the card engine (chapter 9): the names an ``Effect.fn`` may use
(implemented by ``lcb_lab.games.lcb.rules.cards.registry.REGISTRY``)."""
EFFECT_ARGS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "reveal": (frozenset(), frozenset({"domain"})),
    "reveal_paralyse": (frozenset(), frozenset()),
    "paralyse": (frozenset(), frozenset()),
    "conceal": (frozenset(), frozenset()),
    "lrs_attack": (frozenset(), frozenset({"bmd", "domain"})),
    "network_cube": (frozenset({"n"}), frozenset()),
    "network_repair": (frozenset({"n"}), frozenset()),
    "ap_loss": (frozenset({"n"}), frozenset()),
    "place_marker": (frozenset({"marker"}), frozenset({"count", "reveal", "enemy_occupied",
                                                       "contiguous", "mp", "zor", "hp", "ga_cv", "ga_dice"})),
    "transport": (frozenset({"capacity_gpsv"}), frozenset({"mp", "range", "rp"})),
    "attached_cv": (frozenset(), frozenset({"bmd"})),
    "add_supply": (frozenset({"slot", "n"}), frozenset()),
    "nullify": (frozenset(), frozenset({"preempt"})),
    "ftr_nullify": (frozenset(), frozenset()),
    "influence": (frozenset({"n"}), frozenset()),
    "resupply": (frozenset({"rp"}), frozenset({"slot", "domain"})),
    "cp_gain": (frozenset({"n"}), frozenset()),
    "unsimulated": (frozenset({"chapter"}), frozenset()),

    # chapter 12 -- transport (12.x): owned by the transport helper
    "rotary_lift": (frozenset({"capacity_gpsv"}), frozenset({"per_unit_gpsv", "loss_per_hit", "rp", "range"})),
    "reinforce": (frozenset({"capacity_gpsv"}), frozenset({"airport", "port", "loss_per_hit", "units"})),
    "sealift": (frozenset({"capacity_gpsv"}), frozenset({"port", "small_port", "range"})),
    "littoral_move": (frozenset({"capacity_gpsv"}), frozenset({"mp", "loss_per_hit"})),

    # chapter 13 -- special markers (13.x): owned by the markers helper
    "proxy_force": (frozenset(), frozenset({"count", "ga_cv", "ga_dice", "mp", "effect_on"})),
    "isr_marker": (frozenset(), frozenset({"mp", "zor", "reveal", "naval", "supply"})),
    "mines": (frozenset({"count"}), frozenset({"succeeds_on", "contiguous", "terrain", "per_hex"})),
    "clear_mines": (frozenset(), frozenset({"n"})),
    "fortify": (frozenset(), frozenset({"levels"})),

    # chapter 14 -- submarines (14.x): owned by the submarine helper
    "submarine": (frozenset(), frozenset({"unit_type"})),
    "asw_search": (frozenset(), frozenset({"search", "asw", "detect"})),
    "uuv": (frozenset(), frozenset({"detect", "torpedo_cv"})),
    "interop_network": (frozenset(), frozenset()),
}
"""``fn`` -> (required args, optional args).  Beyond the contract's table: ``place_marker``
``mp`` (the marker's MP, from the card's ``mp``) and ``zor`` (13.24: the marker has a ZOR);
``hp``, ``ga_cv``, ``ga_dice``: the marker's own values the card gives it (13.4: a SOF marker's);
``nullify`` ``preempt`` (9.47: rolls before the other answers); ``resupply`` ``domain``
(8.08: e.g. ground units only)."""
MARKERS = ("sof", "isr", "mine", "mildec", "naval_mildec", "uas", "fortification")
_FROM_CARD = {"transport": ("capacity_gpsv", "mp"), "place_marker": ("mp",),
              "rotary_lift": ("capacity_gpsv",), "reinforce": ("capacity_gpsv",), "sealift": ("capacity_gpsv",),
              "littoral_move": ("capacity_gpsv", "mp"), "isr_marker": ("mp",)}
"""Args an effect takes from its card's fields when the effect does not give them."""
_EFFECT_SOURCED = ("succeeds_on", "dice", "cv", "range", "counters", "max_targets", "network_cube", "ap")
HOST_TAGS = {
    "ground": "a ground unit",
    "naval": "a naval unit",
    "infantry": "an infantry or mechanized platoon",
    "rocket_artillery": "a rocket artillery unit",
    "iamd": "an IAMD unit",
    "asw": "an ASW-capable ship (14.11)",
    "submarine": "a submarine (14.01: its one Attached UUV card)",
    "embark": "an Embark-capable ship (10.31)",
    "lhd_lha": "an LHD or LHA (10.34 ex.): an Embark-capable ship with an aviation Space Value",
}
"""The tags ``CardType.requires`` may name besides unit type ids (:meth:`CardType.host_allowed`)."""


def _sourced(v: dict[str, str]) -> dict[str, str]:
    bad = {k: s for k, s in v.items() if not isinstance(s, str) or not s.strip()}
    if bad:
        raise ValueError(f"rule references must be non-empty text: {bad}")
    return v


def host_tags(ut: UnitType) -> set[str]:
    """The :data:`HOST_TAGS` a unit type has (read from its catalog fields)."""
    tags = {ut.domain}
    if ut.symbol in ("infantry", "mech_infantry"):
        tags.add("infantry")
    if ut.symbol == "artillery_rocket":
        tags.add("rocket_artillery")
    if ut.symbol == "air_defense":
        tags.add("iamd")
    if ut.asw:
        tags.add("asw")
    if ut.embark_gpsv or ut.embark_asv:
        tags.add("embark")
    if ut.embark_asv:
        tags.add("lhd_lha")
    return tags


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)


class Effect(_Model):
    """One option of a card (``label`` "A", "B"...; a card with one effect has one).

    ``fn``: the registry key (one of :data:`EFFECT_FUNCTIONS`); ``args``: that function's
    arguments (:data:`EFFECT_ARGS`); ``succeeds_on``: the d20 roll needed, ``roll <=
    succeeds_on`` (None: no roll); ``dice``: d20 rolled; ``cv``: an LRS CV the card attacks
    with (7.3); ``range``: hexes from the host or ISR marker (None: anywhere / off-map);
    ``counters``: the categories a NULLIFY or FTR NULLIFY answers (``["tactical_cyber"]``,
    ``["aviation"]``; empty: any card); ``max_targets``: how many cards an FTR NULLIFY may
    target (9.44, 9.46); ``network_cube``: whether a success adds a cube to the enemy Tactical
    Network (None: the 7.61 default, cyber and EMS cards); ``ap``: AP it costs on the own
    impulse (7.6: the Tactical Network's cube removal costs 2); ``core_action``: the Core
    Action it is used through instead of Play a JCC (9.32, 11.1).
    """

    label: str = "A"
    fn: str
    text: str
    when: When = "play"
    target: Target = "none"
    range: Optional[R.ranged(R.RANGE_HEXES)] = None
    succeeds_on: Optional[R.ranged(R.D20)] = None
    dice: R.ranged(R.DICE) = 1
    cv: Optional[R.ranged(R.D20_CV)] = None
    counters: tuple[Category, ...] = ()
    max_targets: R.ranged(R.TARGETS) = 1
    network_cube: Optional[bool] = None
    ap: R.ranged(R.CARD_AP) = 1
    core_action: Optional[CoreAction] = None
    args: dict[str, Any] = {}

    @field_validator("fn")
    @classmethod
    def _known_fn(cls, v: str) -> str:
        if v not in EFFECT_FUNCTIONS:
            raise ValueError(f"unknown effect function {v!r}; the catalogue has {', '.join(EFFECT_FUNCTIONS)}")
        return v

    @model_validator(mode="after")
    def _check_args(self) -> "Effect":
        need, may = EFFECT_ARGS[self.fn]
        missing, unknown = need - set(self.args), set(self.args) - need - may
        if missing or unknown:
            raise ValueError(f"{self.fn}: " + "; ".join(
                ([f"missing args {sorted(missing)}"] if missing else [])
                + ([f"unknown args {sorted(unknown)}"] if unknown else [])))
        if self.fn == "place_marker" and self.args["marker"] not in MARKERS:
            raise ValueError(f"place_marker: unknown marker {self.args['marker']!r} (one of {', '.join(MARKERS)})")
        if self.fn == "lrs_attack" and self.cv is None:
            raise ValueError("lrs_attack needs a cv")
        if self.is_nullify and self.target != "enemy_card":
            raise ValueError(f"{self.fn} targets an enemy_card")
        if self.when == "response" and not self.is_nullify:
            raise ValueError("only a NULLIFY or FTR NULLIFY answers at 0 AP (9.41)")
        if (self.fn in ("attached_cv", "add_supply")) != (self.when == "passive"):
            raise ValueError("attached_cv and add_supply are the passive effects (when = 'passive')")
        return self

    @property
    def is_nullify(self) -> bool:
        """True for a NULLIFY or FTR NULLIFY effect (9.4)."""
        return self.fn in ("nullify", "ftr_nullify")

    @property
    def simulated(self) -> bool:
        """False for an ``unsimulated`` effect (a later chapter's machinery)."""
        return self.fn != "unsimulated"


class CardType(_Model):
    """A card type of one team's deck (fields in the module doc; rules named per field).

    ``rulebook`` maps a provenance key (module doc) to the rule or example that gives its
    value; ``bounds`` maps a key to the rule that bounds its sandbox value; every other value
    is a sandbox value (:meth:`sandbox_fields`).  ``gpsv`` / ``asv`` None: no Space Value, so
    not Embarked on its own (10.1), but an Attached card travels with an Embarked host at no
    extra space (10.39) and an amphibious card that ``requires`` an Embark-capable ship is
    Embarked without one (10.22, 11.1).  ``notes``: the sandbox choices made (e.g. the team
    when the rulebook does not give it).
    """

    name: str
    team: Literal["US", "RU"]
    aliases: tuple[str, ...] = ()
    cost: R.ranged(R.CARD_COST)                      # 3.12: 1-5; 0 for organic systems (9.31) and the network (7.6)
    function: Function
    symbols: tuple[Symbol, ...] = ()
    detect: Optional[R.ranged(R.D20)] = None    # 9.06
    hits: R.ranged(R.CARD_HITS) = 1                  # 9.04
    categories: tuple[Category, ...] = ()
    requires: tuple[str, ...] = ()                   # host unit type ids or HOST_TAGS
    removed_after_use: bool = False                  # 9.08 (else discarded back to the deck, 9.07)
    permanent: bool = False                          # never leaves play by use: the Tactical Network (7.6)
    deployment_only: bool = False                    # 9.5
    free_attachment: bool = False                    # 9.31 EXCEPTION: not counted against the allotment
    automatic_on: tuple[str, ...] = ()               # 9.31 EXCEPTION: given to every unit of these types
    usable_embarked: bool = False                    # 10.310: an Attached card usable while its host is Embarked
    aviation: Optional[Literal["rotary", "fixed"]] = None   # 10.1: the black helicopter / fighter symbol of an ASV
    amphibious: bool = False                         # 10.22: an Amphibious card (one type per ship)
    unit_type: Optional[str] = None                  # 14.0 / 12.4: the catalog unit type the card puts in play (a JCC submarine)
    intercept_min_cv: Optional[R.ranged(R.D20)] = None   # 9.011 "IAMD (with 13+)"
    bmd_only: bool = False                           # 7.510: only BMD INTERCEPT answers it
    gpsv: Optional[R.ranged(R.SPACE)] = None         # 10.1 Space Values (None: see the class doc)
    asv: Optional[R.ranged(R.SPACE)] = None
    mp: Optional[R.ranged(R.MP)] = None              # ISR marker / transport MP (12.2, 13.2)
    capacity_gpsv: Optional[R.ranged(R.SPACE)] = None   # transport capacity (12.x)
    discard_after: Optional[R.ranged(R.CARD_HITS)] = None   # uses/successes before discard (CAP: 2 successes, 9.04)
    cvs: tuple[CombatValue, ...] = ()                # Attached supply / CV substitution (9.32, 9.33)
    hp_bonus: R.ranged(R.HP_BONUS) = 0               # Attached HP change (9.31)
    effects: tuple[Effect, ...] = ()
    text: str
    flavour: str = ""
    notes: str = ""
    rulebook: dict[str, str] = {}
    bounds: dict[str, str] = {}

    @model_validator(mode="before")
    @classmethod
    def _args_from_card(cls, data: Any) -> Any:
        """An effect's ``capacity_gpsv`` / ``mp`` args default to the card's fields (one source;
        their provenance follows)."""
        if not isinstance(data, dict) or not isinstance(data.get("effects"), (list, tuple)):
            return data
        data = dict(data)
        tables = {t: dict(data[t]) for t in ("rulebook", "bounds") if isinstance(data.get(t), dict)}
        effects = []
        for e in data["effects"]:
            if isinstance(e, dict) and e.get("fn") in _FROM_CARD and isinstance(e.get("args", {}), dict):
                e, args = dict(e), dict(e.get("args", {}))
                for k in _FROM_CARD[e["fn"]]:
                    if data.get(k) is not None and k not in args:
                        args[k] = data[k]
                        for t in tables.values():
                            if k in t:
                                t.setdefault(f"effects.{e.get('label', 'A')}.args.{k}", t[k])
                e["args"] = args
            effects.append(e)
        data["effects"] = effects
        data.update(tables)
        return data

    @model_validator(mode="after")
    def _check(self) -> "CardType":
        labels = [e.label for e in self.effects]
        if len(set(labels)) != len(labels):
            raise ValueError(f"effect labels repeat: {labels}")
        for table in ("rulebook", "bounds"):
            keys = getattr(self, table)
            _sourced(keys)
            unknown = sorted(k for k in keys if not self._is_key(k))
            if unknown:
                raise ValueError(f"{table} names unknown fields {unknown}")
        bad = [r for r in self.requires + self.automatic_on if r not in HOST_TAGS and not r.islower()]
        if bad:
            raise ValueError(f"requires / automatic_on name a unit type id or a host tag, not {bad}")
        deployment = [e.when == "deployment" for e in self.effects]
        if (self.deployment_only and not all(deployment)) or (any(deployment) and not self.deployment_only):
            raise ValueError("a deployment-only card (9.5) has only when = 'deployment' effects, "
                             "and only such a card has them")
        passive = [e.label for e in self.effects if e.when == "passive"]
        if passive and not self.attached:
            raise ValueError(f"passive effects {passive} need the ATTACH symbol (9.31)")
        if (self.free_attachment or self.automatic_on) and not self.attached:
            raise ValueError("free_attachment / automatic_on are for Attached cards (9.31)")
        return self

    def _is_key(self, key: str) -> bool:
        parts = key.split(".")
        if len(parts) == 1:
            return key in type(self).model_fields
        if parts[0] == "cvs":
            return len(parts) == 3 and any(c.slot == parts[1] for c in self.cvs) and parts[2] in CombatValue.model_fields
        if parts[0] != "effects":
            return False
        eff = next((e for e in self.effects if e.label == parts[1]), None)
        if eff is None:
            return False
        if len(parts) == 2:
            return True
        if len(parts) == 3:
            return parts[2] in Effect.model_fields
        return len(parts) == 4 and parts[2] == "args" and parts[3] in eff.args

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
        """May be Embarked on a ship: it has a Space Value (10.1), or it requires an
        Embark-capable host and has none (an amphibious card in the well deck, 10.22, 11.1)."""
        return self.gpsv is not None or self.asv is not None or bool({"embark", "lhd_lha"} & set(self.requires))

    @property
    def colour(self) -> str:
        """The colour of the card's function (fires red, maneuver green, interception purple, information
        operations blue, C5ISR yellow)."""
        return FUNCTION_COLOURS[self.function]

    @property
    def simulated(self) -> bool:
        """False when one of its effects is not simulated in this version (``unsimulated``)."""
        return all(e.simulated for e in self.effects)

    def host_allowed(self, ut: UnitType) -> bool:
        """Whether a unit of type ``ut`` may host this card (9.31 "Requires..."): any unit when
        ``requires`` is empty, else one that matches a type id or has one of the tags."""
        if not self.requires:
            return True
        tags = host_tags(ut)
        return any(r == ut.type_id or r in tags for r in self.requires)

    def effect(self, label: str | None = None) -> Effect:
        """The effect ``label`` (default: the first). Raises UnknownName."""
        for e in self.effects:
            if label is None or e.label == label:
                return e
        raise UnknownName(f"{self.name!r} has no effect {label!r}; it has "
                          f"{', '.join(e.label for e in self.effects) or 'none'}")

    # ---- provenance ----------------------------------------------------------
    def source(self, field: str) -> str:
        """``"rulebook <ref>"`` for a value the text gives, ``"sandbox (bounded by rulebook
        <ref>)"`` for a sandbox value a rule bounds, else ``"sandbox"`` (keys: module doc)."""
        ref = self.rulebook.get(field)
        if ref:
            return f"rulebook {ref}"
        if field in self.bounds:
            return f"sandbox (bounded by rulebook {self.bounds[field]})"
        parts = field.split(".")
        if parts[0] == "cvs" and len(parts) == 3:
            cv = next((c for c in self.cvs if c.slot == parts[1]), None)
            src = cv.sources.get(parts[2], "sandbox") if cv else "sandbox"
            return src if src.startswith("rulebook") else "sandbox"
        return "sandbox"

    def value_keys(self) -> list[str]:
        """Every provenance key of a value this card sets (module doc), in a stable order."""
        skip = ("name", "text", "flavour", "notes", "rulebook", "bounds", "aliases", "effects", "cvs")
        keys = [f for f in type(self).model_fields if (f in self.model_fields_set or f == "team") and f not in skip]
        keys += [f"cvs.{c.slot}.{k}" for c in self.cvs for k in ("value", "range", "supply")]
        for e in self.effects:
            keys.append(f"effects.{e.label}")
            keys += [f"effects.{e.label}.{f}" for f in _EFFECT_SOURCED if f in e.model_fields_set]
            keys += [f"effects.{e.label}.args.{k}" for k in e.args if not (e.fn == "unsimulated" and k == "chapter")]
        return keys

    def sandbox_fields(self) -> list[str]:
        """The keys of the values set in this card that are sandbox choices (for the UI's marks),
        bounded ones included."""
        return [k for k in self.value_keys() if not self.source(k).startswith("rulebook")]


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
        """The card names of ``team``'s deck, sorted (``[]`` for a team with no deck)."""
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
        if "effects" in raw:
            raise ScenarioError(file, f"card[{name}].effects", "write effects as [[card.effect]] tables")
        raw["effects"] = raw.pop("effect", [])
        try:
            c = CardType.model_validate(raw)
        except ValidationError as e:
            err = e.errors()[0]
            loc = ".".join("effect" if p == "effects" else str(p) for p in err["loc"])
            raise ScenarioError(file, f"card[{name}]" + (f".{loc}" if loc else ""), pydantic_problem(err)) from None
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
