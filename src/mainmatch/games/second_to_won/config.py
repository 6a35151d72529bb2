"""Configs of Second to Won: strict checking and ``new_config`` (second_to_won spec §2).

A config is exactly ``players``, ``auctions``, ``gamewide_tiebreak`` and
``garnets``. Every fault is reported as one line naming the field (and, in
the catalogue, the auction, the item and the effect).
"""

from __future__ import annotations

from typing import Any

from mainmatch.engine.checks import json_type
from mainmatch.engine.configcheck import garnets_fault, ordering_fault, players_fault
from mainmatch.engine.errors import InvalidConfig
from mainmatch.engine.game import Config
from mainmatch.engine.variants import check_variant, variant_fault

from .catalogue import catalogue_fault, check_n_auctions, default_catalogue, load_catalogue
from .models import MAX_AUCTIONS, PLAYERS, VARIANT_KEYS

FIELDS = ("players", "auctions", "gamewide_tiebreak", "garnets")
#: a rule variant's config also has ``variant`` (only keys that differ from the spec)
OPTIONAL = ("variant",)
OPTIONS = ("auctions", "n_auctions", "gamewide_tiebreak", "garnets", "variant")


def check_config(config: Any, *, catalogue_checked: bool = False) -> Config:
    """Return ``config`` unchanged if it is a valid config (§2), else raise
    :class:`InvalidConfig` naming the field. ``catalogue_checked``: the caller
    has found ``auctions`` valid already (``table.plain_lots``), so the
    first fault, if any, is elsewhere."""
    if not isinstance(config, dict):
        raise InvalidConfig(f"config must be a JSON object, not {json_type(config)}")
    unknown = [k for k in config if k not in FIELDS and k not in OPTIONAL]
    if unknown:
        raise InvalidConfig(
            f"config.{min(map(str, unknown))}: unknown field; a second_to_won config has "
            "players, auctions, gamewide_tiebreak and garnets"
        )
    for name in FIELDS:
        if name not in config:
            raise InvalidConfig(f"config.{name}: required field is missing")
    players = config["players"]
    fault = players_fault(players, PLAYERS, "Second to Won")
    if fault:
        raise InvalidConfig(f"config.{fault}")
    fault = None if catalogue_checked else catalogue_fault(config["auctions"], prefix="config.")
    if fault:
        raise InvalidConfig(fault)
    fault = ordering_fault(
        "gamewide_tiebreak", config["gamewide_tiebreak"], players
    ) or garnets_fault(config["garnets"], players)
    if fault:
        raise InvalidConfig(f"config.{fault}")
    if "variant" in config:
        fault = variant_fault(VARIANT_KEYS, config["variant"])
        if fault:
            raise InvalidConfig(f"config.{fault}")
    return config


def build_config(
    players: Any,
    seed: int,
    auctions: object = None,
    n_auctions: object = None,
    gamewide_tiebreak: object = None,
    garnets: object = None,
    variant: object = None,
    game: Any = None,
) -> Config:
    """``new_config`` (§2.2, decision 34): the host's inputs, defaults for
    the rest, the default catalogue from ``seed`` when none is given."""
    if auctions is not None and n_auctions is not None:
        raise InvalidConfig(
            "give either auctions (the host's catalogue) or n_auctions (of the default one), not both"
        )
    fault = players_fault(
        list(players) if isinstance(players, (list, tuple)) else players, PLAYERS, "Second to Won"
    )
    if fault:
        raise InvalidConfig(f"config.{fault}")
    players = list(players)
    if auctions is None:
        catalogue = default_catalogue(
            seed, check_n_auctions(MAX_AUCTIONS if n_auctions is None else n_auctions)
        )
    else:
        catalogue = load_catalogue(auctions)
    if garnets is None:
        garnets = {}
    if not isinstance(garnets, dict):
        raise InvalidConfig(
            f"config.garnets: must be an object player -> garnets held, not {json_type(garnets)}"
        )
    strangers = [p for p in garnets if p not in set(players)]
    if strangers:
        raise InvalidConfig(f"config.garnets: {strangers[0]!r} is not a player in this match")
    config = {
        "players": players,
        "auctions": catalogue,
        "gamewide_tiebreak": list(gamewide_tiebreak)
        if isinstance(gamewide_tiebreak, (list, tuple))
        else (list(players) if gamewide_tiebreak is None else gamewide_tiebreak),
        "garnets": {p: garnets.get(p, 0) for p in players},
    }
    if variant is not None:
        variant = check_variant(game, variant)
        if variant:  # official configs carry no variant field
            config["variant"] = variant
    return check_config(config)
