"""What ``mainmatch train`` measures of its answer: the summary stored in the learned file.

- **rates**: one seat of the learned bot against a table of ``random``, and of
  each of the game's own bots: its Token of Life and Elimination Candidate rates
  (95% Wilson intervals, the simulator's);
- **exploitability**: one seat deviates from an all-learned table: ``random``,
  each of the game's own bots, the fixed rules ``most`` (the largest amount,
  yes to every entry) and ``least`` (the smallest, no), and a *fresh learned
  best response* (a new learner trained from zero weights in one seat against
  the answer, ``br_share`` of the budget). A deviation's gain is its seat's
  (ToL - EC) minus that very seat's in the all-learned table on the same match
  seeds (common random numbers; the other seats draw the same members), with a
  paired 95% interval. The largest gain is the exploitability found: a lower
  bound, since only these deviations were tried (docs/decisions/learn.md LRN7).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from mainmatch.bots.learned import LEARNED
from mainmatch.engine.game import JSONObject

from .learn import (
    BATCH,
    MAX_BUDGET,
    META_STEPS,
    Clock,
    Learner,
    Run,
    TrainSpec,
    check_train,
    fit,
    learned_file,
    meta_matches,
    now,
    own_bots,
    schedule,
    sub_seed,
)
from .learn_discover import discover
from .learn_pool import worker_pool
from .stats import Z95

if TYPE_CHECKING:  # annotations only
    from . import Simulation

PROFILE = "learned"
#: the fixed rules tried as deviations (``bots/learned_policy.rule_choice``)
RULES = ("most", "least")


def train(
    spec: TrainSpec,
    on_progress: Callable[[int], None] | None = None,
    on_budget: Callable[[int], None] | None = None,
) -> JSONObject:
    """``mainmatch train``: the learned file, trained (``learn.fit``) and measured."""
    clock = Clock(spec.minutes)
    players = check_train(spec)
    found = discover(spec.game, players, spec.variant, spec.seed)
    fixed = ["random"] + own_bots(spec.game)
    with worker_pool(spec.workers, spec.ray) as pool:
        run = Run(spec, players, found, pool, on_progress or (lambda _n: None), fixed, clock=clock)
        data, budget = fit(run, on_budget)
        data["summary"] = measure(run, data, budget, fixed)
    data["training"]["matches_played"] = run.played
    if run.cuts:  # a file the clock cut is not what --budget writes: say what was cut
        data["training"]["clock"] = {"minutes": spec.minutes, "cut": run.cuts}
    return data


def planned(spec: TrainSpec, budget: int, fixed: int) -> int:
    """The matches a run of ``budget`` plays in all (for a progress bar)."""
    meta = sum(META_STEPS * (t + 1) for t in range(1, spec.iterations)) * meta_matches(budget)
    train_matches = sum(schedule(budget, spec.iterations)) * BATCH
    br = max(BATCH, int(budget * spec.br_share) // BATCH * BATCH)
    tables = (2 * fixed + 2 + len(RULES) + 1) * eval_matches(budget, spec.eval_matches)
    return train_matches + meta + br + tables


def eval_matches(budget: int, given: int | None = None) -> int:
    """Matches per measured table: ``given``, else 2.5% of the training budget, 200 to 2,000."""
    return given if given is not None else max(200, min(2000, budget // 40))


def sizes(run: Run, budget: int, tables: int) -> tuple[int, int]:
    """Matches per measured table and the fresh best response's training matches:
    from the budget, or less where the clock's time left (at the training pace)
    would not hold them (the best response then gets a quarter of it, in whole
    batches, none below one batch; a table at least 10 matches)."""
    matches = eval_matches(budget, run.spec.eval_matches)
    br = br_budget(run, budget)
    left, pace = run.clock.left(), run.pace()
    if left == math.inf or pace * (tables * matches + br) <= left:
        return matches, br
    br = min(br, int(max(0.0, left) / 4 / max(pace, 1e-9)) // BATCH * BATCH)
    fit_ = int((max(0.0, left) - pace * br) / max(pace * tables, 1e-9))
    smaller = max(10, min(matches, fit_))
    run.cuts.append(f"measured tables of {smaller} matches (not {matches}), best response {br}")
    return smaller, br


def paired(values: Sequence[float]) -> JSONObject:
    """Mean with a normal 95% interval."""
    n = len(values)
    mean = math.fsum(values) / n
    var = math.fsum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else math.inf
    half = Z95 * math.sqrt(var / n)
    return {"value": mean, "interval": [mean - half, mean + half], "n": n}


def _seat_of(bots: Sequence[str], name: str) -> int:
    return next(k for k, b in enumerate(bots) if b == name)


def measure(run: Run, data: JSONObject, budget: int, fixed: list[str]) -> JSONObject:
    """The summary (module doc); with ``--minutes``, tables the clock leaves no
    time for are not played (the oracles name those that were)."""
    n = run.players
    deviations = _deviations(data, fixed)
    matches, br_matches = sizes(run, budget, 2 * len(fixed) + len(RULES) + 2)
    learned = (LEARNED, {"file": data})
    seed = sub_seed(run.spec.seed, "summary")
    base = run.simulate([PROFILE] * n, {PROFILE: learned}, matches, seed)
    own = [
        math.fsum((s.tokens[k] > 0) - (s.ec == k) for k in range(n)) / n for s in base.run.summaries
    ]
    if br_matches:
        br = best_response(run, data, br_matches)
        deviations.append(
            ("best-response", "a fresh learned best response", (LEARNED, {"file": br}))
        )
    rows: list[JSONObject] = []
    for label, what, tuned in deviations:
        if rows and run.clock.over():
            run.cuts.append(f"deviations after {rows[-1]['deviation']} not measured")
            break
        name = "deviator" if tuned is not None else label
        extra = {name: tuned} if tuned is not None else {}
        sim = run.simulate([name] + [PROFILE] * (n - 1), {PROFILE: learned, **extra}, matches, seed)
        rows.append(_deviation_row(label, what, name, sim, base))
    rates = []
    for other in fixed:
        if run.clock.over():
            run.cuts.append(f"rates against {other} and after not measured")
            break
        sim = run.simulate([PROFILE] + [other] * (n - 1), {PROFILE: learned}, matches, seed)
        row = next(b for b in sim.report["bots"] if b["bot"] == PROFILE)
        rates.append({"against": other, "tol_rate": row["tol_rate"], "ec_rate": row["ec_rate"]})
    best = max(rows, key=lambda r: r["gain"]["value"])
    return {
        "matches_per_table": matches,
        "seed": seed,
        "value": paired(own),
        "rates": rates,
        "deviations": rows,
        "exploitability": {
            "gain": best["gain"],
            "deviation": best["deviation"],
            "lower_bound": True,
            "oracles": [r["deviation"] for r in rows],
            "best_response_matches": br_matches,
        },
    }


def _deviations(
    data: JSONObject, fixed: list[str]
) -> list[tuple[str, str, tuple[str, Any] | None]]:
    """The deviations tried (module doc), the fresh best response added after."""
    out: list[tuple[str, str, tuple[str, Any] | None]] = [
        (name, "a bot of the game" if name != "random" else "random play", None) for name in fixed
    ]
    for rule in RULES:
        out.append((rule, f"the fixed rule {rule}", (LEARNED, {"file": rule_file(data, rule)})))
    return out


def _deviation_row(
    label: str, what: str, name: str, sim: Simulation, base: Simulation
) -> JSONObject:
    """One deviating seat's gain over the same seat of the all-learned table."""
    gains, tol, ec = [], 0, 0
    for s, b in zip(sim.run.summaries, base.run.summaries):
        k = _seat_of(s.bots, name)
        mine = (s.tokens[k] > 0) - (s.ec == k)
        tol += s.tokens[k] > 0
        ec += s.ec == k
        gains.append(float(mine - ((b.tokens[k] > 0) - (b.ec == k))))
    return {
        "deviation": label,
        "what": what,
        "gain": paired(gains),
        "tol_rate": tol / len(gains),
        "ec_rate": ec / len(gains),
    }


