"""``mainmatch train`` and the learned bot (issue 31): a tiny training run on the
example plugin writes a file that the same seed writes again byte for byte,
that plays in simulate and balance through --bot-params, whose encoder is keyed
by feature names (a view with fields missing or added still plays), and bad
input is one line with exit 2."""

from __future__ import annotations

import json
import math
import random
import time
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from mainmatch import games
from mainmatch.bots.families import read_tuned_bot
from mainmatch.bots.learned import LEARNED, check_learned, make_learned
from mainmatch.bots.learned_policy import AMOUNT_ACTIONS, amount_options
from mainmatch.engine import Match
from mainmatch.engine.choices import Pick
from mainmatch.engine.errors import MainmatchError
from mainmatch.sim import simulate
from mainmatch.sim.commands import register as register_sim
from mainmatch.sim.labcommands import register as register_lab

GAME = "sealed_bid"
app = typer.Typer()
register_sim(app)
register_lab(app)
TINY = ["--players", "3", "--budget", "128", "--iterations", "2", "--eval-matches", "20"]


@pytest.fixture(scope="module")
def trained(tmp_path_factory) -> tuple[Path, Path]:
    """The same tiny training run twice (one worker, then two)."""
    folder = tmp_path_factory.mktemp("learn")
    paths = (folder / "a.json", folder / "b.json")
    for path, workers in zip(paths, ("1", "2")):
        r = CliRunner().invoke(app, ["train", GAME, *TINY, "-q", "-w", workers, "-o", str(path)])
        assert r.exit_code == 0, r.output
        assert "Exploitability found" in r.output and "a lower bound" in r.output
    return paths


def test_the_same_seed_writes_the_same_file_whatever_the_workers(trained) -> None:
    a, b = trained
    assert a.read_bytes() == b.read_bytes()
    data = json.loads(a.read_text())
    assert data["game"] == GAME and data["players"] == 3
    assert len(data["members"]) == 2 and abs(sum(data["mixture"]) - 1) < 1e-4
    assert data["training"]["reproduce"].startswith("mainmatch train sealed_bid --players 3")
    labels = [r["deviation"] for r in data["summary"]["deviations"]]
    assert {"random", "strategy", "most", "least", "best-response"} <= set(labels)
    assert data["summary"]["exploitability"]["lower_bound"] is True


def test_the_file_round_trips_and_plays_in_simulate(trained) -> None:
    data = json.loads(trained[0].read_text())
    game, family, name, params = read_tuned_bot(data, "test")
    assert (game, family, name) == (GAME, LEARNED, "learned")
    sim = simulate(
        GAME, "learned:1,random", 30, seed=1, workers=1, tuned={name: (family, params)}, players=3
    )
    row = next(b for b in sim.report["bots"] if b["bot"] == "learned")
    assert 0 <= row["tol_rate"]["value"] <= 1
    assert sum(len(s.faults) for s in sim.run.summaries) == 0


def test_simulate_balance_and_search_play_it_with_bot_params(trained) -> None:
    path = str(trained[0])
    r = CliRunner().invoke(
        app,
        ["simulate", GAME, "--players", "3", "--bot-params", path, "--bots", "learned:1,strategy"]
        + ["-n", "20", "--workers", "1"],
    )
    assert r.exit_code == 0, r.output
    assert "a learned bot (2 policies" in r.output
    r = CliRunner().invoke(
        app,
        ["balance", GAME, "--players", "3", "--bot-params", path, "--check", "learned"]
        + ["--budget", "200", "--workers", "1", "-q"],
    )
    assert r.exit_code == 0, r.output
    assert "Exploitability of the learned bot" in r.output
    r = CliRunner().invoke(
        app,
        ["search", GAME, "--players", "3", "--family", "targeter", "--field", "learned"]
        + ["--bot-params", path, "--trials", "2", "-n", "6", "--confirm", "6", "-w", "1"],
    )
    assert r.exit_code == 0, r.output


