"""What ``mainmatch balance`` plays with: its options, the budget plan, the
policies of the population and the profile (see ``balance`` for the method)."""

from __future__ import annotations

import hashlib
import math
from collections.abc import Sequence
from dataclasses import dataclass

from mainmatch import games
from mainmatch.bots import bot_names
from mainmatch.bots.families import MIXTURE, families
from mainmatch.bots.learned import LEARNED
from mainmatch.engine.errors import MainmatchError, require_positive
from mainmatch.engine.game import JSONObject

from .balance_meta import SOLVERS
from .plan import seat_count
from .summary import MatchSummary

#: the name of the profile's seats at the table
PROFILE = "profile"
#: the deviator's seat in the exploitability re-measure
DEVIATOR = "deviator"
#: components under this weight are dropped from the profile
PRUNE = 0.01
DEFAULT_BUDGET = 40_000
#: ``--check``'s default budget: the budget of the shipped exploitability figures
#: (``make exploitability``), a minute of one core in the slowest game
#: (docs/decisions/tables.md TBL1)
CHECK_BUDGET = 10_000
DEFAULT_ITERATIONS = 4
#: meta-solver steps per iteration (each a fresh evaluation of every policy)
DEFAULT_META_STEPS = 3
DEFAULT_TRIALS = 10
#: matches the whole run may play: above this a run takes days
MAX_BUDGET = 10_000_000
#: ``sweep --balance``: a smaller search per cell
CELL_ITERATIONS = 3
CELL_TRIALS = 6
CELL_META_STEPS = 2
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
    params: JSONObject | None = None

    def component(self) -> JSONObject:
        """This policy as a mixture component (weight added by the caller)."""
        if self.bot is not None:
            return {"bot": self.bot}
        return {"family": self.family, "params": dict(self.params or {})}

    def tuned(self) -> dict[str, tuple[str, JSONObject]]:
        """Its entry in the simulator's tuned bots (none for a registered bot
        played under its own name)."""
        if self.bot is not None and self.bot == self.label:
            return {}
        if self.bot is not None:
            return {self.label: (MIXTURE, {"components": [{"weight": 1.0, "bot": self.bot}]})}
        return {self.label: (str(self.family), dict(self.params or {}))}

    def as_dict(self) -> JSONObject:
        return {"label": self.label, "found": self.found, **self.component()}

    def public(self) -> JSONObject:
        """:meth:`as_dict` with a learned file named, not copied (reports stay small)."""
        out = self.as_dict()
        if self.family == LEARNED:
            file = dict(self.params or {}).get("file") or {}
            out["params"] = {"members": len(file.get("members") or ())}
        return out


@dataclass(frozen=True)
class BalanceSpec:
    game: str
    budget: int = DEFAULT_BUDGET
    seed: int = 0
    variant: JSONObject | None = None
    iterations: int = DEFAULT_ITERATIONS
    meta_steps: int = DEFAULT_META_STEPS
    trials: int = DEFAULT_TRIALS
    solver: str = "regret"
    #: ``check`` mode: the profile to measure (a bot name, or a tuned/mixture bot
    #: named in ``tuned``); ``None``: solve
    check: str | None = None
    tuned: JSONObject | None = None
    workers: int | None = 1
    ray: str | None = None
    bot_modules: tuple[str, ...] = ()
    #: the table size (``--players``; ``None``: the game's default count)
    players: int | None = None
    #: training matches of the learned best-response oracle (``--learned-budget``;
    #: ``None``: ``LEARNED_SHARE`` of ``budget``; under one batch: not run)
    learned_budget: int | None = None
    #: wall-clock minutes of each learned best response's training
    #: (``--learned-minutes``; instead of ``learned_budget``, not with it)
    learned_minutes: float | None = None


#: the learned best response's budget by default, a share of ``--budget`` on top of it,
#: when that is at least ``LEARNED_LEAST`` matches (ten batches; less learns nothing)
LEARNED_SHARE = 0.1
LEARNED_LEAST = 640
#: fresh matches of the re-measure of a learned best response sized by
#: ``--learned-minutes``, at least (a long run's figure: about +-5 points)
LEARNED_CONFIRM = 1000
#: ``--learned-minutes`` at most a day (``train --minutes``' bound)
LEARNED_MAX_MINUTES = 24 * 60


def default_budget(check: str | None) -> int:
    """``--budget`` when none is given: :data:`CHECK_BUDGET` for ``--check``, which
    measures a given profile, else :data:`DEFAULT_BUDGET` (a search and its check)."""
    return DEFAULT_BUDGET if check is None else CHECK_BUDGET


