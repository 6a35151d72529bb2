"""``mainmatch season ...`` in its exact forms, on records made by ``mainmatch random``.

A season of several episodes: random records of four games, the example
plugin game among them at 3 and 5 players (players chosen from the alive cast
with ``--players``), hand-entered results, a Death Match,
trades. After each record, the standings equal the holdings before plus the
record's replayed result (``mainmatch replay --json``). Bad entries exit 2
with one line and leave the exported ledger byte for byte as it was.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mainmatch.cli import main
from mainmatch.engine import load_record, replay

CAST = ["a", "b", "c", "d", "e", "f", "g", "h", "i"]
#: (game, seed, players): every record's players are alive cast members
EPISODES = [
    ("amalgamation", 11, "a,b,c,d,e,f"),
    ("mvp", 13, "a,c,d,e,g,h"),
    ("second_to_won", 14, "a,b,c,d,e,f,g,h,i"),
    # the example plugin game (examples/plugin_game, installed by make install) at
    # the smallest and the largest table it takes
    ("sealed_bid", 3, "a,b,c"),
    ("sealed_bid", 5, "b,c,d,e,f"),
]


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def season(tmp_path, capsys):
    db = str(tmp_path / "season.db")
    code, out, err = run(capsys, "season", "new", "s1", "--cast", ",".join(CAST), "--db", db)
    assert code == 0, err
    assert "host token" in out
    return db


def standings(capsys, db: str) -> dict:
    code, out, err = run(capsys, "season", "standings", "s1", "--json", "--db", db)
    assert code == 0, err
    data = json.loads(out)
    assert set(data) == {"season", "players"} and data["season"] == "s1"
    return data["players"]


def exported(capsys, db: str) -> str:
    code, out, err = run(capsys, "season", "export", "s1", "--db", db)
    assert code == 0, err
    return out


def test_a_season_of_random_records_matches_each_replayed_result(season, tmp_path, capsys):
    db = season
    for game, seed, players in EPISODES:
        rec = tmp_path / f"{game}.json"
        assert (
            run(capsys, "random", game, "--seed", str(seed), "--players", players, "-o", str(rec))[
                0
            ]
            == 0
        )
        config = json.loads(rec.read_text())["config"]
        before = standings(capsys, db)
        # a random record may start players with garnets: the host sets the ledger to match
        for p in config["players"]:
            diff = config["garnets"].get(p, 0) - before[p]["garnets"]
            if diff:
                code, _, err = run(
                    capsys, "season", "adjust", "s1", p, "--garnets", str(diff),
                    "--reason", "match the record", "--db", db,
                )  # fmt: skip
                assert code == 0, err
        before = standings(capsys, db)
        code, _, err = run(capsys, "season", "add-match", "s1", str(rec), "--db", db)
        assert code == 0, err
        result = replay(load_record(rec)).to_json()["result"]  # = mainmatch replay --json
        after = standings(capsys, db)
        for p in CAST:
            won = result["garnets"].get(p, 0) - result["garnets_spent"].get(p, 0)
            assert after[p]["garnets"] == before[p]["garnets"] + won, (game, p)
            tol = result["tokens_of_life"].get(p, 0)
            assert after[p]["tokens_of_life"] == before[p]["tokens_of_life"] + tol, (game, p)
            ec = result["elimination_candidate"] == p
            assert after[p]["times_ec"] == before[p]["times_ec"] + ec
    # the same record again: exit 2, one line, nothing changed
    ledger = exported(capsys, db)
    code, _, err = run(capsys, "season", "add-match", "s1", str(rec), "--db", db)
    assert code == 2 and "already in the ledger (entry" in err and err.count("\n") == 1
    assert exported(capsys, db) == ledger


def test_hand_entered_results_death_match_and_trades(season, capsys):
    db = season

    def ok(*args):
        code, out, err = run(capsys, "season", *args, "--db", db)
        assert code == 0, err
        return out

    ok("result", "s1", "--players", "a,b,c,d,e,f", "--garnets", "a=3,b=1", "--tokens-of-life",
       "a=2", "--ec", "f", "--winners", "a", "--reason", "played on Discord")  # fmt: skip
    ok(
        "death-match",
        "s1",
        "--ec",
        "f",
        "--opponent",
        "b",
        "--winner",
        "b",
        "--game",
        "Indian Poker",
    )
    ok(
        "give",
        "s1",
        "a",
        "c",
        "--tokens-of-life",
        "1",
        "--in-return-garnets",
        "0",
        "--garnets",
        "1",
    )
    ok("use-token", "s1", "c", "--reason", "escaped the Death Match")
    p = standings(capsys, db)
    assert p["f"]["status"] == "eliminated" and p["f"]["eliminated_in"] == 1
    assert (p["a"]["garnets"], p["a"]["tokens_of_life"], p["a"]["main_match_wins"]) == (2, 1, 1)
    assert (p["c"]["garnets"], p["c"]["tokens_of_life"]) == (1, 0)
    assert p["b"]["death_matches"] == {"wins": 1, "losses": 0}
    out = ok("standings", "s1", "--markdown")
    assert out.startswith("## s1: standings after episode 1") and "~~f~~ (episode 1)" in out
    out = ok("standings", "s1", "--csv")
    assert out.splitlines()[0].startswith("player,name,status") and len(out.splitlines()) == 10
    ok("undo", "s1", "--reason", "typo")
    assert standings(capsys, db)["c"]["tokens_of_life"] == 1


BAD = [
    (["adjust", "s1", "a", "--garnets", "-1", "--reason", "x"], "a holds 0 garnets; -1 would go below zero"),
    (["adjust", "s1", "zed", "--garnets", "1", "--reason", "x"], "zed is not in the season's cast"),
    (["give", "s1", "a", "b", "--garnets", "1"], "a holds 0 garnets and cannot give 1"),
    (["use-token", "s1", "a"], "a holds 0 Tokens of Life and cannot use 1"),
    (["give", "s1", "a", "i", "--tokens-of-life", "0", "--garnets", "0"], "at least one garnet"),
    (["death-match", "s1", "--ec", "a", "--opponent", "a", "--winner", "a"], "own opponent"),
    (["result", "s1", "--players", "a,b", "--spent", "a=1", "--reason", "x"], "a spent 1 garnet"),
    (["adjust", "nope", "a", "--garnets", "1", "--reason", "x"], "no season named nope"),
    (["new", "s1", "--cast", "a,b"], "there is already a season named s1"),
    (["adjust", "s1", "a", "--status", "alive", "--reason", "x"], "a is already alive"),
    (["new", "s 2", "--cast", "a,b"], "'s 2' is not a valid name: use letters, digits and - _ ."),
]  # fmt: skip


@pytest.mark.parametrize("args,words", BAD, ids=[" ".join(a[:1] + a[3:5]) for a, _ in BAD])
def test_bad_entries_exit_2_with_one_line_and_change_nothing(season, capsys, args, words):
    ledger = exported(capsys, season)
    code, _, err = run(capsys, "season", *args, "--db", season)
    assert code == 2 and words in err, err
    assert err.startswith("mainmatch: ") and err.count("\n") == 1 and "Traceback" not in err
    assert exported(capsys, season) == ledger


def test_records_that_do_not_fit_the_season_are_refused(season, tmp_path, capsys):
    db = season
    rec = tmp_path / "mvp.json"
    run(capsys, "random", "mvp", "--seed", "3", "-o", str(rec))  # players ada.. not in the cast
    ledger = exported(capsys, db)
    code, _, err = run(capsys, "season", "add-match", "s1", str(rec), "--db", db)
    assert code == 2 and "ada, bo, cy, dot, eli, fin are not in the season's cast" in err
    # starting garnets that differ from the holdings
    run(capsys, "random", "amalgamation", "--seed", "5", "--players", "a,b,c,d,e,f", "-o", str(rec))
    data = json.loads(rec.read_text())
    data["config"]["garnets"]["a"] = 4
    rec.write_text(json.dumps(data))
    code, _, err = run(capsys, "season", "add-match", "s1", str(rec), "--db", db)
    assert code == 2 and "starting garnets differ from the ledger: a holds 0" in err, err
    # a record that stops before the end
    data["config"]["garnets"]["a"] = 0
    data["steps"] = data["steps"][:2]
    rec.write_text(json.dumps(data))
    code, _, err = run(capsys, "season", "add-match", "s1", str(rec), "--db", db)
    assert code == 2 and "only a finished match" in err
    # a player eliminated since
    code, out, _ = run(capsys, "season", "death-match", "s1", "--ec", "a", "--opponent", "b", "--winner", "b", "--db", db)  # fmt: skip
    assert code == 0 and out.splitlines()[-1] == "a lost the Death Match and is eliminated", out
    ledger = exported(capsys, db)
    run(capsys, "random", "amalgamation", "--seed", "5", "--players", "a,b,c,d,e,f", "-o", str(rec))
    code, _, err = run(capsys, "season", "add-match", "s1", str(rec), "--db", db)
    assert code == 2 and "a was eliminated" in err
    assert exported(capsys, db) == ledger


def test_export_and_import_round_trip(season, tmp_path, capsys):
    db = season
    run(capsys, "season", "adjust", "s1", "b", "--garnets", "5", "--tokens-of-life", "1",
        "--reason", "bonus", "--db", db)  # fmt: skip
    out = tmp_path / "s1.json"
    assert run(capsys, "season", "export", "s1", "-o", str(out), "--db", db)[0] == 0
    code, text, err = run(capsys, "season", "import", str(out), "--name", "s1-copy", "--db", db)
    assert code == 0, err
    code, text, _ = run(capsys, "season", "standings", "s1-copy", "--json", "--db", db)
    assert json.loads(text)["players"] == standings(capsys, db)
    # a tampered file is refused as a whole
    doc = json.loads(out.read_text())
    doc["entries"][0]["body"]["garnets"] = -9
    out.write_text(json.dumps(doc))
    code, _, err = run(capsys, "season", "import", str(out), "--name", "s1-bad", "--db", db)
    assert code == 2 and "below zero" in err
    assert "s1-bad" not in run(capsys, "season", "list", "--db", db)[1]
    assert Path(out).exists()


def test_new_match_takes_the_alive_cast_or_a_chosen_subset(season, capsys):
    code, _, err = run(capsys, "season", "new-match", "s1", "mvp", "--db", season)
    assert code == 2 and "The MVP takes exactly 6 players, not 9 alive" in err
    code, _, err = run(
        capsys, "season", "new-match", "s1", "mvp", "--players", "a,b", "--db", season
    )
    assert code == 2 and "The MVP takes exactly 6 players, not 2; choose 6 of the 9 alive" in err


# the example plugin game (examples/plugin_game) with its own strategy bot too
@pytest.mark.parametrize(
    ("game", "cast", "bot"), [("mvp", "abcdef", "random"), ("sealed_bid", "abcde", "strategy")]
)
def test_new_match_hosts_a_match_that_bots_play_to_the_ledger(season, capsys, game, cast, bot):
    code, out, err = run(
        capsys, "season", "new-match", "s1", game, "--players", ",".join(cast),
        "--bots", bot, "--seed", "4", "--db", season,
    )  # fmt: skip
    assert code == 0, err
    assert "/host/" in out and out.count("/play/") == len(cast)
    # bots played it to the end: its result is in the ledger, once
    p = standings(capsys, season)
    assert sum(p[x]["main_matches"] for x in cast) == len(cast)
    assert sum(p[x]["main_matches"] for x in CAST if x not in cast) == 0
    assert sum(p[x]["times_ec"] for x in cast) == 1


def test_inputs_feed_mainmatch_new(season, tmp_path, capsys):
    db = season
    run(capsys, "season", "adjust", "s1", "c", "--garnets", "4", "--reason", "x", "--db", db)
    run(capsys, "season", "tiebreak", "s1", "i,h,g,f,e,d,c,b,a", "--db", db)
    inputs = tmp_path / "in.json"
    code, _, err = run(
        capsys, "season", "inputs", "s1", "--players", "a,b,c,d,e,f", "-o", str(inputs),
        "--db", db,
    )  # fmt: skip
    assert code == 0, err
    assert json.loads(inputs.read_text()) == {
        "players": ["a", "b", "c", "d", "e", "f"],
        "garnets": {"a": 0, "b": 0, "c": 4, "d": 0, "e": 0, "f": 0},
        "gamewide_tiebreak": ["f", "e", "d", "c", "b", "a"],
    }
    rec = tmp_path / "m.json"
    code, _, err = run(
        capsys, "new", "amalgamation", "--config", str(inputs), "--seed", "1", "-o", str(rec)
    )
    assert code == 0, err
    config = json.loads(rec.read_text())["config"]
    assert config["garnets"]["c"] == 4 and config["gamewide_tiebreak"][0] == "f"
    code, _, err = run(capsys, "season", "inputs", "s1", "--players", "a,zz", "--db", db)
    assert code == 2 and "zz is not in the season's cast" in err


def test_new_keeps_display_names_and_discord_ids(tmp_path, capsys):
    db = str(tmp_path / "ids.db")
    code, _, err = run(
        capsys, "season", "new", "s2", "--cast", "ann,ben", "--names", "ann=Ann @everyone",
        "--discord-ids", "ann=123456789012345678", "--db", db,
    )  # fmt: skip
    assert code == 0, err
    cast = json.loads(run(capsys, "season", "export", "s2", "--db", db)[1])["settings"]["cast"]
    assert cast[0] == {"id": "ann", "name": "Ann @everyone", "discord_id": 123456789012345678}
    assert cast[1]["discord_id"] is None
    code, _, err = run(capsys, "season", "new", "s3", "--cast", "a,b", "--discord-ids", "a=x",
                       "--db", db)  # fmt: skip
    assert code == 2 and "--discord-ids: write PLAYER=N pairs" in err
    code, _, err = run(capsys, "season", "new", "s3", "--cast", "a,b", "--discord-ids", "c=1",
                       "--db", db)  # fmt: skip
    assert code == 2 and "c is not in the cast" in err
    code, out, _ = run(capsys, "season", "standings", "s2", "--markdown", "--db", db)
    assert "Ann @\u200beveryone" in out  # the name never pings on Discord
