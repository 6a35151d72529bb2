"""The ``classic`` bot of The Amalgamation (:class:`SplitBot`) and what it
reads: a plan's split of the balance over the four sub-games (the module doc of
``amalgamation.py`` says how). Apart so that the fixed-habits seat
(``habits.py``), which builds on it, and the ``strategy`` mixture,
which draws both, import it without a cycle."""

from __future__ import annotations

import math
import random
from collections.abc import Iterable
from functools import cache, lru_cache
from typing import Any

from mainmatch.engine.game import Action, JSONObject, Request, View

ROLES = ("mafia", "cartel", "police", "beggar")
CHIPS = 5
#: rounds of a match (amalgamation spec §1; no variant changes it)
ROUNDS = 7
#: the official starting balance (§1): the Minus bids' dollar sizes were set for it and
#: scale with the match's own budget (a ``budget`` variant)
OFFICIAL_BUDGET = 400


def streak_score(tiles: Iterable[int]) -> int:
    """Sum of each run's value nearest 0 (amalgamation spec §4.2 "Minus")."""
    total, previous = 0, None
    for t in sorted(tiles, reverse=True):
        if previous is None or t != previous - 1:
            total += t
        previous = t
    return total


def chips_for(role: str, counts: dict[str, int]) -> int:
    """Chips one player of ``role`` gets when the table's role counts are ``counts`` (§4.1.5)."""
    m, c = counts["mafia"], counts["cartel"]
    group = "mafia" if m > c else "cartel" if c > m else "police"
    left = CHIPS
    size = counts[group]
    each = 0
    if size:
        each = left // size
        left -= each * size
    if role == group:
        return each
    if role == "beggar" and left > 0 and counts["beggar"]:
        return left // counts["beggar"]
    return 0


@cache
def _chips_at(role_index: int, m: int, c: int, p: int, b: int) -> int:
    """``chips_for`` on a count tuple (cached: there are only 84 tables of 6 roles)."""
    return chips_for(ROLES[role_index], {"mafia": m, "cartel": c, "police": p, "beggar": b})


def expected_chips(others: list[dict[str, float]]) -> dict[str, float]:
    """Expected chips of each role of mine, others' roles drawn from ``others``
    (one probability table per other player), by exact convolution of counts."""
    return dict(_expected_chips(tuple(tuple(probs[role] for role in ROLES) for probs in others)))


#: the count tables after each role of mine, in ``dist`` order (built on first use)
_WITH_ROLE: dict[tuple[int, int, int, int], tuple[int, ...]] = {}


def _chips_with_mine(counts: tuple[int, int, int, int]) -> tuple[int, ...]:
    """My chips for each of my roles when the others' counts are ``counts``."""
    out = _WITH_ROLE.get(counts)
    if out is None:
        m, c, p, b = counts
        out = _WITH_ROLE[counts] = tuple(
            _chips_at(i, m + (i == 0), c + (i == 1), p + (i == 2), b + (i == 3))
            for i in range(len(ROLES))
        )
    return out


@lru_cache(maxsize=1 << 14)
def _expected_chips(others: tuple[tuple[float, ...], ...]) -> tuple[tuple[str, float], ...]:
    """``expected_chips`` on the tables as tuples (in ``ROLES`` order): the
    public history repeats between the bots and matches, so the answer is
    kept; the sums run in the same order, so the floats are the same."""
    dist: dict[tuple[int, int, int, int], float] = {(0, 0, 0, 0): 1.0}
    for q in others:
        nxt: dict[tuple[int, int, int, int], float] = {}
        for (m, c, p, b), pk in dist.items():
            for key, qi in (
                ((m + 1, c, p, b), q[0]),
                ((m, c + 1, p, b), q[1]),
                ((m, c, p + 1, b), q[2]),
                ((m, c, p, b + 1), q[3]),
            ):
                if qi:
                    nxt[key] = nxt.get(key, 0.0) + pk * qi
        dist = nxt
    chips = [(pk, _chips_with_mine(counts)) for counts, pk in dist.items()]
    return tuple((role, sum(pk * mine[i] for pk, mine in chips)) for i, role in enumerate(ROLES))


