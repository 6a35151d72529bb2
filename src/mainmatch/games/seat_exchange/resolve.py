"""Resolving a Seat Exchange step (seat_exchange spec §4): a round of trades,
the end of play, and the EC vote.
"""

from __future__ import annotations

from typing import Any

from mainmatch.engine import ec as ec_rules
from mainmatch.engine.events import private, public
from mainmatch.engine.game import Action, Event

from .state import Bid, SeatEnd, SeatState, Swap
from .streaks import longest_streak, runs

#: a missing ``trades`` (§3.1: none); only ever read
_NO_TRADES: list[Any] = []


class NotPlain(Exception):
    """Raised by :func:`apply_trades` with ``check`` at an action that is not
    plainly legal: the caller then validates rule by rule (§3.1)."""


def checked_trades(state: SeatState, actions: dict[str, Action]) -> SeatState | None:
    """The state after a round of trades if every action is plainly legal
    (§3.1), else ``None``, nothing changed (decision PE15). What
    ``apply_trades`` does not test itself fails as it reads the action: an
    action that is no object has no ``get``; a trade without ``players`` or
    ``amount`` is a ``KeyError``; a pair that is not two ids does not unpack;
    an id that is no player is not in ``index`` (a ``KeyError``, or a
    ``TypeError`` when it cannot be a key): each of these is ``None`` here,
    and ``validate`` names it."""
    try:
        return apply_trades(state, actions, events=False, check=True)[0]
    except (NotPlain, AttributeError, KeyError, TypeError, ValueError):
        return None


def apply_trades(
    state: SeatState, actions: dict[str, Action], *, events: bool = True, check: bool = False
) -> tuple[SeatState, list[Event]]:
    """§4.2: a round of trades (with its events unless ``events`` is false:
    replay and the simulator never read them). Pairs are keyed ``16 * i + j``
    by the indexes ``i <= j`` of their players in ``players``, so that key
    order is the order §4.2.6 writes swaps in.

    With ``check``, every action is checked on the way against the rules of
    §3.1 in exact built-in types (what ``validate.check_trades`` accepts of
    them) and :class:`NotPlain` is raised, nothing changed, at the first that
    is not so (replay then names the fault; decision PE15)."""
    r = state.round
    money, held, spent_g, bids, pairs = _payments(state, actions, check)
    swaps, seating, nums, longest = _swaps(state, _successful(pairs), pairs)
    # §4.2.7 end of play, or the next round's income
    rounds, income, target = state.limits
    ends = longest >= target or r == rounds
    new = SeatState(
        config=state.config,
        players=state.players,
        index=state.index,
        numbers=state.numbers,
        seats=seating,
        round=r if ends else r + 1,
        money=money if ends else {p: m + income for p, m in money.items()},
        garnets=held,
        garnets_spent=spent_g,
        history=(*state.history, {"round": r, "swaps": swaps, "longest_streak": longest}),
        bids=(*state.bids, bids),
        longest=longest,
        phase=state.phase,
        end=None,
        holders=state.holders,
        seat_numbers=nums,
        limits=state.limits,
    )
    out = _round_events(r, swaps, seating, longest, bids, money) if events else None
    if longest >= target:
        return end_play(new, "streak", _streakers(new, target), out)
    if ends:
        return end_play(new, "rounds", [], out)
    if out is None:
        return new, []
    out.append(public("round_start", round=r + 1, income=income, longest_streak=longest))
    return new, out


#: what a round's payments leave: money, garnets held and spent, bids, pairs
Payments = tuple[
    dict[str, int], dict[str, int], dict[str, int], dict[str, Bid], dict[int, list[Any]]
]


