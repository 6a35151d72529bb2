"""``mainmatch search``: a search on a planted weakness finds it, reports its rate
beside the fair share, is reproducible, and saves a bot that simulate replays."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mainmatch.cli import main
from mainmatch.sim import simulate
from mainmatch.sim.search import SearchSpec, run_search


def spec() -> SearchSpec:
    return SearchSpec(
        game="seat_exchange",
        family="saver",
        trials=10,
        matches=26,
        field="saver",
        seed=5,
        confirm=130,
    )


def test_search_finds_the_planted_weakness() -> None:
    # the planted habit: the field are pure savers (the saver family's defaults). At the
    # round limit the 12 savers tie for the most money, so they are the EC candidates and
    # the next-most player wins (seat_exchange.md §4.3): spending anything at all wins.
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
    assert {"family", "params", "rate", "interval", "fair_share"} <= set(a)
    saved = json.loads((tmp_path / "bot0.json").read_text())
    assert saved["family"] == "saver" and saved["params"] == a["params"]
    page = (tmp_path / "s.html").read_text()
    assert "fair share" in page and "data:image/png;base64," in page
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
    assert row["tol_rate"]["value"] == pytest.approx(a["rate"])
    assert (
        main(
            [
                "simulate",
                "seat_exchange",
                "--bot-params",
                str(tmp_path / "bot0.json"),
                "--bots",
                "found,saver",
                "-n",
                "13",
                "-w",
                "1",
                "-q",
            ]
        )
        == 0
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--family", "hoarder"],
            "no bot family 'hoarder' for seat_exchange; families: saver, builder, circle",
        ),
        (["--family", "saver", "--trials", "0"], "--trials must be at least 1"),
        (["--family", "saver", "--objective", "fun"], "--objective must be tol or ec"),
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
