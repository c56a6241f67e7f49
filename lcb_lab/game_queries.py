"""Read-only questions a UI or script asks a Game (mixed into :class:`~lcb_lab.game.Game`).

Nothing here changes the game: reach, paths, ranges, ZOR, the INTERCEPT
umbrella, exact-odds previews, team views and the explained log.
"""
from __future__ import annotations

from . import explain, hexgrid
from . import inputs as I
from .decisions import Decision
from .errors import IllegalAction, LcbError
from .rules import combat, conceal, continuing, movement, resupply, sequence, stacks
from .rules.intercept import umbrella
from .state import Unit
from .visibility import team_view


class GameQueries:
    """Queries over ``self.state`` / ``self.board`` / ``self.catalog`` (see Game)."""
    @property
    def log(self) -> list[dict]:
        return self.state.log

    @property
    def impulse(self):
        return self.state.impulse

    @property
    def pending(self) -> Decision | None:
        """The decision the engine waits for, or None."""
        if self.state.impulse is None or not self.state.impulse.combat:
            return None
        return combat.pending(self._ctx())

    def available_task_forces(self) -> list[str]:
        return sequence.available_task_forces(self._ctx())

    def next_team(self) -> str | None:
        return sequence.next_team(self._ctx())

    def unit(self, uid: str) -> Unit:
        return self.state.unit(uid)

    def utype(self, uid: str):
        return self.catalog.unit(self.state.unit(uid).type_id)

    def stack_of(self, uid: str) -> list[str]:
        """Designators of ``uid``'s stack, ``uid`` included (3.23): its Task Force's living
        units in its hex of its domain (ships and ground units never stack, 5.11), less
        units that joined it this turn (3.37); see :mod:`lcb_lab.rules.stacks`.
        Raises UnknownName."""
        return stacks.stack_of(self._ctx(), uid)

    def movement_reach(self, uids: list[str]) -> dict[str, int]:
        """{hex: MP spent} the stack could end in (5.12-5.18)."""
        ctx = self._ctx()
        units = [ctx.state.unit(u) for u in I.check("movement_reach", I.NAMES, list(uids) if
                                                    isinstance(uids, (list, tuple)) else uids)]
        if not units:
            raise LcbError("movement_reach: name at least one unit")
        if any(u.moved or u.no_move or not u.on_map for u in units):
            return {units[0].hex: 0} if units[0].hex else {}
        return movement.reach(ctx, units)

    def path_to(self, uids: list[str], dest: str) -> list[str]:
        """Cheapest legal path for a stack to ``dest`` (hexes after the start; 5.12)."""
        ctx = self._ctx()
        units = [ctx.state.unit(u) for u in I.check("path_to", I.NAMES, list(uids) if
                                                    isinstance(uids, (list, tuple)) else uids)]
        if not units or not units[0].on_map:
            raise LcbError("path_to: name units that are on the map")
        if not isinstance(dest, str) or dest not in self.board:
            raise LcbError(f"path_to: {dest!r} is not a hex of the {self.board.name} map")
        return movement.path_to(ctx, units, dest)

    def preview_lrs(self, lrs: list[dict], intercepts: list[dict] = ()) -> dict[str, dict]:
        """Exact odds per target for planned allocations, before committing (7.02, 7.57).

        Returns {target: {"p_destroy", "expected", "hp", "damage": [P(0), P(1), ...], "summary",
        "odds": EngagementOdds}};
        cannon artillery counts as unstoppable (7.52).
        """
        from .odds import engagement_odds
        from .rules.lrs import validate_lrs
        from .rules.network import apply as apply_mods, lrs_modifiers, network_modifiers
        lrs = I.check("preview_lrs", I.LRS, list(lrs))
        intercepts = I.check("preview_lrs", I.INTERCEPTS, list(intercepts))
        validate_lrs(self._ctx(), lrs, {a["shooter"] for a in lrs}, check_team=False)
        for i in intercepts:
            cv = self.utype(i["interceptor"]).cv(i["slot"])
            if cv is None or cv.kind != "INT" or i["dice"] < 1:
                raise IllegalAction("7.5", f"{i['interceptor']} cannot roll {i['dice']} {i['slot']} INTERCEPT dice")
        out = {}
        for tgt in dict.fromkeys(a["target"] for a in lrs):
            t = self.state.unit(tgt)
            stop, unstop = [], []
            for a in lrs:
                if a["target"] != tgt:
                    continue
                s = self.state.unit(a["shooter"])
                mods = lrs_modifiers(self.state, self.board, s.team, t.hex, self.utype(tgt).is_naval)
                cv = apply_mods(self.utype(s.uid).cv(a["slot"]).value, mods)
                (unstop if self.utype(s.uid).cannon_artillery else stop).append((int(a["dice"]), cv))
            ints = [(int(i["dice"]), apply_mods(self.utype(i["interceptor"]).cv(i["slot"]).value,
                                                network_modifiers(self.state, t.team)))
                    for i in intercepts if i["target"] == tgt]
            o = engagement_odds(stop, ints, t.hp, unstoppable=unstop)
            out[tgt] = {"p_destroy": o.p_destroy, "expected": o.expected_damage, "hp": t.hp,
                        "damage": list(o.damage), "summary": o.summary(), "odds": o}
        return out

    def zero_ap_attackers(self) -> dict[str, list[str]]:
        """Units of the active Task Force that may attack without a declared action:
        ``{"continuing": [...]}`` engaged in Continuing Combat (7.22) and
        ``{"combined_arms": [...]}`` unused LRS units that may support a GROUND ASSAULT (7.18)."""
        imp = self.state.impulse
        if imp is None:
            return {"continuing": [], "combined_arms": []}
        ctx = self._ctx()
        engaged = sorted(continuing.zero_ap_attackers(ctx, imp.task_force))
        assaulters = engaged + [u for d in imp.actions if d.kind == "move_combat" for u in d.units
                                if self.utype(u).cv("GA")]
        support = [u.uid for u in self.state.tf_units(imp.task_force)
                   if u.on_map and not (u.acted or u.expended or u.paralysed) and self.utype(u.uid).cvs_of("LRS")]
        # Combined Arms Activation needs a GROUND ASSAULT to support (7.18)
        return {"continuing": engaged, "combined_arms": support if assaulters else []}

    def cv_range(self, uid: str, slot: str) -> list[str] | None:
        """Hexes within range of a CV (7.31); None means infinite range."""
        u, cv = self.state.unit(uid), self.utype(uid).cv(slot)
        if cv is None or u.hex is None:
            return []
        if cv.range is None:
            return None
        return [h.label for h in hexgrid.within(u.hex, cv.range) if h.label in self.board]

    def zor(self, uid: str) -> dict[str, list[str]]:
        """Ground ZOR candidates (adjacent hexes, 6.21) or naval ZOR (6.23)."""
        u = self.state.unit(uid)
        if u.hex is None:
            return {"ground": [], "naval": []}
        if self.utype(uid).is_naval:
            return {"ground": [], "naval": [h for h in conceal.naval_zor_hexes(self._ctx(), u.hex) if h != u.hex]}
        return {"ground": self.board.neighbours(u.hex), "naval": []}

    def intercept_umbrella(self, shooter: str, target: str) -> list[dict]:
        """Which IAMD values may intercept an LRS from ``shooter`` on ``target`` (7.53)."""
        return umbrella(self._ctx(), self.state.unit(shooter).hex, target)

    def resupply_reach(self, uid: str, rv_slot: str = "RV1") -> dict[str, int]:
        return resupply.resupply_reach(self._ctx(), self.state.unit(uid), rv_slot)

    def view(self, team: str) -> dict:
        """What ``team`` (``"US"``, ``"RU"`` or ``"instructor"``) may see (principle 8).

        Adds the scenario's name, turn limit and the JCCs the team holds
        (both teams' for the instructor).
        """
        v = team_view(self.state, self.catalog, team)
        info = self.scenario_info
        v["scenario_name"] = info.scenario.name if info else self.state.scenario
        v["max_turns"] = self.state.max_turns
        jccs = self.state.jccs
        v["jccs"] = {t: list(c) for t, c in jccs.items()} if team == "instructor" else {team: list(jccs.get(team, []))}
        return v

    def log_entries(self, team: str = "instructor", since: int = 0, until: int | None = None) -> list[dict]:
        """Log entries ``since``..``until`` (list indexes) that ``team`` may read; the
        instructor reads all but the other team's shortened copies of declarations."""
        if team == "instructor":
            return [e for e in self.state.log[since:until] if not e.get("public_copy")]
        return [e for e in self.state.log[since:until] if team in e.get("visible_to", (team,))]

    def explained_log(self, team: str = "instructor", since: int = 0) -> str:
        """The log ``team`` may read, as text with rule numbers."""
        return explain.render_log(self.log_entries(team, since))
