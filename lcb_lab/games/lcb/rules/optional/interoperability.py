"""The Interoperability Network (optional rule 17.1): teams of several nations.

Consulted only while ``is_on(state, "17.1")``; its record is ``state.optional_data["interop"]``::

    {"nations": {uid: nation},          # sandbox: the units of another nation than the team's own
     "cubes": {team: n},                # the cubes on the team's Interoperability Network card (1..5)
     "played": [team],                  # the teams whose card is in play (played at Deployment)
     "flags": {target uid: [nation]}}   # National Markers on revealed enemy units

* **Nations** (sandbox: the rulebook's counters carry none; a scenario unit's ``nation``, e.g.
  ``"UK"``): a unit with none belongs to its team's lead nation, named as the team (``"US"``,
  ``"RU"``); :func:`nation`.  A card's nation is its host's (Attached, Embarked), else the lead
  nation's (sandbox).
* **The card** (sandbox: "NOT included in this game set", 17.1): the decks hold a stand-in card
  "Interoperability Network" (:data:`CARD`; 0 CP, permanent, Deployment-Stage only, tagged
  sandbox in ``data/cards/*.toml``), never bought (:func:`check_buy`).  A scenario whose team
  has cubes (``interop_cubes``, and units of other nations) gives the team the card
  (:func:`setup`): from the Planning Stage on it sits in the team pool, the cubes counted (the
  first Planning Stage's attempts remove them before the card is placed); the team must play
  it in the Deployment Stage, free, through the card machinery (``PlayCard``; effect
  :func:`network_played`), before it may end that stage (:func:`check_end_deployment`).  Only
  once it is played do its cubes change LRS and INTERCEPT (:func:`in_play`).  A scenario that
  starts in the Action Stage starts with the card played.
* **First Planning Stage** (:func:`attempt`): 5 CP per attempt to remove one cube, one d20,
  succeeding on 1-8 (:data:`ATTEMPT_SUCCEEDS_ON`); as many attempts as the CP allow.
* **National Markers** (:func:`mark`, :func:`clear`): an enemy unit a nation's force reveals
  (a naval, ground or submarine ZOR -- 6.21, 6.23, 14.09 --, ground contact, a card) gets that
  nation's marker; they leave when it Conceals.
* **LRS** (:func:`lrs_modifiers`): against a target carrying National Markers none of which is
  the shooter's nation, the LRS value is reduced by :func:`penalty` (1/2/3/4/5 cubes: 0/-2/-4/-6/
  -8).  A target with the shooter's own marker, or with none, is resolved as normal.
* **INTERCEPT** (:func:`intercept_modifiers`; of a card, "including JCCs":
  :func:`card_intercept_modifiers`): an interceptor defending a unit of another nation is
  reduced alike; its own nation's units (any Task Force) as normal.
* **GROUND ASSAULT**: no effect.  **RESUPPLY** (:func:`check_resupply`): a logistics unit
  resupplies only units of its own nation.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Iterable

from lcb_lab.games.lcb.rules.optional.switches import is_on
from lcb_lab.kernel import explain
from lcb_lab.kernel.errors import IllegalAction

if TYPE_CHECKING:
    from lcb_lab.games.lcb.model.state import Card, CardPlay, GameState, Unit
    from lcb_lab.games.lcb.actions_optional import InteropAttempt
    from lcb_lab.games.lcb.rules.common import Ctx, GameLike

ATTEMPT_CP = 5
"""CP per attempt to remove a cube in the first Planning Stage (17.1)."""
ATTEMPT_SUCCEEDS_ON = 8
"""An attempt removes a cube on a d20 roll of 8 or less (17.1)."""
MAX_CUBES = 5
"""The Interoperability Network holds 1 to 5 cubes (17.1's table)."""
CARD = "Interoperability Network"
"""The stand-in card's name in both decks (sandbox: the box has no such card, 17.1)."""


def active(state: GameState) -> bool:
    """17.1 is on and the game has an Interoperability Network record."""
    return is_on(state, "17.1") and "interop" in state.optional_data


def record(state: GameState) -> dict:
    """The Interoperability Network record (module doc); ``{}`` when none."""
    return state.optional_data.get("interop", {})


def nation(state: GameState, u: Unit) -> str:
    """Unit ``u``'s nation: its sandbox ``nation``, else its team's lead nation (the team's name)."""
    return record(state).get("nations", {}).get(u.uid, u.team)


def penalty(cubes: int) -> int:
    """The LRS / INTERCEPT change for ``cubes`` on the card (17.1): 1 cube 0, 2 -2, 3 -4, 4 -6, 5 -8.

    >>> [penalty(n) for n in range(1, 6)]
    [0, -2, -4, -6, -8]
    """
    return -2 * (min(cubes, MAX_CUBES) - 1) if cubes > 1 else 0


def in_play(state: GameState, team: str) -> bool:
    """Whether ``team``'s Interoperability Network card has been played (its cubes count, 17.1)."""
    return team in record(state).get("played", [])


def _mod(state: GameState, team: str, why: str) -> list[tuple[str, int, str]]:
    if not in_play(state, team):
        return []
    cubes = record(state).get("cubes", {}).get(team, 0)
    pen = penalty(cubes)
    return [(f"Interoperability Network ({cubes} cubes): {why}", pen, "17.1")] if pen else []


def lrs_modifiers(state: GameState, shooter_nation: str, team: str, target: Unit) -> list[tuple[str, int, str]]:
    """The 17.1 modifier of an LRS by a unit (or card) of ``shooter_nation`` of ``team`` at
    ``target``: ``[]`` unless the target carries National Markers, none of them the shooter's."""
    if not active(state):
        return []
    flags = record(state).get("flags", {}).get(target.uid, [])
    if not flags or shooter_nation in flags:
        return []
    return _mod(state, team, f"{target.uid} revealed by {'/'.join(flags)}, not {shooter_nation}")


def intercept_modifiers(state: GameState, interceptor: Unit, defended: Unit) -> list[tuple[str, int, str]]:
    """The 17.1 modifier of ``interceptor``'s INTERCEPT in defense of ``defended``: ``[]`` for its
    own nation's unit, else the cubes' reduction."""
    if not active(state):
        return []
    mine, theirs = nation(state, interceptor), nation(state, defended)
    if mine == theirs:
        return []
    return _mod(state, interceptor.team, f"{mine} INTERCEPT in defense of {theirs}'s {defended.uid}")


def card_intercept_modifiers(ctx: Ctx, interceptor: Unit | None, target: CardPlay) -> list[tuple[str, int, str]]:
    """The 17.1 modifier of ``interceptor``'s INTERCEPT of enemy card link ``target`` ("including
    JCCs"): reduced when a friendly unit the card aims at (by name, or in a hex it names) is of
    another nation; ``[]`` when it defends only its own nation (or nothing named)."""
    if interceptor is None or not active(ctx.state):
        return []
    s = ctx.state
    named = [s.units[x] for x in target.targets if x in s.units] + [
        u for x in [target.hex, *target.targets] if x and x in ctx.board for u in s.units_in(x, interceptor.team)]
    other = next((u for u in named if u.team == interceptor.team and nation(s, u) != nation(s, interceptor)), None)
    return intercept_modifiers(s, interceptor, other) if other is not None else []


def mark(state: GameState, targets: Iterable[Unit], nations: Iterable[str]) -> list[tuple[str, str]]:
    """Place the National Markers of ``nations`` on ``targets``, enemy units just revealed (17.1).
    Returns the ``(target uid, nation)`` markers placed (none when 17.1 is not active)."""
    if not active(state):
        return []
    flags = record(state).setdefault("flags", {})
    placed = []
    for t in targets:
        for n in dict.fromkeys(nations):
            if n not in flags.setdefault(t.uid, []):
                flags[t.uid].append(n)
                placed.append((t.uid, n))
    return placed


def mark_revealed(ctx: Ctx, targets: Iterable[Unit], by: Iterable[Unit]) -> None:
    """The units ``by`` revealed ``targets``: the enemy ones among them get the National Markers
    of the nations of ``by`` (17.1), logged for all (the markers are on the map)."""
    by = list(by)
    if by:
        mark_for(ctx, targets, by[0].team, [nation(ctx.state, u) for u in by])


def card_nation(state: GameState, host: Unit | None, team: str) -> str:
    """The nation of a card of ``team``: its host unit's (Attached, Embarked), else the team's lead
    nation (sandbox)."""
    return nation(state, host) if host is not None and host.team == team else team


def mark_for(ctx: Ctx, targets: Iterable[Unit], team: str, nations: Iterable[str]) -> None:
    """``team``'s forces of ``nations`` revealed ``targets``: its enemies among them get those
    National Markers (17.1), logged for all."""
    if not active(ctx.state):
        return
    placed = mark(ctx.state, [t for t in targets if t.team != team], nations)
    if placed:
        ctx.log(explain.step("interop", "National Markers placed", ", ".join(f"{n} on {t}" for t, n in placed)
                             + ": the nation that revealed each target (17.1)", ["17.1"]))


def cleared(ctx: Ctx, units: Iterable[Unit]) -> None:
    """``units`` Conceal: their National Markers are removed and logged (17.1)."""
    gone = clear(ctx.state, units) if active(ctx.state) else []
    if gone:
        ctx.log(explain.step("interop", "National Markers removed", f"{', '.join(gone)} conceal(s): the National "
                             "Markers on them are removed (17.1)", ["17.1"]))


def clear(state: GameState, units: Iterable[Unit]) -> list[str]:
    """``units`` Conceal: their National Markers are removed (17.1).  Returns the uids that had some."""
    flags = record(state).get("flags", {})
    return [u.uid for u in units if flags.pop(u.uid, None)]


def check_attempt(state: GameState, team: str) -> int:
    """Whether ``team`` may try to remove a cube now (17.1), changing nothing: its cubes.  Raises
    IllegalAction (17.1): rule off, not the first Planning Stage, team done, no cube to remove,
    fewer than 5 CP."""
    if not active(state):
        raise IllegalAction("17.1", "optional rule 17.1 is not on, or no team here has an Interoperability Network")
    if state.stage != "planning" or state.planning_stages != 1:
        raise IllegalAction("17.1", "cubes are removed from the Interoperability Network only in the first "
                            "Planning Stage")
    if team in state.ready:
        raise IllegalAction("17.1", f"{team} has ended its Planning Stage")
    cubes = record(state).get("cubes", {}).get(team, 0)
    if cubes <= 1:
        raise IllegalAction("17.1", f"{team}'s Interoperability Network has {cubes} cube(s): nothing left to gain "
                            "(1 cube: no effect)")
    if state.cp.get(team, 0) < ATTEMPT_CP:
        raise IllegalAction("17.1", f"an attempt costs {ATTEMPT_CP} CP; {team} has {state.cp.get(team, 0)}")
    return cubes


def attempt(state: GameState, team: str, roll: int) -> bool:
    """Pay 5 CP and remove one cube on a ``roll`` of 1-8 (17.1; :func:`check_attempt` first).
    Returns whether the cube was removed."""
    check_attempt(state, team)
    state.cp = {**state.cp, team: state.cp[team] - ATTEMPT_CP}
    if roll <= ATTEMPT_SUCCEEDS_ON:
        record(state)["cubes"][team] -= 1
        return True
    return False


def attempt_act(game: GameLike, ctx: Ctx, a: InteropAttempt) -> bool:
    """Handler of :class:`~lcb_lab.games.lcb.actions.InteropAttempt` (17.1): 5 CP, one d20, a cube
    removed on 1-8; logged (the cubes are public, the card lies by the map; the CP left only the
    team's own, 3.12).  Returns whether the cube was removed.  Raises IllegalAction (17.1)."""
    team = a.team
    cubes = check_attempt(ctx.state, team)
    roll = ctx.dice.roll(1, f"{team}: Interoperability Network attempt (17.1)")[0]
    ok = attempt(ctx.state, team, roll)
    result = (f"rolled {roll}, needs {ATTEMPT_SUCCEEDS_ON} or less ({ATTEMPT_SUCCEEDS_ON / 20:.0%}): "
              + (f"a cube is removed, {cubes} -> {cubes - 1}" if ok else f"failed, {cubes} cubes stay")
              + f" (LRS / INTERCEPT across nations {penalty(cubes - ok):+d})")
    ctx.log(explain.step("planning", f"{team}: Interoperability attempt", f"{ATTEMPT_CP} CP paid "
                         f"({ctx.state.cp[team]} left); {result}", ["17.1"], rolls=[roll]),
            team=team, about={"cp": team}, public_title=f"{team}: Interoperability attempt", public_text=result)
    return ok


def check_resupply(state: GameState, log_unit: Unit, recipient: Unit) -> None:
    """A logistics unit resupplies only its own nation's units (17.1).  Raises IllegalAction."""
    if active(state) and nation(state, log_unit) != nation(state, recipient):
        raise IllegalAction("17.1", f"{log_unit.uid} ({nation(state, log_unit)}) cannot resupply {recipient.uid} of "
                            f"another national force ({nation(state, recipient)})")


# ---------------------------------------------------------------- the card (sandbox stand-in)
def setup(ctx: Ctx, nations: dict[str, str], cubes: dict[str, int], add_card: Callable[..., Card]) -> None:
    """A scenario's 17.1 record (module doc): ``nations`` (uid -> nation, units of another nation
    than their team's), ``cubes`` (team -> 1..5).  Each team with cubes receives the card, free,
    through ``add_card`` (:func:`lcb_lab.games.lcb.rules.cards.jcc.add_card`, passed in by the
    scenario loaders): in its pool before the Action Stage, else already played and by the map."""
    if not cubes and not nations:
        return
    s = ctx.state
    s.optional_data["interop"] = {"nations": dict(nations), "cubes": dict(cubes), "played": [], "flags": {}}
    for team in sorted(cubes):
        card = next((c for c in s.cards.values() if c.team == team and c.name == CARD), None) \
            or add_card(ctx, team, CARD, free=True)
        if s.stage not in ("planning", "deployment"):
            card.where, card.deployed, card.face_up = "deployed", True, True
            s.optional_data["interop"]["played"].append(team)


def network_played(ctx: Ctx, link: CardPlay, ct: object, eff: object) -> bool:
    """Effect of the card's Deployment-Stage play (17.1): placed near the map with the team's
    cubes; from now on they count.  Always succeeds (no roll)."""
    team = link.team
    rec = ctx.state.optional_data.setdefault("interop", {"nations": {}, "cubes": {}, "played": [], "flags": {}})
    rec.setdefault("played", [])
    if team not in rec["played"]:
        rec["played"].append(team)
    cubes = rec.get("cubes", {}).get(team, 0)
    ctx.log(explain.step("interop", f"{team}: Interoperability Network placed near the map",
                         f"played for 0 CP and 0 AP with {cubes} cube(s): LRS at targets another nation revealed "
                         f"and INTERCEPT in defense of another nation {penalty(cubes):+d} (17.1; the card is a sandbox "
                         "stand-in, not in the box)", ["17.1", "3.24"]), team=team, card=link.card)
    return True


def check_buy(name: str) -> None:
    """The card is never bought: a scenario gives it (17.1).  Raises IllegalAction (17.1)."""
    if name == CARD:
        raise IllegalAction("17.1", f"the {CARD} card is not bought: a scenario with several nations gives it, "
                            "played for zero CP in the Deployment Stage")


def must_play(state: GameState, team: str) -> bool:
    """Whether ``team`` (17.1 on) still holds its Interoperability Network card in its pool: it
    must play it in the Deployment Stage."""
    return active(state) and not in_play(state, team) and any(
        c.team == team and c.name == CARD and c.where == "pool" for c in state.cards.values())


def check_end_deployment(state: GameState, team: str) -> None:
    """A team of several nations must play its card before it ends its Deployment Stage (17.1).
    Raises IllegalAction (17.1) while ``team``'s card is still in its pool."""
    if must_play(state, team):
        raise IllegalAction("17.1", f"{team} is a team of several nations: it must play its {CARD} card (zero CP) "
                            "in the Deployment Stage before ending it")
