"""Playing simulated matches: the work every back-end runs.

:func:`play_chunk` plays matches ``start..stop-1`` of a plan and returns
their summaries and the records the keep rules ask for. It is a plain
top-level function so that process pools and Ray can ship it.

Match ``i``: ``rng = random.Random(match_seed(seed, i))`` draws the config
(``Game.random_config(players, rng)``, or ``Game.new_config(players, seed)``
for plain configs), the seating of shuffled tables, then every bot's
randomness, in the order players are pending. One generator per match keeps
the bookkeeping cheap (seeding one per player would cost a sixth of a
Seat Exchange match) and the match reproducible on its own.

The loop steps the engine's :class:`~mainmatch.engine.driver.Driver` without
validation: the bots' ``Asker.move`` (``bot_move``) has already validated every bot's action
and random actions are legal by the contract, so checking again would double
the engine's work. Saved records are replayed (and so validated) by
``mainmatch replay``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from mainmatch import games
from mainmatch.bots import get_bot
from mainmatch.bots.base import Bot
from mainmatch.bots.driver import Asker
from mainmatch.bots.families import make_tuned
from mainmatch.engine.collector import fewer_collections
from mainmatch.engine.driver import Driver
from mainmatch.engine.errors import MainmatchError
from mainmatch.engine.game import JSONObject

from .keep import parse_keep, wanted
from .plan import SimPlan, load_bot_modules, match_seed, seat_bots
from .summary import MatchSummary, summarize

#: a match that has not ended after this many steps is a bug in its game
MAX_STEPS = 100_000
#: fault messages are cut to this length in summaries
MESSAGE_CHARS = 200


@dataclass
class ChunkResult:
    summaries: list[MatchSummary] = field(default_factory=list)
    #: match index -> record, for the matches the keep rules chose
    records: dict[int, JSONObject] = field(default_factory=dict)


def play_match(plan: SimPlan, index: int) -> tuple[MatchSummary, JSONObject]:
    """Play match ``index`` of ``plan``; return its summary and its record."""
    game = games.get(plan.game)
    seed = match_seed(plan.seed, index)
    rng = random.Random(seed)
    players = game.default_lineup(len(plan.lineup))  # the plan's table size
    # a variant is passed only when there is one: games without variants keep their signatures
    extra = {"variant": plan.variant} if plan.variant else {}
    if plan.configs == "plain":
        config = game.new_config(players, seed, **extra)
    else:
        config = game.random_config(players, rng, **extra)
    players = list(config["players"])
    names = seat_bots(plan, index, seed)
    bots = {p: _make_bot(plan, name, seed, k) for k, (p, name) in enumerate(zip(players, names))}
    random_players = {p for p, bot in bots.items() if getattr(bot, "delegate_random", False)}
    seat = {p: k for k, p in enumerate(players)}
    decisions = [0] * len(players)
    faults: list[tuple[int, str, str]] = []
    driver = Driver(game, config, events=False)  # nobody reads a simulated step's events
    # the time limit's signal handler is installed once for the match (docs/decisions/performance.md PD1)
    with Asker(game, plan.time_limit) as asker:
        pending = driver.pending
        while pending:
            if len(driver.steps) >= MAX_STEPS:
                raise MainmatchError(
                    f"{plan.game}: match {index} has no end after {MAX_STEPS} steps"
                )
            state = driver.state
            actions: dict[str, JSONObject] = {}
            defaulted: list[str] = []
            for p, request in pending.items():
                decisions[seat[p]] += 1
                if p in random_players:
                    # the random bot's move, as bot_move draws it, minus its wrapping
                    actions[p] = game.random_action(state, p, rng)
                    continue
                move = asker.move(state, p, request, bots[p], rng)
                actions[p] = move.action
                if move.defaulted:
                    defaulted.append(p)
                    faults.append((seat[p], move.fault or "raised", move.message[:MESSAGE_CHARS]))
            driver.step(actions, defaulted, validate=False)
            pending = driver.pending
    result = driver.result()
    assert result is not None  # the loop ends when nobody is pending: the match is over
    summary = summarize(index, names, config, result, len(driver.steps), decisions, faults, game)
    record = driver.record()
    return summary, record


def _make_bot(plan: SimPlan, name: str, seed: int, seat: int) -> Bot:
    if name in plan.tuned:  # a mixture seat's component is drawn from (match seed, seat)
        family, params = plan.tuned[name]
        return make_tuned(plan.game, family, params, seed, seat)
    return get_bot(plan.game, name)


def play_chunk(plan: SimPlan, start: int, stop: int) -> ChunkResult:
    """Play matches ``start..stop-1``; keep the records the plan's rules choose."""
    load_bot_modules(plan.bot_modules)
    rules = parse_keep(plan.keep)
    out = ChunkResult()
    with fewer_collections():
        for index in range(start, stop):
            summary, record = play_match(plan, index)
            out.summaries.append(summary)
            if rules and wanted(rules, index, summary.end, len(summary.faults)):
                out.records[index] = record
    return out
