"""Shared test helpers."""

from __future__ import annotations

import os
import random
import secrets
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

import pytest
from pydantic import BaseModel

from mainmatch.engine import registry
from mainmatch.engine.errors import IllegalAction, InvalidConfig
from mainmatch.engine.events import public
from mainmatch.engine.game import Game

ROOT = Path(__file__).resolve().parent.parent
#: the throwaway PostgreSQL server that scripts/test.sh (make test) starts
PG_URL = os.environ.get("MAINMATCH_TEST_PG_URL")


@pytest.fixture
def sqlite_url(tmp_path) -> str:
    """A fresh SQLite file of this test."""
    return f"sqlite:///{tmp_path / 'mainmatch.db'}"


@pytest.fixture
def pg_url() -> Iterator[str]:
    """A fresh database of the test PostgreSQL server, dropped afterwards."""
    if not PG_URL:
        pytest.skip("MAINMATCH_TEST_PG_URL is not set (make test sets it)")
    import psycopg

    name = f"mm_{secrets.token_hex(6)}"
    plain = PG_URL.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(plain, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    base, _, _ = PG_URL.rpartition("/")
    yield f"{base}/{name}"
    with psycopg.connect(plain, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def update_golden() -> bool:
    """Set MAINMATCH_UPDATE_GOLDEN=1 to rewrite golden files instead of comparing."""
    return os.environ.get("MAINMATCH_UPDATE_GOLDEN") == "1"


# ------------------------------------------------ a game for a range of players


class _Bid(BaseModel):
    bid: int


class _RangeConfig(BaseModel):
    players: list[str]
    seed: int
    garnets: dict[str, int] = {}
    gamewide_tiebreak: list[str] = []


@dataclass(frozen=True)
class _RangeState:
    config: dict
    bids: dict[str, int] | None = None


class RangeBid(Game[_RangeState]):
    """A tiny game for 3 to 5 players, registered by the ``range_game`` fixture:
    one sealed bid of 0 to 9 each; the highest bids win, the lowest bidder last
    in ``gamewide_tiebreak`` is the EC. Just enough rules for the host, Discord,
    seasons and the simulator to play it at every count of its range."""

    id = "rangebid"
    title = "Range Bid"
    pitch = "One sealed bid each, for 3 to 5 players."
    # no player_count: a game for a range needs only its range
    player_range = (3, 5)
    # four: the default table sits inside the range (five players adds a ``p1``)
    default_players = ("ann", "ben", "cat", "dan")
    config_model = _RangeConfig
    action_models: ClassVar[dict[str, type[BaseModel]]] = {"bid": _Bid}

    def rules_summary(self) -> str:
        return "Each player bids 0 to 9 once; the highest bids win."

    def new_config(self, players: list[str], seed: int, **options: Any) -> dict:
        unknown = set(options) - {"garnets", "gamewide_tiebreak"}
        if unknown:
            raise InvalidConfig(f"unknown host input {min(unknown)}")
        why = self.takes_players(len(players))
        if why:
            raise InvalidConfig(why)
        return {
            "players": list(players),
            "seed": seed,
            "garnets": dict(options.get("garnets") or {}),
            "gamewide_tiebreak": list(options.get("gamewide_tiebreak") or players),
        }

    def initial_state(self, config: dict) -> _RangeState:
        self.check_config(config)
        why = self.takes_players(len(config["players"]))
        if why:
            raise InvalidConfig(why)
        return _RangeState(config)

    def requests(self, state: _RangeState) -> dict[str, dict]:
        if state.bids is not None:
            return {}
        return {p: {"kind": "bid", "least": 0, "most": 9} for p in state.config["players"]}

    def validate(self, state: _RangeState, player: str, action: Any) -> None:
        if player not in self.pending(state):
            raise IllegalAction(f"{player} has nothing to send")
        bid = action.get("bid") if isinstance(action, dict) else None
        if type(bid) is not int or not 0 <= bid <= 9 or set(action) != {"bid"}:
            raise IllegalAction("a bid is {'bid': N} with N from 0 to 9")

    def default_action(self, state: _RangeState, player: str, rng: random.Random) -> dict:
        return {"bid": 0}

    def random_action(self, state: _RangeState, player: str, rng: random.Random) -> dict:
        return {"bid": rng.randint(0, 9)}

    def apply(self, state: _RangeState, actions: dict[str, dict]) -> tuple[_RangeState, list]:
        bids = {p: actions[p]["bid"] for p in state.config["players"]}
        return _RangeState(state.config, bids), [public("bids", bids=dict(bids))]

    def view(self, state: _RangeState, player: str | None) -> dict:
        out: dict[str, Any] = {
            "players": list(state.config["players"]),
            "bids": None if state.bids is None else dict(state.bids),
        }
        if player is not None:
            out["you"] = player
        return out

    def result(self, state: _RangeState) -> dict | None:
        if state.bids is None:
            return None
        bids = state.bids
        groups = [sorted(p for p in bids if bids[p] == b) for b in sorted(set(bids.values()))]
        low = groups[0]
        tiebreak = state.config["gamewide_tiebreak"]
        ec = max(low, key=tiebreak.index)
        return {
            "ranking": groups[::-1],
            "tokens_of_life": {},
            "garnets": {},
            "garnets_spent": {},
            "elimination_candidate": ec,
            "void_tokens_of_life": False,
            "details": {"bids": dict(bids), "end_condition": "bids"},
        }


@pytest.fixture
def range_game() -> Iterator[RangeBid]:
    """:class:`RangeBid` registered as a game (as a plugin's entry point would)."""
    game = RangeBid()
    registry.register_game(game)
    yield game
    registry.reset()


@pytest.fixture
def broken_plugin(tmp_path, monkeypatch) -> Iterator[Path]:
    """An installed plugin whose package raises at import (issue 33, N2): a
    real distribution on ``sys.path`` declaring the game ``wreck`` and its
    bots, as ``pip install`` leaves it. Yields the folder (for ``PYTHONPATH``)."""
    site = tmp_path / "site"
    info = site / "mainmatch_wreck-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: mainmatch-wreck\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(
        "[mainmatch.games]\nwreck = wreck_game:GAME\n\n[mainmatch.bots]\nwreck = wreck_game\n"
    )
    (site / "wreck_game.py").write_text("RATIO = 1 / 0  # a plugin bug at import\n")
    monkeypatch.syspath_prepend(str(site))
    registry.reset()
    yield site
    registry.reset()
