"""Indistinguishable worlds: a team's offers, refusals, pauses, undo and log depend only on
what that team knows (principle 8; 3.03, 6.11, 9.02, 13.37, 14.03).

A *twin* of a game is a fork (same record, same dice to come) whose state is changed in one
fact the *observer* team may not know -- a **perturbation** (:mod:`tests.worlds_perturb`):

* ``swap_backs``  -- two enemy counters the observer sees only as backs trade places (same
  Task Force and domain, neither having acted or moved: nothing the observer saw them do);
* ``drain_supply`` -- a concealed enemy unit's supply values set to 0 (6.11: the Unit Tracker
  of a face-down counter is secret);
* ``move_sub``    -- an unrevealed enemy submarine moves to a neighbouring water hex (14.03);
* ``mines``       -- a secret enemy mine marker is added next to an observer's unit, or one
  is removed (13.37), where the enemy may hold secret mines as both teams know (its scenario's
  minefield, a mine card played); a move the mines stop waits for their owner by the rules
  (13.34: ``Change.shown_by_rules``), so that pause ends the comparison (after the undo);
* ``rename_cards`` -- an enemy card the observer cannot see is renamed to another card of
  that team's deck (9.02);
* ``renumber_cards`` -- two enemy cards the observer cannot see trade ids (9.02);
* ``enemy_cp``    -- the enemy's unspent CP changes (3.12: a team's CP is its own);
* ``event_order`` -- the secret Event Card pile is put in another order (16.0: no team knows it;
  the next draw shows its top card to all).

The game-free parts -- the canonical view, the offers, the step labels, the two sides of a
difference -- are the kernel's (:mod:`lcb_lab.kernel.worlds`, which Archipelago's twins use too).
Each twin must keep the state sound (:func:`~lcb_lab.games.lcb.model.invariants.violations`)
and ``game.view(observer)`` identical -- if a perturbation changes the view, the perturbation
is wrong, not the product (:func:`make_twin` asserts both).  :func:`compare` then asks, of
both worlds, for the observer: its offered actions (templates by their options), the verdict
(accepted, or the one-line refusal) of a probe set, and, after the same action is applied to
both with the same dice, whether and for whom the game pauses, the dice drawn, its undo
permission (:func:`~lcb_lab.games.lcb.whatif.timeline.undo_allowed`) and the log lines it
reads, and the record's step labels as it reads them.  A step that shows the observer something new (its view after the step differs
between the worlds: a ZOR found a counter, a hit revealed one) legitimately differs in what
follows, so then only the undo permission is compared: the observer's undo must not tell it
whether its step found anything (a negative result is news too).  Before a step of the observer's,
its kill chains on one own and one enemy unit (:func:`kill_chains`) are compared too.  Before a step of the
observer's, the team previews (``chance_outcomes(action, viewer=team)``) of up to three offered
submarine / ASW acts (:data:`PREVIEWED`) are compared too, under the perturbations that move
hidden counters (:data:`PREVIEW_KINDS`).

:func:`walk` plays random legal games (the walk of ``tests/engine/test_no_dead_ends.py``),
forks a twin at sampled states by each perturbation in turn and follows it for a few steps;
:class:`Tally` counts pairs per perturbation, comparisons and steps, and collects
:class:`Finding` s.  :data:`KNOWN_LEAKS` names the leaks known on today's code (being fixed);
:func:`known_leak` tells which one a finding is, None for a new kind.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import asdict, dataclass, field
from typing import Callable

import numpy as np

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.actions import CHANCE
from lcb_lab.games.lcb.handlers import HANDLERS
from lcb_lab.games.lcb.io.loading import load_scenario
from lcb_lab.games.lcb.legal_templates import Template
from lcb_lab.games.lcb.model.invariants import violations
from lcb_lab.games.lcb.model.state import GameState, other
from lcb_lab.games.lcb.rules.common import Ctx
from lcb_lab.games.lcb.whatif.timeline import undo_allowed
from lcb_lab.kernel import worlds as kernel_worlds
from lcb_lab.kernel.errors import DiceExhausted, IllegalAction, LabError
from lcb_lab.kernel.worlds import canonical
from tests.worlds_perturb import PERTURBATIONS, Change, _names_any, _strings, translate  # noqa: F401 - Change: the tests' too

SCENARIOS = ("gotland_redux", "slite_landing", "gotland_events")
TEAMS = ("US", "RU")


# ====================================================================== findings
@dataclass(frozen=True)
class Finding:
    """One difference the observer could see between two worlds: ``what`` is ``offers``,
    ``probe``, ``preview``, ``pause``, ``dice``, ``undo``, ``log`` or ``accept``; ``where`` names the
    scenario, seed and step; ``detail`` the two sides, one line each."""

    what: str
    perturbation: str
    observer: str
    where: str
    detail: str

    def __str__(self) -> str:
        return f"{self.what} differs for {self.observer} ({self.perturbation}, {self.where}):\n{self.detail}"


@dataclass(frozen=True)
class KnownLeak:
    """A leak known on today's code: ``text`` its description, ``match`` which findings it is."""

    key: str
    text: str
    match: Callable[[Finding], bool]


