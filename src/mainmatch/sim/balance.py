"""``mainmatch balance``: how a rule set plays among good players.

An equilibrium search in the style of PSRO (Lanctot et al. 2017) over the
game's policies, with the simulator as the payoff oracle:

1. **Population**: the shipped ``strategy`` bot and each bot family's
   defaults (``bots/families``); the meta-strategy starts uniform over it.
2. **Meta-game**: a seat's payoff is its stakes, a Token of Life +1 and the
   Elimination Candidate -1 (the default reward of ``mainmatch.rl``). Each
   iteration measures, for every policy ``i``, ``u_i`` = the mean payoff of one
   seat playing ``i`` while the other seats draw from the meta-strategy (a
   mixture seat, ``families.mixture_draw``), seats rotated, every policy on
   the same match seeds (common random numbers).
3. **Meta-solver** (``balance_meta``): regret matching+ (default) or
   replicator dynamics, one step per iteration.
4. **Best responses**: after each iteration but the last, ``search`` (optuna,
   ``sim.search``) tunes every family against the current meta-strategy and
   the best parameters join the population.

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

import hashlib
import math
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from mainmatch import games
from mainmatch.bots import bot_names
from mainmatch.bots.families import MIXTURE, families, mixture_bot_file
from mainmatch.engine.errors import MainmatchError

from . import simulate
from .balance_meta import SOLVERS, MetaSolver
from .stats import Z95, mean_ci
from .summary import MatchSummary

#: the name of the profile's seats at the table
PROFILE = "profile"
#: the deviator's seat in the exploitability re-measure
DEVIATOR = "deviator"
#: components under this weight are dropped from the profile
PRUNE = 0.01
DEFAULT_BUDGET = 40_000
DEFAULT_ITERATIONS = 6
DEFAULT_TRIALS = 10
#: matches the whole run may play: above this a run takes days
MAX_BUDGET = 10_000_000
#: ``sweep --balance``: a smaller search per cell
CELL_ITERATIONS = 3
CELL_TRIALS = 6
#: figures and re-measure, in units
FIGURE_UNITS = 4
CONFIRM_UNITS = 4


@dataclass(frozen=True)
class Policy:
    """A member of the population: a registered bot, or a family with parameters."""

    label: str
    found: str
    bot: str | None = None
    family: str | None = None
    params: dict[str, Any] | None = None

    def component(self) -> dict[str, Any]:
        """This policy as a mixture component (weight added by the caller)."""
        if self.bot is not None:
            return {"bot": self.bot}
        return {"family": self.family, "params": dict(self.params or {})}

    def tuned(self) -> dict[str, tuple[str, dict]]:
        """Its entry in the simulator's tuned bots (none for a registered bot
        played under its own name)."""
        if self.bot is not None and self.bot == self.label:
            return {}
        if self.bot is not None:
            return {self.label: (MIXTURE, {"components": [{"weight": 1.0, "bot": self.bot}]})}
        return {self.label: (str(self.family), dict(self.params or {}))}

    def as_dict(self) -> dict[str, Any]:
        return {"label": self.label, "found": self.found, **self.component()}


@dataclass(frozen=True)
class BalanceSpec:
    game: str
    budget: int = DEFAULT_BUDGET
    seed: int = 0
    variant: dict | None = None
    iterations: int = DEFAULT_ITERATIONS
    trials: int = DEFAULT_TRIALS
    solver: str = "regret"
    #: ``check`` mode: the profile to measure (a bot name, or a tuned/mixture bot
    #: named in ``tuned``); ``None``: solve
    check: str | None = None
    tuned: dict | None = None
    workers: int | None = 1
    ray: str | None = None
    bot_modules: tuple[str, ...] = ()


@dataclass(frozen=True)
class BudgetPlan:
    """How ``budget`` matches are spent (all counts in matches)."""

    unit: int
    iterations: int
    trials: int
    #: each policy's matches per meta-game evaluation
    evaluation: int
    #: matches per search trial, and of a search's own re-measure
    search: int
    final_trials: int
    figures: int
    confirm: int
    planned: int

    def as_dict(self) -> dict[str, int]:
        return dict(self.__dict__)


def _units(spec: BalanceSpec, start: int, fams: int) -> float:
    """Units of play: evaluations + searches while solving, then the final
    re-evaluation, the final searches, the figures and the re-measure."""
    t, k = (0, 0) if spec.check else (spec.iterations, spec.trials)
    # a best response is two searches (each trial 1 unit, each re-measure 1 unit)
    solve = sum(start + fams * i for i in range(t)) + max(0, t - 1) * fams * (k + 2)
    last = start + fams * max(0, t - 1)
    final = last + fams * (2 * spec.trials + 2 + 1) + FIGURE_UNITS + CONFIRM_UNITS
    return solve + final


def plan_budget(spec: BalanceSpec, start: int, fams: int) -> BudgetPlan:
    """The sizes of every step for ``spec.budget`` matches (one line if too small).

    >>> spec = BalanceSpec("seat_exchange", budget=10_000, iterations=2, trials=3)
    >>> p = plan_budget(spec, 3, 2); p.unit, p.planned <= 10_000
    (204, True)
    """
    players = games.get(spec.game).player_count
    units = _units(spec, start, fams)
    unit = int(spec.budget // units)
    if unit < players:
        need = math.ceil(units * players)
        raise MainmatchError(
            f"a budget of {spec.budget:,} matches is too small for {spec.game} with these settings: "
            f"at least {need:,} matches ({players} per unit of play)"
        )
    return BudgetPlan(
        unit=unit,
        iterations=0 if spec.check else spec.iterations,
        trials=spec.trials,
        evaluation=unit,
        search=unit,
        final_trials=2 * spec.trials,
        figures=FIGURE_UNITS * unit,
        confirm=CONFIRM_UNITS * unit,
        planned=int(units * unit),
    )


def check_spec(spec: BalanceSpec) -> None:
    """One line on a bad choice, before anything is played."""
    games.get(spec.game)
    if spec.budget < 1 or spec.budget > MAX_BUDGET:
        raise MainmatchError(f"--budget must be 1..{MAX_BUDGET:,} matches, not {spec.budget:,}")
    if spec.iterations < 1:
        raise MainmatchError(f"--iterations must be at least 1, not {spec.iterations}")
    if spec.trials < 1:
        raise MainmatchError(f"--trials must be at least 1, not {spec.trials}")
    if spec.solver not in SOLVERS:
        raise MainmatchError(f"--solver must be one of {', '.join(SOLVERS)}, not {spec.solver!r}")
    if spec.check is not None:
        known = bot_names(spec.game) + sorted(spec.tuned or {})
        if spec.check not in known:
            raise MainmatchError(
                f"--check {spec.check}: no bot {spec.check!r} for {spec.game}; bots: {', '.join(known)}"
            )
    for name in (PROFILE, DEVIATOR):
        if name in bot_names(spec.game) or name in (spec.tuned or {}):
            raise MainmatchError(f"a bot is named {name!r}: balance needs that name for itself")


def _seed(seed: int, what: str) -> int:
    digest = hashlib.sha256(f"mainmatch-balance/{seed}/{what}".encode()).digest()
    return int.from_bytes(digest[:4], "big")


def stakes(s: MatchSummary, seat: int) -> int:
    """A seat's payoff: +1 with a Token of Life, -1 as the Elimination Candidate
    (``mainmatch.rl.table.Rewards``' default)."""
    return (s.tokens[seat] > 0) - (s.ec == seat)


def starting_population(game_id: str) -> list[Policy]:
    """The shipped ``strategy`` bot (where the game has one) and every family's defaults."""
    out = []
    if "strategy" in bot_names(game_id):
        out.append(Policy("strategy", "the shipped strategy bot", bot="strategy"))
    for name, fam in families(game_id).items():
        out.append(Policy(name, "family defaults", family=name, params=fam.defaults()))
    if not out:
        out.append(Policy("random", "the random bot", bot="random"))
    return out


def profile_of(pop: Sequence[Policy], weights: Sequence[float]) -> list[tuple[Policy, float]]:
    """Policies with their weights, those under ``PRUNE`` dropped, renormalised."""
    kept = [(p, w) for p, w in zip(pop, weights) if w >= PRUNE]
    if not kept:  # cannot happen with weights summing to 1 over < 100 policies
        kept = [max(zip(pop, weights), key=lambda pw: pw[1])]
    total = math.fsum(w for _, w in kept)
    return [(p, w / total) for p, w in kept]


def mixture(profile: Sequence[tuple[Policy, float]]) -> tuple[str, dict]:
    """The simulator's mixture bot of ``profile`` (policies of weight 0 left out)."""
    return (
        MIXTURE,
        {"components": [{"weight": w, **p.component()} for p, w in profile if w > 0]},
    )


@dataclass
class _Run:
    spec: BalanceSpec
    progress: Callable[[int], None]
    players: int
    played: int = 0
    log: list[dict] = field(default_factory=list)

    def advance(self, k: int) -> None:
        self.played += k
        self.progress(k)

    def play(self, lineup: list[str], tuned: dict, matches: int, seed: int):
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
        )

    def payoffs(self, policy: Policy, profile: tuple[str, dict], matches: int, seed: int):
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
        self, family: str, profile: tuple[str, dict], trials: int, matches: int, seed: int
    ) -> dict[str, Any]:
        """The parameters of ``family`` that do best against the profile: two
        searches (``search`` tunes ToL rate or EC rate, not both), half the
        trials each, the better by (ToL - EC) on its own fresh re-measure."""
        found = []
        for objective, n in (("tol", (trials + 1) // 2), ("ec", trials // 2)):
            if n < 1:
                continue
            result = self.search(family, profile, n, matches, _seed(seed, objective), objective)
            found.append((_found_stakes(result), result["params"]))
        return dict(max(found, key=lambda sp: sp[0])[1])

    def search(
        self,
        family: str,
        profile: tuple[str, dict],
        trials: int,
        matches: int,
        seed: int,
        objective: str,
    ) -> dict:
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
            ),
            self.advance,
        )


