"""``mainmatch train``: a learned player for any registered game, seeking equilibrium play.

A population in the style of PSRO (Lanctot et al. 2017) with learned best
responses (docs/decisions/learn.md LRN3):

1. **Discovery** (``learn_discover``): the features and decision kinds, read
   off the game's views and step descriptions in random play.
2. **Iterations** ``t = 0 .. T-1``. A learner (a linear softmax per decision
   kind, ``bots/learned_policy.py``; warm-started from the last member) plays
   batches of matches: each seat is the learner with chance ``learner_share``,
   every other seat draws from the *field*: the population's current mixture
   (``1 - fixed_share``) or the game's own bots and ``random`` (``fixed_share``,
   all of it before the first member exists). Its update is REINFORCE with a
   linear baseline and Adam (``learn_play``). At the end of the iteration the
   learner joins the population.
3. **Meta-game**: each member's payoff ``u_i`` is one seat of it against the
   mixture in every other seat (the simulator, common random numbers: every
   member on the same seeds); regret matching+ (``balance_meta``) takes
   ``META_STEPS`` steps, and its average is the new mixture.

The answer is the population with its mixture. Budget: ``budget`` training
matches in all (``--budget``), or what ``minutes`` allows: the first two
batches are timed and the budget fixed from their pace, so ``--budget`` with the
recorded figure reproduces the same file byte for byte (LRN6). Batches are cut
into ``CHUNKS`` chunks whatever the workers, and their sums added in order:
the same seed gives the same file with any ``--workers``.
"""

from __future__ import annotations

import hashlib
import math
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np

from mainmatch import games
from mainmatch.bots import bot_names, get_bot
from mainmatch.bots.learned import FORMAT, LEARNED, LearnedBot, encode_weights
from mainmatch.engine.errors import MainmatchError
from mainmatch.engine.game import JSONObject

from . import Simulation, simulate
from .balance_meta import MetaSolver
from .learn_discover import Discovery
from .learn_play import Sums, Task, run_tasks
from .learn_pool import Pool
from .plan import seat_count

#: matches per batch, cut into CHUNKS chunks
BATCH = 64
CHUNKS = 4
#: bounds of the command's inputs (docs/cli.md)
MAX_MINUTES = 24 * 60
MAX_BUDGET = 10_000_000
MIN_BUDGET = BATCH
META_STEPS = 4
#: the baseline's normalised step (``Learner.update``)
VALUE_STEP = 0.5
#: share of the time for training when ``--minutes`` is given (the rest measures)
TRAIN_SHARE = 0.6


@dataclass
class TrainSpec:
    game: str
    players: int | None = None
    variant: dict[str, int] = field(default_factory=dict)
    minutes: float | None = None
    budget: int | None = None
    seed: int = 0
    workers: int = 1
    ray: str | None = None
    name: str = "learned"
    iterations: int = 4
    learner_share: float = 0.5
    fixed_share: float = 0.25
    lr: float = 0.05
    entropy: float = 0.01
    shaping: float = 0.1
    #: learned best response (exploitability) budget: a share of ``budget``
    br_share: float = 0.2
    #: matches per measured table (``None``: ``learn_eval.eval_matches`` of the budget)
    eval_matches: int | None = None

    def settings(self) -> JSONObject:
        keep = (
            "iterations",
            "learner_share",
            "fixed_share",
            "lr",
            "entropy",
            "shaping",
            "br_share",
            "eval_matches",
        )
        return {k: v for k, v in asdict(self).items() if k in keep}


def check_train(spec: TrainSpec) -> int:
    """One line on any bad input; the table size."""
    game = games.get(spec.game)
    players = seat_count(game, spec.players)
    if (spec.minutes is None) == (spec.budget is None):
        raise MainmatchError("give --minutes M or --budget MATCHES (one of them)")
    if spec.minutes is not None and not 0 < spec.minutes <= MAX_MINUTES:
        raise MainmatchError(f"--minutes must be above 0 and at most {MAX_MINUTES}")
    if spec.budget is not None and not MIN_BUDGET <= spec.budget <= MAX_BUDGET:
        raise MainmatchError(f"--budget must be {MIN_BUDGET} to {MAX_BUDGET:,} matches")
    if not 1 <= spec.workers <= 256:
        raise MainmatchError("--workers must be 1 to 256")
    if spec.ray is not None and not spec.ray.strip():
        raise MainmatchError("--ray must be auto or a cluster's address")
    if not spec.name or "," in spec.name or spec.name.strip() != spec.name:
        raise MainmatchError("--name must be a bot name without commas or spaces")
    if not 1 <= spec.iterations <= 50:
        raise MainmatchError("--iterations must be 1 to 50")
    if spec.eval_matches is not None and not 10 <= spec.eval_matches <= 100_000:
        raise MainmatchError("--eval-matches must be 10 to 100,000")
    return players


