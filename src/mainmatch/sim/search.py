"""``mainmatch search``: tune a bot family with optuna to break a game.

One seat plays the family (``candidate``), the other seats the chosen field,
rotated so the candidate sits in every seat. Each trial plays ``matches``
matches with the same match seeds (common random numbers: trials differ only
by the parameters). The first trials are the **corners**: the family's
defaults, then each parameter at its low and at its high bound with the
others at their defaults (``corners``), queued in optuna before its TPE
sampler (seeded from ``--seed``) picks the rest; a plain policy at a bound
("never pay", "stop at once") is tried for sure rather than left to chance.

Objectives (per seat, what a player's stakes are): ``stakes`` (default) is
ToL rate minus EC rate, the default reward of ``mainmatch.rl`` (a Token of
Life +1, the Elimination Candidate -1); ``tol`` maximises the ToL rate;
``ec`` minimises the EC rate.

The best parameters are then **re-measured on fresh seeds** (``confirm``
matches), so the figure reported is not the lucky maximum of many noisy
trials, and compared with the right **yardstick**: the average seat of an
all-field table (the field in every seat, the same confirm seeds), not the
fair share ``1 / players``, which is wrong where several players win at once
(a Seat Exchange streak, Homeostasis). The **gain** is the found seat's figure
minus the average seat's, with a 95% interval clustered by match
(``stats.clustered_difference``; the two tables share their seeds, so matches
are paired). A search finds *a* deviation, not the best one: its gain is a
**lower bound** on the field's exploitability by one seat.

The replay command (:func:`replay_command`) plays the confirming table
again: ``--bots NAME:1,FIELD`` (one found seat, the field in the others), the
confirm seeds and matches; its figures are the search's to the last digit.
"""

from __future__ import annotations

import hashlib
import logging
import math
import shlex
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mainmatch import games
from mainmatch.bots.families import Family, get_family, tuned_bot_file
from mainmatch.engine.errors import MainmatchError, require_positive
from mainmatch.engine.game import JSONObject

from . import Simulation, simulate
from .plan import seat_count
from .stats import Clusters, Estimate, clustered_difference, clustered_mean, clustered_rate
from .summary import MatchSummary

if TYPE_CHECKING:  # annotations only
    import optuna

CANDIDATE = "candidate"
#: objective -> what it measures per seat
OBJECTIVES = {
    "stakes": "ToL rate minus EC rate",
    "tol": "ToL rate",
    "ec": "EC rate (lower is better)",
}
DEFAULT_OBJECTIVE = "stakes"
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
    objective: str = DEFAULT_OBJECTIVE
    #: matches of the re-measure (default: 2 x ``matches``, at least 200)
    confirm: int | None = None
    variant: JSONObject | None = None
    tuned: JSONObject | None = None
    workers: int | None = 1
    ray: str | None = None
    bot_modules: tuple[str, ...] = ()
    #: the table size (``--players``; ``None``: the game's default count)
    players: int | None = None


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
    require_positive("--trials", spec.trials)
    require_positive("-n", spec.matches)
    if spec.objective not in OBJECTIVES:
        raise MainmatchError(f"--objective must be {', '.join(OBJECTIVES)}, not {spec.objective!r}")
    if spec.confirm is not None:
        require_positive("--confirm", spec.confirm)
    if spec.trials * spec.matches > MAX_WORK:
        raise MainmatchError(
            f"--trials x -n is {spec.trials * spec.matches:,} matches; keep it under {MAX_WORK:,}"
        )


def corners(family: Family) -> list[JSONObject]:
    """The defaults, then each parameter at its low and high bound (the others at
    their defaults), without repeats: the search's first trials.

    >>> from mainmatch.bots.families import get_family
    >>> corners(get_family("seat_exchange", "saver"))  # the defaults are both lows
    [{'spend': 0, 'last': 0}, {'spend': 100, 'last': 0}, {'spend': 0, 'last': 400}]
    """
    base = family.defaults()
    out = [base]
    for p in family.params:
        for bound in (p.low, p.high):
            value = int(bound) if p.integer else float(bound)
            point = {**base, p.name: value}
            if point not in out:
                out.append(point)
    return out


def seat_score(s: MatchSummary, k: int, objective: str) -> int:
    """Seat ``k``'s figure in match ``s``: ToL (0/1), EC (0/1) or ToL - EC."""
    tol, ec = int(s.tokens[k] > 0), int(s.ec == k)
    return {"tol": tol, "ec": ec, "stakes": tol - ec}[objective]


def objective_value(row: JSONObject, objective: str) -> float:
    """A report row's figure for ``objective``."""
    tol, ec = row["tol_rate"]["value"] or 0.0, row["ec_rate"]["value"] or 0.0
    return {"tol": tol, "ec": ec, "stakes": tol - ec}[objective]


