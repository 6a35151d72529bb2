"""The plain Game API's shortcuts of The MVP against the rules they skip
(docs/decisions/performance.md PM4-PM7): a round's resolution against the card rule it
inlines, the plain config check against the config model, the scoring
combinations by bits against §7.1 read straight.

``resolve.apply_round`` applies the card rule of mvp spec §4.2 inline and builds
its events as literals, with standing bids kept in letter order. Over random
matches (purchases, ties and newly exposed cards included) every card exposed
at the start of a round must end as ``card_rule.resolve_card`` says, every
standing bid dict stays in letter order, every event lists letters in letter
order, and changing what ``apply`` returned changes no state.
"""

from __future__ import annotations

import copy
import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from mainmatch.engine import Match
from mainmatch.games.mvp import GAME
from mainmatch.games.mvp.card_rule import CLAIMED, FLAGGED, STAYS, resolve_card
from mainmatch.games.mvp.cards import RANKS, SUIT_RANK, SUITS
from mainmatch.games.mvp.models import MvpConfig, plainly_valid
from mainmatch.games.mvp.pattern import LETTERS, exposure
from mainmatch.games.mvp.scoring import RUN_POINTS, SET_POINTS, combinations
from mainmatch.games.mvp.state import Claim


def _stakes(state, actions: dict[str, dict], x: str) -> dict[str, int]:
    """The standing bids on ``x`` once the round's bids are committed (§4.1.1)."""
    out = {}
    for p in state.players:
        amount = state.bids[p].get(x, 0) + actions[p].get("bids", {}).get(x, 0)
        if amount:
            out[p] = amount
    return out


def _in_order(letters) -> bool:
    letters = list(letters)
    return letters == sorted(letters)


def _check_round(state, actions: dict[str, dict], new, events: list[dict]) -> None:
    for x in state.exposure.exposed:
        flag = state.flags.get(x)
        stakes = _stakes(state, actions, x)
        outcome = resolve_card(flag[0] if flag else None, stakes, state.team_of)
        if outcome.result == CLAIMED:
            assert new.claims[x] == Claim(
                outcome.team, outcome.total, state.round, outcome.controller
            )
            assert x not in new.flags
        elif outcome.result == FLAGGED:
            assert new.flags[x] == (outcome.team, outcome.total)
        else:
            assert outcome.result == STAYS and new.flags.get(x) == flag and x not in new.claims
        for p, amount in outcome.returned.items():
            assert x not in new.bids[p]
            mine = next(e for e in events if e["audience"] == [p])
            assert mine["returned"][x] == amount
    for p in state.players:
        assert _in_order(new.bids[p])
    shown = events[0]
    assert _in_order(f["letter"] for f in shown["flagged"])
    assert _in_order(c["letter"] for c in shown["claimed"])
    for e in events[1 : 1 + len(state.players)]:
        assert e["type"] == "round_private"
        for key in ("returned", "paid", "control", "bids", "identity"):
            assert _in_order(e[key]), (key, e)
        assert e["bids"] == new.bids[e["audience"][0]]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1))
def test_a_round_resolves_every_exposed_card_by_the_card_rule(seed):
    rng = random.Random(seed)
    match = Match(GAME, GAME.random_config(list(GAME.default_players), rng))
    while match.pending:
        state = match.state
        actions = {p: GAME.random_action(state, p, rng) for p in match.pending}
        kept = copy.deepcopy(state)
        new, events = GAME.apply(state, actions)
        if state.phase == "round":
            _check_round(state, actions, new, events)
        after = copy.deepcopy(new)
        for e in events:  # a caller may change the events it got
            for v in e.values():
                if isinstance(v, dict):
                    v["scribbled"] = 1
                elif isinstance(v, list):
                    v.append("scribbled")
        assert new == after and state == kept
        assert new.exposure == exposure(new.remaining)  # the state's copy is never stale
        assert list(new.exposure.status) == list(LETTERS)  # the view walks it in this order
        match.step(actions)


# ---------------------------------------------------------------- the config (PM5)

_CONFIGS = [
    GAME.random_config(list(GAME.default_players), random.Random(seed), variant=variant)
    for seed, variant in ((0, None), (1, None), (2, {"chips": 12}))
]
_junk = st.sampled_from([None, "", "x", "U", "Y", "apples-1", "ada", -1, 0, 2, True, 1.0, [], {}])


@st.composite
def _configs(draw):
    """A valid config with a few values replaced, removed or added anywhere inside."""
    config = copy.deepcopy(draw(st.sampled_from(_CONFIGS)))
    for _ in range(draw(st.integers(0, 3))):
        parent = config
        while True:
            keys = list(parent) if isinstance(parent, dict) else list(range(len(parent)))
            if not keys:
                break
            key = draw(st.sampled_from(keys))
            child = parent[key]
            if isinstance(child, (dict, list)) and draw(st.booleans()):
                parent = child
                continue
            how = draw(st.integers(0, 3))
            if how == 0:
                parent[key] = draw(_junk)
            elif how == 1 and isinstance(parent, dict):
                del parent[key]
            elif how == 2 and isinstance(parent, dict):
                parent[draw(_junk.filter(lambda k: isinstance(k, str)))] = child
            else:  # another value from the same container (a repeat)
                parent[key] = parent[draw(st.sampled_from(keys))]
            break
    return config


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_configs())
def test_the_plain_config_check_agrees_with_the_model(config):
    try:
        MvpConfig.model_validate(config, strict=True)
        valid = True
    except ValidationError:
        valid = False
    if plainly_valid(config):
        assert valid, config
    if valid:
        assert plainly_valid(config), config  # JSON configs take the shortcut
        assert GAME.check_config(config) is config


# ---------------------------------------------------------------- scoring (PM7)


def _combinations_by_the_book(claimed: dict[str, str]) -> list[dict]:
    """§7.1 read straight: group by rank for sets, by suit for runs."""
    out: list[dict] = []
    for rank in RANKS:
        letters = sorted(x for x, c in claimed.items() if SUIT_RANK[c][1] == rank)
        if len(letters) in SET_POINTS:
            ppc = SET_POINTS[len(letters)]
            out.append(
                {
                    "kind": "set",
                    "rank": rank,
                    "letters": letters,
                    "points_per_card": ppc,
                    "total": ppc * len(letters),
                }
            )
    for suit in SUITS:
        held = {SUIT_RANK[c][1]: x for x, c in claimed.items() if SUIT_RANK[c][0] == suit}
        block: list[int] = []
        for rank in [*RANKS, None]:
            if rank in held:
                block.append(rank)
                continue
            if len(block) in RUN_POINTS:
                ppc = RUN_POINTS[len(block)]
                out.append(
                    {
                        "kind": "run",
                        "suit": suit,
                        "ranks": block,
                        "letters": sorted(held[r] for r in block),
                        "points_per_card": ppc,
                        "total": ppc * len(block),
                    }
                )
            block = []
    return out


@settings(max_examples=300, deadline=None)
@given(st.permutations(LETTERS), st.lists(st.integers(0, 63), min_size=4, max_size=4))
def test_combinations_by_bits_agree_with_the_book(letters, suit_bits):
    # each suit's ranks drawn as six bits, so that long runs and sets come often
    cards = [f"{s}-{r}" for s, bits in zip(SUITS, suit_bits) for r in RANKS if bits >> (r - 1) & 1]
    claimed = dict(zip(letters, cards))
    assert json.dumps(combinations(claimed)) == json.dumps(_combinations_by_the_book(claimed))