def sub_seed(seed: int, what: str) -> int:
    digest = hashlib.sha256(f"mainmatch-train/{seed}/{what}".encode()).digest()
    return int.from_bytes(digest[:4], "big")


def own_bots(game_id: str) -> list[str]:
    """The game's registered bots that are not learned files (the field's fixed part)."""
    out = []
    for name in bot_names(game_id):
        if name != "random" and not isinstance(get_bot(game_id, name), LearnedBot):
            out.append(name)
    return out


class Adam:
    """Adam (Kingma and Ba 2015) ascending one array."""

    def __init__(self, shape: tuple[int, ...], lr: float):
        self.m = np.zeros(shape)
        self.v = np.zeros(shape)
        self.t = 0
        self.lr = lr

    def step(self, w: np.ndarray, g: np.ndarray) -> None:
        self.t += 1
        self.m = 0.9 * self.m + 0.1 * g
        self.v = 0.999 * self.v + 0.001 * g * g
        m_hat = self.m / (1 - 0.9**self.t)
        v_hat = self.v / (1 - 0.999**self.t)
        w += self.lr * m_hat / (np.sqrt(v_hat) + 1e-8)


@dataclass
class Learner:
    """The policy in training: weights and value weights per decision kind."""

    found: Discovery
    lr: float
    weights: dict[str, np.ndarray] = field(default_factory=dict)
    values: dict[str, np.ndarray] = field(default_factory=dict)
    opt: dict[str, Adam] = field(default_factory=dict)

    def __post_init__(self) -> None:
        size = len(self.found.features)
        for kind, d in self.found.decisions.items():
            self.weights.setdefault(kind, np.zeros((size, d["actions"])))
            self.values.setdefault(kind, np.zeros(size))

    def fresh_optimisers(self) -> None:
        self.opt = {k: Adam(w.shape, self.lr) for k, w in self.weights.items()}

    def update(self, sums: Sums) -> None:
        seats = max(1, sums.seats)
        for kind, g in sorted(sums.grads.items()):
            self.opt.setdefault(kind, Adam(g.shape, self.lr)).step(self.weights[kind], g / seats)
        for kind, g in sorted(sums.value_grads.items()):
            # normalised least mean squares: a step that moves the fit a share of
            # the way, whatever the number and size of the features
            self.values[kind] += VALUE_STEP * g / max(1e-9, sums.norms.get(kind, 0.0))

    def member(self, label: str) -> JSONObject:
        return {
            "label": label,
            "weights": {k: encode_weights(w) for k, w in sorted(self.weights.items())},
        }


def learned_file(
    spec: TrainSpec, players: int, found: Discovery, members: list[JSONObject], mixture: list[float]
) -> JSONObject:
    """A learned file (``bots/learned.py``) of ``members`` with ``mixture``."""
    return {
        "format": FORMAT,
        "game": spec.game,
        "name": spec.name,
        "players": players,
        "variant": dict(spec.variant),
        "features": list(found.features),
        "scales": [float(s) for s in found.scales],
        "decisions": found.decisions,
        "members": members,
        "mixture": [round(w, 6) for w in mixture],
    }


def now() -> float:
    """The wall clock (seconds; tests replace it)."""
    return time.perf_counter()


@dataclass
class Clock:
    """``--minutes`` as a wall-clock deadline from the command's start, read
    between units of work (a batch, a meta-game step, a measured table:
    docs/decisions/learn.md LRN12); no deadline without ``minutes``."""

    minutes: float | None
    started: float = field(default_factory=lambda: now())

    def left(self, share: float = 1.0) -> float:
        """Seconds left of ``share`` of the time (``inf`` without a deadline)."""
        if self.minutes is None:
            return math.inf
        return self.started + self.minutes * 60 * share - now()

    def over(self, share: float = 1.0) -> bool:
        return self.left(share) <= 0