KNOWN_LEAKS: tuple[KnownLeak, ...] = ()
"""Empty: every kind this test found is fixed (a new finding fails the run; while it is being
fixed, its entry here and a directed ``xfail(strict=True)`` pair name it)."""


def known_leak(f: Finding) -> str | None:
    """The key of the :data:`KNOWN_LEAKS` entry ``f`` is an instance of; None: a new leak."""
    return next((k.key for k in KNOWN_LEAKS if k.match(f)), None)


@dataclass
class Tally:
    """What a run did: pairs built per perturbation (and not buildable: no candidate),
    comparisons made per kind, steps played, findings (the first few of each kind kept)."""

    pairs: Counter = field(default_factory=Counter)
    no_candidate: Counter = field(default_factory=Counter)
    comparisons: Counter = field(default_factory=Counter)
    steps: int = 0
    findings: list[Finding] = field(default_factory=list)
    seen: Counter = field(default_factory=Counter)

    def add(self, f: Finding) -> None:
        key = (f.what, f.perturbation, known_leak(f) or "new")
        self.seen[key] += 1
        if self.seen[key] <= 3:
            self.findings.append(f)

    def new(self) -> list[Finding]:
        return [f for f in self.findings if known_leak(f) is None]

    def report(self) -> str:
        lines = [f"steps played: {self.steps}",
                 "pairs built: " + ", ".join(f"{k} {n}" for k, n in sorted(self.pairs.items())),
                 "no candidate: " + ", ".join(f"{k} {n}" for k, n in sorted(self.no_candidate.items())),
                 f"comparisons: {sum(self.comparisons.values())} (" +
                 ", ".join(f"{k} {n}" for k, n in sorted(self.comparisons.items())) + ")"]
        lines += [f"found {n}: {w} under {p} -> {k}" for (w, p, k), n in sorted(self.seen.items())]
        return "\n".join(lines)


def view_text(g, team: str) -> str:
    """``g.view(team)`` as canonical JSON (what the comparisons test for equality; the kernel's
    :func:`lcb_lab.kernel.worlds.canonical`)."""
    return canonical(g.view(team))


# ====================================================================== twins at random states
def sampled_states(seed: int, steps: int, every: int):
    """Random legal play of Gotland Redux from the Action Stage: the game every ``every`` steps
    at which a team (not chance) is to act."""
    g = load_scenario("gotland_redux", seed=seed, auto_policies={})
    rng = np.random.default_rng(seed)
    for n in range(steps):
        if g.to_act() is None:
            return
        if n % every == 0 and g.to_act() in TEAMS:
            yield g
        a = _pick(g, rng)
        if a is None:
            return
        g.apply(a)


def twins(team: str, seeds=(0, 1), steps=36, every=6):
    """(game, twin, kind) for each sampled state and each perturbation against ``team``'s
    knowledge that has a candidate there (``team``: "actor" = the team to act, "other" = the other)."""
    for seed in seeds:
        rng = np.random.default_rng(100 + seed)
        for g in sampled_states(seed, steps, every):
            observer = g.to_act() if team == "actor" else other(g.to_act())
            for kind in PERTURBATIONS:
                twin, _ = make_twin(g, observer, kind, rng)
                if twin is not None:
                    yield g, twin, kind


def make_twin(g, team: str, kind: str, rng):
    """A fork of ``g`` perturbed by ``kind`` against ``team`` (None: no candidate).  Asserts the
    twin is sound and ``team``'s view of it is ``g``'s: else the perturbation is wrong."""
    twin = g.fork()
    what = PERTURBATIONS[kind](g, twin.state, team, rng)
    if what is None:
        return None, None
    broken = violations(twin.state, twin.board, twin.catalog, twin.decks)
    assert not broken, f"{kind} ({what}) broke the state: " + "; ".join(v.text() for v in broken)
    assert view_text(twin, team) == view_text(g, team), f"{kind} ({what}) changed {team}'s view: fix the perturbation"
    return twin, what


