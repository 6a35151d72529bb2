"""The Homeostasis strategy bot: registered, always legal, sensible, and
clearly better than random play at winning Tokens of Life."""

from __future__ import annotations

import random

from homeostasis_helpers import PLAYERS, SEED_LAYOUT, Table

from mainmatch.bots import bot_names, get_bot
from mainmatch.engine import Match
from mainmatch.games.homeostasis import GAME
from mainmatch.games.homeostasis.bots.strategy import StrategyBot, utility


def test_registered_as_strategy() -> None:
    assert "strategy" in bot_names("homeostasis")
    assert isinstance(get_bot("homeostasis", "strategy"), StrategyBot)


def test_always_legal_in_all_bot_and_mixed_tables() -> None:
    for seed in range(8):
        rng = random.Random(seed)
        cfg = GAME.random_config(PLAYERS, rng)
        bots = {p: StrategyBot() for p in PLAYERS if seed % 2 == 0 or p in ("a", "c", "e")}
        match = Match(GAME, cfg)
        while match.pending:
            actions = {}
            for p, request in match.pending.items():
                if p in bots:
                    actions[p] = bots[p].act(GAME.view(match.state, p), dict(request), rng)
                    GAME.validate(match.state, p, actions[p])  # raises if illegal
                else:
                    actions[p] = GAME.random_action(match.state, p, rng)
            match.step(actions)


def test_utility_follows_each_teams_goal() -> None:
    assert utility("positive", 5, 0) > utility("positive", 2, 0) > utility("positive", 1, 0)
    assert utility("negative", -5, 0) > utility("negative", -2, 0) > utility("negative", -1, 0)
    assert utility("neutral", 0, 0) > utility("neutral", 3, 0) > utility("neutral", 5, 0)
    # boundaries favour neutral (D35): a Token at 4 and -4 (two within 1), the EC beyond
    assert utility("neutral", 1, 0) > 1.1 and utility("neutral", -4, 0) > 0.9
    assert utility("neutral", 4.5, 0) < -0.9


def test_bids_toward_its_goal() -> None:
    """Auction 1 auctions the '2' of 2x12+-33/1; with x still to come a
    positive player wants its 2 where it gets multiplied, not subtracted."""
    t = Table()
    t.save()
    t.draft(SEED_LAYOUT)
    bot = StrategyBot()
    rng = random.Random(0)
    values = bot._slot_utilities(t.view("a"), "2", rng)
    assert len(values) == 10
    action = bot.act(t.view("a"), t.pending["a"], rng)
    assert (
        set(action) == {"slot", "chips"} and action["chips"] == 1
    )  # the forced opening bid is cheap
    assert values[action["slot"]] == max(values.values())


def test_places_the_brackets_that_win_the_last_round() -> None:
    """Ex16's last round: total 3 after two rounds, 2x12+-33/1 (= 5) to come.
    The neutral player (e) wants a total within 1 of 0 and finds a pair that gets there."""
    t = Table()
    t.save()
    for _ in range(2):
        t.scripted_round("1+2-3x1/23")
        t.brackets()
    t.scripted_round()
    bot = StrategyBot()
    action = bot.act(t.view("e"), t.pending["e"], random.Random(0))
    assert "first" in action
    t.brackets(e=(action["first"], action["last"]))
    while t.pending and t.phase == "brackets":
        t.brackets()
    assert t.view()["outcome"] == "neutral"


def test_beats_random_play_at_tokens_of_life() -> None:
    """One strategy bot and four random players, seats rotated, teams drawn."""
    won = {"strategy": 0, "random": 0}
    seats = {"strategy": 0, "random": 0}
    for i in range(100):
        rng = random.Random(i)
        cfg = GAME.new_config(PLAYERS, i)
        me = PLAYERS[i % 5]
        bot = StrategyBot()
        match = Match(GAME, cfg)
        while match.pending:
            match.step(
                {
                    p: bot.act(GAME.view(match.state, p), req, rng)
                    if p == me
                    else GAME.random_action(match.state, p, rng)
                    for p, req in match.pending.items()
                }
            )
        tokens = match.result()["tokens_of_life"]
        for p in PLAYERS:
            who = "strategy" if p == me else "random"
            seats[who] += 1
            won[who] += tokens.get(p, 0) > 0
    rate = {w: won[w] / seats[w] for w in won}
    assert rate["strategy"] > rate["random"] + 0.35, rate