def test_missing_and_extra_features_still_play(trained) -> None:
    data = json.loads(trained[0].read_text())
    # the file knows a feature the view never has, and the view has fields the file lacks
    data["features"] = data["features"] + ["view.not_a_field"]
    data["scales"] = data["scales"] + [1.0]
    for m in data["members"]:
        m["weights"] = {}  # no weights: every kind plays uniformly (checked below)
    check_learned(data)
    game = games.get(GAME)
    players = game.default_lineup(3)
    match = Match(game, game.random_config(players, random.Random(0)))
    bot = make_learned(data, 0, 0)
    rng = random.Random(0)
    while match.pending:
        actions = {}
        for p, request in match.pending.items():
            view = match.view(p)
            view["extra_field"] = {"x": 1}
            actions[p] = bot.act(view, request, rng)
            game.validate(match.state, p, actions[p])
        match.step(actions)
    assert match.over


def test_amount_indices_reach_all_in_and_small_exact_amounts() -> None:
    pick = Pick("bid.bid", "amount", None, low=0, high=400)
    values = dict(amount_options(pick))
    assert values[20] == 400 and values[0] == 0 and values[21] == 1
    assert max(values) < AMOUNT_ACTIONS
    small = dict(amount_options(Pick("bid.bid", "amount", None, low=0, high=3)))
    assert set(small.values()) == {0, 1, 2, 3}


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["nope", "-o", "x.json", "--budget", "64"], "unknown game"),
        ([GAME, "-o", "x.json", "--budget", "5"], "--budget must be 64"),
        ([GAME, "-o", "x.json", "--minutes", "0"], "--minutes must be above 0"),
        (
            [GAME, "-o", "x.json", "--budget", "64", "--minutes", "1"],
            "give --minutes M or --budget",
        ),
        ([GAME, "-o", "x.json", "--budget", "64", "--players", "9"], "--players"),
        ([GAME, "-o", "x.json", "--budget", "64", "--name", "a,b"], "--name must be"),
        ([GAME, "-o", "x.json", "--budget", "64", "--variant", "zzz=1"], "zzz"),
        ([GAME, "-o", "x.json", "--budget", "64", "--iterations", "0"], "--iterations must be"),
        ([GAME, "-o", "no/such/dir/x.json", "--budget", "64"], "cannot write in no/such/dir"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: list[str], says: str, tmp_path) -> None:
    r = CliRunner().invoke(app, ["train", *args])
    assert r.exit_code == 2, r.output
    assert says in r.output and "Traceback" not in r.output
    assert not (tmp_path / "x.json").exists()


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ({"format": "x"}, "mainmatch-learned/1"),
        ({"mixture": []}, "one mixture weight per member"),
        ({"scales": []}, "one positive scale per feature"),
        (
            {"members": [{"label": "m", "weights": {"bid.bid": "AAAA"}}], "mixture": [1]},
            "weights, not",
        ),
        ({"members": [{"label": "m", "rule": "best"}], "mixture": [1]}, "rule must be one of"),
    ],
)
def test_a_broken_file_names_what_is_wrong(trained, change: dict, says: str) -> None:
    data = {**json.loads(trained[0].read_text()), **change}
    with pytest.raises(MainmatchError, match=says):
        read_tuned_bot(data, "--bot-params x.json")


def test_balance_measures_a_game_with_no_family_and_no_bot(range_game) -> None:
    from mainmatch.bots import bot_names
    from mainmatch.sim.balance import run_balance, sentence
    from mainmatch.sim.balance_spec import BalanceSpec

    assert bot_names(range_game.id) == ["random"]
    spec = BalanceSpec(
        range_game.id, budget=300, iterations=2, meta_steps=1, trials=1, learned_budget=64
    )
    result = run_balance(spec)
    # the learned oracle's best response joined the population while solving
    assert [p["label"] for p in result["population"]] == ["random", "learned-1"]
    x = result["exploitability"]
    assert x["oracles"] == ["the population", "a learned best response (64 training matches)"]
    assert "a learned best response against the profile" in [c["found"] for c in x["candidates"]]
    assert "a lower bound: only the population and a learned best response" in sentence(result)


