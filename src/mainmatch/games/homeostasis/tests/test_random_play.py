"""Random play reaches every branch of the rules (engine spec convention 6), and
random and default actions are always legal (homeostasis spec §3)."""

from __future__ import annotations

import random
from collections import Counter
from functools import cache

from homeostasis_helpers import PLAYERS, Table, random_match

from mainmatch.games.homeostasis import GAME


def _action_markers(seen: Counter, action: dict) -> None:
    """The branches an action shows: a pass, a zero final bid, saved cards placed."""
    if "pass" in action:
        seen["pass_action"] += 1
    if action.get("chips") == 0:
        seen["final_bid_0"] += 1
    if "front" in action:
        seen["front_cards" if action["front"] else "front_empty"] += 1
        seen["back_cards" if action["back"] else "back_empty"] += 1
    if "cards" in action and len(action["cards"]) >= 2:
        seen["paid_save"] += 1


#: an event type's branch marker, from the event
_EVENT_MARKERS = {
    "pass": lambda e: {f"pass:automatic={e['automatic']}": 1},
    "card_placed": lambda e: {f"card_placed:automatic={e['automatic']}": 1},
    "brackets_void": lambda e: {f"void:{e['reason']}": 1},
    "final_won": lambda e: {f"final_won:by_tiebreak={e['by_tiebreak']}": 1},
    "final_bids": lambda e: {f"final_bids:rebid={e['rebid']}": 1},
    "match_over": lambda e: {f"outcome:{e['outcome']}": 1},
    "bid": lambda e: {"pooled_bid": int(e["total"] > e["chips"])},
    "brackets_placed": lambda e: {
        "bracket_width>1": int(e["last"] > e["first"]),
        "bracket_width=1": int(e["last"] == e["first"]),
    },
    "expression": lambda e: {"long_expression": int(len(e["cards"]) > 10)},
    "round_result": lambda e: {"fraction_result": int("/" in e["result"])},
}


@cache
def branches() -> Counter:
    """Branch markers seen over 200 seeded random matches."""
    seen: Counter = Counter()
    for seed in range(200):
        match = random_match(seed)
        seen["chips=0"] += match.config["chips"] == 0
        for step, events in zip(match.steps, match.events):
            for action in step["actions"].values():
                _action_markers(seen, action)
            for e in events:
                seen[e["type"]] += 1
                marker = _EVENT_MARKERS.get(e["type"])
                if marker is not None:
                    for key, count in marker(e).items():
                        seen[key] += count
        # a final auction nobody could bid in (everyone broke): no sealed bids before "no winner"
        seen["broke_final"] += any(
            e["type"] == "final_no_winner" and i > 0 and events[i - 1]["type"] == "card_placed"
            for events in match.events
            for i, e in enumerate(events)
        )
    return seen


def test_random_play_reaches_every_branch() -> None:
    seen = branches()
    wanted = [
        "cards_saved",
        "saving_closed",
        "round_started",
        "draft_choice",
        "auction_started",
        "bid",
        "pass:automatic=True",
        "pass:automatic=False",
        "card_placed:automatic=True",
        "card_placed:automatic=False",
        "final_bids:rebid=0",
        "final_bids:rebid=1",
        "final_bids:rebid=2",
        "final_bids:rebid=3",
        "final_tie",
        "final_won:by_tiebreak=False",
        "final_won:by_tiebreak=True",
        "final_no_winner",
        "broke_final",
        "saved_cards_placed",
        "front_cards",
        "back_cards",
        "front_empty",
        "expression",
        "long_expression",
        "brackets_placed",
        "void:teammate_placed",
        "void:crosses",
        "bracket_width>1",
        "bracket_width=1",
        "round_result",
        "fraction_result",
        "match_over",
        "elimination_candidate",
        "outcome:positive_big",
        "outcome:positive_small",
        "outcome:neutral",
        "outcome:negative_small",
        "outcome:negative_big",
        "pass_action",
        "final_bid_0",
        "pooled_bid",
        "paid_save",
        "chips=0",
    ]
    missing = [w for w in wanted if not seen[w]]
    assert not missing, f"random play never reached {missing}"


def test_random_and_default_actions_are_legal_everywhere() -> None:
    for seed in range(30):
        rng = random.Random(seed)
        match_rng = random.Random(seed + 1000)
        t = Table()
        t.match.config = GAME.random_config(PLAYERS, rng)
        t.match.state = GAME.initial_state(t.match.config)
        while t.pending:
            for p in t.pending:
                GAME.validate(t.state, p, GAME.default_action(t.state, p, rng))
                GAME.validate(t.state, p, GAME.random_action(t.state, p, rng))
            t.step({p: GAME.random_action(t.state, p, match_rng) for p in t.pending})


def test_defaults_follow_the_spec() -> None:
    rng = random.Random(1)
    t = Table()
    assert GAME.default_action(t.state, "a", rng) == {"cards": []}
    t.save()
    d = GAME.default_action(t.state, "a", rng)
    assert d["card"] in t.pending["a"]["cards"] and d["position"] in t.pending["a"]["positions"]
    # D9: uniform over remaining cards (copies count twice) and free positions
    draws = Counter(GAME.default_action(t.state, "a", rng)["card"] for _ in range(4000))
    assert 0.15 < draws["1"] / 4000 < 0.25 and 0.06 < draws["x"] / 4000 < 0.14
    t.draft("2x12+-33/1")
    slots = {GAME.default_action(t.state, "a", rng)["slot"] for _ in range(200)}
    assert slots == set(range(1, 11))
    assert all(GAME.default_action(t.state, "a", rng)["chips"] == 1 for _ in range(20))  # D17
    t.act({"slot": 1, "chips": 1})
    assert GAME.default_action(t.state, "b", rng) == {"pass": True}
    t.scripted_auctions()
    assert GAME.default_action(t.state, "a", rng) == {"chips": 0}
