"""Resolving steps and running the automatic transitions (homeostasis spec §4).

``apply`` thaws the state into a :class:`~.work.Work` (a mutable draft that
starts out sharing every container with the state), resolves the step, then runs
every automatic transition (the tenth draft card, automatic placements and
passes, an empty final auction, evaluation, the next round) until a step has
pending players or the match is over, and freezes the draft into the next
state. Containers are replaced, never mutated, so the input state is untouched.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TypeVar, cast

from mainmatch.engine import ec as ec_rules
from mainmatch.engine.checks import present
from mainmatch.engine.events import PUBLIC
from mainmatch.engine.game import Action, Event

from . import state as S
from .bands import BIG_EDGE, NEUTRAL_BAND, NEUTRAL_EDGE, band, neutral_player, settle
from .cards import canonical, deck_without, remove_cards, save_cost
from .expression import crosses, evaluate
from .models import MAX_REBIDS, ROUNDS
from .state import AuctionBid, FinalAuction, HomeostasisState, OpenAuction
from .work import Work

T = TypeVar("T")

#: §4.3: choice k is made by turn_order[SNAKE[k-1]] (the seed's snake)
SNAKE = (0, 1, 2, 3, 4, 4, 3, 2, 1)
DRAFT_CHOICES = len(SNAKE)
_EMPTY = (None,) * 10


def drafter(state: HomeostasisState) -> str:
    """The player making draft choice ``draft_choices + 1`` (§4.3)."""
    return state.turn_order[SNAKE[state.draft_choices]]


def eligible_for_brackets(state: HomeostasisState | Work) -> list[str]:
    """Members of the teams that have not placed their pair (§4.6), config order."""
    used = state.teams_used
    return [p for p in state.players if state.teams[p] not in used]


# ------------------------------------------------------------ §4.1 saving


def apply_save(w: Work, actions: dict[str, Action]) -> None:
    saved = {}
    spent = {}
    for p in w.players:
        cards = canonical(actions[p]["cards"])
        saved[p] = tuple(cards)
        spent[p] = w.garnets_spent[p] + save_cost(len(cards))
        w.tell([p], "cards_saved", cards=cards, garnets_spent=save_cost(len(cards)))
    w.saved, w.garnets_spent = saved, spent
    w.emit("saving_closed")
    start_round(w)


# ------------------------------------------------------------ §4.2 round start


def start_round(w: Work) -> None:
    w.round += 1
    # D7: chips descending, then garnet holding descending, then gamewide_tiebreak
    w.turn_order = tuple(
        sorted(w.players, key=lambda p: (-w.chips[p], -w.holding(p), w.tiebreak[p]))
    )
    w.draft_choices = 0
    w.auction_order = _EMPTY
    w.slots = _EMPTY
    w.auction = None
    w.auction_log = ()
    w.final_auction = None
    w.saved_placed = None
    w.expression = None
    w.brackets = ()
    w.next_first = w.turn_order[0]  # D11
    w.phase = S.DRAFT
    w.emit("round_started", round=w.round, turn_order=list(w.turn_order))


# ------------------------------------------------------------ §4.3 draft


def apply_draft(w: Work, player: str, action: Action) -> None:
    card, position = action["card"], action["position"]
    w.auction_order = _put(w.auction_order, position - 1, card)
    w.draft_choices += 1
    w.emit("draft_choice", player=player, card=card, position=position)
    if w.draft_choices < DRAFT_CHOICES:
        return
    # D10: the last card goes to the last free position, with no step and no choice
    last_card = deck_without(w.auction_order)[0]
    last_position = w.auction_order.index(None)
    w.auction_order = _put(w.auction_order, last_position, last_card)
    w.emit("draft_choice", player=None, card=last_card, position=last_position + 1)
    run_auctions(w, 1)


def _put(cells: tuple[T, ...], i: int, value: T) -> tuple[T, ...]:
    return cells[:i] + (value,) + cells[i + 1 :]


# ------------------------------------------------------------ §4.4 auctions


def run_auctions(w: Work, number: int) -> None:
    """Hold auctions from ``number`` on until one waits for a bid, then the final auction."""
    w.phase = S.AUCTION
    while number <= 10:
        card = present(w.auction_order[number - 1], "card of this auction")
        empty = w.slots.count(None)
        if empty == 1 or not any(w.chips.values()):
            # §4.4.1, D15, D16: forced placement, no step, no chips
            slot = w.slots.index(None)
            w.slots = _put(w.slots, slot, card)
            w.auction_log += (
                {"number": number, "card": card, "slot": slot + 1, "bids": [], "passed": []},
            )
            w.emit("card_placed", number=number, card=card, slot=slot + 1, automatic=True)
            number += 1
            continue
        # §4.4.2
        first = present(w.next_first, "first bidder")
        w.auction = OpenAuction(number, card, first, (0,) * 10, (), (), w.turn_order.index(first))
        w.emit("auction_started", number=number, card=card, first_bidder=first)
        # no bid exists yet and someone has chips, so the turn loop stops at a bidder (D17)
        take_turns(w)
        return
    start_final_auction(w)


def take_turns(w: Work) -> bool:
    """§4.4.3: move the turn on until a player must bid (True) or the auction ends (False)."""
    a = present(w.auction, "open auction")
    passed, turn = next_turn(w.turn_order, w.chips, a.bids, a.passed, a.turn, w.sink())
    if passed is not a.passed or turn != a.turn:
        w.auction = _moved(a, passed, max(turn, 0))
    return turn >= 0


def next_turn(
    order: tuple[str, ...],
    chips: dict[str, int],
    bids: tuple[AuctionBid, ...],
    passed: tuple[str, ...],
    turn: int,
    events: list[Event] | None,
) -> tuple[tuple[str, ...], int]:
    """§4.4.3 from ``turn`` on: who passed by then, and the turn of the player
    who must bid, or ``-1`` when the auction ends (D13, D16). Automatic passes
    are appended to ``events`` (unless it is ``None``)."""
    count = len(order)
    while True:
        if bids and count - len(passed) <= 1:  # D13: "four players pass"
            return passed, -1
        p = order[turn]
        if p in passed:
            turn = (turn + 1) % count
            continue
        if chips[p] == 0:  # D16: a broke player passes automatically
            passed += (p,)
            if events is not None:
                events.append({"audience": PUBLIC, "type": "pass", "player": p, "automatic": True})
            turn = (turn + 1) % count
            continue
        return passed, turn


def _moved(a: OpenAuction, passed: tuple[str, ...], turn: int) -> OpenAuction:
    return OpenAuction(a.number, a.card, a.first_bidder, a.totals, a.bids, passed, turn)


def bid_outcome(
    state: HomeostasisState | Work, action: Action, events: list[Event] | None
) -> tuple[dict[str, int], OpenAuction, bool]:
    """§4.4.3-4: the chips and the open auction after the bid or pass of the
    player whose turn it is, moved on to the next player who must bid; True
    when the auction has ended (the card is then placed by :func:`end_auction`).
    Events are appended to ``events`` (unless it is ``None``)."""
    a = state.auction
    if a is None:  # present() inline: nine steps in ten come here
        a = present(a, "open auction")  # raises
    order = state.turn_order
    player = order[a.turn]
    chips = state.chips
    totals, bids, passed = a.totals, a.bids, a.passed
    if "pass" in action:
        passed += (player,)
        if events is not None:
            events.append(
                {"audience": PUBLIC, "type": "pass", "player": player, "automatic": False}
            )
    else:
        slot, amount = action["slot"], action["chips"]
        # §4.4.4: bid chips are discarded at once, win or lose; bids on one slot pool
        chips = chips.copy()
        chips[player] -= amount
        total = totals[slot - 1] + amount
        totals = (*totals[: slot - 1], total, *totals[slot:])
        bids += ({"player": player, "slot": slot, "chips": amount},)
        if events is not None:
            events.append(
                {
                    "audience": PUBLIC,
                    "type": "bid",
                    "player": player,
                    "slot": slot,
                    "chips": amount,
                    "total": total,
                }
            )
    count = len(order)
    turn = (a.turn + 1) % count
    nxt = order[turn]
    # next_turn's first look, made here: most turns go on to a player who has
    # chips and has not passed, in an auction that goes on
    if (bids and count - len(passed) <= 1) or nxt in passed or not chips[nxt]:
        passed, turn = next_turn(order, chips, bids, passed, turn, events)
    # one new auction for the bid and the turns it moves on (the view keeps its fields)
    auction = OpenAuction(a.number, a.card, a.first_bidder, totals, bids, passed, max(turn, 0))
    return chips, auction, turn < 0


def apply_bid(w: Work, player: str, action: Action) -> None:
    w.chips, w.auction, ended = bid_outcome(w, action, w.sink())
    if ended:
        run_auctions(w, end_auction(w))


def end_auction(w: Work) -> int:
    """§4.4.5: the card goes to the slot with the (unique) highest total; the
    last bidder opens the next auction. Returns the next auction's number."""
    a = present(w.auction, "open auction")
    top = max(a.totals)
    slot = a.totals.index(top)
    w.slots = _put(w.slots, slot, a.card)
    w.auction_log += (
        {
            "number": a.number,
            "card": a.card,
            "slot": slot + 1,
            "bids": list(a.bids),
            "passed": list(a.passed),
        },
    )
    w.next_first = a.bids[-1]["player"]
    w.auction = None
    w.emit("card_placed", number=a.number, card=a.card, slot=slot + 1, automatic=False)
    return a.number + 1


