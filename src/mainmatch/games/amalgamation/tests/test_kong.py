"""Kong's Dilemma on its own (amalgamation spec §4.1.2, §4.2 "Kong")."""

from __future__ import annotations

from mainmatch.games.amalgamation import kong

P = tuple("abcdef")
TEAMS = {"red": ("a", "b", "c"), "white": ("d", "e", "f")}
TEAM_OF = {p: ("red" if p in "abc" else "white") for p in P}
GT = {p: i for i, p in enumerate(P)}


def c(**amounts) -> dict[str, int]:
    return {p: amounts.get(p, 0) for p in P}


def test_round_outcome_compares_this_rounds_team_totals():
    assert kong.round_outcome(c(a=10, d=4), TEAMS) == ("red", "white", 4)
    assert kong.round_outcome(c(a=1, b=1, d=5), TEAMS) == ("white", "red", 2)
    assert kong.round_outcome(c(), TEAMS) == (None, None, None)  # 0 = 0 is a tie
    assert kong.round_outcome(c(a=3, e=2, f=1), TEAMS) == (
        None,
        None,
        None,
    )  # amounts of a tie stay secret


def test_resolve_round_scores_and_remembers_the_round_of_the_last_point():
    s = kong.initial(P)
    s, e1 = kong.resolve_round(s, 1, c(a=10, d=4), TEAMS)
    s, e2 = kong.resolve_round(s, 2, c(b=6, e=6), TEAMS)
    s, e3 = kong.resolve_round(s, 3, c(d=5), TEAMS)
    assert e1 == {"round": 1, "winner": "red", "loser": "white", "loser_total": 4}
    assert e2 == {"round": 2, "winner": None, "loser": None, "loser_total": None}
    assert e3 == {"round": 3, "winner": "white", "loser": "red", "loser_total": 0}
    assert s.points == {"red": 1, "white": 1}
    assert s.last_point_round == {"red": 1, "white": 3}
    assert s.totals == c(a=10, b=6, d=9, e=6)
    assert [e["round"] for e in s.rounds] == [1, 2, 3]


def test_resolve_round_never_mutates_its_input():
    s = kong.initial(P)
    kong.resolve_round(s, 1, c(a=10), TEAMS)
    assert s.points == {"red": 0, "white": 0} and s.totals == c() and s.rounds == ()


def test_winning_team_more_points_then_earlier_last_point_then_gamewide_tiebreak():
    s = kong.KongState({"red": 3, "white": 2}, {"red": 7, "white": 2}, c(), ())
    assert kong.winning_team(s, P, TEAM_OF) == "red"
    s = kong.KongState({"red": 2, "white": 2}, {"red": 5, "white": 4}, c(), ())
    assert kong.winning_team(s, P, TEAM_OF) == "white"  # E1: white reached 2 first
    s = kong.KongState({"red": 0, "white": 0}, {"red": 0, "white": 0}, c(), ())
    assert kong.winning_team(s, P, TEAM_OF) == "red"
    assert kong.winning_team(s, ("e", "a", "b", "c", "d", "f"), TEAM_OF) == "white"


def test_ranking_winners_descending_losers_ascending_ties_by_gamewide_tiebreak():
    assert kong.ranking(c(a=20, b=6, c=3, d=9, e=13), "white", TEAMS, GT) == [
        "e",
        "d",
        "f",
        "c",
        "b",
        "a",
    ]
    assert kong.ranking(c(), "red", TEAMS, GT) == list(P)
    gt = {p: i for i, p in enumerate("dabcef")}
    assert kong.ranking(c(a=10, d=10), "white", TEAMS, gt) == ["d", "e", "f", "b", "c", "a"]  # S6
    # ties in the winning half and the losing half both favour the better tiebreak
    assert kong.ranking(
        c(a=5, b=5, d=1, e=1), "red", TEAMS, {p: i for i, p in enumerate("fedcba")}
    ) == ["b", "a", "c", "f", "e", "d"]
