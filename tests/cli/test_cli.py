"""The ``mainmatch`` command as a user runs it (in-process through ``main``)."""

from __future__ import annotations

import json
import sys

import pytest

from mainmatch import games
from mainmatch.cli import main
from mainmatch.engine import load_record, replay

SE = "seat_exchange"


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_games_lists_every_game(capsys):
    code, out, _ = run(capsys, "games")
    assert code == 0
    for g in games.all_games():
        assert g.id in out


@pytest.mark.parametrize("game_id", games.ids())
def test_rules_prints_a_summary(capsys, game_id):
    code, out, _ = run(capsys, "rules", game_id)
    assert code == 0 and len(out) > 300


@pytest.mark.parametrize("game_id", games.ids())
def test_new_random_replay_for_every_game(capsys, tmp_path, game_id):
    new = tmp_path / "new.json"
    code, _, _ = run(capsys, "new", game_id, "--seed", "4", "-o", str(new))
    assert code == 0
    rec = load_record(new)
    assert rec["steps"] == [] and rec["game"] == game_id
    assert rec["config"] == games.get(game_id).new_config(
        list(games.get(game_id).default_players), 4
    )
    rnd = tmp_path / "random.json"
    assert run(capsys, "random", game_id, "--seed", "4", "-o", str(rnd))[0] == 0
    code, out, _ = run(capsys, "replay", str(rnd), "--json")
    assert code == 0
    assert json.loads(out) == json.loads(json.dumps(replay(load_record(rnd)).to_json()))
    assert json.loads(out)["result"] is not None
    code, out, _ = run(capsys, "replay", str(rnd))
    assert code == 0 and "# Step 1" in out and "Elimination Candidate" in out
    code, out, _ = run(capsys, "replay", str(new), "--step", "0", "--json")
    shown = json.loads(out)
    assert code == 0 and "public" in shown["views"] and set(shown["pending"])


def test_new_with_host_inputs_from_set_and_config_file(capsys, tmp_path):
    players = "a,b,c,d,e,f,g,h,i,j,k,l,m"
    inputs = tmp_path / "inputs.json"
    inputs.write_text(json.dumps({"garnets": {"a": 4}}))
    out_file = tmp_path / "r.json"
    code, _, _ = run(
        capsys,
        "new",
        SE,
        "--players",
        players,
        "--seed",
        "1",
        "--config",
        str(inputs),
        "--set",
        'gamewide_tiebreak=["m","l","k","j","i","h","g","f","e","d","c","b","a"]',
        "-o",
        str(out_file),
    )
    assert code == 0
    cfg = load_record(out_file)["config"]
    assert (
        cfg["garnets"]["a"] == 4 and cfg["gamewide_tiebreak"][0] == "m" and cfg["players"][0] == "a"
    )
    # a complete config file is taken as it is
    full = tmp_path / "full.json"
    full.write_text(json.dumps(cfg))
    assert run(capsys, "new", SE, "--config", str(full), "-o", str(tmp_path / "r2.json"))[0] == 0
    assert load_record(tmp_path / "r2.json")["config"] == cfg


@pytest.mark.parametrize("columns", [80, 200])
def test_rules_wrap_list_items_instead_of_cropping_them(capsys, monkeypatch, columns):
    """Seat Exchange's "Each round" item 2 is longer than 200 columns: every word of it
    is printed, on lines no wider than the terminal (piped: COLUMNS or 80)."""
    monkeypatch.setenv("COLUMNS", str(columns))
    code, out, _ = run(capsys, "rules", SE)
    assert code == 0
    assert max(len(line.rstrip()) for line in out.splitlines()) <= columns
    words = " ".join(out.split())
    assert "You may also convert garnets into dollars, $1 each." in words
    assert "it counts double and moves nobody, so it blocks." in words


def test_replay_step_shows_every_players_view_for_people(capsys, tmp_path):
    rnd = tmp_path / "r.json"
    run(capsys, "random", SE, "--seed", "2", "-o", str(rnd))
    code, out, _ = run(capsys, "replay", str(rnd), "--step", "1")
    assert code == 0 and "=== Public view ===" in out and "=== View of jk ===" in out
    assert "Round 2 of 4" in out and "Seats clockwise from seat 1 at the top: " in out
    view = out.split("=== View of jk ===")[1].split("===")[0]
    assert "## You (jk)" in view and "Your number: " in view and "Money: $" in view
    assert "{" not in out and '"you"' not in out, "for people, not JSON"
    assert out.rstrip().endswith(
        "=== Pending ===\n"
        + "\n".join(f"{p}: pay for trades" for p in games.get(SE).default_players)
    )
    code, out, _ = run(capsys, "replay", str(rnd), "--step", "1", "--json")
    data = json.loads(out)
    assert data["views"]["jk"]["you"]["player"] == "jk" and "jk" in data["pending"]


