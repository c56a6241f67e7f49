"""Plan studies for any game on the kernel: a plan played many times with fresh dice, serially or on Dask.

A game supplies its hooks (:class:`StudyHooks`): how one run applies the plan and measures its
outcome (a plain dict that travels between processes, with its ``"index"``); the kernel cuts the
runs into chunks of consecutive indices (one task each), plays them, gathers the outcomes as
they come with a ``tqdm.auto`` progress bar, and puts them back in index order
(:func:`run_study`).  Run ``i`` of a study seeded ``S`` draws only from
``numpy.random.SeedSequence(S, spawn_key=(i,))`` (:func:`run_seeds`), so **the same seed gives
the same study whatever the workers or the chunk size**.

``workers``:

* ``0`` or ``1``: serial, in this process (no Dask);
* ``None``: a ``distributed.LocalCluster`` of worker processes on the machine's cores (one thread
  each), started for the study and closed after it (:func:`local_cluster`: forked from this
  process where the platform can, :data:`START_METHOD`);
* an int ``k >= 2``: a LocalCluster of ``k`` worker processes;
* a string ``"tcp://host:8786"``: a running Dask scheduler (its workers must have lcb_lab installed);
  one that does not answer within :data:`CONNECT_TIMEOUT` seconds is a one-line LabError;
* a ``distributed.Client``: used as it is (not closed).

The start game is sent to the workers once (``Client.scatter``, broadcast); Dask is imported
only when a cluster is used.  :class:`Freq` is a share of runs with its 95 % Wilson interval.
"""
from __future__ import annotations

import asyncio
import multiprocessing
import os
import sys
import threading
import time
from dataclasses import dataclass
from math import sqrt
from typing import Any, Callable

import numpy as np
from tqdm.auto import tqdm

from lcb_lab.kernel.errors import LabError

Z95 = 1.959963984540054
"""The two-sided 95 % normal quantile."""


class StudyHooks:
    """A game's part of a study.  :meth:`run_one` plays run ``index`` of ``plan`` from ``start``
    (a clone: ``start`` is never changed) and returns its outcome dict; :meth:`run_chunk` plays
    runs ``lo .. hi-1`` (a game may share work between them, e.g. a prefix of the plan that draws
    no die).  An instance must pickle (a module-level class) to go to Dask workers."""

    def run_one(self, start: Any, plan: Any, seed: int, index: int, viewer: Any = None) -> dict[str, Any]:
        """Run ``index`` of the study seeded ``seed``, as ``viewer`` may know it (None: all-seeing)."""
        raise NotImplementedError

    def run_chunk(self, start: Any, plan: Any, seed: int, lo: int, hi: int, viewer: Any = None) -> list[dict]:
        """Runs ``lo .. hi-1`` (default: :meth:`run_one` each), their outcomes in index order."""
        return [self.run_one(start, plan, seed, i, viewer) for i in range(lo, hi)]


def run_seeds(seed: int, index: int, words: int = 3) -> tuple[int, np.ndarray]:
    """Run ``index``'s dice seed (an int, the first 64-bit word halved) and its other seed words
    (for the run's choices), from ``SeedSequence(seed, spawn_key=(index,))``."""
    w = np.random.SeedSequence(seed, spawn_key=(index,)).generate_state(words, np.uint64)
    return int(w[0] >> np.uint64(1)), w[1:]


def world_seed(seed: int, index: int) -> np.random.SeedSequence:
    """The seed of run ``index``'s sampled world in a player's study: the first child of
    ``SeedSequence(seed, spawn_key=(index,))`` (independent of the run's dice and continuation)."""
    return np.random.SeedSequence(seed, spawn_key=(index,)).spawn(1)[0]


def chunks(runs: int, size: int) -> list[tuple[int, int]]:
    """``[(lo, hi), ...]`` covering ``0 .. runs-1`` in pieces of at most ``size`` runs."""
    return [(lo, min(runs, lo + size)) for lo in range(0, runs, max(1, size))]


