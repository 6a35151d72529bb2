"""A strategy bot for The MVP (``src/mainmatch/games/mvp/spec.md``).

It plays like a careful human teammate who wants to be the team's MVP:

- **Chase sets and runs.** Every revealed card is valued by what it adds to
  the bot's own score (the points of the cards it would control once its team
  holds the card), by how far it brings a run or a set within reach (blocked
  runs and sets the other team already spoiled are worth nothing) and a little
  by what it would deny the other team.
- **Team-aware bidding through the shared view.** A card a teammate already
  leads (the team's flag total is more than the bot's own stake) is left to
  that teammate: the bot only tops it up when the other team could snatch it.
  Fresh cards (unflagged, nearly exposed) are split between the three
  teammates by a rule every teammate computes alike from the public view (the
  card's letter), so strategy-bot teammates do not bid against each other.
  A teammate's card is still taken when it is worth much more to the bot, or
  when it has stayed open a whole round without the team flagging it (the
  rounds its covering cards were claimed tell how long it has been open).
- **Pipelining.** It bids on a nearly exposed card as soon as every card
  covering it is flagged, so the card is flagged the round it is exposed,
  and in round 1 on its share of the row above the exposed one (left alone,
  a player who puts all 30 chips on six cards in round 1 takes that row).
- **Contesting.** A rival flag is outbid whenever the card is worth it
  (outbid chips come back, §4.2, so a contest costs nothing unless it
  claims), with a share of the chips that lets one seat flip a greedy
  rival's flags: 70% of its chips in rounds 1-3, 95% up to round 11, all of
  them in the last two, two chips over the flag. Its own team's flags up to
  10 chips are topped up by two when the card matters.
- **Rule variants.** Amounts are set for the spec's 30 chips (§2.4); a
  ``chips`` variant scales them, and a chip's price with them.

The numbers are class attributes (the ``strategist`` family opens them);
docs/decisions/bots.md "The MVP's and Second to Won's strategy bots" says how
they were chosen and what they were tested against (issue 24).

It sees only its own view and request (never the state) and always returns a
legal action: every bid is on a biddable card, and bids stay within the chips
and purchases within the garnets the request states.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from functools import lru_cache
from math import ceil
from types import MappingProxyType

from mainmatch.engine.bots import register
from mainmatch.engine.game import JSONObject, Request, View
from mainmatch.games.mvp.cards import CARDS, RANKS, SUIT_RANK, SUITS
from mainmatch.games.mvp.models import LAST_ROUND, STARTING_CHIPS
from mainmatch.games.mvp.pattern import COVERED_BY, LETTER_INDEX
from mainmatch.games.mvp.scoring import RUN_POINTS, SET_POINTS

#: below this many free chips the bot buys chips, if it holds garnets
LOW_CHIPS = 6
#: options worth less than this (value per chip) are not bid on
MIN_PRIORITY = 0.25


#: card -> its bit in a hand's mask; cards in sorted order, as ``sorted`` puts them
_SORTED = tuple(sorted(CARDS))
_BIT = {c: 1 << i for i, c in enumerate(_SORTED)}


def _run_points(bits: int) -> tuple[int, ...]:
    """rank - 1 -> run points per card (mvp spec §7.1) of a suit whose held ranks
    are the bits of ``bits`` (rank 1 lowest): each maximal block of consecutive
    ranks scores as ``RUN_POINTS`` says for its length, or not at all."""
    out = [0] * len(RANKS)
    start = 0
    for i in range(len(RANKS) + 1):
        if i < len(RANKS) and bits >> i & 1:
            continue
        ppc = RUN_POINTS.get(i - start, 0)
        for j in range(start, i):
            out[j] = ppc
        start = i + 1
    return tuple(out)


#: a suit's held ranks as bits -> each rank's run points per card (``_run_points``)
_RUN_PPC = tuple(_run_points(bits) for bits in range(1 << len(RANKS)))


@lru_cache(maxsize=1 << 14)
def _points(hand: int) -> Mapping[str, int]:
    """card -> its points (mvp spec §7.1) among a team's claimed cards, given as
    the mask of their bits (:data:`_BIT`: an int key hashes at once, where a
    set of cards was built and hashed card by card at every question).

    A card's points depend only on which cards the team holds, not on the
    places they lay, so the cache is keyed on the cards: the same hands come
    back across matches whatever the layout. They are what ``card_points``
    counts, without building its combinations (most hands are asked about
    once: issue 35): set points by how many cards of its rank the team holds,
    run points by the block of its suit's held ranks it lies in."""
    ordered = [c for c in _SORTED if hand & _BIT[c]]
    suits = dict.fromkeys(SUITS, 0)
    ranks = dict.fromkeys(RANKS, 0)
    for c in ordered:
        suit, rank = SUIT_RANK[c]
        suits[suit] |= 1 << (rank - 1)
        ranks[rank] += 1
    points = {}
    for c in ordered:
        suit, rank = SUIT_RANK[c]
        points[c] = SET_POINTS.get(ranks[rank], 0) + _RUN_PPC[suits[suit]][rank - 1]
    return MappingProxyType(points)  # read-only: shared by every asker of the hand


