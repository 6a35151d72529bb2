"""The example plugin game (examples/plugin_game, installed by make install
from outside src/mainmatch) through every ``mainmatch`` command a designer
uses: listed, rules and variants, schema, new/random/replay, simulate, sweep
and search. Nothing here names the game's modules: the CLI finds it through
its entry points."""

from __future__ import annotations

import json

import pytest

from mainmatch import games
from mainmatch.cli import main
from mainmatch.engine import load_record, replay

GAME = "sealed_bid"


@pytest.fixture(autouse=True)
def _installed() -> None:
    assert GAME in games.ids(), "make install installs examples/plugin_game (pip install -e)"


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_games_rules_variants_and_schema(capsys) -> None:
    code, out, _ = run(capsys, "games")
    assert code == 0 and "sealed_bid" in out and "The Sealed Bid" in out
    code, out, _ = run(capsys, "rules", GAME)
    assert code == 0 and "The Sealed Bid" in out and "Elimination Candidate" in out
    code, out, _ = run(capsys, "rules", GAME, "--variants")
    assert code == 0 and "rounds" in out and "chips" in out
    code, out, _ = run(capsys, "schema", GAME, "--kind", "bid")
    assert code == 0 and set(json.loads(out)["properties"]) == {"bid", "garnets"}


def test_new_random_and_replay(capsys, tmp_path) -> None:
    new = tmp_path / "new.json"
    assert run(capsys, "new", GAME, "--seed", "4", "-o", str(new))[0] == 0
    assert load_record(new)["steps"] == []
    rec = tmp_path / "random.json"
    code, out, _ = run(capsys, "random", GAME, "--seed", "3", "-o", str(rec))
    assert code == 0 and "EC" in out
    code, out, _ = run(capsys, "replay", str(rec), "--json")
    assert code == 0
    assert json.loads(out)["result"] == replay(load_record(rec)).result()
    code, out, _ = run(capsys, "replay", str(rec))
    assert code == 0 and "## Round 1 result" in out and "Elimination Candidate" in out


def test_simulate_with_the_plugins_strategy_bot(capsys, tmp_path) -> None:
    report = tmp_path / "sim.json"
    code, _, _ = run(
        capsys, "simulate", GAME, "--bots", "strategy", "-n", "50", "-w", "1", "-q",
        "--json", str(report),
    )  # fmt: skip
    assert code == 0
    data = json.loads(report.read_text())
    (bot,) = data["bots"]
    assert bot["bot"] == "strategy" and bot["player_matches"] == 250  # 5 seats x 50
    assert sum(bot["faults"].values()) == 0 and bot["fault_rate"]["value"] == 0
    # the ends are the result's details.outcome, the engine's default end label
    ends = {e["end"]: e["count"] for e in data["ends"]}
    assert set(ends) <= {"clear", "vote", "all_tied"} and sum(ends.values()) == 50


def test_sweep_over_a_variant_key(capsys, tmp_path) -> None:
    out = tmp_path / "sweep.json"
    code, _, _ = run(
        capsys, "sweep", GAME, "--vary", "rounds=2,3", "-n", "20", "-b", "strategy,random",
        "-w", "1", "-q", "--json", str(out),
    )  # fmt: skip
    assert code == 0
    cells = json.loads(out.read_text())["cells"]
    assert [c["variant"] for c in cells] == [{"rounds": 2}, {"rounds": 3}]


def test_search_tunes_the_plugins_bot_family(capsys, tmp_path) -> None:
    bot = tmp_path / "found.json"
    code, _, _ = run(
        capsys, "search", GAME, "--family", "targeter", "--trials", "3", "-n", "20",
        "--confirm", "20", "--field", "random", "-w", "1", "-q", "--save-bot", str(bot),
    )  # fmt: skip
    assert code == 0
    found = json.loads(bot.read_text())
    assert found["game"] == GAME and found["family"] == "targeter"
    assert set(found["params"]) == {"power", "go", "big", "allin", "deny", "holdback", "snipe"}
    # the found bot plays again through simulate --bot-params
    code, _, _ = run(
        capsys, "simulate", GAME, "--bot-params", str(bot), "--bots", "found:1,random",
        "-n", "10", "-w", "1", "-q",
    )  # fmt: skip
    assert code == 0


def test_a_variant_out_of_range_is_refused_in_one_line(capsys) -> None:
    code, _, err = run(capsys, "simulate", GAME, "--variant", "rounds=11", "-n", "5", "-w", "1")
    assert code == 2 and "rounds" in err and err.strip().count("\n") == 0, err
