"""Every game's strategy bot beats the random bot (issue 8): in mixed tables
(``--bots strategy,random``, cycled and rotated), its Token of Life rate is
above random's with non-overlapping 95% confidence intervals.

The README quotes the full figures (2,000+ matches, ``benchmarks/bots_vs_random.py``).
Here fewer matches and a fixed seed keep it quick; the margin asked for on top
of non-overlap keeps the test meaningful rather than lucky.
"""

from __future__ import annotations

import pytest

from mainmatch.bots import bot_names
from mainmatch.sim import ready_games, simulate

GAMES = [g for g in ready_games() if "strategy" in bot_names(g)]
#: matches per game (enough for a clear verdict, quick enough for CI)
MATCHES = {"seat_exchange": 200}
DEFAULT_MATCHES = 300
#: the strategy bot's interval must clear random's by this much (rate points)
MARGIN = 0.01


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
def test_strategy_bot_beats_random_with_non_overlapping_intervals(game_id: str) -> None:
    sim = simulate(game_id, "strategy,random", MATCHES.get(game_id, DEFAULT_MATCHES), seed=2024)
    by_bot = {b["bot"]: b for b in sim.report["bots"]}
    strategy, rand = by_bot["strategy"]["tol_rate"], by_bot["random"]["tol_rate"]
    assert strategy["low"] > rand["high"] + MARGIN, (
        f"{game_id}: strategy ToL {strategy['value']:.3f} [{strategy['low']:.3f}, {strategy['high']:.3f}] vs "
        f"random {rand['value']:.3f} [{rand['low']:.3f}, {rand['high']:.3f}]"
    )
    assert sum(by_bot["strategy"]["faults"].values()) == 0, by_bot["strategy"]["fault_examples"]


def test_seat_exchange_is_among_the_games_checked() -> None:
    assert "seat_exchange" in GAMES
