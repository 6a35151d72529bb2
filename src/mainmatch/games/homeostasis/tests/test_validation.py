"""Bad actions are rejected with the spec's messages (homeostasis spec §3), and
no JSON input makes ``validate`` raise anything but ``IllegalAction``."""

from __future__ import annotations

import random
from functools import cache

import pytest
from homeostasis_helpers import PLAYERS, SEED_LAYOUT, Table
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mainmatch.engine import IllegalAction
from mainmatch.games.homeostasis import GAME
from mainmatch.games.homeostasis.cards import SYMBOLS

ALL = "1, 2, 3, 4, 5, 6, 7, 8, 9, 10"


@cache
def states() -> dict:
    """One state per kind of step (and a few variants), built by scripted play."""
    out = {}
    t = Table()
    out["save_cards"] = t.state
    t.save()
    out["draft"] = t.state
    t.act({"card": "x", "position": 1})
    out["draft_later"] = t.state
    t = Table()
    t.save()
    t.draft(SEED_LAYOUT)
    out["auction_open"] = t.state
    t.act({"slot": 2, "chips": 5})
    out["auction_bid"] = t.state
    for _ in range(4):
        t.act({"pass": True})
    out["auction_2"] = t.state  # slot 2 holds "2"; a opens again
    t = Table()
    t.save()
    t.draft(SEED_LAYOUT)
    t.scripted_auctions()
    out["final_bid"] = t.state  # a has 91 chips
    t = Table(garnets={p: 10 for p in PLAYERS})
    t.save(a=["3", "/"])
    t.draft(SEED_LAYOUT)
    t.scripted_auctions()
    t.final_bids(a=5)
    out["place_saved"] = t.state
    t = Table()
    t.save()
    t.scripted_round()
    out["brackets_first"] = t.state
    t.brackets(a=(3, 7))
    out["brackets"] = t.state  # 3..7 placed; c d e pending
    t = Table()
    t.save()
    for _ in range(3):
        t.scripted_round()
        t.brackets()
    assert t.phase == "over"
    out["over"] = t.state
    t = Table()  # Ex15: 5, -3, -1
    t.save()
    t.scripted_round()
    t.brackets()
    t.scripted_round()
    t.brackets(a=(1, 1), c=(5, 5))
    t.brackets()
    t.scripted_round()
    t.brackets(e=(5, 5))
    assert t.phase == "choose_ec"
    out["choose_ec"] = t.state
    return out


