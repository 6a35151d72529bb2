"""The Lantern Market: a small game no part of mainmatch has seen, for tests only.

Issue 31 asks that ``mainmatch train`` make a player for "a game you have not
seen", with no bot of its own. This one is registered by tests
(``registry.register_game``) and by ``benchmarks/unseen_game.py``; its rules:

- 3 to 5 players, each with ``CHIPS`` chips and 0 points. ``ROUNDS`` rounds;
  round ``r`` offers a lantern worth ``lanterns[r]`` points (3 to 9, drawn from
  the seed, public from the start).
- Each round every player bids 0 up to their chips, in secret and at once. The
  two highest bids above 0 win the lantern (several winners): each winner pays
  their bid and gains its points; the others pay nothing. Equal bids: earlier in
  ``gamewide_tiebreak`` first.
- After the last round the players are ranked by points, then chips left, then
  ``gamewide_tiebreak``: the first two each get a Token of Life, the last is
  the Elimination Candidate.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Annotated, Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field

from mainmatch.engine.errors import IllegalAction, InvalidConfig
from mainmatch.engine.events import public
from mainmatch.engine.game import Game
from mainmatch.engine.steps import Ask

CHIPS = 24
ROUNDS = 4
WINNERS = 2


class LanternBid(BaseModel):
    """One round's secret bid."""

    model_config = ConfigDict(extra="forbid", strict=True, title="bid")

    bid: Annotated[
        int,
        Field(default=0, ge=0, description="whole chips bid, 0 up to the chips held"),
        Ask("amount", "Your bid", unit="chips", most="chips"),
    ]


class LanternConfig(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    players: list[str]
    lanterns: list[int]
    gamewide_tiebreak: list[str]


@dataclass(frozen=True)
class LanternState:
    config: dict
    round: int
    chips: dict[str, int]
    points: dict[str, int]
    history: tuple[dict, ...] = field(default=())


class LanternMarket(Game[LanternState]):
    id = "lanterns"
    title = "The Lantern Market"
    pitch = "Secret bids for lanterns; the two highest bids win each one."
    player_range = (3, 5)
    default_players = ("ann", "ben", "cat", "dan")
    config_model = LanternConfig
    action_models: ClassVar[dict[str, type[BaseModel]]] = {"bid": LanternBid}

    def rules_summary(self) -> str:
        return "Bid for four lanterns in secret; the two highest bids win each."

    def new_config(self, players: list[str], seed: int, **options: Any) -> dict:
        unknown = set(options) - {"gamewide_tiebreak"}
        if unknown:
            raise InvalidConfig(f"unknown host input {min(unknown)}")
        why = self.takes_players(len(players))
        if why:
            raise InvalidConfig(why)
        rng = random.Random(seed)
        tiebreak = options.get("gamewide_tiebreak") or players
        return {
            "players": list(players),
            "lanterns": [rng.randint(3, 9) for _ in range(ROUNDS)],
            "gamewide_tiebreak": list(tiebreak),
        }

    def random_config(
        self, players: list[str], rng: random.Random, variant: dict[str, int] | None = None
    ) -> dict:
        tiebreak = list(players)
        rng.shuffle(tiebreak)
        return self.new_config(list(players), rng.randrange(2**32), gamewide_tiebreak=tiebreak)

    def initial_state(self, config: dict) -> LanternState:
        self.check_config(config)
        players = config["players"]
        return LanternState(config, 1, dict.fromkeys(players, CHIPS), dict.fromkeys(players, 0))

    def requests(self, state: LanternState) -> dict[str, dict]:
        if state.round > len(state.config["lanterns"]):
            return {}
        return {p: {"kind": "bid", "chips": state.chips[p]} for p in state.config["players"]}

    def validate(self, state: LanternState, player: str, action: Any) -> None:
        if player not in self.pending(state):
            raise IllegalAction(f"{player} has nothing to send")
        if not isinstance(action, dict) or set(action) - {"bid"}:
            raise IllegalAction("a bid is {'bid': N}")
        bid = action.get("bid", 0)
        if type(bid) is not int or not 0 <= bid <= state.chips[player]:
            raise IllegalAction(f"a bid is 0 up to the {state.chips[player]} chips you hold")

    def default_action(self, state: LanternState, player: str, rng: random.Random) -> dict:
        return {"bid": 0}

    def random_action(self, state: LanternState, player: str, rng: random.Random) -> dict:
        return {"bid": rng.randint(0, state.chips[player])}

    def apply(self, state: LanternState, actions: dict[str, dict]) -> tuple[LanternState, list]:
        order = state.config["gamewide_tiebreak"]
        bids = {p: actions[p].get("bid", 0) for p in state.config["players"]}
        ranked = sorted((p for p in bids if bids[p] > 0), key=lambda p: (-bids[p], order.index(p)))
        winners = ranked[:WINNERS]
        worth = state.config["lanterns"][state.round - 1]
        chips, points = dict(state.chips), dict(state.points)
        for p in winners:
            chips[p] -= bids[p]
            points[p] += worth
        entry = {"round": state.round, "bids": bids, "winners": winners}
        new = LanternState(state.config, state.round + 1, chips, points, (*state.history, entry))
        return new, [public("lantern", round=state.round, bids=dict(bids), winners=list(winners))]

    def view(self, state: LanternState, player: str | None) -> dict:
        over = state.round > len(state.config["lanterns"])
        out: dict[str, Any] = {
            "game": self.id,
            "players": list(state.config["players"]),
            "phase": "over" if over else "bid",
            "round": state.round,
            "lanterns": list(state.config["lanterns"]),
            "chips": dict(state.chips),
            "points": dict(state.points),
            "history": [
                {**h, "bids": dict(h["bids"]), "winners": list(h["winners"])} for h in state.history
            ],
        }
        if player is not None:
            if player not in state.chips:
                raise IllegalAction(f"{player!r} is not a player in this match")
            out["you"] = {"player": player, "chips": state.chips[player]}
        return out

    def result(self, state: LanternState) -> dict | None:
        if state.round <= len(state.config["lanterns"]):
            return None
        order = state.config["gamewide_tiebreak"]
        ranked = sorted(
            state.config["players"],
            key=lambda p: (-state.points[p], -state.chips[p], order.index(p)),
        )
        return {
            "ranking": [[p] for p in ranked],
            "tokens_of_life": dict.fromkeys(ranked[:WINNERS], 1),
            "garnets": {},
            "garnets_spent": {},
            "elimination_candidate": ranked[-1],
            "void_tokens_of_life": False,
            "details": {"points": dict(state.points), "chips": dict(state.chips)},
        }
