"""Config and action models of The Amalgamation (amalgamation spec §2, §3).

The pydantic models give the JSON Schemas clients build actions from, and
validate configs (strict: ``2.0`` and ``true`` are not integers). Round
actions are validated by ``validate.py`` in the spec's order, so the first
broken rule is the one reported.
"""

from __future__ import annotations

from itertools import chain
from typing import Annotated, Literal, TypeGuard

from pydantic import BaseModel, ConfigDict, Field, model_validator

from mainmatch.engine.configcheck import ordering_fault, player_map_fault, players_fault
from mainmatch.engine.declared import TEAM_LISTS
from mainmatch.engine.game import Config
from mainmatch.engine.steps import Ask
from mainmatch.engine.variants import VariantKey, variant_fault

from .constants import (
    BUDGET_RANGE,
    PLAYERS,
    RATE_MAX,
    RATE_MIN,
    ROUNDS,
    START_BALANCE,
    TEAM_SIZE,
    TEAMS,
    TILE_COUNT,
    TILES_PER_ROUND,
)

#: what a designer may tune (amalgamation spec §1); official configs name none
VARIANT_KEYS = (
    VariantKey(
        "budget",
        START_BALANCE,
        *BUDGET_RANGE,
        "amalgamation spec §1, §2",
        "dollars each player starts with, for all four games",
    ),
)


class AmalgamationConfig(BaseModel):
    """An Amalgamation config: all seven fields, nothing else (§2)."""

    model_config = ConfigDict(extra="forbid", strict=True, title="amalgamation config")

    players: list[str] = Field(
        description="6 distinct non-empty player ids; listing order only, no rules meaning"
    )
    gamewide_tiebreak: list[str] = Field(
        description="ORG-wide tiebreak, best first: a permutation of players (host input)"
    )
    garnets: dict[str, int] = Field(
        description="garnets each player holds at the start: every player, each >= 0 (host input)"
    )
    teams: Annotated[dict[str, list[str]], TEAM_LISTS] = Field(
        description='Kong\'s Dilemma teams: exactly {"red": [3 ids], "white": [3 ids]}, together all players (DM-winner twist)'
    )
    minus_initial_order: list[str] = Field(
        description="Minus Auction tiebreak order at the start, front first (MM-winner twist)"
    )
    minus_tiles: list[list[int]] = Field(
        description="7 lists of 5 tiles: round r reveals minus_tiles[r-1] in the order they are considered; all of -1..-35 once"
    )
    garnet_rate_submissions: list[int] = Field(
        description="Group-twist submissions, each 5..20 dollars per garnet; the rate is their mean rounded half up"
    )
    variant: dict[str, int] | None = Field(
        default=None,
        description="only in a rule variant: the constants that differ from the spec "
        "(budget); absent at the official rules",
    )

    @model_validator(mode="after")
    def _check(self) -> AmalgamationConfig:
        if "variant" in self.model_fields_set:
            fault = variant_fault(VARIANT_KEYS, self.variant)
            if fault:
                raise ValueError(fault)
        ps = self.players
        fault = (
            players_fault(ps, PLAYERS, "The Amalgamation")
            or ordering_fault("gamewide_tiebreak", self.gamewide_tiebreak, ps)
            or ordering_fault("minus_initial_order", self.minus_initial_order, ps)
            or player_map_fault("garnets", self.garnets, ps)
        )
        if fault:
            raise ValueError(fault)
        everyone = set(ps)
        neg = [p for p in ps if self.garnets[p] < 0]
        if neg:
            raise ValueError(
                f"garnets: {neg[0]} has a negative garnet count ({self.garnets[neg[0]]})"
            )
        if sorted(self.teams) != sorted(TEAMS):
            raise ValueError(
                f"teams: must have exactly the keys red and white, not {sorted(self.teams)}"
            )
        for team in TEAMS:
            if len(self.teams[team]) != TEAM_SIZE:
                raise ValueError(
                    f"teams: {team} must have {TEAM_SIZE} players, not {len(self.teams[team])}"
                )
        both = self.teams["red"] + self.teams["white"]
        if set(both) != everyone or len(set(both)) != PLAYERS:
            raise ValueError("teams: red and white together must list each player exactly once")
        tiles = self.minus_tiles
        if len(tiles) != ROUNDS or any(len(group) != TILES_PER_ROUND for group in tiles):
            raise ValueError(f"minus_tiles: must be {ROUNDS} lists of {TILES_PER_ROUND} tiles")
        if sorted(t for group in tiles for t in group) != list(range(-TILE_COUNT, 0)):
            raise ValueError(f"minus_tiles: must hold each of -1..-{TILE_COUNT} exactly once")
        subs = self.garnet_rate_submissions
        if not subs:
            raise ValueError("garnet_rate_submissions: must hold at least one submission")
        bad = [s for s in subs if not RATE_MIN <= s <= RATE_MAX]
        if bad:
            raise ValueError(
                f"garnet_rate_submissions: each submission must be {RATE_MIN}..{RATE_MAX}, got {bad[0]}"
            )
        return self


