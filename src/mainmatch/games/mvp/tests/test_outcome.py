"""Winners, Tokens of Life, EC candidates and ranking (mvp spec §7.2–§7.4, D21–D23)."""

from __future__ import annotations

from mainmatch.games.mvp.outcome import decide, ranking

PLAYERS = ["r1", "r2", "r3", "g1", "g2", "g3"]
TEAM = {"r1": "red", "r2": "red", "r3": "red", "g1": "green", "g2": "green", "g3": "green"}


def scores(*values: int) -> dict[str, int]:
    return dict(zip(PLAYERS, values))


def test_solo_winner_two_tokens_unique_loser_is_ec():
    o = decide(PLAYERS, TEAM, {"red": 10, "green": 5}, scores(5, 3, 2, 4, 1, 0))
    assert o.winning_team == "red" and o.winners == ["r1"] and o.tokens_of_life == {"r1": 2}
    assert o.ec_candidates == ["g3"] and o.voters == [] and o.elimination_candidate == "g3"
    assert not o.void_tokens_of_life


def test_shared_win_one_token_each_and_a_vote():
    o = decide(PLAYERS, TEAM, {"red": 10, "green": 5}, scores(5, 5, 0, 0, 0, 3))
    assert o.winners == ["r1", "r2"] and o.tokens_of_life == {"r1": 1, "r2": 1}
    assert (
        o.ec_candidates == ["g1", "g2"]
        and o.voters == ["r1", "r2"]
        and o.elimination_candidate is None
    )


def test_three_winners_in_a_team_is_three_tokens_not_void():
    o = decide(PLAYERS, TEAM, {"red": 3, "green": 0}, scores(0, 0, 0, 0, 0, 0))
    assert o.winners == ["r1", "r2", "r3"] and o.tokens_of_life == {"r1": 1, "r2": 1, "r3": 1}
    assert not o.void_tokens_of_life and o.ec_candidates == ["g1", "g2", "g3"]


def test_tied_teams_draw_from_all_six_and_void_four_or_more_tokens():
    o = decide(PLAYERS, TEAM, {"red": 3, "green": 3}, scores(1, 0, 1, 1, 1, 1))
    assert o.winning_team is None and o.winners == ["r1", "r3", "g1", "g2", "g3"]
    assert o.void_tokens_of_life and o.tokens_of_life == {}
    assert o.elimination_candidate == "r2"


def test_tied_teams_two_winners_are_not_void():
    o = decide(PLAYERS, TEAM, {"red": 3, "green": 3}, scores(2, 0, 1, 2, 0, 1))
    assert (
        o.winners == ["r1", "g1"]
        and o.tokens_of_life == {"r1": 1, "g1": 1}
        and not o.void_tokens_of_life
    )
    assert o.ec_candidates == ["r2", "g2"] and o.voters == ["r1", "g1"]


def test_tied_teams_three_winners_are_not_void():
    o = decide(PLAYERS, TEAM, {"red": 3, "green": 3}, scores(2, 0, 1, 2, 2, 1))
    assert o.tokens_of_life == {"r1": 1, "g1": 1, "g2": 1} and not o.void_tokens_of_life


def test_everyone_tied_means_winners_are_the_candidates():
    o = decide(PLAYERS, TEAM, {"red": 0, "green": 0}, scores(0, 0, 0, 0, 0, 0))
    assert o.winners == o.ec_candidates == o.voters == PLAYERS and o.void_tokens_of_life


def test_ranking_winning_team_then_losing_team_ec_last():
    s = scores(25, 25, 1, 10, 12, 12)
    assert ranking(PLAYERS, TEAM, "red", s, "g1") == [["r1", "r2"], ["r3"], ["g2", "g3"], ["g1"]]


def test_ranking_ec_leaves_its_group():
    s = scores(3, 0, 0, 0, 0, 0)
    assert ranking(PLAYERS, TEAM, "red", s, "g2") == [["r1"], ["r2", "r3"], ["g1", "g3"], ["g2"]]


def test_ranking_of_tied_teams_groups_all_six():
    s = scores(2, 0, 1, 1, 1, 1)
    assert ranking(PLAYERS, TEAM, None, s, "r2") == [["r1"], ["r3", "g1", "g2", "g3"], ["r2"]]


def test_ranking_the_losing_teams_leader_can_outscore_the_winners():
    # the winning team ranks above the losing team whatever the individual scores
    s = scores(1, 1, 0, 9, 0, 0)
    assert ranking(PLAYERS, TEAM, "red", s, "g2") == [["r1", "r2"], ["r3"], ["g1"], ["g3"], ["g2"]]
