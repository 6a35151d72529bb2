"""Creating a match and importing a record: the config, the seats, the tokens."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from mainmatch import games
from mainmatch.bots import bot_names
from mainmatch.engine.errors import InvalidConfig, MainmatchError, RecordError, UnknownGame
from mainmatch.engine.game import Config, Game, JSONObject, State
from mainmatch.engine.record import parse_record

from . import deadlines as dl
from .core import game_of
from .errors import Unprocessable
from .inputs import MAX_TITLE, brief, check_json, check_player_ids, check_text
from .models import MatchRow, SeatRow, StepRow
from .snapshots import Snapshot
from .steps import StepsMixin
from .tokens import new_match_id, new_token, token_hash

SEED_LIMIT = 2**63


@dataclass(frozen=True)
class Created:
    match_id: str
    host_token: str
    spectator_token: str
    player_tokens: dict[str, str]


class CreationMixin(StepsMixin):
    def create_match(
        self,
        game_id: str,
        players: list[str] | None = None,
        *,
        bots: dict[str, str] | None = None,
        seed: int | None = None,
        options: JSONObject | None = None,
        deadlines: dict[str, str] | None = None,
        early_resolution: bool = True,
        title: str = "",
    ) -> Created:
        """A new match: ``new_config(players, seed, **options)`` (the host inputs),
        seats for people and bots, the first step open."""
        game = game_of(game_id)
        players = game.default_lineup() if players is None else _check_players(game, players)
        check_json(options, "options")
        if seed is None:
            seed = secrets.randbelow(2**32)
        elif type(seed) is not int or not 0 <= seed < SEED_LIMIT:
            raise Unprocessable(f"seed must be a whole number from 0 to {SEED_LIMIT - 1}")
        options = dict(options or {})
        if not isinstance(options, dict):
            raise Unprocessable("options must be an object of host inputs")
        try:
            config = game.new_config(list(players), seed, **options)
            game.initial_state(config)
        except MainmatchError as exc:
            raise Unprocessable(str(exc)) from None
        except (TypeError, ValueError, KeyError, AttributeError, IndexError) as exc:
            # a host input of the wrong shape that the game did not name itself
            raise Unprocessable(f"invalid host inputs for {game.id}: {exc}") from None
        return self._insert_match(
            game, config, seed, bots, deadlines, early_resolution, title, steps=()
        )

    def import_record(
        self,
        record: Any,
        *,
        bots: dict[str, str] | None = None,
        deadlines: dict[str, str] | None = None,
        early_resolution: bool = True,
        title: str = "",
    ) -> Created:
        """A match continued from a record (``mainmatch-record/1``): every step is
        replayed and checked; the next step opens."""
        _check_record_inputs(record)
        try:
            record = parse_record(record)
            game = games.get(record["game"])
            check_player_ids(list(record["config"]["players"]), normalise=False)
            snap = Snapshot.start(game, record["config"])
            for step in record["steps"]:
                snap = snap.apply(step["actions"], step.get("defaulted", []))
        except UnknownGame as exc:
            raise Unprocessable(str(exc)) from None
        except InvalidConfig as exc:
            raise Unprocessable(f"invalid config: {exc}") from None
        except RecordError as exc:
            raise Unprocessable(f"the record does not replay: {exc}") from None
        return self._insert_match(
            game,
            record["config"],
            secrets.randbelow(2**32),
            bots,
            deadlines,
            early_resolution,
            title,
            steps=snap.steps,
            snap=snap,
        )

    def _insert_match(
        self,
        game: Game[State],
        config: Config,
        seed: int,
        bots: Any,
        deadlines: Any,
        early: bool,
        title: Any,
        *,
        steps: Sequence[JSONObject],
        snap: Snapshot | None = None,
    ) -> Created:
        players = list(config["players"])
        check_json(bots, "bots")
        check_json(deadlines, "deadlines")
        if not isinstance(bots or {}, dict):
            raise Unprocessable("bots must be an object {player: bot name}")
        bots = dict(bots or {})
        known = bot_names(game.id)
        for p, name in bots.items():
            if p not in players:
                raise Unprocessable(f"bots: {brief(p)} is not a player of this match")
            if name is not None and name not in known:
                raise Unprocessable(
                    f"bots: no bot {brief(name)} for {game.id}; bots: {', '.join(known)}"
                )
        try:
            policies = dl.check_policies(game, deadlines)
        except dl.PolicyError as exc:
            raise Unprocessable(str(exc)) from None
        if not isinstance(title, str):
            raise Unprocessable(f"title must be text of at most {MAX_TITLE} characters")
        title = check_text(title, "title", MAX_TITLE)
        if snap is None:
            snap = Snapshot.start(game, config)
        snap.warm()  # the requests of the first step asked now, not inside the write
        now = self.clock()
        host_token, spectator_token = new_token(), new_token()
        tokens = {p: new_token() for p in players}
        match_id = new_match_id()
        with self.db.write() as s:
            m = MatchRow(
                id=match_id,
                game=game.id,
                title=title.strip(),
                config=config,
                seed=seed,
                created_at=now,
                host_token_hash=token_hash(host_token),
                spectator_token=spectator_token,
                deadlines=policies,
                early_resolution=bool(early),
                status="running",
                step_count=len(steps),
                undos=0,
                revision=0,
                activity=0,
                step_opened_at=now,
                deadline_at=None,
            )
            s.add(m)
            for i, p in enumerate(players):
                s.add(
                    SeatRow(
                        match_id=match_id, player=p, position=i, token=tokens[p], bot=bots.get(p)
                    )
                )
            for n, step in enumerate(steps, 1):
                s.add(
                    StepRow(
                        match_id=match_id,
                        number=n,
                        actions=step["actions"],
                        defaulted=list(step["defaulted"]),
                        created_at=now,
                        next_deadline=None,
                    )
                )
            s.flush()
            snap = self._open_step(s, m, snap, now)
        self._committed(match_id, snap)
        return Created(match_id, host_token, spectator_token, tokens)


def _check_players(game: Game[State], players: Any) -> list[str]:
    """The player ids of a new match: a list of safe ids (``inputs.py``),
    as many as the game takes (any count of its range, ``Game.takes_players``)."""
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise Unprocessable("players must be a list of player ids (text)")
    why = game.takes_players(len(players))
    if why is not None:
        raise Unprocessable(why)
    return check_player_ids(players, normalise=True)


def _check_record_inputs(record: Any) -> None:
    """Hold a record's config and each step's actions to the input bounds
    (the number of steps is bounded by the body size)."""
    if not isinstance(record, dict):
        return  # parse_record names what is wrong
    check_json(record.get("config"), "record.config")
    steps = record.get("steps")
    for i, step in enumerate(steps if isinstance(steps, list) else []):
        if isinstance(step, dict):
            check_json(step.get("actions"), f"record.steps[{i}].actions")
