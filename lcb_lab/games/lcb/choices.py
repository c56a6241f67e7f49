"""Pending choices of the non-active team, and named default policies (design principle 5).

The engine never silently decides for the defender.  When it needs an
answer it pushes a :class:`Choice` on the ONE stack of pending choices,
``GameState.choices`` (INTERCEPT 7.54, GROUND ASSAULT defence 7.13, MILDEC
absorption 4.22; the card-response windows of NULLIFY / FTR NULLIFY / card INTERCEPT, 9.4x).  The **top of the stack
-- the last element, ``state.choices[-1]`` -- is the one to answer next**
(``Game.pending``): a response window opened while a choice is pending is
pushed above it and answered first (the chains of 7.513).  Choices that are
asked together in rulebook order (the pre-roll INTERCEPT, then the GA
defence of each hex) are pushed in reverse, so they are answered in that
order.  A person answers in the UI, a lesson script gives the answer, or a
*named* policy answers:

=================  ==========================================================
kind               policies
=================  ==========================================================
``intercept``      ``no_intercept``, ``match_incoming`` (7.54)
``ga_defence``     ``no_defence``, ``return_fire`` (7.13)
``mildec``         ``never_absorb``, ``absorb_all`` (4.22, 7.06)
``card_response``  ``pass``, ``respond_all``, ``respond_intercept_all`` (9.41-9.46, 9.011)
``embark_losses``  ``lose_units_first``, ``lose_cards_first``, ``spare`` (10.311;
                   :mod:`lcb_lab.games.lcb.rules.embarking.losses`)
``mine_attack``    ``detonate_all``, ``hold_mines`` (13.33; :mod:`lcb_lab.games.lcb.rules.markers.mines`)
=================  ==========================================================

Answer shapes:

* intercept: list of ``{"interceptor", "slot", "target", "dice"}`` plus an optional
  ``"shooter"``: the LRS attack (shooter uid) the dice answer (7.54); without it the
  dice answer every attack on the target and the unit must be in reach of all of them
  (see :mod:`lcb_lab.games.lcb.rules.combat.intercept`)
* ga_defence: list of ``{"defender", "target", "dice"}``
* mildec: ``{"absorb": n}``
* embark_losses: a list of picks -- unit uids (or ``"unit:<n>"``), card cids and
  ``"hidden:<n>"`` for concealed cards (:mod:`lcb_lab.games.lcb.rules.embarking.losses`)
* mine_attack: list of ``[target, cubes]`` (empty: hold the mines)
* card_response: ``{"responses": [{"card", "option", "to", "targets"}], "card_intercepts":
  [{"interceptor", "slot", "dice", "to"}]}`` (both empty: pass; see
  :mod:`lcb_lab.games.lcb.rules.cards.responses`)
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from lcb_lab.kernel.errors import LcbError


@dataclass
class Choice:
    """A question to one team, waiting on ``GameState.choices``.

    ``kind``: ``"intercept"`` | ``"ga_defence"`` | ``"mildec"`` | ``"card_response"``; ``team``: who answers;
    ``rule``: the rule number that asks; ``prompt``: one line for people; ``options``:
    JSON-plain data the UI and the policies need to ask it (shapes per kind below);
    ``id``: increasing over the game (0 until pushed with ``GameState.push_choice``).

    Options: intercept ``{"targets": [{"target", "hex", "incoming_dice", "interceptors":
    [option], "attacks": [{"shooter", "slot", "hex", "distance", "dice", "interceptors":
    [option]}]}], "card_names": {card id: name}}`` (an option as in ``rules.intercept.interceptor_options``;
    ``card_names``: the answering team's Attached cards its options name by slot, 9.31; a target's
    ``interceptors`` are judged for dice that answer every attack on it, an attack's for
    dice that name that shooter); ga_defence ``{"hex", "defenders", "attackers"}``;
    mildec ``{"key", "target", "damage", "mildecs"}``; card_response ``{"link", "window", "cards",
    "interceptors"}`` (:mod:`lcb_lab.games.lcb.rules.cards.responses`).
    """

    kind: str
    team: str
    rule: str
    prompt: str
    options: dict[str, Any] = field(default_factory=dict)
    id: int = 0

    def to_dict(self) -> dict:
        """Plain data (shares ``options``: callers must not change it)."""
        return {"id": self.id, "kind": self.kind, "team": self.team, "rule": self.rule,
                "prompt": self.prompt, "options": self.options}

    def __repr__(self) -> str:
        from lcb_lab.ui.display import choice_repr
        return choice_repr(self)

    def _repr_html_(self) -> str:
        """A small table for notebooks (:mod:`lcb_lab.ui.display`)."""
        from lcb_lab.ui.display import choice_rows, table
        return table(f"Waiting for {self.team}: {self.kind.replace('_', ' ')}", choice_rows(self))

    def clone(self) -> "Choice":
        """An independent copy (options deep-copied)."""
        return Choice(self.kind, self.team, self.rule, self.prompt, _deep(self.options), self.id)

    @classmethod
    def from_dict(cls, d: dict) -> "Choice":
        """Inverse of :meth:`to_dict`.  Raises ValueError on a malformed entry (a save
        loader turns it into ScenarioError)."""
        if not isinstance(d, dict) or not {"kind", "team", "rule", "prompt"} <= set(d):
            raise ValueError(f"malformed pending choice {d!r}: needs kind, team, rule, prompt")
        return cls(d["kind"], d["team"], d["rule"], d["prompt"], _deep(d.get("options") or {}),
                   int(d.get("id", 0)))


Decision = Choice
"""The former name of :class:`Choice` (kept for callers and saved scripts)."""


def _deep(x: Any) -> Any:
    if isinstance(x, dict):
        return {k: _deep(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_deep(v) for v in x]
    return x


def _no(decision: Decision) -> Any:
    if decision.kind == "card_response":
        return {"responses": [], "card_intercepts": []}
    return {"absorb": 0} if decision.kind == "mildec" else []


def _respond_all(decision: Decision, intercept: bool = False) -> dict:
    """Every card that may answer for no AP answers (one option per card), at as many of its
    targets as it may take, the last links first (9.41, 9.44); with ``intercept`` every
    eligible IAMD value also INTERCEPTs each card it may, with all its dice (9.011).  Cards that
    would cost an AP on the own impulse (9.41) are left to the player."""
    out, seen = [], set()
    for c in decision.options.get("cards", []):
        if c["cid"] in seen or not c.get("free", True):
            continue
        seen.add(c["cid"])
        picks = list(reversed(c["targets"]))[: c["max_targets"]]
        out.append({"card": c["cid"], "option": c["option"], "to": None,
                    "targets": [str(p) for p in picks]})
    ints, used = [], set()
    for o in decision.options.get("interceptors", []) if intercept else []:
        key = o["uid"]                   # one attempt per unit: its supply is not split
        if key in used or o["max_dice"] <= 0:
            continue
        used.add(key)
        ints.append({"interceptor": o["uid"], "slot": o["slot"], "dice": o["max_dice"], "to": o["to"]})
    return {"responses": out, "card_intercepts": ints}


def _match_incoming(decision: Decision) -> list[dict]:
    """Each eligible interceptor puts as many dice on a target as the dice
    incoming (most threatened target first), within its supply; one INTERCEPT
    value per unit (7.56), at most 4 dice per target for infinite supply (7.55).

    Units in reach of every attack on the target answer them all (no ``shooter``);
    while dice remain unanswered, units in reach of only some attacks (7.53: no
    farther than that shooter) answer those attacks by name, nearest shooter first
    (the attack fewest units may answer).
    """
    left: dict[str, int] = {}
    slot_of: dict[str, str] = {}
    out: list[dict] = []
    targets = sorted(decision.options["targets"], key=lambda t: -t["incoming_dice"])
    for t in targets:
        used: dict[str, int] = {}            # dice per unit on this target (infinite cap)
        need = t["incoming_dice"]
        need = _cover(t["target"], None, t["interceptors"], need, left, slot_of, used, out)
        pooled = {o["uid"] for o in t["interceptors"] if o["eligible"]}
        # an off-map attacker (a card's LRS, distance None) is the farthest (lcb_lab's reading of 7.53)
        for a in sorted(t.get("attacks", []), key=lambda a: (a["distance"] is None, a["distance"] or 0)):
            if need <= 0:
                break
            opts = [o for o in a["interceptors"] if o["uid"] not in pooled]
            ask = min(a["dice"], need)
            need -= ask - _cover(t["target"], a["shooter"], opts, ask, left, slot_of, used, out)
    return out


def _cover(target: str, shooter: str | None, opts: list[dict], need: int,
           left: dict[str, int], slot_of: dict[str, str], used: dict[str, int], out: list[dict]) -> int:
    """Allocate eligible ``opts`` against ``need`` dice; returns the dice still unanswered."""
    for o in opts:
        if not o["eligible"] or need <= 0:
            continue
        if slot_of.setdefault(o["uid"], o["slot"]) != o["slot"]:
            continue
        key = o["uid"]
        left.setdefault(key, o["max_dice"] if o["max_dice"] is not None else 4)
        cap = min(left[key], 4) - used.get(key, 0) if o.get("infinite") else left[key]
        n = min(need, cap)
        if n > 0:
            row = {"interceptor": o["uid"], "slot": o["slot"], "target": target, "dice": n}
            if shooter is not None:
                row["shooter"] = shooter
            out.append(row)
            used[key] = used.get(key, 0) + n
            if not o.get("infinite"):
                left[key] -= n
            need -= n
    return need


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


def _detonate_all(decision: Decision) -> list:
    """Every mine cube at once, spread evenly over the targets in order (13.33):
    ``[[target, cubes], ...]``."""
    t, n = decision.options["targets"], decision.options["cubes"]
    if not t or n <= 0:
        return []
    out = {x: 0 for x in t}
    for i in range(n):
        out[t[i % len(t)]] += 1
    return [(x, k) for x, k in out.items() if k]


def _absorb_all(decision: Decision) -> dict:
    return {"absorb": min(decision.options["damage"], decision.options["mildecs"])}


POLICIES: dict[str, dict[str, Callable[[Decision], Any]]] = {
    "intercept": {"no_intercept": _no, "match_incoming": _match_incoming},
    "ga_defence": {"no_defence": _no, "return_fire": _return_fire},
    "mildec": {"never_absorb": _no, "absorb_all": _absorb_all},
    "card_response": {"pass": _no, "respond_all": _respond_all,
                      "respond_intercept_all": lambda d: _respond_all(d, intercept=True)},
    "mine_attack": {"detonate_all": lambda d: _detonate_all(d), "hold_mines": lambda d: []},
}

UNIT_BUNDLE, MIXED_BUNDLE, CARD_BUNDLE = 4, 2, 2
"""10.311, per HP lost: GPSV of units alone / with one card, Embarked cards."""


def _embark_order(decision: Decision) -> tuple[list[dict], list[str]]:
    return sorted(decision.options["units"], key=lambda u: -u["gpsv"]), list(decision.options["cards"])


def _fill(units: list[dict], room: int) -> list[str]:
    """Take units (largest first) into ``room`` GPSV; returns their refs (removed from ``units``)."""
    took = []
    for u in list(units):
        if u["gpsv"] <= room:
            room -= u["gpsv"]
            took.append(u["uid"])
            units.remove(u)
    return took


def _lose_units_first(decision: Decision) -> list[str]:
    """Per HP: the most GPSV of units up to 4 (largest first); with no unit left, 2 cards; a
    bundle of units of 2 GPSV or less also takes 1 card (10.311)."""
    units, cards = _embark_order(decision)
    picks: list[str] = []
    for _ in range(decision.options["hp"]):
        took = _fill(units, UNIT_BUNDLE)
        used = sum(u["gpsv"] for u in decision.options["units"] if u["uid"] in took)
        n = CARD_BUNDLE if not took else (1 if used <= MIXED_BUNDLE else 0)
        picks += took + cards[:n]
        del cards[:n]
    return picks


def _lose_cards_first(decision: Decision) -> list[str]:
    """Per HP: 2 cards while any remain (the last one with up to 2 GPSV of units); then units."""
    units, cards = _embark_order(decision)
    picks: list[str] = []
    for _ in range(decision.options["hp"]):
        took, room = cards[:CARD_BUNDLE], UNIT_BUNDLE
        del cards[:CARD_BUNDLE]
        picks += took
        if len(took) == CARD_BUNDLE:
            continue
        picks += _fill(units, MIXED_BUNDLE if took else room)
    return picks


POLICIES["embark_losses"] = {"lose_units_first": _lose_units_first, "lose_cards_first": _lose_cards_first,
                             "spare": lambda d: []}

DEFAULT_POLICIES: dict[str, str] = {
    "intercept": "match_incoming", "ga_defence": "return_fire", "mildec": "absorb_all",
    "card_response": "pass", "embark_losses": "lose_units_first", "mine_attack": "detonate_all",
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
