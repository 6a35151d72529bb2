"""The card rule and controllers (mvp spec §4.2, D6, D7, D12)."""

from __future__ import annotations

import pytest

from mainmatch.games.mvp.card_rule import (
    CLAIMED,
    FLAGGED,
    STAYS,
    controller,
    resolve_card,
    team_totals,
)

TEAM = {"r1": "red", "r2": "red", "r3": "red", "g1": "green", "g2": "green", "g3": "green"}


def test_team_totals():
    assert team_totals({"r1": 2, "r2": 3, "g1": 4}, TEAM) == {"red": 5, "green": 4}
    assert team_totals({}, TEAM) == {"red": 0, "green": 0}


@pytest.mark.parametrize("stakes", [{}, {"r1": 3, "g1": 3}, {"r1": 1, "r2": 2, "g1": 3}])
def test_unflagged_tie_stays_and_every_bid_stays(stakes):
    o = resolve_card(None, stakes, TEAM)
    assert (o.result, o.team, o.returned, o.paid, o.keep) == (STAYS, None, {}, {}, stakes)


@pytest.mark.parametrize(
    "leader,stakes,returned,total",
    [
        ("red", {"r1": 2, "g1": 1}, {"g1": 1}, 2),
        ("green", {"r1": 2, "g1": 1, "g2": 2}, {"r1": 2}, 3),
        ("red", {"r1": 1}, {}, 1),
    ],
)
def test_unflagged_leader_flags_and_the_other_teams_bids_return(leader, stakes, returned, total):
    o = resolve_card(None, stakes, TEAM)
    assert (o.result, o.team, o.total, o.returned, o.paid) == (FLAGGED, leader, total, returned, {})
    assert o.keep == {p: a for p, a in stakes.items() if TEAM[p] == leader}


@pytest.mark.parametrize("stakes", [{"r1": 4}, {"r1": 4, "g1": 4}, {"r1": 4, "r2": 1, "g1": 5}])
def test_flag_holder_higher_or_tied_claims(stakes):
    o = resolve_card("red", stakes, TEAM)
    assert o.result == CLAIMED and o.team == "red"
    assert o.paid == {p: a for p, a in stakes.items() if TEAM[p] == "red"}
    assert o.returned == {p: a for p, a in stakes.items() if TEAM[p] == "green"}
    assert o.total == sum(o.paid.values()) and o.keep == {}


def test_flag_switches_when_the_rival_strictly_outbids():
    o = resolve_card("red", {"r1": 4, "g1": 3, "g2": 2}, TEAM)
    assert (o.result, o.team, o.total, o.returned, o.keep) == (
        FLAGGED,
        "green",
        5,
        {"r1": 4},
        {"g1": 3, "g2": 2},
    )


def test_controller_is_the_strictly_highest_bidder():
    assert controller({"r1": 3, "r2": 2}) == "r1"
    assert controller({"r1": 1, "r2": 1}) is None
    assert controller({"r1": 2, "r2": 2, "r3": 2}) is None
    assert controller({"r1": 1, "r2": 1, "r3": 2}) == "r3"
    assert controller({"g1": 5}) == "g1"
    assert controller({}) is None


def test_claim_names_the_controller():
    assert resolve_card("green", {"g1": 3, "g2": 2, "r1": 5}, TEAM).controller == "g1"
    assert resolve_card("red", {"r1": 1, "r2": 1}, TEAM).controller is None