BAD = [
    # any step
    ("save_cards", "zz", {"cards": []}, "'zz' is not a player in this match"),
    ("draft", "b", {"card": "1", "position": 1}, "b is not expected to act now"),
    ("over", "a", {"ec": "b"}, "the match is over; nobody is expected to act"),
    # save_cards
    ("save_cards", "a", "1x", "the action must be a JSON object like"),
    ("save_cards", "a", {}, "action must have exactly the key cards; got none"),
    (
        "save_cards",
        "a",
        {"cards": ["1"], "more": 1},
        "action must have exactly the key cards; got cards, more",
    ),
    ("save_cards", "a", {"cards": "1x"}, "cards must be a list of card symbols"),
    ("save_cards", "a", {"cards": ["*"]}, "unknown card '*'; cards are 1, 2, 3, +, -, x, /"),
    (
        "save_cards",
        "a",
        {"cards": [2]},
        "unknown card 2; cards are 1, 2, 3, +, -, x, / (symbols are strings",
    ),
    (
        "save_cards",
        "a",
        {"cards": ["1", "1", "1"]},
        "your copy has only 2 '1' card(s); you listed 3",
    ),
    ("save_cards", "a", {"cards": ["x", "x"]}, "your copy has only 1 'x' card(s); you listed 2"),
    ("save_cards", "a", {"cards": ["1", "2"]}, "saving 2 cards costs 1 garnets but you hold 0"),
    # draft
    (
        "draft",
        "a",
        {"card": "7", "position": 1},
        "card '7' is not left to order; left: 1, 2, 3, +, -, x, /",
    ),
    (
        "draft_later",
        "b",
        {"card": "x", "position": 2},
        "card 'x' is not left to order; left: 1, 2, 3, +, -, /",
    ),
    ("draft", "a", {"card": 2, "position": 1}, "card must be a card symbol as a string"),
    (
        "draft",
        "a",
        {"card": "1", "position": 11},
        f"position 11 is not free; free positions: {ALL}",
    ),
    (
        "draft_later",
        "b",
        {"card": "1", "position": 1},
        "position 1 is not free; free positions: 2, 3, 4, 5, 6, 7, 8, 9, 10",
    ),
    ("draft", "a", {"card": "1", "position": "3"}, "position must be a whole number"),
    ("draft", "a", {"card": "1", "position": True}, "position must be a whole number"),
    ("draft", "a", {"card": "1", "position": 2.0}, "position must be a whole number"),
    (
        "draft",
        "a",
        {"card": "1"},
        "action must have exactly the keys card, position; got card: choose a free place in the auction order",
    ),
    # bid
    (
        "auction_open",
        "a",
        {"pass": True},
        "the first bid of an auction cannot be a pass: bid at least 1 chip on an empty slot",
    ),
    ("auction_bid", "b", {"pass": False}, 'a pass is exactly {"pass": true}; got {"pass": false}'),
    (
        "auction_bid",
        "b",
        {"pass": True, "slot": 1},
        "action must have exactly the keys slot, chips, or just pass; got pass, slot",
    ),
    (
        "auction_open",
        "a",
        {"slot": 3},
        "action must have exactly the keys slot, chips; got slot: enter how many chips you bid",
    ),
    (
        "auction_open",
        "a",
        {"slot": 11, "chips": 1},
        f"slot 11 is not an empty slot; empty slots: {ALL}",
    ),
    (
        "auction_2",
        "a",
        {"slot": 2, "chips": 1},
        "slot 2 is not an empty slot; empty slots: 1, 3, 4, 5, 6, 7, 8, 9, 10",
    ),
    ("auction_open", "a", {"slot": "3", "chips": 1}, "slot must be a whole number"),
    (
        "auction_open",
        "a",
        {"slot": 3, "chips": 0},
        "a bid must be a whole number of chips, at least 1; got 0",
    ),
    (
        "auction_open",
        "a",
        {"slot": 3, "chips": 1.0},
        "a bid must be a whole number of chips, at least 1; got 1.0",
    ),
    (
        "auction_open",
        "a",
        {"slot": 3, "chips": True},
        "a bid must be a whole number of chips, at least 1; got true",
    ),
    ("auction_open", "a", {"slot": 3, "chips": 101}, "bid of 101 chips exceeds your 100 chips"),
    (
        "auction_bid",
        "b",
        {"slot": 3, "chips": 5},
        "a bid of 5 on slot 3 would tie slot 3 with slot 2 at 5 chips",
    ),
    # final_bid
    ("final_bid", "a", {"chips": 95}, "bid must be a whole number from 0 to 91; got 95"),
    ("final_bid", "a", {"chips": -1}, "bid must be a whole number from 0 to 91; got -1"),
    ("final_bid", "a", {"chips": True}, "bid must be a whole number from 0 to 91; got true"),
    ("final_bid", "b", {}, "action must have exactly the key chips; got none"),
    # place_saved
    (
        "place_saved",
        "a",
        {"front": ["x"], "back": []},
        "you have 0 unused saved 'x' card(s); you listed 1",
    ),
    (
        "place_saved",
        "a",
        {"front": ["3"], "back": ["3"]},
        "you have 1 unused saved '3' card(s); you listed 2",
    ),
    ("place_saved", "a", {"front": "3", "back": []}, "front must be a list of card symbols"),
    ("place_saved", "a", {"front": [], "back": ["?"]}, "unknown card '?'"),
    ("place_saved", "a", {"front": []}, "action must have exactly the keys front, back; got front"),
    # brackets
    (
        "brackets",
        "c",
        {"first": 0, "last": 3},
        "first and last must be whole numbers with 1 <= first <= last <= 10; got 0..3",
    ),
    ("brackets", "c", {"first": 4, "last": 3}, "got 4..3"),
    ("brackets", "c", {"first": 1, "last": 11}, "got 1..11"),
    ("brackets", "c", {"first": "1", "last": 2}, "got '1'..2"),
    ("brackets", "c", {"first": 2, "last": 4}, "brackets 2..4 would cross the pair 3..7"),
    ("brackets", "c", {"first": 7, "last": 9}, "brackets 7..9 would cross the pair 3..7"),
    ("brackets", "c", {"pass": "yes"}, 'a pass is exactly {"pass": true}; got {"pass": \'yes\'}'),
    ("brackets", "a", {"pass": True}, "a is not expected to act now"),
    # choose_ec
    ("choose_ec", "e", {"ec": "e"}, "the elimination candidate must be one of a, b, c, d; got 'e'"),
    ("choose_ec", "e", {"player": "a"}, "action must have exactly the key ec; got player"),
    ("choose_ec", "e", {"ec": 1}, "the elimination candidate must be one of a, b, c, d; got 1"),
    ("choose_ec", "a", {"ec": "b"}, "a is not expected to act now"),
]