# ====================================================================== the comparisons
def offers(g, team: str) -> list[str]:
    """What ``team`` is offered, one string per action or template (its kind and options): the
    kernel's :func:`lcb_lab.kernel.worlds.offers`."""
    return kernel_worlds.offers(g, team)


def verdict(g, action) -> str:
    """``"accepted"``, or the refusal as one line (rule and reason); the game untouched."""
    s, dice = g.state, g.dice
    n, dh, before = len(s.log), len(dice.history), dice.state()
    try:
        A.check(action)
        HANDLERS[type(action)](g, Ctx(s.clone(share_log=True), g.board, g.catalog, dice, g.decks, quiet=True),
                               action)
        out = "accepted"
    except IllegalAction as e:
        out = f"refused by {e.rule}: {e.reason}"
    except (LabError, DiceExhausted) as e:
        out = f"{type(e).__name__}: {e}"
    finally:
        del s.log[n:]
        dice.set_state(before)               # a refusal may come after a forced value was taken
        del dice.history[dh:]
    return out


def probes(g, team: str) -> list:
    """Plausible actions of ``team`` built only from what it sees (its view): every kind of
    act, aimed at its own counters and at the hexes of the backs it sees (the acts that name
    no team only while ``team`` is the one to act)."""
    v = g.view(team)
    own = sorted(c["id"] for c in v["counters"] if c["team"] == team and not c.get("back"))
    seen = sorted(c["id"] for c in v["counters"] if c["team"] != team)
    backs = sorted({c["hex"] for c in v["counters"] if c.get("back")})
    out: list = [A.EndPlanning(team), A.EndDeployment(team), A.DeploymentOrder(team), A.BuyCard(team, "V-BAT")]
    out += [A.BeginImpulse(tf) for tf in sorted(g.state.task_forces)]
    if g.to_act() != team:                   # the acts that name no team are the acting team's
        return out
    out += [A.Relinquish(), A.EndImpulse(), A.ResolveCombat(), A.Declare()]
    out += [A.Declare((A.CoreAction("move_combat", (u,)),)) for u in own[:3]]
    cards = [c["cid"] for c in v["cards"] if c["team"] == team]
    out += [A.PlayCard(cid, hex=h) for cid in cards[:3] for h in backs[:3]]
    out += [A.PlayCard(cid) for cid in cards[:3]]
    if own and seen:
        out += [A.CommitCombat(lrs=(A.LrsAttack(u, "LRS1", t, 1),)) for u in own[:2] for t in seen[:3]]
    near = sorted({n for h in backs[:4] for n in g.board.neighbours(h)} | set(backs[:4]))
    out += [A.ExerciseZor(1, h) for h in backs[:4]] + [A.Move(1, (h,)) for h in near[:8]]
    out += [A.TorpedoAttack(1, u, ("submarine",)) for u in own[:2]]
    marks = sorted(m["id"] for m in v["card_markers"] if m["team"] == team)
    out += [A.MarkerAction(mid, then=then) for mid in marks[:3] for then in ("conceal", "effect")]
    return out


PREVIEWED = (A.SubmarineZor, A.TorpedoAttack, A.OffensiveAsw)
"""The offered acts whose team preview (``chance_outcomes(action, viewer=team)``) a pair compares:
the ones whose instructor's odds count hidden boats and face-down ASW ships."""
PREVIEW_KINDS = ("move_sub", "swap_backs", "by hand")
"""The perturbations (and the directed pairs) under which the previews are compared: the ones
that move or swap hidden counters (the others cannot change a submarine / ASW preview)."""


def previews(g, team: str, acts: list) -> list[str]:
    """``team``'s preview of each of ``acts`` (label, counts, outcomes, dice), or its refusal, one line each."""
    out = []
    for a in acts:
        try:
            steps = g.chance_outcomes(a, viewer=team)
            out.append(f"{a!r}: " + " | ".join(repr((s.label, s.counts, s.outcomes, s.dice)) for s in steps))
        except (IllegalAction, LabError, DiceExhausted) as e:
            out.append(f"{a!r}: {type(e).__name__}: {e}")
    return out


def kill_chains(g, team: str) -> list[str]:
    """``team``'s kill chains (:func:`lcb_lab.games.lcb.analysis.kill_chain.kill_chain`) on the first
    own and the first face-up enemy unit on the map it sees, one canonical line each (or the refusal)."""
    from lcb_lab.games.lcb.analysis.kill_chain import kill_chain
    named = [c for c in g.view(team)["counters"] if not c.get("back") and c.get("uid") and c.get("hex")]
    picks = [next((c["uid"] for c in named if (c["team"] == team) == own), None) for own in (True, False)]
    out = []
    for uid in filter(None, picks):
        try:
            out.append(repr(kill_chain(g, team, uid)))
        except (IllegalAction, LabError) as e:
            out.append(f"{uid}: {type(e).__name__}: {e}")
    return out