def _found_stakes(result: dict) -> float:
    """ToL rate - EC rate of a search's found bot on its re-measure (``-inf``
    where the result does not hold it)."""
    try:
        row = next(b for b in result["confirm"]["report"]["bots"] if b["bot"] == "candidate")
        return float(row["tol_rate"]["value"]) - float(row["ec_rate"]["value"])
    except (KeyError, StopIteration, TypeError):
        return -math.inf


def _label(pop: Sequence[Policy], family: str, iteration: int | str) -> str:
    base = f"{family}-{iteration}"
    label, k = base, 1
    while any(p.label == label for p in pop):
        k += 1
        label = f"{base}.{k}"
    return label


def _same(pop: Sequence[Policy], family: str, params: dict) -> Policy | None:
    return next((p for p in pop if p.family == family and p.params == params), None)


def _checked_profile(spec: BalanceSpec) -> list[tuple[Policy, float]]:
    """The ``--check`` profile as policies with weights."""
    name = str(spec.check)
    tuned = dict(spec.tuned or {})
    if name not in tuned:
        return [(Policy(name, "given", bot=name), 1.0)]
    fam, params = tuned[name]
    if fam != MIXTURE:
        return [(Policy(name, "given", family=fam, params=dict(params)), 1.0)]
    out = []
    for k, comp in enumerate(params["components"]):
        label = comp.get("bot") or f"{comp['family']}-c{k}"
        out.append(
            (
                Policy(label, "given", comp.get("bot"), comp.get("family"), comp.get("params")),
                comp["weight"],
            )
        )
    return out


