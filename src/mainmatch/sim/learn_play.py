"""Training matches of ``mainmatch train``: learner seats against a field, and their gradients.

:func:`play_task` plays a chunk of matches and returns the policy-gradient sums
of its learner seats (REINFORCE with a baseline, Williams 1992): for every pick
a learner made, ``(R - v(x)) * x (onehot(a) - p)`` plus an entropy bonus that
keeps mixed play mixed, where ``R`` is the seat's stakes (a Token of Life +1,
the Elimination Candidate -1, as ``balance`` scores them) plus ``shaping`` times
its standing (+1 best .. -1 worst) and ``v`` a linear value of the pick's
features per decision kind, fitted in the same pass. It is a top-level
function on plain data so that process pools can ship it; the sums of a batch's
chunks are added in chunk order, whatever the workers (docs/decisions/learn.md LRN4).

Each seat of a match is a learner with chance ``learner_share`` (at least one
seat is, and exactly one with share 0); the others draw an opponent from the
field (a registered bot, or a learned file whose member is drawn from the match
seed and seat). All randomness comes from the match's generator.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from mainmatch import games
from mainmatch.bots import get_bot
from mainmatch.bots.driver import Asker
from mainmatch.bots.families import make_tuned
from mainmatch.bots.learned import LEARNED, Member, Policy, Trace, policy_of
from mainmatch.engine.driver import Driver
from mainmatch.engine.errors import MainmatchError
from mainmatch.engine.game import JSONObject

from .plan import match_seed

if TYPE_CHECKING:  # annotations only: a worker process loads no pool
    from .learn_pool import Pool

MAX_STEPS = 100_000


@dataclass(frozen=True)
class Task:
    """A chunk of training matches (plain data: it crosses processes)."""

    game: str
    players: int
    variant: dict[str, int]
    #: the learned file whose first member is the learner
    learner: JSONObject
    #: ``[(weight, ("bot", name) | (family, params))]``: the field
    opponents: tuple[tuple[float, tuple[str, Any]], ...]
    seed: int
    start: int
    stop: int
    learner_share: float = 0.5
    shaping: float = 0.1
    entropy: float = 0.01
    #: value weights per decision kind (features,)
    values: dict[str, np.ndarray] = field(default_factory=dict)
    #: ``None``: time limit off (training bots are trusted code of the same run)
    time_limit: float | None = None


@dataclass
class Sums:
    """What a chunk returns: gradient sums per decision kind and its stakes."""

    grads: dict[str, np.ndarray] = field(default_factory=dict)
    value_grads: dict[str, np.ndarray] = field(default_factory=dict)
    #: per decision kind, the sum of the picks' squared feature norms (the baseline's step)
    norms: dict[str, float] = field(default_factory=dict)
    seats: int = 0
    picks: int = 0
    stakes: float = 0.0
    refused: int = 0

    def add(self, other: Sums) -> None:
        for kind, g in other.grads.items():
            self.grads[kind] = self.grads[kind] + g if kind in self.grads else g.copy()
        for kind, g in other.value_grads.items():
            mine = self.value_grads.get(kind)
            self.value_grads[kind] = g.copy() if mine is None else mine + g
        for kind, v in other.norms.items():
            self.norms[kind] = self.norms.get(kind, 0.0) + v
        self.seats += other.seats
        self.picks += other.picks
        self.stakes += other.stakes
        self.refused += other.refused


class LearnerSeat:
    """A learner in one seat: the policy's member, its decisions traced."""

    name = "learner"
    #: it changes neither its view nor its request (docs/decisions/performance.md PD2)
    reads_only = True
    repairs = True

    def __init__(self, policy: Policy, member: Member):
        self.policy, self.member, self.trace = policy, member, Trace()

    def act(self, view: JSONObject, request: JSONObject, rng: random.Random) -> JSONObject:
        return self.policy.act(self.member, view, request, rng, self.trace)


def field_bot(game_id: str, spec: tuple[str, Any], seed: int, seat: int) -> Any:
    kind, body = spec
    if kind == "bot":
        return get_bot(game_id, body)
    return make_tuned(game_id, kind, body, seed, seat)


def _seat_roles(task: Task, rng: random.Random) -> list[int | None]:
    """Per seat: ``None`` for a learner, else the field entry it plays."""
    n = task.players
    if task.learner_share <= 0 or not task.opponents:
        learner = {rng.randrange(n)} if task.opponents else set(range(n))
    else:
        learner = {s for s in range(n) if rng.random() < task.learner_share}
        learner = learner or {rng.randrange(n)}
    weights = [w for w, _ in task.opponents]
    total = math.fsum(weights)
    roles: list[int | None] = []
    for s in range(n):
        if s in learner:
            roles.append(None)
            continue
        u, acc, pick = rng.random() * total, 0.0, len(weights) - 1
        for i, w in enumerate(weights):
            acc += w
            if u < acc:
                pick = i
                break
        roles.append(pick)
    return roles


