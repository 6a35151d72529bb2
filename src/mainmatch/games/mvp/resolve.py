"""Resolving a ``round`` step (mvp spec §4.1, §6, D8–D18).

Order within a round (D8): commit bids and purchase costs → resolve the cards
exposed at the start (simultaneously) → remove the claimed cards → resolve
the newly exposed cards with all their bids (a flag is possible, a claim is
not) → reveal → deliver purchases → end check.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from mainmatch.engine.game import Action, Event

from .card_rule import Judged, controller, judge
from .cards import card_sorted
from .final import build_final, copy_final
from .models import LAST_ROUND
from .pattern import exposure, in_letter_order, letter_sorted, newly_exposed, newly_revealed
from .state import CHOOSE_EC, OVER, ROUND, Claim, MvpState
from .validate import purchase_cost

ALL_CLAIMED = "all_claimed"
STALEMATE = "stalemate"
ROUND_LIMIT = "round_limit"


def apply_round(
    state: MvpState, actions: dict[str, Action], emit: bool = True
) -> tuple[MvpState, list[Event]]:
    """Apply one validated ``round`` step; never mutates ``state``. Without
    ``emit`` the events are not built (the list is empty).

    The state's dicts that a round leaves alone are shared with the new
    state (states are never changed once made); a player's bids are copied
    before they change and kept in letter order (docs/decisions/performance.md PM4), so
    the private events copy them as they are."""
    players, r = state.players, state.round
    chips, bids, garnets, spent, any_bid, buyers = _commit(state, actions)
    cards = _Cards(state, chips, bids, emit)
    cards.resolve(state)
    # §4.1.6 deliver purchases (even if the card was revealed this round, D14)
    known, delivered = _deliver(state, actions, buyers, chips)
    events = _round_events(state, cards, delivered) if emit else []
    after, claims = cards.after, cards.claims
    reason = _end_reason(after, any_bid, cards.claimed_now, r)
    phase, final = ROUND, None
    if reason is not None:
        final = build_final(
            players=players,
            team_of=state.team_of,
            layout=state.layout,
            claims=claims,
            end_reason=reason,
            rounds_played=state.rounds_played + 1,
        )
        if emit:
            shown = copy_final(final)
            assert shown is not None  # final was just built
            fields: Mapping[str, object] = shown
            events.append(
                {
                    "audience": "public",
                    "type": "game_over",
                    **{k: fields[k] for k in GAME_OVER_KEYS},
                }
            )
        phase = CHOOSE_EC if final["voters"] else OVER
    # built directly rather than with dataclasses.replace, and by position (the
    # fields' order in state.py; a keyword call costs 0.6 µs more): the hot path
    new = MvpState(
        state.config,  # config
        players,  # players
        state.index,  # index
        state.team_of,  # team_of
        state.teams,  # teams
        state.layout,  # layout
        state.where,  # where
        phase,  # phase
        r + 1 if reason is None else r,  # round
        state.rounds_played + 1,  # rounds_played
        after,  # remaining
        cards.now,  # exposure
        cards.flags,  # flags
        claims,  # claims
        chips,  # chips
        bids,  # bids
        garnets,  # garnets
        spent,  # garnets_spent
        known,  # known
        final,  # final
    )
    return new, events


def _commit(
    state: MvpState, actions: dict[str, Action]
) -> tuple[
    dict[str, int], dict[str, dict[str, int]], dict[str, int], dict[str, int], bool, list[str]
]:
    """§4.1.1 commit: bids move from free chips onto the cards; purchases are
    paid. Returns chips, bids, garnets held and spent, whether anyone bid,
    and the players whose action has purchase fields."""
    chips = state.chips.copy()
    bids = state.bids.copy()  # player -> their bids; a player's dict is copied before it changes
    garnets, spent = state.garnets, state.garnets_spent  # copied at the first purchase
    any_bid = False
    buyers: list[str] = []
    for p in state.players:
        action = actions[p]
        if not action:
            continue  # no bid, no purchase
        new_bids = action.get("bids")
        if new_bids:
            any_bid = True
            mine = bids[p].copy()
            held = len(mine)
            left = chips[p]
            for x, amount in new_bids.items():
                mine[x] = mine.get(x, 0) + amount
                left -= amount
            chips[p] = left
            if len(mine) > held and len(mine) > 1:  # a new card: back to letter order
                mine = dict(sorted(mine.items()))
            bids[p] = mine
        if len(action) - (new_bids is not None) == 0:
            continue  # no purchase fields
        buyers.append(p)
        cost = purchase_cost(action)
        if cost:
            if garnets is state.garnets:
                garnets, spent = garnets.copy(), spent.copy()
            garnets[p] -= cost
            spent[p] += cost
    return chips, bids, garnets, spent, any_bid, buyers


class _Cards:
    """§4.1.2-4.1.3: a round's exposed cards resolved by the card rule
    (card_rule.judge), with what each player gets back, pays and controls,
    for the private events (a dict only for the players concerned)."""

    __slots__ = (
        "after",
        "bids",
        "chips",
        "claimed_now",
        "claimed_shown",
        "claims",
        "control",
        "emit",
        "flagged_now",
        "flags",
        "flags_unsorted",
        "fresh_exposed",
        "now",
        "old_bids",
        "paid",
        "resort",
        "returned",
        "state",
    )

    def __init__(
        self, state: MvpState, chips: dict[str, int], bids: dict[str, dict[str, int]], emit: bool
    ) -> None:
        self.state = state
        self.chips = chips
        self.bids = bids
        # a player's dict is this round's own copy once it is not theirs
        self.old_bids = state.bids
        self.emit = emit
        self.flags = state.flags.copy()
        self.claims = state.claims  # copied at the first claim
        self.returned: dict[str, dict[str, int]] = {}
        self.paid: dict[str, dict[str, int]] = {}
        self.control: dict[str, dict[str, bool]] = {}
        self.claimed_now: list[str] = []
        self.claimed_shown: list[Event] = []
        self.flagged_now: list[Event] = []
        self.resort: set[str] = set()  # players whose returned chips need sorting
        self.flags_unsorted = False
        self.after = state.remaining
        self.now = state.exposure
        self.fresh_exposed: tuple[str, ...] = ()

    def resolve(self, state: MvpState) -> None:
        """§4.1.2 the cards exposed at the start, independently of each other;
        then §4.1.3 the newly exposed cards (never flagged yet, so at most
        flagged now). Each pass goes in letter order, so only the second pass
        can put a player's returned chips or the flags out of letter order."""
        team_of = state.team_of
        stakes_by_card = _stakes(state.players, self.bids)
        flags = self.flags
        before = state.remaining
        todo: tuple[str, ...] = state.exposure.exposed
        first = True
        while todo:
            for x in todo:
                flag = flags.get(x) if first else None
                stakes = stakes_by_card.get(x)
                if stakes is None:
                    if flag is None:
                        continue  # §4.2: unflagged, 0 = 0, nothing happens
                    stakes = {}
                judged = judge(None if flag is None else flag[0], stakes, team_of)
                if judged is not None:
                    self.card(x, stakes, judged, first)
            if not first or not self.claimed_now:
                break
            first = False
            self.after = after = before.difference(self.claimed_now)
            self.now = exposure(after)
            todo = newly_exposed(before, after)
        if not first:
            self.fresh_exposed = todo

    def card(self, x: str, stakes: dict[str, int], judged: Judged, first: bool) -> None:
        """The card rule's verdict carried out on card ``x``: the other team's
        bids return to free chips at once (§4.2, D11); the claiming team's are
        paid, a flagging team's stay on the card."""
        team, claim, total = judged
        team_of, chips, bids, old_bids = self.state.team_of, self.chips, self.bids, self.old_bids
        emit = self.emit
        paid: dict[str, int] = {}  # the claiming team's bids, players in order
        for p, amount in stakes.items():
            if team_of[p] == team:
                if not claim:
                    continue
                paid[p] = amount
                if emit:
                    self.paid.setdefault(p, {})[x] = amount
            else:
                chips[p] += amount
                if emit:
                    back = self.returned.setdefault(p, {})
                    back[x] = amount
                    if not first and len(back) > 1:
                        self.resort.add(p)
            mine = bids[p]
            if mine is old_bids[p]:
                mine = bids[p] = mine.copy()
            del mine[x]
        if claim:
            self.claim(x, team, total, paid)
            return
        # §4.2: the team flags the card with its total
        self.flags[x] = (team, total)
        if emit:
            flagged_now = self.flagged_now
            if not first and flagged_now and flagged_now[-1]["letter"] > x:
                self.flags_unsorted = True
            flagged_now.append(
                {"letter": x, "card": self.state.layout[x], "team": team, "total": total}
            )

    def claim(self, x: str, team: str, total: int, paid: dict[str, int]) -> None:
        """§4.2: team ``team`` claims card ``x`` paying ``paid``; the strictly
        highest bid controls it."""
        state = self.state
        leader = controller(paid)
        del self.flags[x]
        if self.claims is state.claims:
            self.claims = self.claims.copy()
        self.claims[x] = _new_claim(Claim, (team, total, state.round, leader))
        self.claimed_now.append(x)
        if self.emit:
            self.claimed_shown.append(
                {"letter": x, "card": state.layout[x], "team": team, "paid": total}
            )
            for p in state.teams[team]:
                self.control.setdefault(p, {})[x] = p == leader


