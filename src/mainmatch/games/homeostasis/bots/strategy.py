"""Strategy bot for Homeostasis (``src/mainmatch/games/homeostasis/spec.md``).

A value-aware player that sees only its own view and request:

- **The rules played.** The band edges come from the view: a rule variant's
  ``neutral_band`` and ``big_band`` (§5 names the variant, D35), else §7's 1
  and 4 (:func:`edges`). Chips are read from the view and requests.
- **Goal as a utility.** The bot scores a round value ``v`` by its stake with
  the match total ``T + v`` (a Token of Life +1, being the Elimination
  Candidate -1, §7): positive a Token above the neutral edge and a small risk
  of being named EC inside the neutral band, negative the mirror, neutral a
  Token inside the big edge (a little more inside the neutral one) and the EC
  beyond it. Rounds still to come blur the total (a normal spread), so early
  rounds reward a good direction and the last round the exact band
  (``games/homeostasis/bots/utility.py``).
- **Spending habits, mixed.** Chips buy cards now (live auctions, all-pay)
  or the last final auction, which every player bids all-in, so the richest
  wins it (§4.5). A seat that spends less than the table wins that auction;
  one that spends more wins the slots. Each team has its habits
  (:data:`HABITS`: live-bid aggression, a reserve kept level with the
  richest rival, final bids of rounds 1-2), drawn once per match from a
  mixture (a positive player mixes a saver and a spender) so that neither
  pure habit beats it.
- **Slot bidding.** For the card on auction it estimates, for each empty slot,
  the expected utility of the round's expression by filling the other empty
  slots with the cards still to come: every arrangement of them when there
  are at most 64, else 32 arrangements drawn once per question
  (``games/homeostasis/bots/slots.py``, shared by every player who asks). It bids
  just enough to make its best slot lead when the gain over the currently
  leading slot is worth that many chips (its habit's aggression; chips are
  worth more while many auctions remain) and its reserve allows; otherwise
  it passes. Forced to open, it bids 1 chip on its best slot.
- **Draft.** It puts the most disruptive card left (``x``, then ``/``, ``-``,
  ``3``, …) early in the auction order when it has at least average chips
  (it can fight for it), late otherwise.
- **Saving.** It saves the cards that move an expression furthest its way
  from either end (measured offline over random layouts): positive ``3``
  (with garnets, ``3 x``), negative ``-`` (``- 3``), neutral ``x`` (``3 x``).
- **Final auction and saved cards.** It values winning by the best placement
  of its saved cards on the finished slots and bids that worth in chips (its
  habit's ``final``, within its reserve); in round 3 chips have no later
  use, so it bids them all. As winner it places
  the best subset at either end.
- **Brackets.** It tries every legal pair and places the best one when it
  helps enough; the team's single pair is kept for later unless the gain is
  large or it is the last round.
- **EC choice** (neutral win): one of the four at random (the match's generator):
  the choice cannot change its own result, and any rule that reads the table is one
  a player can play around (issue 31; docs/decisions/holes.md HOL4).
"""

from __future__ import annotations

import hashlib
import math
import random
from collections.abc import Callable, Mapping
from fractions import Fraction
from functools import lru_cache
from itertools import chain, permutations, product
from operator import mul
from typing import Any, NamedTuple

from mainmatch.engine.bots import register
from mainmatch.engine.game import JSONObject, Request, View
from mainmatch.games.homeostasis.bots.slots import (
    bracket_ratio,
    flat_ratio,
    pair_ratios,
    slot_values,
)
from mainmatch.games.homeostasis.bots.utility import OFFICIAL_EDGES, edges, utility
from mainmatch.games.homeostasis.expression import crosses

__all__ = ["OFFICIAL_EDGES", "StrategyBot", "edges", "flat_ratio", "utility"]

#: how disruptive a card is to an expression (draft order)
IMPORTANCE = {"x": 6, "/": 5, "-": 4, "3": 3, "+": 2, "2": 2, "1": 1}
#: best saves per team: (one free card, two cards for 1 garnet)
SAVES = {
    "positive": (["3"], ["3", "x"]),
    "negative": (["-"], ["-", "3"]),
    "neutral": (["x"], ["3", "x"]),
}
#: slot utilities kept, shared by every bot of the process (docs/decisions/performance.md PH1):
#: a pure function of what the view shows, the team and the bot's own parameters
UTILITIES_KEPT = 1 << 13
_UTILITIES: dict[tuple[Any, ...], dict[int, float]] = {}
#: the open auction last asked about, ``((number, round, card, total), slots,
#: auction_order, {(team, *aim_key): (slot values, best slot)}, worth of a chip,
#: slots as a tuple, the cards to come sorted)`` (``StrategyBot._bid``), in a one-item list
_AUCTION: list[tuple[Any, ...]] = [(None, None, None, {}, 1.0, (), ())]
#: brackets and saved-card decisions (``StrategyBot._brackets``, ``_best_placement``),
#: pure functions of what the view shows and the bot's kind, shared like :data:`_UTILITIES`
_DECISIONS: dict[tuple[Any, ...], tuple[Any, ...]] = {}


