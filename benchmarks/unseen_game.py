"""A bot trained for a game mainmatch has not seen, and one seat's deviations at its table.

    .venv/bin/python benchmarks/unseen_game.py [--game GAME] [--minutes M | --budget N]
        [--seed S] [--deviations N] [-w W] [-o FILE]   (-w: 1 for lanterns, else 2)

``--game lanterns`` (the default) registers The Lantern Market
(``tests/lantern_game.py``: a sixth game used only in tests, simultaneous secret
bids, two winners a round, ToL/EC, no bot of its own); any registered game id
works as well (``sealed_bid``: the example plugin). It runs ``mainmatch train
GAME --players 4 --minutes M --seed S -w W -o FILE`` (issue 31's command), then
prints the table: one seat deviating from an all-learned table, ``--deviations``
matches each on the same seeds, the gain in points of ToL - EC with its paired
95% interval, for ``random``, the game's own bots and simple hand-written
policies (all-in, minimum, one, fixed fractions: ``mainmatch.sim.learn_deviations``).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from mainmatch.bots.learned import check_learned
from mainmatch.engine import registry
from mainmatch.sim.learn_deviations import deviations

TESTS = Path(__file__).resolve().parent.parent / "tests"


def register_lanterns() -> None:
    """The Lantern Market as a registered game (as a plugin's entry point would)."""
    sys.path.insert(0, str(TESTS))
    from lantern_game import LanternMarket

    registry.register_game(LanternMarket())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="lanterns")
    parser.add_argument("--minutes", type=float, default=8.0)
    parser.add_argument("--budget", type=int, help="training matches instead of --minutes")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--deviations", type=int, default=2000)
    # The Lantern Market is registered in this process only: its simulations cannot
    # reach a pool's fork server, so it trains in one process (-w 1) by default
    parser.add_argument("-w", "--workers", type=int)
    parser.add_argument("-o", "--out", type=Path, default=Path("unseen-learned.json"))
    args = parser.parse_args(argv)
    if args.game == "lanterns":
        register_lanterns()
    workers = args.workers or (1 if args.game == "lanterns" else 2)
    from mainmatch.cli import main as mainmatch

    how = ["--budget", str(args.budget)] if args.budget else ["--minutes", str(args.minutes)]
    command = ["train", args.game, "--players", "4", *how, "--seed", str(args.seed)]
    command += ["-w", str(workers), "-q", "-o", str(args.out)]
    started = time.perf_counter()
    code = mainmatch(command)
    if code:
        return code
    took = time.perf_counter() - started
    data = check_learned(json.loads(args.out.read_text("utf-8")), str(args.out))
    t = data["training"]
    print(
        f"mainmatch {' '.join(command)}: {took / 60:.1f} minutes of wall time, "
        f"{t['budget']:,} training matches, {len(data['members'])} policies"
        + (f"; the clock cut: {'; '.join(t['clock']['cut'])}" if t.get("clock") else "")
    )
    rows = deviations(data, args.deviations, args.seed)
    print(f"one seat deviating from an all-learned table, {args.deviations:,} matches each:")
    for r in sorted(rows, key=lambda r: -r["gain"]):
        low, high = r["interval"]
        print(
            f"  {r['deviation']:<16} ToL {100 * r['tol']:5.1f}%  EC {100 * r['ec']:5.1f}%  "
            f"gain {100 * r['gain']:+5.1f} [{100 * low:+.1f}, {100 * high:+.1f}]"
        )
    worst = max(rows, key=lambda r: r["gain"])
    print(f"largest gain: {worst['deviation']} {100 * worst['gain']:+.1f} points (5 is the target)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