def planned_total(spec: BalanceSpec) -> int:
    """The matches ``run_balance`` plans to play (for a progress bar)."""
    check_spec(spec)
    pop = starting_population(spec.game)
    return plan_budget(spec, len(pop), len(families(spec.game))).planned


def run_balance(spec: BalanceSpec, on_progress: Callable[[int], None] | None = None) -> dict:
    """Solve (or check) and measure; return the JSON (see module doc)."""
    check_spec(spec)
    game = games.get(spec.game)
    fams = list(families(spec.game))
    pop = starting_population(spec.game)
    budget = plan_budget(spec, len(pop), len(fams))
    run = _Run(spec, on_progress or (lambda _n: None), game.player_count)
    iterations: list[dict] = []
    with _ray_session(spec):
        if spec.check is not None:
            profile = _checked_profile(spec)
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
        "plan": budget.as_dict(),
        "matches_played": run.played,
        "population": [p.as_dict() for p in pop],
        "iterations": iterations,
        "profile": [{"weight": w, **p.as_dict()} for p, w in profile],
        **result,
    }


def _solve(
    run: _Run, pop: list[Policy], fams: list[str], budget: BudgetPlan, log: list[dict]
) -> list[tuple[Policy, float]]:
    spec = run.spec
    solver = MetaSolver(spec.solver)
    solver.start([1.0] * len(pop))
    for t in range(budget.iterations):
        current = mixture(list(zip(pop, solver.sigma)))
        seed = _seed(spec.seed, f"evaluate/{t}")
        u = [
            math.fsum(v) / len(v)
            for v in (run.payoffs(p, current, budget.evaluation, seed)[0] for p in pop)
        ]
        sigma = list(solver.sigma)
        solver.update(u)
        added = []
        if t < budget.iterations - 1:
            for fam in fams:
                found = run.best_response(
                    fam,
                    current,
                    budget.trials,
                    budget.search,
                    _seed(spec.seed, f"search/{t}/{fam}"),
                )
                if _same(pop, fam, found) is None:
                    pop.append(
                        Policy(
                            _label(pop, fam, t + 1),
                            f"search of {fam} against iteration {t}'s meta-strategy",
                            family=fam,
                            params=found,
                        )
                    )
                    solver.add()
                    added.append(pop[-1].label)
        log.append(
            {
                "iteration": t,
                "meta_strategy": {p.label: w for p, w in zip(pop, sigma)},
                "payoffs": {p.label: x for p, x in zip(pop, u)},
                "value": math.fsum(s * x for s, x in zip(sigma, u)),
                "added": added,
            }
        )
    return profile_of(pop, solver.average())


