"""The Seat Exchange strategy bot: its streak tables, beliefs and choices, and
the public belief pool its bots share (``games/seat_exchange/bots/beliefs.py``)."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mainmatch import games
from mainmatch.bots.driver import bot_move
from mainmatch.engine import Match
from mainmatch.games.seat_exchange.bots import (
    LONGEST,
    PAIRS,
    RUNLEN,
    Beliefs,
    Prices,
    StreakBuilder,
    choose_trades,
    masks_of,
    score_swaps,
    seatings_from_view,
)
from mainmatch.games.seat_exchange.bots.beliefs import public_pool
from mainmatch.games.seat_exchange.bots.tables import NEW_SEAT, swap_win_counts
from mainmatch.games.seat_exchange.streaks import longest_streak, runs

GAME = games.get("seat_exchange")
PLAYERS = list(GAME.default_players)
#: config E of seat_exchange spec §2: numbers by seat 1,2,3,4,5,7,6,9,11,13,8,12,10
E = {
    "players": PLAYERS,
    "seats": PLAYERS,
    "numbers": dict(zip(PLAYERS, [1, 2, 3, 4, 5, 7, 6, 9, 11, 13, 8, 12, 10])),
    "gamewide_tiebreak": PLAYERS,
    "garnets": {p: 0 for p in PLAYERS},
}


def _run_through(nums: list[int], seat: int) -> int:
    return next(len(r) for r in runs(nums) if seat in r)


@pytest.mark.parametrize(
    "nums",
    [
        [13, 1, 2, 3, 4, 6, 8, 10, 12, 5, 7, 9, 11],  # W1: longest 5 through the wrap 13-1
        [12, 13, 1, 2, 3, 9, 7, 11, 6, 4, 8, 10, 5],  # W7
        list(range(1, 14)),  # all 13 linked
        [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 12],  # W14 start: one unlinked edge
    ],
)
def test_streak_tables_agree_with_the_rules_on_the_worked_examples(nums: list[int]) -> None:
    mask = masks_of(np.array([nums]))[0]
    assert LONGEST[mask] == longest_streak(nums)
    assert [RUNLEN[mask, s] for s in range(13)] == [_run_through(nums, s) for s in range(13)]


def test_streak_tables_agree_with_the_rules_on_random_seatings() -> None:
    rng = random.Random(1)
    for _ in range(500):
        nums = list(range(1, 14))
        rng.shuffle(nums)
        mask = masks_of(np.array([nums]))[0]
        assert LONGEST[mask] == longest_streak(nums)
        assert [RUNLEN[mask, s] for s in range(13)] == [_run_through(nums, s) for s in range(13)]


def _random_match(seed: int, rounds: int) -> Match:
    rng = random.Random(seed)
    match = Match(GAME, GAME.random_config(PLAYERS, rng))
    for _ in range(rounds):
        if match.view(None)["phase"] != "trade":
            break
        match.step({p: GAME.random_action(match.state, p, rng) for p in match.pending})
    return match


@pytest.mark.parametrize("seed", range(8))
def test_seatings_are_rebuilt_from_the_public_history(seed: int) -> None:
    match = _random_match(seed, seed % 4)
    start = GAME.view(GAME.initial_state(match.config), None)
    seen = [(match.config["seats"], start["longest_streak"])]
    for events in match.events:  # what each round announced
        result = next(e for e in events if e["type"] == "round_result")
        seen.append((result["seats"], result["longest_streak"]))
    rebuilt = seatings_from_view(match.view("jk"))
    assert [s for s, _ in rebuilt] == [s for s, _ in seen]
    assert [L for _, L in rebuilt][1:] == [L for _, L in seen][1:]
    # the starting streak is shown only before round 1
    assert rebuilt[0][1] == (None if match.steps else start["longest_streak"])


@pytest.mark.parametrize("seed", range(6))
def test_every_belief_sample_agrees_with_what_the_player_saw(seed: int) -> None:
    match = _random_match(seed, 2)
    view = match.view("p05")
    seatings = seatings_from_view(view)
    seatings[0] = (
        seatings[0][0],
        longest_streak([match.config["numbers"][p] for p in match.config["seats"]]),
    )
    beliefs = Beliefs(PLAYERS, "p05", view["you"]["number"], np.random.default_rng(seed))
    beliefs.observe(seatings)
    samples = beliefs.samples
    assert samples.shape == (200, 13)
    assert (samples[:, PLAYERS.index("p05")] == view["you"]["number"]).all()
    assert all(sorted(row) == list(range(1, 14)) for row in samples.tolist())
    for seats, longest in seatings:
        assert (LONGEST[masks_of(samples[:, beliefs.seat_array(seats)])] == longest).all()
    # the true assignment agrees with the rebuilt observations (they are the real ones)
    truth = np.array([[match.config["numbers"][p] for p in PLAYERS]])
    for seats, longest in seatings:
        assert LONGEST[masks_of(truth[:, beliefs.seat_array(seats)])][0] == longest


def test_knowing_the_numbers_the_bot_sees_the_winning_swap() -> None:
    # config E, p07 holds 6 next to the run 1-5 with p06 (7) in between: p06-p07 makes 1..7
    truth = np.array([[E["numbers"][p] for p in PLAYERS]])
    win = score_swaps(truth, np.arange(13), PLAYERS.index("p07"))
    assert win[PAIRS.index((5, 6))] == 1
    # and no other single swap puts p07 in a streak of 6
    assert {PAIRS[c] for c in np.flatnonzero(win == 1)} == {(5, 6)}
    trades = choose_trades(win, PLAYERS, "p07", 100, False, random.Random(0))
    assert trades == [{"players": ["p06", "p07"], "amount": 100}]  # a sure win is worth all it has


def test_a_likely_win_is_bought_at_its_price_and_a_long_shot_is_not() -> None:
    win = np.zeros(len(PAIRS))
    win[PAIRS.index((0, 1))] = 0.4
    win[PAIRS.index((1, 2))] = 0.3  # shares seat 1 with the better swap: both would fail
    win[PAIRS.index((3, 4))] = 0.3
    win[PAIRS.index((5, 6))] = Prices().min_win - 0.01
    trades = choose_trades(win, PLAYERS, "jk", 400, False, random.Random(0))
    assert trades == [
        {"players": ["jk", "dh"], "amount": 100},
        {"players": ["p04", "p05"], "amount": 75},
    ]


def test_with_nothing_worth_buying_it_saves_until_the_last_round() -> None:
    nothing = np.zeros(len(PAIRS))
    assert choose_trades(nothing, PLAYERS, "jk", 300, False, random.Random(0)) == []
    last = choose_trades(nothing, PLAYERS, "jk", 400, True, random.Random(0))
    assert (
        len(last) == 1
        and last[0]["players"] == ["jk", "jk"]
        and 1 <= last[0]["amount"] <= Prices().jitter
    )


def test_chosen_trades_never_share_a_player_and_fit_the_money() -> None:
    rng = np.random.default_rng(3)
    for _ in range(200):
        win = rng.random(len(PAIRS)) ** 3
        money = int(rng.integers(0, 120))
        trades = choose_trades(
            win, PLAYERS, "jk", money, bool(rng.integers(0, 2)), random.Random(0)
        )
        named = [p for t in trades for p in set(t["players"])]
        assert len(named) == len(set(named)) and len(trades) <= Prices().trades
        assert sum(t["amount"] for t in trades) <= money and all(t["amount"] >= 1 for t in trades)


@pytest.mark.parametrize("seed", range(10))
def test_its_actions_are_legal_in_random_matches_even_for_a_fresh_bot(seed: int) -> None:
    match = _random_match(seed, seed % 4)
    rng = random.Random(seed)
    for player in ("jk", "p13"):
        if player in match.pending:
            move = bot_move(GAME, match.state, player, StreakBuilder(), rng)
            assert not move.defaulted, move.message


def test_it_votes_for_a_candidate() -> None:
    bot = StreakBuilder()
    assert bot.act({}, {"kind": "choose_ec", "candidates": ["a", "b"]}, random.Random(0))["ec"] in (
        "a",
        "b",
    )


def _score_swaps_by_full_masks(samples: np.ndarray, seat_pl: np.ndarray, me: int) -> np.ndarray:
    """The plain formula ``score_swaps`` speeds up: every swap's whole seating rebuilt."""
    out = np.zeros(len(PAIRS))
    for c, (i, j) in enumerate(PAIRS):
        after = seat_pl.copy()
        after[i], after[j] = after[j], after[i]
        my_seat = int(np.flatnonzero(after == me)[0])
        wins = [RUNLEN[masks_of(row[after][None, :])[0], my_seat] >= 6 for row in samples]
        out[c] = np.mean(wins)
    return out


