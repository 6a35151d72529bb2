"""Requests and views of Homeostasis (homeostasis spec §3 requests, §5 views).

Both are plain JSON. A request is remembered for the last state asked about
(the host, the bots and ``validate`` all ask for it) and must not be changed.
A view's logs are shared with the other views of the match (decision PE16),
so a view is read, not changed; nothing in a view is the state's own but in
a shared view (``Game.shared_view``), so no caller can change the match.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import cast

from mainmatch.engine.checks import present
from mainmatch.engine.errors import IllegalAction
from mainmatch.engine.game import JSONObject, View
from mainmatch.engine.memo import GrowingLog, remember_last

from . import state as S
from .cards import deck_without
from .resolve import drafter, ec_candidates, eligible_for_brackets
from .state import AuctionBid, Bracket, FinishedRound, HomeostasisState, LoggedAuction


@remember_last  # validate, apply, random play and the view all ask in turn
def pending_players(state: HomeostasisState) -> list[str]:
    """``list(pending(state))`` without building the requests: the view needs
    only who acts, and a replay's views come after its steps, when ``pending``
    remembers only the last state."""
    phase = state.phase
    if phase == S.AUCTION:
        return [state.turn_order[present(state.auction, "open auction").turn]]
    if phase == S.SAVE_CARDS:
        return list(state.players)
    if phase == S.DRAFT:
        return [drafter(state)]
    if phase == S.FINAL_AUCTION:
        return list(present(state.final_auction, "final auction").bidders)
    if phase == S.PLACE_SAVED:
        return [present(present(state.final_auction, "final auction").winner, "auction winner")]
    if phase == S.BRACKETS:
        return eligible_for_brackets(state)
    if phase == S.CHOOSE_EC:
        candidates = ec_candidates(state)
        return [next(p for p in state.players if p not in candidates)]
    return []


def cards_left(state: HomeostasisState) -> list[str]:
    """Cards not yet in the auction order, canonical, with repeats (§3 ``draft``)."""
    return deck_without(state.auction_order)


def free_positions(state: HomeostasisState) -> list[int]:
    return [i for i, c in enumerate(state.auction_order, 1) if c is None]


def empty_slots(state: HomeostasisState) -> list[int]:
    return [i for i, c in enumerate(state.slots, 1) if c is None]


_copy = dict.copy
#: the same C function, typed per entry (a cast costs nothing per view)
_copy_bid = cast(Callable[[AuctionBid], AuctionBid], dict.copy)
_copy_bracket = cast(Callable[[Bracket], Bracket], dict.copy)
_copy_sealed = cast(Callable[[dict[str, int]], dict[str, int]], dict.copy)


@remember_last  # the total changes three times a match; Fraction.__str__ is Python code
def _total_text(total: Fraction) -> str:
    return str(total)


def _log_entry(e: LoggedAuction) -> LoggedAuction:
    """A copy of one ``auction_log`` entry: its dict copied whole (C code, the
    state's key order) and its two lists replaced by fresh copies."""
    e = e.copy()
    e["bids"] = [*map(_copy_bid, e["bids"])]
    e["passed"] = [*e["passed"]]
    return e


def _round_entry(r: FinishedRound) -> FinishedRound:
    """A copy of one finished round of ``rounds``, as :func:`_log_entry` copies."""
    r = r.copy()
    r["expression"] = [*r["expression"]]
    r["brackets"] = [*map(_copy_bracket, r["brackets"])]
    return r


#: the logs' copies, made once per entry and shown by every later view (PE16)
_auction_log = GrowingLog(_log_entry)
_rounds = GrowingLog(_round_entry)
_bids: GrowingLog[AuctionBid, AuctionBid] = GrowingLog(_copy_bid)
#: lists of what changes once a match, a round or an auction, made once and
#: shown until it changes (each remembers the last tuple it was asked about)
_players = remember_last(list)
_turn_order = remember_last(list)
_auction_order = remember_last(list)
_slots = remember_last(list)
_teams_used = remember_last(list)
_expression = remember_last(list)
_teams = remember_last(_copy)


def public_view(state: HomeostasisState, game_id: str, *, shared: bool = False) -> View:
    """``view(state, None)``: every field of §5, in its order. The two logs
    (``auction_log``, ``rounds``: most of a view, and a step adds at most one
    entry) are copied once per entry and those copies are shown by the later
    views of the match too; every other list and dict is a fresh copy, unless
    ``shared`` (:meth:`~mainmatch.engine.game.Game.shared_view`): then the
    state's never-changed dicts are shown as they are. The values are the
    same either way; no view shares anything with the state but a shared one."""
    a = state.auction
    fa = state.final_auction
    placed = state.saved_placed
    log = state.auction_log
    rounds = state.rounds
    out = {
        "game": game_id,
        "players": _players(state.players),
        "phase": state.phase,
        "round": state.round,
        "pending": pending_players(state),
        "teams": state.teams if shared else _teams(state.teams),
        "chips": state.chips if shared else state.chips.copy(),
        "turn_order": _turn_order(state.turn_order),
        "draft_choices": state.draft_choices,
        "auction_order": _auction_order(state.auction_order),
        "slots": _slots(state.slots),
        "auction": None
        if a is None
        else {
            "number": a.number,
            "card": a.card,
            "first_bidder": a.first_bidder,
            "totals": [*a.totals],
            "bids": _bids(a.bids) if a.bids else [],
            "passed": [*a.passed],
        },
        "auction_log": _auction_log(log) if log else [],
        "final_auction": None
        if fa is None
        else {
            "bidders": [*fa.bidders],
            "sealed_rounds": [*fa.sealed_rounds]
            if shared
            else [*map(_copy_sealed, fa.sealed_rounds)],
            "rebids": fa.rebids,
            "winner": fa.winner,
            "paid": fa.paid,
        },
        "saved_placed": None
        if placed is None
        else {
            "player": placed["player"],
            "front": [*placed["front"]],
            "back": [*placed["back"]],
        },
        "expression": None if state.expression is None else _expression(state.expression),
        "brackets": [*state.brackets] if shared else [*map(_copy_bracket, state.brackets)],
        "teams_used_brackets": _teams_used(state.teams_used),
        "rounds": _rounds(rounds) if rounds else [],
        "total": _total_text(state.total),
        "outcome": state.outcome,
        "ec_votes": None
        if state.ec_votes is None
        else state.ec_votes
        if shared
        else state.ec_votes.copy(),
        "elimination_candidate": state.elimination_candidate,
    }
    variant = state.config.get("variant")
    if variant:  # only a variant's views name it: official views stay as §5 lists them
        out["variant"] = dict(variant)
    return out


def you(state: HomeostasisState, player: str) -> JSONObject:
    """The private part of ``view(state, player)`` (§5): the player's own secrets."""
    if not isinstance(player, str) or player not in state.index:
        raise IllegalAction(f"{player!r} is not a player in this match")
    return {
        "player": player,
        "team": state.teams[player],
        "garnets": state.holding(player),
        "garnets_spent": state.garnets_spent[player],
        "saved_cards": list(state.saved[player]),
        "used_saved_cards": list(state.used_saved[player]),
    }
