"""Train sb3-contrib's MaskablePPO in one seat of a game, against bots (CPU, minutes).

``mainmatch.rl.single_agent`` is used as it comes, with no wrapper: it has the
``action_masks()`` method MaskablePPO calls before every step, and
``observation="flat"`` gives the ``Box`` observation ``MlpPolicy`` takes (the
default Dict observation works with ``MultiInputPolicy`` too: ``--observation
dict``). The reward is the default one (+1 for a Token of Life, -1 for the
Elimination Candidate), and matches use the simulator's random configs.

After training, the greedy policy plays fresh evaluation matches; the script
prints its ToL and EC rates beside those of the bot it replaced, measured in
the same seat at the same kind of table by ``mainmatch simulate`` (95% Wilson
intervals).

    pip install "mainmatch[learn]"     # sb3-contrib, hence PyTorch: large
    python examples/train_maskable_ppo.py --game seat_exchange --steps 30000
    python examples/train_maskable_ppo.py --game amalgamation --steps 200000 --save ppo.zip
"""

from __future__ import annotations

import argparse
import sys
import time

from mainmatch import rl
from mainmatch.sim import simulate
from mainmatch.sim.stats import Estimate, wilson


def shown(e: Estimate) -> str:
    return f"{100 * e.value:5.1f}% [{100 * e.low:.1f}, {100 * e.high:.1f}]"


def evaluate(model, env, matches: int, first_seed: int) -> tuple[Estimate, Estimate]:
    """ToL and EC rates of the greedy policy in ``env``'s seat."""
    tol = ec = 0
    for k in range(matches):
        obs, _ = env.reset(seed=first_seed + k)
        done = False
        while not done:
            action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
            obs, _, done, _, _ = env.step(int(action))
        result = env.table.m.result()
        tol += result["tokens_of_life"].get(env.player, 0) > 0
        ec += result["elimination_candidate"] == env.player
    return wilson(tol, matches), wilson(ec, matches)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="seat_exchange")
    parser.add_argument("--seat", type=int, default=0)
    parser.add_argument("--opponents", default="strategy", help="a bot name for every other seat")
    parser.add_argument("--steps", type=int, default=30_000, help="environment steps to train")
    parser.add_argument("--eval", type=int, default=300, help="evaluation matches")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--observation", choices=("flat", "dict"), default="flat")
    parser.add_argument("--save", default=None, help="write the trained model here (.zip)")
    args = parser.parse_args()

    try:
        from sb3_contrib import MaskablePPO
    except ModuleNotFoundError:
        sys.exit('this example needs sb3-contrib and PyTorch: pip install "mainmatch[learn]"')

    env = rl.single_agent(
        args.game, seat=args.seat, opponents=args.opponents, observation=args.observation
    )
    policy = "MlpPolicy" if args.observation == "flat" else "MultiInputPolicy"
    model = MaskablePPO(policy, env, seed=args.seed, verbose=0, device="cpu")
    started = time.perf_counter()
    model.learn(total_timesteps=args.steps)
    trained = time.perf_counter() - started
    if args.save:
        model.save(args.save)

    tol, ec = evaluate(model, env, args.eval, first_seed=10**6)  # seeds never trained on
    table = simulate(args.game, args.opponents, args.eval, seed=args.seed, workers=1).report
    seat = table["seats"][args.seat]
    print(
        f"{args.game}, seat {args.seat} against {args.opponents} bots: "
        f"MaskablePPO ({policy}), {args.steps:,} steps in {trained:.0f}s"
    )
    print(f"over {args.eval} evaluation matches (95% Wilson intervals):")
    print(f"  learned policy (greedy)  ToL {shown(tol)}  EC {shown(ec)}")
    print(
        f"  {args.opponents} bot in seat {args.seat:<3}  "
        f"ToL {shown(as_estimate(seat['tol_rate']))}  EC {shown(as_estimate(seat['ec_rate']))}"
    )
    if args.save:
        print(f"model written to {args.save}")


def as_estimate(d: dict) -> Estimate:
    return Estimate(d["value"] or 0.0, d["low"] or 0.0, d["high"] or 0.0, d["n"])


if __name__ == "__main__":
    main()
