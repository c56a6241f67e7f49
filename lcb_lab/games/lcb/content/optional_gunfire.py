"""Staged games for the optional gun rules (17.3 NAVAL GUNFIRE, 17.4 SHORE BOMBARDMENT, 17.5
ARTILLERY DIRECT FIRE), for the optional-rules notebook and the tests.

Each function returns a :func:`~lcb_lab.games.lcb.content.situation.situation` game on the
synthetic board (column E is sea, F-6 a mixed coastal hex), the rule switched on, the units
face up in one contested hex, the active team's impulse begun and its Move and/or Combat Core
Action declared (action ``#1``), so ``g.legal_actions()`` offers the rule's attack next.
``forced``: the d20 results the rolls take, in order (none: a seeded die).

* :func:`naval_gunfire` -- US DDG ``DDG 1`` and RU DDG ``Ivan`` share sea hex E-6, with a revealed RU
  naval ISR marker (unmanned boats, 1 HP) there; fire ``A.LrsAttack("DDG 1", "GUN", "Ivan", 4)``.
* :func:`shore_bombardment` -- ``DDG 1`` in the mixed hex F-6 with RU naval infantry ``Anna`` and
  RU cannon artillery ``1 Msta`` (which may fire back, 17.41); ``fortified``: a level-2 RU
  Fortification there (17.42: the gun's CV 6 -> 4).
* :func:`artillery_direct_fire` -- US cannon artillery ``1 Mike`` (M777) and RU naval infantry
  ``Anna`` share land hex D-4; ``answer=False``: the US impulse, ``1 Mike`` fires LRS at range 0
  (17.51); ``answer=True``: the RU impulse, ``Anna`` assaults and ``1 Mike`` answers at CV 10-4=6
  (17.52).

The ships' and guns' values: the catalog's (``data/units.toml``; the cannon sections' values are
sandbox, tagged there).
"""
from __future__ import annotations

from typing import Iterable

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.content.situation import situation
from lcb_lab.games.lcb.game import Game

SEA = tuple(f"E-{r}" for r in range(1, 13))
"""The sea column of the staged board."""
COAST = "F-6"
"""The mixed land-naval hex of :func:`shore_bombardment` (17.4, 5.1)."""


def _begin(g: Game, task_force: str, units: tuple[str, ...]) -> Game:
    g.apply(A.BeginImpulse(task_force))
    g.apply(A.Declare((A.CoreAction("move_combat", units),)))
    return g


def naval_gunfire(forced: Iterable[int] = ()) -> Game:
    """17.3: two destroyers and a naval ISR marker in sea hex E-6 (module doc)."""
    from lcb_lab.games.lcb.rules.markers.placement import new_marker
    g = situation({"DDG 1": {"type": "usn_ddg_51", "hex": "E-6", "face_up": True},
                   "Ivan": {"type": "rubf_ddg", "hex": "E-6", "face_up": True}},
                  naval=SEA, initiative="US", optional_rules=["17.3"], forced=list(forced))
    m = new_marker(g._ctx(), "isr", "RU", "", "E-6", revealed=True)
    m.data = {"naval": True}            # unmanned boats: a surface naval ISR marker (13.26), 1 HP
    return _begin(g, "TF Blue", ("DDG 1",))


def shore_bombardment(forced: Iterable[int] = (), fortified: bool = False) -> Game:
    """17.4: ``DDG 1`` off the coast of F-6 with ``Anna`` and ``1 Msta`` ashore (module doc)."""
    g = situation({"DDG 1": {"type": "usn_ddg_51", "hex": COAST, "face_up": True},
                   "Anna": {"type": "runi_naval_infantry_platoon", "hex": COAST, "face_up": True},
                   "1 Msta": {"type": "runi_cannon_artillery", "hex": COAST, "face_up": True}},
                  naval=SEA, mixed=[COAST], initiative="US", optional_rules=["17.3", "17.4"], forced=list(forced))
    if fortified:
        from lcb_lab.games.lcb.rules.markers.placement import new_marker
        new_marker(g._ctx(), "fortification", "RU", "", COAST, revealed=True).level = 2
    return _begin(g, "TF Blue", ("DDG 1",))


def artillery_direct_fire(forced: Iterable[int] = (), answer: bool = False) -> Game:
    """17.5: ``1 Mike`` (M777) and ``Anna`` in D-4; the US fires (17.51) or, with ``answer``, RU
    assaults and ``1 Mike`` answers (17.52) (module doc)."""
    g = situation({"1 Mike": {"type": "usmc_cannon_artillery", "hex": "D-4", "face_up": True},
                   "Anna": {"type": "runi_naval_infantry_platoon", "hex": "D-4", "face_up": True}},
                  initiative="RU" if answer else "US", optional_rules=["17.5"], forced=list(forced))
    return _begin(g, "TF Red", ("Anna",)) if answer else _begin(g, "TF Blue", ("1 Mike",))


STAGED = {"17.3": naval_gunfire, "17.4": shore_bombardment, "17.5": artillery_direct_fire}
"""Optional rule -> the function staging it."""