# ------------------------------------------------------------ §4.5 final auction


def start_final_auction(w: Work) -> None:
    bidders = tuple(p for p in w.players if w.chips[p] >= 1)  # D18
    w.final_auction = FinalAuction(bidders)
    w.phase = S.FINAL_AUCTION
    if not bidders:
        w.emit("final_no_winner")
        start_brackets(w, _filled(w.slots))


def apply_final_bids(w: Work, actions: dict[str, Action]) -> None:
    fa = present(w.final_auction, "final auction")
    bids = {p: actions[p]["chips"] for p in fa.bidders}
    fa = replace(fa, sealed_rounds=fa.sealed_rounds + (bids,))
    w.emit("final_bids", rebid=fa.rebids, bids=dict(bids))  # D19: revealed once resolved
    top = max(bids.values())
    if top == 0:  # D20
        w.final_auction = replace(fa, bidders=())
        w.emit("final_no_winner")
        start_brackets(w, _filled(w.slots))
        return
    tied = [p for p in fa.bidders if bids[p] == top]
    by_tiebreak = False
    if len(tied) > 1:
        if fa.rebids < MAX_REBIDS:
            w.final_auction = replace(fa, bidders=tuple(tied), rebids=fa.rebids + 1)
            w.emit("final_tie", tied=tied)
            return
        tied.sort(key=w.tiebreak.__getitem__)  # D21
        by_tiebreak = True
    winner = tied[0]
    w.chips = {**w.chips, winner: w.chips[winner] - top}
    w.final_auction = replace(fa, bidders=(), winner=winner, paid=top)
    w.emit("final_won", winner=winner, paid=top, by_tiebreak=by_tiebreak)
    w.phase = S.PLACE_SAVED  # D22: always, even with no saved card left