def _keep(key: tuple[Any, ...], value: tuple[Any, ...]) -> tuple[Any, ...]:
    """Remember ``value`` in :data:`_DECISIONS` (emptied when full) and return it."""
    if len(_DECISIONS) >= UTILITIES_KEPT:
        _DECISIONS.clear()
    _DECISIONS[key] = value
    return value


class Habits(NamedTuple):
    """How a player spends its chips (homeostasis spec §4.4, §4.5)."""

    #: chips paid per unit of gain on a live bid (a share of its chips)
    aggression: float
    #: how far (a share of the richest rival's chips) its team may fall below
    #: the richest rival by its bids: 1 = no limit (:meth:`StrategyBot._spare`)
    lag: float
    #: chips per unit of gain (a share of its chips) it bids in the final
    #: auctions of rounds 1-2 (round 3: all its chips)
    final: float


#: a mixture of habits: ``(weight, habits)`` pairs, weights summing to 1
Mixture = tuple[tuple[float, Habits], ...]

#: how the bot spends its chips in each team, drawn once per match (docs/decisions/homeostasis.md
#: "Homeostasis strategy bot"). Chips buy cards now (live auctions) or the last final
#: auction, which everyone bids all-in (§4.5): a seat that spends less than the table
#: wins it, a seat that spends more wins the slots. Any one habit is beaten by the
#: other, so a positive player mixes the two; the neutral player bids cheaply and
#: keeps its chips for the last final auction; a negative player keeps its team
#: level with the richest rival
HABITS: dict[str, Mixture] = {
    "positive": ((0.35, Habits(0.1, 1.0, 0.0)), (0.65, Habits(1.6, 0.05, 4.0))),
    "negative": ((1.0, Habits(1.6, 0.05, 4.0)),),
    "neutral": ((1.0, Habits(0.1, 1.0, 0.0)),),
}


