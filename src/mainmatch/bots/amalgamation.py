"""A strategy bot for The Amalgamation (``shared/rules/amalgamation.md``).

It sees only its own view and request. Each round it splits a budget
(balance / rounds left; everything in round 7, since money left is worth
nothing) over the four sub-games the way a careful player would:

- **Minus Auction - streak chasing.** A tile is worth what it changes in
  the bot's streak score: a tile next to a run it holds costs nothing (or
  gains, when it bridges two runs or extends a run towards 0), a lone tile
  costs its value. It bids to win tiles worth >= 0 (and a tile near 0 when
  a second round without tiles would cost $20), and dodges the rest with a
  small positive bid (which also counts as money bid for the tiebreak).
- **Kong's Dilemma.** Puts a share into the team pot while the team race is
  open, more when behind; once the team's win is sure it keeps contributing
  (the winners rank by money given), once its loss is sure it stops (the
  losers rank by money given, least first).
- **Investment & Donation.** Donates a little every round (a Miser token
  goes to the lowest donor, usually $0) and invests an odd, unusual amount
  to stand alone at the top for the Top Investor token.
- **Garnet Chip Thief.** Estimates each other player's role habits from the
  public role history and picks the role with the most expected chips,
  betting more when that expectation is high.

It keeps its garnets (worth more to an ORG player than a few dollars here)
and, as a winner choosing the EC, votes for the candidate highest in the
gamewide tiebreak (the strongest rival), never for itself when it can avoid it.
"""

from __future__ import annotations

import random
from functools import cache, lru_cache

from .base import register

ROLES = ("mafia", "cartel", "police", "beggar")
CHIPS = 5


def streak_score(tiles) -> int:
    """Sum of each run's value nearest 0 (amalgamation.md §4.2 "Minus")."""
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


class StrategyBot:
    """The reference strategy: a budget split over the four sub-games and streak chasing."""

    name = "strategy"
    #: it changes neither its view nor its request and returns fresh values only (PD2)
    reads_only = True

    #: shares of the round's budget (after the Minus bids) for kong, invest, thief
    KONG_SHARE = 0.22
    INVEST_SHARE = 0.38
    THIEF_SHARE = 0.40

    def act(self, view: dict, request: dict, rng: random.Random) -> dict:
        if request["kind"] == "choose_ec":
            return self._vote(view, request)
        return self._round(view, request, rng)

    # ------------------------------------------------------------ EC vote

    def _vote(self, view: dict, request: dict) -> dict:
        me = view["you"]["player"]
        candidates = [c for c in request["candidates"] if c != me] or list(request["candidates"])
        gt = view["gamewide_tiebreak"]
        return {"ec": min(candidates, key=gt.index)}

    # ------------------------------------------------------------ a round

    def _round(self, view: dict, request: dict, rng: random.Random) -> dict:
        me = view["you"]["player"]
        balance = request["balance"]
        r = request["round"]
        rounds_left = 7 - r + 1
        budget = balance if rounds_left == 1 else balance // rounds_left
        bids = self._bids(view, request, me, budget, rng)
        left = max(0, budget - sum(abs(b) for b in bids))
        donate = min(left, 1 + rng.randint(0, 2))
        left -= donate
        contribute = self._kong(view, me, int(left * self.KONG_SHARE), rounds_left)
        invest = self._odd(int(left * self.INVEST_SHARE))
        role, bet = self._thief(view, me, int(left * self.THIEF_SHARE))
        if rounds_left == 1:
            # money left at the end is worth nothing: put the rest where it still scores
            rest = balance - (contribute + sum(abs(b) for b in bids) + invest + donate + bet)
            if rest > 0:
                bet += rest // 2
                invest += rest - rest // 2
        spend = contribute + sum(abs(b) for b in bids) + invest + donate + bet
        if spend > balance:
            # never into debt (§3.1 rule 7): keep only the bids for wanted tiles, then nothing
            contribute = invest = donate = bet = 0
            bids = [min(b, 0) for b in bids]
            if sum(-b for b in bids) > balance:
                bids = [0] * len(bids)
        return {
            "kong": {"contribute": contribute},
            "minus": {"bids": bids},
            "invest": {"invest": invest, "donate": donate},
            "thief": {"bet": bet, "role": role},
        }

    @staticmethod
    def _odd(amount: int) -> int:
        """Avoid round numbers, which others pick too: a tie cancels a Top Investor token."""
        if amount >= 5 and amount % 5 == 0:
            return amount - 2
        return amount

    # ------------------------------------------------------------ Minus Auction

    def _bids(
        self, view: dict, request: dict, me: str, budget: int, rng: random.Random
    ) -> list[int]:
        held = list(view["minus"]["received"][me])
        base = streak_score(held)
        hungry = (
            view["minus"]["rounds_without_tiles"][me] >= 1
        )  # a 2nd round without a tile costs $20
        values = [streak_score(held + [t]) - base for t in request["tiles"]]
        cap = max(1, budget // 4)
        bids = []
        for v in values:
            if v >= 0:
                bids.append(-min(cap, 4 + 2 * v + rng.randint(0, 3)))
            elif hungry and v >= -5:
                bids.append(-min(cap, 6 + rng.randint(0, 4)))
            else:
                bids.append(rng.choice((1, 1, 2)))  # dodge: someone else bids lower
        return bids

    # ------------------------------------------------------------ Kong's Dilemma

    def _kong(self, view: dict, me: str, share: int, rounds_left: int) -> int:
        team = view["you"]["team"]
        other = "white" if team == "red" else "red"
        mine, theirs = view["kong"]["points"][team], view["kong"]["points"][other]
        if theirs - mine > rounds_left:
            return 0  # the loss is sure: the losers rank by money given, least first
        if theirs > mine:
            share = int(share * 1.5)
        return share

    # ------------------------------------------------------------ Garnet Chip Thief

    def _thief(self, view: dict, me: str, share: int) -> tuple[str, int]:
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


register("amalgamation", "strategy", StrategyBot)
