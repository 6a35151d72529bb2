"""Making a config, and what a match derives from it (amalgamation spec §2).

``new_config`` draws every chance element and chooser input from the seed
(teams, the Minus Auction's initial order, the tiles, the rate
submissions), always in the same order, and then lets the host's options
replace any of them: an option never shifts the other draws (E13).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping
from dataclasses import field
from typing import Any, TypedDict

from mainmatch.engine.errors import InvalidConfig
from mainmatch.engine.frozen import immutable
from mainmatch.engine.game import Config

from .constants import (
    PLAYERS,
    RATE_MAX,
    RATE_MIN,
    ROUNDS,
    TEAM_SIZE,
    TILE_COUNT,
    TILES_PER_ROUND,
)

#: Options ``new_config`` accepts: every config field but ``players`` (§2).
HOST_INPUTS = (
    "gamewide_tiebreak",
    "garnets",
    "teams",
    "minus_initial_order",
    "minus_tiles",
    "garnet_rate_submissions",
)


def garnet_rate(submissions: list[int]) -> int:
    """The mean of the submissions rounded to the nearest integer, halves up (§2).

    >>> garnet_rate([5, 20]), garnet_rate([5, 6]), garnet_rate([5, 5, 6]), garnet_rate([10, 11, 11, 11])
    (13, 6, 5, 11)
    """
    n = len(submissions)
    return (2 * sum(submissions) + n) // (2 * n)


class Chance(TypedDict):
    """The seed's draws of §2 (config fields)."""

    teams: dict[str, list[str]]
    minus_initial_order: list[str]
    minus_tiles: list[list[int]]
    garnet_rate_submissions: list[int]


def draw_chance(players: list[str], seed: int) -> Chance:
    """The seed's draws of §2: a random team split (each team in ``players``
    order), a random initial Minus order, -1..-35 shuffled and cut into 7
    groups of 5, and one uniform 5..20 submission per player."""
    rng = random.Random(seed)
    shuffled = list(players)
    rng.shuffle(shuffled)
    red = set(shuffled[:TEAM_SIZE])
    teams = {"red": [p for p in players if p in red], "white": [p for p in players if p not in red]}
    order = list(players)
    rng.shuffle(order)
    values = list(range(-1, -TILE_COUNT - 1, -1))
    rng.shuffle(values)
    tiles = [values[i * TILES_PER_ROUND : (i + 1) * TILES_PER_ROUND] for i in range(ROUNDS)]
    submissions = [rng.randint(RATE_MIN, RATE_MAX) for _ in players]
    return {
        "teams": teams,
        "minus_initial_order": order,
        "minus_tiles": tiles,
        "garnet_rate_submissions": submissions,
    }


def build_config(players: object, seed: int, options: Mapping[str, object]) -> Config:
    """The config of ``new_config`` before validation (§2 defaults, then options)."""
    unknown = sorted(k for k in options if k not in HOST_INPUTS)
    if unknown:
        raise InvalidConfig(
            f"unknown option {unknown[0]!r}; amalgamation takes {', '.join(HOST_INPUTS)}"
        )
    if not isinstance(players, (list, tuple)):
        raise InvalidConfig(f"config.players: must be a list of {PLAYERS} player ids")
    players = list(players)
    if len(players) != PLAYERS:
        raise InvalidConfig(
            f"config.players: The Amalgamation takes exactly {PLAYERS} players, not {len(players)}"
        )
    if not all(isinstance(p, str) for p in players):
        raise InvalidConfig("config.players: player ids must be strings")
    drawn = draw_chance(players, seed)
    given = {k: copy.deepcopy(v) for k, v in options.items() if v is not None}
    garnets = given.pop("garnets", {})
    if not isinstance(garnets, dict):
        raise InvalidConfig(
            'config.garnets: must be an object player -> garnets held, e.g. {"a": 2}'
        )
    strangers = sorted(str(k) for k in garnets if k not in players)
    if strangers:
        raise InvalidConfig(f"config.garnets: {strangers[0]!r} is not a player in this match")
    config = {
        "players": players,
        "gamewide_tiebreak": list(players),  # engine spec convention 1
        "garnets": {p: garnets.get(p, 0) for p in players},  # a missing player holds 0
        **drawn,
    }
    config.update(given)
    return config


@immutable
class Setup:
    """What every state of one match shares, derived once from its config
    (never mutated; ``memo`` holds lazily computed match-wide things)."""

    config: Config
    players: tuple[str, ...]
    index: dict[str, int]  # player -> position in players
    tiebreak: tuple[str, ...]  # gamewide_tiebreak, best first
    gt: dict[str, int]  # player -> position in gamewide_tiebreak (0 = best)
    teams: dict[str, tuple[str, ...]]
    team_of: dict[str, str]
    tiles: tuple[tuple[int, ...], ...]
    rate: int
    team_at: tuple[tuple[int, ...], tuple[int, ...]]  # red's and white's positions in players
    everyone: frozenset[str]  # the players, who all act in a round
    memo: dict[str, Any] = field(default_factory=dict, compare=False)


def make_setup(config: Config) -> Setup:
    players = tuple(config["players"])
    tiebreak = tuple(config["gamewide_tiebreak"])
    red, white = tuple(config["teams"]["red"]), tuple(config["teams"]["white"])  # TEAMS
    index = {p: i for i, p in enumerate(players)}
    return Setup(
        config=config,
        players=players,
        index=index,
        tiebreak=tiebreak,
        gt={p: i for i, p in enumerate(tiebreak)},
        teams={"red": red, "white": white},
        team_of={**dict.fromkeys(red, "red"), **dict.fromkeys(white, "white")},
        tiles=tuple(map(tuple, config["minus_tiles"])),
        rate=garnet_rate(config["garnet_rate_submissions"]),
        team_at=(tuple(map(index.__getitem__, red)), tuple(map(index.__getitem__, white))),
        everyone=frozenset(players),
    )
