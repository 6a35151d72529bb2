"""Where matches are played: this process, local processes, or Ray.

Work is cut into chunks of consecutive match indices; each task plays a
whole chunk and returns compact summaries (plus the few kept records), so
the per-task overhead is spread over many matches. About sixteen chunks per
worker balance the load (the last chunks leave a worker idle for at most
about 1/32 of the run) and keep the progress bar moving.

- ``workers == 1``: in this process (no pool; easiest to profile);
- local (default): this process and a ``ProcessPoolExecutor`` with one
  process per other core, forked from this one when it runs no other
  thread (they start at once, with its imports and caches), else from a fork
  server with the simulator preloaded; this process plays while they start;
- Ray (``mainmatch[cluster]``): ``ray_address="auto"`` starts a local Ray
  instance for the run and stops it after; any other address joins that
  cluster (``ray://host:10001`` or ``host:6379``), shipping the ``mainmatch``
  package with the tasks so the cluster runs this exact code (its nodes need
  the dependencies: ``pip install mainmatch[cluster]``).

Whatever the back-end, the results are sorted by match index, so the report
does not depend on it.
"""

from __future__ import annotations

import math
import multiprocessing
import os
import socket
import sys
import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any

from mainmatch import games
from mainmatch.engine.errors import MainmatchError
from mainmatch.engine.game import JSONObject

from .plan import SimPlan
from .play import ChunkResult, play_chunk
from .summary import MatchSummary

#: called with the number of matches just finished
OnProgress = Callable[[int], None]
CHUNKS_PER_WORKER = 16
MAX_CHUNK = 500


@dataclass
class SimRun:
    summaries: list[MatchSummary]
    records: dict[int, JSONObject] = field(default_factory=dict)
    seconds: float = 0.0
    backend: str = "local"
    workers: int = 1

    def timing(self) -> JSONObject:
        n = len(self.summaries)
        return {
            "seconds": round(self.seconds, 3),
            "matches_per_second": round(n / self.seconds, 1) if self.seconds else None,
            "backend": self.backend,
            "workers": self.workers,
        }


