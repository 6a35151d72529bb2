"""Step units (engine/unit.py, docs/engine.md "Step units"): a game that declares
its phases gets its descriptions and action models from them, and the Game
API dispatches to the unit the state asks for; the shared ``choose_ec`` unit."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar, Literal

import pytest
from pydantic import BaseModel, ConfigDict

from mainmatch.engine import IllegalAction, Match
from mainmatch.engine.declared import ChooseEcRequest, RequestBase
from mainmatch.engine.ec import ChooseEcAction, ChooseEcStep
from mainmatch.engine.game import Game
from mainmatch.engine.steps import StepDescription
from mainmatch.engine.unit import Resolved, Step


@dataclass(frozen=True)
class Toy:
    config: dict
    phase: str
    said: tuple[str, ...] = ()


class SayAction(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    word: str = "hi"


class SayRequest(RequestBase):
    kind: Literal["say"]


class Say(Step[SayRequest, SayAction]):
    """Everyone says a word; "no" is against the rules; then the first two vote."""

    description = StepDescription(kind="say", action=SayAction, ask="say a word")
    request_type = SayRequest

    def requests(self, state: Toy) -> dict[str, dict[str, Any]]:
        return {p: {"kind": "say"} for p in state.config["players"]}

    def validate(self, state: Toy, player: str, action: Any) -> None:
        if action.get("word") == "no":
            raise IllegalAction("you may not say no")

    def default(self, state: Toy, player: str, rng: random.Random) -> dict[str, Any]:
        return {"word": "hi"}

    def random(self, state: Toy, player: str, rng: random.Random) -> dict[str, Any]:
        return {"word": rng.choice(("a", "b"))}

    def resolve(self, state: Toy, actions: dict[str, dict[str, Any]]) -> Resolved:
        said = tuple(actions[p]["word"] for p in state.config["players"])
        return replace(state, phase="choose_ec", said=said), [{"type": "said"}]


class Vote(ChooseEcStep):
    def choosers(self, state: Toy) -> Sequence[str]:
        return state.config["players"][:2]

    def candidates(self, state: Toy) -> list[str]:
        return state.config["players"][2:]

    def resolve(self, state: Toy, actions: dict[str, dict[str, Any]]) -> Resolved:
        votes, ec = self.tally(state, actions)
        return replace(state, phase="over"), [{"type": "ec", "ec": ec, "votes": votes}]


class ToyGame(Game[Toy]):
    id = "toy"
    title = "Toy"
    pitch = "a test"
    player_count = 4
    default_players = ("a", "b", "c", "d")
    config_model = BaseModel
    phases: ClassVar[dict[str, Step[Any, Any]]] = {"say": Say(), "choose_ec": Vote()}

    def new_config(self, players: list[str], seed: int, **options: Any) -> dict:
        return {"players": players, "gamewide_tiebreak": list(players)}

    def initial_state(self, config: dict) -> Toy:
        return Toy(config=config, phase="say")

    def view(self, state: Toy, player: str | None) -> dict:
        return {"game": "toy", "players": state.config["players"], "phase": state.phase}

    def result(self, state: Toy) -> dict | None:
        return None


GAME = ToyGame()


def test_the_units_give_the_descriptions_and_action_models_in_order_of_play():
    assert list(GAME.steps) == ["say", "choose_ec"]
    assert GAME.action_models == {"say": SayAction, "choose_ec": ChooseEcAction}
    assert GAME.step("say").ask == "say a word"
    assert GAME.unit("choose_ec").kind == "choose_ec"
    with pytest.raises(IllegalAction, match="no step unit 'bid'"):
        GAME.unit("bid")


def test_the_declared_requests_are_read_off_the_units():
    # one home for a step's request type: the unit's declared model is the game's
    assert GAME.request_types == {"say": SayRequest, "choose_ec": ChooseEcRequest}
    assert Vote.request_type is ChooseEcRequest

    class Declares(ToyGame):  # a game that sets its own keeps them
        phases: ClassVar[dict[str, Step[Any, Any]]] = {"say": Say(), "choose_ec": Vote()}
        request_types: ClassVar[dict[str, type[BaseModel]]] = {"say": SayRequest}

    assert Declares.request_types == {"say": SayRequest}


def test_the_game_api_dispatches_to_the_unit_the_phase_asks():
    state = GAME.initial_state(GAME.new_config(list("abcd"), 0))
    assert list(GAME.pending(state)) == ["a", "b", "c", "d"]
    assert GAME.pending_players(state) == ["a", "b", "c", "d"]
    with pytest.raises(IllegalAction, match="you may not say no"):
        GAME.validate(state, "a", {"word": "no"})
    with pytest.raises(IllegalAction, match="'z' is not a player"):
        GAME.validate(state, "z", {"word": "yes"})
    assert GAME.default_action(state, "a", random.Random(0)) == {"word": "hi"}
    after, events = GAME.apply(state, {p: {"word": p} for p in "abcd"})
    assert after.said == ("a", "b", "c", "d") and events == [{"type": "said"}]
    assert GAME.next_state(state, {p: {"word": p} for p in "abcd"}) == after
    assert GAME.checked_next_state(state, {p: {"word": p} for p in "abcd"}) is None
    # the shared choose_ec unit: the first two choose among the last two
    assert GAME.pending(after) == {p: {"kind": "choose_ec", "candidates": ["c", "d"]} for p in "ab"}
    with pytest.raises(IllegalAction, match="c has nothing to do now"):
        GAME.validate(after, "c", {"ec": "d"})
    with pytest.raises(IllegalAction, match="'a' is not a candidate"):
        GAME.validate(after, "a", {"ec": "a"})
    assert GAME.default_action(after, "a", random.Random(0)) == {"ec": "d"}
    assert GAME.random_action(after, "a", random.Random(0))["ec"] in ("c", "d")
    over, events = GAME.apply(after, {"a": {"ec": "c"}, "b": {"ec": "c"}})
    assert events == [{"type": "ec", "ec": "c", "votes": {"a": "c", "b": "c"}}]
    # over: no unit is asked, nobody is pending and nothing may be sent
    assert GAME.asks(over) is None and GAME.pending(over) == {}
    assert list(GAME.pending_players(over)) == []
    with pytest.raises(IllegalAction, match="the match is over"):
        GAME.validate(over, "a", {"ec": "c"})
    with pytest.raises(IllegalAction, match="the match is over"):
        GAME.apply(over, {})


def test_the_match_driver_plays_a_game_of_units():
    match = Match(GAME, GAME.new_config(list("abcd"), 0))
    rng = random.Random(3)
    while match.pending:
        match.step({p: GAME.random_action(match.state, p, rng) for p in match.pending})
    assert match.state.phase == "over"


class Plain(Game[Toy]):
    """A game without units implements the methods itself; the fast paths
    fall back to them."""

    id = "plain"
    title = "Plain"
    pitch = "a test"
    player_count = 1
    default_players = ("a",)
    config_model = BaseModel
    action_models: ClassVar[dict[str, type[BaseModel]]] = {"say": SayAction}

    def new_config(self, players: list[str], seed: int, **options: Any) -> dict:
        return {"players": players}

    def initial_state(self, config: dict) -> Toy:
        return Toy(config=config, phase="say")

    def requests(self, state: Toy) -> dict[str, dict]:
        return {"a": {"kind": "say"}} if state.phase == "say" else {}

    def validate(self, state: Toy, player: str, action: Any) -> None:
        return None

    def default_action(self, state: Toy, player: str, rng: random.Random) -> dict:
        return {"word": "hi"}

    def random_action(self, state: Toy, player: str, rng: random.Random) -> dict:
        return {"word": "hi"}

    def apply(self, state: Toy, actions: dict[str, dict]) -> tuple[Toy, list[dict]]:
        return replace(state, phase="over", said=(actions["a"]["word"],)), []

    def view(self, state: Toy, player: str | None) -> dict:
        return {"game": "plain", "players": ["a"], "phase": state.phase}

    def result(self, state: Toy) -> dict | None:
        return None


def test_a_game_without_units_keeps_its_own_methods():
    game = Plain()
    state = game.initial_state(game.new_config(["a"], 0))
    assert game.asks(state) is None
    assert game.pending_players(state) == ["a"]
    assert game.apply_validated(state, {"a": {"word": "yo"}})[0].said == ("yo",)
    assert game.next_state(state, {"a": {"word": "yo"}}).phase == "over"
    assert game.complete_action(state, "a", {}, random.Random(0)) == ({}, False)
