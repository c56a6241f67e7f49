"""``study(game, plan, runs, seed, workers)``: a plan played ``runs`` times, serially or on Dask distributed.

The runs are cut into chunks of consecutive indices; a chunk is one task.  Run ``i`` depends only on
``(seed, i)`` (:mod:`lcb_lab.games.lcb.whatif.study.run`), and the outcomes are put back in index
order, so **the same seed gives the same study whatever the workers or the chunk size**.

``workers``:

* ``0`` or ``1``: serial, in this process (no Dask);
* ``None``: a ``distributed.LocalCluster`` of worker processes on the machine's cores (one thread
  each), started for the study and closed after it;
* an int ``k >= 2``: a LocalCluster of ``k`` worker processes;
* a string ``"tcp://host:8786"``: a running Dask scheduler (``distributed.Client(address)``);
  its workers must have lcb_lab installed (the same version);
* a ``distributed.Client``: used as it is (not closed).

The start game is sent to the workers once (``Client.scatter``, broadcast); chunks are gathered
as they finish (``distributed.as_completed``), a ``tqdm.auto`` progress bar counting runs (the
serial path shows the same bar).  Dask is imported here, inside the function, only when a cluster
is used: ``import lcb_lab`` never imports it.
"""
from __future__ import annotations

import os
import time
from typing import TYPE_CHECKING, Any, Callable

from tqdm.auto import tqdm

from lcb_lab.games.lcb.whatif.study.exact import MAX_WORLDS, exact_odds
from lcb_lab.games.lcb.whatif.study.plan import Plan
from lcb_lab.games.lcb.whatif.study.result import StudyResult
from lcb_lab.games.lcb.whatif.study.run import run_chunk, team_view
from lcb_lab.games.lcb.whatif.worlds import has_backs
from lcb_lab.kernel.errors import LabError

if TYPE_CHECKING:
    from lcb_lab.games.lcb.game import Game


def chunks(runs: int, size: int) -> list[tuple[int, int]]:
    """``[(lo, hi), ...]`` covering ``0 .. runs-1`` in pieces of at most ``size`` runs."""
    return [(lo, min(runs, lo + size)) for lo in range(0, runs, max(1, size))]


def default_chunk(runs: int, workers: int) -> int:
    """About 8 chunks a worker (the bar moves, the load balances), 1..250 runs each."""
    return max(1, min(250, -(-runs // max(1, 8 * workers))))


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
    chunks come in (the lab's own bar).  Raises LabError for ``runs < 1``
    or a bad ``workers``."""
    if not isinstance(runs, int) or runs < 1:
        raise LabError(f"study: runs must be a positive int, not {runs!r}")
    if not isinstance(seed, int) or seed < 0:
        raise LabError(f"study: seed must be an int >= 0, not {seed!r}")
    t0 = time.perf_counter()
    serial = workers in (0, 1)
    n_workers = 1 if serial else (workers if isinstance(workers, int) else os.cpu_count() or 1)
    parts = chunks(runs, chunk or default_chunk(runs, n_workers))
    bar = _Bar(tqdm(total=runs, desc=f"study {plan.name}", unit="run", disable=not progress), runs, on_progress)
    try:
        if serial:
            got = _serial(game, plan, seed, parts, viewer, bar)
        else:
            got = _distributed(game, plan, seed, parts, viewer, bar, workers)
    finally:
        bar.close()
    outcomes = sorted(got, key=lambda o: o["index"])
    return StudyResult(plan, seed, outcomes, exact_odds(game, plan, viewer), viewer,
                       0 if serial else n_workers, time.perf_counter() - t0, study_notes(game, viewer))


def study_notes(game: "Game", viewer: str | None) -> tuple[str, ...]:
    """How a team's runs were played (:mod:`.run`); none for the instructor's study."""
    if not team_view(viewer):
        return ()
    notes = (f"{viewer}'s study: each run plays a world drawn from what {viewer} knows -- the enemy "
             "holds no card, submarine or secret mine, and a counter seen as a back is drawn among "
             "the enemy's ground types (sandbox assumptions, docs/opponents.md)",)
    if has_backs(game, viewer):
        notes += (f"exact odds: the mean over every draw of the backs {viewer} sees (6.11), when "
                  f"there are at most {MAX_WORLDS} draws",)
    return notes


class _Bar:
    """The tqdm bar and the caller's ``on_progress`` together."""

    def __init__(self, bar: Any, total: int, hook: Callable[[int, int], None] | None):
        self.bar, self.total, self.hook, self.done = bar, total, hook, 0

    def update(self, n: int) -> None:
        self.done += n
        self.bar.update(n)
        if self.hook is not None:
            self.hook(self.done, self.total)

    def close(self) -> None:
        self.bar.close()


def _serial(game, plan, seed, parts, viewer, bar) -> list[dict]:
    out: list[dict] = []
    for lo, hi in parts:
        out += run_chunk(game, plan, seed, lo, hi, viewer)
        bar.update(hi - lo)
    return out


def _distributed(game, plan, seed, parts, viewer, bar, workers) -> list[dict]:
    from distributed import Client, LocalCluster, as_completed
    cluster = client = None
    if isinstance(workers, Client):
        client = workers
    elif isinstance(workers, str):
        client = Client(workers)
    elif workers is None or (isinstance(workers, int) and not isinstance(workers, bool) and workers >= 2):
        cluster = LocalCluster(n_workers=workers or os.cpu_count() or 1, threads_per_worker=1,
                               processes=True, dashboard_address=None)
        client = Client(cluster)
    else:
        raise LabError(f"study: workers must be None, 0, an int, a scheduler address or a Client, not {workers!r}")
    try:
        start = client.scatter(game, broadcast=True)
        futures = [client.submit(run_chunk, start, plan, seed, lo, hi, viewer, pure=False) for lo, hi in parts]
        out: list[dict] = []
        for fut in as_completed(futures):
            got = fut.result()
            out += got
            bar.update(len(got))
        return out
    finally:
        if not isinstance(workers, Client):
            client.close()
        if cluster is not None:
            cluster.close()