def rule_file(data: JSONObject, rule: str) -> JSONObject:
    """A learned file of one fixed-rule member (same game and encoder)."""
    return {**_bare(data), "members": [{"label": rule, "rule": rule}], "mixture": [1]}


def _bare(data: JSONObject) -> JSONObject:
    return {k: v for k, v in data.items() if k not in ("training", "summary")}


def br_budget(run: Run, budget: int) -> int:
    return max(BATCH, int(budget * run.spec.br_share) // BATCH * BATCH)


def best_response(run: Run, data: JSONObject, matches: int) -> JSONObject:
    """A new learner trained ``matches`` matches in one seat against ``data`` (the answer)."""
    learner = Learner(run.found, run.spec.lr)
    learner.fresh_optimisers()
    field_ = ((1.0, (LEARNED, {"file": _bare(data)})),)
    seed = sub_seed(run.spec.seed, "best-response")
    for index in range(matches // BATCH):
        run.batch(learner, field_, seed, 0.0, index)
    return {**_bare(data), "members": [learner.member("best-response")], "mixture": [1]}


def best_response_against(
    spec: TrainSpec, opponent: tuple[str, Any], on_progress: Callable[[int], None] | None = None
) -> JSONObject:
    """A learned file of one new learner trained from zero weights in one seat
    against ``opponent`` (a tuned bot or mixture, ``families.make_tuned``) for
    ``spec.budget`` matches, or until ``spec.minutes`` of wall time from the
    call have passed (read between batches; the first batch always plays):
    ``balance``'s learned best-response oracle. Its ``training`` says the
    matches it trained on and the wall seconds it took (docs/decisions/brs.md)."""
    clock = Clock(spec.minutes)
    players = check_train(spec)
    found = discover(spec.game, players, spec.variant, spec.seed)
    batches = int(spec.budget or MAX_BUDGET) // BATCH
    with worker_pool(spec.workers, spec.ray) as pool:
        run = Run(spec, players, found, pool, on_progress or (lambda _n: None))
        learner = Learner(found, spec.lr)
        learner.fresh_optimisers()
        field_ = ((1.0, opponent),)
        seed = sub_seed(spec.seed, "best-response")
        index = 0
        while index < batches and not (index and clock.over()):
            run.batch(learner, field_, seed, 0.0, index)
            index += 1
    member = learner.member("best-response")
    data = learned_file(spec, players, found, [member], [1])
    data["training"] = {
        "matches": index * BATCH,
        "minutes": spec.minutes,
        "seconds": round(now() - clock.started, 1),
    }
    return data