def default_chunk(runs: int, workers: int) -> int:
    """About 8 chunks a worker (the bar moves, the load balances), 1..250 runs each."""
    return max(1, min(250, -(-runs // max(1, 8 * workers))))


@dataclass
class Runs:
    """What :func:`run_study` returns: ``outcomes`` in index order, ``workers`` (0: serial) and
    the ``wall`` time in seconds."""

    outcomes: list[dict[str, Any]]
    workers: int
    wall: float


def run_study(hooks: StudyHooks, start: Any, plan: Any, runs: int = 1000, seed: int = 0, workers: Any = None,
              progress: bool = True, viewer: Any = None, chunk: int | None = None, desc: str = "study",
              on_progress: Callable[[int, int], None] | None = None) -> Runs:
    """Play ``plan`` from ``start`` ``runs`` times through ``hooks`` (module doc).  ``chunk``: runs
    per task (default :func:`default_chunk`); ``on_progress(done, runs)``: called as chunks come
    in.  Raises LabError for ``runs < 1``, a negative or non-int seed, a ``chunk`` that is not a
    positive int, a bad ``workers``, or a scheduler address no scheduler answers at within
    :data:`CONNECT_TIMEOUT` seconds (one line: the address and why); Ctrl-C raises
    :class:`StudyInterrupted` (a ``KeyboardInterrupt``: the runs done, one line in a notebook and,
    left uncaught, in a plain script: :func:`one_line_hook`)."""
    if not isinstance(runs, int) or isinstance(runs, bool) or runs < 1:
        raise LabError(f"study: runs must be a positive int, not {runs!r}")
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise LabError(f"study: seed must be an int >= 0, not {seed!r}")
    if chunk is not None and (not isinstance(chunk, int) or isinstance(chunk, bool) or chunk < 1):
        raise LabError(f"study: chunk must be a positive int or None, not {chunk!r}")
    t0 = time.perf_counter()
    serial = workers in (0, 1)
    n_workers = 1 if serial else (workers if isinstance(workers, int) else os.cpu_count() or 1)
    parts = chunks(runs, chunk or default_chunk(runs, n_workers))
    bar = _Bar(tqdm(total=runs, desc=desc, unit="run", disable=not progress), runs, on_progress)
    try:
        if serial:
            got: list[dict] = []
            for lo, hi in parts:
                got += hooks.run_chunk(start, plan, seed, lo, hi, viewer)
                bar.update(hi - lo)
        else:
            got = _distributed(hooks, start, plan, seed, parts, viewer, bar, workers)
    except KeyboardInterrupt:
        one_line_hook()
        raise StudyInterrupted(f"study interrupted (Ctrl-C or the notebook's Stop) after {bar.done} of {runs} runs; "
                               "no result" + ("" if serial else " (a cluster started for it is closed)")) from None
    finally:
        bar.close()
    return Runs(sorted(got, key=lambda o: o["index"]), 0 if serial else n_workers, time.perf_counter() - t0)


class StudyInterrupted(KeyboardInterrupt):
    """Ctrl-C (a kernel interrupt) stopped a study: still a ``KeyboardInterrupt``, shown by IPython
    as its one line -- how many runs were done of how many -- unless ``LabError.full_traceback``."""

    def _render_traceback_(self) -> list[str]:
        if LabError.full_traceback:
            import traceback
            return "".join(traceback.format_exception(self)).rstrip("\n").split("\n")
        return [f"{type(self).__name__}: {self}"]


def one_line_hook() -> None:
    """Make ``sys.excepthook`` print an uncaught :class:`StudyInterrupted` as its one line on stderr
    (a plain ``python script.py`` interrupted in a study), unless ``LabError.full_traceback``;
    every other exception goes to the hook that was there.  Installed once, when a study is
    interrupted (IPython shows a cell's error through ``_render_traceback_``, not this hook)."""
    if getattr(sys.excepthook, "_study_one_line", False):
        return
    previous = sys.excepthook

    def hook(kind: type[BaseException], value: BaseException, tb: Any) -> None:
        if isinstance(value, StudyInterrupted) and not LabError.full_traceback:
            print(f"{kind.__name__}: {value}", file=sys.stderr)
        else:
            previous(kind, value, tb)

    hook._study_one_line = True          # type: ignore[attr-defined]
    sys.excepthook = hook


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


START_METHOD: str | None = "fork" if "fork" in multiprocessing.get_all_start_methods() else None
"""How a study's own LocalCluster starts its worker processes: ``"fork"`` where the platform has
it -- a worker is a copy of this process, with its imports, so it imports nothing (Dask's default,
``"spawn"``, starts each from a fresh interpreter that imports Dask, numpy and the game again: a
few seconds of a study's wall time on 2 cores) -- else None: Dask's configured method."""


def local_cluster(n: int) -> Any:
    """A ``distributed.LocalCluster`` of ``n`` one-thread worker processes started with
    :data:`START_METHOD`, no dashboard and so no statistical profiler in the workers (it samples
    the running task's stack every 10 ms for the dashboard: a few % of a worker's CPU)."""
    import dask
    from distributed import LocalCluster
    method = START_METHOD or dask.config.get("distributed.worker.multiprocessing-method")
    with dask.config.set({"distributed.worker.multiprocessing-method": method,
                          "distributed.worker.profile.enabled": False}):
        return LocalCluster(n_workers=n, threads_per_worker=1, processes=True, dashboard_address=None)


CONNECT_TIMEOUT = 10.0
"""Seconds a study waits for a scheduler address to answer (Dask's own default is 30 s)."""


def connect(address: str, timeout: float | None = None) -> Any:
    """A ``distributed.Client`` of the scheduler at ``address`` (``"tcp://host:port"``).  Raises
    LabError in one line -- the address and why -- when it is not an address or nothing answers
    as a Dask scheduler within ``timeout`` seconds (default :data:`CONNECT_TIMEOUT`): a host that
    accepts and stays silent too (Dask's own handshake waits for it without end)."""
    from distributed import Client
    if "://" not in address or not address.rsplit(":", 1)[-1].isdigit():
        raise LabError(f"study: workers {address!r} is not a scheduler address such as 'tcp://host:8786'")
    wait = CONNECT_TIMEOUT if timeout is None else timeout
    try:
        _handshake(address, wait)
        return Client(address, timeout=wait)
    except Exception as e:                 # a timeout, a refusal, or a host that answers but is no scheduler
        if isinstance(e, TimeoutError):
            why = "no answer in time"
        elif isinstance(e, OSError) and str(e):
            why = f"{type(e).__name__}: {str(e).splitlines()[0][:160]}"
        else:
            why = f"something answered, but not as a Dask scheduler: {type(e).__name__}"
        raise LabError(f"study: no Dask scheduler answered at {address} within {wait:g} s ({why}); "
                       "nothing was run") from None


def _handshake(address: str, wait: float) -> None:
    """Open and close one Dask comm to ``address``, the handshake included, within ``wait`` seconds
    (on a thread of its own: a notebook's thread already runs an event loop); raises what failed."""
    from distributed.comm import connect as comm_connect

    async def shake() -> None:
        comm = await asyncio.wait_for(comm_connect(address, timeout=wait), wait)
        await comm.close()

    failed: list[BaseException] = []

    def target() -> None:
        try:
            asyncio.run(shake())
        except BaseException as e:         # handed to the caller's thread
            failed.append(e)

    thread = threading.Thread(target=target, name="lcb-study-connect", daemon=True)
    thread.start()
    thread.join(wait + 2)
    if thread.is_alive():
        raise TimeoutError
    if failed:
        raise failed[0]


def _distributed(hooks, start, plan, seed, parts, viewer, bar, workers) -> list[dict]:
    from distributed import Client, as_completed
    cluster = client = None
    if isinstance(workers, Client):
        client = workers
    elif isinstance(workers, str):
        client = connect(workers)
    elif workers is None or (isinstance(workers, int) and not isinstance(workers, bool) and workers >= 2):
        cluster = local_cluster(workers or os.cpu_count() or 1)
        client = Client(cluster)
    else:
        raise LabError(f"study: workers must be None, 0, an int, a scheduler address or a Client, not {workers!r}")
    try:
        game = client.scatter(start, broadcast=True)
        futures = [client.submit(hooks.run_chunk, game, plan, seed, lo, hi, viewer, pure=False) for lo, hi in parts]
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


@dataclass(frozen=True)
class Freq:
    """``k`` runs of ``n``: ``p`` = k/n and its 95 % Wilson interval ``lo``..``hi``."""

    k: int
    n: int

    @property
    def p(self) -> float:
        """The sampled share (0.0 for no run)."""
        return self.k / self.n if self.n else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95 % Wilson score interval of the share (good at 0 and 1, where the normal one is not)."""
        if not self.n:
            return (0.0, 1.0)
        p, n, z2 = self.p, self.n, Z95 * Z95
        mid = (p + z2 / (2 * n)) / (1 + z2 / n)
        half = Z95 * sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
        return (max(0.0, mid - half), min(1.0, mid + half))

    def covers(self, q: float) -> bool:
        """Is ``q`` inside the 95 % interval?"""
        lo, hi = self.interval
        return lo - 1e-12 <= q <= hi + 1e-12

    def text(self) -> str:
        """e.g. ``"41.0% (38.0%-44.1%, 410/1000)"``."""
        lo, hi = self.interval
        return f"{self.p:.1%} ({lo:.1%}-{hi:.1%}, {self.k}/{self.n})"
