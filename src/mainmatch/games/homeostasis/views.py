"""Requests and views of Homeostasis (homeostasis.md §3 requests, §5 views).

Both are built fresh as plain JSON (new lists and dicts every call), so a
caller may change what it gets without touching the state, except ``pending``,
which is remembered for the last state asked about (the host, the bots and
``validate`` all ask for it) and must not be changed, and the shared views
(``public_view(..., shared=True)``, ``Game.shared_view``), read-only by contract.
"""

from __future__ import annotations

from fractions import Fraction

from mainmatch.engine.checks import present
from mainmatch.engine.memo import remember_last

from . import state as S
from .cards import DECK, deck_without
from .flow import drafter, ec_candidates, eligible_for_brackets
from .state import HomeostasisState


@remember_last  # validate, apply, random play and the view all ask in turn
def pending(state: HomeostasisState) -> dict[str, dict]:
    """``{player: request}`` in config order; empty iff the match is over (§3)."""
    phase = state.phase
    if phase == S.SAVE_CARDS:
        return {
            p: {"kind": "save_cards", "cards": list(DECK), "garnets": state.holding(p)}
            for p in state.players
        }
    if phase == S.DRAFT:
        return {
            drafter(state): {
                "kind": "draft",
                "cards": cards_left(state),
                "positions": free_positions(state),
            }
        }
    if phase == S.AUCTION:
        a = present(state.auction, "open auction")
        p = state.turn_order[a.turn]
        return {
            p: {
                "kind": "bid",
                "card": a.card,
                "chips": state.chips[p],
                "slots": empty_slots(state),
                "totals": list(a.totals),
                "can_pass": bool(a.bids),
            }
        }
    if phase == S.FINAL_AUCTION:
        fa = present(state.final_auction, "final auction")
        return {
            p: {"kind": "final_bid", "chips": state.chips[p], "rebid": fa.rebids}
            for p in fa.bidders
        }
    if phase == S.PLACE_SAVED:
        p = present(present(state.final_auction, "final auction").winner, "auction winner")
        return {p: {"kind": "place_saved", "saved_cards": list(state.saved[p])}}
    if phase == S.BRACKETS:
        placed = [[b["first"], b["last"]] for b in state.brackets]
        n = len(present(state.expression, "expression"))
        return {
            p: {"kind": "brackets", "length": n, "brackets": [list(x) for x in placed]}
            for p in eligible_for_brackets(state)
        }
    if phase == S.CHOOSE_EC:
        candidates = ec_candidates(state)
        chooser = next(p for p in state.players if p not in candidates)
        return {chooser: {"kind": "choose_ec", "candidates": candidates}}
    return {}


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


@remember_last  # the total changes three times a match; Fraction.__str__ is Python code
def _total_text(total: Fraction) -> str:
    return str(total)


def _auction_log(log: tuple[dict, ...]) -> list[dict]:
    """The view's ``auction_log``: each entry's dict copied whole (C code) and
    its two lists replaced by fresh copies (its key order is the state's)."""
    out: list[dict] = []
    add = out.append
    for e in log:
        e = e.copy()
        e["bids"] = [*map(_copy, e["bids"])]
        e["passed"] = [*e["passed"]]
        add(e)
    return out


def _rounds(rounds: tuple[dict, ...]) -> list[dict]:
    """The view's ``rounds``, copied as :func:`_auction_log` copies its entries."""
    out: list[dict] = []
    for r in rounds:
        r = r.copy()
        r["expression"] = [*r["expression"]]
        r["brackets"] = [*map(_copy, r["brackets"])]
        out.append(r)
    return out


@remember_last  # a log changes when an auction closes; the views between share its copy
def _shared_auction_log(log: tuple[dict, ...]) -> list[dict]:
    return _auction_log(log)


@remember_last  # the finished rounds change three times a match
def _shared_rounds(rounds: tuple[dict, ...]) -> list[dict]:
    return _rounds(rounds)


def public_view(state: HomeostasisState, game_id: str, *, shared: bool = False) -> dict:
    """``view(state, None)``: every field of §5, in its order. Every list and
    dict is a fresh copy (``map`` over ``dict.copy`` copies the logs' small
    dicts without a Python frame each), unless ``shared``
    (:meth:`~mainmatch.engine.game.Game.shared_view`): then the logs' copies
    are made once per log and shared by the views that show it, and the
    state's never-changed dicts are shown as they are; the values are the same."""
    a = state.auction
    fa = state.final_auction
    placed = state.saved_placed
    log = state.auction_log
    rounds = state.rounds
    out = {
        "game": game_id,
        "players": [*state.players],
        "phase": state.phase,
        "round": state.round,
        "pending": pending_players(state),
        "teams": state.teams if shared else state.teams.copy(),
        "chips": state.chips if shared else state.chips.copy(),
        "turn_order": [*state.turn_order],
        "draft_choices": state.draft_choices,
        "auction_order": [*state.auction_order],
        "slots": [*state.slots],
        "auction": None
        if a is None
        else {
            "number": a.number,
            "card": a.card,
            "first_bidder": a.first_bidder,
            "totals": [*a.totals],
            "bids": [*a.bids] if shared else [*map(_copy, a.bids)],
            "passed": [*a.passed],
        },
        "auction_log": [] if not log else _shared_auction_log(log) if shared else _auction_log(log),
        "final_auction": None
        if fa is None
        else {
            "bidders": [*fa.bidders],
            "sealed_rounds": [*fa.sealed_rounds] if shared else [*map(_copy, fa.sealed_rounds)],
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
        "expression": None if state.expression is None else [*state.expression],
        "brackets": [*state.brackets] if shared else [*map(_copy, state.brackets)],
        "teams_used_brackets": [*state.teams_used],
        "rounds": [] if not rounds else _shared_rounds(rounds) if shared else _rounds(rounds),
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


def you(state: HomeostasisState, player: str) -> dict:
    """The private part of ``view(state, player)`` (§5): the player's own secrets."""
    return {
        "player": player,
        "team": state.teams[player],
        "garnets": state.holding(player),
        "garnets_spent": state.garnets_spent[player],
        "saved_cards": list(state.saved[player]),
        "used_saved_cards": list(state.used_saved[player]),
    }