#: a plan's numbers and their defaults (the classic bot; the ``splitter`` family's ranges
#: are in ``families.py``)
DEFAULTS: dict[str, float] = {
    "kong": 0.22,  # share of the round's rest (after Minus bids and the donation) into Kong
    "invest": 0.38,  # ... invested
    "thief": 0.40,  # ... bet in the Chip Thief
    "minus_cap": 0.25,  # most bid on one Minus tile, as a share of the round's budget
    "chase": 0,  # chase Minus tiles whose streak value is >= -chase
    "tempo": 0.0,  # spending over the rounds: < 0 earlier, > 0 later, 0 evenly
    "last_kong": 0.0,  # share of round 7's unplanned rest put into Kong
    "last_thief": 0.5,  # share of what then remains bet in the Thief (the rest invested)
    "noise": 0.0,  # Kong and invest amounts vary by up to this share, up or down, per round
    "donate": 1,  # the least donated per round (plus $0-2 at random); 0: never donate
    "dodge": 1,  # 1: dodge unwanted Minus tiles with a small positive bid; 0: bid $0 on them
    "dodge_min": 0,  # the least dodge, in dollars (0: $1-2 at random)
    "dodge_high": 0,  # a dodge goes up to this many dollars more, the more so the worse the tile
}
#: a tile costing this many Minus points (or more) gets the whole ``dodge_high``
HARM_FULL = 20


def starting_budget(request: Request, you: JSONObject) -> int:
    """The balance the player started with (the ``budget`` variant, §1): every
    balance is the start plus money bought minus spending and penalties (§5 "you")."""
    start: int = request["balance"] + sum(
        r["spent"] + r["penalty"] - r["money_bought"] for r in you["rounds"]
    )
    return start