@lru_cache(maxsize=1 << 14)
def _score(hand: int) -> int:
    """The points of a team holding the cards of ``hand``: the sum of its cards' points."""
    return sum(_points(hand).values())


@lru_cache(maxsize=1 << 10)
def _ranks(hand: int) -> tuple[dict[str, set[int]], dict[int, int]]:
    """The ranks of ``hand`` by suit, and how many cards it holds of each rank."""
    by_suit: dict[str, set[int]] = {}
    by_rank: dict[int, int] = {}
    for c in _SORTED:
        if hand & _BIT[c]:
            s, r = SUIT_RANK[c]
            by_suit.setdefault(s, set()).add(r)
            by_rank[r] = by_rank.get(r, 0) + 1
    return by_suit, by_rank


@lru_cache(maxsize=1 << 14)
def _potential(team: int, rival: int, card: str) -> float:
    """How far ``card`` brings a run or a set within reach for a team holding
    ``team`` against one holding ``rival`` (hands as masks): a function of the
    three alone, kept for the decisions where they recur."""
    team_suit_ranks, team_ranks = _ranks(team)
    rival_suit_ranks, rival_ranks = _ranks(rival)
    suit, rank = SUIT_RANK[card]
    value = 0.0
    blocked = rival_suit_ranks.get(suit, set())
    ours = team_suit_ranks.get(suit, set())
    lo = rank
    while lo - 1 in RANKS and lo - 1 not in blocked:
        lo -= 1
    hi = rank
    while hi + 1 in RANKS and hi + 1 not in blocked:
        hi += 1
    if hi - lo + 1 >= 3:  # a run through this card is still possible
        near = sum(1 for r in range(lo, hi + 1) if r in ours and abs(r - rank) <= 2)
        value += 0.35 + 0.6 * near + 0.15 * (hi - lo + 1 - 3)
    spoiled = rival_ranks.get(rank, 0)
    if spoiled < 2:  # a set of this rank is still possible
        value += (0.5 if spoiled == 0 else 0.25) * (1 + team_ranks.get(rank, 0))
    return value


def _mask(cards: Iterable[str]) -> int:
    out = 0
    for c in cards:
        out |= _BIT[c]
    return out


