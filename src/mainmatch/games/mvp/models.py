"""Constants, config and action models of The MVP (mvp spec §2.1, §2.4, §3).

The pydantic models give the JSON Schemas (strict, extra fields forbidden)
and check a config's shape; ``check_config_rules`` adds the rules a schema
cannot say (six distinct players, teams of three, each card once, ...).
Actions are validated by ``validate.py`` in the spec's order so that the
first broken rule is the one reported.
"""

from __future__ import annotations

from typing import Annotated, Literal, TypeGuard

from pydantic import BaseModel, ConfigDict, Field, PositiveInt, ValidationError, model_validator

from mainmatch.engine.declared import TEAM_LISTS
from mainmatch.engine.errors import InvalidConfig
from mainmatch.engine.game import Config, describe_validation_error
from mainmatch.engine.steps import Ask
from mainmatch.engine.variants import VariantKey, plain_fields, variant_fault

from .card_rule import GREEN, RED, TEAMS
from .cards import CARD_INDEX, CARDS
from .pattern import LETTER_INDEX, LETTERS

PLAYERS = 6
TEAM_SIZE = 3
STARTING_CHIPS = 30
LAST_ROUND = 13
IDENTITY_COST = 1
LOCATION_COST = 2
CHIP_COST = 1
COSTS = {"identity": IDENTITY_COST, "location": LOCATION_COST, "chip": CHIP_COST}

Letter = Literal[LETTERS]  # type: ignore[valid-type]  # the letters, listed once in pattern.py
Card = Literal[CARDS]  # type: ignore[valid-type]  # the cards, listed once in cards.py


#: what a designer may tune (mvp spec §2.4 "Constants"); official configs name none
VARIANT_KEYS = (
    VariantKey("chips", STARTING_CHIPS, 1, 1_000, "mvp spec §2.4", "chips each player starts with"),
)


class MvpConfigError(InvalidConfig, ValueError):
    """An invalid MVP config. mvp spec §2.1 says ``initial_state`` raises
    ``ValueError``; the engine's records and front ends catch
    ``InvalidConfig``: this error is both."""


