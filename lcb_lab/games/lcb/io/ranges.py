"""The allowed range of every number a scenario, lesson or situation file sets, with its provenance.

Each :class:`Range` says where its bounds come from: a rule (``"rule 15.0: ..."``) when the
rulebook bounds the value, else ``"sandbox: ..."`` -- a bound lcb_lab sets so that no file can
ask for an absurd game (a hundred-billion-turn scenario, a million network cubes) where the
rulebook is silent.  :func:`ranged` makes a strict pydantic ``int`` type of a Range (no ``true``,
``1.0`` or ``"1"``); a value outside is refused with :func:`out_of_range`'s one line, which the
readers put after the file and the key::

    my.toml: scenario.max_turns: 99999999999999999999 is out of range: allowed 1..20 (sandbox: ...)

Hex labels are checked against the map they name where they are read
(:func:`lcb_lab.games.lcb.io.scenario._hex`), not here.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import AfterValidator, Strict
from pydantic_core import PydanticCustomError

from lcb_lab.kernel.dice import SEED_MAX, SEED_SOURCE

INFLUENCE_LIMIT = 10
"""The Influence Meter's reach toward either team (15.0); equal to
:data:`lcb_lab.games.lcb.rules.stages.influence.LIMIT` (a test holds them equal: this module is
in the base layer, below the rules)."""


@dataclass(frozen=True)
class Range:
    """Integers ``lo..hi`` (both included); ``source`` starts with ``"rule N.NN"`` or ``"sandbox"``."""

    lo: int
    hi: int
    source: str

    @property
    def sandbox(self) -> bool:
        """Whether the bound is lcb_lab's own (the rulebook sets none)."""
        return self.source.startswith("sandbox")

    def problem(self, value: int) -> str | None:
        """Why ``value`` is outside (one line, :func:`out_of_range`), or None when inside."""
        return None if self.lo <= value <= self.hi else out_of_range(value, self)


def out_of_range(value: int, r: Range) -> str:
    """``"<value> is out of range: allowed <lo>..<hi> (<source>)"``; a number longer than 20
    digits is shown by its length."""
    text = str(value)
    shown = text if len(text.lstrip("-")) <= 20 else f"a {len(text.lstrip('-'))}-digit number"
    return f"{shown} is out of range: allowed {r.lo}..{r.hi} ({r.source})"


def ranged(r: Range) -> Any:
    """A strict pydantic int type that must lie in ``r`` (error type ``"out_of_range"``)."""
    def check(v: int) -> int:
        problem = r.problem(v)
        if problem:
            raise PydanticCustomError("out_of_range", problem)
        return v
    return Annotated[int, Strict(), AfterValidator(check), r]


def range_of(metadata: list) -> Range | None:
    """The Range in a field's metadata (a :func:`ranged` type), else None."""
    return next((m for m in metadata if isinstance(m, Range)), None)


# ---- the ranges (one per kind of value) ----------------------------------------------
TURNS = Range(1, 20, "sandbox: the rulebook sets no scenario length; Appendix B runs 3 turns")
LATER_TURN = Range(2, 20, "sandbox: a later Planning Stage (3.06) falls on turn 2 to the scenario's last")
INFLUENCE = Range(-INFLUENCE_LIMIT, INFLUENCE_LIMIT,
                  f"rule 15.0: the Influence Meter runs {INFLUENCE_LIMIT} toward either team")
CP = Range(0, 100, "sandbox: a card costs 1 to 5 CP (3.12); 100 CP buys more than a deck")
NETWORK_CUBES = Range(0, 10, "sandbox: 4 or more cubes already is the Major Effect (7.62)")
INTEROP_CUBES = Range(1, 5, "rule 17.1: its table runs from 1 to 5 cubes")
MINE_CUBES = Range(1, 20, "sandbox: the mine cubes of one hex (13.37)")
D20 = Range(1, 20, "rule 7.02: a d20 shows 1 to 20")
D20_CV = Range(0, 20, "rule 7.02: a CV is the highest d20 roll that succeeds (0: never)")
VICTORY_COUNT = Range(1, 100, "sandbox: units to destroy or hexes to hold")
SEED = Range(0, SEED_MAX, SEED_SOURCE)   # the kernel's one seed rule (lcb_lab.kernel.dice.seed_problem)
ACTION = Range(1, 10, "sandbox: 3 APs an impulse (3.32) and what cards or the Influence Meter add")
DICE = Range(0, 20, "sandbox: the dice of one attempt; the unit's supply bounds it in play (7.55)")
HP = Range(1, 20, "sandbox: the catalog's largest HP is 4 (App. A)")
SUPPLY = Range(0, 99, "sandbox: a Unit Tracker's supply track (4.32)")
CARD_CUBES = Range(0, 20, "sandbox: enemy successes counted on a card (9.04)")
MP = Range(0, 20, "sandbox: the catalog's fastest unit has 5 MP (App. A)")
SPACE = Range(0, 99, "sandbox: GPSV and ASV (10.2); the largest Embark Area holds 25 GPSV (App. A)")
RANGE_HEXES = Range(0, 60, "sandbox: a range in hexes (7.11); the Gotland map is 14 hexes wide")
CARD_COST = Range(0, 5, "rule 3.12: a card costs 1 to 5 CP (0: organic systems, 9.31, and the network, 7.6)")
CARD_AP = Range(0, 3, "rule 3.32: a player has 3 APs an impulse")
TARGETS = Range(1, 20, "sandbox: the targets one card effect may pick")
CARD_HITS = Range(1, 20, "sandbox: the successes a card takes before it is discarded (9.04)")
HP_BONUS = Range(-20, 20, "sandbox: an Attached card's HP change (9.31)")
PLANNING_STAGES = Range(1, 20, "sandbox: one Planning Stage a turn at most (3.06)")
CHAIN_LINK = Range(0, 10**6, "sandbox: a link of the open card chain, by its number")
BOARD_SIZE = Range(2, 60, "sandbox: a synthetic board's rows and columns")
EVENTS_RANDOM = Range(0, 3, "sandbox: Event Cards drawn at random each turn (16.0); the sandbox deck is small")
