"""The simulator: many matches of bots, with figures a designer can trust.

``simulate("seat_exchange", "strategy,random", 2000, seed=0)`` plays 2,000
matches (on every core by default, or on Ray) and returns the report: per
bot, per seat and per team, the Token of Life rate, Elimination Candidate
rate, mean garnets and mean rank with 95% confidence intervals, the game
length and how matches ended, and how often each bot failed (raised, timed
out, sent an illegal action). The same seed gives the same figures whatever
the number of workers or the back-end. ``mainmatch simulate`` is the command
line (``mainmatch.sim.commands``).
"""

from __future__ import annotations

from dataclasses import dataclass

from mainmatch.engine.game import JSONObject

from .backends import OnProgress, SimRun, run
from .plan import SimPlan, make_plan, ready_games
from .report import build_report, figures_only


@dataclass
class Simulation:
    plan: SimPlan
    run: SimRun
    #: ``build_report`` plus ``timing``
    report: JSONObject


def simulate(
    game: str,
    bots: str | list[str],
    matches: int,
    *,
    seed: int = 0,
    workers: int | None = None,
    ray: str | None = None,
    seating: str = "rotate",
    configs: str = "random",
    time_limit: float | None = 5.0,
    keep: tuple[str, ...] = (),
    bot_modules: tuple[str, ...] = (),
    on_progress: OnProgress | None = None,
    variant: dict[str, int] | None = None,
    tuned: dict[str, tuple[str, JSONObject]] | None = None,
    players: int | None = None,
) -> Simulation:
    """Plan, play and report a simulation (see ``mainmatch.sim.plan`` for the options)."""
    plan = make_plan(
        game,
        bots,
        matches,
        seed=seed,
        seating=seating,
        configs=configs,
        time_limit=time_limit,
        keep=keep,
        bot_modules=bot_modules,
        variant=variant,
        tuned=tuned,
        players=players,
    )
    done = run(plan, workers=workers, ray_address=ray, on_progress=on_progress)
    report = build_report(plan, done.summaries)
    report["timing"] = done.timing()
    return Simulation(plan, done, report)


__all__ = [
    "SimPlan",
    "Simulation",
    "build_report",
    "figures_only",
    "make_plan",
    "ready_games",
    "run",
    "simulate",
]