class Teams(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    red: list[str] = Field(description="the three players of the red meadow")
    green: list[str] = Field(description="the three players of the green meadow")


class MvpConfig(BaseModel):
    """An MVP config: exactly the five fields of mvp spec §2.1."""

    model_config = ConfigDict(extra="forbid", strict=True, title="mvp config")

    players: list[str] = Field(description="6 distinct non-empty player ids; listing order only")
    teams: Annotated[Teams, TEAM_LISTS] = Field(
        description="the two fixed teams of three; every player in exactly one"
    )
    layout: dict[str, str] = Field(
        description="place letter A..X -> the card lying there (`suit-rank`, e.g. `pears-4`); each of the 24 cards once"
    )
    garnets: dict[str, int] = Field(
        description="garnets each player holds at the start (>= 0); a key for each player"
    )
    gamewide_tiebreak: list[str] = Field(
        description="all 6 players, best first (EC vote ties and default votes)"
    )
    variant: dict[str, int] | None = Field(
        default=None,
        description="only in a rule variant: the constants that differ from the spec "
        "(chips); absent at the official rules",
    )

    @model_validator(mode="after")
    def _check(self) -> MvpConfig:
        if "variant" in self.model_fields_set:
            fault = variant_fault(VARIANT_KEYS, self.variant)
            if fault:
                raise ValueError(fault)
        problem = config_problem(
            self.players,
            {"red": self.teams.red, "green": self.teams.green},
            self.layout,
            self.garnets,
            self.gamewide_tiebreak,
        )
        if problem:
            raise ValueError(problem)
        return self


def config_problem(
    players: list[str],
    teams: dict[str, list[str]],
    layout: dict[str, str],
    garnets: dict[str, int],
    tiebreak: list[str],
) -> str | None:
    """The first rule of mvp spec §2.1 the fields break, as ``"field: problem"``; ``None`` if valid."""
    return (
        _players_problem(players)
        or _teams_problem(players, teams)
        or _layout_problem(layout)
        or _garnets_problem(players, garnets, tiebreak)
    )


def _players_problem(players: list[str]) -> str | None:
    """§2.1: six distinct non-empty ids."""
    if len(players) != PLAYERS:
        return f"players: The MVP takes exactly {PLAYERS} players, not {len(players)}"
    if any(not p for p in players):
        return "players: a player id must be a non-empty string"
    if len(set(players)) != PLAYERS:
        dup = sorted({p for p in players if players.count(p) > 1})
        return f"players: duplicate player ids {dup}"
    return None


def _teams_problem(players: list[str], teams: dict[str, list[str]]) -> str | None:
    """§2.1: two teams of three players, each player in exactly one."""
    everyone = set(players)
    for team in TEAMS:
        members = teams[team]
        if len(members) != TEAM_SIZE:
            return f"teams.{team}: a team has exactly {TEAM_SIZE} players, not {len(members)}"
        strangers = [p for p in members if p not in everyone]
        if strangers:
            return f"teams.{team}: {strangers[0]!r} is not a player in this match"
    listed = teams["red"] + teams["green"]
    if len(set(listed)) != PLAYERS:
        twice = sorted({p for p in listed if listed.count(p) > 1})
        return f"teams: every player must be in exactly one team; {twice[0]!r} is listed twice"
    return None


def _layout_problem(layout: dict[str, str]) -> str | None:
    """§2.1: one card on each letter A to X, each card on exactly one place."""
    bad_letters = [x for x in layout if x not in LETTER_INDEX]
    if bad_letters:
        return f"layout: {bad_letters[0]!r} is not a place letter (A to X)"
    missing = [x for x in LETTERS if x not in layout]
    if missing:
        return f"layout: no card on {', '.join(missing)}; every letter A to X needs a card"
    bad_cards = [c for c in layout.values() if c not in CARD_INDEX]
    if bad_cards:
        return f"layout: {bad_cards[0]!r} is not a card (write suit-rank, e.g. pears-4)"
    where: dict[str, str] = {}
    for x in LETTERS:
        card = layout[x]
        if card in where:
            return f"layout: {card} lies on both {where[card]} and {x}; each card lies on exactly one place"
        where[card] = x
    return None


def _garnets_problem(
    players: list[str], garnets: dict[str, int], tiebreak: list[str]
) -> str | None:
    """§2.1: garnets held by each player, none negative; the tiebreak lists each player once."""
    everyone = set(players)
    if set(garnets) != everyone:
        missing_p = [p for p in players if p not in garnets]
        extra = sorted(set(garnets) - everyone)
        return f"garnets: must have a key for each player and no one else (missing {missing_p}, unknown {extra})"
    negative = [p for p in players if garnets[p] < 0]
    if negative:
        return f"garnets: {negative[0]} has a negative garnet count ({garnets[negative[0]]})"
    if len(tiebreak) != PLAYERS or set(tiebreak) != everyone:
        return "gamewide_tiebreak: must list each of the 6 players exactly once"
    return None


class RoundAction(BaseModel):
    """Bids and purchases for one round (mvp spec §3.1). Every field is optional;
    ``{}`` makes no bid and buys nothing. ``null`` never stands for a field."""

    model_config = ConfigDict(extra="forbid", strict=True, title="round")

    # the fields in the order the web form asks them: bids, then the purchases
    bids: Annotated[
        dict[Letter, Annotated[PositiveInt, Ask("amount", "Chips", unit="chips")]],
        Field(
            default_factory=dict,
            description="letter -> chips (a JSON integer >= 1) added to your standing bid on that card; "
            "only exposed and nearly exposed cards (exposed only in round 13). Their total is at most "
            "your free chips at the start of the round.",
        ),
        Ask(
            "map",
            "Chips to add to your bids",
            help="on each card you can bid on; together at most your {chips} free chips",
            unit="chips",
            offers="biddable",
            most="chips",
        ),
    ]
    buy_chips: Annotated[
        int,
        Field(
            default=0,
            ge=0,
            description="chips bought at 1 garnet each, added to your free chips at the end of the round",
        ),
        # a chip costs one garnet (mvp spec §3.1), so the garnets held bound the chips bought
        Ask(
            "amount",
            "Chips to buy with garnets",
            help="{costs.chip} garnet a chip",
            unit="chips",
            most="garnets",
        ),
    ]
    buy_identity: Annotated[
        list[Annotated[Letter, Ask("item", "Place", offers="identity_targets")]],
        Field(
            default_factory=list,
            description="hidden letters whose card you learn at the end of the round (1 garnet each; no letter twice)",
            json_schema_extra={"uniqueItems": True},
        ),
        Ask(
            "list",
            "Learn the card on a hidden place",
            help="{costs.identity} garnet each; you learn it at the end of the round",
            offers="identity_targets",
            most="garnets",
        ),
    ]
    buy_location: Annotated[
        list[Annotated[Card, Ask("card", "Card", offers="location_targets")]],
        Field(
            default_factory=list,
            description="cards lying on hidden places whose letter you learn at the end of the round "
            "(2 garnets each; no card twice)",
            json_schema_extra={"uniqueItems": True},
        ),
        Ask(
            "list",
            "Learn where a card lies",
            help="{costs.location} garnets each; you learn it at the end of the round",
            offers="location_targets",
            most="garnets",
        ),
    ]


_FIELDS = frozenset(("players", "teams", "layout", "garnets", "gamewide_tiebreak"))
_TEAM_KEYS = frozenset(TEAMS)
_LETTER_SET = frozenset(LETTERS)
_CARD_SET = frozenset(CARDS)
_STR = {str}


def plainly_valid(config: object) -> TypeGuard[Config]:
    """Whether ``config`` is, in exact built-in types, a config that
    :class:`MvpConfig` accepts (§2.1): its fields and nothing else, 6 distinct
    non-empty player ids, two teams of three that split them, each of the 24
    cards on one letter A to X, a garnet count >= 0 for each player, the
    tiebreak a permutation of the players, a variant (if any) that
    ``variant_fault`` passes. ``False`` means only "not plainly so": the model
    then decides and names the fault, so no message changes. Building the
    model was most of ``initial_state`` (docs/decisions/performance.md PM5)."""
    if not plain_fields(config, _FIELDS, VARIANT_KEYS):
        return False
    players, teams, layout = config["players"], config["teams"], config["layout"]
    garnets, tiebreak = config["garnets"], config["gamewide_tiebreak"]
    if not (
        type(players) is list
        and type(teams) is dict
        and type(layout) is dict
        and type(garnets) is dict
        and type(tiebreak) is list
        and teams.keys() == _TEAM_KEYS
    ):
        return False
    red, green = teams[RED], teams[GREEN]
    if type(red) is not list or type(green) is not list:
        return False
    types = set(map(type, players))
    types.update(map(type, red), map(type, green), map(type, tiebreak), map(type, garnets))
    types.update(map(type, layout), map(type, layout.values()))
    if types != _STR:  # exact strings only: the sets below compare them by value
        return False
    everyone = set(players)
    if len(players) != PLAYERS or len(everyone) != PLAYERS or "" in everyone:
        return False
    if len(red) != TEAM_SIZE or len(green) != TEAM_SIZE or len(tiebreak) != PLAYERS:
        return False
    if set(red) | set(green) != everyone or set(tiebreak) != everyone:
        return False
    if layout.keys() != _LETTER_SET or set(layout.values()) != _CARD_SET:
        return False
    if garnets.keys() != everyone:
        return False
    for count in garnets.values():
        if type(count) is not int or count < 0:  # not bool: True == 1
            return False
    return True


def check_config_dict(config: object) -> Config:
    """Check ``config`` against §2.1; return it unchanged or raise :class:`MvpConfigError`."""
    if plainly_valid(config):  # the common case, without building the model
        return config
    if not isinstance(config, dict):
        raise MvpConfigError("config must be a JSON object")
    try:
        MvpConfig.model_validate(config, strict=True)
    except ValidationError as exc:
        raise MvpConfigError(describe_validation_error(exc, "config")) from None
    return config