def _stakes(players: Sequence[str], bids: dict[str, dict[str, int]]) -> dict[str, dict[str, int]]:
    """The standing bids on each card, players in order: a card is resolved
    once, and resolving one takes bids off that card only, so these stay as
    they are read."""
    stakes_by_card: dict[str, dict[str, int]] = {}
    for p in players:
        for x, amount in bids[p].items():
            on_card = stakes_by_card.get(x)
            if on_card is None:
                stakes_by_card[x] = {p: amount}
            else:
                on_card[p] = amount
    return stakes_by_card


#: a player's delivered purchase: chips bought, identities and locations learned
Delivered = tuple[int, dict[str, str], dict[str, str]]


def _deliver(
    state: MvpState, actions: dict[str, Action], buyers: list[str], chips: dict[str, int]
) -> tuple[dict[str, dict[str, str]], dict[str, Delivered]]:
    """§4.1.6: chips bought join the free chips; identities and locations
    bought join what each buyer knows (letter order)."""
    known = state.known
    layout = state.layout
    delivered: dict[str, Delivered] = {}
    for p in buyers:
        action = actions[p]
        bought = action.get("buy_chips", 0)
        identity = {x: layout[x] for x in letter_sorted(action.get("buy_identity", ()))}
        location = {c: state.where[c] for c in card_sorted(action.get("buy_location", ()))}
        if bought:
            chips[p] += bought
        if identity or location:
            if known is state.known:
                known = known.copy()
            merged = known[p].copy()
            merged.update(identity)
            merged.update({x: c for c, x in location.items()})
            known[p] = in_letter_order(merged)
        delivered[p] = (bought, identity, location)
    return known, delivered