def cpu_count() -> int:
    """Cores this process may use (its affinity mask, where the OS has one)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # macOS, Windows
        return os.cpu_count() or 1


def chunks(matches: int, workers: int) -> list[tuple[int, int]]:
    """``[start, stop)`` ranges covering ``0..matches-1``, in order. The last
    two chunks' worth per worker come in quarter chunks: a process that
    finds nothing left waits for the others' queued chunks, and smaller ones
    end the run sooner (decision PE21).

    >>> chunks(10, 1)[:3], len(chunks(1000, 2)), chunks(10**6, 1)[0]
    ([(0, 1), (1, 2), (2, 3)], 44, (0, 500))
    >>> chunks(1000, 2)[-1], sum(b - a for a, b in chunks(1000, 2))
    ((992, 1000), 1000)
    """
    workers = max(1, workers)
    size = max(1, min(MAX_CHUNK, math.ceil(matches / (workers * CHUNKS_PER_WORKER))))
    end = max(0, matches - 2 * workers * size)
    small = max(1, size // 4)
    return [(start, min(end, start + size)) for start in range(0, end, size)] + [
        (start, min(matches, start + small)) for start in range(end, matches, small)
    ]


def run(
    plan: SimPlan,
    *,
    workers: int | None = None,
    ray_address: str | None = None,
    on_progress: OnProgress | None = None,
) -> SimRun:
    """Play every match of ``plan`` on the chosen back-end."""
    progress = on_progress or (lambda _n: None)
    started = time.perf_counter()
    if ray_address:
        out, backend, used = _run_ray(plan, ray_address, workers, progress)
    else:
        used = max(1, workers or cpu_count())
        used = min(used, plan.matches)
        if used == 1:
            out, backend = _run_inline(plan, progress), "inline"
        else:
            out, backend = _run_pool(plan, used, progress), "local"
    out.summaries.sort(key=lambda s: s.index)
    return SimRun(
        out.summaries,
        dict(sorted(out.records.items())),
        time.perf_counter() - started,
        backend,
        used,
    )


def _merge(into: ChunkResult, part: ChunkResult) -> None:
    into.summaries.extend(part.summaries)
    into.records.update(part.records)


def _run_inline(plan: SimPlan, progress: OnProgress) -> ChunkResult:
    out = ChunkResult()
    for start, stop in chunks(plan.matches, 1):
        _merge(out, play_chunk(plan, start, stop))
        progress(stop - start)
    return out


def _pool_context(plan: SimPlan) -> multiprocessing.context.BaseContext:
    """A plain fork where this process runs no other thread (a pool process
    then starts at once, with every module and cache of this one: the
    commands' progress bars refresh without a thread for that), else the fork
    server, which is safe beside threads (decisions B17, PE18)."""
    methods = multiprocessing.get_all_start_methods()
    if "fork" in methods and threading.active_count() == 1:
        return multiprocessing.get_context("fork")
    if "forkserver" in methods:
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(_preload(plan))
        return ctx
    return multiprocessing.get_context("spawn")


def _preload(plan: SimPlan) -> list[str]:
    """The modules a pool process needs, imported once by the fork server so
    that each process it forks starts with them (the game, its bots and numpy
    take a few tenths of a second to import: a share of a short run). Only
    named modules can be preloaded; ``make_plan`` has imported them all here.
    The fork server is started once per process, with the first run's list."""
    game = type(games.get(plan.game)).__module__
    package = game.rpartition(".")[0]  # the game's own bots live in its package
    bots = sorted(m for m in sys.modules if m.startswith(("mainmatch.bots.", f"{package}.bots")))
    return ["mainmatch.sim.play", game, *bots]


def _run_pool(plan: SimPlan, workers: int, progress: OnProgress) -> ChunkResult:
    """``workers`` processes: this one and ``workers - 1`` pool processes.

    This process plays chunks too, from the first moment: a pool process
    starts in about half a second (a fork of the fork server, then its own
    imports and caches), which an all-strategy run of a few seconds would
    otherwise lose on every core. Each pool process keeps two chunks queued,
    so it never waits while this one plays a chunk."""
    out = ChunkResult()
    todo = deque(chunks(plan.matches, workers))
    queued = 2 * (workers - 1)
    with ProcessPoolExecutor(max_workers=workers - 1, mp_context=_pool_context(plan)) as pool:
        futures: dict[Future[ChunkResult], int] = {}
        while todo or futures:
            while todo and len(futures) < queued:
                a, b = todo.popleft()
                futures[pool.submit(play_chunk, plan, a, b)] = b - a
            if todo:
                a, b = todo.popleft()
                _merge(out, play_chunk(plan, a, b))
                progress(b - a)
                done = {f for f in futures if f.done()}
            else:
                done, _ = wait(futures, return_when=FIRST_COMPLETED)
            for fut in done:
                _merge(out, fut.result())
                progress(futures.pop(fut))
    return out


def _run_ray(
    plan: SimPlan, address: str, workers: int | None, progress: OnProgress
) -> tuple[ChunkResult, str, int]:
    try:
        import ray
    except ImportError:
        raise MainmatchError("--ray needs Ray: pip install 'mainmatch[cluster]'") from None
    import mainmatch

    started_here = False
    if not ray.is_initialized():
        options: dict[str, Any] = {"log_to_driver": False, "logging_level": "ERROR"}
        try:
            if address == "auto":
                # "local": a new instance even where RAY_ADDRESS names a cluster
                ray.init(
                    address="local",
                    num_cpus=max(1, workers or cpu_count()),
                    include_dashboard=False,
                    **options,
                )
            else:
                _check_reachable(address)
                ray.init(
                    address=address,
                    runtime_env={"py_modules": [os.path.dirname(mainmatch.__file__)]},
                    **options,
                )
        except MainmatchError:
            raise
        except Exception as exc:  # noqa: BLE001 -- Ray raises ConnectionError, RuntimeError, AuthenticationError...
            first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            hint = (
                "; if the cluster uses token authentication (Ray 2.59+ turns it on for `ray start --head` "
                "when a token exists), set RAY_AUTH_MODE=token"
                if address != "auto"
                else ""
            )
            raise MainmatchError(
                f"--ray {address}: cannot {'start Ray' if address == 'auto' else 'join the cluster'}: {first}{hint}"
            ) from None
        started_here = True
    try:
        # ray declares no types for cluster_resources (an untyped library function)
        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))  # type: ignore[no-untyped-call]
        remote = ray.remote(play_chunk)
        plan_ref = ray.put(plan)
        sizes = {}
        for a, b in chunks(plan.matches, cpus):
            sizes[remote.remote(plan_ref, a, b)] = b - a
        out = ChunkResult()
        pending = list(sizes)
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                _merge(out, ray.get(ref))
                progress(sizes[ref])
        return out, f"ray ({'local' if address == 'auto' else address})", cpus
    finally:
        if started_here:
            ray.shutdown()


def _check_reachable(address: str, timeout: float = 5.0) -> None:
    """Fail fast on a ``host:port`` (or ``ray://host:port``) nobody answers at:
    ``ray.init`` would retry for minutes."""
    hostport = address.split("://", 1)[-1]
    host, _, port = hostport.rpartition(":")
    if not host or not port.isdigit():
        return  # not host:port (e.g. a named cluster): let Ray judge it
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=timeout).close()
    except OSError as exc:
        raise MainmatchError(
            f"--ray {address}: cannot join the cluster: nothing answers at {host}:{port} ({exc.strerror or exc})"
        ) from None
