"""A study's result: counts, means, frequencies with 95 % intervals, and the exact odds beside them.

:class:`StudyResult` holds every run's outcome (:mod:`lcb_lab.games.lcb.whatif.study.outcome`),
ordered by run index, the plan, the seed and the exact odds (:mod:`lcb_lab.games.lcb.whatif.study.exact`).
Frequencies come as the kernel's :class:`~lcb_lab.kernel.study.Freq` (``k`` of ``n``, the share and its 95 % Wilson score interval:
good at 0 and 1 where the normal one is not).  :func:`compare` sets two results side by side.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from lcb_lab.games.lcb.whatif.study.exact import ExactOdds
from lcb_lab.games.lcb.whatif.study.plan import Plan
from lcb_lab.kernel.study import Z95, Freq

__all__ = ["Z95", "Freq", "StudyResult", "compare"]

@dataclass
class StudyResult:
    """A plan studied ``runs`` times (module doc).  ``outcomes``: one dict per run, by index;
    ``viewer``: whose knowledge the runs start from and the outcomes show (None: the instructor);
    ``notes``: lines on how the runs were played (a team's sampled worlds, why no exact odds)."""

    plan: Plan
    seed: int
    outcomes: list[dict[str, Any]]
    exact: tuple[ExactOdds, ...] = ()
    viewer: str | None = None
    workers: int = 0
    wall: float = 0.0
    notes: tuple[str, ...] = ()

    @property
    def runs(self) -> int:
        """The number of runs."""
        return len(self.outcomes)

    def refused(self) -> Counter:
        """``{"<act> (rule R): reason": runs}`` for the plan acts the rules refused in some run."""
        return Counter(f"{r['act']} (rule {r['rule']}): {r['reason']}" for o in self.outcomes
                       if (r := o["refused"]) is not None)

    def destroyed(self) -> dict[str, Freq]:
        """Each unit destroyed in some run: how often (3.5)."""
        c = Counter(u for o in self.outcomes for u in set(o["destroyed"]))
        return {u: Freq(k, self.runs) for u, k in sorted(c.items())}

    def hp_lost(self) -> dict[str, Counter]:
        """Each unit that lost HP in some run: ``Counter({HP lost: runs})``, 0 included."""
        units = sorted({u for o in self.outcomes for u in o["hp_lost"]})
        return {u: Counter(o["hp_lost"].get(u, 0) for o in self.outcomes) for u in units}

    def kills(self) -> dict[str, Counter]:
        """``{team: Counter({units it destroyed: runs})}`` (3.5)."""
        return {t: Counter(o["kills"][t] for o in self.outcomes) for t in ("US", "RU")}

    def winners(self) -> dict[str, Freq]:
        """``{"US" | "RU" | "none": Freq}``; "none": the game had not ended at the horizon."""
        c = Counter(o["winner"] or "none" for o in self.outcomes)
        return {w: Freq(c.get(w, 0), self.runs) for w in ("US", "RU", "none")}

    def mean(self, key: str, team: str | None = None) -> float | None:
        """The mean of ``key`` (``"influence"``, ``"influence_change"``, ``"impulses"``, ``"turn"``; with
        ``team``: ``"kills"``, ``"supply_spent"``) over the runs; None when hidden from the viewer."""
        vals = [o[key][team] if team else o[key] for o in self.outcomes]
        if not vals or any(v is None for v in vals):
            return None
        return sum(vals) / len(vals)

    def exact_vs_sampled(self) -> list[dict[str, Any]]:
        """One row per exact count: ``{"count", "rule", "exact", "sampled", "agrees"}`` where
        ``exact`` is P(destroyed) for a unit (else P(count >= 1)), ``sampled`` the :class:`Freq`
        of the same event over the runs (HP lost over the whole horizon) and ``agrees`` whether
        the exact value lies in the sampled 95 % interval."""
        rows = []
        for e in self.exact:
            if e.unit is not None:
                what, q = f"{e.unit} destroyed", e.p_destroyed
                k = sum(1 for o in self.outcomes if o["hp_lost"].get(e.unit, 0) >= (e.hp or 0))
            else:
                what, q = f"{e.count} >= 1", sum(p for v, p in e.pmf.items() if v >= 1)
                k = 0
            f = Freq(k, self.runs)
            rows.append({"count": what, "rule": e.rule, "exact": q, "sampled": f, "agrees": f.covers(q)})
        return rows

    def summary(self) -> str:
        """Lines for a notebook: runs, refusals, losses, kills, supply, Influence, winners, exact vs sampled."""
        who = self.viewer or "instructor"
        lines = [f"{self.plan.name}: {self.runs} runs, seed {self.seed}, horizon {self.plan.horizon} "
                 f"(fresh dice each run; answers by the named policies; as {who} sees it)"]
        lines += [f"  {n}" for n in self.notes]
        for reason, k in self.refused().items():
            lines.append(f"  refused in {k} run(s): {reason}")
        for u, f in self.destroyed().items():
            lines.append(f"  {u} destroyed: {f.text()}")
        for t in ("US", "RU"):
            spent = self.mean("supply_spent", t)
            lines.append(f"  {t}: mean kills {self.mean('kills', t):.2f}"
                         + (f", mean supply spent {spent:.2f}" if spent is not None else ""))
        lines.append(f"  Influence at the end: mean {self.mean('influence'):+.2f}")
        won = {w: f for w, f in self.winners().items() if f.k}
        lines.append("  winner: " + ", ".join(f"{w} {f.text()}" for w, f in won.items()))
        for r in self.exact_vs_sampled():
            lines.append(f"  exact vs sampled ({r['rule']}): {r['count']}: exact {r['exact']:.1%}, "
                         f"sampled {r['sampled'].text()}" + ("" if r["agrees"] else "  <- outside the interval"))
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<StudyResult {self.plan.name}: {self.runs} runs>"


def compare(a: StudyResult, b: StudyResult) -> list[dict[str, Any]]:
    """Two plans' results side by side: rows ``{"what", a.plan.name: text, b.plan.name: text}`` for
    each unit destroyed in either, the mean kills and supply per team, the mean Influence and the
    winners."""
    na, nb = a.plan.name, b.plan.name if b.plan.name != a.plan.name else b.plan.name + " (2)"
    rows = []
    da, db = a.destroyed(), b.destroyed()
    for u in sorted(set(da) | set(db)):
        rows.append({"what": f"{u} destroyed", na: da.get(u, Freq(0, a.runs)).text(),
                     nb: db.get(u, Freq(0, b.runs)).text()})
    for key, label in (("kills", "mean kills"), ("supply_spent", "mean supply spent")):
        for t in ("US", "RU"):
            va, vb = a.mean(key, t), b.mean(key, t)
            rows.append({"what": f"{t} {label}", na: _num(va), nb: _num(vb)})
    rows.append({"what": "Influence at the end (mean)", na: _num(a.mean("influence")), nb: _num(b.mean("influence"))})
    wa, wb = a.winners(), b.winners()
    for w in ("US", "RU", "none"):
        if wa[w].k or wb[w].k:
            rows.append({"what": f"winner {w}", na: wa[w].text(), nb: wb[w].text()})
    return rows


def _num(v: float | None) -> str:
    return "hidden" if v is None else f"{v:.2f}"
