"""``balance``'s learned best-response oracle (docs/decisions/learn.md LRN10):
``mainmatch train``'s learner, from zero weights, trained in one seat against
the profile for ``--learned-budget`` matches or ``--learned-minutes`` of wall
time, and its own re-measure on fresh seeds (docs/decisions/brs.md)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from mainmatch.bots.learned import LEARNED
from mainmatch.engine.game import JSONObject

from .balance_spec import (
    BalanceSpec,
    Policy,
    learned_budget,
    new_label,
    sub_seed,
)
from .stats import Z95


def learned_candidate(
    run: Any, pop: list[Policy], mix: tuple[str, JSONObject], what: str = "learned", at: Any = "x"
) -> Policy | None:
    """A new learned policy trained in one seat against the profile
    (``learn_eval.best_response_against``); ``None`` when its budget is under
    one batch. ``run`` is ``balance``'s run (its spec, players and progress)."""
    from .learn import BATCH, TrainSpec
    from .learn_eval import best_response_against

    spec: BalanceSpec = run.spec
    minutes = spec.learned_minutes
    matches = learned_budget(spec)
    if matches < BATCH:
        return None
    train = TrainSpec(
        spec.game,
        players=run.players,
        variant=dict(spec.variant or {}),
        minutes=minutes,
        budget=None if minutes is not None else max(matches // BATCH * BATCH, BATCH),
        seed=sub_seed(spec.seed, what),
        workers=spec.workers or 1,
    )
    found = best_response_against(train, mix, run.advance)
    return Policy(
        new_label(pop, "learned", at),
        "a learned best response against the profile"
        + ("" if at == "x" else f" of iteration {int(at) - 1}"),
        family=LEARNED,
        params={"file": found},
    )


def training_of(policy: Policy) -> dict[str, Any]:
    """What the learned policy trained on: ``matches``, ``minutes``, ``seconds``."""
    return dict(dict(policy.params or {})["file"].get("training") or {})


def oracle_name(policy: Policy) -> str:
    """The oracle as the report names it: its minutes (when the clock sized
    it) and the matches it trained on."""
    t = training_of(policy)
    if t.get("minutes") is not None:
        return (
            f"a learned best response ({_minutes(t['minutes'])}: {t['matches']:,} training matches)"
        )
    return f"a learned best response ({t['matches']:,} training matches)"


def remeasure(
    run: Any, policy: Policy, mix: tuple[str, JSONObject], matches: int, own: Sequence[float]
) -> dict[str, Any]:
    """The learned best response's gain over the profile's own payoff on
    ``matches`` fresh matches of its own seed, with a 95% interval (as the
    exploitability's re-measure: the two samples independent)."""
    seed = sub_seed(run.spec.seed, "learned-confirm")
    values, _ = run.payoffs(policy, mix, matches, seed)
    own_mean = math.fsum(own) / len(own)
    gain = math.fsum(values) / len(values) - own_mean
    half = Z95 * math.sqrt(var_of_mean(values) + var_of_mean(own))
    t = training_of(policy)
    return {
        "label": policy.label,
        "gain": gain,
        "interval": [gain - half, gain + half],
        "matches": matches,
        "seed": seed,
        "training_matches": t.get("matches"),
        "minutes": t.get("minutes"),
        "seconds": t.get("seconds"),
    }


def var_of_mean(values: Sequence[float]) -> float:
    n = len(values)
    if n < 2:
        return math.inf
    mean = math.fsum(values) / n
    return math.fsum((v - mean) ** 2 for v in values) / (n - 1) / n


def learned_line(x: dict[str, Any]) -> str:
    """The learned best response's own re-measure in one line (empty if none ran)."""
    got = x.get("learned")
    if not got:
        return ""
    low, high = got["interval"]
    size = f"{got['training_matches']:,} training matches"
    if got.get("minutes") is not None:
        size = f"{_minutes(got['minutes'])}, {size}, {got['seconds'] / 60:.1f} minutes of wall time"
    return (
        f"The learned best response ({size}) gains {100 * got['gain']:+.1f} points "
        f"[{100 * low:+.1f}, {100 * high:+.1f}] on {got['matches']:,} fresh matches."
    )


def _minutes(m: float) -> str:
    return f"{m:g} minute" + ("" if m == 1 else "s")
