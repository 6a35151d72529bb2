"""Default and random actions (§3.1, §3.2): always legal, and random play
reaches the branches of the rules."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from mainmatch.engine import Match
from mainmatch.games.second_to_won import GAME
from mainmatch.games.second_to_won.catalogue import seed_listing
from mainmatch.games.second_to_won.random_play import default_bids, random_bids
from mainmatch.games.second_to_won.resolve import item_winners
from mainmatch.games.second_to_won.validate import check_bids, normalise

from .helpers import P, config, filler, step

OTHERS = P[1:]


@pytest.mark.parametrize("chips", [0, 1, 2, 3, 17, 40])
def test_default_is_one_chip_on_min_3_random_items_with_a_random_choice(chips):
    rng = random.Random(chips)
    for _ in range(50):
        action = default_bids(rng, chips, {"D"}, OTHERS)
        bids = action["bids"]
        assert len(bids) == min(3, chips)
        assert all(b["chips"] == 1 and "garnets" not in b for b in bids.values())
        if "D" in bids:
            assert bids["D"]["choice"] in OTHERS
        assert all("choice" not in b for l, b in bids.items() if l != "D")
        check_bids(action, "ana", P, {"D"}, chips, 0)
    assert default_bids(rng, 0, {"D"}, OTHERS) == {"bids": {}}


def test_random_bids_are_always_legal_and_use_every_style():
    rng = random.Random(3)
    seen = Counter()
    for _ in range(3000):
        chips = rng.choice([0, 1, 2, 3, 5, 12, 40])
        garnets = rng.choice([0, 0, 1, 4])
        left = rng.randint(1, 8)
        action = random_bids(rng, chips, garnets, left, {"D"}, OTHERS)
        check_bids(action, "ana", P, {"D"}, chips, garnets)
        bids = action["bids"]
        spent = sum(b["chips"] for b in bids.values())
        seen["empty"] += not bids
        seen["all_in"] += chips >= 5 and spent == chips
        seen["minimum"] += chips >= 5 and len(bids) == 3 and spent == 3
        seen["six_items"] += len(bids) == 6
        seen["garnet_alone"] += any(b.get("garnets") and not b["chips"] for b in bids.values())
        seen["garnet_on_chips"] += any(b.get("garnets") and b["chips"] for b in bids.values())
        seen["all_garnets"] += garnets == 4 and sum(b.get("garnets", 0) for b in bids.values()) == 4
        seen["big"] += any(b["chips"] >= 20 for b in bids.values())
        if chips == 40 and left == 1:
            assert spent >= 3
    assert all(
        seen[k] > 10
        for k in (
            "empty",
            "all_in",
            "minimum",
            "six_items",
            "garnet_alone",
            "garnet_on_chips",
            "all_garnets",
            "big",
        )
    ), seen


def test_random_play_reaches_the_branches_of_the_rules():
    """Ties, discarded items, garnet bids, information, both endings, tied
    first and second places, several ECs (short catalogues)."""
    rng = random.Random(11)
    seen = Counter()
    for _ in range(250):
        m = Match(GAME, GAME.random_config(P, rng))
        while m.pending:
            actions = {p: GAME.random_action(m.state, p, rng) for p in P}
            bids = {p: normalise(actions[p]) for p in P}
            for letter in "ABCDEF":
                n = len(item_winners(P, bids, letter))
                seen["tie"] += n > 1
                seen["discarded"] += n == 0
            seen["empty_bids"] += sum(not a["bids"] for a in actions.values())
            events = m.step(actions)
            seen["information"] += any(e["type"] == "information" for e in events)
        d = m.result()["details"]
        seen[d["end_reason"]] += 1
        seen["tied_first"] += len(d["first"]) > 1
        seen["tied_second"] += len(d["second"]) > 1
        seen["several_ecs"] += len(d["elimination_candidates"]) > 1
        seen["several_over"] += len(d["over_200"]) > 1
        seen["garnets_spent"] += bool(m.result()["garnets_spent"])
        seen["negative"] += min(d["scores"].values()) < 0
    for key in (
        "tie",
        "discarded",
        "empty_bids",
        "information",
        "complete",
        "over_200",
        "tied_first",
        "tied_second",
        "several_ecs",
        "garnets_spent",
    ):
        assert seen[key] > 0, (key, seen)
    assert 0.15 < seen["over_200"] / 250 < 0.45, seen


def test_random_and_default_actions_with_no_chips_left():
    m = Match(GAME, config(seed_listing(), filler(), garnets={"ana": 2}))
    step(m, ana="A38 B1 C1", others="A1 B1 C1")
    assert m.pending["ana"]["chips"] == 0 and m.pending["ana"]["min_items"] == 0
    rng = random.Random(0)
    assert GAME.default_action(m.state, "ana", rng) == {"bids": {}}
    kinds = Counter()
    for _ in range(200):
        a = GAME.random_action(m.state, "ana", rng)
        GAME.validate(m.state, "ana", a)
        kinds["garnets" if a["bids"] else "empty"] += 1
    assert kinds["garnets"] and kinds["empty"]
