"""Validation of ``bids`` actions (§3.1): the spec's order, clear messages, and
no exception but IllegalAction for any JSON."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mainmatch.engine import IllegalAction, Match
from mainmatch.games.second_to_won import GAME
from mainmatch.games.second_to_won.catalogue import seed_listing

from .helpers import P, config, filler, step

# auction 1 is the seed's listing: D is "+25 points to CHOICE"; cal holds 2 garnets
STATE = Match(GAME, config(seed_listing(), filler(), garnets={"cal": 2})).state
B1 = {"chips": 1}


@pytest.mark.parametrize(
    "player, action, message",
    [
        (
            "ana",
            [],
            'the action must be a JSON object like {"bids": {"A": {"chips": 1}}}, not a list',
        ),
        ("ana", None, "the action must be a JSON object like"),
        ("ana", {}, 'missing "bids"'),
        (
            "ana",
            {"bids": {}, "pass": True},
            "unknown fields ['pass']; send exactly {\"bids\": {LETTER: bid, ...}}",
        ),
        ("ana", {"bids": [B1, B1, B1]}, '"bids" must be an object {LETTER: bid}, not a list'),
        (
            "ana",
            {"bids": {"G": B1, "A": B1, "B": B1}},
            "unknown item 'G'; this auction's items are A-F",
        ),
        (
            "ana",
            {"bids": {"a": B1, "B": B1, "C": B1}},
            "unknown item 'a'; this auction's items are A-F",
        ),
        (
            "ana",
            {"bids": {"A": 5, "B": B1, "C": B1}},
            'bid on A must be an object like {"chips": 5}, not an integer',
        ),
        (
            "ana",
            {"bids": {"A": {"chip": 5}, "B": B1, "C": B1}},
            'bid on A: unknown fields [\'chip\']; a bid has "chips", "garnets" and "choice"',
        ),
        (
            "ana",
            {"bids": {"A": {"chips": 1.0}, "B": B1, "C": B1}},
            "bid on A: chips must be a whole number >= 0, not 1.0",
        ),
        (
            "ana",
            {"bids": {"A": {"chips": True}, "B": B1, "C": B1}},
            "bid on A: chips must be a whole number >= 0, not true",
        ),
        (
            "ana",
            {"bids": {"A": {"chips": -1}, "B": B1, "C": B1}},
            "bid on A: chips must be a whole number >= 0, not -1",
        ),
        (
            "ana",
            {"bids": {"A": {"chips": "5"}, "B": B1, "C": B1}},
            "bid on A: chips must be a whole number >= 0, not '5'",
        ),
        (
            "ana",
            {"bids": {"A": {"garnets": 0.5}, "B": B1, "C": B1}},
            "bid on A: garnets must be a whole number >= 0, not 0.5",
        ),
        (
            "ana",
            {"bids": {"A": {}, "B": B1, "C": B1}},
            "bid on A is worth 0 chips; a bid must be worth at least 1 chip",
        ),
        ("ana", {"bids": {"D": {"choice": "ben"}, "B": B1, "C": B1}}, "bid on D is worth 0 chips"),
        (
            "ana",
            {"bids": {"A": B1, "B": B1, "D": B1}},
            'item D is to CHOICE: name the player in "choice"',
        ),
        (
            "ana",
            {"bids": {"A": B1, "B": B1, "D": {"chips": 1, "choice": None}}},
            'item D is to CHOICE: name the player in "choice"',
        ),
        (
            "ana",
            {"bids": {"A": B1, "B": B1, "D": {"chips": 1, "choice": "ana"}}},
            "bid on D: the CHOICE player cannot be yourself",
        ),
        (
            "ana",
            {"bids": {"A": B1, "B": B1, "D": {"chips": 1, "choice": "zed"}}},
            'bid on D: "For" ("choice") must name another player of this match, not \'zed\'',
        ),
        (
            "ana",
            {"bids": {"A": B1, "B": B1, "D": {"chips": 1, "choice": ["ben"]}}},
            'bid on D: "For" ("choice") must name another player of this match, not ["ben"]',
        ),
        (
            "ana",
            {"bids": {"A": {"chips": 1, "choice": "ben"}, "B": B1, "C": B1}},
            'item A has no CHOICE target; remove "choice"',
        ),
        (
            "ana",
            {"bids": {"A": {"chips": 1, "choice": None}, "B": B1, "C": B1}},
            'item A has no CHOICE target; remove "choice"',
        ),
        ("ana", {"bids": {"A": B1}}, "you bid on 1 item; bid on at least 3"),
        ("ana", {"bids": {}}, "you bid on 0 items; bid on at least 3"),
        (
            "ana",
            {"bids": {"A": {"chips": 38}, "B": {"chips": 2}, "C": B1}},
            "your bids total 41 chips but you have 40",
        ),
        (
            "ana",
            {"bids": {"A": {"garnets": 1}, "B": B1, "C": B1}},
            "your bids use 1 garnet but you hold 0",
        ),
        (
            "cal",
            {"bids": {"A": {"garnets": 2}, "B": {"chips": 1, "garnets": 1}, "C": B1}},
            "your bids use 3 garnets but you hold 2",
        ),
        ("zed", {"bids": {}}, "'zed' is not a player in this match"),
    ],
)
def test_bad_bids(player, action, message):
    with pytest.raises(IllegalAction) as exc:
        GAME.validate(STATE, player, action)
    assert str(exc.value).startswith(message), str(exc.value)


def test_checks_run_in_the_spec_order():
    # 2 before 3: a bad bid is reported before the count
    with pytest.raises(IllegalAction, match="unknown item 'Z'"):
        GAME.validate(STATE, "ana", {"bids": {"Z": B1}})
    # each bid a-d before the next bid: A's CHOICE fault before B's worth
    with pytest.raises(IllegalAction, match="item A has no CHOICE"):
        GAME.validate(
            STATE, "ana", {"bids": {"A": {"chips": 1, "choice": "ben"}, "B": {"chips": 0}, "C": B1}}
        )
    # the bids in the order given
    with pytest.raises(IllegalAction, match="bid on B is worth 0"):
        GAME.validate(
            STATE, "ana", {"bids": {"B": {"chips": 0}, "A": {"chips": 1, "choice": "ben"}, "C": B1}}
        )
    # c before d: worth 0 before the missing CHOICE
    with pytest.raises(IllegalAction, match="bid on D is worth 0"):
        GAME.validate(STATE, "ana", {"bids": {"D": {"chips": 0}, "B": B1, "C": B1}})
    # 3 before 4 before 5
    with pytest.raises(IllegalAction, match="you bid on 2 items"):
        GAME.validate(STATE, "ana", {"bids": {"A": {"chips": 50, "garnets": 4}, "B": B1}})
    with pytest.raises(IllegalAction, match="your bids total 51 chips"):
        GAME.validate(STATE, "ana", {"bids": {"A": {"chips": 49, "garnets": 4}, "B": B1, "C": B1}})


@pytest.mark.parametrize(
    "player, action",
    [
        ("ana", {"bids": {"A": B1, "B": B1, "C": B1}}),
        ("ana", {"bids": {"A": {"chips": 38}, "B": B1, "C": B1}}),  # all in
        ("ana", {"bids": {l: B1 if l != "D" else {"chips": 1, "choice": "ivy"} for l in "ABCDEF"}}),
        (
            "ana",
            {"bids": {"F": {"chips": 3, "garnets": 0}, "E": B1, "C": {"chips": 1, "garnets": 0}}},
        ),
        ("cal", {"bids": {"A": {"garnets": 1}, "B": {"chips": 1, "garnets": 1}, "C": B1}}),
        ("cal", {"bids": {"A": {"chips": 0, "garnets": 2}, "B": B1, "C": B1}}),
    ],
)
def test_legal_bids(player, action):
    GAME.validate(STATE, player, action)


def test_validate_after_the_end():
    m = Match(GAME, config(filler()))
    step(m, others="A1 B1 C1")
    with pytest.raises(IllegalAction, match="the match is over"):
        GAME.validate(m.state, "ana", {"bids": {}})
    with pytest.raises(IllegalAction, match="the match is over"):
        GAME.random_action(m.state, "ana", None)


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 50)
    | st.floats(allow_nan=True)
    | st.text(max_size=4)
    | st.sampled_from(P),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.sampled_from(["bids", "chips", "garnets", "choice", "A", "D", "F", "G", "x"]),
            inner,
            max_size=5,
        )
    ),
    max_leaves=15,
)
bid = st.fixed_dictionaries(
    {},
    optional={
        "chips": st.integers(-1, 41) | st.sampled_from([1.0, True, "1", None]),
        "garnets": st.integers(-1, 3) | st.sampled_from([1.0, False]),
        "choice": st.sampled_from([*P, "zed", None, 3]),
    },
)
near_legal = st.fixed_dictionaries(
    {"bids": st.dictionaries(st.sampled_from(list("ABCDEFG")), bid, max_size=6)}
)


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(json_values, near_legal), st.sampled_from(["ana", "cal"]))
def test_any_json_action_is_legal_or_an_illegal_action(action, player):
    try:
        GAME.validate(STATE, player, action)
    except IllegalAction as exc:
        assert str(exc) and "\n" not in str(exc)
    else:  # a legal action applies cleanly with everyone else's default
        import random

        rng = random.Random(0)
        actions = {p: (action if p == player else GAME.default_action(STATE, p, rng)) for p in P}
        new, _events = GAME.apply(STATE, actions)
        assert new.chips[player] >= 0 and new.garnets[player] >= 0


def test_apply_needs_exactly_the_nine_players():
    with pytest.raises(IllegalAction, match=r"missing \['ivy'\], unknown \[\]"):
        GAME.apply(STATE, {p: {"bids": {}} for p in P[:8]})
    with pytest.raises(IllegalAction, match=r"missing \['ivy'\], unknown \['zed'\]"):
        GAME.apply(STATE, {**{p: {"bids": {}} for p in P[:8]}, "zed": {"bids": {}}})


@pytest.mark.parametrize(
    "bid_d, words",
    [
        (B1, '(under "For", choose the player item D goes to)'),
        ({"chips": 1, "choice": "ana"}, '(under "For", choose another player)'),
        ({"chips": 1, "choice": "zed"}, 'bid on D: "For" ("choice") must name another player'),
    ],
)
def test_choice_messages_name_the_field_as_the_form_does(bid_d, words):
    # the spec's text stays first; the player then reads the form's word "For"
    with pytest.raises(IllegalAction) as exc:
        GAME.validate(STATE, "ana", {"bids": {"A": B1, "B": B1, "D": bid_d}})
    assert words in str(exc.value)
    with pytest.raises(IllegalAction) as exc:
        GAME.validate(
            STATE, "ana", {"bids": {"A": {"chips": 1, "choice": "ben"}, "B": B1, "C": B1}}
        )
    assert str(exc.value) == (
        'item A has no CHOICE target; remove "choice" '
        "(item A goes to no other player: name nobody for it)"
    )
