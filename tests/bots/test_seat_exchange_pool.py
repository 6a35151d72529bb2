"""The Seat Exchange bot's shared public beliefs (``bots/seat_exchange_beliefs.py``)."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mainmatch import games
from mainmatch.bots.driver import bot_move
from mainmatch.bots.seat_exchange import StreakBuilder, seatings_from_view
from mainmatch.bots.seat_exchange_beliefs import public_pool
from mainmatch.bots.seat_exchange_tables import (
    LONGEST,
    NEW_SEAT,
    PAIRS,
    masks_of,
    score_swaps,
    swap_win_counts,
)
from mainmatch.engine import Match
from mainmatch.games.seat_exchange.streaks import longest_streak

GAME = games.get("seat_exchange")
PLAYERS = list(GAME.default_players)


@settings(max_examples=60, deadline=None)
@given(st.permutations(list(range(1, 14))), st.integers(0, 12), st.booleans())
def test_shifting_or_mirroring_every_number_keeps_every_link(
    nums: list[int], shift: int, mirror: bool
) -> None:
    # why one pool serves every player: a player's own number says nothing of the links
    moved = [(-n if mirror else n) % 13 for n in nums]
    moved = [(n + shift) % 13 + 1 for n in moved]
    assert masks_of(np.array(moved)) == masks_of(np.array(nums))


@pytest.mark.parametrize("target", [4, 6])
def test_win_counts_give_every_players_swap_scores(target: int) -> None:
    rng = np.random.default_rng(target)
    base = np.arange(1, 14)
    # numbers by player near a streak, so that wins occur
    samples = np.array([np.roll(base, rng.integers(13)) for _ in range(120)])
    for row in samples:
        for _ in range(rng.integers(0, 4)):
            a, b = rng.integers(0, 13, 2)
            row[a], row[b] = row[b], row[a]
    seat_pl = rng.permutation(13)
    counts = swap_win_counts(samples[:, seat_pl].T, target)
    assert counts.max() > 0
    for player in range(13):
        seat = int(np.flatnonzero(seat_pl == player)[0])
        mine = counts[np.arange(len(PAIRS)), NEW_SEAT[seat]] / len(samples)
        assert np.array_equal(mine, score_swaps(samples, seat_pl, player, target))


def _record_after(seed: int, rounds: int) -> tuple[Match, tuple]:
    rng = random.Random(seed)
    match = Match(GAME, GAME.random_config(PLAYERS, rng))
    for _ in range(rounds):
        if match.view(None)["phase"] != "trade":
            break
        match.step({p: GAME.random_action(match.state, p, rng) for p in match.pending})
    seatings = seatings_from_view(match.view(None))
    start = [match.config["numbers"][p] for p in match.config["seats"]]
    seatings[0] = (seatings[0][0], longest_streak(start))
    return match, tuple((tuple(s), L) for s, L in seatings)


@pytest.mark.parametrize("seed", range(4))
def test_the_pool_agrees_with_the_record_and_depends_on_it_alone(seed: int) -> None:
    _match, record = _record_after(seed, 2)
    key = (tuple(PLAYERS), 200, *record)
    pool = public_pool(key)
    by_player = pool.by_player
    assert by_player.shape == (13, 200) and not by_player.flags.writeable
    assert (np.sort(by_player, axis=0) == np.arange(1, 14)[:, None]).all()
    index = {p: i for i, p in enumerate(PLAYERS)}
    for seats, longest in record:
        nums = by_player[[index[p] for p in seats]].T
        assert (LONGEST[masks_of(nums)] == longest).all()
    # a pure function of the record: made again from nothing, it is the same
    public_pool.cache_clear()
    assert np.array_equal(public_pool(key).by_player, by_player)
    assert not np.array_equal(public_pool((tuple(PLAYERS), 200, *record[:-1])).by_player, by_player)


@pytest.mark.parametrize("seed", range(3))
def test_bots_that_see_the_same_record_share_one_pool(seed: int) -> None:
    match, _ = _record_after(seed, 1)
    if "jk" not in match.pending:
        pytest.skip("play ended")
    public_pool.cache_clear()
    rng = random.Random(seed)
    for player in match.pending:
        assert not bot_move(GAME, match.state, player, StreakBuilder(), rng).defaulted
    info = public_pool.cache_info()
    # fresh bots do not know the starting streak: one record, its start without a streak
    assert info.misses == 2 and info.hits == 12