def pause(g) -> str:
    """Who the game waits for, and the kind of the pending choice."""
    p = g.pending
    return f"{g.to_act()} / {p.kind + ' by ' + p.team if p is not None else 'no choice'}"


def read_log(g, team: str, since: int) -> list[str]:
    """The log entries ``team`` reads from ``since`` on, one canonical line each."""
    return [canonical(e) for e in g.log_entries(team, since)]


_diff = kernel_worlds.diff


class Pair:
    """A game and its twin, compared for ``team`` at each step both take (see the module doc)."""

    def __init__(self, g, twin, team: str, kind: str, what: "Change", where: str, tally: Tally):
        self.g, self.twin, self.team, self.kind = g, twin, team, kind
        self.what, self.where, self.tally = what, where, tally
        self.found = False            # a difference was found: the pair ends (what follows would repeat it)

    def _same(self, what: str, a, b, step: str = "") -> bool:
        self.tally.comparisons[what] += 1
        if a == b:
            return True
        self.found = True
        self.tally.add(Finding(what, self.kind, self.team, f"{self.where}{step}; twin: {self.what}", _diff(a, b)))
        return False

    def _waits_on_change(self, game) -> bool:
        """Whether ``game`` waits on a choice about what the perturbation touched (its options
        name a touched id: the mines a move met, 13.34)."""
        p = game.pending
        return p is not None and bool(_strings(asdict(p.options)) & set(self.what.ids))

    def before(self, rng, n_probes: int = 10) -> None:
        """Offers, probe verdicts and the pause, before a step; notes where the game's log and
        dice stand and who acts (what :meth:`step` compares from)."""
        g, t, team = self.g, self.twin, self.team
        self.log_n, self.dh, self.actor = len(g.state.log), len(g.dice.history), g.to_act()
        self._same("pause", pause(g), pause(t))
        if g.to_act() == team or g.state.stage in ("planning", "deployment"):
            self._same("offers", offers(g, team), offers(t, team))
        if g.to_act() == team and not self.found and self.kind in PREVIEW_KINDS:   # 3 at most: each is a dry run
            acts = [a for a in g.legal_actions(team) if isinstance(a, PREVIEWED)][:3]
            self._same("preview", previews(g, team, acts), previews(t, team, acts))
        if g.to_act() == team and not self.found:     # the kill chain a team sees (docs/kill_chain.md)
            self._same("kill_chain", kill_chains(g, team), kill_chains(t, team))
        ps = probes(g, team)
        for k in sorted(rng.choice(len(ps), size=min(n_probes, len(ps)), replace=False)):
            self._same("probe", f"{ps[k]!r}: {verdict(g, ps[k])}", f"{ps[k]!r}: {verdict(t, ps[k])}")

    def step(self, action) -> bool:
        """Apply ``action`` (already applied to the game) to the twin and compare; False when the
        pair ends here (the twin refused it, or the step showed the observer something new)."""
        g, t, team = self.g, self.twin, self.team
        n = len(t.state.log)
        dh = len(t.dice.history)
        if self.actor not in (team, CHANCE):       # the enemy acts: on the counters as swapped
            if not self.what.acts_alike and _names_any(action, {k for k, v in self.what.ids.items() if k == v}):
                return False                       # with what it changed: not the same act
            action = translate(action, self.what.ids)
        try:
            t.apply(action)
        except (IllegalAction, LabError, DiceExhausted) as e:
            if self.actor in (team, CHANCE):
                self._same("accept", "accepted", f"{type(e).__name__}: {e}", f" {action!r}")
            return False
        label = f" after {action!r}"
        self._same("undo", undo_allowed(g, team)[0], undo_allowed(t, team)[0], label)
        if self.what.shown_by_rules and (self._waits_on_change(g) or self._waits_on_change(t)):
            return False                      # the rules' own pause shows the change (a mined hex stops a move, 13.34)
        self._same("pause", pause(g), pause(t), label)
        if self.found or view_text(g, team) != view_text(t, team):
            return False                      # the step showed it something: what follows may differ
        self._same("dice", [d.values for d in g.dice.history[self.dh:]], [d.values for d in t.dice.history[dh:]],
                   label)                 # how many dice and what they showed (their purposes name counters)
        self._same("undo", undo_allowed(g, team), undo_allowed(t, team), label)
        self._same("log", read_log(g, team, self.log_n), read_log(t, team, n), label)
        self._same("labels", kernel_worlds.labels(g, team), kernel_worlds.labels(t, team), label)
        return not self.found


