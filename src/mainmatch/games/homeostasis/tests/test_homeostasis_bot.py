"""The Homeostasis strategy bot's integer evaluator agrees with the engine's exact one."""

from __future__ import annotations

import copy
import random
from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from mainmatch import games
from mainmatch.engine.driver import Driver
from mainmatch.games.homeostasis.bots.strategy import StrategyBot, flat_ratio
from mainmatch.games.homeostasis.cards import DECK, SYMBOLS
from mainmatch.games.homeostasis.expression import value_of


@given(st.lists(st.sampled_from(SYMBOLS), max_size=14))
def test_flat_ratio_is_value_of(cards: list[str]) -> None:
    """Any bracket-free expression (homeostasis spec §4.7): the same exact value."""
    n, d = flat_ratio(cards)
    assert d > 0
    assert Fraction(n, d) == value_of(cards)


@given(st.permutations(DECK))
def test_flat_ratio_on_round_layouts(cards: list[str]) -> None:
    """A round's ten cards in any order, as the bot fills its slots."""
    assert Fraction(*flat_ratio(cards)) == value_of(cards)


def test_worked_example() -> None:
    """homeostasis spec §4.7: ``2x12+-33/1`` simplifies to ``2x1+3/1`` = 5."""
    assert Fraction(*flat_ratio(list("2x12+-33/1"))) == 5


def test_the_strategy_bot_only_reads_what_it_is_given() -> None:
    """``reads_only`` (docs/decisions/performance.md PD2): over whole matches of every
    request kind, the bot changes neither its view nor its request, and its
    action shares no list or dict with them (the driver then skips the copy)."""
    game = games.get("homeostasis")
    kinds = set()
    for seed in range(3):
        rng = random.Random(seed)
        config = game.random_config(list(game.default_players), rng)
        bots = {p: StrategyBot() for p in config["players"]}
        driver = Driver(game, config, events=False)
        while driver.pending:
            actions = {}
            for p, request in driver.pending.items():
                view = game.view(driver.state, p)
                before = copy.deepcopy((view, request))
                action = bots[p].act(view, request, rng)
                assert (view, request) == before
                inside = {id(x) for x in _containers((view, request))}
                assert not inside & {id(x) for x in _containers(action)}
                actions[p] = action
                kinds.add(request["kind"])
            driver.step(actions)
    assert StrategyBot.reads_only and {"bid", "brackets", "final_bid", "draft"} <= kinds


def _containers(value: object) -> list[object]:
    """Every list and dict inside ``value`` (itself included)."""
    out: list[object] = []
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            out.append(item)
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            if isinstance(item, list):
                out.append(item)
            stack.extend(item)
    return out


def test_a_reused_bot_decides_as_a_fresh_one() -> None:
    """The RL tables keep their bots from match to match (docs/decisions/performance.md HB4):
    a bot that played one match, then plays seats of another team in the next,
    decides exactly as a new bot at every step of it, although its memos, its
    habits drawn for the first match and the shared caches (HB1, HB2) remember
    the first match. Each side asks with its own generator, seeded alike."""
    game = games.get("homeostasis")
    players = list(game.default_players)
    kept = {p: StrategyBot() for p in players}
    for seed in (11, 12):
        rng = random.Random(seed)
        config = game.random_config(players, rng)
        fresh = {p: StrategyBot() for p in players}
        kept_rng, fresh_rng = random.Random(seed), random.Random(seed)
        # seat each kept bot with another team than it had
        seats = dict(zip(players, players[1:] + players[:1]))
        driver = Driver(game, config, events=False)
        while driver.pending:
            actions = {}
            for p, request in driver.pending.items():
                view = game.view(driver.state, p)
                action = kept[seats[p]].act(view, request, kept_rng)
                assert action == fresh[p].act(view, request, fresh_rng)
                actions[p] = action
            driver.step(actions)


def test_the_neutral_names_the_ec_at_random_whatever_the_chips() -> None:
    """Issue 31: the EC choice reads nothing of the table (a seat that spent its chips in
    round 3 was never named under the old most-chips rule); every candidate comes up."""
    bot = StrategyBot()
    request = {"kind": "choose_ec", "candidates": ["a", "b", "c", "d"]}
    for chips in ({"a": 0, "b": 0, "c": 0, "d": 40, "e": 3}, {"a": 9, "b": 0, "c": 0, "d": 0}):
        view = {"chips": chips}
        named = {bot.act(view, request, random.Random(seed))["ec"] for seed in range(40)}
        assert named == {"a", "b", "c", "d"}
