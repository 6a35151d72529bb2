"""A season hosts a game for a range of players (``RangeBid``: 3 to 5) at any
count of its range, the alive cast by default, and refuses another count in
the game's words; the match's result enters the ledger."""

from __future__ import annotations

import pytest

from mainmatch.host.errors import Unprocessable
from mainmatch.season.models import MainMatch

CAST = ["ana", "ben", "cal", "dee", "eve", "fay"]


@pytest.mark.parametrize("count", [3, 5])
def test_a_chosen_count_within_the_range_is_hosted(seasons, range_game, count):
    seasons.create("s1", CAST)
    chosen = CAST[:count]
    made = seasons.new_match("s1", "rangebid", chosen, bots=dict.fromkeys(chosen, "random"))
    assert seasons.host.record(made.match_id)["config"]["players"] == chosen
    entry = seasons.get("s1").entries[-1].body
    assert isinstance(entry, MainMatch) and entry.players == chosen


def test_another_count_is_refused_in_the_games_words(seasons, range_game):
    seasons.create("s1", CAST)
    alive = ", ".join(CAST)
    with pytest.raises(Unprocessable) as exc:
        seasons.new_match("s1", "rangebid")  # the six alive
    assert str(exc.value) == (
        f"Range Bid takes 3 to 5 players, not 6 alive ({alive}); choose 3–5 of them"
    )
    with pytest.raises(Unprocessable) as exc:
        seasons.new_match("s1", "rangebid", CAST[:2])
    assert str(exc.value) == (
        f"Range Bid takes 3 to 5 players, not 2; choose 3–5 of the 6 alive ({alive})"
    )
    assert seasons.get("s1").entries == []


def test_the_alive_cast_is_the_default_when_its_count_fits(seasons, range_game):
    seasons.create("s1", CAST[:4])
    made = seasons.new_match("s1", "rangebid", bots=dict.fromkeys(CAST[:4], "random"))
    assert seasons.host.record(made.match_id)["config"]["players"] == CAST[:4]
