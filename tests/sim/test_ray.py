"""The Ray back-end (CI): a small simulation on a local Ray instance gives the
same figures as the local back-end."""

from __future__ import annotations

import pytest

from mainmatch.engine.errors import MainmatchError
from mainmatch.sim import figures_only, simulate

pytest.importorskip("ray", reason="the Ray back-end needs mainmatch[cluster]")


def test_a_local_ray_instance_gives_the_same_figures_as_local_processes() -> None:
    on_ray = simulate(
        "seat_exchange", "strategy,random", 12, seed=21, ray="auto", workers=2, keep=("first:1",)
    )
    local = simulate("seat_exchange", "strategy,random", 12, seed=21, workers=2, keep=("first:1",))
    assert on_ray.report["timing"]["backend"] == "ray (local)"
    assert on_ray.run.summaries == local.run.summaries
    assert figures_only(on_ray.report) == figures_only(local.report)
    assert on_ray.run.records == local.run.records  # kept records travel back from Ray workers too
    import ray

    assert not ray.is_initialized()  # the instance we started is stopped


def test_an_unreachable_cluster_is_one_clear_line() -> None:
    with pytest.raises(
        MainmatchError, match=r"--ray 127\.0\.0\.1:1: cannot join the cluster"
    ) as err:
        simulate("seat_exchange", "random", 2, ray="127.0.0.1:1")
    assert "\n" not in str(err.value)