def apply_place_saved(w: Work, player: str, action: Action) -> None:
    front, back = list(action["front"]), list(action["back"])
    used = front + back
    if used:
        w.saved = {**w.saved, player: tuple(remove_cards(w.saved[player], used))}
        w.used_saved = {
            **w.used_saved,
            player: tuple(canonical(w.used_saved[player] + tuple(used))),
        }
    w.saved_placed = {"player": player, "front": front, "back": back}
    w.emit("saved_cards_placed", player=player, front=list(front), back=list(back))
    start_brackets(w, tuple(front) + w.slots + tuple(back))  # D38


# ------------------------------------------------------------ §4.6 brackets


def _filled(slots: tuple[str | None, ...]) -> tuple[str, ...]:
    """The slots once every auction of the round placed its card (§4.4): none is empty."""
    return cast(tuple[str, ...], slots)


def start_brackets(w: Work, expression: tuple[str, ...]) -> None:
    w.expression = tuple(expression)
    w.phase = S.BRACKETS
    w.emit("expression", cards=list(w.expression))
    if not eligible_for_brackets(w):
        evaluate_round(w)


def apply_brackets(w: Work, actions: dict[str, Action]) -> None:
    """§4.6.1: placements in turn order; a teammate's second one is void
    (``teammate_placed``), then one crossing a pair placed this step (``crosses``) (D24, D43)."""
    placed_now: list[tuple[int, int]] = []
    teams_now: set[str] = set()
    brackets = w.brackets
    teams_used = w.teams_used
    for p in w.turn_order:
        action = actions.get(p)
        if action is None or "pass" in action:
            continue
        team = w.teams[p]
        pair = (action["first"], action["last"])
        fields_ = {"player": p, "team": team, "first": pair[0], "last": pair[1]}
        if team in teams_now:
            w.emit("brackets_void", **fields_, reason="teammate_placed")
        elif any(crosses(pair, other) for other in placed_now):
            w.emit("brackets_void", **fields_, reason="crosses")
        else:
            placed_now.append(pair)
            teams_now.add(team)
            brackets += ({"first": pair[0], "last": pair[1], "team": team, "player": p},)
            teams_used += (team,)
            w.emit("brackets_placed", **fields_)
    w.brackets, w.teams_used = brackets, teams_used
    if not placed_now or not eligible_for_brackets(w):
        evaluate_round(w)


