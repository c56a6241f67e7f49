"""Read-only questions a UI or script asks a Game (mixed into :class:`~lcb_lab.games.lcb.game.Game`).

Nothing here changes the game: reach, paths, ranges, ZOR, the INTERCEPT
umbrella, exact-odds previews, team views and the explained log.

The rules modules a question reads (combat and impulse sequence, movement, resupply, stacks, the
INTERCEPT umbrella) are imported by the question itself, at its first call: loading a game asks
none of them.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from lcb_lab.kernel import explain
from lcb_lab.games.lcb import hexes as lcb_hexes, observer, observer_cards, observer_table
from lcb_lab.games.lcb.io import inputs as I
from lcb_lab.games.lcb.choices import Choice
from lcb_lab.kernel.errors import IllegalAction, LabError
from lcb_lab.games.lcb.rules.movement import conceal
from lcb_lab.games.lcb.rules.common import Ctx
from lcb_lab.games.lcb.model.state import Unit, other

if TYPE_CHECKING:
    from lcb_lab.games.lcb import actions as A
    from lcb_lab.games.lcb.model.catalog import UnitType
    from lcb_lab.games.lcb.model.state import Impulse
    from lcb_lab.kernel.odds import ChanceStep


class GameQueries:
    """Queries over ``self.state`` / ``self.board`` / ``self.catalog`` (see Game)."""
    @property
    def log(self) -> list[dict]:
        """The game's log: explained entries (dicts), oldest first."""
        return self.state.log

    @property
    def impulse(self) -> Impulse | None:
        """The impulse under way, or None between impulses and outside the Action Stage."""
        return self.state.impulse

    @property
    def pending(self) -> Choice | None:
        """The decision the engine waits for (the top of ``state.choices``), or None."""
        import lcb_lab.games.lcb.rules.combat.sequence as combat_sequence
        return combat_sequence.pending(self._ctx())

    def chance_outcomes(self, action: A.Action | None = None,
                        viewer: str | None = None) -> ChanceStep | tuple[ChanceStep, ...]:
        """What the dice can do next, and how likely.  Draws nothing, changes nothing.

        Without ``action``, while chance acts (``to_act() == "chance"``: a committed combat waits
        for :class:`~lcb_lab.games.lcb.actions.ResolveCombat`, 7.010): a
        :class:`lcb_lab.kernel.odds.ChanceStep` for the next engagement to roll: its dice and
        ``outcomes`` ``((outcome, probability), ...)`` summing to 1 (an outcome is a tuple of
        ints, one per ``counts``, e.g. ``("HP lost by 1 Uran",)``), exactly the odds logged
        before the roll (:mod:`lcb_lab.games.lcb.rules.combat.chance`).  Raises LabError when no
        dice wait (naming who acts instead).

        With a typed ``action`` of the team to act: the tuple of ChanceSteps that act would
        roll inline (mines 13.33, ASW 14.14, TORPEDO ATTACK 14.08 / 14.011, a Proxy Force's or
        SOF marker's GROUND ASSAULT 13.12 / 13.41 and effect roll 13.12 / 13.14, card DETECT
        and success rolls 9.06 / 9.4, card ASW 14.15 and UUV attacks 14.12, the random Embarked
        card 10.311, a destroyed Proxy Force's influence roll 13.13; ``()`` when it rolls
        nothing; :mod:`lcb_lab.games.lcb.chance`).  Raises IllegalAction (rule, reason) for an
        act the rules refuse, LabError (one line) for dice it does not preview: the choices
        auto policies answer inside the act.

        ``viewer`` ("US", "RU"; None = the instructor, every unit counted): a team's form of an
        act's steps, computed from what that team knows (:func:`lcb_lab.games.lcb.observer.knows`):
        a hidden enemy submarine or a face-down ASW ship is neither named nor counted (the ZOR,
        ASW, TORPEDO ATTACK and submarine engagement previews then describe the search, not its
        result; :mod:`lcb_lab.games.lcb.rules.submarines.chance`).  Raises InputError for an
        unknown viewer.

        >>> g.chance_outcomes(AnswerMines(mines=(MineShot("DDG-51", 2),)))   # doctest: +SKIP
        (Mines in C-2 (rule 13.33)
          2 d20 hitting on 13 or less: mines C-2->DDG-51
          mine hits on DDG-51 = 0: 12.2%
          mine hits on DDG-51 = 1: 45.5%
          mine hits on DDG-51 = 2: 42.3%,)

        (the README's mines example staged this; ``tests/engine/test_chance_every_roll.py`` has one
        per roll kind.)
        """
        _check_viewer(viewer, "chance_outcomes")
        if action is not None:
            from lcb_lab.games.lcb.chance import act_outcomes
            return act_outcomes(self, action, viewer)
        from lcb_lab.games.lcb.actions import CHANCE
        who = self.to_act()
        if who != CHANCE:
            raise LabError("chance_outcomes: no dice wait to be rolled now ("
                           + (f"{who} acts)" if who else "the game is over)"))
        from lcb_lab.games.lcb.rules.combat.chance import chance_step
        return chance_step(self._ctx())

    def why_no_window(self, viewer: str | None = None) -> str:
        """Why :attr:`pending` is None, in one line with the rule (None is normal: e.g. no IAMD
        unit may intercept a committed LRS, 7.53); names the open window when there is one.
        ``viewer`` ("US"/"RU"; None = the instructor): the attacker is not told where the
        defender's IAMD units are. See :func:`lcb_lab.games.lcb.windows.why_no_window`."""
        from lcb_lab.games.lcb.windows import why_no_window
        _check_viewer(viewer, "why_no_window")
        return why_no_window(self._ctx(), None if viewer == observer.INSTRUCTOR else viewer)

    @property
    def stage(self) -> str:
        """The game's stage, public to every viewer: ``"planning"``, ``"deployment"``, ``"action"`` or
        ``"over"`` (3.0)."""
        return self.state.stage

    def available_task_forces(self) -> list[str]:
        """The Task Forces (ids) of the team due that may take the next impulse (3.03, 3.39); ``[]``
        during an impulse."""
        import lcb_lab.games.lcb.rules.stages.sequence as sequence
        return sequence.available_task_forces(self._ctx())

    def next_team(self) -> str | None:
        """The team due to take the next impulse (3.3: alternating, initiative first), or None when every
        Task Force has had its impulse this turn."""
        import lcb_lab.games.lcb.rules.stages.sequence as sequence
        return sequence.next_team(self._ctx())

    def unit(self, uid: str) -> Unit:
        """The unit ``uid``; UnknownName (an LabError and KeyError) when unknown."""
        return self.state.unit(uid)

    def utype(self, uid: str) -> UnitType:
        """The catalog type of unit ``uid``; UnknownName when the unit or its type is unknown."""
        return self.catalog.unit(self.state.unit(uid).type_id)

    def stack_of(self, uid: str) -> list[str]:
        """Designators of ``uid``'s stack, ``uid`` included (3.23): its Task Force's living
        units in its hex of its domain (ships and ground units never stack, 5.11), less
        units that joined it this turn (3.37); see :mod:`lcb_lab.games.lcb.rules.movement.stacks`.
        Raises UnknownName."""
        import lcb_lab.games.lcb.rules.movement.stacks as stacks
        return stacks.stack_of(self._ctx(), uid)

    def _known(self, viewer: str | None, uids, what: str) -> Ctx:
        """A Ctx over the state as ``viewer`` may know it (:func:`observer.known_state`);
        UnknownName for a unit it cannot name."""
        observer.check_known(self.state, viewer, uids, what)
        return self._ctx(observer.known_state(self.state, self.catalog, viewer))

    def movement_reach(self, uids: list[str], viewer: str | None = None) -> dict[str, int]:
        """{hex: MP spent} the stack could end in (5.12-5.18).

        ``viewer`` ("US"/"RU"; None = the instructor, the true state): computed on what that
        team may know -- an enemy counter it sees only as a back may stop a ground stack
        (5.18), whether it is a unit or a MILDEC (6.11; see :mod:`lcb_lab.games.lcb.observer`).
        """
        names = I.check("movement_reach", I.NAMES, list(uids) if isinstance(uids, (list, tuple)) else uids)
        ctx = self._known(viewer, names, "movement_reach")
        units = [ctx.state.unit(u) for u in names]
        if not units:
            raise LabError("movement_reach: name at least one unit")
        if any(u.moved or u.no_move or not u.on_map for u in units):
            return {units[0].hex: 0} if units[0].hex else {}
        import lcb_lab.games.lcb.rules.movement.move as move
        return move.reach(ctx, units)

    def path_to(self, uids: list[str], dest: str, viewer: str | None = None) -> list[str]:
        """Cheapest legal path for a stack to ``dest`` (hexes after the start; 5.12).

        ``viewer``: as for :meth:`movement_reach`; the path is legal in the true state too.
        """
        names = I.check("path_to", I.NAMES, list(uids) if isinstance(uids, (list, tuple)) else uids)
        ctx = self._known(viewer, names, "path_to")
        units = [ctx.state.unit(u) for u in names]
        if not units or not units[0].on_map:
            raise LabError("path_to: name units that are on the map")
        dest = I.check("path_to", I.StrictStr, dest)
        if dest not in self.board:
            raise LabError(f"path_to: {dest!r} is not a hex of the {self.board.name} map")
        import lcb_lab.games.lcb.rules.movement.move as move
        return move.path_to(ctx, units, dest)

    def preview_lrs(self, lrs: list, intercepts: list = (), committed: bool = False) -> dict[str, dict]:
        """Exact odds per target for planned allocations, before committing (7.02, 7.57).

        ``lrs``: typed :class:`~lcb_lab.games.lcb.actions.LrsAttack` parts or their dicts
        (``{"shooter", "slot", "target", "dice"}``); ``intercepts``: :class:`~lcb_lab.games.lcb.actions.Intercept`
        parts or dicts; ``committed``: ``lrs`` is the impulse's committed plan, whose supply
        was spent at the commit (so it is not checked again, 7.08).
        ``intercepts`` may name the attack they answer (``"shooter"``): those successes cancel
        only that shooter's hits (7.54, 7.57; see :mod:`lcb_lab.games.lcb.rules.combat.intercept`).
        Returns {target: {"p_destroy", "expected", "hp", "damage": [P(0), P(1), ...], "summary",
        "odds": EngagementOdds}};
        cannon artillery counts as unstoppable (7.52).  Raises IllegalAction for an
        INTERCEPT value the unit lacks, more INTERCEPT dice than its supply left (7.58; 7.55 for
        infinite supply) or a ``shooter`` that fires no LRS at the target.
        """
        from lcb_lab.games.lcb.rules.combat.odds import engagement_odds
        from lcb_lab.games.lcb.rules.combat.intercept import check_intercept_dice, odds_groups
        from lcb_lab.games.lcb.rules.combat.lrs import validate_lrs
        from lcb_lab.games.lcb.rules.combat.network import apply as apply_mods, lrs_modifiers, network_modifiers
        lrs = I.check("preview_lrs", I.LRS, _plain_parts(lrs))
        intercepts = I.check("preview_lrs", I.INTERCEPTS, _plain_parts(intercepts))
        ctx = self._ctx()
        validate_lrs(ctx, lrs, {a["shooter"] for a in lrs}, check_team=False, check_supply_left=not committed)
        imp = self.state.impulse
        cards = [a for a in (imp.combat.card_lrs if imp is not None and imp.combat is not None else [])]
        for i in intercepts:
            cv = ctx.cv(self.state.unit(i["interceptor"]), i["slot"])      # an Attached card's value too (9.32)
            if cv is None or cv.kind != "INT" or i["dice"] < 1:
                raise IllegalAction("7.5", f"{i['interceptor']} cannot roll {i['dice']} {i['slot']} INTERCEPT dice")
            if i["shooter"] is not None and not any(a["shooter"] == i["shooter"] and a["target"] == i["target"]
                                                    for a in lrs + cards):
                raise IllegalAction("7.54", f"{i['shooter']} makes no LRS attack on {i['target']}")
            _check_reach(ctx, i)
        check_intercept_dice(ctx, intercepts)       # the answer's supply check: no more dice than it has (7.58)
        out = {}
        for tgt in dict.fromkeys(a["target"] for a in lrs + cards):     # the committed cards' LRS too (9.05)
            t = self.state.unit(tgt)
            stop, unstop = [], []
            for a in lrs:
                if a["target"] != tgt:
                    continue
                s = self.state.unit(a["shooter"])
                mods = lrs_modifiers(self.state, self.board, s.team, t.hex, self.utype(tgt).is_naval, s.hex)
                cv = apply_mods(ctx.cv(s, a["slot"]).value, mods)
                if self.utype(s.uid).cannon_artillery:
                    unstop.append((int(a["dice"]), cv))
                else:
                    stop.append((s.uid, int(a["dice"]), cv))
            for a in cards:
                if a["target"] == tgt:
                    mods = lrs_modifiers(self.state, self.board, other(t.team), t.hex, self.utype(tgt).is_naval,
                                         a.get("hex"))
                    stop.append((a["shooter"], int(a["dice"]), apply_mods(a["cv"], mods)))
            ints = [(i["shooter"], int(i["dice"]), apply_mods(ctx.cv(self.state.unit(i["interceptor"]), i["slot"]).value,
                                                              network_modifiers(self.state, t.team)))
                    for i in intercepts if i["target"] == tgt]
            shots, pooled, answered = odds_groups(stop, ints)
            o = engagement_odds(shots, pooled, t.hp, unstoppable=unstop, answered=answered)
            out[tgt] = {"p_destroy": o.p_destroy, "expected": o.expected_damage, "hp": t.hp,
                        "damage": list(o.damage), "summary": o.summary(), "odds": o}
        return out

    def zero_ap_attackers(self) -> dict[str, list[str]]:
        """Units of the active Task Force that may attack without a declared action:
        ``{"continuing": [...]}`` may GROUND ASSAULT for 0 AP, engaged in Continuing Combat
        (7.22) or landed this turn into a contested hex (12.07), and
        ``{"combined_arms": [...]}`` unused LRS units that may support a GROUND ASSAULT
        declared as a Move and/or Initiate Combat action (7.18)."""
        imp = self.state.impulse
        if imp is None:
            return {"continuing": [], "combined_arms": []}
        ctx = self._ctx()
        import lcb_lab.games.lcb.rules.combat.continuing as continuing
        engaged = sorted(continuing.zero_ap_attackers(ctx, imp.task_force))
        # Combined Arms Activation needs a declared GROUND ASSAULT that pays its AP (7.18)
        assaulters = [u for d in imp.actions if d.kind == "move_combat" for u in d.units if self.utype(u).cv("GA")]
        support = [u.uid for u in self.state.tf_units(imp.task_force)
                   if u.on_map and not (u.acted or u.expended or u.paralysed) and self.utype(u.uid).cvs_of("LRS")]
        return {"continuing": engaged, "combined_arms": support if assaulters else []}

    def cv_range(self, uid: str, slot: str) -> list[str] | None:
        """Hexes within range of a CV (7.31); None means infinite range (a unit in a naval-zone place:
        only that place for a finite range, 7.41, 7.42)."""
        u, cv = self.state.unit(uid), self.utype(uid).cv(slot)
        if cv is None or u.hex is None:
            return []
        if cv.range is None:
            return None
        if self.board.is_zone_place(u.hex):      # 7.41-7.43: a finite range reaches only its own place
            return [u.hex]
        return [h.label for h in lcb_hexes.within(u.hex, cv.range) if h.label in self.board]

    def zor(self, uid: str) -> dict[str, list[str]]:
        """Ground ZOR candidates (adjacent hexes, 6.21) or naval ZOR (6.23)."""
        u = self.state.unit(uid)
        if u.hex is None:
            return {"ground": [], "naval": []}
        if self.utype(uid).is_naval:
            return {"ground": [], "naval": [h for h in conceal.naval_zor_hexes(self._ctx(), u.hex) if h != u.hex]}
        return {"ground": self.board.neighbours(u.hex), "naval": []}

    def intercept_umbrella(self, shooter: str, target: str, viewer: str | None = None) -> list[dict]:
        """Which IAMD values may intercept an LRS from ``shooter`` on ``target`` (7.53):
        dicts as :func:`rules.intercept.interceptor_options` gives them.

        ``viewer`` ("US"/"RU"; None = the instructor): on what that team may know; each
        counter of the target's team it sees only as a back is one entry ``{"uid":
        "hidden:<hex>:<n>", "hidden": True, "hex", "distance", "shooter_distance",
        "close_enough", "eligible": None, ...}`` -- it may hold an INTERCEPT value or not.
        """
        ctx = self._known(viewer, [shooter, target], "intercept_umbrella")
        s_hex, t = ctx.state.unit(shooter).hex, ctx.state.unit(target)
        from lcb_lab.games.lcb.rules.combat.intercept import umbrella
        out = umbrella(ctx, s_hex, target)
        closest = lcb_hexes.distance(s_hex, t.hex)
        for u in ctx.state.living(t.team):
            if observer.is_stand_in(u):
                d = lcb_hexes.distance(u.hex, t.hex)
                out.append({"uid": u.uid, "hidden": True, "slot": None, "hex": u.hex, "cv": None,
                            "range": None, "distance": d, "shooter_distance": closest, "in_range": None,
                            "close_enough": d <= closest, "has_supply": None, "eligible": None,
                            "max_dice": None, "reason": "concealed counter: it may or may not hold an "
                            "INTERCEPT value (7.53)"})
        return out

    def resupply_reach(self, uid: str, rv_slot: str = "RV1", viewer: str | None = None) -> dict[str, int]:
        """{hex: path length} a logistics unit's RV reaches (8.03, 8.05).

        ``viewer``: on what that team may know -- a hex with an enemy back is avoided as
        enemy-occupied (8.05), whether the back is a unit or a MILDEC (6.11).
        """
        ctx = self._known(viewer, [uid], "resupply_reach")
        import lcb_lab.games.lcb.rules.movement.resupply as resupply
        return resupply.resupply_reach(ctx, ctx.state.unit(uid), rv_slot)

    def view(self, team: str) -> dict:
        """What ``team`` (``"US"``, ``"RU"`` or ``"instructor"``) may see (principle 8).

        Adds the scenario's name, turn limit and the cards as the observer lets the team see
        them: ``cards`` (card dicts), ``hidden_cards`` (the other team's hidden cards, counted
        per place), ``card_markers`` and ``jccs`` (the names in each pool the team may see);
        ``marker_details`` (:func:`observer_cards.marker_details`), ``port_cubes`` and the table's
        public facts (:func:`observer_table.observe_table`: ``stage``, ``result``, ``tf_order``,
        ``task_forces``, ``ready``, ``planning_stages``, ``rulings``, ``chain``).
        """
        _check_viewer(team, "view")
        v = observer.observe(self.state, self.catalog, team)
        for c in v["counters"]:                  # the HP top with the Attached cards the team knows (9.31)
            if not c.get("back"):
                u = self.state.units[c["uid"]]
                c["hp_max"] = observer_table.hp_max_seen(self.state, self.catalog, self.decks, team, u)
        info = self.scenario_info
        v["scenario_name"] = info.scenario.name if info else self.state.scenario
        v["max_turns"] = self.state.max_turns
        seen = observer_cards.observe_cards(self.state, team)
        v["cards"] = seen["cards"]               # what the team may see of every card (9.02)
        v["hidden_cards"] = seen["hidden"]       # the other team's hidden cards: counts per place
        v["card_markers"] = observer_cards.observe_card_markers(self.state, team)
        teams = ("US", "RU") if team == "instructor" else (team,)
        v["jccs"] = {t: list(dict.fromkeys(c["name"] for c in seen["cards"] if c["team"] == t and c["where"] == "pool"))
                     for t in teams}                # the pool's card names (the widgets' list)
        v["marker_details"] = observer_cards.marker_details(self.state, team)
        v["port_cubes"] = observer_cards.observe_port_cubes(self.state, team)
        v.update(observer_table.observe_table(self.state, team))
        return v

    def marker_route(self, mid: str, dest: str, viewer: str | None = None) -> list[str] | None:
        """The cheapest path (hexes after its hex) of card marker ``mid`` to ``dest`` within its MP
        left: through water for a naval or landing-craft marker, 12.22, 13.21 (``rules/markers/isr.py
        marker_path``); None when out of reach.  ``viewer``: a team that must know the marker
        (LabError otherwise, as for a marker that does not exist or a hex off the map)."""
        from lcb_lab.games.lcb.rules.markers import isr
        m = self.state.card_markers.get(mid)
        if m is None or not observer.knows(self.state, viewer, m):
            raise LabError(f"marker_route: no card marker {mid!r} this view knows")
        if dest not in self.board:
            raise LabError(f"marker_route: {dest!r} is not a hex of the {self.board.name} map")
        naval = bool(m.data.get("naval") or m.data.get("amphibious") or m.data.get("littoral"))
        return isr.marker_path(self._ctx(), naval, m.hex, dest, m.mp)

    def ship_load(self, ship: str, viewer: str = "instructor") -> dict | None:
        """Ship ``ship``'s load (``rules/embarking/embark.py load``: ``{"ship", "units", "cards",
        "gpsv", "asv", "gpsv_max", "asv_max", "gpsv_units", ...}``) as ``viewer`` may know it
        (:func:`observer.observe_load`: all for its own team and the instructor; the other team
        its units and a count of its cards while it sees the ship face up; else None)."""
        from lcb_lab.games.lcb.rules.embarking import embark
        _check_viewer(viewer, "ship_load")
        return observer.observe_load(self.state, embark.load(self._ctx(), ship), viewer)

    def redact_names(self, text: str, viewer: str = "instructor") -> str:
        """``text`` with each counter ``viewer`` may not know named "an unseen counter"
        (:func:`observer_table.redact_names`; e.g. a refusal's reason shown in a team view)."""
        _check_viewer(viewer, "redact_names")
        return observer_table.redact_names(self.state, viewer, text)

    def log_entries(self, team: str = "instructor", since: int = 0, until: int | None = None) -> list[dict]:
        """Log entries ``since``..``until`` (indexes into ``game.log``) as ``team`` reads them
        (:func:`observer.redact`): the full entry for the instructor and the entry's own
        team, its public form for the other team, nothing when that has none."""
        _check_viewer(team, "log_entries")
        return observer.redact_log(self.state.log[since:until], team)

    def explained_log(self, team: str = "instructor", since: int = 0) -> str:
        """The log ``team`` may read, as text with rule numbers."""
        return explain.render_log(self.log_entries(team, since), ("impulse_start",))