@pytest.mark.parametrize(
    "argv, message",
    [
        (["new", "chess", "-o", "x.json"], "unknown game 'chess'"),
        (["new", SE, "--set", "garnets", "-o", "x.json"], "--set 'garnets': write KEY=JSON"),
        (["new", SE, "--set", "garnets={bad", "-o", "x.json"], "--set garnets: value is not JSON"),
        (["new", SE, "--set", "teams={}", "-o", "x.json"], "unknown host input 'teams'"),
        (["new", SE, "--players", "a,b", "--seed", "1", "-o", "x.json"], "exactly 13 players"),
        (
            ["new", SE, "--items", "x.json", "-o", "y.json"],
            "--items is for a game's item catalogue (second_to_won)",
        ),
        (["replay", "does-not-exist.json"], "does-not-exist.json: no such file"),
        (["replay"], "Missing argument"),
        (["frobnicate"], "No such command"),
    ],
)
def test_errors_are_one_line_and_exit_2(capsys, tmp_path, monkeypatch, argv, message):
    monkeypatch.chdir(tmp_path)
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert message in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_broken_record_names_step_and_player(capsys, tmp_path):
    rnd = tmp_path / "r.json"
    run(capsys, "random", SE, "--seed", "2", "-o", str(rnd))
    rec = json.loads(rnd.read_text())
    rec["steps"][1]["actions"]["dh"] = {"trades": [{"players": ["dh", "zz"], "amount": 1}]}
    rnd.write_text(json.dumps(rec))
    code, _, err = run(capsys, "replay", str(rnd))
    assert (
        code == 2
        and err.strip() == "mainmatch: step 2, player 'dh': 'zz' is not a player in this match"
    )


def test_schema_command(capsys):
    code, out, _ = run(capsys, "schema", SE, "--kind", "trades")
    assert code == 0 and json.loads(out)["title"] == "trades"


def test_demo_prints_announcements(capsys):
    code, out, _ = run(capsys, "demo", SE, "--seed", "3")
    assert code == 0 and "Round 1 result" in out


def test_schema_steps_prints_the_step_descriptions(capsys):
    code, out, _ = run(capsys, "schema", SE, "--steps")
    assert code == 0
    steps = json.loads(out)
    assert list(steps) == ["trades", "choose_ec"]
    trades = steps["trades"]
    assert trades["ask"] == "pay for trades" and trades["together"] is True
    fields = {node["path"]: node for node in trades["inputs"]}
    assert fields["garnets"]["input"] == "amount" and fields["garnets"]["most"] == "garnets"
    pair = trades["inputs"][0]["children"][0]["children"][0]
    assert (pair["path"], pair["input"], pair["offers"]) == (
        "trades[].players",
        "seat_pair",
        "players",
    )
    code, out, _ = run(capsys, "schema", SE, "--steps", "--kind", "choose_ec")
    assert code == 0 and list(json.loads(out)) == ["choose_ec"]
    code, _, err = run(capsys, "schema", SE, "--steps", "--kind", "bid")
    assert code == 2 and "seat_exchange has no step kind 'bid'; kinds: trades, choose_ec" in err


def test_items_catalogue_schema_and_file(capsys, tmp_path):
    code, out, _ = run(capsys, "schema", "second_to_won", "--items")
    assert code == 0 and "Effect" in json.loads(out)["$defs"]
    good = tmp_path / "items.json"
    good.write_text(
        json.dumps(
            [
                [
                    "+15 points to YOU",
                    "+25 points to YOU",
                    "x1.5 points to YOU",
                    "+25 points to CHOICE",
                    "+10 points to OTHERS",
                    "+40 points & 2 Garnets to YOU",
                ]
            ]
        )
    )
    out_file = tmp_path / "r.json"
    assert (
        run(
            capsys, "new", "second_to_won", "--seed", "1", "--items", str(good), "-o", str(out_file)
        )[0]
        == 0
    )
    assert len(load_record(out_file)["config"]["auctions"]) == 1
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps([[{"effects": [{"target": "you", "multiply": "1.5 "}]}] * 6]))
    code, _, err = run(
        capsys, "new", "second_to_won", "--seed", "1", "--items", str(bad), "-o", str(out_file)
    )
    assert code == 2 and "auction 1, item A" in err and len(err.strip().splitlines()) == 1