def _payments(state: SeatState, actions: dict[str, Action], check: bool) -> Payments:
    """§4.2.1: every payment is final, won or lost; garnets turned in become
    dollars first. Pairs: key -> [sum of contributions, top contribution, top
    contributors, i, j]. With ``check``, :class:`NotPlain` at the first action
    that is not plainly legal (see :func:`apply_trades`)."""
    r = state.round
    money = state.money.copy()
    # garnets are rarely converted: their dicts are copied only when they change
    held = state.garnets
    spent_g = state.garnets_spent
    #: player -> bid (§5 `you.bids`, built by the view)
    bids: dict[str, Bid] = {}
    pairs: dict[int, list[Any]] = {}
    passed: Bid = {"round": r, "garnets": 0, "spent": 0, "trades": ()}  # shared: never mutated
    for p in state.players:
        action = actions[p]
        # with check, what is not checked here fails loudly below (a missing
        # key, a pair that is no list of two players): see checked_trades
        if check and len(action) != ("garnets" in action) + ("trades" in action):
            raise NotPlain  # a field other than garnets and trades
        g = action.get("garnets", 0)
        trades = action.get("trades", _NO_TRADES)
        if check and (type(g) is not int or type(trades) is not list):
            raise NotPlain  # (a "trades": null too: only a missing list means none)
        if g:
            if check and not 0 < g <= held[p]:
                raise NotPlain
            if held is state.garnets:
                held, spent_g = held.copy(), spent_g.copy()
            money[p] += g
            held[p] -= g
            spent_g[p] += g
        if not trades:
            bids[p] = {"round": r, "garnets": g, "spent": 0, "trades": ()} if g else passed
            continue
        total, mine = _pay_for(p, trades, state.index, pairs, check)
        if check and total > money[p]:
            raise NotPlain  # more than the player has
        money[p] -= total
        bids[p] = {"round": r, "garnets": g, "spent": total, "trades": mine}
    return money, held, spent_g, bids, pairs


def _pay_for(
    p: str, trades: list[Any], index: dict[str, int], pairs: dict[int, list[Any]], check: bool
) -> tuple[int, list[tuple[int, int]]]:
    """§4.2.1: ``p``'s contributions added to ``pairs``; their total and ``p``'s
    (key, amount) list in pair order (§5)."""
    total = 0
    mine = []
    for t in trades:
        if check and (type(t) is not dict or len(t) != 2 or type(t["players"]) is not list):
            raise NotPlain
        a, b = t["players"]
        i, j = index[a], index[b]
        amount = t["amount"]
        if check and (type(amount) is not int or amount < 1):
            raise NotPlain
        if i > j:
            i, j = j, i
        key = 16 * i + j
        # players come in ``players`` order: tied top contributors stay in it
        pair = pairs.get(key)
        if pair is None:
            pairs[key] = [amount, amount, [p], i, j]
        else:
            pair[0] += amount
            if amount > pair[1]:
                pair[1], pair[2] = amount, [p]
            elif amount == pair[1]:
                pair[2].append(p)
        total += amount
        mine.append((key, amount))
    if len(mine) > 1:  # §5: in pair order (keys differ: amounts are never compared)
        if check and len({key for key, _ in mine}) != len(mine):
            raise NotPlain  # a pair listed twice
        mine.sort()
    return total, mine


def _swaps(
    state: SeatState, winners: list[int], pairs: dict[int, list[Any]]
) -> tuple[list[Swap], tuple[str, ...], tuple[int, ...], int]:
    """§4.2.4 swap seats all at once; §4.2.5 swap entries name the top
    contributor(s); §4.2.6 the seating, its numbers and longest streak."""
    swaps: list[Swap] = []
    moved = False
    if winners:
        players = state.players
        seats = list(state.seats)
        seat_of = dict(zip(seats, range(len(seats))))
        for key in winners:
            a, b = players[key >> 4], players[key & 15]
            if a != b:
                seats[seat_of[a]], seats[seat_of[b]] = b, a
                moved = True
            swaps.append({"players": [a, b], "paid_by": pairs[key][2]})
        if moved:
            seating = tuple(seats)
            nums = tuple(map(state.numbers.__getitem__, seating))
            return swaps, seating, nums, longest_streak(nums)
    # nobody moved (self-swaps at most): the streaks stay as they were
    return swaps, state.seats, state.seat_numbers, state.longest


def _round_events(
    r: int,
    swaps: list[Swap],
    seating: tuple[str, ...],
    longest: int,
    bids: dict[str, Bid],
    money: dict[str, int],
) -> list[Event]:
    """§4.2.6: the round's public result and each player's own figures."""
    out = [
        public("round_result", round=r, swaps=swaps, seats=list(seating), longest_streak=longest)
    ]
    # built as literals: this is the hot path of every simulation
    out += [
        {
            "audience": [p],
            "type": "your_round",
            "round": r,
            "spent": bid["spent"],
            "garnets_spent": bid["garnets"],
            "money": money[p],
        }
        for p, bid in bids.items()
    ]
    return out


def _streakers(state: SeatState, target: int) -> list[str]:
    """§4.3: the players in a streak of at least ``target`` seats, in ``players`` order."""
    seats = state.seats
    streakers = {seats[i] for r in runs(state.seat_numbers) if len(r) >= target for i in r}
    return [p for p in state.players if p in streakers]