class StrategyBot:
    """The reference strategy for Homeostasis (see the module doc)."""

    name = "strategy"
    #: it changes neither its view nor its request and returns fresh values
    #: only, so the driver skips the request's copy (docs/decisions/performance.md PD2)
    reads_only = True

    def __init__(self, habits: Mapping[str, Mixture] | None = None):
        #: how it spends its chips in each team (:data:`HABITS`)
        self.habits = dict(HABITS if habits is None else habits)
        #: this match's draw of its habits (at its saving step, from the match's generator)
        self._draw: float | None = None
        #: ``(team, habits)`` drawn for this match
        self._current: tuple[str, Habits] | None = None
        self._scorers: dict[tuple[Any, ...], Callable[[int, int], float]] = {}
        #: its team and :meth:`_aim_key`: which of an auction's shared answers is its own
        self._who: tuple[Any, ...] | None = None

    # ------------------------------------------------------------ entry

    def act(self, view: View, request: Request, rng: random.Random) -> JSONObject:
        kind = request["kind"]
        if kind == "bid":  # nine in ten decisions
            return self._bid(view, request, rng)
        if kind == "save_cards":  # every match starts here: draw this match's habits
            self._draw = rng.random()
            self._current = None
            return self._save(view, request)
        if kind == "draft":
            return self._draft(view, request)
        if kind == "final_bid":
            return self._final_bid(view, request, rng)
        if kind == "place_saved":
            return self._place_saved(view, request)
        if kind == "brackets":
            return self._brackets(view, request)
        return self._choose_ec(request, rng)

    # ------------------------------------------------------------ helpers

    @staticmethod
    def _team(view: View) -> str:
        team: str = view["you"]["team"]
        return team

    def _habit(self, view: View, team: str) -> Habits:
        """Its spending habits this match: drawn from the team's mixture with the
        draw made at the match's saving step, or, for a bot that did not see it
        (the host asks a new bot for every decision), a draw that is a pure
        function of what its view shows all match long (:func:`_match_draw`)."""
        current = self._current
        if current is not None and current[0] == team:
            return current[1]
        if self._draw is None:
            self._draw = _match_draw(view)
        mixture = self.habits[team]
        left = self._draw
        chosen = mixture[-1][1]
        for weight, habits in mixture:
            if left < weight:
                chosen = habits
                break
            left -= weight
        self._current = (team, chosen)
        return chosen

    def _aim(self, team: str, total: float) -> float:
        """The total as the bot weighs it (the families move it, ``steerer``)."""
        return total

    def _ratio_scorer(self, view: View) -> Callable[[int, int], float]:
        """``(n, d) ->`` the utility of this round ending at ``n / d``, memoised
        on the value for as long as the total, the round and the team stay (the
        team too: the RL tables reuse a bot for later matches). In integers: ``int / int`` rounds the exact
        total as ``float(Fraction)`` does, so the floats are the same."""
        team = view["you"]["team"]  # a bot reused for another match may change teams
        bands = edges(view)
        key = (view["total"], view["round"], team, bands)
        scorer = self._scorers.get(key)
        if scorer is not None:
            return scorer
        total = Fraction(view["total"])
        tn, td = total.numerator, total.denominator
        rounds_left = 3 - view["round"]
        aim = self._aim
        memo: dict[tuple[int, int], float] = {}

        def score(n: int, d: int) -> float:
            out = memo.get((n, d))
            if out is None:
                out = memo[n, d] = utility(
                    team, aim(team, (tn * d + n * td) / (td * d)), rounds_left, bands
                )
            return out

        self._scorers[key] = score
        return score

    # ------------------------------------------------------------ saving

    def _save(self, view: View, request: Request) -> JSONObject:
        single, pair = SAVES[self._team(view)]
        return {"cards": list(pair if request["garnets"] >= 1 else single)}

    # ------------------------------------------------------------ draft

    def _draft(self, view: View, request: Request) -> JSONObject:
        card = max(request["cards"], key=IMPORTANCE.__getitem__)
        chips = view["chips"]
        rich = chips[view["you"]["player"]] * len(chips) >= sum(chips.values())
        positions = request["positions"]
        return {"card": card, "position": positions[0] if rich else positions[-1]}

    # ------------------------------------------------------------ live auctions

    def _slot_utilities(self, view: View, card: str, rng: random.Random) -> dict[int, float]:
        """Expected utility of ``card`` in each empty slot, the other empty
        slots filled by the cards still to be auctioned (``slot_values``:
        every arrangement of them, or a fixed sample, shared by all players)."""
        later = tuple(sorted(view["auction_order"][view["auction"]["number"] :]))
        return self._utilities(view, card, tuple(view["slots"]), later)

    def _utilities(
        self, view: View, card: str, slots: tuple[str | None, ...], later: tuple[str, ...]
    ) -> dict[int, float]:
        """:meth:`_slot_utilities` given the view's ``slots`` and ``later`` as tuples."""
        key = (slots, card, later, view["total"], view["round"], *self._key(view))
        out = _UTILITIES.get(key)
        if out is None:
            score = self._ratio_scorer(view)
            out = {
                slot: sum(map(mul, weights, map(score, nums, dens))) / weight
                for slot, (nums, dens, weights, weight) in slot_values(slots, card, later).items()
            }
            if len(_UTILITIES) >= UTILITIES_KEPT:
                _UTILITIES.clear()
            _UTILITIES[key] = out
        return out

    def _key(self, view: View) -> tuple[Any, ...]:
        """``(team, band edges, *aim_key)``: whose answer a shared cache holds."""
        who = self._who
        bands = edges(view)
        if who is None or who[0] != view["you"]["team"] or who[1] != bands:
            who = self._who = (view["you"]["team"], bands, *self._aim_key())
        return who

    def _aim_key(self) -> tuple[Any, ...]:
        """What :meth:`_aim` depends on besides its arguments (the families' parameters)."""
        return (type(self),)

    def _bid(self, view: View, request: Request, rng: random.Random) -> JSONObject:
        # An auction asks the same question at every bid, pass and raise of its
        # five players: the card, the slots, the cards to come and the total stay
        # until it ends. So the slot values and the best slot are worked out once
        # per auction and kind of bot (:data:`_AUCTION`), keyed on all the view
        # shows of them (compared, not hashed: a bot may be reused across matches).
        auction = view["auction"]
        number = auction["number"]
        rnd = view["round"]
        key = (number, rnd, auction["card"], view["total"])
        slots = view["slots"]
        order = view["auction_order"]
        shared = _AUCTION[0]  # read once: another thread may open another auction meanwhile
        if shared[0] != key or shared[1] != slots or shared[2] != order:
            # chips are worth more while many auctions remain
            auctions_left = (10 - number) + 9 * (3 - rnd) + 1
            later = tuple(sorted(order[number:]))
            shared = (key, slots.copy(), order.copy(), {}, min(1.0, 12.0 / auctions_left))
            shared += (tuple(slots), later)
            _AUCTION[0] = shared
        who = self._key(view)
        known = shared[3].get(who)
        if known is None:
            values = self._utilities(view, request["card"], shared[5], shared[6])
            best = 0
            top = -math.inf
            for s in request["slots"]:  # the best value, then the first slot
                v = values[s]
                if v > top or (v == top and s < best):
                    best, top = s, v
            known = shared[3][who] = values, best
        values, best = known
        totals, chips = request["totals"], request["chips"]
        if not request["can_pass"]:
            return _legal(best, 1, chips, request["slots"], totals)
        top = max(totals)
        leader = totals.index(top) + 1
        if leader == best:
            return {"pass": True}
        gain = values[best] - values[leader]
        need = top - totals[best - 1] + 1
        habit = self._habit(view, who[0])
        worth = gain * habit.aggression * chips * shared[4] * 3
        if need <= chips and need <= worth and self._spare(view, chips, habit.lag) >= need:
            return _legal(best, need, chips, request["slots"], totals)
        return {"pass": True}

    def _spare(self, view: View, chips: int, lag: float) -> float:
        """The chips it may spend now: all of them, unless that leaves its team
        with ``1 - lag`` of the richest rival's chips or fewer (another team's
        player): the richest player wins the last final auction, which everyone
        bids all-in (§4.5), and leads the turn order (§4.2). A teammate who is
        rich enough keeps the team's stake, so the other may spend."""
        team = view["you"]["team"]
        if lag >= 1.0:
            return chips
        me = view["you"]["player"]
        teams = view["teams"]
        rich = mate = 0
        for p, c in view["chips"].items():
            if teams[p] != team:
                rich = max(rich, c)
            elif p != me:
                mate = max(mate, c)
        floor = (1.0 - lag) * rich
        return chips if mate >= floor else chips - floor

    # ------------------------------------------------------------ final auction

    def _best_placement(self, view: View, saved: list[str]) -> tuple[float, list[str], list[str]]:
        """The most useful placement of ``saved`` (its first three cards) at the
        ends of the slots and its gain: a pure function of what the view shows,
        kept process-wide (every rebid and the ``place_saved`` after it ask again)."""
        slots = view["slots"]
        key = (
            "place",
            tuple(slots),
            tuple(saved[:3]),
            view["total"],
            view["round"],
            *self._key(view),
        )
        known = _DECISIONS.get(key)
        if known is None:
            score = self._ratio_scorer(view)
            base = score(*flat_ratio(slots))
            known = (0.0, (), ())
            for front, back in _placements(key[2]):
                gain = score(*flat_ratio((*front, *slots, *back))) - base
                if gain > known[0] + 1e-9:
                    known = (gain, front, back)
            _keep(key, known)
        return known[0], list(known[1]), list(known[2])

    def _final_bid(self, view: View, request: Request, rng: random.Random) -> JSONObject:
        chips = request["chips"]
        if view["round"] == 3:
            return {"chips": chips}  # chips have no use after the last final auction
        gain = self._best_placement(view, view["you"]["saved_cards"])[0]
        habit = self._habit(view, view["you"]["team"])
        spare = int(self._spare(view, chips, habit.lag))
        return {"chips": max(0, min(spare, int(gain * habit.final * chips)))}

    def _place_saved(self, view: View, request: Request) -> JSONObject:
        gain, front, back = self._best_placement(view, request["saved_cards"])
        # a saved card is placed once per match: keep it for later unless it helps now
        if gain < (0.02 if view["round"] == 3 else 0.08):
            return {"front": [], "back": []}
        return {"front": front, "back": back}

    # ------------------------------------------------------------ brackets

    def _brackets(self, view: View, request: Request) -> JSONObject:
        cards = tuple(view["expression"])
        placed = tuple((p[0], p[1]) for p in request["brackets"])
        key = (
            "brackets",
            cards,
            placed,
            request["length"],
            view["total"],
            view["round"],
            *self._key(view),
        )
        known = _DECISIONS.get(key)
        if known is None:
            # the same for every player of the team and step: worked out once
            score = self._ratio_scorer(view)
            base = score(*_ratio(cards, placed))
            best_gain, best_pair = 0.0, None
            for pair, (n, d) in _pair_values(cards, placed, request["length"]):
                gain = score(n, d) - base
                if gain > best_gain + 1e-9:
                    best_gain, best_pair = gain, pair
            known = _keep(key, (best_gain, best_pair))
        best_gain, best_pair = known
        threshold = 0.01 if view["round"] == 3 else 0.3
        if best_pair is None or best_gain < threshold:
            return {"pass": True}
        return {"first": best_pair[0], "last": best_pair[1]}

    # ------------------------------------------------------------ EC

    @staticmethod
    def _choose_ec(request: Request, rng: random.Random) -> JSONObject:
        """Any of the four at random: the choice cannot change the neutral player's own
        result (§7), and a rule that reads the table (most chips left, as before) is
        one a player can dodge for free: chips are worth nothing after the last final
        auction, so a seat that spent them all in round 3 was never named (issue 31)."""
        return {"ec": rng.choice(request["candidates"])}


