"""Properties over random legal play (mvp spec §3–§7): it never crashes and
always ends, chips and garnets are conserved and never negative, statuses only
move forward, views keep every secret, and a record replays exactly."""

from __future__ import annotations

import itertools
import json
import random
from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mvp_table import PLAYERS

from mainmatch.engine import Match, replay
from mainmatch.games.mvp import GAME
from mainmatch.games.mvp.models import LAST_ROUND, STARTING_CHIPS
from mainmatch.games.mvp.pattern import HIDDEN, LETTERS, STAGES
from mainmatch.games.mvp.state import Claim

SETTINGS = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def play(seed: int, default_rate: float = 0.1) -> tuple[Match, list]:
    """A random match; returns it and the states after every step (the first is the initial one)."""
    rng = random.Random(seed)
    match = Match(GAME, GAME.random_config(PLAYERS, rng))
    states = [match.state]
    for _ in range(LAST_ROUND + 2):
        pending = match.pending
        if not pending:
            return match, states
        actions, defaulted = {}, []
        for p in pending:
            if rng.random() < default_rate:
                actions[p], defaulted = GAME.default_action(match.state, p, rng), defaulted + [p]
            else:
                actions[p] = GAME.random_action(match.state, p, rng)
        match.step(actions, defaulted)
        states.append(match.state)
    raise AssertionError("no end after 15 steps")


seeds = st.integers(0, 2**32 - 1)


@SETTINGS
@given(seeds)
def test_random_play_ends_within_13_rounds_and_a_vote(seed):
    match, states = play(seed)
    result = match.result()
    final = GAME.view(match.state, None)["final"]
    assert result is not None and final["rounds_played"] <= LAST_ROUND
    assert len(match.steps) == final["rounds_played"] + (1 if final["voters"] else 0)
    reason = final["end_reason"]
    last = states[final["rounds_played"]]
    if reason == "all_claimed":
        assert not last.remaining
    elif reason == "stalemate":
        step = match.steps[final["rounds_played"] - 1]["actions"]
        assert not any(a.get("bids") for a in step.values())
    else:
        assert reason == "round_limit" and final["rounds_played"] == LAST_ROUND


@SETTINGS
@given(seeds)
def test_chips_and_garnets_are_conserved_and_never_negative(seed):
    match, states = play(seed)
    config = match.config
    paid = {p: 0 for p in PLAYERS}
    bought = {p: 0 for p in PLAYERS}
    for state, events in zip(states[1:], match.events):
        for e in events:
            if e["type"] == "round_private":
                p = e["audience"][0]
                paid[p] += sum(e["paid"].values())
                bought[p] += e["chips_bought"]
                assert e["chips"] == state.chips[p] and e["bids"] == state.bids[p]
            if e["type"] == "round_resolved":
                for c in e["claimed"]:
                    payers = [
                        ev
                        for ev in events
                        if ev["type"] == "round_private" and c["letter"] in ev["paid"]
                    ]
                    assert sum(ev["paid"][c["letter"]] for ev in payers) == c["paid"] > 0
        for p in PLAYERS:
            standing = sum(state.bids[p].values())
            assert state.chips[p] >= 0 and all(v > 0 for v in state.bids[p].values())
            assert state.chips[p] + standing + paid[p] == STARTING_CHIPS + bought[p]
            assert state.garnets[p] >= 0
            assert state.garnets[p] + state.garnets_spent[p] == config["garnets"][p]
    assert match.result()["garnets_spent"] == {
        p: n for p, n in match.state.garnets_spent.items() if n
    }


@SETTINGS
@given(seeds)
def test_flags_claims_and_statuses_follow_the_card_rule(seed):
    _match, states = play(seed)
    for before, after in itertools.pairwise(states):
        for x in LETTERS:
            a = STAGES.index(before.exposure.status[x])
            b = STAGES.index(after.exposure.status[x])
            assert 0 <= b - a <= 1, (
                f"{x}: {before.exposure.status[x]} -> {after.exposure.status[x]}"
            )
        # bids stand only on exposed or nearly exposed cards
        for p in PLAYERS:
            assert all(
                after.exposure.status[x] in ("exposed", "nearly_exposed") for x in after.bids[p]
            )
        # a flag's total is the flagging team's standing total; the other team has nothing on it
        for x, (team, total) in after.flags.items():
            assert after.exposure.status[x] == "exposed"
            mine = sum(after.bids[p].get(x, 0) for p in PLAYERS if after.team_of[p] == team)
            theirs = sum(after.bids[p].get(x, 0) for p in PLAYERS if after.team_of[p] != team)
            assert mine == total > 0 and theirs == 0
        # a card flagged before a round is claimed or switched by it, unless play ended before
        if before.phase == "round":
            for x, (team, _) in before.flags.items():
                assert x in after.claims or after.flags[x][0] != team
        for x, claim in after.claims.items():
            assert claim.controller is None or after.team_of[claim.controller] == claim.team
            assert claim.paid > 0


@SETTINGS
@given(seeds)
def test_replay_reproduces_the_result_and_every_public_view(seed):
    match, states = play(seed)
    record = json.loads(json.dumps(match.record()))
    out = replay(record).to_json()
    assert out["result"] == match.result()
    assert out["public_views"] == [GAME.view(s, None) for s in states[1:]]


