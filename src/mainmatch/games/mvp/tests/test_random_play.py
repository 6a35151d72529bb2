"""Random legal actions (mvp spec §3.3): legal, varied, and reaching every branch
of the rules in a few hundred seeded matches."""

from __future__ import annotations

import random
from collections import Counter

from mvp_table import PLAYERS, Table

from mainmatch.games.mvp import GAME
from mainmatch.games.mvp.random_play import is_quiet_round


def test_the_quiet_round_draw_is_shared_by_all_six_and_about_one_in_eight():
    quiet = 0
    for seed in range(400):
        state = GAME.initial_state(GAME.new_config(PLAYERS, seed))
        quiet += is_quiet_round(state)
    assert 20 < quiet < 80  # about 400 / 8


def test_random_actions_are_legal_and_varied():
    t = Table()
    rng = random.Random(0)
    shapes = Counter()
    for _ in range(400):
        for p in PLAYERS:
            action = GAME.random_action(t.state, p, rng)
            GAME.validate(t.state, p, action)
            bids = action.get("bids")
            shapes["pass" if not bids else "all in" if sum(bids.values()) == 30 else "bid"] += 1
            shapes["empty bids"] += bids == {}
            shapes["purchase"] += any(k.startswith("buy_") for k in action)
            shapes["buy_chips 0"] += action.get("buy_chips") == 0
            shapes["one chip everywhere"] += bids == {x: 1 for x in "PQRSTUVWX"}
    assert all(
        shapes[k] > 0
        for k in (
            "pass",
            "all in",
            "bid",
            "empty bids",
            "purchase",
            "buy_chips 0",
            "one chip everywhere",
        )
    ), shapes


def test_random_votes_include_the_default_self_votes_and_others():
    t = Table()
    t.round()
    rng = random.Random(1)
    kinds = Counter()
    for _ in range(100):
        action = GAME.random_action(t.state, "r1", rng)
        GAME.validate(t.state, "r1", action)
        kinds[
            "default" if action == {"ec": "g3"} else "self" if action == {"ec": "r1"} else "other"
        ] += 1
    assert min(kinds.values()) > 10, kinds


def test_random_play_reaches_every_branch():
    rng = random.Random(2024)
    seen = Counter()
    for _ in range(250):
        state = GAME.initial_state(GAME.random_config(PLAYERS, rng))
        while GAME.pending(state):
            actions = {p: GAME.random_action(state, p, rng) for p in GAME.pending(state)}
            before = state
            state, events = GAME.apply(state, actions)
            for e in events:
                if e["type"] == "round_resolved":
                    for f in e["flagged"]:
                        seen["switch" if f["letter"] in before.flags else "new flag"] += 1
                        seen["newly exposed flagged"] += f["letter"] in e["newly_exposed"]
                    for c in e["claimed"]:
                        stakes = [
                            before.bids[p].get(c["letter"], 0)
                            + actions[p].get("bids", {}).get(c["letter"], 0)
                            for p in PLAYERS
                            if before.team_of[p] != c["team"]
                        ]
                        seen["claim on a tie"] += sum(stakes) == c["paid"]
                if e["type"] == "round_private":
                    seen["purchase delivered"] += bool(
                        e["identity"] or e["location"] or e["chips_bought"]
                    )
        result = GAME.result(state)
        d = result["details"]
        seen[d["end_reason"]] += 1
        seen["round-1 stalemate"] += d["rounds_played"] == 1
        seen["six-way vote"] += len(d["voters"]) == 6
        seen["vote"] += bool(d["voters"])
        seen["void"] += result["void_tokens_of_life"]
        seen["tied teams"] += d["winning_team"] is None
        seen["uncontrolled card"] += None in d["controllers"].values()
        seen["4-set"] += any(
            c["points_per_card"] == 3 and c["kind"] == "set"
            for cs in d["combinations"].values()
            for c in cs
        )
        seen["6-run"] += any(
            len(c.get("ranks", ())) == 6 for cs in d["combinations"].values() for c in cs
        )
    for branch in (
        "switch",
        "new flag",
        "newly exposed flagged",
        "claim on a tie",
        "purchase delivered",
        "all_claimed",
        "stalemate",
        "round_limit",
        "round-1 stalemate",
        "six-way vote",
        "vote",
        "void",
        "tied teams",
        "uncontrolled card",
        "4-set",
        "6-run",
    ):
        assert seen[branch] > 0, f"random play never reached {branch}: {dict(seen)}"
