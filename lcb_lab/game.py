"""Game: the step-wise impulse API over state + rules (3.3, 3.03, 7.010).

Typical impulse::

    g = load_scenario("gotland_redux", seed=1)
    g.begin_impulse("TF Boston")
    g.declare([{"kind": "move_combat", "units": ["DDG-51"]}])
    g.move(0, ["AL-28", "AL-27"])                          # non-combat first (3.38)
    g.commit_combat(lrs=[{"shooter": "DDG-51", "slot": "LRS1", "target": "1 Anna", "dice": 4}])
    g.pending                                              # the defender's Decision, or None
    g.answer([...]) / g.answer_policy("match_incoming")
    g.resolve_combat()
    g.end_impulse()

Every mutating call runs on a clone of the state and only replaces the
state when no rule refused it: an :class:`~lcb_lab.errors.IllegalAction`
leaves the game exactly as it was (design principle 6).
"""
from __future__ import annotations

from dataclasses import fields
from typing import Any, Callable

from . import explain
from .board import Board
from .catalog import Catalog
from .decisions import Decision, answer_with
from .dice import Dice
from . import inputs as I
from .errors import IllegalAction, LcbError
from .rules import combat, conceal, continuing, effects, movement, resupply, sequence
from .rules.common import Ctx, living_unit
from .rules import ground_assault as ga_rules
from .state import GameState
from .game_queries import GameQueries
from .persistence import GamePersistence


