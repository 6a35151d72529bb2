"""Investment & Donation on its own (amalgamation spec §4.1.4, §4.2 "Invest")."""

from __future__ import annotations

import itertools

from mainmatch.games.amalgamation import invest

P = tuple("abcdef")
GT = {p: i for i, p in enumerate(P)}


def d(*values) -> dict[str, int]:
    return dict(zip(P, values))


def test_top_investor_goes_down_to_the_first_unique_amount():
    assert invest.top_investor(d(50, 50, 30, 30, 10, 0), P) == "e"
    assert invest.top_investor(d(9, 9, 9, 9, 9, 9), P) is None
    assert invest.top_investor(d(0, 10, 10, 10, 10, 10), P) == "a"  # $0 is an amount
    assert invest.top_investor(d(7, 7, 3, 3, 0, 0), P) is None
    assert invest.top_investor(d(1, 2, 3, 4, 5, 6), P) == "f"


def test_misers_are_everyone_at_the_minimum():
    assert invest.misers(d(0, 0, 5, 5, 9, 1), P) == ["a", "b"]
    assert invest.misers(d(3, 3, 3, 3, 3, 3), P) == list(P)
    assert invest.misers(d(4, 3, 5, 9, 9, 9), P) == ["b"]


def test_resolve_round_adds_tokens_and_money_spent():
    s = invest.initial(P)
    s, entry = invest.resolve_round(s, 1, d(5, 0, 0, 0, 0, 0), d(1, 0, 0, 2, 0, 0), P)
    assert entry == {"round": 1, "top_investor": "a", "misers": ["b", "c", "e", "f"]}
    assert s.top_investor == d(1, 0, 0, 0, 0, 0)
    assert s.miser == d(0, 1, 1, 0, 1, 1)
    assert s.spend == d(6, 0, 0, 2, 0, 0)


def test_snake_order_of_places():
    # E5
    assert invest.ranking(
        d(3, 3, 1, 0, 0, 0), d(0, 2, 4, 4, 4, 1), d(100, 100, 20, 20, 30, 0), GT
    ) == list("abefcd")
    # E9: nobody has a Top Investor token, everyone 7 Miser tokens, nothing spent
    assert invest.ranking(
        d(0, 0, 0, 0, 0, 0), d(7, 7, 7, 7, 7, 7), d(0, 0, 0, 0, 0, 0), GT
    ) == list(P)


def test_ties_more_spend_is_better_in_both_directions():
    # upper places: more spend first; lower places: less spend placed (worse) first
    ranking = invest.ranking(d(1, 1, 0, 0, 0, 0), d(0, 0, 1, 1, 0, 0), d(5, 9, 3, 8, 0, 0), GT)
    assert ranking[0] == "b" and ranking[1] == "a"
    assert ranking[5] == "c" and ranking[4] == "d"


def test_ties_after_spend_higher_tiebreak_always_ranks_higher():
    gt = {p: i for i, p in enumerate("fedcba")}
    ranking = invest.ranking(d(0, 0, 0, 0, 0, 0), d(1, 1, 1, 1, 1, 1), d(0, 0, 0, 0, 0, 0), gt)
    assert ranking == list("fedcba")


def test_every_ranking_is_a_permutation():
    for ti, mi in itertools.product([(0,) * 6, (3, 2, 1, 0, 1, 0)], [(0,) * 6, (7, 6, 5, 5, 5, 5)]):
        assert sorted(invest.ranking(d(*ti), d(*mi), d(*(0,) * 6), GT)) == list(P)
