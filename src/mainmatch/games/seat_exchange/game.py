"""Kong's Seat Exchange as a pure state machine (``shared/rules/seat_exchange.md``)."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from pydantic import BaseModel

from mainmatch.engine import ec as ec_rules
from mainmatch.engine.errors import IllegalAction, InvalidConfig
from mainmatch.engine.events import private, public
from mainmatch.engine.game import Game
from mainmatch.engine.ranking import group_by
from mainmatch.engine.result import nonzero

from .models import (
    GARNETS_PER_WINNER,
    INCOME,
    PLAYERS,
    ROUNDS,
    STREAK_TARGET,
    SeatExchangeConfig,
    TradesAction,
)
from .render import render_event
from .streaks import longest_streak, runs
from .validate import check_trades

#: amounts random play draws from: small and repeated, so ties are common
_AMOUNTS = (1, 1, 2, 3, 5, 5, 10, 10, 20, 25, 50)

DEFAULT_PLAYERS = (
    "jk",
    "dh",
    "sm",
    "p04",
    "p05",
    "p06",
    "p07",
    "p08",
    "p09",
    "p10",
    "p11",
    "p12",
    "p13",
)


@dataclass(frozen=True, slots=True)
class SeatState:
    config: dict
    players: tuple[str, ...]
    index: dict[str, int]  # player -> position in players (shared, never mutated)
    numbers: dict[str, int]  # from the config (shared, never mutated)
    seats: tuple[str, ...]
    round: int
    money: dict[str, int]
    garnets: dict[str, int]  # still held
    garnets_spent: dict[str, int]
    history: tuple[dict, ...]
    #: one entry per resolved round: player -> that round's bid (§5 `you.bids`)
    bids: tuple[dict[str, dict], ...]
    longest: int
    phase: str  # "trade" | "choose_ec" | "over"
    end: dict | None
    #: number -> the player holding it (from the config; shared, never mutated)
    holders: dict[int, str]
    #: the numbers in seat order
    seat_numbers: tuple[int, ...]
    #: the runs of the seating (lists of seat indices, never mutated), longest first
    runs: tuple[list[int], ...]


class SeatExchange(Game):
    id = "seat_exchange"
    title = "Kong's Seat Exchange"
    pitch = "13 players in a circle pay in secret to swap seats until six numbers run in a row."
    player_count = PLAYERS
    default_players = DEFAULT_PLAYERS
    config_model = SeatExchangeConfig
    action_models: ClassVar[dict[str, type[BaseModel]]] = {
        "trades": TradesAction,
        "choose_ec": ec_rules.ChooseEcAction,
    }
    host_inputs = ("gamewide_tiebreak", "garnets")
    # the seed: "Every round ... " over a day each (an ORG's daily rhythm)
    step_minutes: ClassVar[dict[str, int | None]] = {"trades": 24 * 60, "choose_ec": 24 * 60}

    # ------------------------------------------------------------ config §2

    def new_config(
        self, players, seed, gamewide_tiebreak=None, garnets=None, **options: Any
    ) -> dict:
        if options:
            raise InvalidConfig(
                f"unknown option {min(options)!r}; seat_exchange takes gamewide_tiebreak and garnets"
            )
        players = list(players)
        if len(players) != PLAYERS:
            raise InvalidConfig(
                f"config.players: Seat Exchange takes exactly {PLAYERS} players, not {len(players)}"
            )
        if gamewide_tiebreak is not None and not isinstance(gamewide_tiebreak, list):
            raise InvalidConfig(
                "config.gamewide_tiebreak: must be a list of the 13 player ids, best first"
            )
        if garnets is not None and not isinstance(garnets, dict):
            raise InvalidConfig(
                'config.garnets: must be an object player -> garnets held, e.g. {"jk": 2}'
            )
        rng = random.Random(seed)
        while True:
            seats = list(players)
            rng.shuffle(seats)
            nums = list(range(1, PLAYERS + 1))
            rng.shuffle(nums)
            numbers = dict(zip(players, nums))
            if longest_streak([numbers[s] for s in seats]) < STREAK_TARGET:
                break
        given = dict(garnets or {})
        config = {
            "players": players,
            "seats": seats,
            "numbers": numbers,
            "gamewide_tiebreak": list(gamewide_tiebreak)
            if gamewide_tiebreak is not None
            else list(players),
            "garnets": {p: given.pop(p, 0) for p in players},
        }
        if given:
            raise InvalidConfig(f"config.garnets: {min(given)!r} is not a player in this match")
        return self.check_config(config)

    def random_config(self, players, rng: random.Random) -> dict:
        # vary the host inputs so random records reach garnet spending and other tiebreaks
        tiebreak = list(players)
        if rng.random() < 0.5:
            rng.shuffle(tiebreak)
        garnets = (
            {p: rng.choice((0, 0, 0, 1, 5, 20)) for p in players} if rng.random() < 0.3 else None
        )
        return self.new_config(
            list(players), rng.randrange(2**32), gamewide_tiebreak=tiebreak, garnets=garnets
        )

    # ------------------------------------------------------------ state

    def initial_state(self, config: dict) -> SeatState:
        config = self.check_config(config)
        players = tuple(config["players"])
        seats = tuple(config["seats"])
        numbers = dict(config["numbers"])
        nums = tuple(numbers[s] for s in seats)
        return SeatState(
            config=config,
            players=players,
            index={p: i for i, p in enumerate(players)},
            numbers=numbers,
            seats=seats,
            round=1,
            money={p: INCOME for p in players},  # §8 decision 14: $100 before round 1
            garnets=dict(config["garnets"]),
            garnets_spent={p: 0 for p in players},
            history=(),
            bids=(),
            longest=longest_streak([numbers[s] for s in seats]),
            phase="trade",
            end=None,
            holders=_holders(numbers),
            seat_numbers=nums,
            runs=tuple(sorted(runs(nums), key=len, reverse=True)),
        )

    def requests(self, state: SeatState) -> dict[str, dict]:
        if state.phase == "trade":
            plist = list(state.players)
            out = {
                p: {
                    "kind": "trades",
                    "round": state.round,
                    "money": state.money[p],
                    "garnets": state.garnets[p],
                    "players": plist,
                }
                for p in state.players
            }
        elif state.phase == "choose_ec":
            out = {
                p: ec_rules.choose_ec_request(state.end["ec_candidates"])
                for p in state.end["choosers"]
            }
        else:
            out = {}
        return out

    def validate(self, state: SeatState, player: str, action: Any) -> None:
        if state.phase == "trade" and player in state.index:  # §3.1: all 13 are pending
            check_trades(
                action, state.index, state.players, state.money[player], state.garnets[player]
            )
            return
        if state.phase == "over":
            raise IllegalAction("the match is over")
        if player not in self.pending(state):
            raise IllegalAction(
                f"{player} has nothing to do now"
                if player in state.index
                else f"{player!r} is not a player in this match"
            )
        ec_rules.validate_ec_action(action, state.end["ec_candidates"])

    def default_action(self, state: SeatState, player: str, rng: random.Random) -> dict:
        if state.phase == "choose_ec":
            return ec_rules.default_ec_action(
                state.end["ec_candidates"], state.config["gamewide_tiebreak"]
            )
        return {"garnets": 0, "trades": []}  # §3.1: save everything

    # ------------------------------------------------------------ random play

    def random_action(self, state: SeatState, player: str, rng: random.Random) -> dict:
        if state.phase == "choose_ec":
            return {"ec": rng.choice(state.end["ec_candidates"])}
        rand = rng.random
        r = rand()
        if r < 0.25:  # a pass, in its several legal spellings
            return {} if r < 0.1 else {"trades": []} if r < 0.18 else {"garnets": 0, "trades": []}
        held = state.garnets[player]
        spend = 0
        if held and rand() < 0.4:
            spend = held if rand() < 0.5 else 1 + int(rand() * held)
        left = state.money[player] + spend
        action: dict = {"garnets": spend} if spend else {}
        trades: list[dict] = []
        used: set[frozenset] = set()
        players = state.players
        n = len(players)
        u = rand()
        count = 1 if u < 0.5 else 2 if u < 0.85 else 3
        for _ in range(count):
            if left <= 0:
                break
            u = rand()
            if u < 0.5:
                pair = self._streak_builder(state, rng)
            elif u < 0.62:
                x = player if u < 0.56 else players[int(rand() * n)]
                pair = (x, x)
            else:
                i = int(rand() * n)
                j = (i + 1 + int(rand() * (n - 1))) % n
                pair = (players[i], players[j])
            key = frozenset(pair)
            if key in used:
                continue
            used.add(key)
            if rand() < 0.1:
                amount = left  # all-in
            else:
                amount = min(left, _AMOUNTS[int(rand() * len(_AMOUNTS))])
            trades.append({"players": list(pair), "amount": amount})
            left -= amount
        if trades or not action:
            action["trades"] = trades
        return action

    def _streak_builder(self, state: SeatState, rng: random.Random) -> tuple[str, str]:
        """A swap that would lengthen a run by one: bring the next number to
        the seat beyond a run's end (so random play reaches streak ends)."""
        nums, holder, rs = state.seat_numbers, state.holders, state.runs
        n = len(nums)
        run = rs[0] if rng.random() < 0.6 else rng.choice(rs)
        if len(run) == n:
            x = rng.choice(state.players)
            return (x, x)
        if rng.random() < 0.5:
            end, beyond, prev = run[-1], (run[-1] + 1) % n, run[-2] if len(run) > 1 else None
        else:
            end, beyond, prev = run[0], (run[0] - 1) % n, run[1] if len(run) > 1 else None
        if prev is None:
            step = rng.choice((1, -1))
        else:
            step = 1 if (nums[end] - nums[prev]) % n == 1 else -1
        want = (nums[end] + step - 1) % n + 1
        return (holder[want], state.seats[beyond])

    # ------------------------------------------------------------ apply §4

    def apply(self, state: SeatState, actions: dict[str, dict]) -> tuple[SeatState, list[dict]]:
        if state.phase == "trade":
            return self._apply_trades(state, actions)
        if state.phase == "choose_ec":
            return self._apply_choose_ec(state, actions)
        raise IllegalAction("the match is over")

    def _apply_trades(
        self, state: SeatState, actions: dict[str, dict]
    ) -> tuple[SeatState, list[dict]]:
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
        ends = longest >= STREAK_TARGET or r == ROUNDS
        new = SeatState(
            config=state.config,
            players=players,
            index=index,
            numbers=state.numbers,
            seats=tuple(seats),
            round=r if ends else r + 1,
            money=money if ends else {p: m + INCOME for p, m in money.items()},
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
        )
        if longest >= STREAK_TARGET:
            streakers = {seats[i] for r in seat_runs if len(r) >= STREAK_TARGET for i in r}
            return self._end_play(new, "streak", [p for p in players if p in streakers], events)
        if r == ROUNDS:
            return self._end_play(new, "rounds", [], events)
        events.append(public("round_start", round=r + 1, income=INCOME, longest_streak=longest))
        return new, events

    def _end_play(
        self, state: SeatState, condition: str, streak_players: list[str], events: list[dict]
    ):
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

    def _apply_choose_ec(self, state: SeatState, actions: dict[str, dict]):
        end = state.end
        votes = {p: actions[p]["ec"] for p in end["choosers"]}
        ec = ec_rules.tally_ec(votes, end["ec_candidates"], state.config["gamewide_tiebreak"])
        new_end = {**end, "ec_votes": votes, "elimination_candidate": ec}
        events = [public("game_over", ec_votes=votes, elimination_candidate=ec)]
        return replace(state, end=new_end, phase="over"), events

    # ------------------------------------------------------------ views §5

    def view(self, state: SeatState, player: str | None) -> dict:
        out = {
            "game": self.id,
            "players": list(state.players),
            "phase": state.phase,
            "round": state.round,
            "rounds": ROUNDS,
            "income": INCOME,
            "seats": list(state.seats),
            "longest_streak": state.longest,
            "history": [
                {
                    "round": h["round"],
                    "swaps": [
                        {"players": list(s["players"]), "paid_by": list(s["paid_by"])}
                        for s in h["swaps"]
                    ],
                    "longest_streak": h["longest_streak"],
                }
                for h in state.history
            ],
            "end": _copy_end(state.end),
        }
        if player is not None:
            if player not in state.index:
                raise IllegalAction(f"{player!r} is not a player in this match")
            out["you"] = {
                "player": player,
                "number": state.numbers[player],
                "money": state.money[player],
                "garnets": state.garnets[player],
                "garnets_spent": state.garnets_spent[player],
                "bids": [
                    {
                        "round": b["round"],
                        "garnets": b["garnets"],
                        "trades": [
                            {"players": list(t["players"]), "amount": t["amount"]}
                            for t in b["trades"]
                        ],
                        "spent": b["spent"],
                    }
                    for b in (round_bids[player] for round_bids in state.bids)
                ],
            }
        return out

    # ------------------------------------------------------------ result §7

    def result(self, state: SeatState) -> dict | None:
        if state.phase != "over":
            return None
        end = state.end
        players = list(state.players)
        winners = end["winners"]
        ec = end["elimination_candidate"]
        money = end["money"]
        groups: list[list[str]] = [list(winners)] if winners else []
        if end["tied_for_most"]:
            tied = set(end["tied_for_most"])
            groups += group_by(
                [p for p in players if p not in tied and p not in winners], money.__getitem__
            )
            rest = [p for p in end["tied_for_most"] if p != ec]
            if rest:
                groups.append(rest)
        else:
            groups += group_by(
                [p for p in players if p not in winners and p != ec], money.__getitem__
            )
        if ec is not None:
            groups.append([ec])
        tol = 1 if end["condition"] == "streak" else 2
        return {
            "ranking": groups,
            "tokens_of_life": {p: tol for p in winners},
            "garnets": {p: GARNETS_PER_WINNER for p in winners},
            "garnets_spent": nonzero(state.garnets_spent, players),
            "elimination_candidate": ec,
            "void_tokens_of_life": False,
            "details": {
                "end_condition": end["condition"],
                "rounds_played": len(state.history),
                "longest_streak": state.longest,
                "streak_players": list(end["streak_players"]),
                "winners": list(winners),
                "tied_for_most": list(end["tied_for_most"]),
                "ec_candidates": list(end["ec_candidates"]),
                "ec_votes": dict(end["ec_votes"]),
                "money": dict(money),
                "numbers": dict(end["numbers"]),
                "seats": list(state.seats),
            },
        }

    def render_event(self, event: dict) -> str:
        return render_event(event)


def _holders(numbers: dict[str, int]) -> dict[int, str]:
    """number -> the player holding it."""
    return {n: p for p, n in numbers.items()}


def _copy_end(end: dict | None) -> dict | None:
    if end is None:
        return None
    out = dict(end)
    for k in ("money", "numbers", "ec_votes"):
        out[k] = dict(end[k])
    for k in ("streak_players", "winners", "tied_for_most", "ec_candidates", "choosers"):
        out[k] = list(end[k])
    return out