def _check_reach(ctx: Ctx, i: dict) -> None:
    """7.53 for a previewed INTERCEPT ``i``: the target hex within the value's range (the
    distance rule is left to the answer: a preview may weigh a pooled what-if). Raises IllegalAction."""
    u, t = ctx.state.unit(i["interceptor"]), ctx.state.unit(i["target"])
    if u.hex is None or t.hex is None:
        return
    d, cv = lcb_hexes.distance(u.hex, t.hex), ctx.cv(u, i["slot"])
    if not cv.in_range(d):
        raise IllegalAction("7.53", f"{u.uid} is {d} hexes from {t.uid}; its INTERCEPT reaches {cv.range} hexes")


def _check_viewer(team, what: str) -> None:
    """A team name the observer knows: ``"US"``, ``"RU"`` or ``"instructor"`` (None: the
    instructor). Raises InputError -- a typo such as ``"us"`` would otherwise show a blank board."""
    if team is not None and team not in ("US", "RU", observer.INSTRUCTOR):
        from lcb_lab.kernel.errors import InputError
        raise InputError(what, "team", f"{team!r} is not a team: use 'US', 'RU' or 'instructor'")


def _plain_parts(parts):
    """Typed allocation parts (lcb_lab.games.lcb.actions) as the dicts the rules take; dicts unchanged."""
    import dataclasses
    if isinstance(parts, (list, tuple)):
        return [dataclasses.asdict(p) if dataclasses.is_dataclass(p) and not isinstance(p, type) else p
                for p in parts]
    return parts
