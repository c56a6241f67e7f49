"""Decision points of the non-active team, and named default policies (design principle 5).

The engine never silently decides for the defender.  When it needs an
answer it sets ``Game.pending`` to a :class:`Decision`; a person answers in
the UI, a lesson script gives the answer, or a *named* policy answers:

==============  ==========================================================
kind            policies
==============  ==========================================================
``intercept``   ``no_intercept``, ``match_incoming`` (7.54)
``ga_defence``  ``no_defence``, ``return_fire`` (7.13)
``mildec``      ``never_absorb``, ``absorb_all`` (4.22, 7.06)
==============  ==========================================================

Answer shapes:

* intercept: list of ``{"interceptor", "slot", "target", "dice"}``
* ga_defence: list of ``{"defender", "target", "dice"}``
* mildec: ``{"absorb": n}``
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from .errors import LcbError


@dataclass
class Decision:
    """A question to one team. ``options`` holds what the UI needs to ask it."""

    kind: str
    team: str
    rule: str
    prompt: str
    options: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict:
        """Plain data (the options are built fresh for each decision, so no deep copy)."""
        return {"kind": self.kind, "team": self.team, "rule": self.rule, "prompt": self.prompt,
                "options": self.options}


def _no(decision: Decision) -> Any:
    return {"absorb": 0} if decision.kind == "mildec" else []


def _match_incoming(decision: Decision) -> list[dict]:
    """Each eligible interceptor puts as many dice on a target as the dice
    incoming (most threatened target first), within its supply; one INTERCEPT
    value per unit (7.56)."""
    left: dict[str, int] = {}
    slot_of: dict[str, str] = {}
    out = []
    targets = sorted(decision.options["targets"], key=lambda t: -t["incoming_dice"])
    for t in targets:
        need = t["incoming_dice"]
        for o in t["interceptors"]:
            if not o["eligible"] or need <= 0:
                continue
            if slot_of.setdefault(o["uid"], o["slot"]) != o["slot"]:
                continue
            key = o["uid"]
            left.setdefault(key, o["max_dice"] if o["max_dice"] is not None else 4)
            cap = min(left[key], 4) if o.get("infinite") else left[key]
            n = min(need, cap)
            if n > 0:
                out.append({"interceptor": o["uid"], "slot": o["slot"], "target": t["target"], "dice": n})
                if not o.get("infinite"):
                    left[key] -= n
                need -= n
    return out


def _return_fire(decision: Decision) -> list[dict]:
    """Each defender fires up to 4 dice back at the attacker with most dice on it."""
    attackers = decision.options["attackers"]
    if not attackers:
        return []
    out = []
    for d in decision.options["defenders"]:
        target = max(attackers, key=lambda a: a["dice"])["uid"]
        n = 4 if d["supply"] is None else min(4, d["supply"])
        if n:
            out.append({"defender": d["uid"], "target": target, "dice": n})
    return out


def _absorb_all(decision: Decision) -> dict:
    return {"absorb": min(decision.options["damage"], decision.options["mildecs"])}


POLICIES: dict[str, dict[str, Callable[[Decision], Any]]] = {
    "intercept": {"no_intercept": _no, "match_incoming": _match_incoming},
    "ga_defence": {"no_defence": _no, "return_fire": _return_fire},
    "mildec": {"never_absorb": _no, "absorb_all": _absorb_all},
}

DEFAULT_POLICIES: dict[str, str] = {
    "intercept": "match_incoming", "ga_defence": "return_fire", "mildec": "absorb_all",
}
"""What scripts use when they name no policy."""


def answer_with(decision: Decision, policy: str | None = None) -> Any:
    """The answer the named policy (or the kind's default) gives."""
    name = policy or DEFAULT_POLICIES[decision.kind]
    try:
        return POLICIES[decision.kind][name](decision)
    except KeyError:
        raise LcbError(f"no policy {name!r} for {decision.kind} decisions; "
                       f"known: {sorted(POLICIES[decision.kind])}") from None
