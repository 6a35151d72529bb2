"""Random legal actions (mvp spec §3.3, engine spec convention 6).

Not part of the rules: any legal action is a valid draw. The mix aims at
every branch of the rules: passes (``{}``, ``{"bids": {}}``), small bids
from {1, 2, 3} so that team totals tie, one chip on every biddable card,
contests of the other team's flags (matched or beaten by one), one large
bid, all-in bids, and identity, location and chip purchases within the
garnets left (``buy_chips: 0`` included). About one round in eight (a draw
from the layout and the round number, so the same for all six players)
everyone mostly passes, so that stalemates, the round-1 stalemate and
six-way votes occur in random play.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Mapping
from typing import Any

from mainmatch.engine.game import Action
from mainmatch.engine.memo import remember_last

from .card_rule import OTHER
from .models import LAST_ROUND
from .pattern import LETTERS
from .state import MvpState

#: one round in this many is a quiet round
QUIET_EVERY = 8
#: in a quiet round, the chance a player makes no bid
QUIET_PASS = 0.92
SMALL = (1, 2, 3)


@remember_last  # asked once per player of the round
def is_quiet_round(state: MvpState) -> bool:
    """The shared draw of §3.3: the same for all six players of a round."""
    key = f"{'|'.join(state.layout[x] for x in LETTERS)}#{state.round}".encode()
    return zlib.crc32(key) % QUIET_EVERY == 0


def random_round_action(state: MvpState, player: str, rng: random.Random) -> Action:
    """A random legal ``round`` action for ``player``."""
    chips = state.chips[player]
    e = state.exposure
    biddable = e.exposed if state.round == LAST_ROUND else e.biddable
    action: Action = {}
    if is_quiet_round(state) and rng.random() < QUIET_PASS:
        bids: dict[str, int] = {}
    else:
        bids = _random_bids(state, player, biddable, chips, rng)
    if bids:
        action["bids"] = bids
    elif rng.random() < 0.15:
        action["bids"] = {}  # an explicit empty pass
    if state.garnets[player] and rng.random() < 0.4:
        action.update(_random_purchases(state, player, rng))
    return action


def _random_bids(
    state: MvpState, player: str, biddable: tuple[str, ...], chips: int, rng: random.Random
) -> dict[str, int]:
    if not chips or not biddable:
        return {}
    u = rng.random()
    if u < 0.12:
        return {}
    if u < 0.50:  # a few small bids, so that team totals tie
        cards = rng.sample(biddable, min(len(biddable), rng.choice((1, 1, 2, 3))))
        return _capped({x: rng.choice(SMALL) for x in cards}, chips)
    if u < 0.58:  # one chip on every biddable card
        return {x: 1 for x in biddable[:chips]}
    if u < 0.80:  # contest the other team's flags: match or beat by one
        rival = OTHER[state.team_of[player]]
        targets = [x for x in biddable if state.flags.get(x, ("",))[0] == rival]
        if targets:
            picked = rng.sample(targets, min(len(targets), rng.choice((1, 1, 2))))
            return _capped({x: state.flags[x][1] + rng.choice((0, 1)) for x in picked}, chips)
        x = rng.choice(biddable)
        return {x: min(chips, rng.choice(SMALL))}
    if u < 0.92:  # one large bid
        return {rng.choice(biddable): rng.randint((chips + 1) // 2, chips)}
    # all in, on one card or split over two
    if chips >= 2 and len(biddable) >= 2 and rng.random() < 0.5:
        a, b = rng.sample(biddable, 2)
        first = rng.randint(1, chips - 1)
        return {a: first, b: chips - first}
    return {rng.choice(biddable): chips}


def _capped(bids: dict[str, int], chips: int) -> dict[str, int]:
    """``bids`` cut down, in order, so that they total at most ``chips``."""
    out: dict[str, int] = {}
    left = chips
    for x, amount in bids.items():
        amount = min(amount, left)
        if amount < 1:
            break
        out[x] = amount
        left -= amount
    return out


def _random_purchases(state: MvpState, player: str, rng: random.Random) -> Action:
    left = state.garnets[player]
    e = state.exposure
    out: Action = {}
    hidden = e.hidden
    if hidden and rng.random() < 0.5:
        n = min(left, len(hidden), rng.choice((1, 1, 2)))
        if n:
            out["buy_identity"] = rng.sample(hidden, n)
            left -= n
    if hidden and left >= 2 and rng.random() < 0.4:
        n = min(left // 2, len(hidden), rng.choice((1, 1, 2)))
        out["buy_location"] = [state.layout[x] for x in rng.sample(hidden, n)]
        left -= 2 * n
    if rng.random() < 0.5:
        out["buy_chips"] = rng.choice((0, left, rng.randint(0, left)))
    return out


def random_ec_vote(
    candidates: list[str], player: str, default: Action, rng: random.Random
) -> Action:
    """The default vote, a self-vote (when a candidate) or a uniform candidate (§3.3)."""
    u = rng.random()
    if u < 1 / 3:
        return dict(default)
    if u < 2 / 3 and player in candidates:
        return {"ec": player}
    return {"ec": rng.choice(candidates)}


def view_random_round(
    request: Mapping[str, Any], rng: random.Random, view: Mapping[str, Any]
) -> Action:
    """The view-only random bot's ``round``: passes, small bids (ties), one chip
    on every biddable card, one large or an all-in bid, and purchases among the
    request's targets within the garnets held (§3.1). Unlike
    :func:`random_round_action` it never reads the covered layout (which card a
    location purchase names, quiet rounds)."""
    chips, biddable = request["chips"], list(request["biddable"])
    action: Action = {}
    u = rng.random()
    bids: dict[str, int] = {}
    if chips and biddable and u >= 0.15:
        if u < 0.55:
            for x in rng.sample(biddable, min(len(biddable), rng.choice((1, 1, 2, 3)))):
                amount = min(rng.choice((1, 2, 3)), chips - sum(bids.values()))
                if amount >= 1:
                    bids[x] = amount
        elif u < 0.65:
            bids = {x: 1 for x in biddable[:chips]}
        elif u < 0.9:
            bids = {rng.choice(biddable): rng.randint((chips + 1) // 2, chips)}
        else:
            bids = {rng.choice(biddable): chips}
    if bids or rng.random() < 0.15:
        action["bids"] = bids
    left = request["garnets"]
    if left and rng.random() < 0.4:
        costs = request["costs"]
        ids, places = request["identity_targets"], request["location_targets"]
        n = min(left // costs["identity"], len(ids), rng.choice((0, 1, 2)))
        if n:
            action["buy_identity"] = rng.sample(ids, n)
            left -= n * costs["identity"]
        n = min(left // costs["location"], len(places), rng.choice((0, 1)))
        if n:
            action["buy_location"] = rng.sample(places, n)
            left -= n * costs["location"]
        if rng.random() < 0.5:
            action["buy_chips"] = rng.randint(0, left // costs["chip"])
    return action
