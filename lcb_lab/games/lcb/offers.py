"""What the lab offers: a view's legal actions, sorted for dropdowns and buttons (3.3).

The lab never lists an option of its own making: :func:`offers` asks
:meth:`Game.legal_actions` (concrete actions and
:class:`~lcb_lab.games.lcb.legal_templates.Template` families) and :class:`Offers` answers the
widgets' questions -- which Task Forces may begin, which Core Action kinds,
units and JCCs may be declared, which declared actions may move / ZOR /
conceal / resupply, which shooters, CVs and targets a combat allocation may
name and with how many dice, which INTERCEPT / defense dice an answer may
use, and whether *Relinquish*, *End impulse*, *Resolve* are listed.

Hidden information: in a team view only that team's legal actions are
computed -- when the game waits for the other team (or for nobody) the view
gets :data:`NOTHING`.  The instructor is offered what the team to act may do.
The roll of committed combat (:data:`~lcb_lab.games.lcb.actions.CHANCE`) is offered to
the impulse's team and the instructor.

Game-side (the rules decide what is offered): no UI import; the lab reads it through
:mod:`lcb_lab.games.lcb.view_model`.

>>> from lcb_lab import load_scenario
>>> o = offers(load_scenario("gotland_redux", seed=1), "US")
>>> o.task_forces, o.relinquish
(['TF Memphis', 'TF Boston'], True)
>>> offers(load_scenario("gotland_redux", seed=1), "RU") == NOTHING
True
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Sequence

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.actions import CHANCE
from lcb_lab.kernel.errors import LabError
from lcb_lab.games.lcb.legal_templates import Template

if TYPE_CHECKING:  # pragma: no cover
    from lcb_lab.games.lcb.game import Game

VIEWS = ("US", "RU", "instructor")
STAGES = ("planning", "deployment")
"""The stages both teams play side by side (3.1, 3.2): a team view is offered its own actions."""


@dataclass(frozen=True)
class Offers:
    """The legal actions one view may use now (``team``: whose they are; None: none offered).

    ``actions`` is :meth:`Game.legal_actions`'s list as computed; ``ap`` the AP of the
    impulse being declared (0 otherwise).  Every accessor only reads ``actions``."""

    team: str | None = None
    actions: tuple = ()
    ap: int = 0

    # ------------------------------------------------------------ helpers
    def _of(self, cls) -> list:
        return [a for a in self.actions if isinstance(a, cls)]

    def template(self, kind: str) -> list[Template]:
        """The templates of ``kind`` (``"declare"``, ``"commit_combat"``, ``"answer"``, ``"resupply"``)."""
        return [a for a in self.actions if isinstance(a, Template) and a.kind == kind]

    def has(self, action: A.Action) -> bool:
        """Is this concrete action listed?"""
        return action in self.actions

    # ------------------------------------------------------------ between impulses (3.3, 3.41)
    @property
    def task_forces(self) -> list[str]:
        """Task Forces that may begin the next impulse (3.3)."""
        return [a.task_force for a in self._of(A.BeginImpulse)]

    @property
    def relinquish(self) -> bool:
        """May the team relinquish the initiative (3.41)?"""
        return self.has(A.Relinquish())

    # ------------------------------------------------------------ declarations (3.03, 3.31)
    @property
    def declarations(self) -> list[A.CoreAction]:
        """Each single Core Action that may be declared (every listed one-action Declare)."""
        return [a.actions[0] for a in self._of(A.Declare) if len(a.actions) == 1]

    def kinds(self) -> list[str]:
        """Core Action kinds with at least one legal declaration, in the engine's order."""
        return list(dict.fromkeys(c.kind for c in self.declarations))

    def units_for(self, kind: str) -> list[str]:
        """Units named by a legal ``kind`` declaration (one unit or one stack, 3.31, 3.36)."""
        return list(dict.fromkeys(u for c in self.declarations if c.kind == kind for u in c.units))

    def jccs(self) -> list[str]:
        """JCC names that may be played (``play_jcc``, 3.31)."""
        return list(dict.fromkeys(c.jcc for c in self.declarations if c.kind == "play_jcc" and c.jcc))

    # ------------------------------------------------------------ the declared actions (3.36, 3.38)
    def moves(self, aid: int) -> dict[str, A.Move]:
        """{destination: Move with its cheapest path} of declared action ``aid`` (5.1)."""
        return {a.path[-1]: a for a in self._of(A.Move) if a.action == aid and a.path}

    def zor(self, aid: int) -> list[str]:
        """Hexes declared action ``aid``'s stack may exercise ground ZOR into (6.21)."""
        return [a.hex for a in self._of(A.ExerciseZor) if a.action == aid]

    def conceal(self, aid: int) -> bool:
        """May declared action ``aid`` conceal its units (6.1)?"""
        return any(a.action == aid for a in self._of(A.Conceal))

    def resupply(self, aid: int | None = None) -> list[Template]:
        """RESUPPLY templates (of declared action ``aid``, or all); each one logistics unit and RV (8.0)."""
        return [t for t in self.template("resupply") if aid is None or t.options[0].action == aid]

    def grants(self, logistics: str, rv_slot: str | None = None) -> dict[str, list[str]]:
        """{unit: [CV slots]} ``logistics`` may grant RP to (from its RV ``rv_slot``, or any), 8.0-8.03."""
        out: dict[str, list[str]] = {}
        for t in self.template("resupply"):
            for o in t.options:
                if o.logistics == logistics and rv_slot in (None, o.rv_slot):
                    g = o.grants[0]
                    out.setdefault(g.unit, [])
                    if g.slot not in out[g.unit]:
                        out[g.unit].append(g.slot)
        return out

    def rv_slots(self, logistics: str) -> list[str]:
        """The RVs of ``logistics`` with something to grant."""
        return list(dict.fromkeys(t.options[0].rv_slot for t in self.template("resupply")
                                  if t.options[0].logistics == logistics))

    def rp(self, logistics: str, rv_slot: str) -> int:
        """RP ``logistics`` may grant from ``rv_slot`` in all (0: nothing to grant)."""
        return next((t.limits["rp"] for t in self.template("resupply")
                     if (t.options[0].logistics, t.options[0].rv_slot) == (logistics, rv_slot)), 0)

    @property
    def end(self) -> bool:
        """May the impulse end now (3.3)?"""
        return self.has(A.EndImpulse())

    # ------------------------------------------------------------ combat (7.03, 7.010)
    @property
    def combat(self) -> Template | None:
        """The ``commit_combat`` template (None: no combat may be committed now)."""
        return next(iter(self.template("commit_combat")), None)

    def _attacks(self) -> tuple:
        t = self.combat
        return t.options if t is not None else ()

    def shooters(self) -> list[str]:
        """Units with at least one legal LRS or GROUND ASSAULT attack."""
        return list(dict.fromkeys(o.shooter if isinstance(o, A.LrsAttack) else o.attacker for o in self._attacks()))

    def slots(self, shooter: str) -> list[str]:
        """The CVs ``shooter`` may attack with: its LRS slots, then ``"GA"``."""
        lrs = [o.slot for o in self._attacks() if isinstance(o, A.LrsAttack) and o.shooter == shooter]
        ga = ["GA"] if any(isinstance(o, A.GroundAssault) and o.attacker == shooter for o in self._attacks()) else []
        return list(dict.fromkeys(lrs)) + ga

    def targets(self, shooter: str, slot: str) -> list[str]:
        """Enemy units ``shooter``'s ``slot`` may attack (range 7.31, revealed 7.32, same hex 7.12)."""
        if slot == "GA":
            return [o.target for o in self._attacks() if isinstance(o, A.GroundAssault) and o.attacker == shooter]
        return [o.target for o in self._attacks()
                if isinstance(o, A.LrsAttack) and (o.shooter, o.slot) == (shooter, slot)]

    def max_dice(self, shooter: str, slot: str) -> int:
        """Most dice ``shooter`` may roll with ``slot`` (its supply; 4 for infinite supply, 7.34)."""
        t = self.combat
        return int(t.limits["max_dice"].get(f"{shooter}/{slot}", 0)) if t is not None else 0

    @property
    def resolve(self) -> bool:
        """May the committed combat be rolled now (7.010)?"""
        return self.has(A.ResolveCombat())

    # ------------------------------------------------------------ answers (7.13, 7.54, 4.22)
    @property
    def may_answer(self) -> bool:
        """Is any answer to the pending choice listed?"""
        return bool(self._of(A.Answer) or self.template("answer"))

    def intercepts(self) -> dict[tuple[str, str, str], int]:
        """{(interceptor, slot, target): most dice} of the INTERCEPT answer template (7.54)."""
        t = next(iter(self.template("answer")), None)
        if t is None:
            return {}
        lim = t.limits["max_dice"]
        return {(o.interceptor, o.slot, o.target): int(lim[f"{o.interceptor}/{o.slot}"])
                for o in t.options if isinstance(o, A.Intercept)}

    def defense(self) -> dict[str, tuple[list[str], int]]:
        """{defender: ([attackers it may fire at], most dice)} of the defense answer template (7.13)."""
        t = next(iter(self.template("answer")), None)
        if t is None:
            return {}
        out: dict[str, tuple[list[str], int]] = {}
        for o in t.options:
            if isinstance(o, A.Defense):
                out.setdefault(o.defender, ([], int(t.limits["max_dice"][f"{o.defender}/GA"])))[0].append(o.target)
        return out

    def absorb(self) -> list[int]:
        """HP the MILDECs may absorb (4.22): each listed ``AnswerMildec(absorb=k)``."""
        return [a.absorb for a in self._of(A.AnswerMildec)]


    # ------------------------------------------------------------ cards (3.1, 3.2, 3.31, 9.0-9.5)
    def _listed(self, cls, kind: str) -> list:
        """Concrete ``cls`` actions, and the options of ``kind`` templates that are ``cls``."""
        out = list(self._of(cls))
        for t in self.template(kind):
            out += [o for o in t.options if isinstance(o, cls)]
        return list(dict.fromkeys(out))

    def card_plays(self) -> list[A.PlayCard]:
        """Card uses listed (3.31, 9.2): each a ``PlayCard`` naming the card (cid), its option, the
        declared Core Action paying for it (None: a deployed Persistent card's free use) and, when
        the engine lists them, its targets; a ``play_card`` template contributes its options."""
        return self._listed(A.PlayCard, "play_card")

    def buys(self) -> list[A.BuyCard]:
        """Purchases listed for the Planning Stage (3.12, 9.3, 10.0)."""
        return self._listed(A.BuyCard, "buy_card")

    @property
    def end_planning(self) -> bool:
        """May the team end its Planning Stage (3.13)?"""
        return bool(self._of(A.EndPlanning))

    def deploys(self) -> list[A.DeployUnit]:
        """Unit placements listed for the Deployment Stage (3.21, 10.0)."""
        return self._listed(A.DeployUnit, "deploy_unit")

    def places(self) -> list[A.PlaceCard]:
        """Card placements listed for the Deployment Stage (9.31, 10.0, 3.2)."""
        return self._listed(A.PlaceCard, "place_card")

    def deployment_orders(self) -> list[str]:
        """The teams the initiative team may name to play its Deployment-Stage cards first (9.5)."""
        return [a.first for a in self._of(A.DeploymentOrder)]

    @property
    def end_deployment(self) -> bool:
        """May the team end its Deployment Stage (3.22)?"""
        return bool(self._of(A.EndDeployment))


