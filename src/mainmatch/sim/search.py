"""``mainmatch search``: tune a bot family with optuna to break a game.

One seat plays the family (``candidate``), the other seats the chosen field,
rotated so the candidate sits in every seat. Each trial plays ``matches``
matches with the same match seeds (common random numbers: trials differ only
by the parameters), and optuna's TPE sampler, seeded from ``--seed``, picks
the next parameters; the family's defaults are trial 0. The best parameters
are then **re-measured on fresh seeds** (``confirm`` matches), so the figure
reported is not the lucky maximum of many noisy trials. The answer reads:
"a player who does X wins Y% [low, high] against the field, where the fair
share is Z%".

Fair share: ``1 / players`` (one seat of the table). For games where many
players win at once (a Seat Exchange streak) the report also gives the mean
rate over every seat of the confirming run (``all_seats_rate``).
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from mainmatch import games
from mainmatch.bots.families import get_family, tuned_bot_file
from mainmatch.engine.errors import MainmatchError

from . import simulate

CANDIDATE = "candidate"
OBJECTIVES = {"tol": "tol_rate", "ec": "ec_rate"}
#: trials x matches the search may play: above this a run takes hours
MAX_WORK = 10_000_000


@dataclass(frozen=True)
class SearchSpec:
    game: str
    family: str
    trials: int
    matches: int
    field: str = "strategy"
    seed: int = 0
    objective: str = "tol"
    #: matches of the re-measure (default: 2 x ``matches``, at least 200)
    confirm: int | None = None
    variant: dict | None = None
    tuned: dict | None = None
    workers: int | None = 1
    ray: str | None = None
    bot_modules: tuple[str, ...] = ()


def _seed(seed: int, what: str) -> int:
    digest = hashlib.sha256(f"mainmatch-search/{seed}/{what}".encode()).digest()
    return int.from_bytes(digest[:4], "big")


def _lineup(spec: SearchSpec, seats: int) -> list[str]:
    field = [b.strip() for b in spec.field.split(",") if b.strip()]
    if not field:
        raise MainmatchError("--field needs bot names separated by commas, e.g. strategy,random")
    if CANDIDATE in field:
        raise MainmatchError(f"--field: {CANDIDATE!r} is the searched bot's seat; name the others")
    return [CANDIDATE] + [field[k % len(field)] for k in range(seats - 1)]


def check_spec(spec: SearchSpec) -> None:
    """One line on a bad choice, before anything is played."""
    get_family(spec.game, spec.family)
    if spec.trials < 1:
        raise MainmatchError(f"--trials must be at least 1, not {spec.trials}")
    if spec.matches < 1:
        raise MainmatchError(f"-n must be at least 1, not {spec.matches}")
    if spec.objective not in OBJECTIVES:
        raise MainmatchError(f"--objective must be tol or ec, not {spec.objective!r}")
    if spec.confirm is not None and spec.confirm < 1:
        raise MainmatchError(f"--confirm must be at least 1, not {spec.confirm}")
    if spec.trials * spec.matches > MAX_WORK:
        raise MainmatchError(
            f"--trials x -n is {spec.trials * spec.matches:,} matches; keep it under {MAX_WORK:,}"
        )


def run_search(spec: SearchSpec, on_progress: Callable[[int], None] | None = None) -> dict:
    """Run the search; return its JSON (``family``, ``params``, ``rate``, ``interval``,
    ``fair_share`` and the details)."""
    import optuna  # loaded only when a search runs

    check_spec(spec)
    game = games.get(spec.game)
    family = get_family(spec.game, spec.family)
    lineup = _lineup(spec, game.player_count)
    key = OBJECTIVES[spec.objective]
    progress = on_progress or (lambda _n: None)
    tuned_base = dict(spec.tuned or {})
    trial_seed = _seed(spec.seed, "trials")

    def measure(params: dict[str, Any], matches: int, seed: int) -> dict:
        sim = simulate(
            spec.game,
            lineup,
            matches,
            seed=seed,
            workers=spec.workers,
            ray=spec.ray,
            seating="rotate",
            bot_modules=spec.bot_modules,
            variant=spec.variant,
            tuned={**tuned_base, CANDIDATE: (spec.family, params)},
            on_progress=progress,
        )
        return sim.report

    trials: list[dict] = []

    def objective(trial: Any) -> float:
        params = {
            p.name: (
                trial.suggest_int(p.name, int(p.low), int(p.high))
                if p.integer
                else trial.suggest_float(p.name, p.low, p.high)
            )
            for p in family.params
        }
        report = measure(params, spec.matches, trial_seed)
        row = next(b for b in report["bots"] if b["bot"] == CANDIDATE)
        rate = row[key]["value"]
        trials.append({"number": trial.number, "params": params, "rate": rate})
        return rate

    optuna.logging.set_verbosity(logging.WARNING)
    study = optuna.create_study(
        direction="maximize" if spec.objective == "tol" else "minimize",
        sampler=optuna.samplers.TPESampler(seed=_seed(spec.seed, "sampler")),
    )
    study.enqueue_trial(family.defaults())  # trial 0: the family as it ships
    study.optimize(objective, n_trials=spec.trials)
    best = dict(study.best_trial.params)
    best = {p.name: best[p.name] for p in family.params}
    confirm_n = spec.confirm or max(200, 2 * spec.matches)
    confirm_seed = _seed(spec.seed, "confirm")
    report = measure(best, confirm_n, confirm_seed)
    rows = {b["bot"]: b for b in report["bots"]}
    est = rows[CANDIDATE][key]
    field_rows = [b for b in report["bots"] if b["bot"] != CANDIDATE]
    total = sum(b["player_matches"] for b in report["bots"])
    all_seats = sum((b[key]["value"] or 0) * b["player_matches"] for b in report["bots"]) / total
    return {
        "game": spec.game,
        "family": spec.family,
        "objective": spec.objective,
        "field": spec.field,
        "variant": dict(spec.variant or {}),
        "seed": spec.seed,
        "params": best,
        "rate": est["value"],
        "interval": [est["low"], est["high"]],
        "fair_share": 1 / game.player_count,
        "all_seats_rate": all_seats,
        "field_rates": {b["bot"]: b[key] for b in field_rows},
        "confirm": {"matches": confirm_n, "seed": confirm_seed, "report": report},
        "search": {"trials": spec.trials, "matches": spec.matches, "seed": trial_seed},
        "default_rate": trials[0]["rate"],
        "trials": trials,
        "param_help": {p.name: p.meaning for p in family.params},
    }


def found_bot(result: dict, name: str) -> dict:
    """The tuned bot file of a search result (``simulate --bot-params``)."""
    return tuned_bot_file(result["game"], result["family"], result["params"], name)


def sentence(result: dict) -> str:
    """The designer's answer in one line."""
    what = "wins a Token of Life" if result["objective"] == "tol" else "is the EC"
    params = ", ".join(f"{k}={_short(v)}" for k, v in result["params"].items())
    low, high = result["interval"]
    return (
        f"A {result['family']} bot ({params}) {what} in {100 * result['rate']:.1f}% "
        f"[{100 * low:.1f}, {100 * high:.1f}] of matches against {result['field']}, "
        f"where the fair share is {100 * result['fair_share']:.1f}% "
        f"(all seats average {100 * result['all_seats_rate']:.1f}%; "
        f"re-measured on {result['confirm']['matches']:,} fresh matches)."
    )


def _short(v: Any) -> str:
    return f"{v:.3g}" if isinstance(v, float) else str(v)
