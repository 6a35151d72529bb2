"""The Amalgamation's step descriptions (amalgamation spec §3): the words and
inputs every adapter derives its form, echo and decomposition from."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mainmatch.engine.checks import money
from mainmatch.engine.ec import CHOOSE_EC
from mainmatch.engine.steps import StepDescription, counted, listed

from .constants import ROUNDS
from .models import RoundAction
from .random_play import view_random_round


def _part(action: Mapping[str, Any], key: str) -> Mapping[str, Any]:
    """A sub-game's part of a (possibly partial) round action; empty when absent."""
    part = action.get(key)
    return part if isinstance(part, Mapping) else {}


def _dollars(value: Any) -> str:
    return money(value) if isinstance(value, int) else "?"


def _summary(request: Mapping[str, Any]) -> str:
    """The ``round`` request as a sentence (§3.1), as the web page says it."""
    held = request.get("garnets_held", 0)
    rate = _dollars(request.get("garnet_rate", 0))
    garnets = (
        f"and {counted(held, 'garnet')} you may sell at {rate} each"
        if held
        else f"(no garnets to sell; they would fetch {rate} each)"
    )
    return (
        f"Round {request.get('round')} of {ROUNDS}. You can spend up to "
        f"{_dollars(request.get('max_spend', 0))} this round: your balance of "
        f"{_dollars(request.get('balance', 0))} {garnets}. "
        f"Minus Auction tiles: {listed(request.get('tiles'))}. "
        f"Garnet Chip Thief roles: {listed(request.get('roles'), 'or')}."
    )


def _echo(action: Mapping[str, Any], request: Mapping[str, Any]) -> str:
    """A ``round`` submission read back game by game; parts not filled in yet are left out."""
    said: list[str] = []
    kong = _part(action, "kong")
    if "contribute" in kong:
        said.append(f"Kong's Dilemma: {_dollars(kong['contribute'])} into your team's pot.")
    bids = _part(action, "minus").get("bids")
    if isinstance(bids, list):
        tiles = request.get("tiles") or []
        named = [
            f"{_dollars(bid)} on {tiles[i] if i < len(tiles) else 'tile ' + str(i + 1)}"
            for i, bid in enumerate(bids)
        ]
        said.append(f"Minus Auction: you bid {listed(named, empty='nothing')}.")
    invest = _part(action, "invest")
    if invest:
        said.append(
            f"Investment & Donation: you invest {_dollars(invest.get('invest'))} "
            f"and donate {_dollars(invest.get('donate'))}."
        )
    thief = _part(action, "thief")
    if thief:
        said.append(
            f"Garnet Chip Thief: you play {thief.get('role', '?')} "
            f"and bet {_dollars(thief.get('bet'))}."
        )
    sold = action.get("buy_garnets", 0)
    if sold:
        said.append(f"You sell {counted(sold, 'garnet')}.")
    return " ".join(said) or "No moves yet."


ROUND = StepDescription(
    kind="round",
    random=view_random_round,
    action=RoundAction,
    ask="play this round's four games",
    task="play the round's four games",
    summary=_summary,
    echo=_echo,
)

#: the step kinds of The Amalgamation, in the order of play
STEPS = {"round": ROUND, "choose_ec": CHOOSE_EC}
