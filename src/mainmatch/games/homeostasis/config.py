"""Making and checking Homeostasis configs (homeostasis spec §2).

``make_config`` applies the host-input defaults and draws the teams from the
seed; ``check_config`` is strict: a config in a record must have all five
fields and no other, and the defaults never fill a config that lacks one.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

from pydantic import ValidationError

from mainmatch.engine.checks import is_json_int
from mainmatch.engine.errors import InvalidConfig
from mainmatch.engine.game import Config, describe_validation_error
from mainmatch.engine.variants import VariantKey, variant_fault

from .bands import BIG_EDGE, NEGATIVE, NEUTRAL, NEUTRAL_EDGE, POSITIVE, TEAM_SIZES, edges_fault
from .models import DEFAULT_CHIPS, PLAYERS, HomeostasisConfig

FIELDS = ("players", "teams", "garnets", "gamewide_tiebreak", "chips")
OPTIONS = ("teams", "garnets", "gamewide_tiebreak", "chips", "variant")

#: what a designer may tune (homeostasis spec §7, D35); official configs name none
VARIANT_KEYS = (
    VariantKey(
        "neutral_band",
        NEUTRAL_EDGE,
        0,
        99,
        "homeostasis spec §7, D35",
        "the neutral band is -N <= total <= N",
    ),
    VariantKey(
        "big_band",
        BIG_EDGE,
        1,
        100,
        "homeostasis spec §7, D35",
        "a big band is total > N or total < -N",
    ),
)


def make_config(players: Any, seed: int, options: Mapping[str, object]) -> Config:
    """``new_config(players, seed, **options)`` (§2): every option is a host
    input with its default; without ``teams`` a shuffled copy of ``players``
    gives positive, positive, negative, negative, neutral (D2)."""
    unknown = [k for k in options if k not in OPTIONS]
    if unknown:
        raise InvalidConfig(
            f"unknown option {min(unknown)!r}; homeostasis takes {', '.join(OPTIONS)}"
        )
    if not isinstance(players, (list, tuple)):
        raise InvalidConfig("config.players: must be a list of 5 player ids")
    players = list(players)
    _check_players(players)
    teams = options.get("teams")
    if teams is None:
        order = list(players)
        random.Random(seed).shuffle(order)
        drawn = dict(zip(order, (POSITIVE, POSITIVE, NEGATIVE, NEGATIVE, NEUTRAL)))
        teams = {p: drawn[p] for p in players}
    else:
        teams = _in_players_order("teams", teams, players)
    garnets = options.get("garnets")
    garnets = (
        {p: 0 for p in players}
        if garnets is None
        else {p: 0 for p in players} | _in_players_order("garnets", garnets, players, partial=True)
    )
    tiebreak = options.get("gamewide_tiebreak")
    variant = options.get("variant")
    config = {
        "players": players,
        "teams": teams,
        "garnets": garnets,
        "gamewide_tiebreak": list(players)
        if tiebreak is None
        else (list(tiebreak) if isinstance(tiebreak, (list, tuple)) else tiebreak),
        "chips": DEFAULT_CHIPS if options.get("chips") is None else options["chips"],
    }
    if variant is not None:
        if isinstance(variant, dict):  # official values are the official game: dropped
            official = {k.name: k.default for k in VARIANT_KEYS}
            variant = {k: v for k, v in variant.items() if official.get(k, object()) != v}
        if variant:  # official configs carry no variant field
            config["variant"] = variant
    return check_config(config)


def _in_players_order(
    name: str, given: object, players: list[str], partial: bool = False
) -> dict[str, Any]:
    """``given`` keyed in ``players`` order (key order has no meaning, §2);
    names that are not players are kept last, for ``check_config`` to report."""
    if not isinstance(given, dict):
        raise InvalidConfig(f"config.{name}: must be an object {{player: ...}}")
    out = {p: given[p] for p in players if p in given}
    extra = [k for k in given if k not in out]
    if extra:
        raise InvalidConfig(f"config.{name}: {extra[0]!r} is not a player in this match")
    if not partial and len(out) != len(players):
        missing = [p for p in players if p not in out]
        raise InvalidConfig(f"config.{name}: must give every player; missing {', '.join(missing)}")
    return out


def check_config(config: Any) -> Config:
    """Validate a config (§2); return it unchanged or raise :class:`InvalidConfig` naming the field."""
    _check_fields(config)
    players = config["players"]
    _check_players(players)
    _check_teams(config["teams"], players)
    garnets = config["garnets"]
    _check_keys("garnets", garnets, players)
    for p in players:
        if not is_json_int(garnets[p]) or garnets[p] < 0:
            raise InvalidConfig(
                f"config.garnets.{p}: must be a whole number >= 0, not {garnets[p]!r}"
            )
    tiebreak = config["gamewide_tiebreak"]
    if len(tiebreak) != len(players) or set(tiebreak) != set(players):
        raise InvalidConfig(
            "config.gamewide_tiebreak: must list each of the 5 players exactly once"
        )
    if not is_json_int(config["chips"]) or config["chips"] < 0:
        raise InvalidConfig(f"config.chips: must be a whole number >= 0, not {config['chips']!r}")
    if "variant" in config:
        fault = variant_fault(VARIANT_KEYS, config["variant"], edges_fault)
        if fault:
            raise InvalidConfig(f"config.{fault}")
    checked: Config = config
    return checked


def _check_fields(config: object) -> None:
    """§2: an object with exactly the config's fields, each of its type."""
    if not isinstance(config, dict):
        raise InvalidConfig(
            "config must be a JSON object with players, teams, garnets, gamewide_tiebreak and chips"
        )
    for name in FIELDS:
        if name not in config:
            raise InvalidConfig(f"config.{name}: required field is missing")
    for name in config:
        if name not in FIELDS and name != "variant":
            raise InvalidConfig(
                f"config.{name}: unknown field; a config has exactly {', '.join(FIELDS)}"
            )
    if not _plainly_typed(config):  # the model then finds and words the fault
        try:
            HomeostasisConfig.model_validate(config, strict=True)
        except ValidationError as exc:
            raise InvalidConfig(describe_validation_error(exc, "config")) from None