@dataclass
class Run:
    """One training run's state: the spec, its pool and its progress."""

    spec: TrainSpec
    players: int
    found: Discovery
    pool: Pool | None
    progress: Callable[[int], None]
    fixed: list[str] = field(default_factory=list)
    played: int = 0
    log: list[JSONObject] = field(default_factory=list)
    clock: Clock = field(default_factory=lambda: Clock(None))
    #: what the clock cut (empty: the run is what ``--budget`` reproduces)
    cuts: list[str] = field(default_factory=list)
    #: wall seconds and matches of the training batches (the pace measuring plans by)
    batch_seconds: float = 0.0
    batch_matches: int = 0

    def pace(self) -> float:
        """Wall seconds a training match so far."""
        return self.batch_seconds / max(1, self.batch_matches)

    def field_of(
        self, members: list[JSONObject], mixture: list[float], fixed: list[str]
    ) -> tuple[tuple[float, tuple[str, Any]], ...]:
        """The field: the population's mixture and the fixed bots (module doc)."""
        out: list[tuple[float, tuple[str, Any]]] = []
        share = self.spec.fixed_share if members else 1.0
        for name in fixed:
            out.append((share / len(fixed), ("bot", name)))
        if members:
            data = learned_file(self.spec, self.players, self.found, members, mixture)
            out.append((1.0 - share, (LEARNED, {"file": data})))
        return tuple(out)

    def batch(
        self,
        learner: Learner,
        field_: tuple[tuple[float, tuple[str, Any]], ...],
        seed: int,
        share: float,
        index: int,
    ) -> Sums:
        started = now()
        data = learned_file(self.spec, self.players, self.found, [learner.member("learner")], [1])
        per = BATCH // CHUNKS
        tasks = [
            Task(
                game=self.spec.game,
                players=self.players,
                variant=self.spec.variant,
                learner=data,
                opponents=field_,
                seed=seed,
                start=index * BATCH + c * per,
                stop=index * BATCH + (c + 1) * per,
                learner_share=share,
                shaping=self.spec.shaping,
                entropy=self.spec.entropy,
                values=learner.values,
            )
            for c in range(CHUNKS)
        ]
        sums = run_tasks(tasks, self.pool)
        learner.update(sums)
        self.batch_seconds += now() - started
        self.batch_matches += BATCH
        self.played += BATCH
        self.progress(BATCH)
        return sums

    def payoffs(
        self, members: list[JSONObject], mixture: list[float], matches: int, seed: int
    ) -> list[float]:
        """``u_i``: one seat of member ``i`` against the mixture (module doc)."""
        field_file = learned_file(self.spec, self.players, self.found, members, mixture)
        out = []
        for m in members:
            one = learned_file(self.spec, self.players, self.found, [m], [1])
            sim = self.simulate(
                ["candidate"] + ["field"] * (self.players - 1),
                {"candidate": (LEARNED, {"file": one}), "field": (LEARNED, {"file": field_file})},
                matches,
                seed,
            )
            values = [
                float((s.tokens[k] > 0) - (s.ec == k))
                for s in sim.run.summaries
                for k, b in enumerate(s.bots)
                if b == "candidate"
            ]
            out.append(math.fsum(values) / len(values))
        return out

    def simulate(self, lineup: list[str], tuned: JSONObject, matches: int, seed: int) -> Simulation:
        sim = simulate(
            self.spec.game,
            lineup,
            matches,
            seed=seed,
            workers=self.spec.workers,
            ray=self.spec.ray,
            variant=self.spec.variant,
            tuned=tuned,
            players=self.players,
            time_limit=None,
        )
        self.played += matches
        self.progress(matches)
        return sim


