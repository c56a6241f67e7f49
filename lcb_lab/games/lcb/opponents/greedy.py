"""The greedy policy: every legal act scored on exact odds from its own team's knowledge, the best taken.

What it scores (one number an act; the reason names it; ``docs/opponents.md``).  The weights below are
*sandbox* values of the project (the rulebook prints no policy); the odds they weigh are the rules':

* **combat** (:class:`~lcb_lab.games.lcb.actions.CommitCombat`, 7.0): for each target of the
  allocation, the kill chain as the team knows it (:func:`lcb_lab.games.lcb.analysis.kill_chain.kill_chain`
  with the allocation as plan: the exact chance of a hit, 7.02, less the defender's INTERCEPT by
  its default answer, 7.5, and MILDEC absorption, 4.22) gives ``p`` (destroyed) and the expected
  HP lost; the act scores ``sum(3 p + expected HP lost)`` (+0.5 a GROUND ASSAULT, 7.1);
* **declaration** (3.31): 2 a unit declared MOVE AND/OR COMBAT that has an LRS value, 1 another
  such unit, 0.5 a unit of any other Core Action; -0.5 a *Play a JCC* Core Action (its AP would be
  spent on a card the greedy policy never plays, 9.03);
* **move** (5.1): 0.2 a hex nearer the nearest enemy counter the team sees (its view);
* **ZOR** (6.2): 0.6 a back in the hex; **Conceal** (6.1): 0.4; **RESUPPLY** (8.0): 0.3;
* **start of impulse** (3.3): the number of the Task Force's units that have not acted;
* anything else (cards, ports, markers, Relinquish): 0.  The impulse ends (3.3) when no act
  scores above 0.  Pending choices of its team are answered by their default named policy.

Ties go to the first offered.  Every figure is read through ``game.view(team)`` and the kill
chain from ``team``'s knowledge (``observer.known_state``): a back is a stand-in, never its truth.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

import numpy as np

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb import hexes
from lcb_lab.games.lcb.opponents.policy import Decision, Policy, act_words, answer_decision, candidates, public_line
from lcb_lab.kernel.errors import LabError
from lcb_lab.kernel.legal import Template


class GreedyPolicy(Policy):
    """Greedy on exact odds (module doc).  ``samples``: random draws of each template a decision
    scores; ``singles``: the template's options scored each on its own (its first ``singles``)."""

    name = "greedy"

    def __init__(self, samples: int = 6, singles: int = 12):
        self.samples, self.singles = samples, singles

    def decide(self, game: Any, team: str, rng: np.random.Generator) -> Decision:
        """The best-scoring act of ``team`` (module doc) with its reason.  ValueError when ``team``
        may not act now."""
        if game.pending is not None and game.pending.team == team:
            return answer_decision(game, team, self.name)
        return self.ranked(game, team, rng)[0]

    def ranked(self, game: Any, team: str, rng: np.random.Generator) -> tuple[Decision, list[tuple[A.Action, float, str]]]:
        """``(decision, ranking)``: greedy's act for ``team`` now (no pending choice) and every
        candidate scored, best first (:func:`rank`), for a search that starts from greedy's choice.
        ValueError when ``team`` may not act now."""
        offered = game.legal_actions(team)             # read once a decision
        acts = candidates(game, team, rng, self.samples, self.singles, offered)
        acts += [a for a in full_shots(game, team, self.singles, offered) if a not in acts]
        if not acts:
            raise ValueError(f"{team} may not act now")
        scored = rank(game, team, acts)
        best, s, why = scored[0]
        if s <= 0 and any(isinstance(a, A.EndImpulse) for a in acts):
            return Decision(A.EndImpulse(), "End the impulse (3.3): no other act scores above 0",
                            public_line(team, self.name, A.EndImpulse())), scored
        return Decision(best, why, public_line(team, self.name, best)), scored


def full_shots(game: Any, team: str, limit: int = 12, offered: list | None = None) -> list[A.CommitCombat]:
    """For an offered combat allocation (7.3), each of its first ``limit`` LRS options alone with
    all the dice its supply allows (7.34), the compulsory attacks (7.22) with it; those the rules
    accept.  ``offered``: ``game.legal_actions(team)`` when the caller has it."""
    out = []
    for t in game.legal_actions(team) if offered is None else offered:
        if not isinstance(t, Template) or t.kind != "commit_combat":
            continue
        base, most = list(t.limits.get("base", [])), t.limits.get("max_dice", {})
        for o in t.options[:limit]:
            n = most.get(f"{o.shooter}/{o.slot}", 0) if isinstance(o, A.LrsAttack) else 0
            if n > 1:
                a = A.CommitCombat(tuple(x for x in base if isinstance(x, A.LrsAttack)) + (replace(o, dice=n),),
                                   tuple(x for x in base if isinstance(x, A.GroundAssault)))
                try:
                    legal = game.is_legal(a)
                except LabError:            # a sampled world's stand-in target (``hidden:``) is no designator
                    legal = False
                if legal:
                    out.append(a)
    return out