def _successful(pairs: dict[int, list[Any]]) -> list[int]:
    """§4.2.2-4.2.3: the keys of the pairs that succeed, in key order.

    A pair's value is the sum of its contributions, doubled for a self-swap; it
    succeeds iff it beats every other pair sharing a player with it. That is:
    at each of its players it is the only pair with the highest value among
    the pairs touching that player.
    """
    top = [0] * 16  # player index -> highest value of a pair touching them (values are >= 1)
    tied = [False] * 16  # player index -> more than one pair has that value
    for pair in pairs.values():
        v, _, _, a, b = pair
        if a == b:
            v = pair[0] = 2 * v
        t = top[a]
        if v > t:
            top[a] = v
            tied[a] = False
        elif v == t:
            tied[a] = True
        if a != b:
            t = top[b]
            if v > t:
                top[b] = v
                tied[b] = False
            elif v == t:
                tied[b] = True
    winners = [
        key
        for key, (v, _, _, a, b) in pairs.items()
        if top[a] == v and top[b] == v and not tied[a] and not tied[b]
    ]
    winners.sort()
    return winners


def end_play(
    state: SeatState, condition: str, streak_players: list[str], events: list[Event] | None
) -> tuple[SeatState, list[Event]]:
    """§4.3: winners, EC or EC candidates and choosers (events appended to
    ``events``, unless it is ``None``)."""
    players = state.players
    money = state.money
    tiebreak = state.config["gamewide_tiebreak"]
    tied_for_most: list[str] = []
    candidates: list[str] = []
    ec = None
    if condition == "streak":
        winners = streak_players
        won = set(winners)
        others = [p for p in players if p not in won]
        if others:
            least = min(money[p] for p in others)
            candidates = [p for p in others if money[p] == least]
    else:
        top = max(money.values())
        richest = [p for p in players if money[p] == top]
        if len(richest) == 1:
            winners = richest
            others = [p for p in players if p != richest[0]]
            least = min(money[p] for p in others)
            candidates = [p for p in others if money[p] == least]
        elif len(richest) < len(players):
            tied_for_most = richest
            below = max(m for m in money.values() if m < top)
            winners = [p for p in players if money[p] == below]
            candidates = list(richest)
        else:  # §4.3: all 13 tie for most: nobody can choose
            tied_for_most = richest
            winners = []
            ec = ec_rules.last_in_tiebreak(richest, tiebreak)
    choosing = len(candidates) >= 2 and bool(winners)
    if len(candidates) == 1:
        ec = candidates[0]
    end: SeatEnd = {
        "condition": condition,
        "money": {p: money[p] for p in players},
        "numbers": {p: state.numbers[p] for p in players},
        "streak_players": list(streak_players),
        "winners": list(winners),
        "tied_for_most": list(tied_for_most),
        "ec_candidates": list(candidates) if choosing else [],
        "choosers": list(winners) if choosing else [],
        "ec_votes": {},
        "elimination_candidate": ec,
    }
    if events is None:
        return _ended(state, end, "choose_ec" if choosing else "over"), []
    events.append(public("play_over", **end))
    if choosing:
        events.append(private(winners, "choose_ec", candidates=list(candidates)))
        return _ended(state, end, "choose_ec"), events
    events.append(public("game_over", elimination_candidate=ec))
    return _ended(state, end, "over"), events


def apply_choose_ec(
    state: SeatState, actions: dict[str, Action], *, events: bool = True
) -> tuple[SeatState, list[Event]]:
    """§4.3: the winners' EC vote."""
    end = state.ended
    votes = {p: actions[p]["ec"] for p in end["choosers"]}
    ec = ec_rules.tally_ec(votes, end["ec_candidates"], state.config["gamewide_tiebreak"])
    new_end: SeatEnd = {**end, "ec_votes": votes, "elimination_candidate": ec}
    new = _ended(state, new_end, "over")
    if not events:
        return new, []
    return new, [public("game_over", ec_votes=votes, elimination_candidate=ec)]


def _ended(state: SeatState, end: SeatEnd, phase: str) -> SeatState:
    """``state`` with ``end`` and ``phase`` (``dataclasses.replace`` without its
    generic field walk)."""
    return SeatState(
        config=state.config,
        players=state.players,
        index=state.index,
        numbers=state.numbers,
        seats=state.seats,
        round=state.round,
        money=state.money,
        garnets=state.garnets,
        garnets_spent=state.garnets_spent,
        history=state.history,
        bids=state.bids,
        longest=state.longest,
        phase=phase,
        end=end,
        holders=state.holders,
        seat_numbers=state.seat_numbers,
        limits=state.limits,
    )
