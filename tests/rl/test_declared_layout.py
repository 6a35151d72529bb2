"""The observation's layout comes from the games' declared types (rl/declared.py);
random play is a check on it (rl/sampled.py): every leaf it shows is laid out,
and what it never showed is named."""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

import numpy as np
import pytest
from pydantic import Field

from mainmatch import games, rl
from mainmatch.engine.declared import (
    ChooseEcRequest,
    Declared,
    Fraction,
    Player,
    RequestBase,
    ViewBase,
)
from mainmatch.rl.declared import LIST_CAP, fields, left_out, offered, scaled
from mainmatch.rl.observe import observer
from mainmatch.rl.sampled import missing, reached, unreached


@pytest.mark.parametrize("game_id", games.ids())
def test_every_leaf_random_play_shows_is_laid_out(game_id: str) -> None:
    game = games.get(game_id)
    count = len(game.default_players)
    layout = observer(game, count)
    assert missing(layout, reached(game, count), left_out(game, count)) == []


def test_a_leaf_the_layout_cannot_encode_is_named() -> None:
    game = games.get("amalgamation")
    layout = observer(game, 6)
    seen = reached(game, 6, matches=1)
    seen.kinds["view.hint"] = {"n"}
    seen.kinds["view.balances.@1"].add("p")
    seen.kinds["view.final.kong_winner"] = {"s"}
    seen.words["view.final.kong_winner"] = {"red", "blue"}
    assert missing(layout, seen, left_out(game, 6)) == [
        "view.balances.@1: a player, not laid out",
        "view.final.kong_winner: blue, not laid out",
        "view.hint: a number, not laid out",
    ]


def test_what_random_play_never_shows_is_named() -> None:
    """The Amalgamation's random play never lets team white win Kong's Dilemma in
    the check's three matches: the one-hot is laid out for both teams."""
    game = games.get("amalgamation")
    never, values = unreached(observer(game, 6), reached(game, 6))
    assert "view.final.kong_winner: white" in values
    assert "view.final.garnets_spent.@k" in never


class _Part(Declared):
    kind: Literal["a", "b"]
    owner: Player | None


class _View(ViewBase):
    round: Annotated[int, Field(le=8)]
    money: int
    total: Fraction
    note: str
    seen: bool
    tags: Annotated[list[Literal["x", "y"]], Field(max_length=2)]
    seats: list[Player]
    chips: dict[Player, int]
    history: list[_Part]
    extra: dict[str, int]


class _Game:
    view_type = _View
    request_types: ClassVar[dict[str, type[RequestBase]]] = {"choose_ec": ChooseEcRequest}


def test_the_layout_reads_kinds_bounds_and_lengths_off_the_declaration() -> None:
    found = fields(_Game(), 3)  # type: ignore[arg-type]
    assert found["view.round"].bound == 8 and found["view.money"].bound is None
    assert found["view.total"].number and found["view.seen"].bound == 1
    assert [p for p in found if p.startswith("view.tags")] == ["view.tags[0]", "view.tags[1]"]
    assert found["view.tags[0]"].words == ["x", "y"]
    assert [p for p in found if p.startswith("view.seats")] == [
        f"view.seats[{i}]" for i in range(3)
    ]
    assert [p for p in found if p.startswith("view.chips")] == [
        "view.chips.@0",
        "view.chips.@1",
        "view.chips.@2",
    ]
    assert found["view.history[-1].owner"].player and "view.history[0].kind" not in found
    assert found["view.players[2]"].player and "view.players[3]" not in found
    assert len([p for p in found if p.startswith("request.candidates")]) == 3
    assert left_out(_Game(), 3) == [
        "view.extra.*",
        "view.game",
        "view.note",
        "view.phase",
        "view.variant.*",
    ]  # type: ignore[arg-type]
    assert LIST_CAP == 16


def test_numbers_with_no_bound_are_log_scaled_into_the_unit_range() -> None:
    xs = [scaled(x, None) for x in (-5000, -3, 0, 1, 2, 400, 1000, 10**6)]
    assert xs == sorted(xs) and xs[0] == -1.0 and xs[-2] == xs[-1] == 1.0
    assert scaled(1, None) != scaled(2, None) != scaled(3, None)


def test_a_choice_names_the_values_its_request_type_declares() -> None:
    game = games.get("mvp")
    assert offered(game, "identity_targets")[:3] == ("A", "B", "C")
    assert len(offered(game, "location_targets")) == 24
    assert offered(games.get("amalgamation"), "roles") == ("mafia", "cartel", "police", "beggar")
    assert offered(games.get("seat_exchange"), "candidates") == ()


def test_the_layout_does_not_depend_on_play() -> None:
    """Two builds of a layout are the same, and an observation of a view is read
    at the declared slots only."""
    game = games.get("seat_exchange")
    a, b = observer(game, 13), observer(game, 13)
    assert a.layout.fields == b.layout.fields and a.slots == b.slots
    s = rl.spec("seat_exchange")
    assert s.layout.size == a.layout.size
    env = rl.single_agent("seat_exchange", seat=0, opponents="random")
    obs, _ = env.reset(seed=1)
    assert np.all(np.abs(obs["observation"]) <= 1.0)