@pytest.mark.parametrize("seed", range(6))
def test_score_swaps_matches_the_plain_formula(seed: int) -> None:
    rng = np.random.default_rng(seed)
    base = np.arange(1, 14)
    # numbers by seat near a streak (1..13 rolled, then a few swaps), so that wins occur
    by_seat = np.array([np.roll(base, rng.integers(13)) for _ in range(40)])
    for row in by_seat:
        for _ in range(rng.integers(1, 4)):
            a, b = rng.integers(0, 13, 2)
            row[a], row[b] = row[b], row[a]
    seat_pl = rng.permutation(13)
    samples = np.empty_like(by_seat)
    samples[:, seat_pl] = by_seat  # numbers by player
    me = int(rng.integers(13))
    got = score_swaps(samples, seat_pl, me)
    assert np.array_equal(got, _score_swaps_by_full_masks(samples, seat_pl, me))
    assert got.max() > 0


# ---------------------------------------------------------------- the shared public pool


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
    # numbers by player: 1..13 turned round, then up to 3 swaps, so that wins occur
    count = 120
    samples = (np.arange(13)[None, :] + rng.integers(0, 13, size=(count, 1))) % 13 + 1
    rows = np.arange(count)
    for _ in range(3):
        a, b = rng.integers(0, 13, size=(2, count))
        samples[rows, a], samples[rows, b] = samples[rows, b], samples[rows, a]
    seat_pl = rng.permutation(13)
    counts = swap_win_counts(samples[:, seat_pl].T, target)
    assert counts.max() > 0
    for player in range(13):
        seat = int(np.flatnonzero(seat_pl == player)[0])
        mine = counts[np.arange(len(PAIRS)), NEW_SEAT[seat]] / len(samples)
        assert np.array_equal(mine, score_swaps(samples, seat_pl, player, target))


def _record_after(seed: int, rounds: int) -> tuple[Match, tuple]:
    match = _random_match(seed, rounds)
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