@pytest.mark.parametrize(("where", "player", "action", "fragment"), BAD)
def test_bad_actions_are_rejected_with_the_rule(
    where: str, player: str, action, fragment: str
) -> None:
    with pytest.raises(IllegalAction) as err:
        GAME.validate(states()[where], player, action)
    assert fragment in str(err.value)


GOOD = [
    ("save_cards", "a", {"cards": ["x"]}),
    ("draft", "a", {"card": "x", "position": 10}),
    ("auction_bid", "b", {"slot": 2, "chips": 1}),  # pooling is fine
    ("auction_bid", "b", {"slot": 3, "chips": 6}),
    ("auction_bid", "b", {"pass": True}),
    ("final_bid", "a", {"chips": 91}),
    ("final_bid", "a", {"chips": 0}),
    ("place_saved", "a", {"front": ["/"], "back": ["3"]}),
    ("place_saved", "a", {"front": [], "back": []}),
    ("brackets", "c", {"first": 3, "last": 7}),  # identical pairs nest
    ("brackets", "c", {"first": 4, "last": 6}),
    ("brackets", "c", {"first": 1, "last": 10}),
    ("choose_ec", "e", {"ec": "a"}),
]


@pytest.mark.parametrize(("where", "player", "action"), GOOD)
def test_legal_actions_pass(where: str, player: str, action) -> None:
    GAME.validate(states()[where], player, action)


def test_apply_validates_and_needs_every_pending_player() -> None:
    s = states()["save_cards"]
    with pytest.raises(IllegalAction, match="e has not acted"):
        GAME.apply(s, {p: {"cards": []} for p in "abcd"})
    with pytest.raises(IllegalAction, match="unknown card"):
        GAME.apply(s, {p: {"cards": ["?"]} for p in PLAYERS})
    with pytest.raises(IllegalAction, match="b is not expected to act now"):
        GAME.apply(
            states()["draft"],
            {"a": {"card": "1", "position": 1}, "b": {"card": "1", "position": 2}},
        )
    with pytest.raises(IllegalAction, match="the match is over"):
        GAME.apply(states()["over"], {})


# ------------------------------------------------------------ fuzz

SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(-5, 150)
    | st.floats()
    | st.text(max_size=3)
    | st.sampled_from(SYMBOLS)
    | st.just(True)
)
JSON = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=8,
)
CARDS = st.lists(st.sampled_from(SYMBOLS + ("0", "*")), max_size=6) | JSON
SHAPED = st.one_of(
    JSON,
    st.fixed_dictionaries({"cards": CARDS}),
    st.fixed_dictionaries(
        {"card": st.sampled_from(SYMBOLS) | JSON, "position": st.integers(-1, 12) | JSON}
    ),
    st.fixed_dictionaries(
        {"slot": st.integers(-1, 12) | JSON, "chips": st.integers(-2, 120) | JSON}
    ),
    st.fixed_dictionaries({"pass": JSON}),
    st.fixed_dictionaries({"chips": st.integers(-2, 120) | JSON}),
    st.fixed_dictionaries({"front": CARDS, "back": CARDS}),
    st.fixed_dictionaries(
        {"first": st.integers(-1, 13) | JSON, "last": st.integers(-1, 13) | JSON}
    ),
    st.fixed_dictionaries({"ec": st.sampled_from(PLAYERS) | JSON}),
    st.dictionaries(
        st.sampled_from(
            [
                "cards",
                "card",
                "position",
                "slot",
                "chips",
                "pass",
                "front",
                "back",
                "first",
                "last",
                "ec",
            ]
        ),
        JSON,
        max_size=3,
    ),
)


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    where=st.sampled_from(sorted(states())),
    player=st.sampled_from(PLAYERS + ["zz"]) | JSON,
    action=SHAPED,
)
def test_fuzz_validate_raises_only_illegal_action(where: str, player, action) -> None:
    state = states()[where]
    try:
        GAME.validate(state, player, action)
    except IllegalAction as exc:
        assert str(exc) and "\n" not in str(exc)
        return
    # accepted: the step applies (other pending players send their defaults)
    rng = random.Random(0)
    actions = {p: GAME.default_action(state, p, rng) for p in GAME.pending(state)}
    actions[player] = action
    GAME.apply(state, actions)