NOTHING = Offers()
"""What a view is offered when it is not its turn (hidden information: nothing is computed)."""


def acting_team(game: "Game", viewer: str) -> str | None:
    """Whose legal actions ``viewer`` ("US" / "RU" / "instructor") is offered now: the team
    :meth:`Game.to_act` names (:data:`CHANCE` for the roll: the impulse's team and the
    instructor), or None when the view is offered nothing."""
    stage = game.state.stage
    if stage in STAGES and viewer != "instructor":
        # Planning and Deployment: each team acts on its own until it is done (3.1, 3.2)
        return viewer if viewer not in game.state.ready else None
    who = game.to_act()
    if who is None:
        return None
    if viewer == "instructor":
        return who
    if who == CHANCE:
        imp = game.state.impulse
        return CHANCE if imp is not None and imp.team == viewer else None
    return who if who == viewer else None


def offers(game: "Game", viewer: str) -> Offers:
    """What ``viewer`` ("US", "RU" or "instructor") is offered now (see the module docstring).

    In a team view the other team's legal actions are never computed. Raises ValueError
    for an unknown viewer."""
    if viewer not in VIEWS:
        raise ValueError(f"viewer must be one of {', '.join(VIEWS)}, not {viewer!r}")
    team = acting_team(game, viewer)
    if team is None:
        return NOTHING
    imp = game.state.impulse
    ap = imp.ap if imp is not None and imp.phase == "declare" else 0
    return Offers(team, tuple(game.legal_actions(team)), ap)


