"""Resolving a ``round`` step (mvp.md §4.1, §6, D8–D18).

Order within a round (D8): commit bids and purchase costs → resolve the cards
exposed at the start (simultaneously) → remove the claimed cards → resolve
the newly exposed cards with all their bids (a flag is possible, a claim is
not) → reveal → deliver purchases → end check.
"""

from __future__ import annotations

from mainmatch.engine.events import private, public

from .card_rule import CLAIMED, STAYS, resolve_card
from .cards import card_sorted
from .final import build_final, copy_final
from .models import LAST_ROUND
from .pattern import (
    LETTER_INDEX,
    exposure,
    in_letter_order,
    letter_sorted,
    newly_exposed,
    newly_revealed,
)
from .state import CHOOSE_EC, OVER, ROUND, Claim, MvpState
from .validate import purchase_cost

ALL_CLAIMED = "all_claimed"
STALEMATE = "stalemate"
ROUND_LIMIT = "round_limit"


def apply_round(
    state: MvpState, actions: dict[str, dict], emit: bool = True
) -> tuple[MvpState, list[dict]]:
    """Apply one validated ``round`` step; never mutates ``state``. Without
    ``emit`` the events are not built (the list is empty).

    The state's dicts that a round leaves alone are shared with the new
    state (states are never changed once made); a player's bids are copied
    before they change."""
    players, team_of, layout, r = state.players, state.team_of, state.layout, state.round
    chips = dict(state.chips)
    bids = dict(state.bids)  # player -> their bids; a player's dict is copied before it changes
    garnets, spent = state.garnets, state.garnets_spent  # copied at the first purchase
    flags = dict(state.flags)
    claims = state.claims  # copied at the first claim
    any_bid = False
    fresh: set[str] = set()  # players whose bids dict is already this round's own copy
    buyers: list[str] = []  # players whose action has purchase fields
    # §4.1.1 commit: bids move from free chips onto the cards; purchases are paid
    for p in players:
        action = actions[p]
        if not action:
            continue  # no bid, no purchase
        new_bids = action.get("bids")
        if new_bids:
            any_bid = True
            mine = dict(bids[p])
            left = chips[p]
            for x, amount in new_bids.items():
                mine[x] = mine.get(x, 0) + amount
                left -= amount
            chips[p] = left
            bids[p] = mine
            fresh.add(p)
        if len(action) - (new_bids is not None) == 0:
            continue  # no purchase fields
        buyers.append(p)
        cost = purchase_cost(action)
        if cost:
            if garnets is state.garnets:
                garnets, spent = dict(garnets), dict(spent)
            garnets[p] -= cost
            spent[p] += cost
    returned: dict[str, dict[str, int]] = {p: {} for p in players} if emit else {}
    paid: dict[str, dict[str, int]] = {p: {} for p in players} if emit else {}
    control: dict[str, dict[str, bool]] = {p: {} for p in players} if emit else {}
    claimed_now: list[str] = []
    claimed_shown: list[dict] = []
    flagged_now: list[dict] = []
    # the standing bids on each card, players in order: a card is resolved once, and
    # resolving one takes bids off that card only, so these stay as they are read
    stakes_by_card: dict[str, dict[str, int]] = {}
    for p in players:
        for x, amount in bids[p].items():
            on_card = stakes_by_card.get(x)
            if on_card is None:
                stakes_by_card[x] = {p: amount}
            else:
                on_card[p] = amount
    before = state.remaining
    # §4.1.2 the cards exposed at the start, independently of each other; then
    # §4.1.3 the newly exposed cards (never flagged yet, so at most flagged now)
    todo: tuple[str, ...] = exposure(before).exposed
    after = before
    for first in (True, False):
        for x in todo:
            flag = flags.get(x) if first else None
            flag_team = flag[0] if flag else None
            stakes = stakes_by_card.get(x)
            if stakes is None:
                if flag_team is None:
                    continue  # §4.2: unflagged, 0 = 0, nothing happens
                stakes = {}
            outcome = resolve_card(flag_team, stakes, team_of)
            result = outcome.result
            if result == STAYS:
                continue
            # returned chips go back to free chips at once (§4.2, D11)
            for p, amount in outcome.returned.items():
                if p not in fresh:
                    bids[p] = dict(bids[p])
                    fresh.add(p)
                del bids[p][x]
                chips[p] += amount
                if emit:
                    returned[p][x] = amount
            team = outcome.team
            assert team is not None  # a flag or a claim has a team
            if result == CLAIMED:
                for p, amount in outcome.paid.items():
                    if p not in fresh:
                        bids[p] = dict(bids[p])
                        fresh.add(p)
                    del bids[p][x]
                    if emit:
                        paid[p][x] = amount
                del flags[x]
                if claims is state.claims:
                    claims = dict(claims)
                claims[x] = Claim(team, outcome.total, r, outcome.controller)
                claimed_now.append(x)
                if emit:
                    claimed_shown.append(
                        {"letter": x, "card": layout[x], "team": team, "paid": outcome.total}
                    )
                    for p in players:
                        if team_of[p] == team:
                            control[p][x] = p == outcome.controller
            else:
                flags[x] = (team, outcome.total)
                if emit:
                    flagged_now.append(
                        {"letter": x, "card": layout[x], "team": team, "total": outcome.total}
                    )
        if first:
            after = before.difference(claimed_now) if claimed_now else before
            todo = newly_exposed(before, after)
    fresh_exposed = todo
    # §4.1.6 deliver purchases (even if the card was revealed this round, D14)
    known = state.known
    delivered: dict[str, tuple[int, dict[str, str], dict[str, str]]] = {}
    for p in buyers:
        action = actions[p]
        bought = action.get("buy_chips", 0)
        identity = {x: layout[x] for x in letter_sorted(action.get("buy_identity", ()))}
        location = {c: state.where[c] for c in card_sorted(action.get("buy_location", ()))}
        if bought:
            chips[p] += bought
        if identity or location:
            if known is state.known:
                known = dict(known)
            merged = dict(known[p])
            merged.update(identity)
            merged.update({x: c for c, x in location.items()})
            known[p] = in_letter_order(merged)
        delivered[p] = (bought, identity, location)
    events: list[dict] = []
    if emit:
        # §4.1.5 reveal
        revealed = newly_revealed(before, after)
        flagged_now.sort(key=lambda f: LETTER_INDEX[f["letter"]])
        events.append(
            public(
                "round_resolved",
                round=r,
                claimed=claimed_shown,
                flagged=flagged_now,
                newly_exposed=list(fresh_exposed),
                revealed=[{"letter": x, "card": layout[x]} for x in revealed],
            )
        )
        for p in players:
            bought, identity, location = delivered.get(p, NOTHING_BOUGHT)
            events.append(
                private(
                    [p],
                    "round_private",
                    round=r,
                    returned=in_letter_order(returned[p]),
                    paid=in_letter_order(paid[p]),
                    control=in_letter_order(control[p]),
                    chips_bought=bought,
                    identity=dict(identity),
                    location=dict(location),
                    chips=chips[p],
                    bids=in_letter_order(bids[p]),
                )
            )
    # §4.1.7 end check, in this order (D18)
    if not after:
        reason = ALL_CLAIMED
    elif not any_bid and not claimed_now:
        reason = STALEMATE
    elif r == LAST_ROUND:
        reason = ROUND_LIMIT
    else:
        reason = None
    phase, final = ROUND, None
    if reason is not None:
        final = build_final(
            players=players,
            team_of=team_of,
            layout=layout,
            claims=claims,
            end_reason=reason,
            rounds_played=state.rounds_played + 1,
        )
        if emit:
            shown = copy_final(final)
            assert shown is not None  # final was just built
            events.append(public("game_over", **{k: shown[k] for k in GAME_OVER_KEYS}))
        phase = CHOOSE_EC if final["voters"] else OVER
    # built directly rather than with dataclasses.replace: this is the hot path of simulations
    new = MvpState(
        config=state.config,
        players=players,
        index=state.index,
        team_of=team_of,
        teams=state.teams,
        layout=layout,
        where=state.where,
        phase=phase,
        round=r + 1 if reason is None else r,
        rounds_played=state.rounds_played + 1,
        remaining=after,
        flags=flags,
        claims=claims,
        chips=chips,
        bids=bids,
        garnets=garnets,
        garnets_spent=spent,
        known=known,
        final=final,
    )
    return new, events


#: what a player who bought nothing receives: no chips, no identities, no locations
NOTHING_BOUGHT: tuple[int, dict[str, str], dict[str, str]] = (0, {}, {})

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