def play_match(task: Task, index: int, policy: Policy) -> tuple[list[tuple[Trace, float]], int]:
    """One training match: ``(trace, return)`` per learner seat, and the learner
    actions the game refused (played as its default instead)."""
    game = games.get(task.game)
    seed = match_seed(task.seed, index)
    rng = random.Random(seed)
    players = game.default_lineup(task.players)
    extra = {"variant": task.variant} if task.variant else {}
    config = game.random_config(players, rng, **extra)
    players = list(config["players"])
    roles = _seat_roles(task, rng)
    member = policy.members[0]
    bots: JSONObject = {}
    learners: dict[str, LearnerSeat] = {}
    for s, (p, role) in enumerate(zip(players, roles)):
        if role is None:
            learners[p] = bots[p] = LearnerSeat(policy, member)
        else:
            bots[p] = field_bot(task.game, task.opponents[role][1], seed, s)
    refused = 0
    driver = Driver(game, config, events=False)
    with Asker(game, task.time_limit) as asker:
        pending = driver.pending
        while pending:
            if len(driver.steps) >= MAX_STEPS:
                raise MainmatchError(f"{task.game}: a training match has no end")
            state = driver.state
            actions, defaulted = {}, []
            for p, request in pending.items():
                if getattr(bots[p], "delegate_random", False):
                    actions[p] = game.random_action(state, p, rng)
                    continue
                move = asker.move(state, p, request, bots[p], rng)
                actions[p] = move.action
                if move.defaulted:
                    defaulted.append(p)
                    refused += p in learners
            driver.step(actions, defaulted, validate=False)
            pending = driver.pending
    result = driver.result()
    assert result is not None
    return [(seat.trace, seat_return(result, p, task.shaping)) for p, seat in learners.items()], (
        refused
    )


def seat_return(result: JSONObject, player: str, shaping: float) -> float:
    """Stakes (+1 ToL, -1 EC) plus ``shaping`` x standing (+1 best .. -1 worst)."""
    stakes = float(result["tokens_of_life"].get(player, 0) > 0)
    stakes -= float(result.get("elimination_candidate") == player)
    ranking = result.get("ranking")
    if shaping and ranking and len(ranking) > 1:
        place = next((i for i, group in enumerate(ranking) if player in group), None)
        if place is not None:
            stakes += shaping * (1.0 - 2.0 * place / (len(ranking) - 1))
    return stakes


def play_task(task: Task) -> Sums:
    """Play ``task``'s matches; the gradient sums of its learner seats (module doc)."""
    policy = policy_of(task.learner)
    out = Sums()
    rows: dict[str, list[tuple[np.ndarray, int, np.ndarray, list[int], float]]] = {}
    for index in range(task.start, task.stop):
        seats, refused = play_match(task, index, policy)
        out.refused += refused
        for trace, ret in seats:
            out.seats += 1
            out.stakes += ret
            for kind, x, allowed, chosen, p in trace.picks:
                rows.setdefault(kind, []).append((x, chosen, p, allowed, ret))
    for kind, items in sorted(rows.items()):
        x = np.stack([r[0] for r in items])
        returns = np.asarray([r[4] for r in items])
        theta = task.values.get(kind)
        baseline = x @ theta if theta is not None else np.zeros(len(items))
        adv = returns - baseline
        d = np.zeros((len(items), len(items[0][2])))
        for i, (_, chosen, p, allowed, _) in enumerate(items):
            d[i] = -p * adv[i]
            d[i, chosen] += adv[i]
            if task.entropy:
                lp = np.zeros_like(p)
                lp[allowed] = np.log(np.maximum(p[allowed], 1e-12))
                h = -float(np.dot(p[allowed], lp[allowed]))
                d[i] -= task.entropy * p * (lp + h)
        out.grads[kind] = x.T @ d
        out.value_grads[kind] = x.T @ adv
        out.norms[kind] = float(np.einsum("ij,ij->", x, x))
        out.picks += len(items)
    return out


def run_tasks(tasks: list[Task], pool: Pool | None) -> Sums:
    """The tasks' sums added in task order (``pool``: an executor, or ``None``)."""
    parts = list(pool.map(play_task, tasks)) if pool is not None else map(play_task, tasks)
    total = Sums()
    for part in parts:
        total.add(part)
    return total


__all__ = ["LEARNED", "Sums", "Task", "play_task", "run_tasks", "seat_return"]
