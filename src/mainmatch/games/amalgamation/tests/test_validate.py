"""Bad actions are rejected with the right message; nothing but IllegalAction escapes (amalgamation spec §3)."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mainmatch.engine import IllegalAction
from mainmatch.games.amalgamation import GAME

from .helpers import act, config, match, play_rounds

GOOD = {
    "buy_garnets": 1,
    "kong": {"contribute": 30},
    "minus": {"bids": [-5, 0, 12, 0, -1]},
    "invest": {"invest": 20, "donate": 5},
    "thief": {"bet": 40, "role": "police"},
}


def with_(path: str, value) -> dict:
    a = copy.deepcopy(GOOD)
    *parents, last = path.split(".")
    target = a
    for k in parents:
        target = target[k]
    if value is KeyError:
        del target[last]
    else:
        target[last] = value
    return a


BAD = [
    ([], "must be a JSON object"),
    (None, "must be a JSON object"),
    ("round", "must be a JSON object"),
    ({}, "missing 'kong'"),
    (with_("bonus", 1), "unknown key 'bonus'"),
    (with_("minus", KeyError), "missing 'minus'"),
    (with_("kong", 30), "kong must be an object with exactly contribute"),
    (
        with_("kong", {}),
        "kong must be an object with exactly contribute: enter your contribution to Kong's Dilemma (0 for none)",
    ),
    (with_("kong.extra", 1), "kong must be an object with exactly contribute"),
    (with_("minus", {"bid": [0] * 5}), "minus must be an object with exactly bids"),
    (
        with_("invest.donate", KeyError),
        "invest, donate: enter what you donate in Investment & Donation",
    ),
    (
        with_("thief.bet", KeyError),
        "thief must be an object with exactly bet, role: enter a bet for Garnet Chip Thief",
    ),
    (with_("thief.role", KeyError), "bet, role: choose a role for Garnet Chip Thief"),
    (with_("minus", {}), "bids: enter a bid on each Minus Auction tile"),
    (with_("buy_garnets", -1), "buy_garnets must be a non-negative integer of garnets, got -1"),
    (with_("buy_garnets", True), "buy_garnets must be a non-negative integer of garnets, got true"),
    (with_("buy_garnets", None), "buy_garnets must be a non-negative integer"),
    (
        with_("kong.contribute", -5),
        "kong.contribute must be a non-negative integer of dollars, got -5",
    ),
    (
        with_("kong.contribute", 2.0),
        "kong.contribute must be a non-negative integer of dollars, got 2.0",
    ),
    (
        with_("kong.contribute", "5"),
        'kong.contribute must be a non-negative integer of dollars, got "5"',
    ),
    (with_("invest.invest", 1.5), "invest.invest must be a non-negative integer"),
    (with_("invest.donate", -1), "invest.donate must be a non-negative integer"),
    (with_("thief.bet", False), "thief.bet must be a non-negative integer"),
    (with_("buy_garnets", 3), "buy_garnets of 3 exceeds your 2 garnets"),
    (
        with_("minus.bids", [0, 0]),
        "minus.bids must be a list of 5 integers, one per tile of [-1, -2, -3, -4, -5], got [0, 0]",
    ),
    (with_("minus.bids", [0, 0, 0, 0, 0, 0]), "minus.bids must be a list of 5 integers"),
    (with_("minus.bids", [0, 0, 0, 0, 0.5]), "minus.bids must be a list of 5 integers"),
    (with_("minus.bids", [0, 0, 0, 0, True]), "minus.bids must be a list of 5 integers"),
    (with_("minus.bids", "00000"), "minus.bids must be a list of 5 integers"),
    (
        with_("thief.role", "thief"),
        "thief.role must be one of mafia, cartel, police, beggar, got 'thief'",
    ),
    (with_("thief.role", "Police"), "thief.role must be one of"),
    (with_("thief.role", 2), "thief.role must be one of mafia, cartel, police, beggar, got 2"),
    (
        with_("kong.contribute", 500),
        "total spend of $583 (kong $500 + minus $18 + invest $20 + donate $5 + thief $40)",
    ),
    (with_("minus.bids", [-400, 0, 0, 0, 0]), "exceeds your $420 ($400 balance + 1 garnet x $20)"),
]


@pytest.mark.parametrize("action, fragment", BAD)
def test_bad_round_actions(action, fragment):
    m = match(config(garnets={"a": 2}, garnet_rate_submissions=[20]))
    GAME.validate(m.state, "a", GOOD)
    with pytest.raises(IllegalAction) as err:
        GAME.validate(m.state, "a", action)
    assert fragment in str(err.value)


def test_buy_garnets_is_optional_and_a_purchase_is_spendable_at_once():
    m = match(config(garnets={"a": 2}, garnet_rate_submissions=[20]))
    GAME.validate(m.state, "a", act())
    GAME.validate(m.state, "a", act(contribute=440, buy=2))
    with pytest.raises(IllegalAction):
        GAME.validate(m.state, "a", act(contribute=440, buy=1))


def test_not_a_player_and_after_the_end():
    m = match()
    with pytest.raises(IllegalAction, match="'zed' is not a player"):
        GAME.validate(m.state, "zed", act())
    with pytest.raises(IllegalAction, match="is not a player"):
        GAME.view(m.state, "zed")
    play_rounds(m, lambda r: {})
    assert m.view(None)["phase"] == "over"
    with pytest.raises(IllegalAction, match="the match is over"):
        GAME.validate(m.state, "a", act())
    with pytest.raises(IllegalAction, match="the match is over"):
        GAME.apply(m.state, {})


def test_apply_needs_exactly_the_pending_players():
    m = match()
    with pytest.raises(IllegalAction, match="missing"):
        GAME.apply(m.state, {"a": act()})


@pytest.mark.parametrize(
    "action, fragment",
    [
        ([], "must be a JSON object"),
        ({}, "missing 'ec'"),
        ({"ec": "d", "why": 1}, "unknown key 'why'"),
        ({"ec": "a"}, "ec must be one of d, f, got 'a'"),
        ({"ec": 3}, "ec must be one of d, f, got 3"),
        ({"ec": None}, "ec must be one of d, f, got null"),
    ],
)
def test_bad_ec_votes(action, fragment):
    from .test_worked_examples import _e10

    m, _ = _e10(None)
    with pytest.raises(IllegalAction) as err:
        GAME.validate(m.state, "a", action)
    assert fragment in str(err.value)
    with pytest.raises(IllegalAction, match="not a winner"):
        GAME.validate(m.state, "c", {"ec": "d"})


# ------------------------------------------------------------------ fuzz

JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**6), 10**6)
    | st.floats(allow_nan=False)
    | st.text(max_size=8),
    lambda children: (
        st.lists(children, max_size=6) | st.dictionaries(st.text(max_size=10), children, max_size=6)
    ),
    max_leaves=20,
)
KEYS = st.sampled_from(
    [
        "buy_garnets",
        "kong",
        "minus",
        "invest",
        "thief",
        "contribute",
        "bids",
        "donate",
        "bet",
        "role",
        "ec",
    ]
)
NEARLY = st.fixed_dictionaries(
    {},
    optional={
        "buy_garnets": JSON | st.integers(-3, 3),
        "kong": st.fixed_dictionaries({}, optional={"contribute": JSON | st.integers(-5, 500)})
        | JSON,
        "minus": st.fixed_dictionaries(
            {}, optional={"bids": st.lists(st.integers(-300, 300) | JSON, max_size=7) | JSON}
        ),
        "invest": st.fixed_dictionaries(
            {},
            optional={"invest": st.integers(-5, 500) | JSON, "donate": st.integers(-5, 500) | JSON},
        ),
        "thief": st.fixed_dictionaries(
            {},
            optional={
                "bet": st.integers(-5, 500) | JSON,
                "role": st.sampled_from(["mafia", "cartel", "police", "beggar", "x"]) | JSON,
            },
        ),
    },
) | st.dictionaries(KEYS, JSON, max_size=6)

STATE = match(config(garnets={"a": 2})).state


@settings(max_examples=300, deadline=None)
@given(action=JSON | NEARLY)
def test_fuzz_round_actions_raise_only_illegal_action(action):
    try:
        GAME.validate(STATE, "a", action)
    except IllegalAction as exc:
        assert str(exc) and "\n" not in str(exc)
        return
    # accepted: the published JSON Schema's model accepts it too, and it applies cleanly
    GAME.action_models["round"].model_validate(action, strict=True)
    actions = {p: act() for p in "bcdef"} | {"a": action}
    GAME.apply(STATE, actions)


def _ec_state():
    from .test_worked_examples import _e10

    return _e10(None)[0].state


EC_STATE = _ec_state()


@settings(max_examples=100, deadline=None)
@given(action=JSON | st.dictionaries(KEYS, JSON | st.sampled_from(["d", "f", "a"]), max_size=3))
def test_fuzz_ec_votes_raise_only_illegal_action(action):
    try:
        GAME.validate(EC_STATE, "a", action)
    except IllegalAction as exc:
        assert str(exc) and "\n" not in str(exc)
        return
    assert action in ({"ec": "d"}, {"ec": "f"})
    GAME.action_models["choose_ec"].model_validate(action, strict=True)


@pytest.mark.parametrize(
    "action, words",
    [
        (
            with_("kong.contribute", -5),
            "(Kong's Dilemma, Into your team's pot: whole dollars, 0 or more)",
        ),
        (with_("invest.donate", -1), "(Investment & Donation, Donate: whole dollars, 0 or more)"),
        (with_("buy_garnets", -1), "(Garnets to sell: a whole number, 0 or more)"),
        (with_("buy_garnets", 3), "; you can sell 0 to 2 (Garnets to sell)"),
        (with_("minus.bids", [0, 0]), "(Minus Auction, Your bid on each tile: a whole number"),
        (with_("thief.role", "thief"), "(choose a role for Garnet Chip Thief)"),
    ],
)
def test_messages_name_the_field_as_the_form_does(action, words):
    # the spec's message names the JSON key; the form's words follow it
    m = match(config(garnets={"a": 2}, garnet_rate_submissions=[20]))
    with pytest.raises(IllegalAction) as err:
        GAME.validate(m.state, "a", action)
    assert str(err.value).endswith(words) or words in str(err.value)