def test_items_in_the_seeds_words(capsys, tmp_path):
    """``--items`` takes what /new's catalogue box takes: one item per line in the
    seed's words, a blank line between auctions; a bad line is one line of error."""
    auction = "+15 points to YOU\n+25 points to YOU\nx1.5 points to YOU\n"
    auction += "+25 points to CHOICE\n+10 points to OTHERS\n+40 points & 2 Garnets to YOU\n"
    text = tmp_path / "catalogue.txt"
    text.write_text(auction + "\n  \n" + auction.replace("+15", "+5"), encoding="utf-8")
    out_file = tmp_path / "r.json"
    argv = ["new", "second_to_won", "--seed", "1", "--items", str(text), "-o", str(out_file)]
    assert run(capsys, *argv)[0] == 0
    auctions = load_record(out_file)["config"]["auctions"]
    assert [len(a) for a in auctions] == [6, 6]
    assert auctions[1][0]["effects"] == [{"target": "you", "add": 5}]
    text.write_text("+15 points\n", encoding="utf-8")
    code, _, err = run(capsys, *argv)
    assert code == 2 and "auction 1, item A" in err and len(err.strip().splitlines()) == 1


def test_version(capsys):
    """``mainmatch --version`` (issue 34 item 5) prints the package's version."""
    from mainmatch import __version__

    code, out, _ = run(capsys, "--version")
    assert code == 0 and out.strip() == f"mainmatch {__version__}"


def _command_paths():
    import typer.main

    from mainmatch.cli import _register_extensions, app

    _register_extensions()  # serve, simulate, season, ...: as main() adds them

    def walk(cmd, path):
        yield path
        for name, sub in getattr(cmd, "commands", {}).items():  # a group's commands
            yield from walk(sub, [*path, name])

    return list(walk(typer.main.get_command(app), []))


@pytest.mark.parametrize("path", _command_paths(), ids=lambda p: " ".join(p) or "mainmatch")
def test_help_reads_as_plain_words(capsys, path):
    """Every command's --help is plain words (issue 34 item 12): no reStructuredText
    markup (double backquotes, roles) from the docstrings it is made of."""
    code, out, _ = run(capsys, *path, "--help")
    assert code == 0, out
    for markup in ("``", ":func:", ":class:", ":data:", ":meth:"):
        assert markup not in out, f"mainmatch {' '.join(path)} --help shows {markup}: {out}"


def test_serve_on_postgresql_without_its_driver_says_how_to_install_it(capsys, monkeypatch):
    """``serve --db postgresql+psycopg://...`` where psycopg is not installed
    (``make run`` installs only what SQLite needs): one line naming the extra
    and the page that says how to get a PostgreSQL, no traceback (issue 34 item 3)."""
    monkeypatch.setitem(sys.modules, "psycopg", None)  # an import of it fails
    code, out, err = run(
        capsys, "serve", "--db", "postgresql+psycopg://mm@127.0.0.1:1/mm", "--port", "1"
    )
    assert code == 2 and len(err.strip().splitlines()) == 1, err
    assert 'pip install "mainmatch[postgres]"' in err and "docs/hosting.md" in err
    assert "Traceback" not in err + out


def test_serve_on_a_taken_port_prints_no_link(capsys, tmp_path):
    """``make run`` / ``serve`` on a port another server holds: one line saying so
    and exit 2, before any link is printed (the links would lead to the other
    server; issue 34 item 1)."""
    import socket

    with socket.socket() as other:
        other.bind(("127.0.0.1", 0))
        other.listen(1)
        port = other.getsockname()[1]
        db = f"sqlite:///{tmp_path / 'mm.db'}"
        code, out, err = run(capsys, "serve", "--db", db, "--port", str(port))
    assert code == 2 and "Open this link" not in out and out.strip() == ""
    assert len(err.strip().splitlines()) == 1 and f"127.0.0.1:{port}" in err, err
    assert "--port" in err and not (tmp_path / "mm.db").exists()


def test_balance_uses_every_core_by_default_like_simulate():
    """``balance`` without --workers plays on every core, as ``simulate`` does
    (issue 34 item 6: one worker by default made a check take 20 minutes)."""
    import typer.main

    from mainmatch.cli import _register_extensions, app

    _register_extensions()
    commands = typer.main.get_command(app).commands  # type: ignore[attr-defined]
    for name in ("balance", "simulate"):
        (workers,) = [p for p in commands[name].params if p.name == "workers"]
        assert workers.default is None, name