def _estimate(sims: Sequence[MatchSummary], objective: str, seat_of: str | None) -> Estimate:
    """The figure of ``seat_of``'s seat (or of every seat) with its clustered
    interval. ToL - EC is a mean of -1/0/+1; where it is the same in every match
    its t interval has no width, so it then takes the Wilson bounds of its two
    rates (``tol.low - ec.high .. tol.high - ec.low``) rather than claim certainty."""
    c = _clusters(sims, objective, seat_of)
    if objective != "stakes":
        return clustered_rate([int(x) for x in c.sums], c.sizes)
    est = clustered_mean(c.sums, c.sizes, (-1.0, 1.0))
    if est.low != est.high:
        return est
    tol, ec = (_estimate(sims, key, seat_of) for key in ("tol", "ec"))
    return Estimate(est.value, tol.low - ec.high, tol.high - ec.low, est.n)


def _clusters(sims: Sequence[MatchSummary], objective: str, seat_of: str | None) -> Clusters:
    """Per match: the figure of ``seat_of``'s seat, or of every seat (``None``)."""
    sums: list[float] = []
    sizes: list[int] = []
    for s in sorted(sims, key=lambda x: x.index):
        seats = [s.bots.index(seat_of)] if seat_of else range(len(s.bots))
        sums.append(sum(seat_score(s, k, objective) for k in seats))
        sizes.append(len(seats))
    return Clusters(tuple(sums), tuple(sizes))


def _study(spec: SearchSpec, family: Family) -> tuple[optuna.Study, list[JSONObject]]:
    """optuna's study for ``spec``, with the family as it ships and its bounds'
    corners queued first (trial 0 is the family as it ships)."""
    import optuna

    optuna.logging.set_verbosity(logging.WARNING)
    study = optuna.create_study(
        direction="minimize" if spec.objective == "ec" else "maximize",
        sampler=optuna.samplers.TPESampler(seed=_seed(spec.seed, "sampler")),
    )
    tried_corners = corners(family)[: spec.trials]
    for point in tried_corners:
        study.enqueue_trial(point)
    return study, tried_corners


def _gain(
    found: Simulation, alone: Simulation, objective: str
) -> tuple[Estimate, Estimate, Estimate]:
    """The candidate's figure, the yardstick's (the field alone, same seeds) and
    the gain between them (paired by match), kept within what the figure allows."""
    mine = _clusters(found.run.summaries, objective, CANDIDATE)
    average = _clusters(alone.run.summaries, objective, None)
    est = _estimate(found.run.summaries, objective, CANDIDATE)
    yard = _estimate(alone.run.summaries, objective, None)
    diff = clustered_difference(mine, average)
    if objective == "ec":  # fewer ECs is the gain
        diff = Estimate(-diff.value, -diff.high, -diff.low, diff.n)
    # a gain cannot leave what the figures allow: +-1 for a rate, +-2 for ToL - EC
    reach = 2.0 if objective == "stakes" else 1.0
    diff = Estimate(diff.value, max(diff.low, -reach), min(diff.high, reach), diff.n)
    return est, yard, diff


def _all_seats(report: JSONObject, objective: str) -> float:
    """The objective's figure over every seat of the confirming matches."""
    total: int = sum(b["player_matches"] for b in report["bots"])
    weighted: float = sum(
        objective_value(b, objective) * b["player_matches"] for b in report["bots"]
    )
    return weighted / total


