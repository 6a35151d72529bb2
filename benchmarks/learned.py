"""A learned bot's speed, and the single-seat deviations at a table of it (issue 31).

    .venv/bin/python benchmarks/learned.py FILE [--decisions N] [--deviations N] [--seed S]
    .venv/bin/python benchmarks/learned.py --untrained GAME [--players N] --deviations 0

``FILE`` is a learned file (``mainmatch train ... -o FILE``); ``--untrained GAME``
makes one from the game's discovered features with two members of random
weights (normal, seed 7: every choice matters, the cost is a trained file's). It prints:

- **speed**: decisions a second of one learned seat on one core (``act`` over the
  views and requests of matches the file plays against itself, its member drawn
  per match; time of ``act`` alone, CPU seconds, ``time.process_time``);
- **deviations** (``--deviations N`` matches each, 0 to skip): one seat plays a
  deviation against the learned bot in every other seat, paired with the
  all-learned table on the same seeds (the gain in points of ToL - EC, 95%
  interval): ``random``, the game's own bots, simple hand-written policies for
  any game (``all-in``: every amount at its largest and yes to every optional
  part; ``minimum``: every amount at its least; ``one``: the least amount above
  it; ``quarter``, ``half``, ``three-quarters``: that fraction of each amount's
  range; choices uniform; read off the step descriptions as the learned bot
  reads them), and for The Sealed Bid the policies below (all-in on the biggest
  prize left, all-in every round, all-in on the last round, a chip a round, half
  each round, nothing).
"""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path
from typing import Any

from mainmatch import games
from mainmatch.bots.learned import check_learned, make_learned
from mainmatch.engine import Match
from mainmatch.engine.repair import repair
from mainmatch.sim.learn_deviations import deviations


class SealedHabit:
    """A simple Sealed Bid policy: bid ``bid(view, request)`` chips (the EC vote: any)."""

    reads_only = True

    def __init__(self, name: str, rule: Any):
        self.name, self.rule = name, rule

    def act(self, view: dict, request: dict, rng: random.Random) -> dict:
        if request["kind"] == "choose_ec":
            return {"ec": rng.choice(request["candidates"])}
        chips = request["chips"]
        left = view["prizes"][view["round"] - 1 :]
        return {"bid": max(0, min(chips, int(self.rule(chips, left, view))))}


SEALED: dict[str, Any] = {
    "allin-biggest": lambda c, left, v: c if left[0] == max(left) else 0,
    "allin-always": lambda c, left, v: c,
    "allin-last": lambda c, left, v: c if len(left) == 1 else 0,
    "one-chip": lambda c, left, v: 1,
    "half": lambda c, left, v: c // 2,
    "nothing": lambda c, left, v: 0,
    "biggest-plus-one": lambda c, left, v: (
        min(c, 1 + max(x for p, x in v["chips"].items() if p != v["you"]["player"]))
        if left[0] == max(left)
        else 0
    ),
}


def _habit(label: str) -> Any:
    def make() -> SealedHabit:
        return SealedHabit(label, SEALED[label])

    return make


def untrained(game_id: str, players: int | None) -> dict:
    """A learned file of random weights for ``game_id`` (module doc)."""
    import numpy as np

    from mainmatch.bots.learned import FORMAT, encode_weights
    from mainmatch.sim.learn_discover import discover

    n = players or games.get(game_id).default_count()
    found = discover(game_id, n, None, 0)
    r = np.random.default_rng(7)
    size = len(found.features)
    members = [
        {
            "label": f"R{k}",
            "weights": {
                kind: encode_weights(r.normal(0, 1.0, (size, d["actions"])))
                for kind, d in sorted(found.decisions.items())
            },
        }
        for k in range(2)
    ]
    data = {
        "format": FORMAT,
        "game": game_id,
        "name": "learned",
        "players": n,
        "variant": {},
        "features": found.features,
        "scales": found.scales,
        "decisions": found.decisions,
        "members": members,
        "mixture": [0.5, 0.5],
    }
    return check_learned(data)


def speed(data: dict, decisions: int, seed: int) -> dict[str, Any]:
    game = games.get(data["game"])
    players = game.default_lineup(int(data["players"]))
    rng = random.Random(seed)
    spent, made, index = 0.0, 0, 0
    while made < decisions:
        extra = {"variant": data["variant"]} if data.get("variant") else {}
        match = Match(game, game.random_config(players, rng, **extra))
        bots = {p: make_learned(data, index, k) for k, p in enumerate(players)}
        index += 1
        while match.pending and made < decisions:
            actions = {}
            for p, request in match.pending.items():
                view = match.view(p)
                started = time.process_time()
                actions[p] = bots[p].act(view, request, rng)
                spent += time.process_time() - started
                made += 1
            # a refused action is shrunk as the bot driver does (engine/repair.py), untimed
            match.step({p: repair(game, match.state, p, a, rng) for p, a in actions.items()})
    return {"decisions": made, "cpu_seconds": spent, "per_second": made / spent}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", type=Path, nargs="?")
    parser.add_argument("--untrained", metavar="GAME")
    parser.add_argument("--players", type=int)
    parser.add_argument("--decisions", type=int, default=5000)
    parser.add_argument("--deviations", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)
    if args.untrained:
        data = untrained(args.untrained, args.players)
    else:
        data = check_learned(json.loads(args.file.read_text("utf-8")), str(args.file))
    out: dict[str, Any] = {"file": str(args.file), "game": data["game"]}
    s = speed(data, args.decisions, args.seed)
    out["speed"] = s
    print(
        f"{data['game']} ({data['players']} players): {s['per_second']:,.0f} decisions/s on one "
        f"core ({s['decisions']:,} decisions in {s['cpu_seconds']:.2f} CPU s)"
    )
    if args.deviations:
        extra = {label: _habit(label) for label in SEALED} if data["game"] == "sealed_bid" else {}
        rows = deviations(data, args.deviations, args.seed, extra)
        out["deviations"] = rows
        print(f"one seat deviating from an all-learned table, {args.deviations:,} matches each:")
        for r in sorted(rows, key=lambda r: -r["gain"]):
            low, high = r["interval"]
            print(
                f"  {r['deviation']:<18} ToL {100 * r['tol']:5.1f}%  EC {100 * r['ec']:5.1f}%  "
                f"gain {100 * r['gain']:+5.1f} [{100 * low:+.1f}, {100 * high:+.1f}]"
            )
    if args.json:
        args.json.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