def _concrete(offered: list, rng) -> list:
    return [a.sample(rng) if isinstance(a, Template) else a for a in offered]


BUSY = (A.CommitCombat, A.TorpedoAttack, A.ExerciseZor, A.SubmarineZor, A.PlayCard, A.BuyCard)
"""The acts a walk prefers when offered (combat, ZORs, cards: where secrets are at stake)."""


def _busy_act(a) -> bool:
    if isinstance(a, A.CommitCombat):
        return bool(a.lrs or a.ga)
    if isinstance(a, A.Declare):
        return any(c.kind in ("move_combat", "play_jcc") for c in a.actions)
    return isinstance(a, BUSY)


def _pick(g, rng):
    """A random offered action, busy play preferred: combat, ZORs and cards six times in ten
    when offered; an end (of a stage or impulse) or a pass one time in ten when anything else is."""
    acts = _concrete(g.legal_actions(), rng)
    busy = [a for a in acts if _busy_act(a)]
    if busy and rng.random() < 0.6:
        return busy[int(rng.integers(len(busy)))]
    ends = [a for a in acts if isinstance(a, (A.EndPlanning, A.EndDeployment, A.EndImpulse))
            or (isinstance(a, A.Declare) and not a.actions)]
    rest = [a for a in acts if a not in ends]
    pick = rest if rest and rng.random() < 0.9 else (ends or rest)
    return pick[int(rng.integers(len(pick)))] if pick else None


def walk(name: str, seed: int, steps: int, tally: Tally, start: str = "planning", every: int = 3,
         follow: int = 3, n_probes: int = 8) -> None:
    """One random legal game of ``name`` from ``start`` (``"planning"`` or ``"action"``): every
    ``every`` steps a twin by the next perturbation for the next team, followed for up to
    ``follow`` steps (see :class:`Pair`)."""
    g = load_scenario(name, seed=seed, start=start) if start == "planning" else load_scenario(name, seed=seed)
    rng = np.random.default_rng(seed)
    kinds = list(PERTURBATIONS)
    pairs: list[tuple[Pair, int]] = []
    for n in range(steps):
        if g.to_act() is None:
            return
        if n % every == 0:
            kind, actor = kinds[(n // every) % len(kinds)], g.to_act()
            team = actor if actor in TEAMS and rng.random() < 0.75 else TEAMS[int(rng.integers(2))]
            twin, what = make_twin(g, team, kind, rng)
            if twin is None:
                tally.no_candidate[kind] += 1
            else:
                tally.pairs[kind] += 1
                pairs.append((Pair(g, twin, team, kind, what, f"{name} from {start}, seed {seed}, step {n}", tally),
                               follow))
        for p, _ in pairs:
            p.before(rng, n_probes)
        pairs = [(p, left) for p, left in pairs if not p.found]
        action = _pick(g, rng)
        if action is None:
            return
        g.apply(action)
        tally.steps += 1
        pairs = [(p, left - 1) for p, left in pairs if p.step(action) and left > 1]


# ====================================================================== one pair, by hand
def twin_of(g, team: str, change: Callable[[GameState], Change]):
    """A fork of ``g`` changed by ``change(state)`` (a directed test's own perturbation), with
    the same checks as :func:`make_twin`: sound, and ``team``'s view unchanged."""
    twin = g.fork()
    what = change(twin.state)
    broken = violations(twin.state, twin.board, twin.catalog, twin.decks)
    assert not broken, f"{what} broke the state: " + "; ".join(v.text() for v in broken)
    assert view_text(twin, team) == view_text(g, team), f"{what} changed {team}'s view: fix the perturbation"
    return twin, what


def compare_steps(g, twin, team: str, actions: list, what: Change, seed: int = 0) -> list[Finding]:
    """Compare ``g`` and ``twin`` for ``team`` before each of ``actions`` (offers, probes,
    submarine / ASW previews, pause) and after applying it to both (pause, dice, undo, log; the other team's acts on
    swapped counters translated): every finding (``[]``: indistinguishable)."""
    tally, rng = Tally(), np.random.default_rng(seed)
    p = Pair(g, twin, team, "by hand", what, "by hand", tally)
    for action in actions:                   # unlike the walk, on past a difference (each test asks for one kind)
        p.found = False
        p.before(rng, n_probes=1000)
        g.apply(action)
        p.found = False
        if not p.step(action) and not p.found:
            break
    return tally.findings