def _measure(
    run: _Run,
    pop: list[Policy],
    fams: list[str],
    budget: BudgetPlan,
    profile: list[tuple[Policy, float]],
) -> dict:
    """The profile's figures and exploitability (see module doc)."""
    spec = run.spec
    mix = mixture(profile)
    figures = run.play(
        [PROFILE] * run.players, {PROFILE: mix}, budget.figures, _seed(spec.seed, "figures")
    )
    own = [
        math.fsum(stakes(s, k) for k in range(len(s.bots))) / len(s.bots)
        for s in figures.run.summaries
    ]
    own_est = mean_ci(own)
    eval_seed = _seed(spec.seed, "deviations")
    candidates: list[tuple[Policy, float]] = []
    for p in pop:
        values, _ = run.payoffs(p, mix, budget.evaluation, eval_seed)
        candidates.append((p, math.fsum(values) / len(values) - own_est.value))
    for fam in fams:
        found = run.best_response(
            fam, mix, budget.final_trials, budget.search, _seed(spec.seed, f"exploit/{fam}")
        )
        same = _same(pop, fam, found)
        if same is not None:
            continue  # measured above
        dev = Policy(
            _label(pop, fam, "x"),
            f"search of {fam} against the profile",
            family=fam,
            params=found,
        )
        values, _ = run.payoffs(dev, mix, budget.evaluation, eval_seed)
        candidates.append((dev, math.fsum(values) / len(values) - own_est.value))
    best, _ = max(candidates, key=lambda pc: pc[1])
    confirm_seed = _seed(spec.seed, "confirm")
    renamed = Policy(DEVIATOR, best.found, best.bot, best.family, best.params)
    values, report = run.payoffs(renamed, mix, budget.confirm, confirm_seed)
    dev_est = mean_ci(values)
    gain = dev_est.value - own_est.value
    half = Z95 * math.sqrt(_var_of_mean(values) + _var_of_mean(own))
    row = next(b for b in report["bots"] if b["bot"] == DEVIATOR)
    return {
        "equilibrium": figures.report,
        "value": own_est.as_dict(),
        "exploitability": {
            "gain": gain,
            "interval": [gain - half, gain + half],
            "deviation": {k: v for k, v in best.as_dict().items()},
            "deviation_payoff": dev_est.as_dict(),
            "deviation_tol_rate": row["tol_rate"],
            "deviation_ec_rate": row["ec_rate"],
            "profile_payoff": own_est.as_dict(),
            "matches": budget.confirm,
            "seed": confirm_seed,
            "candidates": [{"label": p.label, "found": p.found, "gain": g} for p, g in candidates],
        },
    }


