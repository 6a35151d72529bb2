"""Train a small policy against random bots with plain numpy (CPU, minutes).

A linear softmax policy over the masked sub-decisions of
``mainmatch.rl.single_agent(game, seat=0, opponents="random")``, trained with
REINFORCE (a running-mean baseline, Adam) on the default reward: +1 for a
Token of Life, -1 for the Elimination Candidate, at the end of the match.
It then plays fresh evaluation matches and prints its Token of Life rate
beside the random bots' (the bots at the same tables, and a uniformly random
chooser in the learner's seat), each with its 95% Wilson interval, and saves
the learning curve as a PNG (``--plot``, by default ``rl_learning_curve.png`` in
the working directory, never a tracked file).

    pip install "mainmatch[rl]"
    python examples/train_policy.py                      # The Amalgamation, ~30 seconds
    python examples/train_policy.py --game seat_exchange --episodes 1500 \
        --plot rl_learning_curve_seat_exchange.png
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np

from mainmatch import rl
from mainmatch.sim.stats import Estimate, wilson


class LinearPolicy:
    """``softmax(W x + b)`` over the allowed indices."""

    def __init__(self, obs_size: int, n_actions: int, lr: float):
        self.params = [np.zeros((n_actions, obs_size)), np.zeros(n_actions)]
        self.lr = lr
        self.m = [np.zeros_like(p) for p in self.params]
        self.v = [np.zeros_like(p) for p in self.params]
        self.t = 0

    def probs(self, x: np.ndarray, mask: np.ndarray) -> np.ndarray:
        w, b = self.params
        logits = w @ x + b
        logits = np.where(mask.astype(bool), logits, -np.inf)
        e = np.exp(logits - logits.max())
        return e / e.sum()

    def act(
        self, obs: dict, rng: np.random.Generator, greedy: bool = False
    ) -> tuple[int, np.ndarray]:
        p = self.probs(obs["observation"].astype(np.float64), obs["action_mask"])
        a = int(np.argmax(p)) if greedy else int(rng.choice(len(p), p=p))
        return a, p

    def update(self, grads: list[np.ndarray]) -> None:
        """One Adam step of gradient *ascent*."""
        self.t += 1
        for i, g in enumerate(grads):
            self.m[i] = 0.9 * self.m[i] + 0.1 * g
            self.v[i] = 0.999 * self.v[i] + 0.001 * g * g
            m_hat = self.m[i] / (1 - 0.9**self.t)
            v_hat = self.v[i] / (1 - 0.999**self.t)
            self.params[i] += self.lr * m_hat / (np.sqrt(v_hat) + 1e-8)


def play(env, choose, seed: int) -> tuple[list, float, dict]:
    """One match; ``choose(obs) -> (action, probs)``. Returns the decisions
    ``(x, action, probs)``, the reward and the result."""
    obs, _ = env.reset(seed=seed)
    trace, done, reward = [], False, 0.0
    while not done:
        a, p = choose(obs)
        trace.append((obs["observation"].astype(np.float64), a, p))
        obs, reward, done, _, _ = env.step(a)
    return trace, reward, env.table.m.result()


def tol(result: dict, player: str) -> bool:
    return result["tokens_of_life"].get(player, 0) > 0


def train(env, policy: LinearPolicy, episodes: int, batch: int, rng) -> list[tuple[int, float]]:
    curve, baseline = [], 0.0
    for start in range(0, episodes, batch):
        grads = [np.zeros_like(p) for p in policy.params]
        wins = 0
        for k in range(batch):
            trace, reward, result = play(env, lambda o: policy.act(o, rng), seed=start + k)
            wins += tol(result, env.player)
            advantage = reward - baseline
            baseline += 0.02 * (reward - baseline)
            for x, a, p in trace:
                g = -p
                g[a] += 1.0  # d log softmax / d logits
                grads[0] += advantage * np.outer(g, x)
                grads[1] += advantage * g
        policy.update([g / batch for g in grads])
        curve.append((start + batch, wins / batch))
    return curve


def evaluate(env, choose, seeds: range) -> tuple[Estimate, Estimate]:
    """ToL rate of the learning seat, and of the bots in the other seats."""
    mine = bots = 0
    others = [p for p in env.table.players if p != env.player]
    for seed in seeds:
        _, _, result = play(env, choose, seed)
        mine += tol(result, env.player)
        bots += sum(tol(result, p) for p in others)
    return wilson(mine, len(seeds)), wilson(bots, len(seeds) * len(others))


def shown(e: Estimate) -> str:
    return f"{100 * e.value:5.1f}% [{100 * e.low:.1f}, {100 * e.high:.1f}]"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="amalgamation")
    parser.add_argument("--episodes", type=int, default=4000)
    parser.add_argument("--batch", type=int, default=50)
    parser.add_argument("--lr", type=float, default=0.05)
    parser.add_argument("--eval", type=int, default=1000, help="evaluation matches")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--plot", default="rl_learning_curve.png", help="the learning curve (PNG)")
    args = parser.parse_args()

    env = rl.single_agent(args.game, seat=0, opponents="random")
    rng = np.random.default_rng(args.seed)
    space = env.observation_space["observation"].shape[0]
    policy = LinearPolicy(space, env.action_space.n, args.lr)
    started = time.perf_counter()
    curve = train(env, policy, args.episodes, args.batch, rng)
    trained = time.perf_counter() - started

    eval_seeds = range(10**6, 10**6 + args.eval)  # matches never seen in training
    learned, bots = evaluate(env, lambda o: policy.act(o, rng, greedy=True), eval_seeds)
    uniform = lambda o: (int(rng.choice(np.flatnonzero(o["action_mask"]))), None)
    chooser, _ = evaluate(env, uniform, eval_seeds)

    print(
        f"{args.game}, seat 0 against random bots; trained {args.episodes} matches in {trained:.0f}s"
    )
    print(f"Token of Life rate over {args.eval} evaluation matches (95% Wilson intervals):")
    print(f"  learned policy (greedy)       {shown(learned)}")
    print(f"  random bots in the other seats {shown(bots)}")
    print(f"  uniform random choices, seat 0 {shown(chooser)}")
    apart = learned.low > max(bots.high, chooser.high)
    print("  intervals apart: " + ("yes" if apart else "NO"))

    xs, ys = zip(*curve, strict=True)
    window = max(1, min(5, len(ys) // 5))
    smooth = np.convolve(ys, np.ones(window) / window, mode="valid")
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot(xs, ys, alpha=0.3, label="training batches")
    ax.plot(xs[window - 1 :], smooth, label=f"moving mean ({window} batches)")
    ax.axhline(bots.value, color="grey", linestyle="--", label="random bots (evaluation)")
    ax.axhline(chooser.value, color="red", linestyle="-.", label="uniform choices, seat 0")
    ax.axhline(learned.value, color="green", linestyle=":", label="learned, greedy (evaluation)")
    ax.set(xlabel="training matches", ylabel="Token of Life rate", ylim=(0, 1))
    ax.set_title(f"{args.game}: linear REINFORCE policy in seat 0 vs random bots")
    ax.legend(loc="lower right", fontsize="small")
    fig.tight_layout()
    Path(args.plot).parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(args.plot, dpi=100)
    print(f"learning curve: {args.plot}")


if __name__ == "__main__":
    main()