class Evaluator:
    """Values of cards for one player, from its team's and the rival's claimed cards."""

    def __init__(self, team_cards: dict[str, str], rival_cards: dict[str, str], mine: set[str]):
        self.team_cards = team_cards
        self.rival_cards = rival_cards
        self.mine = mine
        self._team = _mask(team_cards.values())
        self._rival = _mask(rival_cards.values())
        self._my_cards = [team_cards[x] for x in mine]
        self._team_points = _points(self._team)
        self._team_total = sum(self._team_points.values())
        self._rival_total = _score(self._rival)
        self._my_points = sum(self._team_points[c] for c in self._my_cards)
        #: card -> ``my_gain``: a card is asked about twice a decision (may it bid, then its value)
        self._gains: dict[str, float] = {}

    def my_gain(self, letter: str, card: str) -> float:
        """Points the bot gains now if its team claims ``card`` and the bot controls it."""
        gain = self._gains.get(card)
        if gain is None:
            points = _points(self._team | _BIT[card])
            gain = self._gains[card] = (
                sum(points[c] for c in self._my_cards) + points[card] - self._my_points
            )
        return gain

    def team_gain(self, letter: str, card: str) -> float:
        return sum(_points(self._team | _BIT[card]).values()) - self._team_total

    def denial(self, letter: str, card: str) -> float:
        return _score(self._rival | _BIT[card]) - self._rival_total

    def potential(self, card: str) -> float:
        """How far ``card`` brings a run or a set within reach (not yet points)."""
        return _potential(self._team, self._rival, card)

    def value(self, letter: str, card: str) -> float:
        return (
            self.my_gain(letter, card)
            + self.potential(card)
            + 0.3 * self.denial(letter, card)
            + 0.2
        )


#: starting chips, as a multiple of the spec's 30, from which spare chips take control
RICH_SCALE = 1.5
#: with chips to spare, the round from which the players who did not draw control take it
RICH_LATE = 10