def rank(game: Any, team: str, acts: list[A.Action]) -> list[tuple[A.Action, float, str]]:
    """``[(act, score, reason)]`` best first (ties: offer order), each scored by :func:`score`."""
    seen = Seen(game, team)
    out = [(a, *score(game, team, a, seen)) for a in acts]
    return sorted(out, key=lambda x: -x[1])


class Seen:
    """What ``team`` sees, read once a decision: the enemy counters' hexes and the backs per hex."""

    def __init__(self, game: Any, team: str):
        counters = game.view(team)["counters"]
        self.enemy_hexes = sorted({c["hex"] for c in counters if c["team"] != team and c.get("hex")})
        self.backs: dict[str, int] = {}
        for c in counters:
            if c["team"] != team and c.get("back") and c.get("hex"):
                self.backs[c["hex"]] = self.backs.get(c["hex"], 0) + 1

    def nearest(self, h: str) -> tuple[int, str]:
        """(distance, hex) of the nearest enemy counter seen from ``h``; (0, "") when none."""
        return min(((hexes.distance(h, e), e) for e in self.enemy_hexes), default=(0, ""))


def score(game: Any, team: str, a: A.Action, seen: Seen) -> tuple[float, str]:
    """The score of act ``a`` for ``team`` and the reason (module doc)."""
    if isinstance(a, A.CommitCombat):
        return _combat(game, team, a)
    if isinstance(a, A.Declare):
        return _declare(game, a)
    if isinstance(a, A.Move):
        return _move(game, a, seen)
    w = act_words(a, game)
    if isinstance(a, A.ExerciseZor):
        n = seen.backs.get(a.hex, 0)
        return 0.6 * n, f"{w}: {n} back(s) there it may reveal (6.2)"
    if isinstance(a, A.Conceal):
        return 0.4, f"{w}: a face-down unit cannot be an LRS target until found (6.1)"
    if isinstance(a, A.Resupply):
        return 0.3, f"{w}: supply keeps its values firing (8.0)"
    if isinstance(a, A.BeginImpulse):
        n = sum(1 for u in game.state.units.values()
                if u.team == team and u.task_force == a.task_force and not u.destroyed and not u.acted)
        return float(n), f"{w}: {n} of its units " + ("has" if n == 1 else "have") + " not acted this turn (3.3)"
    return 0.0, f"{w}: not scored by the greedy policy"


def _combat(game: Any, team: str, a: A.CommitCombat) -> tuple[float, str]:
    from lcb_lab.games.lcb.analysis.kill_chain import kill_chain
    total, parts = 0.5 * len(a.ga), []
    for t in sorted({x.target for x in a.lrs}):
        try:
            kc = kill_chain(game, team, t, a)
        except (LabError, ValueError):
            continue
        total += 3 * kc.p + kc.expected_damage
        parts.append(f"LRS on {t}: {100 * kc.p:.0f} % to destroy, {kc.expected_damage:.1f} HP expected")
    why = "; ".join(parts) or "no LRS target"
    ga = f"; {len(a.ga)} GROUND ASSAULT(s) (7.1)" if a.ga else ""
    return total, f"{why} (7.02; 7.5 by the default INTERCEPT answer){ga}"


def _declare(game: Any, a: A.Declare) -> tuple[float, str]:
    s, firing, idle = 0.0, 0, 0
    for c in a.actions:
        if c.kind == "play_jcc":
            s, idle = s - 0.5, idle + 1
        for uid in c.units:
            if c.kind == "move_combat":
                lrs = bool(game.utype(uid).cvs_of("LRS")) if uid in game.state.units else False
                s += 2.0 if lrs else 1.0
                firing += lrs
            else:
                s += 0.5
    spare = f"; {idle} Play a JCC it would not use (9.03)" if idle else ""
    units = "1 unit" if firing == 1 else f"{firing} units"
    return s, f"{act_words(a, game)}: {units} with LRS may fire this impulse (3.31){spare}"


def _move(game: Any, a: A.Move, seen: Seen) -> tuple[float, str]:
    d = next((x for x in game.state.impulse.actions if x.aid == a.action), None) if game.state.impulse else None
    start = game.state.units[d.units[0]].hex if d and d.units and d.units[0] in game.state.units else None
    if not start or not a.path or not seen.enemy_hexes:
        return 0.0, f"{act_words(a, game)}: no enemy counter seen to close on"
    d0, _ = seen.nearest(start)
    d1, e = seen.nearest(a.path[-1])
    return 0.2 * (d0 - d1), f"{act_words(a, game)}: {d0 - d1} hex(es) nearer the enemy counter at {e} (5.1)"
