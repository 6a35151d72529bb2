"""``mainmatch balance``: the meta-solvers on known matrix games, the mixture bot
file through ``simulate --bot-params``, determinism, the command end to end at a
tiny budget, the exploitability data file, and one-line refusals."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mainmatch.bots.families import MIXTURE, mixture_bot_file, read_tuned_bot
from mainmatch.cli import main
from mainmatch.engine.errors import MainmatchError
from mainmatch.sim import figures_only, simulate
from mainmatch.sim.balance import run_balance
from mainmatch.sim.balance_meta import MetaSolver, solve
from mainmatch.sim.balance_spec import BalanceSpec, Policy, plan_budget, profile_of
from mainmatch.sim.tablebots import exploitability_text, store_entry, table_bots

RPS = [[0, -1, 1], [1, 0, -1], [-1, 1, 0]]
#: rock-paper-scissors plus a fourth strategy that every other one beats
DOMINATED = [[0, -1, 1, 0.5], [1, 0, -1, 0.5], [-1, 1, 0, 0.5], [-1.5, -1.5, -1.5, -1]]
#: the tiny run of the end-to-end tests: 2 iterations, 2 trials per search
TINY = ["--budget", "1200", "--iterations", "2", "--trials", "2", "-q"]


def oracle(matrix: list[list[float]]):
    return lambda s: [sum(a * b for a, b in zip(row, s)) for row in matrix]


@pytest.mark.parametrize("kind", ["regret", "replicator"])
def test_rock_paper_scissors_ends_uniform(kind: str) -> None:
    weights = solve(oracle(RPS), [0.6, 0.3, 0.1], 3000, kind)
    assert weights == pytest.approx([1 / 3] * 3, abs=0.03)


@pytest.mark.parametrize("kind", ["regret", "replicator"])
def test_a_dominated_strategy_gets_weight_zero(kind: str) -> None:
    weights = solve(oracle(DOMINATED), [0.25] * 4, 500, kind)
    assert weights[3] < 0.001
    assert weights[:3] == pytest.approx([1 / 3] * 3, abs=0.01)
    pop = [Policy(str(k), "test", bot="random") for k in range(4)]
    assert [p.label for p, _ in profile_of(pop, weights)] == ["0", "1", "2"]


def test_a_newcomer_that_wins_takes_over() -> None:
    # prisoner's dilemma rows for "cooperate" only, then "defect" joins: it dominates
    solver = MetaSolver("regret")
    solver.start([1.0])
    solver.update([3.0])
    solver.add()
    for _ in range(50):
        c = solver.sigma[0]
        solver.update([3 * c, 5 * c + 1 * (1 - c)])
    assert solver.sigma == [0.0, 1.0]
    with pytest.raises(ValueError, match="2 policies"):
        solver.update([1.0])


def test_a_mixture_of_one_bot_plays_the_matches_of_that_bot() -> None:
    # the component is drawn from (match seed, seat), not from the match's generator:
    # a mixture that is all strategy plays move for move what strategy plays
    mix = (MIXTURE, {"components": [{"weight": 1, "bot": "strategy"}]})
    a = simulate("second_to_won", "strategy,random", 18, seed=4, workers=1)
    b = simulate("second_to_won", "mix,random", 18, seed=4, workers=1, tuned={"mix": mix})
    assert [(s.tokens, s.ec, s.steps) for s in a.run.summaries] == [
        (s.tokens, s.ec, s.steps) for s in b.run.summaries
    ]


def test_mixture_seats_draw_their_components_by_weight_and_seed() -> None:
    comps = [{"weight": 3, "bot": "strategy"}, {"weight": 1, "family": "saver"}]
    mix = (MIXTURE, {"components": comps})
    runs = [
        simulate("seat_exchange", "mix", 40, seed=1, workers=w, tuned={"mix": mix}) for w in (1, 2)
    ]
    assert figures_only(runs[0].report) == figures_only(runs[1].report)
    saved = runs[0].report["tuned_bots"]["mix"]["params"]["components"]
    assert [c["weight"] for c in saved] == [0.75, 0.25]  # normalised
    assert saved[1]["params"] == {"spend": 0, "last": 0}  # completed with the defaults


def test_mixture_file_round_trip_and_old_format(tmp_path: Path) -> None:
    data = mixture_bot_file(
        "seat_exchange",
        [{"weight": 1, "bot": "strategy"}, {"weight": 1, "family": "saver", "params": {"last": 5}}],
        "mix",
    )
    game, family, name, params = read_tuned_bot(data, "f")
    assert (game, family, name) == ("seat_exchange", MIXTURE, "mix")
    assert params["components"][1] == {
        "weight": 0.5,
        "family": "saver",
        "params": {"spend": 0, "last": 5},
    }
    old = {"format": "mainmatch-bot/1", "game": "seat_exchange", "family": "saver", "name": "s"}
    assert read_tuned_bot({**old, "params": {}}, "f")[3] == {"spend": 0, "last": 0}
    path = tmp_path / "mix.json"
    path.write_text(json.dumps(data))
    out = tmp_path / "sim.json"
    args = ["simulate", "seat_exchange", "--bot-params", str(path), "--bots", "mix,strategy"]
    assert main([*args, "-n", "13", "-w", "1", "-q", "--json", str(out)]) == 0
    report = json.loads(out.read_text())
    assert {b["bot"] for b in report["bots"]} == {"mix", "strategy"}
    at_table = {e["bot"]: e for e in report["bots_at_table"]}
    assert at_table["mix"]["what"] == "a mixture: 50% strategy, 50% saver"
    assert at_table["mix"]["seats"] == 7 and at_table["strategy"]["seats"] == 6


@pytest.mark.parametrize(
    ("components", "message"),
    [
        ([], "non-empty list"),
        ([{"weight": 0, "bot": "strategy"}], "weight must be a number above 0"),
        ([{"weight": 1, "bot": "nobody"}], "no bot 'nobody' for seat_exchange"),
        ([{"weight": 1, "bot": "strategy", "family": "saver"}], "either a bot or a family"),
        ([{"weight": 1, "family": "saver", "params": {"spend": -1}}], "spend: -1 is outside"),
    ],
)
def test_bad_mixtures_are_refused_in_one_line(components: list, message: str) -> None:
    data = mixture_bot_file("seat_exchange", components, "mix")
    with pytest.raises(MainmatchError, match=message):
        read_tuned_bot(data, "f.json")
    with pytest.raises(MainmatchError, match="unknown kind"):
        read_tuned_bot({**data, "kind": "blend"}, "f.json")


def test_budget_plan_stays_within_the_budget() -> None:
    for budget in (800, 40_000):
        spec = BalanceSpec("seat_exchange", budget=budget, iterations=2, trials=2)
        plan = plan_budget(spec, 3, 2)
        assert plan.planned <= budget and plan.unit >= 13
    with pytest.raises(MainmatchError, match="too small for seat_exchange"):
        plan_budget(BalanceSpec("seat_exchange", budget=100), 3, 2)


def test_balance_is_deterministic_from_its_seed() -> None:
    spec = BalanceSpec("seat_exchange", budget=1200, iterations=2, trials=2, seed=3)
    a, b = run_balance(spec), run_balance(spec)
    for r in (a, b):
        r["equilibrium"] = figures_only(r["equilibrium"])
    assert a == b
    c = run_balance(BalanceSpec("seat_exchange", budget=1200, iterations=2, trials=2, seed=4))
    assert c["exploitability"]["seed"] != a["exploitability"]["seed"]


def test_balance_command_end_to_end(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out, bot, page = tmp_path / "b.json", tmp_path / "eq.json", tmp_path / "b.html"
    args = ["balance", "seat_exchange", *TINY, "--json", str(out), "--save-bot", str(bot)]
    assert main([*args, "--html", str(page)]) == 0
    text = capsys.readouterr().out
    assert "Exploitability of the equilibrium profile" in text
    result = json.loads(out.read_text())
    assert result["mode"] == "solve" and result["matches_played"] <= 1200
    assert {"profile", "population", "iterations", "equilibrium", "value"} <= set(result)
    x = result["exploitability"]
    assert {"gain", "interval", "deviation", "matches", "candidates"} <= set(x)
    assert x["interval"][0] <= x["gain"] <= x["interval"][1]
    assert x["deviation"]["label"] in {c["label"] for c in x["candidates"]}
    # 2 iterations of 3 meta-solver steps each
    assert [(i["iteration"], i["step"]) for i in result["iterations"]] == [
        (t, k) for t in range(2) for k in range(3)
    ]
    assert sum(c["weight"] for c in result["profile"]) == pytest.approx(1)
    report = result["equilibrium"]
    assert report["lineup"] == ["profile"] * 13 and len(report["seats"]) == 13
    assert "Deviations" in page.read_text()
    saved = json.loads(bot.read_text())
    assert saved["kind"] == MIXTURE and saved["name"] == "equilibrium"
    sim = tmp_path / "sim.json"
    replay = ["simulate", "seat_exchange", "--bot-params", str(bot), "--bots", "equilibrium"]
    assert main([*replay, "-n", "13", "-w", "1", "-q", "--json", str(sim)]) == 0
    assert json.loads(sim.read_text())["bots"][0]["player_matches"] == 13 * 13
    # the saved profile can be checked again: its components are the profile's
    again = tmp_path / "check.json"
    check = ["balance", "seat_exchange", "--check", "equilibrium", "--bot-params", str(bot)]
    assert main([*check, "--budget", "600", "--trials", "2", "-q", "--json", str(again)]) == 0
    checked = json.loads(again.read_text())
    assert checked["mode"] == "check" and checked["checked"] == "equilibrium"
    assert [c["weight"] for c in checked["profile"]] == pytest.approx(
        [c["weight"] for c in result["profile"]]
    )


def test_replicator_dynamics_solve_too() -> None:
    spec = BalanceSpec("seat_exchange", budget=1200, iterations=2, trials=2, solver="replicator")
    result = run_balance(spec)
    assert result["solver"] == "replicator"
    assert sum(c["weight"] for c in result["profile"]) == pytest.approx(1)
    # the first iteration starts uniform over the starting population
    first = list(result["iterations"][0]["meta_strategy"].values())
    assert len(first) >= 3 and first == pytest.approx([1 / len(first)] * len(first))


def test_check_stores_the_exploitability_file(tmp_path: Path) -> None:
    store, out = tmp_path / "x.json", tmp_path / "r.json"
    args = ["balance", "amalgamation", "--check", "strategy", "--budget", "300", "--trials", "2"]
    assert main([*args, "-q", "--store-exploitability", str(store), "--json", str(out)]) == 0
    data = json.loads(store.read_text())
    assert data["format"] == "mainmatch-exploitability/1"
    entry = data["games"]["amalgamation"]
    assert entry["bot"] == "strategy" and entry["budget"] == 300
    assert "balance amalgamation --check strategy" in entry["command"] and entry["date"]
    assert entry["interval"][0] <= entry["gain"] <= entry["interval"][1]
    text = exploitability_text(entry)
    assert text.startswith("best deviation found gains") and entry["command"] in text
    result = json.loads(out.read_text())
    assert result["mode"] == "check" and result["iterations"] == []
    assert [c["label"] for c in result["profile"]] == ["strategy"]
    # another game's entry merges into the same file, sorted by game
    store_entry(store, {**result, "game": "aaa"}, "cmd")
    assert list(json.loads(store.read_text())["games"]) == ["aaa", "amalgamation"]
    with pytest.raises(MainmatchError, match="goes with --check"):
        store_entry(store, {**result, "mode": "solve"}, "x")
    with pytest.raises(MainmatchError, match="official rules"):
        store_entry(store, {**result, "variant": {"budget": 100}}, "x")


def test_sweep_balance_solves_each_cell(tmp_path: Path) -> None:
    out = tmp_path / "s.json"
    args = ["sweep", "seat_exchange", "--vary", "rounds=1,3", "--balance"]
    assert main([*args, "--balance-budget", "2000", "-w", "1", "-q", "--json", str(out)]) == 0
    result = json.loads(out.read_text())
    assert result["bots"] == "balance" and result["balance_budget"] == 2000
    cells = result["cells"]
    assert [c["variant"] for c in cells] == [{"rounds": 1}, {"rounds": 3}]
    for cell in cells:
        assert cell["report"]["lineup"] == ["profile"] * 13
        assert {"profile", "exploitability", "matches_played"} <= set(cell["balance"])
    # the rounds differ, so the tables differ: each cell's figures are its own
    assert cells[0]["report"]["length"] != cells[1]["report"]["length"]
    assert cells[0]["report"].get("variant") == {"rounds": 1}


def test_sweep_balance_refuses_bots(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["sweep", "seat_exchange", "--vary", "rounds=3,4", "--balance", "--bots", "strategy"]
    assert main([*args, "-q"]) == 2
    assert "--balance plays each cell's solved profile" in capsys.readouterr().err


def test_search_names_the_bots_at_its_table(tmp_path: Path) -> None:
    out = tmp_path / "s.json"
    args = ["search", "seat_exchange", "--family", "saver", "--trials", "1", "-n", "13"]
    bot = tmp_path / "found.json"
    assert main([*args, "--confirm", "13", "-q", "--json", str(out), "--save-bot", str(bot)]) == 0
    at_table = {e["bot"]: e for e in json.loads(out.read_text())["bots_at_table"]}
    assert at_table["strategy"]["what"] == "the shipped strategy bot"
    assert at_table["candidate"]["what"].startswith("family saver (")


def test_the_shipped_file_names_strategy_at_every_table() -> None:
    entries = table_bots("seat_exchange", ["strategy", "random"], None)
    assert entries[0]["what"] == "the shipped strategy bot"
    assert entries[1]["exploitability"] is None
    x = entries[0]["exploitability"]
    if x is not None:  # the coordinator regenerates the figures
        assert x["bot"] == "strategy" and "mainmatch balance seat_exchange" in x["command"]
    quoted = table_bots("seat_exchange", ["strategy"], None, {"streak": 5})[0]["exploitability"]
    assert quoted is None or quoted["official_rules_only"] is True


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--budget", "100"], "a budget of 100 matches is too small for seat_exchange"),
        (["--budget", "0"], "--budget must be 1.."),
        (["--solver", "fancy"], "--solver must be one of regret, replicator"),
        (["--check", "nobody"], "--check nobody: no bot 'nobody' for seat_exchange"),
        (["--store-exploitability", "x.json"], "--store-exploitability goes with --check"),
        (["--iterations", "0"], "--iterations must be at least 1"),
        (["--meta-steps", "0"], "--meta-steps must be at least 1"),
        (["--variant", "streak=1"], "variant.streak: 1 is less than 2"),
        (["--name", "a,b"], "--name must be a bot name"),
    ],
)
def test_balance_refusals_are_one_line_exit_2(
    args: list[str],
    message: str,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["balance", "seat_exchange", "-q", *args]) == 2
    err = capsys.readouterr().err
    assert message in " ".join(err.split()) and "Traceback" not in err
    assert not (tmp_path / "x.json").exists()


@pytest.mark.parametrize(
    ("args", "budget"),
    [
        ([], 40_000),
        (["--check", "strategy"], 10_000),
        (["--check", "strategy", "--budget", "500"], 500),
    ],
)
def test_check_has_its_own_default_budget(
    args: list[str],
    budget: int,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``--check`` measures a given profile: its default budget is the shipped
    exploitability figures' 10,000 matches (docs/decisions/tables.md TBL1)."""
    from mainmatch.sim import balance_spec

    def planned(spec: balance_spec.BalanceSpec) -> int:
        raise MainmatchError(f"planned budget {spec.budget}")

    monkeypatch.setattr(balance_spec, "planned_total", planned)
    assert main(["balance", "mvp", "-q", *args]) == 2
    assert f"planned budget {budget}" in capsys.readouterr().err
