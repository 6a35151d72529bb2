"""The bots of The Amalgamation (``src/mainmatch/games/amalgamation/spec.md``).

Every bot here sees only its own view and request. Money amounts come from
the match's own balance, so a ``budget`` variant (§1, §2) changes every
decision. Two bots:

- ``classic`` (:class:`SplitBot` at its defaults): the first heuristic, kept
  as a yardstick. Each round it splits a budget (balance / rounds left;
  everything in round 7, since money left is worth nothing) over the four
  sub-games: streak chasing in the Minus Auction (a tile worth >= 0 to its
  runs is bid for, a lone tile dodged with a small positive bid), a share of
  the rest into Kong's Dilemma (more when behind, nothing once the loss is
  sure), a small donation and an odd investment, and a Chip Thief bet on the
  role with the most expected chips given the public role history.
  :class:`SplitBot` takes that plan's numbers as parameters (the ``splitter``
  family, ``families.py``): the shares, the Minus cap and reach,
  how spending is spread over the rounds (``tempo``), where the last round's
  rest goes, and how much the amounts vary.
- ``strategy`` (:class:`StrategyBot`): a **mixture** of such plans, one drawn
  per match and player from ``amalgamation_mix.json`` (weights and
  parameters: plans found by fictitious play, ``python -m
  mainmatch.games.amalgamation.bots.train``, re-weighed with fixed habits by regret
  matching+, ``python -m mainmatch.games.amalgamation.bots.train_rm``;
  docs/decisions/amalg.md AMG1).
  The classic bot spread its money evenly and predictably, so one seat that
  put more into Kong's Dilemma and Investment (two all-pay contests whose
  top places need only a little more than the rest) won ~77% of ToLs; a
  mixed plan, fitted by fictitious play against the best fixed plan found
  each iteration, leaves no fixed plan much to gain (docs/decisions/amalgamation.md
  "The Amalgamation's strategy bot").

A winner choosing the EC votes for the candidate highest in the gamewide
tiebreak (the strongest rival), never for itself when it can avoid it.
"""

from __future__ import annotations

import json
import random
from functools import cache
from importlib import resources
from typing import Any

from mainmatch.engine.bots import register
from mainmatch.engine.game import Action, Request, View

from .habits import HabitBot
from .split import (
    CHIPS,
    DEFAULTS,
    HARM_FULL,
    OFFICIAL_BUDGET,
    ROLES,
    ROUNDS,
    SplitBot,
    chips_for,
    expected_chips,
    odd,
    starting_budget,
    streak_score,
    vote,
)

__all__ = [
    "CHIPS",
    "DEFAULTS",
    "HABITS_KIND",
    "HARM_FULL",
    "MIX_FILE",
    "OFFICIAL_BUDGET",
    "ROLES",
    "ROUNDS",
    "Mixture",
    "Plans",
    "SplitBot",
    "StrategyBot",
    "as_plans",
    "chips_for",
    "expected_chips",
    "load_mixture",
    "odd",
    "plan_bot",
    "shipped_plans",
    "starting_budget",
    "streak_score",
    "vote",
]


#: the strategy bot's mixture, written by ``python -m mainmatch.games.amalgamation.bots.train``
#: (trained at the official budget; every amount is a share of the balance, so it is
#: played at every budget)
MIX_FILE = "amalgamation_mix.json"

Mixture = tuple[tuple[float, ...], tuple[dict[str, Any], ...]]


@cache
def load_mixture(name: str = MIX_FILE) -> Mixture:
    """A mixture file's weights and plans (``{"plans": [{"weight", "params"}]}``)."""
    data = json.loads(
        resources.files("mainmatch.games.amalgamation.bots").joinpath(name).read_text()
    )
    plans = data["plans"]
    return tuple(float(p["weight"]) for p in plans), tuple(dict(p["params"]) for p in plans)


#: a plan's ``kind`` when it is a seat of fixed habits (``habits.py``)
HABITS_KIND = "habits"

Plans = tuple[tuple[float, ...], tuple[Any, ...]]


def plan_bot(params: dict[str, Any]) -> Any:
    """One plan as a bot: a :class:`SplitBot`, or with ``"kind": "habits"`` a
    ``HabitBot`` (its other numbers the habits')."""
    if params.get("kind") == HABITS_KIND:
        return HabitBot({k: v for k, v in params.items() if k != "kind"})
    return SplitBot(params)


def as_plans(mixture: Mixture) -> Plans:
    """The mixture's weights and its plans as bots (a plan keeps no state: shareable)."""
    return mixture[0], tuple(plan_bot(p) for p in mixture[1])


@cache
def shipped_plans() -> Plans:
    """The shipped mixture as bots, built once per process."""
    return as_plans(load_mixture())


class StrategyBot:
    """A mixed strategy: each player draws one plan (:class:`SplitBot` or fixed habits)
    per match, with
    the mixture's weights, from the match's random generator, and plays it throughout.
    ``mixture`` replaces the shipped one (training uses this)."""

    name = "strategy"
    reads_only = True

    def __init__(self, mixture: Mixture | None = None) -> None:
        self.plans = as_plans(mixture) if mixture else shipped_plans()
        #: player -> the plan drawn for the current match (one bot may play several seats)
        self.drawn: dict[str, Any] = {}

    def act(self, view: View, request: Request, rng: random.Random) -> Action:
        if request["kind"] == "choose_ec":
            return vote(view, request)
        me = view["you"]["player"]
        if request["round"] == 1 or me not in self.drawn:
            # a new match (or a bot joining late): draw this player's plan
            weights, plans = self.plans
            self.drawn[me] = rng.choices(plans, weights)[0]
        action: Action = self.drawn[me].round(view, request, rng)
        return action


register("amalgamation", "classic", SplitBot)
register("amalgamation", "strategy", StrategyBot)
