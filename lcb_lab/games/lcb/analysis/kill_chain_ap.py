"""The Action Points a kill chain's acts cost the attacker (3.31, 3.32, 3.34, 13.21).

The engine's own declaration costs (:func:`lcb_lab.games.lcb.rules.stages.sequence.ap_cost`) priced
on the chain's chosen means, as the project reads them (``docs/kill_chain.md``):

* a unit that acts (its ZOR reveals the target, or it fires its LRS, makes a GROUND ASSAULT or,
  a submarine, its TORPEDO ATTACK) needs a Core Action -- *Move and/or Initiate Combat* for a
  shooter, 1 AP (3.31; 7.1 for a GROUND ASSAULT, 14.04 for a submarine); one Core Action covers
  a unit's move and its combat, so a unit that both finds and fires is paid for once (3.34);
* a card played (a reveal card, an LRS card) needs *Play a JCC*, 1 AP (3.31);
* an ISR marker's move and reveal is its free action, 0 AP (13.21);
* a fact (a target already face up, the defender's lack of a Core Action) costs nothing;
* a unit or card already declared in the attacker's impulse under way has been paid for: 0 --
  as far as the viewer may name it (the defender knows the declaration of a face-up unit, not
  of a concealed one nor which card a *Play a JCC* holds, 6.11, 9.02).

:func:`price` returns the links with each chosen means' ``ap`` and each link's ``ap`` set, and the
AP the attacker has left in its impulse when one is under way (else None).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable

from lcb_lab.games.lcb.analysis.kill_chain_records import Link, Means
from lcb_lab.games.lcb.rules.stages.sequence import ap_cost

__all__ = ["price", "declared_idents", "ap_left"]


def declared_idents(impulse: Any, attacker: str, known: Callable[[str], bool] = lambda _i: True) -> set[str]:
    """The units and cards the attacker's impulse under way has declared (paid for, 3.03) that
    ``known(ident)`` lets the viewer name; empty when no impulse of the attacker is under way."""
    if impulse is None or impulse.team != attacker:
        return set()
    out: set[str] = set()
    for d in impulse.actions:
        out.update(u for u in d.units if known(u))
        if d.jcc and known(d.jcc):
            out.add(d.jcc)
    return out


def ap_left(impulse: Any, attacker: str) -> int | None:
    """The AP the attacker's impulse under way has not spent on declarations yet (3.32: the
    impulse's ``ap`` counts down as it declares), else None."""
    if impulse is None or impulse.team != attacker:
        return None
    return impulse.ap


def _cost(m: Means, stage: str, paid: set[str]) -> int:
    if m.kind in ("fact", "marker") or m.ident in paid or (m.name and m.name in paid):
        return 0
    if m.kind == "card":
        return ap_cost("play_jcc")
    return ap_cost("move_combat") if stage == "target" else ap_cost("move_conceal")


def price(links: tuple[Link, ...], paid: set[str], attacker: str) -> tuple[Link, ...]:
    """``links`` with the attacker's AP priced on the chosen means of find and target (module
    doc): ``Means.ap`` on each chosen means, ``Link.ap`` their sum; a means in ``paid`` (declared
    already, :func:`declared_idents`) or counted in an earlier link (the same unit) is not paid
    again."""
    paid = set(paid)
    out = []
    for lk in links:
        if lk.stage not in ("find", "target"):
            out.append(lk)
            continue
        means, total = [], 0
        for m in lk.means:
            if not m.chosen or m.team not in (attacker, ""):
                means.append(m)
                continue
            ap = _cost(m, lk.stage, paid)
            paid.update({m.ident, m.name} - {""})
            total += ap
            means.append(replace(m, ap=ap))
        out.append(replace(lk, means=tuple(means), ap=total))
    return tuple(out)
