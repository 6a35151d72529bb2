"""Records enter the ledger exactly as the engine replays them, for every game.

Hypothesis draws a game, a seed and starting garnets; the record is random
legal play (``play_random``, what ``mainmatch random`` writes). The season's
standings move by the replayed result and nothing else, and the record's
claim key ignores packaging (extra notes, ``defaulted``) but not play.
"""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from mainmatch import games
from mainmatch.engine import play_random, replay
from mainmatch.engine.record import new_record
from mainmatch.season.ledger import standings
from mainmatch.season.models import Adjust, CastMember, Entry, SeasonSettings
from mainmatch.season.records import entry_of_record, match_key


def record_of(game_id: str, seed: int, garnets: int) -> dict:
    game = games.get(game_id)
    players = list(game.default_players)
    config = game.new_config(players, seed, garnets={p: garnets for p in players})
    match = play_random(game, config, random.Random(seed))
    return {**new_record(game_id, config), "steps": match.record()["steps"]}


@settings(max_examples=15, deadline=None)
@given(game_id=st.sampled_from(games.ids()), seed=st.integers(0, 10**6), garnets=st.integers(0, 3))
def test_a_record_moves_the_standings_by_its_replayed_result(game_id, seed, garnets):
    rec = record_of(game_id, seed, garnets)
    players = rec["config"]["players"]
    season = SeasonSettings(name="s", cast=[CastMember(id=p) for p in [*players, "extra"]])
    entries = [
        Entry(number=i, at=0.0, author="h", body=Adjust(player=p, garnets=garnets))
        for i, p in enumerate(players, 1)
    ] if garnets else []  # fmt: skip
    before = standings(season, entries)
    body = entry_of_record(rec, season.ids)
    after = standings(
        season, [*entries, Entry(number=len(entries) + 1, at=0.0, author="h", body=body)]
    )
    result = replay(rec).result()
    assert result is not None
    for p in players:
        moved = result["garnets"].get(p, 0) - result["garnets_spent"].get(p, 0)
        assert after.players[p].garnets == before.players[p].garnets + moved
        tol = result["tokens_of_life"].get(p, 0)
        assert after.players[p].tokens_of_life == before.players[p].tokens_of_life + tol
        assert after.players[p].times_ec == (p == result["elimination_candidate"])
    assert after.players["extra"] == before.players["extra"]
    assert after.episode == 1


def test_the_claim_key_ignores_packaging_but_not_play():
    rec = record_of("mvp", 3, 0)
    noted = {
        **rec,
        "note": "exported twice",
        "steps": [{**s, "defaulted": []} for s in rec["steps"]],
    }
    assert match_key(noted) == match_key(rec)
    other = record_of("mvp", 4, 0)
    assert match_key(other) != match_key(rec)


def _respelt(game_id: str, rec: dict) -> dict:
    """``rec`` with every action written out by its step kind's model (defaults
    filled, e.g. ``{}`` as ``{"garnets": 0, "trades": []}``) and keys reversed."""
    game = games.get(game_id)
    rep = replay(rec)
    states = [rep.initial, *(s.state for s in rep.steps)]
    steps = []
    for before, step in zip(states, rec["steps"], strict=False):
        pending = game.pending(before)
        actions = {}
        for p, action in reversed(step["actions"].items()):
            model = game.action_models[
                pending[p].kind if hasattr(pending[p], "kind") else pending[p]["kind"]
            ]
            full = model.model_validate(action).model_dump(
                mode="json", by_alias=True, exclude_none=True
            )
            actions[p] = dict(reversed(full.items()))
        steps.append({**step, "actions": actions})
    return {**rec, "steps": steps}


def test_the_claim_key_ignores_the_spelling_of_actions():
    """Issue 26, L6: the repro (``{}`` respelt ``{"trades": []}``) and every
    game's actions written out by their models keep the key."""
    rec = record_of("seat_exchange", 5, 0)
    empty = [(i, p) for i, s in enumerate(rec["steps"]) for p, a in s["actions"].items() if a == {}]
    assert empty, "the repro needs a step with an empty action"
    i, p = empty[0]
    respelt = json.loads(json.dumps(rec))
    respelt["steps"][i]["actions"][p] = {"trades": []}
    assert replay(respelt).result() == replay(rec).result()
    assert match_key(respelt) == match_key(rec)
    for game_id in games.ids():
        rec = record_of(game_id, 11, 1)
        assert match_key(_respelt(game_id, rec)) == match_key(rec), game_id


def test_n9_a_trade_respelt_or_trades_reordered_is_the_same_match():
    """Issue 33, N9: one trade's two players in the other order, or a list of
    trades reordered, is the match the rules played; its key is the same, so
    it enters a season once. Changing what a trade does changes the key."""
    rec = None
    for seed in range(40):
        rec = record_of("seat_exchange", seed, 0)
        if any(len(a.get("trades") or []) > 1 for s in rec["steps"] for a in s["actions"].values()):
            break
    assert rec is not None
    respelt = json.loads(json.dumps(rec))
    turned = 0
    for step in respelt["steps"]:
        for action in step["actions"].values():
            trades = action.get("trades") or []
            if trades:
                action["trades"] = [
                    {**t, "players": list(reversed(t["players"]))} for t in reversed(trades)
                ]
                turned += 1
    assert turned and respelt != rec
    assert replay(respelt).result() == replay(rec).result()
    assert match_key(respelt) == match_key(rec)
    # a different amount in one trade is another match
    other = json.loads(json.dumps(rec))
    step, player = next(
        (i, p)
        for i, s in enumerate(other["steps"])
        for p, a in s["actions"].items()
        if a.get("trades")
    )
    other["steps"][step]["actions"][player]["trades"] = []
    assert match_key(other) != match_key(rec)
    # and the season refuses the respelt record once the match is in
    players = rec["config"]["players"]
    season = SeasonSettings(name="s", cast=[CastMember(id=p) for p in players])
    first = entry_of_record(rec, season.ids)
    again = entry_of_record(respelt, season.ids)
    assert first.match_key == again.match_key