#: the fields of an official config (§2), and the types of its plain values
_FIELDS = frozenset(AmalgamationConfig.model_fields) - {"variant"}
_TEAMS = frozenset(TEAMS)
_TILES = list(range(-TILE_COUNT, 0))
_GROUP = {TILES_PER_ROUND}


def plainly_valid(config: object) -> TypeGuard[Config]:
    """Whether ``config`` is, in exact built-in types, an official config
    that :class:`AmalgamationConfig` accepts (§2): its seven fields, 6
    distinct non-empty player ids, the tiebreak and the Minus order each a
    permutation of them, garnets >= 0 for every player, two teams of 3
    splitting them, 7 groups of 5 tiles holding -1..-35 once, at least one
    submission, each 5..20. ``False`` means only "not plainly so" (a variant,
    say): the model then decides and names the fault, so no message changes
    (docs/decisions/performance.md PA4)."""
    if type(config) is not dict or config.keys() != _FIELDS:
        return False
    players, tiebreak, order = (
        config["players"],
        config["gamewide_tiebreak"],
        config["minus_initial_order"],
    )
    garnets, teams, tiles, subs = (
        config["garnets"],
        config["teams"],
        config["minus_tiles"],
        config["garnet_rate_submissions"],
    )
    if not (
        type(players) is list
        and type(tiebreak) is list
        and type(order) is list
        and type(garnets) is dict
        and type(teams) is dict
        and type(tiles) is list
        and type(subs) is list
        and teams.keys() == _TEAMS
    ):
        return False
    red, white = teams["red"], teams["white"]
    if type(red) is not list or type(white) is not list:
        return False
    names = set(map(type, players))
    names.update(map(type, tiebreak), map(type, order), map(type, garnets), map(type, red))
    names.update(map(type, white))
    if names != {str}:  # exact strings only: the sets below compare them by value
        return False
    everyone = set(players)
    if len(players) != PLAYERS or len(everyone) != PLAYERS or "" in everyone:
        return False
    if len(tiebreak) != PLAYERS or len(order) != PLAYERS:
        return False
    if set(tiebreak) != everyone or set(order) != everyone or garnets.keys() != everyone:
        return False
    if len(red) != TEAM_SIZE or len(white) != TEAM_SIZE or set(red + white) != everyone:
        return False
    if len(tiles) != ROUNDS or set(map(type, tiles)) != {list}:
        return False
    if set(map(len, tiles)) != _GROUP:
        return False
    flat = [*chain.from_iterable(tiles)]
    numbers = set(map(type, flat))
    numbers.update(map(type, garnets.values()), map(type, subs))
    if numbers != {int} or not subs:  # not bool: True == 1
        return False
    return (
        sorted(flat) == _TILES
        and min(garnets.values()) >= 0
        and min(subs) >= RATE_MIN
        and max(subs) <= RATE_MAX
    )


