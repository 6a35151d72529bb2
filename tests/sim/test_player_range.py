"""The simulator, search, balance and the record commands at a chosen table
size (``--players N``) of a game for a range of players (``RangeBid``: 3 to 5);
outside the range, one line in the game's words and exit 2."""

from __future__ import annotations

import json

import pytest

from mainmatch.cli import main
from mainmatch.engine import load_record
from mainmatch.engine.errors import MainmatchError
from mainmatch.sim import simulate
from mainmatch.sim.balance_spec import BalanceSpec, plan_budget
from mainmatch.sim.search import SearchSpec, run_search


@pytest.mark.parametrize("count", [3, 5])
def test_simulate_plays_at_the_count_asked(range_game, tmp_path, capsys, count):
    out = tmp_path / "report.json"
    args = ["simulate", "rangebid", "--players", str(count), "-n", "6", "-w", "1", "-q"]
    assert main([*args, "--json", str(out)]) == 0
    report = json.loads(out.read_text())
    assert len(report["lineup"]) == count and report["matches"] == 6
    assert [s["player"] for s in report["seats"]] == range_game.default_lineup(count)


def test_simulate_defaults_to_the_games_default_count(range_game):
    sim = simulate("rangebid", "random", 2, workers=1)
    assert len(sim.plan.lineup) == 4


@pytest.mark.parametrize("count", [2, 6])
def test_a_count_outside_the_range_is_one_line(range_game, capsys, count):
    args = ["simulate", "rangebid", "--players", str(count), "-n", "2", "-w", "1", "-q"]
    assert main(args) == 2
    err = capsys.readouterr().err.strip()
    assert err == f"error: --players: Range Bid takes 3 to 5 players, not {count}"


def test_a_game_for_exactly_n_refuses_another_count(capsys):
    assert main(["simulate", "mvp", "--players", "5", "-n", "2", "-w", "1", "-q"]) == 2
    assert "The MVP takes exactly 6 players, not 5" in capsys.readouterr().err


def test_search_and_balance_take_the_table_size(range_game):
    # checked before anything is played
    with pytest.raises(MainmatchError, match="^--players: The MVP takes exactly 6 players, not 7$"):
        run_search(SearchSpec("mvp", "chaser", 1, 1, players=7))
    with pytest.raises(MainmatchError, match="^--players: Range Bid takes 3 to 5 players, not 9$"):
        plan_budget(BalanceSpec("rangebid", budget=10_000, players=9), 1, 1)
    # the budget's floor counts the table size asked: a unit of play is one match per seat
    small = BalanceSpec("rangebid", budget=40, iterations=1, trials=1, meta_steps=1, players=5)
    with pytest.raises(MainmatchError, match=r"\(5 per unit of play\)"):
        plan_budget(small, 1, 1)
    small = BalanceSpec("rangebid", budget=40, iterations=1, trials=1, meta_steps=1, players=3)
    with pytest.raises(MainmatchError, match=r"\(3 per unit of play\)"):
        plan_budget(small, 1, 1)


def test_random_and_new_take_a_count_or_ids(range_game, tmp_path, capsys):
    path = tmp_path / "r.json"
    assert main(["random", "rangebid", "-o", str(path), "--players", "5", "--seed", "1"]) == 0
    assert load_record(path)["config"]["players"] == ["ann", "ben", "cat", "dan", "p1"]
    assert main(["new", "rangebid", "-o", str(path), "--players", "x,y,z", "--seed", "1"]) == 0
    assert load_record(path)["config"]["players"] == ["x", "y", "z"]
    assert main(["new", "rangebid", "-o", str(path), "--players", "x,y"]) == 2
    assert "--players: Range Bid takes 3 to 5 players, not 2" in capsys.readouterr().err


def test_games_lists_the_range(range_game, capsys):
    assert main(["games"]) == 0
    rows = {
        line.split("│")[1].strip(): line
        for line in capsys.readouterr().out.splitlines()
        if line.count("│") > 3
    }
    assert "3–5" in rows["rangebid"] and " 13 " in rows["seat_exchange"]


def test_items_is_refused_for_a_game_without_a_catalogue_naming_those_with_one(
    range_game, tmp_path, capsys
):
    assert main(["new", "rangebid", "-o", str(tmp_path / "x.json"), "--items", "c.json"]) == 2
    err = capsys.readouterr().err
    assert "--items is for a game's item catalogue (second_to_won); rangebid has no items" in err
    assert main(["schema", "mvp", "--items"]) == 2
    assert "(second_to_won); mvp has no items" in capsys.readouterr().err


def test_sweep_plays_every_cell_at_the_count_asked(tmp_path):
    # no range game has variants: The MVP at its one count, and refused at another
    out = tmp_path / "sweep.json"
    args = ["sweep", "mvp", "--vary", "chips=20,30", "-n", "2", "-w", "1", "-q"]
    assert main([*args, "--players", "6", "--json", str(out)]) == 0
    cells = json.loads(out.read_text())["cells"]
    assert [len(c["report"]["lineup"]) for c in cells] == [6, 6]
    assert main([*args, "--players", "7"]) == 2