class SplitBot:
    """One fixed plan: a budget split over the four sub-games, as numbers (``DEFAULTS``)."""

    name = "classic"
    #: it changes neither its view nor its request and returns fresh values only (PD2)
    reads_only = True

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        p = {**DEFAULTS, **(params or {})}
        shares = (p["kong"], p["invest"], p["thief"])
        total = sum(shares)
        # shares summing above 1 are scaled down to 1: a round spends at most its budget
        scale = total if total > 1 + 1e-9 else 1.0
        self.KONG_SHARE, self.INVEST_SHARE, self.THIEF_SHARE = (x / scale for x in shares)
        self.minus_cap = p["minus_cap"]
        self.chase = p["chase"]
        self.tempo = p["tempo"]
        self.last_kong = p["last_kong"]
        self.last_thief = p["last_thief"]
        self.noise = p["noise"]
        self.donate = p["donate"]
        self.dodge = p["dodge"]
        self.dodge_min = p["dodge_min"]
        self.dodge_high = p["dodge_high"]

    def act(self, view: View, request: Request, rng: random.Random) -> Action:
        if request["kind"] == "choose_ec":
            return vote(view, request)
        return self.round(view, request, rng)

    # ------------------------------------------------------------ a round

    def _budget(self, balance: int, rounds_left: int) -> int:
        """This round's share of the balance; all of it in the last round (money left is
        worth nothing, §1). ``tempo`` weighs round k from now by ``exp(tempo * k)``."""
        if rounds_left == 1:
            return balance
        if self.tempo == 0:
            return balance // rounds_left
        return int(balance / sum(math.exp(self.tempo * k) for k in range(rounds_left)))

    def round(self, view: View, request: Request, rng: random.Random) -> Action:
        me = view["you"]["player"]
        balance = request["balance"]
        rounds_left = ROUNDS - request["round"] + 1
        budget = self._budget(balance, rounds_left)
        scale = starting_budget(request, view["you"]) / OFFICIAL_BUDGET
        bids = self._bids(view, request, me, budget, scale, rng)
        left = max(0, budget - sum(abs(b) for b in bids))
        # the lowest donor gets a Miser token, a bad place in the I&D ranking (§4.2 "Invest")
        donate = min(left, self.donate + rng.randint(0, 2)) if self.donate else 0
        left -= donate
        kong, invest = left * self.KONG_SHARE, left * self.INVEST_SHARE
        if self.noise:
            kong *= 1 + self.noise * (2 * rng.random() - 1)
            invest *= 1 + self.noise * (2 * rng.random() - 1)
        contribute = self._kong(view, int(kong), rounds_left)
        invest_amount = odd(int(invest))
        role, bet = self._thief(view, me, int(left * self.THIEF_SHARE))
        if rounds_left == 1:
            rest = balance - (contribute + sum(abs(b) for b in bids) + invest_amount + donate + bet)
            if rest > 0:
                # money left at the end is worth nothing: put the rest where it still scores
                extra = int(rest * self.last_kong) if self._kong(view, 1, 1) else 0
                contribute += extra
                rest -= extra
                bet += int(rest * self.last_thief)
                invest_amount += rest - int(rest * self.last_thief)
        spend = contribute + sum(abs(b) for b in bids) + invest_amount + donate + bet
        if spend > balance:
            # never into debt (§3.1 rule 7): keep only the bids for wanted tiles, then nothing
            contribute = invest_amount = donate = bet = 0
            bids = [min(b, 0) for b in bids]
            if sum(-b for b in bids) > balance:
                bids = [0] * len(bids)
        return {
            "kong": {"contribute": contribute},
            "minus": {"bids": bids},
            "invest": {"invest": invest_amount, "donate": donate},
            "thief": {"bet": bet, "role": role},
        }

    # ------------------------------------------------------------ Minus Auction

    def _bids(
        self, view: View, request: Request, me: str, budget: int, scale: float, rng: random.Random
    ) -> list[int]:
        """Bid for tiles that join or improve a held run (§4.2 "Minus": a run scores its
        value nearest 0), dodge the rest with a small positive bid; a second round
        without a tile costs $20 (§4.1.3), so a hungry player chases 5 further. Dollar
        sizes are the official budget's, scaled by ``scale``."""
        held = list(view["minus"]["received"][me])
        base = streak_score(held)
        hungry = view["minus"]["rounds_without_tiles"][me] >= 1
        reach = -self.chase - (5 if hungry else 0)
        cap = max(1, int(budget * self.minus_cap))
        # five dodges never take more than the round's budget
        cap_dodge = max(1, budget // len(request["tiles"]))
        bids = []
        for t in request["tiles"]:
            v = streak_score(held + [t]) - base
            if v >= 0:
                bids.append(-min(cap, _sized(4 + 2 * v + rng.randint(0, 3), scale)))
            elif v >= reach:
                bids.append(-min(cap, _sized(6 + rng.randint(0, 4), scale)))
            elif self.dodge:
                # dodge: someone else bids lower (and it counts as money bid for the tiebreak)
                bids.append(self._dodge(-v, cap_dodge, scale, rng))
            else:
                bids.append(0)
        return bids

    def _dodge(self, harm: int, cap: int, scale: float, rng: random.Random) -> int:
        """A positive bid on an unwanted tile: $1-2 (at least ``dodge_min``), plus up to
        ``dodge_high`` dollars drawn at random, in proportion to the tile's harm (its cost
        in Minus points, full at :data:`HARM_FULL`); one dodge at most the round's budget
        over the five tiles. A fixed dodge is beaten by a seat dodging $1 higher on
        every tile, which then never takes one (the lowest bid takes a tile, §4.2
        "Minus"); a random one leaves such a seat the tiles now and then."""
        bid = _sized(max(self.dodge_min, rng.choice((1, 1, 2))), scale)
        if self.dodge_high:
            bid += round(self.dodge_high * min(1.0, harm / HARM_FULL) * rng.random() * scale)
        return min(bid, max(cap, _sized(2, scale)))

    # ------------------------------------------------------------ Kong's Dilemma

    @staticmethod
    def _kong(view: View, share: int, rounds_left: int) -> int:
        """Behind: put in half as much again. Once the loss is sure, nothing: the losers
        rank by money given, least first (§4.2 "Kong")."""
        team = view["you"]["team"]
        other = "white" if team == "red" else "red"
        mine, theirs = view["kong"]["points"][team], view["kong"]["points"][other]
        if theirs - mine > rounds_left:
            return 0
        if theirs > mine:
            share = int(share * 1.5)
        return share

    # ------------------------------------------------------------ Garnet Chip Thief

    @staticmethod
    def _thief(view: View, me: str, share: int) -> tuple[str, int]:
        """The role with the most expected chips given the public role history (§4.1.5),
        with a bet that grows with that expectation."""
        history = view["thief"]["rounds"]
        others = []
        for p in view["players"]:
            if p == me:
                continue
            seen = {role: 1.0 for role in ROLES}  # Laplace prior: every role possible
            for entry in history:
                seen[entry["roles"][p]] += 1.0
            total = sum(seen.values())
            others.append({role: n / total for role, n in seen.items()})
        expected = expected_chips(others)
        role = max(ROLES, key=lambda x: (expected[x], -ROLES.index(x)))
        weight = min(1.0, expected[role] / 1.5)
        return role, int(share * weight)


def _sized(dollars: int, scale: float) -> int:
    """An official-budget dollar amount at this match's budget (at least $1)."""
    return dollars if scale == 1 else max(1, round(dollars * scale))


def odd(amount: int) -> int:
    """Avoid round numbers, which others pick too: a tie cancels a Top Investor token."""
    if amount >= 5 and amount % 5 == 0:
        return amount - 2
    return amount


def vote(view: View, request: Request) -> Action:
    """The EC vote (§3.2): the candidate highest in the gamewide tiebreak, not oneself."""
    me = view["you"]["player"]
    candidates = [c for c in request["candidates"] if c != me] or list(request["candidates"])
    gt = view["gamewide_tiebreak"]
    return {"ec": min(candidates, key=gt.index)}
