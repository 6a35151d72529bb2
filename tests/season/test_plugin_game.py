"""A season with the example plugin game (examples/plugin_game, installed from
outside src/mainmatch): its records enter the ledger at every table size it
takes, moving the standings by their replayed result, and the season hosts one
of its matches on the server with the season's garnets and tiebreak."""

from __future__ import annotations

import json

import pytest

from mainmatch.cli import main
from mainmatch.engine import load_record, replay

GAME = "sealed_bid"
CAST = ["a", "b", "c", "d", "e", "f"]


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def standings(capsys, db: str) -> dict:
    code, out, err = run(capsys, "season", "standings", "s1", "--json", "--db", db)
    assert code == 0, err
    return json.loads(out)["players"]


@pytest.fixture
def season(tmp_path, capsys) -> str:
    db = str(tmp_path / "season.db")
    code, _, err = run(capsys, "season", "new", "s1", "--cast", ",".join(CAST), "--db", db)
    assert code == 0, err
    return db


def test_records_at_every_size_enter_the_ledger(season, tmp_path, capsys) -> None:
    for seed, players in ((3, "a,b,c"), (4, "b,c,d,e"), (5, "a,b,c,d,e")):
        rec = tmp_path / f"{seed}.json"
        code, _, err = run(
            capsys, "random", GAME, "--seed", str(seed), "--players", players, "-o", str(rec)
        )
        assert code == 0, err
        config = load_record(rec)["config"]
        assert config["players"] == players.split(",")
        before = standings(capsys, season)
        for p in config["players"]:  # the ledger holds what the record starts with
            diff = config["garnets"][p] - before[p]["garnets"]
            if diff:
                code, _, err = run(
                    capsys, "season", "adjust", "s1", p, "--garnets", str(diff),
                    "--reason", "match the record", "--db", season,
                )  # fmt: skip
                assert code == 0, err
        before = standings(capsys, season)
        code, _, err = run(capsys, "season", "add-match", "s1", str(rec), "--db", season)
        assert code == 0, err
        result = replay(load_record(rec)).result()
        assert result is not None
        after = standings(capsys, season)
        for p in CAST:
            won = result["garnets"].get(p, 0) - result["garnets_spent"].get(p, 0)
            assert after[p]["garnets"] == before[p]["garnets"] + won, (seed, p)
            tol = result["tokens_of_life"].get(p, 0)
            assert after[p]["tokens_of_life"] == before[p]["tokens_of_life"] + tol, (seed, p)
            ec = result["elimination_candidate"] == p
            assert after[p]["times_ec"] == before[p]["times_ec"] + ec


def test_the_season_hosts_a_plugin_match_with_bots(season, capsys) -> None:
    code, out, err = run(
        capsys, "season", "new-match", "s1", GAME, "--players", "a,b,c,d,e",
        "--bots", "strategy", "--seed", "4", "--db", season,
    )  # fmt: skip
    assert code == 0, err
    assert "/host/" in out and out.count("/play/") == 5
    # bots played it to the end: its result is in the ledger, once
    p = standings(capsys, season)
    assert sum(p[x]["main_matches"] for x in "abcde") == 5 and p["f"]["main_matches"] == 0
    assert sum(p[x]["times_ec"] for x in "abcde") == 1