def _check_teams(teams: Any, players: list[Any]) -> None:
    """§2: two positive, two negative and one neutral player."""
    _check_keys("teams", teams, players)
    counts = Counter(teams.values())
    for team, size in TEAM_SIZES.items():
        if counts[team] != size:
            raise InvalidConfig(
                f"config.teams: needs exactly 2 positive, 2 negative and 1 neutral; got "
                f"{counts[POSITIVE]} positive, {counts[NEGATIVE]} negative, {counts[NEUTRAL]} neutral"
            )


def _check_players(players: list[Any]) -> None:
    if len(players) != PLAYERS:
        raise InvalidConfig(
            f"config.players: Homeostasis takes exactly {PLAYERS} players, not {len(players)}"
        )
    for p in players:
        if not isinstance(p, str) or not p:
            raise InvalidConfig(
                f"config.players: a player id must be a non-empty string, not {p!r}"
            )
    if len(set(players)) != len(players):
        dup = sorted({p for p in players if players.count(p) > 1})
        raise InvalidConfig(f"config.players: duplicate player ids {dup}")


def _check_keys(name: str, mapping: Mapping[str, object], players: list[str]) -> None:
    extra = [k for k in mapping if k not in set(players)]
    if extra:
        raise InvalidConfig(f"config.{name}: {extra[0]!r} is not a player in this match")
    missing = [p for p in players if p not in mapping]
    if missing:
        raise InvalidConfig(f"config.{name}: must give every player; missing {', '.join(missing)}")


_TEAMS = frozenset((POSITIVE, NEGATIVE, NEUTRAL))


def _plainly_typed(config: Config) -> bool:
    """Whether the strict model would accept ``config``'s types, read in one
    pass over exact built-in types (a replay checks a config per record; the
    model costs tens of µs). ``False`` says only "not plainly": the model decides."""
    players, teams, garnets = config["players"], config["teams"], config["garnets"]
    tiebreak, chips, variant = config["gamewide_tiebreak"], config["chips"], config.get("variant")
    return (
        type(players) is list
        and all(type(p) is str for p in players)
        and type(tiebreak) is list
        and all(type(p) is str for p in tiebreak)
        and type(teams) is dict
        and all(type(k) is str and type(v) is str and v in _TEAMS for k, v in teams.items())
        and _str_to_int(garnets)
        and (variant is None or _str_to_int(variant))
        and type(chips) is int
        and chips >= 0
    )


def _str_to_int(mapping: object) -> bool:
    return type(mapping) is dict and all(
        type(k) is str and type(v) is int for k, v in mapping.items()
    )