class Game(GameQueries, GamePersistence):
    """One game: state + board + catalog + dice, and the rules as methods."""

    def __init__(self, state: GameState, board: Board, catalog: Catalog, dice: Dice | None = None,
                 auto_policies: dict[str, str] | None = None):
        self.state = state
        self.board = board
        self.catalog = catalog
        self.dice = dice or Dice(seed=0)
        self.auto_policies = auto_policies
        """When set (e.g. ``{"intercept": "no_intercept"}`` or ``{}`` for all
        defaults), decisions are answered at once by these named policies."""
        self.map_name = "gotland"
        self.scenario_info = None  # the parsed scenario file, when loaded from one

    # ------------------------------------------------------------------ core
    def _ctx(self, state: GameState | None = None) -> Ctx:
        return Ctx(state or self.state, self.board, self.catalog, self.dice)

    def _transact(self, fn: Callable[[Ctx], Any]) -> Any:
        """Run ``fn`` on the live state; if a rule refuses, put everything back.

        The state object keeps its identity on success, so references held by
        callers (``game.state.units``) stay live (design principle 6).
        """
        snapshot = self.state.clone(share_log=True)
        log_len = len(self.state.log)
        dice_before = self.dice.state()
        history = list(self.dice.history)
        try:
            return fn(self._ctx())
        except Exception:
            for f in fields(GameState):
                setattr(self.state, f.name, getattr(snapshot, f.name))
            del self.state.log[log_len:]
            self.dice = Dice.from_state(dice_before)
            self.dice.history = history
            raise

    def _imp(self, ctx: Ctx):
        imp = ctx.state.impulse
        if imp is None:
            raise IllegalAction("3.3", "no impulse in progress")
        return imp

    def _action(self, ctx: Ctx, index: int):
        imp = self._imp(ctx)
        if imp.phase == "declare":
            raise IllegalAction("3.03", "declare the impulse's Core Actions first")
        index = I.check("action", I.INDEX, index)
        if not 0 <= index < len(imp.actions):
            raise IllegalAction("3.31", f"there is no declared action with index {index} "
                                f"(indexes 0..{len(imp.actions) - 1}; #1 in the log is index 0)")
        if imp.combat is not None and imp.phase != "combat_done":
            raise IllegalAction("3.38", "combat has been committed: resolve it before anything else")
        return imp.actions[index]

    # --------------------------------------------------------- sequence
    def relinquish_initiative(self) -> None:
        """The team with the initiative makes the other team go first (3.41)."""
        self._transact(sequence.relinquish)

    def begin_impulse(self, task_force: str) -> None:
        """Start ``task_force``'s impulse (3.3)."""
        task_force = I.check("begin_impulse", I.NAME, task_force)
        self._transact(lambda c: sequence.begin(c, task_force))

    def declare(self, actions: list[dict]) -> None:
        """Declare every Core Action of the impulse at once (3.03, 3.31).

        ``actions``: ``[{"kind": "move_combat", "units": ["DDG-51"]},
        {"kind": "play_jcc", "jcc": "P-8A: Surveillance"}, ...]``; an action may
        also name ``"markers": ["M1"]`` (MILDECs moving with the stack, or alone
        with MP 2 / 4 when ``units`` is empty, 5.17); kinds are
        ``move_combat``, ``move_conceal``, ``move_resupply``, ``play_jcc``,
        ``move_embarked_jcc`` and ``network_repair`` (2 AP, 7.61).
        """
        actions = I.check("declare", I.ACTIONS, actions)

        def run(c: Ctx):
            sequence.declare(c, actions)
            for i, d in enumerate(c.state.impulse.actions):
                if d.kind == sequence.NETWORK_REPAIR:
                    effects.network_cube(c, c.state.impulse.team, -1, "Tactical Network repair (2 AP)", ["7.61"])
                elif d.kind == "play_jcc":
                    effects.note_card(c, d.jcc)
        self._transact(run)

    def move(self, action: int, path: list[str], units: list[str] | None = None) -> None:
        """Move the stack of declared action ``action`` (0-based) along ``path`` (5.1).

        ``units``: only for the Combined Arms Movement exception (5.13): in a
        Move and/or Initiate Combat action, the GROUND ASSAULT units move on
        while the LRS units stay behind to fire; the stack then splits.
        """
        path = I.check("move", I.HEXES, path)
        units = None if units is None else I.check("move", I.NAMES, units)

        def run(c: Ctx):
            d = self._action(c, action)
            if d.moved:
                raise IllegalAction("5.16", f"action #{action + 1} has already moved")
            if not d.units and d.markers:
                p, over = movement.move_markers(c, d.markers, path)
                d.moved, d.path, d.over_mp = True, p, over
                return
            if d.kind == "play_jcc" or not d.units:
                raise IllegalAction("3.31", f"action #{action + 1} has no units to move")
            movers = [c.state.units[u] for u in d.units if not c.state.units[u].destroyed]
            if units is not None and set(units) != {u.uid for u in movers}:
                movers = self._combined_arms_movers(c, d, action, units)
            p, over = movement.move(c, movers, path, d.markers)
            d.moved, d.path, d.over_mp = True, p, over
        self._transact(run)

    def _combined_arms_movers(self, c: Ctx, d, action: int, units: list[str]) -> list:
        """Check the Combined Arms Movement exception (5.13) and return the moving units."""
        stay = [u for u in d.units if u not in units and not c.state.units[u].destroyed]
        if d.kind != "move_combat" or set(units) - set(d.units) or not units:
            raise IllegalAction("5.13", f"action #{action + 1}: a stack moves together; only a Move and/or "
                                "Initiate Combat action may leave its LRS units behind (Combined Arms Movement)")
        if not all(self.utype(u).cv("GA") for u in units) or not all(self.utype(u).cvs_of("LRS") for u in stay):
            raise IllegalAction("5.13", "Combined Arms Movement: the units that move must have a GROUND ASSAULT "
                                "value and the units that stay an LRS value")
        c.log(explain.step("move", "Combined Arms Movement",
                           f"{', '.join(stay)} stay to fire LRS while {', '.join(units)} move on; the stack splits "
                           "(1 AP)", ["5.13"]))
        return [c.state.units[u] for u in units]

    def _usable(self, c: Ctx, d, action: int, what: str) -> None:
        if d.over_mp:
            raise IllegalAction("5.14", f"action #{action + 1} moved one hex beyond its MP and can do nothing "
                                f"else ({what})")
        if d.split and not d.moved:
            raise IllegalAction("3.37", f"action #{action + 1} splits from its stack: move into the new hex first")

    def exercise_zor(self, action: int, into_hex: str) -> list[str]:
        """Ground ZOR of action ``action``'s stack into one adjacent hex (6.21)."""
        into_hex = I.check("exercise_zor", I.StrictStr, into_hex)

        def run(c: Ctx):
            d = self._action(c, action)
            if d.zor_used:
                raise IllegalAction("6.21", f"action #{action + 1} has already used its ZOR")
            units = [c.state.units[u] for u in d.units if not c.state.units[u].destroyed]
            if not units:
                raise IllegalAction("6.21", "no ground unit to exercise a ZOR")
            out = conceal.exercise_ground_zor(c, units, units[0].hex, into_hex)
            d.zor_used = True
            return [u.uid for u in out]
        return self._transact(run)

    def conceal(self, action: int, units: list[str] | None = None) -> None:
        """Conceal (all or some of) a Move and/or Conceal action's units (6.1, 3.36)."""
        units = None if units is None else I.check("conceal", I.NAMES, units)

        def run(c: Ctx):
            d = self._action(c, action)
            if d.kind != "move_conceal":
                raise IllegalAction("6.1", f"action #{action + 1} is {sequence.CORE_ACTION_NAMES[d.kind]}, "
                                    "not Move and/or Conceal")
            self._usable(c, d, action, "conceal")
            if d.concealed:
                raise IllegalAction("6.1", f"action #{action + 1} has already concealed")
            chosen = units or d.units
            if set(chosen) - set(d.units):
                raise IllegalAction("3.36", "only units of this action may conceal")
            marks = [c.state.markers[m] for m in d.markers if not c.state.markers[m].destroyed]
            if not chosen and not marks:
                raise IllegalAction("6.1", f"action #{action + 1} has nothing to conceal")
            conceal.conceal(c, [living_unit(c, u, "6.1") for u in chosen], marks if not chosen else [])
            d.concealed = True
        self._transact(run)

    def resupply(self, action: int, logistics: str, rv_slot: str, grants: list[dict]) -> None:
        """RESUPPLY by a logistics unit of a Move and/or Resupply action (8.0).

        ``grants``: ``[{"unit": "1 Tanya", "slot": "LRS1", "rp": 5}]``.
        """
        grants = I.check("resupply", I.GRANTS, grants)
        logistics = I.check("resupply", I.NAME, logistics)
        rv_slot = I.check("resupply", I.StrictStr, rv_slot)

        def run(c: Ctx):
            d = self._action(c, action)
            if d.kind != "move_resupply":
                raise IllegalAction("8.0", f"action #{action + 1} is not Move and/or Resupply")
            if logistics not in d.units:
                raise IllegalAction("3.36", f"{logistics} is not activated in action #{action + 1}")
            self._usable(c, d, action, "resupply")
            if logistics in c.state.impulse.resupplied:
                raise IllegalAction("8.01", f"{logistics} has already conducted a RESUPPLY this impulse")
            resupply.resupply(c, c.state.units[logistics], rv_slot, grants)
            c.state.impulse.resupplied.append(logistics)
            d.resupplied = True
        self._transact(run)

    def apply_effect(self, effect: dict) -> None:
        """Apply a scripted card effect (lessons; JCC texts are not simulated yet)."""
        effect = I.check("apply_effect", I.Effect, effect)
        self._transact(lambda c: effects.apply(c, effect))

    # ------------------------------------------------------------ combat
    def _combat_units(self, c: Ctx, attackers: set[str]) -> set[str]:
        """Units of Move and/or Initiate Combat actions; refuses attackers whose
        action cannot fight (5.14, 3.37)."""
        out: set[str] = set()
        for i, d in enumerate(self._imp(c).actions):
            if d.kind == "move_combat":
                if attackers & set(d.units):
                    self._usable(c, d, i, "combat")
                out.update(d.units)
        return out

    def commit_combat(self, lrs: list[dict] = (), ga: list[dict] = ()) -> Decision | None:
        """Commit all of the impulse's attacks at once (3.38, 7.03, 7.010).

        ``lrs``: ``[{"shooter", "slot", "target", "dice"}]``;
        ``ga``: ``[{"attacker", "target", "dice"}]``.  Returns the first
        pending decision of the defender (or None).  Units engaged in a
        Continuing Combat hex assault for 0 AP (7.22, and must when it is
        pending); unused LRS units of the Task Force in one hex may fire at a
        hex under GROUND ASSAULT for 0 AP and are then expended (7.18).
        """
        lrs = I.check("commit_combat lrs", I.LRS, I.as_list(lrs))
        ga = I.check("commit_combat ga", I.GA, I.as_list(ga))

        def run(c: Ctx):
            imp = self._imp(c)
            if imp.phase == "declare":
                raise IllegalAction("3.03", "declare the impulse's Core Actions first")
            if imp.combat is not None:
                raise IllegalAction("3.38", "all combat of an impulse is committed and resolved at the same time; "
                                    "it was already committed")
            attackers = {a["shooter"] for a in lrs} | {a["attacker"] for a in ga}
            active = self._combat_units(c, attackers)
            engaged = continuing.zero_ap_attackers(c, imp.task_force)          # 7.22, 7.25
            support = {a["shooter"] for a in lrs} - active - engaged
            continuing.combined_arms(c, lrs, ga, support)                    # 7.18
            combat.commit(c, list(lrs), list(ga), active | engaged | support)
            continuing.check_commit(c, ga)   # after the allocations' own checks (rolled back if refused)
            for uid in engaged & {a["attacker"] for a in ga}:
                c.state.units[uid].acted = True   # offensive combat once a turn (7.27)
            self._auto(c)
        self._transact(run)
        return self.pending

    def answer(self, value: Any) -> Decision | None:
        """Answer the pending decision; returns the next one (or None).

        Shapes: intercept -> list of {interceptor, slot, target, dice};
        ga_defence -> list of {defender, target, dice}; mildec -> {absorb}.
        """
        value = I.check("answer", I.ANSWER, value)
        d = self.pending
        if d is None:
            raise LcbError("no decision is pending")
        shape = {"intercept": I.INTERCEPTS, "ga_defence": I.DEFENCE, "mildec": I.MildecAnswer}[d.kind]
        value = I.check(f"answer to the {d.kind} decision", shape, value)

        def run(c: Ctx):
            combat.answer(c, value)
            self._auto(c)
            self._continue(c)
        self._transact(run)
        return self.pending

    def answer_policy(self, policy: str | None = None) -> Decision | None:
        """Answer the pending decision with a named policy (decisions.POLICIES)."""
        policy = I.check("answer_policy", I.POLICY, policy)
        d = self.pending
        if d is None:
            raise LcbError("no decision is pending")
        return self.answer(answer_with(d, policy))

    def _auto(self, c: Ctx) -> None:
        if self.auto_policies is None:
            return
        while (d := combat.pending(c)) is not None:
            combat.answer(c, answer_with(d, self.auto_policies.get(d.kind)))

    def _continue(self, c: Ctx) -> None:
        plan = c.state.impulse.combat
        if plan and plan.get("rolling") and not plan["queue"]:
            if combat.resolve(c):
                self._after_combat(c)
            else:
                self._auto(c)
                if not plan["queue"]:
                    self._continue(c)

    def resolve_combat(self) -> bool:
        """Roll and apply all committed combat (7.010). Returns True when done,
        False when it paused for a decision (see :attr:`pending`)."""
        def run(c: Ctx):
            plan = self._imp(c).combat
            if plan is None:
                raise IllegalAction("7.010", "no combat has been committed this impulse")
            plan["rolling"] = True
            done = combat.resolve(c)
            while not done and self.auto_policies is not None:
                self._auto(c)
                done = combat.resolve(c)
            if done:
                self._after_combat(c)
            return done
        return self._transact(run)

    def _after_combat(self, c: Ctx) -> None:
        plan = c.state.impulse.combat
        c.state.impulse.phase = "combat_done"
        plan["rolling"] = False
        continuing.after_combat(c, [e["hex"] for e in plan["engagements"] if e["type"] == "ga"])

    def armor_breakthrough(self, uid: str, dest: str) -> None:
        """Free 1-MP move of an armor unit out of a hex it cleared by GROUND ASSAULT (7.19-7.111)."""
        uid = I.check("armor_breakthrough", I.NAME, uid)
        dest = I.check("armor_breakthrough", I.StrictStr, dest)

        def run(c: Ctx):
            imp = self._imp(c)
            if imp.phase != "combat_done":
                raise IllegalAction("7.19", "an Armor Breakthrough follows a resolved GROUND ASSAULT")
            u = living_unit(c, uid, "7.19")
            if u.task_force != imp.task_force:
                raise IllegalAction("3.33", f"{uid} is not a unit of {imp.task_force}")
            ga_hexes = [e["hex"] for e in imp.combat["engagements"] if e["type"] == "ga"]
            used = imp.combat.setdefault("breakthrough", [])
            ga_rules.breakthrough(c, u, dest, ga_hexes, used)
        self._transact(run)

    def end_impulse(self) -> None:
        """End the impulse; the last one of the turn runs Initiative and Victory Checks."""
        self._transact(sequence.end)

    def clone(self) -> "Game":
        """An independent what-if copy (state and dice)."""
        g = Game(self.state.clone(), self.board, self.catalog, Dice.from_state(self.dice.state()),
                 dict(self.auto_policies) if self.auto_policies is not None else None)
        g.map_name = self.map_name
        g.scenario_info = self.scenario_info
        return g