def run_search(spec: SearchSpec, on_progress: Callable[[int], None] | None = None) -> JSONObject:
    """Run the search; return its JSON (``family``, ``params``, ``rate`` (the
    objective's figure), ``interval``, ``yardstick``, ``gain`` and the details)."""

    check_spec(spec)
    game = games.get(spec.game)
    family = get_family(spec.game, spec.family)
    lineup = _lineup(spec, seat_count(game, spec.players))
    progress = on_progress or (lambda _n: None)
    tuned_base = dict(spec.tuned or {})
    trial_seed = _seed(spec.seed, "trials")

    def play(bots: list[str], params: JSONObject | None, matches: int, seed: int) -> Simulation:
        tuned = {**tuned_base, CANDIDATE: (spec.family, params)} if params else tuned_base
        return simulate(
            spec.game,
            bots,
            matches,
            seed=seed,
            workers=spec.workers,
            ray=spec.ray,
            seating="rotate",
            bot_modules=spec.bot_modules,
            variant=spec.variant,
            tuned=tuned,
            on_progress=progress,
            players=len(lineup),
        )

    trials: list[JSONObject] = []

    def objective(trial: optuna.Trial) -> float:
        params = {
            p.name: (
                trial.suggest_int(p.name, int(p.low), int(p.high))
                if p.integer
                else trial.suggest_float(p.name, p.low, p.high)
            )
            for p in family.params
        }
        report = play(lineup, params, spec.matches, trial_seed).report
        row = next(b for b in report["bots"] if b["bot"] == CANDIDATE)
        rate = objective_value(row, spec.objective)
        trials.append({"number": trial.number, "params": params, "rate": rate})
        return rate

    study, tried_corners = _study(spec, family)
    study.optimize(objective, n_trials=spec.trials)
    best = dict(study.best_trial.params)
    best = {p.name: best[p.name] for p in family.params}
    confirm_n = spec.confirm or max(200, 2 * spec.matches)
    confirm_seed = _seed(spec.seed, "confirm")
    found = play(lineup, best, confirm_n, confirm_seed)
    # the yardstick: the field alone at the table, the same seeds (paired matches)
    field_table = [b for b in lineup if b != CANDIDATE]
    alone = play(field_table, None, confirm_n, confirm_seed)
    report = found.report
    est, yard, diff = _gain(found, alone, spec.objective)
    rows = {b["bot"]: b for b in report["bots"]}
    field_rows = [b for b in report["bots"] if b["bot"] != CANDIDATE]
    key = "ec_rate" if spec.objective == "ec" else "tol_rate"
    return {
        "game": spec.game,
        "family": spec.family,
        "objective": spec.objective,
        "objective_meaning": OBJECTIVES[spec.objective],
        "field": spec.field,
        "variant": dict(spec.variant or {}),
        "seed": spec.seed,
        "params": best,
        "rate": est.value,
        "interval": [est.low, est.high],
        "tol_rate": rows[CANDIDATE]["tol_rate"],
        "ec_rate": rows[CANDIDATE]["ec_rate"],
        "yardstick": {
            "what": f"the average seat of an all-{spec.field} table (same seeds)",
            "value": yard.value,
            "interval": [yard.low, yard.high],
            "report": alone.report,
        },
        "gain": {"value": diff.value, "low": diff.low, "high": diff.high},
        "lower_bound": True,
        # kept for readers of older results; 1/players is no yardstick where many win at once
        "fair_share": 1 / len(lineup),
        "all_seats_rate": _all_seats(report, spec.objective),
        "field_rates": {b["bot"]: b[key] for b in field_rows},
        "confirm": {"matches": confirm_n, "seed": confirm_seed, "report": report},
        "search": {
            "trials": spec.trials,
            "matches": spec.matches,
            "seed": trial_seed,
            "corners": len(tried_corners),
        },
        "default_rate": trials[0]["rate"],
        "trials": trials,
        "param_help": {p.name: p.meaning for p in family.params},
    }


def replay_command(
    result: JSONObject,
    bot_path: Path,
    name: str,
    field_files: Sequence[Path] = (),
    bot_modules: Sequence[str] = (),
) -> str:
    """The ``mainmatch simulate`` line that plays the confirming table again: one
    ``name`` seat (``NAME:1``), the field in the others, the confirm seeds."""
    args = ["mainmatch", "simulate", result["game"], "--bot-params", str(bot_path)]
    for path in field_files:
        args += ["--bot-params", str(path)]
    for module in bot_modules:
        args += ["--bot-module", module]
    args += ["--bots", f"{name}:1,{result['field']}"]
    args += ["-n", str(result["confirm"]["matches"]), "--seed", str(result["confirm"]["seed"])]
    for k, v in result["variant"].items():
        args += ["--variant", f"{k}={v}"]
    return shlex.join(args)


def found_bot(result: JSONObject, name: str) -> JSONObject:
    """The tuned bot file of a search result (``simulate --bot-params``)."""
    return tuned_bot_file(result["game"], result["family"], result["params"], name)


def sentence(result: JSONObject) -> str:
    """The designer's answer in one line."""
    params = ", ".join(f"{k}={_short(v)}" for k, v in result["params"].items())
    low, high = result["interval"]
    yard = result["yardstick"]
    gain = result["gain"]
    figure = _figure(result["objective"])
    return (
        f"A {result['family']} bot ({params}) scores {result['objective_meaning']} "
        f"{figure(result['rate'])} [{figure(low)}, {figure(high)}] against {result['field']}, "
        f"where the average seat of an all-{result['field']} table scores "
        f"{figure(yard['value'])}: a gain of {_points(gain['value'])} points "
        f"[{_points(gain['low'])}, {_points(gain['high'])}] for one seat, a lower bound on "
        f"what a deviation can win (re-measured on {result['confirm']['matches']:,} fresh matches)."
    )


def _figure(objective: str) -> Callable[[float | None], str]:
    if objective == "stakes":
        return _points
    return lambda v: "-" if v is None else f"{100 * v:.1f}%"


def _points(v: float | None) -> str:
    """A difference of rates in percentage points, signed."""
    return "-" if v is None or math.isnan(v) else f"{100 * v:+.1f}"


def _short(v: Any) -> str:
    return f"{v:.3g}" if isinstance(v, float) else str(v)
