"""``mainmatch search``: a search on a planted weakness finds it, tries the corners
first, reports its gain over the average seat, is reproducible, and prints a
replay command that plays its confirming table again exactly."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest

from mainmatch.cli import main
from mainmatch.sim import simulate
from mainmatch.sim.search import SearchSpec, run_search


def spec(objective: str = "tol") -> SearchSpec:
    return SearchSpec(
        game="seat_exchange",
        family="saver",
        trials=10,
        matches=26,
        field="saver",
        seed=5,
        confirm=130,
        objective=objective,
    )


def test_search_finds_the_planted_weakness() -> None:
    # the planted habit: the field are pure savers (the saver family's defaults). At the
    # round limit the 12 savers tie for the most money, so they are the EC candidates and
    # the next-most player wins (seat_exchange spec §4.3): spending anything at all wins.
    result = run_search(spec())
    assert result["trials"][0]["params"] == {"spend": 0, "last": 0}
    assert result["default_rate"] == 0.0  # 13 savers: all tie, nobody wins
    assert result["params"]["spend"] + result["params"]["last"] > 0
    low, _high = result["interval"]
    assert low > 5 * result["fair_share"], result
    assert result["fair_share"] == pytest.approx(1 / 13)
    assert result["confirm"]["matches"] == 130
    # the field never wins once the candidate spends
    assert result["field_rates"]["saver"]["value"] == 0.0
    # the yardstick: 13 savers tie, nobody wins; the gain is the found rate itself
    assert result["yardstick"]["value"] == 0.0
    assert result["gain"]["value"] == pytest.approx(result["rate"])
    assert result["gain"]["low"] > 0.5


def test_the_corners_come_first_then_the_sampler() -> None:
    result = run_search(spec("stakes"))
    tried = [t["params"] for t in result["trials"]]
    assert tried[:3] == [
        {"spend": 0, "last": 0},  # the defaults (both at their low bound)
        {"spend": 100, "last": 0},
        {"spend": 0, "last": 400},
    ]
    assert result["search"]["corners"] == 3
    # stakes: ToL - EC; 13 savers tie with the most money, so one of them is the EC
    assert result["trials"][0]["rate"] < 0
    assert result["rate"] == pytest.approx(result["tol_rate"]["value"] - result["ec_rate"]["value"])
    assert result["gain"]["low"] > 0.5


def test_the_yardstick_is_the_average_seat_not_one_over_players() -> None:
    """Homeostasis lets several players win at once: the average seat of an
    all-random table gets far more than 1 / players."""
    result = run_search(
        SearchSpec(
            "homeostasis",
            "steerer",
            trials=1,
            matches=5,
            field="random",
            confirm=20,
            objective="tol",
        )
    )
    yard = result["yardstick"]
    seats = yard["report"]["seats"]
    average = sum(s["tol_rate"]["value"] for s in seats) / len(seats)
    assert yard["value"] == pytest.approx(average)
    assert yard["value"] > 1.5 * result["fair_share"]
    assert result["gain"]["value"] == pytest.approx(result["rate"] - average)


def test_search_is_reproducible_and_the_found_bot_replays(tmp_path: Path) -> None:
    args = [
        "search",
        "seat_exchange",
        "--family",
        "saver",
        "--trials",
        "4",
        "-n",
        "13",
        "--confirm",
        "26",
        "--field",
        "saver",
        "--seed",
        "9",
        "-q",
    ]
    outs = []
    for k in range(2):
        out = tmp_path / f"r{k}.json"
        bot = tmp_path / f"bot{k}.json"
        assert (
            main(
                [
                    *args,
                    "--json",
                    str(out),
                    "--save-bot",
                    str(bot),
                    "--html",
                    str(tmp_path / "s.html"),
                ]
            )
            == 0
        )
        outs.append(json.loads(out.read_text()))
    a, b = outs
    assert a["params"] == b["params"] and a["rate"] == b["rate"]
    assert {"family", "params", "rate", "interval", "yardstick", "gain", "replay"} <= set(a)
    saved = json.loads((tmp_path / "bot0.json").read_text())
    assert saved["family"] == "saver" and saved["params"] == a["params"]
    page = (tmp_path / "s.html").read_text()
    assert "average seat" in page and "data:image/png;base64," in page
    # the saved bot plays in simulate under its name, with the same parameters
    sim = simulate(
        "seat_exchange",
        ["found"] + ["saver"] * 12,
        26,
        seed=a["confirm"]["seed"],
        workers=1,
        tuned={"found": (saved["family"], saved["params"])},
    )
    row = next(r for r in sim.report["bots"] if r["bot"] == "found")
    assert row["tol_rate"]["value"] - row["ec_rate"]["value"] == pytest.approx(a["rate"])
    # the printed replay command plays the confirming table again, to the last digit
    replay = shlex.split(a["replay"])
    assert replay[:3] == ["mainmatch", "simulate", "seat_exchange"]
    assert "found:1,saver" in replay
    again = tmp_path / "again.json"
    assert main([*replay[1:], "-w", "1", "-q", "--json", str(again)]) == 0
    replayed = json.loads(again.read_text())
    confirm = a["confirm"]["report"]
    assert replayed["seats"] == confirm["seats"] and replayed["ends"] == confirm["ends"]
    mine = {k: v for k, v in replayed["bots"][0].items() if k != "bot"}
    assert replayed["bots"][0]["bot"] == "found"
    assert mine == {k: v for k, v in confirm["bots"][0].items() if k != "bot"}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--family", "hoarder"],
            "no bot family 'hoarder' for seat_exchange; families: saver, builder, circle",
        ),
        (["--family", "saver", "--trials", "0"], "--trials must be at least 1"),
        (["--family", "saver", "--objective", "fun"], "--objective must be stakes, tol, ec"),
        (["--family", "saver", "--field", "candidate"], "'candidate' is the searched bot's seat"),
        (["--family", "saver", "--variant", "streak=1"], "variant.streak: 1 is less than 2"),
    ],
)
def test_search_refusals_are_one_line_exit_2(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["search", "seat_exchange", "-q", *args]) == 2
    err = capsys.readouterr().err
    assert message in " ".join(err.split()) and "Traceback" not in err


def test_the_replay_command_names_the_variant_the_field_files_and_the_confirm_seeds() -> None:
    from mainmatch.sim.search import replay_command

    result = {
        "game": "second_to_won",
        "field": "strategy,random",
        "variant": {"limit": 150},
        "confirm": {"matches": 40, "seed": 123},
    }
    line = replay_command(result, Path("my bot.json"), "found", [Path("field.json")], ["mybots"])
    assert shlex.split(line) == [
        "mainmatch",
        "simulate",
        "second_to_won",
        "--bot-params",
        "my bot.json",
        "--bot-params",
        "field.json",
        "--bot-module",
        "mybots",
        "--bots",
        "found:1,strategy,random",
        "-n",
        "40",
        "--seed",
        "123",
        "--variant",
        "limit=150",
    ]
