"""The one-pass checks accept nothing the rule-by-rule checks refuse, and
views and events are fresh objects (docs/decisions/performance.md PW1-PW5)."""

from __future__ import annotations

import copy
import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mainmatch.engine import IllegalAction, Match, random_actions
from mainmatch.games.second_to_won import GAME, default_catalogue
from mainmatch.games.second_to_won.catalogue import catalogue_fault, seed_listing
from mainmatch.games.second_to_won.items import compile_item, show_auction
from mainmatch.games.second_to_won.table import CHOICE, lot_of, plain_lots
from mainmatch.games.second_to_won.validate import check_bids, plainly_legal

from .helpers import P, config, filler

# auction 1 is the seed's listing: D is "+25 points to CHOICE"; cal holds 2 garnets
STATE = Match(GAME, config(seed_listing(), filler(), garnets={"cal": 2})).state
ODD = [None, True, False, 0, -1, 1, 2, 9, 1.0, 2.5, "1.5", "1.5 ", ".5", "x", "you", [], {}]

bid = st.fixed_dictionaries(
    {},
    optional={
        "chips": st.integers(-1, 41) | st.sampled_from([1.0, True, "1", None]),
        "garnets": st.integers(-1, 3) | st.sampled_from([1.0, False, None]),
        "choice": st.sampled_from([*P, "zed", None, 3]),
        "x": st.just(1),
    },
)
actions = st.fixed_dictionaries(
    {"bids": st.dictionaries(st.sampled_from(list("ABCDEFG")), bid, max_size=6)},
    optional={"y": st.just(0)},
)


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(actions, st.sampled_from(["ana", "cal"]), st.integers(0, 40), st.integers(0, 3))
def test_a_plainly_legal_bid_is_legal(action, player, chips, garnets):
    args = (action, player, STATE.index, STATE.table.choice_letters[0], chips, garnets)
    try:
        check_bids(*args)
    except IllegalAction:
        assert not plainly_legal(*args)


def _mutated(auctions: list, rng: random.Random) -> list:
    """``auctions`` with one key, value or container changed to something odd."""
    out = copy.deepcopy(auctions)
    auction = rng.choice(out)
    i = rng.randrange(len(auction))
    item = auction[i]
    roll = rng.random()
    if roll < 0.1:
        auction[i] = rng.choice(ODD)
    elif roll < 0.25:
        item[rng.choice(["text", "effects", "extra"])] = rng.choice(ODD)
    elif roll < 0.3:
        item["effects"].append(rng.choice(ODD))
    else:
        effect = rng.choice(item["effects"])
        key = rng.choice(["target", "add", "multiply", "garnets", "info", "extra"])
        if key in effect and rng.random() < 0.3:
            del effect[key]
        else:
            effect[key] = rng.choice([*ODD, "choice", "others", 3, 8, "0.25", "2"])
    return out


@settings(max_examples=400, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 8))
def test_the_plain_catalogue_pass_agrees_with_the_full_check(seed, n):
    rng = random.Random(seed)
    auctions = default_catalogue(seed, n)
    if rng.random() < 0.7:
        auctions = _mutated(auctions, rng)
    ready = plain_lots(auctions)
    if ready is None:
        return  # the full check decides (and names the fault)
    assert catalogue_fault(auctions) is None
    lots, choice = ready
    # the same lots as from the compiled effects, the same CHOICE items
    assert lots == tuple(tuple(lot_of(compile_item(it)) for it in a) for a in auctions)
    assert choice == tuple(
        frozenset(l for l, lot in zip("ABCDEF", a) if any(g[0] == CHOICE for g in lot))
        for a in lots
    )


def _scribble(obj) -> None:
    """Change every container inside ``obj``, as a careless caller might."""
    if isinstance(obj, dict):
        for v in obj.values():
            _scribble(v)
        obj["scribbled"] = True
    elif isinstance(obj, list):
        for v in obj:
            _scribble(v)
        obj.append("scribbled")


def test_events_are_fresh_and_views_share_only_their_listings():
    """Events and every part of a view but ``auctions`` are the caller's own;
    the listed auctions are made once and shown again (decision PE16)."""
    rng = random.Random(3)
    m = Match(GAME, GAME.random_config(P, rng))
    while m.pending:
        before = m.state
        actions, _ = random_actions(GAME, before, rng)
        after, events = GAME.apply(before, actions)
        seen = {p: json.dumps(GAME.view(after, p)) for p in [None, *P]}
        _scribble(events)
        for p in [None, *P]:
            view = GAME.view(after, p)
            assert json.dumps(view) == seen[p]
            listings = view.pop("auctions")
            _scribble(view)
            again = GAME.view(after, p)
            assert json.dumps(again) == seen[p]
            assert len(listings) == len(again["auctions"])
            assert all(a is b for a, b in zip(listings, again["auctions"], strict=True))
        m.step(actions)
        assert json.dumps(GAME.view(m.state, None)) == seen[None]


def test_item_lists_are_shown_as_show_auction_shows_them():
    auctions = default_catalogue(5, 8)
    auctions[1][0] = {"effects": [{"add": 5, "target": "you"}, {"target": "others", "add": 1}]}
    auctions[2][3] = {"effects": [{"target": "choice", "multiply": "0.5"}], "text": "half"}
    s = Match(GAME, config(*auctions)).state
    for j, items in enumerate(auctions, 1):
        # the same objects in the same key order
        assert json.dumps(s.table.show(j)) == json.dumps(show_auction(items))