def _round_events(state: MvpState, cards: _Cards, delivered: dict[str, Delivered]) -> list[Event]:
    """§6: the round's public resolution (§4.1.5 the cards revealed: hidden
    before and not hidden now) and each player's private one."""
    layout = state.layout
    if cards.flags_unsorted:
        cards.flagged_now.sort(key=_letter)
    revealed = [
        {"letter": x, "card": layout[x]} for x in newly_revealed(state.remaining, cards.after)
    ]
    events: list[Event] = [
        {
            "audience": "public",
            "type": "round_resolved",
            "round": state.round,
            "claimed": cards.claimed_shown,
            "flagged": cards.flagged_now,
            "newly_exposed": list(cards.fresh_exposed),
            "revealed": revealed,
        }
    ]
    returned, resort = cards.returned, cards.resort
    for p in state.players:
        # the dicts built above belong to this event alone; bids are in letter order
        got = returned.get(p)
        if got is None:
            got = {}
        elif p in resort:
            got = in_letter_order(got)
        bought_info = delivered.get(p)
        bought, identity, location = (0, {}, {}) if bought_info is None else bought_info
        events.append(
            {
                "audience": [p],
                "type": "round_private",
                "round": state.round,
                "returned": got,
                "paid": cards.paid.get(p) or {},
                "control": cards.control.get(p) or {},
                "chips_bought": bought,
                "identity": identity,
                "location": location,
                "chips": cards.chips[p],
                "bids": cards.bids[p].copy(),
            }
        )
    return events


def _end_reason(after: frozenset[str], any_bid: bool, claimed_now: list[str], r: int) -> str | None:
    """§4.1.7 end check, in this order (D18); ``None``: play goes on."""
    if not after:
        return ALL_CLAIMED
    if not any_bid and not claimed_now:
        return STALEMATE
    if r == LAST_ROUND:
        return ROUND_LIMIT
    return None


#: a claim built as the tuple it is, without the named tuple's Python-level ``__new__``
_new_claim = tuple.__new__


def _letter(entry: Event) -> str:
    letter: str = entry["letter"]
    return letter  # letter order is the letters' string order (pattern.py)


#: the keys of the ``game_over`` event, each the value of the same key of ``final`` (§6)
GAME_OVER_KEYS = (
    "end_reason",
    "rounds_played",
    "team_scores",
    "individual_scores",
    "winning_team",
    "winners",
    "controllers",
    "combinations",
    "ec_candidates",
    "voters",
    "elimination_candidate",
)