def _match_draw(view: View) -> float:
    """A number in [0, 1) that stays the same for a player all match: a hash of
    the players, the teams and its own garnets (fixed once saving is done, §4.1)."""
    you = view["you"]
    key = repr((view["players"], sorted(view["teams"].items()), you["player"], you["garnets"]))
    return int.from_bytes(hashlib.sha256(key.encode()).digest()[:8], "big") / 2**64


@lru_cache(maxsize=256)
def _placements(cards: tuple[str, ...]) -> tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]:
    """Every way to put a subset of ``cards`` (a player's first three saved
    cards) at the two ends, ``(front, back)``, fewest cards first."""
    out: set[tuple[tuple[str, ...], tuple[str, ...]]] = set()
    for sides in product((0, 1, 2), repeat=len(cards)):
        front = [c for c, s in zip(cards, sides) if s == 1]
        back = [c for c, s in zip(cards, sides) if s == 2]
        for f in set(permutations(front)):
            for b in set(permutations(back)):
                out.add((f, b))
    return tuple(sorted(out, key=lambda fb: (len(fb[0]) + len(fb[1]), fb)))


def _ratio(cards: tuple[str, ...], pairs: tuple[tuple[int, int], ...]) -> tuple[int, int]:
    """``value_of(cards, pairs)`` as ``(numerator, denominator)``, in integers
    (``bracket_ratio``: the engine's ``simplify`` then ``tree_ratio`` in one pass)."""
    return bracket_ratio(cards, pairs) if pairs else flat_ratio(cards)


