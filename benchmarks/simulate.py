"""Simulator speed: matches per second per game with random bots, on one core
and on all cores, the scaling efficiency, and the simulator's own share of the
time (what it spends outside the engine and the bots).

    .venv/bin/python benchmarks/simulate.py [--seconds 8] [--games seat_exchange,mvp]
    .venv/bin/python benchmarks/simulate.py --bots strategy [--repeat 3]   # scaling only

- **1 core**: the simulator in this process (``--workers 1``);
- **all cores**: ``--workers K`` local processes, K = the cores this process
  may use; scaling efficiency = (rate on K cores) / (K x rate on 1 core),
  pool start-up included;
- **outside engine and bots**, two ways: (a) the same matches played by a bare
  loop of the engine calls alone (``random_config``, ``initial_state``,
  ``pending``, ``random_action``, ``apply``, ``result``, same seeds, no
  bookkeeping): share = 1 - bare time / simulator time, best of 3 in process
  CPU time; (b) cProfile: time
  not spent inside calls from the simulator into ``mainmatch.engine``,
  ``mainmatch.games`` or a bot, over the total (the profiler's own overhead
  weighs on the many small engine calls, so (a) is the fairer figure; its
  attribution of nested calls overlaps by about a percent, so a game that
  spends everything in the engine reads 0).

Aims (issue 8): under 25% outside the engine and bots; at least 90% scaling.
Run it on an otherwise idle machine: other load shows up as poor scaling.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import random
import sys
import time

from mainmatch import games
from mainmatch.sim import make_plan, ready_games
from mainmatch.sim.backends import cpu_count, run
from mainmatch.sim.plan import match_seed
from mainmatch.sim.play import play_chunk


def bare_loop(game_id: str, matches: int, seed: int) -> None:
    """The engine calls alone on the simulator's matches (same seeds, no bookkeeping)."""
    game = games.get(game_id)
    players = list(game.default_players)
    for index in range(matches):
        rng = random.Random(match_seed(seed, index))
        state = game.initial_state(game.random_config(players, rng))
        pending = game.pending(state)
        while pending:
            state, _ = game.apply(state, {p: game.random_action(state, p, rng) for p in pending})
            pending = game.pending(state)
        game.result(state)


def outside_share(game_id: str, matches: int, seed: int, repeats: int = 3) -> float:
    """1 - (engine alone) / (simulator), each the best of ``repeats`` runs in
    process CPU time, interleaved, so other load on the machine hardly counts."""
    plan = make_plan(game_id, "random", matches, seed=seed)
    sim, bare = [], []
    for _ in range(repeats):
        started = time.process_time()
        play_chunk(plan, 0, matches)
        sim.append(time.process_time() - started)
        started = time.process_time()
        bare_loop(game_id, matches, seed)
        bare.append(time.process_time() - started)
    return max(0.0, 1 - min(bare) / min(sim))


INSIDE = (
    os.sep + os.path.join("mainmatch", "engine") + os.sep,
    os.sep + os.path.join("mainmatch", "games") + os.sep,
)
SIMULATOR = (
    os.sep + os.path.join("mainmatch", "sim") + os.sep,
    os.sep + os.path.join("mainmatch", "bots", "driver.py"),
)


def profiled_share(game_id: str, matches: int, seed: int) -> float:
    """Share of profiled time outside calls from the simulator into the engine, games or bots."""
    plan = make_plan(game_id, "random", matches, seed=seed)
    profile = cProfile.Profile()
    profile.enable()
    play_chunk(plan, 0, matches)
    profile.disable()
    stats = pstats.Stats(profile).stats
    total = sum(tt for (_cc, _nc, tt, _ct, _callers) in stats.values())
    inside = 0.0
    for (filename, _line, name), (_cc, _nc, _tt, _ct, callers) in stats.items():
        callee_inside = any(part in filename for part in INSIDE) or (
            name == "act" and os.sep + "bots" + os.sep in filename
        )
        if not callee_inside:
            continue
        for (caller_file, _l, _n), (_c, _n2, _t, ct) in callers.items():
            if any(part in caller_file for part in SIMULATOR):
                inside += ct
    # nested and recursive calls make cProfile's attribution overlap by a
    # percent or so; a game that spends all its time in the engine reads 0
    return max(0.0, 1 - inside / total)


