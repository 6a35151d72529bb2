"""Properties of random legal play (amalgamation spec §3-§7): it ends, money adds
up and never goes negative, views keep every secret, records replay."""

from __future__ import annotations

import json
import random
from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mainmatch.engine import Match, Result, random_actions, replay
from mainmatch.games.amalgamation import GAME
from mainmatch.games.amalgamation.constants import START_BALANCE

from .helpers import P

SEEDS = st.integers(0, 2**32 - 1)
FAST = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def random_match(seed: int, default_rate: float = 0.1, inspect=None) -> Match:
    """A whole match of random play; ``inspect(match, actions)`` runs before every step."""
    rng = random.Random(seed)
    m = Match(GAME, GAME.random_config(P, rng))
    for _ in range(10):
        if not m.pending:
            return m
        actions, defaulted = random_actions(GAME, m.state, rng, default_rate)
        if inspect is not None:
            inspect(m, actions)
        m.step(actions, defaulted)
    raise AssertionError("no end after 10 steps")


@FAST
@given(seed=SEEDS)
def test_random_play_ends_in_seven_or_eight_steps_with_a_valid_result(seed):
    m = random_match(seed)
    assert len(m.steps) in (7, 8)
    result = m.result()
    Result.model_validate(result)
    final = m.view(None)["final"]
    points = result["details"]["points"]
    assert sum(points.values()) == 276
    assert sum(result["garnets"].values()) == 12
    for ranking in result["details"]["rankings"].values():
        assert sorted(ranking) == P
    winners = result["details"]["winners"]
    assert winners == [p for p in P if points[p] == max(points.values())]
    if len(winners) >= 4:
        assert result["void_tokens_of_life"] and result["tokens_of_life"] == {}
    else:
        assert sum(result["tokens_of_life"].values()) == (2 if len(winners) == 1 else len(winners))
    ec = result["elimination_candidate"]
    assert points[ec] == min(points.values()) and ec in final["ec_candidates"]
    assert (len(m.steps) == 8) == (len(final["ec_candidates"]) > 1)
    assert [p for g in result["ranking"] for p in g].count(ec) == 1 and result["ranking"][-1] == [
        ec
    ]


@FAST
@given(seed=SEEDS)
def test_money_is_never_negative_and_adds_up(seed):
    m = random_match(seed)
    cfg = m.config
    rate = m.view(None)["garnet_rate"]
    for p in P:
        you = m.view(p)["you"]
        balance = START_BALANCE
        for entry in you["rounds"]:
            action = entry["action"]
            assert entry["money_bought"] == action.get("buy_garnets", 0) * rate
            assert entry["spent"] <= balance + entry["money_bought"]  # no debt, ever
            assert 0 <= entry["penalty"] <= 20
            balance += entry["money_bought"] - entry["spent"] - entry["penalty"]
            assert balance == entry["balance"] >= 0
            if entry["penalty"] < 20:
                assert entry["penalty"] == 0 or balance == 0
        assert balance == m.view(None)["balances"][p]
        assert you["garnets_held"] + you["garnets_spent"] == cfg["garnets"][p]
        assert sum(you["spent"].values()) == sum(e["spent"] for e in you["rounds"])
        assert you["thief_points"] == m.view(None)["final"]["thief_points"][p]
        assert you["thief_points"] == sum(e["thief_points"] for e in you["rounds"])
    assert m.view(None)["final"]["garnets_spent"] == {
        p: n for p in P if (n := m.view(p)["you"]["garnets_spent"])
    }


@FAST
@given(seed=SEEDS)
def test_each_rounds_public_entries_are_consistent(seed):
    m = random_match(seed)
    pub = m.view(None)
    tiles_seen = []
    for r, (k, mi, inv, th) in enumerate(
        zip(
            pub["kong"]["rounds"],
            pub["minus"]["rounds"],
            pub["invest"]["rounds"],
            pub["thief"]["rounds"],
        ),
        1,
    ):
        assert k["round"] == mi["round"] == inv["round"] == th["round"] == r
        assert (k["winner"] is None) == (k["loser"] is None) == (k["loser_total"] is None)
        assert mi["tiles"] == m.config["minus_tiles"][r - 1] == [a["tile"] for a in mi["awards"]]
        assert sorted(mi["tiebreak_order"]) == sorted(P)
        assert sum(th["chips"].values()) <= 5
        assert list(th["roles"]) == P and list(th["chips"]) == P
        assert inv["misers"] and inv["misers"] == [p for p in P if p in inv["misers"]]
        tiles_seen += [(a["tile"], a["winner"]) for a in mi["awards"]]
    assert pub["kong"]["points"]["red"] + pub["kong"]["points"]["white"] == sum(
        1 for k in pub["kong"]["rounds"] if k["winner"]
    )
    assert {p: sorted((t for t, w in tiles_seen if w == p), reverse=True) for p in P} == pub[
        "minus"
    ]["received"]
    assert pub["thief"]["chips"] == {
        p: sum(th["chips"][p] for th in pub["thief"]["rounds"]) for p in P
    }
    assert sum(pub["invest"]["top_investor_tokens"].values()) == sum(
        1 for i in pub["invest"]["rounds"] if i["top_investor"]
    )


