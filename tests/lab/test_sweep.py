"""``mainmatch sweep``: a 2x2 grid whose cells differ as the rules say, the JSON
of every cell, plots over one and two keys, the same seed giving the same figures,
and refusals in one line with exit 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mainmatch.cli import main
from mainmatch.sim.sweep import SweepSpec, run_sweep

BOTS = "saver,random"


def test_two_by_two_sweep_cells_follow_their_variant(tmp_path: Path) -> None:
    out, png, page = tmp_path / "s.json", tmp_path / "s.png", tmp_path / "s.html"
    args = ["sweep", "seat_exchange", "--vary", "streak=4,6", "--vary", "rounds=2,4"]
    args += ["--bots", BOTS, "-n", "26", "--seed", "3", "-w", "1", "-q"]
    assert main([*args, "--json", str(out), "--plot", str(png), "--html", str(page)]) == 0
    data = json.loads(out.read_text())
    cells = data["cells"]
    assert [c["variant"] for c in cells] == [
        {"streak": 4, "rounds": 2},
        {"streak": 4, "rounds": 4},
        {"streak": 6, "rounds": 2},
        {"streak": 6, "rounds": 4},
    ]
    by = {(c["variant"]["streak"], c["variant"]["rounds"]): c["report"] for c in cells}
    # the official cell is simulate's report with no variant field
    assert "variant" not in by[(6, 4)]
    assert by[(4, 2)]["variant"] == {"streak": 4, "rounds": 2}
    for (streak, rounds), report in by.items():
        assert report["matches"] == 26
        # trading steps never pass the round limit (one more step: an EC choice)
        assert report["length"]["max"] <= rounds + 1
    ends = {k: {e["end"]: e["count"] for e in r["ends"]} for k, r in by.items()}
    # a shorter streak target ends more matches on a streak
    assert ends[(4, 4)].get("streak", 0) > ends[(6, 4)].get("streak", 0)
    assert by[(4, 2)]["length"]["mean_steps"] != by[(6, 4)]["length"]["mean_steps"]
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    text = page.read_text()
    assert "mainmatch sweep seat_exchange --vary streak=4,6" in text and "<table>" in text


def test_same_seed_same_figures_and_a_line_plot_over_one_key(tmp_path: Path) -> None:
    spec = SweepSpec("seat_exchange", [("income", [50, 100])], BOTS, 13, seed=1, workers=1)
    a, b = run_sweep(spec), run_sweep(spec)
    for ca, cb in zip(a["cells"], b["cells"]):
        ca["report"].pop("timing")
        cb["report"].pop("timing")
    assert a == b
    from mainmatch.sim.labplots import plot_sweep

    plot_sweep(a, tmp_path / "line.png")
    assert (tmp_path / "line.png").stat().st_size > 10_000


@pytest.mark.parametrize(
    ("vary", "message"),
    [
        (
            ["streak=5,14"],
            "variant.streak: 14 is more than 13, the largest allowed (the table has 13 seats)",
        ),
        (["rounds=0,3"], "variant.rounds: 0 is less than 1"),
        (
            ["speed=1,2"],
            "--vary speed: seat_exchange has no such key; keys: rounds, income, streak",
        ),
        (["streak"], "--vary 'streak': write KEY=V1,V2,..."),
        (["streak=5,x"], "--vary streak: 'x' is not a whole number"),
        (["streak=5", "rounds=3", "income=50"], "--vary: at most two keys"),
    ],
)
def test_sweep_refusals_are_one_line_exit_2(
    vary: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["sweep", "seat_exchange", "-n", "5", "-q"]
    for v in vary:
        args += ["--vary", v]
    assert main(args) == 2
    err = capsys.readouterr().err
    # one line however long the message (Rich must not wrap it at the terminal's width)
    assert message in err and err.count("\n") == 1 and "Traceback" not in err