def rate(game_id: str, matches: int, workers: int, seed: int, bots: str = "random") -> float:
    """Matches per second (wall clock) of a whole run, pool start-up included,
    as ``mainmatch simulate GAME --bots BOTS -n MATCHES --workers WORKERS``."""
    plan = make_plan(game_id, bots, matches, seed=seed)
    done = run(plan, workers=workers)
    return matches / done.seconds


def calibrate(game_id: str, seconds: float, seed: int, bots: str = "random") -> int:
    """Matches that take about ``seconds`` on one core."""
    probe = 100 if bots == "random" else 20
    plan = make_plan(game_id, bots, probe, seed=seed)
    play_chunk(plan, 0, 3)  # first use imports the game and its bots
    started = time.perf_counter()
    play_chunk(plan, 0, probe)
    per_match = (time.perf_counter() - started) / probe
    return max(200 if bots == "random" else 40, int(seconds / per_match))


def scaling(game_id: str, args: argparse.Namespace, cores: int) -> None:
    """One row of the ``--bots`` table: 1 core against ``cores``, alternately,
    best of ``--repeat`` each (other load only ever slows a run down)."""
    n = calibrate(game_id, args.seconds, args.seed, args.bots)
    ones, manys = [], []
    for _ in range(args.repeat):
        ones.append(rate(game_id, n, 1, args.seed, args.bots))
        manys.append(rate(game_id, n, cores, args.seed, args.bots))
    one, many = max(ones), max(manys)
    print(
        f"| {game_id} | {args.bots} | {n} | {one:,.1f} | {many:,.1f} | {many / one:.2f}x |",
        flush=True,
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--seconds", type=float, default=8.0, help="single-core run length per game (default 8 s)"
    )
    parser.add_argument(
        "--games", default="", help="comma-separated game ids (default: every game installed)"
    )
    parser.add_argument(
        "--workers", type=int, default=0, help="cores for the parallel run (default: all)"
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--bots",
        default="",
        help="only the scaling of these bots' tables (e.g. strategy): 1 core against all, "
        "the same matches, each a whole `mainmatch simulate` run, best of --repeat",
    )
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure with --bots")
    args = parser.parse_args(argv)
    ids = [g for g in args.games.split(",") if g] or ready_games()
    cores = args.workers or cpu_count()
    if args.bots:
        print(
            f"simulator scaling: --bots {args.bots}, {cores} cores, wall clock, best of {args.repeat}"
        )
        print()
        print(
            f"| game | bots | matches | 1 core (matches/s) | {cores} cores (matches/s) | speed-up |"
        )
        print("|---|---|---:|---:|---:|---:|")
        for game_id in ids:
            scaling(game_id, args, cores)
        return 0
    print(f"simulator benchmark: random bots, {cores} cores, Python {sys.version.split()[0]}")
    print()
    print(
        "| game | matches | 1 core (matches/s) | "
        + f"{cores} cores (matches/s) | scaling efficiency | outside engine+bots (bare loop) | outside (cProfile) |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|")
    for game_id in ids:
        n = calibrate(game_id, args.seconds, args.seed)
        one = rate(game_id, n, 1, args.seed)
        many = rate(game_id, n * cores, cores, args.seed) if cores > 1 else one
        outside = outside_share(game_id, max(50, n // 3), args.seed)
        profiled = profiled_share(game_id, max(50, n // 5), args.seed)
        print(
            f"| {game_id} | {n} | {one:,.0f} | {many:,.0f} | {many / (cores * one):.0%} | {outside:.1%} | {profiled:.1%} |",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
