"""Validation of actions (mvp spec §3.1 rules 1–7 in order, §3.2, D30, D31):
a table of bad inputs and the message each gets, and a fuzz of arbitrary JSON."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mvp_table import Table

from mainmatch.engine import IllegalAction
from mainmatch.games.mvp import GAME

BAD_ROUND_ACTIONS = [
    # rule 1: an object with known fields, none null
    ([], "the action must be a JSON object"),
    ("bids", "the action must be a JSON object"),
    (None, "the action must be a JSON object"),
    (
        {"bid": {"U": 1}},
        "unknown field 'bid'; allowed fields: bids, buy_identity, buy_location, buy_chips",
    ),
    ({"bids": {}, "ec": "r1", "x": 1}, "unknown fields 'ec', 'x'"),
    ({"bids": None}, "bids is null; leave the field out"),
    ({"buy_identity": None}, "buy_identity is null"),
    ({"buy_location": None}, "buy_location is null"),
    ({"buy_chips": None}, "buy_chips is null"),
    # rule 2: bids
    ({"bids": [["U", 1]]}, "bids must be an object of {letter: chips}"),
    ({"bids": 5}, "bids must be an object"),
    ({"bids": {"Z": 1}}, "'Z' is not a card letter (A to X)"),
    ({"bids": {"u": 1}}, "'u' is not a card letter (A to X)"),
    ({"bids": {"": 1}}, "'' is not a card letter"),
    ({"bids": {"J": 1}}, "card J is hidden; you may bid on: P, Q, R, S, T, U, V, W, X"),
    (
        {"bids": {"U": 0}},
        "bid on U must be a positive integer number of chips (got 0); leave the card out",
    ),
    ({"bids": {"U": -3}}, "bid on U must be a positive integer number of chips (got -3)"),
    ({"bids": {"U": 2.0}}, "(got 2.0)"),
    ({"bids": {"U": 2.5}}, "(got 2.5)"),
    ({"bids": {"U": True}}, "(got true)"),
    ({"bids": {"U": False}}, "(got false)"),
    ({"bids": {"U": "3"}}, '(got "3")'),
    ({"bids": {"U": None}}, "(got null)"),
    ({"bids": {"U": [1]}}, "(got [1])"),
    # rule 3: chips held at the start of the round
    (
        {"bids": {"U": 20, "V": 11}},
        "your bids total 31 chips but you have 30 (chips bought this round arrive at the end of the round)",
    ),
    ({"bids": {"U": 31}, "buy_chips": 1}, "your bids total 31 chips but you have 30"),
    # rule 4: identity purchases
    ({"buy_identity": "A"}, "buy_identity must be a list of card letters"),
    ({"buy_identity": {"A": 1}}, "buy_identity must be a list"),
    ({"buy_identity": ["Z"]}, "buy_identity: 'Z' is not a card letter (A to X)"),
    ({"buy_identity": [1]}, "buy_identity: 1 is not a card letter"),
    ({"buy_identity": [["A"]]}, 'buy_identity: ["A"] is not a card letter'),
    (
        {"buy_identity": ["P"]},
        "buy_identity: card P is nearly exposed and public; you may buy the identity of hidden cards only",
    ),
    ({"buy_identity": ["U"]}, "buy_identity: card U is exposed and public"),
    ({"buy_identity": ["A", "A"]}, "buy_identity lists the same letter twice (A)"),
    # rule 5: location purchases
    ({"buy_location": "pears-4"}, "buy_location must be a list of cards"),
    ({"buy_location": ["apple-1"]}, "buy_location: 'apple-1' is not a card"),
    ({"buy_location": ["pears-7"]}, "buy_location: 'pears-7' is not a card"),
    ({"buy_location": [{"card": "pears-4"}]}, "is not a card"),
    (
        {"buy_location": ["apples-1"]},
        "buy_location: apples-1 is already public (card U is exposed); you may buy the location of hidden cards only",
    ),
    (
        {"buy_location": ["pears-1"]},
        "buy_location: pears-1 is already public (card P is nearly exposed)",
    ),
    (
        {"buy_location": ["grapes-6", "grapes-6"]},
        "buy_location lists the same card twice (grapes-6)",
    ),
    # rule 6: chips bought
    ({"buy_chips": -1}, "buy_chips must be a non-negative integer (got -1)"),
    ({"buy_chips": True}, "buy_chips must be a non-negative integer (got true)"),
    ({"buy_chips": 1.0}, "(got 1.0)"),
    ({"buy_chips": "2"}, '(got "2")'),
    # rule 7: garnets left
    ({"buy_chips": 6}, "your purchases cost 6 garnets but you have 5"),
    (
        {"buy_identity": ["A", "B"], "buy_location": ["grapes-6", "pears-6"]},
        "your purchases cost 6 garnets but you have 5",
    ),
    ({"buy_location": ["grapes-6", "pears-6", "pears-5"]}, "your purchases cost 6 garnets"),
]


@pytest.mark.parametrize(
    "action,fragment", BAD_ROUND_ACTIONS, ids=[json.dumps(a)[:40] for a, _ in BAD_ROUND_ACTIONS]
)
def test_bad_round_actions_are_rejected_with_their_message(table, action, fragment):
    with pytest.raises(IllegalAction) as err:
        GAME.validate(table.state, "r1", action)
    assert fragment in str(err.value)


GOOD_ROUND_ACTIONS = [
    {},
    {"bids": {}},
    {"buy_identity": [], "buy_location": [], "buy_chips": 0},
    {"bids": {"U": 30}},
    {"bids": {"P": 1, "X": 29}},
    {"buy_chips": 5},
    {"buy_identity": ["A"], "buy_location": ["grapes-6", "pears-6"]},
    {"buy_identity": ["D"], "buy_location": ["grapes-6"]},  # D30: grapes-6 lies on D, both charged
    {"bids": {"U": 1}, "buy_identity": ["A", "B", "C", "D", "E"]},
]


@pytest.mark.parametrize(
    "action", GOOD_ROUND_ACTIONS, ids=[json.dumps(a) for a in GOOD_ROUND_ACTIONS]
)
def test_good_round_actions_are_accepted(table, action):
    GAME.validate(table.state, "r1", action)
    GAME.action_models["round"].model_validate(action, strict=True)


def test_rules_are_checked_in_the_spec_order(table):
    # several rules broken at once: the first in §3.1's order is reported
    cases = [
        ({"bid": 1, "bids": None}, "unknown field"),
        ({"bids": None, "buy_chips": -1}, "bids is null"),
        ({"bids": {"J": 0}}, "card J is hidden"),
        ({"bids": {"U": 40}, "buy_identity": ["P"]}, "your bids total 40"),
        ({"buy_identity": ["P"], "buy_location": ["apples-1"]}, "buy_identity: card P"),
        ({"buy_location": ["apples-1"], "buy_chips": -1}, "buy_location: apples-1"),
        ({"buy_chips": -1, "buy_identity": ["A", "B", "C", "D", "E", "F"]}, "buy_chips must be"),
    ]
    for action, fragment in cases:
        with pytest.raises(IllegalAction) as err:
            GAME.validate(table.state, "r1", action)
        assert fragment in str(err.value), action


def test_bidding_on_claimed_cards_is_rejected(table):
    table.rounds({"r1": {"U": 1}}, None)
    with pytest.raises(
        IllegalAction, match="card U is claimed; you may bid on: J, P, Q, R, S, T, V, W, X"
    ):
        GAME.validate(table.state, "g1", {"bids": {"U": 1}})
    with pytest.raises(
        IllegalAction, match="buy_location: apples-1 is already public \\(card U is claimed\\)"
    ):
        GAME.validate(table.state, "g1", {"buy_location": ["apples-1"]})


def test_nearly_exposed_cards_are_biddable_before_round_13(table):
    GAME.validate(table.state, "r1", {"bids": {"P": 1, "T": 2}})


def test_chips_bought_arrive_next_round(table):
    table.round({"r1": {"bids": {"U": 30}, "buy_chips": 2}})
    assert table.you("r1")["chips"] == 2
    GAME.validate(table.state, "r1", {"bids": {"V": 2}})
    with pytest.raises(IllegalAction, match="your bids total 3 chips but you have 2"):
        GAME.validate(table.state, "r1", {"bids": {"V": 3}})


def test_repeating_a_known_purchase_is_legal_waste(table):
    table.round({"r1": {"buy_identity": ["A"]}, "r2": {"U": 1}})
    GAME.validate(table.state, "r1", {"buy_identity": ["A"], "buy_location": ["grapes-5"]})


def test_choose_ec_validation(table):
    table.round()
    for action, fragment in [
        ({"ec": "zz"}, "'zz' is not a candidate; choose one of r1, r2, r3, g1, g2, g3"),
        ({"ec": 3}, "is not a candidate"),
        ({"ec": None}, "is not a candidate"),
        ({}, 'missing "ec"'),
        ({"ec": "r1", "why": "x"}, "unknown fields"),
        ({"bids": {}}, "unknown fields"),
        ([], "must be a JSON object"),
    ]:
        with pytest.raises(IllegalAction) as err:
            GAME.validate(table.state, "r2", action)
        assert fragment in str(err.value), action
    GAME.validate(table.state, "r2", {"ec": "r2"})  # a self-vote


def test_only_voters_may_vote():
    t = Table()
    t.rounds({"r1": {"U": 3, "V": 2}, "r2": {"W": 1}, "g1": {"X": 1}}, None, None)
    with pytest.raises(IllegalAction, match="g1 has nothing to do now"):
        GAME.validate(t.state, "g1", {"ec": "g2"})
    with pytest.raises(IllegalAction, match="'nobody' is not a player"):
        GAME.validate(t.state, "nobody", {"ec": "g2"})
    t.vote({"r1": "g2"})
    with pytest.raises(IllegalAction, match="the match is over"):
        GAME.validate(t.state, "r1", {"ec": "g2"})


def test_unknown_players_are_rejected(table):
    for who in ("zz", 3, None):
        with pytest.raises(IllegalAction, match="is not a player in this match"):
            GAME.validate(table.state, who, {})
        if who is not None:  # None asks for the public view
            with pytest.raises(IllegalAction, match="is not a player in this match"):
                GAME.view(table.state, who)


# ---------------------------------------------------------------- fuzz

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-5, 40)
    | st.floats(allow_nan=False)
    | st.text(max_size=8)
    | st.sampled_from(["U", "P", "J", "A", "apples-1", "grapes-6", "r1", "zz"]),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(
            st.text(max_size=6)
            | st.sampled_from(
                ["bids", "buy_identity", "buy_location", "buy_chips", "ec", "U", "P"]
            ),
            children,
            max_size=4,
        )
    ),
    max_leaves=12,
)
field_values = {
    "bids": st.dictionaries(
        st.sampled_from(list("ABJPQUVWXZ") + ["u", ""]), json_values, max_size=4
    )
    | json_values,
    "buy_identity": st.lists(st.sampled_from(list("ABJPU") + ["Z"]) | json_values, max_size=4)
    | json_values,
    "buy_location": st.lists(
        st.sampled_from(["apples-1", "grapes-6", "pears-6", "apple-1"]) | json_values, max_size=4
    )
    | json_values,
    "buy_chips": st.integers(-2, 8) | json_values,
}
round_like = st.fixed_dictionaries({}, optional=field_values) | json_values


def _state_after_vote_opens():
    t = Table()
    t.round()
    return t.state


STATES = {"round": Table().state, "choose_ec": _state_after_vote_opens()}


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    phase=st.sampled_from(sorted(STATES)),
    action=round_like | st.fixed_dictionaries({}, optional={"ec": json_values}),
)
def test_arbitrary_json_raises_nothing_but_illegal_action(phase, action):
    try:
        GAME.validate(STATES[phase], "r1", action)
    except IllegalAction as exc:
        assert str(exc) and "\n" not in str(exc)
    else:
        # whatever the rules accept, the published action schema accepts too
        GAME.action_models[phase].model_validate(action, strict=True)


@pytest.mark.parametrize(
    "action, words",
    [
        ({"buy_identity": ["A", "A"]}, ' (in "Learn the card on a hidden place")'),
        ({"buy_location": ["apple-1"]}, ' (in "Learn where a card lies")'),
        ({"buy_chips": -1}, ' (in "Chips to buy with garnets")'),
    ],
)
def test_purchase_messages_name_the_field_as_the_form_does(table, action, words):
    # the spec's message names the JSON key first; the form's words end it
    with pytest.raises(IllegalAction) as err:
        GAME.validate(table.state, "r1", action)
    assert str(err.value).endswith(words)
