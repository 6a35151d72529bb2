"""The strategy bot: always legal, sees only its view, and beats random play."""

from __future__ import annotations

import random

from mainmatch.bots import bot_names, get_bot
from mainmatch.bots.driver import bot_move
from mainmatch.engine import Match
from mainmatch.games.second_to_won import GAME
from mainmatch.games.second_to_won.bots.strategy import (
    StrategyBot,
    others_gain,
    own_total,
    read_lots,
)
from mainmatch.games.second_to_won.catalogue import seed_listing

from .helpers import P, config, item, times, you


def _match_with_bots(cfg: dict, seats: set[str], rng: random.Random) -> Match:
    bot = get_bot("second_to_won", "strategy")
    m = Match(GAME, cfg)
    while m.pending:
        actions = {}
        for p in m.pending:
            if p in seats:
                move = bot_move(GAME, m.state, p, bot, rng)
                assert move.fault is None, move.message  # legal, no exception
                actions[p] = move.action
            else:
                actions[p] = GAME.random_action(m.state, p, rng)
        m.step(actions)
    return m


def test_registered_as_strategy():
    assert "strategy" in bot_names("second_to_won")
    assert isinstance(get_bot("second_to_won", "strategy"), StrategyBot)


def test_always_legal_on_varied_tables():
    rng = random.Random(5)
    odd = [
        [
            you(150),
            times("2"),
            item("choice", add=-40),
            item("others", add=30),
            times("0.5"),
            {"effects": [{"target": "you", "garnets": 3}, {"target": "choice", "multiply": "3"}]},
        ],
        [
            times("1.25", "others"),
            you(-20),
            {"effects": [{"target": "you", "info": 3}]},
            you(0),
            times("0"),
            you(90),
        ],
        seed_listing(),
    ]
    configs = [GAME.random_config(P, rng) for _ in range(14)]
    configs += [
        config(*odd, garnets={p: 3 for p in P}),
        config(seed_listing()),
        config(odd[0], seed_listing()),
    ]
    for i, cfg in enumerate(configs):
        seats = set(P) if i % 2 else {P[i % 9], P[(i + 4) % 9]}
        m = _match_with_bots(cfg, seats, rng)
        assert m.result() is not None


def test_the_others_estimate_follows_the_rules_arithmetic():
    lots = read_lots([you(9), item("others", add=8), times("1.5"), *[times("1")] * 3])
    # 1.5 copies of "+9 to YOU" among 8 others, 1.5 copies of "+8 to OTHERS" each reaching 7 of them
    assert round(others_gain(lots, 0.0), 6) == round(9 * 1.5 / 8 + 8 * 1.5 * 7 / 8, 6)
    # winning C (x1.5) and A (+9) itself: ceil(10 * 1.5) + 9, plus what others' OTHERS copies bring
    assert own_total(10, lots, {"A", "C"}, {"A", "C"}) == 15 + 9 + 8 * 1.5
    assert own_total(10, read_lots([times("1.1"), *[times("1")] * 5]), {"A"}, {"A"}) == 11


def test_strategy_bot_wins_tokens_of_life_far_more_often_than_random_players():
    """One strategy bot and eight random players, seats rotated, 200 matches of
    the default catalogue (measured: about 33% of matches give the bot a Token
    of Life, 9% for a random player)."""
    rng = random.Random(2024)
    bot_hits = random_hits = random_seats = 0
    n = 200
    for i in range(n):
        seat = P[i % 9]
        m = _match_with_bots(GAME.new_config(P, rng.randrange(2**32)), {seat}, rng)
        tol = m.result()["tokens_of_life"]
        bot_hits += seat in tol
        random_hits += sum(1 for p in tol if p != seat)
        random_seats += 8
    bot_rate, random_rate = bot_hits / n, random_hits / random_seats
    assert bot_rate > random_rate + 0.1, (bot_rate, random_rate)