def schedule(budget: int, iterations: int) -> list[int]:
    """Batches per iteration: ``budget`` training matches split evenly (at least one each)."""
    batches = max(iterations, budget // BATCH)
    return [batches // iterations + (t < batches % iterations) for t in range(iterations)]


def meta_matches(budget: int) -> int:
    """Matches per member per meta-solver step: 0.5% of the budget, 50 to 400."""
    return max(50, min(400, budget // 200))


def fit(run: Run, on_budget: Callable[[int], None] | None = None) -> tuple[JSONObject, int]:
    """Train (module doc): the learned file without its ``summary``, and the budget.
    With ``--minutes`` the clock ends training at ``TRAIN_SHARE`` of the time,
    between batches (the first two always play: they fix the budget)."""
    spec, found, players = run.spec, run.found, run.players
    learner = Learner(found, spec.lr)
    members: list[JSONObject] = []
    solver = MetaSolver("regret")
    mixture: list[float] = []
    budget = spec.budget
    started = now()
    plan = schedule(budget, spec.iterations) if budget is not None else None
    index = 0
    for t in range(spec.iterations):
        if t and run.clock.over(TRAIN_SHARE):
            run.cuts.append(f"training stopped before iteration {t + 1} of {spec.iterations}")
            break
        learner.fresh_optimisers()
        field_ = run.field_of(members, mixture, run.fixed)
        seed = sub_seed(spec.seed, f"train/{t}")
        b = 0
        stakes, seats = 0.0, 0
        while plan is None or b < plan[t]:
            if plan is not None and index >= 2 and b and run.clock.over(TRAIN_SHARE):
                run.cuts.append(f"iteration {t + 1} stopped after {b} of {plan[t]} batches")
                break
            sums = run.batch(learner, field_, seed, spec.learner_share, index)
            stakes, seats = stakes + sums.stakes, seats + sums.seats
            index += 1
            b += 1
            if plan is None and index == 2:  # the pace of two batches fixes the budget
                pace = (now() - started) / (2 * BATCH)
                budget = max(least_budget(spec.iterations), fix_budget(spec.minutes or 0, pace))
                plan = schedule(budget, spec.iterations)
                if on_budget is not None:
                    on_budget(budget)
        assert budget is not None
        run.log.append(
            {"iteration": t, "batches": b, "learner_stakes": round(stakes / max(1, seats), 4)}
        )
        members.append(learner.member(f"L{t + 1}"))
        mixture = _solve(run, solver, members, budget, t)
    assert budget is not None
    data = learned_file(spec, players, found, members, mixture)
    data["training"] = {
        "seed": spec.seed,
        "budget": budget,
        "fixed_bots": list(run.fixed),
        **spec.settings(),
        "batch": BATCH,
        "iterations_log": run.log,
    }
    return data, budget


def _solve(
    run: Run, solver: MetaSolver, members: list[JSONObject], budget: int, t: int
) -> list[float]:
    """The meta-game's steps after member ``t`` joined: the new mixture (steps the
    clock leaves no time for are not played: the average so far stands)."""
    spec = run.spec
    if solver.sigma:
        solver.add()
    else:
        solver.start([1.0])
    for step in range(META_STEPS if len(members) > 1 else 0):
        if run.clock.over(TRAIN_SHARE):
            run.cuts.append(f"the meta-game of iteration {t + 1} stopped after {step} steps")
            break
        u = run.payoffs(
            members,
            list(solver.sigma),
            meta_matches(budget),
            sub_seed(spec.seed, f"meta/{t}/{step}"),
        )
        solver.update(u)
        run.log[-1].setdefault("payoffs", []).append([round(x, 4) for x in u])
    mixture = solver.average()
    run.log[-1]["mixture"] = [round(w, 4) for w in mixture]
    return mixture


def fix_budget(minutes: float, pace: float) -> int:
    """Training matches that fit ``TRAIN_SHARE`` of ``minutes`` at ``pace`` seconds
    a match, rounded down to whole batches (at least one batch per iteration)."""
    matches = int(minutes * 60 * TRAIN_SHARE / max(pace, 1e-6))
    return max(MIN_BUDGET, min(MAX_BUDGET, matches // BATCH * BATCH))


def least_budget(iterations: int) -> int:
    """The least budget ``--minutes`` fixes: two batches an iteration (so that the
    two timed batches are the first iteration's under ``--budget`` too)."""
    return 2 * BATCH * iterations
