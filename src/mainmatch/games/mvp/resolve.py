"""Resolving a ``round`` step (mvp spec §4.1, §6, D8–D18).

Order within a round (D8): commit bids and purchase costs → resolve the cards
exposed at the start (simultaneously) → remove the claimed cards → resolve
the newly exposed cards with all their bids (a flag is possible, a claim is
not) → reveal → deliver purchases → end check.
"""

from __future__ import annotations

from .card_rule import GREEN, OTHER, RED
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
    state: MvpState, actions: dict[str, dict], emit: bool = True
) -> tuple[MvpState, list[dict]]:
    """Apply one validated ``round`` step; never mutates ``state``. Without
    ``emit`` the events are not built (the list is empty).

    The state's dicts that a round leaves alone are shared with the new
    state (states are never changed once made); a player's bids are copied
    before they change and kept in letter order (docs/decisions/performance.md PM4), so
    the private events copy them as they are."""
    players, team_of, layout, r = state.players, state.team_of, state.layout, state.round
    chips = state.chips.copy()
    bids = state.bids.copy()  # player -> their bids; a player's dict is copied before it changes
    garnets, spent = state.garnets, state.garnets_spent  # copied at the first purchase
    flags = state.flags.copy()
    claims = state.claims  # copied at the first claim
    any_bid = False
    old_bids = state.bids  # a player's dict is this round's own copy once it is not theirs
    buyers: list[str] = []  # players whose action has purchase fields
    # §4.1.1 commit: bids move from free chips onto the cards; purchases are paid
    for p in players:
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
    # what each player gets back, pays and controls, for the private events: a dict
    # only for the players concerned (letter order: see below)
    returned: dict[str, dict[str, int]] = {}
    paid: dict[str, dict[str, int]] = {}
    control: dict[str, dict[str, bool]] = {}
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
    was = state.exposure
    # §4.1.2 the cards exposed at the start, independently of each other; then
    # §4.1.3 the newly exposed cards (never flagged yet, so at most flagged now).
    # Each pass goes in letter order, so only the second pass can put a player's
    # returned chips or the flags out of letter order
    todo: tuple[str, ...] = was.exposed
    after, now = before, was
    resort: set[str] = set()  # players whose returned chips need sorting
    flags_unsorted = False
    first = True
    while todo:
        for x in todo:
            flag = flags.get(x) if first else None
            stakes = stakes_by_card.get(x)
            if stakes is None:
                if flag is None:
                    continue  # §4.2: unflagged, 0 = 0, nothing happens
                stakes = {}
            # the card rule (card_rule.py, §4.2, D7) inline: it runs for every
            # exposed card of every round
            red = green = 0
            for p, amount in stakes.items():
                if team_of[p] == RED:
                    red += amount
                else:
                    green += amount
            if flag is None:
                if red == green:
                    continue  # stays unflagged; every bid stays
                team = RED if red > green else GREEN
                claim = False
            else:
                holder = flag[0]  # a tie keeps the flag; a flag held two rounds claims
                claim = red >= green if holder == RED else green >= red
                team = holder if claim else OTHER[holder]
            total = red if team == RED else green
            # the other team's bids return to free chips at once (§4.2, D11); the
            # claiming team's are paid, a flagging team's stay on the card
            leader: str | None = None
            top, tied = 0, False
            for p, amount in stakes.items():
                if team_of[p] == team:
                    if not claim:
                        continue
                    if leader is None or amount > top:
                        leader, top, tied = p, amount, False
                    elif amount == top:
                        tied = True
                    if emit:
                        paid.setdefault(p, {})[x] = amount
                else:
                    chips[p] += amount
                    if emit:
                        back = returned.setdefault(p, {})
                        back[x] = amount
                        if not first and len(back) > 1:
                            resort.add(p)
                mine = bids[p]
                if mine is old_bids[p]:
                    mine = bids[p] = mine.copy()
                del mine[x]
            if claim:
                controller = None if tied else leader  # the strictly highest bid (§4.2)
                del flags[x]
                if claims is state.claims:
                    claims = claims.copy()
                claims[x] = _new_claim(Claim, (team, total, r, controller))
                claimed_now.append(x)
                if emit:
                    claimed_shown.append(
                        {"letter": x, "card": layout[x], "team": team, "paid": total}
                    )
                    for p in state.teams[team]:
                        control.setdefault(p, {})[x] = p == controller
            else:
                flags[x] = (team, total)
                if emit:
                    if not first and flagged_now and flagged_now[-1]["letter"] > x:
                        flags_unsorted = True
                    flagged_now.append(
                        {"letter": x, "card": layout[x], "team": team, "total": total}
                    )
        if not first or not claimed_now:
            break
        first = False
        after = before.difference(claimed_now)
        now = exposure(after)
        todo = newly_exposed(before, after)
    fresh_exposed = todo if not first else ()
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
                known = known.copy()
            merged = known[p].copy()
            merged.update(identity)
            merged.update({x: c for c, x in location.items()})
            known[p] = in_letter_order(merged)
        delivered[p] = (bought, identity, location)
    events: list[dict] = []
    if emit:
        if flags_unsorted:
            flagged_now.sort(key=_letter)
        # §4.1.5 reveal: the cards hidden before and not hidden now
        revealed = [{"letter": x, "card": layout[x]} for x in newly_revealed(before, after)]
        events.append(
            {
                "audience": "public",
                "type": "round_resolved",
                "round": r,
                "claimed": claimed_shown,
                "flagged": flagged_now,
                "newly_exposed": list(fresh_exposed),
                "revealed": revealed,
            }
        )
        for p in players:
            # the dicts built above belong to this event alone; bids are in letter order
            got = returned.get(p)
            if got is None:
                got = {}
            elif p in resort:
                got = in_letter_order(got)
            bought_info = delivered.get(p)
            if bought_info is None:
                bought, identity, location = 0, {}, {}
            else:
                bought, identity, location = bought_info
            events.append(
                {
                    "audience": [p],
                    "type": "round_private",
                    "round": r,
                    "returned": got,
                    "paid": paid.get(p) or {},
                    "control": control.get(p) or {},
                    "chips_bought": bought,
                    "identity": identity,
                    "location": location,
                    "chips": chips[p],
                    "bids": bids[p].copy(),
                }
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
            events.append(
                {"audience": "public", "type": "game_over", **{k: shown[k] for k in GAME_OVER_KEYS}}
            )
        phase = CHOOSE_EC if final["voters"] else OVER
    # built directly rather than with dataclasses.replace, and by position (the
    # fields' order in state.py; a keyword call costs 0.6 µs more): the hot path
    new = MvpState(
        state.config,  # config
        players,  # players
        state.index,  # index
        team_of,  # team_of
        state.teams,  # teams
        layout,  # layout
        state.where,  # where
        phase,  # phase
        r + 1 if reason is None else r,  # round
        state.rounds_played + 1,  # rounds_played
        after,  # remaining
        now,  # exposure
        flags,  # flags
        claims,  # claims
        chips,  # chips
        bids,  # bids
        garnets,  # garnets
        spent,  # garnets_spent
        known,  # known
        final,  # final
    )
    return new, events


#: a claim built as the tuple it is, without the named tuple's Python-level ``__new__``
_new_claim = tuple.__new__


def _letter(entry: dict) -> str:
    return entry["letter"]  # letter order is the letters' string order (pattern.py)


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
