"""Whole simulations: reproducible whatever the workers, robust to bad bots."""

from __future__ import annotations

from pathlib import Path

import pytest

from mainmatch.engine import load_record, replay
from mainmatch.sim import figures_only, simulate
from mainmatch.sim.records import INDEX, save_records

BAD_BOTS = str(Path(__file__).with_name("bad_bots.py"))


def test_same_seed_same_figures_whatever_the_number_of_workers() -> None:
    one = simulate("seat_exchange", "strategy,random", 16, seed=11, workers=1, seating="shuffle")
    two = simulate("seat_exchange", "strategy,random", 16, seed=11, workers=2, seating="shuffle")
    assert one.run.summaries == two.run.summaries
    assert figures_only(one.report) == figures_only(two.report)
    other = simulate("seat_exchange", "strategy,random", 16, seed=12, workers=2, seating="shuffle")
    assert figures_only(other.report) != figures_only(one.report)


def test_report_counts_every_player_match() -> None:
    sim = simulate("seat_exchange", "strategy,random", 26, seed=2, workers=1)
    report = sim.report
    by_bot = {b["bot"]: b for b in report["bots"]}
    assert (
        by_bot["strategy"]["player_matches"] == 26 * 7
        and by_bot["random"]["player_matches"] == 26 * 6
    )
    assert [s["player_matches"] for s in report["seats"]] == [26] * 13
    assert sum(e["count"] for e in report["ends"]) == 26
    assert {e["end"] for e in report["ends"]} <= {"streak", "rounds"}
    # exactly one EC per match in Seat Exchange unless all 13 are in the streak
    ecs = sum(round(b["ec_rate"]["value"] * b["player_matches"]) for b in report["bots"])
    assert ecs == sum(1 for s in sim.run.summaries if s.ec is not None) >= 25
    assert report["teams"] == [] and report["timing"]["workers"] == 1


def test_bad_bots_do_not_stop_the_run_and_are_reported(tmp_path: Path) -> None:
    sim = simulate(
        "seat_exchange",
        "raiser,cheater,sleeper,random",
        4,
        seed=3,
        workers=2,
        time_limit=0.3,
        keep=("faults",),
        bot_modules=(BAD_BOTS,),
    )
    by_bot = {b["bot"]: b for b in sim.report["bots"]}
    assert by_bot["raiser"]["faults"]["raised"] == by_bot["raiser"]["decisions"] > 0
    assert by_bot["raiser"]["fault_examples"]["raised"] == "RuntimeError: this bot always fails"
    assert by_bot["cheater"]["faults"]["illegal"] == by_bot["cheater"]["decisions"] > 0
    sleeper = by_bot["sleeper"]
    assert sleeper["faults"]["timeout"] == sleeper["player_matches"]  # once per bot per match
    assert sleeper["faults"]["raised"] == sleeper["faults"]["illegal"] == 0
    assert sum(by_bot["random"]["faults"].values()) == 0
    assert sleeper["fault_rate"]["value"] == pytest.approx(
        sleeper["player_matches"] / sleeper["decisions"]
    )
    # the faulty matches' records hold the defaults, flagged, and replay
    assert sorted(sim.run.records) == [0, 1, 2, 3]
    paths = save_records(tmp_path, sim.run.records, sim.run.summaries)
    for path in paths:
        record = load_record(path)
        assert any(step["defaulted"] for step in record["steps"])
        assert replay(record).result() is not None


def test_kept_records_replay_to_the_summarised_result(tmp_path: Path) -> None:
    sim = simulate(
        "seat_exchange", "strategy,random", 12, seed=4, workers=2, keep=("first:2", "end:streak")
    )
    streaks = {s.index for s in sim.run.summaries if s.end == "streak"}
    assert set(sim.run.records) == {0, 1} | streaks
    paths = save_records(tmp_path, sim.run.records, sim.run.summaries)
    import json

    listing = json.loads((tmp_path / INDEX).read_text())
    assert [m["match"] for m in listing] == sorted(sim.run.records)
    for entry, path in zip(listing, paths):
        assert path.name == entry["file"]
        result = replay(load_record(path)).result()
        assert result["tokens_of_life"] == entry["tokens_of_life"]
        assert result["elimination_candidate"] == entry["elimination_candidate"]
        assert result["details"]["end_condition"] == entry["end"]
        assert sorted(entry["bots"].values()).count("strategy") == 7


def test_plain_configs_use_the_host_input_defaults() -> None:
    sim = simulate("seat_exchange", "random", 3, seed=5, workers=1, configs="plain", keep=("all",))
    for record in sim.run.records.values():
        config = record["config"]
        assert config["gamewide_tiebreak"] == config["players"]
        assert set(config["garnets"].values()) == {0}
