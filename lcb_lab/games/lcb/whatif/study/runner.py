"""``study(game, plan, runs, seed, workers)``: an LC:B plan played ``runs`` times, serially or on Dask distributed.

The runner is the kernel's (:func:`lcb_lab.kernel.study.run_study`: chunks of consecutive run
indices, serial or on a ``distributed.LocalCluster`` / scheduler address / ``Client``, the outcomes
gathered as they come with a ``tqdm.auto`` bar and put back in index order, so **the same seed
gives the same study whatever the workers or the chunk size**); LC:B gives it its hooks
(:data:`lcb_lab.games.lcb.whatif.study.run.HOOKS`: the plan's acts, the continuation, the outcome
as a viewer may know it) and adds the exact odds (:mod:`.exact`) and a team's notes.

``workers``: ``0`` / ``1`` serial; ``None`` a LocalCluster on the machine's cores; ``k >= 2`` a
LocalCluster of ``k`` processes; ``"tcp://host:8786"`` a running scheduler; a ``Client`` as it
is.  Dask is imported only when a cluster is used: ``import lcb_lab`` never imports it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from lcb_lab.games.lcb.model.state import TEAMS
from lcb_lab.games.lcb.whatif.study.exact import MAX_WORLDS, exact_odds
from lcb_lab.games.lcb.whatif.study.plan import Plan
from lcb_lab.games.lcb.whatif.study.result import StudyResult
from lcb_lab.games.lcb.whatif.study.run import HOOKS, team_view
from lcb_lab.games.lcb.whatif.worlds import has_backs
from lcb_lab.kernel.errors import LabError
from lcb_lab.kernel.observer import all_seeing
from lcb_lab.kernel.study import chunks, default_chunk, run_study

__all__ = ["study", "study_notes", "chunks", "default_chunk"]

if TYPE_CHECKING:
    from lcb_lab.games.lcb.game import Game


def study(game: "Game", plan: Plan, runs: int = 1000, seed: int = 0, workers: Any = None,
          progress: bool = True, viewer: str | None = None, chunk: int | None = None,
          on_progress: Callable[[int, int], None] | None = None) -> StudyResult:
    """Play ``plan`` from ``game``'s state ``runs`` times (module doc) and return the
    :class:`~lcb_lab.games.lcb.whatif.study.result.StudyResult`, with the exact odds where they exist.

    ``game``: the start (not changed; each run plays a clone); ``seed``: the study's seed (an int
    >= 0); ``viewer``: "US" / "RU" for that team's study -- each run in a world sampled from the
    team's knowledge, the outcomes as the team may see them (:mod:`.run`) -- or None (the
    instructor: the true board);
    ``chunk``: runs per task (default :func:`default_chunk`); ``on_progress(done, runs)``: called as
    chunks come in (the lab's own bar).  Raises LabError for a ``game`` or ``plan`` of another type,
    ``runs < 1``, a bad seed, chunk or
    ``workers``, a viewer that is neither a team nor the instructor, or a scheduler address no
    scheduler answers (:data:`lcb_lab.kernel.study.CONNECT_TIMEOUT`)."""
    from lcb_lab.games.lcb.game import Game
    if not isinstance(game, Game) or not isinstance(plan, Plan):
        raise LabError(f"study: takes an LC:B game and a Plan, not {type(game).__name__} and {type(plan).__name__}")
    if viewer is not None and viewer not in TEAMS and not all_seeing(viewer):
        raise LabError(f"study: viewer {viewer!r} is not {', '.join(TEAMS)} or None (the instructor)")
    got = run_study(HOOKS, game, plan, runs, seed, workers, progress, viewer, chunk, f"study {plan.name}",
                    on_progress)
    exact = exact_odds(game, plan, viewer)
    return StudyResult(plan, seed, got.outcomes, exact, viewer, got.workers, got.wall,
                       study_notes(game, viewer, has_exact=bool(exact)))


def study_notes(game: "Game", viewer: str | None, has_exact: bool = True) -> tuple[str, ...]:
    """How a team's runs were played (:mod:`.run`), and how its exact odds were averaged when it has
    some (``has_exact``); none for the instructor's study."""
    if not team_view(viewer):
        return ()
    notes = (f"{viewer}'s study: each run plays a world drawn from what {viewer} knows -- a counter "
             "seen as a back is drawn from the enemy's order of battle, its hidden cards from its deck, "
             "its unseen submarines and secret minefields where they may be (sandbox draws, "
             "docs/opponents.md)",)
    if has_exact and has_backs(game, viewer):
        notes += (f"exact odds: the mean over every draw of the backs {viewer} sees (6.11), when "
                  f"there are at most {MAX_WORLDS} draws",)
    return notes