def _var_of_mean(values: Sequence[float]) -> float:
    n = len(values)
    if n < 2:
        return math.inf
    mean = math.fsum(values) / n
    return math.fsum((v - mean) ** 2 for v in values) / (n - 1) / n


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


def profile_bot(result: dict, name: str) -> dict:
    """The profile as a mixture bot file (``simulate --bot-params``)."""
    comps = []
    for c in result["profile"]:
        comp = {"weight": c["weight"]}
        comp.update(
            {"bot": c["bot"]} if "bot" in c else {"family": c["family"], "params": c["params"]}
        )
        comps.append(comp)
    return mixture_bot_file(result["game"], comps, name)


def sentence(result: dict) -> str:
    """The exploitability in one line."""
    x = result["exploitability"]
    dev = x["deviation"]
    how = dev["bot"] if "bot" in dev else f"{dev['family']} ({_params(dev['params'])})"
    low, high = x["interval"]
    what = (
        f"the {result['checked']} bot" if result["mode"] == "check" else "the equilibrium profile"
    )
    return (
        f"Exploitability of {what}: one seat playing {how} ({dev['found']}) gains "
        f"{100 * x['gain']:+.1f} points of (ToL - EC) [{100 * low:+.1f}, {100 * high:+.1f}] "
        f"over the profile's own {100 * x['profile_payoff']['value']:+.1f}, "
        f"re-measured on {x['matches']:,} fresh matches (a lower bound: only the families are searched)."
    )


def _params(params: dict) -> str:
    return ", ".join(
        f"{k}={v:.3g}" if isinstance(v, float) else f"{k}={v}" for k, v in params.items()
    )


def balance_spec_of_cell(sweep: Any, variant: dict) -> BalanceSpec:
    """The equilibrium search of one ``sweep --balance`` cell (``sweep.SweepSpec``):
    fewer iterations and trials than ``balance``'s defaults, for a small budget."""
    return BalanceSpec(
        sweep.game,
        budget=int(sweep.balance_budget),
        seed=sweep.seed,
        variant=variant,
        iterations=CELL_ITERATIONS,
        trials=CELL_TRIALS,
        workers=sweep.workers,
        ray=sweep.ray,
        bot_modules=sweep.bot_modules,
    )


def balanced_cell(sweep: Any, variant: dict, on_progress: Callable[[int], None] | None) -> dict:
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
