"""Optional rules as switches (17.0): which exist, which a game has on, and how a file names them.

A game's switches are ``GameState.optional_rules`` (a sorted list of rule numbers), set from a
scenario's ``[scenario] optional_rules = ["17.3", ...]`` or ``situation(optional_rules=...)``
and fixed for the game. With none on the engine plays the standard rules. Each rule's mechanics
ask :func:`is_on` at the one place the rule changes the standard play.

>>> sorted(OPTIONAL_RULES)[:3]
['17.1', '17.2', '17.3']
>>> normalise(["17.8", "17.3", "17.8"])
['17.3', '17.8']
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Protocol


@dataclass(frozen=True)
class OptionalRule:
    """One optional rule: its rule number, its name as printed, and what it changes (paraphrased)."""
    rule: str
    name: str
    summary: str


OPTIONAL_RULES: dict[str, OptionalRule] = {r.rule: r for r in (
    OptionalRule("7.514", "CIWS", "A ship with no INTERCEPT supply left may still roll 4 dice at CV 4 "
                 "against an incoming LRS."),
    OptionalRule("17.1", "Interoperability Network", "Teams of several nations play the Interoperability "
                 "Network JCC: its cubes lower LRS on targets another nation revealed and INTERCEPT in "
                 "defence of another nation."),
    OptionalRule("17.2", "Advanced submarine operations", "Quiet, Normal or Noisy submarine movement "
                 "changes the submarine's DETECT value; expending a Persistent ASW JCC raises it by 4."),
    OptionalRule("17.2-cumulative", "Cumulative submarine movement", "With 17.2, a submarine's DETECT "
                 "modifier is the sum over its last three turns (-2 for each turn without movement, down to -6)."),
    OptionalRule("17.3", "Naval gunfire", "Ships with organic LRS may fire their guns (CV 6, range 0, "
                 "4 dice, no supply) at enemy ships in their hex; both sides fire at once; no INTERCEPT."),
    OptionalRule("17.4", "Shore bombardment", "Naval gunfire against ground units in the ship's hex; only "
                 "cannon artillery may fire back; a Level 2 fortification gives -2."),
    OptionalRule("17.5", "Artillery direct fire", "Cannon artillery may fire LRS at range 0, offensively "
                 "or (CV -4) in answer to a GROUND ASSAULT; it cannot be INTERCEPTED."),
    OptionalRule("17.6", "Pre-loaded disembarkation", "At Deployment, units may be pre-loaded on an "
                 "Embarked LCU or LCAC card outside the ship's Embarkation Value; the load is then fixed."),
    OptionalRule("17.7", "ASW bonus", "Each extra friendly ASW unit or expended ASW card in the hex raises "
                 "an enemy submarine's DETECT value, and the ASW value by the same amount."),
    OptionalRule("17.8", "Dual Combat Values", "A unit or stack may use all its CVs in one combat Core "
                 "Action; a successful LRS before its GROUND ASSAULT gives the Combined Arms bonus."),
    OptionalRule("17.9", "Naval supply values", "Before Deployment ends, a ship may move supply between its "
                 "LRS and INTERCEPT, the total unchanged."),
)}


REQUIRES: dict[str, str] = {"17.2-cumulative": "17.2"}
"""A variant switch -> the optional rule it varies (on only with it)."""


class _HasOptions(Protocol):
    optional_rules: list[str]


def is_on(state: _HasOptions, rule: str) -> bool:
    """Whether optional rule ``rule`` (a key of :data:`OPTIONAL_RULES`, e.g. ``"17.3"``) is on.

    Raises KeyError for a rule number that is no optional rule (a typo in the engine).
    """
    if rule not in OPTIONAL_RULES:
        raise KeyError(f"{rule!r} is no optional rule (17.0)")
    return rule in state.optional_rules


def problem(rules: Iterable[object]) -> str | None:
    """Why ``rules`` is not a list of optional rule numbers (or holds a variant without its rule,
    :data:`REQUIRES`), or None when it is."""
    rules = list(rules)
    for r in rules:
        if not isinstance(r, str) or r not in OPTIONAL_RULES:
            return (f"{r!r} is no optional rule; choose from "
                    + ", ".join(sorted(OPTIONAL_RULES, key=_order)))
    for r, base in REQUIRES.items():
        if r in rules and base not in rules:
            return f"{r} is a variant of {base}: turn {base} on too"
    return None


def normalise(rules: Iterable[str]) -> list[str]:
    """The rule numbers sorted by number, each once (the form kept in ``GameState.optional_rules``)."""
    return sorted(set(rules), key=_order)


def validated(rules: list[str]) -> list[str]:
    """``rules`` :func:`normalise` d; ValueError with the :func:`problem` when there is one (the
    check a scenario file's or a situation's ``optional_rules`` key runs)."""
    why = problem(rules)
    if why:
        raise ValueError(why)
    return normalise(rules)


def describe(rules: Iterable[str]) -> list[str]:
    """One line per rule that is on, e.g. ``"17.3 Naval gunfire"`` (for the lab and the log)."""
    return [f"{r} {OPTIONAL_RULES[r].name}" for r in normalise(rules)]


def _order(rule: str) -> tuple[int, ...]:
    """Sort key: the rule's numbers, a variant (``"17.2-cumulative"``) right after its rule."""
    number, _, variant = rule.partition("-")
    return tuple(int(p) for p in number.split(".")) + ((1,) if variant else ())
