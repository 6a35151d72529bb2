"""Every game declares its views and result as types (engine/declared.py), and
the contract checks hold every view and result of random play to them; the
adapters read the declared scores and teams (engine/result.py)."""

from __future__ import annotations

import random
from typing import Any, get_args

import pytest

from mainmatch import games
from mainmatch.engine import contract, play_random
from mainmatch.engine.declared import (
    SCORES,
    DeclarationBroken,
    RequestBase,
    ViewBase,
    check,
    details_model,
    marked,
)
from mainmatch.engine.result import Result, scores_of, teams_of

GAMES = games.all_games()
IDS = [g.id for g in GAMES]


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_every_game_declares_its_views_and_result(game: Any) -> None:
    assert game.view_type is not None and issubclass(game.view_type, ViewBase)
    assert game.result_type is not None and issubclass(game.result_type, Result)
    details = details_model(game.result_type)
    assert details is not None
    # the score key is read off the declaration (Game.__init_subclass__), never typed twice
    assert game.score_key == marked(details, SCORES)


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_the_declared_scores_and_teams_of_a_real_match(game: Any) -> None:
    rng = random.Random(11)
    config = game.random_config(game.default_lineup(), rng)
    result = play_random(game, config, rng).result()
    scores = scores_of(game.score_key, result)
    players = config["players"]
    if game.id == "homeostasis":  # the rules keep no score per player
        assert scores is None and game.score_key is None
    else:
        assert scores is not None and set(scores) == set(players)
    teams = teams_of(game, config, result)
    if game.id in ("amalgamation", "mvp", "homeostasis"):
        assert teams is not None and set(teams) == set(players)
    else:
        assert teams is None


def test_an_undeclared_view_field_breaks_the_contract() -> None:
    base = type(games.get("sealed_bid"))

    class Chatty(base):  # type: ignore[misc, valid-type]
        def view(self, state: Any, player: str | None) -> dict:
            return {**super().view(state, player), "hint": "nobody declared me"}

    with pytest.raises(contract.ContractBroken, match="view.hint: undeclared field"):
        contract.check_views(Chatty(), 0)


def test_a_value_of_another_type_is_named_by_its_path() -> None:
    game = games.get("mvp")
    rng = random.Random(2)
    view = play_random(game, game.random_config(game.default_lineup(), rng), rng).view(None)
    check(game.view_type, view, "view")
    broken = {**view, "pattern": {**view["pattern"], "A": {"status": "flying"}}}
    with pytest.raises(DeclarationBroken, match=r"view\.pattern\.A\.status"):
        check(game.view_type, broken, "view")


def test_an_outside_game_without_declarations_falls_back_to_its_score_key() -> None:
    base = type(games.get("sealed_bid"))

    class Undeclared(base):  # type: ignore[misc, valid-type]
        result_type = None
        score_key = "points"

    game = Undeclared()
    result = {"details": {"points": {"a": 3}, "teams": {"x": ["a"]}}}
    assert scores_of(game.score_key, result) == {"a": 3}
    assert teams_of(game, {}, result) == {"a": "x"}


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_every_step_kind_declares_its_request(game: Any) -> None:
    assert set(game.request_types) == set(game.action_models)
    for kind, model in game.request_types.items():
        assert issubclass(model, RequestBase)
        assert get_args(model.model_fields["kind"].annotation) == (kind,)


def test_an_undeclared_request_key_breaks_the_contract() -> None:
    base = type(games.get("sealed_bid"))

    class Leaky(base):  # type: ignore[misc, valid-type]
        def requests(self, state: Any) -> dict:
            return {p: {**r, "secret": 1} for p, r in super().requests(state).items()}

    with pytest.raises(contract.ContractBroken, match="request.secret: undeclared field"):
        contract.check_random_play(Leaky(), 0)
