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


def pending_players(state: HomeostasisState) -> list[str]:
    """``list(pending(state))`` without building the requests: the view needs
    only who acts, and a replay's views come after its steps, when ``pending``
    remembers only the last state. Read off the state at each call: in the
    commonest phases that is a lookup or two, less than remembering it."""
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
#: the view's keys in the order §5 lists them (a view of no state yet: see below)
_TEMPLATE: View = dict.fromkeys(
    (
        "game",
        "players",
        "phase",
        "round",
        "pending",
        "teams",
        "chips",
        "turn_order",
        "draft_choices",
        "auction_order",
        "slots",
        "auction",
        "auction_log",
        "final_auction",
        "saved_placed",
        "expression",
        "brackets",
        "teams_used_brackets",
        "rounds",
        "total",
        "outcome",
        "ec_votes",
        "elimination_candidate",
    )
)


class _NoState:
    """Stands for "no state viewed yet": each of its fields is an object no
    state holds, so a view built against it builds every part."""

    def __getattr__(self, name: str) -> object:
        return _NOTHING


_NOTHING = object()
_NONE = cast(HomeostasisState, _NoState())
#: per kind of view (fresh, shared): the last state viewed, its view and the
#: game id it was shown under (one tuple, replaced whole: threads at worst rebuild)
_last_fresh: list[tuple[HomeostasisState, View, str]] = [(_NONE, _TEMPLATE, "")]
_last_shared: list[tuple[HomeostasisState, View, str]] = [(_NONE, _TEMPLATE, "")]


def public_view(state: HomeostasisState, game_id: str, *, shared: bool = False) -> View:
    """``view(state, None)``: every field of §5, in its order.

    A view is built from the last view made (of the state before, in a replay
    or a match): a state shares every container a step leaves alone with the
    state before it, and a part of the view that shows one field is the same
    as long as that field is the very same object, so only the parts of the
    fields a step replaced are built again (a live bid replaces the chips and
    the auction: two parts of twenty-three). ``pending`` is read off the state
    every time. The two logs (``auction_log``, ``rounds``) are copied once per
    entry and those copies shown by the later views of the match (PE16). Every
    part of a fresh view is a copy, made for this view or an earlier one;
    a ``shared`` view (:meth:`~mainmatch.engine.game.Game.shared_view`) shows
    the state's never-changed dicts as they are. The values are the same
    either way; no view shares anything with the state but a shared one."""
    memo = _last_shared if shared else _last_fresh
    last, shown, shown_as = memo[0]  # one read: another thread may replace it
    if shown_as != game_id:
        last, shown = _NONE, _TEMPLATE
    out = shown.copy()
    s = state
    if s.players is not last.players:
        out["game"] = game_id
        out["players"] = [*s.players]
    out["phase"] = s.phase
    out["round"] = s.round
    a = s.auction
    # a live auction's one bidder read here: nine views in ten, without the memo's call
    out["pending"] = (
        [s.turn_order[a.turn]] if a is not None and s.phase == S.AUCTION else pending_players(s)
    )
    if s.teams is not last.teams:
        out["teams"] = s.teams if shared else s.teams.copy()
    if s.chips is not last.chips:
        out["chips"] = s.chips if shared else s.chips.copy()
    if s.turn_order is not last.turn_order:
        out["turn_order"] = [*s.turn_order]
    out["draft_choices"] = s.draft_choices
    if s.auction_order is not last.auction_order:
        out["auction_order"] = [*s.auction_order]
    if s.slots is not last.slots:
        out["slots"] = [*s.slots]
    if a is not last.auction:
        out["auction"] = _auction(a)
    if s.auction_log is not last.auction_log:
        out["auction_log"] = _auction_log(s.auction_log) if s.auction_log else []
    _end_parts(s, last, out, shared)
    memo[0] = (state, out, game_id)
    # a fresh view's caller owns its top-level dict (``view`` adds ``you`` to
    # it); a shared view is only read, so it is the one kept here
    return out if shared else out.copy()


def _end_parts(s: HomeostasisState, last: HomeostasisState, out: View, shared: bool) -> None:
    """:func:`public_view`'s parts that change at a round's end (the final
    auction on): built again where ``s``'s field is not ``last``'s."""
    if s.final_auction is not last.final_auction:
        out["final_auction"] = _final_auction(s.final_auction, shared)
    if s.saved_placed is not last.saved_placed:
        placed = s.saved_placed
        out["saved_placed"] = (
            None
            if placed is None
            else {
                "player": placed["player"],
                "front": [*placed["front"]],
                "back": [*placed["back"]],
            }
        )
    if s.expression is not last.expression:
        out["expression"] = None if s.expression is None else [*s.expression]
    if s.brackets is not last.brackets:
        out["brackets"] = [*s.brackets] if shared else [*map(_copy_bracket, s.brackets)]
    if s.teams_used is not last.teams_used:
        out["teams_used_brackets"] = [*s.teams_used]
    if s.rounds is not last.rounds:
        out["rounds"] = _rounds(s.rounds) if s.rounds else []
    if s.total is not last.total:
        out["total"] = _total_text(s.total)
    out["outcome"] = s.outcome
    if s.ec_votes is not last.ec_votes:
        votes = s.ec_votes
        out["ec_votes"] = None if votes is None else votes if shared else votes.copy()
    out["elimination_candidate"] = s.elimination_candidate
    if s.config is not last.config:
        variant = s.config.get("variant")
        if variant:  # only a variant's views name it: official views stay as §5 lists them
            out["variant"] = dict(variant)
        else:
            out.pop("variant", None)


def _auction(a: S.OpenAuction | None) -> JSONObject | None:
    if a is None:
        return None
    return {
        "number": a.number,
        "card": a.card,
        "first_bidder": a.first_bidder,
        "totals": [*a.totals],
        "bids": _bids(a.bids) if a.bids else [],
        "passed": [*a.passed],
    }


def _final_auction(fa: S.FinalAuction | None, shared: bool) -> JSONObject | None:
    if fa is None:
        return None
    return {
        "bidders": [*fa.bidders],
        "sealed_rounds": [*fa.sealed_rounds] if shared else [*map(_copy_sealed, fa.sealed_rounds)],
        "rebids": fa.rebids,
        "winner": fa.winner,
        "paid": fa.paid,
    }


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