# ----------------------------------------------------------------- actions §3.1


class _Part(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


#: every amount a round spends is at most the round's spending limit (§3.1)
_SPEND = "max_spend"


class KongPart(_Part):
    """Kong's Dilemma: what you put into your team's pot this round."""

    contribute: Annotated[
        int,
        Field(ge=0, description="dollars contributed to your team this round (>= 0)"),
        Ask(
            "amount",
            "Into your team's pot",
            help="what you put into your team's pot this round",
            unit="$",
            most=_SPEND,
        ),
    ]


class MinusPart(_Part):
    """Minus Auction: one bid per revealed tile, in the request's `tiles` order."""

    bids: Annotated[
        list[Annotated[int, Ask("amount", "Bid", unit="$")]],
        Field(
            min_length=TILES_PER_ROUND,
            max_length=TILES_PER_ROUND,
            description="exactly 5 integers of any sign, bids[i] on tiles[i]; each costs its absolute value; lowest bid takes the tile",
        ),
        # a list of amounts that offers a request key: one amount per thing offered, in order
        Ask(
            "list",
            "Your bid on each tile",
            help="tiles are negative points; the lowest bid takes the tile; a whole number "
            "for each tile, negative allowed; each bid costs its size in dollars",
            unit="$",
            offers="tiles",
            most=_SPEND,
        ),
    ]


class InvestPart(_Part):
    """Investment & Donation: this round's investment and donation."""

    invest: Annotated[
        int,
        Field(
            ge=0,
            description="dollars invested this round (the highest unique amount earns a Top Investor token)",
        ),
        Ask(
            "amount",
            "Invest",
            help="the highest amount that nobody else invested earns a Top Investor token",
            unit="$",
            most=_SPEND,
        ),
    ]
    donate: Annotated[
        int,
        Field(
            ge=0, description="dollars donated this round (the lowest amount earns a Miser token)"
        ),
        Ask(
            "amount",
            "Donate",
            help="the lowest donation earns a Miser token, and Miser tokens rank you low",
            unit="$",
            most=_SPEND,
        ),
    ]


class ThiefPart(_Part):
    """Garnet Chip Thief: a bet and a role."""

    # role before bet: the order the web form asks them in

    role: Annotated[
        Literal["mafia", "cartel", "police", "beggar"],
        Field(description="your role this round"),
        Ask("role", "Role", help="your role this round", offers="roles"),
    ]
    bet: Annotated[
        int,
        Field(ge=0, description="dollars bet this round; each chip you get scores the bet"),
        Ask("amount", "Bet", help="dollars bet on your role this round", unit="$", most=_SPEND),
    ]


class RoundAction(BaseModel):
    """One round: one sub-object per sub-game, and garnets sold for money (§3.1).

    The total spend (contribute + |bids| + invest + donate + bet) may not exceed
    your balance plus `buy_garnets` x `garnet_rate`.
    """

    # the fields in the order the web form asks them: the four games, then the garnets

    model_config = ConfigDict(extra="forbid", strict=True, title="round")

    kong: Annotated[KongPart, Ask("group", "Kong's Dilemma")]
    minus: Annotated[MinusPart, Ask("group", "Minus Auction")]
    invest: Annotated[InvestPart, Ask("group", "Investment & Donation")]
    thief: Annotated[ThiefPart, Ask("group", "Garnet Chip Thief")]
    buy_garnets: Annotated[
        int,
        Field(
            default=0,
            ge=0,
            description="garnets turned into money now, `garnet_rate` dollars each (<= garnets held)",
        ),
        Ask(
            "amount",
            "Garnets to sell",
            help="each garnet you sell adds ${garnet_rate} to your balance now "
            "(you hold {garnets_held})",
            unit="garnets",
            most="garnets_held",
        ),
    ]
