"""Where a training run's chunks play: this process, local processes, or Ray.

A batch is cut into the same chunks whatever plays them, and their sums are
added in chunk order (docs/decisions/learn.md LRN4), so the pool changes the
speed, never the file: ``--workers W`` and ``--ray auto`` write the same bytes
(LRN13).
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from types import ModuleType
from typing import Any, Protocol, TypeVar

from mainmatch.engine.errors import MainmatchError

from .backends import cpu_count

T = TypeVar("T")
R = TypeVar("R")


class Pool(Protocol):
    """What plays a batch's chunks: ``map`` with the results in the order given
    (a process pool executor's, or :class:`RayPool`'s)."""

    def map(self, fn: Callable[[T], R], items: Iterable[T], /) -> Iterable[R]: ...


class RayPool:
    """``map`` over Ray tasks, results in the order given (as an executor's)."""

    def __init__(self, ray: ModuleType):
        self.ray = ray
        self.remotes: dict[Callable[..., object], Any] = {}

    def map(self, fn: Callable[[T], R], items: Iterable[T], /) -> list[R]:
        remote = self.remotes.get(fn)
        if remote is None:
            remote = self.remotes[fn] = self.ray.remote(fn)
        return list(self.ray.get([remote.remote(item) for item in items]))


@contextmanager
def worker_pool(workers: int, ray: str | None = None) -> Iterator[Pool | None]:
    """An executor for ``workers`` processes (``None``: this process), or a
    :class:`RayPool` on ``ray`` (``auto``: a local instance of ``workers`` CPUs,
    every core when ``workers`` is 1; else a cluster's address)."""
    if ray is not None:
        with ray_session(ray, workers) as module:
            yield RayPool(module)
        return
    if workers <= 1:
        yield None
        return
    with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork")) as pool:
        yield pool


@contextmanager
def ray_session(address: str, workers: int) -> Iterator[ModuleType]:
    """Ray, started here (and stopped after) unless it already runs; one line
    on any failure to start or join it."""
    try:
        import ray
    except ImportError:
        raise MainmatchError("--ray needs Ray: pip install 'mainmatch[cluster]'") from None
    if ray.is_initialized():
        yield ray
        return
    options: dict[str, Any] = {"log_to_driver": False, "logging_level": "ERROR"}
    try:
        if address == "auto":  # "local": a new instance even where RAY_ADDRESS names a cluster
            cpus = workers if workers > 1 else cpu_count()
            ray.init(address="local", num_cpus=cpus, include_dashboard=False, **options)
        else:
            import mainmatch

            modules = [os.path.dirname(mainmatch.__file__)]
            ray.init(address=address, runtime_env={"py_modules": modules}, **options)
    except Exception as exc:  # noqa: BLE001 -- Ray raises ConnectionError, RuntimeError...
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise MainmatchError(f"--ray {address}: cannot start or join Ray: {first}") from None
    try:
        yield ray
    finally:
        ray.shutdown()
