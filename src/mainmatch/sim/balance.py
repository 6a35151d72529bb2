"""``mainmatch balance``: how a rule set plays among good players.

An equilibrium search in the style of PSRO (Lanctot et al. 2017) over the
game's policies, with the simulator as the payoff oracle:

1. **Population**: the shipped ``strategy`` bot and each bot family's
   defaults (``bots/families``); the meta-strategy starts uniform over it.
2. **Meta-game**: a seat's payoff is its stakes, a Token of Life +1 and the
   Elimination Candidate -1 (the default reward of ``mainmatch.rl``). An
   evaluation measures, for every policy ``i``, ``u_i`` = the mean payoff of one
   seat playing ``i`` while the other seats draw from the meta-strategy (a
   mixture seat, ``families.mixture_draw``), seats rotated, every policy on
   the same match seeds (common random numbers).
3. **Meta-solver** (``balance_meta``): regret matching+ (default) or
   replicator dynamics, ``meta_steps`` steps per iteration, each on a fresh
   evaluation; regrets carry over from one iteration to the next.
4. **Best responses**: after each iteration but the last, ``search`` (optuna,
   ``sim.search``) tunes every family against the solver's average so far
   (the restricted game's answer, as in PSRO): a ToL search and an EC search,
   the better by (ToL - EC); new parameters join the population.

The answer, the *profile*, is the solver's average meta-strategy, components
under 1% dropped (so the file plays what was measured). Then:

- **figures**: a table of the profile in every seat (simulate's report:
  per seat, team, ends, length, 95% intervals);
- **exploitability**: every population member and a fresh search per family
  against the profile are candidate deviations; the best by gain on the
  search's seeds is re-measured on fresh seeds: gain = its mean payoff minus
  the profile's own mean payoff at the all-profile table, with a 95% interval
  (normal, the two samples independent; the profile's payoffs averaged per
  match first, since one match's seats are not independent). It is a lower
  bound: a deviation no family expresses is not looked for.

``check`` mode skips steps 1-4: the profile is given (``strategy``, or a
tuned or mixture bot) and only its figures and exploitability are measured.

Budget: a number of matches, cut into units of ``unit`` matches
(:func:`plan_budget`); the searches may play a few more than planned (the
matches played are reported). The same seed gives the same answer.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from mainmatch import games
from mainmatch.bots.families import families, mixture_bot_file
from mainmatch.bots.learned import LEARNED
from mainmatch.engine.errors import MainmatchError
from mainmatch.engine.game import JSONObject

from . import Simulation, simulate
from .balance_learned import learned_candidate, oracle_name, remeasure, var_of_mean
from .balance_meta import MetaSolver
from .balance_spec import (
    CELL_ITERATIONS,
    CELL_META_STEPS,
    CELL_TRIALS,
    DEVIATOR,
    LEARNED_CONFIRM,
    PROFILE,
    BalanceSpec,
    BudgetPlan,
    Policy,
    check_spec,
    checked_profile,
    learned_budget,
    mixture,
    new_label,
    params_text,
    plan_budget,
    profile_of,
    same_policy,
    stakes,
    starting_population,
    sub_seed,
)
from .plan import seat_count
from .stats import Z95, mean_ci


@dataclass
class _Run:
    spec: BalanceSpec
    progress: Callable[[int], None]
    players: int
    played: int = 0
    log: list[JSONObject] = field(default_factory=list)

    def advance(self, k: int) -> None:
        self.played += k
        self.progress(k)

    def play(self, lineup: list[str], tuned: JSONObject, matches: int, seed: int) -> Simulation:
        return simulate(
            self.spec.game,
            lineup,
            matches,
            seed=seed,
            workers=self.spec.workers,
            ray=self.spec.ray,
            seating="rotate",
            bot_modules=self.spec.bot_modules,
            variant=self.spec.variant,
            tuned={**(self.spec.tuned or {}), **tuned},
            on_progress=self.advance,
            players=self.players,
        )

    def payoffs(
        self, policy: Policy, profile: tuple[str, JSONObject], matches: int, seed: int
    ) -> tuple[list[float], JSONObject]:
        """One seat of ``policy`` against the profile's other seats: its
        per-match payoffs and the run's report."""
        sim = self.play(
            [policy.label] + [PROFILE] * (self.players - 1),
            {**policy.tuned(), PROFILE: profile},
            matches,
            seed,
        )
        values = [
            float(stakes(s, k))
            for s in sim.run.summaries
            for k, b in enumerate(s.bots)
            if b == policy.label
        ]
        return values, sim.report

    def best_response(
        self, family: str, profile: tuple[str, JSONObject], trials: int, matches: int, seed: int
    ) -> JSONObject:
        """The parameters of ``family`` that do best against the profile: one
        search of ToL rate - EC rate where ``search`` has that objective
        (``stakes``), else two searches (ToL rate, EC rate), half the trials
        each, the better by (ToL - EC) on its own fresh re-measure."""
        from .search import OBJECTIVES

        plan = (
            [("stakes", trials)]
            if "stakes" in OBJECTIVES
            else [("tol", (trials + 1) // 2), ("ec", trials // 2)]
        )
        found = []
        for objective, n in plan:
            if n < 1:
                continue
            result = self.search(family, profile, n, matches, sub_seed(seed, objective), objective)
            found.append((_found_stakes(result), result["params"]))
        return dict(max(found, key=lambda sp: sp[0])[1])

    def search(
        self,
        family: str,
        profile: tuple[str, JSONObject],
        trials: int,
        matches: int,
        seed: int,
        objective: str,
    ) -> JSONObject:
        from .search import SearchSpec, run_search

        return run_search(
            SearchSpec(
                game=self.spec.game,
                family=family,
                trials=trials,
                matches=matches,
                field=PROFILE,
                seed=seed,
                objective=objective,
                confirm=matches,
                variant=self.spec.variant,
                tuned={**(self.spec.tuned or {}), PROFILE: profile},
                workers=self.spec.workers,
                ray=self.spec.ray,
                bot_modules=self.spec.bot_modules,
                players=self.players,
            ),
            self.advance,
        )


def _found_stakes(result: JSONObject) -> float:
    """ToL rate - EC rate of a search's found bot on its re-measure (``-inf``
    where the result does not hold it)."""
    try:
        row = next(b for b in result["confirm"]["report"]["bots"] if b["bot"] == "candidate")
        return float(row["tol_rate"]["value"]) - float(row["ec_rate"]["value"])
    except (KeyError, StopIteration, TypeError):
        return -math.inf


def run_balance(spec: BalanceSpec, on_progress: Callable[[int], None] | None = None) -> JSONObject:
    """Solve (or check) and measure; return the JSON (see module doc)."""
    check_spec(spec)
    game = games.get(spec.game)
    fams = list(families(spec.game))
    pop = starting_population(spec.game)
    budget = plan_budget(spec, len(pop), len(fams))
    run = _Run(spec, on_progress or (lambda _n: None), seat_count(game, spec.players))
    iterations: list[JSONObject] = []
    with _ray_session(spec):
        if spec.check is not None:
            profile = checked_profile(spec)
        else:
            profile = _solve(run, pop, fams, budget, iterations)
        result = _measure(run, pop, fams, budget, profile)
    return {
        "game": spec.game,
        "title": game.title,
        "mode": "check" if spec.check is not None else "solve",
        "checked": spec.check,
        "variant": dict(spec.variant or {}),
        "seed": spec.seed,
        "solver": spec.solver,
        "budget": spec.budget,
        "plan": {
            **budget.as_dict(),
            "learned_budget": None if spec.learned_minutes else learned_budget(spec),
            "learned_minutes": spec.learned_minutes,
        },
        "matches_played": run.played,
        "population": [p.as_dict() for p in pop],
        "iterations": iterations,
        "profile": [{"weight": w, **p.as_dict()} for p, w in profile],
        **result,
    }


def _solve(
    run: _Run, pop: list[Policy], fams: list[str], budget: BudgetPlan, log: list[JSONObject]
) -> list[tuple[Policy, float]]:
    spec = run.spec
    solver = MetaSolver(spec.solver)
    solver.start([1.0] * len(pop))
    for t in range(budget.iterations):
        for step in range(budget.meta_steps):
            current = mixture(list(zip(pop, solver.sigma)))
            seed = sub_seed(spec.seed, f"evaluate/{t}/{step}")
            u = [
                math.fsum(v) / len(v)
                for v in (run.payoffs(p, current, budget.evaluation, seed)[0] for p in pop)
            ]
            sigma = list(solver.sigma)
            solver.update(u)
            log.append(
                {
                    "iteration": t,
                    "step": step,
                    "meta_strategy": {p.label: w for p, w in zip(pop, sigma)},
                    "payoffs": {p.label: x for p, x in zip(pop, u)},
                    "value": math.fsum(s * x for s, x in zip(sigma, u)),
                    "added": [],
                }
            )
        if t == budget.iterations - 1:
            break
        # PSRO: best responses to the restricted game's answer so far (the average)
        target = mixture(list(zip(pop, solver.average())))
        for fam in fams:
            found = run.best_response(
                fam,
                target,
                budget.trials,
                budget.search,
                sub_seed(spec.seed, f"search/{t}/{fam}"),
            )
            if same_policy(pop, fam, found) is None:
                pop.append(
                    Policy(
                        new_label(pop, fam, t + 1),
                        f"search of {fam} against iteration {t}'s profile",
                        family=fam,
                        params=found,
                    )
                )
                solver.add()
                log[-1]["added"].append(pop[-1].label)
        learned = learned_candidate(run, pop, target, f"learned/{t}", t + 1)
        if learned is not None:  # the learned oracle's best response joins too
            pop.append(learned)
            solver.add()
            log[-1]["added"].append(learned.label)
    return profile_of(pop, solver.average())


def _measure(
    run: _Run,
    pop: list[Policy],
    fams: list[str],
    budget: BudgetPlan,
    profile: list[tuple[Policy, float]],
) -> JSONObject:
    """The profile's figures and exploitability (see module doc)."""
    spec = run.spec
    mix = mixture(profile)
    figures = run.play(
        [PROFILE] * run.players, {PROFILE: mix}, budget.figures, sub_seed(spec.seed, "figures")
    )
    own = [
        math.fsum(stakes(s, k) for k in range(len(s.bots))) / len(s.bots)
        for s in figures.run.summaries
    ]
    own_est = mean_ci(own)
    eval_seed = sub_seed(spec.seed, "deviations")
    candidates: list[tuple[Policy, float]] = []
    for p in pop:
        values, _ = run.payoffs(p, mix, budget.evaluation, eval_seed)
        candidates.append((p, math.fsum(values) / len(values) - own_est.value))
    for fam in fams:
        found = run.best_response(
            fam, mix, budget.final_trials, budget.search, sub_seed(spec.seed, f"exploit/{fam}")
        )
        same = same_policy(pop, fam, found)
        if same is not None:
            continue  # measured above
        dev = Policy(
            new_label(pop, fam, "x"),
            f"search of {fam} against the profile",
            family=fam,
            params=found,
        )
        values, _ = run.payoffs(dev, mix, budget.evaluation, eval_seed)
        candidates.append((dev, math.fsum(values) / len(values) - own_est.value))
    oracles = ["the population"] + [f"a search of {fam}" for fam in fams]
    learned = learned_candidate(run, pop, mix)
    learned_row = None
    if learned is not None:
        values, _ = run.payoffs(learned, mix, budget.evaluation, eval_seed)
        candidates.append((learned, math.fsum(values) / len(values) - own_est.value))
        oracles.append(oracle_name(learned))
        size = budget.confirm
        if spec.learned_minutes is not None:  # a clock-sized oracle: at least LEARNED_CONFIRM
            size = max(size, LEARNED_CONFIRM)
        learned_row = remeasure(run, learned, mix, size, own)
    best, _ = max(candidates, key=lambda pc: pc[1])
    confirm_seed = sub_seed(spec.seed, "confirm")
    renamed = Policy(DEVIATOR, best.found, best.bot, best.family, best.params)
    values, report = run.payoffs(renamed, mix, budget.confirm, confirm_seed)
    dev_est = mean_ci(values)
    gain = dev_est.value - own_est.value
    half = Z95 * math.sqrt(var_of_mean(values) + var_of_mean(own))
    row = next(b for b in report["bots"] if b["bot"] == DEVIATOR)
    return {
        "equilibrium": figures.report,
        "value": own_est.as_dict(),
        "exploitability": {
            "gain": gain,
            "interval": [gain - half, gain + half],
            "deviation": best.public(),
            "deviation_payoff": dev_est.as_dict(),
            "deviation_tol_rate": row["tol_rate"],
            "deviation_ec_rate": row["ec_rate"],
            "profile_payoff": own_est.as_dict(),
            "matches": budget.confirm,
            "seed": confirm_seed,
            "candidates": [{"label": p.label, "found": p.found, "gain": g} for p, g in candidates],
            "oracles": oracles,
            **({"learned": learned_row} if learned_row is not None else {}),
        },
    }


@contextmanager
def _ray_session(spec: BalanceSpec) -> Iterator[None]:
    """``--ray auto``: one local Ray instance for the whole run (each simulation
    would otherwise start and stop its own); an address is joined by each."""
    if spec.ray != "auto":
        yield
        return
    try:
        import ray
    except ImportError:
        raise MainmatchError("--ray needs Ray: pip install 'mainmatch[cluster]'") from None
    from .backends import cpu_count

    if ray.is_initialized():
        yield
        return
    options: dict[str, Any] = {"log_to_driver": False, "logging_level": "ERROR"}
    ray.init(
        address="local",
        num_cpus=max(1, spec.workers or cpu_count()),
        include_dashboard=False,
        **options,
    )
    try:
        yield
    finally:
        ray.shutdown()


def profile_bot(result: JSONObject, name: str) -> JSONObject:
    """The profile as a mixture bot file (``simulate --bot-params``)."""
    comps = []
    for c in result["profile"]:
        comp = {"weight": c["weight"]}
        comp.update(
            {"bot": c["bot"]} if "bot" in c else {"family": c["family"], "params": c["params"]}
        )
        comps.append(comp)
    return mixture_bot_file(result["game"], comps, name)


def sentence(result: JSONObject) -> str:
    """The exploitability in one line."""
    x = result["exploitability"]
    dev = x["deviation"]
    if "bot" in dev:
        how = dev["bot"]
    elif dev.get("family") == LEARNED:
        how = "a learned policy"
    else:
        how = f"{dev['family']} ({params_text(dev['params'])})"
    low, high = x["interval"]
    what = (
        f"the {result['checked']} bot" if result["mode"] == "check" else "the equilibrium profile"
    )
    return (
        f"Exploitability of {what}: one seat playing {how} ({dev['found']}) gains "
        f"{100 * x['gain']:+.1f} points of (ToL - EC) [{100 * low:+.1f}, {100 * high:+.1f}] "
        f"over the profile's own {100 * x['profile_payoff']['value']:+.1f}, "
        f"re-measured on {x['matches']:,} fresh matches (a lower bound: only "
        f"{_listed(x.get('oracles') or ['the families'])} were tried)."
    )


def _listed(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def balance_spec_of_cell(sweep: Any, variant: JSONObject) -> BalanceSpec:
    """The equilibrium search of one ``sweep --balance`` cell (``sweep.SweepSpec``):
    fewer iterations and trials than ``balance``'s defaults, for a small budget."""
    return BalanceSpec(
        sweep.game,
        budget=int(sweep.balance_budget),
        seed=sweep.seed,
        variant=variant,
        iterations=CELL_ITERATIONS,
        meta_steps=CELL_META_STEPS,
        trials=CELL_TRIALS,
        workers=sweep.workers,
        ray=sweep.ray,
        bot_modules=sweep.bot_modules,
        players=sweep.players,
    )


def balanced_cell(
    sweep: Any, variant: JSONObject, on_progress: Callable[[int], None] | None
) -> JSONObject:
    """One ``sweep --balance`` cell: ``{"report": the profile's table, "balance":
    the profile and its exploitability}`` (the searched bots adapted to the cell's rules)."""
    result = run_balance(balance_spec_of_cell(sweep, variant), on_progress)
    x = result["exploitability"]
    return {
        "report": result["equilibrium"],
        "balance": {
            "profile": result["profile"],
            "exploitability": {k: x[k] for k in ("gain", "interval", "deviation", "matches")},
            "matches_played": result["matches_played"],
        },
    }