def test_minutes_fix_a_budget_that_reproduces_the_file(tmp_path, monkeypatch) -> None:
    from mainmatch.sim import learn

    # the budget from the first batches' pace, with the deadline out of the way
    monkeypatch.setattr(learn.Clock, "left", lambda self, share=1.0: math.inf)
    timed, again = tmp_path / "timed.json", tmp_path / "again.json"
    small = ["--players", "3", "--iterations", "2", "--eval-matches", "10", "-q"]
    r = CliRunner().invoke(app, ["train", GAME, *small, "--minutes", "0.01", "-o", str(timed)])
    assert r.exit_code == 0, r.output
    data = json.loads(timed.read_text())
    budget = data["training"]["budget"]
    assert "clock" not in data["training"]
    assert f"--budget {budget} " in data["training"]["reproduce"]
    r = CliRunner().invoke(app, ["train", GAME, *small, "--budget", str(budget), "-o", str(again)])
    assert r.exit_code == 0, r.output
    assert timed.read_bytes() == again.read_bytes()


def test_minutes_is_a_wall_clock_deadline(tmp_path) -> None:
    """--minutes holds whatever the pace (LRN12): the clock ends training and
    measuring between units of work, and the file says what it cut."""
    out = tmp_path / "quick.json"
    args = ["train", GAME, "--players", "4", "--minutes", "0.1", "--iterations", "8", "-q"]
    started = time.perf_counter()
    r = CliRunner().invoke(app, [*args, "-o", str(out)])
    took = time.perf_counter() - started
    assert r.exit_code == 0, r.output
    # 6 seconds, and a margin for the units that always run (discovery, two batches, two tables)
    assert took < 6 + 6, took
    data = check_learned(json.loads(out.read_text()))
    t = data["training"]
    assert t["clock"]["minutes"] == 0.1 and t["clock"]["cut"]
    assert t["reproduce"] is None and "The clock (0.1 minutes) cut" in r.output
    assert len(data["members"]) == len(data["mixture"]) >= 1
    assert data["summary"]["exploitability"]["oracles"]
    summaries = simulate(
        GAME,
        ["learned", "random"],
        4,
        seed=1,
        workers=1,
        tuned={"learned": (LEARNED, {"file": data})},
        players=4,
    ).run.summaries
    assert len(summaries) == 4


def test_ray_writes_the_same_file_as_local_processes(trained, tmp_path) -> None:
    """--ray auto plays the same chunks and adds their sums in the same order (LRN13)."""
    pytest.importorskip("ray", reason="the Ray back-end needs mainmatch[cluster]")
    import ray

    out = tmp_path / "ray.json"
    args = ["train", GAME, *TINY, "-q", "--ray", "auto", "-w", "2", "-o", str(out)]
    r = CliRunner().invoke(app, args)
    if r.exit_code == 2 and "cannot start or join Ray" in r.output:
        # one clear line (tested so); a raylet that cannot start on a loaded machine is not ours
        pytest.skip(f"Ray did not start here: {r.output.strip()}")
    assert r.exit_code == 0, r.output
    assert out.read_bytes() == trained[0].read_bytes()
    assert not ray.is_initialized()  # the instance it started is stopped


def test_the_ray_pool_returns_results_in_the_order_given() -> None:
    """The sums of a batch are added in chunk order whatever finishes first (LRN13)."""
    from mainmatch.sim.learn_pool import RayPool

    class FakeRay:  # Ray's calls as RayPool makes them; the results come back shuffled
        def remote(self, fn):
            return type("R", (), {"remote": staticmethod(lambda item: (fn, item))})

        def get(self, refs):
            done = {ref: ref[0](ref[1]) for ref in random.Random(3).sample(refs, len(refs))}
            return [done[ref] for ref in refs]

    assert RayPool(FakeRay()).map(lambda k: k * k, range(6)) == [0, 1, 4, 9, 16, 25]
