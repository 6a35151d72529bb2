"""Plans: bots cycled to the table, seatings, seeds, and one-line errors."""

from __future__ import annotations

from collections import Counter

import pytest

from mainmatch.engine.errors import MainmatchError
from mainmatch.sim.plan import make_plan, match_seed, seat_bots


def test_bot_list_is_cycled_to_fill_the_table() -> None:
    plan = make_plan("seat_exchange", "strategy,random", 10)
    assert len(plan.lineup) == 13
    assert Counter(plan.lineup) == {"strategy": 7, "random": 6}
    assert plan.lineup[:4] == ("strategy", "random", "strategy", "random")
    assert plan.bots == ["strategy", "random"]


def test_a_seat_count_gives_a_bot_exactly_that_many_seats_and_the_rest_to_the_others() -> None:
    plan = make_plan("seat_exchange", "random:1,strategy", 10)
    assert plan.lineup == ("random",) + ("strategy",) * 12
    plan = make_plan("amalgamation", "random:2,strategy,random", 10)
    assert plan.lineup == ("random", "random", "strategy", "random", "strategy", "random")
    plan = make_plan("amalgamation", "strategy,random:1", 10)
    assert plan.lineup == ("strategy",) * 5 + ("random",)
    assert make_plan("amalgamation", "random:6", 3).lineup == ("random",) * 6


def test_rotation_seats_every_bot_everywhere_equally_often() -> None:
    plan = make_plan("seat_exchange", "strategy,random", 13)
    seen = Counter()
    for i in range(13):
        bots = seat_bots(plan, i, match_seed(0, i))
        assert Counter(bots) == Counter(plan.lineup)
        seen.update((seat, bot) for seat, bot in enumerate(bots))
    assert all(seen[(seat, "strategy")] == 7 and seen[(seat, "random")] == 6 for seat in range(13))


def test_shuffle_is_a_permutation_drawn_from_the_match_seed() -> None:
    plan = make_plan("seat_exchange", "strategy,random", 10, seating="shuffle")
    a = [seat_bots(plan, i, match_seed(0, i)) for i in range(10)]
    assert a == [seat_bots(plan, i, match_seed(0, i)) for i in range(10)]
    assert len({tuple(x) for x in a}) > 1
    assert all(Counter(x) == Counter(plan.lineup) for x in a)


def test_fixed_seating_keeps_the_list_order() -> None:
    plan = make_plan("seat_exchange", "strategy,random", 3, seating="fixed")
    assert all(seat_bots(plan, i, match_seed(0, i)) == list(plan.lineup) for i in range(3))


def test_match_seeds_depend_on_seed_and_index_only() -> None:
    assert match_seed(1, 5) == match_seed(1, 5)
    assert len({match_seed(s, i) for s in range(5) for i in range(50)}) == 250
    assert 0 <= match_seed(123, 4) < 2**64


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"bots": "strategy,nobody"}, "no bot 'nobody' for seat_exchange; bots: random, "),
        ({"bots": "random,,random"}, "--bots needs bot names separated by commas"),
        ({"bots": ",".join(["random"] * 14)}, "seats 13 players but --bots names 14"),
        ({"bots": "random:14,strategy"}, "seats 13 players but --bots names 14"),
        ({"bots": "random:2"}, "add a bot without a count for the other 11"),
        ({"bots": "random:0,strategy"}, "NAME:N takes a whole number of seats N >= 1"),
        ({"bots": "random:x,strategy"}, "NAME:N takes a whole number of seats N >= 1"),
        ({"bots": "nobody:1,strategy"}, "no bot 'nobody' for seat_exchange"),
        ({"matches": 0}, "the number of matches must be at least 1"),
        ({"seating": "round"}, "unknown seating 'round'; use one of rotate, shuffle, fixed"),
        ({"configs": "odd"}, "unknown configs 'odd'"),
        ({"keep": ("first:x",)}, "first:N needs a whole number"),
        ({"game": "chess"}, "unknown game 'chess'"),
        (
            {"bot_modules": ("no_such_module_here",)},
            "--bot-module no_such_module_here: cannot import it",
        ),
        (
            {"bot_modules": ("/nonexistent/bots.py",)},
            "--bot-module /nonexistent/bots.py: no such file",
        ),
    ],
)
def test_bad_choices_are_one_clear_line(kwargs: dict, message: str) -> None:
    args = {"game": "seat_exchange", "bots": "random", "matches": 5, **kwargs}
    with pytest.raises(MainmatchError) as err:
        make_plan(args.pop("game"), args.pop("bots"), args.pop("matches"), **args)
    assert message in str(err.value)
    assert "\n" not in str(err.value)
