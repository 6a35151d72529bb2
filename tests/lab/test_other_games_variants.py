"""Rule variants of Second to Won (limit, chips), and a search over one of its families."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mainmatch.cli import main
from mainmatch.engine import Match, replay
from mainmatch.engine.errors import IllegalAction, InvalidConfig
from mainmatch.engine.match import play_random
from mainmatch.games.second_to_won import GAME
from mainmatch.sim.search import SearchSpec, run_search

P = list(GAME.default_players)


@settings(max_examples=30, deadline=None)
@given(st.integers(20, 400), st.integers(0, 2**32 - 1))
def test_a_limit_variant_ends_the_match_exactly_when_someone_passes_it(
    limit: int, seed: int
) -> None:
    rng = random.Random(seed)
    variant = {"limit": limit} if limit != 200 else None
    m = play_random(GAME, GAME.random_config(P, rng, variant=variant), rng)
    d = m.result()["details"]
    history = d["score_history"]
    # second_to_won spec §7.2 with the variant's limit: over after the last auction played, never before
    assert all(max(h.values()) <= limit for h in history[:-1])
    over = [p for p in P if d["scores"][p] > limit]
    assert d["over_200"] == over
    assert (d["end_reason"] == "over_200") == bool(over)


def test_chips_variant_deals_its_chips_and_validation_uses_them() -> None:
    cfg = GAME.new_config(P, 3, variant={"chips": 20})
    m = Match(GAME, cfg)
    assert m.view("ana")["you"]["chips"] == 20
    assert m.pending["ana"]["chips"] == 20
    assert m.view(None)["variant"] == {"chips": 20}
    with pytest.raises(IllegalAction, match="your bids total 25 chips but you have 20"):
        GAME.validate(
            m.state, "ana", {"bids": {"A": {"chips": 20}, "B": {"chips": 4}, "E": {"chips": 1}}}
        )


def test_official_config_and_views_unchanged_and_variant_records_replay() -> None:
    official = GAME.new_config(P, 3)
    assert "variant" not in official
    assert GAME.new_config(P, 3, variant={"limit": 200, "chips": 40}) == official
    assert "variant" not in Match(GAME, official).view(None)
    rng = random.Random(8)
    m = play_random(GAME, GAME.random_config(P, rng, variant={"limit": 90}), rng)
    rep = replay(m.record())
    assert rep.result() == m.result()
    assert m.record()["config"]["variant"] == {"limit": 90}


@pytest.mark.parametrize(
    ("variant", "message"),
    [
        ({"limit": 10}, "config.variant.limit: 10 is less than 20, the smallest allowed"),
        ({"chips": 0}, "config.variant.chips: 0 is less than 1"),
        ({"rounds": 3}, "config.variant.rounds: unknown key; keys: limit, chips"),
    ],
)
def test_impossible_variants_refused(variant: dict, message: str) -> None:
    cfg = GAME.new_config(P, 3) | {"variant": variant}
    with pytest.raises(InvalidConfig) as err:
        GAME.initial_state(cfg)
    assert str(err.value) == message or message in str(err.value)


def test_rules_variants_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "second_to_won", "--variants", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert {v["key"]: v["default"] for v in listed["variants"]} == {"limit": 200, "chips": 40}
    assert all("second_to_won spec §" in v["spec"] for v in listed["variants"])


def test_search_over_a_second_to_won_family_reports_the_average_seat() -> None:
    result = run_search(
        SearchSpec("second_to_won", "flat", trials=3, matches=9, field="random", confirm=18)
    )
    assert result["objective"] == "stakes"  # ToL rate - EC rate, the default
    assert result["fair_share"] == pytest.approx(1 / 9)
    assert set(result["params"]) == {"first", "items", "per_item"}
    low, high = result["interval"]
    assert -1 <= low <= result["rate"] <= high <= 1
    assert result["rate"] == pytest.approx(result["tol_rate"]["value"] - result["ec_rate"]["value"])
    yard = result["yardstick"]["report"]  # the all-random table, every seat
    seats = yard["seats"]
    average = sum(s["tol_rate"]["value"] - s["ec_rate"]["value"] for s in seats) / len(seats)
    assert result["yardstick"]["value"] == pytest.approx(average)
    assert result["gain"]["value"] == pytest.approx(result["rate"] - average)


def test_mvp_chips_variant_deals_its_chips_and_is_named_in_views() -> None:
    from mainmatch.games.mvp import GAME as MVP

    players = list(MVP.default_players)
    official = MVP.new_config(players, 2)
    assert "variant" not in official and "variant" not in Match(MVP, official).view(None)
    m = Match(MVP, MVP.new_config(players, 2, variant={"chips": 12}))
    assert m.view("ada")["you"]["chips"] == 12 and m.view(None)["variant"] == {"chips": 12}
    assert m.pending["ada"]["chips"] == 12
    with pytest.raises(InvalidConfig, match="variant.chips: 0 is less than 1"):
        MVP.new_config(players, 2, variant={"chips": 0})


def test_amalgamation_budget_variant_sets_every_balance() -> None:
    from mainmatch.games.amalgamation import GAME as AM

    players = list(AM.default_players)
    official = AM.new_config(players, 4)
    assert "variant" not in official and "variant" not in Match(AM, official).view(None)
    m = Match(AM, AM.new_config(players, 4, variant={"budget": 100}))
    assert m.pending["a"]["balance"] == 100
    assert m.view(None)["variant"] == {"budget": 100}
    assert m.view(None)["balances"] == dict.fromkeys(players, 100)
    rng = random.Random(5)
    done = play_random(AM, AM.random_config(players, rng, variant={"budget": 60}), rng)
    assert replay(done.record()).result() == done.result()


def test_homeostasis_band_edges_move_and_impossible_edges_are_refused(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from fractions import Fraction

    from mainmatch.games.homeostasis import GAME as HO
    from mainmatch.games.homeostasis.bands import band

    assert band(Fraction(3), neutral=3, big=10) == "neutral"
    assert band(Fraction(11), neutral=3, big=10) == "positive_big"
    players = list(HO.default_players)
    assert "variant" not in HO.new_config(players, 1)
    rng = random.Random(4)
    m = play_random(
        HO, HO.random_config(players, rng, variant={"neutral_band": 50, "big_band": 60}), rng
    )
    # every total of a short match lies within 50 of zero: always the neutral band
    assert m.result()["details"]["outcome"] == "neutral"
    assert m.view(None)["variant"] == {"neutral_band": 50, "big_band": 60}
    assert replay(m.record()).result() == m.result()
    args = ["simulate", "homeostasis", "-n", "3", "-q", "--variant", "neutral_band=5"]
    assert main(args) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert "neutral_band 5 must be less than big_band 4" in err and "Traceback" not in err


def test_every_game_offers_variant_as_a_nullable_host_input() -> None:
    # the host page renders an object of integers as one number per player; a
    # variant must be asked for as JSON instead, so its schema is nullable (anyOf)
    from mainmatch import games

    for g in games.all_games():
        assert "variant" in g.host_inputs
        prop = g.config_schema()["properties"]["variant"]
        assert {s.get("type") for s in prop["anyOf"]} == {"object", "null"}
        assert g.variant_keys, g.id