class MvpStrategyBot:
    """See the module docstring."""

    name = "strategy"
    #: it changes neither its view nor its request and returns fresh values
    #: only, so the driver skips the request's copy (docs/decisions/performance.md PD2)
    reads_only = True
    #: share of its chips it may commit in rounds 1-3 and later (all in the last two)
    early_share = 0.7
    mid_share = 0.95
    #: chips over a rival flag's total when contesting it (one more when it matters)
    contest_margin = 2
    #: a flag of its team at or under this total is topped up when it matters
    guard_total = 10
    #: bid on nearly exposed cards in round 1, before anything covering them is flagged
    open_early = True
    #: weight of a contest's priority (worth per chip)
    contest_weight = 1.75
    #: fresh bids: chips for a card that matters, for one that matters less
    fresh_high = 2
    fresh_low = 1
    #: from this round on, spare chips take the lead on its team's flags (0: never; the
    #: ``strategist`` family's last-round habit, issue 31)
    control_from = 0
    #: with :data:`RICH_SCALE` times the spec's chips or more (a ``chips`` variant), the
    #: chance that a player takes control from round 1 this match (drawn once per match),
    #: else from :data:`RICH_LATE` (or ``control_from``, if sooner); 0: as ``control_from``
    #: says. Always taking it is beaten by a seat that never does, and never by one that
    #: always does: a mixture (docs/decisions/holes.md HOL9)
    control_rich = 0.4

    def act(self, view: View, request: Request, rng: random.Random) -> JSONObject:
        if request["kind"] == "choose_ec":
            return self.vote(view, request)
        return self.bid(view, request, rng)

    # ---------------------------------------------------------------- EC vote

    def vote(self, view: View, request: Request) -> JSONObject:
        """Name a candidate other than itself, from the other team when it can."""
        me = view["you"]["player"]
        team = view["you"]["team"]
        candidates = request["candidates"]
        others = [c for c in candidates if c != me] or candidates
        rivals = [c for c in others if c not in view["teams"][team]]
        return {"ec": (rivals or others)[0]}

    # ---------------------------------------------------------------- a round

    def bid(self, view: View, request: Request, rng: random.Random) -> JSONObject:
        you = view["you"]
        team = you["team"]
        rival = "green" if team == "red" else "red"
        pattern = view["pattern"]
        ev = Evaluator(
            {x: pattern[x]["card"] for x in view["claimed"][team]},
            {x: pattern[x]["card"] for x in view["claimed"][rival]},
            set(you["controls"]),
        )
        # amounts are set for the spec's 30 chips (§2.4): a variant's chips scale them
        scale = view.get("variant", {}).get("chips", STARTING_CHIPS) / STARTING_CHIPS
        turn = _Turn(self, view, request, ev, rng, scale)
        options = [o for x in request["biddable"] if (o := turn.option(x)) is not None]
        options.sort(key=lambda o: (-o[0], LETTER_INDEX[o[1]]))
        budget = self._budget(request["round"], request["chips"])
        bids: dict[str, int] = {}
        spent = 0
        for priority, x, amount in options:
            if priority < MIN_PRIORITY:
                break
            if spent + amount <= budget:
                bids[x] = amount
                spent += amount
        control_from = self.control_from
        if self.control_rich and scale >= RICH_SCALE:
            drawn = self._controls(you["player"], request, rng)
            control_from = 1 if drawn else min(self.control_from or RICH_LATE, RICH_LATE)
        if control_from and request["round"] >= control_from:
            spent += self._take_control(view, request, bids, request["chips"] - spent)
        action: JSONObject = {"bids": bids} if bids else {}
        buy = self._chips_to_buy(request, request["chips"] - spent, scale)
        if buy:
            action["buy_chips"] = buy
        return action

    def _controls(self, me: str, request: Request, rng: random.Random) -> bool:
        """Whether ``me`` takes control this match: drawn in round 1 (or when the bot
        first plays ``me``) with chance ``control_rich``, kept for the match."""
        drawn = self.__dict__.setdefault("_control", {})
        if request["round"] == 1 or me not in drawn:
            drawn[me] = rng.random() < self.control_rich
        return bool(drawn[me])

    @staticmethod
    def _take_control(view: View, request: Request, bids: dict[str, int], spare: int) -> int:
        """Spare chips on its team's flagged exposed cards, enough to hold more than the
        rest of the team together: the claiming player with the strictly highest bid
        controls a card (§4.2). Returns the chips added to ``bids``."""
        team, mine = view["you"]["team"], view["you"]["bids"]
        added = 0
        for x in request["biddable"]:
            entry = view["pattern"][x]
            if entry["status"] != "exposed" or entry["flag"] != team:
                continue
            # the team's total holds its own standing bid: the rest of the team has the others
            need = entry["flag_total"] - 2 * mine.get(x, 0) - bids.get(x, 0) + 1
            if 0 < need <= spare - added:
                bids[x] = bids.get(x, 0) + need
                added += need
        return added

    def _budget(self, round_no: int, chips: int) -> int:
        """Chips the bot may commit this round: a share early (random players
        throw chips around then), everything in the last two rounds."""
        if round_no >= LAST_ROUND - 1:
            return chips
        return max(
            min(chips, 3), ceil(chips * (self.early_share if round_no <= 3 else self.mid_share))
        )

    @staticmethod
    def _owns(letter: str, my_index: int) -> bool:
        """The teammates' split of the cards by letter: every teammate computes
        the same owner from the public view, so they do not bid against each other."""
        return LETTER_INDEX[letter] % 3 == my_index

    def _fresh_amount(self, worth: float, tied: bool, rng: random.Random, scale: float) -> int:
        """Chips for a card nobody flags: more when it matters (in proportion
        to the chips a player starts with); a random extra breaks ties the
        other team keeps matching."""
        base = max(1, round((self.fresh_high if worth >= 2.5 else self.fresh_low) * scale))
        return base + (rng.randint(0, 2) if tied else rng.choice((0, 0, 1)))

    @staticmethod
    def _chips_to_buy(request: Request, chips_left: int, scale: float) -> int:
        """A few chips when running low (they arrive next round), paid from at
        most half the garnets held: garnets are worth keeping for the ORG."""
        low = max(1, round(LOW_CHIPS * scale))
        if chips_left >= low or request["round"] >= LAST_ROUND:
            return 0
        affordable: int = (request["garnets"] // 2) // request["costs"]["chip"]
        return max(0, min(affordable, low - chips_left))


class _Turn:
    """One round's decision for one bot: an option (priority, letter, chips) per card."""

    def __init__(
        self,
        bot: MvpStrategyBot,
        view: View,
        request: Request,
        ev: Evaluator,
        rng: random.Random,
        scale: float,
    ):
        self.bot = bot
        self.amount_scale = scale
        # priorities are worth per chip at the spec's 30 chips: a chip of a
        # variant with more chips is worth less (``scale`` = its chips / 30);
        # with fewer, bids cannot go under 1 chip, so a chip keeps its price
        self.scale = max(1.0, scale)
        self.guard_total = bot.guard_total * scale
        self.guard_amount = max(2, round(2 * scale))
        you = view["you"]
        self.team = you["team"]
        self.rival = "green" if self.team == "red" else "red"
        self.pattern = view["pattern"]
        self.round = request["round"]
        self.my_index = view["teams"][self.team].index(you["player"])
        self.my_bids = you["bids"]
        self.ev = ev
        self.rng = rng

    def option(self, x: str) -> tuple[float, str, int] | None:
        entry = self.pattern[x]
        if entry["status"] == "exposed":
            return self._exposed(x, entry)
        if self.round < LAST_ROUND:
            return self._nearly_exposed(x, entry["card"])
        return None

    def _exposed(self, x: str, entry: JSONObject) -> tuple[float, str, int] | None:
        ev, card = self.ev, entry["card"]
        flag, total = entry["flag"], entry["flag_total"]
        owner = MvpStrategyBot._owns(x, self.my_index)
        if flag == self.team:
            # claimed this round unless outbid: its leader (or owner) tops it up when it matters
            leader = self.my_bids.get(x, 0) * 2 > total
            worth = (
                ev.value(x, card) if leader else ev.team_gain(x, card) + 0.5 * ev.potential(card)
            )
            if worth >= 1.5 and total <= self.guard_total and (leader or owner):
                guard = self.guard_amount
                return (0.35 * worth * self.scale / guard, x, guard)
            return None
        # a teammate's card is left to them while they have a fair chance at it
        if not owner and ev.my_gain(x, card) < 3 and (flag == self.rival or self._age(x) < 1):
            return None
        worth = ev.value(x, card)
        if flag == self.rival:
            amount = total + self.bot.contest_margin + (1 if worth >= 2 else 0)
            return (self.bot.contest_weight * worth * self.scale / amount, x, amount)
        # unflagged: a standing bid of ours means the teams are tied on it
        amount = self.bot._fresh_amount(worth, x in self.my_bids, self.rng, self.amount_scale)
        return (worth * self.scale / amount, x, amount)

    def _nearly_exposed(self, x: str, card: str) -> tuple[float, str, int] | None:
        # worth a bid once every card still covering it is flagged: it is exposed (and
        # resolved with this bid) when they are claimed
        coverers = [c for c in COVERED_BY[x] if self.pattern[c]["status"] == "exposed"]
        early = self.bot.open_early and self.round == 1
        if not coverers or not (early or all(self.pattern[c]["flag"] for c in coverers)):
            return None
        if not MvpStrategyBot._owns(x, self.my_index) and self.ev.my_gain(x, card) < 3:
            return None
        worth = self.ev.value(x, card)
        amount = self.bot._fresh_amount(worth, False, self.rng, self.amount_scale)
        return (0.9 * worth * self.scale / amount, x, amount)

    def _age(self, x: str) -> int:
        """Rounds the exposed card has been open before this one, read from the
        rounds its coverers were claimed (0: exposed by the last round's claims)."""
        opened = max((self.pattern[c]["round"] + 1 for c in COVERED_BY[x]), default=1)
        age: int = self.round - opened
        return age


register("mvp", "strategy", MvpStrategyBot)
