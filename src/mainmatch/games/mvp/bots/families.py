"""Bot families of The MVP (``src/mainmatch/games/mvp/spec.md``).

- ``chaser``: bids the same number of chips on each card it goes for, on at
  most ``cards`` cards a round, and chooses them by a weighing a designer can
  turn: points the card adds to its own score now (§7.1), how far it brings a
  run or a set within reach (``potential``) and what it would deny the other
  team (``denial``). Over a card the rival team flags it bids the flag total
  plus its usual chips (a bid must beat the flag, §4.2). It never buys chips
  or identities, and bids only on biddable cards within its chips (§3.1 rules
  2-3), exposed ones only in the last round.
- ``strategist``: the strategy bot (``games/mvp/bots/strategy.py``) with its knobs open: the
  share of its chips it commits early and later, how eagerly and by how much
  it contests the rival team's flags, which flags of its team it guards, its
  fresh bids, whether it bids on nearly exposed cards from round 1, and from
  which round its spare chips take the lead on its team's flags to control
  those cards (``control_from``, a last-round habit of issue 31; 0: never).
"""

from __future__ import annotations

import random
from typing import Any

from mainmatch.engine.bots import Family, Param, add_family
from mainmatch.engine.game import Action, Request, View
from mainmatch.games.mvp.bots.strategy import Evaluator, MvpStrategyBot
from mainmatch.games.mvp.models import LAST_ROUND


class Chaser:
    """``per_bid`` chips on each of the ``cards`` cards it values most."""

    name = "chaser"

    def __init__(self, params: dict[str, Any]) -> None:
        self.per_bid: int = params["per_bid"]
        self.cards: int = params["cards"]
        self.potential: float = params["potential"]
        self.denial: float = params["denial"]

    def act(self, view: View, request: Request, rng: random.Random) -> Action:
        if request["kind"] == "choose_ec":
            return MvpStrategyBot().vote(view, request)
        you = view["you"]
        team = you["team"]
        rival = "green" if team == "red" else "red"
        pattern = view["pattern"]
        ev = Evaluator(
            {x: pattern[x]["card"] for x in view["claimed"][team]},
            {x: pattern[x]["card"] for x in view["claimed"][rival]},
            set(you["controls"]),
        )
        options = []
        for x in request["biddable"]:
            entry = pattern[x]
            card = entry.get("card")
            if card is None or entry.get("flag") == team:
                continue  # unseen, or the team already leads it
            if request["round"] >= LAST_ROUND and entry["status"] != "exposed":
                continue  # §3.1 rule 2: only exposed cards in the last round
            worth = (
                ev.my_gain(x, card)
                + self.potential * ev.potential(card)
                + self.denial * ev.denial(x, card)
            )
            over = entry.get("flag_total", 0) if entry.get("flag") == rival else 0
            options.append((-worth, x, over + self.per_bid))
        options.sort()
        chips = request["chips"]
        bids: dict[str, int] = {}
        for _worth, x, amount in options:
            if len(bids) == self.cards:
                break
            if amount <= chips:
                bids[x] = amount
                chips -= amount
        return {"bids": bids} if bids else {}


def _chaser(params: dict[str, Any]) -> Chaser:
    return Chaser(params)


def _strategist(params: dict[str, Any]) -> MvpStrategyBot:
    bot = MvpStrategyBot()
    bot.name = "strategist"
    for key, value in params.items():
        setattr(bot, key, bool(value) if key == "open_early" else value)
    return bot


CHASER = add_family(
    Family(
        "mvp",
        "chaser",
        "the same chips on each card it goes for, cards chosen by a weighing of points, "
        "runs and sets, and denial",
        (
            Param("per_bid", 1, 10, 2, "chips on each card (over the rival's flag total)"),
            Param("cards", 1, 6, 2, "most cards bid on in one round"),
            Param("potential", 0.0, 3.0, 1.0, "weight of bringing a run or set in reach", False),
            Param("denial", 0.0, 2.0, 0.3, "weight of what the card would deny the rivals", False),
        ),
        _chaser,
    )
)

STRATEGIST = add_family(
    Family(
        "mvp",
        "strategist",
        "the strategy bot's bidding, knobs open",
        (
            Param(
                "early_share", 0.0, 1.0, 0.7, "share of its chips it may bid in rounds 1-3", False
            ),
            Param(
                "mid_share", 0.0, 1.0, 0.95, "share of its chips it may bid in rounds 4-11", False
            ),
            Param("contest_weight", 0.0, 5.0, 1.75, "eagerness to outbid a rival flag", False),
            Param("contest_margin", 1, 10, 2, "chips over a rival flag's total"),
            Param("guard_total", 0, 30, 10, "own team's flags up to this total are topped up"),
            Param("fresh_high", 1, 10, 2, "chips on an unflagged card that matters"),
            Param("fresh_low", 1, 10, 1, "chips on an unflagged card that matters less"),
            Param("open_early", 0, 1, 1, "1: bid on nearly exposed cards from round 1"),
            Param("control_from", 0, 13, 0, "from this round, spare chips take control (0: never)"),
            Param(
                "control_rich",
                0.0,
                1.0,
                0.4,
                "with 1.5x the spec's chips: chance of taking control from round 1",
                False,
            ),
        ),
        _strategist,
    )
)
