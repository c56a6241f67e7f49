"""A captured Base B (level 4, l.682-688) and Base B in the choice of forces (l.404, l.408).

Capturing the enemy's Base B does not end the game (only Base A's does, l.680); the capturing
commandos then have three options (l.684-686):

* **stay** on the island: the capturer's hovercraft and helicopters may *refuel* there, but not take
  its armament, which does not fit them (l.684);
* **leave** it (taken aboard a hovercraft, :func:`~.commandos.embark`): the base is nobody's and both
  sides may refuel there while no enemy commandos stand on its island (l.685);
* **blow up** its storage (:func:`blow_storage`, act ``A.BlowStorage``): an R marker on the storage,
  nothing is refuelled or taken there any more (l.686); the commandos leave afterwards as in l.685.

The loser may retake it the same way, by landing commandos (l.688).  ``state.captured_b`` lists the
Base B names once captured; who uses a captured base is read from the commandos on its island at
each moment (:func:`holder`): nobody, the capturer, or the former owner again (*reading*: retaken,
it serves its owner fully again, fuel and armament).  :func:`usable` is asked by every use of a base
(refuelling, arming a helicopter, restocking a hovercraft: ``rules/air.py``, ``rules/logistics.py``).

Base B's own panel of markers (l.429, ``state.panels_b``): its A-S and A-A markers, taken from the
side's set at the start (:func:`fill_panels`: a staged set-up names them; else one A-S and one A-A
come off panel A, sandbox).  A helicopter landed at Base B is armed from it (``rules/air.py``) and
unloads to it (``rules/rearm.py``); a hovercraft beside its storage loads from it and unloads onto it
(``rules/logistics.py``, ``A.UnloadAtBase``, l.614): :func:`panel` says which panel serves a base.

Choice of forces (l.408): a player who does not take its Base B has 3 more points for pieces.  The
choice is ``A.DropBaseB`` in the ``choose`` phase (:func:`drop`): the budget grows by 3 for that
player (``state.no_base_b``) and its Base B is not used (no refuelling, arming or restocking there,
:func:`usable`; *reading*: it stays on the board as an island without a base's use, and its
garrison still stands, l.596).
"""
from __future__ import annotations

from typing import Any

from lcb_lab.games.archipelago.rules.common import log
from lcb_lab.kernel.errors import IllegalAction

VALUE = 3
"""Base B's worth in the choice of forces (l.404, l.408)."""

FILL = {"A-S": 1, "A-A": 1}
"""What each Base B's panel takes from its side's panel A at the start when the set-up names
nothing (sandbox: l.429 says A-S or A-A markers "can be placed" there, not how many)."""


def fill_panels(board: Any, stock: dict, level: int, given: dict | None = None, moved: bool = True,
                without: tuple = ()) -> dict[str, dict[str, int]]:
    """Each Base B's own panel at the start (l.429): base name -> ``{kind: count}``, A-S and A-A
    only; ``given`` names them (default :data:`FILL` where ``moved``, else empty).  Where ``moved``
    the markers come off the side's panel A in ``stock`` (changed in place: the side owns one set,
    l.104), as many as it holds (``given``: all, else IllegalAction).  Below level 3, or for a
    side in ``without`` (it went without its Base B, l.408), no panel. Raises IllegalAction("l.429")."""
    out: dict[str, dict[str, int]] = {}
    for b in sorted(board.bases.values(), key=lambda b: b.name):
        if b.kind != "B" or not b.owner or level < 3 or b.owner in without:
            continue
        want = dict((given or {}).get(b.name, {})) if given is not None or not moved else dict(FILL)
        if set(want) - set(FILL):
            raise IllegalAction("l.429", f"{b.name}'s panel takes A-S or A-A markers, not {sorted(set(want) - set(FILL))}")
        if moved:
            panel_a = stock.setdefault(b.owner, {})
            if given is not None and any(panel_a.get(k, 0) < n for k, n in want.items()):
                raise IllegalAction("l.429", f"{b.owner}'s set has {panel_a} left on panel A, not {want} for {b.name}")
            want = {k: min(n, panel_a.get(k, 0)) for k, n in want.items()}
            for k, n in want.items():
                panel_a[k] -= n
        out[b.name] = {k: n for k, n in sorted(want.items()) if n}
    return out


def panel(s: Any, base: Any) -> dict[str, int]:
    """The panel of markers a piece draws from or returns to at ``base``: the owner's panel A
    (``stock``) at a Base A, Base B's own panel (``panels_b``, l.429) at a Base B (empty if none)."""
    if base.kind == "B":
        return s.panels_b.get(base.name, {})
    return s.stock[base.owner]


