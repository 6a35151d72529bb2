"""The strategy bot (``mainmatch.games.mvp.bots.strategy``): legal in any table, team-aware,
and clearly better than random play at winning Tokens of Life."""

from __future__ import annotations

import copy
import random

from mvp_table import PLAYERS, Table, l0_config

from mainmatch.bots import bot_names, get_bot
from mainmatch.bots.driver import bot_move
from mainmatch.engine import Match
from mainmatch.games.mvp import GAME


def play_mixed(seed: int, bot_seats: list[str]) -> Match:
    """A match of strategy bots on ``bot_seats`` and random players elsewhere;
    every bot action is checked legal by the driver."""
    rng = random.Random(seed)
    match = Match(GAME, GAME.random_config(PLAYERS, rng))
    bots = {p: get_bot("mvp", "strategy") for p in bot_seats}
    while match.pending:
        actions = {}
        for p in match.pending:
            if p in bots:
                move = bot_move(GAME, match.state, p, bots[p], rng)
                assert move.fault is None, f"{p}: {move.fault} {move.message}"
                actions[p] = move.action
            else:
                actions[p] = GAME.random_action(match.state, p, rng)
        match.step(actions)
    return match


def test_the_strategy_bot_is_registered():
    # random first, then the families (games/mvp/bots/families.py) and the strategy bot
    assert bot_names("mvp") == ["random", "chaser", "strategist", "strategy"]
    assert get_bot("mvp", "strategy").name == "strategy"


def test_the_bot_always_acts_legally_in_any_table():
    rng = random.Random(3)
    for seed in range(36):
        seats = rng.sample(PLAYERS, seed % 6 + 1)
        match = play_mixed(seed, seats)
        assert match.result() is not None


def test_the_bot_does_not_change_what_it_is_given():
    t = Table()
    t.round({"r1": {"U": 1}, "g1": {"V": 2}})
    view, request = GAME.view(t.state, "r2"), GAME.pending(t.state)["r2"]
    before = copy.deepcopy((view, request))
    action = get_bot("mvp", "strategy").act(view, request, random.Random(1))
    assert (view, request) == before
    GAME.validate(t.state, "r2", action)


def test_teammates_split_the_fresh_cards_between_them():
    t = Table(l0_config(garnets={p: 0 for p in PLAYERS}))
    bids = {}
    for p in ("r1", "r2", "r3"):
        action = get_bot("mvp", "strategy").act(
            GAME.view(t.state, p), GAME.pending(t.state)[p], random.Random(0)
        )
        bids[p] = set(action.get("bids", {}))
    # every exposed card is covered (and, from round 1, some nearly exposed ones)
    assert (bids["r1"] | bids["r2"] | bids["r3"]) & {"U", "V", "W", "X"} == {"U", "V", "W", "X"}
    assert (
        not (bids["r1"] & bids["r2"])
        and not (bids["r1"] & bids["r3"])
        and not (bids["r2"] & bids["r3"])
    )


def test_the_bot_pipelines_onto_nearly_exposed_cards():
    # U-X flagged: the cards they cover are about to be exposed; the bot bids ahead on its share
    t = Table()
    t.round({"r1": {"U": 1, "V": 1}, "g1": {"W": 1, "X": 1}})
    action = get_bot("mvp", "strategy").act(
        GAME.view(t.state, "r1"), GAME.pending(t.state)["r1"], random.Random(0)
    )
    assert set(action.get("bids", {})) & {"P", "Q", "R", "S", "T"}


def test_the_bot_votes_for_a_rival_other_than_itself():
    t = Table()
    t.round()  # round-1 stalemate: all six vote among all six
    for p in PLAYERS:
        action = get_bot("mvp", "strategy").act(
            GAME.view(t.state, p), GAME.pending(t.state)[p], random.Random(0)
        )
        GAME.validate(t.state, p, action)
        assert action["ec"] != p and action["ec"][0] != p[0]


def test_the_bot_wins_tokens_of_life_far_more_often_than_random_players():
    # one strategy bot and five random players, the bot's seat rotating
    matches = 200
    bot_tol = random_tol = 0
    for i in range(matches):
        seat = PLAYERS[i % 6]
        result = play_mixed(1000 + i, [seat]).result()
        bot_tol += seat in result["tokens_of_life"]
        random_tol += sum(p in result["tokens_of_life"] for p in PLAYERS if p != seat)
    bot_rate, random_rate = bot_tol / matches, random_tol / (5 * matches)
    assert bot_rate > random_rate + 0.3, (bot_rate, random_rate)