# ------------------------------------------------------------ §4.7 evaluation


def evaluate_round(w: Work) -> None:
    expression = present(w.expression, "expression")
    result = evaluate(expression, [(b["first"], b["last"]) for b in w.brackets])
    w.total = w.total + result.value
    w.rounds += (
        {
            "round": w.round,
            "expression": list(expression),
            "brackets": [b.copy() for b in w.brackets],
            "simplified": result.simplified,
            "result": result.result,
        },
    )
    w.emit(
        "round_result",
        round=w.round,
        simplified=result.simplified,
        result=result.result,
        total=str(w.total),
    )
    if w.round < ROUNDS:
        start_round(w)
    else:
        end_match(w)


# ------------------------------------------------------------ §7 end


def end_match(w: Work) -> None:
    edges = w.config.get("variant") or {}  # a rule variant may move §7's band edges
    w.outcome = band(
        w.total, edges.get("neutral_band", NEUTRAL_EDGE), edges.get("big_band", BIG_EDGE)
    )
    w.emit("match_over", total=str(w.total), outcome=w.outcome)
    if w.outcome == NEUTRAL_BAND:
        w.phase = S.CHOOSE_EC  # D40: the neutral player chooses
        return
    w.elimination_candidate = settle(w.outcome, w.teams, list(w.players))[2]
    w.phase = S.OVER


def ec_candidates(state: HomeostasisState | Work) -> list[str]:
    """The four players other than the neutral one, ``players`` order (§3)."""
    n = neutral_player(state.teams, list(state.players))
    return [p for p in state.players if p != n]


def apply_choose_ec(w: Work, actions: dict[str, Action]) -> None:
    votes = {p: actions[p]["ec"] for p in w.players if p in actions}
    ec = ec_rules.tally_ec(votes, ec_candidates(w), list(w.config["gamewide_tiebreak"]))
    w.ec_votes = votes
    w.elimination_candidate = ec
    w.emit("elimination_candidate", player=ec, votes=dict(votes))
    w.phase = S.OVER
