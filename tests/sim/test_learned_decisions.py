"""A learned bot's decisions are pinned (issue 31: faster play decides the same).

The play path (``Policy._choose`` with ``learned_policy.draw``: the view's
logits once per decision kind, the pick's features added over the allowed
indices only) must draw what the training path draws (``masked_softmax`` of the
full row, then ``sample``) with the same generator, and a file's matches must
decide exactly what they decided before the speed-up: the digests below were
written by the code before it (docs/decisions/learn.md LRN11). The shipped Sealed
Bid file's digest was re-taken with ``decided`` when the file was retrained
(docs/decisions/plugbot.md PLB1); the other four still pin the code before LRN11.
"""

from __future__ import annotations

import hashlib
import json
import random
from importlib import resources

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mainmatch import games
from mainmatch.bots.learned import check_learned, decision_of, encode_weights, make_learned
from mainmatch.bots.learned_policy import draw, masked_softmax, pairwise_sum, sample
from mainmatch.engine import Match
from mainmatch.engine.repair import repair
from mainmatch.sim.learn_discover import discover


def shipped_sealed_bid() -> dict:
    text = resources.files("sealed_bid").joinpath("learned.json").read_text("utf-8")
    return check_learned(json.loads(text))


def random_weights(game_id: str, players: int, seed: int) -> dict:
    """A file of two members with large random weights (every choice matters)."""
    found = discover(game_id, players, None, 0)
    r = np.random.default_rng(seed)
    n = len(found.features)
    members = [
        {
            "label": f"R{k}",
            "weights": {
                kind: encode_weights(r.normal(0, 1.0, (n, d["actions"])))
                for kind, d in sorted(found.decisions.items())
            },
        }
        for k in range(2)
    ]
    data = {
        "format": "mainmatch-learned/1",
        "game": game_id,
        "name": "learned",
        "players": players,
        "variant": {},
        "features": found.features,
        "scales": found.scales,
        "decisions": found.decisions,
        "members": members,
        "mixture": [0.5, 0.5],
    }
    return check_learned(data)


def decided(data: dict, matches: int, seed: int) -> tuple[str, int]:
    """A digest of every action the file's seats decide in ``matches`` matches."""
    game = games.get(data["game"])
    players = game.default_lineup(int(data["players"]))
    h, n = hashlib.sha256(), 0
    for m in range(matches):
        rng = random.Random(seed * 1000 + m)
        match = Match(game, game.random_config(players, rng))
        bots = {p: make_learned(data, m, k) for k, p in enumerate(players)}
        while match.pending:
            actions = {}
            for p, request in match.pending.items():
                actions[p] = bots[p].act(match.view(p), request, rng)
                h.update(json.dumps(actions[p], sort_keys=True).encode())
                n += 1
            match.step({p: repair(game, match.state, p, a, rng) for p, a in actions.items()})
    return h.hexdigest()[:16], n


@pytest.mark.parametrize(
    ("make", "matches", "expected"),
    [
        (shipped_sealed_bid, 20, ("9990d1221f3eb2e4", 252)),
        (lambda: random_weights("sealed_bid", 4, 7), 20, ("9a08351b1af4f39a", 250)),
        (lambda: random_weights("amalgamation", 6, 7), 10, ("5ca9abdf8e3c85b5", 420)),
        (lambda: random_weights("second_to_won", 9, 7), 10, ("a08f63ec4374b704", 558)),
        (lambda: random_weights("mvp", 6, 7), 10, ("6d16ac55a0c31e3d", 382)),
    ],
    ids=["sealed-bid-shipped", "sealed-bid", "amalgamation", "second-to-won", "mvp"],
)
def test_a_file_decides_what_it_decided_before_the_speed_up(make, matches, expected) -> None:
    assert decided(make(), matches, 0) == expected


def test_pairwise_sum_is_numpys_sum_bit_for_bit() -> None:
    r = np.random.default_rng(0)
    for n in (*range(1, 40), 127, 128, 129, 300):
        xs = np.exp(-np.abs(r.normal(0, 3, n)))
        assert pairwise_sum(xs.tolist()) == float(xs.sum())


@settings(max_examples=300, deadline=None)
@given(
    width=st.integers(2, 40),
    picks=st.data(),
    shifts=st.lists(st.floats(-1, 1, allow_nan=False), max_size=6),
    seed=st.integers(0, 2**32 - 1),
)
def test_draw_is_the_full_softmax_and_sample(width, picks, shifts, seed) -> None:
    r = np.random.default_rng(seed)
    logits = r.normal(0, 3, width)
    rows = r.normal(0, 3, (len(shifts), width))
    allowed = picks.draw(st.lists(st.integers(0, width - 1), min_size=1, unique=True))
    full = logits
    for row, d in zip(rows, shifts):
        full = full + d * row
    expected = sample(masked_softmax(full, allowed), allowed, random.Random(seed))
    pairs = [(row.tolist(), d) for row, d in zip(rows, shifts)]
    assert draw(logits.tolist(), pairs, allowed, random.Random(seed)) == expected


def test_decision_of_gives_each_role_its_indices() -> None:
    assert decision_of("flag", 4)["actions"] == 2 and decision_of("player", 4)["actions"] == 4