def panel_name(base: Any) -> str:
    """How the log names ``base``'s panel of markers."""
    return f"{base.name}'s panel" if base.kind == "B" else "panel A"


def holder(s: Any, base: Any) -> str | None:
    """Who uses Base B ``base`` now: ``None`` never captured (its owner, as always), else the side
    whose commandos stand on its island, ``""`` nobody (l.684-685)."""
    if base.name not in s.captured_b:
        return None
    sides = {c.owner for c in s.commandos if c.island == base.name}
    return next(iter(sides)) if len(sides) == 1 else ""


def usable(s: Any, base: Any, player: str, use: str) -> bool:
    """Whether ``player`` may use ``base`` for ``use`` ("fuel" or "arms"): Base A and an uncaptured
    Base B serve their owner (a Base B dropped in the choice of forces serves nobody, l.408); a
    captured Base B gives fuel to its holder or, held by nobody, to both, and armament to its owner
    only once retaken (module docstring, l.684-688)."""
    if base.kind == "B" and base.owner in s.no_base_b:
        return False
    who = holder(s, base) if base.kind == "B" else None
    if who is None:
        return base.owner == player
    if use == "arms":
        return who == player == base.owner
    return who in (player, "")


def note_capture(g: Any, island: str, owner: str) -> None:
    """Record ``owner``'s capture of the enemy Base B on ``island`` (its garrison beaten) and log the
    three options of l.684-686."""
    s = g.state
    base = g.board.bases.get(island)
    if base is None or base.kind != "B" or base.owner == owner:
        return
    if island not in s.captured_b:
        s.captured_b.append(island)
    log(g, "commandos", f"{owner} captures {island}", "Not the end of the game (l.680). The commandos may stay: "
        "their hovercraft and helicopters refuel here but cannot use its armament (l.684); leave aboard a "
        "hovercraft: the base is nobody's and both sides refuel here (l.685); or blow up its storage (l.686).",
        ["l.682", "l.684", "l.685", "l.686"], island=island)


def check_blow(g: Any, island: str) -> Any:
    """The Base B whose storage the player to move may blow up on ``island``. Raises
    IllegalAction("l.686") unless its commandos hold that captured enemy Base B with the storage standing."""
    s = g.state
    who = s.to_move
    if s.phase in ("choose", "setup"):
        raise IllegalAction("l.686", "commandos act in play, not while the forces are chosen or placed")
    base = g.board.bases.get(island)
    if base is None or base.kind != "B" or base.owner == who:
        raise IllegalAction("l.686", f"{island} is not an enemy Base B: only a captured Base B's storage is blown up")
    if holder(s, base) != who:
        raise IllegalAction("l.686", f"{who}'s commandos do not hold {island}: it must be captured first (l.682)")
    if f"{island} storage" in s.ruins:
        raise IllegalAction("l.686", f"the storage of {island} is ruined already (its R marker is on)")
    return base


def blow_storage(g: Any, island: str) -> None:
    """The commandos holding captured Base B ``island`` blow up its storage: an R marker, no refuelling
    or armament there for anyone any more (l.686). Raises IllegalAction (:func:`check_blow`)."""
    check_blow(g, island)
    g.state.ruins.append(f"{island} storage")
    log(g, "commandos", f"{g.state.to_move}'s commandos blow up the storage of {island}", "An R marker on its "
        "storage: nobody refuels or takes armament there any more; the commandos may then leave by hovercraft (l.686).",
        ["l.686"], island=island)


def drop(g: Any) -> None:
    """The player to move, choosing its forces, goes without its Base B: 3 more points for pieces
    (l.408). Raises IllegalAction("l.408") outside the choice, twice, or at a level without Base B."""
    s = g.state
    who = s.to_move
    if s.phase != "choose":
        raise IllegalAction("l.408", "Base B is chosen or not while the forces are chosen")
    if s.level < 3:
        raise IllegalAction("l.408", "Base B enters the game at level 3 (l.398)")
    if who in s.no_base_b:
        raise IllegalAction("l.408", f"{who} has already given up its Base B")
    if not any(b.kind == "B" and b.owner == who for b in g.board.bases.values()):
        raise IllegalAction("l.408", f"the board has no Base B of {who}")
    s.no_base_b.append(who)
    log(g, "choose", f"{who} goes without its Base B: {VALUE} more points for pieces", f"Base B is worth {VALUE} "
        f"points (l.404); not choosing it gives {VALUE} more for the pieces (l.408); it serves {who} in nothing.",
        ["l.404", "l.408"])


def budget(s: Any, player: str) -> int:
    """``player``'s budget in the choice of forces: the agreed one, + 3 without its Base B (l.408)."""
    return s.budget + (VALUE if player in s.no_base_b else 0)