@FAST
@given(seed=SEEDS)
def test_replay_reproduces_the_result_and_every_public_view(seed):
    views = []
    m = random_match(seed)
    again = Match(GAME, m.config)
    for s in m.steps:
        again.step(s["actions"], s["defaulted"])
        views.append(again.view(None))
    rep = replay(json.loads(json.dumps(m.record())))
    out = rep.to_json()
    assert out["result"] == m.result()
    assert out["public_views"] == views
    assert out["steps_applied"] == len(m.steps)


def _events_match_views(m: Match, actions: dict) -> None:
    before = json.dumps([GAME.view(m.state, p) for p in (None, *P)], sort_keys=True)
    state = m.state
    new, events = GAME.apply(state, actions)
    # apply never mutates its input
    assert json.dumps([GAME.view(state, p) for p in (None, *P)], sort_keys=True) == before
    if state.phase != "round":
        assert [e["type"] for e in events] == ["elimination_candidate"]
        return
    pub = GAME.view(new, None)
    types = [e["type"] for e in events]
    assert types[:5] == ["kong_round", "minus_round", "invest_round", "thief_round", "balances"]
    assert (
        types[5:11] == ["private_round"] * 6
        and types[11] in ("minus_tiles", "final")
        and len(types) == 12
    )
    strip = lambda e: {k: v for k, v in e.items() if k not in ("audience", "type")}
    assert strip(events[0]) == pub["kong"]["rounds"][-1]
    assert strip(events[1]) == pub["minus"]["rounds"][-1]
    assert strip(events[2]) == pub["invest"]["rounds"][-1]
    assert strip(events[3]) == pub["thief"]["rounds"][-1]
    assert strip(events[4]) == {"round": state.round, "balances": pub["balances"]}
    for p, e in zip(P, events[5:11]):
        assert e["audience"] == [p] and strip(e) == GAME.view(new, p)["you"]["rounds"][-1]
        assert e["action"] == actions[p]
    if types[11] == "final":
        assert strip(events[11]) == pub["final"]
    else:
        assert strip(events[11]) == {"round": state.round + 1, "tiles": pub["minus"]["tiles"]}


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS)
def test_events_say_what_the_views_show_and_apply_never_mutates(seed):
    random_match(seed, inspect=_events_match_views)


# ------------------------------------------------------------------ secrets (§5 "Never in any view")


def _with_other_secrets_changed(state, other: str):
    """``state`` with every secret of ``other`` changed: amounts spent by sub-game,
    private rounds, Kong total, money bid, I&D spend, thief points (before the
    end), garnets held and bought; and the tiles of rounds not yet open."""
    bump = lambda d: {**d, other: d[other] + 17}
    fake_round = {
        "round": 0,
        "action": {"kong": {"contribute": 999}},
        "money_bought": 1,
        "spent": 2,
        "penalty": 3,
        "chips": 4,
        "thief_points": 5,
        "balance": 6,
    }
    setup = state.setup
    tiles = list(setup.tiles)
    open_round = state.round if state.phase == "round" else 8
    future = [t for group in tiles[open_round:] for t in group]
    if future:
        future = future[1:] + future[:1]  # a different layout of the same future tiles
        tiles[open_round:] = [
            tuple(future[i * 5 : (i + 1) * 5]) for i in range(len(tiles) - open_round)
        ]
    new_setup = replace(setup, tiles=tuple(tiles), memo={})
    return replace(
        state,
        setup=new_setup,
        spent={**state.spent, other: tuple(x + 1 for x in state.spent[other])},
        you_rounds={**state.you_rounds, other: state.you_rounds[other] + (fake_round,)},
        garnets_held=bump(state.garnets_held) if state.final is None else state.garnets_held,
        garnets_spent=bump(state.garnets_spent) if state.final is None else state.garnets_spent,
        kong=replace(state.kong, totals=bump(state.kong.totals)),
        minus=replace(state.minus, spend=bump(state.minus.spend)),
        invest=replace(state.invest, spend=bump(state.invest.spend)),
        thief=replace(state.thief, points=bump(state.thief.points)),
    )


def _secrets_hold(m: Match, _actions: dict) -> None:
    state = m.state
    for me in ("a", "d"):
        other = "b" if me != "b" else "c"
        changed = _with_other_secrets_changed(state, other)
        assert GAME.view(changed, me) == GAME.view(state, me)
        assert GAME.view(changed, None) == GAME.view(state, None)
        assert GAME.pending(changed).get(me) == GAME.pending(state).get(me)
    pub = json.dumps(GAME.view(state, None))
    for secret_key in (
        '"contribute"',
        '"bids"',
        '"donate"',
        '"bet"',
        '"action"',
        '"buy_garnets"',
        '"spent"',
    ):
        assert secret_key not in pub
    for p in P:
        you = GAME.view(state, p)["you"]
        assert you["player"] == p
        assert [e["action"] for e in you["rounds"]] == [
            s["actions"][p] for s in m.steps if "kong" in s["actions"].get(p, {})
        ]


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS)
def test_a_view_never_holds_another_players_secret(seed):
    m = random_match(seed, inspect=_secrets_hold)
    _secrets_hold(m, {})


def test_the_private_round_event_reaches_only_its_player():
    m = random_match(5)
    for events in m.events[:7]:
        private = [e for e in events if e["audience"] != "public"]
        assert [e["audience"] for e in private] == [[p] for p in P]