def refusal(game: "Game", action: A.Action) -> LabError | None:
    """Why the rules refuse ``action`` now (the engine's own error, naming its rule), or None
    when it is legal.  Tried on a fork: ``game`` is untouched."""
    if game.is_legal(action):
        return None
    try:
        game.fork().apply(action)
    except LabError as e:
        return e
    return None   # pragma: no cover - is_legal and apply agree


def declaration_refusal(game: "Game", pending: Sequence[A.CoreAction], new: A.CoreAction) -> LabError | None:
    """Why ``new`` may not join the declaration being built (``pending``): the engine's
    refusal of ``Declare(pending + [new])`` -- e.g. no AP left (3.32) or a unit named twice
    (3.31) -- or None when the declaration stays legal."""
    return refusal(game, A.Declare(tuple(pending) + (new,)))


def team_offers(game: "Game", team: str) -> Offers:
    """``team``'s own legal actions in the Planning or Deployment Stage (3.1, 3.2: both teams
    act side by side), e.g. for the instructor's Planning panel with a team picked; nothing
    once the team is done with the stage or in another stage."""
    s = game.state
    if s.stage not in STAGES or team not in ("US", "RU") or team in s.ready:
        return NOTHING
    return Offers(team, tuple(game.legal_actions(team)), 0)


def card_plays(game: "Game", offer: Offers) -> list[A.PlayCard]:
    """The card uses ``offer`` lists (:meth:`Offers.card_plays`: ``game.legal_actions`` lists each
    declared *Play a JCC* card and each deployed Persistent card's free use, one ``PlayCard`` per
    option and target it allows, 3.31, 9.2)."""
    return offer.card_plays()
