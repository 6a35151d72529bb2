"""The collector's threshold is raised only while a batch runs (engine/collector.py)."""

from __future__ import annotations

import gc
import random
import threading

from mainmatch import games
from mainmatch.engine.collector import THRESHOLD, fewer_collections
from mainmatch.engine.match import play_random
from mainmatch.engine.record import replay


def test_nested_and_concurrent_batches_restore_the_threshold() -> None:
    before = gc.get_threshold()
    inside: list[int] = []
    barrier = threading.Barrier(2)

    def batch() -> None:
        with fewer_collections():
            barrier.wait()
            inside.append(gc.get_threshold()[0])
            barrier.wait()

    with fewer_collections():
        with fewer_collections():
            assert gc.get_threshold()[0] >= THRESHOLD
        assert gc.get_threshold()[0] >= THRESHOLD  # the inner exit kept the outer's raise
        threads = [threading.Thread(target=batch) for _ in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    assert inside == [max(before[0], THRESHOLD)] * 2
    assert gc.get_threshold() == before


def test_a_disabled_threshold_stays_disabled() -> None:
    before = gc.get_threshold()
    gc.set_threshold(0)
    try:
        with fewer_collections():
            assert gc.get_threshold()[0] == 0
        assert gc.get_threshold()[0] == 0
    finally:
        gc.set_threshold(*before)


def test_replay_leaves_the_threshold_as_it_found_it() -> None:
    before = gc.get_threshold()
    game = games.get("mvp")
    rng = random.Random(3)
    record = play_random(game, game.random_config(list(game.default_players), rng), rng).record()
    out = replay(record).to_json()
    assert out["steps_applied"] == len(record["steps"])
    assert gc.get_threshold() == before
