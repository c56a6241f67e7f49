"""The records of a kill chain (F2T2EA on LC:B): :class:`Means`, :class:`Link`, :class:`KillChain`.

Built by :func:`lcb_lab.games.lcb.analysis.kill_chain.kill_chain` (its module doc gives the
project's reading of each stage, ``docs/kill_chain.md`` the whole of it).  Probabilities are exact
(d20 odds, 7.02); each link's ``p`` is its chance given the links before it, so the chain's is
their product.
"""
from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["Means", "Link", "KillChain", "STAGES", "TITLES"]

STAGES = ("find", "fix_track", "target", "engage", "defend", "assess")
"""The links in order (F2T2EA)."""

TITLES = {"find": "Find", "fix_track": "Fix and track", "target": "Target", "engage": "Engage",
          "defend": "Defend", "assess": "Assess"}
"""Each stage's words in the table."""


@dataclass(frozen=True)
class Means:
    """One means of a link: ``kind`` ("unit", "card", "marker", "fact"), ``ident`` (a unit
    designator, card id, marker id, or the target for a fact), ``rules`` (rule numbers),
    ``what`` (words), ``p`` (its own chance of doing its part, 0..1; None: not rolled or not
    known), ``hex`` (where it acts from, for the map; None: off the map), ``team``, ``chosen``
    (the chain's act uses it), ``name`` (a card's name; "" for a unit or marker, whose
    ``ident`` is its name), ``ap`` (the attacker's AP its act costs, 3.31; None: not priced --
    not chosen, or not the attacker's)."""

    kind: str
    ident: str
    rules: tuple[str, ...]
    what: str
    p: float | None = None
    hex: str | None = None
    team: str = ""
    chosen: bool = False
    name: str = ""
    ap: int | None = None

    @property
    def label(self) -> str:
        """What a reader calls it: ``name`` (a card's name, never its id), else ``ident``."""
        return self.name or self.ident


@dataclass(frozen=True)
class Link:
    """One stage (:data:`STAGES`): ``p`` its chance given the links before it (0..1),
    ``means`` (:class:`Means`), ``note`` (how ``p`` was reached), ``rules``, ``ap`` (the AP its
    chosen means cost the attacker, 3.31; :mod:`~lcb_lab.games.lcb.analysis.kill_chain_ap`)."""

    stage: str
    p: float
    means: tuple[Means, ...] = ()
    note: str = ""
    rules: tuple[str, ...] = ()
    ap: int = 0

    @property
    def title(self) -> str:
        """The stage's words ("Fix and track")."""
        return TITLES[self.stage]


@dataclass(frozen=True)
class KillChain:
    """The chain on ``target`` (in ``target_hex``) as ``viewer`` knows it: ``attacker`` and
    ``defender`` teams, ``links`` (one per stage), ``plan`` (the allocations evaluated: LRS
    ``{"shooter", "slot", "target", "dice"}``, a card's with ``"card"``; GROUND ASSAULT
    ``{"attacker", "target", "dice"}``; TORPEDO ATTACK ``{"sub", "targets"}``), ``declared`` (the
    viewer's plan, else the strongest single act), ``intercepts`` (the defender's answer by its
    default policy), ``policies`` (those policies in words), ``unknowns`` (what the viewer cannot
    see, not counted), ``hp``, ``damage`` (P(HP lost = k), k = 0..hp), ``expected_damage`` and
    ``ap_left`` (the AP the attacker's impulse under way has not declared, 3.32; None when no
    impulse of the attacker is under way)."""

    viewer: str
    target: str
    target_hex: str
    attacker: str
    defender: str
    links: tuple[Link, ...]
    plan: tuple[dict, ...] = ()
    declared: bool = False
    intercepts: tuple[dict, ...] = ()
    policies: tuple[str, ...] = ()
    unknowns: tuple[str, ...] = ()
    hp: int = 0
    damage: tuple[float, ...] = field(default=(1.0,))
    expected_damage: float = 0.0
    ap_left: int | None = None

    @property
    def ap(self) -> int:
        """The AP the chain's acts cost the attacker: the sum of the links' (3.31)."""
        return sum(lk.ap for lk in self.links)

    @property
    def p(self) -> float:
        """The whole chain's chance: the product of the links' (= P(target destroyed))."""
        out = 1.0
        for link in self.links:
            out *= link.p
        return out

    def link(self, stage: str) -> Link:
        """The link of ``stage`` (one of :data:`STAGES`); KeyError otherwise."""
        for lk in self.links:
            if lk.stage == stage:
                return lk
        raise KeyError(stage)

    def rows(self) -> list[dict]:
        """The table: per link ``{"stage", "title", "means", "p", "cumulative", "ap", "rules", "note"}``
        (``means``: the chosen means' words, "; "-joined; ``cumulative``: the chain up to it;
        ``ap``: the AP the link's acts cost the attacker)."""
        out, run = [], 1.0
        for lk in self.links:
            run *= lk.p
            chosen = [m for m in lk.means if m.chosen] or list(lk.means)
            out.append({"stage": lk.stage, "title": lk.title, "means": "; ".join(m.what for m in chosen) or "none",
                        "p": lk.p, "cumulative": run, "ap": lk.ap, "rules": ", ".join(lk.rules), "note": lk.note})
        return out

    def lines(self) -> list[dict]:
        """Lines for the map, from each means with a hex other than the target's and a chance
        above 0 to the target: ``{"stage", "ident", "from", "to", "chosen"}`` (sensors, shooters,
        interceptors; an ineligible shooter draws none)."""
        return [{"stage": lk.stage, "ident": m.ident, "name": m.label, "from": m.hex, "to": self.target_hex, "chosen": m.chosen}
                for lk in self.links for m in lk.means
                if m.hex and m.hex != self.target_hex and m.kind != "fact" and m.p]