@lru_cache(maxsize=1 << 10)
def _pair_values(
    cards: tuple[str, ...], placed: tuple[tuple[int, int], ...], n: int
) -> tuple[tuple[tuple[int, int], tuple[int, int]], ...]:
    """Every pair of brackets that crosses none of ``placed`` (D23), ``first``
    then ``last`` ascending, with the value (``(n, d)``) the expression would
    then have: the same for every player of the step, so worked out once."""
    if not placed and n == len(cards):  # the usual question: one pair, no brackets yet
        return tuple(pair_ratios(cards))
    out = []
    for first in range(1, n + 1):
        for last in range(first, n + 1):
            pair = (first, last)
            if any(crosses(pair, p) for p in placed):
                continue
            out.append((pair, _ratio(cards, (*placed, pair))))
    return tuple(out)


def _legal(slot: int, amount: int, chips: int, slots: list[int], totals: list[int]) -> JSONObject:
    """The smallest bid of at least ``amount`` on ``slot`` that ties no other
    slot; else the nearest legal one there or on another slot (one always exists)."""
    if 1 <= amount <= chips and totals[slot - 1] + amount not in totals:
        return {"slot": slot, "chips": amount}  # the usual case: the first one tried
    for s in [slot] + [x for x in slots if x != slot]:
        taken = {t for i, t in enumerate(totals, 1) if i != s and t > 0}
        for a in chain(range(max(1, amount), chips + 1), range(min(amount, chips + 1) - 1, 0, -1)):
            if totals[s - 1] + a not in taken:
                return {"slot": s, "chips": a}
    return {"pass": True}  # unreachable with two empty slots; a pass is the safe fallback


register("homeostasis", "strategy", StrategyBot)