# ---------------------------------------------------------------- secrets (§5.1 "Never public")


def views(state) -> dict:
    return {p: GAME.view(state, p) for p in [None, *PLAYERS]}


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seeds, st.data())
def test_a_view_never_holds_another_players_secret(seed, data):
    _match, states = play(seed)
    state = data.draw(st.sampled_from(states))
    q = data.draw(st.sampled_from(PLAYERS))
    base = views(state)
    # q's free chips, garnets, spending and bought information
    other = replace(
        state,
        chips={**state.chips, q: state.chips[q] + 7},
        garnets={**state.garnets, q: state.garnets[q] + 3},
        garnets_spent={**state.garnets_spent, q: state.garnets_spent[q] + 2},
        known={**state.known, q: {"A": "apples-1", **state.known[q]}},
    )
    assert_only_q_changes(base, views(other), q)
    # q's standing bids on cards nobody has flagged (nearly exposed, or unflagged exposed)
    open_cards = [
        x
        for x in LETTERS
        if state.exposure.status[x] in ("exposed", "nearly_exposed") and x not in state.flags
    ]
    if open_cards:
        x = data.draw(st.sampled_from(open_cards))
        bids = {**state.bids, q: {**state.bids[q], x: state.bids[q].get(x, 0) + 5}}
        assert_only_q_changes(base, views(replace(state, bids=bids)), q)
    # controllers before the end: only the old and the new controller may see a change
    if state.final is None and state.claims:
        x = data.draw(st.sampled_from(sorted(state.claims)))
        claim = state.claims[x]
        mates = [p for p in PLAYERS if state.team_of[p] == claim.team]
        new = data.draw(st.sampled_from([None, *mates]))
        other = replace(
            state,
            claims={**state.claims, x: Claim(claim.team, claim.paid, claim.round, new)},
        )
        changed = views(other)
        for p in [None, *PLAYERS]:
            if p not in (claim.controller, new):
                assert changed[p] == base[p], f"{p} sees who controls {x}"
    # hidden cards stay hidden (also after the end): swap two hidden cards nobody bought
    hidden = [x for x in state.exposure.hidden]
    if len(hidden) >= 2:
        a, b = data.draw(st.lists(st.sampled_from(hidden), min_size=2, max_size=2, unique=True))
        layout = {**state.layout, a: state.layout[b], b: state.layout[a]}
        other = replace(state, layout=layout, where={c: x for x, c in layout.items()})
        changed = views(other)
        for p in [None, *PLAYERS]:
            if p is None or not ({a, b} & set(state.known[p])):
                assert changed[p] == base[p], f"{p} sees a hidden card"


def assert_only_q_changes(base: dict, changed: dict, q: str) -> None:
    for p, v in base.items():
        if p != q:
            assert changed[p] == v, f"{p}'s view shows {q}'s secret"


@SETTINGS
@given(seeds)
def test_views_have_the_spec_shape_in_every_phase(seed):
    _match, states = play(seed)
    for state in states:
        pub = GAME.view(state, None)
        assert list(pub) == [
            "game",
            "players",
            "phase",
            "round",
            "rounds_played",
            "last_round",
            "teams",
            "pattern",
            "claimed",
            "end_reason",
            "final",
        ]
        assert list(pub["pattern"]) == list(LETTERS)
        ended = pub["final"] is not None
        for entry in pub["pattern"].values():
            keys = {
                "hidden": ["status"],
                "nearly_exposed": ["status", "card"],
                "exposed": ["status", "card", "flag", "flag_total"],
                "claimed": ["status", "card", "team", "paid", "round"]
                + (["controller"] if ended else []),
            }
            assert list(entry) == keys[entry["status"]]
        if ended:
            assert list(pub["final"]) == [
                "end_reason",
                "rounds_played",
                "team_scores",
                "individual_scores",
                "winning_team",
                "winners",
                "tokens_of_life",
                "void_tokens_of_life",
                "garnets",
                "controllers",
                "card_points",
                "combinations",
                "ec_candidates",
                "voters",
                "ec_votes",
                "elimination_candidate",
            ]
            assert list(pub["final"]["controllers"]) == [
                x for x in LETTERS if pub["pattern"][x]["status"] == "claimed"
            ]
        for p in PLAYERS:
            v = GAME.view(state, p)
            assert {k: x for k, x in v.items() if k != "you"} == pub
            assert list(v["you"]) == [
                "player",
                "team",
                "chips",
                "bids",
                "garnets",
                "garnets_spent",
                "controls",
                "known_cards",
            ]
            assert list(v["you"]["bids"]) == sorted(v["you"]["bids"])
            assert list(v["you"]["known_cards"]) == sorted(v["you"]["known_cards"])
        json.dumps(pub)


@SETTINGS
@given(seeds)
def test_hidden_cards_never_appear_in_a_public_view(seed):
    _match, states = play(seed)
    for state in states:
        text = json.dumps(GAME.view(state, None))
        for x in state.exposure.hidden:
            assert state.layout[x] not in text
        assert all(state.exposure.status[x] != HIDDEN for x in state.claims)
