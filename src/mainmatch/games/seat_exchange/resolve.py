"""Resolving a Seat Exchange step (seat_exchange.md §4): a round of trades,
the end of play, and the EC vote.
"""

from __future__ import annotations

from dataclasses import replace

from mainmatch.engine import ec as ec_rules
from mainmatch.engine.events import private, public

from .state import SeatState
from .streaks import runs


def apply_trades(state: SeatState, actions: dict[str, dict]) -> tuple[SeatState, list[dict]]:
    players, index, r = state.players, state.index, state.round
    money = dict(state.money)
    held = dict(state.garnets)
    spent_g = dict(state.garnets_spent)
    bids: dict[str, dict] = {}
    contrib: dict[tuple[str, str], dict[str, int]] = {}
    paid: dict[str, int] = {}
    converted: dict[str, int] = {}
    # §4.2.1 payments are final, won or lost
    passed = {"round": r, "garnets": 0, "trades": [], "spent": 0}  # shared: never mutated
    for p in players:
        action = actions[p]
        g = action.get("garnets", 0)
        trades = action.get("trades")
        if not trades:
            paid[p] = 0
            converted[p] = g
            if g:
                money[p] += g
                held[p] -= g
                spent_g[p] += g
                bids[p] = {"round": r, "garnets": g, "trades": [], "spent": 0}
            else:
                bids[p] = passed
            continue
        money[p] += g
        held[p] -= g
        spent_g[p] += g
        total = 0
        mine = []
        for t in trades:
            x, y = t["players"]
            if index[x] > index[y]:
                x, y = y, x
            amount = t["amount"]
            contrib.setdefault((x, y), {})[p] = amount
            total += amount
            mine.append({"players": [x, y], "amount": amount})
        money[p] -= total
        paid[p] = total
        converted[p] = g
        if len(mine) > 1:
            mine.sort(key=lambda t: (index[t["players"][0]], index[t["players"][1]]))
        bids[p] = {"round": r, "garnets": g, "trades": mine, "spent": total}
    # §4.2.2 values, doubled for a self-swap
    value = {
        pair: sum(c.values()) * (2 if pair[0] == pair[1] else 1) for pair, c in contrib.items()
    }
    touching: dict[str, list[tuple[str, str]]] = {}
    for pair in value:
        touching.setdefault(pair[0], []).append(pair)
        if pair[1] != pair[0]:
            touching.setdefault(pair[1], []).append(pair)
    # §4.2.3 a pair succeeds iff it beats every conflicting pair, successful or not
    winners = []
    for pair, v in value.items():
        rivals = touching[pair[0]] + (touching[pair[1]] if pair[1] != pair[0] else [])
        if all(v > value[o] for o in rivals if o != pair):
            winners.append(pair)
    winners.sort(key=lambda pair: (index[pair[0]], index[pair[1]]))
    # §4.2.4 swap seats all at once
    seats = list(state.seats)
    if winners:
        seat_of = {p: i for i, p in enumerate(seats)}
        for a, b in winners:
            if a != b:
                seats[seat_of[a]], seats[seat_of[b]] = b, a
    # §4.2.5 swap entries name the top contributor(s)
    swaps = []
    for pair in winners:
        c = contrib[pair]
        top = max(c.values())
        top_payers = [p for p, amount in c.items() if amount == top]
        if len(top_payers) > 1:
            top_payers.sort(key=index.__getitem__)
        swaps.append({"players": [pair[0], pair[1]], "paid_by": top_payers})
    # §4.2.6 history
    nums = [state.numbers[s] for s in seats]
    seat_runs = sorted(runs(nums), key=len, reverse=True)
    longest = len(seat_runs[0])
    entry = {"round": r, "swaps": swaps, "longest_streak": longest}
    events = [
        public("round_result", round=r, swaps=swaps, seats=list(seats), longest_streak=longest)
    ]
    # built as literals: this is the hot path of every simulation
    events += [
        {
            "audience": [p],
            "type": "your_round",
            "round": r,
            "spent": paid[p],
            "garnets_spent": converted[p],
            "money": money[p],
        }
        for p in players
    ]
    # §4.2.7 end of play, or the next round's income
    rounds, income, target = state.limits
    ends = longest >= target or r == rounds
    new = SeatState(
        config=state.config,
        players=players,
        index=index,
        numbers=state.numbers,
        seats=tuple(seats),
        round=r if ends else r + 1,
        money=money if ends else {p: m + income for p, m in money.items()},
        garnets=held,
        garnets_spent=spent_g,
        history=state.history + (entry,),
        bids=state.bids + (bids,),
        longest=longest,
        phase=state.phase,
        end=None,
        holders=state.holders,
        seat_numbers=tuple(nums),
        runs=tuple(seat_runs),
        limits=state.limits,
    )
    if longest >= target:
        streakers = {seats[i] for r in seat_runs if len(r) >= target for i in r}
        return end_play(new, "streak", [p for p in players if p in streakers], events)
    if r == rounds:
        return end_play(new, "rounds", [], events)
    events.append(public("round_start", round=r + 1, income=income, longest_streak=longest))
    return new, events


def end_play(state: SeatState, condition: str, streak_players: list[str], events: list[dict]):
    """§4.3: winners, EC or EC candidates and choosers."""
    players = state.players
    money = state.money
    tiebreak = state.config["gamewide_tiebreak"]
    tied_for_most: list[str] = []
    candidates: list[str] = []
    ec = None
    if condition == "streak":
        winners = streak_players
        others = [p for p in players if p not in set(winners)]
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
    end = {
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
    events.append(public("play_over", **end))
    if choosing:
        events.append(private(winners, "choose_ec", candidates=list(candidates)))
        return replace(state, end=end, phase="choose_ec"), events
    events.append(public("game_over", elimination_candidate=ec))
    return replace(state, end=end, phase="over"), events


def apply_choose_ec(state: SeatState, actions: dict[str, dict]):
    end = state.ended
    votes = {p: actions[p]["ec"] for p in end["choosers"]}
    ec = ec_rules.tally_ec(votes, end["ec_candidates"], state.config["gamewide_tiebreak"])
    new_end = {**end, "ec_votes": votes, "elimination_candidate": ec}
    events = [public("game_over", ec_votes=votes, elimination_candidate=ec)]
    return replace(state, end=new_end, phase="over"), events