def learned_budget(spec: BalanceSpec) -> int:
    """Training matches of the learned best-response oracle (see ``BalanceSpec``);
    with ``learned_minutes`` the most the clock may reach (``MAX_BUDGET``)."""
    if spec.learned_minutes is not None:
        return MAX_BUDGET
    if spec.learned_budget is not None:
        return spec.learned_budget
    share = int(spec.budget * LEARNED_SHARE)
    return share if share >= LEARNED_LEAST else 0


@dataclass(frozen=True)
class BudgetPlan:
    """How ``budget`` matches are spent (all counts in matches)."""

    unit: int
    iterations: int
    meta_steps: int
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
    evaluations = spec.meta_steps * sum(start + fams * i for i in range(t))
    solve = evaluations + max(0, t - 1) * fams * (k + 2)
    last = start + fams * max(0, t - 1)
    final = last + fams * (2 * spec.trials + 2 + 1) + FIGURE_UNITS + CONFIRM_UNITS
    return solve + final


def plan_budget(spec: BalanceSpec, start: int, fams: int) -> BudgetPlan:
    """The sizes of every step for ``spec.budget`` matches (one line if too small).

    >>> spec = BalanceSpec("seat_exchange", budget=10_000, iterations=2, trials=3)
    >>> p = plan_budget(spec, 3, 2); p.unit, p.planned <= 10_000
    (153, True)
    """
    players = seat_count(games.get(spec.game), spec.players)
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
        meta_steps=spec.meta_steps,
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
    require_positive("--iterations", spec.iterations)
    require_positive("--meta-steps", spec.meta_steps)
    require_positive("--trials", spec.trials)
    if spec.learned_budget is not None and not 0 <= spec.learned_budget <= MAX_BUDGET:
        raise MainmatchError(f"--learned-budget must be 0..{MAX_BUDGET:,} matches")
    if spec.learned_minutes is not None:
        if spec.learned_budget is not None:
            raise MainmatchError("give --learned-minutes or --learned-budget, not both")
        if not 0 < spec.learned_minutes <= LEARNED_MAX_MINUTES:
            raise MainmatchError(
                f"--learned-minutes must be above 0 and at most {LEARNED_MAX_MINUTES:,} "
                f"(minutes of wall time), not {spec.learned_minutes:g}"
            )
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


def sub_seed(seed: int, what: str) -> int:
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


def mixture(profile: Sequence[tuple[Policy, float]]) -> tuple[str, JSONObject]:
    """The simulator's mixture bot of ``profile`` (policies of weight 0 left out)."""
    return (
        MIXTURE,
        {"components": [{"weight": w, **p.component()} for p, w in profile if w > 0]},
    )


def new_label(pop: Sequence[Policy], family: str, iteration: int | str) -> str:
    base = f"{family}-{iteration}"
    label, k = base, 1
    while any(p.label == label for p in pop):
        k += 1
        label = f"{base}.{k}"
    return label


def same_policy(pop: Sequence[Policy], family: str, params: JSONObject) -> Policy | None:
    return next((p for p in pop if p.family == family and p.params == params), None)


def checked_profile(spec: BalanceSpec) -> list[tuple[Policy, float]]:
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


def params_text(params: JSONObject) -> str:
    """A family's parameters as the tables show them: ``spend=0.5, last=0``."""
    return ", ".join(
        f"{k}={v:.3g}" if isinstance(v, float) else f"{k}={v}" for k, v in params.items()
    )


def planned_total(spec: BalanceSpec) -> int:
    """The matches ``run_balance`` plans to play (for a progress bar)."""
    check_spec(spec)
    pop = starting_population(spec.game)
    plan = plan_budget(spec, len(pop), len(families(spec.game)))
    # the learned best response (whole batches of 64), its evaluation and its own
    # re-measure, when it runs; with --learned-minutes its training is not counted
    # (the clock, not a budget, ends it)
    learned = 0 if spec.learned_minutes is not None else learned_budget(spec) // 64 * 64
    if not learned and spec.learned_minutes is None:
        return plan.planned
    # one learned best response per solving iteration but the last, one to measure
    runs = 1 + (0 if spec.check else max(0, spec.iterations - 1))
    confirm = plan.confirm if spec.learned_minutes is None else max(plan.confirm, LEARNED_CONFIRM)
    return plan.planned + runs * learned + plan.evaluation + confirm
